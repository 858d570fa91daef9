//! A generalized exact-cover problem stated as text: Knuth's format, or a 0-1 matrix.
//!
//! **Knuth's format**, as his DLX1 reads it. Blank lines, and lines whose first non-blank character is
//! `|`, are skipped (comments). The first other line names the primary items, then optionally `|` and
//! the secondary items; every later line is one option, the names of its items separated by white space
//! (there may be none: an instance with primary items and no option has 0 solutions).
//! An option with secondary items only is kept, though the search never chooses it (it branches on
//! primary items), so it changes no count.
//!
//! **Colours** (Knuth's DLX2): in an option, `x:c` gives secondary item `x` the colour `c`; options
//! that give `x` the same colour may be chosen together, others (and an uncoloured `x`) exclude each
//! other. Knuth's colours are one character; longer names (no space, `|` or `:`) are read too, and
//! written back as they were. A colour on a primary item, an empty colour, or an item named twice in an
//! option (with or without colours) is an error at its line and column. `:` is never part of a name.
//!
//! **Multiplicities** (Knuth's DLX3): in the items line, `lo:hi|name` (or `hi|name`, meaning `hi:hi`)
//! gives primary item `name` the bounds `lo..=hi` on how many chosen options have it. The bound, `|`
//! and name touch; a `|` with a space beside it is the separator. A bound on a secondary item, `lo >
//! hi` or `hi = 0` is an error at the bound's column. A matrix header reads them too.
//!
//! **0-1 matrix**: one row per line, entries `0` or `1` (spaces or commas between them optional),
//! each row an option over the columns where it has a 1. An optional header line names the columns and may contain
//! one `|`, after which the columns are secondary; without it the columns are `c1`, `c2`, … and all
//! primary. The same comment lines are skipped.
//!
//! **Which format.** The reader may be told (`--format knuth|matrix` in the CLI, the page's select:
//! [`Reading`]); by default ([`Reading::Auto`]) it decides:
//! 1. a text whose every line (comments and blank lines aside) is made of `0`, `1` and white space,
//!    with the same number of entries on each, is a 0-1 matrix without header — even where Knuth's
//!    reading would also accept it. So `111` is a 1x3 matrix (1 solution; read as Knuth's it was one
//!    item `111` and no option), `11` twice a 2x2 matrix (2 solutions, not 1), `101` three times a 3x3
//!    matrix (0 solutions, since no row covers column 2; read as Knuth's, 2), and `1` then `1` two rows
//!    of one column (2, not 1). To mean items named `0`
//!    and `1`, say `--format knuth`;
//! 2. otherwise Knuth's format is read first, and only when that fails and the text looks like a
//!    matrix — its first line is a row (no header), or its second is (after a header) — is it read as a
//!    matrix. When both fail, the error is that of the format the text looks like: a matrix error (a
//!    ragged row, a stray character, a row without 1) for a text that looks like a matrix, a Knuth error
//!    otherwise.

use super::ProblemKind;
use super::{escape_controls, Board, InputError, Problem};
use crate::core::Instance;
use std::collections::{HashMap, HashSet};

/// The 6x7 matrix of Knuth's paper "Dancing Links" (2000), whose only exact cover is rows 1, 4 and 5.
pub const SEEDS: &str = "\
| The example of Knuth's paper \"Dancing Links\" (2000): its only exact cover is rows 1, 4, 5.
A B C D E F G
0010110
1001001
0110010
1001000
0100001
0001101
";

/// How to read a text: as the user says, or [`Reading::Auto`] (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reading {
    #[default]
    Auto,
    Knuth,
    Matrix,
}

impl Reading {
    /// The names the CLI's `--format` and the page's select use.
    pub const NAMES: &'static str = "auto, knuth or matrix";

    pub fn from_name(name: &str) -> Result<Reading, InputError> {
        match name {
            "auto" => Ok(Reading::Auto),
            "knuth" => Ok(Reading::Knuth),
            "matrix" => Ok(Reading::Matrix),
            other => Err(InputError::new(format!(
                "unknown format `{other}`: expected {}",
                Reading::NAMES
            ))),
        }
    }
}

/// How the problem was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Knuth,
    /// A 0-1 matrix; option `k` is row `k + 1`.
    Matrix,
}

pub struct ExactCover {
    inst: Instance,
    format: Format,
    /// How the text was read, where a person may have meant otherwise (`Problem::note`).
    note: Option<String>,
}

/// A line that is neither blank nor a comment: its number (from 1) and text.
type Line<'a> = (usize, &'a str);

/// The lines that state the problem, as DLX1 sees them, read lazily: nothing is collected, so a
/// bad line is reported without holding the text's lines in memory first.
fn content_lines(text: &str) -> impl Iterator<Item = Line<'_>> + Clone + '_ {
    super::text_lines(text).filter(|(_, l)| {
        let t = l.trim_start();
        !t.is_empty() && !t.starts_with('|')
    })
}

/// The tokens of line `line` with their columns (from 1, in characters): names separated by white
/// space, and `|` as a token of its own wherever it stands. Lazy, so that the first bad token of a long
/// line ends the reading there (a 100 MB line of `a a a …` took 1.27 GB of token list before its error
/// at column 3). A control character (NUL, ESC, …) is not part of a name: it is an error where it stands,
/// which also refuses a binary file at its first NUL byte.
fn tokens(line: usize, text: &str) -> Tokens<'_> {
    Tokens {
        line,
        text,
        chars: text.char_indices().enumerate(),
        bar: None,
    }
}

struct Tokens<'a> {
    line: usize,
    text: &'a str,
    chars: std::iter::Enumerate<std::str::CharIndices<'a>>,
    /// The column of a `|` found right after a name, returned next.
    bar: Option<usize>,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<(usize, &'a str), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(col) = self.bar.take() {
            return Some(Ok((col, "|")));
        }
        let mut start: Option<(usize, usize)> = None; // (byte, column) of the token under way
        for (col, (byte, ch)) in self.chars.by_ref() {
            let col = col + 1;
            if ch.is_whitespace() || ch == '|' {
                match start {
                    Some((b, c)) => {
                        if ch == '|' {
                            self.bar = Some(col);
                        }
                        return Some(Ok((c, &self.text[b..byte])));
                    }
                    None if ch == '|' => return Some(Ok((col, "|"))),
                    None => {}
                }
            } else if super::needs_escape(ch) {
                // The rest of the line is not read: the caller stops at the error. An invisible or
                // bidi format character (a right-to-left override) is refused as a control
                // character is: names reach stdout in solutions, unescaped.
                self.chars.by_ref().for_each(drop);
                let what = if ch.is_control() {
                    "control character"
                } else {
                    "invisible format character"
                };
                return Some(Err(InputError::at(
                    self.line,
                    col,
                    format!(
                        "{what} U+{:04X} in an item name: the input must be plain text",
                        ch as u32
                    ),
                )));
            } else if start.is_none() {
                start = Some((byte, col));
            }
        }
        start.map(|(b, c)| Ok((c, &self.text[b..])))
    }
}

/// Refuses `:` in a name of the items line: colours are given in options (`x:c`), and the item name
/// itself cannot contain `:`.
fn no_color(line: usize, col: usize, name: &str) -> Result<(), InputError> {
    match name.find(':') {
        Some(_) => Err(InputError::at(
            line,
            col,
            format!(
                "`{name}`: an item name cannot contain `:` (a colour is given in an option, as \
                 `x:c` on a secondary item)"
            ),
        )),
        None => Ok(()),
    }
}

/// The items line as read: the names in order (primary first), each name's number, and the
/// multiplicities given to primary items (`(item, lo, hi)`, Knuth's DLX3).
struct ItemsLine<'a> {
    names: Vec<&'a str>,
    n_primary: usize,
    index: HashMap<&'a str, usize>,
    bounds: Vec<(usize, u32, u32)>,
}

impl ItemsLine<'_> {
    /// The instance over these names, with their multiplicities and no option yet. They were checked
    /// as they were read, so they are not hashed again.
    fn instance(&self) -> Instance {
        let mut inst = Instance::from_checked_names(&self.names, self.n_primary);
        for &(i, lo, hi) in &self.bounds {
            inst.set_bounds(i, lo, hi)
                .expect("bounds are checked as they are read, on primary items only");
        }
        inst
    }
}

/// True for a token that is a bound as Knuth's DLX3 writes it before `|name`: digits, or digits `:`
/// digits (malformed ones too, such as `2:` or `:3`, so that they are refused as bounds).
fn bound_like(tok: &str) -> bool {
    !tok.is_empty()
        && tok.split(':').count() <= 2
        && tok.bytes().all(|b| b.is_ascii_digit() || b == b':')
}

/// Reads the bound `hi` or `lo:hi` at column `col` of `line` (for item `name`, primary unless
/// `secondary`): Knuth's rules, `hi` at least 1, `lo` at most `hi`, `lo` and the colon omitted when
/// `lo = hi`.
fn read_bound(
    line: usize,
    col: usize,
    tok: &str,
    name: &str,
    secondary: bool,
) -> Result<(u32, u32), InputError> {
    let at = |msg: String| Err(InputError::at(line, col, msg));
    if secondary {
        return at(format!(
            "`{tok}|{name}`: `{name}` is a secondary item (after `|`); only primary items can \
             have multiplicities"
        ));
    }
    let number = |s: &str| -> Result<u32, InputError> {
        if s.is_empty() {
            return Err(InputError::at(
                line,
                col,
                format!("`{tok}|{name}`: a bound is missing (write `hi|{name}` or `lo:hi|{name}`)"),
            ));
        }
        s.parse().map_err(|_| {
            InputError::at(
                line,
                col,
                format!(
                    "`{tok}|{name}`: the bound {s} is too large (at most {})",
                    u32::MAX
                ),
            )
        })
    };
    let (lo, hi) = match tok.split_once(':') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => {
            let hi = number(tok)?;
            (hi, hi)
        }
    };
    if hi == 0 {
        return at(format!(
            "`{tok}|{name}`: the upper bound must be at least 1 (an item in no option would be left out)"
        ));
    }
    if lo > hi {
        return at(format!(
            "`{tok}|{name}`: the lower bound {lo} exceeds the upper bound {hi}"
        ));
    }
    Ok((lo, hi))
}

/// Reads the items line (or a matrix header) in one pass: the primary names, then those after `|`,
/// each checked as it comes (a repeat is found by the same map that numbers the names for the
/// options). A name preceded at once by a bound and `|` (`hi|name`, `lo:hi|name`: Knuth's DLX3
/// multiplicities) is a primary item with that multiplicity; a `|` with a space on either side is the
/// separator (`a b|x` too, as for DLX1, since `b` is no bound).
fn items_line<'a>((line, text): Line<'a>) -> Result<ItemsLine<'a>, InputError> {
    let mut names: Vec<&str> = Vec::new();
    // The column of each name, for the message about a repeat.
    let mut cols: Vec<usize> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut n_primary = None;
    let mut bounds = Vec::new();
    let mut name_bytes = 0;
    // Tokens are read up to two ahead of where they are handled, so that a bound followed by a
    // glued `|` and a glued name is read as one multiplicity, not taken for an item name.
    let mut toks = tokens(line, text);
    let mut ahead: std::collections::VecDeque<(usize, &'a str)> = Default::default();
    loop {
        while ahead.len() < 3 {
            match toks.next() {
                Some(t) => ahead.push_back(t?),
                None => break,
            }
        }
        let Some((col, mut tok)) = ahead.pop_front() else {
            break;
        };
        let mut at = col;
        let after = col + tok.chars().count();
        // A bound glued to `|` that is none (`-1|a`, `1.5|a`), or a bound with no name glued to
        // it (`2:3| a`): refused, where they read as an item named `-1` and the separator, or as
        // an item name with a colon.
        if let Some(&(b, "|")) = ahead.front() {
            let name = ahead
                .get(1)
                .filter(|&&(n, name)| n == after + 1 && name != "|");
            let numeric = tok.bytes().any(|c| c.is_ascii_digit())
                && tok
                    .bytes()
                    .all(|c| c.is_ascii_digit() || b"+-.:".contains(&c));
            if b == after && numeric && !bound_like(tok) {
                let name = name.map_or("", |&(_, n)| n);
                return Err(InputError::at(
                    line,
                    col,
                    format!(
                        "`{tok}|{name}`: `{tok}` is no bound (a whole number from 1, or lo:hi); an \
                         item named `{tok}` before the secondary items is written `{tok} |`"
                    ),
                ));
            }
            if b == after && bound_like(tok) && tok.contains(':') && name.is_none() {
                return Err(InputError::at(
                    line,
                    col,
                    format!("`{tok}|`: a bound with no item name glued after its `|`"),
                ));
            }
        }
        if let (true, Some(&(b, "|")), Some(&(n, name))) =
            (bound_like(tok), ahead.front(), ahead.get(1))
        {
            if b == after && n == after + 1 && name != "|" {
                // `bound|name`: a primary item with a multiplicity.
                let (lo, hi) = read_bound(line, col, tok, name, n_primary.is_some())?;
                ahead.drain(..2);
                bounds.push((names.len(), lo, hi));
                (tok, at) = (name, n);
            }
        }
        if tok == "|" {
            if n_primary.is_some() {
                return Err(InputError::at(
                    line,
                    at,
                    "the items line contains `|` twice (only one may separate primary from \
                     secondary items)",
                ));
            }
            n_primary = Some(names.len());
            continue;
        }
        no_color(line, at, tok)?;
        // The budget of an instance, checked at the name that would pass it, before it is kept.
        name_bytes += tok.len();
        crate::core::instance::BUDGET
            .check_items(names.len() + 1, name_bytes)
            .map_err(|e| InputError::at(line, at, e.to_string()))?;
        if let Some(first) = index.insert(tok, names.len()) {
            return Err(InputError::at(
                line,
                at,
                format!(
                    "item `{tok}` is named twice in the items line (first at column {})",
                    cols[first]
                ),
            ));
        }
        names.push(tok);
        cols.push(at);
    }
    Ok(ItemsLine {
        n_primary: n_primary.unwrap_or(names.len()),
        names,
        index,
        bounds,
    })
}

/// The number of decimal digits of `n`.
fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// Whether `c` separates the entries of a matrix row: white space, or a comma (rows copied from CSV
/// or from code, `1,0,1`).
fn row_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// True for a line made only of `0`, `1` and separators, with an entry (a matrix row): a line of
/// commas alone is no row of no entries (it was, and its matrix of no column did not read back).
fn is_row(text: &str) -> bool {
    text.chars()
        .all(|c| c == '0' || c == '1' || row_separator(c))
        && text.contains(['0', '1'])
}

/// The column (1-based) of the first digit other than 0 and 1 in a first line that is a matrix row
/// but for it: digits and separators only, as many digits as the next line, a row, has entries
/// (`1 0 2` over `0 1 0` was a header naming columns `1`, `0` and `2`: no error, no solution), or
/// with no line after it (`1 0 2` alone was a header and no rows: 0 solutions, no error).
fn typo_row(first: &str, next: Option<Line>) -> Option<usize> {
    let digits = first.chars().filter(char::is_ascii_digit).count();
    let only = first
        .chars()
        .all(|c| c.is_ascii_digit() || row_separator(c));
    if !only || next.is_some_and(|(_, next)| !is_row(next) || digits != row_width(next)) {
        return None;
    }
    // Column names can be numbers (`1 2 3`): a header names each column once, and a row with a
    // typo is mostly 0s and 1s. Written without separators it is no header of that many columns.
    let names: Vec<&str> = first
        .split(row_separator)
        .filter(|t| !t.is_empty())
        .collect();
    let repeats = names.iter().collect::<HashSet<_>>().len() < names.len();
    let others = first
        .chars()
        .filter(|c| c.is_ascii_digit() && !matches!(c, '0' | '1'))
        .count();
    if names.len() == digits && !repeats && others * 3 > digits {
        return None;
    }
    first
        .chars()
        .position(|c| c.is_ascii_digit() && c != '0' && c != '1')
        .map(|i| i + 1)
}

/// The entries of a matrix row (its `0`s and `1`s).
fn row_width(text: &str) -> usize {
    text.chars().filter(|&c| c == '0' || c == '1').count()
}

/// Whether every line is a matrix row, all with the same number of entries (rule 1 of the detection).
fn uniform_rows<'a>(mut lines: impl Iterator<Item = Line<'a>>) -> bool {
    let mut width = None;
    lines.all(|(_, text)| is_row(text) && *width.get_or_insert(row_width(text)) == row_width(text))
}

impl ExactCover {
    /// Reads a problem in Knuth's format or as a 0-1 matrix, deciding which (see the module
    /// documentation): [`ExactCover::parse_as`] with [`Reading::Auto`].
    pub fn parse(text: &str) -> Result<ExactCover, InputError> {
        Self::parse_as(text, Reading::Auto)
    }

    /// Reads a problem in the format `reading` says, or decides. Each line is checked as it is read,
    /// so the first error ends the reading; memory is the instance's, plus the items line's names.
    pub fn parse_as(text: &str, reading: Reading) -> Result<ExactCover, InputError> {
        let mut lines = content_lines(text);
        let Some(first) = lines.next() else {
            // Nothing at all (an empty file, a closed standard input) is said as such.
            let what = if text.trim().is_empty() {
                "the text is empty: no items line (the first line that is not a comment, `|`, \
                 names the items)"
            } else {
                "no items line: the first line that is not a comment (`|`) must name the items"
            };
            return Err(InputError::at(1, 1, what));
        };
        let matrix = |lines| {
            if is_row(first.1) {
                Self::parse_matrix(None, content_lines(text))
            } else if let Some(col) = typo_row(first.1, content_lines(text).nth(1)) {
                let ch = first.1.chars().nth(col - 1).unwrap_or('?');
                Err(InputError::at(
                    first.0,
                    col,
                    format!(
                        "`{ch}` in a row of a 0-1 matrix: its entries are 0 or 1 (read as a \
                         header naming the columns, it gave them the names of digits)"
                    ),
                ))
            } else {
                Self::parse_matrix(Some(first), lines)
            }
        };
        match reading {
            Reading::Knuth => return Self::parse_knuth(first, lines),
            Reading::Matrix => return matrix(lines),
            Reading::Auto if uniform_rows(content_lines(text)) => return matrix(lines),
            Reading::Auto => {}
        }
        let knuth = Self::parse_knuth(first, lines.clone());
        if knuth.is_ok() {
            return knuth;
        }
        // A `#` line meant as a comment became the items line, and the error would blame a later
        // line ("unknown item" on line 2): say what happened where it happened.
        let lead = first.1.chars().take_while(|c| c.is_whitespace()).count();
        // (`//` too: the Sudoku reader skips such lines, so people try them here.)
        let t = first.1.trim_start();
        if let Some(mark) = ["#", "//"].into_iter().find(|m| t.starts_with(m)) {
            return Err(InputError::at(
                first.0,
                lead + 1,
                format!(
                    "`{mark}` does not start a comment here (comment lines start with `|`), so \
                     this line was read as the items line"
                ),
            ));
        }
        if is_row(first.1) || lines.clone().next().is_some_and(|l| is_row(l.1)) {
            matrix(lines)
        } else {
            knuth
        }
    }

    fn parse_knuth<'a>(
        items: Line<'a>,
        options: impl Iterator<Item = Line<'a>>,
    ) -> Result<ExactCover, InputError> {
        let items = items_line(items)?;
        let mut inst = items.instance();
        let ItemsLine { names, index, .. } = items;
        drop(names);
        let mut buf = Vec::new();
        // `seen[i]` is the line of the last option that named item `i`: a repeat is found in O(1),
        // not by searching the option so far (which took seconds for an option of 80k items).
        let mut seen = vec![0usize; index.len()];
        for (line, text) in options {
            buf.clear();
            for tok in tokens(line, text) {
                let (col, tok) = tok?;
                if tok == "|" {
                    return Err(InputError::at(
                        line,
                        col,
                        "`|` belongs in the items line only (or at the start of a comment line)",
                    ));
                }
                // `x:c`: the name is before the first `:`, the colour after it.
                let (name, color) = match tok.split_once(':') {
                    Some((n, c)) => (n, Some(c)),
                    None => (tok, None),
                };
                let Some(&i) = index.get(name) else {
                    return Err(InputError::at(
                        line,
                        col,
                        format!("unknown item `{name}` (it is not in the items line)"),
                    ));
                };
                if std::mem::replace(&mut seen[i], line) == line {
                    return Err(InputError::at(
                        line,
                        col,
                        format!("item `{name}` appears twice in this option"),
                    ));
                }
                let c = match color {
                    None => 0,
                    Some(c) => {
                        // The colour's column: after the name and the `:`.
                        let at = col + name.chars().count() + 1;
                        if inst.is_primary(i) {
                            return Err(InputError::at(
                                line,
                                col,
                                format!(
                                    "`{tok}`: `{name}` is a primary item; only secondary items \
                                     (after `|` in the items line) can have a colour"
                                ),
                            ));
                        }
                        if c.is_empty() {
                            return Err(InputError::at(
                                line,
                                at,
                                format!("`{tok}`: a colour is missing after `:`"),
                            ));
                        }
                        if c.contains(':') {
                            return Err(InputError::at(
                                line,
                                at + c.find(':').map_or(0, |b| c[..b].chars().count()),
                                format!("`{tok}`: a colour cannot contain `:`"),
                            ));
                        }
                        inst.color(c)
                            .map_err(|e| InputError::at(line, at, e.to_string()))?
                    }
                };
                buf.push((i, c));
            }
            inst.add_colored_option(&buf)
                .map_err(|e| InputError::at(line, 1, e.to_string()))?;
        }
        Ok(ExactCover {
            inst,
            format: Format::Knuth,
            note: None,
        })
    }

    /// Reads the rows one at a time into the instance; `rows` is never empty (detection saw a row).
    /// Without a header the first row's entries set the width.
    fn parse_matrix<'a>(
        header: Option<Line<'a>>,
        rows: impl Iterator<Item = Line<'a>> + Clone,
    ) -> Result<ExactCover, InputError> {
        let mut inst = match header {
            Some(header) => items_line(header)?.instance(),
            None => {
                let (line, width) = rows
                    .clone()
                    .next()
                    .map_or((1, 0), |(line, text)| (line, row_width(text)));
                // Columns `c1`, `c2`, …: refused past the budget of items before any is named (a
                // row of 20 M `1`s took 4.5 GB, a `String` a column among the rest).
                let bytes = (1..=width).map(|j| 1 + digits(j)).sum();
                crate::core::instance::BUDGET
                    .check_items(width, bytes)
                    .map_err(|e| {
                        InputError::at(
                            line,
                            1,
                            format!("a row of {width} entries, so {width} columns: {e}"),
                        )
                    })?;
                // Each name is made and copied into the instance's one string of names.
                Instance::from_checked_names((1..=width).map(|j| format!("c{j}")), width)
            }
        };
        let width = inst.n_items();
        let mut buf = Vec::new();
        for (line, text) in rows {
            buf.clear();
            let mut entries = 0;
            // Since the last entry, a comma: a second one before the next entry (`1,,0`) leaves an
            // entry out (it was read as `1 0`, a column short or the columns shifted).
            let mut comma = false;
            for (col, ch) in text.chars().enumerate() {
                match ch {
                    '0' | '1' => {
                        if ch == '1' && entries < width {
                            buf.push(entries);
                        }
                        entries += 1;
                        comma = false;
                    }
                    ',' if comma || entries == 0 => {
                        return Err(InputError::at(
                            line,
                            col + 1,
                            "an entry is missing before this `,` in a row of a 0-1 matrix",
                        ))
                    }
                    ',' => comma = true,
                    c if row_separator(c) => {}
                    c => {
                        return Err(InputError::at(
                            line,
                            col + 1,
                            format!("`{c}` in a row of a 0-1 matrix (entries are 0 and 1)"),
                        ))
                    }
                }
            }
            if comma {
                let col = text.trim_end().chars().count();
                return Err(InputError::at(
                    line,
                    col,
                    "an entry is missing after this `,` at the end of a row of a 0-1 matrix",
                ));
            }
            if entries != width {
                return Err(InputError {
                    message: format!("row has {entries} entries, expected {width}"),
                    line: Some(line),
                    column: None,
                    cells: Vec::new(),
                });
            }
            // A row of zeros is an empty option: legal, never chosen, and it keeps the numbering
            // of the rows (row k is option k - 1).
            inst.add_option(&buf)
                .map_err(|e| InputError::at(line, 1, e.to_string()))?;
        }
        // A header of numbers (`1 2` over `0 1`) is legal, and a typo'd first row can look like one:
        // say how it was read (a 2-column matrix whose first row read `1 2` loaded without a word).
        let numbers = header.is_some_and(|(_, t)| {
            t.split(|c: char| row_separator(c) || c == '|')
                .filter(|w| !w.is_empty())
                .all(|w| w.chars().all(|c| c.is_ascii_digit()))
        });
        let note = header.filter(|_| numbers).map(|(line, t)| {
            format!(
                "Read as a 0-1 matrix with a header: line {line}, `{}`, names the columns (a row \
                 holds only 0s and 1s)",
                escape_controls(t.trim())
            )
        });
        Ok(ExactCover {
            inst,
            format: Format::Matrix,
            note,
        })
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// How option `k` is shown: its item names, after its row number for a matrix.
    fn option_line(&self, k: usize) -> String {
        match self.format {
            Format::Knuth => self.inst.option_text(k),
            Format::Matrix => format!("row {}: {}", k + 1, self.inst.option_text(k)),
        }
    }
}

impl Problem for ExactCover {
    fn note(&self) -> Option<String> {
        self.note.clone()
    }

    fn title(&self) -> String {
        let x = &self.inst;
        // "1 item", "2 items": a count and its noun, singular for one.
        let n = |k: usize, noun: &str| format!("{k} {noun}{}", if k == 1 { "" } else { "s" });
        let (items, options) = (n(x.n_items(), "item"), n(x.n_options(), "option"));
        match self.format {
            Format::Knuth if x.has_multiplicities() => format!(
                "exact cover with multiplicities{}: {items} ({} primary), {options}",
                if x.has_colors() { " and colours" } else { "" },
                x.n_primary(),
            ),
            Format::Knuth if x.has_colors() => format!(
                "exact cover with colours: {items} ({} primary), {options}, {}",
                x.n_primary(),
                n(x.color_names().len(), "colour")
            ),
            Format::Knuth => format!(
                "exact cover: {items} ({} primary), {options}",
                x.n_primary(),
            ),
            Format::Matrix if x.has_multiplicities() => format!(
                "exact cover with multiplicities: {}x{} 0-1 matrix",
                x.n_options(),
                x.n_items()
            ),
            Format::Matrix => format!("exact cover: {}x{} 0-1 matrix", x.n_options(), x.n_items()),
        }
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    fn board(&self, options: &[usize]) -> Board {
        let lines: Vec<String> = options.iter().map(|&k| self.option_line(k)).collect();
        Board {
            kind: ProblemKind::ExactCover,
            text: lines.join("\n"),
            lines,
            options: options.iter().map(|&k| k + 1).collect(),
            ..Board::default()
        }
    }

    /// Reads the lines back as options of this instance and checks that they cover every primary item
    /// exactly once and every secondary item at most once.
    fn check(&self, board: &Board) -> Result<(), String> {
        let x = &self.inst;
        if board.kind != "exact-cover" {
            return Err(format!("a {} board, not an exact-cover one", board.kind));
        }
        let index: HashMap<&str, usize> = x.item_names().enumerate().map(|(i, n)| (n, i)).collect();
        let sorted = |k: usize| {
            let mut v: Vec<(usize, u32)> = x.option_colored(k).collect();
            v.sort_unstable();
            v
        };
        // The options as sets of (item, colour), to recognise a line of Knuth's format, with how many
        // options are that set: a solution is a set of options, so no line may be used more often
        // (with multiplicities an item allows it, so the count must say no).
        let mut known: HashMap<Vec<(usize, u32)>, usize> = HashMap::new();
        if self.format == Format::Knuth {
            for k in 0..x.n_options() {
                *known.entry(sorted(k)).or_default() += 1;
            }
        }
        let mut rows_used = HashSet::new();
        let mut times = vec![0usize; x.n_items()];
        // The colour each secondary item was given by the first line that used it (0: none).
        let mut colour = vec![0u32; x.n_items()];
        for line in &board.lines {
            let (row, names) = match self.format {
                Format::Knuth => (None, line.as_str()),
                Format::Matrix => {
                    let parsed = line.strip_prefix("row ").and_then(|l| {
                        let (r, rest) = l.split_once(':')?;
                        Some((r.parse::<usize>().ok()?, rest))
                    });
                    match parsed {
                        Some((r, rest)) if (1..=x.n_options()).contains(&r) => (Some(r - 1), rest),
                        _ => return Err(format!("`{line}` is not a row of the matrix")),
                    }
                }
            };
            let mut items = Vec::new();
            for tok in names.split_whitespace() {
                let (name, c) = tok.split_once(':').unwrap_or((tok, ""));
                let Some(&i) = index.get(name) else {
                    return Err(format!("`{line}`: unknown item `{name}`"));
                };
                let c = match c {
                    "" => 0,
                    c => match x.color_names().iter().position(|n| n == c) {
                        Some(k) => k as u32 + 1,
                        None => return Err(format!("`{line}`: unknown colour `{c}`")),
                    },
                };
                items.push((i, c));
            }
            items.sort_unstable();
            let is_option = match row {
                Some(k) => items == sorted(k),
                None => known.contains_key(&items),
            };
            if !is_option {
                return Err(format!("`{line}` is not an option of the problem"));
            }
            let again = match row {
                Some(k) => !rows_used.insert(k),
                None => {
                    let left = known.get_mut(&items).expect("known");
                    let none = *left == 0;
                    *left = left.saturating_sub(1);
                    none
                }
            };
            if again {
                return Err(format!(
                    "`{line}` is chosen more often than the problem has it (a solution is a set of options)"
                ));
            }
            for (i, c) in items {
                times[i] += 1;
                // Two uncoloured uses are reported below, with the count.
                if !x.is_primary(i) && times[i] > 1 && colour[i] != c {
                    return Err(format!(
                        "secondary item `{}` is used again by `{line}` with another colour",
                        x.item_name(i)
                    ));
                }
                colour[i] = c;
            }
        }
        for (i, &t) in times.iter().enumerate() {
            let (lo, hi) = x.bounds(i);
            if x.is_primary(i) && (1, 1) == (lo, hi) && t != 1 {
                return Err(format!(
                    "primary item `{}` is covered {t} times, not once",
                    x.item_name(i)
                ));
            }
            if x.is_primary(i) && !(lo as usize..=hi as usize).contains(&t) {
                return Err(format!(
                    "primary item `{}` is covered {t} times, not between {lo} and {hi}",
                    x.item_name(i)
                ));
            }
            if !x.is_primary(i) && t > 1 && colour[i] == 0 {
                return Err(format!(
                    "secondary item `{}` is covered {t} times, at most once allowed",
                    x.item_name(i)
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Count, Event, Search};
    use std::ops::ControlFlow;

    /// Every solution's options, each checked by `check`.
    fn solutions(x: &ExactCover) -> Vec<Vec<usize>> {
        let mut s = Search::new(x.instance());
        let mut out = Vec::new();
        s.run(&mut |ev: Event, s: &Search| {
            if let Event::Solution { .. } = ev {
                let sol = s.solution();
                assert_eq!(x.check(&x.board(&sol)), Ok(()));
                out.push(sol);
            }
            ControlFlow::Continue(())
        });
        out
    }

    fn err(text: &str) -> (String, Option<usize>, Option<usize>) {
        let e = ExactCover::parse(text)
            .err()
            .expect("the text should be rejected");
        (e.message, e.line, e.column)
    }

    #[test]
    fn seeds_has_the_single_cover_of_the_paper() {
        let x = ExactCover::parse(SEEDS).unwrap();
        assert_eq!(x.format(), Format::Matrix);
        assert_eq!(x.title(), "exact cover: 6x7 0-1 matrix");
        assert_eq!(
            x.instance().item_names().collect::<Vec<_>>().join(""),
            "ABCDEFG"
        );
        assert_eq!(x.instance().option_text(1), "A D G");
        let sols = solutions(&x);
        assert_eq!(sols.len(), 1);
        let mut rows: Vec<usize> = sols[0].iter().map(|k| k + 1).collect();
        rows.sort_unstable();
        assert_eq!(rows, vec![1, 4, 5]);
        let b = x.board(&sols[0]);
        assert_eq!(b.kind, ProblemKind::ExactCover);
        assert_eq!(b.lines.len(), 3);
        assert!(b.lines.contains(&"row 4: A D".to_string()));
        assert_eq!(b.text, b.lines.join("\n"));
    }

    #[test]
    fn titles_say_one_item_one_option_one_colour() {
        let t = |text: &str| ExactCover::parse(text).unwrap().title();
        assert_eq!(t("a\na\n"), "exact cover: 1 item (1 primary), 1 option");
        assert_eq!(
            t("a | x\na x:c\n"),
            "exact cover with colours: 2 items (1 primary), 1 option, 1 colour"
        );
        assert_eq!(
            t("a b | x\na x:c\nb x:d\n"),
            "exact cover with colours: 3 items (2 primary), 2 options, 2 colours"
        );
        assert_eq!(
            t("2|a\na\n"),
            "exact cover with multiplicities: 1 item (1 primary), 1 option"
        );
    }

    #[test]
    fn a_hash_comment_line_is_named_as_the_cause() {
        let Err(e) = ExactCover::parse("# my problem\nA B\nA\nB\n") else {
            panic!("a `#` line read as the items line was accepted");
        };
        assert_eq!((e.line, e.column), (Some(1), Some(1)), "{e}");
        assert!(e.message.contains("comment lines start with `|`"), "{e}");
        // `//` too, which the Sudoku reader skips.
        let e = ExactCover::parse("  // my problem\nA B\nA\nB\n")
            .err()
            .unwrap();
        assert_eq!((e.line, e.column), (Some(1), Some(3)), "{e}");
        assert!(
            e.message.starts_with("`//` does not start a comment here"),
            "{e}"
        );
        // An items line that merely starts with `#` and reads well stays DLX1's reading.
        let ok = ExactCover::parse("#a b\n#a\nb\n").map_err(|e| e.to_string());
        assert_eq!(ok.map(|p| p.instance().n_items()), Ok(2));
    }

    #[test]
    fn knuths_format_with_comments_and_secondary_items() {
        let text = "\
| a comment, then a blank line

  a b c | x y
a b x
 | an indented comment
c y
a  c\tx
b
b y
";
        let x = ExactCover::parse(text).unwrap();
        assert_eq!(x.format(), Format::Knuth);
        assert_eq!(x.title(), "exact cover: 5 items (3 primary), 5 options");
        assert_eq!(x.instance().n_primary(), 3);
        assert_eq!(
            x.instance().to_knuth(),
            "a b c | x y\na b x\nc y\na c x\nb\nb y\n"
        );
        // a b x + c y; a c x + b; a c x + b y.
        let sols = solutions(&x);
        assert_eq!(sols.len(), 3);
        let b = x.board(&[2, 4]);
        assert_eq!(b.text, "a c x\nb y");
        // Each line's option number, from 1 as the matrix numbers its rows.
        assert_eq!(b.options, [3, 5]);
        // `|` right against a name separates too.
        let y = ExactCover::parse("a b|x\na x\nb\n").unwrap();
        assert_eq!(y.instance().n_primary(), 2);
        assert_eq!(y.instance().n_items(), 3);
        // An option of secondary items only is kept but never chosen.
        let z = ExactCover::parse("a | x\na\nx\n").unwrap();
        assert_eq!(z.instance().n_options(), 2);
        assert_eq!(solutions(&z), vec![vec![0]]);
    }

    #[test]
    fn matrix_without_header_and_with_secondary_columns() {
        let x = ExactCover::parse("1 0 1\n0 1 0\n\n1 1 0\n0 0 1\n").unwrap();
        assert_eq!(x.format(), Format::Matrix);
        assert_eq!(x.instance().to_knuth(), "c1 c2 c3\nc1 c3\nc2\nc1 c2\nc3\n");
        assert_eq!(solutions(&x).len(), 2);
        // Header with `|`: column S is secondary and may stay uncovered.
        let y = ExactCover::parse("A B | S\n101\n011\n10 0\n0 1 0\n").unwrap();
        assert_eq!(y.instance().n_primary(), 2);
        assert_eq!(y.instance().item_name(2), "S");
        let sols = solutions(&y);
        // A+BS, AS+B, A+B.
        assert_eq!(sols.len(), 3);
        assert_eq!(y.board(&[0, 1]).lines, vec!["row 1: A S", "row 2: B S"]);
    }

    fn count(x: &ExactCover) -> u64 {
        let mut s = Search::new(x.instance());
        s.run(&mut Count);
        s.stats().solutions
    }

    #[test]
    fn a_text_of_equal_length_rows_is_a_matrix_unless_told_otherwise() {
        // Issue 12, finding 4: these were read as Knuth's format, with wrong counts.
        for (text, knuth_count, matrix_count, width) in [
            ("111\n", 0, 1, 3),
            ("11\n11\n", 1, 2, 2),
            // Three rows, none covering column 2: 0 (the issue's "3" counted the rows).
            ("101\n101\n101\n", 2, 0, 3),
            ("111\n111\n111\n", 2, 3, 3),
            ("1\n1\n", 1, 2, 1),
            ("0 1\n0 1\n", 1, 0, 2),
        ] {
            let x = ExactCover::parse(text).unwrap();
            assert_eq!(x.format(), Format::Matrix, "{text:?}");
            assert_eq!(x.instance().n_items(), width, "{text:?}");
            assert_eq!(count(&x), matrix_count, "{text:?}");
            let m = ExactCover::parse_as(text, Reading::Matrix).unwrap();
            assert_eq!(m.instance(), x.instance());
            // Items named `1`, `0 1`, … when asked for.
            let k = ExactCover::parse_as(text, Reading::Knuth).unwrap();
            assert_eq!(k.format(), Format::Knuth);
            assert_eq!(count(&k), knuth_count, "{text:?}");
        }
        // Rows of different lengths are not rule 1: Knuth's reading, where it succeeds, still wins.
        let y = ExactCover::parse("0 1\n1\n0\n").unwrap();
        assert_eq!(y.format(), Format::Knuth);
        assert_eq!(count(&y), 1);
        // A header makes a matrix too, when told so, even if DLX1 could read it.
        let h = ExactCover::parse_as("a b\n11\n", Reading::Matrix).unwrap();
        assert_eq!(
            h.instance().item_names().collect::<Vec<_>>().join(" "),
            "a b"
        );
        assert_eq!(count(&h), 1);
        // Told the format, the errors are that format's.
        assert_eq!(
            ExactCover::parse_as("A B\n10\n", Reading::Knuth)
                .err()
                .unwrap()
                .to_string(),
            "line 2, column 1: unknown item `10` (it is not in the items line)"
        );
        assert_eq!(
            ExactCover::parse_as("a b\na\n", Reading::Matrix)
                .err()
                .unwrap()
                .to_string(),
            "line 2, column 1: `a` in a row of a 0-1 matrix (entries are 0 and 1)"
        );
        assert_eq!(
            Reading::from_name("csv").unwrap_err().message,
            "unknown format `csv`: expected auto, knuth or matrix"
        );
        // Matrices DLX1 rejects stay matrices: with and without header, spaced and unspaced.
        for (text, items, want) in [
            ("1 0 1\n0 1 0\n1 1 0\n0 0 1\n", "c1 c2 c3", 2),
            ("101\n010\n110\n001\n", "c1 c2 c3", 2),
            ("10\n01\n", "c1 c2", 1),
            ("A B C\n1 0 1\n0 1 0\n", "A B C", 1),
            ("A B C\n101\n010\n011\n", "A B C", 1),
            // Items `0 1`, then an option naming `1` twice: DLX1 fails, so a 3x2 matrix.
            ("0 1\n1 1\n1 0\n", "c1 c2", 2),
        ] {
            let x = ExactCover::parse(text).unwrap();
            assert_eq!(x.format(), Format::Matrix, "{text:?}");
            assert_eq!(
                x.instance().item_names().collect::<Vec<_>>().join(" "),
                items,
                "{text:?}"
            );
            assert_eq!(count(&x), want, "{text:?}");
        }
    }

    #[test]
    fn an_items_line_without_options_is_an_instance() {
        // Primary items and no option: no solution (a dead Sudoku exports so).
        let x = ExactCover::parse("| c\na b\n| no options\n").unwrap();
        assert_eq!(x.format(), Format::Knuth);
        assert_eq!(x.instance().n_options(), 0);
        assert_eq!(x.instance().to_knuth(), "a b\n");
        assert_eq!(count(&x), 0);
        assert!(solutions(&x).is_empty());
    }

    #[test]
    fn an_option_of_100k_items_is_read_and_a_repeat_found() {
        let n = 100_000;
        let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
        let all = names.join(" ");
        let x = ExactCover::parse(&format!("{all}\n{all}\n")).unwrap();
        assert_eq!(x.instance().n_nodes(), n);
        assert_eq!(count(&x), 1);
        // The repeat is the last name, `i5`, on line 3 (line 2 names every item once, as well).
        let text = format!("{all}\n{all}\n{all} i5\n");
        let col = all.chars().count() + 2;
        assert_eq!(
            err(&text),
            (
                "item `i5` appears twice in this option".into(),
                Some(3),
                Some(col)
            )
        );
    }

    /// A big items line is read in one pass (the names were collected and hashed three times: 2 M
    /// items took 2.8 s of CPU, now 1.7 s): every name where it belongs, primary or secondary, the
    /// options over the last of them, and a repeat at the end of the line named with its first column.
    #[test]
    fn a_big_items_line_is_read_in_one_pass() {
        let n = 300_000;
        let names: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
        let line = format!(
            "{} | {}",
            names[..n - 2].join(" "),
            names[n - 2..].join(" ")
        );
        let text = format!("{line}\nn{} n{}\nn{} n0\n", n - 3, n - 1, n - 2);
        let x = ExactCover::parse(&text).unwrap();
        let inst = x.instance();
        assert_eq!((inst.n_items(), inst.n_primary()), (n, n - 2));
        assert!(inst.item_names().zip(&names).all(|(a, b)| a == b));
        assert_eq!(inst.option_text(0), format!("n{} n{}", n - 3, n - 1));
        assert_eq!(inst.option_text(1), format!("n{} n0", n - 2));
        // Every primary item but two is in no option: no solution.
        assert_eq!(count(&x), 0);
        // `n7` again at the end: its first column is that of the eighth name.
        let col = names[..7].iter().map(|n| n.len() + 1).sum::<usize>() + 1;
        let end = line.chars().count() + 2;
        assert_eq!(
            err(&format!("{line} n7\n")),
            (
                format!("item `n7` is named twice in the items line (first at column {col})"),
                Some(1),
                Some(end)
            )
        );
    }

    #[test]
    fn knuth_errors_say_where() {
        assert_eq!(
            err("a b c\na d\n"),
            (
                "unknown item `d` (it is not in the items line)".into(),
                Some(2),
                Some(3)
            )
        );
        assert_eq!(
            err("a b c\nb\nc a  c\n"),
            (
                "item `c` appears twice in this option".into(),
                Some(3),
                Some(6)
            )
        );
        assert_eq!(
            err("| items:\na b a\na b\n"),
            (
                "item `a` is named twice in the items line (first at column 1)".into(),
                Some(2),
                Some(5)
            )
        );
        assert_eq!(
            err("a | b | c\na\n"),
            (
                "the items line contains `|` twice (only one may separate primary from secondary \
                 items)"
                    .into(),
                Some(1),
                Some(7)
            )
        );
        assert_eq!(
            err("| only a comment\n\n"),
            (
                "no items line: the first line that is not a comment (`|`) must name the items"
                    .into(),
                Some(1),
                Some(1)
            )
        );
        assert_eq!(err("").1, Some(1));
        assert!(err(" \n\n")
            .0
            .starts_with("the text is empty: no items line"));
        assert_eq!(
            err("a b:c\na\n"),
            (
                "`b:c`: an item name cannot contain `:` (a colour is given in an option, as `x:c` \
                 on a secondary item)"
                    .into(),
                Some(1),
                Some(3)
            )
        );
        assert_eq!(
            err("a b\na | b\n"),
            (
                "`|` belongs in the items line only (or at the start of a comment line)".into(),
                Some(2),
                Some(3)
            )
        );
    }

    /// A row of zeros is an empty option (issue 14): accepted, never chosen, and the rows keep
    /// their numbers, so the solution of `10/00/01` is rows 1 and 3.
    #[test]
    fn a_row_of_zeros_is_an_empty_option_that_keeps_the_numbering() {
        for text in ["A B\n10\n00\n01\n", "10\n00\n01\n", "0 0\n1 0\n0 0\n0 1\n"] {
            let x = ExactCover::parse(text).unwrap();
            assert_eq!(x.format(), Format::Matrix, "{text:?}");
            let sols = solutions(&x);
            assert_eq!(sols.len(), 1, "{text:?}");
            let board = x.board(&sols[0]);
            let rows: Vec<&str> = board.lines.iter().map(|l| &l[..5]).collect();
            let want = if text.starts_with("0 0") {
                ["row 2", "row 4"]
            } else {
                ["row 1", "row 3"]
            };
            assert_eq!(rows, want, "{text:?}");
            assert_eq!(x.check(&board), Ok(()));
        }
        // Only zeros: every row empty, no solution (the primary items cannot be covered).
        let x = ExactCover::parse("00\n00\n").unwrap();
        assert_eq!((x.instance().n_options(), count(&x)), (2, 0));
        // An empty option given as chosen (as a split's prefix or a given would be) changes nothing.
        let x = ExactCover::parse("10\n00\n01\n").unwrap();
        let mut s = Search::new(x.instance());
        s.preselect(&[1]).unwrap();
        assert_eq!(s.links().sanity(), Ok(()));
        s.unpreselect();
        assert_eq!(s.links(), Search::new(x.instance()).links());
    }

    #[test]
    fn an_empty_entry_between_commas_is_named() {
        // `1,,0` was read as `1 0`.
        for (text, line, col, what) in [
            ("1,,0\n0,1,1\n", 1, 3, "before"),
            ("1,0,1\n0,1,\n", 2, 4, "after"),
            ("1,0\n,1,0\n", 2, 1, "before"),
        ] {
            let e = ExactCover::parse_as(text, Reading::Matrix).err().unwrap();
            assert_eq!((e.line, e.column), (Some(line), Some(col)), "{text:?}: {e}");
            assert!(
                e.message
                    .contains(&format!("an entry is missing {what} this `,`")),
                "{e}"
            );
        }
        // Commas with spaces around them are fine.
        let p = ExactCover::parse("1, 0, 1\n0 ,1 ,0\n").unwrap();
        assert_eq!(p.instance().n_options(), 2);
    }

    #[test]
    fn a_typo_in_the_first_row_of_a_matrix_is_named() {
        // It was a header naming columns `1`, `0` and `2`: no error, no solution.
        for (text, col) in [
            ("1 0 2\n0 1 0\n", 5),
            ("102\n010\n", 3),
            ("1,0,2\n0,1,0\n", 5),
            ("1 0 1 2\n0 1 0 1\n", 7),
        ] {
            for reading in [Reading::Auto, Reading::Matrix] {
                let e = ExactCover::parse_as(text, reading).err().unwrap();
                assert_eq!((e.line, e.column), (Some(1), Some(col)), "{text:?}: {e}");
                assert!(e.message.starts_with("`2` in a row of a 0-1 matrix"), "{e}");
            }
        }
        // Numbers as column names, each once: a header.
        let p = ExactCover::parse("1 2 3\n0 1 0\n1 0 1\n").unwrap();
        assert_eq!(p.instance().n_items(), 3);
        // Said, since a first row with a typo can read so (`1 2` over `0 1` and `1 0`); a header of
        // names is not.
        let p = ExactCover::parse("1 2\n0 1\n1 0\n").unwrap();
        assert_eq!(
            p.note().as_deref(),
            Some(
                "Read as a 0-1 matrix with a header: line 1, `1 2`, names the columns (a row \
                 holds only 0s and 1s)"
            )
        );
        assert_eq!(ExactCover::parse("a b\n0 1\n1 0\n").unwrap().note(), None);
        assert_eq!(ExactCover::parse("0 1\n1 0\n").unwrap().note(), None);
        // Read as a matrix, the row alone (no row after it to compare) is named too; a header of
        // numbers alone is still a header. (In Knuth's format `1 0 2` is an items line.)
        let e = ExactCover::parse_as("1 0 2\n", Reading::Matrix)
            .err()
            .unwrap();
        assert_eq!((e.line, e.column), (Some(1), Some(5)), "{e}");
        assert!(e.message.starts_with("`2` in a row of a 0-1 matrix"), "{e}");
        let p = ExactCover::parse_as("1 2 3\n", Reading::Matrix).unwrap();
        assert_eq!(p.instance().n_items(), 3);
        let p = ExactCover::parse("1 0 2\n").unwrap();
        assert_eq!(p.instance().n_items(), 3);
    }

    #[test]
    fn matrix_errors_say_where() {
        assert_eq!(
            err("A B C D E F G\n0010110\n1001001\n011001\n"),
            ("row has 6 entries, expected 7".into(), Some(4), None)
        );
        assert_eq!(
            ExactCover::parse("A B C D E F G\n0010110\n1001001\n011001\n")
                .err()
                .unwrap()
                .to_string(),
            "line 4: row has 6 entries, expected 7"
        );
        // Without a header, row 1 sets the width.
        assert_eq!(err("101\n1 1 0 1\n").0, "row has 4 entries, expected 3");
        // Rows with commas (copied from CSV or code) are rows: Knuth's 6x7 reads the same, its one
        // solution rows 1, 4 and 5; they were one unknown item `0,0,1,0,1,1,0` each.
        let spaced =
            ExactCover::parse("0010110\n1001001\n0110010\n1001000\n0100001\n0001101\n").unwrap();
        let commas =
            ExactCover::parse("0,0,1,0,1,1,0\n1,0,0,1,0,0,1\n0,1,1,0,0,1,0\n1, 0, 0, 1, 0, 0, 0\n0,1,0,0,0,0,1\n0,0,0,1,1,0,1\n")
                .unwrap();
        assert_eq!(commas.format(), Format::Matrix);
        assert_eq!(commas.instance().to_knuth(), spaced.instance().to_knuth());
        assert_eq!(err("0,0,1\n1,1\n").0, "row has 2 entries, expected 3");
        // Commas alone are no row (the fuzzer's `,`: a matrix of no column, which did not read back).
        assert_eq!(ExactCover::parse(",").unwrap().format(), Format::Knuth);
        assert_eq!(
            err("A B\n10\n0 2\n"),
            (
                "`2` in a row of a 0-1 matrix (entries are 0 and 1)".into(),
                Some(3),
                Some(3)
            )
        );
        assert_eq!(
            err("A B | A\n10\n"),
            (
                "item `A` is named twice in the items line (first at column 1)".into(),
                Some(1),
                Some(7)
            )
        );
        // The header is read first, as the first line.
        assert_eq!(
            err("A A
1x
")
            .1,
            Some(1)
        );
    }

    #[test]
    fn check_rejects_what_is_not_an_exact_cover() {
        let x = ExactCover::parse(SEEDS).unwrap();
        let board = |lines: &[&str]| Board {
            kind: ProblemKind::ExactCover,
            lines: lines.iter().map(|l| l.to_string()).collect(),
            ..Board::default()
        };
        assert_eq!(
            x.check(&board(&["row 1: C E F", "row 4: A D", "row 5: B G"])),
            Ok(())
        );
        assert_eq!(
            x.check(&board(&["row 1: C E F", "row 4: A D"])),
            Err("primary item `B` is covered 0 times, not once".into())
        );
        assert_eq!(
            x.check(&board(&[
                "row 1: C E F",
                "row 2: A D G",
                "row 4: A D",
                "row 5: B G"
            ])),
            Err("primary item `A` is covered 2 times, not once".into())
        );
        // A line that is not the row it claims to be, or no row at all.
        assert!(x
            .check(&board(&["row 2: C E F", "row 4: A D", "row 5: B G"]))
            .unwrap_err()
            .contains("not an option"));
        assert!(x.check(&board(&["C E F"])).is_err());
        assert!(x.check(&board(&["row 7: A"])).is_err());
        let k = ExactCover::parse("a b | x\na x\nb x\nb\n").unwrap();
        assert_eq!(
            k.check(&board(&["a x", "b x"])),
            Err("secondary item `x` is covered 2 times, at most once allowed".into())
        );
        assert_eq!(k.check(&board(&["x a", "b"])), Ok(()));
        assert!(k
            .check(&board(&["a b"]))
            .unwrap_err()
            .contains("not an option"));
        assert!(k
            .check(&board(&["a z"]))
            .unwrap_err()
            .contains("unknown item `z`"));
    }

    #[test]
    fn cr_only_lf_and_crlf_texts_read_alike() {
        // An old Mac file (lines end at a lone CR) was one line: `a b a b` named `a` twice.
        for text in [
            "| c\na b\na\nb\na b\n",
            "| c\ra b\ra\rb\ra b\r",
            "| c\r\na b\r\na\r\nb\r\na b",
        ] {
            let x = ExactCover::parse(text).unwrap();
            assert_eq!(x.instance().to_knuth(), "a b\na\nb\na b\n", "{text:?}");
            assert_eq!(count(&x), 2);
        }
        // Line numbers count lone CRs too.
        assert_eq!(err("a b\ra\rc\r").1, Some(3));
        assert_eq!(err("A B\r10\r0\r").1, Some(3));
    }

    #[test]
    fn control_characters_are_not_part_of_names() {
        // ESC in an option, NUL in the items line (a binary file): an error where each stands.
        assert_eq!(
            err("a b\na \u{1b}[31m\n"),
            (
                "control character U+001B in an item name: the input must be plain text".into(),
                Some(2),
                Some(3)
            )
        );
        assert_eq!(err("\0\0\0\0").2, Some(1));
        assert_eq!(err("a b\u{7f}\n").2, Some(4));
        // Tab and form feed are white space, not names.
        assert_eq!(count(&ExactCover::parse("a\tb\na\x0cb\n").unwrap()), 1);
    }

    #[test]
    fn the_first_bad_token_of_a_long_line_ends_the_reading() {
        // 10^6 names, the second a repeat: the error names column 3 whatever follows it.
        let text = "a ".repeat(1_000_000);
        assert_eq!(err(&text).1.zip(err(&text).2), Some((1, 3)));
        let opts = format!("a b\n{}", "a ".repeat(1_000_000));
        assert_eq!(
            err(&opts),
            (
                "item `a` appears twice in this option".into(),
                Some(2),
                Some(3)
            )
        );
    }

    #[test]
    fn round_trip_through_knuths_format_keeps_instance_and_count() {
        let texts = [
            SEEDS.to_string(),
            "a b c | x y\na b x\nc y\na c x\nb\nb y\n".to_string(),
            // Every subset of 5 items as a matrix row: the covers are the set partitions, Bell(5) = 52.
            (1..32u32)
                .map(|m| format!("{:05b}\n", m))
                .collect::<String>(),
        ];
        let want = [1, 3, 52];
        for (text, want) in texts.iter().zip(want) {
            let a = ExactCover::parse(text).unwrap();
            let b = ExactCover::parse(&a.instance().to_knuth()).unwrap();
            assert_eq!(b.format(), Format::Knuth);
            assert_eq!(a.instance(), b.instance());
            for x in [&a, &b] {
                let mut s = Search::new(x.instance());
                s.run(&mut Count);
                assert_eq!(s.stats().solutions, want);
            }
            assert_eq!(solutions(&b).len() as u64, want);
        }
    }

    /// TAOCP 7.2.2.1's toy XCC problem, as text.
    pub(crate) const TOY: &str = "| TAOCP 7.2.2.1: the toy problem with colours
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
";

    /// The example at the start of Knuth's DLX2 (its option `X:0 Y:1` has no primary item).
    pub(crate) const DLX2: &str = "| A simple example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
";

    #[test]
    fn colours_are_read_and_give_knuths_solutions() {
        let toy = ExactCover::parse(TOY).unwrap();
        assert!(toy.instance().has_colors());
        assert_eq!(
            toy.title(),
            "exact cover with colours: 5 items (3 primary), 5 options, 2 colours"
        );
        let sorted = |x: &ExactCover| {
            let mut v = solutions(x);
            v.iter_mut().for_each(|s| s.sort());
            v
        };
        assert_eq!(sorted(&toy), vec![vec![1, 3]]);
        assert_eq!(toy.board(&[1, 3]).lines, ["p r x:A y", "q x:A"]);
        let dlx2 = ExactCover::parse(DLX2).unwrap();
        assert_eq!(sorted(&dlx2), vec![vec![1, 3]]);
        assert_eq!(dlx2.board(&[1, 3]).lines, ["A C X:1 Y:1", "B X:1"]);
        // Longer colour names are read and written back as they are.
        let long = ExactCover::parse("a b | x\na x:red\nb x:red\nb x:blue\n").unwrap();
        assert_eq!(count(&long), 1);
        assert_eq!(
            long.instance().to_knuth(),
            "a b | x\na x:red\nb x:red\nb x:blue\n"
        );
    }

    #[test]
    fn check_knows_colours() {
        let toy = ExactCover::parse(TOY).unwrap();
        assert_eq!(toy.check(&toy.board(&[1, 3])), Ok(()));
        // `p x:B` and `q x:A` disagree on x (and leave r uncovered).
        let bad = toy.board(&[2, 3]);
        assert!(
            toy.check(&bad).unwrap_err().contains("`x`"),
            "{:?}",
            toy.check(&bad)
        );
        // A line with a colour the option does not have is not an option.
        let mut forged = toy.board(&[1, 3]);
        forged.lines[1] = "q x:B".into();
        assert!(toy.check(&forged).unwrap_err().contains("not an option"));
        forged.lines[1] = "q x:Z".into();
        assert!(toy.check(&forged).unwrap_err().contains("unknown colour"));
    }

    #[test]
    fn multiplicities_are_read_and_give_knuths_solutions() {
        // The test case at the start of Knuth's DLX3: one solution.
        let text =
            "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\n\
                    C X:0\nB X:1\nC Y:1\n";
        let x = ExactCover::parse(text).unwrap();
        assert_eq!(x.instance().bounds(2), (2, 3));
        assert_eq!(x.instance().n_primary(), 3);
        assert_eq!(solutions(&x), vec![vec![1, 3, 4]]);
        // `hi|name` means exactly hi (Knuth: the lower bound and the colon are omitted when equal).
        let x = ExactCover::parse("2|x y\nx\nx y\nx\n").unwrap();
        assert_eq!(x.instance().bounds(0), (2, 2));
        assert_eq!(count(&x), 2);
        // A `|` with spaces, or touching one side only, is the separator.
        assert_eq!(count(&ExactCover::parse("A B| X\nA X\nB\n").unwrap()), 1);
        assert_eq!(count(&ExactCover::parse("A B |X\nA X\nB\n").unwrap()), 1);
        assert_eq!(count(&ExactCover::parse("A 2| X\nA X\n2\n").unwrap()), 1);
        // A matrix header takes them too: `b` once, `a` at most twice: {11}, {01}, {10, 01}, {11, 10}.
        let x = ExactCover::parse("0:2|a b\n11\n10\n01\n").unwrap();
        assert_eq!(count(&x), 4);
    }

    #[test]
    fn multiplicity_errors_say_where() {
        let e = err("A 3:2|C\nA\n");
        assert_eq!((e.1, e.2), (Some(1), Some(3)), "{}", e.0);
        assert!(
            e.0.contains("lower bound 3 exceeds the upper bound 2"),
            "{}",
            e.0
        );
        let e = err("A 0|C\nA\n");
        assert_eq!((e.1, e.2), (Some(1), Some(3)), "{}", e.0);
        assert!(e.0.contains("at least 1"), "{}", e.0);
        let e = err("A 0:0|C\nA\n");
        assert!(e.0.contains("at least 1"), "{}", e.0);
        let e = err("A | X 2|Y\nA X\n");
        assert_eq!((e.1, e.2), (Some(1), Some(7)), "{}", e.0);
        assert!(e.0.contains("secondary"), "{}", e.0);
        let e = err("| c\nA 2:|C\nA\n");
        assert_eq!((e.1, e.2), (Some(2), Some(3)), "{}", e.0);
        assert!(e.0.contains("bound is missing"), "{}", e.0);
        let e = err("A 99999999999|C\nA\n");
        assert!(e.0.contains("too large"), "{}", e.0);
        let e = err("2|A 3|A\nA\n");
        assert_eq!((e.1, e.2), (Some(1), Some(7)), "{}", e.0);
        assert!(e.0.contains("named twice"), "{}", e.0);
    }

    #[test]
    fn colour_errors_say_where() {
        assert_eq!(
            err("p q | x\np:A x\n"),
            (
                "`p:A`: `p` is a primary item; only secondary items (after `|` in the items line) \
                 can have a colour"
                    .into(),
                Some(2),
                Some(1)
            )
        );
        assert_eq!(
            err("p | x\np  x:\n"),
            (
                "`x:`: a colour is missing after `:`".into(),
                Some(2),
                Some(6)
            )
        );
        assert_eq!(
            err("p | x\np x:a:b\n"),
            (
                "`x:a:b`: a colour cannot contain `:`".into(),
                Some(2),
                Some(6)
            )
        );
        // An item given twice, with or without colours, at the second one.
        assert_eq!(
            err("p | x\np x:A x:A\n"),
            (
                "item `x` appears twice in this option".into(),
                Some(2),
                Some(7)
            )
        );
        assert_eq!(
            err("p | x\np x x:B\n"),
            (
                "item `x` appears twice in this option".into(),
                Some(2),
                Some(5)
            )
        );
        assert_eq!(
            err("p | x\np y:A\n"),
            (
                "unknown item `y` (it is not in the items line)".into(),
                Some(2),
                Some(3)
            )
        );
    }

    #[test]
    fn coloured_round_trip_keeps_instance_and_count() {
        for text in [TOY, DLX2] {
            let a = ExactCover::parse(text).unwrap();
            let b = ExactCover::parse(&a.instance().to_knuth()).unwrap();
            assert_eq!(a.instance(), b.instance());
            assert_eq!(count(&a), count(&b));
        }
    }

    #[test]
    fn multiplicity_round_trip_and_check() {
        let text = "A B 2:3|C 0:1|D 2|E | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n\
                    D E\nE C\nE\n";
        let a = ExactCover::parse(text).unwrap();
        let written = a.instance().to_knuth();
        assert!(
            written.starts_with("A B 2:3|C 0:1|D 2|E | X Y\n"),
            "{written}"
        );
        let b = ExactCover::parse(&written).unwrap();
        assert_eq!(a.instance(), b.instance());
        assert!(count(&a) > 0);
        assert_eq!(count(&a), count(&b));
        // Check counts each primary item against its bounds, and takes each option once.
        let x = ExactCover::parse("1:2|x y\nx\nx y\n").unwrap();
        assert_eq!(x.check(&x.board(&[0, 1])), Ok(()));
        let twice = x.board(&[1, 1]);
        assert!(x.check(&twice).unwrap_err().contains("more often"));
        let none = x.board(&[]);
        assert!(x.check(&none).unwrap_err().contains("between 1 and 2"));
    }
}
