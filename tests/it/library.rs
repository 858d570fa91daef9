//! The library's public API (`dlx_studio::{Instance, Solver, Puzzle, …}`) against itself on random
//! instances with colours and multiplicities: counts, the solutions iterator, the threads' count,
//! counting in slices, stepping forwards and back, Knuth's format round trip; and every solution of
//! small puzzles checked by the puzzle's rules.

use dlx_studio::{Found, Instance, Puzzle};

/// xorshift64*, seeded: the instances are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }
}

/// A random instance built through the public API: 3-7 primary items (some with multiplicities),
/// 0-3 secondary (sometimes coloured), 4-14 options.
fn random_instance(rng: &mut Rng) -> Instance {
    let np = 3 + rng.below(5) as usize;
    let ns = rng.below(4) as usize;
    let primary: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let secondary: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let mut inst = Instance::new(&primary, &secondary).unwrap();
    if rng.below(3) == 0 {
        let hi = 1 + rng.below(2) as u32;
        inst.set_multiplicity("p0", rng.below(hi as u64 + 1) as u32, hi)
            .unwrap();
    }
    for _ in 0..4 + rng.below(11) {
        let mut option = Vec::new();
        for p in &primary {
            if rng.below(3) == 0 {
                option.push(p.clone());
            }
        }
        for s in &secondary {
            match rng.below(4) {
                0 => option.push(s.clone()),
                1 => option.push(format!("{s}:{}", ["A", "B"][rng.below(2) as usize])),
                _ => {}
            }
        }
        if option.is_empty() {
            option.push(primary[0].clone());
        }
        inst.add_option(&option).unwrap();
    }
    inst
}

#[test]
fn counts_solutions_threads_slices_and_knuths_format_agree_on_random_instances() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut total = 0;
    for case in 0..300 {
        let inst = random_instance(&mut rng);
        let count = inst.count();
        let solutions: Vec<Vec<usize>> = inst.solutions().collect();
        assert_eq!(
            solutions.len() as u64,
            count,
            "case {case}:\n{}",
            inst.to_knuth()
        );
        assert_eq!(inst.count_threads(2), count, "case {case}");
        // Each solution covers every primary item within its bounds (1 without multiplicities,
        // here p0's may differ: checked against the count of its uses only for the others).
        for s in &solutions {
            let mut uses = vec![0; inst.n_items()];
            for &k in s {
                for i in inst.option(k) {
                    uses[i] += 1;
                }
            }
            for (i, &u) in uses.iter().enumerate().take(inst.n_primary()).skip(1) {
                assert_eq!(u, 1, "case {case}: item {i} in {s:?}");
            }
        }
        // In slices of 3 nodes, the same count.
        let mut solver = inst.solver();
        while !solver.count_within(3) {}
        assert_eq!(solver.stats().solutions, count, "case {case}");
        // Solutions one at a time within a budget: the iterator's, in order.
        let mut solver = inst.solver();
        let mut found = Vec::new();
        loop {
            match solver.next_solution_within(2) {
                Found::Solution(s) => found.push(s),
                Found::Paused => {}
                Found::Done => break,
            }
        }
        assert_eq!(found, solutions, "case {case}");
        // Knuth's format read back is the same instance, with the same count.
        let read = Instance::parse(&inst.to_knuth()).unwrap();
        assert_eq!(read, inst, "case {case}");
        // Every event forwards, then every one back: the same events, reversed, and the start.
        let mut solver = inst.solver();
        let forward: Vec<_> = std::iter::from_fn(|| solver.step()).collect();
        assert!(solver.is_done());
        assert_eq!(solver.stats().solutions, count, "case {case}");
        let mut back: Vec<_> = std::iter::from_fn(|| solver.step_back()).collect();
        back.reverse();
        assert_eq!(back, forward, "case {case}");
        assert_eq!(
            solver.next_solution(),
            solutions.first().cloned(),
            "case {case}"
        );
        total += count;
    }
    // The instances are not all without solutions (the test would prove little).
    assert!(total > 100, "{total} solutions in all");
}

#[test]
fn every_solution_of_small_puzzles_is_checked_by_its_rules() {
    for (kind, arg, want) in [
        ("queens", "6", 4),
        ("toroidal-queens", "5", 10),
        ("langford", "7", 52),
        ("latin", "4", 576),
        ("pentomino", "3x20", 8),
        ("sudoku", "................", 288),
    ] {
        let puzzle = Puzzle::load(kind, arg).unwrap();
        let mut n = 0;
        for board in puzzle.solutions() {
            puzzle.check(&board).unwrap();
            n += 1;
        }
        assert_eq!(n, want, "{kind} {arg}");
        assert_eq!(puzzle.count(), want);
        let text = puzzle.to_knuth().unwrap();
        assert_eq!(
            Instance::parse(&text).unwrap().count(),
            want,
            "{kind} {arg}"
        );
    }
}

#[test]
fn a_sudoku_with_givens_solves_to_the_grid_the_cli_prints() {
    let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let sudoku = dlx_studio::sudoku::parse(text).unwrap();
    let boards: Vec<_> = sudoku.solutions().collect();
    assert_eq!(boards.len(), 1);
    assert_eq!(
        boards[0].text,
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    );
    sudoku.check(&boards[0]).unwrap();
    // The givens are part of every solution, first.
    let solution = sudoku.solver().unwrap().next_solution().unwrap();
    assert_eq!(&solution[..sudoku.givens().len()], sudoku.givens());
}

#[test]
fn bad_input_is_an_error_naming_what_and_where() {
    let e = Instance::parse("a b\nb zz\n").unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(2), Some(3)));
    assert!(
        e.to_string()
            .starts_with("line 2, column 3: unknown item `zz`"),
        "{e}"
    );
    let mut inst = Instance::new(["p"], ["x"]).unwrap();
    let e = inst.add_option(["p", "x:bad colour"]).unwrap_err();
    assert!(e.message().starts_with("option 1: colour name"), "{e}");
    let e = inst.set_multiplicity("x", 1, 2).unwrap_err();
    assert_eq!(
        e.message(),
        "`x` is a secondary item: only primary items can have multiplicities"
    );
    let e = Puzzle::load("queens", "65").unwrap_err();
    assert_eq!(
        e.message(),
        "N for N-queens must be between 1 and 64, not 65"
    );
    let e = dlx_studio::pentomino::new("7x7", false).unwrap_err();
    assert!(e.message().contains("6x10"), "{e}");
    // A failed add changes nothing: the instance goes on.
    inst.add_option(["p", "x:A"]).unwrap();
    assert_eq!(inst.n_options(), 1);
    assert_eq!(inst.count(), 1);
}
