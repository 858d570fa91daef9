//! The clues of issue 43 (kropki dots, XV, arrows, little killers, sandwiches, X-sums and lines):
//! each as the puzzle states it ([`Clue`]), checked on a grid of digits ([`Clue::broken`], the
//! independent checker), and compiled into items and options ([`Rules::clue_encoding`]).
//!
//! Four encodings (docs/variants.md says why each was chosen):
//! - *Cell facts* add no option: given candidate sets and odd/even cells leave cell options empty;
//!   a long renban puts `renban3=5` (primary) in the options of its cells, and one primary item
//!   `renban3` has an option per window of digits that covers the items of the digits outside it,
//!   so each digit of the window is on the line once; palindromes, clones and a zipper's middle share a
//!   colour item (`pal2.1`) between two cells, coloured by each cell option with its digit; the
//!   negative constraints are Knuth's at-most-one cliques, like non-consecutive's.
//! - *Pieces filled whole*: a primary item with one option per filling of its cells, tied to the
//!   cell options by the colour items `r1c1#` (dots and XV pairs, quadruples, short lines).
//! - *Chains*: a line whose fillings would be too many is walked cell by cell; step `i` is a
//!   primary item `arrow2.3` with an option per (state before, digit, state after), the states
//!   (a partial sum, the previous digit, a phase) being colours of a secondary item `arrow2@3`
//!   between two steps. The options are those of the automaton's states that lie on an accepting
//!   walk, so no option leads into a dead end by itself. A modular or entropic line's chain is of
//!   runs of several cells, each filled whole from a state to a state.
//! - *Sets*: a sandwich or an X-sum on a whole row or column is a placement and a set of digits
//!   inside adding up to its sum, tied to the cells by class colours of each position and digit.

use super::variants::{span, Rules};
use super::{cell_name, Geometry};
use crate::problems::InputError;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};

mod build;
mod check;
mod machine;
mod regex;

#[cfg(test)]
pub(crate) use machine::encode_iss;
pub use machine::{base64_bytes, Machine};
pub use regex::Regex;

/// An ISS NFA line's automaton and the name the puzzle gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Nfa {
    /// The puzzle's name for the rule ("Arithmetic series"); may be empty.
    pub name: String,
    /// The automaton, read from ISS's serial form.
    #[serde(skip)]
    pub machine: Machine,
}

/// A weighted sum's total and its weights, one a cell in the clue's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Weights {
    pub total: i64,
    pub weights: Vec<i64>,
}

impl Weights {
    /// "7 = r2c4 + r2c5 + r2c6 - r2c2", the weights written before their cells ("2·r1c1").
    pub fn words(&self, size: usize, cells: &[usize]) -> String {
        let mut out = format!("{} =", self.total);
        for (i, (&w, &p)) in self.weights.iter().zip(cells).enumerate() {
            let sign = if w < 0 {
                "-"
            } else if i > 0 {
                "+"
            } else {
                ""
            };
            let times = if w.abs() == 1 {
                String::new()
            } else {
                format!("{}·", w.abs())
            };
            let gap = if sign.is_empty() { "" } else { " " };
            out.push_str(&format!(" {sign}{gap}{times}{}", cell_name(size, p)));
        }
        out
    }
}

/// What a clue says of its cells (listed in [`Clue::cells`], in the order given below).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClueKind {
    /// Chaos construction's arrow (ISS's `ChaosArrow`): the control cell, the arms' shared first
    /// cell, then each arm's cells after it (`arms`: how many each). The control's value is the
    /// length of the run from the first cell along the arms while the cells stay in its region
    /// (the first cell once), less `offset` (0 or 1).
    RegionRun { arms: Vec<u8>, offset: u8 },
    /// Chaos construction's count (ISS's `ChaosCount`): the control cell, then the listed cells.
    /// The control's value is how many listed cells share the first listed cell's region (it
    /// too), less `offset` (0 or 1).
    RegionCount { offset: u8 },
    /// Two orthogonal neighbours whose digits differ by this much (a kropki white dot: 1).
    Difference(u8),
    /// Two orthogonal neighbours, one this many times the other (a kropki black dot: 2).
    Ratio(u8),
    /// Two orthogonal neighbours adding up to this (X: 10, V: 5).
    PairSum(u8),
    /// The first cell's digit is less than the second's (minimum and maximum cells).
    Less,
    /// The circle's cells (its digits read as one number, in reading order), then the arrow's:
    /// the arrow's digits add up to the circle's number. `circle` is the circle's cell count.
    Arrow { circle: usize },
    /// The two ends (first and last cell) add up to the digits between them.
    DoubleArrow,
    /// The cells of a diagonal add up to the sum; digits may repeat where no unit forbids it.
    LittleKiller(u32),
    /// A row or column: the digits between the 1 and the N add up to the sum.
    Sandwich(u32),
    /// A row or column from the clue's end: the first X digits add up to the sum, X the first
    /// digit.
    XSum(u32),
    /// Neighbours on the line differ by at least this much (German whispers: 5).
    Whisper(u8),
    /// A set of consecutive digits, in any order, none repeated.
    Renban,
    /// The line reads the same from either end.
    Palindrome,
    /// The first half of the cells hold the digits of the second half, in order.
    Clone,
    /// Cells the same distance from the middle add up to the same sum; an odd line's middle cell
    /// holds it.
    Zipper,
    /// The line's digits add up to the same sum in each region it passes through (each visit).
    RegionSum,
    /// The line splits into segments that each add up to the sum (10-lines: 10).
    SumLine(u32),
    /// The same on a closed line (its last cell next to its first): a segment may run on through
    /// the place where the line closes.
    SumLoop(u32),
    /// The digits on the line lie strictly between those of its two ends.
    Between,
    /// Any three cells in a row on the line hold a low (1-3), a middle (4-6) and a high (7-9) digit.
    Entropic,
    /// Any m cells in a row on the line have digits of different remainders mod m.
    Modular(u8),
    /// These digits (a digit listed twice: twice) appear in the 2x2 cells.
    Quad(Vec<u8>),
    /// A row or column from the clue's end: this many of its digits are seen, each taller than all
    /// before it (a 0, where values start at 0, is no skyscraper).
    Skyscraper(u32),
    /// A row or column from the clue's end: the first digit lower than one before it (the first
    /// hidden skyscraper) is this one.
    HiddenSkyscraper(u32),
    /// The cells' digits differ, and those between the smallest and the largest (in the cells'
    /// order) add up to the sum.
    Lunchbox(u32),
    /// The cells add up to the sum; digits may repeat where no unit forbids it (ISS's `Sum`).
    Sum(u32),
    /// The cells' values, each times its weight, add up to the total (ISS's weighted `Sum`,
    /// `7_=_1_1_1_-1`: three cells less a fourth make 7); digits may repeat where no unit forbids
    /// it.
    Weighted(Box<Weights>),
    /// Column indexers: a cell in column c holding v puts the digit c in column v of its row.
    ColumnIndex,
    /// Row indexers: a cell in row r holding v puts the digit r in row v of its column.
    RowIndex,
    /// The line's digits, read in order, match the regular expression (ISS's regex lines).
    Regex(Box<Regex>),
    /// The line's digits, read in order, are accepted by an automaton (ISS's NFA lines).
    Nfa(Box<Nfa>),
    /// A row or column read from the clue's end as a number: its rank (from 1, the least) among
    /// all 4N such numbers (full rank), and how lines that read the same are taken.
    FullRank(u32, Ties),
    /// A row or column from the clue's end: the X-th digit is the clue's, X the first digit
    /// (numbered rooms).
    NumberedRoom(u32),
    /// The two ends differ by at least this much, and the digits between them on the line lie
    /// outside the ends' range, ends included (lockout lines).
    Lockout(u8),
    /// Every cell (the clue lists them all): a digit d is never d cells away from another d,
    /// counted along rows and columns (anti-taxicab).
    AntiTaxicab,
    /// The cells hold values counted as [`Counted`] says (look-and-say cages, ISS's contain-exact
    /// and contain-at-least cells); digits may repeat where no unit forbids it.
    Contains(Box<Counted>),
    /// The cells' digits differ, and no set of one or more of them adds up to the number (rellik
    /// cages: killer backwards).
    Rellik(u32),
    /// The cells' digits differ: as many even as odd, as many in the low half of the values as in
    /// the high half, and the middle value of an odd range not at all (equality cages).
    Equality,
    /// Neighbours on the line (`all`: every two of its cells) hold values the relation allows
    /// (ISS's pairwise constraints `Pair` and `PairX`).
    Pairwise(Box<Relation>),
    /// Each value in the circles (the clue's cells) stands in exactly as many of them as it says,
    /// or in none (counting circles).
    CountingCircles,
    /// The cells, cut in order into this many runs of equal length, hold the same values in each
    /// run (a value twice in one run, twice in each); runs of one cell: every cell alike (ISS's
    /// `SameValues`).
    SameValues(u8),
    /// Every 2x2 of the grid (the clue lists every cell) holds a value of each of three classes:
    /// low, middle and high (`entropy`), else the three remainders mod 3 (ISS's `GlobalEntropy`
    /// and `GlobalMod`).
    Classes2x2 { entropy: bool },
    /// The first cell's value stands again N cells after the second, N the second's value (ISS's
    /// value indexing: an arrow from the first cell through the second, the control).
    ValueIndex,
    /// The first cell's value is the number of different values in the others.
    CountDistinct,
    /// The cells, cut in order into runs of these lengths, add up to the same sum in each run
    /// (ISS's `EqualSum`: a magic square's rows, columns and diagonals).
    EqualSum(Vec<u8>),
    /// Every cell (the clue lists them all): a 5 has a 1 directly above it or a 9 directly below
    /// (Dutch flatmates, on values 1-9).
    DutchFlatmates,
    /// Every cell (the clue lists them all) of an N×N grid of the values 0-N (ISS's
    /// `Doppelganger`): each row, column and box holds a 0 and all but one of 1-N, no two rows
    /// (columns, boxes) miss the same digit, and at each 0 its row, column and box miss three
    /// different digits. `missing`: what the puzzle gives of the digit a house misses (ISS's
    /// hidden cells `DGC3` of row 3, `DGR2` of column 2, `DGB5` of box 5), as [house kind (0 row,
    /// 1 column, 2 box), house from 0, the values it may miss (bit `v`)]. `hidden`: where other
    /// clues name the hidden cells, the first of them among the cells outside the grid
    /// ([`Geometry::with_extra`]): the rows' N, the columns' N, then the boxes' N (N the grid's
    /// rows, one fewer than its values), each holding the digit its house misses.
    Doppelganger {
        missing: Vec<[u32; 3]>,
        hidden: Option<usize>,
    },
    /// At least one of the sides holds (ISS's `Or`); the clue's cells are those the sides name,
    /// in order: at most [`max_either_cells`] of them, filled whole, or a line every side reads
    /// ([`either_line`]), walked along it, or a line each ([`either_lines`]), walked side by
    /// side. `zero`: the puzzle writes values from 0 (for its words).
    Either { sides: Vec<Side>, zero: bool },
}

/// The most fillings of an either/or's cells judged one by one (N^cells before its units' clashes
/// are taken out): 6 cells on a 9x9 (531,441), 4 on a 16x16, 9 on a 4x4.
pub const MAX_EITHER_FILLINGS: u64 = 600_000;

/// The most cells an either/or may name on a grid of `size` (it is filled whole).
pub fn max_either_cells(size: usize) -> usize {
    (1..)
        .take_while(|&c| {
            (size as u64)
                .checked_pow(c as u32)
                .is_some_and(|f| f <= MAX_EITHER_FILLINGS)
        })
        .last()
        .unwrap_or(1)
}

/// The lines read from border `b` of a grid of `size` (0 top, 1 right, 2 bottom, 3 left), one
/// starting at each of the border's cells in turn: the columns down, the rows leftwards, the
/// columns up, the rows rightwards (full rank).
pub(crate) fn border_lines(size: usize, b: usize) -> Vec<Vec<usize>> {
    (0..size)
        .map(|i| {
            (0..size)
                .map(|j| match b {
                    0 => j * size + i,
                    1 => i * size + size - 1 - j,
                    2 => (size - 1 - j) * size + i,
                    _ => i * size + j,
                })
                .collect()
        })
        .collect()
}

/// Whether a clue of this kind may be a side of an either/or walked along its line
/// ([`either_line`]): its automaton reads the clue's cells in their order and gives no colours
/// when it accepts, and it has no rule besides (a lunchbox's digits differ: not walked).
fn walked_in_either(kind: &ClueKind) -> bool {
    matches!(
        kind,
        ClueKind::Skyscraper(_)
            | ClueKind::HiddenSkyscraper(_)
            | ClueKind::NumberedRoom(_)
            | ClueKind::XSum(_)
            | ClueKind::Sandwich(_)
            | ClueKind::Sum(_)
            | ClueKind::Weighted(_)
            | ClueKind::LittleKiller(_)
            | ClueKind::Whisper(_)
    )
}

/// The line every side of an either/or reads, when each side is a clue of a kind walked along
/// its line ([`walked_in_either`]), all on the same cells in the same order, or digits of cells on
/// that line: the either/or is then walked along it as one automaton, however long it is (a row's
/// "numbered room 8 or X-sum 8"). `None` otherwise: it is filled whole.
pub fn either_line(sides: &[Side]) -> Option<&[usize]> {
    let mut line: Option<&[usize]> = None;
    for x in sides {
        if let Side::Clue(c) = x {
            if !walked_in_either(&c.kind) || *line.get_or_insert(&c.cells) != c.cells.as_slice() {
                return None;
            }
        }
    }
    let line = line?;
    sides
        .iter()
        .all(|x| match x {
            Side::Clue(_) => true,
            Side::Digits(d) => d.iter().all(|(p, _)| line.contains(p)),
            _ => false,
        })
        .then_some(line)
}

/// The most guesses a line of an either/or walked side by side ([`either_lines`]) is walked with:
/// the side first to hold, times the clue of its own side first to fail (or none).
pub const MAX_EITHER_GUESSES: usize = 96;

/// Each side's clues, when every side is one clue walked along its line ([`walked_in_either`]) or
/// an `And` of such clues, and the sides do not all read one line ([`either_line`]): the
/// either/or is then walked side by side, each clue's line knowing which side is the first to
/// hold and which of its own side's clues is the first to fail (ISS's "City Planning": "the
/// skyscraper 1 of column 4 or the skyscraper 1 of row 6"; "Unbidden First Hidden": "row 9's and
/// column 9's hidden skyscrapers are both 1, or both 2, …"). `None` otherwise, and past
/// [`MAX_EITHER_GUESSES`].
pub fn either_lines(sides: &[Side]) -> Option<Vec<Vec<&Clue>>> {
    if either_line(sides).is_some() {
        return None;
    }
    fn walked(x: &Side) -> Option<&Clue> {
        match x {
            Side::Clue(c) if walked_in_either(&c.kind) => Some(c),
            _ => None,
        }
    }
    let out: Vec<Vec<&Clue>> = sides
        .iter()
        .map(|x| match x {
            Side::All(parts) if !parts.is_empty() => parts.iter().map(walked).collect(),
            x => walked(x).map(|c| vec![c]),
        })
        .collect::<Option<_>>()?;
    let most = out.iter().map(Vec::len).max().unwrap_or(0);
    (sides.len() * (most + 1) <= MAX_EITHER_GUESSES).then_some(out)
}

/// A side of an either/or (ISS's `Or`), or a part of one: judged on the digits of its cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Each cell holds one of its digits (bit `d - 1` for digit `d`): givens and candidate sets.
    Digits(Vec<(usize, u32)>),
    /// The cells' digits differ (ISS's `AllDifferent`).
    Distinct(Vec<usize>),
    /// A cage: its digits differ and, when a sum is stated, add up to it (in values).
    Cage(Vec<usize>, Option<u32>),
    /// A clue of the kinds above.
    Clue(Clue),
    /// Every part holds (ISS's `And`).
    All(Vec<Side>),
    /// At least one part holds (an `Or` inside).
    Any(Vec<Side>),
}

impl Side {
    /// The cells the side names, each once, in the order first named.
    pub fn cells(&self, out: &mut Vec<usize>) {
        let mut add = |p: usize| {
            if !out.contains(&p) {
                out.push(p);
            }
        };
        match self {
            Side::Digits(c) => c.iter().for_each(|&(p, _)| add(p)),
            Side::Distinct(c) | Side::Cage(c, _) => c.iter().for_each(|&p| add(p)),
            Side::Clue(c) => c.cells.iter().for_each(|&p| add(p)),
            Side::All(parts) | Side::Any(parts) => parts.iter().for_each(|x| x.cells(out)),
        }
    }

    /// The clues the side holds, at any depth (each is checked as a clue of its own is).
    pub fn clues(&self, out: &mut Vec<Clue>) {
        match self {
            Side::Clue(c) => out.push(c.clone()),
            Side::All(parts) | Side::Any(parts) => parts.iter().for_each(|x| x.clues(out)),
            _ => {}
        }
    }

    /// Whether the side holds on `cells` (row-major digits), its own cells all filled.
    pub fn holds(&self, g: Geometry, rules: &Rules, cells: &[u8]) -> bool {
        let distinct = |c: &[usize]| {
            let mut seen = 0u64;
            c.iter().all(|&p| {
                let fresh = seen >> cells[p] & 1 == 0;
                seen |= 1 << cells[p];
                fresh
            })
        };
        match self {
            Side::Digits(c) => c
                .iter()
                .all(|&(p, mask)| cells[p] > 0 && mask >> (cells[p] - 1) & 1 == 1),
            Side::Distinct(c) => distinct(c),
            Side::Cage(c, sum) => {
                let total: u32 = c.iter().map(|&p| rules.value(u32::from(cells[p]))).sum();
                distinct(c) && sum.is_none_or(|t| t == total)
            }
            Side::Clue(c) => c.broken(g, rules, cells).is_none(),
            Side::All(parts) => parts.iter().all(|x| x.holds(g, rules, cells)),
            Side::Any(parts) => parts.iter().any(|x| x.holds(g, rules, cells)),
        }
    }

    /// The side in the puzzle's words: "r1c2=1", "r6c1 in 1,7", "r3c8, r4c7 differ", "cage 15
    /// in r1c1-r1c3", a clue's name, "(… and …)", "(… or …)". `zero`: values are written from 0.
    pub fn words(&self, size: usize, zero: bool) -> String {
        let join = |parts: &[Side], w: &str| {
            let said: Vec<String> = parts.iter().map(|x| x.words(size, zero)).collect();
            match said.len() {
                1 => said.join(""),
                _ => format!("({})", said.join(w)),
            }
        };
        match self {
            Side::Digits(c) => c
                .iter()
                .map(|&(p, mask)| {
                    let vals: Vec<String> = (1..=32u32)
                        .filter(|d| mask >> (d - 1) & 1 == 1)
                        .map(|d| (d - u32::from(zero)).to_string())
                        .collect();
                    match vals.len() {
                        1 => format!("{}={}", cell_name(size, p), vals[0]),
                        _ => format!("{} in {}", cell_name(size, p), vals.join(",")),
                    }
                })
                .collect::<Vec<_>>()
                .join(" and "),
            Side::Distinct(c) => format!(
                "{} differ",
                c.iter()
                    .map(|&p| cell_name(size, p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Side::Cage(c, Some(t)) => format!("cage {t} in {}", span(size, c)),
            Side::Cage(c, None) => format!("cage in {}", span(size, c)),
            Side::Clue(c) => c.name(size),
            Side::All(parts) => join(parts, " and "),
            Side::Any(parts) => join(parts, " or "),
        }
    }
}

/// The four cells of each 2x2 of an N×N grid, in reading order of their top-left cell.
pub fn squares_2x2(size: usize) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for r in 0..size.saturating_sub(1) {
        for c in 0..size - 1 {
            let p = r * size + c;
            out.push([p, p + 1, p + size, p + size + 1]);
        }
    }
    out
}

/// What a [`ClueKind::Contains`] cage counts: each value of `values` as often as it is listed
/// (`exact`: exactly so often; else at least), none of `none`, the others any number of times.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counted {
    pub values: Vec<u32>,
    pub none: Vec<u32>,
    pub exact: bool,
    /// The clue as the puzzle writes it ("1617" for a look-and-say cage, "6,7" else).
    pub text: String,
    /// Stated as a look-and-say number (count, value pairs).
    pub look: bool,
}

impl Counted {
    /// Each value listed, with how often: in the order first listed.
    pub fn needs(&self) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = Vec::new();
        for &v in &self.values {
            match out.iter_mut().find(|(w, _)| *w == v) {
                Some(e) => e.1 += 1,
                None => out.push((v, 1)),
            }
        }
        out
    }
}

/// A binary relation on values (ISS's pairwise key): `allow[a - least]` has bit `b - least` set
/// when a first cell holding a and a second holding b may stand together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Relation {
    /// The puzzle's name for it ("Nabner"), or empty.
    pub name: String,
    pub all: bool,
    pub least: u32,
    pub allow: Vec<u32>,
}

impl Relation {
    /// Whether a first cell of value `a` and a second of value `b` may stand together.
    pub fn allows(&self, a: u32, b: u32) -> bool {
        let (i, j) = (a.wrapping_sub(self.least), b.wrapping_sub(self.least));
        self.allow
            .get(i as usize)
            .is_some_and(|row| j < 32 && row >> j & 1 == 1)
    }
}

/// The largest sum of a sum loop: its walk keeps a set of the sums before the loop closes as bits of
/// a `u64` beside the sum read mod t (6 bits).
pub const MAX_SUM_LOOP: u32 = 58;

/// Whether the digits, in order, split into runs that each add up to `t` (a sum line's rule).
pub fn splits_into(digits: &[u32], t: u32) -> bool {
    let mut acc = 0;
    for &x in digits {
        acc += x;
        if acc == t {
            acc = 0;
        } else if acc > t {
            return false;
        }
    }
    acc == 0
}

/// Whether some set of one or more of `values` adds up to `t` (a rellik cage's rule).
pub fn subset_sums_to(values: &[u32], t: u32) -> bool {
    let t = t as usize;
    let mut can = vec![false; t + 1];
    can[0] = true;
    for &v in values {
        let v = v as usize;
        if v == 0 {
            // A 0 adds nothing; a set of it alone adds up to 0.
            if t == 0 {
                return true;
            }
            continue;
        }
        for x in (v..=t).rev() {
            can[x] |= can[x - v];
        }
    }
    t > 0 && can[t]
}

/// A clue: its kind and its cells (row-major indices), in the order [`ClueKind`] describes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Clue {
    pub kind: ClueKind,
    pub cells: Vec<usize>,
}

/// A colour of a secondary item: a number (a digit, or a sum: named by the digit's symbol when it
/// is one, `v45` otherwise, so that a zipper's sums and its middle cell's digit agree) or a chain's
/// state (`q17`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Value(u32),
    State(u64),
}

/// How full rank takes two lines that read the same (ISS's `FullRankTies`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ties {
    /// A clued line reads as no other; unclued lines may tie (ISS's default).
    Unclued,
    /// No two lines read the same (`FullRankTies~none`).
    None,
    /// Lines may tie; a line's rank is one more than the number of lines less than it
    /// (`FullRankTies~any`).
    Any,
}

/// One option of a clue: the primary item it covers, the cells it colours with digits (through
/// their `r1c1#` items), other secondary items it colours, and those it covers uncoloured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClueOption {
    pub clue: usize,
    /// Index into [`Encoding::primary`].
    pub item: usize,
    /// More primary items it covers (indices into [`Encoding::primary`]): a chaos region's
    /// cells, each of which one region covers.
    pub more: Vec<usize>,
    pub cells: Vec<(usize, u8)>,
    /// (index into [`Encoding::secondary`], colour).
    pub colours: Vec<(usize, Colour)>,
    pub plain: Vec<usize>,
    /// In the puzzle's words, for the tree and the matrix: "white dot r1c1-r1c2: 3, 4".
    pub label: String,
}

/// The items and options the clues add to a Sudoku's instance (built in `variants::instance`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Encoding {
    pub primary: Vec<String>,
    pub secondary: Vec<String>,
    /// Per cell: the secondary items each of its options colours with its digit.
    pub cell_colours: Vec<Vec<usize>>,
    /// Per cell and digit (`p * N + v - 1`): the secondary items that cell option covers.
    pub cell_plain: Vec<Vec<usize>>,
    /// Per cell and digit (`p * N + v - 1`): the primary items that cell option covers (a
    /// doppelganger's "row 3 holds or misses 5").
    pub cell_primary: Vec<Vec<usize>>,
    /// Per cell and digit (`p * N + v - 1`): the secondary items that cell option colours, each
    /// with a digit's colour other than its own (an indexer's: the option's column or row).
    pub cell_colour_at: Vec<Vec<(usize, u8)>>,
    /// Per cell: the digits left to it (bit `v - 1`).
    pub allowed: Vec<u32>,
    pub options: Vec<ClueOption>,
    /// Per clue: its primary items (indices into `primary`), for pointing at it.
    pub clue_items: Vec<Vec<usize>>,
    /// Per clue: its secondary items (indices into `secondary`).
    pub clue_secondary: Vec<Vec<usize>>,
    /// Chaos construction's `label(r1c1)` items (index into `secondary`) and their cells: an
    /// option colouring one names the cell's region by its first cell.
    pub label_of: HashMap<usize, usize>,
}

/// The values (bit `v`) a doppelganger's house (`kind`: 0 row, 1 column, 2 box; `house` from 0) may
/// miss, as its `missing` list gives them: all of them where it gives none.
pub(crate) fn may_miss(missing: &[[u32; 3]], kind: usize, house: usize) -> u32 {
    missing
        .iter()
        .filter(|m| (m[0], m[1]) == (kind as u32, house as u32))
        .fold(u32::MAX, |a, m| a & m[2])
}

/// The most fillings a piece is filled whole with; past it (counted first), a line is a chain.
pub const WHOLE_MAX: u64 = 2_000;

/// The most options of all the clues together: past it the puzzle is refused, naming the clue that
/// went over, rather than built.
pub const MAX_CLUE_OPTIONS: usize = 400_000;

impl ClueKind {
    /// The prefix of its items' names; the page draws each kind by it.
    pub fn tag(&self) -> &'static str {
        match self {
            ClueKind::Difference(1) => "white",
            ClueKind::Difference(_) => "diff",
            ClueKind::Ratio(2) => "black",
            ClueKind::Ratio(_) => "ratio",
            ClueKind::PairSum(_) => "xv",
            ClueKind::Less => "less",
            ClueKind::Arrow { .. } => "arrow",
            ClueKind::DoubleArrow => "darrow",
            ClueKind::LittleKiller(_) => "lk",
            ClueKind::Sandwich(_) => "sandwich",
            ClueKind::XSum(_) => "xs",
            ClueKind::Whisper(_) => "whisper",
            ClueKind::Renban => "renban",
            ClueKind::Palindrome => "pal",
            ClueKind::Clone => "clone",
            ClueKind::Zipper => "zipper",
            ClueKind::RegionSum => "rsl",
            ClueKind::SumLine(_) => "sumline",
            ClueKind::SumLoop(_) => "sumloop",
            ClueKind::Between => "between",
            ClueKind::Entropic => "entropic",
            ClueKind::Modular(_) => "modular",
            ClueKind::Quad(_) => "quad",
            ClueKind::Skyscraper(_) => "sky",
            ClueKind::HiddenSkyscraper(_) => "hsky",
            ClueKind::Lunchbox(_) => "lunch",
            // Not `sum`: the sums the cages imply are `sum3`.
            ClueKind::Sum(_) => "csum",
            ClueKind::Weighted(_) => "wsum",
            ClueKind::ColumnIndex => "colix",
            ClueKind::RowIndex => "rowix",
            ClueKind::Regex(_) => "regex",
            ClueKind::Nfa(_) => "nfa",
            ClueKind::FullRank(..) => "rank",
            ClueKind::NumberedRoom(_) => "room",
            ClueKind::Lockout(_) => "lockout",
            ClueKind::AntiTaxicab => "taxi",
            ClueKind::Contains(_) => "contains",
            ClueKind::Rellik(_) => "rellik",
            ClueKind::Equality => "equal",
            ClueKind::Pairwise(r) if r.all => "pairx",
            ClueKind::Pairwise(_) => "pair",
            ClueKind::CountingCircles => "count",
            ClueKind::SameValues(_) => "same",
            ClueKind::Classes2x2 { entropy: true } => "entropy2",
            ClueKind::Classes2x2 { entropy: false } => "mod2",
            ClueKind::ValueIndex => "vix",
            ClueKind::CountDistinct => "cdist",
            ClueKind::EqualSum(_) => "esum",
            ClueKind::DutchFlatmates => "dutch",
            ClueKind::Doppelganger { .. } => "dop",
            ClueKind::Either { .. } => "either",
            ClueKind::RegionRun { .. } => "crun",
            ClueKind::RegionCount { .. } => "ccount",
        }
    }

    /// The kind in words, as a legend says it ("kropki white dot").
    pub fn words(&self) -> &'static str {
        match self {
            ClueKind::RegionRun { .. } => "region arrow",
            ClueKind::RegionCount { .. } => "region count",
            ClueKind::Difference(1) => "white dot",
            ClueKind::Difference(_) => "difference dot",
            ClueKind::Ratio(2) => "black dot",
            ClueKind::Ratio(_) => "ratio dot",
            ClueKind::PairSum(10) => "X",
            ClueKind::PairSum(5) => "V",
            ClueKind::PairSum(_) => "sum mark",
            ClueKind::Less => "inequality",
            ClueKind::Arrow { circle: 1 } => "arrow",
            ClueKind::Arrow { .. } => "pill arrow",
            ClueKind::DoubleArrow => "double arrow",
            ClueKind::LittleKiller(_) => "little killer",
            ClueKind::Sandwich(_) => "sandwich",
            ClueKind::XSum(_) => "X-sum",
            ClueKind::Whisper(_) => "whisper",
            ClueKind::Renban => "renban",
            ClueKind::Palindrome => "palindrome",
            ClueKind::Clone => "clone",
            ClueKind::Zipper => "zipper",
            ClueKind::RegionSum => "region-sum line",
            ClueKind::SumLine(_) => "sum line",
            ClueKind::SumLoop(_) => "sum loop",
            ClueKind::Between => "between line",
            ClueKind::Entropic => "entropic line",
            ClueKind::Modular(_) => "modular line",
            ClueKind::Quad(_) => "quadruple",
            ClueKind::Skyscraper(_) => "skyscraper",
            ClueKind::HiddenSkyscraper(_) => "hidden skyscraper",
            ClueKind::Lunchbox(_) => "lunchbox",
            ClueKind::Sum(_) => "sum",
            ClueKind::Weighted(_) => "weighted sum",
            ClueKind::ColumnIndex => "column indexer",
            ClueKind::RowIndex => "row indexer",
            ClueKind::Regex(_) => "regex line",
            ClueKind::Nfa(_) => "state-machine line",
            ClueKind::FullRank(..) => "full rank",
            ClueKind::NumberedRoom(_) => "numbered room",
            ClueKind::Lockout(_) => "lockout line",
            ClueKind::AntiTaxicab => "anti-taxicab",
            ClueKind::Contains(c) if c.look => "look-and-say cage",
            ClueKind::Contains(c) if c.exact => "cage of exact counts",
            ClueKind::Contains(_) => "cage of least counts",
            ClueKind::Rellik(_) => "rellik cage",
            ClueKind::Equality => "equality cage",
            ClueKind::Pairwise(r) if r.all => "pairwise group",
            ClueKind::Pairwise(_) => "pairwise line",
            ClueKind::CountingCircles => "counting circles",
            ClueKind::SameValues(_) => "same-value sets",
            ClueKind::Classes2x2 { entropy: true } => "global entropy",
            ClueKind::Classes2x2 { entropy: false } => "global mod 3",
            ClueKind::ValueIndex => "value indexer",
            ClueKind::CountDistinct => "distinct count",
            ClueKind::EqualSum(_) => "equal sums",
            ClueKind::DutchFlatmates => "Dutch flatmates",
            ClueKind::Doppelganger { .. } => "doppelganger",
            ClueKind::Either { .. } => "either/or",
        }
    }

    /// The number the clue states, if any: a dot's difference or ratio, a mark's sum, a line's or
    /// an outside clue's sum, a whisper's least difference, a modular line's modulus.
    pub fn value(&self) -> Option<u32> {
        match *self {
            ClueKind::Difference(k) | ClueKind::Ratio(k) | ClueKind::PairSum(k) => Some(k.into()),
            ClueKind::Whisper(k) | ClueKind::Modular(k) | ClueKind::Lockout(k) => Some(k.into()),
            ClueKind::LittleKiller(t)
            | ClueKind::Sandwich(t)
            | ClueKind::XSum(t)
            | ClueKind::SumLine(t)
            | ClueKind::SumLoop(t)
            | ClueKind::Skyscraper(t)
            | ClueKind::HiddenSkyscraper(t)
            | ClueKind::Lunchbox(t)
            | ClueKind::NumberedRoom(t)
            | ClueKind::Rellik(t)
            | ClueKind::FullRank(t, _)
            | ClueKind::Sum(t) => Some(t),
            _ => None,
        }
    }

    /// The text the board writes in a shaded cage's corner where it is not [`ClueKind::value`]
    /// ("1617", "≠8", "=").
    pub fn label(&self) -> Option<String> {
        match self {
            ClueKind::Contains(c) => Some(c.text.clone()),
            ClueKind::Rellik(t) => Some(format!("≠{t}")),
            ClueKind::Equality => Some("=".to_string()),
            ClueKind::Either { .. } => Some("or".to_string()),
            // The weights are in the clue's name (its legend and narration).
            ClueKind::Weighted(w) => Some(format!("Σ{}", w.total)),
            _ => None,
        }
    }

    /// An either/or whose sides are all clues outside the grid on one line (a row's "numbered
    /// room 8 or X-sum 8"): what the board writes in the ring before the line, the sides' numbers
    /// with "/" between ("8/8"; a hidden skyscraper's in brackets, as alone). `None` otherwise.
    pub fn ring_text(&self) -> Option<String> {
        let ClueKind::Either { sides, .. } = self else {
            return None;
        };
        either_line(sides)?;
        let texts: Option<Vec<String>> = sides
            .iter()
            .map(|x| match x {
                Side::Clue(c) => match c.kind {
                    ClueKind::HiddenSkyscraper(t) => Some(format!("[{t}]")),
                    ClueKind::LittleKiller(t)
                    | ClueKind::Sandwich(t)
                    | ClueKind::XSum(t)
                    | ClueKind::Skyscraper(t)
                    | ClueKind::NumberedRoom(t) => Some(t.to_string()),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        texts.map(|t| t.join("/"))
    }

    /// The digits an either/or's sides state for cells (its givens and candidate sets, at any
    /// depth), as the board writes them small in each cell: "1", "1,2"; a cell that several sides
    /// state, each with "/" between. Values as the puzzle writes them (from 0 where it does).
    pub fn stated_digits(&self) -> Vec<(usize, String)> {
        let ClueKind::Either { sides, zero } = self else {
            return Vec::new();
        };
        fn walk(x: &Side, zero: bool, out: &mut Vec<(usize, String)>) {
            match x {
                Side::Digits(list) => {
                    for &(p, mask) in list {
                        let vals: Vec<String> = (1..=32u32)
                            .filter(|d| mask >> (d - 1) & 1 == 1)
                            .map(|d| (d - u32::from(zero)).to_string())
                            .collect();
                        let text = vals.join(",");
                        match out.iter_mut().find(|(q, _)| *q == p) {
                            Some((_, t)) => *t = format!("{t}/{text}"),
                            None => out.push((p, text)),
                        }
                    }
                }
                Side::All(parts) | Side::Any(parts) => {
                    parts.iter().for_each(|y| walk(y, zero, out));
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        sides.iter().for_each(|x| walk(x, *zero, &mut out));
        out
    }

    /// The automaton a regex or state-machine line's digits must be accepted by.
    pub fn machine(&self) -> Option<&Machine> {
        match self {
            ClueKind::Regex(re) => Some(&re.machine),
            ClueKind::Nfa(a) => Some(&a.machine),
            _ => None,
        }
    }

    /// Whether the clue is on two orthogonal neighbours.
    pub fn is_pair(&self) -> bool {
        matches!(
            self,
            ClueKind::Difference(_) | ClueKind::Ratio(_) | ClueKind::PairSum(_) | ClueKind::Less
        )
    }

    /// Whether digits `a` (first cell) and `b` may stand on a pair clue.
    fn pair_holds(&self, a: u32, b: u32) -> bool {
        match *self {
            ClueKind::Difference(k) => a.abs_diff(b) == u32::from(k),
            ClueKind::Ratio(k) => a == u32::from(k) * b || b == u32::from(k) * a,
            ClueKind::PairSum(s) => a + b == u32::from(s),
            ClueKind::Less => a < b,
            _ => true,
        }
    }
}

impl Clue {
    /// The clue in the puzzle's words: "white dot r1c1-r1c2", "arrow from r2c3",
    /// "little killer 22 from r1c1", "sandwich 8 in r1c1-r1c9".
    pub fn name(&self, size: usize) -> String {
        let s = span(size, &self.cells);
        let w = self.kind.words();
        match &self.kind {
            ClueKind::Arrow { circle } => {
                format!("{w} from {}", span(size, &self.cells[..*circle]))
            }
            ClueKind::LittleKiller(t) => format!(
                "{w} {t} from {}",
                cell_name(size, self.cells.first().copied().unwrap_or(0))
            ),
            ClueKind::Sandwich(t)
            | ClueKind::XSum(t)
            | ClueKind::SumLine(t)
            | ClueKind::SumLoop(t)
            | ClueKind::Skyscraper(t)
            | ClueKind::HiddenSkyscraper(t)
            | ClueKind::Lunchbox(t)
            | ClueKind::NumberedRoom(t)
            | ClueKind::FullRank(t, _)
            | ClueKind::Sum(t) => format!("{w} {t} in {s}"),
            ClueKind::Lockout(k) => format!("{w} ({k}) on {s}"),
            ClueKind::AntiTaxicab
            | ClueKind::Classes2x2 { .. }
            | ClueKind::DutchFlatmates
            | ClueKind::Doppelganger { .. } => w.to_string(),
            ClueKind::ValueIndex | ClueKind::CountDistinct => format!(
                "{w} from {}",
                cell_name(size, self.cells.first().copied().unwrap_or(0))
            ),
            ClueKind::SameValues(k) => format!("{w} ({k} runs) on {s}"),
            ClueKind::RegionRun { .. } | ClueKind::RegionCount { .. } => format!(
                "{w} at {}",
                cell_name(size, self.cells.first().copied().unwrap_or(0))
            ),
            ClueKind::Contains(c) => format!("{w} {} in {s}", c.text),
            ClueKind::Rellik(t) => format!("{w} {t} in {s}"),
            ClueKind::Weighted(x) => format!("{w} {}", x.words(size, &self.cells)),
            ClueKind::Equality => format!("{w} in {s}"),
            ClueKind::Either { sides, zero } => format!(
                "either {}",
                sides
                    .iter()
                    .map(|x| x.words(size, *zero))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            ClueKind::Pairwise(r) if !r.name.is_empty() => format!("{w} \"{}\" on {s}", r.name),
            ClueKind::Whisper(k) if *k != 5 => format!("{w} ({k}) on {s}"),
            ClueKind::Modular(m) => format!("{w} ({m}) on {s}"),
            ClueKind::Regex(re) => format!("{w} {} on {s}", re.source),
            ClueKind::Nfa(a) if !a.name.is_empty() => format!("{w} \"{}\" on {s}", a.name),
            ClueKind::Quad(d) => format!(
                "{w} {} at {}",
                d.iter().map(u8::to_string).collect::<Vec<_>>().join(""),
                span(size, &self.cells)
            ),
            k if k.is_pair() => format!("{w} {s}"),
            _ => format!("{w} on {s}"),
        }
    }
}

/// The fillings of a renban of `len` cells on an N×N grid: the windows of digits times their
/// arrangements.
fn renban_fillings(size: usize, len: usize) -> u64 {
    let windows = (size + 1).saturating_sub(len) as u64;
    (1..=len as u64)
        .try_fold(windows, |a, x| a.checked_mul(x))
        .unwrap_or(u64::MAX)
}

/// The segments of a region-sum line: maximal runs of its cells (positions in the line) in one
/// region (box, or jigsaw region).
pub fn segments(g: Geometry, rules: &Rules, cells: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=cells.len() {
        if i == cells.len() || rules.region_of(g, cells[i]) != rules.region_of(g, cells[i - 1]) {
            out.push(start..i);
            start = i;
        }
    }
    out
}

/// The pairs of cells (p < q) of an N×N grid that are t cells apart along rows and columns
/// (|Δrow| + |Δcolumn| = t) and in neither one row nor one column, for t from 2 to N: (p, q, t).
/// Cells of one row or column differ anyway; t = 1 would leave only pairs in one of them.
pub fn taxicab_pairs(size: usize) -> Vec<(usize, usize, u32)> {
    let mut out = Vec::new();
    for p in 0..size * size {
        for q in p + 1..size * size {
            let (dr, dc) = ((q / size).abs_diff(p / size), (q % size).abs_diff(p % size));
            if dr > 0 && dc > 0 && dr + dc <= size {
                out.push((p, q, (dr + dc) as u32));
            }
        }
    }
    out
}

/// The orthogonal neighbour pairs (p < q) of an N×N grid.
pub fn orthogonal_pairs(size: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for p in 0..size * size {
        if p % size + 1 < size {
            out.push((p, p + 1));
        }
        if p + size < size * size {
            out.push((p, p + size));
        }
    }
    out
}
