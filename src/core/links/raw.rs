//! Every unchecked access of the links, in one place: each `unsafe` block here has a
//! `debug_assert!` of the indices it trusts and a `SAFETY:` line saying why they hold.
//!
//! Why they hold: the link arrays are private to the `links` module, and every index stored in them
//! was written by [`Links::new`] or by the operations of this module, all of which keep indices in
//! range (a link is a header, a root, a node or a spacer; a `top` is a header). Debug builds (and so
//! the tests, `--features sanity` and Miri) check each of them; release builds trust them, which is
//! what DLX's inner loops cost (a bounds check on every link followed is a share of `hide` itself).
//!
//! [`LevelArrays`] gives the search's fast loop the same service for its per-level arrays, with the
//! level checked once as it goes down instead of at every access.

use super::{ItemLink, Links, Node, COVERED, MARKED};

impl Links {
    #[inline(always)]
    pub(super) fn nd(&self, x: u32) -> &Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: x comes from the links, whose indices are all in range (see the module note).
        unsafe { self.nodes.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub(super) fn it(&self, x: u32) -> &ItemLink {
        debug_assert!((x as usize) < self.items.len());
        // SAFETY: as for `nd`: every item link stored is a header index or a root.
        unsafe { self.items.get_unchecked(x as usize) }
    }

    /// `splice_out`, keeping `zeros` when `TRACK`.
    #[inline(always)]
    pub(super) fn splice_out_in<const TRACK: bool>(&mut self, c: u32) {
        let ItemLink { left, right } = *self.it(c);
        debug_assert!((c as usize) < self.len.len());
        // SAFETY: c is an item header, in range of `len` (one entry per header).
        let len = unsafe { self.len.get_unchecked_mut(c as usize) };
        if TRACK {
            self.zeros -= u32::from(*len == 0 && c <= self.n_primary);
        }
        *len += COVERED;
        let items = self.items.as_mut_ptr();
        debug_assert!((left as usize) < self.items.len() && (right as usize) < self.items.len());
        // SAFETY: left and right are links of the item list, in range.
        unsafe {
            (*items.add(left as usize)).right = right;
            (*items.add(right as usize)).left = left;
        }
    }

    #[inline(always)]
    pub(super) fn splice_in_in<const TRACK: bool>(&mut self, c: u32) {
        let ItemLink { left, right } = *self.it(c);
        debug_assert!((c as usize) < self.len.len());
        // SAFETY: as in `splice_out_in`.
        let len = unsafe { self.len.get_unchecked_mut(c as usize) };
        *len -= COVERED;
        if TRACK {
            self.zeros += u32::from(*len == 0 && c <= self.n_primary);
        }
        let items = self.items.as_mut_ptr();
        debug_assert!((left as usize) < self.items.len() && (right as usize) < self.items.len());
        // SAFETY: as in `splice_out_in`.
        unsafe {
            (*items.add(left as usize)).right = c;
            (*items.add(right as usize)).left = c;
        }
    }

    /// `hide`, and with `LOOK` whether it brought the length of some primary item to 0 (what the
    /// lookahead looks at, see [`Links::emptied`]): two compares a node, folded into one flag
    /// without a branch.
    #[inline(always)]
    pub(super) fn hide_look<
        const XCC: bool,
        const TRACK: bool,
        const LOOK: bool,
        const ALL_PRIMARY: bool,
    >(
        &mut self,
        p: u32,
    ) -> (u64, bool) {
        let np = self.n_primary;
        let nodes = self.nodes.as_mut_ptr();
        let lens = self.len.as_mut_ptr();
        let colors = self.color.as_ptr();
        let mut updates = 0;
        let mut zeros = 0;
        let mut hit = false;
        let (n_nodes, n_lens) = (self.nodes.len(), self.len.len());
        debug_assert!((p as usize) < n_nodes && self.color.len() == n_nodes);
        // SAFETY: q walks p's option through `next`; up, down and top are links, all in range, and
        // `color` has one entry per node.
        unsafe {
            let mut q = (*nodes.add(p as usize)).next;
            while q != p {
                debug_assert!((q as usize) < n_nodes);
                let Node {
                    top,
                    up,
                    down,
                    next,
                } = *nodes.add(q as usize);
                debug_assert!(
                    (up as usize) < n_nodes && (down as usize) < n_nodes && (top as usize) < n_lens
                );
                if !XCC || *colors.add(q as usize) != MARKED {
                    (*nodes.add(up as usize)).down = down;
                    (*nodes.add(down as usize)).up = up;
                    let len = *lens.add(top as usize) - 1;
                    *lens.add(top as usize) = len;
                    if TRACK {
                        zeros += u32::from(len == 0 && top <= np);
                    }
                    if LOOK {
                        // Secondary items never empty anything; with none (pentominoes, Sudoku,
                        // Langford) the test is `len == 0` alone (`ALL_PRIMARY`), one compare fewer
                        // a node hidden.
                        hit |= (len == 0) & (ALL_PRIMARY || top <= np);
                    }
                    updates += 1;
                }
                q = next;
            }
        }
        if TRACK {
            self.zeros += zeros;
        }
        (updates, hit)
    }

    #[inline(always)]
    pub(super) fn unhide_in<const XCC: bool, const TRACK: bool>(&mut self, p: u32) -> u64 {
        let np = self.n_primary;
        let nodes = self.nodes.as_mut_ptr();
        let lens = self.len.as_mut_ptr();
        let colors = self.color.as_ptr();
        let mut updates = 0;
        let mut zeros = 0;
        let (n_nodes, n_lens) = (self.nodes.len(), self.len.len());
        debug_assert!((p as usize) < n_nodes && self.color.len() == n_nodes);
        // SAFETY: as in `hide_look`.
        unsafe {
            let mut q = (*nodes.add(p as usize)).next;
            while q != p {
                debug_assert!((q as usize) < n_nodes);
                let Node {
                    top,
                    up,
                    down,
                    next,
                } = *nodes.add(q as usize);
                debug_assert!(
                    (up as usize) < n_nodes && (down as usize) < n_nodes && (top as usize) < n_lens
                );
                if !XCC || *colors.add(q as usize) != MARKED {
                    (*nodes.add(up as usize)).down = q;
                    (*nodes.add(down as usize)).up = q;
                    if TRACK {
                        let len = *lens.add(top as usize);
                        *lens.add(top as usize) = len + 1;
                        zeros += u32::from(len == 0 && top <= np);
                    } else {
                        *lens.add(top as usize) += 1;
                    }
                    updates += 1;
                }
                q = next;
            }
        }
        if TRACK {
            self.zeros -= zeros;
        }
        updates
    }

    /// The colour of node `x` (see [`Links::colors`]), read where `x` walks an item's list.
    #[inline(always)]
    pub(super) fn color_at(&self, x: u32) -> u32 {
        debug_assert!((x as usize) < self.color.len());
        // SAFETY: x is a node of the links (an item's list walked from its header), and `color`
        // has one entry per node.
        unsafe { *self.color.get_unchecked(x as usize) }
    }

    /// Sets the colour of node `x` (a mark of `purify`, or its undoing).
    #[inline(always)]
    pub(super) fn set_color_at(&mut self, x: u32, k: u32) {
        debug_assert!((x as usize) < self.color.len());
        // SAFETY: as in `color_at`.
        unsafe { *self.color.get_unchecked_mut(x as usize) = k };
    }

    /// The lengths of primary items `lo..=hi` (MRV's scan), `1 <= lo`, `hi <= n_primary`.
    #[inline(always)]
    pub(super) fn lens_between(&self, lo: u32, hi: u32) -> &[u32] {
        debug_assert!(
            1 <= lo && hi <= self.n_primary && (self.n_primary as usize) < self.len.len()
        );
        // SAFETY: 1 <= lo and hi <= n_primary < len.len() (an empty range when there is no item).
        unsafe { self.len.get_unchecked(lo as usize..=hi as usize) }
    }
}

/// The search's per-level arrays (the item branched on at each level and its count `L`, the option
/// tried, the nodes entered) and the level a fast loop stands at, borrowed by the loop while it
/// runs. The three arrays have one length, checked when they are borrowed, and the level is checked
/// against it each time it goes down, so the loop reads and writes the current level's entries
/// without a bounds check. (Before, the loop kept raw pointers into the search's vectors.) The loop
/// gives the borrow up while its observer reads the search, and borrows again after.
pub(crate) struct LevelArrays<'a, L> {
    levels: &'a mut [L],
    choice: &'a mut [u32],
    profile: &'a mut [u64],
    l: usize,
}

impl<'a, L> LevelArrays<'a, L> {
    /// The arrays, standing at level `l`. Panics unless they have one length, above `l`.
    #[inline(always)]
    pub(crate) fn new(
        levels: &'a mut [L],
        choice: &'a mut [u32],
        profile: &'a mut [u64],
        l: usize,
    ) -> Self {
        assert!(
            l < levels.len() && levels.len() == choice.len() && choice.len() == profile.len(),
            "level arrays of one length, above the level"
        );
        LevelArrays {
            levels,
            choice,
            profile,
            l,
        }
    }

    /// The level it stands at.
    #[inline(always)]
    pub(crate) fn level(&self) -> usize {
        self.l
    }

    /// One level down. Panics past the last level (the search sized its arrays for its depth).
    #[inline(always)]
    pub(crate) fn down(&mut self) {
        assert!(
            self.l + 1 < self.levels.len(),
            "a level within the search's depth"
        );
        self.l += 1;
    }

    /// One level up; false (and no move) at level 0.
    #[inline(always)]
    pub(crate) fn up(&mut self) -> bool {
        if self.l == 0 {
            return false;
        }
        self.l -= 1;
        true
    }

    /// The current level's entry.
    #[inline(always)]
    pub(crate) fn here(&mut self) -> &mut L {
        debug_assert!(self.l < self.levels.len());
        // SAFETY: l < levels.len(): `new` checked it, `down` keeps it, `up` only lowers l, and
        // the slices are borrowed, so nothing resizes them.
        unsafe { self.levels.get_unchecked_mut(self.l) }
    }

    /// The option tried at the current level (its node).
    #[inline(always)]
    pub(crate) fn choice(&mut self) -> &mut u32 {
        debug_assert!(self.l < self.choice.len());
        // SAFETY: as in `here`: choice.len() == levels.len() (checked by `new`).
        unsafe { self.choice.get_unchecked_mut(self.l) }
    }

    /// The nodes entered at the current level.
    #[inline(always)]
    pub(crate) fn profile(&mut self) -> &mut u64 {
        debug_assert!(self.l < self.profile.len());
        // SAFETY: as in `here`: profile.len() == levels.len() (checked by `new`).
        unsafe { self.profile.get_unchecked_mut(self.l) }
    }
}
