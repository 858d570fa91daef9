//! `dlx export` (the instance in Knuth's format) and `dlx trace` (the first events as JSON lines).

use crate::args::Args;
use crate::fail::Stop;
use crate::search::{clash, start};
use dlx_studio::problems::{self, Problem};
use std::io::Write;

pub(crate) fn export(problem: &dyn Problem, out: &mut impl Write) -> Result<(), Stop> {
    // One writer of the format, shared with the page's download (problems::knuth_export).
    let text = problems::knuth_export(problem).map_err(|c| clash(problem, c.option, c.item))?;
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The first `--events` events of the search, one JSON line each (`narrate::trace`, the page's step
/// log).
pub(crate) fn trace(problem: &dyn Problem, args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    let mut search = start(problem, args)?;
    let mut res = Ok(());
    dlx_studio::narrate::trace(&mut search, problem, args.events, |l| {
        if res.is_ok() {
            res = writeln!(out, "{l}");
        }
    });
    res?;
    Ok(())
}
