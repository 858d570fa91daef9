//! The page's handle on a Sudoku's layout (issue 20's board): a second `#[wasm_bindgen] impl
//! Session` block, a child of `wasm` (it reads the loaded problem). Its part of the CONTRACT:
//!
//! ```text
//! import { ShapeKind, sudoku_switches } from './pkg/dlx_studio.js';
//! sudoku_switches() -> [{name, rule}]   the variant switches of a typed Sudoku, as the CLI's --variant
//!                                names them (x, windoku, anti-knight, anti-king, non-consecutive);
//!                                Session.load_as("sudoku", text, false, "x,anti-knight") loads with them.
//! ShapeKind.Region … ShapeKind.Clue  the kinds of constraint in layout().constraints (the clues of
//!                                issue 43 last, as ShapeKind.Clue, drawn from layout().clues).
//! sudoku_sizes() -> [{size, boxes?: [rows, cols], made}]  every Sudoku size (problems::sudoku::
//!                                geometry): its boxes (absent: its regions come with the puzzle), and
//!                                whether New puzzle makes it; the page's maker sizes and checks.
//! s.layout() -> {size, rows, cols, boxes?: [rows, cols], variants, jigsaw, regions: [region of each cell], constraints: [{kind, name,
//!                cells, sum, items: [header], options: [option]}], clues: [{kind, words, name, cells,
//!                value, circle, digits, label, ring, hints}]} | null
//!                                a Sudoku's layout (null for another problem): regions (boxes or a
//!                                jigsaw's), diagonals, windoku and extra regions, cages (sum or null),
//!                                thermometers (cells from the bulb), each with the item headers and
//!                                options (a shape's fillings) that state it; the clues of issue 43
//!                                (kind: their items' tag, `white`, `arrow`, `lk`…). Once per load.
//! s.unread() -> string | undefined  what the puzzle states that is not read (rules in words,
//!                                cosmetic shapes), in `dlx solve`'s words; the page's Solve says it
//!                                under a verdict of several solutions.
//! ```
//!
//! `cell_links`, `item_cells` and `candidates` (in `wasm.rs`) read the Sudoku through the helpers
//! here, so that they hold for jigsaw regions and cages filled directly.

use super::args::to_js;
use super::session::not_loaded;
use super::Session;
use crate::problems::sudoku::{ClueKind, ConstraintKind, Sudoku, Switch};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The kind of a constraint in `Session.layout()`: the page draws and names each by this.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind {
    Region = 0,
    Diagonal = 1,
    Windoku = 2,
    ExtraRegion = 3,
    Cage = 4,
    Thermo = 5,
    /// A clue of issue 43 (drawn from `layout().clues`, pointed at from the list under the board).
    Clue = 6,
}

impl From<ConstraintKind> for ShapeKind {
    fn from(k: ConstraintKind) -> ShapeKind {
        match k {
            ConstraintKind::Region => ShapeKind::Region,
            ConstraintKind::Diagonal => ShapeKind::Diagonal,
            ConstraintKind::Windoku => ShapeKind::Windoku,
            ConstraintKind::ExtraRegion => ShapeKind::ExtraRegion,
            ConstraintKind::Cage => ShapeKind::Cage,
            ConstraintKind::Thermo => ShapeKind::Thermo,
        }
    }
}

#[derive(Serialize)]
struct SwitchView {
    name: &'static str,
    rule: &'static str,
}

/// The variant switches of a typed Sudoku (see the contract above).
#[wasm_bindgen]
pub fn sudoku_switches() -> Result<JsValue, JsValue> {
    let all: Vec<SwitchView> = Switch::ALL
        .iter()
        .map(|&s| SwitchView {
            name: s.name(),
            rule: s.rule(),
        })
        .collect();
    to_js(&all)
}

#[derive(Serialize)]
struct ConstraintView {
    kind: u32,
    name: String,
    cells: Vec<u32>,
    sum: Option<u32>,
    items: Vec<u32>,
    options: Vec<u32>,
}

#[derive(Serialize)]
struct SizeView {
    size: usize,
    boxes: Option<(usize, usize)>,
    made: bool,
}

/// Every Sudoku size, its boxes and whether the maker makes it (see the contract above).
#[wasm_bindgen]
pub fn sudoku_sizes() -> Result<JsValue, JsValue> {
    use crate::problems::sudoku::{geometry, maker, Geometry};
    let all: Vec<SizeView> = geometry::SIZES
        .iter()
        .map(|&size| SizeView {
            size,
            boxes: Geometry::of_size(size).expect("a listed size").boxes(),
            made: maker::SIZES.contains(&size),
        })
        .collect();
    to_js(&all)
}

#[derive(Serialize)]
struct LayoutView {
    size: usize,
    rows: usize,
    cols: usize,
    boxes: Option<(usize, usize)>,
    variants: Vec<&'static str>,
    jigsaw: bool,
    regions: Vec<u32>,
    constraints: Vec<ConstraintView>,
    clues: Vec<ClueView>,
    /// The candidates the puzzle states for each cell (ISS's `R4C7_2_4_6_8` and pencil-mark grids,
    /// f-puzzles' odd and even cells), bit `d - 1` for digit `d`; 0 for a cell with none stated.
    candidates: Vec<u32>,
    /// Where each cell outside the grid (ISS's `Var`, numbered from N² on) is drawn: [row, column]
    /// on the board, under the grid; empty for a puzzle without such cells.
    extra: Vec<[u32; 2]>,
}

/// A clue of issue 43 as the board draws it: its kind by the tag of its items (`white`, `arrow`,
/// `lk`, …), its kind and name in words, its cells in the clue's order, the number it states, the
/// cells of an arrow's circle, a quadruple's digits (values as the puzzle writes them; equal
/// sums: the lengths of their runs), a cage's label.
#[derive(Serialize)]
struct ClueView {
    kind: &'static str,
    words: &'static str,
    name: String,
    cells: Vec<u32>,
    value: Option<u32>,
    circle: u32,
    digits: Vec<u8>,
    /// The text in a shaded cage's corner where it is not `value` ("1617", "≠8", "="), or null.
    label: Option<String>,
    /// An either/or of clues outside the grid on one line: their numbers ("8/8"), written in the
    /// ring before the line instead of shading its cells; null otherwise.
    ring: Option<String>,
    /// The digits an either/or's sides state, written small in their cells: [cell, "1,2"].
    hints: Vec<(u32, String)>,
}

fn u32s(v: &[usize]) -> Vec<u32> {
    v.iter().map(|&x| x as u32).collect()
}

impl Session {
    /// The loaded Sudoku, or None for another problem (an error before any load).
    pub(super) fn sudoku(&self) -> Result<Option<&Sudoku>, JsValue> {
        let l = self.loaded.as_ref().ok_or_else(not_loaded)?;
        Ok(l.problem.as_sudoku())
    }

    /// `cell_links` of a Sudoku: the cell's items (headers) and options, from its instance.
    pub(super) fn sudoku_cell_links(
        &self,
        sudoku: &Sudoku,
        cell: usize,
        value: usize,
    ) -> (Vec<u32>, Vec<u32>) {
        let (items, options) = sudoku.cell_links(cell, value);
        (
            items.iter().map(|&i| i as u32 + 1).collect(),
            u32s(&options),
        )
    }
}

#[wasm_bindgen]
impl Session {
    /// What the loaded Sudoku states that is not read, in words (`Sudoku::unread`: rules written in
    /// its text, cosmetic shapes), as `dlx solve` says it beside a verdict of several solutions; or
    /// undefined (nothing left out, or another problem).
    pub fn unread(&self) -> Result<Option<String>, JsValue> {
        Ok(self.sudoku()?.and_then(Sudoku::unread))
    }

    /// The loaded Sudoku's layout and constraints (see the contract above), or null.
    pub fn layout(&self) -> Result<JsValue, JsValue> {
        let Some(s) = self.sudoku()? else {
            return Ok(JsValue::NULL);
        };
        let layout = s.layout();
        let clues = s.clue_shapes();
        let mut candidates = vec![0u32; layout.size * layout.size];
        // The grid's cells only (a cell outside it, ISS's `Var`, may be given candidates too).
        let grid = candidates.len();
        for &(p, mask) in s.rules().candidates.iter().filter(|&&(p, _)| p < grid) {
            candidates[p] = match candidates[p] {
                0 => mask,
                m => m & mask,
            };
        }
        let view = LayoutView {
            candidates,
            extra: layout
                .extra
                .iter()
                .map(|&[r, c]| [r as u32, c as u32])
                .collect(),
            size: layout.size,
            rows: layout.rows,
            cols: layout.cols,
            boxes: layout.boxes,
            variants: layout.variants,
            jigsaw: layout.jigsaw,
            regions: u32s(&layout.regions),
            // The clues are constraints too, after the shapes, so that pointing at one (from the
            // list under the board) lights its items and options as a cage's do.
            constraints: s
                .constraints()
                .into_iter()
                .map(|c| ConstraintView {
                    kind: ShapeKind::from(c.kind) as u32,
                    name: c.name,
                    cells: u32s(&c.cells),
                    sum: c.sum,
                    items: c.items.iter().map(|&i| i as u32 + 1).collect(),
                    options: u32s(&c.options),
                })
                .chain(clues.iter().map(|c| ConstraintView {
                    kind: ShapeKind::Clue as u32,
                    name: c.name.clone(),
                    cells: u32s(&c.cells),
                    sum: None,
                    items: c.items.iter().map(|&i| i as u32 + 1).collect(),
                    options: u32s(&c.options),
                }))
                .collect(),
            clues: clues
                .iter()
                .map(|c| ClueView {
                    kind: c.kind.tag(),
                    words: c.kind.words(),
                    name: c.name.clone(),
                    // A loop is drawn closed: its first cell once more at the end.
                    cells: match c.kind {
                        ClueKind::SumLoop(_) => u32s(&[&c.cells[..], &c.cells[..1]].concat()),
                        _ => u32s(&c.cells),
                    },
                    value: c.kind.value(),
                    circle: match c.kind {
                        ClueKind::Arrow { circle } => circle as u32,
                        _ => 0,
                    },
                    digits: match &c.kind {
                        ClueKind::Quad(d) => d.clone(),
                        // Equal sums: the lengths of its runs, which the board draws apart.
                        ClueKind::EqualSum(runs) => runs.clone(),
                        // A region arrow: its arms' lengths after the shared first cell.
                        ClueKind::RegionRun { arms, .. } => arms.clone(),
                        _ => Vec::new(),
                    },
                    label: c.kind.label(),
                    ring: c.kind.ring_text(),
                    hints: c
                        .kind
                        .stated_digits()
                        .into_iter()
                        .map(|(p, t)| (p as u32, t))
                        .collect(),
                })
                .collect(),
        };
        to_js(&view)
    }
}
