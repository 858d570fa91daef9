//! `dlx` on variant Sudokus (issue 20): f-puzzles JSON as a file and as a link, `--variant`,
//! `dlx make sudoku`, and the refusals, through the real binary.

use crate::common::{check, run, Expect};
use dlx_studio::problems::sudoku::{fpuzzles, Sudoku};
use dlx_studio::problems::Problem;
use serde_json::Value;

fn dlx(args: &[&str]) -> (i32, String, String) {
    let ran = run(args, "");
    (ran.code.unwrap_or(-1), ran.stdout, ran.stderr)
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = dlx(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The solution `solve --json` prints, checked against the puzzle's rules by the checker.
fn checked_first(puzzle_text: &str, switches: &str, v: &Value) -> String {
    let first = v["first"].as_str().unwrap().to_string();
    let switches = dlx_studio::problems::sudoku::Switch::parse_list(switches).unwrap();
    let sudoku = Sudoku::parse_with(puzzle_text, &switches).unwrap();
    let mut board = sudoku.board(&[]);
    board.cells = first.bytes().map(|b| i32::from(b - b'0')).collect();
    sudoku.check(&board).unwrap();
    first
}

#[test]
fn made_puzzles_solve_unique_from_a_file_and_from_a_link() {
    let dir = std::env::temp_dir().join(format!("dlx-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (variant, seed) in [("killer", "3"), ("jigsaw", "4"), ("thermo", "5")] {
        let made = json(&[
            "make",
            "sudoku",
            "--variant",
            variant,
            "--seed",
            seed,
            "--json",
        ]);
        let text = made["puzzle"].as_str().unwrap();
        assert!(text.starts_with('{'), "{variant}: f-puzzles JSON");
        assert!(made["nodes"].as_u64().unwrap() > 0);
        assert_eq!(made["variant"][0], variant);
        let file = dir.join(format!("{variant}.json"));
        std::fs::write(&file, text).unwrap();
        let link = made["link"].as_str().unwrap();
        assert_eq!(link, fpuzzles::link(text));
        for input in [file.to_str().unwrap(), link] {
            let v = json(&["solve", "sudoku", input, "--json"]);
            assert_eq!(v["unique"], true, "{variant} {input}");
            assert_eq!(v["solutions"], 1);
            assert_eq!(v["complete"], true);
            let first = checked_first(text, "", &v);
            assert_eq!(first, made["solution"].as_str().unwrap(), "{variant}");
            assert_eq!(first.len(), 81);
        }
        // The same seed, the same puzzle.
        let again = json(&[
            "make",
            "sudoku",
            "--variant",
            variant,
            "--seed",
            seed,
            "--json",
        ]);
        assert_eq!(again["puzzle"], made["puzzle"]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn variant_switches_on_a_typed_puzzle() {
    let made = json(&[
        "make",
        "sudoku",
        "--variant",
        "x,anti-king",
        "--seed",
        "7",
        "--json",
    ]);
    let line = made["puzzle"].as_str().unwrap();
    assert_eq!(line.len(), 81, "one line of 81 symbols");
    let v = json(&[
        "solve",
        "sudoku",
        line,
        "--variant",
        "x,anti-king",
        "--json",
    ]);
    assert_eq!(v["unique"], true);
    assert_eq!(v["problem"], "Sudoku 9x9 (x, anti-king)");
    checked_first(line, "x,anti-king", &v);
    // Without the switches the same givens have many solutions.
    let plain = json(&["solve", "sudoku", line, "--json"]);
    assert_eq!(plain["unique"], false);
    // Standard input and count too.
    let out = check(
        &["count", "sudoku", "-", "--variant", "x,anti-king"],
        line,
        Expect::Quiet,
    );
    assert_eq!(out, "1\n");
    // The plain text form says the solution is unique.
    let (code, out, _) = dlx(&["solve", "sudoku", line, "--variant", "x,anti-king"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("\nThe solution is unique.\n"), "{out}");
}

#[test]
fn refusals_name_what_is_wrong() {
    let (code, _, err) = dlx(&["solve", "queens", "8", "--variant", "x"]);
    assert_eq!(
        (code, err.as_str()),
        (2, "dlx: --variant applies to sudoku, not queens\n")
    );
    let (code, _, err) = dlx(&["solve", "sudoku", &".".repeat(81), "--variant", "arrow"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("dlx: --variant: unknown variant `arrow`"),
        "{err}"
    );
    let (code, _, err) = dlx(&["make", "sudoku", "--variant", "sandwich"]);
    assert_eq!(code, 2);
    assert!(err.contains("jigsaw, killer or thermo"), "{err}");
    let (code, _, err) = dlx(&["make", "queens"]);
    assert_eq!(code, 2);
    assert!(err.contains("make makes Sudokus only"), "{err}");
    let (code, _, err) = dlx(&["make", "sudoku", "--limit", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--limit applies to solve and zdd, not make"),
        "{err}"
    );
    // An unsupported constraint inside a link, by name.
    let json_text = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"rowindexer":[{"cells":["R1C1"]}]}"#;
    let link = fpuzzles::link(json_text);
    let (code, _, err) = dlx(&["solve", "sudoku", &link]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "dlx: the puzzle: in the link's puzzle: row indexers are not supported\n"
    );
    // A file with bad JSON: where.
    let dir = std::env::temp_dir().join(format!("dlx-variants-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.json");
    std::fs::write(&file, "{\"size\": 9,\n \"grid\": [}\n").unwrap();
    let (code, _, err) = dlx(&["solve", "sudoku", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column"), "{err}");
    assert!(err.contains("not f-puzzles JSON"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    // The issue's report: an f-puzzles link once read as a grid ("unknown character `:`").
    let (_, _, err) = dlx(&["solve", "sudoku", "https://f-puzzles.com/?load=N4Ig"]);
    assert!(!err.contains("unknown character"), "{err}");
}

#[test]
fn make_takes_a_size_and_says_nothing_new_by_default() {
    // A 4x4 classic: one line of 16 symbols that solve reads as a unique puzzle; stderr empty
    // (the progress line is for a terminal or --progress).
    let (code, out, err) = dlx(&["make", "sudoku", "4", "--seed", "3"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let line = out.trim_end();
    assert_eq!(line.chars().count(), 16, "{out}");
    let v = json(&["solve", "sudoku", line, "--json"]);
    assert_eq!(v["unique"], true, "{v}");
    // The same with `4x4` and a variant, as f-puzzles JSON, and 16x16 with its solution in the
    // puzzle's own alphabet.
    let (code, out, _) = dlx(&[
        "make",
        "sudoku",
        "4x4",
        "--variant",
        "killer",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with('{') && out.contains("\"size\":4"), "{out}");
    let v = json(&["make", "sudoku", "16", "--seed", "2", "--json"]);
    let solution = v["solution"].as_str().unwrap();
    assert_eq!(solution.len(), 256);
    assert!(
        solution
            .chars()
            .all(|c| c.is_ascii_digit() || ('A'..='G').contains(&c)),
        "{solution}"
    );
    let solved = json(&["solve", "sudoku", v["puzzle"].as_str().unwrap(), "--json"]);
    assert_eq!(solved["unique"], true);
    // Refused by name, exit 2.
    for (args, want) in [
        (vec!["make", "sudoku", "7"], "a 7x7 Sudoku has no boxes"),
        (
            vec!["make", "sudoku", "4", "--variant", "anti-king"],
            "anti-king cannot be made 4x4",
        ),
        (
            vec!["make", "sudoku", "16", "--variant", "x"],
            "x cannot be made 16x16: only classic puzzles are made past 9x9",
        ),
        (vec!["make", "sudoku", "nine"], "`nine` is not a size"),
        (vec!["make", "sudoku", "9", "9"], "unexpected argument `9`"),
        (
            vec!["make", "sudoku", "--clues", "1000"],
            "--clues `1000`: a 9x9 Sudoku has 81 cells, so at most 81 givens",
        ),
        (
            vec!["make", "sudoku", "4", "--clues", "17"],
            "--clues `17`: a 4x4 Sudoku has 16 cells",
        ),
    ] {
        let (code, _, err) = dlx(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn make_progress_draws_the_makers_stages_on_stderr() {
    // A make of a few seconds (non-consecutive: long uniqueness checks), with --progress: the line
    // the maker's sink draws, redrawn in place, then blanked out; stdout is the puzzle alone.
    let (code, out, err) = dlx(&[
        "make",
        "sudoku",
        "--variant",
        "non-consecutive",
        "--seed",
        "6",
        "--progress",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim_end().len(), 81, "{out}");
    assert!(err.contains("\rmake: "), "{err:?}");
    assert!(
        err.contains("full grid, attempt ") || err.contains("removing givens: "),
        "{err:?}"
    );
    assert!(
        err.ends_with('\r'),
        "the line is blanked out at the end: {err:?}"
    );
}
