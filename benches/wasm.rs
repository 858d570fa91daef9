//! The wasm build against the native build, on the same counting path, in one run.
//!
//! `make bench-wasm` builds the page's release .wasm (as `make wasm` does), binds it for node
//! (`wasm-bindgen --target nodejs` into `target/bench-wasm/pkg`) and runs `cargo bench --bench wasm`,
//! which counts each workload natively here and under node with `benches/wasm.mjs` (the page's
//! `Session`), alternating, and prints a Markdown table: solutions, nodes, updates, median time, ns
//! per node, updates per second, and wasm time / native time. See benches/README.md.
//!
//! Both sides run the same Rust on the same problem loaded the same way (`kinds::spec` +
//! `load_text` + `Search::new` + `preselect`, what `Session::load` does), and time only the counting
//! calls, in the page's slices:
//! - *10k-node slices*: `Session.count_chunk(10000)` until done (the page's Solve and next-solution
//!   calls take node slices; the issue measured this); natively the same `Search::run` with a node
//!   limit 10,000 further each call;
//! - *run-to-end worker*: `new QueueCounter(…, 1, true)` with every subproblem pushed (the load and
//!   split, untimed), then `count_for(50)` until done: exactly the run-to-end worker's calls
//!   (www/workers/worker.js) as the one worker of a run; natively the same `Share::count` in chunks sized as
//!   `QueueCounter::count_for` sizes them.
//!
//! Wasm runs in node (the package bound `--target nodejs`) and in headless Chromium (the page's own
//! `www/pkg`, through tests/browser's playwright-core; a newer V8, the one the page runs on), each
//! timed three times: *steady* (the median of the last 3 counts in the same process or page, after
//! at least 0.6 s of counting there, by when V8 has tiered the hot code up: 5 to 15 counts), *first
//! run, cold* (the first count in a fresh one: V8 starts wasm in its baseline tier, Liftoff, and
//! tiers a function up only between calls) and *first run, warm* (the first count in a fresh one
//! after the run-to-end worker's warm-up, `warm_engine(WARM_MS)` of www/workers/worker.js, and the idle
//! moment before a click: what a click on Run to end gets). Times are wall clock on both sides: run it on a quiet machine; the load average is
//! printed. `BENCH_WASM_CLOCK=cpu` times every side in the counting thread's CPU time instead, for a
//! loaded machine (Linux): natively this thread's, node's main thread's from
//! /proc/thread-self/schedstat, the Chromium page's from its renderer's main thread, read by the
//! driver around each count.

use dlx_studio::core::{
    bits, Engine as CountEngine, Event, Instance, Limits, Observer, Order, Plan, Search, Share,
    Split, Status, Tree,
};
use dlx_studio::figures::thousands;
use dlx_studio::problems::{self, Problem};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

#[path = "common/mod.rs"]
mod common;

/// Nodes a call in the 10k-node slices.
const CHUNK: u64 = 10_000;
/// The run-to-end worker's slice when www/workers/worker.js cannot be read (its `SLICE_MS`).
const SLICE_MS: f64 = 200.0;
/// The run-to-end worker's warm-up when www/workers/worker.js cannot be read (its `WARM_MS`).
const WARM_MS: f64 = 120.0;
/// The idle time between the warm-up and the first count of a *warm* first run: the page warms its
/// workers when it has loaded, and a click on Run to end comes seconds later, while V8 finishes the
/// optimised code the warm-up asked for, on background threads. In Chromium on a loaded 2-core
/// machine (load 5), 13-queens' warm first count took 1.1-1.5x of its steady time after 300 ms of
/// idling and 1.00x after 2 s (CPU time): the warm-up does tier up what the count runs, the compiles
/// only take a while.
const IDLE_MS: u32 = 1000;
/// Puzzles of the 17-clue set counted (the set has 49,158; these take about 0.2 s in wasm).
const SUDOKU_17: usize = 5000;

/// What `Session`'s fast path observes (`wasm::Keep` with `stop` false): it keeps the first 100
/// solutions, so the native side does the same work per solution as the page.
struct Keep(Vec<Vec<usize>>);

impl Observer for Keep {
    const FINE: bool = false;
    fn reads_path(&self) -> bool {
        self.0.len() < 100
    }
    fn event(&mut self, _: Event, s: &Search) -> ControlFlow<()> {
        let number = s.stats().solutions as usize;
        if self.0.len() < 100 && self.0.len() < number {
            self.0.push(s.solution());
        }
        ControlFlow::Continue(())
    }
}

#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct Counted {
    solutions: u64,
    nodes: u64,
    updates: u64,
}

/// One run's figures: the counts and the seconds of the counting calls, added up (wall clock, or
/// the counting thread's CPU time with `BENCH_WASM_CLOCK=cpu`).
#[derive(Clone, Copy, Default)]
struct Run {
    counted: Counted,
    secs: f64,
    /// What counted: `bits` or `links` (`Search::engine`, `Session.engine_name`).
    engine: &'static str,
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Chunk,
    Queue,
}

impl Mode {
    fn arg(self) -> String {
        match self {
            Mode::Chunk => format!("chunk:{CHUNK}"),
            Mode::Queue => format!("queue:{}", worker_slice_ms()),
        }
    }
    fn label(self) -> String {
        match self {
            Mode::Chunk => "10k-node slices".into(),
            Mode::Queue => format!("run-to-end worker, {} ms slices", worker_slice_ms()),
        }
    }
}

/// Whether times are the counting thread's CPU time (`BENCH_WASM_CLOCK=cpu`) rather than wall clock.
fn cpu_clock() -> bool {
    std::env::var("BENCH_WASM_CLOCK").is_ok_and(|v| v == "cpu")
}

/// A clock for the native side: wall clock, or this thread's CPU time.
fn clock() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    if cpu_clock() {
        common::now()
    } else {
        START.get_or_init(Instant::now).elapsed().as_secs_f64()
    }
}

/// The run-to-end worker's warm-up, `WARM_MS` in www/workers/worker.js (so that the bench follows it).
fn worker_warm_ms() -> f64 {
    worker_const("WARM_MS").unwrap_or(WARM_MS)
}

/// The run-to-end worker's slice, `SLICE_MS` in www/workers/worker.js.
fn worker_slice_ms() -> f64 {
    worker_const("SLICE_MS").unwrap_or(SLICE_MS)
}

/// A number www/workers/worker.js defines as `const NAME = …;`.
fn worker_const(name: &str) -> Option<f64> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/workers/worker.js");
    let prefix = format!("const {name} = ");
    std::fs::read_to_string(path).ok().and_then(|s| {
        s.lines()
            .find_map(|l| l.trim().strip_prefix(prefix.as_str()).map(str::to_owned))
            .and_then(|v| v.trim_end_matches(';').trim().parse().ok())
    })
}

fn load(kind: &str, text: &str) -> Box<dyn Problem> {
    let spec = problems::kinds::spec(kind, text, false);
    problems::load_text(spec, text).unwrap_or_else(|e| panic!("{kind} {text}: {e}"))
}

/// The engine the wasm build's `Engine::Auto` takes for `inst` (the same threshold as natively,
/// `bits::OVERLAP_FOR_BITS`): the native side counts with it, so that the ratio compares the builds
/// of one counting path.
fn wasm_engine(inst: &Instance) -> CountEngine {
    if bits::pays(inst) {
        CountEngine::Bits
    } else {
        CountEngine::Links
    }
}

/// Counts one problem natively in the mode's slices, with the engine the wasm build takes; only the
/// counting calls are timed.
fn count_native(problem: &dyn Problem, mode: Mode) -> Run {
    let mut secs = 0.0;
    let engine = wasm_engine(problem.instance());
    let now = clock;
    match mode {
        Mode::Chunk => {
            let mut search = Search::new(problem.instance());
            search.set_engine(engine);
            search.preselect(problem.givens()).expect("givens agree");
            let mut keep = Keep(Vec::new());
            loop {
                let t = now();
                let nodes = search.stats().nodes;
                search.set_limits(Limits {
                    nodes: Some(nodes + CHUNK),
                    solutions: None,
                });
                let status = search.run(&mut keep);
                secs += now() - t;
                if status == Status::Done {
                    break;
                }
            }
            let s = search.stats();
            Run {
                counted: Counted {
                    solutions: s.solutions,
                    nodes: s.nodes,
                    updates: s.updates,
                },
                secs,
                engine: search.engine().name(),
            }
        }
        Mode::Queue => {
            // As `QueueCounter::new` with one worker, which counts the top, and every subproblem
            // pushed to it.
            let mut split = Split::with_tree(
                problem.instance(),
                problem.givens(),
                Order::Given,
                Plan::for_threads(1),
                Tree::Dlx1,
            )
            .expect("givens agree");
            split.set_engine(engine);
            let engine = split.search().engine().name();
            let n = split.subproblems.len();
            let mut share = Share::queue(split, true);
            (0..n).for_each(|i| share.push(i));
            // `QueueCounter::count_for`'s chunks: a quarter of the slice each, from 256 nodes.
            let mut chunk = 256u64;
            loop {
                let t = now();
                let done = share.count(chunk);
                let dt = now() - t;
                secs += dt;
                let aim = (worker_slice_ms() / 4.0).max(0.5);
                chunk = ((chunk as f64 * aim / (dt * 1e3).max(0.01)) as u64).clamp(256, 1 << 28);
                if done {
                    break;
                }
            }
            let s = share.tally().stats;
            Run {
                counted: Counted {
                    solutions: s.solutions,
                    nodes: s.nodes,
                    updates: s.updates,
                },
                secs,
                engine,
            }
        }
    }
}

/// A workload: one problem, or a set of Sudoku puzzles counted one after another.
struct Workload {
    name: String,
    kind: &'static str,
    text: String,
    /// The puzzle file and how many of its puzzles (kind `sudoku-set`).
    puzzles: Option<(PathBuf, usize)>,
    /// Solutions expected: of the problem, or of each puzzle.
    expect: u64,
    modes: &'static [Mode],
}

fn puzzle_lines(path: &Path, n: usize) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(n)
        .map(String::from)
        .collect()
}

fn native_run(w: &Workload, mode: Mode) -> Run {
    match &w.puzzles {
        None => count_native(load(w.kind, &w.text).as_ref(), mode),
        Some((path, n)) => {
            let mut total = Run::default();
            for p in puzzle_lines(path, *n) {
                let r = count_native(load("sudoku", &p).as_ref(), mode);
                total.secs += r.secs;
                total.counted.solutions += r.counted.solutions;
                total.counted.nodes += r.counted.nodes;
                total.counted.updates += r.counted.updates;
                total.engine = r.engine;
            }
            total
        }
    }
}

/// Where the wasm build runs: node (its own V8) or headless Chromium (the page's engine).
#[derive(Clone, Copy, PartialEq)]
enum Engine {
    Node,
    Chromium,
}

impl Engine {
    fn label(self) -> &'static str {
        match self {
            Engine::Node => "wasm in node",
            Engine::Chromium => "wasm in Chromium",
        }
    }
}

/// Counts in one node process (or browser page): the first is fresh (baseline tier at first), the
/// median of the last [`STEADY`] is the steady state, taken after at least [`SETTLE_S`] of counting
/// (so at least [`COUNTS`] counts, and more for a short count, up to [`MAX_COUNTS`]).
const COUNTS: usize = 5;
const STEADY: usize = 3;
const MAX_COUNTS: usize = 15;
/// The counting time before the steady counts. Chromium's V8 tiers functions up one by one as each
/// gets hot, and its last ones later than node's: 13-queens took three or four counts (about 0.4 s)
/// to reach its final code (150, 117, 97, 93, 87, 86, 86 ms in one page), and Langford 11, a 33 ms
/// count, five or six (78, 47, 43, 32, 33, 32, ... ms, 2026-11-27), so that the 3rd to 5th of five
/// counts, the steady state until then, had it at 1.16-1.27x of native where it settles at 1.00x.
const SETTLE_S: f64 = 0.6;

/// How many counts a process makes for a count of about `secs`: [`SETTLE_S`] of counting, then
/// [`STEADY`] more, within [`COUNTS`]..=[`MAX_COUNTS`].
fn counts_for(secs: f64) -> usize {
    let settle = (SETTLE_S / secs.max(1e-3)).ceil() as usize;
    (settle + STEADY).clamp(COUNTS, MAX_COUNTS)
}

/// The wasm side's three figures of one repeat: the first count in a fresh process (cold), the
/// median of the last [`STEADY`] counts there, and the first count in another fresh process after
/// the worker's warm-up (warm).
struct WasmRuns {
    cold: Run,
    steady: Run,
    warm: Run,
}

/// Two node processes (or browser pages): one counts `counts` times (its first count is cold, the
/// median of its last [`STEADY`] is steady), the other warms the engine as the run-to-end worker
/// does, idles [`IDLE_MS`], then counts once.
fn wasm_runs(
    engine: Engine,
    pkg: &Path,
    w: &Workload,
    mode: Mode,
    counts: usize,
) -> Result<WasmRuns, String> {
    let runs = wasm_process(engine, pkg, w, mode, counts, 0.0)?;
    let last = &runs[counts - STEADY..];
    let secs = median(last.iter().map(|r| r.secs).collect());
    if let Some(r) = last.iter().find(|r| r.counted != runs[0].counted) {
        return Err(format!(
            "the counts of one process differ: {:?} and {:?}",
            runs[0].counted, r.counted
        ));
    }
    let warm = wasm_process(engine, pkg, w, mode, 1, worker_warm_ms())?;
    Ok(WasmRuns {
        cold: runs[0],
        steady: Run { secs, ..runs[0] },
        warm: warm[0],
    })
}

/// One node process (or browser page) counting `counts` times, after `warm_engine(warm_ms)` and
/// [`IDLE_MS`] of idling when `warm_ms` is not 0.
fn wasm_process(
    engine: Engine,
    pkg: &Path,
    w: &Workload,
    mode: Mode,
    counts: usize,
    warm_ms: f64,
) -> Result<Vec<Run>, String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/wasm.mjs");
    let mut cmd = Command::new("node");
    if engine == Engine::Chromium {
        cmd.env("ENGINE", "chromium");
    }
    if warm_ms > 0.0 {
        cmd.env("WARM_MS", warm_ms.to_string())
            .env("IDLE_MS", IDLE_MS.to_string());
    }
    cmd.arg(&script)
        .arg(pkg)
        .arg(mode.arg())
        .arg(counts.to_string());
    match &w.puzzles {
        None => cmd.arg(w.kind).arg(&w.text),
        Some((path, n)) => cmd.arg("sudoku-set").arg("-").arg(path).arg(n.to_string()),
    };
    let out = cmd.output().map_err(|e| format!("node: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "node benches/wasm.mjs failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let runs: Vec<Run> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).map_err(|e| format!("{l}: {e}"))?;
            let n = |k: &str| v[k].as_f64().ok_or_else(|| format!("no {k} in {l}"));
            Ok(Run {
                counted: Counted {
                    solutions: n("solutions")? as u64,
                    nodes: n("nodes")? as u64,
                    updates: n("updates")? as u64,
                },
                secs: n(if cpu_clock() { "cpu_ms" } else { "ms" })? / 1e3,
                engine: match v["engine"].as_str() {
                    Some("bits") => "bits",
                    Some("links") => "links",
                    _ => return Err(format!("no engine in {l}")),
                },
            })
        })
        .collect::<Result<_, String>>()?;
    if runs.len() != counts {
        return Err(format!("expected {counts} runs from node, got: {text}"));
    }
    Ok(runs)
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

fn time(secs: f64) -> String {
    if secs >= 1.0 {
        format!("{secs:.2} s")
    } else {
        format!("{:.1} ms", secs * 1e3)
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// `shared/data/sudoku` next to the project or next to any folder above it (worktrees live one level
/// deeper than the main checkout).
fn sudoku_dir() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join("shared/data/sudoku"))
        .find(|p| p.is_dir())
}

fn main() {
    let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let repeats = if quick { 1 } else { 3 };
    let pkg = std::env::var_os("BENCH_WASM_PKG").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-wasm/pkg"),
        PathBuf::from,
    );
    if !pkg.join("dlx_studio.js").is_file() {
        eprintln!(
            "no wasm package for node in {}: run `make bench-wasm` (it builds the release .wasm and \
             binds it with `wasm-bindgen --target nodejs`), or set BENCH_WASM_PKG",
            pkg.display()
        );
        std::process::exit(1);
    }
    let node = Command::new("node").arg("--version").output();
    let node = match node {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).trim().to_string(),
        _ => {
            eprintln!("node is needed to run the wasm build (Node.js 20 or newer)");
            std::process::exit(1);
        }
    };

    // Chromium runs the page's own package (www/pkg, `make wasm`) through tests/browser's
    // playwright-core; BENCH_WASM_ENGINES=node leaves it out.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut engines = Vec::new();
    let mut skipped = Vec::new();
    let wanted = std::env::var("BENCH_WASM_ENGINES").unwrap_or_else(|_| "node,chromium".into());
    for name in wanted.split(',') {
        match name.trim() {
            "node" => engines.push(Engine::Node),
            "chromium" => {
                let chromium =
                    std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
                let missing = [
                    (root.join("www/pkg/dlx_studio.js"), "www/pkg (make wasm)"),
                    (
                        root.join("tests/browser/node_modules/playwright-core"),
                        "playwright-core (make setup-node)",
                    ),
                    (PathBuf::from(&chromium), "Chromium ($CHROMIUM)"),
                ]
                .into_iter()
                .filter(|(p, _)| !p.exists())
                .map(|(_, what)| what)
                .collect::<Vec<_>>();
                if missing.is_empty() {
                    engines.push(Engine::Chromium);
                } else {
                    skipped.push(format!(
                        "Chromium rows skipped: no {}.",
                        missing.join(", no ")
                    ));
                }
            }
            other => {
                eprintln!("BENCH_WASM_ENGINES: unknown engine `{other}` (node, chromium)");
                std::process::exit(1);
            }
        }
    }
    const BOTH: &[Mode] = &[Mode::Chunk, Mode::Queue];
    const CHUNK_ONLY: &[Mode] = &[Mode::Chunk];
    let mut workloads = vec![
        Workload {
            name: "13-queens".into(),
            kind: "queens",
            text: "13".into(),
            puzzles: None,
            expect: 73712,
            modes: BOTH,
        },
        Workload {
            name: "pentomino 6x10, all".into(),
            kind: "pentomino",
            text: "6x10".into(),
            puzzles: None,
            expect: 9356,
            modes: BOTH,
        },
        // Options of three primary items (the number and its two places), the third row.
        Workload {
            name: "Langford 11".into(),
            kind: "langford",
            text: "11".into(),
            puzzles: None,
            expect: 35584,
            modes: BOTH,
        },
    ];
    let mut notes = skipped;
    match sudoku_dir() {
        // A CPU clock reading costs node about 5 us (a read of /proc), against a Sudoku puzzle's
        // 20 us count: its sums would be off by a quarter.
        _ if cpu_clock() => notes.push(
            "Sudoku rows skipped: BENCH_WASM_CLOCK=cpu (a CPU clock reading in node costs about \
             5 us, a quarter of a puzzle's count)."
                .to_string(),
        ),
        None => notes.push(
            "Sudoku rows skipped: no `shared/data/sudoku` folder next to the project.".to_string(),
        ),
        Some(dir) => {
            for (file, n) in [
                ("17-clue.txt", SUDOKU_17),
                ("magictour-top1465.txt", 1465),
                ("forum-hardest-1106.txt", 375),
            ] {
                let path = dir.join(file);
                if !path.is_file() {
                    notes.push(format!(
                        "Sudoku `{file}` skipped: not in {}.",
                        dir.display()
                    ));
                    continue;
                }
                let n = n.min(puzzle_lines(&path, n).len());
                workloads.push(Workload {
                    name: format!("Sudoku `{file}`, first {n}"),
                    kind: "sudoku-set",
                    text: String::new(),
                    puzzles: Some((path, n)),
                    expect: 1,
                    modes: CHUNK_ONLY,
                });
            }
        }
    }

    // BENCH_WASM_ONLY: the workloads whose name holds this text (to measure one while working on it).
    if let Ok(only) = std::env::var("BENCH_WASM_ONLY") {
        workloads.retain(|w| w.name.contains(only.as_str()));
        notes.push(format!(
            "Only the workloads named with `{only}` (BENCH_WASM_ONLY)."
        ));
    }
    let load_start = load_average();
    eprintln!("node {node}, wasm package {}", pkg.display());
    let mut errors = Vec::new();
    let mut table = Vec::new();
    if engines.contains(&Engine::Chromium) && workloads.iter().any(|w| w.puzzles.is_some()) {
        notes.push(
            "Sudoku rows in node only: a puzzle counts in about 15 us, and timed a puzzle at a \
             time in Chromium the sums came out at 1.5-3.3x node's, where the first 5,000 of \
             17-clue counted 250 at a time in one timed span took 1.07x node's time: the \
             per-puzzle timing, not the counting, is off there."
                .to_string(),
        );
    }
    for w in &workloads {
        // The Sudoku sets time each puzzle's count: node only (see the note above).
        let engines: Vec<Engine> = engines
            .iter()
            .copied()
            .filter(|&e| w.puzzles.is_none() || e == Engine::Node)
            .collect();
        for &mode in w.modes {
            let mut native = Vec::new();
            // Per engine: cold first runs, steady runs, warm first runs.
            let mut timed = vec![(Vec::new(), Vec::new(), Vec::new()); engines.len()];
            let mut counted = None;
            let mut counted_on = "";
            // How long a count lasts, for how many counts come before the steady ones (an
            // untimed native count).
            let counts = counts_for(native_run(w, mode).secs);
            for rep in 0..repeats {
                eprintln!("{} ({}), run {}/{repeats}", w.name, mode.label(), rep + 1);
                // Alternate which side goes first, so neither always meets the other's aftermath.
                let wasm = || {
                    engines
                        .iter()
                        .map(|&e| wasm_runs(e, &pkg, w, mode, counts))
                        .collect::<Result<Vec<_>, _>>()
                };
                let (n, wr) = if rep % 2 == 0 {
                    let n = native_run(w, mode);
                    (n, wasm())
                } else {
                    let wr = wasm();
                    (native_run(w, mode), wr)
                };
                let wr = match wr {
                    Ok(r) => r,
                    Err(e) => {
                        eprintln!("{e}");
                        std::process::exit(1);
                    }
                };
                for (k, r3) in wr.iter().enumerate() {
                    for (side, r) in [
                        ("first run, cold", r3.cold),
                        ("steady", r3.steady),
                        ("first run, warm", r3.warm),
                    ] {
                        if r.engine != n.engine {
                            errors.push(format!(
                                "{} ({}): {}, {side}, counted on {}, native on {}",
                                w.name,
                                mode.label(),
                                engines[k].label(),
                                r.engine,
                                n.engine
                            ));
                        }
                        if r.counted != n.counted {
                            errors.push(format!(
                                "{} ({}): {}, {side}, counted {:?}, native {:?}",
                                w.name,
                                mode.label(),
                                engines[k].label(),
                                r.counted,
                                n.counted
                            ));
                        }
                    }
                    timed[k].0.push(r3.cold.secs);
                    timed[k].1.push(r3.steady.secs);
                    timed[k].2.push(r3.warm.secs);
                }
                let per = w.puzzles.as_ref().map_or(1, |p| p.1 as u64);
                if n.counted.solutions != w.expect * per {
                    errors.push(format!(
                        "{}: {} solutions, expected {}",
                        w.name,
                        n.counted.solutions,
                        w.expect * per
                    ));
                }
                counted = Some(n.counted);
                counted_on = n.engine;
                native.push(n.secs);
            }
            let c = counted.expect("at least one run");
            let nat = median(native);
            let mut rows = vec![("native".to_string(), nat)];
            for (k, (cold, steady, warm)) in timed.into_iter().enumerate() {
                let e = engines[k].label();
                rows.push((format!("{e}, steady"), median(steady)));
                rows.push((format!("{e}, first run, warm"), median(warm)));
                rows.push((format!("{e}, first run, cold"), median(cold)));
            }
            for (engine, secs) in rows {
                table.push(format!(
                    "| {} | {engine} ({}) | {counted_on} | {} | {} | {} | {} | {:.1} | {:.0} M | {:.2}x |",
                    w.name,
                    mode.label(),
                    thousands(c.solutions),
                    thousands(c.nodes),
                    thousands(c.updates),
                    time(secs),
                    secs * 1e9 / c.nodes as f64,
                    c.updates as f64 / secs / 1e6,
                    secs / nat,
                ));
            }
        }
    }

    let chromium = if engines.contains(&Engine::Chromium) {
        let exe = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        Command::new(exe)
            .arg("--version")
            .output()
            .ok()
            .map(|o| format!(" and {}", String::from_utf8_lossy(&o.stdout).trim()))
            .unwrap_or_default()
    } else {
        String::new()
    };
    println!(
        "wasm build under node {node}{chromium} against the native build; {}, medians of \
         {repeats} run(s); load average {load_start} at the start, {} at the end\n",
        if cpu_clock() {
            "the counting thread's CPU time"
        } else {
            "wall clock"
        },
        load_average()
    );
    println!(
        "| workload | engine (slices) | counted on | solutions | nodes | updates | time | ns/node | \
         updates/s | / native |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for row in &table {
        println!("{row}");
    }
    for n in &notes {
        println!("\n{n}");
    }
    if !errors.is_empty() {
        println!("\nMISMATCHES:");
        for e in &errors {
            println!("- {e}");
        }
        std::process::exit(1);
    }
}
