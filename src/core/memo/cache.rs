//! `Cache`: the memo table, each subproblem's key to its count (and its ZDD node), within a stated
//! memory budget: once the table would grow past it, it stops taking new memos (the ones it holds
//! still answer), so the count goes on as plain search below that point and never runs out of
//! memory.

use super::num::Num;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

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

pub(super) struct Cache {
    map: HashMap<Box<[u64]>, Memo, BuildHasherDefault<WordHasher>>,
    /// Bytes of the keys and big counts held apart from the table's slots.
    heap: usize,
    budget: usize,
    /// Set once a memo was refused for the budget.
    pub(super) full: bool,
}

/// Bytes a heap block costs beyond what it holds (the allocator's header and rounding).
const BLOCK: usize = 16;

impl Cache {
    pub(super) fn new(budget: usize) -> Cache {
        Cache {
            map: HashMap::default(),
            heap: 0,
            budget,
            full: false,
        }
    }

    /// A new budget (the ZDD takes its bytes from the same budget as it grows).
    pub(super) fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    pub(super) fn get(&self, key: &[u64]) -> Option<&Memo> {
        self.map.get(key)
    }

    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    /// The table's bytes with `buckets` slots (hashbrown: a slot and a control byte each).
    fn table_bytes(buckets: usize) -> usize {
        buckets * (std::mem::size_of::<(Box<[u64]>, Memo)>() + 1)
    }

    fn buckets(&self) -> usize {
        match self.map.capacity() {
            0 => 0,
            c => (c * 8 / 7 + 1).next_power_of_two(),
        }
    }

    /// Bytes held now (an estimate from the table's capacity, the keys and big counts).
    pub(super) fn bytes(&self) -> usize {
        Self::table_bytes(self.buckets()) + self.heap
    }

    /// Keeps `memo` for `key` unless that would pass the budget (then sets `full`).
    pub(super) fn insert(&mut self, key: Box<[u64]>, memo: Memo) {
        let extra = key.len() * 8 + BLOCK + memo.count.heap_bytes();
        let table = if self.map.len() >= self.map.capacity() {
            Self::table_bytes((self.buckets() * 2).max(8))
        } else {
            Self::table_bytes(self.buckets())
        };
        if table + self.heap + extra > self.budget {
            self.full = true;
            return;
        }
        self.heap += extra;
        self.map.insert(key, memo);
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
                Box::new([k, 1]),
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
        assert_eq!(c.get(&[3, 1]).map(|m| m.count.clone()), Some(Num::Small(3)));
        c.insert(
            Box::new([k + 1, 1]),
            Memo {
                count: Num::ONE,
                zdd: 0,
                tree: 1,
            },
        );
        assert_eq!(c.len(), held);
    }
}
