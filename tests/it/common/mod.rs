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
