//! `QueueCounter`: the page's run to the end on a work queue, one per Web Worker (www/workers/worker.js).
//! Every worker makes the same split of the problem (`core::split`, a function of the problem and
//! the number of workers), and the page (www/workers/run.js) hands the subproblems out by index, largest
//! first, to whichever worker asks, so no worker sits idle while another has several left (the
//! fixed shares of a `PartCounter` left one idle at the end). A worker asks for more when it
//! begins the last subproblem it holds ([`AHEAD`]), and counts that one meanwhile.
//!
//! Contract (JS):
//!   const q = new QueueCounter(kind, text, distinct, format, tree, workers, top)
//!       loads the problem as `Session.load_as` does (errors thrown with line and column) and
//!       splits it for `workers` workers; `top`: this worker also counts the split's top (exactly
//!       one worker of a run must)
//!   q.subproblems() -> number        how many there are, indices 0.. in the order to hand out
//!   q.estimate() -> number           Knuth's estimate of all of them (the unit of stats().done)
//!   q.push(i)                        hands subproblem i to this worker (appended to what it holds)
//!   q.count_for(ms) -> number        counts for about `ms` ms: 0 when every subproblem it holds is
//!                                    counted, 1 when time is up, 2 when it holds AHEAD or fewer
//!                                    (time to ask for more; call again to count on)
//!   q.pending() -> number            subproblems held and not finished
//!   q.stats() -> {solutions, nodes, updates, done, total}   what this worker counted so far
//!   q.kept() -> [{seq, j, board}]    its first solutions in the whole search's order
//!   q.tree_name(), q.engine_name()   as Session's
//!   warm_engine(ms)                  counts small instances of every engine variant for about `ms`
//!                                    ms, so that V8 has compiled the hot loops in its optimising tier
//!                                    before a run starts (a worker calls it once, while the page idles)

use super::args::{js_error, now, whole_arg};
use super::load::{load_for_js, tree_of, walked};
use super::part::{share_kept, share_stats};
use crate::core::{Order, Plan, Share, Split, Tree};
use crate::problems::{self, Spec};
use wasm_bindgen::prelude::*;

/// A worker asks for more when it holds this many subproblems unfinished: the last one, begun. Two
/// (one in reserve) cut no waiting on the page's answer that the noise did not cover, and a
/// reserve is one more subproblem held when the queue runs out.
const AHEAD: usize = 1;

/// The nodes of a run's first chunk, and the least of any (`count_for` sizes the rest by time).
const MIN_CHUNK: u64 = 256;

/// The nodes `warm_engine` counts of each instance and tree before the next, and a chunk of them.
const WARM_NODES: u64 = 20_000;
const WARM_CHUNK: u64 = 64;

#[wasm_bindgen]
pub struct QueueCounter {
    problem: Box<dyn problems::Problem>,
    share: Share,
    /// Nodes the next chunk counts, sized by the time chunks take.
    chunk: u64,
    /// Whether this refill was already asked for (code 2 once per refill).
    asked: bool,
}

#[wasm_bindgen]
impl QueueCounter {
    #[wasm_bindgen(constructor)]
    pub fn new(
        kind: &str,
        text: &str,
        distinct: Option<bool>,
        format: Option<String>,
        tree: Option<String>,
        workers: JsValue,
        top: bool,
    ) -> Result<QueueCounter, JsValue> {
        // A `u32` parameter took `-1` workers as 4294967295 (a plan of 2^36 subproblems); the
        // CLI's bound on threads.
        let workers = whole_arg("workers", &workers, 1024)? as u32;
        let tree = match tree.as_deref() {
            None => Tree::Dlx1,
            Some(name) => tree_of(name).map_err(|e| js_error(&e))?,
        };
        // As Session::load_as: the one pipeline (the kind's spec, the format, a Sudoku where meant).
        let problem = load_for_js(kind, text, distinct.unwrap_or(false), format.as_deref())?;
        // The threads' plan: the queue balances as work stealing does (16 subproblems a worker).
        let split = Split::with_tree(
            problem.instance(),
            problem.givens(),
            Order::Given,
            Plan::for_threads(workers.max(1) as usize),
            tree,
        )
        .map_err(|c| js_sys::Error::new(&format!("the givens clash on option {}", c.option)))?;
        Ok(QueueCounter {
            problem,
            share: Share::queue(split, top),
            chunk: MIN_CHUNK,
            asked: false,
        })
    }

    pub fn subproblems(&self) -> u32 {
        self.share.split().subproblems.len() as u32
    }

    /// Knuth's estimate of all the subproblems' work (the unit of `stats().done`).
    pub fn estimate(&self) -> f64 {
        let subs = &self.share.split().subproblems;
        subs.iter().map(|p| p.estimate.max(1.0)).sum()
    }

    /// `i` a whole number (a `u32` parameter took `push(-1)` as subproblem 4294967295).
    pub fn push(&mut self, i: JsValue) -> Result<(), JsValue> {
        let i = whole_arg("i", &i, u32::MAX.into())?;
        if i as usize >= self.share.split().subproblems.len() {
            return Err(js_sys::Error::new(&format!("no subproblem {i}")).into());
        }
        self.share.push(i as usize);
        self.asked = false;
        Ok(())
    }

    pub fn pending(&self) -> u32 {
        self.share.pending() as u32
    }

    /// See the contract: 0 all held counted, 1 time up, 2 [`AHEAD`] or fewer held: ask for more.
    pub fn count_for(&mut self, ms: f64) -> u32 {
        let ms = if ms >= 0.0 { ms } else { 0.0 };
        let t0 = now();
        loop {
            if !self.asked && self.share.pending() <= AHEAD {
                self.asked = true;
                return 2;
            }
            let t = now();
            let done = self.share.count(self.chunk);
            let dt = now() - t;
            // A chunk aims at 2 ms (a quarter of a shorter slice), however long the slice (200 ms
            // in worker.js): the question for more is put between chunks, and it must go out
            // soon after the last subproblem held is begun (those at the end of the queue take a
            // few ms each).
            let aim = (ms / 4.0).clamp(0.5, 2.0);
            let scaled = self.chunk as f64 * aim / dt.max(0.01);
            self.chunk = (scaled as u64).clamp(MIN_CHUNK, 1 << 28);
            if done {
                // Several subproblems may end within one chunk: one that ran out without asking
                // asks now (else it would wait for an answer to a question never put).
                if !self.asked {
                    self.asked = true;
                    return 2;
                }
                return 0;
            }
            if now() - t0 >= ms {
                return 1;
            }
        }
    }

    /// What this worker counted so far, as `PartCounter.stats`.
    pub fn stats(&self) -> Result<JsValue, JsValue> {
        share_stats(&self.share)
    }

    /// Its first solutions in the whole search's order, as `PartCounter.kept`.
    pub fn kept(&self) -> Result<JsValue, JsValue> {
        share_kept(self.problem.as_ref(), &self.share)
    }

    pub fn tree_name(&self) -> String {
        walked(self.problem.as_ref(), self.share.split().search().tree()).into()
    }

    pub fn engine_name(&self) -> String {
        self.share.split().search().engine().name().into()
    }
}

/// Counts small instances of every engine variant a run may take (bit sets with options of 2, 3
/// and 6 primary items, the links' loop on Sudoku, colours, the lookahead) again and again for
/// about `ms` milliseconds, so that V8 has tiered their hot loops up before a run starts, and
/// through `Session`'s counting path too (`session::warm_session`). Returns the instances counted.
///
/// Queens 10 and Langford 10 rather than 8: 8-queens is a count of 2,057 nodes and Langford 8 of a
/// few thousand, so in a short warm-up the leaves of options of 2 and 3 items
/// (`Bits::try_option_k`) ran a small share of it, against pentomino 3x20's 20,000 nodes a turn,
/// and the first count after it was not yet at its steady speed. (A turn is longer, so a warm-up
/// may run past `ms` by part of a turn.)
#[wasm_bindgen]
pub fn warm_engine(ms: f64) -> u32 {
    let specs = [
        Spec::Queens(10),
        Spec::Langford {
            n: 10,
            distinct: false,
        },
        Spec::Pentomino {
            board: "3x20".into(),
            distinct: false,
        },
        Spec::Sudoku("1...............".into()),
        Spec::Latin(4),
    ];
    let problems: Vec<_> = specs
        .iter()
        .filter_map(|s| problems::load(s).ok())
        .collect();
    let until = now() + ms;
    let mut counted = 0;
    'warm: loop {
        for p in &problems {
            for tree in [Tree::Dlx1, Tree::Lookahead] {
                // As a run counts: split (its walk and probes), then subproblems through a share
                // (their observer is the share's, a loop of its own in the compiled code).
                let Ok(split) = Split::with_tree(
                    p.instance(),
                    p.givens(),
                    Order::Given,
                    Plan::for_threads(2),
                    tree,
                ) else {
                    continue;
                };
                let n = split.subproblems.len();
                let mut share = Share::queue(split, true);
                (0..n).for_each(|i| share.push(i));
                // In small chunks, as `count_for` counts: what a run calls once a chunk or a
                // subproblem (`Split::resume`, `Search::run`, the bit sets' way in and out,
                // `Bits::root`) then runs often enough here for V8 to tier it up as well as the
                // loops. Counted in one call of 20,000 nodes, those were tiered up during the first
                // runs instead, compiling on the cores the workers count on.
                for _ in 0..WARM_NODES / WARM_CHUNK {
                    if share.count(WARM_CHUNK) {
                        break;
                    }
                }
                if tree == Tree::Dlx1 {
                    // The page's own calls too (Solve, on its main thread): see warm_session.
                    super::session::warm_session(p.as_ref(), 20_000);
                }
                counted += 1;
                if now() >= until {
                    break 'warm;
                }
            }
        }
    }
    counted
}
