//! The back machine: `step_back` undoes the latest event from the state alone (no trace), recomputing
//! where a level was left by choosing again on links that are exactly as they were.

use super::*;

impl Search {
    /// Undoes the latest event and returns it; `None` at the start. The state before any event is a
    /// function of the state after it (DLX is reversible), so nothing needs to have been recorded.
    pub fn step_back(&mut self) -> Option<Event> {
        if self.memo.is_some() {
            return self.step_back_memo();
        }
        let ev = self.undo_event();
        self.links.sanity_checking();
        ev
    }

    pub(super) fn undo_event(&mut self) -> Option<Event> {
        loop {
            let l = self.level;
            match self.phase {
                Phase::Enter => {
                    if l == 0 {
                        return None;
                    }
                    // Entered from level l - 1: right after trying an option with nothing else to
                    // commit, or after committing the last item of the option tried, or after
                    // Algorithm M's null choice.
                    self.level -= 1;
                    let (x, c) = (self.choice[l - 1], self.levels[l - 1].item);
                    if self.levels[l - 1].tweak && x == c {
                        if self.links.bound(c) != 0 {
                            self.links.splice_in(c);
                        }
                        let Level { k, d, .. } = self.levels[l - 1];
                        self.levels[l - 1].k -= 1;
                        self.phase = Phase::Try;
                        return Some(Event::Close {
                            level: (l - 1) as u32,
                            item: c,
                            k,
                            d,
                        });
                    }
                    if let Some(ev) = self.back_before(self.choice[l - 1]) {
                        return Some(ev);
                    }
                }
                Phase::Solved => {
                    self.leave_count(l);
                    uncount(&mut self.stats.solutions, 1);
                    self.phase = Phase::Enter;
                    return Some(Event::Solution { level: l as u32 });
                }
                Phase::Reused { node, count } => {
                    self.leave_count(l);
                    uncount(&mut self.stats.solutions, count);
                    self.phase = Phase::Enter;
                    return Some(Event::Reuse {
                        level: l as u32,
                        node,
                        count,
                    });
                }
                Phase::Stuck => {
                    self.leave_count(l);
                    self.phase = Phase::Enter;
                    return Some(Event::DeadEnd {
                        level: l as u32,
                        item: self.levels[l].item,
                    });
                }
                Phase::CoverHeader { ctx, .. } => match ctx {
                    Ctx::Chosen => return Some(self.unchoose()),
                    Ctx::Opt(p) => {
                        if let Some(ev) = self.back_before(p) {
                            return Some(ev);
                        }
                    }
                },
                Phase::Purify { p } => {
                    if let Some(ev) = self.back_before(p) {
                        return Some(ev);
                    }
                }
                Phase::Unpurify { p } if self.looks() => {
                    // Right after a reject, when the purification left an item empty: the forward
                    // machine checked this very state and went on only when it did not.
                    if let Some(item) = self.links.purify_emptied(self.choice[l], p) {
                        self.phase = Phase::Reject { p, rr: 0, item };
                        return Some(Event::Reject {
                            level: l as u32,
                            node: self.choice[l],
                            item,
                        });
                    }
                    if let Some(ev) = self.back_after_uncommit(p) {
                        return Some(ev);
                    }
                }
                Phase::Unpurify { p } | Phase::Raise { p } => {
                    if let Some(ev) = self.back_after_uncommit(p) {
                        return Some(ev);
                    }
                }
                Phase::Reject { p, rr, .. } => {
                    // Undo the hide or the purification that emptied the item.
                    if rr == 0 {
                        let (u, c) = self.links.unpurify(p);
                        uncount(&mut self.stats.updates, u);
                        uncount(&mut self.stats.cleansings, c);
                        self.phase = Phase::Purify { p };
                        return Some(Event::Purify { node: p });
                    }
                    let c = self.links.top(p);
                    let h = self.links.up(rr);
                    uncount(&mut self.stats.updates, self.links.unhide::<true>(h));
                    self.phase = Phase::CoverRows {
                        c,
                        rr: h,
                        ctx: Ctx::Opt(p),
                    };
                    return Some(Event::Hide { node: h });
                }
                Phase::Lower { p } => {
                    if let Some(ev) = self.back_before(p) {
                        return Some(ev);
                    }
                }
                Phase::Untweak => {
                    let c = self.levels[l].item;
                    let b = self.links.bound(c);
                    if self.choice[l] == c && b < self.links.slack(c) {
                        // Reached from the null choice's retreat, which put the item back.
                        if b != 0 {
                            self.links.splice_out(c);
                        }
                        self.phase = Phase::Retreat;
                    } else {
                        // Reached from Try: no way left to go on.
                        self.phase = Phase::Try;
                    }
                }
                Phase::CoverRows { c, rr, ctx } => {
                    if rr == self.links.down(c) {
                        self.links.splice_in(c);
                        uncount(&mut self.stats.updates, 1);
                        self.phase = Phase::CoverHeader { c, ctx };
                        return Some(Event::CoverItem { item: c });
                    }
                    let h = self.links.up(rr);
                    uncount(&mut self.stats.updates, self.links.unhide::<true>(h));
                    self.phase = Phase::CoverRows { c, rr: h, ctx };
                    return Some(Event::Hide { node: h });
                }
                Phase::Try if self.levels[l].tweak => {
                    let Level { item: c, first, .. } = self.levels[l];
                    let x = self.choice[l];
                    if x == first {
                        // The first try: reached right after choosing the item, or after covering
                        // it when its bound reached 0.
                        if self.links.bound(c) == 0 {
                            self.phase = Phase::CoverRows {
                                c,
                                rr: c,
                                ctx: Ctx::Chosen,
                            };
                            continue;
                        }
                        return Some(self.unchoose());
                    }
                    // Reached after undoing the option tried before x, which was tweaked out of the
                    // list and still points down at x.
                    let mut old = first;
                    while self.links.down(old) != x {
                        old = self.links.down(old);
                    }
                    self.choice[l] = old;
                    if let Some(ev) = self.back_after_uncommit(old) {
                        return Some(ev);
                    }
                }
                Phase::Try => {
                    let x = self.choice[l];
                    let c = self.levels[l].item;
                    if x == self.links.down(c) {
                        // The first option: reached right after covering the item.
                        self.phase = Phase::CoverRows {
                            c,
                            rr: c,
                            ctx: Ctx::Chosen,
                        };
                        continue;
                    }
                    // Reached after undoing the option above x.
                    let old = self.links.up(x);
                    self.choice[l] = old;
                    if let Some(ev) = self.back_after_uncommit(old) {
                        return Some(ev);
                    }
                }
                Phase::Retreat => {
                    // Reached by a backtrack from level l + 1, whose state is that of entering it again.
                    self.level += 1;
                    self.phase = self.reenter();
                    return Some(Event::Backtrack {
                        level: self.level as u32,
                    });
                }
                Phase::UncoverRows {
                    c,
                    rr,
                    ctx: Ctx::Opt(p),
                } if rr != c
                    && self.looks()
                    && self.links.emptied(self.choice[l], rr).is_some() =>
                {
                    // Right after a reject: node rr's option, hidden last, emptied an item (the
                    // forward machine checked this very state, and went on only when it did not).
                    let item = self.links.emptied(self.choice[l], rr).unwrap_or(0);
                    self.phase = Phase::Reject {
                        p,
                        rr: self.links.down(rr),
                        item,
                    };
                    return Some(Event::Reject {
                        level: l as u32,
                        node: self.choice[l],
                        item,
                    });
                }
                Phase::UncoverRows { c, rr, ctx } => {
                    if rr == self.links.up(c) {
                        // Nothing unhidden yet.
                        match ctx {
                            // After an untweak, when the item's bound had reached 0.
                            Ctx::Chosen if self.levels[l].tweak => return Some(self.ununtweak()),
                            Ctx::Chosen => self.phase = Phase::Try,
                            Ctx::Opt(p) => {
                                if let Some(ev) = self.back_after_uncommit(p) {
                                    return Some(ev);
                                }
                            }
                        }
                        continue;
                    }
                    let h = self.links.down(rr);
                    self.links.hide::<true>(h);
                    self.phase = Phase::UncoverRows { c, rr: h, ctx };
                    return Some(Event::Unhide { node: h });
                }
                Phase::UncoverHeader { c, ctx } => {
                    self.phase = Phase::UncoverRows { c, rr: c, ctx };
                }
                Phase::Exhausted
                    if self.levels[l].tweak && self.links.bound(self.levels[l].item) > 1 =>
                {
                    return Some(self.ununtweak());
                }
                Phase::Exhausted => {
                    let c = self.levels[l].item;
                    self.links.splice_out(c);
                    self.phase = Phase::UncoverHeader {
                        c,
                        ctx: Ctx::Chosen,
                    };
                    return Some(Event::UncoverItem { item: c });
                }
                Phase::Done => {
                    self.level = 0;
                    self.phase = self.reenter();
                }
            }
        }
    }

    /// Undoes the `Try` of `choice[level]`.
    fn untry(&mut self) -> Event {
        let l = self.level;
        let ev = Event::Try {
            level: l as u32,
            node: self.choice[l],
            k: self.levels[l].k,
            d: self.levels[l].d,
        };
        self.levels[l].k -= 1;
        self.phase = Phase::Try;
        if self.levels[l].tweak {
            let x = self.choice[l];
            let block = self.links.bound(self.levels[l].item) != 0;
            uncount(&mut self.stats.updates, self.links.untweak_one(x, block));
        }
        ev
    }

    /// Undoes the `Choose` of the current level (from the phase right after it).
    fn unchoose(&mut self) -> Event {
        let l = self.level;
        let c = self.levels[l].item;
        if self.levels[l].tweak {
            self.links.raise_item(c);
        }
        self.leave_count(l);
        self.phase = Phase::Enter;
        Event::Choose {
            level: l as u32,
            item: c,
            len: self.levels[l].d,
        }
    }

    /// Undoes the `Untweak` of the current level: its bound lowered again, and the options it had tried
    /// tweaked out again — all of them, and the null choice too, when the item could close (its
    /// bound below its slack), else the `k` tried.
    fn ununtweak(&mut self) -> Event {
        let l = self.level;
        let c = self.levels[l].item;
        self.links.lower_item(c);
        let b = self.links.bound(c);
        let tried = self.levels[l].k - u32::from(b < self.links.slack(c));
        self.links.retweak(c, tried, b != 0);
        self.choice[l] = self.links.down(c);
        self.phase = Phase::Untweak;
        Event::Untweak {
            level: l as u32,
            item: c,
        }
    }

    /// Steps back over what came just before committing node `p` of the option tried at this level
    /// (with `p` the option's own node: before entering the level below). That was the `Try` itself
    /// when `p` is the first node committed; else the commit of the node before it: a `Purify`, undone
    /// here, or the last `Hide` of a cover, which the `CoverRows` phase set here undoes (`None`).
    fn back_before(&mut self, p: u32) -> Option<Event> {
        let q = self.prev_commit(p);
        if q == self.choice[self.level] {
            return Some(self.untry());
        }
        if self.links.color(q) != 0 {
            let (u, c) = self.links.unpurify(q);
            uncount(&mut self.stats.updates, u);
            uncount(&mut self.stats.cleansings, c);
            self.phase = Phase::Purify { p: q };
            return Some(Event::Purify { node: q });
        }
        if self.links.raises(q) {
            // Its commit lowered the bound and left the item active.
            self.links.raise(q);
            self.phase = Phase::Lower { p: q };
            return Some(Event::Lower { node: q });
        }
        let c = self.links.top(q);
        self.phase = Phase::CoverRows {
            c,
            rr: c,
            ctx: Ctx::Opt(q),
        };
        None
    }

    /// Steps back over what came just before uncommitting node `p` of the option being undone at this
    /// level (with `p` the option's own node: before moving to the next option). That was the
    /// `Retreat` when `p` is the last node committed (`None`, phase set to it); else the uncommit of
    /// the node after it, an `Unpurify` or an `UncoverItem`, which is redone here.
    fn back_after_uncommit(&mut self, p: u32) -> Option<Event> {
        let q = self.next_commit(p);
        if q == self.choice[self.level] {
            self.phase = Phase::Retreat;
            return None;
        }
        if self.links.color(q) != 0 {
            self.links.purify(q);
            self.phase = Phase::Unpurify { p: q };
            return Some(Event::Unpurify { node: q });
        }
        if self.links.lowers(q) {
            // Its uncommit raised the bound back (the commit had lowered it).
            self.links.lower(q);
            self.phase = Phase::Raise { p: q };
            return Some(Event::Raise { node: q });
        }
        Some(self.ununcover(q))
    }

    /// Undoes the `UncoverItem` of the item of node `q` of the option being undone.
    fn ununcover(&mut self, q: u32) -> Event {
        let c = self.links.top(q);
        self.links.splice_out(c);
        self.phase = Phase::UncoverHeader {
            c,
            ctx: Ctx::Opt(q),
        };
        Event::UncoverItem { item: c }
    }

    /// The phase in which `level` was left, worked out again from the links, which are as they were on
    /// entering it: a solution, a dead end, or an item whose options have all been tried.
    fn reenter(&mut self) -> Phase {
        let l = self.level;
        match self.choose() {
            None => Phase::Solved,
            Some((c, len)) => {
                self.levels[l] = Level {
                    item: c,
                    k: len,
                    d: len,
                    tweak: self.tweaks(c),
                    first: self.links.down(c),
                };
                if len == 0 {
                    Phase::Stuck
                } else {
                    self.choice[l] = c;
                    Phase::Exhausted
                }
            }
        }
    }
}
