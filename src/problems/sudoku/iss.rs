//! sigh's Interactive Sudoku Solver (ISS): its constraint strings, its links and the killer text
//! formats it reads, turned into the same [`Rules`] as f-puzzles' (issue 42).
//!
//! - Constraint strings: `.`-separated items, each `Kind~arg~arg…` (whitespace anywhere is
//!   dropped, as ISS drops it): givens `.~R1C1_5~R1C2_3`, `.Cage~15~R1C1~R1C2` (an empty or 0 sum:
//!   digits differ only), `.Thermo~R1C1~R1C2` (from the bulb), `.Diagonal~1` (rising, r9c1 to
//!   r1c9) and `.Diagonal~-1`, `.AntiKnight`, `.AntiKing`, `.AntiConsecutive`, `.Windoku`,
//!   `.DisjointSets`, `.Jigsaw~<layout>` (with `.NoBoxes` the regions replace the boxes; without,
//!   they are extra regions beside them), `.AllDifferent~cells`, `.Shape~9x9`. Cells are
//!   `R{row}C{col}`, one character each in base 17 (`R1Cg` is r1c16 on a 16x16), as ISS names them.
//! - Links: `https://sigh.github.io/Interactive-Sudoku-Solver/?q=<constraint string>`,
//!   percent-decoded.
//! - Killers written as text: the short format (81 characters, a cage's sum at one cell in base 36
//!   and arrows `<>^v` and diagonals pointing the other cells to it, from the forum thread
//!   "understandable snarfable killer cages") and the long one SudokuWiki and SudoCue export
//!   (`3x3:d:k:` then 81 numbers, `sum·256 + cage`; `d` for an X killer).
//!
//! Every other ISS constraint is refused by name ("ISS `Lockout` constraints are not supported"),
//! never ignored; so are grids that are not a Sudoku's size here (rectangles such as 6x8) and value
//! ranges other than 1 to N and 0 to N-1 (`.Shape~9x9~0-8`: [`Rules::zero_based`], the clues'
//! sums and products of values).

use super::clues::{
    max_either_cells, Clue, ClueKind, Counted, Regex, Relation, Side, MAX_SUM_LOOP,
};
use super::fpuzzles::Read;
use super::geometry::sizes_words;
use super::variants::{Cage, Rules};
use super::{Alphabet, Geometry, Grid, Reading, Source};
use crate::problems::InputError;

/// ISS's constraints that take no argument: a text that is one of them (`.Windoku`) and no `~` is
/// still a constraint string, where a 16x16 grid written with dots and letters (`.AB.…`) is not.
const BARE: &[&str] = &[
    "Windoku",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "AntiTaxicab",
    "NoBoxes",
    "DisjointSets",
    "StrictKropki",
    "StrictXV",
    "GlobalEntropy",
    "GlobalMod",
    "DutchFlatmates",
    "RegionSameValues",
    "ChaosConstruction",
    "Doppelganger",
    "And",
    "Or",
    "End",
];

/// The longest text read: ISS strings of 16x16 puzzles with many shapes are a few KB.
const MAX_TEXT: usize = 64_000;

/// Whether a text is meant for this reader: a constraint string, an ISS link, one of the killer
/// text formats, or ISS's pencil-mark grid.
pub fn looks_like(text: &str) -> bool {
    let t = text.trim();
    if is_link(t) {
        return true;
    }
    // Past the longest text read, a text is some other form, and is not copied whole to be asked
    // (a 40 MB paste cost the page 0.8 s here).
    if t.len() > MAX_TEXT {
        return false;
    }
    let squeezed: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    is_constraint_string(&squeezed)
        || short_killer_chars(&squeezed)
        || squeezed.starts_with("3x3:")
        || is_pencilmarks(&squeezed)
        || is_jigsaw_text(&squeezed)
}

fn is_link(t: &str) -> bool {
    // The host and path are at the start: only a head is lowered and searched.
    let lower: String = t.chars().take(200).collect::<String>().to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("sigh."))
        && lower.contains("interactive-sudoku-solver")
}

fn is_constraint_string(s: &str) -> bool {
    // (ISS skips empty items: `..Cage~…` is a constraint string too.)
    let Some(rest) = s.strip_prefix('.').map(|r| r.trim_start_matches('.')) else {
        return false;
    };
    if rest.starts_with('~') {
        return true;
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    // A kind is CamelCase (`Cage`, `X`, `Thermo`) followed by `~`, or one that takes no argument
    // followed by the next item; a 16x16 grid's letters are symbols between dots, with no `~`.
    word.starts_with(|c: char| c.is_ascii_uppercase())
        && (rest[word.len()..].starts_with('~')
            || BARE.contains(&word.as_str())
                && matches!(rest[word.len()..].chars().next(), None | Some('.')))
}

/// ISS's jigsaw as text: the N² givens (one character a cell; digits, or letters from `A` on
/// 16x16) then the N² characters of the layout, N regions of N cells.
fn is_jigsaw_text(s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    let Some(sz) = [4, 9, 16].into_iter().find(|&k| chars.len() == 2 * k * k) else {
        return false;
    };
    let layout = &chars[sz * sz..];
    let mut names: Vec<char> = layout.to_vec();
    names.sort_unstable();
    names.dedup();
    names.len() == sz
        && names
            .iter()
            .all(|&c| layout.iter().filter(|&&d| d == c).count() == sz)
}

/// The short killer format's characters, and at least one arrow (81 characters exactly).
fn short_killer_chars(s: &str) -> bool {
    s.chars().count() == 81
        && s.chars().all(|c| {
            c.is_ascii_digit()
                || c.is_ascii_uppercase()
                || ('a'..='j').contains(&c)
                || "^<v>`',.".contains(c)
        })
        && s.chars().any(|c| "^<v>`',".contains(c))
}

/// ISS's pencil-mark grid: every cell's candidates written out (N² cells of N characters, `.` for
/// a candidate ruled out).
fn is_pencilmarks(s: &str) -> bool {
    // N characters a cell, the k-th the digit k or `.`, and some digit in every cell. So a 64-
    // character line that is an 8x8 Sudoku (its own digits anywhere; 64 dots, an empty board) is
    // not taken for a 4x4's candidates, which it was (found by fuzzing a board read back).
    let n = match s.len() {
        64 => 4,
        729 => 9,
        4096 => {
            return s.bytes().all(|b| b.is_ascii_digit() || b == b'.') && s.contains('.');
        }
        _ => return false,
    };
    let b = s.as_bytes();
    // 729 characters are no other form: a cell with no candidate is read, and named.
    b.iter()
        .enumerate()
        .all(|(i, &c)| c == b'.' || c == b'1' + (i % n) as u8)
        && (n == 9 || b.chunks(n).all(|cell| cell.iter().any(|&c| c != b'.')))
}

/// Reads any of the forms above.
pub fn read(text: &str) -> Result<Read, InputError> {
    let t = text.trim();
    if t.len() > MAX_TEXT {
        return Err(InputError::new(format!(
            "the ISS puzzle is {} bytes long, more than the {MAX_TEXT} read",
            t.len()
        )));
    }
    if is_link(t) {
        let lower = t.to_ascii_lowercase();
        let Some(i) = lower.find("?q=").or_else(|| lower.find("&q=")) else {
            return Err(InputError::new(
                "an Interactive Sudoku Solver link without a puzzle: expected `?q=` and the \
                 constraint string after it",
            ));
        };
        let rest = &t[i + 3..];
        let end = rest.find(['&', '#']).unwrap_or(rest.len());
        let q = super::fpuzzles::percent_decode(&rest[..end])?;
        let squeezed: String = q.chars().filter(|c| !c.is_whitespace()).collect();
        return read_squeezed(&squeezed, Source::IssLink);
    }
    let squeezed: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    read_squeezed(&squeezed, Source::Iss)
}

fn read_squeezed(s: &str, source: Source) -> Result<Read, InputError> {
    if is_pencilmarks(s) {
        return pencilmarks(s, source);
    }
    if short_killer_chars(s) {
        return short_killer(s, source);
    }
    if s.starts_with("3x3:") {
        return long_killer(s, source);
    }
    if s.starts_with('.') && is_constraint_string(s) {
        return constraint_string(s, source);
    }
    if is_jigsaw_text(s) {
        return jigsaw_text(s, source);
    }
    Err(InputError::new(
        "not an ISS puzzle: expected a constraint string (`.~R1C1_5~…`, `.Cage~15~R1C1~R1C2`), a \
         killer in the short or the `3x3::k:` format, or a link with `?q=`",
    ))
}

/// A grid of a size read here: its side N and its geometry.
#[derive(Clone, Copy)]
struct Size {
    size: usize,
    geo: Geometry,
    /// The values are 0 to N-1 (`.Shape~9x9~0-8`): digit `d` is written `d - 1`.
    zero: bool,
}

impl Size {
    fn of(size: usize) -> Option<Size> {
        Geometry::of_size(size).ok().map(|geo| Size {
            size,
            geo,
            zero: false,
        })
    }

    /// The digit (from 1) of a value as the puzzle writes it, or `None` outside the values.
    fn digit(self, v: &str) -> Option<u8> {
        let lo = usize::from(!self.zero);
        let v = v.parse::<usize>().ok()?;
        (lo..self.size + lo)
            .contains(&v)
            .then(|| (v + 1 - lo) as u8)
    }

    /// "1-9" or "0-8": the values, for messages.
    fn values(self) -> String {
        let lo = usize::from(!self.zero);
        format!("{lo}-{}", self.size + lo - 1)
    }

    /// The side of its boxes where they are square (ISS lays windoku's windows out on them).
    fn square_side(self) -> Option<usize> {
        self.geo.boxes().filter(|(r, c)| r == c).map(|(r, _)| r)
    }
}

/// `R1C1` (ISS's: one character each for row and column, `1`-`9` then `a`-`g`, either case).
fn cell(id: &str, sz: Size, what: &str) -> Result<usize, InputError> {
    let b = id.as_bytes();
    let digit = |c: u8| match c {
        b'1'..=b'9' => Some(usize::from(c - b'0')),
        b'a'..=b'g' => Some(usize::from(c - b'a') + 10),
        b'A'..=b'G' => Some(usize::from(c - b'A') + 10),
        _ => None,
    };
    let bad = || {
        InputError::new(format!(
            "{what}: `{id}` is not a cell of a {s}x{s} grid (ISS names cells R1C1 to R{m}C{m}, one \
             character each for row and column)",
            s = sz.size,
            m = if sz.size > 9 {
                char::from(b'a' + (sz.size - 10) as u8).to_string()
            } else {
                sz.size.to_string()
            }
        ))
    };
    if b.len() != 4 || !matches!(b[0], b'R' | b'r') || !matches!(b[2], b'C' | b'c') {
        return Err(bad());
    }
    match (digit(b[1]), digit(b[3])) {
        (Some(r), Some(c)) if r <= sz.size && c <= sz.size => Ok((r - 1) * sz.size + c - 1),
        _ => Err(bad()),
    }
}

fn cells(args: &[&str], sz: Size, what: &str) -> Result<Vec<usize>, InputError> {
    if args.is_empty() {
        return Err(InputError::new(format!("{what} has no cell")));
    }
    args.iter().map(|a| cell(a, sz, what)).collect()
}

/// `.Shape~9x9`, `.Shape~9x9~9`, `.Shape~9x9~1-9`, `.Shape~9x9~0-8`: the grid's size and values,
/// or why they are not read here.
fn shape(args: &[&str]) -> Result<Size, InputError> {
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
    if r != c {
        return refuse("Sudokus here are square (4x4, 9x9, 16x16 or 25x25)");
    }
    let Some(sz) = Size::of(r) else {
        return refuse(&format!("Sudokus here are {}", sizes_words()));
    };
    match args.get(1) {
        None => Ok(sz),
        Some(v) if v.parse::<usize>() == Ok(r) || *v == format!("1-{r}") => Ok(sz),
        Some(v) if *v == format!("0-{}", r - 1) => Ok(Size { zero: true, ..sz }),
        Some(v) => refuse(&format!(
            "values `{v}`: a {r}x{r} Sudoku here holds the values 1 to {r} or 0 to {}",
            r - 1
        )),
    }
}

/// ISS's kinds read as clues (`clues/`), besides `StrictKropki` and `StrictXV`.
const CLUES: &[&str] = &[
    "WhiteDot",
    "BlackDot",
    "X",
    "V",
    "GreaterThan",
    "StrictKropki",
    "StrictXV",
    "Arrow",
    "PillArrow",
    "DoubleArrow",
    "LittleKiller",
    "Sandwich",
    "XSum",
    "Whisper",
    "Renban",
    "Palindrome",
    "Zipper",
    "RegionSumLine",
    "SumLine",
    "Between",
    "Entropic",
    "Modular",
    "Quad",
    "Skyscraper",
    "HiddenSkyscraper",
    "Lunchbox",
    "Sum",
    "Indexing",
    "Regex",
    "NumberedRoom",
    "Lockout",
    "AntiTaxicab",
    "LookAndSay",
    "ContainExact",
    "ContainAtLeast",
    "RellikCage",
    "EqualityCage",
    "Pair",
    "PairX",
    "Binary",
    "BinaryX",
    "CountingCircles",
    "SameValues",
    "GlobalEntropy",
    "GlobalMod",
    "ValueIndexing",
    "CountDistinct",
    "EqualSum",
    "DutchFlatmates",
];

fn number(a: Option<&&str>, what: &str, of: &str) -> Result<u32, InputError> {
    a.and_then(|t| t.trim().parse::<u32>().ok())
        .ok_or_else(|| InputError::new(format!("{what}: expected {of} (a whole number)")))
}

/// The orthogonally adjacent pairs among `cells`, each once, the earlier cell first (ISS's pairs
/// for dots, XV and inequalities listed on more than two cells).
fn adjacent_pairs(cells: &[usize], size: usize) -> Vec<[usize; 2]> {
    let mut out = Vec::new();
    for (i, &p) in cells.iter().enumerate() {
        for &q in &cells[i + 1..] {
            let (a, b) = (p.min(q), p.max(q));
            if (a / size == b / size && b - a == 1) || b - a == size {
                out.push([p, q]);
            }
        }
    }
    out
}

/// ISS's pairwise key on `n` values: base64 (`A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`), 6 bits a
/// character from the least significant, bit `i·n + j` set when a first cell of the i-th value
/// and a second of the j-th may stand together; characters left off are 0. `None` if it is not
/// one (a character outside the alphabet, or bits past n²).
fn pair_key(key: &str, n: usize) -> Option<Vec<u32>> {
    if n > 32 || key.len() > (n * n).div_ceil(6) {
        return None;
    }
    let mut allow = vec![0u32; n];
    for (ci, c) in key.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        };
        for b in 0..6 {
            if v >> b & 1 == 1 {
                let k = ci * 6 + b;
                if k >= n * n {
                    return None;
                }
                allow[k / n] |= 1 << (k % n);
            }
        }
    }
    Some(allow)
}

/// A row or column of ISS's outside clues (`R3`, `C7`), in the clue's direction.
fn line_of(id: &str, forward: bool, sz: Size, what: &str) -> Result<Vec<usize>, InputError> {
    let size = sz.size;
    let bad = || InputError::new(format!("{what}: `{id}` is not a row or column (R1, C9)"));
    let (kind, n) = id.split_at(1.min(id.len()));
    let n: usize = n.parse().map_err(|_| bad())?;
    if !(1..=size).contains(&n) {
        return Err(bad());
    }
    let mut cells: Vec<usize> = match kind {
        "R" | "r" => (0..size).map(|c| (n - 1) * size + c).collect(),
        "C" | "c" => (0..size).map(|r| r * size + n - 1).collect(),
        _ => return Err(bad()),
    };
    if !forward {
        cells.reverse();
    }
    Ok(cells)
}

/// The diagonal of a little killer whose first cell is `start`, as ISS lays its clues out: from
/// the left edge down to the right, the right edge up to the left, the top edge down to the left,
/// the bottom edge up to the right (the first of these that starts at the cell and was not met
/// before).
fn little_killer(start: usize, sz: Size) -> Option<Vec<usize>> {
    let n = sz.size as i32;
    let mut seen: Vec<Vec<usize>> = Vec::new();
    let mut starts: Vec<(i32, i32, i32, i32)> = Vec::new();
    starts.extend((0..n - 1).map(|r| (r, 0, 1, 1)));
    starts.extend((1..n - 1).map(|r| (r, n - 1, -1, -1)));
    starts.extend((1..n).map(|c| (0, c, 1, -1)));
    starts.extend((1..n - 1).map(|c| (n - 1, c, -1, 1)));
    for (r0, c0, dr, dc) in starts {
        let (mut r, mut c) = (r0, c0);
        let mut cells = Vec::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            cells.push((r * n + c) as usize);
            r += dr;
            c += dc;
        }
        if cells.len() <= 1 {
            continue;
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if seen.contains(&sorted) {
            continue;
        }
        seen.push(sorted);
        if cells[0] == start {
            return Some(cells);
        }
    }
    None
}

/// One of ISS's clue kinds ([`CLUES`]) as clues.
fn clues(kind: &str, args: &[&str], sz: Size, what: &str) -> Result<Vec<Clue>, InputError> {
    let size = sz.size;
    let one = |kind: ClueKind, cells: Vec<usize>| Ok(vec![Clue { kind, cells }]);
    let pairs = |kind: ClueKind, swap: bool| -> Result<Vec<Clue>, InputError> {
        let list = cells(args, sz, what)?;
        let found = adjacent_pairs(&list, size);
        if found.is_empty() {
            return Err(InputError::new(format!(
                "{what}: no two of its cells are orthogonal neighbours"
            )));
        }
        Ok(found
            .into_iter()
            .map(|[p, q]| Clue {
                kind: kind.clone(),
                cells: if swap { vec![q, p] } else { vec![p, q] },
            })
            .collect())
    };
    match kind {
        "WhiteDot" => pairs(ClueKind::Difference(1), false),
        "BlackDot" => pairs(ClueKind::Ratio(2), false),
        "X" => pairs(ClueKind::PairSum(10), false),
        "V" => pairs(ClueKind::PairSum(5), false),
        // "A cell must be greater than any later adjacent cells": the later one is less.
        "GreaterThan" => pairs(ClueKind::Less, true),
        "Arrow" => one(ClueKind::Arrow { circle: 1 }, cells(args, sz, what)?),
        "PillArrow" => {
            let pill = number(args.first(), what, "the pill's length")? as usize;
            let mut list = cells(&args[1..], sz, what)?;
            if !(1..=3).contains(&pill) || list.len() <= pill {
                return Err(InputError::new(format!(
                    "{what}: a pill of 1 to 3 cells and an arrow beyond it"
                )));
            }
            // ISS reads the pill's number left to right, top to bottom.
            list[..pill].sort_unstable();
            one(ClueKind::Arrow { circle: pill }, list)
        }
        "DoubleArrow" => one(ClueKind::DoubleArrow, cells(args, sz, what)?),
        "LittleKiller" => {
            let sum = number(args.first(), what, "a sum")?;
            let start = cell(args.get(1).copied().unwrap_or(""), sz, what)?;
            let diagonal = little_killer(start, sz).ok_or_else(|| {
                InputError::new(format!(
                    "{what}: no little killer diagonal starts at {}",
                    args.get(1).copied().unwrap_or("")
                ))
            })?;
            one(ClueKind::LittleKiller(sum), diagonal)
        }
        "Sandwich" => {
            let sum = number(args.first(), what, "a sum")?;
            let line = line_of(args.get(1).copied().unwrap_or(""), true, sz, what)?;
            one(ClueKind::Sandwich(sum), line)
        }
        // A clue at either end of a row or column (`.XSum~R1~27~`, `.Skyscraper~C3~~4`): the
        // second argument from its start, the third from its end.
        "XSum" | "Skyscraper" | "HiddenSkyscraper" | "NumberedRoom" => {
            let id = args.first().copied().unwrap_or("");
            let mut out = Vec::new();
            for (i, forward) in [(1, true), (2, false)] {
                match args.get(i).map(|t| t.trim()) {
                    None | Some("") => {}
                    Some(_) => {
                        let n = number(args.get(i), what, "a number")?;
                        out.push(Clue {
                            kind: match kind {
                                "XSum" => ClueKind::XSum(n),
                                "Skyscraper" => ClueKind::Skyscraper(n),
                                "NumberedRoom" => ClueKind::NumberedRoom(n),
                                _ => ClueKind::HiddenSkyscraper(n),
                            },
                            cells: line_of(id, forward, sz, what)?,
                        })
                    }
                }
            }
            Ok(out)
        }
        // `.Indexing~C~cells` (column indexers) or `~R~` (row indexers).
        "Indexing" => {
            let kind = match args.first().map(|a| a.trim()) {
                Some("C") => ClueKind::ColumnIndex,
                Some("R") => ClueKind::RowIndex,
                _ => {
                    return Err(InputError::new(format!(
                        "{what}: expected C (columns) or R (rows), then the cells"
                    )))
                }
            };
            one(kind, cells(&args[1..], sz, what)?)
        }
        "Lunchbox" => {
            let sum = number(args.first(), what, "a sum")?;
            one(ClueKind::Lunchbox(sum), cells(&args[1..], sz, what)?)
        }
        "Sum" => {
            // ISS's weighted sums (`0_=_1_1_-10_-1`, with variables) are another rule.
            let first = args.first().copied().unwrap_or("").trim();
            if first.contains('_') {
                return Err(InputError::new(format!(
                    "ISS `Sum` with weights (`{first}`) is not supported: only cells adding up                      to a number"
                )));
            }
            let sum = number(args.first(), what, "a sum")?;
            one(ClueKind::Sum(sum), cells(&args[1..], sz, what)?)
        }
        "Whisper" => {
            // German whispers leave the difference out: the first argument is then a cell.
            let (k, rest) = match args.first().and_then(|a| a.parse::<u8>().ok()) {
                Some(k) => (k, &args[1..]),
                None => (5, args),
            };
            one(ClueKind::Whisper(k), cells(rest, sz, what)?)
        }
        // `.Regex~<pattern in base64>~cells~~cells`: each line (lines parted by an empty
        // argument) matches the pattern whole.
        "Regex" => {
            let coded = args.first().copied().unwrap_or("").trim();
            let pattern = base64_text(coded).ok_or_else(|| {
                InputError::new(format!("{what}: `{coded}` is not a pattern in base64"))
            })?;
            // The pattern names values: 0 to N-1 on a grid of values from 0.
            let least = u32::from(!sz.zero);
            let re = Regex::new(&pattern, least, sz.size as u32 - 1 + least)
                .map_err(|e| InputError::new(format!("{what}: {e}")))?;
            let mut out = Vec::new();
            for line in args[1..].split(|a| a.trim().is_empty()) {
                if !line.is_empty() {
                    out.push(Clue {
                        kind: ClueKind::Regex(Box::new(re.clone())),
                        cells: cells(line, sz, what)?,
                    });
                }
            }
            if out.is_empty() {
                return Err(InputError::new(format!("{what} has no cell")));
            }
            Ok(out)
        }
        "Lockout" => {
            let k = number(args.first(), what, "the ends' least difference")?;
            let k = u8::try_from(k).map_err(|_| {
                InputError::new(format!("{what}: a least difference of {k} is too large"))
            })?;
            one(ClueKind::Lockout(k), cells(&args[1..], sz, what)?)
        }
        // `.LookAndSay~1617~cells`: (count, value) pairs of single digits, "one 6, one 7"; a
        // count of 0 keeps the value out; values not named are free.
        "LookAndSay" => {
            let text = args.first().copied().unwrap_or("").trim();
            let b = text.as_bytes();
            if b.is_empty() || b.len() % 2 == 1 || !b.iter().all(u8::is_ascii_digit) {
                return Err(InputError::new(format!(
                    "{what}: `{text}` is not a look-and-say clue (count and value pairs such as \
                     1617)"
                )));
            }
            let (mut values, mut none) = (Vec::new(), Vec::new());
            for pair in b.chunks(2) {
                let (count, v) = (u32::from(pair[0] - b'0'), u32::from(pair[1] - b'0'));
                if values.contains(&v) || none.contains(&v) {
                    return Err(InputError::new(format!(
                        "{what}: `{text}` counts the value {v} twice"
                    )));
                }
                if count == 0 {
                    none.push(v);
                }
                values.extend(std::iter::repeat_n(v, count as usize));
            }
            let counted = Counted {
                values,
                none,
                exact: true,
                text: text.to_string(),
                look: true,
            };
            one(
                ClueKind::Contains(Box::new(counted)),
                cells(&args[1..], sz, what)?,
            )
        }
        // `.ContainExact~1_2_2~cells`: these values, a value listed twice twice.
        "ContainExact" | "ContainAtLeast" => {
            let text = args.first().copied().unwrap_or("").trim();
            let values = text
                .split('_')
                .map(|v| v.trim().parse::<u32>())
                .collect::<Result<Vec<u32>, _>>()
                .map_err(|_| {
                    InputError::new(format!(
                        "{what}: `{text}` is not a list of values such as 1_2_2"
                    ))
                })?;
            let counted = Counted {
                values,
                none: Vec::new(),
                exact: kind == "ContainExact",
                text: text.replace('_', ","),
                look: false,
            };
            one(
                ClueKind::Contains(Box::new(counted)),
                cells(&args[1..], sz, what)?,
            )
        }
        "RellikCage" => {
            let t = number(args.first(), what, "a sum")?;
            one(ClueKind::Rellik(t), cells(&args[1..], sz, what)?)
        }
        "EqualityCage" => one(ClueKind::Equality, cells(args, sz, what)?),
        // `.Pair~KEY~_NAME~cells~~cells~_NAME2~cells`: a relation on values (its key, in base64),
        // then groups of cells, each named by the `_` item before it and parted by an empty one.
        // `Binary` and `BinaryX` are ISS's older names, their keys in an alphabet with `-` and `_`
        // swapped.
        "Pair" | "PairX" | "Binary" | "BinaryX" => {
            let mut key = args.first().copied().unwrap_or("").trim().to_string();
            if kind.starts_with("Binary") {
                key = key
                    .chars()
                    .map(|c| match c {
                        '-' => '_',
                        '_' => '-',
                        c => c,
                    })
                    .collect();
            }
            let least = u32::from(!sz.zero);
            let allow = pair_key(&key, size).ok_or_else(|| {
                InputError::new(format!(
                    "{what}: `{key}` is not a pairwise key of a grid of {size} values"
                ))
            })?;
            let all = kind.ends_with('X');
            let mut out = Vec::new();
            let mut name = String::new();
            let mut group: Vec<&str> = Vec::new();
            let mut flush = |group: &mut Vec<&str>, name: &str| -> Result<(), InputError> {
                if !group.is_empty() {
                    let relation = Relation {
                        name: name.to_string(),
                        all,
                        least,
                        allow: allow.clone(),
                    };
                    out.push(Clue {
                        kind: ClueKind::Pairwise(Box::new(relation)),
                        cells: cells(group, sz, what)?,
                    });
                    group.clear();
                }
                Ok(())
            };
            for a in &args[1..] {
                let a = a.trim();
                if let Some(n) = a.strip_prefix('_') {
                    flush(&mut group, &name)?;
                    name = super::fpuzzles::percent_decode(n)?;
                } else if a.is_empty() {
                    flush(&mut group, &name)?;
                } else {
                    group.push(a);
                }
            }
            flush(&mut group, &name)?;
            if out.is_empty() {
                return Err(InputError::new(format!("{what} has no cell")));
            }
            Ok(out)
        }
        "CountingCircles" => one(ClueKind::CountingCircles, cells(args, sz, what)?),
        // `.SameValues~2~cells`: the cells cut in order into that many runs.
        "SameValues" => {
            let k = number(args.first(), what, "a number of runs")?;
            let k = u8::try_from(k)
                .map_err(|_| InputError::new(format!("{what}: {k} runs are too many")))?;
            one(ClueKind::SameValues(k), cells(&args[1..], sz, what)?)
        }
        "GlobalEntropy" | "GlobalMod" => one(
            ClueKind::Classes2x2 {
                entropy: kind == "GlobalEntropy",
            },
            (0..size * size).collect(),
        ),
        "ValueIndexing" => one(ClueKind::ValueIndex, cells(args, sz, what)?),
        "CountDistinct" => one(ClueKind::CountDistinct, cells(args, sz, what)?),
        // `.EqualSum~cells~-~cells`: runs parted by `-` (an empty run is skipped, as ISS does).
        "EqualSum" => {
            let mut runs = Vec::new();
            let mut all = Vec::new();
            for run in args.split(|a| a.trim() == "-") {
                let run: Vec<&str> = run
                    .iter()
                    .copied()
                    .filter(|a| !a.trim().is_empty())
                    .collect();
                if run.is_empty() {
                    continue;
                }
                let list = cells(&run, sz, what)?;
                runs.push(u8::try_from(list.len()).map_err(|_| {
                    InputError::new(format!("{what}: a run of {} cells is too long", list.len()))
                })?);
                all.extend(list);
            }
            if all.is_empty() {
                return Err(InputError::new(format!("{what} has no cell")));
            }
            one(ClueKind::EqualSum(runs), all)
        }
        "DutchFlatmates" => one(ClueKind::DutchFlatmates, (0..size * size).collect()),
        // A rule of the whole grid: the clue lists every cell.
        "AntiTaxicab" => one(ClueKind::AntiTaxicab, (0..size * size).collect()),
        "Renban" => one(ClueKind::Renban, cells(args, sz, what)?),
        "Palindrome" => one(ClueKind::Palindrome, cells(args, sz, what)?),
        "Zipper" => one(ClueKind::Zipper, cells(args, sz, what)?),
        "RegionSumLine" => one(ClueKind::RegionSum, cells(args, sz, what)?),
        // `.SumLine~10~cells` and `.SumLine~10~cells~LOOP` (the last cell next to the first).
        "SumLine" => {
            let sum = number(args.first(), what, "a sum")?;
            match args[1..].split_last() {
                Some((&"LOOP", list)) => {
                    let list = cells(list, sz, what)?;
                    if list.len() < 3 {
                        return Err(InputError::new(format!(
                            "{what}: a loop of {} cells does not close",
                            list.len()
                        )));
                    }
                    if sum > MAX_SUM_LOOP {
                        return Err(InputError::new(format!(
                            "{what}: sum loops of more than {MAX_SUM_LOOP} are not supported"
                        )));
                    }
                    one(ClueKind::SumLoop(sum), list)
                }
                _ => one(ClueKind::SumLine(sum), cells(&args[1..], sz, what)?),
            }
        }
        "Between" => one(ClueKind::Between, cells(args, sz, what)?),
        "Entropic" => one(ClueKind::Entropic, cells(args, sz, what)?),
        "Modular" => {
            let m = number(args.first(), what, "a modulus")?;
            let m = u8::try_from(m).map_err(|_| InputError::new(format!("{what}: modulus {m}")))?;
            one(ClueKind::Modular(m), cells(&args[1..], sz, what)?)
        }
        "Quad" => {
            let at = cell(args.first().copied().unwrap_or(""), sz, what)?;
            if at % size + 1 >= size || at / size + 1 >= size {
                return Err(InputError::new(format!(
                    "{what}: a quadruple's 2x2 cells start at a cell with one to its right and \
                     one below"
                )));
            }
            // Kept as the puzzle writes them (values 0-8 where they start at 0): the board shows
            // them, and the rule reads values.
            let digits = args[1..]
                .iter()
                .map(|a| {
                    sz.digit(a).map(|d| d - u8::from(sz.zero)).ok_or_else(|| {
                        InputError::new(format!("{what}: `{a}` is not a value {}", sz.values()))
                    })
                })
                .collect::<Result<Vec<u8>, _>>()?;
            one(
                ClueKind::Quad(digits),
                vec![at, at + 1, at + size, at + size + 1],
            )
        }
        _ => Err(refuse(kind)),
    }
}

/// What ISS calls each constraint it has, for the refusal ("ISS `Arrow` constraints"): the name as
/// written, which is what a user finds in ISS's menus.
fn refuse(kind: &str) -> InputError {
    InputError::new(format!("ISS `{kind}` constraints are not supported"))
}

fn constraint_string(s: &str, source: Source) -> Result<Read, InputError> {
    let items: Vec<&str> = s.split('.').collect();
    if !items[0].is_empty() {
        return Err(InputError::new(
            "an ISS constraint string starts with `.` (`.~R1C1_5`, `.Cage~…`)",
        ));
    }
    let items: Vec<(&str, Vec<&str>)> = items[1..]
        .iter()
        .filter(|i| !i.is_empty())
        .map(|item| {
            let mut parts = item.split('~');
            let kind = parts.next().unwrap_or("");
            (kind, parts.collect())
        })
        .collect();
    // The shape first, wherever it stands: every cell name depends on it. ISS's default is 9x9.
    let mut sz = Size::of(9).expect("9 is a size");
    let mut shapes = items.iter().filter(|(k, _)| *k == "Shape");
    if let Some((_, args)) = shapes.next() {
        sz = shape(args)?;
    }
    if shapes.next().is_some() {
        return Err(InputError::new("the ISS string gives its `Shape` twice"));
    }
    let size = sz.size;
    // `Or` and `And` blocks first: each becomes an either/or clue, the items outside them stay.
    let (items, eithers) = lift_either(items, sz)?;
    // Refusals before anything else is read, so that a puzzle is refused for what it needs (its
    // arrows) rather than for a detail of a constraint read before them.
    for (kind, args) in &items {
        match *kind {
            "" | "Shape" | "Cage" | "Thermo" | "Diagonal" | "AntiKnight" | "AntiKing"
            | "AntiConsecutive" | "Windoku" | "DisjointSets" | "Jigsaw" | "NoBoxes"
            | "AllDifferent" | "RegionSize" | "Priority" => {}
            k if CLUES.contains(&k) => {}
            // `Or`, `And` and every other kind: refused by ISS's own name for it.
            _ => return Err(refuse(kind)),
        }
        if *kind == "RegionSize" && args.first().and_then(|a| a.parse::<usize>().ok()) != Some(size)
        {
            return Err(InputError::new(format!(
                "ISS `RegionSize~{}` is not supported: regions here hold the {size} digits",
                args.join("~")
            )));
        }
    }
    let no_boxes = items.iter().any(|(k, _)| *k == "NoBoxes");
    if no_boxes && !items.iter().any(|(k, _)| *k == "Jigsaw") {
        return Err(InputError::new(
            "ISS `NoBoxes` without a `Jigsaw` layout is not supported: a Sudoku here has boxes \
             or jigsaw regions",
        ));
    }
    let mut cells_of = vec![0u8; size * size];
    let mut rules = Rules {
        zero_based: sz.zero,
        ..Rules::default()
    };
    for (k, (kind, args)) in items.iter().enumerate() {
        let what = format!(
            "item {} (`{}`)",
            k + 1,
            if kind.is_empty() { "~" } else { kind }
        );
        match *kind {
            "" => {
                for a in args {
                    let (p, set) = given(a, sz, &what)?;
                    if set.count_ones() > 1 {
                        // A candidate set (ISS's pencil marks, odd and even cells): the cell
                        // holds one of these digits.
                        rules.candidates.push((p, set));
                        continue;
                    }
                    let v = set.trailing_zeros() as u8 + 1;
                    if cells_of[p] != 0 && cells_of[p] != v {
                        let z = u8::from(sz.zero);
                        return Err(InputError::new(format!(
                            "{what}: r{}c{} is given twice, as {} and {}",
                            p / size + 1,
                            p % size + 1,
                            cells_of[p] - z,
                            v - z
                        ))
                        .with_cells(vec![p]));
                    }
                    cells_of[p] = v;
                }
            }
            "Shape" | "NoBoxes" => {}
            // `Priority` orders ISS's own search and states no rule; `RegionSize` was checked above.
            "Priority" | "RegionSize" => {}
            "Cage" => {
                let (list, sum) = cage(args, sz, &what)?;
                if listed_twice(&list).is_none() {
                    rules.cages.push(Cage { cells: list, sum });
                } else {
                    // ISS adds a cell listed twice twice to the sum while the cage's digits still
                    // differ ("Event horizon"): a weighted sum, which a `Sum` line over the cells
                    // as listed is (a line counts a cell as often as it passes), and the cells
                    // all different.
                    let mut once = list.clone();
                    once.sort_unstable();
                    once.dedup();
                    if let Some(t) = sum {
                        rules.clues.push(Clue {
                            kind: ClueKind::Sum(t),
                            cells: list,
                        });
                    }
                    rules.extra_regions.push(once);
                }
            }
            "Thermo" => rules.thermos.push(cells(args, sz, &what)?),
            "AllDifferent" => rules.extra_regions.push(cells(args, sz, &what)?),
            "Diagonal" => match args.first().copied() {
                Some("1") => rules.diagonal_pos = true,
                Some("-1") => rules.diagonal_neg = true,
                _ => {
                    return Err(InputError::new(format!(
                        "{what}: expected 1 (r{size}c1 up to r1c{size}) or -1 (r1c1 down to \
                         r{size}c{size})"
                    )))
                }
            },
            "AntiKnight" => rules.anti_knight = true,
            "AntiKing" => rules.anti_king = true,
            "AntiConsecutive" => rules.non_consecutive = true,
            "Windoku" => {
                match sz.square_side() {
                    Some(3) => rules.windoku = true,
                    // ISS's windows on other sizes: a box's size, one cell in from each box edge.
                    Some(n) => rules.extra_regions.extend(windows(sz, n)),
                    None => {
                        return Err(InputError::new(format!(
                            "ISS `Windoku` on a {s}x{s} grid (boxes not square) is not supported",
                            s = sz.size
                        )))
                    }
                }
            }
            "DisjointSets" => rules.extra_regions.extend(disjoint_sets(sz)?),
            "StrictKropki" => rules.negative_kropki = true,
            "StrictXV" => rules.negative_xv = true,
            k if CLUES.contains(&k) => {
                let read = clues(k, args, sz, &what)?;
                // A lunchbox's digits differ, as a region's: its cells are one more.
                if k == "Lunchbox" {
                    rules
                        .extra_regions
                        .extend(read.iter().map(|c| c.cells.clone()));
                }
                rules.clues.extend(read);
            }
            "Jigsaw" => {
                let layout = match args[..] {
                    [layout] | [_, layout] => layout,
                    _ => {
                        return Err(InputError::new(format!(
                            "{what}: expected the layout, one character a cell"
                        )))
                    }
                };
                let regions = jigsaw(layout, sz, &what)?;
                // A size without boxes (7x7) has the pieces as its regions, as ISS lays it out.
                if no_boxes || !sz.geo.has_boxes() {
                    rules.regions = Some(regions);
                } else {
                    // Boxes stay: ISS adds the pieces as regions beside them.
                    for g in 0..size as u8 {
                        rules
                            .extra_regions
                            .push((0..size * size).filter(|&p| regions[p] == g).collect());
                    }
                }
            }
            _ => return Err(refuse(kind)),
        }
    }
    rules.clues.extend(eithers);
    finish(sz, cells_of, rules, Vec::new(), source)
}

/// An item of a constraint string: its kind and its arguments.
type Item<'a> = (&'a str, Vec<&'a str>);

/// ISS's `Or` blocks (`.Or. … .End`, with `.And. … .End` groups and `Or`s inside them) lifted out
/// of the items as either/or clues; the items outside the blocks are returned as they were. An
/// `And` outside any `Or` is its items, all of which hold: an either/or of one side.
fn lift_either<'a>(
    items: Vec<Item<'a>>,
    sz: Size,
) -> Result<(Vec<Item<'a>>, Vec<Clue>), InputError> {
    let mut rest = Vec::new();
    let mut eithers = Vec::new();
    let mut i = 0;
    while let Some((kind, _)) = items.get(i) {
        i += 1;
        match *kind {
            "Or" | "And" => {
                let what = format!("`{kind}` {}", eithers.len() + 1);
                let parts = block(&items, &mut i, sz, &what, 1)?;
                let sides = match *kind {
                    "Or" => parts,
                    _ => vec![Side::All(parts)],
                };
                eithers.push(either(sides, sz, &what)?);
            }
            "End" => {
                return Err(InputError::new(format!(
                    "item {i} (`End`) closes no `Or` or `And`"
                )))
            }
            _ => rest.push(items[i - 1].clone()),
        }
    }
    Ok((rest, eithers))
}

/// The deepest blocks nest (`Or` in `And` in `Or`…): ISS's collection goes 3 deep; a hostile text
/// of thousands would recurse past the page's stack.
const MAX_NESTING: usize = 16;

/// The sides of a block up to its `End` (taken too), from `items[*i]` on, `depth` blocks in.
fn block(
    items: &[Item],
    i: &mut usize,
    sz: Size,
    what: &str,
    depth: usize,
) -> Result<Vec<Side>, InputError> {
    if depth > MAX_NESTING {
        return Err(InputError::new(format!(
            "{what} nests `Or` and `And` blocks deeper than {MAX_NESTING}"
        )));
    }
    let mut sides = Vec::new();
    while let Some((kind, args)) = items.get(*i) {
        *i += 1;
        match *kind {
            "End" => return Ok(sides),
            "Or" => sides.push(Side::Any(block(items, i, sz, what, depth + 1)?)),
            "And" => sides.push(Side::All(block(items, i, sz, what, depth + 1)?)),
            _ => sides.push(side(kind, args, sz, what)?),
        }
    }
    Err(InputError::new(format!("{what} is not closed by an `End`")))
}

/// One item inside an `Or` or an `And`, as a side: givens and candidate sets, `AllDifferent`,
/// cages and the clues of a few cells; a rule of the whole grid is refused by name.
fn side(kind: &str, args: &[&str], sz: Size, what: &str) -> Result<Side, InputError> {
    let what = format!("{what}'s `{}`", if kind.is_empty() { "~" } else { kind });
    match kind {
        "" => Ok(Side::Digits(
            args.iter()
                .map(|a| given(a, sz, &what))
                .collect::<Result<_, _>>()?,
        )),
        "AllDifferent" => Ok(Side::Distinct(cells(args, sz, &what)?)),
        "Cage" => {
            let (list, sum) = cage(args, sz, &what)?;
            if let Some(p) = listed_twice(&list) {
                return Err(InputError::new(format!(
                    "ISS cages that list a cell twice inside an `Or` are not supported ({what} \
                     lists {} again)",
                    super::cell_name(sz.size, p)
                )));
            }
            Ok(Side::Cage(list, sum))
        }
        k if CLUES.contains(&k) && !matches!(k, "StrictKropki" | "StrictXV") => {
            let mut parts = Vec::new();
            for c in clues(k, args, sz, &what)? {
                // A lunchbox's digits differ, as at the top.
                if k == "Lunchbox" {
                    parts.push(Side::Distinct(c.cells.clone()));
                }
                parts.push(Side::Clue(c));
            }
            Ok(match parts.len() {
                1 => parts.pop().expect("one part"),
                _ => Side::All(parts),
            })
        }
        _ => Err(InputError::new(format!(
            "ISS `{kind}` inside an `Or` or an `And` is not supported"
        ))),
    }
}

/// The either/or clue of `sides`, on the cells they name: at most [`max_either_cells`].
fn either(sides: Vec<Side>, sz: Size, what: &str) -> Result<Clue, InputError> {
    let mut cells = Vec::new();
    for x in &sides {
        x.cells(&mut cells);
    }
    if cells.is_empty() {
        return Err(InputError::new(format!("{what} names no cell")));
    }
    let most = max_either_cells(sz.size);
    if cells.len() > most {
        return Err(InputError::new(format!(
            "ISS `Or` over {} cells is not supported ({what}: an either/or is filled whole, \
             each filling judged, up to {most} cells on a {s}x{s})",
            cells.len(),
            s = sz.size
        )));
    }
    Ok(Clue {
        kind: ClueKind::Either {
            sides,
            zero: sz.zero,
        },
        cells,
    })
}

fn jigsaw_text(s: &str, source: Source) -> Result<Read, InputError> {
    let chars: Vec<char> = s.chars().collect();
    let size = [4, 9, 16]
        .into_iter()
        .find(|&k| chars.len() == 2 * k * k)
        .expect("checked by is_jigsaw_text");
    let sz = Size::of(size).expect("a square size");
    let (givens, layout) = chars.split_at(size * size);
    let layout: String = layout.iter().collect();
    let rules = Rules {
        regions: Some(jigsaw(&layout, sz, "the jigsaw layout")?),
        ..Rules::default()
    };
    // As ISS reads it: 1-9 on grids up to 9x9, letters from `A` above; any other character is
    // an empty cell.
    let cells = givens
        .iter()
        .map(|&c| {
            // `checked_sub`: a character below the first symbol (`@` before `A`) is an empty
            // cell, not a wrapped-around number.
            let v = if size > 9 {
                (c as u32).checked_sub('A' as u32 - 1)
            } else {
                (c as u32).checked_sub('0' as u32)
            };
            match v {
                Some(v) if (1..=size as u32).contains(&v) => v as u8,
                _ => 0,
            }
        })
        .collect();
    finish(sz, cells, rules, Vec::new(), source)
}

/// `.Cage~15~R1C1~R1C2…` (a sum of 0 or none: a cage without a sum): its cells as listed (a cell
/// may be listed twice: ISS adds it twice to the sum) and its sum.
fn cage(args: &[&str], sz: Size, what: &str) -> Result<(Vec<usize>, Option<u32>), InputError> {
    let (sum, rest) = args
        .split_first()
        .ok_or_else(|| InputError::new(format!("{what}: expected a sum and cells")))?;
    let sum = match sum.trim() {
        "" | "0" => None,
        t => Some(t.parse::<u32>().map_err(|_| {
            InputError::new(format!("{what}: `{t}` is not a sum (a whole number)"))
        })?),
    };
    Ok((cells(rest, sz, what)?, sum))
}

/// The first cell a list names again, if any.
fn listed_twice(list: &[usize]) -> Option<usize> {
    list.iter()
        .enumerate()
        .find_map(|(i, p)| list[..i].contains(p).then_some(*p))
}

/// A given or a candidate set, `R1C1_5` or `R4C7_2_4_6_8`: the cell and its digits (bit `d - 1`).
fn given(a: &str, sz: Size, what: &str) -> Result<(usize, u32), InputError> {
    let (id, v) = a
        .split_once('_')
        .ok_or_else(|| InputError::new(format!("{what}: `{a}` is not a given such as R1C1_5")))?;
    let p = cell(id, sz, what)?;
    let mut set = 0u32;
    for v in v.split('_') {
        let v: u8 = sz.digit(v).ok_or_else(|| {
            InputError::new(format!("{what}: `{a}`: {v} is not a value {}", sz.values()))
        })?;
        set |= 1 << (v - 1);
    }
    Ok((p, set))
}

/// ISS's pencil-mark grid of a 4x4 or a 9x9 ([`is_pencilmarks`]): a cell with one candidate is a
/// given, one with some is a candidate set (as `R4C7_2_4_6_8`), one with all is empty. A 16x16's
/// 4,096 characters cannot write candidates 10 to 16 in one digit each: refused by name.
fn pencilmarks(s: &str, source: Source) -> Result<Read, InputError> {
    let size = match s.len() {
        64 => 4,
        729 => 9,
        _ => {
            return Err(InputError::new(
                "ISS pencil-mark grids of 16x16 are not supported (a digit a candidate cannot \
                 write 10 to 16): give the givens as a grid or a constraint string",
            ))
        }
    };
    let sz = Size::of(size).expect("a square size");
    let full = (1u32 << size) - 1;
    let mut rules = Rules::default();
    let mut cells = vec![0u8; size * size];
    for (p, cell) in s.as_bytes().chunks(size).enumerate() {
        let set = cell
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != b'.')
            .fold(0u32, |set, (k, _)| set | 1 << k);
        match set.count_ones() {
            0 => {
                return Err(InputError::new(format!(
                    "this ISS pencil-mark grid leaves r{}c{} no candidate (its {size} characters \
                     are all `.`)",
                    p / size + 1,
                    p % size + 1
                ))
                .with_cells(vec![p]))
            }
            1 => cells[p] = set.trailing_zeros() as u8 + 1,
            _ if set == full => {}
            _ => rules.candidates.push((p, set)),
        }
    }
    finish(sz, cells, rules, Vec::new(), source)
}

/// A jigsaw layout (one character a cell, N cells each) as region numbers in order of appearance.
fn jigsaw(layout: &str, sz: Size, what: &str) -> Result<Vec<u8>, InputError> {
    let size = sz.size;
    let chars: Vec<char> = layout.chars().collect();
    if chars.len() != size * size {
        return Err(InputError::new(format!(
            "{what}: the layout has {} characters; a {size}x{size} grid has {}",
            chars.len(),
            size * size
        )));
    }
    let mut names: Vec<char> = Vec::new();
    let mut regions = Vec::with_capacity(chars.len());
    for &ch in &chars {
        let g = match names.iter().position(|&c| c == ch) {
            Some(g) => g,
            None => {
                names.push(ch);
                names.len() - 1
            }
        };
        if g >= size {
            return Err(InputError::new(format!(
                "{what}: the layout has more than {size} regions"
            )));
        }
        regions.push(g as u8);
    }
    for (g, &ch) in names.iter().enumerate() {
        let count = regions.iter().filter(|&&r| usize::from(r) == g).count();
        if count != size {
            return Err(InputError::new(format!(
                "{what}: region `{ch}` has {count} cells; each region must have {size}"
            )));
        }
    }
    Ok(regions)
}

/// ISS's windoku windows on an N×N grid with boxes of side n: n×n windows starting one cell in
/// from each box boundary, every n + 1 cells.
fn windows(sz: Size, n: usize) -> Vec<Vec<usize>> {
    let size = sz.size;
    let starts: Vec<usize> = (1..size).step_by(n + 1).filter(|&i| i + n < size).collect();
    let mut out = Vec::new();
    for &c0 in &starts {
        for &r0 in &starts {
            out.push(
                (0..size)
                    .map(|k| (r0 + k % n) * size + c0 + k / n)
                    .collect(),
            );
        }
    }
    out
}

/// Disjoint sets: the cells at the same place in every box, N sets of N cells.
fn disjoint_sets(sz: Size) -> Result<Vec<Vec<usize>>, InputError> {
    let (size, geo) = (sz.size, sz.geo);
    if !geo.has_boxes() {
        return Err(InputError::new(format!(
            "ISS `DisjointSets` on a {size}x{size} grid (no boxes) is not supported"
        )));
    }
    Ok((0..size)
        .map(|pos| (0..size).map(|b| geo.box_cell(b, pos)).collect())
        .collect())
}

/// The grid and rules checked as the f-puzzles reader checks them.
fn finish(
    sz: Size,
    cells: Vec<u8>,
    rules: Rules,
    skipped: Vec<(String, usize)>,
    source: Source,
) -> Result<Read, InputError> {
    rules.validate(sz.geo)?;
    if let Err(e) = rules.check(sz.geo, &cells, false) {
        return Err(InputError::new(format!("the givens break a rule: {e}")).with_cells(e.cells));
    }
    let grid = Grid {
        geo: sz.geo,
        cells,
        reading: Reading {
            source,
            // A 16x16 from ISS names its digits as numbers (`R1C1_12`), and is printed so; values
            // from 0 are printed from 0.
            numbers: sz.size > 9,
            alphabet: if sz.zero {
                Alphabet::FromZero
            } else {
                Alphabet::Standard
            },
            ..Reading::default()
        },
    };
    Ok(Read {
        grid,
        rules,
        title: None,
        skipped,
        words: false,
        unknown: Vec::new(),
    })
}

/// The short killer format: each cell holds its cage's sum (`0`-`9`, `A`-`Z` for 10-35, `a`-`j`
/// for 36-45) or points at a neighbour of its cage (`<` `>` `^` `v`, and `` ` `` `'` `,` `.`
/// diagonally up-left, up-right, down-left, down-right).
fn short_killer(s: &str, source: Source) -> Result<Read, InputError> {
    let sz = Size::of(9).expect("9 is a size");
    let chars: Vec<char> = s.chars().collect();
    let at = |p: usize, dr: i32, dc: i32| -> Result<usize, InputError> {
        let (r, c) = ((p / 9) as i32 + dr, (p % 9) as i32 + dc);
        if (0..9).contains(&r) && (0..9).contains(&c) {
            Ok((r * 9 + c) as usize)
        } else {
            Err(InputError::new(format!(
                "short killer: `{}` at r{}c{} points off the grid",
                chars[p],
                p / 9 + 1,
                p % 9 + 1
            )))
        }
    };
    let mut next = vec![0usize; 81];
    for p in 0..81 {
        next[p] = match chars[p] {
            '<' => at(p, 0, -1)?,
            '>' => at(p, 0, 1)?,
            '^' => at(p, -1, 0)?,
            'v' => at(p, 1, 0)?,
            '`' => at(p, -1, -1)?,
            '\'' => at(p, -1, 1)?,
            ',' => at(p, 1, -1)?,
            '.' => at(p, 1, 1)?,
            _ => p,
        };
    }
    // Each cell's cage is the cell its arrows lead to; a walk longer than a cage can be is a loop.
    let mut cages: Vec<(usize, Vec<usize>)> = Vec::new();
    for p in 0..81 {
        let mut q = p;
        let mut steps = 0;
        while next[q] != q {
            q = next[q];
            steps += 1;
            if steps > 9 {
                return Err(InputError::new(format!(
                    "short killer: the arrows from r{}c{} go round in a loop",
                    p / 9 + 1,
                    p % 9 + 1
                )));
            }
        }
        match cages.iter_mut().find(|(h, _)| *h == q) {
            Some((_, cells)) => cells.push(p),
            None => cages.push((q, vec![p])),
        }
    }
    let mut rules = Rules::default();
    for (head, cells) in cages {
        let ch = chars[head];
        let sum = match ch {
            '0'..='9' => ch as u32 - '0' as u32,
            'A'..='Z' => ch as u32 - 'A' as u32 + 10,
            'a'..='j' => ch as u32 - 'a' as u32 + 36,
            _ => unreachable!("a cell that points nowhere holds a sum"),
        };
        // As ISS reads it, a 0 is a cage without a sum.
        rules.cages.push(Cage {
            cells,
            sum: (sum > 0).then_some(sum),
        });
    }
    finish(sz, vec![0; 81], rules, Vec::new(), source)
}

/// SudokuWiki's and SudoCue's killer export: `3x3:` then `d` for an X killer (or nothing), `k`,
/// and each cell's `sum·256 + cage` (a sum of 0: the cell is in no cage).
fn long_killer(s: &str, source: Source) -> Result<Read, InputError> {
    let sz = Size::of(9).expect("9 is a size");
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() < 84
        || parts[2] != "k"
        || parts.len() > 85
        || parts.len() == 85 && !parts[84].is_empty()
    {
        return Err(InputError::new(
            "a `3x3:` killer must be `3x3:` (or `3x3:d:` for an X killer), `k:`, then 81 \
             numbers separated by `:`",
        ));
    }
    let mut rules = Rules::default();
    match parts[1] {
        "" => {}
        "d" => {
            rules.diagonal_pos = true;
            rules.diagonal_neg = true;
        }
        other => {
            return Err(InputError::new(format!(
                "`3x3:{other}:`: the killer's variant is `d` (diagonals) or nothing"
            )))
        }
    }
    let mut cages: Vec<(u32, u32, Vec<usize>)> = Vec::new();
    for p in 0..81 {
        let word = parts[p + 3];
        let v: u32 = word.parse().map_err(|_| {
            InputError::new(format!(
                "`3x3:` killer, r{}c{}: `{word}` is not a number",
                p / 9 + 1,
                p % 9 + 1
            ))
        })?;
        let (sum, id) = (v / 256, v % 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|(i, _, _)| *i == id) {
            Some((_, s, cells)) if *s == sum => cells.push(p),
            Some((_, s, _)) => {
                return Err(InputError::new(format!(
                    "`3x3:` killer, r{}c{}: cage {id} has the sum {sum} here and {s} before",
                    p / 9 + 1,
                    p % 9 + 1
                )))
            }
            None => cages.push((id, sum, vec![p])),
        }
    }
    rules.cages = cages
        .into_iter()
        .map(|(_, sum, cells)| Cage {
            cells,
            sum: Some(sum),
        })
        .collect();
    finish(sz, vec![0; 81], rules, Vec::new(), source)
}

/// The text that `coded` spells in base64, URL-safe (`-`, `_`, as ISS writes it) or standard
/// (`+`, `/`), with or without its `=` padding; `None` if it is not base64 of UTF-8 text.
fn base64_text(coded: &str) -> Option<String> {
    let mut bytes = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in coded.trim_end_matches('=').chars() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    String::from_utf8(bytes).ok().filter(|t| !t.is_empty())
}
