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
use read::*;
use std::collections::{HashMap, HashSet};

mod read;
#[cfg(test)]
mod tests;

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
        let n = |k: usize, noun: &str| crate::figures::count(k as u64, noun);
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
            regions: Vec::new(),
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
