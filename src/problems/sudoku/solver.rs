//! The batch `Solver`: 9x9 on the fixed-shape `Fast9`, other sizes on one search a size laid out once.

use super::fast::Fast9;
use super::{instance, Grid, Sudoku};
use crate::core::{Engine, Limits, Observer, Search};
use crate::problems::{InputError, Problem};
use std::ops::ControlFlow;

/// What [`Solver::solve`] found: how many solutions (up to the limit), the first of them, and the
/// nodes of DLX1's tree walked (the same on either engine: they walk the same tree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub count: u64,
    pub solution: Option<Grid>,
    pub nodes: u64,
}

/// Solves many puzzles fast. A 9x9 puzzle goes to [`Fast9`] (DLX1's tree on 729 option bits and 324
/// lengths, copied at a branch, the givens applied with no links built) unless an engine was set
/// ([`Solver::set_engine`]: `bits` or `links`). Other sizes, and 9x9 under a set engine, use links:
/// the matrix of each size is laid out once, and every puzzle is solved on it — givens preselected,
/// search, then [`Search::restart`] and [`Search::unpreselect`] undo exactly what was covered, which
/// costs less than copying the matrix afresh (64 KB for 9x9).
#[derive(Clone, Debug, Default)]
pub struct Solver {
    /// The 9x9 engine, made on first use.
    fast: Option<Box<Fast9>>,
    /// `searches[i]`: the search over the instance of size `geometry::SIZES[i]`, built on first use,
    /// and left at its start with nothing preselected between two puzzles.
    searches: [Option<Search>; 14],
    /// The given options of the puzzle at hand, kept to reuse its allocation.
    givens: Vec<usize>,
    /// What the searches count with (`Engine::Auto` unless `set_engine` says).
    engine: Engine,
}

/// The batch's answer: the solution's line if it is the only one, else `no solution` or `not unique`.
fn verdict(count: u64, first: Option<String>) -> String {
    match (count, first) {
        (1, Some(line)) => line,
        (0, _) => "no solution".into(),
        _ => "not unique".into(),
    }
}

/// Records the first solution into a grid and stops the search at the limit.
struct FirstSolution<'a> {
    limit: u64,
    puzzle: &'a Grid,
    first: Option<Grid>,
}

impl Observer for FirstSolution<'_> {
    const FINE: bool = false;
    fn reads_path(&self) -> bool {
        self.first.is_none()
    }

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

    /// The engine its searches count with (see [`Search::set_engine`]). `Engine::Auto`, the default,
    /// takes [`Fast9`] for a 9x9; `Bits` and `Links` take the search on links for every size.
    pub fn set_engine(&mut self, engine: Engine) {
        self.engine = engine;
        for s in self.searches.iter_mut().flatten() {
            s.set_engine(engine);
        }
    }

    /// Counts the solutions of `puzzle`, stopping at `limit` (at least 1; 2 tells a unique puzzle from
    /// others), and returns the count with the first solution found.
    pub fn solve(&mut self, puzzle: &Grid, limit: u64) -> Solved {
        if let (Ok(cells), Engine::Auto) = (<&[u8; 81]>::try_from(&puzzle.cells[..]), self.engine) {
            let fast = self.fast.get_or_insert_with(Default::default);
            // Grid::parse rejects clashing givens, so there is no clash here; no solution if there were.
            let found = fast.solve(cells, limit).unwrap_or_default();
            return Solved {
                count: found.count,
                solution: found.first.map(|cells| Grid {
                    cells: cells.to_vec(),
                    ..puzzle.clone()
                }),
                nodes: found.nodes,
            };
        }
        // A grid read from text has boxes (`Grid::parse` refuses a size without them), so its
        // classic instance exists.
        let g = puzzle.geo;
        let i = super::geometry::SIZES
            .iter()
            .position(|&s| s == g.size())
            .expect("a grid's size is a Sudoku's");
        let engine = self.engine;
        let search = self.searches[i].get_or_insert_with(|| {
            let mut s = Search::new(&instance(g));
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
        let (count, nodes) = (search.stats().solutions, search.stats().nodes);
        search.restart();
        search.unpreselect();
        Solved {
            count,
            solution: obs.first,
            nodes,
        }
    }

    /// The answer to one line of `dlx solve sudoku --batch`: the solution on one line, `no solution`
    /// or `not unique` (solutions counted up to 2), or why the line is not a puzzle. A line of 81
    /// digits and dots (the form of the collections) goes to [`Fast9`] without the general reader,
    /// which reads it to the same grid; any other line, or one whose givens clash (for the reader's
    /// message), is read by [`Grid::parse`].
    pub fn answer(&mut self, line: &str) -> Result<String, InputError> {
        let bytes = line.as_bytes();
        if self.engine == Engine::Auto && bytes.len() == 81 {
            let mut cells = [0u8; 81];
            let plain = bytes.iter().zip(&mut cells).all(|(&b, c)| match b {
                b'1'..=b'9' => {
                    *c = b - b'0';
                    true
                }
                b'.' | b'0' => true,
                _ => false,
            });
            let fast = self.fast.get_or_insert_with(Default::default);
            if let Some(found) = plain.then(|| fast.solve(&cells, 2).ok()).flatten() {
                let line = found
                    .first
                    .map(|g| g.iter().map(|&v| char::from(b'0' + v)).collect());
                return Ok(verdict(found.count, line));
            }
        }
        // f-puzzles JSON, JSON rows or a link, one a line (a setter's list of links): read with the
        // rules it carries, as `dlx solve sudoku` reads it (`Grid::parse` said "unknown character `{`").
        if super::fpuzzles::looks_like(line) {
            return answer_read(line);
        }
        let grid = Grid::parse(line)?;
        let solved = self.solve(&grid, 2);
        Ok(verdict(solved.count, solved.solution.map(|g| g.to_line())))
    }
}

/// The first solution's options, for [`answer_read`].
struct FirstOptions(Option<Vec<usize>>);

impl Observer for FirstOptions {
    const FINE: bool = false;
    fn reads_path(&self) -> bool {
        self.0.is_none()
    }
    fn event(&mut self, _: crate::core::Event, s: &Search) -> ControlFlow<()> {
        if self.0.is_none() {
            self.0 = Some(s.solution());
        }
        ControlFlow::Continue(())
    }
}

/// The batch's answer to a puzzle read by [`Sudoku::parse`] (JSON or a link, with its variant's
/// rules): solved on a search over its own instance, whose items a variant makes its own.
fn answer_read(line: &str) -> Result<String, InputError> {
    let sudoku = Sudoku::parse(line)?;
    let mut search = Search::new(sudoku.instance());
    let mut first = FirstOptions(None);
    // A clash of givens is refused by the reader; were one left, the puzzle has no solution.
    if search.preselect(sudoku.givens()).is_ok() {
        search.set_limits(Limits {
            solutions: Some(2),
            nodes: None,
        });
        search.run(&mut first);
    }
    let line = first.0.map(|options| {
        let board = sudoku.board(&options);
        Grid {
            cells: board.cells.iter().map(|&v| v as u8).collect(),
            ..sudoku.grid().clone()
        }
        .to_line()
    });
    Ok(verdict(search.stats().solutions, line))
}
