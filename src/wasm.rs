//! The wasm layer: the only module that knows wasm-bindgen. Compiled only for `wasm32`.
//!
//! CONTRACT (the page in `www/` is written against exactly this; keep both in step):
//!
//! ```text
//! import init, { Session, wasm_memory, problem_kinds, search_trees, EventCode, event_cap, covered_flag }
//!   from './pkg/dlx_studio.js';
//! await init();
//! problem_kinds() -> [{name, label, input: "size" | "board" | "puzzle" | "matrix", min, max, default,
//!                     distinct, boards: [[name, label]]}]   the kinds, from problems::kinds; the page
//!                                builds its selects from this and names no kind itself.
//! search_trees() -> [{name, label, hint}]  the trees a search may walk: "dlx1" (Knuth's DLX1, the
//!                                default) and "lookahead" (as SSXC: an option that would leave a primary
//!                                item with no option is rejected, never entered); names as the CLI's --tree.
//! EventCode.Choose … EventCode.Reject        the event codes below; event_cap(), event_words(),
//!                                covered_flag(): the constants below, so the page defines none.
//! engine_facts() -> EngineFacts  all of them, and the views' layouts (src/wasm_facts.rs, typed in the .d.ts).
//! const s = new Session();
//! s.load(kind, text, distinct)   = s.load_as(kind, text, distinct, undefined)
//! s.load_as(kind, text, distinct, format)
//!                                kind: a name from problem_kinds(); text: N for the numeric ones, the board name
//!                                for pentomino ("6x10", "5x12", "4x15", "3x20", "8x8"), the puzzle or the
//!                                Knuth/matrix text otherwise; distinct: symmetry breaking (pentomino,
//!                                langford); format (exact-cover, optional): "auto" (default), "knuth" or
//!                                "matrix", as the CLI's --format; for a Sudoku the variant switches
//!                                ("x,anti-knight", the CLI's --variant; see wasm/sudoku_layout.rs). Throws an Error whose message is the CLI's message and which
//!                                carries `line` and `column` (numbers or undefined). On error the
//!                                problem loaded before stays loaded, untouched. Text in any box that
//!                                reads as a Sudoku, where the kind's own reading fails or has no
//!                                option, loads as a Sudoku (problems::load_text): info().kind is then
//!                                "sudoku". Returns the note on how the text was read ("Read as a 9x9
//!                                Sudoku", also info().note), or "" when there is none.
//! s.set_max_input(bytes)         the longest text load reads (default 64 MiB, problems::MAX_INPUT); a
//!                                longer one is refused from its length before it is copied into wasm.
//! Arguments are checked: a wrong type ("n must be a number, not string"), a negative, fractional or
//!                                too large count ("n must be between 0 and 4294967295, not -1") throws
//!                                an Error and changes nothing; the session goes on after any error.
//! s.reset()                      back to the start of the search (same problem, same tree).
//! s.set_tree(name)               the tree walked, a name from search_trees(): the search starts again
//!                                at its start walking it (a search's tree is fixed from its start), the
//!                                problem kept; later loads walk it too. Default "dlx1". The step log,
//!                                count_chunk and count_part (the run's workers) walk it too.
//! s.tree_name() -> string        the tree the search walks, as `dlx count --json` says it: "dlx1",
//!                                "lookahead", or "dlx3" for multiplicities (Algorithm M has no
//!                                lookahead, so it walks DLX3's tree whatever was chosen).
//! s.engine_name() -> string      what the fast paths count with (next_solution, count_chunk, the
//!                                run's workers), as `dlx count --json` says it: "bits" (DLX1's tree
//!                                on bit sets of options, where options overlap heavily: pentominoes)
//!                                or "links"; the same nodes and updates either way. Stepping is
//!                                always on the links the page draws.
//! s.step(n) -> number            up to n events forward; returns how many were taken (< n at the end).
//! s.step_back(n) -> number       up to n events backward (undone exactly; no re-run, no trace kept).
//! s.step_to_choice() -> number   forward to and including the next Try, Solution, DeadEnd or Reject
//!                                event.
//! s.step_back_to_choice() -> number
//!                                back to just after the previous Try, Solution, DeadEnd or Reject (the
//!                                mirror of step_to_choice); the net number of events moved back.
//! s.cover_context() -> number    1: the latest cover/uncover is of the item branched on; 2: of an
//!                                item of the option tried; 0: neither (the algorithm panel's line).
//! s.next_solution(max_nodes) -> boolean
//!                                forward (fast path) to the next solution; false if none within
//!                                max_nodes more search-tree nodes or the search ended.
//! s.count_chunk(max_nodes) -> boolean
//!                                counts on (fast path) for at most max_nodes more nodes; true when the
//!                                search is finished. For the worker's run to the end.
//! s.count_part(k, n)            prepares to count part k (0 to n-1) of n of the loaded problem, from
//!                                its start (core::split: the same split in every worker, so the n
//!                                parts add up to the whole count, nodes and updates included). The
//!                                page's stepping search is not touched.
//! s.count_part_for(ms) -> boolean
//!                                counts on in that part for about ms milliseconds, timed here with
//!                                performance.now() whatever the problem; true when the part is done.
//! s.part_stats() -> {solutions, nodes, updates, done, total, finished}
//!                                what the part has counted; done and total: Knuth's estimates of the
//!                                part's work done and of all of it (sum them over parts for a bar).
//! s.part_kept() -> [{seq, j, board}]
//!                                the part's first 100 solutions in the whole search's order (among
//!                                its finished subproblems): sort all parts' by (seq, j), keep 100.
//! s.stats() -> {level, nodes, updates, cleansings, solutions, max_depth, progress, progress_text, done,
//!              at_start}
//!                                progress: Knuth's estimate of the fraction of the tree explored, 0
//!                                until the root's first option is tried, and 0 until some branch
//!                                is finished (before, it is only a guess of half the path's
//!                                subtree); progress_text: it as a percentage, "< 0.01%" rather than
//!                                an exponent, or NO_ESTIMATE ("no estimate yet") in that time
//!
//! Solutions found are kept (the first KEEP = 100 since the last load, reset or solve_start), by
//! every way of searching: step, next_solution, count_chunk, solve. Kept solution k is solution k + 1
//! of the search; stepping back past one forgets it (the list holds the solutions reached, no more).
//! s.kept_count() -> number       how many are kept.
//! s.kept(k) -> Board             kept solution k (0-based).
//! s.kept_boards() -> [Board]     all of them (the worker posts these at the end of a run).
//! s.solve_start()                back to the start (as reset), forgetting the kept solutions, to solve.
//! s.solve(max_nodes) -> {finished, verdict, found, nodes, updates}
//!                                the Solve button, in slices: on (fast path) to the first solution, then
//!                                to a second, for at most max_nodes more nodes a call. finished once a
//!                                second solution is found or the search is over; verdict then "unique",
//!                                "multiple" or "none" ("" while not finished); found: solutions so far
//!                                (0 to 2). With "multiple" the search stands at the second solution.
//! s.candidates() -> Uint32Array  Sudoku only (else empty): per cell, bit v - 1 set for each symbol v
//!                                whose option is still in the cell item's list (as many bits as the
//!                                item's length in the lens view); 0 for a cell whose item is covered.
//! s.cell_links(cell, value) -> {items: [header], options: [option]}
//!                                Sudoku only: what a cell is in the matrix. value 0 (empty): its cell
//!                                item and its N options; value v: the four items of the option placing v
//!                                there, and that option. Headers as in the link arrays (item i + 1).
//! s.item_cells(header) -> [cell] Sudoku only: the cells an item is about (its cell, row, column, region,
//!                                diagonal, cage…; for a filling's item, the cells whose part holds it).
//! s.info() -> {title, kind, n_items, n_primary, n_options, items: [names], options: [[item index]],
//!              colors: [names]}  colour k (from 1) is colors[k - 1].
//!                                once per load; item index i is header i + 1 in the link arrays.
//! s.board() -> Board             (see problems::Board) for the options chosen so far, plus the option
//!                                being tried now, if any; .text is the board-text read-out.
//! s.narration() -> string        one line in words for the latest event taken or undone.
//! s.step_log(max_events) -> {text, events, reached}
//!                                the step log (`dlx trace`'s JSON lines, a line each) from the start
//!                                of the search to where it stands, replayed on a fresh search, at most
//!                                max_events lines; reached: false when it stands further than that.
//! s.export_knuth() -> string     the problem in Knuth's format, as `dlx export` writes it.
//! s.solutions_text() -> string   the kept solutions as `dlx solve --limit 0` prints them.
//! s.tree() -> [{level, k, d, item, node}] the current path: option k of d at each level, item
//!                                 branched on, node chosen (0 at the level deciding; an item header
//!                                 for Algorithm M's null choice).
//! s.option_labels() -> [string]  a short name for each option in the puzzle's words ("r3c5=7" for a
//!                                Sudoku, "Q r3c5" for queens, "r1c2=2" for a Latin square: rows and
//!                                columns from 1 in each; else the option's items), for the search
//!                                tree's nodes.
//! s.branching_item() -> number   header index of the item branched on at this level, or 0.
//! s.trying() -> number           node of the option being tried now, or 0.
//! s.option_cells(k) -> Uint32Array  the board cells (row-major) option k fills: those of board() that
//!                                differ with it and without it; the board frames the option tried so.
//!
//! Zero-copy views (rebuild them whenever wasm_memory().buffer changes, i.e. after memory grows):
//! s.nodes_ptr(), s.nodes_len()   Uint32Array(memory.buffer, ptr, len): 4 u32 per node:
//!                                top, up, down, next (Knuth's DLX1 node array; see core::links):
//!                                next is the next node of the option, cyclically; for a spacer
//!                                (top 0), the number of the option after it. A header's top is 0.
//! s.items_ptr(), s.items_len()   2 u32 per item header: left, right (index 0 is the root).
//! s.lens_ptr(), s.lens_len()     1 u32 per item header: its length (Knuth's LEN) in the low 30 bits,
//!                                plus bit 30 (0x40000000) while the item is covered; index 0 unused.
//! s.colors_ptr(), s.colors_len() 1 u32 per node: its colour (0 none, k for colour k of info().colors,
//!                                0xFFFFFFFF while marked by a purification as agreeing with it); for an
//!                                item header, the colour it is purified with (0 when it is not).
//! s.events_ptr(), s.events_len() the events of the latest step/step_back/step_to_choice call, 6 u32 each:
//!                                [code, a, b, c, d, undone]; code 0 Choose(level,item,len), 1 DeadEnd(level,
//!                                item), 2 CoverItem(item), 3 Hide(node), 4 Try(level,node,k,d),
//!                                5 Solution(level), 6 Backtrack(level), 7 Unhide(node), 8 UncoverItem(item),
//!                                9 Purify(node), 10 Unpurify(node), 11 Lower(node), 12 Raise(node),
//!                                13 Close(level,item,k,d), 14 Untweak(level,item),
//!                                15 Reject(level,node,item): the lookahead gives up the option of
//!                                node, tried at level, because it left primary item (a header) with
//!                                no option; the Unhide/UncoverItem events after it undo it;
//!                                undone = 1 when the event was taken back by step_back. Only the last
//!                                65536 events of a call are kept.
//! wasm_memory()                  the module's WebAssembly.Memory.
//! ```
//!
//! Memory can grow in any call that allocates (load, board, info, a long step), and a view made before
//! that is detached (its length reads 0): check `view.buffer === memory.buffer` before drawing, or just
//! make the views afresh each frame (cheap). The nodes, items and lens pointers stay put until the next `load`
//! (which builds a new search; `reset` undoes in place); the events pointer may change with every step.
//!
//! Before the first successful load, the views are empty (pointer 0, length 0) and every other method
//! throws an Error saying no problem is loaded.
//!
//! The search state lives in `core::Search` alone (it steps back from its state, with no trace), so a
//! session is the search plus what the page needs to read it: the problem that decodes boards, the
//! events of the latest call, and the latest event for the narration.

use crate::core::{Event, Limits, Observer, Order, Plan, Search, Share, Split, Status, Tree};
use crate::narrate;
use crate::problems::{self, InputError, Problem, Spec};
use js_sys::Reflect;
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub mod sudoku_layout;

/// Events kept per call: the page draws at most the tail of a long run.
pub const EVENT_CAP: usize = 65536;
/// u32 per event in the events buffer: code, a, b, c, d, undone (`wasm_facts::EventRecord`).
pub const EVENT_WORDS: usize = crate::wasm_facts::EVENT_RECORD_WORDS;

#[wasm_bindgen(start)]
fn start() {
    // Panics show up in the browser console with their message and location, not as "unreachable".
    console_error_panic_hook::set_once();
}

/// The module's `WebAssembly.Memory`, for building typed-array views on the link arrays.
#[wasm_bindgen]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// What the narration describes.
enum Latest {
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
fn is_choice(ev: &Event) -> bool {
    matches!(
        ev,
        Event::Try { .. } | Event::Solution { .. } | Event::DeadEnd { .. } | Event::Reject { .. }
    )
}

/// The trees a page may walk, by the names the CLI's `--tree` takes (`Tree::name`).
const TREES: [Tree; 2] = [Tree::Dlx1, Tree::Lookahead];

/// A tree by its name, with the CLI's message for an unknown one.
fn tree_of(name: &str) -> Result<Tree, InputError> {
    TREES
        .into_iter()
        .find(|t| t.name() == name)
        .ok_or_else(|| InputError::new(format!("tree `{name}`: expected dlx1 or lookahead")))
}

/// The name of the tree a search walks, as `dlx count --json` says it: `dlx1`, `lookahead`, or
/// `dlx3` for an instance with multiplicities (Algorithm M has no lookahead).
fn walked(problem: &dyn Problem, search: &Search) -> &'static str {
    if problem.instance().has_multiplicities() {
        "dlx3"
    } else {
        search.tree().name()
    }
}

/// Solutions kept a search: enough to page through, bounded however many a run counts (as a part keeps).
pub const KEEP: usize = crate::core::split::KEEP;

/// The progress read-out while no branch of the tree is finished (see `stats`).
const NO_ESTIMATE: &str = "no estimate yet";

/// A loaded problem and the search over it.
struct Loaded {
    problem: Box<dyn Problem>,
    search: Search,
    kind: String,
    /// The box side of a Sudoku (2 to 5), for its candidates and cell maps; 0 for other problems.
    sudoku_n: usize,
    /// The options of the first `KEEP` solutions found since the search last started.
    kept: Vec<Vec<usize>>,
}

/// Keeps the solution the search stands at, if it is one of the first `KEEP` and not kept yet.
fn keep(kept: &mut Vec<Vec<usize>>, s: &Search) {
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
    fn event(&mut self, _: Event, s: &Search) -> std::ops::ControlFlow<()> {
        keep(self.kept, s);
        if self.stop {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

/// One problem in the page and the search over it. See the contract at the top of this file.
#[wasm_bindgen]
pub struct Session {
    loaded: Option<Loaded>,
    /// `EVENT_WORDS` u32 per event of the latest stepping call (see `encode`).
    events: Vec<u32>,
    latest: Latest,
    /// The longest text `load` reads, in bytes (`set_max_input`).
    max_input: u64,
    /// The part being counted by `count_part_for`, and the nodes its next chunk counts.
    share: Option<Share>,
    chunk: u64,
    /// The tree the page chose (`set_tree`): every search this session starts walks it.
    tree: Tree,
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

/// `performance.now()` of this global (the page or a worker), in ms; 0 where there is none.
fn now() -> f64 {
    use wasm_bindgen::JsCast;
    Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

#[derive(Serialize)]
struct StatsView {
    level: usize,
    nodes: u64,
    updates: u64,
    cleansings: u64,
    solutions: u64,
    max_depth: usize,
    progress: f64,
    /// `progress` as the page shows it (`narrate::percent`: 0% before the first choice, no exponents).
    progress_text: String,
    done: bool,
    at_start: bool,
}

#[derive(Serialize)]
struct SolveView {
    finished: bool,
    verdict: &'static str,
    found: u64,
    nodes: u64,
    updates: u64,
}

#[derive(Serialize)]
struct CellLinks {
    items: Vec<u32>,
    options: Vec<u32>,
}

#[derive(Serialize)]
struct InfoView<'a> {
    title: String,
    kind: &'a str,
    /// How the text was read ("Read as a 9x9 Sudoku"), or "".
    note: String,
    /// Why there is nothing worth searching (no option, one item: problems::warning), or "".
    warning: String,
    n_items: usize,
    n_primary: usize,
    n_options: usize,
    items: Vec<String>,
    options: Vec<Vec<u32>>,
    colors: &'a [String],
}

#[derive(Serialize)]
struct TreeLevel {
    level: usize,
    k: u32,
    d: u32,
    item: u32,
    /// The node chosen at this level (an item header for Algorithm M's null choice), 0 at the level
    /// being decided.
    node: u32,
}

/// The code of each event in the events buffer (the first of its `EVENT_WORDS` u32). Exported to the
/// page as the enum `EventCode`, so the page never spells a number out.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventCode {
    Choose = 0,
    DeadEnd = 1,
    CoverItem = 2,
    Hide = 3,
    Try = 4,
    Solution = 5,
    Backtrack = 6,
    Unhide = 7,
    UncoverItem = 8,
    Purify = 9,
    Unpurify = 10,
    Lower = 11,
    Raise = 12,
    Close = 13,
    Untweak = 14,
    Reject = 15,
}

/// An event as the page reads it: `[code, a, b, c, d, undone]`, codes as in `EventCode`.
pub fn encode(ev: Event, undone: bool) -> [u32; EVENT_WORDS] {
    use EventCode as C;
    let u = u32::from(undone);
    let (code, a, b, c, d) = match ev {
        Event::Choose { level, item, len } => (C::Choose, level, item, len, 0),
        Event::DeadEnd { level, item } => (C::DeadEnd, level, item, 0, 0),
        Event::CoverItem { item } => (C::CoverItem, item, 0, 0, 0),
        Event::Hide { node } => (C::Hide, node, 0, 0, 0),
        Event::Try { level, node, k, d } => (C::Try, level, node, k, d),
        Event::Solution { level } => (C::Solution, level, 0, 0, 0),
        Event::Backtrack { level } => (C::Backtrack, level, 0, 0, 0),
        Event::Unhide { node } => (C::Unhide, node, 0, 0, 0),
        Event::UncoverItem { item } => (C::UncoverItem, item, 0, 0, 0),
        Event::Purify { node } => (C::Purify, node, 0, 0, 0),
        Event::Unpurify { node } => (C::Unpurify, node, 0, 0, 0),
        Event::Lower { node } => (C::Lower, node, 0, 0, 0),
        Event::Raise { node } => (C::Raise, node, 0, 0, 0),
        // Laid out as a Try (level, item in place of the node, k, d): the page counts it as one.
        Event::Close { level, item, k, d } => (C::Close, level, item, k, d),
        Event::Untweak { level, item } => (C::Untweak, level, item, 0, 0),
        // The lookahead: at `level`, the option of `node` is given up, `item` left with no option.
        Event::Reject { level, node, item } => (C::Reject, level, node, item, 0),
    };
    let code = code as u32;
    crate::wasm_facts::EventRecord {
        code,
        a,
        b,
        c,
        d,
        undone: u,
    }
    .words()
}

/// The kinds of problem (`problems::kinds`): `[{name, label, input, min, max, default, distinct,
/// boards: [[name, label]]}]`, in the order the page offers them.
#[wasm_bindgen]
pub fn problem_kinds() -> Result<JsValue, JsValue> {
    to_js(&problems::kinds::kinds())
}

/// The trees the page offers: `[{name, label, hint}]`, DLX1 first (the default: the narration and the
/// tours follow Knuth's steps). `name` is what `Session.set_tree` and the CLI's `--tree` take.
#[wasm_bindgen]
pub fn search_trees() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct TreeView {
        name: &'static str,
        label: &'static str,
        hint: &'static str,
    }
    let view = |t: Tree| {
        match t {
        Tree::Dlx1 => TreeView {
            name: t.name(),
            label: "Knuth's DLX1",
            hint: "Knuth's DLX1: every option tried enters a node, dead ends included; the narration, \
                   the tours and the step log follow Knuth's steps",
        },
        Tree::Lookahead => TreeView {
            name: t.name(),
            label: "lookahead (as SSXC: never enters dead ends)",
            hint: "As Knuth's SSXC: an option that would leave some primary item with no option is \
                   rejected while it is tried, without entering a node, so the tree has no such dead \
                   ends (fewer nodes, the same solutions)",
        },
    }
    };
    to_js(&TREES.map(view))
}

/// Events kept from one stepping call (`EVENT_CAP`).
#[wasm_bindgen]
pub fn event_cap() -> u32 {
    EVENT_CAP as u32
}

/// u32 per event in the events buffer (`EVENT_WORDS`).
#[wasm_bindgen]
pub fn event_words() -> u32 {
    EVENT_WORDS as u32
}

/// The bit set in an item's entry of the lens view while it is covered (`core::COVERED`).
#[wasm_bindgen]
pub fn covered_flag() -> u32 {
    crate::core::COVERED
}

/// A JS `Error` carrying the message (with its position) and `line`/`column` (numbers or undefined).
fn js_error(e: &InputError) -> JsValue {
    let err = js_sys::Error::new(&e.to_string());
    let num = |v: Option<usize>| v.map_or(JsValue::UNDEFINED, |n| JsValue::from(n as f64));
    // Setting a property on a fresh Error object cannot fail.
    let _ = Reflect::set(&err, &"line".into(), &num(e.line));
    let _ = Reflect::set(&err, &"column".into(), &num(e.column));
    err.into()
}

fn no_part() -> JsValue {
    js_sys::Error::new("no part to count: call count_part(k, n) first").into()
}

/// 2^53 - 1: the largest whole number a JS number holds exactly.
const MAX_SAFE: u64 = (1 << 53) - 1;

fn type_name(v: &JsValue) -> String {
    v.js_typeof().as_string().unwrap_or_default()
}

/// A TypeError-like Error for an argument of the wrong type: "text must be a string, not number".
fn type_error(what: &str, wanted: &str, v: &JsValue) -> JsValue {
    js_error(&InputError::new(format!(
        "{what} must be {wanted}, not {}",
        type_name(v)
    )))
}

fn string_arg(what: &str, v: &JsValue) -> Result<String, JsValue> {
    v.as_string().ok_or_else(|| type_error(what, "a string", v))
}

/// A count from JS: a number, whole, from 0 to `max`; refused in the CLI's words for a range
/// (`InputError::check_range`).
fn whole_arg(what: &str, v: &JsValue, max: u64) -> Result<u64, JsValue> {
    let Some(x) = v.as_f64() else {
        return Err(type_error(what, "a number", v));
    };
    if x.fract() != 0.0 || x.is_nan() {
        return Err(js_error(&InputError::new(format!(
            "{what} must be a whole number, not {x}"
        ))));
    }
    if !(0.0..=max as f64).contains(&x) {
        return Err(js_error(&InputError::new(format!(
            "{what} must be between 0 and {max}, not {x}"
        ))));
    }
    Ok(x as u64)
}

/// A node budget from JS (`max_nodes`): a whole number from 0 to 2^53 - 1. A string or NaN reaches
/// an `f64` parameter as NaN and is refused here, as is a negative or fractional budget.
fn nodes_arg(max_nodes: f64) -> Result<u64, JsValue> {
    whole_arg("max_nodes", &JsValue::from_f64(max_nodes), MAX_SAFE)
}

fn not_loaded() -> JsValue {
    js_sys::Error::new("no problem is loaded: call load(kind, text, distinct) first").into()
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    serde_wasm_bindgen::to_value(v).map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// The spec with the exact-cover format the page chose (`None` or "auto": the reader decides), with
/// the CLI's message for an unknown one.
fn with_format(spec: Spec, format: Option<&str>) -> Result<Spec, InputError> {
    // A Sudoku's format is its variant switches (the page's picker): problems::kinds::with_format.
    problems::kinds::with_format(spec, format)
}

/// A fresh search over `problem` walking `tree`, its givens already chosen.
fn start_search(problem: &dyn Problem, tree: Tree) -> Result<Search, InputError> {
    let mut search = Search::new(problem.instance());
    // Before preselect: the tree is fixed for the life of a search (Search::set_tree).
    search.set_tree(tree);
    search.preselect(problem.givens()).map_err(|clash| {
        let inst = problem.instance();
        InputError::new(format!(
            "the given option `{}` clashes with an earlier one on item {}",
            inst.option_text(clash.option),
            inst.item_name(clash.item)
        ))
    })?;
    Ok(search)
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    fn loaded(&self) -> Result<&Loaded, JsValue> {
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

    /// The box side of the loaded Sudoku, or an error for another problem.
    fn sudoku_n(&self) -> Result<usize, JsValue> {
        match self.loaded()?.sudoku_n {
            0 => Err(js_sys::Error::new("the problem loaded is not a Sudoku").into()),
            n => Ok(n),
        }
    }
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
        if text.len() as u64 > self.max_input {
            return Err(js_error(&problems::too_large(
                Some(text.len() as u64),
                self.max_input,
            )));
        }
        // A bad format or switch is refused as it is, not read past as a plain Sudoku by load_text.
        let spec = match problems::kinds::spec(kind, text, distinct.unwrap_or(false)) {
            Ok(s) => Ok(with_format(s, format.as_deref()).map_err(|e| js_error(&e))?),
            Err(e) => Err(e),
        };
        let problem = problems::load_text(spec, text).map_err(|e| js_error(&e))?;
        let search = start_search(problem.as_ref(), self.tree).map_err(|e| js_error(&e))?;
        self.latest = Latest::Note(narrate::loaded(&problem.title(), problem.instance()));
        self.share = None;
        let board = problem.board(&[]);
        let (kind, sudoku_n) = if board.kind == "sudoku" {
            ("sudoku", (board.rows as f64).sqrt().round() as usize)
        } else {
            (kind, 0)
        };
        let note = problem.note().unwrap_or_default();
        self.loaded = Some(Loaded {
            problem,
            search,
            kind: kind.to_string(),
            sudoku_n,
            kept: Vec::new(),
        });
        self.events.clear();
        Ok(note)
    }

    /// Prepares to count part `k` of `n` of the loaded problem (see the contract).
    pub fn count_part(&mut self, k: u32, n: u32) -> Result<(), JsValue> {
        let l = self.loaded()?;
        if n == 0 || k >= n {
            return Err(js_sys::Error::new(&format!("part {k} of {n} does not exist")).into());
        }
        let (k, n) = (k as usize, n as usize);
        // The split depends on the problem and n only, so every worker makes the same one.
        // Split the tree the stepping search walks, so the parts add up to its counts and nodes.
        let split = Split::with_tree(
            l.problem.instance(),
            l.problem.givens(),
            Order::Given,
            Plan::for_workers(n),
            l.search.tree(),
        )
        .map_err(|c| js_sys::Error::new(&format!("the givens clash on option {}", c.option)))?;
        self.share = Some(split.into_share(k, n));
        Ok(())
    }

    /// Kept solution `k` (from 0) as a board.
    pub fn kept(&self, k: usize) -> Result<JsValue, JsValue> {
        let l = self.loaded()?;
        let options = l.kept.get(k).ok_or_else(|| {
            JsValue::from(js_sys::Error::new(&format!(
                "no kept solution {k}: {} are kept",
                l.kept.len()
            )))
        })?;
        to_js(&l.problem.board(options))
    }

    /// A Sudoku cell's items and options in the matrix (see the contract).
    pub fn cell_links(&self, cell: usize, value: usize) -> Result<JsValue, JsValue> {
        let n = self.sudoku_n()?;
        let size = n * n;
        if cell >= size * size || value > size {
            return Err(js_sys::Error::new(&format!(
                "no cell {cell} with value {value} in a {size}x{size} Sudoku"
            ))
            .into());
        }
        let view = if let Some(s) = self.sudoku()? {
            // Read from the instance: a jigsaw's regions, a variant's items, a cage's fillings.
            let (items, options) = self.sudoku_cell_links(s, cell, value);
            CellLinks { items, options }
        } else if value == 0 {
            CellLinks {
                items: vec![cell as u32 + 1],
                options: (0..size).map(|v| (cell * size + v) as u32).collect(),
            }
        } else {
            let k = cell * size + value - 1;
            CellLinks {
                items: problems::sudoku::option_items(n, k)
                    .iter()
                    .map(|&i| i as u32 + 1)
                    .collect(),
                options: vec![k as u32],
            }
        };
        to_js(&view)
    }

    /// The cells a Sudoku item (by header) is about: its cell, or its row, column or box.
    pub fn item_cells(&self, header: u32) -> Result<Vec<u32>, JsValue> {
        let n = self.sudoku_n()?;
        if let Some(s) = self.sudoku()? {
            if header == 0 || header as usize > s.instance().n_items() {
                return Ok(Vec::new());
            }
            return Ok(s
                .item_cells(header as usize - 1)
                .into_iter()
                .map(|p| p as u32)
                .collect());
        }
        if header == 0 || header as usize > 4 * n.pow(4) {
            return Ok(Vec::new());
        }
        Ok(problems::sudoku::item_cells(n, header as usize - 1)
            .into_iter()
            .map(|p| p as u32)
            .collect())
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
            share: None,
            chunk: 1024,
            tree: Tree::Dlx1,
        }
    }

    /// Loads a problem (`load(kind, text, distinct)` in JS): the arguments' types are checked, and a
    /// text above the input cap is refused from its length, before it is copied into wasm memory.
    #[wasm_bindgen(js_name = load)]
    pub fn load_js(
        &mut self,
        kind: JsValue,
        text: JsValue,
        distinct: JsValue,
    ) -> Result<String, JsValue> {
        self.load_as_js(kind, text, distinct, JsValue::UNDEFINED)
    }

    /// `load` with the exact-cover format (`load_as(kind, text, distinct, format)` in JS).
    #[wasm_bindgen(js_name = load_as)]
    pub fn load_as_js(
        &mut self,
        kind: JsValue,
        text: JsValue,
        distinct: JsValue,
        format: JsValue,
    ) -> Result<String, JsValue> {
        let kind = string_arg("kind", &kind)?;
        // A JS string of n UTF-16 units takes at least n bytes as UTF-8: a longer one is refused
        // without copying it (a 300 MB paste panicked with "capacity overflow", then every call threw).
        if let Some(t) = text.dyn_ref::<js_sys::JsString>() {
            if u64::from(t.length()) > self.max_input {
                return Err(js_error(&problems::too_large(None, self.max_input)));
            }
        }
        let text = string_arg("text", &text)?;
        let distinct = match distinct.as_bool() {
            Some(b) => Some(b),
            None if distinct.is_undefined() || distinct.is_null() => None,
            None => return Err(type_error("distinct", "a boolean", &distinct)),
        };
        let format = if format.is_undefined() || format.is_null() {
            None
        } else {
            Some(string_arg("format", &format)?)
        };
        self.load_as(&kind, &text, distinct, format)
    }

    /// Sets the input cap (`problems::MAX_INPUT`, 64 MiB, by default): the longest text `load` reads.
    pub fn set_max_input(&mut self, bytes: JsValue) -> Result<(), JsValue> {
        self.max_input = whole_arg("bytes", &bytes, MAX_SAFE)?;
        Ok(())
    }

    /// Back to the start of the search over the same problem.
    pub fn reset(&mut self) -> Result<(), JsValue> {
        let loaded = self.loaded.as_mut().ok_or_else(not_loaded)?;
        // Undo only what is covered now; the link arrays stay where they are in memory.
        loaded.search.restart();
        loaded.kept.clear();
        self.events.clear();
        self.latest = Latest::Note("Back at the start".into());
        Ok(())
    }

    /// Chooses the tree walked (`set_tree(name)` in JS, a name from `search_trees()`): the search
    /// starts again at the start walking it (a search's tree is fixed from its start), the problem
    /// kept; later loads walk it too. An unknown name throws and changes nothing.
    pub fn set_tree(&mut self, name: JsValue) -> Result<(), JsValue> {
        let tree = tree_of(&string_arg("tree", &name)?).map_err(|e| js_error(&e))?;
        self.tree = tree;
        let Some(l) = self.loaded.as_mut() else {
            return Ok(());
        };
        // Standing at the start (just loaded), the narration keeps what it says of the load.
        let moved = !l.search.at_start();
        l.search = start_search(l.problem.as_ref(), tree).map_err(|e| js_error(&e))?;
        l.kept.clear();
        self.events.clear();
        if moved {
            self.latest = Latest::Note(format!(
                "Back at the start, walking {}",
                match walked(l.problem.as_ref(), &l.search) {
                    "lookahead" => "the lookahead's tree",
                    "dlx3" => "DLX3's tree (multiplicities have no lookahead)",
                    _ => "Knuth's DLX1 tree",
                }
            ));
        }
        Ok(())
    }

    /// The tree the search walks, as `dlx count --json` names it: "dlx1", "lookahead", or "dlx3" for
    /// a problem with multiplicities; before a load, the tree chosen.
    pub fn tree_name(&self) -> String {
        match &self.loaded {
            Some(l) => walked(l.problem.as_ref(), &l.search),
            None => self.tree.name(),
        }
        .into()
    }

    /// What the fast paths count with: "bits" or "links" (see the contract).
    pub fn engine_name(&self) -> String {
        match &self.loaded {
            Some(l) => l.search.engine().name(),
            None => "links",
        }
        .into()
    }

    /// Up to `n` events forward (`step(n)` in JS; `n` a whole number from 0 to 2^32 - 1, checked:
    /// `step(-1)` wrapped to 2^32 - 1 and ran for minutes).
    #[wasm_bindgen(js_name = step)]
    pub fn step_js(&mut self, n: JsValue) -> Result<u32, JsValue> {
        let n = whole_arg("n", &n, u32::MAX.into())?;
        self.step(n as u32)
    }

    /// Up to `n` events backward (`step_back(n)` in JS), `n` checked as for `step`.
    #[wasm_bindgen(js_name = step_back)]
    pub fn step_back_js(&mut self, n: JsValue) -> Result<u32, JsValue> {
        let n = whole_arg("n", &n, u32::MAX.into())?;
        self.step_back(n as u32)
    }

    /// `count_part(k, n)` in JS: both checked as whole numbers, `n` from 1 to 2^32 - 1 and `k` below
    /// it (a u32 parameter took `-1` as 2^32 - 1 and `2**32 - 1` parts panicked and killed the
    /// Session).
    #[wasm_bindgen(js_name = count_part)]
    pub fn count_part_js(&mut self, k: JsValue, n: JsValue) -> Result<(), JsValue> {
        let n = whole_arg("n", &n, u32::MAX.into())?;
        if n == 0 {
            return Err(js_error(&InputError::new("n must be at least 1, not 0")));
        }
        let k = whole_arg("k", &k, n - 1)?;
        self.count_part(k as u32, n as u32)
    }

    /// `kept(k)` in JS, `k` a whole number (`kept(1e20)` wrapped, `kept("0")` was taken as 0).
    #[wasm_bindgen(js_name = kept)]
    pub fn kept_js(&self, k: JsValue) -> Result<JsValue, JsValue> {
        let k = whole_arg("k", &k, u32::MAX.into())?;
        self.kept(k as usize)
    }

    /// `cell_links(cell, value)` in JS, both whole numbers checked before the Sudoku's range.
    #[wasm_bindgen(js_name = cell_links)]
    pub fn cell_links_js(&self, cell: JsValue, value: JsValue) -> Result<JsValue, JsValue> {
        let cell = whole_arg("cell", &cell, u32::MAX.into())?;
        let value = whole_arg("value", &value, u32::MAX.into())?;
        self.cell_links(cell as usize, value as usize)
    }

    /// `item_cells(header)` in JS, a whole number.
    #[wasm_bindgen(js_name = item_cells)]
    pub fn item_cells_js(&self, header: JsValue) -> Result<Vec<u32>, JsValue> {
        let header = whole_arg("header", &header, u32::MAX.into())?;
        self.item_cells(header as u32)
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

    /// Forward on the fast path to the next solution; false if none within `max_nodes` more nodes or
    /// the search is over.
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

    /// Counts on in the part for about `ms` milliseconds; true when the part is done. The time is
    /// read with `performance.now()` between chunks of nodes sized to take a fraction of it, so a
    /// slice lasts about `ms` whether a node costs a microsecond or a millisecond.
    pub fn count_part_for(&mut self, ms: f64) -> Result<bool, JsValue> {
        let share = self.share.as_mut().ok_or_else(no_part)?;
        // NaN or a negative time is no time: one chunk, then back to the caller.
        let ms = if ms >= 0.0 { ms } else { 0.0 };
        let t0 = now();
        loop {
            let t = now();
            let done = share.count(self.chunk);
            let dt = now() - t;
            // Aim a chunk at a quarter of the slice, so the slice overshoots by little.
            let aim = (ms / 4.0).max(0.5);
            let scaled = self.chunk as f64 * aim / dt.max(0.01);
            self.chunk = (scaled as u64).clamp(256, 1 << 28);
            if done {
                return Ok(true);
            }
            if now() - t0 >= ms {
                return Ok(false);
            }
        }
    }

    /// The part's first solutions in the whole search's order, with their keys (see the contract).
    pub fn part_kept(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct Kept {
            seq: u64,
            j: usize,
            board: problems::Board,
        }
        let l = self.loaded()?;
        let share = self.share.as_ref().ok_or_else(no_part)?;
        let kept: Vec<Kept> = share
            .kept()
            .iter()
            .map(|&((seq, j), ref options)| Kept {
                seq,
                j,
                board: l.problem.board(options),
            })
            .collect();
        to_js(&kept)
    }

    /// What the part has counted so far (see the contract).
    pub fn part_stats(&self) -> Result<JsValue, JsValue> {
        let share = self.share.as_ref().ok_or_else(no_part)?;
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

    pub fn stats(&self) -> Result<JsValue, JsValue> {
        let s = &self.loaded()?.search;
        let estimated = s.finished_any() || s.progress() == 0.0;
        to_js(&StatsView {
            level: s.level(),
            nodes: s.stats().nodes,
            updates: s.stats().updates,
            cleansings: s.stats().cleansings,
            solutions: s.stats().solutions,
            max_depth: s.stats().max_depth(),
            // Until some branch is finished, Knuth's estimate is only its guess of half the subtree
            // under the path: a search that made forced moves read "50%" from its first steps. Say
            // there is no estimate yet, as the CLI's progress line does.
            progress: if estimated { s.progress() } else { 0.0 },
            progress_text: if estimated {
                narrate::percent(s.progress())
            } else {
                NO_ESTIMATE.into()
            },
            done: s.is_done(),
            at_start: s.at_start(),
        })
    }

    pub fn info(&self) -> Result<JsValue, JsValue> {
        let l = self.loaded()?;
        let inst = l.problem.instance();
        to_js(&InfoView {
            title: l.problem.title(),
            kind: &l.kind,
            note: l.problem.note().unwrap_or_default(),
            warning: problems::warning(l.problem.as_ref()).unwrap_or_default(),
            n_items: inst.n_items(),
            n_primary: inst.n_primary(),
            n_options: inst.n_options(),
            // With multiplicities, `lo:hi|name` as in the items line, so the matrix shows the bounds.
            items: (0..inst.n_items()).map(|i| inst.item_label(i)).collect(),
            options: (0..inst.n_options())
                .map(|k| inst.option(k).map(|i| i as u32).collect())
                .collect(),
            colors: inst.color_names(),
        })
    }

    /// The board of the options chosen so far (givens included) and of the option being tried.
    pub fn board(&self) -> Result<JsValue, JsValue> {
        let l = self.loaded()?;
        let mut options = l.search.solution();
        if let Some(x) = l.search.trying() {
            options.push(l.search.links().option_of(x));
        }
        to_js(&l.problem.board(&options))
    }

    /// How many solutions are kept (see the contract).
    pub fn kept_count(&self) -> Result<usize, JsValue> {
        Ok(self.loaded()?.kept.len())
    }

    /// Every kept solution as a board, in the order found.
    pub fn kept_boards(&self) -> Result<JsValue, JsValue> {
        let l = self.loaded()?;
        let boards: Vec<_> = l.kept.iter().map(|o| l.problem.board(o)).collect();
        to_js(&boards)
    }

    /// Back to the start of the search to solve: as `reset`, and the kept solutions are forgotten.
    pub fn solve_start(&mut self) -> Result<(), JsValue> {
        self.reset()?;
        self.latest = Latest::Note("Solving: looking for a solution, then for a second one".into());
        Ok(())
    }

    /// The Solve button, for at most `max_nodes` more nodes: on to the first solution, then to a
    /// second. Finished when a second is found (verdict "multiple") or the search is over ("unique"
    /// with one solution, "none" without).
    pub fn solve(&mut self, max_nodes: f64) -> Result<JsValue, JsValue> {
        nodes_arg(max_nodes)?;
        let mut left = if max_nodes > 0.0 { max_nodes } else { 0.0 };
        loop {
            let before = self.loaded()?.search.stats().nodes;
            let status = if self.loaded()?.search.stats().solutions >= 2 {
                Status::Paused
            } else {
                self.run_fast(left, true)?
            };
            let stats = self.loaded()?.search.stats().clone();
            left -= (stats.nodes - before) as f64;
            let found = stats.solutions;
            let (finished, verdict) = match status {
                _ if found >= 2 => (true, "multiple"),
                Status::Done if found == 1 => (true, "unique"),
                Status::Done => (true, "none"),
                // At the first solution: search on for a second, if nodes are left for it.
                Status::Paused if left > 0.0 => continue,
                _ => (false, ""),
            };
            self.latest = Latest::Note(match verdict {
                "multiple" => {
                    "Solved: more than one solution (the search stopped at the second one found)"
                        .into()
                }
                "unique" => "Solved: the solution is unique".into(),
                "none" => "Solved: the puzzle has no solution".into(),
                _ => narrate::paused(&stats),
            });
            return to_js(&SolveView {
                finished,
                verdict,
                found,
                nodes: stats.nodes,
                updates: stats.updates,
            });
        }
    }

    /// The candidates of each Sudoku cell from the live links (see the contract); empty otherwise.
    pub fn candidates(&self) -> Result<Vec<u32>, JsValue> {
        let l = self.loaded()?;
        Ok(match (l.sudoku_n, l.problem.as_sudoku()) {
            (0, _) => Vec::new(),
            // Fillings of cages filled directly count too (the only options in their cells' lists).
            (_, Some(s)) => s.candidates(l.search.links()),
            (n, None) => problems::sudoku::candidates(l.search.links(), n),
        })
    }

    /// One line in words for the latest event taken or undone (or the latest load, reset or run).
    pub fn narration(&self) -> String {
        match (&self.latest, &self.loaded) {
            (Latest::Event { ev, undone }, Some(l)) => narrate::narrate(
                *ev,
                *undone,
                &l.search,
                l.problem.instance(),
                narrate::Lang::of(l.problem.as_ref()),
            ),
            (Latest::Note(s), _) => s.clone(),
            _ => String::new(),
        }
    }

    /// The step log, `dlx trace`'s JSON lines, from the start of the search to where it stands now
    /// (`step_log(max_events)` in JS): a fresh search over the same problem is stepped until it stands
    /// exactly where this one does (same counters, level, phase and options chosen), so the log is
    /// right after a jump too, whose events were never seen. At most `max_events` lines; `reached` is
    /// false when the search stands further from the start than that.
    #[wasm_bindgen(js_name = step_log)]
    pub fn step_log_js(&self, max_events: JsValue) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct Log {
            text: String,
            events: u64,
            reached: bool,
        }
        let max = whole_arg("max_events", &max_events, u32::MAX as u64)?;
        let l = self.loaded()?;
        let now = &l.search;
        let same = |s: &Search| {
            s.stats() == now.stats()
                && s.level() == now.level()
                && s.phase() == now.phase()
                && s.solution() == now.solution()
        };
        let mut fresh =
            start_search(l.problem.as_ref(), l.search.tree()).map_err(|e| js_error(&e))?;
        let mut text = String::new();
        let reached_at_start = same(&fresh);
        let events = if reached_at_start {
            0
        } else {
            narrate::trace_until(
                &mut fresh,
                l.problem.instance(),
                narrate::Lang::of(l.problem.as_ref()),
                max,
                same,
                |line| {
                    text.push_str(&line);
                    text.push('\n');
                },
            )
        };
        let reached = reached_at_start || same(&fresh);
        to_js(&Log {
            text,
            events,
            reached,
        })
    }

    /// The problem in Knuth's format, as `dlx export` writes it (problems::knuth_export).
    pub fn export_knuth(&self) -> Result<String, JsValue> {
        let l = self.loaded()?;
        problems::knuth_export(l.problem.as_ref()).map_err(|c| {
            let inst = l.problem.instance();
            js_error(&InputError::new(format!(
                "the givens clash: `{}` needs item `{}`, which an earlier given already covers",
                inst.option_text(c.option),
                inst.item_name(c.item)
            )))
        })
    }

    /// The solutions kept, as `dlx solve --limit 0` prints them (problems::solutions_text).
    pub fn solutions_text(&self) -> Result<String, JsValue> {
        let l = self.loaded()?;
        Ok(problems::solutions_text(l.problem.as_ref(), &l.kept))
    }

    /// The current path: at each level, option k of d of the item branched on.
    pub fn tree(&self) -> Result<JsValue, JsValue> {
        let s = &self.loaded()?.search;
        let links = s.links();
        let path = s.path();
        let levels: Vec<TreeLevel> = s
            .choices()
            .into_iter()
            .enumerate()
            .map(|(level, (k, d))| TreeLevel {
                level,
                k,
                d,
                node: path.get(level).copied().unwrap_or(0),
                // Below the current level the option tried lies in the list of the item branched on.
                // (A header on the path is Algorithm M's null choice of that item.)
                item: path.get(level).map_or_else(
                    || s.branching_item().unwrap_or(0),
                    |&x| {
                        if x <= links.n_items() {
                            x
                        } else {
                            links.nodes()[x as usize].top
                        }
                    },
                ),
            })
            .collect();
        to_js(&levels)
    }

    /// A short name for each option in the puzzle's own words (`Problem::label`: "r3c5=7", "Q r3c5",
    /// else its items), for the search tree's nodes; once per load.
    pub fn option_labels(&self) -> Result<Vec<String>, JsValue> {
        let p = &self.loaded()?.problem;
        Ok((0..p.instance().n_options()).map(|k| p.label(k)).collect())
    }

    /// Header index of the item branched on at the current level, or 0.
    pub fn branching_item(&self) -> Result<u32, JsValue> {
        Ok(self.loaded()?.search.branching_item().unwrap_or(0))
    }

    /// Node of the option being tried now, or 0.
    pub fn trying(&self) -> Result<u32, JsValue> {
        Ok(self.loaded()?.search.trying().unwrap_or(0))
    }

    /// The board cells option `k` fills (see the contract): exactly the option being tried, where the
    /// cells that changed in the last frame were many options after fast play.
    pub fn option_cells(&self, k: usize) -> Result<Vec<u32>, JsValue> {
        let l = self.loaded()?;
        if k >= l.problem.instance().n_options() {
            return Err(js_sys::Error::new(&format!(
                "no option {k}: there are {}",
                l.problem.instance().n_options()
            ))
            .into());
        }
        let (without, with) = (l.problem.board(&[]), l.problem.board(&[k]));
        Ok(with
            .cells
            .iter()
            .zip(&without.cells)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(p, _)| p as u32)
            .collect())
    }

    pub fn nodes_ptr(&self) -> *const u32 {
        // `Node` is #[repr(C)] with four u32 fields, so the array is 4 * len u32 with no padding.
        self.loaded.as_ref().map_or(std::ptr::null(), |l| {
            l.search.links().nodes().as_ptr() as *const u32
        })
    }

    pub fn nodes_len(&self) -> usize {
        self.loaded
            .as_ref()
            .map_or(0, |l| 4 * l.search.links().nodes().len())
    }

    pub fn items_ptr(&self) -> *const u32 {
        // `ItemLink` is #[repr(C)] with two u32 fields.
        self.loaded.as_ref().map_or(std::ptr::null(), |l| {
            l.search.links().items().as_ptr() as *const u32
        })
    }

    pub fn items_len(&self) -> usize {
        self.loaded
            .as_ref()
            .map_or(0, |l| 2 * l.search.links().items().len())
    }

    pub fn lens_ptr(&self) -> *const u32 {
        self.loaded
            .as_ref()
            .map_or(std::ptr::null(), |l| l.search.links().lens().as_ptr())
    }

    pub fn lens_len(&self) -> usize {
        self.loaded
            .as_ref()
            .map_or(0, |l| l.search.links().lens().len())
    }

    pub fn colors_ptr(&self) -> *const u32 {
        self.loaded
            .as_ref()
            .map_or(std::ptr::null(), |l| l.search.links().colors().as_ptr())
    }

    pub fn colors_len(&self) -> usize {
        self.loaded
            .as_ref()
            .map_or(0, |l| l.search.links().colors().len())
    }

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

/// One lane of the page's Race view (www/race.js, www/race-worker.js), run in a worker of its own:
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
        let heuristic = match heuristic {
            "mrv" => crate::core::Heuristic::Mrv,
            "first" => crate::core::Heuristic::First,
            other => {
                return Err(js_error(&InputError::new(format!(
                    "heuristic `{other}`: expected mrv or first"
                ))))
            }
        };
        if text.len() as u64 > problems::MAX_INPUT {
            return Err(js_error(&problems::too_large(
                Some(text.len() as u64),
                problems::MAX_INPUT,
            )));
        }
        let spec = problems::kinds::spec(kind, text, distinct)
            .and_then(|s| with_format(s, format.as_deref()));
        let problem = problems::load_text(spec, text).map_err(|e| js_error(&e))?;
        let engine = match algorithm {
            "dlx" => {
                // The race walks Knuth's DLX1 tree, which naive search walks too (core::naive).
                let mut search =
                    start_search(problem.as_ref(), Tree::Dlx1).map_err(|e| js_error(&e))?;
                search.set_heuristic(heuristic);
                Racing::Dlx(Box::new(search))
            }
            "naive" => {
                use crate::core::{Naive, NaiveError};
                let inst = problem.instance();
                let refused = |e: NaiveError| {
                    js_error(&InputError::new(match e {
                        NaiveError::TooLarge(cells) => format!(
                            "the 0-1 matrix of {} would have {} cells, more than naive search holds ({})",
                            problem.title(),
                            narrate::thousands(cells as u64),
                            narrate::thousands(crate::core::naive::MAX_CELLS as u64)
                        ),
                        NaiveError::Colors => "naive search takes no colours (x:c): its plain 0-1 \
                                               matrix cannot state them"
                            .into(),
                        NaiveError::Multiplicities => "naive search takes no multiplicities \
                                                       (lo:hi|name): it branches as Algorithm X, \
                                                       every primary item covered exactly once"
                            .into(),
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
            other => {
                return Err(js_error(&InputError::new(format!(
                    "algorithm `{other}`: expected dlx or naive"
                ))))
            }
        };
        Ok(Racer {
            engine,
            // Small first: one naive node on a large matrix takes milliseconds.
            chunk: 16,
            finished: false,
        })
    }

    /// Searches for about `ms` milliseconds; true once finished (see the contract above).
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
