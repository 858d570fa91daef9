//! The independent checker of each clue on a grid of digits, in the puzzle's words.

use super::*;

impl Clue {
    /// The independent checker of one clue: what `cells` (row-major, 0 empty) breaks, in words.
    /// A clue is judged once its cells are filled (with `complete`, every cell must be).
    pub fn broken(&self, g: Geometry, rules: &Rules, cells: &[u8]) -> Option<String> {
        let size = g.size();
        // A rule of the whole grid, judged pair by pair as soon as both cells are filled (an
        // empty cell's 0 is no distance), so that givens that break it are named.
        if self.kind == ClueKind::AntiTaxicab {
            return taxicab_pairs(size).into_iter().find_map(|(p, q, t)| {
                (cells[p] == cells[q] && u32::from(cells[p]) == t).then(|| {
                    format!(
                        "{}: {} and {} both hold {t}, {t} cells apart",
                        self.name(size),
                        cell_name(size, p),
                        cell_name(size, q)
                    )
                })
            });
        }
        if let ClueKind::Classes2x2 { entropy } = self.kind {
            let lo = rules.value(1);
            let class = |v: u32| if entropy { (v - lo) / 3 } else { (v - lo) % 3 };
            return squares_2x2(size).into_iter().find_map(|q| {
                if q.iter().any(|&p| cells[p] == 0) {
                    return None;
                }
                let seen: BTreeSet<u32> = q
                    .iter()
                    .map(|&p| class(rules.value(u32::from(cells[p]))))
                    .collect();
                (seen.len() < 3).then(|| {
                    format!(
                        "{}: the 2x2 at {} lacks a class",
                        self.name(size),
                        cell_name(size, q[0])
                    )
                })
            });
        }
        if let ClueKind::Doppelganger { missing, hidden } = &self.kind {
            return doppelganger_broken(&self.name(size), g, rules, cells, (missing, *hidden));
        }
        if self.kind == ClueKind::DutchFlatmates {
            let v = |p: usize| cells[p];
            return (0..size * size).find_map(|p| {
                let (above, below) = (
                    p.checked_sub(size).map(v),
                    (p + size < size * size).then(|| v(p + size)),
                );
                // Judged once the cells it needs are filled (a 5 on the edge needs its one).
                let open = above == Some(0) || below == Some(0);
                (v(p) == 5 && !open && above != Some(1) && below != Some(9)).then(|| {
                    format!(
                        "{}: the 5 at {} has no 1 above and no 9 below",
                        self.name(size),
                        cell_name(size, p)
                    )
                })
            });
        }
        let d: Vec<u32> = self.cells.iter().map(|&p| u32::from(cells[p])).collect();
        if d.contains(&0) {
            return None;
        }
        // The rule is of values (0-8 where they start at 0): the smallest and the largest are
        // the sandwich's crusts, the low third an entropic line's low digits.
        let d: Vec<u32> = d.into_iter().map(|x| rules.value(x)).collect();
        let (least, top) = (rules.value(1), rules.value(size as u32));
        let name = self.name(size);
        let n = d.len();
        let fail = |why: String| Some(format!("{name}: {why}"));
        let sum = |s: &[u32]| s.iter().sum::<u32>();
        match &self.kind {
            k if k.is_pair() => {
                let ok = match *k {
                    ClueKind::Difference(j) => d[0].abs_diff(d[1]) == u32::from(j),
                    ClueKind::Ratio(j) => {
                        d[0] * u32::from(j) == d[1] || d[1] * u32::from(j) == d[0]
                    }
                    ClueKind::PairSum(s) => d[0] + d[1] == u32::from(s),
                    _ => d[0] < d[1],
                };
                (!ok).then(|| format!("{name} holds {} and {}", d[0], d[1]))
            }
            ClueKind::Arrow { circle } => {
                let number = d[..*circle].iter().fold(0u32, |a, &x| a * 10 + x);
                let total = sum(&d[*circle..]);
                (number != total)
                    .then(|| format!("{name}: the arrow adds up to {total}, not {number}"))
            }
            ClueKind::DoubleArrow => {
                let ends = d[0] + d[n - 1];
                let mid = sum(&d[1..n - 1]);
                (ends != mid)
                    .then(|| format!("{name}: the line adds up to {mid}, the ends to {ends}"))
            }
            ClueKind::LittleKiller(t) => {
                (sum(&d) != *t).then(|| format!("{name} adds up to {}", sum(&d)))
            }
            ClueKind::Sandwich(t) => {
                let (Some(i), Some(j)) = (
                    d.iter().position(|&x| x == least),
                    d.iter().position(|&x| x == top),
                ) else {
                    return fail(format!("no {least} and {top} to sandwich"));
                };
                let (i, j) = (i.min(j), i.max(j));
                let inner = sum(&d[i + 1..j]);
                (inner != *t).then(|| format!("{name}: between the {least} and the {top}, {inner}"))
            }
            ClueKind::XSum(t) => {
                let x = d[0] as usize;
                let total = sum(&d[..x.min(n)]);
                (total != *t).then(|| format!("{name}: its first {x} digits add up to {total}"))
            }
            ClueKind::Whisper(k) => d
                .windows(2)
                .position(|w| w[0].abs_diff(w[1]) < u32::from(*k))
                .map(|i| {
                    format!(
                        "{name}: {} and {} are neighbours on it holding {} and {}",
                        cell_name(size, self.cells[i]),
                        cell_name(size, self.cells[i + 1]),
                        d[i],
                        d[i + 1]
                    )
                }),
            ClueKind::Renban => {
                let mut s = d.clone();
                s.sort_unstable();
                s.dedup();
                let run = s.len() == n && s[n - 1] - s[0] + 1 == n as u32;
                (!run).then(|| format!("{name}: {d:?} is not a run of consecutive digits"))
            }
            ClueKind::Palindrome => (0..n / 2).find(|&i| d[i] != d[n - 1 - i]).map(|i| {
                format!(
                    "{name}: {} holds {} and {} holds {}",
                    cell_name(size, self.cells[i]),
                    d[i],
                    cell_name(size, self.cells[n - 1 - i]),
                    d[n - 1 - i]
                )
            }),
            ClueKind::Clone => {
                let h = n / 2;
                (0..h).find(|&i| d[i] != d[h + i]).map(|i| {
                    format!(
                        "{name}: {} holds {} and its clone {} holds {}",
                        cell_name(size, self.cells[i]),
                        d[i],
                        cell_name(size, self.cells[h + i]),
                        d[h + i]
                    )
                })
            }
            ClueKind::Zipper => {
                let target = if n % 2 == 1 {
                    d[n / 2]
                } else {
                    d[0] + d[n - 1]
                };
                (0..n / 2)
                    .find(|&i| d[i] + d[n - 1 - i] != target)
                    .map(|i| format!("{name}: {} + {} is not {target}", d[i], d[n - 1 - i]))
            }
            ClueKind::RegionSum => {
                let sums: Vec<u32> = segments(g, rules, &self.cells)
                    .iter()
                    .map(|r| sum(&d[r.clone()]))
                    .collect();
                sums.windows(2)
                    .any(|w| w[0] != w[1])
                    .then(|| format!("{name}: its regions add up to {sums:?}"))
            }
            ClueKind::SumLine(t) => (!splits_into(&d, *t))
                .then(|| format!("{name}: does not split into segments of {t}")),
            // Closed: some cell starts a segment, and from it on, round the loop, the line splits.
            ClueKind::SumLoop(t) => (!(0..n).any(|k| {
                let round: Vec<u32> = d[k..].iter().chain(&d[..k]).copied().collect();
                splits_into(&round, *t)
            }))
            .then(|| format!("{name}: does not split into segments of {t} round the loop")),
            ClueKind::Between => {
                let (lo, hi) = (d[0].min(d[n - 1]), d[0].max(d[n - 1]));
                d[1..n - 1]
                    .iter()
                    .find(|&&x| x <= lo || x >= hi)
                    .map(|x| format!("{name}: {x} is not between {} and {}", d[0], d[n - 1]))
            }
            ClueKind::Entropic => {
                // A line shorter than its window is one window: its digits differ in class (as
                // ISS reads it).
                let group = |x: u32| (x - least) / 3;
                d.windows(3.min(n))
                    .find(|w| (0..w.len()).any(|i| w[..i].iter().any(|&y| group(y) == group(w[i]))))
                    .map(|w| {
                        format!(
                            "{name}: {w:?} repeat a class (low {}-{}, middle {}-{}, high {}-{})",
                            least,
                            least + 2,
                            least + 3,
                            least + 5,
                            least + 6,
                            least + 8
                        )
                    })
            }
            ClueKind::Modular(m) => {
                let m = u32::from(*m);
                d.windows((m as usize).min(n))
                    .find(|w| (0..w.len()).any(|i| w[..i].iter().any(|&y| y % m == w[i] % m)))
                    .map(|w| format!("{name}: {w:?} repeat a remainder mod {m}"))
            }
            ClueKind::Skyscraper(t) => {
                // Seen: taller than every digit before it (the first, unless it is a 0).
                let mut top = 0;
                let seen = d
                    .iter()
                    .filter(|&&x| {
                        x > top && {
                            top = x;
                            true
                        }
                    })
                    .count() as u32;
                (seen != *t).then(|| format!("{name}: {seen} seen"))
            }
            ClueKind::HiddenSkyscraper(h) => {
                let first = (1..n).find(|&i| d[..i].iter().any(|&x| x > d[i]));
                match first {
                    None => fail("no skyscraper is hidden".into()),
                    Some(i) if d[i] != *h => fail(format!("the first hidden is {}", d[i])),
                    Some(_) => None,
                }
            }
            ClueKind::Lunchbox(t) => {
                let mut s = d.clone();
                s.sort_unstable();
                s.dedup();
                if s.len() < n {
                    return fail(format!("{d:?} repeat a digit"));
                }
                let lo = d.iter().position(|&x| x == s[0]).expect("a digit");
                let hi = d.iter().position(|&x| x == s[n - 1]).expect("a digit");
                let inner = sum(&d[lo.min(hi) + 1..lo.max(hi)]);
                (inner != *t).then(|| format!("{name}: between its smallest and largest, {inner}"))
            }
            ClueKind::Sum(t) => (sum(&d) != *t).then(|| format!("{name} adds up to {}", sum(&d))),
            ClueKind::Weighted(w) => {
                let got: i64 = (d.iter().zip(&w.weights))
                    .map(|(&x, &c)| i64::from(x) * c)
                    .sum();
                (got != w.total).then(|| format!("{name}: the weighted cells make {got}"))
            }
            ClueKind::NumberedRoom(t) => {
                let x = d[0] as usize;
                match d.get(x.wrapping_sub(1)) {
                    Some(v) if v == t => None,
                    Some(v) => fail(format!("its first digit is {x}, and digit {x} is {v}")),
                    None => fail(format!("its first digit is {x}, past its cells")),
                }
            }
            ClueKind::Lockout(k) => {
                let (a, b) = (d[0], d[n - 1]);
                let (lo, hi) = (a.min(b), a.max(b));
                if hi - lo < u32::from(*k) {
                    return fail(format!("its ends {a} and {b} differ by less than {k}"));
                }
                d[1..n - 1]
                    .iter()
                    .find(|&&x| lo <= x && x <= hi)
                    .map(|x| format!("{name}: {x} lies between its ends {a} and {b}"))
            }
            ClueKind::Contains(c) => {
                if let Some(v) = c.none.iter().find(|v| d.contains(v)) {
                    return fail(format!("it holds a {v}, which it may not"));
                }
                c.needs().into_iter().find_map(|(v, want)| {
                    let have = d.iter().filter(|&&x| x == v).count() as u32;
                    let ok = if c.exact { have == want } else { have >= want };
                    (!ok).then(|| {
                        let times = |k: u32| {
                            if k == 1 {
                                "once".to_string()
                            } else {
                                format!("{k} times")
                            }
                        };
                        format!(
                            "{name}: it holds {v} {}, not {}{}",
                            times(have),
                            if c.exact { "" } else { "at least " },
                            times(want)
                        )
                    })
                })
            }
            ClueKind::Rellik(t) => {
                let mut seen = d.clone();
                seen.sort_unstable();
                seen.dedup();
                if seen.len() < n {
                    fail("a digit repeats in it".to_string())
                } else {
                    subset_sums_to(&d, *t)
                        .then(|| format!("{name}: some of its digits add up to {t}"))
                }
            }
            ClueKind::Equality => {
                let mut seen = d.clone();
                seen.sort_unstable();
                seen.dedup();
                let count = top - least + 1;
                let half = count / 2;
                let middle = (count % 2 == 1).then_some(least + half);
                let even = d.iter().filter(|&&x| x % 2 == 0).count();
                let low = d.iter().filter(|&&x| x < least + half).count();
                let high = d.iter().filter(|&&x| x >= top + 1 - half).count();
                if seen.len() < n {
                    fail("a digit repeats in it".to_string())
                } else if let Some(m) = middle.filter(|m| d.contains(m)) {
                    fail(format!("it holds the middle value {m}"))
                } else if 2 * even != n {
                    fail(format!("{even} of its {n} digits are even"))
                } else if low != high {
                    fail(format!("{low} of its digits are low and {high} high"))
                } else {
                    None
                }
            }
            ClueKind::ValueIndex => {
                let k = d[1] as usize;
                match d.get(k + 1) {
                    _ if k == 0 => fail("its control holds 0".to_string()),
                    Some(&x) if x == d[0] => None,
                    Some(&x) => fail(format!(
                        "{k} cells on from its control stands {x}, not {}",
                        d[0]
                    )),
                    None => fail(format!("its control holds {k}, past its cells")),
                }
            }
            ClueKind::CountDistinct => {
                let distinct: BTreeSet<u32> = d[1..].iter().copied().collect();
                (distinct.len() as u32 != d[0])
                    .then(|| format!("{name}: {} different values, not {}", distinct.len(), d[0]))
            }
            ClueKind::EqualSum(runs) => {
                let mut at = 0;
                let sums: Vec<u32> = runs
                    .iter()
                    .map(|&r| {
                        let t = sum(&d[at..at + usize::from(r)]);
                        at += usize::from(r);
                        t
                    })
                    .collect();
                sums.iter()
                    .any(|&t| t != sums[0])
                    .then(|| format!("{name}: its runs add up to {sums:?}"))
            }
            ClueKind::Either { sides, .. } => (!sides.iter().any(|x| x.holds(g, rules, cells)))
                .then(|| format!("{name}: none of its {} sides holds", sides.len())),
            ClueKind::CountingCircles => d.iter().find_map(|&v| {
                let k = d.iter().filter(|&&x| x == v).count();
                (k as u32 != v).then(|| format!("{name}: {v} stands in {k} circles"))
            }),
            ClueKind::SameValues(k) => {
                let m = n / usize::from(*k).max(1);
                let sorted = |r: &[u32]| {
                    let mut r = r.to_vec();
                    r.sort_unstable();
                    r
                };
                let first = sorted(&d[..m]);
                d.chunks(m.max(1))
                    .position(|r| sorted(r) != first)
                    .map(|j| format!("{name}: run {} holds other values than run 1", j + 1))
            }
            ClueKind::Pairwise(r) => {
                let bad = |i: usize, j: usize| {
                    format!(
                        "{name}: {} holds {} and {} holds {}, which it does not allow",
                        cell_name(size, self.cells[i]),
                        d[i],
                        cell_name(size, self.cells[j]),
                        d[j]
                    )
                };
                if r.all {
                    (0..n).find_map(|i| {
                        (i + 1..n).find_map(|j| (!r.allows(d[i], d[j])).then(|| bad(i, j)))
                    })
                } else {
                    (1..n).find_map(|i| (!r.allows(d[i - 1], d[i])).then(|| bad(i - 1, i)))
                }
            }
            ClueKind::Regex(_) | ClueKind::Nfa(_) => {
                (!self.kind.machine().expect("a line").matches(&d)).then(|| {
                    let line: Vec<String> = d.iter().map(u32::to_string).collect();
                    format!("{name}: {} does not match", line.join(""))
                })
            }
            ClueKind::FullRank(r, ties) => {
                // The lines starting with its digit, against it: `below` must be less; none equal
                // unless ties are allowed; with `none`, no two lines at all read the same.
                let (first, below) = (r.div_ceil(4), (*r - 1) % 4);
                let own = u32::from(cells[self.cells[0]]);
                if own != first {
                    return fail(format!(
                        "starts with {}; rank {r} starts with {}",
                        rules.value(own),
                        rules.value(first)
                    ));
                }
                let lines: Vec<(Vec<usize>, Vec<u32>)> = (0..4)
                    .flat_map(|b| border_lines(size, b))
                    .map(|l| {
                        let v = l.iter().map(|&p| u32::from(cells[p])).collect();
                        (l, v)
                    })
                    .collect();
                if lines.iter().any(|(_, v)| v.contains(&0)) {
                    return None;
                }
                let dd: Vec<u32> = self.cells.iter().map(|&p| u32::from(cells[p])).collect();
                let others = lines
                    .iter()
                    .filter(|(l, v)| *l != self.cells && v[0] == own);
                let less = others.clone().filter(|(_, v)| *v < dd).count() as u32;
                let equal = others.filter(|(_, v)| *v == dd).count();
                let twins = *ties == Ties::None
                    && lines
                        .iter()
                        .enumerate()
                        .any(|(i, (_, v))| lines[i + 1..].iter().any(|(_, w)| w == v));
                if equal > 0 && *ties != Ties::Any {
                    fail("another row or column reads the same".to_string())
                } else if twins {
                    fail("two rows or columns read the same".to_string())
                } else {
                    (less != below).then(|| {
                        let own = rules.value(own);
                        format!("{name}: {less} lines starting with {own} are less, not {below}")
                    })
                }
            }
            ClueKind::ColumnIndex | ClueKind::RowIndex => {
                // Digits here; on values from 0, value v (digit v + 1) names column v counted
                // from 1 and asks it for value c + 1 (digit c + 2), as ISS reads them.
                let by_column = self.kind == ClueKind::ColumnIndex;
                let shift = usize::from(rules.zero_based);
                self.cells.iter().find_map(|&p| {
                    let (r, c, v) = (p / size, p % size, usize::from(cells[p]));
                    if v == 0 {
                        return None;
                    }
                    if v == shift {
                        return Some(format!(
                            "{name}: {} holds 0, which names no column or row",
                            cell_name(size, p)
                        ));
                    }
                    let (q, want) = if by_column {
                        (r * size + v - 1 - shift, c + 1 + shift)
                    } else {
                        ((v - 1 - shift) * size + c, r + 1 + shift)
                    };
                    (cells[q] != 0 && usize::from(cells[q]) != want).then(|| {
                        format!(
                            "{name}: {} holds {}, so {} should hold {}, not {}",
                            cell_name(size, p),
                            v - shift,
                            cell_name(size, q),
                            want - shift,
                            usize::from(cells[q]) - shift
                        )
                    })
                })
            }
            ClueKind::Quad(want) => {
                let missing = (least as u8..=top as u8).find(|&v| {
                    let need = want.iter().filter(|&&x| x == v).count();
                    d.iter().filter(|&&x| x == u32::from(v)).count() < need
                });
                missing.map(|v| format!("{name}: {v} is missing"))
            }
            _ => None,
        }
    }
}

/// [`ClueKind::Doppelganger`] on `cells` (digits: value x is digit x + 1), judged house by house
/// once a house is filled: it holds a 0 and misses a digit the puzzle allows it, no two houses of a
/// kind miss the same digit, and each 0 whose three houses are filled has them miss three.
fn doppelganger_broken(
    name: &str,
    g: Geometry,
    rules: &Rules,
    cells: &[u8],
    (missing, hidden): (&[[u32; 3]], Option<usize>),
) -> Option<String> {
    let size = g.size();
    let words = ["row", "column", "box"];
    let house = |kind: usize, p: usize| match kind {
        0 => Some(p / size),
        1 => Some(p % size),
        _ => rules.region_of(g, p),
    };
    // Per house kind and house: the value it misses, once it is filled.
    let mut misses: Vec<Vec<Option<u32>>> = vec![vec![None; size]; 3];
    for (kind, word) in words.iter().enumerate() {
        let mut held = vec![0u32; size];
        let mut open = vec![false; size];
        let mut used = vec![false; size];
        for p in g.live_cells() {
            let h = house(kind, p)?;
            used[h] = true;
            match cells[p] {
                0 => open[h] = true,
                d => held[h] |= 1 << (d - 1),
            }
        }
        for h in (0..size).filter(|&h| used[h] && !open[h]) {
            if held[h] & 1 == 0 {
                return Some(format!("{name}: {word} {} holds no 0", h + 1));
            }
            let lacks: Vec<u32> = (1..size as u32).filter(|v| held[h] >> v & 1 == 0).collect();
            let &[v] = &lacks[..] else {
                return Some(format!(
                    "{name}: {word} {} misses {} digits",
                    h + 1,
                    lacks.len()
                ));
            };
            // Its hidden cell (where clues name them) holds the digit it misses: value v, digit v + 1.
            if let Some(&x) = hidden.and_then(|b| cells.get(b + kind * g.rows() + h)) {
                if x != 0 && u32::from(x) != v + 1 {
                    return Some(format!(
                        "{name}: {word} {} misses {v}, but its hidden cell holds {}",
                        h + 1,
                        x - 1
                    ));
                }
            }
            if may_miss(missing, kind, h) >> v & 1 == 0 {
                return Some(format!(
                    "{name}: {word} {} misses {v}, which it may not",
                    h + 1
                ));
            }
            if let Some(other) = misses[kind].iter().position(|&m| m == Some(v)) {
                return Some(format!(
                    "{name}: {word}s {} and {} both miss {v}",
                    other + 1,
                    h + 1
                ));
            }
            misses[kind][h] = Some(v);
        }
    }
    g.live_cells().filter(|&p| cells[p] == 1).find_map(|p| {
        let m: Vec<u32> = (0..3)
            .map(|kind| house(kind, p).and_then(|h| misses[kind][h]))
            .collect::<Option<Vec<u32>>>()?;
        if m[0] != m[1] && m[0] != m[2] && m[1] != m[2] {
            return None;
        }
        Some(format!(
            "{name}: at the 0 of {} its row, column and box miss {}, {} and {}",
            cell_name(size, p),
            m[0],
            m[1],
            m[2]
        ))
    })
}
