//! The puzzle maker (`dlx make sudoku`): a random full grid from a randomised search, then givens
//! removed one at a time, in a random order, each only if the puzzle keeps exactly one solution. So a
//! puzzle is unique by construction, and the same seed makes the same puzzle on every machine (the
//! random numbers are SplitMix64's, the search is deterministic for a layout).
//!
//! Jigsaw regions, killer cages and thermometers are drawn at random too (regions by swapping cells
//! between neighbouring regions while each stays connected; cages grown from random cells over
//! distinct digits of the full grid; thermometers walked from random cells to rising neighbours).

use super::variants::{Cage, Rules, Switch};
use super::{fpuzzles, Grid, Reading, Sudoku};
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

    /// Whether the puzzle needs f-puzzles JSON to be written (shapes), not one line of digits.
    pub fn needs_json(&self) -> bool {
        self.jigsaw || self.killer || self.thermo
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

/// What a uniqueness check found: the solutions (0, 1, 2; `None` at the node cap), the first, the nodes.
type Checked = (Option<u64>, Option<Vec<usize>>, u64);

/// Solves under the rules with the given options preselected: the number of solutions (0, 1 or 2
/// for "more"; `None` when the node cap was reached), the first, and the nodes.
fn count(search: &mut Search, givens: &[usize]) -> Checked {
    search.set_limits(Limits {
        solutions: Some(2),
        nodes: Some(CHECK_NODES),
    });
    let mut obs = Count { first: None };
    let status = if search.preselect(givens).is_ok() {
        search.run(&mut obs)
    } else {
        Status::Done
    };
    let st = search.stats();
    let n = if status == Status::Limit && st.solutions < 2 {
        None
    } else {
        Some(st.solutions)
    };
    let nodes = st.nodes;
    search.restart();
    search.unpreselect();
    (n, obs.first, nodes)
}

/// Random jigsaw regions for a 9x9: the boxes, with cells swapped between neighbouring regions
/// while both regions stay connected.
fn jigsaw(rng: &mut Rng, n: usize) -> Vec<u8> {
    let size = n * n;
    let mut regions: Vec<u8> = (0..size * size)
        .map(|p| ((p / size / n) * n + p % size / n) as u8)
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
    let n = 3;
    let size = n * n;
    let mut rng = Rng(seed);
    let mut base = Rules::default();
    for &s in &kind.switches {
        base.apply(s);
    }
    // 1. A full grid under the rules that hold without shapes (a jigsaw's regions drawn first).
    let mut full = None;
    for attempt in 0..50u64 {
        if kind.jigsaw {
            base.regions = Some(jigsaw(&mut rng, n));
        }
        let empty = Grid {
            n,
            cells: vec![0; size * size],
            reading: Reading::default(),
        };
        let sudoku = Sudoku::new(empty, base.clone())?;
        let mut search = Search::with_order(
            sudoku.instance(),
            Order::Shuffled(seed.wrapping_mul(31).wrapping_add(attempt)),
        );
        search.set_limits(Limits {
            solutions: Some(1),
            nodes: Some(200_000),
        });
        let mut obs = Count { first: None };
        search.run(&mut obs);
        if let Some(options) = obs.first {
            let board = sudoku.board(&options);
            full = Some(board.cells.iter().map(|&v| v as u8).collect::<Vec<u8>>());
            break;
        }
    }
    let Some(full) = full else {
        return Err(InputError::new(format!(
            "no full grid found for seed {seed} in 50 tries; try another seed"
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
    let check = |kept: &[bool]| -> Result<Checked, InputError> {
        let grid = Grid {
            n,
            cells: (0..size * size)
                .map(|p| if kept[p] { full[p] } else { 0 })
                .collect(),
            reading: Reading::default(),
        };
        let sudoku = Sudoku::new(grid, rules.clone())?;
        let mut search = Search::new(sudoku.instance());
        Ok(count(&mut search, sudoku.givens()))
    };
    let target = clues.unwrap_or(0);
    if kind.killer {
        if let (Some(1), _, _) = check(&vec![false; size * size])? {
            kept = vec![false; size * size];
        }
    }
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    for &p in &order {
        if kept.iter().filter(|&&k| k).count() <= target {
            break;
        }
        if !kept[p] {
            continue;
        }
        kept[p] = false;
        if check(&kept)?.0 != Some(1) {
            kept[p] = true;
        }
    }
    let (solutions, first, nodes) = check(&kept)?;
    assert_eq!(solutions, Some(1), "the puzzle stays unique at every step");
    debug_assert!(first.is_some());
    let cells: Vec<u8> = (0..size * size)
        .map(|p| if kept[p] { full[p] } else { 0 })
        .collect();
    let puzzle = Grid {
        n,
        cells,
        reading: Reading::default(),
    };
    let text = if kind.needs_json() {
        fpuzzles::write(&puzzle, &rules)
    } else {
        puzzle.to_line()
    };
    Ok(Made {
        text,
        puzzle,
        rules,
        solution: full,
        nodes,
    })
}
