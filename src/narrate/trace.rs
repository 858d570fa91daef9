//! The step log: one JSON line an event (`dlx trace`, and the page's download of the steps taken).

use super::{item_name, narrate, option_text};
use crate::core::{Event, Search};
use crate::problems::Problem;

/// The name of an event's kind in the step log.
pub fn kind_name(ev: &Event) -> &'static str {
    match ev {
        Event::Choose { .. } => "choose",
        Event::DeadEnd { .. } => "dead-end",
        Event::CoverItem { .. } => "cover",
        Event::Hide { .. } => "hide",
        Event::Try { .. } => "try",
        Event::Solution { .. } => "solution",
        Event::Backtrack { .. } => "backtrack",
        Event::Unhide { .. } => "unhide",
        Event::UncoverItem { .. } => "uncover",
        Event::Purify { .. } => "purify",
        Event::Unpurify { .. } => "unpurify",
        Event::Lower { .. } => "lower",
        Event::Raise { .. } => "raise",
        Event::Close { .. } => "close",
        Event::Untweak { .. } => "untweak",
        Event::Reject { .. } => "reject",
        Event::Reuse { .. } => "reuse",
    }
}

/// One line of the step log, in this order of fields (see [`trace_line`]).
#[derive(serde::Serialize)]
struct TraceLine<'a> {
    event: u64,
    kind: &'static str,
    level: usize,
    item: Option<&'a str>,
    option: Option<String>,
    nodes: u64,
    updates: u64,
    solutions: u64,
    narration: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<String>>,
}

/// One line of the step log (`dlx trace`, and the page's download of the steps taken): a JSON object
/// with the event's number from 1, its kind, the level it happens at, its item and option (name and
/// text, `null` where the event has none), the counters after it, and its narration; a solution adds
/// its options.
///
/// `search` must stand right after `ev` was taken (as for [`narrate`]); `level` is the level the
/// event belongs to (see [`trace`], which keeps it).
pub fn trace_line(
    number: u64,
    ev: Event,
    level: usize,
    search: &Search,
    problem: &dyn Problem,
) -> String {
    let inst = problem.instance();
    let links = search.links();
    let node_item = |x: u32| links.nodes()[x as usize].top;
    let (item, option) = match ev {
        Event::Choose { item, .. }
        | Event::DeadEnd { item, .. }
        | Event::CoverItem { item }
        | Event::UncoverItem { item }
        | Event::Close { item, .. }
        | Event::Untweak { item, .. } => (Some(item), None),
        Event::Hide { node }
        | Event::Unhide { node }
        | Event::Try { node, .. }
        | Event::Purify { node }
        | Event::Unpurify { node }
        | Event::Lower { node }
        | Event::Raise { node } => (Some(node_item(node)), Some(node)),
        Event::Reject { node, item, .. } => (Some(item), Some(node)),
        Event::Solution { .. } | Event::Backtrack { .. } | Event::Reuse { .. } => (None, None),
    };
    let st = search.stats();
    let line = TraceLine {
        event: number,
        kind: kind_name(&ev),
        level,
        item: item.map(|i| item_name(inst, i)),
        option: option.map(|x| option_text(inst, search, x)),
        nodes: st.nodes,
        updates: st.updates,
        solutions: st.solutions,
        narration: narrate(ev, false, search, problem),
        solution: matches!(ev, Event::Solution { .. }).then(|| {
            search
                .solution()
                .iter()
                .map(|&k| inst.option_text(k))
                .collect()
        }),
    };
    serde_json::to_string(&line).expect("plain data serialises")
}

/// The level the search stands at for the covers and hides that follow `ev`, which was taken at
/// `level` (the machine itself moves down a level silently once an option's items are covered, but
/// those covers belong to the level that tried it).
pub fn level_after(ev: Event, level: usize) -> usize {
    match ev {
        Event::Choose { level, .. }
        | Event::DeadEnd { level, .. }
        | Event::Try { level, .. }
        | Event::Close { level, .. }
        | Event::Untweak { level, .. }
        | Event::Reject { level, .. }
        | Event::Reuse { level, .. }
        | Event::Solution { level } => level as usize,
        Event::Backtrack { level } => (level as usize).saturating_sub(1),
        _ => level,
    }
}

/// The first `max` events of `search` from where it stands (a fresh search: the whole log), one
/// [`trace_line`] each.
pub fn trace(search: &mut Search, problem: &dyn Problem, max: u64, line: impl FnMut(String)) {
    trace_until(search, problem, max, |_| false, line);
}

/// As [`trace`], stopping after the first event at which `here(search)` holds: the page's download of
/// its step log replays a fresh search up to where its own search stands. Returns the number of
/// events written.
pub fn trace_until(
    search: &mut Search,
    problem: &dyn Problem,
    max: u64,
    mut here: impl FnMut(&Search) -> bool,
    mut line: impl FnMut(String),
) -> u64 {
    let (mut n, mut level) = (0, search.level());
    while n < max {
        let Some(ev) = search.step() else { break };
        n += 1;
        let at = match ev {
            Event::Backtrack { level } => level as usize,
            _ => level_after(ev, level),
        };
        line(trace_line(n, ev, at, search, problem));
        level = level_after(ev, level);
        if here(search) {
            break;
        }
    }
    n
}
