//! Stepping with memos: the event machine of DLX1 with DLX6's table (Knuth; Nishino et al.'s DXZ),
//! so that the page can show the search tree folding into a DAG one event at a time.
//!
//! Entering a node, the search forms the key of the subproblem left (the active primary items, the
//! secondary items some option still uses, and the colours those are purified with, as
//! `core::memo::state` keys it). If a node met before with that key is finished, the new node is not
//! searched: `Event::Reuse` adds that node's count and the search backtracks. When a node that
//! branched is finished (its backtrack), its count is kept in the table. Leaves are not kept: a
//! solution or a dead end reused would cost the very node it spares.
//!
//! Step back stays exact without a trace: the table's entries are a stack in the order the nodes
//! finished, so stepping back over a finish pops the top entry. Stepping back over the backtrack
//! from a node that was reused finds its key in the table too, but not on top as this node's own:
//! an entry records the count of nodes when it was made, and a reuse enters a node after it.
//!
//! The table has a memory budget ([`STEP_BUDGET`] unless `set_memo_budget` says another): a node
//! that finishes when its entry would pass it is not kept, and stepping on counts it as plain search
//! would. Whether an entry is kept depends only on the entries below it on the stack, so stepping
//! back and forward again keeps the same entries and gives the same events.

use super::*;
use crate::core::memo::MemoError;
use std::collections::HashMap;

/// One finished subproblem.
#[derive(Clone, Debug)]
struct Entry {
    key: Vec<u64>,
    /// The node's number (`Stats::nodes` just after entering it) and its solutions.
    node: u64,
    count: u64,
    /// `Stats::nodes` when it finished: tells its own finish from a reuse of it when stepping back.
    finished_at: u64,
}

/// The stepped table's default budget in bytes: 128 MiB, some million entries (the page's
/// boards take kilobytes; a long play at full speed on a large problem stops keeping there).
pub const STEP_BUDGET: usize = 128 << 20;

/// The bytes an entry of `words` key words takes, as counted against the budget: its key twice
/// (the entry's and the table's), the entry, the table's slot.
pub(super) fn entry_bytes(words: usize) -> usize {
    2 * (std::mem::size_of::<Vec<u64>>() + 8 * words)
        + std::mem::size_of::<Entry>()
        + std::mem::size_of::<usize>()
        + 8
}

/// The table and what each level of the path needs to make its entry.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    /// Index of each key's entry in `entries`.
    table: HashMap<Vec<u64>, usize>,
    entries: Vec<Entry>,
    /// At each level of the path: the node's number and the solutions counted before it.
    at: Vec<(u64, u64)>,
    hits: u64,
    key: Vec<u64>,
    /// The entries' bytes ([`entry_bytes`]), and the most they may take.
    bytes: usize,
    budget: usize,
}

/// `Memo::at`'s solutions before a node when they are not known (the search was put on its path
/// by `follow` or `finish`, with another search's counters): that node's finish is not kept.
const UNKNOWN: u64 = u64::MAX;

impl Memo {
    /// Forgets every entry: the search is back at its start.
    pub(super) fn clear(&mut self) {
        self.table.clear();
        self.entries.clear();
        self.hits = 0;
        self.bytes = 0;
    }

    /// Forgets every entry, and what the levels of the path knew: the search stands where another
    /// search's walk left it, with that search's counters (`follow`, `finish`).
    pub(super) fn forget(&mut self) {
        self.clear();
        self.at.fill((0, UNKNOWN));
    }
}

/// What stepping with memos has done so far, in DLX6's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoCounts {
    /// Subproblems kept in the table (finished nodes that branched).
    pub memos: u64,
    /// Nodes reused from the table instead of searched.
    pub hits: u64,
    /// Whether the table is full: an entry with no colours would pass its budget (a node finished
    /// now is not kept).
    pub full: bool,
}

/// The key of the subproblem the links stand at (see the module's doc), into `key`.
fn key_of(links: &Links, key: &mut Vec<u64>) {
    key.clear();
    let n = links.n_items() as usize;
    let np = links.n_primary();
    key.resize(n.div_ceil(64), 0);
    let mut colours = Vec::new();
    for i in 1..=n as u32 {
        let live = links.is_active(i) && (i <= np || links.len(i) > 0);
        if live {
            let b = (i - 1) as usize;
            key[b / 64] |= 1 << (b % 64);
            let c = links.color(i);
            if i > np && c != 0 {
                colours.push((u64::from(i) << 32) | u64::from(c));
            }
        }
    }
    key.extend(colours);
}

impl Search {
    /// Steps (and steps back) with memos from now on, or not: only at the start. Multiplicities
    /// are refused, as `core::memo` refuses them (their key would need the bounds).
    pub fn set_memo(&mut self, on: bool) -> Result<(), MemoError> {
        assert!(self.at_start(), "set the memos at the start of the search");
        if on && self.links.has_mult() {
            return Err(MemoError::Multiplicities);
        }
        self.memo = on.then(|| {
            Box::new(Memo {
                at: vec![(0, 0); self.levels.len()],
                budget: STEP_BUDGET,
                ..Memo::default()
            })
        });
        Ok(())
    }

    /// The memo table's budget in bytes (default [`STEP_BUDGET`]): only at the start, with memos on.
    pub fn set_memo_budget(&mut self, bytes: usize) {
        assert!(
            self.at_start(),
            "set the memo budget at the start of the search"
        );
        if let Some(m) = self.memo.as_mut() {
            m.budget = bytes;
        }
    }

    /// Whether this search steps with memos.
    pub fn memo(&self) -> bool {
        self.memo.is_some()
    }

    /// The memos and hits so far, when stepping with memos.
    pub fn memo_counts(&self) -> Option<MemoCounts> {
        self.memo.as_ref().map(|m| MemoCounts {
            memos: m.entries.len() as u64,
            hits: m.hits,
            full: m.bytes + entry_bytes(self.links.n_items().div_ceil(64) as usize) > m.budget,
        })
    }

    /// The primary items still to cover (the size of the subproblem a `Reuse` names).
    pub fn items_left(&self) -> usize {
        let items = self.links.items();
        let mut n = 0;
        let mut c = items[0].right;
        while c != 0 {
            n += 1;
            c = items[c as usize].right;
        }
        n
    }

    pub(super) fn step_memo(&mut self) -> Result<Event, Status> {
        // The table is taken out while the links are read and the machine steps, then put back.
        let mut memo = self.memo.take().expect("stepping with memos");
        let ev = self.step_with(&mut memo);
        self.memo = Some(memo);
        ev
    }

    fn step_with(&mut self, memo: &mut Memo) -> Result<Event, Status> {
        while self.silent() {}
        let l = self.level;
        match self.phase {
            Phase::Enter if !self.limit_reached() && self.links.items()[0].right != 0 => {
                key_of(&self.links, &mut memo.key);
                if let Some(&i) = memo.table.get(&memo.key) {
                    let Entry { node, count, .. } = memo.entries[i];
                    memo.hits += 1;
                    self.enter_count(l);
                    self.stats.solutions += count;
                    self.phase = Phase::Reused { node, count };
                    return Ok(Event::Reuse {
                        level: l as u32,
                        node,
                        count,
                    });
                }
                let ev = self.step_plain()?;
                if let Event::Choose { .. } = ev {
                    memo.at[l] = (self.stats.nodes, self.stats.solutions);
                }
                Ok(ev)
            }
            Phase::Exhausted if l > 0 && memo.at[l].1 != UNKNOWN => {
                // The node's options are all tried and undone: the links are as it found them.
                let mut key = Vec::new();
                key_of(&self.links, &mut key);
                let cost = entry_bytes(key.len());
                if memo.bytes + cost > memo.budget {
                    return self.step_plain();
                }
                let (node, before) = memo.at[l];
                let entry = Entry {
                    key: key.clone(),
                    node,
                    count: self.stats.solutions - before,
                    finished_at: self.stats.nodes,
                };
                memo.bytes += cost;
                memo.table.insert(key, memo.entries.len());
                memo.entries.push(entry);
                self.step_plain()
            }
            _ => self.step_plain(),
        }
    }

    pub(super) fn step_back_memo(&mut self) -> Option<Event> {
        let mut memo = self.memo.take().expect("stepping with memos");
        let ev = self.undo_event();
        self.links.sanity_checking();
        match ev {
            Some(Event::Reuse { .. }) => memo.hits -= 1,
            Some(Event::Backtrack { level }) if self.phase == Phase::Exhausted => {
                // Back in a node that branched: finished by its own search (its entry on top of
                // the stack, made at this very count of nodes), or reused from an earlier node.
                key_of(&self.links, &mut memo.key);
                let own = memo
                    .entries
                    .last()
                    .is_some_and(|e| e.finished_at == self.stats.nodes && e.key == memo.key);
                if own {
                    let e = memo.entries.pop().expect("checked");
                    memo.bytes -= entry_bytes(e.key.len());
                    memo.table.remove(&e.key);
                    memo.at[level as usize] = (e.node, self.stats.solutions - e.count);
                } else if let Some(&i) = memo.table.get(&memo.key) {
                    let Entry { node, count, .. } = memo.entries[i];
                    self.phase = Phase::Reused { node, count };
                } else {
                    // Neither kept nor reused: a node finished before `follow` or `finish` put
                    // the search where it stands (its count is not known), or one the budget left
                    // out (finished again, it is left out again: the stack below is the same).
                    memo.at[level as usize] = (0, UNKNOWN);
                }
            }
            _ => {}
        }
        self.memo = Some(memo);
        ev
    }
}
