//! The batch `Solver`: one search a size laid out once, every puzzle preselected and undone on it.

use super::{instance, Grid};
use crate::core::{Observer, Search};
use std::ops::ControlFlow;

/// What [`Solver::solve`] found: how many solutions (up to the limit) and the first of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub count: u64,
    pub solution: Option<Grid>,
}

/// Solves many puzzles fast: the matrix of each size is laid out once, and every puzzle is solved on
/// it — givens preselected, search, then [`Search::restart`] and [`Search::unpreselect`] undo exactly
/// what was covered, which costs less than copying the matrix afresh (64 KB for 9x9).
#[derive(Clone, Debug, Default)]
pub struct Solver {
    /// `searches[n - 2]`: the search over the instance of box side n, built on first use, and left
    /// at its start with nothing preselected between two puzzles.
    searches: [Option<Search>; 4],
    /// The given options of the puzzle at hand, kept to reuse its allocation.
    givens: Vec<usize>,
    /// What the searches count with (`Engine::Auto` unless `set_engine` says).
    engine: crate::core::Engine,
}

/// Records the first solution into a grid and stops the search at the limit.
struct FirstSolution<'a> {
    limit: u64,
    puzzle: &'a Grid,
    first: Option<Grid>,
}

impl Observer for FirstSolution<'_> {
    const FINE: bool = false;

    fn event(&mut self, _: crate::core::Event, s: &Search) -> ControlFlow<()> {
        if self.first.is_none() {
            // The givens are already in the puzzle; the options tried on the path fill the rest.
            let size = self.puzzle.size();
            let mut grid = self.puzzle.clone();
            for &x in s.path() {
                let k = s.links().option_of(x);
                grid.cells[k / size] = (k % size) as u8 + 1;
            }
            self.first = Some(grid);
        }
        if s.stats().solutions >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The engine its searches count with (see [`Search::set_engine`]).
    pub fn set_engine(&mut self, engine: crate::core::Engine) {
        self.engine = engine;
        for s in self.searches.iter_mut().flatten() {
            s.set_engine(engine);
        }
    }

    /// Counts the solutions of `puzzle`, stopping at `limit` (at least 1; 2 tells a unique puzzle from
    /// others), and returns the count with the first solution found.
    pub fn solve(&mut self, puzzle: &Grid, limit: u64) -> Solved {
        let n = puzzle.n;
        let engine = self.engine;
        let search = self.searches[n - 2].get_or_insert_with(|| {
            let mut s = Search::new(&instance(n));
            s.set_engine(engine);
            s
        });
        self.givens.clear();
        self.givens.extend(puzzle.given_options());
        let mut obs = FirstSolution {
            limit: limit.max(1),
            puzzle,
            first: None,
        };
        // Grid::parse rejects clashing givens, so preselect cannot fail here; no solution if it did.
        if search.preselect(&self.givens).is_ok() {
            search.run(&mut obs);
        }
        let count = search.stats().solutions;
        search.restart();
        search.unpreselect();
        Solved {
            count,
            solution: obs.first,
        }
    }
}
