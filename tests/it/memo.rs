//! Counting with memos (`core::memo`, `dlx count --memo`) checked: against plain search on every
//! kind of problem the tests count, domino tilings against Kasteleyn's count (his cosine product,
//! and exactly, the determinant of his signed matrix in big integers), and the ZDD written by the
//! CLI read back by `dlx zdd` (count, list, random) against the plain search's solutions.

use crate::common::dlx_with_stdin;
use dlx_studio::core::memo::{self, Num, Settings, Zdd};
use dlx_studio::core::{Count, Instance, Search};
use dlx_studio::problems::{load, Spec};
use num_bigint::{BigInt, BigUint};

/// The plain search's count (DLX1's tree, the fast loop) with the problem's givens.
fn plain(inst: &Instance, givens: &[usize]) -> u64 {
    let mut s = Search::new(inst);
    s.preselect(givens).unwrap();
    s.run(&mut Count);
    s.stats().solutions
}

fn memo_count(inst: &Instance, givens: &[usize]) -> Num {
    memo::count(inst, givens, &Settings::default())
        .unwrap()
        .solutions
}

#[test]
fn memo_counts_equal_plain_search_on_every_kind() {
    let mut specs = vec![
        Spec::Latin(3),
        Spec::Latin(4),
        Spec::Latin(5),
        Spec::ExactCover("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n".into()),
        // XCC: colours on secondary items.
        Spec::ExactCover("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n".into()),
        Spec::EdgeMatching("2x3".into()),
        Spec::EdgeMatching("3x3/3".into()),
        Spec::EdgeMatching("3x3/2/5".into()),
    ];
    for n in 1..=9 {
        specs.push(Spec::Queens(n));
    }
    for n in [5, 7] {
        specs.push(Spec::ToroidalQueens(n));
    }
    for n in [3, 4, 7, 8] {
        for distinct in [false, true] {
            specs.push(Spec::Langford { n, distinct });
        }
    }
    for board in ["3x20", "4x15"] {
        specs.push(Spec::Pentomino {
            board: board.into(),
            distinct: true,
        });
    }
    // Sudokus: givens preselected, a unique solution each.
    let text = std::fs::read_to_string("tests/data/sudoku/magictour-top1465.txt").unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')).take(5) {
        specs.push(Spec::Sudoku(line.into()));
    }
    let mut solved = 0;
    for spec in specs {
        let p = load(&spec).unwrap();
        let (inst, givens) = (p.instance(), p.givens());
        let want = plain(inst, givens);
        assert_eq!(
            memo_count(inst, givens),
            Num::Small(want as u128),
            "{spec:?}"
        );
        solved += usize::from(want > 0);
    }
    assert!(solved >= 30, "{solved} instances with solutions");
}

/// Domino placements on an m x n board, cells `r_c` in row-major order, in Knuth's format.
fn dominoes(m: usize, n: usize) -> String {
    let cells: Vec<String> = (0..m)
        .flat_map(|r| (0..n).map(move |c| format!("{r}_{c}")))
        .collect();
    let mut text = cells.join(" ") + "\n";
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                text += &format!("{r}_{c} {r}_{}\n", c + 1);
            }
            if r + 1 < m {
                text += &format!("{r}_{c} {}_{c}\n", r + 1);
            }
        }
    }
    text
}

fn instance(text: &str) -> Instance {
    let p = load(&Spec::ExactCover(text.into())).unwrap();
    assert!(p.givens().is_empty());
    p.instance().clone()
}

/// Kasteleyn's product: the tilings of m x n by dominoes are
/// prod over j <= m/2, k <= n/2 of (4 cos^2(pi j/(m+1)) + 4 cos^2(pi k/(n+1))), rounded
/// (in f64: exact up to 2^53 or so, enough for 10x10).
fn kasteleyn_product(m: usize, n: usize) -> u64 {
    use std::f64::consts::PI;
    let mut p = 1.0f64;
    for j in 1..=m.div_ceil(2) {
        for k in 1..=n.div_ceil(2) {
            let a = (PI * j as f64 / (m + 1) as f64).cos();
            let b = (PI * k as f64 / (n + 1) as f64).cos();
            p *= 4.0 * a * a + 4.0 * b * b;
        }
    }
    p.round() as u64
}

/// The same count exactly: |det| of Kasteleyn's signed biadjacency matrix of the grid (black
/// cells by white cells; horizontal dominoes +1, vertical ones (-1)^column, so that each square
/// face has one negative edge of four), by Bareiss's fraction-free elimination in big integers.
fn kasteleyn_det(m: usize, n: usize) -> BigUint {
    let black: Vec<(usize, usize)> = (0..m)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| (r + c) % 2 == 0)
        .collect();
    let white: Vec<(usize, usize)> = (0..m)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| (r + c) % 2 == 1)
        .collect();
    if black.len() != white.len() {
        return BigUint::ZERO;
    }
    let size = black.len();
    let mut a: Vec<Vec<BigInt>> = black
        .iter()
        .map(|&(r, c)| {
            white
                .iter()
                .map(|&(s, d)| {
                    let v: i32 = if r == s && c.abs_diff(d) == 1 {
                        1
                    } else if c == d && r.abs_diff(s) == 1 {
                        if c % 2 == 0 {
                            1
                        } else {
                            -1
                        }
                    } else {
                        0
                    };
                    BigInt::from(v)
                })
                .collect()
        })
        .collect();
    let mut sign = 1;
    let mut prev = BigInt::from(1);
    for k in 0..size {
        if a[k][k] == BigInt::ZERO {
            let Some(p) = (k + 1..size).find(|&i| a[i][k] != BigInt::ZERO) else {
                return BigUint::ZERO;
            };
            a.swap(k, p);
            sign = -sign;
        }
        for i in k + 1..size {
            for j in k + 1..size {
                let v = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &prev;
                a[i][j] = v;
            }
        }
        prev = a[k][k].clone();
    }
    let det: BigInt = &a[size - 1][size - 1] * BigInt::from(sign);
    det.magnitude().clone()
}

#[test]
fn kasteleyns_determinant_is_his_product_on_small_boards() {
    for (m, n) in [(2, 2), (2, 3), (3, 4), (4, 4), (6, 8), (8, 8), (5, 6)] {
        assert_eq!(
            kasteleyn_det(m, n),
            BigUint::from(kasteleyn_product(m, n)),
            "{m}x{n}"
        );
    }
    assert_eq!(kasteleyn_product(8, 8), 12_988_816);
}

#[test]
fn domino_tilings_count_as_kasteleyn_says_up_to_16x16() {
    for (m, n) in [
        (2, 2),
        (3, 4),
        (4, 4),
        (5, 6),
        (6, 8),
        (8, 8),
        (7, 10),
        (10, 10),
    ] {
        let got = memo_count(&instance(&dominoes(m, n)), &[]);
        assert_eq!(got, Num::Small(kasteleyn_product(m, n) as u128), "{m}x{n}");
    }
    assert_eq!(
        memo_count(&instance(&dominoes(10, 10)), &[]),
        Num::Small(258_584_046_368)
    );
    // 16x16: a 31-digit count, far past what plain search could walk.
    let want = kasteleyn_det(16, 16);
    assert_eq!(want.to_string(), "2444888770250892795802079170816");
    let got = memo_count(&instance(&dominoes(16, 16)), &[]);
    assert_eq!(got.to_big(), want);
    // An odd board has none.
    assert_eq!(memo_count(&instance(&dominoes(5, 5)), &[]), Num::ZERO);
}

#[test]
fn l_tromino_tilings_count_as_plain_search() {
    // L-trominoes: each 2x2 square less one of its cells.
    let (m, n) = (6, 6);
    let cells: Vec<String> = (0..m)
        .flat_map(|r| (0..n).map(move |c| format!("{r}_{c}")))
        .collect();
    let mut text = cells.join(" ") + "\n";
    for r in 0..m - 1 {
        for c in 0..n - 1 {
            let sq = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            for skip in 0..4 {
                let piece: Vec<String> = (0..4)
                    .filter(|&i| i != skip)
                    .map(|i| format!("{}_{}", sq[i].0, sq[i].1))
                    .collect();
                text += &(piece.join(" ") + "\n");
            }
        }
    }
    let inst = instance(&text);
    let want = plain(&inst, &[]);
    assert!(want > 100, "{want}");
    assert_eq!(memo_count(&inst, &[]), Num::Small(want as u128));
}

fn run(args: &[&str], stdin: &str) -> (String, String) {
    let out = dlx_with_stdin(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "dlx {args:?}: {err}");
    (String::from_utf8(out.stdout).unwrap(), err)
}

fn fails(args: &[&str], words: &str) {
    let out = dlx_with_stdin(args, "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "dlx {args:?}: {err}");
    assert!(err.contains(words), "dlx {args:?}: {err}");
}

#[test]
fn the_cli_counts_with_memos_writes_a_zdd_and_reads_it_back() {
    let dir = std::env::temp_dir().join(format!("dlx-memo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tilings.zdd");
    let path = file.to_str().unwrap();
    let board = dominoes(4, 4);
    let (out, _) = run(&["count", "exact-cover", "-", "--memo"], &board);
    assert_eq!(out, "36\n");
    let (out, _) = run(
        &[
            "count",
            "exact-cover",
            "-",
            "--memo",
            "--zdd",
            path,
            "--json",
        ],
        &board,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"], 36);
    assert_eq!(v["engine"], "memo");
    let nodes = v["zdd_nodes"].as_u64().unwrap();
    assert!(v["hits"].as_u64().unwrap() > 0 && v["nodes"].as_u64().unwrap() > nodes / 2);
    let text = std::fs::read_to_string(&file).unwrap();
    // Knuth's lines: `ID: (~V?LO:HI)`, the dummy root last.
    assert_eq!(text.lines().count() as u64, nodes + 1);
    assert!(text.lines().last().unwrap().contains(": (~0?0:"), "{text}");
    let zdd = Zdd::parse(&text).unwrap();
    assert_eq!(zdd.count(), Num::Small(36));
    let (out, _) = run(&["zdd", "count", path], "");
    assert_eq!(out, "36\n");
    // The list is the plain search's solutions, in its order: each line the options (from 1)
    // in the order chosen.
    let (listed, _) = run(&["zdd", "list", path], "");
    let p = load(&Spec::ExactCover(board.clone())).unwrap();
    let mut s = Search::new(p.instance());
    let mut want = Vec::new();
    s.run(&mut |ev, s: &Search| {
        if let dlx_studio::core::Event::Solution { .. } = ev {
            let words: Vec<String> = s.solution().iter().map(|k| (k + 1).to_string()).collect();
            want.push(words.join(" "));
        }
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(listed.lines().collect::<Vec<_>>(), want);
    let (first3, _) = run(&["zdd", "list", path, "--limit", "3"], "");
    assert_eq!(first3.lines().collect::<Vec<_>>(), want[..3]);
    // A random one is one of them, and the same seed draws the same.
    let (r1, _) = run(&["zdd", "random", path, "--seed", "9"], "");
    let (r2, _) = run(&["zdd", "random", path, "--seed", "9"], "");
    assert_eq!(r1, r2);
    assert!(want.contains(&r1.trim_end().to_string()), "{r1}");
    // The file with one line spoiled is refused by line.
    let bad = text.replacen(": (~", ": (", 1);
    std::fs::write(&file, bad).unwrap();
    fails(&["zdd", "count", path], "line 1:");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_cli_falls_back_to_plain_search_where_memos_do_not_pay_and_refuses_what_it_cannot_do() {
    let (out, err) = run(&["count", "queens", "11", "--memo"], "");
    assert_eq!(out, "2680\n");
    assert!(err.contains("counting by plain search"), "{err}");
    // With threads the fallback is plain search on those threads.
    let (out, err) = run(&["count", "queens", "11", "--memo", "--threads", "2"], "");
    assert_eq!(out, "2680\n");
    assert!(err.contains("counting by plain search"), "{err}");
    fails(
        &["count", "queens", "8", "--zdd", "x"],
        "--zdd applies to count --memo",
    );
    fails(
        &["count", "queens", "8", "--memo", "--memo-budget", "0"],
        "--memo-budget `0`",
    );
    fails(
        &["zdd", "draw", "x"],
        "zdd `draw`: expected count, random or list",
    );
    fails(
        &["zdd", "count", "x", "--seed", "1"],
        "--seed applies to zdd random",
    );
    // Multiplicities: refused by name.
    let out = dlx_with_stdin(
        &["count", "exact-cover", "-", "--memo"],
        "1:2|a b\na\na b\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("does not take multiplicities"), "{err}");
}

/// Two domino boards side by side (the second's cells renamed `b…`), no item in common.
fn two_boards(m: usize, n: usize) -> String {
    let one = dominoes(m, n);
    let (items, options) = one.split_once('\n').unwrap();
    let other = |line: &str| -> String {
        line.split(' ')
            .map(|w| format!("b{w}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = format!("{items} {}\n{options}", other(items));
    for line in options.lines() {
        text += &other(line);
        text += "\n";
    }
    text
}

/// `count --memo --threads N` gives the large parts of a split to threads (DXD): two 8x8 boards
/// split at the root, and with two threads one of them is counted on the other thread; the count
/// is the same as on one thread, the square of 8x8's.
#[test]
fn the_cli_counts_large_parts_on_threads() {
    let text = two_boards(8, 8);
    let want = 12_988_816u128 * 12_988_816;
    let mut seen = Vec::new();
    for threads in ["1", "2"] {
        let args = [
            "count",
            "exact-cover",
            "-",
            "--memo",
            "--threads",
            threads,
            "--json",
        ];
        let (out, _) = run(&args, &text);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["solutions"].as_u64().map(u128::from), Some(want), "{out}");
        assert_eq!(v["threads"], threads.parse::<u64>().unwrap());
        seen.push(v["parts_on_threads"].as_u64().unwrap());
    }
    assert_eq!(seen, [0, 1]);
    let (out, _) = run(
        &["count", "exact-cover", "-", "--memo", "--threads", "2"],
        &text,
    );
    assert_eq!(out, format!("{want}\n"));
}

/// `--engine auto` (the default) races memos beside plain search: where memos pay (domino tilings
/// of 8x8: 2,316 memo nodes against plain search's 30 million) they answer, and say so
/// (`engine: memo`); where they do not (12-queens: they give up within 4,096 nodes) or plain search
/// ends first (10-queens), plain search's count stands; an engine asked for is plain search alone.
#[test]
fn engine_auto_counts_with_memos_where_they_pay_and_plain_search_elsewhere() {
    let json =
        |args: &[&str]| -> serde_json::Value { serde_json::from_str(&run(args, "").0).unwrap() };
    let v = json(&["count", "dominoes", "8", "8", "--json"]);
    assert_eq!(
        (&v["engine"], &v["solutions"]),
        (&"memo".into(), &12988816.into())
    );
    assert!(v["hits"].as_u64().unwrap() > 0, "{v}");
    let v = json(&[
        "count",
        "dominoes",
        "8",
        "8",
        "--json",
        "--memo-budget",
        "1",
        "--threads",
        "1",
    ]);
    assert_eq!(
        (&v["engine"], &v["solutions"]),
        (&"memo".into(), &12988816.into())
    );
    assert_eq!(
        run(&["count", "dominoes", "10", "10"], "").0,
        "258584046368\n"
    );
    for (args, solutions) in [
        (&["count", "queens", "12", "--json"][..], 14200),
        (&["count", "queens", "10", "--json"], 724),
        (
            &["count", "dominoes", "4", "6", "--engine", "links", "--json"],
            281,
        ),
        (
            &[
                "count",
                "dominoes",
                "4",
                "6",
                "--tree",
                "lookahead",
                "--json",
            ],
            281,
        ),
    ] {
        let v = json(args);
        assert_eq!(v["solutions"], solutions, "{args:?}: {v}");
        assert_ne!(v["engine"], "memo", "{args:?}: {v}");
    }
    fails(
        &[
            "count",
            "queens",
            "8",
            "--engine",
            "bits",
            "--memo-budget",
            "64",
        ],
        "--memo-budget applies to count --memo, and to the memos --engine auto tries",
    );
}

#[test]
fn a_big_count_past_64_bits_is_a_string_in_json() {
    let (out, _) = run(
        &["count", "exact-cover", "-", "--memo", "--json"],
        &dominoes(12, 12),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"], 53060477521960000u64);
    // Two copies of a board side by side, as independent parts: 53060477521960000^2 > 2^64.
    let single = dominoes(12, 12);
    let mut lines = single.lines();
    let items = lines.next().unwrap();
    let rename = |s: &str| {
        s.split(' ')
            .map(|w| format!("b{w}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = format!("{items} {}\n", rename(items));
    for l in lines {
        text += &format!("{l}\n{}\n", rename(l));
    }
    let (out, _) = run(&["count", "exact-cover", "-", "--memo", "--json"], &text);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let want = BigUint::from(53060477521960000u64).pow(2);
    assert_eq!(v["solutions"], want.to_string());
    assert!(v["parts"].as_u64().unwrap() >= 1);
}

#[test]
fn a_full_table_evicts_its_smallest_subproblems_and_the_count_stays_exact() {
    // Domino tilings of 12x12: 52,073 memos (about 4.8 MB) with room for all; within 4 MiB the
    // table fills, evicts, and the count is the same, said on stderr.
    let (out, err) = run(&["count", "dominoes", "12", "12", "--memo", "--json"], "");
    let all: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(all["solutions"], 53_060_477_521_960_000u64);
    assert_eq!(
        (all["memo_full"].as_bool(), all["memo_evicted"].as_u64()),
        (Some(false), Some(0))
    );
    assert!(err.is_empty(), "{err}");
    let (out, err) = run(
        &[
            "count",
            "dominoes",
            "12",
            "12",
            "--memo",
            "--memo-budget",
            "4",
            "--json",
        ],
        "",
    );
    let tight: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(tight["solutions"], all["solutions"]);
    let evicted = tight["memo_evicted"].as_u64().unwrap();
    assert!(
        tight["memo_full"].as_bool().unwrap() && evicted > 0,
        "{tight}"
    );
    assert!(tight["memo_bytes"].as_u64().unwrap() <= 4 << 20, "{tight}");
    assert!(tight["nodes"].as_u64() > all["nodes"].as_u64(), "{tight}");
    assert!(
        err.contains(&format!(
            "reached its budget (4 MiB) and evicted {evicted} memos of the smallest subproblems"
        )),
        "{err}"
    );
}
