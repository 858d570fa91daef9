//! Compiling clues into items and options: lines walked as automata (chains of states, of steps
//! or runs of cells), sums of a whole row by sets, pieces filled whole, cell facts, and the
//! pruning of options a cell's digits no longer allow ([`Rules::clue_encoding`]).

use super::*;

mod automata;
mod chaos;
mod doppelganger;
mod lines;
mod rank;
mod sets;

/// The ways [`Builder::periodic_classes`] would choose a modular or entropic line's classes:
/// m! / (m - first)!, `first` its first min(m, cells) cells; counted before any is made, so that a
/// modulus of 12 falls back to the walk (which refuses it by name) instead of listing 479 M ways.
fn periodic_ways(clue: &Clue) -> u64 {
    let m = match clue.kind {
        ClueKind::Modular(m) => u64::from(m),
        _ => 3,
    };
    let first = (clue.cells.len() as u64).min(m);
    (m - first + 1..=m).fold(1u64, |w, x| w.saturating_mul(x))
}

/// Digits as a label shows them: "1,2,4".
fn digits_text(digits: &[u32]) -> String {
    digits
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

impl ClueOption {
    /// A piece filled whole: `digits` in `cells`, labelled "{name}: 1,2,3".
    fn filling(clue: usize, item: usize, cells: &[usize], digits: &[u32], name: &str) -> Self {
        ClueOption {
            clue,
            item,
            more: Vec::new(),
            cells: cells
                .iter()
                .zip(digits)
                .map(|(&p, &d)| (p, d as u8))
                .collect(),
            colours: Vec::new(),
            plain: Vec::new(),
            label: format!("{name}: {}", digits_text(digits)),
        }
    }
}

/// A sum as a colour ([`Builder::sum_chain`]): a u64, the sum shifted by 2^32 (an arrow's run goes
/// below 0).
fn sum_colour(x: i64) -> Colour {
    const OFFSET: i64 = 1 << 32;
    Colour::State((x + OFFSET) as u64)
}

/// The colours an accepted walk's last step also gives.
type Extras = Vec<(usize, Colour)>;
/// `step(i, state, value, out)`: the states after the line's cell `i` holds `value` (the digit's
/// value: `d - 1` where values start at 0, [`Rules::value`]; the rules of lines are of values).
type Step<'a> = Box<dyn Fn(usize, u64, u32, &mut Vec<u64>) + 'a>;
/// `accept(state)`: the colours the last step gives, or `None` if the walk is not accepted.
type Accept<'a> = Box<dyn Fn(u64) -> Option<Extras> + 'a>;

/// A line walked as an automaton: states from `start`, `step(i, state, value)` the states after
/// the line's cell `i` holds `value`, `accept(state)` the colours the last step also gives (`None`:
/// not accepted).
struct Automaton<'a> {
    start: Vec<u64>,
    step: Step<'a>,
    accept: Accept<'a>,
}

/// What a sum in pieces comes to: a number, or the colour (its value) of a secondary item that
/// other sums colour too.
#[derive(Clone, Copy, Debug)]
enum SumEnd {
    Total(i64),
    Shared(usize),
}

/// Builds the [`Encoding`].
struct Builder<'a> {
    g: Geometry,
    rules: &'a Rules,
    givens: &'a [u8],
    enc: Encoding,
    /// Whether two cells must differ, `p * cells + q`: they share a row, a column, a region, a
    /// diagonal, a window, an extra region (disjoint sets) or a cage ([`Rules::groups`]).
    peers: Vec<bool>,
    /// Full rank's lines from a border starting with a digit, by (border, digit).
    starting: HashMap<(usize, u32), rank::Starting>,
    /// Whether full rank's "no two lines read the same" is encoded (once for all clues).
    lines_differ: bool,
}

/// The most digit sets a same-value sets clue is stated by ([`ClueKind::SameValues`]): C(16, 8)
/// is 12,870.
const SAME_SETS_MAX: u64 = 20_000;

impl Builder<'_> {
    fn size(&self) -> usize {
        self.g.size()
    }

    fn primary(&mut self, k: usize, name: String) -> usize {
        self.enc.primary.push(name);
        let i = self.enc.primary.len() - 1;
        self.enc.clue_items[k].push(i);
        i
    }

    fn secondary(&mut self, k: usize, name: String) -> usize {
        self.enc.secondary.push(name);
        let i = self.enc.secondary.len() - 1;
        self.enc.clue_secondary[k].push(i);
        i
    }

    /// The digits cell `p` may hold: its given, or those its candidates allow.
    fn digits(&self, p: usize) -> impl Iterator<Item = u32> + '_ {
        let size = self.size() as u32;
        let given = u32::from(self.givens[p]);
        let mask = self.enc.allowed[p];
        (1..=size).filter(move |&v| (given == 0 || v == given) && mask & (1 << (v - 1)) != 0)
    }

    /// Whether two cells must differ: they share a group of [`Rules::groups`] (a row, a column, a
    /// region, a diagonal, a window, an extra region or a cage).
    fn see(&self, p: usize, q: usize) -> bool {
        self.peers[p * self.g.all_cells() + q]
    }

    /// Whether digit `a` in cell `p` and `b` in `q` cannot both stand: one cell with two digits,
    /// or one digit twice in a unit.
    fn clash(&self, p: usize, a: u32, q: usize, b: u32) -> bool {
        if p == q {
            a != b
        } else {
            a == b && self.see(p, q)
        }
    }

    fn push(&mut self, mut o: ClueOption, what: &str) -> Result<(), InputError> {
        if self.enc.options.len() >= MAX_CLUE_OPTIONS {
            return Err(InputError::new(format!(
                "the {what} would take the clues past {MAX_CLUE_OPTIONS} options; puzzles that \
                 large are not supported"
            )));
        }
        // A line through a cell twice colours it once.
        o.cells.sort_unstable();
        o.cells.dedup();
        self.enc.options.push(o);
        Ok(())
    }

    /// The cells' digits differ: an at-most-once item `{tag}={v}` per digit v in each cell's option
    /// placing v (Knuth's secondary items). Returns the first item's number among the secondary.
    fn distinct(&mut self, k: usize, tag: &str, cells: &[usize]) -> usize {
        let size = self.size();
        let base = self.enc.secondary.len();
        for v in 1..=size {
            let s = self.secondary(k, format!("{tag}={v}"));
            for &p in cells {
                self.enc.cell_plain[p * size + v - 1].push(s);
            }
        }
        base
    }

    /// The cells' digits each placed at most once and covered exactly once, as a cage by digit
    /// sets has them: a primary item `{prefix}={v}` per digit v, in each cell's option placing v;
    /// the caller's options (a set, a window) cover the items of the digits they leave out.
    /// Returns the items, digit 1 first.
    fn digit_items(&mut self, k: usize, prefix: &str, cells: &[usize]) -> Vec<usize> {
        let size = self.size();
        let items: Vec<usize> = (1..=size)
            .map(|v| self.primary(k, format!("{prefix}={v}")))
            .collect();
        for &p in cells {
            for v in 1..=size {
                self.enc.cell_primary[p * size + v - 1].push(items[v - 1]);
            }
        }
        items
    }

    /// A secondary item shared by cells, which each of their options colours with its digit.
    fn shared_colour(&mut self, k: usize, name: String, cells: &[usize]) -> usize {
        let s = self.secondary(k, name);
        for &p in cells {
            self.enc.cell_colours[p].push(s);
        }
        s
    }

    fn clue(&mut self, k: usize, clue: &Clue) -> Result<(), InputError> {
        let size = self.size();
        let top = size as u32;
        let name = clue.name(size);
        let tag = format!("{}{}", clue.kind.tag(), k + 1);
        let cells = &clue.cells;
        let n = cells.len();
        match &clue.kind {
            kind if kind.is_pair() => {
                let kind = kind.clone();
                self.whole(k, cells, &|d| kind.pair_holds(d[0], d[1]), &name, &tag)
            }
            ClueKind::FullRank(r, ties) => self.full_rank(k, cells, *r, *ties, &name, &tag),
            ClueKind::AntiTaxicab => {
                // Per pair of cells t apart (not in one row or column) a secondary item in the
                // options placing t in either: Knuth's at-most-one, as anti-knight's pairs.
                for (p, q, t) in taxicab_pairs(size) {
                    let item = self.secondary(
                        k,
                        format!("{tag}({},{})={t}", cell_name(size, p), cell_name(size, q)),
                    );
                    for c in [p, q] {
                        self.enc.cell_plain[c * size + t as usize - 1].push(item);
                    }
                }
                Ok(())
            }
            ClueKind::Either { sides, .. } if either_line(sides).is_some() => {
                let line = either_line(sides).expect("matched");
                let auto = self.either_automaton(sides, line, top);
                self.line(k, line, &auto, &name, &tag, 0)
            }
            ClueKind::Either { sides, .. }
                if n > max_either_cells(size) && either_lines(sides).is_some() =>
            {
                self.either_side_by_side(k, sides, &name, &tag, top)
            }
            ClueKind::Either { sides, .. } => {
                // Filled whole: every filling of its few cells that some side accepts, each side
                // judged on a grid of those cells alone (`keep` is given values; digits are
                // values + 1 where values start at 0).
                let (g, rules) = (self.g, self.rules);
                let shift = u32::from(rules.zero_based);
                let keep = |values: &[u32]| {
                    let mut grid = vec![0u8; g.all_cells()];
                    for (&p, &v) in cells.iter().zip(values) {
                        grid[p] = (v + shift) as u8;
                    }
                    sides.iter().any(|x| x.holds(g, rules, &grid))
                };
                self.whole(k, cells, &keep, &name, &tag)
            }
            ClueKind::Quad(want) => {
                let want = want.clone();
                let keep = move |d: &[u32]| {
                    want.iter().all(|&v| {
                        d.iter().filter(|&&x| x == u32::from(v)).count()
                            >= want.iter().filter(|&&x| x == v).count()
                    })
                };
                self.whole(k, cells, &keep, &name, &tag)
            }
            ClueKind::Renban if renban_fillings(size, n) <= WHOLE_MAX => {
                // Few enough arrangements of each window of digits: filled whole.
                let item = self.primary(k, tag.clone());
                for w in 1..=(size + 1).saturating_sub(n) as u32 {
                    let mut digits = Vec::with_capacity(n);
                    let mut made = Vec::new();
                    self.arrange(cells, w, &mut digits, &mut made);
                    for digits in made {
                        self.push(ClueOption::filling(k, item, cells, &digits, &name), &name)?;
                    }
                }
                Ok(())
            }
            ClueKind::Renban => {
                // As a cage by digit sets: `{tag}={v}` primary, covered by the window where v is
                // outside it, else by the cell of the line that holds v (no line names a cell
                // twice: `Rules::validate`). Each digit of the window is placed once, so MRV may
                // branch on "the renban's 5 has one cell left"; with at-most-once items it could
                // not: ISS's "Hard renban 3" (six lines of 6 and 7 cells) past 30 s, 0.5 s this way.
                let digit_items = self.digit_items(k, &tag, cells);
                let item = self.primary(k, tag.clone());
                for w in 1..=(size + 1).saturating_sub(n) {
                    let o = ClueOption {
                        clue: k,
                        item,
                        more: (1..=size)
                            .filter(|&v| v < w || v >= w + n)
                            .map(|v| digit_items[v - 1])
                            .collect(),
                        cells: Vec::new(),
                        colours: Vec::new(),
                        plain: Vec::new(),
                        label: format!("{name}: digits {w} to {}", w + n - 1),
                    };
                    self.push(o, &name)?;
                }
                Ok(())
            }
            ClueKind::ColumnIndex | ClueKind::RowIndex => {
                // Per indexing cell p in row r, column c: where the digit c stands in row r is
                // what p holds. One colour item, coloured by p's options with their digit and by
                // the options placing c in row r with their column (row indexers: the same,
                // across). The option placing c at p itself gives both the same colour: once.
                // On values from 0 (ISS's "0-indexed" puzzles) a value v still names column v
                // counted from 1, and the column's number is the value it asks for: value c + 1,
                // the digit one further. p's options colour with their digit, v + 1, so the
                // options that place it at column x colour with x + 2; p may not hold 0 (it names
                // no column), which leaves colour 1 to the one placing it in the last column (it
                // would name column N + 1): no option of p agrees with it. `validate` refuses an
                // indexer in the last column (row) there: its number is no value.
                let by_column = clue.kind == ClueKind::ColumnIndex;
                let shift = usize::from(self.rules.zero_based);
                for &p in cells {
                    let (r, c) = (p / size, p % size);
                    let s = self.secondary(k, format!("{tag}.{}", cell_name(size, p)));
                    self.enc.cell_colours[p].push(s);
                    if shift == 1 {
                        self.enc.allowed[p] &= !1;
                    }
                    for x in 0..size {
                        let (q, digit) = if by_column {
                            (r * size + x, c + shift)
                        } else {
                            (x * size + c, r + shift)
                        };
                        let colour = match x + 1 + shift {
                            past if past > size => 1,
                            colour => colour as u8,
                        };
                        if q != p {
                            self.enc.cell_colour_at[q * size + digit].push((s, colour));
                        }
                    }
                }
                Ok(())
            }
            ClueKind::Palindrome | ClueKind::Clone => {
                let pairs: Vec<(usize, usize)> = if clue.kind == ClueKind::Palindrome {
                    (0..n / 2).map(|i| (cells[i], cells[n - 1 - i])).collect()
                } else {
                    (0..n / 2).map(|i| (cells[i], cells[n / 2 + i])).collect()
                };
                for (i, (a, b)) in pairs.into_iter().enumerate() {
                    self.shared_colour(k, format!("{tag}.{}", i + 1), &[a, b]);
                }
                Ok(())
            }
            // An X-sum's sets are digits counting digits; values from 0 count one fewer: walked.
            ClueKind::Sandwich(_) | ClueKind::XSum(_)
                if self.whole_unit(cells)
                    && !(self.rules.zero_based && matches!(clue.kind, ClueKind::XSum(_))) =>
            {
                self.sets(k, clue, &name, &tag)
            }
            ClueKind::Zipper => {
                let shared =
                    self.shared_colour(k, format!("{tag}.sum"), &cells[n / 2..n / 2 + n % 2]);
                // The middle cell colours the sum with its digit, the pairs with the digit whose
                // value their values add up to.
                let digit_of = u64::from(self.rules.zero_based);
                for i in 0..n / 2 {
                    let pair = [cells[i], cells[n - 1 - i]];
                    let auto = Automaton {
                        start: vec![0],
                        step: Box::new(|_, s, d, out| out.push(s + u64::from(d))),
                        accept: Box::new(move |s| {
                            Some(vec![(shared, Colour::Value((s + digit_of) as u32))])
                        }),
                    };
                    let part = format!("{name}, {}", span(size, &pair));
                    self.line(k, &pair, &auto, &part, &format!("{tag}.{}", i + 1), 0)?;
                }
                Ok(())
            }
            ClueKind::RegionSum => {
                let segs = segments(self.g, self.rules, cells);
                if segs.len() < 2 {
                    return Ok(());
                }
                let shared = self.secondary(k, format!("{tag}.sum"));
                for (j, r) in segs.into_iter().enumerate() {
                    let seg = &cells[r];
                    let auto = Automaton {
                        start: vec![0],
                        step: Box::new(|_, s, d, out| out.push(s + u64::from(d))),
                        accept: Box::new(move |s| Some(vec![(shared, Colour::Value(s as u32))])),
                    };
                    let part = format!("{name}, segment {}", j + 1);
                    let terms: Vec<(usize, i64)> = seg.iter().map(|&p| (p, 1)).collect();
                    let end = SumEnd::Shared(shared);
                    let tag = format!("{tag}.{}", j + 1);
                    self.sum_line(k, seg, &auto, &part, &tag, &terms, end)?;
                }
                Ok(())
            }
            ClueKind::CountingCircles => {
                // Per value v, the circles walked counting the v's (at most v): accepted at 0 or
                // v. Nine small automata, each a chain over the circles, tied at the cells. Each
                // walk's end also colours what the v's take, 0 or v circles, and a chain adds
                // those up to the number of circles: which values the circles hold is what the
                // puzzles turn on (21 circles: 9+8+4, 9+7+5, …), and no one value's walk sees it.
                let (least, most) = (self.rules.value(1), self.rules.value(top));
                let mut sums = Vec::new();
                let mut taken = Vec::new();
                let mut parts = Vec::new();
                for v in least..=most {
                    // A 0 never stands in a circle: nothing for the chain to add.
                    let took = (v > 0).then(|| self.secondary(k, format!("{tag}.{v}+")));
                    let auto = Automaton {
                        start: vec![0],
                        step: Box::new(move |_, s, d, out| {
                            if d != v {
                                out.push(s);
                            } else if s < u64::from(v) {
                                out.push(s + 1);
                            }
                        }),
                        accept: Box::new(move |s| {
                            (s == 0 || s == u64::from(v)).then(|| {
                                took.map(|t| (t, sum_colour(s as i64)))
                                    .into_iter()
                                    .collect()
                            })
                        }),
                    };
                    let part = format!("{name}, the {v}s");
                    self.line(k, cells, &auto, &part, &format!("{tag}.{v}"), 0)?;
                    if let Some(t) = took {
                        sums.push(BTreeSet::from([0, i64::from(v)]));
                        taken.push(t);
                        parts.push(format!("the {v}s"));
                    }
                }
                let end = SumEnd::Total(n as i64);
                self.sum_chain(k, &sums, &taken, end, &name, &tag, &parts)?;
                Ok(())
            }
            ClueKind::SameValues(runs) => {
                let m = n / usize::from(*runs);
                if m == 1 {
                    // Every cell alike: one colour they all give their digit.
                    self.shared_colour(k, format!("{tag}.same"), cells);
                    return Ok(());
                }
                // Runs whose cells all differ (the regions of ISS's `RegionSameValues`): the
                // common set of m digits chosen once. Each run gets at-most-once items per digit,
                // which its cells' options cover; the set's option covers them for every digit
                // outside it, in every run, so a run of m different digits holds the set. One
                // choice settles what the walks below learn digit by digit ("Con-Set-Cutive",
                // six regions of a 6x6 of 9 values: 15 s walked, past 3 s; see benches).
                let differ = cells
                    .chunks(m)
                    .all(|run| (0..run.len()).all(|i| (0..i).all(|j| self.see(run[i], run[j]))));
                let sets = (0..m).fold(1u64, |a, i| a * (size - i) as u64 / (i as u64 + 1));
                if differ && m <= size && sets <= SAME_SETS_MAX {
                    let bases: Vec<usize> = cells
                        .chunks(m)
                        .enumerate()
                        .map(|(j, run)| self.distinct(k, &format!("{tag}.{}", j + 1), run))
                        .collect();
                    let item = self.primary(k, format!("{tag}.set"));
                    let mut set: u32 = (1 << m) - 1;
                    while set < 1 << size {
                        let plain: Vec<usize> = bases
                            .iter()
                            .flat_map(|&b| {
                                (0..size)
                                    .filter(move |v| set & 1 << v == 0)
                                    .map(move |v| b + v)
                            })
                            .collect();
                        let digits: Vec<String> = (0..size as u32)
                            .filter(|v| set & 1 << v != 0)
                            .map(|v| self.rules.value(v + 1).to_string())
                            .collect();
                        let label = format!("{name}: each run holds {}", digits.join(", "));
                        self.plain_only(k, item, plain, label, &name)?;
                        // The next set of as many digits (Gosper's hack).
                        let low = set & set.wrapping_neg();
                        let up = set + low;
                        set = up | (((set ^ up) >> 2) / low);
                    }
                    return Ok(());
                }
                // Per value v, run 1 then run j walked as one line: the v's of run 1 counted up,
                // then those of run j down; accepted at none left. The runs hold the same values
                // when every value's walk is accepted (one walk of all values' counts at once had
                // 490,000 states on two runs of 15 cells). Tried: each walk's end colouring the
                // count, and a chain adding the counts up to the run's length (as counting circles
                // do): "Copycat" 283,306 nodes instead of 932,573, but no faster (10.8 s).
                let (least, most) = (self.rules.value(1), self.rules.value(top));
                for j in 1..usize::from(*runs) {
                    let mut order = cells[..m].to_vec();
                    order.extend_from_slice(&cells[j * m..(j + 1) * m]);
                    for v in least..=most {
                        let auto = Automaton {
                            start: vec![0],
                            step: Box::new(move |i, s, d, out| {
                                if d != v {
                                    out.push(s);
                                } else if i < m {
                                    out.push(s + 1);
                                } else if s > 0 {
                                    out.push(s - 1);
                                }
                            }),
                            accept: Box::new(|s| (s == 0).then(Vec::new)),
                        };
                        let part = format!("{name}, the {v}s of runs 1 and {}", j + 1);
                        self.line(k, &order, &auto, &part, &format!("{tag}.{}.{v}", j + 1), 0)?;
                    }
                }
                Ok(())
            }
            ClueKind::EqualSum(runs) => {
                // Each run a piece (or chain) colouring a shared sum with its own, as a region-sum
                // line's runs do.
                let shared = self.secondary(k, format!("{tag}.sum"));
                let mut at = 0;
                for (j, &r) in runs.iter().enumerate() {
                    let run = &cells[at..at + usize::from(r)];
                    at += usize::from(r);
                    let auto = Automaton {
                        start: vec![0],
                        step: Box::new(|_, s, d, out| out.push(s + u64::from(d))),
                        accept: Box::new(move |s| Some(vec![(shared, Colour::Value(s as u32))])),
                    };
                    let part = format!("{name}, run {}", j + 1);
                    self.line(k, run, &auto, &part, &format!("{tag}.{}", j + 1), 0)?;
                }
                Ok(())
            }
            ClueKind::Doppelganger { missing, hidden } => {
                self.doppelganger(k, cells, (missing, *hidden), &name, &tag)
            }
            ClueKind::DutchFlatmates => {
                // Each column walked from the top: the previous digit, and whether it was a 5 still
                // waiting for a 9 (no 1 above it).
                // The columns of the clue's cells (a shaped grid's are shorter than N).
                for c in 0..size {
                    let column: Vec<usize> =
                        cells.iter().copied().filter(|p| p % size == c).collect();
                    if column.is_empty() {
                        continue;
                    }
                    let auto = Automaton {
                        start: vec![0],
                        step: Box::new(|_, s, d, out| {
                            let (prev, waiting) = (s / 2, s % 2 == 1);
                            if waiting && d != 9 {
                                return;
                            }
                            out.push(u64::from(d) * 2 + u64::from(d == 5 && prev != 1));
                        }),
                        accept: Box::new(|s| (s % 2 == 0).then(Vec::new)),
                    };
                    let part = format!("{name}, column {}", c + 1);
                    self.line(k, &column, &auto, &part, &format!("{tag}.{}", c + 1), 0)?;
                }
                Ok(())
            }
            ClueKind::Classes2x2 { entropy } => {
                // The rule reads a cell's class (low, middle, high; or its remainder mod 3), not
                // its digit. Per cell, a primary item choosing its class, whose colour item every
                // option placing a digit there agrees with; per 2x2, a primary item choosing its
                // cells' classes among the 36 patterns with all three (fewer where a cell's digits
                // lack a class). The search then settles classes (3 ways a cell, a handful a 2x2)
                // before digits. Each 2x2 walked as a chain of digit steps took "Global mod 3"
                // (ISS's collection) 1.9 M nodes, the patterns alone 226, and "Heat up - global
                // entropy" past 200 s: 4.1 M nodes, 8.6 s with the cells' class items.
                let entropy = *entropy;
                let least = self.rules.value(1);
                let class = |d: u32| if entropy { (d - 1) / 3 } else { (d - 1) % 3 };
                let words: [String; 3] = if entropy {
                    ["low", "middle", "high"].map(String::from)
                } else {
                    [0, 1, 2].map(|c| format!("{} mod 3", (least + c) % 3))
                };
                let mut item_of: Vec<Option<(usize, u8)>> = vec![None; size * size];
                // The 2x2s of the clue's cells (all of a shaped grid's live ones).
                let windows = squares_2x2(size)
                    .into_iter()
                    .filter(|q| q.iter().all(|p| cells.contains(p)));
                for (j, q) in windows.enumerate() {
                    for &p in &q {
                        if item_of[p].is_some() {
                            continue;
                        }
                        let s = self.secondary(k, format!("{tag}%{}", cell_name(size, p)));
                        let mut classes = 0u8;
                        for d in self.digits(p).collect::<Vec<_>>() {
                            self.enc.cell_colour_at[p * size + d as usize - 1]
                                .push((s, class(d) as u8 + 1));
                            classes |= 1 << class(d);
                        }
                        item_of[p] = Some((s, classes));
                        let choice = self.primary(k, format!("{tag}%%{}", cell_name(size, p)));
                        for c in (0..3).filter(|c| classes & 1 << c != 0) {
                            let label =
                                format!("{name}: {} is {}", cell_name(size, p), words[c as usize]);
                            let colours = vec![(s, Colour::Value(c + 1))];
                            self.colours_only(k, choice, colours, label, &name)?;
                        }
                    }
                    let item = self.primary(k, format!("{tag}.{}", j + 1));
                    let part = format!("{name}, the 2x2 at {}", cell_name(size, q[0]));
                    for pattern in 0..81u32 {
                        let each: [u32; 4] = [0, 1, 2, 3].map(|i| pattern / 3u32.pow(i) % 3);
                        let all = each.iter().fold(0u8, |m, &c| m | 1 << c) == 7;
                        let (items, classes): (Vec<usize>, Vec<u8>) =
                            q.iter().map(|&p| item_of[p].expect("made above")).unzip();
                        if !all || (0..4).any(|i| classes[i] & 1 << each[i] == 0) {
                            continue;
                        }
                        let colours = items
                            .into_iter()
                            .zip(each)
                            .map(|(s, c)| (s, Colour::Value(c + 1)))
                            .collect();
                        let label = format!(
                            "{part}: {}",
                            each.map(|c| words[c as usize].as_str()).join(", ")
                        );
                        self.colours_only(k, item, colours, label, &part)?;
                    }
                }
                Ok(())
            }
            ClueKind::Lunchbox(_)
                if cells
                    .iter()
                    .enumerate()
                    .any(|(i, &p)| cells[i + 1..].iter().any(|&q| !self.see(p, q))) =>
            {
                // Its digits differ, and ISS draws lunchboxes anywhere, not only along a row: where
                // two of its cells share no unit, an at-most-once item per digit (as a cage
                // without a sum), then the walk.
                self.distinct(k, &tag, cells);
                let (order, auto) = self.automaton(clue, top);
                self.line(k, &order, &auto, &name, &tag, 0)
            }
            ClueKind::LittleKiller(t) | ClueKind::Sum(t) => {
                let (order, auto) = self.automaton(clue, top);
                let terms: Vec<(usize, i64)> = cells.iter().map(|&p| (p, 1)).collect();
                self.sum_line(
                    k,
                    &order,
                    &auto,
                    &name,
                    &tag,
                    &terms,
                    SumEnd::Total(i64::from(*t)),
                )
            }
            ClueKind::Arrow { circle } => {
                // The arrow's digits less the circle's number: its digits weigh -1, -10, -100
                // (pills only up to 9x9: `Rules::validate`).
                let (order, auto) = self.automaton(clue, top);
                let circle = *circle;
                let terms: Vec<(usize, i64)> = cells[circle..]
                    .iter()
                    .map(|&p| (p, 1))
                    .chain(
                        cells[..circle]
                            .iter()
                            .enumerate()
                            .map(|(j, &p)| (p, -(10i64.pow((circle - 1 - j) as u32)))),
                    )
                    .collect();
                self.sum_line(k, &order, &auto, &name, &tag, &terms, SumEnd::Total(0))
            }
            // Stated by the chaos regions' options ([`Builder::chaos`]).
            ClueKind::RegionRun { .. } | ClueKind::RegionCount { .. } => Ok(()),
            ClueKind::Entropic | ClueKind::Modular(_) if periodic_ways(clue) <= WHOLE_MAX => {
                self.periodic_classes(k, clue)
            }
            _ => {
                let (order, auto) = self.automaton(clue, top);
                // Runs of several cells where the rule ties cells a few apart (a modular line of
                // a modulus too large for its classes to be chosen whole: any m in a row differ in
                // class): a run sees a clash of its cells' classes, which steps of one cell see
                // only once the states between them are chosen. Whispers lost by runs and little
                // killers gained nothing measured (benches/JOURNAL.md): they keep a step a cell.
                // So do regex lines: runs of up to 100 options halved the nodes of ISS's "Regex
                // line" (8.9 M to 4.2 M) but not its time, and doubled those of two others.
                let run_max = match clue.kind {
                    ClueKind::Modular(_) => WHOLE_MAX,
                    _ => 0,
                };
                self.line(k, &order, &auto, &name, &tag, run_max)
            }
        }
    }

    /// An entropic line (low, middle, high) or a modular line (remainders mod m) whose ways are
    /// few ([`periodic_ways`]): any m cells in a row along it hold m different classes. Two windows one cell apart share m - 1 cells, so a
    /// cell's class is that of the cell m before it: the line's classes are its first m cells'
    /// repeated. One primary item per line chooses them (m! ways; a line shorter than m, one
    /// window: its classes all different), colouring a class item per cell that every option
    /// placing a digit there colours with the digit's class. Walked as a chain over digits,
    /// ISS's "Owl" (six modular lines) took past 20 s.
    fn periodic_classes(&mut self, k: usize, clue: &Clue) -> Result<(), InputError> {
        let size = self.size();
        let least = self.rules.value(1);
        let (m, entropic) = match clue.kind {
            ClueKind::Modular(m) => (u32::from(m), false),
            _ => (3, true),
        };
        let class = |value: u32| {
            if entropic {
                (value - least) / 3
            } else {
                value % m
            }
        };
        let words: Vec<String> = (0..m)
            .map(|c| match (entropic, c) {
                (true, 0) => "low".into(),
                (true, 1) => "middle".into(),
                (true, _) => "high".into(),
                (false, c) => format!("{c} mod {m}"),
            })
            .collect();
        let name = clue.name(size);
        let tag = format!("{}{}", clue.kind.tag(), k + 1);
        let mut cells: Vec<usize> = Vec::new();
        for &p in &clue.cells {
            if !cells.contains(&p) {
                cells.push(p);
            }
        }
        // Per distinct cell: its class item and the classes its digits allow.
        let mut item_of: HashMap<usize, (usize, u32)> = HashMap::new();
        for &p in &cells {
            let s = self.secondary(k, format!("{tag}%{}", cell_name(size, p)));
            let mut classes = 0u32;
            for d in self.digits(p).collect::<Vec<_>>() {
                let c = class(self.rules.value(d));
                self.enc.cell_colour_at[p * size + d as usize - 1].push((s, c as u8 + 1));
                classes |= 1 << c;
            }
            item_of.insert(p, (s, classes));
        }
        let item = self.primary(k, tag.clone());
        let first = clue.cells.len().min(m as usize);
        // The classes of the first cells, all different: m! / (m - first)! ways.
        let mut ways: Vec<Vec<u32>> = vec![Vec::new()];
        for _ in 0..first {
            ways = ways
                .iter()
                .flat_map(|w| {
                    (0..m).filter(|c| !w.contains(c)).map(|c| {
                        let mut w = w.clone();
                        w.push(c);
                        w
                    })
                })
                .collect();
        }
        for w in ways {
            let mut colours: Vec<(usize, Colour)> = Vec::new();
            let mut fits = true;
            for (i, &p) in clue.cells.iter().enumerate() {
                let c = w[i % first];
                let (s, classes) = item_of[&p];
                match colours.iter().find(|&&(t, _)| t == s) {
                    Some(&(_, Colour::Value(x))) if x == c + 1 => continue,
                    Some(_) => fits = false,
                    None if classes & 1 << c == 0 => fits = false,
                    None => colours.push((s, Colour::Value(c + 1))),
                }
            }
            if fits {
                let label = format!(
                    "{name}: {}{}",
                    w.iter()
                        .map(|&c| words[c as usize].as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    if clue.cells.len() > first {
                        ", repeating"
                    } else {
                        ""
                    }
                );
                self.colours_only(k, item, colours, label, &name)?;
            }
        }
        Ok(())
    }

    /// An either/or whose sides are clues on lines of their own, or `And`s of such clues
    /// ([`either_lines`]): a secondary item holds the first side that holds, one per side of
    /// several clues the first of them that fails (or none), and each clue's line is walked with a
    /// guess of both. Side i first: each of its clues holds; a side after i first: one of side i's
    /// fails; a side before i: either. Of a side's clues, the one first to fail fails, those
    /// before it (all, if none fails) hold, those after it either way. Each walk is taken once per
    /// guess it fits, and a grid fixes both, so every grid has one option a line.
    fn either_side_by_side(
        &mut self,
        k: usize,
        sides: &[Side],
        name: &str,
        tag: &str,
        top: u32,
    ) -> Result<(), InputError> {
        let clues = either_lines(sides).expect("matched");
        let first = self.secondary(k, format!("{tag}.first"));
        let count = sides.len() as u64;
        for (i, side) in clues.iter().enumerate() {
            let parts = side.len() as u64;
            // Which of this side's clues fails first, `parts` for none: a colour when it has
            // several (one clue fails exactly when the side does).
            let fails = (parts > 1).then(|| self.secondary(k, format!("{tag}.{}.fails", i + 1)));
            // A side of one clue carries no guess of its own: its clue fails exactly when it does.
            let per = if parts > 1 { parts + 1 } else { 1 };
            let guesses = count * per;
            for (c, clue) in side.iter().enumerate() {
                let (i, c) = (i as u64, c as u64);
                let line = clue.cells.clone();
                let inner = self.either_automaton(&[Side::Clue((*clue).clone())], &line, top);
                // A state: the inner automaton's (a small number: `either_automaton` numbers its
                // sets) times the guesses, plus the guess (the side first to hold, then this
                // side's clue first to fail). The inner automaton drops a walk it can no longer
                // accept; here such a walk goes on in a sink, rejected, since a clue may fail.
                const SINK: u64 = 1 << 56;
                let auto = Automaton {
                    start: inner
                        .start
                        .iter()
                        .flat_map(|&s| (0..guesses).map(move |g| s * guesses + g))
                        .collect(),
                    step: Box::new(move |at, s, v, out| {
                        let from = out.len();
                        if s / guesses != SINK {
                            (inner.step)(at, s / guesses, v, out);
                        }
                        if out.len() == from {
                            out.push(SINK);
                        }
                        for t in &mut out[from..] {
                            *t = *t * guesses + s % guesses;
                        }
                    }),
                    accept: Box::new(move |s| {
                        let holds = s / guesses != SINK && (inner.accept)(s / guesses).is_some();
                        let (j, f) = match parts {
                            1 => (s % guesses, if holds { 1 } else { 0 }),
                            _ => (s % guesses / per, s % guesses % per),
                        };
                        // The side: first to hold, none of its clues fails; a later side first,
                        // one of them fails; an earlier one, either.
                        let side_fits = (j != i || f == parts) && (j <= i || f < parts);
                        // This clue: the first to fail fails, one after it holds.
                        let clue_fits = match f.cmp(&c) {
                            std::cmp::Ordering::Less => true,
                            std::cmp::Ordering::Equal => !holds,
                            std::cmp::Ordering::Greater => holds,
                        };
                        (side_fits && clue_fits).then(|| {
                            let mut colours = vec![(first, Colour::Value(j as u32 + 1))];
                            colours.extend(fails.map(|x| (x, Colour::Value(f as u32 + 1))));
                            colours
                        })
                    }),
                };
                let part = if parts > 1 {
                    format!("{name}, side {} ({} of {parts})", i + 1, c + 1)
                } else {
                    format!("{name}, side {}", i + 1)
                };
                let before = self.enc.options.len();
                let sub = if parts > 1 {
                    format!("{tag}.{}.{}", i + 1, c + 1)
                } else {
                    format!("{tag}.{}", i + 1)
                };
                self.line(k, &line, &auto, &part, &sub, 0)?;
                for o in &mut self.enc.options[before..] {
                    let colour = |x: usize| {
                        o.colours.iter().find_map(|&(y, v)| match v {
                            Colour::Value(v) if y == x => Some(u64::from(v)),
                            _ => None,
                        })
                    };
                    let Some(j) = colour(first) else { continue };
                    // A side of one clue: it holds if it is the first to hold, fails if a later
                    // one is; of several: by the clue first to fail (from 0, `parts` for none).
                    use std::cmp::Ordering::{Equal, Greater, Less};
                    let (says, which) = match fails.and_then(colour) {
                        None => match j.cmp(&(i + 1)) {
                            Less => ("either way", String::new()),
                            Equal => ("holds", String::new()),
                            Greater => ("fails", String::new()),
                        },
                        // Which of the side's clues fails first tells options of one walk apart.
                        Some(f) => (
                            match (f - 1).cmp(&c) {
                                Less => "either way",
                                Equal => "fails",
                                Greater => "holds",
                            },
                            if f - 1 == parts {
                                format!(", no clue of side {} fails", i + 1)
                            } else {
                                format!(", its clue {f} fails first")
                            },
                        ),
                    };
                    o.label = format!("{} ({says}; side {j} is the first to hold{which})", o.label);
                }
            }
        }
        Ok(())
    }

    /// The negative constraints: per orthogonal pair without a mark, one at-most-one item per
    /// pair of digits {a, b} it may not hold, in the options (p, a), (p, b), (q, a), (q, b): the
    /// two cells share a row or column, so a in both (or b in both) is excluded already, and of the
    /// four placements at most one may stand.
    fn negative(
        &mut self,
        k: usize,
        what: &str,
        marked: &[(usize, usize)],
        forbidden: &[(u32, u32)],
    ) {
        let size = self.size();
        for (p, q) in orthogonal_pairs(size) {
            if marked.contains(&(p, q)) {
                continue;
            }
            for &(a, b) in forbidden {
                let s = self.secondary(
                    k,
                    format!(
                        "{what}({},{})={a}/{b}",
                        cell_name(size, p),
                        cell_name(size, q)
                    ),
                );
                for c in [p, q] {
                    for v in [a, b] {
                        self.enc.cell_plain[c * size + v as usize - 1].push(s);
                    }
                }
            }
        }
    }
}

impl Rules {
    /// The items and options of the clues, the candidate sets and the negative constraints, keeping
    /// what agrees with the givens `cells` (0 empty). A clue that would take more than
    /// [`MAX_CLUE_OPTIONS`] options in all is refused by name.
    pub fn clue_encoding(&self, g: Geometry, cells: &[u8]) -> Result<Encoding, InputError> {
        let size = g.size();
        let full = if size >= 32 {
            u32::MAX
        } else {
            (1u32 << size) - 1
        };
        // Every cell, those outside the grid (ISS's `Var`, from N² on) too.
        let n = g.all_cells();
        let mut allowed = vec![full; n];
        for &(p, mask) in &self.candidates {
            allowed[p] &= mask;
        }
        let mut peers = vec![false; n * n];
        for (_, group) in self.groups(g) {
            for &p in &group {
                for &q in &group {
                    peers[p * n + q] = true;
                }
            }
        }
        let mut b = Builder {
            g,
            rules: self,
            givens: cells,
            peers,
            starting: HashMap::new(),
            lines_differ: false,
            enc: Encoding {
                cell_colours: vec![Vec::new(); n],
                cell_plain: vec![Vec::new(); n * size],
                cell_primary: vec![Vec::new(); n * size],
                cell_colour_at: vec![Vec::new(); n * size],
                allowed,
                clue_items: vec![Vec::new(); self.clues.len() + 1],
                clue_secondary: vec![Vec::new(); self.clues.len() + 1],
                ..Encoding::default()
            },
        };
        for (k, clue) in self.clues.iter().enumerate() {
            b.clue(k, clue)?;
        }
        // The negative constraints' and the chaos regions' items go with a last pseudo-clue
        // (index clues.len()).
        let neg = self.clues.len();
        if let Some(ch) = &self.chaos {
            b.chaos(neg, ch)?;
        }
        let marked = |f: &dyn Fn(&ClueKind) -> bool| -> Vec<(usize, usize)> {
            self.clues
                .iter()
                .filter(|c| f(&c.kind) && c.cells.len() == 2)
                .map(|c| (c.cells[0].min(c.cells[1]), c.cells[0].max(c.cells[1])))
                .collect()
        };
        // The pairs of values the rules forbid, as the digits that stand for them.
        let (least, top) = (self.value(1), self.value(size as u32));
        let digits = |pairs: Vec<(u32, u32)>| -> Vec<(u32, u32)> {
            let off = 1 - least;
            pairs.into_iter().map(|(a, c)| (a + off, c + off)).collect()
        };
        if self.negative_kropki {
            let m = marked(&|k| matches!(k, ClueKind::Difference(_) | ClueKind::Ratio(_)));
            let mut pairs: Vec<(u32, u32)> = (least..top).map(|a| (a, a + 1)).collect();
            // 1 and 2 are consecutive already; 0 is its own double.
            pairs.extend((2..=top / 2).map(|a| (a, 2 * a)));
            b.negative(neg, "nokropki", &m, &digits(pairs));
        }
        if self.negative_xv {
            let m = marked(&|k| matches!(k, ClueKind::PairSum(_)));
            let pairs: Vec<(u32, u32)> = [5u32, 10]
                .iter()
                .flat_map(|&s| (least..s).map(move |a| (a, s - a)))
                .filter(|&(a, c)| a < c && c <= top)
                .collect();
            b.negative(neg, "noxv", &m, &digits(pairs));
        }
        let mut enc = b.enc;
        prune(&mut enc);
        Ok(enc)
    }
}

/// Narrows the cells' digits to those some option of every piece through the cell allows, and drops
/// the options that put a digit a cell no longer has, until nothing changes: such an option could
/// only lead to a dead end deeper in the search (as for the cages' fillings).
/// (The givens narrow the options as they are made; a given cell outside every clue keeps its
/// options, as in the classic instance, where the givens are chosen before the search.)
fn prune(enc: &mut Encoding) {
    // Items that cell options cover too (`cell_primary`: a digit set's digits, a renban's): their
    // clue options are not the only way to cover them, so they narrow no cell.
    let by_cells: std::collections::HashSet<usize> =
        enc.cell_primary.iter().flatten().copied().collect();
    loop {
        let mut masks: HashMap<(usize, usize), (u32, usize)> = HashMap::new();
        let mut options: HashMap<usize, usize> = HashMap::new();
        // Every primary item an option covers: a chaos region's cells (`more`) too.
        for o in &enc.options {
            let items = std::iter::once(o.item).chain(o.more.iter().copied());
            for item in items.filter(|i| !by_cells.contains(i)) {
                *options.entry(item).or_default() += 1;
                for &(p, d) in &o.cells {
                    let m = masks.entry((item, p)).or_default();
                    m.0 |= 1 << (d - 1);
                    m.1 += 1;
                }
            }
        }
        // Only the cells every option of an item colours (all of a piece's options do; a full
        // rank's line starting with a digit has an option per line, each colouring its own cell).
        let mut changed = false;
        for (&(item, p), &(m, n)) in &masks {
            if n < options[&item] {
                continue;
            }
            let before = enc.allowed[p];
            enc.allowed[p] &= m;
            changed |= before != enc.allowed[p];
        }
        let n = enc.options.len();
        let allowed = &enc.allowed;
        enc.options.retain(|o| {
            o.cells
                .iter()
                .all(|&(p, d)| allowed[p] & (1 << (d - 1)) != 0)
        });
        if !changed && n == enc.options.len() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An option that places digits and covers an item cell options cover too (a digit item of a
    /// set, `renban1=5`) does not narrow the cells to its digits: a cell option may cover the item
    /// instead. The piece's own item, covered by its options alone, does.
    #[test]
    fn prune_narrows_cells_only_by_items_no_cell_option_covers() {
        let option = |item: usize, more: Vec<usize>, d: u8| ClueOption {
            clue: 0,
            item,
            more,
            cells: vec![(0, d)],
            colours: Vec::new(),
            plain: Vec::new(),
            label: String::new(),
        };
        // Items 0 (a piece) and 1 (a digit item); cell 0 of a 4-digit grid, all digits allowed.
        let make = |by_cell: bool| {
            let mut cell_primary = vec![Vec::new(); 4];
            if by_cell {
                cell_primary[3] = vec![1];
            }
            Encoding {
                primary: vec!["piece".into(), "piece=4".into()],
                cell_primary,
                allowed: vec![0b1111],
                options: vec![option(0, vec![1], 1), option(0, vec![1], 2)],
                ..Encoding::default()
            }
        };
        let mut enc = make(true);
        prune(&mut enc);
        // The piece's options place 1 or 2 in cell 0: the piece's item narrows it to those.
        assert_eq!(enc.allowed[0], 0b0011);
        assert_eq!(enc.options.len(), 2);
        // Item 1 not covered by a cell option: the same narrowing, from both items.
        let mut enc = make(false);
        prune(&mut enc);
        assert_eq!(enc.allowed[0], 0b0011);
        // A third option of the piece placing 3, not covering item 1: the piece's item allows 1-3;
        // item 1, were it counted, would still narrow the cell to 1 and 2.
        for (by_cell, want) in [(true, 0b0111), (false, 0b0011)] {
            let mut enc = make(by_cell);
            enc.options.push(option(0, Vec::new(), 3));
            prune(&mut enc);
            assert_eq!(
                enc.allowed[0], want,
                "item 1 covered by a cell option: {by_cell}"
            );
        }
    }
}
