//! What the CLI test files share: running the real `dlx` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `dlx ARGS` with `stdin` as its standard input; returns its status and output.
pub fn dlx_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    // Written from another thread, so that a large input cannot deadlock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// A finished run of `dlx`: its exit status (`None` when a signal ended it) and its output as text.
pub struct Ran {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `dlx ARGS` with `stdin` as its standard input; what it did, as text.
pub fn run(args: &[&str], stdin: &str) -> Ran {
    let out = dlx_with_stdin(args, stdin);
    Ran {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("dlx writes UTF-8 on stdout"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// What a run of `dlx` must do ([`check`]).
#[derive(Clone, Copy, Debug)]
pub enum Expect<'a> {
    /// Exit 0, nothing on stderr.
    Quiet,
    /// Exit 0, and on stderr only lines that start with one of these (the notes a command adds).
    Noted(&'a [&'a str]),
    /// Exit 0, and exactly this on stderr.
    Says(&'a str),
    /// Bad input: exit 2, nothing on stdout, one line `dlx: …` on stderr that holds each of these.
    Refused(&'a [&'a str]),
}

/// Runs `dlx ARGS` on `stdin` and checks that it did what `expect` says, and never panicked; returns
/// its stdout, or for [`Expect::Refused`] its message. The one place the CLI tests spawn `dlx` and
/// judge its status and streams.
pub fn check(args: &[&str], stdin: &str, expect: Expect) -> String {
    let ran = run(args, stdin);
    let Ran {
        code,
        stdout,
        stderr,
    } = ran;
    assert!(
        !stderr.contains("panicked"),
        "dlx {args:?} panicked: {stderr}"
    );
    let succeeded = |code: Option<i32>| {
        assert_eq!(code, Some(0), "dlx {args:?} failed: {stderr}");
    };
    match expect {
        Expect::Quiet => {
            succeeded(code);
            assert_eq!(stderr, "", "dlx {args:?} wrote to stderr");
            stdout
        }
        Expect::Noted(notes) => {
            succeeded(code);
            assert!(
                stderr
                    .lines()
                    .all(|l| notes.iter().any(|n| l.starts_with(n))),
                "dlx {args:?} wrote to stderr: {stderr}"
            );
            stdout
        }
        Expect::Says(said) => {
            succeeded(code);
            assert_eq!(stderr, said, "dlx {args:?}");
            stdout
        }
        Expect::Refused(wanted) => {
            assert_eq!(code, Some(2), "dlx {args:?}: {stderr}");
            assert_eq!(stdout, "", "dlx {args:?} wrote to stdout");
            assert!(
                stderr.starts_with("dlx: ")
                    && stderr.ends_with('\n')
                    && stderr.lines().count() == 1,
                "dlx {args:?}: not one `dlx: ` line: {stderr:?}"
            );
            for w in wanted {
                assert!(
                    stderr.contains(w),
                    "dlx {args:?}: {stderr:?} does not say {w:?}"
                );
            }
            stderr
        }
    }
}

/// Runs `dlx ARGS` (a count with `--progress`) and returns what it wrote on stderr until `enough`
/// says so of the text read, or 60 s (a loaded CI machine) have passed; then kills it.
#[allow(dead_code)] // Not every test file that shares this module watches a progress line.
pub fn progress_until(args: &[&str], enough: impl Fn(&str) -> bool + Send + 'static) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    let stderr = child.stderr.take().expect("piped");
    read_until(child, stderr, enough)
}

/// Reads `from` until `enough` says so of the text read, or 60 s (a loaded CI machine) have
/// passed, then kills `child`; what was read.
pub fn read_until(
    mut child: std::process::Child,
    mut from: impl std::io::Read + Send + 'static,
    enough: impl Fn(&str) -> bool + Send + 'static,
) -> String {
    use std::time::{Duration, Instant};
    let reader = std::thread::spawn(move || {
        let (mut seen, mut buf, start) = (String::new(), [0u8; 4096], Instant::now());
        while start.elapsed() < Duration::from_secs(60) && !enough(&seen) {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => seen.push_str(&String::from_utf8_lossy(&buf[..n])),
            }
        }
        seen
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    while !reader.is_finished() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().ok();
    child.wait().ok();
    reader
        .join()
        .expect("the reader ends once the child is killed")
}

/// Collects the boards of a Sudoku's solutions as DLX finds them (up to `limit`), one symbol
/// number a cell.
pub struct SudokuBoards<'a> {
    pub sudoku: &'a dlx_studio::problems::sudoku::Sudoku,
    pub cells: Vec<Vec<u8>>,
    pub limit: usize,
}

impl dlx_studio::core::Observer for SudokuBoards<'_> {
    const FINE: bool = false;
    fn event(
        &mut self,
        _: dlx_studio::core::Event,
        s: &dlx_studio::core::Search,
    ) -> std::ops::ControlFlow<()> {
        use dlx_studio::problems::Problem;
        let b = self.sudoku.board(&s.solution());
        self.cells.push(all_cells(&b));
        if self.cells.len() >= self.limit {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

/// A Sudoku board's cells as the checker reads them: the grid's, a shaped grid's dead cells (-1) as
/// 0 (no digit), then the cells outside the grid (ISS's `Var`).
pub fn all_cells(b: &dlx_studio::problems::Board) -> Vec<u8> {
    b.cells
        .iter()
        .chain(&b.extra)
        .map(|&v| v.max(0) as u8)
        .collect()
}

/// The board of `sudoku` holding `cells` ([`all_cells`]: the grid's, then those outside it).
pub fn board_holding(
    sudoku: &dlx_studio::problems::sudoku::Sudoku,
    cells: &[u8],
) -> dlx_studio::problems::Board {
    use dlx_studio::problems::Problem;
    let mut b = sudoku.board(&[]);
    let n = b.cells.len();
    b.cells = cells[..n].iter().map(|&v| i32::from(v)).collect();
    b.extra = cells[n..].iter().map(|&v| i32::from(v)).collect();
    b
}

/// The error of a Sudoku text that must not read (a panic naming what it read otherwise).
pub fn sudoku_refused(text: &str) -> dlx_studio::problems::InputError {
    match dlx_studio::problems::sudoku::Sudoku::parse(text) {
        Ok(s) => panic!(
            "{text} read as {}",
            dlx_studio::problems::Problem::title(&s)
        ),
        Err(e) => e,
    }
}

/// DLX's solutions of a Sudoku (up to `limit`), each checked by the puzzle's own check and by
/// `Rules::check` on the grid (the rules as the puzzle states them, not the instance).
pub fn sudoku_solutions(
    sudoku: &dlx_studio::problems::sudoku::Sudoku,
    limit: usize,
) -> Vec<Vec<u8>> {
    use dlx_studio::problems::Problem;
    let mut search = dlx_studio::core::Search::new(sudoku.instance());
    search.preselect(sudoku.givens()).unwrap();
    let mut obs = SudokuBoards {
        sudoku,
        cells: Vec::new(),
        limit,
    };
    search.run(&mut obs);
    let g = sudoku.grid().geometry();
    for (k, c) in obs.cells.iter().enumerate() {
        let b = board_holding(sudoku, c);
        sudoku
            .check(&b)
            .unwrap_or_else(|e| panic!("solution {k} breaks a rule: {e}"));
        sudoku
            .rules()
            .check(g, c, true)
            .unwrap_or_else(|e| panic!("solution {k} breaks a rule: {e}"));
    }
    obs.cells
}
