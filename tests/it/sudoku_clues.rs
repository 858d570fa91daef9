//! The clues of issue 43 read from f-puzzles JSON and from ISS strings: the same clues give the
//! same solutions by either reader, every solution checked by the rules (`common::sudoku_solutions`).

use crate::common::sudoku_solutions;
use dlx_studio::problems::sudoku::Sudoku;
use std::collections::BTreeSet;

/// A 4x4 grid every clue below holds on.
const FOUR: &str = "1234341221434321";

fn solutions(text: &str) -> BTreeSet<Vec<u8>> {
    let s = Sudoku::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let all = sudoku_solutions(&s, 1000);
    let set: BTreeSet<Vec<u8>> = all.iter().cloned().collect();
    assert_eq!(set.len(), all.len(), "a solution found twice");
    set
}

#[test]
fn f_puzzles_and_iss_clues_give_the_same_solutions() {
    let empty = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let json = format!(
        r#"{{"size":4,"grid":{empty},
        "difference":[{{"cells":["R1C1","R1C2"]}}],
        "ratio":[{{"cells":["R4C3","R4C4"],"value":"2"}}],
        "xv":[{{"cells":["R1C2","R1C3"],"value":"V"}}],
        "arrow":[{{"cells":["R2C2"],"lines":[["R2C2","R1C1","R2C1"]]}}],
        "littlekillersum":[{{"cell":"R0C3","direction":"DL","value":"5"}}],
        "sandwichsum":[{{"cell":"R0C2","value":"0"}}],
        "palindrome":[{{"lines":[["R1C1","R2C2","R3C3","R4C4"]]}}],
        "whispers":[{{"lines":[["R1C1","R2C1","R3C2","R2C2"]],"value":2}}],
        "renban":[{{"lines":[["R1C2","R2C3","R3C4"]]}}],
        "betweenline":[{{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}}],
        "regionsumline":[{{"lines":[["R2C2","R2C3","R1C3"]]}}],
        "quadruple":[{{"cells":["R3C3","R3C4","R4C3","R4C4"],"values":[1,2,3]}}],
        "odd":[{{"cell":"R1C1"}}],"even":[{{"cell":"R4C3"}}],
        "minimum":[{{"cell":"R1C1"}}],"maximum":[{{"cell":"R2C2"}}]}}"#
    );
    let iss = ".Shape~4x4.WhiteDot~R1C1~R1C2.BlackDot~R4C3~R4C4.V~R1C2~R1C3\
        .Arrow~R2C2~R1C1~R2C1.LittleKiller~5~R1C2.Sandwich~0~C2\
        .Palindrome~R1C1~R2C2~R3C3~R4C4.Whisper~2~R1C1~R2C1~R3C2~R2C2\
        .Renban~R1C2~R2C3~R3C4.Between~R1C1~R1C2~R1C3~R1C4.RegionSumLine~R2C2~R2C3~R1C3\
        .Quad~R3C3~1~2~3.~R1C1_1_3~R4C3_2_4\
        .GreaterThan~R1C2~R1C1.GreaterThan~R2C1~R1C1\
        .GreaterThan~R2C2~R1C2.GreaterThan~R2C2~R3C2.GreaterThan~R2C2~R2C1.GreaterThan~R2C2~R2C3";
    let four: Vec<u8> = FOUR.bytes().map(|b| b - b'0').collect();
    let by_json = solutions(&json);
    assert!(by_json.contains(&four), "{by_json:?}");
    assert_eq!(by_json, solutions(iss));
    // Each clue narrows the 288 grids; together they leave few.
    assert!(by_json.len() < 10, "{}", by_json.len());
    let s = Sudoku::parse(&json).unwrap();
    let names = s.rules().names();
    for w in [
        "kropki",
        "XV",
        "arrow",
        "little killer",
        "sandwich",
        "palindrome",
        "whispers",
    ] {
        assert!(names.contains(&w), "{names:?}");
    }
    // A clone and f-puzzles' negative XV.
    let clone = format!(
        r#"{{"size":4,"grid":{empty},"clone":[{{"cells":["R1C1","R1C2"],"cloneCells":["R4C4","R4C3"]}}],"negative":["xv"],"xv":[{{"cells":["R1C2","R1C3"],"value":"V"}}]}}"#
    );
    for g in solutions(&clone) {
        assert_eq!((g[0], g[1]), (g[15], g[14]));
        assert_eq!(g[1] + g[2], 5);
        // No other orthogonal pair adds up to 5 (an X, 10, is out of reach on 4x4).
        for p in 0..16 {
            for q in [p + 1, p + 4] {
                let neighbours = q < 16 && (q == p + 4 || p % 4 < 3);
                if neighbours && (p, q) != (1, 2) {
                    assert_ne!(g[p] + g[q], 5, "{g:?}");
                }
            }
        }
    }
}

#[test]
fn bad_clues_are_refused_by_name_and_place() {
    let empty = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let msg = |extra: &str| {
        Sudoku::parse(&format!(r#"{{"size":4,"grid":{empty},{extra}}}"#))
            .err()
            .expect("refused")
            .to_string()
    };
    assert_eq!(
        msg(r#""xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]"#),
        "xv[0].value: expected \"X\" or \"V\""
    );
    assert_eq!(
        msg(r#""difference":[{"cells":["R1C1","R2C2"]}]"#),
        "white dot r1c1-r2c2: its two cells are not orthogonal neighbours"
    );
    assert_eq!(
        msg(r#""sandwichsum":[{"cell":"R2C2","value":"3"}]"#),
        "sandwichsum[0].cell: a sandwich sum stands above a column or left of a row"
    );
    assert!(
        msg(r#""arrow":[{"cells":["R9C9"],"lines":[["R9C9","R1C1"]]}]"#)
            .starts_with("arrow[0].cells[0]: `R9C9` is not a cell of a 4x4 grid")
    );
}
