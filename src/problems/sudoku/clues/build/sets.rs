//! Sandwiches and X-sums on a whole row or column, by sets: which positions and which digits lie
//! inside the sum, as classes of secondary items, and one option per placement and set of digits.

use super::*;

impl Builder<'_> {
    /// Whether a line is a whole row or column of the grid: its digits all differ and are all the
    /// grid's digits. The set encoding of sandwiches and X-sums rests on that; a grid past 16x16
    /// would have too many sets of digits to list (2^23 on 25x25), so it keeps the chain.
    pub(super) fn whole_unit(&self, cells: &[usize]) -> bool {
        let size = self.size();
        size <= 16
            && cells.len() == size
            && (0..size).all(|i| (i + 1..size).all(|j| self.see(cells[i], cells[j])))
    }

    /// A sandwich or an X-sum on a whole row or column, by which positions and which digits lie
    /// inside its sum. Per position and per digit a secondary item (`sandwich3.at4`, `sandwich3.has5`)
    /// takes a class as its colour: outside, inside, or a crust (the 1 and the N of a sandwich).
    /// The clue's primary item has one option per placement of the sum (the crusts' positions; an
    /// X-sum's first digit x, which colours the first cell) and set of digits inside adding up
    /// to the sum, colouring every position and digit with its class; a link item per cell has
    /// one option per digit and class, colouring the cell with the digit and both the cell's
    /// position and the digit with the class. So the digits inside are exactly the set: the row's
    /// digits differ, and a digit inside sits at a position inside. A chain of partial sums
    /// checks the sum only once its states are chosen, cell after cell; here a set that no longer
    /// fits the cells' classes is gone as soon as one class is settled, and a row has at most a
    /// few thousand placements and sets where its orders number 9!.
    pub(super) fn sets(
        &mut self,
        k: usize,
        clue: &Clue,
        name: &str,
        tag: &str,
    ) -> Result<(), InputError> {
        const OUT: Colour = Colour::State(0);
        const IN: Colour = Colour::State(1);
        const CRUST: Colour = Colour::State(2);
        let size = self.size();
        let top = size as u32;
        let cells = clue.cells.clone();
        let pos: Vec<usize> = (1..=size)
            .map(|q| self.secondary(k, format!("{tag}.at{q}")))
            .collect();
        let dig: Vec<usize> = (1..=size)
            .map(|v| self.secondary(k, format!("{tag}.has{v}")))
            .collect();
        let item = self.primary(k, tag.to_string());
        let class = |inside: bool| if inside { IN } else { OUT };
        let shown = |set: u32| -> String {
            (1..=top)
                .filter(|v| set & (1 << v) != 0)
                .map(|v| self.rules.value(v).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let sandwich = matches!(clue.kind, ClueKind::Sandwich(_));
        match clue.kind {
            ClueKind::Sandwich(t) => {
                for i in 0..size {
                    for j in i + 1..size {
                        let inner = (j - i - 1) as u32;
                        // The sum is of values: in digits, one more a cell where they start at 0.
                        let t = self.rules.digit_sum(t, inner as usize);
                        for set in digit_sets(2, top - 1, inner, t) {
                            let mut colours: Vec<(usize, Colour)> = (0..size)
                                .map(|q| {
                                    let c = if q == i || q == j {
                                        CRUST
                                    } else {
                                        class(q > i && q < j)
                                    };
                                    (pos[q], c)
                                })
                                .collect();
                            colours.extend((1..=top).map(|v| {
                                let c = if v == 1 || v == top {
                                    CRUST
                                } else {
                                    class(set & (1 << v) != 0)
                                };
                                (dig[v as usize - 1], c)
                            }));
                            let o = ClueOption {
                                clue: k,
                                item,
                                more: Vec::new(),
                                cells: Vec::new(),
                                colours,
                                plain: Vec::new(),
                                label: format!(
                                    "{name}: crusts in {} and {}, between them {{{}}}",
                                    cell_name(size, cells[i]),
                                    cell_name(size, cells[j]),
                                    shown(set)
                                ),
                            };
                            self.push(o, name)?;
                        }
                    }
                }
            }
            ClueKind::XSum(t) => {
                for x in self.digits(cells[0]).collect::<Vec<_>>() {
                    // The first x digits: x itself and x - 1 others adding up to t - x.
                    let Some(rest) = t.checked_sub(x) else {
                        continue;
                    };
                    for set in digit_sets(1, top, x - 1, rest) {
                        if set & (1 << x) != 0 {
                            continue;
                        }
                        let set = set | 1 << x;
                        let mut colours: Vec<(usize, Colour)> =
                            (0..size).map(|q| (pos[q], class((q as u32) < x))).collect();
                        colours.extend(
                            (1..=top).map(|v| (dig[v as usize - 1], class(set & (1 << v) != 0))),
                        );
                        let o = ClueOption {
                            clue: k,
                            item,
                            more: Vec::new(),
                            cells: vec![(cells[0], x as u8)],
                            colours,
                            plain: Vec::new(),
                            label: format!("{name}: the first {x} digits are {{{}}}", shown(set)),
                        };
                        self.push(o, name)?;
                    }
                }
            }
            _ => unreachable!("sets() is called for sandwiches and X-sums"),
        }
        for q in 0..size {
            let link = self.primary(k, format!("{tag}.{}", q + 1));
            for v in self.digits(cells[q]).collect::<Vec<_>>() {
                let classes: &[Colour] = if sandwich && (v == 1 || v == top) {
                    &[CRUST]
                } else {
                    &[OUT, IN]
                };
                for &c in classes {
                    let said = match c {
                        CRUST => "a crust",
                        IN => "inside",
                        _ => "outside",
                    };
                    let o = ClueOption {
                        clue: k,
                        item: link,
                        more: Vec::new(),
                        cells: vec![(cells[q], v as u8)],
                        colours: vec![(pos[q], c), (dig[v as usize - 1], c)],
                        plain: Vec::new(),
                        label: format!("{name}: {}={v}, {said}", cell_name(size, cells[q])),
                    };
                    self.push(o, name)?;
                }
            }
        }
        Ok(())
    }
}

/// The sets of `count` distinct digits from `lo` to `hi` adding up to `sum`, as bit masks (bit v
/// for digit v), walked in increasing digits and cut where the rest cannot reach the sum.
fn digit_sets(lo: u32, hi: u32, count: u32, sum: u32) -> Vec<u32> {
    fn go(v: u32, hi: u32, count: u32, sum: u32, set: u32, out: &mut Vec<u32>) {
        if count == 0 {
            if sum == 0 {
                out.push(set);
            }
            return;
        }
        if v > hi || hi + 1 - v < count {
            return;
        }
        // The least and the most `count` digits from v up can add up to.
        let least = count * v + count * (count - 1) / 2;
        let most = count * hi - count * (count - 1) / 2;
        if sum < least || sum > most {
            return;
        }
        go(v + 1, hi, count - 1, sum - v, set | 1 << v, out);
        go(v + 1, hi, count, sum, set, out);
    }
    let mut out = Vec::new();
    if lo <= hi + 1 {
        go(lo, hi, count, sum, 0, &mut out);
    }
    out
}
