//! `dlx count --memo` against `dlx count --threads 1 --tree dlx1` (plain search: a tree asked for
//! races no memos) on the instances of Knuth's DLX6 table (benches/README.md, "Counting with
//! memos"): whole processes of the built `dlx`, as DLX6's figures are, each the median of 3 runs
//! taken in turns, with the child's CPU time (user + system, which others' load inflates less than
//! wall-clock time) and its ratio. A second table times `dlx count` as it is by default
//! (`--engine auto`: memos race beside plain search) against the same count without the race
//! (`--tree dlx1`, the default tree named), each the median of 5 in turns, on every core.
//!
//! `cargo bench --bench memo`. A plain count that would take hours (domino 10x10, Latin squares of
//! order 6) is not run; Latin 6 with memos takes a minute or more and runs only with
//! `BENCH_LATIN6=1`. Each count printed is checked against the table's.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// CPU seconds (user + system) of every child waited for so far.
fn children_cpu() -> f64 {
    extern "C" {
        fn getrusage(who: i32, usage: *mut [i64; 18]) -> i32;
    }
    const RUSAGE_CHILDREN: i32 = -1;
    let mut u = [0i64; 18];
    // SAFETY: getrusage writes one `struct rusage` (two timevals and 14 longs: 18 words on 64-bit
    // Linux) into the buffer it is given.
    let r = unsafe { getrusage(RUSAGE_CHILDREN, &mut u) };
    assert_eq!(r, 0);
    (u[0] + u[2]) as f64 + (u[1] + u[3]) as f64 * 1e-6
}

/// One whole `dlx` run: its first line of output, wall and CPU seconds.
fn run(args: &[&str]) -> (String, f64, f64) {
    let cpu = children_cpu();
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stderr(Stdio::null())
        .output()
        .expect("dlx runs");
    let wall = t.elapsed().as_secs_f64();
    assert!(out.status.success(), "dlx {args:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    (
        text.lines().next().unwrap_or("").to_string(),
        wall,
        children_cpu() - cpu,
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn cells(m: usize, n: usize) -> String {
    let c: Vec<String> = (0..m)
        .flat_map(|r| (0..n).map(move |c| format!("{r}_{c}")))
        .collect();
    c.join(" ") + "\n"
}

fn l_trominoes(m: usize, n: usize) -> String {
    let mut t = cells(m, n);
    for r in 0..m - 1 {
        for c in 0..n - 1 {
            let sq = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            for skip in 0..4 {
                let p: Vec<String> = (0..4)
                    .filter(|&i| i != skip)
                    .map(|i| format!("{}_{}", sq[i].0, sq[i].1))
                    .collect();
                t += &(p.join(" ") + "\n");
            }
        }
    }
    t
}

/// Domino boards side by side, no cell in common (board `b`'s cells `b{b}_{r}_{c}`): each one a
/// part of its own from the root on.
fn boards_side_by_side(sizes: &[(usize, usize)]) -> String {
    let mut items = Vec::new();
    let mut options = String::new();
    for (b, &(m, n)) in sizes.iter().enumerate() {
        for r in 0..m {
            for c in 0..n {
                items.push(format!("b{b}_{r}_{c}"));
                if c + 1 < n {
                    options += &format!("b{b}_{r}_{c} b{b}_{r}_{}\n", c + 1);
                }
                if r + 1 < m {
                    options += &format!("b{b}_{r}_{c} b{b}_{}_{c}\n", r + 1);
                }
            }
        }
    }
    items.join(" ") + "\n" + &options
}

fn main() {
    let dir = std::env::temp_dir().join(format!("dlx-bench-memo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: String| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let l99 = file("ltromino9x9.dlx", l_trominoes(9, 9));
    let latin6 = std::env::var_os("BENCH_LATIN6").is_some();
    // (label, arguments, count, DLX6's seconds, whether plain search is run)
    let mut rows: Vec<(&str, Vec<&str>, &str, &str, bool)> = vec![
        (
            "domino tilings 6x8",
            vec!["dominoes", "6", "8"],
            "167089",
            "0.009",
            true,
        ),
        (
            "domino tilings 8x8",
            vec!["dominoes", "8", "8"],
            "12988816",
            "0.013",
            true,
        ),
        (
            "domino tilings 10x10",
            vec!["dominoes", "10", "10"],
            "258584046368",
            "0.057",
            false,
        ),
        (
            "L-tromino tilings 9x9",
            vec!["exact-cover", &l99],
            "1193600",
            "0.61",
            true,
        ),
        ("12-queens", vec!["queens", "12"], "14200", "0.78", true),
        ("Langford 11", vec!["langford", "11"], "35584", "1.07", true),
        (
            "pentomino 6x10",
            vec!["pentomino", "6x10"],
            "9356",
            "22.5",
            true,
        ),
    ];
    if latin6 {
        rows.push((
            "Latin squares of order 6",
            // Room for all its memos (2.4 GB resident): within the default 1 GiB it evicts.
            vec!["latin", "6", "--memo-budget", "4096"],
            "812851200",
            "37.6",
            false,
        ));
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at start: {}", load.trim());
    println!();
    println!("| instance | solutions | DLX6 (reference) | `--memo` wall | `--memo` CPU | plain `--threads 1` wall | plain `--threads 1` CPU | CPU ratio memo/plain |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (label, args, want, dlx6, plain) in rows {
        let mut memo_args = vec!["count"];
        memo_args.extend(&args);
        // One thread, as DLX6 counts (these instances split into no large parts anyway).
        memo_args.extend(["--memo", "--threads", "1"]);
        let mut plain_args = vec!["count"];
        plain_args.extend(&args);
        plain_args.extend(["--threads", "1", "--tree", "dlx1"]);
        let (mut mw, mut mc, mut pw, mut pc) = (vec![], vec![], vec![], vec![]);
        for _ in 0..3 {
            let (got, w, c) = run(&memo_args);
            assert_eq!(got, want, "{label} --memo");
            mw.push(w);
            mc.push(c);
            if plain {
                let (got, w, c) = run(&plain_args);
                assert_eq!(got, want, "{label} plain");
                pw.push(w);
                pc.push(c);
            }
        }
        let (mw, mc) = (median(mw), median(mc));
        let plain_cells = if plain {
            let (pw, pc) = (median(pw), median(pc));
            format!("{pw:.3} s | {pc:.3} s | {:.2}", mc / pc.max(1e-3))
        } else {
            "— | — (hours) | —".into()
        };
        println!("| {label} | {want} | {dlx6} s | {mw:.3} s | {mc:.3} s | {plain_cells} |");
    }
    // `--engine auto`'s race against the plain count it replaces, on the instances the other
    // benches time (queens, Langford, pentominoes, a Sudoku, XCC) and two where memos pay.
    const EASTER_MONSTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let auto_rows: Vec<(&str, Vec<&str>, &str)> = vec![
        ("8-queens", vec!["queens", "8"], "92"),
        ("12-queens", vec!["queens", "12"], "14200"),
        ("13-queens", vec!["queens", "13"], "73712"),
        ("14-queens", vec!["queens", "14"], "365596"),
        ("Langford 11", vec!["langford", "11"], "35584"),
        ("Langford 12", vec!["langford", "12"], "216288"),
        ("pentomino 6x10", vec!["pentomino", "6x10"], "9356"),
        ("pentomino 5x12", vec!["pentomino", "5x12"], "4040"),
        (
            "Sudoku, Easter Monster",
            vec!["sudoku", EASTER_MONSTER],
            "1",
        ),
        (
            "edge matching 5x5/4 (XCC)",
            vec!["edge-matching", "5x5/4"],
            "24",
        ),
        ("Latin squares of order 5", vec!["latin", "5"], "161280"),
        ("domino tilings 8x8", vec!["dominoes", "8", "8"], "12988816"),
        (
            "L-tromino tilings 9x9",
            vec!["exact-cover", &l99],
            "1193600",
        ),
    ];
    println!();
    println!("| instance | solutions | `dlx count` (auto: memos race) wall | without the race (`--tree dlx1`) wall | ratio |");
    println!("|---|---:|---:|---:|---:|");
    for (label, args, want) in auto_rows {
        let mut auto_args = vec!["count"];
        auto_args.extend(&args);
        let mut plain_args = auto_args.clone();
        plain_args.extend(["--tree", "dlx1"]);
        let (mut aw, mut pw) = (vec![], vec![]);
        for _ in 0..5 {
            let (got, w, _) = run(&auto_args);
            assert_eq!(got, want, "{label} auto");
            aw.push(w);
            let (got, w, _) = run(&plain_args);
            assert_eq!(got, want, "{label} plain");
            pw.push(w);
        }
        let (aw, pw) = (median(aw), median(pw));
        println!(
            "| {label} | {want} | {:.1} ms | {:.1} ms | {:.2} |",
            aw * 1e3,
            pw * 1e3,
            aw / pw
        );
    }
    // Independent parts on threads (DXD): boards side by side split at the root into parts of
    // their own, each counted on a thread with a table of its own.
    let two16 = file("two16x16.dlx", boards_side_by_side(&[(16, 16), (16, 16)]));
    let four12 = file(
        "four12x12.dlx",
        boards_side_by_side(&[(12, 12), (12, 12), (12, 12), (12, 12)]),
    );
    let parts_rows: Vec<(&str, &str, &str)> = vec![
        (
            "two 16x16 domino boards",
            &two16,
            "5977481098898922857923760209743284068237948337696882106105856",
        ),
        (
            "four 12x12 domino boards",
            &four12,
            "7926557539076576558367046369790107919801970720770560000000000000000",
        ),
    ];
    println!();
    println!("| instance | `--memo --threads 1` wall | `--memo --threads 2` wall | ratio |");
    println!("|---|---:|---:|---:|");
    for (label, path, want) in parts_rows {
        let (mut one, mut two) = (vec![], vec![]);
        for _ in 0..3 {
            for (threads, times) in [("1", &mut one), ("2", &mut two)] {
                let args = ["count", "exact-cover", path, "--memo", "--threads", threads];
                let (got, w, _) = run(&args);
                assert_eq!(got, want, "{label}, {threads} threads");
                times.push(w);
            }
        }
        let (one, two) = (median(one), median(two));
        println!("| {label} | {one:.3} s | {two:.3} s | {:.2} |", two / one);
    }
    let _ = std::fs::remove_dir_all(Path::new(&dir));
}
