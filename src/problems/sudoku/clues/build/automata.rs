//! Each line clue's automaton: its states, its step and what it accepts.

use super::*;
use std::cell::RefCell;
use std::rc::Rc;

impl Builder<'_> {
    /// The cells a line's automaton walks, in order, and the automaton.
    pub(super) fn automaton(&self, clue: &Clue, top: u32) -> (Vec<usize>, Automaton<'static>) {
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
            ClueKind::Weighted(w) => {
                // The state is the weighted sum so far, shifted by `ZERO` to stay positive, kept
                // only where the cells after it can still bring it to the total: `rest[i]` is
                // the least and most that cells i.. add (each weight times the least or the
                // largest value).
                const ZERO: i64 = 1 << 30;
                let (lo, hi) = (i64::from(least), i64::from(top));
                let mut rest = vec![(0i64, 0i64); n + 1];
                for i in (0..n).rev() {
                    let (a, b) = (w.weights[i] * lo, w.weights[i] * hi);
                    rest[i] = (rest[i + 1].0 + a.min(b), rest[i + 1].1 + a.max(b));
                }
                let total = w.total;
                let weights = w.weights.clone();
                let auto = Automaton {
                    start: vec![ZERO as u64],
                    step: Box::new(move |i, s, d, out| {
                        let x = s as i64 - ZERO + weights[i] * i64::from(d);
                        let (least, most) = rest[i + 1];
                        if x + least <= total && total <= x + most {
                            out.push((x + ZERO) as u64);
                        }
                    }),
                    accept: Box::new(move |s| (s as i64 - ZERO == total).then(Vec::new)),
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
                // (x, cells counted, sum) until x cells are counted, then DONE. The first value x
                // counts x cells, itself among them: a 1 itself alone, a 0 (values from 0, as ISS
                // reads them: "0-indexed: Sums and indexing") none, adding up to 0. A cell still to
                // count adds at least the least value.
                let (t, least) = (u64::from(t), u64::from(least));
                let auto = Automaton {
                    start: vec![0],
                    step: Box::new(move |i, s, d, out| {
                        let d = u64::from(d);
                        if i == 0 {
                            if d <= 1 {
                                if d == t {
                                    out.push(DONE);
                                }
                            } else if d + least <= t {
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
                        } else if sum + least <= t {
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
            ClueKind::Regex(_) | ClueKind::Nfa(_) => {
                // The set of the automaton's states the walk may be in: one walk a filling.
                let walk = clue.kind.machine().expect("a line").clone();
                let end = walk.clone();
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

    /// An either/or walked along its line ([`either_line`]): its state is, for each side, the set
    /// of states that side's automaton may be in, numbered as they are met. So a filling has one
    /// walk however many sides accept it (a walk a side would give a filling two sides accept two
    /// options, and the search would find its solution twice). It accepts where a side accepts.
    pub(super) fn either_automaton(
        &self,
        sides: &[Side],
        line: &[usize],
        top: u32,
    ) -> Automaton<'static> {
        let shift = u32::from(self.rules.zero_based);
        let mut parts: Vec<Automaton<'static>> = Vec::with_capacity(sides.len());
        for x in sides {
            match x {
                Side::Clue(c) => parts.push(self.automaton(c, top).1),
                Side::Digits(list) => {
                    // The digits each cell of the line may hold on this side (bit d - 1).
                    let mut allowed = vec![u32::MAX; line.len()];
                    for &(p, mask) in list {
                        for (i, &q) in line.iter().enumerate() {
                            if q == p {
                                allowed[i] &= mask;
                            }
                        }
                    }
                    parts.push(Automaton {
                        start: vec![0],
                        step: Box::new(move |i, s, v, out| {
                            // Digit v + shift: values start at 0 where the puzzle says so.
                            if allowed[i] >> (v + shift - 1) & 1 == 1 {
                                out.push(s);
                            }
                        }),
                        accept: Box::new(|_| Some(Vec::new())),
                    });
                }
                _ => unreachable!("either_line admits clues and digits only"),
            }
        }
        /// The sets met so far, each with its number.
        #[derive(Default)]
        struct Sets {
            ids: HashMap<Vec<Vec<u64>>, u64>,
            sets: Vec<Vec<Vec<u64>>>,
        }
        impl Sets {
            fn id(&mut self, sets: Vec<Vec<u64>>) -> u64 {
                if let Some(&id) = self.ids.get(&sets) {
                    return id;
                }
                let id = self.sets.len() as u64;
                self.sets.push(sets.clone());
                self.ids.insert(sets, id);
                id
            }
        }
        let parts = Rc::new(parts);
        let table = Rc::new(RefCell::new(Sets::default()));
        let start = table.borrow_mut().id(parts
            .iter()
            .map(|a| {
                let mut s = a.start.clone();
                s.sort_unstable();
                s.dedup();
                s
            })
            .collect());
        let (step_parts, step_table) = (Rc::clone(&parts), Rc::clone(&table));
        let buf = RefCell::new(Vec::new());
        Automaton {
            start: vec![start],
            step: Box::new(move |i, s, v, out| {
                let now = step_table.borrow().sets[s as usize].clone();
                let mut buf = buf.borrow_mut();
                let mut alive = false;
                let next: Vec<Vec<u64>> = now
                    .iter()
                    .zip(step_parts.iter())
                    .map(|(states, a)| {
                        let mut after = Vec::new();
                        for &st in states {
                            buf.clear();
                            (a.step)(i, st, v, &mut buf);
                            after.extend_from_slice(&buf);
                        }
                        after.sort_unstable();
                        after.dedup();
                        alive |= !after.is_empty();
                        after
                    })
                    .collect();
                if alive {
                    out.push(step_table.borrow_mut().id(next));
                }
            }),
            accept: Box::new(move |s| {
                let t = table.borrow();
                t.sets[s as usize]
                    .iter()
                    .zip(parts.iter())
                    .any(|(states, a)| states.iter().any(|&st| (a.accept)(st).is_some()))
                    .then(Vec::new)
            }),
        }
    }
}
