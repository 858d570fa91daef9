//! `dlx zdd count|random|list FILE`: a ZDD in Knuth's text format (as `count --memo --zdd` and
//! DLX6 write it) read, and its family counted, one set drawn uniformly, or its sets listed in order.

use crate::args::Args;
use crate::fail::{Fail, Stop};
use crate::input::{read_input, source_name};
use dlx_studio::core::memo::Zdd;
use std::io::Write;

const USE: &str = "dlx zdd count|random|list FILE|- [--seed S] [--limit K]";

pub(crate) fn zdd(args: &Args, out: &mut impl Write) -> Result<(), Stop> {
    let [what, path] = args.positional.as_slice() else {
        return Err(Fail(format!("zdd takes a verb and a file: {USE}")).into());
    };
    let verbs = ["count", "random", "list"];
    if !verbs.contains(&what.as_str()) {
        return Err(Fail(format!(
            "zdd `{what}`: expected count, random or list ({USE})"
        ))
        .into());
    }
    for (name, only) in [("--seed", "random"), ("--limit", "list")] {
        if args.given.contains(&name) && what != only {
            return Err(Fail(format!("{name} applies to zdd {only}, not zdd {what}")).into());
        }
    }
    let text = read_input(path, args.max_input)?;
    let zdd = Zdd::parse(&text).map_err(|e| Fail(format!("{}: {e}", source_name(path))))?;
    let line = |s: Vec<u32>| s.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    match what.as_str() {
        "count" => writeln!(out, "{}", zdd.count())?,
        "random" => match zdd.random_seeded(args.seed.unwrap_or(0)) {
            Some(s) => writeln!(out, "{}", line(s))?,
            None => return Err(Fail::new("the ZDD's family is empty: no set to draw").into()),
        },
        _ => {
            // As solve's --limit: 0 (and none) is every set.
            let limit = args.limit.filter(|&k| k > 0).unwrap_or(u64::MAX);
            for s in zdd.list(limit) {
                writeln!(out, "{}", line(s))?;
            }
        }
    }
    Ok(())
}
