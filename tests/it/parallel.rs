//! Splitting and threads: the top of the search tree plus every subproblem, counted apart, in parts
//! or on 1 to 4 threads, give exactly the sequential search's solutions, nodes, updates, level profile
//! and first solution, on every problem kind (and a shuffled layout).

use dlx_studio::core::split::KEEP;
use dlx_studio::core::threads::{self, Progress};
use dlx_studio::core::{
    Engine, Order, Plan, Search, Split, Stats, Status, StopAtSolution, Tally, Tree,
};
use dlx_studio::problems::{self, Problem, Spec};

/// The sequential count, with the first solution.
fn sequential(p: &dyn Problem, order: Order) -> Tally {
    sequential_on(p, order, dlx_studio::core::Tree::Dlx1)
}

/// The same on `tree`.
fn sequential_on(p: &dyn Problem, order: Order, tree: dlx_studio::core::Tree) -> Tally {
    let mut s = Search::with_order(p.instance(), order);
    s.set_tree(tree);
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

/// The first `n` solutions of the sequential search, in its order.
fn first_solutions(p: &dyn Problem, n: usize) -> Vec<Vec<usize>> {
    let mut s = Search::new(p.instance());
    s.preselect(p.givens()).unwrap();
    let mut v = Vec::new();
    while v.len() < n && s.run(&mut StopAtSolution) == Status::Paused {
        v.push(s.solution());
    }
    v
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
    probes: 64,
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
        // Colours (DLX2): secondary items shared by options that agree on their colour.
        (Spec::ExactCover(colored()), COLORED_SOLUTIONS),
        // Colours: purifications above the split are redone by preselecting, in another order.
        (Spec::EdgeMatching("4x4/3".into()), 64),
        (Spec::EdgeMatching("3x3/2".into()), 32),
    ]
}

/// A random XCC instance (fixed seed): 14 primary items, 4 secondary ones with colours A to C,
/// 120 options of 1 to 3 primary items and up to 2 coloured secondary ones.
fn colored() -> String {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut rnd = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut text = String::from("p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 p11 p12 p13 | s0 s1 s2 s3\n");
    for _ in 0..120 {
        let mut items: Vec<String> = Vec::new();
        let k = 1 + rnd(3);
        while (items.len() as u64) < k {
            let p = format!("p{}", rnd(14));
            if !items.contains(&p) {
                items.push(p);
            }
        }
        let mut used = Vec::new();
        for _ in 0..rnd(3) {
            let s = rnd(4);
            if !used.contains(&s) {
                used.push(s);
                items.push(format!("s{s}:{}", ["A", "B", "C"][rnd(3) as usize]));
            }
        }
        text.push_str(&items.join(" "));
        text.push('\n');
    }
    text
}

/// The count of [`colored`], as the sequential search finds it (checked in every test below).
const COLORED_SOLUTIONS: u64 = 782_873;

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
    // Colours count: the same items and options with one colour changed.
    let text = "p q | x\np x:A\nq x:A\n";
    assert_ne!(
        fp(Spec::ExactCover(text.into()), Order::Given),
        fp(
            Spec::ExactCover(text.replace("q x:A", "q x:B")),
            Order::Given
        )
    );
    // Same instance, other givens.
    assert_ne!(
        fp(Spec::Sudoku("1...............".into()), Order::Given),
        fp(Spec::Sudoku("2...............".into()), Order::Given)
    );
}

#[test]
fn a_share_counted_in_slices_equals_the_part_counted_at_once() {
    for (spec, _) in specs() {
        let p = problems::load(&spec).unwrap();
        let want = sequential(&*p, Order::Given);
        let split = Split::new(p.instance(), p.givens(), Order::Given, FINE).unwrap();
        let n = 3;
        let mut sum = Tally::default();
        let mut kept = Vec::new();
        for k in 0..n {
            let mut share = split.clone().into_share(k, n);
            let mut slices = 0;
            // Slices of 37 nodes: many stop inside a subproblem, some span several.
            while !share.count(37) {
                slices += 1;
                let (done, total) = share.progress();
                assert!(done <= total * (1.0 + 1e-9), "{spec:?}: {done} of {total}");
            }
            let (done, total) = share.progress();
            assert!(
                (done - total).abs() <= 1e-6 * total.max(1.0),
                "{spec:?}: {done} of {total}"
            );
            let t = share.tally();
            assert_same(
                &format!("{spec:?} part {k} in {slices} slices"),
                &t,
                &split.count_part(k, n),
            );
            sum.add(t);
            kept.extend(share.kept().iter().cloned());
        }
        assert_same(&format!("{spec:?}: 3 shares"), &sum, &want);
        // The first KEEP solutions of the parts, in the keys' order, are the sequential search's.
        kept.sort_by_key(|k| k.0);
        kept.truncate(KEEP);
        let got: Vec<Vec<usize>> = kept.into_iter().map(|k| k.1).collect();
        assert_eq!(
            got,
            first_solutions(&*p, KEEP),
            "{spec:?}: the first solutions"
        );
    }
}

/// The lookahead's tree splits as DLX1's does: the walk above and every subproblem reject the same
/// options as the sequential search, so the parts add up to its solutions, nodes, updates and
/// profile, on every problem kind; the solutions are DLX1's, with fewer nodes wherever a rejected
/// option saves a dead end.
#[test]
fn the_lookahead_tree_splits_and_adds_up_on_every_problem_kind() {
    use dlx_studio::core::Tree;
    for (spec, solutions) in specs() {
        let p = problems::load(&spec).unwrap();
        for order in [Order::Given, Order::Shuffled(7)] {
            let dlx1 = sequential(&*p, order);
            let want = sequential_on(&*p, order, Tree::Lookahead);
            assert_eq!(want.stats.solutions, solutions, "{spec:?}");
            assert_eq!(want.first, dlx1.first, "{spec:?}: the same first solution");
            assert!(want.stats.nodes <= dlx1.stats.nodes, "{spec:?}: nodes");
            let split =
                Split::with_tree(p.instance(), p.givens(), order, FINE, Tree::Lookahead).unwrap();
            assert_ne!(
                split.fingerprint,
                dlx_studio::core::fingerprint(p.instance(), p.givens(), order),
                "{spec:?}: parts of the two trees must not be merged"
            );
            let mut got = split.top.clone();
            let mut search = split.search();
            assert_eq!(search.tree(), Tree::Lookahead);
            for i in 0..split.subproblems.len() {
                got.add(split.count_in(&mut search, i, Some(7), |_, _| {}));
            }
            assert_same(&format!("{spec:?} {order:?} lookahead"), &got, &want);
        }
    }
}

/// `threads::count_whole` on `t` threads, as `dlx count` calls it (given order, DLX1, auto engine).
fn whole_count(p: &dyn Problem, t: usize, progress: &Progress) -> threads::Whole {
    threads::count_whole(
        p.instance(),
        p.givens(),
        Order::Given,
        Tree::Dlx1,
        Engine::Auto,
        t,
        progress,
    )
    .unwrap()
}

/// `threads::count_whole`, as `dlx count` calls it: the search run on one thread where it is short
/// (finished within the trial, or estimated below `SPLIT_PAYS`), shared between threads where it
/// pays; either way the sequential counts and first solution, and the threads used say which path
/// counted it.
#[test]
fn a_whole_count_splits_only_where_it_pays_and_counts_the_same_either_way() {
    let whole = |p: &dyn Problem, t: usize| {
        let progress = Progress::default();
        let w = whole_count(p, t, &progress);
        // The progress counters saw every node, whichever path counted, and the estimate of the
        // fraction explored ends at all of it.
        let seen = progress.nodes.load(std::sync::atomic::Ordering::Relaxed);
        assert!(
            (progress.fraction() - 1.0).abs() < 1e-6,
            "fraction {}",
            progress.fraction()
        );
        (w, seen)
    };
    // Finished within the trial (a Sudoku of 8 nodes), estimated short (10-queens, 35k nodes), and
    // long enough to share (12-queens, 4e6 by the estimate; pentomino 8x8, 5e7).
    let pentomino = Spec::Pentomino {
        board: "8x8".into(),
        distinct: false,
    };
    let cases = [
        (Spec::Sudoku(HARD.into()), false),
        (Spec::Queens(10), false),
        (Spec::Queens(12), true),
        (pentomino, true),
    ];
    for (spec, splits) in cases {
        let p = problems::load(&spec).unwrap();
        let want = sequential(&*p, Order::Given);
        for t in 1..=3 {
            let (w, seen) = whole(&*p, t);
            assert_same(&format!("{spec:?} whole on {t} threads"), &w.tally, &want);
            assert_eq!(seen, want.stats.nodes, "{spec:?}");
            let shared = w.threads > 1;
            assert_eq!(shared, splits && t > 1, "{spec:?} on {t} threads: {w:?}");
            if shared {
                assert_eq!(w.threads, t, "{spec:?}");
                // One job handed to each other thread at least, the calling thread's own included.
                assert!(w.subproblems >= t, "{spec:?}: {w:?}");
                assert!(
                    w.estimate >= threads::SPLIT_PAYS,
                    "{spec:?}: {}",
                    w.estimate
                );
            } else {
                assert_eq!(w.subproblems, 1);
                assert!(w.estimate < threads::SPLIT_PAYS);
            }
        }
    }
}

/// A large instance with a small tree stays on one thread: 40,000 options that all hold the same
/// 62 items (each a solution at depth 1; the cover of the root's item hides the whole matrix).
/// Its search on links takes about what building its 2.5 million nodes takes, and another thread
/// would first build its own: the split waits for 4 times the build (`BUILD_SHARE`), which this
/// search never reaches. Before that wait, 2 threads copied the search for the other (on this
/// thread) and took 1.5-3 times one thread's time.
#[test]
fn a_large_instance_with_a_small_tree_is_counted_on_one_thread() {
    let items: Vec<String> = (0..62).map(|i| format!("i{i}")).collect();
    let line = items.join(" ");
    let text = std::iter::repeat_n(line.as_str(), 40_001)
        .collect::<Vec<_>>()
        .join("\n");
    let p = problems::load(&Spec::ExactCover(text)).unwrap();
    for t in [1, 2] {
        let w = threads::count_whole(
            p.instance(),
            p.givens(),
            Order::Given,
            Tree::Dlx1,
            Engine::Links,
            t,
            &Progress::default(),
        )
        .unwrap();
        assert_eq!(w.tally.stats.solutions, 40_000);
        assert_eq!(w.tally.stats.nodes, 40_001);
        assert_eq!((w.threads, w.subproblems), (1, 1), "on {t} threads: {w:?}");
    }
}

/// A hard Sudoku (one solution): its search ends within `threads::TRIAL_NODES`.
const HARD: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

/// Work sharing (`threads::count_shared`, what `count_whole` does past its trial): every few nodes
/// a thread hands the untried options at the shallowest level of its path to another, which
/// preselects the path, skips what the giver tried and counts on. Sharing from the root, every 7
/// nodes (on links: below 64 nodes a run keeps to them) or 100 (bit sets where they apply), on 2
/// and 3 threads: the jobs add up to the sequential search's solutions, nodes, updates, cleansings
/// and level profile, and the first solution is its first, on every problem kind, both layouts,
/// both trees and every engine; the progress counters see every node and end at the whole tree.
#[test]
fn work_shared_between_threads_adds_up_on_every_problem_kind() {
    use std::sync::atomic::Ordering::Relaxed;
    for (spec, solutions) in specs() {
        let p = problems::load(&spec).unwrap();
        for order in [Order::Given, Order::Shuffled(7)] {
            for (tree, engines) in [
                (Tree::Dlx1, &[Engine::Auto, Engine::Bits, Engine::Links][..]),
                (Tree::Lookahead, &[Engine::Auto][..]),
            ] {
                let want = sequential_on(&*p, order, tree);
                assert_eq!(want.stats.solutions, solutions, "{spec:?}");
                for &engine in engines {
                    for (t, chunk) in [(2, 7), (3, 7), (2, 100)] {
                        let what = format!("{spec:?} {order:?} {tree:?} {engine:?} {t}x{chunk}");
                        let progress = Progress::default();
                        let w = threads::count_shared(
                            p.instance(),
                            p.givens(),
                            order,
                            (tree, engine),
                            (t, chunk),
                            &progress,
                        )
                        .unwrap();
                        assert_same(&what, &w.tally, &want);
                        assert_eq!(progress.nodes.load(Relaxed), want.stats.nodes, "{what}");
                        assert_eq!(progress.solutions.load(Relaxed), solutions, "{what}");
                        assert!((progress.fraction() - 1.0).abs() < 1e-6, "{what}");
                        assert_eq!(w.threads, t, "{what}");
                        // Jobs were handed out (Knuth's example is all top: little to give).
                        if want.stats.nodes > 1000 {
                            assert!(w.subproblems > t, "{what}: {} jobs", w.subproblems);
                        }
                    }
                }
            }
        }
    }
}

/// A stop set while threads share the work ends the count, every thread with it, with part of the
/// tree counted.
#[test]
fn a_stop_ends_work_shared_between_threads() {
    let p = problems::load(&Spec::Queens(16)).unwrap();
    let inst = p.instance();
    let progress = Progress::default();
    std::thread::scope(|scope| {
        let counting = scope.spawn(|| {
            threads::count_shared(
                inst,
                &[],
                Order::Given,
                (Tree::Dlx1, Engine::Auto),
                (2, 1000),
                &progress,
            )
            .unwrap()
        });
        while progress.nodes.load(std::sync::atomic::Ordering::Relaxed) < 100_000 {
            std::thread::yield_now();
        }
        progress
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let w = counting.join().unwrap();
        // 16-queens is 14,772,512 solutions: a stop within milliseconds counts a sliver of them.
        assert!(w.tally.stats.solutions < 14_772_512, "{w:?}");
        assert!(w.tally.stats.nodes >= 100_000, "{w:?}");
    });
}

/// Options that all hold the same items (each option a solution): every job's set-up covers the
/// first item, hiding every other option, for a few hundred nodes of work behind it. The threads
/// passed that node back and forth, a job every few hundred nodes, each paying the cover again
/// (64,000 options of 16 items: 1.38 s on two threads, 0.07 s on one). A thread now gives work only
/// after counting several times what a job's set-up takes: a handful of jobs, the same count.
#[test]
fn a_costly_job_set_up_is_not_handed_back_and_forth() {
    let items: Vec<String> = (0..16).map(|i| format!("i{i}")).collect();
    let line = items.join(" ");
    let n = 20_000;
    let text = format!("{line}\n{}", format!("{line}\n").repeat(n));
    let spec = problems::kinds::spec("exact-cover", &text, false);
    let p = problems::load_text(spec, &text).unwrap();
    let w = whole_count(&*p, 2, &Progress::default());
    assert_eq!(w.tally.stats.solutions, n as u64);
    assert!(
        w.subproblems <= 20,
        "{} jobs for {n} one-node subtrees under one costly cover",
        w.subproblems
    );
}
