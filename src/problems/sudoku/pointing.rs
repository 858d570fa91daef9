//! What the page points at on a Sudoku's board, read from the instance so that it holds for every
//! variant (jigsaw regions replace the boxes, a cage filled directly covers its cells' items): the
//! constraints a person sees (regions, diagonals, windoku and extra regions, cages, thermometers)
//! with their cells and the items and options that state them; the items and options of a cell;
//! the cells of a filling that hold an item; and the pencil marks, fillings included.

use super::variants::span;
use super::{cell_name, Sudoku};
use crate::core::Links;
use serde::Serialize;

/// The kinds of constraint the board draws (the page gets their numbers from wasm).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConstraintKind {
    /// A box, or a jigsaw region (each digit once).
    Region,
    Diagonal,
    Windoku,
    ExtraRegion,
    /// A killer cage, with a sum or without (then only distinct digits).
    Cage,
    Thermo,
}

/// One constraint as the page draws and points at it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Constraint {
    pub kind: ConstraintKind,
    /// In the puzzle's words: "box 3", "jigsaw region 3", "diagonal r9c1-r1c9", "windoku region 1", "extra
    /// region 2", "cage 4 (sum 17)", "thermometer 2".
    pub name: String,
    /// Row-major cells; a thermometer's from the bulb, the rising diagonal (f-puzzles' `diagonal+`)
    /// from r{N}c1 up.
    pub cells: Vec<usize>,
    /// A cage's sum.
    pub sum: Option<u32>,
    /// The items (from 0) that state it: `j3=1`…`j3=9`, `d+=…`, `cage4` (and the colour items
    /// `r1c1#` of its cells when it is tied to them by colours), `cage5=…` for a cage without sum.
    pub items: Vec<usize>,
    /// The options that fill it whole (a cage with a sum, a thermometer): its fillings that have
    /// nodes.
    pub options: Vec<usize>,
}

impl Sudoku {
    /// The constraints the board draws, each with the items and options that state it: regions
    /// (boxes or jigsaw regions), diagonals, windoku regions, extra regions, cages, thermometers.
    pub fn constraints(&self) -> Vec<Constraint> {
        let size = self.grid.size();
        let layout = self.layout();
        let inst = &self.inst;
        // Every item whose name starts with `prefix` (`j3=`: `j30=` does not, the `=` is there).
        let with_prefix = |prefix: &str| -> Vec<usize> {
            (0..inst.n_items())
                .filter(|&i| inst.item_name(i).starts_with(prefix))
                .collect()
        };
        let colour_items = |cells: &[usize]| -> Vec<usize> {
            cells
                .iter()
                .filter_map(|&p| inst.find_item(&format!("{}#", cell_name(size, p))))
                .collect()
        };
        let mut out = Vec::new();
        let (word, letter) = if layout.jigsaw {
            ("jigsaw region", "j")
        } else {
            ("box", "b")
        };
        for g in 0..size {
            out.push(Constraint {
                kind: ConstraintKind::Region,
                name: format!("{word} {}", g + 1),
                cells: (0..size * size)
                    .filter(|&p| layout.regions[p] == g)
                    .collect(),
                sum: None,
                items: with_prefix(&format!("{letter}{}=", g + 1)),
                options: Vec::new(),
            });
        }
        for (name, cells) in &layout.diagonals {
            let letter = if *name == "diagonal+" { "d+=" } else { "d-=" };
            out.push(Constraint {
                kind: ConstraintKind::Diagonal,
                name: format!("diagonal {}", span(size, cells)),
                cells: cells.clone(),
                sum: None,
                items: with_prefix(letter),
                options: Vec::new(),
            });
        }
        for (k, cells) in layout.windoku.iter().enumerate() {
            out.push(Constraint {
                kind: ConstraintKind::Windoku,
                name: format!("windoku region {}", k + 1),
                cells: cells.clone(),
                sum: None,
                items: with_prefix(&format!("w{}=", k + 1)),
                options: Vec::new(),
            });
        }
        for (k, cells) in layout.extra_regions.iter().enumerate() {
            out.push(Constraint {
                kind: ConstraintKind::ExtraRegion,
                name: format!("extra region {}", k + 1),
                cells: cells.clone(),
                sum: None,
                items: with_prefix(&format!("e{}=", k + 1)),
                options: Vec::new(),
            });
        }
        // The options of each shape filled whole, in the order of the fillings.
        let n3 = self.grid.geo.all_cells() * size;
        let fillings_of = |shape: super::Shape| -> Vec<usize> {
            self.fillings
                .iter()
                .enumerate()
                .filter(|(i, f)| f.shape == shape && inst.option(n3 + i).len() > 0)
                .map(|(i, _)| n3 + i)
                .collect()
        };
        for (k, cage) in layout.cages.iter().enumerate() {
            let (name, mut items) = match cage.sum {
                Some(s) => (
                    format!("cage {} (sum {s})", k + 1),
                    inst.find_item(&format!("cage{}", k + 1))
                        .into_iter()
                        .collect::<Vec<_>>(),
                ),
                None => (
                    format!("cage {} (no sum)", k + 1),
                    with_prefix(&format!("cage{}=", k + 1)),
                ),
            };
            if cage.sum.is_some() {
                // A cage stated by digit sets has an item per digit (`cage3=5`) too.
                items.extend(with_prefix(&format!("cage{}=", k + 1)));
                items.extend(colour_items(&cage.cells));
            }
            out.push(Constraint {
                kind: ConstraintKind::Cage,
                name,
                cells: cage.cells.clone(),
                sum: cage.sum,
                items,
                options: if cage.sum.is_some() {
                    fillings_of(super::Shape::Cage(k))
                } else {
                    Vec::new()
                },
            });
        }
        for (k, cells) in layout.thermos.iter().enumerate() {
            let mut items: Vec<usize> = inst
                .find_item(&format!("thermo{}", k + 1))
                .into_iter()
                .collect();
            items.extend(colour_items(cells));
            out.push(Constraint {
                kind: ConstraintKind::Thermo,
                name: format!("thermometer {}", k + 1),
                cells: cells.clone(),
                sum: None,
                items,
                options: fillings_of(super::Shape::Thermo(k)),
            });
        }
        out
    }

    /// Adds to `out` the cells of filling option `k` whose part of it covers `item`: every cell for
    /// the shape's own item, else the cell whose items (a cage filled directly: the cell's own
    /// items, which start with the cell item) or colour item (`r1c1#`) it is.
    pub(super) fn filling_cells_of(&self, k: usize, item: usize, out: &mut Vec<usize>) {
        let Some(f) = self.filling(k) else {
            return;
        };
        let cells = self.rules.shape_cells(f.shape);
        let items: Vec<usize> = self.inst.option(k).collect();
        let Some((&first, rest)) = items.split_first() else {
            return;
        };
        // A digit set's items (the cage's, and the digits it lacks) are about the whole cage.
        if first == item || f.set {
            out.extend_from_slice(cells);
            return;
        }
        let block = self.grid.size() * self.grid.size();
        let direct = rest.first().is_some_and(|&i| i < block);
        if direct {
            // Cell items are the first N² items, and each cell's part starts with its own.
            let mut cell = None;
            for &i in rest {
                if i < block {
                    cell = Some(i);
                }
                if i == item {
                    out.extend(cell);
                }
            }
        } else {
            for (&p, &i) in cells.iter().zip(rest) {
                if i == item {
                    out.push(p);
                }
            }
        }
    }

    /// What cell `p` is in the matrix, for pointing at it on the board: with `value` 0 (empty) its
    /// cell item (and colour item `r1c1#`, if it has one) and every option that holds them; with a
    /// value v, the options that put v there (its cell option, and the fillings of a shape with v
    /// in that cell) and the items v in `p` covers (the cell option's, or a direct filling's part
    /// for that cell and the shape's item). Items and options from 0.
    pub fn cell_links(&self, p: usize, value: usize) -> (Vec<usize>, Vec<usize>) {
        let size = self.grid.size();
        let n3 = self.grid.geo.all_cells() * size;
        let inst = &self.inst;
        let has = |k: usize, i: usize| inst.option(k).any(|j| j == i);
        let colour = inst.find_item(&format!("{}#", cell_name(size, p)));
        let in_shape = |k: usize| -> Option<usize> {
            let f = self.filling(k)?;
            self.rules
                .shape_cells(f.shape)
                .iter()
                .position(|&q| q == p)
                .and_then(|at| f.placed().map(|d| usize::from(d[at])))
        };
        if value == 0 {
            let mut items = vec![p];
            items.extend(colour);
            let options = (0..inst.n_options())
                .filter(|&k| {
                    (k / size == p && k < n3) || (k >= n3 && items.iter().any(|&i| has(k, i)))
                })
                .filter(|&k| inst.option(k).len() > 0)
                .collect();
            return (items, options);
        }
        let own = p * size + value - 1;
        let mut options: Vec<usize> = Vec::new();
        if inst.option(own).len() > 0 {
            options.push(own);
        }
        options.extend(
            (n3..inst.n_options())
                .filter(|&k| in_shape(k) == Some(value) && inst.option(k).len() > 0),
        );
        let mut items: Vec<usize> = inst.option(own).collect();
        if items.is_empty() {
            // A cell of a cage filled directly: its part of a filling that puts v there.
            if let Some(&k) = options.first() {
                let all: Vec<usize> = inst.option(k).collect();
                items.push(all[0]);
                items.extend(all.iter().copied().filter(|&i| {
                    let mut cells = Vec::new();
                    self.filling_cells_of(k, i, &mut cells);
                    cells == [p]
                }));
            } else {
                items.push(p);
            }
        }
        items.sort_unstable();
        items.dedup();
        (items, options)
    }

    /// The pencil marks from the live links: per cell whose item is not covered, bit v − 1 for
    /// each digit v that an option still in its list puts there — a cell option, or a filling of a
    /// cage filled directly (the only options in such a cell's list); 0 for a covered cell.
    pub fn candidates(&self, links: &Links) -> Vec<u32> {
        let size = self.grid.size();
        let n3 = self.grid.geo.all_cells() * size;
        super::problem::marks(links, size, |p, k| {
            if k < n3 {
                return Some(k % size + 1);
            }
            if let Some(o) = self.clue_option(k) {
                return o
                    .cells
                    .iter()
                    .find(|&&(q, _)| q == p)
                    .map(|&(_, d)| usize::from(d));
            }
            let f = self.filling(k)?;
            let at = self
                .rules
                .shape_cells(f.shape)
                .iter()
                .position(|&q| q == p)?;
            f.placed().map(|d| usize::from(d[at]))
        })
    }
}

/// One clue of issue 43 as the page will draw and point at it: its kind (dot, arrow, line, …) and
/// cells as the puzzle states them, its name in words, and the items and options that state it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClueShape {
    pub kind: super::ClueKind,
    /// "white dot r1c1-r1c2", "arrow from r2c3", "little killer 22 from r1c1".
    pub name: String,
    /// Row-major cells, in the order [`super::ClueKind`] describes (an arrow's circle first).
    pub cells: Vec<usize>,
    /// The items (from 0): its primary items (a piece's, or a chain's steps) and its secondary
    /// ones (chain states, shared colours).
    pub items: Vec<usize>,
    /// Its options that have nodes.
    pub options: Vec<usize>,
}

impl Sudoku {
    /// The clues (dots, arrows, little killers, sandwiches, lines, …), each with its items and
    /// options. (The negative constraints' items, `nokropki(…)` and `noxv(…)`, belong to no clue.)
    pub fn clue_shapes(&self) -> Vec<ClueShape> {
        let size = self.grid.size();
        let inst = &self.inst;
        let enc = &self.clue_enc;
        let first = self.grid.geo.all_cells() * size + self.fillings.len();
        let items = |k: usize| -> Vec<usize> {
            let mut out: Vec<usize> = enc.clue_items[k]
                .iter()
                .map(|&i| &enc.primary[i])
                .chain(enc.clue_secondary[k].iter().map(|&i| &enc.secondary[i]))
                .filter_map(|name| inst.find_item(name))
                .collect();
            out.sort_unstable();
            out
        };
        let options = |k: usize| -> Vec<usize> {
            (0..enc.options.len())
                .filter(|&i| enc.options[i].clue == k && inst.option(first + i).len() > 0)
                .map(|i| first + i)
                .collect()
        };
        let out: Vec<ClueShape> = self
            .rules
            .clues
            .iter()
            .enumerate()
            .map(|(k, c)| ClueShape {
                kind: c.kind.clone(),
                name: c.name(size),
                cells: c.cells.clone(),
                items: items(k),
                options: options(k),
            })
            .collect();
        out
    }
}
