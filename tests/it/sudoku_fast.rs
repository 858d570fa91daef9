//! `dlx solve sudoku --batch` on the 9x9 engine (`Fast9`, the default) against the search on links
//! (`--engine links`): the same answers, messages and exit status, line for line.

use crate::common::run;

/// Runs the batch on one thread with extra arguments: stdout, stderr, exit code.
fn batch(input: &str, extra: &[&str]) -> (String, String, Option<i32>) {
    let mut args = vec!["solve", "sudoku", "--batch", "-", "--threads", "1"];
    args.extend_from_slice(extra);
    let ran = run(&args, input);
    (ran.stdout, ran.stderr, ran.code)
}

const P9: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const S9: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Lines of every kind: unique, with `0` for empty, full, no solution, two solutions, many, clashing
/// givens (in a row, a column, a box), a bad character, too short, drawn with separators, a 4x4,
/// a comment and a blank line.
#[test]
fn every_kind_of_line_is_answered_as_on_links() {
    let clash_row = format!("5.......5{}", ".".repeat(72));
    let clash_box = format!("5{}5{}", ".".repeat(9), ".".repeat(70));
    let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let two = {
        // S9 with a rectangle emptied whose corners hold a b / b a over two boxes: two solutions.
        let g: Vec<u8> = S9.bytes().collect();
        let rect = (0..81usize)
            .flat_map(|p| (p + 1..81).map(move |q| (p, q)))
            .find_map(|(p, q)| {
                let (r1, c1, r2, c2) = (p / 9, p % 9, q / 9, q % 9);
                let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                let (x, y) = (r1 * 9 + c2, r2 * 9 + c1);
                (r1 < r2 && c1 < c2 && two_boxes && g[p] == g[q] && g[x] == g[y] && g[p] != g[x])
                    .then_some([p, q, x, y])
            })
            .unwrap();
        let mut t = g.clone();
        for p in rect {
            t[p] = b'.';
        }
        String::from_utf8(t).unwrap()
    };
    let lines = [
        P9.to_string(),
        P9.replace('.', "0"),
        S9.to_string(),
        none,
        two,
        ".".repeat(81),
        clash_row,
        clash_box,
        format!("{}a", &P9[..80]),
        P9[..80].to_string(),
        P9.chars()
            .collect::<Vec<_>>()
            .chunks(9)
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("|"),
        "2.41........4.13".to_string(),
        "# a comment".to_string(),
        String::new(),
    ];
    let input = lines.join("\n") + "\n";
    let fast = batch(&input, &[]);
    let links = batch(&input, &["--engine", "links"]);
    assert_eq!(fast, links);
    let answers: Vec<&str> = fast.0.lines().collect();
    assert_eq!(
        answers[..6],
        [S9, S9, S9, "no solution", "not unique", "not unique"]
    );
    assert!(answers[6].starts_with("error: line 7"), "{}", answers[6]);
    assert_eq!(answers.len(), 12);
    assert_eq!(fast.2, Some(2), "bad lines make the exit status 2");
}

/// Two collections (their first 300 puzzles in `tests/data/sudoku`): the same output on both
/// engines. With `DLX_LONG_TESTS=1` (`make test-long`), the first 2,000 of each from the whole sets
/// in `../shared/data/sudoku` (required then).
#[test]
fn the_shared_sets_are_answered_as_on_links() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let long = std::env::var("DLX_LONG_TESTS").as_deref() == Ok("1");
    let dir = root.join(if long {
        "../shared/data/sudoku"
    } else {
        "tests/data/sudoku"
    });
    assert!(dir.is_dir(), "{} is missing", dir.display());
    for name in ["17-clue.txt", "forum-hardest-1905-11plus.txt"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let input: String = text.lines().take(2000).map(|l| format!("{l}\n")).collect();
        let fast = batch(&input, &[]);
        assert_eq!(fast.2, Some(0), "{name}: {}", fast.1);
        assert_eq!(fast, batch(&input, &["--engine", "links"]), "{name}");
        assert!(
            fast.0.lines().all(|l| l.len() == 81),
            "{name}: every puzzle unique"
        );
        let puzzles = input.lines().filter(|l| !l.starts_with('#')).count();
        assert!(puzzles >= 300, "{name}: {puzzles} puzzles");
        assert_eq!(
            fast.0.lines().count(),
            puzzles,
            "{name}: one answer a puzzle"
        );
    }
}
