//! The pieces every problem's item names are read back by for [`Problem::item_words`](super::Problem::item_words):
//! a number, a cell `r3c5`. Only the problems read their own names; the narration asks them.

/// Whether `t` is a number written in decimal digits (at least one).
pub(crate) fn number(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// The row and column of a cell item named `r3c5` ("3", "5"), as Sudoku and Latin squares name
/// their cells; `None` for another name.
pub(crate) fn cell(t: &str) -> Option<(&str, &str)> {
    let rest = t.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    (number(r) && number(c)).then_some((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_numbers() {
        assert_eq!(cell("r3c15"), Some(("3", "15")));
        assert_eq!(cell("r3c"), None);
        assert_eq!(cell("r3=5"), None);
        assert_eq!(cell("c3r5"), None);
        assert!(number("17") && !number("") && !number("1a"));
    }
}
