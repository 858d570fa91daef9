//! The library's `Puzzle`: a problem built from its own terms (a Sudoku's text, N, a board's name)
//! whose solutions decode to boards checked against the puzzle's rules, and one builder module a
//! kind of puzzle.

use super::error::{Error, Result};
use super::instance::Instance;
use super::solver::{self, Solver};
use crate::problems::{self, Board, Problem};

/// A puzzle ready to count and solve: its exact-cover instance, the options its input already
/// fixes (a Sudoku's givens), and its decoder from chosen options to a [`Board`].
///
/// ```
/// let puzzle = dlx_studio::langford::new(7, true)?;
/// assert_eq!(puzzle.count(), 26);
/// let board = puzzle.solutions().next().unwrap();
/// assert_eq!(board.text, "1 7 1 2 5 6 2 3 4 7 5 3 6 4");
/// puzzle.check(&board)?;
/// # Ok::<(), dlx_studio::Error>(())
/// ```
pub struct Puzzle {
    problem: Box<dyn Problem + Send + Sync>,
}

impl std::fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Puzzle")
            .field("title", &self.problem.title())
            .finish_non_exhaustive()
    }
}

impl Puzzle {
    /// The puzzle `dlx count KIND ARG` names: `kind` one of `sudoku`, `queens`,
    /// `toroidal-queens`, `latin`, `langford`, `pentomino`, `edge-matching`, `macmahon`, `dominoes`,
    /// `exact-cover`, and `arg` its argument as the CLI takes it (N, a board's name, a Sudoku or an
    /// exact-cover text), with the CLI's messages for what does not read.
    ///
    /// ```
    /// use dlx_studio::Puzzle;
    ///
    /// assert_eq!(Puzzle::load("queens", "8")?.count(), 92);
    /// assert_eq!(Puzzle::load("pentomino", "3x20")?.count(), 8);
    /// let err = Puzzle::load("chess", "8").unwrap_err();
    /// assert!(err.message().starts_with("unknown problem kind `chess`"));
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn load(kind: &str, arg: &str) -> Result<Puzzle> {
        Puzzle::load_distinct(kind, arg, false)
    }

    /// [`Puzzle::load`] with `--distinct`: for Langford pairs and pentominoes, one solution of each
    /// pair of mirror images (the CLI's `--distinct`).
    ///
    /// ```
    /// assert_eq!(dlx_studio::Puzzle::load_distinct("langford", "7", true)?.count(), 26);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn load_distinct(kind: &str, arg: &str, distinct: bool) -> Result<Puzzle> {
        let spec = problems::kinds::spec(kind, arg, distinct)?;
        Puzzle::from_spec(&spec)
    }

    pub(crate) fn from_spec(spec: &problems::Spec) -> Result<Puzzle> {
        // `load` builds every kind; the Send + Sync box is what the bindings need to move a
        // puzzle to another thread.
        let problem: Box<dyn Problem + Send + Sync> = match spec {
            problems::Spec::Queens(n) => Box::new(problems::queens::Queens::new(*n)?),
            problems::Spec::ToroidalQueens(n) => {
                Box::new(problems::toroidal::ToroidalQueens::new(*n)?)
            }
            problems::Spec::Latin(n) => Box::new(problems::latin::Latin::new(*n)?),
            problems::Spec::Langford { n, distinct } => {
                Box::new(problems::langford::Langford::new(*n, *distinct)?)
            }
            problems::Spec::Pentomino { board, distinct } => {
                Box::new(problems::pentomino::Pentomino::new(board, *distinct)?)
            }
            problems::Spec::EdgeMatching(name) => {
                Box::new(problems::edge_matching::EdgeMatching::new(name)?)
            }
            problems::Spec::MacMahon(name) => Box::new(problems::macmahon::MacMahon::new(name)?),
            problems::Spec::Dominoes(name) => Box::new(problems::dominoes::Dominoes::parse(name)?),
            problems::Spec::Sudoku(text) => Box::new(problems::sudoku::Sudoku::parse(
                text.strip_prefix('\u{feff}').unwrap_or(text),
            )?),
            problems::Spec::SudokuWith(text, switches) => {
                Box::new(problems::sudoku::Sudoku::parse_with(
                    text.strip_prefix('\u{feff}').unwrap_or(text),
                    switches,
                )?)
            }
            problems::Spec::ExactCover(text) | problems::Spec::ExactCoverAs(text, _) => {
                let reading = match spec {
                    problems::Spec::ExactCoverAs(_, r) => *r,
                    _ => problems::exact_cover::Reading::Auto,
                };
                Box::new(problems::exact_cover::ExactCover::parse_as(
                    text.strip_prefix('\u{feff}').unwrap_or(text),
                    reading,
                )?)
            }
        };
        Ok(Puzzle { problem })
    }

    /// A short title: "8-queens", "Sudoku 9x9", …
    ///
    /// ```
    /// assert_eq!(dlx_studio::queens::new(8)?.title(), "8-queens");
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn title(&self) -> String {
        self.problem.title()
    }

    /// The exact-cover instance (a copy), its item names in the puzzle's words (`r3c5`, `1@2`).
    ///
    /// ```
    /// let inst = dlx_studio::queens::new(4)?.instance();
    /// assert_eq!(inst.n_primary(), 8); // four rows, four columns
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn instance(&self) -> Instance {
        Instance::from_core(self.problem.instance().clone())
    }

    /// The options the input fixes before the search (a Sudoku's givens); part of every solution.
    ///
    /// ```
    /// let grid = format!("1{}", ".".repeat(80));
    /// assert_eq!(dlx_studio::sudoku::parse(&grid)?.givens().len(), 1);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn givens(&self) -> &[usize] {
        self.problem.givens()
    }

    /// A search over the puzzle, its givens chosen.
    ///
    /// ```
    /// let mut solver = dlx_studio::queens::new(8)?.solver()?;
    /// assert_eq!(solver.count(), 92);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn solver(&self) -> Result<Solver> {
        Solver::with_givens(self.problem.instance(), self.problem.givens())
    }

    /// The number of solutions, counted on this thread (0 when the givens clash).
    ///
    /// ```
    /// assert_eq!(dlx_studio::queens::new(8)?.count(), 92);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn count(&self) -> u64 {
        self.solver().map_or(0, |mut s| s.count())
    }

    /// The number of solutions, counted on up to `threads` threads (0: every core).
    ///
    /// ```
    /// assert_eq!(dlx_studio::pentomino::new("5x12", false)?.count_threads(2), 4040);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn count_threads(&self, threads: usize) -> u64 {
        solver::count_threads(self.problem.instance(), self.problem.givens(), threads).unwrap_or(0)
    }

    /// The solutions as boards, each found when asked for.
    ///
    /// ```
    /// let queens = dlx_studio::queens::new(4)?;
    /// let boards: Vec<String> = queens.solutions().map(|b| b.text).collect();
    /// assert_eq!(boards, ["..Q.\nQ...\n...Q\n.Q..", ".Q..\n...Q\nQ...\n..Q."]);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn solutions(&self) -> Boards<'_> {
        Boards {
            puzzle: self,
            solutions: self.solver().ok().map(Solver::into_solutions),
        }
    }

    /// The board of any set of chosen options (a solution, or part of one), numbered as the
    /// instance numbers them (panics on a number that is no option's).
    ///
    /// ```
    /// let sudoku = dlx_studio::sudoku::parse(&format!("5{}", ".".repeat(80)))?;
    /// let board = sudoku.board(sudoku.givens());
    /// assert_eq!(board.cells[0], 5);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn board(&self, options: &[usize]) -> Board {
        self.problem.board(options)
    }

    /// Checks a complete board against the puzzle's rules, independently of its encoding as exact
    /// cover: the error says which rule is broken where.
    ///
    /// ```
    /// let queens = dlx_studio::queens::new(5)?;
    /// let mut board = queens.solutions().next().unwrap();
    /// queens.check(&board)?;
    /// board.cells[0] = 1; // two queens in the top row
    /// board.cells[1] = 1;
    /// assert!(queens.check(&board).is_err());
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn check(&self, board: &Board) -> Result<()> {
        self.problem.check(board).map_err(Error::new)
    }

    /// The puzzle in Knuth's format, as `dlx export` writes it: with givens, what is left once they
    /// are chosen, so that counting the text gives the puzzle's count.
    ///
    /// ```
    /// use dlx_studio::Instance;
    ///
    /// let queens = dlx_studio::queens::new(6)?;
    /// assert_eq!(Instance::parse(&queens.to_knuth()?)?.count(), 4);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn to_knuth(&self) -> Result<String> {
        problems::knuth_export(&*self.problem).map_err(|c| Error::clash(self.problem.instance(), c))
    }

    /// The engine's own problem, for the CLI, the page and the bindings built over this crate.
    #[doc(hidden)]
    pub fn problem(&self) -> &(dyn Problem + Send + Sync) {
        &*self.problem
    }
}

/// The solutions of a puzzle as boards ([`Puzzle::solutions`]).
///
/// ```
/// let queens = dlx_studio::queens::new(8)?;
/// assert_eq!(queens.solutions().take(5).count(), 5);
/// # Ok::<(), dlx_studio::Error>(())
/// ```
#[derive(Debug)]
pub struct Boards<'a> {
    puzzle: &'a Puzzle,
    solutions: Option<super::Solutions>,
}

impl Iterator for Boards<'_> {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        let options = self.solutions.as_mut()?.next()?;
        Some(self.puzzle.board(&options))
    }
}

/// N-queens: N queens on an NxN board, none attacking another (Knuth's encoding: rows and columns
/// primary, diagonals secondary), and the toroidal variant.
pub mod queens {
    use super::*;

    /// N-queens, N from 1 to 64.
    ///
    /// ```
    /// assert_eq!(dlx_studio::queens::new(8)?.count(), 92);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::Queens(n))
    }

    /// N queens on a torus (diagonals wrap around), N from 1.
    ///
    /// ```
    /// assert_eq!(dlx_studio::queens::toroidal(5)?.count(), 10);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn toroidal(n: usize) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::ToroidalQueens(n))
    }
}

/// Sudoku, 4x4 to 25x25 (and 6x6 with 2x3 boxes), in any text form people paste (81 symbols,
/// grids drawn with borders, f-puzzles JSON and links, SudokuPad links), with variants.
pub mod sudoku {
    use super::*;
    pub use crate::problems::sudoku::Switch as Variant;

    /// A Sudoku from its text; variants stated in the text (f-puzzles' jigsaw, cages,
    /// thermometers, …) are read too. Givens that clash are refused, naming both cells.
    ///
    /// ```
    /// let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    /// let sudoku = dlx_studio::sudoku::parse(text)?;
    /// let solutions: Vec<_> = sudoku.solutions().take(2).collect();
    /// assert_eq!(solutions.len(), 1);
    /// assert!(solutions[0].text.starts_with("483921657"));
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::Sudoku(text.to_string()))
    }

    /// A Sudoku with rules switched on: `Variant::X` (both diagonals), `Windoku`, `AntiKnight`,
    /// `AntiKing`, `NonConsecutive`.
    ///
    /// ```
    /// use dlx_studio::sudoku::{self, Variant};
    ///
    /// let empty = ".".repeat(16);
    /// assert_eq!(sudoku::parse(&empty)?.count(), 288);
    /// assert_eq!(sudoku::with_variants(&empty, &[Variant::X])?.count(), 48);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn with_variants(text: &str, variants: &[Variant]) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::SudokuWith(
            text.to_string(),
            variants.to_vec(),
        ))
    }

    /// Variants by the names the CLI's `--variant` takes: `x,windoku,anti-knight,anti-king,
    /// non-consecutive`.
    ///
    /// ```
    /// use dlx_studio::sudoku::{self, Variant};
    ///
    /// assert_eq!(sudoku::variants("x,anti-king")?, [Variant::X, Variant::AntiKing]);
    /// assert!(sudoku::variants("arrow").is_err());
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn variants(names: &str) -> Result<Vec<Variant>> {
        Ok(Variant::parse_list(names)?)
    }
}

/// Pentominoes: the twelve pieces on a board of 60 squares (`6x10`, `5x12`, `4x15`, `3x20`, `8x8`
/// without its centre 2x2).
pub mod pentomino {
    use super::*;

    /// The pentomino puzzle on the board named; `distinct` keeps one of each set of solutions that
    /// are the same up to the board's symmetries.
    ///
    /// ```
    /// assert_eq!(dlx_studio::pentomino::new("3x20", true)?.count(), 2);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn new(board: &str, distinct: bool) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::Pentomino {
            board: board.to_string(),
            distinct,
        })
    }
}

/// Langford pairs: 1..n each twice in a row of 2n, the two k's k squares apart.
pub mod langford {
    use super::*;

    /// Langford pairs of 1..n; `distinct` keeps one of each solution and its mirror image.
    ///
    /// ```
    /// assert_eq!(dlx_studio::langford::new(8, true)?.count(), 150);
    /// assert_eq!(dlx_studio::langford::new(8, false)?.count(), 300);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn new(n: usize, distinct: bool) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::Langford { n, distinct })
    }
}

/// Latin squares: an NxN grid of N symbols, each once in every row and every column.
pub mod latin {
    use super::*;

    /// The Latin squares of order N.
    ///
    /// ```
    /// assert_eq!(dlx_studio::latin::new(4)?.count(), 576);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::Latin(n))
    }
}

/// Edge matching: square tiles with coloured edges on a board, neighbours agreeing (colours on
/// secondary items).
pub mod edge_matching {
    use super::*;

    /// Edge-matching tiles on a board named `RxC[/K[/SEED]]`: R rows, C columns, K colours,
    /// tiles generated from SEED.
    ///
    /// ```
    /// let puzzle = dlx_studio::edge_matching::new("3x3/3/1")?;
    /// assert!(puzzle.count() > 0);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn new(name: &str) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::EdgeMatching(name.to_string()))
    }
}

/// MacMahon's 24 triangles, each of four colours on its three edges, on a board by name.
pub mod macmahon {
    use super::*;

    /// MacMahon's triangles on the board named (`hexagon`; counting it takes minutes).
    ///
    /// ```
    /// let puzzle = dlx_studio::macmahon::new("hexagon")?;
    /// assert_eq!(puzzle.instance().n_options() > 24, true);
    /// # Ok::<(), dlx_studio::Error>(())
    /// ```
    pub fn new(name: &str) -> Result<Puzzle> {
        Puzzle::from_spec(&problems::Spec::MacMahon(name.to_string()))
    }
}
