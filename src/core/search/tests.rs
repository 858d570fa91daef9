use super::*;
use crate::core::links::tests::{seeds, xcc, TOY};
use crate::core::links::MARKED;
use crate::core::rng::SplitMix;
use crate::problems::Problem as _;

/// N-queens with ranks and files primary, diagonals secondary.
fn queens(n: usize) -> Instance {
    let prim: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain((0..n).map(|j| format!("c{j}")))
        .collect();
    let sec: Vec<String> = (0..2 * n - 1)
        .map(|d| format!("a{d}"))
        .chain((0..2 * n - 1).map(|d| format!("b{d}")))
        .collect();
    let mut x = Instance::new(prim, sec).unwrap();
    for i in 0..n {
        for j in 0..n {
            x.add_option(&[i, n + j, 2 * n + i + j, 2 * n + 2 * n - 1 + (n - 1 + i - j)])
                .unwrap();
        }
    }
    x
}

fn random_instance(rng: &mut SplitMix) -> Instance {
    let np = 1 + rng.below(6);
    let ns = rng.below(3);
    let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let mut x = Instance::new(prim, sec).unwrap();
    let n = np + ns;
    for _ in 0..rng.below(14) {
        let items: Vec<usize> = (0..n).filter(|_| rng.below(3) == 0).collect();
        if !items.is_empty() {
            x.add_option(&items).unwrap();
        }
    }
    x
}

fn all_solutions(s: &mut Search) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut obs = |ev: Event, s: &Search| {
        if let Event::Solution { .. } = ev {
            let mut v = s.solution();
            v.sort();
            out.push(v);
        }
        ControlFlow::Continue(())
    };
    assert_eq!(s.run(&mut obs), Status::Done);
    out
}

#[test]
fn seeds_has_the_one_cover_rows_1_4_5() {
    let mut s = Search::new(&seeds());
    assert_eq!(all_solutions(&mut s), vec![vec![0, 3, 4]]);
    assert_eq!(s.stats().solutions, 1);
}

#[test]
fn queens_counts_with_secondary_diagonals() {
    for (n, want) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        let mut s = Search::new(&queens(n));
        assert_eq!(s.run(&mut Count), Status::Done);
        assert_eq!(s.stats().solutions, want, "n = {n}");
    }
}

#[test]
fn fast_and_fine_paths_agree_on_every_counter() {
    let inst = queens(6);
    let mut fast = Search::new(&inst);
    fast.run(&mut Count);
    let mut fine = Search::new(&inst);
    let mut events = 0u64;
    fine.run(&mut |_: Event, _: &Search| {
        events += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(fast.stats(), fine.stats());
    assert_eq!(fast.links(), fine.links());
    assert!(events > fine.stats().nodes);
}

#[test]
fn random_instances_match_brute_force() {
    let mut rng = SplitMix::new(2026);
    for case in 0..600 {
        let inst = random_instance(&mut rng);
        let mut want = brute_force(&inst);
        want.sort();
        for order in [Order::Given, Order::Shuffled(case)] {
            let mut s = Search::with_order(&inst, order);
            let mut got = all_solutions(&mut s);
            got.sort();
            assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
            let mut fast = Search::with_order(&inst, order);
            fast.run(&mut Count);
            assert_eq!(fast.stats(), s.stats(), "case {case}");
        }
    }
}

/// The round trip every reversible search must make: steps `s` forward event by event to its end,
/// then back to its start. Each step back must return the event last taken and bring back the very
/// state before it (links, counters, level, phase), and `sanity()` must hold after every event either
/// way. Returns the events taken.
fn there_and_back(s: &mut Search, case: &str) -> Vec<Event> {
    let start = s.clone();
    let mut trace = Vec::new();
    let mut snapshots = Vec::new();
    while let Some(ev) = {
        snapshots.push((s.links().clone(), s.stats().clone(), s.level(), s.phase()));
        s.step()
    } {
        assert_eq!(s.links().sanity(), Ok(()), "after {ev:?}, {case}");
        trace.push(ev);
    }
    assert!(s.is_done(), "{case}");
    snapshots.pop();
    let events = trace.clone();
    while let Some(ev) = s.step_back() {
        assert_eq!(s.links().sanity(), Ok(()), "undoing {ev:?}, {case}");
        let want = trace.pop().expect("no more events than were taken");
        assert_eq!(ev, want, "{case}");
        let (links, stats, level, phase) = snapshots.pop().unwrap();
        assert_eq!(s.links(), &links, "undoing {ev:?}, {case}");
        assert_eq!(s.stats(), &stats, "undoing {ev:?}, {case}");
        assert_eq!(
            (s.level(), s.phase()),
            (level, phase),
            "undoing {ev:?}, {case}"
        );
    }
    assert!(trace.is_empty(), "{case}");
    assert!(s.at_start(), "{case}");
    assert_eq!(s.links(), start.links(), "{case}");
    assert_eq!(s.stats(), start.stats(), "{case}");
    events
}

#[test]
fn stepping_back_undoes_every_event_exactly() {
    let mut rng = SplitMix::new(7);
    let mut cases: Vec<Instance> = (0..150).map(|_| random_instance(&mut rng)).collect();
    cases.push(queens(5));
    cases.push(seeds());
    for inst in cases {
        there_and_back(&mut Search::new(&inst), &inst.to_knuth());
    }
}

#[test]
fn back_and_forth_then_fast_run_gives_the_same_count() {
    let inst = queens(6);
    let mut rng = SplitMix::new(11);
    let mut s = Search::new(&inst);
    for _ in 0..3000 {
        if rng.below(3) == 0 {
            s.step_back();
        } else {
            s.step();
        }
    }
    s.run(&mut Count);
    assert_eq!(s.stats().solutions, 4);
    let mut fresh = Search::new(&inst);
    fresh.run(&mut Count);
    assert_eq!(s.stats().nodes, fresh.stats().nodes);
    assert_eq!(s.stats().updates, fresh.stats().updates);
}

#[test]
fn limits_and_observer_stops_resume_where_they_left() {
    let inst = queens(8);
    let mut s = Search::new(&inst);
    s.set_limits(Limits {
        solutions: Some(10),
        nodes: None,
    });
    assert_eq!(s.run(&mut Count), Status::Limit);
    assert_eq!(s.stats().solutions, 10);
    s.set_limits(Limits {
        solutions: None,
        nodes: Some(s.stats().nodes + 100),
    });
    assert_eq!(s.run(&mut Count), Status::Limit);
    s.set_limits(Limits::default());
    let mut found = s.stats().solutions;
    while s.run(&mut StopAtSolution) == Status::Paused {
        found += 1;
    }
    assert_eq!(found, 92);
    assert_eq!(s.stats().solutions, 92);
}

#[test]
fn preselected_options_are_in_every_solution_and_clashes_are_reported() {
    let mut s = Search::new(&seeds());
    s.preselect(&[3]).unwrap();
    assert_eq!(all_solutions(&mut s), vec![vec![0, 3, 4]]);
    let mut s = Search::new(&seeds());
    assert_eq!(s.preselect(&[3, 1]), Err(Clash { option: 1, item: 0 }));
}

#[test]
fn a_clash_names_the_item_the_options_share() {
    // A = {x, y}, B = {z, y}: choosing A hides B through y; z is B's own, unshared item.
    let mut x = Instance::new(["x", "y", "z"], Vec::<String>::new()).unwrap();
    let a = x.add_option(&[0, 1]).unwrap();
    let b = x.add_option(&[2, 1]).unwrap();
    let mut s = Search::new(&x);
    assert_eq!(s.preselect(&[a, b]), Err(Clash { option: b, item: 1 }));
    // The same with a secondary shared item.
    let mut x = Instance::new(["x", "z"], ["y"]).unwrap();
    let a = x.add_option(&[0, 2]).unwrap();
    let b = x.add_option(&[1, 2]).unwrap();
    let mut s = Search::new(&x);
    assert_eq!(s.preselect(&[a, b]), Err(Clash { option: b, item: 2 }));
}

#[test]
fn progress_grows_to_one() {
    let mut s = Search::new(&queens(6));
    let mut last = 0.0;
    // Each leaf (solution or dead end) owns an interval of [0, 1) and the estimate is its midpoint, so
    // it grows from leaf to leaf (not from node to node: going down halves the current share).
    while let Some(ev) = s.step() {
        if let Event::Solution { .. } | Event::DeadEnd { .. } = ev {
            let p = s.progress();
            assert!(p >= last - 1e-12, "{p} < {last}");
            last = p;
        }
    }
    assert_eq!(s.progress(), 1.0);
}

#[test]
fn restart_from_anywhere_gives_the_fresh_search_back() {
    let mut rng = SplitMix::new(5);
    let mut cases: Vec<Instance> = (0..120).map(|_| random_instance(&mut rng)).collect();
    cases.push(queens(6));
    for (case, inst) in cases.iter().enumerate() {
        let fresh = Search::new(inst);
        let mut want = fresh.clone();
        want.run(&mut Count);
        let mut s = fresh.clone();
        // Stop at a random event (inside covers, too), or after a limited fast run, then restart.
        for round in 0..4 {
            if round % 2 == 0 {
                for _ in 0..rng.below(60) {
                    s.step();
                }
            } else {
                s.set_limits(Limits {
                    solutions: None,
                    nodes: Some(rng.below(8) as u64),
                });
                s.run(&mut Count);
                s.set_limits(Limits::default());
            }
            s.restart();
            assert_eq!(s.links(), fresh.links(), "case {case} round {round}");
            assert_eq!(s.stats(), fresh.stats(), "case {case} round {round}");
            assert!(s.at_start());
        }
        s.run(&mut Count);
        assert_eq!(s.stats(), want.stats(), "case {case}");
        s.restart();
        assert_eq!(s.links(), fresh.links());
    }
}

#[test]
fn unpreselect_restores_the_matrix() {
    let inst = queens(8);
    let fresh = Search::new(&inst);
    let mut s = fresh.clone();
    // Queens on (0,0), (1,4), (2,7), the start of the solution 0 4 7 5 2 6 1 3: options 0, 12, 23.
    s.preselect(&[0, 12, 23]).unwrap();
    assert_ne!(s.links(), fresh.links());
    s.run(&mut Count);
    let with_three = s.stats().solutions;
    assert!(with_three > 0);
    s.restart();
    s.unpreselect();
    assert_eq!(s.links(), fresh.links());
    assert!(s.preselected().is_empty());
    // A clash leaves the options before it preselected; unpreselect undoes those.
    assert!(s.preselect(&[0, 1]).is_err());
    assert_eq!(s.preselected(), &[0]);
    s.unpreselect();
    assert_eq!(s.links(), fresh.links());
    s.run(&mut Count);
    assert_eq!(s.stats().solutions, 92);
}

// ---- Colours (Algorithm C, Knuth's DLX2) ----

/// The example at the start of Knuth's DLX2: the option `X:0 Y:1` has no primary item and is never
/// chosen; the unique solution is `A C X:1 Y:1` and `B X:1`.
const DLX2: &str = "A B C | X Y
    A B X:0 Y:0
    A C X:1 Y:1
    X:0 Y:1
    B X:1
    C Y:1";

fn random_colored(rng: &mut SplitMix) -> Instance {
    let np = 1 + rng.below(5);
    let ns = 1 + rng.below(3);
    let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let mut x = Instance::new(prim, sec).unwrap();
    let colors: Vec<u32> = ["a", "b", "c"]
        .iter()
        .map(|c| x.color(c).unwrap())
        .collect();
    let n_colors = 1 + rng.below(3);
    for _ in 0..rng.below(13) {
        let mut items = Vec::new();
        for i in 0..np + ns {
            if rng.below(3) != 0 {
                continue;
            }
            // Secondary items are mostly coloured, so that options share them.
            let c = if i >= np && rng.below(4) != 0 {
                colors[rng.below(n_colors)]
            } else {
                0
            };
            items.push((i, c));
        }
        if !items.is_empty() {
            x.add_colored_option(&items).unwrap();
        }
    }
    x
}

#[test]
fn taocp_toy_xcc_has_its_one_solution() {
    let inst = xcc(TOY);
    let mut s = Search::new(&inst);
    // The one solution: `p r x:A y` and `q x:A` (p, q, r once each, both give x colour A, y once).
    let got = all_solutions(&mut s);
    assert_eq!(got, vec![vec![1, 3]]);
    assert_eq!(inst.option_text(1), "p r x:A y");
    assert_eq!(inst.option_text(3), "q x:A");
    assert_eq!(brute_force(&inst), got);
    assert!(s.stats().cleansings > 0);
}

#[test]
fn dlx2_documentation_example_has_its_one_solution() {
    let inst = xcc(DLX2);
    let mut s = Search::new(&inst);
    let got = all_solutions(&mut s);
    assert_eq!(got, vec![vec![1, 3]]);
    assert_eq!(inst.option_text(1), "A C X:1 Y:1");
    assert_eq!(inst.option_text(3), "B X:1");
    let mut fast = Search::new(&inst);
    fast.run(&mut Count);
    assert_eq!(fast.stats(), s.stats());
}

#[test]
fn purify_marks_agreeing_options_and_hides_the_others() {
    // x's list: options 0 (x:A), 1 (x:B), 2 (x:A), 3 (x uncoloured). Purifying x from option 0
    // hides 1 and 3 from their other items, marks 2, and leaves x in the item list.
    let inst = xcc("p q r s | x
        p x:A
        q x:B
        r x:A
        s x");
    let mut l = Links::new(&inst, Order::Given);
    let start = l.clone();
    let x = 5;
    let p = l.option_first(0) + 1;
    assert_eq!(l.top(p), x);
    let (updates, cleansings) = l.purify(p);
    // One update each for q and s; one cleansing for x and one for the node of option 2 in x.
    assert_eq!((updates, cleansings), (2, 2));
    assert_eq!(l.color(x), l.color(p));
    assert_eq!(l.color(l.option_first(2) + 1), MARKED);
    assert_eq!((l.len(2), l.len(3), l.len(4)), (0, 1, 0));
    assert!(l.is_active(x));
    assert_eq!(l.sanity(), Ok(()));
    // A marked node stays where it is when its option is hidden by another item's cover.
    let u = l.cover::<true>(3);
    assert_eq!(u, 1);
    assert_eq!(l.sanity(), Ok(()));
    l.uncover::<true>(3);
    assert_eq!(l.unpurify(p), (2, 2));
    assert_eq!(l, start);
}

#[test]
fn random_colored_instances_match_brute_force() {
    let mut rng = SplitMix::new(1010);
    let mut with_solutions = 0;
    let mut purified = 0;
    for case in 0..600 {
        let inst = random_colored(&mut rng);
        let mut want = brute_force(&inst);
        want.sort();
        with_solutions += usize::from(!want.is_empty());
        for order in [Order::Given, Order::Shuffled(case)] {
            let mut s = Search::with_order(&inst, order);
            let mut got = all_solutions(&mut s);
            got.sort();
            assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
            let mut fast = Search::with_order(&inst, order);
            fast.run(&mut Count);
            assert_eq!(fast.stats(), s.stats(), "case {case}");
            assert_eq!(fast.links(), s.links(), "case {case}");
            purified += usize::from(s.stats().cleansings > 0);
            // The First heuristic finds the same solutions, on both paths alike.
            let mut first = Search::with_order(&inst, order);
            first.set_heuristic(Heuristic::First);
            let mut got = all_solutions(&mut first);
            got.sort();
            assert_eq!(got, want, "case {case}, First");
            let mut fast = Search::with_order(&inst, order);
            fast.set_heuristic(Heuristic::First);
            fast.run(&mut Count);
            assert_eq!(fast.stats(), first.stats(), "case {case}, First");
        }
    }
    // The cases are not trivial: many have solutions, and many purify.
    assert!(with_solutions > 200, "{with_solutions}");
    assert!(purified > 300, "{purified}");
}

#[test]
fn stepping_back_colored_searches_checks_sanity_after_every_event() {
    let mut rng = SplitMix::new(77);
    let mut cases: Vec<Instance> = (0..200).map(|_| random_colored(&mut rng)).collect();
    cases.extend((0..50).map(|_| random_instance(&mut rng)));
    cases.push(xcc(TOY));
    cases.push(xcc(DLX2));
    let mut purifies = 0;
    for (case, inst) in cases.iter().enumerate() {
        for order in [Order::Given, Order::Shuffled(case as u64)] {
            let mut s = Search::with_order(inst, order);
            let events = there_and_back(&mut s, &format!("case {case}\n{}", inst.to_knuth()));
            purifies += events
                .iter()
                .filter(|ev| matches!(ev, Event::Purify { .. }))
                .count();
        }
    }
    assert!(purifies > 300, "{purifies}");
}

#[test]
fn colored_restart_and_back_and_forth_keep_the_count() {
    let mut rng = SplitMix::new(99);
    for case in 0..150 {
        let inst = random_colored(&mut rng);
        let fresh = Search::new(&inst);
        let mut want = fresh.clone();
        want.run(&mut Count);
        let mut s = fresh.clone();
        for _ in 0..rng.below(200) {
            if rng.below(3) == 0 {
                s.step_back();
            } else {
                s.step();
            }
        }
        let mut t = s.clone();
        t.run(&mut Count);
        assert_eq!(t.stats().solutions, want.stats().solutions, "case {case}");
        s.restart();
        assert_eq!(s.links(), fresh.links(), "case {case}");
        assert_eq!(s.stats(), fresh.stats(), "case {case}");
        s.run(&mut Count);
        assert_eq!(s.stats(), want.stats(), "case {case}");
    }
}

#[test]
fn preselecting_colored_options_agrees_or_names_the_clash() {
    let inst = xcc(TOY);
    // `q x:A` then `p r x:A y` agree on x: together they are the solution.
    let mut s = Search::new(&inst);
    s.preselect(&[3, 1]).unwrap();
    assert_eq!(all_solutions(&mut s), vec![vec![1, 3]]);
    s.restart();
    s.unpreselect();
    assert_eq!(s.links(), Search::new(&inst).links());
    // `q x:A` then `p x:B`: x was purified to A, so the clash is on x (item 3).
    let mut s = Search::new(&inst);
    assert_eq!(s.preselect(&[3, 2]), Err(Clash { option: 2, item: 3 }));
    // `p q x y:A` then `r y:B`: y is purified to A.
    let mut s = Search::new(&inst);
    assert_eq!(s.preselect(&[0, 4]), Err(Clash { option: 4, item: 4 }));
}

#[test]
fn first_heuristic_branches_on_the_leftmost_item_and_finds_the_same_covers() {
    // At each choice (made before the item is covered), First's item is the head of the list of
    // active primary items; MRV's is not always.
    let leftmost_choices = |h: Heuristic| {
        let mut s = Search::new(&queens(6));
        s.set_heuristic(h);
        let (mut all, mut leftmost) = (0, 0);
        s.run(&mut |ev: Event, s: &Search| {
            if let Event::Choose { item, .. } | Event::DeadEnd { item, .. } = ev {
                all += 1;
                leftmost += usize::from(s.links().items()[0].right == item);
            }
            ControlFlow::Continue(())
        });
        assert_eq!(s.stats().solutions, 4);
        (all, leftmost)
    };
    let (all, leftmost) = leftmost_choices(Heuristic::First);
    assert!(all > 0 && leftmost == all);
    let (all, leftmost) = leftmost_choices(Heuristic::Mrv);
    assert!(leftmost < all);
    let mut rng = SplitMix::new(99);
    for case in 0..400 {
        let inst = random_instance(&mut rng);
        let mut want = brute_force(&inst);
        want.sort();
        for order in [Order::Given, Order::Shuffled(case)] {
            let mut s = Search::with_order(&inst, order);
            s.set_heuristic(Heuristic::First);
            let mut got = all_solutions(&mut s);
            got.sort();
            assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
            let mut fast = Search::with_order(&inst, order);
            fast.set_heuristic(Heuristic::First);
            fast.run(&mut Count);
            assert_eq!(fast.stats(), s.stats(), "case {case}");
        }
    }
}

#[test]
fn first_heuristic_costs_more_nodes_on_queens_and_steps_back_exactly() {
    let inst = queens(6);
    let mut mrv = Search::new(&inst);
    mrv.run(&mut Count);
    let mut first = Search::new(&inst);
    first.set_heuristic(Heuristic::First);
    first.run(&mut Count);
    assert_eq!(first.stats().solutions, 4);
    assert!(first.stats().nodes > mrv.stats().nodes);
    // Step back re-chooses with the same heuristic: forward to the end, back to the start.
    let mut s = Search::new(&inst);
    s.set_heuristic(Heuristic::First);
    let start = s.clone();
    let mut n = 0;
    while s.step().is_some() {
        n += 1;
    }
    while s.step_back().is_some() {
        n -= 1;
    }
    assert_eq!(n, 0);
    assert_eq!(s.links(), start.links());
    assert_eq!(s.stats(), start.stats());
}

#[test]
fn progress_is_zero_until_the_roots_first_option_is_tried() {
    let mut s = Search::new(&queens(6));
    assert_eq!(s.progress(), 0.0);
    // Choose, cover and the hides of the root's item: still nothing explored.
    loop {
        let ev = s.step().unwrap();
        if let Event::Try { level: 0, .. } = ev {
            break;
        }
        assert_eq!(s.progress(), 0.0, "after {ev:?}");
    }
    // The first of d options tried: its subtree's midpoint, 1 / (2d).
    let d = s.choices()[0].1 as f64;
    assert!((s.progress() - 0.5 / d).abs() < 1e-12);
}

// ---- Multiplicities (Algorithm M, Knuth's DLX3) ----

/// An instance with multiplicities from Knuth's text, `lo:hi|name` or `hi|name` in the items line,
/// colours `x:c` in options. Only for tests; the real reader is `problems::exact_cover`.
fn mcc(text: &str) -> Instance {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let head = lines.next().unwrap();
    // The separator is a `|` with a space (or nothing) before it, not one glued to a bound.
    let words: Vec<&str> = head.split_whitespace().collect();
    let sep = words.iter().position(|&w| w == "|");
    let (prim, sec) = match sep {
        Some(k) => (&words[..k], &words[k + 1..]),
        None => (&words[..], &[][..]),
    };
    let mut bounds = Vec::new();
    let names: Vec<&str> = prim
        .iter()
        .map(|w| match w.split_once('|') {
            Some((b, n)) => {
                let (lo, hi) = b.split_once(':').unwrap_or((b, b));
                bounds.push((lo.parse::<u32>().unwrap(), hi.parse::<u32>().unwrap()));
                n
            }
            None => {
                bounds.push((1, 1));
                w
            }
        })
        .collect();
    let body: String = lines.collect::<Vec<_>>().join("\n");
    let mut x = xcc(&format!("{} | {}\n{body}", names.join(" "), sec.join(" ")));
    for (i, (lo, hi)) in bounds.into_iter().enumerate() {
        x.set_bounds(i, lo, hi).unwrap();
    }
    x
}

/// All solutions by brute force over subsets of options: each primary item in between its bounds of
/// chosen options (exactly one without multiplicities); each secondary item either in at most one
/// chosen option, or in any number that all give it the same colour; no chosen option without a
/// primary item. As sorted option lists: the tests' independent counter, for plain exact cover,
/// colours and multiplicities alike.
fn brute_force(x: &Instance) -> Vec<Vec<usize>> {
    let m = x.n_options();
    let mut out = Vec::new();
    for mask in 0u32..(1 << m) {
        let chosen: Vec<usize> = (0..m).filter(|&k| mask >> k & 1 == 1).collect();
        if chosen
            .iter()
            .any(|&k| !x.option(k).any(|i| x.is_primary(i)))
        {
            continue;
        }
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); x.n_items()];
        for &k in &chosen {
            for (i, c) in x.option_colored(k) {
                uses[i].push(c);
            }
        }
        let ok = (0..x.n_items()).all(|i| {
            let u = &uses[i];
            if x.is_primary(i) {
                let (lo, hi) = x.bounds(i);
                (lo as usize..=hi as usize).contains(&u.len())
            } else {
                u.len() <= 1 || (u[0] != 0 && u.iter().all(|&c| c == u[0]))
            }
        });
        if ok {
            out.push(chosen);
        }
    }
    out
}

/// A small random instance with multiplicities on some primary items, and (when `colors`) coloured
/// secondary items.
fn random_mult(rng: &mut SplitMix, colors: bool) -> Instance {
    let np = 1 + rng.below(4);
    let ns = rng.below(3);
    let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let mut x = Instance::new(prim, sec).unwrap();
    let palette: Vec<u32> = ["a", "b"].iter().map(|c| x.color(c).unwrap()).collect();
    for i in 0..np {
        if rng.below(4) != 0 {
            let hi = 1 + rng.below(3) as u32;
            let lo = rng.below(hi as usize + 1) as u32;
            x.set_bounds(i, lo, hi).unwrap();
        }
    }
    for _ in 0..rng.below(12) {
        let mut items = Vec::new();
        for i in 0..np + ns {
            if rng.below(5) < 2 {
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

/// The test case at the start of Knuth's DLX3: `2:3|C` must be in two or three chosen options; the
/// unique solution is `A C X:1 Y:1`, `B X:1`, `C Y:1`.
const DLX3: &str = "A B 2:3|C | X Y
    A B X:0 Y:0
    A C X:1 Y:1
    C X:0
    B X:1
    C Y:1";

#[test]
fn dlx3_documentation_example_has_its_one_solution() {
    let inst = mcc(DLX3);
    assert_eq!(inst.bounds(2), (2, 3));
    assert!(inst.has_multiplicities());
    let mut s = Search::new(&inst);
    let got = all_solutions(&mut s);
    assert_eq!(got, vec![vec![1, 3, 4]]);
    assert_eq!(brute_force(&inst), got);
    let mut fast = Search::new(&inst);
    fast.run(&mut Count);
    assert_eq!(fast.stats(), s.stats());
    assert_eq!(fast.links(), Search::new(&inst).links());
}

#[test]
fn multiplicities_count_sets_of_options_once() {
    // Two of the four options of x: C(4, 2) = 6 sets, each once (not 12 ordered pairs).
    let inst = mcc("2|x\nx\nx\nx\nx");
    let mut s = Search::new(&inst);
    s.run(&mut Count);
    assert_eq!(s.stats().solutions, 6);
    // Between one and three of four: 4 + 6 + 4.
    let inst = mcc("1:3|x\nx\nx\nx\nx");
    let mut s = Search::new(&inst);
    s.run(&mut Count);
    assert_eq!(s.stats().solutions, 14);
    // Zero allowed: the empty set is a solution too (0:2 of three: 1 + 3 + 3).
    let inst = mcc("0:2|x y\nx\nx\nx\ny");
    let mut s = Search::new(&inst);
    s.run(&mut Count);
    assert_eq!(s.stats().solutions, 7);
    // Knuth's MDANCE example: 2 of 4 in one item and 3 of 5 in another, independent: 6 * 10.
    let inst = mcc("2|a 3|b\na\na\na\na\nb\nb\nb\nb\nb");
    let mut s = Search::new(&inst);
    s.run(&mut Count);
    assert_eq!(s.stats().solutions, 60);
}

/// The n x n 0-1 matrices with k ones in each row and column: one option per cell, `k|r_i`, `k|c_j`.
fn k_per_line(n: usize, k: u32) -> Instance {
    let names: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain((0..n).map(|j| format!("c{j}")))
        .collect();
    let mut x = Instance::new(names, Vec::<String>::new()).unwrap();
    for i in 0..2 * n {
        x.set_bounds(i, k, k).unwrap();
    }
    for i in 0..n {
        for j in 0..n {
            x.add_option(&[i, n + j]).unwrap();
        }
    }
    x
}

#[test]
fn binary_matrices_with_given_line_sums_are_counted_as_oeis_says() {
    // OEIS A001499 (two ones per row and column): 1, 0, 1, 6, 90, 2040; A001501 (three): 24 for 4x4.
    for (n, k, want) in [
        (2, 2, 1),
        (3, 2, 6),
        (4, 2, 90),
        (5, 2, 2040),
        (4, 3, 24),
        (5, 3, 2040),
    ] {
        let inst = k_per_line(n, k);
        let mut s = Search::new(&inst);
        s.run(&mut Count);
        assert_eq!(s.stats().solutions, want, "{n}x{n}, {k} per line");
        assert_eq!(s.links(), Search::new(&inst).links());
    }
}

#[test]
fn random_multiplicity_instances_match_brute_force() {
    let mut rng = SplitMix::new(3003);
    let (mut with_solutions, mut several) = (0, 0);
    for case in 0..700 {
        let inst = random_mult(&mut rng, case % 3 == 0);
        let mut want = brute_force(&inst);
        want.sort();
        with_solutions += usize::from(!want.is_empty());
        several += usize::from(want.len() > 2);
        for order in [Order::Given, Order::Shuffled(case)] {
            for h in [Heuristic::Mrv, Heuristic::First] {
                let mut s = Search::with_order(&inst, order);
                s.set_heuristic(h);
                let mut got = all_solutions(&mut s);
                got.sort();
                assert_eq!(got, want, "case {case} {h:?}:\n{}", inst.to_knuth());
                let mut fast = Search::with_order(&inst, order);
                fast.set_heuristic(h);
                fast.run(&mut Count);
                assert_eq!(fast.stats(), s.stats(), "case {case} {h:?}");
                assert_eq!(fast.links(), s.links(), "case {case} {h:?}");
                assert_eq!(
                    fast.links(),
                    Search::with_order(&inst, order).links(),
                    "case {case}"
                );
            }
        }
    }
    assert!(with_solutions > 300, "{with_solutions}");
    assert!(several > 100, "{several}");
}

#[test]
fn stepping_back_multiplicity_searches_checks_sanity_after_every_event() {
    let mut rng = SplitMix::new(4242);
    let mut cases: Vec<Instance> = (0..250)
        .map(|i| random_mult(&mut rng, i % 2 == 0))
        .collect();
    cases.push(mcc(DLX3));
    let (mut closes, mut lowers, mut untweaks) = (0, 0, 0);
    for (case, inst) in cases.iter().enumerate() {
        for order in [Order::Given, Order::Shuffled(case as u64)] {
            let mut s = Search::with_order(inst, order);
            for ev in there_and_back(&mut s, &format!("case {case}\n{}", inst.to_knuth())) {
                closes += usize::from(matches!(ev, Event::Close { .. }));
                lowers += usize::from(matches!(ev, Event::Lower { .. }));
                untweaks += usize::from(matches!(ev, Event::Untweak { .. }));
            }
        }
    }
    assert!(
        closes > 100 && lowers > 100 && untweaks > 100,
        "{closes} {lowers} {untweaks}"
    );
}

#[test]
fn multiplicity_restart_and_back_and_forth_keep_the_count() {
    let mut rng = SplitMix::new(515);
    for case in 0..200 {
        let inst = random_mult(&mut rng, case % 2 == 1);
        let fresh = Search::new(&inst);
        let mut want = fresh.clone();
        want.run(&mut Count);
        let mut s = fresh.clone();
        for _ in 0..rng.below(200) {
            if rng.below(3) == 0 {
                s.step_back();
            } else {
                s.step();
            }
        }
        let mut t = s.clone();
        t.run(&mut Count);
        assert_eq!(t.stats().solutions, want.stats().solutions, "case {case}");
        s.restart();
        assert_eq!(s.links(), fresh.links(), "case {case}");
        assert_eq!(s.stats(), fresh.stats(), "case {case}");
        // A limited fast run, then restart from where it stopped.
        s.set_limits(Limits {
            solutions: None,
            nodes: Some(rng.below(10) as u64),
        });
        s.run(&mut Count);
        s.set_limits(Limits::default());
        s.restart();
        assert_eq!(s.links(), fresh.links(), "case {case}");
        s.run(&mut Count);
        assert_eq!(s.stats(), want.stats(), "case {case}");
    }
}

/// Links that keep their count of empty items (as for more than `TRACK_ZEROS` primary items) make
/// DLX1's choices all the same: the same events one by one, `sanity` (which checks the count) after
/// every event forwards and back, and the fast path's counters; plain and coloured instances.
#[test]
fn keeping_the_count_of_empty_items_changes_no_choice() {
    let mut rng = SplitMix::new(2024);
    let mut cases: Vec<Instance> = (0..120).map(|_| random_instance(&mut rng)).collect();
    cases.extend((0..120).map(|_| random_colored(&mut rng)));
    cases.push(queens(6));
    for (case, inst) in cases.iter().enumerate() {
        let mut plain = Search::new(inst);
        let mut tracked = Search::new(inst);
        tracked.track_zeros();
        let mut events = 0;
        while let Some(ev) = plain.step() {
            assert_eq!(tracked.step(), Some(ev), "case {case}");
            assert_eq!(
                tracked.links().sanity(),
                Ok(()),
                "after {ev:?}, case {case}"
            );
            events += 1;
        }
        assert_eq!(tracked.step(), None);
        for _ in 0..events {
            let ev = tracked.step_back();
            assert_eq!(ev, plain.step_back(), "case {case}");
            assert_eq!(
                tracked.links().sanity(),
                Ok(()),
                "undoing {ev:?}, case {case}"
            );
        }
        assert!(tracked.at_start());
        let (mut fast, mut fresh) = (tracked.clone(), Search::new(inst));
        fast.run(&mut Count);
        fresh.run(&mut Count);
        assert_eq!(fast.stats(), fresh.stats(), "case {case}");
        assert_eq!(fast.links().sanity(), Ok(()));
    }
}

/// Once a branch is finished the estimate stays (it went back to "no estimate yet" whenever the
/// search retreated from a level's first option), stepping forward; and a backtrack never lowers
/// it: the option left behind counts whole (at a dead end it stood still at its half). Stepping back
/// gives the same readings in reverse.
#[test]
fn the_estimate_stays_once_made_and_a_backtrack_raises_it() {
    let mut rng = SplitMix::new(7);
    let mut instances = vec![queens(6), queens(7)];
    instances.extend((0..20).map(|_| random_colored(&mut rng)));
    instances.extend((0..20).map(|k| random_mult(&mut rng, k % 2 == 0)));
    let mut total = 0;
    for inst in instances {
        let mut s = Search::new(&inst);
        let (mut made, mut last, mut backtracks, mut leaf) = (false, 0.0, 0, false);
        let mut seen = Vec::new();
        while let Some(ev) = s.step() {
            let (now, p) = (s.finished_any(), s.progress());
            assert!(!made || now, "the estimate was lost at {ev:?}");
            made = now;
            if let Event::Backtrack { .. } = ev {
                // From a leaf it rises by the leaf's half; from an item whose options were all
                // tried it stays (the last one's subtree counted whole as it was undone).
                assert!(
                    p > last || (!leaf && p >= last - 1e-12),
                    "{ev:?}: {p} after {last}; {:?} {:?}",
                    s.phase(),
                    s.choices()
                );
                backtracks += 1;
            }
            leaf = matches!(ev, Event::Solution { .. } | Event::DeadEnd { .. });
            last = p;
            seen.push((now, p.to_bits()));
        }
        total += backtracks;
        // Back to the start, event by event: the same readings, in reverse.
        seen.pop();
        while let Some(want) = seen.pop() {
            s.step_back();
            assert_eq!((s.finished_any(), s.progress().to_bits()), want);
        }
    }
    assert!(total > 500, "{total} backtracks");
}

/// On a path-shaped tree (every choice forced) no branch is finished until the end, so Knuth's
/// estimate is only its guess of half the subtree (50% from start to end): `finished_any` says so,
/// and the CLI's line shows the depth instead. On queens a branch finishes early.
#[test]
fn no_branch_is_finished_on_a_path_until_its_end() {
    let names: Vec<String> = (0..50).map(|k| format!("i{k}")).collect();
    let mut chain = Instance::new(names, Vec::<String>::new()).unwrap();
    for k in 0..50 {
        chain.add_option(&[k]).unwrap();
    }
    let mut s = Search::new(&chain);
    while s.level() < 30 {
        s.step();
    }
    assert!(!s.finished_any());
    assert_eq!(s.progress(), 0.5);
    s.run(&mut Count);
    assert!(s.finished_any());
    let mut q = Search::new(&queens(6));
    let mut steps = 0;
    while !q.finished_any() {
        q.step();
        steps += 1;
    }
    assert!(
        steps < 200 && q.progress() > 0.0 && q.progress() < 1.0,
        "{steps}"
    );
}

/// The smoke run of `make miri`: every raw-pointer path of the core on small instances — the fast
/// loop (`run_fast`, plain and general), hide/unhide/cover/uncover, purify/unpurify, the count of
/// empty items, `preselect`/`restart` — forwards, and back event by event with `sanity` after each.
#[test]
fn miri_smoke_every_unsafe_path_on_small_instances() {
    // Under Miri the links are checked at each end of the walks, not after every event: Miri looks
    // for undefined behaviour in the events themselves, and `sanity` (safe code walking every node)
    // after each of them was most of the test's 10 to 17 minutes there. Natively, after every event.
    let each = !cfg!(miri);
    let mut cases = vec![seeds(), queens(4), xcc(TOY), xcc(DLX2)];
    let mut rng = SplitMix::new(5);
    cases.push(random_colored(&mut rng));
    for (case, inst) in cases.iter().enumerate() {
        for track in [false, true] {
            let mut s = Search::new(inst);
            if track {
                s.track_zeros();
            }
            let start = s.clone();
            let mut fast = s.clone();
            fast.run(&mut Count);
            let mut events = 0;
            while s.step().is_some() {
                if each {
                    assert_eq!(s.links().sanity(), Ok(()), "case {case}");
                }
                events += 1;
            }
            assert_eq!(s.links().sanity(), Ok(()), "case {case}");
            assert_eq!(s.stats().solutions, fast.stats().solutions, "case {case}");
            assert_eq!(s.stats().nodes, fast.stats().nodes, "case {case}");
            for _ in 0..events {
                s.step_back().unwrap();
                if each {
                    assert_eq!(s.links().sanity(), Ok(()), "case {case}");
                }
            }
            assert_eq!(s.links(), start.links(), "case {case}");
            // Half way, then back to the start by restart.
            for _ in 0..events / 2 {
                s.step();
            }
            s.restart();
            assert_eq!(s.links(), start.links(), "case {case}");
        }
    }
    let mut q = Search::new(&queens(5));
    q.preselect(&[0]).unwrap();
    q.run(&mut Count);
    assert_eq!(q.stats().solutions, 2);
}

/// Runs `inst` under both trees on the event machine, counting the lookahead's rejects, and checks
/// what the lookahead promises: the same solutions (in the same order), and DLX1's tree is the
/// lookahead's plus one dead-end leaf per rejected option. The fast path leaves the same counters
/// and links as the event machine. Returns the rejects.
fn both_trees_agree(inst: &Instance, order: Order, heuristic: Heuristic, case: &str) -> u64 {
    let mut dlx1 = Search::with_order(inst, order);
    dlx1.set_heuristic(heuristic);
    let want = all_solutions(&mut dlx1);
    let mut look = Search::with_order(inst, order);
    look.set_heuristic(heuristic);
    look.set_tree(Tree::Lookahead);
    let mut got = Vec::new();
    let mut rejects = 0;
    look.run(&mut |ev: Event, s: &Search| {
        match ev {
            Event::Solution { .. } => {
                let mut v = s.solution();
                v.sort();
                got.push(v);
            }
            Event::Reject { .. } => rejects += 1,
            Event::DeadEnd { .. } => {}
            _ => {}
        }
        ControlFlow::Continue(())
    });
    assert_eq!(got, want, "{case}: solutions");
    let (d, l) = (dlx1.stats(), look.stats());
    if heuristic == Heuristic::Mrv {
        // A rejected option left an item empty: DLX1 enters it, and MRV chooses that item there.
        assert_eq!(
            d.nodes,
            l.nodes + rejects,
            "{case}: DLX1's nodes = the lookahead's + its rejects"
        );
    } else {
        // The leftmost item may still have options: DLX1 goes deeper before it meets the dead end.
        assert!(d.nodes >= l.nodes + rejects, "{case}: nodes");
    }
    assert!(l.updates <= d.updates, "{case}: updates");
    let mut fast = Search::with_order(inst, order);
    fast.set_heuristic(heuristic);
    fast.set_tree(Tree::Lookahead);
    fast.run(&mut Count);
    assert_eq!(fast.stats(), look.stats(), "{case}: fast and fine counters");
    assert_eq!(fast.links(), look.links(), "{case}: fast and fine links");
    rejects
}

#[test]
fn the_lookahead_tree_is_dlx1_without_its_rejected_dead_ends() {
    let mut rng = SplitMix::new(4242);
    let mut rejects = 0;
    let mut cases: Vec<Instance> = (0..300).map(|_| random_instance(&mut rng)).collect();
    cases.extend((0..300).map(|_| random_colored(&mut rng)));
    cases.extend([queens(6), queens(7), seeds(), xcc(TOY), xcc(DLX2)]);
    for (case, inst) in cases.iter().enumerate() {
        for order in [Order::Given, Order::Shuffled(case as u64)] {
            for h in [Heuristic::Mrv, Heuristic::First] {
                rejects +=
                    both_trees_agree(inst, order, h, &format!("case {case} {order:?} {h:?}"));
            }
        }
    }
    // The lookahead has work to do on these: not a test that cannot fail.
    assert!(rejects > 1000, "{rejects}");
    // 8-queens: 254 of DLX1's nodes are dead ends that the lookahead never enters.
    let mut s = Search::new(&queens(8));
    s.set_tree(Tree::Lookahead);
    s.run(&mut Count);
    let mut d = Search::new(&queens(8));
    d.run(&mut Count);
    assert_eq!((s.stats().solutions, d.stats().solutions), (92, 92));
    assert_eq!((s.stats().nodes, d.stats().nodes), (945, 1199));
}

#[test]
fn multiplicities_keep_dlx3s_tree_under_the_lookahead() {
    let mut s = Search::new(&k_per_line(4, 2));
    s.set_tree(Tree::Lookahead);
    assert_eq!(s.tree(), Tree::Dlx1);
    s.run(&mut Count);
    assert_eq!(s.stats().solutions, 90);
}

#[test]
fn stepping_back_the_lookahead_undoes_every_event_exactly() {
    let mut rng = SplitMix::new(515);
    let mut cases: Vec<Instance> = (0..150).map(|_| random_instance(&mut rng)).collect();
    cases.extend((0..150).map(|_| random_colored(&mut rng)));
    cases.extend([queens(5), seeds(), xcc(TOY), xcc(DLX2)]);
    let (mut rejects, mut after_purify) = (0, 0);
    for (case, inst) in cases.iter().enumerate() {
        for order in [Order::Given, Order::Shuffled(case as u64)] {
            let mut s = Search::with_order(inst, order);
            s.set_tree(Tree::Lookahead);
            let events = there_and_back(&mut s, &format!("case {case}\n{}", inst.to_knuth()));
            for (i, ev) in events.iter().enumerate() {
                if let Event::Reject { .. } = ev {
                    rejects += 1;
                    after_purify +=
                        usize::from(i > 0 && matches!(events[i - 1], Event::Purify { .. }));
                }
            }
        }
    }
    // Both kinds of reject were stepped over: after a hide, and after a purification.
    assert!(rejects > 100, "{rejects}");
    assert!(after_purify > 5, "{after_purify}");
}

// ---- The bit-set engine (core::bits) against the links ----

/// A fast observer (only told of solutions) that records them, and stops at each while `stop`.
struct Record {
    found: Vec<Vec<usize>>,
    stop: bool,
}

impl Observer for Record {
    const FINE: bool = false;
    fn event(&mut self, _: Event, s: &Search) -> ControlFlow<()> {
        self.found.push(s.solution());
        if self.stop {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Counts `inst` (givens preselected) with `engine`: the solutions in the order found, and the
/// search at its end.
fn count_with(
    inst: &Instance,
    givens: &[usize],
    order: Order,
    heuristic: Heuristic,
    engine: Engine,
) -> (Vec<Vec<usize>>, Search) {
    let mut s = Search::with_order(inst, order);
    s.set_heuristic(heuristic);
    s.set_engine(engine);
    s.preselect(givens).unwrap();
    let mut rec = Record {
        found: Vec::new(),
        stop: false,
    };
    assert_eq!(s.run(&mut rec), Status::Done);
    (rec.found, s)
}

/// Every problem kind the app builds, small enough for a debug build.
fn every_kind() -> Vec<(String, Instance, Vec<usize>)> {
    use crate::problems::{self, Spec};
    let specs = [
        Spec::Queens(7),
        Spec::ToroidalQueens(7),
        Spec::Sudoku("1...2...3...4...".into()),
        Spec::Sudoku(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .into(),
        ),
        Spec::Latin(4),
        Spec::Langford {
            n: 7,
            distinct: false,
        },
        Spec::Langford {
            n: 8,
            distinct: true,
        },
        Spec::Pentomino {
            board: "3x20".into(),
            distinct: false,
        },
        Spec::Pentomino {
            board: "3x20".into(),
            distinct: true,
        },
        Spec::ExactCover(crate::problems::exact_cover::SEEDS.into()),
    ];
    specs
        .into_iter()
        .map(|spec| {
            let p = problems::load(&spec).unwrap();
            (
                format!("{spec:?}"),
                p.instance().clone(),
                p.givens().to_vec(),
            )
        })
        .collect()
}

#[test]
#[cfg_attr(
    feature = "sanity",
    ignore = "minutes with sanity() at every node; runs without the feature"
)]
fn bits_walk_dlx1s_tree_on_every_problem_kind() {
    let mut pays = Vec::new();
    for (name, inst, givens) in every_kind() {
        assert!(crate::core::bits::applies(&inst), "{name}");
        pays.push(crate::core::bits::pays(&inst));
        // The leftmost item (`First`) makes trees far larger on Sudokus and pentominoes.
        let first = !name.contains("Pentomino") && !name.contains("Sudoku");
        let heuristics = [Heuristic::Mrv, Heuristic::First];
        for &heuristic in &heuristics[..if first { 2 } else { 1 }] {
            let (want, links) = count_with(&inst, &givens, Order::Given, heuristic, Engine::Links);
            let (got, bits) = count_with(&inst, &givens, Order::Given, heuristic, Engine::Bits);
            assert_eq!(links.engine(), Engine::Links);
            assert_eq!(bits.engine(), Engine::Bits);
            // The same solutions in the same order, and every counter equal, profile included.
            assert_eq!(got, want, "{name} {heuristic:?}");
            assert_eq!(bits.stats(), links.stats(), "{name} {heuristic:?}");
            assert_eq!(bits.links(), links.links(), "{name} {heuristic:?}");
            assert!(bits.stats().solutions > 0, "{name}");
        }
    }
    // Auto takes bit sets where options overlap (pentominoes, queens, Langford) and the links for
    // Sudoku and Latin squares, where a node removes few options among many items.
    assert_eq!(
        pays,
        [true, true, false, false, false, true, true, true, true, false]
    );
}

/// Reads the path at every `every`-th solution only, and says so (`reads_path`): the bit sets then
/// skip filling `choice` at the others. Told of solutions only, it numbers them by its calls.
struct Sometimes {
    every: u64,
    calls: u64,
    found: Vec<(u64, Vec<usize>)>,
}

impl Observer for Sometimes {
    const FINE: bool = false;
    fn reads_path(&self) -> bool {
        (self.calls + 1).is_multiple_of(self.every)
    }
    fn event(&mut self, _: Event, s: &Search) -> ControlFlow<()> {
        self.calls += 1;
        assert_eq!(self.calls, s.stats().solutions);
        if self.calls.is_multiple_of(self.every) {
            self.found.push((self.calls, s.solution()));
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn bits_fill_the_path_only_for_an_observer_that_reads_it_and_it_is_right_when_read() {
    // Solutions whose path the walk did not fill come between those read: the levels filled at
    // an earlier reading that changed since must be filled again (`filled`), not taken as they were.
    for (name, inst, givens) in every_kind() {
        let (all, _) = count_with(&inst, &givens, Order::Given, Heuristic::Mrv, Engine::Bits);
        for every in [1, 2, 3, 7] {
            let mut s = Search::with_order(&inst, Order::Given);
            s.set_engine(Engine::Bits);
            s.preselect(&givens).unwrap();
            let mut obs = Sometimes {
                every,
                calls: 0,
                found: Vec::new(),
            };
            assert_eq!(s.run(&mut obs), Status::Done);
            assert_eq!(s.engine(), Engine::Bits, "{name}");
            let want: Vec<(u64, Vec<usize>)> = (1..=all.len() as u64)
                .filter(|n| n.is_multiple_of(every))
                .map(|n| (n, all[n as usize - 1].clone()))
                .collect();
            assert_eq!(obs.found, want, "{name}, every {every}");
        }
    }
}

#[test]
fn bits_agree_with_links_on_random_instances_in_both_orders() {
    let mut rng = SplitMix::new(4242);
    for case in 0..800 {
        let inst = random_instance(&mut rng);
        let heuristic = if case % 3 == 0 {
            Heuristic::First
        } else {
            Heuristic::Mrv
        };
        for order in [Order::Given, Order::Shuffled(case)] {
            let (want, links) = count_with(&inst, &[], order, heuristic, Engine::Links);
            let (got, bits) = count_with(&inst, &[], order, heuristic, Engine::Bits);
            assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
            assert_eq!(bits.stats(), links.stats(), "case {case}");
        }
    }
}

#[test]
#[cfg_attr(
    feature = "sanity",
    ignore = "minutes with sanity() at every node; runs without the feature"
)]
fn bits_without_the_options_masks_walk_the_same_tree() {
    // Large instances take no `Bits::omask` (each try makes its mask from the items' columns): that
    // way too, the same solutions in the same order and every counter as the links.
    crate::core::bits::NO_OMASK.with(|c| c.set(true));
    for (name, inst, givens) in every_kind() {
        let count = |engine| count_with(&inst, &givens, Order::Given, Heuristic::Mrv, engine);
        let ((want, links), (got, bits)) = (count(Engine::Links), count(Engine::Bits));
        assert_eq!(bits.engine(), Engine::Bits);
        assert_eq!(got, want, "{name}");
        assert_eq!(bits.stats(), links.stats(), "{name}");
        assert_eq!(bits.links(), links.links(), "{name}");
    }
    let mut rng = SplitMix::new(77);
    for case in 0..200 {
        let inst = random_instance(&mut rng);
        let count = |engine| count_with(&inst, &[], Order::Shuffled(case), Heuristic::Mrv, engine);
        let ((want, links), (got, bits)) = (count(Engine::Links), count(Engine::Bits));
        assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
        assert_eq!(bits.stats(), links.stats(), "case {case}");
    }
    // Every option holds the item branched on (`ac` empty: a try passes over no word), and the
    // same with a few options that hold part of the items, in words far from the others'.
    for extra in [0, 1, 3] {
        let names = |r: std::ops::Range<usize>| r.map(|i| format!("i{i}")).collect::<Vec<_>>();
        let mut inst = Instance::new(names(0..6), Vec::<String>::new()).unwrap();
        for i in 0..700 {
            if extra > 0 && i % 300 == 299 {
                inst.add_option(&[0, 1, 2]).unwrap();
                inst.add_option(&[3, 4, 5]).unwrap();
            } else {
                inst.add_option(&[0, 1, 2, 3, 4, 5]).unwrap();
            }
        }
        for _ in 0..extra {
            inst.add_option(&[0, 1]).unwrap();
            inst.add_option(&[2, 3, 4, 5]).unwrap();
        }
        let count = |engine| count_with(&inst, &[], Order::Given, Heuristic::Mrv, engine);
        let ((want, links), (got, bits)) = (count(Engine::Links), count(Engine::Bits));
        assert_eq!(got, want, "extra {extra}");
        assert_eq!(bits.stats(), links.stats(), "extra {extra}");
    }
    crate::core::bits::NO_OMASK.with(|c| c.set(false));
}

#[test]
#[cfg_attr(
    feature = "sanity",
    ignore = "minutes with sanity() at every node; runs without the feature"
)]
fn bits_with_rows_of_bytes_walk_the_same_tree() {
    // Where options overlap much (pentominoes) a pass adds the rows of bytes of the options it
    // hides (`Bits::bmask`); here on every instance where the rows fit: the same solutions in the
    // same order and every counter as the links.
    crate::core::bits::ALL_BMASK.with(|c| c.set(true));
    for (name, inst, givens) in every_kind() {
        let count = |engine| count_with(&inst, &givens, Order::Given, Heuristic::Mrv, engine);
        let ((want, links), (got, bits)) = (count(Engine::Links), count(Engine::Bits));
        assert_eq!(got, want, "{name}");
        assert_eq!(bits.stats(), links.stats(), "{name}");
    }
    let mut rng = SplitMix::new(78);
    for case in 0..300 {
        let inst = uniform_instance(&mut rng, 1 + case % 6, true);
        let count = |engine| {
            count_with(
                &inst,
                &[],
                Order::Shuffled(case as u64),
                Heuristic::Mrv,
                engine,
            )
        };
        let ((want, links), (got, bits)) = (count(Engine::Links), count(Engine::Bits));
        assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
        assert_eq!(bits.stats(), links.stats(), "case {case}");
    }
    // A pass that hides more than 255 options: the byte counters are taken off the lengths before
    // they overflow. 300 options of p0, p1 and one of p2..p11, and every three of p1..p11 (rows of
    // bytes need options of one size): trying one with p1 hides all 300, each one off p0's length.
    // Each option of p0 leaves 9 items of p2..p11, in 280 ways three by three.
    let names: Vec<String> = (0..12).map(|i| format!("p{i}")).collect();
    let mut inst = Instance::new(names, Vec::<String>::new()).unwrap();
    let mut rng = SplitMix::new(9);
    for _ in 0..300 {
        inst.add_option(&[0, 1, 2 + rng.below(10)]).unwrap();
    }
    for i in 1..12 {
        for j in i + 1..12 {
            for k in j + 1..12 {
                inst.add_option(&[i, j, k]).unwrap();
            }
        }
    }
    for order in [Order::Given, Order::Shuffled(3)] {
        let ((want, links), (got, bits)) = (
            count_with(&inst, &[], order, Heuristic::Mrv, Engine::Links),
            count_with(&inst, &[], order, Heuristic::Mrv, Engine::Bits),
        );
        assert_eq!(bits.engine(), Engine::Bits);
        assert_eq!(want.len(), 300 * 280);
        assert_eq!(got, want);
        assert_eq!(bits.stats(), links.stats());
    }
    crate::core::bits::ALL_BMASK.with(|c| c.set(false));
}

/// A random instance whose options all have `k` primary items, and 0 to 2 secondary ones (with
/// `same`, one number of them for all: the options all have one size).
fn uniform_instance(rng: &mut SplitMix, k: usize, same: bool) -> Instance {
    let np = k + rng.below(5);
    let ns = rng.below(3);
    let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let mut x = Instance::new(prim, sec).unwrap();
    for _ in 0..1 + rng.below(40) {
        let mut p: Vec<usize> = (0..np).collect();
        rng.shuffle(&mut p);
        let mut items = p[..k].to_vec();
        if same {
            items.extend(np..np + ns);
        } else {
            items.extend((np..np + ns).filter(|_| rng.below(2) == 0));
        }
        x.add_option(&items).unwrap();
    }
    x
}

#[test]
fn bits_take_options_of_one_size_as_fixed_rows_and_agree_with_links() {
    // Options of 1 to 8 primary items each, all of one size: `hide` reads them as rows of that
    // length and counts the updates of a word by one multiplication; 9, mixed numbers of primary
    // items or mixed sizes: the general loop. Both must give the links' solutions, in order, and
    // every counter.
    let mut rng = SplitMix::new(77);
    for case in 0..300 {
        let k = 1 + case % 9;
        let inst = if case % 10 == 9 {
            random_instance(&mut rng)
        } else {
            uniform_instance(&mut rng, k, case % 3 != 0)
        };
        let sizes: Vec<usize> = (0..inst.n_options())
            .map(|o| inst.option(o).filter(|&i| i < inst.n_primary()).count())
            .collect();
        let size = |o| inst.option(o).count();
        let uniform = sizes
            .first()
            .is_some_and(|&k| (1..=8).contains(&k) && sizes.iter().all(|&n| n == k))
            && (0..inst.n_options()).all(|o| size(o) == size(0));
        let bits = crate::core::bits::Bits::new(&Links::new(&inst, Order::Given));
        assert_eq!(
            bits.row_len(),
            if uniform { sizes[0] } else { 0 },
            "case {case}"
        );
        let heuristic = if case % 4 == 0 {
            Heuristic::First
        } else {
            Heuristic::Mrv
        };
        for order in [Order::Given, Order::Shuffled(case as u64)] {
            let (want, links) = count_with(&inst, &[], order, heuristic, Engine::Links);
            let (got, bits) = count_with(&inst, &[], order, heuristic, Engine::Bits);
            assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
            assert_eq!(bits.stats(), links.stats(), "case {case}");
        }
    }
}

/// Drives two searches alike, one counting on bit sets, one on links: runs of random node
/// budgets, stops at solutions, steps forward and back in between. After every call both stand
/// in the same state: links, counters, level, phase, path.
fn lockstep(inst: &Instance, givens: &[usize], seed: u64, steps: usize) {
    let mut rng = SplitMix::new(seed);
    let mut a = Search::new(inst);
    let mut b = Search::new(inst);
    a.set_engine(Engine::Bits);
    b.set_engine(Engine::Links);
    a.preselect(givens).unwrap();
    b.preselect(givens).unwrap();
    for _ in 0..steps {
        match rng.below(6) {
            0 => {
                a.step();
                b.step();
            }
            1 => {
                a.step_back();
                b.step_back();
            }
            2 => {
                let (mut ra, mut rb) = (
                    Record {
                        found: vec![],
                        stop: true,
                    },
                    Record {
                        found: vec![],
                        stop: true,
                    },
                );
                assert_eq!(a.run(&mut ra), b.run(&mut rb));
                assert_eq!(ra.found, rb.found);
            }
            _ => {
                let cap = a.stats().nodes + 60 + rng.below(300) as u64;
                let limits = Limits {
                    solutions: None,
                    nodes: Some(cap),
                };
                a.set_limits(limits);
                b.set_limits(limits);
                assert_eq!(a.run(&mut Count), b.run(&mut Count));
                a.set_limits(Limits::default());
                b.set_limits(Limits::default());
            }
        }
        // Under Miri the links once at the end (below): walking every node after each move is safe
        // code, and was most of the smoke run's time there.
        if !cfg!(miri) {
            a.links().sanity().unwrap();
            assert_eq!(a.links(), b.links());
        }
        assert_eq!(a.stats(), b.stats());
        assert_eq!((a.level(), a.phase()), (b.level(), b.phase()));
        assert_eq!(a.path(), b.path());
        assert_eq!(a.choices(), b.choices());
        if a.is_done() {
            a.restart();
            b.restart();
            assert_eq!(a.links(), b.links());
        }
    }
    a.links().sanity().unwrap();
    assert_eq!(a.links(), b.links());
    // The rest of the search counts the same too.
    a.run(&mut Count);
    b.run(&mut Count);
    assert_eq!(a.stats(), b.stats());
    assert_eq!(a.links(), b.links());
}

#[test]
#[cfg_attr(
    feature = "sanity",
    ignore = "minutes with sanity() at every node; runs without the feature"
)]
fn bits_resume_and_hand_back_the_links_in_step() {
    for (name, inst, givens) in every_kind() {
        if name.contains("Pentomino") || name.contains("Queens") {
            lockstep(&inst, &givens, name.len() as u64, 120);
        }
    }
    lockstep(&queens(8), &[], 8, 400);
    // A wide, shallow tree: 500 options of the same 6 items, each a solution at depth 1. Every
    // return from the bit sets finds the links' path and theirs parted at the root's item, with
    // another option: the item stays covered and only the options are swapped (`leave_bits`).
    let mut same = Instance::new((0..6).map(|i| format!("i{i}")), Vec::<String>::new()).unwrap();
    for _ in 0..500 {
        same.add_option(&[0, 1, 2, 3, 4, 5]).unwrap();
    }
    lockstep(&same, &[], 5, 200);
    let mut rng = SplitMix::new(99);
    for case in 0..60 {
        let inst = random_instance(&mut rng);
        lockstep(&inst, &[], case, 40);
    }
}

/// Under Miri (`make miri` runs `miri_smoke`): the bit sets' unchecked loops (`hide` in `keep_pass`,
/// with rows of fixed length and of mixed lengths) on small instances, counted whole, with a given, and in lockstep with the
/// links through pauses and steps.
#[test]
fn miri_smoke_bit_sets_on_small_instances() {
    // 5 queens under Miri (the same paths, a third of the nodes of 6).
    let q = queens(if cfg!(miri) { 5 } else { 6 });
    for givens in [&[][..], &[1][..]] {
        let (want, links) = count_with(&q, givens, Order::Given, Heuristic::Mrv, Engine::Links);
        let (got, bits) = count_with(&q, givens, Order::Given, Heuristic::Mrv, Engine::Bits);
        assert_eq!(got, want);
        assert_eq!(bits.stats(), links.stats());
        assert_eq!(bits.links(), links.links());
    }
    // Queens' options all have two primary items (the fixed-row path of `hide`); Knuth's paper
    // example has options of 2 and 3 (the general path).
    let (want, _) = count_with(&seeds(), &[], Order::Given, Heuristic::Mrv, Engine::Links);
    let (got, bits) = count_with(&seeds(), &[], Order::Given, Heuristic::Mrv, Engine::Bits);
    assert_eq!(got, want);
    assert_eq!(bits.engine(), Engine::Bits);
    lockstep(&queens(5), &[], 3, 25);
}

/// An option unhidden while it is in its lists leaves its items' lengths one too long: the links are
/// broken though every pointer is in place. With the `sanity` feature the next event finds it.
#[cfg(feature = "sanity")]
fn broken_search() -> Search {
    let mut s = Search::new(&seeds());
    let x = s.links().option_first(0);
    s.links_mut().unhide::<false>(x);
    assert!(s.links().sanity().unwrap_err().contains("len"));
    s
}

#[cfg(feature = "sanity")]
#[test]
#[should_panic(expected = "sanity: item")]
fn the_sanity_feature_checks_the_links_after_a_step() {
    broken_search().step();
}

#[cfg(feature = "sanity")]
#[test]
#[should_panic(expected = "sanity: item")]
fn the_sanity_feature_checks_the_links_in_the_fast_loop() {
    let mut s = broken_search();
    s.set_engine(Engine::Links);
    s.run(&mut Count);
}

// ---- Colours on bit sets: DLX2's tree, counters and links ----

#[test]
fn bits_walk_dlx2s_tree_with_colours_on_random_instances() {
    // Purifications, marks and their updates (a hidden option's marked nodes are not updates),
    // cleansings, uncoloured secondary items covered: every counter equal, in both orders and under
    // both heuristics, and with an option chosen before the search.
    let mut rng = SplitMix::new(2323);
    let mut purified = 0;
    for case in 0..1500 {
        let inst = random_colored(&mut rng);
        assert!(crate::core::bits::applies(&inst));
        let heuristic = if case % 3 == 0 {
            Heuristic::First
        } else {
            Heuristic::Mrv
        };
        let givens: &[usize] = if case % 5 == 0 && inst.n_options() > 0 {
            &[0]
        } else {
            &[]
        };
        for order in [Order::Given, Order::Shuffled(case)] {
            let (want, links) = count_with(&inst, givens, order, heuristic, Engine::Links);
            let (got, bits) = count_with(&inst, givens, order, heuristic, Engine::Bits);
            assert_eq!(bits.engine(), Engine::Bits);
            assert_eq!(got, want, "case {case}:\n{}", inst.to_knuth());
            assert_eq!(
                bits.stats(),
                links.stats(),
                "case {case}:\n{}",
                inst.to_knuth()
            );
            assert_eq!(bits.links(), links.links(), "case {case}");
            purified += u64::from(links.stats().cleansings > 0);
        }
    }
    // The instances do purify (and so mark) items.
    assert!(purified > 500, "{purified}");
}

#[test]
#[cfg_attr(
    feature = "sanity",
    ignore = "minutes with sanity() at every node; runs without the feature"
)]
fn bits_with_colours_resume_and_hand_back_the_links_in_step() {
    let mut rng = SplitMix::new(606);
    for case in 0..120 {
        let inst = random_colored(&mut rng);
        lockstep(&inst, &[], case, 40);
    }
    lockstep(&xcc(TOY), &[], 1, 60);
    for name in ["3x3/2/1", "3x3/3/2", "4x4/3/5"] {
        let p = crate::problems::edge_matching::EdgeMatching::new(name).unwrap();
        lockstep(crate::problems::Problem::instance(&p), &[], 7, 150);
    }
}

#[test]
fn bits_walk_dlx2s_tree_on_macmahons_triangles() {
    // Knuth's MacMahon hexagon with the first solution's first three placements given: options of
    // two primary items (a position, a piece) and two or three coloured edges, the shape the colour
    // path's commits (`commit_pass`) and signatures' counts (`wsig`) are tuned for. Every counter
    // equal to the links', profile included, and the same solutions in the same order.
    let mac = crate::problems::macmahon::MacMahon::new("hexagon").unwrap();
    let inst = crate::problems::Problem::instance(&mac);
    let givens = mac.part(3);
    assert_eq!(givens.len(), 3);
    let (want, links) = count_with(inst, &givens, Order::Given, Heuristic::Mrv, Engine::Links);
    let (got, bits) = count_with(inst, &givens, Order::Given, Heuristic::Mrv, Engine::Bits);
    assert_eq!(bits.engine(), Engine::Bits);
    assert_eq!(got, want);
    assert_eq!(bits.stats(), links.stats());
    assert_eq!(bits.links(), links.links());
    assert!(bits.stats().solutions > 0 && bits.stats().cleansings > 0);
}

#[test]
fn auto_counts_colours_on_bit_sets_where_options_overlap_heavily() {
    // Measured (benches/xcc.rs): edge matching and MacMahon's hexagon (overlap 5-8) are faster on
    // bit sets, n-queens with coloured diagonals (1.7) on links.
    let colored_queens = |n: usize| {
        let prim: Vec<String> = (0..2 * n).map(|i| format!("p{i}")).collect();
        let sec: Vec<String> = (0..4 * n - 2).map(|d| format!("d{d}")).collect();
        let mut x = Instance::new(prim, sec).unwrap();
        let colors: Vec<u32> = (0..n).map(|i| x.color(&i.to_string()).unwrap()).collect();
        for (i, &rank) in colors.iter().enumerate() {
            for j in 0..n {
                x.add_colored_option(&[
                    (i, 0),
                    (n + j, 0),
                    (2 * n + i + j, rank),
                    (2 * n + 2 * n - 1 + (n - 1 + i - j), rank),
                ])
                .unwrap();
            }
        }
        x
    };
    let queens = colored_queens(8);
    assert!(queens.has_colors() && crate::core::bits::applies(&queens));
    assert_eq!(Search::new(&queens).engine(), Engine::Links);
    let edges = crate::problems::edge_matching::EdgeMatching::new("5x5/3").unwrap();
    let mac = crate::problems::macmahon::MacMahon::new("hexagon").unwrap();
    for inst in [
        crate::problems::Problem::instance(&edges),
        crate::problems::Problem::instance(&mac),
    ] {
        assert_eq!(Search::new(inst).engine(), Engine::Bits);
    }
    let (want, links) = count_with(&queens, &[], Order::Given, Heuristic::Mrv, Engine::Links);
    let (got, bits) = count_with(&queens, &[], Order::Given, Heuristic::Mrv, Engine::Bits);
    assert_eq!((got, bits.stats()), (want, links.stats()));
    assert_eq!(links.stats().solutions, 92);
}

#[test]
fn a_watch_at_zero_stops_the_fast_loops_at_each_look_and_a_watch_above_zero_never() {
    // 8-queens, 92 solutions in about a thousand nodes on both engines: a watch read every 100
    // nodes stops the loop at 100, 200, ... nodes (a node entered, as a node cap does) while it is
    // 0, and the count resumed to the end is the count run at once; at 1 the loop runs through.
    let inst = queens(8);
    for engine in [Engine::Links, Engine::Bits] {
        let mut whole = Search::new(&inst);
        whole.set_engine(engine);
        assert_eq!(whole.run(&mut Count), Status::Done);
        assert!(
            whole.stats().nodes >= 500,
            "{engine:?}: a few stops at least"
        );
        let count = Arc::new(AtomicUsize::new(0));
        let mut s = Search::new(&inst);
        s.set_engine(engine);
        s.set_watch(Some((count.clone(), 100)));
        let mut stops = Vec::new();
        loop {
            match s.run(&mut Count) {
                Status::Limit => {
                    assert_eq!(s.phase(), Phase::Enter, "{engine:?}");
                    stops.push(s.stats().nodes);
                }
                Status::Done => break,
                other => panic!("{engine:?}: {other:?}"),
            }
        }
        let every: Vec<u64> = (1..=stops.len() as u64).map(|k| 100 * k).collect();
        assert_eq!(stops, every, "{engine:?}");
        assert_eq!(stops.len() as u64, whole.stats().nodes / 100, "{engine:?}");
        assert_eq!(s.stats(), whole.stats(), "{engine:?}");
        count.store(1, Ordering::Relaxed);
        let mut s = Search::new(&inst);
        s.set_engine(engine);
        s.set_watch(Some((count.clone(), 100)));
        assert_eq!(s.run(&mut Count), Status::Done, "{engine:?}");
        assert_eq!(s.stats(), whole.stats(), "{engine:?}");
    }
}

/// A fast observer that stops at each solution and may read the path (the bit sets write it).
struct PathStop;

impl Observer for PathStop {
    const FINE: bool = false;
    fn event(&mut self, _: Event, _: &Search) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

#[test]
fn follow_stands_where_the_search_found_each_solution() {
    let mut rng = SplitMix::new(4404);
    let mut cases: Vec<Instance> = (0..150).map(|_| random_instance(&mut rng)).collect();
    cases.extend((0..150).map(|_| random_colored(&mut rng)));
    cases.extend([queens(6), queens(8)]);
    let mut followed = 0;
    for (case, inst) in cases.iter().enumerate() {
        for tree in [Tree::Dlx1, Tree::Lookahead] {
            let fresh = {
                let mut s = Search::new(inst);
                s.set_tree(tree);
                s
            };
            let mut s = fresh.clone();
            // The search finds its solutions on the fast path (bit sets where they pay); each is
            // followed by a fresh search given only its options and counters.
            while s.run(&mut PathStop) == Status::Paused {
                let path: Vec<usize> = s.path().iter().map(|&x| s.links().option_of(x)).collect();
                let mut f = fresh.clone();
                f.follow(&path, s.stats())
                    .unwrap_or_else(|e| panic!("case {case} {tree:?}: {e}"));
                assert_eq!(f.links(), s.links(), "case {case} {tree:?}");
                assert_eq!(f.stats(), s.stats(), "case {case} {tree:?}");
                assert_eq!((f.level(), f.phase()), (s.level(), s.phase()));
                assert_eq!(f.choices(), s.choices(), "case {case} {tree:?}");
                assert_eq!(f.solution(), s.solution(), "case {case} {tree:?}");
                assert_eq!(f.progress(), s.progress(), "case {case} {tree:?}");
                // On from there and back again, event by event, as the search itself would.
                let mut there = s.clone();
                for _ in 0..25 {
                    assert_eq!(f.step(), there.step(), "case {case} {tree:?}");
                }
                for _ in 0..60 {
                    assert_eq!(f.step_back(), there.step_back(), "case {case} {tree:?}");
                    assert_eq!(f.stats(), there.stats(), "case {case} {tree:?}");
                }
                assert_eq!(f.links(), there.links(), "case {case} {tree:?}");
                followed += 1;
            }
        }
    }
    assert!(followed > 400, "{followed}");
}

/// Followed with another search's counters that hold less than DLX1's path counts (propagation's,
/// 0 nodes for a puzzle it settled before any branch), stepping back all the way keeps them at 0
/// or above (the `test` profile's overflow checks panicked, the page read 2^64 - 1), and the links
/// come back to the start exactly.
#[test]
fn follow_with_fewer_counts_steps_back_to_the_start_without_wrapping() {
    let inst = queens(8);
    let fresh = Search::new(&inst);
    let mut s = fresh.clone();
    assert_eq!(s.run(&mut PathStop), Status::Paused);
    let path: Vec<usize> = s.path().iter().map(|&x| s.links().option_of(x)).collect();
    let mut f = fresh.clone();
    let foreign = Stats {
        solutions: 1,
        ..Stats::default()
    };
    f.follow(&path, &foreign).unwrap();
    let mut backs = 0;
    while f.step_back().is_some() {
        backs += 1;
        assert_eq!((f.stats().nodes, f.stats().updates), (0, 0), "back {backs}");
    }
    assert!(backs > 8 && f.at_start(), "{backs}");
    assert_eq!(f.links(), fresh.links());
    assert_eq!(f.stats().solutions, 0);
}

#[test]
fn follow_refuses_a_path_that_is_not_one_and_stays_at_the_start() {
    let inst = queens(6);
    let fresh = Search::new(&inst);
    let mut s = fresh.clone();
    assert_eq!(s.run(&mut PathStop), Status::Paused);
    let path: Vec<usize> = s.path().iter().map(|&x| s.links().option_of(x)).collect();
    // Short of the solution: the last level's item is left with options.
    let mut f = fresh.clone();
    let short = f.follow(&path[..path.len() - 1], s.stats());
    assert_eq!(short, Err(FollowError::NoSolution { level: 5 }));
    assert!(f.at_start());
    assert_eq!(f.links(), fresh.links());
    assert_eq!(f.stats(), fresh.stats());
    // An option not in the list of the item branched on at level 1 (it shares the row of level 0's).
    let mut bad = path.clone();
    bad[1] = path[0] + 1;
    assert_eq!(
        f.follow(&bad, s.stats()),
        Err(FollowError::NotThere {
            level: 1,
            option: path[0] + 1
        })
    );
    assert!(f.at_start());
    assert_eq!(f.links(), fresh.links());
    // A good path after a bad one.
    f.follow(&path, s.stats()).unwrap();
    assert_eq!(f.links(), s.links());
}

#[test]
fn finish_stands_at_the_end_and_steps_back_as_the_search_that_ran_there() {
    let mut rng = SplitMix::new(4405);
    for case in 0..120 {
        let inst = if case % 2 == 0 {
            random_instance(&mut rng)
        } else {
            random_colored(&mut rng)
        };
        let fresh = Search::new(&inst);
        let mut ran = fresh.clone();
        ran.run(&mut Count);
        let mut f = fresh.clone();
        // From anywhere: a few events in first.
        for _ in 0..rng.below(20) {
            f.step();
        }
        f.finish(ran.stats());
        assert!(f.is_done(), "case {case}");
        assert_eq!(f.links(), ran.links(), "case {case}");
        assert_eq!(f.stats(), ran.stats(), "case {case}");
        for _ in 0..40 {
            assert_eq!(f.step_back(), ran.step_back(), "case {case}");
            assert_eq!(f.stats(), ran.stats(), "case {case}");
        }
    }
}

// ---- Stepping with memos (memo_step.rs) ----

/// Steps a search with memos to its end, then all the way back, checking at every event that the
/// links, counters, level, phase and memo counts are those it had there going forward. Returns the
/// count, the final memo counts and the events.
fn memo_there_and_back(inst: &Instance, case: &str) -> (u64, MemoCounts, Vec<Event>) {
    memo_there_and_back_within(inst, case, memo_step::STEP_BUDGET)
}

/// [`memo_there_and_back`] with a memo budget of `budget` bytes.
fn memo_there_and_back_within(
    inst: &Instance,
    case: &str,
    budget: usize,
) -> (u64, MemoCounts, Vec<Event>) {
    let mut s = Search::new(inst);
    s.set_memo(true).unwrap();
    s.set_memo_budget(budget);
    let start = s.clone();
    let mut trace = Vec::new();
    let mut snapshots = Vec::new();
    while let Some(ev) = {
        snapshots.push((
            s.links().clone(),
            s.stats().clone(),
            s.level(),
            s.phase(),
            s.memo_counts(),
        ));
        s.step()
    } {
        assert_eq!(s.links().sanity(), Ok(()), "after {ev:?}, {case}");
        trace.push(ev);
    }
    assert!(s.is_done(), "{case}");
    snapshots.pop();
    let (count, counts) = (s.stats().solutions, s.memo_counts().unwrap());
    let events = trace.clone();
    while let Some(ev) = s.step_back() {
        let want = trace.pop().expect("no more events than were taken");
        assert_eq!(ev, want, "{case}");
        let (links, stats, level, phase, memo) = snapshots.pop().unwrap();
        assert_eq!(s.links(), &links, "undoing {ev:?}, {case}");
        assert_eq!(s.stats(), &stats, "undoing {ev:?}, {case}");
        assert_eq!(
            (s.level(), s.phase()),
            (level, phase),
            "undoing {ev:?}, {case}"
        );
        assert_eq!(s.memo_counts(), memo, "undoing {ev:?}, {case}");
    }
    assert!(trace.is_empty() && s.at_start(), "{case}");
    assert_eq!(s.links(), start.links(), "{case}");
    assert_eq!(s.stats(), start.stats(), "{case}");
    assert_eq!(
        s.memo_counts(),
        Some(MemoCounts {
            memos: 0,
            hits: 0,
            full: false
        }),
        "{case}"
    );
    (count, counts, events)
}

fn plain_count(inst: &Instance) -> u64 {
    let mut s = Search::new(inst);
    s.run(&mut Count);
    s.stats().solutions
}

#[test]
fn stepping_with_memos_counts_as_plain_search_and_steps_back_exactly() {
    let mut rng = SplitMix::new(46);
    let mut cases: Vec<Instance> = (0..200).map(|_| random_instance(&mut rng)).collect();
    cases.extend((0..200).map(|_| random_colored(&mut rng)));
    cases.extend([queens(5), seeds(), xcc(TOY), xcc(DLX2)]);
    let dominoes = |m, n| {
        crate::problems::dominoes::Dominoes::new(m, n)
            .unwrap()
            .instance()
            .clone()
    };
    cases.extend([dominoes(3, 4), dominoes(4, 4), dominoes(2, 6)]);
    let mut hits = 0;
    for inst in &cases {
        let case = inst.to_knuth();
        let (count, counts, events) = memo_there_and_back(inst, &case);
        assert_eq!(count, plain_count(inst), "{case}");
        let memo = crate::core::memo::count(inst, &[], &Default::default()).unwrap();
        assert_eq!(memo.solutions.to_string(), count.to_string(), "{case}");
        let reuses = events
            .iter()
            .filter(|e| matches!(e, Event::Reuse { .. }))
            .count() as u64;
        assert_eq!(counts.hits, reuses, "{case}");
        hits += counts.hits;
        // The run with a fast observer (the page's jumps) counts the same.
        let mut s = Search::new(inst);
        s.set_memo(true).unwrap();
        assert_eq!(s.run(&mut Count), Status::Done);
        assert_eq!(s.stats().solutions, count, "{case}");
    }
    // The test is not vacuous: the random instances reuse subproblems too.
    assert!(hits > 40, "{hits} hits");
}

#[test]
fn stepping_with_memos_keeps_to_its_budget_and_steps_back_to_the_same_events() {
    // Domino tilings of 4x6 (281 of them): with room for all, every branching node is kept; a budget of
    // 20 entries' bytes keeps 20, walks more nodes, counts the same, and steps back
    // (and forward again) through the very same events.
    let d = crate::problems::dominoes::Dominoes::new(4, 6).unwrap();
    let inst = d.instance();
    let (count, all, all_events) = memo_there_and_back(inst, "4x6");
    assert_eq!(count, 281);
    assert!(!all.full && all.memos > 40, "{all:?}");
    let budget = 20 * memo_step::entry_bytes(1);
    let (tight, counts, events) = memo_there_and_back_within(inst, "4x6 within 20", budget);
    assert_eq!(tight, 281);
    assert!(counts.full && counts.memos == 20, "{counts:?}");
    assert!(events.len() > all_events.len(), "{} events", events.len());
    let reuses = events
        .iter()
        .filter(|e| matches!(e, Event::Reuse { .. }))
        .count() as u64;
    assert_eq!(reuses, counts.hits);
    // Forward again from the start after the walk back: the same events, one for one.
    let mut s = Search::new(inst);
    s.set_memo(true).unwrap();
    s.set_memo_budget(budget);
    let mut again = Vec::new();
    while let Some(ev) = s.step() {
        again.push(ev);
    }
    assert_eq!(again, events);
    // Half-way back and forward again: the same events from there.
    let half = events.len() / 2;
    for _ in half..events.len() {
        s.step_back();
    }
    let mut redo = Vec::new();
    while let Some(ev) = s.step() {
        redo.push(ev);
    }
    assert_eq!(redo, events[half..]);
    assert_eq!(s.stats().solutions, 281);
}

/// The DAG by an independent recursion on sets of items (no links): Algorithm X with MRV (fewest
/// options left, leftmost on ties, options in order), a branching node kept once finished, a node
/// whose set of items is kept not searched. Returns (solutions, nodes, memos, hits).
fn dag_by_sets(inst: &Instance) -> (u64, u64, u64, u64) {
    use std::collections::HashMap;
    fn go(
        inst: &Instance,
        left: u64,
        table: &mut HashMap<u64, u64>,
        tally: &mut (u64, u64, u64),
    ) -> u64 {
        tally.0 += 1;
        if left == 0 {
            return 1;
        }
        if let Some(&c) = table.get(&left) {
            tally.2 += 1;
            return c;
        }
        let fits = |k: usize| inst.option(k).all(|i| left & (1 << i) != 0);
        let mut best: Option<(usize, usize)> = None;
        for i in (0..inst.n_items()).filter(|&i| left & (1 << i) != 0) {
            let len = (0..inst.n_options())
                .filter(|&k| fits(k) && inst.option(k).any(|j| j == i))
                .count();
            if best.is_none_or(|(_, l)| len < l) {
                best = Some((i, len));
            }
        }
        let (item, len) = best.expect("an item is left");
        if len == 0 {
            return 0;
        }
        let mut count = 0;
        for k in (0..inst.n_options()).filter(|&k| fits(k) && inst.option(k).any(|j| j == item)) {
            let taken: u64 = inst.option(k).map(|j| 1 << j).sum();
            count += go(inst, left & !taken, table, tally);
        }
        table.insert(left, count);
        tally.1 += 1;
        count
    }
    let mut table = HashMap::new();
    let mut tally = (0, 0, 0);
    let all = (1u64 << inst.n_items()) - 1;
    let count = go(inst, all, &mut table, &mut tally);
    // The root is finished too, but never by a backtrack: the stepping search keeps no entry for it.
    (count, tally.0, tally.1 - 1, tally.2)
}

#[test]
fn domino_4x4_folds_as_the_recursion_on_sets_of_cells_says() {
    for (m, n) in [(4, 4), (3, 4), (2, 5)] {
        let d = crate::problems::dominoes::Dominoes::new(m, n).unwrap();
        let inst = d.instance();
        let mut s = Search::new(inst);
        s.set_memo(true).unwrap();
        assert_eq!(s.run(&mut Count), Status::Done);
        let counts = s.memo_counts().unwrap();
        let got = (
            s.stats().solutions,
            s.stats().nodes,
            counts.memos,
            counts.hits,
        );
        assert_eq!(got, dag_by_sets(inst), "{m}x{n}");
    }
    // And as core::memo (DLX6's count) walks it: the same nodes, its cache hits, its memos but the
    // root's (finished by no backtrack). 6x8: DLX6's own 1,401 nodes.
    for (m, n, nodes) in [(4, 4, 48), (6, 8, 1401)] {
        let d = crate::problems::dominoes::Dominoes::new(m, n).unwrap();
        let settings = crate::core::memo::Settings {
            parts: false,
            ..Default::default()
        };
        let memo = crate::core::memo::count(d.instance(), &[], &settings).unwrap();
        let mut s = Search::new(d.instance());
        s.set_memo(true).unwrap();
        s.run(&mut Count);
        let c = s.memo_counts().unwrap();
        assert_eq!(s.stats().solutions.to_string(), memo.solutions.to_string());
        assert_eq!(s.stats().nodes, nodes, "{m}x{n}");
        assert_eq!(
            (s.stats().nodes, c.hits, c.memos + 1),
            (memo.stats.nodes, memo.stats.cache_hits, memo.stats.memos),
            "{m}x{n}"
        );
    }
    // The figures of the page's test (tests/browser/memo.test.mjs) and the report: 4x4.
    let d = crate::problems::dominoes::Dominoes::new(4, 4).unwrap();
    let (count, nodes, memos, hits) = dag_by_sets(d.instance());
    assert_eq!(count, 36);
    let mut plain = Search::new(d.instance());
    plain.run(&mut Count);
    assert_eq!((nodes, memos, hits), (48, 32, 10));
    assert_eq!(plain.stats().nodes, 133);
}

#[test]
fn stepping_with_memos_refuses_multiplicities() {
    let mut s = Search::new(&mcc(DLX3));
    let e = s.set_memo(true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "counting with memos does not take multiplicities (items with bounds) yet"
    );
    assert_eq!(s.memo_counts(), None);
}

#[test]
fn stepping_with_memos_from_another_searchs_end_steps_back_to_the_start_and_counts_again() {
    let d = crate::problems::dominoes::Dominoes::new(4, 4).unwrap();
    let mut plain = Search::new(d.instance());
    plain.run(&mut Count);
    let mut s = Search::new(d.instance());
    s.set_memo(true).unwrap();
    // Where a worker's count leaves the page's search (Session::solve_follow, a run's end).
    s.finish(plain.stats());
    let mut back = 0;
    while s.step_back().is_some() {
        back += 1;
    }
    assert!(back > 0 && s.at_start());
    assert_eq!((s.stats().nodes, s.stats().solutions), (0, 0));
    assert_eq!(s.run(&mut Count), Status::Done);
    assert_eq!((s.stats().nodes, s.stats().solutions), (48, 36));
}
