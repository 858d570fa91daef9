//! The CLI on many cores and many machines: `count --threads T`, `count --part K/N`, `merge` and
//! `solve sudoku --batch`. The engine is `core::split` (the subproblems) and `core::threads` (the pool);
//! this module reads the command line's numbers, draws the progress line and reads and writes the
//! parts' JSON lines.

use super::{board_text, clash, read_input, source_name, tree_name, Args, Fail, Progress, Stop};
use dlx_studio::core::threads::{self, Progress as Shared};
use dlx_studio::core::{Order, Plan, Split};
use dlx_studio::problems::sudoku::{Grid, Solver};
use dlx_studio::problems::{self, Problem};
use serde_json::{json, Value};
use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// `--part K/N`: which share of the split this run counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub k: usize,
    pub n: usize,
}

/// Reads `K/N` (0 <= K < N), each number as N is read everywhere else.
pub fn parse_part(s: &str) -> Result<Part, Fail> {
    let Some((k, n)) = s.split_once('/') else {
        return Err(Fail(format!(
            "--part `{s}`: give K/N, part K (from 0) of N, as in --part 0/8"
        )));
    };
    // Read as N is everywhere (digits only); the message names the whole value and which number.
    let num = |what: &str, t: &str| {
        problems::parse_whole(what, t)
            .ok()
            .and_then(|v| usize::try_from(v).ok())
            .map_or_else(
                || match problems::parse_whole(what, t) {
                    Err(e) => Err(Fail(format!("--part `{s}`: {}", e.message))),
                    Ok(_) => Err(Fail(format!("--part `{s}`: {what} is far too large"))),
                },
                Ok,
            )
    };
    let (k, n) = (num("K", k)?, num("N", n)?);
    if n == 0 {
        return Err(Fail(format!("--part `{s}`: N must be at least 1")));
    }
    if k >= n {
        return Err(Fail(format!(
            "--part `{s}`: K must be below N (parts are numbered 0 to {})",
            n - 1
        )));
    }
    Ok(Part { k, n })
}

/// `--threads T`: at least 1.
pub fn parse_threads(s: &str) -> Result<usize, Fail> {
    let t = super::parse_number("--threads", s)?;
    if t == 0 {
        return Err(Fail::new("--threads must be at least 1"));
    }
    Ok(usize::try_from(t).unwrap_or(usize::MAX).min(1024))
}

/// The threads to use: as asked, or every core.
pub fn threads_of(args: &Args) -> usize {
    args.threads.unwrap_or_else(threads::available)
}

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
        let line = format!(
            "{} nodes, {solutions} solution{}, {}, {threads} thread{}",
            shared.nodes.load(Ordering::Relaxed),
            if solutions == 1 { "" } else { "s" },
            if finished == 0 {
                let s = if subs == 1 { "" } else { "s" };
                format!("none of {subs} subproblem{s} finished yet (no estimate until one is)")
            } else {
                format!(
                    "{} of the tree explored (Knuth's estimate)",
                    dlx_studio::narrate::percent(shared.fraction())
                )
            },
            if threads == 1 { "" } else { "s" },
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
    let mut split = Split::with_tree(&inst, problem.givens(), order, plan, args.tree())
        .map_err(|c| clash(problem, c.option, c.item))?;
    split.set_engine(args.engine);
    let (k, n) = args.part.map_or((0, 1), |p| (p.k, p.n));
    let subs = split.share(k, n);
    // Threads used, not asked: a tree that cannot be cut (one subproblem, e.g. a search with
    // multiplicities) is counted by one thread whatever `--threads` says, and `--json` says so.
    let threads = threads.min(subs.len()).max(1);
    let shared = Shared::default();
    let mut tally = split.share_tally(k);
    let counted = std::thread::scope(|scope| {
        let worker = scope.spawn(|| threads::count(&split, &subs, threads, &shared));
        let shown = if progress.on {
            // If the line cannot be written, the workers give up rather than count on unseen.
            watch(&mut progress, &shared, threads, || worker.is_finished())
                .inspect_err(|_| shared.stop.store(true, Ordering::Relaxed))
        } else {
            Ok(())
        };
        let counted = worker
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        shown.map(|()| counted)
    })?;
    tally.add(counted);
    let seconds = t.elapsed().as_secs_f64();
    let st = &tally.stats;
    let first = tally
        .first
        .as_ref()
        .map(|(_, opts)| board_text(&problem.board(opts)));
    if args.json {
        let mut v = json!({
            "command": "count",
            "problem": problem.title(),
            "solutions": st.solutions,
            "nodes": st.nodes,
            "updates": st.updates,
            "seconds": seconds,
            "max_depth": st.max_depth(),
            "first": first,
            "threads": threads,
            "tree": tree_name(problem, args),
            "engine": args.engine_name(),
        });
        if let Some(n) = args.pruned.get() {
            v["pruned"] = json!(n);
        }
        if let Some(p) = args.part {
            v["part"] = json!(p.k);
            v["parts"] = json!(p.n);
            v["fingerprint"] = json!(format!("{:016x}", split.fingerprint));
            // Where this part's first solution stands in the whole search's order, so that merge
            // can tell which part's first solution is the whole search's first.
            v["first_at"] = json!(tally.first.as_ref().map(|f| f.0));
        }
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{}", st.solutions)?;
    }
    Ok(())
}

/// One part's JSON object, as read back by `merge`, and where it was read.
struct PartResult {
    at: String,
    k: u64,
    n: u64,
    fingerprint: String,
    problem: String,
    solutions: u64,
    nodes: u64,
    updates: u64,
    seconds: f64,
    max_depth: u64,
    threads: u64,
    /// The tree the part walked (older parts have no `tree`: DLX1's, the only one then).
    tree: String,
    /// Options emptied as blocked before the search, if the part pruned.
    pruned: Option<u64>,
    /// The engine that counted (`bits` or `links`; older parts name none).
    engine: Option<String>,
    first: Option<String>,
    first_at: Option<u64>,
}

fn read_part(at: String, line: &str) -> Result<PartResult, Fail> {
    let hint = "each line must be the output of `dlx count … --part K/N --json`";
    let v: Value = serde_json::from_str(line)
        .map_err(|e| Fail(format!("{at}: not a JSON object ({e}); {hint}")))?;
    let field = |name: &str| -> Result<&Value, Fail> {
        v.get(name)
            .ok_or_else(|| Fail(format!("{at}: no `{name}` in this object; {hint}")))
    };
    let num = |name: &str| -> Result<u64, Fail> {
        field(name)?
            .as_u64()
            .ok_or_else(|| Fail(format!("{at}: `{name}` is not a whole number")))
    };
    let text = |name: &str| -> Result<String, Fail> {
        field(name)?
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| Fail(format!("{at}: `{name}` is not a string")))
    };
    if field("command")?.as_str() != Some("count") {
        return Err(Fail(format!("{at}: not the output of `dlx count`; {hint}")));
    }
    // A whole count's JSON has every key but these: say so first.
    field("part")?;
    let first = match field("first")? {
        Value::Null => None,
        f => Some(
            f.as_str()
                .ok_or_else(|| Fail(format!("{at}: `first` is neither a string nor null")))?
                .to_owned(),
        ),
    };
    let first_at = match field("first_at")? {
        Value::Null => None,
        _ => Some(num("first_at")?),
    };
    Ok(PartResult {
        k: num("part")?,
        n: num("parts")?,
        fingerprint: text("fingerprint")?,
        problem: text("problem")?,
        solutions: num("solutions")?,
        nodes: num("nodes")?,
        updates: num("updates")?,
        seconds: field("seconds")?
            .as_f64()
            .ok_or_else(|| Fail(format!("{at}: `seconds` is not a number")))?,
        max_depth: num("max_depth")?,
        threads: num("threads")?,
        tree: match v.get("tree") {
            None => "dlx1".into(),
            Some(_) => text("tree")?,
        },
        pruned: match v.get("pruned") {
            None => None,
            Some(_) => Some(num("pruned")?),
        },
        engine: match v.get("engine") {
            None => None,
            Some(_) => Some(text("engine")?),
        },
        first,
        first_at,
        at,
    })
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
    let mut parts: Vec<PartResult> = Vec::new();
    for src in sources {
        let text = read_input(src, max_input)?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            parts.push(read_part(
                format!("{} line {}", source_name(src), i + 1),
                line,
            )?);
        }
    }
    let Some(first) = parts.first() else {
        return Err(Fail(format!(
            "no parts to merge: {} holds no JSON line",
            sources
                .iter()
                .map(|s| source_name(s))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .into());
    };
    let n = first.n;
    let mut seen: Vec<Option<&str>> = Vec::new();
    for p in &parts {
        if p.fingerprint != first.fingerprint {
            return Err(Fail(format!(
                "{}: part {} of {} comes from another problem (fingerprint {}, not {} as in {})",
                p.at, p.k, p.n, p.fingerprint, first.fingerprint, first.at
            ))
            .into());
        }
        if p.n != n {
            return Err(Fail(format!(
                "{}: part {} of {} does not belong with {}, which is of {n} parts",
                p.at, p.k, p.n, first.at
            ))
            .into());
        }
        if p.k >= n {
            return Err(Fail(format!(
                "{}: part {} of {n} does not exist (parts are 0 to {})",
                p.at,
                p.k,
                n - 1
            ))
            .into());
        }
        let k = p.k as usize;
        if seen.len() <= k {
            seen.resize(k + 1, None);
        }
        if let Some(before) = seen[k] {
            return Err(Fail(format!(
                "part {k} of {n} appears twice: {before} and {}",
                p.at
            ))
            .into());
        }
        seen[k] = Some(&p.at);
    }
    seen.resize(n.min(1 << 20) as usize, None);
    let missing: Vec<String> = (0..n)
        .filter(|&k| seen.get(k as usize).is_none_or(|s| s.is_none()))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        let shown = if missing.len() > 20 {
            format!("{}, … ({} in all)", missing[..20].join(", "), missing.len())
        } else {
            missing.join(", ")
        };
        let s = if missing.len() == 1 { "" } else { "s" };
        return Err(Fail(format!("missing part{s} {shown} of {n}")).into());
    }
    let sum = |f: fn(&PartResult) -> u64, what: &str| -> Result<u64, Fail> {
        parts
            .iter()
            .try_fold(0u64, |a, p| a.checked_add(f(p)))
            .ok_or_else(|| Fail(format!("the parts' {what} add up to more than 2^64")))
    };
    let first_solution = parts
        .iter()
        .filter_map(|p| p.first_at.map(|at| (at, &p.first)))
        .min_by_key(|&(at, _)| at)
        .and_then(|(_, f)| f.clone());
    let mut v = json!({
        "command": "count",
        "problem": first.problem,
        "solutions": sum(|p| p.solutions, "solutions")?,
        "nodes": sum(|p| p.nodes, "nodes")?,
        "updates": sum(|p| p.updates, "updates")?,
        "seconds": parts.iter().map(|p| p.seconds).sum::<f64>(),
        "max_depth": parts.iter().map(|p| p.max_depth).max().unwrap_or(0),
        "first": first_solution,
        "threads": sum(|p| p.threads, "threads")?,
        "tree": first.tree,
    });
    // Every part pruned the same instance the same way (the fingerprint covers the options).
    if let Some(n) = first.pruned {
        v["pruned"] = json!(n);
    }
    // Every part made the same choice (it depends on the instance and the tree alone).
    if let Some(e) = &first.engine {
        v["engine"] = json!(e);
    }
    writeln!(out, "{v}")?;
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
    let grid = Grid::parse(line).map_err(|e| (e.column, e.message))?;
    let solved = solver.solve(&grid, 2);
    Ok(match (solved.count, solved.solution) {
        (1, Some(g)) => g.to_line(),
        (0, _) => "no solution".into(),
        _ => "not unique".into(),
    })
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
        // (line number, puzzle text) for the next batch.
        let mut lines: Vec<(usize, String)> = Vec::with_capacity(BATCH);
        let mut eof = false;
        while lines.len() < BATCH {
            buf.clear();
            let got = (&mut reader)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut buf)
                .map_err(|e| Fail(format!("cannot read {name}: {e}")))?;
            if got == 0 {
                eof = true;
                break;
            }
            line_no += 1;
            if got as u64 > MAX_LINE && buf.last() != Some(&b'\n') {
                return Err(Fail(format!(
                    "{name} line {line_no} is longer than {MAX_LINE} bytes: not a puzzle line"
                ))
                .into());
            }
            let text = String::from_utf8(std::mem::take(&mut buf)).map_err(|e| {
                Fail(format!(
                    "{name} line {line_no} is not UTF-8 text (bad byte at column {})",
                    e.utf8_error().valid_up_to() + 1
                ))
            })?;
            let t = text.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            lines.push((line_no, t.to_owned()));
        }
        let engine = args.engine;
        let new = move || {
            let mut s = Solver::new();
            s.set_engine(engine);
            s
        };
        let answers =
            threads::map_in_order(&lines, threads, new, |solver, (_, l)| answer(solver, l));
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
        let s = if n_bad == 1 { "" } else { "s" };
        return Err(Fail(format!(
            "{name}: {n_bad} puzzle{s} could not be read (answered `error: …`); the first: {first}"
        ))
        .into());
    }
    Ok(())
}
