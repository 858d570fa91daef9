//! The puzzle maker (`dlx make sudoku`): a random full grid from a randomised search, then givens
//! removed one at a time, in a random order, each only if the puzzle keeps exactly one solution. So a
//! puzzle is unique by construction, and the same seed makes the same puzzle on every machine (the
//! random numbers are SplitMix64's, the search is deterministic for a layout).
//!
//! The maker drives and a caller's [`Sink`] listens: it is told each stage (the full grid, the
//! givens tried so far and to try, the search-tree nodes so far) and may answer stop, which ends the
//! make between two slices of search (ripgrep's `Sink` idea). The CLI draws its progress line from
//! it; the page's worker posts it to the page.
//!
//! Sizes 4x4, 9x9 and 16x16 (square boxes); a variant a size cannot have is refused by name.
//!
//! Jigsaw regions, killer cages and thermometers are drawn at random too (regions by swapping cells
//! between neighbouring regions while each stays connected; cages grown from random cells over
//! distinct digits of the full grid; thermometers walked from random cells to rising neighbours).

use super::variants::{Cage, Rules, Switch};
use super::{fpuzzles, Geometry, Grid, Reading, Sudoku};
use crate::core::{Limits, Observer, Order, Search, Status};
use crate::problems::{InputError, Problem};
use std::ops::ControlFlow;

/// A variant the maker draws: switches, and at most one kind of shape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kind {
    pub switches: Vec<Switch>,
    pub jigsaw: bool,
    pub killer: bool,
    pub thermo: bool,
}

impl Kind {
    /// `--variant` as the maker reads it: `classic`, or a comma-separated list of the switches
    /// (`x`, `windoku`, `anti-knight`, `anti-king`, `non-consecutive`) and `jigsaw`, `killer`, `thermo`.
    pub fn parse(text: &str) -> Result<Kind, InputError> {
        let mut kind = Kind::default();
        let mut rest = Vec::new();
        for word in text.split(',').map(str::trim) {
            match word.to_ascii_lowercase().as_str() {
                "" | "classic" => {}
                "jigsaw" => kind.jigsaw = true,
                "killer" => kind.killer = true,
                "thermo" | "thermometer" => kind.thermo = true,
                _ => rest.push(word),
            }
        }
        kind.switches = Switch::parse_list(&rest.join(",")).map_err(|e| {
            InputError::new(e.message.replace(
                "anti-king or non-consecutive",
                "anti-king, non-consecutive, jigsaw, killer or thermo",
            ))
        })?;
        Ok(kind)
    }

    /// The kind as `--variant` writes it: "killer", "x, anti-knight", "classic".
    pub fn name(&self) -> String {
        let mut names: Vec<&str> = self.switches.iter().map(|s| s.name()).collect();
        for (on, name) in [
            (self.jigsaw, "jigsaw"),
            (self.killer, "killer"),
            (self.thermo, "thermo"),
        ] {
            if on {
                names.push(name);
            }
        }
        if names.is_empty() {
            "classic".to_string()
        } else {
            names.join(", ")
        }
    }

    /// Whether the puzzle needs f-puzzles JSON to be written (shapes), not one line of digits.
    pub fn needs_json(&self) -> bool {
        self.jigsaw || self.killer || self.thermo
    }
}

/// What the maker is doing when it reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Looking for a random full grid: the attempt, from 1 (a jigsaw's regions are drawn anew each).
    FullGrid { attempt: u64 },
    /// Removing givens: `tried` of the `to_try` cells tried so far, `givens` left.
    Remove {
        tried: usize,
        to_try: usize,
        givens: usize,
    },
}

/// One report: the stage and the search-tree nodes of the whole make so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub stage: Stage,
    pub nodes: u64,
}

/// In words, the same in the CLI's progress line and on the page: "full grid, attempt 1: 1,024
/// nodes", "givens: 40 of 81 cells tried, 52 givens left; 12,345 nodes".
impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let nodes = crate::figures::thousands(self.nodes);
        match self.stage {
            Stage::FullGrid { attempt } => {
                write!(f, "full grid, attempt {attempt}: {nodes} nodes")
            }
            Stage::Remove {
                tried,
                to_try,
                givens,
            } => write!(
                f,
                "removing givens: {tried} of {to_try} cells tried, {givens} givens left; {nodes} nodes"
            ),
        }
    }
}

/// Where the maker pushes its progress; `ControlFlow::Break` stops the make (it returns `Ok(None)`).
/// Called at each stage and every [`SLICE`] search-tree nodes within a search, so a stop is heard
/// within milliseconds.
pub trait Sink {
    fn progress(&mut self, p: Progress) -> ControlFlow<()>;
}

/// A sink that listens to nothing and never stops.
pub struct Quiet;

impl Sink for Quiet {
    fn progress(&mut self, _: Progress) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<F: FnMut(Progress) -> ControlFlow<()>> Sink for F {
    fn progress(&mut self, p: Progress) -> ControlFlow<()> {
        self(p)
    }
}

/// The search-tree nodes between two reports within one search.
pub const SLICE: u64 = 20_000;

/// The sizes the maker makes (those with boxes, up to 16x16: a 25x25's uniqueness checks take
/// minutes, and a size without boxes needs regions drawn, which only the 9x9 jigsaw has).
pub const SIZES: [usize; 8] = [4, 6, 8, 9, 10, 12, 15, 16];

impl Kind {
    /// The geometry of a `size`x`size` puzzle of this kind, or why the maker will not make it.
    pub fn geometry(&self, size: usize) -> Result<Geometry, InputError> {
        let made = "the maker makes 4x4, 6x6, 8x8, 9x9, 10x10, 12x12, 15x15 and 16x16";
        let n = match Geometry::of_size(size) {
            Ok(g) if SIZES.contains(&size) => g,
            Ok(_) if size == 25 => {
                return Err(InputError::new(format!(
                    "the maker does not make 25x25 puzzles (each uniqueness check may take \
                     minutes): {made}"
                )))
            }
            Ok(g) if !g.has_boxes() => {
                return Err(InputError::new(format!(
                    "a {size}x{size} Sudoku has no boxes, so its regions would have to be drawn: \
                     {made}"
                )))
            }
            _ => return Err(InputError::new(format!("{made}, not {size}x{size}"))),
        };
        let refuse = |what: &str, why: &str| {
            Err(InputError::new(format!(
                "{what} cannot be made {size}x{size}: {why}"
            )))
        };
        if self.switches.contains(&Switch::Windoku) && size != 9 {
            return refuse("windoku", "its four extra regions are 3x3 boxes of a 9x9");
        }
        // Measured (release, one core): a 16x16 classic takes about a second; X, anti-king, thermo
        // 4 to 60 s by the seed, anti-knight and killer near a minute, jigsaw and non-consecutive more.
        if size > 9 && *self != Kind::default() {
            return refuse(
                &self.name(),
                "only classic puzzles are made past 9x9 (a 16x16 variant takes up to minutes)",
            );
        }
        // Counted: `dlx count sudoku --variant windoku,non-consecutive` on an empty 9x9 searches
        // its whole tree (34 million nodes, about a minute) and finds 0 grids; the restarts would
        // only spend their 40 million nodes in vain. With a jigsaw's regions it is another puzzle.
        let has = |s| self.switches.contains(&s);
        if has(Switch::Windoku) && has(Switch::NonConsecutive) && !self.jigsaw {
            return refuse(
                "windoku with non-consecutive",
                "no 9x9 grid obeys both (DLX searches the whole tree of an empty grid, 34 \
                 million nodes, and finds none)",
            );
        }
        if size == 4 {
            for (s, name) in [
                (Switch::AntiKing, "anti-king"),
                (Switch::NonConsecutive, "non-consecutive"),
            ] {
                if self.switches.contains(&s) {
                    return refuse(name, "no 4x4 grid obeys it");
                }
            }
        }
        Ok(n)
    }
}

/// SplitMix64: small, fast, and the same numbers everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A puzzle made: its text as `dlx solve sudoku` reads it, the grid of givens, its rules, its
/// solution, and the search-tree nodes DLX takes to solve it and prove it unique (its difficulty).
#[derive(Clone, Debug)]
pub struct Made {
    pub text: String,
    pub puzzle: Grid,
    pub rules: Rules,
    pub solution: Vec<u8>,
    pub nodes: u64,
}

/// Counts solutions up to a limit, keeping the first.
struct Count {
    first: Option<Vec<usize>>,
}

impl Observer for Count {
    const FINE: bool = false;
    fn reads_path(&self) -> bool {
        self.first.is_none()
    }
    fn event(&mut self, _: crate::core::Event, s: &Search) -> ControlFlow<()> {
        if self.first.is_none() {
            self.first = Some(s.solution());
        }
        ControlFlow::Continue(())
    }
}

/// The search-tree nodes a uniqueness check may take before it gives up (and the given stays):
/// far above what a 9x9 of any variant here takes (thousands), a bound on a pathological draw.
const CHECK_NODES: u64 = 2_000_000;

/// The nodes of the first attempt at a full grid (the one attempt the maker made before restarts).
const FIRST_GRID_NODES: u64 = 200_000;

/// The nodes all attempts at a full grid may take before the maker gives up: about 30 s on one core
/// of a 2020s machine, far above what any kind it makes needs (X with anti-knight, the hardest,
/// averages about a million).
const GRID_NODES: u64 = 40_000_000;

/// The nodes all uniqueness checks of the removal may take (about 7 s of one core): past it the
/// givens left stay, the puzzle unique but not minimal.
const REMOVE_NODES: u64 = 10_000_000;

/// The attempts at a full grid on one jigsaw's regions before new ones are drawn.
const JIGSAW_REDRAW: u64 = 4;

/// Term `i` (from 1) of Luby, Sinclair and Zuckerman's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …: the
/// restart caps that are within a constant factor of the best fixed cap for any distribution of
/// times to success (Information Processing Letters 47, 1993).
fn luby(mut i: u64) -> u64 {
    loop {
        // k: the bits of i; the sequence's blocks end at 2^k - 1 with 2^(k-1).
        let k = 64 - u64::from(i.leading_zeros());
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// What a uniqueness check found: the solutions (0, 1, 2; `None` at the node cap), the first, the nodes.
type Checked = (Option<u64>, Option<Vec<usize>>, u64);

/// Solves under the rules with the given options preselected: the number of solutions (0, 1 or 2
/// for "more"; `None` when the node cap was reached), the first, and the nodes; `Err` when `tell`
/// (called every [`SLICE`] nodes with the nodes of this search) says stop.
fn count(
    search: &mut Search,
    givens: &[usize],
    mut tell: impl FnMut(u64) -> ControlFlow<()>,
) -> Result<Checked, Stopped> {
    let mut obs = Count { first: None };
    let mut status = Status::Done;
    if search.preselect(givens).is_ok() {
        // In slices of nodes (the limit is a total), so that the sink hears of a long check.
        loop {
            let done = search.stats().nodes;
            search.set_limits(Limits {
                solutions: Some(2),
                nodes: Some((done + SLICE).min(CHECK_NODES)),
            });
            status = search.run(&mut obs);
            let st = search.stats();
            if status != Status::Limit || st.solutions >= 2 || st.nodes >= CHECK_NODES {
                break;
            }
            if tell(st.nodes).is_break() {
                search.restart();
                search.unpreselect();
                return Err(Stopped);
            }
        }
    }
    let st = search.stats();
    let n = if status == Status::Limit && st.solutions < 2 {
        None
    } else {
        Some(st.solutions)
    };
    let nodes = st.nodes;
    search.restart();
    search.unpreselect();
    Ok((n, obs.first, nodes))
}

/// The sink said stop.
struct Stopped;

/// Random jigsaw regions: the boxes, with cells swapped between neighbouring regions while both
/// regions stay connected.
fn jigsaw(rng: &mut Rng, n: Geometry) -> Vec<u8> {
    let size = n.size();
    let mut regions: Vec<u8> = n
        .box_map()
        .expect("the maker's sizes have boxes")
        .into_iter()
        .map(|b| b as u8)
        .collect();
    let connected = |regions: &[u8], g: u8| -> bool {
        let cells: Vec<usize> = (0..size * size).filter(|&p| regions[p] == g).collect();
        let mut seen = vec![false; size * size];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut reached = 1;
        while let Some(p) = stack.pop() {
            let (r, c) = (p / size, p % size);
            let mut next = Vec::with_capacity(4);
            if r > 0 {
                next.push(p - size);
            }
            if r + 1 < size {
                next.push(p + size);
            }
            if c > 0 {
                next.push(p - 1);
            }
            if c + 1 < size {
                next.push(p + 1);
            }
            for q in next {
                if regions[q] == g && !seen[q] {
                    seen[q] = true;
                    reached += 1;
                    stack.push(q);
                }
            }
        }
        reached == cells.len()
    };
    for _ in 0..40 * size {
        let p = rng.below(size * size);
        let (r, c) = (p / size, p % size);
        // A neighbour of another region, and a cell of that region next to p's region.
        let q = match rng.below(2) {
            0 if c + 1 < size => p + 1,
            _ if r + 1 < size => p + size,
            _ => continue,
        };
        let (a, b) = (regions[p], regions[q]);
        if a == b {
            continue;
        }
        // Give p to b's region and take back some cell of b's region that touches a's region.
        let touching: Vec<usize> = (0..size * size)
            .filter(|&x| {
                regions[x] == b
                    && x != q
                    && [
                        x.checked_sub(size),
                        (x + size < size * size).then_some(x + size),
                        (x % size > 0).then(|| x - 1),
                        (x % size + 1 < size).then_some(x + 1),
                    ]
                    .into_iter()
                    .flatten()
                    .any(|y| regions[y] == a && y != p)
            })
            .collect();
        if touching.is_empty() {
            continue;
        }
        let x = touching[rng.below(touching.len())];
        regions[p] = b;
        regions[x] = a;
        if !(connected(&regions, a) && connected(&regions, b)) {
            regions[p] = a;
            regions[x] = b;
        }
    }
    regions
}

/// Killer cages over a full grid: every cell in one cage of 1 to 4 cells (mostly 2 to 4) of
/// distinct digits, grown from random cells to random orthogonal neighbours.
fn cages(rng: &mut Rng, size: usize, full: &[u8]) -> Vec<Cage> {
    let mut cage_of = vec![usize::MAX; size * size];
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    let mut out: Vec<Cage> = Vec::new();
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let want = 2 + rng.below(3);
        let k = out.len();
        let mut cells = vec![start];
        cage_of[start] = k;
        while cells.len() < want {
            let mut next: Vec<usize> = Vec::new();
            for &p in &cells {
                let (r, c) = (p / size, p % size);
                let around = [
                    (r > 0).then(|| p - size),
                    (r + 1 < size).then_some(p + size),
                    (c > 0).then(|| p - 1),
                    (c + 1 < size).then_some(p + 1),
                ];
                for q in around.into_iter().flatten() {
                    if cage_of[q] == usize::MAX
                        && !cells.iter().any(|&x| full[x] == full[q])
                        && !next.contains(&q)
                    {
                        next.push(q);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            let q = next[rng.below(next.len())];
            cage_of[q] = k;
            cells.push(q);
        }
        cells.sort_unstable();
        let sum = cells.iter().map(|&p| u32::from(full[p])).sum();
        out.push(Cage {
            cells,
            sum: Some(sum),
        });
    }
    out
}

/// Thermometers over a full grid: walks from random cells to a rising neighbour (orthogonal or
/// diagonal) not yet on a thermometer, 3 to 6 cells long, until `count` are drawn or tries run out.
fn thermos(rng: &mut Rng, size: usize, full: &[u8], count: usize) -> Vec<Vec<usize>> {
    let mut used = vec![false; size * size];
    let mut out = Vec::new();
    for _ in 0..200 {
        if out.len() == count {
            break;
        }
        let start = rng.below(size * size);
        if used[start] {
            continue;
        }
        let want = 3 + rng.below(4);
        let mut line = vec![start];
        while line.len() < want {
            let p = *line.last().expect("a line has a bulb");
            let (r, c) = ((p / size) as i32, (p % size) as i32);
            let mut next = Vec::new();
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (rr, cc) = (r + dr, c + dc);
                    if (dr, dc) == (0, 0) || !(0..size as i32).contains(&rr) {
                        continue;
                    }
                    if !(0..size as i32).contains(&cc) {
                        continue;
                    }
                    let q = (rr * size as i32 + cc) as usize;
                    if !used[q] && !line.contains(&q) && full[q] > full[p] {
                        next.push(q);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            line.push(next[rng.below(next.len())]);
        }
        if line.len() >= 3 {
            for &p in &line {
                used[p] = true;
            }
            out.push(line);
        }
    }
    out
}

/// Makes a 9x9 puzzle of `kind` from `seed`, removing givens while it stays unique, down to
/// `clues` givens if it can (the fewest it reaches otherwise).
pub fn make(kind: &Kind, seed: u64, clues: Option<usize>) -> Result<Made, InputError> {
    make_with(kind, 9, seed, clues, &mut Quiet).map(|m| m.expect("a quiet sink never stops"))
}

/// Makes a `size`x`size` puzzle of `kind` from `seed` (as [`make`]), telling `sink` how far it got;
/// `Ok(None)` when the sink said stop.
pub fn make_with(
    kind: &Kind,
    size: usize,
    seed: u64,
    clues: Option<usize>,
    sink: &mut impl Sink,
) -> Result<Option<Made>, InputError> {
    let n = kind.geometry(size)?;
    let mut rng = Rng(seed);
    let mut base = Rules::default();
    for &s in &kind.switches {
        base.apply(s);
    }
    // The nodes of every search so far, for the reports.
    let mut nodes: u64 = 0;
    // 1. A full grid under the rules that hold without shapes (a jigsaw's regions drawn anew each
    // attempt). A randomised search's time to its first grid has a heavy tail: most orders find one
    // within a few hundred nodes or not for millions (X with anti-knight: 1 order in 2,000 finds one
    // within 400 nodes, none of 100 within 100,000). So the attempts restart with node caps in Luby's
    // sequence (1, 1, 2, 1, 1, 2, 4, … units), each on a fresh shuffle, until GRID_NODES in all.
    // The sequence is cut at 4 units, a ceiling that doubles every 2,048 attempts: Luby's gives
    // each cap the same share of the work, and caps past a few hundred nodes find grids 4 times
    // more slowly (X with anti-knight: one grid in 800,000 nodes at caps of 200 to 400, one in 3
    // million at 3,000); the doubling keeps any kind that needs longer runs within reach.
    // The first attempt is the one the maker always made (its order and its 200,000 nodes), so
    // that a seed makes the puzzle it made before wherever that attempt found a grid.
    let unit = 4 * (size * size) as u64;
    let mut orders = Rng(seed ^ 0x6a09_e667_f3bc_c908);
    let mut full = None;
    let mut empty_grid: Option<Sudoku> = None;
    // The attempt the regions were drawn at, and whether their whole tree was searched in vain.
    let (mut drawn_at, mut dead) = (0u64, false);
    let mut attempt: u64 = 0;
    while full.is_none() && nodes < GRID_NODES {
        attempt += 1;
        let stage = Stage::FullGrid { attempt };
        if sink.progress(Progress { stage, nodes }).is_break() {
            return Ok(None);
        }
        // Built once; for a jigsaw, on new regions every JIGSAW_REDRAW attempts (drawing them takes
        // longer than a short attempt: anti-knight jigsaws spent most of their time drawing).
        // Drawn anew at once when the last regions' whole tree held no grid.
        if empty_grid.is_none() || (kind.jigsaw && (attempt - drawn_at >= JIGSAW_REDRAW || dead)) {
            (drawn_at, dead) = (attempt, false);
            if kind.jigsaw {
                base.regions = Some(jigsaw(&mut rng, n));
            }
            let empty = Grid {
                geo: n,
                cells: vec![0; size * size],
                reading: Reading::default(),
            };
            empty_grid = Some(Sudoku::new(empty, base.clone())?);
        }
        let sudoku = empty_grid.as_ref().expect("built above");
        let (order, cap) = if attempt == 1 {
            (seed.wrapping_mul(31), FIRST_GRID_NODES)
        } else {
            let ceiling = 4u64 << ((attempt / 2048).min(20));
            (orders.next(), unit * luby(attempt - 1).min(ceiling))
        };
        let mut search = Search::with_order(sudoku.instance(), Order::Shuffled(order));
        let mut obs = Count { first: None };
        // In slices, as a check (the limit is a total).
        loop {
            let done = search.stats().nodes;
            search.set_limits(Limits {
                solutions: Some(1),
                nodes: Some((done + SLICE).min(cap)),
            });
            let status = search.run(&mut obs);
            let now = search.stats().nodes;
            if status != Status::Limit || obs.first.is_some() || now >= cap {
                nodes += now;
                // The whole tree searched and no grid: without a jigsaw to redraw, no attempt
                // will find one (4x4 X with anti-knight has none).
                if status == Status::Done && obs.first.is_none() {
                    if !kind.jigsaw {
                        return Err(InputError::new(format!(
                            "no {size}x{size} grid obeys {} together",
                            base.names().join(", ")
                        )));
                    }
                    dead = true;
                }
                break;
            }
            let p = Progress {
                stage,
                nodes: nodes + now,
            };
            if sink.progress(p).is_break() {
                return Ok(None);
            }
        }
        if let Some(options) = obs.first {
            let board = sudoku.board(&options);
            full = Some(board.cells.iter().map(|&v| v as u8).collect::<Vec<u8>>());
        }
    }
    let Some(full) = full else {
        return Err(InputError::new(format!(
            "no full grid found for seed {seed} in {attempt} attempts ({} nodes); try another seed",
            crate::figures::thousands(nodes)
        )));
    };
    // 2. The shapes, read off the full grid.
    let mut rules = base;
    if kind.killer {
        rules.cages = cages(&mut rng, size, &full);
    }
    if kind.thermo {
        rules.thermos = thermos(&mut rng, size, &full, 10);
    }
    // 3. Givens removed in a random order while the solution stays unique. A killer puzzle first
    // tries with no given at all (cages of 2 to 4 cells over the whole grid often suffice).
    let mut kept: Vec<bool> = vec![true; size * size];
    // Each check builds the puzzle with its givens, as `solve` reads it: a cage filled directly has no
    // cell options, so its givens are in its fillings, not options to preselect on a shared search.
    // The checks while givens are taken away build it without the sums over cells that may repeat
    // a digit ([`Sudoku::new_for_checks`]); the last, whose nodes the make reports, as `solve` does.
    let check = |kept: &[bool],
                 stage: Stage,
                 nodes: &mut u64,
                 sink: &mut dyn FnMut(Progress) -> ControlFlow<()>,
                 last: bool|
     -> Result<Option<Checked>, InputError> {
        let grid = Grid {
            geo: n,
            cells: (0..size * size)
                .map(|p| if kept[p] { full[p] } else { 0 })
                .collect(),
            reading: Reading::default(),
        };
        let sudoku = if last {
            Sudoku::new(grid, rules.clone())?
        } else {
            Sudoku::new_for_checks(grid, rules.clone())?
        };
        let mut search = Search::new(sudoku.instance());
        let before = *nodes;
        let checked = count(&mut search, sudoku.givens(), |k| {
            sink(Progress {
                stage,
                nodes: before + k,
            })
        });
        Ok(checked.ok().inspect(|c| *nodes += c.2))
    };
    let mut tell = |p: Progress| sink.progress(p);
    let target = clues.unwrap_or(0);
    let to_try = size * size;
    let remove = |tried: usize, kept: &[bool]| Stage::Remove {
        tried,
        to_try,
        givens: kept.iter().filter(|&&k| k).count(),
    };
    if kind.killer {
        let none = vec![false; size * size];
        match check(&none, remove(0, &kept), &mut nodes, &mut tell, false)? {
            None => return Ok(None),
            Some((Some(1), _, _)) => kept = none,
            Some(_) => {}
        }
    }
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    let removal_from = nodes;
    for (tried, &p) in order.iter().enumerate() {
        let stage = remove(tried, &kept);
        if tell(Progress { stage, nodes }).is_break() {
            return Ok(None);
        }
        // The puzzle is unique at every step, so stopping early leaves a unique puzzle, only with
        // more givens than needed: a bound on the make's time where each check of a few givens
        // takes millions of nodes (non-consecutive jigsaws took minutes).
        if kept.iter().filter(|&&k| k).count() <= target || nodes - removal_from > REMOVE_NODES {
            break;
        }
        if !kept[p] {
            continue;
        }
        kept[p] = false;
        match check(&kept, stage, &mut nodes, &mut tell, false)? {
            None => return Ok(None),
            Some((Some(1), _, _)) => {}
            Some(_) => kept[p] = true,
        }
    }
    // The nodes of the made puzzle's own solve (its difficulty), not added to the make's.
    let Some((solutions, first, last_nodes)) =
        check(&kept, remove(to_try, &kept), &mut 0, &mut tell, true)?
    else {
        return Ok(None);
    };
    if solutions != Some(1) || first.is_none() {
        // Unique at every step by construction; said plainly rather than a panic if ever not.
        return Err(InputError::new(format!(
            "the maker lost uniqueness for seed {seed} (a bug): please report it"
        )));
    }
    let cells: Vec<u8> = (0..size * size)
        .map(|p| if kept[p] { full[p] } else { 0 })
        .collect();
    let puzzle = Grid {
        geo: n,
        cells,
        reading: Reading::default(),
    };
    let text = if kind.needs_json() {
        fpuzzles::write(&puzzle, &rules)?
    } else {
        puzzle.to_line()
    };
    Ok(Some(Made {
        text,
        puzzle,
        rules,
        solution: full,
        nodes: last_nodes,
    }))
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_gives_the_restart_caps_of_its_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        // Each block ends with its power of two, 2^(k-1) at term 2^k - 1.
        for k in 1..20u32 {
            assert_eq!(luby((1 << k) - 1), 1 << (k - 1));
        }
    }
}
