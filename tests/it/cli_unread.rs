//! Rules that are only drawn or written (issue 42): a puzzle whose cages are cosmetic and whose
//! rules are in its text is solved as its grid alone, and `dlx solve` says so beside the verdict,
//! on stderr and in `--json`, rather than a bare "not unique".

use crate::common::run;
use dlx_studio::problems::sudoku::Sudoku;
use serde_json::Value;

fn dlx(args: &[&str]) -> (i32, String, String) {
    let ran = run(args, "");
    (ran.code.unwrap_or(-1), ran.stdout, ran.stderr)
}

/// An empty 4x4 as f-puzzles writes it, with three cosmetic cages (f-puzzles' `cage`: drawn, no
/// rule), one line and the rules in words: the grid alone has 288 solutions.
fn cosmetic_puzzle() -> String {
    let row = r#"[{},{},{},{}]"#;
    format!(
        r##"{{"size":4,"grid":[{row},{row},{row},{row}],
        "ruleset":"Normal sudoku rules apply. Digits in a cage sum to the small clue.",
        "cage":[{{"cells":["R1C1","R1C2"],"value":"3"}},{{"cells":["R2C1","R3C1"],"value":"7"}},
                {{"cells":["R4C4"],"value":"4"}}],
        "line":[{{"lines":[["R1C4","R2C4"]],"outlineC":"#000"}}]}}"##
    )
}

#[test]
fn cosmetic_cages_and_rules_in_words_are_said_beside_the_verdict() {
    let text = cosmetic_puzzle();
    let s = Sudoku::parse(&text).unwrap();
    assert_eq!(
        s.unread().as_deref(),
        Some(
            "this puzzle states its rules in words and drawn shapes (3 cosmetic cages, 1 line), \
             which are not read"
        )
    );
    let (code, out, err) = dlx(&["solve", "sudoku", &text]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("The solution is not unique."), "{out}");
    assert!(
        err.contains(
            "dlx: note: this puzzle states its rules in words and drawn shapes (3 cosmetic \
             cages, 1 line), which are not read: the grid alone has 2+ solutions"
        ),
        "{err}"
    );
    let (code, out, err) = dlx(&["solve", "sudoku", &text, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["unique"], false);
    assert_eq!(
        v["unread"],
        "this puzzle states its rules in words and drawn shapes (3 cosmetic cages, 1 line), which \
         are not read"
    );
    // The whole count, with --limit 0, says how many the grid alone has.
    let (code, _, err) = dlx(&["solve", "sudoku", &text, "--limit", "0", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("the grid alone has 288 solutions"), "{err}");
}

#[test]
fn a_unique_puzzle_or_one_with_nothing_unread_says_nothing_more() {
    // The same grid with its givens: unique, so the shapes changed nothing and no note is printed,
    // though `--json` still names what was not read.
    let text = cosmetic_puzzle().replacen(
        r#"[{},{},{},{}],"#,
        r#"[{"value":1,"given":true},{"value":2,"given":true},{"value":3,"given":true},{}],"#,
        1,
    );
    let text = text.replacen(
        r#"[{},{},{},{}],"#,
        r#"[{"value":3,"given":true},{"value":4,"given":true},{"value":1,"given":true},{}],"#,
        1,
    );
    let text = text.replacen(
        r#"[{},{},{},{}],"#,
        r#"[{"value":2,"given":true},{"value":1,"given":true},{"value":4,"given":true},{}],"#,
        1,
    );
    let (code, out, err) = dlx(&["solve", "sudoku", &text, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["unique"], true, "{out}");
    assert!(v["unread"].as_str().unwrap().contains("3 cosmetic cages"));
    assert!(!err.contains("grid alone"), "{err}");
    // A classic one-liner has nothing unread: `null`, and no note.
    let (code, out, err) = dlx(&["solve", "sudoku", &".".repeat(16), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["unread"], Value::Null);
    assert!(!err.contains("not read"), "{err}");
}
