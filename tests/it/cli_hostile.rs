//! Hostile input, turn 3 (issue 22): the CLI's answers to edited part lines, huge numbers, inputs
//! that cost memory per byte, callers that give dlx /dev/null read-write, and the smaller edges. Each
//! test failed before its fix.

use serde_json::Value;
use std::process::{Command, Output, Stdio};

use crate::common::{check, dlx_with_stdin, read_until, Expect};

const DLX: &str = env!("CARGO_BIN_EXE_dlx");

fn dlx(args: &[&str]) -> Output {
    dlx_with_stdin(args, "")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `dlx ARGS` expecting bad input: status 2 and one line `dlx: …` holding every `want`.
fn refused_with_stdin(args: &[&str], stdin: &str, want: &[&str]) -> String {
    check(args, stdin, Expect::Refused(want))
}

// ---- Finding 7: /dev/null opened read-write is not a closed stdout ----

/// `sh -c 'exec dlx ARGS REDIRECT'`: (status, stderr).
fn sh_redirected(args: &str, redirect: &str) -> (Option<i32>, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} {redirect}"))
        .arg(DLX)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (out.status.code(), stderr(&out))
}

#[test]
fn dev_null_read_write_on_stdout_keeps_the_documented_exit_codes() {
    // `1<>/dev/null`, as Python's DEVNULL, Node's 'ignore' and daemon(3) open it: exit 1 before.
    assert_eq!(
        sh_redirected("count queens 6", "1<>/dev/null"),
        (Some(0), "".into())
    );
    let (code, err) = sh_redirected("count queens x", "1<>/dev/null");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("`x` is not a digit"), "{err}");
    // A closed stdout is still an error (1), but bad input is still bad input (2).
    let (code, err) = sh_redirected("count queens 6", ">&-");
    assert_eq!(
        (code, err.as_str()),
        (
            Some(1),
            "dlx: standard output is closed: nowhere to write the output\n"
        )
    );
    assert_eq!(sh_redirected("count queens x", ">&-").0, Some(2));
    assert_eq!(sh_redirected("--help", ">&-").0, Some(1));
}

#[test]
fn python_subprocess_with_devnull_gets_the_documented_exit_codes() {
    let script = "import subprocess, sys\n\
        r = [subprocess.run([sys.argv[1]] + a, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode\n\
             for a in (['count', 'queens', '6'], ['count', 'queens', '0'], ['solve', 'queens', '8'])]\n\
        print(r)\n";
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(DLX)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[0, 2, 0]");
}

// ---- Finding 8: two puzzles given to `solve sudoku` ----

const P1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const P2: &str =
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";

#[test]
fn two_puzzles_without_batch_are_refused_and_a_skipped_title_is_said() {
    let two = format!("{P1}\n{P2}\n");
    for cmd in ["solve", "count"] {
        refused_with_stdin(
            &[cmd, "sudoku", "-"],
            &two,
            &["more than one puzzle: lines 1 and 2", "--batch"],
        );
    }
    // Comment lines between them change nothing but the line numbers.
    refused_with_stdin(
        &["solve", "sudoku", "-"],
        &format!("# two\n{P1}\n\n{P2}\n"),
        &["lines 2 and 4"],
    );
    // A title over one puzzle is still read, and said.
    let out = check(
        &["solve", "sudoku", "-"],
        &format!("Hard one\n{P2}\n"),
        Expect::Says("dlx: Read as a 9x9 Sudoku (the title line skipped)\n"),
    );
    assert!(out.contains("unique"));
    // One puzzle alone: nothing on stderr.
    check(&["solve", "sudoku", "-"], &format!("{P2}\n"), Expect::Quiet);
}

// ---- Finding 11: --batch escapes what its error lines quote ----

#[test]
fn batch_error_lines_on_stdout_escape_control_and_bidi_characters() {
    let input = format!("{P2}\n\u{1b}[31mred\u{202e}x\u{85}\n");
    let out = dlx_with_stdin(&["solve", "sudoku", "--batch", "-"], &input);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout:?}");
    assert!(lines[1].starts_with("error: line 2"), "{stdout:?}");
    for bad in ['\u{1b}', '\u{202e}', '\u{85}'] {
        assert!(!stdout.contains(bad), "raw {bad:?} on stdout: {stdout:?}");
    }
    assert!(lines[1].contains("\\u{1b}"), "{stdout:?}");
}

// ---- Finding 12: the smaller ones ----

#[test]
fn solve_limit_0_with_progress_draws_its_line() {
    // Solutions come every few nodes, so the node limit that paces the line was set anew after each
    // and never reached: no line, however long the run. A slow reader of stdout makes it last ~1.5 s.
    use std::io::Read;
    let mut child = Command::new(DLX)
        .args(["solve", "queens", "12", "--limit", "0", "--progress"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let errs = std::thread::spawn(move || {
        let mut s = String::new();
        err.read_to_string(&mut s).unwrap();
        s
    });
    let mut text = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = out.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        text.extend_from_slice(&buf[..n]);
        std::thread::sleep(std::time::Duration::from_millis(40));
    }
    assert!(child.wait().unwrap().success());
    let err = errs.join().unwrap();
    assert!(
        err.contains(" nodes, ") && err.contains(" solutions"),
        "no progress line: {err:?}"
    );
    // Every solution printed (the line is blanked out on stderr before each).
    let text = String::from_utf8(text).unwrap();
    assert_eq!(text.trim_end().split("\n\n").count(), 14_200);
}

#[test]
fn a_hex_clash_says_which_alphabet_was_assumed() {
    // 16x16 written 1-G with 0 for the empty cells and no G given: read as hexadecimal.
    let mut row: Vec<char> = "123456789ABCDEF0".chars().collect();
    row[15] = '0';
    let mut grid = String::new();
    grid.push_str("1000000000000000");
    grid.push_str(&"0".repeat(240));
    let err = refused_with_stdin(&["solve", "sudoku", "-"], &grid, &["both hold 0"]);
    assert!(err.contains("hexadecimal") && err.contains("`.`"), "{err}");
}

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `dlx ARGS` under `ulimit -v kib` (virtual memory, KiB), `stdin` piped in: the output.
fn dlx_limited(kib: u64, args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(DLX)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

// ---- Findings 1, 2, 3: merge and --part on edited numbers ----

/// The JSON lines of 8-queens counted in `n` parts.
fn queens_parts(n: usize) -> Vec<String> {
    (0..n)
        .map(|k| {
            let part = format!("{k}/{n}");
            let out = dlx(&["count", "queens", "8", "--part", &part, "--json"]);
            assert!(out.status.success(), "{}", stderr(&out));
            String::from_utf8(out.stdout)
                .unwrap()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// `merge -` of `lines` under 300 MB of virtual memory: (status, stderr).
fn merge_limited(lines: &[String]) -> (Option<i32>, String) {
    let out = dlx_limited(300_000, &["merge", "-"], &(lines.join("\n") + "\n"));
    (out.status.code(), stderr(&out))
}

#[test]
fn merge_refuses_edited_part_counts_in_bounded_memory() {
    let lines = queens_parts(2);
    // The parts as written merge (the check below is of the edits, not of merge itself).
    let (code, err) = merge_limited(&lines);
    assert_eq!(code, Some(0), "{err}");
    let edit = |k: usize, from: &str, to: &str| -> Vec<String> {
        assert!(lines[k].contains(from), "{} lacks {from}", lines[k]);
        let mut l = lines.clone();
        l[k] = l[k].replacen(from, to, 1);
        l
    };
    // 10^8 parts: missing ones counted, not listed (3.7 GB and an abort before).
    let mut one = vec![edit(0, "\"parts\":2", "\"parts\":100000000")[0].clone()];
    let (code, err) = merge_limited(&one);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("missing parts 1, 2, 3,") && err.contains("(99999999 in all) of 100000000"),
        "{err}"
    );
    // Numbers past the bound of parts (a panic, an abort, an overflow before).
    for (from, to) in [
        ("\"parts\":2", "\"parts\":4294967296"),
        ("\"parts\":2", "\"parts\":18446744073709551615"),
        ("\"parts\":2", "\"parts\":0"),
    ] {
        one[0] = edit(0, from, to)[0].clone();
        let (code, err) = merge_limited(&one);
        assert_eq!(code, Some(2), "{to}: {err}");
        assert!(
            err.starts_with("dlx: standard input line 1: `parts` is ")
                && err.contains("1 to 4294967295 parts"),
            "{to}: {err}"
        );
    }
    one[0] = edit(
        0,
        "\"part\":0,\"parts\":2",
        "\"part\":18446744073709551614,\"parts\":18446744073709551615",
    )[0]
    .clone();
    assert_eq!(merge_limited(&one).0, Some(2));
}

#[test]
fn merge_refuses_impossible_counts_duplicate_keys_and_bad_seconds() {
    let lines = queens_parts(2);
    let nodes: u64 = serde_json::from_str::<Value>(&lines[0]).unwrap()["nodes"]
        .as_u64()
        .unwrap();
    for (from, to, want) in [
        (
            "\"solutions\":".to_string(),
            "\"solutions\":1000000000000,\"x\":".to_string(),
            format!("1000000000000 solutions in {nodes} nodes"),
        ),
        (
            "\"nodes\":".into(),
            "\"nodes\":5,\"nodes\":".into(),
            "`nodes` appears twice in this object".into(),
        ),
        (
            "\"seconds\":".into(),
            "\"seconds\":-1,\"y\":".into(),
            "`seconds` is -1".into(),
        ),
    ] {
        let mut l = lines.clone();
        l[0] = l[0].replacen(&from, &to, 1);
        let (code, err) = merge_limited(&l);
        assert_eq!(code, Some(2), "{to}: {err}");
        assert!(
            err.starts_with("dlx: standard input line 1: ") && err.contains(&want),
            "{to}: {err}"
        );
    }
    // Two parts of 1e308 seconds each: the total is no float (it was written as null).
    let mut l = lines.clone();
    for x in &mut l {
        let v: Value = serde_json::from_str(x).unwrap();
        let s = v["seconds"].to_string();
        *x = x.replacen(&format!("\"seconds\":{s}"), "\"seconds\":1e308", 1);
    }
    let (code, err) = merge_limited(&l);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("seconds add up"), "{err}");
}

#[test]
fn huge_part_numbers_are_refused_or_cost_nothing() {
    // Panic (101), an abort allocating 32 GiB, 2.7 s of scanning: now a message, or at once.
    let out = dlx_limited(
        300_000,
        &["count", "queens", "8", "--part", "0/18446744073709551615"],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("N must be at most 4294967295"));
    for (part, solutions) in [("0/4294967295", 92), ("4294967294/4294967295", 0)] {
        let t = std::time::Instant::now();
        let out = dlx_limited(
            300_000,
            &["count", "queens", "8", "--part", part, "--json"],
            "",
        );
        assert!(t.elapsed().as_secs_f64() < 1.0, "{part}: {:?}", t.elapsed());
        assert_eq!(json(&out)["solutions"], solutions, "{part}");
    }
}

// ---- Findings 4 and 6: memory per input byte, colours by name ----

fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_header_less_row_past_the_budget_is_refused_in_bounded_memory() {
    // 20 M `1`s took 4.5 GB natively (60 M aborted); now refused at once, under ulimit -v 600000.
    let mut row = vec![b'1'; 20_000_000];
    row.push(b'\n');
    let f = temp_file("row.txt", &row);
    let out = dlx_limited(600_000, &["count", "exact-cover", f.to_str().unwrap()], "");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 1, column 1: a row of 20000000 entries, so 20000000 columns: more than 4,194,304 items"),
        "{err}"
    );
    std::fs::remove_file(f).unwrap();
}

#[test]
fn items_and_nodes_past_the_budget_are_refused_where_they_pass_it() {
    // An items line of 4,194,305 names: refused at the last one's column.
    let mut line = String::new();
    for i in 0..4_194_305u32 {
        line.push_str(&format!("{i:x} "));
    }
    let col = line.len() - format!("{:x} ", 4_194_304u32).len() + 1;
    let f = temp_file("items.txt", format!("{line}\n").as_bytes());
    let out = dlx_limited(
        1_500_000,
        &["count", "exact-cover", f.to_str().unwrap()],
        "",
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("line 1, column {col}: more than 4,194,304 items")),
        "{err}"
    );
    // 12 M rows `11`: 36 M nodes, refused at the row that passes 2^25.
    let f = temp_file("rows.txt", &b"11\n".repeat(12_000_000));
    let out = dlx_limited(
        1_500_000,
        &["count", "exact-cover", f.to_str().unwrap()],
        "",
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 11184810, column 1: more than 33,554,432 nodes"),
        "{err}"
    );
    // Its own file only: the directory is the process's, shared with the tests running beside this
    // one (removing it took prune_blocked_on_a_million_items' file away under --features sanity).
    std::fs::remove_file(f).ok();
}

#[test]
#[cfg_attr(
    feature = "sanity",
    ignore = "a bound on time, which sanity() at every k-th event does not keep; runs without the feature"
)]
fn two_hundred_thousand_colours_read_in_linear_time() {
    // Colours were found by a scan of those named so far: 200 k took 43 s.
    let mut text = String::from("p | x\n");
    for c in 0..200_000 {
        text.push_str(&format!("p x:c{c}\n"));
    }
    let t = std::time::Instant::now();
    let out = dlx_with_stdin(&["count", "exact-cover", "-"], &text);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "200000\n",
        "{}",
        stderr(&out)
    );
    assert!(t.elapsed().as_secs_f64() < 8.0, "{:?}", t.elapsed());
}

// ---- Finding 9: --prune blocked bounded in work ----

#[test]
#[cfg_attr(
    feature = "sanity",
    ignore = "a bound on time, which sanity() at every k-th event does not keep; runs without the feature"
)]
fn prune_blocked_on_a_million_items_takes_linear_work() {
    // Each of 10^6 items in an option of its own: the pruning read every item's length after each
    // option's cover (10^12 reads; 10^4 items and more ran for minutes, silent).
    let n = 1_000_000;
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&format!("i{i} "));
    }
    text.push('\n');
    for i in 0..n {
        text.push_str(&format!("i{i}\n"));
    }
    let f = temp_file("diagonal.txt", text.as_bytes());
    let mut child = Command::new(DLX)
        .args([
            "count",
            "exact-cover",
            f.to_str().unwrap(),
            "--prune",
            "blocked",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(90);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("--prune blocked on 10^6 items ran past 90 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1\n",
        "{}",
        stderr(&out)
    );
    std::fs::remove_file(f).unwrap();
}

#[test]
fn bidi_characters_in_names_never_reach_stdout() {
    // A right-to-left override in a colour name was printed as it is in the solution.
    for text in [
        "a | x\na x:r\u{202e}ed\n",
        "a\u{202e}b\na\u{202e}b\n",
        "a | x\na x:r\u{200b}\n",
    ] {
        refused_with_stdin(
            &["solve", "exact-cover", "-"],
            text,
            &["invisible format character U+20"],
        );
    }
}

// ---- Found 2026-11-28: --batch and line ends, bad lines, a byte-order mark ----

/// Runs `dlx solve sudoku --batch FILE` on `bytes` written to a file of its own; (status, stdout lines).
fn batch_of(name: &str, bytes: &[u8]) -> (Option<i32>, Vec<String>, String) {
    let path = std::env::temp_dir().join(format!("dlx-batch-{}-{name}.txt", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(DLX)
        .args(["solve", "sudoku", "--batch", path.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    let lines = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    (out.status.code(), lines, stderr(&out))
}

#[test]
fn batch_answers_every_puzzle_whatever_ends_its_lines() {
    // A lone `\r` ends a line for every reader: the first puzzle was taken for a title.
    let empty = ".".repeat(81);
    let solved = ok_line(P2);
    for (what, end) in [("lone CR", "\r"), ("CRLF", "\r\n"), ("LF", "\n")] {
        let (code, lines, err) = batch_of(what, format!("{P2}{end}{empty}{end}").as_bytes());
        assert_eq!(code, Some(0), "{what}: {err}");
        assert_eq!(lines, [solved.clone(), "not unique".into()], "{what}");
    }
    // A byte-order mark before the first puzzle, as the other readers take it.
    let (code, lines, err) = batch_of("bom", format!("\u{feff}{P2}\n").as_bytes());
    assert_eq!((code, lines), (Some(0), vec![solved]), "{err}");
}

#[test]
fn batch_answers_a_line_that_is_no_text_in_its_place_and_goes_on() {
    // A bad byte, then a line over 64 KiB: each is answered `error: …` in its place, and the
    // answers before and after it stand (the batch stopped there, losing the answers it had made).
    let solved = ok_line(P2);
    let mut bytes = format!("{P2}\n").into_bytes();
    bytes.extend_from_slice(b"\xff\n");
    bytes.extend_from_slice(format!("{P2}\n{}\n{P2}\n", "1".repeat(70_000)).as_bytes());
    let (code, lines, err) = batch_of("bad", &bytes);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines[0], solved);
    assert_eq!(
        lines[1],
        "error: line 2: not UTF-8 text (bad byte at column 1)"
    );
    assert_eq!(lines[2], solved);
    assert_eq!(
        lines[3],
        "error: line 4: longer than 65536 bytes: not a puzzle line"
    );
    assert_eq!(lines[4], solved);
    assert!(err.contains("2 puzzles could not be read"), "{err}");
}

/// The answer line of a puzzle alone.
fn ok_line(puzzle: &str) -> String {
    check(
        &["solve", "sudoku", "--batch", "-"],
        &format!("{puzzle}\n"),
        Expect::Quiet,
    )
    .trim_end()
    .to_string()
}

#[test]
fn a_sudoku_argument_naming_no_file_or_a_folder_says_so() {
    // Each was read as a puzzle: "read 12 cells", "read 2 cells", "unknown character `/`".
    let dir = std::env::temp_dir();
    refused_with_stdin(
        &["solve", "sudoku", dir.to_str().unwrap()],
        "",
        &["is a folder, not a puzzle or a file holding one"],
    );
    let err = refused_with_stdin(&["solve", "sudoku", "no-such-puzzle.txt"], "", &[]);
    assert!(
        err.starts_with("dlx: the puzzle `no-such-puzzle.txt` (no such file): "),
        "{err}"
    );
    // A grid is no file name, and keeps its message.
    let bad = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....ABC";
    let out = dlx_with_stdin(&["solve", "sudoku", bad], "");
    assert!(
        stderr(&out).starts_with("dlx: the puzzle: "),
        "{}",
        stderr(&out)
    );
}

// ---- Issue 41, finding 2: a cage sum out of reach answers at once ----

/// An empty 16x16 as f-puzzles JSON with one killer cage over the first `len` cells of rows 1-4
/// (four cells a row) adding up to `sum`.
fn killer16(len: usize, sum: u32) -> String {
    let row = format!("[{}]", vec!["{}"; 16].join(","));
    let grid = format!("[{}]", vec![row; 16].join(","));
    let cells: Vec<String> = (0..len)
        .map(|i| format!("\"R{}C{}\"", 1 + i / 4, 1 + i % 4))
        .collect();
    format!(
        r#"{{"size":16,"grid":{grid},"killercage":[{{"cells":[{}],"value":"{sum}"}}]}}"#,
        cells.join(",")
    )
}

#[test]
fn cage_sums_out_of_reach_have_no_solution_and_huge_cages_are_refused_by_name() {
    // 16 distinct digits always add up to 136, 11 of them to at least 66, 12 to at least 78: each of
    // these explored every arrangement before (12.5 s for 11 cells, x10 a cell); the table of sets
    // that can still be made answers before any is tried.
    for (len, sum) in [(16, 135), (11, 65), (12, 77)] {
        let out = dlx(&["solve", "sudoku", &killer16(len, sum)]);
        assert_eq!(out.status.code(), Some(0), "{len} cells: {}", stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "No solution.\n");
        let out = dlx(&["count", "sudoku", &killer16(len, sum)]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "0\n", "{len} cells");
    }
    // 16 cells adding up to 136 have 16! fillings but one digit set, by which such a cage is
    // stated: it is box 1 again, and the empty grid has solutions.
    let out = dlx(&["solve", "sudoku", &killer16(16, 136)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("The solution is not unique."), "{text}");
    // 12 cells of a 25x25 adding up to 156 have 110,780 digit sets: counted from the table,
    // refused before any is made.
    let row = format!("[{}]", vec!["{}"; 25].join(","));
    let grid = format!("[{}]", vec![row; 25].join(","));
    let cells: Vec<String> = (1..=12).map(|c| format!("\"R1C{c}\"")).collect();
    let big = format!(
        r#"{{"size":25,"grid":{grid},"killercage":[{{"cells":[{}],"value":"156"}}]}}"#,
        cells.join(",")
    );
    refused_with_stdin(
        &["solve", "sudoku", &big],
        "",
        &["cage 1 in r1c1-r1c12 (12 cells, sum 156) has more than 100000 digit sets"],
    );
}

// ---- Hostile input, turn 4 (issue 41): findings 4 and 5 ----

#[test]
fn an_empty_variant_is_refused_not_taken_as_classic() {
    let empty = ".".repeat(81);
    for v in ["", ",", " , "] {
        for args in [
            vec!["solve", "sudoku", empty.as_str(), "--variant", v],
            vec!["make", "sudoku", "--variant", v],
        ] {
            refused_with_stdin(
                &args,
                "",
                &[&format!("--variant `{v}` names no rule"), "anti-knight"],
            );
        }
    }
    // A rule named among empty words still reads (a trailing comma is no typo worth refusing).
    let out = dlx(&["make", "sudoku", "4", "--variant", "x,"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Runs `dlx solve sudoku --batch FILE` on `text`; (status, stdout lines, stderr).
fn batch_text(name: &str, text: &str) -> (Option<i32>, Vec<String>, String) {
    batch_of(name, text.as_bytes())
}

#[test]
fn batch_reads_links_and_f_puzzles_json_one_a_line() {
    // A setter's list of links, with JSON and a plain line among them: each answered in its place
    // by its own rules (it refused the first with "unknown character `{`").
    let made = |variant: &str, seed: &str| {
        let out = dlx(&[
            "make",
            "sudoku",
            "--variant",
            variant,
            "--seed",
            seed,
            "--json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        json(&out)
    };
    let (x, killer, classic) = (made("x", "3"), made("killer", "4"), made("classic", "5"));
    let s = |v: &Value, k: &str| v[k].as_str().unwrap().to_string();
    let killer_json = s(&killer, "puzzle");
    assert!(killer_json.starts_with('{') && !killer_json.contains('\n'));
    // The X puzzle's line of givens, read without its rule, has other solutions: the link keeps it.
    let x_link = s(&x, "link");
    let classic_link = s(&classic, "link");
    let text = format!(
        "# links\n{x_link}\n{killer_json}\n{}\n{classic_link}\nhttps://f-puzzles.com/?load=%zz\n",
        s(&classic, "puzzle")
    );
    let (code, lines, err) = batch_text("links", &text);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        lines[..4],
        [
            s(&x, "solution"),
            s(&killer, "solution"),
            s(&classic, "solution"),
            s(&classic, "solution")
        ]
    );
    assert!(
        lines[4].starts_with("error: line 6: the link has a bad escape at character 1"),
        "{lines:?}"
    );
    assert!(err.contains("1 puzzle could not be read"), "{err}");
    // The same links on their own: every answer a solution, exit 0.
    let (code, lines, err) = batch_text("links-ok", &format!("{x_link}\n{classic_link}\n"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(lines, [s(&x, "solution"), s(&classic, "solution")]);
}

#[test]
fn a_40_million_character_link_is_refused_from_its_length() {
    // The reader lowercased the whole text twice and scanned it before the payload's bound refused
    // it (the page's main thread stood for about 11 s); now its length is checked first.
    let mut link = b"https://f-puzzles.com/?load=".to_vec();
    link.resize(40_000_000, b'A');
    let path = temp_file("40m-link.txt", &link);
    let t = std::time::Instant::now();
    let err = refused_with_stdin(
        &["solve", "sudoku", path.to_str().unwrap()],
        "",
        &["the link is 40000000 characters long, more than the 16000 read"],
    );
    eprintln!("a 40 M-character link refused in {:?}: {err}", t.elapsed());
    std::fs::remove_file(&path).unwrap();
}

/// An unsolvable jigsaw (r1c3 and r1c4 swapped between the first two boxes) as f-puzzles JSON:
/// DLX takes hours to say so.
fn unsolvable_jigsaw() -> std::path::PathBuf {
    let cells: Vec<String> = (0..9)
        .map(|r| {
            let row: Vec<String> = (0..9)
                .map(|c| {
                    let region = match (r, c) {
                        (0, 2) => 1,
                        (0, 3) => 0,
                        _ => r / 3 * 3 + c / 3,
                    };
                    format!("{{\"region\":{region}}}")
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    let text = format!("{{\"size\":9,\"grid\":[{}]}}", cells.join(","));
    temp_file("unsolvable-jigsaw.json", text.as_bytes())
}

#[cfg(target_os = "linux")]
#[test]
fn a_long_search_says_what_it_does_on_a_terminal_and_nothing_otherwise() {
    // On a terminal (util-linux's `script` runs dlx on a pseudo-terminal), a long solve or count
    // draws its progress line without --progress; stopped once the line is seen.
    let jigsaw = unsolvable_jigsaw();
    let progress = |seen: &str| seen.contains(" nodes, 0 solutions");
    for command in ["solve", "count"] {
        let line = format!("'{DLX}' {command} sudoku '{}'", jigsaw.display());
        let mut child = Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("util-linux's script runs");
        let out = child.stdout.take().unwrap();
        let seen = read_until(child, out, progress);
        assert!(progress(&seen), "{command} on a terminal: {seen:?}");
    }
    // Not a terminal: for longer than the line's half-second wait, stderr stays empty.
    let mut child = Command::new(DLX)
        .args(["solve", "sudoku", jigsaw.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(2));
    assert_eq!(
        child.try_wait().unwrap(),
        None,
        "the search is still running"
    );
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(stderr(&out), "");
    assert_eq!(out.stdout, b"");
    std::fs::remove_file(&jigsaw).unwrap();
}
