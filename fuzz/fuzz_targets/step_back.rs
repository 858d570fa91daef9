//! Step k events forward, then k back: the link arrays (nodes, item links, lengths, colours) and
//! the counters must be exactly what they were, at every k the bytes choose, on instances the bytes
//! build: plain exact cover, with colours on secondary items (Algorithm C's purify and unpurify),
//! with multiplicities on primary items (Algorithm M's tweaks), under DLX1's tree or the lookahead's.
#![no_main]

use dlx_studio::core::{Instance, Search, Tree};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [n_primary, n_secondary, k_hi, k_lo, flags, rest @ ..] = data else {
        return;
    };
    let (n1, n2) = (usize::from(n_primary % 8) + 1, usize::from(n_secondary % 4));
    // Flags: bit 0 colours, bit 1 multiplicities, bit 2 the lookahead's tree.
    let (colors, mult, lookahead) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
    fn names(p: &'static str, n: usize) -> impl Iterator<Item = String> {
        (0..n).map(move |i| format!("{p}{i}"))
    }
    let Ok(mut inst) = Instance::new(names("p", n1), names("s", n2)) else {
        return;
    };
    let mut rest = rest;
    if mult {
        // One byte a primary item: bounds lo..=hi with hi in 1..=3 and lo <= hi.
        for i in 0..n1 {
            let Some((&b, r)) = rest.split_first() else {
                break;
            };
            rest = r;
            let hi = u32::from(b % 3) + 1;
            let lo = u32::from(b / 3 % 4).min(hi);
            inst.set_bounds(i, lo, hi).expect("lo <= hi, hi >= 1, a primary item");
        }
    }
    let palette: Vec<u32> = ["r", "g", "b"]
        .iter()
        .map(|c| inst.color(c).expect("a colour name"))
        .collect();
    // Each three bytes are an option: a bit mask over the items (empty masks skipped), and with
    // colours, a byte whose pairs of bits colour the secondary items (0: no colour).
    for chunk in rest.chunks(3) {
        let mask = u16::from(chunk[0]) | u16::from(*chunk.get(1).unwrap_or(&0)) << 8;
        let paint = *chunk.get(2).unwrap_or(&0);
        let items: Vec<(usize, u32)> = (0..n1 + n2)
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| {
                let c = if colors && i >= n1 {
                    match paint >> (2 * (i - n1)) & 3 {
                        0 => 0,
                        k => palette[usize::from(k) - 1],
                    }
                } else {
                    0
                };
                (i, c)
            })
            .collect();
        if !items.is_empty() {
            inst.add_colored_option(&items)
                .expect("distinct items in range, colours on secondary items only");
        }
    }
    let k = usize::from(*k_hi) << 8 | usize::from(*k_lo);
    let mut s = Search::new(&inst);
    // Under multiplicities the search walks DLX3's tree whatever is asked (Algorithm M has no
    // lookahead): set_tree says so itself.
    s.set_tree(if lookahead { Tree::Lookahead } else { Tree::Dlx1 });
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
            l.colors().to_vec(),
            // Algorithm M's bounds, which tweaks lower and untweaks raise.
            (1..=n1 as u32)
                .map(|c| if mult { l.bound(c) } else { 0 })
                .collect::<Vec<_>>(),
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
