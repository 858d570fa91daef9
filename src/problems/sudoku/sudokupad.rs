//! SudokuPad's links and payloads (issue 42): `https://sudokupad.app/<payload>`,
//! `…/?puzzleid=<payload>`, `…/sudoku/<payload>`, and the same on crackingthecryptic.com.
//!
//! - `fpuzzles…` and `fpuz…`: f-puzzles JSON, read by [`fpuzzles`](super::fpuzzles).
//! - `scl…` and `ctc…`: SudokuPad's own JSON, lz-string base64, in its zipped form (SudokuPad's
//!   `PuzzleZipper`): keys without quotes, strings in single quotes, `t`/`f` for true/false, an
//!   empty object written as nothing between commas, colours without their `#`, and short keys
//!   (`ce` cells, `re` regions, `ca` cages, `l` lines, `a` arrows, `u` underlays, `o` overlays,
//!   `v` value, `wp` wayPoints, `c` color, …). Plain JSON is read too.
//! - A short id (`sudokupad.app/abc123`) names a puzzle kept on SudokuPad's server: reading it
//!   needs the network, which this does not use; the message says what to paste instead.
//!
//! SudokuPad draws most rules as generic shapes, so a shape is read as a rule only where
//! SudokuPad's own conventions make it one: `cells[r][c].value` givens, `regions` (the boxes, or a
//! jigsaw), cages with a sum (killer; SudokuPad draws them dashed), cages styled `killer` without a
//! sum (digits differ), `extraregion` and `windoku` cages, disjoint groups; a thermometer is a line
//! with a round bulb under one end, and is read so only when the rules text speaks of thermometers;
//! the diagonals are the corner-to-corner lines of an X puzzle whose rules name the diagonals.
//! The other shapes are read as the kinds the rules text names ([`super::sudokupad_shapes`]:
//! arrows, dots, lines by colour, …); a kind named with no shape read, or one whose shapes are
//! never read ("the rules speak of skyscrapers, which are not supported"), is refused by name.
//! Every other shape is drawn only; the verdict says so ([`Sudoku::unread`](super::Sudoku::unread)).

use super::clues::ClueKind;
use super::fpuzzles::{self, Read};
use super::geometry::sizes_words;
use super::variants::{Cage, Rules};
use super::{fpuzzles_clues, rules_text, sudokupad_shapes};
use super::{Geometry, Grid, Reading, Source};
use crate::problems::InputError;
use serde_json::{Map, Value};

/// Whether a text is a SudokuPad (or Cracking the Cryptic) link.
pub fn looks_like(text: &str) -> bool {
    // The host is at the start: only a head is lowered, not a pasted text of megabytes.
    let lower: String = text
        .trim_start()
        .chars()
        .take(64)
        .collect::<String>()
        .to_ascii_lowercase();
    let host = lower
        .trim_start_matches("https://")
        .trim_start_matches("http://")
        .trim_start_matches("www.");
    host.starts_with("sudokupad.app")
        || host.starts_with("app.crackingthecryptic.com")
        || host.starts_with("crackingthecryptic.com")
        || host.starts_with("beta.sudokupad.app")
        || lower.starts_with("sudokupad://")
}

/// The payload of a link: after `puzzleid=`, else the last segment of its path.
fn payload(link: &str) -> Result<String, InputError> {
    let t = link.trim();
    let lower = t.to_ascii_lowercase();
    let rest = if let Some(i) = lower.find("puzzleid=") {
        &t[i + 9..]
    } else {
        let no_scheme = t.split_once("://").map_or(t, |(_, r)| r);
        // Past the host: the path (without its query and fragment) and its last segment.
        let path = no_scheme.split_once('/').map_or("", |(_, p)| p);
        let path = path.split(['?', '#']).next().unwrap_or("");
        // A payload may hold `/` (base64); it starts at the first segment that names a format,
        // else it is the last segment.
        let segments: Vec<&str> = path.split('/').collect();
        match segments.iter().position(|s| {
            let s = s.to_ascii_lowercase();
            ["scl", "ctc", "fpuz"].iter().any(|p| s.starts_with(p))
        }) {
            Some(k) => {
                let start = segments[..k].iter().map(|s| s.len() + 1).sum::<usize>();
                &path[start..]
            }
            None => segments.last().copied().unwrap_or(""),
        }
    };
    let end = rest.find(['&', '#']).unwrap_or(rest.len());
    let p = rest[..end].trim();
    if p.len() > fpuzzles::MAX_PAYLOAD {
        return Err(InputError::new(format!(
            "the link's puzzle is {} characters long, more than the {} read",
            p.len(),
            fpuzzles::MAX_PAYLOAD
        )));
    }
    fpuzzles::percent_decode(p)
}

/// Reads a SudokuPad link.
pub fn read(text: &str) -> Result<Read, InputError> {
    let p = payload(text)?;
    let lower = p.to_ascii_lowercase();
    if let Some(rest) = strip(&p, &lower, "fpuzzles").or_else(|| strip(&p, &lower, "fpuz")) {
        let mut r = fpuzzles::read_payload(rest, Source::SudokuPadLink)?;
        r.grid.reading.source = Source::SudokuPadLink;
        return Ok(r);
    }
    if let Some(rest) = strip(&p, &lower, "scl").or_else(|| strip(&p, &lower, "ctc")) {
        let read = |json: &str| {
            read_native(json).map_err(|e| InputError {
                message: format!("in the link's puzzle: {}", e.message),
                line: None,
                column: None,
                cells: e.cells,
            })
        };
        return fpuzzles::read_lz(rest, read, |_| true);
    }
    if p.is_empty() {
        return Err(InputError::new(
            "this SudokuPad link carries no puzzle: expected sudokupad.app/scl…, …/fpuzzles…, or \
             ?puzzleid=…",
        ));
    }
    if p.starts_with("scf") || p.starts_with("pack") {
        return Err(InputError::new(format!(
            "SudokuPad's `{}` payloads are not supported: open the puzzle in SudokuPad and copy \
             its long link (Settings, \"Copy puzzle link\" or the f-puzzles export)",
            &p[..if p.starts_with("scf") { 3 } else { 4 }]
        )));
    }
    Err(InputError::new(format!(
        "`{p}` is a SudokuPad short id: the puzzle is kept on SudokuPad's server, and reading it \
         would need the network, which dlx does not use. Open the link in SudokuPad and paste its \
         long form (a link with `scl…` or `fpuzzles…` after sudokupad.app/), or the f-puzzles \
         link or JSON"
    )))
}

fn strip<'a>(p: &'a str, lower: &str, prefix: &str) -> Option<&'a str> {
    lower.starts_with(prefix).then(|| &p[prefix.len()..])
}

/// SudokuPad's short keys (its `PuzzleZipper`), each with the key it stands for.
const SHORT_KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The most nesting read: SudokuPad's JSON is a few levels deep; a crafted one is not read deeper.
const MAX_DEPTH: usize = 64;

/// A reader of SudokuPad's JSON in its zipped form and as plain JSON (see the module docs).
struct Relaxed<'a> {
    s: &'a [u8],
    i: usize,
}

impl Relaxed<'_> {
    fn err(&self, what: &str) -> InputError {
        InputError::new(format!(
            "SudokuPad's puzzle does not read at character {}: {what}",
            self.i + 1
        ))
    }
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }
    fn value(&mut self, depth: usize, after_colon: bool) -> Result<Value, InputError> {
        if depth > MAX_DEPTH {
            return Err(self.err("nested too deep"));
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(q @ (b'"' | b'\'')) => Ok(Value::String(self.string(q)?)),
            Some(_) => {
                let start = self.i;
                while self.i < self.s.len() && !b",:}]".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.i])
                    .map_err(|_| self.err("not UTF-8"))?
                    .trim();
                Ok(match word {
                    "t" | "true" => Value::Bool(true),
                    "f" | "false" => Value::Bool(false),
                    "null" => Value::Null,
                    "#0" => Value::String("#000000".into()),
                    "#F" => Value::String("#FFFFFF".into()),
                    // A colour without its `#` (as a value of a key only, as SudokuPad zips it).
                    w if after_colon
                        && w.len() == 6
                        && w.bytes().all(|b| b.is_ascii_hexdigit())
                        && !w.bytes().all(|b| b.is_ascii_digit()) =>
                    {
                        Value::String(format!("#{w}"))
                    }
                    w => match serde_json::from_str::<serde_json::Number>(w) {
                        Ok(n) => Value::Number(n),
                        Err(_) => Value::String(w.to_string()),
                    },
                })
            }
            None => Err(self.err("it ends early")),
        }
    }
    fn string(&mut self, q: u8) -> Result<String, InputError> {
        self.i += 1;
        let mut out = Vec::new();
        while let Some(&b) = self.s.get(self.i) {
            self.i += 1;
            if b == q {
                return String::from_utf8(out).map_err(|_| self.err("not UTF-8"));
            }
            if b == b'\\' {
                let Some(&e) = self.s.get(self.i) else { break };
                self.i += 1;
                match e {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'u' => {
                        let hex = self
                            .s
                            .get(self.i..self.i + 4)
                            .and_then(|h| std::str::from_utf8(h).ok())
                            .and_then(|h| u32::from_str_radix(h, 16).ok())
                            .ok_or_else(|| self.err("a bad \\u escape"))?;
                        self.i += 4;
                        let ch = char::from_u32(hex).unwrap_or('\u{fffd}');
                        out.extend_from_slice(ch.to_string().as_bytes());
                    }
                    other => out.push(other),
                }
            } else {
                out.push(b);
            }
        }
        Err(self.err("a string is not closed"))
    }
    fn key(&mut self) -> Result<String, InputError> {
        match self.peek() {
            Some(q @ (b'"' | b'\'')) => self.string(q),
            Some(_) => {
                let start = self.i;
                while self.i < self.s.len() && self.s[self.i] != b':' && self.s[self.i] != b'}' {
                    self.i += 1;
                }
                Ok(String::from_utf8_lossy(&self.s[start..self.i])
                    .trim()
                    .to_string())
            }
            None => Err(self.err("it ends early")),
        }
    }
    fn object(&mut self, depth: usize) -> Result<Value, InputError> {
        self.i += 1;
        let mut out = Map::new();
        loop {
            match self.peek() {
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Object(out));
                }
                // `{_}`: SudokuPad's unzip reads a lone empty slot as an empty object.
                Some(b',') => {
                    self.i += 1;
                    continue;
                }
                None => return Err(self.err("an object is not closed")),
                _ => {}
            }
            let k = self.key()?;
            if self.peek() != Some(b':') {
                return Err(self.err(&format!("expected `:` after the key `{k}`")));
            }
            self.i += 1;
            let v = self.value(depth + 1, true)?;
            let k = SHORT_KEYS
                .iter()
                .find(|(short, _)| *short == k)
                .map_or(k, |(_, long)| (*long).to_string());
            out.insert(k, v);
        }
    }
    fn array(&mut self, depth: usize) -> Result<Value, InputError> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            // An empty slot (before `,` or `]`) is an empty object, as SudokuPad zips `{}`.
            match self.peek() {
                Some(b',') => {
                    self.i += 1;
                    out.push(Value::Object(Map::new()));
                    continue;
                }
                Some(b']') => {
                    self.i += 1;
                    let trailing_empty = self.s[..self.i - 1]
                        .iter()
                        .rev()
                        .find(|b| !b.is_ascii_whitespace())
                        .is_some_and(|&b| b == b',' || b == b'[');
                    if trailing_empty {
                        out.push(Value::Object(Map::new()));
                    }
                    return Ok(Value::Array(out));
                }
                None => return Err(self.err("a list is not closed")),
                _ => {}
            }
            out.push(self.value(depth + 1, false)?);
            match self.peek() {
                Some(b',') => {
                    self.i += 1;
                    if self.peek() == Some(b']') {
                        // `[1,]`: the slot after the comma is an empty object too.
                        out.push(Value::Object(Map::new()));
                        self.i += 1;
                        return Ok(Value::Array(out));
                    }
                }
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::Array(out));
                }
                _ => return Err(self.err("expected `,` or `]` in a list")),
            }
        }
    }
}

/// SudokuPad's JSON, zipped or plain, as a value with its long keys.
pub fn unzip(text: &str) -> Result<Value, InputError> {
    let mut r = Relaxed {
        s: text.as_bytes(),
        i: 0,
    };
    let v = r.value(0, false)?;
    if r.peek().is_some() {
        return Err(r.err("more after the puzzle"));
    }
    Ok(v)
}

/// Kinds the rules text may name whose shapes are not read, with the words for the message: the
/// text is what tells a drawn line's meaning in SudokuPad, so a rule it names is refused, not
/// ignored.
const NAMED_IN_RULES: &[(&str, &str)] = &[
    ("parity", "parity lines"),
    ("indexing", "indexing"),
    ("fog", "fog of war"),
];

/// The words for the kinds whose shapes are read ([`sudokupad_shapes::READ_KINDS`]), for the
/// message when the rules name one and no shape was read as one.
const READ_WORDS: &[(&str, &str)] = &[
    ("whisper", "German whispers"),
    ("renban", "renban lines"),
    ("palindrome", "palindromes"),
    ("arrow", "arrows"),
    ("kropki", "Kropki dots"),
    ("white dot", "Kropki dots"),
    ("black dot", "Kropki dots"),
    ("sandwich", "sandwich sums"),
    ("little killer", "little killers"),
    ("between line", "between lines"),
    ("region sum", "region sum lines"),
    ("entropic", "entropic lines"),
    ("quadruple", "quadruples"),
    ("xv", "XV sums"),
];

/// A cell `[r, c]` (from 0) of an N×N grid.
fn cell(v: &Value, size: usize, what: &str) -> Result<usize, InputError> {
    let rc = v
        .as_array()
        .filter(|a| a.len() == 2)
        .and_then(|a| Some((a[0].as_f64()?, a[1].as_f64()?)));
    match rc {
        Some((r, c))
            if r.fract() == 0.0
                && c.fract() == 0.0
                && (0.0..size as f64).contains(&r)
                && (0.0..size as f64).contains(&c) =>
        {
            Ok(r as usize * size + c as usize)
        }
        _ => Err(InputError::new(format!(
            "{what}: {v} is not a cell of a {size}x{size} grid ([row, column] from 0)"
        ))),
    }
}

fn cells(v: Option<&Value>, size: usize, what: &str) -> Result<Vec<usize>, InputError> {
    match v {
        Some(Value::Array(a)) => a.iter().map(|c| cell(c, size, what)).collect(),
        None => Ok(Vec::new()),
        Some(_) => Err(InputError::new(format!("{what}: expected a list of cells"))),
    }
}

fn list<'a>(obj: &'a Map<String, Value>, key: &str) -> &'a [Value] {
    obj.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Reads SudokuPad's puzzle JSON (zipped or plain).
fn read_native(text: &str) -> Result<Read, InputError> {
    let v = unzip(text)?;
    let Value::Object(obj) = v else {
        return Err(InputError::new("SudokuPad's puzzle is not an object"));
    };
    let rows = list(&obj, "cells");
    let size = rows.len();
    let n = Geometry::of_size(size).map_err(|_| {
        InputError::new(format!(
            "a {size}-row SudokuPad grid is not supported: Sudokus here are {}",
            sizes_words()
        ))
    })?;
    let mut givens = vec![0u8; size * size];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().map_or(&[][..], Vec::as_slice);
        if row.len() != size {
            return Err(InputError::new(format!(
                "cells[{r}] has {} cells; a {size}x{size} grid has {size}",
                row.len()
            )));
        }
        for (c, cell) in row.iter().enumerate() {
            let v = match cell.get("value") {
                None | Some(Value::Null) => continue,
                Some(Value::Number(x)) => x.as_u64(),
                Some(Value::String(s)) if s.trim().is_empty() => continue,
                Some(Value::String(s)) => s.trim().parse().ok(),
                Some(_) => None,
            };
            match v.filter(|&v| (1..=size as u64).contains(&v)) {
                Some(v) => givens[r * size + c] = v as u8,
                None => {
                    return Err(InputError::new(format!(
                        "cells[{r}][{c}] (r{}c{}): value {} is not a digit 1-{size}",
                        r + 1,
                        c + 1,
                        cell["value"]
                    )))
                }
            }
        }
    }
    // The metadata: `metadata`, and cages without cells whose value is `key: value`.
    let mut rules_text = String::new();
    let mut title = None;
    let meta = obj.get("metadata").or_else(|| obj.get("metaData"));
    if let Some(m) = meta {
        if let Some(r) = m.get("rules") {
            rules_text.push_str(&match r {
                Value::Array(a) => a
                    .iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .join(" "),
                other => other.as_str().unwrap_or("").to_string(),
            });
        }
        title = m.get("title").and_then(Value::as_str).map(str::to_string);
    }
    for c in list(&obj, "cages") {
        if c.get("cells")
            .and_then(Value::as_array)
            .is_none_or(|a| a.is_empty())
        {
            if let Some(s) = c.get("value").and_then(Value::as_str) {
                if let Some((k, v)) = s.split_once(':') {
                    match k.trim() {
                        "rules" => {
                            rules_text.push(' ');
                            rules_text.push_str(v.trim());
                        }
                        "title" if title.is_none() => title = Some(v.trim().to_string()),
                        _ => {}
                    }
                }
            }
        }
    }
    let said = rules_text.to_ascii_lowercase();
    // Whole words only ("odd" not in "oddly" is still an odd cell; "even" not in "seven").
    for &(word, what) in NAMED_IN_RULES {
        if rules_text::names(&said, word) {
            return Err(InputError::new(format!(
                "the puzzle's rules speak of {what}, which are not supported"
            )));
        }
    }
    let mut rules = Rules::default();
    let mut skipped: Vec<(String, usize)> = Vec::new();
    let mut skip = |what: &str| match skipped.iter_mut().find(|(w, _)| w == what) {
        Some((_, k)) => *k += 1,
        None => skipped.push((what.to_string(), 1)),
    };
    // Regions: the boxes, a jigsaw, or none given (the boxes, as SudokuPad draws none then).
    let regions = list(&obj, "regions");
    if !regions.is_empty() {
        if regions.len() != size {
            return Err(InputError::new(format!(
                "{} regions; a {size}x{size} Sudoku has {size}",
                regions.len()
            )));
        }
        let mut of = vec![u8::MAX; size * size];
        for (g, region) in regions.iter().enumerate() {
            let what = format!("regions[{g}]");
            let cs = cells(Some(region), size, &what)?;
            if cs.len() != size {
                return Err(InputError::new(format!(
                    "{what} has {} cells; each region has {size}",
                    cs.len()
                )));
            }
            for p in cs {
                if of[p] != u8::MAX {
                    return Err(InputError::new(format!(
                        "{what}: r{}c{} is in two regions",
                        p / size + 1,
                        p % size + 1
                    )));
                }
                of[p] = g as u8;
            }
        }
        // The boxes, in whatever order the regions come, are no jigsaw.
        let boxes = n.has_boxes()
            && (0..size * size).all(|p| {
                (0..size * size).all(|q| (of[p] == of[q]) == (n.box_of(p) == n.box_of(q)))
            });
        if !boxes {
            rules.regions = Some(of);
        }
    }
    for (k, c) in list(&obj, "cages").iter().enumerate() {
        let what = format!("cages[{k}]");
        let cs = cells(c.get("cells"), size, &what)?;
        if cs.is_empty() {
            continue;
        }
        let style = c.get("style").and_then(Value::as_str).unwrap_or("");
        let kind = c.get("type").and_then(Value::as_str).unwrap_or("");
        let value = match c.get("value") {
            Some(Value::Number(x)) => Some(x.to_string()),
            Some(Value::String(s)) => Some(s.trim().to_string()),
            _ => None,
        };
        let sum = value.as_deref().and_then(|v| v.parse::<u32>().ok());
        match (style, kind) {
            (_, "rowcol") => {}
            ("extraregion" | "windoku", _) | (_, "disjoint") => rules.extra_regions.push(cs),
            ("killer", _) => rules.cages.push(Cage { cells: cs, sum }),
            ("", _) if sum.is_some() => rules.cages.push(Cage { cells: cs, sum }),
            _ => skip("cage"),
        }
    }
    // Four extra regions that are the windoku windows are a windoku (as f-puzzles' reader says).
    rules.windoku_from_extra_regions(n);
    let thermo_rules = said.contains("thermo");
    let diagonal_rules = said.contains("diagonal");
    let underlays = list(&obj, "underlays");
    // The round shapes on a cell that may be a thermometer's bulb (filled, not white: a white
    // circle is an arrow's or a between line's), with their fill and which shape each is.
    let overlays = list(&obj, "overlays");
    let bulbs: Vec<(usize, bool, usize, Option<&Value>)> = underlays
        .iter()
        .map(|u| (false, u))
        .enumerate()
        .chain(overlays.iter().map(|o| (true, o)).enumerate())
        .filter(|(_, (_, u))| u.get("rounded").is_some_and(|r| r == &Value::Bool(true)))
        .filter(|(_, (_, u))| u.get("width").and_then(Value::as_f64).unwrap_or(1.0) >= 0.5)
        .filter(|(_, (_, u))| rules_text::is_filled(u.get("backgroundColor")))
        .filter_map(|(k, (over, u))| {
            let at = sudokupad_shapes::point(u.get("center")?)?;
            let cell = sudokupad_shapes::centre_cell(at, size, 0.08)?;
            Some((cell, over, k, u.get("backgroundColor")))
        })
        .collect();
    let mut used = sudokupad_shapes::Used::default();
    used.underlays.resize(underlays.len(), false);
    used.overlays.resize(overlays.len(), false);
    for (i, line) in list(&obj, "lines").iter().enumerate() {
        used.lines.push(true);
        let pts: Vec<(f64, f64)> = line
            .get("wayPoints")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|p| Some((p.get(0)?.as_f64()?, p.get(1)?.as_f64()?)))
                    .collect()
            })
            .unwrap_or_default();
        let s = size as f64;
        if diagonal_rules && pts.len() == 2 {
            let ends = (pts[0], pts[1]);
            let corner = |a: (f64, f64), b: (f64, f64)| ends == (a, b) || ends == (b, a);
            if corner((0.0, 0.0), (s, s)) {
                rules.diagonal_neg = true;
                continue;
            }
            if corner((s, 0.0), (0.0, s)) {
                rules.diagonal_pos = true;
                continue;
            }
        }
        if thermo_rules {
            let pts = sudokupad_shapes::points(line, "wayPoints");
            if let Some(mut cs) = sudokupad_shapes::line_cells(&pts, size) {
                // A bulb is the line's colour (a grey thermometer, a grey bulb): a green line
                // from a grey odd circle is no thermometer.
                let bulb = |p: usize| {
                    bulbs.iter().position(|&(q, _, _, fill)| {
                        q == p && rules_text::same_tone(fill, line.get("color"))
                    })
                };
                if cs.len() >= 2 {
                    if bulb(*cs.last().unwrap()).is_some() && bulb(cs[0]).is_none() {
                        cs.reverse();
                    }
                    if let Some(b) = bulb(cs[0]) {
                        if sudokupad_shapes::thermo_in_doubt(&said, line.get("color")) {
                            // Read as no kind, and counted as not read.
                            used.doubt.resize(i + 1, false);
                            used.doubt[i] = true;
                            used.lines[i] = false;
                            continue;
                        }
                        cs.dedup();
                        rules.thermos.push(cs);
                        let (_, over, k, _) = bulbs[b];
                        if over {
                            used.overlays[k] = true;
                        } else {
                            used.underlays[k] = true;
                        }
                        continue;
                    }
                }
            }
        }
        used.lines[i] = false;
    }
    if obj.get("diagonal+") == Some(&Value::Bool(true)) {
        rules.diagonal_pos = true;
    }
    if obj.get("diagonal-") == Some(&Value::Bool(true)) {
        rules.diagonal_neg = true;
    }
    for g in list(&obj, "global") {
        match g.as_str().unwrap_or("") {
            "antiknight" => rules.anti_knight = true,
            "antiking" => rules.anti_king = true,
            "nonconsecutive" => rules.non_consecutive = true,
            "disjoint" | "disjointgroups" => {}
            other => {
                return Err(InputError::new(format!(
                    "SudokuPad's global rule `{other}` is not supported"
                )))
            }
        }
    }
    // The other shapes: read as the rules the text names, else drawn only.
    let shapes = sudokupad_shapes::read(&obj, size, &said, used);
    // (Its messages name f-puzzles' keys: say where they come from.)
    fpuzzles_clues::read(&shapes.keys, n, &mut rules).map_err(|e| {
        InputError::new(format!(
            "the shapes read as rules, written as f-puzzles writes them: {}",
            e.message
        ))
    })?;
    rules.clues.extend(shapes.clues.iter().cloned());
    rules.negative_kropki |= shapes.negative_kropki;
    rules.negative_xv |= shapes.negative_xv;
    let read_kind = |keys: &[&str]| keys.iter().any(|k| shapes.keys.contains_key(*k));
    for &(word, keys) in sudokupad_shapes::READ_KINDS {
        if rules_text::names(&said, word) && !read_kind(keys) {
            let what = READ_WORDS
                .iter()
                .find(|(w, _)| *w == word)
                .map_or(word, |(_, what)| what);
            return Err(InputError::new(format!(
                "the puzzle's rules speak of {what}, but none of its shapes was read as one \
                 (SudokuPad draws each rule as shapes; these are not drawn as f-puzzles draws them)"
            )));
        }
    }
    let kind_of = |k: &ClueKind| std::mem::discriminant(k);
    for (kind, word, what) in [
        (ClueKind::Zipper, "zipper", "zipper lines"),
        (ClueKind::Modular(3), "modular", "modular lines"),
        (ClueKind::XSum(0), "x-sum", "X-sums"),
        (ClueKind::Skyscraper(0), "skyscraper", "skyscrapers"),
    ] {
        let read = shapes
            .clues
            .iter()
            .any(|c| kind_of(&c.kind) == kind_of(&kind));
        if rules_text::names(&said, word) && !read {
            return Err(InputError::new(format!(
                "the puzzle's rules speak of {what}, but none of its shapes was read as one \
                 (SudokuPad draws each rule as shapes; these are not drawn as f-puzzles draws them)"
            )));
        }
    }
    // The shapes left unread, each counted once; an empty one (`[]` unzips to `[{}]`) draws nothing.
    let u = &shapes.used;
    for (what, key, flags) in [
        ("line", "lines", &u.lines),
        ("arrow", "arrows", &u.arrows),
        ("underlay", "underlays", &u.underlays),
        ("overlay", "overlays", &u.overlays),
    ] {
        let drawn = list(&obj, key)
            .iter()
            .map(|v| v.as_object().is_none_or(|o| !o.is_empty()));
        for _ in flags.iter().zip(drawn).filter(|&(&f, d)| !f && d) {
            skip(what);
        }
    }
    rules_text::slow_thermos(&said, &mut rules, size)?;
    rules_text::repeating_cages(&said, &mut rules);
    rules.validate(n)?;
    if let Err(e) = rules.check(n, &givens, false) {
        return Err(InputError::new(format!("the givens break a rule: {e}")).with_cells(e.cells));
    }
    Ok(Read {
        grid: Grid {
            geo: n,
            cells: givens,
            reading: Reading {
                source: Source::SudokuPadNative,
                numbers: size > 9,
                ..Reading::default()
            },
        },
        rules,
        title: title
            .map(|t| t.chars().take(80).collect::<String>())
            .filter(|t| !t.trim().is_empty()),
        skipped,
        words: !rules_text.trim().is_empty(),
        unknown: Vec::new(),
    })
}
