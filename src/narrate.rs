//! The page's narration: one line in words for a search event, with item names and option texts.
//!
//! Plain Rust (no wasm-bindgen), so that the wording is tested natively; `src/wasm/` only calls it.
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

/// A count and its noun, the count with thousands separators: "1 option", "2,475 options".
fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
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

/// The puzzle whose own words the narration adds to the DLX words, read from its item names (see
/// each `src/problems` module for them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// An exact-cover text: item names are all there is.
    #[default]
    Plain,
    /// Items `r3`, `c5` (and diagonals, secondary).
    Queens,
    /// Items `r3c5` (a cell), `r2=5`, `c2=5`, `b2=5` (5 in row, column, box 2); in a variant also
    /// `j2=5` (jigsaw region), `d+=5` and `d-=5` (the diagonals), `w2=5` (windoku region), `e2=5`
    /// (extra region), `cage3` and `thermo1` (a shape filled whole; see [`shape_words`]).
    Sudoku,
    /// Items `r0c1` (a cell), `r0s2`, `c1s2` (symbol 2 in row 0, column 1).
    Latin,
    /// Items `3` (the pair of 3s) and `s4` (slot 4).
    Langford,
    /// Items `F` (a piece) and `07` (the cell in row 0, column 7).
    Pentomino,
}

impl Lang {
    /// The language of a problem, from the kind of its board.
    pub fn of(problem: &dyn crate::problems::Problem) -> Lang {
        use crate::problems::ProblemKind as K;
        match problem.board(&[]).kind {
            K::Queens | K::ToroidalQueens => Lang::Queens,
            K::Sudoku => Lang::Sudoku,
            K::Latin => Lang::Latin,
            K::Langford => Lang::Langford,
            K::Pentomino => Lang::Pentomino,
            K::EdgeMatching | K::MacMahon | K::ExactCover => Lang::Plain,
        }
    }
}

/// "one", "two", … for small counts (read better in a sentence), digits above ten.
fn count_word(n: u64) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// `n` things in words: "no place", "one place", "4 places" (a word up to ten).
fn things(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", count_word(n), if n == 1 { one } else { many })
}

/// What an item with `len` options left means in the puzzle's own words; `None` for a plain text or
/// a name the puzzle does not use (a secondary item, say).
pub fn item_words(lang: Lang, name: &str, len: u64) -> Option<String> {
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    // "r3c5" -> ("3", "5")
    let cell = |t: &str| -> Option<(String, String)> {
        let rest = t.strip_prefix('r')?;
        let (r, c) = rest.split_once('c')?;
        (digits(r) && digits(c)).then(|| (r.to_string(), c.to_string()))
    };
    let ways = |n: u64| {
        if n == 1 {
            "only one way".to_string()
        } else {
            things(n, "way", "ways")
        }
    };
    match lang {
        Lang::Plain => None,
        Lang::Queens => {
            let (unit, k) = match name.split_at(1) {
                ("r", k) if digits(k) => ("row", k),
                ("c", k) if digits(k) => ("column", k),
                _ => return None,
            };
            Some(format!(
                "{unit} {k} has {} for its queen",
                things(len, "free square", "free squares")
            ))
        }
        Lang::Sudoku => {
            if let Some((r, c)) = cell(name) {
                return Some(match len {
                    0 => format!("cell r{r}c{c} has no digit left"),
                    1 => format!("cell r{r}c{c} can only take one digit"),
                    n => format!("cell r{r}c{c} can take {}", things(n, "digit", "digits")),
                });
            }
            for (word, said) in [("cage", "cage"), ("thermo", "thermometer")] {
                if let Some(k) = name.strip_prefix(word).filter(|k| digits(k)) {
                    // Without the links, no cells nor digits (narrate adds them: shape_words).
                    return Some(format!(
                        "{said} {k} has {} left",
                        things(len, "filling", "fillings")
                    ));
                }
            }
            let (unit, v) = name.split_once('=')?;
            // A diagonal is named by its direction, as drawn: d- runs from r1c1 down to the right,
            // d+ from the bottom left up.
            let arrow = match unit {
                "d-" => Some('\u{2198}'),
                "d+" => Some('\u{2197}'),
                _ => None,
            };
            if let Some(arrow) = arrow {
                let a = if v == "8" || v == "11" || v == "18" {
                    "an"
                } else {
                    "a"
                };
                return Some(match len {
                    0 => format!("diagonal {arrow} needs {a} {v} and has no place left for it"),
                    1 => format!("diagonal {arrow} needs {a} {v}: one place left"),
                    n => format!(
                        "diagonal {arrow} needs {a} {v}: {} left",
                        things(n, "place", "places")
                    ),
                });
            }
            let where_ = match unit.split_at(1) {
                (kind, k) if digits(k) => {
                    let kind = match kind {
                        "r" => "row",
                        "c" => "column",
                        "b" => "box",
                        "j" => "jigsaw region",
                        "w" => "windoku region",
                        "e" => "extra region",
                        _ => return None,
                    };
                    format!("in {kind} {k}")
                }
                _ => return None,
            };
            Some(match len {
                0 => format!("{v} has no place left {where_}"),
                1 => format!("{v} can only go in one place {where_}"),
                n => format!("{v} can go in {} {where_}", things(n, "place", "places")),
            })
        }
        Lang::Latin => {
            if let Some((r, c)) = cell(name) {
                return Some(format!(
                    "cell r{r}c{c} can take {}",
                    things(len, "symbol", "symbols")
                ));
            }
            let (unit, v) = name.split_once('s')?;
            let (kind, k) = unit.split_at(1.min(unit.len()));
            let kind = match kind {
                "r" => "row",
                "c" => "column",
                _ => return None,
            };
            (digits(k) && digits(v)).then(|| {
                format!(
                    "symbol {v} can go in {} in {kind} {k}",
                    things(len, "place", "places")
                )
            })
        }
        Lang::Langford => {
            if digits(name) {
                Some(format!("the two {name}s can be placed {}", ways(len)))
            } else {
                let p = name.strip_prefix('s').filter(|p| digits(p))?;
                Some(format!("slot {p} can be filled {}", ways(len)))
            }
        }
        Lang::Pentomino => {
            if name.len() == 1 && name.bytes().all(|b| b.is_ascii_uppercase()) {
                Some(format!("piece {name} fits {}", ways(len)))
            } else if name.len() == 2 && name.bytes().all(|b| b.is_ascii_alphanumeric()) {
                Some(format!("the cell {name} can be covered {}", ways(len)))
            } else {
                None
            }
        }
    }
}

/// A variant Sudoku's shape filled whole (item `cage17` or `thermo1`, header `item`, `len` options
/// left) in the puzzle's words, with its cells and, when one is left, its filling: "cage 17 in
/// r1c1-r1c2 has one filling left: 8+9", "thermometer from r2c3 has one filling left: 2<5<7". The
/// cells and digits are read from an option still in the item's list (its coloured items `r1c1#:8`,
/// in the shape's order, or a direct filling's cell items); with none left, from the first of the
/// shape's options in the instance (cells only). `None` for another item.
pub fn shape_words(inst: &Instance, links: &Links, item: u32, len: u32) -> Option<String> {
    let name = item_name(inst, item);
    let (word, k, sep) = [("cage", "+"), ("thermo", "<")]
        .into_iter()
        .find_map(|(w, sep)| {
            name.strip_prefix(w)
                .filter(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
                .map(|k| (w, k, sep))
        })?;
    let first = links.nodes()[item as usize].down;
    let option = if first != item && len > 0 {
        Some(links.option_of(first))
    } else {
        // The fillings begin with their shape's item: the first one found names the cells.
        let i = Links::item_of_header(item);
        (0..inst.n_options()).find(|&o| inst.option(o).next() == Some(i))
    };
    let placed = option.map_or_else(Vec::new, |o| filling_cells(inst, o));
    let cells = |placed: &[(&str, &str)]| match placed {
        [] => String::new(),
        [(one, _)] => format!(" in {one}"),
        [(a, _), .., (b, _)] => format!(" in {a}-{b}"),
    };
    let shape = match (word, placed.first()) {
        ("thermo", Some((bulb, _))) => format!("thermometer from {bulb}"),
        ("thermo", None) => format!("thermometer {k}"),
        _ => format!("cage {k}{}", cells(&placed)),
    };
    Some(match len {
        0 => format!("{shape} has no filling left"),
        1 => {
            let digits: Vec<&str> = placed.iter().map(|&(_, d)| d).collect();
            format!("{shape} has one filling left: {}", digits.join(sep))
        }
        n => format!(
            "{shape} has {} left",
            things(u64::from(n), "filling", "fillings")
        ),
    })
}

/// A cell of a cage filled directly (its options are the cage's fillings, not digits of its own), in
/// the cage's words: "cell r1c1 lies in cage 3 in r1c1-r2c1, which has two fillings left". `None`
/// for another item, or when no option is left to say which cage.
fn cell_in_cage(inst: &Instance, links: &Links, item: u32, len: u32) -> Option<String> {
    let name = item_name(inst, item);
    let first = links.nodes()[item as usize].down;
    if first == item || !name.starts_with('r') || name.contains('=') {
        return None;
    }
    let shape = inst.option(links.option_of(first)).next()?;
    let words = shape_words(inst, links, shape as u32 + 1, len)?;
    Some(format!(
        "cell {name} lies in {}",
        words.replacen(" has ", ", which has ", 1)
    ))
}

/// The cells of filling option `o` and their digits, in the shape's order: a shape tied by colours
/// names its cells `r1c1#` with the digit as colour; a cage filled directly covers each cell item
/// `r1c1` followed by its row item `r1=8`.
fn filling_cells(inst: &Instance, o: usize) -> Vec<(&str, &str)> {
    let option: Vec<(usize, u32)> = inst.option_colored(o).collect();
    let mut placed: Vec<(&str, &str)> = option
        .iter()
        .filter(|&&(_, c)| c != 0)
        .map(|&(i, c)| (inst.item_name(i).trim_end_matches('#'), inst.color_name(c)))
        .collect();
    if placed.is_empty() {
        let is_cell = |t: &str| {
            t.strip_prefix('r')
                .and_then(|t| t.split_once('c'))
                .is_some_and(|(r, c)| {
                    [r, c]
                        .iter()
                        .all(|x| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()))
                })
        };
        for w in option.windows(2) {
            let (cell, row) = (inst.item_name(w[0].0), inst.item_name(w[1].0));
            if let (true, Some((_, digit))) = (is_cell(cell), row.split_once('=')) {
                placed.push((cell, digit));
            }
        }
    }
    placed
}

/// What a variant Sudoku's "at most one" item (secondary) says, in the puzzle's words: "at most one
/// 5 in the 2x2 window from r1c3 (anti-king)". `None` for another name.
pub fn rule_words(name: &str) -> Option<String> {
    let (unit, v) = name.rsplit_once('=')?;
    let inner = |p: &str| unit.strip_prefix(p)?.strip_suffix(')');
    if let Some(cell) = inner("king(") {
        return Some(format!(
            "at most one {v} in the 2x2 window from {cell} (anti-king: no {v} a king's move from another)"
        ));
    }
    if let Some((a, b)) = inner("knight(").and_then(|x| x.split_once(',')) {
        return Some(format!(
            "{a} and {b} are a knight's move apart: not both {v} (anti-knight)"
        ));
    }
    if let Some((a, b)) = inner("nc(").and_then(|x| x.split_once(',')) {
        let (lo, hi) = v.split_once('/')?;
        return Some(format!(
            "{a} and {b} are neighbours: not {lo} and {hi} side by side (non-consecutive)"
        ));
    }
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if let Some(k) = unit.strip_prefix("cage").filter(|k| digits(k)) {
        return Some(format!("at most one {v} in cage {k} (its digits differ)"));
    }
    if let Some(k) = unit.strip_prefix('e').filter(|k| digits(k)) {
        return Some(format!("at most one {v} in extra region {k}"));
    }
    None
}

/// One line for `ev`, taken forward or (when `undone`) taken back by `step_back`: plain words for
/// what dancing links does, then, for a choice or a dead end, what it means in the puzzle (`lang`).
///
/// `search` must stand right after `ev` was taken or undone: a cover's reach and a solution's number
/// are read from it.
pub fn narrate(ev: Event, undone: bool, search: &Search, inst: &Instance, lang: Lang) -> String {
    let words = |item: u32, len: u32| {
        if lang == Lang::Sudoku {
            if let Some(w) = shape_words(inst, search.links(), item, len) {
                return format!(": {w}");
            }
            if let Some(w) = cell_in_cage(inst, search.links(), item, len) {
                return format!(": {w}");
            }
        }
        item_words(lang, item_name(inst, item), len as u64)
            .map_or_else(String::new, |w| format!(": {w}"))
    };
    // A variant's "at most one" item, in the puzzle's words (a secondary item is covered when an
    // option through it is tried: that is when the rule acts).
    let rule = |item: u32| match lang {
        Lang::Sudoku if !inst.is_primary(Links::item_of_header(item)) => {
            rule_words(item_name(inst, item)).map_or_else(String::new, |w| format!(": {w}"))
        }
        _ => String::new(),
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
            "Lookahead: option {} would leave item {} with no option, so it is given up without \
             entering a node; undo what it covered",
            option_text(inst, search, node),
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
                rule(item)
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
                rule(item)
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
            "Unhide option {}: back in {}",
            option_text(inst, search, node),
            plural(
                search.links().option_size(node) as u64 - 1,
                "other item",
                "other items"
            )
        ),
        Event::Try { level, node, k, d } => {
            let c = links.nodes()[node as usize].top;
            let mut line = format!(
                "Try option {} ({k} of {d}) at level {level}",
                option_text(inst, search, node)
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
        Event::Solution { level } => {
            // Undoing a solution took it off the count.
            let number = search.stats().solutions + u64::from(undone);
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
    lang: Lang,
) -> String {
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
        narration: narrate(ev, false, search, inst, lang),
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
        | Event::Solution { level } => level as usize,
        Event::Backtrack { level } => (level as usize).saturating_sub(1),
        _ => level,
    }
}

/// The first `max` events of `search` from where it stands (a fresh search: the whole log), one
/// [`trace_line`] each.
pub fn trace(search: &mut Search, inst: &Instance, lang: Lang, max: u64, line: impl FnMut(String)) {
    trace_until(search, inst, lang, max, |_| false, line);
}

/// As [`trace`], stopping after the first event at which `here(search)` holds: the page's download of
/// its step log replays a fresh search up to where its own search stands. Returns the number of
/// events written.
pub fn trace_until(
    search: &mut Search,
    inst: &Instance,
    lang: Lang,
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
        line(trace_line(n, ev, at, search, inst, lang));
        level = level_after(ev, level);
        if here(search) {
            break;
        }
    }
    n
}

/// A count with thousands separators (defined in the core, whose messages use it too).
pub use crate::core::thousands;

/// Just after loading a problem: its title and its sizes, unless the title states them already (text
/// in Knuth's format is titled by its sizes: "exact cover: 7 items (7 primary), 6 options").
pub fn loaded(title: &str, inst: &Instance) -> String {
    if title.contains(" option") {
        return format!("Loaded {title}");
    }
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
        plural(stats.solutions, "solution", "solutions"),
        plural(stats.nodes, "node", "nodes")
    )
}

/// A fast-path run that stopped at its node limit without finding what it looked for.
pub fn paused(stats: &Stats) -> String {
    format!(
        "Paused after {}: {} so far",
        plural(stats.nodes, "node", "nodes"),
        plural(stats.solutions, "solution", "solutions")
    )
}

/// Knuth's estimate of the fraction of the tree explored (`Search::progress`) as a percentage to read:
/// never in exponent notation (deep in a big tree it is far below 0.01%), and 0% or 100% only when it is
/// exactly so (before the first choice, at the end).
/// The CLI's progress line. `estimate` is Knuth's (the fraction explored) once some branch is
/// finished; before that it is a guess of half the current subtree, which on a path-shaped tree said
/// 50% throughout, so the line says how deep the search is instead.
pub fn progress_line(
    nodes: u64,
    solutions: u64,
    depth: usize,
    estimate: Option<f64>,
    secs: f64,
) -> String {
    let s = if solutions == 1 { "" } else { "s" };
    match estimate {
        Some(p) => format!(
            "{nodes} nodes, {solutions} solution{s}, {} of the tree explored (Knuth's estimate){}",
            percent(p),
            time_left(secs, p)
        ),
        None => format!(
            "{nodes} nodes, {solutions} solution{s}, depth {depth}, no branch finished yet (no \
             estimate until one is)"
        ),
    }
}

/// ", about 3 minutes left": the time left at the pace so far, `fraction` of the tree (Knuth's
/// estimate) explored in `secs`; nothing where none of it is, or all.
pub fn time_left(secs: f64, fraction: f64) -> String {
    if fraction > 0.0 && fraction < 1.0 && secs > 0.0 {
        format!(
            ", about {} left",
            duration(secs * (1.0 - fraction) / fraction)
        )
    } else {
        String::new()
    }
}

/// A large figure in words for a progress line: `12,345`, then `4.1 million`, `2.3 billion`,
/// `5.6 trillion`, then `4.1e21`.
pub fn about(x: f64) -> String {
    if !x.is_finite() || x < 0.0 {
        return "an unknown number of".into();
    }
    let scaled = |d: f64, word: &str| format!("{:.1} {word}", x / d);
    if x < 1e6 {
        crate::core::thousands(x.round() as u64)
    } else if x < 1e9 {
        scaled(1e6, "million")
    } else if x < 1e12 {
        scaled(1e9, "billion")
    } else if x < 1e15 {
        scaled(1e12, "trillion")
    } else {
        format!("{x:.1e}")
    }
}

/// A time in seconds as a person reads it at a glance, the larger units rounded ("40 seconds", "12
/// minutes", "5 hours", "3 days", "220 years", "3.4 million years", "5.4e23 years"): what the CLI's
/// progress line says a count will take at the pace so far.
pub fn duration(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86_400.0;
    let whole = |x: f64, unit: &str| {
        let n = x.round().max(1.0);
        format!("{n} {unit}{}", if n == 1.0 { "" } else { "s" })
    };
    if !seconds.is_finite() || seconds < 0.0 {
        "an unknown time".into()
    } else if seconds >= 100.0 * YEAR {
        format!("{} years", about(seconds / YEAR))
    } else if seconds >= 2.0 * YEAR {
        whole(seconds / YEAR, "year")
    } else if seconds >= 2.0 * 86_400.0 {
        whole(seconds / 86_400.0, "day")
    } else if seconds >= 2.0 * 3_600.0 {
        whole(seconds / 3_600.0, "hour")
    } else if seconds >= 120.0 {
        whole(seconds / 60.0, "minute")
    } else {
        whole(seconds, "second")
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{queens::Queens, Problem};

    /// Steps `search` and narrates every event, forward.
    fn forward(search: &mut Search, inst: &Instance, n: usize) -> Vec<String> {
        (0..n)
            .map(|_| {
                let ev = search.step().expect("not done");
                narrate(ev, false, search, inst, Lang::Queens)
            })
            .collect()
    }

    /// TAOCP's toy XCC problem: its purifications and their undoing, in words.
    #[test]
    fn narrates_commit_purify_and_unpurify() {
        let p = crate::problems::exact_cover::ExactCover::parse(
            "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B",
        )
        .unwrap();
        let inst = p.instance();
        let mut s = Search::new(inst);
        let mut lines = Vec::new();
        while let Some(ev) = s.step() {
            if matches!(ev, Event::Purify { .. } | Event::Unpurify { .. }) {
                lines.push(narrate(ev, false, &s, inst, Lang::Plain));
            }
        }
        assert_eq!(
            lines[0],
            "Commit y:A: purify y: hide 1 option of another colour, keep and mark 0 of colour A"
        );
        assert!(
            lines.contains(
                &"Commit x:A: purify x: hide 1 option of another colour, keep and mark 1 of colour A"
                    .to_string()
            ),
            "{lines:#?}"
        );
        assert!(
            lines.contains(
                &"Uncommit y:A: unpurify y: 1 option of another colour back, 0 of colour A unmarked"
                    .to_string()
            ),
            "{lines:#?}"
        );
        // Stepping back over a purification says it is undone.
        let mut s = Search::new(inst);
        let ev = loop {
            let ev = s.step().unwrap();
            if matches!(ev, Event::Purify { .. }) {
                break s.step_back().unwrap();
            }
        };
        assert!(narrate(ev, true, &s, inst, Lang::Plain).starts_with("Undo: Commit y:A"));
    }

    #[test]
    fn narrates_the_start_of_4_queens() {
        let q = Queens::new(4).unwrap();
        let inst = q.instance();
        let mut s = Search::new(inst);
        // Organ-pipe order puts r2 first; its options are (2,1)..(2,4); each also names one file and
        // two diagonals, 12 other items in all.
        let lines = forward(&mut s, inst, 7);
        assert_eq!(
            lines,
            [
                "Choose item r2 (fewest options: 4): row 2 has four free squares for its queen",
                "Cover r2: take it out, and hide its 4 options from 12 other items",
                "Hide option r2 c1 a2 b5 from 3 other items",
                "Hide option r2 c2 a3 b4 from 3 other items",
                "Hide option r2 c3 a4 b3 from 3 other items",
                "Hide option r2 c4 a5 b2 from 3 other items",
                "Try option r2 c1 a2 b5 (1 of 4) at level 0",
            ]
        );
        // Taking the Try back narrates it as undone, and the search stands where it did before it.
        let ev = s.step_back().unwrap();
        assert_eq!(
            narrate(ev, true, &s, inst, Lang::Queens),
            "Undo: Try option r2 c1 a2 b5 (1 of 4) at level 0"
        );
        let ev = s.step_back().unwrap();
        assert_eq!(
            narrate(ev, true, &s, inst, Lang::Queens),
            "Undo: Hide option r2 c4 a5 b2 from 3 other items"
        );
    }

    #[test]
    fn multiplicities_call_an_item_by_its_name_and_say_its_bounds_in_words() {
        use crate::problems::{load, Spec};
        let p = load(&Spec::ExactCover(
            "2|a 1:2|b 0:1|c\na\na\na b\na c\nb\nb c".into(),
        ))
        .unwrap();
        let inst = p.instance();
        let mut s = Search::new(inst);
        let mut lines = Vec::new();
        while let Some(ev) = s.step() {
            lines.push(narrate(ev, false, &s, inst, Lang::Plain));
        }
        let first = &lines[0];
        assert!(
            first.starts_with("Choose item a (takes 2 options; fewest ways to go on:"),
            "{first}"
        );
        let close = lines.iter().find(|l| l.starts_with("Close ")).unwrap();
        assert!(close.contains("it has enough: it takes"), "{close}");
        // The items line's `lo:hi|name` is never the item's name in the narration.
        for l in &lines {
            assert!(!l.contains('|'), "{l}");
        }
    }

    #[test]
    fn narrates_solutions_dead_ends_and_backtracks() {
        let q = Queens::new(4).unwrap();
        let inst = q.instance();
        let mut s = Search::new(inst);
        let mut seen = Vec::new();
        while let Some(ev) = s.step() {
            let line = narrate(ev, false, &s, inst, Lang::Queens);
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
        let sol = |k: u32| format!("Solution {k} found at level 4: every primary item is covered");
        assert!(seen.contains(&sol(1)));
        assert!(seen.contains(&sol(2)));
        assert!(!seen.iter().any(|l| l.starts_with("Solution 3")));
        // A dead end, in DLX words and the board's: a row or column with no free square.
        let dead: Vec<&String> = seen.iter().filter(|l| l.starts_with("Dead end")).collect();
        assert!(!dead.is_empty());
        for l in &dead {
            assert!(
                l.contains(" has no option left, so this branch fails: ")
                    && l.ends_with(" has no free squares for its queen"),
                "{l}"
            );
        }
        assert!(seen.contains(&"Back up from level 1 to level 0".to_string()));
        assert!(seen.contains(
            &"Uncover r2: put it back, and its 4 options back into 12 other items".to_string()
        ));
        assert!(seen.contains(&"Unhide option r2 c4 a5 b2: back in 3 other items".to_string()));
        assert_eq!(
            finished(s.stats()),
            format!("Search finished: 2 solutions in {} nodes", s.stats().nodes)
        );

        // Undoing back from the end: the last solution taken back is solution 2, then solution 1.
        let mut undone = Vec::new();
        while let Some(ev) = s.step_back() {
            if let Event::Solution { .. } = ev {
                undone.push(narrate(ev, true, &s, inst, Lang::Queens));
            }
        }
        assert_eq!(
            undone,
            [format!("Undo: {}", sol(2)), format!("Undo: {}", sol(1))]
        );

        // Stepping back onto a solution (undoing the backtrack after it) narrates the solution.
        let mut s = Search::new(inst);
        while !matches!(s.step(), Some(Event::Solution { .. })) {}
        let level = s.level();
        assert!(matches!(s.step(), Some(Event::Backtrack { .. })));
        let ev = s.step_back().unwrap();
        assert_eq!(
            narrate(ev, true, &s, inst, Lang::Queens),
            format!(
                "Back at solution 1 (level {level}): every primary item is covered; stepping back \
                 undid the backtrack from it"
            )
        );
    }

    /// The narration of the first `Choose` and, if any, the first `DeadEnd` of a problem's search.
    #[test]
    fn a_killer_cage_with_one_filling_left_says_its_cells_and_digits() {
        // 4x4: cage 1 = r1c1 + r1c2 = 3 (1+2 or 2+1), and r1c1 given as 2: one filling left, 2+1.
        let json = r#"{"size":4,"grid":[[{"value":2,"given":true},{},{},{}],[{},{},{},{}],
            [{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},
            {"cells":["R3C3","R3C4","R4C4"],"value":"9"}],"thermometer":[{"lines":[["R4C1","R4C2"]]}]}"#;
        let p = crate::problems::load(&crate::problems::Spec::Sudoku(json.into())).unwrap();
        let mut s = Search::new(p.instance());
        s.preselect(p.givens()).unwrap();
        // The cages are filled directly (their cells' items in each filling).
        let cage = p.instance().find_item("cage1").unwrap() as u32 + 1;
        assert_eq!(
            shape_words(p.instance(), s.links(), cage, 1).unwrap(),
            "cage 1 in r1c1-r1c2 has one filling left: 2+1"
        );
        // Through narrate, as the page and `dlx trace` say it when the search chooses it.
        let lang = Lang::of(p.as_ref());
        let ev = Event::Choose {
            item: cage,
            len: 1,
            level: 0,
        };
        let line = narrate(ev, false, &s, p.instance(), lang);
        assert!(
            line.ends_with(": cage 1 in r1c1-r1c2 has one filling left: 2+1"),
            "{line}"
        );
        let header = p.instance().find_item("cage2").unwrap() as u32 + 1;
        let words = shape_words(p.instance(), s.links(), header, 2).unwrap();
        assert!(
            words.starts_with("cage 2 in r3c3-r4c4 has two fillings left"),
            "{words}"
        );
        let thermo = p.instance().find_item("thermo1").unwrap() as u32 + 1;
        assert_eq!(
            shape_words(p.instance(), s.links(), thermo, 0).unwrap(),
            "thermometer from r4c1 has no filling left"
        );
    }

    /// Every line of the search of a made puzzle of `kind` (`dlx make sudoku --variant kind --seed
    /// seed`), up to `max` events, as the page and `dlx trace` narrate them.
    fn made_lines(
        kind: &str,
        seed: u64,
        max: u64,
    ) -> (crate::problems::sudoku::Sudoku, Vec<String>) {
        use crate::problems::sudoku::{maker, Sudoku};
        use crate::problems::Problem;
        let k = maker::Kind::parse(kind).unwrap();
        let made = maker::make(&k, seed, None).unwrap();
        let p = Sudoku::parse_with(&made.text, &k.switches).unwrap();
        let mut s = Search::new(p.instance());
        s.preselect(p.givens()).unwrap();
        let mut lines = Vec::new();
        trace(&mut s, p.instance(), Lang::Sudoku, max, |l| lines.push(l));
        (p, lines)
    }

    /// The narrations of `lines` (JSON step-log lines) that contain `want`.
    fn said(lines: &[String], want: &str) -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["narration"].as_str().unwrap().to_string()
            })
            .filter(|n| n.contains(want))
            .collect()
    }

    #[test]
    fn variant_puzzles_are_narrated_in_their_own_words() {
        let cell = |size: usize, p: usize| format!("r{}c{}", p / size + 1, p % size + 1);
        // A killer (cages filled directly): a cage with one filling left says its cells and
        // digits, which add up to its sum; a cell of a cage speaks of its cage, not of digits.
        let (p, lines) = made_lines("killer", 5, 3000);
        let cages = said(&lines, "has one filling left: ");
        assert!(!cages.is_empty(), "no cage narrated");
        for line in &cages {
            // "…: cage 17 in r1c1-r1c2 has one filling left: 8+9"
            let at = line.rfind("cage ").unwrap();
            let rest = &line[at + 5..];
            let k: usize = rest[..rest.find(' ').unwrap()].parse().unwrap();
            let cage = &p.rules().cages[k - 1];
            let span = match cage.cells.as_slice() {
                [one] => format!(" in {}", cell(9, *one)),
                [a, .., b] => format!(" in {}-{}", cell(9, *a), cell(9, *b)),
                [] => unreachable!(),
            };
            assert!(rest.contains(&span), "{line}: {span}");
            let digits = &rest[rest.find("left: ").unwrap() + 6..];
            let digits: Vec<u32> = digits.split('+').map(|d| d.parse().unwrap()).collect();
            assert_eq!(digits.len(), cage.cells.len(), "{line}");
            assert_eq!(Some(digits.iter().sum::<u32>()), cage.sum, "{line}");
        }
        let lies = said(&lines, "lies in cage ");
        assert!(!lies.is_empty() && lies.iter().all(|l| l.contains(", which has ")));
        // A thermometer from its bulb, its digits rising.
        let (p, lines) = made_lines("thermo", 9, 3000);
        let thermos = said(&lines, "thermometer from ");
        assert!(!thermos.is_empty(), "no thermometer narrated");
        for line in thermos.iter().filter(|l| l.contains("one filling left")) {
            let from = line.find("thermometer from ").unwrap() + 17;
            let bulb = &line[from..from + line[from..].find(" has").unwrap()];
            assert!(
                p.rules().thermos.iter().any(|t| cell(9, t[0]) == bulb),
                "{line}: no thermometer from {bulb}"
            );
            let digits = &line[line.find("left: ").unwrap() + 6..];
            let digits: Vec<u32> = digits.split('<').map(|d| d.parse().unwrap()).collect();
            assert!(
                digits.len() >= 3 && digits.windows(2).all(|w| w[0] < w[1]),
                "{line}"
            );
        }
        // Both diagonals by their arrows; the at-most-one rules when an option covers them.
        let (_, lines) = made_lines("x", 2, 3000);
        let diagonal = said(&lines, "diagonal ");
        assert!(
            diagonal.iter().any(|l| l.contains('\u{2197}')),
            "{diagonal:?}"
        );
        assert!(
            diagonal.iter().any(|l| l.contains('\u{2198}')),
            "{diagonal:?}"
        );
        assert!(diagonal
            .iter()
            .any(|l| l.contains(" needs a ") && l.contains(": one place left")));
        for (kind, seed, want) in [
            ("anti-king", 5, ": at most one "),
            ("anti-knight", 4, " are a knight's move apart: not both "),
            ("non-consecutive", 6, " are neighbours: not "),
            ("jigsaw", 7, " can only go in one place in jigsaw region "),
        ] {
            let (_, lines) = made_lines(kind, seed, 3000);
            assert!(
                !said(&lines, want).is_empty(),
                "{kind}: no line says {want:?}"
            );
        }
        // The sentences themselves.
        let w = |name: &str| rule_words(name).unwrap();
        assert_eq!(
            w("king(r1c3)=5"),
            "at most one 5 in the 2x2 window from r1c3 (anti-king: no 5 a king's move from another)"
        );
        assert_eq!(
            w("knight(r1c1,r2c3)=7"),
            "r1c1 and r2c3 are a knight's move apart: not both 7 (anti-knight)"
        );
        assert_eq!(
            w("nc(r1c1,r1c2)=4/5"),
            "r1c1 and r1c2 are neighbours: not 4 and 5 side by side (non-consecutive)"
        );
        assert_eq!(w("cage3=2"), "at most one 2 in cage 3 (its digits differ)");
        assert_eq!(w("e2=9"), "at most one 9 in extra region 2");
        assert_eq!(rule_words("r1=5"), None);
        assert_eq!(
            item_words(Lang::Sudoku, "d-=8", 2).unwrap(),
            "diagonal \u{2198} needs an 8: two places left"
        );
        assert_eq!(
            item_words(Lang::Sudoku, "d+=3", 0).unwrap(),
            "diagonal \u{2197} needs a 3 and has no place left for it"
        );
    }

    fn choice_and_dead_end(spec: crate::problems::Spec) -> (String, Option<String>) {
        let p = crate::problems::load(&spec).unwrap();
        let lang = Lang::of(p.as_ref());
        let mut s = Search::new(p.instance());
        s.preselect(p.givens()).unwrap();
        let (mut choose, mut dead) = (None, None);
        while let Some(ev) = s.step() {
            match ev {
                Event::Choose { .. } if choose.is_none() => {
                    choose = Some(narrate(ev, false, &s, p.instance(), lang))
                }
                Event::DeadEnd { .. } => {
                    dead = Some(narrate(ev, false, &s, p.instance(), lang));
                    break;
                }
                _ => {}
            }
        }
        (choose.unwrap(), dead)
    }

    #[test]
    fn speaks_each_puzzles_own_language() {
        use crate::problems::Spec;
        let (c, _) = choice_and_dead_end(Spec::Sudoku(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .into(),
        ));
        assert_eq!(
            c,
            "Choose item r5c5 (fewest options: 1): cell r5c5 can only take one digit"
        );
        let (c, d) = choice_and_dead_end(Spec::Queens(6));
        assert!(
            c.ends_with("row 3 has six free squares for its queen"),
            "{c}"
        );
        assert!(d.unwrap().ends_with("has no free squares for its queen"));
        let (c, _) = choice_and_dead_end(Spec::Pentomino {
            board: "3x20".into(),
            distinct: false,
        });
        assert_eq!(
            c,
            "Choose item X (fewest options: 18): piece X fits 18 ways"
        );
        let (c, _) = choice_and_dead_end(Spec::Langford {
            n: 4,
            distinct: false,
        });
        assert!(c.ends_with(": the two 4s can be placed three ways"), "{c}");
        let (c, _) = choice_and_dead_end(Spec::Latin(3));
        assert!(c.ends_with(": cell r1c1 can take three symbols"), "{c}");
        // The sentences themselves, with their plurals and the "only" of a single place.
        let w = |lang, name, n| item_words(lang, name, n).unwrap();
        // A variant's units and shapes.
        assert_eq!(
            w(Lang::Sudoku, "j4=7", 2),
            "7 can go in two places in jigsaw region 4"
        );
        assert_eq!(
            w(Lang::Sudoku, "d+=3", 1),
            "diagonal \u{2197} needs a 3: one place left"
        );
        assert_eq!(
            w(Lang::Sudoku, "w2=9", 0),
            "9 has no place left in windoku region 2"
        );
        assert_eq!(
            w(Lang::Sudoku, "cage17", 3),
            "cage 17 has three fillings left"
        );
        assert_eq!(item_words(Lang::Sudoku, "king(r1c2)=1", 1), None);
        assert_eq!(
            w(Lang::Sudoku, "r2=5", 1),
            "5 can only go in one place in row 2"
        );
        assert_eq!(
            w(Lang::Sudoku, "c7=9", 3),
            "9 can go in three places in column 7"
        );
        assert_eq!(w(Lang::Sudoku, "b1=A", 0), "A has no place left in box 1");
        assert_eq!(w(Lang::Sudoku, "r3c5", 2), "cell r3c5 can take two digits");
        assert_eq!(w(Lang::Sudoku, "r3c5", 0), "cell r3c5 has no digit left");
        assert_eq!(
            w(Lang::Queens, "r3", 2),
            "row 3 has two free squares for its queen"
        );
        assert_eq!(
            w(Lang::Queens, "c1", 1),
            "column 1 has one free square for its queen"
        );
        assert_eq!(
            w(Lang::Queens, "r12", 12),
            "row 12 has 12 free squares for its queen"
        );
        assert_eq!(
            w(Lang::Pentomino, "c7", 4),
            "the cell c7 can be covered four ways"
        );
        assert_eq!(w(Lang::Pentomino, "X", 1), "piece X fits only one way");
        assert_eq!(w(Lang::Langford, "s4", 2), "slot 4 can be filled two ways");
        assert_eq!(
            w(Lang::Latin, "c1s2", 1),
            "symbol 2 can go in one place in column 1"
        );
        // Names a puzzle does not use (diagonals of queens), and plain texts: no extra words.
        assert_eq!(item_words(Lang::Queens, "a3", 2), None);
        assert_eq!(item_words(Lang::Plain, "r3", 2), None);
        assert_eq!(item_words(Lang::Sudoku, "x=1", 2), None);
    }

    #[test]
    fn every_line_gets_its_plurals_right() {
        // Every event of whole searches: never "1 options", "1 other items", "0 option" and the like.
        for spec in [
            crate::problems::Spec::Queens(6),
            crate::problems::Spec::Langford {
                n: 4,
                distinct: false,
            },
            crate::problems::Spec::ExactCover(
                "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n".into(),
            ),
        ] {
            let p = crate::problems::load(&spec).unwrap();
            let lang = Lang::of(p.as_ref());
            let mut s = Search::new(p.instance());
            while let Some(ev) = s.step() {
                let l = narrate(ev, false, &s, p.instance(), lang);
                for bad in [
                    " 1 options",
                    " 1 other items",
                    " 0 option ",
                    " 1 ways",
                    "one places",
                    "one free squares",
                    " 0 options",
                    " 0 other",
                ] {
                    assert!(!l.contains(bad), "{l:?} has {bad:?}");
                }
            }
        }
    }

    #[test]
    fn the_progress_line_has_an_estimate_only_once_a_branch_is_finished() {
        assert_eq!(
            progress_line(5, 1, 4, None, 3.0),
            "5 nodes, 1 solution, depth 4, no branch finished yet (no estimate until one is)"
        );
        // A quarter in 60 s: three quarters left, 180 s at that pace.
        assert_eq!(
            progress_line(90, 2, 4, Some(0.25), 60.0),
            "90 nodes, 2 solutions, 25% of the tree explored (Knuth's estimate), about 3 minutes \
             left"
        );
        assert_eq!(
            progress_line(90, 2, 4, Some(0.25), 0.0),
            "90 nodes, 2 solutions, 25% of the tree explored (Knuth's estimate)"
        );
    }

    #[test]
    fn durations_read_at_a_glance() {
        let year = 365.25 * 86_400.0;
        assert_eq!(duration(0.2), "1 second");
        assert_eq!(duration(40.0), "40 seconds");
        assert_eq!(duration(119.0), "119 seconds");
        assert_eq!(duration(150.0), "3 minutes");
        assert_eq!(duration(5.0 * 3_600.0), "5 hours");
        assert_eq!(duration(3.0 * 86_400.0), "3 days");
        assert_eq!(duration(220.0 * year), "220 years");
        assert_eq!(duration(3.4e6 * year), "3.4 million years");
        assert_eq!(duration(5.4e23 * year), "5.4e23 years");
        assert_eq!(duration(f64::INFINITY), "an unknown time");
        assert_eq!(time_left(10.0, 0.5), ", about 10 seconds left");
        assert_eq!(time_left(10.0, 0.0), "");
        assert_eq!(time_left(10.0, 1.0), "");
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
        // A title that states the sizes is not followed by them again.
        assert_eq!(
            loaded("exact cover: 1 item (1 primary), 0 options", &one),
            "Loaded exact cover: 1 item (1 primary), 0 options"
        );
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
