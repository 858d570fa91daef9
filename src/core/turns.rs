//! Two searches of one instance taking turns, probes ([`Probing`]) and propagation
//! ([`Propagating`]): each solution is handed out once, by whichever finds it first, and the first
//! to end its tree ends the search.
//!
//! Why: on ISS's collection neither wins everywhere. Propagation ends a killer or a little killer
//! in hundreds of nodes where probes take millions, but each of its nodes costs 10 to 100 times
//! more, and on puzzles that DLX's own tree settles fast ("Magic square", lunchboxes) probes end
//! first. Taking turns of about equal work costs about twice the faster one, plus propagation's
//! longer first turn and what a turn cannot cut short (a probe node's pruning).
//!
//! The turns are measured in updates (each search's own unit of work: links removed, options given
//! up), checked at multiples of a chunk of nodes, so that where a turn ends does not depend on how
//! a caller slices the search: the same instance gives the same solutions in the same order.

use super::instance::Instance;
use super::probe::{ProbeStats, Probing};
use super::propagate::Propagating;
use super::search::{Limits, Stats, Status};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// A turn of probes, in its updates (links removed): about 35 ms.
const PROBE_TURN: u64 = 2_000_000;
/// A turn of propagation, in its updates (options given up): about as long.
const PROPAGATE_TURN: u64 = 100_000;
/// Propagation's first turn, longer (about 0.25 s): most puzzles it wins it ends within that,
/// before probes prune the start, which cannot stop part way.
const PROPAGATE_FIRST: u64 = 1_000_000;
/// Nodes between looks at a turn's updates, for each search.
const PROBE_CHUNK: u64 = 4096;
const PROPAGATE_CHUNK: u64 = 64;

/// Probes and propagation on one instance, taking turns (see the module note).
pub struct Turns {
    probing: Probing,
    propagating: Option<Propagating>,
    /// Whose turn it is (0 probes, 1 propagation), and that search's updates when it began.
    turn: usize,
    began: u64,
    /// The solutions handed out, each as two hashes of its options sorted (16 bytes, not the
    /// options: `solve --limit 0` of a Sudoku keeps 16 bytes a solution, not 700); empty when
    /// probes run alone. Two solutions that differ share both only with odds of about 2^-128.
    handed: HashSet<u128>,
    /// Solutions handed out.
    count: u64,
    current: Vec<usize>,
    limits: Limits,
    stats: Stats,
    /// Which search ended the tree (0 probes, 1 propagation), once one has.
    ended: Option<usize>,
}

impl Turns {
    /// A search of `inst` under `givens`; with multiplicities, which propagation does not take,
    /// probes alone.
    pub fn new(inst: &Instance, givens: &[usize]) -> Turns {
        // Propagation's turn first, and longer ([`PROPAGATE_FIRST`]): a probe node's pruning
        // cannot stop part way (the start's took 2.9 s on "Entropic connections", which
        // propagation ends in 0.06 s), so probes' turns can run long where propagation would
        // have ended.
        let propagating = Propagating::new(inst, givens).ok();
        Turns {
            probing: Probing::new(inst, givens),
            turn: usize::from(propagating.is_some()),
            propagating,
            began: 0,
            handed: HashSet::new(),
            count: 0,
            current: Vec::new(),
            limits: Limits::default(),
            stats: Stats::default(),
            ended: None,
        }
    }

    /// Limits on the whole search: `nodes` counts both searches' nodes.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Both searches' nodes and updates, added up, and the solutions handed out; the profile of
    /// levels and the cleansings are probes'.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// What probing did.
    pub fn probe_stats(&self) -> &ProbeStats {
        self.probing.probe_stats()
    }

    /// Which search ended the tree: "probes" or "propagation" (None while neither has, and when
    /// probes ran alone).
    pub fn ended_by(&self) -> Option<&'static str> {
        self.propagating.as_ref()?;
        self.ended.map(|w| ["probes", "propagation"][w])
    }

    /// The options of the solution the search stopped at, givens first.
    pub fn solution(&self) -> Vec<usize> {
        self.current.clone()
    }

    /// Probes' level (propagation's branches are not DLX1's levels).
    pub fn level(&self) -> usize {
        self.probing.level()
    }

    pub fn finished_any(&self) -> bool {
        self.probing.finished_any() || self.propagating.as_ref().is_some_and(|p| p.finished_any())
    }

    /// The further of the two searches' estimates.
    pub fn progress(&self) -> f64 {
        if self.ended.is_some() {
            return 1.0;
        }
        let p = self.propagating.as_ref().map_or(0.0, |p| p.progress());
        self.probing.progress().max(p)
    }

    fn sync(&mut self) {
        let (a, b) = (
            self.probing.stats(),
            self.propagating.as_ref().map(|p| p.stats()),
        );
        self.stats.nodes = a.nodes + b.map_or(0, |b| b.nodes);
        self.stats.updates = a.updates + b.map_or(0, |b| b.updates);
        self.stats.cleansings = a.cleansings;
        self.stats.profile = a.profile.clone();
        self.stats.solutions = self.count;
    }

    /// The updates of search `w` so far.
    fn updates(&self, w: usize) -> u64 {
        match w {
            0 => self.probing.stats().updates,
            _ => self.propagating.as_ref().map_or(0, |p| p.stats().updates),
        }
    }

    /// Runs until a new solution (when `stop`), a limit, or the end of either search's tree.
    pub fn run_on(&mut self, stop: bool) -> Status {
        loop {
            if self.ended.is_some() {
                self.sync();
                return Status::Done;
            }
            if self
                .limits
                .solutions
                .is_some_and(|n| n > 0 && self.count >= n)
            {
                self.sync();
                return Status::Limit;
            }
            self.sync();
            let overall = self
                .limits
                .nodes
                .map(|n| n.saturating_sub(self.stats.nodes));
            if overall == Some(0) {
                return Status::Limit;
            }
            let w = if self.propagating.is_some() {
                self.turn
            } else {
                0
            };
            // The search runs to the next multiple of its chunk, or the caller's limit.
            let (chunk, turn) = [(PROBE_CHUNK, PROBE_TURN), (PROPAGATE_CHUNK, PROPAGATE_TURN)][w];
            let ran = match w {
                0 => self.probing.stats().nodes,
                _ => self.propagating.as_ref().map_or(0, |p| p.stats().nodes),
            };
            let next = (ran / chunk + 1) * chunk;
            let nodes = overall.map_or(next, |o| next.min(ran + o));
            let limits = Limits {
                nodes: Some(nodes),
                solutions: None,
            };
            let (status, solution) = match w {
                0 => {
                    self.probing.set_limits(limits);
                    let s = self.probing.run_on(true);
                    (s, self.probing.solution())
                }
                _ => {
                    let p = self.propagating.as_mut().expect("propagation");
                    p.set_limits(limits);
                    let s = p.run_on(true);
                    (s, p.solution())
                }
            };
            match status {
                Status::Paused => {
                    if self.propagating.is_none() || self.handed.insert(key(&solution)) {
                        self.count += 1;
                        self.current = solution;
                        self.sync();
                        if stop {
                            return Status::Paused;
                        }
                    }
                }
                Status::Done => self.ended = Some(w),
                Status::Limit => {
                    let now = match w {
                        0 => self.probing.stats().nodes,
                        _ => self.propagating.as_ref().map_or(0, |p| p.stats().nodes),
                    };
                    if now < next {
                        // The caller's limit, not a chunk's.
                        self.sync();
                        return Status::Limit;
                    }
                    let turn = if w == 1 && self.began == 0 {
                        PROPAGATE_FIRST
                    } else {
                        turn
                    };
                    if self.updates(w) - self.began >= turn && self.propagating.is_some() {
                        self.turn = 1 - w;
                        self.began = self.updates(self.turn);
                    }
                }
            }
        }
    }
}

/// Two hashes of a solution's options sorted: SipHash with fixed keys (`DefaultHasher::new`),
/// of the options and of the options with their count first, as one 128-bit key.
fn key(solution: &[usize]) -> u128 {
    let mut v = solution.to_vec();
    v.sort_unstable();
    let mut a = DefaultHasher::new();
    v.hash(&mut a);
    let mut b = DefaultHasher::new();
    (v.len() as u64 ^ 0x9E37_79B9_7F4A_7C15).hash(&mut b);
    v.hash(&mut b);
    (u128::from(a.finish()) << 64) | u128::from(b.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{self, Spec};

    fn all(t: &mut Turns, slice: Option<u64>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        loop {
            t.set_limits(Limits {
                nodes: slice.map(|s| t.stats().nodes + s),
                solutions: None,
            });
            match t.run_on(true) {
                Status::Paused => {
                    let mut v = t.solution();
                    v.sort();
                    out.push(v);
                }
                Status::Limit => {}
                Status::Done => break,
            }
        }
        assert_eq!(t.stats().solutions as usize, out.len());
        out
    }

    #[test]
    fn each_solution_once_in_the_same_order_however_sliced() {
        for spec in [
            Spec::Queens(8),
            Spec::Sudoku("1...............".into()),
            Spec::Pentomino {
                board: "3x20".into(),
                distinct: false,
            },
        ] {
            let p = problems::load(&spec).unwrap();
            let (inst, givens) = (p.instance(), p.givens());
            let whole = all(&mut Turns::new(inst, givens), None);
            let mut sorted = whole.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                whole.len(),
                "{spec:?}: a solution handed out twice"
            );
            let mut dlx = crate::core::Search::new(inst);
            dlx.preselect(givens).unwrap();
            dlx.run(&mut crate::core::Count);
            assert_eq!(whole.len() as u64, dlx.stats().solutions, "{spec:?}");
            for slice in [1, 100, 5000] {
                assert_eq!(
                    all(&mut Turns::new(inst, givens), Some(slice)),
                    whole,
                    "{spec:?} {slice}"
                );
            }
        }
    }
}
