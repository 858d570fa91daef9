//! The exact-cover engine: plain Rust, no I/O, no wasm-bindgen.
//!
//! - [`bits`]: Algorithm X on bit sets of options, DLX1's tree without links (the fast count).
//! - [`instance`]: items and options as a problem states them.
//! - [`links`]: Knuth's DLX1 link arrays and the operations cover, uncover, hide, unhide.
//! - [`memo`]: counting with memos (DLX6): subproblems cached by their items, independent parts, a ZDD.
//! - [`naive`]: Algorithm X on a plain 0-1 matrix, everything found by scanning (the yardstick).
//! - [`names`]: the names of the search's settings (tree, engine, heuristic, algorithm), one table each.
//! - [`probe`]: solving with pruning at the start and at each node of a shallow tree of choices.
//! - [`propagate`]: solving with propagation at every node (binary branches, a trail to undo).
//! - [`prune`]: options no solution can use (choosing one empties an item), emptied before the search.
//! - `rng`: SplitMix64, the seeded generator of shuffles, estimates and generated tiles.
//! - [`search`]: Algorithm X as a resumable, reversible state machine reporting to an observer.
//! - [`split`]: the search tree cut into subproblems whose counts add up to the whole search's.
//! - [`turns`]: probes and propagation taking turns on one instance, the first to end answering.
//! - [`threads`]: subproblems counted on a rayon work-stealing pool (native; on wasm32, where the page
//!   runs workers, the same functions count on the calling thread).

pub mod bits;
pub mod instance;
pub mod links;
pub mod memo;
pub mod naive;
pub mod names;
pub mod probe;
pub mod propagate;
pub mod prune;
pub(crate) mod rng;
pub mod search;
pub mod split;
pub mod threads;
pub mod turns;

pub use instance::{Instance, InstanceError};
pub use links::{ItemLink, Links, Node, Order, COVERED, MARKED};
pub use naive::{Naive, NaiveError};
pub use names::{Algorithm, Named, UnknownName};
pub use search::{
    Clash, Count, Ctx, Engine, Event, FollowError, Heuristic, Limits, Observer, Phase, Search,
    SolutionStop, Stats, Status, StopAtSolution, Tree,
};
pub use split::{fingerprint, fingerprint_tree, Plan, Share, Split, Subproblem, Tally};
