//! Any text through the exact-cover reader in each format (auto, Knuth's, matrix): a problem or an
//! `InputError` with a position inside the text, never a panic; an accepted problem round-trips
//! through Knuth's format to the same instance (but for empty options, 0-1 rows of zeros, which
//! Knuth's format cannot write: the export leaves them out).
#![no_main]

use dlx_studio::problems::exact_cover::{ExactCover, Reading};
use dlx_studio::problems::Problem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for reading in [Reading::Auto, Reading::Knuth, Reading::Matrix] {
        match ExactCover::parse_as(text, reading) {
            Ok(x) => {
                let knuth = x.instance().to_knuth();
                let back = ExactCover::parse_as(&knuth, Reading::Knuth).expect("export reads back");
                let x = x.instance();
                let empty = (0..x.n_options()).filter(|&k| x.option(k).len() == 0).count();
                if empty == 0 {
                    assert_eq!(back.instance(), x);
                } else {
                    assert_eq!(back.instance().to_knuth(), knuth);
                    assert_eq!(back.instance().n_options() + empty, x.n_options());
                }
            }
            Err(e) => {
                if let Some(line) = e.line {
                    // Line 1 exists even in an empty text.
                    assert!(line >= 1 && line <= text.len() + 1, "{e}");
                }
                assert!(!e.to_string().contains(|c: char| c.is_control()), "{e}");
            }
        }
    }
});
