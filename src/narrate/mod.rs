//! The page's narration: one line in words for a search event, with item names and option texts.
//!
//! Plain Rust (no wasm-bindgen), so that the wording is tested natively; `src/wasm/` only calls it.
//! Levels are counted from 0, as in [`Search::level`] and Knuth's DLX1 output. The words of DLX are
//! here; what an item means in the puzzle, each problem says ([`Problem::item_words`]); counts and
//! durations are [`crate::figures`]'. `trace.rs`: the step log's JSON lines; `notes.rs`: the lines
//! that are no event (loaded, paused, finished, the CLI's progress).

mod notes;
mod trace;

pub use notes::{finished, loaded, paused, progress_line};
pub use trace::{kind_name, level_after, trace, trace_line, trace_until};

use crate::core::{Event, Instance, Links, Search, MARKED};
use crate::figures::{plural, thousands};
use crate::problems::Problem;

/// The name of item header `i` (header `i` is item `i - 1` of the instance).
fn item_name(inst: &Instance, i: u32) -> &str {
    inst.item_name(Links::item_of_header(i))
}

/// The text of the option of node `x`: its item names, as in Knuth's format.
fn option_text(inst: &Instance, search: &Search, x: u32) -> String {
    inst.option_text(search.links().option_of(x))
}

/// The option of node `x` as a try, a hide or an unhide names it: a Sudoku's in the board's words
/// ([`Problem::label`]: "r3c5=7", "cage 3 in r1c1-r1c2: digits 1,2"), where its items are the
/// encoding's own names (`cage30=9`, `nc(r4c7,r5c7)=3/4`, a cell's row, column and box); any other
/// problem's as "option" and its items, as in Knuth's format (a queen's rank, file and diagonals
/// are what covering it takes, and the matrix names its columns so).
fn option_words(problem: &dyn Problem, search: &Search, x: u32) -> String {
    let k = search.links().option_of(x);
    match problem.as_sudoku() {
        Some(_) => problem.label(k),
        None => format!("option {}", problem.instance().option_text(k)),
    }
}

/// " takes 2 to 3 options": an item's multiplicity in words (" takes 2 options", " takes at most 1
/// option"); empty for an item that takes exactly one, as in plain exact cover.
fn takes(inst: &Instance, i: u32) -> String {
    match inst.bounds(Links::item_of_header(i)) {
        (1, 1) => String::new(),
        (0, hi) => format!(" takes at most {}", plural(hi as u64, "option", "options")),
        (lo, hi) if lo == hi => format!(" takes {}", plural(hi as u64, "option", "options")),
        (lo, hi) => format!(" takes {lo} to {hi} options"),
    }
}

/// The options in item `c`'s list and how many distinct other items they reach. Item `c`'s own list
/// is untouched while `c` is covered (cover hides options from the *other* items only), so this reads
/// the same right after covering `c` as right after uncovering it.
fn reach(search: &Search, c: u32) -> (u64, u64) {
    let links = search.links();
    let mut seen = vec![false; links.n_items() as usize + 1];
    let (mut options, mut others) = (0, 0);
    let mut rr = links.nodes()[c as usize].down;
    while rr != c {
        options += 1;
        let mut q = links.next_in_option(rr);
        while q != rr {
            let i = links.nodes()[q as usize].top as usize;
            if !std::mem::replace(&mut seen[i], true) {
                others += 1;
            }
            q = links.next_in_option(q);
        }
        rr = links.nodes()[rr as usize].down;
    }
    (options, others)
}

/// For a purification by node `p`: how many options in its item's list agree with `p`'s colour (other
/// than `p`'s own, which is hidden from the item already) and how many do not. Purify marks the first
/// kind and hides the second; the item's list itself does not change, so this reads the same right
/// after purifying as right after unpurifying.
fn purity(search: &Search, p: u32) -> (u64, u64) {
    let links = search.links();
    let c = links.nodes()[p as usize].top;
    let x = links.color(p);
    let (mut same, mut other) = (0, 0);
    let mut rr = links.nodes()[c as usize].down;
    while rr != c {
        let k = links.color(rr);
        if rr != p {
            if k == x || k == MARKED {
                same += 1;
            } else {
                other += 1;
            }
        }
        rr = links.nodes()[rr as usize].down;
    }
    (same, other)
}

/// One line for `ev`, taken forward or (when `undone`) taken back by `step_back`: plain words for
/// what dancing links does, then, for a choice or a dead end, what it means in the puzzle
/// ([`Problem::item_words`]).
///
/// `search` must stand right after `ev` was taken or undone: a cover's reach and a solution's number
/// are read from it.
pub fn narrate(ev: Event, undone: bool, search: &Search, problem: &dyn Problem) -> String {
    let inst = problem.instance();
    let words = |item: u32, len: u32| {
        problem
            .item_words(search.links(), Links::item_of_header(item), len)
            .map_or_else(String::new, |w| format!(": {w}"))
    };
    // A secondary item (a variant's "at most one") in the puzzle's words: it is covered when an
    // option through it is tried, which is when the rule acts.
    let rule = |item: u32, options: u64| {
        if inst.is_primary(Links::item_of_header(item)) {
            String::new()
        } else {
            words(item, options as u32)
        }
    };
    let links = search.links();
    // With multiplicities: the bound the item has after `ev` taken forward (the events below change
    // it by one, so undone means one more).
    let bound_now = |item: u32, lowered_by_ev: bool| {
        links.bound(item) + u32::from(undone && !lowered_by_ev) - u32::from(undone && lowered_by_ev)
    };
    let line = match ev {
        // Under multiplicities the item is still called by its name (as everywhere else in the
        // narration); its bounds are said in words, not as the items line writes them (`2:3|C`).
        Event::Choose { item, len, .. } if links.has_mult() => format!(
            "Choose item {} ({}{}: {}){}",
            item_name(inst, item),
            match takes(inst, item).trim_start() {
                "" => String::new(),
                t => format!("{t}; "),
            },
            match search.heuristic() {
                crate::core::Heuristic::Mrv => "fewest ways to go on",
                crate::core::Heuristic::First => "leftmost item",
            },
            plural(len as u64, "way", "ways"),
            words(item, len)
        ),
        Event::Choose { item, len, .. } => format!(
            "Choose item {} ({}){}",
            item_name(inst, item),
            match search.heuristic() {
                crate::core::Heuristic::Mrv => format!("fewest options: {len}"),
                crate::core::Heuristic::First =>
                    format!("leftmost item, {}", plural(len as u64, "option", "options")),
            },
            words(item, len)
        ),
        Event::DeadEnd { item, .. } => format!(
            "Dead end: item {} has no option left, so this branch fails{}",
            item_name(inst, item),
            words(item, 0)
        ),
        Event::Reject { node, item, .. } => format!(
            "Lookahead: {} would leave item {} with no option, so it is given up without \
             entering a node; undo what it covered",
            option_words(problem, search, node),
            item_name(inst, item)
        ),
        Event::CoverItem { item } => {
            let (options, others) = reach(search, item);
            if options == 0 {
                return undo_prefix(
                    undone,
                    format!(
                        "Cover {}: take it out (no option to hide)",
                        item_name(inst, item)
                    ),
                );
            }
            format!(
                "Cover {}: take it out, and hide its {} from {}{}",
                item_name(inst, item),
                plural(options, "option", "options"),
                plural(others, "other item", "other items"),
                rule(item, options)
            )
        }
        Event::UncoverItem { item } => {
            let (options, others) = reach(search, item);
            if options == 0 {
                return undo_prefix(
                    undone,
                    format!(
                        "Uncover {}: put it back (no option to restore)",
                        item_name(inst, item)
                    ),
                );
            }
            format!(
                "Uncover {}: put it back, and its {} back into {}{}",
                item_name(inst, item),
                plural(options, "option", "options"),
                plural(others, "other item", "other items"),
                rule(item, options)
            )
        }
        Event::Hide { node } => format!(
            "Hide {} from {}",
            option_words(problem, search, node),
            plural(
                search.links().option_size(node) as u64 - 1,
                "other item",
                "other items"
            )
        ),
        Event::Unhide { node } => format!(
            "Unhide {}: back in {}",
            option_words(problem, search, node),
            plural(
                search.links().option_size(node) as u64 - 1,
                "other item",
                "other items"
            )
        ),
        Event::Try { level, node, k, d } => {
            let c = links.nodes()[node as usize].top;
            let mut line = format!(
                "Try {} ({k} of {d}) at level {level}",
                option_words(problem, search, node)
            );
            if inst.bounds(Links::item_of_header(c)) != (1, 1) {
                // Tweaked: the bound was lowered when the item was chosen.
                let b = links.bound(c);
                line.push_str(&if b == 0 {
                    format!("; {} stops at its bound", item_name(inst, c))
                } else {
                    format!(
                        "; it leaves {}'s list, and {} may take {b} more {}",
                        item_name(inst, c),
                        item_name(inst, c),
                        if b == 1 { "option" } else { "options" }
                    )
                });
            }
            line
        }
        Event::Lower { node } => {
            let c = links.nodes()[node as usize].top;
            let b = bound_now(c, true);
            format!(
                "{} takes this option and may take another: its bound drops to {b}",
                item_name(inst, c)
            )
        }
        Event::Raise { node } => {
            let c = links.nodes()[node as usize].top;
            format!(
                "{} gives this option back: its bound is {} again",
                item_name(inst, c),
                bound_now(c, false)
            )
        }
        Event::Close { level, item, .. } => format!(
            "Close {} at level {level}: it takes no more options (it has enough: it{})",
            item_name(inst, item),
            takes(inst, item)
        ),
        Event::Untweak { item, .. } => format!(
            "Untweak {}: the options it tried come back into its list, and its bound is {} again",
            item_name(inst, item),
            bound_now(item, false)
        ),
        // Stepping back over a solution takes it off the count: the search stands just before the
        // node that found it ("Undo: Solution 1 found at level 49" read as a solution found).
        Event::Solution { level } if undone => {
            let number = search.stats().solutions + 1;
            return format!(
                "Back from solution {number} (level {level}): it is not counted until Step finds \
                 it again"
            );
        }
        Event::Solution { level } => {
            let number = search.stats().solutions;
            format!("Solution {number} found at level {level}: every primary item is covered")
        }
        // Stepping back over the backtrack from a solution stands at that solution again: say so,
        // as the board and the status line do, not "Undo: Back up".
        Event::Backtrack { level } if undone && search.phase() == crate::core::Phase::Solved => {
            return format!(
                "Back at solution {} (level {level}): every primary item is covered; stepping back \
                 undid the backtrack from it",
                search.stats().solutions
            );
        }
        // With memos (Search::set_memo): a subproblem met before, whose count is known.
        Event::Reuse { level, count, .. } if undone => {
            return format!(
                "Back before the reuse at level {level}: its {} are taken off the count",
                plural(count, "solution", "solutions")
            );
        }
        Event::Reuse { node, count, .. } => format!(
            "The same {} remain as at node {}: {}, reused (a memo hit: this node is not searched \
             again)",
            plural(search.items_left() as u64, "item", "items"),
            thousands(node),
            plural(count, "solution", "solutions")
        ),
        Event::Backtrack { level }
            if undone && matches!(search.phase(), crate::core::Phase::Reused { .. }) =>
        {
            return format!(
                "Back at the node reused at level {level}: stepping back undid the backtrack from it"
            );
        }
        Event::Backtrack { level } => format!(
            "Back up from level {level} to level {}",
            level.saturating_sub(1)
        ),
        Event::Purify { node } | Event::Unpurify { node } => {
            // Algorithm C's commit of a coloured item: the option tried gives `item` a colour, so every
            // other option must give it the same colour or none of it can be chosen (purify).
            let links = search.links();
            let item = item_name(inst, links.nodes()[node as usize].top);
            let color = inst.color_name(links.color(node));
            let (same, other) = purity(search, node);
            if let Event::Purify { .. } = ev {
                // One line on the page (its narration does not wrap): short words, the counts first.
                format!(
                    "Commit {item}:{color}: purify {item}: hide {} of another colour, keep and mark \
                     {} of colour {color}",
                    plural(other, "option", "options"),
                    thousands(same)
                )
            } else {
                format!(
                    "Uncommit {item}:{color}: unpurify {item}: {} of another colour back, {} of \
                     colour {color} unmarked",
                    plural(other, "option", "options"),
                    thousands(same)
                )
            }
        }
    };
    undo_prefix(undone, line)
}

fn undo_prefix(undone: bool, line: String) -> String {
    if undone {
        format!("Undo: {line}")
    } else {
        line
    }
}

#[cfg(test)]
mod tests;
