//! Options that no solution can use, found before the search starts (the idea of Knuth's
//! preprocessor DLX-PRE, in its simplest form): an option is *blocked* when choosing it at the start
//! (after the givens) leaves some primary item with no option at all. Such an option can be in no
//! solution, yet the search would try it wherever its items come up, and hide it from every list
//! each time one of its items is covered. Removing one can block others, so the test is repeated
//! until a round removes nothing.
//!
//! The options are not deleted but emptied ([`Instance::with_options_emptied`]): every option keeps
//! its number, so solutions, boards and givens mean the same, and the counts are the same. The search
//! tree is smaller (pentomino 5x12: 1,936 options, 144 blocked in the first round and none after;
//! 2,295,156 DLX1 nodes become 1,804,722).
//!
//! The cost is one cover of each option per round, so callers decide where it pays (the CLI: for
//! pentominoes by default, `--prune` elsewhere). Instances with multiplicities are left as they are:
//! choosing one option does not settle an item there.

use super::instance::Instance;
use super::search::Search;

/// An instance with its blocked options emptied, and how many were.
#[derive(Clone, Debug)]
pub struct Pruned {
    pub instance: Instance,
    /// Options emptied, in all rounds.
    pub removed: usize,
    /// Rounds run (the last one removed nothing, when `complete`).
    pub rounds: usize,
    /// False when the work bound stopped the rounds early: the options emptied so far are blocked
    /// (the counts are the same), but some left may be blocked too.
    pub complete: bool,
    /// The work done: options hidden by the checks' covers, about (what [`WORK`] bounds).
    pub work: u64,
}

/// How far pruning has gone, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    pub round: usize,
    /// Options checked in this round, of `options`.
    pub checked: usize,
    pub options: usize,
    /// Options emptied so far, in all rounds.
    pub removed: usize,
}

/// The work [`blocked`] may do: the options its covers hide, summed over every check of every
/// round (one check covers an option's items, hiding the options on their lists). 2·10^8 hides
/// take a few seconds; a round of pentomino 6x10 is about 2·10^5.
pub const WORK: u64 = 200_000_000;

/// Empties the options of `inst` that are blocked once `givens` are chosen (see the module note).
/// Givens are never emptied; an option that clashes with them is blocked. `None` when the givens
/// clash with each other, or the instance has multiplicities (nothing is pruned then).
pub fn blocked(inst: &Instance, givens: &[usize]) -> Option<Pruned> {
    blocked_within(inst, givens, WORK, &mut |_| true)
}

/// [`blocked`] within `work` hides, telling `progress` how far it is every 64 checks (a check of an
/// option whose items are long chains can take a millisecond: a caller that stops it must hear
/// often); it stops early (as at the work bound) when `progress` answers false.
///
/// Whether an option is blocked is read from the links' count of empty primary items, kept by every
/// hide: it read every item's length after each cover, so a round cost options × items (10^5 items
/// each in an option of its own: 10^10 reads; 2,000 items took 1.15 s, 10^4 and more minutes).
pub fn blocked_within(
    inst: &Instance,
    givens: &[usize],
    work: u64,
    progress: &mut dyn FnMut(Pruning) -> bool,
) -> Option<Pruned> {
    if inst.has_multiplicities() {
        return None;
    }
    let mut cur = inst.clone();
    let mut gone = vec![false; inst.n_options()];
    let is_given = {
        let mut g = vec![false; inst.n_options()];
        for &k in givens {
            if let Some(x) = g.get_mut(k) {
                *x = true;
            }
        }
        g
    };
    let (mut removed, mut rounds, mut spent) = (0, 0, 0u64);
    loop {
        rounds += 1;
        let mut s = Search::new(&cur);
        s.track_zeros();
        s.preselect(givens).ok()?;
        let mut found = 0;
        for k in 0..gone.len() {
            if k % 64 == 0
                && !progress(Pruning {
                    round: rounds,
                    checked: k,
                    options: gone.len(),
                    removed: removed + found,
                })
            {
                spent = u64::MAX;
            }
            if spent > work {
                // Out of work: what is emptied so far stays emptied (each was blocked).
                if found > 0 {
                    cur = inst.with_options_emptied(&gone);
                }
                return Some(Pruned {
                    instance: cur,
                    removed: removed + found,
                    rounds,
                    complete: false,
                    work: spent,
                });
            }
            if gone[k] || is_given[k] || cur.option(k).len() == 0 {
                continue;
            }
            // The options a cover of k's items hides, about: the lengths of its items.
            let l = s.links();
            spent += 1 + cur
                .option(k)
                .map(|i| u64::from(l.len(i as u32 + 1) & !crate::core::links::COVERED))
                .sum::<u64>();
            let blocked = match s.preselect(&[k]) {
                Err(_) => true,
                Ok(()) => {
                    let b = s.links().empty_items() > 0;
                    s.unpreselect_to(givens.len());
                    b
                }
            };
            if blocked {
                gone[k] = true;
                found += 1;
            }
        }
        if found == 0 {
            return Some(Pruned {
                instance: cur,
                removed,
                rounds,
                complete: true,
                work: spent,
            });
        }
        removed += found;
        cur = inst.with_options_emptied(&gone);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Count, Tree};
    use crate::problems::{self, Spec};

    /// Solutions (each sorted, all sorted), nodes; and the fast path agrees with the events'.
    fn count(inst: &Instance, givens: &[usize], tree: Tree) -> (u64, u64, Vec<Vec<usize>>) {
        let mut s = Search::new(inst);
        s.set_tree(tree);
        s.preselect(givens).unwrap();
        let mut all = Vec::new();
        s.run(&mut |ev, s: &Search| {
            if let crate::core::Event::Solution { .. } = ev {
                let mut v = s.solution();
                v.sort();
                all.push(v);
            }
            std::ops::ControlFlow::Continue(())
        });
        all.sort();
        let mut fast = Search::new(inst);
        fast.set_tree(tree);
        fast.preselect(givens).unwrap();
        fast.run(&mut Count);
        assert_eq!(fast.stats(), s.stats());
        (s.stats().solutions, s.stats().nodes, all)
    }

    #[test]
    #[cfg_attr(
        feature = "sanity",
        ignore = "minutes with sanity() at every node; runs without the feature"
    )]
    fn pruning_keeps_every_solution_and_shrinks_the_tree() {
        let specs = [
            (
                Spec::Pentomino {
                    board: "3x20".into(),
                    distinct: false,
                },
                8,
            ),
            (Spec::Queens(6), 4),
            (Spec::Sudoku("1...............".into()), 72),
            (
                Spec::Langford {
                    n: 7,
                    distinct: false,
                },
                52,
            ),
            (Spec::ExactCover(problems::exact_cover::SEEDS.into()), 1),
        ];
        let mut any = 0;
        let mut nodes = Vec::new();
        for (spec, want) in specs {
            let Ok(p) = problems::load(&spec) else {
                continue;
            };
            let pruned = blocked(p.instance(), p.givens()).unwrap();
            assert_eq!(pruned.instance.n_options(), p.instance().n_options());
            any += pruned.removed;
            for tree in [Tree::Dlx1, Tree::Lookahead] {
                let (a, an, af) = count(p.instance(), p.givens(), tree);
                let (b, bn, bf) = count(&pruned.instance, p.givens(), tree);
                assert_eq!((a, b), (want, want), "{spec:?} {tree:?}");
                // The very same solutions, options named by the same numbers (the order they are
                // found in may change: MRV sees other lengths, and so may the number of nodes).
                assert_eq!(af, bf, "{spec:?} {tree:?}");
                nodes.push((format!("{spec:?} {tree:?}"), an, bn));
            }
            // Nothing blocked is left.
            let again = blocked(&pruned.instance, p.givens()).unwrap();
            assert_eq!((again.removed, again.rounds), (0, 1), "{spec:?}");
        }
        assert!(any > 10, "{any}");
        // Pentomino 3x20 under DLX1: 32,978 nodes, and fewer once its blocked options are gone.
        let (_, before, after) = &nodes[0];
        assert_eq!(*before, 32_978);
        assert!(after < before, "{nodes:?}");
    }

    /// The old test, every primary item's length read after each cover: the count of empty items
    /// must give the same options on every instance of the list.
    fn blocked_by_scan(inst: &Instance, givens: &[usize]) -> Vec<usize> {
        let mut s = Search::new(inst);
        s.preselect(givens).unwrap();
        let np = inst.n_primary() as u32;
        (0..inst.n_options())
            .filter(|&k| !givens.contains(&k) && inst.option(k).len() > 0)
            .filter(|&k| match s.preselect(&[k]) {
                Err(_) => true,
                Ok(()) => {
                    let l = s.links();
                    let b = (1..=np).any(|i| l.len(i) == 0 && l.is_active(i));
                    s.unpreselect_to(givens.len());
                    b
                }
            })
            .collect()
    }

    #[test]
    fn the_count_of_empty_items_finds_what_the_scan_found() {
        for spec in [
            Spec::Pentomino {
                board: "5x12".into(),
                distinct: false,
            },
            Spec::Sudoku("1...............".into()),
            Spec::ExactCover(problems::exact_cover::SEEDS.into()),
            Spec::ExactCover("a b c | x\na x:1\nb x:2\nc\na b\nb c x\n".into()),
        ] {
            let p = problems::load(&spec).unwrap();
            let want = blocked_by_scan(p.instance(), p.givens());
            let mut one = p.instance().clone();
            // One round only: a work bound of the first round's checks, no more.
            let r = blocked_within(p.instance(), p.givens(), WORK, &mut |_| true).unwrap();
            assert!(r.complete);
            let first_round: Vec<usize> = (0..one.n_options())
                .filter(|&k| p.instance().option(k).len() > 0 && r.instance.option(k).len() == 0)
                .collect();
            // Every option the scan finds in round one is emptied, and all emptied are blocked
            // by then or later (the scan of the pruned instance finds none left).
            assert!(want.iter().all(|k| first_round.contains(k)), "{spec:?}");
            assert!(
                blocked_by_scan(&r.instance, p.givens()).is_empty(),
                "{spec:?}"
            );
            one = r.instance;
            assert_eq!(one.n_options(), p.instance().n_options());
        }
    }

    #[test]
    fn the_work_bound_stops_early_keeping_the_counts() {
        let p = problems::load(&Spec::Pentomino {
            board: "5x12".into(),
            distinct: false,
        })
        .unwrap();
        let full = blocked(p.instance(), &[]).unwrap();
        assert!(full.complete);
        // Out of work halfway through the first round: some emptied, fewer than all, same count.
        let mut calls = 0;
        let part = blocked_within(p.instance(), &[], 60_000, &mut |_| {
            calls += 1;
            true
        })
        .unwrap();
        assert!(!part.complete);
        assert!(
            part.removed > 0 && part.removed < full.removed,
            "{}",
            part.removed
        );
        assert!(calls >= 1);
        let count = |inst: &Instance| {
            let mut s = Search::new(inst);
            s.run(&mut Count);
            s.stats().solutions
        };
        assert_eq!(count(&part.instance), count(p.instance()));
        // Told to stop by its progress: nothing more is done.
        let stopped = blocked_within(p.instance(), &[], WORK, &mut |_| false).unwrap();
        assert_eq!((stopped.removed, stopped.complete), (0, false));
    }

    #[test]
    fn a_hundred_thousand_items_prune_in_linear_work() {
        // Each item in an option of its own: nothing is blocked; the scan read 10^10 lengths.
        let n = 100_000;
        let mut inst =
            Instance::new((0..n).map(|i| format!("i{i}")), Vec::<String>::new()).unwrap();
        for i in 0..n {
            inst.add_option(&[i]).unwrap();
        }
        let t = std::time::Instant::now();
        let r = blocked(&inst, &[]).unwrap();
        assert_eq!((r.removed, r.rounds, r.complete), (0, 1, true));
        assert!(t.elapsed().as_secs_f64() < 5.0, "{:?}", t.elapsed());
    }

    #[test]
    fn pentomino_5x12_loses_its_144_blocked_placements() {
        let p = problems::load(&Spec::Pentomino {
            board: "5x12".into(),
            distinct: false,
        })
        .unwrap();
        let pruned = blocked(p.instance(), &[]).unwrap();
        assert_eq!((pruned.removed, pruned.rounds), (144, 2));
        // A blocked option is empty, and every option left can be chosen without blocking.
        let k = (0..p.instance().n_options())
            .find(|&k| pruned.instance.option(k).len() == 0)
            .unwrap();
        assert!(p.instance().option(k).len() > 0);
    }
}
