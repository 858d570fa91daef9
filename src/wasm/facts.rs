//! The page's engine facts and view types, each defined once, on this side: `engine_facts()` gives
//! `www/engine/engine.js` the layout of the link arrays and of an event record, the flags and the caps; and
//! `VIEWS` (a TypeScript custom section of `dlx_studio.d.ts`) types every value the Session and the
//! Racer hand the page, so that the page keeps no typedef of its own. `tests/wasm/views.rs` checks
//! each interface's keys against the value serialised in the browser. Compiled only for `wasm32`.

use crate::core::{ItemLink, Node, COVERED, MARKED};
use crate::wasm::{EVENT_CAP, KEEP};
use serde::Serialize;
use std::mem::{offset_of, size_of};
use wasm_bindgen::prelude::*;

/// A record of the events buffer, as `wasm::encode` writes it: `a` to `d` mean what `EventCode` says
/// of each event (Try: level, node, k, d); `undone` is 1 for an event taken back by `step_back`.
/// Its fields in order are the words of the record, so the page reads them by the offsets below.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventRecord {
    pub code: u32,
    pub a: u32,
    pub b: u32,
    pub c: u32,
    pub d: u32,
    pub undone: u32,
}

/// `u32` words in an event record (`wasm::EVENT_WORDS`).
pub const EVENT_RECORD_WORDS: usize = size_of::<EventRecord>() / WORD;

impl EventRecord {
    /// The record as its words, in field order (tested against the offsets `engine_facts` gives).
    pub fn words(self) -> [u32; EVENT_RECORD_WORDS] {
        [self.code, self.a, self.b, self.c, self.d, self.undone]
    }
}

const WORD: usize = size_of::<u32>();

// The views are arrays of `u32`: no field may straddle a word (all of these are `#[repr(C)]` u32s).
const _: () = assert!(size_of::<Node>().is_multiple_of(WORD));
const _: () = assert!(size_of::<ItemLink>().is_multiple_of(WORD));
const _: () = assert!(size_of::<EventRecord>().is_multiple_of(WORD));

/// Where each field of a node sits in the nodes view: node `x`'s `down` is `nodes[words * x + down]`.
#[derive(Serialize)]
struct NodeLayout {
    words: usize,
    top: usize,
    up: usize,
    down: usize,
    next: usize,
}

/// Where each field of an item header sits in the items view.
#[derive(Serialize)]
struct ItemLayout {
    words: usize,
    left: usize,
    right: usize,
}

/// Where each word of an event record sits (`EventRecord`).
#[derive(Serialize)]
struct EventLayout {
    words: usize,
    code: usize,
    a: usize,
    b: usize,
    c: usize,
    d: usize,
    undone: usize,
}

/// Everything the page must know of the engine's numbers (see `VIEWS`, `EngineFacts`).
#[derive(Serialize)]
struct Facts {
    node: NodeLayout,
    item: ItemLayout,
    event: EventLayout,
    event_cap: usize,
    covered: u32,
    marked: u32,
    keep: usize,
    max_input: u64,
}

/// The engine's facts for the page: the layouts of the nodes, items and events views (from the
/// `#[repr(C)]` structs themselves), `COVERED`, `MARKED`, the events kept a call (`EVENT_CAP`), the
/// solutions kept (`KEEP`) and the longest input (`problems::MAX_INPUT`).
#[wasm_bindgen(unchecked_return_type = "EngineFacts")]
pub fn engine_facts() -> Result<JsValue, JsValue> {
    let facts = Facts {
        node: NodeLayout {
            words: size_of::<Node>() / WORD,
            top: offset_of!(Node, top) / WORD,
            up: offset_of!(Node, up) / WORD,
            down: offset_of!(Node, down) / WORD,
            next: offset_of!(Node, next) / WORD,
        },
        item: ItemLayout {
            words: size_of::<ItemLink>() / WORD,
            left: offset_of!(ItemLink, left) / WORD,
            right: offset_of!(ItemLink, right) / WORD,
        },
        event: EventLayout {
            words: EVENT_RECORD_WORDS,
            code: offset_of!(EventRecord, code) / WORD,
            a: offset_of!(EventRecord, a) / WORD,
            b: offset_of!(EventRecord, b) / WORD,
            c: offset_of!(EventRecord, c) / WORD,
            d: offset_of!(EventRecord, d) / WORD,
            undone: offset_of!(EventRecord, undone) / WORD,
        },
        event_cap: EVENT_CAP,
        covered: COVERED,
        marked: MARKED,
        keep: KEEP,
        max_input: crate::problems::MAX_INPUT,
    };
    serde_wasm_bindgen::to_value(&facts).map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// The TypeScript interfaces of the values the page reads (`Session.info()`, `stats()`, `board()`, …),
/// written into `dlx_studio.d.ts`; `www/` imports them in its JSDoc. One field a line, `name: type;`,
/// so that `tests/wasm/views.rs` can read each interface's keys and compare them with the value.
pub const VIEWS: &str = r#"
/** A kind of problem (problems::kinds::Kind), from problem_kinds(). */
export interface Kind {
  /** The name of the CLI, the URL and Session.load. */
  name: string;
  label: string;
  /** What it reads. */
  input: "size" | "board" | "puzzle" | "matrix";
  /** Bounds and default of N (input "size"; 0 otherwise). */
  min: number;
  max: number;
  default: number;
  /** Whether distinct (symmetry breaking) means something. */
  distinct: boolean;
  /** [name, label] of each board (input "board"). */
  boards: [string, string][];
}

/** A search tree the page may walk, from search_trees(). */
export interface TreeChoice {
  /** The name of Session.set_tree, the URL and the CLI's --tree ("dlx1", "lookahead"). */
  name: string;
  label: string;
  /** What it does, in words (the control's tooltip). */
  hint: string;
}

/** The search's counters, from Session.stats(). */
export interface Stats {
  level: number;
  /** The level the page shows: level, but one less from an option's last cover to the next choice. */
  shown_level: number;
  nodes: number;
  updates: number;
  cleansings: number;
  solutions: number;
  max_depth: number;
  /** Knuth's estimate of the fraction of the tree explored (0 until a branch is finished). */
  progress: number;
  /** progress as a percentage, or "no estimate yet". */
  progress_text: string;
  done: boolean;
  at_start: boolean;
}

/** The loaded problem, from Session.info(): item index i is header i + 1 in the link arrays. */
export interface Info {
  title: string;
  /** A name of problem_kinds() ("sudoku" for any text that loaded as one). */
  kind: string;
  /** How the text was read ("Read as a 9x9 Sudoku"), or "". */
  note: string;
  /** Why there is nothing worth searching (no option, one item), or "". */
  warning: string;
  n_items: number;
  n_primary: number;
  n_options: number;
  items: string[];
  /** Each option's item indices. */
  options: number[][];
  /** Colour names: colour k (from 1) is colors[k - 1]. */
  colors: string[];
}

/** A board (problems::Board), from Session.board(), kept(k), kept_boards(). */
export interface Board {
  kind: string;
  rows: number;
  cols: number;
  /** Row-major values, 0 for an empty cell. */
  cells: number[];
  /** Cells fixed by the puzzle (Sudoku givens); empty when the problem has none. */
  given: boolean[];
  /** How each cell value prints, by value (labels[0] is the empty cell). */
  labels: string[];
  /** The chosen options of a plain exact-cover problem, one a line. */
  lines: string[];
  /** Their numbers, from 1 as the matrix numbers its rows (empty but for exact cover). */
  options: number[];
  /** Chaos construction only (else empty): each cell's region as placed so far (its first cell), -1 for none yet. */
  regions: number[];
  /** A Sudoku with cells outside the grid (ISS's Var) only (else empty): their digits, numbered from N² on, 0 for none yet. */
  extra: number[];
  /** The board as plain text (the board-text read-out). */
  text: string;
}

/** One level of the current path, from Session.tree(). */
export interface PathLevel {
  level: number;
  /** Option k of d at this level. */
  k: number;
  d: number;
  /** The item branched on (a header). */
  item: number;
  /** The node chosen (an item header for Algorithm M's null choice), 0 at the level deciding. */
  node: number;
}

/** The Solve button's slice, from Session.solve(max_nodes), Session.solve_follow(outcome) and a worker's Solver.solve(max_nodes). */
export interface SolveResult {
  finished: boolean;
  /** "" while not finished. */
  verdict: "" | "unique" | "multiple" | "none";
  /** Solutions so far (0 to 2). */
  found: number;
  /** The whole search's, so far. */
  nodes: number;
  updates: number;
  /** The nodes counted when the solution the search stands at was found (0 at none): the statistics once Solve is over. */
  at: number;
}

/** What a Sudoku cell is in the matrix, from Session.cell_links(cell, value). */
export interface CellLinks {
  /** Item headers. */
  items: number[];
  /** Option numbers. */
  options: number[];
}

/** The step log, from Session.step_log(max_events). */
export interface StepLog {
  /** dlx trace's JSON lines, a line each. */
  text: string;
  events: number;
  /** False when the search stands further from the start than max_events. */
  reached: boolean;
}

/** What a part has counted, from PartCounter.stats(). */
export interface PartStats {
  solutions: number;
  nodes: number;
  updates: number;
  /** Knuth's estimates of the part's work done and of all of it. */
  done: number;
  total: number;
  finished: boolean;
}

/** One of a part's first solutions, from PartCounter.kept(): sort all parts' by (seq, j). */
export interface PartKept {
  seq: number;
  j: number;
  board: Board;
}

/** A race lane's figures, from Racer.stats(). */
export interface RaceStats {
  nodes: number;
  updates: number;
  solutions: number;
  progress: number;
  /** The search is over (every solution counted). */
  done: boolean;
  /** The lane has finished what it was asked: a solution (until_solution) or the end. */
  finished: boolean;
}

/** Where each field of a node sits in the nodes view: node x's down is nodes[words * x + down]. */
export interface NodeLayout {
  words: number;
  top: number;
  up: number;
  down: number;
  next: number;
}

/** Where each field of an item header sits in the items view. */
export interface ItemLayout {
  words: number;
  left: number;
  right: number;
}

/** Where each word of an event record sits in the events view; a to d as EventCode says. */
export interface EventLayout {
  words: number;
  code: number;
  a: number;
  b: number;
  c: number;
  d: number;
  undone: number;
}

/** The engine's numbers, from engine_facts(): the page spells none of them. */
export interface EngineFacts {
  node: NodeLayout;
  item: ItemLayout;
  event: EventLayout;
  /** Events kept from one stepping call. */
  event_cap: number;
  /** The bit set in an item's entry of the lens view while it is covered. */
  covered: number;
  /** The colour of a node marked by a purification (Knuth's -1). */
  marked: number;
  /** Solutions kept a search (Session.kept, PartCounter.kept). */
  keep: number;
  /** The longest text load reads by default, in bytes. */
  max_input: number;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const VIEWS_TS: &str = VIEWS;
