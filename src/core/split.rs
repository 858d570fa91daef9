//! One search split into many: the top levels of the search tree are walked once, and every subtree
//! below them becomes a *subproblem*, named by its prefix (the options chosen on the path to it), that
//! any other search can count by preselecting that prefix. Threads (`core::threads`), the CLI's
//! `--part K/N` and the page's workers all count subproblems; nothing here knows about any of them.
//!
//! The split is a function of the problem alone (instance, givens, layout order) and of the [`Plan`]:
//! the walk is the search's own deterministic order, and the size estimates that steer it are Knuth's
//! random probes (TAOCP 7.2.2, "estimating the running time") with seeds derived from the prefix. So
//! every process that splits the same problem with the same plan gets the same subproblems, and a
//! part computed on one machine adds up with parts computed on others.
//!
//! **The counts add up exactly.** The walk is a real [`Search`], run event by event with a fine
//! observer; where it decides to hand a subtree off, it calls [`Search::prune`], which leaves that level
//! unsearched and uncounted. What the walk counts (the search-tree nodes above the subproblems, the
//! updates of the covers made there, and any solutions or dead ends it meets on the way) is the *top*;
//! a subproblem's search counts its subtree and nothing else (preselecting its prefix is not counted,
//! as for Sudoku givens). A subproblem's search stands where the whole search stood on entering that
//! subtree: preselecting covers the same items as the search did (in another order), so the same
//! options are hidden and every list keeps its remaining nodes in their order; it then makes the same
//! choices and the same updates. Hence top + all subproblems = the sequential search's solutions,
//! nodes, updates and level profile (tested on every problem kind in `tests/it/parallel.rs`).
//!
//! Subproblems are numbered in the search's order (`seq`, shared with the top's solutions), so the first
//! solution of the whole search is the one with the smallest `seq`, whoever found it.

use super::instance::Instance;
use super::links::{Links, Order};
use super::rng::SplitMix;
use super::search::{Clash, Limits, Phase, Search, SolutionStop, Stats, Status, Tree};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How finely to split.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// About how many subproblems to make: a subtree is split further while its estimated size is
    /// above the whole tree's estimate divided by this.
    pub target: usize,
    /// Never split a subtree estimated smaller than this (nodes plus updates): below it, a
    /// subproblem's setup would cost more than the balance gains.
    pub min_size: f64,
    /// Knuth's probes for the whole tree, whose estimate sets the threshold and the least depth.
    pub probes: u32,
}

impl Plan {
    /// The plan for `n` workers or parts: 64 subproblems per worker (at least 256 in all), so that
    /// parts, which cannot steal from one another, even out subtrees whose estimates were off.
    pub fn for_workers(n: usize) -> Plan {
        Plan {
            target: 64usize.saturating_mul(n.max(4)),
            min_size: 200_000.0,
            probes: ROOT_PROBES,
        }
    }

    /// The plan for `n` threads of one process, which steal work from one another: 16 subproblems a
    /// thread (at least 32 in all) balance them as well as 64 do, and the split walks far fewer
    /// nodes (pentomino 8x8, whose least depth the widths set: 62 subproblems instead of 647), and
    /// every subproblem costs its own set-up (it preselects its prefix and lays out its bit sets
    /// again), so fewer cost less in all. 16 probes of the root, not 64: the split is the part of
    /// the count the other threads wait for, and a threshold off by a factor of 2 costs threads
    /// that steal little.
    pub fn for_threads(n: usize) -> Plan {
        Plan {
            target: 16usize.saturating_mul(n.max(2)),
            min_size: 200_000.0,
            probes: 16,
        }
    }
}

/// Solutions a [`Share`] keeps (the first in the whole search's order), and the top too: the page
/// lists the first solutions of a run to the end.
pub const KEEP: usize = 100;

/// Deeper than this the walk never splits: the top stays small even when estimates are wild.
const MAX_DEPTH: usize = 24;
/// Knuth's probes for the whole tree (its size, and the widths of its levels). 64, not 256: the
/// root's estimate only sets the threshold (a factor of 2 in the number of subproblems at worst) and
/// the least depth, and the probes are most of the split's work, paid again by every part of a
/// count in parts.
const ROOT_PROBES: u32 = 64;
/// Probes for each node the walk considers below the least depth (see `Split::new`). One: a probe of
/// pentomino 6x10 costs a few percent of an average subproblem's count, so 16 probes a node made the
/// split a large share of the whole count. The estimates only order
/// the subproblems and deal them to parts; one probe is a noisy estimate (the parts' balance suffers
/// a little, see benches/README.md, "Threads"), and the least depth keeps a badly underestimated subtree small.
const PROBES: u32 = 1;

/// A fast observer that keeps the first `want` solutions' options and counts on: the fast loops
/// keep the path readable at a solution, so the solution is read there, without a return from the
/// loop (each return on bit sets brings the links to the path, work the sequential count does not
/// do).
struct Keep<'a> {
    kept: &'a mut Vec<Vec<usize>>,
    want: usize,
}

impl super::search::Observer for Keep<'_> {
    const FINE: bool = false;
    #[inline(always)]
    fn reads_path(&self) -> bool {
        self.kept.len() < self.want
    }
    #[inline(always)]
    fn event(&mut self, ev: super::search::Event, search: &Search) -> std::ops::ControlFlow<()> {
        if matches!(ev, super::search::Event::Solution { .. }) && self.kept.len() < self.want {
            self.kept.push(search.solution());
        }
        std::ops::ControlFlow::Continue(())
    }
}

/// One subtree to count: the options chosen on the path to it, after the givens.
#[derive(Clone, Debug, PartialEq)]
pub struct Subproblem {
    pub prefix: Vec<usize>,
    /// Knuth's estimate of its size (search-tree nodes plus updates).
    pub estimate: f64,
    /// Its place in the search's order, among the subproblems and the top's solutions.
    pub seq: u64,
}

/// What a share of the search counted, with levels numbered as in the whole search, and its first
/// solution in the whole search's order (`seq`, the options of the solution, givens included).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub stats: Stats,
    pub first: Option<(u64, Vec<usize>)>,
}

impl Tally {
    /// Adds another share's counts; the first solution is the earlier of the two.
    pub fn add(&mut self, other: Tally) {
        let (a, b) = (&mut self.stats, other.stats);
        a.nodes += b.nodes;
        a.updates += b.updates;
        a.cleansings += b.cleansings;
        a.solutions += b.solutions;
        if a.profile.len() < b.profile.len() {
            a.profile.resize(b.profile.len(), 0);
        }
        for (x, y) in a.profile.iter_mut().zip(b.profile) {
            *x += y;
        }
        if let Some((seq, opts)) = other.first {
            if self.first.as_ref().is_none_or(|(s, _)| seq < *s) {
                self.first = Some((seq, opts));
            }
        }
    }

    pub fn merged(mut self, other: Tally) -> Tally {
        self.add(other);
        self
    }
}

/// A problem split into the top of its search tree and subproblems.
#[derive(Clone, Debug)]
pub struct Split {
    /// The search at its start, givens preselected: every subproblem's search is a copy of it.
    base: Search,
    givens: Vec<usize>,
    /// What the walk counted above the subproblems (see the module's note).
    pub top: Tally,
    /// The first [`KEEP`] solutions the walk met, with their `seq` (givens included).
    pub top_kept: Vec<(u64, Vec<usize>)>,
    /// Largest estimate first (the order that balances best), ties in the search's order.
    pub subproblems: Vec<Subproblem>,
    /// Knuth's estimate of the whole tree's size.
    pub estimate: f64,
    /// [`fingerprint`] of the problem: parts from different problems must not be added up.
    pub fingerprint: u64,
    /// The work the size estimates did (items scanned choosing, as bounded by `PROBE_WORK`).
    pub probe_work: u64,
}

/// FNV-1a, 64 bits: stable across runs, machines and versions, unlike `std`'s hasher.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 = (self.0 ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn num(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }
}

/// A stable hash of what determines the search: the items (names, which are primary), the options
/// (items and colours), the givens and the layout order. Two runs agree on it exactly when they search the same tree.
pub fn fingerprint(inst: &Instance, givens: &[usize], order: Order) -> u64 {
    let mut h = Fnv::new();
    h.num(inst.n_items() as u64);
    h.num(inst.n_primary() as u64);
    for name in inst.item_names() {
        h.num(name.len() as u64);
        h.bytes(name.as_bytes());
    }
    // Multiplicities change the tree; hashed only when present, so plain fingerprints stay as they were.
    if inst.has_multiplicities() {
        for i in 0..inst.n_primary() {
            let (lo, hi) = inst.bounds(i);
            h.num(u64::from(lo));
            h.num(u64::from(hi));
        }
    }
    h.num(inst.n_options() as u64);
    for k in 0..inst.n_options() {
        let opt = inst.option_colored(k);
        h.num(opt.len() as u64);
        for (i, color) in opt {
            h.num(i as u64);
            h.num(u64::from(color));
        }
    }
    h.num(givens.len() as u64);
    for &g in givens {
        h.num(g as u64);
    }
    match order {
        Order::Given => h.num(0),
        Order::Shuffled(seed) => {
            h.num(1);
            h.num(seed);
        }
    }
    h.0
}

/// [`fingerprint`] of a search walking `tree`: the lookahead's tree has other nodes (the counts agree,
/// the node totals do not), so its parts must not be added to DLX1's. DLX1's fingerprint is the
/// plain one, as it always was.
pub fn fingerprint_tree(inst: &Instance, givens: &[usize], order: Order, tree: Tree) -> u64 {
    let h = fingerprint(inst, givens, order);
    match tree {
        Tree::Dlx1 => h,
        Tree::Lookahead => {
            let mut f = Fnv(h);
            f.bytes(Tree::Lookahead.name().as_bytes());
            f.0
        }
    }
}

/// The work one estimate may do, in items scanned by `choose` (about 30 ms): a probe costs its depth
/// times the primary items, so a deep, thin tree (10^5 items each in its own option: one path 10^5
/// levels deep) made 256 probes cost 256 whole searches (555 s for a 2 s count). Counted in work, not
/// time, so that the split stays a function of the problem alone.
const PROBE_WORK: u64 = 1 << 26;

/// The work of one update (a node unlinked, and relinked when the probe goes back), in items
/// scanned: an unlink is a scattered store pair where a scan reads lengths in a row. Without it a
/// probe's covers cost nothing, and a wide, flat tree was probed 64 times whatever its covers took:
/// on 32,000 options of the same 62 items, each probe's first cover hides all the others (2 million
/// updates, and as many to undo), the root's estimate took 1.8 s of `--part 0/2`'s 2.1 s (the count
/// 0.36 s).
const UPDATE_WORK: u64 = 8;

/// Knuth's estimate of the size of the search tree below the current state of `links` (nodes, plus
/// the updates made at them): `probes` random paths to a leaf, each node on a path weighted by the
/// product of the branching degrees above it, averaged. Probes on `links` itself and leaves it exactly
/// as it was (every cover undone in reverse order), so no copy of the matrix is made per estimate.
/// Stops early when `budget` work is spent: the probes done count, and a probe cut short counts what
/// it saw, so a tree too deep to probe is underestimated (and left unsplit: its subproblems would be
/// as deep). Returns the estimate and the work done.
fn estimate(
    links: &mut Links,
    probes: u32,
    seed: u64,
    budget: u64,
    mut profile: Option<&mut Vec<f64>>,
) -> (f64, u64) {
    let l = links;
    let mut rng = SplitMix::new(seed);
    let mut path: Vec<u32> = Vec::new();
    let mut total = 0.0;
    let per_choice = u64::from(l.n_primary()).max(1);
    let mut work = 0u64;
    let mut done = 0u32;
    while done < probes && (done == 0 || work < budget) {
        done += 1;
        let mut weight = 1.0;
        loop {
            work += per_choice;
            let choice = if work > budget {
                None
            } else {
                l.choose().filter(|&(_, d)| d > 0)
            };
            if let Some(p) = profile.as_deref_mut() {
                if p.len() <= path.len() {
                    p.resize(path.len() + 1, 0.0);
                }
                p[path.len()] += weight;
            }
            let Some((c, d)) = choice else {
                total += weight;
                break;
            };
            let covered = l.cover::<true>(c);
            let mut x = l.down(c);
            for _ in 0..rng.below(d as usize) {
                x = l.down(x);
            }
            let tried = l.cover_option_from::<true>(x).0;
            work = work.saturating_add(UPDATE_WORK.saturating_mul(covered + tried));
            // Every option of c will be tried, each with a cover like this one's.
            let updates = covered + d as u64 * tried;
            total += weight * (1 + updates) as f64;
            weight *= d as f64;
            path.push(x);
        }
        while let Some(x) = path.pop() {
            l.uncover_option_from::<true>(x);
            l.uncover::<true>(l.top(x));
        }
    }
    if let Some(p) = profile {
        p.iter_mut().for_each(|w| *w /= f64::from(done));
    }
    (total / f64::from(done), work)
}

/// Knuth's estimate of the size of the search tree below where `search` stands (nodes plus the
/// updates made at them), from at most `probes` random paths and about `budget` work (items
/// scanned choosing; the first path is always walked, cut short where it passes the budget). On
/// the search's own links, which it leaves exactly as they were.
pub fn estimate_size(search: &mut Search, probes: u32, budget: u64) -> f64 {
    estimate(search.links_mut(), probes, seed_of(&[]), budget, None).0
}

/// A seed for the probes below a prefix, so that the estimates depend on the problem alone.
fn seed_of(prefix: &[usize]) -> u64 {
    let mut h = Fnv::new();
    for &k in prefix {
        h.num(k as u64);
    }
    h.0
}

impl Split {
    /// Splits the search over `inst` (laid out in `order`, `givens` chosen first) as `plan` says.
    pub fn new(
        inst: &Instance,
        givens: &[usize],
        order: Order,
        plan: Plan,
    ) -> Result<Split, Clash> {
        Split::with_tree(inst, givens, order, plan, Tree::Dlx1)
    }

    /// [`Split::new`] for a search walking `tree`: the walk above the subproblems and every
    /// subproblem's search walk it (a subproblem's root is a node both the whole search and the
    /// subproblem enter, so the counts still add up; the lookahead only decides which children
    /// are entered).
    pub fn with_tree(
        inst: &Instance,
        givens: &[usize],
        order: Order,
        plan: Plan,
        tree: Tree,
    ) -> Result<Split, Clash> {
        let base = Split::base_search(inst, givens, order, tree)?;
        Ok(Split::from_base(base, inst, givens, order, plan))
    }

    /// The search a split of `inst` starts from (and copies for each subproblem): laid out in
    /// `order`, walking `tree`, `givens` preselected. For a caller that counts on it a little before
    /// deciding to split (`threads::count_whole`).
    pub fn base_search(
        inst: &Instance,
        givens: &[usize],
        order: Order,
        tree: Tree,
    ) -> Result<Search, Clash> {
        let mut base = Search::with_order(inst, order);
        base.set_tree(tree);
        base.preselect(givens)?;
        Ok(base)
    }

    /// [`Split::with_tree`] from its base search (from [`Split::base_search`], at its start, with
    /// the engine its subproblems count with).
    pub fn from_base(
        mut base: Search,
        inst: &Instance,
        givens: &[usize],
        order: Order,
        plan: Plan,
    ) -> Split {
        assert!(
            base.at_start() && base.stats().nodes == 0,
            "a split starts from a search at its start"
        );
        let fingerprint = fingerprint_tree(inst, givens, order, base.tree());
        // With multiplicities (Algorithm M) a subtree is not reached by preselecting the options on
        // its path: the levels above also tweaked options out of lists. So such a search is not cut:
        // it is one subproblem, counted whole by whichever part or thread gets it (exact, not parallel).
        let mult = inst.has_multiplicities();
        let mut probe_work = 0;
        // Knuth's estimate of the whole tree, and of the number of nodes at each level.
        let mut widths = Vec::new();
        let root = if mult {
            1.0
        } else {
            let (root, work) = estimate(
                base.links_mut(),
                plan.probes.max(1),
                seed_of(&[]),
                PROBE_WORK,
                Some(&mut widths),
            );
            probe_work += work;
            root
        };
        let mut split = Split {
            base: base.clone(),
            givens: givens.to_vec(),
            top: Tally::default(),
            top_kept: Vec::new(),
            subproblems: Vec::new(),
            estimate: root,
            fingerprint,
            probe_work: 0,
        };
        if plan.target <= 1 || root < plan.min_size || mult {
            // Not worth splitting: one subproblem, the whole search.
            split.subproblems.push(Subproblem {
                prefix: Vec::new(),
                estimate: root,
                seq: 0,
            });
            split.probe_work = probe_work;
            return split;
        };
        let threshold = (root / plan.target as f64).max(plan.min_size);
        // Every node above the first level estimated to hold half the target's nodes (or as many as
        // the tree has subtrees of `min_size`) is split, whatever its own estimate says: a probe or
        // two often miss the few long paths of a subtree and call it small (one subproblem many
        // times the target's size can then hold up the end of a count), and the widths of the top
        // levels, estimated from all the root's probes, are far steadier than one subtree's size.
        let want = (plan.target as f64 / 2.0).min(root / plan.min_size.max(1.0));
        let min_depth = widths.iter().position(|&w| w >= want).unwrap_or(0);
        // Beyond this many subproblems (estimates gone badly wrong), the walk stops splitting.
        let max_subs = plan.target.saturating_mul(8);
        let n_givens = givens.len();
        let mut s = base;
        let mut seq = 0u64;
        loop {
            // At full speed to the next node (stopping before counting it) or solution: a node cap
            // one above the nodes counted when the node standing here is to be entered, else none.
            let cap = s.stats().nodes + u64::from(s.phase() == Phase::Enter);
            s.set_limits(Limits {
                nodes: Some(cap),
                solutions: None,
            });
            let solved = match s.run(&mut SolutionStop { stop: true }) {
                Status::Done => break,
                Status::Paused => true,
                Status::Limit => false,
            };
            if solved {
                if split.top.first.is_none() {
                    split.top.first = Some((seq, s.solution()));
                }
                if split.top_kept.len() < KEEP {
                    split.top_kept.push((seq, s.solution()));
                }
                seq += 1;
                continue;
            }
            let level = s.level();
            // The root is split (it is large enough); a solution or a dead end the walk meets is
            // counted in the top, like any node above the subproblems.
            if level == 0 || s.links().choose().is_none_or(|(_, d)| d == 0) {
                continue;
            }
            let prefix = s.solution()[n_givens..].to_vec();
            let deeper = level < MAX_DEPTH && split.subproblems.len() < max_subs;
            if deeper && level < min_depth {
                continue;
            }
            // Probed on the walk's own links, which it leaves as they were.
            let (est, work) = estimate(s.links_mut(), PROBES, seed_of(&prefix), PROBE_WORK, None);
            probe_work += work;
            if deeper && est > threshold {
                continue;
            }
            split.subproblems.push(Subproblem {
                prefix,
                estimate: est,
                seq,
            });
            seq += 1;
            s.prune();
        }
        split.probe_work = probe_work;
        split.top.stats = s.stats().clone();
        split
            .subproblems
            .sort_by(|a, b| b.estimate.total_cmp(&a.estimate).then(a.seq.cmp(&b.seq)));
        split
    }

    /// The givens the split was made with.
    pub fn givens(&self) -> &[usize] {
        &self.givens
    }

    /// Which engine the subproblems' searches count with (see [`Search::set_engine`]).
    pub fn set_engine(&mut self, engine: super::search::Engine) {
        self.base.set_engine(engine);
    }

    /// A search at the start, givens preselected, to hand to [`Split::count_in`] (one per thread).
    pub fn search(&self) -> Search {
        self.base.clone()
    }

    /// The subproblems of part `k` of `n` (indices into `subproblems`), dealt largest first, each to
    /// the part with the least estimated work so far (the lowest-numbered on ties), and listed in
    /// the search's order, so that one after another they share the first options of their
    /// prefixes (see `begin`). Deterministic, like the split. Part 0 also owns the top (see
    /// [`Split::share_tally`]).
    pub fn share(&self, k: usize, n: usize) -> Vec<usize> {
        assert!(k < n, "part {k} of {n}");
        // With at least as many parts as subproblems, the deal below gives subproblem i to part i
        // (every load is 0 until its part gets one, and a tie goes to the lowest part): said so
        // directly, so that a huge n (`--part 0/4294967295`) allocates and scans nothing per part.
        if n >= self.subproblems.len() {
            return if k < self.subproblems.len() {
                vec![k]
            } else {
                Vec::new()
            };
        }
        // The least loaded part first, the lowest on a tie: a heap of (load, part), the loads as
        // their bits (non-negative floats order as their bits do), so that a deal costs
        // O(subproblems log n) rather than a scan of every part for every subproblem (64 parts of
        // pentomino 8x8, 647 subproblems, dealt once a part: 90 M instructions, as many as a
        // third of the count).
        let mut parts: BinaryHeap<Reverse<(u64, usize)>> =
            (0..n).map(|p| Reverse((0f64.to_bits(), p))).collect();
        let mut mine = Vec::new();
        for (i, sub) in self.subproblems.iter().enumerate() {
            let Reverse((load, p)) = parts.pop().expect("n > 0");
            let load = f64::from_bits(load) + sub.estimate.max(1.0);
            parts.push(Reverse((load.to_bits(), p)));
            if p == k {
                mine.push(i);
            }
        }
        mine.sort_by_key(|&i| self.subproblems[i].seq);
        mine
    }

    /// What part `k` counts before its subproblems: the top for part 0, nothing for the others.
    pub fn share_tally(&self, k: usize) -> Tally {
        if k == 0 {
            self.top.clone()
        } else {
            Tally::default()
        }
    }

    /// Sets `search` (from [`Split::search`], in any state) at the start of subproblem `i`: back to
    /// the start, then the givens and the prefix preselected. What it already has preselected in
    /// common with them (the givens, always; the first options of the prefix, for subproblems
    /// counted in the search's order) is kept: choosing them again is a share of the count where
    /// subproblems are a few levels deep and short.
    fn begin(&self, search: &mut Search, i: usize) {
        search.restart();
        let want = self.givens.iter().chain(&self.subproblems[i].prefix);
        let same = search
            .preselected()
            .iter()
            .zip(want.clone())
            .take_while(|(a, b)| a == b)
            .count();
        search.unpreselect_to(same);
        let rest: Vec<usize> = want.skip(same).copied().collect();
        search
            .preselect(&rest)
            .expect("the givens and a prefix of the search are consistent choices");
    }

    /// What `search` has counted of subproblem `i`, levels numbered as in the whole search.
    fn tally_of(&self, search: &Search, i: usize, first: Option<Vec<usize>>) -> Tally {
        let sub = &self.subproblems[i];
        let st = search.stats();
        // The subproblem's level 0 is level `prefix.len()` of the whole search.
        let mut profile = vec![0; st.profile.len()];
        for (l, &n) in st.profile.iter().enumerate() {
            if n > 0 {
                profile[l + sub.prefix.len()] += n;
            }
        }
        Tally {
            stats: Stats {
                nodes: st.nodes,
                updates: st.updates,
                cleansings: st.cleansings,
                solutions: st.solutions,
                profile,
            },
            first: first.map(|f| (sub.seq, f)),
        }
    }

    /// Counts on in a subproblem for at most `max_nodes` more search-tree nodes (`None`: to its
    /// end), keeping its solutions in `kept` until it holds `want`; true when it is finished.
    pub(crate) fn resume(
        search: &mut Search,
        max_nodes: Option<u64>,
        kept: &mut Vec<Vec<usize>>,
        want: usize,
    ) -> bool {
        let cap = max_nodes.map(|m| search.stats().nodes.saturating_add(m));
        search.set_limits(Limits {
            nodes: cap,
            solutions: None,
        });
        let done = search.run(&mut Keep { kept, want }) == Status::Done;
        search.set_limits(Limits::default());
        done
    }

    /// Counts subproblem `i` on `search` (from [`Split::search`], in any state), calling
    /// `tick(nodes, solutions)` with what was counted since the last call about every `chunk`
    /// search-tree nodes (`None`: only at the end), so that callers can show progress.
    pub fn count_in(
        &self,
        search: &mut Search,
        i: usize,
        chunk: Option<u64>,
        mut tick: impl FnMut(u64, u64),
    ) -> Tally {
        self.count_in_by(search, i, chunk, |n, _, s| {
            tick(n, s);
            chunk
        })
    }

    /// [`Split::count_in`] with chunks the caller sizes as it goes: `tick` gets the nodes, updates
    /// and solutions since the last tick and returns the next chunk (the CLI's threads size them by
    /// time, so that progress shows whatever a node costs).
    pub fn count_in_by(
        &self,
        search: &mut Search,
        i: usize,
        first_chunk: Option<u64>,
        mut tick: impl FnMut(u64, u64, u64) -> Option<u64>,
    ) -> Tally {
        self.begin(search, i);
        let mut first = Vec::new();
        let (mut nodes, mut updates, mut solutions) = (0, 0, 0);
        let mut chunk = first_chunk;
        loop {
            let done = Split::resume(search, chunk, &mut first, 1);
            let st = search.stats();
            chunk = tick(
                st.nodes - nodes,
                st.updates - updates,
                st.solutions - solutions,
            );
            (nodes, updates, solutions) = (st.nodes, st.updates, st.solutions);
            if done {
                break;
            }
        }
        self.tally_of(search, i, first.pop())
    }

    /// Counts part `k` of `n` on this thread: its share of the top and its subproblems.
    pub fn count_part(&self, k: usize, n: usize) -> Tally {
        let mut search = self.search();
        let mut tally = self.share_tally(k);
        for i in self.share(k, n) {
            tally.add(self.count_in(&mut search, i, None, |_, _| {}));
        }
        tally
    }

    /// Part `k` of `n`, to be counted a slice at a time.
    pub fn into_share(self, k: usize, n: usize) -> Share {
        Share::new(self, k, n)
    }
}

/// Part `k` of `n` of a split, counted a little at a time: for a caller that must return to its own
/// loop between slices (the page's workers). The same counts as [`Split::count_part`].
#[derive(Clone, Debug)]
pub struct Share {
    split: Split,
    /// The part's subproblems, in the order they are counted, and how many are finished.
    subs: Vec<usize>,
    finished: usize,
    search: Search,
    /// Whether `search` is inside `subs[finished]` (false before it is begun).
    begun: bool,
    /// The solutions of the subproblem under way kept so far (its first [`KEEP`]).
    sub_kept: Vec<Vec<usize>>,
    /// The part's first [`KEEP`] solutions in the whole search's order: (`seq`, index within its
    /// subproblem), options.
    kept: Vec<((u64, usize), Vec<usize>)>,
    /// The top's share and the finished subproblems.
    tally: Tally,
    /// Estimated sizes: of the finished subproblems, and of all of the part's.
    done: f64,
    total: f64,
}

impl Share {
    pub fn new(split: Split, k: usize, n: usize) -> Share {
        let subs = split.share(k, n);
        let total = subs
            .iter()
            .map(|&i| split.subproblems[i].estimate.max(1.0))
            .sum();
        let kept = if k == 0 {
            split
                .top_kept
                .iter()
                .map(|(seq, opts)| ((*seq, 0), opts.clone()))
                .collect()
        } else {
            Vec::new()
        };
        Share {
            search: split.search(),
            tally: split.share_tally(k),
            kept,
            sub_kept: Vec::new(),
            split,
            subs,
            finished: 0,
            begun: false,
            done: 0.0,
            total,
        }
    }

    /// A share whose subproblems are handed to it as it goes ([`Share::push`]): the page's workers
    /// take subproblems from one queue on demand, largest first, rather than a fixed share each,
    /// so none sits idle while another still has several to count. `top`: this one counts the top
    /// too (exactly one of the workers must).
    pub fn queue(split: Split, top: bool) -> Share {
        let mut share = Share::new(split, 0, 1);
        share.subs.clear();
        share.total = 0.0;
        if !top {
            share.tally = Tally::default();
            share.kept.clear();
        }
        share
    }

    /// Appends subproblem `i` to those this share counts (after the ones it has).
    pub fn push(&mut self, i: usize) {
        assert!(i < self.split.subproblems.len(), "no subproblem {i}");
        self.subs.push(i);
        self.total += self.split.subproblems[i].estimate.max(1.0);
    }

    /// Subproblems handed to this share and not finished (the one under way included).
    pub fn pending(&self) -> usize {
        self.subs.len() - self.finished
    }

    pub fn split(&self) -> &Split {
        &self.split
    }

    pub fn is_done(&self) -> bool {
        self.finished == self.subs.len()
    }

    /// Counts on for about `max_nodes` search-tree nodes (or a little more: a subproblem finished
    /// early leaves the rest to the next); true when the whole part is counted.
    pub fn count(&mut self, max_nodes: u64) -> bool {
        let mut left = max_nodes.max(1);
        while !self.is_done() && left > 0 {
            let i = self.subs[self.finished];
            if !self.begun {
                self.split.begin(&mut self.search, i);
                self.begun = true;
                self.sub_kept.clear();
            }
            let seq = self.split.subproblems[i].seq;
            // Once KEEP earlier solutions are kept, this subproblem's cannot be among the first.
            let want = if self.kept.len() >= KEEP && self.kept[KEEP - 1].0 < (seq, 0) {
                1
            } else {
                KEEP
            };
            let before = self.search.stats().nodes;
            let done = Split::resume(&mut self.search, Some(left), &mut self.sub_kept, want);
            left = left.saturating_sub(self.search.stats().nodes - before);
            if done {
                let first = self.sub_kept.first().cloned();
                let t = self.split.tally_of(&self.search, i, first);
                self.tally.add(t);
                for (j, opts) in self.sub_kept.drain(..).enumerate() {
                    self.kept.push(((seq, j), opts));
                }
                self.kept.sort_by_key(|k| k.0);
                self.kept.truncate(KEEP);
                self.done += self.split.subproblems[i].estimate.max(1.0);
                self.finished += 1;
                self.begun = false;
            }
        }
        self.is_done()
    }

    /// What the part has counted so far, the subproblem under way included.
    pub fn tally(&self) -> Tally {
        let mut t = self.tally.clone();
        if self.begun {
            let i = self.subs[self.finished];
            t.add(
                self.split
                    .tally_of(&self.search, i, self.sub_kept.first().cloned()),
            );
        }
        t
    }

    /// The part's first [`KEEP`] solutions in the whole search's order, among the subproblems
    /// finished so far (and the top's, for part 0): the key (`seq`, index within its subproblem)
    /// orders them across parts too.
    pub fn kept(&self) -> &[((u64, usize), Vec<usize>)] {
        &self.kept
    }

    /// Knuth's estimate of the part's work done so far, and of all of it (same unit: nodes plus
    /// updates): the finished subproblems' estimates, plus the one under way's times its search's
    /// own progress estimate.
    pub fn progress(&self) -> (f64, f64) {
        let mut done = self.done;
        if self.begun {
            let i = self.subs[self.finished];
            done += self.split.subproblems[i].estimate.max(1.0) * self.search.progress();
        }
        (done, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` items, each in an option of its own: one solution, a search tree that is a path `n` deep.
    fn chain(n: usize) -> Instance {
        let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
        let mut inst = Instance::new(names, Vec::<String>::new()).unwrap();
        for k in 0..n {
            inst.add_option(&[k]).unwrap();
        }
        inst
    }

    /// `n` items, each in `d` options of its own: a uniform tree, `d^j` nodes at level `j`.
    fn uniform(n: usize, d: usize) -> Instance {
        let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
        let mut inst = Instance::new(names, Vec::<String>::new()).unwrap();
        for k in 0..n {
            for _ in 0..d {
                inst.add_option(&[k]).unwrap();
            }
        }
        inst
    }

    #[test]
    #[cfg_attr(
        feature = "sanity",
        ignore = "minutes with sanity() at every node; runs without the feature"
    )]
    fn probes_of_a_deep_thin_tree_stop_at_their_work_bound() {
        // 10^5 items each in its own option: 256 whole probes were 256 whole searches (555 s).
        let n = 100_000;
        let inst = chain(n);
        let mut search = Search::new(&inst);
        let (est, work) = estimate(search.links_mut(), ROOT_PROBES, 1, PROBE_WORK, None);
        assert!(work <= PROBE_WORK + n as u64, "work {work}");
        assert!(est > 0.0 && est < 2.0 * n as f64, "estimate {est}");
        // Underestimated, the tree is not split: one subproblem, and the count is right.
        let split = Split::new(&inst, &[], Order::Given, Plan::for_workers(2)).unwrap();
        assert_eq!(split.subproblems.len(), 1);
        let mut s = split.search();
        let t = split.count_in(&mut s, 0, None, |_, _| {});
        assert_eq!(t.stats.solutions, 1);
        assert_eq!(t.stats.nodes, n as u64 + 1);
    }

    #[test]
    fn probes_whose_covers_are_large_stop_at_their_work_bound() {
        // 20,000 options of the same 62 items: each probe's first cover hides every other option
        // (1.2 million updates). Counted as items scanned only, such covers were free, and the
        // root's 64 probes took 1.8 s of a 0.36 s count's `--part 0/2` (32,000 options).
        let n = 20_000;
        let names: Vec<String> = (0..62).map(|k| format!("i{k}")).collect();
        let mut inst = Instance::new(names, Vec::<String>::new()).unwrap();
        let all: Vec<usize> = (0..62).collect();
        for _ in 0..n {
            inst.add_option(&all).unwrap();
        }
        let mut search = Search::new(&inst);
        let (_, one) = estimate(search.links_mut(), 1, 1, PROBE_WORK, None);
        let (est, work) = estimate(search.links_mut(), ROOT_PROBES, 1, PROBE_WORK, None);
        assert!(one > 61 * (n as u64 - 1), "one probe's work {one}");
        assert!(work <= PROBE_WORK + one, "work {work}, a probe {one}");
        assert!(work / one < u64::from(ROOT_PROBES), "{} probes", work / one);
        // The estimate stays the tree's: the root, its cover's updates, and the n leaves.
        assert!(est > (61 * (n - 1) + n) as f64, "estimate {est}");
        let t = Split::new(&inst, &[], Order::Given, Plan::for_workers(2))
            .unwrap()
            .count_part(0, 1);
        assert_eq!(t.stats.solutions, n as u64);
    }

    #[test]
    fn shallow_trees_get_all_their_probes() {
        // A small chain probes to the end every time: the bound changes nothing there. A probe
        // scans 50 items at each of its 51 choices, and covers 50 items (an update each).
        let inst = chain(50);
        let mut search = Search::new(&inst);
        let (est, work) = estimate(search.links_mut(), ROOT_PROBES, 1, PROBE_WORK, None);
        assert_eq!(work, u64::from(ROOT_PROBES) * (51 * 50 + UPDATE_WORK * 50));
        assert!(est >= 50.0);
    }

    #[test]
    fn probing_in_place_leaves_the_links_as_they_were() {
        // Part way down a real search (a level entered, others tried and undone), probes cover and
        // uncover on the search's own links: every array must be exactly as before, and the search
        // must go on to the sequential count.
        let inst = crate::problems::load(&crate::problems::Spec::Queens(6))
            .unwrap()
            .instance()
            .clone();
        let mut s = Search::new(&inst);
        s.set_limits(Limits {
            nodes: Some(20),
            solutions: None,
        });
        assert_eq!(s.run(&mut crate::core::Count), Status::Limit);
        let before = s.links().clone();
        let (est, _) = estimate(s.links_mut(), 64, 7, PROBE_WORK, Some(&mut Vec::new()));
        assert!(est >= 1.0);
        assert!(*s.links() == before, "the probes changed the links");
        s.set_limits(Limits::default());
        assert_eq!(s.run(&mut crate::core::Count), Status::Done);
        assert_eq!(s.stats().solutions, 4);
    }

    #[test]
    fn the_widths_of_a_uniform_tree_are_exact_and_set_the_least_depth_of_the_split() {
        // 6 items of 3 options each: 3^j nodes at level j, whatever path a probe takes.
        let inst = uniform(6, 3);
        let mut s = Search::new(&inst);
        let mut widths = Vec::new();
        estimate(s.links_mut(), 5, 1, PROBE_WORK, Some(&mut widths));
        assert_eq!(widths, [1.0, 3.0, 9.0, 27.0, 81.0, 243.0, 729.0]);
        // A target of 64: every node above the first level at least 32 wide (level 4, 81 nodes) is
        // split, however small its estimate; with no size bound the estimates (a subtree of 3^2
        // leaves is far below the whole tree / 64) split no deeper.
        let plan = Plan {
            target: 64,
            min_size: 0.0,
            probes: ROOT_PROBES,
        };
        let split = Split::new(&inst, &[], Order::Given, plan).unwrap();
        assert_eq!(split.subproblems.len(), 81);
        assert!(split.subproblems.iter().all(|p| p.prefix.len() == 4));
        assert_eq!(split.top.stats.nodes, 1 + 3 + 9 + 27);
        let mut search = split.search();
        let mut total = split.top.clone();
        for i in 0..split.subproblems.len() {
            total.add(split.count_in(&mut search, i, None, |_, _| {}));
        }
        assert_eq!(total.stats.solutions, 729);
        assert_eq!(total.stats.nodes, (0..=6).map(|j| 3u64.pow(j)).sum::<u64>());
    }

    #[test]
    fn a_reused_search_keeps_the_common_prefix_and_counts_as_a_fresh_one() {
        // A Sudoku with givens (kept from one subproblem to the next) and a fine split: each
        // subproblem counted on one search reused in the search's order, in the reverse order and
        // largest first counts exactly what a fresh search counts.
        let p = crate::problems::load(&crate::problems::Spec::Sudoku("1...............".into()))
            .unwrap();
        let plan = Plan {
            target: 16,
            min_size: 0.0,
            probes: ROOT_PROBES,
        };
        let split = Split::new(p.instance(), p.givens(), Order::Given, plan).unwrap();
        assert!(split.subproblems.len() > 4);
        assert!(split.subproblems.iter().any(|s| s.prefix.len() >= 2));
        let fresh: Vec<Tally> = (0..split.subproblems.len())
            .map(|i| split.count_in(&mut split.search(), i, None, |_, _| {}))
            .collect();
        let mut by_seq: Vec<usize> = (0..split.subproblems.len()).collect();
        by_seq.sort_by_key(|&i| split.subproblems[i].seq);
        let reversed: Vec<usize> = by_seq.iter().rev().copied().collect();
        let largest: Vec<usize> = (0..split.subproblems.len()).collect();
        for order in [by_seq, reversed, largest] {
            let mut search = split.search();
            for i in order {
                let t = split.count_in(&mut search, i, None, |_, _| {});
                assert_eq!(t, fresh[i], "subproblem {i}");
                assert_eq!(
                    search.preselected().len(),
                    1 + split.subproblems[i].prefix.len()
                );
            }
        }
        // A part's share comes in the search's order, so that neighbours share their prefixes.
        let share = split.share(0, 2);
        assert!(share
            .windows(2)
            .all(|w| split.subproblems[w[0]].seq < split.subproblems[w[1]].seq));
    }

    #[test]
    fn a_deal_gives_each_subproblem_to_the_least_loaded_part_the_lowest_on_a_tie() {
        // The deal as it was first written: every part scanned for every subproblem.
        fn scan(split: &Split, k: usize, n: usize) -> Vec<usize> {
            let mut load = vec![0.0f64; n];
            let mut mine = Vec::new();
            for (i, sub) in split.subproblems.iter().enumerate() {
                let p = (0..n)
                    .min_by(|&a, &b| load[a].total_cmp(&load[b]).then(a.cmp(&b)))
                    .unwrap();
                load[p] += sub.estimate.max(1.0);
                if p == k {
                    mine.push(i);
                }
            }
            mine.sort_by_key(|&i| split.subproblems[i].seq);
            mine
        }
        let inst = uniform(12, 4);
        let mut split = Split::new(&inst, &[], Order::Given, Plan::for_workers(16)).unwrap();
        let s = split.subproblems.len();
        assert!(s > 64, "{s} subproblems");
        for round in 0..3 {
            if round == 1 {
                // Equal estimates: ties everywhere, dealt round the parts in order.
                split.subproblems.iter_mut().for_each(|p| p.estimate = 5.0);
            }
            if round == 2 {
                // Uneven ones, some below the floor of 1 and one not a number.
                let mut rng = SplitMix::new(7);
                for p in &mut split.subproblems {
                    p.estimate = (rng.next() % 1000) as f64 / 10.0;
                }
                split.subproblems[3].estimate = f64::NAN;
            }
            for n in [1, 2, 3, 7, 16, 63, s - 1] {
                let mut seen = vec![0; s];
                for k in 0..n {
                    let mine = split.share(k, n);
                    assert_eq!(mine, scan(&split, k, n), "round {round}, part {k} of {n}");
                    mine.iter().for_each(|&i| seen[i] += 1);
                    if round == 1 {
                        let want: Vec<usize> = (k..s).step_by(n).collect();
                        let mut got = mine.clone();
                        got.sort_unstable();
                        assert_eq!(got, want, "equal estimates, part {k} of {n}");
                    }
                }
                assert!(seen.iter().all(|&c| c == 1), "round {round}, {n} parts");
            }
        }
    }
}
