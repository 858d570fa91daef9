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
//! const s = new Session();
//! s.load(kind, text, distinct)   = s.load_as(kind, text, distinct, undefined)
//! s.load_as(kind, text, distinct, format)
//!                                kind: a name from problem_kinds(); text: N for the numeric ones, the board name
//!                                for pentomino ("6x10", "5x12", "4x15", "3x20", "8x8"), the puzzle or the
//!                                Knuth/matrix text otherwise; distinct: symmetry breaking (pentomino,
//!                                langford); format (exact-cover, optional): "auto" (default), "knuth" or
//!                                "matrix", as the CLI's --format. Throws an Error whose message is the CLI's message and which
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
//! s.item_cells(header) -> [cell] Sudoku only: the cells an item is about (its cell, row, column or box).
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
//!                                no option; the UncoverRows/UncoverItem events after it undo it;
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

mod args;
mod load;
mod part;
mod race;
mod reading;
mod session;

pub use part::PartCounter;
pub use race::Racer;
pub use session::{Session, KEEP};

use crate::core::{Event, Tree};
use crate::problems;
use args::to_js;
use load::TREES;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Events kept per call: the page draws at most the tail of a long run.
pub const EVENT_CAP: usize = 65536;
/// u32 per event in the events buffer: code, a, b, c, d, undone.
pub const EVENT_WORDS: usize = 6;

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
    [code as u32, a, b, c, d, u]
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
