//! `dlx solve`: the first K solutions as boards (or streamed JSON), and whether a Sudoku's is unique.

use crate::args::Args;
use crate::fail::Stop;
use crate::report::name_algorithm;
use crate::search::{board_text, drive, start_engine, Next, Progress};
use dlx_studio::problems::Problem;
use serde_json::json;
use std::io::{self, IsTerminal, Write};
use std::time::Instant;

pub(crate) fn solve(
    problem: &dyn Problem,
    is_sudoku: bool,
    args: &Args,
    out: &mut impl Write,
) -> Result<(), Stop> {
    let limit = args.limit.unwrap_or(1);
    // Whether a Sudoku's solution is unique takes a second solution to settle.
    let wanted = if is_sudoku && limit == 1 { 2 } else { limit };
    let mut progress = Progress::new(args.progress || io::stderr().is_terminal());
    let t = Instant::now();
    let mut search = start_engine(problem, args)?;
    let mut found = 0u64;
    let mut first: Option<String> = None;
    // A Sudoku's cells outside the grid (ISS's `Var`), per board printed: not in its text.
    let mut extras: Vec<Vec<i32>> = Vec::new();
    let json = args.json;
    if json {
        // One JSON object on one line, written as the search goes: the boards array first, a board as
        // it is found, then the counts. Memory stays flat with `--limit 0` however many there are
        // (probes and propagation taking turns keep 16 bytes a solution, to hand each out once).
        write!(
            out,
            "{{\"command\":\"solve\",\"problem\":{},\"boards\":[",
            json!(problem.title())
        )?;
    }
    let complete = drive(&mut *search, &mut progress, |s| {
        found += 1;
        if limit == 0 || found <= limit {
            let board = problem.board(&s.solution());
            let text = board_text(&board);
            if !board.extra.is_empty() {
                extras.push(board.extra.clone());
            }
            if json {
                if found > 1 {
                    write!(out, ",")?;
                }
                write!(out, "{}", json!(text))?;
            } else {
                // Printed as found, so that `--limit 0` on a big problem streams.
                if found > 1 {
                    writeln!(out)?;
                }
                writeln!(out, "{text}")?;
                if !board.extra.is_empty() {
                    let digits: Vec<String> = board.extra.iter().map(|v| v.to_string()).collect();
                    writeln!(
                        out,
                        "outside the grid, x1 to x{}: {}",
                        board.extra.len(),
                        digits.join(" ")
                    )?;
                }
                out.flush()?;
            }
            if first.is_none() {
                first = Some(text);
            }
        }
        Ok(if wanted != 0 && found >= wanted {
            Next::End
        } else {
            Next::Tell
        })
    })?;
    let seconds = t.elapsed().as_secs_f64();
    // Unique means exactly one solution: found one, and the search ended without finding another.
    let unique = found == 1 && complete;
    let st = search.stats();
    // Rules the puzzle states in words or draws as cosmetic shapes are not read: said beside a
    // verdict of several solutions, where the grid alone is what was solved.
    let unread = problem.as_sudoku().and_then(|s| s.unread());
    if let Some(u) = unread.as_ref().filter(|_| is_sudoku && found >= 2) {
        crate::output::write_err(&format!(
            "dlx: note: {}: the grid alone has {}\n",
            dlx_studio::problems::escape_controls(u),
            if complete {
                format!("{found} solutions")
            } else {
                format!("{found}+ solutions")
            }
        ))
        .map_err(Stop::Stderr)?;
    }
    if json {
        let mut rest = json!({
            "solutions": found,
            "complete": complete,
            "nodes": st.nodes,
            "updates": st.updates,
            "seconds": seconds,
            "first": first,
        });
        name_algorithm(&mut rest, args);
        if let Some(p) = search.probes() {
            // The probe tree's nodes are in `nodes` too (each prunes the instance once).
            rest["probes"] = json!({
                "nodes": p.probes,
                "branched": p.branched,
                "emptied": p.emptied,
                "depth": p.depth,
            });
        }
        if let Some(by) = search.ended_by() {
            // Searches took turns: which ended the tree (the counts are all of theirs).
            rest["ended_by"] = json!(by);
        }
        if is_sudoku {
            rest["unique"] = json!(unique);
            rest["unread"] = json!(unread);
        }
        if !extras.is_empty() {
            // Each board's cells outside the grid (x1 on), in the order of `boards`.
            rest["extra"] = json!(extras);
        }
        // The rest of the object after the array: `{"solutions":…}` without its opening brace.
        let rest = rest.to_string();
        writeln!(out, "],{}", &rest[1..])?;
    } else if found == 0 {
        writeln!(out, "No solution.")?;
    } else if is_sudoku {
        writeln!(out)?;
        if unique {
            writeln!(out, "The solution is unique.")?;
        } else {
            writeln!(out, "The solution is not unique.")?;
        }
    }
    Ok(())
}
