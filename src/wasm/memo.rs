//! `count_with_memos`: a run to the end with memos (Knuth's DLX6), counted whole in one worker
//! (www/workers/worker.js), reporting as it goes.
//!
//! One worker, not a split over all of them: a memo is worth what the same subproblem met again
//! saves, and the subproblems of a split meet the same ones (a domino board's lower half is the
//! same whatever the first tiles were), so each worker would count them again in its own table,
//! and hold its own gigabyte. DLX6 is one thread too.
//!
//! Contract (JS):
//!   count_with_memos(kind, text, distinct, format, budget_mib, every_ms, report) -> result
//!       loads the problem as `Session.load_as` does (errors thrown with line and column) and counts
//!       it with memos in a table of at most `budget_mib` MiB (when full it takes no more, and the
//!       count goes on); `report({nodes, hits, memos, bytes, full, updates, done})` is called about
//!       every `every_ms` ms (done: the fraction of the tree done, from its top levels);
//!       result `{solutions, nodes, hits, memos, bytes, full, updates, splits}`, solutions a
//!       decimal string (exact however large: 31 digits for 16x16 dominoes), or, where memos pay
//!       too little (hits rare, as in queens), `{gaveUp}`: why, in words, the page then counts
//!       without them as the CLI's `dlx count --memo` does.
//!       Refused: multiplicities, and a problem whose search may go deeper than the worker's stack.

use super::args::{js_error, now, to_js, whole_arg};
use super::load::load_for_js;
use crate::core::memo::{self, GiveUp, MemoError, MemoStats, Settings, Watch};
use crate::problems::InputError;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The deepest search the worker's stack takes: the count recurses once a level (a level an
/// option of a solution, so at most one a primary item), about 512 bytes a level
/// (`memo::stack_bytes`), on a wasm stack of 1 MiB with room kept for the rest.
const MAX_LEVELS: usize = 1200;

/// The largest budget a page may ask for: wasm32's memory ends at 4 GiB.
const MAX_BUDGET_MIB: u64 = 2048;

/// A report, and the result (with `solutions` or `gaveUp`), as JS reads them.
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct Figures {
    nodes: f64,
    hits: f64,
    memos: f64,
    bytes: f64,
    full: bool,
    updates: f64,
    splits: f64,
    /// The fraction of the tree done (reports; 1 in a result).
    done: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    gave_up: Option<String>,
}

impl Figures {
    fn of(s: &MemoStats, done: f64) -> Figures {
        Figures {
            nodes: s.nodes as f64,
            hits: s.hits as f64,
            memos: s.memos as f64,
            bytes: s.bytes as f64,
            full: s.full,
            updates: s.updates as f64,
            splits: s.splits as f64,
            done,
            ..Figures::default()
        }
    }
}

/// Calls `report` at most once every `every_ms` ms.
struct Reporter<'a> {
    report: &'a js_sys::Function,
    every_ms: f64,
    last: f64,
}

impl Watch for Reporter<'_> {
    fn progress(&mut self, stats: &MemoStats, done: f64) -> bool {
        let t = now();
        if t - self.last >= self.every_ms {
            self.last = t;
            if let Ok(v) = serde_wasm_bindgen::to_value(&Figures::of(stats, done)) {
                // A report that throws is the page's business; the count goes on.
                let _ = self.report.call1(&JsValue::NULL, &v);
            }
        }
        true
    }
}

/// See the module's contract.
#[wasm_bindgen]
pub fn count_with_memos(
    kind: &str,
    text: &str,
    distinct: Option<bool>,
    format: Option<String>,
    budget_mib: JsValue,
    every_ms: f64,
    report: &js_sys::Function,
) -> Result<JsValue, JsValue> {
    let budget = whole_arg("budget_mib", &budget_mib, MAX_BUDGET_MIB)?.max(1);
    let problem = load_for_js(kind, text, distinct.unwrap_or(false), format.as_deref())?;
    let inst = problem.instance();
    let refuse = |why: String| Err(js_error(&InputError::new(why)));
    if inst.has_multiplicities() {
        return refuse(MemoError::Multiplicities.to_string());
    }
    if inst.n_primary() > MAX_LEVELS {
        return refuse(format!(
            "counting with memos on the page takes at most {MAX_LEVELS} primary items (its \
             search recurses once a level), and this problem has {}: `dlx count --memo` takes it",
            inst.n_primary()
        ));
    }
    let settings = Settings {
        budget: (budget as usize) << 20,
        give_up: GiveUp::Below(memo::RARE),
        ..Settings::default()
    };
    let mut reporter = Reporter {
        report,
        every_ms: if every_ms.is_finite() {
            every_ms.max(0.0)
        } else {
            0.0
        },
        last: now(),
    };
    let outcome = match memo::count_watched(inst, problem.givens(), &settings, Some(&mut reporter))
    {
        Ok(c) => Figures {
            solutions: Some(c.solutions.to_string()),
            ..Figures::of(&c.stats, 1.0)
        },
        Err(MemoError::GaveUp(s)) => Figures {
            gave_up: Some(MemoError::GaveUp(s.clone()).to_string()),
            ..Figures::of(&s, 0.0)
        },
        Err(e) => return refuse(e.to_string()),
    };
    to_js(&outcome)
}
