//! The JSON a count reports: the fields every count has (`count_report`), and the names of the
//! algorithm, heuristic, engine and tree walked.

use crate::args::Args;
use dlx_studio::core::{Heuristic, Named, Stats};
use dlx_studio::problems::Problem;
use serde_json::json;

/// Adds `algorithm` and `heuristic` to a JSON result when either is not the default (dancing links,
/// MRV), so that the default output keeps the keys that `dlx merge` reproduces.
pub(crate) fn name_algorithm(v: &mut serde_json::Value, args: &Args) {
    if !args.naive() {
        v["engine"] = json!(args.engine_name());
    }
    if args.naive() || args.heuristic != Heuristic::Mrv {
        v["algorithm"] = json!(args.algorithm.name());
        v["heuristic"] = json!(args.heuristic.name());
    }
}

/// The name of the tree a search walks, for `--json` (`Tree::walked`: `dlx3` for multiplicities).
pub(crate) fn tree_name(problem: &dyn Problem, args: &Args) -> &'static str {
    args.tree().walked(problem.instance())
}

/// The JSON line of a count, as `count --json` writes it on one thread or many (and `--part`, which
/// adds its part's fields): the fields every count has.
pub(crate) fn count_report(
    problem: &dyn Problem,
    st: &Stats,
    seconds: f64,
    first: Option<String>,
    threads: u64,
    args: &Args,
) -> dlx_studio::report::CountReport {
    dlx_studio::report::CountReport {
        command: "count".into(),
        problem: problem.title(),
        solutions: st.solutions,
        nodes: st.nodes,
        updates: st.updates,
        seconds,
        max_depth: st.max_depth() as u64,
        first,
        threads,
        tree: tree_name(problem, args).into(),
        pruned: args.pruned.get().map(|n| n as u64),
        ..Default::default()
    }
}
