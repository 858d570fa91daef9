//! Algorithm M's side of the links (DLX3): an item's bound lowered and raised instead of covered,
//! the tweaks of its options, and MRV by slack and length.

use super::*;

impl Links {
    /// Whether committing node `p` lowers the bound of its (primary) item instead of covering it:
    /// the item may still be in more chosen options after this one.
    #[inline(always)]
    pub(crate) fn lowers(&self, p: u32) -> bool {
        let c = self.top(p);
        self.has_mult && c <= self.n_primary && self.bound[c as usize] > 1
    }

    /// Whether uncommitting node `p` raises its item's bound back (its commit lowered it): a primary
    /// item that its commit did not cover is still active when the commit is undone (LIFO).
    #[inline(always)]
    pub(crate) fn raises(&self, p: u32) -> bool {
        let c = self.top(p);
        self.has_mult && c <= self.n_primary && self.len[c as usize] & COVERED == 0
    }

    /// Lowers the bound of node `p`'s item (it takes `p`'s option and may take more).
    #[inline(always)]
    pub(crate) fn lower(&mut self, p: u32) {
        self.lower_item(self.top(p));
    }

    /// Undoes `lower(p)`.
    #[inline(always)]
    pub(crate) fn raise(&mut self, p: u32) {
        self.raise_item(self.top(p));
    }

    /// Lowers the bound of primary item `c` (with multiplicities): the item branched on at a level
    /// takes one of its options there, or none. Returns the bound left.
    #[inline(always)]
    pub(crate) fn lower_item(&mut self, c: u32) -> u32 {
        let b = &mut self.bound[c as usize];
        *b -= 1;
        *b
    }

    /// Undoes `lower_item(c)`.
    #[inline(always)]
    pub(crate) fn raise_item(&mut self, c: u32) {
        self.bound[c as usize] += 1;
    }

    /// Algorithm M's commit of node `p` of a chosen option: a primary item that may take more options
    /// has its bound lowered; one at its last option is covered; a secondary item is committed as in
    /// Algorithm C. Returns `(updates, cleansings)`.
    #[inline(always)]
    pub(crate) fn commit_m(&mut self, p: u32) -> (u64, u64) {
        if self.lowers(p) {
            self.lower(p);
            return (0, 0);
        }
        self.commit::<true>(p)
    }

    /// Undoes `commit_m(p)`.
    #[inline(always)]
    pub(crate) fn uncommit_m(&mut self, p: u32) {
        if self.raises(p) {
            self.raise(p);
        } else {
            self.uncommit::<true>(p);
        }
    }

    /// `cover_option_from` with `commit_m`.
    pub(crate) fn cover_option_from_m(&mut self, x: u32) -> (u64, u64) {
        let (mut updates, mut cleansings) = (0, 0);
        let mut p = self.next_in_option(x);
        while p != x {
            let next = self.next_in_option(p);
            let (u, c) = self.commit_m(p);
            updates += u;
            cleansings += c;
            p = next;
        }
        (updates, cleansings)
    }

    /// Undoes `cover_option_from_m(x)`, in reverse order.
    pub(crate) fn uncover_option_from_m(&mut self, x: u32) {
        let mut p = self.prev_in_option(x);
        while p != x {
            let prev = self.prev_in_option(p);
            self.uncommit_m(p);
            p = prev;
        }
    }

    /// Knuth's tweak: node `x`, at the top of its item's list, leaves that list, and (when `block`)
    /// its option leaves every other list too, unless the item is covered already and hid it. Its own
    /// links keep pointing at its old neighbours, which is what `untweak` relies on. Returns the
    /// updates (one per node removed, as Knuth counts).
    #[inline(always)]
    pub(crate) fn tweak(&mut self, x: u32, block: bool) -> u64 {
        let updates = if block { self.hide::<true>(x) } else { 0 };
        let Node { top, up, down, .. } = *self.nd(x);
        debug_assert_eq!(up, top, "a tweaked node is at the top of its list");
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.len[top as usize] -= 1;
        updates + 1
    }

    /// Undoes `tweak(x, block)` for the latest tweaked node `x` of its item (stepping back one try).
    /// Returns the updates `tweak` counted.
    pub(crate) fn untweak_one(&mut self, x: u32, block: bool) -> u64 {
        let Node { top, up, down, .. } = *self.nd(x);
        self.nodes[up as usize].down = x;
        self.nodes[down as usize].up = x;
        self.len[top as usize] += 1;
        1 + if block { self.unhide::<true>(x) } else { 0 }
    }

    /// Knuth's untweak: puts back every node tweaked out of item `c`'s list since `first` was its top
    /// (each still points down at the next one tweaked, the last at the list's top now), and (when
    /// `unblock`) their options in the other lists, the last tweaked first (the reverse of tweaking).
    pub(crate) fn untweak(&mut self, c: u32, first: u32, unblock: bool) {
        let z = self.down(c);
        self.nodes[c as usize].down = first;
        let (mut q, mut r, mut k) = (c, first, 0);
        while r != z {
            self.nodes[r as usize].up = q;
            q = r;
            r = self.down(r);
            k += 1;
        }
        self.nodes[z as usize].up = q;
        self.len[c as usize] += k;
        if unblock {
            while q != c {
                let up = self.up(q);
                self.unhide::<true>(q);
                q = up;
            }
        }
    }

    /// Tweaks the first `k` nodes of item `c`'s list again, in order: undoes `untweak` (stepping back
    /// over it), since the nodes it put back are the list's first `k` again.
    pub(crate) fn retweak(&mut self, c: u32, k: u32, block: bool) {
        for _ in 0..k {
            let x = self.down(c);
            self.tweak(x, block);
        }
    }

    /// DLX3's choice of the item to branch on: the active primary item with the fewest ways to go on,
    /// `len + min(slack, bound) - bound + 1` (its options that may come next, plus "none" once it has
    /// enough); on ties the one with less slack, then the longer list (Knuth's MDANCE measurements),
    /// then the leftmost. With `FIRST`, the leftmost active item. Returns the item and that degree
    /// (0 when its list is too short to reach its lower bound: a dead end). `None` when no primary
    /// item is active (a solution).
    pub fn choose_mult<const FIRST: bool>(&self) -> Option<(u32, u32)> {
        let mut k = self.it(0).right;
        let mut best: Option<(u32, i64, u32, u32)> = None;
        while k != 0 {
            let len = self.len(k);
            let b = self.bound[k as usize];
            let s = self.slack[k as usize].min(b);
            let t = i64::from(len) + i64::from(s) - i64::from(b) + 1;
            if best.is_none_or(|(_, bt, bs, bl)| {
                t < bt || (t == bt && (s < bs || (s == bs && len > bl)))
            }) {
                best = Some((k, t, s, len));
            }
            if FIRST {
                break;
            }
            k = self.it(k).right;
        }
        best.map(|(k, t, _, _)| (k, t.max(0) as u32))
    }
}
