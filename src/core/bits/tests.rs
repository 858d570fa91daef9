//! MRV's scans against the obvious one.

use super::{scan, BLOCK, COVERED};
use crate::core::rng::SplitMix;

/// Levels' lengths as `choose` sees them: whole blocks, covered items and padding at
/// `COVERED`, and few distinct lengths, so that the least is often tied, anywhere.
fn lengths(rng: &mut SplitMix) -> Vec<i16> {
    let n = BLOCK * (1 + rng.below(21));
    let covered = rng.below(4);
    (0..n)
        .map(|_| match rng.below(8) {
            k if k < covered => COVERED,
            _ => rng.below(5) as i16,
        })
        .collect()
}

/// The first least length, the obvious way.
fn first_least(len: &[i16]) -> Option<(u32, u32)> {
    let best = *len.iter().min()?;
    let p = len.iter().position(|&v| v == best)?;
    (best != COVERED).then_some((p as u32, best as u32))
}

#[test]
fn every_scan_picks_the_first_least_length() {
    let mut rng = SplitMix::new(7);
    for case in 0..4000 {
        let mut len = lengths(&mut rng);
        if case % 50 == 0 {
            len.fill(COVERED);
        }
        let want = first_least(&len);
        assert_eq!(scan::<false>(&len), want, "case {case}: {len:?}");
        #[cfg(target_arch = "x86_64")]
        assert_eq!(super::raw::sse2::least(&len), want, "case {case}: {len:?}");
        let first = len.iter().position(|&v| v < COVERED);
        let got = scan::<true>(&len).map(|(p, _)| p as usize);
        assert_eq!(got, first, "case {case}: FIRST");
    }
}
