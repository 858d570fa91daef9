//! The 45 rule: the sums that a killer's cages imply on the cells of a unit (a row, column, region,
//! diagonal or other unit of N cells, a band, two regions side by side) that they leave uncovered
//! (innies) or overrun (outies), or the difference of the two.

use super::{span, Rules};
use crate::problems::sudoku::clues::ClueKind;
use crate::problems::sudoku::fill::sum_sets;
use crate::problems::sudoku::{cell_name, Geometry};

/// The most digit sets an implied sum is stated with; past it, it is left out (it only repeats
/// what the cages say, and on a 25x25 a dozen cells have millions).
pub const IMPLIED_SETS_MAX: usize = 2_000;

/// The most cells of an implied sum whose digits may repeat ([`Implied::distinct`] false), whose
/// fillings are stated one by one: 4 left the trees of "Wecoc #1" and its mod A as they were, 5
/// cut them 2x to 5x, 6 changed no tree measured (benches/JOURNAL.md).
pub const SPREAD_CELLS_MAX: usize = 5;

/// The most fillings of an implied sum whose digits may repeat, past which it is left out. Each
/// filling is an option that every node's propagation looks at: with the innies less outies, 2,000
/// let in sums of five cells that cost the hardest killers more time than they cut (benches/JOURNAL.md:
/// "Wecoc #1" 3.4 s at 2,000, 1.1 s at 1,000 or 500; 200 left out sums it needs, 28 s).
pub const SPREAD_FILLINGS_MAX: usize = 1_000;

/// An implied sum and its digit sets (each ascending) or, for cells that may repeat a digit, its
/// fillings (a digit per cell, in the cells' order), as [`Rules::implied_sets`] makes them.
pub type ImpliedSets = (Implied, Vec<Vec<u8>>);

/// A sum the cages imply, stated as one more cage: its cells, their sum, whether their digits
/// differ, and where it comes from in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Implied {
    /// Row-major cells, ascending.
    pub cells: Vec<usize>,
    /// The cells taken away rather than added, a bit each by their place in `cells` (an innie less
    /// an outie: r3c4 - r4c5 = 2); 0 for a sum.
    pub minus: u32,
    /// What the cells add up to, those of `minus` counted negative.
    pub sum: i32,
    /// The cells see each other (one cell, or cells of one unit): the sum is stated by its digit
    /// sets. Else by its fillings, which keep apart only the digits of cells that share a unit
    /// (the innies of two rows: r1c9, r2c1, r2c8 and r2c9, where r1c9 may equal r2c1).
    pub distinct: bool,
    /// "row 3's cells outside its cages", "the cells that cages of box 5 put outside it".
    pub words: String,
}

impl Implied {
    /// The sum in words: "row 3's cells outside its cages (r3c4-r3c5) add up to 7", "… less the
    /// cells its cages put outside it (r4c5) come to 2". In values where they start at 0
    /// (`zero_based`: a digit is its value + 1).
    pub fn stated(&self, zero_based: bool) -> String {
        let verb = if self.minus == 0 {
            "add up to"
        } else {
            "come to"
        };
        let less = self.minus.count_ones() as i32;
        let shift = if zero_based {
            self.cells.len() as i32 - 2 * less
        } else {
            0
        };
        format!("{} {verb} {}", self.words, self.sum - shift)
    }
}

impl Rules {
    /// The implied sums ([`Rules::implied_sums`]) with their digit sets (or fillings, for cells
    /// that may repeat a digit), those with more than [`IMPLIED_SETS_MAX`] sets or
    /// [`SPREAD_FILLINGS_MAX`] fillings left out.
    pub fn implied_sets(&self, g: Geometry) -> Vec<ImpliedSets> {
        self.implied_sets_of(g, true)
    }

    /// [`Rules::implied_sets`], those over cells that may repeat a digit only with `spread`.
    pub fn implied_sets_of(&self, g: Geometry, spread: bool) -> Vec<ImpliedSets> {
        let groups = self.groups(g);
        self.implied_sums(g)
            .into_iter()
            .filter(|i| spread || i.distinct)
            .filter_map(|i| {
                let sets = if i.distinct {
                    // A negative sum: the cages cannot all hold; 0 has no digit set, as it should.
                    let sum = u32::try_from(i.sum).unwrap_or(0);
                    sum_sets(g.size(), &i.cells, sum, IMPLIED_SETS_MAX)?
                } else {
                    // Which cells share a unit, by their place in the sum (at most 5: a bit each).
                    let apart: Vec<u32> = (i.cells.iter())
                        .map(|p| {
                            let seen =
                                |q| groups.iter().any(|(_, c)| c.contains(p) && c.contains(q));
                            (i.cells.iter().enumerate())
                                .filter(|&(_, q)| q != p && seen(q))
                                .fold(0, |m, (b, _)| m | 1 << b)
                        })
                        .collect();
                    sum_fillings(
                        g.size(),
                        (i.cells.len(), i.minus),
                        i.sum,
                        &apart,
                        SPREAD_FILLINGS_MAX,
                    )?
                };
                Some((i, sets))
            })
            .collect()
    }

    /// The sums implied by the cages with a sum, when no two of them share a cell, and by ISS's
    /// `Sum`s that share no cell with them or each other (as cages whose digits may repeat): for
    /// each unit whose total is known (N cells, or as many cells as the digits their candidates
    /// allow), its cells outside the cages that lie whole in it add up to the unit's total less
    /// those cages' sums (innies); and when cages cover the unit whole, the cells of those cages
    /// outside the unit add up to their sums less the unit's total (outies); and where some cages
    /// cross its edge mostly inside and others mostly outside, the cells the first put outside
    /// taken from the cells the second leave inside (innies less outies). The same for bands of
    /// rows or columns and for two regions side by side. Kept when those cells share a unit (digit
    /// sets say it), or else when they are at most [`SPREAD_CELLS_MAX`] (their digits may repeat:
    /// fillings say it). A sum whose cells equal a cage's, or a whole unit, says nothing new and is
    /// left out.
    pub fn implied_sums(&self, g: Geometry) -> Vec<Implied> {
        let size = g.size();
        let cages: Vec<(&[usize], u32)> = self
            .cages
            .iter()
            .filter_map(|c| {
                c.sum
                    .map(|s| (&c.cells[..], self.digit_sum(s, c.cells.len())))
            })
            .collect();
        // A raw grid has no unit holding every digit to add up.
        if self.raw {
            return Vec::new();
        }
        let mut owner = vec![usize::MAX; g.all_cells()];
        for (k, (cells, _)) in cages.iter().enumerate() {
            for &p in *cells {
                if owner[p] != usize::MAX {
                    return Vec::new();
                }
                owner[p] = k;
            }
        }
        // Sums whose digits may repeat (ISS's `Sum`) count as cages here, in their order, each
        // that names no cell twice and shares none with a cage or a sum counted before it: the
        // rule adds up cells, whatever their digits. (Their cells are no group: `distinct` below
        // does not see them as one.) Not where values start at 0, whose sums count values.
        let mut cages = cages;
        for clue in self.clues.iter().filter(|_| !self.zero_based) {
            let ClueKind::Sum(t) = clue.kind else {
                continue;
            };
            let cells = &clue.cells[..];
            let mut seen = cells.to_vec();
            seen.sort_unstable();
            seen.dedup();
            if seen.len() == cells.len() && cells.iter().all(|&p| owner[p] == usize::MAX) {
                for &p in cells {
                    owner[p] = cages.len();
                }
                cages.push((cells, t));
            }
        }
        if cages.is_empty() {
            return Vec::new();
        }
        let groups = self.groups(g);
        let mut known: Vec<Vec<usize>> = cages
            .iter()
            .map(|(cells, _)| {
                let mut c = cells.to_vec();
                c.sort_unstable();
                c
            })
            .collect();
        let mut out: Vec<Implied> = Vec::new();
        let mut push = |cells: Vec<usize>, minus: u32, sum: i64, distinct: bool, words: String| {
            let Ok(sum) = i32::try_from(sum) else {
                return;
            };
            if cells.is_empty() || cells.len() == size || known.contains(&cells) {
                return;
            }
            if !distinct && cells.len() > SPREAD_CELLS_MAX {
                return;
            }
            known.push(cells.clone());
            out.push(Implied {
                cells,
                minus,
                sum,
                distinct,
                words,
            });
        };
        // What a unit (cells whose digits differ) adds up to: known where its cells may hold, all
        // told, as many digits as it has cells (every digit, in a unit of N cells; the nine a
        // row of 9 cells is given as candidates in a 9x9 of 11 values), the sum of those.
        let mut allowed = vec![u32::MAX >> (32 - size.min(32)); g.all_cells()];
        for &(p, mask) in &self.candidates {
            allowed[p] &= mask;
        }
        let unit_total = |cells: &[usize]| -> Option<u32> {
            let held = cells.iter().fold(0, |m, &p| m | allowed[p]);
            (held.count_ones() as usize == cells.len())
                .then(|| (0..32).filter(|v| held >> v & 1 == 1).map(|v| v + 1).sum())
        };
        let mut areas: Vec<(String, Vec<usize>, u32)> = (groups.iter())
            .filter_map(|(name, cells)| Some((name.clone(), cells.clone(), unit_total(cells)?)))
            .collect();
        // Bands of 2 to N-1 consecutive rows or columns, each line of which has a total (a
        // shaped grid's where it holds every value), whose cells may repeat digits.
        let row_total: Vec<Option<u32>> =
            (0..g.rows()).map(|r| unit_total(&g.row_cells(r))).collect();
        let col_total: Vec<Option<u32>> =
            (0..g.cols()).map(|c| unit_total(&g.col_cells(c))).collect();
        for k in 2..size {
            for first in 0..=size - k {
                let (a, b) = (first + 1, first + k);
                let band = |totals: &[Option<u32>]| -> Option<u32> {
                    totals.get(first..first + k)?.iter().copied().sum()
                };
                if let Some(t) = band(&row_total) {
                    let rows: Vec<usize> =
                        (first..first + k).flat_map(|r| g.row_cells(r)).collect();
                    areas.push((format!("rows {a}-{b}"), rows, t));
                }
                if let Some(t) = band(&col_total) {
                    let mut cols: Vec<usize> =
                        (first..first + k).flat_map(|c| g.col_cells(c)).collect();
                    cols.sort_unstable();
                    areas.push((format!("columns {a}-{b}"), cols, t));
                }
            }
        }
        // Two regions side by side (boxes 1 and 2, two jigsaw regions that share an edge), adding
        // up to their two totals: where a cage pokes out of one and another pokes in, they give an
        // innie less an outie (below) that neither region gives alone.
        let regions: Vec<(&String, &Vec<usize>, u32)> = (groups.iter())
            .filter(|(name, _)| name.starts_with("box") || name.starts_with("jigsaw"))
            .filter_map(|(name, c)| Some((name, c, unit_total(c)?)))
            .collect();
        let side_by_side = |a: &[usize], b: &[usize]| {
            let next = |p: usize, q: usize| {
                (p / size).abs_diff(q / size) + (p % size).abs_diff(q % size) == 1
            };
            a.iter().any(|&p| b.iter().any(|&q| next(p, q)))
        };
        for (k, &(a, cells_a, ta)) in regions.iter().enumerate() {
            for &(b, cells_b, tb) in &regions[k + 1..] {
                if side_by_side(cells_a, cells_b) {
                    let mut cells: Vec<usize> = cells_a.iter().chain(cells_b).copied().collect();
                    cells.sort_unstable();
                    areas.push((format!("{a} and {b}"), cells, ta + tb));
                }
            }
        }
        // Cells of one unit by their ends ("r4c5-r6c5"); cells that may repeat a digit, each.
        let list = |cells: &[usize], spread: bool| {
            if spread {
                let names: Vec<String> = cells.iter().map(|&p| cell_name(size, p)).collect();
                names.join(", ")
            } else {
                span(size, cells)
            }
        };
        // Cells whose digits differ: one cell, or cells of one group.
        let distinct = |cells: &[usize]| {
            cells.len() == 1
                || groups
                    .iter()
                    .any(|(_, c)| cells.iter().all(|q| c.contains(q)))
        };
        for (name, unit, total) in &areas {
            let total = *total;
            let mut in_unit = vec![false; g.all_cells()];
            for &p in unit {
                in_unit[p] = true;
            }
            let (mut inside, mut touching): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
            let mut uncaged = false;
            for &p in unit {
                let k = owner[p];
                if k == usize::MAX {
                    uncaged = true;
                } else if inside.contains(&k) || touching.contains(&k) {
                } else if cages[k].0.iter().all(|&q| in_unit[q]) {
                    inside.push(k);
                } else {
                    touching.push(k);
                }
            }
            // In i64: a sum stated past i32 (ISS reads up to 2^40) overflows nothing here, and
            // `push` leaves out what i32 cannot hold.
            let sum_of = |ks: &[usize]| ks.iter().map(|&k| i64::from(cages[k].1)).sum::<i64>();
            let total = i64::from(total);
            if !inside.is_empty() {
                let mut rest: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&p| owner[p] == usize::MAX || !inside.contains(&owner[p]))
                    .collect();
                rest.sort_unstable();
                let spread = !distinct(&rest);
                let words = format!("{name}'s cells outside its cages ({})", list(&rest, spread));
                push(rest, 0, total - sum_of(&inside), !spread, words);
            }
            if !uncaged && !touching.is_empty() {
                let mut outside: Vec<usize> = touching
                    .iter()
                    .flat_map(|&k| cages[k].0.iter().copied())
                    .filter(|&q| !in_unit[q])
                    .collect();
                outside.sort_unstable();
                let spread = !distinct(&outside);
                let words = format!(
                    "the cells that {name}'s cages put outside it ({})",
                    list(&outside, spread)
                );
                push(
                    outside,
                    0,
                    sum_of(&inside) + sum_of(&touching) - total,
                    !spread,
                    words,
                );
            }
            // Each cage that crosses the unit's edge either adds its cells inside (innies) or, with
            // its sum, takes away its cells outside (outies), whichever are fewer: an innie less an
            // outie where one cage pokes out and another pokes in (rows 1-2: r2c5 - r3c1 = 4).
            if touching.len() > 1 {
                let mut plus: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&p| owner[p] == usize::MAX)
                    .collect();
                let mut less = Vec::new();
                let mut sum = total - sum_of(&inside);
                for &k in &touching {
                    let (inn, out): (Vec<usize>, Vec<usize>) =
                        cages[k].0.iter().partition(|&&q| in_unit[q]);
                    if out.len() < inn.len() {
                        less.extend(out);
                        sum -= i64::from(cages[k].1);
                    } else {
                        plus.extend(inn);
                    }
                }
                // Checked before the mask: a band's innies may run past 32 places.
                if !plus.is_empty()
                    && !less.is_empty()
                    && plus.len() + less.len() <= SPREAD_CELLS_MAX
                {
                    let mut cells: Vec<usize> = plus.iter().chain(&less).copied().collect();
                    cells.sort_unstable();
                    let minus = (cells.iter().enumerate())
                        .filter(|(_, p)| less.contains(p))
                        .fold(0, |m, (b, _)| m | 1 << b);
                    let words = format!(
                        "{name}'s cells outside its cages ({}) less the cells its cages put \
                         outside it ({})",
                        list(&plus, true),
                        list(&less, true)
                    );
                    push(cells, minus, sum, false, words);
                }
            }
        }
        out
    }
}

/// The fillings of `cells` digits 1 to `size` adding up to `sum`, the cells whose bit is set in
/// `minus` counted negative (by their place in the list), in which cells `a` and `b` hold
/// different digits wherever bit `b` of `apart[a]` is set, each a digit per cell; `None` when
/// there are more than `max`.
fn sum_fillings(
    size: usize,
    (cells, minus): (usize, u32),
    sum: i32,
    apart: &[u32],
    max: usize,
) -> Option<Vec<Vec<u8>>> {
    struct Walk<'a> {
        size: i32,
        cells: usize,
        minus: u32,
        apart: &'a [u32],
        out: Vec<Vec<u8>>,
        max: usize,
    }
    fn go(w: &mut Walk, at: &mut Vec<u8>, left: i32) -> bool {
        let i = at.len();
        if i == w.cells {
            if left == 0 {
                if w.out.len() == w.max {
                    return false;
                }
                w.out.push(at.clone());
            }
            return true;
        }
        // The cells after this one add between `lo` and `hi` (1 to `size` each, negated for those
        // taken away).
        let taken = |b: usize| w.minus >> b & 1 == 1;
        let (mut lo, mut hi) = (0, 0);
        for b in i + 1..w.cells {
            let (a, z) = if taken(b) { (-w.size, -1) } else { (1, w.size) };
            lo += a;
            hi += z;
        }
        let sign = if taken(i) { -1 } else { 1 };
        for d in 1..=w.size {
            let rest = left - sign * d;
            if rest < lo || rest > hi {
                continue;
            }
            if (0..i).any(|j| i32::from(at[j]) == d && w.apart[i] & 1 << j != 0) {
                continue;
            }
            at.push(d as u8);
            let fits = go(w, at, rest);
            at.pop();
            if !fits {
                return false;
            }
        }
        true
    }
    let mut w = Walk {
        size: size as i32,
        cells,
        minus,
        apart,
        out: Vec::new(),
        max,
    };
    go(&mut w, &mut Vec::new(), sum).then_some(w.out)
}

#[cfg(test)]
mod tests {
    use super::sum_fillings;

    /// Every choice of signs over up to 4 cells of digits 1 to 4 or 6, cells 0 and 1 kept apart:
    /// the fillings are exactly those of the brute force over every digit per cell, in its order.
    #[test]
    fn fillings_with_cells_taken_away_are_the_brute_force_s() {
        for size in [4usize, 6] {
            for cells in 1..=4usize {
                for minus in 0..1u32 << cells {
                    let mut apart = vec![0u32; cells];
                    if cells > 1 {
                        (apart[0], apart[1]) = (0b10, 0b01);
                    }
                    for sum in -(cells as i32 * size as i32)..=cells as i32 * size as i32 {
                        let mut want = Vec::new();
                        for code in 0..size.pow(cells as u32) {
                            let f: Vec<u8> = (0..cells)
                                .map(|b| (code / size.pow(b as u32) % size + 1) as u8)
                                .collect();
                            let total: i32 = (f.iter().enumerate())
                                .map(|(b, &d)| {
                                    if minus >> b & 1 == 1 {
                                        -(d as i32)
                                    } else {
                                        d as i32
                                    }
                                })
                                .sum();
                            if total == sum && (cells < 2 || f[0] != f[1]) {
                                want.push(f);
                            }
                        }
                        want.sort();
                        let got = sum_fillings(size, (cells, minus), sum, &apart, usize::MAX);
                        assert_eq!(
                            got,
                            Some(want),
                            "size {size}, {cells} cells, minus {minus:b}, sum {sum}"
                        );
                    }
                }
            }
        }
        // Past `max`, none.
        assert_eq!(sum_fillings(9, (2, 0b10), 0, &[0, 0], 8), None);
        assert_eq!(
            sum_fillings(9, (2, 0b10), 0, &[0, 0], 9).map(|f| f.len()),
            Some(9)
        );
    }
}
