//! Sudoku with n×n boxes, n = 2..=5 (4x4, 9x9, 16x16, 25x25; N = n² symbols), as exact cover.
//!
//! The encoding is Knuth's (TAOCP 7.2.2.1): four primary items per placed symbol — cell `r1c1` is filled,
//! row `r1=5` has a 5, column `c1=5` has a 5, box `b1=5` has a 5 — and one option per (row, column,
//! symbol), numbered row-major, then by symbol: option `(r·N + c)·N + v − 1` puts symbol `v` (from 1)
//! at row `r`, column `c` (from 0). The givens are options chosen before the search
//! ([`Search::preselect`]), so the search starts from the puzzle, not from the empty grid.
//!
//! Text forms ([`Grid::parse`]; the CLI and the page share it): the N² cells in reading order, on one
//! line or drawn as a grid over several lines. N follows from the number of cells.
//! - Lines starting with `#` or `//` are comments. Border lines — only `-`, `=`, `+`, `.`, `:`, `*`,
//!   `|`, `'` and box-drawing characters, with at least one horizontal stroke — are skipped, which
//!   covers HoDoKu (`.---.`, `:---+`, `'---'`), Simple Sudoku (`*-----*`, `|---+---|`) and box-drawing
//!   grids (`╔═══╤`, `╟───┼`, `┌───┬`). In the other lines spaces, `|`, `+`, `-`, `,`, `;` and
//!   box-drawing characters (`║`, `│`) only separate cells.
//! - An empty cell is `.`, `_`, `*`, or `0` and `x` where they are not symbols.
//! - Symbols are `1`-`9`, then `A`-`P` (either case), except for two common alphabets: a 16x16 in
//!   which `0` appears and `G` does not is hexadecimal (`0`-`F`), and a 25x25 with no digit at all is
//!   written in `A`-`Y`. The board prints a puzzle in the alphabet it was read in ([`Alphabet`]).
//! - Numbers separated by spaces or commas (`1 16 0 12 …`, 1 to N, `0` or `.` empty) are read as one
//!   cell a number when some number has two digits and the count of numbers is a Sudoku's.
//! - A first line that does not read as cells (a title such as `Easter Monster`) is skipped.
//!
//! [`Solver`] is the throughput path: it builds one search per size once and, per puzzle, preselects the
//! givens, searches, then undoes both in place ([`Search::restart`], [`Search::unpreselect`]), with no
//! copy of the matrix and no item names or other strings made on the way.

use super::{Board, InputError, Problem};
use crate::core::{Instance, Links, Observer, Search, COVERED};
use std::ops::ControlFlow;

pub mod fpuzzles;
pub mod maker;
pub mod variants;

pub use variants::{Cage, Filling, Rules, Shape, Switch};

/// The character of symbol `v` (0 = empty) in the standard alphabet: see [`super::symbol`].
fn symbol(v: u8) -> char {
    super::symbol(usize::from(v))
}

/// The number of cells of each size of Sudoku, smallest first.
const CELL_COUNTS: [usize; 4] = [16, 81, 256, 625];

/// How the symbols of a puzzle are written. The board and the item names print a puzzle in the
/// alphabet it was read in, so a hexadecimal puzzle is solved in hexadecimal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Alphabet {
    /// `1`-`9`, then `A`-`P`.
    #[default]
    Standard,
    /// A 16x16 in hexadecimal: `0`-`9`, `A`-`F` stand for symbols 1 to 16.
    Hex,
    /// A 25x25 in letters: `A`-`Y` stand for symbols 1 to 25.
    Letters,
}

impl Alphabet {
    /// The character of symbol `v` (from 1; `.` for 0, empty).
    pub fn label(self, v: u8) -> char {
        match (self, v) {
            (_, 0) => '.',
            (Alphabet::Hex, 1..=16) => char::from_digit(u32::from(v) - 1, 16)
                .expect("below 16")
                .to_ascii_uppercase(),
            (Alphabet::Letters, 1..=25) => char::from(b'A' + v - 1),
            _ => symbol(v),
        }
    }

    /// The symbol number of a character in this alphabet, for a grid of side `size`; `None` for an
    /// empty cell or a character that is no symbol here.
    fn value(self, ch: char) -> Option<u8> {
        let ch = ch.to_ascii_uppercase();
        let v = match (self, ch) {
            (Alphabet::Hex, '0'..='9') => ch as u8 - b'0' + 1,
            (Alphabet::Hex, 'A'..='F') => ch as u8 - b'A' + 11,
            (Alphabet::Letters, 'A'..='Y') => ch as u8 - b'A' + 1,
            (Alphabet::Standard, '1'..='9') => ch as u8 - b'0',
            (Alphabet::Standard, 'A'..='P') => ch as u8 - b'A' + 10,
            _ => return None,
        };
        Some(v)
    }

    /// The symbols and empty cells of this alphabet for a grid of side `size`, for messages.
    fn describe(self, size: usize) -> &'static str {
        match (self, size) {
            (Alphabet::Hex, _) => "0-F (hexadecimal); `.` for an empty cell",
            (Alphabet::Letters, _) => "A-Y; `.` for an empty cell",
            (_, 4) => "1-4; `.` or `0` for an empty cell",
            (_, 9) => "1-9; `.` or `0` for an empty cell",
            (_, 16) => "1-9 and A-G, or 0-F; `.` for an empty cell",
            _ => "1-9 and A-P, or A-Y; `.` for an empty cell",
        }
    }
}

/// Where a puzzle came from: text (any grid form), or f-puzzles JSON as text or in a link.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Source {
    #[default]
    Text,
    FpuzzlesJson,
    FpuzzlesLink,
    SudokuPadLink,
}

/// How a text was read as a Sudoku, for the note the CLI and the page show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Text, f-puzzles JSON or a link.
    pub source: Source,
    pub alphabet: Alphabet,
    /// One cell a number (`1 16 0 12 …`), not one a character.
    pub numbers: bool,
    /// A first line that is no part of the grid (a title) was skipped.
    pub title_skipped: bool,
}

impl Reading {
    /// How symbol `v` (from 1; 0 empty) is written back: as a number (`16`) when the puzzle was
    /// typed as numbers, else the character of its alphabet. The board, the item names and the
    /// messages all use it, so a puzzle comes back in the form it was typed in.
    pub fn symbol(self, v: u8) -> String {
        if self.numbers && v > 0 {
            v.to_string()
        } else {
            self.alphabet.label(v).to_string()
        }
    }
}

/// A line that is a comment: `#` or `//` first.
fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('#') || t.starts_with("//")
}

fn is_box_drawing(ch: char) -> bool {
    ('\u{2500}'..='\u{257F}').contains(&ch)
}

/// A horizontal stroke of a drawn border.
fn is_horizontal(ch: char) -> bool {
    matches!(
        ch,
        '-' | '=' | '─' | '━' | '═' | '┄' | '┅' | '┈' | '┉' | '╌' | '╍'
    )
}

/// A border line of a drawn grid: strokes and corners only, at least one horizontal stroke. A row of
/// empty cells (`. . . | . . .`) has no horizontal stroke, so it stays a row.
fn is_border(line: &str) -> bool {
    line.chars().any(is_horizontal)
        && line.chars().all(|ch| {
            ch.is_whitespace()
                || is_box_drawing(ch)
                || matches!(ch, '-' | '=' | '+' | '.' | ':' | '*' | '|' | '\'' | '`')
        })
}

/// Whether a text is drawn as a grid: some line of it is a border ([`is_border`]).
pub fn is_drawn(text: &str) -> bool {
    super::text_lines(text).any(|(_, line)| is_border(line))
}

/// The start of the message of givens that clash ([`Grid::parse`]).
const CLASH: &str = "givens clash";

/// Whether a reading error is a clash of givens: the text has a Sudoku's shape and symbols, and two
/// of its givens repeat a symbol in a row, column or box.
pub fn is_clash(e: &InputError) -> bool {
    e.message.starts_with(CLASH)
}

/// A character that separates cells within a row and is never a cell itself.
fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || is_box_drawing(ch) || matches!(ch, '|' | '+' | '-' | ',' | ';')
}

/// A character that always stands for an empty cell.
fn is_blank(ch: char) -> bool {
    matches!(ch, '.' | '_' | '*')
}

/// One cell as written: its line and column (from 1, in characters) and its text (one character, or
/// a number of one cell).
#[derive(Clone, Debug)]
struct Written<'a> {
    line: usize,
    col: usize,
    text: &'a str,
}

impl Written<'_> {
    fn ch(&self) -> char {
        self.text.chars().next().expect("a cell is never empty")
    }
}

/// The words of a row between separators, with their positions, read lazily (a line may be long:
/// nothing is collected).
fn words(line: usize, text: &str) -> impl Iterator<Item = Written<'_>> + '_ {
    let mut chars = text.char_indices().enumerate();
    std::iter::from_fn(move || {
        let mut start: Option<(usize, usize)> = None; // (byte, column) where the current word began
        for (col, (b, ch)) in chars.by_ref() {
            if is_separator(ch) {
                if let Some((sb, sc)) = start {
                    return Some(Written {
                        line,
                        col: sc,
                        text: &text[sb..b],
                    });
                }
            } else if start.is_none() {
                start = Some((b, col + 1));
            }
        }
        start.map(|(sb, sc)| Written {
            line,
            col: sc,
            text: &text[sb..],
        })
    })
}

/// The most cells a reading collects: twice the largest grid. Past it the text is no Sudoku, and is
/// refused there, so that memory stays bounded however long the text (a 50 MB line of `1 1 1 …`
/// collected 25 M cells, 1 GB, before counting them).
const MAX_CELLS_READ: usize = 2 * 625;

/// The most lines of cells (not blank, comment or border) read: a grid written one cell a line,
/// under a title, has 626.
const MAX_ROWS: usize = MAX_CELLS_READ + 1;

/// "read more than 1250 cells", where the cell past the bound stands.
fn too_many_cells(w: &Written) -> InputError {
    InputError::at(
        w.line,
        w.col,
        format!(
            "read more than {MAX_CELLS_READ} cells; a Sudoku has 16, 81, 256 or 625, so this is \
             not one"
        ),
    )
}

/// The cells of the rows read one a character; an error at the first character that no form uses.
fn char_cells<'a>(rows: &[(usize, &'a str)]) -> Result<Vec<Written<'a>>, InputError> {
    let mut out = Vec::new();
    for &(line, text) in rows {
        for (col, (b, ch)) in text.char_indices().enumerate() {
            if is_separator(ch) {
                continue;
            }
            if !(ch.is_ascii_alphanumeric() || is_blank(ch)) {
                return Err(InputError::at(
                    line,
                    col + 1,
                    format!(
                        "unknown character `{ch}`: cells are 1-9 or letters, and `.`, `0`, `_`, \
                         `*` or `x` for an empty one"
                    ),
                ));
            }
            let w = Written {
                line,
                col: col + 1,
                text: &text[b..b + ch.len_utf8()],
            };
            if out.len() == MAX_CELLS_READ {
                return Err(too_many_cells(&w));
            }
            out.push(w);
        }
    }
    Ok(out)
}

/// A word that is a whole number of one or two digits (a cell written as a number).
fn small_number(w: &str) -> Option<u8> {
    if (1..=2).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit()) {
        w.parse().ok()
    } else {
        None
    }
}

/// The rows read one cell a number, if that is how they are written: every word a number of one or
/// two digits or a blank, and some number of two digits (else one a character reads the same).
fn number_cells<'a>(rows: &[(usize, &'a str)]) -> Option<Vec<Written<'a>>> {
    let mut out = Vec::new();
    let mut two_digits = false;
    for &(line, text) in rows {
        for w in words(line, text) {
            let blank = w.text.chars().count() == 1 && (is_blank(w.ch()) || w.ch() == 'x');
            match small_number(w.text) {
                Some(v) => two_digits |= v >= 10,
                None if blank => {}
                None => return None,
            }
            // Too many to be a grid of numbers: read one a character, which says so.
            if out.len() == MAX_CELLS_READ {
                return None;
            }
            out.push(w);
        }
    }
    two_digits.then_some(out)
}

/// The distinct words of two or more digits, in reading order: numbers that a one-character-a-cell
/// reading split apart.
fn long_numbers<'a>(rows: &[(usize, &'a str)]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for &(line, text) in rows {
        for w in words(line, text) {
            let long = w.text.len() >= 2
                && w.text.len() <= 3
                && w.text.bytes().all(|b| b.is_ascii_digit());
            if long && !out.contains(&w.text) {
                out.push(w.text);
                // The message names two and says "…" for more.
                if out.len() == 3 {
                    return out;
                }
            }
        }
    }
    out
}

/// "read 310 cells; a Sudoku has …", with where the last cell was read and a hint when numbers of two
/// digits were read one digit a cell.
fn count_error(cells: &[Written], rows: &[(usize, &str)], numbers: Option<usize>) -> InputError {
    let mut message = format!(
        "read {} cells; a Sudoku has 16, 81, 256 or 625",
        cells.len()
    );
    let long = long_numbers(rows);
    match long.as_slice() {
        [] => {}
        [one] => message.push_str(&format!("; was `{one}` meant as a single number?")),
        [a, b] => message.push_str(&format!("; were `{a}` and `{b}` meant as single numbers?")),
        [a, b, ..] => message.push_str(&format!(
            "; were `{a}`, `{b}`, ... meant as single numbers?"
        )),
    }
    if let Some(k) = numbers {
        message.push_str(&format!(" (read as numbers, they are {k} cells)"));
    }
    match cells.last() {
        Some(w) => InputError::at(w.line, w.col, message),
        None => InputError::new(message),
    }
}

/// Row, column or box: the three kinds of unit, each of which must hold every symbol once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Row,
    Column,
    Box,
}

impl Unit {
    fn name(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        }
    }

    /// The cell index of the `i`-th cell of unit `u` of this kind, in a grid with boxes of side `n`.
    fn cell(self, n: usize, u: usize, i: usize) -> usize {
        let size = n * n;
        match self {
            Unit::Row => u * size + i,
            Unit::Column => i * size + u,
            Unit::Box => ((u / n) * n + i / n) * size + (u % n) * n + i % n,
        }
    }
}

/// A symbol that appears twice in one unit: at cells `first` and `second` (`first` earlier in the unit).
struct Repeat {
    unit: Unit,
    u: usize,
    first: usize,
    second: usize,
    v: u8,
}

/// The first symbol (ignoring empty cells) that a row, column or box holds twice, looking at rows, then
/// columns, then boxes.
fn find_repeat(n: usize, cells: &[u8]) -> Option<Repeat> {
    let size = n * n;
    for unit in [Unit::Row, Unit::Column, Unit::Box] {
        for u in 0..size {
            // seen[v]: the cell of this unit that holds v, or usize::MAX.
            let mut seen = [usize::MAX; 26];
            for i in 0..size {
                let p = unit.cell(n, u, i);
                let v = cells[p];
                if v == 0 {
                    continue;
                }
                if seen[v as usize] != usize::MAX {
                    return Some(Repeat {
                        unit,
                        u,
                        first: seen[v as usize],
                        second: p,
                        v,
                    });
                }
                seen[v as usize] = p;
            }
        }
    }
    None
}

/// `r3c7` for cell index `p` of an N×N grid.
fn cell_name(size: usize, p: usize) -> String {
    format!("r{}c{}", p / size + 1, p % size + 1)
}

/// A puzzle read from text: the box side, the N² cells (row-major, 0 for empty, else 1..=N) and how it
/// was written. Only [`Grid::parse`] makes one, so its givens never clash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    n: usize,
    cells: Vec<u8>,
    reading: Reading,
}

/// The box side for a number of cells, if it is a Sudoku's.
fn box_side(count: usize) -> Option<usize> {
    CELL_COUNTS.iter().position(|&c| c == count).map(|i| i + 2)
}

impl Grid {
    /// Reads a puzzle in any accepted text form (see the module documentation).
    pub fn parse(text: &str) -> Result<Grid, InputError> {
        // Lines as every reader numbers them (a lone `\r` ends one too), at most MAX_ROWS of them:
        // past that the text is refused where it stands, in memory bounded whatever its length.
        let mut rows: Vec<(usize, &str)> = Vec::new();
        for (line, text) in super::text_lines(text)
            .filter(|&(_, line)| !(line.trim().is_empty() || is_comment(line) || is_border(line)))
        {
            if rows.len() == MAX_ROWS {
                return Err(InputError::at(
                    line,
                    1,
                    format!(
                        "more than {MAX_ROWS} lines of cells; a Sudoku has at most 625 cells, so \
                         this is not one"
                    ),
                ));
            }
            rows.push((line, text));
        }
        let whole = Grid::read(&rows);
        if whole.is_ok() || rows.len() < 2 {
            return whole;
        }
        // A title line above the grid: the grid reads without it (its words made the count wrong, or
        // it holds characters no grid has).
        match Grid::read(&rows[1..]) {
            Ok(mut grid) => {
                grid.reading.title_skipped = true;
                Ok(grid)
            }
            Err(rest) => {
                // Which error to show: the one of the grid, if the first line cannot be cells or
                // reads like words (letters in lower case next to each other); else the whole text's.
                let (_, first) = rows[0];
                let wordy = char_cells(&rows[..1]).is_err()
                    || first
                        .as_bytes()
                        .windows(2)
                        .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_lowercase());
                Err(if wordy { rest } else { whole.unwrap_err() })
            }
        }
    }

    /// Reads the rows of a grid (comments and borders left out).
    fn read(rows: &[(usize, &str)]) -> Result<Grid, InputError> {
        let numbers = number_cells(rows);
        if let Some(cells) = &numbers {
            if let Some(n) = box_side(cells.len()) {
                return Grid::from_numbers(n, cells);
            }
        }
        let cells = char_cells(rows)?;
        let Some(n) = box_side(cells.len()) else {
            return Err(count_error(&cells, rows, numbers.map(|c| c.len())));
        };
        let size = n * n;
        let has = |f: fn(char) -> bool| cells.iter().any(|w| f(w.ch()));
        let alphabet = match size {
            16 if has(|c| c == '0') && !has(|c| c.eq_ignore_ascii_case(&'G')) => Alphabet::Hex,
            25 if !has(|c| c.is_ascii_digit()) => Alphabet::Letters,
            _ => Alphabet::Standard,
        };
        let mut values = Vec::with_capacity(cells.len());
        for (p, w) in cells.iter().enumerate() {
            let ch = w.ch();
            let v = match alphabet.value(ch) {
                Some(v) if usize::from(v) <= size => v,
                // 0 and x are empty wherever they are not symbols.
                _ if is_blank(ch) || ch == '0' && alphabet != Alphabet::Hex => 0,
                _ if ch.eq_ignore_ascii_case(&'x') && alphabet != Alphabet::Letters => 0,
                _ => {
                    return Err(InputError::at(
                        w.line,
                        w.col,
                        format!(
                            "{}: `{ch}` is not a symbol of a {size}x{size} Sudoku (symbols {})",
                            cell_name(size, p),
                            alphabet.describe(size)
                        ),
                    ))
                }
            };
            values.push(v);
        }
        let reading = Reading {
            alphabet,
            ..Reading::default()
        };
        Grid::checked(n, values, reading, &cells)
    }

    /// A grid written one cell a number.
    fn from_numbers(n: usize, cells: &[Written]) -> Result<Grid, InputError> {
        let size = n * n;
        let mut values = Vec::with_capacity(cells.len());
        for (p, w) in cells.iter().enumerate() {
            let v = small_number(w.text).unwrap_or(0);
            if usize::from(v) > size {
                return Err(InputError::at(
                    w.line,
                    w.col,
                    format!(
                        "{}: {v} is not a symbol of a {size}x{size} Sudoku (numbers 1-{size}; `0` or \
                         `.` for an empty cell)",
                        cell_name(size, p)
                    ),
                ));
            }
            values.push(v);
        }
        let reading = Reading {
            numbers: true,
            ..Reading::default()
        };
        Grid::checked(n, values, reading, cells)
    }

    /// The grid, unless two givens clash; the error names both cells and stands at the second.
    fn checked(
        n: usize,
        cells: Vec<u8>,
        reading: Reading,
        written: &[Written],
    ) -> Result<Grid, InputError> {
        let size = n * n;
        if let Some(r) = find_repeat(n, &cells) {
            let w = &written[r.second];
            // The alphabet was guessed from the symbols present: say which, since a 1-G grid with `0`
            // for its empty cells and no `G` given reads as hexadecimal, where `0` is a symbol.
            let assumed = match reading.alphabet {
                Alphabet::Hex => {
                    " (read as hexadecimal, symbols 0-F, as no `G` appears: `0` is a symbol there, \
                     so write empty cells as `.`)"
                }
                Alphabet::Letters => " (read with symbols A-Y)",
                Alphabet::Standard => "",
            };
            return Err(InputError::at(
                w.line,
                w.col,
                format!(
                    "{CLASH}: {} and {} both hold {} in {} {}{assumed}",
                    cell_name(size, r.first),
                    cell_name(size, r.second),
                    reading.symbol(r.v),
                    r.unit.name(),
                    r.u + 1
                ),
            ));
        }
        Ok(Grid { n, cells, reading })
    }

    /// How the text was read.
    pub fn reading(&self) -> Reading {
        self.reading
    }

    /// The alphabet the puzzle was written in (its board prints in it too).
    pub fn alphabet(&self) -> Alphabet {
        self.reading.alphabet
    }

    /// "Read as a 16x16 Sudoku (symbols 0-F; a title line skipped)": what the CLI and the page say.
    pub fn note(&self) -> String {
        let size = self.size();
        let mut how = Vec::new();
        match self.reading.alphabet {
            Alphabet::Hex => how.push("symbols 0-F".to_string()),
            Alphabet::Letters => how.push("symbols A-Y".to_string()),
            Alphabet::Standard if self.reading.numbers => how.push(format!("numbers 1-{size}")),
            Alphabet::Standard => {}
        }
        if self.reading.title_skipped {
            how.push("the title line skipped".into());
        }
        let from = match self.reading.source {
            Source::Text => "",
            Source::FpuzzlesJson => " from f-puzzles JSON",
            Source::FpuzzlesLink => " from an f-puzzles link",
            Source::SudokuPadLink => " from a SudokuPad link (f-puzzles)",
        };
        let mut note = format!("Read as a {size}x{size} Sudoku{from}");
        if !how.is_empty() {
            note.push_str(&format!(" ({})", how.join("; ")));
        }
        note
    }

    /// The side n of a box.
    pub fn box_side(&self) -> usize {
        self.n
    }

    /// N = n², the number of symbols and the side of the grid.
    pub fn size(&self) -> usize {
        self.n * self.n
    }

    /// The cells, row-major: 0 for empty, else the symbol number 1..=N.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The options of the given cells, in reading order (see the module documentation for the numbering).
    pub fn given_options(&self) -> impl Iterator<Item = usize> + '_ {
        let size = self.size();
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(move |(p, &v)| p * size + v as usize - 1)
    }

    /// One line of N² symbols in the puzzle's alphabet, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&v| self.reading.alphabet.label(v))
            .collect()
    }
}

/// The exact-cover instance of the empty N×N grid with boxes of side `n`: items `r1c1`…, `r1=1`…,
/// `c1=1`…, `b1=1`…, all primary; option `(r·N + c)·N + v − 1` is "r{r}c{c} r{r}={v} c{c}={v} b{b}={v}".
/// Panics unless `n` is 2 to 5 (a [`Grid`] has such an `n`).
pub fn instance(n: usize) -> Instance {
    instance_in(n, Alphabet::Standard)
}

/// [`instance`] with the symbols in the item names written in `alphabet` (`r1=0` for hexadecimal).
pub fn instance_in(n: usize, alphabet: Alphabet) -> Instance {
    instance_read(
        n,
        Reading {
            alphabet,
            ..Reading::default()
        },
    )
}

/// [`instance`] with the symbols in the item names written as the puzzle was read (`r1=16` for a
/// grid of numbers, `r1=0` for hexadecimal).
pub fn instance_read(n: usize, reading: Reading) -> Instance {
    assert!(
        (2..=5).contains(&n),
        "Sudoku boxes are 2x2 to 5x5, not {n}x{n}"
    );
    let size = n * n;
    let sym = |v: usize| reading.symbol(v as u8 + 1);
    let mut names = Vec::with_capacity(4 * size * size);
    names.extend((0..size * size).map(|p| cell_name(size, p)));
    for prefix in ["r", "c", "b"] {
        for u in 0..size {
            names.extend((0..size).map(|v| format!("{prefix}{}={}", u + 1, sym(v))));
        }
    }
    let mut inst = Instance::new(names, Vec::<String>::new()).expect("names are distinct");
    let block = size * size;
    for r in 0..size {
        for c in 0..size {
            let b = (r / n) * n + c / n;
            for v in 0..size {
                inst.add_option(&[
                    r * size + c,
                    block + r * size + v,
                    2 * block + c * size + v,
                    3 * block + b * size + v,
                ])
                .expect("items are distinct");
            }
        }
    }
    inst
}

/// A Sudoku puzzle as a [`Problem`]: classic, or with the rules of a variant ([`Rules`]).
pub struct Sudoku {
    grid: Grid,
    inst: Instance,
    givens: Vec<usize>,
    rules: Rules,
    /// The options after the N³ cell options: one per filling of a cage with a sum or a thermometer.
    fillings: Vec<Filling>,
    /// An f-puzzles puzzle's title.
    name: Option<String>,
    /// f-puzzles' cosmetic elements skipped, by name.
    skipped: Vec<String>,
}

/// What the page needs to draw a variant (a later wasm method hands it over as it is, serialised):
/// the grid's size, the variants by name, the region of every cell, and the shapes. Cells are
/// row-major indices from 0.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Layout {
    pub size: usize,
    pub variants: Vec<&'static str>,
    /// The region (box, or jigsaw region) of each cell, from 0; thick borders go between regions.
    pub regions: Vec<usize>,
    /// Whether the region is a jigsaw's (else the boxes).
    pub jigsaw: bool,
    /// The diagonals' cells: `diagonal+` (r{N}c1 up to r1c{N}), `diagonal-` (r1c1 down).
    pub diagonals: Vec<(&'static str, Vec<usize>)>,
    /// The windoku regions (shaded), then the extra regions.
    pub windoku: Vec<Vec<usize>>,
    pub extra_regions: Vec<Vec<usize>>,
    pub cages: Vec<Cage>,
    /// Each thermometer's cells from the bulb.
    pub thermos: Vec<Vec<usize>>,
}

impl Sudoku {
    /// Reads a puzzle (see the module documentation for the text forms, and [`fpuzzles`] for
    /// f-puzzles JSON and links) and builds its instance.
    pub fn parse(text: &str) -> Result<Sudoku, InputError> {
        Sudoku::parse_with(text, &[])
    }

    /// [`Sudoku::parse`] with rules switched on by name (`--variant x,anti-knight`).
    pub fn parse_with(text: &str, switches: &[Switch]) -> Result<Sudoku, InputError> {
        let (grid, mut rules, name, skipped) = if fpuzzles::looks_like(text) {
            let r = fpuzzles::read(text)?;
            (r.grid, r.rules, r.title, r.skipped)
        } else {
            (Grid::parse(text)?, Rules::default(), None, Vec::new())
        };
        for &s in switches {
            rules.apply(s);
        }
        if !switches.is_empty() {
            rules.validate(grid.n)?;
            if let Err(e) = rules.check(grid.n, &grid.cells, false) {
                return Err(InputError::new(format!("the givens break a rule: {e}")));
            }
        }
        Sudoku::with_rules(grid, rules, name, skipped)
    }

    /// The puzzle of `grid` under `rules` (its givens already checked against them).
    pub fn new(grid: Grid, rules: Rules) -> Result<Sudoku, InputError> {
        Sudoku::with_rules(grid, rules, None, Vec::new())
    }

    fn with_rules(
        grid: Grid,
        rules: Rules,
        name: Option<String>,
        skipped: Vec<String>,
    ) -> Result<Sudoku, InputError> {
        let (inst, fillings) = if rules.is_classic() {
            (instance_read(grid.n, grid.reading()), Vec::new())
        } else {
            let fillings = rules.fillings(grid.n, &grid.cells)?;
            let inst = variants::instance(grid.n, grid.alphabet(), &rules, &fillings)?;
            (inst, fillings)
        };
        let givens = grid.given_options().collect();
        Ok(Sudoku {
            grid,
            inst,
            givens,
            rules,
            fillings,
            name,
            skipped,
        })
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The rules beyond the classic ones (`Rules::default()` for a classic puzzle).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The filling of option `k`, when it fills a whole cage or thermometer (`k` ≥ N³).
    pub fn filling(&self, k: usize) -> Option<&Filling> {
        let size = self.grid.size();
        k.checked_sub(size * size * size)
            .and_then(|i| self.fillings.get(i))
    }

    /// What the page draws (see [`Layout`]).
    pub fn layout(&self) -> Layout {
        let n = self.grid.n;
        let size = n * n;
        let r = &self.rules;
        let mut diagonals = Vec::new();
        if r.diagonal_pos {
            diagonals.push((
                "diagonal+",
                (0..size).map(|i| (size - 1 - i) * size + i).collect(),
            ));
        }
        if r.diagonal_neg {
            diagonals.push(("diagonal-", (0..size).map(|i| i * size + i).collect()));
        }
        let windoku = r
            .groups(n)
            .into_iter()
            .filter(|(name, _)| name.starts_with("windoku"))
            .map(|(_, cells)| cells)
            .collect();
        Layout {
            size,
            variants: r.names(),
            regions: (0..size * size).map(|p| r.region_of(n, p)).collect(),
            jigsaw: r.regions.is_some(),
            diagonals,
            windoku,
            extra_regions: r.extra_regions.clone(),
            cages: r.cages.clone(),
            thermos: r.thermos.clone(),
        }
    }

    /// The cells an item is about (for highlighting it on the board): the cells of the cell
    /// options and fillings in its list — a cell, a row, a region, a diagonal, a cage's cells, the
    /// two cells of a knight's pair.
    pub fn item_cells(&self, item: usize) -> Vec<usize> {
        let size = self.grid.size();
        let mut out = Vec::new();
        for k in 0..self.inst.n_options() {
            if !self.inst.option(k).any(|i| i == item) {
                continue;
            }
            match self.filling(k) {
                Some(f) => out.extend_from_slice(self.rules.shape_cells(f.shape)),
                None if k < size * size * size => out.push(k / size),
                None => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The cell (row-major index) and symbol (from 1) that option `k` places.
    pub fn placement(&self, k: usize) -> (usize, u8) {
        let size = self.grid.size();
        (k / size, (k % size) as u8 + 1)
    }
}

impl Problem for Sudoku {
    fn title(&self) -> String {
        let size = self.grid.size();
        let names = self.rules.names();
        if names.is_empty() {
            format!("Sudoku {size}x{size}")
        } else {
            format!("Sudoku {size}x{size} ({})", names.join(", "))
        }
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    fn givens(&self) -> &[usize] {
        &self.givens
    }

    /// The puzzle with the symbols of `options` placed. The givens are shown whether or not `options`
    /// lists them, since they belong to every solution.
    fn board(&self, options: &[usize]) -> Board {
        let size = self.grid.size();
        let mut cells = self.grid.cells.clone();
        for &k in options {
            if let Some(f) = self.filling(k) {
                // A cage or thermometer filled whole shows its digits before its cells are chosen.
                for (&p, &d) in self.rules.shape_cells(f.shape).iter().zip(&f.digits) {
                    cells[p] = d;
                }
                continue;
            }
            let (p, v) = self.placement(k);
            cells[p] = v;
        }
        let reading = self.grid.reading();
        // A puzzle typed as numbers comes back as numbers, one row a line; else one line of symbols.
        let text = if reading.numbers {
            cells
                .chunks(size)
                .map(|row| {
                    row.iter()
                        .map(|&v| reading.symbol(v))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            cells.iter().map(|&v| reading.alphabet.label(v)).collect()
        };
        Board {
            kind: crate::problems::ProblemKind::Sudoku,
            rows: size,
            cols: size,
            cells: cells.into_iter().map(i32::from).collect(),
            given: self.grid.cells.iter().map(|&v| v != 0).collect(),
            labels: (0..=size as u8).map(|v| reading.symbol(v)).collect(),
            text,
            ..Board::default()
        }
    }

    fn note(&self) -> Option<String> {
        let mut note = self.grid.note();
        if let Some(name) = &self.name {
            note.push_str(&format!(", \u{201c}{name}\u{201d}"));
        }
        let names = self.rules.names();
        if !names.is_empty() {
            note.push_str(&format!(": {}", names.join(", ")));
        }
        if !self.skipped.is_empty() {
            note.push_str(&format!(
                " (cosmetic {} skipped: no rule)",
                self.skipped.join(", ")
            ));
        }
        Some(note)
    }

    /// Every row, column and box holds each symbol once, and every given is where the puzzle put it.
    /// "r3c5=7": the cell item's name and the symbol in the puzzle's alphabet (the option's items are
    /// the cell `r3c5`, then `r3=7`, `c5=7`, `b2=7`).
    fn label(&self, k: usize) -> String {
        if let Some(f) = self.filling(k) {
            let digits: Vec<String> = f
                .digits
                .iter()
                .map(|&d| self.grid.alphabet().label(d).to_string())
                .collect();
            return match f.shape {
                Shape::Cage(c) => format!("cage {}: {}", c + 1, digits.join("+")),
                Shape::Thermo(t) => format!("thermo {}: {}", t + 1, digits.join("<")),
            };
        }
        let text = self.instance().option_text(k);
        let mut words = text.split(' ');
        match (words.next(), words.next().and_then(|w| w.split_once('='))) {
            (Some(cell), Some((_, v))) => format!("{cell}={v}"),
            _ => text,
        }
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let size = self.grid.size();
        if board.kind != "sudoku" || board.rows != size || board.cols != size {
            return Err(format!(
                "not a {size}x{size} Sudoku board ({} {}x{})",
                board.kind, board.rows, board.cols
            ));
        }
        if board.cells.len() != size * size {
            return Err(format!("{} cells, not {}", board.cells.len(), size * size));
        }
        let mut cells = Vec::with_capacity(size * size);
        for (p, &v) in board.cells.iter().enumerate() {
            match u8::try_from(v) {
                Ok(v) if (1..=size).contains(&(v as usize)) => cells.push(v),
                _ if v == 0 => return Err(format!("{} is empty", cell_name(size, p))),
                _ => return Err(format!("{} holds {v}, not a symbol", cell_name(size, p))),
            }
        }
        if !self.rules.is_classic() {
            // The variant's rules, read from the puzzle, not from the instance (variants::Rules::check).
            self.rules.check(self.grid.n, &cells, true)?;
        }
        // With no cell empty, a unit of N cells without a repeat holds each of the N symbols once.
        if let Some(r) = find_repeat(self.grid.n, &cells).filter(|_| self.rules.regions.is_none()) {
            return Err(format!(
                "{} {} holds {} twice ({} and {})",
                r.unit.name(),
                r.u + 1,
                self.grid.reading().symbol(r.v),
                cell_name(size, r.first),
                cell_name(size, r.second)
            ));
        }
        for (p, (&g, &v)) in self.grid.cells.iter().zip(&cells).enumerate() {
            if g != 0 && g != v {
                return Err(format!(
                    "{} is given as {} but holds {}",
                    cell_name(size, p),
                    self.grid.reading().symbol(g),
                    self.grid.reading().symbol(v)
                ));
            }
        }
        Ok(())
    }
}

/// The four items of option `k` of the Sudoku with boxes of side `n` (instance item numbers): its cell,
/// its symbol in the row, in the column and in the box.
pub fn option_items(n: usize, k: usize) -> [usize; 4] {
    let size = n * n;
    let block = size * size;
    let (p, v) = (k / size, k % size);
    let (r, c) = (p / size, p % size);
    let b = (r / n) * n + c / n;
    [
        p,
        block + r * size + v,
        2 * block + c * size + v,
        3 * block + b * size + v,
    ]
}

/// The cells (row-major) an item of the Sudoku with boxes of side `n` is about: its one cell, or the
/// cells of its row, column or box.
pub fn item_cells(n: usize, item: usize) -> Vec<usize> {
    let size = n * n;
    let block = size * size;
    let (kind, u) = (item / block, item % block / size);
    match kind {
        0 => vec![item],
        1 => (0..size).map(|i| Unit::Row.cell(n, u, i)).collect(),
        2 => (0..size).map(|i| Unit::Column.cell(n, u, i)).collect(),
        3 => (0..size).map(|i| Unit::Box.cell(n, u, i)).collect(),
        _ => Vec::new(),
    }
}

/// The candidates of every cell as the search stands, read from its links (laid out in the given
/// order): for a cell whose item is not covered, bit `v - 1` for each symbol `v` whose option is still
/// in the cell item's list — as many bits as the item's length; 0 for a covered cell (filled by a given
/// or by the search, or the item being branched on).
///
/// These are the pencil marks of the puzzle people know: an option leaves the cell's list exactly when
/// its row, column or box already holds its symbol.
pub fn candidates(links: &Links, n: usize) -> Vec<u32> {
    let size = n * n;
    let nodes = links.nodes();
    (0..size * size)
        .map(|p| {
            let h = p as u32 + 1;
            if links.lens()[h as usize] & COVERED != 0 {
                return 0;
            }
            let mut mask = 0;
            let mut x = nodes[h as usize].down;
            while x != h {
                // A variant's cage filled directly covers its cells itself (option numbers past the
                // N³ cell options): no single digit to mark here.
                let k = links.option_of(x);
                if k < size * size * size {
                    mask |= 1 << (k % size);
                }
                x = nodes[x as usize].down;
            }
            mask
        })
        .collect()
}

/// What [`Solver::solve`] found: how many solutions (up to the limit) and the first of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub count: u64,
    pub solution: Option<Grid>,
}

/// Solves many puzzles fast: the matrix of each size is laid out once, and every puzzle is solved on
/// it — givens preselected, search, then [`Search::restart`] and [`Search::unpreselect`] undo exactly
/// what was covered, which costs less than copying the matrix afresh (64 KB for 9x9).
#[derive(Clone, Debug, Default)]
pub struct Solver {
    /// `searches[n - 2]`: the search over the instance of box side n, built on first use, and left
    /// at its start with nothing preselected between two puzzles.
    searches: [Option<Search>; 4],
    /// The given options of the puzzle at hand, kept to reuse its allocation.
    givens: Vec<usize>,
    /// What the searches count with (`Engine::Auto` unless `set_engine` says).
    engine: crate::core::Engine,
}

/// Records the first solution into a grid and stops the search at the limit.
struct FirstSolution<'a> {
    limit: u64,
    puzzle: &'a Grid,
    first: Option<Grid>,
}

impl Observer for FirstSolution<'_> {
    const FINE: bool = false;

    fn event(&mut self, _: crate::core::Event, s: &Search) -> ControlFlow<()> {
        if self.first.is_none() {
            // The givens are already in the puzzle; the options tried on the path fill the rest.
            let size = self.puzzle.size();
            let mut grid = self.puzzle.clone();
            for &x in s.path() {
                let k = s.links().option_of(x);
                grid.cells[k / size] = (k % size) as u8 + 1;
            }
            self.first = Some(grid);
        }
        if s.stats().solutions >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The engine its searches count with (see [`Search::set_engine`]).
    pub fn set_engine(&mut self, engine: crate::core::Engine) {
        self.engine = engine;
        for s in self.searches.iter_mut().flatten() {
            s.set_engine(engine);
        }
    }

    /// Counts the solutions of `puzzle`, stopping at `limit` (at least 1; 2 tells a unique puzzle from
    /// others), and returns the count with the first solution found.
    pub fn solve(&mut self, puzzle: &Grid, limit: u64) -> Solved {
        let n = puzzle.n;
        let engine = self.engine;
        let search = self.searches[n - 2].get_or_insert_with(|| {
            let mut s = Search::new(&instance(n));
            s.set_engine(engine);
            s
        });
        self.givens.clear();
        self.givens.extend(puzzle.given_options());
        let mut obs = FirstSolution {
            limit: limit.max(1),
            puzzle,
            first: None,
        };
        // Grid::parse rejects clashing givens, so preselect cannot fail here; no solution if it did.
        if search.preselect(&self.givens).is_ok() {
            search.run(&mut obs);
        }
        let count = search.stats().solutions;
        search.restart();
        search.unpreselect();
        Solved {
            count,
            solution: obs.first,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Event, Limits};

    /// Collects the boards of the solutions, fast path.
    struct Boards<'a> {
        sudoku: &'a Sudoku,
        boards: Vec<Board>,
    }

    impl Observer for Boards<'_> {
        const FINE: bool = false;
        fn event(&mut self, _: Event, s: &Search) -> ControlFlow<()> {
            self.boards.push(self.sudoku.board(&s.solution()));
            ControlFlow::Continue(())
        }
    }

    /// The solutions of a puzzle by the generic path (up to `limit`), each checked against the rules.
    fn solutions(text: &str, limit: u64) -> Vec<Board> {
        let sudoku = Sudoku::parse(text).unwrap();
        let mut search = Search::new(sudoku.instance());
        search.preselect(sudoku.givens()).unwrap();
        search.set_limits(Limits {
            solutions: Some(limit),
            nodes: None,
        });
        let mut obs = Boards {
            sudoku: &sudoku,
            boards: Vec::new(),
        };
        search.run(&mut obs);
        for b in &obs.boards {
            sudoku.check(b).unwrap();
        }
        obs.boards
    }

    fn err(text: &str) -> InputError {
        Sudoku::parse(text)
            .err()
            .expect("the text should be rejected")
    }

    // Puzzles made for these tests by removing cells from a shuffled full grid while the solution stayed
    // unique; each is given with that solution.
    const P4: &str = "2.41........4.13";
    const S4: &str = "2341143231244213";
    const P16: &str = ".......5B...76F.G2.394D..6..A.C..BA....72.5..9D....6..C..9.....\
                       26.2G.A...F...C35....G7..5C..1F..9..F...B.D4E..6......8..7G..4.E.\
                       .E.85......B.7...9..A.BC..D..5...3...91F6..2D8.E2.G.8E....F.C.B3A\
                       CE.2.7...3...8..G.....9..67.4A.8..1...3C..A...F..624...D.98.B5.";
    const S16: &str = "D48932G5BEAC76F1G25394D8167FAECBCBAE61F7235G89D4F176EBCA498D53G2\
                       672GDAE48F19BC35EA4DG7625CB31F98981FC53BAD4E2G6735BCF8917G264DEA\
                       4ED8562G3ACBF71919F7A3BCE8D4G526B3CA791F65G2D84E26G58E4D97F1CAB3\
                       ACE42F76GB35918D5G3B1D89F267E4AC8D91BG53C4EA627F7F624CAED1983B5G";
    const P25: &str = "H.2....N..G.DO.7..9M.B.....9..6..2HA8.P.J..I1.F5..PA.8NFG..O1BI.\
                       KH3.24.LC7..1IBK......6....5.D..8N.A.GDF5.1K.JML9..PN.EA26.H4C9.7\
                       A.2GF...B.1K4..IL.M.D.....P.1..DO.5..A7..6.4K...L.M.I4.K.78CA.1..\
                       ...G32.EB..ODM.5.J.K43.H.28..C.......9A8C.HF.G5MO.DBP1N.1.JN...97\
                       ...H.2...O..C.A..F.3.N.I.1L57.9AEC.8..2..46.K.C8.PAF3O..M957.J..1\
                       ..8P...FD..BN....2..6759M..L....6..........NJ..3DGF..3.FA...E....\
                       L9..C.K1.I.E..A.GO.5D.1.I62...HC..97DO...1J6...M.98EBA.P34F.HI.K1\
                       6.7...H.3.F..G5..AB..9.CM84H.3..A....61...GLDO6.4IH....832.FOL7D.\
                       51.JBNF3.2OEN.1..DM.78....4.H6KB.1.JD....K..6H..2G.A9....CA..2...\
                       F.E1..6.I...D.L..5MD....4...A.PB..1N.2.F.";
    const S25: &str = "H42638ANEPGFDO57CL9MIBKJ17M9LC6432HA8EPNJKBI1DF5OGPAE8NFG5DO1BIJ\
                       KH36249LC7MJ1IBKLMC97462H3O5FDGE8NPAOGDF5B1KIJML97CPN8EA263H4C987\
                       AH2GF3EPBN1K4J6ILOM5D32FHGPE1BNDOL5MCA7896J4KI5DLOMJI46K978CAN1PB\
                       EFHG32NEBP1ODML5IJ6K43GHF287AC9KI6J479A8C2HF3G5MOLDBP1NE1BJNI5L97\
                       M6KH42GD3OFPCEA8GFO3DNBIJ1L57M9AECP8HK24646HK2C8EPAF3OGDM957LJNI1\
                       BA8PCE3FDOGBNJ1I42KH6759MLML759K62H48CPAE1INJBO3DGF2H34FAPBNEOG5D\
                       L98MC7K16IJEPNABGOL5DJ1KI62F43HCM897DO5GL1J6KI7MC98EBANP34F2HIJK1\
                       6M78C9H432FDLG5ONABEP97CM84HF32PANEBI61KJ5GLDO6K4IH9CPA832GFOL7D\
                       M51EJBNF3G2OENJ1B5DML78P9AC4IH6KBN1EJD57MLKI46HFO2G3A9P8C8CA9P23\
                       OGFNE1BJ6HI4KMD7L5L5MD7IKH46C9A8PBJE1NG2OF3";

    /// Wikipedia's example puzzle and its solution.
    const P9: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const S9: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn unique_puzzles_of_every_size_are_solved_and_checked() {
        for (puzzle, solution, size) in [(P4, S4, 4), (P9, S9, 9), (P16, S16, 16), (P25, S25, 25)] {
            let sudoku = Sudoku::parse(puzzle).unwrap();
            assert_eq!(sudoku.title(), format!("Sudoku {size}x{size}"));
            assert_eq!(sudoku.instance().n_items(), 4 * size * size);
            assert_eq!(sudoku.instance().n_options(), size * size * size);
            let givens = puzzle.chars().filter(|&c| c != '.').count();
            assert_eq!(sudoku.givens().len(), givens);
            let boards = solutions(puzzle, 2);
            assert_eq!(boards.len(), 1, "{size}x{size} has one solution");
            let b = &boards[0];
            assert_eq!(b.text, solution);
            assert_eq!(b.given.iter().filter(|&&g| g).count(), givens);
            assert_eq!(b.labels.len(), size + 1);
            // The fast path agrees.
            let solved = Solver::new().solve(sudoku.grid(), 2);
            assert_eq!(solved.count, 1);
            assert_eq!(solved.solution.unwrap().to_line(), solution);
        }
    }

    #[test]
    fn options_read_as_knuth_encodes_them() {
        let sudoku = Sudoku::parse(P9).unwrap();
        let x = sudoku.instance();
        assert_eq!(x.option_text(0), "r1c1 r1=1 c1=1 b1=1");
        // Row 5, column 6, symbol 7: box 5.
        let k = (4 * 9 + 5) * 9 + 6;
        assert_eq!(x.option_text(k), "r5c6 r5=7 c6=7 b5=7");
        assert_eq!(sudoku.placement(k), (4 * 9 + 5, 7));
        let big = Sudoku::parse(P16).unwrap();
        assert_eq!(
            big.instance().option_text(16 * 16 * 16 - 1),
            "r16c16 r16=G c16=G b16=G"
        );
        // The givens are the options of the given cells: r1c1 holds 5.
        assert_eq!(sudoku.givens()[0], 4);
        assert_eq!(sudoku.givens().len(), 30);
    }

    #[test]
    fn a_drawn_grid_over_several_lines_reads_like_one_line() {
        let drawn = "\
            5 3 0 | 0 7 0 | 0 0 0\n\
            6 0 0 | 1 9 5 | 0 0 0\n\
            0 9 8 | 0 0 0 | 0 6 0\n\
            ------+-------+------\n\
            8 0 0 | 0 6 0 | 0 0 3\n\
            4 0 0 | 8 0 3 | 0 0 1\n\
            7 0 0 | 0 2 0 | 0 0 6\n\
            ------+-------+------\n\
            0 6 0 | 0 0 0 | 2 8 0\n\
            0 0 0 | 4 1 9 | 0 0 5\n\
            0 0 0 | 0 8 0 | 0 7 9\r\n";
        let a = Sudoku::parse(drawn).unwrap();
        assert_eq!(a.grid(), Sudoku::parse(P9).unwrap().grid());
        assert_eq!(a.grid().to_line(), P9);
        // Lower-case letters are symbols too.
        let lower = Sudoku::parse(&P16.to_lowercase()).unwrap();
        assert_eq!(lower.grid().to_line(), P16);
    }

    #[test]
    fn a_puzzle_with_two_solutions_is_reported_as_such() {
        // S9 with the rectangle r4c6 = 1, r4c9 = 3, r5c6 = 3, r5c9 = 1 emptied: rows 4 and 5 share a
        // band and columns 6 and 9 lie in two boxes, so the 1s and 3s can swap.
        let mut cells: Vec<char> = S9.chars().collect();
        for p in [3 * 9 + 5, 3 * 9 + 8, 4 * 9 + 5, 4 * 9 + 8] {
            cells[p] = '.';
        }
        let text: String = cells.into_iter().collect();
        let boards = solutions(&text, 100);
        assert_eq!(boards.len(), 2);
        assert!(boards.iter().any(|b| b.text == S9));
        assert_ne!(boards[0].text, boards[1].text);
        let mut solver = Solver::new();
        let grid = Grid::parse(&text).unwrap();
        assert_eq!(solver.solve(&grid, 2).count, 2);
        assert_eq!(solver.solve(&grid, 100).count, 2);
        // With limit 1 the search stops at the first solution.
        let first = solver.solve(&grid, 1);
        assert_eq!(first.count, 1);
        assert_eq!(first.solution.unwrap().to_line(), boards[0].text);
    }

    #[test]
    fn a_puzzle_without_solution_gives_none() {
        // No clash among the givens, but r1c9 can hold nothing: its row has 1-8 and its column a 9.
        let text = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        assert!(solutions(&text, 2).is_empty());
        let solved = Solver::new().solve(&Grid::parse(&text).unwrap(), 2);
        assert_eq!(
            solved,
            Solved {
                count: 0,
                solution: None
            }
        );
    }

    #[test]
    fn wrong_number_of_cells() {
        let e = err(&P9[..80]);
        assert_eq!(e.message, "read 80 cells; a Sudoku has 16, 81, 256 or 625");
        assert_eq!((e.line, e.column), (Some(1), Some(80)));
        let e = err(&format!("{P9}\n 1"));
        assert_eq!(e.message, "read 82 cells; a Sudoku has 16, 81, 256 or 625");
        assert_eq!((e.line, e.column), (Some(2), Some(2)));
        let e = err(" | \n--");
        assert_eq!(e.message, "read 0 cells; a Sudoku has 16, 81, 256 or 625");
        assert_eq!((e.line, e.column), (None, None));
    }

    #[test]
    fn symbols_out_of_range_for_the_size() {
        let e = err("2.415.......4.13");
        assert_eq!(
            e.message,
            "r2c1: `5` is not a symbol of a 4x4 Sudoku (symbols 1-4; `.` or `0` for an empty cell)"
        );
        assert_eq!((e.line, e.column), (Some(1), Some(5)));
        let e = err(&format!("{}\n..a{}", &P9[..9], &P9[12..]));
        assert_eq!(
            e.message,
            "r2c3: `a` is not a symbol of a 9x9 Sudoku (symbols 1-9; `.` or `0` for an empty cell)"
        );
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        // With a G in the grid, 0 is not a symbol of the 16x16: an empty cell. H is the 17th symbol.
        let zero = Sudoku::parse(&format!("0{}", &P16[1..])).unwrap();
        assert_eq!(zero.grid().to_line(), P16);
        assert_eq!(zero.grid().alphabet(), Alphabet::Standard);
        let e = err(&format!("{}H{}", &P16[..17], &P16[18..]));
        assert!(e
            .message
            .starts_with("r2c2: `H` is not a symbol of a 16x16"));
        assert_eq!((e.line, e.column), (Some(1), Some(18)));
        assert_eq!(
            Sudoku::parse(&format!("0{}", &P4[1..]))
                .unwrap()
                .grid()
                .to_line(),
            format!(".{}", &P4[1..])
        );
    }

    #[test]
    fn unknown_characters() {
        let e = err("2.41\n..?.\n....\n4.13");
        assert_eq!(
            e.message,
            "unknown character `?`: cells are 1-9 or letters, and `.`, `0`, `_`, `*` or `x` for an \
             empty one"
        );
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        // Q is past the largest size's symbols; é is more than one byte: columns count characters.
        assert_eq!(err(&format!("{}Q", &P25[1..])).column, Some(625));
        let e = err("é2.41");
        assert_eq!((e.line, e.column), (Some(1), Some(1)));
        assert!(e.message.starts_with("unknown character `é`"));
    }

    #[test]
    fn clashing_givens_name_both_cells_and_the_symbol() {
        let e = err("2.42............");
        assert_eq!(
            e.message,
            "givens clash: r1c1 and r1c4 both hold 2 in row 1"
        );
        assert_eq!((e.line, e.column), (Some(1), Some(4)));
        let e = err("3...\n....\n....\n3...");
        assert_eq!(
            e.message,
            "givens clash: r1c1 and r4c1 both hold 3 in column 1"
        );
        assert_eq!((e.line, e.column), (Some(4), Some(1)));
        let e = err(&format!("{}\n6.3{}", &P9[..9], &P9[12..]));
        assert_eq!(
            e.message,
            "givens clash: r1c2 and r2c3 both hold 3 in box 1"
        );
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
    }

    #[test]
    fn check_rejects_boards_that_break_a_rule() {
        let sudoku = Sudoku::parse(P9).unwrap();
        let good = solutions(P9, 1).remove(0);
        assert_eq!(sudoku.check(&good), Ok(()));
        let mut b = good.clone();
        b.cells[80] = 0;
        assert_eq!(sudoku.check(&b), Err("r9c9 is empty".into()));
        b.cells[80] = 10;
        assert_eq!(sudoku.check(&b), Err("r9c9 holds 10, not a symbol".into()));
        // Swapping two cells of a row keeps the row a permutation but breaks columns.
        let mut b = good.clone();
        b.cells.swap(79, 80);
        assert_eq!(
            sudoku.check(&b),
            Err("column 8 holds 9 twice (r5c8 and r9c8)".into())
        );
        // A valid grid that does not keep the givens: the solution with symbols 1 and 2 swapped.
        let mut b = good.clone();
        for v in &mut b.cells {
            *v = match *v {
                1 => 2,
                2 => 1,
                x => x,
            };
        }
        assert_eq!(
            sudoku.check(&b),
            Err("r2c4 is given as 1 but holds 2".into())
        );
        assert!(sudoku.check(&Board::default()).is_err());
    }

    #[test]
    fn a_partial_board_shows_the_givens_and_the_options_so_far() {
        let sudoku = Sudoku::parse(P4).unwrap();
        // Option for r1c2 = 3.
        let b = sudoku.board(&[4 + 2]);
        assert_eq!(b.kind, "sudoku");
        assert_eq!(b.text, "2341........4.13");
        assert_eq!(b.cells[1], 3);
        assert!(!b.given[1] && b.given[0]);
        assert_eq!(b.labels, vec![".", "1", "2", "3", "4"]);
        assert_eq!(sudoku.board(&[]).text, P4);
        assert!(sudoku.check(&sudoku.board(&[])).is_err());
    }

    // ---- The forms people paste (the shapes copied from the programs and sites that print them). ----

    /// Easter Monster: a 9x9 that branches (about 5,000 search-tree nodes).
    const EASTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

    /// Reads `text`, expecting the puzzle `line` (one line, standard symbols, `.` empty).
    fn reads_as(text: &str, line: &str) -> Grid {
        let grid = Grid::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let standard: String = grid.cells().iter().map(|&v| symbol(v)).collect();
        assert_eq!(standard, line, "{text}");
        grid
    }

    #[test]
    fn hodoku_grid_with_its_borders() {
        // HoDoKu, File > Copy givens as a grid: `.---.` on top, `:---+` between bands, `'---'` below.
        let hodoku = "\
.-------.-------.-------.
| 1 . . | . . . | . . 2 |
| . 9 . | 4 . . | . 5 . |
| . . 6 | . . . | 7 . . |
:-------+-------+-------:
| . 5 . | 9 . 3 | . . . |
| . . . | . 7 . | . . . |
| . . . | 8 5 . | . 4 . |
:-------+-------+-------:
| 7 . . | . . . | 6 . . |
| . 3 . | . . 9 | . 8 . |
| . . 2 | . . . | . . 1 |
'-------'-------'-------'
";
        let g = reads_as(hodoku, EASTER);
        assert_eq!(g.note(), "Read as a 9x9 Sudoku");
    }

    #[test]
    fn simple_sudoku_grid_with_its_borders() {
        // Simple Sudoku's .ss text: `*-----------*` above and below, `|---+---+---|` between bands.
        let ss = "\
*-----------*
|1..|...|..2|
|.9.|4..|.5.|
|..6|...|7..|
|---+---+---|
|.5.|9.3|...|
|...|.7.|...|
|...|85.|.4.|
|---+---+---|
|7..|...|6..|
|.3.|..9|.8.|
|..2|...|..1|
*-----------*
";
        reads_as(ss, EASTER);
        // The same with the other empty marks people use: 0, _, * and x (x also in capitals).
        for mark in ["0", "_", "*", "x", "X"] {
            reads_as(
                &ss.replace("|.", "|#").replace('.', mark).replace('#', "."),
                EASTER,
            );
        }
    }

    #[test]
    fn box_drawing_grids() {
        let double = "\
╔═══════╤═══════╤═══════╗
║ 1 . . │ . . . │ . . 2 ║
║ . 9 . │ 4 . . │ . 5 . ║
║ . . 6 │ . . . │ 7 . . ║
╟───────┼───────┼───────╢
║ . 5 . │ 9 . 3 │ . . . ║
║ . . . │ . 7 . │ . . . ║
║ . . . │ 8 5 . │ . 4 . ║
╟───────┼───────┼───────╢
║ 7 . . │ . . . │ 6 . . ║
║ . 3 . │ . . 9 │ . 8 . ║
║ . . 2 │ . . . │ . . 1 ║
╚═══════╧═══════╧═══════╝";
        reads_as(double, EASTER);
        let single = "\
┌───────┬───────┬───────┐
│ 1     │       │     2 │
│   9   │ 4     │   5   │
│     6 │       │ 7     │
├───────┼───────┼───────┤
│   5   │ 9   3 │       │
│       │   7   │       │
│       │ 8 5   │   4   │
├───────┼───────┼───────┤
│ 7     │       │ 6     │
│   3   │     9 │   8   │
│     2 │       │     1 │
└───────┴───────┴───────┘";
        // Blank cells as spaces cannot be counted; written with `.` they read.
        let dotted: String = single
            .lines()
            .map(|l| {
                if l.contains('│') {
                    // Each cell is the character at 2, 4, 6 of a box's 7 columns.
                    l.chars()
                        .enumerate()
                        .map(|(i, ch)| {
                            if i % 8 != 0 && i % 2 == 0 && ch == ' ' {
                                '.'
                            } else {
                                ch
                            }
                        })
                        .collect::<String>()
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        reads_as(&dotted, EASTER);
        let e = Grid::parse(single).unwrap_err();
        assert!(e.message.starts_with("read 21 cells"), "{e}");
    }

    #[test]
    fn comments_and_a_title_line_are_skipped() {
        let text = format!(
            "Easter Monster\n# from the forum's list of hardest puzzles\n// rated 11.9\n{}\n",
            EASTER
                .as_bytes()
                .chunks(9)
                .map(|r| std::str::from_utf8(r).unwrap())
                .collect::<Vec<_>>()
                .join("\n")
        );
        let g = reads_as(&text, EASTER);
        assert!(g.reading().title_skipped);
        assert_eq!(g.note(), "Read as a 9x9 Sudoku (the title line skipped)");
        // A title with punctuation, and a comment between the rows.
        let text = format!(
            "Puzzle 1: hard!\n{}\n# half way\n{}",
            &EASTER[..45],
            &EASTER[45..]
        );
        reads_as(&text, EASTER);
        // A title over a grid with an error: the grid's error, not a count that includes the title.
        let bad = format!("Easter Monster\n2{}", &EASTER[1..]);
        let e = Grid::parse(&bad).unwrap_err();
        assert_eq!(
            e.message,
            "givens clash: r1c1 and r1c9 both hold 2 in row 1"
        );
        assert_eq!((e.line, e.column), (Some(2), Some(9)));
        // With no title, line numbers are the text's own.
        let e = Grid::parse(&format!("# c\n\n{}", &EASTER[..80])).unwrap_err();
        assert_eq!(e.message, "read 80 cells; a Sudoku has 16, 81, 256 or 625");
        assert_eq!((e.line, e.column), (Some(3), Some(80)));
    }

    /// P16 in hexadecimal: symbol v written as the digit v - 1.
    fn hex(line: &str) -> String {
        line.chars()
            .map(|ch| match symbol_value(ch) {
                Some(v) => char::from_digit(u32::from(v) - 1, 16)
                    .unwrap()
                    .to_ascii_uppercase(),
                None => ch,
            })
            .collect()
    }

    /// The standard symbol number of a character (`1`-`9`, `A`-`P`).
    fn symbol_value(ch: char) -> Option<u8> {
        Alphabet::Standard.value(ch)
    }

    /// Rows of `size` cells, each cell written by `cell` and joined by `sep`.
    fn rows_of(line: &str, size: usize, sep: &str, cell: impl Fn(char) -> String) -> String {
        let cells: Vec<char> = line.chars().collect();
        cells
            .chunks(size)
            .map(|r| r.iter().map(|&c| cell(c)).collect::<Vec<_>>().join(sep))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn sixteen_by_sixteen_in_hexadecimal() {
        let text = rows_of(&hex(P16), 16, " ", |c| c.to_string());
        let g = reads_as(&text, P16);
        assert_eq!(g.alphabet(), Alphabet::Hex);
        assert_eq!(g.note(), "Read as a 16x16 Sudoku (symbols 0-F)");
        // Printed back in hexadecimal, solved in hexadecimal.
        assert_eq!(g.to_line(), hex(P16));
        let sudoku = Sudoku::parse(&text).unwrap();
        let solved = solutions(&text, 2);
        assert_eq!(solved.len(), 1);
        assert_eq!(solved[0].text, hex(S16));
        assert_eq!(solved[0].labels[1], "0");
        assert_eq!(solved[0].labels[16], "F");
        assert_eq!(sudoku.instance().option_text(0), "r1c1 r1=0 c1=0 b1=0");
        // A hexadecimal clash names the symbol as written.
        let clash = format!("00{}", &hex(P16)[2..]);
        assert!(Grid::parse(&clash)
            .unwrap_err()
            .message
            .contains("both hold 0 in row 1"));
        // H has no place in hexadecimal.
        let e = Grid::parse(&format!("0H{}", &hex(P16)[2..])).unwrap_err();
        assert!(
            e.message
                .contains("`H` is not a symbol of a 16x16 Sudoku (symbols 0-F"),
            "{e}"
        );
    }

    #[test]
    fn numbers_separated_by_spaces_or_commas() {
        let number = |c: char| symbol_value(c).map_or("0".to_string(), |v| v.to_string());
        let spaced = rows_of(P16, 16, " ", number);
        assert!(spaced.contains(" 16 ") || spaced.contains(" 10 "));
        let g = reads_as(&spaced, P16);
        assert!(g.reading().numbers);
        assert_eq!(g.note(), "Read as a 16x16 Sudoku (numbers 1-16)");
        // Commas, a trailing comma, dots for the empty cells, and a title.
        let commas = rows_of(P16, 16, ",", |c| {
            symbol_value(c).map_or(".".to_string(), |v| v.to_string())
        });
        reads_as(&format!("16x16 from a CSV file\n{commas}"), P16);
        reads_as(&commas.replace('\n', ",\n"), P16);
        let g = reads_as(&rows_of(P25, 25, " ", number), P25);
        assert_eq!(g.note(), "Read as a 25x25 Sudoku (numbers 1-25)");
        // A 9x9 with commas reads one digit a cell: the same.
        reads_as(&rows_of(EASTER, 9, ", ", number), EASTER);
        // A number past the size.
        let e = Grid::parse(&spaced.replacen(" 0 ", " 17 ", 1)).unwrap_err();
        assert!(
            e.message.ends_with(
                "17 is not a symbol of a 16x16 Sudoku (numbers 1-16; `0` or `.` for an empty cell)"
            ),
            "{e}"
        );
    }

    #[test]
    fn a_wrong_count_of_numbers_says_what_was_read() {
        let number = |c: char| symbol_value(c).map_or("0".to_string(), |v| v.to_string());
        let spaced = rows_of(P16, 16, " ", number);
        // One number lost: 255 numbers, which read one digit a cell make more cells still.
        let short = spaced.trim_end_matches(|c: char| c != ' ').trim_end();
        let digits = short.chars().filter(|c| c.is_ascii_digit()).count();
        let e = Grid::parse(short).unwrap_err();
        let two: Vec<&str> = short
            .split_whitespace()
            .filter(|w| w.len() == 2)
            .take(2)
            .collect();
        assert_eq!(
            e.message,
            format!(
                "read {digits} cells; a Sudoku has 16, 81, 256 or 625; were `{}`, `{}`, ... meant \
                 as single numbers? (read as numbers, they are 255 cells)",
                two[0], two[1]
            )
        );
        assert_eq!(e.line, Some(16));
    }

    /// P25 in letters: symbol v written as the v-th letter.
    fn letters(line: &str) -> String {
        line.chars()
            .map(|ch| symbol_value(ch).map_or(ch, |v| char::from(b'A' + v - 1)))
            .collect()
    }

    #[test]
    fn twenty_five_by_twenty_five_in_letters() {
        let text = rows_of(&letters(P25), 25, "", |c| c.to_string());
        let g = reads_as(&text, P25);
        assert_eq!(g.alphabet(), Alphabet::Letters);
        assert_eq!(g.note(), "Read as a 25x25 Sudoku (symbols A-Y)");
        let solved = Solver::new().solve(&g, 2);
        assert_eq!(solved.count, 1);
        assert_eq!(solved.solution.unwrap().to_line(), letters(S25));
        // Lower case too; X is a letter here, not an empty cell.
        let lower = letters(P25).to_lowercase();
        assert!(lower.contains('x'));
        reads_as(&lower, P25);
        // With a digit in it, the grid is 1-9 and A-P again, and Q is out.
        let e = Grid::parse(&format!("1{}", &letters(P25)[1..])).unwrap_err();
        assert!(
            e.message.contains("is not a symbol of a 25x25 Sudoku"),
            "{e}"
        );
    }

    #[test]
    fn a_sudoku_in_the_exact_cover_box_or_any_box_is_read_as_a_sudoku() {
        use crate::problems::{load, load_text, parse_n, Spec};
        let p = load(&Spec::ExactCover(EASTER.into())).unwrap();
        assert_eq!(p.title(), "Sudoku 9x9");
        assert_eq!(p.note().as_deref(), Some("Read as a 9x9 Sudoku"));
        assert_eq!(p.givens().len(), 21);
        // A grid over several lines, too; a 0-1 matrix of 16 cells stays a matrix.
        let rows = rows_of(EASTER, 9, "", |c| c.to_string());
        assert_eq!(
            load(&Spec::ExactCover(rows.clone())).unwrap().title(),
            "Sudoku 9x9"
        );
        let m = load(&Spec::ExactCover("0110\n1001\n0110\n1001".into())).unwrap();
        assert_eq!(m.note(), None);
        assert_eq!(m.instance().n_options(), 4);
        // Neither: the exact-cover error stands.
        assert!(load(&Spec::ExactCover("a b\nc".into())).is_err());
        // In the N box of the queens.
        let p = load_text(parse_n(&rows).map(Spec::Queens), &rows).unwrap();
        assert_eq!(p.title(), "Sudoku 9x9");
        let q = load_text(parse_n("8").map(Spec::Queens), "8").unwrap();
        assert_eq!(q.note(), None);
        let e = load_text(parse_n("8x").map(Spec::Queens), "8x")
            .err()
            .unwrap();
        assert!(e.message.contains("not a digit"), "{e}");
    }

    #[test]
    fn a_drawn_or_clashing_sudoku_in_the_exact_cover_box_is_a_sudoku() {
        use crate::problems::{load, load_text, warning, Spec};
        // Simple Sudoku's drawing: read as Knuth's format it was 1 item (`*-----------*`), 1 option.
        let simple = "*-----------*\n|1..|...|..2|\n|.9.|4..|.5.|\n|..6|...|7..|\n|---+---+---|\n\
                      |.5.|9.3|...|\n|...|.7.|...|\n|...|85.|.4.|\n|---+---+---|\n\
                      |7..|...|6..|\n|.3.|..9|.8.|\n|..2|...|..1|\n*-----------*\n";
        let p = load(&Spec::ExactCover(simple.into())).unwrap();
        assert_eq!(p.title(), "Sudoku 9x9");
        assert_eq!(p.board(&[]).text, EASTER);
        // The page's exact-cover box goes the same way.
        let ec = |t: &str| crate::problems::kinds::spec("exact-cover", t, false);
        assert_eq!(load_text(ec(simple), simple).unwrap().title(), "Sudoku 9x9");
        // Two 1s in row 1: the clash is the error, with both cells (it was "1 items, 0 options").
        let clash = format!("11{}", &EASTER[2..]);
        for e in [
            load(&Spec::ExactCover(clash.clone())).err().unwrap(),
            load_text(ec(&clash), &clash).err().unwrap(),
        ] {
            assert_eq!(
                e.message, "givens clash: r1c1 and r1c2 both hold 1 in row 1",
                "{e}"
            );
            assert_eq!((e.line, e.column), (Some(1), Some(2)));
        }
        // Drawn and clashing: the clash too, not Knuth's one item and one option.
        let drawn_clash = simple.replacen("|1..|", "|11.|", 1);
        let e = load(&Spec::ExactCover(drawn_clash)).err().unwrap();
        assert!(e.message.starts_with("givens clash: r1c1 and r1c2"), "{e}");
        // A 0-1 matrix that reads as a 4x4 Sudoku without a clash stays a matrix.
        let m = load(&Spec::ExactCover("1000\n0010\n0100\n0001".into())).unwrap();
        assert_eq!(m.note(), None);
        assert_eq!(m.instance().n_options(), 4);
        // A Knuth instance with options whose Sudoku reading clashes stays an instance.
        let knuth = "1 2 3 4\n1 2\n3 4\n1 3\n2 4\n1 2 3 4";
        let k = load(&Spec::ExactCover(knuth.into())).unwrap();
        assert_eq!(k.instance().n_options(), 5, "{}", k.title());
        assert_eq!(warning(&*k), None);
        // No Sudoku: Knuth's reading stands, with its warning.
        let hello = load(&Spec::ExactCover("hello world".into())).unwrap();
        assert_eq!(hello.instance().n_items(), 2);
        let w = warning(&*hello).unwrap();
        assert!(
            w.starts_with("Nothing to search: 2 items and no option."),
            "{w}"
        );
        let one = load(&Spec::ExactCover("a\na\na".into())).unwrap();
        let w = warning(&*one).unwrap();
        assert!(
            w.starts_with("Only one item (`a`): each of the 2 options"),
            "{w}"
        );
        // A Sudoku whose givens fill the grid has no option left, and needs no warning.
        assert_eq!(warning(&*load(&Spec::Sudoku(EASTER.into())).unwrap()), None);
    }

    #[test]
    fn candidates_are_the_live_lists_of_the_cell_items() {
        let sudoku = Sudoku::parse(EASTER).unwrap();
        let mut search = Search::new(sudoku.instance());
        search.preselect(sudoku.givens()).unwrap();
        // At the start, the candidates of a cell are the symbols its row, column and box lack.
        let cells = sudoku.grid().cells();
        let naive = |cells: &[u8], p: usize| -> u32 {
            let (r, c) = (p / 9, p % 9);
            let mut mask = 0x1ff;
            for (q, &v) in cells.iter().enumerate() {
                let (s, d) = (q / 9, q % 9);
                if v != 0 && (s == r || d == c || (s / 3, d / 3) == (r / 3, c / 3)) {
                    mask &= !(1 << (v - 1));
                }
            }
            mask
        };
        let cand = candidates(search.links(), 3);
        for p in 0..81 {
            let expect = if cells[p] != 0 { 0 } else { naive(cells, p) };
            assert_eq!(cand[p], expect, "cell {p}");
            if cells[p] == 0 {
                assert_eq!(cand[p].count_ones(), search.links().len(p as u32 + 1));
            }
        }
        assert_eq!(cand[1], 0b1100_1000, "r1c2 can hold 4, 7 or 8");
        // Deeper in the search, they follow the board of the options chosen.
        let mut events = 0;
        while search.path().len() < 3 {
            search.step().unwrap();
            events += 1;
        }
        while search.trying().is_some() {
            // The tried option is placed once its items are covered: step to the next choice.
            if matches!(search.step(), Some(Event::Choose { .. }) | None) {
                break;
            }
        }
        let board = sudoku.board(&search.solution());
        let placed: Vec<u8> = board.cells.iter().map(|&v| v as u8).collect();
        let cand = candidates(search.links(), 3);
        let mut checked = 0;
        for p in 0..81 {
            if placed[p] == 0 {
                assert_eq!(cand[p], naive(&placed, p), "cell {p} after {events} events");
                checked += 1;
            }
        }
        assert!(checked > 40);
    }

    #[test]
    fn items_and_cells_map_both_ways() {
        // Option for r5c6 = 7: items r5c6, r5=7, c6=7, b5=7.
        let k = (4 * 9 + 5) * 9 + 6;
        let inst = instance(3);
        let names: Vec<&str> = option_items(3, k)
            .iter()
            .map(|&i| inst.item_name(i))
            .collect();
        assert_eq!(names, ["r5c6", "r5=7", "c6=7", "b5=7"]);
        for k in [0, 100, 728] {
            assert_eq!(
                option_items(3, k).to_vec(),
                inst.option(k).collect::<Vec<_>>()
            );
        }
        assert_eq!(item_cells(3, 4 * 9 + 5), [41]);
        let row5: Vec<usize> = (36..45).collect();
        assert_eq!(item_cells(3, 81 + 4 * 9 + 6), row5);
        let col6: Vec<usize> = (0..9).map(|r| r * 9 + 5).collect();
        assert_eq!(item_cells(3, 2 * 81 + 5 * 9 + 6), col6);
        assert_eq!(
            item_cells(3, 3 * 81 + 4 * 9 + 6),
            [30, 31, 32, 39, 40, 41, 48, 49, 50]
        );
        // Every option's cell lies among the cells of each of its items.
        for k in 0..729 {
            let p = k / 9;
            for i in option_items(3, k) {
                assert!(item_cells(3, i).contains(&p));
            }
        }
    }
}
