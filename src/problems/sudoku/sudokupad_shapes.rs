//! SudokuPad's drawn shapes read as the rules they draw (issue 43): lines by the kind the rules text
//! names and their colour, arrows from circles, little killers' diagonal arrows and their numbers,
//! dots and X/V on edges, odd circles and even squares, quadruples' corner circles, and numbers
//! outside the grid for sandwiches.
//!
//! SudokuPad has no rule objects: a puzzle is shapes, and its rules text says what they mean.
//! Puzzles made in f-puzzles and opened in SudokuPad keep f-puzzles' look (its thermometer and
//! palindrome grey, whispers green, renban purple, region sum lines blue; arrows grey from a
//! white circle; dots small circles centred on an edge, white or black). A shape is read as a rule
//! only where the rules text names that kind and the shape has that kind's form; lines of several
//! named kinds are told apart by the colour the rules text gives each ("a green line"), else by
//! f-puzzles' colour for it. Whatever is not read stays drawn only, and the verdict says so: a rule
//! left out can only add solutions, never change a unique one, while a rule misread could.
//!
//! What is read becomes f-puzzles' keys (`whispers`, `arrow`, `difference`, …), read by the same
//! code as f-puzzles JSON ([`super::fpuzzles_clues`]), and, for the line kinds f-puzzles has no key
//! for (zipper, modular), clues directly. f-puzzles' own drawn lines (`line`), which setters use
//! for kinds f-puzzles draws no other way, are read the same way ([`fpuzzles_lines`]).

use super::clues::{Clue, ClueKind};
use super::rules_text::{
    clauses, colour_named, covers, denies, names, sentences, tone, whisper_difference, Tone,
};
use serde_json::{json, Map, Value};

/// What the shapes say, and which shapes said it.
pub(super) struct Shapes {
    /// The rules read, as f-puzzles' keys.
    pub keys: Map<String, Value>,
    /// Line kinds f-puzzles has no key for.
    pub clues: Vec<Clue>,
    /// "All possible dots are given" / "all X and V are given".
    pub negative_kropki: bool,
    pub negative_xv: bool,
    /// Per list (`lines`, `arrows`, `overlays`, `underlays`): the shapes read.
    pub used: Used,
}

/// The shapes read, per list, by index.
#[derive(Default)]
pub(super) struct Used {
    pub lines: Vec<bool>,
    /// Lines whose kind is in doubt (a thermometer or a line of a kind drawn in its colour): read
    /// as none.
    pub doubt: Vec<bool>,
    pub arrows: Vec<bool>,
    pub overlays: Vec<bool>,
    pub underlays: Vec<bool>,
}

/// Whether a line from a filled circle may be another kind than a thermometer: the rules speak
/// of odd circles (a grey circle is one) and name a line kind drawn in the line's colour (a grey
/// palindrome from an odd circle looks like a thermometer).
pub(super) fn thermo_in_doubt(said: &str, colour: Option<&Value>) -> bool {
    let odd = clauses(said)
        .iter()
        .any(|s| names(s, "odd") && names(s, "circle"));
    let Some(t) = tone(colour) else {
        return odd;
    };
    odd && LINE_KINDS.iter().any(|&(w, default, _)| {
        names(said, w) && covers(colour_named(said, w).unwrap_or(default), t)
    })
}

/// The line kinds read: the word the rules text names it by, the colour word f-puzzles' own
/// colour for it answers to, and what it becomes.
const LINE_KINDS: &[(&str, &str, LineKind)] = &[
    ("whisper", "green", LineKind::Key("whispers")),
    ("renban", "purple", LineKind::Key("renban")),
    ("palindrome", "grey", LineKind::Key("palindrome")),
    ("region sum", "blue", LineKind::Key("regionsumline")),
    ("entropic", "orange", LineKind::Key("entropicline")),
    ("zipper", "purple", LineKind::Clue(ClueKind::Zipper)),
    ("modular", "yellow", LineKind::Clue(ClueKind::Modular(3))),
];

#[derive(Clone, Debug)]
enum LineKind {
    /// An f-puzzles key of `lines`.
    Key(&'static str),
    Clue(ClueKind),
}

/// A point `[row, column]` in cell units (the grid's corner at 0, 0).
pub(super) fn point(v: &Value) -> Option<(f64, f64)> {
    let a = v.as_array()?;
    Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?))
}

pub(super) fn points(v: &Value, key: &str) -> Vec<(f64, f64)> {
    v.get(key)
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |a| a.iter().filter_map(point).collect())
}

/// The cell a point lies in, if in the grid.
fn cell_at((y, x): (f64, f64), size: usize) -> Option<usize> {
    let s = size as f64;
    ((0.0..s).contains(&y) && (0.0..s).contains(&x))
        .then(|| y.floor() as usize * size + x.floor() as usize)
}

fn near(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// f-puzzles' name of a cell, `R1C1`; rows and columns from -1 (outside) to N (outside).
fn name(r: i64, c: i64) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// The cell whose centre a point is within `tol` of.
pub(super) fn centre_cell((y, x): (f64, f64), size: usize, tol: f64) -> Option<usize> {
    let p = cell_at((y, x), size)?;
    let (cy, cx) = (y.floor() + 0.5, x.floor() + 0.5);
    ((y - cy).hypot(x - cx) <= tol).then_some(p)
}

/// The cells of a line through cell centres, in order: its ends may stand off centre (moved to a
/// circle's edge), its bends may not (a line along the grid's lines or a cage's dashes is no line
/// of cells); at least two cells.
pub(super) fn line_cells(pts: &[(f64, f64)], size: usize) -> Option<Vec<usize>> {
    let last = pts.len().checked_sub(1)?;
    let cells: Vec<usize> = pts
        .iter()
        .enumerate()
        .map(|(k, &p)| centre_cell(p, size, if k == 0 || k == last { 0.4 } else { 0.2 }))
        .collect::<Option<_>>()?;
    walk(&cells, size).filter(|c| c.len() >= 2)
}

/// Cells joined by straight stretches (along a row, a column or a diagonal), every cell on each
/// stretch in order, a cell repeated in a row once; `None` where a stretch is none of those.
fn walk(cells: &[usize], size: usize) -> Option<Vec<usize>> {
    let mut out: Vec<usize> = Vec::new();
    for &q in cells {
        let Some(&from) = out.last() else {
            out.push(q);
            continue;
        };
        let (r0, c0) = ((from / size) as i64, (from % size) as i64);
        let (dr, dc) = ((q / size) as i64 - r0, (q % size) as i64 - c0);
        if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
            return None;
        }
        let steps = dr.abs().max(dc.abs());
        for k in 1..=steps {
            let (r, c) = (r0 + k * dr.signum(), c0 + k * dc.signum());
            let p = (r * size as i64 + c) as usize;
            // A line through a cell twice (a loop, a turn back) is no line of cells read here.
            if out.contains(&p) {
                return None;
            }
            out.push(p);
        }
    }
    Some(out)
}

/// A shape of `overlays` or `underlays`: its centre, size, roundness, colours and text.
struct Shape {
    list: usize,
    index: usize,
    centre: (f64, f64),
    w: f64,
    h: f64,
    rounded: bool,
    fill: Option<Tone>,
    text: Option<String>,
}

fn shape(v: &Value, list: usize, index: usize) -> Option<Shape> {
    let centre = point(v.get("center")?)?;
    let num = |k: &str, d: f64| v.get(k).and_then(Value::as_f64).unwrap_or(d);
    let text = match v.get("text") {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    Some(Shape {
        list,
        index,
        centre,
        w: num("width", 1.0),
        h: num("height", 1.0),
        rounded: v.get("rounded") == Some(&Value::Bool(true)),
        fill: tone(v.get("backgroundColor")),
        text,
    })
}

impl Shape {
    /// The grid cells whose centres it covers.
    fn cells(&self, size: usize) -> Vec<usize> {
        let (y, x) = self.centre;
        let mut out = Vec::new();
        for r in 0..size {
            for c in 0..size {
                if (r as f64 + 0.5 - y).abs() <= self.h / 2.0 + 0.02
                    && (c as f64 + 0.5 - x).abs() <= self.w / 2.0 + 0.02
                {
                    out.push(r * size + c);
                }
            }
        }
        out
    }
    fn contains(&self, (y, x): (f64, f64)) -> bool {
        (y - self.centre.0).abs() <= self.h / 2.0 + 0.05
            && (x - self.centre.1).abs() <= self.w / 2.0 + 0.05
    }
    /// The two orthogonal neighbours whose shared edge it is centred on.
    fn edge(&self, size: usize) -> Option<(usize, usize)> {
        let (y, x) = self.centre;
        let whole = |a: f64| near(a, a.round(), 0.08);
        let half = |a: f64| near(a - a.floor(), 0.5, 0.08);
        let s = size as f64;
        if whole(y) && half(x) && y.round() >= 1.0 && y.round() < s && (0.0..s).contains(&x) {
            let (r, c) = (y.round() as usize, x.floor() as usize);
            return Some(((r - 1) * size + c, r * size + c));
        }
        if half(y) && whole(x) && x.round() >= 1.0 && x.round() < s && (0.0..s).contains(&y) {
            let (r, c) = (y.floor() as usize, x.round() as usize);
            return Some((r * size + c - 1, r * size + c));
        }
        None
    }
    fn at_centre(&self) -> bool {
        let half = |a: f64| near(a - a.floor(), 0.5, 0.08);
        half(self.centre.0) && half(self.centre.1)
    }
}

/// Reads the shapes of a SudokuPad puzzle of side `size` whose rules text (lowercased) is `said`;
/// `used` holds the shapes already read (thermometers and their bulbs, the diagonals).
pub(super) fn read(obj: &Map<String, Value>, size: usize, said: &str, mut used: Used) -> Shapes {
    let list = |k: &str| {
        obj.get(k)
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice)
    };
    let (lines, arrows, overlays, underlays) = (
        list("lines"),
        list("arrows"),
        list("overlays"),
        list("underlays"),
    );
    used.lines.resize(lines.len(), false);
    used.doubt.resize(lines.len(), false);
    used.arrows.resize(arrows.len(), false);
    used.overlays.resize(overlays.len(), false);
    used.underlays.resize(underlays.len(), false);
    let mut shapes: Vec<Shape> = Vec::new();
    for (i, v) in overlays.iter().enumerate() {
        shapes.extend(shape(v, 0, i));
    }
    for (i, v) in underlays.iter().enumerate() {
        shapes.extend(shape(v, 1, i));
    }
    let taken = |used: &Used, s: &Shape| {
        if s.list == 0 {
            used.overlays[s.index]
        } else {
            used.underlays[s.index]
        }
    };
    let take = |used: &mut Used, s: &Shape| {
        if s.list == 0 {
            used.overlays[s.index] = true;
        } else {
            used.underlays[s.index] = true;
        }
    };
    let mut keys = Map::new();
    let mut clues = Vec::new();
    let push = |keys: &mut Map<String, Value>, key: &str, v: Value| {
        keys.entry(key)
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .expect("a list")
            .push(v);
    };
    let cell_names = |cells: &[usize]| -> Vec<String> {
        cells
            .iter()
            .map(|&p| name((p / size) as i64, (p % size) as i64))
            .collect()
    };

    // Arrows from circles (one to three cells: a pill), when the rules name arrows. A circle may
    // have several arrows.
    let mut arrow_circles: Vec<(usize, usize)> = Vec::new();
    if names(said, "arrow") {
        for (i, a) in arrows.iter().enumerate() {
            let pts = points(a, "wayPoints");
            if used.arrows[i] || pts.len() < 2 {
                continue;
            }
            let Some(circle) = shapes.iter().find(|s| {
                (!taken(&used, s) || arrow_circles.contains(&(s.list, s.index)))
                    && s.rounded
                    && s.w >= 0.5
                    && s.h >= 0.5
                    && s.contains(pts[0])
                    && {
                        let n = s.cells(size).len();
                        (1..=3).contains(&n)
                    }
            }) else {
                continue;
            };
            let circle_cells = circle.cells(size);
            // From the circle's cell where the arrow starts (the start is moved to the circle's
            // edge) through the cell centres of its other points.
            let start = cell_at(pts[0], size)
                .filter(|p| circle_cells.contains(p))
                .unwrap_or(circle_cells[0]);
            let rest: Option<Vec<usize>> = pts[1..]
                .iter()
                .map(|&p| centre_cell(p, size, 0.2))
                .collect();
            let Some(mut path) = rest.and_then(|rest| {
                let mut cells = vec![start];
                cells.extend(rest);
                walk(&cells, size)
            }) else {
                continue;
            };
            path.retain(|p| !circle_cells.contains(p));
            if path.is_empty() {
                continue;
            }
            let first = circle_cells[0];
            let mut line = vec![first];
            line.extend(path);
            push(
                &mut keys,
                "arrow",
                json!({ "cells": cell_names(&circle_cells), "lines": [cell_names(&line)] }),
            );
            used.arrows[i] = true;
            arrow_circles.push((circle.list, circle.index));
            take(&mut used, circle);
        }
    }

    // Numbers outside the grid: the cell beside the grid each stands in (row or column -1 or N).
    let outside = |s: &Shape| -> Option<(i64, i64, u32)> {
        let n: u32 = s.text.as_deref()?.trim().parse().ok()?;
        let (y, x) = s.centre;
        let (r, c) = (y.floor() as i64, x.floor() as i64);
        let n_ = size as i64;
        let inside = |a: i64| (0..n_).contains(&a);
        let beside = (r == -1 || r == n_) && inside(c) || (c == -1 || c == n_) && inside(r);
        let corner = (r == -1 || r == n_) && (c == -1 || c == n_);
        (beside || corner).then_some((r, c, n))
    };

    // Little killers: a diagonal arrow from a number outside the grid.
    if names(said, "little killer") {
        for (i, a) in arrows.iter().enumerate() {
            let pts = points(a, "wayPoints");
            if used.arrows[i] || pts.len() < 2 {
                continue;
            }
            let (dy, dx) = (
                pts[pts.len() - 1].0 - pts[0].0,
                pts[pts.len() - 1].1 - pts[0].1,
            );
            if dy.abs() < 0.05 || dx.abs() < 0.05 || !near(dy.abs(), dx.abs(), 0.1) {
                continue;
            }
            // The first cell: where the arrow's tip points (a little past it, along it); the
            // clue stands beside the grid, one step back along the diagonal.
            let tip = pts[pts.len() - 1];
            let (sy, sx) = (dy.signum(), dx.signum());
            let Some(first) = cell_at((tip.0 + 0.25 * sy, tip.1 + 0.25 * sx), size) else {
                continue;
            };
            let (r, c) = (
                (first / size) as i64 - sy as i64,
                (first % size) as i64 - sx as i64,
            );
            let n_ = size as i64;
            if (0..n_).contains(&r) && (0..n_).contains(&c) {
                continue;
            }
            let Some((s, (_, _, value))) = shapes
                .iter()
                .filter(|s| !taken(&used, s))
                .filter_map(|s| Some((s, outside(s)?)))
                .filter(|(s, _)| {
                    let d = (s.centre.0 - pts[0].0).hypot(s.centre.1 - pts[0].1);
                    d < 0.8
                })
                .min_by(|(a, _), (b, _)| {
                    let d = |s: &Shape| (s.centre.0 - pts[0].0).hypot(s.centre.1 - pts[0].1);
                    d(a).total_cmp(&d(b))
                })
            else {
                continue;
            };
            let dir = format!(
                "{}{}",
                if dy > 0.0 { "D" } else { "U" },
                if dx > 0.0 { "R" } else { "L" }
            );
            push(
                &mut keys,
                "littlekillersum",
                json!({ "cell": name(r, c), "direction": dir, "value": value.to_string() }),
            );
            used.arrows[i] = true;
            take(&mut used, s);
        }
    }

    // Numbers beside a row or column: sandwich sums (the sum between the 1 and the 9 reads the
    // same from either end), X-sums and skyscrapers (read from the number's side), whichever one
    // of them the rules name; with two named, which is which is not drawn, and none is read.
    let beside: Vec<&str> = ["sandwich", "x-sum", "skyscraper"]
        .into_iter()
        .filter(|w| names(said, w))
        .collect();
    if let [kind] = beside[..] {
        for s in &shapes {
            if taken(&used, s) {
                continue;
            }
            let Some((r, c, value)) = outside(s) else {
                continue;
            };
            // A number an arrow starts beside is a little killer's, read or not.
            let arrowed = arrows.iter().enumerate().any(|(i, a)| {
                !used.arrows[i]
                    && points(a, "wayPoints")
                        .first()
                        .is_some_and(|p| (p.0 - s.centre.0).hypot(p.1 - s.centre.1) < 0.8)
            });
            if arrowed {
                continue;
            }
            let n_ = size as i64;
            // The line from the number's side into the grid.
            let line: Vec<usize> = if (0..n_).contains(&c) {
                let col = (0..size).map(|i| i * size + c as usize);
                if r < 0 {
                    col.collect()
                } else {
                    col.rev().collect()
                }
            } else if (0..n_).contains(&r) {
                let row = (0..size).map(|i| r as usize * size + i);
                if c < 0 {
                    row.collect()
                } else {
                    row.rev().collect()
                }
            } else {
                continue;
            };
            match kind {
                "sandwich" => {
                    let cell = if (0..n_).contains(&c) {
                        name(-1, c)
                    } else {
                        name(r, -1)
                    };
                    push(
                        &mut keys,
                        "sandwichsum",
                        json!({ "cell": cell, "value": value.to_string() }),
                    );
                }
                "x-sum" => clues.push(Clue {
                    kind: ClueKind::XSum(value),
                    cells: line,
                }),
                _ => clues.push(Clue {
                    kind: ClueKind::Skyscraper(value),
                    cells: line,
                }),
            }
            take(&mut used, s);
        }
    }

    // Dots and X/V on the edge between two cells.
    let dots = names(said, "dot") || names(said, "kropki");
    let xv = names(said, "xv") || names(said, "x") || names(said, "v");
    let mut edge_keys: Vec<(usize, &'static str, Value)> = Vec::new();
    for (k, s) in shapes.iter().enumerate() {
        // A dot is small; a letter X or V may come in a box of any size.
        if taken(&used, s) || s.text.is_none() && (s.w > 0.55 || s.h > 0.55) {
            continue;
        }
        let Some((p, q)) = s.edge(size) else {
            continue;
        };
        let cells = cell_names(&[p, q]);
        let text = s.text.as_deref().map(str::trim);
        match (text, s.rounded, s.fill) {
            (Some("X" | "x"), _, _) if xv => {
                edge_keys.push((k, "xv", json!({ "cells": cells, "value": "X" })))
            }
            (Some("V" | "v"), _, _) if xv => {
                edge_keys.push((k, "xv", json!({ "cells": cells, "value": "V" })))
            }
            (t, true, Some(fill)) if dots => {
                let value = match t {
                    None => None,
                    Some(t) => match t.parse::<u32>() {
                        Ok(v) => Some(v.to_string()),
                        Err(_) => continue,
                    },
                };
                let key = match fill {
                    Tone::White => "difference",
                    Tone::Black => "ratio",
                    _ => continue,
                };
                let mut e = json!({ "cells": cells });
                if let Some(v) = value {
                    e["value"] = Value::String(v);
                }
                edge_keys.push((k, key, e));
            }
            _ => {}
        }
    }
    for (k, key, e) in edge_keys {
        push(&mut keys, key, e);
        take(&mut used, &shapes[k]);
    }
    // A number written beside a dot as a text of its own (same centre): the dot's value.
    for key in ["difference", "ratio"] {
        let Some(Value::Array(entries)) = keys.get_mut(key) else {
            continue;
        };
        for e in entries.iter_mut() {
            if e.get("value").is_some() {
                continue;
            }
            let cells: Vec<String> = e["cells"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|c| c.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            for s in &shapes {
                if taken(&used, s)
                    || s.edge(size).map(|(p, q)| cell_names(&[p, q])) != Some(cells.clone())
                {
                    continue;
                }
                if let Some(v) = s.text.as_deref().and_then(|t| t.trim().parse::<u32>().ok()) {
                    e["value"] = Value::String(v.to_string());
                    take(&mut used, s);
                    break;
                }
            }
        }
    }
    // "All possible dots are given": for both colours of dot (a sentence naming one colour alone
    // states a rule of that colour, which is not read), and never with a "not" in the sentence
    // ("not all dots are given", "all possible dots are not given").
    let all_given = |s: &str| {
        (s.contains("all possible") || s.contains("all such"))
            && !["not", "cannot", "isn't", "aren't"]
                .iter()
                .any(|w| names(s, w))
    };
    // The negative rule here is of both colours: read where the text speaks of both (or of Kropki
    // dots, which are both), not of white dots alone ("all possible dots are given" of a puzzle of
    // white dots says nothing of ratios).
    let both_colours = names(said, "white") && names(said, "black")
        || !names(said, "white") && !names(said, "black") && names(said, "kropki");
    let negative_kropki = dots
        && both_colours
        && sentences(said).any(|s| {
            all_given(s)
                && (names(s, "dot") || names(s, "kropki"))
                && names(s, "white") == names(s, "black")
        });
    let negative_xv = xv
        && sentences(said)
            .any(|s| all_given(s) && (names(s, "xv") || names(s, "x") && names(s, "v")));

    // Quadruples: a circle on the corner of four cells, the digits written in it.
    if names(said, "quadruple") || names(said, "quad") {
        let s_ = size as f64;
        for k in 0..shapes.len() {
            let s = &shapes[k];
            let (y, x) = s.centre;
            let whole = |a: f64| near(a, a.round(), 0.08);
            if taken(&used, s)
                || !s.rounded
                || !whole(y)
                || !whole(x)
                || y.round() < 1.0
                || x.round() < 1.0
                || y.round() >= s_
                || x.round() >= s_
            {
                continue;
            }
            let (r, c) = (y.round() as usize, x.round() as usize);
            let mut texts: Vec<(f64, usize)> = shapes
                .iter()
                .enumerate()
                .filter(|(_, t)| {
                    !taken(&used, t)
                        && t.text.is_some()
                        && near(t.centre.0, y, 0.05)
                        && near(t.centre.1, x, 0.3)
                })
                .map(|(j, t)| (t.centre.1, j))
                .collect();
            texts.sort_by(|a, b| a.0.total_cmp(&b.0));
            // The values: numbers between spaces (SudokuPad writes "1 2" with a thin space);
            // on a grid of one-digit values "123" is three of them.
            let words: Vec<String> = texts
                .iter()
                .flat_map(|&(_, j)| {
                    shapes[j]
                        .text
                        .as_deref()
                        .unwrap_or("")
                        .split(|ch: char| ch.is_whitespace() || ch == ',')
                        .filter(|w| !w.is_empty())
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .collect();
            let digits: Option<Vec<u64>> = words
                .iter()
                .flat_map(|w| {
                    if size <= 9 {
                        w.chars().map(|ch| ch.to_digit(10).map(u64::from)).collect()
                    } else {
                        vec![w.parse::<u64>().ok()]
                    }
                })
                .collect();
            let Some(digits) = digits.filter(|d| !d.is_empty() && d.len() <= 4) else {
                continue;
            };
            let cells = [
                (r - 1) * size + c - 1,
                (r - 1) * size + c,
                r * size + c - 1,
                r * size + c,
            ];
            push(
                &mut keys,
                "quadruple",
                json!({ "cells": cell_names(&cells), "values": digits }),
            );
            take(&mut used, &shapes[k]);
            for &(_, j) in &texts {
                take(&mut used, &shapes[j]);
            }
        }
    }

    // Between lines: a line whose two ends are circles, where a sentence speaks of lines between
    // circles (not of the digits between the 1 and the 9 of a sandwich).
    let between = sentences(said).any(|s| {
        names(s, "between")
            && (names(s, "circle") || names(s, "between line"))
            && !names(s, "sandwich")
    });
    // The lines through cell centres not read yet, with their colour.
    let mut open: Vec<(usize, Vec<usize>, Option<Tone>)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if used.lines[i] || used.doubt[i] {
            continue;
        }
        if let Some(cells) = line_cells(&points(l, "wayPoints"), size) {
            open.push((i, cells, tone(l.get("color"))));
        }
    }
    if between {
        open.retain(|(i, cells, _)| {
            let end = |p: usize| {
                shapes.iter().position(|s| {
                    !taken(&used, s)
                        && s.rounded
                        && s.at_centre()
                        && s.w >= 0.5
                        && cell_at(s.centre, size) == Some(p)
                })
            };
            let (a, b) = (end(cells[0]), end(cells[cells.len() - 1]));
            let (Some(a), Some(b)) = (a, b) else {
                return true;
            };
            push(
                &mut keys,
                "betweenline",
                json!({ "lines": [cell_names(cells)] }),
            );
            used.lines[*i] = true;
            take(&mut used, &shapes[a]);
            take(&mut used, &shapes[b]);
            false
        });
    }
    // The other line kinds the rules name: each its colour (the rules', else f-puzzles').
    for i in named_lines(&open, said, size, &[], &mut keys, &mut clues) {
        used.lines[i] = true;
    }

    // Odd circles and even squares in a cell: grey, where a sentence says the digits in circles
    // are odd (in squares even); not a circle at the end of a line left unread (a bulb whose
    // thermometer was not read is no odd cell).
    let odd = clauses(said)
        .iter()
        .any(|s| names(s, "odd") && names(s, "circle") && !names(s, "even") && !denies(s));
    let even = clauses(said)
        .iter()
        .any(|s| names(s, "even") && names(s, "square") && !names(s, "odd") && !denies(s));
    let ends: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|&(i, _)| !used.lines[i])
        .filter_map(|(_, l)| {
            let pts = points(l, "wayPoints");
            Some([cell_at(*pts.first()?, size)?, cell_at(*pts.last()?, size)?])
        })
        .flatten()
        .collect();
    if odd || even {
        for s in &shapes {
            if taken(&used, s) || s.text.is_some() || !s.at_centre() || s.fill != Some(Tone::Grey) {
                continue;
            }
            if !(0.5..0.95).contains(&s.w) || !near(s.w, s.h, 0.05) {
                continue;
            }
            let Some(p) = cell_at(s.centre, size) else {
                continue;
            };
            let key = match (s.rounded, odd, even) {
                (true, true, _) if !ends.contains(&p) => "odd",
                (false, _, true) => "even",
                _ => continue,
            };
            push(&mut keys, key, json!({ "cell": cell_names(&[p])[0] }));
            take(&mut used, s);
        }
    }
    Shapes {
        keys,
        clues,
        negative_kropki,
        negative_xv,
        used,
    }
}

/// Lines through cell centres (an index, the cells, the colour) read as the line kinds the rules
/// text names, each kind its colour: the rules' (the one colour word of the sentences naming it),
/// else f-puzzles' for it; one kind named and every line one colour, whatever the colour. A line
/// that fits no kind, or more than one, is not read. Kinds whose f-puzzles key is in `native` (the
/// puzzle states them as rules already) are not read from drawn lines. The indices read.
fn named_lines(
    open: &[(usize, Vec<usize>, Option<Tone>)],
    said: &str,
    size: usize,
    native: &[&str],
    keys: &mut Map<String, Value>,
    clues: &mut Vec<Clue>,
) -> Vec<usize> {
    let named: Vec<(&str, Option<&'static str>, &'static str, &LineKind)> = LINE_KINDS
        .iter()
        .filter(|(w, _, _)| names(said, w))
        .map(|(w, default, kind)| (*w, colour_named(said, w), *default, kind))
        .collect();
    let cell_names = |cells: &[usize]| -> Vec<String> {
        cells
            .iter()
            .map(|&p| name((p / size) as i64, (p % size) as i64))
            .collect()
    };
    let one_tone = open.windows(2).all(|w| w[0].2 == w[1].2);
    let mut read = Vec::new();
    for (i, cells, t) in open {
        let fits: Vec<usize> = (0..named.len())
            .filter(|&k| match (named[k].1, t) {
                (Some(word), Some(t)) => covers(word, *t),
                (Some(_), None) => false,
                (None, _) if named.len() == 1 && one_tone => true,
                (None, Some(t)) => covers(named[k].2, *t),
                (None, None) => false,
            })
            .collect();
        let [k] = fits[..] else {
            continue;
        };
        let (word, _, _, kind) = named[k];
        match kind {
            LineKind::Key(key) if native.contains(key) => continue,
            LineKind::Key(key) => {
                let mut e = json!({ "lines": [cell_names(cells)] });
                if *key == "whispers" {
                    e["value"] = Value::String(whisper_difference(said, word).to_string());
                }
                keys.entry(*key)
                    .or_insert_with(|| Value::Array(Vec::new()))
                    .as_array_mut()
                    .expect("a list")
                    .push(e);
            }
            LineKind::Clue(kind) => clues.push(Clue {
                kind: kind.clone(),
                cells: cells.clone(),
            }),
        }
        read.push(*i);
    }
    read
}

/// f-puzzles' drawn lines (`line`: `lines` of cells `R1C1`, `outlineC`), which setters use for
/// the line kinds f-puzzles draws no other way (zipper, modular, entropic lines, …) with the rules
/// text naming them: read as [`named_lines`] reads SudokuPad's. What was read, as f-puzzles' keys
/// and clues, and for each `line` entry whether all of its lines were read.
pub(super) fn fpuzzles_lines(
    entries: &[Value],
    size: usize,
    said: &str,
    native: &[&str],
) -> (Map<String, Value>, Vec<Clue>, Vec<bool>) {
    let mut open = Vec::new();
    let mut owner = Vec::new();
    for (e, entry) in entries.iter().enumerate() {
        let colour = tone(entry.get("outlineC"));
        for l in entry
            .get("lines")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let cells: Option<Vec<usize>> = l
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|c| super::fpuzzles::parse_cell(c.as_str()?, size))
                        .collect()
                })
                .unwrap_or(None);
            if let Some(cells) = cells.filter(|c| c.len() >= 2) {
                open.push((owner.len(), cells, colour));
            }
            owner.push(e);
        }
    }
    let (mut keys, mut clues) = (Map::new(), Vec::new());
    let read = named_lines(&open, said, size, native, &mut keys, &mut clues);
    let mut whole = vec![true; entries.len()];
    for (k, &e) in owner.iter().enumerate() {
        if !read.contains(&k) {
            whole[e] = false;
        }
    }
    (keys, clues, whole)
}

/// The kinds whose shapes this reads, as the rules name them, with what `keys` holds when one was
/// read: a kind the rules name whose shapes were all left unread is refused by name.
pub(super) const READ_KINDS: &[(&str, &[&str])] = &[
    ("whisper", &["whispers"]),
    ("renban", &["renban"]),
    ("palindrome", &["palindrome"]),
    // Little killers first: their rules speak of arrows too.
    ("little killer", &["littlekillersum"]),
    ("arrow", &["arrow", "littlekillersum"]),
    ("sandwich", &["sandwichsum"]),
    ("between line", &["betweenline"]),
    ("region sum", &["regionsumline"]),
    ("entropic", &["entropicline"]),
    ("quadruple", &["quadruple"]),
    ("kropki", &["difference", "ratio"]),
    ("white dot", &["difference", "ratio"]),
    ("black dot", &["difference", "ratio"]),
    ("xv", &["xv"]),
];
