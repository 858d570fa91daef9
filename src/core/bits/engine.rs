//! The bit sets' engine: `Bits` built from the links, its levels, MRV's choice, covering an item and
//! trying an option (with and without colours).

use super::*;

impl Bits {
    /// The engine for `links`, read from what never changes in them (the options' nodes and the
    /// order of the item list as laid out), so it can be built in the middle of a search.
    pub(crate) fn new(links: &Links) -> Bits {
        debug_assert!(!links.has_mult());
        let n = links.n_items() as usize;
        let np = links.n_primary() as usize;
        // Options in the order of the node array, which is the order of every vertical list.
        let mut order: Vec<u32> = (0..links.n_options() as u32)
            .filter(|&k| links.top(links.option_first(k as usize)) != 0)
            .collect();
        order.sort_unstable_by_key(|&k| links.option_first(k as usize));
        let w = order.len().div_ceil(64).max(1);
        let at = links.primary_order();
        let mut pos = vec![u32::MAX; n + 1];
        for (p, &c) in at.iter().enumerate() {
            pos[c as usize] = p as u32;
        }
        let mut bits = Bits {
            w,
            stride: np.div_ceil(BLOCK).max(1) * BLOCK,
            nbits: order.len(),
            first: Vec::with_capacity(order.len()),
            istart: vec![0],
            items: Vec::new(),
            pstart: vec![0],
            prims: Vec::new(),
            prow: Vec::new(),
            weight: Vec::with_capacity(order.len()),
            k: 0,
            same_weight: u32::MAX,
            col: vec![0; (n + 1) * w],
            at,
            pos,
            bit_of: vec![u32::MAX; links.n_options()],
            a: Vec::new(),
            ac: Vec::new(),
            len: Vec::new(),
            lenc: Vec::new(),
            lv: Vec::new(),
            mask: vec![0; w],
            omask: Vec::new(),
            bmask: Vec::new(),
            hid: vec![0; w + 2],
            nrow: Vec::new(),
            ncol: Vec::new(),
            sig: Vec::new(),
            wsig: Vec::new(),
            jstart: Vec::new(),
            jsigs: Vec::new(),
            pcol: vec![0; n + 1],
            pstack: Vec::new(),
            commits: Vec::new(),
        };
        // Colours: the clash rows by (item, colour), numbered after the n + 1 columns.
        let mut clash: std::collections::HashMap<(u32, u32), u32> = Default::default();
        let mut sigs: std::collections::HashMap<(Vec<u32>, u32), u32> = Default::default();
        let mut by_item: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
        let mut secs: Vec<u32> = Vec::new();
        for (b, &k) in order.iter().enumerate() {
            let f = links.option_first(k as usize);
            bits.first.push(f);
            bits.bit_of[k as usize] = b as u32;
            let mut x = f;
            while links.top(x) != 0 {
                let i = links.top(x) as usize;
                bits.items.push(i as u32);
                bits.col[i * w + b / 64] |= 1 << (b % 64);
                if bits.pos[i] != u32::MAX {
                    bits.prims.push(bits.pos[i]);
                }
                // The node's own colour: while its item is purified and it agrees, the links
                // hold MARKED there and the colour in the item's header.
                let k = match links.color(x) {
                    MARKED => links.color(i as u32),
                    k => k,
                };
                let row = if k == 0 {
                    i as u32
                } else {
                    secs.push(i as u32);
                    let next = (n + 1 + clash.len()) as u32;
                    *clash.entry((i as u32, k)).or_insert(next)
                };
                bits.nrow.push(row);
                bits.ncol.push(k);
                x += 1;
            }
            secs.sort_unstable();
            let next = sigs.len() as u32;
            let weight = (x - f) - 1;
            let id = *sigs
                .entry((std::mem::take(&mut secs), weight))
                .or_insert_with_key(|(key, _)| {
                    for &j in key {
                        by_item[j as usize].push(next);
                    }
                    bits.wsig.push(weight);
                    next
                });
            bits.sig.push(id);
            bits.weight.push(weight);
            bits.istart.push(bits.items.len() as u32);
            bits.pstart.push(bits.prims.len() as u32);
        }
        bits.jstart.push(0);
        for v in &by_item {
            bits.jsigs.extend_from_slice(v);
            bits.jstart.push(bits.jsigs.len() as u32);
        }
        if !clash.is_empty() {
            // clash[j, x]: j's column less the options that give j colour x.
            bits.col.resize((n + 1 + clash.len()) * w, 0);
            for (&(i, _), &r) in &clash {
                let (i, r) = (i as usize, r as usize);
                bits.col.copy_within(i * w..(i + 1) * w, r * w);
            }
            for b in 0..bits.nbits {
                for t in bits.istart[b] as usize..bits.istart[b + 1] as usize {
                    if bits.ncol[t] != 0 {
                        let r = bits.nrow[t] as usize;
                        bits.col[r * w + b / 64] &= !(1 << (b % 64));
                    }
                }
            }
        }
        if !links.has_colors() && bits.nbits > 0 && bits.nbits.saturating_mul(w) <= omask_words() {
            let mut omask = vec![0u64; bits.nbits * w];
            for (b, m) in omask.chunks_exact_mut(w).enumerate() {
                for &i in &bits.items[bits.istart[b] as usize..bits.istart[b + 1] as usize] {
                    let row = &bits.col[i as usize * w..(i as usize + 1) * w];
                    for (x, &r) in m.iter_mut().zip(row) {
                        *x |= r;
                    }
                }
            }
            bits.omask = omask;
        }
        let k = bits.pstart.get(1).map_or(0, |&e| e as usize);
        if (1..=MAX_K).contains(&k) && bits.pstart.windows(2).all(|p| (p[1] - p[0]) as usize == k) {
            bits.k = k;
            if !k.is_power_of_two() {
                let ks = k.next_power_of_two();
                bits.prow = vec![0; bits.nbits * ks];
                for (b, r) in bits.prow.chunks_exact_mut(ks).enumerate() {
                    for (x, &q) in r.iter_mut().zip(&bits.prims[b * k..(b + 1) * k]) {
                        // A position is below MAX_PRIMARY (4096).
                        *x = q as u16;
                    }
                }
            }
        }
        if let Some(&w) = bits.weight.first() {
            if bits.weight.iter().all(|&x| x == w) {
                bits.same_weight = w;
            }
        }
        if !links.has_colors() && bits.same_weight == u32::MAX {
            bits.k = 0;
            bits.prow = Vec::new();
        }
        if bits.stride <= BMASK_LANES
            && !links.has_colors()
            && bits.same_weight != u32::MAX
            && bits.nbits.saturating_mul(bits.stride) <= BMASK_BYTES
            && bmask_pays(bits.primary_overlap())
        {
            let st = bits.stride;
            let mut bm = vec![0u8; bits.nbits * st];
            for (b, r) in bm.chunks_exact_mut(st).enumerate() {
                let (s, e) = (bits.pstart[b] as usize, bits.pstart[b + 1] as usize);
                for &q in &bits.prims[s..e] {
                    r[q as usize] = 1;
                }
            }
            bits.bmask = bm;
        }
        bits
    }

    /// [`overlap`] over the primary items, from the options' rows of primary positions.
    fn primary_overlap(&self) -> f64 {
        let mut len = vec![0u64; self.stride];
        for &q in &self.prims {
            len[q as usize] += 1;
        }
        let met: u64 = self.prims.iter().map(|&q| len[q as usize]).sum();
        let np = len.iter().filter(|&&c| c > 0).count();
        met as f64 / self.nbits.max(1) as f64 / np.max(1) as f64
    }

    /// The length of the options' rows of primary items when they all have one (see `k`), else 0.
    #[cfg(test)]
    pub(crate) fn row_len(&self) -> usize {
        self.k
    }

    /// Level `l` of the walk (a copy: it changes only through the walk's own operations).
    #[inline(always)]
    pub(crate) fn level(&self, l: usize) -> BitLevel {
        self.lv[l]
    }

    /// Puts level `l` (whose item is covered) at bit `cursor`, the `k`-th option tried: where a
    /// replayed path or a resumed level stands.
    pub(crate) fn set_level(&mut self, l: usize, cursor: u32, k: u32) {
        self.lv[l].cursor = cursor;
        self.lv[l].k = k;
    }

    /// Moves level `l`'s cursor to the next option of its item (`u32::MAX` when none is left).
    #[inline(always)]
    pub(crate) fn advance(&mut self, l: usize) {
        let v = self.lv[l];
        // (`d` options, `k` of them tried: after the last, no scan for the one that is not there,
        // which on a forced move would look at every word left.)
        self.lv[l].cursor = if v.k >= v.d {
            debug_assert_eq!(self.next_option(l, v.cursor), u32::MAX);
            u32::MAX
        } else {
            self.next_option(l, v.cursor)
        };
    }

    /// Tries the option at level `l`'s cursor, counting it as the next of the level: DLX1's updates,
    /// or `None` when the item's options are exhausted.
    /// With `XCC`, also the cleansings (0 without).
    #[inline(always)]
    pub(crate) fn try_cursor<const XCC: bool>(&mut self, l: usize) -> Option<(u64, u64)> {
        let x = self.lv[l].cursor;
        if x == u32::MAX {
            return None;
        }
        self.lv[l].k += 1;
        Some(self.try_any::<XCC>(l, x))
    }

    /// `try_option`, or with `XCC` `try_option_xcc`: (updates, cleansings).
    #[inline(always)]
    pub(crate) fn try_any<const XCC: bool>(&mut self, l: usize, x: u32) -> (u64, u64) {
        if XCC {
            self.try_option_xcc(l, x)
        } else {
            (self.try_option(l, x), 0)
        }
    }

    /// Forgets the purifications made at level `l` and below (the items purified before level `l`
    /// stay): where a level starts again, or tries its next option.
    #[inline(always)]
    fn unpurify_to(&mut self, l: usize) {
        let mark = self.lv[l].mark as usize;
        while self.pstack.len() > mark {
            let j = self.pstack.pop().expect("above the mark") as usize;
            self.pcol[j] = 0;
            for &g in &self.jsigs[self.jstart[j] as usize..self.jstart[j + 1] as usize] {
                self.wsig[g as usize] = self.wsig[g as usize].wrapping_add(1);
            }
        }
    }

    /// Item `j` is purified with colour `k` (on the path, `pstack`).
    #[inline(always)]
    fn purified(&mut self, j: usize, k: u32) {
        self.pcol[j] = k;
        self.pstack.push(j as u32);
        for &g in &self.jsigs[self.jstart[j] as usize..self.jstart[j + 1] as usize] {
            // (Below 0 only for signatures whose options are all hidden by then: wrapping.)
            self.wsig[g as usize] = self.wsig[g as usize].wrapping_sub(1);
        }
    }

    /// Makes room for level `l` (and its arrays). The test is on every try; the growth, rare, is out
    /// of line.
    #[inline(always)]
    fn reserve(&mut self, l: usize) {
        if self.lv.len() <= l {
            self.grow(l);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, l: usize) {
        let levels = (l + 1).max(self.lv.len() * 2).max(8);
        self.lv.resize(levels, BitLevel::default());
        self.a.resize(levels * self.w, 0);
        self.ac.resize(levels * self.w, 0);
        self.lenc.resize(levels * self.stride, COVERED);
    }

    /// The bit of option `k` (`None` for an empty option).
    pub(crate) fn bit(&self, k: usize) -> Option<u32> {
        Some(self.bit_of[k]).filter(|&b| b != u32::MAX)
    }

    /// The item header at list position `p`.
    pub(crate) fn item_at(&self, p: u32) -> u32 {
        self.at[p as usize]
    }

    /// The list position of primary item `c`.
    pub(crate) fn pos_of(&self, c: u32) -> u32 {
        self.pos[c as usize]
    }

    /// The node of option `b` in the list of item `c` (one of its items): what DLX's path holds.
    pub(crate) fn node(&self, b: u32, c: u32) -> u32 {
        let (s, e) = (self.istart[b as usize], self.istart[b as usize + 1]);
        let j = self.items[s as usize..e as usize]
            .iter()
            .position(|&i| i == c)
            .expect("the option holds the item");
        self.first[b as usize] + j as u32
    }

    /// Level 0: every option active but those that clash with the `chosen` ones (bits of options
    /// chosen before the search), whose items are covered.
    pub(crate) fn root(&mut self, chosen: &[u32]) {
        self.reserve(0);
        let w = self.w;
        let nbits = self.nbits;
        self.lv[0].mark = 0;
        self.unpurify_to(0);
        {
            let a = &mut self.a[..w];
            a.fill(!0);
            if !nbits.is_multiple_of(64) {
                a[w - 1] = (1u64 << (nbits % 64)) - 1;
            }
            if nbits == 0 {
                a[0] = 0;
            }
        }
        for &b in chosen {
            let (s, e) = (self.istart[b as usize], self.istart[b as usize + 1]);
            for t in s as usize..e as usize {
                // Cover the item, or purify it with the option's colour (nothing when an option
                // chosen before gave it that colour already).
                let (i, k) = (self.items[t] as usize, self.ncol[t]);
                if k != 0 {
                    if self.pcol[i] == k {
                        continue;
                    }
                    self.purified(i, k);
                }
                let r = self.nrow[t] as usize;
                let row = &self.col[r * w..(r + 1) * w];
                for (x, &m) in self.a[..w].iter_mut().zip(row) {
                    *x &= !m;
                }
            }
        }
        let a = &self.a[..w];
        self.len.resize(self.stride, COVERED);
        let len = &mut self.len[..self.stride];
        len.fill(COVERED);
        for (p, &c) in self.at.iter().enumerate() {
            let row = &self.col[c as usize * w..(c as usize + 1) * w];
            // At most MAX_OPTIONS, below COVERED.
            len[p] = a
                .iter()
                .zip(row)
                .map(|(&x, &m)| (x & m).count_ones())
                .sum::<u32>() as i16;
        }
        // The chosen options' items are covered (their lengths came to 0 above).
        for &b in chosen {
            let (s, e) = (self.pstart[b as usize], self.pstart[b as usize + 1]);
            for &p in &self.prims[s as usize..e as usize] {
                len[p as usize] = COVERED;
            }
        }
        let (lo, hi) = span(a);
        self.lv[0].lo = lo as u32;
        self.lv[0].hi = hi as u32;
        self.lv[0].mark = self.pstack.len() as u32;
    }

    /// The item to branch on at level `l`: MRV's first item of least length in list order, or with
    /// `FIRST` the first item left; `None` when every primary item is covered (a solution). Returns
    /// its position and length.
    #[inline(always)]
    pub(crate) fn choose<const FIRST: bool>(&self, l: usize) -> Option<(u32, u32)> {
        debug_assert!(l < self.lv.len());
        let len = &self.len[..self.stride];
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if !FIRST {
            return super::raw::wasm::least(len);
        }
        #[cfg(target_arch = "x86_64")]
        if !FIRST {
            return super::raw::sse2::least(len);
        }
        scan::<FIRST>(len)
    }

    /// Covers the item at position `p`, chosen at level `l` with `d` options: level `l`'s sets and
    /// lengths once they are hidden, and its first option to try. Returns DLX1's updates for the
    /// cover (1 for the item, `size - 1` for each option hidden).
    ///
    ///
    /// Sets of fewer than [`LONG_WORDS`] words take `cover_k` (see `try_option`); colours and long
    /// sets `cover_any`.
    #[inline(always)]
    pub(crate) fn cover<const XCC: bool>(&mut self, l: usize, p: u32, d: u32) -> u64 {
        if XCC || is_long(self.w) {
            self.cover_any::<XCC>(l, p, d)
        } else {
            with_k!(self.k, self.cover_k[](l, p, d))
        }
    }

    /// `cover` for options of any number of primary items, its pass out of line. Out of line in
    /// wasm only: V8 then allocates `run_bits`' registers better, having less live in the walk;
    /// natively inlined, where LLVM allocates them well either way.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn cover_any<const XCC: bool>(&mut self, l: usize, p: u32, d: u32) -> u64 {
        self.cover_in::<0, XCC, true>(l, p, d)
    }

    /// `cover` for options of `K` primary items (0: mixed) on short sets: a function that calls
    /// nothing, its pass inlined (see `try_option_k`).
    #[inline(never)]
    fn cover_k<const K: usize>(&mut self, l: usize, p: u32, d: u32) -> u64 {
        self.cover_in::<K, false, false>(l, p, d)
    }

    /// The body of `cover`: the pass `keep_pass::<K>` inlined, or with `ANY` chosen by `self.k`
    /// and out of line.
    #[inline(always)]
    fn cover_in<const K: usize, const XCC: bool, const ANY: bool>(
        &mut self,
        l: usize,
        p: u32,
        d: u32,
    ) -> u64 {
        if XCC {
            self.unpurify_to(l);
        }
        let w = self.w;
        let (lo, hi) = (self.lv[l].lo as usize, self.lv[l].hi as usize);
        let c = self.at[p as usize] as usize;
        let row = &self.col[c * w..(c + 1) * w];
        let a = &self.a[l * w..(l + 1) * w];
        let ac = &mut self.ac[l * w..(l + 1) * w];
        let lenc = &mut self.lenc[l * self.stride..(l + 1) * self.stride];
        copy_lengths(lenc, &self.len[..self.stride]);
        let (a, row, ac) = (&a[lo..hi], &row[lo..hi], &mut ac[lo..hi]);
        let (wt, ps, pr, pw) = (&self.weight, &self.pstart, &self.prims, &self.prow);
        let sw = self.same_weight;
        let updates = 1 + if XCC {
            let opts = Options {
                weight: wt,
                pstart: ps,
                prims: pr,
                prow: pw,
                same_weight: sw,
                sig: &self.sig,
                wsig: &self.wsig,
            };
            with_k!(self.k, keep_pass_xcc(&opts, lo, a, row, ac, lenc))
        } else if !self.bmask.is_empty() {
            let hid = &mut self.hid[lo..hi + 2];
            keep_pass_rows(&self.bmask, ps, pr, sw, a, row, ac, hid, lenc, lo, u32::MAX)
        } else if ANY {
            let hid = hid_words(&mut self.hid, lo, hi);
            with_k!(
                self.k,
                keep_pass_out(wt, ps, pr, pw, sw, lo, a, row, ac, hid, lenc, u32::MAX)
            )
        } else {
            keep_pass::<K, false>(wt, ps, pr, pw, sw, lo, a, row, ac, &mut [], lenc, &mut 0)
        };
        // The words of the item's options, where the pass found them (out of line, on long sets).
        let opts = if !XCC && ((ANY && HID_WORDS.is_some()) || !self.bmask.is_empty()) {
            self.hid[hi + 1]
        } else {
            NZ_UNKNOWN
        };
        // The first option of the item's list still active.
        let first = if opts != NZ_UNKNOWN {
            if opts == 0 {
                u32::MAX
            } else {
                let i = opts.trailing_zeros() as usize;
                ((lo + i) * 64) as u32 + (a[i] & row[i]).trailing_zeros()
            }
        } else {
            a.iter()
                .zip(row)
                .position(|(&x, &m)| x & m != 0)
                .map_or(u32::MAX, |i| {
                    ((lo + i) * 64) as u32 + (a[i] & row[i]).trailing_zeros()
                })
        };
        lenc[p as usize] = COVERED;
        if !XCC && self.omask.is_empty() {
            let (f, t) = span(&self.ac[l * w + lo..l * w + hi]);
            (self.lv[l].clo, self.lv[l].chi) = ((lo + f) as u32, (lo + t) as u32);
        }
        self.lv[l].opts = opts;
        self.lv[l].pos = p;
        self.lv[l].cursor = first;
        self.lv[l].k = 0;
        self.lv[l].d = d;
        updates
    }

    /// The option of the item branched on at level `l` after bit `after` (in the order of its
    /// list), `u32::MAX` when there is none.
    #[inline(always)]
    pub(crate) fn next_option(&self, l: usize, after: u32) -> u32 {
        let w = self.w;
        let c = self.at[self.lv[l].pos as usize] as usize;
        let row = &self.col[c * w..(c + 1) * w];
        let a = &self.a[l * w..(l + 1) * w];
        let b = after as usize + 1;
        let (mut i, hi) = (b / 64, self.lv[l].hi as usize);
        if i >= hi {
            return u32::MAX;
        }
        let mut m = a[i] & row[i] & (!0u64 << (b % 64));
        let opts = self.lv[l].opts;
        if opts != NZ_UNKNOWN {
            if m != 0 {
                return (i * 64) as u32 + m.trailing_zeros();
            }
            // The next word with an option of the item, as `cover` found them.
            let j = i + 1 - self.lv[l].lo as usize;
            let rest = if j < 64 { opts >> j << j } else { 0 };
            if rest == 0 {
                return u32::MAX;
            }
            i = self.lv[l].lo as usize + rest.trailing_zeros() as usize;
            return (i * 64) as u32 + (a[i] & row[i]).trailing_zeros();
        }
        loop {
            if m != 0 {
                return (i * 64) as u32 + m.trailing_zeros();
            }
            i += 1;
            if i >= hi {
                return u32::MAX;
            }
            m = a[i] & row[i];
        }
    }

    /// Tries option `x` at level `l` (whose item is covered): level `l + 1`'s active options and
    /// lengths, with the items of `x` covered. Returns DLX1's updates for covering `x`'s other items.
    ///
    /// On sets of fewer than [`LONG_WORDS`] words, a function of its own for each `K` that calls
    /// nothing (`try_option_k`: its pass, `keep_pass::<K>`, inlined). Under V8 a call spills every
    /// value live across it (its calling convention keeps none in registers), and one function
    /// with all nine passes inlined kept few values in registers at all. On long sets, where a
    /// pass is long enough to pay for its call, `try_option_any`, inlined into the walk with its
    /// pass out of line. Where the options' masks are not made (`omask`, large instances) the
    /// long way too, so that the leaves hold no code to make a mask.
    #[inline(always)]
    pub(crate) fn try_option(&mut self, l: usize, x: u32) -> u64 {
        if is_long(self.w) || self.omask.is_empty() {
            self.try_option_in::<0, true, false>(l, x)
        } else {
            with_k!(self.k, self.try_option_k[false](l, x))
        }
    }

    /// A forced move: covers the item at position `p`, chosen at level `l` with one option, and
    /// tries that option, in one pass (Algorithm X without colours). Returns DLX1's updates for
    /// both. The option's mask (`omask`) holds the item's column, so one pass from level `l`'s
    /// set hides the item's options and those of the option's other items, as `cover` and then
    /// `try_option` would (the two sets hidden are disjoint, and the updates are their sums); and
    /// what `cover` makes for the level's other options (`ac`, `lenc`) is never read, since
    /// there are none. Most nodes are forced (13-queens: 564k of 785k covers, Langford 11 211k of
    /// 309k, pentomino 6x10 413k of 1.2M): a call, a copy of the lengths and a pass a node saved.
    #[inline(always)]
    pub(crate) fn force(&mut self, l: usize, p: u32) -> u64 {
        if self.omask.is_empty() {
            let updates = self.cover::<false>(l, p, 1);
            self.lv[l].k = 1;
            return updates + self.try_option(l, self.lv[l].cursor);
        }
        if is_long(self.w) {
            self.try_option_in::<0, true, true>(l, p)
        } else {
            with_k!(self.k, self.try_option_k[true](l, p))
        }
    }

    /// `try_option` (or with `FORCED`, `force`) for options of `K` primary items (0: mixed) on
    /// short sets.
    #[inline(never)]
    fn try_option_k<const K: usize, const FORCED: bool>(&mut self, l: usize, x: u32) -> u64 {
        self.try_option_in::<K, false, FORCED>(l, x)
    }

    /// The body of `try_option`: the pass `keep_pass::<K>` inlined, or with `ANY` chosen by
    /// `self.k` and out of line. With `FORCED` the body of `force`: `x` is then the position of
    /// the item to cover, its one option is found here, and the pass starts from level `l`'s
    /// set and lengths rather than from what `cover` left (`ac`, `lenc`).
    #[inline(always)]
    fn try_option_in<const K: usize, const ANY: bool, const FORCED: bool>(
        &mut self,
        l: usize,
        x: u32,
    ) -> u64 {
        self.reserve(l + 1);
        let w = self.w;
        let st = self.stride;
        // The words in play: level `l`'s, or where the try makes its mask, those of `ac[l]` that
        // `cover` found non-zero (outside them the level below is never read).
        let v = self.lv[l];
        let (lo, hi) = if ANY && !FORCED && self.omask.is_empty() {
            (v.clo as usize, v.chi as usize)
        } else {
            (v.lo as usize, v.hi as usize)
        };
        let x = if FORCED {
            let p = x;
            let c = self.at[p as usize] as usize;
            let row = &self.col[c * w + lo..c * w + hi];
            let a = &self.a[l * w + lo..l * w + hi];
            let i = a
                .iter()
                .zip(row)
                .position(|(&x, &m)| x & m != 0)
                .expect("a forced item has an option");
            let x = ((lo + i) * 64) as u32 + (a[i] & row[i]).trailing_zeros();
            let v = &mut self.lv[l];
            (v.pos, v.cursor, v.k, v.d, v.opts) = (p, x, 1, 1, NZ_UNKNOWN);
            x
        } else {
            x
        };
        let c = self.at[self.lv[l].pos as usize];
        let (s, e) = (
            self.istart[x as usize] as usize,
            self.istart[x as usize + 1] as usize,
        );
        // The mask: the union of the option's items' columns over the words in play, made once
        // (`omask`); where it is not, the union of the other items' columns made here, column by
        // column: plain loops over slices, which compile to vector ORs (SSE2 natively, simd128 in
        // wasm). The first two columns are ORed into place rather than the mask cleared first: in
        // wasm a clear or a copy is a call out of the module (`memory.fill`, `memory.copy`).
        debug_assert_eq!(self.items[s..e].iter().filter(|&&i| i == c).count(), 1);
        debug_assert!(!FORCED || !self.omask.is_empty());
        // One update for each item covered: the option's other items, and the forced item.
        let mut updates = (e - s - 1) as u64 + u64::from(FORCED);
        if ANY && self.omask.is_empty() {
            let mask = &mut self.mask[lo..hi];
            let col = &self.col;
            let row = |i: u32| &col[i as usize * w + lo..i as usize * w + hi];
            let mut others = self.items[s..e].iter().filter(|&&i| i != c);
            match (others.next(), others.next()) {
                (Some(&i), Some(&j)) => {
                    for ((m, &r), &t) in mask.iter_mut().zip(row(i)).zip(row(j)) {
                        *m = r | t;
                    }
                    for &i in others {
                        for (m, &r) in mask.iter_mut().zip(row(i)) {
                            *m |= r;
                        }
                    }
                }
                (Some(&i), None) => mask.copy_from_slice(row(i)),
                _ => mask.fill(0),
            }
        }
        let mask: &[u64] = if ANY && self.omask.is_empty() {
            &self.mask[lo..hi]
        } else {
            &self.omask[x as usize * w + lo..x as usize * w + hi]
        };
        // From level l's set and lengths once its item is covered, or where forced before.
        let (ac, a1) = if FORCED {
            let (here, below) = self.a.split_at_mut((l + 1) * w);
            (&here[l * w..], &mut below[..w])
        } else {
            (
                &self.ac[l * w..(l + 1) * w],
                &mut self.a[(l + 1) * w..(l + 2) * w],
            )
        };
        // The lengths of level l + 1: where forced, level l's decremented in place.
        let len1 = &mut self.len[..st];
        if !FORCED {
            copy_lengths(len1, &self.lenc[l * st..(l + 1) * st]);
        }
        // Then, word by word, the options kept, those hidden, and the range of words left.
        let a1 = &mut a1[lo..hi];
        let (wt, ps, pr, pw) = (&self.weight, &self.pstart, &self.prims, &self.prow);
        let sw = self.same_weight;
        let mut nz = NZ_UNKNOWN;
        let rows = !self.bmask.is_empty();
        updates += if rows {
            keep_pass_rows(
                &self.bmask,
                ps,
                pr,
                sw,
                &ac[lo..hi],
                mask,
                a1,
                &mut self.hid[lo..hi + 2],
                len1,
                lo,
                if ANY { x } else { u32::MAX },
            )
        } else if ANY {
            with_k!(
                self.k,
                keep_pass_out(
                    wt,
                    ps,
                    pr,
                    pw,
                    sw,
                    lo,
                    &ac[lo..hi],
                    mask,
                    a1,
                    hid_words(&mut self.hid, lo, hi),
                    len1,
                    x
                )
            )
        } else {
            keep_pass::<K, false>(
                wt,
                ps,
                pr,
                pw,
                sw,
                lo,
                &ac[lo..hi],
                mask,
                a1,
                &mut [],
                len1,
                &mut nz,
            )
        };
        // The option's primary items are covered: with `K` fixed, `K` stores at known places.
        // (Out of line, `keep_pass_out` does it, with `K` known.)
        if !ANY {
            mark_covered::<K>(&self.pstart, &self.prims, &self.prow, x as usize, len1);
        }
        // The words of level l + 1 that may be non-zero: out of line, `keep_hid` found them.
        let nz = if (ANY && HID_WORDS.is_some()) || rows {
            self.hid[hi]
        } else {
            nz
        };
        let (f, t) = match nz {
            NZ_UNKNOWN => span(&self.a[(l + 1) * w + lo..(l + 1) * w + hi]),
            0 => (0, 0),
            _ => (
                nz.trailing_zeros() as usize,
                64 - nz.leading_zeros() as usize,
            ),
        };
        self.lv[l + 1].lo = (lo + f) as u32;
        self.lv[l + 1].hi = (lo + t) as u32;
        updates
    }

    /// `try_option` with colours (Algorithm C's commits): level `l + 1`'s active options and lengths
    /// once each other item of `x` is covered (no colour) or purified (a colour), in the order DLX2
    /// commits them (cyclically from the node after the item branched on), since the updates of a
    /// hidden option depend on which items were purified before it was hidden. Returns DLX2's
    /// (updates, cleansings).
    ///
    /// The commits are listed first (those of items purified already with the same colour, DLX2's
    /// marked nodes, left out), then done in one call of `commit_pass`, which copies level `l`'s set
    /// on its way: on MacMahon's triangles (an option: 2 primary items and up to 3 coloured edges, a
    /// set of 15 words) a call, a set of slices and a copy a commit were a third of the node.
    #[inline(always)]
    pub(crate) fn try_option_xcc(&mut self, l: usize, x: u32) -> (u64, u64) {
        self.reserve(l + 1);
        self.unpurify_to(l);
        let w = self.w;
        let st = self.stride;
        let c = self.at[self.lv[l].pos as usize];
        let (s, e) = (
            self.istart[x as usize] as usize,
            self.istart[x as usize + 1] as usize,
        );
        let (lo, hi) = (self.lv[l].lo as usize, self.lv[l].hi as usize);
        let jc = s + self.items[s..e]
            .iter()
            .position(|&i| i == c)
            .expect("the option holds the item branched on");
        self.commits.clear();
        for t in (jc + 1..e).chain(s..jc) {
            let (i, k) = (self.items[t], self.ncol[t]);
            if k != 0 && self.pcol[i as usize] == k {
                // Marked: an option on the path gave the item this colour already.
                continue;
            }
            self.commits.push(Commit {
                row: self.nrow[t],
                item: i,
                color: k,
            });
        }
        let Bits {
            a,
            ac,
            len,
            lenc,
            col,
            commits,
            weight,
            pstart,
            prims,
            prow,
            sig,
            wsig,
            jstart,
            jsigs,
            ..
        } = self;
        let len1 = &mut len[..st];
        copy_lengths(len1, &lenc[l * st..(l + 1) * st]);
        let a1 = &mut a[(l + 1) * w + lo..(l + 1) * w + hi];
        let here = &ac[l * w + lo..l * w + hi];
        let pass = CommitPass {
            weight,
            pstart,
            prims,
            prow,
            same_weight: self.same_weight,
            sig,
            jstart,
            jsigs,
            col,
            w,
            lo,
        };
        let (updates, cleansings) =
            with_k!(self.k, commit_pass(&pass, wsig, commits, here, a1, len1));
        for t in 0..self.commits.len() {
            let Commit { item, color, .. } = self.commits[t];
            if color != 0 {
                // `commit_pass` counted it in `wsig` already.
                self.pcol[item as usize] = color;
                self.pstack.push(item);
            }
        }
        let a1 = &self.a[(l + 1) * w + lo..(l + 1) * w + hi];
        let (f, t) = span(a1);
        let len1 = &mut self.len[..st];
        let (s, e) = (
            self.pstart[x as usize] as usize,
            self.pstart[x as usize + 1] as usize,
        );
        for &q in &self.prims[s..e] {
            len1[q as usize] = COVERED;
        }
        self.lv[l + 1].lo = (lo + f) as u32;
        self.lv[l + 1].hi = (lo + t) as u32;
        self.lv[l + 1].mark = self.pstack.len() as u32;
        (updates, cleansings)
    }
}
