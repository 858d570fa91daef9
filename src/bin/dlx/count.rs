//! `dlx count`: the number of solutions (or a JSON report), on one thread; many threads and `--part`
//! are `parallel`'s.

use crate::args::Args;
use crate::fail::Stop;
use crate::parallel;
use crate::report::{count_report, name_algorithm};
use crate::search::{board_text, drive, start_engine, Next, Progress};
use dlx_studio::core::Heuristic;
use dlx_studio::problems::Problem;
use serde_json::json;
use std::io::{self, IsTerminal, Write};
use std::time::Instant;

pub(crate) fn count(problem: &dyn Problem, args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    // The threads split Dancing Links' MRV tree; the naive algorithm and the First heuristic are the
    // teaching comparisons, run on one thread.
    if args.memo {
        match crate::memo::count(problem, args, out)? {
            crate::memo::Memoised::Counted => return Ok(()),
            // Memos paid too little: the plain count, on the threads it would have had.
            crate::memo::Memoised::GaveUp => {}
        }
    }
    let plain = !args.naive() && args.heuristic == Heuristic::Mrv;
    // `--engine auto`'s race of memos beside plain search is `parallel`'s, on any number of threads.
    if plain
        && (args.part.is_some() || crate::args::threads_of(args) > 1 || crate::memo::races(args))
    {
        return parallel::count(problem, args, out);
    }
    let mut progress = Progress::new(args.progress || io::stderr().is_terminal());
    let t = Instant::now();
    let mut search = start_engine(problem, args)?;
    let mut first = None;
    drive(&mut *search, &mut progress, |s| {
        first = Some(board_text(&problem.board(&s.solution())));
        Ok(Next::CountOn)
    })?;
    let seconds = t.elapsed().as_secs_f64();
    let st = search.stats();
    if args.json {
        // The keys name_algorithm adds to solve's JSON, in the one CountReport type.
        let mut named = json!({});
        name_algorithm(&mut named, args);
        let word = |k: &str| named[k].as_str().map(str::to_owned);
        let report = dlx_studio::report::CountReport {
            engine: word("engine"),
            algorithm: word("algorithm"),
            heuristic: word("heuristic"),
            ..count_report(problem, st, seconds, first, 1, args)
        };
        writeln!(out, "{}", report.to_line())?;
    } else {
        writeln!(out, "{}", st.solutions)?;
    }
    Ok(())
}
