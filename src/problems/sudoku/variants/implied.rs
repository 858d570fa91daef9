//! The 45 rule: the sums that a killer's cages imply on the cells of a unit (a row, column, region,
//! diagonal or other unit of N cells) that they leave uncovered (innies) or overrun (outies).

use super::{span, Rules};
use crate::problems::sudoku::fill::sum_sets;
use crate::problems::sudoku::{cell_name, Geometry};

/// The most digit sets an implied sum is stated with; past it, it is left out (it only repeats
/// what the cages say, and on a 25x25 a dozen cells have millions).
pub const IMPLIED_SETS_MAX: usize = 2_000;

/// The most cells of an implied sum whose digits may repeat ([`Implied::distinct`] false), whose
/// fillings are stated one by one: 4 left the trees of "Wecoc #1" and its mod A as they were, 5
/// cut them 2x to 5x, 6 changed no tree measured (benches/JOURNAL.md).
pub const SPREAD_CELLS_MAX: usize = 5;

/// The most fillings of an implied sum whose digits may repeat, past which it is left out. Fewer
/// would build faster (the maker builds a killer for each clue it tries), but the sums that cut
/// the hardest killers' trees have 500 to 2,000 (measured: benches/JOURNAL.md).
pub const SPREAD_FILLINGS_MAX: usize = 2_000;

/// An implied sum and its digit sets (each ascending) or, for cells that may repeat a digit, its
/// fillings (a digit per cell, in the cells' order), as [`Rules::implied_sets`] makes them.
pub type ImpliedSets = (Implied, Vec<Vec<u8>>);

/// A sum the cages imply, stated as one more cage: its cells, their sum, whether their digits
/// differ, and where it comes from in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Implied {
    /// Row-major cells, ascending.
    pub cells: Vec<usize>,
    pub sum: u32,
    /// The cells see each other (one cell, or cells of one unit): the sum is stated by its digit
    /// sets. Else by its fillings, which keep apart only the digits of cells that share a unit
    /// (the innies of two rows: r1c9, r2c1, r2c8 and r2c9, where r1c9 may equal r2c1).
    pub distinct: bool,
    /// "row 3's cells outside its cages", "the cells that cages of box 5 put outside it".
    pub words: String,
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
                    sum_sets(g.size(), &i.cells, i.sum, IMPLIED_SETS_MAX)?
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
                    sum_fillings(g.size(), i.cells.len(), i.sum, &apart, SPREAD_FILLINGS_MAX)?
                };
                Some((i, sets))
            })
            .collect()
    }

    /// The sums implied by the cages with a sum, when no two of them share a cell: for each unit of
    /// N cells, its cells outside the cages that lie whole in it add up to the unit's total less
    /// those cages' sums (innies); and when cages cover the unit whole, the cells of those cages
    /// outside the unit add up to their sums less the unit's total (outies). Kept when those cells
    /// share a unit (digit sets say it), or else when they are at most [`SPREAD_CELLS_MAX`] (their
    /// digits may repeat: fillings say it). A sum whose cells equal a cage's, or a whole unit, says
    /// nothing new and is left out.
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
        if cages.is_empty() || self.raw {
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
        let groups = self.groups(g);
        let total = (size * (size + 1) / 2) as u32;
        let mut known: Vec<Vec<usize>> = cages
            .iter()
            .map(|(cells, _)| {
                let mut c = cells.to_vec();
                c.sort_unstable();
                c
            })
            .collect();
        let mut out: Vec<Implied> = Vec::new();
        let mut push = |cells: Vec<usize>, sum: Option<u32>, distinct: bool, words: String| {
            if cells.is_empty() || cells.len() == size || known.contains(&cells) {
                return;
            }
            if !distinct && cells.len() > SPREAD_CELLS_MAX {
                return;
            }
            known.push(cells.clone());
            // A negative sum: the cages cannot all hold; a sum of 0 has no digit set, as it should.
            out.push(Implied {
                cells,
                sum: sum.unwrap_or(0),
                distinct,
                words,
            });
        };
        // The units of N cells, each adding up to `total`, and the bands of 2 to N-1 consecutive
        // rows or columns (k of them adding up to k times `total`), whose cells may repeat digits.
        let mut areas: Vec<(String, Vec<usize>, u32)> = groups
            .iter()
            .filter(|(_, c)| c.len() == size)
            .map(|(name, cells)| (name.clone(), cells.clone(), total))
            .collect();
        // Rows of a shaped grid add up to `total` only where they hold every value (as many
        // cells as values); so do its columns.
        let (full_rows, full_cols) = (g.cols() == size, g.rows() == size);
        for k in 2..size {
            for first in 0..=size - k {
                let rows: Vec<usize> = (first * size..(first + k) * size).collect();
                let cols: Vec<usize> = (0..size * size)
                    .filter(|p| (first..first + k).contains(&(p % size)))
                    .collect();
                let (a, b) = (first + 1, first + k);
                let t = total * k as u32;
                if full_rows && first + k <= g.rows() {
                    areas.push((format!("rows {a}-{b}"), rows, t));
                }
                if full_cols && first + k <= g.cols() {
                    areas.push((format!("columns {a}-{b}"), cols, t));
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
            let sum_of = |ks: &[usize]| ks.iter().map(|&k| cages[k].1).sum::<u32>();
            if !inside.is_empty() {
                let mut rest: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&p| owner[p] == usize::MAX || !inside.contains(&owner[p]))
                    .collect();
                rest.sort_unstable();
                let spread = !distinct(&rest);
                let words = format!("{name}'s cells outside its cages ({})", list(&rest, spread));
                let sum = total.checked_sub(sum_of(&inside));
                push(rest, sum, !spread, words);
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
                let sum = (sum_of(&inside) + sum_of(&touching)).checked_sub(total);
                push(outside, sum, !spread, words);
            }
        }
        out
    }
}

/// The fillings of `cells` digits 1 to `size` adding up to `sum` in which cells `a` and `b` hold
/// different digits wherever bit `b` of `apart[a]` is set (cells by their place in the list), each
/// a digit per cell; `None` when there are more than `max`.
fn sum_fillings(
    size: usize,
    cells: usize,
    sum: u32,
    apart: &[u32],
    max: usize,
) -> Option<Vec<Vec<u8>>> {
    fn go(
        at: &mut Vec<u8>,
        left: u32,
        (size, cells): (usize, usize),
        apart: &[u32],
        out: &mut Vec<Vec<u8>>,
        max: usize,
    ) -> bool {
        let i = at.len();
        if i == cells {
            if left == 0 {
                if out.len() == max {
                    return false;
                }
                out.push(at.clone());
            }
            return true;
        }
        // The cells after this one hold at least 1 and at most `size` each.
        let rest = (cells - i - 1) as u32;
        for d in 1..=size as u32 {
            if d + rest > left {
                break;
            }
            if left - d > rest * size as u32 {
                continue;
            }
            if (0..i).any(|j| u32::from(at[j]) == d && apart[i] & 1 << j != 0) {
                continue;
            }
            at.push(d as u8);
            let fits = go(at, left - d, (size, cells), apart, out, max);
            at.pop();
            if !fits {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), sum, (size, cells), apart, &mut out, max).then_some(out)
}
