//! The library's API for the npm package (`npm/`): `LibInstance`, `LibSolver` and `LibPuzzle`, thin
//! handles on the crate's `Instance`, `Solver` and `Puzzle`, which `npm/api.js` wraps in the
//! package's `Instance`, `Solver` and `Puzzle`. Errors are the CLI's messages as a JS `Error`.

use super::args::{js_error, nodes_arg, string_arg, to_js, type_error};
use crate::{Event, Found, Instance, Puzzle, Solver};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn fail(e: crate::Error) -> JsValue {
    js_error(e.input())
}

/// A list of strings from JS, each checked: `what` names the argument in a message.
fn strings(what: &str, v: &JsValue) -> Result<Vec<String>, JsValue> {
    if !js_sys::Array::is_array(v) {
        return Err(type_error(what, "an array of strings", v));
    }
    js_sys::Array::from(v)
        .iter()
        .enumerate()
        .map(|(i, x)| string_arg(&format!("{what}[{i}]"), &x))
        .collect()
}

/// An exact-cover instance: items (primary, secondary, with multiplicities) and options (with
/// colours). Wrapped by the package's `Instance`.
#[wasm_bindgen]
pub struct LibInstance {
    inner: Instance,
}

#[wasm_bindgen]
impl LibInstance {
    /// An instance with these primary and secondary items (arrays of strings) and no option yet.
    #[wasm_bindgen(constructor)]
    pub fn new(primary: JsValue, secondary: JsValue) -> Result<LibInstance, JsValue> {
        let primary = strings("primary", &primary)?;
        let secondary = if secondary.is_undefined() {
            Vec::new()
        } else {
            strings("secondary", &secondary)?
        };
        let inner = Instance::new(primary, secondary).map_err(fail)?;
        Ok(LibInstance { inner })
    }

    /// Reads Knuth's format or a 0-1 matrix, as `dlx count exact-cover` does.
    pub fn parse(text: JsValue) -> Result<LibInstance, JsValue> {
        let text = string_arg("text", &text)?;
        let inner = Instance::parse(&text).map_err(fail)?;
        Ok(LibInstance { inner })
    }

    /// Adds an option by item names (`name:colour` for a coloured secondary item); its number.
    pub fn add_option(&mut self, items: JsValue) -> Result<u32, JsValue> {
        let items = strings("items", &items)?;
        self.inner.add_option(items).map(|k| k as u32).map_err(fail)
    }

    /// Gives a primary item the multiplicity `lo..=hi`.
    pub fn set_multiplicity(
        &mut self,
        item: JsValue,
        lo: JsValue,
        hi: JsValue,
    ) -> Result<(), JsValue> {
        let item = string_arg("item", &item)?;
        let lo = super::args::whole_arg("lo", &lo, u32::MAX as u64)? as u32;
        let hi = super::args::whole_arg("hi", &hi, u32::MAX as u64)? as u32;
        self.inner.set_multiplicity(&item, lo, hi).map_err(fail)
    }

    /// The instance in Knuth's format.
    pub fn to_knuth(&self) -> String {
        self.inner.to_knuth()
    }

    /// Items, primary and secondary.
    pub fn n_items(&self) -> u32 {
        self.inner.n_items() as u32
    }

    /// Primary items (items `0..n_primary`).
    pub fn n_primary(&self) -> u32 {
        self.inner.n_primary() as u32
    }

    /// Options.
    pub fn n_options(&self) -> u32 {
        self.inner.n_options() as u32
    }

    /// The name of item `i` (from 0); `undefined` when there is none.
    pub fn item_name(&self, i: u32) -> Option<String> {
        ((i as usize) < self.inner.n_items()).then(|| self.inner.item_name(i as usize).to_string())
    }

    /// Option `k` (from 0) as Knuth's format writes it; `undefined` when there is none.
    pub fn option_text(&self, k: u32) -> Option<String> {
        ((k as usize) < self.inner.n_options()).then(|| self.inner.option_text(k as usize))
    }

    /// A search over the instance.
    pub fn solver(&self) -> LibSolver {
        LibSolver {
            inner: self.inner.solver(),
            solution: Vec::new(),
        }
    }
}

/// A puzzle (Sudoku, queens, pentominoes, …) as `dlx count KIND ARG` names it.
#[wasm_bindgen]
pub struct LibPuzzle {
    inner: Puzzle,
}

#[wasm_bindgen]
impl LibPuzzle {
    /// The puzzle of `kind` with its argument `arg` (N, a board, a Sudoku's or an exact cover's
    /// text); `distinct` as the CLI's `--distinct`.
    pub fn load(kind: JsValue, arg: JsValue, distinct: bool) -> Result<LibPuzzle, JsValue> {
        let kind = string_arg("kind", &kind)?;
        let arg = string_arg("arg", &arg)?;
        let inner = Puzzle::load_distinct(&kind, &arg, distinct).map_err(fail)?;
        Ok(LibPuzzle { inner })
    }

    /// A Sudoku with variants by the CLI's names (`x,windoku,anti-knight,anti-king,non-consecutive`).
    pub fn sudoku(text: JsValue, variants: JsValue) -> Result<LibPuzzle, JsValue> {
        let text = string_arg("text", &text)?;
        let variants = string_arg("variants", &variants)?;
        let switches = if variants.trim().is_empty() {
            Vec::new()
        } else {
            crate::sudoku::variants(&variants).map_err(fail)?
        };
        let inner = crate::sudoku::with_variants(&text, &switches).map_err(fail)?;
        Ok(LibPuzzle { inner })
    }

    /// A short title ("8-queens").
    pub fn title(&self) -> String {
        self.inner.title()
    }

    /// The exact-cover instance (a copy).
    pub fn instance(&self) -> LibInstance {
        LibInstance {
            inner: self.inner.instance(),
        }
    }

    /// The options the input fixes (a Sudoku's givens).
    pub fn givens(&self) -> Vec<u32> {
        self.inner.givens().iter().map(|&k| k as u32).collect()
    }

    /// A search over the puzzle, its givens chosen.
    pub fn solver(&self) -> Result<LibSolver, JsValue> {
        let inner = self.inner.solver().map_err(fail)?;
        Ok(LibSolver {
            inner,
            solution: Vec::new(),
        })
    }

    /// The board of chosen options (numbers from 0): `{kind, rows, cols, cells, given, labels,
    /// lines, options, text}`.
    pub fn board(&self, options: Vec<u32>) -> Result<JsValue, JsValue> {
        let n = self.inner.instance().n_options();
        let options: Vec<usize> = options.into_iter().map(|k| k as usize).collect();
        if let Some(&k) = options.iter().find(|&&k| k >= n) {
            return Err(js_error(&crate::problems::InputError::new(format!(
                "there is no option {k}: the options are numbered 0 to {}",
                n.saturating_sub(1)
            ))));
        }
        to_js(&self.inner.board(&options))
    }

    /// The puzzle in Knuth's format, as `dlx export` writes it.
    pub fn to_knuth(&self) -> Result<String, JsValue> {
        self.inner.to_knuth().map_err(fail)
    }
}

/// A search: count in slices, next solution in slices, step and step back.
#[wasm_bindgen]
pub struct LibSolver {
    inner: Solver,
    /// The last solution found by `next_solution_within`.
    solution: Vec<u32>,
}

/// An event for JS: its type and fields, items and options by their numbers from 0.
#[derive(Serialize)]
struct EventView {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    item: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    node: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    len: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    d: Option<u32>,
}

impl LibSolver {
    fn view(&self, e: Event) -> EventView {
        let s = &self.inner;
        let mut v = EventView {
            kind: "",
            level: None,
            item: None,
            option: None,
            node: None,
            len: None,
            k: None,
            d: None,
        };
        let node = |v: &mut EventView, n: u32| {
            v.node = Some(n);
            v.option = Some(s.option_of(n));
        };
        match e {
            Event::Choose { level, item, len } => {
                (v.kind, v.level, v.item, v.len) =
                    ("choose", Some(level), Some(s.item_of(item)), Some(len))
            }
            Event::DeadEnd { level, item } => {
                (v.kind, v.level, v.item) = ("deadEnd", Some(level), Some(s.item_of(item)))
            }
            Event::CoverItem { item } => (v.kind, v.item) = ("coverItem", Some(s.item_of(item))),
            Event::UncoverItem { item } => {
                (v.kind, v.item) = ("uncoverItem", Some(s.item_of(item)))
            }
            Event::Hide { node: n } => {
                v.kind = "hide";
                node(&mut v, n)
            }
            Event::Unhide { node: n } => {
                v.kind = "unhide";
                node(&mut v, n)
            }
            Event::Purify { node: n } => {
                v.kind = "purify";
                node(&mut v, n)
            }
            Event::Unpurify { node: n } => {
                v.kind = "unpurify";
                node(&mut v, n)
            }
            Event::Lower { node: n } => {
                v.kind = "lower";
                node(&mut v, n)
            }
            Event::Raise { node: n } => {
                v.kind = "raise";
                node(&mut v, n)
            }
            Event::Try {
                level,
                node: n,
                k,
                d,
            } => {
                (v.kind, v.level, v.k, v.d) = ("try", Some(level), Some(k), Some(d));
                node(&mut v, n)
            }
            Event::Solution { level } => (v.kind, v.level) = ("solution", Some(level)),
            Event::Backtrack { level } => (v.kind, v.level) = ("backtrack", Some(level)),
            Event::Close { level, item, k, d } => {
                (v.kind, v.level, v.item, v.k, v.d) = (
                    "close",
                    Some(level),
                    Some(s.item_of(item)),
                    Some(k),
                    Some(d),
                )
            }
            Event::Untweak { level, item } => {
                (v.kind, v.level, v.item) = ("untweak", Some(level), Some(s.item_of(item)))
            }
            Event::Reject {
                level,
                node: n,
                item,
            } => {
                (v.kind, v.level, v.item) = ("reject", Some(level), Some(s.item_of(item)));
                node(&mut v, n)
            }
            // The library's solver steps without memos: no reuse reaches it.
            Event::Reuse { level, .. } => (v.kind, v.level) = ("reuse", Some(level)),
        }
        v
    }
}

#[wasm_bindgen]
impl LibSolver {
    /// Counts on for at most `max_nodes` more nodes; whether the search is over.
    pub fn count_within(&mut self, max_nodes: f64) -> Result<bool, JsValue> {
        Ok(self.inner.count_within(nodes_arg(max_nodes)?))
    }

    /// Looks for the next solution within `max_nodes` more nodes: 1 found (read it with
    /// `solution()`), 0 not yet (ask again), -1 the search is over.
    pub fn next_solution_within(&mut self, max_nodes: f64) -> Result<i32, JsValue> {
        Ok(
            match self.inner.next_solution_within(nodes_arg(max_nodes)?) {
                Found::Solution(s) => {
                    self.solution = s.into_iter().map(|k| k as u32).collect();
                    1
                }
                Found::Paused => 0,
                Found::Done => -1,
            },
        )
    }

    /// The last solution `next_solution_within` found: its options' numbers, givens first.
    pub fn solution(&self) -> Vec<u32> {
        self.solution.clone()
    }

    /// One event forwards, as `{type, level, item, option, node, len, k, d}` (the fields the
    /// event has); `null` once the search is over.
    pub fn step(&mut self) -> Result<JsValue, JsValue> {
        match self.inner.step() {
            Some(e) => to_js(&self.view(e)),
            None => Ok(JsValue::NULL),
        }
    }

    /// One event back (the last one taken, undone); `null` at the start.
    pub fn step_back(&mut self) -> Result<JsValue, JsValue> {
        match self.inner.step_back() {
            Some(e) => to_js(&self.view(e)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Whether the whole tree has been explored.
    pub fn is_done(&self) -> bool {
        self.inner.is_done()
    }

    /// Solutions found so far (exact up to 2^53).
    pub fn solutions(&self) -> f64 {
        self.inner.stats().solutions as f64
    }

    /// DLX1's counters: `{nodes, updates, cleansings, solutions, level, progress}`.
    pub fn stats(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct View {
            nodes: f64,
            updates: f64,
            cleansings: f64,
            solutions: f64,
            level: u32,
            progress: f64,
        }
        let s = self.inner.stats();
        to_js(&View {
            nodes: s.nodes as f64,
            updates: s.updates as f64,
            cleansings: s.cleansings as f64,
            solutions: s.solutions as f64,
            level: self.inner.level() as u32,
            progress: self.inner.progress(),
        })
    }

    /// The options chosen on the path to where the search stands.
    pub fn chosen(&self) -> Vec<u32> {
        self.inner.chosen().into_iter().map(|k| k as u32).collect()
    }
}
