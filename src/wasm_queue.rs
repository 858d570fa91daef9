//! The page's run to the end on a work queue: `QueueCounter`, one per Web Worker (www/worker.js).
//! Every worker makes the same split of the problem (`core::split`, a function of the problem and
//! the number of workers), and the page (www/run.js) hands the subproblems out by index, largest
//! first, to whichever worker asks, so no worker sits idle while another has several left (the
//! fixed shares of `Session::count_part` left one idle at the end). A worker asks for more when it
//! begins the last subproblem it holds, and counts that one meanwhile.
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
//!                                    counted, 1 when time is up, 2 when it has just begun the last one
//!                                    it holds (time to ask for more; call again to count on)
//!   q.pending() -> number            subproblems held and not finished
//!   q.stats() -> {solutions, nodes, updates, done, total}   what this worker counted so far
//!   q.kept() -> [{seq, j, board}]    its first solutions in the whole search's order
//!   q.tree_name(), q.engine_name()   as Session's
//!   warm_engine(ms)                  counts small instances of every engine variant for about `ms`
//!                                    ms, so that V8 has compiled the hot loops in its optimising tier
//!                                    before a run starts (a worker calls it once, while the page idles)

use crate::core::{Order, Plan, Share, Split, Tree};
use crate::problems::exact_cover::Reading;
use crate::problems::{self, InputError, Spec};
use js_sys::Reflect;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// `performance.now()` in a window or a worker (0 where there is none).
fn now() -> f64 {
    use wasm_bindgen::JsCast;
    Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

/// An input error as the page's other errors are: an Error with `line` and `column`.
fn js_error(e: &InputError) -> JsValue {
    let err = js_sys::Error::new(&e.to_string());
    let num = |v: Option<usize>| v.map_or(JsValue::UNDEFINED, |n| JsValue::from(n as f64));
    let _ = Reflect::set(&err, &"line".into(), &num(e.line));
    let _ = Reflect::set(&err, &"column".into(), &num(e.column));
    err.into()
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    serde_wasm_bindgen::to_value(v).map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

#[wasm_bindgen]
pub struct QueueCounter {
    problem: Box<dyn problems::Problem>,
    share: Share,
    /// Nodes the next chunk counts, sized by the time chunks take.
    chunk: u64,
    /// Whether the last subproblem held was already reported begun (code 2 once per refill).
    asked: bool,
}

#[derive(Serialize)]
struct QueueStats {
    solutions: u64,
    nodes: u64,
    updates: u64,
    done: f64,
    total: f64,
}

#[derive(Serialize)]
struct Kept {
    seq: u64,
    j: usize,
    board: problems::Board,
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
        workers: u32,
        top: bool,
    ) -> Result<QueueCounter, JsValue> {
        if text.len() as u64 > problems::MAX_INPUT {
            return Err(js_error(&problems::too_large(
                Some(text.len() as u64),
                problems::MAX_INPUT,
            )));
        }
        let tree = match tree.as_deref() {
            None | Some("dlx1") => Tree::Dlx1,
            Some("lookahead") => Tree::Lookahead,
            Some(other) => {
                return Err(js_error(&InputError::new(format!(
                    "tree `{other}`: expected dlx1 or lookahead"
                ))))
            }
        };
        // As Session::load_as: the kind's spec with the format chosen, or a Sudoku where meant.
        let spec = problems::kinds::spec(kind, text, distinct.unwrap_or(false)).and_then(|spec| {
            let Some(name) = format.as_deref() else {
                return Ok(spec);
            };
            let reading = Reading::from_name(name)?;
            Ok(match spec {
                Spec::ExactCover(t) => Spec::ExactCoverAs(t, reading),
                other => other,
            })
        });
        let problem = problems::load_text(spec, text).map_err(|e| js_error(&e))?;
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
            chunk: 256,
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

    pub fn push(&mut self, i: u32) -> Result<(), JsValue> {
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

    /// See the contract: 0 all held counted, 1 time up, 2 the last one held begun.
    pub fn count_for(&mut self, ms: f64) -> u32 {
        let ms = if ms >= 0.0 { ms } else { 0.0 };
        let t0 = now();
        loop {
            if !self.asked && self.share.pending() <= 1 {
                self.asked = true;
                return 2;
            }
            let t = now();
            let done = self.share.count(self.chunk);
            let dt = now() - t;
            // A chunk aims at a quarter of the slice, so that a request for more goes out soon
            // after the last subproblem held is begun.
            let aim = (ms / 4.0).max(0.5);
            let scaled = self.chunk as f64 * aim / dt.max(0.01);
            self.chunk = (scaled as u64).clamp(256, 1 << 28);
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

    pub fn stats(&self) -> Result<JsValue, JsValue> {
        let t = self.share.tally();
        let (done, total) = self.share.progress();
        to_js(&QueueStats {
            solutions: t.stats.solutions,
            nodes: t.stats.nodes,
            updates: t.stats.updates,
            done,
            total,
        })
    }

    pub fn kept(&self) -> Result<JsValue, JsValue> {
        let kept: Vec<Kept> = self
            .share
            .kept()
            .iter()
            .map(|&((seq, j), ref options)| Kept {
                seq,
                j,
                board: self.problem.board(options),
            })
            .collect();
        to_js(&kept)
    }

    pub fn tree_name(&self) -> String {
        if self.problem.instance().has_multiplicities() {
            "dlx3".into()
        } else {
            self.share.split().search().tree().name().into()
        }
    }

    pub fn engine_name(&self) -> String {
        self.share.split().search().engine().name().into()
    }
}

/// Counts small instances of every engine variant a run may take (bit sets with options of 2, 3
/// and 6 primary items, the links' loop on Sudoku, colours, the lookahead) again and again for
/// about `ms` milliseconds, so that V8 has tiered their hot loops up before a run starts. Returns
/// the instances counted.
#[wasm_bindgen]
pub fn warm_engine(ms: f64) -> u32 {
    let specs = [
        Spec::Queens(8),
        Spec::Langford {
            n: 8,
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
                share.count(20_000);
                counted += 1;
                if now() >= until {
                    break 'warm;
                }
            }
        }
    }
    counted
}
