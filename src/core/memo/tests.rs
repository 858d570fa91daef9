//! The memoised count against plain search: counts, and the ZDD's sets against the solutions in
//! the order the search finds them, on random instances with secondary items and colours.

use super::*;
use crate::core::rng::SplitMix;
use crate::core::{Event, Search, Status};
use std::ops::ControlFlow;

/// A random instance: some primary and secondary items, options of random items, coloured
/// secondary entries when `colors`.
fn random(rng: &mut SplitMix, colors: bool) -> Instance {
    let np = 1 + rng.below(7);
    let ns = rng.below(4);
    let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let mut x = Instance::new(prim, sec).unwrap();
    let palette: Vec<u32> = ["a", "b"].iter().map(|c| x.color(c).unwrap()).collect();
    for _ in 0..rng.below(20) {
        let mut items = Vec::new();
        for i in 0..np + ns {
            if rng.below(3) == 0 {
                let c = if colors && i >= np && rng.below(3) != 0 {
                    palette[rng.below(2)]
                } else {
                    0
                };
                items.push((i, c));
            }
        }
        if !items.is_empty() {
            x.add_colored_option(&items).unwrap();
        }
    }
    x
}

/// The plain search's solutions, in the order it finds them, each in level order.
fn plain(inst: &Instance, givens: &[usize]) -> Vec<Vec<usize>> {
    let mut s = Search::new(inst);
    s.preselect(givens).unwrap();
    let mut out = Vec::new();
    let given = givens.len();
    let status = s.run(&mut |ev, s: &Search| {
        if let Event::Solution { .. } = ev {
            out.push(s.solution()[given..].to_vec());
        }
        ControlFlow::Continue(())
    });
    assert_eq!(status, Status::Done);
    out
}

fn settings(zdd: bool, parts: bool) -> Settings {
    Settings {
        zdd,
        parts,
        ..Settings::default()
    }
}

#[test]
fn random_instances_count_as_plain_search_and_the_zdd_lists_its_solutions_in_order() {
    let mut rng = SplitMix::new(46);
    let mut nonzero = 0;
    for round in 0..3000 {
        let inst = random(&mut rng, round % 2 == 1);
        let want = plain(&inst, &[]);
        for parts in [false, true] {
            let got = count(&inst, &[], &settings(false, parts)).unwrap();
            assert_eq!(
                got.solutions,
                Num::Small(want.len() as u128),
                "round {round}, parts {parts}:\n{}",
                inst.to_knuth()
            );
        }
        let z = count(&inst, &[], &settings(true, false)).unwrap();
        let zdd = z.zdd.unwrap();
        assert_eq!(zdd.count(), z.solutions);
        let listed: Vec<Vec<usize>> = zdd
            .list(u64::MAX)
            .into_iter()
            .map(|s| s.into_iter().map(|v| v as usize - 1).collect())
            .collect();
        assert_eq!(listed, want, "round {round}:\n{}", inst.to_knuth());
        // Written and read back, the same family.
        let back = Zdd::parse(&zdd.to_string()).unwrap();
        assert_eq!(back.list(u64::MAX), zdd.list(u64::MAX));
        nonzero += usize::from(!want.is_empty());
    }
    assert!(nonzero > 300, "only {nonzero} instances with solutions");
}

#[test]
fn givens_are_taken_first_and_a_clash_is_named() {
    let mut rng = SplitMix::new(7);
    let mut tried = 0;
    while tried < 300 {
        let inst = random(&mut rng, false);
        let want = plain(&inst, &[]);
        // A given from the first solution: the count is those solutions that contain it.
        let Some(first) = want.first() else { continue };
        let g = first[0];
        let with: Vec<Vec<usize>> = plain(&inst, &[g]);
        let got = count(&inst, &[g], &Settings::default()).unwrap();
        assert_eq!(got.solutions, Num::Small(with.len() as u128));
        tried += 1;
    }
    // Two givens that share an item.
    let mut x = Instance::new(["a", "b"], Vec::<String>::new()).unwrap();
    x.add_option(&[0]).unwrap();
    x.add_option(&[0, 1]).unwrap();
    assert_eq!(
        count(&x, &[0, 1], &Settings::default()).unwrap_err(),
        MemoError::Clash(1)
    );
}

/// n queens, rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Instance {
    let names = |p: char, k: usize| (0..k).map(move |v| format!("{p}{v}"));
    let prim = names('r', n).chain(names('c', n));
    let sec = names('a', 2 * n - 1).chain(names('b', 2 * n - 1));
    let mut x = Instance::new(prim, sec).unwrap();
    for i in 0..n {
        for j in 0..n {
            x.add_option(&[i, n + j, 2 * n + i + j, 2 * n + 2 * n - 1 + (i + n - 1 - j)])
                .unwrap();
        }
    }
    x
}

#[test]
fn queens_count_right_and_the_give_up_rule_stops_where_hits_are_rare() {
    for (n, want) in [(6, 4u128), (8, 92)] {
        let got = count(&queens(n), &[], &Settings::default()).unwrap();
        assert_eq!(got.solutions, Num::Small(want));
        assert!(got.stats.nodes > got.stats.cache_hits);
    }
    // 11 queens: 2,680 solutions, and few subproblems met twice: asked to give up below one hit in
    // two nodes, it stops at its first look and says what it saw.
    let strict = Settings {
        give_up: GiveUp::Below(0.5),
        ..Settings::default()
    };
    match count(&queens(11), &[], &strict) {
        Err(MemoError::GaveUp(s)) => {
            assert!(s.nodes >= run::FIRST_CHECK && s.cache_hits * 2 < s.nodes)
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        count(&queens(11), &[], &Settings::default())
            .unwrap()
            .solutions,
        Num::Small(2680)
    );
}

#[test]
fn a_tiny_budget_evicts_and_the_count_stays_exact() {
    let x = queens(8);
    let tight = Settings {
        budget: 4096,
        ..Settings::default()
    };
    let got = count(&x, &[], &tight).unwrap();
    assert_eq!(got.solutions, Num::Small(92));
    assert!(
        got.stats.full && got.stats.evicted > 0 && got.stats.bytes <= 4096,
        "{:?}",
        got.stats
    );
    // 11 queens in 16 KiB: evicting again and again, still 2,680.
    let small = Settings {
        budget: 16 << 10,
        ..Settings::default()
    };
    let got = count(&queens(11), &[], &small).unwrap();
    assert_eq!(got.solutions, Num::Small(2680));
    assert!(got.stats.evicted > got.stats.memos, "{:?}", got.stats);
    let z = Settings {
        budget: 4096,
        zdd: true,
        ..Settings::default()
    };
    assert!(matches!(
        count(&queens(10), &[], &z),
        Err(MemoError::ZddTooLarge(_))
    ));
}

#[test]
fn multiplicities_are_refused_by_name() {
    let mut x = Instance::new(["a"], Vec::<String>::new()).unwrap();
    x.set_bounds(0, 1, 2).unwrap();
    x.add_option(&[0]).unwrap();
    let e = count(&x, &[], &Settings::default()).unwrap_err();
    assert_eq!(e, MemoError::Multiplicities);
    assert!(e.to_string().contains("multiplicities"));
}

#[test]
fn independent_parts_multiply() {
    // Two disjoint 2x4 domino boards side by side as one instance: 5 tilings each, 25 in all, and
    // the root splits into its two parts.
    let mut x = Instance::new((0..16).map(|i| format!("c{i}")), Vec::<String>::new()).unwrap();
    for half in [0, 8] {
        for r in 0..2 {
            for c in 0..4 {
                let cell = |r: usize, c: usize| half + r * 4 + c;
                if c + 1 < 4 {
                    x.add_option(&[cell(r, c), cell(r, c + 1)]).unwrap();
                }
                if r + 1 < 2 {
                    x.add_option(&[cell(r, c), cell(r + 1, c)]).unwrap();
                }
            }
        }
    }
    let got = count(&x, &[], &settings(false, true)).unwrap();
    assert_eq!(got.solutions, Num::Small(25));
    assert!(got.stats.splits >= 1, "{:?}", got.stats);
    let plain = count(&x, &[], &settings(false, false)).unwrap();
    assert_eq!((plain.solutions, plain.stats.splits), (Num::Small(25), 0));
}

/// A watch that keeps what it is told, and stops the count at its `stop`-th report.
struct Log {
    done: Vec<f64>,
    nodes: Vec<u64>,
    memos: Vec<u64>,
    stop: usize,
}

impl Watch for Log {
    fn progress(&mut self, stats: &MemoStats, done: f64) -> bool {
        self.done.push(done);
        self.nodes.push(stats.nodes);
        self.memos.push(stats.memos);
        self.done.len() < self.stop
    }
}

#[test]
fn a_watch_is_told_the_share_done_and_can_stop_the_count() {
    // 11 queens, counted with memos whatever they pay: 2,680 solutions in some 40,000 nodes, so
    // about ten reports.
    let inst = queens(11);
    let s = Settings::default();
    let mut log = Log {
        done: Vec::new(),
        nodes: Vec::new(),
        memos: Vec::new(),
        stop: usize::MAX,
    };
    let watched = count_watched(&inst, &[], &s, Some(&mut log)).unwrap();
    assert_eq!(watched.solutions, Num::Small(2680));
    assert_eq!(watched.stats, count(&inst, &[], &s).unwrap().stats);
    let n = log.done.len();
    assert!(n >= 4, "{n} reports in {} nodes", watched.stats.nodes);
    // The share done never falls, stays below 1 (the last branch is not finished when told) and
    // ends past a half; the nodes come a few thousand apart; the memos grow with them.
    assert!(log.done.windows(2).all(|w| w[0] <= w[1]), "{:?}", log.done);
    assert!(log.done.iter().all(|&d| (0.0..1.0).contains(&d)));
    assert!(log.done[n - 1] > 0.5, "{:?}", log.done);
    assert!(log
        .nodes
        .windows(2)
        .all(|w| w[1] >= w[0] + run::WATCH_NODES));
    assert!(log.memos[n - 1] > log.memos[0] && log.memos[n - 1] <= watched.stats.memos);
    // Told to stop at its second report, the count ends there with the figures it was told.
    let mut stopped = Log {
        done: Vec::new(),
        nodes: Vec::new(),
        memos: Vec::new(),
        stop: 2,
    };
    match count_watched(&inst, &[], &s, Some(&mut stopped)) {
        Err(MemoError::Stopped(at)) => {
            assert_eq!(stopped.nodes.len(), 2);
            assert_eq!(at.nodes, stopped.nodes[1]);
            assert!(at.nodes < watched.stats.nodes);
        }
        other => panic!("{other:?}"),
    }
}

/// Domino boards side by side, no item in common (so each is a part of its own), each `m x n`
/// board's cells primary; with `colored`, a secondary item a board that its first row's
/// horizontal dominoes colour by their column's parity (so a tiling's first row keeps to one).
fn boards(sizes: &[(usize, usize)], colored: bool) -> Instance {
    let mut prim = Vec::new();
    let mut sec = Vec::new();
    for (b, &(m, n)) in sizes.iter().enumerate() {
        prim.extend((0..m * n).map(|p| format!("b{b}c{p}")));
        if colored {
            sec.push(format!("s{b}"));
        }
    }
    let mut x = Instance::new(prim, sec).unwrap();
    let palette: Vec<u32> = ["even", "odd"]
        .iter()
        .map(|c| x.color(c).unwrap())
        .collect();
    let n_primary: usize = sizes.iter().map(|(m, n)| m * n).sum();
    let mut first = 0;
    for (b, &(m, n)) in sizes.iter().enumerate() {
        for r in 0..m {
            for c in 0..n {
                let p = first + r * n + c;
                if c + 1 < n {
                    let mut items = vec![(p, 0), (p + 1, 0)];
                    if colored && r == 0 {
                        items.push((n_primary + b, palette[c % 2]));
                    }
                    x.add_colored_option(&items).unwrap();
                }
                if r + 1 < m {
                    x.add_option(&[p, p + n]).unwrap();
                }
            }
        }
        first += m * n;
    }
    x
}

fn on_threads(threads: usize) -> Settings {
    Settings {
        threads,
        ..Settings::default()
    }
}

#[test]
fn parts_given_to_threads_count_as_one_thread_does() {
    let sizes = [(4, 6), (5, 6), (6, 4), (2, 12)];
    for colored in [false, true] {
        let inst = boards(&sizes, colored);
        // Each board alone, on one thread, without parts: the product is the count.
        let mut want = Num::ONE;
        for &s in &sizes {
            let one = count(&boards(&[s], colored), &[], &settings(false, false)).unwrap();
            want = want.mul(&one.solutions);
        }
        assert!(!want.is_zero());
        let whole = count(&inst, &[], &settings(false, false)).unwrap();
        assert_eq!(whole.solutions, want, "colored {colored}, no parts");
        let here = count(&inst, &[], &on_threads(1)).unwrap();
        assert_eq!(here.solutions, want, "colored {colored}, one thread");
        assert_eq!(here.stats.parts_on_threads, 0);
        for threads in [2, 3, 8] {
            let got = count(&inst, &[], &on_threads(threads)).unwrap();
            assert_eq!(got.solutions, want, "colored {colored}, {threads} threads");
            // The four boards split at the root; each other thread counts one board first, then
            // takes what is left in a race with the rest.
            assert!(got.stats.splits >= 1);
            let others = threads.min(4) as u64 - 1;
            assert!(
                (others..=3).contains(&got.stats.parts_on_threads),
                "{threads} threads: {} parts on threads",
                got.stats.parts_on_threads
            );
            assert!(got.stats.nodes > 0 && got.stats.memos > 0);
        }
    }
    // Two coloured boards on two threads against plain search, solution by solution counted.
    let two = boards(&[(4, 6), (6, 4)], true);
    let listed = plain(&two, &[]).len() as u128;
    let got = count(&two, &[], &on_threads(2)).unwrap();
    assert_eq!(
        (got.solutions, got.stats.parts_on_threads),
        (Num::Small(listed), 1)
    );
}

#[test]
fn a_part_with_no_solution_ends_the_count_on_threads() {
    // 5x5 has no domino tiling (25 cells); its part is large, so it goes to the threads too.
    let inst = boards(&[(4, 6), (5, 5), (6, 5), (8, 4)], false);
    for threads in [1, 2, 4] {
        let got = count(&inst, &[], &on_threads(threads)).unwrap();
        assert_eq!(got.solutions, Num::ZERO, "{threads} threads");
    }
}

/// Stops the count at its first report.
struct StopAtOnce;

impl Watch for StopAtOnce {
    fn progress(&mut self, _: &MemoStats, _: f64) -> bool {
        false
    }
}

#[test]
fn on_threads_a_give_up_or_a_stop_is_reported_as_such_and_the_budget_holds() {
    let inst = boards(&[(10, 10), (10, 10), (9, 10)], false);
    let strict = Settings {
        give_up: GiveUp::Below(1e12),
        threads: 3,
        ..Settings::default()
    };
    assert!(matches!(
        count(&inst, &[], &strict),
        Err(MemoError::GaveUp(s)) if s.nodes >= 4096
    ));
    let stopped = count_watched(&inst, &[], &on_threads(3), Some(&mut StopAtOnce));
    assert!(matches!(stopped, Err(MemoError::Stopped(_))), "{stopped:?}");
    // A small budget shared by the threads: the count stays exact, the table within it.
    let tiny = Settings {
        budget: 2 << 20,
        threads: 3,
        ..Settings::default()
    };
    let got = count(&inst, &[], &tiny).unwrap();
    let ten = Num::Small(258_584_046_368);
    let want = count(&boards(&[(9, 10)], false), &[], &Settings::default())
        .unwrap()
        .solutions
        .mul(&ten)
        .mul(&ten);
    assert_eq!(got.solutions, want);
    assert!(got.stats.full && got.stats.parts_on_threads == 2);
    assert!(got.stats.bytes <= 2 << 20, "{} bytes", got.stats.bytes);
}
