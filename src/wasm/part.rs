//! `PartCounter`: what a worker of the page's run to the end counts, part k of n of a problem.

use super::args::{js_error, now, to_js, whole_arg, LoadArgs};
use super::load::{load_for_js, tree_of, walked};
use crate::core::{Order, Plan, Share, Split, Tree};
use crate::problems::{self, InputError, Problem};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Part `k` of `n` of a problem, counted in timed slices by one worker of the run to the end
/// (`www/workers/worker.js`): `new PartCounter(kind, text, distinct, format, tree, k, n)` reads the problem as
/// `Session.load_as` does (same messages; `tree` a name of `search_trees()`, undefined for "dlx1")
/// and splits the tree it walks (`core::split`: the split depends on the problem, the tree and `n`
/// only, so every worker makes the same one, and the `n` parts add up to the whole count, nodes and
/// updates included). `k` and `n` are whole numbers, `n` from 1 to 2^32 - 1 and `k` below it.
#[wasm_bindgen]
pub struct PartCounter {
    problem: Box<dyn Problem>,
    share: Share,
    /// Nodes of the next chunk, adapted to the time a chunk takes.
    chunk: u64,
    /// The tree walked and the engine counted with, as `dlx count --json` names them.
    tree: &'static str,
    engine: &'static str,
}

#[derive(Serialize)]
struct PartView {
    solutions: u64,
    nodes: u64,
    updates: u64,
    done: f64,
    total: f64,
    finished: bool,
}

#[wasm_bindgen]
impl PartCounter {
    #[wasm_bindgen(constructor)]
    pub fn new(
        kind: JsValue,
        text: JsValue,
        distinct: JsValue,
        format: JsValue,
        tree: JsValue,
        k: JsValue,
        n: JsValue,
    ) -> Result<PartCounter, JsValue> {
        let a = LoadArgs::check(&kind, &text, &distinct, &format, problems::MAX_INPUT)?;
        let tree = if tree.is_undefined() || tree.is_null() {
            Tree::Dlx1
        } else {
            let name = super::args::string_arg("tree", &tree)?;
            tree_of(&name).map_err(|e| js_error(&e))?
        };
        // A u32 parameter took `-1` as 2^32 - 1, and `2**32 - 1` parts panicked.
        let n = whole_arg("n", &n, u32::MAX.into())?;
        if n == 0 {
            return Err(js_error(&InputError::new("n must be at least 1, not 0")));
        }
        let k = whole_arg("k", &k, n - 1)?;
        let problem = load_for_js(
            &a.kind,
            &a.text,
            a.distinct.unwrap_or(false),
            a.format.as_deref(),
        )?;
        let split = Split::with_tree(
            problem.instance(),
            problem.givens(),
            Order::Given,
            Plan::for_workers(n as usize),
            tree,
        )
        .map_err(|c| {
            let inst = problem.instance();
            js_error(&InputError::new(format!(
                "the given option `{}` clashes with an earlier one on item {}",
                inst.option_text(c.option),
                inst.item_name(c.item)
            )))
        })?;
        let engine = split.search().engine().name();
        Ok(PartCounter {
            tree: walked(problem.as_ref(), tree),
            engine,
            share: split.into_share(k as usize, n as usize),
            problem,
            chunk: 1024,
        })
    }

    /// Counts on in the part for about `ms` milliseconds; true when the part is done. The time is
    /// read with `performance.now()` between chunks of nodes sized to take a quarter of it, so a
    /// slice lasts about `ms` whether a node costs a microsecond or a millisecond.
    pub fn count_for(&mut self, ms: f64) -> bool {
        // NaN or a negative time is no time: one chunk, then back to the caller.
        let ms = if ms >= 0.0 { ms } else { 0.0 };
        let t0 = now();
        loop {
            let t = now();
            let done = self.share.count(self.chunk);
            let dt = now() - t;
            let aim = (ms / 4.0).max(0.5);
            let scaled = self.chunk as f64 * aim / dt.max(0.01);
            self.chunk = (scaled as u64).clamp(256, 1 << 28);
            if done {
                return true;
            }
            if now() - t0 >= ms {
                return false;
            }
        }
    }

    /// What the part has counted so far: `{solutions, nodes, updates, done, total, finished}`; `done`
    /// and `total` are Knuth's estimates of the part's work done and of all of it (sum them over the
    /// parts for a progress bar).
    pub fn stats(&self) -> Result<JsValue, JsValue> {
        share_stats(&self.share)
    }

    /// The part's first 100 solutions in the whole search's order (among its finished subproblems),
    /// `[{seq, j, board}]`: sort all parts' by `(seq, j)` and keep the first 100.
    pub fn kept(&self) -> Result<JsValue, JsValue> {
        share_kept(self.problem.as_ref(), &self.share)
    }

    /// The tree the part walks, as `dlx count --json` names it: "dlx1", "lookahead", or "dlx3" for
    /// multiplicities.
    pub fn tree_name(&self) -> String {
        self.tree.into()
    }

    /// What the part counts with: "bits" or "links" (the same nodes and updates either way).
    pub fn engine_name(&self) -> String {
        self.engine.into()
    }
}

/// What a share has counted so far (`PartCounter.stats`, `QueueCounter.stats`): `{solutions, nodes,
/// updates, done, total, finished}`; `done` and `total` are Knuth's estimates of the work done and of
/// all of it (summed over the workers for a progress bar).
pub(super) fn share_stats(share: &Share) -> Result<JsValue, JsValue> {
    let t = share.tally();
    let (done, total) = share.progress();
    to_js(&PartView {
        solutions: t.stats.solutions,
        nodes: t.stats.nodes,
        updates: t.stats.updates,
        done,
        total,
        finished: share.is_done(),
    })
}

/// A share's first solutions in the whole search's order, `[{seq, j, board}]` (`PartCounter.kept`,
/// `QueueCounter.kept`): sort all workers' by `(seq, j)` and keep the first `KEEP`.
pub(super) fn share_kept(problem: &dyn Problem, share: &Share) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Kept {
        seq: u64,
        j: usize,
        board: problems::Board,
    }
    let kept: Vec<Kept> = share
        .kept()
        .iter()
        .map(|&((seq, j), ref options)| Kept {
            seq,
            j,
            board: problem.board(options),
        })
        .collect();
    to_js(&kept)
}
