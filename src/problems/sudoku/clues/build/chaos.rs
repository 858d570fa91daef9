//! Chaos construction as exact cover: each region is placed as a pentomino is, one option per
//! piece it may be, and each cell's option says which region it is in as well as its digit.
//!
//! Items, for each cell `r1c1`: `in(r1c1)`, primary, covered by the one region placed over it
//! (the regions tile the grid); `of(r1c1)`, primary, covered by the cell's choice of digit and of
//! region; `label(r1c1)`, secondary, coloured with the region's first cell, which ties the two
//! choices together; and `reg(r1c1)=5`: the region whose first cell is r1c1 holds 5. Where a
//! region has as many cells as there are digits, that item is primary, as a box's digit is: the
//! region needs its 5, and MRV sees where it can go (on ISS's "Chaos Construction - easier", 990
//! nodes with it secondary, 18 primary). Where no region starts at r1c1, the option "no region
//! from r1c1" covers its N digits at once; it colours `start(r1c1)` 0 where each piece from r1c1
//! colours it 1. A cell every piece through which starts there (r1c1, and any cell no piece from
//! an earlier cell reaches) has neither. Regions of fewer cells than digits (ISS's `Shape~6x6~7`)
//! keep the item secondary: at most once. A region's option also colours the control cell of
//! each chaos clue (a region arrow or count) whose first region cell it holds with the value
//! that clue then shows, so the clue costs no item of its own.

use super::*;
use crate::problems::sudoku::variants::chaos::{clue_count, clue_offset, Chaos, Grow, GROWN_MAX};

/// The control cells a region's option colours, and with which digit.
type Shows = Vec<(usize, u8)>;

impl Builder<'_> {
    /// The regions' items and options (module note); `k` is the pseudo-clue they are listed
    /// under. A grid whose pieces would pass [`MAX_CLUE_OPTIONS`] is refused by name.
    pub(super) fn chaos(&mut self, k: usize, ch: &Chaos) -> Result<(), InputError> {
        let g = self.g;
        let size = g.size();
        let n = size * size;
        let live: Vec<usize> = g.live_cells().collect();
        let name = |p: usize| cell_name(size, p);
        let mut inn = vec![usize::MAX; n];
        let mut of = vec![usize::MAX; n];
        let mut label = vec![usize::MAX; n];
        for &p in &live {
            inn[p] = self.primary(k, format!("in({})", name(p)));
        }
        for &p in &live {
            of[p] = self.primary(k, format!("of({})", name(p)));
        }
        for &p in &live {
            label[p] = self.secondary(k, format!("label({})", name(p)));
            self.enc.label_of.insert(label[p], p);
        }
        // The chaos clues, with the digit their control shows for each count.
        let clues: Vec<&Clue> = self
            .rules
            .clues
            .iter()
            .filter(|c| clue_offset(&c.kind).is_some())
            .collect();
        let zero = u32::from(self.rules.zero_based);
        let givens = self.givens;
        let fits = |piece: &[usize], p: usize| {
            givens[p] == 0 || piece.iter().all(|&q| givens[q] != givens[p])
        };
        // Counted first, keeping none: growing is cheap, the test of the cells left outside a piece
        // is not (a 16x16 of regions of 16 is refused in 0.1 s, not 8 s).
        let mut found = 0;
        let too_many = live.iter().any(|&first| {
            let mut to = Grow {
                fits: &fits,
                found: &mut found,
                max: GROWN_MAX,
                keep: &mut |_| false,
                out: &mut Vec::new(),
            };
            ch.pieces_from(g, first, None, &mut to).is_err()
        });
        let max = if too_many { 0 } else { GROWN_MAX };
        let mut found = 0;
        // Each piece kept, with the digits it makes the chaos clues' controls show.
        let mut pieces: Vec<(Vec<usize>, Shows)> = Vec::new();
        let mut inside = vec![false; n];
        for &first in &live {
            let mut got = Vec::new();
            let mut keep = |piece: &[usize]| {
                for &p in piece {
                    inside[p] = true;
                }
                let ok = ch.keeps(&inside) && ch.leaves_room(g, &inside);
                for &p in piece {
                    inside[p] = false;
                }
                ok
            };
            let mut to = Grow {
                fits: &fits,
                found: &mut found,
                max,
                keep: &mut keep,
                out: &mut got,
            };
            let over = ch.pieces_from(g, first, None, &mut to).is_err();
            if over {
                return Err(InputError::new(format!(
                    "chaos construction: regions of {} cells on a {}x{} grid have more than \
                     {} shapes and places to look at; puzzles that large are not supported",
                    ch.size,
                    g.rows(),
                    g.cols(),
                    crate::figures::thousands(GROWN_MAX as u64)
                )));
            }
            // The digits the chaos clues' controls show where this piece is a region; a piece
            // that would show a value no digit stands for, or two values in one control, is none.
            'piece: for piece in got {
                for &p in &piece {
                    inside[p] = true;
                }
                let mut shows: Vec<(usize, u8)> = Vec::new();
                let mut fine = true;
                for c in &clues {
                    let Some(count) = clue_count(c, &inside) else {
                        continue;
                    };
                    let off = clue_offset(&c.kind).unwrap_or(0) as usize;
                    let ctrl = c.cells[0];
                    let digit = (count + zero as usize).checked_sub(off);
                    let digit = match digit {
                        Some(d)
                            if (1..=size).contains(&d)
                                && self.digits(ctrl).any(|x| x == d as u32) =>
                        {
                            d as u8
                        }
                        _ => {
                            fine = false;
                            break;
                        }
                    };
                    match shows.iter().find(|&&(q, _)| q == ctrl) {
                        Some(&(_, d)) if d != digit => {
                            fine = false;
                            break;
                        }
                        Some(_) => {}
                        None => shows.push((ctrl, digit)),
                    }
                }
                for &p in &piece {
                    inside[p] = false;
                }
                if !fine {
                    continue 'piece;
                }
                pieces.push((piece, shows));
            }
            // Refused as soon as the pieces kept alone pass the clues' budget, before their
            // options are built (a 10x10 of regions of 10).
            let room = MAX_CLUE_OPTIONS.saturating_sub(self.enc.options.len());
            if pieces.len() > room {
                return Err(InputError::new(format!(
                    "chaos construction: regions of {} cells on a {}x{} grid lie in more than {} \
                     ways, more options than a puzzle's clues may take; puzzles that large are not \
                     supported",
                    ch.size,
                    g.rows(),
                    g.cols(),
                    crate::figures::thousands(room as u64)
                )));
            }
        }
        // Each cell's choices: a region (by its first cell) some piece through it starts at, and
        // a digit. The pieces come in order of first cells, so each list is ascending and
        // without repeats as it is built.
        let mut firsts: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (piece, _) in &pieces {
            for &p in piece {
                if firsts[p].last() != Some(&piece[0]) {
                    firsts[p].push(piece[0]);
                }
            }
        }
        // Where a region holds every digit once (its cells as many as the digits), `reg(r1c1)=5` is
        // primary: the region from r1c1 needs a 5, which a cell covers, or, where no region starts
        // at r1c1, the option "no region from r1c1" covers all N at once. `start(r1c1)` ties that
        // option to the pieces: coloured 1 by each piece from r1c1 and 0 by it.
        let exact = ch.size == size;
        // Named by the digit as the puzzle writes it (from 0 on a puzzle of values from 0).
        let symbol = |d: u32| d - zero;
        let mut holds: HashMap<usize, usize> = HashMap::new();
        let mut start: HashMap<usize, usize> = HashMap::new();
        for &p in &live {
            for &a in &firsts[p] {
                if holds.contains_key(&a) {
                    continue;
                }
                let mut base = usize::MAX;
                for v in 1..=size as u32 {
                    let item = format!("reg({})={}", name(a), symbol(v));
                    let i = if exact {
                        self.primary(k, item)
                    } else {
                        self.secondary(k, item)
                    };
                    base = base.min(i);
                }
                holds.insert(a, base);
                // A cell every piece through which starts there (r1c1, and a cell no piece from
                // an earlier one reaches) starts a region in every cut: no option says otherwise.
                if exact && firsts[a] != [a] {
                    start.insert(a, self.secondary(k, format!("start({})", name(a))));
                }
            }
        }
        for (piece, shows) in pieces {
            let first = piece[0];
            let o = ClueOption {
                clue: k,
                item: inn[first],
                more: piece[1..].iter().map(|&p| inn[p]).collect(),
                cells: shows,
                colours: piece
                    .iter()
                    .map(|&p| (label[p], Colour::State(first as u64)))
                    .chain(start.get(&first).map(|&s| (s, Colour::State(1))))
                    .collect(),
                plain: Vec::new(),
                label: format!(
                    "region from {}: {}",
                    name(first),
                    piece[1..]
                        .iter()
                        .map(|&p| name(p))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            };
            self.push(o, "chaos construction's regions")?;
        }
        let mut starts: Vec<(usize, usize)> = start.iter().map(|(&a, &s)| (a, s)).collect();
        starts.sort_unstable();
        for (a, s) in starts {
            let base = holds[&a];
            let o = ClueOption {
                clue: k,
                item: base,
                more: (base + 1..base + size).collect(),
                cells: Vec::new(),
                colours: vec![(s, Colour::State(0))],
                plain: Vec::new(),
                label: format!("no region from {}", name(a)),
            };
            self.push(o, "chaos construction's regions")?;
        }
        for &p in &live {
            let digits: Vec<u32> = self.digits(p).collect();
            for &a in &firsts[p] {
                for &d in &digits {
                    // The region's digit item: primary where the region holds each digit once.
                    let digit = vec![holds[&a] + d as usize - 1];
                    let (more, plain) = if exact {
                        (digit, Vec::new())
                    } else {
                        (Vec::new(), digit)
                    };
                    let o = ClueOption {
                        clue: k,
                        item: of[p],
                        cells: vec![(p, d as u8)],
                        colours: vec![(label[p], Colour::State(a as u64))],
                        more,
                        plain,
                        label: format!("{}={} in the region from {}", name(p), symbol(d), name(a)),
                    };
                    self.push(o, "chaos construction's cells")?;
                }
            }
        }
        Ok(())
    }
}
