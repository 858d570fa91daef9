//! f-puzzles' keys for the clues of issue 43 (`difference`, `ratio`, `xv`, `arrow`,
//! `littlekillersum`, `sandwichsum`, lines, `clone`, `quadruple`, `odd`, `even`, `minimum`,
//! `maximum`, `disjointgroups`, `negative` for XV), read into [`Rules`].

use super::clues::{Clue, ClueKind};
use super::fpuzzles::{cell_list, field, list, parse_cell};
use super::{Geometry, Rules};
use crate::problems::InputError;
use serde_json::{Map, Value};

/// The keys read here.
pub const KEYS: &[&str] = &[
    "difference",
    "ratio",
    "xv",
    "arrow",
    "littlekillersum",
    "sandwichsum",
    "palindrome",
    "renban",
    "whispers",
    "betweenline",
    "regionsumline",
    "entropicline",
    "clone",
    "quadruple",
    "odd",
    "even",
    "minimum",
    "maximum",
    "disjointgroups",
    "negative",
];

/// A number written as f-puzzles writes values: a string or a number; `None` for none or "".
fn value(e: &Value, what: &str) -> Result<Option<u32>, InputError> {
    match e.get("value") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<u32>()
            .map(Some)
            .map_err(|_| InputError::new(format!("{what}.value: `{s}` is not a whole number"))),
        Some(Value::Number(x)) => x
            .as_u64()
            .and_then(|x| u32::try_from(x).ok())
            .map(Some)
            .ok_or_else(|| InputError::new(format!("{what}.value: {x} is not a whole number"))),
        Some(_) => Err(InputError::new(format!("{what}.value: expected a number"))),
    }
}

fn small(v: u32, what: &str) -> Result<u8, InputError> {
    u8::try_from(v).map_err(|_| InputError::new(format!("{what}.value: {v} is too large")))
}

/// The lines of an entry (`lines`: lists of cells).
fn lines(e: &Value, size: usize, what: &str) -> Result<Vec<Vec<usize>>, InputError> {
    let Value::Array(lines) = field(e, "lines", what)? else {
        return Err(InputError::new(format!(
            "{what}.lines: expected a list of lines of cells"
        )));
    };
    lines
        .iter()
        .enumerate()
        .map(|(j, l)| cell_list(l, size, &format!("{what}.lines[{j}]")))
        .collect()
}

fn one_cell(e: &Value, size: usize, what: &str) -> Result<usize, InputError> {
    let name = field(e, "cell", what)?.as_str().unwrap_or("");
    parse_cell(name, size)
        .ok_or_else(|| InputError::new(format!("{what}.cell: `{name}` is not a cell of the grid")))
}

/// A clue outside the grid, `R0C3` (above column 3) or `R4C0` (left of row 4) and the like: its
/// row and column, from 0 to N + 1.
fn outside(e: &Value, what: &str) -> Result<(i32, i32), InputError> {
    let name = field(e, "cell", what)?.as_str().unwrap_or("").to_string();
    let bad = || {
        InputError::new(format!(
            "{what}.cell: `{name}` is not a cell beside the grid"
        ))
    };
    let rest = name.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let (r, c) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
    Ok((r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?))
}

/// Reads every key of [`KEYS`] present in `obj` into `rules`.
pub fn read(obj: &Map<String, Value>, g: Geometry, rules: &mut Rules) -> Result<(), InputError> {
    let size = g.size();
    let n = size as i32;
    let mut push = |kind: ClueKind, cells: Vec<usize>| rules.clues.push(Clue { kind, cells });
    for (key, kind_of) in [("difference", 0), ("ratio", 1), ("xv", 2)] {
        for (k, e) in list(obj, key)?.iter().enumerate() {
            let what = format!("{key}[{k}]");
            let cells = cell_list(field(e, "cells", &what)?, size, &format!("{what}.cells"))?;
            let kind = match kind_of {
                0 => ClueKind::Difference(small(value(e, &what)?.unwrap_or(1), &what)?),
                1 => ClueKind::Ratio(small(value(e, &what)?.unwrap_or(2), &what)?),
                _ => match e.get("value").and_then(Value::as_str).map(str::trim) {
                    Some("X") | Some("x") => ClueKind::PairSum(10),
                    Some("V") | Some("v") => ClueKind::PairSum(5),
                    _ => {
                        return Err(InputError::new(format!(
                            "{what}.value: expected \"X\" or \"V\""
                        )))
                    }
                },
            };
            push(kind, cells);
        }
    }
    for (k, e) in list(obj, "arrow")?.iter().enumerate() {
        let what = format!("arrow[{k}]");
        let mut circle = cell_list(field(e, "cells", &what)?, size, &format!("{what}.cells"))?;
        circle.sort_unstable();
        for line in lines(e, size, &what)? {
            let arrow: Vec<usize> = line.into_iter().filter(|p| !circle.contains(p)).collect();
            let mut cells = circle.clone();
            cells.extend(arrow);
            push(
                ClueKind::Arrow {
                    circle: circle.len(),
                },
                cells,
            );
        }
    }
    for (k, e) in list(obj, "littlekillersum")?.iter().enumerate() {
        let what = format!("littlekillersum[{k}]");
        let Some(sum) = value(e, &what)? else {
            continue;
        };
        let cells = match e.get("cells") {
            Some(v @ Value::Array(a)) if !a.is_empty() => {
                cell_list(v, size, &format!("{what}.cells"))?
            }
            _ => {
                let (r, c) = outside(e, &what)?;
                let dir = e.get("direction").and_then(Value::as_str).unwrap_or("");
                let (dr, dc) = match dir {
                    "UL" => (-1, -1),
                    "UR" => (-1, 1),
                    "DL" => (1, -1),
                    "DR" => (1, 1),
                    _ => {
                        return Err(InputError::new(format!(
                            "{what}.direction: expected UL, UR, DL or DR"
                        )))
                    }
                };
                let (mut r, mut c) = (r - 1 + dr, c - 1 + dc);
                let mut cells = Vec::new();
                while (0..n).contains(&r) && (0..n).contains(&c) {
                    cells.push((r * n + c) as usize);
                    r += dr;
                    c += dc;
                }
                cells
            }
        };
        if cells.is_empty() {
            return Err(InputError::new(format!("{what}: its diagonal has no cell")));
        }
        push(ClueKind::LittleKiller(sum), cells);
    }
    for (k, e) in list(obj, "sandwichsum")?.iter().enumerate() {
        let what = format!("sandwichsum[{k}]");
        let Some(sum) = value(e, &what)? else {
            continue;
        };
        let (r, c) = outside(e, &what)?;
        let cells: Vec<usize> = if r == 0 && (1..=n).contains(&c) {
            (0..size).map(|i| i * size + c as usize - 1).collect()
        } else if c == 0 && (1..=n).contains(&r) {
            (0..size).map(|i| (r as usize - 1) * size + i).collect()
        } else {
            return Err(InputError::new(format!(
                "{what}.cell: a sandwich sum stands above a column or left of a row"
            )));
        };
        push(ClueKind::Sandwich(sum), cells);
    }
    for (key, kind) in [
        ("palindrome", ClueKind::Palindrome),
        ("renban", ClueKind::Renban),
        ("betweenline", ClueKind::Between),
        ("regionsumline", ClueKind::RegionSum),
        ("entropicline", ClueKind::Entropic),
        ("whispers", ClueKind::Whisper(5)),
    ] {
        for (k, e) in list(obj, key)?.iter().enumerate() {
            let what = format!("{key}[{k}]");
            let kind = match kind {
                ClueKind::Whisper(_) => {
                    ClueKind::Whisper(small(value(e, &what)?.unwrap_or(5), &what)?)
                }
                ref other => other.clone(),
            };
            for line in lines(e, size, &what)? {
                push(kind.clone(), line);
            }
        }
    }
    for (k, e) in list(obj, "clone")?.iter().enumerate() {
        let what = format!("clone[{k}]");
        let mut cells = cell_list(field(e, "cells", &what)?, size, &format!("{what}.cells"))?;
        let twin = cell_list(
            field(e, "cloneCells", &what)?,
            size,
            &format!("{what}.cloneCells"),
        )?;
        if twin.len() != cells.len() {
            return Err(InputError::new(format!(
                "{what}: `cells` and `cloneCells` differ in length"
            )));
        }
        cells.extend(twin);
        push(ClueKind::Clone, cells);
    }
    for (k, e) in list(obj, "quadruple")?.iter().enumerate() {
        let what = format!("quadruple[{k}]");
        let mut cells = cell_list(field(e, "cells", &what)?, size, &format!("{what}.cells"))?;
        cells.sort_unstable();
        let Value::Array(vals) = field(e, "values", &what)? else {
            return Err(InputError::new(format!(
                "{what}.values: expected a list of digits"
            )));
        };
        let digits = vals
            .iter()
            .map(|v| {
                v.as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                    .and_then(|d| u8::try_from(d).ok())
                    .ok_or_else(|| InputError::new(format!("{what}.values: `{v}` is not a digit")))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        push(ClueKind::Quad(digits), cells);
    }
    for (key, less) in [("minimum", true), ("maximum", false)] {
        for (k, e) in list(obj, key)?.iter().enumerate() {
            let what = format!("{key}[{k}]");
            let p = one_cell(e, size, &what)?;
            let (r, c) = ((p / size) as i32, (p % size) as i32);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n).contains(&r2) && (0..n).contains(&c2) {
                    let q = (r2 * n + c2) as usize;
                    push(ClueKind::Less, if less { vec![p, q] } else { vec![q, p] });
                }
            }
        }
    }
    for (key, parity) in [("odd", 1u32), ("even", 0u32)] {
        for (k, e) in list(obj, key)?.iter().enumerate() {
            let what = format!("{key}[{k}]");
            let p = one_cell(e, size, &what)?;
            let mask = (1..=size as u32)
                .filter(|v| v % 2 == parity)
                .fold(0u32, |m, v| m | 1 << (v - 1));
            rules.candidates.push((p, mask));
        }
    }
    match obj.get("disjointgroups") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => {}
        Some(Value::Bool(true)) if g.has_boxes() => {
            for pos in 0..size {
                rules
                    .extra_regions
                    .push((0..size).map(|b| g.box_cell(b, pos)).collect());
            }
        }
        Some(Value::Bool(true)) => {
            return Err(InputError::new(format!(
                "disjoint groups on a {size}x{size} grid (no boxes) are not supported"
            )))
        }
        Some(_) => return Err(InputError::new("disjointgroups: expected true or false")),
    }
    // f-puzzles' negative constraints: "no X or V means not 10 or 5", and of the dots, "no white
    // dot means not consecutive, no black dot not double". Both dots together are read as the
    // negative Kropki rule (a pair with no dot at all is neither), which asks no more than
    // f-puzzles' (a white dot's pair may be double there), so it keeps the puzzle's solution; one
    // of them alone would ask more, and is refused.
    let negative: Vec<&str> = list(obj, "negative")?
        .iter()
        .map(|v| v.as_str().unwrap_or("?"))
        .collect();
    for &k in &negative {
        match k {
            "xv" => rules.negative_xv = true,
            "ratio" | "difference"
                if negative.contains(&"ratio") && negative.contains(&"difference") =>
            {
                rules.negative_kropki = true
            }
            "ratio" | "difference" => {
                return Err(InputError::new(format!(
                    "negative constraints (`{k}` alone) are not supported: `xv`, and `ratio` with \
                     `difference` (all dots given), are read"
                )))
            }
            other => {
                return Err(InputError::new(format!(
                    "negative constraints (`{other}`) are not supported: `xv`, and `ratio` with \
                     `difference` (all dots given), are read"
                )))
            }
        }
    }
    Ok(())
}
