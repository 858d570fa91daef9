//! Lines and pieces as options: a line walked as an automaton (chains of per-cell states, or runs
//! of cells), and pieces filled whole.

use super::*;

/// The fewest cells of one unit and weight that a sum states as a piece by digit sets
/// ([`Builder::unit_pieces`]); three cells are filled whole (at most 729 fillings).
const SET_MIN: usize = 4;
/// The most digit sets such a piece is stated by, counted as the sets of its cells' digits: C(16, 8)
/// is 12,870; on a 25x25, runs of 5 to 20 cells free of givens are past it.
const SETS_MAX: usize = 20_000;

/// Whether cells whose digits are `masks` can take the digits of `set` one each (as many cells as
/// digits): a matching of cells to digits, found by augmenting paths.
fn matches_all(masks: &[u32], set: u32) -> bool {
    let mut owner: [usize; 32] = [usize::MAX; 32];
    fn augment(masks: &[u32], set: u32, c: usize, seen: &mut u32, owner: &mut [usize; 32]) -> bool {
        let mut free = masks[c] & set & !*seen;
        while free != 0 {
            let v = free.trailing_zeros() as usize;
            free &= free - 1;
            *seen |= 1 << v;
            if owner[v] == usize::MAX || augment(masks, set, owner[v], seen, owner) {
                owner[v] = c;
                return true;
            }
        }
        false
    }
    (0..masks.len()).all(|c| augment(masks, set, c, &mut 0, &mut owner))
}

/// A line's walks ([`Builder::walks`]): the states reached at each cell from the start, the
/// accepting walks from each state at each cell, and the walks in all.
type Walks = (Vec<BTreeSet<u64>>, Vec<HashMap<u64, u64>>, u64);

impl Builder<'_> {
    /// A line walked by `auto` over `cells`: filled whole when its walks are at most
    /// [`WHOLE_MAX`], else as a chain of runs of cells of at most `run_max` options each (0: a
    /// step a cell). `name` in words, `tag` the items' prefix.
    pub(super) fn line(
        &mut self,
        k: usize,
        cells: &[usize],
        auto: &Automaton,
        name: &str,
        tag: &str,
        run_max: u64,
    ) -> Result<(), InputError> {
        let walked = self.walks(cells, auto, name)?;
        self.line_walked(k, cells, auto, name, tag, run_max, walked)
    }

    /// [`Builder::line`] once its walks are counted ([`Builder::walks`]).
    #[allow(clippy::too_many_arguments)]
    fn line_walked(
        &mut self,
        k: usize,
        cells: &[usize],
        auto: &Automaton,
        name: &str,
        tag: &str,
        run_max: u64,
        (reach, count, walks): Walks,
    ) -> Result<(), InputError> {
        let size = self.size();
        let len = cells.len();
        let mut next = Vec::new();
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
                    more: Vec::new(),
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
                    more: Vec::new(),
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

    /// The states a walk of `auto` over `cells` reaches from the start, per cell; per cell the
    /// number of accepting walks from each state (saturating); and the walks in all.
    fn walks(&self, cells: &[usize], auto: &Automaton, name: &str) -> Result<Walks, InputError> {
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
        Ok((reach, count, walks))
    }

    /// A sum of the values of `cells`, each times its weight in `terms`, that must come to `end`
    /// (a number, or the colour of a secondary item that other sums share), whose digits may
    /// repeat where cells do not see each other (a little killer, ISS's `Sum`, an arrow: its
    /// circle's digits weigh -1, -10 or -100; a region-sum line's segment), `auto` walking the
    /// same rule: filled whole as [`Builder::line`] when its walks are few, else in pieces added
    /// up ([`Builder::sum_pieces`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sum_line(
        &mut self,
        k: usize,
        cells: &[usize],
        auto: &Automaton,
        name: &str,
        tag: &str,
        terms: &[(usize, i64)],
        end: SumEnd,
    ) -> Result<(), InputError> {
        let walked = self.walks(cells, auto, name)?;
        if walked.2 <= WHOLE_MAX {
            return self.line_walked(k, cells, auto, name, tag, 0, walked);
        }
        self.sum_pieces(k, terms, end, name, tag)
    }

    /// A sum too long to fill whole, in two layers. The cells are cut into pieces whose cells all
    /// see each other (a little killer's run through a box), so that a piece's digits differ: each
    /// piece is a primary item filled whole, its options colouring a secondary item with the
    /// piece's sum. A chain then adds the sums up: per piece a primary item whose options take the
    /// state before it (the sum so far, a colour), the piece's sum and the state after it, the
    /// last ending on the number `end` asks for, or colouring its shared item with the sum. A
    /// chain a cell a step knows no more than "1 to 9 here", and ISS's "Little Killer Sudoku"
    /// took 3 M nodes that way; pieces know that three cells of one box add up to 6 at least and
    /// 24 at most, and their digits differ, and it takes 55. Fillings never multiply with states:
    /// a piece's options are its fillings, a step's its (state, sum) pairs. `terms` are the cells
    /// with the weight of each one's value.
    ///
    /// Where one unit (a row, a column, a region, a diagonal, a cage) holds [`SET_MIN`] or more
    /// of the cells with one weight, those cells are a piece first, the largest first, stated by
    /// its digit sets as a big cage is (docs/variants.md): k cells of a unit hold k different
    /// digits, so they add up to 1 + 2 + … + k at least, which no piece of three cells knows. An
    /// arrow of 32 cells through eight boxes (ISS's "Long sums") adds up to 98 at least that way,
    /// which its two-digit circle reaches only as 98: settled before any branch, where pieces of
    /// three cells left it past 60 s.
    fn sum_pieces(
        &mut self,
        k: usize,
        terms: &[(usize, i64)],
        end: SumEnd,
        name: &str,
        tag: &str,
    ) -> Result<(), InputError> {
        let size = self.size();
        let (set_pieces, left) = self.unit_pieces(terms);
        // The other cells into pieces, in the line's order: each into the first piece whose cells
        // it all sees, while the piece's fillings (counted as the product of its cells' digits, at
        // least as many) stay within PIECE_MAX. The order of a sum's terms is free.
        const PIECE_MAX: u64 = 3_000;
        let mut pieces: Vec<Vec<(usize, i64)>> = Vec::new();
        for &(p, w) in &left {
            let ways = self.digits(p).count() as u64;
            let fits = |piece: &Vec<(usize, i64)>| {
                piece.iter().all(|&(q, _)| self.see(p, q))
                    && piece
                        .iter()
                        .map(|&(q, _)| self.digits(q).count() as u64)
                        .product::<u64>()
                        .saturating_mul(ways)
                        <= PIECE_MAX
            };
            match pieces.iter().position(fits) {
                Some(j) => pieces[j].push((p, w)),
                None => pieces.push(vec![(p, w)]),
            }
        }
        // The unit pieces' digit sets (as masks, bit v - 1 for digit v), with sums.
        let sets: Vec<Vec<(u32, i64)>> = set_pieces
            .iter()
            .map(|(piece, found)| {
                let w = piece[0].1;
                found
                    .iter()
                    .map(|&set| {
                        let values: i64 = (1..=size as u32)
                            .filter(|v| set & (1 << (v - 1)) != 0)
                            .map(|v| i64::from(self.rules.value(v)))
                            .sum();
                        (set, w * values)
                    })
                    .collect()
            })
            .collect();
        let n_sets = set_pieces.len();
        let mut pieces: Vec<Vec<(usize, i64)>> = set_pieces
            .into_iter()
            .map(|(piece, _)| piece)
            .chain(pieces)
            .collect();
        // Each other piece's fillings whose digits differ where its cells see each other, with sums.
        let mut fillings: Vec<Vec<(Vec<u32>, i64)>> = Vec::with_capacity(pieces.len());
        for piece in &pieces[n_sets..] {
            let cells: Vec<usize> = piece.iter().map(|&(p, _)| p).collect();
            let summed = self
                .fillings(&cells)
                .into_iter()
                .map(|f| {
                    let x = f
                        .iter()
                        .zip(piece)
                        .map(|(&d, &(_, w))| w * i64::from(self.rules.value(d)))
                        .sum();
                    (f, x)
                })
                .collect();
            fillings.push(summed);
        }
        let n = pieces.len();
        let sums: Vec<BTreeSet<i64>> = (sets.iter().map(|f| f.iter().map(|&(_, x)| x).collect()))
            .chain(fillings.iter().map(|f| f.iter().map(|&(_, x)| x).collect()))
            .collect();
        let fill_items: Vec<usize> = (0..n)
            .map(|j| self.primary(k, format!("{tag}.{}", j + 1)))
            .collect();
        let sum_items: Vec<usize> = (0..n)
            .map(|j| self.secondary(k, format!("{tag}+{}", j + 1)))
            .collect();
        let parts: Vec<String> = (0..n).map(|j| format!("piece {} of {n}", j + 1)).collect();
        let used = self.sum_chain(k, &sums, &sum_items, end, name, tag, &parts)?;
        for j in 0..n {
            let piece = std::mem::take(&mut pieces[j]);
            let cells_text = piece
                .iter()
                .map(|&(p, _)| cell_name(size, p))
                .collect::<Vec<_>>()
                .join(",");
            if j < n_sets {
                // As a cage by digit sets: `{tag}.{j}={v}` is covered by the set when v is not in
                // it, else by the one cell of the piece that holds v.
                let cells: Vec<usize> = piece.iter().map(|&(p, _)| p).collect();
                let digit_items = self.digit_items(k, &format!("{tag}.{}", j + 1), &cells);
                for &(set, x) in &sets[j] {
                    if !used[j].contains(&x) {
                        continue;
                    }
                    let digits: Vec<u32> = (1..=size as u32)
                        .filter(|v| set & (1 << (v - 1)) != 0)
                        .collect();
                    let o = ClueOption {
                        clue: k,
                        item: fill_items[j],
                        more: (1..=size)
                            .filter(|v| set & (1 << (v - 1)) == 0)
                            .map(|v| digit_items[v - 1])
                            .collect(),
                        cells: Vec::new(),
                        colours: vec![(sum_items[j], sum_colour(x))],
                        plain: Vec::new(),
                        label: format!(
                            "{name}, piece {} of {n} ({cells_text}): {{{}}} in any order (sum {x})",
                            j + 1,
                            digits_text(&digits)
                        ),
                    };
                    self.push(o, name)?;
                }
                continue;
            }
            for (digits, x) in std::mem::take(&mut fillings[j - n_sets]) {
                if !used[j].contains(&x) {
                    continue;
                }
                let o = ClueOption {
                    clue: k,
                    item: fill_items[j],
                    more: Vec::new(),
                    cells: piece
                        .iter()
                        .zip(&digits)
                        .map(|(&(p, _), &d)| (p, d as u8))
                        .collect(),
                    colours: vec![(sum_items[j], sum_colour(x))],
                    plain: Vec::new(),
                    label: format!(
                        "{name}, piece {} of {n} ({cells_text}): {} (sum {x})",
                        j + 1,
                        digits_text(&digits)
                    ),
                };
                self.push(o, name)?;
            }
        }
        Ok(())
    }

    /// The pieces of a sum stated by digit sets ([`Builder::sum_pieces`]): while one unit holds
    /// [`SET_MIN`] or more of the cells of `terms` left with one weight, the most such cells, as a
    /// piece with its digit sets (those its cells can hold, each cell a digit of the set: bit
    /// v - 1 for digit v). Returns them and the terms left, in their order. A unit whose cells
    /// would have more than [`SETS_MAX`] sets is passed over (5 to 20 free cells of a 25x25).
    #[allow(clippy::type_complexity)]
    fn unit_pieces(
        &self,
        terms: &[(usize, i64)],
    ) -> (Vec<(Vec<(usize, i64)>, Vec<u32>)>, Vec<(usize, i64)>) {
        let units: Vec<Vec<usize>> = (self.rules.groups(self.g).into_iter())
            .map(|(_, cells)| cells)
            .collect();
        // A cell named twice (its digit counted twice) is no unit's: the pieces by fillings take it.
        let once = |p: usize| terms.iter().filter(|&&(q, _)| q == p).count() == 1;
        let mut left = terms.to_vec();
        let mut pieces = Vec::new();
        // (unit, weight) pairs whose cells had too many sets.
        let mut passed: Vec<(usize, i64)> = Vec::new();
        loop {
            let mut weights: Vec<i64> = left.iter().map(|&(_, w)| w).collect();
            weights.sort_unstable();
            weights.dedup();
            let mut best: Option<(usize, i64, Vec<(usize, i64)>)> = None;
            for (u, unit) in units.iter().enumerate() {
                for &w in weights.iter().filter(|&&w| !passed.contains(&(u, w))) {
                    let run: Vec<(usize, i64)> = (left.iter())
                        .filter(|&&(p, x)| x == w && unit.contains(&p) && once(p))
                        .copied()
                        .collect();
                    if run.len() > best.as_ref().map_or(0, |b| b.2.len()) {
                        best = Some((u, w, run));
                    }
                }
            }
            let Some((u, w, run)) = best.filter(|b| b.2.len() >= SET_MIN) else {
                break;
            };
            let cells: Vec<usize> = run.iter().map(|&(p, _)| p).collect();
            match self.digit_sets(&cells) {
                Some(sets) => {
                    left.retain(|t| !run.contains(t));
                    pieces.push((run, sets));
                }
                None => passed.push((u, w)),
            }
        }
        (pieces, left)
    }

    /// The sets of digits that `cells` (which see each other) can hold, one each: bit v - 1 for
    /// digit v; `None` where the sets of as many of the digits they may hold pass [`SETS_MAX`]
    /// (counted before any is made).
    fn digit_sets(&self, cells: &[usize]) -> Option<Vec<u32>> {
        let masks: Vec<u32> = (cells.iter())
            .map(|&p| self.digits(p).fold(0u32, |m, v| m | 1 << (v - 1)))
            .collect();
        let union = masks.iter().fold(0u32, |a, &m| a | m);
        // The digits the cells may hold, and the sets of k of them: C(m, k).
        let digits: Vec<u32> = (0..32).filter(|b| union & (1 << b) != 0).collect();
        let (m, k) = (digits.len(), cells.len());
        if k == 0 || k > m {
            return Some(Vec::new());
        }
        let ways = (0..k).fold(1u64, |w, i| w * (m - i) as u64 / (i as u64 + 1));
        if ways > SETS_MAX as u64 {
            return None;
        }
        // Each set of k of the m digits (Gosper's hack over m bits), kept if the cells can take its
        // digits one each.
        let mut out = Vec::new();
        let mut pick: u32 = (1u32 << k) - 1;
        while pick < 1u32 << m {
            let set = (0..m)
                .filter(|&i| pick & (1 << i) != 0)
                .fold(0u32, |s, i| s | 1 << digits[i]);
            if matches_all(&masks, set) {
                out.push(set);
            }
            let c = pick & pick.wrapping_neg();
            let r = pick + c;
            pick = (((r ^ pick) >> 2) / c) | r;
        }
        Some(out)
    }

    /// The chain that adds up the sums of parts (a sum's pieces, the values a counting circle
    /// holds): part `j` may come to any of `sums[j]`, which its options give `sum_items[j]` as a
    /// colour ([`sum_colour`]). Per part a primary item `{tag}>{j}` whose options take the sum so
    /// far (a colour of `{tag}@{j}`), the part's sum and the sum after it; the last comes to the
    /// number `end` asks for, or colours its shared item with the whole. Only sums reached from 0
    /// that can still come to the end are kept: within what the parts after them add at least and
    /// at most, then those from which a part's sum reaches a kept one. Returns the sums of each
    /// part that some step takes (the part's options giving another can never stand).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sum_chain(
        &mut self,
        k: usize,
        sums: &[BTreeSet<i64>],
        sum_items: &[usize],
        end: SumEnd,
        name: &str,
        tag: &str,
        parts: &[String],
    ) -> Result<Vec<BTreeSet<i64>>, InputError> {
        let n = sums.len();
        let mut rest = vec![(0i64, 0i64); n + 1];
        for j in (0..n).rev() {
            let (lo, hi) = (sums[j].first(), sums[j].last());
            let (lo, hi) = (lo.copied().unwrap_or(0), hi.copied().unwrap_or(0));
            rest[j] = (rest[j + 1].0 + lo, rest[j + 1].1 + hi);
        }
        let mut live: Vec<BTreeSet<i64>> = vec![BTreeSet::new(); n + 1];
        if sums.iter().all(|x| !x.is_empty()) {
            live[0].insert(0);
        }
        for j in 0..n {
            let (lo, hi) = rest[j + 1];
            let next: BTreeSet<i64> = live[j]
                .iter()
                .flat_map(|&s| sums[j].iter().map(move |&x| s + x))
                .filter(|&t| match end {
                    SumEnd::Total(total) => total - t >= lo && total - t <= hi,
                    SumEnd::Shared(_) => true,
                })
                .collect();
            live[j + 1] = next;
        }
        if let SumEnd::Total(total) = end {
            live[n].retain(|&t| t == total);
        }
        for j in (0..n).rev() {
            let after = std::mem::take(&mut live[j + 1]);
            live[j].retain(|&s| sums[j].iter().any(|&x| after.contains(&(s + x))));
            live[j + 1] = after;
        }
        let step_items: Vec<usize> = (0..n)
            .map(|j| self.primary(k, format!("{tag}>{}", j + 1)))
            .collect();
        let between: Vec<usize> = (1..n)
            .map(|j| self.secondary(k, format!("{tag}@{j}")))
            .collect();
        let mut used = vec![BTreeSet::new(); n];
        for j in 0..n {
            for (s, x) in live[j]
                .iter()
                .flat_map(|&s| sums[j].iter().map(move |&x| (s, x)))
            {
                if !live[j + 1].contains(&(s + x)) {
                    continue;
                }
                used[j].insert(x);
                let mut colours = vec![(sum_items[j], sum_colour(x))];
                if j > 0 {
                    colours.push((between[j - 1], sum_colour(s)));
                }
                if j + 1 < n {
                    colours.push((between[j], sum_colour(s + x)));
                } else if let SumEnd::Shared(shared) = end {
                    // As the walk's accept colours it (a region-sum line's segments, some whole).
                    colours.push((shared, Colour::Value((s + x) as u32)));
                }
                let part = &parts[j];
                let o = ClueOption {
                    clue: k,
                    item: step_items[j],
                    more: Vec::new(),
                    cells: Vec::new(),
                    colours,
                    plain: Vec::new(),
                    label: if x < 0 {
                        format!("{name}, {part}: {s} - {} = {}", -x, s + x)
                    } else {
                        format!("{name}, {part}: {s} + {x} = {}", s + x)
                    },
                };
                self.push(o, name)?;
            }
        }
        Ok(used)
    }

    /// The runs of the line's cells from `i` to `b`, from state `s`, to a live state at `b`, whose
    /// digits differ where the run's cells see each other: (digits, state at `b`). `digits` holds
    /// the run's digits so far.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run(
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
    pub(super) fn walk(
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
    pub(super) fn arrange(
        &self,
        cells: &[usize],
        w: u32,
        digits: &mut Vec<u32>,
        out: &mut Vec<Vec<u32>>,
    ) {
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

    /// Every filling of `cells` whose digits differ where cells see each other (and agree where a
    /// cell is listed twice), in the order of `cells`.
    pub(super) fn fillings(&self, cells: &[usize]) -> Vec<Vec<u32>> {
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
        all
    }

    /// A piece of a few cells filled whole: every filling `keep` accepts.
    pub(super) fn whole(
        &mut self,
        k: usize,
        cells: &[usize],
        keep: &dyn Fn(&[u32]) -> bool,
        name: &str,
        tag: &str,
    ) -> Result<(), InputError> {
        let item = self.primary(k, tag.to_string());
        let all = self.fillings(cells);
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
}
