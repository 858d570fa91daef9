//! `Cache`: the memo table, each subproblem's key to its count (and its ZDD node), within a stated
//! memory budget: once the table would grow past it, it evicts the memos of its smallest
//! subproblems (about half) and goes on taking new ones, so the count never runs out of memory.
//! Stopping at the budget instead left Latin squares of order 6 without memos below the point the
//! table filled: over 5 minutes with 1 GiB, against 33 s with room for them all.

use super::num::Num;
use hashbrown::HashTable;
use num_bigint::BigUint;
use std::collections::HashMap;
use std::hash::Hasher;

/// A multiply-rotate hash of the key's words (FxHash's step): the keys are bit sets, already well
/// spread, and SipHash cost more than the rest of a lookup.
#[derive(Default)]
pub(super) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
}

/// What a memo holds: the subproblem's count, the ZDD node of its solutions (0: none), and the
/// nodes plain search would walk in it (what a hit spares).
#[derive(Clone, Debug)]
pub(super) struct Memo {
    pub(super) count: Num,
    pub(super) zdd: u32,
    pub(super) tree: u64,
}

/// A memo as the table holds it, 40 bytes: the count's two words (`u128::MAX`: a big count, kept
/// in `bigs`), the key's place in the arena, the ZDD node and the tree size. Keys live in one arena
/// of words (a length, then the words), not a box each: a memo took 180 bytes with boxed keys.
#[derive(Clone, Copy)]
struct Slot {
    count: [u64; 2],
    tree: u64,
    key: u64,
    zdd: u32,
}

pub(super) struct Cache {
    table: HashTable<Slot>,
    arena: Vec<u64>,
    /// Counts past `u128::MAX - 1`, by their key's place.
    bigs: HashMap<u64, BigUint>,
    /// Bytes of the big counts.
    big_bytes: usize,
    budget: usize,
    /// Set once the table reached its budget (it evicts from then on).
    pub(super) full: bool,
    /// Memos evicted to make room.
    pub(super) evicted: u64,
}

fn hash(key: &[u64]) -> u64 {
    let mut h = WordHasher::default();
    for &w in key {
        h.write_u64(w);
    }
    h.write_u64(key.len() as u64);
    h.finish()
}

/// The power of two of a tree's size: memos are ranked by it.
fn class(tree: u64) -> usize {
    64 - tree.leading_zeros() as usize
}

/// The key stored at `at` in `arena`.
fn key_at(arena: &[u64], at: u64) -> &[u64] {
    let at = at as usize;
    &arena[at + 1..at + 1 + arena[at] as usize]
}

impl Cache {
    pub(super) fn new(budget: usize) -> Cache {
        Cache {
            table: HashTable::new(),
            arena: Vec::new(),
            bigs: HashMap::new(),
            big_bytes: 0,
            budget,
            full: false,
            evicted: 0,
        }
    }

    /// A new budget (the ZDD takes its bytes from the same budget as it grows).
    pub(super) fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    pub(super) fn get(&self, key: &[u64]) -> Option<Memo> {
        let arena = &self.arena;
        let slot = self
            .table
            .find(hash(key), |s| key_at(arena, s.key) == key)?;
        let v = (slot.count[1] as u128) << 64 | slot.count[0] as u128;
        let count = match v {
            u128::MAX => Num::from(self.bigs[&slot.key].clone()),
            v => Num::Small(v),
        };
        Some(Memo {
            count,
            zdd: slot.zdd,
            tree: slot.tree,
        })
    }

    pub(super) fn len(&self) -> usize {
        self.table.len()
    }

    /// Bytes held now: the table's allocation, the arena's capacity, the big counts (an estimate).
    /// (The table's bytes were once worked out from its capacity, which counted twice its buckets,
    /// and fewer after an eviction left deleted slots.)
    pub(super) fn bytes(&self) -> usize {
        self.table.allocation_size() + self.arena.capacity() * 8 + self.big_bytes
    }

    /// Keeps `memo` for `key`. When that would pass the budget the table is full: it evicts the
    /// cheaper half of its memos ([`Cache::evict`]) and keeps this one if there is room then.
    pub(super) fn insert(&mut self, key: &[u64], memo: Memo) {
        if !self.fits(key, &memo) {
            self.full = true;
            if self.table.is_empty() {
                return;
            }
            self.evict();
            if !self.fits(key, &memo) {
                return;
            }
        }
        self.put(key, memo);
    }

    /// Whether `memo` under `key` fits in the budget, the table and the arena grown as they would.
    fn fits(&self, key: &[u64], memo: &Memo) -> bool {
        // Full, an insert grows the table to twice its buckets (or rehashes it in place, when
        // deleted slots are many: counted as growing all the same).
        let table = match self.table.len() >= self.table.capacity() {
            true => (self.table.allocation_size() * 2).max(8 * (std::mem::size_of::<Slot>() + 1)),
            false => self.table.allocation_size(),
        };
        let words = self.arena.len() + 1 + key.len();
        // The arena doubles as a vector does: what it would hold after this key.
        let arena = match words > self.arena.capacity() {
            true => words.max(self.arena.capacity() * 2) * 8,
            false => self.arena.capacity() * 8,
        };
        table + arena + self.big_bytes + memo.count.heap_bytes() <= self.budget
    }

    fn put(&mut self, key: &[u64], memo: Memo) {
        let big = memo.count.heap_bytes();
        let at = self.arena.len() as u64;
        self.arena.push(key.len() as u64);
        self.arena.extend_from_slice(key);
        let v = match memo.count {
            Num::Small(v) if v < u128::MAX => v,
            n => {
                self.big_bytes += big + 16;
                self.bigs.insert(at, n.to_big());
                u128::MAX
            }
        };
        let slot = Slot {
            count: [v as u64, (v >> 64) as u64],
            tree: memo.tree,
            key: at,
            zdd: memo.zdd,
        };
        let arena = &self.arena;
        self.table
            .insert_unique(hash(key), slot, |s| hash(key_at(arena, s.key)));
    }

    /// Takes up to `most` memos of `other` (a part's table, counted on a thread of its own): those
    /// of its largest subproblems (by the power of two of their trees, as [`Cache::evict`] ranks
    /// them), within this table's budget. The part's keys are the count's own: a subproblem's key
    /// is its items, whichever thread met it.
    pub(super) fn absorb(&mut self, other: Cache, most: usize) {
        let mut histogram = [0usize; 65];
        for s in other.table.iter() {
            histogram[class(s.tree)] += 1;
        }
        let mut from = 65;
        let mut taken = 0;
        while from > 0 && taken + histogram[from - 1] <= most {
            from -= 1;
            taken += histogram[from];
        }
        for slot in other.table.iter().filter(|s| class(s.tree) >= from) {
            let key = key_at(&other.arena, slot.key);
            if self.get(key).is_some() {
                continue;
            }
            let count = match slot.count {
                [u64::MAX, u64::MAX] => Num::from(other.bigs[&slot.key].clone()),
                [lo, hi] => Num::Small((hi as u128) << 64 | lo as u128),
            };
            let memo = Memo {
                count,
                zdd: slot.zdd,
                tree: slot.tree,
            };
            self.insert(key, memo);
        }
        self.evicted += other.evicted;
        self.full |= other.full;
    }

    /// Drops the memos of the smallest subproblems (fewest plain search nodes: the cheapest to
    /// count again) until about half are left, in place: the table and the arena keep their
    /// capacity, so the budget holds throughout and the room freed is taken by the next inserts.
    /// The threshold is a power of two of the tree sizes (a histogram of 65 counts, no copy of
    /// the sizes), so a little more or less than half may go. Subproblems being counted are not in
    /// the table (a memo is made when its subproblem is finished): none is lost mid-count, and a
    /// ZDD node a memo named stays in the ZDD.
    fn evict(&mut self) {
        let mut histogram = [0usize; 65];
        for s in self.table.iter() {
            histogram[class(s.tree)] += 1;
        }
        // The least class whose memos and those above it are at most half: keep those.
        let half = self.table.len() / 2;
        let mut keep_from = 65;
        let mut above = 0;
        while keep_from > 0 && above + histogram[keep_from - 1] <= half {
            keep_from -= 1;
            above += histogram[keep_from];
        }
        // All in one class (a table of equal trees): keep none rather than all.
        let before = self.table.len();
        let bigs = &mut self.bigs;
        let mut big_bytes = self.big_bytes;
        self.table.retain(|s| {
            let keep = class(s.tree) >= keep_from;
            if !keep && s.count == [u64::MAX; 2] {
                if let Some(b) = bigs.remove(&s.key) {
                    big_bytes -= Num::from(b).heap_bytes() + 16;
                }
            }
            keep
        });
        self.big_bytes = big_bytes;
        self.evicted += (before - self.table.len()) as u64;
        // The arena compacted in place, its keys in their order: each key still kept (found in the
        // table by its words and place) moves down, and its slot is told its new place (the
        // hash is of the words, so the slot stays where it is).
        let mut from = 0;
        let mut to = 0;
        while from < self.arena.len() {
            let len = self.arena[from] as usize + 1;
            let key = &self.arena[from + 1..from + len];
            let kept = self.table.find_mut(hash(key), |s| s.key == from as u64);
            if let Some(slot) = kept {
                slot.key = to as u64;
                if slot.count == [u64::MAX; 2] && from != to {
                    let b = self
                        .bigs
                        .remove(&(from as u64))
                        .expect("a big count is kept");
                    self.bigs.insert(to as u64, b);
                }
                self.arena.copy_within(from..from + len, to);
                to += len;
            }
            from += len;
        }
        self.arena.truncate(to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_its_budget_it_evicts_the_smallest_subproblems_and_the_rest_still_answer() {
        let budget = 64 * 1024;
        let mut c = Cache::new(budget);
        // Keys [k, 1] with tree sizes k (so their classes spread), every 7th a big count.
        let big = |k: u64| Num::Small(u128::MAX).mul(&Num::Small(k as u128 + 2));
        let count_of = |k: u64| match k % 7 {
            0 => big(k),
            _ => Num::Small(k as u128),
        };
        let mut k = 1u64;
        while c.evicted == 0 {
            c.insert(
                &[k, 1],
                Memo {
                    count: count_of(k),
                    zdd: k as u32,
                    tree: k,
                },
            );
            k += 1;
            assert!(c.bytes() <= budget, "{} bytes", c.bytes());
        }
        assert!(c.full && k > 100, "full after {k} memos");
        // Half or so went, the cheapest: none of the first quarter is left, the latest are.
        assert!(c.len() as u64 + c.evicted == k - 1);
        assert!(
            c.evicted >= (k - 1) / 3 && c.evicted <= (k - 1) * 3 / 4,
            "{} of {k}",
            c.evicted
        );
        assert!((1..k / 4).all(|j| c.get(&[j, 1]).is_none()));
        // Every memo left answers with its own count, ZDD node and tree, big counts included,
        // after the arena moved their keys.
        let mut left = 0;
        for j in 1..k {
            if let Some(m) = c.get(&[j, 1]) {
                assert_eq!((m.count, m.zdd, m.tree), (count_of(j), j as u32, j));
                left += 1;
            }
        }
        assert_eq!(left, c.len());
        assert!(c.get(&[k - 1, 1]).is_some() && c.get(&[k, 1]).is_none());
        // And it goes on taking memos.
        c.insert(
            &[k, 1],
            Memo {
                count: Num::ONE,
                zdd: 0,
                tree: k,
            },
        );
        assert_eq!(c.get(&[k, 1]).map(|m| m.count), Some(Num::ONE));
        assert!(c.bytes() <= budget);
    }

    #[test]
    fn big_counts_and_keys_of_any_length_come_back() {
        let mut c = Cache::new(1 << 20);
        let big = Num::Small(u128::MAX).mul(&Num::Small(3));
        c.insert(
            &[1, 2, 3],
            Memo {
                count: big.clone(),
                zdd: 7,
                tree: 9,
            },
        );
        c.insert(
            &[1, 2],
            Memo {
                count: Num::Small(u128::MAX),
                zdd: 0,
                tree: 1,
            },
        );
        c.insert(
            &[],
            Memo {
                count: Num::Small(5),
                zdd: 0,
                tree: 1,
            },
        );
        let m = c.get(&[1, 2, 3]).unwrap();
        assert_eq!((m.count, m.zdd, m.tree), (big, 7, 9));
        assert_eq!(c.get(&[1, 2]).unwrap().count, Num::Small(u128::MAX));
        assert_eq!(c.get(&[]).unwrap().count, Num::Small(5));
    }
}
