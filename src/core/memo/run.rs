//! `Run`: the memoised count itself, Algorithm X on [`State`] where each subproblem met is looked up
//! by its key first (DLX6's cache, after Nishino et al.'s DXZ): a hit adds the count found before,
//! a miss counts the subproblem and keeps it. Optionally each subproblem whose items fall apart is
//! counted part by part (`parts.rs`), and the ZDD of all solutions is built as DLX6 builds it.

use super::cache::{Cache, Memo};
use super::num::Num;
use super::state::State;
use super::zdd::{ZNode, Zdd};
use super::{GiveUp, MemoError, MemoStats, Settings, Watch};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Bytes a ZDD node takes while the count builds it.
const ZNODE_BYTES: usize = std::mem::size_of::<ZNode>();

pub(super) struct Run<'s> {
    pub(super) st: State,
    /// Who is told how the count goes, and when next (search nodes).
    watch: Option<&'s mut dyn Watch>,
    next_watch: u64,
    /// The branching of the top [`PLACE_LEVELS`] levels: each level's options tried and live (the
    /// fraction of the tree done, as Knuth's programs print their progress), and the levels deep.
    place: Vec<(u32, u32)>,
    depth: u32,
    /// The largest fraction reported (a second independent part starts its levels at 0 again).
    done: f64,
    pub(super) cache: Cache,
    pub(super) settings: Settings,
    pub(super) stats: MemoStats,
    /// The ZDD's nodes (node `2 + j` is `zdd[j]`), when asked for.
    zdd: Option<Vec<ZNode>>,
    /// The key being built (copied into the table on a miss).
    key: Vec<u64>,
    /// When the give-up rule looks next (search nodes).
    next_check: u64,
    /// `parts.rs`'s union-find and options seen, kept between calls.
    pub(super) up: Vec<u32>,
    pub(super) seen: Vec<bool>,
    /// The search nodes between two looks for parts, the node of the next look, and the looks in
    /// a row that found none.
    parts_every: u64,
    next_parts: u64,
    parts_missed: u32,
    /// Set by another thread of a split counted on threads to stop this count (one of them failed
    /// or was stopped): looked at with the watch, every [`WATCH_NODES`] nodes.
    pub(super) halt: Option<Arc<AtomicBool>>,
    /// Whether `halt` stopped it (the failure is another thread's to report).
    pub(super) halted: bool,
    /// Whether this count may give parts to threads (the count's own run, when no batch of parts
    /// is out: a part's thread counts its parts itself).
    pub(super) spawn: bool,
}

/// The least and most nodes between two looks for parts.
const PARTS_EVERY: (u64, u64) = (4, 256);

/// The search nodes between two reports to a [`Watch`] (a report costs a few hundred ns; a node
/// with memos 0.5-2 us: 4,096 nodes are a few ms).
pub(super) const WATCH_NODES: u64 = 1 << 12;

/// The levels whose branching measure the fraction done: below them a share is too small to show.
const PLACE_LEVELS: u32 = 8;

impl<'s> Run<'s> {
    pub(super) fn new(st: State, settings: &Settings, watch: Option<&'s mut dyn Watch>) -> Run<'s> {
        Run {
            st,
            watch,
            next_watch: WATCH_NODES,
            place: Vec::new(),
            depth: 0,
            done: 0.0,
            cache: Cache::new(settings.budget),
            settings: settings.clone(),
            stats: MemoStats::default(),
            zdd: settings.zdd.then(Vec::new),
            key: Vec::new(),
            next_check: FIRST_CHECK,
            up: Vec::new(),
            seen: Vec::new(),
            parts_every: PARTS_EVERY.0,
            next_parts: 0,
            parts_missed: 0,
            halt: None,
            halted: false,
            spawn: settings.threads > 1 && settings.parts,
        }
    }

    /// The counts of a part's run and its table, to be merged into the count's own.
    pub(super) fn into_table(mut self) -> (MemoStats, Cache) {
        self.stats.updates += self.st.updates;
        (self.stats, self.cache)
    }

    /// The counts of the run so far, with the table's size.
    pub(super) fn finish(mut self) -> (MemoStats, Option<Vec<ZNode>>) {
        self.stats.memos = self.cache.len() as u64;
        self.stats.bytes = self.cache.bytes() as u64;
        self.stats.full = self.cache.full;
        self.stats.evicted = self.cache.evicted;
        self.stats.updates += self.st.updates;
        (self.stats, self.zdd)
    }

    /// DLX6's ZDD node for option `k` tried after the options of `lo` (the solutions with `k` are
    /// `k` joined to those of `hi`).
    fn node(&mut self, k: usize, lo: u32, hi: u32) -> Result<u32, MemoError> {
        let Some(z) = self.zdd.as_mut() else {
            return Ok(0);
        };
        if (z.len() + 1) * ZNODE_BYTES + self.cache.bytes() > self.settings.budget
            || z.len() + 3 > u32::MAX as usize
        {
            return Err(MemoError::ZddTooLarge(z.len() as u64));
        }
        z.push(ZNode {
            var: k as u32 + 1,
            lo,
            hi,
        });
        self.stats.zdd_nodes = z.len() as u64;
        Ok(z.len() as u32 + 1)
    }

    /// The next look for parts: sooner after a split, later after 8 looks in a row without one.
    fn pace_parts(&mut self, split: bool) {
        if split {
            self.parts_every = (self.parts_every / 2).max(PARTS_EVERY.0);
            self.parts_missed = 0;
        } else {
            self.parts_missed += 1;
            if self.parts_missed == 8 {
                self.parts_every = (self.parts_every * 2).min(PARTS_EVERY.1);
                self.parts_missed = 0;
            }
        }
        self.next_parts = self.stats.nodes + self.parts_every;
    }

    /// The give-up rule, at each doubling of the search nodes: the nodes the hits spared are too
    /// few for the nodes walked (a memo's node costs several plain nodes: key, hash, table).
    fn check(&mut self) -> Result<(), MemoError> {
        if self.stats.nodes < self.next_check {
            return Ok(());
        }
        self.next_check *= 2;
        let ratio = match self.settings.give_up {
            GiveUp::Never => return Ok(()),
            GiveUp::Below(ratio) => ratio,
        };
        if (self.stats.spared as f64) < ratio * self.stats.nodes as f64 {
            return Err(MemoError::GaveUp(self.stats.clone()));
        }
        Ok(())
    }

    /// Tells the watch how the count goes, every [`WATCH_NODES`] search nodes: the counts so far
    /// (memos and bytes included) and the fraction of the tree done; it may stop the count.
    fn report(&mut self) -> Result<(), MemoError> {
        if self.stats.nodes < self.next_watch {
            return Ok(());
        }
        self.next_watch = self.stats.nodes + WATCH_NODES;
        if self
            .halt
            .as_ref()
            .is_some_and(|h| h.load(Ordering::Relaxed))
        {
            self.halted = true;
            return Err(MemoError::Stopped(self.stats.clone()));
        }
        let Some(watch) = self.watch.as_deref_mut() else {
            return Ok(());
        };
        let mut fraction = 0.0;
        let mut share = 1.0;
        for &(tried, live) in &self.place {
            fraction += share * tried as f64 / live.max(1) as f64;
            share /= live.max(1) as f64;
        }
        self.done = self.done.max(fraction);
        let stats = MemoStats {
            memos: self.cache.len() as u64,
            bytes: self.cache.bytes() as u64,
            full: self.cache.full,
            evicted: self.cache.evicted,
            updates: self.stats.updates + self.st.updates,
            ..self.stats.clone()
        };
        match watch.progress(&stats, self.done) {
            true => Ok(()),
            false => Err(MemoError::Stopped(stats)),
        }
    }

    /// Counts the subproblem the state stands at, which has an active primary item: its count and
    /// ZDD node, and the nodes plain search would walk in it. `split`: whether to look for
    /// independent parts here (not right after a split).
    pub(super) fn solve(&mut self, split: bool) -> Result<(Num, u32, u64), MemoError> {
        self.stats.nodes += 1;
        self.st.key(&mut self.key);
        if let Some(m) = self.cache.get(&self.key) {
            self.stats.hits += 1;
            self.stats.cache_hits += 1;
            self.stats.spared = self.stats.spared.saturating_add(m.tree);
            return Ok((m.count, m.zdd, m.tree));
        }
        self.check()?;
        self.report()?;
        // The key is built again on the way out (the state is back where it was): no copy kept.
        // Looking for parts costs a pass over every live option, many times a node's own work; a
        // split, once there, stays in every subproblem below, so looking now and then finds it a
        // little late at most. How often adapts: every `parts_every` nodes, halved after a look
        // that split, doubled after 8 looks that did not (tilings: one look in 256 nodes).
        let look = split && self.settings.parts && self.stats.nodes >= self.next_parts;
        let found = match look {
            true => {
                let found = self.solve_parts()?;
                self.pace_parts(found.is_some());
                found
            }
            false => None,
        };
        let (total, z, tree) = match found {
            Some(product) => product,
            None => self.branch()?,
        };
        // What the ZDD takes is the budget's too: the table gets what the ZDD leaves.
        if let Some(z) = &self.zdd {
            self.cache
                .set_budget(self.settings.budget.saturating_sub(z.len() * ZNODE_BYTES));
        }
        self.st.key(&mut self.key);
        self.cache.insert(
            &self.key,
            Memo {
                count: total.clone(),
                zdd: z,
                tree,
            },
        );
        Ok((total, z, tree))
    }

    /// Branches on MRV's item: each live option of its list in turn, as DLX1 tries them.
    fn branch(&mut self) -> Result<(Num, u32, u64), MemoError> {
        let b = self
            .st
            .choose_item()
            .expect("solve is called with an item to cover");
        let mut total = Num::ZERO;
        let mut z = 0;
        let mut tree = 1u64;
        let n = self.st.options_of(b).len();
        // The top levels' branching, for the fraction done (only with a watch: it costs a pass).
        let placed = self.watch.is_some() && self.depth < PLACE_LEVELS;
        if placed {
            let options = self.st.options_of(b);
            let live = options.iter().filter(|&&k| self.st.is_alive(k as usize));
            self.place.push((0, live.count() as u32));
        }
        self.depth += 1;
        for at in 0..n {
            let k = self.st.options_of(b)[at] as usize;
            if !self.st.is_alive(k) {
                continue;
            }
            let mark = self.st.mark();
            self.st.choose(k);
            let (c, zc, t) = if self.st.n_active == 0 {
                // A solution: a node and a hit for DLX6 (Algorithm 7.2.2.1Z's view).
                self.stats.nodes += 1;
                self.stats.hits += 1;
                (Num::ONE, 1, 1)
            } else {
                self.solve(true)?
            };
            tree = tree.saturating_add(t);
            self.st.undo_to(mark);
            if !c.is_zero() {
                total.add(&c);
                z = self.node(k, z, zc)?;
            }
            if placed {
                self.place.last_mut().expect("pushed above").0 += 1;
            }
        }
        self.depth -= 1;
        if placed {
            self.place.pop();
        }
        Ok((total, z, tree))
    }
}

/// The search nodes before the give-up rule first looks (then at each doubling).
pub(super) const FIRST_CHECK: u64 = 1 << 12;

/// The whole count: the givens taken first, then the root subproblem.
pub(super) fn count(
    st: State,
    givens: &[usize],
    settings: &Settings,
    watch: Option<&mut dyn Watch>,
) -> Result<(Num, u32, MemoStats, Option<Zdd>), MemoError> {
    let mut run = Run::new(st, settings, watch);
    for &k in givens {
        if k >= run.st.alive_len() || !run.st.is_alive(k) {
            return Err(MemoError::Clash(k));
        }
        run.st.choose(k);
    }
    let (count, root, _) = if run.st.n_active == 0 {
        run.stats.nodes += 1;
        run.stats.hits += 1;
        (Num::ONE, 1, 1)
    } else {
        run.solve(true)?
    };
    let (stats, nodes) = run.finish();
    let zdd = nodes.map(|nodes| Zdd::from_count(nodes, root));
    Ok((count, root, stats, zdd))
}
