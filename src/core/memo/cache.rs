//! `Cache`: the memo table, each subproblem's key to its count (and its ZDD node), within a stated
//! memory budget: once the table would grow past it, it stops taking new memos (the ones it holds
//! still answer), so the count goes on as plain search below that point and never runs out of
//! memory.

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
    /// Set once a memo was refused for the budget.
    pub(super) full: bool,
}

fn hash(key: &[u64]) -> u64 {
    let mut h = WordHasher::default();
    for &w in key {
        h.write_u64(w);
    }
    h.write_u64(key.len() as u64);
    h.finish()
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

    /// The table's bytes with `buckets` slots (a slot and a control byte each).
    fn table_bytes(buckets: usize) -> usize {
        buckets * (std::mem::size_of::<Slot>() + 1)
    }

    fn buckets(&self) -> usize {
        match self.table.capacity() {
            0 => 0,
            c => (c * 8 / 7 + 1).next_power_of_two(),
        }
    }

    /// Bytes held now (an estimate: the table's slots, the arena's capacity, big counts).
    pub(super) fn bytes(&self) -> usize {
        Self::table_bytes(self.buckets()) + self.arena.capacity() * 8 + self.big_bytes
    }

    /// Keeps `memo` for `key` unless that would pass the budget (then sets `full`).
    pub(super) fn insert(&mut self, key: &[u64], memo: Memo) {
        let table = if self.table.len() >= self.table.capacity() {
            Self::table_bytes((self.buckets() * 2).max(8))
        } else {
            Self::table_bytes(self.buckets())
        };
        let words = self.arena.len() + 1 + key.len();
        // The arena doubles as a vector does: what it would hold after this key.
        let arena = match words > self.arena.capacity() {
            true => words.max(self.arena.capacity() * 2) * 8,
            false => self.arena.capacity() * 8,
        };
        let big = memo.count.heap_bytes();
        if table + arena + self.big_bytes + big > self.budget {
            self.full = true;
            return;
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_taking_memos_at_its_budget_and_keeps_answering() {
        let mut c = Cache::new(64 * 1024);
        let mut k = 0u64;
        while !c.full {
            c.insert(
                &[k, 1],
                Memo {
                    count: Num::Small(k as u128),
                    zdd: 0,
                    tree: 1,
                },
            );
            k += 1;
        }
        assert!(c.bytes() <= 64 * 1024, "{} bytes", c.bytes());
        let held = c.len();
        assert!(held > 100, "{held} memos in 64 KiB");
        assert_eq!(c.get(&[3, 1]).map(|m| m.count), Some(Num::Small(3)));
        assert!(c.get(&[3, 2]).is_none() && c.get(&[3]).is_none());
        c.insert(
            &[k + 1, 1],
            Memo {
                count: Num::ONE,
                zdd: 0,
                tree: 1,
            },
        );
        assert_eq!(c.len(), held);
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
