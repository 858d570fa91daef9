//! The stepped search (`Search::step`, one `Event` a call: the page's Step, Play and the trace)
//! in events a second, with the size of an `Event`: the path the fast counting loops do not take,
//! which `Event::Reuse` (two `u64`s, issue 46) grew from 20 to 24 bytes.
//!
//! `cargo bench --bench stepping` prints one Markdown table in about 20 s on a quiet machine: for
//! each workload, events, the median of 5 walks' rates, and the same with the Memo switch on where
//! memos take the problem. To compare two commits, run it on each (the file reads only the public
//! `Search` API, so it builds on a commit before `Event::Reuse` with the `memo` column removed).

use dlx_studio::core::{Event, Search};
use dlx_studio::problems::{self, Spec};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Events of a whole walk and the median rate of `runs` walks, in events a second.
fn walk(p: &dyn problems::Problem, memo: bool, runs: usize) -> (u64, f64) {
    let mut rates = Vec::new();
    let mut events = 0;
    for _ in 0..runs {
        let mut s = Search::new(p.instance());
        s.preselect(p.givens()).unwrap();
        if memo {
            s.set_memo(true).unwrap();
        }
        let t = Instant::now();
        let mut n = 0u64;
        while let Some(ev) = s.step() {
            std::hint::black_box(ev);
            n += 1;
        }
        rates.push(n as f64 / t.elapsed().as_secs_f64());
        events = n;
    }
    (events, median(rates))
}

fn main() {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at start: {}", load.trim());
    println!("size of an Event: {} bytes", std::mem::size_of::<Event>());
    println!();
    println!("| workload | events | plain, M events/s | with memos: events | M events/s |");
    println!("|---|---:|---:|---:|---:|");
    let workloads = [
        ("10-queens", Spec::Queens(10)),
        (
            "pentomino 3x20",
            Spec::Pentomino {
                board: "3x20".into(),
                distinct: false,
            },
        ),
        (
            "Langford 9",
            Spec::Langford {
                n: 9,
                distinct: false,
            },
        ),
        ("domino tilings 6x6", Spec::Dominoes("6x6".into())),
    ];
    for (label, spec) in workloads {
        let p = problems::load(&spec).unwrap();
        let (events, rate) = walk(p.as_ref(), false, 5);
        let (memo_events, memo_rate) = walk(p.as_ref(), true, 5);
        println!(
            "| {label} | {events} | {:.1} | {memo_events} | {:.1} |",
            rate / 1e6,
            memo_rate / 1e6
        );
    }
}
