//! Sudoku with n×n boxes, n = 2..=5 (4x4, 9x9, 16x16, 25x25; N = n² symbols), as exact cover.
//!
//! The encoding is Knuth's (TAOCP 7.2.2.1): four primary items per placed symbol — cell `r1c1` is filled,
//! row `r1=5` has a 5, column `c1=5` has a 5, box `b1=5` has a 5 — and one option per (row, column,
//! symbol), numbered row-major, then by symbol: option `(r·N + c)·N + v − 1` puts symbol `v` (from 1)
//! at row `r`, column `c` (from 0). The givens are options chosen before the search
//! ([`Search::preselect`]), so the search starts from the puzzle, not from the empty grid.
//!
//! Text form: the N² cells in reading order, either on one line or as a grid over several lines; spaces,
//! `|`, `-` and `+` are ignored, so the usual drawn grids read as they are. Symbols are `1-9`, then `A-P`
//! (either case); an empty cell is `.`, or `0` when N ≤ 9. N follows from the number of cells.
//!
//! [`Solver`] is the throughput path: it builds one search per size once and, per puzzle, preselects the
//! givens, searches, then undoes both in place ([`Search::restart`], [`Search::unpreselect`]), with no
//! copy of the matrix and no item names or other strings made on the way.

use super::{Board, InputError, Problem};

/// The character of symbol `v` (0 = empty): see [`super::symbol`].
fn symbol(v: u8) -> char {
    super::symbol(usize::from(v))
}
use crate::core::{Instance, Observer, Search};
use std::ops::ControlFlow;

/// Marks a `0` read before N is known: empty when N ≤ 9, out of range above.
const ZERO: u8 = u8::MAX;

/// The symbol number of a character, `1`-`9` then `A`-`P` in either case; `None` for anything else.
fn symbol_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='P' => Some(ch as u8 - b'A' + 10),
        'a'..='p' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// The characters of a Sudoku text that stand for cells, with their line and column (from 1).
fn cell_chars(text: &str) -> impl Iterator<Item = (usize, usize, char)> + '_ {
    text.lines().enumerate().flat_map(|(l, line)| {
        line.chars()
            .enumerate()
            .filter(|&(_, ch)| !(ch.is_whitespace() || matches!(ch, '|' | '-' | '+')))
            .map(move |(c, ch)| (l + 1, c + 1, ch))
    })
}

/// Row, column or box: the three kinds of unit, each of which must hold every symbol once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Row,
    Column,
    Box,
}

impl Unit {
    fn name(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        }
    }

    /// The cell index of the `i`-th cell of unit `u` of this kind, in a grid with boxes of side `n`.
    fn cell(self, n: usize, u: usize, i: usize) -> usize {
        let size = n * n;
        match self {
            Unit::Row => u * size + i,
            Unit::Column => i * size + u,
            Unit::Box => ((u / n) * n + i / n) * size + (u % n) * n + i % n,
        }
    }
}

/// A symbol that appears twice in one unit: at cells `first` and `second` (`first` earlier in the unit).
struct Repeat {
    unit: Unit,
    u: usize,
    first: usize,
    second: usize,
    v: u8,
}

/// The first symbol (ignoring empty cells) that a row, column or box holds twice, looking at rows, then
/// columns, then boxes.
fn find_repeat(n: usize, cells: &[u8]) -> Option<Repeat> {
    let size = n * n;
    for unit in [Unit::Row, Unit::Column, Unit::Box] {
        for u in 0..size {
            // seen[v]: the cell of this unit that holds v, or usize::MAX.
            let mut seen = [usize::MAX; 26];
            for i in 0..size {
                let p = unit.cell(n, u, i);
                let v = cells[p];
                if v == 0 {
                    continue;
                }
                if seen[v as usize] != usize::MAX {
                    return Some(Repeat {
                        unit,
                        u,
                        first: seen[v as usize],
                        second: p,
                        v,
                    });
                }
                seen[v as usize] = p;
            }
        }
    }
    None
}

/// `r3c7` for cell index `p` of an N×N grid.
fn cell_name(size: usize, p: usize) -> String {
    format!("r{}c{}", p / size + 1, p % size + 1)
}

/// A puzzle read from text: the box side and the N² cells, row-major, 0 for empty, else 1..=N.
/// Only [`Grid::parse`] makes one, so its givens never clash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    n: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// Reads a puzzle in any accepted text form (see the module documentation).
    pub fn parse(text: &str) -> Result<Grid, InputError> {
        let mut cells = Vec::with_capacity(81);
        let mut last = None;
        for (line, col, ch) in cell_chars(text) {
            let v = match ch {
                '.' => 0,
                '0' => ZERO,
                _ => symbol_value(ch).ok_or_else(|| {
                    InputError::at(
                        line,
                        col,
                        format!(
                            "unknown character `{ch}`: cells are 1-9 or A-P, and `.` or `0` \
                             for an empty one"
                        ),
                    )
                })?,
            };
            cells.push(v);
            last = Some((line, col));
        }
        let n = match cells.len() {
            16 => 2,
            81 => 3,
            256 => 4,
            625 => 5,
            found => {
                let message = format!("found {found} cells; a Sudoku has 16, 81, 256 or 625");
                return Err(match last {
                    Some((line, col)) => InputError::at(line, col, message),
                    None => InputError::new(message),
                });
            }
        };
        let size = n * n;
        // Where cell p was written; only needed for an error, so found again by a second pass.
        let position = |p: usize| cell_chars(text).nth(p).expect("p is a cell of the text");
        for (p, v) in cells.iter_mut().enumerate() {
            if *v == ZERO && size <= 9 {
                *v = 0;
            } else if *v == ZERO || *v as usize > size {
                let (line, col, ch) = position(p);
                let symbols = match size {
                    4 => "1-4; `.` or `0` for an empty cell",
                    9 => "1-9; `.` or `0` for an empty cell",
                    16 => "1-9 and A-G; `.` for an empty cell",
                    _ => "1-9 and A-P; `.` for an empty cell",
                };
                return Err(InputError::at(
                    line,
                    col,
                    format!(
                        "{}: `{ch}` is not a symbol of a {size}x{size} Sudoku (symbols {symbols})",
                        cell_name(size, p)
                    ),
                ));
            }
        }
        if let Some(r) = find_repeat(n, &cells) {
            let (line, col, _) = position(r.second);
            return Err(InputError::at(
                line,
                col,
                format!(
                    "givens clash: {} and {} both hold {} in {} {}",
                    cell_name(size, r.first),
                    cell_name(size, r.second),
                    symbol(r.v),
                    r.unit.name(),
                    r.u + 1
                ),
            ));
        }
        Ok(Grid { n, cells })
    }

    /// The side n of a box.
    pub fn box_side(&self) -> usize {
        self.n
    }

    /// N = n², the number of symbols and the side of the grid.
    pub fn size(&self) -> usize {
        self.n * self.n
    }

    /// The cells, row-major: 0 for empty, else the symbol number 1..=N.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The options of the given cells, in reading order (see the module documentation for the numbering).
    pub fn given_options(&self) -> impl Iterator<Item = usize> + '_ {
        let size = self.size();
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(move |(p, &v)| p * size + v as usize - 1)
    }

    /// One line of N² symbols, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&v| symbol(v)).collect()
    }
}

/// The exact-cover instance of the empty N×N grid with boxes of side `n`: items `r1c1`…, `r1=1`…,
/// `c1=1`…, `b1=1`…, all primary; option `(r·N + c)·N + v − 1` is "r{r}c{c} r{r}={v} c{c}={v} b{b}={v}".
/// Panics unless `n` is 2 to 5 (a [`Grid`] has such an `n`).
pub fn instance(n: usize) -> Instance {
    assert!(
        (2..=5).contains(&n),
        "Sudoku boxes are 2x2 to 5x5, not {n}x{n}"
    );
    let size = n * n;
    let sym = |v: usize| symbol(v as u8 + 1);
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
            let b = (r / n) * n + c / n;
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
    inst
}

/// A Sudoku puzzle as a [`Problem`].
pub struct Sudoku {
    grid: Grid,
    inst: Instance,
    givens: Vec<usize>,
}

impl Sudoku {
    /// Reads a puzzle (see the module documentation for the text forms) and builds its instance.
    pub fn parse(text: &str) -> Result<Sudoku, InputError> {
        let grid = Grid::parse(text)?;
        let inst = instance(grid.n);
        let givens = grid.given_options().collect();
        Ok(Sudoku { grid, inst, givens })
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cell (row-major index) and symbol (from 1) that option `k` places.
    pub fn placement(&self, k: usize) -> (usize, u8) {
        let size = self.grid.size();
        (k / size, (k % size) as u8 + 1)
    }
}

impl Problem for Sudoku {
    fn title(&self) -> String {
        let size = self.grid.size();
        format!("Sudoku {size}x{size}")
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    fn givens(&self) -> &[usize] {
        &self.givens
    }

    /// The puzzle with the symbols of `options` placed. The givens are shown whether or not `options`
    /// lists them, since they belong to every solution.
    fn board(&self, options: &[usize]) -> Board {
        let size = self.grid.size();
        let mut cells = self.grid.cells.clone();
        for &k in options {
            let (p, v) = self.placement(k);
            cells[p] = v;
        }
        let text = cells.iter().map(|&v| symbol(v)).collect();
        Board {
            kind: "sudoku",
            rows: size,
            cols: size,
            cells: cells.into_iter().map(i32::from).collect(),
            given: self.grid.cells.iter().map(|&v| v != 0).collect(),
            labels: (0..=size as u8).map(|v| symbol(v).to_string()).collect(),
            text,
            ..Board::default()
        }
    }

    /// Every row, column and box holds each symbol once, and every given is where the puzzle put it.
    fn check(&self, board: &Board) -> Result<(), String> {
        let size = self.grid.size();
        if board.kind != "sudoku" || board.rows != size || board.cols != size {
            return Err(format!(
                "not a {size}x{size} Sudoku board ({} {}x{})",
                board.kind, board.rows, board.cols
            ));
        }
        if board.cells.len() != size * size {
            return Err(format!("{} cells, not {}", board.cells.len(), size * size));
        }
        let mut cells = Vec::with_capacity(size * size);
        for (p, &v) in board.cells.iter().enumerate() {
            match u8::try_from(v) {
                Ok(v) if (1..=size).contains(&(v as usize)) => cells.push(v),
                _ if v == 0 => return Err(format!("{} is empty", cell_name(size, p))),
                _ => return Err(format!("{} holds {v}, not a symbol", cell_name(size, p))),
            }
        }
        // With no cell empty, a unit of N cells without a repeat holds each of the N symbols once.
        if let Some(r) = find_repeat(self.grid.n, &cells) {
            return Err(format!(
                "{} {} holds {} twice ({} and {})",
                r.unit.name(),
                r.u + 1,
                symbol(r.v),
                cell_name(size, r.first),
                cell_name(size, r.second)
            ));
        }
        for (p, (&g, &v)) in self.grid.cells.iter().zip(&cells).enumerate() {
            if g != 0 && g != v {
                return Err(format!(
                    "{} is given as {} but holds {}",
                    cell_name(size, p),
                    symbol(g),
                    symbol(v)
                ));
            }
        }
        Ok(())
    }
}

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

    /// Counts the solutions of `puzzle`, stopping at `limit` (at least 1; 2 tells a unique puzzle from
    /// others), and returns the count with the first solution found.
    pub fn solve(&mut self, puzzle: &Grid, limit: u64) -> Solved {
        let n = puzzle.n;
        let search = self.searches[n - 2].get_or_insert_with(|| Search::new(&instance(n)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Event, Limits};

    /// Collects the boards of the solutions, fast path.
    struct Boards<'a> {
        sudoku: &'a Sudoku,
        boards: Vec<Board>,
    }

    impl Observer for Boards<'_> {
        const FINE: bool = false;
        fn event(&mut self, _: Event, s: &Search) -> ControlFlow<()> {
            self.boards.push(self.sudoku.board(&s.solution()));
            ControlFlow::Continue(())
        }
    }

    /// The solutions of a puzzle by the generic path (up to `limit`), each checked against the rules.
    fn solutions(text: &str, limit: u64) -> Vec<Board> {
        let sudoku = Sudoku::parse(text).unwrap();
        let mut search = Search::new(sudoku.instance());
        search.preselect(sudoku.givens()).unwrap();
        search.set_limits(Limits {
            solutions: Some(limit),
            nodes: None,
        });
        let mut obs = Boards {
            sudoku: &sudoku,
            boards: Vec::new(),
        };
        search.run(&mut obs);
        for b in &obs.boards {
            sudoku.check(b).unwrap();
        }
        obs.boards
    }

    fn err(text: &str) -> InputError {
        Sudoku::parse(text)
            .err()
            .expect("the text should be rejected")
    }

    // Puzzles made for these tests by removing cells from a shuffled full grid while the solution stayed
    // unique; each is given with that solution.
    const P4: &str = "2.41........4.13";
    const S4: &str = "2341143231244213";
    const P16: &str = ".......5B...76F.G2.394D..6..A.C..BA....72.5..9D....6..C..9.....\
                       26.2G.A...F...C35....G7..5C..1F..9..F...B.D4E..6......8..7G..4.E.\
                       .E.85......B.7...9..A.BC..D..5...3...91F6..2D8.E2.G.8E....F.C.B3A\
                       CE.2.7...3...8..G.....9..67.4A.8..1...3C..A...F..624...D.98.B5.";
    const S16: &str = "D48932G5BEAC76F1G25394D8167FAECBCBAE61F7235G89D4F176EBCA498D53G2\
                       672GDAE48F19BC35EA4DG7625CB31F98981FC53BAD4E2G6735BCF8917G264DEA\
                       4ED8562G3ACBF71919F7A3BCE8D4G526B3CA791F65G2D84E26G58E4D97F1CAB3\
                       ACE42F76GB35918D5G3B1D89F267E4AC8D91BG53C4EA627F7F624CAED1983B5G";
    const P25: &str = "H.2....N..G.DO.7..9M.B.....9..6..2HA8.P.J..I1.F5..PA.8NFG..O1BI.\
                       KH3.24.LC7..1IBK......6....5.D..8N.A.GDF5.1K.JML9..PN.EA26.H4C9.7\
                       A.2GF...B.1K4..IL.M.D.....P.1..DO.5..A7..6.4K...L.M.I4.K.78CA.1..\
                       ...G32.EB..ODM.5.J.K43.H.28..C.......9A8C.HF.G5MO.DBP1N.1.JN...97\
                       ...H.2...O..C.A..F.3.N.I.1L57.9AEC.8..2..46.K.C8.PAF3O..M957.J..1\
                       ..8P...FD..BN....2..6759M..L....6..........NJ..3DGF..3.FA...E....\
                       L9..C.K1.I.E..A.GO.5D.1.I62...HC..97DO...1J6...M.98EBA.P34F.HI.K1\
                       6.7...H.3.F..G5..AB..9.CM84H.3..A....61...GLDO6.4IH....832.FOL7D.\
                       51.JBNF3.2OEN.1..DM.78....4.H6KB.1.JD....K..6H..2G.A9....CA..2...\
                       F.E1..6.I...D.L..5MD....4...A.PB..1N.2.F.";
    const S25: &str = "H42638ANEPGFDO57CL9MIBKJ17M9LC6432HA8EPNJKBI1DF5OGPAE8NFG5DO1BIJ\
                       KH36249LC7MJ1IBKLMC97462H3O5FDGE8NPAOGDF5B1KIJML97CPN8EA263H4C987\
                       AH2GF3EPBN1K4J6ILOM5D32FHGPE1BNDOL5MCA7896J4KI5DLOMJI46K978CAN1PB\
                       EFHG32NEBP1ODML5IJ6K43GHF287AC9KI6J479A8C2HF3G5MOLDBP1NE1BJNI5L97\
                       M6KH42GD3OFPCEA8GFO3DNBIJ1L57M9AECP8HK24646HK2C8EPAF3OGDM957LJNI1\
                       BA8PCE3FDOGBNJ1I42KH6759MLML759K62H48CPAE1INJBO3DGF2H34FAPBNEOG5D\
                       L98MC7K16IJEPNABGOL5DJ1KI62F43HCM897DO5GL1J6KI7MC98EBANP34F2HIJK1\
                       6M78C9H432FDLG5ONABEP97CM84HF32PANEBI61KJ5GLDO6K4IH9CPA832GFOL7D\
                       M51EJBNF3G2OENJ1B5DML78P9AC4IH6KBN1EJD57MLKI46HFO2G3A9P8C8CA9P23\
                       OGFNE1BJ6HI4KMD7L5L5MD7IKH46C9A8PBJE1NG2OF3";

    /// Wikipedia's example puzzle and its solution.
    const P9: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const S9: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn unique_puzzles_of_every_size_are_solved_and_checked() {
        for (puzzle, solution, size) in [(P4, S4, 4), (P9, S9, 9), (P16, S16, 16), (P25, S25, 25)] {
            let sudoku = Sudoku::parse(puzzle).unwrap();
            assert_eq!(sudoku.title(), format!("Sudoku {size}x{size}"));
            assert_eq!(sudoku.instance().n_items(), 4 * size * size);
            assert_eq!(sudoku.instance().n_options(), size * size * size);
            let givens = puzzle.chars().filter(|&c| c != '.').count();
            assert_eq!(sudoku.givens().len(), givens);
            let boards = solutions(puzzle, 2);
            assert_eq!(boards.len(), 1, "{size}x{size} has one solution");
            let b = &boards[0];
            assert_eq!(b.text, solution);
            assert_eq!(b.given.iter().filter(|&&g| g).count(), givens);
            assert_eq!(b.labels.len(), size + 1);
            // The fast path agrees.
            let solved = Solver::new().solve(sudoku.grid(), 2);
            assert_eq!(solved.count, 1);
            assert_eq!(solved.solution.unwrap().to_line(), solution);
        }
    }

    #[test]
    fn options_read_as_knuth_encodes_them() {
        let sudoku = Sudoku::parse(P9).unwrap();
        let x = sudoku.instance();
        assert_eq!(x.option_text(0), "r1c1 r1=1 c1=1 b1=1");
        // Row 5, column 6, symbol 7: box 5.
        let k = (4 * 9 + 5) * 9 + 6;
        assert_eq!(x.option_text(k), "r5c6 r5=7 c6=7 b5=7");
        assert_eq!(sudoku.placement(k), (4 * 9 + 5, 7));
        let big = Sudoku::parse(P16).unwrap();
        assert_eq!(
            big.instance().option_text(16 * 16 * 16 - 1),
            "r16c16 r16=G c16=G b16=G"
        );
        // The givens are the options of the given cells: r1c1 holds 5.
        assert_eq!(sudoku.givens()[0], 4);
        assert_eq!(sudoku.givens().len(), 30);
    }

    #[test]
    fn a_drawn_grid_over_several_lines_reads_like_one_line() {
        let drawn = "\
            5 3 0 | 0 7 0 | 0 0 0\n\
            6 0 0 | 1 9 5 | 0 0 0\n\
            0 9 8 | 0 0 0 | 0 6 0\n\
            ------+-------+------\n\
            8 0 0 | 0 6 0 | 0 0 3\n\
            4 0 0 | 8 0 3 | 0 0 1\n\
            7 0 0 | 0 2 0 | 0 0 6\n\
            ------+-------+------\n\
            0 6 0 | 0 0 0 | 2 8 0\n\
            0 0 0 | 4 1 9 | 0 0 5\n\
            0 0 0 | 0 8 0 | 0 7 9\r\n";
        let a = Sudoku::parse(drawn).unwrap();
        assert_eq!(a.grid(), Sudoku::parse(P9).unwrap().grid());
        assert_eq!(a.grid().to_line(), P9);
        // Lower-case letters are symbols too.
        let lower = Sudoku::parse(&P16.to_lowercase()).unwrap();
        assert_eq!(lower.grid().to_line(), P16);
    }

    #[test]
    fn a_puzzle_with_two_solutions_is_reported_as_such() {
        // S9 with the rectangle r4c6 = 1, r4c9 = 3, r5c6 = 3, r5c9 = 1 emptied: rows 4 and 5 share a
        // band and columns 6 and 9 lie in two boxes, so the 1s and 3s can swap.
        let mut cells: Vec<char> = S9.chars().collect();
        for p in [3 * 9 + 5, 3 * 9 + 8, 4 * 9 + 5, 4 * 9 + 8] {
            cells[p] = '.';
        }
        let text: String = cells.into_iter().collect();
        let boards = solutions(&text, 100);
        assert_eq!(boards.len(), 2);
        assert!(boards.iter().any(|b| b.text == S9));
        assert_ne!(boards[0].text, boards[1].text);
        let mut solver = Solver::new();
        let grid = Grid::parse(&text).unwrap();
        assert_eq!(solver.solve(&grid, 2).count, 2);
        assert_eq!(solver.solve(&grid, 100).count, 2);
        // With limit 1 the search stops at the first solution.
        let first = solver.solve(&grid, 1);
        assert_eq!(first.count, 1);
        assert_eq!(first.solution.unwrap().to_line(), boards[0].text);
    }

    #[test]
    fn a_puzzle_without_solution_gives_none() {
        // No clash among the givens, but r1c9 can hold nothing: its row has 1-8 and its column a 9.
        let text = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        assert!(solutions(&text, 2).is_empty());
        let solved = Solver::new().solve(&Grid::parse(&text).unwrap(), 2);
        assert_eq!(
            solved,
            Solved {
                count: 0,
                solution: None
            }
        );
    }

    #[test]
    fn wrong_number_of_cells() {
        let e = err(&P9[..80]);
        assert_eq!(e.message, "found 80 cells; a Sudoku has 16, 81, 256 or 625");
        assert_eq!((e.line, e.column), (Some(1), Some(80)));
        let e = err(&format!("{P9}\n 1"));
        assert_eq!(e.message, "found 82 cells; a Sudoku has 16, 81, 256 or 625");
        assert_eq!((e.line, e.column), (Some(2), Some(2)));
        let e = err(" | \n--");
        assert_eq!(e.message, "found 0 cells; a Sudoku has 16, 81, 256 or 625");
        assert_eq!((e.line, e.column), (None, None));
    }

    #[test]
    fn symbols_out_of_range_for_the_size() {
        let e = err("2.415.......4.13");
        assert_eq!(
            e.message,
            "r2c1: `5` is not a symbol of a 4x4 Sudoku (symbols 1-4; `.` or `0` for an empty cell)"
        );
        assert_eq!((e.line, e.column), (Some(1), Some(5)));
        let e = err(&format!("{}\n..a{}", &P9[..9], &P9[12..]));
        assert_eq!(
            e.message,
            "r2c3: `a` is not a symbol of a 9x9 Sudoku (symbols 1-9; `.` or `0` for an empty cell)"
        );
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        // 0 is an empty cell only up to 9x9; H is the 17th symbol.
        let e = err(&format!("0{}", &P16[1..]));
        assert_eq!(
            e.message,
            "r1c1: `0` is not a symbol of a 16x16 Sudoku (symbols 1-9 and A-G; `.` for an empty cell)"
        );
        assert_eq!((e.line, e.column), (Some(1), Some(1)));
        let e = err(&format!("{}H{}", &P16[..17], &P16[18..]));
        assert!(e
            .message
            .starts_with("r2c2: `H` is not a symbol of a 16x16"));
        assert_eq!((e.line, e.column), (Some(1), Some(18)));
        assert_eq!(
            Sudoku::parse(&format!("0{}", &P4[1..]))
                .unwrap()
                .grid()
                .to_line(),
            format!(".{}", &P4[1..])
        );
    }

    #[test]
    fn unknown_characters() {
        let e = err("2.41\n..*.\n....\n4.13");
        assert_eq!(
            e.message,
            "unknown character `*`: cells are 1-9 or A-P, and `.` or `0` for an empty one"
        );
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        // Q is past the largest size's symbols; é is more than one byte: columns count characters.
        assert_eq!(err(&format!("{}Q", &P25[1..])).column, Some(625));
        let e = err("é2.41");
        assert_eq!((e.line, e.column), (Some(1), Some(1)));
        assert!(e.message.starts_with("unknown character `é`"));
    }

    #[test]
    fn clashing_givens_name_both_cells_and_the_symbol() {
        let e = err("2.42............");
        assert_eq!(
            e.message,
            "givens clash: r1c1 and r1c4 both hold 2 in row 1"
        );
        assert_eq!((e.line, e.column), (Some(1), Some(4)));
        let e = err("3...\n....\n....\n3...");
        assert_eq!(
            e.message,
            "givens clash: r1c1 and r4c1 both hold 3 in column 1"
        );
        assert_eq!((e.line, e.column), (Some(4), Some(1)));
        let e = err(&format!("{}\n6.3{}", &P9[..9], &P9[12..]));
        assert_eq!(
            e.message,
            "givens clash: r1c2 and r2c3 both hold 3 in box 1"
        );
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
    }

    #[test]
    fn check_rejects_boards_that_break_a_rule() {
        let sudoku = Sudoku::parse(P9).unwrap();
        let good = solutions(P9, 1).remove(0);
        assert_eq!(sudoku.check(&good), Ok(()));
        let mut b = good.clone();
        b.cells[80] = 0;
        assert_eq!(sudoku.check(&b), Err("r9c9 is empty".into()));
        b.cells[80] = 10;
        assert_eq!(sudoku.check(&b), Err("r9c9 holds 10, not a symbol".into()));
        // Swapping two cells of a row keeps the row a permutation but breaks columns.
        let mut b = good.clone();
        b.cells.swap(79, 80);
        assert_eq!(
            sudoku.check(&b),
            Err("column 8 holds 9 twice (r5c8 and r9c8)".into())
        );
        // A valid grid that does not keep the givens: the solution with symbols 1 and 2 swapped.
        let mut b = good.clone();
        for v in &mut b.cells {
            *v = match *v {
                1 => 2,
                2 => 1,
                x => x,
            };
        }
        assert_eq!(
            sudoku.check(&b),
            Err("r2c4 is given as 1 but holds 2".into())
        );
        assert!(sudoku.check(&Board::default()).is_err());
    }

    #[test]
    fn a_partial_board_shows_the_givens_and_the_options_so_far() {
        let sudoku = Sudoku::parse(P4).unwrap();
        // Option for r1c2 = 3.
        let b = sudoku.board(&[4 + 2]);
        assert_eq!(b.kind, "sudoku");
        assert_eq!(b.text, "2341........4.13");
        assert_eq!(b.cells[1], 3);
        assert!(!b.given[1] && b.given[0]);
        assert_eq!(b.labels, vec![".", "1", "2", "3", "4"]);
        assert_eq!(sudoku.board(&[]).text, P4);
        assert!(sudoku.check(&sudoku.board(&[])).is_err());
    }
}
