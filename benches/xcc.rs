//! Exact covering with colours (XCC): our two engines, the same tree (Knuth's DLX2, Algorithm C) on
//! dancing links ("today": the engine before colours went onto bit sets) and on bit sets
//! (`core::bits`), against the crate `exact-covers` 0.3, whose `DlSolver` is Knuth's Algorithm C
//! (dancing links), on the same instances, in one run. (Its `DcSolver`, the "dancing cells" method of
//! Knuth's SSXCC, is a `todo!()` in 0.3.0: it panics.) SSXCC itself cannot run here: its ratio is
//! estimated from ours on links, which took 1.22-1.39x of SSXCC's time on edge matching
//! (`../shared/README.md`, 2026-11-26), as (bit sets / links) x 1.39 (worst case) and x 1.22 (best).
//!
//! `cargo bench --bench xcc` prints a Markdown table: the median time of each engine, the ratios,
//! what `Engine::Auto` picks, and the search tree's nodes, updates and cleansings (equal on both of
//! our engines, checked) with nanoseconds per node. `BENCH_QUICK=1` runs once each; `XCC_ONLY=text`
//! runs only the workloads whose name contains `text` (`XCC_ONLY=MacMahon`).
//!
//! Workloads:
//! - edge-matching squares (`problems::edge_matching`), boards generated from seeds: cells and
//!   tiles primary, inner edges secondary and coloured; nearly every option has colours;
//! - Knuth's MacMahon hexagon (`problems::macmahon`): positions and pieces primary, inner edges
//!   secondary and coloured; the first position's placement in the first solution is given (the
//!   whole is minutes), so the
//!   peer, which takes no givens, sits it out;
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

use dlx_studio::core::{Count, Engine, Instance, Search, Stats};
use dlx_studio::problems::edge_matching::EdgeMatching;
use dlx_studio::problems::macmahon::MacMahon;
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

const ENGINES: [&str; 3] = [
    "ours, links (DLX2)",
    "ours, bit sets",
    "exact-covers DlSolver",
];

/// SSXCC's time over ours today (links), worst and best case, from `../shared/README.md`
/// (2026-11-26, edge matching): ours took 1.22-1.39x of SSXCC's time.
const SSXCC_WORST: f64 = 1.39;
const SSXCC_BEST: f64 = 1.22;

struct Row {
    workload: String,
    solutions: u64,
    /// Median seconds by engine (`NAN`: not run).
    secs: [f64; 3],
    stats: Stats,
    /// `bits::overlap` of the (first) instance, and what `Engine::Auto` takes for it.
    overlap: f64,
    auto: Engine,
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn fmt_time(s: f64) -> String {
    if s.is_nan() {
        "—".into()
    } else if s >= 1.0 {
        format!("{s:.2} s")
    } else {
        format!("{:.1} ms", s * 1e3)
    }
}

/// Counts `insts` (a family counted together, each with its givens) with each engine, `runs`
/// times, engines taking turns; the peer only where there are no givens (it has no way to take
/// them). Both of our engines must give equal counters, field by field.
fn bench(
    workload: &str,
    insts: &[(Instance, Vec<usize>)],
    expect: u64,
    runs: usize,
    errors: &mut Vec<String>,
) -> Row {
    let peer = insts.iter().all(|(_, g)| g.is_empty());
    let inputs: Vec<PeerInput> = insts.iter().map(|(x, _)| peer_input(x)).collect();
    let mut times: [Vec<f64>; 3] = Default::default();
    let mut stats: [Stats; 2] = Default::default();
    for run in 0..runs {
        for e in (0..3).map(|k| (run + k) % 3) {
            if e == 2 && !peer {
                continue;
            }
            let mut n = 0;
            let t = now();
            match e {
                0 | 1 => {
                    let mut total = Stats::default();
                    for (inst, givens) in insts {
                        let mut s = Search::new(inst);
                        s.set_engine([Engine::Links, Engine::Bits][e]);
                        s.preselect(givens).expect("givens that fit");
                        s.run(&mut Count);
                        let st = s.stats();
                        total.nodes += st.nodes;
                        total.updates += st.updates;
                        total.cleansings += st.cleansings;
                        n += st.solutions;
                    }
                    total.solutions = n;
                    stats[e] = total;
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
    if stats[0] != stats[1] {
        errors.push(format!(
            "{workload}: links and bit sets differ: {:?} against {:?}",
            stats[0], stats[1]
        ));
    }
    eprintln!("  {workload}: done");
    let [a, b, c] = times;
    let auto = Engine::Auto.resolve(&insts[0].0, dlx_studio::core::Tree::Dlx1);
    Row {
        workload: workload.into(),
        solutions: expect,
        secs: [median(a), median(b), median(c)],
        stats: stats[0].clone(),
        overlap: dlx_studio::core::bits::overlap(&insts[0].0),
        auto,
    }
}

/// The solutions of `inst` with `givens`, counted once (the bench's expected figure where no
/// published count exists; both engines are then held to it and to each other).
fn count_once(inst: &Instance, givens: &[usize]) -> u64 {
    let mut s = Search::new(inst);
    s.preselect(givens).expect("givens that fit");
    s.run(&mut Count);
    s.stats().solutions
}

fn main() {
    let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let runs = if quick { 1 } else { 3 };
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    // `XCC_ONLY=MacMahon` (any part of a workload's name): only those rows.
    let only = std::env::var("XCC_ONLY").unwrap_or_default();
    let wanted = |name: &str| name.contains(only.as_str());
    let mut errors = Vec::new();
    let mut rows = Vec::new();
    eprintln!("xcc: running{}", if quick { " (BENCH_QUICK)" } else { "" });

    // Edge matching: 6x6 boards, 5 colours, seeds 1 to 4, each alone (the instances are
    // of this kind, 1.5-4 s for Knuth's programs), and one 5x5 board with 3 colours, which has many
    // solutions.
    for seed in 1..=4 {
        let name = format!("6x6/5/{seed}");
        if !wanted(&format!("Edge matching {name}")) {
            continue;
        }
        let inst = EdgeMatching::new(&name)
            .expect("a valid board")
            .instance()
            .clone();
        let want = count_once(&inst, &[]);
        rows.push(bench(
            &format!("Edge matching {name}"),
            &[(inst, vec![])],
            want,
            runs,
            &mut errors,
        ));
    }
    if wanted("Edge matching 5x5/3") {
        let five = EdgeMatching::new("5x5/3")
            .expect("a valid board")
            .instance()
            .clone();
        rows.push(bench(
            "Edge matching 5x5/3",
            &[(five, vec![])],
            8512,
            runs,
            &mut errors,
        ));
    }
    // Knuth's MacMahon hexagon: the whole is 570 M nodes (11,853,792 solutions, minutes); a part,
    // the first position's piece in the first solution given, is a few seconds.
    if wanted("MacMahon hexagon, first option given") {
        let mac = MacMahon::new("hexagon").expect("the hexagon");
        let givens = mac.part(1);
        let want = count_once(mac.instance(), &givens);
        rows.push(bench(
            "MacMahon hexagon, first option given",
            &[(mac.instance().clone(), givens)],
            want,
            runs,
            &mut errors,
        ));
    }
    for (n, expect) in [(12, 14200), (13, 73712)] {
        if !wanted(&format!("{n}-queens, coloured diagonals")) {
            continue;
        }
        rows.push(bench(
            &format!("{n}-queens, coloured diagonals"),
            &[(colored_queens(n), vec![])],
            expect,
            runs,
            &mut errors,
        ));
    }

    let mut mult = Vec::new();
    for (name, n, k, expect) in [
        ("5x5 0-1 matrices, 2 ones per row and column", 5, 2, 2040),
        ("6x6 0-1 matrices, 3 ones per row and column", 6, 3, 297_200),
    ] {
        if wanted(name) {
            mult.push(bench_ours(
                name,
                &k_per_line(n, k),
                expect,
                runs,
                &mut errors,
            ));
        }
    }

    println!(
        "Load average at start {load}. {} Times are thread CPU time.",
        if quick {
            "One run each (BENCH_QUICK)."
        } else {
            "Medians of 3 runs."
        }
    );
    println!(
        "new / today = bit sets / links; SSXCC (est.) = (new / today) x {SSXCC_WORST} (worst case) \
         and x {SSXCC_BEST} (best): our links took {SSXCC_BEST}-{SSXCC_WORST}x SSXCC's time on edge \
         matching (../shared/README.md). DlSolver / new: above 1.0x we are faster.\n"
    );
    println!(
        "| workload | solutions | {} | {} | {} | new / today | ours / SSXCC (est.) | DlSolver / new | overlap | auto |",
        ENGINES[0], ENGINES[1], ENGINES[2]
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for r in &rows {
        let q = r.secs[1] / r.secs[0];
        let peer = r.secs[2] / r.secs[1];
        println!(
            "| {} | {} | {} | {} | {} | {:.2} | {:.2}-{:.2} | {} | {:.1} | {} |",
            r.workload,
            r.solutions,
            fmt_time(r.secs[0]),
            fmt_time(r.secs[1]),
            fmt_time(r.secs[2]),
            q,
            q * SSXCC_BEST,
            q * SSXCC_WORST,
            if peer.is_nan() {
                "—".to_string()
            } else {
                format!("{peer:.2}x")
            },
            r.overlap,
            r.auto.name()
        );
    }
    println!();
    for r in &rows {
        let s = &r.stats;
        println!(
            "- {}: {} nodes, {} updates, {} cleansings; bit sets {:.0} ns per node, links {:.0}.",
            r.workload,
            s.nodes,
            s.updates,
            s.cleansings,
            r.secs[1] / s.nodes as f64 * 1e9,
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
