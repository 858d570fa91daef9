//! Algorithm X as a resumable state machine (TAOCP 7.2.2.1, steps X1–X8, as in DLX1).
//!
//! The machine is stepped one *event* at a time: choose an item, cover an item's header, hide one option,
//! try an option, find a solution or a dead end, backtrack, unhide, uncover. Its whole state is the
//! current level, the choice `x_l` made at each level, and a [`Phase`] that says where inside X2–X8 it
//! stands, down to the node about to be hidden. Because DLX undoes exactly what it did, every step can
//! also be taken *backwards* ([`Search::step_back`]) from that state alone: no trace is kept, so memory
//! does not grow with the length of the run, and the start is always reachable.
//!
//! [`Search::run`] drives the machine for an [`Observer`], the caller's sink, which can ask to stop after
//! any event. An observer that declares `FINE = false` is only told of solutions; the machine then runs a
//! tight loop that covers whole items at a time, with the same counters and the same states at level
//! boundaries, so counting pays nothing for the event machinery.

use super::bits::Bits;
use super::instance::Instance;
use super::links::{Links, Order, MARKED};
use bits_driver::BitsWalk;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// One thing the search did. Items are header indices (`1..=n`), nodes are node indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// At `level`, branch on `item`, which has `len` options left (X3).
    Choose { level: u32, item: u32, len: u32 },
    /// At `level`, `item` has no option left: this branch fails.
    DeadEnd { level: u32, item: u32 },
    /// Take `item` out of the list of items (first half of cover).
    CoverItem { item: u32 },
    /// Hide the option of `node` from every item but `node`'s own (second half of cover, one option).
    Hide { node: u32 },
    /// At `level`, try the option of `node`, the `k`-th of the `d` options of the item branched on (X5).
    Try {
        level: u32,
        node: u32,
        k: u32,
        d: u32,
    },
    /// Every primary item is covered: the options tried at levels `0..level` are a solution.
    Solution { level: u32 },
    /// Go back up from `level` to `level - 1` (X8).
    Backtrack { level: u32 },
    /// Undo `Hide { node }`.
    Unhide { node: u32 },
    /// Undo `CoverItem { item }`.
    UncoverItem { item: u32 },
    /// Purify the (secondary) item of `node` with `node`'s colour, for the option being tried: hide the
    /// options in its list with another colour, mark those with the same colour (Algorithm C).
    Purify { node: u32 },
    /// Undo `Purify { node }`.
    Unpurify { node: u32 },
    /// The (primary) item of `node`, in the option being tried, may be in more chosen options: its
    /// bound drops by one and it stays active (Algorithm M).
    Lower { node: u32 },
    /// Undo `Lower { node }`.
    Raise { node: u32 },
    /// At `level`, `item` (which may take more options, or has enough already) takes no more: the
    /// null choice of Algorithm M. Its options were all tried at this level and left its list.
    /// It is the last of the `d` ways to go on (`k == d`), counted like a `Try`.
    Close {
        level: u32,
        item: u32,
        k: u32,
        d: u32,
    },
    /// At `level`, every way to go on with `item` was tried: the options tweaked out of its list come
    /// back (Knuth's untweak), and its bound is raised back.
    Untweak { level: u32, item: u32 },
    /// The lookahead tree ([`Tree::Lookahead`]): at `level`, trying the option of `node` has just
    /// left primary `item`, which the option does not cover, with no option; the option is given up
    /// at once (what it covered so far is uncovered next) instead of entering a node that would be
    /// a dead end.
    Reject { level: u32, node: u32, item: u32 },
    /// Stepping with memos ([`Search::set_memo`]): the node entered at `level` leaves the very
    /// subproblem (the same items, and colours) as node number `node` did, whose subtree is
    /// finished: its `count` solutions are added and the node is not searched again (a hit, in
    /// DLX6's words). Next comes the backtrack from it.
    Reuse { level: u32, node: u64, count: u64 },
}

/// What is being covered or uncovered: the item branched on, or the item of node `p` of the option
/// being tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctx {
    Chosen,
    Opt(u32),
}

/// Where the machine stands between two events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// About to enter `level` (X2): solution check, then choice.
    Enter,
    /// At `level`, a solution was just reported; next, backtrack.
    Solved,
    /// At `level`, the chosen item had no options; next, backtrack.
    Stuck,
    /// At `level`, every option of the chosen item was tried and the item is uncovered; next, backtrack.
    Exhausted,
    /// Next: take item `c` out of the item list.
    CoverHeader { c: u32, ctx: Ctx },
    /// Covering item `c`; next: hide the option of node `rr` (or, when `rr == c`, the cover is complete).
    CoverRows { c: u32, rr: u32, ctx: Ctx },
    /// Next: try `choice[level]` (or, when it is the item's header, give up on this item).
    Try,
    /// Back at `level` after a backtrack, with `choice[level]` still covered; next: undo it.
    Retreat,
    /// Uncovering item `c`; next: unhide node `rr` (or, when `rr == c`, put the header back).
    UncoverRows { c: u32, rr: u32, ctx: Ctx },
    /// Next: put item `c` back in the item list.
    UncoverHeader { c: u32, ctx: Ctx },
    /// Next: purify the item of node `p` of the option being tried, with `p`'s colour.
    Purify { p: u32 },
    /// Next: unpurify the item of node `p` of the option being undone.
    Unpurify { p: u32 },
    /// Next: lower the bound of the (primary) item of node `p` of the option being tried.
    Lower { p: u32 },
    /// Next: raise back the bound of the item of node `p` of the option being undone.
    Raise { p: u32 },
    /// At `level`, every way to go on with the item branched on was tried (an item that may take
    /// more options, Algorithm M); next: untweak it.
    Untweak,
    /// The lookahead: committing node `p` of the option being tried emptied `item`; next, say so and
    /// undo the option from there. `rr` is where the cover of `p`'s item stood (the next node to
    /// hide, as in `CoverRows`), 0 when `p` was purified.
    Reject { p: u32, rr: u32, item: u32 },
    /// At `level`, a node met before was reused (`Event::Reuse`): its `count` solutions, found
    /// under node number `node`, are counted; next, backtrack.
    Reused { node: u64, count: u64 },
    /// The search is over.
    Done,
}

/// What an observer is told after each event, and why `run` returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The observer asked to stop; `run` can be called again to go on.
    Paused,
    /// A limit set by [`Search::set_limits`] was reached; raise it and `run` again to go on.
    Limit,
    /// The whole search tree has been explored.
    Done,
}

/// The caller's sink for events. `event` returns `ControlFlow::Break(())` to stop the search after
/// this event; the search can be resumed.
pub trait Observer {
    /// Whether this observer wants every event. When false it is only called with `Event::Solution`,
    /// and the search runs its fast path.
    const FINE: bool = true;
    /// Whether the next `Event::Solution` may read the path (`path`, `solution`). The bit sets'
    /// walk fills `choice` at a solution only for an observer that may: each level changed since
    /// the last solution costs a lookup of its option's node (`Bits::node`), paid at every one of
    /// a count's solutions for nothing when the observer only counts.
    #[inline(always)]
    fn reads_path(&self) -> bool {
        true
    }
    fn event(&mut self, ev: Event, search: &Search) -> ControlFlow<()>;
}

/// Counts, and sees nothing: the fastest way to run.
pub struct Count;

impl Observer for Count {
    const FINE: bool = false;
    #[inline(always)]
    fn reads_path(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _: Event, _: &Search) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Stops at every solution.
pub struct StopAtSolution;

impl Observer for StopAtSolution {
    const FINE: bool = false;
    #[inline(always)]
    fn reads_path(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _: Event, _: &Search) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

/// Stops at every solution while `stop` is set, else counts on at full speed: the CLI's solve and a
/// split's subproblems (which stop for their first solution, then count) share it.
pub struct SolutionStop {
    pub stop: bool,
}

impl Observer for SolutionStop {
    const FINE: bool = false;
    #[inline(always)]
    fn reads_path(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _: Event, _: &Search) -> ControlFlow<()> {
        if self.stop {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// The fast loops' own states, coarser than [`Phase`]: a level entered, an option to try, a level
/// left (solution, dead end or options exhausted), a retreat to the level above.
#[derive(Clone, Copy)]
enum At {
    Enter,
    Try,
    Leave,
    Retreat,
}
/// Any closure over events is a fine-grained observer.
impl<F: FnMut(Event, &Search) -> ControlFlow<()>> Observer for F {
    fn event(&mut self, ev: Event, search: &Search) -> ControlFlow<()> {
        self(ev, search)
    }
}

/// Takes `by` off a counter as a step back undoes what counted it. After [`Search::follow`] the
/// counters are another search's (propagation's, whose tree is not DLX1's: the page's Solve), and
/// DLX1's steps back along its own path can take off more than they hold (a puzzle propagation
/// settled before any branch has 0 nodes; its tree is shallower than DLX1's, so its profile ends
/// sooner): they stop at 0, where they wrapped to 2^64 - 1, which the page cannot read.
#[inline]
pub(super) fn uncount(counter: &mut u64, by: u64) {
    *counter = counter.saturating_sub(by);
}

/// The counters of the search, as DLX1 keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree entered (solutions and dead ends included).
    pub nodes: u64,
    /// Links removed: one per item taken out of the item list, one per node hidden.
    pub updates: u64,
    /// Knuth's cleansings: one per item purified and one per node it marks (0 without colours).
    pub cleansings: u64,
    /// Solutions found.
    pub solutions: u64,
    /// `profile[l]`: search-tree nodes entered at level `l`.
    pub profile: Vec<u64>,
}

impl Stats {
    /// The deepest level entered so far (0 before any).
    pub fn max_depth(&self) -> usize {
        self.profile.iter().rposition(|&n| n > 0).map_or(0, |l| l)
    }
}

/// Limits after which `run` returns [`Status::Limit`]; checked each time a level is entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub solutions: Option<u64>,
    pub nodes: Option<u64>,
}

/// Which search tree is walked. Both find the same solutions; they differ in the nodes entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tree {
    /// Knuth's DLX1: every option tried enters a node, even one whose MRV choice will be an item
    /// with no option left (a dead end). The narration and the tours follow this tree.
    #[default]
    Dlx1,
    /// DLX1 with a lookahead, as Knuth's SSXC does: while an option is being tried, as soon as
    /// hiding some option leaves a primary item the tried option does not cover with no option, the
    /// tried option is rejected (`Event::Reject`) and undone without entering a node. The tree is
    /// DLX1's without those dead ends, and the work of the rest of the option's cover is saved.
    /// Instances with multiplicities (Algorithm M) always walk DLX3's tree.
    Lookahead,
}

impl Tree {
    /// The name the CLI and the page use: `dlx1` or `lookahead`.
    pub fn name(self) -> &'static str {
        match self {
            Tree::Dlx1 => "dlx1",
            Tree::Lookahead => "lookahead",
        }
    }
}

/// What [`Search::run`] counts with when its observer wants only solutions (a fine observer always
/// gets the links' events). Both walk the same tree with the same counters; they differ in speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Bit sets where they apply and pay ([`crate::core::bits::pays`]: options that overlap
    /// heavily, as polyominoes and edge matching do), else links.
    #[default]
    Auto,
    /// Bit sets of options (`core::bits`) wherever they apply: DLX1's tree (DLX2's with colours),
    /// exact cover without multiplicities, up to 32,766 options and 4,096 primary items.
    Bits,
    /// Knuth's dancing links (`core::links`): every instance, every tree.
    Links,
}

impl Engine {
    /// The name the CLI and the page use: `auto`, `bits` or `links`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Bits => "bits",
            Engine::Links => "links",
        }
    }

    /// What this setting counts `inst` with on `tree`: `Engine::Bits` or `Engine::Links` (what
    /// [`Search::engine`] says of a search over `inst`, without making one).
    pub fn resolve(self, inst: &Instance, tree: Tree) -> Engine {
        self.pick(tree, super::bits::applies(inst), super::bits::pays(inst))
    }

    /// The decision, given whether bit sets can walk the instance on DLX1's tree and pay there.
    fn pick(self, tree: Tree, fit: bool, pay: bool) -> Engine {
        let bits = tree == Tree::Dlx1
            && match self {
                Engine::Auto => pay,
                Engine::Bits => fit,
                Engine::Links => false,
            };
        if bits {
            Engine::Bits
        } else {
            Engine::Links
        }
    }
}

/// Below this many nodes left before the node cap, `run` keeps to the links: the bit sets pay for
/// replaying the path on entry and for bringing the links to the new path on return, which a run of
/// one node (the split's walk) would pay per node.
const BITS_MIN_NODES: u64 = 64;

/// How the search picks the item to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Heuristic {
    /// Minimum remaining values: the item with the fewest options, the leftmost on ties (DLX1).
    #[default]
    Mrv,
    /// The leftmost item still to cover, however many options it has: what MRV is measured against.
    First,
}

impl Heuristic {
    /// The item to branch on and its length under this heuristic; `None` when no primary item is left.
    /// Generic over `FIRST` so that MRV's fast path compiles to exactly the call it was.
    #[inline(always)]
    fn pick<const FIRST: bool>(links: &Links) -> Option<(u32, u32)> {
        if FIRST {
            // The list of active primary items starts at root 0 ("leftmost" is its order).
            let c = links.items()[0].right;
            (c != 0).then(|| (c, links.len(c)))
        } else {
            links.choose()
        }
    }
}

/// The item branched on at one level, and how far through its options the search is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Level {
    item: u32,
    /// Options tried so far (the one being tried is the k-th), of `d` the item had when chosen.
    k: u32,
    d: u32,
    /// Algorithm M: the item may take more options than this one, or none (its bound or slack says
    /// so): it is tweaked, not covered (unless its bound reaches 0), and `first` was its list's top
    /// when it was chosen (where `untweak` starts).
    tweak: bool,
    first: u32,
}

/// Why options could not be chosen before the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The option that could not be chosen.
    pub option: usize,
    /// The item it shares with an option chosen before it.
    pub item: usize,
}

/// A search over one instance: its matrix, where the search stands, and its counters.
#[derive(Clone, Debug)]
pub struct Search {
    links: Links,
    level: usize,
    /// `choice[l]`: the node of the option tried at level `l` (the item's header once all are tried).
    choice: Vec<u32>,
    /// What is branched on at each level.
    levels: Vec<Level>,
    phase: Phase,
    stats: Stats,
    limits: Limits,
    /// The limits as plain numbers (`u64::MAX` for none), tested at every node.
    node_cap: u64,
    solution_cap: u64,
    preselected: Vec<usize>,
    /// How each preselected option was covered: 0 by [`Search::preselect`], else the node it was
    /// tried from at a level that [`Search::rebase`] made part of the preselected ones (undone as
    /// that level would be: the option, then the item branched on).
    pre_nodes: Vec<u32>,
    heuristic: Heuristic,
    tree: Tree,
    /// What `run` counts with for a fast observer (see [`Search::set_engine`]).
    engine: Engine,
    /// Whether bit sets can walk this instance on DLX1's tree, and whether they pay by default.
    bits_fit: bool,
    bits_pay: bool,
    /// The bit-set engine and where its walk was left, built on first use.
    bits: Option<Box<BitsWalk>>,
    /// A count that the fast loops read every so many nodes, stopping as at the node cap when it
    /// is 0 (see [`Search::set_watch`]).
    watch: Option<(Arc<AtomicUsize>, u64)>,
    /// The memo table when stepping with memos ([`Search::set_memo`]), `None` otherwise.
    memo: Option<Box<memo_step::Memo>>,
}

/// When a fast loop stops: at the node cap, or at a look at the watch that finds it 0. The loop
/// compares its node count with `at` only, so a search with no watch runs the code it ran before.
pub(super) struct Stop<'a> {
    cap: u64,
    at: u64,
    watch: Option<(&'a AtomicUsize, u64)>,
}

impl<'a> Stop<'a> {
    pub(super) fn new(nodes: u64, cap: u64, watch: Option<&'a (Arc<AtomicUsize>, u64)>) -> Self {
        let watch = watch.map(|(w, every)| (&**w, (*every).max(1)));
        let at = watch.map_or(cap, |(_, every)| cap.min(nodes.saturating_add(every)));
        Stop { cap, at, watch }
    }

    /// The node count at which the loop looks again.
    #[inline(always)]
    pub(super) fn at(&self) -> u64 {
        self.at
    }

    /// At `nodes >= at()`: whether the loop goes on (the cap not reached and the watch not 0),
    /// and if so, when it looks next.
    #[inline(never)]
    pub(super) fn goes_on(&mut self, nodes: u64) -> bool {
        match self.watch {
            Some((w, every)) if nodes < self.cap && w.load(Ordering::Relaxed) != 0 => {
                self.at = self.cap.min(nodes.saturating_add(every));
                true
            }
            _ => false,
        }
    }
}

impl Search {
    /// A search over `inst`, in Knuth's order.
    pub fn new(inst: &Instance) -> Search {
        Search::with_order(inst, Order::Given)
    }

    pub fn with_order(inst: &Instance, order: Order) -> Search {
        let links = Links::new(inst, order);
        // A solution uses at most one option per primary item, and every option covers at least one;
        // one more level holds the solution check. With multiplicities, each level lowers the bound
        // of the item branched on (at most `min(hi, len)` times an item) or closes it (once).
        let depth = if links.has_mult() {
            (1..=links.n_primary())
                .map(|c| links.bound(c).min(links.len(c)) as usize + 1)
                .sum::<usize>()
                + 1
        } else {
            inst.n_primary() + 1
        };
        Search {
            links,
            level: 0,
            choice: vec![0; depth],
            levels: vec![Level::default(); depth],
            phase: Phase::Enter,
            stats: Stats {
                profile: vec![0; depth],
                ..Stats::default()
            },
            limits: Limits::default(),
            node_cap: u64::MAX,
            solution_cap: u64::MAX,
            preselected: Vec::new(),
            pre_nodes: Vec::new(),
            heuristic: Heuristic::Mrv,
            tree: Tree::Dlx1,
            engine: Engine::Auto,
            bits_fit: super::bits::applies(inst),
            bits_pay: super::bits::pays(inst),
            bits: None,
            watch: None,
            memo: None,
        }
    }

    /// What counts for a fast observer: [`Engine::Auto`] (the default), or bit sets wherever they
    /// apply, or links always. Every engine gives the same solutions in the same order and the same
    /// counters; stepping always uses the links. May change between runs.
    pub fn set_engine(&mut self, engine: Engine) {
        self.engine = engine;
    }

    /// The engine `run` counts with for a fast observer: `Engine::Bits` or `Engine::Links` (short
    /// runs of a few nodes excepted, which keep to the links).
    pub fn engine(&self) -> Engine {
        self.engine.pick(self.tree, self.bits_fit, self.bits_pay)
    }

    /// Chooses options before the search starts (Sudoku givens): their items are covered for good and
    /// they are part of every solution. Must be called before the first step.
    pub fn preselect(&mut self, options: &[usize]) -> Result<(), Clash> {
        assert!(
            self.level == 0 && self.phase == Phase::Enter && self.stats.nodes == 0,
            "preselect before the search starts"
        );
        // With multiplicities a chosen option would have to leave lists its items keep (a tweak), which
        // preselecting does not do; no caller gives them both (givens are a Sudoku's, and a split
        // does not cut an instance with multiplicities).
        assert!(
            options.is_empty() || !self.links.has_mult(),
            "preselect takes no multiplicities"
        );
        for &k in options {
            let first = self.links.option_first(k);
            if self.links.top(first) == 0 {
                // An empty option covers nothing: chosen, it changes nothing.
                self.preselected.push(k);
                self.pre_nodes.push(0);
                continue;
            }
            // An option is still available when each of its items is active and it is not hidden. It
            // can only have been hidden by covering one of its own items, so the item to name is its
            // first item no longer active: the one it shares with an option chosen before. (Its first
            // unlinked node would name any of its items, shared or not.) The unlinked check stays as a
            // fallback, should an option ever be hidden some other way.
            let (mut inactive, mut unlinked) = (None, None);
            let mut p = first;
            loop {
                let c = self.links.top(p);
                // A purified item clashes with an option that gives it no colour or another one.
                let (purified, mine) = (self.links.color(c), self.links.color(p));
                if !self.links.is_active(c) || (purified != 0 && mine != MARKED && mine != purified)
                {
                    inactive = Some(c);
                    break;
                }
                if unlinked.is_none() && !self.links.is_linked(p) {
                    unlinked = Some(c);
                }
                p = self.links.next_in_option(p);
                if p == first {
                    break;
                }
            }
            if let Some(c) = inactive.or(unlinked) {
                return Err(Clash {
                    option: k,
                    item: Links::item_of_header(c),
                });
            }
            self.links.commit::<true>(first);
            self.links.cover_option_from::<true>(first);
            self.preselected.push(k);
            self.pre_nodes.push(0);
        }
        Ok(())
    }

    /// Undoes [`Search::preselect`], the last option first. Must be called at the start.
    pub fn unpreselect(&mut self) {
        self.unpreselect_to(0);
    }

    /// Undoes the preselected options after the first `keep`, the latest first: the state is then
    /// exactly as if only those `keep` had been preselected (a split's subproblems that share their
    /// first options keep them rather than choose them again).
    pub fn unpreselect_to(&mut self, keep: usize) {
        assert!(self.at_start(), "unpreselect at the start of the search");
        while self.preselected.len() > keep {
            let k = self.preselected.pop().expect("longer than keep");
            let x = self.pre_nodes.pop().expect("one a preselected option");
            if x != 0 {
                // Covered as a level of the search (see `rebase`): undone as `restart` undoes one.
                self.links.uncover_option_from::<true>(x);
                self.links.uncover::<true>(self.links.top(x));
                continue;
            }
            // Preselect covered the first node's item, then the others in order: undo in reverse.
            let first = self.links.option_first(k);
            if self.links.top(first) == 0 {
                continue;
            }
            self.links.uncover_option_from::<true>(first);
            self.links.uncommit::<true>(first);
        }
    }

    /// Goes back to the start of the search, keeping the preselected options, with counters at zero.
    /// Only what is covered now is undone — each level's option and item, the deepest first, the
    /// reverse of the order they were covered — so this costs no more than the current path.
    pub fn restart(&mut self) {
        // Finish a cover or an uncover under way; then the phase says what the current level holds.
        while !self.at_level_boundary() {
            self.step();
        }
        let l = self.level;
        match self.phase {
            // Level l's item is covered (or tweaked); at Retreat, so are the items of its option.
            Phase::Retreat => {
                self.undo_option(l);
                self.undo_item(l);
            }
            Phase::Try => self.undo_item(l),
            _ => {}
        }
        for k in (0..l).rev() {
            self.undo_option(k);
            self.undo_item(k);
        }
        self.level = 0;
        self.phase = Phase::Enter;
        self.stats.nodes = 0;
        self.stats.updates = 0;
        self.stats.cleansings = 0;
        self.stats.solutions = 0;
        self.stats.profile.fill(0);
        if let Some(m) = self.memo.as_mut() {
            m.clear();
        }
    }

    /// Leaves the level just entered unsearched and uncounted, as if it had never been entered; what
    /// follows is the backtrack to the level above. For `core::split`, which hands that subtree to a
    /// search of its own. Only on entering a level below the root (`Phase::Enter`); stepping back over
    /// a pruned level is not supported (the step machine would uncount a node never counted).
    pub fn prune(&mut self) {
        assert!(
            self.phase == Phase::Enter && self.level > 0,
            "prune a level just entered"
        );
        // Stuck is the phase of a level left with nothing to try: the next step is the backtrack.
        self.phase = Phase::Stuck;
    }

    /// Work sharing (`core::threads`): the options tried at levels `0..m` become preselected ones,
    /// and the search goes on below them (its level `m` is now level 0), so that what the levels
    /// above still had to try (their untried options, handed to another search) is never tried
    /// here. Returns the counters so far, levels numbered as before, and starts them again at 0.
    /// `m == 0` only takes the counters. At a level entered (the state a node cap stops at) for
    /// `m > 0`; not with multiplicities (Algorithm M's levels also tweak, which preselecting does
    /// not undo). The links are not touched: a level's covers are what preselecting its option
    /// makes, in another order, which `pre_nodes` keeps for undoing them.
    pub fn rebase(&mut self, m: usize) -> Stats {
        assert!(
            m == 0 || (self.phase == Phase::Enter && m <= self.level && !self.links.has_mult()),
            "rebase at a level entered, below the levels made preselected"
        );
        for l in 0..m {
            let x = self.choice[l];
            self.preselected.push(self.links.option_of(x));
            self.pre_nodes.push(x);
        }
        self.choice.copy_within(m.., 0);
        self.levels.copy_within(m.., 0);
        self.level -= m;
        let depth = self.stats.profile.len();
        std::mem::replace(
            &mut self.stats,
            Stats {
                profile: vec![0; depth],
                ..Stats::default()
            },
        )
    }

    /// Work sharing (`core::threads`): at the start of trying the options of the level's item
    /// (`Phase::Try`, none tried yet or some), passes over the next `n` of them untried, as a
    /// search that another search has handed them to. Their count goes into `k`, as if tried.
    pub fn skip_options(&mut self, n: u32) {
        let l = self.level;
        assert!(
            self.phase == Phase::Try
                && !self.levels[l].tweak
                && self.levels[l].k + n < self.levels[l].d,
            "skip options that are left to try, at least one kept"
        );
        for _ in 0..n {
            self.choice[l] = self.links.down(self.choice[l]);
        }
        self.levels[l].k += n;
    }

    /// Undoes what trying `choice[l]` did to the other items of its option (or the closing of the
    /// item, for Algorithm M's null choice).
    fn undo_option(&mut self, l: usize) {
        let (x, c) = (self.choice[l], self.levels[l].item);
        if self.levels[l].tweak && x == c {
            if self.links.bound(c) != 0 {
                self.links.splice_in(c);
            }
        } else if self.links.has_mult() {
            self.links.uncover_option_from_m(x);
        } else {
            self.links.uncover_option_from::<true>(x);
        }
    }

    /// Undoes what choosing `levels[l].item` did to it: uncover it, or (Algorithm M) untweak it,
    /// uncover it if its bound reached 0, and raise its bound back.
    fn undo_item(&mut self, l: usize) {
        let Level {
            item: c,
            tweak,
            first,
            ..
        } = self.levels[l];
        if !tweak {
            self.links.uncover::<true>(c);
            return;
        }
        let b = self.links.bound(c);
        self.links.untweak(c, first, b != 0);
        if b == 0 {
            self.links.uncover::<true>(c);
        }
        self.links.raise_item(c);
    }

    /// True when level `l` (tweaking its item) has no way left to go on: fewer options left in the
    /// item's list than it still needs (Knuth's `len <= bound - slack`, the bound lowered already).
    fn off_limits(&self, l: usize) -> bool {
        let c = self.levels[l].item;
        i64::from(self.links.len(c))
            <= i64::from(self.links.bound(c)) - i64::from(self.links.slack(c))
    }

    /// Whether the item branched on is tweaked (Algorithm M) rather than covered: it may take another
    /// option after this one, or none.
    fn tweaks(&self, c: u32) -> bool {
        self.links.has_mult() && (self.links.bound(c), self.links.slack(c)) != (1, 0)
    }

    fn at_level_boundary(&self) -> bool {
        matches!(
            self.phase,
            Phase::Enter
                | Phase::Try
                | Phase::Retreat
                | Phase::Solved
                | Phase::Stuck
                | Phase::Exhausted
                | Phase::Reused { .. }
                | Phase::Done
        )
    }

    /// Sets which tree is walked ([`Tree`]). Only at the start, since stepping back relies on every
    /// option having been tried under the same rule. With multiplicities it stays [`Tree::Dlx1`]
    /// (Algorithm M has no lookahead here): [`Search::tree`] says which tree is walked.
    pub fn set_tree(&mut self, tree: Tree) {
        assert!(
            self.level == 0 && self.phase == Phase::Enter && self.stats.nodes == 0,
            "set the tree before the search starts"
        );
        self.tree = if self.links.has_mult() {
            Tree::Dlx1
        } else {
            tree
        };
    }

    /// The tree this search walks.
    pub fn tree(&self) -> Tree {
        self.tree
    }

    #[inline(always)]
    fn looks(&self) -> bool {
        self.tree == Tree::Lookahead
    }

    /// Sets how items are chosen. Only at the start: stepping back re-chooses with the heuristic
    /// that chose, so it cannot change in mid-search.
    pub fn set_heuristic(&mut self, heuristic: Heuristic) {
        assert!(self.at_start(), "set_heuristic at the start of the search");
        self.heuristic = heuristic;
    }

    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// The item to branch on now, by the search's heuristic.
    #[inline(always)]
    fn choose(&self) -> Option<(u32, u32)> {
        if self.links.has_mult() {
            return match self.heuristic {
                Heuristic::Mrv => self.links.choose_mult::<false>(),
                Heuristic::First => self.links.choose_mult::<true>(),
            };
        }
        match self.heuristic {
            Heuristic::Mrv => Heuristic::pick::<false>(&self.links),
            Heuristic::First => Heuristic::pick::<true>(&self.links),
        }
    }

    /// Makes `run`'s fast loops look at `count` every `every` nodes and stop, as at a node cap
    /// ([`Status::Limit`], at a node entered), when it is 0: work sharing's count of jobs waiting
    /// (`threads.rs`), so that a thread leaves its loop (and brings the links in step with its
    /// path) only when another thread needs work, not every `every` nodes. `None`: no watch.
    pub fn set_watch(&mut self, watch: Option<(Arc<AtomicUsize>, u64)>) {
        self.watch = watch;
    }

    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.node_cap = limits.nodes.unwrap_or(u64::MAX);
        self.solution_cap = limits.solutions.unwrap_or(u64::MAX);
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    pub fn links(&self) -> &Links {
        &self.links
    }

    /// Keeps the links' count of empty items whatever the instance's size (see `Links::choose`),
    /// so that small instances test that path too, and so that `prune::blocked` asks whether an
    /// option empties an item in O(1) rather than by reading every item's length.
    pub(crate) fn track_zeros(&mut self) {
        assert!(self.at_start());
        self.links.set_track(true);
    }

    /// The links to work on in place, for the split's size estimates, which probe the subtree the
    /// search stands at: whatever is changed must be undone, in reverse order, before the search
    /// moves on (covers undone by uncovers leave the links exactly as they were).
    pub(crate) fn links_mut(&mut self) -> &mut Links {
        &mut self.links
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn level(&self) -> usize {
        self.level
    }

    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// True at the very start, where `step_back` has nothing to undo.
    pub fn at_start(&self) -> bool {
        self.level == 0 && self.phase == Phase::Enter
    }

    /// The options chosen before the search (see [`Search::preselect`]).
    pub fn preselected(&self) -> &[usize] {
        &self.preselected
    }

    /// The node chosen at each level `0..level` (the path from the root of the search tree).
    pub fn path(&self) -> &[u32] {
        &self.choice[..self.level]
    }

    /// The node of the option being tried at the current level, if one is being tried now.
    pub fn trying(&self) -> Option<u32> {
        let x = self.choice[self.level];
        match self.phase {
            Phase::CoverHeader {
                ctx: Ctx::Opt(_), ..
            }
            | Phase::CoverRows {
                ctx: Ctx::Opt(_), ..
            }
            | Phase::UncoverRows {
                ctx: Ctx::Opt(_), ..
            }
            | Phase::UncoverHeader {
                ctx: Ctx::Opt(_), ..
            }
            | Phase::Purify { .. }
            | Phase::Unpurify { .. }
            | Phase::Lower { .. }
            | Phase::Raise { .. }
            | Phase::Retreat
                if x > self.links.n_items() =>
            {
                Some(x)
            }
            _ => None,
        }
    }

    /// The item branched on at the current level, once chosen.
    pub fn branching_item(&self) -> Option<u32> {
        match self.phase {
            Phase::Enter | Phase::Solved | Phase::Reused { .. } | Phase::Done => None,
            _ => Some(self.levels[self.level].item),
        }
    }

    /// `(k, d)` at each level `0..=level` that has chosen an item: option k of d is being tried.
    pub fn choices(&self) -> Vec<(u32, u32)> {
        let top = match self.phase {
            Phase::Enter | Phase::Solved | Phase::Reused { .. } | Phase::Done => self.level,
            _ => self.level + 1,
        };
        (0..top)
            .map(|l| (self.levels[l].k, self.levels[l].d))
            .collect()
    }

    /// The options of the current solution (valid at a `Solution` event): the preselected options, then
    /// those tried at levels `0..level`, as option numbers of the instance.
    pub fn solution(&self) -> Vec<usize> {
        let mut v = self.preselected.clone();
        // An item header on the path is Algorithm M's null choice: no option.
        let n = self.links.n_items();
        v.extend(
            self.path()
                .iter()
                .filter(|&&x| x > n)
                .map(|&x| self.links.option_of(x)),
        );
        v
    }

    /// Knuth's estimate of the fraction of the search tree explored, in [0, 1]: at each level the
    /// current option k of d counts for (k - 1) / (d_0 ... d_l), plus half of the current subtree.
    /// While the search undoes the deepest level's option (or, every option tried, its item), and
    /// until it tries the next, that option's subtree is finished: it counts whole, k / (d_0 ...
    /// d_l), and no half is added (the figure stood still at a backtrack, then rose at the next try). Exactly 0 until the root's
    /// first option is tried (nothing is explored yet; the half-subtree term would say 50%), and 1
    /// once the search is done.
    pub fn progress(&self) -> f64 {
        if self.phase == Phase::Done {
            return 1.0;
        }
        let choices = self.choices();
        if choices.first().is_none_or(|&(k, _)| k == 0) {
            return 0.0;
        }
        let undoing = matches!(
            self.phase,
            Phase::Retreat
                | Phase::UncoverRows { .. }
                | Phase::UncoverHeader { .. }
                | Phase::Unpurify { .. }
                | Phase::Raise { .. }
                | Phase::Reject { .. }
                | Phase::Untweak
                | Phase::Exhausted
        );
        let (mut f, mut fd) = (0.0, 1.0);
        let last = choices.len() - 1;
        for (l, (k, d)) in choices.into_iter().enumerate() {
            if d == 0 {
                break;
            }
            fd *= d as f64;
            // About to try the next option (k >= 1): the k before it are finished too (with
            // multiplicities the undo of a tweaked option is no event of its own).
            if l == last && (undoing || (self.phase == Phase::Try && k >= 1)) {
                return (f + k as f64 / fd).min(1.0);
            }
            f += (k.max(1) - 1) as f64 / fd;
        }
        (f + 0.5 / fd).min(1.0)
    }

    /// Whether some branch of the tree is finished (a node entered off the current path: a second
    /// at some level, or one below it; or the search done). Until then [`Search::progress`] is only
    /// its guess of half the current subtree: on a path-shaped tree (every choice forced) it said
    /// 50% from start to end. Once true it stays so going forward: the path's own k (some k >= 2)
    /// said it only while a later option stood on the path, so retreating from a level's first
    /// option gave "no estimate yet" again in the middle of a search.
    pub fn finished_any(&self) -> bool {
        let off_path = |(l, &n): (usize, &u64)| n >= 2 || (n >= 1 && l > self.level);
        self.phase == Phase::Done
            || self.stats.profile.iter().enumerate().any(off_path)
            || self.choices().iter().any(|&(k, _)| k >= 2)
    }

    #[inline(always)]
    fn limit_reached(&self) -> bool {
        self.stats.nodes >= self.node_cap || self.stats.solutions >= self.solution_cap
    }

    #[inline(always)]
    fn enter_count(&mut self, l: usize) {
        self.stats.nodes += 1;
        self.stats.profile[l] += 1;
    }

    fn leave_count(&mut self, l: usize) {
        uncount(&mut self.stats.nodes, 1);
        uncount(&mut self.stats.profile[l], 1);
    }

    /// Runs until the observer stops it, a limit is reached, or the search is done.
    pub fn run<O: Observer>(&mut self, obs: &mut O) -> Status {
        if self.memo.is_some() {
            // With memos every node is looked up first: no fast loop, the event machine only, a
            // fast observer told of solutions alone (a reuse adds its count without one).
            loop {
                match self.step_status() {
                    Ok(ev) => {
                        let told = O::FINE || matches!(ev, Event::Solution { .. });
                        if told && obs.event(ev, self).is_break() {
                            return Status::Paused;
                        }
                    }
                    Err(s) => return s,
                }
            }
        }
        if O::FINE {
            loop {
                match self.step_status() {
                    Ok(ev) => {
                        if obs.event(ev, self).is_break() {
                            return Status::Paused;
                        }
                    }
                    Err(s) => return s,
                }
            }
        }
        // Finish any cover or uncover under way, so that the fast loop starts at a level boundary.
        while !self.at_level_boundary() {
            self.step();
        }
        // The heuristic and the colour test are chosen once per run: plain exact cover under MRV
        // runs the code it ran before either existed. Many items take the general path too, which
        // keeps the count of empty items that lets the choice stop early (`Links::choose`).
        // Multiplicities have a loop of their own.
        if self.links.has_mult() {
            return match self.heuristic {
                Heuristic::Mrv => self.run_fast_mult::<O, false>(obs),
                Heuristic::First => self.run_fast_mult::<O, true>(obs),
            };
        }
        if self.node_cap.saturating_sub(self.stats.nodes) >= BITS_MIN_NODES
            && self.engine() == Engine::Bits
        {
            return match self.heuristic {
                Heuristic::Mrv => self.run_bits::<O, false>(obs),
                Heuristic::First => self.run_bits::<O, true>(obs),
            };
        }
        match (self.heuristic, self.links.general(), self.looks()) {
            (Heuristic::Mrv, false, false) => self.run_fast::<O, false, false, false>(obs),
            (Heuristic::Mrv, true, false) => self.run_fast::<O, false, true, false>(obs),
            (Heuristic::First, false, false) => self.run_fast::<O, true, false, false>(obs),
            (Heuristic::First, true, false) => self.run_fast::<O, true, true, false>(obs),
            (Heuristic::Mrv, false, true) => self.run_fast::<O, false, false, true>(obs),
            (Heuristic::Mrv, true, true) => self.run_fast::<O, false, true, true>(obs),
            (Heuristic::First, false, true) => self.run_fast::<O, true, false, true>(obs),
            (Heuristic::First, true, true) => self.run_fast::<O, true, true, true>(obs),
        }
    }

    /// Takes one event forward. `None` when the search is done or a limit stops it.
    pub fn step(&mut self) -> Option<Event> {
        self.step_status().ok()
    }
}

mod back;
mod bits_driver;
mod fast;
mod follow;
mod forward;
mod memo_step;

pub use follow::FollowError;
pub use memo_step::{MemoCounts, STEP_BUDGET};

#[cfg(test)]
mod tests;
