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
