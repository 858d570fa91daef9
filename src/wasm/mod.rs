//! The page's handle on the engine: the only module that knows wasm-bindgen, compiled only for wasm32.
//!
//! The contract the page (`www/`) is written against is the doc of each export below, which
//! wasm-bindgen copies into `www/pkg/dlx_studio.d.ts`: the tables and constants (`problem_kinds`,
//! `search_trees`, `EventCode`, `event_cap`, `event_words`, `covered_flag`, `wasm_memory`), so that the
//! page defines none of the engine's; `Session`, one problem and the search over it (`session.rs`
//! steps it, `reading.rs` reads it); `PartCounter`, a worker's part of a run to the end; `Racer`, a
//! lane of the race. Every way in reads a text through one `load::load_problem`, so the same text gets
//! the same problem or the same message (the CLI's).
//!
//! Rules every export keeps: arguments are checked (a wrong type: "n must be a number, not string"; a
//! negative, fractional or too large count: "n must be between 0 and 4294967295, not -1"), and a
//! refused call throws an `Error` and changes nothing, so the session goes on after any error; an
//! error in the input carries `line` and `column` (numbers or undefined). Memory can grow in any call
//! that allocates, which detaches the typed-array views made before it: make them afresh each frame.

mod args;
mod load;
mod part;
mod race;
mod reading;
mod session;

pub use part::PartCounter;
pub use race::Racer;
pub use session::{Session, KEEP};

use crate::core::{Event, Named, Tree};
use crate::problems;
use args::to_js;
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

/// The module's `WebAssembly.Memory`, for building typed-array views on the link arrays
/// (`Session.nodes_ptr` and the others). Rebuild the views whenever `memory.buffer` changes.
#[wasm_bindgen]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// The code of each event in the events buffer (`Session.events_ptr`): an event is `event_words()`
/// u32, `[code, a, b, c, d, undone]`, with `undone` 1 when `step_back` took it back; the fields of
/// each code are listed with it (items and nodes as in the link arrays). The page never spells a
/// number out.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventCode {
    /// `(level, item, len)`: the item branched on at `level`, with `len` options.
    Choose = 0,
    /// `(level, item)`: the item branched on has no option left.
    DeadEnd = 1,
    /// `(item)`: the item is covered.
    CoverItem = 2,
    /// `(node)`: the other nodes of `node`'s option leave their lists.
    Hide = 3,
    /// `(level, node, k, d)`: option `k` of `d` (from 1) is tried at `level`, its node `node`.
    Try = 4,
    /// `(level)`: every primary item is covered.
    Solution = 5,
    /// `(level)`: back up from `level`.
    Backtrack = 6,
    /// `(node)`: the other nodes of `node`'s option come back.
    Unhide = 7,
    /// `(item)`: the item is uncovered.
    UncoverItem = 8,
    /// `(node)`: a secondary item is purified with `node`'s colour.
    Purify = 9,
    /// `(node)`: the purification is undone.
    Unpurify = 10,
    /// `(node)`: Algorithm M lowers the bound of `node`'s item.
    Lower = 11,
    /// `(node)`: the bound comes back up.
    Raise = 12,
    /// `(level, item, k, d)`: Algorithm M's null choice of `item`, counted as a try.
    Close = 13,
    /// `(level, item)`: the options tweaked out of `item`'s list are put back.
    Untweak = 14,
    /// `(level, node, item)`: the lookahead gives up the option of `node`, tried at `level`, because
    /// it left primary `item` with no option; the Unhide and UncoverItem events after it undo it.
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
    to_js(&Tree::ALL.iter().map(|&t| view(t)).collect::<Vec<_>>())
}

/// Events kept from one stepping call (`EVENT_CAP`): a longer call keeps its last ones.
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
