//! Compiling clues into items and options: lines walked as automata (chains of states, of steps
//! or runs of cells), sums of a whole row by sets, pieces filled whole, cell facts, and the
//! pruning of options a cell's digits no longer allow ([`Rules::clue_encoding`]).

use super::*;

mod sets;

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

/// Builds the [`Encoding`].
struct Builder<'a> {
    g: Geometry,
    rules: &'a Rules,
    givens: &'a [u8],
    enc: Encoding,
}

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

    /// Whether two cells must differ (same row, column or region).
    fn see(&self, p: usize, q: usize) -> bool {
        let size = self.size();
        p / size == q / size
            || p % size == q % size
            || self.rules.region_of(self.g, p) == self.rules.region_of(self.g, q)
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

    /// A line walked by `auto` over `cells`: filled whole when its walks are at most
    /// [`WHOLE_MAX`], else as a chain of runs of cells of at most `run_max` options each (0: a
    /// step a cell). `name` in words, `tag` the items' prefix.
    #[allow(clippy::too_many_arguments)]
    fn line(
        &mut self,
        k: usize,
        cells: &[usize],
        auto: &Automaton,
        name: &str,
        tag: &str,
        run_max: u64,
    ) -> Result<(), InputError> {
        let size = self.size();
        let len = cells.len();
        // The states reached from the start, then those that still reach an accepting end.
        let mut reach: Vec<BTreeSet<u64>> = vec![BTreeSet::new(); len + 1];
        reach[0].extend(auto.start.iter().copied());
        let mut next = Vec::new();
        for i in 0..len {
            let states: Vec<u64> = reach[i].iter().copied().collect();
            for s in states {
                for d in self.digits(cells[i]).collect::<Vec<_>>() {
                    next.clear();
                    (auto.step)(i, s, self.rules.value(d), &mut next);
                    reach[i + 1].extend(next.iter().copied());
                }
            }
            if reach[i + 1].len() > 100_000 {
                return Err(InputError::new(format!(
                    "the {name} would need more than 100000 states; lines that large are not \
                     supported"
                )));
            }
        }
        // Walks to an accepting end from each state, counted back (saturating).
        let mut count: Vec<HashMap<u64, u64>> = vec![HashMap::new(); len + 1];
        for &s in &reach[len] {
            if (auto.accept)(s).is_some() {
                count[len].insert(s, 1);
            }
        }
        for i in (0..len).rev() {
            for &s in &reach[i] {
                let mut c = 0u64;
                for d in self.digits(cells[i]).collect::<Vec<_>>() {
                    next.clear();
                    (auto.step)(i, s, self.rules.value(d), &mut next);
                    for t in &next {
                        c = c.saturating_add(count[i + 1].get(t).copied().unwrap_or(0));
                    }
                }
                if c > 0 {
                    count[i].insert(s, c);
                }
            }
        }
        let walks = auto
            .start
            .iter()
            .map(|s| count[0].get(s).copied().unwrap_or(0))
            .fold(0u64, u64::saturating_add);
        if walks <= WHOLE_MAX {
            let item = self.primary(k, tag.to_string());
            let mut digits = Vec::with_capacity(len);
            let mut made = Vec::new();
            for &s in &auto.start {
                self.walk(cells, auto, &count, 0, s, &mut digits, &mut made);
            }
            made.sort();
            made.dedup();
            for (digits, colours) in made {
                let label = format!("{name}: {}", digits_text(&digits));
                let o = ClueOption {
                    clue: k,
                    item,
                    cells: cells
                        .iter()
                        .zip(&digits)
                        .map(|(&p, &d)| (p, d as u8))
                        .collect(),
                    colours,
                    plain: Vec::new(),
                    label,
                };
                self.push(o, name)?;
            }
            return Ok(());
        }
        // A chain of pieces: the line cut into runs of cells, each run a primary item filled whole
        // from the state before it to the state after it, the states between runs being colours
        // of a secondary item. A run of one cell is a step of the automaton; a longer run adds
        // what one cell alone cannot say: its cells' digits differ where they see each other, and
        // its partial sum is checked as a whole, so that a piece with no filling left that agrees
        // with its cells ends the branch (a dead end the steps would find only once the states
        // on both sides were chosen).
        let live = |i: usize, s: u64| count[i].contains_key(&s);
        let mut cuts = vec![0];
        while *cuts.last().unwrap() < len {
            let a = *cuts.last().unwrap();
            // Extend the run while its options (walks from each live state at `a`, counted
            // without the clashes, so at most that many) stay within `run_max`.
            let mut f: HashMap<u64, u64> = reach[a]
                .iter()
                .filter(|&&s| live(a, s))
                .map(|&s| (s, 1))
                .collect();
            let mut b = a;
            while b < len {
                let mut g: HashMap<u64, u64> = HashMap::new();
                for (&s, &c) in &f {
                    for d in self.digits(cells[b]).collect::<Vec<_>>() {
                        next.clear();
                        (auto.step)(b, s, self.rules.value(d), &mut next);
                        next.sort_unstable();
                        next.dedup();
                        for &t in &next {
                            if live(b + 1, t) {
                                let e = g.entry(t).or_default();
                                *e = e.saturating_add(c);
                            }
                        }
                    }
                }
                let total = g.values().fold(0u64, |x, &y| x.saturating_add(y));
                if b > a && total > run_max {
                    break;
                }
                f = g;
                b += 1;
            }
            cuts.push(b);
        }
        let pieces = cuts.len() - 1;
        let items: Vec<usize> = (0..pieces)
            .map(|j| self.primary(k, format!("{tag}.{}", j + 1)))
            .collect();
        let between: Vec<usize> = (1..pieces)
            .map(|j| self.secondary(k, format!("{tag}@{j}")))
            .collect();
        for j in 0..pieces {
            let (a, b) = (cuts[j], cuts[j + 1]);
            let starts: Vec<u64> = if a == 0 {
                auto.start.iter().copied().filter(|&s| live(0, s)).collect()
            } else {
                reach[a].iter().copied().filter(|&s| live(a, s)).collect()
            };
            let mut made: Vec<(Vec<u32>, Extras)> = Vec::new();
            let mut digits = Vec::with_capacity(b - a);
            for s in starts {
                let mut ends = Vec::new();
                self.run(cells, auto, &count, a, b, s, &mut digits, &mut ends);
                for (digits, t) in ends {
                    let mut colours = Vec::new();
                    if j > 0 {
                        colours.push((between[j - 1], Colour::State(s)));
                    }
                    if b < len {
                        colours.push((between[j], Colour::State(t)));
                    } else {
                        colours.extend((auto.accept)(t).unwrap_or_default());
                    }
                    made.push((digits, colours));
                }
            }
            made.sort();
            made.dedup();
            for (digits, colours) in made {
                let label = if b - a == 1 {
                    format!(
                        "{name}, step {} of {len}: {}={}",
                        a + 1,
                        cell_name(size, cells[a]),
                        digits[0]
                    )
                } else {
                    format!(
                        "{name}, cells {} to {} of {len}: {}",
                        a + 1,
                        b,
                        digits_text(&digits)
                    )
                };
                let o = ClueOption {
                    clue: k,
                    item: items[j],
                    cells: cells[a..b]
                        .iter()
                        .zip(&digits)
                        .map(|(&p, &d)| (p, d as u8))
                        .collect(),
                    colours,
                    plain: Vec::new(),
                    label,
                };
                self.push(o, name)?;
            }
        }
        Ok(())
    }

    /// The runs of the line's cells from `i` to `b`, from state `s`, to a live state at `b`, whose
    /// digits differ where the run's cells see each other: (digits, state at `b`). `digits` holds
    /// the run's digits so far.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        cells: &[usize],
        auto: &Automaton,
        count: &[HashMap<u64, u64>],
        i: usize,
        b: usize,
        s: u64,
        digits: &mut Vec<u32>,
        out: &mut Vec<(Vec<u32>, u64)>,
    ) {
        if i == b {
            out.push((digits.clone(), s));
            return;
        }
        let a = i - digits.len();
        let mut next = Vec::new();
        for d in self.digits(cells[i]).collect::<Vec<_>>() {
            if (0..digits.len()).any(|j| self.clash(cells[a + j], digits[j], cells[i], d)) {
                continue;
            }
            next.clear();
            (auto.step)(i, s, self.rules.value(d), &mut next);
            next.sort_unstable();
            next.dedup();
            for &t in &next {
                if count[i + 1].contains_key(&t) {
                    digits.push(d);
                    self.run(cells, auto, count, i + 1, b, t, digits, out);
                    digits.pop();
                }
            }
        }
    }

    /// Every accepting walk from `s` at cell `i` whose digits differ where cells see each other.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        cells: &[usize],
        auto: &Automaton,
        count: &[HashMap<u64, u64>],
        i: usize,
        s: u64,
        digits: &mut Vec<u32>,
        out: &mut Vec<(Vec<u32>, Extras)>,
    ) {
        if i == cells.len() {
            if let Some(c) = (auto.accept)(s) {
                out.push((digits.clone(), c));
            }
            return;
        }
        let mut next = Vec::new();
        for d in self.digits(cells[i]).collect::<Vec<_>>() {
            if (0..i).any(|j| self.clash(cells[j], digits[j], cells[i], d)) {
                continue;
            }
            next.clear();
            (auto.step)(i, s, self.rules.value(d), &mut next);
            next.sort_unstable();
            next.dedup();
            for &t in &next {
                if count[i + 1].contains_key(&t) {
                    digits.push(d);
                    self.walk(cells, auto, count, i + 1, t, digits, out);
                    digits.pop();
                }
            }
        }
    }

    /// Every arrangement over `cells` of the digits `w` to `w + len - 1`, each once.
    fn arrange(&self, cells: &[usize], w: u32, digits: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let i = digits.len();
        if i == cells.len() {
            out.push(digits.clone());
            return;
        }
        let top = w + cells.len() as u32;
        for d in self
            .digits(cells[i])
            .filter(|&d| d >= w && d < top)
            .collect::<Vec<_>>()
        {
            if !digits.contains(&d) {
                digits.push(d);
                self.arrange(cells, w, digits, out);
                digits.pop();
            }
        }
    }

    /// A piece of a few cells filled whole: every filling `keep` accepts.
    fn whole(
        &mut self,
        k: usize,
        cells: &[usize],
        keep: &dyn Fn(&[u32]) -> bool,
        name: &str,
        tag: &str,
    ) -> Result<(), InputError> {
        let item = self.primary(k, tag.to_string());
        let mut all: Vec<Vec<u32>> = vec![Vec::new()];
        for (i, &p) in cells.iter().enumerate() {
            let mut grown = Vec::new();
            for prefix in &all {
                for d in self.digits(p) {
                    if (0..i).any(|j| self.clash(cells[j], prefix[j], p, d)) {
                        continue;
                    }
                    let mut f = prefix.clone();
                    f.push(d);
                    grown.push(f);
                }
            }
            all = grown;
        }
        // `keep` judges values (0-8 where the values start at 0), the options place digits.
        let rules = self.rules;
        let kept: Vec<Vec<u32>> = all
            .into_iter()
            .filter(|d| keep(&d.iter().map(|&x| rules.value(x)).collect::<Vec<u32>>()))
            .collect();
        for digits in kept {
            self.push(ClueOption::filling(k, item, cells, &digits, name), name)?;
        }
        Ok(())
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
            ClueKind::Either { sides, .. } => {
                // Filled whole: every filling of its few cells that some side accepts, each side
                // judged on a grid of those cells alone (`keep` is given values; digits are
                // values + 1 where values start at 0).
                let (g, rules) = (self.g, self.rules);
                let shift = u32::from(rules.zero_based);
                let keep = |values: &[u32]| {
                    let mut grid = vec![0u8; size * size];
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
                let base = self.enc.secondary.len();
                for v in 1..=size {
                    let s = self.secondary(k, format!("{tag}={}", v));
                    for &p in cells {
                        self.enc.cell_plain[p * size + v - 1].push(s);
                    }
                }
                let item = self.primary(k, tag.clone());
                for w in 1..=(size + 1).saturating_sub(n) {
                    let plain: Vec<usize> = (1..=size)
                        .filter(|&v| v < w || v >= w + n)
                        .map(|v| base + v - 1)
                        .collect();
                    let o = ClueOption {
                        clue: k,
                        item,
                        cells: Vec::new(),
                        colours: Vec::new(),
                        plain,
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
                let by_column = clue.kind == ClueKind::ColumnIndex;
                for &p in cells {
                    let (r, c) = (p / size, p % size);
                    let s = self.secondary(k, format!("{tag}.{}", cell_name(size, p)));
                    self.enc.cell_colours[p].push(s);
                    for x in 0..size {
                        let (q, digit) = if by_column {
                            (r * size + x, c)
                        } else {
                            (x * size + c, r)
                        };
                        if q != p {
                            self.enc.cell_colour_at[q * size + digit].push((s, x as u8 + 1));
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
            ClueKind::Sandwich(_) | ClueKind::XSum(_) if self.whole_unit(cells) => {
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
                    self.line(k, seg, &auto, &part, &format!("{tag}.{}", j + 1), 0)?;
                }
                Ok(())
            }
            ClueKind::CountingCircles => {
                // Per value v, the circles walked counting the v's (at most v): accepted at 0 or
                // v. Nine small automata, each a chain over the circles, tied at the cells.
                let (least, most) = (self.rules.value(1), self.rules.value(top));
                for v in least..=most {
                    let auto = Automaton {
                        start: vec![0],
                        step: Box::new(move |_, s, d, out| {
                            if d != v {
                                out.push(s);
                            } else if s < u64::from(v) {
                                out.push(s + 1);
                            }
                        }),
                        accept: Box::new(move |s| (s == 0 || s == u64::from(v)).then(Vec::new)),
                    };
                    let part = format!("{name}, the {v}s");
                    self.line(k, cells, &auto, &part, &format!("{tag}.{v}"), 0)?;
                }
                Ok(())
            }
            ClueKind::SameValues(runs) => {
                let m = n / usize::from(*runs);
                if m == 1 {
                    // Every cell alike: one colour they all give their digit.
                    self.shared_colour(k, format!("{tag}.same"), cells);
                    return Ok(());
                }
                // Per value v, run 1 then run j walked as one line: the v's of run 1 counted up,
                // then those of run j down; accepted at none left. The runs hold the same values
                // when every value's walk is accepted (one walk of all values' counts at once had
                // 490,000 states on two runs of 15 cells).
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
            ClueKind::DutchFlatmates => {
                // Each column walked from the top: the previous digit, and whether it was a 5 still
                // waiting for a 9 (no 1 above it).
                for c in 0..size {
                    let column: Vec<usize> = (0..size).map(|r| r * size + c).collect();
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
                // Each 2x2 a piece walked with the set of classes seen: accepted with all three.
                let entropy = *entropy;
                let least = self.rules.value(1);
                for (j, q) in squares_2x2(size).into_iter().enumerate() {
                    let auto = Automaton {
                        start: vec![0],
                        step: Box::new(move |_, s, d, out| {
                            let class = if entropy {
                                (d - least) / 3
                            } else {
                                (d - least) % 3
                            };
                            out.push(s | 1 << class);
                        }),
                        accept: Box::new(|s| (s == 7).then(Vec::new)),
                    };
                    let part = format!("{name}, the 2x2 at {}", cell_name(size, q[0]));
                    self.line(k, &q, &auto, &part, &format!("{tag}.{}", j + 1), 0)?;
                }
                Ok(())
            }
            _ => {
                let (order, auto) = self.automaton(clue, top);
                // Runs of several cells where the rule ties cells a few apart (any m in a row on
                // a modular line, 3 on an entropic one, differ in class): a run sees a clash of
                // its cells' classes, which steps of one cell see only once the states between
                // them are chosen. Whispers lost by runs and little killers gained nothing
                // measured (benches/JOURNAL.md): they keep a step a cell. So do regex lines: runs
                // of up to 100 options halved the nodes of ISS's "Regex line" (8.9 M to 4.2 M) but
                // not its time, and doubled those of two others.
                let run_max = match clue.kind {
                    ClueKind::Entropic | ClueKind::Modular(_) => WHOLE_MAX,
                    _ => 0,
                };
                self.line(k, &order, &auto, &name, &tag, run_max)
            }
        }
    }

    /// The cells a line's automaton walks, in order, and the automaton.
    fn automaton(&self, clue: &Clue, top: u32) -> (Vec<usize>, Automaton<'static>) {
        // Values, not digits: the smallest (a sandwich's crust) and the largest.
        let (least, top) = (self.rules.value(1), self.rules.value(top));
        let cells = clue.cells.clone();
        let n = cells.len();
        let accept_all: Accept<'static> = Box::new(|_| Some(Vec::new()));
        const DONE: u64 = 1 << 40;
        match clue.kind.clone() {
            ClueKind::Arrow { circle } => {
                // The arrow's cells first (a partial sum), then the circle's digits one by one.
                let mut order: Vec<usize> = cells[circle..].to_vec();
                order.extend_from_slice(&cells[..circle]);
                let arrow = n - circle;
                let most = if circle == 1 {
                    u64::from(top)
                } else {
                    10u64.pow(circle as u32) - 1
                };
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        if i < arrow {
                            if s + u64::from(d) <= most {
                                out.push(s + u64::from(d));
                            }
                        } else {
                            // The j-th digit of the circle's number, which has exactly `circle`.
                            let j = (i - arrow) as u32;
                            let digits = circle as u32;
                            if circle == 1 {
                                if s == u64::from(d) {
                                    out.push(s);
                                }
                            } else if s < 10u64.pow(digits)
                                && (s / 10u64.pow(digits - 1 - j)) % 10 == u64::from(d)
                            {
                                out.push(s);
                            }
                        }
                    }),
                    accept: accept_all,
                };
                (order, auto)
            }
            ClueKind::DoubleArrow => {
                // The state is (sum of the middle so far) - (first end) + 1000, then DONE.
                let auto = Automaton {
                    start: vec![1000],
                    step: Box::new(move |i, s, d, out| {
                        let d = u64::from(d);
                        if i == 0 {
                            out.push(s - d);
                        } else if i + 1 < n {
                            out.push(s + d);
                        } else if s >= 1000 && s - 1000 == d {
                            out.push(DONE);
                        }
                    }),
                    accept: Box::new(|s| (s == DONE).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::Skyscraper(t) => {
                // (tallest so far) * 100 + seen so far; a 0 is no skyscraper.
                let t = u64::from(t);
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |_, s, d, out| {
                        let (top, seen) = (s / 100, s % 100);
                        let d = u64::from(d);
                        if d > top {
                            if seen < t {
                                out.push(d * 100 + seen + 1);
                            }
                        } else {
                            out.push(s);
                        }
                    }),
                    accept: Box::new(move |s| (s % 100 == t).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::HiddenSkyscraper(h) => {
                // Before the first cell START, then the tallest so far, then DONE once the first
                // hidden one is the clue's.
                const START: u64 = 1000;
                let h = u64::from(h);
                let auto = Automaton {
                    start: vec![START],
                    step: Box::new(move |_, s, d, out| {
                        let d = u64::from(d);
                        match s {
                            DONE => out.push(DONE),
                            START => out.push(d),
                            top if d < top => {
                                if d == h {
                                    out.push(DONE);
                                }
                            }
                            _ => out.push(d),
                        }
                    }),
                    accept: Box::new(|s| (s == DONE).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::Lunchbox(t) => {
                // The smallest a and largest b guessed at the first cell: a·10⁶ + b·10⁴ + phase·1000
                // + sum, the phase 0 before either, 1 after a, 2 after b, 3 after both (the sum
                // between them then reached).
                let t = u64::from(t);
                let (lo, hi) = (u64::from(least), u64::from(top));
                let walk =
                    move |a: u64, b: u64, phase: u64, sum: u64, d: u64, out: &mut Vec<u64>| {
                        let at =
                            |phase: u64, sum: u64| a * 1_000_000 + b * 10_000 + phase * 1000 + sum;
                        if d < a || d > b {
                            return;
                        }
                        match phase {
                            0 if d == a => out.push(at(1, 0)),
                            0 if d == b => out.push(at(2, 0)),
                            1 if d == b && sum == t => out.push(at(3, t)),
                            2 if d == a && sum == t => out.push(at(3, t)),
                            _ if d == a || d == b => {}
                            1 | 2 if sum + d <= t => out.push(at(phase, sum + d)),
                            0 | 3 => out.push(at(phase, sum)),
                            _ => {}
                        }
                    };
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        let d = u64::from(d);
                        if i == 0 {
                            for a in lo..=d {
                                for b in d.max(a + 1)..=hi {
                                    walk(a, b, 0, 0, d, out);
                                }
                            }
                        } else {
                            let (a, b) = (s / 1_000_000, s / 10_000 % 100);
                            walk(a, b, s / 1000 % 10, s % 1000, d, out);
                        }
                    }),
                    accept: Box::new(|s| (s / 1000 % 10 == 3).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::LittleKiller(t) | ClueKind::Sum(t) => {
                let t = u64::from(t);
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |_, s, d, out| {
                        if s + u64::from(d) <= t {
                            out.push(s + u64::from(d));
                        }
                    }),
                    accept: Box::new(move |s| (s == t).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::SumLine(t) => {
                let t = u64::from(t);
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |_, s, d, out| {
                        let x = s + u64::from(d);
                        if x == t {
                            out.push(0);
                        } else if x < t {
                            out.push(x);
                        }
                    }),
                    accept: Box::new(|s| (s == 0).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::SumLoop(t) => {
                // A closed line is walked from its first cell as an open one, except for the
                // segment that runs through the closing: the walk starts it holding `a`, the sum
                // of its cells at the line's end, and ends holding exactly `a` again. A filling
                // may split for several `a`, so, for one walk a filling, the state is the set of
                // the `a` still possible (bits 6 up, t ≤ `MAX_SUM_LOOP`) and the sum read so far
                // mod t (bits 0-5): each `a` then holds (a + read) mod t, and the walk ends
                // holding `a` where the sum read is a multiple of t.
                let t = u64::from(t);
                let auto = Automaton {
                    start: vec![if t == 0 { 1 << 6 } else { ((1 << t) - 1) << 6 }],
                    step: Box::new(move |_, s, d, out| {
                        let (alive, read, d) = (s >> 6, s & 63, u64::from(d));
                        if t == 0 {
                            if d == 0 {
                                out.push(s);
                            }
                            return;
                        }
                        let next = (0..t)
                            .filter(|&a| alive >> a & 1 == 1 && (a + read) % t + d <= t)
                            .fold(0, |m, a| m | 1 << a);
                        if next != 0 {
                            out.push((next << 6) | ((read + d) % t));
                        }
                    }),
                    accept: Box::new(move |s| (s & 63 == 0).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::Sandwich(t) => {
                // Phase (0 before the crusts, 1 after a 1, 2 after an N, 3 done) * 1000 + sum.
                let t = u64::from(t);
                let (least, top) = (u64::from(least), u64::from(top));
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |_, s, d, out| {
                        let (phase, sum) = (s / 1000, s % 1000);
                        let d = u64::from(d);
                        let crust = d == least || d == top;
                        match phase {
                            0 if d == least => out.push(1000),
                            0 if d == top => out.push(2000),
                            0 | 3 => out.push(s),
                            // The other crust closes the sandwich on its sum (else, below,
                            // a crust is no filling).
                            1 if d == top && sum == t => out.push(3000),
                            2 if d == least && sum == t => out.push(3000),
                            _ if !crust && sum + d <= t => out.push(s + d),
                            _ => {}
                        }
                    }),
                    accept: Box::new(|s| (s == 3000).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::XSum(t) => {
                // (x, cells counted, sum) until x cells are counted, then DONE.
                let t = u64::from(t);
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        let d = u64::from(d);
                        if i == 0 {
                            if d == 1 {
                                if d == t {
                                    out.push(DONE);
                                }
                            } else if d < t {
                                out.push(d * 1_000_000 + 1000 + d);
                            }
                            return;
                        }
                        if s == DONE {
                            out.push(DONE);
                            return;
                        }
                        let (x, c, sum) = (s / 1_000_000, s / 1000 % 1000, s % 1000);
                        let sum = sum + d;
                        if c + 1 == x {
                            if sum == t {
                                out.push(DONE);
                            }
                        } else if sum < t {
                            out.push(x * 1_000_000 + (c + 1) * 1000 + sum);
                        }
                    }),
                    accept: Box::new(|s| (s == DONE).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::Whisper(k) => {
                let k = u32::from(k);
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        if i == 0 || (s as u32).abs_diff(d) >= k {
                            out.push(u64::from(d));
                        }
                    }),
                    accept: accept_all,
                };
                (cells, auto)
            }
            ClueKind::Between | ClueKind::Lockout(_) => {
                // After the first end a: a * 100 + b, b the other end, guessed (a lockout line's
                // at least k from a); the digits between strictly inside the ends' range (a
                // lockout line's: outside it, ends included); then DONE.
                let lockout = match clue.kind {
                    ClueKind::Lockout(k) => Some(u64::from(k)),
                    _ => None,
                };
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        let d = u64::from(d);
                        if i == 0 {
                            out.extend(
                                (u64::from(least)..=u64::from(top))
                                    .filter(|b| lockout.is_none_or(|k| b.abs_diff(d) >= k))
                                    .map(|b| d * 100 + b),
                            );
                        } else if i + 1 < n {
                            let (lo, hi) = ((s / 100).min(s % 100), (s / 100).max(s % 100));
                            let inside = lo < d && d < hi;
                            let outside = d < lo || d > hi;
                            if (lockout.is_none() && inside) || (lockout.is_some() && outside) {
                                out.push(s);
                            }
                        } else if s % 100 == d {
                            out.push(DONE);
                        }
                    }),
                    accept: Box::new(|s| (s == DONE).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::Entropic | ClueKind::Modular(_) => {
                // The classes of the last m - 1 digits (m = 3 for entropic: low, middle, high),
                // each + 1, in base 16; a window of m classes holds each once. A line shorter
                // than m is one window, its classes all different (as ISS reads it: its first m
                // cells differ pairwise).
                let (m, class): (u64, Box<dyn Fn(u32) -> u64>) = match clue.kind {
                    ClueKind::Modular(m) => {
                        (u64::from(m), Box::new(move |d| u64::from(d) % u64::from(m)))
                    }
                    _ => (3, Box::new(move |d| u64::from((d - least) / 3))),
                };
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |_, s, d, out| {
                        let c = class(d) + 1;
                        let mut t = s;
                        while t > 0 {
                            if t % 16 == c {
                                return;
                            }
                            t /= 16;
                        }
                        let keep = 16u64.pow((m - 1) as u32);
                        out.push((s * 16 + c) % keep.max(1));
                    }),
                    accept: accept_all,
                };
                (cells, auto)
            }
            ClueKind::NumberedRoom(t) => {
                // The first digit x, then DONE once the x-th holds t (at once if x is 1).
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        if i == 0 {
                            match (d, d == t) {
                                (1, true) => out.push(DONE),
                                (1, false) => {}
                                _ => out.push(u64::from(d)),
                            }
                        } else if s == DONE || (i as u64 + 1 != s) {
                            out.push(s);
                        } else if d == t {
                            out.push(DONE);
                        }
                    }),
                    accept: Box::new(|s| (s == DONE).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::Regex(re) => {
                // The set of the pattern's states the walk may be in: one walk a filling.
                let (walk, end) = (re.clone(), re);
                let auto = Automaton {
                    start: vec![walk.start()],
                    step: Box::new(move |_, s, v, out| {
                        let t = walk.step(s, v);
                        if t != 0 {
                            out.push(t);
                        }
                    }),
                    accept: Box::new(move |s| end.accepts(s).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::ValueIndex => {
                // The first value x + 1, then (x + 1) * 100 + N at the control, then DONE at the
                // N-th cell after it if that holds x.
                let after = n as u64 - 2;
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        let d = u64::from(d);
                        match i {
                            0 => out.push(d + 1),
                            1 if (1..=after).contains(&d) => out.push(s * 100 + d),
                            1 => {}
                            _ if s == DONE => out.push(DONE),
                            _ if i as u64 - 1 == s % 100 => {
                                if d + 1 == s / 100 {
                                    out.push(DONE);
                                }
                            }
                            _ => out.push(s),
                        }
                    }),
                    accept: Box::new(|s| (s == DONE).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::CountDistinct => {
                // The first value c (bits 32 on), then the set of values seen; accepted when it
                // holds c values.
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        if i == 0 {
                            out.push(u64::from(d) << 32);
                        } else {
                            out.push(s | 1 << d);
                        }
                    }),
                    accept: Box::new(|s| {
                        (u64::from((s & 0xffff_ffff).count_ones()) == s >> 32).then(Vec::new)
                    }),
                };
                (cells, auto)
            }
            ClueKind::Contains(c) => {
                // The count of each listed value so far, 4 bits each (at most 15 listed values,
                // `Rules::check`); a count at least as large as wanted stays there (at least).
                let needs = c.needs();
                let (none, exact) = (c.none.clone(), c.exact);
                let want: u64 = needs
                    .iter()
                    .enumerate()
                    .map(|(j, &(_, k))| u64::from(k) << (4 * j))
                    .sum();
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |_, s, d, out| {
                        if none.contains(&d) {
                            return;
                        }
                        match needs.iter().position(|&(v, _)| v == d) {
                            None => out.push(s),
                            Some(j) => {
                                let have = (s >> (4 * j)) & 15;
                                if have < u64::from(needs[j].1) {
                                    out.push(s + (1 << (4 * j)));
                                } else if !exact {
                                    out.push(s);
                                }
                            }
                        }
                    }),
                    accept: Box::new(move |s| (s == want).then(Vec::new)),
                };
                (cells, auto)
            }
            ClueKind::Rellik(_) | ClueKind::Equality => {
                // The set of values placed so far (a bit each): the digits differ, and what may
                // follow depends on the set alone (the sums of its subsets; its counts).
                let rellik = match clue.kind {
                    ClueKind::Rellik(t) => Some(t),
                    _ => None,
                };
                let count = top - least + 1;
                let half = count / 2;
                let middle = (count % 2 == 1).then_some(least + half);
                let members = |s: u64| (0..64u32).filter(move |v| s >> v & 1 == 1);
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |_, s, d, out| {
                        if s >> d & 1 == 1 {
                            return;
                        }
                        let ok = match rellik {
                            // A new digit d completes t with a set of those before it when t - d
                            // is a sum of some of them (the empty set: d = t).
                            Some(t) => {
                                d != t
                                    && (d > t || {
                                        let before: Vec<u32> = members(s).collect();
                                        !subset_sums_to(&before, t - d)
                                    })
                            }
                            None => middle != Some(d),
                        };
                        if ok {
                            out.push(s | 1 << d);
                        }
                    }),
                    accept: Box::new(move |s| {
                        if rellik.is_some() {
                            return Some(Vec::new());
                        }
                        let vals: Vec<u32> = members(s).collect();
                        let even = vals.iter().filter(|&&x| x % 2 == 0).count();
                        let low = vals.iter().filter(|&&x| x < least + half).count();
                        let high = vals.iter().filter(|&&x| x >= top + 1 - half).count();
                        (2 * even == vals.len() && low == high).then(Vec::new)
                    }),
                };
                (cells, auto)
            }
            ClueKind::Pairwise(r) => {
                // A line: the previous value + 1 (0 before the first cell). A group: the set of
                // values placed so far, a bit each (a relation is on values alone).
                let (r, all) = ((*r).clone(), r.all);
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        if all {
                            let ok = (0..64u32)
                                .filter(|v| s >> v & 1 == 1)
                                .all(|v| r.allows(v, d) && r.allows(d, v));
                            if ok {
                                out.push(s | 1 << d);
                            }
                        } else if i == 0 || r.allows(s as u32 - 1, d) {
                            out.push(u64::from(d) + 1);
                        }
                    }),
                    accept: accept_all,
                };
                (cells, auto)
            }
            _ => (
                cells,
                Automaton {
                    start: vec![0],
                    step: Box::new(|_, s, _, out| out.push(s)),
                    accept: accept_all,
                },
            ),
        }
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
        let mut allowed = vec![full; size * size];
        for &(p, mask) in &self.candidates {
            allowed[p] &= mask;
        }
        let mut b = Builder {
            g,
            rules: self,
            givens: cells,
            enc: Encoding {
                cell_colours: vec![Vec::new(); size * size],
                cell_plain: vec![Vec::new(); size * size * size],
                cell_colour_at: vec![Vec::new(); size * size * size],
                allowed,
                clue_items: vec![Vec::new(); self.clues.len() + 1],
                clue_secondary: vec![Vec::new(); self.clues.len() + 1],
                ..Encoding::default()
            },
        };
        for (k, clue) in self.clues.iter().enumerate() {
            b.clue(k, clue)?;
        }
        // The negative constraints' items go with a last pseudo-clue (index clues.len()).
        let neg = self.clues.len();
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
    loop {
        let mut masks: HashMap<(usize, usize), u32> = HashMap::new();
        for o in &enc.options {
            for &(p, d) in &o.cells {
                *masks.entry((o.item, p)).or_default() |= 1 << (d - 1);
            }
        }
        // Only the cells every option of an item colours (all of a piece's options do).
        let mut changed = false;
        for (&(_, p), &m) in &masks {
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
