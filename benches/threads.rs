//! Threads and parts against the sequential search, one run each, ratios.
//!
//! `cargo bench --bench threads` prints Markdown tables:
//! - `--threads 2` against `--threads 1` (wall-clock time, the split included) on 13- and 14-queens,
//!   pentomino 6x10 and Langford 11, with the counts, nodes and updates checked equal;
//! - the Sudoku batch (`threads::map_in_order` over `sudoku::Solver`, as `dlx solve sudoku --batch`)
//!   in puzzles/s on 1 and 2 threads, on the shared 17-clue set (first 20,000 puzzles) if present;
//! - the split's overhead for N = 64 parts: the parts counted one after another on one thread, their
//!   summed time against the sequential search (with and without making the split once per part, as
//!   64 separate processes would), and the balance: the longest part over the mean part.
//!
//! Wall-clock times on whatever else the machine is doing: on a shared machine the ratios are noisy,
//! and the environment line says how loaded it was. `BENCH_QUICK=1` skips 14-queens and pentomino.

use dlx_studio::core::threads::{self, Progress};
use dlx_studio::core::{Count, Order, Plan, Search, Split, Stats, Status, Tally};
use dlx_studio::problems::sudoku::{Grid, Solver};
use dlx_studio::problems::{self, Problem, Spec};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn sequential(p: &dyn Problem) -> (Stats, f64) {
    let t = Instant::now();
    let mut s = Search::new(p.instance());
    s.preselect(p.givens()).unwrap();
    assert_eq!(s.run(&mut Count), Status::Done);
    (s.stats().clone(), t.elapsed().as_secs_f64())
}

/// As `dlx count --threads T`: the split for T workers, then the pool.
fn on_threads(p: &dyn Problem, t: usize) -> (Tally, f64, usize) {
    let start = Instant::now();
    let split = Split::new(p.instance(), p.givens(), Order::Given, Plan::for_workers(t)).unwrap();
    let all: Vec<usize> = (0..split.subproblems.len()).collect();
    let mut tally = split.top.clone();
    tally.add(threads::count(&split, &all, t, &Progress::default()));
    (
        tally,
        start.elapsed().as_secs_f64(),
        split.subproblems.len(),
    )
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

fn main() {
    let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let mut failed = false;
    println!(
        "cores: {}, load average before: {}",
        threads::available(),
        load_average()
    );
    println!();
    println!("| workload | solutions | subproblems | 1 thread | 2 threads | speed-up |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut workloads = vec![
        ("13-queens", Spec::Queens(13)),
        (
            "Langford 11",
            Spec::Langford {
                n: 11,
                distinct: false,
            },
        ),
    ];
    if !quick {
        workloads.push(("14-queens", Spec::Queens(14)));
        workloads.push((
            "pentomino 6x10",
            Spec::Pentomino {
                board: "6x10".into(),
                distinct: false,
            },
        ));
    }
    for (name, spec) in &workloads {
        let p = problems::load(spec).unwrap();
        let (seq, t1) = sequential(&*p);
        let (two, t2, subs) = on_threads(&*p, 2);
        if !same(&seq, &two.stats) {
            println!("MISMATCH {name}: {seq:?} vs {:?}", two.stats);
            failed = true;
        }
        println!(
            "| {name} | {} | {subs} | {t1:.3} s | {t2:.3} s | {:.2}x |",
            seq.solutions,
            t1 / t2
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
                "| Sudoku batch (17-clue, {} puzzles) | 1 thread | 2 threads | speed-up |",
                puzzles.len()
            );
            println!("|---|---:|---:|---:|");
            let mut rate = Vec::new();
            let mut answers = Vec::new();
            for t in [1, 2] {
                let start = Instant::now();
                let a = threads::map_in_order(&puzzles, t, Solver::new, |s, g| s.solve(g, 2).count);
                rate.push(puzzles.len() as f64 / start.elapsed().as_secs_f64());
                answers.push(a);
            }
            if answers[0] != answers[1] || answers[0].iter().any(|&c| c != 1) {
                println!("MISMATCH in the Sudoku batch");
                failed = true;
            }
            println!(
                "| puzzles/s | {:.0} | {:.0} | {:.2}x |",
                rate[0],
                rate[1],
                rate[1] / rate[0]
            );
        }
    }

    println!();
    println!("| N = 64 parts, one thread | sequential | split | parts summed | overhead | with 64 splits | longest / mean part |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut over = vec![
        ("13-queens", Spec::Queens(13)),
        (
            "Langford 11",
            Spec::Langford {
                n: 11,
                distinct: false,
            },
        ),
    ];
    if !quick {
        over.push((
            "pentomino 6x10 distinct",
            Spec::Pentomino {
                board: "6x10".into(),
                distinct: true,
            },
        ));
    }
    for (name, spec) in &over {
        let p = problems::load(spec).unwrap();
        let (seq, t_seq) = sequential(&*p);
        let n = 64;
        let t = Instant::now();
        let split =
            Split::new(p.instance(), p.givens(), Order::Given, Plan::for_workers(n)).unwrap();
        let t_split = t.elapsed().as_secs_f64();
        let mut times = Vec::new();
        let mut sum = Tally::default();
        for k in 0..n {
            let t = Instant::now();
            sum.add(split.count_part(k, n));
            times.push(t.elapsed().as_secs_f64());
        }
        if !same(&seq, &sum.stats) {
            println!("MISMATCH {name} in 64 parts");
            failed = true;
        }
        let parts: f64 = times.iter().sum();
        let mean = parts / n as f64;
        let longest = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "| {name} | {t_seq:.3} s | {:.1} ms | {parts:.3} s | {:+.1}% | {:+.1}% | {:.2} |",
            1000.0 * t_split,
            100.0 * ((t_split + parts) / t_seq - 1.0),
            100.0 * ((n as f64 * t_split + parts) / t_seq - 1.0),
            longest / mean
        );
    }
    println!();
    println!("load average after: {}", load_average());
    if failed {
        std::process::exit(1);
    }
}
