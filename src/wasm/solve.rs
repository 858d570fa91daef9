//! Solve's search, on the page's thread (`Session::solve`) or a worker's (`Solver`): on to a first
//! solution, then to a second, keeping the options of each level and the counters where each was
//! found, so that the page's search then stands there by `Search::follow` (or at the end by
//! `Search::finish`), never searching the tree again.

use super::args::{js_error, nodes_arg, to_js};
use super::load::{load_for_js, start_search, tree_of};
use super::session::keep;
use crate::core::probe;
use crate::core::turns::Turns;
use crate::core::{Event, Instance, Limits, Observer, Search, Stats, Status, Tree};
use crate::problems::solved_by_turns;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use wasm_bindgen::prelude::*;

/// The counters of a search at one moment (`core::Stats`, which the page cannot hand over as is).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct Counters {
    nodes: u64,
    updates: u64,
    cleansings: u64,
    solutions: u64,
    profile: Vec<u64>,
}

impl Counters {
    fn of(s: &Stats) -> Counters {
        Counters {
            nodes: s.nodes,
            updates: s.updates,
            cleansings: s.cleansings,
            solutions: s.solutions,
            profile: s.profile.clone(),
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            updates: self.updates,
            cleansings: self.cleansings,
            solutions: self.solutions,
            profile: self.profile.clone(),
        }
    }
}

/// A solution as Solve found it: the option tried at each level, and the counters then.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct Found {
    path: Vec<usize>,
    at: Counters,
}

/// A Solve: the solutions found (at most two), its verdict once finished ("unique", "multiple",
/// "none"; "" while it goes on), and the counters where it stopped. Handed from a worker's `Solver`
/// to the page's `Session` as JSON (`Solver::outcome`, `Session::solve_follow`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct Solving {
    found: Vec<Found>,
    verdict: String,
    end: Counters,
    /// Which search ended the tree (`Turns::ended_by`: propagation or weighted propagation), for
    /// a Solve with them taking turns ("" otherwise, and where it stopped at a second solution
    /// before any tree ended).
    #[serde(default)]
    ended_by: String,
    /// Who searched, for a Solve on searches taking turns: "propagation" (the two propagations),
    /// "head" (the two after DLX1's head start, `Turns::with_head`) or "probes" (probes alone:
    /// multiplicities); "" for DLX1's own search, a head start that ended the tree included.
    #[serde(default)]
    turns: String,
}

/// What a slice of Solve returns to JS: finished, the verdict ("" until finished), solutions found
/// (0 to 2), the whole search's nodes and updates so far, and `at`: the nodes counted when the
/// solution the search stands at was found (0 where it stands at none), which the page's statistics
/// show once Solve is over, the search standing there.
#[derive(Serialize)]
pub(super) struct SolveView {
    finished: bool,
    verdict: String,
    found: u64,
    nodes: u64,
    updates: u64,
    at: u64,
}

/// Stops at each solution, and always has the bit sets write the path (Solve reads it there).
struct AtSolution;

impl Observer for AtSolution {
    const FINE: bool = false;
    fn event(&mut self, _: Event, _: &Search) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

impl Solving {
    /// On for at most `max_nodes` more nodes; true once finished (the verdict is set).
    /// The solutions found are kept by `settle`, not here: while Solve goes on the page shows no
    /// solution found (the strip said "1 solution found" beside "Solving…").
    pub(super) fn run(&mut self, search: &mut Search, max_nodes: f64) -> bool {
        let placed = self.run_placed(search, max_nodes, |search| {
            let n = search.links().n_items();
            let path = search.path().iter().filter(|&&x| x > n);
            Some(path.map(|&x| search.links().option_of(x)).collect())
        });
        debug_assert!(placed.is_ok(), "plain search's paths are DLX1's");
        !self.verdict.is_empty()
    }

    /// The loop of [`Solving::run`]: `place(search)` is where a solution found stands on DLX1's
    /// tree (`None`: nowhere, an error).
    fn run_placed(
        &mut self,
        search: &mut Search,
        max_nodes: f64,
        place: impl Fn(&Search) -> Option<Vec<usize>>,
    ) -> Result<(), JsValue> {
        let slices = self.slices(max_nodes, |left| {
            let before = search.stats().nodes;
            let saved = search.limits();
            search.set_limits(Limits {
                nodes: Some(before.saturating_add(left)),
                ..saved
            });
            let status = search.run(&mut AtSolution);
            search.set_limits(saved);
            let found = match status {
                Status::Paused => Some(Found {
                    path: place(search).ok_or_else(|| {
                        js_sys::Error::new("Solve: a solution found is not on DLX1's tree")
                    })?,
                    at: Counters::of(search.stats()),
                }),
                _ => None,
            };
            Ok((status, search.stats().nodes - before, found))
        });
        self.end = Counters::of(search.stats());
        slices
    }

    /// [`Solving::run`] with searches taking turns (`core::turns`: propagation by MRV and by
    /// dom/wdeg; probes alone with multiplicities): each solution
    /// found is then placed on DLX1's tree by its path there (`probe::dlx1_path`), so that the
    /// page's search can follow it; its counters are all the searches', which the verdict and the
    /// statistics show.
    pub(super) fn run_probing(
        &mut self,
        probing: &mut Turns,
        inst: &Instance,
        givens: &[usize],
        max_nodes: f64,
    ) -> Result<bool, JsValue> {
        self.slices(max_nodes, |left| {
            let before = probing.stats().nodes;
            probing.set_limits(Limits {
                nodes: Some(before.saturating_add(left)),
                solutions: None,
            });
            let status = probing.run_on(true);
            let found = match status {
                Status::Paused => Some(Found {
                    path: probe::dlx1_path(inst, givens, &probing.solution()).ok_or_else(|| {
                        js_sys::Error::new("Solve: a solution found with probes is no cover")
                    })?,
                    at: Counters::of(probing.stats()),
                }),
                _ => None,
            };
            Ok((status, probing.stats().nodes - before, found))
        })?;
        self.end = Counters::of(probing.stats());
        self.ended_by = probing.ended_by().unwrap_or_default().to_string();
        self.turns = if !probing.took_turns() {
            // DLX1 ended the tree in its head start: its own counts.
            ""
        } else if probing.has_probes() {
            "probes"
        } else if probing.has_head() {
            "head"
        } else {
            "propagation"
        }
        .to_string();
        Ok(!self.verdict.is_empty())
    }

    /// The verdict's loop over slices of a search: `slice(n)` runs it on to its next solution or
    /// for `n` more nodes, and says how it stopped, the nodes it ran, and at a solution where.
    /// Up to `max_nodes` nodes in all (the cast saturates a huge count), or a verdict.
    fn slices(
        &mut self,
        max_nodes: f64,
        mut slice: impl FnMut(u64) -> Result<(Status, u64, Option<Found>), JsValue>,
    ) -> Result<(), JsValue> {
        let mut left = if max_nodes > 0.0 { max_nodes } else { 0.0 };
        while self.verdict.is_empty() {
            if self.found.len() >= 2 {
                self.verdict = "multiple".into();
                break;
            }
            if left < 1.0 {
                break;
            }
            let (status, ran, found) = slice(left as u64)?;
            left -= ran as f64;
            match status {
                Status::Paused => self.found.extend(found),
                Status::Done if self.found.is_empty() => self.verdict = "none".into(),
                Status::Done => self.verdict = "unique".into(),
                Status::Limit => break,
            }
        }
        Ok(())
    }

    /// Once finished: the search brought to where Solve leaves it, as it would stand had it run
    /// there itself: at the solution of a unique puzzle (followed from the start: the search had
    /// gone on to its end to prove there is no other), at the second of several, at the end of one
    /// with none; the solutions found kept. Returns what the page's narration says.
    pub(super) fn settle(
        &self,
        search: &mut Search,
        kept: &mut Vec<Vec<usize>>,
    ) -> Result<String, JsValue> {
        let follow = |search: &mut Search, f: &Found| {
            search
                .follow(&f.path, &f.at.stats())
                .map_err(|e| JsValue::from(js_sys::Error::new(&format!("Solve: {e}"))))
        };
        kept.clear();
        let note: String = match self.verdict.as_str() {
            "unique" => {
                follow(search, &self.found[0])?;
                keep(kept, search);
                // Short: one line in the transport bar (the verdict has the node it was found at).
                "Solve: the solution is unique; the search stands at it, and Step goes on with \
                 the proof"
                    .into()
            }
            "multiple" if self.found.len() >= 2 => {
                // The first one, as the search kept it when it passed there.
                let mut first = search.preselected().to_vec();
                first.extend(&self.found[0].path);
                kept.push(first);
                follow(search, &self.found[1])?;
                keep(kept, search);
                "Solve: more than one solution (the search stopped at the second one found)".into()
            }
            "none" => {
                search.finish(&self.end.stats());
                "Solve: no solution (the whole tree was searched)".into()
            }
            v => {
                return Err(
                    js_sys::Error::new(&format!("Solve is not finished (verdict {v:?})")).into(),
                )
            }
        };
        // The counters are the searches' taking turns: said, since DLX1's tree (which Step walks
        // on from here) would have counted others; also where Solve stopped at a second solution
        // before either tree ended.
        let whose = match (self.turns.as_str(), self.ended_by.as_str()) {
            ("", _) => return Ok(note),
            // Probes alone (multiplicities, which propagation does not take).
            ("probes", _) => "Solve, with probes (its counts, not DLX1's):".to_string(),
            ("head", by) => format!(
                "Solve, with DLX1 for {} updates, then propagation and weighted propagation \
                 taking turns{} (the counts of all three):",
                crate::figures::thousands(crate::core::turns::HEAD),
                if by.is_empty() {
                    String::new()
                } else {
                    format!(", ended by {by}")
                }
            ),
            (_, "") => "Solve, with propagation and weighted propagation taking turns (their \
                        counts, not DLX1's):"
                .to_string(),
            (_, by) => format!(
                "Solve, with propagation and weighted propagation taking turns, ended by {by} \
                 (its counts, not DLX1's):"
            ),
        };
        Ok(note.replacen("Solve:", &whose, 1))
    }

    /// The narration while Solve goes on.
    pub(super) fn going(&self) -> String {
        match self.found.len() {
            0 => "Solving: looking for a solution, then for a second one".into(),
            _ => "Solving: one solution found, looking for a second one".into(),
        }
    }

    pub(super) fn view(&self) -> SolveView {
        let at = match self.verdict.as_str() {
            "unique" => self.found.first(),
            "multiple" => self.found.get(1),
            _ => None,
        };
        SolveView {
            finished: !self.verdict.is_empty(),
            verdict: self.verdict.clone(),
            found: self.found.len() as u64,
            nodes: self.end.nodes,
            updates: self.end.updates,
            at: at.map_or(0, |f| f.at.nodes),
        }
    }

    pub(super) fn from_json(text: &str) -> Result<Solving, JsValue> {
        serde_json::from_str(text)
            .map_err(|e| js_sys::Error::new(&format!("Solve's outcome does not read: {e}")).into())
    }
}

/// Solve on a worker (www/workers/solve-worker.js), the page's search left at its start meanwhile:
///
/// ```text
/// const s = new Solver(kind, text, distinct, format, tree)   as Session.load_as reads it (same
///                                 messages), walking the tree named ("dlx1", "lookahead")
/// s.solve(maxNodes)              on for at most maxNodes more nodes: {finished, verdict, found,
///                                 nodes, updates, at}, as Session.solve
/// s.outcome()                    once finished: the text Session.solve_follow takes
/// ```
#[wasm_bindgen]
pub struct Solver {
    search: Search,
    solving: Solving,
    /// On DLX1's tree, for a puzzle with shapes (`problems::solved_by_turns`): the search with
    /// propagation taking turns; for another Sudoku, the same after DLX1's head start
    /// (`Turns::with_head`). With the instance and givens its solutions are placed on DLX1's tree
    /// by.
    probing: Option<(Turns, Instance, Vec<usize>)>,
}

#[wasm_bindgen]
impl Solver {
    #[wasm_bindgen(constructor)]
    pub fn new(
        kind: String,
        text: String,
        distinct: bool,
        format: Option<String>,
        tree: Option<String>,
    ) -> Result<Solver, JsValue> {
        let tree = tree_of(tree.as_deref().unwrap_or("dlx1")).map_err(|e| js_error(&e))?;
        let problem = load_for_js(&kind, &text, distinct, format.as_deref())?;
        let search = start_search(problem.as_ref(), tree).map_err(|e| js_error(&e))?;
        let (inst, givens) = (problem.instance(), problem.givens());
        // On the worker only, where a Solve goes once it has run a while on the page's thread: a
        // short Solve keeps DLX1's own counters. As `dlx solve` searches (ISS's "Arrow": 2,454,374
        // nodes of DLX1, 0 of propagation, which settles it before any branch); other puzzles keep
        // DLX1's own counts.
        // A Sudoku without shapes: DLX1 first, propagation taking turns past its head start
        // (`Turns::with_head`), as `dlx solve` does.
        let probing = if tree != Tree::Dlx1 {
            None
        } else if solved_by_turns(problem.as_ref()) {
            Some(Turns::propagation(inst, givens))
        } else if problem.as_sudoku().is_some() {
            let head = start_search(problem.as_ref(), tree).map_err(|e| js_error(&e))?;
            Some(Turns::propagation(inst, givens).with_head(head))
        } else {
            None
        }
        .map(|t| (t, inst.clone(), givens.to_vec()));
        Ok(Solver {
            search,
            solving: Solving::default(),
            probing,
        })
    }

    /// On for at most `max_nodes` more nodes (a whole number up to 2^53 - 1).
    pub fn solve(&mut self, max_nodes: f64) -> Result<JsValue, JsValue> {
        nodes_arg(max_nodes)?;
        match self.probing.as_mut() {
            Some((p, inst, givens)) => {
                self.solving.run_probing(p, inst, givens, max_nodes)?;
            }
            None => {
                self.solving.run(&mut self.search, max_nodes);
            }
        }
        to_js(&self.solving.view())
    }

    /// What Solve found, for `Session.solve_follow`: the options of each level and the counters
    /// where each solution was found, and at the end.
    pub fn outcome(&self) -> String {
        serde_json::to_string(&self.solving).unwrap_or_default()
    }
}
