//! ISS's doppelganger ([`ClueKind::Doppelganger`]) as items and options: houses that each miss a
//! digit, and the three houses of each 0 missing different ones.
//!
//! On an N×N grid of the values 0-N a house (row, column, box) of N different values misses
//! exactly one of the N + 1. Per house, a primary item `dop1r3=0` that its cells placing 0 cover:
//! the house holds its 0, so its N - 1 other cells leave exactly one digit missing. Per house and
//! digit d of 1-N, a primary item `dop1r3=5` ("row 3 holds or misses 5") that the house's cells
//! placing d cover, and so does one option per cell of the house, "row 3 misses 5, its 0 at
//! r3c4". That option also covers an at-most-once `dop1r=5` ("the row that misses 5"), so no two
//! rows miss the same digit; colours the cell's colour item `dop1@r3c4` with 0 (each option of
//! the cell colours it with its own value), so that its 0 is where it says; and covers an
//! at-most-once item `dop1!r3c4=5`, which the column's and the box's options at that 0 cover
//! too: the three houses of a 0 miss three different digits.

use super::*;

impl Builder<'_> {
    pub(super) fn doppelganger(
        &mut self,
        k: usize,
        cells: &[usize],
        (missing, hidden): (&[[u32; 3]], Option<usize>),
        name: &str,
        tag: &str,
    ) -> Result<(), InputError> {
        let size = self.size();
        let (g, rules) = (self.g, self.rules);
        // Values 0-N: value x is digit x + 1.
        let zero = 1u32;
        let house_of = |kind: usize, p: usize| match kind {
            0 => p / size,
            1 => p % size,
            _ => rules
                .region_of(g, p)
                .expect("validated: every cell is boxed"),
        };
        let mut at_zero: HashMap<(usize, u32), usize> = HashMap::new();
        let mut colour: HashMap<usize, usize> = HashMap::new();
        for &p in cells {
            let c = self.shared_colour(k, format!("{tag}@{}", cell_name(size, p)), &[p]);
            colour.insert(p, c);
        }
        // The hidden cells other clues name (`DGC3`): each coloured with its own digit by its
        // options, and by the option saying which digit its house misses.
        let mut hidden_colour: HashMap<(usize, usize), usize> = HashMap::new();
        if let Some(base) = hidden {
            for (kind, letter) in ["C", "R", "B"].into_iter().enumerate() {
                // N houses of a kind: the grid's N rows (N + 1 values).
                for h in 0..g.rows() {
                    let p = base + kind * g.rows() + h;
                    let c = self.shared_colour(k, format!("{tag}@DG{letter}{}", h + 1), &[p]);
                    hidden_colour.insert((kind, h), c);
                }
            }
        }
        for (kind, (letter, word)) in [("r", "row"), ("c", "column"), ("b", "box")]
            .into_iter()
            .enumerate()
        {
            let mut members: Vec<Vec<usize>> = vec![Vec::new(); size];
            for &p in cells {
                members[house_of(kind, p)].push(p);
            }
            for (h, list) in members.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
                let holds_zero = self.primary(k, format!("{tag}{letter}{}=0", h + 1));
                for &p in list {
                    self.enc.cell_primary[p * size + zero as usize - 1].push(holds_zero);
                }
            }
            for d in 2..=size as u32 {
                let value = d - 1;
                let once = self.secondary(k, format!("{tag}{letter}={value}"));
                for (h, list) in members.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
                    // A house whose missing digit the puzzle gives (`DGC3_5`) misses only that.
                    let given = may_miss(missing, kind, h);
                    let slot = self.primary(k, format!("{tag}{letter}{}={value}", h + 1));
                    for &p in list {
                        self.enc.cell_primary[p * size + d as usize - 1].push(slot);
                    }
                    for &p in list {
                        if given >> value & 1 == 0 || !self.digits(p).any(|x| x == zero) {
                            continue;
                        }
                        let w = match at_zero.get(&(p, d)) {
                            Some(&w) => w,
                            None => {
                                let w = self
                                    .secondary(k, format!("{tag}!{}={value}", cell_name(size, p)));
                                at_zero.insert((p, d), w);
                                w
                            }
                        };
                        let o = ClueOption {
                            clue: k,
                            item: slot,
                            more: Vec::new(),
                            cells: Vec::new(),
                            colours: std::iter::once((colour[&p], Colour::Value(zero)))
                                .chain(
                                    hidden_colour
                                        .get(&(kind, h))
                                        .map(|&c| (c, Colour::Value(d))),
                                )
                                .collect(),
                            plain: vec![once, w],
                            label: format!(
                                "{name}: {word} {} misses {value}, its 0 at {}",
                                h + 1,
                                cell_name(size, p)
                            ),
                        };
                        self.push(o, name)?;
                    }
                }
            }
        }
        Ok(())
    }
}
