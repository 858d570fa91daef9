//! Every unchecked access of the bit sets: the hide loop over an option's primary items, and the
//! vector code (wasm SIMD, and SSE2 natively) of MRV's scan, the copies and the passes.

use super::*;

/// Takes the options of bits `r` of word `i` out of the lengths `len` (each of their primary items
/// loses one), and returns DLX1's updates for hiding them (`size - 1` each). The hot loop of
/// `keep_pass`, without bounds checks. With `K > 0` every option has `K` primary items, at
/// `prims[b * K..]` where `K` is a power of two and else at `prow[b * ks..]` (`Bits::prow`): a loop
/// of fixed length, which the compiler unrolls, and no offsets to read. `one_size`: every option has
/// the same weight, known where `K > 0` without colours (`Bits::k`).
// The one unchecked loop outside `links/raw.rs`: it is the bit sets' inner loop, and a bounds
// check on every primary item of every option hidden is a share of the whole count.
#[allow(unsafe_code)]
#[inline(always)]
pub(super) fn hide<const K: usize, const XCC: bool>(
    opts: &Options,
    mut r: u64,
    i: usize,
    len: &mut [i16],
    one_size: bool,
) -> u64 {
    debug_assert!(!one_size || opts.same_weight != u32::MAX);
    // With colours the option's signature says its updates (`wsig`), weight included.
    let same = !XCC && (one_size || opts.same_weight != u32::MAX);
    let mut updates = if same {
        u64::from(r.count_ones()) * u64::from(opts.same_weight)
    } else {
        0
    };
    while r != 0 {
        let b = i * 64 + r.trailing_zeros() as usize;
        r &= r - 1;
        debug_assert!(b + 1 < opts.pstart.len() && b < opts.weight.len());
        debug_assert!(
            K == 0 || K.is_power_of_two() || b * K.next_power_of_two() + K <= opts.prow.len()
        );
        // SAFETY: every set bit of a level's sets is an option (`root` clears the bits past the
        // last one, and sets only shrink), so b < weight.len() == pstart.len() - 1; pstart holds
        // offsets into prims, in order; with K > 0 a power of two prims has nbits * K entries,
        // else prow nbits * ks (`Bits::new`); a primary position q < np <= stride == len.len().
        unsafe {
            if !XCC && !same {
                updates += u64::from(*opts.weight.get_unchecked(b));
            }
            // One option fewer for each of its primary items.
            let mut take = |q: usize| {
                debug_assert!(q < len.len());
                *len.get_unchecked_mut(q) -= 1;
            };
            if K > 0 && K.is_power_of_two() {
                opts.prims
                    .get_unchecked(b * K..b * K + K)
                    .iter()
                    .for_each(|&q| take(q as usize));
            } else if K > 0 {
                let ks = K.next_power_of_two();
                opts.prow
                    .get_unchecked(b * ks..b * ks + K)
                    .iter()
                    .for_each(|&q| take(q.into()));
            } else {
                let s = *opts.pstart.get_unchecked(b) as usize;
                let e = *opts.pstart.get_unchecked(b + 1) as usize;
                opts.prims
                    .get_unchecked(s..e)
                    .iter()
                    .for_each(|&q| take(q as usize));
            }
            if XCC {
                // The option's weight less its nodes in purified items, which DLX2 leaves where
                // they are (marked): not updates. (sig has an entry for every bit, as weight;
                // every signature has its entry in wsig: `Bits::new`.)
                debug_assert!(b < opts.sig.len() && (opts.sig[b] as usize) < opts.wsig.len());
                let g = *opts.sig.get_unchecked(b) as usize;
                updates += u64::from(*opts.wsig.get_unchecked(g));
            }
        }
    }
    updates
}

/// MRV's scan and the copies of the lengths in wasm SIMD. For wasm LLVM left the block minimums of
/// `Bits::choose` scalar (16 compares and moves a block: a quarter of the time of `run_bits` under
/// V8), and an elementwise rewrite came out as shuffles. So here the vectors are spelled out: the
/// lanes' minimums over every length, spread to every lane, then the first equal one (`sse2` does
/// the same natively on x86_64).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
pub(super) mod wasm {
    use crate::core::bits::{BLOCK, COVERED};
    use core::arch::wasm32::*;

    // A level's lengths are whole blocks, so whole pairs of vectors, which `least` takes two at a
    // time.
    const _: () = assert!(BLOCK.is_multiple_of(16));

    /// `dst.copy_from_slice(src)` for lengths, 8 at a time. The common sizes (up to 64 primary
    /// items) go to a copy of fixed length, straight-line code: V8 puts a stack check and its own
    /// counter on every turn of a loop.
    #[inline(always)]
    pub(in crate::core::bits) fn copy(dst: &mut [i16], src: &[i16]) {
        assert_eq!(dst.len(), src.len());
        match dst.len() {
            16 => copy_n::<2>(dst, src),
            32 => copy_n::<4>(dst, src),
            48 => copy_n::<6>(dst, src),
            64 => copy_n::<8>(dst, src),
            80 => copy_n::<10>(dst, src),
            96 => copy_n::<12>(dst, src),
            _ => {
                for (d, s) in dst.chunks_exact_mut(8).zip(src.chunks_exact(8)) {
                    // SAFETY: both chunks are 8 i16, 16 bytes; v128 loads and stores are unaligned.
                    unsafe {
                        v128_store(
                            d.as_mut_ptr().cast::<v128>(),
                            v128_load(s.as_ptr().cast::<v128>()),
                        )
                    }
                }
            }
        }
    }

    /// `super::keep_hid` on at most 64 words: two words a vector, and a vector's non-zero words
    /// of `out` as two bits of the answer.
    #[inline(always)]
    pub(in crate::core::bits) fn keep_hid(
        here: &[u64],
        mask: &[u64],
        out: &mut [u64],
        hid: &mut [u64],
    ) -> (u64, u64) {
        let n = here.len();
        assert!(n <= 64 && mask.len() == n && out.len() == n && hid.len() == n);
        let (h, m) = (here.as_ptr().cast::<v128>(), mask.as_ptr().cast::<v128>());
        let (o, x) = (
            out.as_mut_ptr().cast::<v128>(),
            hid.as_mut_ptr().cast::<v128>(),
        );
        let (mut nz, mut hz) = (0u64, 0u64);
        // A vector's words that are not zero, as two bits.
        let some = |v: v128| u64::from(!i64x2_bitmask(i64x2_eq(v, i64x2_splat(0))) & 3);
        for i in 0..n / 2 {
            // SAFETY: vector i is words 2i and 2i + 1 < n of each slice (all n long); v128 loads
            // and stores are unaligned.
            unsafe {
                let (hv, mv) = (v128_load(h.add(i)), v128_load(m.add(i)));
                let (kept, gone) = (v128_andnot(hv, mv), v128_and(hv, mv));
                v128_store(o.add(i), kept);
                v128_store(x.add(i), gone);
                nz |= some(kept) << (2 * i);
                hz |= some(gone) << (2 * i);
            }
        }
        if n % 2 == 1 {
            let (hv, mv) = (here[n - 1], mask[n - 1]);
            out[n - 1] = hv & !mv;
            hid[n - 1] = hv & mv;
            nz |= u64::from(out[n - 1] != 0) << (n - 1);
            hz |= u64::from(hid[n - 1] != 0) << (n - 1);
        }
        (nz, hz)
    }

    /// `super::RowCounters` in `V` vectors of 16 bytes.
    struct VectorRows<'a, const V: usize> {
        rows: &'a [u8],
        len: &'a mut [i16],
        acc: [v128; V],
    }

    impl<const V: usize> super::RowCounters for VectorRows<'_, V> {
        #[inline(always)]
        fn add(&mut self, b: usize) {
            debug_assert!((b + 1) * 16 * V <= self.rows.len());
            // SAFETY: a set bit of a level's sets is an option, b < nbits, and `rows` holds
            // nbits rows of stride = 16 * V bytes (`Bits::new`); v128 loads are unaligned.
            unsafe {
                let p = self.rows.as_ptr().add(b * 16 * V).cast::<v128>();
                for (v, a) in self.acc.iter_mut().enumerate() {
                    *a = u8x16_add(*a, v128_load(p.add(v)));
                }
            }
        }

        #[inline(always)]
        fn take(&mut self) {
            let p = self.len.as_mut_ptr().cast::<v128>();
            for (v, a) in self.acc.iter_mut().enumerate() {
                // SAFETY: len holds 16 * V lanes, 2 * V vectors (asserted in `hide_rows`).
                unsafe {
                    let (l0, l1) = (p.add(2 * v), p.add(2 * v + 1));
                    v128_store(l0, i16x8_sub(v128_load(l0), u16x8_extend_low_u8x16(*a)));
                    v128_store(l1, i16x8_sub(v128_load(l1), u16x8_extend_high_u8x16(*a)));
                }
                *a = u8x16_splat(0);
            }
        }
    }

    /// `super::hide_rows` for lengths of `16 * V` lanes: the options' rows added into byte
    /// counters held in `V` vectors (`VectorRows`).
    #[inline(never)]
    pub(in crate::core::bits) fn hide_rows<const V: usize>(
        rows: &[u8],
        hid: &[u64],
        lo: usize,
        len: &mut [i16],
    ) -> u64 {
        assert!(len.len() == 16 * V);
        let mut c = VectorRows::<V> {
            rows,
            len,
            acc: [u8x16_splat(0); V],
        };
        super::count_rows(&mut c, hid, lo)
    }

    /// `super::keep_out` on at most 64 words, as `keep_hid`.
    #[inline(always)]
    pub(in crate::core::bits) fn keep_out(here: &[u64], mask: &[u64], out: &mut [u64]) -> u64 {
        let n = here.len();
        assert!(n <= 64 && mask.len() == n && out.len() == n);
        let (h, m) = (here.as_ptr().cast::<v128>(), mask.as_ptr().cast::<v128>());
        let o = out.as_mut_ptr().cast::<v128>();
        let mut nz = 0u64;
        let some = |v: v128| u64::from(!i64x2_bitmask(i64x2_eq(v, i64x2_splat(0))) & 3);
        for i in 0..n / 2 {
            // SAFETY: vector i is words 2i and 2i + 1 < n of each slice (all n long); v128 loads
            // and stores are unaligned.
            unsafe {
                let kept = v128_andnot(v128_load(h.add(i)), v128_load(m.add(i)));
                v128_store(o.add(i), kept);
                nz |= some(kept) << (2 * i);
            }
        }
        if n % 2 == 1 {
            out[n - 1] = here[n - 1] & !mask[n - 1];
            nz |= u64::from(out[n - 1] != 0) << (n - 1);
        }
        nz
    }

    /// `copy` of the first `N` vectors (`8 * N` lengths): a loop of constant length, which LLVM
    /// unrolls.
    #[inline(always)]
    fn copy_n<const N: usize>(dst: &mut [i16], src: &[i16]) {
        // (The caller matched on the length: these checks fold away.)
        let (dst, src) = (&mut dst[..8 * N], &src[..8 * N]);
        let (d, s) = (dst.as_mut_ptr().cast::<v128>(), src.as_ptr().cast::<v128>());
        for i in 0..N {
            // SAFETY: both slices hold 8 * N i16, so vector i (16 bytes at byte 16 * i) is inside
            // each; v128 loads and stores are unaligned.
            unsafe { v128_store(d.add(i), v128_load(s.add(i))) }
        }
    }

    /// The position and value of the first least length of `len` (whose size is a multiple of 16:
    /// whole blocks), `None` when all are `COVERED`. As `copy`, the common sizes in straight-line
    /// code.
    #[inline(always)]
    pub(in crate::core::bits) fn least(len: &[i16]) -> Option<(u32, u32)> {
        match len.len() {
            16 => least_n::<2>(len),
            32 => least_n::<4>(len),
            48 => least_n::<6>(len),
            64 => least_n::<8>(len),
            80 => least_n::<10>(len),
            96 => least_n::<12>(len),
            _ => least_any(len),
        }
    }

    /// `least` of the first `N` vectors (`8 * N` lengths), in loops of constant length.
    #[inline(always)]
    fn least_n<const N: usize>(len: &[i16]) -> Option<(u32, u32)> {
        // (The caller matched on the length: this check folds away.)
        let len = &len[..8 * N];
        let p = len.as_ptr().cast::<v128>();
        // SAFETY: `len` holds 8 * N i16, so vector i (16 bytes at byte 16 * i) is inside it;
        // v128_load reads unaligned.
        let v = |i: usize| unsafe { v128_load(p.add(i)) };
        // The choice of an item is on the path from one node to the next: the minimums as a tree
        // of four chains (a min with COVERED, i16::MAX, folds away) rather than one, then spread
        // to every lane (no lane extracted and splatted again).
        let mut acc = [i16x8_splat(COVERED); 4];
        for i in 0..N {
            acc[i % 4] = i16x8_min(acc[i % 4], v(i));
        }
        let m = spread_min(i16x8_min(
            i16x8_min(acc[0], acc[1]),
            i16x8_min(acc[2], acc[3]),
        ));
        let best = i16x8_extract_lane::<0>(m);
        if best == COVERED {
            return None;
        }
        // Where it is, without a branch a vector (which mispredicts as often as the least moves
        // from one vector to another): the compares of two vectors narrowed to one of 16 lanes,
        // whose bit masks make one word of 8 N bits.
        // (N is even: whole blocks.)
        let two =
            |i: usize| i8x16_bitmask(i8x16_narrow_i16x8(i16x8_eq(v(i), m), i16x8_eq(v(i + 1), m)));
        let at = if N <= 8 {
            let mut hits = 0u64;
            for i in (0..N).step_by(2) {
                hits |= u64::from(two(i)) << (8 * i);
            }
            hits.trailing_zeros()
        } else {
            // (80 to 128 lengths: pentominoes' 72 items.)
            let mut hits = 0u128;
            for i in (0..N).step_by(2) {
                hits |= u128::from(two(i)) << (8 * i);
            }
            hits.trailing_zeros()
        };
        Some((at, best as u32))
    }

    /// Every lane of `m` brought to the least of its lanes, by three butterflies: the compares
    /// that look for it then need no lane extracted and splatted again.
    #[inline(always)]
    fn spread_min(mut m: v128) -> v128 {
        m = i16x8_min(m, i16x8_shuffle::<4, 5, 6, 7, 0, 1, 2, 3>(m, m));
        m = i16x8_min(m, i16x8_shuffle::<2, 3, 0, 1, 6, 7, 4, 5>(m, m));
        i16x8_min(m, i16x8_shuffle::<1, 0, 3, 2, 5, 4, 7, 6>(m, m))
    }

    /// `least` of any number of vectors, in loops: two chains of minimums, then the position
    /// without a branch a vector, a branch for each 64 lengths.
    #[inline(always)]
    fn least_any(len: &[i16]) -> Option<(u32, u32)> {
        let load = |c: &[i16]| {
            let c = &c[..8];
            // SAFETY: `c` is 8 i16, 16 bytes; v128_load reads unaligned.
            unsafe { v128_load(c.as_ptr().cast::<v128>()) }
        };
        // (Whole pairs of vectors: the lengths are whole blocks.)
        let (mut a, mut b) = (i16x8_splat(COVERED), i16x8_splat(COVERED));
        for pair in len.chunks_exact(16) {
            a = i16x8_min(a, load(&pair[..8]));
            b = i16x8_min(b, load(&pair[8..]));
        }
        let m = spread_min(i16x8_min(a, b));
        let best = i16x8_extract_lane::<0>(m);
        if best == COVERED {
            return None;
        }
        let eq = |c: &[i16]| i16x8_eq(load(c), m);
        for (g, group) in len.chunks(64).enumerate() {
            let mut hits = 0u64;
            for (j, pair) in group.chunks_exact(16).enumerate() {
                let two = i8x16_narrow_i16x8(eq(&pair[..8]), eq(&pair[8..]));
                hits |= u64::from(i8x16_bitmask(two)) << (16 * j);
            }
            if hits != 0 {
                return Some(((g * 64) as u32 + hits.trailing_zeros(), best as u32));
            }
        }
        None
    }
}

/// MRV's scan natively on x86_64, as `simd::least` does it in wasm: the minimums of the lengths in
/// two chains of vectors, spread to every lane, then the first equal lane without a branch a
/// vector. The loop it replaces (a block's minimum, then the block searched for it) branched on
/// where the least length was and mispredicted as often as that moved. SSE2 only, which every
/// x86_64 has.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(super) mod sse2 {
    use crate::core::bits::{BLOCK, COVERED};
    use core::arch::x86_64::*;

    // A level's lengths are whole blocks, so whole pairs of vectors, taken two at a time.
    const _: () = assert!(BLOCK.is_multiple_of(16));

    /// The position and value of the first least length of `len` (whose size is a multiple of 16:
    /// whole blocks), `None` when all are `COVERED`.
    #[inline(always)]
    pub(in crate::core::bits) fn least(len: &[i16]) -> Option<(u32, u32)> {
        let load = |c: &[i16]| {
            let c = &c[..8];
            // SAFETY: `c` is 8 i16, 16 bytes; loadu reads unaligned; SSE2 is in every x86_64.
            unsafe { _mm_loadu_si128(c.as_ptr().cast::<__m128i>()) }
        };
        // SAFETY: SSE2 (every intrinsic below) is in every x86_64; no memory is touched but
        // through `load`.
        unsafe {
            let (mut a, mut b) = (_mm_set1_epi16(COVERED), _mm_set1_epi16(COVERED));
            for pair in len.chunks_exact(16) {
                a = _mm_min_epi16(a, load(&pair[..8]));
                b = _mm_min_epi16(b, load(&pair[8..]));
            }
            // The least spread to every lane by three butterflies.
            let mut m = _mm_min_epi16(a, b);
            m = _mm_min_epi16(m, _mm_shuffle_epi32::<0x4e>(m));
            m = _mm_min_epi16(m, _mm_shuffle_epi32::<0xb1>(m));
            m = _mm_min_epi16(
                m,
                _mm_shufflehi_epi16::<0xb1>(_mm_shufflelo_epi16::<0xb1>(m)),
            );
            let best = _mm_cvtsi128_si32(m) as i16;
            if best == COVERED {
                return None;
            }
            // Two vectors' compares narrowed to 16 bytes, whose sign bits make 16 bits of a word
            // of 64 lengths; a branch for each 64.
            for (g, group) in len.chunks(64).enumerate() {
                let mut hits = 0u64;
                for (j, pair) in group.chunks_exact(16).enumerate() {
                    let two = _mm_packs_epi16(
                        _mm_cmpeq_epi16(load(&pair[..8]), m),
                        _mm_cmpeq_epi16(load(&pair[8..]), m),
                    );
                    hits |= u64::from(_mm_movemask_epi8(two) as u16) << (16 * j);
                }
                if hits != 0 {
                    return Some(((g * 64) as u32 + hits.trailing_zeros(), best as u32));
                }
            }
            None
        }
    }
}
