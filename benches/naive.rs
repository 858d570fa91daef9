//! Dancing links against the naive Algorithm X (`core::naive`: the plain 0-1 matrix, rows and columns
//! found by scanning), the comparison of Knuth's talk, in one short run.
//!
//! `cargo bench --bench naive` prints a Markdown table: for each workload the search-tree nodes (the
//! same for both: they make the same choices, checked here) and each algorithm's time, and the ratio
//! naive / DLX. Each workload is timed by repeating it until 0.2 s have passed (at least once), wall
//! clock; the ratio, not the absolute time, is the figure to read on a shared machine.

use dlx_studio::core::{Count, Heuristic, Naive, Search, Stats};
use dlx_studio::problems::{self, Problem, Spec};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Seconds per run of `f`, repeated until `budget` has passed.
fn time(budget: Duration, mut f: impl FnMut() -> Stats) -> (f64, Stats) {
    let t = Instant::now();
    let mut runs = 0u32;
    let stats = loop {
        let s = f();
        runs += 1;
        if t.elapsed() >= budget {
            break s;
        }
    };
    (t.elapsed().as_secs_f64() / f64::from(runs), stats)
}

fn dlx(p: &dyn Problem) -> Stats {
    let mut s = Search::new(p.instance());
    s.preselect(p.givens()).expect("no clash");
    s.run(&mut Count);
    s.stats().clone()
}

fn naive(p: &dyn Problem) -> Stats {
    let mut n = Naive::new(p.instance(), Heuristic::Mrv).expect("small enough");
    n.preselect(p.givens()).expect("no clash");
    n.run(|_| ControlFlow::Continue(()));
    n.stats().clone()
}

/// Some hard 9x9 puzzles from the shared collection, if it is there.
fn hard_sudokus(max: usize) -> Vec<String> {
    // From the project root (`/work/main`), or from a worktree one level further down.
    let path = "../shared/data/sudoku/forum-hardest-1106.txt";
    let text =
        std::fs::read_to_string(path).or_else(|_| std::fs::read_to_string(format!("../{path}")));
    match text {
        Ok(text) => text
            .lines()
            .filter(|l| !l.starts_with('#') && l.trim().len() == 81)
            .take(max)
            .map(str::to_string)
            .collect(),
        Err(_) => {
            eprintln!("({path} not found: an easy classic puzzle instead)");
            vec![
                "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                    .into(),
            ]
        }
    }
}

fn main() {
    let budget = Duration::from_millis(200);
    let mut workloads: Vec<(String, Spec)> = vec![
        ("8-queens".into(), Spec::Queens(8)),
        ("10-queens".into(), Spec::Queens(10)),
        (
            "pentomino 3x20 distinct".into(),
            Spec::Pentomino {
                board: "3x20".into(),
                distinct: true,
            },
        ),
    ];
    for (i, p) in hard_sudokus(3).into_iter().enumerate() {
        workloads.push((format!("hard 9x9 Sudoku #{}", i + 1), Spec::Sudoku(p)));
    }
    println!("| workload | nodes | DLX | naive | naive / DLX |");
    println!("|---|---:|---:|---:|---:|");
    let mut failed = false;
    for (name, spec) in workloads {
        let p = problems::load(&spec).expect("a valid workload");
        let (td, sd) = time(budget, || dlx(&*p));
        let (tn, sn) = time(budget, || naive(&*p));
        if sd != sn {
            eprintln!("MISMATCH on {name}: dlx {sd:?} naive {sn:?}");
            failed = true;
        }
        println!(
            "| {name} | {} | {:.3} ms | {:.1} ms | {:.0}x |",
            sd.nodes,
            td * 1e3,
            tn * 1e3,
            tn / td
        );
    }
    if failed {
        std::process::exit(1);
    }
}
