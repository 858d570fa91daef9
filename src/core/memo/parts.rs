//! Independent parts (DXD, Fang et al.): when the active primary items fall into groups that no
//! live option joins (through a primary item or a live secondary one), the subproblem's count is
//! the product of the groups' counts, each counted (and memoised) alone, with the other groups'
//! items set aside in the key and in MRV's choice while it is counted.

use super::num::Num;
use super::run::Run;
use super::state::State;
use super::{MemoError, Settings, THREAD_PART};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// The most memos a part's thread hands to the count's table: those of its largest subproblems
/// (the part's own, first). Taking them all cost more than the count: 2.4 s to merge the 1.35 M
/// memos of a 16x16 domino board counted in 1.9 s. A sibling that meets the part again finds it
/// whole; one that meets a small piece of it counts that piece again, which is cheap.
const ABSORBED: usize = 1 << 14;

/// A part: its active primary items, the live secondary items its options use, and how many
/// primary items it has.
pub(super) struct Part {
    active: Vec<u64>,
    live_sec: Vec<u64>,
    n: usize,
}

impl State {
    /// Sets the subproblem aside but for part `p` (its items alone are active, in the key and in
    /// MRV's choice).
    fn set_part(&mut self, p: &Part) {
        self.active.clone_from(&p.active);
        self.live_sec.clone_from(&p.live_sec);
        self.n_active = p.n;
    }
}

/// What a run of parts came to: each part counted (its place in the list, its count and plain
/// search's tree in it), or the failure that stopped the run.
type Taken = Result<Vec<(usize, Num, u64)>, MemoError>;

/// Counts parts `first` (this thread's own, by their places in the list), then parts from the
/// shared list until none is left (`next`: the next part to take). A part with no solution or a
/// failure raises `batch`, which stops the other threads at their next look.
fn take_parts(
    run: &mut Run,
    parts: &[&Part],
    first: &[usize],
    next: &AtomicUsize,
    batch: &AtomicBool,
) -> Taken {
    let mut got = Vec::new();
    let mut firsts = first.iter().copied();
    loop {
        let i = firsts
            .next()
            .unwrap_or_else(|| next.fetch_add(1, Ordering::Relaxed));
        let Some(p) = parts.get(i) else {
            return Ok(got);
        };
        run.st.set_part(p);
        match run.solve(false) {
            Ok((c, _, t)) => {
                let zero = c.is_zero();
                got.push((i, c, t));
                if zero {
                    batch.store(true, Ordering::Relaxed);
                    return Ok(got);
                }
            }
            Err(e) => {
                batch.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
    }
}

/// Union-find's root of `i`, halving the path as it goes.
fn find(up: &mut [u32], mut i: usize) -> usize {
    while up[i] as usize != i {
        up[i] = up[up[i] as usize];
        i = up[i] as usize;
    }
    i
}

impl Run<'_> {
    /// The product of the parts' counts when the subproblem splits into two or more, else `None`
    /// (the subproblem is one part, and is branched on as usual).
    pub(super) fn solve_parts(&mut self) -> Result<Option<(Num, u32, u64)>, MemoError> {
        if self.st.n_active < 2 {
            return Ok(None);
        }
        let st = &self.st;
        let mut up = std::mem::take(&mut self.up);
        up.clear();
        up.extend(0..st.n_items as u32);
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(st.alive_len(), false);
        let mut first = None;
        for (w, &word) in st.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                first.get_or_insert(i);
                for &k in st.options_of(i) {
                    let k = k as usize;
                    if !st.is_alive(k) || seen[k] {
                        continue;
                    }
                    seen[k] = true;
                    let items = st.option(k);
                    let a = find(&mut up, items[0] as usize);
                    for &j in &items[1..] {
                        let b = find(&mut up, j as usize);
                        if a != b {
                            up[b] = a as u32;
                        }
                    }
                }
            }
        }
        let first = first.expect("two active items");
        let root = find(&mut up, first);
        // The groups by root, each once, in the order of their first item.
        let mut roots: Vec<usize> = Vec::new();
        let mut whole = true;
        for (w, &word) in st.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let r = find(&mut up, i);
                if r != root {
                    whole = false;
                }
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        }
        self.seen = seen;
        if whole {
            self.up = up;
            return Ok(None);
        }
        self.stats.splits += 1;
        // Each part's items (primary and live secondary), smallest first: a pocket with no cover
        // (a region of the wrong size) is found at once, before a large part is counted for
        // nothing.
        let mut parts: Vec<Part> = roots
            .iter()
            .map(|_| Part {
                active: vec![0; st.active.len()],
                live_sec: vec![0; st.live_sec.len()],
                n: 0,
            })
            .collect();
        for i in 0..st.n_primary {
            if st.active[i / 64] >> (i % 64) & 1 == 1 {
                let r = find(&mut up, i);
                let p = &mut parts[roots.iter().position(|&x| x == r).expect("a root")];
                p.active[i / 64] |= 1 << (i % 64);
                p.n += 1;
            }
        }
        for x in 0..st.n_items - st.n_primary {
            if st.live_sec[x / 64] >> (x % 64) & 1 == 1 {
                let r = find(&mut up, st.n_primary + x);
                if let Some(g) = roots.iter().position(|&y| y == r) {
                    parts[g].live_sec[x / 64] |= 1 << (x % 64);
                }
            }
        }
        self.up = up;
        parts.sort_by_key(|p| p.n);
        let whole = Part {
            active: st.active.clone(),
            live_sec: st.live_sec.clone(),
            n: st.n_active,
        };
        let large = parts.iter().filter(|p| p.n >= THREAD_PART).count();
        let counted = match self.spawn && large >= 2 {
            true => self.parts_on_threads(&parts),
            false => self.parts_here(&parts),
        };
        self.st.set_part(&whole);
        let (product, tree) = counted?;
        Ok(Some((product, 0, tree)))
    }

    /// The parts counted one after another on this thread, smallest first: the product of their
    /// counts (it stops at a part with none) and the nodes plain search would walk in them (at
    /// least their sum: it walks their trees interleaved).
    fn parts_here<'p>(
        &mut self,
        parts: impl IntoIterator<Item = &'p Part>,
    ) -> Result<(Num, u64), MemoError> {
        let mut product = Num::ONE;
        let mut tree = 1u64;
        for p in parts {
            self.st.set_part(p);
            let (c, _, t) = self.solve(false)?;
            tree = tree.saturating_add(t);
            product = product.mul(&c);
            if product.is_zero() {
                break;
            }
        }
        Ok((product, tree))
    }

    /// The parts counted side by side (DXD): the small ones first here, then the large ones
    /// ([`THREAD_PART`] items or more), largest first, taken from one list by this thread and up
    /// to `threads - 1` others. Each other thread counts on a copy of the state with a table of its
    /// own (a share of what the budget leaves), and its memos join this table when it ends, so the
    /// rest of the count reuses them as if they were counted here. Parts have no item in common,
    /// so no subproblem of one is met in another: the tables apart lose no hit between them.
    fn parts_on_threads(&mut self, parts: &[Part]) -> Result<(Num, u64), MemoError> {
        let (small, large): (Vec<&Part>, Vec<&Part>) =
            parts.iter().partition(|p| p.n < THREAD_PART);
        let (mut product, mut tree) = self.parts_here(small)?;
        if product.is_zero() {
            return Ok((product, tree));
        }
        let large: Vec<&Part> = large.into_iter().rev().collect();
        let workers = self.settings.threads.min(large.len());
        let share = self.settings.budget.saturating_sub(self.cache.bytes()) / workers;
        let settings = Settings {
            budget: share,
            threads: 1,
            ..self.settings.clone()
        };
        let copies: Vec<State> = (1..workers)
            .map(|_| {
                let mut st = self.st.clone();
                st.updates = 0;
                st
            })
            .collect();
        let stack = super::stack_for(self.st.n_primary);
        let batch = Arc::new(AtomicBool::new(false));
        // Thread j counts part j first (this one part 0), so that every thread has a part however
        // late it starts; then each takes the next from the list.
        let next = AtomicUsize::new(workers);
        // This thread takes parts too, within its share, stopped by the batch as the others are.
        let outer = self.halt.replace(batch.clone());
        self.spawn = false;
        let own = self.cache.bytes() + share;
        self.cache.set_budget(own);
        let (mine, theirs) = std::thread::scope(|s| {
            let mut first = vec![0];
            let mut handles = Vec::new();
            for (j, st) in copies.into_iter().enumerate().map(|(j, st)| (j + 1, st)) {
                let (batch, next, large, settings) = (&batch, &next, &large, &settings);
                let spawned =
                    std::thread::Builder::new()
                        .stack_size(stack)
                        .spawn_scoped(s, move || {
                            let mut run = Run::new(st, settings, None);
                            run.halt = Some(batch.clone());
                            let got = take_parts(&mut run, large, &[j], next, batch);
                            let halted = run.halted;
                            (got, halted, run.into_table())
                        });
                match spawned {
                    Ok(h) => handles.push(h),
                    // No thread to be had: this thread counts that part too.
                    Err(_) => first.push(j),
                }
            }
            let mine = take_parts(self, &large, &first, &next, &batch);
            let theirs: Vec<_> = handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect();
            (mine, theirs)
        });
        self.halt = outer;
        self.spawn = true;
        let budget = self.settings.budget;
        self.cache.set_budget(budget);
        // A failure stopped the others: the failure is reported, not their stops.
        let mut counts: Vec<Option<(Num, u64)>> = vec![None; large.len()];
        let mut failure = None;
        let halted = std::mem::take(&mut self.halted);
        let mut note = |got: Taken, halted: bool, counts: &mut Vec<Option<(Num, u64)>>| match got {
            Ok(got) => {
                for (i, c, t) in got {
                    counts[i] = Some((c, t));
                }
            }
            Err(e) if !halted => {
                failure.get_or_insert(e);
            }
            Err(_) => {}
        };
        note(mine, halted, &mut counts);
        for (got, halted, (stats, table)) in theirs {
            if let Ok(g) = &got {
                self.stats.parts_on_threads += g.len() as u64;
            }
            self.stats.add(&stats);
            self.cache.absorb(table, ABSORBED);
            note(got, halted, &mut counts);
        }
        if counts.iter().flatten().any(|(c, _)| c.is_zero()) {
            return Ok((Num::ZERO, tree));
        }
        if let Some(e) = failure {
            return Err(match e {
                MemoError::GaveUp(_) => MemoError::GaveUp(self.stats.clone()),
                MemoError::Stopped(_) => MemoError::Stopped(self.stats.clone()),
                e => e,
            });
        }
        for (c, t) in counts.into_iter().map(|c| c.expect("every part counted")) {
            tree = tree.saturating_add(t);
            product = product.mul(&c);
        }
        Ok((product, tree))
    }
}
