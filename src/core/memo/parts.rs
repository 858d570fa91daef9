//! Independent parts (DXD, Fang et al.): when the active primary items fall into groups that no
//! live option joins (through a primary item or a live secondary one), the subproblem's count is
//! the product of the groups' counts, each counted (and memoised) alone, with the other groups'
//! items set aside in the key and in MRV's choice while it is counted.

use super::num::Num;
use super::run::Run;
use super::MemoError;

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
        let (active, live_sec, n_active) = (st.active.clone(), st.live_sec.clone(), st.n_active);
        let n_primary = st.n_primary;
        // The smallest parts first: a pocket with no cover (a region of the wrong size) is found
        // at once, before a large part is counted for nothing.
        let mut size = vec![0usize; roots.len()];
        for (w, &word) in active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let r = find(&mut up, i);
                size[roots.iter().position(|&x| x == r).expect("a root")] += 1;
            }
        }
        let mut order: Vec<usize> = (0..roots.len()).collect();
        order.sort_by_key(|&g| size[g]);
        let mut product = Num::ONE;
        // Plain search walks the parts' trees interleaved, at least their sum: a lower bound.
        let mut tree = 1u64;
        for r in order.into_iter().map(|g| roots[g]) {
            let mut a = vec![0u64; active.len()];
            let mut n = 0;
            for i in 0..n_primary {
                if active[i / 64] >> (i % 64) & 1 == 1 && find(&mut up, i) == r {
                    a[i / 64] |= 1 << (i % 64);
                    n += 1;
                }
            }
            let mut s = vec![0u64; live_sec.len()];
            for x in 0..self.st.n_items - n_primary {
                if live_sec[x / 64] >> (x % 64) & 1 == 1 && find(&mut up, n_primary + x) == r {
                    s[x / 64] |= 1 << (x % 64);
                }
            }
            self.st.active = a;
            self.st.live_sec = s;
            self.st.n_active = n;
            let (c, _, t) = self.solve(false)?;
            tree = tree.saturating_add(t);
            product = product.mul(&c);
            if product.is_zero() {
                break;
            }
        }
        self.st.active = active;
        self.st.live_sec = live_sec;
        self.st.n_active = n_active;
        self.up = up;
        Ok(Some((product, 0, tree)))
    }
}
