//! Each clue kind of `clues.rs` against a brute force: the grids that complete the givens under
//! the classic rules and pass the independent checker (`Rules::check`) are exactly the solutions
//! DLX finds in the instance, each found once; on 4x4 grids (all 288), 6x6 and 9x9 with givens.

use super::clues::{encode_iss, Colour, Encoding};
use super::*;
use crate::core::{Event, Observer, Search};
use crate::problems::Problem;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

struct Grids<'a> {
    sudoku: &'a Sudoku,
    found: Vec<Vec<u8>>,
}

impl Observer for Grids<'_> {
    const FINE: bool = false;
    fn event(&mut self, _: Event, s: &Search) -> ControlFlow<()> {
        let b = self.sudoku.board(&s.solution());
        self.found.push(b.cells.iter().map(|&v| v as u8).collect());
        ControlFlow::Continue(())
    }
}

/// Every grid of the classic rules that keeps the givens (backtracking over the cells).
fn completions(g: Geometry, givens: &[u8]) -> Vec<Vec<u8>> {
    fn go(g: Geometry, cells: &mut Vec<u8>, p: usize, out: &mut Vec<Vec<u8>>) {
        let size = g.size();
        if p == cells.len() {
            out.push(cells.clone());
            return;
        }
        // A shaped grid's dead cells hold no digit (0, as the checker reads them).
        if cells[p] != 0 || !g.live(p) {
            return go(g, cells, p + 1, out);
        }
        for v in 1..=size as u8 {
            let clash = (0..cells.len()).any(|q| {
                q != p
                    && g.live(q)
                    && cells[q] == v
                    && (q / size == p / size || q % size == p % size || g.box_of(q) == g.box_of(p))
            });
            if !clash {
                cells[p] = v;
                go(g, cells, p + 1, out);
                cells[p] = 0;
            }
        }
    }
    let mut out = Vec::new();
    go(g, &mut givens.to_vec(), 0, &mut out);
    out
}

/// Every solution DLX finds, as the board's cells (row-major), in the order found.
fn dlx_boards(sudoku: &Sudoku) -> Vec<Vec<u8>> {
    let mut search = Search::new(sudoku.instance());
    search.preselect(sudoku.givens()).unwrap();
    let mut obs = Grids {
        sudoku,
        found: Vec::new(),
    };
    search.run(&mut obs);
    obs.found
}

/// The labels of the options of the puzzle's first clue shape, in option order.
fn first_shape_labels(text: &str) -> Vec<String> {
    let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let shapes = s.clue_shapes();
    shapes[0].options.iter().map(|&k| s.label(k)).collect()
}

/// The solutions by DLX and by the brute force agree, none found twice; their count.
fn agree(sudoku: &Sudoku) -> usize {
    let g = sudoku.grid().geo;
    let found = dlx_boards(sudoku);
    // A board's dead cells (a shaped grid's) read 0, as the checker reads them.
    let dlx: BTreeSet<Vec<u8>> = found
        .iter()
        .map(|b| {
            let mut b = b.clone();
            for (p, v) in b.iter_mut().enumerate() {
                if !g.live(p) {
                    *v = 0;
                }
            }
            b
        })
        .collect();
    assert_eq!(dlx.len(), found.len(), "a solution found twice");
    let brute: BTreeSet<Vec<u8>> = completions(g, &sudoku.grid().cells)
        .into_iter()
        .filter(|c| sudoku.rules().check(g, c, true).is_ok())
        .collect();
    assert_eq!(dlx, brute, "{:?}", sudoku.rules().clues);
    dlx.len()
}

/// A puzzle read from `text` and its clues' encoding.
fn encoded(text: &str) -> (Sudoku, Encoding) {
    let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let enc = s
        .rules()
        .clue_encoding(s.grid().geo, s.grid().cells())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (s, enc)
}

fn count(text: &str) -> usize {
    let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    agree(&s)
}

/// A 6x6 and a 9x9 solution, to give clues that hold and blank some cells.
const SIX: &str = "123456456123231564564231312645645312";
const NINE: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `solution`'s digits as ISS givens, but for the cells listed blank.
fn givens(solution: &str, blank: &[usize]) -> String {
    let size = (solution.len() as f64).sqrt() as usize;
    let mut out = format!(".Shape~{size}x{size}.~");
    let mut first = true;
    for (p, ch) in solution.chars().enumerate() {
        if blank.contains(&p) {
            continue;
        }
        if !first {
            out.push('~');
        }
        first = false;
        out.push_str(&format!("R{}C{}_{ch}", p / size + 1, p % size + 1));
    }
    out
}

/// A 4x4 grid every clue below holds on (so none of them is empty by accident).
const FOUR: &str = "1234341221434321";

/// Counts a 4x4 puzzle's solutions by both ways; the clue cut some of the 288 grids away and kept
/// [`FOUR`].
fn cuts(text: &str) {
    let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let g = s.grid().geo;
    let four: Vec<u8> = FOUR.bytes().map(|b| b - b'0').collect();
    assert!(s.rules().check(g, &four, true).is_ok(), "{text}");
    let n = agree(&s);
    assert!(n > 0 && n < 288, "{text}: {n}");
}

#[test]
fn pair_clues_on_4x4_are_the_brute_forces() {
    for text in [
        ".Shape~4x4.WhiteDot~R1C1~R1C2.WhiteDot~R1C3~R1C4",
        ".Shape~4x4.BlackDot~R1C1~R1C2.BlackDot~R4C3~R4C4",
        ".Shape~4x4.V~R1C2~R1C3.V~R4C2~R4C3",
        ".Shape~4x4.GreaterThan~R2C2~R2C1~R1C1",
        ".Shape~4x4.WhiteDot~R1C1~R1C2~R1C3~R1C4",
    ] {
        cuts(text);
    }
}

#[test]
fn line_clues_on_4x4_are_the_brute_forces() {
    for text in [
        ".Shape~4x4.Arrow~R2C2~R1C1~R2C1",
        ".Shape~4x4.PillArrow~2~R1C1~R1C2~R2C2~R3C3~R4C1",
        ".Shape~4x4.DoubleArrow~R1C1~R1C2~R1C3~R1C4",
        ".Shape~4x4.LittleKiller~5~R1C2.LittleKiller~10~R1C1",
        ".Shape~4x4.Sandwich~5~R1.Sandwich~0~C2",
        ".Shape~4x4.XSum~R1~1~10.XSum~C3~~6",
        ".Shape~4x4.Whisper~2~R1C1~R2C1~R3C2~R2C2",
        ".Shape~4x4.Renban~R1C2~R2C3~R3C4",
        ".Shape~4x4.Palindrome~R1C1~R2C2~R3C3~R4C4",
        ".Shape~4x4.Zipper~R1C1~R1C2~R2C3",
        ".Shape~4x4.Zipper~R1C1~R1C2~R1C3~R1C4",
        ".Shape~4x4.RegionSumLine~R2C2~R2C3~R1C3",
        ".Shape~4x4.SumLine~5~R1C1~R2C2~R1C2~R1C3",
        // Loops. In FOUR the first two split only with a segment through the closing (R1C2 then
        // R1C3; R3C1 then R2C1), the third also without.
        ".Shape~4x4.SumLine~7~R1C3~R2C3~R2C2~R2C1~R1C1~R1C2~LOOP",
        ".Shape~4x4.SumLine~5~R2C1~R2C2~R3C2~R3C1~LOOP",
        ".Shape~4x4.SumLine~7~R1C1~R1C2~R1C3~R2C3~R2C2~R2C1~LOOP",
        ".Shape~4x4.Between~R1C1~R1C2~R1C3~R1C4",
        ".Shape~4x4.Modular~2~R1C1~R1C2~R1C3~R1C4",
        ".Shape~4x4.Quad~R2C2~1~4.Quad~R3C3~1~2~3",
        ".Shape~4x4.Quad~R2C2~4~4",
        ".Shape~4x4.~R1C1_1_2~R4C4_1_3",
        ".Shape~4x4.Skyscraper~C1~3~",
        ".Shape~4x4.Skyscraper~R2~2~2",
        ".Shape~4x4.HiddenSkyscraper~R2~1~.HiddenSkyscraper~C2~~1",
        ".Shape~4x4.Lunchbox~2~R1C1~R1C2~R2C2",
        ".Shape~4x4.Lunchbox~3~R3C3~R3C4~R4C4~R4C3",
        // R1C1 and R3C4 share no unit: only the lunchbox's own rule keeps their digits apart (36
        // grids without it, 24 with).
        ".Shape~4x4.Lunchbox~2~R1C1~R1C2~R1C4~R3C4",
        ".Shape~4x4.Sum~3~R1C1~R3C2~R4C4",
        ".Shape~4x4.Indexing~C~R1C1~R2C1",
        ".Shape~4x4.Indexing~R~R1C1~R2C4",
        ".Shape~4x4.Indexing~C~R1C1~R2C1~R3C1~R4C1.Indexing~R~R4C1",
    ] {
        cuts(text);
    }
    // A lunchbox is a lunchbox, not an extra region too (the title and the legend said one).
    let s = Sudoku::parse(".Lunchbox~3~R1C1~R2C4~R3C7").unwrap();
    assert!(s.rules().extra_regions.is_empty());
    assert_eq!(s.rules().names(), ["lunchboxes"]);
}

#[test]
fn clones_and_long_lines_on_4x4() {
    let g = Geometry::of_size(4).unwrap();
    let grid = Grid::parse(&".".repeat(16)).unwrap();
    let rules = Rules {
        clues: vec![Clue {
            kind: ClueKind::Clone,
            cells: vec![0, 1, 14, 15],
        }],
        ..Rules::default()
    };
    let n = agree(&Sudoku::new(grid.clone(), rules).unwrap());
    assert!(n > 0 && n < 288, "{n}");
    // A whisper over the whole grid in a snake is long enough to be a chain (of pieces).
    let snake: Vec<usize> = (0..4)
        .flat_map(|r| (0..4).map(move |c| r * 4 + if r % 2 == 0 { c } else { 3 - c }))
        .collect();
    let rules = Rules {
        clues: vec![Clue {
            kind: ClueKind::Whisper(1),
            cells: snake,
        }],
        ..Rules::default()
    };
    let s = Sudoku::new(grid, rules).unwrap();
    assert!(s.instance().find_item("whisper1.2").is_some(), "a chain");
    assert_eq!(
        agree(&s),
        288,
        "a whisper of 1 on distinct neighbours holds always"
    );
    let _ = g;
}

#[test]
fn negative_dots_and_xv_on_6x6_are_the_brute_forces() {
    let g = Geometry::of_size(6).unwrap();
    let d: Vec<u32> = SIX.bytes().map(|b| u32::from(b - b'0')).collect();
    let mut dots = String::from(".StrictKropki.StrictXV");
    for (p, q) in clues::orthogonal_pairs(6) {
        let (a, b) = (d[p], d[q]);
        let name = |p: usize| format!("R{}C{}", p / 6 + 1, p % 6 + 1);
        if a.abs_diff(b) == 1 {
            dots.push_str(&format!(".WhiteDot~{}~{}", name(p), name(q)));
        } else if a == 2 * b || b == 2 * a {
            dots.push_str(&format!(".BlackDot~{}~{}", name(p), name(q)));
        }
        if a + b == 5 {
            dots.push_str(&format!(".V~{}~{}", name(p), name(q)));
        } else if a + b == 10 {
            dots.push_str(&format!(".X~{}~{}", name(p), name(q)));
        }
    }
    let blank: Vec<usize> = (0..36).filter(|p| p % 3 != 1).collect();
    let text = format!("{}{}", givens(SIX, &blank), dots);
    let n = count(&text);
    assert!(n >= 1, "{n}");
    // Without the black dots, the negative constraint rules the grid itself out (its pairs one
    // double the other are unmarked), and what is left is fewer than without it.
    let strict: String = text
        .split('.')
        .filter(|item| !item.starts_with("BlackDot"))
        .collect::<Vec<_>>()
        .join(".");
    let loose = strict.replace(".StrictKropki.StrictXV", "");
    // (The givens alone may already break it: then it has no solution, and says why.)
    let strict_n = match Sudoku::parse(&strict) {
        Ok(s) => agree(&s),
        Err(e) => {
            assert!(
                e.to_string()
                    .contains("with no white or black dot between them"),
                "{e}"
            );
            0
        }
    };
    assert!(strict_n < count(&loose), "{strict}");
    let _ = g;
}

#[test]
fn nine_by_nine_clues_from_a_solution_are_the_brute_forces() {
    let d: Vec<u32> = NINE.bytes().map(|b| u32::from(b - b'0')).collect();
    let blank: Vec<usize> = vec![0, 1, 2, 9, 10, 11, 18, 19, 20, 30, 40, 50, 60, 70, 80];
    let base = givens(NINE, &blank);
    // r1c1..r3c3 diagonal little killer from r1c1: the main diagonal's sum.
    let diag: u32 = (0..9).map(|i| d[i * 10]).sum();
    let lines = [
        format!(".LittleKiller~{diag}~R1C1"),
        ".Entropic~R2C1~R3C1~R4C1~R5C1".to_string(),
        ".Renban~R1C4~R1C5~R1C6".to_string(),
        ".Between~R1C1~R2C2~R3C3".to_string(),
        ".Sandwich~0~R1".to_string(),
        ".Modular~3~R3C1~R3C2~R3C3".to_string(),
    ];
    for line in lines {
        let text = format!("{base}{line}");
        let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let n = agree(&s);
        let free = completions(s.grid().geo, &s.grid().cells).len();
        assert!(n >= 1 && n <= free, "{line}: {n} of {free}");
    }
    // Renbans of more arrangements than a line is filled whole with (6 cells: 4 windows of 720),
    // by their windows as a cage by digit sets: a primary item a digit, which the window covers
    // for its digits outside it and the cells of the line for those in it. Row 1 holds 5, 3, 4,
    // 6, 7, 8, 9 in NINE: its first six and seven cells hold a run; its first five with r2c1 (6
    // again) and with r2c4 (1) hold none, though the blanks let other grids try.
    for (line, holds) in [
        (".Renban~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6", true),
        (".Renban~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6~R1C7", true),
        (".Renban~R1C1~R1C2~R1C3~R1C4~R1C5~R2C1", false),
        (".Renban~R1C1~R1C2~R1C3~R1C4~R1C5~R2C4", false),
    ] {
        let text = format!("{base}{line}");
        let (s, enc) = encoded(&text);
        assert!(
            (1..=9).all(|v| enc.primary.contains(&format!("renban1={v}"))),
            "{line}: {:?}",
            enc.primary
        );
        let windows = 10 - s.rules().clues[0].cells.len();
        assert_eq!(enc.options.len(), windows, "{line}");
        let n = agree(&s);
        assert_eq!(n >= 1, holds, "{line}: {n}");
    }
}

#[test]
fn clues_are_refused_or_checked_by_name() {
    let e = Sudoku::parse(".Shape~4x4.WhiteDot~R1C1~R2C2")
        .err()
        .unwrap();
    assert!(
        e.to_string()
            .contains("no two of its cells are orthogonal neighbours"),
        "{e}"
    );
    let e = Sudoku::parse(".Entropic~R1C1~R1C2~R1C3.Shape~6x6")
        .err()
        .unwrap();
    assert!(
        e.to_string().contains("entropic lines are a 9x9 rule"),
        "{e}"
    );
    let e = Sudoku::parse(".SumLine~10~R1C1~R1C2~LOOP").err().unwrap();
    assert!(
        e.to_string().contains("a loop of 2 cells does not close"),
        "{e}"
    );
    // The givens break a dot: said with the dot's cells.
    let e = Sudoku::parse(".~R1C1_1~R1C2_3.WhiteDot~R1C1~R1C2")
        .err()
        .unwrap();
    assert!(
        e.to_string().contains("white dot r1c1-r1c2 holds 1 and 3"),
        "{e}"
    );
}

#[test]
fn clue_shapes_name_their_items_and_options_and_label_them() {
    let s = Sudoku::parse(".Shape~4x4.Arrow~R2C2~R1C1~R2C1.WhiteDot~R1C3~R1C4").unwrap();
    let shapes = s.clue_shapes();
    let names: Vec<&str> = shapes.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["arrow from r2c2", "white dot r1c3-r1c4"]);
    for c in &shapes {
        assert!(!c.items.is_empty() && !c.options.is_empty(), "{}", c.name);
        for &k in &c.options {
            let label = s.label(k);
            assert!(label.starts_with(&c.name), "{label}");
        }
    }
    // The arrow's options put its digits in its cells: the circle holds the sum.
    let k = shapes[0].options[0];
    let b = s.board(&[k]);
    let (circle, arrow) = (b.cells[5], b.cells[0] + b.cells[4]);
    assert_eq!(circle, arrow, "{}", s.label(k));
}

/// Sandwiches and X-sums on a whole row or column are encoded by sets (which positions and digits
/// lie inside the sum): every 4x4 grid has one sandwich sum and one X-sum per row read from each
/// end, so over all the sums each clue's counts add up to the 288 grids, each count the brute
/// force's.
#[test]
fn sandwiches_and_x_sums_as_sets_on_4x4_are_the_brute_forces() {
    for (what, sums) in [
        ("Sandwich~{t}~R1", 0..=5),
        ("Sandwich~{t}~C2", 0..=5),
        ("XSum~R1~{t}~", 1..=10),
        ("XSum~R3~~{t}", 1..=10),
        ("XSum~C3~{t}~", 1..=10),
    ] {
        let mut total = 0;
        for t in sums {
            let text = format!(".Shape~4x4.{}", what.replace("{t}", &t.to_string()));
            let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let g = s.grid().geo;
            let enc = s.rules().clue_encoding(g, s.grid().cells()).unwrap();
            // The set encoding: a secondary item per position of the line.
            assert!(
                enc.secondary.iter().any(|n| n.ends_with(".at4")),
                "{text}: {:?}",
                enc.secondary
            );
            total += agree(&s);
        }
        assert_eq!(total, 288, "{what}");
    }
}

/// On 9x9 with the givens of a solution and blanks in the clue's row: each sandwich and X-sum the
/// solution has (and one sum it has not) against the brute force; the solution's sums keep it.
#[test]
fn nine_by_nine_sandwiches_and_x_sums_are_the_brute_forces() {
    let d: Vec<u32> = NINE.bytes().map(|b| u32::from(b - b'0')).collect();
    // Rows 1 and 2 and column 5 mostly blank.
    let mut blank: Vec<usize> = (0..18).filter(|p| p % 9 != 4 && p % 9 != 7).collect();
    blank.extend([31, 40, 49, 58]);
    let base = givens(NINE, &blank);
    let row = |r: usize| -> Vec<u32> { d[r * 9..r * 9 + 9].to_vec() };
    let col = |c: usize| -> Vec<u32> { (0..9).map(|r| d[r * 9 + c]).collect() };
    let sandwich = |l: &[u32]| -> u32 {
        let i = l.iter().position(|&x| x == 1).unwrap();
        let j = l.iter().position(|&x| x == 9).unwrap();
        l[i.min(j) + 1..i.max(j)].iter().sum()
    };
    let xsum = |l: &[u32]| -> u32 { l[..l[0] as usize].iter().sum() };
    let rev = |l: Vec<u32>| -> Vec<u32> { l.into_iter().rev().collect() };
    let clues = [
        format!(".Sandwich~{}~R1", sandwich(&row(0))),
        format!(".Sandwich~{}~R2", sandwich(&row(1))),
        format!(".Sandwich~{}~C5", sandwich(&col(4))),
        format!(".Sandwich~{}~R1", sandwich(&row(0)) + 1),
        format!(".XSum~R1~{}~{}", xsum(&row(0)), xsum(&rev(row(0)))),
        format!(".XSum~R2~{}~", xsum(&row(1))),
        format!(".XSum~C5~~{}", xsum(&rev(col(4)))),
        format!(".XSum~R2~{}~", xsum(&row(1)) + 2),
    ];
    let solution: Vec<u8> = NINE.bytes().map(|b| b - b'0').collect();
    for (i, clue) in clues.iter().enumerate() {
        let text = format!("{base}{clue}");
        let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let n = agree(&s);
        let g = s.grid().geo;
        let holds = s.rules().check(g, &solution, true).is_ok();
        // The clues made from the solution keep it; the two sums it has not cut it away.
        assert_eq!(holds, i != 3 && i != 7, "{clue}");
        assert!(!holds || n >= 1, "{clue}: {n}");
    }
}

/// Lines too long to fill whole are chains: a little killer and an arrow as sums of pieces (a
/// piece's cells see each other, its sum a colour, a chain adding the sums up), a modular line
/// of runs of several cells (their classes apart, their states colouring the items between
/// runs); each with its cells blank, against the brute force.
#[test]
fn long_lines_as_chains_are_the_brute_forces() {
    let d: Vec<u32> = NINE.bytes().map(|b| u32::from(b - b'0')).collect();
    let mut blank: Vec<usize> = (0..9).map(|i| i * 10).collect();
    blank.extend([1, 11, 19, 70, 79]);
    let base = givens(NINE, &blank);
    let diag: u32 = (0..9).map(|i| d[i * 10]).sum();
    // The diagonal's sum keeps NINE alone; one more or two less keep no grid.
    for (t, want) in [(diag, 1), (diag + 1, 0), (diag - 2, 0)] {
        let text = format!("{base}.LittleKiller~{t}~R1C1");
        let (s, enc) = encoded(&text);
        // The main diagonal in three pieces, one a box, each filled whole and added up in turn.
        let mut names: Vec<&str> = enc.primary.iter().map(String::as_str).collect();
        names.sort_unstable();
        assert_eq!(
            names,
            ["lk1.1", "lk1.2", "lk1.3", "lk1>1", "lk1>2", "lk1>3"],
            "{text}"
        );
        let piece = |j: usize| -> Vec<usize> {
            let o = enc
                .options
                .iter()
                .find(|o| enc.primary[o.item] == format!("lk1.{j}"));
            o.map(|o| o.cells.iter().map(|&(p, _)| p).collect())
                .unwrap_or_default()
        };
        assert_eq!(piece(1), [0, 10, 20], "{text}: the first box's cells");
        assert_eq!(piece(3), [60, 70, 80], "{text}: the last box's cells");
        // A piece's digits differ: r1c1, r2c2 and r3c3 share a box.
        assert!(enc.options.iter().all(|o| {
            let mut d: Vec<u8> = o.cells.iter().map(|&(_, d)| d).collect();
            d.sort_unstable();
            d.windows(2).all(|w| w[0] != w[1])
        }));
        assert_eq!(agree(&s), want, "{text}");
    }
    // A pill arrow down column 9 (r1c9 to r7c9, 31 in NINE) from a circle of two cells, read
    // in reading order: r6c3, r7c3 read 31; r6c3, r6c4 read 39. The arrow's cells and the
    // circle's blank. The circle's digits weigh -10 and -1 in the pieces' sums.
    let arrow: Vec<String> = (1..=7).map(|r| format!("R{r}C9")).collect();
    for (circle, cells, want) in [
        (["R6C3", "R7C3"], [47, 56], 1),
        (["R6C3", "R6C4"], [47, 48], 0),
    ] {
        let mut blank: Vec<usize> = (0..7).map(|r| r * 9 + 8).collect();
        blank.extend(cells);
        let text = format!(
            "{}.PillArrow~2~{}~{}",
            givens(NINE, &blank),
            circle.join("~"),
            arrow.join("~")
        );
        let (s, enc) = encoded(&text);
        assert!(
            enc.primary.iter().any(|n| n == "arrow1>2"),
            "{text}: pieces {:?}",
            enc.primary
        );
        // The arrow's seven cells share column 9: one piece by its digit sets (a digit item
        // each, as a big cage's), whose options place no digit.
        assert!(
            (1..=9).all(|v| enc.primary.contains(&format!("arrow1.1={v}"))),
            "{text}: {:?}",
            enc.primary
        );
        let sets: Vec<&ClueOption> = (enc.options.iter())
            .filter(|o| enc.primary[o.item] == "arrow1.1")
            .collect();
        assert!(!sets.is_empty(), "{text}");
        assert!(
            sets.iter().all(|o| o.cells.is_empty()
                && o.more.len() == 2
                && o.label.contains("in any order")),
            "{text}: {:?}",
            sets.iter().map(|o| &o.label).collect::<Vec<_>>()
        );
        assert_eq!(agree(&s), want, "{text}");
    }
    // Sums by digit sets where several grids fill the blanks: the first five cells of rows 1
    // and 2 blank (their digits swap between the rows in two ways at least), a sum over row 1's
    // five and r2c1; and one naming r1c1 twice (its digit counted twice: no unit's piece takes
    // it). Each against the brute force, at the sum NINE gives and one more.
    let mut blank: Vec<usize> = (0..5).collect();
    blank.extend(9..14);
    let base = givens(NINE, &blank);
    for (cells, twice) in [
        (&["R1C1", "R1C2", "R1C3", "R1C4", "R1C5", "R2C1"][..], false),
        (&["R1C1", "R1C2", "R1C3", "R1C4", "R1C5", "R1C1"][..], true),
    ] {
        let t: u32 = (0..5).map(|p| d[p]).sum::<u32>() + if twice { d[0] } else { d[9] };
        for (t, some) in [(t, true), (t + 1, false)] {
            let text = format!("{base}.Sum~{t}~{}", cells.join("~"));
            let (s, enc) = encoded(&text);
            // Row 1's cells are a piece by digit sets; r1c1 in it but where it is named twice.
            let item = |v: usize| {
                enc.primary
                    .iter()
                    .position(|n| *n == format!("csum1.1={v}"))
            };
            assert!(
                (1..=9).all(|v| item(v).is_some()),
                "{text}: {:?}",
                enc.primary
            );
            let r1c1 = (1..=9).all(|v| enc.cell_primary[v - 1].contains(&item(v).unwrap()));
            let r1c2 = (1..=9).all(|v| enc.cell_primary[9 + v - 1].contains(&item(v).unwrap()));
            assert_eq!((r1c1, r1c2), (!twice, true), "{text}");
            let n = agree(&s);
            assert!(if some { n >= 1 } else { n == 0 }, "{text}: {n}");
        }
    }
    // Values from 0 (the same grid less one in every cell, `.Shape~9x9~0-8`): row 1's five are a
    // piece by digit sets whose sums are of values, against the brute force at the total the grid
    // gives and one more.
    let zero: String = NINE.bytes().map(|b| char::from(b - 1)).collect();
    let base0 = givens(&zero, &blank).replacen(".Shape~9x9.", ".Shape~9x9~0-8.", 1);
    let total: u32 = (0..5).map(|p| d[p] - 1).sum::<u32>() + d[9] - 1;
    for (t, some) in [(total, true), (total + 1, false)] {
        let text = format!("{base0}.Sum~{t}~R1C1~R1C2~R1C3~R1C4~R1C5~R2C1");
        let (s, enc) = encoded(&text);
        assert!(
            enc.primary.iter().any(|n| n == "csum1.1=1"),
            "{text}: {:?}",
            enc.primary
        );
        let n = agree(&s);
        assert!(if some { n >= 1 } else { n == 0 }, "{text}: {n}");
    }
    // A region-sum line of two segments of four cells (23 each in NINE), blank: each segment a
    // piece by its digit sets (its four cells share a box), whose step colours the line's
    // shared sum.
    let cells = [
        "R3C2", "R3C3", "R2C3", "R1C3", "R1C4", "R1C5", "R2C5", "R2C4",
    ];
    let blank: Vec<usize> = [19, 20, 11, 2, 3, 4, 13, 12].to_vec();
    let text = format!("{}.RegionSumLine~{}", givens(NINE, &blank), cells.join("~"));
    let (s, enc) = encoded(&text);
    for item in ["rsl1.1>1", "rsl1.2>1", "rsl1.1.1=9", "rsl1.2.1=9"] {
        assert!(
            enc.primary.iter().any(|n| n == item),
            "{text}: {:?}",
            enc.primary
        );
    }
    assert!(agree(&s) >= 1, "{text}");
    // The first six cells of rows 4 and 5 blank, and modular and entropic lines over them: one
    // item a line choosing its first cells' classes, repeated along it (any m cells in a row
    // differ in class, so a cell's class is that of the cell m before it). A line through a cell
    // twice (r4c1 again) keeps the classes that agree there; one shorter than m is one window.
    let mut blank: Vec<usize> = (27..33).collect();
    blank.extend(36..42);
    let base = givens(NINE, &blank);
    // Each holds in NINE (rows 4 and 5: 859761423, 426853791); its cells need not touch.
    for (rule, ways) in [
        (".Modular~3~R4C2~R4C3~R4C4~R5C4~R5C3~R5C1", 6),
        (".Modular~2~R4C1~R4C2~R5C2~R4C3~R5C3~R4C4", 2),
        (".Modular~4~R4C1~R4C2~R4C5~R4C4~R5C1~R4C6~R5C2", 24),
        (".Entropic~R4C6~R4C5~R4C4~R5C2~R5C1~R4C1~R5C6", 6),
        (".Modular~3~R4C2~R4C3~R4C4~R5C4~R5C3~R5C1~R4C2", 6),
        (".Modular~4~R4C1~R4C2~R4C4", 24),
        (".Entropic~R5C2~R5C1", 6),
    ] {
        let text = format!("{base}{rule}");
        let (s, enc) = encoded(&text);
        assert_eq!(enc.primary.len(), 1, "{text}: {:?}", enc.primary);
        let cells = s.rules().clues[0].cells.iter().collect::<BTreeSet<_>>();
        assert_eq!(
            enc.secondary.len(),
            cells.len(),
            "{text}: a class item a cell"
        );
        // Classes a cell's digits cannot take (a given's) and a loop's disagreements cut ways.
        assert!(
            !enc.options.is_empty() && enc.options.len() <= ways,
            "{text}: {} ways",
            enc.options.len()
        );
        let n = agree(&s);
        assert!(n >= 1, "{text}: {n}");
    }
    // A modulus whose ways are too many to list (12! / 0! on twelve cells): walked as before,
    // and refused by name, not listed until memory runs out (a review found 805 MB asked for).
    let e = Sudoku::parse(
        ".Shape~12x12.Modular~12~R1C1~R2C2~R3C3~R4C4~R5C5~R6C6~R7C7~R8C8~R9C9~RACA~RBCB~RCCC",
    )
    .err()
    .expect("refused")
    .to_string();
    assert!(e.contains("modular line"), "{e}");
    // A line of two given cells is judged as it is read (the checker once looked for a third).
    let held = Sudoku::parse(&format!("{}.Entropic~R4C7~R4C8", givens(NINE, &[])));
    assert!(held.is_ok(), "{:?}", held.err());
    let e = Sudoku::parse(&format!("{}.Entropic~R1C2~R1C9", givens(NINE, &[])))
        .err()
        .expect("3 and 2 are both low");
    assert!(
        e.to_string()
            .contains("[3, 2] repeat a class (low 1-3, middle 4-6, high 7-9)"),
        "{e}"
    );
}

/// Values from 0 (ISS's `.Shape~4x4~0-3`): each clue's rule is of values (a cage of 0-3 adds up
/// values), so the same texts cut other grids; each against the brute force, whose checker reads
/// values too. The counts are those of this run: none empty, none keeping all 288.
#[test]
fn clues_on_values_from_0_are_the_brute_forces() {
    for (text, want) in [
        (".WhiteDot~R1C1~R1C2.WhiteDot~R1C3~R1C4", 96),
        // 1 and 2 on each dot: 0 is its own double, 3 has none among 0-3.
        (".BlackDot~R1C1~R1C2.BlackDot~R4C3~R4C4", 16),
        // 2+3 on both: the V reads values.
        (".V~R1C2~R1C3.V~R4C2~R4C3", 4),
        (".Arrow~R2C2~R1C1~R2C1", 24),
        // The circle's two values read as a number, which may start with 0.
        (".PillArrow~2~R1C1~R1C2~R2C2~R3C3~R4C1", 4),
        (".DoubleArrow~R1C1~R1C2~R1C3~R1C4", 96),
        (".LittleKiller~1~R1C2.LittleKiller~6~R1C1", 8),
        // The crusts are 0 and 3.
        (".Sandwich~3~R1.Sandwich~0~C2", 36),
        (".Whisper~2~R1C1~R2C1~R3C2~R2C2", 24),
        (".Zipper~R1C1~R1C2~R2C3", 48),
        (".Zipper~R1C1~R1C2~R1C3~R1C4", 96),
        (".RegionSumLine~R2C2~R2C3~R1C3", 48),
        (".SumLine~3~R1C1~R2C2~R1C2~R1C3", 108),
        (".Between~R1C1~R1C2~R1C3~R1C4", 48),
        (".Modular~2~R1C1~R1C2~R1C3~R1C4", 96),
        (".Quad~R2C2~0~3.Quad~R3C3~0~1~2", 220),
        (".~R1C1_0_1~R4C4_0_2", 72),
        (".Cage~1~R1C1~R1C2.Cage~5~R3C3~R4C3~R4C4", 12),
        (".Thermo~R1C1~R2C2~R3C3", 24),
    ] {
        let text = format!(".Shape~4x4~0-3{text}");
        let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(s.rules().zero_based, "{text}");
        assert_eq!(agree(&s), want, "{text}");
    }
    // An indexer in the last column would ask for the value N: refused by name.
    let Err(e) = Sudoku::parse(".Shape~4x4~0-3.Indexing~C~R2C4") else {
        panic!("an indexer in the last column of values from 0 read")
    };
    assert!(e.to_string().contains("would ask for the value N"), "{e}");
    // f-puzzles' digits are 1 to N: its JSON is not written for such a grid (another puzzle).
    let s = Sudoku::parse(".Shape~4x4~0-3.~R1C1_0").unwrap();
    let e = fpuzzles::write(s.grid(), s.rules()).unwrap_err();
    assert!(e.message.contains("values from 0"), "{}", e.message);
}

/// X-sums, numbered rooms and indexers on values from 0, as ISS reads them (its "0-indexed: Sums
/// and indexing", line 230 of the collection, keeps its published solution so, and breaks each of
/// the three read with the values shifted to 1-N inside): an X-sum's first value x counts x cells, itself among them (a 0 none,
/// adding up to 0); a numbered room's names the x-th cell (a 0 none); an indexer's value v names
/// column (row) v counted from 1 and asks it for the number of its own column (row). Each 4x4
/// count against the brute force, and against the rule written here apart from the checker.
#[test]
fn sums_rooms_and_indexers_on_values_from_0_read_as_iss_does() {
    // Value at row r, column c (from 0) of a 4x4 written in digits 1-4.
    fn v(c: &[u8], r: usize, col: usize) -> usize {
        usize::from(c[r * 4 + col]) - 1
    }
    let cases: [(&str, Rule); 7] = [
        (".XSum~R1~3~", |c| {
            (0..v(c, 0, 0)).map(|i| v(c, 0, i)).sum::<usize>() == 3
        }),
        // 0 first (no cell counted) or nothing else adds up to 0 (a 1 counts itself).
        (".XSum~R2~0~", |c| v(c, 1, 0) == 0),
        // From the bottom of column 3.
        (".XSum~C3~~5", |c| {
            (0..v(c, 3, 2)).map(|i| v(c, 3 - i, 2)).sum::<usize>() == 5
        }),
        (".NumberedRoom~R1~2~", |c| {
            let x = v(c, 0, 0);
            x >= 1 && v(c, 0, x - 1) == 2
        }),
        (".NumberedRoom~C2~~3", |c| {
            let x = v(c, 3, 1);
            x >= 1 && v(c, 4 - x, 1) == 3
        }),
        // r1c1 holds v: column v of row 1 holds 1 (column 1's number).
        (".Indexing~C~R1C1", |c| {
            let x = v(c, 0, 0);
            x >= 1 && v(c, 0, x - 1) == 1
        }),
        // r2c3 holds v: row v of column 3 holds 2 (row 2's number).
        (".Indexing~R~R2C3", |c| {
            let x = v(c, 1, 2);
            x >= 1 && v(c, x - 1, 2) == 2
        }),
    ];
    agree_with_rules_on(".Shape~4x4~0-3", &cases);
}

/// A sum of values from 0 over k cells is the sum of their digits (from 1) less k: cages and
/// little killers of values cut exactly the grids that the same shapes with k more cut in digits.
#[test]
fn sums_of_values_from_0_are_digit_sums_less_a_cell_each() {
    let grids = |text: &str| -> BTreeSet<Vec<u8>> {
        let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut search = Search::new(s.instance());
        search.preselect(s.givens()).unwrap();
        let mut obs = Grids {
            sudoku: &s,
            found: Vec::new(),
        };
        search.run(&mut obs);
        obs.found.into_iter().collect()
    };
    for (values, digits) in [
        (".Cage~1~R1C1~R1C2", ".Cage~3~R1C1~R1C2"),
        (".Cage~3~R1C1~R2C1~R2C2", ".Cage~6~R1C1~R2C1~R2C2"),
        (".LittleKiller~2~R1C2", ".LittleKiller~4~R1C2"),
        (".LittleKiller~3~R1C1", ".LittleKiller~7~R1C1"),
    ] {
        let a = grids(&format!(".Shape~4x4~0-3{values}"));
        let b = grids(&format!(".Shape~4x4{digits}"));
        assert!(!a.is_empty() && a.len() < 288, "{values}: {}", a.len());
        assert_eq!(a, b, "{values} against {digits}");
    }
}

/// Regex lines (ISS's `.Regex~<pattern in base64>~cells~~cells`): each against the brute force,
/// on a short line filled whole, an 8-cell line walked as a chain (4^8 walks of `.`, past
/// `WHOLE_MAX`), two lines of one constraint, and values from 0 (`0` a value). The counts are
/// those of this run: none empty, none keeping all 288.
#[test]
fn regex_lines_are_the_brute_force() {
    for (text, chain, want) in [
        // 12.*|.*43
        (".Regex~MTIuKnwuKjQz~R1C1~R1C2~R1C3~R1C4", false, 36),
        // [12].*[34] on a snake through the top two rows (2 x 4^6 x 2 walks).
        (
            ".Regex~WzEyXS4qWzM0XQ~R1C1~R1C2~R1C3~R1C4~R2C4~R2C3~R2C2~R2C1",
            true,
            96,
        ),
        // [^4]+ on two lines at once.
        (".Regex~W140XSs~R1C1~R2C2~~R3C3~R4C4", false, 72),
        // 0.* where values run from 0.
        (".Shape~4x4~0-3.Regex~MC4q~R1C1~R2C2~R3C3~R4C4", false, 72),
    ] {
        let text = match text.strip_prefix(".Shape~4x4~0-3") {
            Some(_) => text.to_string(),
            None => format!(".Shape~4x4{text}"),
        };
        let (s, enc) = encoded(&text);
        let steps = enc.primary.iter().filter(|n| n.contains('.')).count();
        assert_eq!(steps > 0, chain, "{text}: {:?}", enc.primary);
        let n = agree(&s);
        assert!(n > 0 && n < 288, "{text}: {n}");
        assert_eq!(n, want, "{text}");
    }
    let lines = Sudoku::parse(".Shape~4x4.Regex~W140XSs~R1C1~R2C2~~R3C3~R4C4").unwrap();
    assert_eq!(lines.rules().clues.len(), 2);
    // Bad patterns and bad base64 say what and where.
    for (text, want) in [
        (
            ".Regex~KDEy~R1C1~R1C2",
            "constraint 2 (`Regex`): the pattern `(12`: a group is not closed",
        ),
        (
            ".Regex~NQ~R1C1",
            "`5` is not one of the grid's values (1 to 4)",
        ),
        (".Regex~!!~R1C1", "`!!` is not a pattern in base64"),
        (".Regex~MTI", "constraint 2 (`Regex`) has no cell"),
    ] {
        let e = Sudoku::parse(&format!(".Shape~4x4{text}"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(want), "{text}: {e}");
    }
}

/// NFA lines (ISS's `.NFA~<automaton>~_<name>~cells~~cells`), automata written by the test's own
/// encoder in ISS's serial form: each against the brute force. "The digits rise" (packed) on a
/// diagonal, and on two lines of one constraint; "a 1 is followed by a 2 somewhere" (plain, two
/// moves on one symbol) on a row; each count also the 288 grids filtered by the rule written
/// here; and the rising line on values from 0.
#[test]
fn nfa_lines_are_the_brute_force() {
    // 0 the start, k = 1 to 4 "the last digit was the k-th value", all accepting.
    let rising: Vec<Vec<(usize, usize)>> = (0..5)
        .map(|q| (q..4).map(|s| (s, s + 1)).collect())
        .collect();
    let twelve = vec![
        vec![(0, 0), (1, 0), (2, 0), (3, 0), (0, 2)],
        vec![(0, 1), (1, 1), (2, 1), (3, 1)],
        vec![(1, 1)],
    ];
    let (rise, one_two) = (encode_iss(4, 1, 4, &rising), encode_iss(4, 1, 1, &twelve));
    // The rules as written, on the 288 grids (cells row-major from 0: r2c2 is 5).
    let texts = [
        format!(".NFA~{rise}~_Rising~R1C1~R2C2~R3C3"),
        format!(".NFA~{rise}~_~R1C1~R2C2~~R4C4~R3C3"),
        format!(".NFA~{one_two}~R2C1~R2C2~R2C3~R2C4"),
    ];
    let rules: [Rule; 3] = [
        |c| c[0] < c[5] && c[5] < c[10],
        |c| c[0] < c[5] && c[15] < c[10],
        |c| c[4..8].windows(2).any(|w| w == [1, 2]),
    ];
    let cases: Vec<(&str, Rule)> = texts.iter().map(String::as_str).zip(rules).collect();
    agree_with_rules(&cases);
    // On values from 0 the automaton's first symbol is the value 0.
    let zero = format!(".Shape~4x4~0-3.NFA~{rise}~_~R1C1~R2C2~R3C3~R4C4");
    let n = agree(&Sudoku::parse(&zero).unwrap());
    assert!(n > 0 && n < 288, "{zero}: {n}");
    let named =
        Sudoku::parse(&format!(".Shape~4x4.NFA~{rise}~_Rising%20digits~R1C1~R2C2")).unwrap();
    assert_eq!(
        named.rules().clues[0].name(4),
        "state-machine line \"Rising digits\" on r1c1-r2c2"
    );
    // Bad automata and lines say what and where.
    for (text, want) in [
        (
            ".NFA~!!~R1C1".to_string(),
            "`!!` is not an automaton in base64",
        ),
        (
            format!(".NFA~{}~R1C1", encode_iss(9, 1, 4, &rising)),
            "reads 9 symbols, but the grid has 4 values",
        ),
        (
            format!(".NFA~{rise}~_x"),
            "constraint 2 (`NFA`) has no cell",
        ),
    ] {
        let e = Sudoku::parse(&format!(".Shape~4x4{text}"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(want), "{text}: {e}");
    }
}

/// The 16 lines of a 4x4 grid (cells row-major from 0): rows and columns, each read both ways.
fn lines4() -> Vec<[usize; 4]> {
    let mut lines = Vec::new();
    for i in 0..4 {
        let row = [4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3];
        let col = [i, 4 + i, 8 + i, 12 + i];
        for l in [row, col] {
            lines.push(l);
            lines.push([l[3], l[2], l[1], l[0]]);
        }
    }
    lines
}

/// The rank of the 4x4 line `line` among the 16 read as numbers (one more than the lines less
/// than it), and whether another reads the same: the rule as written, with no use of the
/// encoding's reasoning by first digits.
fn rank4(c: &[u8], line: [usize; 4]) -> (u32, bool) {
    let read = |l: &[usize; 4]| l.map(|p| c[p]);
    let own = read(&line);
    let lines = lines4();
    let others = lines.iter().filter(|&&l| l != line);
    let tied = others.clone().any(|l| read(l) == own);
    (1 + others.filter(|l| read(l) < own).count() as u32, tied)
}

/// Whether two of the 16 lines of a 4x4 read the same.
fn twins4(c: &[u8]) -> bool {
    let read: Vec<[u8; 4]> = lines4().iter().map(|l| l.map(|p| c[p])).collect();
    (0..16).any(|i| (i + 1..16).any(|j| read[i] == read[j]))
}

/// Full rank (ISS's `.FullRank~C1~10~`: rows and columns read as numbers from both ends, ranked):
/// each 4x4 puzzle's count is the brute force through the checker and the 288 grids filtered by
/// the rank written out ([`rank4`]); one clue from each side, two clues at once, a clue whose
/// line's first digit is 1 and one whose is 4; and ISS's ties: by default a clued line reads as
/// no other, with `FullRankTies~none` no two lines do, with `~any` lines may tie. Ranks out of
/// range and other ways with ties are refused by name.
#[test]
fn full_ranks_are_the_brute_force_and_the_rule_as_written() {
    let cases: [(&str, Rule); 10] = [
        (".FullRank~C1~10~", |c| {
            rank4(c, [0, 4, 8, 12]) == (10, false)
        }),
        (".FullRank~R4~~2", |c| {
            rank4(c, [15, 14, 13, 12]) == (2, false)
        }),
        (".FullRank~R2~15~", |c| {
            rank4(c, [4, 5, 6, 7]) == (15, false)
        }),
        (".FullRank~C3~~7", |c| {
            rank4(c, [14, 10, 6, 2]) == (7, false)
        }),
        (".FullRank~C2~6~.FullRank~R1~~12", |c| {
            rank4(c, [1, 5, 9, 13]) == (6, false) && rank4(c, [3, 2, 1, 0]) == (12, false)
        }),
        // Two clues starting at r1c1, one down and one along: both with the digit 3 first.
        (".FullRank~C1~9~.FullRank~R1~11~", |c| {
            rank4(c, [0, 4, 8, 12]) == (9, false) && rank4(c, [0, 1, 2, 3]) == (11, false)
        }),
        // Values from 0: the order is the digits'.
        ("~0-3.FullRank~C1~10~", |c| {
            rank4(c, [0, 4, 8, 12]) == (10, false)
        }),
        (".FullRank~C1~10~.FullRankTies~none", |c| {
            rank4(c, [0, 4, 8, 12]) == (10, false) && !twins4(c)
        }),
        (".FullRankTies~any.FullRank~R4~5~", |c| {
            rank4(c, [12, 13, 14, 15]).0 == 5
        }),
        (".FullRank~C2~15~.FullRankTies~any", |c| {
            rank4(c, [1, 5, 9, 13]).0 == 15
        }),
    ];
    agree_with_rules(&cases);
    // Givens that leave other lines unfinished are judged once the grid is whole: the clued
    // column 1423 is read before the rows starting with 1 are (the grid 1243/4321/2134/3412 keeps
    // it fourth of the four).
    let partial = ".Shape~4x4.FullRank~C1~4~.~R1C1_1~R1C2_2~R1C3_4~R1C4_3~R2C1_4~R3C1_2~R4C1_3";
    let s = Sudoku::parse(partial).unwrap_or_else(|e| panic!("{partial}: {e}"));
    assert!(agree(&s) >= 1, "{partial}");
    for (text, want) in [
        (
            ".FullRank~C1~17~",
            "a rank of 17: the 8 rows and columns read both ways rank from 1 to 16",
        ),
        (".FullRank~C1~0~", "a rank of 0"),
        (
            ".FullRank~C1~3~.FullRankTies~some",
            "ISS `FullRankTies~some` is not supported: ties are `none` or `any`",
        ),
    ] {
        let e = Sudoku::parse(&format!(".Shape~4x4{text}"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(want), "{text}: {e}");
    }
}

/// Each 4x4 puzzle (`.Shape~4x4` and the rules, or one of its own `.Shape`) has exactly `want` solutions by DLX and by the
/// brute force alike: none empty, none keeping all 288.
fn counts_on_4x4<S: AsRef<str>>(cases: &[(S, usize)]) {
    for (text, want) in cases {
        let text = match text.as_ref() {
            t if t.starts_with(".Shape") => t.to_string(),
            t => format!(".Shape~4x4{t}"),
        };
        let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let n = agree(&s);
        assert!(n > 0 && n < 288, "{text}: {n}");
        assert_eq!(n, *want, "{text}");
    }
}

/// Each 4x4 puzzle (or one of its own `.Shape`) is refused with a message holding `want`.
fn refused_on_4x4<S: AsRef<str>>(cases: &[(S, &str)]) {
    for (text, want) in cases {
        let text = match text.as_ref() {
            t if t.starts_with(".Shape") => t.to_string(),
            t => format!(".Shape~4x4{t}"),
        };
        let e = Sudoku::parse(&text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(want), "{text}: {e}");
    }
}

/// Numbered rooms (ISS `.NumberedRoom~R1~3~`: the X-th digit from the clue's end is 3, X the
/// first), lockout lines (`.Lockout~2~cells`: the ends differ by at least 2, the digits between
/// them lie outside the ends' range) and anti-taxicab (`.AntiTaxicab`: no digit d is d cells
/// from another d along rows and columns), each against the brute force on 4x4. The counts are
/// those of this run: none empty, none keeping all 288.
#[test]
fn numbered_rooms_lockout_lines_and_anti_taxicab_are_the_brute_force() {
    counts_on_4x4(&[
        (".NumberedRoom~R1~3~", 48),
        (".NumberedRoom~C2~~2.NumberedRoom~R3~1~", 24),
        (".Lockout~2~R1C1~R2C2~R3C3~R4C4", 8),
        (".Lockout~1~R1C1~R2C2~R3C3", 96),
    ]);
    // No 4x4 grid keeps anti-taxicab (the brute force agrees); on a 9x9 (the solution of ISS's
    // "Anti-Taxi Sudoku X", line 45 of its collection, with its first three rows blank) the rule
    // keeps its grid and cuts the others.
    assert_eq!(count(".Shape~4x4.AntiTaxicab"), 0);
    let anti = "264581793351697248798423165975146382426378951813259674639815427182764539547932816";
    let blank: Vec<usize> = (0..27).collect();
    let without = count(&givens(anti, &blank));
    let with = count(&format!("{}.AntiTaxicab", givens(anti, &blank)));
    assert!(
        with >= 1 && with < without,
        "{with} grids with anti-taxicab, {without} without"
    );
    assert_eq!((with, without), (1, 192));
    // Givens that break it are named, not left to a search that finds nothing.
    let e = Sudoku::parse(".AntiTaxicab.~R1C1_4~R2C4_4")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("r1c1 and r2c4 both hold 4, 4 cells apart"),
        "{e}"
    );
    refused_on_4x4(&[
        (
            ".Shape~4x4~0-3.AntiTaxicab",
            "anti-taxicab on a grid of values from 0",
        ),
        (
            ".Shape~4x4.Lockout~4~R1C1~R1C2",
            "its ends' least difference is 1 to N-1",
        ),
        (
            ".Shape~4x4.Lockout~2~R1C1",
            "a line between two ends has at least two cells",
        ),
    ]);
}

/// ISS's pairwise key of the relation `f` on `n` values (bit i·n + j set when the i-th value may
/// precede the j-th, six bits a character from the least significant; `-` and `_` swapped for
/// the older `Binary`): written here from the format, not by the reader under test.
fn pair_key(n: u32, legacy: bool, f: impl Fn(u32, u32) -> bool) -> String {
    let alphabet: Vec<char> = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain(if legacy { ['_', '-'] } else { ['-', '_'] })
        .collect();
    let bits: Vec<bool> = (0..n * n).map(|k| f(k / n, k % n)).collect();
    let mut out: String = bits
        .chunks(6)
        .map(|c| {
            let v = c
                .iter()
                .enumerate()
                .map(|(b, &on)| usize::from(on) << b)
                .sum::<usize>();
            alphabet[v]
        })
        .collect();
    while out.ends_with('A') {
        out.pop();
    }
    out
}

/// Look-and-say cages (`.LookAndSay~1112~cells`: one 1, one 2; a count of 0 keeps a value out),
/// contain-exact and contain-at-least cells, rellik cages (no set of the digits adds up to the
/// number), equality cages (as many even as odd, as many low as high) and pairwise relations on a
/// line (`Pair`, `Binary`) and on every two cells (`PairX`), each against the brute force on 4x4
/// and on values from 0. The counts are those of this run: none empty, none keeping all 288.
#[test]
fn counted_cages_rellik_equality_and_pairwise_relations_are_the_brute_force() {
    let less = pair_key(4, false, |a, b| a < b);
    // Never the least value twice: its first character is 62, `-`, the others 63, `_` (swapped
    // in the older alphabet of `Binary`).
    let differ = pair_key(4, false, |a, b| a + b > 0);
    let differ_legacy = pair_key(4, true, |a, b| a + b > 0);
    assert!(differ.starts_with('-') && differ_legacy.starts_with('_'));
    let apart = pair_key(4, false, |a, b| a.abs_diff(b) >= 2);
    assert_eq!(
        less, "Oj",
        "the key of a < b on 4 values (ISS's own example)"
    );
    let cases = [
        (".LookAndSay~1112~R1C1~R2C3~R3C2".to_string(), 36),
        (".LookAndSay~2103~R1C1~R2C3~R3C2~R4C4".to_string(), 40),
        (".ContainExact~1_1~R1C1~R2C3".to_string(), 36),
        (".ContainAtLeast~2~R1C1~R1C2~R2C1".to_string(), 216),
        (".RellikCage~6~R1C1~R1C2~R2C1".to_string(), 72),
        (".RellikCage~3~R1C1~R2C3".to_string(), 48),
        (".EqualityCage~R1C1~R1C2".to_string(), 96),
        (".EqualityCage~R1C1~R2C3~R3C2~R4C4".to_string(), 24),
        (format!(".Pair~{less}~_Up~R1C1~R2C2~R3C3"), 24),
        (format!(".Pair~{differ}~~R1C1~R2C3~R3C2"), 252),
        (format!(".Binary~{differ_legacy}~~R1C1~R2C3~R3C2"), 252),
        (
            format!(".PairX~{apart}~_Far%20apart~R1C1~R2C3~~R3C3~R4C4"),
            36,
        ),
        (
            ".Shape~4x4~0-3.LookAndSay~1011~R1C1~R2C3~R3C2".to_string(),
            36,
        ),
        (".Shape~4x4~0-3.EqualityCage~R1C1~R1C2".to_string(), 96),
        (format!(".Shape~4x4~0-3.Pair~{less}~_~R1C1~R2C2~R3C3"), 24),
    ];
    counts_on_4x4(&cases);
    // The group's name is read (percent-decoded) and says which relation a clue is.
    let s = Sudoku::parse(&format!(".Shape~4x4.PairX~{apart}~_Far%20apart~R1C1~R2C3")).unwrap();
    assert_eq!(
        s.rules().clues[0].name(4),
        "pairwise group \"Far apart\" on r1c1-r2c3"
    );
    refused_on_4x4(&[
        (
            ".LookAndSay~123~R1C1~R1C2".to_string(),
            "is not a look-and-say clue",
        ),
        (
            ".LookAndSay~1121~R1C1~R1C2".to_string(),
            "counts the value 1 twice",
        ),
        (
            ".ContainExact~1_x~R1C1".to_string(),
            "is not a list of values",
        ),
        (
            ".ContainExact~1_2_3~R1C1~R1C2".to_string(),
            "more values than it has cells",
        ),
        (
            ".ContainAtLeast~7~R1C1".to_string(),
            "its values are those of the grid, 1-4",
        ),
        (
            ".EqualityCage~R1C1~R1C2~R2C1".to_string(),
            "an even number of cells",
        ),
        (
            ".RellikCage~5~R1C1~R1C2~R2C1~R2C2~R3C3".to_string(),
            "at most 4 cells",
        ),
        (
            ".Pair~$$~R1C1~R1C2".to_string(),
            "is not a pairwise key of a grid of 4 values",
        ),
        (
            format!(".Pair~{}~R1C1", pair_key(9, false, |a, b| a < b)),
            "is not a pairwise key",
        ),
    ]);
}

/// Counting circles (`.CountingCircles~cells`: a digit in a circle stands in that many circles),
/// same-value sets (`.SameValues~2~cells`: the cells cut into runs holding the same digits) on
/// 4x4, and the 2x2 rules of three classes (`.GlobalEntropy`, `.GlobalMod`) on 9x9 (the published
/// solutions of ISS's "[New Constraint] Entropy Sudoku" and "Global mod 3", lines 46 and 47 of its
/// collection, with three rows blank), each against the brute force.
#[test]
fn counting_circles_same_values_and_2x2_classes_are_the_brute_force() {
    counts_on_4x4(&[
        (".CountingCircles~R1C1~R2C3~R3C2", 30),
        (".CountingCircles~R1C1~R2C3~R3C2~R4C4", 18),
        // Six circles: the values they hold add up to 6 (1+2+3 or 2+4), the chain over values.
        (".CountingCircles~R1C1~R1C2~R2C3~R3C4~R4C1~R4C2", 8),
        // Values from 0: no 0 in a circle.
        (".Shape~4x4~0-3.CountingCircles~R1C1~R2C3~R3C2", 30),
        (".SameValues~2~R1C1~R2C3", 144),
        (".SameValues~2~R1C1~R1C2~R3C3~R4C4", 48),
        (".SameValues~3~R1C1~R2C3~R3C2", 72),
    ]);
    let entropy =
        "891234567534867291672915348315648972948372615726159483459783126183426759267591834";
    let modular =
        "879162354621543798435987216387419562196235487254876139943621875518794623762358941";
    for (solution, rule) in [(entropy, ".GlobalEntropy"), (modular, ".GlobalMod")] {
        // A band in the middle, then the top band and the left stack (2x2s on the grid's edges).
        let left: Vec<usize> = (0..81).filter(|p| p % 9 < 3).collect();
        for blank in [(27..54).collect::<Vec<usize>>(), (0..27).collect(), left] {
            let without = count(&givens(solution, &blank));
            let with = count(&format!("{}{rule}", givens(solution, &blank)));
            assert!(
                with >= 1 && with < without,
                "{rule}: {with} grids with it, {without} without"
            );
        }
    }
    // Their options in the puzzle's words: a cell's class, then a 2x2's four classes.
    let labels = first_shape_labels(".Shape~9x9.GlobalMod");
    for want in [
        "global mod 3: r1c1 is 1 mod 3",
        "global mod 3: r1c2 is 0 mod 3",
        "global mod 3, the 2x2 at r1c1: 1 mod 3, 2 mod 3, 0 mod 3, 1 mod 3",
    ] {
        assert!(labels.iter().any(|l| l == want), "{want} in {labels:?}");
    }
    assert_eq!(labels.len(), 81 * 3 + 64 * 36, "every class, every pattern");
    refused_on_4x4(&[
        (
            ".Shape~4x4.SameValues~2~R1C1~R1C2~R2C1",
            "runs of equal length",
        ),
        (
            ".Shape~4x4.GlobalEntropy",
            "a 2x2 rule of three classes needs 9 values",
        ),
        (
            ".Shape~9x9~0-8.GlobalEntropy",
            "global entropy on a grid of values from 0",
        ),
    ]);
}

/// Value indexers (`.ValueIndexing~value~control~cells`: the value stands again N cells after the
/// control, N the control's), distinct counts (`.CountDistinct~control~cells`), equal sums
/// (`.EqualSum~cells~-~cells`) on 4x4, and Dutch flatmates (`.DutchFlatmates`: a 5 has a 1 above
/// or a 9 below) on 9x9 (the published solution of ISS's "Dutch Flat Mates (Kropki)", line 34 of
/// its collection, with three rows blank), each against the brute force.
#[test]
fn value_indexers_distinct_counts_equal_sums_and_dutch_flatmates_are_the_brute_force() {
    counts_on_4x4(&[
        (".ValueIndexing~R1C1~R2C1~R2C2~R2C3~R2C4", 72),
        (".ValueIndexing~R1C1~R3C1~R3C2~R3C3~R4C3", 72),
        (".CountDistinct~R1C1~R3C2~R4C3~R2C4", 72),
        (".CountDistinct~R1C1~R2C3~R3C2", 72),
        (".EqualSum~R1C1~R1C2~-~R3C3~R3C4", 128),
        (".EqualSum~R1C1~-~R2C3~-~R3C2~R4C4", 12),
    ]);
    let dutch = "618792345352864719947531826721985463896243571435617982279158634163479258584326197";
    let blank: Vec<usize> = (27..54).collect();
    let without = count(&givens(dutch, &blank));
    let with = count(&format!("{}.DutchFlatmates", givens(dutch, &blank)));
    assert_eq!((with, without), (2, 168));
    assert!(
        with >= 1 && with < without,
        "{with} grids with Dutch flatmates, {without} without"
    );
    refused_on_4x4(&[
        (
            ".ValueIndexing~R1C1~R1C2",
            "a value cell, a control and cells after it",
        ),
        (".CountDistinct~R1C1", "a control and cells to count"),
        (
            ".EqualSum~R1C1",
            "equal sums need two or more runs of cells",
        ),
        (".EqualSum~-~-", "constraint 2 (`EqualSum`) has no cell"),
        (
            ".DutchFlatmates",
            "Dutch flatmates are a rule of values 1-9",
        ),
    ]);
}

/// The kinds read since ISS's counted cages are named in the puzzle's words, and each option of
/// theirs (the narration's words for it) starts with its clue's name.
#[test]
fn the_newer_clue_kinds_name_their_shapes_and_label_their_options() {
    let less = pair_key(4, false, |a, b| a < b);
    let text = format!(
        ".Shape~4x4.LookAndSay~1112~R1C1~R2C3~R3C2.RellikCage~6~R1C2~R2C1.EqualityCage~R3C3~R3C4\
         .Pair~{less}~_Up~R4C1~R4C2.CountingCircles~R2C2~R4C4.SameValues~2~R1C3~R4C3\
         .ValueIndexing~R1C4~R2C4~R3C4~R4C4.CountDistinct~R3C1~R4C1~R4C2.EqualSum~R1C1~-~R2C2"
    );
    let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let shapes = s.clue_shapes();
    let names: Vec<&str> = shapes.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "look-and-say cage 1112 in r1c1-r3c2",
            "rellik cage 6 in r1c2-r2c1",
            "equality cage in r3c3-r3c4",
            "pairwise line \"Up\" on r4c1-r4c2",
            "counting circles on r2c2-r4c4",
            "same-value sets (2 runs) on r1c3-r4c3",
            "value indexer from r1c4",
            "distinct count from r3c1",
            "equal sums on r1c1-r2c2",
        ]
    );
    for c in &shapes {
        assert!(!c.items.is_empty(), "{}", c.name);
        for &k in &c.options {
            let label = s.label(k);
            assert!(label.starts_with(&c.name), "{label}");
        }
    }
}

/// A rule written as a closure over a 4x4 grid (row-major digits).
type Rule = fn(&[u8]) -> bool;

/// Each 4x4 puzzle's count is the brute force through the checker (`agree`) and, independently,
/// the 288 grids filtered by its rule as a closure: some, not all.
fn agree_with_rules(cases: &[(&str, Rule)]) {
    agree_with_rules_on(".Shape~4x4", cases);
}

/// [`agree_with_rules`] on the 4x4 that `shape` states (`.Shape~4x4~0-3`: values from 0; the
/// rules still read digits 1-4).
fn agree_with_rules_on(shape: &str, cases: &[(&str, Rule)]) {
    let all = completions(Geometry::of_size(4).unwrap(), &[0; 16]);
    assert_eq!(all.len(), 288);
    for (text, rule) in cases {
        let text = format!("{shape}{text}");
        let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let want = all.iter().filter(|c| rule(c)).count();
        assert!(want > 0 && want < 288, "{text}: {want}");
        assert_eq!(agree(&s), want, "{text}");
    }
}

/// ISS's `Or` (with `And` groups and `Or`s inside): each 4x4 puzzle's count is the brute force
/// through the checker and, independently, the 288 grids filtered by the rule written here as a
/// closure (cells row-major from 0: r1c1 is 0, r2c3 is 6).
#[test]
fn either_or_blocks_are_the_brute_force_and_the_rule_as_written() {
    let cases: [(&str, Rule); 6] = [
        (".Or.~R1C1_1.~R1C2_1.End", |c| c[0] == 1 || c[1] == 1),
        (".Or.~R1C1_1_2.~R4C4_4.End", |c| c[0] <= 2 || c[15] == 4),
        (
            ".Or.~R1C1_1.And.~R1C1_2.AllDifferent~R2C3~R3C2.End.End",
            |c| c[0] == 1 || (c[0] == 2 && c[6] != c[9]),
        ),
        (
            ".Or.And.Or.~R2C2_3.~R2C2_4.End.~R1C1_1.End.Cage~7~R3C3~R4C4.End",
            |c| ((c[5] == 3 || c[5] == 4) && c[0] == 1) || (c[10] != c[15] && c[10] + c[15] == 7),
        ),
        (".Or.V~R1C3~R2C3.WhiteDot~R1C3~R2C3.End", |c| {
            c[2] + c[6] == 5 || c[2].abs_diff(c[6]) == 1
        }),
        // An `And` outside any `Or`: all of it holds.
        (".And.~R1C1_2.AllDifferent~R2C2~R3C3.End", |c| {
            c[0] == 2 && c[5] != c[10]
        }),
    ];
    agree_with_rules(&cases);
    let all = completions(Geometry::of_size(4).unwrap(), &[0; 16]);
    // In words, as the board's list and the narration name it.
    let s =
        Sudoku::parse(".Shape~4x4.Or.~R1C1_1.And.~R1C1_2.AllDifferent~R2C3~R3C2.End.End").unwrap();
    assert_eq!(
        s.rules().clues[0].name(4),
        "either r1c1=1 or (r1c1=2 and r2c3, r3c2 differ)"
    );
    assert_eq!(s.rules().clues[0].kind.label().as_deref(), Some("or"));
    // On values from 0, the words write values.
    let z = Sudoku::parse(".Shape~4x4~0-3.Or.~R1C1_0.~R1C2_0_3.End").unwrap();
    assert_eq!(z.rules().clues[0].name(4), "either r1c1=0 or r1c2 in 0,3");
    assert_eq!(
        agree(&z),
        all.iter()
            .filter(|c| c[0] == 1 || c[1] == 1 || c[1] == 4)
            .count()
    );
}

/// The sides of a puzzle's first clue, an either/or.
fn sides_of(s: &Sudoku) -> Vec<super::clues::Side> {
    match &s.rules().clues[0].kind {
        ClueKind::Either { sides, .. } => sides.clone(),
        k => panic!("not an either/or: {k:?}"),
    }
}

/// How many skyscrapers the digits show, seen from their first.
fn seen(d: &[u8]) -> usize {
    let mut top = 0;
    d.iter()
        .filter(|&&x| {
            let new = x > top;
            top = top.max(x);
            new
        })
        .count()
}

/// The X-sum the digits show from their first: the sum of the first x digits, x the first.
fn x_sum(d: &[u8]) -> u32 {
    d[..usize::from(d[0])].iter().map(|&x| u32::from(x)).sum()
}

/// An either/or whose sides all read one line (skyscrapers, X-sums, numbered rooms, sums, givens
/// on it) is walked along the line as one automaton, however long: each 4x4 count is the brute
/// force's and the rule's, and a filling that two sides accept is one solution, not two (the
/// first case's r1 = 2,1,4,3 shows 2 skyscrapers and X-sums to 3). On a 9x9 a row's either/or
/// reads past the 6 cells filled whole; sides on different lines are still refused.
#[test]
fn either_or_along_one_line_is_walked_once_per_filling() {
    let cases: [(&str, Rule); 5] = [
        (".Or.Skyscraper~R1~2~.XSum~R1~3~.End", |c| {
            seen(&c[..4]) == 2 || x_sum(&c[..4]) == 3
        }),
        (".Or.Skyscraper~R1~~1.~R1C2_3.End", |c| {
            c[3] == 4 || c[1] == 3
        }),
        (".Or.NumberedRoom~C1~3~.XSum~C1~3~.~R1C1_1_3.End", |c| {
            let col = [c[0], c[4], c[8], c[12]];
            col[usize::from(col[0]) - 1] == 3 || x_sum(&col) == 3 || col[0] == 1 || col[0] == 3
        }),
        (".Or.Skyscraper~R2~3~.Skyscraper~R2~2~.End", |c| {
            (2..=3).contains(&seen(&c[4..8]))
        }),
        (
            ".Or.Sum~6~R3C1~R3C2~R3C3.Whisper~2~R3C1~R3C2~R3C3.End",
            |c| c[8] + c[9] + c[10] == 6 || (c[8].abs_diff(c[9]) >= 2 && c[9].abs_diff(c[10]) >= 2),
        ),
    ];
    agree_with_rules(&cases);
    // On values from 0 a side's given is a value and a sum is of values (digit d is value d - 1).
    let z = Sudoku::parse(".Shape~4x4~0-3.Or.Sum~3~R1C1~R1C2.~R1C2_0.End").unwrap();
    assert!(
        super::clues::either_line(&sides_of(&z)).is_some(),
        "walked along the line"
    );
    let all = completions(Geometry::of_size(4).unwrap(), &[0; 16]);
    assert_eq!(
        agree(&z),
        all.iter()
            .filter(|c| c[0] + c[1] - 2 == 3 || c[1] == 1)
            .count()
    );
    let row = ".Or.NumberedRoom~R2~8~.XSum~R2~8~.End";
    let s = Sudoku::parse(row).unwrap_or_else(|e| panic!("{row}: {e}"));
    assert_eq!(s.rules().clues[0].cells.len(), 9);
    assert_eq!(
        s.rules().clues[0].name(9),
        "either numbered room 8 in r2c1-r2c9 or X-sum 8 in r2c1-r2c9"
    );
    // The board writes its numbers in the ring ("8/8"); a givens' either/or, its digits in cells.
    assert_eq!(s.rules().clues[0].kind.ring_text().as_deref(), Some("8/8"));
    let g = Sudoku::parse(".Or.~R1C1_1_2.And.~R1C1_3.~R1C2_4.End.End").unwrap();
    let k = &g.rules().clues[0].kind;
    assert_eq!(k.ring_text(), None);
    assert_eq!(
        k.stated_digits(),
        [(0, "1,2/3".to_string()), (1, "4".to_string())]
    );
    // Two clues on lines of their own (17 cells): walked side by side, not refused.
    let apart = ".Or.Skyscraper~C4~1~.Skyscraper~R6~~1.End";
    let s = Sudoku::parse(apart).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.rules().clues[0].cells.len(), 17);
}

/// An ISS kind written without its arguments, or a cell left out, is told what it lacks, in ISS's
/// word for each part ("constraint", not the matrix's "item"): `.Arrow` was read as a grid of 6
/// cells ("nearest 16 (4x4)"), a trailing `~` as "`` is not a cell".
#[test]
fn iss_constraints_missing_their_cells_say_so() {
    for (text, want) in [
        (".Arrow", "constraint 1 (`Arrow`) has no cell"),
        (".Thermo", "constraint 1 (`Thermo`) has no cell"),
        // Every clue kind alone: each is told so, none panics (the fuzzer's `.Binary` did, where
        // its reader took a first argument as there).
        (".Binary", "constraint 1 (`Binary`) has no cell"),
        (".~R1C1_5.Sandwich", "constraint 2 (`Sandwich`) has no cell"),
        (
            ".Cage~15~R1C1~",
            "constraint 1 (`Cage`): a cell is missing where one is expected (`R1C1`)",
        ),
        (
            ".~R1C1_5.Cage~15~R1C1~~R1C2",
            "constraint 2 (`Cage`): a cell is missing",
        ),
        (
            ".LittleKiller~5",
            "constraint 1 (`LittleKiller`): a cell is missing",
        ),
        // Counted in the string, `Or` blocks and all: the cage is its fifth constraint.
        (
            ".Or.~R1C1_1.~R1C2_1.End.Cage~15~R1C1~",
            "constraint 5 (`Cage`): a cell is missing",
        ),
    ] {
        let e = Sudoku::parse(text).err().expect("refused").to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
    for kind in super::iss::clue_kinds() {
        let text = format!(".{kind}");
        match Sudoku::parse(&text) {
            Ok(_) => {}
            Err(e) => assert!(!e.to_string().is_empty(), "{text}"),
        }
    }
    // A 25x25 grid in letters that starts with an X (or a V) is a grid, not ISS's `.X`.
    let mut grid = String::from("..X.B");
    grid.push_str(&".".repeat(620));
    let s = Sudoku::parse(&grid).unwrap_or_else(|e| panic!("read as ISS: {e}"));
    assert_eq!(s.grid().geo.size(), 25);
}

/// What an `Or` cannot take is refused by name: too many cells to judge each filling, a rule of
/// the whole grid inside it, a block not closed, an `End` that closes nothing, a side with no cell.
#[test]
fn either_or_refusals_say_what_and_where() {
    refused_on_4x4(&[
        (
            ".Or.~R1C1_1.End.End",
            "constraint 5 (`End`) closes no `Or` or `And`",
        ),
        (".Or.~R1C1_1.~R1C2_1", "`Or` 1 is not closed by an `End`"),
        (
            ".Or.AntiKnight.~R1C1_1.End",
            "ISS `AntiKnight` inside an `Or` or an `And` is not supported",
        ),
        (".Or.StrictKropki.End", "ISS `StrictKropki` inside an `Or`"),
        (".Or.End", "`Or` 1 names no cell"),
        (".Or.~R9C1_1.End", "R9C1"),
        (".Or.~R1C1_7.End", "7 is not a value 1-4"),
        (
            ".Var~X~X.Or.~R1C1_1~VY_1.~R1C1_2.End",
            "`VY` names a cell outside the grid, which no `Var` declares",
        ),
    ]);
    let deep = format!("{}~R1C1_1{}", ".Or.And".repeat(9), ".End.End".repeat(9));
    refused_on_4x4(&[(
        deep.as_str(),
        "`Or` 1 nests `Or` and `And` blocks deeper than 16",
    )]);
    let deep = format!(
        "{}~R1C1_1{}",
        ".Or.And".repeat(3000),
        ".End.End".repeat(3000)
    );
    refused_on_4x4(&[(deep.as_str(), "deeper than 16")]);
    let nine = ".Or.Skyscraper~R1~3~.~R2C2_1.End";
    let e = Sudoku::parse(nine).err().expect("refused").to_string();
    assert!(
        e.contains(
            "ISS `Or` over 10 cells is not supported (`Or` 1: an either/or is filled whole, each \
             filling judged, up to 6 cells on a 9x9, or walked along a line that each of its \
             sides reads, or walked side by side when each side is one clue, or an `And` of \
             clues, along lines of their own)"
        ),
        "{e}"
    );
}

/// ISS's cage that lists a cell twice adds its digit twice ("Event horizon"): on 4x4, the brute
/// force through the checker and the rule as a closure agree (r1c1 + 2 r1c2 + r2c1 = 8, digits
/// all different; r1c1 + 2 r2c2 = 6 with no cage sum of its own otherwise).
#[test]
fn a_cage_listing_a_cell_twice_is_a_weighted_sum_of_different_digits() {
    let cases: [(&str, Rule); 2] = [
        (".Cage~8~R1C1~R1C2~R2C1~R1C2", |c| {
            c[0] + 2 * c[1] + c[4] == 8 && c[0] != c[4] && c[1] != c[4]
        }),
        (".Cage~6~R1C1~R2C2~R2C2", |c| c[0] + 2 * c[5] == 6),
    ];
    agree_with_rules(&cases);
    // Inside an `Or` such a cage is refused by name.
    refused_on_4x4(&[(
        ".Or.Cage~6~R1C1~R2C2~R2C2.~R1C1_1.End",
        "ISS cages that list a cell twice inside an `Or` are not supported",
    )]);
}

#[test]
fn a_sum_loop_splits_through_its_closing_where_the_open_line_cannot() {
    let four: Vec<u8> = FOUR.bytes().map(|b| b - b'0').collect();
    let cells = "R1C3~R2C3~R2C2~R2C1~R1C1~R1C2";
    let open = Sudoku::parse(&format!(".Shape~4x4.SumLine~7~{cells}")).unwrap();
    let closed = Sudoku::parse(&format!(".Shape~4x4.SumLine~7~{cells}~LOOP")).unwrap();
    let g = open.grid().geo;
    // 3 1 4 3 1 2 from R1C3: 3+1 = 4, then 8, so the open line breaks; round the loop from R2C2,
    // 4+3 = 7 and 1+2+3+1 = 7.
    let why = open.rules().check(g, &four, true).err().unwrap();
    assert!(why.to_string().contains("segments of 7"), "{why}");
    assert!(closed.rules().check(g, &four, true).is_ok());
    assert!(agree(&closed) > agree(&open));
}

/// Candidate sets on the cells of a cage filled directly (its fillings cover the cells' items
/// themselves, with no colour between): a filling with a digit its cell may not hold never stands.
/// `.Cage~3~R1C1~R1C2` with r1c1 in {3, 4} counted the cage's 48 grids; the brute force none.
#[test]
fn candidate_sets_hold_in_cages_filled_directly() {
    assert_eq!(count(".Shape~4x4.Cage~3~R1C1~R1C2.~R1C1_3_4"), 0);
    counts_on_4x4(&[
        (".Cage~5~R1C1~R1C2.~R1C1_1_2", 48),
        (".Cage~7~R1C1~R1C2.~R1C1_3", 24),
        (".Cage~10~R1C1~R1C2~R2C1~R2C2.~R1C1_1_2.~R2C2_4", 48),
    ]);
}

/// The tree and the matrix name full rank's and NFA lines' options in the puzzle's words: the
/// clue, the digit compared and the line from which border, the rank's reading; a state-machine
/// line by its name and its digits.
#[test]
fn full_rank_and_nfa_options_read_in_the_puzzles_words() {
    let labels = |text: &str| -> Vec<String> {
        let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let enc = s
            .rules()
            .clue_encoding(s.grid().geo, s.grid().cells())
            .unwrap();
        enc.options.iter().map(|o| o.label.clone()).collect()
    };
    let rank = labels(".Shape~4x4.FullRank~C1~10~");
    for want in [
        "full rank 10 in r1c1-r4c1: 1 of the lines starting as it does are less",
        "full rank 10 in r1c1-r4c1, digit 2 against the line from the right: 2 against 4",
        "full rank 10 in r1c1-r4c1, digit 3 against the line from the left: decided at an \
         earlier digit",
        "the line from the left starting with 3, from r2c1, holds 4 at r2c2",
        "the line from the bottom starting with 3 is the one from r4c2",
    ] {
        assert!(rank.iter().any(|l| l == want), "{want}: {:?}", &rank[..8]);
    }
    let rising: Vec<Vec<(usize, usize)>> = (0..5)
        .map(|q| (q..4).map(|s| (s, s + 1)).collect())
        .collect();
    let nfa = labels(&format!(
        ".Shape~4x4.NFA~{}~_Rising%20digits~R1C1~R2C2~R3C3",
        encode_iss(4, 1, 4, &rising)
    ));
    assert!(
        nfa.iter()
            .any(|l| l == "state-machine line \"Rising digits\" on r1c1-r3c3: 1,2,3"),
        "{nfa:?}"
    );
    assert_eq!(nfa.len(), 4, "{nfa:?}");
}

/// An either/or whose sides are clues on lines of their own, or `And`s of them, too many cells to
/// fill whole (11 to 16 of a 6x6's, 7 at most): walked side by side, each line knowing which side
/// is the first to hold (and, in an `And`, which of its side's clues is the first to fail).
/// Against the brute force on SIX with its first three rows and columns blank (C1 of SIX sees 4
/// from the top, C2 3, R2 3 from the left): the first side holding, the second, both, none in SIX,
/// three sides, `And` sides of two and three clues.
#[test]
fn either_or_of_lines_of_their_own_is_the_brute_force() {
    let blank: Vec<usize> = (0..36).filter(|p| p % 6 < 3 || p / 6 < 3).collect();
    let base = givens(SIX, &blank);
    let free = completions(
        Geometry::of_size(6).unwrap(),
        &Sudoku::parse(&base).unwrap().grid().cells,
    )
    .len();
    for (rule, in_six) in [
        (".Or.Skyscraper~C1~4~.Skyscraper~R2~2~.End", true),
        (".Or.Skyscraper~C1~2~.Skyscraper~R2~3~.End", true),
        (".Or.Skyscraper~C1~4~.Skyscraper~R2~3~.End", true),
        (".Or.Skyscraper~C1~2~.Skyscraper~R2~2~.End", false),
        (
            ".Or.Skyscraper~C1~2~.Skyscraper~R2~2~.Skyscraper~C2~3~.End",
            true,
        ),
        (".Or.Skyscraper~R2~2~.NumberedRoom~C1~5~.End", false),
        // `And` sides: all of a side's clues hold, the first of them to fail guessed per side.
        (
            ".Or.And.Skyscraper~C1~4~.Skyscraper~R2~2~.End.Skyscraper~C2~3~.End",
            true,
        ),
        (
            ".Or.Skyscraper~C2~2~.And.Skyscraper~C1~2~.Skyscraper~R2~3~.End.End",
            false,
        ),
        (
            ".Or.And.Skyscraper~C1~2~.Skyscraper~R2~2~.End.And.Skyscraper~C1~4~.Skyscraper~R2~3~\
             .Skyscraper~C2~3~.End.End",
            true,
        ),
    ] {
        let text = format!("{base}{rule}");
        let (s, enc) = encoded(&text);
        assert!(
            enc.secondary.iter().any(|n| n == "either1.first")
                && enc.primary.iter().any(|n| n.starts_with("either1.2.")),
            "{rule}: walked side by side: {:?}",
            enc.primary
        );
        let n = agree(&s);
        assert!(n < free, "{rule}: {n} of {free}");
        if in_six {
            assert!(n >= 1, "{rule}");
        }
    }
    // The options say which side is the first to hold.
    let labels = first_shape_labels(&format!("{base}.Or.Skyscraper~C1~4~.Skyscraper~R2~2~.End"));
    for says in [
        "(holds; side 1 is the first to hold)",
        "(fails; side 2 is the first to hold)",
        "(either way; side 1 is the first to hold)",
    ] {
        assert!(labels.iter().any(|l| l.ends_with(says)), "{says}");
    }
    // An `And` side of three clues: its options say which of them fails first, so that no two
    // options of one item read alike (a review found 35 labels twice).
    let labels = first_shape_labels(
        ".Shape~4x4.Or.And.Skyscraper~R1~2~.Skyscraper~C1~3~.Skyscraper~R2~2~.End\
         .NumberedRoom~C4~3~.End",
    );
    let distinct: BTreeSet<&String> = labels.iter().collect();
    assert_eq!(distinct.len(), labels.len(), "{labels:?}");
    assert!(
        labels
            .iter()
            .any(|l| l.ends_with("(fails; side 2 is the first to hold, its clue 2 fails first)")),
        "{labels:?}"
    );
}

/// An `And` outside any `Or` is read as its items: the same grids as without it, an `Or` inside it
/// an either/or as anywhere; unclosed, it says so. (Its dots marked for the strict rule: "Strict
/// kropki [dots in And]" in `tests/data/iss-either.jsonl`.)
#[test]
fn an_and_outside_any_or_is_its_items() {
    for (with, without) in [
        (
            ".Shape~4x4.And.WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2.End",
            ".Shape~4x4.WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2",
        ),
        (
            ".Shape~4x4.And.~R1C1_1.And.Or.~R2C2_1.~R2C2_4.End.End.End",
            ".Shape~4x4.~R1C1_1.Or.~R2C2_1.~R2C2_4.End",
        ),
    ] {
        let (a, b) = (count(with), count(without));
        assert_eq!(a, b, "{with}");
        assert!(a > 0 && a < 288, "{with}: {a}");
    }
    refused_on_4x4(&[(".And.~R1C1_1", "an `And` is not closed by an `End`")]);
}

/// ISS's doppelganger (`.Doppelganger`) on a 4x4 of the values 0-4 (boxes 2x2): the brute force's
/// grids, judged by the checker; the hidden cells' givens (`DGC1_2`: row 1 misses 2) keep a
/// quarter of them, as the four digits are alike; its options' words; refusals by name.
#[test]
fn doppelganger_is_the_brute_force() {
    let all = count(".Shape~4x4~0-4.Doppelganger");
    assert_eq!(all, 768);
    for hidden in ["DGC1_2", "DGR3_4", "DGB2_1"] {
        let text = format!(".Shape~4x4~0-4.Doppelganger.~{hidden}");
        assert_eq!(count(&text), all / 4, "{text}");
    }
    // Two rows may not miss the same digit.
    assert_eq!(count(".Shape~4x4~0-4.Doppelganger.~DGC1_2~DGC2_2"), 0);
    // A 0 at r1c1 (a quarter: row 1's 0 is in one of its four cells, alike), its row missing 1 (a
    // quarter of those), its column 2 (a third of those; its box then misses 3 or 4).
    let text = ".Shape~4x4~0-4.Doppelganger.~R1C1_0~DGC1_1~DGR1_2";
    assert_eq!(count(text), 768 / 4 / 4 / 3, "{text}");
    let labels = first_shape_labels(".Shape~4x4~0-4.Doppelganger");
    for want in [
        "doppelganger: row 1 misses 2, its 0 at r1c3",
        "doppelganger: column 4 misses 1, its 0 at r2c4",
        "doppelganger: box 3 misses 4, its 0 at r4c2",
    ] {
        assert!(labels.iter().any(|l| l == want), "{want} in {labels:?}");
    }
    // Each house kind, each digit, each of its cells.
    assert_eq!(labels.len(), 3 * 4 * 4 * 4);
    refused_on_4x4(&[
        (
            ".Shape~4x4.Doppelganger",
            "a doppelganger is a square grid of the values 0-N",
        ),
        (
            ".Shape~4x4~0-4.~DGR1_2",
            "a doppelganger's hidden cell (`DGR`, `DGC`, `DGB`) without `Doppelganger`",
        ),
        (".Shape~4x4~0-4.Doppelganger.~DGZ_1", "`DGZ_1`: DGZ is 0"),
        (
            ".Shape~4x4~0-4.Doppelganger.~DGR5_1",
            "`DGR5_1` is not a doppelganger's hidden cell",
        ),
        (
            ".Shape~4x4~0-4.Whisper~2~R1C1~DGC1",
            "`DGC1` is a doppelganger's hidden cell, which only a given",
        ),
        (
            ".Shape~4x4~0-4.Doppelganger.Whisper~2~R1C1~DGC5",
            "`DGC5` is not a doppelganger's hidden cell (`DGC3` of row 3",
        ),
    ]);
}

/// A doppelganger's hidden cells named by clues (ISS's "Dutch-pelgänger": whispers through
/// `DGC2`, `DGR3`, `DGB5`): cells outside the grid, each the value its house misses. On 4x4 of the
/// values 0-4 each puzzle's solutions (grid and hidden cells) are exactly the grids the checker
/// passes with their houses' missing values in the hidden cells; marks between hidden cells are
/// neighbours as ISS lays them out (the rows' and columns' each in a row, the boxes' in rows of a
/// box's width).
#[test]
fn doppelganger_hidden_cells_in_clues_are_the_brute_force() {
    for text in [
        ".Shape~4x4~0-4.Doppelganger.Whisper~3~DGC1~DGC2",
        ".Shape~4x4~0-4.Doppelganger.WhiteDot~DGR1~DGR2.Whisper~2~DGB1~R1C1",
        ".Shape~4x4~0-4.Doppelganger.GreaterThan~DGB1~DGB3.Arrow~DGB4~R1C1",
    ] {
        let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let g = s.grid().geo;
        assert_eq!(g.extra(), 12, "{text}");
        let found = dlx_with_extra(&s);
        let dlx: BTreeSet<Vec<u8>> = found.iter().cloned().collect();
        assert_eq!(dlx.len(), found.len(), "{text}: a solution found twice");
        let mut brute = BTreeSet::new();
        for grid in completions(g, s.grid().cells()) {
            // The digit each house misses among 2-5 (values 1-4), rows, columns, then boxes.
            let misses = |cells: Vec<usize>| -> u8 {
                (2..=5u8)
                    .find(|d| !cells.iter().any(|&p| grid[p] == *d))
                    .unwrap_or(0)
            };
            let mut hidden = Vec::new();
            for r in 0..4 {
                hidden.push(misses((0..4).map(|c| r * 5 + c).collect()));
            }
            for c in 0..4 {
                hidden.push(misses((0..4).map(|r| r * 5 + c).collect()));
            }
            for b in 0..4 {
                let (r0, c0) = (b / 2 * 2, b % 2 * 2);
                hidden.push(misses(
                    (0..4).map(|i| (r0 + i / 2) * 5 + c0 + i % 2).collect(),
                ));
            }
            let all: Vec<u8> = grid.iter().chain(&hidden).copied().collect();
            if s.rules().check(g, &all, true).is_ok() {
                brute.insert(all);
            }
        }
        assert!(
            dlx == brute,
            "{text}: {} solutions, the brute force {}",
            dlx.len(),
            brute.len()
        );
        assert!(
            !dlx.is_empty() && dlx.len() < 768,
            "{text}: {} solutions",
            dlx.len()
        );
    }
}

/// A raw grid (ISS's `.Shape~3x3~4~Raw`: values 1-4 that may repeat anywhere) with each clue kind
/// read there, and weighted sums: DLX's solutions are, each found once, the 4^9 fillings that pass
/// the checker, and as many as the rule written here as a closure keeps (cells row-major from 0).
#[test]
fn raw_grids_and_weighted_sums_are_the_brute_force() {
    let cases: [(&str, Rule); 11] = [
        (".Sum~5_=_1_2_-1~R1C1~R1C2~R1C3", |c| {
            c[0] as i32 + 2 * c[1] as i32 - c[2] as i32 == 5
        }),
        (".Sum~-3_=_2_-1_-1~R1C1~R2C2~R3C3", |c| {
            2 * c[0] as i32 - c[4] as i32 - c[8] as i32 == -3
        }),
        (".Sum~6~R1C1~R1C2~R1C3", |c| c[0] + c[1] + c[2] == 6),
        (".Thermo~R1C1~R1C2~R1C3", |c| c[0] < c[1] && c[1] < c[2]),
        (".ContainExact~1_1_2~R1C1~R1C2~R1C3", |c| {
            let row = &c[..3];
            row.iter().filter(|&&x| x == 1).count() == 2 && row.contains(&2)
        }),
        (".WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2", |c| {
            c[0].abs_diff(c[1]) == 1 && (c[3] == 2 * c[4] || c[4] == 2 * c[3])
        }),
        (".AllDifferent~R1C1~R2C2~R3C3.Cage~6~R1C3~R2C3~R3C3", |c| {
            let d = [c[0], c[4], c[8]];
            let cage = [c[2], c[5], c[8]];
            d[0] != d[1]
                && d[0] != d[2]
                && d[1] != d[2]
                && cage.iter().sum::<u8>() == 6
                && cage[0] != cage[1]
                && cage[0] != cage[2]
                && cage[1] != cage[2]
        }),
        (".SameValues~2~R1C1~R1C2~R2C1~R2C2", |c| {
            let (mut a, mut b) = ([c[0], c[1]], [c[3], c[4]]);
            a.sort_unstable();
            b.sort_unstable();
            a == b
        }),
        (".Or.~R1C1_1.Sum~7_=_1_-1_2~R3C1~R3C2~R3C3.End", |c| {
            c[0] == 1 || c[6] as i32 - c[7] as i32 + 2 * c[8] as i32 == 7
        }),
        (".Arrow~R2C2~R1C1~R3C3.AntiKing", |c| {
            let king = (0..9).all(|p: usize| {
                (0..9).all(|q: usize| {
                    let near =
                        p != q && (p / 3).abs_diff(q / 3) <= 1 && (p % 3).abs_diff(q % 3) <= 1;
                    !near || c[p] != c[q]
                })
            });
            c[4] == c[0] + c[8] && king
        }),
        // Equal neighbours stand: only consecutive ones are out (3,682 grids; 126 kept none equal).
        (".AntiConsecutive", |c| {
            let apart = |p: usize, q: usize| c[p].abs_diff(c[q]) != 1;
            (0..9).all(|p| (p % 3 == 2 || apart(p, p + 1)) && (p >= 6 || apart(p, p + 3)))
        }),
    ];
    // Every filling of the 3x3 cells with 1-4, the grid's other cells dead (0).
    let g = Sudoku::parse(".Shape~3x3~4~Raw").unwrap().grid().geo;
    let live: Vec<usize> = (0..16).filter(|&p| g.live(p)).collect();
    assert_eq!(live, [0, 1, 2, 4, 5, 6, 8, 9, 10]);
    let all: Vec<Vec<u8>> = (0..4u32.pow(9))
        .map(|mut k| {
            let mut b = vec![0u8; 16];
            for &p in &live {
                b[p] = (k % 4) as u8 + 1;
                k /= 4;
            }
            b
        })
        .collect();
    let short = |b: &[u8]| -> Vec<u8> { live.iter().map(|&p| b[p]).collect() };
    for (text, rule) in cases {
        let text = format!(".Shape~3x3~4~Raw{text}");
        let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(s.rules().raw, "{text}");
        let found = dlx_boards(&s);
        let dlx: BTreeSet<Vec<u8>> = found.iter().map(|b| short(b)).collect();
        assert_eq!(dlx.len(), found.len(), "{text}: a solution found twice");
        let brute: BTreeSet<Vec<u8>> = (all.iter())
            .filter(|b| s.rules().check(g, b, true).is_ok())
            .map(|b| short(b))
            .collect();
        assert_eq!(dlx, brute, "{text}");
        let want = all.iter().filter(|b| rule(&short(b))).count();
        assert!(want > 0 && want < all.len(), "{text}: {want}");
        assert_eq!(dlx.len(), want, "{text}");
    }
    // Rows and columns of a raw grid state nothing: 4^9 grids, and digits repeat in a row.
    let s = Sudoku::parse(".Shape~3x3~4~Raw.~R1C1_2~R1C2_2").unwrap();
    assert_eq!(dlx_boards(&s).len(), 4usize.pow(7));
    // A kind that reads a row as holding each value once, and weights that do not fit.
    refused_on_4x4(&[
        (
            ".Shape~4x4~Raw.Sandwich~3~R1",
            "ISS `Sandwich` on a raw grid (`Raw`: no rule on its rows, columns and boxes) is not \
             supported",
        ),
        (
            ".Shape~4x4~Raw.Or.Skyscraper~R1~2~.~R1C1_1.End",
            "ISS `Skyscraper` on a raw grid",
        ),
        (
            ".Shape~4x4~Raw.Jigsaw~AAAABBBBCCCCDDDD",
            "ISS `Jigsaw` on a raw grid",
        ),
        (
            ".Sum~7_=_1_1~R1C1~R1C2~R1C3",
            "2 weights for 3 cells (`7_=_1_1`)",
        ),
        (".Sum~5_=~R1C1", "0 weights for 1 cell (`5_=`)"),
        (
            ".Sum~7_=_1_x~R1C1~R1C2",
            "weights are whole numbers from -100 to 100",
        ),
        (
            ".Sum~7_=_1_101~R1C1~R1C2",
            "weights are whole numbers from -100 to 100",
        ),
        // ISS reads weights only after a `=`.
        (".Sum~-3_2_-1~R1C1~R2C2", "expected `=` after the total"),
        (
            ".Sum~99999999999999999999_=_1~R1C1",
            "expected a total (a whole number), then `=`",
        ),
    ]);
    // An either/or on a grid whose regions come with the puzzle (none, here) is read.
    for text in [
        ".Shape~7x7~Raw.Or.~R1C1_1.~R1C2_1.End",
        ".Shape~7x7.NoBoxes.Or.~R1C1_1.~R1C2_1.End",
    ] {
        Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// Weighted sums on Sudoku's own grids: digits repeat only where no unit forbids it, and on values
/// from 0 the weights multiply values (a digit d is the value d - 1).
#[test]
fn weighted_sums_on_4x4_are_the_brute_force() {
    agree_with_rules(&[
        (".Sum~1_=_2_-1~R1C1~R2C2", |c| {
            2 * c[0] as i32 - c[5] as i32 == 1
        }),
        (".Sum~10_=_1_1_1_1~R1C1~R2C2~R3C3~R4C4", |c| {
            c[0] + c[5] + c[10] + c[15] == 10
        }),
        (".Sum~0_=_3_-1_-2~R1C1~R1C4~R4C1", |c| {
            3 * c[0] as i32 == c[3] as i32 + 2 * c[12] as i32
        }),
    ]);
    agree_with_rules_on(
        ".Shape~4x4~0-3",
        &[(".Sum~3_=_2_-1~R1C1~R2C2", |c| {
            2 * (c[0] as i32 - 1) - (c[5] as i32 - 1) == 3
        })],
    );
}

/// Every cut of a 4x4 grid into four connected regions of four cells: each cell's region, the
/// regions numbered in order of first cells (a restricted growth string), kept if each region is
/// connected. Independent of `variants/chaos.rs`, which grows pieces instead.
fn cuts_4x4() -> Vec<[u8; 16]> {
    fn connected(lab: &[u8; 16], l: u8) -> bool {
        let cells: Vec<usize> = (0..16).filter(|&p| lab[p] == l).collect();
        let mut seen = vec![cells[0]];
        let mut i = 0;
        while i < seen.len() {
            let p = seen[i];
            for &q in &cells {
                let next = (p / 4 == q / 4 && p.abs_diff(q) == 1) || p.abs_diff(q) == 4;
                if next && !seen.contains(&q) {
                    seen.push(q);
                }
            }
            i += 1;
        }
        seen.len() == cells.len()
    }
    fn go(p: usize, used: u8, lab: &mut [u8; 16], n: &mut [u8; 4], out: &mut Vec<[u8; 16]>) {
        if p == 16 {
            if (0..4).all(|l| connected(lab, l)) {
                out.push(*lab);
            }
            return;
        }
        for l in 0..=used.min(3) {
            if n[usize::from(l)] == 4 {
                continue;
            }
            lab[p] = l;
            n[usize::from(l)] += 1;
            go(p + 1, used.max(l + 1), lab, n, out);
            n[usize::from(l)] -= 1;
        }
    }
    let mut out = Vec::new();
    go(0, 0, &mut [0; 16], &mut [0; 4], &mut out);
    out
}

/// Whether each region of the 4x4 cut `lab` holds digits of `grid` that differ.
fn regions_differ(grid: &[u8], lab: &[u8; 16]) -> bool {
    (0..4u8).all(|l| {
        let mut seen = 0u32;
        (0..16).filter(|&p| lab[p] == l).all(|p| {
            let bit = 1 << grid[p];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    })
}

/// A rule of a chaos case on a grid and its cut (each cell's region).
type ChaosRule = fn(&[u8], &[u8; 16]) -> bool;

#[test]
fn chaos_construction_is_the_brute_force() {
    let cases: [(&str, ChaosRule); 7] = [
        ("", |_, _| true),
        // Givens: each holds in every solution.
        (".~R1C1_1~R2C3_2", |c, _| c[0] == 1 && c[6] == 2),
        (".ChaosArrow~R1C1~0~CC1~CC2~CC3~CC4", |c, lab| {
            (0..4).take_while(|&k| lab[k] == lab[0]).count() == usize::from(c[0])
        }),
        // Offset 1: the value leaves the first cell out.
        (".ChaosArrow~R4C4~1~CC16~CC12~CC8~CC4", |c, lab| {
            [15, 11, 7, 3]
                .iter()
                .take_while(|&&k| lab[k] == lab[15])
                .count()
                == usize::from(c[15]) + 1
        }),
        // No arms: the four rays from r2c2, the start once.
        (".ChaosArrow~R2C2~0", |c, lab| {
            let rays: [&[usize]; 4] = [&[4], &[6, 7], &[1], &[9, 13]];
            let run: usize = rays
                .iter()
                .map(|r| r.iter().take_while(|&&k| lab[k] == lab[5]).count())
                .sum();
            run + 1 == usize::from(c[5])
        }),
        // No cells: r3c3 and its king's neighbours, counted where they share r3c3's region.
        (".ChaosCount~R3C3~0", |c, lab| {
            let near = [5, 6, 7, 9, 10, 11, 13, 14, 15];
            near.iter().filter(|&&k| lab[k] == lab[10]).count() == usize::from(c[10])
        }),
        (
            ".SameValues~2~CC6~CC11.AllDifferent~CC2~CC3.ChaosCount~R1C4~0~CC1~CC2~CC5",
            |c, lab| {
                let count = [0, 1, 4].iter().filter(|&&k| lab[k] == lab[0]).count();
                lab[5] == lab[10] && lab[1] != lab[2] && count == usize::from(c[3])
            },
        ),
    ];
    let cuts = cuts_4x4();
    // 117 cuts of a 4x4 into tetrominoes (the count of its tilings by them).
    assert_eq!(cuts.len(), 117);
    // The 576 Latin squares of order 4 (no boxes).
    let g = Geometry::of_size(4).unwrap();
    let perms: Vec<[u8; 4]> = (0..256u32)
        .map(|k| [0, 1, 2, 3].map(|i| (k >> (2 * i) & 3) as u8 + 1))
        .filter(|r| (1..=4).all(|v| r.contains(&v)))
        .collect();
    let mut squares: Vec<Vec<u8>> = Vec::new();
    for a in &perms {
        for b in &perms {
            for c in &perms {
                for d in &perms {
                    let sq: Vec<u8> = [a, b, c, d]
                        .iter()
                        .flat_map(|r| r.iter().copied())
                        .collect();
                    let cols = (0..4).all(|k| {
                        let col: BTreeSet<u8> = (0..4).map(|r| sq[r * 4 + k]).collect();
                        col.len() == 4
                    });
                    if cols {
                        squares.push(sq);
                    }
                }
            }
        }
    }
    assert_eq!(squares.len(), 576);
    for (text, rule) in cases {
        let text = format!(".Shape~4x4.ChaosConstruction.NoBoxes{text}");
        let s = Sudoku::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // Each (grid, cut) pair is a solution, as ISS counts them: a grid cut two ways is two.
        let mut brute: std::collections::BTreeMap<Vec<u8>, usize> = Default::default();
        for sq in &squares {
            let n = cuts
                .iter()
                .filter(|lab| regions_differ(sq, lab) && rule(sq, lab))
                .count();
            if n > 0 {
                brute.insert(sq.clone(), n);
            }
            // The checker finds a cut exactly where one exists (it checks rules, not givens).
            if !text.contains(".~") {
                assert_eq!(
                    s.rules().check(g, sq, true).is_ok(),
                    n > 0,
                    "{text}: the checker on {sq:?}"
                );
            }
        }
        let mut dlx: std::collections::BTreeMap<Vec<u8>, usize> = Default::default();
        for b in dlx_boards(&s) {
            *dlx.entry(b).or_default() += 1;
        }
        assert_eq!(dlx, brute, "{text}");
        assert!(
            !brute.is_empty(),
            "{text}: a case with no solution checks little"
        );
    }
}

/// The checker says "no cut" without searching every partial cut: a Latin square whose r9c9 holds
/// 1 under a count that is at least 2 there (every region holds r9c9 and a neighbour) has none,
/// found at once now that a set of free cells that failed is not searched again (a review's port
/// of the first checker ran 424 s without an answer); the same square under no clue has a cut.
#[test]
fn chaos_checker_finds_no_cut_at_once() {
    let square: Vec<u8> =
        "823456719234567198345671982456719823567198234671982345719823456198234567982345671"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    for (text, cut) in [
        (".ChaosConstruction.NoBoxes.ChaosCount~R9C9", false),
        (".ChaosConstruction.NoBoxes", true),
    ] {
        let s = Sudoku::parse(text).unwrap();
        let g = s.grid().geo;
        let t = std::time::Instant::now();
        let r = s.rules().check(g, &square, true);
        assert_eq!(r.is_ok(), cut, "{text}: {r:?}");
        if let Err(e) = r {
            assert!(e
                .message
                .starts_with("no cut of the grid into connected regions of 9 cells"));
        }
        println!("{text}: {:?}", t.elapsed());
    }
}

/// Where a region holds each digit once, its digits are primary items, as a box's are: a cell
/// where no region may start covers them by one option, "no region from r1c2", tied by `start`;
/// the first cell, where a region always starts, has neither. With more digits than a region's
/// cells, a region holds each at most once (secondary).
#[test]
fn chaos_regions_need_each_digit_where_they_hold_one_of_each() {
    let (_, enc) = encoded(".Shape~4x4.ChaosConstruction.NoBoxes");
    for v in 1..=4 {
        for at in ["r1c1", "r2c3", "r3c1"] {
            assert!(enc.primary.contains(&format!("reg({at})={v}")), "{at} {v}");
        }
    }
    assert!(!enc.secondary.iter().any(|s| s.starts_with("reg(")));
    assert!(!enc.secondary.contains(&"start(r1c1)".to_string()));
    let start = enc
        .secondary
        .iter()
        .position(|s| s == "start(r1c2)")
        .unwrap();
    let none: Vec<_> = enc
        .options
        .iter()
        .filter(|o| o.label == "no region from r1c2")
        .collect();
    assert_eq!(none.len(), 1);
    let names: Vec<&str> = std::iter::once(none[0].item)
        .chain(none[0].more.iter().copied())
        .map(|i| enc.primary[i].as_str())
        .collect();
    assert_eq!(
        names,
        ["reg(r1c2)=1", "reg(r1c2)=2", "reg(r1c2)=3", "reg(r1c2)=4"]
    );
    assert_eq!(none[0].colours, [(start, Colour::State(0))]);
    // Each piece from r1c2 says a region starts there.
    let from = enc
        .options
        .iter()
        .filter(|o| o.label.starts_with("region from r1c2:"));
    let mut pieces = 0;
    for o in from {
        assert!(
            o.colours.contains(&(start, Colour::State(1))),
            "{}",
            o.label
        );
        pieces += 1;
    }
    assert!(pieces > 0);
    // Regions of 4 cells on a 4x4 of five values: each digit at most once.
    let (_, enc) = encoded(".Shape~4x4~5.ChaosConstruction.NoBoxes");
    assert!(enc.secondary.contains(&"reg(r1c1)=5".to_string()));
    assert!(!enc.primary.iter().any(|s| s.starts_with("reg(")));
    assert!(!enc.options.iter().any(|o| o.label.starts_with("no region")));
}

/// Regions of fewer cells than values (a 4x4 of values 1-5): each region holds a digit at most
/// once, and every (grid, cut) pair the brute force finds is DLX's, once.
#[test]
fn chaos_regions_of_fewer_cells_than_values_are_the_brute_force() {
    let text = ".Shape~4x4~5.ChaosConstruction.NoBoxes.~R1C1_1~R1C2_2~R2C1_3~R3C3_5";
    let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let givens = [(0, 1), (1, 2), (4, 3), (10, 5)];
    // Rows and columns of distinct values 1-5, the givens in place.
    fn fill(p: usize, g: &mut [u8; 16], givens: &[(usize, u8)], out: &mut Vec<[u8; 16]>) {
        if p == 16 {
            out.push(*g);
            return;
        }
        for v in 1..=5u8 {
            let fits = givens.iter().all(|&(q, w)| q != p || w == v)
                && (0..p % 4).all(|c| g[p / 4 * 4 + c] != v)
                && (0..p / 4).all(|r| g[r * 4 + p % 4] != v);
            if fits {
                g[p] = v;
                fill(p + 1, g, givens, out);
            }
        }
    }
    let mut grids = Vec::new();
    fill(0, &mut [0; 16], &givens, &mut grids);
    let cuts = cuts_4x4();
    let mut brute: std::collections::BTreeMap<Vec<u8>, usize> = Default::default();
    for g in &grids {
        let n = cuts.iter().filter(|lab| regions_differ(g, lab)).count();
        if n > 0 {
            brute.insert(g.to_vec(), n);
        }
    }
    // The grid of 5 values is laid out 5x5 with its dead cells (`Geometry`): the live ones read.
    let geo = s.grid().geo;
    let mut dlx: std::collections::BTreeMap<Vec<u8>, usize> = Default::default();
    for b in dlx_boards(&s) {
        let live: Vec<u8> = geo.live_cells().map(|p| b[p]).collect();
        *dlx.entry(live).or_default() += 1;
    }
    assert!(dlx.keys().any(|b| b.contains(&5)) && !brute.is_empty());
    assert_eq!(dlx, brute, "{text}");
}

/// Every (grid, values outside it) that DLX finds on a 4x4 with cells outside the grid (ISS's
/// `Var`), as the board's cells then its `extra`, each found once.
fn dlx_with_extra(s: &Sudoku) -> Vec<Vec<u8>> {
    let mut search = Search::new(s.instance());
    search.preselect(s.givens()).unwrap();
    struct All<'a>(&'a Sudoku, Vec<Vec<u8>>);
    impl Observer for All<'_> {
        const FINE: bool = false;
        fn event(&mut self, _: Event, search: &Search) -> ControlFlow<()> {
            let b = self.0.board(&search.solution());
            // A shaped grid's dead cells (-1) read 0, as the checker reads them.
            let cells = b
                .cells
                .iter()
                .chain(&b.extra)
                .map(|&v| v.max(0) as u8)
                .collect();
            self.1.push(cells);
            ControlFlow::Continue(())
        }
    }
    let mut all = All(s, Vec::new());
    search.run(&mut all);
    all.1
}

/// Cells outside the grid (ISS's `Var`): their own digits and options, in no row, column or box,
/// named in clues of every sort (an arrow's circle, a cage, a thermometer, an extra region, a
/// weighted sum, marks and a quadruple between cells laid out as ISS lays a group out, in rows of
/// the grid's width, a value indexer whose control is among its cells), given, or given candidate
/// sets. On 4x4 grids each puzzle's solutions (grid and the cells outside it) are exactly the brute
/// force's: every grid of the 288 with every filling of the cells outside it that the checker
/// passes; none empty, none keeping all.
#[test]
fn cells_outside_the_grid_are_the_brute_forces() {
    let cases = [
        ".Shape~4x4.Var~A~~2.Arrow~VA1~R1C1~R1C2.Arrow~VA2~R3C3~R3C4",
        ".Shape~4x4.Var~A~~2.AllDifferent~VA1~VA2~R1C1.Thermo~VA1~R1C1~VA2",
        ".Shape~4x4.Var~A~~2.Cage~9~VA1~VA2~R1C1.~R2C2_1",
        ".Shape~4x4.Var~B~~4.WhiteDot~VB1~VB2.BlackDot~VB2~VB3.V~VB3~VB4.Arrow~VB4~R1C1",
        ".Shape~4x4.Var~Q~~6.Quad~VQ1~1~2~3.~VQ3_4~R1C1_4",
        ".Shape~4x4.Var~A.Sum~0_=_1_1_-1~R1C1~R1C2~VA.~VA_3_4",
        ".Shape~4x4.Var~N~~1.ValueIndexing~VN~R1C1~R1C1~R1C2~R1C3~R1C4.~R2C1_2",
        ".Shape~4x4.Var~A~~2.Var~B.Sum~0_=_1_-1~VA2~VB.WhiteDot~VA1~VA2.Arrow~VA1~R1C1.~VB_1",
        // Row 1's cages put VA outside it: the 45 rule's sum over it (a review's panic).
        ".Shape~4x4.Var~A.Cage~3~R1C1~R1C2.Cage~9~R1C3~R1C4~VA",
    ];
    for text in cases {
        let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let g = s.grid().geo;
        assert!(g.extra() > 0, "{text}");
        let found = dlx_with_extra(&s);
        let dlx: BTreeSet<Vec<u8>> = found.iter().cloned().collect();
        assert_eq!(dlx.len(), found.len(), "{text}: a solution found twice");
        // The brute force: each grid, then each filling of the cells outside it that keeps their
        // givens, through the checker.
        let given = s.grid().extra_cells().to_vec();
        let mut brute = BTreeSet::new();
        for grid in completions(g, s.grid().cells()) {
            let mut fill = vec![1u8; g.extra()];
            loop {
                if fill.iter().zip(&given).all(|(&v, &d)| d == 0 || v == d) {
                    let all: Vec<u8> = grid.iter().chain(&fill).copied().collect();
                    if s.rules().check(g, &all, true).is_ok() {
                        brute.insert(all);
                    }
                }
                // The next filling, as a number in base 4.
                let Some(i) = fill.iter().position(|&v| v < 4) else {
                    break;
                };
                fill[i] += 1;
                fill[..i].iter_mut().for_each(|v| *v = 1);
            }
        }
        assert_eq!(dlx, brute, "{text}");
        let grids: BTreeSet<&[u8]> = dlx.iter().map(|c| &c[..16]).collect();
        assert!(
            !dlx.is_empty() && grids.len() < 288,
            "{text}: {} solutions on {} grids",
            dlx.len(),
            grids.len()
        );
    }
}

/// Cells outside the grid named as ISS names them: a group of one is `VA` alone, of more `VA1` on,
/// numbered after the grid's cells; a name no group declares, a number past the group, a bad
/// group name, and kinds that read a cell's place are refused by name.
#[test]
fn cells_outside_the_grid_are_named_and_refused_as_iss_names_them() {
    assert_eq!(
        Sudoku::parse(".Shape~4x4.Var~A~~984")
            .unwrap()
            .grid()
            .geometry()
            .all_cells(),
        1000
    );
    let s = Sudoku::parse(".Shape~4x4.Var~B~~2.Var~A.~VA_2~VB2_3").unwrap();
    // Groups in the order of their letters: VA is cell 16, VB1 and VB2 17 and 18.
    assert_eq!(s.grid().extra_cells(), &[2, 0, 3]);
    assert_eq!(s.grid().geometry().all_cells(), 19);
    let b = s.board(&[]);
    assert_eq!((b.cells.len(), b.extra), (16, vec![2, 0, 3]));
    for (text, want) in [
        (
            ".Shape~4x4.Var~A~~2.~VA3_1",
            "`VA3` is not one of the 2 cells `Var~A` declares",
        ),
        (
            ".Shape~4x4.Var~A~~2.~VC1_1",
            "`VC1` names a cell outside the grid, which no `Var` declares",
        ),
        (
            ".Shape~4x4.Var~a.~R1C1_1",
            "named by 1 to 4 upper-case letters",
        ),
        (".Shape~4x4.Var~A.Var~A", "ISS `Var~A` is declared twice"),
        // ISS's bound: 1,000 cells, the grid's and those outside it.
        (".Shape~4x4.Var~A~~985", "1000 cells in all, the grid's 16"),
        (
            ".Var~A~~1.Var~B~~18446744073709551615",
            "1000 cells in all, the grid's 81",
        ),
        (
            ".Shape~4x4.Var~A~~4.Sandwich~3~VA1",
            "ISS `Sandwich` on cells outside the grid",
        ),
        (".Shape~4x4.Var~A~~2.~VA1_5", "5 is not a value 1-4"),
        // Six cells lie in rows of four: VQ2's 2x2 would need a VQ7.
        (
            ".Shape~4x4.Var~Q~~6.Quad~VQ2~1",
            "a quadruple's 2x2 cells start at a cell with one",
        ),
        (
            ".Shape~4x4.Var~Q~~6.WhiteDot~VQ4~VQ5",
            "no two of its cells are orthogonal neighbours",
        ),
        (
            ".Shape~4x4.Var~Q~~6.WhiteDot~VQ1~R1C1",
            "no two of its cells are orthogonal neighbours",
        ),
        (".Var~A.~VA_1.~VA_2", "x1 is given twice, as 1 and 2"),
        // A block's bits reach the `Var` cells, never a doppelganger's hidden cells.
        (
            ".Shape~4x4~0-4.Doppelganger.Whisper~2~DGC1~DGC2.Replicate~C~R4C4.~R4C4_1.End",
            "its cell 2 (bit 1) is past the grid's last cell",
        ),
        (
            ".Shape~4x4~0-4.Doppelganger.RegionSumLine~R1C1~DGC1",
            "ISS `RegionSumLine` on cells outside the grid (`Var`, a doppelganger's hidden cells)",
        ),
    ] {
        let e = Sudoku::parse(text)
            .err()
            .unwrap_or_else(|| panic!("{text} read"));
        assert!(e.to_string().contains(want), "{text}: {e}");
    }
}
