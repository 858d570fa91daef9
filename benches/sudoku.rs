//! 9x9 Sudoku throughput, one thread, every puzzle proved unique: ours against the `sudoku` crate.
//!
//! `cargo bench --bench sudoku` reads tdoku's two sets from `shared/data/sudoku/` (next to the project
//! or a folder above it; skipped with a message where absent), `17-clue.txt` and
//! `forum-hardest-1905-11plus.txt`, and prints one Markdown table (benches/README.md's "Results"):
//! - ours: `sudoku::fast::Fast9` (what `Solver` takes for a 9x9), solutions counted up to 2;
//! - the `sudoku` crate 0.8 (a JCZSolve port, the fastest Rust Sudoku solver): `Sudoku::solution`,
//!   which also looks for a second solution;
//! - ours on links (`Solver` with `Engine::Links`, the batch's path before `Fast9`), on the first
//!   `LINKS_MAX` puzzles of each set only (the hard set would take a minute a run);
//! - the whole process `dlx solve sudoku --batch FILE --threads 1` (the binary cargo builds for this
//!   bench), wall clock and CPU time of the child, its answers checked against ours. On a loaded
//!   machine read its CPU time: the wall clock counts the waits for a core (kudoku's figures were
//!   taken on a quiet machine, where a one-thread process's wall clock is its CPU time).
//!
//! In-process engines are timed in CPU time of this thread (`common::now`), on the puzzles already
//! read into cells (reading is not timed), taking turns chunk by chunk with a different one first
//! each chunk, `SUDOKU_RUNS` runs (default 3), medians. The first run checks every answer: one
//! solution for every puzzle from every engine, and the same solution from ours and the crate.
//! kudoku's and fast_solv_9r2's figures are from `shared/README.md` (measured with tdoku's harness,
//! not run here).

#[path = "common/mod.rs"]
mod common;
use common::now;

use dlx_studio::core::Engine;
use dlx_studio::problems::sudoku::fast::Fast9;
use dlx_studio::problems::sudoku::{Grid, Solver};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Puzzles a turn: enough that reading the clock costs nothing.
const CHUNK: usize = 1000;
/// Ours on links is timed on this many puzzles of each set.
const LINKS_MAX: usize = 5000;

/// The peers' figures from `shared/README.md` (puzzles/s, low and high): kudoku, fast_solv_9r2.
const FIGURES: [(&str, [(f64, f64); 2]); 2] = [
    ("17-clue.txt", [(36_500.0, 43_300.0), (42_500.0, 43_000.0)]),
    (
        "forum-hardest-1905-11plus.txt",
        [(2_050.0, 2_300.0), (1_940.0, 2_140.0)],
    ),
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn range(v: &[f64]) -> (f64, f64) {
    v.iter()
        .fold((f64::MAX, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)))
}

/// `shared/data/sudoku` next to the project or next to any folder above it (worktrees live one level
/// deeper than the main checkout).
fn sudoku_dir() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join("shared/data/sudoku"))
        .find(|p| p.is_dir())
}

/// CPU seconds (user + system) of the children waited for so far.
fn children_cpu() -> f64 {
    #[repr(C)]
    struct Rusage {
        utime: [i64; 2],
        stime: [i64; 2],
        rest: [i64; 14],
    }
    extern "C" {
        fn getrusage(who: i32, usage: *mut Rusage) -> i32;
    }
    const RUSAGE_CHILDREN: i32 = -1;
    let mut r = Rusage {
        utime: [0; 2],
        stime: [0; 2],
        rest: [0; 14],
    };
    // SAFETY: getrusage only writes the struct it is given (Linux x86-64 layout: two timevals, then
    // 14 longs); std links the C library.
    assert_eq!(unsafe { getrusage(RUSAGE_CHILDREN, &mut r) }, 0);
    let secs = |t: [i64; 2]| t[0] as f64 + t[1] as f64 * 1e-6;
    secs(r.utime) + secs(r.stime)
}

struct Set {
    name: &'static str,
    path: PathBuf,
    lines: Vec<String>,
    cells: Vec<[u8; 81]>,
}

fn read(dir: &Path, name: &'static str) -> Set {
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let cells = lines
        .iter()
        .map(|l| {
            let mut c = [0u8; 81];
            assert_eq!(l.len(), 81, "{name}: {l}");
            for (c, b) in c.iter_mut().zip(l.bytes()) {
                *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            c
        })
        .collect();
    Set {
        name,
        path,
        lines,
        cells,
    }
}

/// Medians of puzzles/s over the runs, with their ranges: ours, the crate, ours on links.
struct Rates {
    rate: [f64; 3],
    range: [(f64, f64); 3],
}

fn in_process(set: &Set, runs: usize, errors: &mut Vec<String>) -> Rates {
    let mut fast = Fast9::new();
    let mut links = Solver::new();
    links.set_engine(Engine::Links);
    let grids: Vec<Grid> = set.lines[..set.lines.len().min(LINKS_MAX)]
        .iter()
        .map(|l| Grid::parse(l).unwrap())
        .collect();
    // Warm up every engine (links lays out its matrix on first use).
    fast.solve(&set.cells[0], 2).unwrap();
    sudoku::Sudoku::from_bytes(set.cells[0]).unwrap().solution();
    links.solve(&grids[0], 2);
    let mut secs: [Vec<f64>; 3] = Default::default();
    let mut turn = 0;
    for run in 0..runs {
        let mut sum = [0.0f64; 3];
        for (c, chunk) in set.cells.chunks(CHUNK).enumerate() {
            let start = c * CHUNK;
            let mut ours = vec![None; chunk.len()];
            let mut theirs = vec![None; chunk.len()];
            turn += 1;
            for e in (0..3).map(|k| (turn + k) % 3) {
                if e == 2 && start >= grids.len() {
                    continue;
                }
                let t = now();
                match e {
                    0 => {
                        for (i, p) in chunk.iter().enumerate() {
                            let f = fast.solve(p, 2).unwrap();
                            ours[i] = (f.count == 1).then_some(f.first).flatten();
                        }
                    }
                    1 => {
                        for (i, p) in chunk.iter().enumerate() {
                            let s = sudoku::Sudoku::from_bytes(*p).unwrap().solution();
                            theirs[i] = s.map(|s| s.to_bytes());
                        }
                    }
                    _ => {
                        let end = (start + chunk.len()).min(grids.len());
                        for (i, g) in grids[start..end].iter().enumerate() {
                            let s = links.solve(g, 2);
                            if run == 0 && s.count != 1 {
                                errors.push(format!(
                                    "{}, puzzle {}: links found {} solutions",
                                    set.name,
                                    start + i + 1,
                                    s.count
                                ));
                            }
                        }
                    }
                }
                sum[e] += now() - t;
            }
            if run == 0 {
                for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
                    if a.is_none() || a != b {
                        errors.push(format!(
                            "{}, puzzle {}: ours {a:?}, the sudoku crate {b:?} (one solution expected)",
                            set.name,
                            start + i + 1
                        ));
                    }
                }
            }
        }
        for (s, t) in secs.iter_mut().zip(sum) {
            s.push(t);
        }
    }
    let counts = [set.cells.len(), set.cells.len(), grids.len()];
    let mut rate = [0.0; 3];
    let mut ranges = [(0.0, 0.0); 3];
    for e in 0..3 {
        let rates: Vec<f64> = secs[e].iter().map(|&t| counts[e] as f64 / t).collect();
        ranges[e] = range(&rates);
        rate[e] = median(rates);
    }
    Rates {
        rate,
        range: ranges,
    }
}

/// `dlx solve sudoku --batch FILE --threads 1`, `runs` times: puzzles/s in wall clock and in the
/// child's CPU time (medians, and the wall-clock range). The answers are checked against `expected`.
fn whole_process(set: &Set, runs: usize, expected: &str, errors: &mut Vec<String>) -> [f64; 4] {
    let exe = env!("CARGO_BIN_EXE_dlx");
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    for run in 0..runs {
        let c0 = children_cpu();
        let t = Instant::now();
        let out = Command::new(exe)
            .args(["solve", "sudoku", "--batch"])
            .arg(&set.path)
            .args(["--threads", "1"])
            .stderr(Stdio::inherit())
            .output()
            .expect("run dlx");
        wall.push(t.elapsed().as_secs_f64());
        cpu.push(children_cpu() - c0);
        if run == 0 && (!out.status.success() || out.stdout != expected.as_bytes()) {
            errors.push(format!(
                "{}: `dlx solve sudoku --batch` answered otherwise than Fast9 (status {})",
                set.name, out.status
            ));
        }
    }
    let n = set.cells.len() as f64;
    let (lo, hi) = range(&wall);
    [n / median(wall), n / hi, n / lo, n / median(cpu)]
}

fn per_s(x: f64) -> String {
    if x >= 10_000.0 {
        format!("{:.1}k", x / 1000.0)
    } else {
        format!("{x:.0}")
    }
}

fn main() {
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    let Some(dir) = sudoku_dir() else {
        println!("Sudoku bench skipped: no shared/data/sudoku folder next to the project.");
        return;
    };
    let runs: usize = std::env::var("SUDOKU_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    let mut errors = Vec::new();
    let mut table = vec![
        "| set | puzzles | ours (`Fast9`) | `sudoku` crate | ours / crate | ours on links (first 5,000) | \
         `Fast9` / links | `dlx solve sudoku --batch --threads 1`, whole process (CPU) | kudoku (figure) | \
         fast_solv_9r2 (figure) | whole process / kudoku, wall clock | same, CPU time |"
            .to_string(),
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|".to_string(),
    ];
    for (name, [kudoku, fast_solv]) in FIGURES {
        let set = read(&dir, name);
        eprintln!("{name}: {} puzzles", set.cells.len());
        let r = in_process(&set, runs, &mut errors);
        let mut fast = Fast9::new();
        let expected: String = set
            .cells
            .iter()
            .map(|p| {
                let g = fast.solve(p, 2).unwrap().first.unwrap();
                g.iter().map(|&v| char::from(b'0' + v)).collect::<String>() + "\n"
            })
            .collect();
        let w = whole_process(&set, runs, &expected, &mut errors);
        let fig = |(lo, hi): (f64, f64)| format!("{}-{}", per_s(lo), per_s(hi));
        let rg = |(lo, hi): (f64, f64)| format!("{}-{}", per_s(lo), per_s(hi));
        table.push(format!(
            "| {name} | {} | {}/s ({}) | {}/s ({}) | {:.2}x | {}/s ({}) | {:.1}x | {}/s ({}; CPU {}/s) | {} | {} | {:.2}-{:.2}x | {:.2}-{:.2}x |",
            set.cells.len(),
            per_s(r.rate[0]),
            rg(r.range[0]),
            per_s(r.rate[1]),
            rg(r.range[1]),
            r.rate[0] / r.rate[1],
            per_s(r.rate[2]),
            rg(r.range[2]),
            r.rate[0] / r.rate[2],
            per_s(w[0]),
            rg((w[1], w[2])),
            per_s(w[3]),
            fig(kudoku),
            fig(fast_solv),
            w[0] / kudoku.1,
            w[0] / kudoku.0,
            w[3] / kudoku.1,
            w[3] / kudoku.0,
        ));
    }
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    println!("{cpu}, load average at start {load}; {runs} runs, medians (range)\n");
    for line in &table {
        println!("{line}");
    }
    if !errors.is_empty() {
        for e in errors.iter().take(10) {
            eprintln!("error: {e}");
        }
        panic!("{} wrong answers", errors.len());
    }
}
