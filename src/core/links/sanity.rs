//! Knuth's `sanity()`: the links' invariants as an executable check, and how often the search runs it.

use super::*;

impl Links {
    /// The link arrays' own consistency check (Knuth's `sanity()`, extended to what this layout keeps):
    /// the item lists are doubly linked through their roots, and an item is in its list exactly when
    /// its length carries no [`COVERED`]; each item's vertical list is doubly linked, made of nodes of
    /// that item, as long as its length says; a covered item is not purified; marked nodes lie only
    /// in lists of items purified with their colour, and only secondary items are purified; every
    /// option's `next` links form one cycle through its nodes. `Err` names the first fault.
    pub fn sanity(&self) -> Result<(), String> {
        let n = self.n_items;
        let mut listed = vec![false; n as usize + 2];
        for (root, lo, hi) in [(0, 1, self.n_primary), (n + 1, self.n_primary + 1, n)] {
            let mut k = self.items[root as usize].right;
            let mut prev = root;
            let mut steps = 0;
            while k != root {
                if k < lo || k > hi {
                    return Err(format!("item list of root {root} holds {k}"));
                }
                if self.items[k as usize].left != prev {
                    return Err(format!("item {k}: left is not {prev}"));
                }
                if std::mem::replace(&mut listed[k as usize], true) {
                    return Err(format!("item {k} is listed twice"));
                }
                prev = k;
                k = self.items[k as usize].right;
                steps += 1;
                if steps > n {
                    return Err(format!("item list of root {root} does not close"));
                }
            }
            if self.items[root as usize].left != prev {
                return Err(format!("root {root}: left is not {prev}"));
            }
        }
        for i in 1..=n {
            let covered = self.len[i as usize] & COVERED != 0;
            if listed[i as usize] == covered {
                return Err(format!(
                    "item {i}: listed {} but COVERED {covered}",
                    listed[i as usize]
                ));
            }
            let purified = self.color[i as usize];
            if purified != 0 && (i <= self.n_primary || covered) {
                return Err(format!("item {i} is purified but primary or covered"));
            }
            let mut count = 0;
            let mut x = self.nodes[i as usize].down;
            let mut prev = i;
            while x != i {
                let nd = self.nodes[x as usize];
                if nd.top != i || nd.up != prev {
                    return Err(format!(
                        "node {x} in item {i}'s list: top {} up {}",
                        nd.top, nd.up
                    ));
                }
                if self.color[x as usize] == MARKED && purified == 0 {
                    return Err(format!(
                        "node {x} is marked in item {i}, which is not purified"
                    ));
                }
                count += 1;
                if count > self.nodes.len() {
                    return Err(format!("item {i}'s list does not close"));
                }
                prev = x;
                x = nd.down;
            }
            if self.nodes[i as usize].up != prev {
                return Err(format!("item {i}: up is not {prev}"));
            }
            if self.len(i) != count as u32 {
                return Err(format!("item {i}: len {} but {count} nodes", self.len(i)));
            }
        }
        if self.track && self.zeros != self.count_zeros() {
            return Err(format!(
                "zeros {} but {} primary items of length 0",
                self.zeros,
                self.count_zeros()
            ));
        }
        for (k, &first) in self.option_first.iter().enumerate() {
            if self.nodes[first as usize].top == 0 {
                // An empty option: its first node is the spacer after it, whose number it is not.
                let before = self.nodes[first as usize - 1];
                if before.top != 0 || before.next != k as u32 {
                    return Err(format!("empty option {k}: not between two spacers"));
                }
                continue;
            }
            let mut p = first;
            let mut size = 0;
            loop {
                let nd = self.nodes[p as usize];
                if nd.top == 0 || nd.top > n {
                    return Err(format!("option {k}: node {p} has item {}", nd.top));
                }
                let c = self.color[p as usize];
                if c == MARKED {
                    if !self.is_linked(p) {
                        return Err(format!("option {k}: marked node {p} is not in its list"));
                    }
                } else if c != 0 && nd.top <= self.n_primary {
                    return Err(format!("option {k}: node {p} colours a primary item"));
                }
                size += 1;
                p = nd.next;
                if p == first {
                    break;
                }
                if size > self.n_items {
                    return Err(format!("option {k}: next links do not close"));
                }
            }
            if self.prev_in_option(first) != self.option_first[k] + size - 1 {
                return Err(format!("option {k}: spacers disagree with its size {size}"));
            }
        }
        Ok(())
    }

    /// Knuth's `sanity_checking`: with the crate's `sanity` feature the search calls this after every
    /// event (`step`, `step_back`) and every turn of its fast loops, and a fault panics, named (with
    /// the stride it was found at); without the feature it is nothing at all.
    ///
    /// `sanity()` walks every node, so checking at every call makes a search quadratic: the
    /// integration tests' 13-queens and Sudoku batches took minutes. Links of up to
    /// [`SANITY_SPAN`] nodes are checked at every call (every unit test's instances, a 4x4 Sudoku);
    /// larger ones at every k-th call of the thread, k = nodes / `SANITY_SPAN` rounded up (a 9x9
    /// Sudoku's 3,240 nodes: every 4th), so a check costs about `SANITY_SPAN` node visits a call
    /// whatever the size. `make test-sanity` prints this rule.
    #[inline(always)]
    pub(crate) fn sanity_checking(&self) {
        #[cfg(feature = "sanity")]
        {
            use std::cell::Cell;
            thread_local!(static CALLS: Cell<u64> = const { Cell::new(0) });
            let k = self.sanity_stride();
            let call = CALLS.with(|c| {
                c.set(c.get().wrapping_add(1));
                c.get()
            });
            if call % k == 0 {
                if let Err(fault) = self.sanity() {
                    panic!("sanity: {fault} (links checked every {k} calls)");
                }
            }
        }
    }

    /// The k of [`Links::sanity_checking`]: 1 up to [`SANITY_SPAN`] nodes, then nodes / span.
    pub fn sanity_stride(&self) -> u64 {
        (self.nodes.len() as u64).div_ceil(SANITY_SPAN).max(1)
    }
}
