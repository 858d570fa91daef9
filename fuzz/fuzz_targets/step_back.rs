//! Step k events forward, then k back: the link arrays (nodes, item links, lengths) and the counters
//! must be exactly what they were, at every k the bytes choose, on instances the bytes build.
#![no_main]

use dlx_studio::core::{Instance, Search};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [n_primary, n_secondary, k_hi, k_lo, rest @ ..] = data else {
        return;
    };
    let (n1, n2) = (usize::from(n_primary % 8) + 1, usize::from(n_secondary % 4));
    fn names(p: &'static str, n: usize) -> impl Iterator<Item = String> {
        (0..n).map(move |i| format!("{p}{i}"))
    }
    let Ok(mut inst) = Instance::new(names("p", n1), names("s", n2)) else {
        return;
    };
    // Each pair of bytes is an option: a bit mask over the items (empty masks skipped).
    for pair in rest.chunks(2) {
        let mask = u16::from(pair[0]) | u16::from(*pair.get(1).unwrap_or(&0)) << 8;
        let items: Vec<usize> = (0..n1 + n2).filter(|&i| mask >> i & 1 == 1).collect();
        if !items.is_empty() {
            inst.add_option(&items).expect("distinct items in range");
        }
    }
    let k = usize::from(*k_hi) << 8 | usize::from(*k_lo);
    let mut s = Search::new(&inst);
    // Walk a little first, so that the round trip starts mid-search too.
    let lead = k % 17;
    for _ in 0..lead {
        s.step();
    }
    let snapshot = |s: &Search| {
        let l = s.links();
        (
            l.nodes().to_vec(),
            l.items().to_vec(),
            l.lens().to_vec(),
            s.level(),
            s.stats().nodes,
            s.stats().updates,
        )
    };
    let before = snapshot(&s);
    let mut taken = 0;
    while taken < k && s.step().is_some() {
        taken += 1;
    }
    for _ in 0..taken {
        assert!(s.step_back().is_some(), "could not step back");
    }
    assert!(snapshot(&s) == before, "k = {k}: not back where it started");
});
