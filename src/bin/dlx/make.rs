//! `dlx make sudoku [--variant V] [--seed S] [--clues N] [--json]`: a new puzzle with exactly one
//! solution (`problems::sudoku::maker`), printed in the form `dlx solve sudoku` reads.

use crate::args::Args;
use crate::fail::{Fail, Stop};
use crate::search::Progress;
use dlx_studio::problems::sudoku::fpuzzles;
use dlx_studio::problems::sudoku::maker::{self, Kind};
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::time::Instant;

pub fn make(args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    let size = match args.positional.as_slice() {
        [what] if what == "sudoku" => 9,
        [what, size] if what == "sudoku" => parse_size(size)?,
        [] => return Err(Fail::new("make needs a problem: dlx make sudoku").into()),
        [what, ..] if what != "sudoku" => {
            return Err(Fail(format!(
                "make makes Sudokus only, not `{what}`: dlx make sudoku"
            ))
            .into())
        }
        [_, _, extra, ..] | [extra] | [_, extra] => {
            return Err(Fail(format!(
                "unexpected argument `{extra}`: make sudoku takes a size (4 to 16) and options \
                 (--variant, --seed, --clues)"
            ))
            .into())
        }
    };
    let kind = Kind::parse(args.variant.as_deref().unwrap_or(""))
        .map_err(|e| Fail(format!("--variant: {}", e.message)))?;
    let seed = args.seed.unwrap_or(1);
    let cells = (size * size) as u64;
    if let Some(c) = args.clues.filter(|&c| c > cells) {
        return Err(Fail(format!(
            "--clues `{c}`: a {size}x{size} Sudoku has {cells} cells, so at most {cells} givens"
        ))
        .into());
    }
    let clues = args.clues.map(|c| c as usize);
    let t = Instant::now();
    // The progress line on stderr, on a terminal or with --progress (nothing new otherwise).
    let mut progress = Progress::new(args.progress || std::io::stderr().is_terminal());
    let mut failed = None;
    let mut sink = |p: maker::Progress| {
        if progress.on {
            if let Err(e) = progress.show(&format!("make: {p}")) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    };
    let made = maker::make_with(&kind, size, seed, clues, &mut sink);
    progress.clear()?;
    if let Some(e) = failed {
        return Err(e);
    }
    let made = made
        .map_err(|e| Fail(e.message))?
        .ok_or_else(|| Fail::new("make was stopped"))?;
    let givens = made.puzzle.cells().iter().filter(|&&v| v != 0).count();
    if args.json {
        let solution: String = made
            .solution
            .iter()
            .map(|&v| made.puzzle.alphabet().label(v))
            .collect();
        let v = json!({
            "command": "make",
            "variant": made.rules.names(),
            "seed": seed,
            "puzzle": made.text,
            // The f-puzzles link of the puzzle (with its rules), to share or to paste in the page.
            "link": fpuzzles::link(
                &fpuzzles::write(&made.puzzle, &made.rules).map_err(|e| Fail(e.message))?
            ),
            "givens": givens,
            "nodes": made.nodes,
            "solution": solution,
            "seconds": t.elapsed().as_secs_f64(),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{}", made.text)?;
    }
    if let Some(c) = clues {
        if givens > c {
            crate::output::write_err(&format!(
                "dlx: make: {givens} givens, not {c}: no given more can go without a second solution\n"
            ))
            .map_err(Stop::Stderr)?;
        }
    }
    Ok(())
}

/// The size of `dlx make sudoku SIZE`: `6` or `6x6`; which sizes the maker makes is its own word
/// (`Kind::geometry`).
fn parse_size(text: &str) -> Result<usize, Stop> {
    let bad = || {
        Fail(format!(
            "`{text}` is not a size: give 4 to 16 (or 6x6, 9x9, 16x16)"
        ))
    };
    let (a, b) = text.split_once(['x', 'X']).unwrap_or((text, text));
    match (a.parse::<usize>(), b.parse::<usize>()) {
        (Ok(a), Ok(b)) if a == b && a > 0 => Ok(a),
        _ => Err(bad().into()),
    }
}
