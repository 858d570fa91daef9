//! Tests of the link arrays against DLX1: layout, choice, cover and uncover.

use super::*;

/// The 6x7 example of Knuth's "Dancing Links" paper, shared with the search tests.
pub(crate) fn seeds() -> Instance {
    // The 6x7 example of Knuth's "Dancing Links" paper; its only cover is rows 1, 4, 5 (from 1).
    let mut x = Instance::new(["A", "B", "C", "D", "E", "F", "G"], Vec::<String>::new()).unwrap();
    for row in [
        &[2, 4, 5][..],
        &[0, 3, 6],
        &[1, 2, 5],
        &[0, 3],
        &[1, 6],
        &[3, 4, 6],
    ] {
        x.add_option(row).unwrap();
    }
    x
}

#[test]
fn layout_matches_dlx1() {
    let l = Links::new(&seeds(), Order::Given);
    assert_eq!(l.n_items, 7);
    // Item lengths as in the paper: A 2, B 2, C 2, D 3, E 2, F 2, G 3.
    let lens: Vec<u32> = (1..=7).map(|i| l.len(i)).collect();
    assert_eq!(lens, vec![2, 2, 2, 3, 2, 2, 3]);
    // Spacer after the items, then option 0 (C E F) at nodes 9..=11.
    assert_eq!(l.nodes[8].top, 0);
    assert_eq!(l.option_first[0], 9);
    assert_eq!(l.nodes[8].down, 11);
    assert_eq!(l.next_in_option(11), 9);
    assert_eq!(l.nodes[8].next, 0);
    assert_eq!(l.option_of(11), 0);
    assert_eq!(l.option_of(12 + 1), 1);
    assert_eq!(l.prev_in_option(9), 11);
    assert_eq!(l.option_of(10), 0);
    assert_eq!(l.choose(), Some((1, 2)));
}

/// DLX1's choice, written as Knuth writes it: along the list, the leftmost of the shortest,
/// stopping at length 0 only.
fn dlx1_choice(l: &Links) -> Option<(u32, u32)> {
    let mut k = l.items[0].right;
    let mut best: Option<(u32, u32)> = None;
    while k != 0 && best.is_none_or(|(_, t)| t > 0) {
        if best.is_none_or(|(_, t)| l.len(k) < t) {
            best = Some((k, l.len(k)));
        }
        k = l.items[k as usize].right;
    }
    best
}

/// The dense scan of `choose`, and the walk of a shuffled layout, against DLX1's walk along the
/// list (which, for the given order, is the list of headers in increasing order): same item, same
/// length, in random states of covering, for numbers of primary items on both sides of the block
/// widths (16 and 64) and their multiples; with and without `zeros` kept (its stop at length 1
/// must never change the choice), checked by `sanity` throughout.
#[test]
fn dense_choice_matches_the_walk_along_the_list() {
    let mut rng = SplitMix::new(11);
    let mut stops_at_one = 0;
    // Under Miri (`make miri`, a smoke run), a few sizes and steps: each step is slow there.
    let (sizes, steps): (&[usize], usize) = if cfg!(miri) {
        (&[17, 65], 12)
    } else {
        (
            &[1, 2, 15, 16, 17, 31, 63, 64, 65, 80, 128, 129, 200, 324],
            400,
        )
    };
    for &np in sizes {
        let names: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
        let mut inst = Instance::new(names, ["s0", "s1"]).unwrap();
        for _ in 0..3 * np {
            let mut row: Vec<usize> = (0..1 + rng.below(4)).map(|_| rng.below(np + 2)).collect();
            row.sort();
            row.dedup();
            inst.add_option(&row).unwrap();
        }
        for (order, track) in [
            (Order::Given, false),
            (Order::Given, true),
            (Order::Shuffled(np as u64), true),
        ] {
            let mut l = Links::new(&inst, order);
            l.set_track(track);
            let start = l.clone();
            let mut covered = Vec::new();
            for _ in 0..steps {
                let want = dlx1_choice(&l);
                assert_eq!(l.choose(), want, "{np} primary items, {order:?}, {track}");
                stops_at_one += usize::from(track && want.is_some_and(|(_, t)| t == 1));
                let active: Vec<u32> = (1..=np as u32).filter(|&i| l.is_active(i)).collect();
                if !active.is_empty() && (covered.is_empty() || rng.below(3) > 0) {
                    let c = active[rng.below(active.len())];
                    l.cover::<true>(c);
                    covered.push(c);
                } else if let Some(c) = covered.pop() {
                    l.uncover::<true>(c);
                }
                // Under Miri at the end only (below, by comparing with the start): `sanity` walks
                // every node in safe code, most of this test's minutes there.
                if !cfg!(miri) {
                    assert_eq!(l.sanity(), Ok(()));
                }
            }
            while let Some(c) = covered.pop() {
                l.uncover::<true>(c);
            }
            assert_eq!(l, start);
        }
    }
    // The stop at length 1 was taken, and agreed.
    assert!(
        stops_at_one > if cfg!(miri) { 0 } else { 100 },
        "{stops_at_one}"
    );
}

/// Follows the search's one path down (each level: choose, cover the item, commit its first
/// option) and returns the lengths `choose` read in all, and the depth reached.
fn reads_down_the_path(l: &mut Links) -> (u64, u64) {
    let (mut reads, mut depth) = (0, 0);
    loop {
        let (choice, read) = l.choose_counting();
        reads += read;
        let Some((c, d)) = choice else {
            return (reads, depth);
        };
        assert_eq!(d, 1, "a forced move at every level");
        l.cover::<true>(c);
        l.cover_option_from::<true>(l.down(c));
        depth += 1;
    }
}

/// Many items (issue 12, finding 9): `n` items each in its own option is a path `n` deep, and
/// the choice at each level read all `n` lengths (n^2 in all: 10^6 items took hours). Now it
/// reads one block a level, so the work grows linearly: 10 times the items, 10 times the reads.
/// The same with a secondary item in each option, whose length drops to 0 as its option is
/// hidden, and with options of two primary items, whose second item is empty until covered.
#[test]
#[cfg_attr(miri, ignore = "hundreds of thousands of levels: too slow under Miri")]
fn the_choice_reads_a_block_a_level_on_a_long_path() {
    let chain = |n: usize, shape: u8| {
        let names: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
        let sec: Vec<String> = match shape {
            1 => (0..n).map(|k| format!("s{k}")).collect(),
            _ => Vec::new(),
        };
        let mut inst = Instance::new(names, sec).unwrap();
        for k in 0..n {
            match shape {
                0 => inst.add_option(&[k]),
                1 => inst.add_option(&[k, n + k]),
                _ if k % 2 == 0 => inst.add_option(&[k, k + 1]),
                _ => continue,
            }
            .unwrap();
        }
        Links::new(&inst, Order::Given)
    };
    let small = TRACK_ZEROS as usize + 904;
    for shape in 0..3 {
        let mut work = Vec::new();
        for n in [small, 10 * small] {
            let mut l = chain(n, shape);
            assert!(l.track, "{n} items keep zeros");
            let start = l.clone();
            let (reads, depth) = reads_down_the_path(&mut l);
            assert_eq!(depth, if shape == 2 { n / 2 } else { n } as u64);
            assert!(reads <= (WIDE as u64 + 1) * (depth + 1), "{reads} for {n}");
            assert_eq!(l.sanity(), Ok(()));
            drop(start);
            work.push(reads);
        }
        // Linear: 10x the items, at most 10x the reads (each level reads one block).
        assert!(work[1] <= 11 * work[0], "shape {shape}: {work:?}");
        // What the scan over every item would have read: quadratic.
        let mut full = chain(small, shape);
        full.track = false;
        let (reads, _) = reads_down_the_path_untracked(&mut full);
        let n = if shape == 2 { small / 2 } else { small } as u64;
        assert!(reads >= n * n / 2, "shape {shape}: {reads} vs {}", work[0]);
    }
}

/// `reads_down_the_path` for links that do not keep zeros (the plain path, as before).
fn reads_down_the_path_untracked(l: &mut Links) -> (u64, u64) {
    let (mut reads, mut depth) = (0, 0);
    while let (Some((c, _)), read) = l.choose_counting() {
        reads += read;
        l.cover::<false>(c);
        l.cover_option_from::<false>(l.down(c));
        depth += 1;
    }
    (reads, depth)
}

#[test]
fn cover_then_uncover_restores_every_link() {
    let inst = seeds();
    for order in [Order::Given, Order::Shuffled(7)] {
        let start = Links::new(&inst, order);
        let mut l = start.clone();
        let u = l.cover::<false>(4) + l.cover::<true>(1);
        assert!(u > 2);
        assert_ne!(l, start);
        assert_eq!(l.sanity(), Ok(()));
        l.uncover::<true>(1);
        l.uncover::<false>(4);
        assert_eq!(l, start);
    }
}

/// A coloured instance from Knuth's text: the items line (`|` before the secondary items) and one option
/// a line, `name:colour` for a coloured item. Only for tests; the real reader is `problems::exact_cover`.
pub(crate) fn xcc(text: &str) -> Instance {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let head = lines.next().unwrap();
    let (prim, sec) = head.split_once('|').unwrap_or((head, ""));
    let mut x = Instance::new(prim.split_whitespace(), sec.split_whitespace()).unwrap();
    for line in lines {
        let mut items = Vec::new();
        for tok in line.split_whitespace() {
            let (name, color) = tok.split_once(':').unwrap_or((tok, ""));
            let c = if color.is_empty() {
                0
            } else {
                x.color(color).unwrap()
            };
            items.push((x.find_item(name).unwrap(), c));
        }
        x.add_colored_option(&items).unwrap();
    }
    x
}

/// TAOCP 7.2.2.1's toy XCC problem (the example before Algorithm C): one solution.
pub(crate) const TOY: &str = "p q r | x y
    p q x y:A
    p r x:A y
    p x:B
    q x:A
    r y:B";

#[test]
fn sanity_finds_broken_links() {
    let inst = xcc(TOY);
    let l = Links::new(&inst, Order::Given);
    assert_eq!(l.sanity(), Ok(()));
    let mut bad = l.clone();
    bad.len[2] += 1;
    assert!(bad.sanity().unwrap_err().contains("len"));
    let mut bad = l.clone();
    let x = bad.option_first(0);
    bad.nodes[x as usize].up = 0;
    assert!(bad.sanity().is_err());
    let mut bad = l.clone();
    bad.color[l.option_first(3) as usize] = MARKED;
    assert!(bad.sanity().unwrap_err().contains("marked"));
    let mut bad = l.clone();
    bad.splice_out(1);
    bad.len[1] -= COVERED;
    assert!(bad.sanity().unwrap_err().contains("COVERED"));
    let mut bad = l.clone();
    bad.color[1] = 1;
    assert!(bad.sanity().unwrap_err().contains("purified"));
}
