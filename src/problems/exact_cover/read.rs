//! The reader's pieces: content lines, tokens with their columns, the items line with its bounds,
//! and what makes a line a row of a 0-1 matrix.

use super::*;

/// A line that is neither blank nor a comment: its number (from 1) and text.
pub(super) type Line<'a> = (usize, &'a str);

/// The lines that state the problem, as DLX1 sees them, read lazily: nothing is collected, so a
/// bad line is reported without holding the text's lines in memory first.
pub(super) fn content_lines(text: &str) -> impl Iterator<Item = Line<'_>> + Clone + '_ {
    crate::problems::text_lines(text).filter(|(_, l)| {
        let t = l.trim_start();
        !t.is_empty() && !t.starts_with('|')
    })
}

/// The tokens of line `line` with their columns (from 1, in characters): names separated by white
/// space, and `|` as a token of its own wherever it stands. Lazy, so that the first bad token of a long
/// line ends the reading there (a 100 MB line of `a a a …` took 1.27 GB of token list before its error
/// at column 3). A control character (NUL, ESC, …) is not part of a name: it is an error where it stands,
/// which also refuses a binary file at its first NUL byte.
pub(super) fn tokens(line: usize, text: &str) -> Tokens<'_> {
    Tokens {
        line,
        text,
        chars: text.char_indices().enumerate(),
        bar: None,
    }
}

pub(super) struct Tokens<'a> {
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
            } else if crate::problems::needs_escape(ch) {
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
pub(super) fn no_color(line: usize, col: usize, name: &str) -> Result<(), InputError> {
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
pub(super) struct ItemsLine<'a> {
    pub(super) names: Vec<&'a str>,
    n_primary: usize,
    pub(super) index: HashMap<&'a str, usize>,
    bounds: Vec<(usize, u32, u32)>,
}

impl ItemsLine<'_> {
    /// The instance over these names, with their multiplicities and no option yet. They were checked
    /// as they were read, so they are not hashed again.
    pub(super) fn instance(&self) -> Instance {
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
pub(super) fn bound_like(tok: &str) -> bool {
    !tok.is_empty()
        && tok.split(':').count() <= 2
        && tok.bytes().all(|b| b.is_ascii_digit() || b == b':')
}

/// Reads the bound `hi` or `lo:hi` at column `col` of `line` (for item `name`, primary unless
/// `secondary`): Knuth's rules, `hi` at least 1, `lo` at most `hi`, `lo` and the colon omitted when
/// `lo = hi`.
pub(super) fn read_bound(
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
pub(super) fn items_line<'a>((line, text): Line<'a>) -> Result<ItemsLine<'a>, InputError> {
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
pub(super) fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// Whether `c` separates the entries of a matrix row: white space, or a comma (rows copied from CSV
/// or from code, `1,0,1`).
pub(super) fn row_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// True for a line made only of `0`, `1` and separators, with an entry (a matrix row): a line of
/// commas alone is no row of no entries (it was, and its matrix of no column did not read back).
pub(super) fn is_row(text: &str) -> bool {
    text.chars()
        .all(|c| c == '0' || c == '1' || row_separator(c))
        && text.contains(['0', '1'])
}

/// The column (1-based) of the first digit other than 0 and 1 in a first line that is a matrix row
/// but for it: digits and separators only, as many digits as the next line, a row, has entries
/// (`1 0 2` over `0 1 0` was a header naming columns `1`, `0` and `2`: no error, no solution), or
/// with no line after it (`1 0 2` alone was a header and no rows: 0 solutions, no error).
pub(super) fn typo_row(first: &str, next: Option<Line>) -> Option<usize> {
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
pub(super) fn row_width(text: &str) -> usize {
    text.chars().filter(|&c| c == '0' || c == '1').count()
}

/// Whether every line is a matrix row, all with the same number of entries (rule 1 of the detection).
pub(super) fn uniform_rows<'a>(mut lines: impl Iterator<Item = Line<'a>>) -> bool {
    let mut width = None;
    lines.all(|(_, text)| is_row(text) && *width.get_or_insert(row_width(text)) == row_width(text))
}
