//! The `dlx` binary on many threads and in parts: `count --threads T` and `count --part K/N` merged by
//! `dlx merge` give the sequential count, nodes, updates and first solution on every problem kind;
//! merge names a missing, duplicated or foreign part (exit 2); `solve sudoku --batch` answers one line
//! a puzzle, in order, checked by the rules.

use serde_json::Value;

use crate::common::{check, dlx_with_stdin, Expect};

/// Runs `dlx ARGS` expecting success, with at most a count's notes on stderr (Langford 10 has no
/// pairing, and says so: tests/it/cli.rs, `warnings_and_notes_reach_stderr…`); returns stdout.
fn ok_with_stdin(args: &[&str], stdin: &str) -> String {
    check(args, stdin, Expect::Noted(&["dlx: note: "]))
}

fn json_with_stdin(args: &[&str], stdin: &str) -> Value {
    serde_json::from_str(&ok_with_stdin(args, stdin)).unwrap()
}

/// Runs `dlx ARGS` expecting failure with status 2; returns the message.
fn fails_with_stdin(args: &[&str], stdin: &str) -> String {
    check(args, stdin, Expect::Refused(&[]))
}

/// A Sudoku with one given of a 17-clue puzzle removed: 17,204 solutions, a tree worth splitting.
const SUDOKU: &str =
    ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

/// One problem of every kind, each big enough to be split (exact-cover reads Langford 10 from stdin).
fn problems() -> Vec<(Vec<&'static str>, String)> {
    let langford = ok_with_stdin(&["export", "langford", "10"], "");
    vec![
        (vec!["queens", "10"], String::new()),
        (vec!["toroidal-queens", "13"], String::new()),
        (vec!["sudoku", SUDOKU], String::new()),
        (vec!["latin", "5"], String::new()),
        (vec!["langford", "10", "--distinct"], String::new()),
        (vec!["pentomino", "3x20"], String::new()),
        (vec!["pentomino", "5x12", "--distinct"], String::new()),
        (vec!["exact-cover", "-"], langford),
        (vec!["queens", "10", "--seed", "5"], String::new()),
    ]
    .into_iter()
    // Under `--features sanity` (`make test-sanity`: the links checked as the search goes) Latin
    // squares of order 5 (1.7 M nodes, counted some twenty times here) ran this file past 5
    // minutes; a smaller order is not split into parts, so it is left to the normal run.
    .filter(|(p, _)| !(cfg!(feature = "sanity") && p[0] == "latin"))
    .collect()
}

fn count_json(problem: &[&str], extra: &[&str], stdin: &str) -> Value {
    let mut a = vec!["count"];
    a.extend_from_slice(problem);
    a.extend_from_slice(extra);
    a.push("--json");
    json_with_stdin(&a, stdin)
}

const SAME: [&str; 5] = ["solutions", "nodes", "updates", "max_depth", "first"];

#[test]
fn threads_1_to_4_give_the_sequential_counts_on_every_problem_kind() {
    for (problem, stdin) in problems() {
        // DLX1's tree and the lookahead's: the same solutions and first solution, and never more
        // nodes for the lookahead. The default is DLX1's tree, with the same counters on either
        // engine.
        let dlx1 = count_json(&problem, &["--threads", "1", "--tree", "dlx1"], &stdin);
        let default = count_json(&problem, &["--threads", "1"], &stdin);
        assert_eq!(default["tree"], "dlx1");
        // Bit sets where options overlap (pentominoes, queens, Langford), links for Sudoku.
        let links = problem[0] == "sudoku" || problem[0] == "latin";
        assert_eq!(
            default["engine"],
            if links { "links" } else { "bits" },
            "{problem:?}"
        );
        for engine in ["bits", "links"] {
            let other = count_json(&problem, &["--threads", "1", "--engine", engine], &stdin);
            assert_eq!(other["engine"], engine, "{problem:?}");
            for k in SAME {
                assert_eq!(other[k], default[k], "{problem:?} --engine {engine}: {k}");
            }
        }
        let look = count_json(&problem, &["--threads", "1", "--tree", "lookahead"], &stdin);
        assert_eq!(
            (&dlx1["tree"], &look["tree"]),
            (&"dlx1".into(), &"lookahead".into())
        );
        assert_eq!(look["solutions"], dlx1["solutions"], "{problem:?}");
        assert_eq!(look["first"], dlx1["first"], "{problem:?}");
        assert!(
            look["nodes"].as_u64() <= dlx1["nodes"].as_u64(),
            "{problem:?}"
        );
        for (tree, want) in [("lookahead", look), ("dlx1", dlx1)] {
            assert_eq!(want["threads"], 1);
            for t in ["2", "3", "4"] {
                let got = count_json(&problem, &["--threads", t, "--tree", tree], &stdin);
                for k in SAME {
                    assert_eq!(
                        got[k], want[k],
                        "{problem:?} --threads {t} --tree {tree}: {k}"
                    );
                }
                // The threads used: as many as asked where the split pays, else 1 (the search
                // stayed on the thread that began it; see the test below).
                let used = got["threads"].as_u64().unwrap();
                assert!(used == 1 || used.to_string() == t, "{problem:?}: {used}");
                assert_eq!(got["tree"], tree);
            }
        }
    }
}

#[test]
fn a_short_count_stays_on_one_thread_and_a_long_one_splits() {
    // 8-queens ends within the trial; 10-queens is estimated too short to pay for a split; 12-queens
    // and pentomino 8x8 are split. The counts and first solution are those of one thread each time.
    for (problem, used) in [
        (&["queens", "8"][..], 1),
        (&["queens", "10"][..], 1),
        (&["queens", "12"][..], 2),
        (&["pentomino", "8x8"][..], 2),
    ] {
        let one = count_json(problem, &["--threads", "1"], "");
        let two = count_json(problem, &["--threads", "2"], "");
        for k in SAME {
            assert_eq!(two[k], one[k], "{problem:?}: {k}");
        }
        assert_eq!(two["threads"], used, "{problem:?}");
    }
}

#[test]
fn parts_of_the_two_trees_are_not_merged() {
    let mut lines = parts(&["queens", "9"], 2, "");
    let look = ok_with_stdin(
        &[
            "count",
            "queens",
            "9",
            "--part",
            "1/2",
            "--json",
            "--tree",
            "lookahead",
        ],
        "",
    );
    lines[1] = look.trim_end().to_string();
    let err = fails_with_stdin(&["merge", "-"], &(lines.join("\n") + "\n"));
    assert!(err.contains("comes from another problem"), "{err}");
}

/// The parts of a count, as JSON lines.
fn parts(problem: &[&str], n: usize, stdin: &str) -> Vec<String> {
    (0..n)
        .map(|k| {
            let part = format!("{k}/{n}");
            let mut a = vec!["count"];
            a.extend_from_slice(problem);
            a.extend_from_slice(&["--part", &part, "--json"]);
            ok_with_stdin(&a, stdin).trim_end().to_string()
        })
        .collect()
}

#[test]
fn parts_merged_give_the_sequential_counts_on_every_problem_kind() {
    for (problem, stdin) in problems() {
        let want = count_json(&problem, &["--threads", "1"], &stdin);
        for n in [1, 3, 8] {
            let mut lines = parts(&problem, n, &stdin);
            // The work is really shared: at least two parts count something (part 0 the most, often).
            if n > 1 {
                let busy = lines
                    .iter()
                    .filter(|l| serde_json::from_str::<Value>(l).unwrap()["nodes"] != 0)
                    .count();
                assert!(
                    busy >= 2,
                    "{problem:?} in {n} parts: {busy} parts did any work"
                );
            }
            // Any order.
            lines.reverse();
            let merged = json_with_stdin(&["merge", "-"], &(lines.join("\n") + "\n"));
            for k in SAME {
                assert_eq!(merged[k], want[k], "{problem:?} in {n} parts: {k}");
            }
            // The keys of count --json, no more, no fewer.
            let keys = |v: &Value| {
                let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
                k.sort();
                k
            };
            assert_eq!(keys(&merged), keys(&want));
        }
    }
}

#[test]
fn merge_reads_files_and_names_a_missing_duplicate_or_foreign_part() {
    let dir = std::env::temp_dir().join(format!("dlx-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lines = parts(&["queens", "9"], 4, "");
    let mut files = Vec::new();
    for (k, l) in lines.iter().enumerate() {
        let f = dir.join(format!("part{k}.json"));
        std::fs::write(&f, format!("{l}\n")).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    let merged = json_with_stdin(&["merge", f[2], f[0], f[3], f[1]], "");
    assert_eq!(merged["solutions"], 352);
    assert!(merged["threads"].as_u64().unwrap() >= 4);

    // Missing.
    let err = fails_with_stdin(&["merge", f[0], f[1], f[3]], "");
    assert_eq!(err, "dlx: missing part 2 of 4\n");
    let err = fails_with_stdin(&["merge", f[3]], "");
    assert_eq!(err, "dlx: missing parts 0, 1, 2 of 4\n");
    // Duplicated, from a file and from standard input.
    let err = fails_with_stdin(&["merge", f[0], f[1], f[2], f[3], "-"], &lines[1]);
    assert_eq!(
        err,
        format!(
            "dlx: part 1 of 4 appears twice: `{}` line 1 and standard input line 1\n",
            f[1]
        )
    );
    // Foreign: another problem's part, even with the right number.
    let other = parts(&["queens", "8"], 4, "");
    let err = fails_with_stdin(&["merge", f[0], f[1], "-", f[3]], &other[2]);
    assert!(
        err.starts_with(
            "dlx: standard input line 1: part 2 of 4 comes from another problem (fingerprint "
        ),
        "{err}"
    );
    assert!(err.contains(&format!("as in `{}` line 1)", f[0])), "{err}");
    // The same problem in another number of parts does not fit either.
    let five = parts(&["queens", "9"], 5, "");
    let err = fails_with_stdin(&["merge", f[0], f[1], "-", f[3]], &five[2]);
    assert_eq!(
        err,
        format!("dlx: standard input line 1: part 2 of 5 does not belong with `{}` line 1, which is of 4 parts\n", f[0])
    );
    // Not a part at all.
    let whole = ok_with_stdin(&["count", "queens", "9", "--json"], "");
    let err = fails_with_stdin(&["merge", "-"], &whole);
    assert!(
        err.contains("standard input line 1: no `part` in this object"),
        "{err}"
    );
    let err = fails_with_stdin(&["merge", "-"], "\n{not json\n");
    assert!(
        err.starts_with(
            "dlx: standard input line 2: not a JSON object (key must be a string at column 2)"
        ),
        "{err}"
    );
    // A line cut short: its column, not serde's "line 1" beside the file's "line 2".
    let part = ok_with_stdin(&["count", "queens", "9", "--part", "0/2", "--json"], "");
    let cut = &part[..60];
    let err = fails_with_stdin(&["merge", "-"], &format!("{part}{cut}\n"));
    assert!(
        err.starts_with("dlx: standard input line 2: not a JSON object (EOF while parsing")
            && err.contains("at column 60)")
            && !err.contains("line 1"),
        "{err}"
    );
    let err = fails_with_stdin(&["merge", "-"], "");
    assert_eq!(
        err,
        "dlx: no parts to merge: standard input holds no JSON line\n"
    );
    let err = fails_with_stdin(&["merge"], "");
    assert!(err.starts_with("dlx: merge needs the parts"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_threads_and_parts_are_refused_with_a_clear_message() {
    for (args, msg) in [
        (
            vec!["count", "queens", "8", "--threads", "0"],
            "--threads must be at least 1",
        ),
        (
            vec!["count", "queens", "8", "--threads", "x"],
            "--threads `x`",
        ),
        (
            vec!["count", "queens", "8", "--threads", "4294967296"],
            "--threads `4294967296`: at most 1024 (this machine has",
        ),
        (
            vec!["solve", "sudoku", "--batch", "-", "--threads", "1025"],
            "--threads `1025`: at most 1024",
        ),
        (
            vec!["count", "queens", "8", "--part", "3"],
            "--part `3`: give K/N",
        ),
        (
            vec!["count", "queens", "8", "--part", "4/4"],
            "K must be below N (parts are numbered 0 to 3)",
        ),
        (
            vec!["count", "queens", "8", "--part", "0/0"],
            "N must be at least 1",
        ),
        (
            vec!["count", "queens", "8", "--part", "-1/4"],
            "--part `-1/4`",
        ),
        (
            vec!["solve", "queens", "8", "--part", "0/2"],
            "--part applies to count only",
        ),
        (
            vec!["solve", "queens", "8", "--threads", "2"],
            "--threads applies to solve with --prune propagate or both (searches taking turns",
        ),
        (
            vec!["solve", "queens", "8", "--batch", "-"],
            "--batch solves Sudokus",
        ),
        (
            vec!["solve", "sudoku", "--batch", "-", "--json"],
            "--json does not apply to --batch",
        ),
        // Options the batch would take and ignore.
        (
            vec!["solve", "sudoku", "--batch", "-", "--max-input", "10"],
            "--max-input does not apply to --batch, which reads one line at a time",
        ),
        (
            vec!["solve", "sudoku", "--tree", "lookahead", "--batch", "-"],
            "--tree does not apply to --batch",
        ),
        (
            vec!["solve", "sudoku", "--batch", "-", "--progress"],
            "--progress does not apply to --batch",
        ),
        (
            vec!["solve", "sudoku", "--batch", "-", "--heuristic", "first"],
            "--heuristic does not apply to --batch",
        ),
    ] {
        let err = fails_with_stdin(&args, "");
        assert!(err.contains(msg), "dlx {args:?}: {err}");
    }
}

/// Checks a solved 9x9 grid by the rules, and that it keeps the puzzle's givens.
fn check_solution(puzzle: &str, answer: &str) {
    let cells: Vec<u32> = answer.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(cells.len(), 81, "{answer}");
    for (p, a) in puzzle.chars().zip(answer.chars()) {
        if p != '.' && p != '0' {
            assert_eq!(p, a, "a given changed: {puzzle} -> {answer}");
        }
    }
    for u in 0..9 {
        let row: Vec<u32> = (0..9).map(|i| cells[u * 9 + i]).collect();
        let col: Vec<u32> = (0..9).map(|i| cells[i * 9 + u]).collect();
        let bx: Vec<u32> = (0..9)
            .map(|i| cells[(u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3])
            .collect();
        for group in [row, col, bx] {
            let mut g = group.clone();
            g.sort();
            assert_eq!(g, (1..=9).collect::<Vec<_>>(), "{answer}");
        }
    }
}

#[test]
fn batch_answers_one_line_a_puzzle_in_order() {
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let input = format!(
        "# two puzzles, then one with many solutions, and bad lines\n{hard}\n\n{easy}\n{SUDOKU}\n11..............\n5.3\n12?.............\n"
    );
    for t in ["1", "3"] {
        let out = dlx_with_stdin(&["solve", "sudoku", "--batch", "-", "--threads", t], &input);
        assert_eq!(out.status.code(), Some(2));
        let lines: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(lines.len(), 6, "{lines:?}");
        check_solution(hard, &lines[0]);
        check_solution(easy, &lines[1]);
        assert_eq!(lines[2], "not unique");
        assert!(
            lines[3].starts_with("error: line 6, column 2: "),
            "{}",
            lines[3]
        );
        assert!(lines[4].starts_with("error: line 7"), "{}", lines[4]);
        assert!(
            lines[5].starts_with("error: line 8, column 3: "),
            "{}",
            lines[5]
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("dlx: standard input: 3 puzzles could not be read"),
            "{err}"
        );
    }
    // A 4x4 grid whose givens do not clash yet admit no completion (r1c4 can hold nothing).
    let out = ok_with_stdin(
        &["solve", "sudoku", "--batch", "-"],
        "123....4........\n1...............\n",
    );
    assert_eq!(out, "no solution\nnot unique\n");
}

/// The first 300 puzzles of magictour's top 1465 (`tests/data/sudoku`): every answer a valid
/// solution of its puzzle, in input order, the same on 1 and 2 threads.
#[test]
fn batch_solves_the_shared_sudoku_sets() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sudoku/magictour-top1465.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(300)
        .collect();
    let input = puzzles.join("\n") + "\n";
    let one = ok_with_stdin(
        &["solve", "sudoku", "--batch", "-", "--threads", "1"],
        &input,
    );
    let two = ok_with_stdin(
        &["solve", "sudoku", "--batch", "-", "--threads", "2"],
        &input,
    );
    assert_eq!(one, two);
    let answers: Vec<&str> = one.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    for (p, a) in puzzles.iter().zip(answers) {
        check_solution(p, a);
    }
}

/// A hopeless count says how big its tree is before any subproblem ends (queens 30: about 10^23
/// nodes and updates), where the line said "no estimate until one is" for as long as it ran.
#[test]
fn a_hopeless_count_says_the_size_of_its_tree_at_once() {
    let seen = crate::common::progress_until(
        &["count", "queens", "30", "--progress", "--threads", "2"],
        |seen| seen.contains("nodes and updates (Knuth's estimate)"),
    );
    let line = seen
        .split(['\r', '\n'])
        .find(|l| l.contains("Knuth's estimate"))
        .unwrap_or_else(|| panic!("no estimate in the progress lines: {seen:?}"));
    // "…; the whole tree is about 5.4e23 nodes and updates (Knuth's estimate), 2 threads"
    let figure = line
        .split("the whole tree is about ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("{line}"));
    let size: f64 = figure
        .parse()
        .unwrap_or_else(|_| panic!("{figure} in {line}"));
    // 30-queens has 2.7e16 solutions: its tree is far larger.
    assert!(line.contains("none of") && size > 1e16, "{line}");
}
