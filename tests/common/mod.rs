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
