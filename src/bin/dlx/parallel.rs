//! The CLI on many cores and many machines: `count --threads T`, `count --part K/N`, `merge` and
//! `solve sudoku --batch`. The engine is `core::split` (the subproblems) and `core::threads` (the pool);
//! this module reads the command line's numbers, draws the progress line and reads and writes the
//! parts' JSON lines.

use crate::args::{threads_of, Args, Part};
use crate::fail::{Fail, Stop};
use crate::input::{read_input, source_name};
use crate::report::count_report;
use crate::search::{board_text, clash, Progress};
use dlx_studio::core::threads::{self, Progress as Shared};
use dlx_studio::core::{Order, Plan, Split, Tally};
use dlx_studio::figures;
use dlx_studio::problems::sudoku::Solver;
use dlx_studio::problems::{self, Problem};
use dlx_studio::report::{self, CountReport};
use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Redraws the progress line from the workers' shared counters until `done` says they finished.
fn watch(
    progress: &mut Progress,
    shared: &Shared,
    threads: usize,
    done: impl Fn() -> bool,
) -> Result<(), Stop> {
    while !done() {
        std::thread::sleep(Duration::from_millis(20));
        // Until a subproblem is finished the estimate is 0 whatever was counted: say how many
        // there are instead (one, for a tree too deep and thin to split).
        let (finished, subs) = (
            shared.finished.load(Ordering::Relaxed),
            shared.subproblems.load(Ordering::Relaxed),
        );
        let solutions = shared.solutions.load(Ordering::Relaxed);
        // The pace so far, in Knuth's measure of a tree (nodes plus updates) a second.
        let secs = progress.elapsed().as_secs_f64();
        let work =
            (shared.nodes.load(Ordering::Relaxed) + shared.updates.load(Ordering::Relaxed)) as f64;
        let pace = (secs > 0.0 && work > 0.0).then(|| work / secs);
        // The threads counting, once a whole count has decided (`threads::count_whole`).
        let threads = match shared.threads.load(Ordering::Relaxed) {
            0 => threads,
            t => t as usize,
        };
        let line = format!(
            "{} nodes, {}, {}, {}",
            shared.nodes.load(Ordering::Relaxed),
            figures::count(solutions, "solution"),
            if finished == 0 {
                let subs = figures::count(subs, "subproblem");
                match shared.tree_estimate() {
                    // How big, before any part of it ends: a hopeless count (queens 30, an empty
                    // Sudoku) says so at once, as the page's "Huge: about … years" does.
                    Some(t) => format!(
                        "none of {subs} finished yet; the whole tree is about {} nodes and \
                         updates (Knuth's estimate){}",
                        figures::about(t),
                        // How long, in words a person weighs at once ("5.4e15 years").
                        pace.map_or(String::new(), |p| format!(
                            ", {} at this pace",
                            figures::duration(t / p)
                        ))
                    ),
                    None => format!("none of {subs} finished yet (no estimate until one is)"),
                }
            } else {
                let f = shared.fraction();
                format!(
                    "{} of the tree explored (Knuth's estimate){}",
                    figures::percent(f),
                    figures::time_left(secs, f)
                )
            },
            figures::count(threads as u64, "thread"),
        );
        progress.show(&line)?;
    }
    progress.clear()
}

/// `count` split into subproblems: on `--threads T` (T > 1), or one `--part K/N` (on T threads).
pub fn count(problem: &dyn Problem, args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    let threads = threads_of(args);
    let mut progress = Progress::new(args.progress || io::IsTerminal::is_terminal(&io::stderr()));
    let t = Instant::now();
    let order = args.seed.map_or(Order::Given, Order::Shuffled);
    // A part's split depends on N alone, so that every part, wherever it runs, makes the same one;
    // a whole count splits for its threads.
    let plan = Plan::for_workers(args.part.map_or(threads, |p| p.n));
    let inst = args.instance(problem);
    let shared = Arc::new(Shared::default());
    // With the progress line drawn from this thread, the count runs on another; without it, here
    // (a thread started for nothing cost a short count, a Sudoku, several percent).
    let on_worker = |progress: &mut Progress, work: &(dyn Fn() -> Tally + Sync)| {
        if !progress.on {
            return Ok(work());
        }
        std::thread::scope(|scope| {
            let worker = scope.spawn(work);
            // If the line cannot be written, the workers give up rather than count on unseen.
            let shown = watch(progress, &shared, threads, || worker.is_finished())
                .inspect_err(|_| shared.stop.store(true, Ordering::Relaxed));
            let counted = worker
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            shown.map(|()| counted)
        })
    };
    let Some(part) = args.part else {
        // A whole count: split only where it pays (`threads::count_whole`); `threads` in the JSON
        // is the threads used, 1 when the search stayed on one.
        let used = std::sync::OnceLock::new();
        let (givens, tree, engine) = (problem.givens(), args.tree(), args.engine);
        // `--engine auto`: memos race beside plain search (`memo::Race`), which they stop if they
        // end first.
        let race = crate::memo::races(args).then(|| {
            let inst = Arc::new(inst.clone().into_owned());
            crate::memo::Race::start(inst, givens, crate::memo::budget(args), &shared)
        });
        let tally = on_worker(&mut progress, &|| {
            let whole = threads::count_whole(&inst, givens, order, tree, engine, threads, &shared);
            match whole {
                Ok(w) => {
                    let _ = used.set(Ok(w.threads));
                    w.tally
                }
                Err(c) => {
                    let _ = used.set(Err(c));
                    Tally::default()
                }
            }
        });
        // The memo count ended first: it is the answer (plain search's tally stopped partway).
        if let Some(counted) = race.and_then(crate::memo::Race::finish) {
            return crate::memo::report(problem, args, out, t, &counted);
        }
        let tally = tally?;
        let threads = match used.into_inner() {
            Some(Ok(t)) => t,
            Some(Err(c)) => return Err(clash(problem, c.option, c.item).into()),
            None => 1,
        };
        return report(problem, args, out, t, &tally, threads, None);
    };
    let mut split = Split::with_tree(&inst, problem.givens(), order, plan, args.tree())
        .map_err(|c| clash(problem, c.option, c.item))?;
    split.set_engine(args.engine);
    let (k, n) = (part.k, part.n);
    let subs = split.share(k, n);
    // Threads used, not asked: a tree that cannot be cut (one subproblem, e.g. a search with
    // multiplicities) is counted by one thread whatever `--threads` says, and `--json` says so.
    let threads = threads.min(subs.len()).max(1);
    let mut tally = split.share_tally(k);
    tally.add(on_worker(&mut progress, &|| {
        threads::count(&split, &subs, threads, &shared)
    })?);
    report(
        problem,
        args,
        out,
        t,
        &tally,
        threads,
        Some((part, split.fingerprint)),
    )
}

/// Writes a count's result: the solutions, or with `--json` the report line (a part's fields too).
fn report(
    problem: &dyn Problem,
    args: &Args,
    out: &mut impl Write,
    t: Instant,
    tally: &Tally,
    threads: usize,
    part: Option<(Part, u64)>,
) -> Result<(), Stop> {
    let seconds = t.elapsed().as_secs_f64();
    let st = &tally.stats;
    let first = tally
        .first
        .as_ref()
        .map(|(_, opts)| board_text(&problem.board(opts)));
    if args.json {
        let mut report = CountReport {
            engine: Some(args.engine_name().into()),
            ..count_report(problem, st, seconds, first, threads as u64, args)
        };
        if let Some((p, fingerprint)) = part {
            report.part = Some(p.k as u64);
            report.parts = Some(p.n as u64);
            report.fingerprint = Some(format!("{fingerprint:016x}"));
            // Where this part's first solution stands in the whole search's order, so that merge
            // can tell which part's first solution is the whole search's first.
            report.first_at = Some(tally.first.as_ref().map(|f| f.0));
        }
        writeln!(out, "{}", report.to_line())?;
    } else {
        writeln!(out, "{}", st.solutions)?;
    }
    Ok(())
}

/// `dlx merge FILES|-`: adds up the parts of one count, checking that they are all there, once each,
/// from one problem. Prints one JSON object with the keys of `count --json`.
pub fn merge(sources: &[String], max_input: u64, out: &mut impl Write) -> Result<(), Stop> {
    if sources.is_empty() {
        return Err(Fail::new(
            "merge needs the parts: files holding the JSON lines of `dlx count … --part K/N --json`, \
             or - for standard input",
        )
        .into());
    }
    let mut parts: Vec<(String, CountReport)> = Vec::new();
    for src in sources {
        let text = read_input(src, max_input)?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{} line {}", source_name(src), i + 1);
            let part = CountReport::read_part(line).map_err(|m| Fail(format!("{at}: {m}")))?;
            parts.push((at, part));
        }
    }
    if parts.is_empty() {
        return Err(Fail(format!(
            "no parts to merge: {} holds no JSON line",
            sources
                .iter()
                .map(|s| source_name(s))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .into());
    }
    let merged = report::merge(&parts).map_err(Fail)?;
    writeln!(out, "{}", merged.to_line())?;
    Ok(())
}

/// The longest puzzle line read (a 25x25 grid with separators takes under 2 KB): a longer line is
/// refused rather than read into memory whole.
const MAX_LINE: u64 = 1 << 16;

/// Puzzles read and answered at a time: enough to keep every core busy, few enough that memory
/// stays bounded however long the input.
const BATCH: usize = 4096;

/// The answer line for one puzzle line, or why the line is not a puzzle (with the column, if any).
fn answer(solver: &mut Solver, line: &str) -> Result<String, (Option<usize>, String)> {
    solver.answer(line).map_err(|e| (e.column, e.message))
}

/// Reads the next line into `buf` (without its end): a line ends at `\n`, `\r\n` or a lone `\r`, as
/// for every reader of the project (`problems::text_lines`). `None` at the end of the input;
/// `Some(false)` for a line longer than [`MAX_LINE`] bytes, which is read to its end but not kept.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut whole) = (false, true);
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then_some(whole));
        }
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
        let take = end.unwrap_or(chunk.len());
        if whole && (buf.len() + take) as u64 <= MAX_LINE {
            buf.extend_from_slice(&chunk[..take]);
        } else {
            whole = false;
            buf.clear();
        }
        let Some(i) = end else {
            reader.consume(take);
            continue;
        };
        let cr = chunk[i] == b'\r';
        reader.consume(i + 1);
        if cr && reader.fill_buf()?.first() == Some(&b'\n') {
            reader.consume(1);
        }
        return Ok(Some(whole));
    }
}

/// `dlx solve sudoku --batch FILE|-`: one puzzle a line in, one answer a line out, in input order,
/// puzzles solved on every core. Blank lines and lines starting with `#` are skipped (comments).
pub fn batch(path: &str, args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    let threads = threads_of(args);
    let name = source_name(path);
    let mut reader: Box<dyn BufRead> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        let f = std::fs::File::open(path).map_err(|e| Fail(format!("cannot read {name}: {e}")))?;
        Box::new(io::BufReader::new(f))
    };
    let mut line_no = 0usize;
    let mut bad: Option<String> = None;
    let mut n_bad = 0usize;
    let mut buf = Vec::new();
    loop {
        // (line number, puzzle text or why the line is none) for the next batch.
        let mut lines: Vec<(usize, Result<String, String>)> = Vec::with_capacity(BATCH);
        let mut eof = false;
        while lines.len() < BATCH {
            let Some(whole) = read_line(&mut reader, &mut buf)
                .map_err(|e| Fail(format!("cannot read {name}: {e}")))?
            else {
                eof = true;
                break;
            };
            line_no += 1;
            // A line that is not a puzzle's is answered `error: …` in its place, as one that does
            // not read as a puzzle is: the answers before and after it stand.
            if !whole {
                lines.push((
                    line_no,
                    Err(format!("longer than {MAX_LINE} bytes: not a puzzle line")),
                ));
                continue;
            }
            let text = match std::str::from_utf8(&buf) {
                Ok(t) => t,
                Err(e) => {
                    lines.push((
                        line_no,
                        Err(format!(
                            "not UTF-8 text (bad byte at column {})",
                            e.valid_up_to() + 1
                        )),
                    ));
                    continue;
                }
            };
            // A byte-order mark at the start of the file, as every other reader takes it.
            let text = if line_no == 1 {
                text.strip_prefix('\u{feff}').unwrap_or(text)
            } else {
                text
            };
            let t = text.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            lines.push((line_no, Ok(t.to_owned())));
        }
        let engine = args.engine;
        let new = move || {
            let mut s = Solver::new();
            s.set_engine(engine);
            s
        };
        let answers = threads::map_in_order(&lines, threads, new, |solver, (_, l)| match l {
            Ok(l) => answer(solver, l),
            Err(why) => Err((None, why.clone())),
        });
        for ((l, _), a) in lines.iter().zip(answers) {
            match a {
                Ok(text) => writeln!(out, "{text}")?,
                Err((column, msg)) => {
                    let msg = match column {
                        Some(c) => format!("line {l}, column {c}: {msg}"),
                        None => format!("line {l}: {msg}"),
                    };
                    // The line quotes the input: escaped as stderr's messages are, so that a
                    // puzzle file cannot drive the terminal through stdout either.
                    writeln!(out, "error: {}", problems::escape_controls(&msg))?;
                    n_bad += 1;
                    bad.get_or_insert(msg);
                }
            }
        }
        if eof {
            break;
        }
    }
    out.flush()?;
    if let Some(first) = bad {
        return Err(Fail(format!(
            "{name}: {} could not be read (answered `error: …`); the first: {first}",
            figures::count(n_bad as u64, "puzzle")
        ))
        .into());
    }
    Ok(())
}
