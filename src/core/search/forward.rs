//! The forward machine: one event a step (X2–X8 of Algorithm X, with Algorithm C's purify and M's
//! lower and tweak), settling every silent transition at once so that the state between two events
//! is canonical.

use super::*;

impl Search {
    pub(super) fn step_status(&mut self) -> Result<Event, Status> {
        if self.memo.is_some() {
            return self.step_memo();
        }
        self.step_plain()
    }

    /// One event of the plain machine (with memos, `step_memo` calls it around its lookups).
    pub(super) fn step_plain(&mut self) -> Result<Event, Status> {
        while self.silent() {}
        let ev = self.emit()?;
        // Settle at once, so that the state between two events is always the one that emits the next:
        // stepping forward and back then meet in exactly the same states.
        while self.silent() {}
        self.links.sanity_checking();
        Ok(ev)
    }

    /// Takes one transition that emits no event, if the machine stands before one.
    pub(super) fn silent(&mut self) -> bool {
        let l = self.level;
        match self.phase {
            Phase::Solved | Phase::Stuck | Phase::Exhausted | Phase::Reused { .. } if l == 0 => {
                self.phase = Phase::Done
            }
            Phase::CoverRows { c, rr, ctx } if rr == c => match ctx {
                Ctx::Chosen => {
                    self.choice[l] = self.links.down(c);
                    self.phase = Phase::Try;
                }
                Ctx::Opt(p) => self.cover_next_after(p),
            },
            Phase::Try if self.levels[l].tweak => {
                if !self.off_limits(l) {
                    return false;
                }
                self.phase = Phase::Untweak;
            }
            Phase::Try if self.choice[l] == self.levels[l].item => {
                let c = self.levels[l].item;
                let rr = self.links.up(c);
                self.phase = Phase::UncoverRows {
                    c,
                    rr,
                    ctx: Ctx::Chosen,
                };
            }
            Phase::Retreat if self.levels[l].tweak && self.choice[l] == self.levels[l].item => {
                // Back from the null choice: the item rejoins the list, and its turn is over.
                let c = self.levels[l].item;
                if self.links.bound(c) != 0 {
                    self.links.splice_in(c);
                }
                self.phase = Phase::Untweak;
            }
            Phase::Retreat => self.uncover_before(self.choice[l]),
            Phase::UncoverRows { c, rr, ctx } if rr == c => {
                self.phase = Phase::UncoverHeader { c, ctx };
            }
            _ => return false,
        }
        true
    }

    /// Takes the transition from a phase that emits an event.
    fn emit(&mut self) -> Result<Event, Status> {
        let l = self.level;
        let level = l as u32;
        Ok(match self.phase {
            Phase::Enter => {
                if self.limit_reached() {
                    return Err(Status::Limit);
                }
                self.enter_count(l);
                let Some((c, len)) = self.choose() else {
                    self.stats.solutions += 1;
                    self.phase = Phase::Solved;
                    return Ok(Event::Solution { level });
                };
                let tweak = self.tweaks(c);
                self.levels[l] = Level {
                    item: c,
                    k: 0,
                    d: len,
                    tweak,
                    first: 0,
                };
                if len == 0 {
                    self.phase = Phase::Stuck;
                    Event::DeadEnd { level, item: c }
                } else {
                    self.phase = Phase::CoverHeader {
                        c,
                        ctx: Ctx::Chosen,
                    };
                    if tweak {
                        // Algorithm M: this level takes one of the item's options (or none); the
                        // item is covered only when that uses up its bound.
                        let b = self.links.lower_item(c);
                        self.levels[l].first = self.links.down(c);
                        if b != 0 {
                            self.choice[l] = self.levels[l].first;
                            self.phase = Phase::Try;
                        }
                    }
                    Event::Choose {
                        level,
                        item: c,
                        len,
                    }
                }
            }
            Phase::Solved | Phase::Stuck | Phase::Exhausted | Phase::Reused { .. } => {
                self.level -= 1;
                self.phase = Phase::Retreat;
                Event::Backtrack { level }
            }
            Phase::CoverHeader { c, ctx } => {
                self.links.splice_out(c);
                self.stats.updates += 1;
                let rr = self.links.down(c);
                self.phase = Phase::CoverRows { c, rr, ctx };
                Event::CoverItem { item: c }
            }
            Phase::CoverRows { c, rr, ctx } => {
                self.stats.updates += self.links.hide::<true>(rr);
                let next = self.links.down(rr);
                self.phase = Phase::CoverRows { c, rr: next, ctx };
                if let Ctx::Opt(p) = ctx {
                    if self.looks() {
                        if let Some(item) = self.links.emptied(self.choice[l], rr) {
                            self.phase = Phase::Reject { p, rr: next, item };
                        }
                    }
                }
                Event::Hide { node: rr }
            }
            Phase::Reject { p, rr, item } => {
                self.phase = if rr == 0 {
                    Phase::Unpurify { p }
                } else {
                    Phase::UncoverRows {
                        c: self.links.top(p),
                        rr: self.links.up(rr),
                        ctx: Ctx::Opt(p),
                    }
                };
                Event::Reject {
                    level,
                    node: self.choice[l],
                    item,
                }
            }
            Phase::Try => {
                let x = self.choice[l];
                self.levels[l].k += 1;
                let ev = Event::Try {
                    level,
                    node: x,
                    k: self.levels[l].k,
                    d: self.levels[l].d,
                };
                if self.levels[l].tweak {
                    let c = self.levels[l].item;
                    let block = self.links.bound(c) != 0;
                    if x == c {
                        // The null choice: the item takes no more options.
                        if block {
                            self.links.splice_out(c);
                        }
                        self.level += 1;
                        self.phase = Phase::Enter;
                        return Ok(Event::Close {
                            level,
                            item: c,
                            k: self.levels[l].k,
                            d: self.levels[l].d,
                        });
                    }
                    self.stats.updates += self.links.tweak(x, block);
                }
                self.cover_next_after(x);
                ev
            }
            Phase::Lower { p } => {
                self.links.lower(p);
                self.cover_next_after(p);
                Event::Lower { node: p }
            }
            Phase::Raise { p } => {
                self.links.raise(p);
                self.uncover_before(p);
                Event::Raise { node: p }
            }
            Phase::Untweak => {
                let Level { item: c, first, .. } = self.levels[l];
                let b = self.links.bound(c);
                debug_assert_eq!(
                    self.levels[l].k, self.levels[l].d,
                    "tries = branching degree"
                );
                self.links.untweak(c, first, b != 0);
                self.links.raise_item(c);
                self.phase = if b == 0 {
                    // Covered when its bound reached 0: uncover it as a covered item is.
                    Phase::UncoverRows {
                        c,
                        rr: self.links.up(c),
                        ctx: Ctx::Chosen,
                    }
                } else {
                    Phase::Exhausted
                };
                Event::Untweak { level, item: c }
            }
            Phase::UncoverRows { c, rr, ctx } => {
                self.links.unhide::<true>(rr);
                let next = self.links.up(rr);
                self.phase = Phase::UncoverRows { c, rr: next, ctx };
                Event::Unhide { node: rr }
            }
            Phase::UncoverHeader { c, ctx } => {
                self.links.splice_in(c);
                match ctx {
                    Ctx::Chosen => self.phase = Phase::Exhausted,
                    Ctx::Opt(p) => self.uncover_before(p),
                }
                Event::UncoverItem { item: c }
            }
            Phase::Purify { p } => {
                let (u, c) = self.links.purify(p);
                self.stats.updates += u;
                self.stats.cleansings += c;
                let emptied = if self.looks() {
                    self.links.purify_emptied(self.choice[l], p)
                } else {
                    None
                };
                match emptied {
                    Some(item) => self.phase = Phase::Reject { p, rr: 0, item },
                    None => self.cover_next_after(p),
                }
                Event::Purify { node: p }
            }
            Phase::Unpurify { p } => {
                self.links.unpurify(p);
                self.uncover_before(p);
                Event::Unpurify { node: p }
            }
            Phase::Done => return Err(Status::Done),
            Phase::Retreat => unreachable!("retreat is silent"),
        })
    }

    /// The node after `p` in its option that choosing the option commits: marked nodes are skipped
    /// (their item is purified with their colour already). Marks on the option being tried do not
    /// change while it is tried (a purification marks nodes of *other* options), so forward and back
    /// walks see the same nodes.
    pub(super) fn next_commit(&self, p: u32) -> u32 {
        let mut q = self.links.next_in_option(p);
        while self.links.color(q) == MARKED {
            q = self.links.next_in_option(q);
        }
        q
    }

    /// The node before `p` that choosing its option commits (see `next_commit`).
    pub(super) fn prev_commit(&self, p: u32) -> u32 {
        let mut q = self.links.prev_in_option(p);
        while self.links.color(q) == MARKED {
            q = self.links.prev_in_option(q);
        }
        q
    }

    /// The phase that commits node `q` of the option being tried: purify for a colour, else cover.
    fn commit_phase(&self, q: u32) -> Phase {
        if self.links.color(q) != 0 {
            Phase::Purify { p: q }
        } else if self.links.lowers(q) {
            Phase::Lower { p: q }
        } else {
            Phase::CoverHeader {
                c: self.links.top(q),
                ctx: Ctx::Opt(q),
            }
        }
    }

    /// After the item of node `p` of the option being tried is covered: cover the next one, or, when
    /// the option is done, go down a level.
    fn cover_next_after(&mut self, p: u32) {
        let q = self.next_commit(p);
        if q == self.choice[self.level] {
            self.level += 1;
            self.phase = Phase::Enter;
        } else {
            self.phase = self.commit_phase(q);
        }
    }

    /// After the item of node `p` of the option being undone is uncovered (or, with `p` the option's
    /// own node, before any): uncover the one before it — the reverse of the covering order, so each
    /// relinked node finds its neighbours back in place — or, when all are done, move to the next option.
    fn uncover_before(&mut self, p: u32) {
        let l = self.level;
        let q = self.prev_commit(p);
        if q == self.choice[l] {
            self.choice[l] = self.links.down(q);
            self.phase = Phase::Try;
        } else if self.links.color(q) != 0 {
            self.phase = Phase::Unpurify { p: q };
        } else if self.links.raises(q) {
            self.phase = Phase::Raise { p: q };
        } else {
            let c = self.links.top(q);
            let rr = self.links.up(c);
            self.phase = Phase::UncoverRows {
                c,
                rr,
                ctx: Ctx::Opt(q),
            };
        }
    }
}
