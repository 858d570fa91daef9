//! Knuth's format and 0-1 matrices read, refused with their line and column, and counted.

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
            "no items line: the first line that is not a comment (`|`) must name the items".into(),
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
        regions: Vec::new(),
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
    let text = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\n\
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
