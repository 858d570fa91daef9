//! Any text through the f-puzzles reader (`Sudoku::parse`, as the CLI and the page call it with a
//! pasted JSON text or link): it must answer a puzzle or an `InputError`, never panic. The first byte
//! picks the form: even, the rest is JSON text; odd, the rest is the payload of an f-puzzles link
//! (lz-string base64, decompressed by lz-str). An accepted puzzle keeps its rules' checker happy on
//! its givens, and written back as f-puzzles JSON reads as the same puzzle (or the writer refuses a
//! rule it does not write, by name).
#![no_main]

use dlx_studio::problems::sudoku::{fpuzzles, Sudoku};
use dlx_studio::problems::Problem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let text = if first % 2 == 0 {
        format!("{{{rest}")
    } else {
        format!("https://f-puzzles.com/?load={rest}")
    };
    match Sudoku::parse(&text) {
        Ok(s) => {
            let n = s.grid().geometry();
            assert_eq!(s.rules().check(n, s.grid().cells(), false), Ok(()));
            // Written back, it reads as the same puzzle; or the writer names a rule it does
            // not write (one the puzzle has: clues other than lines, candidates, negatives).
            match fpuzzles::write(s.grid(), s.rules()) {
                Ok(json) => {
                    let again = Sudoku::parse(&json).expect("written JSON reads back");
                    assert_eq!(again.rules(), s.rules());
                    assert_eq!(again.grid().cells(), s.grid().cells());
                }
                Err(e) => {
                    let r = s.rules();
                    assert!(
                        !r.clues.is_empty()
                            || !r.candidates.is_empty()
                            || r.negative_kropki
                            || r.negative_xv,
                        "{e}"
                    );
                    assert!(e.to_string().starts_with("f-puzzles JSON is not written"));
                }
            }
            let _ = s.board(s.givens());
        }
        Err(e) => {
            // Messages are one line of visible characters.
            assert!(!e.to_string().contains(|c: char| c.is_control()), "{e}");
        }
    }
});
