//! Counting with memos (Knuth's DLX6, after Nishino, Yasuda, Minato and Nagata's DXZ): Algorithm X
//! that looks each subproblem up by the set of items it leaves (and their colours) before searching
//! it, so a subproblem met again costs one lookup; independent parts counted apart and multiplied
//! (DXD); the ZDD of every solution, in Knuth's text format.
//!
//! - `state.rs`: the items and options as arrays, live options, cover and purify with their undo,
//!   MRV, the key.
//! - `cache.rs`: the memo table within a memory budget.
//! - `run.rs`: the count (hits, misses, the give-up rule, ZDD nodes).
//! - `parts.rs`: independent parts.
//! - [`num`]: counts in `u128`, a big integer past it.
//! - [`zdd`]: the ZDD, written and read in Knuth's format.
//!
//! Plain Rust, no I/O; threads only where [`Settings::threads`] asks for more than one (the page
//! asks for one, and runs it as it is). The count recurses once a level
//! (at most one level per primary item): [`stack_bytes`] says the stack a caller should give it.
//! Multiplicities are refused ([`MemoError::Multiplicities`]): DLX6 keys them by their bounds,
//! which this engine does not keep yet.

mod cache;
pub mod num;
mod parts;
mod run;
mod state;
pub mod zdd;

use crate::core::Instance;
pub use num::Num;
pub use zdd::{ZNode, Zdd, ZddError};

/// When the count gives up on memos (hits too rare for what they cost).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GiveUp {
    /// Never (a ZDD is asked for, or the caller wants the memo count whatever it costs).
    Never,
    /// When, at 4,096 search nodes and at each doubling after, the nodes the hits spared (those
    /// plain search would have walked in the subproblems found in the table) are fewer than this
    /// many times the nodes walked.
    Below(f64),
}

/// How to count.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The most bytes the memo table (and the ZDD, which shares the budget) may take.
    pub budget: usize,
    pub give_up: GiveUp,
    /// Build the ZDD of all solutions (no parts then: a product of ZDDs is not one DLX6 chain).
    pub zdd: bool,
    /// Count independent parts apart.
    pub parts: bool,
    /// Threads the parts of a split may be counted on (DXD gives them to threads): a split into two
    /// or more large parts ([`THREAD_PART`]) counts them side by side, each thread with a table of
    /// its own, merged into the count's table when they end. One: everything on the caller's.
    pub threads: usize,
}

/// The fewest active primary items a part needs to be given a thread of its own: a smaller one is
/// counted in less time than a thread takes to start and its table to be merged.
pub const THREAD_PART: usize = 24;

/// The default budget: 1 GiB.
pub const DEFAULT_BUDGET: usize = 1 << 30;

/// What `dlx count --memo` asks of the hits before it goes back to plain search: that they spare
/// this many plain nodes for each node walked (a node with memos costs several plain ones).
pub const RARE: f64 = 1.0;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            budget: DEFAULT_BUDGET,
            give_up: GiveUp::Never,
            zdd: false,
            parts: true,
            threads: 1,
        }
    }
}

/// What a memoised count did, named as DLX6 prints them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Search nodes as DLX6 counts them: each subproblem entered (hit or not) and each solution.
    pub nodes: u64,
    /// DLX6's hits: the cache's hits and the solutions (Algorithm 7.2.2.1Z counts a solution as a
    /// hit one level down).
    pub hits: u64,
    /// The cache's hits alone.
    pub cache_hits: u64,
    /// The nodes plain search would have walked in the subproblems the hits found (saturating).
    pub spared: u64,
    /// Subproblems kept in the table.
    pub memos: u64,
    /// ZDD nodes made (without DLX6's dummy root).
    pub zdd_nodes: u64,
    /// Subproblems counted as a product of independent parts.
    pub splits: u64,
    /// Parts counted on a thread other than the count's own ([`Settings::threads`]).
    pub parts_on_threads: u64,
    /// Options hidden times their size (DLX's updates, roughly: an option's entries leaving lists).
    pub updates: u64,
    /// The table's bytes at the end (an estimate: slots, keys, big counts).
    pub bytes: u64,
    /// Whether the table reached its budget (it evicted memos from then on).
    pub full: bool,
    /// Memos evicted to make room: those of the smallest subproblems, about half the table each
    /// time it is full.
    pub evicted: u64,
}

impl MemoStats {
    /// Adds the counts of a part counted on another thread (the table's own figures, memos and
    /// bytes, are the table's to say).
    fn add(&mut self, o: &MemoStats) {
        self.nodes += o.nodes;
        self.hits += o.hits;
        self.cache_hits += o.cache_hits;
        self.spared = self.spared.saturating_add(o.spared);
        self.zdd_nodes += o.zdd_nodes;
        self.splits += o.splits;
        self.parts_on_threads += o.parts_on_threads;
        self.updates += o.updates;
    }
}

/// Why a memoised count did not finish.
#[derive(Clone, Debug, PartialEq)]
pub enum MemoError {
    /// The instance has multiplicities, which this engine does not count.
    Multiplicities,
    /// The give-up rule ([`GiveUp::Below`]) stopped it, with the counts so far: plain search pays
    /// better here.
    GaveUp(MemoStats),
    /// The ZDD passed the budget at this many nodes.
    ZddTooLarge(u64),
    /// Given option `k` clashes with an earlier given (or does not exist).
    Clash(usize),
    /// The [`Watch`] stopped it, with the counts so far.
    Stopped(MemoStats),
}

impl std::fmt::Display for MemoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MemoError::Multiplicities => f.write_str(
                "counting with memos does not take multiplicities (items with bounds) yet",
            ),
            MemoError::GaveUp(s) => write!(
                f,
                "memos paid too little ({} hits in {} search nodes spared {} plain nodes)",
                s.cache_hits, s.nodes, s.spared
            ),
            MemoError::ZddTooLarge(n) => write!(
                f,
                "the ZDD passed the memory budget at {n} nodes (give a larger --memo-budget)"
            ),
            MemoError::Clash(k) => write!(f, "given option {k} clashes with an earlier given"),
            MemoError::Stopped(s) => write!(f, "stopped after {} search nodes", s.nodes),
        }
    }
}

/// A finished count.
#[derive(Clone, Debug)]
pub struct Counted {
    pub solutions: Num,
    pub stats: MemoStats,
    /// The ZDD, when asked for.
    pub zdd: Option<Zdd>,
}

/// Who watches a count as it goes (the page's worker: its run box; a test: when to stop it).
pub trait Watch {
    /// Called every few thousand search nodes with the counts so far (`memos`, `bytes` and `full`
    /// filled in) and the fraction of the search tree done (0 to 1, never falling: the share of
    /// the top levels' options tried, as Knuth's programs report progress; the parts of a split
    /// subproblem count as its first). No partial count of solutions: with memos, a count is known
    /// only once its subproblem is finished. `false` stops the count ([`MemoError::Stopped`]).
    fn progress(&mut self, stats: &MemoStats, done: f64) -> bool;
}

/// Counts the solutions of `inst` with `givens` taken first (as the plain search preselects them).
pub fn count(inst: &Instance, givens: &[usize], settings: &Settings) -> Result<Counted, MemoError> {
    count_watched(inst, givens, settings, None)
}

/// [`count`], telling `watch` how it goes.
pub fn count_watched(
    inst: &Instance,
    givens: &[usize],
    settings: &Settings,
    watch: Option<&mut dyn Watch>,
) -> Result<Counted, MemoError> {
    if inst.has_multiplicities() {
        return Err(MemoError::Multiplicities);
    }
    let settings = Settings {
        parts: settings.parts && !settings.zdd,
        ..settings.clone()
    };
    let (solutions, _, stats, zdd) = run::count(state::State::new(inst), givens, &settings, watch)?;
    Ok(Counted {
        solutions,
        stats,
        zdd,
    })
}

/// The stack the count needs at most for `inst` (a frame a level, a level a primary item at most),
/// with room to spare: a caller on a thread of its own asks for this much.
pub fn stack_bytes(inst: &Instance) -> usize {
    stack_for(inst.n_primary())
}

/// [`stack_bytes`] for `n_primary` primary items (a part's thread asks for it too).
fn stack_for(n_primary: usize) -> usize {
    (n_primary + 64) * 512 + (1 << 20)
}

#[cfg(test)]
mod tests;
