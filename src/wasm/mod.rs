//! The page's handle on the engine: the only module that knows wasm-bindgen, compiled only for wasm32.
//!
//! The contract the page (`www/`) is written against is the doc of each export below, which
//! wasm-bindgen copies into `www/pkg/dlx_studio.d.ts`: the tables and constants (`problem_kinds`,
//! `search_trees`, `EventCode`, `engine_facts` (layouts, flags and caps: `facts.rs`), `wasm_memory`), so that the
//! page defines none of the engine's; `Session`, one problem and the search over it (`session.rs`
//! steps it, `reading.rs` reads it); `PartCounter`, a worker's part of a run to the end; `count_with_memos`, a run to the end with memos in one worker (`memo.rs`); `Racer`, a
//! lane of the race. Every way in reads a text through one `load::load_problem`, so the same text gets
//! the same problem or the same message (the CLI's).
//!
//! Rules every export keeps: arguments are checked (a wrong type: "n must be a number, not string"; a
//! negative, fractional or too large count: "n must be between 0 and 4294967295, not -1"), and a
//! refused call throws an `Error` and changes nothing, so the session goes on after any error; an
//! error in the input carries `line` and `column` (numbers or undefined). Memory can grow in any call
//! that allocates, which detaches the typed-array views made before it: make them afresh each frame.

mod args;
mod events;
pub mod facts;
pub mod library;
mod load;
pub mod maker;
mod memo;
mod part;
mod queue;
mod race;
mod reading;
mod session;
mod solve;
pub mod sudoku_layout;

pub use events::{encode, EventCode, EVENT_CAP, EVENT_WORDS};
pub use memo::count_with_memos;
pub use part::PartCounter;
pub use queue::{warm_engine, QueueCounter};
pub use race::Racer;
pub use session::{Session, KEEP};
pub use solve::Solver;

use crate::core::{Named, Tree};
use crate::problems;
use args::to_js;
use serde::Serialize;
use wasm_bindgen::prelude::*;

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

/// The kinds of problem (`problems::kinds`): `[{name, label, input, min, max, default, distinct,
/// boards: [[name, label]]}]`, in the order the page offers them.
#[wasm_bindgen]
pub fn problem_kinds() -> Result<JsValue, JsValue> {
    // The kinds the page can draw: the others are the CLI's (Kind::page).
    let kinds: Vec<_> = problems::kinds::kinds()
        .into_iter()
        .filter(|k| k.page)
        .collect();
    to_js(&kinds)
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
