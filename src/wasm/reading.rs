//! What the page reads of a `Session`: statistics, the board, the kept solutions, the path, labels,
//! the step log and exports, the Sudoku tools (candidates, cell maps), and the zero-copy views.

use super::args::{js_error, to_js, whole_arg};
use super::load::start_search;
use super::session::Session;
use crate::core::{Phase, Search};
use crate::problems::{self, InputError, Problem};
use crate::{figures, narrate};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The progress read-out while no branch of the tree is finished (see `stats`).
const NO_ESTIMATE: &str = "no estimate yet";

#[derive(Serialize)]
struct StatsView {
    level: usize,
    /// The level the page shows: `level`, but one less from an option's last cover to the next
    /// level's choice (Knuth's "l <- l + 1" is no event of its own: the Level read 1 while the
    /// algorithm panel still marked level 0's hide).
    shown_level: usize,
    nodes: u64,
    updates: u64,
    cleansings: u64,
    solutions: u64,
    max_depth: usize,
    progress: f64,
    /// `progress` as the page shows it (`figures::percent`: 0% before the first choice, no exponents).
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
    kind: problems::ProblemKind,
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

    /// A Sudoku cell's items and options in the matrix.
    pub fn cell_links(&self, cell: usize, value: usize) -> Result<JsValue, JsValue> {
        let n = self.sudoku_geo()?;
        let size = n.size();
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

    /// The cells a Sudoku item (by header) is about: its cell, row, column, region, diagonal, cage…;
    /// for a filling's item, the cells whose part holds it.
    pub fn item_cells(&self, header: u32) -> Result<Vec<u32>, JsValue> {
        let n = self.sudoku_geo()?;
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
        if header == 0 || header as usize > 4 * n.cells() {
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
    /// Kept solution `k` (from 0) as a `Board`. Solutions found are kept by every way of searching
    /// (step, next_solution, count_chunk, solve): the first `KEEP` = 100 since the last load, reset or
    /// solve_start; kept solution k is solution k + 1 of the search. `k` a whole number
    /// (`kept(1e20)` once wrapped, `kept("0")` was taken as 0).
    #[wasm_bindgen(js_name = kept)]
    pub fn kept_js(&self, k: JsValue) -> Result<JsValue, JsValue> {
        let k = whole_arg("k", &k, u32::MAX.into())?;
        self.kept(k as usize)
    }

    /// Sudoku only: what a cell is in the matrix, `{items: [header], options: [option]}`. Value 0
    /// (empty): its cell item and its N options; value v: the four items of the option placing v
    /// there, and that option. Headers as in the link arrays (item i + 1). Both whole numbers.
    #[wasm_bindgen(js_name = cell_links)]
    pub fn cell_links_js(&self, cell: JsValue, value: JsValue) -> Result<JsValue, JsValue> {
        let cell = whole_arg("cell", &cell, u32::MAX.into())?;
        let value = whole_arg("value", &value, u32::MAX.into())?;
        self.cell_links(cell as usize, value as usize)
    }

    /// Sudoku only: the cells (row-major) an item is about, by header: its cell, row, column or box.
    #[wasm_bindgen(js_name = item_cells)]
    pub fn item_cells_js(&self, header: JsValue) -> Result<Vec<u32>, JsValue> {
        let header = whole_arg("header", &header, u32::MAX.into())?;
        self.item_cells(header as u32)
    }

    /// `{level, nodes, updates, cleansings, solutions, max_depth, progress, progress_text, done,
    /// at_start}`. `progress`: Knuth's estimate of the fraction of the tree explored, 0 until some
    /// branch is finished or the search is done (before, it is only a guess of half the path's
    /// subtree); `progress_text`:
    /// it as a percentage ("< 0.01%" rather than an exponent), or "no estimate yet" in that time.
    pub fn stats(&self) -> Result<JsValue, JsValue> {
        let s = &self.loaded()?.search;
        // From the start (0%, which then turned into "no estimate yet" after a step, as if a figure
        // had been lost) until a branch is finished or the search is done.
        let estimated = s.finished_any() || s.is_done();
        to_js(&StatsView {
            level: s.level(),
            shown_level: if s.phase() == Phase::Enter {
                s.level().saturating_sub(1)
            } else {
                s.level()
            },
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
                figures::percent(s.progress())
            } else {
                NO_ESTIMATE.into()
            },
            done: s.is_done(),
            at_start: s.at_start(),
        })
    }

    /// Once per load: `{title, kind, note, warning, n_items, n_primary, n_options, items: [names],
    /// options: [[item index]], colors: [names]}`. Item index i is header i + 1 in the link arrays;
    /// colour k (from 1) is `colors[k - 1]`; `note`: how the text was read, or ""; `warning`: why
    /// there is nothing worth searching, or "".
    pub fn info(&self) -> Result<JsValue, JsValue> {
        let l = self.loaded()?;
        let inst = l.problem.instance();
        to_js(&InfoView {
            title: l.problem.title(),
            kind: l.kind,
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

    /// How many solutions are kept (see `kept`).
    pub fn kept_count(&self) -> Result<usize, JsValue> {
        Ok(self.loaded()?.kept.len())
    }

    /// Every kept solution as a board, in the order found (the run's worker posts these).
    pub fn kept_boards(&self) -> Result<JsValue, JsValue> {
        let l = self.loaded()?;
        let boards: Vec<_> = l.kept.iter().map(|o| l.problem.board(o)).collect();
        to_js(&boards)
    }

    /// Sudoku only (else empty): per cell, bit v - 1 set for each symbol v whose option is still in
    /// the cell item's list (as many bits as the item's length in the lens view); 0 for a cell whose
    /// item is covered.
    pub fn candidates(&self) -> Result<Vec<u32>, JsValue> {
        let l = self.loaded()?;
        Ok(match (l.sudoku_geo, l.problem.as_sudoku()) {
            (None, _) => Vec::new(),
            // Fillings of cages filled directly count too (the only options in their cells' lists).
            (_, Some(s)) => s.candidates(l.search.links()),
            (Some(n), None) => problems::sudoku::candidates(l.search.links(), n),
        })
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
            narrate::trace_until(&mut fresh, l.problem.as_ref(), max, same, |line| {
                text.push_str(&line);
                text.push('\n');
            })
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

    /// The current path, `[{level, k, d, item, node}]`: option k of d at each level, the item
    /// branched on, the node chosen (0 at the level deciding; an item header for Algorithm M's null
    /// choice).
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

    /// The board cells (row-major) option `k` fills: those of `board()` that differ with it and
    /// without it. The board frames the option tried so, where the cells that changed in the last
    /// frame were many options after fast play.
    /// `k` a whole number (a `usize` parameter took `option_cells(-1)` as option 4294967295).
    pub fn option_cells(&self, k: JsValue) -> Result<Vec<u32>, JsValue> {
        let k = whole_arg("k", &k, u32::MAX.into())? as usize;
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

    /// The node array, `Uint32Array(memory.buffer, nodes_ptr(), nodes_len())`: 4 u32 a node, `top,
    /// up, down, next` (Knuth's DLX1 nodes, `core::links`): `next` is the next node of the option,
    /// cyclically; for a spacer (`top` 0), the number of the option after it; a header's `top` is 0.
    /// The nodes, items and lens pointers stay put until the next `load`; before the first, 0.
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

    /// The item headers, 2 u32 each: `left, right` (index 0 is the root).
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

    /// 1 u32 an item header: its length (Knuth's LEN) in the low 30 bits, plus `engine_facts().covered`
    /// (bit 30) while the item is covered; index 0 unused.
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

    /// 1 u32 a node: its colour (0 none, k for colour k of `info().colors`, 0xFFFFFFFF while marked
    /// by a purification as agreeing with it); for an item header, the colour it is purified with.
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
