//! Exact covering with colours (XCC): our engine against the crate `exact-covers` 0.3, whose
//! `DlSolver` is Knuth's Algorithm C (dancing links, as his DLX2), on the same instances, in one run.
//! (Its `DcSolver`, the "dancing cells" method of Knuth's SSXCC, is a `todo!()` in 0.3.0: it panics.)
//!
//! `cargo bench --bench xcc` prints a Markdown table: the median time of each engine, the ratio peer
//! time / our time (above 1.0x: we are faster), and our search tree's nodes, updates and cleansings
//! with updates per second and nanoseconds per search-tree node. `BENCH_QUICK=1` runs once each.
//!
//! Workloads:
//! - edge-matching squares (`problems::edge_matching`), a family of boards generated from seeds: cells
//!   and tiles primary, inner edges secondary and coloured; nearly every option has colours;
//! - n-queens with colours: ranks and files primary, diagonals secondary, each option giving its two
//!   diagonals the colour of its rank. Two queens on one diagonal are in different ranks, so they
//!   disagree on its colour: the same solutions as plain n-queens, found by purifying instead of
//!   covering the diagonals.
//!
//! - multiplicities (Algorithm M, Knuth's DLX3), ours alone: `exact-covers` 0.3 has no multiplicities
//!   (nor do `dlx` and `xcov`). The n x n 0-1 matrices with k ones in every row and column: one option
//!   per cell, items `k|r_i` and `k|c_j` (OEIS A001499 for k = 2, A001501 for k = 3).
//!
//! Every count is checked against the known one and across engines (exit status 1 on a mismatch).
//! `exact-covers` visits no solution containing an option without primary items; none of these
//! instances has such an option, so its counts and ours mean the same. Times are the thread's CPU time.

use dlx_studio::core::{Count, Instance, Search, Stats};
use dlx_studio::problems::edge_matching::EdgeMatching;
use dlx_studio::problems::Problem;
use exact_covers::{DlSolver, Solver};
use std::ops::ControlFlow;

mod common;
use common::now;

/// N-queens with coloured diagonals (see the module documentation).
fn colored_queens(n: usize) -> Instance {
    let prim: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain((0..n).map(|j| format!("c{j}")))
        .collect();
    let sec: Vec<String> = (0..2 * n - 1)
        .map(|d| format!("a{d}"))
        .chain((0..2 * n - 1).map(|d| format!("b{d}")))
        .collect();
    let mut x = Instance::new(prim, sec).expect("valid names");
    let colors: Vec<u32> = (0..n)
        .map(|i| x.color(&i.to_string()).expect("a number"))
        .collect();
    for (i, &rank) in colors.iter().enumerate() {
        for j in 0..n {
            x.add_colored_option(&[
                (i, 0),
                (n + j, 0),
                (2 * n + i + j, rank),
                (2 * n + 2 * n - 1 + (n - 1 + i - j), rank),
            ])
            .expect("a valid option");
        }
    }
    x
}

/// The n x n 0-1 matrices with `k` ones in every row and column, as exact cover with multiplicities.
fn k_per_line(n: usize, k: u32) -> Instance {
    let names: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain((0..n).map(|j| format!("c{j}")))
        .collect();
    let mut x = Instance::new(names, Vec::<String>::new()).expect("valid names");
    for i in 0..2 * n {
        x.set_bounds(i, k, k).expect("valid bounds");
    }
    for i in 0..n {
        for j in 0..n {
            x.add_option(&[i, n + j]).expect("a valid option");
        }
    }
    x
}

/// Times our engine alone (no peer speaks multiplicities) on `inst`, `runs` times; the median.
fn bench_ours(
    name: &str,
    inst: &Instance,
    expect: u64,
    runs: usize,
    errors: &mut Vec<String>,
) -> (String, f64, Stats) {
    let mut times = Vec::new();
    let mut stats = Stats::default();
    for _ in 0..runs {
        let t = now();
        let mut s = Search::new(inst);
        s.run(&mut Count);
        times.push(now() - t);
        stats = s.stats().clone();
        if stats.solutions != expect {
            errors.push(format!(
                "{name}: counted {}, expected {expect}",
                stats.solutions
            ));
        }
    }
    eprintln!("  {name}: done");
    (name.to_string(), median(times), stats)
}

/// `exact-covers`' input: item numbers, primary and secondary, and per option its primary items and
/// its secondary items with their colours (`None`: no colour, which that crate treats as a colour of
/// its own, as we treat an uncoloured secondary item).
struct PeerInput {
    primary: Vec<usize>,
    secondary: Vec<usize>,
    options: Vec<PeerOption>,
}

/// An option's primary items, and its secondary items with their colours.
type PeerOption = (Vec<usize>, Vec<(usize, Option<u32>)>);

fn peer_input(inst: &Instance) -> PeerInput {
    let np = inst.n_primary();
    PeerInput {
        primary: (0..np).collect(),
        secondary: (np..inst.n_items()).collect(),
        options: (0..inst.n_options())
            .map(|k| {
                let (mut p, mut s) = (Vec::new(), Vec::new());
                for (i, c) in inst.option_colored(k) {
                    if i < np {
                        p.push(i);
                    } else {
                        s.push((i, (c != 0).then_some(c)));
                    }
                }
                (p, s)
            })
            .collect(),
    }
}

/// Counts with an `exact-covers` solver; builds it from the input inside the timing, as it has no
/// separate build step before `solve` takes it by value.
fn count_peer<'i, S: Solver<'i, usize, u32>>(input: &'i PeerInput) -> u64 {
    let mut solver = S::new(&input.primary, &input.secondary);
    for (p, s) in &input.options {
        solver.add_option(p, s);
    }
    let mut n = 0;
    solver.solve(|_| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

const ENGINES: [&str; 2] = ["ours", "exact-covers DlSolver"];

struct Row {
    workload: String,
    solutions: u64,
    secs: [f64; 2],
    stats: Stats,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn fmt_time(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2} s")
    } else {
        format!("{:.1} ms", s * 1e3)
    }
}

/// Counts `insts` (a family counted together) with each engine, `runs` times, engines taking turns.
fn bench(
    workload: &str,
    insts: &[Instance],
    expect: u64,
    runs: usize,
    errors: &mut Vec<String>,
) -> Row {
    let inputs: Vec<PeerInput> = insts.iter().map(peer_input).collect();
    let mut times: [Vec<f64>; 2] = Default::default();
    let mut stats = Stats::default();
    for run in 0..runs {
        for e in (0..2).map(|k| (run + k) % 2) {
            let mut n = 0;
            let t = now();
            match e {
                0 => {
                    let mut total = Stats::default();
                    for inst in insts {
                        let mut s = Search::new(inst);
                        s.run(&mut Count);
                        let st = s.stats();
                        total.nodes += st.nodes;
                        total.updates += st.updates;
                        total.cleansings += st.cleansings;
                        n += st.solutions;
                    }
                    stats = total;
                }
                _ => n = inputs.iter().map(count_peer::<DlSolver<usize, u32>>).sum(),
            }
            times[e].push(now() - t);
            if n != expect {
                errors.push(format!(
                    "{workload}: {} counted {n}, expected {expect}",
                    ENGINES[e]
                ));
            }
        }
    }
    eprintln!("  {workload}: done");
    let [a, b] = times;
    Row {
        workload: workload.into(),
        solutions: expect,
        secs: [median(a), median(b)],
        stats,
    }
}

fn main() {
    let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let runs = if quick { 1 } else { 3 };
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    let mut errors = Vec::new();
    let mut rows = Vec::new();
    eprintln!("xcc: running{}", if quick { " (BENCH_QUICK)" } else { "" });

    // Edge matching: 6x6 boards, 5 colours, seeds 1..=4 (the family counted together), and one
    // 5x5 board with 3 colours, which has many solutions.
    let family: Vec<Instance> = (1..=4)
        .map(|seed| {
            EdgeMatching::new(&format!("6x6/5/{seed}"))
                .expect("a valid board")
                .instance()
                .clone()
        })
        .collect();
    let want: u64 = family
        .iter()
        .map(|x| {
            let mut s = Search::new(x);
            s.run(&mut Count);
            s.stats().solutions
        })
        .sum();
    rows.push(bench(
        "Edge matching 6x6, 5 colours, seeds 1-4",
        &family,
        want,
        runs,
        &mut errors,
    ));
    let five = EdgeMatching::new("5x5/3")
        .expect("a valid board")
        .instance()
        .clone();
    rows.push(bench(
        "Edge matching 5x5, 3 colours",
        &[five],
        8512,
        runs,
        &mut errors,
    ));
    for (n, expect) in [(12, 14200), (13, 73712)] {
        rows.push(bench(
            &format!("{n}-queens, coloured diagonals"),
            &[colored_queens(n)],
            expect,
            runs,
            &mut errors,
        ));
    }

    let mult = [
        bench_ours(
            "5x5 0-1 matrices, 2 ones per row and column",
            &k_per_line(5, 2),
            2040,
            runs,
            &mut errors,
        ),
        bench_ours(
            "6x6 0-1 matrices, 3 ones per row and column",
            &k_per_line(6, 3),
            297_200,
            runs,
            &mut errors,
        ),
    ];

    println!(
        "Load average at start {load}. {} Times are thread CPU time.",
        if quick {
            "One run each (BENCH_QUICK)."
        } else {
            "Medians of 3 runs."
        }
    );
    println!("Ratio = peer time / our time (above 1.0x: we are faster).\n");
    println!(
        "| workload | solutions | {} | {} | DlSolver / ours |",
        ENGINES[0], ENGINES[1]
    );
    println!("|---|---:|---:|---:|---:|");
    for r in &rows {
        println!(
            "| {} | {} | {} | {} | {:.2}x |",
            r.workload,
            r.solutions,
            fmt_time(r.secs[0]),
            fmt_time(r.secs[1]),
            r.secs[1] / r.secs[0]
        );
    }
    println!();
    for r in &rows {
        let s = &r.stats;
        println!(
            "- {}: {} nodes, {} updates, {} cleansings; {:.0} M updates/s, {:.0} ns per node.",
            r.workload,
            s.nodes,
            s.updates,
            s.cleansings,
            s.updates as f64 / r.secs[0] / 1e6,
            r.secs[0] / s.nodes as f64 * 1e9
        );
    }
    println!("\nMultiplicities (Algorithm M): ours alone, no peer crate has them.\n");
    println!("| workload | solutions | ours | nodes | updates | ns per node |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, secs, s) in &mult {
        println!(
            "| {name} | {} | {} | {} | {} | {:.0} |",
            s.solutions,
            fmt_time(*secs),
            s.nodes,
            s.updates,
            secs / s.nodes as f64 * 1e9
        );
    }
    println!();
    if !errors.is_empty() {
        println!("\nCOUNT MISMATCHES:");
        for e in &errors {
            println!("- {e}");
        }
        std::process::exit(1);
    }
    println!("- All engines agree on every count.");
}
