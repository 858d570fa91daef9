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
//! propagation's longer first turns and what a turn cannot cut short (a probe node's pruning,
//! propagation's tries at the start). The two propagations share their start: it is made once,
//! by MRV's, and copied to dom/wdeg's (`Turns::share_start`).
//!
//! [`Turns::propagation`] leaves probes out (they take turns only where propagation cannot run):
//! the two propagations then share the work, and two cores, in halves. Measured on ISS's
//! collection (3 s a puzzle, two at a time, 2 cores), probes ended 1 of the 138 puzzles the three
//! searches solved in turns ("Magic square"-like trees are rare there), and without them 5 more
//! end within 3 s and none fewer; what `dlx solve` and the page's Solve use.
//!
//! [`Turns::with_head`] lets plain search run first, alone, for [`HEAD`] updates: what it ends
//! there (every 9x9 without shapes, most 16x16s) is its own answer with its own counters.
//!
//! The turns are measured in updates (each search's own unit of work: links removed, options given
//! up), checked at multiples of a chunk of nodes, so that where a turn ends does not depend on how
//! a caller slices the search: the same instance gives the same solutions in the same order.
//!
//! With [`Turns::set_parallel`] (native callers: the CLI), consecutive turns of different searches
//! run at once, each on its own thread, and what they found is handed out in the order taking
//! turns one after another would have: the same solutions in the same order, the same counters,
//! the same search ending it; only the wall time is about that of the longest turn of a round,
//! not the sum. The turns after the one that ends the tree are cut short (at their next chunk)
//! and what they found is dropped, as they would not have run. Two things differ, neither in what
//! is handed out: a caller's node limit is looked at between batches (a search sliced by nodes
//! says `Limit` later), and a limit of solutions reached mid-batch leaves the batch's other turns
//! run for nothing (up to eight cycles of turns).

use super::instance::Instance;
use super::probe::{ProbeStats, Probing};
use super::propagate::Propagating;
use super::search::{Limits, Search, SolutionStop, Stats, Status};
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// A turn of probes, in its updates (links removed): about 35 ms.
const PROBE_TURN: u64 = 2_000_000;
/// A turn of propagation, in its updates (options given up): about as long.
const PROPAGATE_TURN: u64 = 100_000;
/// Propagation's first turn, longer (about 0.25 s): most puzzles it wins it ends within that,
/// before probes prune the start, which cannot stop part way.
const PROPAGATE_FIRST: u64 = 1_000_000;
/// Plain search's head start ([`Turns::with_head`]), in updates: about a second of a 16x16's
/// (ISS's "16x16: Sudoku X, very hard" ends in 66 M, 0.6 s; "16x16: Windoku", which it would take
/// past 20 s, propagation ends in 1.3 s).
pub const HEAD: u64 = 100_000_000;
/// Nodes between looks at a turn's updates, for each search.
const PROBE_CHUNK: u64 = 4096;
const PROPAGATE_CHUNK: u64 = 64;

/// Probes and propagation on one instance, taking turns (see the module note).
pub struct Turns {
    probing: Probing,
    /// Whether probes take turns beside propagation ([`Turns::new`]) or not
    /// ([`Turns::propagation`]); they always do where propagation cannot run.
    probes_turn: bool,
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
    /// Turns of a round on threads at once ([`Turns::set_parallel`]).
    parallel: bool,
    /// What turns and chunks are divided by ([`turn_size`]): 1 but in tests.
    shrink: u64,
    /// With turns at once, the number of the next turn to run, in the order of turns taken one
    /// after another.
    next: usize,
    /// With turns at once, the first turn of the batch that ended the tree, and the turn probes
    /// are on: probes' pruning stops early once it is past the end (it would not have run).
    cut: Arc<AtomicUsize>,
    probes_at: Arc<AtomicUsize>,
    /// What the round run at once found and has not been handed out yet, in the order of turns
    /// taken one after another: (search, what).
    queue: VecDeque<(usize, Found)>,
    /// With turns at once, each search's counters as of what has been handed out (a search runs
    /// ahead of them while the queue holds what it found); probes' own figures beside them.
    shown: Vec<Stats>,
    shown_probes: ProbeStats,
    /// Plain search running first, alone, for [`HEAD`] updates ([`Turns::with_head`]); once it has
    /// run them without ending the tree, its counters (`head_stats`) join the turns'.
    head: Option<Search>,
    head_stats: Stats,
}

/// What a search met in its turn, with its counters then.
enum Found {
    /// A solution (perhaps one another search handed out already).
    Solution(Vec<usize>, Stats, Option<ProbeStats>),
    /// The turn's work done.
    TurnEnd(Stats, Option<ProbeStats>),
    /// The end of its tree.
    End(Stats, Option<ProbeStats>),
}

/// What [`Turns`] asks of each search it runs.
trait Turn: Send {
    fn set_limits(&mut self, limits: Limits);
    fn run_on(&mut self, stop: bool) -> Status;
    fn stats(&self) -> &Stats;
    fn solution(&self) -> Vec<usize>;
    /// Probes' own figures (none for propagation).
    fn probes(&self) -> Option<ProbeStats>;
}

/// [`Turn`] for a search whose inherent methods have its names, and probes' figures as given.
macro_rules! turn_by_its_methods {
    ($t:ty, |$s:ident| $probes:expr) => {
        impl Turn for $t {
            fn set_limits(&mut self, limits: Limits) {
                <$t>::set_limits(self, limits)
            }
            fn run_on(&mut self, stop: bool) -> Status {
                <$t>::run_on(self, stop)
            }
            fn stats(&self) -> &Stats {
                <$t>::stats(self)
            }
            fn solution(&self) -> Vec<usize> {
                <$t>::solution(self)
            }
            fn probes(&self) -> Option<ProbeStats> {
                let $s = self;
                $probes
            }
        }
    };
}

turn_by_its_methods!(Probing, |s| Some(s.probe_stats().clone()));
turn_by_its_methods!(Propagating, |_s| None);

/// The chunk of nodes between looks at a turn's work, and the turn's length in updates, of
/// search `w` (0 probes), `had` its first turn or not; both divided by `shrink` (1 but in tests,
/// where small instances must take many turns).
fn turn_size(w: usize, had: bool, shrink: u64) -> (u64, u64) {
    let (chunk, turn) = if w == 0 {
        (PROBE_CHUNK, PROBE_TURN)
    } else if had {
        (PROPAGATE_CHUNK, PROPAGATE_TURN)
    } else {
        (PROPAGATE_CHUNK, PROPAGATE_FIRST)
    };
    ((chunk / shrink).max(1), (turn / shrink).max(1))
}

/// Cycles of turns a batch run at once holds (after the first, propagation's first turns
/// alone): about 0.3 s of each search's turns between two joins, so that a search whose turns run
/// slower than the others' holds them up once a batch, not once a round.
const BATCH_CYCLES: usize = 8;

/// Search `s`'s turns of a batch run at once: `turns` of them, the first numbered `first` among
/// all the turns taken one after another and each `n` after the one before, each run in chunks
/// as [`Turns::run_on`] runs it until its length in updates (`size`, the first turn's for a
/// search that has had none) or the end of the tree. It stops at the next chunk once a turn
/// numbered before its own has ended the tree (`cut`): what it found past there would not have
/// been found. `on` (probes': their interrupt reads it) is told the turn it is on. What it met, with the number of the turn it met
/// it in.
fn batch_of(
    s: &mut dyn Turn,
    (w, shrink): (usize, u64),
    mut had: bool,
    (first, n, turns): (usize, usize, usize),
    (cut, on): (&AtomicUsize, Option<&AtomicUsize>),
) -> Vec<(usize, Found)> {
    let mut found = Vec::new();
    for t in 0..turns {
        let at = first + t * n;
        if let Some(on) = on {
            on.store(at, Ordering::Relaxed);
        }
        let (chunk, turn) = turn_size(w, had, shrink);
        had = true;
        let began = s.stats().updates;
        loop {
            if cut.load(Ordering::Relaxed) < at {
                return found;
            }
            let ran = s.stats().nodes;
            s.set_limits(Limits {
                nodes: Some((ran / chunk + 1) * chunk),
                solutions: None,
            });
            match s.run_on(true) {
                Status::Paused => {
                    let f = Found::Solution(s.solution(), s.stats().clone(), s.probes());
                    found.push((at, f));
                }
                Status::Done => {
                    cut.fetch_min(at, Ordering::Relaxed);
                    found.push((at, Found::End(s.stats().clone(), s.probes())));
                    return found;
                }
                Status::Limit => {
                    if s.stats().updates - began >= turn {
                        found.push((at, Found::TurnEnd(s.stats().clone(), s.probes())));
                        break;
                    }
                }
            }
        }
    }
    found
}

/// The searches' names, by their number in [`Turns`].
const NAMES: [&str; 3] = ["probes", "propagation", "weighted propagation"];

/// [`Turns::ended`] when plain search ended the tree in its head start: no turns were taken.
const BY_HEAD: usize = NAMES.len();

impl Turns {
    /// A search of `inst` under `givens`, probes and the two propagations taking turns; with
    /// multiplicities, which propagation does not take, probes alone.
    pub fn new(inst: &Instance, givens: &[usize]) -> Turns {
        Turns::with(inst, givens, true)
    }

    /// A search of `inst` under `givens`, propagation by MRV and by dom/wdeg taking turns, without
    /// probes: on ISS's collection probes ended 1 puzzle of the 138 the three searches solved in
    /// turns, while their turns took a third of the work (and of the two cores); with
    /// multiplicities, probes alone.
    pub fn propagation(inst: &Instance, givens: &[usize]) -> Turns {
        Turns::with(inst, givens, false)
    }

    fn with(inst: &Instance, givens: &[usize], probes: bool) -> Turns {
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
            probes_turn: probes || propagating.is_empty(),
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
            parallel: false,
            shrink: 1,
            next: 0,
            cut: Arc::new(AtomicUsize::new(usize::MAX)),
            probes_at: Arc::new(AtomicUsize::new(0)),
            queue: VecDeque::new(),
            shown: Vec::new(),
            shown_probes: ProbeStats::default(),
            head: None,
            head_stats: Stats::default(),
        }
    }

    /// `search` (plain DLX on the same instance, its givens chosen) runs first, alone, until it
    /// ends the tree or has made [`HEAD`] updates; only then do the turns begin, from their start,
    /// the solution it handed out (if any) not handed out again. A head start that has found two
    /// solutions goes on alone to the end.
    ///
    /// Why: a Sudoku without shapes is plain DLX's own ground; it settles a 9x9 in microseconds and
    /// most 16x16s within that, and where it does the answer and counters are its own. But on a
    /// few (ISS's "16x16: Windoku", past 20 s) propagation ends in 1.3 s what DLX's tree does not,
    /// so a long plain search hands over.
    pub fn with_head(mut self, search: Search) -> Turns {
        self.head = Some(search);
        self
    }

    /// Runs the turns of a round at once, each search on its own thread (see the module note): the
    /// same solutions, order and counters, in about the time of a round's longest turn. Set it
    /// before the search begins. Where the caller limits nodes, rounds are not cut short by it:
    /// [`Turns::run_on`] says `Limit` between rounds once the limit is passed.
    pub fn set_parallel(&mut self, on: bool) {
        self.parallel = on && !self.propagating.is_empty();
        if self.parallel {
            self.shown = (0..=self.propagating.len())
                .map(|w| self.of(w).clone())
                .collect();
            self.shown_probes = self.probing.probe_stats().clone();
            let (cut, at) = (self.cut.clone(), self.probes_at.clone());
            self.probing.set_interrupt(Some(Arc::new(move || {
                cut.load(Ordering::Relaxed) < at.load(Ordering::Relaxed)
            })));
        }
    }

    /// Turns and chunks divided by `by`, so that a small instance takes many turns (tests).
    #[cfg(test)]
    fn shrink_turns(&mut self, by: u64) {
        self.shrink = by.max(1);
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

    /// Whether probes take turns ([`Turns::new`], or where propagation cannot run).
    pub fn has_probes(&self) -> bool {
        self.probes_turn
    }

    /// Whether the searches have taken turns: always, but where plain search's head start
    /// ([`Turns::with_head`]) is running or ended the tree, when the counts are its own.
    pub fn took_turns(&self) -> bool {
        self.head.is_none()
    }

    /// Whether plain search had a head start ([`Turns::with_head`]).
    pub fn has_head(&self) -> bool {
        self.head.is_some() || self.head_stats.nodes > 0
    }

    /// What probing did (nothing, where probes take no turns).
    pub fn probe_stats(&self) -> &ProbeStats {
        if self.parallel {
            &self.shown_probes
        } else {
            self.probing.probe_stats()
        }
    }

    /// Which search ended the tree: "probes", "propagation" or "weighted propagation" (None
    /// while none has, when probes ran alone, and when plain search's head start ended it).
    pub fn ended_by(&self) -> Option<&'static str> {
        if self.propagating.is_empty() {
            return None;
        }
        self.ended.and_then(|w| NAMES.get(w).copied())
    }

    /// The options of the solution the search stopped at, givens first.
    pub fn solution(&self) -> Vec<usize> {
        if let Some(h) = &self.head {
            return h.solution();
        }
        self.current.clone()
    }

    /// Probes' level (propagation's branches are not DLX1's levels); without probes, the depth of
    /// propagation's branches by MRV.
    pub fn level(&self) -> usize {
        if let Some(h) = &self.head {
            return h.level();
        }
        match self.propagating.first() {
            Some(p) if !self.probes_turn => p.level(),
            _ => self.probing.level(),
        }
    }

    pub fn finished_any(&self) -> bool {
        if let Some(h) = &self.head {
            return h.finished_any();
        }
        self.probing.finished_any() || self.propagating.iter().any(|p| p.finished_any())
    }

    /// The furthest of the searches' estimates.
    pub fn progress(&self) -> f64 {
        if self.ended.is_some() {
            return 1.0;
        }
        if let Some(h) = &self.head {
            return h.progress();
        }
        self.propagating
            .iter()
            .map(|p| p.progress())
            .fold(self.probing.progress(), f64::max)
    }

    fn sync(&mut self) {
        if let Some(h) = &self.head {
            // Plain search alone so far: its counters, as it would show them without turns (its
            // profile copied only when it changed: this runs at each solution).
            let s = h.stats();
            self.stats.nodes = s.nodes;
            self.stats.updates = s.updates;
            self.stats.cleansings = s.cleansings;
            if self.stats.profile != s.profile {
                self.stats.profile.clone_from(&s.profile);
            }
            self.stats.solutions = self.count;
            return;
        }
        let a = if self.parallel {
            &self.shown[0]
        } else {
            self.probing.stats()
        };
        let rest: Vec<&Stats> = if self.parallel {
            self.shown[1..].iter().collect()
        } else {
            self.propagating.iter().map(|p| p.stats()).collect()
        };
        let head = (self.head_stats.nodes, self.head_stats.updates);
        let (nodes, updates) = rest
            .iter()
            .fold((a.nodes + head.0, a.updates + head.1), |(n, u), s| {
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

    /// `Done` once a search ended the tree, `Limit` once the solutions asked for are handed out
    /// (the counters brought up to date); `None` while the search goes on.
    fn finished(&mut self) -> Option<Status> {
        let status = if self.ended.is_some() {
            Status::Done
        } else if self
            .limits
            .solutions
            .is_some_and(|n| n > 0 && self.count >= n)
        {
            Status::Limit
        } else {
            return None;
        };
        self.sync();
        Some(status)
    }

    /// Runs until a new solution (when `stop`), a limit, or the end of any search's tree.
    pub fn run_on(&mut self, stop: bool) -> Status {
        if self.head.is_some() {
            if let Some(status) = self.run_head(stop) {
                return status;
            }
        }
        if self.parallel {
            return self.run_rounds(stop);
        }
        loop {
            if let Some(status) = self.finished() {
                return status;
            }
            if !self.had[1] && self.share_start() {
                // MRV's first turn is counted past the start, as with turns at once.
                self.began = self.of(self.turn).updates;
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
            let (chunk, turn) = turn_size(w, self.had[w], self.shrink);
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
                        // Propagation by MRV, then weighted, then probes (if they take turns), and
                        // round again.
                        self.had[w] = true;
                        self.turn = (w + 1) % (self.propagating.len() + 1);
                        if self.turn == 0 && !self.probes_turn {
                            self.turn = 1;
                        }
                        self.began = self.of(self.turn).updates;
                    }
                }
            }
        }
    }
}

impl Turns {
    /// Propagation by dom/wdeg takes the start propagation by MRV made, a copy, rather than
    /// making its own: a start is the same whichever way the search then branches (the givens,
    /// the first round of the rule, the tries, whose weights are put back). Its work is counted
    /// once, by MRV's counters. The tries take up to 10 M updates (`TRY_BUDGET` of
    /// `core/propagate.rs`, about 0.15-0.3 s), once instead of twice: half the time in the page,
    /// whose turns take one core, and half the CPU time on two cores. The start is made before
    /// either search has run, on the caller's thread, and is in neither's first turn: each runs
    /// [`PROPAGATE_FIRST`] updates past it, with turns at once as one after another. Whether it
    /// made the start.
    fn share_start(&mut self) -> bool {
        if let [mrv, weighted] = &mut self.propagating[..] {
            if !mrv.started() && !weighted.started() {
                mrv.start();
                let mut copy = mrv.copy_uncounted();
                copy.set_weighted(true);
                *weighted = copy;
                return true;
            }
        }
        false
    }

    /// Plain search's head start ([`Turns::with_head`]), in chunks of [`PROBE_CHUNK`] nodes so
    /// that where it hands over does not depend on how a caller slices the search. `None` once it
    /// has handed over: the turns go on from there.
    fn run_head(&mut self, stop: bool) -> Option<Status> {
        loop {
            if let Some(status) = self.finished() {
                return Some(status);
            }
            let h = self.head.as_mut()?;
            let ran = h.stats().nodes;
            let overall = self.limits.nodes.map(|n| n.saturating_sub(ran));
            if overall == Some(0) {
                self.sync();
                return Some(Status::Limit);
            }
            // In chunks only while a hand-over may follow (below); past two solutions, on to the
            // caller's limit.
            let chunk = (PROBE_CHUNK / self.shrink).max(1);
            let next = if self.count < 2 {
                (ran / chunk + 1) * chunk
            } else {
                u64::MAX
            };
            h.set_limits(Limits {
                nodes: Some(overall.map_or(next, |o| next.min(ran + o))),
                solutions: None,
            });
            match h.run(&mut SolutionStop { stop: true }) {
                Status::Paused => {
                    // Kept only where a hand-over may follow (below): past two solutions plain
                    // search goes on alone, and memory stays flat with `solve --limit 0`. The
                    // solution itself is read from the search when asked (`solution`).
                    if self.count < 2 {
                        self.handed.insert(key(&h.solution()));
                    }
                    self.count += 1;
                    self.sync();
                    if stop {
                        return Some(Status::Paused);
                    }
                }
                Status::Done => self.ended = Some(BY_HEAD),
                Status::Limit if h.stats().nodes < next => {
                    // The caller's limit, not a chunk's.
                    self.sync();
                    return Some(Status::Limit);
                }
                Status::Limit => {
                    // Two solutions found: no uniqueness left to prove, and propagation would find
                    // them again, each remembered to be handed out once (16 bytes a solution,
                    // without end on a grid of few givens): plain search goes on alone.
                    if self.count < 2 && h.stats().updates >= (HEAD / self.shrink).max(1) {
                        self.head_stats = h.stats().clone();
                        self.head = None;
                        self.sync();
                        return None;
                    }
                }
            }
        }
    }

    /// [`Turns::run_on`] with the turns of a round at once: hands out what the last round found,
    /// in order, and runs the next round when that is done.
    fn run_rounds(&mut self, stop: bool) -> Status {
        loop {
            if let Some(status) = self.finished() {
                return status;
            }
            let Some((w, found)) = self.queue.pop_front() else {
                self.sync();
                if self.limits.nodes.is_some_and(|n| self.stats.nodes >= n) {
                    return Status::Limit;
                }
                self.round();
                continue;
            };
            let (stats, probes) = match &found {
                Found::Solution(_, s, p) | Found::TurnEnd(s, p) | Found::End(s, p) => (s, p),
            };
            self.shown[w] = stats.clone();
            if let Some(p) = probes {
                self.shown_probes = p.clone();
            }
            match found {
                Found::Solution(solution, _, _) => {
                    if self.handed.insert(key(&solution)) {
                        self.count += 1;
                        self.current = solution;
                        self.sync();
                        if stop {
                            return Status::Paused;
                        }
                    }
                }
                Found::TurnEnd(..) => {}
                Found::End(..) => self.ended = Some(w),
            }
        }
    }

    /// Runs the next batch of turns, each search's on its own thread, and queues what they met
    /// in the order of turns taken one after another, up to the turn that ended the tree. Turns
    /// are numbered in that order (propagation by MRV, weighted, probes, and round again: search
    /// `w`'s `t`-th turn is number `t·n + w - 1`, probes' `t·n + n - 1`). The first batch holds
    /// propagation's first turns alone, as taking turns has them first: probes' start cannot stop
    /// part way, and propagation often ends the tree within its first turn.
    fn round(&mut self) {
        self.share_start();
        // Probes' turns are numbered last in a cycle, and only where they take turns.
        let n = self.propagating.len() + usize::from(self.probes_turn);
        let (from, to) = if self.next == 0 {
            (0, n - usize::from(self.probes_turn))
        } else {
            (self.next, self.next + BATCH_CYCLES * n)
        };
        // Search w's number in the cycle, and its first turn numbered from `from` on (probes',
        // w = 0, only asked where they take turns).
        let pos = |w: usize| if w == 0 { n - 1 } else { w - 1 };
        self.cut.store(usize::MAX, Ordering::Relaxed);
        let cut = self.cut.clone();
        let probes_at = self.probes_at.clone();
        let (had, shrink) = (self.had, self.shrink);
        let mut searches: Vec<(usize, &mut dyn Turn)> = Vec::new();
        if self.probes_turn {
            searches.push((0, &mut self.probing as &mut dyn Turn));
        }
        for (i, p) in self.propagating.iter_mut().enumerate() {
            searches.push((i + 1, p as &mut dyn Turn));
        }
        let mut met: Vec<(usize, usize, Found)> = std::thread::scope(|scope| {
            let (cut, probes_at) = (&*cut, &*probes_at);
            let handles: Vec<_> = searches
                .into_iter()
                .filter_map(|(w, s)| {
                    let first = from + (pos(w) + n - from % n) % n;
                    let turns = (to.saturating_sub(first)).div_ceil(n);
                    (turns > 0).then(|| {
                        scope.spawn(move || {
                            let on = (w == 0).then_some(probes_at);
                            let got =
                                batch_of(s, (w, shrink), had[w], (first, n, turns), (cut, on));
                            got.into_iter()
                                .map(|(at, f)| (at, w, f))
                                .collect::<Vec<_>>()
                        })
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a search's turns panicked"))
                .collect()
        });
        // In the order of the turns (a search's own in the order it met them).
        met.sort_by_key(|&(at, _, _)| at);
        let last = cut.load(Ordering::Relaxed);
        self.queue.extend(
            met.into_iter()
                .filter(|&(at, _, _)| at <= last)
                .map(|(_, w, f)| (w, f)),
        );
        for w in usize::from(!self.probes_turn)..=self.propagating.len() {
            self.had[w] |= (from..to).any(|at| at % n == pos(w));
        }
        self.next = to;
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

    /// Each solution handed out, with the counters when it was, the caller slicing the search in
    /// `slice` nodes (or not) and stopping at each solution (or not).
    fn trail(t: &mut Turns, slice: Option<u64>, stop: bool) -> Vec<(Vec<usize>, Stats)> {
        let mut out = Vec::new();
        loop {
            t.set_limits(Limits {
                nodes: slice.map(|s| t.stats().nodes + s),
                solutions: None,
            });
            match t.run_on(stop) {
                Status::Paused => out.push((t.solution(), t.stats().clone())),
                Status::Limit => {}
                Status::Done => return out,
            }
        }
    }

    /// Each solution (its options sorted) in the order handed out.
    fn all(t: &mut Turns, slice: Option<u64>) -> Vec<Vec<usize>> {
        let out: Vec<Vec<usize>> = trail(t, slice, true)
            .into_iter()
            .map(|(mut v, _)| {
                v.sort();
                v
            })
            .collect();
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
            for make in [Turns::new, Turns::propagation] {
                let whole = all(&mut make(inst, givens), None);
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
                        all(&mut make(inst, givens), Some(slice)),
                        whole,
                        "{spec:?} {slice}"
                    );
                }
            }
        }
    }

    /// A head start of plain search that ends the tree is plain search: its solutions in its
    /// order, its counters, no turns said; and so is one that found two solutions before its end
    /// (turns shrunk so that the head start ends within its tree). One that hands over hands each
    /// solution out once, its own first, one after another or at once, however sliced.
    #[test]
    fn a_head_start_is_plain_search_then_hands_over() {
        for spec in [
            Spec::Queens(8),
            Spec::Sudoku("1...............".into()),
            Spec::Sudoku("12..............".into()),
            // The first of the forum's hardest (tests/data/sudoku/forum-hardest-1106.txt).
            Spec::Sudoku(
                "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
                    .into(),
            ),
        ] {
            let p = problems::load(&spec).unwrap();
            let (inst, givens) = (p.instance(), p.givens());
            let plain = || {
                let mut s = crate::core::Search::new(inst);
                s.preselect(givens).unwrap();
                s
            };
            let mut dlx = plain();
            let mut mine = Vec::new();
            while dlx.run(&mut SolutionStop { stop: true }) == Status::Paused {
                let mut v = dlx.solution();
                v.sort();
                mine.push(v);
            }
            let mut t = Turns::propagation(inst, givens).with_head(plain());
            assert_eq!(all(&mut t, None), mine, "{spec:?}");
            assert_eq!(t.stats(), dlx.stats(), "{spec:?}");
            assert!(!t.took_turns() && t.has_head() && t.ended_by().is_none());
            // No record of each solution past the two a hand-over would need (memory flat): 8-queens
            // has 92.
            assert!(t.handed.len() <= 2, "{spec:?}");
            let mut first: Option<Vec<Vec<usize>>> = None;
            for parallel in [false, true] {
                for slice in [None, Some(1), Some(300)] {
                    let mut t = Turns::propagation(inst, givens).with_head(plain());
                    // A head start of half plain search's updates.
                    t.shrink_turns(HEAD / (dlx.stats().updates / 2));
                    t.set_parallel(parallel);
                    let got = all(&mut t, slice);
                    if mine.len() >= 2 {
                        // Two found within half the tree: plain search alone to the end.
                        assert_eq!(got, mine, "{spec:?}");
                        assert_eq!(t.stats(), dlx.stats(), "{spec:?}");
                        assert!(!t.took_turns());
                        continue;
                    }
                    assert!(t.took_turns(), "{spec:?}: the head start ended it");
                    assert!(t.stats().nodes > dlx.stats().nodes / 100);
                    let mut sorted = got.clone();
                    sorted.sort();
                    sorted.dedup();
                    assert_eq!(sorted.len(), got.len(), "{spec:?}: a solution handed twice");
                    let mut want = mine.clone();
                    want.sort();
                    assert_eq!(sorted, want, "{spec:?} {parallel} {slice:?}");
                    // The head's own, in its order, before any the turns found.
                    assert!(got.starts_with(&mine[..1]), "{spec:?}");
                    // The same order, one after another or at once, however sliced.
                    assert_eq!(first.get_or_insert_with(|| got.clone()), &got, "{spec:?}");
                }
            }
        }
    }

    /// Turns at once hand out what turns one after another do: the same solutions in the same
    /// order, each with the same counters when it is handed out, the same final counters, probes'
    /// figures and ender, whether the caller slices the search by nodes or not; stopped at a limit
    /// of solutions at the same point, and again after the limit is raised. With turns a thousand
    /// times shorter, small instances take turns through many batches.
    #[test]
    fn turns_at_once_are_turns_one_after_another() {
        let mut batches = 0;
        for spec in [
            Spec::Queens(8),
            Spec::Sudoku("1...............".into()),
            Spec::Sudoku(".Shape~4x4.Cage~7~R1C1~R1C2~R2C1.Thermo~R4C1~R3C2~R2C3".into()),
            Spec::Pentomino {
                board: "3x20".into(),
                distinct: false,
            },
        ] {
            let p = problems::load(&spec).unwrap();
            let (inst, givens) = (p.instance(), p.givens());
            for (shrink, probes) in [(1, true), (1000, true), (1, false), (1000, false)] {
                let fresh = |parallel: bool| {
                    let mut t = if probes {
                        Turns::new(inst, givens)
                    } else {
                        Turns::propagation(inst, givens)
                    };
                    t.shrink_turns(shrink);
                    t.set_parallel(parallel);
                    t
                };
                let mut one = fresh(false);
                let whole = trail(&mut one, None, true);
                assert!(!whole.is_empty(), "{spec:?}");
                for slice in [None, Some(1), Some(5000)] {
                    let mut many = fresh(true);
                    let got = trail(&mut many, slice, true);
                    assert_eq!(got, whole, "{spec:?} {shrink} {slice:?}");
                    assert_eq!(many.stats(), one.stats(), "{spec:?} {shrink} {slice:?}");
                    assert_eq!(many.probe_stats(), one.probe_stats(), "{spec:?}");
                    assert_eq!(many.ended_by(), one.ended_by(), "{spec:?}");
                    assert_eq!(many.has_probes(), probes, "{spec:?}");
                    batches = batches.max(many.next / (BATCH_CYCLES * if probes { 3 } else { 2 }));
                }
                // Not stopping at each solution: the same end.
                let (mut a, mut b) = (fresh(false), fresh(true));
                trail(&mut a, None, false);
                trail(&mut b, None, false);
                assert_eq!(a.stats(), b.stats(), "{spec:?} {shrink}");
                // Stopped at the second solution, then the limit raised to the fourth, then on to
                // the end: at each point, the same solution and counters.
                let (mut one, mut many) = (fresh(false), fresh(true));
                for limit in [2, 4, 0] {
                    let limits = Limits {
                        nodes: None,
                        solutions: Some(limit),
                    };
                    one.set_limits(limits);
                    many.set_limits(limits);
                    loop {
                        let (x, y) = (one.run_on(true), many.run_on(true));
                        assert_eq!(x, y, "{spec:?} {shrink} {limit}");
                        assert_eq!(one.solution(), many.solution(), "{spec:?} {limit}");
                        assert_eq!(one.stats(), many.stats(), "{spec:?} {shrink} {limit}");
                        if x != Status::Paused {
                            break;
                        }
                    }
                }
            }
        }
        // Some search went on through more than one batch of eight cycles.
        assert!(batches >= 2, "{batches}");
    }
}
