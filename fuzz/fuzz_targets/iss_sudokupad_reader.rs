//! Any text through the ISS and SudokuPad readers (`Sudoku::parse`, as the CLI and the page call it
//! with a pasted constraint string or link): it must answer a puzzle or an `InputError`, never
//! panic. The first byte picks the form: 0, the rest as an ISS constraint string (`.~R1C1_5~…`);
//! 1, the rest as SudokuPad's JSON, compressed as its `scl` links are (lz-string base64), so that
//! the fuzzer explores the JSON and not the compression; 2, the rest as a SudokuPad link's payload;
//! 3, the rest as ISS's `?q=` link. An accepted puzzle keeps its rules' checker happy on its givens
//! and draws its board.
#![no_main]

use dlx_studio::problems::sudoku::Sudoku;
use dlx_studio::problems::Problem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let text = match first % 4 {
        0 => format!(".{rest}"),
        1 => format!(
            "https://sudokupad.app/scl{}",
            lz_str::compress_to_base64(rest)
        ),
        2 => format!("https://sudokupad.app/{rest}"),
        _ => format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={rest}"),
    };
    match Sudoku::parse(&text) {
        Ok(s) => {
            let g = s.grid().geometry();
            assert_eq!(s.rules().check(g, s.grid().cells(), false), Ok(()));
            let _ = s.board(s.givens());
        }
        Err(e) => {
            // Messages are one line of visible characters.
            assert!(!e.to_string().contains(|c: char| c.is_control()), "{e}");
        }
    }
});
