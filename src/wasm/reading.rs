//! What the page reads of a `Session`: statistics, the board, the kept solutions, the path, labels,
//! the step log and exports, the Sudoku tools (candidates, cell maps), and the zero-copy views.

use super::args::{js_error, to_js, whole_arg};
use super::load::start_search;
use super::Session;
use crate::core::Search;
use crate::narrate;
use crate::problems::{self, InputError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The progress read-out while no branch of the tree is finished (see `stats`).
const NO_ESTIMATE: &str = "no estimate yet";

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

/// The Rust side of the reading methods that take arguments (JS calls the checked wrappers).
impl Session {
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
        let view = if value == 0 {
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
        if header == 0 || header as usize > 4 * n.pow(4) {
            return Ok(Vec::new());
        }
        Ok(problems::sudoku::item_cells(n, header as usize - 1)
            .into_iter()
            .map(|p| p as u32)
            .collect())
    }
}

#[wasm_bindgen]
impl Session {
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

    /// The candidates of each Sudoku cell from the live links (see the contract); empty otherwise.
    pub fn candidates(&self) -> Result<Vec<u32>, JsValue> {
        let l = self.loaded()?;
        Ok(match l.sudoku_n {
            0 => Vec::new(),
            n => problems::sudoku::candidates(l.search.links(), n),
        })
    }

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
}
