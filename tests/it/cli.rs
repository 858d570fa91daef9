//! The `dlx` binary, run as a user would: counts, decoded boards checked against each puzzle's rules
//! (by checkers written here, independent of the library), JSON output, export round trips, and bad
//! input giving one clear line and exit status 2.

use serde_json::Value;
use std::collections::HashSet;
use std::io::Read;
use std::process::{Command, Output, Stdio};

use crate::common::{check, dlx_with_stdin, Expect};

fn dlx(args: &[&str]) -> Output {
    dlx_with_stdin(args, "")
}

/// Runs `dlx ARGS` expecting success and nothing on stderr; returns stdout.
fn ok_with_stdin(args: &[&str], stdin: &str) -> String {
    check(args, stdin, Expect::Quiet)
}

fn ok(args: &[&str]) -> String {
    ok_with_stdin(args, "")
}

/// The notes a count may add on stderr: nothing to search, no Langford pairing, how a matrix was
/// read (`warnings_and_notes_reach_stderr…`).
const NOTES: Expect = Expect::Noted(&["dlx: note: ", "dlx: Read as "]);

/// Runs `dlx ARGS` expecting success, with at most [`NOTES`] on stderr; returns stdout.
fn ok_noted(args: &[&str], stdin: &str) -> String {
    check(args, stdin, NOTES)
}

fn count(args: &[&str]) -> u64 {
    let mut a = vec!["count"];
    a.extend_from_slice(args);
    let out = ok_noted(&a, "");
    out.trim_end()
        .parse()
        .unwrap_or_else(|_| panic!("dlx {a:?} printed {out:?}, not a number"))
}

fn json(args: &[&str]) -> Value {
    let out = ok(args);
    assert_eq!(out.lines().count(), 1, "one JSON line: {out}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

/// Runs `dlx ARGS` expecting bad input: status 2, one line `dlx: …` containing each of `wanted`,
/// nothing on stdout, no panic.
fn fails_with_stdin(args: &[&str], stdin: &str, wanted: &[&str]) -> String {
    check(args, stdin, Expect::Refused(wanted))
}

fn fails(args: &[&str], wanted: &[&str]) -> String {
    fails_with_stdin(args, "", wanted)
}

// ---- Checkers of the puzzles' rules, on the board text the CLI prints. ----

/// The queens of an N×N board of `.` and `Q`, one per rank; `None` if the text is not such a board.
fn queens_of(text: &str, n: usize) -> Option<Vec<(usize, usize)>> {
    let rows: Vec<&str> = text.lines().collect();
    if rows.len() != n {
        return None;
    }
    let mut q = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        if r.len() != n || r.chars().any(|c| c != '.' && c != 'Q') || r.matches('Q').count() != 1 {
            return None;
        }
        q.push((i, r.find('Q').unwrap()));
    }
    Some(q)
}

/// N queens, no two in a rank, file or diagonal; on a torus the diagonals wrap around.
fn assert_queens(text: &str, n: usize, torus: bool) {
    let q = queens_of(text, n).unwrap_or_else(|| panic!("not an {n}x{n} board of queens:\n{text}"));
    for (x, &(i, j)) in q.iter().enumerate() {
        for &(k, l) in &q[..x] {
            let (d1, d2) = if torus {
                (
                    (i + n - j) % n == (k + n - l) % n,
                    (i + j) % n == (k + l) % n,
                )
            } else {
                (i + l == j + k, i + j == k + l)
            };
            assert!(
                j != l && !d1 && !d2,
                "queens at ({i},{j}) and ({k},{l}) attack each other:\n{text}"
            );
        }
    }
}

// ---- Counts ----

#[test]
fn counts_queens() {
    let want = [1, 0, 0, 2, 10, 4, 40, 92];
    for (n, &w) in (1..).zip(want.iter()) {
        assert_eq!(count(&["queens", &n.to_string()]), w, "queens {n}");
    }
}

#[test]
fn another_seed_keeps_the_count_and_is_deterministic() {
    let plain = ok(&["solve", "queens", "8"]);
    let mut differs = false;
    for seed in ["1", "2", "3"] {
        assert_eq!(count(&["queens", "8", "--seed", seed]), 92, "seed {seed}");
        let a = ok(&["solve", "queens", "8", "--seed", seed]);
        assert_eq!(a, ok(&["solve", "queens", "8", &format!("--seed={seed}")]));
        assert_queens(a.trim_end(), 8, false);
        differs |= a != plain;
    }
    assert!(differs, "no seed changed the order of the search");
    for args in [
        &["toroidal-queens", "7"][..],
        &["latin", "4"],
        &["langford", "8"],
        &["langford", "8", "--distinct"],
    ] {
        let want = count(args);
        for seed in ["5", "6"] {
            let mut a = args.to_vec();
            a.extend(["--seed", seed]);
            assert_eq!(count(&a), want, "{a:?}");
        }
    }
}

#[test]
fn progress_runs_in_chunks_and_counts_the_same() {
    // --progress forces the chunked run (Limits { nodes }) even though stderr is a pipe here.
    for (n, want) in [("10", "724"), ("6", "4")] {
        let ran = crate::common::run(&["count", "queens", n, "--progress"], "");
        assert_eq!(ran.code, Some(0), "{}", ran.stderr);
        assert_eq!(ran.stdout.trim_end(), want);
        let err = ran.stderr;
        assert!(!err.contains("dlx:") && !err.contains("panicked"), "{err}");
    }
    let a = ok(&["solve", "queens", "10", "--limit", "0"]);
    let out = dlx(&["solve", "queens", "10", "--limit", "0", "--progress"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), a);
}

// ---- solve ----

#[test]
fn solve_prints_legal_distinct_boards_up_to_the_limit() {
    let one = ok(&["solve", "queens", "8"]);
    assert_queens(one.trim_end(), 8, false);
    assert!(!one.contains("\n\n"), "the default limit is one board");

    let all = ok(&["solve", "queens", "6", "--limit", "0"]);
    let boards: Vec<&str> = all.trim_end().split("\n\n").collect();
    assert_eq!(boards.len(), 4);
    for b in &boards {
        assert_queens(b, 6, false);
    }
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), 4);

    let two = ok(&["solve", "queens", "6", "--limit", "2"]);
    assert_eq!(
        two.trim_end().split("\n\n").collect::<Vec<_>>(),
        boards[..2]
    );
    // A limit above the number of solutions shows them all.
    assert_eq!(ok(&["solve", "queens", "6", "--limit", "50"]), all);

    assert_eq!(ok(&["solve", "queens", "3"]), "No solution.\n");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // 724 boards of 110 bytes outgrow a pipe's buffer, so dlx is still writing when we stop reading.
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["solve", "queens", "10", "--limit", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut head = [0u8; 11];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{:?} {err}", out.status);
}

// ---- JSON ----

fn assert_stats(v: &Value) {
    for key in ["solutions", "nodes", "updates"] {
        assert!(v[key].is_u64(), "{key} in {v}");
    }
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    assert!(v["nodes"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn count_json_has_the_stats_and_a_legal_first_board() {
    let v = json(&["count", "queens", "8", "--json"]);
    assert_stats(&v);
    assert_eq!(v["solutions"], 92);
    assert!(v["updates"].as_u64().unwrap() > v["nodes"].as_u64().unwrap());
    assert_queens(v["first"].as_str().unwrap(), 8, false);
    // The first board is the one `solve` shows first.
    assert_eq!(
        format!("{}\n", v["first"].as_str().unwrap()),
        ok(&["solve", "queens", "8"])
    );

    let none = json(&["count", "queens", "3", "--json"]);
    assert_stats(&none);
    assert_eq!(none["solutions"], 0);
    assert!(none["first"].is_null());
}

#[test]
fn solve_json_lists_the_boards() {
    let v = json(&["solve", "queens", "6", "--limit", "0", "--json"]);
    assert_stats(&v);
    assert_eq!(v["solutions"], 4);
    assert_eq!(v["complete"], true);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 4);
    assert_eq!(v["first"], boards[0]);
    for b in boards {
        assert_queens(b.as_str().unwrap(), 6, false);
    }
    assert!(v.get("unique").is_none(), "unique is for Sudoku: {v}");

    let v = json(&["solve", "queens", "8", "--limit", "3", "--json"]);
    assert_eq!(v["solutions"], 3);
    assert_eq!(v["complete"], false);
    assert_eq!(v["boards"].as_array().unwrap().len(), 3);

    let v = json(&["solve", "queens", "2", "--json"]);
    assert_eq!(v["solutions"], 0);
    assert_eq!(v["complete"], true);
    assert!(v["first"].is_null());
    assert_eq!(v["boards"], serde_json::json!([]));
}

// ---- export ----

/// The items line and the options of Knuth's format; checks that every option names known items
/// (with a colour after `:`, if any).
fn parse_knuth(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines();
    let items: Vec<String> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .filter(|&w| w != "|")
        .map(String::from)
        .collect();
    let known: HashSet<&String> = items.iter().collect();
    let options: Vec<Vec<String>> = lines
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    for o in &options {
        assert!(
            // `name:colour` (Knuth's DLX2) names item `name`.
            !o.is_empty()
                && o.iter().all(|w| {
                    let name = w.split_once(':').map_or(w.as_str(), |(n, c)| {
                        assert!(!c.is_empty(), "{w}: empty colour");
                        n
                    });
                    known.contains(&name.to_string())
                }),
            "{o:?}"
        );
    }
    (items, options)
}

#[test]
fn export_queens_is_knuths_format() {
    let text = ok(&["export", "queens", "4"]);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first.split(" | ").count(),
        2,
        "primary | secondary: {first}"
    );
    let (items, options) = parse_knuth(&text);
    // 4 ranks, 4 files, 7 + 7 diagonals; one option per square, each over rank, file and 2 diagonals.
    assert_eq!(items.len(), 22);
    assert_eq!(options.len(), 16);
    assert!(options.iter().all(|o| o.len() == 4));
}

// ---- Bad input ----

#[test]
fn bad_arguments_get_one_line_and_status_2() {
    fails(&[], &["missing command"]);
    fails(&["tally", "queens", "8"], &["unknown command `tally`"]);
    fails(&["count"], &["missing problem"]);
    fails(&["count", "kings", "8"], &["unknown problem `kings`"]);
    fails(&["count", "queens"], &["queens needs an argument: N"]);
    fails(
        &["count", "queens", "eight"],
        &["N must be a whole number", "`eight`"],
    );
    fails(
        &["count", "queens", "-3"],
        &["N must be a whole number", "`-3`"],
    );
    fails(
        &["count", "queens", "123456789012345678901234"],
        &["too large"],
    );
    // N is read as the page reads it (problems::parse_n): a sign is not a digit.
    let plus = fails(
        &["count", "queens", "+3"],
        &["`+` is not a digit: N must be a whole number"],
    );
    assert_eq!(
        plus,
        format!(
            "dlx: N `+3`: {}\n",
            dlx_studio::problems::parse_n("+3").unwrap_err()
        )
    );
    fails(
        &["count", "langford", "3 4"],
        &["N must be one whole number, not several"],
    );
    fails(&["count", "latin", "  "], &["N is missing"]);
    fails(&["export", "toroidal-queens", "5x"], &["column 2", "`x`"]);
    assert_eq!(ok(&["count", "queens", " 6 "]), "4\n");
    fails(
        &["count", "queens", "0"],
        &["N for N-queens", "between 1 and 64", "not 0"],
    );
    fails(&["solve", "queens", "65"], &["between 1 and 64", "not 65"]);
    fails(&["count", "queens", "8", "9"], &["unexpected argument `9`"]);
    fails(
        &["count", "queens", "8", "--frob"],
        &["unknown option `--frob`"],
    );
    fails(&["count", "queens", "8", "-x"], &["unknown option `-x`"]);
    fails(
        &["count", "queens", "8", "--limit", "3"],
        &["--limit applies to solve"],
    );
    fails(
        &["solve", "queens", "8", "--limit"],
        &["--limit needs a value"],
    );
    // `--threads=` with nothing after it (was "--threads ``: --threads is missing").
    fails(
        &["count", "queens", "8", "--threads="],
        &["--threads= has nothing after the `=`: it needs a value (T)"],
    );
    fails(
        &["solve", "queens", "8", "--limit", "many"],
        &["--limit must be a whole number"],
    );
    fails(
        &["count", "queens", "8", "--seed", "x"],
        &["--seed must be a whole number"],
    );
    fails(
        &["count", "queens", "8", "--json=yes"],
        &["--json takes no value"],
    );
    // The last value won: part 1 of 2 alone was counted, and called the count.
    fails(
        &["count", "queens", "8", "--part", "0/2", "--part", "1/2"],
        &["--part is given twice: it takes one value (the second was `1/2`)"],
    );
    // Rules add up (the last one alone was applied: anti-knight's 24 4x4 grids, where X and
    // anti-knight together have none).
    assert_eq!(
        count(&[
            "sudoku",
            "................",
            "--variant",
            "x",
            "--variant",
            "anti-knight"
        ]),
        count(&["sudoku", "................", "--variant", "x,anti-knight"])
    );
    assert_eq!(
        count(&["sudoku", "................", "--variant", "anti-knight"]),
        24
    );
    fails(
        &["export", "queens", "8", "--json"],
        &["--json applies to count, solve and make"],
    );
    fails(
        &["count", "queens", "8", "--distinct"],
        &["--distinct applies to langford and pentomino"],
    );
}

#[test]
fn unreadable_files_get_one_line_and_status_2() {
    fails(
        &["count", "exact-cover", "/no/such/file.dlx"],
        &["cannot read `/no/such/file.dlx`", "No such file"],
    );
    let dir = env!("CARGO_MANIFEST_DIR");
    fails(&["count", "exact-cover", dir], &["cannot read", dir]);
}

#[test]
fn help_goes_to_stdout() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["solve", "queens", "--help"],
    ] {
        let out = ok(args);
        assert!(out.contains("Usage:") && out.contains("--limit"), "{out}");
    }
}

/// A Latin square of order n: n lines of n symbols, each row and each column a permutation of one set
/// of n symbols.
fn assert_latin(text: &str, n: usize) {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(rows.len(), n, "{text}");
    let symbols: HashSet<char> = rows[0].iter().copied().collect();
    assert_eq!(symbols.len(), n, "first row repeats a symbol:\n{text}");
    assert!(!symbols.contains(&'.'), "empty cell:\n{text}");
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.len(), n, "{text}");
        let row: HashSet<char> = r.iter().copied().collect();
        let col: HashSet<char> = (0..n).map(|r| rows[r][i]).collect();
        assert_eq!(row, symbols, "row {i}:\n{text}");
        assert_eq!(col, symbols, "column {i}:\n{text}");
    }
}

/// A Langford pairing of 1..=n: 2n numbers, the two copies of k with exactly k numbers between them.
fn assert_langford(text: &str, n: usize) {
    let seq: Vec<usize> = text
        .split_whitespace()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("`{w}` in {text:?}")))
        .collect();
    assert_eq!(seq.len(), 2 * n, "{text}");
    for k in 1..=n {
        let at: Vec<usize> = (0..2 * n).filter(|&p| seq[p] == k).collect();
        assert_eq!(at.len(), 2, "{k} in {text}");
        assert_eq!(at[1] - at[0], k + 1, "{k} in {text}");
    }
}

#[test]
fn counts_toroidal_queens_latin_and_langford() {
    for (n, want) in [(1, 1), (4, 0), (5, 10), (7, 28), (11, 88)] {
        assert_eq!(
            count(&["toroidal-queens", &n.to_string()]),
            want,
            "toroidal {n}"
        );
    }
    for (n, want) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        assert_eq!(count(&["latin", &n.to_string()]), want, "latin {n}");
    }
    for (n, want) in [(1, 0), (3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        assert_eq!(count(&["langford", &n.to_string()]), want, "langford {n}");
        let half = count(&["langford", &n.to_string(), "--distinct"]);
        assert_eq!(half, want / 2, "langford {n} --distinct");
    }
}

#[test]
fn boards_of_toroidal_queens_latin_and_langford_are_legal() {
    let v = json(&["solve", "toroidal-queens", "7", "--limit", "0", "--json"]);
    assert_eq!(v["solutions"], 28);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 28);
    for b in boards {
        assert_queens(b.as_str().unwrap(), 7, true);
    }

    let v = json(&["solve", "latin", "4", "--limit", "20", "--json"]);
    assert_eq!(v["boards"].as_array().unwrap().len(), 20);
    let mut seen = HashSet::new();
    for b in v["boards"].as_array().unwrap() {
        assert_latin(b.as_str().unwrap(), 4);
        assert!(seen.insert(b.as_str().unwrap().to_string()));
    }

    let all = ok(&["solve", "langford", "7", "--limit", "0"]);
    let boards: Vec<&str> = all.trim_end().split("\n\n").collect();
    assert_eq!(boards.len(), 52);
    let set: HashSet<&str> = boards.iter().copied().collect();
    assert_eq!(set.len(), 52);
    for b in &boards {
        assert_langford(b, 7);
        // Every pairing read backwards is another one.
        let rev: Vec<&str> = b.split(' ').rev().collect();
        assert!(set.contains(rev.join(" ").as_str()), "{b}");
    }
    let v = json(&["count", "langford", "8", "--distinct", "--json"]);
    assert_langford(v["first"].as_str().unwrap(), 8);
}

#[test]
fn n_out_of_range_for_the_other_problems() {
    fails(&["count", "toroidal-queens", "65"], &["toroidal", "not 65"]);
    fails(
        &["count", "latin", "36"],
        &["Latin square", "between 1 and 35", "not 36"],
    );
    fails(&["count", "langford", "0"], &["Langford", "not 0"]);
    fails(
        &["count", "latin", "4", "--distinct"],
        &["--distinct applies"],
    );
}

/// A pentomino packing of a `rows`×`cols` board: `#` for the holes given, and the twelve letters F I L
/// N P T U V W X Y Z, each covering five connected squares, the twelve shapes all different (there are
/// exactly twelve free pentominoes, so that means one of each).
fn assert_pentomino(text: &str, rows: usize, cols: usize, holes: &[(usize, usize)]) {
    let grid: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(grid.len(), rows, "{text}");
    let mut cells: std::collections::BTreeMap<char, Vec<(i32, i32)>> = Default::default();
    for (i, row) in grid.iter().enumerate() {
        assert_eq!(row.len(), cols, "{text}");
        for (j, &c) in row.iter().enumerate() {
            assert_eq!(
                c == '#',
                holes.contains(&(i, j)),
                "square ({i},{j}):\n{text}"
            );
            if c != '#' {
                cells.entry(c).or_default().push((i as i32, j as i32));
            }
        }
    }
    let letters: String = cells.keys().collect();
    assert_eq!(letters, "FILNPTUVWXYZ", "{text}");
    let mut shapes = HashSet::new();
    for (c, sq) in &cells {
        assert_eq!(sq.len(), 5, "piece {c}:\n{text}");
        // Connected: grow from one square through edge neighbours.
        let mut reached = vec![sq[0]];
        let mut k = 0;
        while k < reached.len() {
            let (i, j) = reached[k];
            for n in [(i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)] {
                if sq.contains(&n) && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            k += 1;
        }
        assert_eq!(reached.len(), 5, "piece {c} is not connected:\n{text}");
        // The free shape: the least normalised form among the 8 rotations and reflections.
        let canon = (0..8)
            .map(|t| {
                let mut v: Vec<(i32, i32)> = sq
                    .iter()
                    .map(|&(i, j)| {
                        let (a, b) = if t & 1 == 1 { (j, i) } else { (i, j) };
                        let a = if t & 2 == 2 { -a } else { a };
                        let b = if t & 4 == 4 { -b } else { b };
                        (a, b)
                    })
                    .collect();
                let (mi, mj) = (
                    v.iter().map(|p| p.0).min().unwrap(),
                    v.iter().map(|p| p.1).min().unwrap(),
                );
                v.iter_mut().for_each(|p| *p = (p.0 - mi, p.1 - mj));
                v.sort();
                v
            })
            .min()
            .unwrap();
        assert!(shapes.insert(canon), "piece {c} repeats a shape:\n{text}");
    }
}

const SCOTT_HOLES: [(usize, usize); 4] = [(3, 3), (3, 4), (4, 3), (4, 4)];

#[test]
fn counts_pentominoes() {
    // Each class of solutions has 4 members on a rectangle, 8 on the square.
    for (board, distinct, images) in [("3x20", 2, 4), ("8x8", 65, 8)] {
        assert_eq!(count(&["pentomino", board]), distinct * images, "{board}");
        assert_eq!(
            count(&["pentomino", board, "--distinct"]),
            distinct,
            "{board}"
        );
    }
    assert_eq!(count(&["pentomino", "4x15", "--distinct"]), 368);
    assert_eq!(count(&["pentomino", "6x10", "--distinct"]), 2339);
    assert_eq!(
        count(&["pentomino", "3x20", "--distinct", "--seed", "3"]),
        2
    );
}

#[test]
fn pentomino_boards_are_legal() {
    let v = json(&["solve", "pentomino", "3x20", "--limit", "0", "--json"]);
    assert_eq!(v["solutions"], 8);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), 8);
    for b in boards {
        assert_pentomino(b.as_str().unwrap(), 3, 20, &[]);
    }
    let v = json(&["count", "pentomino", "8x8", "--distinct", "--json"]);
    assert_pentomino(v["first"].as_str().unwrap(), 8, 8, &SCOTT_HOLES);
    let b = ok(&["solve", "pentomino", "6x10", "--seed", "11"]);
    assert_pentomino(b.trim_end(), 6, 10, &[]);
}

#[test]
fn unknown_pentomino_board() {
    fails(&["count", "pentomino", "7x7"], &["`7x7`", "6x10"]);
    fails(&["count", "pentomino"], &["pentomino needs an argument"]);
}

// ---- Sudoku ----

/// Project Euler's first grid: one solution.
const SUDOKU: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A solved Sudoku as one line of N² symbols: every row, column and box holds each symbol once, and
/// the givens of `puzzle` (one line, `.` for empty) are where they were.
fn assert_sudoku(text: &str, puzzle: &str) {
    let cells: Vec<char> = text.chars().collect();
    let size = match cells.len() {
        16 => 4,
        81 => 9,
        _ => panic!("{} cells: {text:?}", cells.len()),
    };
    let side = if size == 4 { 2 } else { 3 };
    let symbols: HashSet<char> = "123456789".chars().take(size).collect();
    let unit = |cs: Vec<usize>| -> HashSet<char> { cs.into_iter().map(|p| cells[p]).collect() };
    for u in 0..size {
        let row = unit((0..size).map(|c| u * size + c).collect());
        let col = unit((0..size).map(|r| r * size + u).collect());
        let (br, bc) = (u / side * side, u % side * side);
        let boxed = unit(
            (0..size)
                .map(|k| (br + k / side) * size + bc + k % side)
                .collect(),
        );
        assert_eq!(row, symbols, "row {u}: {text}");
        assert_eq!(col, symbols, "column {u}: {text}");
        assert_eq!(boxed, symbols, "box {u}: {text}");
    }
    for (p, g) in puzzle.chars().enumerate() {
        assert!(
            g == '.' || g == cells[p],
            "given {g} at cell {p} lost: {text}"
        );
    }
}

#[test]
fn sudoku_solve_says_whether_the_solution_is_unique() {
    let out = ok(&["solve", "sudoku", SUDOKU]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_sudoku(lines[0], SUDOKU);
    assert_eq!(lines[1..], ["", "The solution is unique."]);

    let v = json(&["solve", "sudoku", SUDOKU, "--json"]);
    assert_stats(&v);
    assert_eq!(v["unique"], true);
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["first"], lines[0]);
    assert_eq!(count(&["sudoku", SUDOKU]), 1);

    // One row given: very many solutions; solve stops at the second.
    let loose = format!("123456789{}", ".".repeat(72));
    let out = ok(&["solve", "sudoku", &loose]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_sudoku(lines[0], &loose);
    assert_eq!(lines[2], "The solution is not unique.");
    let v = json(&["solve", "sudoku", &loose, "--json"]);
    assert_eq!(v["unique"], false);
    assert_eq!(v["solutions"], 2);
    assert_eq!(v["complete"], false);
    assert_eq!(v["boards"].as_array().unwrap().len(), 1);
    let v = json(&["solve", "sudoku", &loose, "--limit", "3", "--json"]);
    assert_eq!(v["unique"], false);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 3);
    for b in boards {
        assert_sudoku(b.as_str().unwrap(), &loose);
    }

    // An empty 4x4 grid: all 288 Shidoku squares.
    let empty = ".".repeat(16);
    assert_eq!(count(&["sudoku", &empty]), 288);
    assert_eq!(count(&["sudoku", &empty, "--seed", "8"]), 288);
    let v = json(&["solve", "sudoku", &empty, "--limit", "0", "--json"]);
    assert_eq!(v["unique"], false);
    assert_eq!(v["complete"], true);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), 288);
    for b in boards {
        assert_sudoku(b.as_str().unwrap(), &empty);
    }

    // A puzzle whose givens do not clash but admit no solution: r1c9 can hold nothing.
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    assert_eq!(ok(&["solve", "sudoku", &stuck]), "No solution.\n");
    let v = json(&["solve", "sudoku", &stuck, "--json"]);
    assert_eq!(v["unique"], false);
    assert!(v["first"].is_null());
}

#[test]
fn sudoku_reads_a_drawn_grid_from_standard_input() {
    let mut grid = String::new();
    for (r, row) in SUDOKU.as_bytes().chunks(9).enumerate() {
        if r % 3 == 0 && r > 0 {
            grid.push_str("------+-------+------\n");
        }
        for (c, &ch) in row.iter().enumerate() {
            if c % 3 == 0 && c > 0 {
                grid.push_str("| ");
            }
            grid.push(if ch == b'.' { '0' } else { ch as char });
            grid.push(' ');
        }
        grid.push('\n');
    }
    assert_eq!(
        ok_with_stdin(&["solve", "sudoku", "-"], &grid),
        ok(&["solve", "sudoku", SUDOKU])
    );
}

#[test]
fn bad_sudokus_get_one_line_and_status_2() {
    fails(
        &["count", "sudoku", &SUDOKU[..80]],
        &[
            "the puzzle",
            "read 80 cells",
            "nearest 64 (8x8) or 81 (9x9)",
        ],
    );
    fails(&["count", "sudoku", ""], &["read 0 cells"]);
    let y = format!("{}y", &SUDOKU[..80]);
    fails(
        &["count", "sudoku", &y],
        &["line 1, column 81", "`y` is not a symbol of a 9x9 Sudoku"],
    );
    fails(
        &["count", "sudoku", "1234....5......."],
        &[
            "line 1, column 9",
            "r3c1",
            "`5` is not a symbol of a 4x4 Sudoku",
        ],
    );
    // A 3 added at r1c1 clashes with the 3 at r1c3.
    let clash = format!("3{}", &SUDOKU[1..]);
    fails(
        &["solve", "sudoku", &clash],
        &["line 1, column 3", "givens clash", "r1c1 and r1c3", "row 1"],
    );
    fails(&["export", "sudoku", &clash], &["givens clash"]);
    fails_with_stdin(
        &["count", "sudoku", "-"],
        "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 Z\n",
        &["standard input: line 4, column 7", "`Z`"],
    );
    fails(
        &["count", "sudoku", "1234", "5678"],
        &["unexpected argument `5678`", "quote the puzzle"],
    );
}

/// Easter Monster, a 9x9 that branches, as HoDoKu, Simple Sudoku and a box-drawing grid print it.
const EASTER: &str = include_str!("../data/sudoku/easter-monster.txt").trim_ascii();
const EASTER_HODOKU: &str = include_str!("../data/sudoku/easter-monster-hodoku.txt");
const EASTER_SIMPLE_SUDOKU: &str = "\
*-----------*
|1..|...|..2|
|.9.|4..|.5.|
|..6|...|7..|
|---+---+---|
|.5.|9.3|...|
|...|.7.|...|
|...|85.|.4.|
|---+---+---|
|7..|...|6..|
|.3.|..9|.8.|
|..2|...|..1|
*-----------*
";
const EASTER_BOXES: &str = "\
╔═══════╤═══════╤═══════╗
║ 1 . . │ . . . │ . . 2 ║
║ . 9 . │ 4 . . │ . 5 . ║
║ . . 6 │ . . . │ 7 . . ║
╟───────┼───────┼───────╢
║ . 5 . │ 9 . 3 │ . . . ║
║ . . . │ . 7 . │ . . . ║
║ . . . │ 8 5 . │ . 4 . ║
╟───────┼───────┼───────╢
║ 7 . . │ . . . │ 6 . . ║
║ . 3 . │ . . 9 │ . 8 . ║
║ . . 2 │ . . . │ . . 1 ║
╚═══════╧═══════╧═══════╝
";

/// A 16x16 with one solution (made by emptying cells of a full grid), in 1-9 and A-G.
const SIXTEEN: &str = ".......5B...76F.G2.394D..6..A.C..BA....72.5..9D....6..C..9.....\
                       26.2G.A...F...C35....G7..5C..1F..9..F...B.D4E..6......8..7G..4.E.\
                       .E.85......B.7...9..A.BC..D..5...3...91F6..2D8.E2.G.8E....F.C.B3A\
                       CE.2.7...3...8..G.....9..67.4A.8..1...3C..A...F..624...D.98.B5.";

/// The value of a 1-9/A-G symbol, 0 for `.`.
fn value16(c: char) -> u32 {
    c.to_digit(36).unwrap_or(0)
}

#[test]
fn sudoku_reads_the_grids_people_paste() {
    let expected = ok(&["solve", "sudoku", EASTER, "--json"]);
    let v: Value = serde_json::from_str(&expected).unwrap();
    assert_eq!(v["unique"], true);
    assert_sudoku(v["first"].as_str().unwrap(), EASTER);
    for grid in [EASTER_HODOKU, EASTER_SIMPLE_SUDOKU, EASTER_BOXES] {
        let got: Value =
            serde_json::from_str(&ok_with_stdin(&["solve", "sudoku", "-", "--json"], grid))
                .unwrap();
        assert_eq!(got["first"], v["first"], "{grid}");
        assert_eq!(got["nodes"], v["nodes"], "{grid}");
    }
    // Other empty marks, comment lines and a title line.
    for mark in ['0', '_', '*', 'x'] {
        let text = format!(
            "Easter Monster\n# the hardest of 2007\n// by the forum\n{}",
            EASTER.replace('.', &mark.to_string())
        );
        // The skipped title is said on stderr (issue 22, finding 8).
        let out = dlx(&["count", "sudoku", &text]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n", "{text}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "dlx: Read as a 9x9 Sudoku (the title line skipped)\n"
        );
    }
    // 16x16 in hexadecimal: solved and printed in hexadecimal.
    let hex: String = SIXTEEN
        .chars()
        .map(|c| match value16(c) {
            0 => '.',
            v => char::from_digit(v - 1, 16).unwrap().to_ascii_uppercase(),
        })
        .collect();
    let v = json(&["solve", "sudoku", &hex, "--json"]);
    assert_eq!(v["unique"], true);
    let first = v["first"].as_str().unwrap();
    assert_eq!(first.len(), 256);
    assert!(first.contains('0') && !first.contains('G'), "{first}");
    // The same puzzle as numbers separated by commas, then by spaces, one row a line.
    let numbers = |sep: &str| -> String {
        SIXTEEN
            .chars()
            .collect::<Vec<_>>()
            .chunks(16)
            .map(|r| {
                r.iter()
                    .map(|&c| value16(c).to_string())
                    .collect::<Vec<_>>()
                    .join(sep)
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let standard = json(&["solve", "sudoku", SIXTEEN, "--json"]);
    // Typed as numbers, it comes back as numbers: the standard solution, one row of numbers a line.
    let as_numbers: String = standard["first"]
        .as_str()
        .unwrap()
        .chars()
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|r| {
            r.iter()
                .map(|&c| value16(c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(as_numbers.contains("16"), "{as_numbers}");
    for sep in [",", " ", ", "] {
        let got: Value = serde_json::from_str(&ok_with_stdin(
            &["solve", "sudoku", "-", "--json"],
            &numbers(sep),
        ))
        .unwrap();
        assert_eq!(got["first"], as_numbers.as_str(), "separator {sep:?}");
    }
    let printed = ok_with_stdin(&["solve", "sudoku", "-"], &numbers(" "));
    assert!(printed.starts_with(&format!("{as_numbers}\n")), "{printed}");
    // The first solution in hexadecimal is the standard one, each symbol one lower.
    let shifted: String = standard["first"]
        .as_str()
        .unwrap()
        .chars()
        .map(|c| {
            char::from_digit(value16(c) - 1, 16)
                .unwrap()
                .to_ascii_uppercase()
        })
        .collect();
    assert_eq!(first, shifted);
    // A 25x25 in A-Y is counted like any other.
    let letters25 = "A".to_string() + &".".repeat(624);
    assert_eq!(
        json(&["solve", "sudoku", &letters25, "--json"])["unique"],
        false
    );
}

#[test]
fn a_sudoku_in_an_exact_cover_file_is_read_as_a_sudoku() {
    let stdout = check(
        &["solve", "exact-cover", "-"],
        EASTER,
        Expect::Says("dlx: Read as a 9x9 Sudoku\n"),
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_sudoku(lines[0], EASTER);
    assert_eq!(lines[2], "The solution is unique.");
}

#[test]
fn a_drawn_or_clashing_sudoku_in_an_exact_cover_file_is_a_sudoku_as_on_the_page() {
    // Simple Sudoku's drawing read as Knuth's format was 1 item and 1 option (1 solution, not the
    // puzzle's); HoDoKu and box drawing went the same way or failed.
    for grid in [EASTER_SIMPLE_SUDOKU, EASTER_HODOKU, EASTER_BOXES] {
        let stdout = check(
            &["solve", "exact-cover", "-"],
            grid,
            Expect::Says("dlx: Read as a 9x9 Sudoku\n"),
        );
        assert_sudoku(stdout.lines().next().unwrap(), EASTER);
    }
    // Two 1s in row 1: the clash, where it stands (it was "1 items, 0 options" and a count of 0).
    let clash = format!("11{}", &EASTER[2..]);
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        &clash,
        &["line 1, column 2: givens clash: r1c1 and r1c2 both hold 1 in row 1"],
    );
}

#[test]
fn bad_pasted_sudokus_say_what_was_read() {
    // 16x16 numbers with one lost: read one digit a cell, they are too many.
    let mut numbers: Vec<String> = SIXTEEN.chars().map(|c| value16(c).to_string()).collect();
    numbers.pop();
    let text = numbers.join(" ");
    let digits: usize = numbers.iter().map(|n| n.len()).sum();
    fails_with_stdin(
        &["count", "sudoku", "-"],
        &text,
        &[
            &format!("read {digits} cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest "),
            "; were `",
            "... meant as single numbers? (read as numbers, they are 255 cells)",
        ],
    );
    // Clashing givens in a drawn grid: both cells, and where the second stands.
    let clash = EASTER_HODOKU.replacen("| . 9 . | 4", "| 1 9 . | 4", 1);
    fails_with_stdin(
        &["count", "sudoku", "-"],
        &clash,
        &[
            "standard input: line 3, column 3",
            "givens clash: r1c1 and r2c1 both hold 1 in column 1",
        ],
    );
}

// ---- Exact cover ----

/// Knuth's example in TAOCP 7.2.2.1 (7 items, 6 options, one solution).
const KNUTH: &str = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

/// A set of chosen options, one a line, covers each primary item of the Knuth text once and each
/// secondary item at most once.
fn assert_cover(text: &str, knuth: &str) {
    let head = knuth.lines().next().unwrap();
    let (primary, secondary) = head.split_once('|').unwrap_or((head, ""));
    let mut seen = HashSet::new();
    for w in text.split_whitespace() {
        assert!(seen.insert(w), "item {w} covered twice: {text}");
        assert!(
            primary.split_whitespace().any(|p| p == w)
                || secondary.split_whitespace().any(|s| s == w),
            "unknown item {w}"
        );
    }
    for p in primary.split_whitespace() {
        assert!(seen.contains(p), "item {p} not covered: {text}");
    }
    // Each line is one of the options.
    let options: HashSet<Vec<&str>> = knuth
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    for l in text.lines() {
        assert!(
            options.contains(&l.split_whitespace().collect::<Vec<_>>()),
            "{l}"
        );
    }
}

#[test]
fn exact_cover_from_a_file_and_from_standard_input() {
    let dir = std::env::temp_dir().join(format!("dlx-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("knuth.dlx");
    std::fs::write(&file, KNUTH).unwrap();
    let path = file.to_str().unwrap();
    assert_eq!(count(&["exact-cover", path]), 1);
    let v = json(&["solve", "exact-cover", path, "--json"]);
    assert_cover(v["first"].as_str().unwrap(), KNUTH);
    assert_eq!(v["first"], "A D\nC E F\nB G");
    assert_eq!(ok_with_stdin(&["count", "exact-cover", "-"], KNUTH), "1\n");

    // Secondary items may stay uncovered: {a x, b}, {a x, b y}, {a, b} and {a, b y}.
    let gen = "a b | x y\na x\nb\nb y\na\nx y\n";
    assert_eq!(ok_with_stdin(&["count", "exact-cover", "-"], gen), "4\n");
    let out = ok_with_stdin(&["solve", "exact-cover", "-", "--limit", "0"], gen);
    let sols: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(sols.len(), 4);
    for s in sols {
        assert_cover(s, gen);
    }

    // The same problem as Knuth's, as a 0-1 matrix with no header.
    let matrix = "0010110\n1001001\n0110010\n1001000\n0100001\n0001011\n";
    assert_eq!(ok_with_stdin(&["count", "exact-cover", "-"], matrix), "1\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_exact_cover_input_gets_one_line_and_status_2() {
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "A B C\nA B\nB Q\n",
        &["standard input: line 3, column 3", "unknown item `Q`"],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "101\n01\n",
        &["standard input: line 2", "row has 2 entries, expected 3"],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "",
        &["standard input", "the text is empty: no items line"],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "A B\nA A\n",
        &["standard input: line 2, column 3", "`A` appears twice"],
    );
    // A binary file (this very binary: its ELF header has a NUL at offset 7), and text that is not
    // UTF-8.
    let latin1 = std::env::temp_dir().join(format!("dlx-latin1-{}.txt", std::process::id()));
    std::fs::write(&latin1, b"caf\xe9 b\ncaf\xe9\n").unwrap();
    for (file, wanted) in [
        (
            std::path::PathBuf::from(env!("CARGO_BIN_EXE_dlx")),
            "dlx: standard input is not text: a NUL byte at offset 7",
        ),
        (
            latin1.clone(),
            "dlx: standard input is not UTF-8 text (bad byte at offset 3)",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["count", "exact-cover", "-"])
            .stdin(std::fs::File::open(file).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.starts_with(wanted), "{err}");
    }
    std::fs::remove_file(latin1).unwrap();
}

// ---- Export round trips ----

/// `dlx export ARGS | dlx count exact-cover -` counts as `dlx count ARGS`.
fn round_trip(args: &[&str]) -> u64 {
    let mut e = vec!["export"];
    e.extend_from_slice(args);
    let knuth = ok(&e);
    let (items, _) = parse_knuth(&knuth);
    assert!(!items.is_empty(), "{args:?}");
    let via = ok_noted(&["count", "exact-cover", "-"], &knuth);
    let direct = count(args);
    assert_eq!(via.trim_end(), direct.to_string(), "dlx export {args:?}");
    direct
}

#[test]
fn export_then_count_gives_the_same_count() {
    assert_eq!(round_trip(&["queens", "8"]), 92);
    assert_eq!(round_trip(&["toroidal-queens", "7"]), 28);
    assert_eq!(round_trip(&["latin", "4"]), 576);
    assert_eq!(round_trip(&["langford", "7"]), 52);
    assert_eq!(round_trip(&["langford", "8", "--distinct"]), 150);
    assert_eq!(round_trip(&["pentomino", "3x20"]), 8);
    assert_eq!(round_trip(&["pentomino", "8x8", "--distinct"]), 65);
    // Sudoku: the givens are placed, so the instance left is smaller than the empty grid's.
    assert_eq!(round_trip(&["sudoku", SUDOKU]), 1);
    assert_eq!(round_trip(&["sudoku", "12.............."]), 288 / 12);
    assert_eq!(round_trip(&["sudoku", "123434.........."]), 6);
    let reduced = ok(&["export", "sudoku", SUDOKU]);
    let full = ok(&["export", "sudoku", &".".repeat(81)]);
    assert_eq!(full.lines().count(), 1 + 729);
    assert!(
        reduced.lines().count() < 1 + 729 / 3,
        "{}",
        reduced.lines().count()
    );
    // Dead instances: items and no option at all, still Knuth's format, still counted (0).
    let dead = "132.2.34321.41.3";
    assert_eq!(round_trip(&["sudoku", dead]), 0);
    let (items, options) = parse_knuth(&ok(&["export", "sudoku", dead]));
    assert!(options.is_empty() && items.contains(&"r1c4".to_string()));
    assert_eq!(ok(&["export", "langford", "1"]), "1 s1 s2\n");
    assert_eq!(round_trip(&["langford", "1"]), 0);
    // A solved grid leaves no item, which Knuth's format cannot state: a comment says so, and this is
    // the one export that does not round-trip.
    let solved = json(&["count", "sudoku", SUDOKU, "--json"])["first"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(count(&["sudoku", &solved]), 1);
    let empty = ok(&["export", "sudoku", &solved]);
    assert!(
        empty.starts_with("| ") && empty.lines().count() == 1,
        "{empty}"
    );
    // An exact-cover problem exports as itself.
    assert_eq!(ok_with_stdin(&["export", "exact-cover", "-"], KNUTH), KNUTH);
}

#[test]
fn a_byte_order_mark_on_standard_input_is_skipped() {
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-"], "\u{feff}a b\na\nb\na b\n"),
        "2\n"
    );
    assert_eq!(
        ok_with_stdin(&["count", "sudoku", "-"], "\u{feff}12..............\n"),
        "24\n"
    );
}

// ---- Option rules (issue 12, finding 8) ----

#[test]
fn options_follow_one_rule_for_numbers_help_and_double_dash() {
    // A number given to an option is read like N: a sign is refused, with the same words.
    let plus = fails(
        &["solve", "queens", "8", "--limit", "+3"],
        &["`+` is not a digit: --limit must be a whole number"],
    );
    assert_eq!(
        plus,
        format!(
            "dlx: --limit `+3`: {}\n",
            dlx_studio::problems::parse_whole("--limit", "+3").unwrap_err()
        )
    );
    fails(
        &["count", "queens", "8", "--seed=-1"],
        &["`-` is not a digit: --seed must be a whole number"],
    );
    fails(
        &["solve", "queens", "8", "--limit", " "],
        &["--limit is missing"],
    );
    // Digits only, as the help says: a space around them is refused, not read past (`--seed ' 5'`
    // was taken as 5), here and in --part.
    fails(
        &["solve", "queens", "4", "--limit", " 1 "],
        &["--limit ` 1 `: whitespace at character 1: the value is digits only"],
    );
    fails(
        &["make", "sudoku", "--seed", " 5"],
        &["--seed ` 5`: whitespace at character 1"],
    );
    fails(
        &["count", "queens", "8", "--part", "0/2 "],
        &["--part `0/2 `: whitespace at character 4"],
    );
    // `--` ends the options: a Sudoku that starts with `-` (a drawn line) is an argument after it.
    let puzzle = "--12..............";
    fails(
        &["count", "sudoku", puzzle],
        &["unknown option `--12", "`--`"],
    );
    assert_eq!(ok(&["count", "sudoku", "--", puzzle]), "24\n");
    assert_eq!(ok(&["count", "--", "sudoku", puzzle]), "24\n");
    // Options after `--` are arguments too, `-h` among them; an option's value is never help.
    fails(
        &["count", "queens", "8", "--", "--json"],
        &["unexpected argument `--json`"],
    );
    fails(&["count", "sudoku", "--", "-h"], &["the puzzle"]);
    fails(
        &["solve", "queens", "8", "--limit", "-h"],
        &["--limit `-h`", "must be a whole number"],
    );
    fails(
        &["count", "queens", "8", "--seed", "--help"],
        &["--seed `--help`"],
    );
    // `-h` as an option asks for help, wherever it stands among the options, whatever else is wrong.
    for args in [
        &["count", "queens", "8", "-h"][..],
        &["count", "-h", "queens"],
        &["count", "queens", "x", "--frob", "-h"],
        &["--json", "-h"],
    ] {
        assert!(ok(args).contains("Usage:"), "{args:?}");
    }
    fails(&["--json"], &["missing command before `--json`"]);
    // The option table knows which command each option is for.
    fails(
        &["export", "queens", "8", "--seed", "3"],
        &["--seed applies to count, solve, make and zdd, not export"],
    );
    fails(
        &["export", "queens", "8", "--progress"],
        &["--progress applies to count, solve and make, not export"],
    );
}

#[test]
fn n_beyond_32_bits_is_far_too_large_on_every_target() {
    // The page (32-bit usize) refused it as far too large while the CLI passed it to the range check.
    fails(
        &["count", "queens", "4294967296"],
        &["N = 4294967296 is far too large"],
    );
    fails(&["count", "queens", "4294967295"], &["between 1 and 64"]);
}

// ---- Output that cannot be written (issue 12, finding 3) ----

/// `dlx ARGS` run by the shell with `redirect` applied (e.g. `>&-`): (status, stderr).
fn dlx_redirected(args: &str, redirect: &str) -> (Option<i32>, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} {redirect}"))
        .arg(env!("CARGO_BIN_EXE_dlx"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn unwritable_stdout_or_stderr_is_an_error_not_a_panic() {
    // stdout closed: an error, not silence (Rust's runtime puts /dev/null there, which hid it).
    let (code, err) = dlx_redirected("count queens 6", ">&-");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        err,
        "dlx: standard output is closed: nowhere to write the output\n"
    );
    // stdout to /dev/null on purpose is fine.
    assert_eq!(dlx_redirected("count queens 6", ">/dev/null").0, Some(0));
    // A full disk: status 1 and the reason.
    let (code, err) = dlx_redirected("solve queens 6 --limit 0", ">/dev/full");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("dlx: cannot write to standard output: No space left"),
        "{err}"
    );
    let (code, err) = dlx_redirected("--help", ">/dev/full");
    assert_eq!(code, Some(1), "{err}");
    // stderr full: the message cannot be written, the status still says what happened (101 was a
    // panic).
    assert_eq!(dlx_redirected("count queens x", "2>/dev/full").0, Some(2));
    assert_eq!(
        dlx_redirected("count queens 6 --progress", "2>/dev/full").0,
        Some(0),
        "a run too short for a progress line writes nothing to stderr"
    );
}

#[test]
fn a_closed_pipe_on_stderr_stops_the_progress_line_with_status_1() {
    // `dlx count queens 16 --progress 2>&1 | head -c 40` panicked (101) at the next progress line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["count", "queens", "16", "--progress"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let mut head = [0u8; 40];
    stderr.read_exact(&mut head).unwrap();
    assert!(String::from_utf8_lossy(&head).contains(" nodes, "));
    drop(stderr);
    // The next line, half a second on, fails; a bound in case it never comes (then kill and fail).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("dlx went on counting with its stderr closed");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(1));
}

// ---- Hostile input at scale (issue 12, findings 1, 5, 8) ----

/// `dlx ARGS` under a virtual-memory limit of `kib` KiB (the shell's `ulimit -v`), stdin from `file`:
/// (status, stderr).
fn dlx_limited(kib: u64, args: &str, file: &std::path::Path) -> (Option<i32>, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" {args}"))
        .arg(env!("CARGO_BIN_EXE_dlx"))
        .stdin(std::fs::File::open(file).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_long_bad_line_is_refused_in_bounded_memory() {
    // 50 MB of `a a a …`: the reader collected 25 M tokens (600 MB) before reporting column 3, and
    // under a 250 MB limit aborted (134) instead of printing its line. Now: the input plus a little.
    let path = temp_file("aaa.txt", "a ".repeat(25_000_000).as_bytes());
    let (code, err) = dlx_limited(250_000, "count exact-cover -", &path);
    std::fs::remove_file(path).unwrap();
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err,
        "dlx: standard input: line 1, column 3: item `a` is named twice in the items line (first \
         at column 1)\n"
    );
    // The same as an option line.
    let opts = format!("a b\n{}", "a ".repeat(25_000_000));
    let path = temp_file("aaa-option.txt", opts.as_bytes());
    let (code, err) = dlx_limited(250_000, "count exact-cover -", &path);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 2, column 3: item `a` appears twice"),
        "{err}"
    );
    std::fs::remove_file(path).unwrap();
}

#[test]
fn dev_zero_and_nul_bytes_are_not_text() {
    // /dev/zero was read until memory ran out: here, under a limit, it would abort (134).
    let (code, err) = dlx_limited(250_000, "count exact-cover /dev/zero", "/dev/null".as_ref());
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err,
        "dlx: `/dev/zero` is not text: a NUL byte at offset 0 (a binary file?)\n"
    );
    // A file of NUL bytes was one item named by a million NULs, with one solution.
    let path = temp_file("nul.bin", &[0u8; 1 << 20]);
    fails(
        &["count", "exact-cover", path.to_str().unwrap()],
        &["is not text: a NUL byte at offset 0"],
    );
    fails_with_stdin(
        &["count", "sudoku", "-"],
        "12..\0...........",
        &["standard input is not text: a NUL byte at offset 4"],
    );
    std::fs::remove_file(path).unwrap();
}

#[test]
fn the_input_cap_is_documented_and_raised_by_a_flag() {
    let text = "a b\na\nb\n";
    assert_eq!(
        fails_with_stdin(
            &["count", "exact-cover", "-", "--max-input", "7"],
            text,
            &[]
        ),
        "dlx: standard input: the text is longer than the input cap of 7 bytes (--max-input BYTES \
         raises it)\n"
    );
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-", "--max-input=8"], text),
        "1\n"
    );
    let path = temp_file("small.txt", text.as_bytes());
    fails(
        &[
            "export",
            "exact-cover",
            path.to_str().unwrap(),
            "--max-input",
            "5",
        ],
        &["the text is 8 bytes, more than the input cap of 5 bytes"],
    );
    fails_with_stdin(
        &["solve", "sudoku", "-", "--max-input", "10"],
        "12..............",
        &["longer than the input cap of 10 bytes"],
    );
    // The default, 64 MiB, as the usage says: one byte more is refused, and the flag lets it in.
    let usage = ok(&["--help"]);
    assert!(usage.contains("--max-input BYTES") && usage.contains("67108864, 64 MiB"));
    let mut big = "| comment\n".repeat((64 << 20) / 10);
    big.push_str("a\na\n");
    big.push_str(&" ".repeat((64 << 20) + 1 - big.len()));
    let path = temp_file("big.txt", big.as_bytes());
    let p = path.to_str().unwrap();
    fails(
        &["count", "exact-cover", p],
        &["the text is 67108865 bytes, more than the input cap of 64 MiB"],
    );
    assert_eq!(count(&["exact-cover", p, "--max-input", "67108865"]), 1);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn an_old_mac_file_reads_like_a_unix_one() {
    // Lines ending at a lone CR were one line for the exact-cover reader.
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-"], "a b\ra\rb\ra b\r"),
        "2\n"
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "a b\ra\rc\r",
        &["standard input: line 3, column 1: unknown item `c`"],
    );
    assert_eq!(
        ok_with_stdin(&["count", "sudoku", "-"], "12..\r....\r....\r....\r"),
        "24\n"
    );
}

#[test]
fn messages_escape_control_characters() {
    // ESC from the input, a file name or an argument was echoed raw: a file could drive the terminal.
    let err = fails_with_stdin(
        &["count", "sudoku", "-"],
        "12..\x1b[2J..........",
        &["unknown character `\\u{1b}`"],
    );
    assert!(!err.contains('\x1b'), "{err:?}");
    let err = fails(
        &["count", "exact-cover", "/no/\x1b]0;owned\x07\r"],
        &["cannot read `/no/\\u{1b}]0;owned\\u{7}\\r`"],
    );
    assert!(!err.contains(['\x1b', '\x07', '\r']), "{err:?}");
    fails(&["count", "queens", "8", "--\x1b[1m"], &["`--\\u{1b}[1m`"]);
    // A right-to-left override would reorder what follows it on screen.
    fails(&["count", "pentomino", "6x\u{202e}01"], &["6x\\u{202e}01"]);
    // The library's messages escape too, so the page shows the same text.
    let e = dlx_studio::problems::load(&dlx_studio::problems::Spec::Sudoku("\x1b".into()))
        .err()
        .unwrap();
    assert!(e.to_string().contains("`\\u{1b}`"), "{e}");
}

#[test]
fn format_decides_between_knuth_and_a_matrix() {
    // Issue 12, finding 4: header-less 0-1 matrices with one row or equal rows were read as Knuth's
    // format: `111` gave 0, `11` twice 1.
    let cases = [
        ("111\n", "1", "0"),
        ("11\n11\n", "2", "1"),
        ("101\n101\n101\n", "0", "2"),
        ("111\n111\n111\n", "3", "2"),
    ];
    for (text, matrix, knuth) in cases {
        let c = |extra: &[&str]| {
            let mut a = vec!["count", "exact-cover", "-"];
            a.extend_from_slice(extra);
            ok_noted(&a, text).trim_end().to_string()
        };
        assert_eq!(c(&[]), matrix, "{text:?}");
        assert_eq!(c(&["--format", "auto"]), matrix, "{text:?}");
        assert_eq!(c(&["--format=matrix"]), matrix, "{text:?}");
        assert_eq!(c(&["--format", "knuth"]), knuth, "{text:?}");
    }
    // The matrix is what export writes back in Knuth's format.
    assert_eq!(
        ok_with_stdin(&["export", "exact-cover", "-"], "11\n11\n"),
        "c1 c2\nc1 c2\nc1 c2\n"
    );
    // Told the format, the error is that format's.
    fails_with_stdin(
        &["count", "exact-cover", "-", "--format", "matrix"],
        "a b\na\n",
        &["line 2, column 1: `a` in a row of a 0-1 matrix"],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-", "--format", "knuth"],
        "A B\n10\n",
        &["line 2, column 1: unknown item `10`"],
    );
    fails(
        &["count", "exact-cover", "-", "--format", "csv"],
        &["--format: unknown format `csv`: expected auto, knuth or matrix"],
    );
    fails(
        &["count", "queens", "8", "--format", "knuth"],
        &["--format applies to exact-cover, not queens"],
    );
}

// ---- Colours (Knuth's DLX2 format) ----

const TOY_XCC: &str = "| TAOCP 7.2.2.1: the toy problem with colours
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
";

#[test]
fn coloured_exact_cover_counts_solves_and_round_trips() {
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-"], TOY_XCC).trim_end(),
        "1"
    );
    let solved = ok_with_stdin(&["solve", "exact-cover", "-"], TOY_XCC);
    assert!(
        solved.contains("p r x:A y") && solved.contains("q x:A"),
        "{solved}"
    );
    // Export writes the colours, and what it writes counts the same.
    let knuth = ok_with_stdin(&["export", "exact-cover", "-"], TOY_XCC);
    assert_eq!(
        knuth,
        "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n"
    );
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-"], &knuth).trim_end(),
        "1"
    );
    // Knuth's DLX2 example: two options in its one solution.
    let dlx2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-"], dlx2).trim_end(),
        "1"
    );
    let again = ok_with_stdin(&["export", "exact-cover", "-"], dlx2);
    assert_eq!(again, dlx2);
}

#[test]
fn colour_errors_have_line_and_column() {
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "p q | x\np:A x\n",
        &["line 2, column 1", "`p` is a primary item"],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "p | x\np x:A x:A\n",
        &["line 2, column 7", "appears twice"],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "p | x\np x:\n",
        &["line 2, column 5", "colour is missing"],
    );
}

#[test]
fn edge_matching_counts_round_trips_and_refuses_bad_boards() {
    assert_eq!(count(&["edge-matching", "3x3/2"]), 32);
    assert_eq!(round_trip(&["edge-matching", "4x4/3"]), 64);
    // The first solution's board: R lines of C tiles, each its edges N E S W, grey (0) on the border.
    let text = ok(&["solve", "edge-matching", "2x3"]);
    let rows: Vec<&str> = text.lines().filter(|l| l.split(' ').count() == 3).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(rows[0].split(' ').all(|t| t.starts_with('0')), "{text}");
    fails(
        &["count", "edge-matching", "9x9"],
        &["R must be between 1 and 8"],
    );
    fails(&["count", "edge-matching", "3y3"], &["expected RxC"]);
}

#[test]
fn domino_tilings_count_with_and_without_memos_and_refuse_bad_sizes() {
    assert_eq!(count(&["dominoes", "4", "4"]), 36);
    assert_eq!(count(&["dominoes", "4x4", "--memo"]), 36);
    assert_eq!(count(&["dominoes", "6", "8", "--memo"]), 167_089);
    assert_eq!(count(&["dominoes", "8", "8", "--memo"]), 12_988_816);
    // The first tiling: `-` a domino across, `|` one down.
    assert_eq!(ok(&["solve", "dominoes", "2", "3"]).trim_end(), "--|\n--|");
    fails(
        &["count", "dominoes", "0", "4"],
        &["the board's rows must be between 1 and 32, not 0"],
    );
    fails(
        &["count", "dominoes", "4", "a"],
        &["the board's columns `a` is not a whole number"],
    );
    // `x` only separates rows from columns: alone it leaves one number.
    fails(
        &["count", "dominoes", "4", "x"],
        &["the board `4 x` is not rows x columns"],
    );
    fails(
        &["count", "dominoes", "4", "4", "4"],
        &["unexpected argument `4`", "two arguments"],
    );
}

#[test]
fn macmahon_solves_the_hexagon_and_refuses_other_boards() {
    // The first solution: 24 triangles, each three colour letters, drawn on four lines.
    let text = ok(&["solve", "macmahon", "hexagon"]);
    let pieces: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.len() == 3 && w.bytes().all(|b| (b'a'..=b'd').contains(&b)))
        .collect();
    assert_eq!(pieces.len(), 24, "{text}");
    fails(&["count", "macmahon", "square"], &["expected hexagon"]);
}

// ---- Output that streams (issue 12, finding 2) ----

/// Runs `dlx ARGS` under `ulimit -v kib`, reads `want` bytes of its stdout, closes it, and returns the
/// bytes read and the exit status. The bound on waiting keeps a run that prints nothing from hanging.
fn head_of_limited_run(kib: u64, args: &str, want: usize) -> (Vec<u8>, Option<i32>) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" {args}"))
        .arg(env!("CARGO_BIN_EXE_dlx"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut got = Vec::with_capacity(want);
    let mut buf = vec![0u8; 1 << 16];
    while got.len() < want {
        match stdout.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    drop(stdout);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            break child.wait().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    (got, status.code())
}

#[test]
fn solve_all_streams_text_and_json_in_flat_memory() {
    // 20-queens has 39 billion solutions: `--json` kept every board until memory ran out (under a
    // 150 MB limit it aborted, 134, having printed nothing). Now the boards array is written as the
    // search goes: 8 MB of it arrive under that limit, and closing the pipe ends the run with 0.
    let want = 8 << 20;
    let (got, code) = head_of_limited_run(150_000, "solve queens 20 --limit 0 --json", want);
    assert!(
        got.len() >= want,
        "only {} bytes, status {code:?}",
        got.len()
    );
    assert_eq!(code, Some(0));
    let text = String::from_utf8(got).unwrap();
    let prefix = "{\"command\":\"solve\",\"problem\":\"20-queens\",\"boards\":[\"";
    assert!(text.starts_with(prefix), "{}", &text[..200]);
    // Every complete board of the prefix is a legal one, and they are distinct.
    let boards: Vec<&str> = text[prefix.len() - 1..]
        .split(',')
        .filter(|b| b.len() > 2 && b.starts_with('"') && b.ends_with('"'))
        .collect();
    assert!(boards.len() > 10_000, "{}", boards.len());
    let mut seen = HashSet::new();
    for b in &boards[..1000] {
        let board: String = serde_json::from_str(b).unwrap();
        assert_queens(&board, 20, false);
        assert!(seen.insert(board));
    }
    // Text streams too (it did already), in the same bound.
    let (got, code) = head_of_limited_run(150_000, "solve queens 20 --limit 0", want);
    assert!(
        got.len() >= want && code == Some(0),
        "{} {code:?}",
        got.len()
    );
    // A finished run is one JSON object, boards first, the same keys as before.
    let v = json(&["solve", "queens", "6", "--limit", "0", "--json"]);
    assert_eq!(v["boards"].as_array().unwrap().len(), 4);
    assert_eq!(v["first"], v["boards"][0]);
    assert_eq!(v["complete"], true);
    assert_eq!(v["solutions"], 4);
}

// ---- Multiplicities (Knuth's DLX3) ----

/// The test case at the start of Knuth's DLX3: `2:3|C` in two or three chosen options; one solution.
const DLX3_TEXT: &str = "| A simple example of color controls (Knuth's DLX3)
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
";

/// Two of the four `a`s, between one and two `b`s, at most one `c` (0:1): plain counting says
/// C(4,2) * (3 + 3) ways for `a` and `b` when `c` is left out, each option taken once.
const MULT_TEXT: &str = "2|a 1:2|b 0:1|c
a
a
a b
a c
b
b c
";

#[test]
fn multiplicities_count_solve_and_export_round_trip() {
    let count_of = |text: &str, extra: &[&str]| -> u64 {
        let mut a = vec!["count", "exact-cover", "-"];
        a.extend_from_slice(extra);
        ok_with_stdin(&a, text).trim_end().parse().unwrap()
    };
    assert_eq!(count_of(DLX3_TEXT, &[]), 1);
    // Brute force over the 2^6 subsets of MULT_TEXT's options, by hand: a in exactly 2, b in 1..=2,
    // c in 0..=1. Options: 0 a, 1 a, 2 ab, 3 ac, 4 b, 5 bc.
    let opts: [&[char]; 6] = [
        &['a'],
        &['a'],
        &['a', 'b'],
        &['a', 'c'],
        &['b'],
        &['b', 'c'],
    ];
    let mut want = 0;
    for mask in 0u32..64 {
        let n = |ch: char| {
            (0..6)
                .filter(|&k| mask >> k & 1 == 1 && opts[k].contains(&ch))
                .count()
        };
        want += u64::from(n('a') == 2 && (1..=2).contains(&n('b')) && n('c') <= 1);
    }
    assert!(want > 5, "{want}");
    assert_eq!(count_of(MULT_TEXT, &[]), want);
    // The threads and the parts count the same (a search with multiplicities is not cut: one part
    // counts it whole).
    assert_eq!(count_of(MULT_TEXT, &["--threads", "2"]), want);
    // ... and `--json` says so: one thread counted it, whatever was asked.
    let out = ok_with_stdin(
        &["count", "exact-cover", "-", "--threads", "2", "--json"],
        MULT_TEXT,
    );
    let v = serde_json::from_str::<Value>(&out).unwrap();
    assert_eq!(v["threads"], 1, "{out}");
    let parts: u64 = (0..2)
        .map(|k| {
            let part = format!("{k}/2");
            let out = ok_with_stdin(
                &["count", "exact-cover", "-", "--part", &part, "--json"],
                MULT_TEXT,
            );
            serde_json::from_str::<Value>(&out).unwrap()["solutions"]
                .as_u64()
                .unwrap()
        })
        .sum();
    assert_eq!(parts, want);
    // Solve prints Knuth's solution.
    let out = ok_with_stdin(&["solve", "exact-cover", "-"], DLX3_TEXT);
    assert!(out.contains("A C X:1 Y:1\nB X:1\nC Y:1\n"), "{out}");
    // Export writes the bounds back, and the export counts the same.
    for text in [DLX3_TEXT, MULT_TEXT] {
        let knuth = ok_with_stdin(&["export", "exact-cover", "-"], text);
        assert_eq!(count_of(&knuth, &[]), count_of(text, &[]), "{knuth}");
        assert!(
            knuth.contains("2:3|C") || knuth.starts_with("2|a 1:2|b 0:1|c\n"),
            "{knuth}"
        );
    }
}

#[test]
fn multiplicity_errors_and_refusals_get_one_line_and_status_2() {
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "A 3:2|C\nA\n",
        &[
            "line 1, column 3",
            "lower bound 3 exceeds the upper bound 2",
        ],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "| x\nA 0|C\nA\n",
        &["line 2, column 3", "upper bound must be at least 1"],
    );
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "A | X 2|Y\nA X\n",
        &["line 1, column 7", "secondary item", "only primary items"],
    );
    // A bound that is none, glued to `|` and a name, was an item named `-1` and the separator
    // (0 solutions, exit 0); a bound with no name glued after it was "an item name cannot contain
    // `:`". An item before a glued `|` that is no number stays DLX1's separator (`a b|x`).
    for (text, bound) in [
        ("-1|a b\na\nb\n", "-1"),
        ("1.5|a\na\n", "1.5"),
        ("+1|a\na\n", "+1"),
    ] {
        fails_with_stdin(
            &["count", "exact-cover", "-"],
            text,
            &["line 1, column 1", &format!("`{bound}` is no bound")],
        );
    }
    fails_with_stdin(
        &["count", "exact-cover", "-"],
        "2:3| a\na\n",
        &["line 1, column 1", "`2:3|`: a bound with no item name"],
    );
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-"], "a b|x\na x\nb\n").trim(),
        "1"
    );
    fails_with_stdin(
        &["count", "exact-cover", "-", "--algorithm", "naive"],
        MULT_TEXT,
        &["--algorithm naive takes no multiplicities"],
    );
}

// ---- Many items (issue 12, finding 9) ----

/// `n` items each in its own option: one solution, a search tree that is a path `n` deep.
fn chain_text(n: usize) -> String {
    let mut text = (0..n)
        .map(|k| format!("i{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("i{k}\n"));
    }
    text
}

#[test]
fn many_items_each_in_its_own_option_count_at_once() {
    // 10^5 such items took 2.3 s (56 s with --seed), 10^6 hours: the choice at each of the n levels
    // scanned all n lengths. A modest size for the debug binary; `the_choice_reads_a_block_a_level_on
    // _a_long_path` (core::links) shows the work is linear; 10^6 take 1.2 s of CPU in release.
    let n = 150_000;
    let text = chain_text(n);
    for extra in [
        &["--threads", "1"][..],
        &[],
        &["--seed", "5", "--threads", "1"],
    ] {
        let mut args = vec!["count", "exact-cover", "-", "--json"];
        args.extend_from_slice(extra);
        let out = ok_with_stdin(&args, &text);
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["solutions"], 1, "{extra:?}");
        assert_eq!(v["nodes"], n as u64 + 1, "{extra:?}");
        assert_eq!(v["max_depth"], n as u64, "{extra:?}");
    }
}

#[test]
fn the_progress_line_counts_nodes_from_its_first_showing() {
    // The workers reported every 2^18 nodes, so where a node is slow the line said "0 nodes" for
    // minutes; now they report by time (about every 50 ms), so the first line shown (half a second
    // in) has nodes counted.
    // The first line complete: the text between its carriage returns (a line is rewritten in place).
    let first = |seen: &str| {
        let s = seen.trim_start_matches('\r');
        s.find('\r').map(|end| s[..end].to_owned())
    };
    let seen = crate::common::progress_until(
        &["count", "queens", "15", "--threads", "2", "--progress"],
        move |seen| first(seen).is_some(),
    );
    let line = first(&seen).unwrap_or_else(|| panic!("no progress line: {seen:?}"));
    let nodes: u64 = line
        .split(" nodes")
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line:?}"));
    assert!(nodes > 0, "{line:?}");
    assert!(line.ends_with(", 2 threads"), "{line:?}");
    assert!(
        line.contains("of the tree explored (Knuth's estimate)")
            || line.contains("subproblems finished yet (no estimate until one is)")
            // Once the count is shared, the whole tree's size before any subproblem ends.
            || (line.contains("subproblems finished yet; the whole tree is about ")
                && line.contains(" nodes and updates (Knuth's estimate)")),
        "{line:?}"
    );
}

#[test]
fn a_matrix_row_of_zeros_is_an_empty_option_and_rows_keep_their_numbers() {
    // Issue 14: `row 2 has no 1` refused a legal (empty) option; now it is never chosen, and the
    // solution still names the input rows 1 and 3, in text and JSON, on one thread and on two.
    let text = "A B\n10\n00\n01\n";
    assert_eq!(
        ok_with_stdin(&["solve", "exact-cover", "-"], text),
        "row 1: A\nrow 3: B\n"
    );
    for threads in ["1", "2"] {
        let out = ok_with_stdin(
            &["count", "exact-cover", "-", "--json", "--threads", threads],
            text,
        );
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["solutions"], 1);
        assert_eq!(v["first"], "row 1: A\nrow 3: B");
        assert_eq!(v["problem"], "exact cover: 3x2 0-1 matrix");
    }
    // Only zeros: no solution, no error.
    assert_eq!(
        ok_with_stdin(&["count", "exact-cover", "-"], "000\n000\n"),
        "0\n"
    );
    // Knuth's format has no empty option: the export leaves it out and counts the same.
    let knuth = ok_with_stdin(&["export", "exact-cover", "-"], text);
    assert_eq!(knuth, "A B\nA\nB\n");
    assert_eq!(ok_with_stdin(&["count", "exact-cover", "-"], &knuth), "1\n");
}

#[test]
fn a_huge_sudoku_text_is_refused_in_bounded_memory() {
    // The Sudoku reader collected every word and every line before counting cells: 50 MB of
    // `1 1 1 …` made 25 M words (1 GB), and 25 M lines of `|` 600 MB of rows, so under a 250 MB
    // limit it aborted (134) instead of printing its line. Now it stops at 1250 cells or 1251 lines.
    let words = temp_file("sudoku-words.txt", "1 ".repeat(25_000_000).as_bytes());
    let (code, err) = dlx_limited(250_000, "count sudoku -", &words);
    std::fs::remove_file(words).unwrap();
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err,
        "dlx: standard input: line 1, column 2501: read more than 1250 cells; a Sudoku has at most \
         625 (25x25), so this is not one\n"
    );
    let bars = temp_file("sudoku-bars.txt", "|\n".repeat(25_000_000).as_bytes());
    let (code, err) = dlx_limited(250_000, "count sudoku -", &bars);
    std::fs::remove_file(bars).unwrap();
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err,
        "dlx: standard input: line 1252, column 1: more than 1251 lines of cells; a Sudoku has at \
         most 625 cells, so this is not one\n"
    );
}

/// What the page warns of beside the box, the CLI says on stderr, the count staying on stdout: a
/// bare `0` said nothing of why (nothing to search; no Langford pairing for this n), and a header
/// of numbers is named as one (`1 2` over `0 1` may be a typo'd first row).
#[test]
fn warnings_and_notes_reach_stderr_beside_the_count() {
    for (args, stdin, out, err) in [
        (
            &["count", "exact-cover", "-"][..],
            "A B C\n",
            "0",
            "dlx: note: Nothing to search: 3 items and no option.",
        ),
        (
            &["count", "langford", "5"][..],
            "",
            "0",
            "dlx: note: No Langford pairing of 1 to 5 exists",
        ),
        (
            &["count", "exact-cover", "-"][..],
            "1 2\n0 1\n1 0\n",
            "1",
            "dlx: Read as a 0-1 matrix with a header: line 1, `1 2`, names the columns",
        ),
    ] {
        let crate::common::Ran {
            code,
            stdout,
            stderr,
        } = crate::common::run(args, stdin);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stdout.trim(), out, "{args:?}");
        assert!(
            stderr.starts_with(err) && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
    // A problem worth searching says nothing more.
    assert_eq!(count(&["langford", "7"]), 52);
}
