//! Hostile input, turn 3 (issue 22): the CLI's answers to edited part lines, huge numbers, inputs
//! that cost memory per byte, callers that give dlx /dev/null read-write, and the smaller edges. Each
//! test failed before its fix.

use serde_json::Value;
use std::process::{Command, Output, Stdio};

mod common;
use common::dlx_with_stdin;

const DLX: &str = env!("CARGO_BIN_EXE_dlx");

#[allow(dead_code)]
fn dlx(args: &[&str]) -> Output {
    dlx_with_stdin(args, "")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `dlx ARGS` expecting bad input: status 2 and one line `dlx: …` holding every `want`.
fn refused_with_stdin(args: &[&str], stdin: &str, want: &[&str]) -> String {
    let out = dlx_with_stdin(args, stdin);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "dlx {args:?}: {err}");
    assert!(err.starts_with("dlx: ") && err.ends_with('\n'), "{err:?}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    for w in want {
        assert!(err.contains(w), "dlx {args:?}: {err:?} lacks {w:?}");
    }
    err
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
    let out = dlx_with_stdin(&["solve", "sudoku", "-"], &format!("Hard one\n{P2}\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "dlx: Read as a 9x9 Sudoku (the title line skipped)\n"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("unique"));
    // One puzzle alone: nothing on stderr.
    let out = dlx_with_stdin(&["solve", "sudoku", "-"], &format!("{P2}\n"));
    assert_eq!((out.status.code(), stderr(&out).as_str()), (Some(0), ""));
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

#[allow(dead_code)]
fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap()
}
