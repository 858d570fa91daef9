//! Knuth's Dancing Links (Algorithm X, with colours Algorithm C, with multiplicities Algorithm M)
//! for generalized exact cover, as in TAOCP 7.2.2.1 and his programs DLX1, DLX2 and DLX3: the
//! engine of DLX Studio's page and of its `dlx` command line, as a library.
//!
//! - [`Instance`]: items and options (primary, secondary, colours, multiplicities), built in code or
//!   read from Knuth's format or a 0-1 matrix, and written back.
//! - [`Solver`]: counts (on bit sets where they pay), finds solutions one at a time ([`Solutions`]),
//!   stops early, and steps forwards and backwards one [`Event`] at a time, with no trace kept.
//! - [`Puzzle`] and its builders, [`sudoku`] (with variants), [`queens`], [`pentomino`],
//!   [`langford`], [`latin`], [`edge_matching`], [`macmahon`]: the instance, the givens, and the
//!   boards its solutions decode to, checked against the puzzle's rules.
//! - [`Error`]: what is wrong and where, in the words `dlx` prints.
//!
//! ```
//! use dlx_studio::{queens, Instance};
//!
//! // 8-queens: 92 solutions.
//! assert_eq!(queens::new(8)?.count(), 92);
//!
//! // An exact cover with a coloured secondary item: p and q may share x only in one colour.
//! let mut inst = Instance::new(["p", "q"], ["x"])?;
//! inst.add_option(["p", "x:A"])?;
//! inst.add_option(["q", "x:A"])?;
//! inst.add_option(["q", "x:B"])?;
//! assert_eq!(inst.solutions().collect::<Vec<_>>(), vec![vec![0, 1]]);
//! # Ok::<(), dlx_studio::Error>(())
//! ```
//!
//! The modules hidden from this documentation (`core`, `problems`, …) are the engine's internals,
//! public only for the command line, the page's wasm layer and the tests: they change without notice.

// `unsafe` lives in two files, `core/links/raw.rs` and `core/bits/raw.rs` (the bit sets' unchecked
// inner loop and their vector code), each block with a `SAFETY:` comment that clippy holds it to.
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

mod api;

pub use api::{
    edge_matching, langford, latin, macmahon, pentomino, queens, sudoku, Boards, Error, Found,
    Instance, Puzzle, Result, Solutions, Solver,
};
pub use core::{Event, Stats};
pub use problems::{Board, ProblemKind};

// The internals' docs are not rendered (hidden), and link freely to private items within them.
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links, rustdoc::broken_intra_doc_links)]
pub mod core;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links, rustdoc::broken_intra_doc_links)]
pub mod figures;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links, rustdoc::broken_intra_doc_links)]
pub mod narrate;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links, rustdoc::broken_intra_doc_links)]
pub mod problems;
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links, rustdoc::broken_intra_doc_links)]
pub mod report;

// Public so that tests/wasm/session.rs can drive the Session from Rust in the browser.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links, rustdoc::broken_intra_doc_links)]
pub mod wasm;
