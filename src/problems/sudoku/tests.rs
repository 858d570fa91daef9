//! Tests of the reader, the problem and the batch solver.

use super::*;
use crate::core::{Event, Limits, Observer, Search};
use crate::problems::{symbol as symbol_of, Board, InputError, Problem};
use std::ops::ControlFlow;

/// The character of symbol `v` in the standard alphabet.
fn symbol(v: u8) -> char {
    symbol_of(usize::from(v))
}

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

/// `line` (one character a cell) as a table copied from a web page or a spreadsheet: cells between
/// tabs, an empty cell an empty field, lines ended by CRLF.
fn tab_table(line: &str, size: usize) -> String {
    let cells: Vec<char> = line.chars().collect();
    cells
        .chunks(size)
        .map(|row| {
            row.iter()
                .map(|&c| {
                    if c == '.' {
                        String::new()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\t")
                + "\r\n"
        })
        .collect()
}

#[test]
fn a_grid_copied_from_a_table_reads_one_cell_a_field() {
    // Empty fields between tabs are empty cells (read one a character, the text had 30 cells).
    let table = tab_table(P9, 9);
    assert!(table.contains("\t\t"), "{table:?}");
    assert_eq!(Sudoku::parse(&table).unwrap().grid().to_line(), P9);
    assert_eq!(
        Sudoku::parse(&tab_table(P4, 4)).unwrap().grid().to_line(),
        P4
    );
    // A row of empty cells is tabs only, and counts as a row.
    let empty_row = format!("{}{}", ".".repeat(9), &P9[9..]);
    let table = tab_table(&empty_row, 9);
    assert!(table.starts_with("\t\t\t\t\t\t\t\t\r\n"), "{table:?}");
    assert_eq!(Sudoku::parse(&table).unwrap().grid().to_line(), empty_row);
    // A 16x16 in numbers 1-16, one a field.
    let numbers: String = P16
        .chars()
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|row| {
            row.iter()
                .map(|&c| match c {
                    '.' => String::new(),
                    'A'..='G' => (c as u32 - 'A' as u32 + 10).to_string(),
                    _ => c.to_string(),
                })
                .collect::<Vec<_>>()
                .join("\t")
                + "\n"
        })
        .collect();
    assert_eq!(Sudoku::parse(&numbers).unwrap().grid().to_line(), P16);
    // An error names the place in the text as pasted: the second 5 of row 1 is its third character.
    let clash = tab_table(&format!("55{}", &P9[2..]), 9);
    let e = err(&clash);
    assert_eq!((e.line, e.column), (Some(1), Some(3)), "{e}");
    assert!(e.message.contains("r1c1 and r1c2 both hold 5"), "{e}");
    // A grid indented by a tab is no table: read as before.
    let indented: String = P9
        .as_bytes()
        .chunks(9)
        .map(|r| format!("\t{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(Sudoku::parse(&indented).unwrap().grid().to_line(), P9);
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
            solution: None,
            nodes: 1
        }
    );
}

#[test]
fn wrong_number_of_cells() {
    let e = err(&P9[..80]);
    assert_eq!(
        e.message,
        "read 80 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 64 (8x8) or 81 (9x9)"
    );
    assert_eq!((e.line, e.column), (Some(1), Some(80)));
    let e = err(&format!("{P9}\n 1"));
    assert_eq!(
        e.message,
        "read 82 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 81 (9x9) or 100 (10x10)"
    );
    assert_eq!((e.line, e.column), (Some(2), Some(2)));
    let e = err(" | \n--");
    assert_eq!(
        e.message,
        "read 0 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 16 (4x4)"
    );
    assert_eq!((e.line, e.column), (None, None));
}

/// A signed number among the cells was read without its sign (`-5` as 5): refused where it stands.
#[test]
fn a_signed_cell_is_refused() {
    let rows: Vec<String> = P9
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| {
                    if b == b'.' {
                        "0".to_string()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut lines = rows.clone();
    lines[4] = format!("-{}", lines[4]);
    let e = err(&lines.join("\n"));
    assert_eq!((e.line, e.column), (Some(5), Some(1)), "{}", e.message);
    assert!(
        e.message
            .ends_with("a cell is a symbol or a number from 1, with no sign"),
        "{}",
        e.message
    );
    let mut lines = rows;
    lines[1] = lines[1].replacen(' ', " +", 1);
    let e = err(&lines.join("\n"));
    assert_eq!((e.line, e.column), (Some(2), Some(3)), "{}", e.message);
    // Borders keep their dashes and pluses.
    reads_as(
        &format!(
            "+-------+\n{}\n+-------+",
            P9.as_bytes()
                .chunks(9)
                .map(|r| String::from_utf8(r.to_vec()).unwrap())
                .collect::<Vec<_>>()
                .join("\n")
        ),
        P9,
    );
}

/// A 9x9 line as web pages print it: a row a line, cells spaced, boxes split by `|`.
fn spaced_rows(line: &str) -> Vec<String> {
    line.as_bytes()
        .chunks(9)
        .map(|r| {
            let r: Vec<String> = r.iter().map(|&b| (b as char).to_string()).collect();
            format!(
                "{} | {} | {}",
                r[..3].join(" "),
                r[3..6].join(" "),
                r[6..].join(" ")
            )
        })
        .collect()
}

/// A grid as copied from a web page, one row a line, with a cell left out of row 3: the error names
/// that row's line (it named the last cell read, in row 9, which is right).
#[test]
fn a_short_row_is_named() {
    let rows = spaced_rows(P9);
    let mut lines: Vec<String> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        if i == 3 || i == 6 {
            lines.push("------+-------+------".into());
        }
        lines.push(r.clone());
    }
    // Row 3 loses its last cell (line 3 of the text); row 8 gains one (line 10).
    let cut = lines[2].len() - 2;
    lines[2].truncate(cut);
    let e = err(&(lines.join("\n") + "\n"));
    assert_eq!(
        e.message,
        "this line has 8 cells where the other 8 lines have 9: read 80 cells; a Sudoku has N×N \
         (N = 4 to 16, or 25): nearest 64 (8x8) or 81 (9x9)"
    );
    assert_eq!((e.line, e.column), (Some(3), Some(1)));
    lines[9].push_str(" 1");
    assert_eq!(
        err(&lines.join("\n")).line,
        Some(3),
        "a short and a long row: the first"
    );
    // Lines that are not a grid's rows (six lines of two or three cells): only the count.
    let e = err("1.3\n4.6\n7.\n9.\n2.\n4.");
    assert_eq!(
        e.message,
        "read 14 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 16 (4x4)"
    );
}

#[test]
fn a_grid_one_row_a_line_with_a_short_row_and_a_long_one_says_which_line() {
    // 81 cells in all, 8 on line 2 and 10 on line 9: read on, they made a clash far from the fault.
    let rows = spaced_rows(P9);
    let whole = rows.join("\n");
    assert!(Sudoku::parse(&whole).is_ok(), "the grid itself reads");
    let mut bad = rows.clone();
    let moved = bad[1].pop().expect("a cell");
    bad[8].push(' ');
    bad[8].push(moved);
    let e = err(&bad.join("\n"));
    assert_eq!(
        e.message,
        "this line has 8 cells; a row of a 9x9 Sudoku has 9"
    );
    assert_eq!((e.line, e.column), (Some(2), Some(1)));
    // Numbers, one a cell, as a 16x16 is often written: the same.
    let sixteen: Vec<String> = (0..16)
        .map(|r| {
            (0..16)
                .map(|c| {
                    if r == c {
                        "16".to_string()
                    } else {
                        "0".to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut bad = sixteen.clone();
    bad[3].push_str(" 0");
    let cut = bad[4].len() - 2;
    bad[4].truncate(cut);
    let e = err(&bad.join("\n"));
    assert_eq!(
        e.message,
        "this line has 17 cells; a row of a 16x16 Sudoku has 16"
    );
    assert_eq!((e.line, e.column), (Some(4), Some(1)));
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
    // With a G in the grid, 0 is not a symbol of the 16x16: an empty cell. H is the 17th symbol.
    let zero = Sudoku::parse(&format!("0{}", &P16[1..])).unwrap();
    assert_eq!(zero.grid().to_line(), P16);
    assert_eq!(zero.grid().alphabet(), Alphabet::Standard);
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
    let e = err("2.41\n..?.\n....\n4.13");
    assert_eq!(
        e.message,
        "unknown character `?`: cells are 1-9 or letters, and `.`, `0`, `_`, `*` or `x` for an \
         empty one"
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
    assert_eq!(b.kind, crate::problems::ProblemKind::Sudoku);
    assert_eq!(b.text, "2341........4.13");
    assert_eq!(b.cells[1], 3);
    assert!(!b.given[1] && b.given[0]);
    assert_eq!(b.labels, vec![".", "1", "2", "3", "4"]);
    assert_eq!(sudoku.board(&[]).text, P4);
    assert!(sudoku.check(&sudoku.board(&[])).is_err());
}

// ---- The forms people paste (the shapes copied from the programs and sites that print them). ----

/// Easter Monster: a 9x9 that branches (about 5,000 search-tree nodes).
// The fixtures in tests/data/sudoku, shared with the CLI, wasm and browser tests.
const EASTER: &str = include_str!("../../../tests/data/sudoku/easter-monster.txt").trim_ascii();

/// Reads `text`, expecting the puzzle `line` (one line, standard symbols, `.` empty).
fn reads_as(text: &str, line: &str) -> Grid {
    let grid = Grid::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let standard: String = grid.cells().iter().map(|&v| symbol(v)).collect();
    assert_eq!(standard, line, "{text}");
    grid
}

#[test]
fn hodoku_grid_with_its_borders() {
    // HoDoKu, File > Copy givens as a grid: `.---.` on top, `:---+` between bands, `'---'` below.
    let hodoku = include_str!("../../../tests/data/sudoku/easter-monster-hodoku.txt");
    let g = reads_as(hodoku, EASTER);
    assert_eq!(g.note(), "Read as a 9x9 Sudoku");
}

#[test]
fn simple_sudoku_grid_with_its_borders() {
    // Simple Sudoku's .ss text: `*-----------*` above and below, `|---+---+---|` between bands.
    let ss = "\
*-----------*
|1..|...|..2|
|.9.|4..|.5.|
|..6|...|7..|
|---+---+---|
|.5.|9.3|...|
|...|.7.|...|
|...|85.|.4.|
|---+---+---|
|7..|...|6..|
|.3.|..9|.8.|
|..2|...|..1|
*-----------*
";
    reads_as(ss, EASTER);
    // The same with the other empty marks people use: 0, _, * and x (x also in capitals).
    for mark in ["0", "_", "*", "x", "X"] {
        reads_as(
            &ss.replace("|.", "|#").replace('.', mark).replace('#', "."),
            EASTER,
        );
    }
}

#[test]
fn dashes_for_empty_cells() {
    // Some sites write a puzzle's empty cells as dashes: one line of 81, or nine of nine. Read with
    // `-` as a separator (as it is in borders and `5-3-7` rows), `--3-2-6--…` was 32 cells.
    let dashed = EASTER.replace('.', "-");
    reads_as(&dashed, EASTER);
    let rows: Vec<&str> = (0..9).map(|r| &dashed[r * 9..r * 9 + 9]).collect();
    reads_as(&rows.join("\n"), EASTER);
    // A row starting `-5` is an empty cell and a 5 here, not a number with a sign.
    let g = Grid::parse(&format!("-4{}", &dashed[2..])).expect("reads");
    assert_eq!(&g.cells()[..3], &[0, 4, 0]);
    // One dash short: the count says what the dashes were read as, and not "meant as single numbers?".
    let e = Grid::parse(&dashed[1..]).unwrap_err();
    assert!(
        e.message
            .ends_with("`-` read as an empty cell, they are 80: write empty cells as `.` or `0`"),
        "{e}"
    );
    assert!(!e.message.contains("single number"), "{e}");
    // Dashes beside spaces or walls are still borders and separators.
    reads_as(
        "1 . . | . . . | . . 2\n. 9 . | 4 . . | . 5 .\n. . 6 | . . . | 7 . .\n------+-------+------\n\
         . 5 . | 9 . 3 | . . .\n. . . | . 7 . | . . .\n. . . | 8 5 . | . 4 .\n------+-------+------\n\
         7 . . | . . . | 6 . .\n. 3 . | . . 9 | . 8 .\n. . 2 | . . . | . . 1",
        EASTER,
    );
}

#[test]
fn box_drawing_grids() {
    let double = "\
╔═══════╤═══════╤═══════╗
║ 1 . . │ . . . │ . . 2 ║
║ . 9 . │ 4 . . │ . 5 . ║
║ . . 6 │ . . . │ 7 . . ║
╟───────┼───────┼───────╢
║ . 5 . │ 9 . 3 │ . . . ║
║ . . . │ . 7 . │ . . . ║
║ . . . │ 8 5 . │ . 4 . ║
╟───────┼───────┼───────╢
║ 7 . . │ . . . │ 6 . . ║
║ . 3 . │ . . 9 │ . 8 . ║
║ . . 2 │ . . . │ . . 1 ║
╚═══════╧═══════╧═══════╝";
    reads_as(double, EASTER);
    let single = "\
┌───────┬───────┬───────┐
│ 1     │       │     2 │
│   9   │ 4     │   5   │
│     6 │       │ 7     │
├───────┼───────┼───────┤
│   5   │ 9   3 │       │
│       │   7   │       │
│       │ 8 5   │   4   │
├───────┼───────┼───────┤
│ 7     │       │ 6     │
│   3   │     9 │   8   │
│     2 │       │     1 │
└───────┴───────┴───────┘";
    // Blank cells as spaces cannot be counted; written with `.` they read.
    let dotted: String = single
        .lines()
        .map(|l| {
            if l.contains('│') {
                // Each cell is the character at 2, 4, 6 of a box's 7 columns.
                l.chars()
                    .enumerate()
                    .map(|(i, ch)| {
                        if i % 8 != 0 && i % 2 == 0 && ch == ' ' {
                            '.'
                        } else {
                            ch
                        }
                    })
                    .collect::<String>()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    reads_as(&dotted, EASTER);
    let e = Grid::parse(single).unwrap_err();
    assert!(e.message.starts_with("read 21 cells"), "{e}");
    assert!(
        e.message.ends_with(
            "empty cells left blank in a drawn grid cannot be counted: write them as `.` or `0`"
        ),
        "{e}"
    );
    // A wall between every two cells: a blank between two walls is an empty cell.
    let walled = "\
╔═══╤═══╤═══╦═══╤═══╤═══╦═══╤═══╤═══╗
║ 1 │   │   ║   │   │   ║   │   │ 2 ║
╟───┼───┼───╫───┼───┼───╫───┼───┼───╢
║   │ 9 │   ║ 4 │   │   ║   │ 5 │   ║
╟───┼───┼───╫───┼───┼───╫───┼───┼───╢
║   │   │ 6 ║   │   │   ║ 7 │   │   ║
╠═══╪═══╪═══╬═══╪═══╪═══╬═══╪═══╪═══╣
║   │ 5 │   ║ 9 │   │ 3 ║   │   │   ║
╟───┼───┼───╫───┼───┼───╫───┼───┼───╢
║   │   │   ║   │ 7 │   ║   │   │   ║
╟───┼───┼───╫───┼───┼───╫───┼───┼───╢
║   │   │   ║ 8 │ 5 │   ║   │ 4 │   ║
╠═══╪═══╪═══╬═══╪═══╪═══╬═══╪═══╪═══╣
║ 7 │   │   ║   │   │   ║ 6 │   │   ║
╟───┼───┼───╫───┼───┼───╫───┼───┼───╢
║   │ 3 │   ║   │   │ 9 ║   │ 8 │   ║
╟───┼───┼───╫───┼───┼───╫───┼───┼───╢
║   │   │ 2 ║   │   │   ║   │   │ 1 ║
╚═══╧═══╧═══╩═══╧═══╩═══╧═══╧═══╧═══╝";
    reads_as(walled, EASTER);
    // The same in ASCII walls, with a no-break space in a blank (as copied from a web page).
    let ascii = walled
        .lines()
        .filter(|l| l.contains('║'))
        .map(|l| {
            l.replace(['║', '│'], "|")
                .replacen("|   |", "|\u{a0}\u{a0} |", 1)
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(ascii.contains('\u{a0}'));
    reads_as(&ascii, EASTER);
    // A given clashing there is named at its own line and column.
    let clash = walled.replacen("║ 1 │   │", "║ 1 │ 1 │", 1);
    let e = Grid::parse(&clash).unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(7)), "{e}");
    assert!(e.message.starts_with("givens clash: r1c1 and r1c2"), "{e}");
    // A wall between cells, one space holding two: read as before, one character a cell.
    let two = walled.replacen("║ 1 │   │", "║ 1 │ 34│", 1);
    assert!(Grid::parse(&two).is_err());
}

#[test]
fn a_line_of_words_under_the_grid_is_skipped_and_labels_are_named() {
    let rows: Vec<&str> = (0..9).map(|r| &EASTER[r * 9..r * 9 + 9]).collect();
    let grid = rows.join("\n");
    let g = reads_as(&format!("{grid}\nSolution: see page 3\n"), EASTER);
    assert_eq!(
        g.note(),
        "Read as a 9x9 Sudoku (the line of words under the grid skipped)"
    );
    let g = reads_as(&format!("Puzzle 12\n{grid}\nRated: hard\n"), EASTER);
    assert_eq!(
        g.note(),
        "Read as a 9x9 Sudoku (the title line skipped; the line of words under the grid skipped)"
    );
    // A last line of cells is no words: a short grid is still refused.
    assert!(Grid::parse(&rows[..8].join("\n")).is_err());
    // Labels down the side and across the top are counted as cells, and the count says so.
    let mut labelled = vec!["  1 2 3 4 5 6 7 8 9".to_string()];
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row.chars().map(String::from).collect();
        labelled.push(format!("{} {}", (b'A' + r as u8) as char, cells.join(" ")));
    }
    let e = Grid::parse(&labelled.join("\n")).unwrap_err();
    assert!(
        e.message.ends_with(
            "read 99 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 81 (9x9) or 100 (10x10); \
             that is 81 and 18 more: were row or \
             column labels read as cells? Remove them"
        ),
        "{e}"
    );
}

#[test]
fn comments_and_a_title_line_are_skipped() {
    let text = format!(
        "Easter Monster\n# from the forum's list of hardest puzzles\n// rated 11.9\n{}\n",
        EASTER
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let g = reads_as(&text, EASTER);
    assert!(g.reading().title_skipped);
    assert_eq!(g.note(), "Read as a 9x9 Sudoku (the title line skipped)");
    // A title with punctuation, and a comment between the rows.
    let text = format!(
        "Puzzle 1: hard!\n{}\n# half way\n{}",
        &EASTER[..45],
        &EASTER[45..]
    );
    reads_as(&text, EASTER);
    // A title over a grid with an error: the grid's error, not a count that includes the title.
    let bad = format!("Easter Monster\n2{}", &EASTER[1..]);
    let e = Grid::parse(&bad).unwrap_err();
    assert_eq!(
        e.message,
        "givens clash: r1c1 and r1c9 both hold 2 in row 1"
    );
    assert_eq!((e.line, e.column), (Some(2), Some(9)));
    // With no title, line numbers are the text's own.
    let e = Grid::parse(&format!("# c\n\n{}", &EASTER[..80])).unwrap_err();
    assert_eq!(
        e.message,
        "read 80 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 64 (8x8) or 81 (9x9)"
    );
    assert_eq!((e.line, e.column), (Some(3), Some(80)));
}

/// P16 in hexadecimal: symbol v written as the digit v - 1.
fn hex(line: &str) -> String {
    line.chars()
        .map(|ch| match symbol_value(ch) {
            Some(v) => char::from_digit(u32::from(v) - 1, 16)
                .unwrap()
                .to_ascii_uppercase(),
            None => ch,
        })
        .collect()
}

/// The standard symbol number of a character (`1`-`9`, `A`-`P`).
fn symbol_value(ch: char) -> Option<u8> {
    Alphabet::Standard.value(ch)
}

/// Rows of `size` cells, each cell written by `cell` and joined by `sep`.
fn rows_of(line: &str, size: usize, sep: &str, cell: impl Fn(char) -> String) -> String {
    let cells: Vec<char> = line.chars().collect();
    cells
        .chunks(size)
        .map(|r| r.iter().map(|&c| cell(c)).collect::<Vec<_>>().join(sep))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn sixteen_by_sixteen_in_hexadecimal() {
    let text = rows_of(&hex(P16), 16, " ", |c| c.to_string());
    let g = reads_as(&text, P16);
    assert_eq!(g.alphabet(), Alphabet::Hex);
    assert_eq!(g.note(), "Read as a 16x16 Sudoku (symbols 0-F)");
    // Printed back in hexadecimal, solved in hexadecimal.
    assert_eq!(g.to_line(), hex(P16));
    let sudoku = Sudoku::parse(&text).unwrap();
    let solved = solutions(&text, 2);
    assert_eq!(solved.len(), 1);
    assert_eq!(solved[0].text, hex(S16));
    assert_eq!(solved[0].labels[1], "0");
    assert_eq!(solved[0].labels[16], "F");
    assert_eq!(sudoku.instance().option_text(0), "r1c1 r1=0 c1=0 b1=0");
    // A hexadecimal clash names the symbol as written.
    let clash = format!("00{}", &hex(P16)[2..]);
    assert!(Grid::parse(&clash)
        .unwrap_err()
        .message
        .contains("both hold 0 in row 1"));
    // H has no place in hexadecimal.
    let e = Grid::parse(&format!("0H{}", &hex(P16)[2..])).unwrap_err();
    assert!(
        e.message
            .contains("`H` is not a symbol of a 16x16 Sudoku (symbols 0-F"),
        "{e}"
    );
}

#[test]
fn numbers_separated_by_spaces_or_commas() {
    let number = |c: char| symbol_value(c).map_or("0".to_string(), |v| v.to_string());
    let spaced = rows_of(P16, 16, " ", number);
    assert!(spaced.contains(" 16 ") || spaced.contains(" 10 "));
    let g = reads_as(&spaced, P16);
    assert!(g.reading().numbers);
    assert_eq!(g.note(), "Read as a 16x16 Sudoku (numbers 1-16)");
    // Commas, a trailing comma, dots for the empty cells, and a title.
    let commas = rows_of(P16, 16, ",", |c| {
        symbol_value(c).map_or(".".to_string(), |v| v.to_string())
    });
    reads_as(&format!("16x16 from a CSV file\n{commas}"), P16);
    reads_as(&commas.replace('\n', ",\n"), P16);
    let g = reads_as(&rows_of(P25, 25, " ", number), P25);
    assert_eq!(g.note(), "Read as a 25x25 Sudoku (numbers 1-25)");
    // A 9x9 with commas reads one digit a cell: the same.
    reads_as(&rows_of(EASTER, 9, ", ", number), EASTER);
    // A number past the size.
    let e = Grid::parse(&spaced.replacen(" 0 ", " 17 ", 1)).unwrap_err();
    assert!(
        e.message.ends_with(
            "17 is not a symbol of a 16x16 Sudoku (numbers 1-16; `0` or `.` for an empty cell)"
        ),
        "{e}"
    );
}

#[test]
fn a_wrong_count_of_numbers_says_what_was_read() {
    let number = |c: char| symbol_value(c).map_or("0".to_string(), |v| v.to_string());
    let spaced = rows_of(P16, 16, " ", number);
    // One number lost: 255 numbers, which read one digit a cell make more cells still.
    let short = spaced.trim_end_matches(|c: char| c != ' ').trim_end();
    let digits = short.chars().filter(|c| c.is_ascii_digit()).count();
    let e = Grid::parse(short).unwrap_err();
    let two: Vec<&str> = short
        .split_whitespace()
        .filter(|w| w.len() == 2)
        .take(2)
        .collect();
    assert_eq!(
        e.message,
        format!(
            "read {digits} cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest {}; were `{}`, \
             `{}`, ... meant as single numbers? (read as numbers, they are 255 cells)",
            geometry::nearest_counts(digits),
            two[0],
            two[1]
        )
    );
    assert_eq!(e.line, Some(16));
}

/// P25 in letters: symbol v written as the v-th letter.
fn letters(line: &str) -> String {
    line.chars()
        .map(|ch| symbol_value(ch).map_or(ch, |v| char::from(b'A' + v - 1)))
        .collect()
}

#[test]
fn twenty_five_by_twenty_five_in_letters() {
    let text = rows_of(&letters(P25), 25, "", |c| c.to_string());
    let g = reads_as(&text, P25);
    assert_eq!(g.alphabet(), Alphabet::Letters);
    assert_eq!(g.note(), "Read as a 25x25 Sudoku (symbols A-Y)");
    let solved = Solver::new().solve(&g, 2);
    assert_eq!(solved.count, 1);
    assert_eq!(solved.solution.unwrap().to_line(), letters(S25));
    // Lower case too; X is a letter here, not an empty cell.
    let lower = letters(P25).to_lowercase();
    assert!(lower.contains('x'));
    reads_as(&lower, P25);
    // With a digit in it, the grid is 1-9 and A-P again, and Q is out.
    let e = Grid::parse(&format!("1{}", &letters(P25)[1..])).unwrap_err();
    assert!(
        e.message.contains("is not a symbol of a 25x25 Sudoku"),
        "{e}"
    );
}

#[test]
fn a_sudoku_in_the_exact_cover_box_or_any_box_is_read_as_a_sudoku() {
    use crate::problems::{load, load_text, parse_n, Spec};
    let p = load(&Spec::ExactCover(EASTER.into())).unwrap();
    assert_eq!(p.title(), "Sudoku 9x9");
    assert_eq!(p.note().as_deref(), Some("Read as a 9x9 Sudoku"));
    assert_eq!(p.givens().len(), 21);
    // A grid over several lines, too; a 0-1 matrix of 16 cells stays a matrix.
    let rows = rows_of(EASTER, 9, "", |c| c.to_string());
    assert_eq!(
        load(&Spec::ExactCover(rows.clone())).unwrap().title(),
        "Sudoku 9x9"
    );
    let m = load(&Spec::ExactCover("0110\n1001\n0110\n1001".into())).unwrap();
    assert_eq!(m.note(), None);
    assert_eq!(m.instance().n_options(), 4);
    // Neither: the exact-cover error stands.
    assert!(load(&Spec::ExactCover("a b\nc".into())).is_err());
    // In the N box of the queens.
    let p = load_text(parse_n(&rows).map(Spec::Queens), &rows).unwrap();
    assert_eq!(p.title(), "Sudoku 9x9");
    let q = load_text(parse_n("8").map(Spec::Queens), "8").unwrap();
    assert_eq!(q.note(), None);
    let e = load_text(parse_n("8x").map(Spec::Queens), "8x")
        .err()
        .unwrap();
    assert!(e.message.contains("not a digit"), "{e}");
}

#[test]
fn a_drawn_or_clashing_sudoku_in_the_exact_cover_box_is_a_sudoku() {
    use crate::problems::{load, load_text, warning, Spec};
    // Simple Sudoku's drawing: read as Knuth's format it was 1 item (`*-----------*`), 1 option.
    let simple = "*-----------*\n|1..|...|..2|\n|.9.|4..|.5.|\n|..6|...|7..|\n|---+---+---|\n\
                  |.5.|9.3|...|\n|...|.7.|...|\n|...|85.|.4.|\n|---+---+---|\n\
                  |7..|...|6..|\n|.3.|..9|.8.|\n|..2|...|..1|\n*-----------*\n";
    let p = load(&Spec::ExactCover(simple.into())).unwrap();
    assert_eq!(p.title(), "Sudoku 9x9");
    assert_eq!(p.board(&[]).text, EASTER);
    // The page's exact-cover box goes the same way.
    let ec = |t: &str| crate::problems::kinds::spec("exact-cover", t, false);
    assert_eq!(load_text(ec(simple), simple).unwrap().title(), "Sudoku 9x9");
    // Two 1s in row 1: the clash is the error, with both cells (it was "1 items, 0 options").
    let clash = format!("11{}", &EASTER[2..]);
    for e in [
        load(&Spec::ExactCover(clash.clone())).err().unwrap(),
        load_text(ec(&clash), &clash).err().unwrap(),
    ] {
        assert_eq!(
            e.message, "givens clash: r1c1 and r1c2 both hold 1 in row 1",
            "{e}"
        );
        assert_eq!((e.line, e.column), (Some(1), Some(2)));
    }
    // Drawn and clashing: the clash too, not Knuth's one item and one option.
    let drawn_clash = simple.replacen("|1..|", "|11.|", 1);
    let e = load(&Spec::ExactCover(drawn_clash)).err().unwrap();
    assert!(e.message.starts_with("givens clash: r1c1 and r1c2"), "{e}");
    // A 0-1 matrix that reads as a 4x4 Sudoku without a clash stays a matrix.
    let m = load(&Spec::ExactCover("1000\n0010\n0100\n0001".into())).unwrap();
    assert_eq!(m.note(), None);
    assert_eq!(m.instance().n_options(), 4);
    // A Knuth instance with options whose Sudoku reading clashes stays an instance.
    let knuth = "1 2 3 4\n1 2\n3 4\n1 3\n2 4\n1 2 3 4";
    let k = load(&Spec::ExactCover(knuth.into())).unwrap();
    assert_eq!(k.instance().n_options(), 5, "{}", k.title());
    assert_eq!(warning(&*k), None);
    // No Sudoku: Knuth's reading stands, with its warning.
    let hello = load(&Spec::ExactCover("hello world".into())).unwrap();
    assert_eq!(hello.instance().n_items(), 2);
    let w = warning(&*hello).unwrap();
    assert!(
        w.starts_with("Nothing to search: 2 items and no option."),
        "{w}"
    );
    let one = load(&Spec::ExactCover("a\na\na".into())).unwrap();
    let w = warning(&*one).unwrap();
    assert!(
        w.starts_with("Only one item (`a`): each of the 2 options"),
        "{w}"
    );
    // A Sudoku whose givens fill the grid has no option left, and needs no warning.
    assert_eq!(warning(&*load(&Spec::Sudoku(EASTER.into())).unwrap()), None);
    // Langford's pairs exist only for n = 0 or 3 (mod 4): the others are told they have none, and
    // the search agrees.
    for n in 1..=9 {
        let l = load(&Spec::Langford { n, distinct: false }).unwrap();
        let w = warning(&*l);
        let mut s = Search::new(l.instance());
        s.run(&mut crate::core::Count);
        let count = s.stats().solutions;
        assert_eq!(w.is_some(), count == 0, "n = {n}: {w:?}, {count} solutions");
        if let Some(w) = w {
            assert!(
                w.starts_with(&format!("No Langford pairing of 1 to {n} exists")),
                "{w}"
            );
        }
    }
}

#[test]
fn candidates_are_the_live_lists_of_the_cell_items() {
    let sudoku = Sudoku::parse(EASTER).unwrap();
    let mut search = Search::new(sudoku.instance());
    search.preselect(sudoku.givens()).unwrap();
    // At the start, the candidates of a cell are the symbols its row, column and box lack.
    let cells = sudoku.grid().cells();
    let naive = |cells: &[u8], p: usize| -> u32 {
        let (r, c) = (p / 9, p % 9);
        let mut mask = 0x1ff;
        for (q, &v) in cells.iter().enumerate() {
            let (s, d) = (q / 9, q % 9);
            if v != 0 && (s == r || d == c || (s / 3, d / 3) == (r / 3, c / 3)) {
                mask &= !(1 << (v - 1));
            }
        }
        mask
    };
    let cand = candidates(search.links(), Geometry::classic());
    for p in 0..81 {
        let expect = if cells[p] != 0 { 0 } else { naive(cells, p) };
        assert_eq!(cand[p], expect, "cell {p}");
        if cells[p] == 0 {
            assert_eq!(cand[p].count_ones(), search.links().len(p as u32 + 1));
        }
    }
    assert_eq!(cand[1], 0b1100_1000, "r1c2 can hold 4, 7 or 8");
    // Deeper in the search, they follow the board of the options chosen.
    let mut events = 0;
    while search.path().len() < 3 {
        search.step().unwrap();
        events += 1;
    }
    while search.trying().is_some() {
        // The tried option is placed once its items are covered: step to the next choice.
        if matches!(search.step(), Some(Event::Choose { .. }) | None) {
            break;
        }
    }
    let board = sudoku.board(&search.solution());
    let placed: Vec<u8> = board.cells.iter().map(|&v| v as u8).collect();
    let cand = candidates(search.links(), Geometry::classic());
    let mut checked = 0;
    for p in 0..81 {
        if placed[p] == 0 {
            assert_eq!(cand[p], naive(&placed, p), "cell {p} after {events} events");
            checked += 1;
        }
    }
    assert!(checked > 40);
}

#[test]
fn items_and_cells_map_both_ways() {
    // Option for r5c6 = 7: items r5c6, r5=7, c6=7, b5=7.
    let k = (4 * 9 + 5) * 9 + 6;
    let inst = instance(Geometry::classic());
    let names: Vec<&str> = option_items(Geometry::classic(), k)
        .iter()
        .map(|&i| inst.item_name(i))
        .collect();
    assert_eq!(names, ["r5c6", "r5=7", "c6=7", "b5=7"]);
    for k in [0, 100, 728] {
        assert_eq!(
            option_items(Geometry::classic(), k).to_vec(),
            inst.option(k).collect::<Vec<_>>()
        );
    }
    assert_eq!(item_cells(Geometry::classic(), 4 * 9 + 5), [41]);
    let row5: Vec<usize> = (36..45).collect();
    assert_eq!(item_cells(Geometry::classic(), 81 + 4 * 9 + 6), row5);
    let col6: Vec<usize> = (0..9).map(|r| r * 9 + 5).collect();
    assert_eq!(item_cells(Geometry::classic(), 2 * 81 + 5 * 9 + 6), col6);
    assert_eq!(
        item_cells(Geometry::classic(), 3 * 81 + 4 * 9 + 6),
        [30, 31, 32, 39, 40, 41, 48, 49, 50]
    );
    // Every option's cell lies among the cells of each of its items.
    for k in 0..729 {
        let p = k / 9;
        for i in option_items(Geometry::classic(), k) {
            assert!(item_cells(Geometry::classic(), i).contains(&p));
        }
    }
}

#[test]
fn blanks_are_empty_cells_where_every_line_is_n_characters_long() {
    let grid = "  3 2 6  \n9  3 5  1\n  18 64  \n  81 29  \n7       8\n  67 82  \n  26 95  \n8  2 3  9\n  5 1 3  ";
    let g = Grid::parse(grid).unwrap();
    assert!(g.reading().blanks);
    assert_eq!(
        g.note(),
        "Read as a 9x9 Sudoku (blanks as empty cells: every line 9 characters long)"
    );
    let dots = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    assert_eq!(
        g,
        Grid::parse(dots)
            .map(|mut d| {
                d.reading.blanks = true;
                d
            })
            .unwrap()
    );
    // 4x4, and a clash named where it stands (line 2, column 1) with its cells.
    let four = Grid::parse("1   \n  2 \n 3  \n   4").unwrap();
    assert_eq!(four.size(), 4);
    let e = err("1   \n1 2 \n 3  \n   4");
    assert_eq!((e.line, e.column), (Some(2), Some(1)), "{e}");
    assert!(
        e.message
            .starts_with("givens clash: r1c1 and r2c1 both hold 1 in column 1"),
        "{e}"
    );
    assert_eq!(e.cells, [0, 4]);
    // Lines trimmed of their last blanks: no such grid; the count error says how to write blanks.
    let trimmed: String = grid
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n");
    let e = err(&trimmed);
    assert!(
        e.message
            .contains("if blanks stand for empty cells, write them as `.` or `0`"),
        "{e}"
    );
    // Digits only, every line 9 long, is the plain reading (no blanks said).
    let full = "123456789\n456789123\n789123456\n214365897\n365897214\n897214365\n531642978\n642978531\n978531642";
    assert!(!Grid::parse(full).unwrap().reading().blanks);
}

/// The last guard on givens: a given whose cell keeps options of its own but not the given's (a
/// rule narrowed its digits) is refused by name, never skipped. No reader is known to leave one
/// (the implied sums keep only what holds the givens): here the instance of the puzzle with r1c4
/// given 4 is checked against the same grid with r1c4 given 1.
#[test]
fn a_given_without_its_option_is_refused_by_name() {
    let json = |d: u8| {
        format!(
            r#"{{"size":4,"grid":[[{{}},{{}},{{}},{{"value":{d},"given":true}}],[{{}},{{}},{{}},{{}}],
            [{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],
            "killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}},
            {{"cells":["R1C3","R2C3","R2C4"],"value":"6"}}]}}"#
        )
    };
    let four = Sudoku::parse(&json(4)).unwrap();
    let mut grid = four.grid().clone();
    assert!(super::problem::given_options_stand(&grid, four.instance()).is_ok());
    grid.cells[3] = 1;
    let e = super::problem::given_options_stand(&grid, four.instance()).unwrap_err();
    assert_eq!(
        e.message,
        "the givens break a rule: r1c4 is given 1, and the rules leave it only 4"
    );
    assert_eq!(e.cells, [3]);
}

/// The matchings a Sudoku's instance states for propagation (`variants/instance.rs`,
/// `state_matchings`, and `instance_read` for a classic puzzle, which propagation takes over past
/// plain search's head start): each house of N cells with its N digits, the diagonals and windows
/// among them; and the search finds that the options keep each.
#[test]
fn houses_state_their_matchings() {
    let empty = ".".repeat(81);
    let sides = |s: &Sudoku| -> Vec<(Vec<String>, Vec<String>)> {
        let inst = s.instance();
        let names = |side: &[u32]| {
            side.iter()
                .map(|&i| inst.item_name(i as usize).to_string())
                .collect()
        };
        inst.matchings()
            .map(|(a, b)| (names(a), names(b)))
            .collect()
    };
    let classic = Sudoku::parse(&empty).unwrap();
    assert_eq!(sides(&classic).len(), 27);
    let kept = |s: &Sudoku| crate::core::propagate::tests::matchings_kept(s.instance(), s.givens());
    assert_eq!(kept(&classic), 27);
    let x = Sudoku::parse_with(&empty, &[Switch::X]).unwrap();
    let stated = sides(&x);
    assert_eq!(stated.len(), 29);
    let row1: Vec<String> = (1..=9).map(|c| format!("r1c{c}")).collect();
    let digits: Vec<String> = (1..=9).map(|v| format!("r1={v}")).collect();
    assert_eq!(stated[0], (row1, digits));
    let diagonal: Vec<String> = (1..=9).map(|k| format!("r{k}c{k}")).collect();
    assert!(
        stated.iter().any(|(a, b)| a == &diagonal && b[0] == "d-=1"),
        "{stated:?}"
    );
    assert_eq!(kept(&x), 29);
    let w = Sudoku::parse_with(&empty, &[Switch::Windoku]).unwrap();
    assert_eq!(sides(&w).len(), 31);
    // A killer's cage filled whole holds two cells of row 1 and of box 1: their matchings go.
    let killer = ".Cage~3~R1C1~R1C2";
    let k = Sudoku::parse(killer).unwrap();
    assert_eq!(sides(&k).len(), 27);
    assert_eq!(kept(&k), 25);
}
