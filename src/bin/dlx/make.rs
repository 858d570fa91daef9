//! `dlx make sudoku [--variant V] [--seed S] [--clues N] [--json]`: a new puzzle with exactly one
//! solution (`problems::sudoku::maker`), printed in the form `dlx solve sudoku` reads.

use crate::args::Args;
use crate::fail::{Fail, Stop};
use dlx_studio::problems::sudoku::fpuzzles;
use dlx_studio::problems::sudoku::maker::{self, Kind};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

pub fn make(args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    match args.positional.as_slice() {
        [what] if what == "sudoku" => {}
        [] => return Err(Fail::new("make needs a problem: dlx make sudoku").into()),
        [what] => {
            return Err(Fail(format!(
                "make makes Sudokus only, not `{what}`: dlx make sudoku"
            ))
            .into())
        }
        [_, extra, ..] => {
            return Err(Fail(format!(
                "unexpected argument `{extra}`: make sudoku takes none (--variant, --seed, --clues)"
            ))
            .into())
        }
    }
    let kind = Kind::parse(args.variant.as_deref().unwrap_or(""))
        .map_err(|e| Fail(format!("--variant: {}", e.message)))?;
    let seed = args.seed.unwrap_or(1);
    let clues = args.clues.map(|c| c.min(81) as usize);
    let t = Instant::now();
    let made = maker::make(&kind, seed, clues).map_err(|e| Fail(e.message))?;
    let givens = made.puzzle.cells().iter().filter(|&&v| v != 0).count();
    if args.json {
        let solution: String = made
            .solution
            .iter()
            .map(|&v| char::from(b'0' + v))
            .collect();
        let v = json!({
            "command": "make",
            "variant": made.rules.names(),
            "seed": seed,
            "puzzle": made.text,
            // The f-puzzles link of the puzzle (with its rules), to share or to paste in the page.
            "link": fpuzzles::link(&fpuzzles::write(&made.puzzle, &made.rules)),
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
