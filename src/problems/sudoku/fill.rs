//! Shapes filled whole: the fillings of killer cages and thermometers, each an option that puts
//! digits in every cell of its shape, made so that the work is in proportion to what is made.

use super::variants::{span, Filling, Rules, Shape};
use super::Geometry;
use crate::problems::InputError;

/// The most fillings one cage or thermometer may have (9 cells summing to 45 have 362,880): past it
/// the instance would take hundreds of MB, so such a shape is refused by name.
pub const MAX_FILLINGS: usize = 100_000;

/// The most fillings of all the shapes together: a 16x16 killer has tens of thousands; a text listing
/// many large cages would otherwise build an instance of gigabytes.
pub const MAX_TOTAL_FILLINGS: usize = 500_000;

/// How a killer cage with a sum is stated (docs/variants.md, "Cages: whole fillings or digit sets").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CageFill {
    /// Each cage as counted: whole fillings up to [`WHOLE_FILLINGS_MAX`] of them, else digit sets.
    Counted,
    /// Every cage by its whole fillings (a cage past [`MAX_FILLINGS`] is refused).
    Whole,
    /// Every cage by its digit sets.
    Sets,
}

/// The most whole fillings a cage is stated by; past it, by its digit sets. A whole filling places
/// the cage at once and its options carry the rows', columns' and boxes' items, so the tree is
/// small; but a cage of k cells has k! of them a set, and covering a row's digit item then unlinks
/// every filling that puts the digit in the row, thousands on a big cage: each node costs that
/// much. A digit set is one option, and the cells keep their own (docs/variants.md; the threshold
/// measured on ISS's killers: benches/JOURNAL.md).
pub const WHOLE_FILLINGS_MAX: u64 = 24;

impl Rules {
    /// The fillings of every cage with a sum and every thermometer, in that order, keeping those that
    /// agree with the givens `cells` (0 empty), each cage by its whole fillings or its digit sets as
    /// counted ([`CageFill::Counted`]). A shape with more than [`MAX_FILLINGS`] is refused by name
    /// before it is filled, and so is one whose filling takes more than [`MAX_FILL_STEPS`] steps.
    pub fn fillings(&self, g: Geometry, cells: &[u8]) -> Result<Vec<Filling>, InputError> {
        self.fillings_as(g, cells, CageFill::Counted)
    }

    /// [`Rules::fillings`] with the cages stated as `mode` says (the bench and the tests compare them).
    pub fn fillings_as(
        &self,
        g: Geometry,
        cells: &[u8],
        mode: CageFill,
    ) -> Result<Vec<Filling>, InputError> {
        let size = g.size();
        let mut out: Vec<Filling> = Vec::new();
        let mut steps = Steps::default();
        // One shape's fillings added, or the shape refused in the puzzle's words: `name`, and the
        // message for too many fillings.
        let mut add = |shape,
                       made: Result<(bool, Vec<Vec<u8>>), Refused>,
                       name: String,
                       too_many: String|
         -> Result<(), InputError> {
            let (set, digits) = made.map_err(|e| {
                InputError::new(match e {
                    Refused::TooMany => too_many,
                    Refused::TooLong => too_long(&name),
                })
            })?;
            if out.len() + digits.len() > MAX_TOTAL_FILLINGS {
                return Err(too_many_in_all());
            }
            out.extend(
                digits
                    .into_iter()
                    .map(|digits| Filling { shape, digits, set }),
            );
            Ok(())
        };
        for (k, cage) in self.cages.iter().enumerate() {
            let Some(sum) = cage.sum else { continue };
            let name = format!("cage {} in {}", k + 1, span(size, &cage.cells));
            // Past the whole fillings a cage is counted by, it is stated by digit sets, so a cage
            // refused has too many of those.
            let what = match mode {
                CageFill::Whole => "fillings",
                CageFill::Counted | CageFill::Sets => "digit sets",
            };
            let too_many = format!(
                "{name} ({} cells, sum {sum}) has more than {MAX_FILLINGS} {what}; cages that \
                 large are not supported",
                cage.cells.len()
            );
            let made = cage_options(
                size,
                &cage.cells,
                cells,
                self.digit_sum(sum, cage.cells.len()),
                mode,
                MAX_FILLINGS,
                &mut steps,
            );
            add(Shape::Cage(k), made, name, too_many)?;
        }
        for (k, line) in self.thermos.iter().enumerate() {
            let name = format!("thermometer {} ({})", k + 1, span(size, line));
            let too_many = format!("{name} has more than {MAX_FILLINGS} fillings");
            let made = thermo_fillings(size, line, cells, &mut steps).map(|f| (false, f));
            add(Shape::Thermo(k), made, name, too_many)?;
        }
        Ok(out)
    }
}

fn too_many_in_all() -> InputError {
    InputError::new(format!(
        "the cages and thermometers have more than {MAX_TOTAL_FILLINGS} fillings and digit sets in \
         all; a puzzle that large is not supported"
    ))
}

fn too_long(name: &str) -> String {
    format!(
        "{name}: filling it took more than {MAX_FILL_STEPS} steps; shapes that large are not \
         supported"
    )
}

/// The most steps (digits placed while filling shapes whole) for all the shapes of a puzzle. The
/// fillers below visit only partial fillings that complete, so their steps are at most the fillings
/// made times the shape's length (500,000 x 25 at the very most); this cap is the guard that a
/// shape never makes the reader hang, whatever it is.
pub const MAX_FILL_STEPS: u64 = 20_000_000;

/// A shape's fillings, or why it was not filled.
type Made = Result<Vec<Vec<u8>>, Refused>;

/// Why a shape was not filled.
enum Refused {
    /// More than [`MAX_FILLINGS`] fillings.
    TooMany,
    /// More than [`MAX_FILL_STEPS`] steps.
    TooLong,
}

/// The steps taken filling shapes, against [`MAX_FILL_STEPS`].
#[derive(Default)]
struct Steps(u64);

impl Steps {
    fn take(&mut self) -> Result<(), Refused> {
        self.0 += 1;
        if self.0 > MAX_FILL_STEPS {
            Err(Refused::TooLong)
        } else {
            Ok(())
        }
    }
}

/// Every assignment of distinct digits 1..=size to the cells of `cage` (in order) adding up to `sum`
/// and agreeing with the givens, in lexicographic order of the digits (the order the cage's options
/// are numbered in).
///
/// The digits are chosen as a set first, then spread over the cells not given. A table of how many
/// sets of `j` digits not given, from the `i`-th up, add up to `t` says at each step whether the
/// rest can still be completed, so the enumeration never enters a dead branch: its work is in
/// proportion to the fillings made. Bounding by sums of any digits (rather than the unused ones)
/// explored every arrangement of a cage that has none, such as 16 cells of a 16x16 adding up to
/// 135 (16 distinct digits always add up to 136). The same table counts the fillings (sets times
/// k! arrangements of k free cells) before any is made, so a cage with too many is refused at once.
#[cfg(test)]
fn cage_fillings(size: usize, cage: &[usize], givens: &[u8], sum: u32, steps: &mut Steps) -> Made {
    cage_options(
        size,
        cage,
        givens,
        sum,
        CageFill::Whole,
        MAX_FILLINGS,
        steps,
    )
    .map(|(_, f)| f)
}

/// The digit sets of `cells` adding up to `sum` on a grid of `size` (an implied sum:
/// [`Rules::implied_sums`]), or `None` when there are more than `max`.
pub(super) fn sum_sets(size: usize, cells: &[usize], sum: u32, max: usize) -> Option<Vec<Vec<u8>>> {
    // No givens: a zero for each cell it names (a cell outside the grid, ISS's `Var`, past N², may
    // be one of them).
    let givens = vec![0u8; cells.iter().max().map_or(0, |&p| p + 1)];
    let mut steps = Steps::default();
    cage_options(size, cells, &givens, sum, CageFill::Sets, max, &mut steps)
        .ok()
        .map(|(_, sets)| sets)
}

/// A cage's options as `mode` says: `(false, fillings)` as [`cage_fillings`] makes them, or
/// `(true, sets)`, each set of digits (the givens' included, ascending) adding up to the sum.
fn cage_options(
    size: usize,
    cage: &[usize],
    givens: &[u8],
    sum: u32,
    mode: CageFill,
    max: usize,
    steps: &mut Steps,
) -> Result<(bool, Vec<Vec<u8>>), Refused> {
    // The givens in the cage: two equal ones, or more than the sum, leave no filling.
    let mut given_mask = 0u64;
    let mut given_sum = 0u32;
    for &p in cage {
        let g = givens[p];
        if g != 0 {
            if given_mask & (1 << g) != 0 {
                return Ok((mode == CageFill::Sets, Vec::new()));
            }
            given_mask |= 1 << g;
            given_sum += u32::from(g);
        }
    }
    let free: Vec<usize> = (0..cage.len()).filter(|&i| givens[cage[i]] == 0).collect();
    let k = free.len();
    let avail: Vec<u32> = (1..=size as u32)
        .filter(|&d| given_mask & (1 << d) == 0)
        .collect();
    let m = avail.len();
    // The most the free cells can add up to bounds the table's sums (a typed sum may be huge).
    let most: u32 = avail.iter().rev().take(k).sum();
    let Some(rest) = sum.checked_sub(given_sum).filter(|&r| r <= most && k <= m) else {
        return Ok((mode == CageFill::Sets, Vec::new()));
    };
    let s = rest as usize;
    // ways[(i * (k + 1) + j) * (s + 1) + t]: the sets of j digits of avail[i..] adding up to t.
    let at = |i: usize, j: usize, t: usize| (i * (k + 1) + j) * (s + 1) + t;
    let mut ways = vec![0u64; (m + 1) * (k + 1) * (s + 1)];
    ways[at(m, 0, 0)] = 1;
    for i in (0..m).rev() {
        let d = avail[i] as usize;
        for j in 0..=k {
            for t in 0..=s {
                let skip = ways[at(i + 1, j, t)];
                let take = if j > 0 && t >= d {
                    ways[at(i + 1, j - 1, t - d)]
                } else {
                    0
                };
                ways[at(i, j, t)] = skip.saturating_add(take);
            }
        }
    }
    let sets = ways[at(0, k, s)];
    let arrangements = (1..=k as u64).try_fold(1u64, |a, x| a.checked_mul(x));
    let total = arrangements.and_then(|a| a.checked_mul(sets));
    let as_sets = match mode {
        CageFill::Whole => false,
        CageFill::Sets => true,
        CageFill::Counted => total.is_none_or(|t| t > WHOLE_FILLINGS_MAX),
    };
    let made = if as_sets { Some(sets) } else { total };
    if made.is_none_or(|t| t > max as u64) {
        return Err(Refused::TooMany);
    }
    if sets == 0 {
        return Ok((as_sets, Vec::new()));
    }
    let mut fill = Fill {
        free: &free,
        digits: cage.iter().map(|&p| givens[p]).collect(),
        set: Vec::with_capacity(k),
        out: Vec::with_capacity(made.unwrap_or(0) as usize),
        only_sets: as_sets.then_some(given_mask),
        steps,
    };
    fill.sets(&avail, &|i, j, t| ways[at(i, j, t)], 0, k, s)?;
    let mut out = fill.out;
    out.sort_unstable();
    Ok((as_sets, out))
}

/// The state of [`cage_fillings`]' walk: the set of digits chosen so far, then their arrangements.
struct Fill<'a> {
    /// The positions in the cage of the cells not given.
    free: &'a [usize],
    /// The cage's digits: the givens in place, the free cells written over by [`Fill::arrange`].
    digits: Vec<u8>,
    set: Vec<u8>,
    out: Vec<Vec<u8>>,
    /// `Some(the givens' digits, bit d for d)`: each set is made, with the givens' digits, not
    /// its arrangements.
    only_sets: Option<u64>,
    steps: &'a mut Steps,
}

impl Fill<'_> {
    /// Every set of `j` digits of `avail[i..]` adding up to `t`, through entries of the table `ways`
    /// that are not 0 only (each completes), each set then arranged over the free cells.
    fn sets(
        &mut self,
        avail: &[u32],
        ways: &dyn Fn(usize, usize, usize) -> u64,
        i: usize,
        j: usize,
        t: usize,
    ) -> Result<(), Refused> {
        self.steps.take()?;
        if j == 0 {
            if let Some(given) = self.only_sets {
                let mut set = self.set.clone();
                set.extend((1..64u8).filter(|&d| given & (1 << d) != 0));
                set.sort_unstable();
                self.out.push(set);
                return Ok(());
            }
            return self.arrange(0, 0);
        }
        for i2 in i..avail.len() {
            let d = avail[i2] as usize;
            if t >= d && ways(i2 + 1, j - 1, t - d) > 0 {
                self.set.push(d as u8);
                self.sets(avail, ways, i2 + 1, j - 1, t - d)?;
                self.set.pop();
            }
        }
        Ok(())
    }

    /// Every arrangement of the set over the free cells from the `f`-th, `used` the set's digits
    /// placed (a bit a position in the set); each is a filling.
    fn arrange(&mut self, f: usize, used: u32) -> Result<(), Refused> {
        self.steps.take()?;
        if f == self.free.len() {
            self.out.push(self.digits.clone());
            return Ok(());
        }
        for b in 0..self.set.len() {
            if used & (1 << b) == 0 {
                self.digits[self.free[f]] = self.set[b];
                self.arrange(f + 1, used | 1 << b)?;
            }
        }
        Ok(())
    }
}

/// Every strictly increasing run of digits along `line`, agreeing with the givens, in lexicographic
/// order. Each cell's digit is bounded above by the room left before the end and before every later
/// given (`hi`), and below by the digit before it and every earlier given (`lo`), so every partial
/// run the walk enters completes: its work is in proportion to the runs made, and a line whose givens
/// cannot be joined (3 then 2, or 2 then 3 in the next cell but one) has none at once.
fn thermo_fillings(size: usize, line: &[usize], givens: &[u8], steps: &mut Steps) -> Made {
    let len = line.len();
    if len > size {
        return Ok(Vec::new());
    }
    let mut lo = vec![0usize; len];
    let mut hi = vec![0usize; len];
    for i in 0..len {
        lo[i] = if i == 0 { 1 } else { lo[i - 1] + 1 };
        let g = usize::from(givens[line[i]]);
        if g != 0 {
            if g < lo[i] {
                return Ok(Vec::new());
            }
            lo[i] = g;
        }
    }
    for i in (0..len).rev() {
        hi[i] = if i + 1 == len { size } else { hi[i + 1] - 1 };
        let g = usize::from(givens[line[i]]);
        if g != 0 {
            if g > hi[i] {
                return Ok(Vec::new());
            }
            hi[i] = g;
        }
        if lo[i] > hi[i] {
            return Ok(Vec::new());
        }
    }
    let mut out = Vec::new();
    let mut digits = Vec::with_capacity(len);
    thermo_walk(&lo, &hi, &mut digits, &mut out, steps)?;
    Ok(out)
}

fn thermo_walk(
    lo: &[usize],
    hi: &[usize],
    digits: &mut Vec<u8>,
    out: &mut Vec<Vec<u8>>,
    steps: &mut Steps,
) -> Result<(), Refused> {
    steps.take()?;
    let i = digits.len();
    if i == lo.len() {
        if out.len() == MAX_FILLINGS {
            return Err(Refused::TooMany);
        }
        out.push(digits.clone());
        return Ok(());
    }
    let from = digits
        .last()
        .map_or(lo[i], |&d| lo[i].max(usize::from(d) + 1));
    for v in from..=hi[i] {
        digits.push(v as u8);
        thermo_walk(lo, hi, digits, out, steps)?;
        digits.pop();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::SplitMix;

    /// Every vector of digits 1..=size over `cells`, kept where `keep` says: the brute force the
    /// fillers are held against (in lexicographic order, as they make theirs).
    fn every(size: usize, len: usize, keep: &dyn Fn(&[u8]) -> bool) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut d = vec![1u8; len];
        loop {
            if keep(&d) {
                out.push(d.clone());
            }
            let Some(i) = (0..len).rev().find(|&i| usize::from(d[i]) < size) else {
                return out;
            };
            d[i] += 1;
            d[i + 1..].fill(1);
        }
    }

    /// Random cages and thermometers of up to 5 cells on 9x9 (and 4x4) grids, with random givens and
    /// sums, reachable and not: the fillers make exactly the brute force's fillings, in its order.
    #[test]
    fn fillings_are_the_brute_forces_in_its_order() {
        let mut rng = SplitMix::new(41);
        let mut empty_cages = 0;
        for round in 0..600 {
            let size = if round % 4 == 0 { 4 } else { 9 };
            let len = 1 + rng.below(5.min(size));
            let cells: Vec<usize> = (0..len).map(|i| i * 3 + 1).collect();
            let mut givens = vec![0u8; size * size];
            for &p in &cells {
                if rng.below(4) == 0 {
                    givens[p] = 1 + rng.below(size) as u8;
                }
            }
            let given =
                |d: &[u8]| (0..len).all(|i| givens[cells[i]] == 0 || givens[cells[i]] == d[i]);
            let sum = 1 + rng.below(len * size + 3) as u32;
            let want = every(size, len, &|d| {
                let distinct = (0..len).all(|i| !d[..i].contains(&d[i]));
                let total: u32 = d.iter().map(|&x| u32::from(x)).sum();
                distinct && total == sum && given(d)
            });
            let got = cage_fillings(size, &cells, &givens, sum, &mut Steps::default()).ok();
            assert_eq!(
                got.as_ref(),
                Some(&want),
                "cage {cells:?} sum {sum} givens {givens:?}"
            );
            empty_cages += usize::from(want.is_empty());
            let want = every(size, len, &|d| {
                d.windows(2).all(|w| w[0] < w[1]) && given(d)
            });
            let got = thermo_fillings(size, &cells, &givens, &mut Steps::default()).ok();
            assert_eq!(
                got.as_ref(),
                Some(&want),
                "thermo {cells:?} givens {givens:?}"
            );
        }
        assert!(
            (100..500).contains(&empty_cages),
            "{empty_cages} cages had no filling"
        );
    }

    /// The cages that hung the reader (issue 41): 16 cells of a 16x16 adding up to 135 (16 distinct
    /// digits always add up to 136) and 11 cells adding up to 1+…+11-1 have no filling, found from the
    /// table alone; 16 cells adding up to 136 have 16! and are refused by name before any is made.
    #[test]
    fn unreachable_and_huge_cages_are_answered_from_the_table() {
        let givens = vec![0u8; 256];
        let cage: Vec<usize> = (0..16).collect();
        let mut steps = Steps::default();
        for (len, sum) in [(16, 135), (11, 65), (12, 77), (2, 1), (3, 100)] {
            let got = cage_fillings(16, &cage[..len], &givens, sum, &mut steps);
            assert!(
                matches!(got, Ok(ref f) if f.is_empty()),
                "{len} cells, sum {sum}"
            );
        }
        assert_eq!(steps.0, 0, "no branch was entered");
        let got = cage_fillings(16, &cage, &givens, 136, &mut steps);
        assert!(matches!(got, Err(Refused::TooMany)));
        assert_eq!(steps.0, 0);
        // 9 cells adding up to 45 in a 9x9: 9! = 362,880 fillings, over the cap; 8 cells to 36: 8!.
        let givens = vec![0u8; 81];
        let row: Vec<usize> = (0..9).collect();
        assert!(matches!(
            cage_fillings(9, &row, &givens, 45, &mut steps),
            Err(Refused::TooMany)
        ));
        let f = cage_fillings(9, &row[..8], &givens, 36, &mut steps)
            .ok()
            .unwrap();
        assert_eq!(f.len(), 40_320);
        assert!(f.windows(2).all(|w| w[0] < w[1]));
        // Made fillings times their length, plus one step a set and a node: nothing wasted.
        assert!(steps.0 <= 40_320 * 9 * 2, "{} steps", steps.0);
    }

    /// A thermometer whose givens cannot be joined has no filling at once, however long it is.
    #[test]
    fn thermometers_bounded_by_later_givens() {
        let mut givens = vec![0u8; 625];
        let line: Vec<usize> = (0..25).collect();
        givens[24] = 24; // the 25th cell of a 25-cell line must be 25
        let mut steps = Steps::default();
        let f = thermo_fillings(25, &line, &givens, &mut steps)
            .ok()
            .unwrap();
        assert!(f.is_empty());
        assert_eq!(steps.0, 0);
        givens[24] = 0;
        givens[20] = 21; // cells 1-21 are 1..21, the last four 22..25 in one way
        let f = thermo_fillings(25, &line, &givens, &mut steps)
            .ok()
            .unwrap();
        assert_eq!(f.len(), 1);
        assert_eq!(steps.0, 26);
    }
}
