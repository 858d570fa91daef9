//! `State`: the items and options of an instance as flat arrays, which options are still alive,
//! each item's count of live options, and the moves of Algorithm C on them (cover an item, purify a
//! coloured one, undone in reverse order from a stack), with MRV's choice and the key of the
//! subproblem that remains.
//!
//! An option is alive while none of its items is covered and every coloured item in it is either
//! unpurified or purified to its colour, exactly the options DLX2 leaves in the lists; so `len` is
//! DLX2's list length and MRV picks the item DLX1/DLX2 pick (least length, leftmost on ties).
//! No links: the count needs no trace of the path, and a killed option is found again from the
//! stack, so undoing is exact without the links' invariants.

use crate::core::Instance;

/// One move to undo, in reverse order.
#[derive(Clone, Copy)]
enum Undo {
    Covered(u32),
    Purified(u32),
}

#[derive(Clone)]
pub(super) struct State {
    pub(super) n_items: usize,
    pub(super) n_primary: usize,
    /// Option k's entries are `opt_item[opt_start[k]..opt_start[k + 1]]` (and `opt_color`).
    opt_start: Vec<u32>,
    opt_item: Vec<u32>,
    opt_color: Vec<u32>,
    /// Item i's options in option order: `item_opt[item_start[i]..item_start[i + 1]]`, with the
    /// colour item i has in each.
    item_start: Vec<u32>,
    item_opt: Vec<u32>,
    item_color: Vec<u32>,
    pub(super) colored: bool,
    alive: Vec<bool>,
    /// Live options of each item.
    pub(super) len: Vec<u32>,
    covered: Vec<bool>,
    /// A secondary item's purified colour (0: none).
    color: Vec<u32>,
    /// Primary items to cover (one bit each), and secondary items still used by a live option and
    /// not covered: the two together, with the purified colours, are the subproblem's key (as DLX6's
    /// signature: a secondary item no live option uses is irrelevant to what remains).
    pub(super) active: Vec<u64>,
    pub(super) live_sec: Vec<u64>,
    /// Primary items in `active`.
    pub(super) n_active: usize,
    killed: Vec<u32>,
    undo: Vec<Undo>,
    /// Entries updated (options killed times their size): the work done, for the give-up rule.
    pub(super) updates: u64,
}

fn bit(words: &mut [u64], i: usize, on: bool) {
    if on {
        words[i / 64] |= 1 << (i % 64);
    } else {
        words[i / 64] &= !(1 << (i % 64));
    }
}

impl State {
    pub(super) fn new(inst: &Instance) -> State {
        let (n_items, n_primary) = (inst.n_items(), inst.n_primary());
        let n_options = inst.n_options();
        let colored = inst.has_colors();
        let mut opt_start = Vec::with_capacity(n_options + 1);
        let mut opt_item = Vec::with_capacity(inst.n_nodes());
        let mut opt_color = Vec::new();
        let mut count = vec![0u32; n_items + 1];
        opt_start.push(0);
        for k in 0..n_options {
            for (i, c) in inst.option_colored(k) {
                opt_item.push(i as u32);
                if colored {
                    opt_color.push(c);
                }
                count[i + 1] += 1;
            }
            opt_start.push(opt_item.len() as u32);
        }
        for i in 0..n_items {
            count[i + 1] += count[i];
        }
        let item_start = count.clone();
        let mut fill = count;
        let mut item_opt = vec![0; opt_item.len()];
        let mut item_color = vec![0; if colored { opt_item.len() } else { 0 }];
        for k in 0..n_options {
            for e in opt_start[k] as usize..opt_start[k + 1] as usize {
                let i = opt_item[e] as usize;
                let at = fill[i] as usize;
                item_opt[at] = k as u32;
                if colored {
                    item_color[at] = opt_color[e];
                }
                fill[i] += 1;
            }
        }
        let len: Vec<u32> = (0..n_items)
            .map(|i| item_start[i + 1] - item_start[i])
            .collect();
        let mut active = vec![0; n_primary.div_ceil(64)];
        for i in 0..n_primary {
            bit(&mut active, i, true);
        }
        let n_sec = n_items - n_primary;
        let mut live_sec = vec![0; n_sec.div_ceil(64)];
        for s in 0..n_sec {
            bit(&mut live_sec, s, len[n_primary + s] > 0);
        }
        State {
            n_items,
            n_primary,
            opt_start,
            opt_item,
            opt_color,
            item_start,
            item_opt,
            item_color,
            colored,
            alive: vec![true; n_options],
            len,
            covered: vec![false; n_items],
            color: vec![0; n_items],
            active,
            live_sec,
            n_active: n_primary,
            killed: Vec::new(),
            undo: Vec::new(),
            updates: 0,
        }
    }

    /// The items of option `k`.
    pub(super) fn option(&self, k: usize) -> &[u32] {
        &self.opt_item[self.opt_start[k] as usize..self.opt_start[k + 1] as usize]
    }

    /// The options of item `i`, alive or not, in option order.
    pub(super) fn options_of(&self, i: usize) -> &[u32] {
        &self.item_opt[self.item_start[i] as usize..self.item_start[i + 1] as usize]
    }

    /// The number of options.
    pub(super) fn alive_len(&self) -> usize {
        self.alive.len()
    }

    pub(super) fn is_alive(&self, k: usize) -> bool {
        self.alive[k]
    }

    /// A mark to undo back to ([`State::undo_to`]).
    pub(super) fn mark(&self) -> (usize, usize) {
        (self.killed.len(), self.undo.len())
    }

    fn kill(&mut self, k: usize) {
        self.alive[k] = false;
        self.killed.push(k as u32);
        let (a, b) = (self.opt_start[k] as usize, self.opt_start[k + 1] as usize);
        self.updates += (b - a) as u64;
        for e in a..b {
            let i = self.opt_item[e] as usize;
            self.len[i] -= 1;
            if self.len[i] == 0 && i >= self.n_primary && !self.covered[i] {
                bit(&mut self.live_sec, i - self.n_primary, false);
            }
        }
    }

    fn revive(&mut self, k: usize) {
        self.alive[k] = true;
        for e in self.opt_start[k] as usize..self.opt_start[k + 1] as usize {
            let i = self.opt_item[e] as usize;
            self.len[i] += 1;
            if self.len[i] == 1 && i >= self.n_primary && !self.covered[i] {
                bit(&mut self.live_sec, i - self.n_primary, true);
            }
        }
    }

    fn cover(&mut self, i: usize) {
        self.covered[i] = true;
        self.undo.push(Undo::Covered(i as u32));
        if i < self.n_primary {
            bit(&mut self.active, i, false);
            self.n_active -= 1;
        } else {
            bit(&mut self.live_sec, i - self.n_primary, false);
        }
        for at in self.item_start[i] as usize..self.item_start[i + 1] as usize {
            let k = self.item_opt[at] as usize;
            if self.alive[k] {
                self.kill(k);
            }
        }
    }

    fn purify(&mut self, i: usize, c: u32) {
        self.color[i] = c;
        self.undo.push(Undo::Purified(i as u32));
        for at in self.item_start[i] as usize..self.item_start[i + 1] as usize {
            let k = self.item_opt[at] as usize;
            if self.alive[k] && self.item_color[at] != c {
                self.kill(k);
            }
        }
    }

    /// Takes option `k` into the solution: covers each of its items, or purifies a coloured one
    /// (nothing when it already has that colour), as DLX2 commits them. Option `k` must be alive.
    pub(super) fn choose(&mut self, k: usize) {
        for e in self.opt_start[k] as usize..self.opt_start[k + 1] as usize {
            let i = self.opt_item[e] as usize;
            let c = if self.colored { self.opt_color[e] } else { 0 };
            if c == 0 || i < self.n_primary {
                if !self.covered[i] {
                    self.cover(i);
                }
            } else if self.color[i] != c {
                self.purify(i, c);
            }
        }
    }

    /// Undoes every move made since `mark`, in reverse order.
    pub(super) fn undo_to(&mut self, mark: (usize, usize)) {
        while self.killed.len() > mark.0 {
            let k = self.killed.pop().expect("above the mark") as usize;
            self.revive(k);
        }
        while self.undo.len() > mark.1 {
            match self.undo.pop().expect("above the mark") {
                Undo::Covered(i) => {
                    let i = i as usize;
                    self.covered[i] = false;
                    if i < self.n_primary {
                        bit(&mut self.active, i, true);
                        self.n_active += 1;
                    } else if self.len[i] > 0 {
                        bit(&mut self.live_sec, i - self.n_primary, true);
                    }
                }
                Undo::Purified(i) => self.color[i as usize] = 0,
            }
        }
    }

    /// MRV: the active primary item of fewest live options, the leftmost on ties, as DLX1 chooses
    /// (stopping at a length of 0). `None` when no primary item is left to cover.
    pub(super) fn choose_item(&self) -> Option<usize> {
        let mut best = None;
        let mut least = u32::MAX;
        for (w, &word) in self.active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let l = self.len[i];
                if l < least {
                    least = l;
                    best = Some(i);
                    if l == 0 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// The key of the subproblem that remains, into `key`: the active primary items, the live
    /// secondary items, and each live purified item with its colour.
    pub(super) fn key(&self, key: &mut Vec<u64>) {
        key.clear();
        key.extend_from_slice(&self.active);
        key.extend_from_slice(&self.live_sec);
        if self.colored {
            for (w, &word) in self.live_sec.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let s = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let c = self.color[self.n_primary + s];
                    if c != 0 {
                        key.push(((s as u64) << 32) | c as u64);
                    }
                }
            }
        }
    }
}
