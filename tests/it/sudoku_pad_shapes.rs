//! SudokuPad's drawn shapes read as rules (issue 43): ISS's puzzles of `tests/data` whose rules
//! f-puzzles can draw are drawn here as a SudokuPad puzzle made in f-puzzles is drawn (thermometers
//! and palindromes grey, whispers green, renban purple, region sum lines blue; arrows from white
//! circles; dots and X/V on edges; numbers outside the grid; a rules text naming each kind with
//! its colour), put in an `scl` link, and read back: the same rules (clue by clue), and the published
//! solution.

use crate::sudoku_iss::{judge, Outcome, BUDGET};
use dlx_studio::problems::sudoku::{ClueKind, Rules, Sudoku};
use serde_json::{json, Value};
use std::path::PathBuf;

/// A cell's centre, `[row, column]` in cell units.
fn centre(p: usize, n: usize) -> Value {
    json!([(p / n) as f64 + 0.5, (p % n) as f64 + 0.5])
}

fn line(cells: &[usize], n: usize, colour: &str) -> Value {
    json!({ "wayPoints": cells.iter().map(|&p| centre(p, n)).collect::<Vec<_>>(),
            "color": colour, "thickness": 10 })
}

/// The rules as SudokuPad shapes, with a rules text naming their kinds; `None` where a rule has
/// no f-puzzles look (or none read here).
fn draw(s: &Sudoku) -> Option<String> {
    let g = s.grid();
    let n = g.size();
    let r: &Rules = s.rules();
    if r.zero_based || r.windoku || !r.extra_regions.is_empty() || r.anti_king || r.anti_knight {
        return None;
    }
    if r.non_consecutive || r.regions.is_some() {
        return None;
    }
    let mut text: Vec<&str> = vec!["Normal sudoku rules apply."];
    let mut lines: Vec<Value> = Vec::new();
    let mut arrows: Vec<Value> = Vec::new();
    let mut overlays: Vec<Value> = Vec::new();
    let mut underlays: Vec<Value> = Vec::new();
    let mut cages: Vec<Value> = Vec::new();
    let say = |t: &'static str, text: &mut Vec<&str>| {
        if !text.contains(&t) {
            text.push(t)
        }
    };
    for c in &r.cages {
        let cells: Vec<Value> = c.cells.iter().map(|&p| json!([p / n, p % n])).collect();
        match c.sum {
            Some(v) => cages.push(json!({ "cells": cells, "value": v })),
            None => cages.push(json!({ "cells": cells, "style": "killer" })),
        }
        say(
            "Digits in a cage do not repeat and sum to its clue.",
            &mut text,
        );
    }
    for t in &r.thermos {
        lines.push(
            json!({ "wayPoints": t.iter().map(|&p| centre(p, n)).collect::<Vec<_>>(),
                           "color": "#CFCFCF", "thickness": 21 }),
        );
        underlays.push(
            json!({ "center": centre(t[0], n), "width": 0.85, "height": 0.85,
                               "rounded": true, "backgroundColor": "#CFCFCF" }),
        );
        say("Digits on a thermometer increase from the bulb.", &mut text);
    }
    if r.diagonal_pos || r.diagonal_neg {
        if r.diagonal_neg {
            lines
                .push(json!({ "wayPoints": [[0, 0], [n, n]], "color": "#34BBE6", "thickness": 1 }));
        }
        if r.diagonal_pos {
            lines
                .push(json!({ "wayPoints": [[n, 0], [0, n]], "color": "#34BBE6", "thickness": 1 }));
        }
        say("Digits do not repeat on the marked diagonals.", &mut text);
    }
    let odd: u32 = (1..=n as u32)
        .filter(|v| v % 2 == 1)
        .fold(0, |m, v| m | 1 << (v - 1));
    let even: u32 = (1..=n as u32)
        .filter(|v| v % 2 == 0)
        .fold(0, |m, v| m | 1 << (v - 1));
    for &(p, mask) in &r.candidates {
        if mask != odd && mask != even {
            return None;
        }
        underlays.push(json!({ "center": centre(p, n), "width": 0.8, "height": 0.8,
                               "rounded": mask == odd, "backgroundColor": "#CFCFCF" }));
        say(
            "Digits in grey circles are odd, in grey squares even.",
            &mut text,
        );
    }
    let edge = |a: usize, b: usize| -> Option<Value> {
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
        (dr + dc == 1).then(|| json!([(ra + rb) as f64 / 2.0 + 0.5, (ca + cb) as f64 / 2.0 + 0.5]))
    };
    for c in &r.clues {
        let cells = &c.cells;
        match &c.kind {
            ClueKind::Difference(k) | ClueKind::Ratio(k) => {
                let white = matches!(c.kind, ClueKind::Difference(_));
                let mut dot = json!({ "center": edge(cells[0], cells[1])?, "width": 0.3,
                    "height": 0.3, "rounded": true, "borderColor": "#000000",
                    "backgroundColor": if white { "#FFFFFF" } else { "#000000" } });
                if *k != if white { 1 } else { 2 } {
                    dot["text"] = json!(k.to_string());
                }
                overlays.push(dot);
                say("Cells separated by a white dot hold consecutive digits; by a black dot, one is double the other.", &mut text);
            }
            ClueKind::PairSum(v @ (5 | 10)) => {
                overlays.push(json!({ "center": edge(cells[0], cells[1])?, "width": 0.25,
                    "height": 0.25, "rounded": false, "backgroundColor": "#FFFFFF",
                    "text": if *v == 10 { "X" } else { "V" } }));
                say(
                    "Cells separated by an X sum to 10, by a V to 5 (XV).",
                    &mut text,
                );
            }
            ClueKind::Arrow { circle } => {
                let (pill, tail) = cells.split_at(*circle);
                let (rs, cs): (Vec<usize>, Vec<usize>) =
                    pill.iter().map(|&p| (p / n, p % n)).unzip();
                let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64 + 0.5;
                let span =
                    |v: &[usize]| (v.iter().max().unwrap() - v.iter().min().unwrap()) as f64 + 0.7;
                underlays.push(
                    json!({ "center": [mean(&rs), mean(&cs)], "width": span(&cs),
                    "height": span(&rs), "rounded": true, "backgroundColor": "#FFFFFF",
                    "borderColor": "#CFCFCF" }),
                );
                // From the circle's cell nearest the arrow's first cell, moved to the circle's edge.
                let first = *tail.first()?;
                let from = *pill
                    .iter()
                    .min_by_key(|&&p| (p / n).abs_diff(first / n) + (p % n).abs_diff(first % n))?;
                let (fr, fc) = ((from / n) as f64 + 0.5, (from % n) as f64 + 0.5);
                let (dr, dc) = ((first / n) as f64 + 0.5 - fr, (first % n) as f64 + 0.5 - fc);
                let mut wp = vec![json!([fr + 0.3 * dr.signum(), fc + 0.3 * dc.signum()])];
                wp.extend(tail.iter().map(|&p| centre(p, n)));
                arrows.push(json!({ "wayPoints": wp, "color": "#CFCFCF", "thickness": 2,
                                    "headLength": 0.3 }));
                say(
                    "Digits along an arrow sum to the digits in its circle.",
                    &mut text,
                );
            }
            ClueKind::LittleKiller(sum) => {
                let (r0, c0) = ((cells[0] / n) as i64, (cells[0] % n) as i64);
                let (dr, dc) = if cells.len() > 1 {
                    ((cells[1] / n) as i64 - r0, (cells[1] % n) as i64 - c0)
                } else {
                    return None;
                };
                let inside =
                    |r: i64, c: i64| (0..n as i64).contains(&r) && (0..n as i64).contains(&c);
                let (or, oc) = (r0 - dr, c0 - dc);
                if inside(or, oc) {
                    return None;
                }
                let (y, x) = (or as f64 + 0.5, oc as f64 + 0.5);
                overlays.push(json!({ "center": [y, x], "width": 0.5, "height": 0.5,
                                      "text": sum.to_string(), "fontSize": 20 }));
                arrows.push(
                    json!({ "wayPoints": [[y + 0.05 * dr as f64, x + 0.05 * dc as f64],
                    [y + 0.5 * dr as f64, x + 0.5 * dc as f64]], "color": "#CFCFCF",
                    "thickness": 5, "headLength": 0.3 }),
                );
                say("Little killer clues give the sum of the digits along the diagonal the arrow points to.", &mut text);
            }
            ClueKind::Sandwich(sum) => {
                let row = cells[0] / n == cells[1] / n;
                let at = if row {
                    json!([(cells[0] / n) as f64 + 0.5, -0.5])
                } else {
                    json!([-0.5, (cells[0] % n) as f64 + 0.5])
                };
                overlays.push(json!({ "center": at, "width": 0.85, "height": 0.85,
                                      "text": sum.to_string(), "rounded": true }));
                say("Clues outside the grid give the sum of the digits sandwiched between the 1 and the 9.", &mut text);
            }
            ClueKind::Skyscraper(v) | ClueKind::XSum(v) => {
                // The number beside the line's first cell, on the side away from its second.
                let (r0, c0) = ((cells[0] / n) as f64, (cells[0] % n) as f64);
                let (r1, c1) = ((cells[1] / n) as f64, (cells[1] % n) as f64);
                overlays.push(
                    json!({ "center": [2.0 * r0 - r1 + 0.5, 2.0 * c0 - c1 + 0.5],
                    "width": 0.6, "height": 0.6, "text": v.to_string() }),
                );
                say(
                    if matches!(c.kind, ClueKind::XSum(_)) {
                        "X-sum clues give the sum of the first X digits, X the first digit."
                    } else {
                        "Skyscraper clues count the digits seen from their side."
                    },
                    &mut text,
                );
            }
            ClueKind::Between => {
                lines.push(line(cells, n, "#C0C0C0"));
                for p in [cells[0], cells[cells.len() - 1]] {
                    underlays.push(json!({ "center": centre(p, n), "width": 0.7, "height": 0.7,
                        "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000" }));
                }
                say(
                    "Digits on a between line lie between the digits in the circles at its ends.",
                    &mut text,
                );
            }
            ClueKind::Palindrome => {
                lines.push(line(cells, n, "#C0C0C0"));
                say("Grey lines are palindromes.", &mut text);
            }
            ClueKind::Renban => {
                lines.push(line(cells, n, "#F067F0"));
                say(
                    "Purple lines are renban lines: consecutive digits in any order.",
                    &mut text,
                );
            }
            ClueKind::Whisper(5) => {
                lines.push(line(cells, n, "#67F067"));
                say(
                    "Neighbours on a green line (German whispers) differ by at least 5.",
                    &mut text,
                );
            }
            ClueKind::RegionSum => {
                lines.push(line(cells, n, "#2ECBFF"));
                say(
                    "Blue lines are region sum lines: the same sum in each box they pass.",
                    &mut text,
                );
            }
            ClueKind::Entropic => {
                lines.push(line(cells, n, "#FFA500"));
                say("Orange lines are entropic lines.", &mut text);
            }
            ClueKind::Zipper => {
                lines.push(line(cells, n, "#C8A2F0"));
                say("Lavender lines are zipper lines.", &mut text);
            }
            ClueKind::Quad(digits) => {
                let (r, c) = (
                    cells.iter().map(|p| p / n).max()?,
                    cells.iter().map(|p| p % n).max()?,
                );
                overlays.push(json!({ "center": [r, c], "width": 0.6, "height": 0.6,
                    "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000" }));
                let texts: Vec<String> = digits
                    .chunks(2)
                    .map(|ch| {
                        ch.iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join("\u{2009}")
                    })
                    .collect();
                for (t, s) in texts.iter().enumerate() {
                    let dx = (t as f64 - (texts.len() - 1) as f64 / 2.0) * 0.19;
                    overlays.push(json!({ "center": [r as f64, c as f64 + dx], "width": 0.6,
                        "height": 0.6, "rounded": true, "text": s }));
                }
                say(
                    "Digits in a quadruple circle appear in the four cells around it.",
                    &mut text,
                );
            }
            _ => return None,
        }
    }
    // Numbers beside the grid of two kinds are not told apart by their look.
    let beside = |f: fn(&ClueKind) -> bool| r.clues.iter().any(|c| f(&c.kind));
    let kinds_beside = [
        beside(|k| matches!(k, ClueKind::Sandwich(_))),
        beside(|k| matches!(k, ClueKind::XSum(_))),
        beside(|k| matches!(k, ClueKind::Skyscraper(_))),
    ];
    if kinds_beside.iter().filter(|&&b| b).count() > 1 {
        return None;
    }
    if r.negative_kropki {
        text.push("All possible dots are given.");
    }
    if r.negative_xv {
        text.push("All possible X and V are given.");
    }
    let rows: Vec<Value> = (0..n)
        .map(|row| {
            Value::Array(
                (0..n)
                    .map(|c| match g.cells()[row * n + c] {
                        0 => json!({}),
                        v => json!({ "value": v }),
                    })
                    .collect(),
            )
        })
        .collect();
    cages.push(json!({ "value": format!("rules: {}", text.join(" ")) }));
    Some(
        json!({ "cells": rows, "cages": cages, "lines": lines, "arrows": arrows,
                "overlays": overlays, "underlays": underlays })
        .to_string(),
    )
}

/// The rules as a sorted list of words: each clue its kind and sorted cells (a line read from
/// either end is the same rule; a quadruple's digits in order), then the other rules.
fn canonical(r: &Rules) -> Vec<String> {
    let mut out: Vec<String> = r
        .clues
        .iter()
        .map(|c| {
            let mut cells = c.cells.clone();
            cells.sort_unstable();
            let kind = match &c.kind {
                ClueKind::Quad(d) => {
                    let mut d = d.clone();
                    d.sort_unstable();
                    format!("Quad({d:?})")
                }
                k => format!("{k:?}"),
            };
            format!("{kind} {cells:?}")
        })
        .collect();
    out.extend(
        r.cages
            .iter()
            .map(|c| format!("cage {:?} {:?}", c.sum, c.cells)),
    );
    out.extend(r.thermos.iter().map(|t| format!("thermo {t:?}")));
    let mut cands = r.candidates.clone();
    cands.sort_unstable();
    out.push(format!("{cands:?}"));
    out.push(format!(
        "diagonals {} {}, negative {} {}",
        r.diagonal_pos, r.diagonal_neg, r.negative_kropki, r.negative_xv
    ));
    out.sort();
    out
}

/// The puzzles drawn here that the page's test pastes as SudokuPad links.
const FIXTURES: [&str; 4] = [
    "Arrow",
    "XV Kropki Sudoku",
    "Little Killer Sudoku",
    "German Whispers",
];

#[test]
fn iss_puzzles_drawn_as_sudokupad_draws_them_read_back_to_the_same_rules() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut drawn: Vec<String> = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    let mut fixtures: Vec<Option<String>> = vec![None; FIXTURES.len()];
    for f in &files {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            let Ok(v) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let (Some(input), Some(_)) = (v["input"].as_str(), v["solution"].as_str()) else {
                continue;
            };
            let Ok(s) = Sudoku::parse(input) else {
                continue;
            };
            // Clues of the kinds drawn (a puzzle of givens and cages alone says nothing new); not
            // a shaped grid (ISS's 4x6), which SudokuPad's N×N layout here has no room for.
            if s.rules().clues.is_empty() || s.grid().geometry().is_shaped() {
                continue;
            }
            let Some(json) = draw(&s) else {
                continue;
            };
            let name = format!(
                "{}: {}",
                f.file_name().unwrap().to_string_lossy(),
                v["name"].as_str().unwrap_or("?")
            );
            if drawn
                .iter()
                .any(|d| d.ends_with(v["name"].as_str().unwrap_or("?")))
            {
                continue;
            }
            let link = format!(
                "https://sudokupad.app/scl{}",
                lz_str::compress_to_base64(&json)
            );
            let pad = Sudoku::parse(&link).unwrap_or_else(|e| panic!("{name}: {e}\n{json}"));
            assert_eq!(
                canonical(pad.rules()),
                canonical(s.rules()),
                "{name}: the rules read back differ\n{json}"
            );
            // Every shape read: what is left unread is the text itself (it may state more).
            assert_eq!(
                pad.unread().as_deref(),
                Some("this puzzle states its rules in words, which are not read"),
                "{name}: shapes left unread\n{json}"
            );
            for c in &s.rules().clues {
                kinds.insert(
                    format!("{:?}", c.kind)
                        .split(['(', ' '])
                        .next()
                        .unwrap()
                        .to_string(),
                );
            }
            // Solved to the published solution, proved unique, each board checked by the rules
            // (as `dlx solve` searches, within the collection walk's budget).
            let mut nodes = 0;
            let outcome = judge(&link, v["solution"].as_str(), BUDGET, &mut nodes);
            assert!(matches!(outcome, Outcome::Solved), "{name}: {outcome:?}");
            if let Some(k) = FIXTURES.iter().position(|f| Some(*f) == v["name"].as_str()) {
                fixtures[k] = Some(
                    json!({ "name": FIXTURES[k], "sudokupad": json, "solution": v["solution"] })
                        .to_string(),
                );
            }
            drawn.push(name);
        }
    }
    // The page's test pastes some of these (tests/browser/published.test.mjs): kept in
    // tests/data/sudokupad-shapes.jsonl, which must be what is drawn here (DLX_BLESS=1 rewrites it).
    let fixtures: Vec<String> = fixtures.into_iter().map(|f| f.expect("drawn")).collect();
    let file = dir.join("sudokupad-shapes.jsonl");
    let want = format!("{}\n", fixtures.join("\n"));
    if std::env::var_os("DLX_BLESS").is_some() {
        std::fs::write(&file, &want).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        want,
        "tests/data/sudokupad-shapes.jsonl is not what is drawn here: DLX_BLESS=1 rewrites it"
    );
    println!(
        "{} puzzles drawn and read back: {drawn:#?}\nkinds: {kinds:?}",
        drawn.len()
    );
    assert!(drawn.len() >= 10, "{drawn:#?}");
    for k in [
        "Difference",
        "Ratio",
        "PairSum",
        "Arrow",
        "LittleKiller",
        "Whisper",
        "Renban",
        "Skyscraper",
    ] {
        assert!(kinds.contains(k), "no puzzle drawn with {k}: {kinds:?}");
    }
}

/// A 9x9 of no givens with these shapes and rules text, as an `scl` link.
fn pad(rules: &str, shapes: Value) -> Result<Sudoku, String> {
    pad_n(9, rules, shapes)
}

/// [`pad`] on an N×N grid.
fn pad_n(n: usize, rules: &str, shapes: Value) -> Result<Sudoku, String> {
    let mut obj = shapes;
    obj["cells"] = json!(vec![vec![json!({}); n]; n]);
    obj["cages"] = json!([{ "value": format!("rules: {rules}") }]);
    let link = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&obj.to_string())
    );
    Sudoku::parse(&link).map_err(|e| e.to_string())
}

/// The clues read, as "Kind [cells]" (cells sorted).
fn clues(s: &Sudoku) -> Vec<String> {
    let mut r = canonical(s.rules());
    r.retain(|w| w.starts_with(|c: char| c.is_ascii_uppercase()));
    r
}

#[test]
fn lines_are_told_apart_by_the_colour_the_rules_give_them() {
    let row1 = |c: &str| json!({ "wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]], "color": c });
    let row2 = |c: &str| json!({ "wayPoints": [[1.5, 0.5], [1.5, 1.5], [1.5, 2.5]], "color": c });
    // f-puzzles' colours, no colour in the rules: grey palindromes, blue region sum lines.
    let s = pad(
        "Palindromes read the same both ways. Region sum lines have the same sum in every box.",
        json!({ "lines": [row1("#C0C0C0"), row2("#2ECBFF")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Palindrome [0, 1, 2]", "RegionSum [9, 10, 11]"]);
    // The rules' colours win over f-puzzles': here renban lines are green, whispers orange.
    let s = pad(
        "Green lines are renban lines. Digits along an orange line (Dutch whispers) differ by at least 4.",
        json!({ "lines": [row1("#67F067"), row2("#FFA040")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Renban [0, 1, 2]", "Whisper(4) [9, 10, 11]"]);
    // One kind named and every line one colour: each line is that kind, whatever its colour.
    let s = pad(
        "Entropic lines: any three cells in a row hold a low, a middle and a high digit.",
        json!({ "lines": [row1("#123456"), row2("#123456")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Entropic [0, 1, 2]", "Entropic [9, 10, 11]"]);
    // Modular and zipper lines become clues directly (f-puzzles has no key for them).
    let s = pad(
        "Yellow lines are modular lines. Lavender lines are zipper lines.",
        json!({ "lines": [row1("#F0E040"), row2("#C8A2F0")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Modular(3) [0, 1, 2]", "Zipper [9, 10, 11]"]);
    // Two kinds whose colours the rules do not give and f-puzzles' do not tell apart: neither is
    // read, and the rules naming them are refused by name rather than solved without them.
    let e = pad(
        "Renban lines hold a run. Zipper lines sum alike.",
        json!({ "lines": [row1("#F067F0"), row2("#F067F0")] }),
    )
    .err()
    .unwrap();
    assert!(
        e.contains("rules speak of renban lines, but none of its shapes was read as one"),
        "{e}"
    );
}

#[test]
fn pills_parity_and_all_possible_dots_are_read() {
    // A pill of two cells (r1c1-r1c2) with an arrow down column 2, and a black dot valued 3.
    let s = pad(
        "Digits on an arrow sum to the number in its pill. Cells separated by a white dot are \
         consecutive, by a black dot in the ratio the dot gives (2 if none). All possible dots are \
         given. Odd digits are in circles. Even digits are in squares.",
        json!({
            "underlays": [
                { "center": [0.5, 1.0], "width": 1.7, "height": 0.7, "rounded": true,
                  "backgroundColor": "#FFFFFF" },
                { "center": [5.5, 5.5], "width": 0.8, "height": 0.8, "rounded": true,
                  "backgroundColor": "#CFCFCF" },
                { "center": [6.5, 6.5], "width": 0.8, "height": 0.8, "rounded": false,
                  "backgroundColor": "#CFCFCF" }
            ],
            "arrows": [{ "wayPoints": [[0.8, 1.5], [1.5, 1.5], [2.5, 1.5]], "headLength": 0.3 }],
            "overlays": [{ "center": [4.5, 4.0], "width": 0.3, "height": 0.3, "rounded": true,
                           "backgroundColor": "#000000", "text": "3" }]
        }),
    )
    .unwrap();
    assert_eq!(
        clues(&s),
        ["Arrow { circle: 2 } [0, 1, 10, 19]", "Ratio(3) [39, 40]"]
    );
    let r = s.rules();
    assert!(r.negative_kropki && !r.negative_xv);
    let odd = 0b1_0101_0101;
    assert_eq!(r.candidates, vec![(50, odd), (60, 0b0_1010_1010)]);
    // A little killer without its number: nothing read, so the rules naming it are refused.
    let e = pad(
        "Little killer clues give the sum along the arrow's diagonal.",
        json!({ "arrows": [{ "wayPoints": [[-0.45, 0.55], [0.0, 1.0]], "headLength": 0.3 }] }),
    )
    .err()
    .unwrap();
    assert!(
        e.contains("little killers, but none of its shapes was read"),
        "{e}"
    );
}

#[test]
fn numbers_beside_the_grid_are_read_from_their_side() {
    // An X-sum above column 2, below column 3, left of row 4 and right of row 5.
    let number = |y: f64, x: f64, v: u32| json!({ "center": [y, x], "width": 0.6, "height": 0.6, "text": v.to_string() });
    let shapes = json!({ "overlays": [
        number(-0.5, 1.5, 11), number(9.5, 2.5, 12), number(3.5, -0.5, 13), number(4.5, 9.5, 14)
    ] });
    let s = pad(
        "X-sum clues give the sum of the first X digits seen from the clue.",
        shapes.clone(),
    )
    .unwrap();
    let got: Vec<(String, Vec<usize>)> = s
        .rules()
        .clues
        .iter()
        .map(|c| (format!("{:?}", c.kind), c.cells.clone()))
        .collect();
    let col = |c: usize| (0..9).map(|r| r * 9 + c).collect::<Vec<_>>();
    let row = |r: usize| (0..9).map(|c| r * 9 + c).collect::<Vec<_>>();
    let rev = |mut v: Vec<usize>| {
        v.reverse();
        v
    };
    assert_eq!(
        got,
        [
            ("XSum(11)".to_string(), col(1)),
            ("XSum(12)".to_string(), rev(col(2))),
            ("XSum(13)".to_string(), row(3)),
            ("XSum(14)".to_string(), rev(row(4))),
        ]
    );
    // The same numbers as skyscrapers; with sandwiches named too, which is which is not drawn,
    // so none is read, and the rules naming them are refused.
    let s = pad("Skyscraper clues count the digits seen.", shapes.clone()).unwrap();
    assert!(s
        .rules()
        .clues
        .iter()
        .all(|c| matches!(c.kind, ClueKind::Skyscraper(_))));
    assert_eq!(s.rules().clues.len(), 4);
    let e = pad(
        "Skyscraper clues count the digits seen; sandwich clues sum between 1 and 9.",
        shapes,
    )
    .err()
    .unwrap();
    assert!(
        e.contains("sandwich sums, but none of its shapes was read"),
        "{e}"
    );
}

#[test]
fn fpuzzles_drawn_lines_are_read_as_the_kinds_its_rules_name() {
    let grid = vec![vec![json!({}); 9]; 9];
    let json = |ruleset: &str, extra: Value| {
        let mut o = json!({ "size": 9, "grid": grid.clone(), "ruleset": ruleset, "line": [
            { "lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#C8A2F0", "width": 0.3 },
            { "lines": [["R2C1", "R2C2", "R2C3"], ["R3C1", "R3C2"]], "outlineC": "#F0E040" },
            { "lines": [["R5C5", "R5C6"]], "outlineC": "#67F067" }
        ]});
        for (k, v) in extra.as_object().unwrap() {
            o[k] = v.clone();
        }
        o.to_string()
    };
    let rules =
        "Lavender lines are zipper lines. Digits on a yellow line are modular. Green lines \
                 are German whispers.";
    let s = Sudoku::parse(&json(rules, json!({}))).unwrap();
    assert_eq!(
        clues(&s),
        [
            "Modular(3) [18, 19]",
            "Modular(3) [9, 10, 11]",
            "Whisper(5) [40, 41]",
            "Zipper [0, 1, 2]"
        ]
    );
    assert_eq!(
        s.unread().as_deref(),
        Some("this puzzle states its rules in words, which are not read")
    );
    // Whispers stated under f-puzzles' own key: the drawn green line is not read as one more.
    let native = json!({ "whispers": [{ "lines": [["R9C1", "R9C2"]] }] });
    let s = Sudoku::parse(&json(rules, native)).unwrap();
    assert!(clues(&s).contains(&"Whisper(5) [72, 73]".to_string()));
    assert!(!clues(&s).contains(&"Whisper(5) [40, 41]".to_string()));
    assert_eq!(
        s.unread().as_deref(),
        Some("this puzzle states its rules in words and drawn shapes (1 line), which are not read")
    );
    // Without a rules text naming them the lines are drawn only, as before.
    let s = Sudoku::parse(&json("Normal sudoku rules apply.", json!({}))).unwrap();
    assert!(clues(&s).is_empty());
    assert!(
        s.unread().unwrap().contains("(3 lines)"),
        "{:?}",
        s.unread()
    );
}

#[test]
fn slow_thermometers_are_read_as_slow() {
    // A 4x4 thermometer through three boxes (r1c2, r2c3, r3c4): digits may repeat along it.
    let json = |ruleset: &str| {
        json!({ "size": 4, "grid": vec![vec![json!({}); 4]; 4], "ruleset": ruleset,
                "thermometer": [{ "lines": [["R1C2", "R2C3", "R3C4"]] }] })
        .to_string()
    };
    let all = crate::common::sudoku_solutions(&Sudoku::parse("................").unwrap(), 1000);
    assert_eq!(all.len(), 288);
    let keep = |f: &dyn Fn(u8, u8, u8) -> bool| -> Vec<Vec<u8>> {
        let mut v: Vec<Vec<u8>> = all
            .iter()
            .filter(|g| f(g[1], g[6], g[11]))
            .cloned()
            .collect();
        v.sort();
        v
    };
    let solved = |text: &str| {
        let mut v = crate::common::sudoku_solutions(&Sudoku::parse(text).unwrap(), 1000);
        v.sort();
        v
    };
    let slow = solved(&json(
        "Digits on a slow thermometer increase or stay the same from the bulb.",
    ));
    assert_eq!(slow, keep(&|a, b, c| a <= b && b <= c));
    let strict = solved(&json("Digits on a thermometer increase from the bulb."));
    assert_eq!(strict, keep(&|a, b, c| a < b && b < c));
    assert!(slow.len() > strict.len());
    let e = Sudoku::parse(&json(
        "Slow thermometers may repeat; normal thermometers increase.",
    ))
    .err()
    .unwrap()
    .to_string();
    assert!(
        e.contains("slow thermometers beside others are not supported"),
        "{e}"
    );
}

#[test]
fn cages_whose_digits_may_repeat_are_sums() {
    // A 4x4 cage of two cells in different rows, columns and boxes (r1c2, r2c3) summing to 4.
    let json = |ruleset: &str| {
        json!({ "size": 4, "grid": vec![vec![json!({}); 4]; 4], "ruleset": ruleset,
                "killercage": [{ "cells": ["R1C2", "R2C3"], "value": "4" }] })
        .to_string()
    };
    let all = crate::common::sudoku_solutions(&Sudoku::parse("................").unwrap(), 1000);
    let keep = |f: &dyn Fn(u8, u8) -> bool| -> Vec<Vec<u8>> {
        let mut v: Vec<Vec<u8>> = all.iter().filter(|g| f(g[1], g[6])).cloned().collect();
        v.sort();
        v
    };
    let solved = |text: &str| {
        let s = Sudoku::parse(text).unwrap();
        let mut v = crate::common::sudoku_solutions(&s, 1000);
        v.sort();
        (v, s.rules().cages.len())
    };
    let (repeat, cages) = solved(&json(
        "Digits in cages sum to the clue. Digits may repeat in cages.",
    ));
    assert_eq!(cages, 0);
    assert_eq!(repeat, keep(&|a, b| a + b == 4));
    let (killer, cages) = solved(&json("Digits in cages sum to the clue and may not repeat."));
    assert_eq!(cages, 1);
    assert_eq!(killer, keep(&|a, b| a + b == 4 && a != b));
    assert!(repeat.len() > killer.len());
}

/// A review's crafted shapes (each once read wrongly): read as drawn, or left unread, never as
/// another rule.
#[test]
fn shapes_of_other_looks_are_not_misread() {
    let circle = |y: f64, x: f64, fill: &str| json!({ "center": [y, x], "width": 0.8, "height": 0.8, "rounded": true, "backgroundColor": fill });
    let arrow = |wp: Value| json!({ "wayPoints": wp, "headLength": 0.3 });
    let line = |wp: Value, c: &str| json!({ "wayPoints": wp, "color": c });
    let arrows = "Digits along an arrow sum to the digit in its circle.";
    // An arrow of two points reads every cell between them; one that starts off its circle's
    // neighbour reads the cells up to its first point too.
    let s = pad(
        arrows,
        json!({ "underlays": [circle(0.5, 0.5, "#FFFFFF")],
        "arrows": [arrow(json!([[0.5, 0.9], [0.5, 3.5]]))] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Arrow { circle: 1 } [0, 1, 2, 3]"]);
    let s = pad(
        arrows,
        json!({ "underlays": [circle(0.5, 0.5, "#FFFFFF")],
        "arrows": [arrow(json!([[0.5, 0.9], [0.5, 2.5], [1.5, 2.5]]))] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Arrow { circle: 1 } [0, 1, 2, 11]"]);
    // A between line is no thermometer (its circles are white); a green whisper from a grey odd
    // circle is no thermometer either, and the odd circle stays odd.
    let s = pad(
        "Thermometers increase from the bulb. Digits on a line between two circles lie between the digits in those circles.",
        json!({ "underlays": [circle(0.5, 0.5, "#FFFFFF"), circle(0.5, 3.5, "#FFFFFF")],
                "lines": [line(json!([[0.5, 0.5], [0.5, 3.5]]), "#C0C0C0")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Between [0, 1, 2, 3]"]);
    assert!(s.rules().thermos.is_empty());
    let s = pad(
        "Thermometers increase from the bulb. Digits in grey circles are odd. Digits on a green line (German whispers) differ by at least 5.",
        json!({ "underlays": [circle(0.5, 0.5, "#CFCFCF"), circle(4.5, 0.5, "#CFCFCF")],
                "lines": [line(json!([[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]]), "#67F067"),
                          line(json!([[4.5, 0.5], [4.5, 1.5]]), "#CFCFCF")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Whisper(5) [0, 1, 2]"]);
    assert_eq!(s.rules().thermos, vec![vec![36, 37]]);
    assert_eq!(s.rules().candidates, vec![(0, 0b1_0101_0101)]);
    // A sandwich's "between the 1 and the 9" makes no between lines of palindromes with odd ends.
    let s = pad(
        "Clues outside give the sum of the digits between the 1 and the 9 (sandwich). Grey lines are palindromes. Digits in circles are odd.",
        json!({ "underlays": [circle(0.5, 0.5, "#CFCFCF"), circle(0.5, 3.5, "#CFCFCF")],
                "lines": [line(json!([[0.5, 0.5], [0.5, 3.5]]), "#C0C0C0")],
                "overlays": [{ "center": [-0.5, 5.5], "text": "10" }] }),
    )
    .unwrap();
    assert_eq!(
        clues(&s),
        [
            "Palindrome [0, 1, 2, 3]",
            "Sandwich(10) [5, 14, 23, 32, 41, 50, 59, 68, 77]"
        ]
    );
    assert_eq!(s.rules().candidates.len(), 2);
    // "All possible" of one colour of dot, or with a "not", sets no negative rule; of both, it does.
    let dot = json!({ "overlays": [{ "center": [0.5, 1.0], "width": 0.3, "height": 0.3,
        "rounded": true, "backgroundColor": "#000000" }] });
    for (rules, negative) in [
        (
            "Black dots: ratio 2. Not all white dots are given; all possible black dots are given.",
            false,
        ),
        ("Kropki dots. All possible dots are not given.", false),
        (
            "Kropki dots. All possible white and black dots are given.",
            true,
        ),
    ] {
        assert_eq!(
            pad(rules, dot.clone()).unwrap().rules().negative_kropki,
            negative,
            "{rules}"
        );
    }
    // A whisper's difference as the rules state it.
    let s = pad_n(
        6,
        "Neighbours on a green line (whispers) differ by at least 3.",
        json!({ "lines": [line(json!([[0.5, 0.5], [0.5, 1.5]]), "#67F067")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Whisper(3) [0, 1]"]);
    // Quadruples: numbers between spaces on a 16x16; a small text beside the circle is not one.
    let quad = |text: &str| {
        json!({ "overlays": [
        { "center": [1.0, 1.0], "width": 0.6, "height": 0.6, "rounded": true, "backgroundColor": "#FFFFFF", "text": text },
        { "center": [1.2, 1.2], "width": 0.3, "height": 0.3, "text": "15" } ] })
    };
    let s = pad_n(
        16,
        "Quadruple circles list digits of the four cells.",
        quad("12 3"),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Quad([3, 12]) [0, 1, 16, 17]"]);
    let s = pad(
        "Quadruple circles list digits of the four cells.",
        quad("12"),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Quad([1, 2]) [0, 1, 9, 10]"]);
    // A white circle is no odd cell, "even if" no even square.
    let s = pad(
        "Digits in circles are odd. Digits may repeat even if they share a square.",
        json!({ "underlays": [circle(4.5, 4.5, "#FFFFFF"),
            { "center": [5.5, 5.5], "width": 0.8, "height": 0.8, "backgroundColor": "#FFFFFF" }] }),
    )
    .unwrap();
    assert!(s.rules().candidates.is_empty());
    // A bulb among the overlays; a line along the grid's lines is no line of cells.
    let s = pad(
        "Thermometers increase from the bulb. Purple lines are renban lines.",
        json!({ "overlays": [circle(4.5, 0.5, "#CFCFCF")],
                "lines": [line(json!([[4.5, 0.5], [4.5, 1.5], [4.5, 2.5]]), "#CFCFCF"),
                          line(json!([[3.0, 0.0], [3.0, 3.0]]), "#F067F0"),
                          line(json!([[7.5, 0.5], [7.5, 2.5]]), "#F067F0")] }),
    )
    .unwrap();
    assert_eq!(s.rules().thermos, vec![vec![36, 37, 38]]);
    assert_eq!(clues(&s), ["Renban [63, 64, 65]"]);
    // CSS colours; a colour word of something else in the sentence is not the line's.
    let s = pad("German whispers: digits along the line differ by at least 5, and may not be placed in grey cells.",
        json!({ "lines": [line(json!([[0.5, 0.5], [0.5, 1.5]]), "rgba(103,240,103,1)")],
                "overlays": [{ "center": [2.5, 1.0], "width": 0.3, "height": 0.3, "rounded": true,
                               "backgroundColor": "white" }] })).unwrap();
    assert_eq!(clues(&s), ["Whisper(5) [0, 1]"]);
    let s = pad(
        "Kropki dots.",
        json!({ "overlays": [{ "center": [2.5, 1.0], "width": 0.3,
        "height": 0.3, "rounded": true, "backgroundColor": "white" }] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Difference(1) [18, 19]"]);
    // A thermometer of two points reads every cell between them, as lines and arrows do.
    let s = pad(
        "Thermometers increase from the bulb.",
        json!({ "underlays": [circle(0.5, 0.5, "#CFCFCF")],
                "lines": [line(json!([[0.5, 0.5], [0.5, 3.5]]), "#CFCFCF")] }),
    )
    .unwrap();
    assert_eq!(s.rules().thermos, vec![vec![0, 1, 2, 3]]);
    // A little killer's diagonal is where its arrow points, whatever the number's place.
    let s = pad(
        "Little killer clues sum the diagonal.",
        json!({ "overlays": [{ "center": [-0.3, 3.3], "text": "20" }],
                "arrows": [arrow(json!([[-0.1, 3.1], [0.3, 3.5]]))] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["LittleKiller(20) [3, 13, 23, 33, 43, 53]"]);
}

/// A second review's crafted shapes and sentences: read as drawn and said, or left unread.
#[test]
fn shapes_and_sentences_in_doubt_are_left_unread() {
    let circle = |y: f64, x: f64, fill: Value| json!({ "center": [y, x], "width": 0.8, "height": 0.8, "rounded": true, "backgroundColor": fill });
    let line = |wp: Value, c: &str| json!({ "wayPoints": wp, "color": c });
    // A grey line from a grey circle, where the rules speak of grey palindromes and odd circles
    // too: thermometer or palindrome is in doubt, so neither (nor the circle at its end).
    let s = pad(
        "Grey lines are palindromes. Digits on a thermometer increase from the bulb. Digits in grey circles are odd.",
        json!({ "underlays": [circle(0.5, 0.5, json!("#CFCFCF"))],
                "lines": [line(json!([[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]]), "#C0C0C0"),
                          line(json!([[5.5, 0.5], [5.5, 1.5]]), "#C0C0C0")] }),
    )
    .unwrap();
    assert!(s.rules().thermos.is_empty());
    assert_eq!(clues(&s), ["Palindrome [45, 46]"]);
    assert!(s.rules().candidates.is_empty());
    // Hollow circles (a border only, or a clear fill) are no bulbs: a between line.
    for fill in [Value::Null, json!("#00000000"), json!("rgba(0,0,0,0)")] {
        let s = pad(
            "Thermometers increase from the bulb. Digits on a line between two circles lie between the digits in those circles.",
            json!({ "underlays": [circle(0.5, 0.5, fill.clone()), circle(0.5, 3.5, fill.clone())],
                    "lines": [line(json!([[0.5, 0.5], [0.5, 3.5]]), "#C0C0C0")] }),
        )
        .unwrap();
        assert!(s.rules().thermos.is_empty(), "{fill}");
        assert_eq!(clues(&s), ["Between [0, 1, 2, 3]"], "{fill}");
    }
    // A line through a cell twice is no line read here (a loop, a turn back).
    let s = pad(
        "Blue lines are region sum lines.",
        json!({ "lines": [line(
        json!([[2.5, 1.5], [2.5, 4.5], [3.5, 4.5], [3.5, 3.5], [2.5, 3.5]]), "#2ECBFF")] }),
    )
    .err();
    assert!(
        s.unwrap().contains("region sum lines, but none"),
        "a loop read"
    );
    // The whisper's difference is the one the text gives the difference.
    let green = json!({ "lines": [line(json!([[0.5, 0.5], [0.5, 1.5]]), "#67F067")] });
    let s = pad("German whispers: digits along green lines differ by 5. Whisper lines have at least 7 cells.", green.clone()).unwrap();
    assert_eq!(clues(&s), ["Whisper(5) [0, 1]"]);
    // "All possible dots" of a puzzle whose text speaks of white dots alone: no negative rule.
    let s = pad("Cells separated by a white dot contain consecutive digits. All possible dots are given.",
        json!({ "overlays": [{ "center": [0.5, 1.0], "width": 0.3, "height": 0.3, "rounded": true, "backgroundColor": "#FFFFFF" }] })).unwrap();
    assert!(!s.rules().negative_kropki);
    // A colour word inside another word ("coloured") is not the line's colour.
    let s = pad(
        "Renban: digits on a line coloured green form a run, and the red cells are odd.",
        json!({ "lines": [line(json!([[0.5, 0.5], [0.5, 2.5]]), "#67F067"),
                          line(json!([[2.5, 0.5], [2.5, 2.5]]), "#F067F0")] }),
    )
    .unwrap();
    assert_eq!(clues(&s), ["Renban [0, 1, 2]"]);
    // Odd and even as each clause says, none where a clause denies it.
    let shapes = json!({ "underlays": [circle(4.5, 4.5, json!("#CFCFCF")),
        { "center": [5.5, 5.5], "width": 0.8, "height": 0.8, "backgroundColor": "#CFCFCF" }] });
    for rules in [
        "Circles contain even digits and squares contain odd digits.",
        "Odd digits may not be placed in grey circles.",
    ] {
        assert!(
            pad(rules, shapes.clone())
                .unwrap()
                .rules()
                .candidates
                .is_empty(),
            "{rules}"
        );
    }
    // Cages and thermometers as the text means them.
    let cage = json!({ "size": 9, "grid": vec![vec![json!({}); 9]; 9],
        "killercage": [{ "cells": ["R1C1", "R2C2"], "value": "5" }],
        "thermometer": [{ "lines": [["R5C5", "R6C6"]] }] });
    for (ruleset, killer, slow) in [
        (
            "Cages: no digit may repeat. No slow thermos here.",
            true,
            false,
        ),
        (
            "Digits in cages must be different, but digits on lines may repeat.",
            true,
            false,
        ),
        (
            "Unlike cages, digits may repeat on thermometers (these are not slow thermometers).",
            true,
            false,
        ),
        (
            "Digits may repeat in cages. Thermometers are slow thermometers.",
            false,
            true,
        ),
    ] {
        let mut j = cage.clone();
        j["ruleset"] = json!(ruleset);
        let s = Sudoku::parse(&j.to_string()).unwrap();
        assert_eq!(s.rules().cages.len() == 1, killer, "{ruleset}");
        assert_eq!(s.rules().thermos.is_empty(), slow, "{ruleset}");
    }
}

/// ISS's "Strict kropki" (all dots given) as f-puzzles writes it, `negative: ["ratio",
/// "difference"]`: the same rules, solved to its published solution.
#[test]
fn fpuzzles_negative_dots_are_the_strict_kropki_rule() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/iss-combined.jsonl");
    let v: Value = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|v| v["name"] == "Strict kropki")
        .expect("Strict kropki");
    let iss = Sudoku::parse(v["input"].as_str().unwrap()).unwrap();
    assert!(iss.rules().negative_kropki);
    let n = iss.grid().size();
    let cell = |p: usize| format!("R{}C{}", p / n + 1, p % n + 1);
    let (mut difference, mut ratio) = (Vec::new(), Vec::new());
    for c in &iss.rules().clues {
        let cells: Vec<String> = c.cells.iter().map(|&p| cell(p)).collect();
        match c.kind {
            ClueKind::Difference(1) => difference.push(json!({ "cells": cells })),
            ClueKind::Ratio(2) => ratio.push(json!({ "cells": cells })),
            ref k => panic!("{k:?}"),
        }
    }
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match iss.grid().cells()[r * n + c] {
                    0 => json!({}),
                    v => json!({ "value": v, "given": true }),
                })
                .collect()
        })
        .collect();
    let text = json!({ "size": n, "grid": grid, "difference": difference, "ratio": ratio,
                       "negative": ["ratio", "difference"] })
    .to_string();
    let f = Sudoku::parse(&text).unwrap();
    assert_eq!(canonical(f.rules()), canonical(iss.rules()));
    let mut nodes = 0;
    let outcome = judge(&text, v["solution"].as_str(), BUDGET, &mut nodes);
    assert!(matches!(outcome, Outcome::Solved), "{outcome:?}");
}
