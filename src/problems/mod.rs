//! The problems: each module builds an exact-cover [`Instance`] with readable item names, and decodes a
//! set of chosen options back into its board. Each also checks a board against the puzzle's own rules,
//! independently of the encoding, so that tests can verify every solution.
//!
//! [`Spec`] names a problem the way the CLI and the page do; [`load`] builds it, with the same parsers
//! and the same [`InputError`] messages everywhere.

use crate::core::{Clash, Instance, Links};
use serde::Serialize;
use std::fmt;

pub mod dominoes;
pub mod edge_matching;
pub mod exact_cover;
pub mod kinds;
pub mod langford;
pub mod latin;
pub mod macmahon;
pub mod pentomino;
pub mod queens;
pub mod sudoku;
pub mod toroidal;
mod words;

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
    /// The cells of a Sudoku the error is about (givens that break a variant's rule: the page marks
    /// them on the board), row-major; empty for every other error.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<usize>,
}

impl InputError {
    /// An error with no position (an argument out of range, say).
    pub fn new(message: impl Into<String>) -> InputError {
        InputError {
            message: message.into(),
            line: None,
            column: None,
            cells: Vec::new(),
        }
    }

    /// An error at line `line`, column `column` of the input text (both from 1).
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> InputError {
        InputError {
            message: message.into(),
            line: Some(line),
            column: Some(column),
            cells: Vec::new(),
        }
    }

    /// The error about these cells of a Sudoku ([`InputError::cells`]).
    pub fn with_cells(mut self, cells: Vec<usize>) -> InputError {
        self.cells = cells;
        self
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

/// Whether a character must not reach a terminal or a page as it is: control characters (ESC can
/// drive a terminal, NUL or CR can hide what precedes them) and the invisible format characters that
/// reorder or hide text (bidirectional overrides, zero-width characters, a byte-order mark).
pub(crate) fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
}

/// The text with every character of [`needs_escape`] written as Rust writes it in a string (`\n`,
/// `\u{1b}`), so that a message quoting the input is one line of visible characters, in the CLI and
/// on the page alike. Text without such characters is returned as it is.
pub fn escape_controls(text: &str) -> String {
    if !text.contains(needs_escape) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if needs_escape(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// Escapes the message ([`escape_controls`]): it may quote the input.
impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = escape_controls(&self.message);
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {message}"),
            (Some(l), None) => write!(f, "line {l}: {message}"),
            _ => f.write_str(&message),
        }
    }
}

impl std::error::Error for InputError {}

/// A kind of problem, typed: what `Board::kind` says and the table's rows are keyed by. It reaches
/// the page and JSON as its name (`name`), the one place the names are spelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// Sudoku, with or without variants.
    Sudoku,
    /// N-queens.
    Queens,
    /// N queens on a torus.
    ToroidalQueens,
    /// Latin squares.
    Latin,
    /// Langford pairs.
    Langford,
    /// Pentominoes on a board.
    Pentomino,
    /// Edge-matching squares.
    EdgeMatching,
    /// MacMahon's triangles.
    MacMahon,
    /// Domino tilings of a rectangle.
    Dominoes,
    /// Exact cover as text: Knuth's format or a 0-1 matrix.
    #[default]
    ExactCover,
}

impl ProblemKind {
    /// Every kind, in the table's order.
    pub const ALL: [ProblemKind; 10] = [
        ProblemKind::Sudoku,
        ProblemKind::Queens,
        ProblemKind::ToroidalQueens,
        ProblemKind::Latin,
        ProblemKind::Langford,
        ProblemKind::Pentomino,
        ProblemKind::EdgeMatching,
        ProblemKind::MacMahon,
        ProblemKind::Dominoes,
        ProblemKind::ExactCover,
    ];

    /// The name used by `dlx count NAME`, the page's URL parameter, `Session::load` and `Board.kind`.
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::Sudoku => "sudoku",
            ProblemKind::Queens => "queens",
            ProblemKind::ToroidalQueens => "toroidal-queens",
            ProblemKind::Latin => "latin",
            ProblemKind::Langford => "langford",
            ProblemKind::Pentomino => "pentomino",
            ProblemKind::EdgeMatching => "edge-matching",
            ProblemKind::MacMahon => "macmahon",
            ProblemKind::Dominoes => "dominoes",
            ProblemKind::ExactCover => "exact-cover",
        }
    }

    /// The kind of a name ([`ProblemKind::name`]), if it is one.
    pub fn from_name(name: &str) -> Option<ProblemKind> {
        ProblemKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Its row of the table.
    #[doc(hidden)]
    pub fn row(self) -> kinds::Kind {
        kinds::kinds()
            .into_iter()
            .find(|k| k.name == self)
            .expect("every kind has a row (tested)")
    }
}

impl Serialize for ProblemKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind compares equal to its name (a board's kind in a test or a message).
impl PartialEq<&str> for ProblemKind {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

/// A decoded board, partial or complete, in a form both the CLI and the page can use.
///
/// `cells` is row-major, `rows * cols` long; what a value means depends on `kind`:
/// - `"queens"`, `"toroidal-queens"`: 1 for a queen, 0 for an empty square;
/// - `"sudoku"`, `"latin"`: the symbol number from 1 (0 empty; -1 no cell, in the corner of the
///   V×V grid that a Sudoku of fewer rows or columns than values leaves out);
/// - `"pentomino"`: the piece number from 1 (see `labels`), 0 for a square not yet covered, -1 for a hole;
/// - `"langford"`: one row of `2n` cells, each the number placed there (0 empty);
/// - `"dominoes"`: each domino's number from 1 on both its cells (0 not yet covered);
/// - `"exact-cover"`: no cells; `lines` lists the chosen options as item names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The kind of problem (serialised as its name: "sudoku", "queens", …).
    pub kind: ProblemKind,
    /// Rows of the grid (0 for a plain exact-cover problem).
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The cells, row-major, what a value means depending on `kind` (see above).
    pub cells: Vec<i32>,
    /// Cells fixed by the puzzle (Sudoku givens: the grid's, then a Sudoku's cells outside it);
    /// empty when the problem has none.
    pub given: Vec<bool>,
    /// How each cell value prints, indexed by value (`labels[0]` is the empty cell).
    pub labels: Vec<String>,
    /// Extra lines: the chosen options of a plain exact-cover problem.
    pub lines: Vec<String>,
    /// The numbers of those options, a line each, from 1 as the matrix numbers its rows: each board
    /// carries its own (a solution kept from a run to the end was drawn with the live search's).
    /// Empty for the other kinds.
    pub options: Vec<usize>,
    /// Chaos construction only (else empty): each cell's region as placed so far, named by its
    /// first cell (row-major), -1 for a cell no region holds yet.
    pub regions: Vec<i32>,
    /// A Sudoku with cells outside the grid only (ISS's `Var`; else empty): their digits, in the
    /// order they are numbered (from N² on), 0 for one not placed yet.
    pub extra: Vec<i32>,
    /// The board as plain text (Sudoku: one line of N² symbols, `.` for empty, or for a puzzle typed
    /// as numbers N lines of N numbers; queens: N lines of `.`
    /// and `Q`; the others as their module says).
    pub text: String,
}

impl Board {
    /// The board as `dlx solve` prints it (and the page's download of the solutions): its text, or
    /// for a plain exact-cover problem the chosen options, one a line.
    pub fn printed(&self) -> String {
        if self.text.is_empty() && !self.lines.is_empty() {
            self.lines.join("\n")
        } else {
            self.text.clone()
        }
    }
}

/// Solutions as `dlx solve --limit 0` prints them, one board after another with a blank line
/// between, each ending in a newline (the page's download of its kept solutions).
pub fn solutions_text(problem: &dyn Problem, solutions: &[Vec<usize>]) -> String {
    let mut out = String::new();
    for (k, options) in solutions.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        out.push_str(&problem.board(options).printed());
        out.push('\n');
    }
    out
}

/// The problem in Knuth's format as `dlx export` writes it (and the page downloads it): the instance,
/// or with givens what is left to choose once they are chosen, so that counting the text gives the
/// problem's count. When the givens cover every item, a comment line says so (Knuth's format cannot
/// state an instance with no items). Givens that clash name the first given that clashes with one
/// before it, and the item they share.
pub fn knuth_export(problem: &dyn Problem) -> Result<String, Clash> {
    let inst = problem.instance();
    let givens = problem.givens();
    if givens.is_empty() {
        return Ok(inst.to_knuth());
    }
    let Some((reduced, _)) = inst.reduce(givens) else {
        let mut used = vec![false; inst.n_items()];
        for &k in givens {
            for i in inst.option(k) {
                if std::mem::replace(&mut used[i], true) {
                    return Err(Clash { option: k, item: i });
                }
            }
        }
        unreachable!("reduce fails only on a clash");
    };
    if reduced.n_items() == 0 {
        return Ok(
            "| the givens cover every item: nothing is left to choose (one solution, the givens)\n"
                .into(),
        );
    }
    Ok(reduced.to_knuth())
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
    /// How the input was read, when that is worth telling ("Read as a 16x16 Sudoku (symbols 0-F)").
    fn note(&self) -> Option<String> {
        None
    }
    /// A short name for option `k` in the puzzle's own words, for the page's search tree: "r3c5=7"
    /// (Sudoku), "Q r3c5" (queens); by default its items, as in Knuth's format.
    fn label(&self, k: usize) -> String {
        self.instance().option_text(k)
    }
    /// What item `i` means in the puzzle's own words, for the narration of a choice, a dead end or a
    /// cover: for a primary item with `len` options left what it still needs ("cell r3c5 can take
    /// two digits", "row 3 has one free square for its queen"), for a secondary item the rule it
    /// stands for ("at most one 5 in cage 3 …"). `links` stand where the search stands (a shape
    /// filled whole names its cells from an option still in its list). Each problem reads back the
    /// names it gave; by default `None`: the names are all there is (Knuth's text, edge matching).
    fn item_words(&self, links: &Links, i: usize, len: u32) -> Option<String> {
        let _ = (links, i, len);
        None
    }
    /// The puzzle as a Sudoku, for what only a Sudoku has (the page's board layout and pointing).
    fn as_sudoku(&self) -> Option<&sudoku::Sudoku> {
        None
    }
}

/// Whether Solve searches `problem` with propagation taking turns (`core::turns`, `dlx solve`'s
/// `--prune propagate`) rather than DLX1's tree: where shapes tie to the cells by colours or "at
/// most once" items (`core::probe::pays`), and a Sudoku with shapes filled whole (killer cages,
/// arrows, renbans without colours). On ISS's collection, alone on 2 cores: "Killer lunchboxes"
/// past 3 s with its blocked options emptied first, 0.19 s; "Ambiguous Arrows - composite" past
/// 3 s, 0.94 s; "Wecoc #2" 2.38 s, 1.56 s; "Arrow" 0.01 s, 0.004 s (0.16 s before propagation's tries at the
/// start). A Sudoku of units alone keeps
/// DLX1's tree (ISS's 16x16 X, "very hard": 0.6 s, 1.8 s with propagation) for a head start of
/// `core::turns::HEAD` updates, and only past it takes turns (`Turns::with_head`).
pub fn solved_by_turns(problem: &dyn Problem) -> bool {
    crate::core::probe::pays(problem.instance())
        || problem.as_sudoku().is_some_and(|s| s.rules().has_shapes())
}

/// A problem as the CLI and the page name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    Queens(usize),
    ToroidalQueens(usize),
    /// A Sudoku in any accepted text form.
    Sudoku(String),
    /// A Sudoku with rules switched on by name (`--variant x,anti-knight`).
    SudokuWith(String, Vec<sudoku::Switch>),
    Latin(usize),
    Langford {
        n: usize,
        distinct: bool,
    },
    Pentomino {
        board: String,
        distinct: bool,
    },
    /// Knuth's text format or a 0-1 matrix, the reader deciding which (`Reading::Auto`, or a
    /// Sudoku when the text reads as one and not as an exact-cover problem with options).
    ExactCover(String),
    /// The same in the format given (`dlx --format`, the page's select); `Auto` is `ExactCover`.
    ExactCoverAs(String, exact_cover::Reading),
    /// Edge-matching squares on a board named `RxC[/K[/SEED]]` (see [`edge_matching`]).
    EdgeMatching(String),
    /// MacMahon's 24 triangles on a board by name, `hexagon` (see [`macmahon`]).
    MacMahon(String),
    /// Domino tilings of a board named `MxN` (see [`dominoes`]).
    Dominoes(String),
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
    for (l, line) in text_lines(text) {
        for (c, ch) in line.chars().enumerate() {
            if !ch.is_ascii_digit() && !ch.is_whitespace() {
                return Err(InputError::at(
                    l,
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

/// The lines of a text with their numbers (from 1), as every reader numbers them: a line ends at
/// `\n`, `\r\n` or a lone `\r` (old Mac files, which `str::lines` reads as one line), without the
/// line end; an empty last line after the final line end is not one.
pub fn text_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + Clone + '_ {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        match t.find(['\n', '\r']) {
            Some(i) => {
                let end = if t[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&t[i + end..]);
                Some(&t[..i])
            }
            None => {
                rest = None;
                (!t.is_empty()).then_some(t)
            }
        }
    })
    .enumerate()
    .map(|(i, l)| (i + 1, l))
}

/// The largest text `load` reads, 64 MiB, unless the caller raises it (`dlx --max-input`): a limit on
/// memory, since the instance and the link arrays take a multiple of the text (docs/cli.md, "Bad input").
pub const MAX_INPUT: u64 = 64 << 20;

/// The error for a text of `len` bytes (at least; `None` when it was not read to its end) above `cap`.
pub fn too_large(len: Option<u64>, cap: u64) -> InputError {
    let size = |b: u64| {
        if b >= 1 << 20 && b.is_multiple_of(1 << 20) {
            format!("{} MiB", b >> 20)
        } else {
            format!("{b} bytes")
        }
    };
    let what = match len {
        Some(n) => format!("the text is {n} bytes, more than"),
        None => "the text is longer than".into(),
    };
    InputError::new(format!("{what} the input cap of {}", size(cap)))
}

/// The text without one leading byte-order mark (U+FEFF), which Notepad writes at the start of UTF-8
/// files. It is invisible, so line and column numbers still match what the user sees.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The longest text tried as a Sudoku when it was given as something else ([`sudoku_meant`]). A 25x25 grid drawn with
/// borders and comments is a few KB; reading a longer text as a Sudoku would only hold memory (a
/// 50 MB exact-cover text took 268 MB there) before failing, so its own reader's error stands.
const SUDOKU_GUESS_MAX: usize = 1 << 16;

/// Builds the problem a spec names.
pub fn load(spec: &Spec) -> Result<Box<dyn Problem>, InputError> {
    Ok(match spec {
        Spec::Queens(n) => Box::new(queens::Queens::new(*n)?),
        Spec::ToroidalQueens(n) => Box::new(toroidal::ToroidalQueens::new(*n)?),
        Spec::Sudoku(text) => Box::new(sudoku::Sudoku::parse(without_bom(text))?),
        Spec::SudokuWith(text, switches) => {
            Box::new(sudoku::Sudoku::parse_with(without_bom(text), switches)?)
        }
        Spec::Latin(n) => Box::new(latin::Latin::new(*n)?),
        Spec::Langford { n, distinct } => Box::new(langford::Langford::new(*n, *distinct)?),
        Spec::Pentomino { board, distinct } => {
            Box::new(pentomino::Pentomino::new(board, *distinct)?)
        }
        Spec::EdgeMatching(name) => Box::new(edge_matching::EdgeMatching::new(name)?),
        Spec::MacMahon(name) => Box::new(macmahon::MacMahon::new(name)?),
        Spec::Dominoes(name) => Box::new(dominoes::Dominoes::parse(name)?),
        Spec::ExactCoverAs(text, reading) if *reading != exact_cover::Reading::Auto => Box::new(
            exact_cover::ExactCover::parse_as(without_bom(text), *reading)?,
        ),
        Spec::ExactCover(text) | Spec::ExactCoverAs(text, _) => {
            let text = without_bom(text);
            let read = exact_cover::ExactCover::parse(text);
            // A 0-1 matrix is what it says (`0110` four times also reads as a clashing 4x4 Sudoku).
            let matrix = matches!(&read, Ok(x) if x.format() == exact_cover::Format::Matrix);
            let has_options = matches!(&read, Ok(x) if x.instance().n_options() > 0);
            match read {
                Ok(x) if matrix => Box::new(x),
                other => match sudoku_meant(text, has_options) {
                    Some(sudoku) => sudoku?,
                    None => Box::new(other?),
                },
            }
        }
    })
}

/// Whether a text given as something else is a Sudoku, and then the Sudoku or why it cannot be one
/// (its givens clash: the message names both cells); `None` when the text is no Sudoku.
///
/// Knuth's format reads almost any text: an 81-symbol line is one item and no option, and in a grid
/// drawn with borders (Simple Sudoku's `*-----------*`, `|1..|...|..2|`) the `|` lines are comments
/// and the two `*---*` lines an items line and one option. So a text that reads as a Sudoku is one,
/// whatever the other reading made of it, except where that reading has options and the text is not
/// drawn as a grid (no border line): then the clash of a Sudoku reading does not outweigh an instance
/// that reads. `has_options`: the kind's own reading of the text succeeded with some option.
fn sudoku_meant(text: &str, has_options: bool) -> Option<Result<Box<dyn Problem>, InputError>> {
    if text.len() > SUDOKU_GUESS_MAX {
        return None;
    }
    match sudoku::Sudoku::parse(text) {
        Ok(s) => Some(Ok(Box::new(s))),
        Err(e) if sudoku::is_clash(&e) && (!has_options || sudoku::is_drawn(text)) => Some(Err(e)),
        Err(_) => None,
    }
}

/// What the page loads for a kind and the text typed in its box: the problem `spec` names (`spec` is
/// the result of reading `text` as that kind), unless that fails or has no option and `text` reads as a
/// Sudoku ([`sudoku_meant`]), which is then what was meant. A Sudoku says so in its [`Problem::note`].
pub fn load_text(
    spec: Result<Spec, InputError>,
    text: &str,
) -> Result<Box<dyn Problem>, InputError> {
    // A Sudoku asked for with switches whose givens break one of them is that error, not the plain
    // Sudoku the text also reads as (the page's picker: anti-knight on givens a knight apart).
    let switched = matches!(spec, Ok(Spec::SudokuWith(..)));
    let asked = spec.and_then(|s| load(&s));
    match asked {
        Ok(p) if p.instance().n_options() > 0 || p.note().is_some() => Ok(p),
        Err(e) if switched => Err(e),
        other => match sudoku_meant(without_bom(text), false) {
            Some(sudoku) => sudoku,
            None => other,
        },
    }
}

/// What the page warns of in an exact-cover text that loads but leaves nothing to search: no option
/// (every non-empty line but the first is an option in Knuth's format, so one line gives items only),
/// or one item (each option that holds it is a whole solution). `None` for a problem worth searching.
pub fn warning(problem: &dyn Problem) -> Option<String> {
    let board = problem.board(&[]);
    // Langford's pairs of 1..n exist only for n = 0 or 3 (mod 4) (Davies, 1959): otherwise the
    // search ends with none, which is no failure of the search.
    if board.kind == ProblemKind::Langford {
        let n = board.cols / 2;
        return (n % 4 == 1 || n % 4 == 2).then(|| {
            format!(
                "No Langford pairing of 1 to {n} exists: there is one only when n is 0 or 3 more \
                 than a multiple of 4 (3, 4, 7, 8, 11, …), so the search will end with none."
            )
        });
    }
    // Otherwise only for text read as exact cover: the other kinds build their instances, and a
    // Sudoku's givens may leave nothing to choose.
    if board.kind != ProblemKind::ExactCover {
        return None;
    }
    let inst = problem.instance();
    let (items, options) = (inst.n_items(), inst.n_options());
    let plural = |n: usize, what: &str| crate::figures::count(n as u64, what);
    if options == 0 {
        Some(format!(
            "Nothing to search: {} and no option. In Knuth's format the first line names the items \
             and every line after it is an option, so text on one line has no option.",
            plural(items, "item")
        ))
    } else if items == 1 {
        Some(format!(
            "Only one item (`{}`): each of the {} that holds it is a whole solution by itself. Was \
             the first line meant as the items line (every name on it an item)?",
            escape_controls(inst.item_name(0)),
            plural(options, "option")
        ))
    } else {
        None
    }
}
