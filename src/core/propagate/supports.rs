//! Support counts: for each primary item and each colour item bound to it (every option of the
//! item gives it a colour), how many open options give each colour, so that a colour no open
//! option of the item gives any more is seen at once (the module note of `core/propagate`).

use std::collections::HashMap;

/// Supports: for each primary item `j` and colour item `i` that every option of `j` holds, and each
/// colour `c` they give it, a slot `s` whose `count[s]` is the open options of `j` giving `i` colour
/// `c`. Option `o` holds the slots `slots[start[o]..start[o + 1]]`. At 0, `c` is out for `i`: `j`
/// will give `i` another colour. Slots of several `j` may name one `(i, c)`, a pair `pair_of[s]`;
/// `runs[pair]` is `(i, from, to)`, `holders[from..to]` the options giving `i` colour `c`, found
/// once here rather than by a binary search each time a slot runs out.
///
/// `bound[bound_at[j]..bound_at[j + 1]]` are the colour items bound to `j`: after the start's round
/// the supports alone keep them, and the rule on common items skips them (see
/// [`Propagating::common_of`]).
#[derive(Clone)]
pub(super) struct Supports {
    pub(super) count: Vec<u32>,
    pub(super) pair_of: Vec<u32>,
    pub(super) runs: Vec<(u32, u32, u32)>,
    pub(super) start: Vec<u32>,
    pub(super) slots: Vec<u32>,
    pub(super) bound_at: Vec<u32>,
    pub(super) bound: Vec<u32>,
}

/// The support slots: for each primary item, the colour items every one of its options holds, and
/// a slot for each colour its options give such an item, counting them.
pub(super) fn supports(
    n_primary: usize,
    start: &[u32],
    entries: &[(u32, u32)],
    hstart: &[u32],
    holders: &[(u32, u32)],
) -> Supports {
    let m = start.len() - 1;
    let mut index: HashMap<(u32, u32, u32), u32> = HashMap::new();
    let mut support = Vec::new();
    let mut pair_of = Vec::new();
    let mut pairs: HashMap<(u32, u32), u32> = HashMap::new();
    let mut runs = Vec::new();
    // Per option, its slots, gathered item by item and then laid out option by option.
    let mut per_option: Vec<Vec<u32>> = vec![Vec::new(); m];
    // How many options of `j` hold each colour item, counted in a dense array (the items touched
    // listed, to reset): a map's hashing was most of the set-up of a chaos construction, whose
    // 180,000 options of 20 entries each pass here once per primary item they hold.
    let mut seen = vec![0u32; hstart.len() - 1];
    let mut touched: Vec<u32> = Vec::new();
    let mut bound_at = Vec::with_capacity(n_primary + 1);
    let mut all_bound = Vec::new();
    for j in 0..n_primary {
        bound_at.push(all_bound.len() as u32);
        let own = &holders[hstart[j] as usize..hstart[j + 1] as usize];
        if own.is_empty() {
            continue;
        }
        // The colour items every option of `j` holds with a colour.
        for &(o, _) in own {
            for &(i, c) in &entries[start[o as usize] as usize..start[o as usize + 1] as usize] {
                if c != 0 {
                    if seen[i as usize] == 0 {
                        touched.push(i);
                    }
                    seen[i as usize] += 1;
                }
            }
        }
        let mut bound: Vec<u32> = touched
            .iter()
            .copied()
            .filter(|&i| seen[i as usize] as usize == own.len())
            .collect();
        for &i in &touched {
            seen[i as usize] = 0;
        }
        touched.clear();
        // In item order, not the map's: the slots' order is the order options are given up in,
        // and so the updates counted and where `core::turns` ends a turn.
        bound.sort_unstable();
        all_bound.extend(&bound);
        for &i in &bound {
            for &(o, _) in own {
                let entry = entries[start[o as usize] as usize..start[o as usize + 1] as usize]
                    .iter()
                    .find(|&&(x, _)| x == i)
                    .expect("a bound item");
                let key = (j as u32, i, entry.1);
                let s = *index.entry(key).or_insert_with(|| {
                    let c = entry.1;
                    let pair = *pairs.entry((i, c)).or_insert_with(|| {
                        let (lo, hi) = (hstart[i as usize] as usize, hstart[i as usize + 1]);
                        let own = &holders[lo..hi as usize];
                        let from = lo + own.partition_point(|&(_, pc)| pc < c);
                        let to = lo + own.partition_point(|&(_, pc)| pc <= c);
                        runs.push((i, from as u32, to as u32));
                        (runs.len() - 1) as u32
                    });
                    support.push(0);
                    pair_of.push(pair);
                    (support.len() - 1) as u32
                });
                support[s as usize] += 1;
                per_option[o as usize].push(s);
            }
        }
    }
    bound_at.push(all_bound.len() as u32);
    let mut slot_start = Vec::with_capacity(m + 1);
    slot_start.push(0u32);
    let mut slots = Vec::new();
    for v in per_option {
        slots.extend(v);
        slot_start.push(slots.len() as u32);
    }
    Supports {
        count: support,
        pair_of,
        runs,
        start: slot_start,
        slots,
        bound_at,
        bound: all_bound,
    }
}
