//! Our engine against the crates `dlx` 0.8 and `xcov` 0.3, on the same instances, in one run.
//!
//! `cargo bench --bench peers` prints a Markdown table: for each workload the median time of each
//! engine and the ratio peer time / our time (above 1.0x: we are faster). `BENCH_QUICK=1` runs fewer
//! repetitions and a slice of the big Sudoku set. See benches/README.md.
//!
//! Every engine gets the same `Instance`, converted by the small adapters `dlx_input` and `xcov_input`
//! (same items, same primary/secondary split, same options in the same order), and every count is
//! checked against the known one and across engines: a mismatch is printed and the process exits with
//! status 1. Times are the thread's CPU time, from each engine's own input format.

use dlx_studio::core::{Count, Engine, Instance, Limits, Search};
use dlx_studio::problems::langford::Langford;
use dlx_studio::problems::pentomino::Pentomino;
use dlx_studio::problems::queens::Queens;
use dlx_studio::problems::sudoku::{self, Grid, Solver};
use dlx_studio::problems::Problem;
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------------------------------
// The three engines, each counting solutions up to `limit` on an instance prepared beforehand.

/// Ours: the fast path of `Search::run` (the `Count` observer only hears of solutions).
fn count_ours(search: &mut Search, limit: Option<u64>) -> u64 {
    search.set_limits(Limits {
        solutions: limit,
        nodes: None,
    });
    search.run(&mut Count);
    search.stats().solutions
}

/// A peer's own input: the numbers of primary and secondary items, and the options as lists of items.
/// The adapters below convert an `Instance` into it outside the timing, so that each engine is timed
/// from its own input format (ours: the `Instance`).
struct PeerInput<T> {
    n_primary: usize,
    n_secondary: usize,
    options: Vec<Vec<T>>,
}

/// `dlx` numbers items from 0, the primary ones first, as we do.
fn dlx_input(inst: &Instance) -> PeerInput<dlx::Uint> {
    PeerInput {
        n_primary: inst.n_primary(),
        n_secondary: inst.n_items() - inst.n_primary(),
        options: (0..inst.n_options())
            .map(|k| inst.option(k).map(|i| i as dlx::Uint).collect())
            .collect(),
    }
}

fn build_dlx(input: &PeerInput<dlx::Uint>) -> dlx::x::Problem {
    dlx::x::make_problem(
        input.n_primary as dlx::Uint,
        input.n_secondary as dlx::Uint,
        &input.options,
        dlx::OptOrder::Seq,
    )
}

/// `dlx` with its MRV chooser (no tie-break: the leftmost item of minimum length, as ours). Returns
/// the solutions and the search-tree nodes counted as ours counts them (its profile leaves out the
/// solution nodes).
fn count_dlx(problem: &mut dlx::x::Problem, limit: u64) -> (u64, u64) {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let mut solver = dlx::Solver::new(problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut n = 0;
    while n < limit && solver.next_solution(&mut chooser) {
        n += 1;
    }
    let nodes: usize = solver.get_profile().iter().sum();
    (n, nodes as u64 + n)
}

/// `xcov` numbers items from 1 (primary first) and wants each option's items in ascending order;
/// the order of nodes within an option changes nothing in the search tree.
fn xcov_input(inst: &Instance) -> PeerInput<usize> {
    PeerInput {
        n_primary: inst.n_primary(),
        n_secondary: inst.n_items() - inst.n_primary(),
        options: (0..inst.n_options())
            .map(|k| {
                let mut o: Vec<usize> = inst.option(k).map(|i| i + 1).collect();
                o.sort_unstable();
                o
            })
            .collect(),
    }
}

fn build_xcov(input: &PeerInput<usize>) -> xcov::Dlx {
    let mut builder = xcov::DlxBuilder::new(input.n_primary, input.n_secondary);
    for o in &input.options {
        builder.add_option(o);
    }
    builder.build()
}

/// `xcov` with its MRV search (`min_by_key`: also the leftmost item of minimum length).
fn count_xcov(dlx: xcov::Dlx, limit: u64) -> u64 {
    use xcov::ExactCoverProblem;
    let mut search = xcov::MrvExactCoverSearch::new(dlx);
    let mut n = 0;
    while n < limit && search.search() {
        n += 1;
    }
    n
}

// ---------------------------------------------------------------------------------------------------
// Workloads.

/// A puzzle of a Sudoku set: its line in the file, its grid, and the options of its givens in
/// `sudoku::instance(3)`.
struct Puzzle {
    line: usize,
    grid: Grid,
    givens: Vec<usize>,
}

/// The puzzles of a file: one a line, in any form `Grid::parse` reads; `#` starts a comment line.
fn read_puzzles(path: &Path) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let grid = Grid::parse(line).map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
        if grid.size() != 9 {
            return Err(format!("{}:{}: not a 9x9 Sudoku", path.display(), n + 1));
        }
        let givens = grid.given_options().collect();
        out.push(Puzzle {
            line: n + 1,
            grid,
            givens,
        });
    }
    Ok(out)
}

/// `shared/data/sudoku` next to the project or next to any folder above it (worktrees live one level
/// deeper than the main checkout).
fn sudoku_dir() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join("shared/data/sudoku"))
        .find(|p| p.is_dir())
}

// ---------------------------------------------------------------------------------------------------
// Measuring and reporting.

/// The engines of a row: ours on bit sets, dlx, xcov, and ours on links. Both of ours walk DLX1's
/// tree, the tree dlx and xcov walk, with the same nodes and updates. "ours" in the ratios is the
/// engine `dlx count` takes by default (`Engine::Auto`): bit sets where options overlap heavily
/// (pentominoes), links elsewhere (see `Row::ours`).
const ENGINES: [&str; 4] = ["ours, bit sets", "dlx 0.8", "xcov 0.3", "ours, links"];
const E: usize = ENGINES.len();

struct Row {
    workload: String,
    solutions: String,
    /// Median seconds per engine, in the order of `ENGINES` (NaN: not run).
    secs: [f64; E],
    /// The spread of each engine's runs (see `spread`).
    spread: [f64; E],
    /// Items per second to show next to the times (Sudoku: puzzles).
    per_sec: Option<f64>,
    /// Our search-tree nodes and updates on bit sets and on links (enumerations only): equal.
    tree: Option<[(u64, u64); 2]>,
    /// The search-tree nodes of `dlx` (enumerations only): DLX1's, when both walk one tree.
    dlx_nodes: Option<u64>,
    /// Knuth's SSXC1 time over the `dlx` crate's, from `shared/README.md`, where measured.
    ssxc1_over_dlx: Option<f64>,
    /// `dlx count` counts on bit sets here by default (pentominoes).
    bits: bool,
}

impl Row {
    /// Our time with the engine `dlx count` takes by default.
    fn ours(&self) -> f64 {
        self.secs[if self.bits { 0 } else { 3 }]
    }
    fn ours_spread(&self) -> f64 {
        self.spread[if self.bits { 0 } else { 3 }]
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The spread of the runs, (max - min) / median: how far apart a single engine's runs lie.
fn spread(v: &[f64]) -> f64 {
    let (lo, hi) = v
        .iter()
        .fold((f64::MAX, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)));
    (hi - lo) / median(v.to_vec())
}

fn fmt_time(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

mod common;
use common::now;

const CLOCK: &str = if cfg!(all(target_os = "linux", target_pointer_width = "64")) {
    "thread CPU time"
} else {
    "wall-clock time"
};

/// Counts every solution of `inst` with each engine, `runs` times; only the search is timed, not
/// building the matrix. The engines take turns, starting with a different one each run, so that a
/// burst of load on the machine, or a warm cache, favours none of them.
fn enumerate(
    workload: &str,
    inst: &Instance,
    expect: u64,
    runs: usize,
    ssxc1_over_dlx: Option<f64>,
    errors: &mut Vec<String>,
) -> Row {
    let bits = dlx_studio::core::bits::pays(inst);
    let mut times: [Vec<f64>; E] = Default::default();
    let mut tree = [(0, 0); 2];
    let mut dlx_nodes = None;
    for run in 0..runs {
        for e in (0..E).map(|k| (run + k) % E) {
            let (n, secs) = match e {
                0 | 3 => {
                    let (engine, i) = if e == 0 {
                        (Engine::Bits, 0)
                    } else {
                        (Engine::Links, 1)
                    };
                    let mut s = Search::new(inst);
                    s.set_engine(engine);
                    assert_eq!(s.engine(), engine, "{workload}");
                    let t = now();
                    let n = count_ours(&mut s, None);
                    let secs = now() - t;
                    tree[i] = (s.stats().nodes, s.stats().updates);
                    (n, secs)
                }
                1 => {
                    let mut p = build_dlx(&dlx_input(inst));
                    let t = now();
                    let (n, nodes) = count_dlx(&mut p, u64::MAX);
                    let secs = now() - t;
                    dlx_nodes = Some(nodes);
                    (n, secs)
                }
                2 => {
                    let d = build_xcov(&xcov_input(inst));
                    let t = now();
                    let n = count_xcov(d, u64::MAX);
                    (n, now() - t)
                }
                _ => unreachable!("{E} engines"),
            };
            times[e].push(secs);
            if n != expect {
                errors.push(format!(
                    "{workload}: {} counted {n} solutions, expected {expect}",
                    ENGINES[e]
                ));
            }
        }
    }
    eprintln!("  {workload}: done");
    Row {
        workload: workload.to_string(),
        solutions: expect.to_string(),
        spread: times.each_ref().map(|t| spread(t)),
        secs: times.map(median),
        per_sec: None,
        tree: Some(tree),
        dlx_nodes,
        ssxc1_over_dlx,
        bits,
    }
}

/// Puzzles are reduced and timed this many at a time: few enough to keep their reduced instances in
/// memory, enough that reading the clock costs nothing.
const CHUNK: usize = 500;

/// Solves every puzzle of a set with each engine, looking for a second solution (count up to 2), and
/// checks that there is exactly one.
///
/// Ours is `sudoku::Solver` on links (`Engine::Links`, as `dlx solve sudoku --batch --engine links`):
/// one template search over the 729-option matrix, with the givens preselected. The peers get `Instance::reduce(givens)` of that
/// matrix (the givens' items and every option clashing with them removed: the matrix `dlx`'s own
/// Sudoku example builds); the reduction and the conversion to each peer's input format are done
/// outside the timing, building each peer's matrix from its input is timed with its search. Engine 3
/// is ours on the same reduced matrix (`Search::new` + count), returned apart: the like-for-like figure.
/// Engines take turns chunk by chunk, starting with a different one each time.
fn sudoku_set(
    name: &str,
    puzzles: &[Puzzle],
    full: &Instance,
    runs: usize,
    errors: &mut Vec<String>,
) -> (Row, f64) {
    let mut solver = Solver::new();
    // The search on links, DLX1's tree as the peers walk it: the 9x9 engine `Fast9` the Solver takes
    // by default is measured against the `sudoku` crate in benches/sudoku.rs.
    solver.set_engine(dlx_studio::core::Engine::Links);
    // Lay out the template before any timing.
    if let Some(p) = puzzles.first() {
        solver.solve(&p.grid, 2);
    }
    let mut times: [Vec<f64>; 4] = Default::default();
    let mut turn = 0;
    for run in 0..runs {
        let mut sum = [0.0f64; 4];
        for chunk in puzzles.chunks(CHUNK) {
            let reduced: Vec<Option<Instance>> = chunk
                .iter()
                .map(|p| full.reduce(&p.givens).map(|(red, _)| red))
                .collect();
            let for_dlx: Vec<Option<PeerInput<dlx::Uint>>> =
                reduced.iter().map(|r| r.as_ref().map(dlx_input)).collect();
            let for_xcov: Vec<Option<PeerInput<usize>>> =
                reduced.iter().map(|r| r.as_ref().map(xcov_input)).collect();
            // got[e][i]: solutions (up to 2) engine e found for puzzle i of the chunk.
            let mut got = [[0u64; CHUNK]; 4];
            turn += 1;
            for e in (0..4).map(|k| (turn + k) % 4) {
                let t = now();
                for (i, red) in reduced.iter().enumerate() {
                    let Some(red) = red else { continue };
                    got[e][i] = match e {
                        0 => solver.solve(&chunk[i].grid, 2).count,
                        1 => count_dlx(&mut build_dlx(for_dlx[i].as_ref().unwrap()), 2).0,
                        2 => count_xcov(build_xcov(for_xcov[i].as_ref().unwrap()), 2),
                        _ => count_ours(&mut Search::new(red), Some(2)),
                    };
                }
                sum[e] += now() - t;
            }
            if run > 0 {
                continue;
            }
            for (i, p) in chunk.iter().enumerate() {
                let g = [got[0][i], got[1][i], got[2][i], got[3][i]];
                if reduced[i].is_none() {
                    errors.push(format!("{name}, line {}: the givens clash", p.line));
                } else if g != [1; 4] {
                    errors.push(format!(
                        "{name}, line {}: solutions (up to 2) found by ours (Solver), dlx, xcov, \
                         ours on the reduced matrix: {g:?}; every puzzle should have exactly one",
                        p.line
                    ));
                }
            }
        }
        for (t, s) in times.iter_mut().zip(sum) {
            t.push(s);
        }
    }
    let [a, b, c, d] = times;
    eprintln!("  {name}: done");
    let same = median(d);
    let row = Row {
        workload: format!("Sudoku {name} ({} puzzles)", puzzles.len()),
        solutions: "1 each".into(),
        // The Solver walks DLX1's tree, as `dlx solve` does for a Sudoku.
        spread: [f64::NAN, spread(&b), spread(&c), spread(&a)],
        secs: [f64::NAN, median(b), median(c), median(a)],
        per_sec: Some(puzzles.len() as f64),
        tree: None,
        dlx_nodes: None,
        ssxc1_over_dlx: None,
        bits: false,
    };
    (row, same)
}

fn environment() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let rustc =
        std::process::Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .arg("-V")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "rustc version unknown".into());
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    format!("{cpu}, {cores} cores, {rustc}, load average at start {load}")
}

fn main() {
    // `cargo bench` passes `--bench`; there is nothing to filter, so arguments are ignored.
    let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let env = environment();
    let mut errors = Vec::new();
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let runs = |normal: usize| if quick { 1 } else { normal };

    eprintln!(
        "peers: running{}",
        if quick { " (BENCH_QUICK)" } else { "" }
    );
    // Knuth's SSXC1 time over the dlx crate's (shared/README.md), where it was measured.
    for (n, expect, r, ssxc1) in [
        (12, 14200, 5, None),
        (13, 73712, 5, Some(1.81)),
        (14, 365_596, 3, Some(1.86)),
    ] {
        let q = Queens::new(n).expect("valid n");
        rows.push(enumerate(
            &format!("{n}-queens, all"),
            q.instance(),
            expect,
            runs(r),
            ssxc1,
            &mut errors,
        ));
    }
    let l = Langford::new(12, false).expect("valid n");
    rows.push(enumerate(
        "Langford 12, all",
        l.instance(),
        2 * 108_144,
        runs(3),
        Some(1.01),
        &mut errors,
    ));
    for (board, distinct, expect, ssxc1) in [
        ("6x10", true, 2339, Some(0.61)),
        ("6x10", false, 9356, Some(0.65)),
        ("5x12", false, 4040, Some(0.59)),
        ("4x15", false, 1472, None),
        ("3x20", false, 8, None),
        ("8x8", false, 520, Some(0.60)),
    ] {
        let p = Pentomino::new(board, distinct).expect("a known board");
        let what = if distinct { "distinct" } else { "all" };
        rows.push(enumerate(
            &format!("Pentomino {board}, {what}"),
            p.instance(),
            expect,
            runs(3),
            ssxc1,
            &mut errors,
        ));
    }

    match sudoku_dir() {
        None => notes.push(
            "Sudoku rows skipped: no `shared/data/sudoku` folder next to the project.".to_string(),
        ),
        Some(dir) => {
            notes.push(
                "Sudoku rows: ours is `sudoku::Solver` (a copy of a template search over the \
                 729-option matrix, givens preselected, first solution recorded); dlx and xcov get \
                 `Instance::reduce(givens)` of that matrix, converted outside the timing."
                    .to_string(),
            );
            let full = sudoku::instance(sudoku::Geometry::classic());
            for (file, name, r) in [
                ("17-clue.txt", "17-clue", 3),
                ("magictour-top1465.txt", "top1465", 3),
                ("forum-hardest-1106.txt", "forum-hardest", 3),
            ] {
                match read_puzzles(&dir.join(file)) {
                    Err(e) => notes.push(format!("Sudoku {name} skipped: {e}")),
                    Ok(mut puzzles) => {
                        if quick && puzzles.len() > 5000 {
                            puzzles.truncate(5000);
                        }
                        let (row, same) = sudoku_set(name, &puzzles, &full, runs(r), &mut errors);
                        notes.push(format!(
                            "Sudoku {name}: ours on the peers' reduced matrix instead of `Solver`: \
                             {} ({:.0} puzzles/s; dlx / ours {:.2}x, xcov / ours {:.2}x).",
                            fmt_time(same),
                            puzzles.len() as f64 / same,
                            row.secs[1] / same,
                            row.secs[2] / same
                        ));
                        rows.push(row);
                    }
                }
            }
        }
    }

    println!("Environment: {env}");
    println!(
        "{}{}. Times are {CLOCK}. Ratio = peer time / our time with the default engine \
         (above 1.0x: we are faster); every engine walks DLX1's tree. ours / SSXC1 (est.) = our time / (dlx's time x SSXC1/dlx as \
         measured in shared/README.md); the issue's target is at most 0.90.\n",
        if quick {
            "One run each"
        } else {
            "Medians of 3 (Sudoku, pentomino) or 5 (queens) runs"
        },
        if quick {
            " (BENCH_QUICK: 17-clue set cut to 5000 puzzles)"
        } else {
            ""
        }
    );
    println!(
        "| workload | solutions | {} | {} | {} | {} | default engine | {} / ours | {} / ours | ours / SSXC1 (est.) |",
        ENGINES[3], ENGINES[0], ENGINES[1], ENGINES[2], ENGINES[1], ENGINES[2]
    );
    println!("|---|---:|---:|---:|---:|---:|---|---:|---:|---:|");
    for r in &rows {
        let cell = |s: f64| match (r.per_sec, s.is_nan()) {
            (_, true) => "—".to_string(),
            (Some(n), _) => format!("{} ({:.0}/s)", fmt_time(s), n / s),
            (None, _) => fmt_time(s),
        };
        // SSXC1's time stands in as the dlx crate's times the ratio measured on the same machine kind.
        let ssxc1 = r.ssxc1_over_dlx.map_or("—".to_string(), |k| {
            format!("{:.2}", r.ours() / (r.secs[1] * k))
        });
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {:.2}x | {:.2}x | {ssxc1} |",
            r.workload,
            r.solutions,
            cell(r.secs[3]),
            cell(r.secs[0]),
            cell(r.secs[1]),
            cell(r.secs[2]),
            if r.bits { "bit sets" } else { "links" },
            r.secs[1] / r.ours(),
            r.secs[2] / r.ours()
        );
    }
    println!(
        "\nPer engine, on DLX1's tree (ours count the updates DLX1 makes; dlx counts nodes only; \
         the bit sets make DLX1's updates' worth of changes without a link):\n"
    );
    println!("| workload | engine | nodes | updates | ns / node | M updates / s |");
    println!("|---|---|---:|---:|---:|---:|");
    for r in &rows {
        if let Some(trees) = r.tree {
            for (i, e) in [0, 3].into_iter().enumerate() {
                let (nodes, updates) = trees[i];
                println!(
                    "| {} | {} | {nodes} | {updates} | {:.0} | {:.0} |",
                    r.workload,
                    ENGINES[e],
                    r.secs[e] / nodes as f64 * 1e9,
                    updates as f64 / r.secs[e] / 1e6
                );
            }
            if let Some(d) = r.dlx_nodes {
                println!(
                    "| {} | {} | {d} | — | {:.0} | — |",
                    r.workload,
                    ENGINES[1],
                    r.secs[1] / d as f64 * 1e9
                );
            }
        }
    }
    println!();
    for r in &rows {
        if let (Some(trees), Some(d)) = (r.tree, r.dlx_nodes) {
            if d != trees[1].0 {
                println!(
                    "- {}: dlx's tree has {d} nodes, ours under DLX1 {}",
                    r.workload, trees[1].0
                );
            }
            if trees[0] != trees[1] {
                errors.push(format!(
                    "{}: bit sets {:?} and links {:?} (nodes, updates) differ",
                    r.workload, trees[0], trees[1]
                ));
            }
        }
    }
    for n in &notes {
        println!("- {n}");
    }
    let losses: Vec<String> = rows
        .iter()
        .flat_map(|r| {
            (1..3).filter(|&e| r.secs[e] < r.ours()).map(move |e| {
                let gap = r.ours() / r.secs[e] - 1.0;
                let noise = r.ours_spread().max(r.spread[e]);
                format!(
                    "{}: {} is {:.1}% faster than ours{}",
                    r.workload,
                    ENGINES[e],
                    gap * 100.0,
                    if noise == 0.0 {
                        " (one run: no spread to compare with)".to_string()
                    } else if gap <= noise {
                        format!(", within the spread of the runs ({:.1}%)", noise * 100.0)
                    } else {
                        format!(", more than the spread of the runs ({:.1}%)", noise * 100.0)
                    }
                )
            })
        })
        .collect();
    if losses.is_empty() {
        println!("- Ours is the fastest on every workload.");
    } else {
        for l in &losses {
            println!("- WE LOSE: {l}");
        }
    }
    if !errors.is_empty() {
        println!("\nCOUNT MISMATCHES ({}):", errors.len());
        for e in errors.iter().take(50) {
            println!("- {e}");
        }
        std::process::exit(1);
    }
    println!("- All engines agree on every count.");
}
