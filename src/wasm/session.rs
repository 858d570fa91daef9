//! `Session`: one problem in the page and the search over it, and its stepping: load, step and step
//! back, to the next choice or solution, the fast paths (count, solve), the narration and the events.

use super::args::{js_error, nodes_arg, string_arg, to_js, whole_arg, LoadArgs, MAX_SAFE};
use super::events::{encode, EVENT_CAP, EVENT_WORDS};
use super::load::{load_problem, start_search, tree_of, walked};
use super::solve::Solving;
use crate::core::{Event, Limits, Observer, Search, Status, Tree};
use crate::narrate;
use crate::problems::{self, Problem, ProblemKind};
use wasm_bindgen::prelude::*;

/// What the narration describes.
pub(super) enum Latest {
    None,
    Event {
        ev: Event,
        undone: bool,
    },
    /// A line already in words (load, reset, the end of a fast run).
    Note(String),
}

/// Where "next choice" stops: an option tried, a solution, a dead end, or (the lookahead's own leaf)
/// an option rejected.
pub(super) fn is_choice(ev: &Event) -> bool {
    matches!(
        ev,
        Event::Try { .. }
            | Event::Solution { .. }
            | Event::DeadEnd { .. }
            | Event::Reject { .. }
            | Event::Reuse { .. }
    )
}

/// Solutions kept a search: enough to page through, bounded however many a run counts; the same cap
/// as a run to the end's parts keep (`core::split::KEEP`), so both lists hold the same first ones.
pub const KEEP: usize = crate::core::split::KEEP;

/// Steps `search` (at its start) with memos when the page's switch is on and the problem takes them;
/// with multiplicities it steps without, and `memo_refusal` says why.
fn with_memo(search: &mut Search, on: bool) {
    if on && !search.links().has_mult() {
        search.set_memo(true).expect("no multiplicities");
    }
}

/// A loaded problem and the search over it.
pub(super) struct Loaded {
    pub(super) problem: Box<dyn Problem>,
    pub(super) search: Search,
    pub(super) kind: ProblemKind,
    /// A Sudoku's geometry, for its candidates and cell maps; `None` for other problems.
    pub(super) sudoku_geo: Option<crate::problems::sudoku::Geometry>,
    /// The options of the first `KEEP` solutions found since the search last started.
    pub(super) kept: Vec<Vec<usize>>,
    /// A Solve going on in slices on this search (`Session::solve`), from `solve_start`.
    pub(super) solving: Option<Solving>,
    /// DLX6's ZDD nodes for this problem, once asked for at the end of a search with memos (a
    /// property of the problem and its order of search, not of where the search stands): `None`
    /// not yet worked out, `Some(None)` past its budget.
    pub(super) zdd_nodes: std::cell::Cell<Option<Option<u64>>>,
}

/// The budget for the ZDD the statistics count at the end of a search with memos: the page's boards
/// take kilobytes.
const ZDD_BUDGET: usize = 64 << 20;

impl Loaded {
    /// DLX6's ZDD nodes: those `dlx count --memo --zdd` makes, one for each option tried in a
    /// subproblem searched (not reused) whose subtree has a solution. The stepped table keeps no
    /// record of which options of a finished node had solutions, so the figure is DLX6's own count
    /// on the same problem (the same order of search and keys), made once when first asked.
    fn zdd_nodes(&self) -> Option<u64> {
        if let Some(z) = self.zdd_nodes.get() {
            return z;
        }
        let settings = crate::core::memo::Settings {
            budget: ZDD_BUDGET,
            give_up: crate::core::memo::GiveUp::Never,
            zdd: true,
            parts: false,
            threads: 1,
        };
        let counted =
            crate::core::memo::count(self.problem.instance(), self.problem.givens(), &settings);
        let z = counted.ok().map(|c| c.stats.zdd_nodes);
        self.zdd_nodes.set(Some(z));
        z
    }
}

/// Keeps the solution the search stands at, if it is one of the first `KEEP` and not kept yet.
pub(super) fn keep(kept: &mut Vec<Vec<usize>>, s: &Search) {
    let number = s.stats().solutions as usize;
    if kept.len() < KEEP && kept.len() < number {
        kept.push(s.solution());
    }
}

/// A fast-path observer that keeps solutions, and stops at each one when `stop` says so.
struct Keep<'a> {
    kept: &'a mut Vec<Vec<usize>>,
    stop: bool,
}

impl Observer for Keep<'_> {
    const FINE: bool = false;
    fn reads_path(&self) -> bool {
        self.kept.len() < KEEP
    }
    fn event(&mut self, _: Event, s: &Search) -> std::ops::ControlFlow<()> {
        keep(self.kept, s);
        if self.stop {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

/// Counts `problem` for at most `nodes` nodes on the path of `Session`'s counting calls (Solve,
/// `count_chunk`: `start_search` and `Search::run` with `Keep`), whose compiled loop is another copy
/// than a worker's `Share` counts (another observer). For `warm_engine`: a worker's tier-up reaches
/// the page's main thread too (one compiled module in the renderer), so warming this path in the
/// workers makes the page's first Solve or count as fast as its steady ones: with `Share`'s path
/// alone warmed, the main thread's first count still paid for compiling its own copy.
pub(super) fn warm_session(problem: &dyn Problem, nodes: u64) {
    let Ok(mut search) = start_search(problem, Tree::Dlx1) else {
        return;
    };
    search.set_limits(Limits {
        nodes: Some(nodes),
        ..search.limits()
    });
    let mut kept = Vec::new();
    search.run(&mut Keep {
        kept: &mut kept,
        stop: false,
    });
}

/// One problem in the page and the search over it: `new Session()`, then `load` or `load_as`. Before
/// the first successful load the views are empty (pointer 0, length 0) and every other method throws
/// an Error saying no problem is loaded; after any error the session goes on, unchanged.
#[wasm_bindgen]
pub struct Session {
    pub(super) loaded: Option<Loaded>,
    /// `EVENT_WORDS` u32 per event of the latest stepping call (see `encode`).
    pub(super) events: Vec<u32>,
    pub(super) latest: Latest,
    /// The longest text `load` reads, in bytes (`set_max_input`).
    max_input: u64,
    /// The tree the page chose (`set_tree`): every search this session starts walks it.
    tree: Tree,
    /// Whether the page's Memo switch is on (`set_memo`): every search this session steps, on a
    /// problem without multiplicities, keeps DLX6's memos and reuses finished subproblems.
    memo: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub(super) fn loaded(&self) -> Result<&Loaded, JsValue> {
        self.loaded.as_ref().ok_or_else(not_loaded)
    }

    fn search_mut(&mut self) -> Result<&mut Search, JsValue> {
        self.loaded
            .as_mut()
            .map(|l| &mut l.search)
            .ok_or_else(not_loaded)
    }

    fn record(&mut self, ev: Event, undone: bool) {
        // Drop the oldest half once twice the cap is held: amortised O(1) per event, bounded memory.
        if self.events.len() >= 2 * EVENT_CAP * EVENT_WORDS {
            self.events.drain(..EVENT_CAP * EVENT_WORDS);
        }
        self.events.extend_from_slice(&encode(ev, undone));
        self.latest = Latest::Event { ev, undone };
    }

    /// Ends a stepping call: keeps its last `EVENT_CAP` events, and only the solutions the search has
    /// reached: stepping back over a solution takes it off the kept list (play that overshoots a
    /// stop and comes back, a tour's Back), so the list never counts more than the search.
    fn end(&mut self) {
        let keep = EVENT_CAP * EVENT_WORDS;
        if self.events.len() > keep {
            self.events.drain(..self.events.len() - keep);
        }
        if let Some(l) = self.loaded.as_mut() {
            let reached = usize::try_from(l.search.stats().solutions).unwrap_or(usize::MAX);
            l.kept.truncate(reached);
        }
    }

    /// Takes up to `n` events forward (`back == false`) or back, recording them; stops early after
    /// an event `stop` accepts. Returns how many were taken.
    fn walk(&mut self, n: u32, back: bool, stop: fn(&Event) -> bool) -> Result<u32, JsValue> {
        self.search_mut()?;
        // A stepping call's events replace the previous call's.
        self.events.clear();
        let mut taken = 0;
        while taken < n {
            let Some(l) = self.loaded.as_mut() else {
                break;
            };
            let next = if back {
                l.search.step_back()
            } else {
                l.search.step()
            };
            let Some(ev) = next else {
                self.latest = Latest::Note(match &self.loaded {
                    Some(l) if l.search.is_done() => narrate::finished(l.search.stats()),
                    _ => "At the start: nothing more to undo".into(),
                });
                break;
            };
            self.record(ev, back);
            if let (Event::Solution { .. }, false, Some(l)) = (ev, back, self.loaded.as_mut()) {
                keep(&mut l.kept, &l.search);
            }
            taken += 1;
            if stop(&ev) {
                break;
            }
        }
        self.end();
        Ok(taken)
    }

    /// Runs the fast path for at most `max_nodes` more search-tree nodes, keeping the solutions found
    /// and stopping at the first when `stop`.
    fn run_fast(&mut self, max_nodes: f64, stop: bool) -> Result<Status, JsValue> {
        self.events.clear();
        let l = self.loaded.as_mut().ok_or_else(not_loaded)?;
        let search = &mut l.search;
        let saved = search.limits();
        // JS numbers: negative or NaN count as 0; the cast saturates huge ones.
        let more = if max_nodes > 0.0 { max_nodes as u64 } else { 0 };
        search.set_limits(Limits {
            nodes: Some(search.stats().nodes.saturating_add(more)),
            ..saved
        });
        let status = search.run(&mut Keep {
            kept: &mut l.kept,
            stop,
        });
        search.set_limits(saved);
        Ok(status)
    }

    /// The geometry of the loaded Sudoku, or an error for another problem.
    pub(super) fn sudoku_geo(&self) -> Result<crate::problems::sudoku::Geometry, JsValue> {
        self.loaded()?
            .sudoku_geo
            .ok_or_else(|| js_sys::Error::new("the problem loaded is not a Sudoku").into())
    }
}

pub(super) fn not_loaded() -> JsValue {
    js_sys::Error::new("no problem is loaded: call load(kind, text, distinct) first").into()
}

/// The Rust side of the JS methods that take arguments (tests call these; JS calls the checked
/// wrappers `load_js`, `step_js`, …, which it knows by these names).
impl Session {
    /// Loads a problem; on error returns it and leaves the current one as it was.
    pub fn load(
        &mut self,
        kind: &str,
        text: &str,
        distinct: Option<bool>,
    ) -> Result<String, JsValue> {
        self.load_as(kind, text, distinct, None)
    }

    /// `load` with the exact-cover format the page chose: "auto" (or undefined), "knuth", "matrix".
    pub fn load_as(
        &mut self,
        kind: &str,
        text: &str,
        distinct: Option<bool>,
        format: Option<String>,
    ) -> Result<String, JsValue> {
        let (problem, search) = self.read(kind, text, distinct, format)?;
        self.latest = Latest::Note(narrate::loaded(&problem.title(), problem.instance()));
        let board = problem.board(&[]);
        // The board's kind, not the kind asked for: a text in any box may load as a Sudoku.
        let sudoku_geo = match board.kind {
            ProblemKind::Sudoku => problem
                .as_sudoku()
                .map(|s| s.grid().geometry())
                .or_else(|| crate::problems::sudoku::Geometry::of_size(board.rows).ok()),
            _ => None,
        };
        let note = problem.note().unwrap_or_default();
        self.loaded = Some(Loaded {
            problem,
            search,
            kind: board.kind,
            sudoku_geo,
            kept: Vec::new(),
            solving: None,
            zdd_nodes: std::cell::Cell::new(None),
        });
        self.events.clear();
        Ok(note)
    }

    /// Whether a text would load, as `load_as` reads it, with the same message where it would not;
    /// nothing is loaded and the search is untouched. The page checks again a text whose error it
    /// shows, while it is edited, so that the error goes once the text reads.
    pub fn check_as(
        &self,
        kind: &str,
        text: &str,
        distinct: Option<bool>,
        format: Option<String>,
    ) -> Result<(), JsValue> {
        self.read(kind, text, distinct, format).map(|_| ())
    }

    /// The problem a text reads as and its search at its start, walking the tree chosen: what
    /// `load_as` loads and `check_as` checks.
    fn read(
        &self,
        kind: &str,
        text: &str,
        distinct: Option<bool>,
        format: Option<String>,
    ) -> Result<(Box<dyn Problem>, Search), JsValue> {
        let problem = load_problem(
            kind,
            text,
            distinct.unwrap_or(false),
            format.as_deref(),
            self.max_input,
        )
        .map_err(|e| js_error(&e))?;
        let mut search = start_search(problem.as_ref(), self.tree).map_err(|e| js_error(&e))?;
        with_memo(&mut search, self.memo);
        Ok((problem, search))
    }

    /// Up to `n` events forward; returns how many were taken.
    pub fn step(&mut self, n: u32) -> Result<u32, JsValue> {
        self.walk(n, false, |_| false)
    }

    /// Up to `n` events backward, each undone exactly; returns how many were undone.
    pub fn step_back(&mut self, n: u32) -> Result<u32, JsValue> {
        self.walk(n, true, |_| false)
    }
}

#[wasm_bindgen]
impl Session {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        Session {
            loaded: None,
            events: Vec::new(),
            latest: Latest::None,
            max_input: problems::MAX_INPUT,
            tree: Tree::Dlx1,
            memo: false,
        }
    }

    /// `load(kind, text, distinct)`: `load_as` with the format undefined.
    #[wasm_bindgen(js_name = load)]
    pub fn load_js(
        &mut self,
        kind: JsValue,
        text: JsValue,
        distinct: JsValue,
    ) -> Result<String, JsValue> {
        self.load_as_js(kind, text, distinct, JsValue::UNDEFINED)
    }

    /// Loads a problem: `kind` a name of `problem_kinds()`; `text` N for the numeric kinds, the board
    /// for pentomino ("6x10", "5x12", "4x15", "3x20", "8x8"), else the puzzle or the Knuth/matrix text;
    /// `distinct` symmetry breaking (pentomino, langford); `format` (exact cover, optional) "auto"
    /// (default), "knuth" or "matrix", as the CLI's `--format`. A text in any box that reads as a
    /// Sudoku where the kind's own reading fails or leaves no option loads as a Sudoku
    /// (`problems::load_text`; `info().kind` is then "sudoku"). Returns the note on how the text was
    /// read ("Read as a 9x9 Sudoku", also `info().note`), or "". Throws the CLI's message, with `line`
    /// and `column`; the problem loaded before then stays loaded, untouched. A text above the input
    /// cap is refused from its length, before it is copied into wasm memory. The search starts at its
    /// start, walking the tree `set_tree` chose; the kept solutions are forgotten.
    #[wasm_bindgen(js_name = load_as)]
    pub fn load_as_js(
        &mut self,
        kind: JsValue,
        text: JsValue,
        distinct: JsValue,
        format: JsValue,
    ) -> Result<String, JsValue> {
        let a = LoadArgs::check(&kind, &text, &distinct, &format, self.max_input)?;
        self.load_as(&a.kind, &a.text, a.distinct, a.format)
    }

    /// `check_as(kind, text, distinct, format)`: throws what `load_as` would throw for these
    /// arguments (with `line` and `column`), or returns nothing where they load; loads nothing.
    #[wasm_bindgen(js_name = check_as)]
    pub fn check_as_js(
        &self,
        kind: JsValue,
        text: JsValue,
        distinct: JsValue,
        format: JsValue,
    ) -> Result<(), JsValue> {
        let a = LoadArgs::check(&kind, &text, &distinct, &format, self.max_input)?;
        self.check_as(&a.kind, &a.text, a.distinct, a.format)
    }

    /// Sets the input cap in bytes (default 64 MiB, `problems::MAX_INPUT`): the longest text `load`
    /// reads; a longer one is refused from its length before it is copied into wasm.
    pub fn set_max_input(&mut self, bytes: JsValue) -> Result<(), JsValue> {
        self.max_input = whole_arg("bytes", &bytes, MAX_SAFE)?;
        Ok(())
    }

    /// Back to the start of the search over the same problem (same tree), undone in place: the
    /// link arrays stay where they are. The kept solutions are forgotten.
    pub fn reset(&mut self) -> Result<(), JsValue> {
        let loaded = self.loaded.as_mut().ok_or_else(not_loaded)?;
        // Undo only what is covered now; the link arrays stay where they are in memory.
        loaded.search.restart();
        loaded.kept.clear();
        loaded.solving = None;
        self.events.clear();
        self.latest = Latest::Note("Back at the start".into());
        Ok(())
    }

    /// Chooses the tree walked, a name of `search_trees()` (default "dlx1"): the search starts again
    /// at its start walking it (a search's tree is fixed from its start), the problem kept; later
    /// loads and the step log walk it too. An unknown name throws and changes nothing.
    pub fn set_tree(&mut self, name: JsValue) -> Result<(), JsValue> {
        let tree = tree_of(&string_arg("tree", &name)?).map_err(|e| js_error(&e))?;
        self.tree = tree;
        let Some(l) = self.loaded.as_mut() else {
            return Ok(());
        };
        // Standing at the start (just loaded), the narration keeps what it says of the load.
        let moved = !l.search.at_start();
        l.search = start_search(l.problem.as_ref(), tree).map_err(|e| js_error(&e))?;
        with_memo(&mut l.search, self.memo);
        l.kept.clear();
        self.events.clear();
        if moved {
            self.latest = Latest::Note(format!(
                "Back at the start, walking {}",
                match (l.problem.instance().has_multiplicities(), tree) {
                    (true, _) => "DLX3's tree (multiplicities have no lookahead)",
                    (false, Tree::Lookahead) => "the lookahead's tree",
                    (false, Tree::Dlx1) => "Knuth's DLX1 tree",
                }
            ));
        }
        Ok(())
    }

    /// The Memo switch (Knuth's DLX6): on, the search steps with memos, a subproblem met before
    /// reused (`Event::Reuse`) instead of searched; the search starts again at its start, the
    /// problem kept, and later loads step so too. A problem with multiplicities is refused in
    /// words (thrown; the switch stays on for the next problem, the search steps without memos).
    pub fn set_memo(&mut self, on: bool) -> Result<(), JsValue> {
        self.memo = on;
        let Some(l) = self.loaded.as_mut() else {
            return Ok(());
        };
        let moved = !l.search.at_start();
        l.search = start_search(l.problem.as_ref(), self.tree).map_err(|e| js_error(&e))?;
        with_memo(&mut l.search, on);
        l.kept.clear();
        self.events.clear();
        if moved {
            self.latest = Latest::Note(if l.search.memo() {
                "Back at the start, stepping with memos".into()
            } else {
                "Back at the start, stepping without memos".into()
            });
        }
        match self.memo_refusal() {
            Some(why) => Err(JsError::new(&why).into()),
            None => Ok(()),
        }
    }

    /// Why the Memo switch is on and the search steps without memos (a problem with
    /// multiplicities), or `undefined`.
    pub fn memo_refusal(&self) -> Option<String> {
        let l = self.loaded.as_ref()?;
        (self.memo && !l.search.memo()).then(|| {
            format!(
                "Memo is off for this problem: {}",
                crate::core::memo::MemoError::Multiplicities
            )
        })
    }

    /// `[memos, hits, full, zdd]` so far when the search steps with memos (DLX6's words: subproblems
    /// kept, and nodes reused from them; full 1 when the table is at its budget, 128 MiB
    /// (`core::search::STEP_BUDGET`): a node finished then is not kept; the ZDD's nodes once the
    /// search is over, as DLX6 prints them at its end, -1 before or past their budget), else
    /// `undefined`.
    pub fn memo_counts(&self) -> Option<Vec<f64>> {
        let l = self.loaded.as_ref()?;
        let c = l.search.memo_counts()?;
        let zdd = match l.search.is_done() {
            true => l.zdd_nodes().map_or(-1.0, |z| z as f64),
            false => -1.0,
        };
        Some(vec![
            c.memos as f64,
            c.hits as f64,
            f64::from(u8::from(c.full)),
            zdd,
        ])
    }

    /// The tree the search walks, as `dlx count --json` names it: "dlx1", "lookahead", or "dlx3" for
    /// a problem with multiplicities; before a load, the tree chosen.
    pub fn tree_name(&self) -> String {
        match &self.loaded {
            Some(l) => walked(l.problem.as_ref(), l.search.tree()),
            None => self.tree.name(),
        }
        .into()
    }

    /// What the fast paths count with (`next_solution`, `count_chunk`, `solve`), as `dlx count --json`
    /// says it: "bits" (DLX1's tree on bit sets of options, where options overlap heavily:
    /// pentominoes) or "links"; the same nodes and updates either way. Stepping is always on the links
    /// the page draws.
    pub fn engine_name(&self) -> String {
        match &self.loaded {
            Some(l) => l.search.engine().name(),
            None => "links",
        }
        .into()
    }

    /// Up to `n` events forward; returns how many were taken (fewer than `n` at the end). `n` is a
    /// whole number from 0 to 2^32 - 1 (`step(-1)` once wrapped and ran for minutes). The events
    /// taken are in the events view; a solution reached is kept.
    #[wasm_bindgen(js_name = step)]
    pub fn step_js(&mut self, n: JsValue) -> Result<u32, JsValue> {
        let n = whole_arg("n", &n, u32::MAX.into())?;
        self.step(n as u32)
    }

    /// Up to `n` events backward, each undone exactly (no re-run, no trace kept); returns how many.
    /// A solution stepped back over is no longer kept. `n` checked as for `step`.
    #[wasm_bindgen(js_name = step_back)]
    pub fn step_back_js(&mut self, n: JsValue) -> Result<u32, JsValue> {
        let n = whole_arg("n", &n, u32::MAX.into())?;
        self.step_back(n as u32)
    }

    /// Forward to and including the next Try, Solution, DeadEnd or Reject; returns the number of
    /// events.
    pub fn step_to_choice(&mut self) -> Result<u32, JsValue> {
        self.walk(u32::MAX, false, is_choice)
    }

    /// Back to just after the previous Try, Solution, DeadEnd or Reject: the mirror of
    /// `step_to_choice`.
    /// Undoes events until it has undone a choice that was not the first event undone (standing right
    /// after a choice, that choice is the current one, not the previous), then takes that choice again.
    /// Its events are recorded as taken (the undone ones, then the one taken again). Returns the
    /// number of events it moved back (net).
    pub fn step_back_to_choice(&mut self) -> Result<u32, JsValue> {
        self.search_mut()?;
        self.events.clear();
        let mut back = 0u32;
        while let Some(l) = self.loaded.as_mut() {
            let Some(ev) = l.search.step_back() else {
                self.latest = Latest::Note("At the start: nothing more to undo".into());
                break;
            };
            self.record(ev, true);
            back += 1;
            if is_choice(&ev) && back > 1 {
                let l = self.loaded.as_mut().ok_or_else(not_loaded)?;
                let again = l
                    .search
                    .step()
                    .expect("an event just undone can be taken again");
                if let Event::Solution { .. } = again {
                    keep(&mut l.kept, &l.search);
                }
                self.record(again, false);
                back -= 1;
                break;
            }
        }
        self.end();
        Ok(back)
    }

    /// Where the latest cover or uncover belongs, for the page's algorithm panel: 1 when it is the
    /// item branched on (`cover(i)` / `uncover(i)`), 2 when it is an item of the option being tried
    /// or undone, 0 when no cover is under way at a level boundary that says otherwise.
    pub fn cover_context(&self) -> Result<u32, JsValue> {
        use crate::core::{Ctx, Phase};
        let s = &self.loaded()?.search;
        Ok(match s.phase() {
            Phase::CoverHeader { ctx, .. }
            | Phase::CoverRows { ctx, .. }
            | Phase::UncoverRows { ctx, .. }
            | Phase::UncoverHeader { ctx, .. } => match ctx {
                Ctx::Chosen => 1,
                Ctx::Opt(_) => 2,
            },
            // Right after the last hide of the item branched on, or after an option's items were
            // all put back (the next option comes), or the chosen item put back.
            Phase::Try => match self.latest {
                Latest::Event {
                    ev: Event::Hide { .. } | Event::CoverItem { .. },
                    undone: false,
                } => 1,
                _ => 2,
            },
            Phase::Exhausted => 1,
            // The lookahead found the hide just taken emptied an item: still the option's cover.
            Phase::Reject { .. } => 2,
            // The last item of the option tried is covered: the level below is entered.
            Phase::Enter => 2,
            _ => 0,
        })
    }

    /// Forward on the fast path to the next solution; false if none within `max_nodes` more
    /// search-tree nodes (a whole number up to 2^53 - 1) or the search is over.
    pub fn next_solution(&mut self, max_nodes: f64) -> Result<bool, JsValue> {
        nodes_arg(max_nodes)?;
        let status = self.run_fast(max_nodes, true)?;
        let search = &self.loaded()?.search;
        self.latest = match status {
            Status::Paused => Latest::Event {
                ev: Event::Solution {
                    level: search.level() as u32,
                },
                undone: false,
            },
            Status::Limit => Latest::Note(narrate::paused(search.stats())),
            Status::Done => Latest::Note(narrate::finished(search.stats())),
        };
        Ok(status == Status::Paused)
    }

    /// Counts on, on the fast path, for at most `max_nodes` more nodes; true when the search is over.
    /// Solutions found are kept (the first `KEEP`).
    pub fn count_chunk(&mut self, max_nodes: f64) -> Result<bool, JsValue> {
        nodes_arg(max_nodes)?;
        let status = self.run_fast(max_nodes, false)?;
        let stats = self.loaded()?.search.stats();
        self.latest = Latest::Note(match status {
            Status::Done => narrate::finished(stats),
            _ => narrate::paused(stats),
        });
        Ok(status == Status::Done)
    }

    /// Back to the start of the search to solve: as `reset`, and the kept solutions are forgotten.
    pub fn solve_start(&mut self) -> Result<(), JsValue> {
        self.reset()?;
        self.latest = Latest::Note("Solving: looking for a solution, then for a second one".into());
        Ok(())
    }

    /// Solve stopped before its verdict: back to the start (as `reset`), and the narration says so.
    pub fn solve_stop(&mut self) -> Result<(), JsValue> {
        self.reset()?;
        self.latest = Latest::Note(
            "Solve stopped before its verdict: the search is back at its start".into(),
        );
        Ok(())
    }

    /// The Solve button, for at most `max_nodes` more nodes a call: on (fast path) to the first
    /// solution, then to a second. Returns `{finished, verdict, found, nodes, updates, at}`:
    /// finished once a second solution is found (verdict "multiple", the search standing there),
    /// or the search is over with none ("none") or one ("unique"); verdict "" while not finished;
    /// found 0 to 2; nodes and updates the whole search's so far; `at` the nodes counted when the
    /// solution the search stands at was found (0 at none).
    ///
    /// A unique puzzle's proof runs the search to its end, where it stands on nothing (Back then
    /// emptied the board): so the search is brought back to the solution by `Search::follow`,
    /// its options level by level and its counters as they were when it was found, never by
    /// searching again. Back then takes the last digit placed off the board, and Step goes on to
    /// prove, event by event, that no other solution exists.
    pub fn solve(&mut self, max_nodes: f64) -> Result<JsValue, JsValue> {
        nodes_arg(max_nodes)?;
        let l = self.loaded.as_mut().ok_or_else(not_loaded)?;
        let solving = l.solving.get_or_insert_with(Solving::default);
        let finished = solving.run(&mut l.search, max_nodes);
        self.events.clear();
        let view = solving.view();
        if !finished {
            self.latest = Latest::Note(solving.going());
            return to_js(&view);
        }
        let done = l.solving.take().ok_or_else(not_loaded)?;
        self.latest = Latest::Note(done.settle(&mut l.search, &mut l.kept)?);
        to_js(&view)
    }

    /// Brings the search to where a Solve on a worker left its own (`Solver.outcome()`, a text):
    /// at the solution of a unique puzzle, at the second of several, at the end of one with none,
    /// its counters those of that search there, the solutions found kept; no search is made
    /// here. Returns what `solve` returns when it finishes. Throws when the text does not read,
    /// the Solve is not finished, or its path is not one of this problem's search.
    pub fn solve_follow(&mut self, outcome: String) -> Result<JsValue, JsValue> {
        let done = Solving::from_json(&outcome)?;
        let l = self.loaded.as_mut().ok_or_else(not_loaded)?;
        l.solving = None;
        self.events.clear();
        let note = done.settle(&mut l.search, &mut l.kept)?;
        self.latest = Latest::Note(note);
        to_js(&done.view())
    }

    /// One line in words for the latest event taken or undone (or the latest load, reset or run).
    pub fn narration(&self) -> String {
        match (&self.latest, &self.loaded) {
            (Latest::Event { ev, undone }, Some(l)) => {
                narrate::narrate(*ev, *undone, &l.search, l.problem.as_ref())
            }
            (Latest::Note(s), _) => s.clone(),
            _ => String::new(),
        }
    }

    /// The events of the latest stepping call (`step`, `step_back`, `step_to_choice`,
    /// `step_back_to_choice`), `engine_facts().event.words` u32 each (see `EventCode`), its last `engine_facts().event_cap`
    /// only. The pointer may change with every step.
    pub fn events_ptr(&self) -> *const u32 {
        if self.events.is_empty() {
            std::ptr::null()
        } else {
            self.events.as_ptr()
        }
    }

    pub fn events_len(&self) -> usize {
        self.events.len()
    }
}
