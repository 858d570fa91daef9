//! Solution counts of toroidal queens, Latin squares, Langford pairs and pentomino packings, with every
//! decoded board checked against the puzzle's own rules and every board distinct.

use dlx_studio::core::{Event, Observer, Search, Status};
use dlx_studio::problems::{load, Board, Problem, Spec};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Checks each solution's board as the search finds it; keeps the board texts.
struct Checker<'a> {
    problem: &'a dyn Problem,
    texts: Vec<String>,
}

impl Observer for Checker<'_> {
    // Only solutions are wanted: the search runs its fast path.
    const FINE: bool = false;
    fn event(&mut self, ev: Event, s: &Search) -> ControlFlow<()> {
        assert!(matches!(ev, Event::Solution { .. }));
        let board = self.problem.board(&s.solution());
        if let Err(e) = self.problem.check(&board) {
            panic!(
                "{}: bad solution: {e}\n{}",
                self.problem.title(),
                board.text
            );
        }
        self.texts.push(board.text);
        ControlFlow::Continue(())
    }
}

/// Runs the whole search and returns the board texts of all solutions, each checked and all distinct.
fn solve(spec: Spec) -> Vec<String> {
    let problem = load(&spec).unwrap_or_else(|e| panic!("{spec:?}: {e}"));
    let mut search = Search::new(problem.instance());
    search.preselect(problem.givens()).unwrap();
    let mut checker = Checker {
        problem: &*problem,
        texts: Vec::new(),
    };
    assert_eq!(search.run(&mut checker), Status::Done);
    let texts = checker.texts;
    assert_eq!(search.stats().solutions, texts.len() as u64);
    let unique: HashSet<&String> = texts.iter().collect();
    assert_eq!(unique.len(), texts.len(), "{spec:?}: a board found twice");
    texts
}

fn board_of(spec: Spec, options: &[usize]) -> Board {
    load(&spec).unwrap().board(options)
}

#[test]
fn toroidal_queens_counts_n_1_to_13() {
    // OEIS A051906 (A007705 lists the odd n only). Up to n = 11 every solution is "linear", queen
    // (i, a i + b mod n); n = 13 is the first with others.
    let want = [1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524];
    for (n, &w) in (1..).zip(&want) {
        let sols = solve(Spec::ToroidalQueens(n));
        assert_eq!(sols.len(), w, "n = {n}");
    }
    assert_eq!(
        board_of(Spec::ToroidalQueens(3), &[4]).text,
        "...\n.Q.\n..."
    );
}

#[test]
fn latin_square_counts_n_1_to_5() {
    // OEIS A002860.
    let want = [1, 2, 12, 576, 161280];
    for (n, &w) in (1..).zip(&want) {
        let sols = solve(Spec::Latin(n));
        assert_eq!(sols.len(), w, "n = {n}");
    }
    assert_eq!(board_of(Spec::Latin(2), &[1]).text, "2.\n..");
}

/// The Langford sequences of order n, all of them and up to reversal, checked against each other.
fn langford(n: usize) -> (usize, usize) {
    let all = solve(Spec::Langford { n, distinct: false });
    let distinct = solve(Spec::Langford { n, distinct: true });
    let reverse = |t: &String| t.split(' ').rev().collect::<Vec<_>>().join(" ");
    let all_set: HashSet<&String> = all.iter().collect();
    // All solutions come in mirror pairs, never a palindrome.
    for t in &all {
        let r = reverse(t);
        assert_ne!(&r, t);
        assert!(
            all_set.contains(&r),
            "n = {n}: the reversal of {t} is missing"
        );
    }
    // The distinct ones are solutions, one of each mirror pair.
    let mut pairs = HashSet::new();
    for t in &distinct {
        assert!(all_set.contains(t));
        assert!(
            pairs.insert(t.clone().min(reverse(t))),
            "n = {n}: {t} and its mirror"
        );
    }
    (all.len(), distinct.len())
}

#[test]
fn langford_counts_with_and_without_mirror_images() {
    // OEIS A176127 (all) and A014552 (up to reversal).
    let want = [
        (1, 0),
        (2, 0),
        (3, 2),
        (4, 2),
        (5, 0),
        (6, 0),
        (7, 52),
        (8, 300),
    ];
    for (n, w) in want {
        assert_eq!(langford(n), (w, w / 2), "n = {n}");
    }
    assert_eq!(langford(11), (35584, 17792));
}

/// The images of a board's text under the symmetries of its rectangle (of the square, too, when it is
/// one): flip the rows, flip the columns, and transpose a square. The 8x8 board's hole is symmetric.
fn images(text: &str) -> Vec<String> {
    let grid: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut out = Vec::new();
    for t in 0..8 {
        if t & 4 != 0 && rows != cols {
            continue;
        }
        let mut g = vec![vec![' '; cols]; rows];
        for (i, row) in grid.iter().enumerate() {
            for (j, &ch) in row.iter().enumerate() {
                let (a, b) = if t & 4 != 0 { (j, i) } else { (i, j) };
                let a = if t & 1 != 0 { rows - 1 - a } else { a };
                let b = if t & 2 != 0 { cols - 1 - b } else { b };
                g[a][b] = ch;
            }
        }
        let lines: Vec<String> = g.iter().map(|r| r.iter().collect()).collect();
        out.push(lines.join("\n"));
    }
    out
}

/// The pentomino packings of `board` up to symmetry (checked to be one of each class), and, when
/// `all`, every packing (checked to be closed under the symmetries, with no symmetric one, and to
/// contain the distinct ones). Returns the two counts.
fn pentomino(board: &str, all: bool) -> (Option<usize>, usize) {
    let distinct = solve(Spec::Pentomino {
        board: board.into(),
        distinct: true,
    });
    let mut classes = HashSet::new();
    for t in &distinct {
        let least = images(t).into_iter().min().unwrap();
        assert!(
            classes.insert(least),
            "{board}: two symmetric solutions\n{t}"
        );
    }
    if !all {
        return (None, distinct.len());
    }
    let every = solve(Spec::Pentomino {
        board: board.into(),
        distinct: false,
    });
    let set: HashSet<&String> = every.iter().collect();
    for t in &every {
        let im = images(t);
        let unique: HashSet<&String> = im.iter().collect();
        assert_eq!(unique.len(), im.len(), "{board}: a symmetric solution\n{t}");
        assert!(
            im.iter().all(|i| set.contains(i)),
            "{board}: an image of\n{t}"
        );
    }
    assert!(distinct.iter().all(|t| set.contains(t)));
    (Some(every.len()), distinct.len())
}

#[test]
fn pentominoes_3x20() {
    assert_eq!(pentomino("3x20", true), (Some(8), 2));
}

#[test]
fn pentominoes_4x15() {
    assert_eq!(pentomino("4x15", true), (Some(1472), 368));
}

#[test]
fn pentominoes_5x12() {
    // Every placement (4040 solutions) would take as long again as 6x10; up to symmetry only.
    assert_eq!(pentomino("5x12", false), (None, 1010));
}

#[test]
fn pentominoes_6x10() {
    assert_eq!(pentomino("6x10", true), (Some(9356), 2339));
}

#[test]
fn pentominoes_8x8_without_its_centre() {
    assert_eq!(pentomino("8x8", true), (Some(520), 65));
}
