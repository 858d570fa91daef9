//! Solving with propagation at every node: an option is given up as soon as the options still open
//! show that no solution can hold it, the way a solver of constraints keeps its domains consistent.
//!
//! Why: a Sudoku variant's lines and cages are chains of steps tied to the cells and to each other by
//! colours (`lk3@4`, the state between two steps of a little killer). Plain DLX sees such a chain
//! only when it branches on one of its items, so the sum a cell choice leaves for the rest of the
//! line bounds nothing until the line's own items are chosen; a little killer with few givens ran
//! past 3 M nodes. Here one rule, applied until nothing changes (to every primary item at the
//! start, then as [`SMALL`] and the support counts say), keeps the instance consistent along such
//! ties:
//!
//! - a primary item with no open option ends the branch; with one, that option is taken;
//! - where every open option of primary item `j` holds item `i`, `i` will be `j`'s: an option that
//!   holds `i` without `j` is given up (for a Sudoku, a digit that can only go in one box within a
//!   row leaves the box's other cells, the "pointing" of `problems/sudoku/pointing.rs`); and where
//!   every open option of `j` gives colour item `c` a colour, `c` will have one of those colours: an
//!   option giving `c` another is given up. Along a chain of steps this keeps, at every node, exactly
//!   the states and digits that some whole walk of the line still allows (the regular constraint's
//!   consistency, reached step by step).
//! - where the instance states a matching of items (a Sudoku's row: its cells and its digits,
//!   [`Instance::add_matching`]), an option on no perfect matching of the open options is given up
//!   ([`matching`], Régin's filtering): a row's naked and hidden pairs, triples and the rest,
//!   which the rule above sees only one at a time. Each matching has its pass once the cheaper
//!   rule is done, when one of its edges went. On ISS's collection, 3 s a puzzle, one at a time:
//!   254 solved against 252 without; "Letter Little Killer" 2.3 s to 0.9 s, "Raw Spaghetti"
//!   solved before any branch (748 nodes without); but a pass costs, and many puzzles ran 15-50%
//!   slower (benches/README.md).
//!
//! The branches are binary: an option of the item with the fewest open options (MRV, as DLX1
//! chooses; or with [`Propagating::set_weighted`], the fewest per contradiction the item met,
//! dom/wdeg), then the same node without that option. On ISS's collection, weighted, "Normal
//! Lunchbox" takes 218 nodes where MRV passed 10 s, "I want to break free" (18 thermometers, no
//! givens) 0.8 s; but "N is for Numbered Rooms", 0.02 s with MRV, passes 4 s. Each solution is found in exactly one branch,
//! so counts are exact; the tree is not DLX1's, and its nodes count the options tried.
//!
//! After the start's round, options are *tried* ([`Propagating::try_options`]): each open option is
//! taken for a moment, and where the rule then meets a contradiction it is given up for good, in
//! rounds until none fails (a failed literal, in SAT's words; `core/prune.rs`, after Knuth's
//! DLX-PRE, tests options by one step of plain DLX, where a try goes as far as the rule goes). The rule alone sees one step ahead along each tie; a try sees where
//! all of them lead together, as a setter does who asks "if r4c5 were 7, what is left?". On ISS's
//! collection "Look-and-Say 3", "Hidden Skyscraper - Full Odd" and "Dutch-pelgänger [easier]" are
//! then solved before any branch (456,977, 173,507 and 693,347 nodes without).
//!
//! Undo is a trail: every option given up and every item covered or coloured is pushed, and a
//! branch is left by popping back to its mark, in the reverse order of the changes (an item's count
//! goes back up as its options return), so that each node is restored exactly.

mod matching;
mod supports;

use super::instance::Instance;
use super::search::{Limits, Stats, Status};
use matching::Matchings;
use supports::{supports, Supports};

/// The items the rule on common items looks at again during the search: those with at most this
/// many open options (at the start, all). The rule's cost is the length of an item's open options;
/// colour ties along chains (a colour item every option of an item holds) are kept by support
/// counts at any size, so this bounds the rest: the "pointing" of plain items, and colour items
/// that all of an item's open options hold only once some are given up. Measured on ISS's
/// collection, 3 s a puzzle, two at a time (one at a time): at most 3, 229 solved; 4, 228 (233);
/// 5, 229; 6, 231 (237); 9, 231 (benches/JOURNAL.md, 2026-12-07). At 6, "Chaos Construction:
/// killer" 5.3 s to 1.5 s, "Hailstone - little killer [easier]" past 12 s to 0.45 s, "Beauty
/// Mark" 3.5 s to 1.8 s, but "Wecoc #1" 4.7 s to 7.6 s. At most 1 (the rule at the start only),
/// "Wecoc #2" took 830,871 nodes, not 21,910.
const SMALL: u32 = 6;

/// The looks the start's round takes at an item of any size. One look left "The Zip that Zips the
/// Zips" 4,063 nodes (0.33 s); looked at as often as it changed, 1,761 (0.11 s), but an item of n
/// options was then looked at up to n times.
const START_LOOKS: u8 = 8;

/// The work the tries at the start may take, in updates (options given up, those of the tries
/// undone included): about 0.15 to 0.3 s; a try under way when it runs out ends first. Each try
/// is a round of the rule; on "Bubble Tornado" 32 rounds of tries took 162 M updates, 2.8 s (61 M
/// and 1.3 s with the skips of [`Propagating::try_options`]), more than they saved. On ISS's collection, 3 s a
/// puzzle, one at a time, 10 M, 20 M and 50 M each gave 250 solved (the sum of the times, each
/// capped at 3 s: 82.9, 83.3 and 85.9 s).
const TRY_BUDGET: u64 = 10_000_000;

/// Takes one of an item's looks left, if any.
fn look(left: &mut u8) -> bool {
    let some = *left > 0;
    *left = left.saturating_sub(1);
    some
}

/// A search for every solution of an instance under givens, with propagation at each node (see the
/// module note). [`Propagating::run_on`] stops at each solution when asked, at the limits, or at the
/// end.
#[derive(Clone)]
pub struct Propagating {
    n_primary: usize,
    /// Option `o`'s entries are `entries[start[o]..start[o + 1]]`: `(item, colour)`, colour 0 for none.
    start: Vec<u32>,
    entries: Vec<(u32, u32)>,
    /// The options holding item `i` are `holders[hstart[i]..hstart[i + 1]]`, with the colour each
    /// gives `i`, in order of colour.
    hstart: Vec<u32>,
    holders: Vec<(u32, u32)>,
    /// Whether option `o` is still open: not given up, not taken.
    open: Vec<bool>,
    /// `count[i]`: the open options holding item `i`.
    count: Vec<u32>,
    /// `covered[i]`: 0 while item `i` is free; for an item without colours 1 once an option taken
    /// holds it; for a colour item, the colour a taken option gave it.
    covered: Vec<u32>,
    trail: Vec<Undo>,
    /// The options taken: the givens, the branches' choices and the options propagation forced.
    taken: Vec<u32>,
    /// Primary items to look at again (their open options changed), and whether each is queued.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Scratch of the rule: a stamp per item and per option, the items' counts within `j`'s options,
    /// and the colours `j`'s options give each colour item.
    stamp: u32,
    item_stamp: Vec<u32>,
    item_seen: Vec<u32>,
    colours: Vec<Vec<u32>>,
    option_stamp: Vec<u32>,
    common: Vec<u32>,
    /// The support counts of colours (see [`Supports`]).
    sup: Supports,
    /// The matchings the instance states that its options keep ([`matching`]).
    matchings: Matchings,
    /// Colours that lost their last support (pairs of [`Supports`]), to give up the options that
    /// give them.
    unsupported: Vec<u32>,
    /// `cleared[p] == epoch`: pair `p` was swept since the last undo, so every option giving its
    /// colour is given up. A pair has a slot for each primary item its colour item is bound to and
    /// may run out of support in several at one node; it is swept once: its options open again
    /// only through an undo, which moves `epoch` on.
    cleared: Vec<u32>,
    epoch: u32,
    /// During the start's round, the looks the rule may still take at each item whatever its
    /// size; empty after it.
    first_look: Vec<u8>,
    /// Whether branching weighs items by the contradictions they met (dom/wdeg), and each item's
    /// weight: 1, plus one each time it was left with no open option.
    weighted: bool,
    weight: Vec<u32>,
    frames: Vec<Frame>,
    /// Tests only: the rule on common items looks at bound colour items as well, to check that
    /// skipping them leaves the same tree.
    #[cfg(test)]
    look_at_bound: bool,
    /// Options the tries at the start gave up, and the updates they may take ([`TRY_BUDGET`];
    /// tests set others).
    failed: u64,
    try_budget: u64,
    /// Tests only: no tries at the start.
    #[cfg(test)]
    no_tries: bool,
    /// Tests only: a digest of the options given up, in order.
    #[cfg(test)]
    closings: u64,
    phase: Phase,
    givens: Vec<usize>,
    limits: Limits,
    stats: Stats,
    /// Knuth's estimate: the share of the tree finished, and the share of the node the search is at.
    done: f64,
    share: f64,
    solution: Vec<usize>,
}

/// One change to undo.
#[derive(Clone, Copy)]
enum Undo {
    /// Option given up (or taken): it opens again, and its items' counts go back up.
    Closed(u32),
    /// Item covered or coloured: free again.
    Covered(u32),
    /// An option taken: it leaves the list of those taken.
    Taken,
}

/// A branch entered: the trail's length before it, and the option it took.
#[derive(Clone)]
struct Frame {
    mark: usize,
    option: u32,
    /// The share of the tree the node stands for, and how many options its item had open.
    share: f64,
    ways: u32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The givens are not taken yet.
    Start,
    /// At a node whose propagation ended without a contradiction.
    Node,
    /// A branch ended (a solution or a contradiction): go back to the last choice.
    Back,
    Done,
}

/// Why an instance cannot be searched here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsupported {
    /// Items with multiplicities (Algorithm M's); their counts are not 0 or 1.
    Multiplicities,
}

impl Propagating {
    /// A search of `inst` under `givens` (taken when the search starts: givens that clash, or that
    /// propagation finds contradictory, give no solution).
    pub fn new(inst: &Instance, givens: &[usize]) -> Result<Propagating, Unsupported> {
        if inst.has_multiplicities() {
            return Err(Unsupported::Multiplicities);
        }
        let n = inst.n_items();
        let m = inst.n_options();
        let mut start = Vec::with_capacity(m + 1);
        let mut entries = Vec::with_capacity(inst.n_nodes());
        let mut count = vec![0u32; n];
        start.push(0);
        for o in 0..m {
            for (i, c) in inst.option_colored(o) {
                entries.push((i as u32, c));
                count[i] += 1;
            }
            start.push(entries.len() as u32);
        }
        let mut hstart = Vec::with_capacity(n + 1);
        hstart.push(0u32);
        for i in 0..n {
            hstart.push(hstart[i] + count[i]);
        }
        let mut fill: Vec<u32> = hstart[..n].to_vec();
        let mut holders = vec![(0u32, 0u32); entries.len()];
        for o in 0..m {
            for &(i, c) in &entries[start[o] as usize..start[o + 1] as usize] {
                holders[fill[i as usize] as usize] = (o as u32, c);
                fill[i as usize] += 1;
            }
        }
        // Each item's holders by colour, so that the options giving an item one colour are a run.
        // They were filled in option order, so an item whose colours do not fall (a primary
        // item's, all 0) is in order already.
        for i in 0..n {
            let own = &mut holders[hstart[i] as usize..hstart[i + 1] as usize];
            if own.windows(2).any(|w| w[1].1 < w[0].1) {
                own.sort_unstable_by_key(|&(o, c)| (c, o));
            }
        }
        let n_primary = inst.n_primary();
        let sup = supports(n_primary, &start, &entries, &hstart, &holders);
        let cleared = vec![0; sup.runs.len()];
        let matchings = Matchings::new(
            inst,
            m,
            |i| &holders[hstart[i as usize] as usize..hstart[i as usize + 1] as usize],
            |o| &entries[start[o as usize] as usize..start[o as usize + 1] as usize],
        );
        Ok(Propagating {
            n_primary,
            start,
            entries,
            hstart,
            holders,
            open: vec![true; m],
            count,
            covered: vec![0; n],
            trail: Vec::new(),
            taken: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; n],
            stamp: 0,
            item_stamp: vec![0; n],
            item_seen: vec![0; n],
            colours: vec![Vec::new(); n],
            option_stamp: vec![0; m],
            common: Vec::new(),
            sup,
            matchings,
            unsupported: Vec::new(),
            cleared,
            epoch: 1,
            first_look: Vec::new(),
            weighted: false,
            weight: vec![1; n],
            frames: Vec::new(),
            #[cfg(test)]
            look_at_bound: false,
            failed: 0,
            try_budget: TRY_BUDGET,
            #[cfg(test)]
            no_tries: false,
            #[cfg(test)]
            closings: 0,
            phase: Phase::Start,
            givens: givens.to_vec(),
            limits: Limits::default(),
            stats: Stats::default(),
            done: 0.0,
            share: 1.0,
            solution: Vec::new(),
        })
    }

    /// Branching on the item with the fewest open options per contradiction it met (Boussemart,
    /// Hemery, Lecoutre and Sais's dom/wdeg, 2004), not the fewest open options (MRV): the search
    /// turns to where the puzzle's knots are. Neither wins everywhere (module note).
    pub fn set_weighted(&mut self, on: bool) {
        self.weighted = on;
    }

    /// Limits on the whole search: `nodes` counts the options tried at branches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Options tried (`nodes`), options given up (`updates`) and solutions so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The options of the solution the search stopped at, givens first.
    pub fn solution(&self) -> Vec<usize> {
        self.solution.clone()
    }

    /// Options the tries at the start found to fail and gave up (the module note).
    pub fn failed_options(&self) -> u64 {
        self.failed
    }

    /// Branches entered on the way to where the search is.
    pub fn level(&self) -> usize {
        self.frames.len()
    }

    /// Whether some branch has been finished (so that `progress` means something).
    pub fn finished_any(&self) -> bool {
        self.done > 0.0
    }

    /// Knuth's estimate of the share of the tree explored: a choice among k open options stands
    /// for 1/k of its node, the node without it for the rest.
    pub fn progress(&self) -> f64 {
        if self.phase == Phase::Done {
            1.0
        } else {
            self.done.min(1.0)
        }
    }

    /// The start, if the search has not made it: the givens taken, the first round of the rule
    /// and the tries ([`Propagating::try_options`]). [`Propagating::run_on`] makes it first; a
    /// caller may make it alone, to copy the search there (the two propagations of
    /// `core/turns.rs` share one start: it is the same whichever way they branch).
    pub fn start(&mut self) {
        if self.phase != Phase::Start {
            return;
        }
        let givens = std::mem::take(&mut self.givens);
        let mut ok = true;
        for &g in &givens {
            if g >= self.open.len() || !self.open[g] {
                ok = false;
                break;
            }
            self.take(g as u32);
        }
        self.givens = givens;
        if ok {
            for i in 0..self.n_primary {
                self.enqueue(i as u32);
            }
            self.matchings.all_due();
        }
        // The first round looks at every item whatever its size (a colour no option of
        // an item bound to it gives has no support slot to run out), a few times
        // ([`START_LOOKS`]), not at each change: an item of n options looked at after
        // each of them was given up was n² work (40,000 options: 3.6 s).
        self.first_look = vec![START_LOOKS; self.n_primary];
        let consistent = ok && self.propagate();
        self.first_look = Vec::new();
        #[cfg(test)]
        let consistent = consistent && (self.no_tries || self.try_options());
        #[cfg(not(test))]
        let consistent = consistent && self.try_options();
        self.phase = if consistent {
            Phase::Node
        } else {
            self.done = 1.0;
            Phase::Done
        };
    }

    /// Whether the start is made ([`Propagating::start`]).
    pub fn started(&self) -> bool {
        self.phase != Phase::Start
    }

    /// A copy of the search as it stands, counting nothing yet: the work so far (a shared start)
    /// is counted once, by this one.
    pub fn copy_uncounted(&self) -> Propagating {
        let mut copy = self.clone();
        copy.stats = Stats::default();
        copy
    }

    /// Runs until a solution (when `stop`), a limit, or the end.
    pub fn run_on(&mut self, stop: bool) -> Status {
        loop {
            match self.phase {
                Phase::Done => return Status::Done,
                Phase::Start => self.start(),
                Phase::Back => {
                    let Some(f) = self.frames.pop() else {
                        self.done = 1.0;
                        self.phase = Phase::Done;
                        continue;
                    };
                    self.undo_to(f.mark);
                    // The node again without the option its branch took.
                    self.share = f.share * f64::from(f.ways - 1) / f64::from(f.ways);
                    self.close(f.option);
                    if self.propagate() {
                        self.phase = Phase::Node;
                    } else {
                        self.done += self.share;
                    }
                }
                Phase::Node => {
                    if self
                        .limits
                        .solutions
                        .is_some_and(|n| n > 0 && self.stats.solutions >= n)
                    {
                        return Status::Limit;
                    }
                    let Some(j) = self.choose() else {
                        // Every primary item is covered: a solution.
                        self.stats.solutions += 1;
                        self.solution = self.taken.iter().map(|&o| o as usize).collect();
                        self.done += self.share;
                        self.phase = Phase::Back;
                        if stop {
                            return Status::Paused;
                        }
                        continue;
                    };
                    if self.limits.nodes.is_some_and(|n| self.stats.nodes >= n) {
                        return Status::Limit;
                    }
                    let o = self.first_open(j);
                    let ways = self.count[j as usize];
                    self.frames.push(Frame {
                        mark: self.trail.len(),
                        option: o,
                        share: self.share,
                        ways,
                    });
                    self.stats.nodes += 1;
                    let level = self.frames.len();
                    if self.stats.profile.len() <= level {
                        self.stats.profile.resize(level + 1, 0);
                    }
                    self.stats.profile[level] += 1;
                    self.share /= f64::from(ways);
                    self.take(o);
                    if !self.propagate() {
                        self.done += self.share;
                        self.phase = Phase::Back;
                    }
                }
            }
        }
    }

    /// The free primary item with the fewest open options (the first of them), or None when every
    /// primary item is covered.
    fn choose(&self) -> Option<u32> {
        if self.weighted {
            // dom/wdeg: open options per contradiction met (each weight starts at 1).
            let mut best: Option<(u32, f64)> = None;
            for i in 0..self.n_primary {
                if self.covered[i] == 0 {
                    let v = f64::from(self.count[i]) / f64::from(self.weight[i]);
                    if best.is_none_or(|(_, c)| v < c) {
                        best = Some((i as u32, v));
                    }
                }
            }
            return best.map(|(i, _)| i);
        }
        let mut best: Option<(u32, u32)> = None;
        for i in 0..self.n_primary {
            if self.covered[i] == 0 && best.is_none_or(|(_, c)| self.count[i] < c) {
                best = Some((i as u32, self.count[i]));
                if self.count[i] <= 1 {
                    break;
                }
            }
        }
        best.map(|(i, _)| i)
    }

    fn holders(&self, i: u32) -> std::ops::Range<usize> {
        self.hstart[i as usize] as usize..self.hstart[i as usize + 1] as usize
    }

    fn option(&self, o: u32) -> std::ops::Range<usize> {
        self.start[o as usize] as usize..self.start[o as usize + 1] as usize
    }

    fn first_open(&self, j: u32) -> u32 {
        self.holders(j)
            .map(|h| self.holders[h].0)
            .find(|&o| self.open[o as usize])
            .expect("an item chosen has an open option")
    }

    fn enqueue(&mut self, i: u32) {
        if (i as usize) < self.n_primary && !self.queued[i as usize] {
            self.queued[i as usize] = true;
            self.queue.push(i);
        }
    }

    /// Gives option `o` up: its items lose it, and the primary ones are looked at again.
    fn close(&mut self, o: u32) {
        debug_assert!(self.open[o as usize]);
        self.open[o as usize] = false;
        self.trail.push(Undo::Closed(o));
        self.stats.updates += 1;
        #[cfg(test)]
        {
            self.closings = self.closings.wrapping_mul(0x100_0000_01b3) ^ u64::from(o);
        }
        for e in self.option(o) {
            let i = self.entries[e].0;
            self.count[i as usize] -= 1;
            self.enqueue(i);
        }
        for k in self.sup.start[o as usize] as usize..self.sup.start[o as usize + 1] as usize {
            let s = self.sup.slots[k] as usize;
            self.sup.count[s] -= 1;
            if self.sup.count[s] == 0 {
                self.unsupported.push(self.sup.pair_of[s]);
            }
        }
        self.matchings.lose(o);
    }

    /// Takes option `o`: each item it holds is covered (the other options holding it given up), or
    /// for a colour item coloured (the options giving it another colour given up). The items
    /// whose options changed are queued for [`Propagating::propagate`], which finds any left with
    /// none.
    fn take(&mut self, o: u32) {
        self.close(o);
        self.taken.push(o);
        self.trail.push(Undo::Taken);
        for e in self.option(o) {
            let (i, c) = self.entries[e];
            let iu = i as usize;
            if c == 0 {
                self.covered[iu] = 1;
            } else if self.covered[iu] == 0 {
                self.covered[iu] = c;
            } else {
                // Already this colour: the options of another were given up then.
                continue;
            }
            self.trail.push(Undo::Covered(i));
            // The walk ends at the last open holder: `count[i]` of them (closing one closes no
            // other option, and no other holder of `i`: an option holds an item once).
            let mut left = self.count[iu];
            for h in self.holders(i) {
                if left == 0 {
                    break;
                }
                let (p, pc) = self.holders[h];
                if self.open[p as usize] {
                    left -= 1;
                    if c == 0 || pc != c {
                        self.close(p);
                    }
                }
            }
        }
    }

    /// Applies the rules (module note) to the queued primary items until none is left. False at a
    /// contradiction: a free primary item with no open option.
    fn propagate(&mut self) -> bool {
        loop {
            while let Some(pair) = self.unsupported.pop() {
                let (i, from, to) = self.sup.runs[pair as usize];
                if self.covered[i as usize] != 0 || self.cleared[pair as usize] == self.epoch {
                    continue;
                }
                for h in from as usize..to as usize {
                    let p = self.holders[h].0;
                    if self.open[p as usize] {
                        self.close(p);
                    }
                }
                self.cleared[pair as usize] = self.epoch;
            }
            let Some(j) = self.queue.pop() else {
                // The cheap rule is done: the matchings' passes, back to it after one gives
                // something up.
                match self.pass_matchings() {
                    Ok(true) => continue,
                    Ok(false) => return true,
                    Err(x) => {
                        self.weight[x as usize] += 1;
                        self.clear_queue();
                        return false;
                    }
                }
            };
            self.queued[j as usize] = false;
            let ju = j as usize;
            if self.covered[ju] != 0 {
                continue;
            }
            match self.count[ju] {
                0 => {
                    self.weight[ju] += 1;
                    self.clear_queue();
                    return false;
                }
                1 => {
                    let o = self.first_open(j);
                    self.take(o);
                }
                c if c <= SMALL || self.first_look.get_mut(ju).is_some_and(look) => {
                    self.common_of(j)
                }
                _ => {}
            }
        }
    }

    /// The tries at the start (module note): each open option of a free primary item is taken, the
    /// rule applied, and the change undone; an option whose rule met a contradiction is given up,
    /// with what the rule then gives up. Rounds until one finds none, or until [`TRY_BUDGET`] is
    /// spent. False when the instance has no solution.
    ///
    /// Which options: with only those of primary items of at most 16 open options tried (a cell's
    /// digits, a small shape's fillings), ISS's collection gave 247 solved within 3 s, one at a
    /// time (243 without tries); at most 32, 248; 64, 249; all, 250 ("Letter Little Killer" 15 s
    /// to 1.3 s, "Sum lines - single line" 8.7 s to 0.14 s: the options of long shapes fail too).
    ///
    /// An option that a try took along with the one tried, where that try met no contradiction,
    /// is not tried itself in the round: the rule after it is a part of the rule after the other
    /// (it only gives up more as options go), so it would meet no contradiction either (where a
    /// failure later in the round gave more up, only nearly: it is tried again in the next round,
    /// which a failure always brings). At worst a skip misses a failure; it never gives up an
    /// option a solution holds. On "Bubble Tornado"
    /// the skips cut the tries' work from 160 M updates to 61 M.
    ///
    /// The weights of dom/wdeg are left as they were: a try's contradiction is not one the search
    /// met, and counting them gave 245 on ISS's collection, not 247 (16 open options at most).
    fn try_options(&mut self) -> bool {
        let weight = self.weight.clone();
        let began = self.stats.updates;
        // `passed[o] == round`: a try that took `o` along met no contradiction in this round.
        let mut passed = vec![0u32; self.open.len()];
        let mut options = Vec::new();
        let mut round = 0;
        let mut consistent = true;
        'rounds: loop {
            round += 1;
            let mut found = false;
            for j in 0..self.n_primary as u32 {
                let ju = j as usize;
                if self.covered[ju] != 0 {
                    continue;
                }
                options.clear();
                options.extend(
                    self.holders(j)
                        .map(|h| self.holders[h].0)
                        .filter(|&o| self.open[o as usize]),
                );
                for &o in &options {
                    if self.stats.updates - began > self.try_budget {
                        break 'rounds;
                    }
                    if !self.open[o as usize] || passed[o as usize] == round {
                        continue;
                    }
                    let (mark, taken) = (self.trail.len(), self.taken.len());
                    self.take(o);
                    let ok = self.propagate();
                    if ok {
                        for &t in &self.taken[taken..] {
                            passed[t as usize] = round;
                        }
                    }
                    self.undo_to(mark);
                    if !ok {
                        self.failed += 1;
                        found = true;
                        self.close(o);
                        if !self.propagate() {
                            consistent = false;
                            break 'rounds;
                        }
                    }
                    if self.covered[ju] != 0 {
                        break;
                    }
                }
            }
            if !found {
                break;
            }
        }
        self.weight = weight;
        debug_assert!(self.queue.is_empty() && self.unsupported.is_empty());
        consistent
    }

    fn clear_queue(&mut self) {
        for &i in &self.queue {
            self.queued[i as usize] = false;
        }
        self.queue.clear();
        self.unsupported.clear();
        self.matchings.none_due();
    }

    /// Passes of the matchings due until one gives options up (`Ok(true)`) or none is left
    /// (`Ok(false)`); `Err(x)` names an item of a side that can be matched no more.
    fn pass_matchings(&mut self) -> Result<bool, u32> {
        let k = match self.matchings.pass(&self.covered, &self.open) {
            Ok(Some(k)) => k,
            Ok(None) => return Ok(false),
            Err(matching::Unmatched(x)) => return Err(x),
        };
        let off = self.matchings.found();
        for &o in &off {
            if self.open[o as usize] {
                self.close(o);
            }
        }
        self.matchings.passed(k, off);
        Ok(true)
    }

    /// The rule on item `j` with two or more open options: the items all of them hold, and the
    /// colours they give colour items all of them hold; then the options that clash with every
    /// option of `j` given up.
    fn common_of(&mut self, j: u32) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.item_stamp.fill(0);
            self.option_stamp.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let ways = self.count[j as usize];
        // A colour item bound to `j` (every option of `j` gives it a colour) needs no look: a colour
        // none of `j`'s open options gives it lost its support slot, and its pair was swept before
        // `j` came off the queue (or skipped while the item was covered, and an undo that uncovers
        // the item gives the slot its support back first); a colour no option of `j` ever gives
        // it, or none, went at `j`'s first look in the start's round, which no undo goes back
        // past. So its walk would give nothing up, and it is a long one: a cell's colour item is
        // held by every shape through the cell. Stamped before the pass, such an item is no
        // candidate, and the pass below can end as soon as no candidate is left.
        #[cfg(test)]
        let skip = self.first_look.is_empty() && !self.look_at_bound;
        #[cfg(not(test))]
        let skip = self.first_look.is_empty();
        if skip {
            let (lo, hi) = (
                self.sup.bound_at[j as usize],
                self.sup.bound_at[j as usize + 1],
            );
            for b in lo as usize..hi as usize {
                let i = self.sup.bound[b] as usize;
                self.item_stamp[i] = stamp;
                self.item_seen[i] = 0;
            }
        }
        self.common.clear();
        // `seen`: the options of `j` passed so far; a candidate is an item all of them hold.
        let mut seen = 0;
        let mut left = ways;
        for h in self.holders(j) {
            if left == 0 {
                break;
            }
            let o = self.holders[h].0;
            if !self.open[o as usize] {
                continue;
            }
            left -= 1;
            self.option_stamp[o as usize] = stamp;
            let mut kept = 0;
            for e in self.option(o) {
                let (i, c) = self.entries[e];
                let iu = i as usize;
                if i == j || self.covered[iu] != 0 {
                    continue;
                }
                if self.item_stamp[iu] != stamp {
                    if seen > 0 {
                        continue;
                    }
                    self.item_stamp[iu] = stamp;
                    self.item_seen[iu] = 1;
                    self.colours[iu].clear();
                    self.common.push(i);
                } else if self.item_seen[iu] == seen && seen > 0 {
                    self.item_seen[iu] += 1;
                } else {
                    // Missed by an option before, or bound to `j`.
                    continue;
                }
                kept += 1;
                if c != 0 && !self.colours[iu].contains(&c) {
                    self.colours[iu].push(c);
                }
            }
            seen += 1;
            if kept == 0 {
                // No item is held by all of `j`'s options: nothing to give up.
                return;
            }
        }
        let mut k = 0;
        while k < self.common.len() {
            let i = self.common[k];
            k += 1;
            if self.item_seen[i as usize] != ways {
                continue;
            }
            // The walk ends at the last of the `count[i] - ways` open holders outside `j`'s, at
            // once when there is none.
            let mut left = self.count[i as usize] - ways;
            for h in self.holders(i) {
                if left == 0 {
                    break;
                }
                let (p, pc) = self.holders[h];
                if !self.open[p as usize] || self.option_stamp[p as usize] == stamp {
                    continue;
                }
                left -= 1;
                // An option of `i` outside `j`'s: with no colour it clashes with `j`'s (which all
                // hold `i`); with one, it clashes unless one of `j`'s gives `i` the same colour.
                if pc == 0 || !self.colours[i as usize].contains(&pc) {
                    self.close(p);
                }
            }
        }
    }

    /// Back to the trail's length `mark`, undoing the changes in reverse order.
    fn undo_to(&mut self, mark: usize) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.cleared.fill(0);
            self.epoch = 1;
        }
        while self.trail.len() > mark {
            match self.trail.pop().expect("above the mark") {
                Undo::Closed(o) => {
                    self.open[o as usize] = true;
                    for e in self.option(o) {
                        let i = self.entries[e].0;
                        self.count[i as usize] += 1;
                    }
                    for k in
                        self.sup.start[o as usize] as usize..self.sup.start[o as usize + 1] as usize
                    {
                        self.sup.count[self.sup.slots[k] as usize] += 1;
                    }
                    self.matchings.regain(o);
                }
                Undo::Covered(i) => self.covered[i as usize] = 0,
                Undo::Taken => {
                    self.taken.pop();
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// How many of the matchings `inst` states hold over its options (Sudoku's tests).
    pub(crate) fn matchings_kept(inst: &Instance, givens: &[usize]) -> usize {
        Propagating::new(inst, givens).unwrap().matchings.len()
    }
    use crate::core::probe::tests::{plain, specs};
    use crate::problems::{self, Spec};

    /// Every solution by propagation, MRV's and dom/wdeg's branching each, with and without the
    /// tries at the start (the same set, checked), the search sliced into runs of `limit` nodes.
    fn propagated(inst: &Instance, givens: &[usize], limit: Option<u64>) -> Vec<Vec<usize>> {
        let mrv = propagated_by(inst, givens, limit, false, true);
        assert_eq!(
            propagated_by(inst, givens, limit, true, true),
            mrv,
            "dom/wdeg"
        );
        assert_eq!(
            propagated_by(inst, givens, limit, true, false),
            mrv,
            "dom/wdeg without tries"
        );
        mrv
    }

    fn propagated_by(
        inst: &Instance,
        givens: &[usize],
        limit: Option<u64>,
        weighted: bool,
        tries: bool,
    ) -> Vec<Vec<usize>> {
        let mut p = Propagating::new(inst, givens).unwrap();
        p.set_weighted(weighted);
        p.no_tries = !tries;
        solutions(&mut p, limit)
    }

    /// Every solution `p` finds (each sorted, the list sorted), the search sliced into runs of
    /// `limit` nodes.
    fn solutions(p: &mut Propagating, limit: Option<u64>) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        loop {
            p.set_limits(Limits {
                nodes: limit.map(|l| p.stats().nodes + l),
                solutions: None,
            });
            match p.run_on(true) {
                Status::Paused => {
                    let mut v = p.solution();
                    v.sort();
                    all.push(v);
                }
                Status::Limit => {}
                Status::Done => break,
            }
        }
        assert_eq!(p.stats().solutions as usize, all.len());
        assert_eq!(p.progress(), 1.0);
        all.sort();
        all
    }

    #[test]
    fn every_solution_once_as_dlx_finds_them() {
        let mut specs = specs();
        specs.push(Spec::Queens(8));
        for spec in specs {
            let p = problems::load(&spec).unwrap();
            let (inst, givens) = (p.instance(), p.givens());
            let want = plain(inst, givens);
            assert!(!want.is_empty(), "{spec:?}");
            for limit in [None, Some(1), Some(7)] {
                assert_eq!(propagated(inst, givens, limit), want, "{spec:?} {limit:?}");
            }
        }
    }

    /// A random instance from a seed: primary items, plain secondary items, and secondary items
    /// that some options colour and others hold plainly; some options of secondary items only. On
    /// odd seeds every option of `p0` colours `s0`, which binds `s0` to `p0` (`Supports`).
    fn random(seed: u64) -> Instance {
        let mut rng = crate::core::rng::SplitMix::new(seed);
        let np = 3 + rng.below(4);
        let ns = 1 + rng.below(4);
        let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
        let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
        let mut inst = Instance::new(&prim, &sec).unwrap();
        let colours = [0, inst.color("A").unwrap(), inst.color("B").unwrap()];
        let m = 4 + rng.below(20);
        for _ in 0..m {
            let mut items: Vec<(usize, u32)> = Vec::new();
            for i in 0..np + ns {
                if rng.below(3) == 0 {
                    // Secondary items 0 and 2 coloured A or B, or held plainly; the others plain.
                    let c = if i >= np && (i - np).is_multiple_of(2) {
                        colours[rng.below(3)]
                    } else {
                        0
                    };
                    items.push((i, c));
                }
            }
            if seed % 2 == 1 && items.first().is_some_and(|&(i, _)| i == 0) {
                match items.iter_mut().find(|(i, _)| *i == np) {
                    Some((_, c)) if *c == 0 => *c = colours[1 + rng.below(2)],
                    Some(_) => {}
                    None => items.push((np, colours[1 + rng.below(2)])),
                }
            }
            if !items.is_empty() {
                inst.add_colored_option(&items).unwrap();
            }
        }
        inst
    }

    /// Skipping the colour items bound to an item in the rule on common items after the start's
    /// round walks the same tree, node for node and option given up for option given up, in the
    /// same order (a digest of the options given up, as the dom/wdeg weights depend on it).
    #[test]
    fn bound_colour_items_skipped_leave_the_same_tree() {
        let mut cases: Vec<(Instance, Vec<usize>)> =
            (0..3000).map(|s| (random(s), vec![])).collect();
        for spec in specs() {
            let p = problems::load(&spec).unwrap();
            cases.push((p.instance().clone(), p.givens().to_vec()));
        }
        for (k, (inst, givens)) in cases.iter().enumerate() {
            for weighted in [false, true] {
                let run = |look: bool| {
                    let mut p = Propagating::new(inst, givens).unwrap();
                    p.set_weighted(weighted);
                    p.look_at_bound = look;
                    while p.run_on(true) != Status::Done {}
                    let s = p.stats();
                    (s.nodes, s.updates, s.solutions, p.closings)
                };
                assert_eq!(run(false), run(true), "case {k}, weighted {weighted}");
            }
        }
    }

    #[test]
    fn random_instances_with_colours_give_dlx_solutions() {
        let mut some = 0;
        for seed in 0..3000 {
            let inst = random(seed);
            let want = plain(&inst, &[]);
            some += usize::from(!want.is_empty());
            assert_eq!(
                propagated(&inst, &[], None),
                want,
                "seed {seed}:\n{}",
                inst.to_knuth()
            );
            // Under a given: the first option (it may clash with nothing, or leave no solution).
            if inst.n_options() > 0 {
                assert_eq!(
                    propagated(&inst, &[0], None),
                    plain(&inst, &[0]),
                    "seed {seed}, given 0"
                );
            }
        }
        assert!(some > 300, "only {some} random instances had a solution");
    }

    /// The tries at the start give options up on many random instances, and (with the checks of
    /// `propagated`, with and without them, and cut short by a budget) never one a solution holds;
    /// where the instance has no solution they may settle it before any branch; and they leave the
    /// weights of dom/wdeg as they were.
    #[test]
    fn tried_options_that_fail_hold_in_no_solution() {
        let (mut instances, mut gave_up, mut settled, mut cut) = (0, 0, 0, 0);
        for seed in 0..3000 {
            let inst = random(seed);
            let mut p = Propagating::new(&inst, &[]).unwrap();
            p.set_weighted(true);
            while p.run_on(true) != Status::Done {}
            if p.failed_options() == 0 {
                continue;
            }
            instances += 1;
            gave_up += p.failed_options();
            let want = plain(&inst, &[]);
            assert_eq!(propagated(&inst, &[], None), want, "seed {seed}");
            settled += u64::from(want.is_empty() && p.stats().nodes == 0);
            // The tries' contradictions left no weight behind: the start ends with every item's
            // weight at 1, as it began.
            let mut start = Propagating::new(&inst, &[]).unwrap();
            start.set_weighted(true);
            start.set_limits(Limits {
                nodes: Some(0),
                solutions: None,
            });
            start.run_on(true);
            assert!(start.weight.iter().all(|&w| w == 1), "seed {seed}");
            // Tries cut short by the budget (a try under way ends first): fewer options given up,
            // the same solutions.
            for budget in [1, 40] {
                let mut p = Propagating::new(&inst, &[]).unwrap();
                p.set_weighted(budget == 1);
                p.try_budget = budget;
                assert_eq!(
                    solutions(&mut p, None),
                    want,
                    "seed {seed}, budget {budget}"
                );
                cut += u64::from(p.failed_options() < start.failed_options());
            }
        }
        assert!(
            instances > 500 && gave_up > 2 * instances && settled > 30 && cut > 100,
            "{instances} instances, {gave_up} options given up, {settled} settled, {cut} cut short"
        );
    }

    /// Two cells that hold only 1 and 2 between them (a naked pair): the other two cells lose 1
    /// and 2. Neither the rule on common items nor DLX sees it before a branch; the matching
    /// of the four cells with the four digits does.
    fn pair() -> Instance {
        let mut inst =
            Instance::new(["x0", "x1", "x2", "x3", "y0", "y1", "y2", "y3"], [""; 0]).unwrap();
        for (x, ys) in [(0, 0..2), (1, 0..2), (2, 0..4), (3, 0..4)] {
            for y in ys {
                inst.add_option(&[x, 4 + y]).unwrap();
            }
        }
        inst
    }

    /// The options left open once the start is made, without the tries.
    fn open_after_start(inst: &Instance) -> Vec<usize> {
        let mut p = Propagating::new(inst, &[]).unwrap();
        p.no_tries = true;
        p.start();
        (0..inst.n_options()).filter(|&o| p.open[o]).collect()
    }

    #[test]
    fn a_matching_gives_up_what_no_perfect_matching_holds() {
        let plain_pair = pair();
        assert_eq!(open_after_start(&plain_pair), (0..12).collect::<Vec<_>>());
        let mut matched = pair();
        matched.add_matching(&[0, 1, 2, 3], &[4, 5, 6, 7]).unwrap();
        // x2 and x3 keep y2 and y3: options 6, 7 and 10, 11.
        assert_eq!(open_after_start(&matched), vec![0, 1, 2, 3, 6, 7, 10, 11]);
        assert_eq!(propagated(&matched, &[], None), plain(&plain_pair, &[]));
        assert_eq!(propagated(&matched, &[], None).len(), 4);
        // A side that no perfect matching covers: three cells with two digits between them, every
        // item with two options or more.
        let names = ["x0", "x1", "x2", "x3", "x4", "y0", "y1", "y2", "y3", "y4"];
        let mut short = Instance::new(names, [""; 0]).unwrap();
        for (x, ys) in [(0, 0..2), (1, 0..2), (2, 0..2), (3, 0..5), (4, 0..5)] {
            for y in ys {
                short.add_option(&[x, 5 + y]).unwrap();
            }
        }
        assert!(plain(&short, &[]).is_empty());
        short
            .add_matching(&[0, 1, 2, 3, 4], &[5, 6, 7, 8, 9])
            .unwrap();
        let mut p = Propagating::new(&short, &[]).unwrap();
        p.no_tries = true;
        assert_eq!(p.run_on(true), Status::Done);
        assert_eq!((p.stats().nodes, p.stats().solutions), (0, 0));
    }

    /// A matching some option breaks (it holds two items of a side) is left unused, and the
    /// search is the plain one.
    #[test]
    fn a_matching_an_option_breaks_is_left_unused() {
        let mut inst = pair();
        inst.add_option(&[2, 3, 6, 7]).unwrap();
        let want = plain(&inst, &[]);
        assert_eq!(want.len(), 6);
        inst.add_matching(&[0, 1, 2, 3], &[4, 5, 6, 7]).unwrap();
        let p = Propagating::new(&inst, &[]).unwrap();
        assert_eq!(p.matchings.len(), 0);
        assert_eq!(open_after_start(&inst).len(), 13);
        assert_eq!(propagated(&inst, &[], None), want);
    }

    /// Random bipartite instances with their matching stated, with items beside the sides (a
    /// primary item some options hold, a colour item, options of those alone, two options joining
    /// the same two items), and now and then an option that breaks the matching: the same solutions as DLX, with and without the
    /// matching, and fewer nodes with it over all.
    #[test]
    fn random_matchings_give_dlx_solutions() {
        let (mut with, mut without, mut some) = (0, 0, 0);
        for seed in 0..2000 {
            let mut rng = crate::core::rng::SplitMix::new(seed);
            let n = 2 + rng.below(5);
            let mut names: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
            names.extend((0..n).map(|i| format!("y{i}")));
            names.push("z".into());
            let mut inst = Instance::new(&names, ["s"]).unwrap();
            let colours = [inst.color("A").unwrap(), inst.color("B").unwrap()];
            let (z, s) = (2 * n, 2 * n + 1);
            for x in 0..n {
                for y in 0..n {
                    if rng.below(10) < 6 {
                        let mut items = vec![(x, 0), (n + y, 0)];
                        if rng.below(4) == 0 {
                            items.push((z, 0));
                        }
                        if rng.below(3) == 0 {
                            items.push((s, colours[rng.below(2)]));
                        }
                        inst.add_colored_option(&items).unwrap();
                        // Now and then a second option joining the same two items.
                        if rng.below(8) == 0 {
                            let twin = [(x, 0), (n + y, 0), (s, colours[1])];
                            inst.add_colored_option(&twin).unwrap();
                        }
                    }
                }
            }
            inst.add_colored_option(&[(z, 0), (s, colours[0])]).unwrap();
            if seed % 17 == 0 {
                inst.add_option(&[0, 1, n, n + 1]).unwrap();
            }
            let want = plain(&inst, &[]);
            some += usize::from(!want.is_empty());
            let nodes = |inst: &Instance| {
                let mut p = Propagating::new(inst, &[]).unwrap();
                p.no_tries = true;
                while p.run_on(true) != Status::Done {}
                p.stats().nodes
            };
            without += nodes(&inst);
            assert_eq!(
                propagated(&inst, &[], None),
                want,
                "seed {seed}, no matching"
            );
            let xs: Vec<usize> = (0..n).collect();
            let ys: Vec<usize> = (n..2 * n).collect();
            inst.add_matching(&xs, &ys).unwrap();
            with += nodes(&inst);
            assert_eq!(propagated(&inst, &[], None), want, "seed {seed}");
            if inst.n_options() > 0 {
                assert_eq!(
                    propagated(&inst, &[0], None),
                    plain(&inst, &[0]),
                    "seed {seed}, given 0"
                );
            }
        }
        assert!(some > 300, "only {some} instances had a solution");
        assert!(
            with < without,
            "{with} nodes with the matchings, {without} without"
        );
    }

    #[test]
    fn clashing_givens_give_no_solution() {
        let p = problems::load(&Spec::Sudoku("11..............".into()));
        // The reader refuses the clash; the engine is asked with two options of one cell.
        let p4 = problems::load(&Spec::Sudoku("................".into())).unwrap();
        let inst = p4.instance();
        assert!(p.is_err());
        assert!(propagated(inst, &[0, 1], None).is_empty());
        assert_eq!(propagated(inst, &[0], None).len(), 288 / 4);
    }
}
