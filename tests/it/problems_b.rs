//! Sudoku and exact cover through the public API: the loader, the shared puzzle collections, the fast
//! Sudoku solver against the generic path, and Sudoku read back through Knuth's format.

use dlx_studio::core::{Count, Event, Limits, Observer, Search};
use dlx_studio::problems::exact_cover::{ExactCover, SEEDS};
use dlx_studio::problems::sudoku::{self, Grid, Solver, Sudoku};
use dlx_studio::problems::{load, Board, Problem, Spec};
use std::ops::ControlFlow;
use std::path::Path;

/// The puzzles of a Sudoku set: its first 300, in `tests/data/sudoku/`; with `DLX_LONG_TESTS=1`
/// (`make test-long`), the whole set in `../shared/data/sudoku/` (required then).
fn shared_puzzles(name: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let long = std::env::var("DLX_LONG_TESTS").as_deref() == Ok("1");
    let dir = if long {
        "../shared/data/sudoku"
    } else {
        "tests/data/sudoku"
    };
    let path = root.join(dir).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    assert!(!puzzles.is_empty(), "{} has no puzzles", path.display());
    puzzles
}

/// Stops at the limit and keeps the boards of the solutions found (fast path).
struct Boards<'a> {
    problem: &'a dyn Problem,
    boards: Vec<Board>,
}

impl Observer for Boards<'_> {
    const FINE: bool = false;
    fn event(&mut self, _: Event, s: &Search) -> ControlFlow<()> {
        self.boards.push(self.problem.board(&s.solution()));
        ControlFlow::Continue(())
    }
}

/// The generic path, as the CLI and the page take it: the problem's instance, its givens preselected,
/// solutions up to `limit`, each board checked against the rules.
fn generic(problem: &dyn Problem, limit: u64) -> Vec<Board> {
    let mut search = Search::new(problem.instance());
    search.preselect(problem.givens()).unwrap();
    search.set_limits(Limits {
        solutions: Some(limit),
        nodes: None,
    });
    let mut obs = Boards {
        problem,
        boards: Vec::new(),
    };
    search.run(&mut obs);
    for b in &obs.boards {
        problem.check(b).unwrap();
    }
    obs.boards
}

#[test]
fn hardest_known_puzzles_are_solved_and_checked() {
    let puzzles = shared_puzzles("forum-hardest-1106.txt");
    for text in puzzles.iter().take(5) {
        let problem = load(&Spec::Sudoku(text.clone())).unwrap();
        assert_eq!(problem.title(), "Sudoku 9x9");
        let boards = generic(problem.as_ref(), 2);
        assert_eq!(boards.len(), 1, "{text} has one solution");
        assert!(!boards[0].text.contains('.'));
    }
}

#[test]
fn solver_agrees_with_the_generic_path() {
    let mut solver = Solver::new();
    for name in [
        "17-clue.txt",
        "magictour-top1465.txt",
        "forum-hardest-1106.txt",
    ] {
        let puzzles = shared_puzzles(name);
        // Spread over the file rather than its first lines only.
        let step = (puzzles.len() / 100).max(1);
        let picked: Vec<&String> = puzzles.iter().step_by(step).take(100).collect();
        assert_eq!(picked.len(), 100, "{name}");
        for text in picked {
            let sudoku = Sudoku::parse(text).unwrap();
            let boards = generic(&sudoku, 2);
            let solved = solver.solve(&Grid::parse(text).unwrap(), 2);
            assert_eq!(solved.count, boards.len() as u64, "{text}");
            assert_eq!(solved.count, 1, "{name} holds unique puzzles: {text}");
            assert_eq!(solved.solution.unwrap().to_line(), boards[0].text, "{text}");
        }
    }
}

#[test]
fn the_solver_reuses_its_templates_across_sizes() {
    // Interleaved sizes: each puzzle must start from the untouched matrix of its own size.
    let mut solver = Solver::new();
    let four = Grid::parse("2.41........4.13").unwrap();
    let empty4 = Grid::parse(&".".repeat(16)).unwrap();
    let nine = Grid::parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    for _ in 0..3 {
        assert_eq!(solver.solve(&four, 2).count, 1);
        assert_eq!(
            solver.solve(&nine, 2).solution.unwrap().to_line(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
        // The 4x4 grid has 288 fillings.
        assert_eq!(solver.solve(&empty4, 1000).count, 288);
    }
}

#[test]
fn sudoku_read_back_through_knuths_format() {
    // The empty 4x4 grid: 288 solutions, through the Sudoku module and through its text.
    let inst = sudoku::instance(sudoku::Geometry::of_size(4).unwrap());
    let x = ExactCover::parse(&inst.to_knuth()).unwrap();
    // Equal, though only the Sudoku states its houses' matchings (hints for propagation, which
    // Knuth's format has no line for).
    assert_eq!(x.instance(), &inst);
    assert_eq!(
        (x.instance().matchings().len(), inst.matchings().len()),
        (0, 12)
    );
    let mut a = Search::new(&inst);
    a.run(&mut Count);
    let mut b = Search::new(x.instance());
    b.run(&mut Count);
    assert_eq!(a.stats().solutions, 288);
    assert_eq!(b.stats(), a.stats());
    // A solution found from the text is a legal Sudoku once its options are read as placements.
    let sudoku = Sudoku::parse(&".".repeat(16)).unwrap();
    let boards = generic(&x, 1);
    let options: Vec<usize> = boards[0]
        .lines
        .iter()
        .map(|l| {
            (0..inst.n_options())
                .find(|&k| inst.option_text(k) == *l)
                .unwrap()
        })
        .collect();
    sudoku.check(&sudoku.board(&options)).unwrap();
}

#[test]
fn the_loader_reads_exact_cover_texts() {
    let problem = load(&Spec::ExactCover(SEEDS.into())).unwrap();
    let boards = generic(problem.as_ref(), 10);
    assert_eq!(boards.len(), 1);
    let mut lines = boards[0].lines.clone();
    lines.sort();
    assert_eq!(lines, ["row 1: C E F", "row 4: A D", "row 5: B G"]);
    let e = load(&Spec::ExactCover("a b\na c\n".into())).err().unwrap();
    assert_eq!(
        e.to_string(),
        "line 2, column 3: unknown item `c` (it is not in the items line)"
    );
    let e = load(&Spec::Sudoku("1234".into())).err().unwrap();
    assert_eq!(
        e.to_string(),
        "line 1, column 4: read 4 cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest 16 (4x4)"
    );
}

#[test]
fn the_loader_skips_one_leading_byte_order_mark() {
    // Notepad starts UTF-8 files with U+FEFF; it is not part of the first item's name.
    let x = load(&Spec::ExactCover("\u{feff}a\na\n".into())).unwrap();
    assert_eq!(x.instance().item_names().collect::<Vec<_>>(), ["a"]);
    assert_eq!(generic(x.as_ref(), 10).len(), 1);
    let m = load(&Spec::ExactCover(format!("\u{feff}{SEEDS}"))).unwrap();
    assert_eq!(
        m.instance().item_names().collect::<Vec<_>>().join(""),
        "ABCDEFG"
    );
    assert_eq!(generic(m.as_ref(), 10).len(), 1);
    // Positions are those the user sees (the mark is invisible).
    let e = load(&Spec::ExactCover("\u{feff}a b\na c\n".into()))
        .err()
        .unwrap();
    assert_eq!(
        e.to_string(),
        "line 2, column 3: unknown item `c` (it is not in the items line)"
    );
    let e = load(&Spec::ExactCover("\u{feff}a: b\na\n".into()))
        .err()
        .unwrap();
    assert_eq!((e.line, e.column), (Some(1), Some(1)));
    let s = load(&Spec::Sudoku(format!("\u{feff}12{}", ".".repeat(14)))).unwrap();
    assert_eq!(generic(s.as_ref(), 100).len(), 24);
    // Only one mark is skipped: a second one is content.
    assert!(load(&Spec::ExactCover("\u{feff}\u{feff}a\na\n".into())).is_err());
}

/// The search tree's node names: each option in the puzzle's words, naming its items as the
/// instance does (checked against the option's own items), else the option's items.
#[test]
fn option_labels_speak_each_puzzles_words() {
    let label = |spec: Spec, k: usize| {
        let p = load(&spec).unwrap();
        (p.label(k), p.instance().option_text(k))
    };
    // Sudoku option k is cell k / 9 holding k % 9 + 1: the cell item, then the symbol.
    let (l, items) = label(Spec::Sudoku(".".repeat(81)), 4 * 9 + 6);
    assert_eq!(
        (l.as_str(), items.as_str()),
        ("r1c5=7", "r1c5 r1=7 c5=7 b2=7")
    );
    // A 16x16 written in 0-F keeps its alphabet.
    let hex = format!("0123456789ABCDEF{}", ".".repeat(240));
    let p = load(&Spec::Sudoku(hex)).unwrap();
    assert_eq!(p.label(16 + 15), "r1c2=F");
    // Queens: rank and file from 1 (as Sudoku's), as the items r_ and c_ name them.
    let (l, items) = label(Spec::Queens(8), 3 * 8 + 5);
    assert_eq!(l, "Q r4c6");
    assert!(
        items.split(' ').any(|w| w == "r4") && items.split(' ').any(|w| w == "c6"),
        "{items}"
    );
    let (l, items) = label(Spec::ToroidalQueens(5), 2 * 5 + 4);
    assert_eq!(l, "Q r3c5");
    assert!(
        items.split(' ').any(|w| w == "r3") && items.split(' ').any(|w| w == "c5"),
        "{items}"
    );
    // Latin square: the cell item and the symbol.
    let (l, items) = label(Spec::Latin(3), 3 + 2);
    assert_eq!(l, "r1c2=3");
    assert!(items.starts_with("r1c2 "), "{items}");
    // Exact cover: the option's items, as in Knuth's format.
    let (l, items) = label(Spec::ExactCover(SEEDS.into()), 3);
    assert_eq!((l.as_str(), items.as_str()), ("A D", "A D"));
}
