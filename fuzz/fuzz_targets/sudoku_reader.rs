//! Any text through the Sudoku reader (`problems::load` of `Spec::Sudoku`, as the CLI and the page
//! call it): it must answer a problem or an `InputError`, never panic, and an accepted puzzle's
//! board must read back as the same puzzle.
#![no_main]

use dlx_studio::problems::{load, Spec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match load(&Spec::Sudoku(text.to_string())) {
        // f-puzzles JSON and links may hold a jigsaw, whose givens need not read back under boxes:
        // the fpuzzles_reader target round-trips those through f-puzzles JSON.
        Ok(_) if dlx_studio::problems::sudoku::fpuzzles::looks_like(text) => {}
        Ok(p) => {
            let b = p.board(p.givens());
            // The givens' board is a puzzle the reader takes back, with the same givens.
            let again = load(&Spec::Sudoku(b.text.clone())).expect("a board reads back");
            assert_eq!(again.givens().len(), p.givens().len());
        }
        Err(e) => {
            // Messages are one line of visible characters.
            assert!(!e.to_string().contains(|c: char| c.is_control()), "{e}");
        }
    }
});
