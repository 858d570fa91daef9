//! Every Sudoku size (issue 42's one geometry): 6x6 from a one-liner, a drawn grid, rows of numbers
//! and f-puzzles JSON solved to a published answer; counts against a brute force written here
//! apart from the crate; sizes without boxes refused unless their regions come with the puzzle;
//! the maker's 6x6 and larger sizes; the CLI on a 6x6.

use dlx_studio::core::{Event, Observer, Search};
use dlx_studio::problems::sudoku::maker::{self, Kind};
use dlx_studio::problems::sudoku::{fpuzzles, Geometry, Rules, Sudoku};
use dlx_studio::problems::Problem;
use std::ops::ControlFlow;

/// tests/data/sudoku-6x6.txt: "6x6" from sigh's Interactive Sudoku Solver collection (MIT), and
/// its published solution.
const P6_FILE: &str = include_str!("../data/sudoku-6x6.txt");
const P6_SOLUTION: &str = "325146416325541263263514632451154632";
/// The same givens as one line.
const P6_LINE: &str = "....4..1.3.5...2....3...6.2.5..5....";

use crate::common::sudoku_refused as refused;

/// DLX's solutions (up to `limit`), each checked by the problem's check and by `Rules::check`.
fn solutions(sudoku: &Sudoku, limit: usize) -> Vec<Vec<u8>> {
    crate::common::sudoku_solutions(sudoku, limit)
}

struct Count;
impl Observer for Count {
    const FINE: bool = false;
    fn event(&mut self, _: Event, _: &Search) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// DLX's count of the puzzle's solutions.
fn dlx_count(sudoku: &Sudoku) -> u64 {
    let mut search = Search::new(sudoku.instance());
    search.preselect(sudoku.givens()).unwrap();
    search.run(&mut Count);
    search.stats().solutions
}

fn line(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&v| {
            char::from_digit(u32::from(v), 36)
                .unwrap()
                .to_ascii_uppercase()
        })
        .collect()
}

/// Backtracking over cells with bit masks, written here apart from the crate: `region[p]` is cell
/// p's box or jigsaw region. Counts the completions of `cells` (0 empty), up to `limit`.
fn brute(size: usize, region: &[usize], cells: &mut [u8], limit: u64) -> u64 {
    fn go(size: usize, region: &[usize], cells: &mut [u8], p: usize, limit: u64) -> u64 {
        if p == cells.len() {
            return 1;
        }
        if cells[p] != 0 {
            return go(size, region, cells, p + 1, limit);
        }
        let (r, c) = (p / size, p % size);
        let mut used = 0u32;
        for q in 0..cells.len() {
            if cells[q] != 0 && (q / size == r || q % size == c || region[q] == region[p]) {
                used |= 1 << cells[q];
            }
        }
        let mut n = 0;
        for v in 1..=size as u8 {
            if used & (1 << v) == 0 {
                cells[p] = v;
                n += go(size, region, cells, p + 1, limit - n);
                cells[p] = 0;
                if n >= limit {
                    break;
                }
            }
        }
        n
    }
    go(size, region, cells, 0, limit)
}

/// Boxes of `rows` x `cols` in a grid of `size`, written out here.
fn boxes(size: usize, rows: usize, cols: usize) -> Vec<usize> {
    (0..size * size)
        .map(|p| (p / size / rows) * (size / cols) + p % size / cols)
        .collect()
}

#[test]
fn a_6x6_from_a_file_a_line_rows_of_numbers_and_f_puzzles_json_solves_to_its_published_answer() {
    let drawn = "+-------+-------+\n\
                 | . . . | . 4 . |\n\
                 | . 1 . | 3 . 5 |\n\
                 +-------+-------+\n\
                 | . . . | 2 . . |\n\
                 | . . 3 | . . . |\n\
                 +-------+-------+\n\
                 | 6 . 2 | . 5 . |\n\
                 | . 5 . | . . . |\n\
                 +-------+-------+";
    let numbers = "0 0 0 0 4 0, 0 1 0 3 0 5, 0 0 0 2 0 0, 0 0 3 0 0 0, 6 0 2 0 5 0, 0 5 0 0 0 0";
    // Blanks for empty cells, every line 6 characters long.
    let blanks = "    4 \n 1 3 5\n   2  \n  3   \n6 2 5 \n 5    ";
    let json = fpuzzles::write(Sudoku::parse(P6_LINE).unwrap().grid(), &Rules::default()).unwrap();
    assert!(json.contains("\"size\":6"), "{json}");
    let link = fpuzzles::link(&json);
    for (what, text) in [
        ("file", P6_FILE),
        ("line", P6_LINE),
        ("drawn", drawn),
        ("numbers", numbers),
        ("blanks", blanks),
        ("json", &json),
        ("link", &link),
    ] {
        let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(s.grid().size(), 6, "{what}");
        assert_eq!(s.grid().geometry().boxes(), Some((2, 3)), "{what}");
        assert_eq!(s.title(), "Sudoku 6x6", "{what}");
        assert!(
            s.note().unwrap().starts_with("Read as a 6x6 Sudoku"),
            "{what}"
        );
        let found = solutions(&s, 2);
        assert_eq!(found.len(), 1, "{what}: not unique");
        assert_eq!(line(&found[0]), P6_SOLUTION, "{what}");
    }
    // The layout the page draws: boxes 2 rows by 3 columns.
    let layout = Sudoku::parse(P6_LINE).unwrap().layout();
    assert_eq!(layout.size, 6);
    assert_eq!(layout.boxes, Some((2, 3)));
    assert_eq!(layout.regions, boxes(6, 2, 3));
}

#[test]
fn the_6x6_instance_names_its_boxes_and_its_givens_clash_by_box() {
    let s = Sudoku::parse(P6_LINE).unwrap();
    // r2c6 lies in the second box (rows 1-2, columns 4-6).
    let k = (6 + 5) * 6 + 4;
    assert_eq!(s.instance().option_text(k), "r2c6 r2=5 c6=5 b2=5");
    assert_eq!(s.instance().n_items(), 4 * 36);
    // r1c1 and r2c3 share the 2x3 box 1 (they would not in a 2x2 or 3x3 box layout).
    let mut clash = ['.'; 36];
    clash[0] = '1';
    clash[8] = '1';
    let e = refused(&clash.iter().collect::<String>());
    assert_eq!(
        e.message,
        "givens clash: r1c1 and r2c3 both hold 1 in box 1"
    );
}

#[test]
fn counts_agree_with_brute_force_and_the_published_figures() {
    // 288 4x4 grids.
    let s = Sudoku::parse(&".".repeat(16)).unwrap();
    assert_eq!(dlx_count(&s), 288);
    // 28,200,960 6x6 grids; each relabels to one with the first row 123456, so 28,200,960 / 6!
    // have that row.
    let row = format!("123456{}", ".".repeat(30));
    let s = Sudoku::parse(&row).unwrap();
    assert_eq!(dlx_count(&s), 28_200_960 / 720);
    // A 6x6 with a few givens, against the brute force (2x3 boxes written out here).
    let few = "1.....\n..3...\n....5.\n.2....\n......\n.....6";
    let s = Sudoku::parse(few).unwrap();
    let mut cells: Vec<u8> = s.grid().cells().to_vec();
    let want = brute(6, &boxes(6, 2, 3), &mut cells, u64::MAX);
    assert!(want > 1000, "{want}");
    assert_eq!(dlx_count(&s), want);
    // 8x8 (2x4 boxes): a made puzzle's count is 1 by brute force too.
    let made = maker::make_with(&Kind::default(), 8, 3, None, &mut maker::Quiet)
        .unwrap()
        .unwrap();
    let mut cells = made.puzzle.cells().to_vec();
    assert_eq!(brute(8, &boxes(8, 2, 4), &mut cells, 2), 1);
}

#[test]
fn the_maker_makes_6x6_and_larger_sizes_unique_by_the_brute_force() {
    for (kind, seed) in [
        ("classic", 1),
        ("classic", 2),
        ("x", 3),
        ("anti-knight", 4),
        ("jigsaw", 5),
    ] {
        let k = Kind::parse(kind).unwrap();
        let made = maker::make_with(&k, 6, seed, None, &mut maker::Quiet)
            .unwrap()
            .unwrap();
        let g = made.puzzle.geometry();
        assert_eq!(g.size(), 6, "{kind}");
        made.rules.check(g, &made.solution, true).unwrap();
        // Read back from its text, as `dlx solve` would, DLX finds the one solution.
        let s = Sudoku::parse_with(&made.text, &k.switches).unwrap();
        let found = solutions(&s, 2);
        assert_eq!(
            found,
            std::slice::from_ref(&made.solution),
            "{kind} seed {seed}"
        );
        if kind == "classic" || kind == "jigsaw" {
            let region: Vec<usize> = match &made.rules.regions {
                Some(r) => r.iter().map(|&g| usize::from(g)).collect(),
                None => boxes(6, 2, 3),
            };
            let mut cells = made.puzzle.cells().to_vec();
            assert_eq!(brute(6, &region, &mut cells, 2), 1, "{kind} seed {seed}");
        }
    }
    // 10x10, 12x12 and 15x15: made, and the made line read back solves to the made solution.
    for size in [10, 12, 15] {
        let made = maker::make_with(&Kind::default(), size, 1, None, &mut maker::Quiet)
            .unwrap()
            .unwrap();
        let s = Sudoku::parse(&made.text).unwrap();
        assert_eq!(s.grid().size(), size);
        assert_eq!(
            solutions(&s, 2),
            std::slice::from_ref(&made.solution),
            "{size}"
        );
        // And written as rows of numbers (12 as `12`, not `C`).
        let numbers: Vec<String> = made
            .puzzle
            .cells()
            .chunks(size)
            .map(|r| {
                r.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let again = Sudoku::parse(&numbers.join("\n")).unwrap();
        assert_eq!(again.grid().cells(), made.puzzle.cells(), "{size}");
    }
}

#[test]
fn sizes_without_boxes_need_their_regions() {
    // A 7x7 one-liner has no boxes: refused, saying what to give instead.
    let e = refused(&".".repeat(49));
    assert!(
        e.message
            .starts_with("a 7x7 Sudoku has no boxes (7 is prime)"),
        "{e}"
    );
    assert!(e.message.contains("dlx count latin 7"), "{e}");
    // A 7x7 jigsaw from f-puzzles JSON: a cyclic Latin square whose regions are its broken
    // diagonals, with the cells of its last two rows left empty.
    let size = 7;
    let solution: Vec<u8> = (0..49).map(|p| ((p / 7 + p % 7) % 7 + 1) as u8).collect();
    let region: Vec<usize> = (0..49).map(|p| (p / 7 + 3 * (p % 7)) % 7).collect();
    let rows: Vec<String> = (0..size)
        .map(|r| {
            let cells: Vec<String> = (0..size)
                .map(|c| {
                    let p = r * size + c;
                    if r < 5 {
                        format!(
                            r#"{{"value":{},"given":true,"region":{}}}"#,
                            solution[p], region[p]
                        )
                    } else {
                        format!(r#"{{"region":{}}}"#, region[p])
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!(r#"{{"size":7,"grid":[{}]}}"#, rows.join(","));
    let s = Sudoku::parse(&json).unwrap();
    assert_eq!(s.grid().geometry().boxes(), None);
    assert_eq!(s.layout().regions, region);
    let mut cells = s.grid().cells().to_vec();
    let want = brute(7, &region, &mut cells, u64::MAX);
    let found = solutions(&s, 100);
    assert_eq!(found.len() as u64, want);
    assert!(found.contains(&solution));
    // Without regions, the 7x7 JSON is refused by name, at its first cell.
    let bare = format!(
        r#"{{"size":7,"grid":[{}]}}"#,
        vec![format!("[{}]", ["{}"; 7].join(",")); 7].join(",")
    );
    let e = refused(&bare);
    assert!(
        e.message
            .starts_with("grid[0][0] (r1c1) names no region: a 7x7 Sudoku has no boxes"),
        "{e}"
    );
    // Sizes that are no Sudoku's.
    let e = refused(r#"{"size":17,"grid":[]}"#);
    assert_eq!(
        e.message,
        "size 17 is not supported: a Sudoku is 4x4 to 16x16 or 25x25"
    );
    assert!(Geometry::of_size(3).is_err());
}

#[test]
fn a_count_that_is_no_sudokus_names_the_sizes_around_it() {
    let e = refused(&P6_LINE[..35]);
    assert_eq!(
        e.message,
        "read 35 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 25 (5x5) or 36 (6x6)"
    );
    let e = refused(&format!("{P6_LINE}1"));
    assert_eq!(
        e.message,
        "read 37 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 36 (6x6) or 49 (7x7)"
    );
}

#[test]
fn the_cli_solves_counts_and_makes_a_6x6() {
    let dlx = |args: &[&str]| {
        let ran = crate::common::run(args, "");
        (ran.code, ran.stdout, ran.stderr)
    };
    let (code, out, err) = dlx(&["solve", "sudoku", P6_LINE]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(P6_SOLUTION), "{out}");
    let (code, out, err) = dlx(&["count", "sudoku", P6_LINE]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().next(), Some("1"), "{out}");
    let (code, out, err) = dlx(&["make", "sudoku", "6", "--seed", "7"]);
    assert_eq!(code, Some(0), "{err}");
    let made = out.lines().next().unwrap().trim().to_string();
    assert_eq!(made.chars().count(), 36, "{out}");
    let (code, out, err) = dlx(&["solve", "sudoku", &made, "--json"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\"unique\":true"), "{out}");
    let (code, _, err) = dlx(&["solve", "sudoku", &".".repeat(49)]);
    assert_eq!(code, Some(2));
    assert!(err.contains("a 7x7 Sudoku has no boxes"), "{err}");
}
