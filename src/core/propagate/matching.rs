//! Régin's filtering of a stated matching of items: the options no perfect matching can hold.
//!
//! A matching ([`crate::core::Instance::add_matching`]) is two sides of primary items, `xs` and
//! `ys`, such that every option holding an item of either holds exactly one of each: an option is
//! an edge from its `x` to its `y`, and a solution takes exactly one edge at each item of both
//! sides, a perfect matching. A Sudoku's row is one (its cells and its digits), and so is a digit's
//! rows against its columns. An open option on no perfect matching of the open options is on no
//! solution: giving it up is the whole of what "all different" allows (Régin, 1994), the naked and
//! hidden subsets of every size and the fish that a setter's solver finds one by one. DLX and the
//! rule on common items see only subsets of one (a cell's last digit, a digit's last cell).
//!
//! Régin's test: with a perfect matching `M` of the free items in hand, an edge not in `M` is on
//! some other perfect matching exactly when it closes an alternating cycle. Name each `y` by its
//! mate in `M`: then `x` leads to `x'` where `x` has an open edge to the mate of `x'`, and the
//! edge from `x` to the mate of `x'` is on a perfect matching exactly when `x'` leads back to `x`.
//! A side has at most 64 items (a Sudoku's at most 25), so each `x`'s open edges are a word of
//! bits, kept as options are given up and come back ([`Matchings::lose`], [`Matchings::regain`]),
//! and a pass is word operations: `M` repaired by augmenting paths (Kuhn's) where an edge of it
//! went, then what each `x` leads to, closed under "leads to" (Warshall's), then the test. Where a
//! pass was measured over the edges' options one by one, with Tarjan's components, it cost 4 to 6
//! times the rest of the propagation on ISS's collection.

/// No mate.
const NONE: u8 = u8::MAX;

/// The most items a side may have: its edges at an item are a word of bits.
const MAX_SIDE: usize = 64;

/// The matchings of an instance that its options keep, with their edges as words of bits, and
/// which of them a pass is due on.
#[derive(Clone, Debug, Default)]
pub(super) struct Matchings {
    list: Vec<Matching>,
    /// `adj[m.first + k]`: bit `y` set while some option joining `x` number `k` of matching `m`
    /// and its `y` is open.
    adj: Vec<u64>,
    /// The open options joining an `x` and a `y`, where two options may join them: the place's
    /// entry is `count_at[p]` (`u32::MAX` where no other option joins the two; `count_at` empty
    /// where no two options join the same two items anywhere).
    count: Vec<u32>,
    count_at: Vec<u32>,
    /// Option `o`'s places, `places[start[o]..start[o + 1]]`; `start` empty where no matching
    /// holds.
    start: Vec<u32>,
    places: Vec<Place>,
    /// Whether a matching lost an edge since its last pass, and those that did.
    dirty: Vec<bool>,
    due: Vec<u32>,
    /// Scratch: the options a pass gives up.
    off: Vec<u32>,
}

/// Where an option stands in a matching: its `x` (an index into `adj`), and its matching and `y`,
/// `matching << 6 | y`. Eight bytes: every option given up or back walks its places.
#[derive(Clone, Copy, Debug)]
struct Place {
    x: u32,
    matching_y: u32,
}

/// One matching: its sides, its options by `x`, the matching `M` kept between passes (an edge
/// still open stays matched as the search goes down, and is checked again after an undo), and
/// scratch.
#[derive(Clone, Debug)]
struct Matching {
    xs: Vec<u32>,
    /// Its words in `adj`: `adj[first..first + xs.len()]`.
    first: usize,
    /// The options at `x` number `k`: `edges[estart[k]..estart[k + 1]]`, each `(y, option)`, `y`
    /// an index into side `y`.
    estart: Vec<u32>,
    edges: Vec<(u32, u32)>,
    /// `mate_x[k]`: the `y` that `M` matches with `k`, or [`NONE`]; `mate_y[y]`: its `k`.
    mate_x: Vec<u8>,
    mate_y: Vec<u8>,
    /// Scratch: what each `x` leads to.
    reach: Vec<u64>,
}

/// Why a pass found no perfect matching: the item of side `x` that no augmenting path reaches.
pub(super) struct Unmatched(pub(super) u32);

impl Matchings {
    /// The matchings `inst` states that hold over its options (see [`edges_of`]); `holders(i)`
    /// are the options holding item `i`, `items(o)` the items of option `o`.
    pub(super) fn new<'a, H, E>(
        inst: &crate::core::Instance,
        n_options: usize,
        holders: H,
        items: E,
    ) -> Matchings
    where
        H: Fn(u32) -> &'a [(u32, u32)],
        E: Fn(u32) -> &'a [(u32, u32)],
    {
        let mut side = vec![0u8; inst.n_items()];
        let mut all = Matchings::default();
        let mut lists: Vec<Vec<(Place, u32)>> = Vec::new();
        for (xs, ys) in inst.matchings() {
            let Some((estart, edges)) = edges_of(xs, ys, &holders, &items, &mut side) else {
                continue;
            };
            if lists.is_empty() {
                lists = vec![Vec::new(); n_options];
            }
            let n = xs.len();
            let matching = all.list.len() as u32;
            let first = all.adj.len();
            all.adj.resize(first + n, 0);
            // Pairs joined by two options or more get a count.
            let mut joins = vec![0u32; n * n];
            for k in 0..n {
                for &(y, _) in &edges[estart[k] as usize..estart[k + 1] as usize] {
                    joins[k * n + y as usize] += 1;
                    all.adj[first + k] |= 1 << y;
                }
            }
            let mut count_at = vec![u32::MAX; n * n];
            for (pair, &j) in joins.iter().enumerate().filter(|(_, &j)| j > 1) {
                count_at[pair] = all.count.len() as u32;
                all.count.push(j);
            }
            for k in 0..n {
                for &(y, o) in &edges[estart[k] as usize..estart[k + 1] as usize] {
                    let place = Place {
                        x: (first + k) as u32,
                        matching_y: matching << 6 | y,
                    };
                    lists[o as usize].push((place, count_at[k * n + y as usize]));
                }
            }
            all.list.push(Matching {
                xs: xs.to_vec(),
                first,
                estart,
                edges,
                mate_x: vec![NONE; n],
                mate_y: vec![NONE; n],
                reach: vec![0; n],
            });
        }
        if !all.list.is_empty() {
            let counted = !all.count.is_empty();
            all.start.push(0);
            for l in lists {
                for (place, at) in l {
                    all.places.push(place);
                    if counted {
                        all.count_at.push(at);
                    }
                }
                all.start.push(all.places.len() as u32);
            }
        }
        all.dirty = vec![false; all.list.len()];
        all
    }

    /// How many matchings hold over the options (those stated that no option breaks).
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    /// Every matching due for a pass (the start).
    pub(super) fn all_due(&mut self) {
        self.dirty.fill(true);
        self.due = (0..self.list.len() as u32).rev().collect();
    }

    /// None due: after a contradiction, the undo goes back to where each had its pass.
    pub(super) fn none_due(&mut self) {
        for &k in &self.due {
            self.dirty[k as usize] = false;
        }
        self.due.clear();
    }

    /// Option `o` is given up (or taken): the edges it was the last open option of are gone, and
    /// their matchings due for a pass.
    pub(super) fn lose(&mut self, o: u32) {
        if self.start.is_empty() {
            return;
        }
        for p in self.start[o as usize] as usize..self.start[o as usize + 1] as usize {
            let place = self.places[p];
            if let Some(&at) = self.count_at.get(p).filter(|&&at| at != u32::MAX) {
                let c = &mut self.count[at as usize];
                *c -= 1;
                if *c > 0 {
                    continue;
                }
            }
            self.adj[place.x as usize] &= !(1 << (place.matching_y & 63));
            let m = place.matching_y >> 6;
            if !self.dirty[m as usize] {
                self.dirty[m as usize] = true;
                self.due.push(m);
            }
        }
    }

    /// Option `o` is open again (an undo).
    pub(super) fn regain(&mut self, o: u32) {
        if self.start.is_empty() {
            return;
        }
        for p in self.start[o as usize] as usize..self.start[o as usize + 1] as usize {
            let place = self.places[p];
            if let Some(&at) = self.count_at.get(p).filter(|&&at| at != u32::MAX) {
                self.count[at as usize] += 1;
            }
            self.adj[place.x as usize] |= 1 << (place.matching_y & 63);
        }
    }

    /// Passes of the matchings due until one finds options to give up: that matching, whose
    /// finds [`Matchings::found`] hands to the caller to give up, who then calls
    /// [`Matchings::passed`]; `None` when none is left due. `Err` names an item of a side that
    /// can be matched no more: no solution below this node.
    pub(super) fn pass(
        &mut self,
        covered: &[u32],
        open: &[bool],
    ) -> Result<Option<u32>, Unmatched> {
        self.off.clear();
        while let Some(k) = self.due.pop() {
            let ku = k as usize;
            if !self.dirty[ku] {
                continue;
            }
            self.dirty[ku] = false;
            let m = &mut self.list[ku];
            let n = m.xs.len();
            m.filter(
                &self.adj[m.first..m.first + n],
                covered,
                open,
                &mut self.off,
            )?;
            if !self.off.is_empty() {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// The options the last pass found, lent to the caller (no allocation on the search's path):
    /// returned by [`Matchings::passed`].
    pub(super) fn found(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.off)
    }

    /// Matching `k`'s pass is done and what it found (`off`, given back) given up: not due for its
    /// own sake. The edges it gave up were on no perfect matching, so the perfect matchings are
    /// the ones it had, and a second pass would find nothing (where another matching takes more,
    /// its options make this one due again).
    pub(super) fn passed(&mut self, k: u32, off: Vec<u32>) {
        self.off = off;
        self.dirty[k as usize] = false;
    }
}

/// A matching's options by `x`: `(estart, edges)` ([`edges_of`]).
type Edges = (Vec<u32>, Vec<(u32, u32)>);

/// The options of a matching of `xs` with `ys` by `x`: `(estart, edges)`, the options at `x`
/// number `k` being `edges[estart[k]..estart[k + 1]]`, each `(y, option)` with `y` an index into
/// `ys`. `None` where some option breaks the matching (it holds an item of a side and not exactly
/// one of each) or a side has more than [`MAX_SIDE`] items. `side` is scratch, one 0 per item,
/// left so.
fn edges_of<'a, H, E>(
    xs: &[u32],
    ys: &[u32],
    holders: &H,
    items: &E,
    side: &mut [u8],
) -> Option<Edges>
where
    H: Fn(u32) -> &'a [(u32, u32)],
    E: Fn(u32) -> &'a [(u32, u32)],
{
    if xs.len() > MAX_SIDE || ys.len() != xs.len() {
        return None;
    }
    for &x in xs {
        side[x as usize] = 1;
    }
    for &y in ys {
        side[y as usize] = 2;
    }
    let y_index = |i: u32| ys.iter().position(|&y| y == i).map(|p| p as u32);
    let mut ok = true;
    let mut estart = vec![0u32];
    let mut edges = Vec::new();
    'sides: for (s, list) in [xs, ys].into_iter().enumerate() {
        for &i in list {
            for &(o, _) in holders(i) {
                let (mut nx, mut ny, mut y) = (0, 0, 0);
                for &(j, _) in items(o) {
                    match side[j as usize] {
                        1 => nx += 1,
                        2 => {
                            ny += 1;
                            y = j;
                        }
                        _ => {}
                    }
                }
                if (nx, ny) != (1, 1) {
                    ok = false;
                    break 'sides;
                }
                if s == 0 {
                    edges.push((y_index(y).expect("an item of side y"), o));
                }
            }
            if s == 0 {
                estart.push(edges.len() as u32);
            }
        }
    }
    for &i in xs.iter().chain(ys) {
        side[i as usize] = 0;
    }
    ok.then_some((estart, edges))
}

impl Matching {
    /// One pass, `adj` its words: `M` repaired, then every open option on no perfect matching
    /// pushed to `out`. `Err` when some free item of side `x` can be matched no more.
    fn filter(
        &mut self,
        adj: &[u64],
        covered: &[u32],
        open: &[bool],
        out: &mut Vec<u32>,
    ) -> Result<(), Unmatched> {
        let n = self.xs.len();
        if !self.may_be_tight(adj, covered) {
            return Ok(());
        }
        // `M` as it stands: the edges gone since (or taken: a taken option's two items are
        // covered, and all their edges gone) leave it.
        self.mate_y.fill(NONE);
        for (k, (mate, &edges)) in self.mate_x.iter_mut().zip(adj).enumerate() {
            if *mate != NONE {
                if edges >> *mate & 1 == 1 {
                    self.mate_y[*mate as usize] = k as u8;
                } else {
                    *mate = NONE;
                }
            }
        }
        for k in 0..n {
            if self.mate_x[k] == NONE && covered[self.xs[k] as usize] == 0 {
                let mut seen = 0;
                if !self.augment(adj, k, &mut seen) {
                    return Err(Unmatched(self.xs[k]));
                }
            }
        }
        // What each free `x` leads to: the mates of the `y` its edges outside `M` reach; then
        // closed under "leads to".
        let mut any = false;
        for (k, &edges) in adj.iter().enumerate() {
            let y = self.mate_x[k];
            let mut r = 0u64;
            if y != NONE {
                let mut ys = edges & !(1 << y);
                while ys != 0 {
                    let y = ys.trailing_zeros();
                    ys &= ys - 1;
                    r |= 1 << self.mate_y[y as usize];
                }
            }
            any |= r != 0;
            self.reach[k] = r;
        }
        if !any {
            // Every free item has one edge left: `M` is the only perfect matching.
            return Ok(());
        }
        for via in 0..n {
            let bit = 1u64 << via;
            let through = self.reach[via];
            if through == 0 {
                continue;
            }
            for r in self.reach.iter_mut() {
                if *r & bit != 0 {
                    *r |= through;
                }
            }
        }
        // The edge from `k` to the mate of `k2` is kept when `k2` leads back to `k`.
        for (k, &edges) in adj.iter().enumerate() {
            let y = self.mate_x[k];
            if y == NONE {
                continue;
            }
            let mut ys = edges & !(1 << y);
            while ys != 0 {
                let y2 = ys.trailing_zeros();
                ys &= ys - 1;
                let k2 = self.mate_y[y2 as usize] as usize;
                if self.reach[k2] >> k & 1 == 0 {
                    let (from, to) = (self.estart[k] as usize, self.estart[k + 1] as usize);
                    for &(y, o) in &self.edges[from..to] {
                        if y == y2 && open[o as usize] {
                            out.push(o);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether some `k` free items of side `x`, fewer than all, may have only `k` items of side `y`
    /// between them (a tight set): each has at most `k` edges, so at least `k` items have at most
    /// `k`. Without one, every proper set of free items has more edges than items and the free
    /// items of side `y` each have one at least (propagation ends the branch at a free item with
    /// no open option before a pass), so a perfect matching exists (Hall) and every edge is on
    /// one: the pass would find nothing. Counting edges skips most passes where many are open.
    fn may_be_tight(&self, adj: &[u64], covered: &[u32]) -> bool {
        let mut at_most = [0u8; MAX_SIDE + 1];
        let mut free = 0;
        for (&x, &edges) in self.xs.iter().zip(adj) {
            if covered[x as usize] == 0 {
                free += 1;
                at_most[edges.count_ones() as usize] += 1;
            }
        }
        let mut items = 0;
        for (k, &c) in at_most.iter().enumerate().take(free).skip(1) {
            items += usize::from(c);
            if items >= k {
                return true;
            }
        }
        false
    }

    /// Kuhn's augmenting path from `x` number `k`, free: true once it is matched (the path's edges
    /// swapped in and out of `M`). `seen`: the `y` visited. Its depth is at most the side's size.
    fn augment(&mut self, adj: &[u64], k: usize, seen: &mut u64) -> bool {
        let mut ys = adj[k] & !*seen;
        while ys != 0 {
            let y = ys.trailing_zeros() as usize;
            *seen |= 1 << y;
            let other = self.mate_y[y];
            if other == NONE || self.augment(adj, other as usize, seen) {
                self.mate_x[k] = y as u8;
                self.mate_y[y] = k as u8;
                return true;
            }
            ys = adj[k] & !*seen;
        }
        false
    }
}
