//! The events buffer the page reads after a stepping call: its layout, the codes (`EventCode`) and
//! the cap, exported so the page spells no number out.

use crate::core::Event;
use wasm_bindgen::prelude::*;

/// Events kept per call: the page draws at most the tail of a long run.
pub const EVENT_CAP: usize = 65536;
/// u32 per event in the events buffer: code, a, b, c, d, undone (`facts::EventRecord`).
pub const EVENT_WORDS: usize = super::facts::EVENT_RECORD_WORDS;

/// The code of each event in the events buffer (`Session.events_ptr`): an event is
/// `engine_facts().event.words`
/// u32, `[code, a, b, c, d, undone]`, with `undone` 1 when `step_back` took it back; the fields of
/// each code are listed with it (items and nodes as in the link arrays). The page never spells a
/// number out.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventCode {
    /// `(level, item, len)`: the item branched on at `level`, with `len` options.
    Choose = 0,
    /// `(level, item)`: the item branched on has no option left.
    DeadEnd = 1,
    /// `(item)`: the item is covered.
    CoverItem = 2,
    /// `(node)`: the other nodes of `node`'s option leave their lists.
    Hide = 3,
    /// `(level, node, k, d)`: option `k` of `d` (from 1) is tried at `level`, its node `node`.
    Try = 4,
    /// `(level)`: every primary item is covered.
    Solution = 5,
    /// `(level)`: back up from `level`.
    Backtrack = 6,
    /// `(node)`: the other nodes of `node`'s option come back.
    Unhide = 7,
    /// `(item)`: the item is uncovered.
    UncoverItem = 8,
    /// `(node)`: a secondary item is purified with `node`'s colour.
    Purify = 9,
    /// `(node)`: the purification is undone.
    Unpurify = 10,
    /// `(node)`: Algorithm M lowers the bound of `node`'s item.
    Lower = 11,
    /// `(node)`: the bound comes back up.
    Raise = 12,
    /// `(level, item, k, d)`: Algorithm M's null choice of `item`, counted as a try.
    Close = 13,
    /// `(level, item)`: the options tweaked out of `item`'s list are put back.
    Untweak = 14,
    /// `(level, node, item)`: the lookahead gives up the option of `node`, tried at `level`, because
    /// it left primary `item` with no option; the Unhide and UncoverItem events after it undo it.
    Reject = 15,
    /// `(level, node, count low, count high)`: with memos, the node entered at `level` leaves the
    /// subproblem node number `node` (low 32 bits) left, whose `count` solutions (two u32 halves)
    /// are added without searching it again.
    Reuse = 16,
}

/// An event as the page reads it: `[code, a, b, c, d, undone]`, codes as in `EventCode`.
pub fn encode(ev: Event, undone: bool) -> [u32; EVENT_WORDS] {
    use EventCode as C;
    let u = u32::from(undone);
    let (code, a, b, c, d) = match ev {
        Event::Choose { level, item, len } => (C::Choose, level, item, len, 0),
        Event::DeadEnd { level, item } => (C::DeadEnd, level, item, 0, 0),
        Event::CoverItem { item } => (C::CoverItem, item, 0, 0, 0),
        Event::Hide { node } => (C::Hide, node, 0, 0, 0),
        Event::Try { level, node, k, d } => (C::Try, level, node, k, d),
        Event::Solution { level } => (C::Solution, level, 0, 0, 0),
        Event::Backtrack { level } => (C::Backtrack, level, 0, 0, 0),
        Event::Unhide { node } => (C::Unhide, node, 0, 0, 0),
        Event::UncoverItem { item } => (C::UncoverItem, item, 0, 0, 0),
        Event::Purify { node } => (C::Purify, node, 0, 0, 0),
        Event::Unpurify { node } => (C::Unpurify, node, 0, 0, 0),
        Event::Lower { node } => (C::Lower, node, 0, 0, 0),
        Event::Raise { node } => (C::Raise, node, 0, 0, 0),
        // Laid out as a Try (level, item in place of the node, k, d): the page counts it as one.
        Event::Close { level, item, k, d } => (C::Close, level, item, k, d),
        Event::Untweak { level, item } => (C::Untweak, level, item, 0, 0),
        // The lookahead: at `level`, the option of `node` is given up, `item` left with no option.
        Event::Reject { level, node, item } => (C::Reject, level, node, item, 0),
        Event::Reuse { level, node, count } => (
            C::Reuse,
            level,
            node as u32,
            count as u32,
            (count >> 32) as u32,
        ),
    };
    super::facts::EventRecord {
        code: code as u32,
        a,
        b,
        c,
        d,
        undone: u,
    }
    .words()
}
