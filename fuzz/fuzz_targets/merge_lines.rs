//! `dlx merge`'s reading of part lines: the bytes are lines of text, each read as a count report
//! (`CountReport::read_part`), the ones that read merged (`report::merge`). Nothing may panic or
//! allocate by a number in the text; a merge that succeeds keeps the invariants each part had.
#![no_main]

use dlx_studio::report::{self, CountReport};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parts: Vec<(String, CountReport)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let r = CountReport::read_part(l).ok()?;
            assert!(r.solutions <= r.nodes && r.seconds.is_finite() && r.seconds >= 0.0);
            // What was read writes back to a line that reads the same (the seconds to within
            // serde_json's default float parsing, which may be 1 ulp off).
            let mut back = CountReport::read_part(&r.to_line()).expect("a written part reads");
            assert!((back.seconds - r.seconds).abs() <= r.seconds * 1e-15);
            back.seconds = r.seconds;
            assert_eq!(back, r);
            Some((format!("line {}", i + 1), r))
        })
        .collect();
    if let Ok(m) = report::merge(&parts) {
        assert!(m.solutions <= m.nodes, "{m:?}");
        assert!(m.seconds.is_finite() && m.seconds >= 0.0, "{m:?}");
        assert_eq!(parts.len() as u64, parts[0].1.parts.unwrap());
    }
});
