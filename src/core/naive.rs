//! Algorithm X without dancing links: the yardstick Dancing Links is measured against.
//!
//! The instance is held as a plain 0-1 matrix (one byte a cell, row-major: options are rows, items are
//! columns) with a flag per row and per column saying whether it is still in the active submatrix.
//! Everything is found by scanning: the rows of a column by reading the whole column, the columns of a
//! row by reading the whole row, and the item to branch on by counting every active column's rows. A
//! stack of the rows and columns switched off is all there is to undo.
//!
//! It makes exactly the choices [`Search`](super::Search) makes — the same [`Heuristic`], the leftmost
//! item on ties, the options of an item in the instance's order, the chosen item covered once before
//! its options are tried — so it walks the same search tree: the same solutions in the same order, the
//! same nodes and the same profile. Its `updates` count what DLX counts, the entries taken out of the
//! active matrix (one per column, and for each row removed its entries in the other columns), so they
//! agree too; only the time differs, which is the point (the CLI's `--algorithm naive`, the page's race,
//! `benches/naive.rs`). It supports Knuth's order only (no shuffled layout).

use super::instance::Instance;
use super::search::{Heuristic, Limits, Stats, Status};
use std::ops::ControlFlow;

/// Cells above which the dense matrix is refused (64 MiB at a byte a cell).
pub const MAX_CELLS: usize = 1 << 26;

/// Why a naive search cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NaiveError {
    /// The dense matrix would hold this many cells, more than [`MAX_CELLS`].
    TooLarge(usize),
    /// Preselected option `option` shares item `item` with one chosen before it.
    Clash { option: usize, item: usize },
    /// The instance has colours (XCC), which this plain 0-1 matrix cannot state.
    Colors,
    /// The instance has multiplicities (Algorithm M), which this search does not branch on.
    Multiplicities,
}

impl NaiveError {
    /// The message, with `subject` naming the naive search as the reader knows it ("naive search" on
    /// the page, "--algorithm naive" in the CLI) and `title` the problem's, if known. A clash names
    /// the option and item by number (a caller with the instance names them by name).
    pub fn describe(&self, subject: &str, title: Option<&str>) -> String {
        match self {
            NaiveError::TooLarge(cells) => format!(
                "the 0-1 matrix{} would have {} cells, more than {subject} holds ({})",
                title.map_or(String::new(), |t| format!(" of {t}")),
                crate::figures::thousands(*cells as u64),
                crate::figures::thousands(MAX_CELLS as u64)
            ),
            NaiveError::Colors => {
                format!("{subject} takes no colours (x:c): its plain 0-1 matrix cannot state them")
            }
            NaiveError::Multiplicities => format!(
                "{subject} takes no multiplicities (lo:hi|name): it branches as Algorithm X, \
                 every primary item covered exactly once"
            ),
            NaiveError::Clash { option, item } => {
                format!("the given option {option} clashes with an earlier one on item {item}")
            }
        }
    }
}

impl std::fmt::Display for NaiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe("naive search", None))
    }
}

impl std::error::Error for NaiveError {}

/// One level of the search: the column branched on, its rows when it was chosen, how many of them
/// have been tried, and where the undo stack stood.
#[derive(Clone, Debug, Default)]
struct Level {
    col: u32,
    rows: Vec<u32>,
    k: usize,
    /// Stack height before the column was covered, and before the row being tried covered the rest.
    mark_col: usize,
    mark_row: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    Enter,
    Try,
    Leave,
    Retreat,
    Done,
}

/// A resumable naive search over one instance.
#[derive(Clone, Debug)]
pub struct Naive {
    n_items: usize,
    n_primary: usize,
    n_options: usize,
    /// `cell[r * n_items + c]` is 1 when option `r` has item `c`.
    cell: Vec<u8>,
    row_on: Vec<bool>,
    col_on: Vec<bool>,
    /// Rows and columns switched off, to undo: a column `c` as `c`, a row `r` as `n_items + r`.
    undo: Vec<u32>,
    levels: Vec<Level>,
    level: usize,
    at: At,
    heuristic: Heuristic,
    stats: Stats,
    limits: Limits,
    preselected: Vec<usize>,
}

impl Naive {
    pub fn new(inst: &Instance, heuristic: Heuristic) -> Result<Naive, NaiveError> {
        if inst.has_colors() {
            return Err(NaiveError::Colors);
        }
        if inst.has_multiplicities() {
            return Err(NaiveError::Multiplicities);
        }
        let (n_items, n_options) = (inst.n_items(), inst.n_options());
        let cells = n_items.saturating_mul(n_options);
        if cells > MAX_CELLS {
            return Err(NaiveError::TooLarge(cells));
        }
        let mut cell = vec![0u8; cells];
        for r in 0..n_options {
            for c in inst.option(r) {
                cell[r * n_items + c] = 1;
            }
        }
        let depth = inst.n_primary() + 1;
        Ok(Naive {
            n_items,
            n_primary: inst.n_primary(),
            n_options,
            cell,
            row_on: vec![true; n_options],
            col_on: vec![true; n_items],
            undo: Vec::new(),
            levels: vec![Level::default(); depth],
            level: 0,
            at: At::Enter,
            heuristic,
            stats: Stats {
                profile: vec![0; depth],
                ..Stats::default()
            },
            limits: Limits::default(),
            preselected: Vec::new(),
        })
    }

    #[inline]
    fn has(&self, r: usize, c: usize) -> bool {
        self.cell[r * self.n_items + c] != 0
    }

    /// Chooses options before the search (Sudoku givens), as [`Search::preselect`](super::Search).
    pub fn preselect(&mut self, options: &[usize]) -> Result<(), NaiveError> {
        assert!(self.stats.nodes == 0, "preselect before the search starts");
        for &r in options {
            // The first item of the option that is no longer active names the clash, as in Search.
            if let Some(c) = (0..self.n_items).find(|&c| self.has(r, c) && !self.col_on[c]) {
                return Err(NaiveError::Clash { option: r, item: c });
            }
            for c in 0..self.n_items {
                if self.has(r, c) {
                    self.cover(c);
                }
            }
            self.preselected.push(r);
        }
        // What preselecting removed is never undone by the search.
        self.undo.clear();
        Ok(())
    }

    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    pub fn level(&self) -> usize {
        self.level
    }

    pub fn is_done(&self) -> bool {
        self.at == At::Done
    }

    /// Knuth's estimate of the fraction of the tree explored, as [`Search::progress`](super::Search)
    /// computes it (0 until the root's first option is tried).
    pub fn progress(&self) -> f64 {
        if self.at == At::Done {
            return 1.0;
        }
        // Levels below the current one are trying their k-th row; the current one, once chosen, too.
        let top = match self.at {
            At::Try | At::Retreat => self.level + 1,
            _ => self.level,
        };
        let choices = self.levels[..top].iter().map(|l| (l.k, l.rows.len()));
        let (mut f, mut fd, mut any) = (0.0, 1.0, false);
        for (k, d) in choices {
            if d == 0 || (!any && k == 0) {
                break;
            }
            any = true;
            fd *= d as f64;
            f += (k.max(1) - 1) as f64 / fd;
        }
        if !any {
            return 0.0;
        }
        (f + 0.5 / fd).min(1.0)
    }

    /// Whether some branch of the tree is finished, as [`Search::finished_any`](super::Search) says.
    pub fn finished_any(&self) -> bool {
        let top = match self.at {
            At::Try | At::Retreat => self.level + 1,
            _ => self.level,
        };
        self.at == At::Done || self.levels[..top].iter().any(|l| l.k >= 2)
    }

    /// The options of the current solution (valid when the observer is told of one): the preselected
    /// options, then the row tried at each level.
    pub fn solution(&self) -> Vec<usize> {
        let mut v = self.preselected.clone();
        v.extend(
            self.levels[..self.level]
                .iter()
                .map(|l| l.rows[l.k - 1] as usize),
        );
        v
    }

    /// Switches column `c` off, and every active row with a 1 in it; returns the entries removed.
    fn cover(&mut self, c: usize) -> u64 {
        self.col_on[c] = false;
        self.undo.push(c as u32);
        let mut removed = 1;
        for r in 0..self.n_options {
            if self.row_on[r] && self.has(r, c) {
                self.row_on[r] = false;
                self.undo.push((self.n_items + r) as u32);
                // Its entries in the other columns leave the active matrix (the ones DLX unlinks).
                removed += (0..self.n_items)
                    .filter(|&j| j != c && self.has(r, j))
                    .count() as u64;
            }
        }
        removed
    }

    /// Switches back on what was switched off since the stack stood at `mark`.
    fn undo_to(&mut self, mark: usize) {
        while self.undo.len() > mark {
            let x = self.undo.pop().expect("above the mark") as usize;
            if x < self.n_items {
                self.col_on[x] = true;
            } else {
                self.row_on[x - self.n_items] = true;
            }
        }
    }

    /// The active rows of column `c`, counted by reading the column.
    fn column_count(&self, c: usize) -> u32 {
        (0..self.n_options)
            .filter(|&r| self.row_on[r] && self.has(r, c))
            .count() as u32
    }

    /// The column to branch on and its length, by the heuristic; `None` when no primary one is left.
    fn choose(&self) -> Option<(usize, u32)> {
        let mut best: Option<(usize, u32)> = None;
        for c in (0..self.n_primary).filter(|&c| self.col_on[c]) {
            let len = self.column_count(c);
            if self.heuristic == Heuristic::First {
                return Some((c, len));
            }
            if best.is_none_or(|(_, b)| len < b) {
                best = Some((c, len));
                if len == 0 {
                    break;
                }
            }
        }
        best
    }

    /// Runs until `on_solution` breaks, a limit is reached or the search is done; resumable, like
    /// [`Search::run`](super::Search::run) with an observer told only of solutions.
    pub fn run(&mut self, mut on_solution: impl FnMut(&Naive) -> ControlFlow<()>) -> Status {
        let node_cap = self.limits.nodes.unwrap_or(u64::MAX);
        let solution_cap = self.limits.solutions.unwrap_or(u64::MAX);
        loop {
            let l = self.level;
            match self.at {
                At::Done => return Status::Done,
                At::Enter => {
                    if self.stats.nodes >= node_cap || self.stats.solutions >= solution_cap {
                        return Status::Limit;
                    }
                    self.stats.nodes += 1;
                    self.stats.profile[l] += 1;
                    match self.choose() {
                        None => {
                            self.stats.solutions += 1;
                            self.at = At::Leave;
                            if on_solution(self).is_break() {
                                return Status::Paused;
                            }
                        }
                        Some((_, 0)) => self.at = At::Leave,
                        Some((c, _)) => {
                            let mark = self.undo.len();
                            // The rows of c are the ones covering c switches off, in order.
                            let rows: Vec<u32> = (0..self.n_options)
                                .filter(|&r| self.row_on[r] && self.has(r, c))
                                .map(|r| r as u32)
                                .collect();
                            self.stats.updates += self.cover(c);
                            let lv = &mut self.levels[l];
                            lv.col = c as u32;
                            lv.rows = rows;
                            lv.k = 0;
                            lv.mark_col = mark;
                            self.at = At::Try;
                        }
                    }
                }
                At::Try => {
                    let lv = &self.levels[l];
                    if lv.k == lv.rows.len() {
                        let mark = lv.mark_col;
                        self.undo_to(mark);
                        self.at = At::Leave;
                        continue;
                    }
                    let (r, c) = (lv.rows[lv.k] as usize, lv.col as usize);
                    self.levels[l].k += 1;
                    self.levels[l].mark_row = self.undo.len();
                    for j in 0..self.n_items {
                        if j != c && self.has(r, j) {
                            self.stats.updates += self.cover(j);
                        }
                    }
                    self.level += 1;
                    self.at = At::Enter;
                }
                At::Leave => {
                    if l == 0 {
                        self.at = At::Done;
                        return Status::Done;
                    }
                    self.level -= 1;
                    self.at = At::Retreat;
                }
                At::Retreat => {
                    let mark = self.levels[l].mark_row;
                    self.undo_to(mark);
                    self.at = At::Try;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::links::tests::seeds;
    use crate::core::rng::SplitMix;
    use crate::core::{Event, Search};

    /// Solutions in order, and the counters, of a run of each algorithm.
    fn both(inst: &Instance, h: Heuristic, given: &[usize]) -> [(Vec<Vec<usize>>, Stats); 2] {
        let mut s = Search::new(inst);
        s.set_heuristic(h);
        s.preselect(given).unwrap();
        let mut dlx = Vec::new();
        s.run(&mut |ev: Event, s: &Search| {
            if let Event::Solution { .. } = ev {
                dlx.push(s.solution());
            }
            ControlFlow::Continue(())
        });
        let mut n = Naive::new(inst, h).unwrap();
        n.preselect(given).unwrap();
        let mut naive = Vec::new();
        assert_eq!(
            n.run(|n| {
                naive.push(n.solution());
                ControlFlow::Continue(())
            }),
            Status::Done
        );
        [(dlx, s.stats().clone()), (naive, n.stats().clone())]
    }

    #[test]
    fn walks_the_same_tree_as_dlx_on_random_instances() {
        let mut rng = SplitMix::new(31);
        for case in 0..500 {
            let np = 1 + rng.below(6);
            let ns = rng.below(3);
            let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
            let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
            let mut x = Instance::new(prim, sec).unwrap();
            for _ in 0..rng.below(16) {
                let items: Vec<usize> = (0..np + ns).filter(|_| rng.below(3) == 0).collect();
                if !items.is_empty() {
                    x.add_option(&items).unwrap();
                }
            }
            for h in [Heuristic::Mrv, Heuristic::First] {
                let [dlx, naive] = both(&x, h, &[]);
                assert_eq!(dlx, naive, "case {case}, {h:?}:\n{}", x.to_knuth());
            }
        }
    }

    #[test]
    fn seeds_and_a_given() {
        for h in [Heuristic::Mrv, Heuristic::First] {
            // The one cover, options 3 (A D), 0 (C E F), 4 (B G), in the order of the path.
            let [dlx, naive] = both(&seeds(), h, &[]);
            assert_eq!(naive.0.len(), 1);
            let mut sorted = naive.0[0].clone();
            sorted.sort();
            assert_eq!(sorted, [0, 3, 4]);
            assert_eq!(dlx, naive);
            let [dlx, naive] = both(&seeds(), h, &[3]);
            assert_eq!(naive.0[0][0], 3, "the given comes first");
            assert_eq!(dlx, naive);
        }
        let mut n = Naive::new(&seeds(), Heuristic::Mrv).unwrap();
        // Options 1 (A D G) and 3 (A D) share A.
        assert_eq!(
            n.preselect(&[3, 1]),
            Err(NaiveError::Clash { option: 1, item: 0 })
        );
    }

    #[test]
    fn limits_pause_and_resume_to_the_same_count() {
        let inst = crate::problems::queens::Queens::new(7).unwrap();
        let inst = crate::problems::Problem::instance(&inst).clone();
        let mut whole = Naive::new(&inst, Heuristic::Mrv).unwrap();
        whole.run(|_| ControlFlow::Continue(()));
        assert_eq!(whole.stats().solutions, 40);
        let mut n = Naive::new(&inst, Heuristic::Mrv).unwrap();
        assert_eq!(n.progress(), 0.0);
        let mut s = crate::core::Search::new(&inst);
        let mut rounds = 0;
        loop {
            // Where a limit stops both, the counters and Knuth's estimate are the same.
            assert_eq!(n.stats(), s.stats());
            assert!((n.progress() - s.progress()).abs() < 1e-12);
            let limits = Limits {
                nodes: Some(n.stats().nodes + 37),
                solutions: None,
            };
            n.set_limits(limits);
            s.set_limits(limits);
            s.run(&mut crate::core::Count);
            match n.run(|_| ControlFlow::Continue(())) {
                Status::Limit => rounds += 1,
                Status::Done => break,
                Status::Paused => unreachable!("never asked to pause"),
            }
        }
        assert!(rounds > 3);
        assert_eq!(n.progress(), 1.0);
        assert_eq!(n.stats(), whole.stats());
        // Stopping at each solution finds them all, one at a time.
        let mut n = Naive::new(&inst, Heuristic::Mrv).unwrap();
        let mut found = 0;
        while n.run(|_| ControlFlow::Break(())) == Status::Paused {
            found += 1;
        }
        assert_eq!(found, 40);
    }

    #[test]
    fn refuses_colours() {
        let mut x = Instance::new(["p"], ["s"]).unwrap();
        let red = x.color("red").unwrap();
        x.add_colored_option(&[(0, 0), (1, red)]).unwrap();
        assert_eq!(
            Naive::new(&x, Heuristic::Mrv).err(),
            Some(NaiveError::Colors)
        );
    }

    #[test]
    fn refuses_multiplicities() {
        let mut x = Instance::new(["p"], Vec::<String>::new()).unwrap();
        x.add_option(&[0]).unwrap();
        x.set_bounds(0, 0, 1).unwrap();
        assert_eq!(
            Naive::new(&x, Heuristic::Mrv).err(),
            Some(NaiveError::Multiplicities)
        );
    }

    #[test]
    fn refuses_a_matrix_too_large_to_hold() {
        let mut x =
            Instance::new((0..9000).map(|i| format!("i{i}")), Vec::<String>::new()).unwrap();
        for k in 0..8000 {
            x.add_option(&[k]).unwrap();
        }
        assert_eq!(
            Naive::new(&x, Heuristic::Mrv).err(),
            Some(NaiveError::TooLarge(72_000_000))
        );
    }
}
