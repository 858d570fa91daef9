//! The problems: each module builds an exact-cover [`Instance`] with readable item names, and decodes a
//! set of chosen options back into its board. Each also checks a board against the puzzle's own rules,
//! independently of the encoding, so that tests can verify every solution.
//!
//! [`Spec`] names a problem the way the CLI and the page do; [`load`] builds it, with the same parsers
//! and the same [`InputError`] messages everywhere.

use crate::core::Instance;
use serde::Serialize;
use std::fmt;

pub mod exact_cover;
pub mod langford;
pub mod latin;
pub mod pentomino;
pub mod queens;
pub mod sudoku;
pub mod toroidal;

/// How symbol `v` of a grid prints, the same in every problem: `1`-`9`, then `A`-`Z` (Sudoku up to
/// 25x25 uses `A`-`P`, Latin squares up to order 35 the rest); `.` for 0 (empty) or anything above.
pub fn symbol(v: usize) -> char {
    match v {
        1..=35 => char::from_digit(v as u32, 36)
            .expect("below 36")
            .to_ascii_uppercase(),
        _ => '.',
    }
}

/// Bad input: what is wrong and, where it comes from text, where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InputError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl InputError {
    /// An error with no position (an argument out of range, say).
    pub fn new(message: impl Into<String>) -> InputError {
        InputError {
            message: message.into(),
            line: None,
            column: None,
        }
    }

    /// An error at line `line`, column `column` of the input text (both from 1).
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> InputError {
        InputError {
            message: message.into(),
            line: Some(line),
            column: Some(column),
        }
    }

    /// Checks that `value` (called `what`) lies in `min..=max`.
    pub fn check_range(what: &str, value: usize, min: usize, max: usize) -> Result<(), InputError> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(InputError::new(format!(
                "{what} must be between {min} and {max}, not {value}"
            )))
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// A decoded board, partial or complete, in a form both the CLI and the page can use.
///
/// `cells` is row-major, `rows * cols` long; what a value means depends on `kind`:
/// - `"queens"`, `"toroidal-queens"`: 1 for a queen, 0 for an empty square;
/// - `"sudoku"`, `"latin"`: the symbol number from 1 (0 empty);
/// - `"pentomino"`: the piece number from 1 (see `labels`), 0 for a square not yet covered, -1 for a hole;
/// - `"langford"`: one row of `2n` cells, each the number placed there (0 empty);
/// - `"exact-cover"`: no cells; `lines` lists the chosen options as item names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Board {
    pub kind: &'static str,
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<i32>,
    /// Cells fixed by the puzzle (Sudoku givens); empty when the problem has none.
    pub given: Vec<bool>,
    /// How each cell value prints, indexed by value (`labels[0]` is the empty cell).
    pub labels: Vec<String>,
    /// Extra lines: the chosen options of a plain exact-cover problem.
    pub lines: Vec<String>,
    /// The board as plain text (Sudoku: one line of N² symbols, `.` for empty; queens: N lines of `.`
    /// and `Q`; the others as their module says).
    pub text: String,
}

/// A problem ready to search: its instance, the options its input already fixes, and its decoder.
pub trait Problem {
    /// A short title, such as "8-queens" or "Sudoku 9x9".
    fn title(&self) -> String;
    fn instance(&self) -> &Instance;
    /// Options chosen before the search (Sudoku givens); they are part of every solution.
    fn givens(&self) -> &[usize] {
        &[]
    }
    /// The board for any set of chosen options (a partial one during the search, too).
    fn board(&self, options: &[usize]) -> Board;
    /// Checks a complete board against the puzzle's rules, independently of the encoding.
    fn check(&self, board: &Board) -> Result<(), String>;
}

/// A problem as the CLI and the page name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    Queens(usize),
    ToroidalQueens(usize),
    /// A Sudoku in any accepted text form.
    Sudoku(String),
    Latin(usize),
    Langford {
        n: usize,
        distinct: bool,
    },
    Pentomino {
        board: String,
        distinct: bool,
    },
    /// Knuth's text format or a 0-1 matrix.
    ExactCover(String),
}

/// N for the numeric problems, as the CLI and the page read it: [`parse_whole`] for `N`, and at most
/// 2^32 - 1 on every target, so that the page (32-bit `usize`) and the CLI refuse 4294967296 with the
/// same words rather than one of them passing it on to a range check.
pub fn parse_n(text: &str) -> Result<usize, InputError> {
    let n = parse_whole("N", text)?;
    match u32::try_from(n) {
        Ok(n) => Ok(n as usize),
        Err(_) => Err(InputError::new(format!("N = {n} is far too large"))),
    }
}

/// A whole number called `what` (N, or a CLI option such as `--limit`): one number, white space around
/// it allowed; the first character that is not a digit (a sign too) is reported where it stands.
pub fn parse_whole(what: &str, text: &str) -> Result<u64, InputError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(InputError::new(format!(
            "{what} is missing: give a whole number"
        )));
    }
    for (l, line) in text.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if !ch.is_ascii_digit() && !ch.is_whitespace() {
                return Err(InputError::at(
                    l + 1,
                    c + 1,
                    format!("`{ch}` is not a digit: {what} must be a whole number"),
                ));
            }
        }
    }
    if t.contains(char::is_whitespace) {
        return Err(InputError::new(format!(
            "{what} must be one whole number, not several"
        )));
    }
    t.parse()
        .map_err(|_| InputError::new(format!("{what} = {t} is far too large")))
}

/// The text without one leading byte-order mark (U+FEFF), which Notepad writes at the start of UTF-8
/// files. It is invisible, so line and column numbers still match what the user sees.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Builds the problem a spec names.
pub fn load(spec: &Spec) -> Result<Box<dyn Problem>, InputError> {
    Ok(match spec {
        Spec::Queens(n) => Box::new(queens::Queens::new(*n)?),
        Spec::ToroidalQueens(n) => Box::new(toroidal::ToroidalQueens::new(*n)?),
        Spec::Sudoku(text) => Box::new(sudoku::Sudoku::parse(without_bom(text))?),
        Spec::Latin(n) => Box::new(latin::Latin::new(*n)?),
        Spec::Langford { n, distinct } => Box::new(langford::Langford::new(*n, *distinct)?),
        Spec::Pentomino { board, distinct } => {
            Box::new(pentomino::Pentomino::new(board, *distinct)?)
        }
        Spec::ExactCover(text) => Box::new(exact_cover::ExactCover::parse(without_bom(text))?),
    })
}
