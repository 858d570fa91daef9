//! Full rank: every row and column read as a number from both ends (4N lines), ranked from the
//! least (1); a clue gives its line's rank.
//!
//! A border (the top row, say, where the columns read downwards start) holds each digit once, so
//! exactly four lines start with each digit, one from each border: rank r puts the digit
//! f = ⌈r/4⌉ first, and (r - 1) mod 4 of the three other lines starting with f are less than the
//! clued line, the rest greater (a tie with it breaks the ranking: not allowed, as ISS reads it by
//! default). Which line of a border starts with f is not known before the search, so the encoding
//! names it: shared by every clue starting with f, a primary item per border picks the position
//! of f there (its option colours that cell f), and per later position j a primary item picks that
//! line's j-th digit, colouring a secondary item `#j` with it (a line per option: its position
//! and its j-th cell's digit). Each clue then compares its own cells with those colours in a chain
//! of steps, equal so far until a pair differs, and colours a secondary item per border with
//! "less" or "greater"; one primary item of the clue takes an option per way of choosing which
//! borders are less, as many as the rank says. Per clue about 3 × 8 × 66 options on a 9x9, per
//! border and digit 9 + 8 × 81: a 9x9 with every line clued stays under 100,000.

use super::*;

/// The colours of a comparison's states: equal so far, the other line less or greater.
const EQUAL: u64 = 0;
const LESS: u64 = 1;
const GREATER: u64 = 2;
/// Two unclued lines found to differ (`FullRankTies~none`): which is less does not matter.
const APART: u64 = 3;

/// The borders as [`border_lines`] numbers them.
const SIDES: [&str; 4] = ["top", "right", "bottom", "left"];

/// The items naming the line from one border that starts with one digit.
#[derive(Clone, Debug)]
pub(super) struct Starting {
    /// `digit[j]`: the secondary item coloured with the line's digit at position j (from 1).
    digit: Vec<usize>,
}

impl Builder<'_> {
    /// The items naming the line from border `b` that starts with digit `f` (made once, with the
    /// first clue that needs them).
    fn starting(&mut self, k: usize, b: usize, f: u32) -> Result<Starting, InputError> {
        if let Some(s) = self.starting.get(&(b, f)) {
            return Ok(s.clone());
        }
        let size = self.size();
        let lines = border_lines(size, b);
        let side = SIDES[b];
        let tag = format!("rank{side}{f}");
        let what = format!("line from the {side} starting with {f}");
        let at = self.secondary(k, format!("{tag}@"));
        // The lines whose first cell may hold f: the others have no option here.
        let lines: Vec<(usize, Vec<usize>)> = lines
            .into_iter()
            .enumerate()
            .filter(|(_, l)| self.digits(l[0]).any(|d| d == f))
            .collect();
        // Where f stands on the border.
        let item = self.primary(k, tag.clone());
        for (i, line) in &lines {
            let i = *i;
            self.push(
                ClueOption {
                    clue: k,
                    item,
                    more: Vec::new(),
                    cells: vec![(line[0], f as u8)],
                    colours: vec![(at, Colour::State(i as u64))],
                    plain: Vec::new(),
                    label: format!("the {what} is the one from {}", cell_name(size, line[0])),
                },
                &what,
            )?;
        }
        // Its digit at each later position.
        let mut digit = vec![usize::MAX];
        for j in 1..size {
            let item = self.primary(k, format!("{tag}>{j}"));
            let colour = self.secondary(k, format!("{tag}#{j}"));
            digit.push(colour);
            for &(i, ref line) in &lines {
                for d in self.digits(line[j]).filter(|&d| d != f).collect::<Vec<_>>() {
                    self.push(
                        ClueOption {
                            clue: k,
                            item,
                            more: Vec::new(),
                            cells: vec![(line[j], d as u8)],
                            colours: vec![
                                (at, Colour::State(i as u64)),
                                (colour, Colour::State(u64::from(d))),
                            ],
                            plain: Vec::new(),
                            label: format!(
                                "the {what}, from {}, holds {d} at {}",
                                cell_name(size, line[0]),
                                cell_name(size, line[j])
                            ),
                        },
                        &what,
                    )?;
                }
            }
        }
        let s = Starting { digit };
        self.starting.insert((b, f), s.clone());
        Ok(s)
    }

    /// An option of `item` that colours secondary items and no cell.
    pub(super) fn colours_only(
        &mut self,
        k: usize,
        item: usize,
        colours: Vec<(usize, Colour)>,
        label: String,
        what: &str,
    ) -> Result<(), InputError> {
        let plain = Vec::new();
        let o = ClueOption {
            clue: k,
            item,
            more: Vec::new(),
            cells: Vec::new(),
            colours,
            plain,
            label,
        };
        self.push(o, what)
    }

    /// An option of item `item` that covers the secondary items `plain` and places no digit (a
    /// renban's window of digits, a same-value set's digits: each covers the items of the digits
    /// it rules out).
    pub(super) fn plain_only(
        &mut self,
        k: usize,
        item: usize,
        plain: Vec<usize>,
        label: String,
        what: &str,
    ) -> Result<(), InputError> {
        let o = ClueOption {
            clue: k,
            item,
            more: Vec::new(),
            cells: Vec::new(),
            colours: Vec::new(),
            plain,
            label,
        };
        self.push(o, what)
    }

    /// `FullRankTies~none`: no two lines read the same. Lines starting with different digits
    /// differ; of the four starting with each digit, each two are compared by a chain over their
    /// digits (the colours of [`Builder::starting`]) that must end apart.
    fn no_ties(&mut self, k: usize) -> Result<(), InputError> {
        let size = self.size();
        for f in 1..=size as u32 {
            for (b1, b2) in (0..4).flat_map(|a| (a + 1..4).map(move |b| (a, b))) {
                let (x, y) = (self.starting(k, b1, f)?, self.starting(k, b2, f)?);
                let tag = format!("ranktie{f}.{b1}{b2}");
                let what = format!(
                    "the lines from the {} and the {} starting with {f}",
                    SIDES[b1], SIDES[b2]
                );
                let states: Vec<usize> = (1..size - 1)
                    .map(|j| self.secondary(k, format!("{tag}@{j}")))
                    .collect();
                for j in 1..size {
                    let item = self.primary(k, format!("{tag}>{j}"));
                    let before = (j > 1).then(|| states[j - 2]);
                    let after = (j + 1 < size).then(|| states[j - 1]);
                    let mut options: Vec<(Vec<(usize, Colour)>, String)> = Vec::new();
                    if j > 1 {
                        let mut c = vec![(states[j - 2], Colour::State(APART))];
                        c.extend(after.map(|a| (a, Colour::State(APART))));
                        options.push((c, "apart at an earlier digit".to_string()));
                    }
                    for a in (1..=size as u32).filter(|&a| a != f) {
                        for d in (1..=size as u32).filter(|&d| d != f) {
                            let to = if a == d { EQUAL } else { APART };
                            if to == EQUAL && after.is_none() {
                                continue;
                            }
                            let mut c = vec![
                                (x.digit[j], Colour::State(u64::from(a))),
                                (y.digit[j], Colour::State(u64::from(d))),
                            ];
                            c.extend(before.map(|p| (p, Colour::State(EQUAL))));
                            c.extend(after.map(|p| (p, Colour::State(to))));
                            options.push((c, format!("{a} against {d}")));
                        }
                    }
                    for (colours, why) in options {
                        let label = format!("{what}, digit {}: {why}", j + 1);
                        self.colours_only(k, item, colours, label, &what)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The items and options of a full rank clue on `line` (read from the clue's side) of rank
    /// `rank`.
    pub(super) fn full_rank(
        &mut self,
        k: usize,
        line: &[usize],
        rank: u32,
        ties: Ties,
        name: &str,
        tag: &str,
    ) -> Result<(), InputError> {
        let size = self.size();
        if ties == Ties::None && !self.lines_differ {
            self.lines_differ = true;
            self.no_ties(k)?;
        }
        let (f, below) = (rank.div_ceil(4), (rank as usize - 1) % 4);
        // Its first cell holds the f-th digit.
        self.enc.allowed[line[0]] &= 1 << (f - 1);
        let own = (0..4)
            .find(|&b| border_lines(size, b).iter().any(|l| l == line))
            .expect("a row or column from one end");
        let mut results = Vec::new();
        for b in (0..4).filter(|&b| b != own) {
            let other = self.starting(k, b, f)?;
            let result = self.secondary(k, format!("{tag}.{b}"));
            results.push(result);
            // The chain: step j reads the clued line's j-th digit a and the other's b; the state
            // between steps is a colour of `{tag}.{b}@j`; the last step colours the result.
            let states: Vec<usize> = (1..size - 1)
                .map(|j| self.secondary(k, format!("{tag}.{b}@{j}")))
                .collect();
            for j in 1..size {
                let item = self.primary(k, format!("{tag}.{b}>{j}"));
                let before = (j > 1).then(|| states[j - 2]);
                let after = if j + 1 < size { states[j - 1] } else { result };
                let last = j + 1 == size;
                let mut options = Vec::new();
                // Decided: passed on, whatever the digits.
                if j > 1 {
                    for s in [LESS, GREATER] {
                        options.push((
                            Vec::new(),
                            s,
                            s,
                            None,
                            "decided at an earlier digit".to_string(),
                        ));
                    }
                }
                for a in self.digits(line[j]).filter(|&a| a != f).collect::<Vec<_>>() {
                    for d in (1..=size as u32).filter(|&d| d != f) {
                        let s = match d.cmp(&a) {
                            std::cmp::Ordering::Less => LESS,
                            std::cmp::Ordering::Greater => GREATER,
                            // A tie at the end: allowed only where ties are.
                            std::cmp::Ordering::Equal if last && ties != Ties::Any => continue,
                            std::cmp::Ordering::Equal => EQUAL,
                        };
                        let why = format!("{a} against {d}");
                        options.push((vec![(line[j], a as u8)], EQUAL, s, Some(d), why));
                    }
                }
                for (cells, from, to, d, why) in options {
                    let mut colours = vec![(after, Colour::State(to))];
                    if let Some(p) = before {
                        colours.push((p, Colour::State(from)));
                    }
                    if let Some(d) = d {
                        colours.push((other.digit[j], Colour::State(u64::from(d))));
                    }
                    self.push(
                        ClueOption {
                            clue: k,
                            item,
                            more: Vec::new(),
                            cells,
                            colours,
                            plain: Vec::new(),
                            label: format!(
                                "{name}, digit {} against the line from the {}: {why}",
                                j + 1,
                                SIDES[b]
                            ),
                        },
                        name,
                    )?;
                }
            }
        }
        // Which of the three are less: `below` of them; the others greater (or equal, where ties
        // are allowed: a line's rank counts only the lines less than it).
        let item = self.primary(k, tag.to_string());
        let outcomes: &[u64] = if ties == Ties::Any {
            &[LESS, GREATER, EQUAL]
        } else {
            &[LESS, GREATER]
        };
        for n in 0..outcomes.len().pow(3) {
            let pick: Vec<u64> = (0..3)
                .map(|j| outcomes[n / outcomes.len().pow(j) % outcomes.len()])
                .collect();
            if pick.iter().filter(|&&s| s == LESS).count() != below {
                continue;
            }
            let colours: Vec<(usize, Colour)> = results
                .iter()
                .zip(&pick)
                .map(|(&r, &s)| (r, Colour::State(s)))
                .collect();
            let label = format!("{name}: {below} of the lines starting as it does are less");
            self.colours_only(k, item, colours, label, name)?;
        }
        Ok(())
    }
}
