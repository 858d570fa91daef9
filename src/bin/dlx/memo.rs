//! `dlx count --memo`: the count with memos (`core::memo`, Knuth's DLX6), its JSON line, the ZDD
//! written with `--zdd FILE`, and the way back to plain search when memos pay too little; and the
//! memo side of `--engine auto`'s race beside plain search.

use crate::args::Args;
use crate::fail::{Fail, Stop};
use crate::output::write_err;
use dlx_studio::core::memo::{self, Counted, GiveUp, MemoError, MemoStats, Settings, Watch};
use dlx_studio::core::threads::Progress as Shared;
use dlx_studio::core::{Engine, Heuristic, Instance};
use dlx_studio::problems::Problem;
use serde_json::json;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the memo count came to: counted, or given up (plain search counts instead).
pub(crate) enum Memoised {
    Counted,
    GaveUp,
}

/// `--engine auto`'s race: plain search starts at once and memos join it after this long, so that
/// a count that plain search ends sooner pays nothing for them (a Sudoku, 12-queens).
const RACE_AFTER: Duration = Duration::from_millis(50);

/// In the race, memos go on only while their hits spare at least this many plain nodes a node
/// walked (`--memo`'s rule asks for one): a memo node costs several plain ones (key, hash,
/// table), and plain search counts on every core while the memo count has one.
const RACE_RARE: f64 = 4.0;

/// Whether `dlx count` races memos beside plain search: `--engine auto` (the default) on a whole
/// count of DLX's MRV tree in the given order; an engine, a tree, a seed, a part, the naive
/// algorithm or the First heuristic asked for is a plain count as asked.
pub(crate) fn races(args: &Args) -> bool {
    args.engine == Engine::Auto
        && !args.memo
        && args.zdd.is_none()
        && args.part.is_none()
        && args.tree.is_none()
        && args.seed.is_none()
        && !args.naive()
        && args.heuristic == Heuristic::Mrv
}

/// The memo table's budget in bytes: `--memo-budget`, else the default.
pub(crate) fn budget(args: &Args) -> usize {
    args.memo_budget.map_or(memo::DEFAULT_BUDGET, |mib| {
        (mib as usize).saturating_mul(1 << 20)
    })
}

/// Runs the count on a thread of its own, with the stack it may need (a frame a level).
fn counted_on_thread(
    inst: &Instance,
    givens: &[usize],
    settings: &Settings,
) -> Result<Result<Counted, MemoError>, Stop> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(memo::stack_bytes(inst))
            .spawn_scoped(s, || memo::count(inst, givens, settings))
            .map_err(|e| Fail(format!("cannot start the memo count's thread: {e}")))?
            .join()
            .map_err(|_| Fail::new("the memo count's thread panicked").into())
    })
}

/// Stops the memo count once plain search has ended.
struct UntilPlainEnds(Arc<AtomicBool>);

impl Watch for UntilPlainEnds {
    fn progress(&mut self, _: &MemoStats, _: f64) -> bool {
        !self.0.load(Ordering::Acquire)
    }
}

/// The memo side of `--engine auto`'s race, on a thread of its own that nobody waits for: plain
/// search's end never waits on it (a Sudoku's count takes a fraction of a millisecond, less than
/// waking a thread on a busy machine).
pub(crate) struct Race {
    plain_ended: Arc<AtomicBool>,
    won: Arc<Mutex<Option<Counted>>>,
    thread: Option<std::thread::Thread>,
}

impl Race {
    /// Starts the memo side: parked for [`RACE_AFTER`] (or until plain search ends), then a count
    /// with memos until they pay too little ([`RACE_RARE`]) or plain search ends. A finished
    /// count is kept first, then stops plain search (`plain.stop`), so that a stopped plain
    /// search always finds it.
    pub(crate) fn start(
        inst: Arc<Instance>,
        givens: &[usize],
        budget: usize,
        plain: &Arc<Shared>,
    ) -> Race {
        let plain_ended = Arc::new(AtomicBool::new(false));
        let won = Arc::new(Mutex::new(None));
        let (ended, kept) = (plain_ended.clone(), won.clone());
        let (plain, givens) = (plain.clone(), givens.to_vec());
        let thread = std::thread::Builder::new()
            .stack_size(memo::stack_bytes(&inst))
            .spawn(move || {
                let start = Instant::now();
                loop {
                    if ended.load(Ordering::Acquire) {
                        return;
                    }
                    match RACE_AFTER.checked_sub(start.elapsed()) {
                        Some(left) if !left.is_zero() => std::thread::park_timeout(left),
                        _ => break,
                    }
                }
                let settings = Settings {
                    budget,
                    give_up: GiveUp::Below(RACE_RARE),
                    zdd: false,
                    parts: true,
                    // Plain search has every core: the memo side keeps to its one.
                    threads: 1,
                };
                let mut watch = UntilPlainEnds(ended);
                // Any end but a count (given up, stopped, a clash plain search reports,
                // multiplicities) leaves the answer to plain search.
                if let Ok(c) = memo::count_watched(&inst, &givens, &settings, Some(&mut watch)) {
                    *kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
                    plain.stop.store(true, Ordering::Release);
                }
            })
            // No thread: no race, plain search counts alone.
            .ok()
            .map(|h| h.thread().clone());
        Race {
            plain_ended,
            won,
            thread,
        }
    }

    /// Called once plain search has returned: the memo count if it ended first (plain search was
    /// stopped partway then), else `None`, and the memo side is told to stop.
    pub(crate) fn finish(self) -> Option<Counted> {
        self.plain_ended.store(true, Ordering::Release);
        if let Some(t) = &self.thread {
            t.unpark();
        }
        self.won.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

pub(crate) fn count(
    problem: &dyn Problem,
    args: &Args,
    out: &mut impl Write,
) -> Result<Memoised, Stop> {
    let t = Instant::now();
    let inst = args.instance(problem);
    let settings = Settings {
        budget: budget(args),
        // A ZDD is asked for only from the memo count: no way back to plain search then.
        give_up: match args.zdd {
            Some(_) => GiveUp::Never,
            None => GiveUp::Below(memo::RARE),
        },
        zdd: args.zdd.is_some(),
        parts: true,
        threads: crate::args::threads_of(args),
    };
    let counted = match counted_on_thread(&inst, problem.givens(), &settings)? {
        Ok(c) => c,
        Err(e @ MemoError::GaveUp(_)) => {
            write_err(&format!("dlx: note: {e}: counting by plain search\n"))
                .map_err(Stop::Stderr)?;
            return Ok(Memoised::GaveUp);
        }
        Err(MemoError::Clash(k)) => {
            return Err(Fail(format!(
                "the givens clash: `{}` needs an item an earlier given already covers",
                inst.option_text(k)
            ))
            .into())
        }
        Err(e) => return Err(Fail(format!("--memo: {e}")).into()),
    };
    report(problem, args, out, t, &counted)?;
    Ok(Memoised::Counted)
}

/// Writes a memo count's answer: the solutions, or with `--json` its line; the ZDD to `--zdd`'s
/// file; a note on stderr when the table evicted.
pub(crate) fn report(
    problem: &dyn Problem,
    args: &Args,
    out: &mut impl Write,
    t: Instant,
    counted: &Counted,
) -> Result<(), Stop> {
    if let (Some(path), Some(zdd)) = (&args.zdd, &counted.zdd) {
        let cannot = |e: std::io::Error| Fail(format!("cannot write the ZDD to `{path}`: {e}"));
        let file = std::fs::File::create(path).map_err(cannot)?;
        let mut w = std::io::BufWriter::new(file);
        write!(w, "{zdd}").map_err(cannot)?;
        w.flush().map_err(cannot)?;
    }
    let seconds = t.elapsed().as_secs_f64();
    let st = &counted.stats;
    if args.json {
        // Past 2^64 - 1 the count is a string of digits: JSON readers lose exactness beyond that.
        let solutions = match counted.solutions.to_u64() {
            Some(n) => json!(n),
            None => json!(counted.solutions.to_string()),
        };
        let mut line = json!({
            "command": "count",
            "engine": "memo",
            "problem": problem.title(),
            "solutions": solutions,
            "nodes": st.nodes,
            "hits": st.hits,
            "cache_hits": st.cache_hits,
            "spared": st.spared,
            "memos": st.memos,
            "zdd_nodes": st.zdd_nodes,
            "parts": st.splits,
            "parts_on_threads": st.parts_on_threads,
            "updates": st.updates,
            "memo_bytes": st.bytes,
            "memo_full": st.full,
            "memo_evicted": st.evicted,
            "seconds": seconds,
            "threads": if args.memo { crate::args::threads_of(args) } else { 1 },
        });
        if let Some(n) = args.pruned.get() {
            line["pruned"] = json!(n);
        }
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "{}", counted.solutions)?;
    }
    if st.full {
        write_err(&format!(
            "dlx: note: the memo table reached its budget ({} MiB) and evicted {} memos of the \
             smallest subproblems to make room (--memo-budget MIB raises it)\n",
            budget(args) >> 20,
            st.evicted
        ))
        .map_err(Stop::Stderr)?;
    }
    Ok(())
}
