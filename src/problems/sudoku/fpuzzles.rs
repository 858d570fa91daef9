//! f-puzzles' JSON, as a file, as text, or inside the links people share: `https://f-puzzles.com/?load=…`
//! and SudokuPad's `https://sudokupad.app/fpuzzles…` (the JSON compressed by lz-string into base64;
//! the `lz-str` crate decompresses it).
//!
//! Read: `size`, `grid[r][c]` (`value` with `given`, `region` for a jigsaw), `diagonal+`,
//! `diagonal-`, `antiknight`, `antiking`, `nonconsecutive`, `extraregion`, `killercage` (`cells`,
//! `value` the sum, or none), `thermometer` (`lines`, each from the bulb). Cells are named `R1C1`.
//! Cosmetic elements (text, shapes, the cosmetic `cage`) and the metadata (title, author, rules
//! text, solution) carry no rule and are skipped (the note says which); drawn `line`s are read as
//! the line kinds the rules text names, by colour (`sudokupad_shapes::fpuzzles_lines`), else
//! skipped too; every other constraint is refused by name ("column indexers are not supported"),
//! never ignored.

use super::clues::{Clue, ClueKind};
use super::variants::{Cage, Rules};
use super::{geometry, Geometry, Grid, Reading, Source};
use crate::problems::InputError;
use serde_json::{Map, Value};

/// The longest lz-string payload read: f-puzzles links of 16x16 killers are a few KB. A crafted
/// payload decompresses to the square of its length, so it is bounded (12 KB: at most tens of MB).
pub(super) const MAX_PAYLOAD: usize = 12_000;

/// Whether a text is meant as JSON (`{` or `[` first: f-puzzles, or rows of numbers) or a link.
pub fn looks_like(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('{') || t.starts_with('[') || is_link(t)
}

/// The keys under which a JSON object without f-puzzles' `size` holds a board as rows of numbers,
/// in the order they are looked for (`board`: sugoku's API and the tutorials built on it; `puzzle`
/// beside a `solution`, as other puzzle APIs give it).
const ROWS_KEYS: [&str; 4] = ["board", "puzzle", "grid", "quiz"];

fn is_link(t: &str) -> bool {
    // Only the start is looked at: a 40 MB paste was lowercased whole to read its first 8 bytes.
    let b = t.as_bytes();
    [
        "http://",
        "https://",
        "f-puzzles.com",
        "www.f-puzzles.com",
        "sudokupad.app",
    ]
    .iter()
    .any(|p| b.len() >= p.len() && b[..p.len()].eq_ignore_ascii_case(p.as_bytes()))
}

/// The longest link read: its puzzle ([`MAX_PAYLOAD`]) with room for the site, the path and other
/// parameters. A longer one is refused from its length before anything scans or copies it.
const MAX_LINK: usize = MAX_PAYLOAD + 4_000;

/// What was read: the grid of givens, the rules, and the puzzle's title if it has one.
pub struct Read {
    pub grid: Grid,
    pub rules: Rules,
    pub title: Option<String>,
    /// Cosmetic elements skipped, by name (`text`, `line`, …), and how many of each.
    pub skipped: Vec<(String, usize)>,
    /// The puzzle states rules in words (f-puzzles' `ruleset`), which are not read.
    pub words: bool,
    /// Keys of grid cells that f-puzzles does not write, skipped (each once, in order met).
    pub unknown: Vec<String>,
}

/// Reads f-puzzles JSON or a link carrying it.
pub fn read(text: &str) -> Result<Read, InputError> {
    let t = text.trim();
    if t.starts_with('{') || t.starts_with('[') {
        return read_json(text, Source::FpuzzlesJson);
    }
    let (payload, source) = payload_of(t)?;
    read_payload(&payload, source)
}

/// The f-puzzles puzzle of a link's payload (already percent-decoded): f-puzzles' `load=` and
/// SudokuPad's `fpuzzles…` and `fpuz…` (`sudokupad.rs`).
pub(super) fn read_payload(payload: &str, source: Source) -> Result<Read, InputError> {
    read_lz(
        payload,
        |json| {
            read_json(json, source).map_err(|e| InputError {
                // Positions in the decompressed JSON mean nothing to someone who pasted a link.
                message: format!("in the link's puzzle: {}", e.message),
                line: None,
                column: None,
                cells: e.cells,
            })
        },
        |r| r.unknown.is_empty(),
    )
}

/// Decompresses a link's lz-string payload and reads the text with `read`. Where the payload's
/// characters leave its alphabet open (`-` alone), each reading is tried: the first that `read`
/// takes and `clean` finds whole wins, else the first that `read` takes, else the first error (naming
/// the alphabet where more than one was tried). A payload read in the wrong alphabet can still
/// decompress to JSON that reads, with its keys garbled (`va` for `given`): another puzzle.
pub(super) fn read_lz<T>(
    payload: &str,
    read: impl Fn(&str) -> Result<T, InputError>,
    clean: impl Fn(&T) -> bool,
) -> Result<T, InputError> {
    // Base64's padding carries nothing (the data ends at lz-string's end mark), and RFC 4648's
    // URL-safe payloads are padded with it too: it says nothing of the alphabet.
    let payload = payload.trim_end_matches('=');
    let alphabets = Alphabet64::of(payload)?;
    let mut fallback = None;
    let mut error = None;
    for &alphabet in &alphabets {
        match decompress(payload, alphabet).and_then(|json| read(&json)) {
            Ok(r) if clean(&r) => return Ok(r),
            Ok(r) => {
                fallback.get_or_insert(r);
            }
            Err(e) => {
                error.get_or_insert((alphabet, e));
            }
        }
    }
    if let Some(r) = fallback {
        return Ok(r);
    }
    let (alphabet, mut e) = error.expect("at least one alphabet is tried");
    if alphabets.len() > 1 {
        e.message = format!("{} (read in {})", e.message, alphabet.words());
    }
    Err(e)
}

/// The alphabets lz-string's payloads come in. All share letters, digits and `+` (62). Past that,
/// `compressToBase64` has `/` (63) and pads with `=`; `compressToEncodedURIComponent`, which links
/// are made with, has `-` (63) and `$` (64, never written). A payload re-encoded in RFC 4648's
/// URL-safe alphabet has `-` for 62 and `_` for 63: no lz-string writes it, but some sites do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alphabet64 {
    Base64,
    Uri,
    UrlSafe,
}

impl Alphabet64 {
    /// The alphabets a payload (unpadded) may be in, the likeliest first. `/` or `=` say base64 and `_` RFC
    /// 4648's; `-` alone is lz-string's URI alphabet or RFC 4648's (the URI one first: it is what
    /// lz-string writes); letters, digits and `+` alone read the same in every one.
    fn of(payload: &str) -> Result<Vec<Alphabet64>, InputError> {
        if let Some((i, ch)) = payload.char_indices().find(|&(_, ch)| {
            !(ch.is_ascii_alphanumeric() || matches!(ch, '+' | '/' | '=' | '-' | '_' | '$'))
        }) {
            return Err(InputError::new(format!(
                "the link's puzzle has `{ch}` at character {}: lz-string's payloads are letters, \
                 digits and `+` with `/` and `=` (base64) or `-` and `$` (its URI alphabet)",
                i + 1
            )));
        }
        let has = |set: &str| payload.contains(|c| set.contains(c));
        let mixed = |words: &str| {
            InputError::new(format!(
                "the link's puzzle mixes alphabets ({words}): is it two links run together, or \
                 edited?"
            ))
        };
        Ok(if has("/=") {
            if has("-_$") {
                return Err(mixed("base64's `/` or `=` with `-`, `_` or `$`"));
            }
            vec![Alphabet64::Base64]
        } else if has("_") {
            if has("$") {
                return Err(mixed("`_` with `$`"));
            }
            vec![Alphabet64::UrlSafe]
        } else if has("$") {
            vec![Alphabet64::Uri]
        } else if has("-") {
            vec![Alphabet64::Uri, Alphabet64::UrlSafe]
        } else {
            vec![Alphabet64::Base64]
        })
    }

    fn words(self) -> &'static str {
        match self {
            Alphabet64::Base64 => "lz-string's base64 alphabet, `+` `/` `=`",
            Alphabet64::Uri => "lz-string's URI alphabet, `+` `-` `$`",
            Alphabet64::UrlSafe => "RFC 4648's URL-safe alphabet, `-` `_`",
        }
    }
}

/// The lz-string payload of a link, percent-decoded, and which site's link it is.
fn payload_of(link: &str) -> Result<(String, Source), InputError> {
    if link.len() > MAX_LINK {
        return Err(InputError::new(format!(
            "the link is {} characters long, more than the {MAX_LINK} read (its puzzle at most \
             {MAX_PAYLOAD})",
            link.len()
        )));
    }
    let lower = link.to_ascii_lowercase();
    // SudokuPad's links (`fpuzzles…` among its payloads) are read by `sudokupad.rs`.
    let raw = if let Some(i) = lower.find("load=") {
        (&link[i + 5..], Source::FpuzzlesLink)
    } else if let Some(i) = lower
        .find("?id=")
        .filter(|_| lower.contains("f-puzzles.com"))
    {
        // f-puzzles' short links (`?id=…`, made by its "Get short link") name a puzzle kept on
        // its server, as SudokuPad's short ids do.
        let id = &link[i + 4..];
        let id = &id[..id.find(['&', '#']).unwrap_or(id.len())];
        return Err(InputError::new(format!(
            "`{id}` is an f-puzzles short id: the puzzle is kept on f-puzzles' server, and reading \
             it would need the network, which dlx does not use. Open the link and paste its long \
             form (https://f-puzzles.com/?load=…, from f-puzzles' Export), or the puzzle's JSON"
        )));
    } else {
        return Err(InputError::new(
            "a link, but not to an f-puzzles puzzle: expected https://f-puzzles.com/?load=… or \
             https://sudokupad.app/fpuzzles…",
        ));
    };
    let (rest, source) = raw;
    let end = rest.find(['&', '#', '?']).unwrap_or(rest.len());
    let encoded = rest[..end].trim();
    if encoded.is_empty() {
        return Err(InputError::new("the link carries no puzzle after `load=`"));
    }
    if encoded.len() > MAX_PAYLOAD {
        return Err(InputError::new(format!(
            "the link's puzzle is {} characters long, more than the {MAX_PAYLOAD} read",
            encoded.len()
        )));
    }
    Ok((percent_decode(encoded)?, source))
}

/// `%2B` to `+` and so on; a space (a `+` that a form turned into one) back to `+`.
pub(super) fn percent_decode(s: &str) -> Result<String, InputError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = s
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                let Some(byte) = hex else {
                    return Err(InputError::new(format!(
                        "the link has a bad escape at character {}: `%` must be followed by two \
                         hexadecimal digits",
                        i + 1
                    )));
                };
                out.push(byte);
                i += 3;
            }
            b' ' => {
                out.push(b'+');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| InputError::new("the link's puzzle is not valid UTF-8"))
}

/// The JSON text compressed in a link's payload, read in `alphabet`.
fn decompress(payload: &str, alphabet: Alphabet64) -> Result<String, InputError> {
    let wide = match alphabet {
        Alphabet64::Base64 => lz_str::decompress_from_base64(payload),
        Alphabet64::Uri => lz_str::decompress_from_encoded_uri_component(payload),
        Alphabet64::UrlSafe => {
            let base64: String = payload
                .chars()
                .map(|c| match c {
                    '-' => '+',
                    '_' => '/',
                    c => c,
                })
                .collect();
            lz_str::decompress_from_base64(&base64)
        }
    };
    let wide = wide.filter(|w| !w.is_empty()).ok_or_else(|| {
        InputError::new(format!(
            "the link's puzzle does not decompress (read in {}): is the link complete?",
            alphabet.words()
        ))
    })?;
    String::from_utf16(&wide)
        .map_err(|_| InputError::new("the link's puzzle decompresses to text that is not UTF-16"))
}

/// f-puzzles' keys for constraints this reader refuses, with the words for the message.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("rowindexer", "row indexers"),
    ("columnindexer", "column indexers"),
    ("boxindexer", "box indexers"),
];

/// Keys that state no rule: metadata, solver settings, cosmetics (named in the note when present).
const METADATA: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    // The names of the constraint kinds present, for f-puzzles' own menus: the constraints themselves
    // are under their own keys, read or refused there.
    "activeConstraints",
];
const COSMETIC: &[&str] = &["text", "line", "rectangle", "circle", "cage"];

/// Whether a value says "present": `true`, a non-empty array or object, anything but false/null.
fn present(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => false,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => true,
    }
}

/// A JSON value read as `serde_json::Value` is, except that a key given twice in one object is an
/// error rather than the last one read: `{"size":9,"size":4}` is not a 4x4 puzzle, nor is a
/// second `grid` silently taken over the first.
struct Strict(Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "the key `{key}` is given twice in one object"
                )));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

fn read_json(text: &str, source: Source) -> Result<Read, InputError> {
    let value: Value = serde_json::from_str::<Strict>(text)
        .map(|s| s.0)
        .map_err(|e| {
            let msg = format!("not f-puzzles JSON: {e}");
            // serde_json appends " at line L column C"; the position is given separately.
            let msg = match msg.rfind(" at line ") {
                Some(i) => msg[..i].to_string(),
                None => msg,
            };
            if e.line() > 0 {
                InputError::at(e.line(), e.column().max(1), msg)
            } else {
                InputError::new(msg)
            }
        })?;
    let obj =
        match value {
            Value::Object(obj) => obj,
            Value::Array(_) => return json_rows(&value, "the list"),
            _ => return Err(InputError::new(
                "not f-puzzles JSON: expected an object with `size` and `grid`, or rows of numbers",
            )),
        };
    // No `size`: a board as rows of numbers under one of the usual keys, if there is one; else
    // the error names what the object holds, not one of its keys as an unknown constraint.
    if !obj.contains_key("size") {
        let rows = ROWS_KEYS.iter().find_map(|&k| {
            // Under `grid` only rows of numbers: f-puzzles' own are rows of objects.
            let rows = |v: &&Value| {
                if k == "grid" {
                    is_rows(v)
                } else {
                    v.as_array()
                        .is_some_and(|r| !r.is_empty() && r.iter().all(Value::is_array))
                }
            };
            obj.get(k).filter(rows).map(|v| (k, v))
        });
        if let Some((key, rows)) = rows {
            return json_rows(rows, &format!("`{key}`"));
        }
    }
    if !obj.contains_key("size") && !obj.contains_key("grid") {
        let keys: Vec<String> = obj.keys().take(6).map(|k| format!("`{k}`")).collect();
        return Err(InputError::new(format!(
            "not f-puzzles JSON: no `size` (the object holds {}{}); a board of rows of numbers \
             is read from `board`, `puzzle`, `grid` or `quiz`, or as the list itself",
            if keys.is_empty() {
                "nothing".to_string()
            } else {
                keys.join(", ")
            },
            if obj.len() > keys.len() { ", …" } else { "" }
        )));
    }
    let mut skipped = Vec::new();
    for (key, v) in &obj {
        if METADATA.contains(&key.as_str()) || !present(v) {
            continue;
        }
        if COSMETIC.contains(&key.as_str()) {
            skipped.push((key.clone(), v.as_array().map_or(1, Vec::len)));
            continue;
        }
        if super::fpuzzles_clues::KEYS.contains(&key.as_str()) {
            continue;
        }
        if let Some(&(_, words)) = UNSUPPORTED.iter().find(|&&(k, _)| k == key) {
            return Err(InputError::new(format!("{words} are not supported")));
        }
        if ![
            "diagonal+",
            "diagonal-",
            "antiknight",
            "antiking",
            "nonconsecutive",
            "extraregion",
            "killercage",
            "thermometer",
        ]
        .contains(&key.as_str())
        {
            return Err(InputError::new(format!(
                "`{key}` constraints are not supported"
            )));
        }
    }
    let size = match obj.get("size") {
        // (1e300 and -9 were said as "size 0".)
        Some(Value::Number(k)) => match k.as_u64() {
            Some(k) => k,
            None => {
                return Err(InputError::new(format!(
                    "size {k} is not supported: a Sudoku is {}",
                    geometry::sizes_words()
                )))
            }
        },
        Some(_) => return Err(InputError::new("size: expected a whole number such as 9")),
        None => {
            return Err(InputError::new(format!(
                "size is missing: expected 4 to 16 or 25 (a Sudoku is {})",
                geometry::sizes_words()
            )))
        }
    };
    let n = usize::try_from(size)
        .ok()
        .and_then(|s| Geometry::of_size(s).ok())
        .ok_or_else(|| {
            InputError::new(format!(
                "size {size} is not supported: a Sudoku is {}",
                geometry::sizes_words()
            ))
        })?;
    let size = n.size();
    let (cells, regions) = read_grid(&obj, n)?;
    let mut rules = Rules {
        regions,
        ..Rules::default()
    };
    rules.diagonal_pos = flag(&obj, "diagonal+")?;
    rules.diagonal_neg = flag(&obj, "diagonal-")?;
    rules.anti_knight = flag(&obj, "antiknight")?;
    rules.anti_king = flag(&obj, "antiking")?;
    rules.non_consecutive = flag(&obj, "nonconsecutive")?;
    for (k, e) in list(&obj, "extraregion")?.iter().enumerate() {
        let what = format!("extraregion[{k}]");
        rules
            .extra_regions
            .push(cell_list(field(e, "cells", &what)?, size, &what)?);
    }
    for (k, e) in list(&obj, "killercage")?.iter().enumerate() {
        let what = format!("killercage[{k}]");
        let cells = cell_list(field(e, "cells", &what)?, size, &format!("{what}.cells"))?;
        let sum = match e.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(Value::String(s)) => Some(s.trim().parse::<u32>().map_err(|_| {
                InputError::new(format!("{what}.value: `{s}` is not a sum (a whole number)"))
            })?),
            Some(Value::Number(x)) => Some(
                x.as_u64()
                    .and_then(|x| u32::try_from(x).ok())
                    .ok_or_else(|| {
                        InputError::new(format!("{what}.value: {x} is not a sum (a whole number)"))
                    })?,
            ),
            Some(_) => {
                return Err(InputError::new(format!(
                    "{what}.value: expected the sum as a number or a string"
                )))
            }
        };
        rules.cages.push(Cage { cells, sum });
    }
    for (k, e) in list(&obj, "thermometer")?.iter().enumerate() {
        let what = format!("thermometer[{k}]");
        let Value::Array(lines) = field(e, "lines", &what)? else {
            return Err(InputError::new(format!(
                "{what}.lines: expected a list of lines of cells"
            )));
        };
        for (j, line) in lines.iter().enumerate() {
            rules
                .thermos
                .push(cell_list(line, size, &format!("{what}.lines[{j}]"))?);
        }
    }
    super::fpuzzles_clues::read(&obj, n, &mut rules)?;
    // Drawn lines of the kinds the rules text names (zipper lines drawn lavender, …): read as
    // SudokuPad's are, except kinds the puzzle already states under their own keys.
    let said = obj
        .get("ruleset")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_lowercase();
    let drawn = list(&obj, "line")?;
    if !drawn.is_empty() && !said.trim().is_empty() {
        let native: Vec<&str> = super::fpuzzles_clues::KEYS
            .iter()
            .copied()
            .filter(|k| obj.get(*k).is_some_and(present))
            .collect();
        let (keys, clues, whole) =
            super::sudokupad_shapes::fpuzzles_lines(drawn, size, &said, &native);
        super::fpuzzles_clues::read(&keys, n, &mut rules)?;
        rules.clues.extend(clues);
        let unread = whole.iter().filter(|w| !**w).count();
        if let Some(i) = skipped.iter().position(|(k, _)| k == "line") {
            if unread == 0 {
                skipped.remove(i);
            } else {
                skipped[i].1 = unread;
            }
        }
    }
    super::rules_text::slow_thermos(&said, &mut rules, size)?;
    super::rules_text::repeating_cages(&said, &mut rules);
    // f-puzzles has no windoku switch: a windoku is its four regions as extra regions. Read so, it is a
    // windoku (named so in items and words); `write` writes it back as those four regions.
    rules.windoku_from_extra_regions(n);
    rules.validate(n)?;
    if let Err(e) = rules.check(n, &cells, false) {
        return Err(InputError::new(format!("the givens break a rule: {e}")).with_cells(e.cells));
    }
    let title = obj
        .get("title")
        .and_then(Value::as_str)
        .map(|t| t.chars().take(80).collect::<String>())
        .filter(|t| !t.trim().is_empty());
    let grid = Grid {
        geo: n,
        cells,
        reading: Reading {
            source,
            ..Reading::default()
        },
    };
    Ok(Read {
        grid,
        rules,
        title,
        skipped,
        words: obj
            .get("ruleset")
            .and_then(Value::as_str)
            .is_some_and(|r| !r.trim().is_empty()),
        unknown: unknown_cell_keys(&obj),
    })
}

/// The keys f-puzzles writes in a grid cell (`c` and `highlight` are colours, the pencil marks a
/// solver's or the setter's).
const CELL_KEYS: &[&str] = &[
    "value",
    "given",
    "region",
    "centerPencilMarks",
    "cornerPencilMarks",
    "givenPencilMarks",
    "c",
    "highlight",
];

/// The keys of grid cells that f-puzzles does not write, each once: skipped, and named in the note.
fn unknown_cell_keys(obj: &Map<String, Value>) -> Vec<String> {
    let mut unknown: Vec<String> = Vec::new();
    let rows = obj
        .get("grid")
        .and_then(Value::as_array)
        .into_iter()
        .flatten();
    for cell in rows.filter_map(Value::as_array).flatten() {
        for key in cell.as_object().into_iter().flat_map(Map::keys) {
            if !CELL_KEYS.contains(&key.as_str()) && !unknown.contains(key) {
                unknown.push(key.clone());
            }
        }
    }
    unknown
}

fn flag(obj: &Map<String, Value>, key: &str) -> Result<bool, InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(InputError::new(format!("{key}: expected true or false"))),
    }
}

pub(super) fn list<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], InputError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(InputError::new(format!("{key}: expected a list"))),
    }
}

pub(super) fn field<'a>(v: &'a Value, key: &str, what: &str) -> Result<&'a Value, InputError> {
    v.get(key)
        .ok_or_else(|| InputError::new(format!("{what}: `{key}` is missing")))
}

/// A cell named as f-puzzles names it, `R1C1` (either case), as a row-major index.
pub fn parse_cell(name: &str, size: usize) -> Option<usize> {
    let rest = name.trim().strip_prefix(['R', 'r'])?;
    let (r, c) = rest.split_once(['C', 'c'])?;
    let digits = |t: &str| !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(r) || !digits(c) {
        return None;
    }
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    ((1..=size).contains(&r) && (1..=size).contains(&c)).then(|| (r - 1) * size + c - 1)
}

pub(super) fn cell_list(v: &Value, size: usize, what: &str) -> Result<Vec<usize>, InputError> {
    let Value::Array(a) = v else {
        return Err(InputError::new(format!(
            "{what}: expected a list of cells such as [\"R1C1\", \"R1C2\"]"
        )));
    };
    a.iter()
        .enumerate()
        .map(|(i, c)| {
            let name = c.as_str().unwrap_or("");
            parse_cell(name, size).ok_or_else(|| {
                InputError::new(format!(
                    "{what}[{i}]: `{}` is not a cell of a {size}x{size} grid (cells are named \
                     R1C1 to R{size}C{size})",
                    c.as_str().map_or_else(|| c.to_string(), str::to_string)
                ))
            })
        })
        .collect()
}

/// The givens (0 empty) and, when some cell names its region, the jigsaw regions.
#[allow(clippy::type_complexity)]
/// Whether `v` is a list of lists (rows) of numbers and nulls: a board (f-puzzles' `grid` is rows
/// of objects).
fn is_rows(v: &Value) -> bool {
    v.as_array().is_some_and(|rows| {
        !rows.is_empty()
            && rows.iter().all(|r| {
                r.as_array().is_some_and(|r| {
                    !r.is_empty() && r.iter().all(|x| x.is_number() || x.is_null())
                })
            })
    })
}

/// A board as JSON rows (`what` says where: "the list" or the key), N² rows of N² cells, each a
/// number 0 to N² or null (0 and null: empty), as puzzle APIs give one: `[[0,0,3,…],…]`.
fn json_rows(v: &Value, what: &str) -> Result<Read, InputError> {
    // Rows whose cells are not all numbers are read on, so that the error names the cell.
    let rows = v
        .as_array()
        .filter(|rows| !rows.is_empty() && rows.iter().all(Value::is_array))
        .ok_or_else(|| {
            InputError::new(format!(
                "not f-puzzles JSON: {what} is not a board (rows of numbers, such as \
                 [[0,0,3,…],…])"
            ))
        })?;
    let size = rows.len();
    let Ok(n) = Geometry::of_size(size) else {
        return Err(InputError::new(format!(
            "{what} has {size} {}: a Sudoku is {}",
            if size == 1 { "row" } else { "rows" },
            geometry::sizes_words()
        )));
    };
    let mut cells = Vec::with_capacity(size * size);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().expect("rows are arrays");
        if row.len() != size {
            return Err(InputError::new(format!(
                "{what}, row {}: {} cells where the {size} rows need {size}",
                r + 1,
                row.len()
            )));
        }
        for (c, cell) in row.iter().enumerate() {
            let bad = || {
                InputError::new(format!(
                    "{what}, r{}c{}: {cell} is not a number from 1 to {size}, or 0 or null for an \
                     empty cell",
                    r + 1,
                    c + 1
                ))
            };
            let v = match cell {
                Value::Null => 0,
                Value::Number(x) => x.as_u64().filter(|&x| x <= size as u64).ok_or_else(bad)? as u8,
                _ => return Err(bad()),
            };
            cells.push(v);
        }
    }
    let reading = Reading {
        source: Source::JsonRows,
        numbers: size > 9,
        ..Reading::default()
    };
    let grid = Grid::from_cells(n, cells, reading)?;
    Ok(Read {
        grid,
        rules: Rules::default(),
        title: None,
        skipped: Vec::new(),
        words: false,
        unknown: Vec::new(),
    })
}

fn read_grid(
    obj: &Map<String, Value>,
    n: Geometry,
) -> Result<(Vec<u8>, Option<Vec<u8>>), InputError> {
    let size = n.size();
    let Some(Value::Array(rows)) = obj.get("grid") else {
        return Err(InputError::new(format!(
            "grid is missing: expected {size} rows of {size} cells"
        )));
    };
    if rows.len() != size {
        return Err(InputError::new(format!(
            "grid has {} rows; size {size} needs {size}",
            rows.len()
        )));
    }
    let mut cells = vec![0u8; size * size];
    // The boxes, as f-puzzles lays them out; a size without boxes (7x7) has every cell name its
    // region (u8::MAX: not named yet).
    let mut regions: Vec<u8> = match n.box_map() {
        Some(map) => map.into_iter().map(|b| b as u8).collect(),
        None => vec![u8::MAX; size * size],
    };
    let mut jigsaw = false;
    for (r, row) in rows.iter().enumerate() {
        let Value::Array(row) = row else {
            return Err(InputError::new(format!(
                "grid[{r}]: expected a row of cells"
            )));
        };
        if row.len() != size {
            return Err(InputError::new(format!(
                "grid[{r}] has {} cells; size {size} needs {size}",
                row.len()
            )));
        }
        for (c, cell) in row.iter().enumerate() {
            let p = r * size + c;
            let what = format!("grid[{r}][{c}] (r{}c{})", r + 1, c + 1);
            let Value::Object(cell) = cell else {
                return Err(InputError::new(format!("{what}: expected an object")));
            };
            // f-puzzles writes `true` (or leaves it out); anything else is not taken as either.
            let given = match cell.get("given") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(v) => {
                    return Err(InputError::new(format!(
                        "{what}: given {v} is not true or false"
                    )))
                }
            };
            match cell.get("value") {
                None | Some(Value::Null) => {}
                Some(v) => {
                    // A digit as a string (`"1"`) as some tools write it, too.
                    let d = v
                        .as_u64()
                        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                        .filter(|&d| (1..=size as u64).contains(&d));
                    match d {
                        // A value without `given` is a solver's entry, not part of the puzzle.
                        Some(d) if given => cells[p] = d as u8,
                        Some(_) => {}
                        None => {
                            return Err(InputError::new(format!(
                                "{what}: value {v} is not a digit 1-{size}"
                            )))
                        }
                    }
                }
            }
            match cell.get("region") {
                None => {}
                Some(v) => {
                    let g = v.as_u64().filter(|&g| g < size as u64).ok_or_else(|| {
                        InputError::new(format!(
                            "{what}: region {v} is not a region number 0-{}",
                            size - 1
                        ))
                    })?;
                    if g as u8 != regions[p] {
                        jigsaw = true;
                    }
                    regions[p] = g as u8;
                }
            }
        }
    }
    if let Some(p) = regions.iter().position(|&g| g == u8::MAX) {
        let mut e = n
            .needs_regions()
            .expect("only a size without boxes leaves a cell unnamed");
        e.message = format!(
            "grid[{}][{}] (r{}c{}) names no region: {}",
            p / size,
            p % size,
            p / size + 1,
            p % size + 1,
            e.message
        );
        return Err(e);
    }
    Ok((cells, jigsaw.then_some(regions)))
}

/// f-puzzles JSON for a grid of givens and its rules (what `dlx make sudoku` prints for a jigsaw,
/// killer or thermo puzzle; [`read`] reads it back as the same grid and rules): givens, regions,
/// the diagonals, anti-knight, anti-king, non-consecutive, extra regions and windoku, cages,
/// thermometers, and the lines of issue 43 that f-puzzles draws as lines (palindrome, renban,
/// between, region-sum, entropic, whisper). Any other rule is refused by name rather than left
/// out: a puzzle written without one of its rules is another puzzle.
pub fn write(grid: &Grid, rules: &Rules) -> Result<String, InputError> {
    let unwritten = |what: &str| {
        InputError::new(format!(
            "f-puzzles JSON is not written for puzzles with {what} (givens, regions, cages, \
             thermometers and lines are)"
        ))
    };
    if !rules.candidates.is_empty() {
        return Err(unwritten("candidate sets"));
    }
    if rules.negative_kropki || rules.negative_xv {
        return Err(unwritten("negative constraints"));
    }
    // f-puzzles' digits are 1 to N: a grid of values from 0 written there would be another puzzle.
    if rules.zero_based {
        return Err(unwritten("values from 0"));
    }
    let mut lines: Vec<(&str, &Clue)> = Vec::new();
    for clue in &rules.clues {
        let key = match clue.kind {
            ClueKind::Palindrome => "palindrome",
            ClueKind::Renban => "renban",
            ClueKind::Between => "betweenline",
            ClueKind::RegionSum => "regionsumline",
            ClueKind::Entropic => "entropicline",
            ClueKind::Whisper(_) => "whispers",
            ref other => return Err(unwritten(&format!("{}s", other.words()))),
        };
        lines.push((key, clue));
    }
    let n = grid.geo;
    let size = n.size();
    let name = |p: usize| format!("R{}C{}", p / size + 1, p % size + 1);
    let names = |cells: &[usize]| Value::from(cells.iter().map(|&p| name(p)).collect::<Vec<_>>());
    let mut obj = Map::new();
    obj.insert("size".into(), Value::from(size));
    let grid_rows: Vec<Value> = (0..size)
        .map(|r| {
            Value::from(
                (0..size)
                    .map(|c| {
                        let p = r * size + c;
                        let mut cell = Map::new();
                        if grid.cells[p] != 0 {
                            cell.insert("value".into(), Value::from(grid.cells[p]));
                            cell.insert("given".into(), Value::from(true));
                        }
                        if let Some(regions) = &rules.regions {
                            cell.insert("region".into(), Value::from(regions[p]));
                        }
                        Value::Object(cell)
                    })
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    obj.insert("grid".into(), Value::from(grid_rows));
    for (on, key) in [
        (rules.diagonal_pos, "diagonal+"),
        (rules.diagonal_neg, "diagonal-"),
        (rules.anti_knight, "antiknight"),
        (rules.anti_king, "antiking"),
        (rules.non_consecutive, "nonconsecutive"),
    ] {
        if on {
            obj.insert(key.into(), Value::from(true));
        }
    }
    let windoku = if rules.windoku {
        Rules::windoku_regions(n)
    } else {
        Vec::new()
    };
    if !rules.extra_regions.is_empty() || !windoku.is_empty() {
        let list: Vec<Value> = windoku
            .iter()
            .chain(&rules.extra_regions)
            .map(|cells| serde_json::json!({ "cells": names(cells) }))
            .collect();
        obj.insert("extraregion".into(), Value::from(list));
    }
    if !rules.cages.is_empty() {
        let list: Vec<Value> = rules
            .cages
            .iter()
            .map(|c| match c.sum {
                Some(s) => serde_json::json!({ "cells": names(&c.cells), "value": s.to_string() }),
                None => serde_json::json!({ "cells": names(&c.cells) }),
            })
            .collect();
        obj.insert("killercage".into(), Value::from(list));
    }
    if !rules.thermos.is_empty() {
        let list: Vec<Value> = rules
            .thermos
            .iter()
            .map(|line| serde_json::json!({ "lines": [names(line)] }))
            .collect();
        obj.insert("thermometer".into(), Value::from(list));
    }
    // One entry a line, in the order read (the reader reads each key's list in order).
    for (key, clue) in lines {
        let mut entry = Map::new();
        entry.insert("lines".into(), Value::from(vec![names(&clue.cells)]));
        if let ClueKind::Whisper(k) = clue.kind {
            entry.insert("value".into(), Value::from(k.to_string()));
        }
        let list = obj.entry(key).or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(Value::Object(entry));
        }
    }
    Ok(Value::Object(obj).to_string())
}

/// The f-puzzles link of a JSON text (lz-string base64, as f-puzzles writes it).
pub fn link(json: &str) -> String {
    format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    )
}
