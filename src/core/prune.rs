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
    /// Rounds run (the last one removed nothing).
    pub rounds: usize,
}

/// Empties the options of `inst` that are blocked once `givens` are chosen (see the module note).
/// Givens are never emptied; an option that clashes with them is blocked. `None` when the givens
/// clash with each other, or the instance has multiplicities (nothing is pruned then).
pub fn blocked(inst: &Instance, givens: &[usize]) -> Option<Pruned> {
    if inst.has_multiplicities() {
        return None;
    }
    let mut cur = inst.clone();
    let mut gone = vec![false; inst.n_options()];
    let (mut removed, mut rounds) = (0, 0);
    loop {
        rounds += 1;
        let mut s = Search::new(&cur);
        s.preselect(givens).ok()?;
        let np = cur.n_primary() as u32;
        let mut found = 0;
        for (k, gone_k) in gone.iter_mut().enumerate() {
            if *gone_k || givens.contains(&k) || cur.option(k).len() == 0 {
                continue;
            }
            let blocked = match s.preselect(&[k]) {
                Err(_) => true,
                Ok(()) => {
                    let l = s.links();
                    let b = (1..=np).any(|i| l.len(i) == 0 && l.is_active(i));
                    s.unpreselect_to(givens.len());
                    b
                }
            };
            if blocked {
                *gone_k = true;
                found += 1;
            }
        }
        if found == 0 {
            return Some(Pruned {
                instance: cur,
                removed,
                rounds,
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
