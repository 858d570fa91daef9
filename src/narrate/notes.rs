//! The lines that tell of no event: a problem loaded, a run paused or finished, the CLI's progress.

use crate::core::{Instance, Stats};
use crate::figures::{count, percent, plural, thousands, time_left};

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
    let solutions = count(solutions, "solution");
    match estimate {
        Some(p) => format!(
            "{nodes} nodes, {solutions}, {} of the tree explored (Knuth's estimate){}",
            percent(p),
            time_left(secs, p)
        ),
        None => format!(
            "{nodes} nodes, {solutions}, depth {depth}, no branch finished yet (no estimate until \
             one is)"
        ),
    }
}
