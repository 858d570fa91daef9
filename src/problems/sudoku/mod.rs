//! Sudoku N×N with N regions, N = 4 to 16 or 25, as exact cover. The shape (boxes of 2x3 for a 6x6,
//! 3x3 for a 9x9, none for a prime N, whose regions come with the puzzle) is [`Geometry`]'s alone.
//!
//! The encoding is Knuth's (TAOCP 7.2.2.1): four primary items per placed symbol — cell `r1c1` is filled,
//! row `r1=5` has a 5, column `c1=5` has a 5, box `b1=5` has a 5 — and one option per (row, column,
//! symbol), numbered row-major, then by symbol: option `(r·N + c)·N + v − 1` puts symbol `v` (from 1)
//! at row `r`, column `c` (from 0). The givens are options chosen before the search
//! ([`Search::preselect`](crate::core::Search::preselect)), so the search starts from the puzzle, not from the empty grid.
//!
//! Text forms ([`Grid::parse`]; the CLI and the page share it): the N² cells in reading order, on one
//! line or drawn as a grid over several lines. N follows from the number of cells.
//! - Lines starting with `#` or `//` are comments. Border lines — only `-`, `=`, `+`, `.`, `:`, `*`,
//!   `|`, `'` and box-drawing characters, with at least one horizontal stroke — are skipped, which
//!   covers HoDoKu (`.---.`, `:---+`, `'---'`), Simple Sudoku (`*-----*`, `|---+---|`) and box-drawing
//!   grids (`╔═══╤`, `╟───┼`, `┌───┬`). In the other lines spaces, `|`, `+`, `-`, `,`, `;` and
//!   box-drawing characters (`║`, `│`) only separate cells.
//! - An empty cell is `.`, `_`, `*`, or `0` and `x` where they are not symbols.
//! - Symbols are `1`-`9`, then `A`-`P` (either case), except for two common alphabets: a 16x16 in
//!   which `0` appears and `G` does not is hexadecimal (`0`-`F`), and a 25x25 with no digit at all is
//!   written in `A`-`Y`. The board prints a puzzle in the alphabet it was read in ([`Alphabet`]).
//! - Numbers separated by spaces or commas (`1 16 0 12 …`, 1 to N, `0` or `.` empty) are read as one
//!   cell a number when some number has two digits and the count of numbers is a Sudoku's.
//! - A first line that does not read as cells (a title such as `Easter Monster`) is skipped.
//! - A table copied from a web page or a spreadsheet (N lines of N fields between tabs) is read one
//!   cell a field, an empty field an empty cell.
//!
//! [`Solver`] is the throughput path: it builds one search per size once and, per puzzle, preselects the
//! givens, searches, then undoes both in place ([`Search::restart`](crate::core::Search::restart), [`Search::unpreselect`](crate::core::Search::unpreselect)), with no
//! copy of the matrix and no item names or other strings made on the way.

pub mod clues;
pub mod fast;
pub mod fill;
pub mod fpuzzles;
mod fpuzzles_clues;
pub mod geometry;
pub mod iss;
pub mod maker;
pub mod pointing;
mod problem;
mod reader;
mod rules_text;
mod solver;
pub mod sudokupad;
mod sudokupad_shapes;
pub mod variants;
mod words;

pub use clues::{Clue, ClueKind, ClueOption};
pub use geometry::Geometry;
pub use pointing::{Constraint, ConstraintKind};
pub use problem::{
    candidates, instance, instance_in, instance_read, item_cells, option_items, Layout, Sudoku,
};
use reader::cell_name;
pub use reader::{is_clash, is_drawn, Alphabet, Grid, Reading, Source};
pub use solver::{Solved, Solver};
pub use variants::{Cage, Filling, Rules, Shape, Switch};

#[cfg(test)]
mod clue_tests;
#[cfg(test)]
mod tests;
