//! The one Sudoku reader: text forms to a [`Grid`] (cells, geometry, alphabet), with the messages.

use super::geometry::{nearest_counts, Geometry};
use crate::problems::InputError;

/// The character of symbol `v` (0 = empty) in the standard alphabet: see [`super::symbol`].
fn symbol(v: u8) -> char {
    crate::problems::symbol(usize::from(v))
}

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
    /// Values from 0 (ISS's `.Shape~9x9~0-8`): `0`-`9` stand for symbols 1 to 10; past 10
    /// symbols the grid is written as numbers ([`Reading::numbers`]) from 0.
    FromZero,
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
            (Alphabet::FromZero, 1..=10) => char::from(b'0' + v - 1),
            _ => symbol(v),
        }
    }

    /// The symbol number of a character in this alphabet, for a grid of side `size`; `None` for an
    /// empty cell or a character that is no symbol here.
    pub(super) fn value(self, ch: char) -> Option<u8> {
        let ch = ch.to_ascii_uppercase();
        let v = match (self, ch) {
            (Alphabet::Hex, '0'..='9') => ch as u8 - b'0' + 1,
            (Alphabet::Hex, 'A'..='F') => ch as u8 - b'A' + 11,
            (Alphabet::Letters, 'A'..='Y') => ch as u8 - b'A' + 1,
            (Alphabet::FromZero, '0'..='9') => ch as u8 - b'0' + 1,
            (Alphabet::Standard, '1'..='9') => ch as u8 - b'0',
            (Alphabet::Standard, 'A'..='P') => ch as u8 - b'A' + 10,
            _ => return None,
        };
        Some(v)
    }

    /// The symbols and empty cells of this alphabet for a grid of side `size`, for messages.
    fn describe(self, size: usize) -> String {
        match (self, size) {
            (Alphabet::Hex, _) => "0-F (hexadecimal); `.` for an empty cell".into(),
            (Alphabet::Letters, _) => "A-Y; `.` for an empty cell".into(),
            (Alphabet::FromZero, _) => format!("0-{}; `.` for an empty cell", size - 1),
            (_, 16) => "1-9 and A-G, or 0-F; `.` for an empty cell".into(),
            (_, 25) => "1-9 and A-P, or A-Y; `.` for an empty cell".into(),
            (_, 1..=9) => format!("1-{size}; `.` or `0` for an empty cell"),
            _ => format!(
                "1-9 and A-{}; `.` or `0` for an empty cell",
                Alphabet::Standard.label(size as u8)
            ),
        }
    }
}

/// Where a puzzle came from: text (any grid form), or f-puzzles JSON as text or in a link.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Source {
    #[default]
    Text,
    FpuzzlesJson,
    /// JSON rows of numbers, 0 or null for an empty cell (`[[0,0,3,…],…]`, or under `board`).
    JsonRows,
    FpuzzlesLink,
    SudokuPadLink,
    /// An Interactive Sudoku Solver constraint string or killer text (`iss/`).
    Iss,
    /// An Interactive Sudoku Solver link (`?q=`).
    IssLink,
    /// A SudokuPad link with SudokuPad's own puzzle (`scl…`, `ctc…`: `sudokupad.rs`).
    SudokuPadNative,
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
    /// A last line of words under the grid was skipped.
    pub footer_skipped: bool,
    /// Blanks read as empty cells, one character a cell: every line N characters long.
    pub blanks: bool,
}

impl Reading {
    /// How symbol `v` (from 1; 0 empty) is written back: as a number (`16`) when the puzzle was
    /// typed as numbers, else the character of its alphabet. The board, the item names and the
    /// messages all use it, so a puzzle comes back in the form it was typed in.
    pub fn symbol(self, v: u8) -> String {
        if self.numbers && v > 0 {
            (v - u8::from(self.alphabet == Alphabet::FromZero)).to_string()
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
    crate::problems::text_lines(text).any(|(_, line)| is_border(line))
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
            "read more than {MAX_CELLS_READ} cells; a Sudoku has at most 625 (25x25), so this is \
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

/// A vertical stroke of a drawn grid.
fn is_wall(ch: char) -> bool {
    matches!(
        ch,
        '|' | '│' | '┃' | '║' | '╎' | '╏' | '┆' | '┇' | '┊' | '┋'
    )
}

/// The cells of a grid drawn with a wall between every two cells (`║ 5 │ 3 │   ║`, as box-drawing
/// printouts draw it), where a cell left blank between two walls is empty: read as one character
/// a cell, these rows lose their blank cells (30 cells of 81). `None` unless every row starts and
/// ends with a wall, every space between two walls holds at most one character, and some hold none.
fn walled_cells<'a>(rows: &[(usize, &'a str)]) -> Option<Vec<Written<'a>>> {
    let mut out = Vec::new();
    let mut blank = false;
    for &(line, text) in rows {
        let t = text.trim();
        if !(t.chars().next().is_some_and(is_wall) && t.chars().last().is_some_and(is_wall)) {
            return None;
        }
        // The space since the last wall: its byte and its column (characters, from 1).
        let mut since: Option<(usize, usize)> = None;
        for (col, (b, ch)) in text.char_indices().enumerate() {
            if !is_wall(ch) {
                continue;
            }
            if let Some((sb, sc)) = since {
                let space = &text[sb..b];
                let cell = space.trim();
                if cell.chars().count() > 1 || out.len() == MAX_CELLS_READ {
                    return None;
                }
                blank |= cell.is_empty();
                // Where the cell's character stands, or the space's first column.
                let before = space.chars().take_while(|c| c.is_whitespace()).count();
                out.push(Written {
                    line,
                    col: sc + if cell.is_empty() { 0 } else { before },
                    text: if cell.is_empty() { "." } else { cell },
                });
            }
            since = Some((b + ch.len_utf8(), col + 2));
        }
    }
    blank.then_some(out)
}

/// Whether a line reads like words: a letter followed by a lower-case one (`Rated: hard`), which
/// no row of cells has (their letters are symbols, in capitals).
fn is_wordy(line: &str) -> bool {
    line.as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_lowercase())
}

/// Whether every row is cells and dashes only, a dash among them (`--3-2-6--`, as some sites write a
/// puzzle's empty cells): no spaces, walls or other separators, by which a dash could be a border.
fn is_dashed(rows: &[(usize, &str)]) -> bool {
    let cell = |ch: char| ch.is_ascii_alphanumeric() || is_blank(ch);
    rows.iter()
        .all(|(_, t)| t.trim().chars().all(|ch| ch == '-' || cell(ch)))
        && rows.iter().any(|(_, t)| t.contains('-'))
}

/// The cells of rows of cells and dashes, a dash an empty cell (`None` unless [`is_dashed`]): read
/// as one character a cell with `-` a separator, `--3-2-6--` lost its six empty cells.
fn dashed_cells<'a>(rows: &[(usize, &'a str)]) -> Option<Vec<Written<'a>>> {
    if !is_dashed(rows) {
        return None;
    }
    let mut out = Vec::new();
    for &(line, text) in rows {
        for (col, (b, ch)) in text.char_indices().enumerate() {
            if ch.is_whitespace() {
                continue;
            }
            if out.len() == MAX_CELLS_READ {
                return None;
            }
            out.push(Written {
                line,
                col: col + 1,
                text: if ch == '-' { "." } else { &text[b..b + 1] },
            });
        }
    }
    Some(out)
}

/// A number with a sign (`-5`, `+7`) among the cells: `-` and `+` draw borders, so the sign was
/// dropped and `-5` read as 5. A sign is a `-` or `+` with a digit after it and a space, a comma or
/// the line's start before it (a border's `-` stands next to other border characters).
fn signed(rows: &[(usize, &str)]) -> Result<(), InputError> {
    // (Streamed: a line may be 50 MB, refused later at its 1251st cell.)
    for &(line, text) in rows {
        let mut prev = None;
        let mut chars = text.char_indices().enumerate().peekable();
        while let Some((i, (b, ch))) = chars.next() {
            let before = prev.is_none_or(|p: char| p.is_whitespace() || p == ',');
            let digit = chars.peek().is_some_and(|&(_, (_, c))| c.is_ascii_digit());
            if matches!(ch, '-' | '+') && digit && before {
                let number: String = text[b..]
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != ',')
                    .take(8)
                    .collect();
                return Err(InputError::at(
                    line,
                    i + 1,
                    format!("`{number}`: a cell is a symbol or a number from 1, with no sign"),
                ));
            }
            prev = Some(ch);
        }
    }
    Ok(())
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
        "read {} cells; a Sudoku has N×N (N = 4 to 16, or 25): nearest {}",
        cells.len(),
        nearest_counts(cells.len())
    );
    // (Digits between dashes are no long numbers: the dashes say how they are meant.)
    let dashed = is_dashed(rows);
    let long = if dashed {
        Vec::new()
    } else {
        long_numbers(rows)
    };
    match long.as_slice() {
        [] => {}
        [one] => message.push_str(&format!("; was `{one}` meant as a single number?")),
        [a, b] => message.push_str(&format!("; were `{a}` and `{b}` meant as single numbers?")),
        [a, b, ..] => message.push_str(&format!(
            "; were `{a}`, `{b}`, ... meant as single numbers?"
        )),
    }
    if let Some(k) = numbers.filter(|_| !dashed) {
        message.push_str(&format!(" (read as numbers, they are {k} cells)"));
    }
    // A drawn grid whose empty cells are left as spaces between its walls, three cells a box.
    if rows
        .iter()
        .any(|(_, t)| t.chars().any(is_wall) && t.trim().contains("   "))
    {
        message.push_str(
            "; empty cells left blank in a drawn grid cannot be counted: write them as `.` or `0`",
        );
    } else if rows.iter().any(|(_, t)| t.trim().contains("  ")) {
        // Blanks meant as empty cells, lines trimmed of their last ones (so not all N long).
        message.push_str(
            "; if blanks stand for empty cells, write them as `.` or `0` (blanks are read as cells \
             only between walls `|   |`, or where every line is N characters long)",
        );
    }
    // Row and column labels (`A`-`I` down the side, `1`-`9` across the top) read as cells: 81 and
    // 9 or 18 more.
    // Only where the lines are shaped so (every row one cell longer; under a top line of N), since
    // with every size from 4 to 16 some count is near another's plus labels (80 = 64 + 16).
    let per_line = |line: usize| cells.iter().filter(|w| w.line == line).count();
    let labelled = |s: usize, top: bool| {
        let body = if top { rows.get(1..) } else { Some(rows) };
        body.is_some_and(|b| b.len() == s && b.iter().all(|&(l, _)| per_line(l) == s + 1))
            && (!top || per_line(rows[0].0) == s)
    };
    if let Some((s, k)) = super::geometry::SIZES
        .into_iter()
        .map(|s| (s, cells.len().wrapping_sub(s * s)))
        .find(|&(s, k)| (k == s && labelled(s, false)) || (k == 2 * s && labelled(s, true)))
    {
        message.push_str(&format!(
            "; that is {} and {k} more: were row or column labels read as cells? Remove them",
            s * s
        ));
    }
    if dashed {
        message.push_str(&format!(
            "; `-` read as an empty cell, they are {}: write empty cells as `.` or `0`",
            dashed_cells(rows).map_or(0, |c| c.len())
        ));
    }
    if let Some((line, k, m, others)) = odd_row(cells, rows) {
        return InputError::at(
            line,
            1,
            format!(
                "this line has {k} {} where the other {others} lines have {m}: {message}",
                if k == 1 { "cell" } else { "cells" }
            ),
        );
    }
    match cells.last() {
        Some(w) => InputError::at(w.line, w.col, message),
        None => InputError::new(message),
    }
}

/// In a grid written a row a line whose count is wrong, the line of the row that is not as long as
/// the others (a cell left out or typed twice in one row): (line, its cells, the others' cells, how
/// many others). Only where the lines are as many as the others' cells, a Sudoku's side (4, 9, 16
/// or 25), and one or two differ; else the count is all there is to say.
fn odd_row(cells: &[Written], rows: &[(usize, &str)]) -> Option<(usize, usize, usize, usize)> {
    let counts: Vec<(usize, usize)> = rows
        .iter()
        .map(|&(line, _)| (line, cells.iter().filter(|w| w.line == line).count()))
        .collect();
    // The most common count (the rows' length) and the lines with another.
    let mut tally: Vec<(usize, usize)> = Vec::new();
    for &(_, k) in &counts {
        match tally.iter_mut().find(|(c, _)| *c == k) {
            Some((_, n)) => *n += 1,
            None => tally.push((k, 1)),
        }
    }
    let &(m, agree) = tally.iter().max_by_key(|&&(_, n)| n)?;
    let odd: Vec<(usize, usize)> = counts.into_iter().filter(|&(_, k)| k != m).collect();
    match odd.as_slice() {
        [(line, k), ..]
            if m == rows.len() && geometry_of_count(m * m).is_some() && odd.len() <= 2 =>
        {
            Some((*line, *k, m, agree))
        }
        _ => None,
    }
}

/// Row, column or box: the three kinds of unit, each of which must hold every symbol once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unit {
    Row,
    Column,
    Box,
}

impl Unit {
    pub(super) fn name(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        }
    }

    /// The cell index of the `i`-th cell of unit `u` of this kind in a grid of geometry `g` (a box
    /// only where `g` has boxes).
    pub(super) fn cell(self, g: Geometry, u: usize, i: usize) -> usize {
        let size = g.size();
        match self {
            Unit::Row => u * size + i,
            Unit::Column => i * size + u,
            Unit::Box => g.box_cell(u, i),
        }
    }
}

/// A symbol that appears twice in one unit: at cells `first` and `second` (`first` earlier in the unit).
pub(super) struct Repeat {
    pub(super) unit: Unit,
    pub(super) u: usize,
    pub(super) first: usize,
    pub(super) second: usize,
    pub(super) v: u8,
}

/// The first symbol (ignoring empty cells) that a row, column or box holds twice, looking at rows, then
/// columns, then boxes (where the geometry has them: else the puzzle's regions are checked by its rules).
pub(super) fn find_repeat(g: Geometry, cells: &[u8]) -> Option<Repeat> {
    let size = g.size();
    let units: &[Unit] = if g.has_boxes() {
        &[Unit::Row, Unit::Column, Unit::Box]
    } else {
        &[Unit::Row, Unit::Column]
    };
    for &unit in units {
        for u in 0..size {
            // seen[v]: the cell of this unit that holds v, or usize::MAX.
            let mut seen = [usize::MAX; 26];
            for i in 0..size {
                let p = unit.cell(g, u, i);
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

/// "givens clash: r1c1 and r1c3 both hold 3 in row 1", in the symbols the puzzle was read in.
fn clash_message(size: usize, r: &Repeat, reading: Reading) -> String {
    format!(
        "{CLASH}: {} and {} both hold {} in {} {}",
        cell_name(size, r.first),
        cell_name(size, r.second),
        reading.symbol(r.v),
        r.unit.name(),
        r.u + 1
    )
}

/// `r3c7` for cell index `p` of an N×N grid.
pub(super) fn cell_name(size: usize, p: usize) -> String {
    match p.checked_sub(size * size) {
        // A cell outside the grid (ISS's `Var`), numbered from 1.
        Some(k) => format!("x{}", k + 1),
        None => format!("r{}c{}", p / size + 1, p % size + 1),
    }
}

/// A puzzle read from text: its geometry, the N² cells (row-major, 0 for empty, else 1..=N) and how it
/// was written. Only the readers make one, so its givens never clash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub(super) geo: Geometry,
    pub(super) cells: Vec<u8>,
    pub(super) reading: Reading,
}

/// A grid written one row a line (as many lines as a row has cells) must have whole rows: a short
/// line and a long one add up to the right count, and read on they made a misleading clash.
fn rows_of_size(rows: &[(usize, &str)], cells: &[Written], size: usize) -> Result<(), InputError> {
    if rows.len() != size {
        return Ok(());
    }
    for &(line, _) in rows {
        let k = cells.iter().filter(|w| w.line == line).count();
        if k != size {
            return Err(InputError::at(
                line,
                1,
                format!(
                    "this line has {k} {}; a row of a {size}x{size} Sudoku has {size}",
                    if k == 1 { "cell" } else { "cells" }
                ),
            ));
        }
    }
    Ok(())
}

/// The geometry for a number of cells, if it is a Sudoku's.
fn geometry_of_count(count: usize) -> Option<Geometry> {
    Geometry::for_cells(count)
}

/// A grid copied from a table (a web page's, a spreadsheet's): one row a line, cells between tabs,
/// an empty cell an empty field (`5\t3\t\t\t7…`). Read one cell a field rather than one a
/// character, which took the empty fields for nothing (30 cells, not 81). Each field becomes one
/// word of a line written again (an empty one `.`), and positions in an error go back to the text.
struct TabTable {
    /// The rows written again: their line in the text and their words.
    rows: Vec<(usize, String)>,
    /// For each row, the text's column (1-based, in characters) of each character written.
    columns: Vec<Vec<usize>>,
}

impl TabTable {
    /// The table in `text`, when each of its non-empty lines holds a tab, all have the same number
    /// of fields, and that number is both the number of lines and a Sudoku's size.
    fn read(text: &str) -> Option<TabTable> {
        if !text.contains('\t') {
            return None;
        }
        // A row of empty cells is tabs only: kept, where the usual reading drops blank lines.
        let lines: Vec<(usize, &str)> = crate::problems::text_lines(text)
            .filter(|&(_, line)| {
                !line.is_empty() && (line.contains('\t') || !line.trim().is_empty())
            })
            .take(26)
            .collect();
        let size = lines.len();
        if Geometry::of_size(size).is_err()
            || lines
                .iter()
                .any(|&(_, l)| !l.contains('\t') || l.split('\t').count() != size)
        {
            return None;
        }
        let mut table = TabTable {
            rows: Vec::with_capacity(size),
            columns: Vec::with_capacity(size),
        };
        for &(line, l) in &lines {
            let (mut row, mut cols) = (String::new(), Vec::new());
            let mut col = 1;
            for field in l.split('\t') {
                if !row.is_empty() {
                    row.push(' ');
                    cols.push(col);
                }
                let lead = field.chars().take_while(|c| c.is_whitespace()).count();
                let word = field.trim();
                if word.is_empty() {
                    row.push('.');
                    cols.push(col);
                } else {
                    for (i, ch) in word.chars().enumerate() {
                        row.push(ch);
                        cols.push(col + lead + i);
                    }
                }
                // Past the field and its tab.
                col += field.chars().count() + 1;
            }
            table.rows.push((line, row));
            table.columns.push(cols);
        }
        Some(table)
    }

    /// The grid the table holds, or the reader's error placed in the text.
    fn grid(&self) -> Result<Grid, InputError> {
        let rows: Vec<(usize, &str)> = self.rows.iter().map(|(l, r)| (*l, r.as_str())).collect();
        Grid::read(&rows).map_err(|mut e| {
            if let (Some(line), Some(col)) = (e.line, e.column) {
                if let Some(r) = self.rows.iter().position(|&(l, _)| l == line) {
                    let cols = &self.columns[r];
                    e.column = Some(cols.get(col - 1).copied().unwrap_or(col));
                }
            }
            e
        })
    }
}

impl Grid {
    /// Reads a puzzle in any accepted text form (see the module documentation).
    pub fn parse(text: &str) -> Result<Grid, InputError> {
        if let Some(table) = TabTable::read(text) {
            return table.grid();
        }
        // Lines as every reader numbers them (a lone `\r` ends one too), at most MAX_ROWS of them:
        // past that the text is refused where it stands, in memory bounded whatever its length.
        let mut rows: Vec<(usize, &str)> = Vec::new();
        for (line, text) in crate::problems::text_lines(text)
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
        if let Some(grid) = Grid::fixed_width(&rows) {
            return grid;
        }
        // A line of words under the grid ("Solution: see page 3", "Rated: hard"): the grid reads
        // without it, and so does a title above it with it gone too.
        if is_wordy(rows[rows.len() - 1].1) {
            let body = &rows[..rows.len() - 1];
            if let Ok(mut grid) = Grid::read(body) {
                grid.reading.footer_skipped = true;
                return Ok(grid);
            }
            if body.len() >= 2 && is_wordy(body[0].1) {
                if let Ok(mut grid) = Grid::read(&body[1..]) {
                    grid.reading.title_skipped = true;
                    grid.reading.footer_skipped = true;
                    return Ok(grid);
                }
            }
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
                let wordy = char_cells(&rows[..1]).is_err() || is_wordy(first);
                Err(if wordy { rest } else { whole.unwrap_err() })
            }
        }
    }

    /// A grid whose empty cells are blanks, one character a cell: N lines (4 or 9) of exactly N
    /// characters, digits and blanks (`  3 2 6  `, as a fixed-width listing prints it), which the
    /// other readings take as words (`18 64`: numbers) or count short. `None` where the rows are no
    /// such grid (a line trimmed of its last blanks is not: the count is then off, and says so).
    fn fixed_width(rows: &[(usize, &str)]) -> Option<Result<Grid, InputError>> {
        let size = rows.len();
        // One digit a cell: sizes up to 9.
        let g = Geometry::of_size(size).ok().filter(|g| g.size() <= 9)?;
        let cell = |c: char| match c {
            ' ' | '.' | '0' => Some(0),
            _ => c
                .to_digit(10)
                .filter(|&d| d as usize <= size)
                .map(|d| d as u8),
        };
        let fits = rows
            .iter()
            .all(|(_, t)| t.chars().count() == size && t.chars().all(|c| cell(c).is_some()))
            && rows.iter().any(|(_, t)| t.contains(' '));
        if !fits {
            return None;
        }
        let cells: Vec<u8> = rows
            .iter()
            .flat_map(|(_, t)| t.chars().filter_map(cell))
            .collect();
        let reading = Reading {
            blanks: true,
            ..Reading::default()
        };
        if let Some(e) = g.needs_regions() {
            return Some(Err(e));
        }
        Some(match find_repeat(g, &cells) {
            Some(r) => Err(InputError::at(
                rows[r.second / size].0,
                r.second % size + 1,
                clash_message(size, &r, reading),
            )
            .with_cells(vec![r.first, r.second])),
            None => Ok(Grid {
                geo: g,
                cells,
                reading,
            }),
        })
    }

    /// Reads the rows of a grid (comments and borders left out).
    fn read(rows: &[(usize, &str)]) -> Result<Grid, InputError> {
        // Dashes for empty cells: read before the signs, since `-3` there is an empty cell and a 3.
        if !is_dashed(rows) {
            signed(rows)?;
        }
        let dashed = dashed_cells(rows).filter(|cells| geometry_of_count(cells.len()).is_some());
        let numbers = number_cells(rows);
        if let Some(cells) = &numbers {
            if let Some(g) = geometry_of_count(cells.len()) {
                rows_of_size(rows, cells, g.size())?;
                return Grid::from_numbers(g, cells);
            }
        }
        let cells = match (dashed, walled_cells(rows)) {
            (Some(cells), _) => cells,
            (None, Some(cells)) if geometry_of_count(cells.len()).is_some() => cells,
            _ => char_cells(rows)?,
        };
        let Some(g) = geometry_of_count(cells.len()) else {
            return Err(count_error(&cells, rows, numbers.map(|c| c.len())));
        };
        let size = g.size();
        rows_of_size(rows, &cells, size)?;
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
        Grid::checked(g, values, reading, &cells)
    }

    /// A grid written one cell a number.
    fn from_numbers(g: Geometry, cells: &[Written]) -> Result<Grid, InputError> {
        let size = g.size();
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
        Grid::checked(g, values, reading, cells)
    }

    /// The grid, unless two givens clash; the error names both cells and stands at the second.
    fn checked(
        g: Geometry,
        cells: Vec<u8>,
        reading: Reading,
        written: &[Written],
    ) -> Result<Grid, InputError> {
        let size = g.size();
        // A text is cells only: a size without boxes has no regions in it.
        if let Some(e) = g.needs_regions() {
            return Err(e);
        }
        if let Some(r) = find_repeat(g, &cells) {
            let w = &written[r.second];
            // The alphabet was guessed from the symbols present: say which, since a 1-G grid with `0`
            // for its empty cells and no `G` given reads as hexadecimal, where `0` is a symbol.
            let assumed = match reading.alphabet {
                Alphabet::Hex => {
                    " (read as hexadecimal, symbols 0-F, as no `G` appears: `0` is a symbol there, \
                     so write empty cells as `.`)"
                }
                Alphabet::Letters => " (read with symbols A-Y)",
                Alphabet::Standard | Alphabet::FromZero => "",
            };
            return Err(InputError::at(
                w.line,
                w.col,
                format!("{}{assumed}", clash_message(size, &r, reading)),
            )
            .with_cells(vec![r.first, r.second]));
        }
        Ok(Grid {
            geo: g,
            cells,
            reading,
        })
    }

    /// A grid of values read from elsewhere (JSON rows of numbers), its givens checked as a
    /// text's are (the clash named by its cells: there is no line and column to point at).
    pub(super) fn from_cells(
        g: Geometry,
        cells: Vec<u8>,
        reading: Reading,
    ) -> Result<Grid, InputError> {
        let size = g.size();
        if let Some(r) = find_repeat(g, &cells) {
            return Err(InputError::new(clash_message(size, &r, reading))
                .with_cells(vec![r.first, r.second]));
        }
        Ok(Grid {
            geo: g,
            cells,
            reading,
        })
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
            // Said by the rules' names ("values from 0"), which the page's legend explains.
            Alphabet::FromZero => {}
        }
        if self.reading.title_skipped {
            how.push("the title line skipped".into());
        }
        if self.reading.footer_skipped {
            how.push("the line of words under the grid skipped".into());
        }
        if self.reading.blanks {
            how.push(format!(
                "blanks as empty cells: every line {size} characters long"
            ));
        }
        let from = match self.reading.source {
            Source::Text => "",
            Source::FpuzzlesJson => " from f-puzzles JSON",
            Source::JsonRows => " from JSON rows of numbers",
            Source::FpuzzlesLink => " from an f-puzzles link",
            Source::SudokuPadLink => " from a SudokuPad link (f-puzzles)",
            Source::Iss => " from Interactive Sudoku Solver text",
            Source::IssLink => " from an Interactive Sudoku Solver link",
            Source::SudokuPadNative => " from a SudokuPad link",
        };
        let shape = if self.geo.is_shaped() {
            format!(
                "{}x{} Sudoku of {size} values",
                self.geo.rows(),
                self.geo.cols()
            )
        } else {
            format!("{size}x{size} Sudoku")
        };
        let mut note = format!("Read as a {shape}{from}");
        if !how.is_empty() {
            note.push_str(&format!(" ({})", how.join("; ")));
        }
        note
    }

    /// The grid's shape: its size and boxes.
    pub fn geometry(&self) -> Geometry {
        self.geo
    }

    /// N, the number of symbols and the side of the grid.
    pub fn size(&self) -> usize {
        self.geo.size()
    }

    /// The cells, row-major: 0 for empty, else the symbol number 1..=N (the grid's: those
    /// outside it, ISS's `Var`, are [`Grid::extra_cells`]).
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.geo.cells()]
    }

    /// The givens of the cells outside the grid (ISS's `Var`), numbered from N² on: 0 for empty.
    pub fn extra_cells(&self) -> &[u8] {
        &self.cells[self.geo.cells()..]
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
        self.cells()
            .iter()
            .map(|&v| self.reading.alphabet.label(v))
            .collect()
    }
}
