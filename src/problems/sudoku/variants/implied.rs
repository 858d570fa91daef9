//! The 45 rule: the sums that a killer's cages imply on the cells of a unit (a row, column, region,
//! diagonal or other unit of N cells) that they leave uncovered (innies) or overrun (outies).

use super::{span, Rules};
use crate::problems::sudoku::fill::sum_sets;
use crate::problems::sudoku::Geometry;

/// The most digit sets an implied sum is stated with; past it, it is left out (it only repeats
/// what the cages say, and on a 25x25 a dozen cells have millions).
pub const IMPLIED_SETS_MAX: usize = 2_000;

/// An implied sum and its digit sets (each ascending), as [`Rules::implied_sets`] makes them.
pub type ImpliedSets = (Implied, Vec<Vec<u8>>);

/// A sum the cages imply, stated as one more cage by its digit sets: its cells (their digits
/// differ, since they share a unit), their sum, and where it comes from in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Implied {
    /// Row-major cells, ascending.
    pub cells: Vec<usize>,
    pub sum: u32,
    /// "row 3's cells outside its cages", "the cells that cages of box 5 put outside it".
    pub words: String,
}

impl Rules {
    /// The implied sums ([`Rules::implied_sums`]) with their digit sets, those with more than
    /// [`IMPLIED_SETS_MAX`] left out.
    pub fn implied_sets(&self, g: Geometry) -> Vec<ImpliedSets> {
        self.implied_sums(g)
            .into_iter()
            .filter_map(|i| {
                let sets = sum_sets(g.size(), &i.cells, i.sum, IMPLIED_SETS_MAX)?;
                Some((i, sets))
            })
            .collect()
    }

    /// The sums implied by the cages with a sum, when no two of them share a cell: for each unit of
    /// N cells, its cells outside the cages that lie whole in it add up to the unit's total less
    /// those cages' sums (innies); and when cages cover the unit whole, the cells of those cages
    /// outside the unit add up to their sums less the unit's total (outies), kept when those cells
    /// share a unit (else their digits may repeat, and a digit set does not say it). A sum whose
    /// cells equal a cage's, or a whole unit, says nothing new and is left out.
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
        if cages.is_empty() {
            return Vec::new();
        }
        let mut owner = vec![usize::MAX; size * size];
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
        let mut push = |cells: Vec<usize>, sum: Option<u32>, words: String| {
            if cells.is_empty() || cells.len() == size || known.contains(&cells) {
                return;
            }
            known.push(cells.clone());
            // A negative sum: the cages cannot all hold; a sum of 0 has no digit set, as it should.
            out.push(Implied {
                cells,
                sum: sum.unwrap_or(0),
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
        // Cells whose digits differ: one cell, or cells of one group.
        let distinct = |cells: &[usize]| {
            cells.len() == 1
                || groups
                    .iter()
                    .any(|(_, c)| cells.iter().all(|q| c.contains(q)))
        };
        for (name, unit, total) in &areas {
            let total = *total;
            let mut in_unit = vec![false; size * size];
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
                if distinct(&rest) {
                    let words = format!("{name}'s cells outside its cages ({})", span(size, &rest));
                    push(rest, total.checked_sub(sum_of(&inside)), words);
                }
            }
            if !uncaged && !touching.is_empty() {
                let mut outside: Vec<usize> = touching
                    .iter()
                    .flat_map(|&k| cages[k].0.iter().copied())
                    .filter(|&q| !in_unit[q])
                    .collect();
                outside.sort_unstable();
                if distinct(&outside) {
                    let words = format!(
                        "the cells that {name}'s cages put outside it ({})",
                        span(size, &outside)
                    );
                    let sum = (sum_of(&inside) + sum_of(&touching)).checked_sub(total);
                    push(outside, sum, words);
                }
            }
        }
        out
    }
}
