//! Splitting and threads: the top of the search tree plus every subproblem, counted apart, in parts
//! or on 1 to 4 threads, give exactly the sequential search's solutions, nodes, updates, level profile
//! and first solution, on every problem kind (and a shuffled layout).

use dlx_studio::core::threads::{self, Progress};
use dlx_studio::core::{Order, Plan, Search, Split, Stats, Status, StopAtSolution, Tally};
use dlx_studio::problems::{self, Problem, Spec};

/// The sequential count, with the first solution.
fn sequential(p: &dyn Problem, order: Order) -> Tally {
    let mut s = Search::with_order(p.instance(), order);
    s.preselect(p.givens()).unwrap();
    let mut first = None;
    if s.run(&mut StopAtSolution) == Status::Paused {
        first = Some((0, s.solution()));
        assert_eq!(s.run(&mut dlx_studio::core::Count), Status::Done);
    }
    Tally {
        stats: s.stats().clone(),
        first,
    }
}

/// Stats with the profile cut after its last non-zero level, so that lengths do not matter.
fn trimmed(s: &Stats) -> Stats {
    let mut s = s.clone();
    let keep = s.profile.iter().rposition(|&n| n > 0).map_or(0, |l| l + 1);
    s.profile.truncate(keep);
    s
}

/// A fine plan: split even small trees, so that the tests exercise real splits.
const FINE: Plan = Plan {
    target: 64,
    min_size: 0.0,
};

fn specs() -> Vec<(Spec, u64)> {
    // A Sudoku with few givens has many solutions: a real tree to split.
    let sudoku = "1...............";
    // An exact-cover problem read from text: Langford 8 in Knuth's format.
    let langford_text = problems::load(&Spec::Langford {
        n: 8,
        distinct: false,
    })
    .unwrap()
    .instance()
    .to_knuth();
    vec![
        (Spec::Queens(8), 92),
        (Spec::ToroidalQueens(7), 28),
        (Spec::Sudoku(sudoku.into()), 72),
        (Spec::Latin(4), 576),
        (
            Spec::Langford {
                n: 8,
                distinct: false,
            },
            300,
        ),
        (
            Spec::Langford {
                n: 7,
                distinct: true,
            },
            26,
        ),
        (
            Spec::Pentomino {
                board: "3x20".into(),
                distinct: false,
            },
            8,
        ),
        (
            Spec::Pentomino {
                board: "8x8".into(),
                distinct: true,
            },
            65,
        ),
        // Knuth's example is all top: every branch ends within a level or two.
        (Spec::ExactCover(problems::exact_cover::SEEDS.into()), 1),
        (Spec::ExactCover(langford_text), 300),
        // Colours: purifications above the split are redone by preselecting, in another order.
        (Spec::EdgeMatching("4x4/3".into()), 64),
        (Spec::EdgeMatching("3x3/2".into()), 32),
    ]
}

/// Compares a tally with the sequential one, first solution by its options.
fn assert_same(what: &str, got: &Tally, want: &Tally) {
    assert_eq!(
        trimmed(&got.stats),
        trimmed(&want.stats),
        "{what}: counters"
    );
    assert_eq!(
        got.first.as_ref().map(|f| &f.1),
        want.first.as_ref().map(|f| &f.1),
        "{what}: first solution"
    );
}

#[test]
fn top_and_subproblems_add_up_to_the_sequential_search_on_every_problem_kind() {
    for (spec, solutions) in specs() {
        let p = problems::load(&spec).unwrap();
        for order in [Order::Given, Order::Shuffled(7)] {
            let want = sequential(&*p, order);
            assert_eq!(want.stats.solutions, solutions, "{spec:?}");
            let split = Split::new(p.instance(), p.givens(), order, FINE).unwrap();
            assert!(
                split.subproblems.len() > 1
                    || spec == Spec::ExactCover(problems::exact_cover::SEEDS.into()),
                "{spec:?}: split into {} subproblems",
                split.subproblems.len()
            );
            let mut got = split.top.clone();
            let mut search = split.search();
            for i in 0..split.subproblems.len() {
                got.add(split.count_in(&mut search, i, Some(7), |_, _| {}));
            }
            assert_same(&format!("{spec:?} {order:?}"), &got, &want);
            // The first solution is where the search's order puts it, not just equal by luck.
            if let Some((seq, _)) = &got.first {
                let earlier = split.subproblems.iter().filter(|s| s.seq < *seq);
                let mut search = split.search();
                for s in earlier {
                    let i = split.subproblems.iter().position(|t| t == s).unwrap();
                    assert_eq!(split.count_in(&mut search, i, None, |_, _| {}).first, None);
                }
            }
        }
    }
}

#[test]
fn the_split_is_deterministic_and_sorted_by_estimate() {
    let p = problems::load(&Spec::Queens(10)).unwrap();
    let a = Split::new(p.instance(), p.givens(), Order::Given, FINE).unwrap();
    let b = Split::new(p.instance(), p.givens(), Order::Given, FINE).unwrap();
    assert_eq!(a.subproblems, b.subproblems);
    assert_eq!(a.fingerprint, b.fingerprint);
    assert!(a.subproblems.len() >= 64, "{}", a.subproblems.len());
    assert!(a
        .subproblems
        .windows(2)
        .all(|w| w[0].estimate >= w[1].estimate));
    // Every prefix is distinct, and none is a prefix of another (the subtrees are disjoint).
    for (i, x) in a.subproblems.iter().enumerate() {
        for y in &a.subproblems[i + 1..] {
            let n = x.prefix.len().min(y.prefix.len());
            assert_ne!(x.prefix[..n], y.prefix[..n], "{x:?} {y:?}");
        }
    }
}

#[test]
fn a_tree_too_small_to_split_is_one_subproblem() {
    let p = problems::load(&Spec::Queens(6)).unwrap();
    let split = Split::new(p.instance(), p.givens(), Order::Given, Plan::for_workers(4)).unwrap();
    assert_eq!(split.subproblems.len(), 1);
    assert!(split.subproblems[0].prefix.is_empty());
    assert_eq!(split.top, Tally::default());
    let mut search = split.search();
    assert_eq!(
        split
            .count_in(&mut search, 0, None, |_, _| {})
            .stats
            .solutions,
        4
    );
}

#[test]
fn parts_add_up_to_the_sequential_search_on_every_problem_kind() {
    for (spec, _) in specs() {
        let p = problems::load(&spec).unwrap();
        let want = sequential(&*p, Order::Given);
        let split = Split::new(p.instance(), p.givens(), Order::Given, FINE).unwrap();
        for n in [1, 2, 5, 13] {
            let mut seen = vec![0; split.subproblems.len()];
            let mut got = Tally::default();
            for k in 0..n {
                for i in split.share(k, n) {
                    seen[i] += 1;
                }
                got.add(split.count_part(k, n));
            }
            assert!(
                seen.iter().all(|&c| c == 1),
                "{spec:?}: every subproblem in one part"
            );
            assert_same(&format!("{spec:?} in {n} parts"), &got, &want);
        }
    }
}

#[test]
fn threads_1_to_4_count_the_same_as_the_sequential_search_on_every_problem_kind() {
    for (spec, _) in specs() {
        let p = problems::load(&spec).unwrap();
        let want = sequential(&*p, Order::Given);
        let split = Split::new(p.instance(), p.givens(), Order::Given, FINE).unwrap();
        let all: Vec<usize> = (0..split.subproblems.len()).collect();
        for t in 1..=4 {
            let progress = Progress::default();
            let mut got = split.top.clone();
            got.add(threads::count(&split, &all, t, &progress));
            assert_same(&format!("{spec:?} on {t} threads"), &got, &want);
            // The progress counters saw every subproblem node and solution.
            assert_eq!(
                progress.nodes.load(std::sync::atomic::Ordering::Relaxed) + split.top.stats.nodes,
                want.stats.nodes
            );
            if !all.is_empty() {
                assert_eq!(progress.fraction(), 1.0);
            }
        }
    }
}

#[test]
fn the_fingerprint_tells_problems_apart() {
    let fp = |spec: Spec, order| {
        let p = problems::load(&spec).unwrap();
        dlx_studio::core::fingerprint(p.instance(), p.givens(), order)
    };
    let q8 = fp(Spec::Queens(8), Order::Given);
    assert_eq!(q8, fp(Spec::Queens(8), Order::Given));
    assert_ne!(q8, fp(Spec::Queens(9), Order::Given));
    assert_ne!(q8, fp(Spec::Queens(8), Order::Shuffled(1)));
    assert_ne!(q8, fp(Spec::ToroidalQueens(8), Order::Given));
    // Same instance, other givens.
    assert_ne!(
        fp(Spec::Sudoku("1...............".into()), Order::Given),
        fp(Spec::Sudoku("2...............".into()), Order::Given)
    );
}
