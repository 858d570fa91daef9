//! `Racer`: one lane of the page's race, dancing links or naive search on the 0-1 matrix.

use super::args::{js_error, now, to_js};
use super::load::{load_for_js, start_search};
use crate::core::{Algorithm, Heuristic, Limits, Named, Search, Status, Tree};
use crate::problems::InputError;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One lane of the page's race (`Racer`): dancing links or the naive 0-1 matrix, either heuristic.
/// Both make the same choices, so they walk the same tree (`core::naive`); only the time differs.
enum Racing {
    Dlx(Box<Search>),
    Naive(Box<crate::core::Naive>),
}

impl Racing {
    fn stats(&self) -> &crate::core::Stats {
        match self {
            Racing::Dlx(s) => s.stats(),
            Racing::Naive(n) => n.stats(),
        }
    }

    fn set_limits(&mut self, limits: Limits) {
        match self {
            Racing::Dlx(s) => s.set_limits(limits),
            Racing::Naive(n) => n.set_limits(limits),
        }
    }

    /// On until a solution (when `stop`), the limits or the end.
    fn run(&mut self, stop: bool) -> Status {
        match self {
            Racing::Dlx(s) => s.run(&mut crate::core::SolutionStop { stop }),
            Racing::Naive(n) => n.run(|_| {
                if stop {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            }),
        }
    }

    fn progress(&self) -> f64 {
        match self {
            Racing::Dlx(s) => s.progress(),
            Racing::Naive(n) => n.progress(),
        }
    }

    fn is_done(&self) -> bool {
        match self {
            Racing::Dlx(s) => s.is_done(),
            Racing::Naive(n) => n.is_done(),
        }
    }
}

#[derive(Serialize)]
struct RaceView {
    nodes: u64,
    updates: u64,
    solutions: u64,
    progress: f64,
    /// The search is over (every solution counted).
    done: bool,
    /// The lane has finished what it was asked: a solution (until_solution) or the end.
    finished: bool,
}

/// One lane of the page's Race view (www/workers/race.js, www/workers/race-worker.js), run in a worker of its own:
///
/// ```text
/// const r = new Racer(kind, text, distinct, format, algorithm, heuristic)
///                                algorithm "dlx" | "naive", heuristic "mrv" | "first"; the problem
///                                read as Session.load_as reads it (same messages); throws an Error
///                                for bad input, an unknown name, or a problem naive search cannot
///                                hold (colours, a 0-1 matrix above core::naive::MAX_CELLS cells).
/// r.run_for(ms, until_solution) -> boolean
///                                searches for about ms milliseconds (timed here with
///                                performance.now(), in chunks of nodes sized to a quarter of it);
///                                true once finished: at the first solution when until_solution,
///                                else at the end of the search.
/// r.stats() -> {nodes, updates, solutions, progress, done, finished}
/// ```
#[wasm_bindgen]
pub struct Racer {
    engine: Racing,
    /// Nodes of the next chunk, adapted to the time a chunk takes.
    chunk: u64,
    finished: bool,
}

#[wasm_bindgen]
impl Racer {
    #[wasm_bindgen(constructor)]
    pub fn new(
        kind: &str,
        text: &str,
        distinct: bool,
        format: Option<String>,
        algorithm: &str,
        heuristic: &str,
    ) -> Result<Racer, JsValue> {
        let heuristic = Heuristic::parse_name(heuristic)
            .map_err(|e| js_error(&InputError::new(format!("heuristic {e}"))))?;
        let problem = load_for_js(kind, text, distinct, format.as_deref())?;
        let algorithm = Algorithm::parse_name(algorithm)
            .map_err(|e| js_error(&InputError::new(format!("algorithm {e}"))))?;
        let engine = match algorithm {
            Algorithm::Dlx => {
                // The race walks Knuth's DLX1 tree, which naive search walks too (core::naive).
                let mut search =
                    start_search(problem.as_ref(), Tree::Dlx1).map_err(|e| js_error(&e))?;
                search.set_heuristic(heuristic);
                Racing::Dlx(Box::new(search))
            }
            Algorithm::Naive => {
                use crate::core::{Naive, NaiveError};
                let inst = problem.instance();
                let refused = |e: NaiveError| {
                    js_error(&InputError::new(match e {
                        NaiveError::TooLarge(_) => {
                            e.describe("naive search", Some(&problem.title()))
                        }
                        NaiveError::Colors | NaiveError::Multiplicities => e.to_string(),
                        NaiveError::Clash { option, item } => format!(
                            "the given option `{}` clashes with an earlier one on item {}",
                            inst.option_text(option),
                            inst.item_name(item)
                        ),
                    }))
                };
                let mut naive = Naive::new(inst, heuristic).map_err(refused)?;
                naive.preselect(problem.givens()).map_err(refused)?;
                Racing::Naive(Box::new(naive))
            }
        };
        Ok(Racer {
            engine,
            // Small first: one naive node on a large matrix takes milliseconds.
            chunk: 16,
            finished: false,
        })
    }

    /// Searches for about `ms` milliseconds; true once finished: at the first solution when
    /// `until_solution`, else at the end of the search.
    pub fn run_for(&mut self, ms: f64, until_solution: bool) -> bool {
        if self.finished {
            return true;
        }
        let ms = if ms >= 0.0 { ms } else { 0.0 };
        let t0 = now();
        loop {
            let nodes = self.engine.stats().nodes;
            self.engine.set_limits(Limits {
                nodes: Some(nodes.saturating_add(self.chunk)),
                solutions: None,
            });
            let t = now();
            let status = self.engine.run(until_solution);
            let dt = now() - t;
            // A chunk aims at a quarter of the slice, so a slice overshoots by little whether a node
            // costs a microsecond (DLX) or a millisecond (naive on a large matrix).
            let aim = (ms / 4.0).max(0.5);
            self.chunk = ((self.chunk as f64 * aim / dt.max(0.01)) as u64).clamp(1, 1 << 28);
            if status != Status::Limit {
                self.finished = true;
                return true;
            }
            if now() - t0 >= ms {
                return false;
            }
        }
    }

    pub fn stats(&self) -> Result<JsValue, JsValue> {
        let s = self.engine.stats();
        to_js(&RaceView {
            nodes: s.nodes,
            updates: s.updates,
            solutions: s.solutions,
            progress: self.engine.progress(),
            done: self.engine.is_done(),
            finished: self.finished,
        })
    }
}
