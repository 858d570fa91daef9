//! Three searches of one instance taking turns, probes ([`Probing`]) and propagation
//! ([`Propagating`]) branching by MRV and by dom/wdeg: each solution is handed out once, by
//! whichever finds it first, and the first to end its tree ends the search.
//!
//! Why: on ISS's collection neither wins everywhere. Propagation ends a killer or a little killer
//! in hundreds of nodes where probes take millions, but each of its nodes costs 10 to 100 times
//! more, and on puzzles that DLX's own tree settles fast ("Magic square", lunchboxes) probes end
//! first; and propagation weighted by the contradictions each item met (dom/wdeg) ends puzzles
//! that MRV does not ("Normal Lunchbox", "I want to break free") and misses some MRV ends at
//! once. Taking turns of about equal work costs about three times the fastest, plus
//! propagation's longer first turns and what a turn cannot cut short (a probe node's pruning).
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
    /// Propagation branching by MRV, then by dom/wdeg (`Propagating::set_weighted`); none with
    /// multiplicities.
    propagating: Vec<Propagating>,
    /// Whose turn it is (0 probes, 1 and 2 propagation), and that search's updates when it began.
    turn: usize,
    began: u64,
    /// Whether each search has had its first turn.
    had: [bool; 3],
    /// The solutions handed out, each as two hashes of its options sorted (16 bytes, not the
    /// options: `solve --limit 0` of a Sudoku keeps 16 bytes a solution, not 700); empty when
    /// probes run alone. Two solutions that differ share both only with odds of about 2^-128.
    handed: HashSet<u128>,
    /// Solutions handed out.
    count: u64,
    current: Vec<usize>,
    limits: Limits,
    stats: Stats,
    /// Which search ended the tree, once one has.
    ended: Option<usize>,
}

/// The searches' names, by their number in [`Turns`].
const NAMES: [&str; 3] = ["probes", "propagation", "weighted propagation"];

impl Turns {
    /// A search of `inst` under `givens`; with multiplicities, which propagation does not take,
    /// probes alone.
    pub fn new(inst: &Instance, givens: &[usize]) -> Turns {
        // Propagation's turns first, and longer ([`PROPAGATE_FIRST`]): a probe node's pruning
        // cannot stop part way (the start's took 2.9 s on "Entropic connections", which
        // propagation ends in 0.06 s), so probes' turns can run long where propagation would
        // have ended.
        let propagating: Vec<Propagating> = (0..2)
            .filter_map(|k| {
                let mut p = Propagating::new(inst, givens).ok()?;
                p.set_weighted(k == 1);
                Some(p)
            })
            .collect();
        Turns {
            probing: Probing::new(inst, givens),
            turn: usize::from(!propagating.is_empty()),
            propagating,
            began: 0,
            had: [false; 3],
            handed: HashSet::new(),
            count: 0,
            current: Vec::new(),
            limits: Limits::default(),
            stats: Stats::default(),
            ended: None,
        }
    }

    /// Limits on the whole search: `nodes` counts all the searches' nodes.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The searches' nodes and updates, added up, and the solutions handed out; the profile of
    /// levels and the cleansings are probes'.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// What probing did.
    pub fn probe_stats(&self) -> &ProbeStats {
        self.probing.probe_stats()
    }

    /// Which search ended the tree: "probes", "propagation" or "weighted propagation" (None
    /// while none has, and when probes ran alone).
    pub fn ended_by(&self) -> Option<&'static str> {
        if self.propagating.is_empty() {
            return None;
        }
        self.ended.map(|w| NAMES[w])
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
        self.probing.finished_any() || self.propagating.iter().any(|p| p.finished_any())
    }

    /// The furthest of the searches' estimates.
    pub fn progress(&self) -> f64 {
        if self.ended.is_some() {
            return 1.0;
        }
        self.propagating
            .iter()
            .map(|p| p.progress())
            .fold(self.probing.progress(), f64::max)
    }

    fn sync(&mut self) {
        let a = self.probing.stats();
        let (nodes, updates) = self
            .propagating
            .iter()
            .map(|p| p.stats())
            .fold((a.nodes, a.updates), |(n, u), s| {
                (n + s.nodes, u + s.updates)
            });
        self.stats.nodes = nodes;
        self.stats.updates = updates;
        self.stats.cleansings = a.cleansings;
        if self.stats.profile != a.profile {
            self.stats.profile = a.profile.clone();
        }
        self.stats.solutions = self.count;
    }

    /// Search `w`'s counters so far.
    fn of(&self, w: usize) -> &Stats {
        match w {
            0 => self.probing.stats(),
            _ => self.propagating[w - 1].stats(),
        }
    }

    /// Runs until a new solution (when `stop`), a limit, or the end of any search's tree.
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
            let w = self.turn;
            // The search runs to the next multiple of its chunk, or the caller's limit.
            let (chunk, turn) = if w == 0 {
                (PROBE_CHUNK, PROBE_TURN)
            } else if self.had[w] {
                (PROPAGATE_CHUNK, PROPAGATE_TURN)
            } else {
                (PROPAGATE_CHUNK, PROPAGATE_FIRST)
            };
            let ran = self.of(w).nodes;
            let next = (ran / chunk + 1) * chunk;
            let nodes = overall.map_or(next, |o| next.min(ran + o));
            let limits = Limits {
                nodes: Some(nodes),
                solutions: None,
            };
            let (status, solution) = if w == 0 {
                self.probing.set_limits(limits);
                let s = self.probing.run_on(true);
                (s, self.probing.solution())
            } else {
                let p = &mut self.propagating[w - 1];
                p.set_limits(limits);
                let s = p.run_on(true);
                (s, p.solution())
            };
            match status {
                Status::Paused => {
                    if self.propagating.is_empty() || self.handed.insert(key(&solution)) {
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
                    if self.of(w).nodes < next {
                        // The caller's limit, not a chunk's.
                        self.sync();
                        return Status::Limit;
                    }
                    if !self.propagating.is_empty() && self.of(w).updates - self.began >= turn {
                        // Propagation by MRV, then weighted, then probes, and round again.
                        self.had[w] = true;
                        self.turn = (w + 1) % (self.propagating.len() + 1);
                        self.began = self.of(self.turn).updates;
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
