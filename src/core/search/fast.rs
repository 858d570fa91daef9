//! The fast loops, side by side: whole covers at a time for an observer that wants only solutions
//! (`run_fast` for Algorithms X and C, `run_fast_mult` for M), starting and stopping at level
//! boundaries with the event machine's states and counters.

use super::*;
use crate::core::links::LevelArrays;

impl Search {
    /// Where a fast loop (`run_fast`, `run_fast_mult`) picks the machine up: `None` when it is done.
    /// Both start at a level boundary, which `run` settles first.
    #[inline(always)]
    pub(super) fn fast_start(&self) -> Option<At> {
        Some(match self.phase {
            Phase::Enter => At::Enter,
            Phase::Try => At::Try,
            Phase::Retreat => At::Retreat,
            Phase::Solved | Phase::Stuck | Phase::Exhausted | Phase::Reused { .. } => At::Leave,
            Phase::Done => return None,
            _ => unreachable!("a fast loop starts at a level boundary"),
        })
    }

    /// The fast path: whole covers at a time, observer told only of solutions. Starts and stops at level
    /// boundaries, leaving the same state and counters as the fine-grained machine would.
    #[inline(never)]
    pub(super) fn run_fast<O: Observer, const FIRST: bool, const XCC: bool, const LOOK: bool>(
        &mut self,
        obs: &mut O,
    ) -> Status {
        let Some(mut at) = self.fast_start() else {
            return Status::Done;
        };
        let mut updates = 0u64;
        let mut cleansings = 0u64;
        // Counters in locals and the per-level arrays borrowed as `LevelArrays`, so that the loop
        // neither checks bounds nor reloads the vectors' pointers after each store into the links;
        // it checks the level as it goes down (levels stay below `depth`, n_primary + 1, see
        // `with_order`: each level covers a primary item, the one after the last holds the
        // solution check).
        let mut nodes = self.stats.nodes;
        let watch = self.watch.clone();
        let mut stop = Stop::new(nodes, self.node_cap, watch.as_ref());
        let mut capped = self.stats.solutions >= self.solution_cap;
        let mut arr = LevelArrays::new(
            &mut self.levels,
            &mut self.choice,
            &mut self.stats.profile,
            self.level,
        );
        let status = loop {
            self.links.sanity_checking();
            match at {
                At::Enter => {
                    if (nodes >= stop.at() && !stop.goes_on(nodes)) || capped {
                        self.phase = Phase::Enter;
                        break Status::Limit;
                    }
                    nodes += 1;
                    *arr.profile() += 1;
                    match Heuristic::pick::<FIRST>(&self.links) {
                        None => {
                            self.stats.solutions += 1;
                            self.stats.nodes = nodes;
                            self.phase = Phase::Solved;
                            self.stats.updates += std::mem::take(&mut updates);
                            self.stats.cleansings += std::mem::take(&mut cleansings);
                            // The observer reads the search: the arrays go back to it meanwhile.
                            self.level = arr.level();
                            let ev = Event::Solution {
                                level: self.level as u32,
                            };
                            let stop = obs.event(ev, self).is_break();
                            arr = LevelArrays::new(
                                &mut self.levels,
                                &mut self.choice,
                                &mut self.stats.profile,
                                self.level,
                            );
                            if stop {
                                break Status::Paused;
                            }
                            capped = self.stats.solutions >= self.solution_cap;
                            at = At::Leave;
                        }
                        Some((c, len)) => {
                            // (`tweak` and `first` stay false and 0: this loop is for instances
                            // without multiplicities, whose levels never tweak.)
                            let lv = arr.here();
                            lv.item = c;
                            lv.k = 0;
                            lv.d = len;
                            if len == 0 {
                                self.phase = Phase::Stuck;
                                at = At::Leave;
                            } else {
                                updates += self.links.cover::<XCC>(c);
                                *arr.choice() = self.links.down(c);
                                at = At::Try;
                            }
                        }
                    }
                }
                At::Try => {
                    let (x, c) = (*arr.choice(), arr.here().item);
                    if x == c {
                        self.links.uncover::<XCC>(c);
                        self.phase = Phase::Exhausted;
                        at = At::Leave;
                        continue;
                    }
                    arr.here().k += 1;
                    if LOOK {
                        let (u, cl, emptied) = self.links.cover_option_look::<XCC>(x);
                        updates += u;
                        cleansings += cl;
                        if emptied.is_some() {
                            // Rejected, and undone already: on to the next option.
                            *arr.choice() = self.links.down(x);
                            continue;
                        }
                    } else {
                        let (u, cl) = self.links.cover_option_from::<XCC>(x);
                        updates += u;
                        cleansings += cl;
                    }
                    arr.down();
                    at = At::Enter;
                }
                At::Leave => {
                    if !arr.up() {
                        self.phase = Phase::Done;
                        break Status::Done;
                    }
                    at = At::Retreat;
                }
                At::Retreat => {
                    let x = *arr.choice();
                    self.links.uncover_option_from::<XCC>(x);
                    *arr.choice() = self.links.down(x);
                    at = At::Try;
                }
            }
        };
        self.level = arr.level();
        self.stats.nodes = nodes;
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
        status
    }
}

impl Search {
    /// The fast path for an instance with multiplicities (Algorithm M): whole covers and tweaks at a
    /// time, as `run_fast` for Algorithm X and C, leaving the same states and counters as the event
    /// machine at level boundaries. A loop of its own, so that plain exact cover keeps its code;
    /// out of line, so that `Search::run` stays a small dispatcher (inlined, it made each copy of
    /// `run` several times larger, and V8 compiles every copy in its top tier during a page's
    /// run).
    #[inline(never)]
    pub(super) fn run_fast_mult<O: Observer, const FIRST: bool>(&mut self, obs: &mut O) -> Status {
        let Some(mut at) = self.fast_start() else {
            return Status::Done;
        };
        let mut l = self.level;
        let (mut updates, mut cleansings) = (0u64, 0u64);
        let status = loop {
            self.links.sanity_checking();
            match at {
                At::Enter => {
                    if self.stats.nodes >= self.node_cap
                        || self.stats.solutions >= self.solution_cap
                    {
                        self.phase = Phase::Enter;
                        break Status::Limit;
                    }
                    self.stats.nodes += 1;
                    self.stats.profile[l] += 1;
                    match self.links.choose_mult::<FIRST>() {
                        None => {
                            self.stats.solutions += 1;
                            self.level = l;
                            self.phase = Phase::Solved;
                            self.stats.updates += std::mem::take(&mut updates);
                            self.stats.cleansings += std::mem::take(&mut cleansings);
                            if obs
                                .event(Event::Solution { level: l as u32 }, self)
                                .is_break()
                            {
                                break Status::Paused;
                            }
                            at = At::Leave;
                        }
                        Some((c, d)) => {
                            let tweak = self.tweaks(c);
                            self.levels[l] = Level {
                                item: c,
                                k: 0,
                                d,
                                tweak,
                                first: 0,
                            };
                            if d == 0 {
                                self.phase = Phase::Stuck;
                                at = At::Leave;
                                continue;
                            }
                            if tweak {
                                let b = self.links.lower_item(c);
                                self.levels[l].first = self.links.down(c);
                                if b == 0 {
                                    updates += self.links.cover::<true>(c);
                                }
                            } else {
                                updates += self.links.cover::<true>(c);
                            }
                            self.choice[l] = self.links.down(c);
                            at = At::Try;
                        }
                    }
                }
                At::Try => {
                    let (x, Level { item: c, tweak, .. }) = (self.choice[l], self.levels[l]);
                    if tweak {
                        if self.off_limits(l) {
                            self.undo_item(l);
                            self.phase = Phase::Exhausted;
                            at = At::Leave;
                            continue;
                        }
                        self.levels[l].k += 1;
                        let block = self.links.bound(c) != 0;
                        if x == c {
                            if block {
                                self.links.splice_out(c);
                            }
                        } else {
                            updates += self.links.tweak(x, block);
                            let (u, cl) = self.links.cover_option_from_m(x);
                            updates += u;
                            cleansings += cl;
                        }
                    } else {
                        if x == c {
                            self.links.uncover::<true>(c);
                            self.phase = Phase::Exhausted;
                            at = At::Leave;
                            continue;
                        }
                        self.levels[l].k += 1;
                        let (u, cl) = self.links.cover_option_from_m(x);
                        updates += u;
                        cleansings += cl;
                    }
                    l += 1;
                    at = At::Enter;
                }
                At::Leave => {
                    if l == 0 {
                        self.phase = Phase::Done;
                        break Status::Done;
                    }
                    l -= 1;
                    at = At::Retreat;
                }
                At::Retreat => {
                    let (x, c) = (self.choice[l], self.levels[l].item);
                    self.undo_option(l);
                    if self.levels[l].tweak && x == c {
                        // The null choice was the last way to go on.
                        self.undo_item(l);
                        self.phase = Phase::Exhausted;
                        at = At::Leave;
                    } else {
                        self.choice[l] = self.links.down(x);
                        at = At::Try;
                    }
                }
            }
        };
        self.level = l;
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
        status
    }
}
