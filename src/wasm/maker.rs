//! The page's puzzle maker: `make_sudoku`, the maker of `dlx make sudoku` (`problems::sudoku::maker`),
//! called by the worker `www/workers/maker-worker.js`, its progress pushed to a JS callback as it goes.
//!
//! make_sudoku(size, variant, seed, progress) -> {text, switches, link, size, seed, variant, givens, nodes, solution} | null
//!   size: one of maker::SIZES (4 to 16 with boxes; sudoku_sizes() says which); variant: as the CLI's --variant ("classic", "x,anti-knight", "killer", …);
//!   seed: a whole number as a decimal string (a u64, which a JS number cannot hold);
//!   progress(p) is called with {stage: "grid" | "remove", attempt, tried, to_try, givens, nodes,
//!   text} at each stage and every maker::SLICE search-tree nodes; a truthy answer stops the make,
//!   which then returns null. `text` is the made puzzle as the page's Sudoku box reads it: one line
//!   for a classic puzzle and for the rules the page has switches for (`switches`: "x",
//!   "anti-knight,windoku", as the picker's values; "" for classic), the f-puzzles link (with its
//!   rules) for a variant with shapes (jigsaw, killer, thermo). Bad arguments and sizes or
//!   variants the maker refuses throw an Error with the CLI's message.

use crate::problems::sudoku::fpuzzles;
use crate::problems::sudoku::maker::{self, Kind, Progress, Stage};
use crate::problems::InputError;
use serde::Serialize;
use std::ops::ControlFlow;
use wasm_bindgen::prelude::*;

fn js_error(e: &InputError) -> JsValue {
    js_sys::Error::new(&e.to_string()).into()
}

#[derive(Serialize)]
struct Report {
    stage: &'static str,
    attempt: u64,
    tried: usize,
    to_try: usize,
    givens: usize,
    nodes: f64,
    text: String,
}

#[derive(Serialize)]
struct Made {
    text: String,
    switches: String,
    link: String,
    size: usize,
    seed: String,
    variant: Vec<&'static str>,
    givens: usize,
    nodes: f64,
    solution: String,
}

/// Makes a Sudoku as `dlx make sudoku SIZE --variant V --seed S` does (see the module doc).
#[wasm_bindgen]
pub fn make_sudoku(
    size: f64,
    variant: &str,
    seed: &str,
    progress: &js_sys::Function,
) -> Result<JsValue, JsValue> {
    if !(size.fract() == 0.0 && (1.0..=100.0).contains(&size)) {
        return Err(js_error(&InputError::new(format!(
            "size must be a whole number such as 6 or 9, not {size}"
        ))));
    }
    let size = size as usize;
    let seed_n: u64 = seed.trim().parse().map_err(|_| {
        js_error(&InputError::new(format!(
            "the seed must be a whole number from 0 to {}, not `{seed}`",
            u64::MAX
        )))
    })?;
    let kind = Kind::parse(variant)
        .map_err(|e| js_error(&InputError::new(format!("variant: {}", e.message))))?;
    let mut failed = None;
    let mut sink = |p: Progress| {
        let (stage, attempt, tried, to_try, givens) = match p.stage {
            Stage::FullGrid { attempt } => ("grid", attempt, 0, 0, 0),
            Stage::Remove {
                tried,
                to_try,
                givens,
            } => ("remove", 0, tried, to_try, givens),
        };
        let report = Report {
            stage,
            attempt,
            tried,
            to_try,
            givens,
            nodes: p.nodes as f64,
            text: p.to_string(),
        };
        let answer = serde_wasm_bindgen::to_value(&report)
            .map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))
            .and_then(|v| progress.call1(&JsValue::NULL, &v));
        match answer {
            Ok(stop) if stop.is_truthy() => ControlFlow::Break(()),
            Ok(_) => ControlFlow::Continue(()),
            // A callback that throws stops the make, and its error is thrown on.
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let made = maker::make_with(&kind, size, seed_n, None, &mut sink).map_err(|e| js_error(&e))?;
    if let Some(e) = failed {
        return Err(e);
    }
    let Some(made) = made else {
        return Ok(JsValue::NULL);
    };
    let json = fpuzzles::write(&made.puzzle, &made.rules).map_err(|e| js_error(&e))?;
    let link = fpuzzles::link(&json);
    let alphabet = made.puzzle.alphabet();
    let out = Made {
        // A classic puzzle, or one whose rules are the page's switches, as its line (the switches
        // ticked: a grid a person reads, where the link was opaque); shapes need the link.
        text: if kind.needs_json() {
            link.clone()
        } else {
            made.text.clone()
        },
        switches: if kind.needs_json() {
            String::new()
        } else {
            made.rules.names().join(",")
        },
        link,
        size,
        seed: seed_n.to_string(),
        variant: made.rules.names(),
        givens: made.puzzle.cells().iter().filter(|&&v| v != 0).count(),
        nodes: made.nodes as f64,
        solution: made.solution.iter().map(|&v| alphabet.label(v)).collect(),
    };
    serde_wasm_bindgen::to_value(&out).map_err(|e| js_sys::Error::new(&e.to_string()).into())
}
