//! Our engine against the crates `dlx` 0.8 and `xcov` 0.3, on the same instances, in one run.
//!
//! `cargo bench --bench peers` prints a Markdown table: for each workload the median time of each
//! engine and the ratio peer time / our time (above 1.0x: we are faster). `BENCH_QUICK=1` runs fewer
//! repetitions and a slice of the big Sudoku set. See benches/README.md.
//!
//! Every engine gets the same `Instance`, converted by the small adapters `to_dlx` and `to_xcov` (same
//! items, same primary/secondary split, same options in the same order), and every count is checked
//! against the known one and across engines: a mismatch is printed and the process exits with status 1.

use dlx_studio::core::{Count, Instance, Limits, Search};
use dlx_studio::problems::queens::Queens;
use dlx_studio::problems::Problem;
use std::path::{Path, PathBuf};
use std::time::Instant;

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

/// `dlx` takes items numbered from 0, the first `np` primary, and options as lists of item numbers.
fn to_dlx(inst: &Instance) -> dlx::x::Problem {
    let os: Vec<Vec<dlx::Uint>> = (0..inst.n_options())
        .map(|k| inst.option(k).map(|i| i as dlx::Uint).collect())
        .collect();
    let np = inst.n_primary();
    dlx::x::make_problem(
        np as dlx::Uint,
        (inst.n_items() - np) as dlx::Uint,
        &os,
        dlx::OptOrder::Seq,
    )
}

/// `dlx` with its MRV chooser (no tie-break: the leftmost item of minimum length, as ours).
fn count_dlx(problem: &mut dlx::x::Problem, limit: u64) -> u64 {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let mut solver = dlx::Solver::new(problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut n = 0;
    while n < limit && solver.next_solution(&mut chooser) {
        n += 1;
    }
    n
}

/// `xcov` numbers items from 1 (primary first) and wants each option's items in ascending order;
/// the order of nodes within an option changes nothing in the search tree.
fn to_xcov(inst: &Instance) -> xcov::Dlx {
    let np = inst.n_primary();
    let mut builder = xcov::DlxBuilder::new(np, inst.n_items() - np);
    let mut buf = Vec::new();
    for k in 0..inst.n_options() {
        buf.clear();
        buf.extend(inst.option(k).map(|i| i + 1));
        buf.sort_unstable();
        builder.add_option(&buf);
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

/// The 12 pentominoes, each as rows of `#` (any one orientation).
const PENTOMINOES: [(&str, &[&str]); 12] = [
    ("F", &[".##", "##.", ".#."]),
    ("I", &["#####"]),
    ("L", &["####", "#..."]),
    ("N", &["##..", ".###"]),
    ("P", &["##", "##", "#."]),
    ("T", &["###", ".#.", ".#."]),
    ("U", &["#.#", "###"]),
    ("V", &["#..", "#..", "###"]),
    ("W", &["#..", "##.", ".##"]),
    ("X", &[".#.", "###", ".#."]),
    ("Y", &["..#.", "####"]),
    ("Z", &["##.", ".#.", ".##"]),
];

/// Pentominoes on a `rows`×`cols` rectangle: items are the 12 pieces then the cells, all primary; one
/// option per placement (piece + its 5 cells). With `distinct`, the X (symmetric under the rectangle's
/// four symmetries, and never centred on an axis when both sides are even) is kept to one quarter of
/// the board, so that each solution is counted once up to symmetry.
///
/// Built here because `problems::pentomino` is not written yet; the layout is Knuth's (pieces, cells).
fn pentomino(rows: usize, cols: usize, distinct: bool) -> Instance {
    let mut primary: Vec<String> = PENTOMINOES.iter().map(|(n, _)| n.to_string()).collect();
    for r in 0..rows {
        for c in 0..cols {
            primary.push(format!("{r}-{c}"));
        }
    }
    let mut inst = Instance::new(primary, Vec::<String>::new()).expect("distinct names");
    for (p, (name, shape)) in PENTOMINOES.iter().enumerate() {
        let cells: Vec<(i32, i32)> = shape
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'#')
                    .map(move |(c, _)| (r as i32, c as i32))
            })
            .collect();
        // The 8 symmetries of the square, each normalised to the top-left corner; duplicates dropped.
        let mut shapes: Vec<Vec<(i32, i32)>> = Vec::new();
        for t in 0..8 {
            let mut v: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                    (
                        if t & 1 != 0 { -r } else { r },
                        if t & 2 != 0 { -c } else { c },
                    )
                })
                .collect();
            let (r0, c0) = (
                v.iter().map(|x| x.0).min().unwrap(),
                v.iter().map(|x| x.1).min().unwrap(),
            );
            v.iter_mut().for_each(|x| *x = (x.0 - r0, x.1 - c0));
            v.sort_unstable();
            if !shapes.contains(&v) {
                shapes.push(v);
            }
        }
        for s in &shapes {
            let h = s.iter().map(|x| x.0).max().unwrap() as usize + 1;
            let w = s.iter().map(|x| x.1).max().unwrap() as usize + 1;
            if h > rows || w > cols {
                continue;
            }
            for r in 0..=rows - h {
                for c in 0..=cols - w {
                    // The X's centre is its top-left corner plus (1, 1).
                    if distinct
                        && *name == "X"
                        && (2 * (r + 1) > rows - 1 || 2 * (c + 1) > cols - 1)
                    {
                        continue;
                    }
                    let mut opt = vec![p];
                    opt.extend(
                        s.iter()
                            .map(|&(dr, dc)| 12 + (r + dr as usize) * cols + c + dc as usize),
                    );
                    inst.add_option(&opt).expect("distinct items");
                }
            }
        }
    }
    inst
}

/// Sudoku as 729 options over 324 primary items (cell, row-digit, column-digit, box-digit); option
/// `81 r + 9 c + d` puts digit `d + 1` at row `r`, column `c`.
fn sudoku_instance() -> Instance {
    let mut primary = Vec::with_capacity(324);
    for kind in ["p", "r", "c", "b"] {
        for x in 0..9 {
            for y in 0..9 {
                primary.push(format!("{kind}{x}{y}"));
            }
        }
    }
    let mut inst = Instance::new(primary, Vec::<String>::new()).expect("distinct names");
    for r in 0..9 {
        for c in 0..9 {
            let b = r / 3 * 3 + c / 3;
            for d in 0..9 {
                inst.add_option(&[9 * r + c, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d])
                    .expect("distinct items");
            }
        }
    }
    inst
}

/// The puzzles of a file (one per line, 81 symbols, `.` or `0` empty, `#` comments) as the options
/// of their givens, with their line numbers.
fn read_puzzles(path: &Path) -> Result<Vec<(usize, Vec<usize>)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cells: Vec<u8> = line.bytes().take(81).collect();
        if cells.len() != 81 {
            return Err(format!("{}:{}: not 81 cells", path.display(), n + 1));
        }
        let mut givens = Vec::new();
        for (i, &ch) in cells.iter().enumerate() {
            match ch {
                b'1'..=b'9' => givens.push(9 * i + (ch - b'1') as usize),
                b'.' | b'0' => {}
                _ => {
                    return Err(format!(
                        "{}:{}:{}: `{}` is not a digit or `.`",
                        path.display(),
                        n + 1,
                        i + 1,
                        ch as char
                    ))
                }
            }
        }
        out.push((n + 1, givens));
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

const ENGINES: [&str; 3] = ["ours", "dlx 0.8", "xcov 0.3"];

struct Row {
    workload: String,
    solutions: String,
    /// Median seconds per engine, in the order of `ENGINES`.
    secs: [f64; 3],
    /// Items per second to show next to the times (Sudoku: puzzles).
    per_sec: Option<f64>,
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

fn fmt_time(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

/// Counts every solution of `inst` with each engine, `runs` times (engines interleaved, so that a
/// burst of load on the machine hits all of them); only the search is timed, not building the matrix.
fn enumerate(
    workload: &str,
    inst: &Instance,
    expect: u64,
    runs: usize,
    errors: &mut Vec<String>,
) -> Row {
    let mut times: [Vec<f64>; 3] = Default::default();
    let mut check = |engine: usize, got: u64| {
        if got != expect {
            errors.push(format!(
                "{workload}: {} counted {got} solutions, expected {expect}",
                ENGINES[engine]
            ));
        }
    };
    for _ in 0..runs {
        let mut s = Search::new(inst);
        let t = Instant::now();
        let n = count_ours(&mut s, None);
        times[0].push(t.elapsed().as_secs_f64());
        check(0, n);

        let mut p = to_dlx(inst);
        let t = Instant::now();
        let n = count_dlx(&mut p, u64::MAX);
        times[1].push(t.elapsed().as_secs_f64());
        check(1, n);

        let d = to_xcov(inst);
        let t = Instant::now();
        let n = count_xcov(d, u64::MAX);
        times[2].push(t.elapsed().as_secs_f64());
        check(2, n);
    }
    let [a, b, c] = times;
    eprintln!("  {workload}: done");
    Row {
        workload: workload.to_string(),
        solutions: expect.to_string(),
        secs: [median(a), median(b), median(c)],
        per_sec: None,
    }
}

/// Solves every puzzle of a set with each engine, looking for a second solution (count up to 2), and
/// checks that there is exactly one. Every engine gets the same reduced instance,
/// `Instance::reduce(givens)` of the 729-option matrix (the givens' items and every option clashing
/// with them removed: the matrix `dlx`'s own Sudoku example builds). The reduction is done once per
/// puzzle outside the timing; building each engine's matrix from it is timed with its search.
///
/// Also returns our time when we take the full 729-option matrix and `Search::preselect` the givens
/// instead (timed from `Search::new`).
fn sudoku_set(
    name: &str,
    puzzles: &[(usize, Vec<usize>)],
    full: &Instance,
    runs: usize,
    errors: &mut Vec<String>,
) -> (Row, f64) {
    let mut times: [Vec<f64>; 4] = Default::default();
    for run in 0..runs {
        let mut sum = [0.0f64; 4];
        for (line, givens) in puzzles {
            let Some((red, _)) = full.reduce(givens) else {
                errors.push(format!("{name}, line {line}: the givens clash"));
                continue;
            };
            let mut got = [0u64; 4];

            let t = Instant::now();
            let mut s = Search::new(&red);
            got[0] = count_ours(&mut s, Some(2));
            sum[0] += t.elapsed().as_secs_f64();

            let t = Instant::now();
            let mut p = to_dlx(&red);
            got[1] = count_dlx(&mut p, 2);
            sum[1] += t.elapsed().as_secs_f64();

            let t = Instant::now();
            got[2] = count_xcov(to_xcov(&red), 2);
            sum[2] += t.elapsed().as_secs_f64();

            let t = Instant::now();
            let mut s = Search::new(full);
            got[3] = match s.preselect(givens) {
                Ok(()) => count_ours(&mut s, Some(2)),
                Err(_) => 0,
            };
            sum[3] += t.elapsed().as_secs_f64();

            if run == 0 && got != [1; 4] {
                errors.push(format!(
                    "{name}, line {line}: solutions (up to 2) found by ours, dlx, xcov, ours with \
                     preselect: {got:?}; every puzzle should have exactly one"
                ));
            }
        }
        for (t, s) in times.iter_mut().zip(sum) {
            t.push(s);
        }
    }
    let [a, b, c, d] = times;
    let secs = [median(a), median(b), median(c)];
    eprintln!("  {name}: done");
    let row = Row {
        workload: format!("Sudoku {name} ({} puzzles)", puzzles.len()),
        solutions: "1 each".into(),
        secs,
        per_sec: Some(puzzles.len() as f64),
    };
    (row, median(d))
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
    for (n, expect, r) in [(12, 14200, 5), (13, 73712, 5)] {
        let q = Queens::new(n).expect("valid n");
        rows.push(enumerate(
            &format!("{n}-queens, all"),
            q.instance(),
            expect,
            runs(r),
            &mut errors,
        ));
    }
    for (distinct, expect, what) in [(true, 2339, "distinct"), (false, 9356, "all")] {
        rows.push(enumerate(
            &format!("Pentomino 6x10, {what}"),
            &pentomino(6, 10, distinct),
            expect,
            runs(3),
            &mut errors,
        ));
    }
    notes.push(
        "Pentomino instance built in the bench (12 pieces then 60 cells, all primary; `distinct` keeps \
         the X in one quarter): `problems::pentomino` is not written yet."
            .to_string(),
    );

    match sudoku_dir() {
        None => notes.push(
            "Sudoku rows skipped: no `shared/data/sudoku` folder next to the project.".to_string(),
        ),
        Some(dir) => {
            let full = sudoku_instance();
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
                        let (row, pre) = sudoku_set(name, &puzzles, &full, runs(r), &mut errors);
                        notes.push(format!(
                            "Sudoku {name}: ours with `Search::preselect` on the 729-option matrix \
                             instead of the reduced one: {} ({:.0} puzzles/s, {:.2}x the time on the \
                             reduced matrix).",
                            fmt_time(pre),
                            puzzles.len() as f64 / pre,
                            pre / row.secs[0]
                        ));
                        rows.push(row);
                    }
                }
            }
        }
    }

    println!("Environment: {env}");
    println!(
        "{}{}. Ratio = peer time / our time (above 1.0x: we are faster).\n",
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
        "| workload | solutions | {} | {} | {} | {} / ours | {} / ours |",
        ENGINES[0], ENGINES[1], ENGINES[2], ENGINES[1], ENGINES[2]
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        let cell = |s: f64| match r.per_sec {
            Some(n) => format!("{} ({:.0}/s)", fmt_time(s), n / s),
            None => fmt_time(s),
        };
        println!(
            "| {} | {} | {} | {} | {} | {:.2}x | {:.2}x |",
            r.workload,
            r.solutions,
            cell(r.secs[0]),
            cell(r.secs[1]),
            cell(r.secs[2]),
            r.secs[1] / r.secs[0],
            r.secs[2] / r.secs[0]
        );
    }
    println!();
    for n in &notes {
        println!("- {n}");
    }
    let losses: Vec<String> = rows
        .iter()
        .flat_map(|r| {
            (1..3).filter(|&e| r.secs[e] < r.secs[0]).map(move |e| {
                format!(
                    "{}: {} is {:.2}x faster than ours",
                    r.workload,
                    ENGINES[e],
                    r.secs[0] / r.secs[e]
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
