//! Chaos construction (ISS's `ChaosConstruction`): the regions are not given but found. The grid
//! is cut into orthogonally connected pieces of `size` cells, each holding distinct digits; this
//! file lists the pieces a region may be (as a pentomino's placements are listed) and finds the
//! cut a grid of digits admits, for the checker.
//!
//! A piece is named by its first cell in reading order. Every cut is listed once that way: the
//! first cell no region has taken yet is the first cell of its own region, so choosing regions by
//! their first cells can never give one cut under two names (ISS breaks the same symmetry by
//! allowing region labels only in order of first appearance).

use super::Geometry;
use crate::problems::sudoku::clues::{Clue, ClueKind};

/// The regions' rule: pieces of `size` cells; `together`, sets of cells each in one region (ISS's
/// `SameValues` on region cells `CC…`); `apart`, sets of cells in different regions
/// (`AllDifferent` on region cells).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Chaos {
    pub size: usize,
    pub together: Vec<Vec<usize>>,
    pub apart: Vec<Vec<usize>>,
}

/// The live orthogonal neighbours of cell `p`.
pub fn next_to(g: Geometry, p: usize) -> impl Iterator<Item = usize> {
    let (size, rows, cols) = (g.size(), g.rows(), g.cols());
    let (r, c) = (p / size, p % size);
    [
        (r > 0).then(|| p - size),
        (c > 0).then(|| p - 1),
        (c + 1 < cols).then(|| p + 1),
        (r + 1 < rows).then(|| p + size),
    ]
    .into_iter()
    .flatten()
    .filter(move |&q| g.live(q))
}

impl Chaos {
    /// Whether a piece keeps the sets of cells that share a region or must not (`inside[p]`: cell
    /// `p` is in the piece).
    pub fn keeps(&self, inside: &[bool]) -> bool {
        self.together.iter().all(|set| {
            let n = set.iter().filter(|&&p| inside[p]).count();
            n == 0 || n == set.len()
        }) && self
            .apart
            .iter()
            .all(|set| set.iter().filter(|&&p| inside[p]).count() <= 1)
    }

    /// Whether the cells left outside a piece (`inside`) can still be cut into pieces: each of
    /// their connected parts has a multiple of `size` cells.
    pub fn leaves_room(&self, g: Geometry, inside: &[bool]) -> bool {
        let mut seen = inside.to_vec();
        let mut stack = Vec::new();
        for p in g.live_cells() {
            if seen[p] {
                continue;
            }
            seen[p] = true;
            stack.push(p);
            let mut n = 0;
            while let Some(q) = stack.pop() {
                n += 1;
                for r in next_to(g, q) {
                    if !seen[r] {
                        seen[r] = true;
                        stack.push(r);
                    }
                }
            }
            if n % self.size != 0 {
                return false;
            }
        }
        true
    }

    /// Every piece (connected, `size` live cells, within `free` where given) whose first cell is
    /// `first`, grown by cells that `to.fits` lets join it, and that `to.keep` keeps, into
    /// `to.out`; [`TooMany`] as soon as more than `to.max` pieces were grown in all, kept or not
    /// (`to.found` counts those of earlier first cells): the work is bounded, not only the pieces
    /// kept. Redelmeier's method: each piece is grown once, from its first cell, by cells after it.
    pub fn pieces_from(
        &self,
        g: Geometry,
        first: usize,
        free: Option<&[bool]>,
        to: &mut Grow,
    ) -> Result<(), TooMany> {
        // A cell not free is marked seen, so no piece grows into it.
        let mut seen: Vec<bool> = match free {
            Some(f) => f.iter().map(|&f| !f).collect(),
            None => vec![false; g.size() * g.size()],
        };
        seen[first] = true;
        let mut untried: Vec<usize> = next_to(g, first)
            .filter(|&q| q > first && !seen[q])
            .collect();
        for &q in &untried {
            seen[q] = true;
        }
        let mut piece = vec![first];
        grow(g, self.size, first, &mut piece, &mut untried, &mut seen, to)
    }
}

/// More pieces than the bound were grown ([`Chaos::pieces_from`]).
#[derive(Debug)]
pub struct TooMany;

/// What [`Chaos::pieces_from`] grows pieces by, reports to, and where it stops.
pub struct Grow<'a> {
    /// Whether a cell may join the piece so far (a digit it does not hold yet).
    pub fits: &'a dyn Fn(&[usize], usize) -> bool,
    pub found: &'a mut usize,
    pub max: usize,
    pub keep: &'a mut dyn FnMut(&[usize]) -> bool,
    pub out: &'a mut Vec<Vec<usize>>,
}

/// Redelmeier's step: `piece` so far, `untried` the cells that may join it next (each is tried,
/// then kept out of the rest of this branch), `seen` the cells ever put in `untried` on this path.
fn grow(
    g: Geometry,
    size: usize,
    first: usize,
    piece: &mut Vec<usize>,
    untried: &mut [usize],
    seen: &mut [bool],
    to: &mut Grow,
) -> Result<(), TooMany> {
    if piece.len() == size {
        *to.found += 1;
        if *to.found > to.max {
            return Err(TooMany);
        }
        if (to.keep)(piece) {
            to.out.push(piece.clone());
        }
        return Ok(());
    }
    for i in (0..untried.len()).rev() {
        let p = untried[i];
        if !(to.fits)(piece, p) {
            continue;
        }
        let fresh: Vec<usize> = next_to(g, p).filter(|&q| q > first && !seen[q]).collect();
        for &q in &fresh {
            seen[q] = true;
        }
        let mut next: Vec<usize> = untried[..i].to_vec();
        next.extend(&fresh);
        piece.push(p);
        let r = grow(g, size, first, piece, &mut next, seen, to);
        piece.pop();
        for &q in &fresh {
            seen[q] = false;
        }
        r?;
    }
    Ok(())
}

/// The most pieces grown for the builder, kept or not: a 9x9 grid has 302,574 of 9 cells, a
/// 16x16 far too many of 16.
pub const GROWN_MAX: usize = 2_000_000;

/// The value a chaos clue's control cell must show if the region holding its first region cell
/// is the piece `inside`, counted as ISS counts it (before its offset): for an arrow
/// ([`ClueKind::RegionRun`]), the cells of the run from the shared start along each arm while
/// they stay in the piece, the start once; for a count ([`ClueKind::RegionCount`]), the listed
/// cells in the piece, the first one too. `None` for another kind, or when the piece does not
/// hold the clue's first region cell.
pub fn clue_count(clue: &Clue, inside: &[bool]) -> Option<usize> {
    match &clue.kind {
        ClueKind::RegionRun { arms, .. } => {
            let start = clue.cells[1];
            if !inside[start] {
                return None;
            }
            let mut n = 1;
            let mut at = 2;
            for &len in arms {
                let arm = &clue.cells[at..at + usize::from(len)];
                n += arm.iter().take_while(|&&p| inside[p]).count();
                at += usize::from(len);
            }
            Some(n)
        }
        ClueKind::RegionCount { .. } => {
            let listed = &clue.cells[1..];
            inside[listed[0]].then(|| listed.iter().filter(|&&p| inside[p]).count())
        }
        _ => None,
    }
}

/// The offset of a chaos clue: its control's value is its count less this.
pub fn clue_offset(kind: &ClueKind) -> Option<u32> {
    match kind {
        ClueKind::RegionRun { offset, .. } | ClueKind::RegionCount { offset } => {
            Some(u32::from(*offset))
        }
        _ => None,
    }
}

/// A cut of a grid of digits (`cells`, all filled) into regions that keeps the chaos rule and
/// every chaos clue of `clues` (whose control's value `value(d)` is read from its digit): each
/// cell's region, numbered from 0 in order of first cells; `None` if there is none.
///
/// Written apart from the builder, so that the checker does not share its mistakes: a region is
/// grown from a cell left by any free neighbour whose digit it does not hold yet (each set of
/// cells once, by a set of those seen), and the clues are read again here. The regions of the
/// clues' first region cells are cut first, then the first cell left in reading order's: a clue
/// that no region can keep ends the search at once, not below every partial cut of the rest. The
/// cells left free decide alone whether the rest can be cut (a clue is judged on its first cell's
/// region), so a set of free cells that failed once is not searched again.
pub fn cut(
    chaos: &Chaos,
    g: Geometry,
    cells: &[u8],
    clues: &[Clue],
    value: &dyn Fn(u32) -> u32,
) -> Option<Vec<u8>> {
    let n = g.size() * g.size();
    let mut c = Cutter {
        chaos,
        g,
        cells,
        clues: clues
            .iter()
            .filter(|c| {
                matches!(
                    c.kind,
                    ClueKind::RegionRun { .. } | ClueKind::RegionCount { .. }
                )
            })
            .collect(),
        value,
        region: vec![u8::MAX; n],
        failed: std::collections::HashSet::new(),
    };
    if !c.from(0) {
        return None;
    }
    // Numbered again in order of first cells.
    let mut names: Vec<u8> = Vec::new();
    for p in g.live_cells() {
        let r = c.region[p];
        if !names.contains(&r) {
            names.push(r);
        }
    }
    Some(
        c.region
            .iter()
            .map(|&r| {
                names
                    .iter()
                    .position(|&x| x == r)
                    .map_or(u8::MAX, |i| i as u8)
            })
            .collect(),
    )
}

/// The state of [`cut`]'s search.
struct Cutter<'a> {
    chaos: &'a Chaos,
    g: Geometry,
    cells: &'a [u8],
    clues: Vec<&'a Clue>,
    value: &'a dyn Fn(u32) -> u32,
    region: Vec<u8>,
    /// Sets of free cells (a bit a cell) that could not be cut.
    failed: std::collections::HashSet<Vec<u64>>,
}

impl Cutter<'_> {
    fn free_set(&self) -> Vec<u64> {
        let mut set = vec![0u64; self.region.len().div_ceil(64)];
        for (p, &r) in self.region.iter().enumerate() {
            if r == u8::MAX {
                set[p / 64] |= 1 << (p % 64);
            }
        }
        set
    }

    /// Cuts the free cells into regions numbered from `next`.
    fn from(&mut self, next: u8) -> bool {
        let g = self.g;
        let free = |p: usize| self.region[p] == u8::MAX;
        let clued = self.clues.iter().map(|c| c.cells[1]).find(|&p| free(p));
        let Some(first) = clued.or_else(|| g.live_cells().find(|&p| free(p))) else {
            return true;
        };
        let key = self.free_set();
        if self.failed.contains(&key) {
            return false;
        }
        for piece in self.pieces(first) {
            for &p in &piece {
                self.region[p] = next;
            }
            if self.from(next + 1) {
                return true;
            }
            for &p in &piece {
                self.region[p] = u8::MAX;
            }
        }
        self.failed.insert(key);
        false
    }

    /// The regions through `first` over the free cells: connected, `size` cells, different
    /// digits, keeping the sets of region cells and the clues whose first region cell they hold.
    fn pieces(&self, first: usize) -> Vec<Vec<usize>> {
        let n = self.region.len();
        let free = |p: usize| self.region[p] == u8::MAX;
        let mut seen: std::collections::HashSet<Vec<usize>> = std::collections::HashSet::new();
        let g = self.g;
        let mut stack = vec![vec![first]];
        let mut out = Vec::new();
        while let Some(piece) = stack.pop() {
            if piece.len() == self.chaos.size {
                let mut inside = vec![false; n];
                for &p in &piece {
                    inside[p] = true;
                }
                if self.chaos.keeps(&inside)
                    && self.clues.iter().all(|c| self.clue_holds(c, &inside))
                {
                    out.push(piece);
                }
                continue;
            }
            for &p in &piece {
                for q in next_to(g, p) {
                    if free(q)
                        && !piece.contains(&q)
                        && piece.iter().all(|&r| self.cells[r] != self.cells[q])
                    {
                        let mut grown = piece.clone();
                        grown.push(q);
                        grown.sort_unstable();
                        if seen.insert(grown.clone()) {
                            stack.push(grown);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether chaos clue `c` holds if `inside` is the region of its first region cell (or says
    /// nothing: it is another region's).
    fn clue_holds(&self, c: &Clue, inside: &[bool]) -> bool {
        let (count, offset) = match &c.kind {
            ClueKind::RegionRun { arms, offset } => {
                if !inside[c.cells[1]] {
                    return true;
                }
                // The start once, then each arm while it stays in the region.
                let mut count = 1;
                let mut rest = &c.cells[2..];
                for &len in arms {
                    let (arm, after) = rest.split_at(usize::from(len));
                    count += arm.iter().position(|&p| !inside[p]).unwrap_or(arm.len());
                    rest = after;
                }
                (count, *offset)
            }
            ClueKind::RegionCount { offset } => {
                if !inside[c.cells[1]] {
                    return true;
                }
                (c.cells[1..].iter().filter(|&&p| inside[p]).count(), *offset)
            }
            _ => return true,
        };
        let shown = (self.value)(u32::from(self.cells[c.cells[0]])) as usize;
        shown + usize::from(offset) == count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All pieces of `k` cells on a `size`x`size` grid, with no filter.
    fn count(size: usize, k: usize) -> usize {
        let g = Geometry::of_size(size).unwrap();
        let ch = Chaos {
            size: k,
            ..Chaos::default()
        };
        let mut found = 0;
        let mut out = Vec::new();
        for first in g.live_cells() {
            let mut to = Grow {
                fits: &|_, _| true,
                found: &mut found,
                max: usize::MAX,
                keep: &mut |_| true,
                out: &mut out,
            };
            ch.pieces_from(g, first, None, &mut to).unwrap();
        }
        assert_eq!(found, out.len());
        out.len()
    }

    #[test]
    fn pieces_are_the_placements_of_the_fixed_polyominoes() {
        // Dominoes on 4x4: 12 across, 12 down. The rest: the connected sets of k cells on the
        // grid, counted apart in Python by testing every k-subset for connectivity.
        assert_eq!(count(4, 2), 24);
        assert_eq!(count(4, 4), 113);
        assert_eq!(count(6, 6), 2816);
    }
}
