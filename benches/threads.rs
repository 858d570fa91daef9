//! Threads and parts against the sequential search: medians of repeated runs, ratios.
//!
//! `cargo bench --bench threads` prints three Markdown tables, everything the README's table needs,
//! in about a minute on a quiet 2-core machine:
//! - `--threads 2` against `--threads 1` (both as `dlx count`: `threads::count_whole`, its trial and
//!   work sharing included) on queens, Langford 11, pentominoes and Sudokus, with counts, nodes and
//!   updates checked equal: wall-clock medians and their ratio, the jobs handed out, the serial part
//!   (until the other thread had work), and the CPU time of both threads over one thread's (the work
//!   sharing adds);
//! - the Sudoku batch (`threads::map_in_order` over `sudoku::Solver`, as `dlx solve sudoku --batch`)
//!   in puzzles/s on 1 and 2 threads, on the shared 17-clue set (first 20,000 puzzles) if present;
//! - the split's overhead for N = 64 parts, the parts counted one after another on one thread (CPU
//!   time of this thread): the split's time, the parts' summed time against the sequential search
//!   (with the split made once, and once per part as 64 separate processes would), and the balance:
//!   the longest part over the mean part, in time and in work (nodes + updates, which no load moves).
//!
//! Every cell is the median of runs repeated until they add up to `BENCH_SECONDS` (default 1) and at
//! least 3. Wall-clock ratios mean something only on a quiet machine (the first line shows the load);
//! the CPU-time columns hold under others' load: "2 free cores" is the speed-up the measured work
//! allows if the two threads share it evenly, one thread's time over the serial part plus half the
//! rest (it leaves out the time a thread waits for a job). `BENCH_QUICK=1` keeps fewer workloads.

#[path = "common/mod.rs"]
mod common;
use common::process_cpu;

use dlx_studio::core::threads::{self, Progress};
use dlx_studio::core::{Count, Engine, Order, Plan, Search, Split, Stats, Status, Tally, Tree};
use dlx_studio::problems::sudoku::{Grid, Solver};
use dlx_studio::problems::{self, Problem, Spec};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Runs `f` then `g`, again and again, until the runs of each add up to the budget (and at least 3
/// times); each returns its own measure (seconds); their medians. Taking turns, the two see the same
/// load, so their ratio holds even when others' load changes between the first and the last run.
fn repeat2(budget: f64, mut f: impl FnMut() -> f64, mut g: impl FnMut() -> f64) -> (f64, f64) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let (mut sa, mut sb) = (0.0, 0.0);
    while a.len() < 3 || sa < budget || sb < budget {
        let t = f();
        sa += t;
        a.push(t);
        let t = g();
        sb += t;
        b.push(t);
    }
    (median(a), median(b))
}

/// [`repeat2`] for one measure alone.
fn repeat(budget: f64, mut f: impl FnMut() -> f64) -> f64 {
    repeat2(budget, &mut f, || budget).0
}

/// The Sudoku of `tests/it/cli_parallel.rs`: a 17-clue puzzle with one given removed (17,204 solutions).
const SUDOKU_MANY: &str =
    ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
/// A hard Sudoku (one solution): a search of a few hundred nodes.
const SUDOKU_HARD: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

fn sequential(p: &dyn Problem) -> Stats {
    let mut s = Search::new(p.instance());
    s.preselect(p.givens()).unwrap();
    assert_eq!(s.run(&mut Count), Status::Done);
    s.stats().clone()
}

/// As `dlx count --threads T` (`threads::count_whole`: a trial on this thread, then, where it
/// pays, work shared with T - 1 other threads). The threads used, the jobs handed out (the calling
/// thread's first one included), and the serial part: the time until the other threads had work
/// (the trial, the decision, the first jobs).
fn on_threads(p: &dyn Problem, t: usize) -> (Tally, usize, usize, f64) {
    let whole = threads::count_whole(
        p.instance(),
        p.givens(),
        Order::Given,
        Tree::Dlx1,
        Engine::Auto,
        t,
        &Progress::default(),
    )
    .unwrap();
    let serial = whole.serial.as_secs_f64();
    (whole.tally, whole.threads, whole.subproblems, serial)
}

fn same(a: &Stats, b: &Stats) -> bool {
    a.solutions == b.solutions && a.nodes == b.nodes && a.updates == b.updates
}

fn sudoku_dir() -> Option<PathBuf> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|a| a.join("shared/data/sudoku"))
        .find(|p| p.is_dir())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn ms(s: f64) -> String {
    if s < 1.0 {
        format!("{:.1} ms", 1000.0 * s)
    } else {
        format!("{s:.3} s")
    }
}

fn main() {
    let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let budget: f64 = std::env::var("BENCH_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let started = Instant::now();
    let mut failed = false;
    println!(
        "cores: {}, load average before: {}",
        threads::available(),
        load_average()
    );
    let langford = Spec::Langford {
        n: 11,
        distinct: false,
    };
    let pentomino = |distinct| Spec::Pentomino {
        board: "6x10".into(),
        distinct,
    };
    let board = |b: &str| Spec::Pentomino {
        board: b.into(),
        distinct: false,
    };
    let mut workloads = vec![
        ("13-queens", Spec::Queens(13)),
        ("Langford 11", langford),
        ("pentomino 8x8", board("8x8")),
    ];
    if !quick {
        workloads.push(("14-queens", Spec::Queens(14)));
        workloads.push(("pentomino 6x10", pentomino(false)));
    }
    // Short searches, where the split must pay for itself or stay on one thread.
    let mut short = vec![
        ("12-queens", Spec::Queens(12)),
        ("10-queens", Spec::Queens(10)),
        ("8-queens", Spec::Queens(8)),
        ("Sudoku, 17,204 solutions", Spec::Sudoku(SUDOKU_MANY.into())),
        ("Sudoku, hardest", Spec::Sudoku(SUDOKU_HARD.into())),
    ];
    if quick {
        short.truncate(2);
    } else {
        // Large instances with small trees: every option holds the same 62 items, so each is a
        // solution at depth 1 and the cover of the root's item hides the whole matrix. Another
        // thread must first build its own search (the links of 2 or 8 million nodes): on bit
        // sets (32,000 options) the search is long enough to share, on links (128,000) it is not.
        let same = |n: usize| {
            let items: Vec<String> = (0..62).map(|i| format!("i{i}")).collect();
            let line = items.join(" ");
            let text = std::iter::once(line.as_str())
                .chain(std::iter::repeat_n(line.as_str(), n))
                .collect::<Vec<_>>()
                .join("\n");
            Spec::ExactCover(text)
        };
        short.push(("32,000 options of the same 62 items", same(32_000)));
        short.push(("128,000 options of the same 62 items", same(128_000)));
    }

    println!();
    println!(
        "| workload | solutions | threads used | jobs | serial part | 1 thread | \
         2 threads | speed-up | CPU 2 threads / 1 | 2 free cores |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, spec) in workloads.iter().chain(&short) {
        let p = problems::load(spec).unwrap();
        let want = sequential(&*p);
        let (mut cpu1, mut cpu2, mut split_cpu) = (Vec::new(), Vec::new(), Vec::new());
        let (mut subs, mut used) = (0, 0);
        let wrong = std::cell::Cell::new(false);
        let (t1, t2) = repeat2(
            budget,
            || {
                let (w, c) = (Instant::now(), process_cpu());
                // One thread as `dlx count --threads 1` counts (the same trial and chunks), so
                // that the ratio is the choice a user makes; the bare search is `want`.
                let got = on_threads(&*p, 1).0.stats;
                cpu1.push(process_cpu() - c);
                wrong.set(wrong.get() | !same(&got, &want));
                w.elapsed().as_secs_f64()
            },
            || {
                let (w, c) = (Instant::now(), process_cpu());
                let (got, t, n, s) = on_threads(&*p, 2);
                cpu2.push(process_cpu() - c);
                split_cpu.push(s);
                (used, subs) = (t, n);
                wrong.set(wrong.get() | !same(&got.stats, &want));
                w.elapsed().as_secs_f64()
            },
        );
        if wrong.get() {
            println!("MISMATCH {name}");
            failed = true;
        }
        let (c1, c2, sc) = (median(cpu1), median(cpu2), median(split_cpu));
        // On one thread the whole count is serial.
        let sc = if used == 1 { c2 } else { sc };
        println!(
            "| {name} | {} | {used} | {subs} | {} | {} | {} | {:.2}x | {:.3} | {:.2}x |",
            want.solutions,
            ms(sc),
            ms(t1),
            ms(t2),
            t1 / t2,
            c2 / c1,
            c1 / (sc + (c2 - sc) / 2.0),
        );
    }

    println!();
    match sudoku_dir() {
        None => println!("Sudoku batch skipped: no shared/data/sudoku folder next to the project."),
        Some(dir) => {
            let text = std::fs::read_to_string(dir.join("17-clue.txt")).unwrap();
            let puzzles: Vec<Grid> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .take(if quick { 5000 } else { 20000 })
                .map(|l| Grid::parse(l).unwrap())
                .collect();
            println!(
                "| Sudoku batch (17-clue, {} puzzles) | 1 thread | 2 threads | speed-up | \
                 CPU 2 threads / 1 |",
                puzzles.len()
            );
            println!("|---|---:|---:|---:|---:|");
            let mut answers = Vec::new();
            let mut cpu = [Vec::new(), Vec::new()];
            let batch = |t: usize, answers: &mut Vec<Vec<u64>>, cpu: &mut Vec<f64>| {
                let (w, c0) = (Instant::now(), process_cpu());
                let a = threads::map_in_order(&puzzles, t, Solver::new, |s, g| s.solve(g, 2).count);
                cpu.push(process_cpu() - c0);
                answers.push(a);
                w.elapsed().as_secs_f64()
            };
            let [cpu1, cpu2] = &mut cpu;
            let answers1 = std::cell::RefCell::new(Vec::new());
            let (s1, s2) = repeat2(
                budget,
                || batch(1, &mut answers1.borrow_mut(), cpu1),
                || batch(2, &mut answers, cpu2),
            );
            answers.extend(answers1.into_inner());
            let rate = [puzzles.len() as f64 / s1, puzzles.len() as f64 / s2];
            let cpu = [median(cpu[0].clone()), median(cpu[1].clone())];
            if answers.iter().any(|a| a != &answers[0]) || answers[0].iter().any(|&c| c != 1) {
                println!("MISMATCH in the Sudoku batch");
                failed = true;
            }
            println!(
                "| puzzles/s | {:.0} | {:.0} | {:.2}x | {:.3} |",
                rate[0],
                rate[1],
                rate[1] / rate[0],
                cpu[1] / cpu[0]
            );
        }
    }

    println!();
    println!(
        "| N = 64 parts, one thread (CPU time) | sequential | split | subproblems | parts summed | \
         overhead | with 64 splits | longest / mean part | same, in nodes + updates |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut over: Vec<(&str, Spec)> = workloads.clone();
    if !quick {
        over.push(("pentomino 6x10 distinct", pentomino(true)));
    }
    let n = 64;
    for (name, spec) in &over {
        let p = problems::load(spec).unwrap();
        let want = sequential(&*p);
        let mut split = None;
        let t_split = repeat(budget.min(0.2), || {
            let t = common::now();
            split = Some(
                Split::new(p.instance(), p.givens(), Order::Given, Plan::for_workers(n)).unwrap(),
            );
            common::now() - t
        });
        let split = split.expect("made at least once");
        // Each part's time: the median over repeats of the whole set of parts.
        let mut times = vec![Vec::new(); n];
        let mut work = vec![0u64; n];
        let mut sum = Tally::default();
        let (t_seq, _) = repeat2(
            budget,
            || {
                let t = common::now();
                sequential(&*p);
                common::now() - t
            },
            || {
                let mut all = 0.0;
                sum = Tally::default();
                for (k, t) in times.iter_mut().enumerate() {
                    let c = common::now();
                    let part = split.count_part(k, n);
                    let dt = common::now() - c;
                    t.push(dt);
                    all += dt;
                    // Part 0 reports the top, which the split counted, not the part.
                    let top = if k == 0 {
                        &split.top.stats
                    } else {
                        &Stats::default()
                    };
                    work[k] = part.stats.nodes + part.stats.updates - top.nodes - top.updates;
                    sum.add(part);
                }
                all
            },
        );
        if !same(&want, &sum.stats) {
            println!("MISMATCH {name} in 64 parts");
            failed = true;
        }
        let times: Vec<f64> = times.into_iter().map(median).collect();
        let parts: f64 = times.iter().sum();
        let longest = times.iter().cloned().fold(0.0, f64::max);
        let most = *work.iter().max().unwrap() as f64;
        let mean_work = work.iter().sum::<u64>() as f64 / n as f64;
        println!(
            "| {name} | {} | {} | {} | {} | {:+.1}% | {:+.1}% | {:.2} | {:.2} |",
            ms(t_seq),
            ms(t_split),
            split.subproblems.len(),
            ms(parts),
            100.0 * ((t_split + parts) / t_seq - 1.0),
            100.0 * ((n as f64 * t_split + parts) / t_seq - 1.0),
            longest / (parts / n as f64),
            most / mean_work,
        );
    }
    println!();
    println!(
        "load average after: {} ({:.0} s)",
        load_average(),
        started.elapsed().as_secs_f64()
    );
    if failed {
        println!("MISMATCH: some count differs from the sequential search");
        std::process::exit(1);
    }
}
