//! The Sudoku problem: Knuth's exact-cover instance, [`Sudoku`] (givens, variants' rules), boards,
//! labels, the independent checker, and the candidates read from the links.

use super::reader::{cell_name, find_repeat, Unit};
use super::{
    fpuzzles, iss, sudokupad, variants, Alphabet, Cage, Filling, Geometry, Grid, Reading, Rules,
    Shape, Switch,
};
use crate::core::{Instance, Links, COVERED};
use crate::problems::{Board, InputError, Problem};

/// The exact-cover instance of the empty N×N grid of geometry `g`: items `r1c1`…, `r1=1`…,
/// `c1=1`…, `b1=1`…, all primary; option `(r·N + c)·N + v − 1` is "r{r}c{c} r{r}={v} c{c}={v} b{b}={v}".
/// Panics for a size without boxes (a classic [`Sudoku`] of that size is refused before).
pub fn instance(g: Geometry) -> Instance {
    instance_in(g, Alphabet::Standard)
}

/// [`instance`] with the symbols in the item names written in `alphabet` (`r1=0` for hexadecimal).
pub fn instance_in(g: Geometry, alphabet: Alphabet) -> Instance {
    instance_read(
        g,
        Reading {
            alphabet,
            ..Reading::default()
        },
    )
}

/// [`instance`] with the symbols in the item names written as the puzzle was read (`r1=16` for a
/// grid of numbers, `r1=0` for hexadecimal).
pub fn instance_read(g: Geometry, reading: Reading) -> Instance {
    assert!(g.has_boxes(), "a {} has no boxes", g.size());
    let size = g.size();
    let sym = |v: usize| reading.symbol(v as u8 + 1);
    let mut names = Vec::with_capacity(4 * size * size);
    names.extend((0..size * size).map(|p| cell_name(size, p)));
    for prefix in ["r", "c", "b"] {
        for u in 0..size {
            names.extend((0..size).map(|v| format!("{prefix}{}={}", u + 1, sym(v))));
        }
    }
    let mut inst = Instance::new(names, Vec::<String>::new()).expect("names are distinct");
    let block = size * size;
    for r in 0..size {
        for c in 0..size {
            let b = g
                .box_of(r * size + c)
                .expect("asserted: every cell is in a box");
            for v in 0..size {
                inst.add_option(&[
                    r * size + c,
                    block + r * size + v,
                    2 * block + c * size + v,
                    3 * block + b * size + v,
                ])
                .expect("items are distinct");
            }
        }
    }
    // Each row, column and box matches its cells with its digits: a hint for propagation, which
    // takes over a classic puzzle past plain search's head start (`core/propagate/matching.rs`).
    for u in 0..size {
        let row: Vec<usize> = (0..size).map(|c| u * size + c).collect();
        let col: Vec<usize> = (0..size).map(|r| r * size + u).collect();
        let boxed: Vec<usize> = (0..block).filter(|&p| g.box_of(p) == Some(u)).collect();
        for (k, cells) in [row, col, boxed].iter().enumerate() {
            let digits: Vec<usize> = (0..size).map(|v| (k + 1) * block + u * size + v).collect();
            inst.add_matching(cells, &digits)
                .expect("a house's cells and digits are distinct primary items");
        }
    }
    inst
}

/// A Sudoku puzzle as a [`Problem`]: classic, or with the rules of a variant ([`Rules`]).
pub struct Sudoku {
    pub(super) grid: Grid,
    pub(super) inst: Instance,
    pub(super) givens: Vec<usize>,
    pub(super) rules: Rules,
    /// The options after the N³ cell options: one per filling of a cage with a sum or a thermometer.
    pub(super) fillings: Vec<Filling>,
    /// The options after the fillings: the clues' ([`super::clues`]), with their items.
    pub(super) clue_enc: super::clues::Encoding,
    /// The options after the clues': the digit sets of the sums the cages imply (the 45 rule).
    pub(super) implied: Vec<variants::ImpliedSets>,
    /// An f-puzzles puzzle's title.
    name: Option<String>,
    /// Cosmetic elements skipped (f-puzzles' `cage`, `line`, …; SudokuPad's decorations), by name,
    /// and how many of each.
    skipped: Vec<(String, usize)>,
    /// The puzzle states rules in words, which are not read.
    words: bool,
    /// Keys of f-puzzles' grid cells that it does not write, skipped.
    unknown: Vec<String>,
}

/// What the page needs to draw a variant (a later wasm method hands it over as it is, serialised):
/// the grid's size, the variants by name, the region of every cell, and the shapes. Cells are
/// row-major indices from 0.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Layout {
    pub size: usize,
    /// The rows and columns that hold cells: `size` both, but for a shaped grid (ISS's 6x8, a 6x6
    /// of 9 values), whose cells are the top left `rows` × `cols` of the `size` × `size` numbering.
    pub rows: usize,
    pub cols: usize,
    pub variants: Vec<&'static str>,
    /// The region (box, or jigsaw region) of each cell, from 0, and N for a cell in no region (a
    /// dead cell, a grid without boxes); thick borders go between regions.
    pub regions: Vec<usize>,
    /// Whether the region is a jigsaw's (else the boxes).
    pub jigsaw: bool,
    /// The rows and columns of a box (`[2, 3]` for a 6x6), or `null` for a size without boxes.
    pub boxes: Option<(usize, usize)>,
    /// The diagonals' cells: `diagonal+` (r{N}c1 up to r1c{N}), `diagonal-` (r1c1 down).
    pub diagonals: Vec<(&'static str, Vec<usize>)>,
    /// The windoku regions (shaded), then the extra regions.
    pub windoku: Vec<Vec<usize>>,
    pub extra_regions: Vec<Vec<usize>>,
    pub cages: Vec<Cage>,
    /// Each thermometer's cells from the bulb.
    pub thermos: Vec<Vec<usize>>,
    /// Where each cell outside the grid (ISS's `Var`, from N² on) is drawn: [row, column] on the
    /// board, under the grid's rows after an empty one ([`super::Rules::outside_at`]).
    pub extra: Vec<[usize; 2]>,
}

/// Keeps of each implied sum's digit sets and fillings those that hold the givens in its cells.
/// When none does, the givens break the 45 rule: said by name, the cells marked. (Left in, such a
/// sum would narrow its cells' digits past the given's, its option would be empty, and a search
/// that skips an empty given would answer with another digit in its cell.)
fn given_implied(
    grid: &Grid,
    implied: &mut [variants::ImpliedSets],
    zero_based: bool,
) -> Result<(), InputError> {
    let size = grid.size();
    for (i, sets) in implied.iter_mut() {
        let given: Vec<(usize, usize, u8)> = (i.cells.iter().enumerate())
            .filter(|&(_, &p)| grid.cells[p] != 0)
            .map(|(j, &p)| (j, p, grid.cells[p]))
            .collect();
        if given.is_empty() || sets.is_empty() {
            continue;
        }
        let holds = |s: &Vec<u8>| {
            (given.iter()).all(|&(j, _, d)| {
                if i.distinct {
                    s.contains(&d)
                } else {
                    s[j] == d
                }
            })
        };
        sets.retain(holds);
        if sets.is_empty() {
            let named: Vec<String> = (given.iter())
                .map(|&(_, p, d)| format!("{}={}", cell_name(size, p), grid.alphabet().label(d)))
                .collect();
            let cells = given.iter().map(|&(_, p, _)| p).collect();
            return Err(InputError::new(format!(
                "the givens break a rule: {} (the 45 rule), and no digits that do agree with {}",
                i.stated(zero_based),
                named.join(", ")
            ))
            .with_cells(cells));
        }
    }
    Ok(())
}

/// Every given whose cell has options of its own has its option: a rule that narrows the cell's
/// digits past the given would leave that option empty, and the search would skip it and put
/// another digit there. (A cell of a cage filled directly has no options of its own: its givens
/// are in the cage's fillings.)
pub(super) fn given_options_stand(grid: &Grid, inst: &Instance) -> Result<(), InputError> {
    let size = grid.size();
    for (p, &d) in grid.cells.iter().enumerate().filter(|&(_, &d)| d != 0) {
        let own = p * size + usize::from(d) - 1;
        let left: Vec<String> = (0..size)
            .filter(|&v| inst.option(p * size + v).len() > 0)
            .map(|v| grid.alphabet().label(v as u8 + 1).to_string())
            .collect();
        if inst.option(own).len() == 0 && !left.is_empty() {
            return Err(InputError::new(format!(
                "the givens break a rule: {} is given {}, and the rules leave it only {}",
                cell_name(size, p),
                grid.alphabet().label(d),
                left.join(", ")
            ))
            .with_cells(vec![p]));
        }
    }
    Ok(())
}

impl Sudoku {
    /// Reads a puzzle (see the module documentation for the text forms, and [`fpuzzles`] for
    /// f-puzzles JSON and links) and builds its instance.
    pub fn parse(text: &str) -> Result<Sudoku, InputError> {
        Sudoku::parse_with(text, &[])
    }

    /// [`Sudoku::parse`] with rules switched on by name (`--variant x,anti-knight`).
    pub fn parse_with(text: &str, switches: &[Switch]) -> Result<Sudoku, InputError> {
        let read = if iss::looks_like(text) {
            iss::read(text)?
        } else if sudokupad::looks_like(text) {
            sudokupad::read(text)?
        } else if fpuzzles::looks_like(text) {
            fpuzzles::read(text)?
        } else {
            fpuzzles::Read {
                grid: Grid::parse(text)?,
                rules: Rules::default(),
                title: None,
                skipped: Vec::new(),
                words: false,
                unknown: Vec::new(),
            }
        };
        let (grid, mut rules) = (read.grid, read.rules);
        for &s in switches {
            rules.apply(s);
        }
        if !switches.is_empty() {
            rules.validate(grid.geo)?;
            if let Err(e) = rules.check(grid.geo, &grid.cells, false) {
                return Err(
                    InputError::new(format!("the givens break a rule: {e}")).with_cells(e.cells)
                );
            }
        }
        let read_as = (read.skipped, read.words);
        let mut sudoku = Sudoku::with_rules(grid, rules, read.title, read_as, true)?;
        sudoku.unknown = read.unknown;
        Ok(sudoku)
    }

    /// The puzzle of `grid` under `rules` (its givens already checked against them).
    pub fn new(grid: Grid, rules: Rules) -> Result<Sudoku, InputError> {
        Sudoku::with_rules(grid, rules, None, (Vec::new(), false), true)
    }

    /// [`Sudoku::new`] for the maker's checks of uniqueness as it takes givens away: without the
    /// implied sums over cells that may repeat a digit, whose fillings cost each build of a killer
    /// more than the few hundred nodes of its check (a made killer took 0.28-0.75 s when every
    /// check built them, 0.06 s before they existed). The checks then build as before them, node
    /// budgets included, so the maker makes the same puzzles.
    pub(crate) fn new_for_checks(grid: Grid, rules: Rules) -> Result<Sudoku, InputError> {
        Sudoku::with_rules(grid, rules, None, (Vec::new(), false), false)
    }

    fn with_rules(
        grid: Grid,
        rules: Rules,
        name: Option<String>,
        (skipped, words): (Vec<(String, usize)>, bool),
        spread: bool,
    ) -> Result<Sudoku, InputError> {
        // A size without boxes is a Sudoku only with its regions (a jigsaw's).
        if rules.regions.is_none() {
            if let Some(e) = grid.geo.needs_regions() {
                return Err(e);
            }
        }
        let (inst, fillings, clue_enc, implied) =
            if rules.is_classic() && !grid.geo.is_shaped() && grid.geo.extra() == 0 {
                (
                    instance_read(grid.geo, grid.reading()),
                    Vec::new(),
                    super::clues::Encoding::default(),
                    Vec::new(),
                )
            } else {
                let fillings = rules.fillings(grid.geo, &grid.cells)?;
                let enc = rules.clue_encoding(grid.geo, &grid.cells)?;
                let mut implied = rules.implied_sets_of(grid.geo, spread);
                given_implied(&grid, &mut implied, rules.zero_based)?;
                let inst = variants::instance_with(
                    grid.geo,
                    grid.alphabet(),
                    &rules,
                    (&fillings, &implied),
                    &enc,
                    false,
                )?;
                (inst, fillings, enc, implied)
            };
        given_options_stand(&grid, &inst)?;
        let givens = grid.given_options().collect();
        Ok(Sudoku {
            grid,
            inst,
            givens,
            rules,
            fillings,
            clue_enc,
            implied,
            name,
            skipped,
            unknown: Vec::new(),
            words,
        })
    }

    /// What the puzzle states that is not read, in words: rules written out in its text, drawn
    /// shapes taken as cosmetic ("this puzzle states its rules in words and drawn shapes (3 cosmetic
    /// cages, 1 line), which are not read"). A verdict of several solutions says it beside the count
    /// (`dlx solve`), since then the grid alone is what was solved. `None` when nothing was left out.
    pub fn unread(&self) -> Option<String> {
        if self.skipped.is_empty() && !self.words {
            return None;
        }
        let shapes: Vec<String> = self
            .skipped
            .iter()
            .map(|(name, k)| {
                // f-puzzles' keys in words; SudokuPad's element names come already in words.
                let (one, many) = match name.as_str() {
                    "cage" => ("cosmetic cage", "cosmetic cages"),
                    "text" => ("text", "texts"),
                    "line" => ("line", "lines"),
                    "rectangle" => ("rectangle", "rectangles"),
                    "circle" => ("circle", "circles"),
                    "underlay" => ("underlay", "underlays"),
                    "overlay" => ("overlay", "overlays"),
                    "arrow" => ("arrow", "arrows"),
                    other => (other, other),
                };
                format!("{k} {}", if *k == 1 { one } else { many })
            })
            .collect();
        Some(match (self.words, shapes.is_empty()) {
            (true, true) => "this puzzle states its rules in words, which are not read".to_string(),
            (true, false) => format!(
                "this puzzle states its rules in words and drawn shapes ({}), which are not read",
                shapes.join(", ")
            ),
            (false, _) => format!(
                "this puzzle draws shapes that state no rule here ({}), which are not read",
                shapes.join(", ")
            ),
        })
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The rules beyond the classic ones (`Rules::default()` for a classic puzzle).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The filling of option `k`, when it fills a whole cage or thermometer (`k` ≥ N³).
    pub fn filling(&self, k: usize) -> Option<&Filling> {
        let size = self.grid.size();
        k.checked_sub(self.grid.geo.all_cells() * size)
            .and_then(|i| self.fillings.get(i))
    }

    /// The clue option `k` (past the cell options and the fillings), if it is one.
    pub fn clue_option(&self, k: usize) -> Option<&super::ClueOption> {
        let size = self.grid.size();
        k.checked_sub(self.grid.geo.all_cells() * size + self.fillings.len())
            .and_then(|i| self.clue_enc.options.get(i))
    }

    /// The implied sum (the 45 rule: [`Rules::implied_sums`]) and the digit set that option `k`
    /// (past the clues' options) states, if it is one.
    pub fn implied_option(&self, k: usize) -> Option<(&variants::Implied, &[u8])> {
        let size = self.grid.size();
        let mut i = k.checked_sub(
            self.grid.geo.all_cells() * size + self.fillings.len() + self.clue_enc.options.len(),
        )?;
        for (sum, sets) in &self.implied {
            match sets.get(i) {
                Some(set) => return Some((sum, set)),
                None => i -= sets.len(),
            }
        }
        None
    }

    /// What the page draws (see [`Layout`]).
    pub fn layout(&self) -> Layout {
        let g = self.grid.geo;
        let size = g.size();
        let r = &self.rules;
        let mut diagonals = Vec::new();
        if r.diagonal_pos {
            diagonals.push(("diagonal+", variants::diagonal(g, true)));
        }
        if r.diagonal_neg {
            diagonals.push(("diagonal-", variants::diagonal(g, false)));
        }
        let windoku = r
            .groups(g)
            .into_iter()
            .filter(|(name, _)| name.starts_with("windoku"))
            .map(|(_, cells)| cells)
            .collect();
        Layout {
            size,
            rows: g.rows(),
            cols: g.cols(),
            variants: r.names(),
            regions: (0..size * size)
                .map(|p| r.region_of(g, p).unwrap_or(size))
                .collect(),
            boxes: g.boxes(),
            jigsaw: r.regions.is_some() && !r.boxless(),
            diagonals,
            windoku,
            extra_regions: r.extra_regions.clone(),
            cages: r.cages.clone(),
            thermos: r.thermos.clone(),
            extra: r
                .outside_at
                .iter()
                .map(|&[row, col]| [g.rows() + 1 + usize::from(row), usize::from(col)])
                .collect(),
        }
    }

    /// The cells an item is about (for highlighting it on the board): the cells of the cell
    /// options and fillings that hold it — a cell, a row, a region, a diagonal, a cage's cells, the
    /// two cells of a knight's pair.
    pub fn item_cells(&self, item: usize) -> Vec<usize> {
        let size = self.grid.size();
        let mut out = Vec::new();
        for k in 0..self.inst.n_options() {
            if !self.inst.option(k).any(|i| i == item) {
                continue;
            }
            match self.filling(k) {
                // Only the cells of the filling whose part covers the item (a filling of a cage in
                // two rows covers `r1=5` through one of its cells).
                Some(_) => self.filling_cells_of(k, item, &mut out),
                None if k < self.grid.geo.all_cells() * size => out.push(k / size),
                // A clue's option: the cells it fills or colours.
                None => out.extend(
                    self.clue_option(k)
                        .into_iter()
                        .flat_map(|o| o.cells.iter().map(|&(p, _)| p)),
                ),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The cell (row-major index) and symbol (from 1) that option `k` places.
    pub fn placement(&self, k: usize) -> (usize, u8) {
        let size = self.grid.size();
        (k / size, (k % size) as u8 + 1)
    }
}

impl Problem for Sudoku {
    fn as_sudoku(&self) -> Option<&Sudoku> {
        Some(self)
    }

    fn title(&self) -> String {
        let shape = self.grid.geo.name();
        let names = self.rules.names();
        if names.is_empty() {
            format!("Sudoku {shape}")
        } else {
            format!("Sudoku {shape} ({})", names.join(", "))
        }
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    /// Cells, units, diagonals, shapes filled whole and the rules of variants (`words.rs`).
    fn item_words(&self, links: &Links, i: usize, len: u32) -> Option<String> {
        super::words::item_words(&self.inst, links, i, len)
    }

    fn givens(&self) -> &[usize] {
        &self.givens
    }

    /// The puzzle with the symbols of `options` placed. The givens are shown whether or not `options`
    /// lists them, since they belong to every solution.
    fn board(&self, options: &[usize]) -> Board {
        let size = self.grid.size();
        let mut cells = self.grid.cells.clone();
        // Chaos construction: the regions placed so far (`Board::regions`), the grid's cells only.
        let mut regions = vec![
            -1;
            if self.rules.chaos.is_some() {
                size * size
            } else {
                0
            }
        ];
        for &k in options {
            if let Some(f) = self.filling(k) {
                // A cage or thermometer filled whole shows its digits before its cells are chosen
                // (a cage's digit set places none: its cells take them by their own options).
                let placed = f.placed().unwrap_or(&[]);
                for (&p, &d) in self.rules.shape_cells(f.shape).iter().zip(placed) {
                    cells[p] = d;
                }
                continue;
            }
            if let Some(o) = self.clue_option(k) {
                for &(p, d) in &o.cells {
                    cells[p] = d;
                }
                // Only a chaos puzzle's options colour a cell's region.
                let chaos = !regions.is_empty();
                for (s, c) in o.colours.iter().filter(|_| chaos) {
                    if let (Some(&p), super::clues::Colour::State(first)) =
                        (self.clue_enc.label_of.get(s), c)
                    {
                        regions[p] = *first as i32;
                    }
                }
                continue;
            }
            if k >= self.grid.geo.all_cells() * size {
                continue;
            }
            let (p, v) = self.placement(k);
            cells[p] = v;
        }
        let reading = self.grid.reading();
        // A shaped grid (ISS's 6x8) prints its rows and columns without its dead cells; its
        // board keeps the V×V numbering, a dead cell -1 (no cell).
        let geo = self.grid.geo;
        let live: Vec<u8> = geo.live_cells().map(|p| cells[p]).collect();
        // A puzzle typed as numbers comes back as numbers, one row a line; else one line of symbols.
        let text = if reading.numbers {
            live.chunks(geo.cols())
                .map(|row| {
                    row.iter()
                        .map(|&v| reading.symbol(v))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            live.iter().map(|&v| reading.alphabet.label(v)).collect()
        };
        Board {
            regions,
            kind: crate::problems::ProblemKind::Sudoku,
            rows: size,
            cols: size,
            cells: (0..size * size)
                .map(|p| if geo.live(p) { i32::from(cells[p]) } else { -1 })
                .collect(),
            extra: cells[size * size..].iter().map(|&v| i32::from(v)).collect(),
            // The grid's givens, then those of the cells outside it (ISS's `Var`).
            given: self.grid.cells.iter().map(|&v| v != 0).collect(),
            labels: (0..=size as u8).map(|v| reading.symbol(v)).collect(),
            text,
            ..Board::default()
        }
    }

    fn note(&self) -> Option<String> {
        let mut note = self.grid.note();
        if let Some(name) = &self.name {
            note.push_str(&format!(", \u{201c}{name}\u{201d}"));
        }
        let names = self.rules.names();
        if !names.is_empty() {
            note.push_str(&format!(": {}", names.join(", ")));
        }
        if !self.skipped.is_empty() {
            note.push_str(&format!(
                " (cosmetic {} skipped: no rule)",
                self.skipped
                    .iter()
                    .map(|(k, _)| k.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !self.unknown.is_empty() {
            let keys: Vec<String> = self.unknown.iter().map(|k| format!("`{k}`")).collect();
            note.push_str(&format!(
                " (grid cells' {} skipped: not f-puzzles' keys)",
                keys.join(", ")
            ));
        }
        Some(note)
    }

    /// Every row, column and box holds each symbol once, and every given is where the puzzle put it.
    /// "r3c5=7": the cell item's name and the symbol in the puzzle's alphabet (the option's items are
    /// the cell `r3c5`, then `r3=7`, `c5=7`, `b2=7`).
    fn label(&self, k: usize) -> String {
        if let Some(f) = self.filling(k) {
            let digits: Vec<String> = f
                .digits
                .iter()
                .map(|&d| self.grid.alphabet().label(d).to_string())
                .collect();
            // In the narration's words (`words::shape_words`): the cage's cells, the bulb.
            let size = self.grid.size();
            let cells = self.rules.shape_cells(f.shape);
            return match f.shape {
                Shape::Cage(c) if f.set => format!(
                    "cage {} in {}: digits {}",
                    c + 1,
                    variants::span(size, cells),
                    digits.join(",")
                ),
                Shape::Cage(c) => format!(
                    "cage {} in {}: {}",
                    c + 1,
                    variants::span(size, cells),
                    digits.join("+")
                ),
                Shape::Thermo(_) => format!(
                    "thermometer from {}: {}",
                    variants::span(size, &cells[..1.min(cells.len())]),
                    digits.join("<")
                ),
            };
        }
        if let Some(o) = self.clue_option(k) {
            return o.label.clone();
        }
        if let Some((sum, set)) = self.implied_option(k) {
            let label = |d: u8| self.grid.alphabet().label(d).to_string();
            let digits: Vec<String> = if sum.distinct {
                set.iter().map(|&d| label(d)).collect()
            } else {
                let cell = |p: usize| super::cell_name(self.grid.size(), p);
                let placed = sum.cells.iter().zip(set);
                placed
                    .map(|(&p, &d)| format!("{}={}", cell(p), label(d)))
                    .collect()
            };
            let what = if sum.distinct { "digits " } else { "" };
            return format!(
                "{}: {what}{}",
                sum.stated(self.rules.zero_based),
                digits.join(if sum.distinct { "," } else { ", " })
            );
        }
        let text = self.instance().option_text(k);
        let mut words = text.split(' ');
        match (words.next(), words.next().and_then(|w| w.split_once('='))) {
            (Some(cell), Some((_, v))) => format!("{cell}={v}"),
            _ => text,
        }
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let size = self.grid.size();
        if board.kind != crate::problems::ProblemKind::Sudoku
            || board.rows != size
            || board.cols != size
        {
            return Err(format!(
                "not a {size}x{size} Sudoku board ({} {}x{})",
                board.kind, board.rows, board.cols
            ));
        }
        if board.cells.len() != size * size {
            return Err(format!("{} cells, not {}", board.cells.len(), size * size));
        }
        let geo = self.grid.geo;
        if board.extra.len() != geo.extra() {
            return Err(format!(
                "{} cells outside the grid, not {}",
                board.extra.len(),
                geo.extra()
            ));
        }
        let mut cells = Vec::with_capacity(geo.all_cells());
        for (p, &v) in board.cells.iter().chain(&board.extra).enumerate() {
            // A shaped grid's dead cells (-1 on its boards) hold nothing.
            if !geo.live(p) && !geo.is_extra(p) {
                if v > 0 {
                    return Err(format!("{} holds {v} but is no cell", cell_name(size, p)));
                }
                cells.push(0);
                continue;
            }
            match u8::try_from(v) {
                Ok(v) if (1..=size).contains(&(v as usize)) => cells.push(v),
                _ if v == 0 => return Err(format!("{} is empty", cell_name(size, p))),
                _ => return Err(format!("{} holds {v}, not a symbol", cell_name(size, p))),
            }
        }
        if !self.rules.is_classic() || geo.is_shaped() || geo.extra() > 0 {
            // The variant's rules, read from the puzzle, not from the instance (variants::Rules::check).
            self.rules.check(self.grid.geo, &cells, true)?;
        }
        // With no cell empty, a unit of N cells without a repeat holds each of the N symbols once.
        // (A shaped grid's units were checked by its rules above.)
        let plain = self.rules.regions.is_none() && !geo.is_shaped();
        if let Some(r) = plain.then(|| find_repeat(geo, &cells)).flatten() {
            return Err(format!(
                "{} {} holds {} twice ({} and {})",
                r.unit.name(),
                r.u + 1,
                self.grid.reading().symbol(r.v),
                cell_name(size, r.first),
                cell_name(size, r.second)
            ));
        }
        for (p, (&g, &v)) in self.grid.cells.iter().zip(&cells).enumerate() {
            if g != 0 && g != v {
                return Err(format!(
                    "{} is given as {} but holds {}",
                    cell_name(size, p),
                    self.grid.reading().symbol(g),
                    self.grid.reading().symbol(v)
                ));
            }
        }
        Ok(())
    }
}

/// The four items of option `k` of the classic Sudoku of geometry `g` (instance item numbers): its
/// cell, its symbol in the row, in the column and in the box. Panics for a grid without boxes, as
/// [`instance_read`] does.
pub fn option_items(g: Geometry, k: usize) -> [usize; 4] {
    let size = g.size();
    let block = size * size;
    let (p, v) = (k / size, k % size);
    let (r, c) = (p / size, p % size);
    let b = g
        .box_of(p)
        .expect("a classic Sudoku's cells are each in a box");
    [
        p,
        block + r * size + v,
        2 * block + c * size + v,
        3 * block + b * size + v,
    ]
}

/// The cells (row-major) an item of the classic Sudoku of geometry `g` is about: its one cell, or the
/// cells of its row, column or box.
pub fn item_cells(g: Geometry, item: usize) -> Vec<usize> {
    let size = g.size();
    let block = size * size;
    let (kind, u) = (item / block, item % block / size);
    match kind {
        0 => vec![item],
        1 => (0..size).map(|i| Unit::Row.cell(g, u, i)).collect(),
        2 => (0..size).map(|i| Unit::Column.cell(g, u, i)).collect(),
        3 if g.has_boxes() => (0..size).map(|i| Unit::Box.cell(g, u, i)).collect(),
        _ => Vec::new(),
    }
}

/// The candidates of every cell as the search stands, read from its links (laid out in the given
/// order): for a cell whose item is not covered, bit `v - 1` for each symbol `v` whose option is still
/// in the cell item's list — as many bits as the item's length; 0 for a covered cell (filled by a given
/// or by the search, or the item being branched on).
///
/// These are the pencil marks of the puzzle people know: an option leaves the cell's list exactly when
/// its row, column or box already holds its symbol.
pub fn candidates(links: &Links, g: Geometry) -> Vec<u32> {
    let size = g.size();
    // A variant's cage filled directly covers its cells itself (option numbers past the N³ cell
    // options): no single digit to mark here (`Sudoku::candidates` reads its fillings).
    marks(links, size, |_, k| {
        (k < size * size * size).then(|| k % size + 1)
    })
}

/// The pencil marks of every cell from the live links: bit `v - 1` for each `digit(cell, option)` of
/// an option still in the cell item's list; 0 for a covered cell.
pub(super) fn marks(
    links: &Links,
    size: usize,
    digit: impl Fn(usize, usize) -> Option<usize>,
) -> Vec<u32> {
    let nodes = links.nodes();
    (0..size * size)
        .map(|p| {
            let h = p as u32 + 1;
            if links.lens()[h as usize] & COVERED != 0 {
                return 0;
            }
            let mut mask = 0;
            let mut x = nodes[h as usize].down;
            while x != h {
                if let Some(v) = digit(p, links.option_of(x)) {
                    mask |= 1 << (v - 1);
                }
                x = nodes[x as usize].down;
            }
            mask
        })
        .collect()
}
