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
use std::ops::ControlFlow;

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
    fn event(&mut self, ev: Event, search: &Search) -> ControlFlow<()>;
}

/// Counts, and sees nothing: the fastest way to run.
pub struct Count;

impl Observer for Count {
    const FINE: bool = false;
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

/// The counters of the search, as DLX1 keeps them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree entered (solutions and dead ends included).
    pub nodes: u64,
    /// Links removed: one per item taken out of the item list, one per node hidden.
    pub updates: u64,
    /// Knuth's cleansings: one per item purified and one per node it marks (0 without colours).
    pub cleansings: u64,
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
    /// heavily, as polyominoes do), else links.
    #[default]
    Auto,
    /// Bit sets of options (`core::bits`) wherever they apply: DLX1's tree, exact cover without
    /// colours or multiplicities, up to 32,766 options and 4,096 primary items.
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
        self.pick(
            tree,
            super::bits::applies(inst, Tree::Dlx1),
            super::bits::pays(inst, Tree::Dlx1),
        )
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
    heuristic: Heuristic,
    tree: Tree,
    /// What `run` counts with for a fast observer (see [`Search::set_engine`]).
    engine: Engine,
    /// Whether bit sets can walk this instance on DLX1's tree, and whether they pay by default.
    bits_fit: bool,
    bits_pay: bool,
    /// The bit-set engine, built on first use.
    bits: Option<Box<Bits>>,
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
            heuristic: Heuristic::Mrv,
            tree: Tree::Dlx1,
            engine: Engine::Auto,
            bits_fit: super::bits::applies(inst, Tree::Dlx1),
            bits_pay: super::bits::pays(inst, Tree::Dlx1),
            bits: None,
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
            let first = self.links.option_first[k];
            if self.links.top(first) == 0 {
                // An empty option covers nothing: chosen, it changes nothing.
                self.preselected.push(k);
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
        let b = self.links.bound[c as usize];
        self.links.untweak(c, first, b != 0);
        if b == 0 {
            self.links.uncover::<true>(c);
        }
        self.links.bound[c as usize] += 1;
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
            Phase::Enter | Phase::Solved | Phase::Done => None,
            _ => Some(self.levels[self.level].item),
        }
    }

    /// `(k, d)` at each level `0..=level` that has chosen an item: option k of d is being tried.
    pub fn choices(&self) -> Vec<(u32, u32)> {
        let top = match self.phase {
            Phase::Enter | Phase::Solved | Phase::Done => self.level,
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
    /// Exactly 0 until the root's first option is tried (nothing is explored yet; the half-subtree
    /// term would say 50%), and 1 once the search is done.
    pub fn progress(&self) -> f64 {
        if self.phase == Phase::Done {
            return 1.0;
        }
        let choices = self.choices();
        if choices.first().is_none_or(|&(k, _)| k == 0) {
            return 0.0;
        }
        let (mut f, mut fd) = (0.0, 1.0);
        for (k, d) in choices {
            if d == 0 {
                break;
            }
            fd *= d as f64;
            f += (k.max(1) - 1) as f64 / fd;
        }
        (f + 0.5 / fd).min(1.0)
    }

    /// Whether some branch of the tree is finished (an option tried to its end at some level of the
    /// path, or the search done). Until then [`Search::progress`] is only its guess of half the
    /// current subtree: on a path-shaped tree (every choice forced) it said 50% from start to end.
    pub fn finished_any(&self) -> bool {
        self.phase == Phase::Done || self.choices().iter().any(|&(k, _)| k >= 2)
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
        self.stats.nodes -= 1;
        self.stats.profile[l] -= 1;
    }

    /// Runs until the observer stops it, a limit is reached, or the search is done.
    pub fn run<O: Observer>(&mut self, obs: &mut O) -> Status {
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

    fn step_status(&mut self) -> Result<Event, Status> {
        while self.silent() {}
        let ev = self.emit()?;
        // Settle at once, so that the state between two events is always the one that emits the next:
        // stepping forward and back then meet in exactly the same states.
        while self.silent() {}
        Ok(ev)
    }

    /// Takes one transition that emits no event, if the machine stands before one.
    fn silent(&mut self) -> bool {
        let l = self.level;
        match self.phase {
            Phase::Solved | Phase::Stuck | Phase::Exhausted if l == 0 => self.phase = Phase::Done,
            Phase::CoverRows { c, rr, ctx } if rr == c => match ctx {
                Ctx::Chosen => {
                    self.choice[l] = self.links.down(c);
                    self.phase = Phase::Try;
                }
                Ctx::Opt(p) => self.cover_next_after(p),
            },
            Phase::Try if self.levels[l].tweak => {
                if !self.off_limits(l) {
                    return false;
                }
                self.phase = Phase::Untweak;
            }
            Phase::Try if self.choice[l] == self.levels[l].item => {
                let c = self.levels[l].item;
                let rr = self.links.up(c);
                self.phase = Phase::UncoverRows {
                    c,
                    rr,
                    ctx: Ctx::Chosen,
                };
            }
            Phase::Retreat if self.levels[l].tweak && self.choice[l] == self.levels[l].item => {
                // Back from the null choice: the item rejoins the list, and its turn is over.
                let c = self.levels[l].item;
                if self.links.bound(c) != 0 {
                    self.links.splice_in(c);
                }
                self.phase = Phase::Untweak;
            }
            Phase::Retreat => self.uncover_before(self.choice[l]),
            Phase::UncoverRows { c, rr, ctx } if rr == c => {
                self.phase = Phase::UncoverHeader { c, ctx };
            }
            _ => return false,
        }
        true
    }

    /// Takes the transition from a phase that emits an event.
    fn emit(&mut self) -> Result<Event, Status> {
        let l = self.level;
        let level = l as u32;
        Ok(match self.phase {
            Phase::Enter => {
                if self.limit_reached() {
                    return Err(Status::Limit);
                }
                self.enter_count(l);
                let Some((c, len)) = self.choose() else {
                    self.stats.solutions += 1;
                    self.phase = Phase::Solved;
                    return Ok(Event::Solution { level });
                };
                let tweak = self.tweaks(c);
                self.levels[l] = Level {
                    item: c,
                    k: 0,
                    d: len,
                    tweak,
                    first: 0,
                };
                if len == 0 {
                    self.phase = Phase::Stuck;
                    Event::DeadEnd { level, item: c }
                } else {
                    self.phase = Phase::CoverHeader {
                        c,
                        ctx: Ctx::Chosen,
                    };
                    if tweak {
                        // Algorithm M: this level takes one of the item's options (or none); the
                        // item is covered only when that uses up its bound.
                        self.links.bound[c as usize] -= 1;
                        self.levels[l].first = self.links.down(c);
                        if self.links.bound[c as usize] != 0 {
                            self.choice[l] = self.levels[l].first;
                            self.phase = Phase::Try;
                        }
                    }
                    Event::Choose {
                        level,
                        item: c,
                        len,
                    }
                }
            }
            Phase::Solved | Phase::Stuck | Phase::Exhausted => {
                self.level -= 1;
                self.phase = Phase::Retreat;
                Event::Backtrack { level }
            }
            Phase::CoverHeader { c, ctx } => {
                self.links.splice_out(c);
                self.stats.updates += 1;
                let rr = self.links.down(c);
                self.phase = Phase::CoverRows { c, rr, ctx };
                Event::CoverItem { item: c }
            }
            Phase::CoverRows { c, rr, ctx } => {
                self.stats.updates += self.links.hide::<true>(rr);
                let next = self.links.down(rr);
                self.phase = Phase::CoverRows { c, rr: next, ctx };
                if let Ctx::Opt(p) = ctx {
                    if self.looks() {
                        if let Some(item) = self.links.emptied(self.choice[l], rr) {
                            self.phase = Phase::Reject { p, rr: next, item };
                        }
                    }
                }
                Event::Hide { node: rr }
            }
            Phase::Reject { p, rr, item } => {
                self.phase = if rr == 0 {
                    Phase::Unpurify { p }
                } else {
                    Phase::UncoverRows {
                        c: self.links.top(p),
                        rr: self.links.up(rr),
                        ctx: Ctx::Opt(p),
                    }
                };
                Event::Reject {
                    level,
                    node: self.choice[l],
                    item,
                }
            }
            Phase::Try => {
                let x = self.choice[l];
                self.levels[l].k += 1;
                let ev = Event::Try {
                    level,
                    node: x,
                    k: self.levels[l].k,
                    d: self.levels[l].d,
                };
                if self.levels[l].tweak {
                    let c = self.levels[l].item;
                    let block = self.links.bound(c) != 0;
                    if x == c {
                        // The null choice: the item takes no more options.
                        if block {
                            self.links.splice_out(c);
                        }
                        self.level += 1;
                        self.phase = Phase::Enter;
                        return Ok(Event::Close {
                            level,
                            item: c,
                            k: self.levels[l].k,
                            d: self.levels[l].d,
                        });
                    }
                    self.stats.updates += self.links.tweak(x, block);
                }
                self.cover_next_after(x);
                ev
            }
            Phase::Lower { p } => {
                self.links.lower(p);
                self.cover_next_after(p);
                Event::Lower { node: p }
            }
            Phase::Raise { p } => {
                self.links.raise(p);
                self.uncover_before(p);
                Event::Raise { node: p }
            }
            Phase::Untweak => {
                let Level { item: c, first, .. } = self.levels[l];
                let b = self.links.bound(c);
                debug_assert_eq!(
                    self.levels[l].k, self.levels[l].d,
                    "tries = branching degree"
                );
                self.links.untweak(c, first, b != 0);
                self.links.bound[c as usize] += 1;
                self.phase = if b == 0 {
                    // Covered when its bound reached 0: uncover it as a covered item is.
                    Phase::UncoverRows {
                        c,
                        rr: self.links.up(c),
                        ctx: Ctx::Chosen,
                    }
                } else {
                    Phase::Exhausted
                };
                Event::Untweak { level, item: c }
            }
            Phase::UncoverRows { c, rr, ctx } => {
                self.links.unhide::<true>(rr);
                let next = self.links.up(rr);
                self.phase = Phase::UncoverRows { c, rr: next, ctx };
                Event::Unhide { node: rr }
            }
            Phase::UncoverHeader { c, ctx } => {
                self.links.splice_in(c);
                match ctx {
                    Ctx::Chosen => self.phase = Phase::Exhausted,
                    Ctx::Opt(p) => self.uncover_before(p),
                }
                Event::UncoverItem { item: c }
            }
            Phase::Purify { p } => {
                let (u, c) = self.links.purify(p);
                self.stats.updates += u;
                self.stats.cleansings += c;
                let emptied = if self.looks() {
                    self.links.purify_emptied(self.choice[l], p)
                } else {
                    None
                };
                match emptied {
                    Some(item) => self.phase = Phase::Reject { p, rr: 0, item },
                    None => self.cover_next_after(p),
                }
                Event::Purify { node: p }
            }
            Phase::Unpurify { p } => {
                self.links.unpurify(p);
                self.uncover_before(p);
                Event::Unpurify { node: p }
            }
            Phase::Done => return Err(Status::Done),
            Phase::Retreat => unreachable!("retreat is silent"),
        })
    }

    /// The node after `p` in its option that choosing the option commits: marked nodes are skipped
    /// (their item is purified with their colour already). Marks on the option being tried do not
    /// change while it is tried (a purification marks nodes of *other* options), so forward and back
    /// walks see the same nodes.
    fn next_commit(&self, p: u32) -> u32 {
        let mut q = self.links.next_in_option(p);
        while self.links.color(q) == MARKED {
            q = self.links.next_in_option(q);
        }
        q
    }

    /// The node before `p` that choosing its option commits (see `next_commit`).
    fn prev_commit(&self, p: u32) -> u32 {
        let mut q = self.links.prev_in_option(p);
        while self.links.color(q) == MARKED {
            q = self.links.prev_in_option(q);
        }
        q
    }

    /// The phase that commits node `q` of the option being tried: purify for a colour, else cover.
    fn commit_phase(&self, q: u32) -> Phase {
        if self.links.color(q) != 0 {
            Phase::Purify { p: q }
        } else if self.links.lowers(q) {
            Phase::Lower { p: q }
        } else {
            Phase::CoverHeader {
                c: self.links.top(q),
                ctx: Ctx::Opt(q),
            }
        }
    }

    /// After the item of node `p` of the option being tried is covered: cover the next one, or, when
    /// the option is done, go down a level.
    fn cover_next_after(&mut self, p: u32) {
        let q = self.next_commit(p);
        if q == self.choice[self.level] {
            self.level += 1;
            self.phase = Phase::Enter;
        } else {
            self.phase = self.commit_phase(q);
        }
    }

    /// After the item of node `p` of the option being undone is uncovered (or, with `p` the option's
    /// own node, before any): uncover the one before it — the reverse of the covering order, so each
    /// relinked node finds its neighbours back in place — or, when all are done, move to the next option.
    fn uncover_before(&mut self, p: u32) {
        let l = self.level;
        let q = self.prev_commit(p);
        if q == self.choice[l] {
            self.choice[l] = self.links.down(q);
            self.phase = Phase::Try;
        } else if self.links.color(q) != 0 {
            self.phase = Phase::Unpurify { p: q };
        } else if self.links.raises(q) {
            self.phase = Phase::Raise { p: q };
        } else {
            let c = self.links.top(q);
            let rr = self.links.up(c);
            self.phase = Phase::UncoverRows {
                c,
                rr,
                ctx: Ctx::Opt(q),
            };
        }
    }

    /// Undoes the latest event and returns it; `None` at the start. The state before any event is a
    /// function of the state after it (DLX is reversible), so nothing needs to have been recorded.
    pub fn step_back(&mut self) -> Option<Event> {
        loop {
            let l = self.level;
            match self.phase {
                Phase::Enter => {
                    if l == 0 {
                        return None;
                    }
                    // Entered from level l - 1: right after trying an option with nothing else to
                    // commit, or after committing the last item of the option tried, or after
                    // Algorithm M's null choice.
                    self.level -= 1;
                    let (x, c) = (self.choice[l - 1], self.levels[l - 1].item);
                    if self.levels[l - 1].tweak && x == c {
                        if self.links.bound(c) != 0 {
                            self.links.splice_in(c);
                        }
                        let Level { k, d, .. } = self.levels[l - 1];
                        self.levels[l - 1].k -= 1;
                        self.phase = Phase::Try;
                        return Some(Event::Close {
                            level: (l - 1) as u32,
                            item: c,
                            k,
                            d,
                        });
                    }
                    if let Some(ev) = self.back_before(self.choice[l - 1]) {
                        return Some(ev);
                    }
                }
                Phase::Solved => {
                    self.leave_count(l);
                    self.stats.solutions -= 1;
                    self.phase = Phase::Enter;
                    return Some(Event::Solution { level: l as u32 });
                }
                Phase::Stuck => {
                    self.leave_count(l);
                    self.phase = Phase::Enter;
                    return Some(Event::DeadEnd {
                        level: l as u32,
                        item: self.levels[l].item,
                    });
                }
                Phase::CoverHeader { ctx, .. } => match ctx {
                    Ctx::Chosen => return Some(self.unchoose()),
                    Ctx::Opt(p) => {
                        if let Some(ev) = self.back_before(p) {
                            return Some(ev);
                        }
                    }
                },
                Phase::Purify { p } => {
                    if let Some(ev) = self.back_before(p) {
                        return Some(ev);
                    }
                }
                Phase::Unpurify { p } if self.looks() => {
                    // Right after a reject, when the purification left an item empty: the forward
                    // machine checked this very state and went on only when it did not.
                    if let Some(item) = self.links.purify_emptied(self.choice[l], p) {
                        self.phase = Phase::Reject { p, rr: 0, item };
                        return Some(Event::Reject {
                            level: l as u32,
                            node: self.choice[l],
                            item,
                        });
                    }
                    if let Some(ev) = self.back_after_uncommit(p) {
                        return Some(ev);
                    }
                }
                Phase::Unpurify { p } | Phase::Raise { p } => {
                    if let Some(ev) = self.back_after_uncommit(p) {
                        return Some(ev);
                    }
                }
                Phase::Reject { p, rr, .. } => {
                    // Undo the hide or the purification that emptied the item.
                    if rr == 0 {
                        let (u, c) = self.links.unpurify(p);
                        self.stats.updates -= u;
                        self.stats.cleansings -= c;
                        self.phase = Phase::Purify { p };
                        return Some(Event::Purify { node: p });
                    }
                    let c = self.links.top(p);
                    let h = self.links.up(rr);
                    self.stats.updates -= self.links.unhide::<true>(h);
                    self.phase = Phase::CoverRows {
                        c,
                        rr: h,
                        ctx: Ctx::Opt(p),
                    };
                    return Some(Event::Hide { node: h });
                }
                Phase::Lower { p } => {
                    if let Some(ev) = self.back_before(p) {
                        return Some(ev);
                    }
                }
                Phase::Untweak => {
                    let c = self.levels[l].item;
                    let b = self.links.bound(c);
                    if self.choice[l] == c && b < self.links.slack(c) {
                        // Reached from the null choice's retreat, which put the item back.
                        if b != 0 {
                            self.links.splice_out(c);
                        }
                        self.phase = Phase::Retreat;
                    } else {
                        // Reached from Try: no way left to go on.
                        self.phase = Phase::Try;
                    }
                }
                Phase::CoverRows { c, rr, ctx } => {
                    if rr == self.links.down(c) {
                        self.links.splice_in(c);
                        self.stats.updates -= 1;
                        self.phase = Phase::CoverHeader { c, ctx };
                        return Some(Event::CoverItem { item: c });
                    }
                    let h = self.links.up(rr);
                    self.stats.updates -= self.links.unhide::<true>(h);
                    self.phase = Phase::CoverRows { c, rr: h, ctx };
                    return Some(Event::Hide { node: h });
                }
                Phase::Try if self.levels[l].tweak => {
                    let Level { item: c, first, .. } = self.levels[l];
                    let x = self.choice[l];
                    if x == first {
                        // The first try: reached right after choosing the item, or after covering
                        // it when its bound reached 0.
                        if self.links.bound(c) == 0 {
                            self.phase = Phase::CoverRows {
                                c,
                                rr: c,
                                ctx: Ctx::Chosen,
                            };
                            continue;
                        }
                        return Some(self.unchoose());
                    }
                    // Reached after undoing the option tried before x, which was tweaked out of the
                    // list and still points down at x.
                    let mut old = first;
                    while self.links.down(old) != x {
                        old = self.links.down(old);
                    }
                    self.choice[l] = old;
                    if let Some(ev) = self.back_after_uncommit(old) {
                        return Some(ev);
                    }
                }
                Phase::Try => {
                    let x = self.choice[l];
                    let c = self.levels[l].item;
                    if x == self.links.down(c) {
                        // The first option: reached right after covering the item.
                        self.phase = Phase::CoverRows {
                            c,
                            rr: c,
                            ctx: Ctx::Chosen,
                        };
                        continue;
                    }
                    // Reached after undoing the option above x.
                    let old = self.links.up(x);
                    self.choice[l] = old;
                    if let Some(ev) = self.back_after_uncommit(old) {
                        return Some(ev);
                    }
                }
                Phase::Retreat => {
                    // Reached by a backtrack from level l + 1, whose state is that of entering it again.
                    self.level += 1;
                    self.phase = self.reenter();
                    return Some(Event::Backtrack {
                        level: self.level as u32,
                    });
                }
                Phase::UncoverRows {
                    c,
                    rr,
                    ctx: Ctx::Opt(p),
                } if rr != c
                    && self.looks()
                    && self.links.emptied(self.choice[l], rr).is_some() =>
                {
                    // Right after a reject: node rr's option, hidden last, emptied an item (the
                    // forward machine checked this very state, and went on only when it did not).
                    let item = self.links.emptied(self.choice[l], rr).unwrap_or(0);
                    self.phase = Phase::Reject {
                        p,
                        rr: self.links.down(rr),
                        item,
                    };
                    return Some(Event::Reject {
                        level: l as u32,
                        node: self.choice[l],
                        item,
                    });
                }
                Phase::UncoverRows { c, rr, ctx } => {
                    if rr == self.links.up(c) {
                        // Nothing unhidden yet.
                        match ctx {
                            // After an untweak, when the item's bound had reached 0.
                            Ctx::Chosen if self.levels[l].tweak => return Some(self.ununtweak()),
                            Ctx::Chosen => self.phase = Phase::Try,
                            Ctx::Opt(p) => {
                                if let Some(ev) = self.back_after_uncommit(p) {
                                    return Some(ev);
                                }
                            }
                        }
                        continue;
                    }
                    let h = self.links.down(rr);
                    self.links.hide::<true>(h);
                    self.phase = Phase::UncoverRows { c, rr: h, ctx };
                    return Some(Event::Unhide { node: h });
                }
                Phase::UncoverHeader { c, ctx } => {
                    self.phase = Phase::UncoverRows { c, rr: c, ctx };
                }
                Phase::Exhausted
                    if self.levels[l].tweak && self.links.bound(self.levels[l].item) > 1 =>
                {
                    return Some(self.ununtweak());
                }
                Phase::Exhausted => {
                    let c = self.levels[l].item;
                    self.links.splice_out(c);
                    self.phase = Phase::UncoverHeader {
                        c,
                        ctx: Ctx::Chosen,
                    };
                    return Some(Event::UncoverItem { item: c });
                }
                Phase::Done => {
                    self.level = 0;
                    self.phase = self.reenter();
                }
            }
        }
    }

    /// Undoes the `Try` of `choice[level]`.
    fn untry(&mut self) -> Event {
        let l = self.level;
        let ev = Event::Try {
            level: l as u32,
            node: self.choice[l],
            k: self.levels[l].k,
            d: self.levels[l].d,
        };
        self.levels[l].k -= 1;
        self.phase = Phase::Try;
        if self.levels[l].tweak {
            let x = self.choice[l];
            let block = self.links.bound(self.levels[l].item) != 0;
            self.stats.updates -= self.links.untweak_one(x, block);
        }
        ev
    }

    /// Undoes the `Choose` of the current level (from the phase right after it).
    fn unchoose(&mut self) -> Event {
        let l = self.level;
        let c = self.levels[l].item;
        if self.levels[l].tweak {
            self.links.bound[c as usize] += 1;
        }
        self.leave_count(l);
        self.phase = Phase::Enter;
        Event::Choose {
            level: l as u32,
            item: c,
            len: self.levels[l].d,
        }
    }

    /// Undoes the `Untweak` of the current level: its bound lowered again, and the options it had tried
    /// tweaked out again — all of them, and the null choice too, when the item could close (its
    /// bound below its slack), else the `k` tried.
    fn ununtweak(&mut self) -> Event {
        let l = self.level;
        let c = self.levels[l].item;
        self.links.bound[c as usize] -= 1;
        let b = self.links.bound(c);
        let tried = self.levels[l].k - u32::from(b < self.links.slack(c));
        self.links.retweak(c, tried, b != 0);
        self.choice[l] = self.links.down(c);
        self.phase = Phase::Untweak;
        Event::Untweak {
            level: l as u32,
            item: c,
        }
    }

    /// Steps back over what came just before committing node `p` of the option tried at this level
    /// (with `p` the option's own node: before entering the level below). That was the `Try` itself
    /// when `p` is the first node committed; else the commit of the node before it: a `Purify`, undone
    /// here, or the last `Hide` of a cover, which the `CoverRows` phase set here undoes (`None`).
    fn back_before(&mut self, p: u32) -> Option<Event> {
        let q = self.prev_commit(p);
        if q == self.choice[self.level] {
            return Some(self.untry());
        }
        if self.links.color(q) != 0 {
            let (u, c) = self.links.unpurify(q);
            self.stats.updates -= u;
            self.stats.cleansings -= c;
            self.phase = Phase::Purify { p: q };
            return Some(Event::Purify { node: q });
        }
        if self.links.raises(q) {
            // Its commit lowered the bound and left the item active.
            self.links.raise(q);
            self.phase = Phase::Lower { p: q };
            return Some(Event::Lower { node: q });
        }
        let c = self.links.top(q);
        self.phase = Phase::CoverRows {
            c,
            rr: c,
            ctx: Ctx::Opt(q),
        };
        None
    }

    /// Steps back over what came just before uncommitting node `p` of the option being undone at this
    /// level (with `p` the option's own node: before moving to the next option). That was the
    /// `Retreat` when `p` is the last node committed (`None`, phase set to it); else the uncommit of
    /// the node after it, an `Unpurify` or an `UncoverItem`, which is redone here.
    fn back_after_uncommit(&mut self, p: u32) -> Option<Event> {
        let q = self.next_commit(p);
        if q == self.choice[self.level] {
            self.phase = Phase::Retreat;
            return None;
        }
        if self.links.color(q) != 0 {
            self.links.purify(q);
            self.phase = Phase::Unpurify { p: q };
            return Some(Event::Unpurify { node: q });
        }
        if self.links.lowers(q) {
            // Its uncommit raised the bound back (the commit had lowered it).
            self.links.lower(q);
            self.phase = Phase::Raise { p: q };
            return Some(Event::Raise { node: q });
        }
        Some(self.ununcover(q))
    }

    /// Undoes the `UncoverItem` of the item of node `q` of the option being undone.
    fn ununcover(&mut self, q: u32) -> Event {
        let c = self.links.top(q);
        self.links.splice_out(c);
        self.phase = Phase::UncoverHeader {
            c,
            ctx: Ctx::Opt(q),
        };
        Event::UncoverItem { item: c }
    }

    /// The phase in which `level` was left, worked out again from the links, which are as they were on
    /// entering it: a solution, a dead end, or an item whose options have all been tried.
    fn reenter(&mut self) -> Phase {
        let l = self.level;
        match self.choose() {
            None => Phase::Solved,
            Some((c, len)) => {
                self.levels[l] = Level {
                    item: c,
                    k: len,
                    d: len,
                    tweak: self.tweaks(c),
                    first: self.links.down(c),
                };
                if len == 0 {
                    Phase::Stuck
                } else {
                    self.choice[l] = c;
                    Phase::Exhausted
                }
            }
        }
    }

    /// Where a fast loop (`run_fast`, `run_fast_mult`) picks the machine up: `None` when it is done.
    /// Both start at a level boundary, which `run` settles first.
    #[inline(always)]
    fn fast_start(&self) -> Option<At> {
        Some(match self.phase {
            Phase::Enter => At::Enter,
            Phase::Try => At::Try,
            Phase::Retreat => At::Retreat,
            Phase::Solved | Phase::Stuck | Phase::Exhausted => At::Leave,
            Phase::Done => return None,
            _ => unreachable!("a fast loop starts at a level boundary"),
        })
    }

    /// The fast path: whole covers at a time, observer told only of solutions. Starts and stops at level
    /// boundaries, leaving the same state and counters as the fine-grained machine would.
    #[inline(never)]
    fn run_fast<O: Observer, const FIRST: bool, const XCC: bool, const LOOK: bool>(
        &mut self,
        obs: &mut O,
    ) -> Status {
        let Some(mut at) = self.fast_start() else {
            return Status::Done;
        };
        let mut l = self.level;
        let mut updates = 0u64;
        let mut cleansings = 0u64;
        // Counters and per-level arrays in locals and raw pointers, so that the loop neither checks
        // bounds nor reloads the vectors' pointers after each store. Levels stay below `depth`
        // (n_primary + 1, see `with_order`): each level covers a primary item, and the one after the
        // last holds the solution check. The vectors are never resized while this runs.
        let mut nodes = self.stats.nodes;
        let node_cap = self.node_cap;
        let mut capped = self.stats.solutions >= self.solution_cap;
        let levels = self.levels.as_mut_ptr();
        let choice = self.choice.as_mut_ptr();
        let profile = self.stats.profile.as_mut_ptr();
        debug_assert!(
            self.levels.len() == self.choice.len() && self.choice.len() == self.stats.profile.len()
        );
        let depth = self.levels.len();
        let status = loop {
            debug_assert!(l < depth);
            // Raw pointers, not references: the observer reads the whole search (`&Search`) while
            // these are in scope. SAFETY of every access through them: l < depth, the length of all
            // three vectors (see above), and nothing resizes them here.
            let (lv, ch) = unsafe { (levels.add(l), choice.add(l)) };
            match at {
                At::Enter => {
                    if nodes >= node_cap || capped {
                        self.phase = Phase::Enter;
                        break Status::Limit;
                    }
                    nodes += 1;
                    // SAFETY: as above.
                    unsafe { *profile.add(l) += 1 };
                    match Heuristic::pick::<FIRST>(&self.links) {
                        None => {
                            self.stats.solutions += 1;
                            self.stats.nodes = nodes;
                            self.level = l;
                            self.phase = Phase::Solved;
                            self.stats.updates += std::mem::take(&mut updates);
                            self.stats.cleansings += std::mem::take(&mut cleansings);
                            let ev = Event::Solution { level: l as u32 };
                            if obs.event(ev, self).is_break() {
                                break Status::Paused;
                            }
                            capped = self.stats.solutions >= self.solution_cap;
                            at = At::Leave;
                        }
                        Some((c, len)) => {
                            // (`tweak` and `first` stay false and 0: this loop is for instances
                            // without multiplicities, whose levels never tweak.)
                            unsafe {
                                (*lv).item = c;
                                (*lv).k = 0;
                                (*lv).d = len;
                            };
                            if len == 0 {
                                self.phase = Phase::Stuck;
                                at = At::Leave;
                            } else {
                                updates += self.links.cover::<XCC>(c);
                                unsafe { *ch = self.links.down(c) };
                                at = At::Try;
                            }
                        }
                    }
                }
                At::Try => {
                    let (x, c) = unsafe { (*ch, (*lv).item) };
                    if x == c {
                        self.links.uncover::<XCC>(c);
                        self.phase = Phase::Exhausted;
                        at = At::Leave;
                        continue;
                    }
                    unsafe { (*lv).k += 1 };
                    if LOOK {
                        let (u, cl, emptied) = self.links.cover_option_look::<XCC>(x);
                        updates += u;
                        cleansings += cl;
                        if emptied.is_some() {
                            // Rejected, and undone already: on to the next option.
                            unsafe { *ch = self.links.down(x) };
                            continue;
                        }
                    } else {
                        let (u, cl) = self.links.cover_option_from::<XCC>(x);
                        updates += u;
                        cleansings += cl;
                    }
                    l += 1;
                    at = At::Enter;
                }
                At::Leave => {
                    if l == 0 {
                        self.phase = Phase::Done;
                        break Status::Done;
                    }
                    l -= 1;
                    at = At::Retreat;
                }
                At::Retreat => {
                    let x = unsafe { *ch };
                    self.links.uncover_option_from::<XCC>(x);
                    unsafe { *ch = self.links.down(x) };
                    at = At::Try;
                }
            }
        };
        self.stats.nodes = nodes;
        self.level = l;
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
        status
    }
}

impl Search {
    /// The fast path on bit sets (`core::bits`): the tree `run_fast` walks on DLX1's tree, the same
    /// counters, and on return the links, `choice` and `levels` as the links' own loop would have left
    /// them (only the part of the path that changed is uncovered and covered again).
    #[inline(never)]
    fn run_bits<O: Observer, const FIRST: bool>(&mut self, obs: &mut O) -> Status {
        let Some(start) = self.fast_start() else {
            return Status::Done;
        };
        let mut bits = self
            .bits
            .take()
            .unwrap_or_else(|| Box::new(Bits::new(&self.links)));
        let mut l = self.level;
        // What the links have covered now, as (item, node of the option tried or 0), in the order
        // it was covered; and the same walk in the bit sets. The bit sets' state is a function of
        // the givens and the path, so when they still hold this very state (the last run returned
        // here and nothing moved since) it is not replayed.
        let mut old: Vec<(u32, u32)> = (0..l)
            .map(|i| (self.levels[i].item, self.choice[i]))
            .collect();
        let same = bits.holds(&self.preselected, l, self.phase)
            && (0..l).all(|i| {
                let v = bits.lv[i];
                bits.item_at(v.pos) == self.levels[i].item
                    && bits.bit(self.links.option_of(self.choice[i])) == Some(v.cursor)
                    && v.k == self.levels[i].k
            });
        if !same {
            let chosen: Vec<u32> = self
                .preselected
                .iter()
                .filter_map(|&k| bits.bit(k))
                .collect();
            bits.root(&chosen);
            for i in 0..l {
                let Level { item, k, d, .. } = self.levels[i];
                bits.cover(i, bits.pos_of(item), d);
                let x = bits
                    .bit(self.links.option_of(self.choice[i]))
                    .expect("an option on the path has nodes");
                bits.lv[i].cursor = x;
                bits.lv[i].k = k;
                bits.try_option(i, x);
            }
        }
        if let At::Try | At::Retreat = start {
            // Level l's item is covered; at Retreat, so is the option it tries.
            let Level { item, k, d, .. } = self.levels[l];
            let x = self.choice[l];
            bits.cover(l, bits.pos_of(item), d);
            bits.lv[l].k = k;
            bits.lv[l].cursor = if x == item {
                u32::MAX
            } else {
                bits.bit(self.links.option_of(x))
                    .expect("an option with nodes")
            };
            old.push((item, if matches!(start, At::Retreat) { x } else { 0 }));
        }
        let mut nodes = self.stats.nodes;
        let node_cap = self.node_cap;
        let mut capped = self.stats.solutions >= self.solution_cap;
        let mut updates = 0u64;
        // Two nested loops rather than one over a state: a node entered (the outer loop), then
        // options tried, levels left and retreats (the inner one) until an option is taken. Each
        // loop has one entry, the resumed state is dispatched inside; a loop over `At` that starts
        // in any of its states is irreducible control flow, which LLVM compiles for wasm through a
        // state variable in memory and a chain of compares at every step (13-queens: 6% of the time).
        let mut resume = Some(start);
        // `choice[..filled]` holds the nodes of the options the bit sets try at those levels (kept
        // up at solutions only: a level's entry goes stale when its cursor moves).
        let mut filled = 0;
        let status = 'enter: loop {
            // Leave level l (a solution, a dead end, or its options exhausted); or try its next option.
            let (mut leave, mut advance) = match resume.take() {
                Some(At::Try) => (false, false),
                Some(At::Retreat) => (false, true),
                Some(At::Leave) => (true, false),
                Some(At::Enter) | None => {
                    if nodes >= node_cap || capped {
                        self.phase = Phase::Enter;
                        break Status::Limit;
                    }
                    nodes += 1;
                    self.stats.profile[l] += 1;
                    match bits.choose::<FIRST>(l) {
                        None => {
                            self.stats.solutions += 1;
                            self.stats.nodes = nodes;
                            self.stats.updates += std::mem::take(&mut updates);
                            self.level = l;
                            self.phase = Phase::Solved;
                            // The observer reads the path (`path`, `solution`): the options tried.
                            // Consecutive solutions share most of it (13-queens: 73,712 of them,
                            // each 13 levels deep).
                            for i in filled..l {
                                let v = bits.lv[i];
                                self.choice[i] = bits.node(v.cursor, bits.item_at(v.pos));
                            }
                            filled = l;
                            if obs
                                .event(Event::Solution { level: l as u32 }, self)
                                .is_break()
                            {
                                break Status::Paused;
                            }
                            capped = self.stats.solutions >= self.solution_cap;
                            (true, false)
                        }
                        Some((_, 0)) => (true, false),
                        Some((p, d)) => {
                            updates += bits.cover(l, p, d);
                            (false, false)
                        }
                    }
                }
            };
            loop {
                if leave {
                    if l == 0 {
                        self.phase = Phase::Done;
                        break 'enter Status::Done;
                    }
                    l -= 1;
                    advance = true;
                }
                if advance {
                    filled = filled.min(l);
                    let x = bits.lv[l].cursor;
                    bits.lv[l].cursor = bits.next_option(l, x);
                }
                let x = bits.lv[l].cursor;
                if x != u32::MAX {
                    bits.lv[l].k += 1;
                    updates += bits.try_option(l, x);
                    l += 1;
                    continue 'enter;
                }
                leave = true;
            }
        };
        self.stats.nodes = nodes;
        self.stats.updates += updates;
        self.level = l;
        // The links, `choice` and `levels` of the new state (the phase is Enter, Solved or Done:
        // levels 0..l each hold an item covered and an option tried).
        let mut new = Vec::with_capacity(l);
        for i in 0..l {
            let v = bits.lv[i];
            let c = bits.item_at(v.pos);
            let x = bits.node(v.cursor, c);
            self.levels[i] = Level {
                item: c,
                k: v.k,
                d: v.d,
                ..Level::default()
            };
            self.choice[i] = x;
            new.push((c, x));
        }
        let keep = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        // Uncover in the reverse order of covering: the links come back exactly.
        for &(c, x) in old[keep..].iter().rev() {
            if x != 0 {
                self.links.uncover_option_from::<true>(x);
            }
            self.links.uncover::<true>(c);
        }
        for &(c, x) in &new[keep..] {
            self.links.cover::<true>(c);
            self.links.cover_option_from::<true>(x);
        }
        bits.left_at(&self.preselected, l, self.phase);
        self.bits = Some(bits);
        status
    }
}

impl Search {
    /// The fast path for an instance with multiplicities (Algorithm M): whole covers and tweaks at a
    /// time, as `run_fast` for Algorithm X and C, leaving the same states and counters as the event
    /// machine at level boundaries. A loop of its own, so that plain exact cover keeps its code.
    fn run_fast_mult<O: Observer, const FIRST: bool>(&mut self, obs: &mut O) -> Status {
        let Some(mut at) = self.fast_start() else {
            return Status::Done;
        };
        let mut l = self.level;
        let (mut updates, mut cleansings) = (0u64, 0u64);
        let status = loop {
            match at {
                At::Enter => {
                    if self.stats.nodes >= self.node_cap
                        || self.stats.solutions >= self.solution_cap
                    {
                        self.phase = Phase::Enter;
                        break Status::Limit;
                    }
                    self.stats.nodes += 1;
                    self.stats.profile[l] += 1;
                    match self.links.choose_mult::<FIRST>() {
                        None => {
                            self.stats.solutions += 1;
                            self.level = l;
                            self.phase = Phase::Solved;
                            self.stats.updates += std::mem::take(&mut updates);
                            self.stats.cleansings += std::mem::take(&mut cleansings);
                            if obs
                                .event(Event::Solution { level: l as u32 }, self)
                                .is_break()
                            {
                                break Status::Paused;
                            }
                            at = At::Leave;
                        }
                        Some((c, d)) => {
                            let tweak = self.tweaks(c);
                            self.levels[l] = Level {
                                item: c,
                                k: 0,
                                d,
                                tweak,
                                first: 0,
                            };
                            if d == 0 {
                                self.phase = Phase::Stuck;
                                at = At::Leave;
                                continue;
                            }
                            if tweak {
                                self.links.bound[c as usize] -= 1;
                                self.levels[l].first = self.links.down(c);
                                if self.links.bound[c as usize] == 0 {
                                    updates += self.links.cover::<true>(c);
                                }
                            } else {
                                updates += self.links.cover::<true>(c);
                            }
                            self.choice[l] = self.links.down(c);
                            at = At::Try;
                        }
                    }
                }
                At::Try => {
                    let (x, Level { item: c, tweak, .. }) = (self.choice[l], self.levels[l]);
                    if tweak {
                        if self.off_limits(l) {
                            self.undo_item(l);
                            self.phase = Phase::Exhausted;
                            at = At::Leave;
                            continue;
                        }
                        self.levels[l].k += 1;
                        let block = self.links.bound[c as usize] != 0;
                        if x == c {
                            if block {
                                self.links.splice_out(c);
                            }
                        } else {
                            updates += self.links.tweak(x, block);
                            let (u, cl) = self.links.cover_option_from_m(x);
                            updates += u;
                            cleansings += cl;
                        }
                    } else {
                        if x == c {
                            self.links.uncover::<true>(c);
                            self.phase = Phase::Exhausted;
                            at = At::Leave;
                            continue;
                        }
                        self.levels[l].k += 1;
                        let (u, cl) = self.links.cover_option_from_m(x);
                        updates += u;
                        cleansings += cl;
                    }
                    l += 1;
                    at = At::Enter;
                }
                At::Leave => {
                    if l == 0 {
                        self.phase = Phase::Done;
                        break Status::Done;
                    }
                    l -= 1;
                    at = At::Retreat;
                }
                At::Retreat => {
                    let (x, c) = (self.choice[l], self.levels[l].item);
                    self.undo_option(l);
                    if self.levels[l].tweak && x == c {
                        // The null choice was the last way to go on.
                        self.undo_item(l);
                        self.phase = Phase::Exhausted;
                        at = At::Leave;
                    } else {
                        self.choice[l] = self.links.down(x);
                        at = At::Try;
                    }
                }
            }
        };
        self.level = l;
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
        status
    }
}

#[cfg(test)]
mod tests;
