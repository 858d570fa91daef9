//! SudokuPad links and payloads, and ISS strings and links (issue 42): payloads encoded here
//! (lz-string base64 of JSON written here, in SudokuPad's zipped form and plain), f-puzzles JSON
//! from the f-puzzles writer carried in SudokuPad links, percent-encoded links, short ids, and the
//! refusals by name.

use dlx_studio::problems::sudoku::{fpuzzles, Cage, Rules, Sudoku};
use dlx_studio::problems::Problem;

/// The solutions (up to `limit`), each checked by the rules checker, as strings of digits.
fn solutions(s: &Sudoku, limit: usize) -> Vec<String> {
    crate::common::sudoku_solutions(s, limit)
        .iter()
        .map(|c| {
            c.iter()
                .map(|&v| char::from_digit(v.into(), 36).unwrap())
                .collect()
        })
        .collect()
}

/// Wikipedia's classic puzzle and its solution.
const GIVENS: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The puzzle as SudokuPad zips its JSON: short keys unquoted, empty cells as empty slots, the
/// regions as lists of [row, column].
fn zipped_classic() -> String {
    let rows: Vec<String> = GIVENS
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&b| {
                    if b == b'.' {
                        String::new()
                    } else {
                        format!("{{v:{}}}", b as char)
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let regions: Vec<String> = (0..9)
        .map(|b| {
            let cells: Vec<String> = (0..9)
                .map(|i| format!("[{},{}]", (b / 3) * 3 + i / 3, (b % 3) * 3 + i % 3))
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!(
        "{{ce:[{}],re:[{}],ca:[{{v:'title: Wikipedia\\'s classic'}}]}}",
        rows.join(","),
        regions.join(",")
    )
}

#[test]
fn scl_payload_in_the_zipped_form_solves_to_the_published_solution() {
    let payload = lz_str::compress_to_base64(&zipped_classic());
    for link in [
        format!("https://sudokupad.app/scl{payload}"),
        format!("sudokupad.app/?puzzleid=scl{payload}"),
        format!("https://app.crackingthecryptic.com/sudoku/ctc{payload}"),
        // As a browser copies it: `+`, `/` and `=` percent-encoded.
        format!(
            "https://sudokupad.app/scl{}",
            payload
                .replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D")
        ),
    ] {
        let s = Sudoku::parse(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert!(s.rules().is_classic(), "{link}");
        assert_eq!(solutions(&s, 2), vec![SOLUTION.to_string()], "{link}");
        let note = s.note().unwrap();
        assert!(note.contains("from a SudokuPad link"), "{note}");
        assert!(note.contains("Wikipedia's classic"), "{note}");
    }
}

#[test]
fn plain_json_with_long_keys_reads_the_same() {
    let rows: Vec<String> = GIVENS
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&b| {
                    if b == b'.' {
                        "{}".to_string()
                    } else {
                        format!("{{\"value\":\"{}\"}}", b as char)
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!("{{\"cells\":[{}]}}", rows.join(","));
    let link = format!(
        "https://sudokupad.app/ctc{}",
        lz_str::compress_to_base64(&json)
    );
    let s = Sudoku::parse(&link).unwrap();
    assert_eq!(solutions(&s, 2), vec![SOLUTION.to_string()]);
}

/// A 4x4 of one given and a killer cage, a thermometer and the rules naming it: SudokuPad's
/// thermometer is a line with a round bulb under its first cell.
fn native_4x4(rules: &str, bulb: bool) -> String {
    let bulb = if bulb {
        "u:[{ct:[0.5,0.5],w:0.85,h:0.85,r:t,c2:CFCFCF}],"
    } else {
        ""
    };
    format!(
        "{{ce:[[{{v:1}},,,],[,,,],[,,,],[,,,]],\
         ca:[{{cells:[[3,2],[3,3]],v:7,style:'killer'}},{{v:'rules: {rules}'}}],\
         l:[{{wp:[[0.5,0.5],[1.5,0.5],[2.5,0.5]],c:CFCFCF,th:21}}],{bulb}}}"
    )
}

#[test]
fn killer_cages_and_thermometers_by_sudokupad_conventions() {
    let text = native_4x4(
        "Normal sudoku rules. Thermometers increase from the bulb.",
        true,
    );
    let link = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&text)
    );
    let s = Sudoku::parse(&link).unwrap();
    assert_eq!(
        s.rules(),
        &Rules {
            cages: vec![Cage {
                cells: vec![14, 15],
                sum: Some(7)
            }],
            thermos: vec![vec![0, 4, 8]],
            ..Rules::default()
        }
    );
    // The same rules as f-puzzles JSON count the same solutions (the checker checks each).
    let json = fpuzzles::write(
        &Sudoku::parse("1...............").unwrap().grid().clone(),
        s.rules(),
    )
    .unwrap();
    let from_json = Sudoku::parse(&json).unwrap();
    let (a, b) = (solutions(&s, 1000), solutions(&from_json, 1000));
    assert!(!a.is_empty() && a.len() < 1000);
    assert_eq!(a, b);
    // Without the rules naming thermometers, the line and its bulb are drawn only: the grid and
    // the cage are solved, and the verdict says what was not read.
    let text = native_4x4("Normal sudoku rules.", true);
    let link = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&text)
    );
    let s = Sudoku::parse(&link).unwrap();
    assert!(s.rules().thermos.is_empty());
    assert_eq!(
        s.unread().as_deref(),
        Some(
            "this puzzle states its rules in words and drawn shapes (1 line, 1 underlay), which \
             are not read"
        )
    );
}

#[test]
fn fpuzzles_payloads_in_sudokupad_links_read_as_fpuzzles() {
    // Made by the f-puzzles writer: a jigsaw-free killer and an X puzzle.
    let grid = Sudoku::parse(GIVENS).unwrap().grid().clone();
    let rules = Rules {
        diagonal_pos: false,
        cages: vec![Cage {
            cells: vec![2, 3],
            sum: Some(10),
        }],
        ..Rules::default()
    };
    let json = fpuzzles::write(&grid, &rules).unwrap();
    let payload = lz_str::compress_to_base64(&json);
    for link in [
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/fpuz{payload}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{payload}"),
        format!("https://sudokupad.app/sudoku/fpuzzles{payload}"),
    ] {
        let s = Sudoku::parse(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(s.rules(), &rules, "{link}");
        assert_eq!(solutions(&s, 2), vec![SOLUTION.to_string()], "{link}");
        assert!(s.note().unwrap().contains("SudokuPad link"), "{link}");
    }
}

#[test]
fn short_ids_refusals_and_bad_payloads_say_what_and_where() {
    let e = Sudoku::parse("https://sudokupad.app/abc123")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("`abc123` is a SudokuPad short id"), "{e}");
    assert!(e.contains("network"), "{e}");
    let e = Sudoku::parse("https://sudokupad.app/?puzzleid=xyz")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("`xyz` is a SudokuPad short id"), "{e}");
    // f-puzzles' own short links (ISS's "Triple digits" gives one as its source): named as such,
    // not "a link, but not to an f-puzzles puzzle".
    let e = Sudoku::parse("https://f-puzzles.com/?id=y82pttpx")
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("`y82pttpx` is an f-puzzles short id") && e.contains("?load="),
        "{e}"
    );
    // An arrow the rules do not name is drawn only, and the verdict says so; a kind the rules name
    // whose shapes are not read (a grey line where the rules say green) is refused by name, as is a
    // kind whose shapes are never read.
    let arrows = "{ce:[[,,,],[,,,],[,,,],[,,,]],a:[{wp:[[0.5,0.5],[1.5,1.5]]}]}";
    let s = Sudoku::parse(&format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(arrows)
    ))
    .unwrap();
    assert_eq!(
        s.unread().as_deref(),
        Some("this puzzle draws shapes that state no rule here (1 arrow), which are not read")
    );
    let whispers = native_4x4(
        "Adjacent digits on green lines (German whispers) differ by 5.",
        false,
    );
    let e = Sudoku::parse(&format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&whispers)
    ))
    .err()
    .expect("refused")
    .to_string();
    assert!(
        e.contains("rules speak of German whispers, but none of its shapes was read as one"),
        "{e}"
    );
    let fog = native_4x4("Fog of war hides the grid.", false);
    let e = Sudoku::parse(&format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&fog)
    ))
    .err()
    .expect("refused")
    .to_string();
    assert!(e.contains("fog of war, which are not supported"), "{e}");
    // A 6x6 reads with its 2x3 boxes (the one geometry); a 7x7 has no boxes, so without its regions
    // it is refused naming that; a 3-row grid is no Sudoku's; a payload that is not lz-string says so.
    let scl = |json: &str| {
        format!(
            "https://sudokupad.app/scl{}",
            lz_str::compress_to_base64(json)
        )
    };
    let six = "{ce:[[,,,,,],[,,,,,],[,,,,,],[,,,,,],[,,,,,],[,,,,,]]}";
    let s = Sudoku::parse(&scl(six)).unwrap();
    assert_eq!(s.grid().geometry().boxes(), Some((2, 3)));
    let seven = format!("{{ce:[{}]}}", ["[,,,,,,]"; 7].join(","));
    let e = Sudoku::parse(&scl(&seven))
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("a 7x7 Sudoku has no boxes"), "{e}");
    let three = "{ce:[[,,],[,,],[,,]]}";
    let e = Sudoku::parse(&scl(three))
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("3-row SudokuPad grid is not supported"), "{e}");
    let e = Sudoku::parse("https://sudokupad.app/scl!!!")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("`!`"), "{e}");
    // A zipped text that does not read names the character.
    let e = Sudoku::parse(&format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64("{ce:[[{v:1}")
    ))
    .err()
    .expect("refused")
    .to_string();
    assert!(e.contains("does not read at character"), "{e}");
}

#[test]
fn iss_strings_and_links() {
    let iss = ".~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5~R3C2_9~R3C3_8~R3C8_6~R4C1_8\
               ~R4C5_6~R4C9_3~R5C1_4~R5C4_8~R5C6_3~R5C9_1~R6C1_7~R6C5_2~R6C9_6~R7C2_6~R7C7_2\
               ~R7C8_8~R8C4_4~R8C5_1~R8C6_9~R8C9_5~R9C5_8~R9C8_7~R9C9_9";
    let s = Sudoku::parse(iss).unwrap();
    assert_eq!(solutions(&s, 2), vec![SOLUTION.to_string()]);
    assert!(s.note().unwrap().contains("Interactive Sudoku Solver"));
    // Percent-encoded in a link, as ISS writes its `?q=`.
    let link = format!(
        "https://sigh.github.io/Interactive-Sudoku-Solver/?q={}",
        iss.replace('~', "%7E")
    );
    let s = Sudoku::parse(&link).unwrap();
    assert_eq!(solutions(&s, 2), vec![SOLUTION.to_string()]);
    // Rules read: X, anti-knight, a cage without a sum, a thermometer, the jigsaw with NoBoxes.
    let s = Sudoku::parse(
        ".Diagonal~1.Diagonal~-1.AntiKnight.Cage~~R1C1~R1C2.Cage~0~R2C1~R2C2.Thermo~R9C1~R9C2~R9C3",
    )
    .unwrap();
    let r = s.rules();
    assert!(r.diagonal_pos && r.diagonal_neg && r.anti_knight);
    assert_eq!(r.cages.iter().filter(|c| c.sum.is_none()).count(), 2);
    assert_eq!(r.thermos, vec![vec![72, 73, 74]]);
    // Refused by name, whatever else the string holds; errors name the item and the cell.
    let e = Sudoku::parse(".Var~1~A.~R1C1_5")
        .err()
        .expect("refused")
        .to_string();
    assert_eq!(
        e,
        "ISS `Var~1~A`: a group of cells outside the grid is named by 1 to 4 upper-case letters"
    );
    // A cage that lists a cell twice adds its digit twice in ISS ("Event horizon"): a weighted
    // sum (a `Sum` line over the cells as listed) on cells whose digits differ, not a killer cage.
    let s = Sudoku::parse(".Cage~20~R4C2~R4C3~R4C4~R4C4").unwrap();
    let r = s.rules();
    assert!(r.cages.is_empty());
    assert_eq!(r.clues.len(), 1);
    assert_eq!(r.clues[0].cells, vec![28, 29, 30, 30]);
    assert_eq!(r.extra_regions, vec![vec![28, 29, 30]]);
    // Every size of the one geometry reads (a 6x6 with its 2x3 boxes); others are refused by shape.
    let s = Sudoku::parse(".Shape~6x6.~R1C1_5").unwrap();
    assert_eq!(s.grid().geometry().boxes(), Some((2, 3)));
    assert_eq!(s.grid().cells()[0], 5);
    let e = Sudoku::parse(".Shape~3x3.~R1C1_1")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("ISS shape `3x3` is not supported"), "{e}");
    let e = Sudoku::parse(".Cage~10~R1C1~R1Cz")
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("constraint 1 (`Cage`)") && e.contains("`R1Cz`"),
        "{e}"
    );
    let e = Sudoku::parse(".~R1C1_5~R1C2_5")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("the givens break a rule"), "{e}");
    // The short killer format: a cage of 3 in r1c1-r1c2, every other cell its own cage of one.
    let mut short = String::from("3<");
    let sol = SOLUTION.as_bytes();
    assert_eq!(sol[0] + sol[1] - 2 * b'0', 8);
    for &d in &sol[2..] {
        short.push(d as char);
    }
    // 5 + 3 is 8, not 3, and the cages of one cell fix every other cell: no solution.
    let s = Sudoku::parse(&short).unwrap();
    assert_eq!(s.rules().cages.len(), 80);
    assert!(solutions(&s, 2).is_empty());
    let short = short.replacen('3', "8", 1);
    let s = Sudoku::parse(&short).unwrap();
    assert_eq!(solutions(&s, 2), vec![SOLUTION.to_string()]);
}

#[test]
fn iss_layouts_and_killer_text_errors() {
    // DisjointSets: nine extra regions, each the cells at one place in every box.
    let s = Sudoku::parse(".DisjointSets").unwrap();
    let sets = &s.rules().extra_regions;
    assert_eq!(sets.len(), 9);
    assert!(sets.iter().all(|set| set.len() == 9));
    assert_eq!(sets[0], vec![0, 3, 6, 27, 30, 33, 54, 57, 60]);
    assert_eq!(sets[8], vec![20, 23, 26, 47, 50, 53, 74, 77, 80]);
    // Windoku: ISS's four windows on a 9x9 are the windoku; on a 4x4 its one window r2-3 c2-3.
    assert!(Sudoku::parse(".Windoku").unwrap().rules().windoku);
    let s = Sudoku::parse(".Shape~4x4.Windoku").unwrap();
    assert_eq!(s.rules().extra_regions, vec![vec![5, 9, 6, 10]]);
    // A jigsaw without NoBoxes keeps the boxes and adds its pieces; with NoBoxes it replaces them.
    let rows = "111222333111222333111222333444555666444555666444555666777888999777888999777888999";
    let shifted: String = rows[1..].chars().chain(rows[..1].chars()).collect();
    let s = Sudoku::parse(&format!(".Jigsaw~{shifted}")).unwrap();
    assert!(s.rules().regions.is_none());
    assert_eq!(s.rules().extra_regions.len(), 9);
    let s = Sudoku::parse(&format!(".NoBoxes.Jigsaw~{shifted}")).unwrap();
    assert!(s.rules().regions.is_some() && s.rules().extra_regions.is_empty());
    // NoBoxes without a jigsaw: rows and columns only (refused before ISS's "Embedded Squishdoku"
    // was read).
    let s = Sudoku::parse(".NoBoxes.~R1C1_1").unwrap();
    assert!(s.rules().boxless() && s.rules().names() == ["no boxes"]);
    // The short killer format: a loop of arrows, and an arrow off the grid, are named where.
    let mut looped = String::from("><");
    looped.push_str(&"1".repeat(79));
    let e = Sudoku::parse(&looped).err().expect("refused").to_string();
    assert!(e.contains("from r1c1 go round in a loop"), "{e}");
    let mut off = String::from("^");
    off.push_str(&"1".repeat(80));
    let e = Sudoku::parse(&off).err().expect("refused").to_string();
    assert!(e.contains("`^` at r1c1 points off the grid"), "{e}");
    // SudokuWiki's `3x3:` export: a cell that is no number, and a cage given two sums.
    let mut cells = vec!["2561".to_string(); 81];
    cells[5] = "x".into();
    let e = Sudoku::parse(&format!("3x3::k:{}:", cells.join(":")))
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("r1c6: `x` is not a number"), "{e}");
    cells[5] = "2817".into();
    let e = Sudoku::parse(&format!("3x3::k:{}:", cells.join(":")))
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("cage 1 has the sum 11 here and 10 before"),
        "{e}"
    );
    // A 16x16's pencil marks (4,096 characters) cannot write 10 to 16: refused by name.
    let marks = "1234567890123456".repeat(255) + "123456789012345.";
    let e = Sudoku::parse(&marks).err().expect("refused").to_string();
    assert!(e.contains("ISS pencil-mark grids of 16x16"), "{e}");
}

/// ISS's pencil-mark grid (9 characters a cell, the k-th the digit k or `.`): a cell with one
/// candidate is a given, one with all nine empty, the others candidate sets. "Pencilmark sudoku 2"
/// from ISS's collection (forum.enjoysudoku.com, Pencilmark sudoku, p297310) solves to its
/// published solution, uniquely; a set that rules out the solution's digit is named.
#[test]
fn iss_pencil_mark_grids_are_read_as_givens_and_candidate_sets() {
    let marks = "123456789.2345678...3456...123456..912345.7.9123456.89123456.89123456789123456.89.234..78..2345678...34.678.123456789123456789123456.89123456789.234.678..2345678..2345678...345678..23456789123456..91234567.9123456.8912345678912.4.67891234567891234567891234567891.34.6..91234.6...1234.678.1234.6.8.12345678912.4.....12345678.1.3456789..34567891.34567891234567891234567891234567891234567891234567891234567891.3456789..345678.1.345678912345678912345678912345678912.456789123456789123456789123456789.234567891234567891234567.9123456789123456.89123456789123456789123456789123456789.2.456789..3456789123456789.23456789123456789123456789123456789.23456789123456789.234567891.3456789123456789123456789123456.891234567891234.678.123456789";
    let want = "124356879356789124789412563213678945697541382548293617832964751465137298971825436";
    let s = Sudoku::parse(marks).unwrap();
    let rules = s.rules();
    let givens = s.grid().cells().iter().filter(|&&v| v != 0).count();
    let singles = marks
        .as_bytes()
        .chunks(9)
        .filter(|c| c.iter().filter(|&&b| b != b'.').count() == 1)
        .count();
    let empty = marks
        .as_bytes()
        .chunks(9)
        .filter(|c| !c.contains(&b'.'))
        .count();
    assert_eq!(givens, singles);
    assert_eq!(rules.candidates.len(), 81 - singles - empty);
    assert!(rules.candidates.len() > 20, "{}", rules.candidates.len());
    assert_eq!(solutions(&s, 2), [want]);
    // Cell r1c1 told it cannot be 1 (its solution's digit): no solution, and the checker names it.
    let wrong = format!(".23456789{}", &marks[9..]);
    let s = Sudoku::parse(&wrong).unwrap();
    assert!(solutions(&s, 2).is_empty());
    let grid: Vec<u8> = want.bytes().map(|b| b - b'0').collect();
    let why = s
        .rules()
        .check(s.grid().geometry(), &grid, true)
        .unwrap_err();
    assert!(
        why.to_string().contains("r1c1 holds 1, not one of 2"),
        "{why}"
    );
}

/// Cut short anywhere, the texts these readers take are refused with a message, never a panic:
/// every prefix of SudokuPad's zipped JSON, and prefixes of each ISS sample puzzle.
#[test]
fn truncated_inputs_are_refused_not_panics() {
    use dlx_studio::problems::sudoku::sudokupad;
    let zipped = zipped_classic();
    for k in 0..zipped.len() {
        let _ = sudokupad::unzip(&zipped[..k]);
        let link = format!(
            "https://sudokupad.app/scl{}",
            lz_str::compress_to_base64(&zipped[..k])
        );
        assert!(Sudoku::parse(&link).is_err(), "{}", &zipped[..k]);
    }
    let sample = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/iss-sample.jsonl"),
    )
    .unwrap();
    for line in sample.lines().filter(|l| l.starts_with('{')) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = v["input"].as_str().unwrap();
        for k in (1..input.len()).step_by(17) {
            if input.is_char_boundary(k) {
                let _ = Sudoku::parse(&input[..k]);
            }
        }
    }
}

/// A 64-character line is an 8x8 Sudoku, not ISS's 4x4 pencil marks, unless it is written as pencil
/// marks are (the k-th character of a cell the digit k or `.`, some digit in every cell): an empty
/// 8x8's board of 64 dots was refused as pencil marks when read back (found by fuzzing).
#[test]
fn a_64_character_line_is_an_8x8_unless_written_as_pencil_marks() {
    for line in [".".repeat(64), format!("12345678{}", ".".repeat(56))] {
        let s = Sudoku::parse(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(s.grid().geometry().size(), 8);
        let board = s.board(s.givens()).text;
        assert_eq!(
            Sudoku::parse(&board).unwrap().grid().cells(),
            s.grid().cells()
        );
    }
    // Written as pencil marks, it is a 4x4's: r4c4's one candidate, 3, is a given.
    let marks = "1234".repeat(15) + "..3.";
    let s = Sudoku::parse(&marks).unwrap();
    assert_eq!(s.grid().geometry().size(), 4);
    assert_eq!(s.grid().cells().iter().filter(|&&v| v != 0).count(), 1);
    assert_eq!(s.grid().cells()[15], 3);
}
