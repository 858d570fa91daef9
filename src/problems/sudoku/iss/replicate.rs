//! ISS's `Replicate` blocks (`.Replicate~<cells>[~<origin>]` … `.End`): the items inside written
//! out again, moved to each cell the block names, before anything else is read.
//!
//! The block's first argument is a set of cells as a bit set in URL-safe base64 (`A`-`Z`, `a`-`z`,
//! `0`-`9`, `-`, `_`: 0 to 63), lowest bit first: bit `k` names the cell `k` places after the
//! origin in reading order (row by row over the grid's columns), so `H` (bits 0, 1, 2) is the
//! origin and the two cells to its right, and `_____________H` (81 bits) every cell of a 9x9. The
//! origin is the second argument, `R1C1` when there is none. For each cell named, every item of
//! the block is written out with each of its cells moved by the row and column from the origin to
//! that cell, a translation only: no turn, no mirror. The origin itself gets a copy only when its
//! bit 0 is set. Blocks nest: an inner block's origin moves with the outer block's items.

use super::kinds::{base64_digit, Item};
use super::{cell, Size, MAX_NESTING};
use crate::problems::InputError;

/// An item written out by a block, owning its text.
pub(super) type Owned = (String, Vec<String>);

/// The items written out, and each one's place in the string (from 1).
pub(super) type Written = (Vec<Owned>, Vec<usize>);

/// The string's items with every `Replicate` block written out, each with its place in the string
/// (from 1: a copy has its template's, by which messages name it), or `None` when it has none (the
/// items stand as they are).
pub(super) fn expand(items: &[Item], sz: Size) -> Result<Option<Written>, InputError> {
    if !items.iter().any(|(k, _)| *k == "Replicate") {
        return Ok(None);
    }
    let mut w = Writer {
        items,
        sz,
        out: Vec::new(),
        at: Vec::new(),
        copies: 0,
    };
    let mut i = 0;
    w.walk(&mut i, (0, 0), 0, false, false)?;
    Ok(Some((w.out, w.at)))
}

/// The most items the blocks may write out, and the most copies they may make (a block of no
/// items inside blocks makes copies of nothing): more than the longest text read
/// ([`super::MAX_TEXT`]) holds written by hand (a given is 8 characters), and a block over every
/// cell of a 16x16 holding dozens of items; a hostile nest of blocks (each multiplying the next)
/// stops here.
const MAX_ITEMS: usize = 20_000;

/// The blocks being written out.
struct Writer<'a, 'b> {
    items: &'a [Item<'b>],
    sz: Size,
    out: Vec<Owned>,
    /// Each written item's place in the string, from 1.
    at: Vec<usize>,
    copies: usize,
}

impl Writer<'_, '_> {
    /// Writes out `items[*i..]` moved by `shift` (rows, columns), up to the `End` that closes the
    /// block being written (`inside`), or to the end. `composite`: within an `Or` or an `And`,
    /// where a block is one side as a whole (ISS's `Replicate` is one child of its parent), so its
    /// copies go in an `And` of their own.
    fn walk(
        &mut self,
        i: &mut usize,
        shift: (isize, isize),
        depth: usize,
        inside: bool,
        composite: bool,
    ) -> Result<(), InputError> {
        let (items, sz) = (self.items, self.sz);
        // The `Or` and `And` blocks opened here and not yet closed: an `End` closes them first.
        let mut open = 0usize;
        while let Some((kind, args)) = items.get(*i) {
            *i += 1;
            match *kind {
                "Replicate" => {
                    if depth >= MAX_NESTING {
                        return Err(InputError::new(format!(
                            "`Replicate` blocks nest more than {MAX_NESTING} deep"
                        )));
                    }
                    let at = *i;
                    let what = format!("constraint {at} (`Replicate`)");
                    let end = closing_end(items, at).ok_or_else(|| {
                        InputError::new(format!("{what} is not closed by an `End`"))
                    })?;
                    let origin = match args.get(1).map(|a| a.trim()) {
                        Some(o) if !o.is_empty() => o,
                        _ => "R1C1",
                    };
                    let (r0, c0) = row_col(cell(origin, sz, &what)?, sz);
                    let (r, c) = moved((r0, c0), shift, sz)
                        .ok_or_else(|| off_grid(&what, origin, shift, sz))?;
                    let from = r * sz.geo.cols() + c;
                    let wrap = composite || open > 0;
                    if wrap {
                        self.push("And", Vec::new(), at);
                    }
                    for k in offsets(args.first().copied().unwrap_or(""), &what)? {
                        let t = from + k;
                        let (tr, tc) = (t / sz.geo.cols(), t % sz.geo.cols());
                        if t >= laid_out(sz) {
                            return Err(InputError::new(format!(
                                "{what}: its cell {} (bit {k}) is past the grid's last cell",
                                k + 1
                            )));
                        }
                        self.copies += 1;
                        if self.out.len() > MAX_ITEMS || self.copies > MAX_ITEMS {
                            return Err(InputError::new(format!(
                                "the `Replicate` blocks write out more than {MAX_ITEMS} \
                                 constraints or copies"
                            )));
                        }
                        // The items are written for the origin as given: the move is to the
                        // target from there, the outer blocks' moves included.
                        let to = (tr as isize - r0 as isize, tc as isize - c0 as isize);
                        let mut j = at;
                        self.walk(&mut j, to, depth + 1, true, wrap)?;
                    }
                    if wrap {
                        self.push("End", Vec::new(), end + 1);
                    }
                    *i = end + 1;
                }
                "Or" | "And" => {
                    open += 1;
                    self.push(kind, Vec::new(), *i);
                }
                "End" if open > 0 => {
                    open -= 1;
                    self.push(kind, Vec::new(), *i);
                }
                "End" if inside => return Ok(()),
                _ => {
                    let what = format!("constraint {} (`{kind}`)", *i);
                    // An automaton's or a pattern's code and an automaton's name come first.
                    let coded = match *kind {
                        "NFA" => 2,
                        "Regex" => 1,
                        _ => 0,
                    };
                    let args = args
                        .iter()
                        .enumerate()
                        .map(|(n, a)| match n < coded {
                            true => Ok(a.to_string()),
                            false => move_arg(a, shift, sz, &what),
                        })
                        .collect::<Result<Vec<String>, InputError>>()?;
                    self.push(kind, args, *i);
                }
            }
        }
        Ok(())
    }

    fn push(&mut self, kind: &str, args: Vec<String>, at: usize) {
        self.out.push((kind.to_string(), args));
        self.at.push(at);
    }
}

/// The index of the `End` that closes the block whose items start at `from`.
fn closing_end(items: &[Item], from: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (j, (kind, _)) in items.iter().enumerate().skip(from) {
        match *kind {
            "Or" | "And" | "Replicate" => depth += 1,
            "End" if depth == 0 => return Some(j),
            "End" => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The bits set in a block's cell set, from 0.
fn offsets(coded: &str, what: &str) -> Result<Vec<usize>, InputError> {
    let mut bits = Vec::new();
    for (n, ch) in coded.trim().bytes().enumerate() {
        let v = base64_digit(ch).ok_or_else(|| {
            InputError::new(format!(
                "{what}: `{coded}` is not a set of cells (ISS writes it in base64: A-Z, a-z, 0-9, \
                 - and _)"
            ))
        })?;
        bits.extend((0..6).filter(|b| v >> b & 1 == 1).map(|b| n * 6 + b));
    }
    Ok(bits)
}

/// How many cells ISS numbers in rows of the grid's width, as a block's bits count them from its
/// origin: the grid's, then the `Var` cells, which go on below its last row in the order they are
/// numbered (a doppelganger's hidden cells are not among them: a block does not reach them).
fn laid_out(sz: Size) -> usize {
    sz.geo.rows() * sz.geo.cols() + sz.vars.count()
}

/// A cell's row and column, from 0, as ISS lays the cells out ([`laid_out`]).
fn row_col(p: usize, sz: Size) -> (usize, usize) {
    match p.checked_sub(sz.geo.cells()) {
        None => (p / sz.size, p % sz.size),
        Some(k) => {
            let at = sz.geo.rows() * sz.geo.cols() + k;
            (at / sz.geo.cols(), at % sz.geo.cols())
        }
    }
}

/// A row and column moved by `shift`, if still on a cell ([`laid_out`]).
fn moved((r, c): (usize, usize), shift: (isize, isize), sz: Size) -> Option<(usize, usize)> {
    let r = r.checked_add_signed(shift.0)?;
    let c = c.checked_add_signed(shift.1)?;
    (c < sz.geo.cols() && r * sz.geo.cols() + c < laid_out(sz)).then_some((r, c))
}

/// ISS's name of the cell at a row and column ([`laid_out`]): `R1C1`, or `VX12` below the grid.
fn cell_id((r, c): (usize, usize), sz: Size) -> String {
    let at = r * sz.geo.cols() + c;
    match at.checked_sub(sz.geo.rows() * sz.geo.cols()) {
        None => format!("R{}C{}", id_char(r), id_char(c)),
        Some(k) => sz.vars.name_of(k),
    }
}

fn off_grid(what: &str, id: &str, (dr, dc): (isize, isize), sz: Size) -> InputError {
    let steps = |n: isize, one: &str, ways: [&str; 2]| {
        let way = ways[usize::from(n < 0)];
        match n.unsigned_abs() {
            0 => None,
            1 => Some(format!("1 {one} {way}")),
            k => Some(format!("{k} {one}s {way}")),
        }
    };
    let moves: Vec<String> = [
        steps(dr, "row", ["down", "up"]),
        steps(dc, "column", ["right", "left"]),
    ]
    .into_iter()
    .flatten()
    .collect();
    InputError::new(format!(
        "{what}: {id}, moved {} by a `Replicate` block, is off the {}x{} grid",
        moves.join(" and "),
        sz.geo.rows(),
        sz.geo.cols()
    ))
}

/// ISS's name of a row or column from 0: `1`-`9`, then `a`-`g`.
fn id_char(n: usize) -> char {
    if n < 9 {
        char::from(b'1' + n as u8)
    } else {
        char::from(b'a' + (n - 9) as u8)
    }
}

/// An argument moved by `shift`: a cell (`R2C3`), or a given's cell (`R2C3_5`); anything else
/// (a sum, a coded automaton, a cell off the grid such as `VX1`) as it is.
fn move_arg(arg: &str, shift: (isize, isize), sz: Size, what: &str) -> Result<String, InputError> {
    let (id, rest) = match arg.split_once('_') {
        Some((id, rest)) => (id, Some(rest)),
        None => (arg, None),
    };
    // A region cell (`CC19`) is named by its number in reading order: not moved here, and not
    // left where it was either.
    if shift != (0, 0) && super::chaos::is_region_cell(id) {
        return Err(InputError::new(format!(
            "{what}: region cells (`{id}`) in a `Replicate` block are not supported"
        )));
    }
    // A cell outside the grid (`VX1`) moves as ISS lays it out, below the grid ([`laid_out`]).
    if shift == (0, 0) || !(looks_like_cell(id) || sz.vars.find(id).is_some()) {
        return Ok(arg.to_string());
    }
    let rc = row_col(cell(id, sz, what)?, sz);
    let (r, c) = moved(rc, shift, sz).ok_or_else(|| off_grid(what, id, shift, sz))?;
    let mut moved = cell_id((r, c), sz);
    if let Some(rest) = rest {
        moved.push('_');
        moved.push_str(rest);
    }
    Ok(moved)
}

/// `R` or `r`, a row character, `C` or `c`, a column character: ISS's cell names, and nothing
/// else its items hold (sums and counts are numbers; coded automata are longer).
fn looks_like_cell(id: &str) -> bool {
    let b = id.as_bytes();
    let rc = |c: u8| matches!(c, b'1'..=b'9' | b'a'..=b'g' | b'A'..=b'G');
    b.len() == 4
        && matches!(b[0], b'R' | b'r')
        && matches!(b[2], b'C' | b'c')
        && rc(b[1])
        && rc(b[3])
}

#[cfg(test)]
mod tests {
    use crate::problems::sudoku::Sudoku;

    /// The rules and givens a string reads to.
    fn read(text: &str) -> (String, String) {
        let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        (format!("{:?}", s.rules()), format!("{:?}", s.grid()))
    }

    fn refused(text: &str) -> String {
        Sudoku::parse(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| panic!("{text}: read"))
    }

    /// Each string is refused with a message holding its words.
    fn refused_with(cases: &[(&str, &str)]) {
        for (text, says) in cases {
            let e = refused(text);
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn a_block_reads_as_its_items_written_out_at_each_cell_it_names() {
        for (block, by_hand) in [
            // BIAB: bits 0, 9 and 18, the origin and the two cells below it on a 9x9.
            (
                ".Replicate~BIAB.Thermo~R1C1~R1C2.End",
                ".Thermo~R1C1~R1C2.Thermo~R2C1~R2C2.Thermo~R3C1~R3C2",
            ),
            // The origin given, and not named itself (bit 1 only: the cell to its right).
            (
                ".Replicate~C~R5C5.Thermo~R5C5~R6C5.End",
                ".Thermo~R5C6~R6C6",
            ),
            // Givens and candidates move with their cells; numbers stay.
            (
                ".Replicate~H.~R2C1_1_2.Cage~10~R1C1~R1C2.End",
                ".~R2C1_1_2~R2C2_1_2~R2C3_1_2.Cage~10~R1C1~R1C2.Cage~10~R1C2~R1C3\
                 .Cage~10~R1C3~R1C4",
            ),
            // Nested: the inner block's origin moves with the outer block's items.
            (
                ".Replicate~BIAB.Replicate~F.Thermo~R1C1~R1C2.End.End",
                ".Thermo~R1C1~R1C2.Thermo~R1C3~R1C4.Thermo~R2C1~R2C2.Thermo~R2C3~R2C4\
                 .Thermo~R3C1~R3C2.Thermo~R3C3~R3C4",
            ),
            // An `Or` inside is written out as a whole each time.
            (
                ".Replicate~BIAB.Or.~R1C1_1.~R1C2_1.End.End",
                ".Or.~R1C1_1.~R1C2_1.End.Or.~R2C1_1.~R2C2_1.End.Or.~R3C1_1.~R3C2_1.End",
            ),
            // On a 6x6 of 9 values, offsets run over its 6 columns, not its 9 values: bit 6 is r2c1.
            (
                ".Shape~6x6~9.Replicate~BB.Thermo~R1C1~R1C2.End",
                ".Shape~6x6~9.Thermo~R1C1~R1C2.Thermo~R2C1~R2C2",
            ),
            // Inside an `Or` a block is one side as a whole (ISS's `Replicate` is one child of the
            // `Or`): its copies all hold, or the other side does.
            (
                ".Or.Replicate~D.~R1C1_1.End.~R1C1_2.End",
                ".Or.And.~R1C1_1.~R1C2_1.End.~R1C1_2.End",
            ),
        ] {
            assert_eq!(read(block), read(by_hand), "{block}");
        }
    }

    #[test]
    fn a_block_that_cannot_be_written_out_says_why() {
        refused_with(&[
            (
                ".Replicate~BIAB~R8C1.Thermo~R8C1~R9C1.End",
                "constraint 2 (`Thermo`): R9C1, moved 1 row down by a `Replicate` block, is off \
                 the 9x9 grid",
            ),
            (
                ".Replicate~B*.Thermo~R1C1~R1C2.End",
                "`B*` is not a set of cells",
            ),
            (
                ".Replicate~B.Thermo~R1C1~R1C2",
                "constraint 1 (`Replicate`) is not closed by an `End`",
            ),
            (
                ".Replicate~AAAAAAAAAAAAAAB.Thermo~R1C1~R1C2.End",
                "its cell 85 (bit 84) is past the grid's last cell",
            ),
            (
                ".Var~X~X~2.Replicate~H~VX1.~VX1_1.End",
                "its cell 3 (bit 2) is past the grid's last cell",
            ),
        ]);
        // Blocks nested 16 deep, each naming two cells (the next column, then the next row), so
        // that no copy leaves the grid: 65,536 copies of 4 items stop at the limit, quickly.
        let bomb = format!(
            "{}{}{}{}",
            ".Replicate~D".repeat(8),
            ".Replicate~BI".repeat(8),
            ".~R1C1_1_2".repeat(4),
            ".End".repeat(16)
        );
        assert!(refused(&bomb).contains("write out more than"), "{bomb}");
        // Blocks of nothing, nested 16 deep, each naming 6 cells: 6^16 copies of nothing, stopped
        // by counting the copies (counting the items written, this read for hours).
        let empty = format!(
            ".~R1C1_1~R1C2_1{}{}",
            ".Replicate~_".repeat(16),
            ".End".repeat(16)
        );
        assert!(refused(&empty).contains("write out more than"), "{empty}");
        // A written-out item is named by its template's place in the string, and an item after
        // a block by its own.
        refused_with(&[
            (
                ".Replicate~_.Thermo~R1C1~R2C1.End.Cage~x~R5C5",
                "constraint 4 (`Cage`): `x` is not a sum",
            ),
            (
                ".Replicate~D.Cage~x~R1C1~R1C2.End",
                "constraint 2 (`Cage`): `x` is not a sum",
            ),
        ]);
    }
}
