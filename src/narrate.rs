//! The page's narration: one line in words for a search event, with item names and option texts.
//!
//! Plain Rust (no wasm-bindgen), so that the wording is tested natively; `src/wasm.rs` only calls it.
//! Levels are counted from 0, as in [`Search::level`] and Knuth's DLX1 output.

use crate::core::{Event, Instance, Links, Search, Stats, MARKED};

/// The name of item header `i` (header `i` is item `i - 1` of the instance).
fn item_name(inst: &Instance, i: u32) -> &str {
    inst.item_name(Links::item_of_header(i))
}

/// The text of the option of node `x`: its item names, as in Knuth's format.
fn option_text(inst: &Instance, search: &Search, x: u32) -> String {
    inst.option_text(search.links().option_of(x))
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The options in item `c`'s list and how many distinct other items they reach. Item `c`'s own list
/// is untouched while `c` is covered (cover hides options from the *other* items only), so this reads
/// the same right after covering `c` as right after uncovering it.
fn reach(search: &Search, c: u32) -> (u64, u64) {
    let links = search.links();
    let mut seen = vec![false; links.n_items as usize + 1];
    let (mut options, mut others) = (0, 0);
    let mut rr = links.nodes[c as usize].down;
    while rr != c {
        options += 1;
        let mut q = links.next_in_option(rr);
        while q != rr {
            let i = links.nodes[q as usize].top as usize;
            if !std::mem::replace(&mut seen[i], true) {
                others += 1;
            }
            q = links.next_in_option(q);
        }
        rr = links.nodes[rr as usize].down;
    }
    (options, others)
}

/// For a purification by node `p`: how many options in its item's list agree with `p`'s colour (other
/// than `p`'s own, which is hidden from the item already) and how many do not. Purify marks the first
/// kind and hides the second; the item's list itself does not change, so this reads the same right
/// after purifying as right after unpurifying.
fn purity(search: &Search, p: u32) -> (u64, u64) {
    let links = search.links();
    let c = links.nodes[p as usize].top;
    let x = links.color(p);
    let (mut same, mut other) = (0, 0);
    let mut rr = links.nodes[c as usize].down;
    while rr != c {
        let k = links.color(rr);
        if rr != p {
            if k == x || k == MARKED {
                same += 1;
            } else {
                other += 1;
            }
        }
        rr = links.nodes[rr as usize].down;
    }
    (same, other)
}

/// One line for `ev`, taken forward or (when `undone`) taken back by `step_back`.
///
/// `search` must stand right after `ev` was taken or undone: a cover's reach and a solution's number
/// are read from it.
pub fn narrate(ev: Event, undone: bool, search: &Search, inst: &Instance) -> String {
    let line = match ev {
        Event::Choose { item, len, .. } => format!(
            "Choose item {}: {}",
            item_name(inst, item),
            plural(len as u64, "option", "options")
        ),
        Event::DeadEnd { item, .. } => format!(
            "Dead end: item {} has no options left",
            item_name(inst, item)
        ),
        Event::CoverItem { item } => {
            let (options, others) = reach(search, item);
            format!(
                "Cover {}: {} leave {}",
                item_name(inst, item),
                plural(options, "option", "options"),
                plural(others, "other item", "other items")
            )
        }
        Event::UncoverItem { item } => {
            let (options, others) = reach(search, item);
            format!(
                "Uncover {}: {} return to {}",
                item_name(inst, item),
                plural(options, "option", "options"),
                plural(others, "other item", "other items")
            )
        }
        Event::Hide { node } => format!(
            "Hide option {} from {}",
            option_text(inst, search, node),
            plural(
                search.links().option_size(node) as u64 - 1,
                "other item",
                "other items"
            )
        ),
        Event::Unhide { node } => format!(
            "Unhide option {} in {}",
            option_text(inst, search, node),
            plural(
                search.links().option_size(node) as u64 - 1,
                "other item",
                "other items"
            )
        ),
        Event::Try { level, node, k, d } => format!(
            "Try option {} at level {level} ({k} of {d})",
            option_text(inst, search, node)
        ),
        Event::Solution { level } => {
            // Undoing a solution took it off the count.
            let number = search.stats().solutions + u64::from(undone);
            format!("Solution {number} found at level {level}")
        }
        Event::Backtrack { level } => format!("Back up from level {level}"),
        Event::Purify { node } | Event::Unpurify { node } => {
            let links = search.links();
            let item = item_name(inst, links.nodes[node as usize].top);
            let color = inst.color_name(links.color(node));
            let (same, other) = purity(search, node);
            if let Event::Purify { .. } = ev {
                format!(
                    "Purify {item} to colour {color}: hide {} that {}, mark {} that {}",
                    plural(other, "option", "options"),
                    if other == 1 { "disagrees" } else { "disagree" },
                    plural(same, "option", "options"),
                    if same == 1 { "agrees" } else { "agree" }
                )
            } else {
                format!(
                    "Unpurify {item} (colour {color}): {} return, {} unmarked",
                    plural(other, "option", "options"),
                    plural(same, "option", "options")
                )
            }
        }
    };
    if undone {
        format!("Undo: {line}")
    } else {
        line
    }
}

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
    inst: &Instance,
) -> String {
    let links = search.links();
    let node_item = |x: u32| links.nodes()[x as usize].top;
    let (item, option) = match ev {
        Event::Choose { item, .. }
        | Event::DeadEnd { item, .. }
        | Event::CoverItem { item }
        | Event::UncoverItem { item } => (Some(item), None),
        Event::Hide { node }
        | Event::Unhide { node }
        | Event::Try { node, .. }
        | Event::Purify { node }
        | Event::Unpurify { node } => (Some(node_item(node)), Some(node)),
        Event::Solution { .. } | Event::Backtrack { .. } => (None, None),
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
        narration: narrate(ev, false, search, inst),
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
        | Event::Solution { level } => level as usize,
        Event::Backtrack { level } => (level as usize).saturating_sub(1),
        _ => level,
    }
}

/// The first `max` events of `search` from where it stands (a fresh search: the whole log), one
/// [`trace_line`] each.
pub fn trace(search: &mut Search, inst: &Instance, max: u64, mut line: impl FnMut(String)) {
    let (mut n, mut level) = (0, search.level());
    while n < max {
        let Some(ev) = search.step() else { break };
        n += 1;
        let at = match ev {
            Event::Backtrack { level } => level as usize,
            _ => level_after(ev, level),
        };
        line(trace_line(n, ev, at, search, inst));
        level = level_after(ev, level);
    }
}

/// A count with thousands separators, as the page shows counters.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Just after loading a problem.
pub fn loaded(title: &str, inst: &Instance) -> String {
    let np = inst.n_primary() as u64;
    let ns = (inst.n_items() - inst.n_primary()) as u64;
    let mut s = format!(
        "Loaded {title}: {}",
        plural(np, "primary item", "primary items")
    );
    if ns > 0 {
        s.push_str(&format!(", {} secondary", thousands(ns)));
    }
    s.push_str(&format!(
        ", {}",
        plural(inst.n_options() as u64, "option", "options")
    ));
    s
}

/// When the whole search tree has been explored.
pub fn finished(stats: &Stats) -> String {
    format!(
        "Search finished: {} in {}",
        plural_big(stats.solutions, "solution", "solutions"),
        plural_big(stats.nodes, "node", "nodes")
    )
}

/// A fast-path run that stopped at its node limit without finding what it looked for.
pub fn paused(stats: &Stats) -> String {
    format!(
        "Paused after {}: {} so far",
        plural_big(stats.nodes, "node", "nodes"),
        plural_big(stats.solutions, "solution", "solutions")
    )
}

/// Knuth's estimate of the fraction of the tree explored (`Search::progress`) as a percentage to read:
/// never in exponent notation (deep in a big tree it is far below 0.01%), and 0% or 100% only when it is
/// exactly so (before the first choice, at the end).
pub fn percent(p: f64) -> String {
    let v = 100.0 * p;
    if v.is_nan() || v <= 0.0 {
        "0%".into()
    } else if v >= 100.0 {
        "100%".into()
    } else if v < 0.01 {
        "< 0.01%".into()
    } else if v > 99.99 {
        "> 99.99%".into()
    } else {
        let s = format!("{v:.2}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        format!("{s}%")
    }
}

fn plural_big(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{queens::Queens, Problem};

    /// Steps `search` and narrates every event, forward.
    fn forward(search: &mut Search, inst: &Instance, n: usize) -> Vec<String> {
        (0..n)
            .map(|_| {
                let ev = search.step().expect("not done");
                narrate(ev, false, search, inst)
            })
            .collect()
    }

    #[test]
    fn narrates_the_start_of_4_queens() {
        let q = Queens::new(4).unwrap();
        let inst = q.instance();
        let mut s = Search::new(inst);
        // Organ-pipe order puts r1 first; its options are (1,0)..(1,3); each also names one file and
        // two diagonals, 12 other items in all.
        let lines = forward(&mut s, inst, 7);
        assert_eq!(
            lines,
            [
                "Choose item r1: 4 options",
                "Cover r1: 4 options leave 12 other items",
                "Hide option r1 c0 a1 b4 from 3 other items",
                "Hide option r1 c1 a2 b3 from 3 other items",
                "Hide option r1 c2 a3 b2 from 3 other items",
                "Hide option r1 c3 a4 b1 from 3 other items",
                "Try option r1 c0 a1 b4 at level 0 (1 of 4)",
            ]
        );
        // Taking the Try back narrates it as undone, and the search stands where it did before it.
        let ev = s.step_back().unwrap();
        assert_eq!(
            narrate(ev, true, &s, inst),
            "Undo: Try option r1 c0 a1 b4 at level 0 (1 of 4)"
        );
        let ev = s.step_back().unwrap();
        assert_eq!(
            narrate(ev, true, &s, inst),
            "Undo: Hide option r1 c3 a4 b1 from 3 other items"
        );
    }

    #[test]
    fn narrates_solutions_dead_ends_and_backtracks() {
        let q = Queens::new(4).unwrap();
        let inst = q.instance();
        let mut s = Search::new(inst);
        let mut seen = Vec::new();
        while let Some(ev) = s.step() {
            let line = narrate(ev, false, &s, inst);
            if matches!(
                ev,
                Event::Solution { .. }
                    | Event::DeadEnd { .. }
                    | Event::Backtrack { .. }
                    | Event::Unhide { .. }
                    | Event::UncoverItem { .. }
            ) {
                seen.push(line);
            }
        }
        // 4-queens has two solutions, both four queens deep.
        assert!(seen.contains(&"Solution 1 found at level 4".to_string()));
        assert!(seen.contains(&"Solution 2 found at level 4".to_string()));
        assert!(!seen.iter().any(|l| l.starts_with("Solution 3")));
        assert!(seen
            .iter()
            .any(|l| l.starts_with("Dead end: item ") && l.ends_with(" has no options left")));
        assert!(seen.contains(&"Back up from level 1".to_string()));
        assert!(seen.contains(&"Uncover r1: 4 options return to 12 other items".to_string()));
        assert!(seen.contains(&"Unhide option r1 c3 a4 b1 in 3 other items".to_string()));
        assert_eq!(
            finished(s.stats()),
            format!("Search finished: 2 solutions in {} nodes", s.stats().nodes)
        );

        // Undoing back from the end: the last solution taken back is solution 2, then solution 1.
        let mut undone = Vec::new();
        while let Some(ev) = s.step_back() {
            if let Event::Solution { .. } = ev {
                undone.push(narrate(ev, true, &s, inst));
            }
        }
        assert_eq!(
            undone,
            [
                "Undo: Solution 2 found at level 4",
                "Undo: Solution 1 found at level 4"
            ]
        );
    }

    #[test]
    fn percentages_never_use_exponents() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.125), "12.5%");
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(0.12345), "12.35%");
        assert_eq!(percent(2.1e-246), "< 0.01%");
        assert_eq!(percent(0.00009), "< 0.01%");
        assert_eq!(percent(0.0001), "0.01%");
        assert_eq!(percent(0.999999), "> 99.99%");
        for p in [1e-300, 3e-9, 0.3, 0.7777777] {
            assert!(!percent(p).contains('e'), "{p}");
        }
    }

    #[test]
    fn counts_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        let q = Queens::new(8).unwrap();
        assert_eq!(
            loaded(&q.title(), q.instance()),
            "Loaded 8-queens: 16 primary items, 30 secondary, 64 options"
        );
        let one = Instance::new(["x"], Vec::<String>::new()).unwrap();
        assert_eq!(loaded("t", &one), "Loaded t: 1 primary item, 0 options");
        let stats = Stats {
            nodes: 12345,
            solutions: 1,
            ..Stats::default()
        };
        assert_eq!(
            paused(&stats),
            "Paused after 12,345 nodes: 1 solution so far"
        );
    }
}
