//! Variant Sudokus (issue 20) as exact cover: the rules a puzzle adds to the classic one, the items
//! and options they become, and an independent checker of each rule on a grid of digits.
//!
//! The encoding (docs/variants.md says why each was chosen):
//! - Units that hold every digit once are primary items `{unit}={v}`, as rows, columns and boxes are:
//!   jigsaw regions `j3=5` (replacing the boxes), the diagonals `d+=5` (r9c1 to r1c9) and `d-=5` (r1c1
//!   to r9c9), the windoku regions `w1=5`, extra regions of N cells `e1=5`.
//! - "At most once" is a secondary item, which an option may cover and no option must (TAOCP 7.2.2.1):
//!   extra regions of fewer than N cells `e2=5`, cages without a sum `cage3=5`, and the pairs that must
//!   differ, grouped into cliques so that one item stands for many pairs: anti-king `king(r1c3)=5` (the
//!   2x2 window whose top-left cell is r1c3: its four cells see each other), anti-knight
//!   `knight(r1c1,r2c3)=5` (a knight's graph has no triangle: its cliques are its pairs), and
//!   non-consecutive `nc(r1c1,r1c2)=4/5` (of the four placements 4 or 5 in either cell, at most one).
//! - Killer cages with a sum and thermometers are shapes filled whole: a primary item `cage3` or
//!   `thermo1`, and one option per filling (each permutation of each combination of distinct digits
//!   with the sum; each strictly increasing run of digits along the thermometer). A cage of more
//!   than `fill::WHOLE_FILLINGS_MAX` fillings has one option per digit set instead, with primary
//!   items `cage3=5` that its cells' options cover; the sums the cages imply (the 45 rule,
//!   `implied.rs`) are more such cages, `sum3` (over up to 5 cells that may repeat a digit, one
//!   option per filling, `spread3`, tied to the cells by colour items `spread3@r2c1`). A cage that shares
//!   no cell with another shape is filled directly: its fillings cover the items of its cells, which
//!   have no option of their own. Other shapes (thermometers, overlapping cages) are tied to the cells
//!   by a secondary item per cell, `r1c1#`, coloured with the cell's digit (Algorithm C's colours):
//!   the cell's own option `r1c1=5` gives it colour 5, so cell options and fillings agree whatever
//!   overlaps. Each is used where it makes the smaller tree (docs/variants.md, and the `variants`
//!   bench): direct on killers, colours on thermometers.
//!
//! Option numbers keep the classic layout: option `p·N + v − 1` puts digit `v` in cell `p`; the
//! fillings come after the N³ cell options ([`Filling`]).

use super::clues::{Clue, ClueKind, Colour, Encoding};
use super::{cell_name, Alphabet, Geometry};
use crate::core::Instance;
use crate::problems::InputError;
use serde::Serialize;

pub mod chaos;
mod implied;
mod instance;
pub use implied::{Implied, ImpliedSets, IMPLIED_SETS_MAX};
pub use instance::{instance, instance_tied, instance_with, Tie};

/// A rule switched on by name for a puzzle typed as text (`dlx … --variant x,anti-knight`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    X,
    Windoku,
    AntiKnight,
    AntiKing,
    NonConsecutive,
}

impl Switch {
    /// Each switch as typed (the first name of each is the one printed).
    pub const NAMES: &'static [(&'static str, Switch)] = &[
        ("x", Switch::X),
        ("diagonal", Switch::X),
        ("windoku", Switch::Windoku),
        ("hyper", Switch::Windoku),
        ("anti-knight", Switch::AntiKnight),
        ("anti-king", Switch::AntiKing),
        ("non-consecutive", Switch::NonConsecutive),
    ];

    /// Every switch once, in the order the page's picker offers them.
    pub const ALL: [Switch; 5] = [
        Switch::X,
        Switch::Windoku,
        Switch::AntiKnight,
        Switch::AntiKing,
        Switch::NonConsecutive,
    ];

    /// The rule in words, for the page's picker.
    pub fn rule(self) -> &'static str {
        match self {
            Switch::X => "both main diagonals hold every digit once",
            Switch::Windoku => {
                "four more 3x3 regions (r2-4 and r6-8 by c2-4 and c6-8) hold every digit once"
            }
            Switch::AntiKnight => "cells a knight's move apart differ",
            Switch::AntiKing => "cells a king's move apart differ",
            Switch::NonConsecutive => "orthogonal neighbours differ by more than 1",
        }
    }

    pub fn name(self) -> &'static str {
        Switch::NAMES
            .iter()
            .find(|&&(_, s)| s == self)
            .map_or("?", |&(n, _)| n)
    }

    /// A comma-separated list (`x,anti-knight`); an unknown name is refused with the names known.
    pub fn parse_list(text: &str) -> Result<Vec<Switch>, InputError> {
        let mut out = Vec::new();
        for word in text.split(',').map(str::trim) {
            if word.is_empty() {
                continue;
            }
            let lower = word.to_ascii_lowercase();
            match Switch::NAMES.iter().find(|&&(n, _)| n == lower) {
                Some(&(_, s)) if !out.contains(&s) => out.push(s),
                Some(_) => {}
                None => {
                    let hint = if ["jigsaw", "killer", "thermo", "thermometer", "extra-region"]
                        .contains(&lower.as_str())
                    {
                        format!(
                            "; a {lower} puzzle needs its shapes: give it as f-puzzles JSON or a link"
                        )
                    } else {
                        String::new()
                    };
                    return Err(InputError::new(format!(
                        "unknown variant `{word}`: expected x (diagonal), windoku (hyper), \
                         anti-knight, anti-king or non-consecutive{hint}"
                    )));
                }
            }
        }
        Ok(out)
    }
}

/// A killer cage: its cells (row-major indices, in the puzzle's order) and its sum, if it has one.
/// A cage without a sum only holds distinct digits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub sum: Option<u32>,
}

/// Everything a puzzle adds to the classic rules. `Rules::default()` is a classic Sudoku. This is
/// also what the page will draw (serialised as it is: cells are row-major indices).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Rules {
    /// Jigsaw: the region (0 to N-1) of each cell, replacing the boxes; `None` keeps the boxes.
    /// A number of N or more is no region (a dead cell, a squishdoku's cross, every cell of a grid
    /// without boxes): read it through [`Rules::region_of`], which says so with `None`.
    pub regions: Option<Vec<u8>>,
    /// The diagonal from r{N}c1 up to r1c{N} holds each digit once (f-puzzles' `diagonal+`).
    pub diagonal_pos: bool,
    /// The diagonal from r1c1 down to r{N}c{N} (`diagonal-`).
    pub diagonal_neg: bool,
    /// Windoku (hyper): the four 3x3 regions r2-4/r6-8 by c2-4/c6-8 each hold every digit (9x9 only).
    pub windoku: bool,
    /// Extra regions: digits differ within each (each digit once when it has N cells).
    pub extra_regions: Vec<Vec<usize>>,
    pub anti_knight: bool,
    pub anti_king: bool,
    /// Orthogonal neighbours differ by more than 1.
    pub non_consecutive: bool,
    pub cages: Vec<Cage>,
    /// Thermometers: each a line of cells from the bulb, strictly increasing.
    pub thermos: Vec<Vec<usize>>,
    /// Dots, XV, arrows, little killers, sandwiches, X-sums and lines (issue 43: `clues/`).
    pub clues: Vec<Clue>,
    /// Cells given a set of candidates (ISS's `R4C7_2_4_6_8`, odd and even cells): the cell and
    /// its digits, bit `v - 1` for `v`.
    pub candidates: Vec<(usize, u32)>,
    /// No orthogonal pair without a white or black dot is consecutive or one double the other.
    pub negative_kropki: bool,
    /// No orthogonal pair without an X or a V adds up to 10 or 5.
    pub negative_xv: bool,
    /// The values are 0 to N-1 (ISS's `.Shape~9x9~0-8`), not 1 to N: digit `d` (from 1, as
    /// everywhere else) stands for the value `d - 1`, and the sums, products and orders the clues
    /// state are of values ([`Rules::value`]). Only the clues whose rule is of values need it.
    pub zero_based: bool,
    /// A grid without Sudoku's own rules (ISS's `.Shape~9x9~0-8~Raw`): its rows and columns are
    /// only where its cells stand, and values may repeat in them; there are no regions either
    /// (`regions` puts every cell in none). What holds is what the clues state.
    pub raw: bool,
    /// Chaos construction (ISS's `ChaosConstruction`): the grid is also cut into connected
    /// regions of `size` cells, not given, each holding distinct digits (`chaos.rs`), beside the
    /// boxes or jigsaw `regions` keeps (ISS's puzzles say `NoBoxes`: every cell in none).
    pub chaos: Option<chaos::Chaos>,
    /// Where each cell outside the grid ([`Geometry::with_extra`]) stands as the puzzle lays it out
    /// under the grid: [row from 0 below the grid, column]. ISS lays each `Var` group out in rows
    /// of the grid's width, and a doppelganger's hidden cells the rows' and the columns' in a row
    /// each, the boxes' in rows of a box's width, a group under another with a row between; the
    /// page draws them there and marks between them are between neighbours there.
    pub outside_at: Vec<[u16; 2]>,
}

/// A whole-shape option: the shape it fills and the digits it puts in the shape's cells, in order;
/// or, for a cage stated by its digit sets (`set`), the digits the cage holds, ascending, which its
/// cells take through their own options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filling {
    pub shape: Shape,
    pub digits: Vec<u8>,
    pub set: bool,
}

impl Filling {
    /// The digits this option puts in the shape's cells, in the shape's order; `None` for a digit
    /// set, which puts none.
    pub fn placed(&self) -> Option<&[u8]> {
        (!self.set).then_some(&self.digits[..])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Cage `k` (from 0) of `Rules::cages`.
    Cage(usize),
    /// Thermometer `k` (from 0) of `Rules::thermos`.
    Thermo(usize),
}

/// The knight's moves and the king's diagonal steps.
const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];
const KING: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The cells at offsets `moves` from `p` on an N×N grid.
fn neighbours(size: usize, p: usize, moves: &[(i32, i32)]) -> impl Iterator<Item = usize> + '_ {
    let (r, c) = ((p / size) as i32, (p % size) as i32);
    moves.iter().filter_map(move |&(dr, dc)| {
        let (r, c) = (r + dr, c + dc);
        let s = size as i32;
        ((0..s).contains(&r) && (0..s).contains(&c)).then(|| (r * s + c) as usize)
    })
}

/// The cells of a diagonal of an N×N grid: with `rising`, f-puzzles' `diagonal+` from r{N}c1 up to
/// r1c{N}; else `diagonal-` from r1c1 down to r{N}c{N}. Named in messages and on the page by its ends
/// ("diagonal r9c1-r1c9", [`span`]), not by f-puzzles' key, which a solver reading "diagonal- holds 2
/// twice" had to decode.
/// A shaped grid's diagonals are those of its square of rows × rows cells (its reader refuses
/// diagonals on a rectangle).
pub fn diagonal(g: Geometry, rising: bool) -> Vec<usize> {
    let (size, n) = (g.size(), g.rows().min(g.cols()));
    if rising {
        (0..n).map(|i| (n - 1 - i) * size + i).collect()
    } else {
        (0..n).map(|i| i * size + i).collect()
    }
}

/// A rule a grid breaks ([`Rules::check`]): in words, and the cells that break it, which the page
/// marks on the board (the two that repeat a digit, a cage's cells, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub message: String,
    pub cells: Vec<usize>,
}

impl Broken {
    fn new(message: String, cells: impl Into<Vec<usize>>) -> Broken {
        Broken {
            message,
            cells: cells.into(),
        }
    }
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<Broken> for String {
    fn from(b: Broken) -> String {
        b.message
    }
}

/// "r1c1-r1c3" for a shape of several cells: its first and last cell, as written.
pub fn span(size: usize, cells: &[usize]) -> String {
    match cells {
        [] => String::new(),
        [one] => cell_name(size, *one),
        [first, .., last] => format!("{}-{}", cell_name(size, *first), cell_name(size, *last)),
    }
}

impl Rules {
    /// A classic Sudoku: no rule beyond rows, columns and boxes.
    pub fn is_classic(&self) -> bool {
        *self == Rules::default()
    }

    /// Switches a named rule on.
    pub fn apply(&mut self, s: Switch) {
        match s {
            Switch::X => {
                self.diagonal_pos = true;
                self.diagonal_neg = true;
            }
            Switch::Windoku => self.windoku = true,
            Switch::AntiKnight => self.anti_knight = true,
            Switch::AntiKing => self.anti_king = true,
            Switch::NonConsecutive => self.non_consecutive = true,
        }
    }

    /// Whether the grid has no regions at all (ISS's `NoBoxes` without a jigsaw): `regions` puts
    /// every cell in one non-region (a jigsaw's pieces are never one piece of all cells).
    pub fn boxless(&self) -> bool {
        self.regions
            .as_ref()
            .is_some_and(|r| r.len() > 1 && r.iter().all(|&x| x == r[0]))
    }

    /// The variants in the puzzle's words, for titles and the page: "jigsaw", "x", "killer", …
    pub fn names(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let mut add = |on: bool, name| {
            if on {
                out.push(name)
            }
        };
        add(self.regions.is_some() && !self.boxless(), "jigsaw");
        add(self.boxless() && !self.raw, "no boxes");
        match (self.diagonal_pos, self.diagonal_neg) {
            (true, true) => add(true, "x"),
            (true, false) | (false, true) => add(true, "diagonal"),
            _ => {}
        }
        add(self.windoku, "windoku");
        add(!self.extra_regions.is_empty(), "extra regions");
        add(self.anti_knight, "anti-knight");
        add(self.anti_king, "anti-king");
        add(self.non_consecutive, "non-consecutive");
        add(self.cages.iter().any(|c| c.sum.is_some()), "killer");
        add(self.cages.iter().any(|c| c.sum.is_none()), "cages");
        add(!self.thermos.is_empty(), "thermo");
        add(self.zero_based, "values from 0");
        add(self.raw, "raw grid");
        add(self.chaos.is_some(), "chaos construction");
        for c in &self.clues {
            let w = match &c.kind {
                ClueKind::Difference(1) | ClueKind::Ratio(2) => "kropki",
                ClueKind::Either { .. } => "either/or",
                ClueKind::Difference(_) => "difference dots",
                ClueKind::Ratio(_) => "ratio dots",
                ClueKind::PairSum(_) => "XV",
                ClueKind::Less => "minimum/maximum",
                ClueKind::Arrow { .. } | ClueKind::DoubleArrow => "arrow",
                ClueKind::LittleKiller(_) => "little killer",
                ClueKind::Sandwich(_) => "sandwich",
                ClueKind::XSum(_) => "X-sums",
                ClueKind::Whisper(_) => "whispers",
                ClueKind::Renban => "renban",
                ClueKind::Palindrome => "palindrome",
                ClueKind::Clone => "clone",
                ClueKind::Zipper => "zipper",
                ClueKind::RegionSum => "region-sum lines",
                ClueKind::SumLine(_) => "sum lines",
                ClueKind::SumLoop(_) => "sum loops",
                ClueKind::Between => "between lines",
                ClueKind::Entropic => "entropic lines",
                ClueKind::Modular(_) => "modular lines",
                ClueKind::Quad(_) => "quadruple",
                ClueKind::Skyscraper(_) => "skyscrapers",
                ClueKind::HiddenSkyscraper(_) => "hidden skyscrapers",
                ClueKind::Lunchbox(_) => "lunchboxes",
                ClueKind::Sum(_) => "sums",
                ClueKind::Weighted(_) => "weighted sums",
                ClueKind::ColumnIndex | ClueKind::RowIndex => "indexers",
                ClueKind::Regex(_) => "regex lines",
                ClueKind::Nfa(_) => "state-machine lines",
                ClueKind::FullRank(..) => "full ranks",
                ClueKind::NumberedRoom(_) => "numbered rooms",
                ClueKind::Lockout(_) => "lockout lines",
                ClueKind::AntiTaxicab => "anti-taxicab",
                ClueKind::Contains(c) if c.look => "look-and-say cages",
                ClueKind::Contains(_) => "cages of counted digits",
                ClueKind::Rellik(_) => "rellik cages",
                ClueKind::Equality => "equality cages",
                ClueKind::Pairwise(_) => "pairwise relations",
                ClueKind::CountingCircles => "counting circles",
                ClueKind::SameValues(_) => "same-value sets",
                ClueKind::Classes2x2 { entropy: true } => "global entropy",
                ClueKind::Classes2x2 { entropy: false } => "global mod 3",
                ClueKind::ValueIndex => "value indexers",
                ClueKind::CountDistinct => "distinct counts",
                ClueKind::EqualSum(_) => "equal sums",
                ClueKind::DutchFlatmates => "Dutch flatmates",
                ClueKind::Doppelganger { .. } => "doppelganger",
                ClueKind::RegionRun { .. } => "region arrows",
                ClueKind::RegionCount { .. } => "region counts",
            };
            if !out.contains(&w) {
                out.push(w);
            }
        }
        for (on, w) in [
            (!self.candidates.is_empty(), "candidates"),
            (self.negative_kropki, "negative kropki"),
            (self.negative_xv, "negative XV"),
        ] {
            if on {
                out.push(w);
            }
        }
        out
    }

    /// Whether the puzzle has shapes: cages, thermometers or clues (lines, arrows, dots, outside
    /// clues), rules beyond its units (rows, columns, regions, diagonals, windoku).
    pub fn has_shapes(&self) -> bool {
        !self.clues.is_empty() || !self.cages.is_empty() || !self.thermos.is_empty()
    }

    /// The region (box, or jigsaw region) of cell `p` in a grid of geometry `g`, or `None` for a
    /// cell in no region (a dead cell, a squishdoku's cross, a grid without boxes): the puzzle's
    /// own regions first (a size without boxes has only those).
    pub fn region_of(&self, g: Geometry, p: usize) -> Option<usize> {
        match &self.regions {
            // A cell outside the grid (ISS's `Var`) is in no region.
            Some(r) => r.get(p).map(|&k| usize::from(k)).filter(|&k| k < g.size()),
            None => g.box_of(p),
        }
    }

    /// The windoku regions' cells (9x9 only: empty otherwise).
    pub fn windoku_regions(g: Geometry) -> Vec<Vec<usize>> {
        if g.size() != 9 {
            return Vec::new();
        }
        [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(r0, c0)| {
                (0..9)
                    .map(|i| (r0 + i / 3) * 9 + c0 + i % 3)
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// Every group of cells whose digits must differ, with its name in the puzzle's words and
    /// whether it holds every digit (N cells): rows, columns, regions, diagonals, windoku and extra
    /// regions, cages.
    pub fn groups(&self, g: Geometry) -> Vec<(String, Vec<usize>)> {
        let size = g.size();
        let mut out = Vec::new();
        // A raw grid's rows and columns state nothing.
        for r in (0..g.rows()).filter(|_| !self.raw) {
            out.push((format!("row {}", r + 1), g.row_cells(r)));
        }
        for c in (0..g.cols()).filter(|_| !self.raw) {
            out.push((format!("column {}", c + 1), g.col_cells(c)));
        }
        let word = if self.regions.is_some() {
            "jigsaw region"
        } else {
            "box"
        };
        let geo = g;
        for r in 0..size {
            let cells: Vec<usize> = (0..size * size)
                .filter(|&p| self.region_of(geo, p) == Some(r))
                .collect();
            // A shaped grid has fewer regions than values, or none.
            if !cells.is_empty() {
                out.push((format!("{word} {}", r + 1), cells));
            }
        }
        for (on, cells) in [
            (self.diagonal_pos, diagonal(g, true)),
            (self.diagonal_neg, diagonal(g, false)),
        ] {
            if on {
                out.push((format!("diagonal {}", span(size, &cells)), cells));
            }
        }
        if self.windoku {
            for (k, cells) in Rules::windoku_regions(g).into_iter().enumerate() {
                out.push((format!("windoku region {}", k + 1), cells));
            }
        }
        for (k, cells) in self.extra_regions.iter().enumerate() {
            out.push((format!("extra region {}", k + 1), cells.clone()));
        }
        for (k, cage) in self.cages.iter().enumerate() {
            out.push((format!("cage {}", k + 1), cage.cells.clone()));
        }
        out
    }

    /// Where the extra regions hold the four windoku windows of `g` (in any order, their cells in
    /// any order), they are a windoku: the switch is set and the four taken out of the extra regions.
    /// Sites with no windoku switch (f-puzzles, SudokuPad) draw it so.
    pub fn windoku_from_extra_regions(&mut self, g: Geometry) {
        let windoku = Rules::windoku_regions(g);
        let sorted = |cells: &[usize]| {
            let mut c = cells.to_vec();
            c.sort_unstable();
            c
        };
        if !windoku.is_empty()
            && windoku
                .iter()
                .all(|w| self.extra_regions.iter().any(|e| sorted(e) == *w))
        {
            self.extra_regions.retain(|e| !windoku.contains(&sorted(e)));
            self.windoku = true;
        }
    }

    /// Checks the shapes against a grid of geometry `g` (called by the readers): cells in the
    /// grid, no cell twice in one shape, jigsaw regions of N cells each, windoku on a 9x9.
    pub fn validate(&self, g: Geometry) -> Result<(), InputError> {
        let size = g.size();
        // A size without boxes (7x7) is a Sudoku only with its regions: said here, before anything
        // asks for a cell's box, whichever reader the grid came from.
        if self.regions.is_none() {
            if let Some(e) = g.needs_regions() {
                return Err(e);
            }
        }
        if let Some(regions) = self
            .regions
            .as_ref()
            .filter(|_| !g.is_shaped() && !self.boxless())
        {
            if regions.len() != size * size {
                return Err(InputError::new(format!(
                    "jigsaw regions: {} cells, not {}",
                    regions.len(),
                    size * size
                )));
            }
            for g in 0..size {
                let count = regions.iter().filter(|&&r| usize::from(r) == g).count();
                if count != size {
                    return Err(InputError::new(format!(
                        "jigsaw region {} has {count} cells; each region must have {size}",
                        g + 1
                    )));
                }
            }
        }
        if self.windoku && size != 9 {
            return Err(InputError::new(format!(
                "windoku is a 9x9 variant, not one of a {size}x{size} Sudoku"
            )));
        }
        let distinct = |what: String, cells: &[usize]| -> Result<(), InputError> {
            for (i, &p) in cells.iter().enumerate() {
                if p >= g.all_cells() || !(g.live(p) || g.is_extra(p)) {
                    return Err(InputError::new(format!("{what}: cell {p} is off the grid")));
                }
                if cells[..i].contains(&p) {
                    return Err(InputError::new(format!(
                        "{what} lists {} twice",
                        cell_name(size, p)
                    )));
                }
            }
            if cells.is_empty() {
                return Err(InputError::new(format!("{what} has no cell")));
            }
            Ok(())
        };
        for (k, cells) in self.extra_regions.iter().enumerate() {
            distinct(format!("extra region {}", k + 1), cells)?;
            if cells.len() > size {
                return Err(InputError::new(format!(
                    "extra region {} has {} cells; its digits must differ, so at most {size}",
                    k + 1,
                    cells.len()
                )));
            }
        }
        for (k, cage) in self.cages.iter().enumerate() {
            distinct(format!("cage {}", k + 1), &cage.cells)?;
            if cage.cells.len() > size {
                return Err(InputError::new(format!(
                    "cage {} has {} cells; its digits must differ, so at most {size}",
                    k + 1,
                    cage.cells.len()
                )));
            }
        }
        for (k, line) in self.thermos.iter().enumerate() {
            distinct(format!("thermometer {}", k + 1), line)?;
        }
        for clue in &self.clues {
            // An either/or's sides: their clues are checked as clues of their own.
            if let ClueKind::Either { sides, .. } = &clue.kind {
                let mut inner = Vec::new();
                sides.iter().for_each(|x| x.clues(&mut inner));
                // The grid's regions too: a 7x7 without them is refused for wanting some.
                let rules = Rules {
                    clues: inner,
                    zero_based: self.zero_based,
                    raw: self.raw,
                    regions: self.regions.clone(),
                    ..Rules::default()
                };
                rules.validate(g)?;
            }
            let what = clue.name(size);
            // A line may pass through a cell twice (its digit counts twice); a mark, a set or a
            // row may not. A value indexer's control may be among the cells it counts (ISS's
            // `ValueIndexing~VA1~R1C1~R1C1~R1C2…`: r1c1 says which cell of row 1 VA1 equals).
            let once = clue.kind.is_pair()
                || matches!(
                    clue.kind,
                    ClueKind::Renban
                        | ClueKind::Quad(_)
                        | ClueKind::Clone
                        | ClueKind::Sandwich(_)
                        | ClueKind::XSum(_)
                        | ClueKind::Palindrome
                        | ClueKind::Zipper
                        | ClueKind::Skyscraper(_)
                        | ClueKind::HiddenSkyscraper(_)
                        | ClueKind::Lunchbox(_)
                        | ClueKind::ColumnIndex
                        | ClueKind::RowIndex
                        | ClueKind::NumberedRoom(_)
                        | ClueKind::AntiTaxicab
                        | ClueKind::Contains(_)
                        | ClueKind::Rellik(_)
                        | ClueKind::Equality
                        | ClueKind::Pairwise(_)
                        | ClueKind::CountingCircles
                        | ClueKind::SameValues(_)
                        | ClueKind::Classes2x2 { .. }
                        | ClueKind::CountDistinct
                        | ClueKind::DutchFlatmates
                        | ClueKind::Doppelganger { .. }
                        | ClueKind::Either { .. }
                );
            if once {
                distinct(what.clone(), &clue.cells)?;
            } else if let Some(&p) = clue.cells.iter().find(|&&p| p >= g.all_cells()) {
                return Err(InputError::new(format!("{what}: cell {p} is off the grid")));
            }
            let n = clue.cells.len();
            // Cells outside the grid (ISS's `Var`) have no place: a mark may join any two.
            let adjacent = |p: usize, q: usize| {
                g.is_extra(p)
                    || g.is_extra(q)
                    || (p / size == q / size && p.abs_diff(q) == 1)
                    || p.abs_diff(q) == size
            };
            let need = |ok: bool, why: &str| -> Result<(), InputError> {
                if ok {
                    Ok(())
                } else {
                    Err(InputError::new(format!("{what}: {why}")))
                }
            };
            match &clue.kind {
                k if k.is_pair() => {
                    need(n == 2, "a mark between two cells has two cells")?;
                    need(
                        adjacent(clue.cells[0], clue.cells[1]),
                        "its two cells are not orthogonal neighbours",
                    )?;
                }
                ClueKind::Arrow { circle } => {
                    need(n > *circle, "an arrow needs a cell beyond its circle")?;
                    need(
                        *circle == 1 || size <= 9,
                        "pill arrows (numbers of several digits) need digits 1-9",
                    )?;
                }
                ClueKind::DoubleArrow | ClueKind::Between => {
                    need(n >= 2, "a line between two ends has at least two cells")?
                }
                ClueKind::Clone => need(n % 2 == 0, "a clone has two halves of equal length")?,
                ClueKind::Entropic => need(size == 9, "entropic lines are a 9x9 rule")?,
                ClueKind::Modular(m) => {
                    need(*m >= 2 && usize::from(*m) <= size, "its modulus is 2 to N")?
                }
                ClueKind::Quad(d) => {
                    need(n == 4, "a quadruple has four cells")?;
                    let lo = usize::from(!self.zero_based);
                    need(
                        d.len() <= 4
                            && d.iter().all(|&v| (lo..size + lo).contains(&usize::from(v))),
                        "a quadruple lists up to four digits of the grid",
                    )?;
                }
                // On values from 0 an indexer's value v names column (row) v counted from 1 and
                // asks it for the value of its own column's number: one in the last column (row)
                // would ask for N, no value. An X-sum's first value counts cells (a 0 none, adding
                // up to 0), a numbered room's names the v-th cell (a 0 none): as ISS reads them.
                ClueKind::ColumnIndex | ClueKind::RowIndex if self.zero_based => {
                    let last = |p: &usize| {
                        if clue.kind == ClueKind::ColumnIndex {
                            p % size == size - 1
                        } else {
                            p / size == size - 1
                        }
                    };
                    need(
                        !clue.cells.iter().any(last),
                        "on a grid of values from 0, an indexer in the last column (row) would ask \
                         for the value N",
                    )?
                }
                ClueKind::AntiTaxicab => need(
                    !self.zero_based,
                    "anti-taxicab on a grid of values from 0 is not supported",
                )?,
                ClueKind::Lockout(k) => {
                    need(n >= 2, "a line between two ends has at least two cells")?;
                    need(
                        (1..size).contains(&usize::from(*k)),
                        "its ends' least difference is 1 to N-1",
                    )?
                }
                ClueKind::Whisper(k) => need(*k >= 1, "a whisper's difference is at least 1")?,
                ClueKind::Contains(c) => {
                    let lo = u32::from(!self.zero_based);
                    let range = lo..size as u32 + lo;
                    need(
                        c.values.iter().chain(&c.none).all(|v| range.contains(v)),
                        &format!(
                            "its values are those of the grid, {}-{}",
                            range.start,
                            range.end - 1
                        ),
                    )?;
                    let needs = c.needs();
                    need(needs.len() <= 15, "it lists at most 15 different values")?;
                    need(
                        needs.iter().all(|&(_, k)| k <= 15) && (!c.exact || c.values.len() <= n),
                        "it lists more values than it has cells",
                    )?;
                }
                ClueKind::Rellik(_) | ClueKind::Equality => {
                    need(
                        n <= size,
                        &format!("its digits differ, so it has at most {size} cells"),
                    )?;
                    need(
                        clue.kind != ClueKind::Equality || n % 2 == 0,
                        "as many even digits as odd need an even number of cells",
                    )?
                }
                ClueKind::SameValues(k) => {
                    let k = usize::from(*k);
                    need(
                        k >= 2 && n % k == 0,
                        "its cells split into 2 or more runs of equal length",
                    )?;
                }
                ClueKind::RegionRun { .. } | ClueKind::RegionCount { .. } => need(
                    self.chaos.is_some() && n >= 2,
                    "a region arrow or count needs chaos construction's regions, a control and \
                     cells",
                )?,
                ClueKind::ValueIndex => need(
                    n >= 3,
                    "a value indexer has a value cell, a control and cells after it",
                )?,
                ClueKind::CountDistinct => {
                    need(n >= 2, "a distinct count has a control and cells to count")?
                }
                ClueKind::EqualSum(runs) => need(
                    runs.len() >= 2
                        && runs.iter().all(|&r| r >= 1)
                        && runs.iter().map(|&r| usize::from(r)).sum::<usize>() == n,
                    "equal sums need two or more runs of cells",
                )?,
                ClueKind::DutchFlatmates => need(
                    size == 9 && !self.zero_based,
                    "Dutch flatmates are a rule of values 1-9",
                )?,
                ClueKind::Doppelganger { .. } => {
                    let side = size - 1;
                    let mut held = vec![0usize; size];
                    let mut boxed = true;
                    for p in g.live_cells() {
                        match self.region_of(g, p) {
                            Some(h) => held[h] += 1,
                            None => boxed = false,
                        }
                    }
                    need(
                        self.zero_based
                            && (g.rows(), g.cols()) == (side, side)
                            && n == side * side
                            && boxed
                            && held.iter().all(|&k| k == 0 || k == side),
                        "a doppelganger is a square grid of the values 0-N whose every cell is \
                         in a region of N cells",
                    )?
                }
                ClueKind::Classes2x2 { entropy } => {
                    need(size == 9, "a 2x2 rule of three classes needs 9 values")?;
                    need(
                        !*entropy || !self.zero_based,
                        "global entropy on a grid of values from 0 is not supported",
                    )?;
                }
                ClueKind::Pairwise(r) => need(
                    r.allow.len() == size,
                    &format!(
                        "its relation is on {} values, the grid has {size}",
                        r.allow.len()
                    ),
                )?,
                _ => {}
            }
        }
        for &(p, _) in &self.candidates {
            if p >= g.all_cells() {
                return Err(InputError::new(format!(
                    "candidates: cell {p} is off the grid"
                )));
            }
        }
        Ok(())
    }

    /// What digit `d` (from 1) stands for: `d`, or `d - 1` where the values start at 0.
    pub fn value(&self, d: u32) -> u32 {
        d - u32::from(self.zero_based)
    }

    /// The sum of the digits of `cells` cells whose values add up to `stated`: a cage of 3 cells
    /// stated as 6 on a grid of values 0-8 adds up to 9 in digits 1-9.
    pub fn digit_sum(&self, stated: u32, cells: usize) -> u32 {
        stated + cells as u32 * u32::from(self.zero_based)
    }

    /// The independent checker: the first rule `cells` (row-major, 0 empty) breaks, in words and
    /// its cells. With
    /// `complete`, every cell must be filled and every cage's sum reached; otherwise empty cells are
    /// left out (givens). It reads the rules as a puzzle's text states them, not the instance.
    pub fn check(&self, g: Geometry, cells: &[u8], complete: bool) -> Result<(), Broken> {
        let size = g.size();
        let name = |p: usize| cell_name(size, p);
        // Messages name values as the puzzle writes them (0-8 where the values start at 0).
        let val = |v: u8| self.value(u32::from(v));
        // The grid's cells, then those outside it (ISS's `Var`).
        if cells.len() != g.all_cells() {
            return Err(Broken::new(
                format!("{} cells, not {}", cells.len(), g.all_cells()),
                [],
            ));
        }
        for (p, &v) in cells.iter().enumerate() {
            let cell = g.live(p) || g.is_extra(p);
            if !cell && v != 0 {
                return Err(Broken::new(
                    format!("{} holds {v} but is not a cell of the grid", name(p)),
                    [p],
                ));
            }
            if usize::from(v) > size || (complete && v == 0 && cell) {
                return Err(Broken::new(
                    format!("{} holds {v}, not a digit 1-{size}", name(p)),
                    [p],
                ));
            }
        }
        for (what, group) in self.groups(g) {
            for (i, &p) in group.iter().enumerate() {
                if let Some(&q) = group[..i]
                    .iter()
                    .find(|&&q| cells[q] != 0 && cells[q] == cells[p])
                {
                    return Err(Broken::new(
                        format!(
                            "{what} holds {} twice ({} and {})",
                            val(cells[p]),
                            name(q),
                            name(p)
                        ),
                        [q, p],
                    ));
                }
            }
        }
        let pairs = |moves: &[(i32, i32)], what: &str| -> Result<(), Broken> {
            for p in 0..size * size {
                for q in neighbours(size, p, moves) {
                    if q > p && cells[p] != 0 && cells[p] == cells[q] {
                        return Err(Broken::new(
                            format!(
                                "{} and {} are a {what} apart and both hold {}",
                                name(p),
                                name(q),
                                val(cells[p])
                            ),
                            [p, q],
                        ));
                    }
                }
            }
            Ok(())
        };
        if self.anti_knight {
            pairs(&KNIGHT, "knight's move")?;
        }
        if self.anti_king {
            pairs(&KING, "king's move")?;
        }
        if self.non_consecutive {
            for p in 0..size * size {
                for q in neighbours(size, p, &[(0, 1), (1, 0)]) {
                    let (a, b) = (cells[p], cells[q]);
                    if a != 0 && b != 0 && a.abs_diff(b) == 1 {
                        return Err(Broken::new(
                            format!(
                                "{} and {} are neighbours holding consecutive digits {} and {}",
                                name(p),
                                name(q),
                                val(a),
                                val(b)
                            ),
                            [p, q],
                        ));
                    }
                }
            }
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let Some(sum) = cage.sum else { continue };
            // Values, not digits: a cage of values 0-8 states their sum.
            let filled: Vec<u32> = cage.cells.iter().map(|&p| u32::from(cells[p])).collect();
            let total: u32 = filled
                .iter()
                .filter(|&&v| v != 0)
                .map(|&v| self.value(v))
                .sum();
            if (complete || filled.iter().all(|&v| v != 0)) && total != sum {
                return Err(Broken::new(
                    format!(
                        "cage {} in {} adds up to {total}, not {sum}",
                        k + 1,
                        span(size, &cage.cells)
                    ),
                    cage.cells.clone(),
                ));
            }
            if total > sum {
                return Err(Broken::new(
                    format!(
                        "cage {} in {}: its givens add up to {total}, more than {sum}",
                        k + 1,
                        span(size, &cage.cells)
                    ),
                    cage.cells.clone(),
                ));
            }
        }
        for &(p, mask) in &self.candidates {
            let v = cells[p];
            if v != 0 && mask & (1 << (v - 1)) == 0 {
                let set: Vec<String> = (1..=size as u32)
                    .filter(|&d| mask & (1 << (d - 1)) != 0)
                    .map(|d| self.value(d).to_string())
                    .collect();
                return Err(Broken::new(
                    format!(
                        "{} holds {}, not one of {}",
                        name(p),
                        val(v),
                        set.join(", ")
                    ),
                    [p],
                ));
            }
        }
        for clue in &self.clues {
            if let Some(why) = clue.broken(g, self, cells) {
                return Err(Broken::new(why, clue.cells.clone()));
            }
        }
        for (on, marks, what) in [
            (self.negative_kropki, "white or black dot", 0),
            (self.negative_xv, "X or V", 1),
        ] {
            if !on {
                continue;
            }
            for (p, q) in super::clues::orthogonal_pairs(size) {
                if cells[p] == 0 || cells[q] == 0 {
                    continue;
                }
                let (a, b) = (val(cells[p]), val(cells[q]));
                let marked = self.clues.iter().any(|c| {
                    let kind = match c.kind {
                        ClueKind::Difference(_) | ClueKind::Ratio(_) => 0,
                        ClueKind::PairSum(_) => 1,
                        _ => 2,
                    };
                    kind == what && c.cells.contains(&p) && c.cells.contains(&q)
                });
                let bad = if what == 0 {
                    a.abs_diff(b) == 1 || a == 2 * b || b == 2 * a
                } else {
                    a + b == 5 || a + b == 10
                };
                if bad && !marked {
                    return Err(Broken::new(
                        format!(
                            "{} and {} hold {a} and {b} with no {marks} between them",
                            name(p),
                            name(q)
                        ),
                        [p, q],
                    ));
                }
            }
        }
        for (k, line) in self.thermos.iter().enumerate() {
            for w in line.windows(2) {
                let (a, b) = (cells[w[0]], cells[w[1]]);
                if a != 0 && b != 0 && a >= b {
                    return Err(Broken::new(
                        format!(
                            "thermometer {} does not rise from {} ({}) to {} ({})",
                            k + 1,
                            name(w[0]),
                            val(a),
                            name(w[1]),
                            val(b)
                        ),
                        [w[0], w[1]],
                    ));
                }
            }
        }
        // Chaos construction: the grid must admit a cut into its regions that keeps their sets
        // and clues; a grid with an empty cell is judged by the rest.
        if let Some(ch) = self.chaos.as_ref().filter(|_| complete) {
            if chaos::cut(ch, g, cells, &self.clues, &|d| self.value(d)).is_none() {
                return Err(Broken::new(
                    format!(
                        "no cut of the grid into connected regions of {} cells, each holding \
                         different digits, keeps the chaos construction's rules",
                        ch.size
                    ),
                    [],
                ));
            }
        }
        Ok(())
    }

    /// The cells of a shape.
    pub fn shape_cells(&self, shape: Shape) -> &[usize] {
        match shape {
            Shape::Cage(k) => &self.cages[k].cells,
            Shape::Thermo(k) => &self.thermos[k],
        }
    }
}
