//! A grid as an ISS string sizes it (`Shape`, value ranges, `RegionSize`), its cells outside the
//! grid (`Var`, a doppelganger's hidden cells), and cells named as ISS names them (`R1C1`, `VX12`).

use super::super::geometry::sizes_words;
use super::super::Geometry;
use super::kinds::Item;
use crate::problems::InputError;

/// A grid of a size read here: its side N and its geometry.
#[derive(Clone, Copy)]
pub(super) struct Size {
    pub(super) size: usize,
    pub(super) geo: Geometry,
    /// The values are 0 to N-1 (`.Shape~9x9~0-8`): digit `d` is written `d - 1`.
    pub(super) zero: bool,
    /// `.Shape~9x9~0-8~Raw`: no rule on rows, columns or boxes ([`Rules::raw`]).
    pub(super) raw: bool,
    /// The cells outside the grid the string declares (`Var`).
    pub(super) vars: Vars,
    /// Where a doppelganger's hidden cells are named by other constraints (`.Whisper~4~DGC2~DGC3`):
    /// the first of them among the cells outside the grid, after the `Var` cells (the rows' N, the
    /// columns' N, the boxes' N).
    pub(super) hidden: Option<usize>,
}

/// The most groups of cells outside the grid (`.Var~X~~27`) a string may declare, and the most
/// cells, the grid's and those outside it, in all (ISS's own bound, its `MAX_SEARCH_CELLS`).
pub(super) const VAR_GROUPS: usize = 8;
pub(super) const MAX_CELLS: usize = 1_000;

/// ISS's `Var` groups: cells outside the grid, `V` then the group's letters then the cell's number
/// from 1 (`VX12`; a group of one cell is `VX`), numbered here from N² on, the groups in the order
/// of their letters as ISS numbers them ([`Geometry::with_extra`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Vars {
    /// Each group's letters (upper-case, NUL-padded) and cell count.
    groups: [([u8; 4], u16); VAR_GROUPS],
    len: usize,
}

impl Vars {
    /// The `.Var~PREFIX~LABEL~COUNT` items of a string on a grid of `grid` cells, or why they
    /// cannot be read.
    pub(super) fn read(items: &[Item], grid: usize) -> Result<Vars, InputError> {
        let mut v = Vars::default();
        for (_, args) in items.iter().filter(|(k, _)| *k == "Var") {
            let prefix = args.first().map(|a| a.trim()).unwrap_or("");
            let count = match args.get(2).map(|a| a.trim()) {
                None | Some("") => 1,
                Some(t) => t.parse::<usize>().map_err(|_| {
                    InputError::new(format!(
                        "ISS `Var~{}`: `{t}` is not a number of cells",
                        args.join("~")
                    ))
                })?,
            };
            if prefix.is_empty()
                || prefix.len() > 4
                || !prefix.bytes().all(|b| b.is_ascii_uppercase())
            {
                return Err(InputError::new(format!(
                    "ISS `Var~{}`: a group of cells outside the grid is named by 1 to 4 \
                     upper-case letters",
                    args.join("~")
                )));
            }
            let mut name = [0u8; 4];
            name[..prefix.len()].copy_from_slice(prefix.as_bytes());
            if v.groups[..v.len].iter().any(|(n, _)| *n == name) {
                return Err(InputError::new(format!(
                    "ISS `Var~{prefix}` is declared twice"
                )));
            }
            // Bounded before it is added (a count of 2^64 - 1 must not wrap).
            if v.len == VAR_GROUPS || count == 0 || count > MAX_CELLS - grid - v.count() {
                return Err(InputError::new(format!(
                    "ISS `Var`: at most {VAR_GROUPS} groups of at least 1 cell, and {MAX_CELLS} \
                     cells in all, the grid's {grid} and those outside it"
                )));
            }
            v.groups[v.len] = (name, count as u16);
            v.len += 1;
        }
        // Numbered as ISS numbers them: the groups in the order of their letters.
        v.groups[..v.len].sort_unstable_by_key(|&(name, _)| name);
        Ok(v)
    }

    /// Where cell `k` (from 0, among those outside the grid) stands as ISS lays its group out: in
    /// rows of the grid's `cols` cells, one group under another. `(group, row, column, cells in
    /// the group)`.
    pub(super) fn place(&self, k: usize, cols: usize) -> (usize, usize, usize, usize) {
        let mut first = 0;
        for (g, &(_, n)) in self.groups[..self.len].iter().enumerate() {
            let n = usize::from(n);
            if k < first + n {
                let j = k - first;
                return (g, j / cols, j % cols, n);
            }
            first += n;
        }
        unreachable!("cell {k} is past the cells outside the grid")
    }

    /// ISS's name of cell `k` (from 0) outside the grid: `VX12`, or `VX` for a group of one.
    pub(super) fn name_of(&self, k: usize) -> String {
        let mut first = 0;
        for &(name, n) in &self.groups[..self.len] {
            let n = usize::from(n);
            if k < first + n {
                let letters: String = name
                    .iter()
                    .take_while(|&&b| b != 0)
                    .map(|&b| char::from(b))
                    .collect();
                return match n {
                    1 => format!("V{letters}"),
                    _ => format!("V{letters}{}", k - first + 1),
                };
            }
            first += n;
        }
        unreachable!("cell {k} is past the cells outside the grid")
    }

    /// How many cells outside the grid.
    pub(super) fn count(&self) -> usize {
        self.groups[..self.len]
            .iter()
            .map(|&(_, k)| usize::from(k))
            .sum()
    }

    /// The number (from 0) of the cell outside the grid that `id` names (`VX12`, `VX`), if any:
    /// `Some(Err)` for a name of that form that no group declares.
    pub(super) fn find(&self, id: &str) -> Option<Result<usize, String>> {
        let rest = id.strip_prefix('V')?;
        let letters = rest.bytes().take_while(u8::is_ascii_uppercase).count();
        let digits = &rest[letters..];
        if letters == 0 || letters > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut name = [0u8; 4];
        name[..letters].copy_from_slice(&rest.as_bytes()[..letters]);
        let mut first = 0;
        for &(n, k) in &self.groups[..self.len] {
            let k = usize::from(k);
            if n == name {
                // A group of one is `VX` (or `VX1`); of more, `VX1` to `VXk`.
                let i = match digits.parse::<usize>() {
                    Err(_) if k == 1 => 1,
                    Ok(i) => i,
                    Err(_) => 0,
                };
                return Some(if (1..=k).contains(&i) {
                    Ok(first + i - 1)
                } else {
                    Err(format!(
                        "`{id}` is not one of the {k} cells `Var~{}` declares",
                        &rest[..letters]
                    ))
                });
            }
            first += k;
        }
        Some(Err(format!(
            "`{id}` names a cell outside the grid, which no `Var` declares"
        )))
    }
}

impl Size {
    pub(super) fn of(size: usize) -> Option<Size> {
        Geometry::of_size(size).ok().map(|geo| Size {
            size,
            geo,
            zero: false,
            raw: false,
            vars: Vars::default(),
            hidden: None,
        })
    }

    /// The digit (from 1) of a value as the puzzle writes it, or `None` outside the values.
    pub(super) fn digit(self, v: &str) -> Option<u8> {
        let lo = usize::from(!self.zero);
        let v = v.parse::<usize>().ok()?;
        (lo..self.size + lo)
            .contains(&v)
            .then(|| (v + 1 - lo) as u8)
    }

    /// "1-9" or "0-8": the values, for messages.
    pub(super) fn values(self) -> String {
        let lo = usize::from(!self.zero);
        format!("{lo}-{}", self.size + lo - 1)
    }

    /// Where cell `x` (from 0, among those outside the grid) stands as ISS lays its group out:
    /// `(group, row, column, the group's width, its cells)`. A `Var` group in rows of the grid's
    /// width; a doppelganger's hidden cells (after the `Var` cells) in three groups, the rows' and
    /// the columns' each in a row of N, the boxes' in rows of a box's width.
    pub(super) fn outside_place(self, x: usize) -> (usize, usize, usize, usize, usize) {
        let vars = self.vars.count();
        if x < vars {
            let cols = self.geo.cols();
            let (g, r, c, count) = self.vars.place(x, cols);
            return (g, r, c, cols, count);
        }
        let n = self.geo.rows();
        let (kind, h) = ((x - vars) / n, (x - vars) % n);
        let cols = if kind == 2 {
            self.geo.boxes().map_or(n, |(_, w)| w)
        } else {
            n
        };
        (VAR_GROUPS + kind, h / cols, h % cols, cols, n)
    }

    /// Each cell outside the grid's place under it, [row from 0, column] ([`Rules::outside_at`]):
    /// the groups of [`Size::outside_place`] one under another, a row between two.
    pub(super) fn outside_at(self) -> Vec<[u16; 2]> {
        let mut out = Vec::new();
        let (mut top, mut group, mut rows) = (0usize, usize::MAX, 0usize);
        for x in 0..self.geo.extra() {
            let (g, r, c, _, _) = self.outside_place(x);
            if g != group {
                if group != usize::MAX {
                    top += rows + 1;
                }
                (group, rows) = (g, 0);
            }
            rows = rows.max(r + 1);
            out.push([(top + r) as u16, c as u16]);
        }
        out
    }

    /// Whether cells `p` and `q` are orthogonal neighbours: in the grid, or in one group of cells
    /// outside it as ISS lays the group out ([`Size::outside_place`]).
    pub(super) fn adjacent(self, p: usize, q: usize) -> bool {
        let n = self.geo.cells();
        match (p.checked_sub(n), q.checked_sub(n)) {
            (None, None) => {
                let (a, b) = (p.min(q), p.max(q));
                (a / self.size == b / self.size && b - a == 1) || b - a == self.size
            }
            (Some(x), Some(y)) => {
                let (g, r, c, _, _) = self.outside_place(x);
                let (h, s, d, _, _) = self.outside_place(y);
                g == h && ((r == s && c.abs_diff(d) == 1) || (c == d && r.abs_diff(s) == 1))
            }
            _ => false,
        }
    }

    /// The 2x2 cells from `p` (its top left), if it has a cell to its right and one below: in the
    /// grid, or in a group of cells outside it ([`Size::outside_place`]).
    pub(super) fn square_from(self, p: usize) -> Option<[usize; 4]> {
        let n = self.geo.cells();
        match p.checked_sub(n) {
            None => (p % self.size + 1 < self.geo.cols() && p / self.size + 1 < self.geo.rows())
                .then(|| [p, p + 1, p + self.size, p + self.size + 1]),
            Some(x) => {
                let (_, r, c, cols, count) = self.outside_place(x);
                let j = r * cols + c;
                (c + 1 < cols && j + cols + 1 < count).then(|| [p, p + 1, p + cols, p + cols + 1])
            }
        }
    }

    /// The side of its boxes where they are square (ISS lays windoku's windows out on them).
    pub(super) fn square_side(self) -> Option<usize> {
        self.geo.boxes().filter(|(r, c)| r == c).map(|(r, _)| r)
    }
}

/// `R1C1` (ISS's: one character each for row and column, `1`-`9` then `a`-`g`, either case).
pub(super) fn cell(id: &str, sz: Size, what: &str) -> Result<usize, InputError> {
    let b = id.as_bytes();
    let digit = |c: u8| match c {
        b'1'..=b'9' => Some(usize::from(c - b'0')),
        b'a'..=b'g' => Some(usize::from(c - b'a') + 10),
        b'A'..=b'G' => Some(usize::from(c - b'A') + 10),
        _ => None,
    };
    let id_char = |n: usize| {
        if n > 9 {
            char::from(b'a' + (n - 10) as u8).to_string()
        } else {
            n.to_string()
        }
    };
    let bad = || {
        let (rows, cols) = (sz.geo.rows(), sz.geo.cols());
        InputError::new(format!(
            "{what}: `{id}` is not a cell of a {rows}x{cols} grid (ISS names cells R1C1 to \
             R{}C{}, one character each for row and column)",
            id_char(rows),
            id_char(cols)
        ))
    };
    if id.is_empty() {
        return Err(InputError::new(format!(
            "{what}: a cell is missing where one is expected (`R1C1`)"
        )));
    }
    if let Some(found) = sz.vars.find(id) {
        return found
            .map(|k| sz.geo.cells() + k)
            .map_err(|e| InputError::new(format!("{what}: {e}")));
    }
    if let (Some(base), Some(rest)) = (sz.hidden, id.strip_prefix("DG")) {
        // `DGC3`: row 3's hidden cell; `DGR2`: column 2's; `DGB5`: box 5's.
        let kind = match rest.bytes().next() {
            Some(b'C') => Some(0),
            Some(b'R') => Some(1),
            Some(b'B') => Some(2),
            _ => None,
        };
        let house = rest.get(1..).and_then(|h| h.parse::<usize>().ok());
        return match (kind, house) {
            (Some(kind), Some(h)) if (1..=sz.geo.rows()).contains(&h) => {
                Ok(base + kind * sz.geo.rows() + h - 1)
            }
            _ => Err(InputError::new(format!(
                "{what}: `{id}` is not a doppelganger's hidden cell (`DGC3` of row 3, `DGR2` of \
                 column 2, `DGB5` of box 5)"
            ))),
        };
    }
    if id.starts_with("DG") {
        return Err(InputError::new(format!(
            "{what}: `{id}` is a doppelganger's hidden cell, which only a given (`.~DGR7_4`) may \
             name here: rules through hidden cells are not supported"
        )));
    }
    if b.len() != 4 || !matches!(b[0], b'R' | b'r') || !matches!(b[2], b'C' | b'c') {
        return Err(bad());
    }
    match (digit(b[1]), digit(b[3])) {
        (Some(r), Some(c)) if r <= sz.geo.rows() && c <= sz.geo.cols() => {
            Ok((r - 1) * sz.size + c - 1)
        }
        _ => Err(bad()),
    }
}

pub(super) fn cells(args: &[&str], sz: Size, what: &str) -> Result<Vec<usize>, InputError> {
    if args.is_empty() {
        return Err(InputError::new(format!("{what} has no cell")));
    }
    args.iter().map(|a| cell(a, sz, what)).collect()
}

/// `.Shape~9x9`, `.Shape~9x9~9`, `.Shape~9x9~1-9`, `.Shape~9x9~0-8`: the grid's size and values,
/// or why they are not read here.
pub(super) fn shape(args: &[&str], region: Option<usize>) -> Result<Size, InputError> {
    let spec = args.join("~");
    let refuse = |why: &str| {
        Err(InputError::new(format!(
            "ISS shape `{spec}` is not supported: {why}"
        )))
    };
    let Some(dims) = args.first() else {
        return refuse("no size");
    };
    let Some((r, c)) = dims.split_once('x') else {
        return refuse("expected rows x columns, such as 9x9");
    };
    let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) else {
        return refuse("expected rows x columns, such as 9x9");
    };
    // A cell's row and column are one character each, `1` to `g`: no ISS string names row 17.
    if r > 16 || c > 16 {
        return refuse("ISS grids have at most 16 rows and 16 columns (cells R1C1 to RgCg)");
    }
    // ISS: V values, r.max(c) unless given: a number (`~9`, values 1 to 9) or a range starting at
    // 1 or 0 (`~0-8`).
    let longer = r.max(c);
    // `Raw` may also stand where the values would (`.Shape~4x4~Raw`: 4 values).
    let (args, raw_first): (Vec<&str>, bool) = match args.get(1).map(|a| a.trim()) {
        Some("Raw") => match args.get(2) {
            Some(other) => return refuse(&format!("`{}` after `Raw`", other.trim())),
            None => (vec![args[0]], true),
        },
        _ => (args.to_vec(), false),
    };
    let (values, zero) = match args.get(1) {
        None => (longer, false),
        Some(v) => {
            let range = match v.split_once('-') {
                None => v.parse::<usize>().ok().map(|n| (1, n)),
                Some((a, b)) => a.parse::<usize>().ok().zip(b.parse::<usize>().ok()),
            };
            match range {
                Some((lo @ (0 | 1), hi)) if hi + 1 > lo => (hi + 1 - lo, lo == 0),
                _ => {
                    return refuse(&format!(
                        "values `{v}`: expected a count (`9`) or a range from 1 or 0 (`1-9`, `0-8`)"
                    ))
                }
            }
        }
    };
    if r == c && r == values && Size::of(r).is_none() {
        return refuse(&format!("Sudokus here are {}", sizes_words()));
    }
    // ISS's `Raw` drops Sudoku's own rules: its rows and columns may repeat values
    // ([`Rules::raw`]); any other word would be a rule not known here.
    let raw = match args.get(2).map(|a| a.trim()) {
        None => raw_first,
        Some("Raw") => true,
        Some(other) => return refuse(&format!("`{other}` after the values")),
    };
    if let Some(other) = args.get(3) {
        return refuse(&format!("`{}` after `Raw`", other.trim()));
    }
    match Geometry::shaped(r, c, values, region) {
        Ok(geo) => Ok(Size {
            size: values,
            geo,
            zero,
            raw,
            vars: Vars::default(),
            hidden: None,
        }),
        Err(e) => refuse(&e.message),
    }
}
