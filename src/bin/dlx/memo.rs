//! `dlx count --memo`: the count with memos (`core::memo`, Knuth's DLX6), its JSON line, the ZDD
//! written with `--zdd FILE`, and the way back to plain search when memos pay too little.

use crate::args::Args;
use crate::fail::{Fail, Stop};
use crate::output::write_err;
use dlx_studio::core::memo::{self, GiveUp, MemoError, Settings};
use dlx_studio::problems::Problem;
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// What the memo count came to: counted, or given up (plain search counts instead).
pub(crate) enum Memoised {
    Counted,
    GaveUp,
}

pub(crate) fn count(
    problem: &dyn Problem,
    args: &Args,
    out: &mut impl Write,
) -> Result<Memoised, Stop> {
    let t = Instant::now();
    let inst = args.instance(problem);
    let settings = Settings {
        budget: args.memo_budget.map_or(memo::DEFAULT_BUDGET, |mib| {
            (mib as usize).saturating_mul(1 << 20)
        }),
        // A ZDD is asked for only from the memo count: no way back to plain search then.
        give_up: match args.zdd {
            Some(_) => GiveUp::Never,
            None => GiveUp::Below(memo::RARE),
        },
        zdd: args.zdd.is_some(),
        parts: true,
    };
    let givens = problem.givens();
    // A frame a level: on a thread of its own, with the stack the count may need.
    let stack = memo::stack_bytes(&inst);
    let counted = std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(s, || memo::count(&inst, givens, &settings))
            .map_err(|e| Fail(format!("cannot start the memo count's thread: {e}")))?
            .join()
            .map_err(|_| Fail::new("the memo count's thread panicked"))
    })?;
    let counted = match counted {
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
            "updates": st.updates,
            "memo_bytes": st.bytes,
            "memo_full": st.full,
            "memo_evicted": st.evicted,
            "seconds": seconds,
            "threads": 1,
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
            settings.budget >> 20,
            st.evicted
        ))
        .map_err(Stop::Stderr)?;
    }
    Ok(Memoised::Counted)
}
