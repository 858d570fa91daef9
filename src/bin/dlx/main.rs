//! `dlx`: the command line of DLX Studio.
//!
//! `dlx count|solve|export PROBLEM ARGS… [OPTIONS]`; see `help::usage`. Output goes to stdout, a progress
//! line to stderr when stderr is a terminal, and bad input ends with one line `dlx: <message>` on stderr
//! and exit status 2. Every problem is built by `problems::load`, and every N read by
//! `problems::parse_n`, as on the page, so the same input gets the same message in both (the CLI puts
//! its source in front: the file name, standard input, the puzzle or the N argument).

// No `unsafe` in the binary: its one item the lint names is the stdout check's `.init_array` entry
// (output.rs), allowed there alone.
#![deny(unsafe_code)]

mod args;
mod count;
mod export;
mod fail;
mod help;
mod input;
mod make;
mod memo;
mod output;
mod parallel;
mod report;
mod search;
mod solve;
mod zdd;

use args::{parse_args, Command, Parsed};
use dlx_studio::problems::{self, Spec};
use fail::{Fail, Stop};
use output::{stdout_was_closed, write_err, Stdout, STDOUT_CLOSED};
use std::io::{self, Write};
use std::process::ExitCode;

fn run(argv: &[String]) -> Result<(), Stop> {
    let args = match parse_args(argv)? {
        Parsed::Help => {
            let mut out = Stdout::lock();
            out.write_all(help::usage().as_bytes())?;
            out.flush()?;
            return Ok(());
        }
        Parsed::Run(a) => *a,
    };
    let mut out = io::BufWriter::new(Stdout::lock());
    if args.command == Command::Merge {
        parallel::merge(&args.positional, args.max_input, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    if args.command == Command::Zdd {
        zdd::zdd(&args, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    if args.command == Command::Make {
        make::make(&args, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    if let Some(path) = &args.batch {
        if args.positional != ["sudoku"] {
            return Err(Fail::new(
                "--batch solves Sudokus: dlx solve sudoku --batch FILE|- (no puzzle argument)",
            )
            .into());
        }
        // What the batch reads: its file, the threads, the engine. Anything else would be taken
        // and ignored (`--max-input`, `--tree lookahead`, …): refused, naming it.
        if let Some(name) = args
            .given
            .iter()
            .find(|n| !["--batch", "--threads", "--engine"].contains(n))
        {
            let why = match *name {
                "--max-input" => {
                    "which reads one line at a time (a line of at most 64 KiB, as many lines as come)"
                }
                _ => "which writes one line a puzzle, solved as `dlx solve sudoku` solves it",
            };
            return Err(Fail(format!("{name} does not apply to --batch, {why}")).into());
        }
        parallel::batch(path, &args, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    let (spec, problem) = input::load(&args)?;
    let note = match &spec {
        // Said only when the text was asked for as something else: a Sudoku in an exact-cover file.
        Spec::Sudoku(_) | Spec::SudokuWith(..) => None,
        _ => problem.note(),
    };
    if let Some(note) = note {
        write_err(&format!("dlx: {}\n", problems::escape_controls(&note))).map_err(Stop::Stderr)?;
    }
    // What the page warns of beside the box (nothing to search, no Langford pairing for this n): a
    // bare `0` from count or solve said nothing of why.
    let answers = matches!(args.command, Command::Count | Command::Solve);
    if let Some(warning) = problems::warning(&*problem).filter(|_| answers) {
        write_err(&format!("dlx: note: {warning}\n")).map_err(Stop::Stderr)?;
    }
    if let Spec::Sudoku(text) | Spec::SudokuWith(text, _) = &spec {
        input::sudoku_skips(text)?;
    }
    match args.command {
        Command::Count => count::count(&*problem, &args, &mut out)?,
        Command::Solve => {
            let is_sudoku = problem.board(&[]).kind == problems::ProblemKind::Sudoku;
            solve::solve(&*problem, is_sudoku, &args, &mut out)?
        }
        Command::Export => export::export(&*problem, &mut out)?,
        Command::Trace => export::trace(&*problem, &args, &mut out)?,
        Command::Merge | Command::Make | Command::Zdd => unreachable!("done above"),
    }
    out.flush()?;
    Ok(())
}

/// Exit status: 0 success (a closed pipe on stdout too), 1 output that could not be written, 2 bad
/// input or usage. The message goes to stderr if it can; if it cannot, the status still tells.
fn main() -> ExitCode {
    let argv: Result<Vec<String>, Stop> = std::env::args_os()
        .skip(1)
        .map(|a| {
            a.into_string().map_err(|a| {
                Stop::Fail(Fail(format!(
                    "argument `{}` is not valid UTF-8",
                    a.to_string_lossy()
                )))
            })
        })
        .collect();
    let (msg, code) = match argv.and_then(|argv| run(&argv)) {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Stop::Fail(Fail(msg))) => (msg, 2),
        Err(Stop::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(Stop::Output(_)) if stdout_was_closed() => (STDOUT_CLOSED.to_string(), 1),
        Err(Stop::Output(e)) => (format!("cannot write to standard output: {e}"), 1),
        Err(Stop::Stderr(e)) => (format!("cannot write to standard error: {e}"), 1),
    };
    // One line of visible characters, whatever the message quotes (a file name, an argument, the
    // input): control characters are escaped, so a file cannot drive the terminal.
    let _ = write_err(&format!("dlx: {}\n", problems::escape_controls(&msg)));
    ExitCode::from(code)
}
