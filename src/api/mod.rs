//! The library's public API, over the engine's internals: [`Instance`], [`Solver`], [`Puzzle`]
//! and the puzzles' builders, with one [`Error`]. The crate root re-exports all of it.

mod error;
mod instance;
mod puzzle;
mod solver;

pub use error::{Error, Result};
pub use instance::Instance;
pub use puzzle::{edge_matching, langford, latin, macmahon, pentomino, queens, sudoku};
pub use puzzle::{Boards, Puzzle};
pub use solver::{Found, Solutions, Solver};
