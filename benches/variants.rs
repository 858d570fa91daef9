//! Variant Sudokus solved per second (issue 20): for each kind, a batch of puzzles made by
//! `dlx make sudoku` (seeds 1 to N, made before the timing), each solved as `dlx solve sudoku` solves
//! it: read (the f-puzzles JSON or the line with its switches), the instance built, the givens
//! preselected, and the search run until a second solution is ruled out.
//!
//! `cargo bench --bench variants` (N = 10 a kind; `BENCH_QUICK=1`: 3) prints a Markdown table: the
//! puzzles a second (wall clock, the batch repeated for at least 0.5 s), the median search-tree
//! nodes, and the share of the time spent building the instance rather than searching. The last
//! column is another encoding on the same puzzles: for the kinds with "at most one" items, the one
//! Knuth discusses beside secondary items (TAOCP 7.2.2.1: those items primary, each with a slack
//! option of its own); for killers, every cage by its whole fillings and no implied sums (the
//! encoding before digit sets); for thermometers (tied by colours), fillings that cover their cells'
//! items (docs/variants.md).

use dlx_studio::core::{Count, Instance, Limits, Search};
use dlx_studio::problems::sudoku::fill::CageFill;
use dlx_studio::problems::sudoku::maker::{self, Kind};
use dlx_studio::problems::sudoku::{variants, Sudoku};
use dlx_studio::problems::Problem;
use std::time::{Duration, Instant};

/// The instance with its uncoloured secondary items made primary, each with a slack option that covers
/// it alone ("at most once" as "exactly once, or by the slack").
fn with_slack(inst: &Instance) -> Instance {
    let n = inst.n_items();
    let coloured: Vec<bool> = {
        let mut c = vec![false; n];
        for k in 0..inst.n_options() {
            for (i, col) in inst.option_colored(k) {
                c[i] |= col != 0;
            }
        }
        c
    };
    let promote: Vec<usize> = (inst.n_primary()..n).filter(|&i| !coloured[i]).collect();
    let keep: Vec<usize> = (inst.n_primary()..n).filter(|&i| coloured[i]).collect();
    let mut index = vec![0; n];
    let mut primary: Vec<String> = Vec::new();
    for i in (0..inst.n_primary()).chain(promote.iter().copied()) {
        index[i] = primary.len();
        primary.push(inst.item_name(i).to_string());
    }
    let mut secondary: Vec<String> = Vec::new();
    for &i in &keep {
        index[i] = primary.len() + secondary.len();
        secondary.push(inst.item_name(i).to_string());
    }
    let mut out = Instance::new(primary, secondary).expect("names are distinct");
    for c in inst.color_names() {
        out.color(c).expect("a colour name");
    }
    for k in 0..inst.n_options() {
        let items: Vec<(usize, u32)> = inst.option_colored(k).map(|(i, c)| (index[i], c)).collect();
        out.add_colored_option(&items).expect("same items");
    }
    for &i in &promote {
        out.add_option(&[index[i]]).expect("one item");
    }
    out
}

/// The other encoding of shapes filled whole, for killer and thermo: a filling covers its cells'
/// items itself (cell, row, column, box, …, as the cell options would), and the cells of shapes have
/// no option of their own, so no colour is needed. It holds only where shapes do not overlap (the
/// maker's do not) and givens inside shapes are already in the fillings (the reader filters them).
fn direct(sudoku: &Sudoku) -> Instance {
    let inst = sudoku.instance();
    let size = sudoku.grid().size();
    let cells = size * size * size;
    let mut in_shape = vec![false; size * size];
    for k in cells..inst.n_options() {
        let f = sudoku.filling(k).expect("a filling");
        for &p in sudoku.rules().shape_cells(f.shape) {
            in_shape[p] = true;
        }
    }
    let names = |r: std::ops::Range<usize>| -> Vec<String> {
        r.map(|i| inst.item_name(i).to_string()).collect()
    };
    let mut out = Instance::new(
        names(0..inst.n_primary()),
        names(inst.n_primary()..inst.n_items()),
    )
    .expect("names are distinct");
    let plain = |k: usize| -> Vec<usize> {
        inst.option_colored(k)
            .filter(|&(_, c)| c == 0)
            .map(|(i, _)| i)
            .collect()
    };
    for k in 0..cells {
        if in_shape[k / size] {
            out.add_option(&[]).expect("empty");
        } else {
            out.add_option(&plain(k)).expect("same items");
        }
    }
    for k in cells..inst.n_options() {
        let f = sudoku.filling(k).expect("a filling");
        let mut items = plain(k);
        for (&p, &d) in sudoku.rules().shape_cells(f.shape).iter().zip(&f.digits) {
            items.extend(plain(p * size + usize::from(d) - 1));
        }
        let mut sorted = items.clone();
        sorted.sort_unstable();
        sorted.dedup();
        // An item twice: the filling breaks a rule between its own cells (never in the maker's).
        if sorted.len() == items.len() {
            out.add_option(&items).expect("distinct items");
        } else {
            out.add_option(&[]).expect("empty");
        }
    }
    out
}

/// The most nodes the slack encoding is given per puzzle (its median is printed as "> 10 M" past it).
const SLACK_NODES: u64 = 10_000_000;

/// Nodes to solve and rule out a second solution (`SLACK_NODES` + 1 when that cap is reached).
fn nodes_of(inst: &Instance, givens: &[usize]) -> u64 {
    let mut search = Search::new(inst);
    search.preselect(givens).expect("no clash");
    search.set_limits(Limits {
        solutions: Some(2),
        nodes: Some(SLACK_NODES),
    });
    let status = search.run(&mut Count);
    if status == dlx_studio::core::Status::Limit && search.stats().solutions < 2 {
        return SLACK_NODES + 1;
    }
    // A slack option may stand for an item no placement covers: the same grid counts again for
    // each way its unused items are covered, so only "at least one" is checked.
    assert!(search.stats().solutions >= 1, "solved");
    search.stats().nodes
}

fn main() {
    let quick = std::env::var_os("BENCH_QUICK").is_some();
    let n: u64 = if quick { 3 } else { 10 };
    println!(
        "| kind | puzzles | givens (mean) | median nodes | puzzles/s | of which building | \
         the other encoding (median nodes) |"
    );
    println!("|---|---|---|---|---|---|---|");
    for kind in [
        "classic",
        "x",
        "windoku",
        "anti-knight",
        "anti-king",
        "non-consecutive",
        "jigsaw",
        "killer",
        "thermo",
    ] {
        let k = Kind::parse(kind).expect("a kind the maker knows");
        let made: Vec<maker::Made> = (1..=n)
            .map(|seed| maker::make(&k, seed, None).expect("made"))
            .collect();
        let givens = made
            .iter()
            .map(|m| m.puzzle.cells().iter().filter(|&&v| v != 0).count())
            .sum::<usize>() as f64
            / n as f64;
        let mut nodes: Vec<u64> = Vec::new();
        let (mut runs, mut build) = (0u64, 0.0f64);
        let t = Instant::now();
        while t.elapsed() < Duration::from_millis(500) || runs == 0 {
            for m in &made {
                let b = Instant::now();
                let sudoku = Sudoku::parse_with(&m.text, &k.switches).expect("reads back");
                let mut search = Search::new(sudoku.instance());
                build += b.elapsed().as_secs_f64();
                search.preselect(sudoku.givens()).expect("no clash");
                search.set_limits(Limits {
                    solutions: Some(2),
                    nodes: None,
                });
                search.run(&mut Count);
                assert_eq!(search.stats().solutions, 1, "{kind}: unique");
                if runs == 0 {
                    nodes.push(search.stats().nodes);
                }
            }
            runs += 1;
        }
        let seconds = t.elapsed().as_secs_f64();
        nodes.sort_unstable();
        let per_second = (runs * n) as f64 / seconds;
        let other = if kind == "killer" {
            // Against the encoding before digit sets: every cage by its whole fillings (filled
            // directly), and no implied sums.
            let mut s: Vec<u64> = Vec::new();
            let t = Instant::now();
            for m in &made {
                let sudoku = Sudoku::parse_with(&m.text, &k.switches).expect("reads back");
                let g = sudoku.grid();
                let fillings = sudoku
                    .rules()
                    .fillings_as(g.geometry(), g.cells(), CageFill::Whole)
                    .expect("fillings");
                let tie = variants::Tie {
                    colours_only: false,
                    implied: false,
                };
                let inst = variants::instance_tied(
                    g.geometry(),
                    g.alphabet(),
                    sudoku.rules(),
                    &fillings,
                    tie,
                )
                .expect("the same puzzle, every cage by its whole fillings");
                s.push(nodes_of(&inst, sudoku.givens()));
            }
            let per_second = n as f64 / t.elapsed().as_secs_f64();
            s.sort_unstable();
            format!(
                "every cage by its whole fillings, no implied sums: {} nodes, {per_second:.0}/s",
                s[s.len() / 2]
            )
        } else if kind == "thermo" {
            let mut s: Vec<u64> = Vec::new();
            let t = Instant::now();
            for m in &made {
                let sudoku = Sudoku::parse_with(&m.text, &k.switches).expect("reads back");
                s.push(nodes_of(&direct(&sudoku), sudoku.givens()));
            }
            let per_second = n as f64 / t.elapsed().as_secs_f64();
            s.sort_unstable();
            format!(
                "fillings cover the cells' items, no colours: {} nodes, {per_second:.0}/s",
                s[s.len() / 2]
            )
        } else if ["anti-knight", "anti-king", "non-consecutive"].contains(&kind) {
            let mut s: Vec<u64> = made
                .iter()
                .map(|m| {
                    let sudoku = Sudoku::parse_with(&m.text, &k.switches).expect("reads back");
                    nodes_of(&with_slack(sudoku.instance()), sudoku.givens())
                })
                .collect();
            s.sort_unstable();
            match s[s.len() / 2] {
                m if m > SLACK_NODES => "at-most-one items primary with slack: > 10 M nodes".into(),
                m => format!("at-most-one items primary with slack: {m} nodes"),
            }
        } else {
            "-".into()
        };
        println!(
            "| {kind} | {n} | {givens:.1} | {} | {per_second:.0} | {:.0}% | {other} |",
            nodes[nodes.len() / 2],
            100.0 * build / seconds
        );
    }
}
