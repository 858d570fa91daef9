//! The bit-set driver: `run_bits` walks DLX1's tree on `core::bits` and on return brings the links,
//! `choice` and `levels` to the state `run_fast` would have left.

use super::*;

/// The bit sets of a search, and where their walk was left (the givens, the level, the phase), which
/// with the path says the whole state: a run that starts there again need not replay the path.
#[derive(Clone, Debug)]
pub(super) struct BitsWalk {
    bits: Bits,
    held: Option<(Vec<usize>, usize, Phase)>,
}

impl Search {
    /// The fast path on bit sets (`core::bits`): the tree `run_fast` walks on DLX1's tree, the same
    /// counters, and on return the links, `choice` and `levels` as the links' own loop would have left
    /// them (only the part of the path that changed is uncovered and covered again).
    /// With colours the walk takes `XCC` (DLX2's commits and counters); without, the code it was.
    pub(super) fn run_bits<O: Observer, const FIRST: bool>(&mut self, obs: &mut O) -> Status {
        if self.links.has_colors() {
            self.run_bits_in::<O, FIRST, true>(obs)
        } else {
            self.run_bits_in::<O, FIRST, false>(obs)
        }
    }

    #[inline(never)]
    fn run_bits_in<O: Observer, const FIRST: bool, const XCC: bool>(
        &mut self,
        obs: &mut O,
    ) -> Status {
        let Some(start) = self.fast_start() else {
            return Status::Done;
        };
        // The way in and the way out are out of line: the loop's function stays small, which V8
        // compiles sooner (a count's first slices run in its baseline tier until then).
        let (mut walk, old) = self.enter_bits::<XCC>(start);
        let mut l = self.level;
        let bits = &mut walk.bits;
        let mut nodes = self.stats.nodes;
        let watch = self.watch.clone();
        let mut stop = Stop::new(nodes, self.node_cap, watch.as_ref());
        let mut capped = self.stats.solutions >= self.solution_cap;
        let mut updates = 0u64;
        let mut cleansings = 0u64;
        // Two nested loops rather than one over a state: a node entered (the outer loop), then
        // options tried, levels left and retreats (the inner one) until an option is taken. Each
        // loop has one entry, the resumed state is dispatched inside; a loop over `At` that starts
        // in any of its states is irreducible control flow, which LLVM compiles for wasm through a
        // state variable in memory and a chain of compares at every step.
        let mut resume = Some(start);
        // `choice[..filled]` holds the nodes of the options the bit sets try at those levels (kept
        // up at solutions only: a level's entry goes stale when its cursor moves).
        let mut filled = 0;
        let status = 'enter: loop {
            // Leave level l (a solution, a dead end, or its options exhausted); or try its next option.
            let (mut leave, mut advance) = match resume.take() {
                Some(At::Try) => (false, false),
                Some(At::Retreat) => (false, true),
                Some(At::Leave) => (true, false),
                Some(At::Enter) | None => {
                    if (nodes >= stop.at() && !stop.goes_on(nodes)) || capped {
                        self.phase = Phase::Enter;
                        break Status::Limit;
                    }
                    nodes += 1;
                    self.stats.profile[l] += 1;
                    match bits.choose::<FIRST>(l) {
                        None => {
                            self.stats.solutions += 1;
                            self.stats.nodes = nodes;
                            self.stats.updates += std::mem::take(&mut updates);
                            self.stats.cleansings += std::mem::take(&mut cleansings);
                            self.level = l;
                            self.phase = Phase::Solved;
                            // The observer may read the path (`path`, `solution`): the options
                            // tried. Consecutive solutions share most of it (13-queens: 73,712 of
                            // them, each 13 levels deep). One that only counts does not.
                            if obs.reads_path() {
                                for i in filled..l {
                                    let v = bits.level(i);
                                    self.choice[i] = bits.node(v.cursor, bits.item_at(v.pos));
                                }
                                filled = l;
                            }
                            if obs
                                .event(Event::Solution { level: l as u32 }, self)
                                .is_break()
                            {
                                break Status::Paused;
                            }
                            capped = self.stats.solutions >= self.solution_cap;
                            (true, false)
                        }
                        Some((_, 0)) => (true, false),
                        // A forced move (most nodes): the item covered and its one option tried
                        // in one pass; on return to this level there is nothing left to try.
                        Some((p, 1)) if !XCC => {
                            updates += bits.force(l, p);
                            l += 1;
                            continue 'enter;
                        }
                        Some((p, d)) => {
                            updates += bits.cover::<XCC>(l, p, d);
                            (false, false)
                        }
                    }
                }
            };
            loop {
                if leave {
                    if l == 0 {
                        self.phase = Phase::Done;
                        break 'enter Status::Done;
                    }
                    l -= 1;
                    advance = true;
                }
                if advance {
                    filled = filled.min(l);
                    bits.advance(l);
                }
                if let Some((u, cl)) = bits.try_cursor::<XCC>(l) {
                    updates += u;
                    cleansings += cl;
                    l += 1;
                    continue 'enter;
                }
                leave = true;
            }
        };
        self.stats.nodes = nodes;
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
        self.level = l;
        self.leave_bits(walk, &old);
        status
    }

    /// `run_bits_in`'s way in: the bit sets (made on the first run), brought to the search's state
    /// unless they hold it already; and what the links have covered, as (item, node of the option
    /// tried or 0) in the order covered.
    #[inline(never)]
    fn enter_bits<const XCC: bool>(&mut self, start: At) -> (Box<BitsWalk>, Vec<(u32, u32)>) {
        let mut walk = self.bits.take().unwrap_or_else(|| {
            Box::new(BitsWalk {
                bits: Bits::new(&self.links),
                held: None,
            })
        });
        let (bits, held) = (&mut walk.bits, &mut walk.held);
        let l = self.level;
        // What the links have covered now, as (item, node of the option tried or 0), in the order
        // it was covered; and the same walk in the bit sets. The bit sets' state is a function of
        // the givens and the path, so when they still hold this very state (the last run returned
        // here and nothing moved since) it is not replayed.
        let mut old: Vec<(u32, u32)> = (0..l)
            .map(|i| (self.levels[i].item, self.choice[i]))
            .collect();
        let same = held
            .as_ref()
            .is_some_and(|(g, hl, p)| *g == self.preselected && *hl == l && *p == self.phase)
            && (0..l).all(|i| {
                let v = bits.level(i);
                bits.item_at(v.pos) == self.levels[i].item
                    && bits.bit(self.links.option_of(self.choice[i])) == Some(v.cursor)
                    && v.k == self.levels[i].k
            });
        if !same {
            let chosen: Vec<u32> = self
                .preselected
                .iter()
                .filter_map(|&k| bits.bit(k))
                .collect();
            bits.root(&chosen);
            for i in 0..l {
                let Level { item, k, d, .. } = self.levels[i];
                bits.cover::<XCC>(i, bits.pos_of(item), d);
                let x = bits
                    .bit(self.links.option_of(self.choice[i]))
                    .expect("an option on the path has nodes");
                bits.set_level(i, x, k);
                bits.try_any::<XCC>(i, x);
            }
        }
        if let At::Try | At::Retreat = start {
            // Level l's item is covered; at Retreat, so is the option it tries.
            let Level { item, k, d, .. } = self.levels[l];
            let x = self.choice[l];
            bits.cover::<XCC>(l, bits.pos_of(item), d);
            let cursor = if x == item {
                u32::MAX
            } else {
                bits.bit(self.links.option_of(x))
                    .expect("an option with nodes")
            };
            bits.set_level(l, cursor, k);
            old.push((item, if matches!(start, At::Retreat) { x } else { 0 }));
        }
        (walk, old)
    }

    /// `run_bits_in`'s way out: `levels`, `choice` and the links brought to the bit sets' path at
    /// `self.level` (the links held `old`), and the bit sets kept with where they stand.
    #[inline(never)]
    fn leave_bits(&mut self, mut walk: Box<BitsWalk>, old: &[(u32, u32)]) {
        let l = self.level;
        let bits = &walk.bits;
        // The links, `choice` and `levels` of the new state (the phase is Enter, Solved or Done:
        // levels 0..l each hold an item covered and an option tried).
        let mut new = Vec::with_capacity(l);
        for i in 0..l {
            let v = bits.level(i);
            let c = bits.item_at(v.pos);
            let x = bits.node(v.cursor, c);
            self.levels[i] = Level {
                item: c,
                k: v.k,
                d: v.d,
                ..Level::default()
            };
            self.choice[i] = x;
            new.push((c, x));
        }
        let keep = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        // Where the paths part, the item is often the same and only its option differs (the walk
        // went on to later options at that level, as at every chunk's end of a search at depth 1):
        // the item then stays covered, as step X6 leaves it when it tries the next option, for its
        // cover can hide most of the matrix (128,000 options of the same 62 items: 7.8 million
        // updates at every return).
        let same = matches!((old.get(keep), new.get(keep)), (Some(a), Some(b)) if a.0 == b.0);
        // Uncover in the reverse order of covering: the links come back exactly.
        for (i, &(c, x)) in old.iter().enumerate().skip(keep).rev() {
            if x != 0 {
                self.links.uncover_option_from::<true>(x);
            }
            if !(same && i == keep) {
                self.links.uncover::<true>(c);
            }
        }
        for (i, &(c, x)) in new.iter().enumerate().skip(keep) {
            if !(same && i == keep) {
                self.links.cover::<true>(c);
            }
            self.links.cover_option_from::<true>(x);
        }
        // The bit sets never touch the links; these are the links of the new path.
        self.links.sanity_checking();
        walk.held = Some((self.preselected.clone(), l, self.phase));
        self.bits = Some(walk);
    }
}
