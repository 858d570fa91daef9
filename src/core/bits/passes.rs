//! The passes over a level's words: an option tried (`keep_pass`, with colours `commit_pass`), the
//! covered items marked, the words kept and hidden, MRV's scan and the copies of the lengths.

use super::*;

/// The commits of `try_option_xcc` in order: `out` (words `lo..` of the level below) starts as
/// `here` and loses, commit by commit, the options of its row, which are hidden from `len` with the
/// marks of the items purified so far (`wsig`, which counts each purified item here as it goes).
/// Returns DLX2's (updates, cleansings): 1 an item covered and the hides' updates; 1 an item
/// purified and 1 each option left that agrees with its colour (DLX2 marks them).
#[inline(never)]
pub(super) fn commit_pass<const K: usize>(
    pass: &CommitPass,
    wsig: &mut [u32],
    commits: &[Commit],
    here: &[u64],
    out: &mut [u64],
    len: &mut [i16],
) -> (u64, u64) {
    let Some((first, rest)) = commits.split_first() else {
        out.copy_from_slice(here);
        return (0, 0);
    };
    // The first commit reads `here` and writes every word of `out` (no copy before it).
    let (mut updates, mut cleansings) = commit::<K, true>(pass, wsig, first, here, out, len);
    for cm in rest {
        let (u, c) = commit::<K, false>(pass, wsig, cm, &[], out, len);
        updates += u;
        cleansings += c;
    }
    (updates, cleansings)
}

/// One commit of `commit_pass`: from `here` into `out` (`FROM`), or in `out` in place.
#[inline(always)]
pub(super) fn commit<const K: usize, const FROM: bool>(
    pass: &CommitPass,
    wsig: &mut [u32],
    cm: &Commit,
    here: &[u64],
    out: &mut [u64],
    len: &mut [i16],
) -> (u64, u64) {
    let (w, lo, n) = (pass.w, pass.lo, out.len());
    let r = cm.row as usize * w + lo;
    let row = &pass.col[r..r + n];
    let here = if FROM { &here[..n] } else { here };
    let opts = Options {
        weight: pass.weight,
        pstart: pass.pstart,
        prims: pass.prims,
        prow: pass.prow,
        same_weight: pass.same_weight,
        sig: pass.sig,
        wsig,
    };
    let mut updates = 0;
    if cm.color == 0 {
        for (i, (x, &m)) in out.iter_mut().zip(row).enumerate() {
            let v = if FROM { here[i] } else { *x };
            let h = v & m;
            if FROM {
                *x = v & !m;
            }
            if h != 0 {
                if !FROM {
                    *x = v & !m;
                }
                updates += hide::<K, true>(&opts, h, lo + i, len, false);
            }
        }
        return (1 + updates, 0);
    }
    let j = cm.item as usize;
    let cj = &pass.col[j * w + lo..j * w + lo + n];
    let mut agree = 0u64;
    for (i, ((x, &m), &c)) in out.iter_mut().zip(row).zip(cj).enumerate() {
        let v = if FROM { here[i] } else { *x };
        let g = v & c & !m;
        if g != 0 {
            agree += u64::from(g.count_ones());
        }
        let h = v & m;
        if FROM {
            *x = v & !m;
        }
        if h != 0 {
            if !FROM {
                *x = v & !m;
            }
            updates += hide::<K, true>(&opts, h, lo + i, len, false);
        }
    }
    for &g in &pass.jsigs[pass.jstart[j] as usize..pass.jstart[j + 1] as usize] {
        wsig[g as usize] = wsig[g as usize].wrapping_sub(1);
    }
    (updates, 1 + agree)
}

/// `keep_pass` with colours: the updates of each hidden option leave out its nodes in items
/// purified on the path (DLX2 leaves them marked in place).
#[inline(never)]
pub(super) fn keep_pass_xcc<const K: usize>(
    opts: &Options,
    lo: usize,
    here: &[u64],
    mask: &[u64],
    out: &mut [u64],
    len: &mut [i16],
) -> u64 {
    for ((o, &h), &m) in out.iter_mut().zip(here).zip(mask) {
        *o = h & !m;
    }
    let mut updates = 0;
    for (i, (&h, &m)) in (lo..).zip(here.iter().zip(mask)) {
        updates += hide::<K, true>(opts, h & m, i, len, false);
    }
    updates
}

/// The pass of `Bits::cover` and `Bits::try_option` over words `lo..` of the sets: `out = here &
/// !mask` (the options kept), and the options of `here & mask` hidden from `len` (`mask` is the
/// column of the item covered, or the union of the columns of the option's other items). Returns
/// the updates of the hides.
///
/// Inlined into `cover_k` and `try_option_k` (short sets, no `hid`: `HID` false), or out of line
/// as `keep_pass_out`. Short sets give `nz` the words of `out` that are not zero ([`keep_out`]);
/// with `HID`, `hid` is two words longer than `here`, and those two get [`keep_hid`]'s answer for
/// `out` and `hid` (both [`NZ_UNKNOWN`] on fewer than [`HID_WORDS`] words), read by the caller
/// after the call.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn keep_pass<const K: usize, const HID: bool>(
    weight: &[u32],
    pstart: &[u32],
    prims: &[u32],
    prow: &[u16],
    same_weight: u32,
    lo: usize,
    here: &[u64],
    mask: &[u64],
    out: &mut [u64],
    hid: &mut [u64],
    len: &mut [i16],
    nz: &mut u64,
) -> u64 {
    let opts = Options {
        weight,
        pstart,
        prims,
        prow,
        same_weight,
        sig: &[],
        wsig: &[],
    };
    // Two loops rather than one: the first is vector code, and the second, the hot one, keeps
    // few values live. On long sets the first also writes the words hidden, `hid`, so that the
    // second reads one array, not two: in wasm it then keeps its values in registers; on short
    // ones (a few words) the stores cost more than they save.
    let mut updates = 0;
    let n = here.len();
    if HID && HID_WORDS.is_some_and(|h| n >= h) {
        let (hid, nz) = hid.split_at_mut(n);
        (nz[0], nz[1]) = keep_hid(here, mask, out, hid);
        for (i, &x) in (lo..).zip(hid.iter()) {
            updates += hide::<K, false>(&opts, x, i, len, false);
        }
    } else {
        if HID && HID_WORDS.is_some() {
            (hid[n], hid[n + 1]) = (NZ_UNKNOWN, NZ_UNKNOWN);
        }
        *nz = keep_out(here, mask, out);
        for (i, (&h, &m)) in (lo..).zip(here.iter().zip(mask)) {
            updates += hide::<K, false>(&opts, h & m, i, len, K > 0 && !HID);
        }
    }
    updates
}

/// `keep_pass` out of line, with the options' arrays as arguments and one value back: under V8 a
/// function this small keeps its loop's values in registers (inlined into `Search::run_bits` they
/// were spilled and reloaded at every option), and arguments and result pass in registers rather
/// than through the shadow stack in memory. Then, for a try, option `covered`'s primary items
/// covered in `len` (`u32::MAX`: none), here where `K` is known: `K` stores, where the walk
/// looped over `pstart`'s range with a bounds check a store.
/// The words of `out` and `hid` that are not zero are left after `hid`'s words (`keep_hid`),
/// not returned: an out-parameter lives in wasm's shadow stack in memory, its pointer live
/// across the hot loop.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn keep_pass_out<const K: usize>(
    weight: &[u32],
    pstart: &[u32],
    prims: &[u32],
    prow: &[u16],
    same_weight: u32,
    lo: usize,
    here: &[u64],
    mask: &[u64],
    out: &mut [u64],
    hid: &mut [u64],
    len: &mut [i16],
    covered: u32,
) -> u64 {
    let updates = keep_pass::<K, true>(
        weight,
        pstart,
        prims,
        prow,
        same_weight,
        lo,
        here,
        mask,
        out,
        hid,
        len,
        &mut 0,
    );
    if covered != u32::MAX {
        mark_covered::<K>(pstart, prims, prow, covered as usize, len);
    }
    updates
}

/// `keep_pass_out` where the options' rows of bytes are made (`Bits::bmask`): `out` and `hid` as
/// there (`keep_hid`, its answer after `hid`'s words), the options hidden taken off `len` by
/// their rows, then option `covered`'s primary items covered (`u32::MAX`: none).
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn keep_pass_rows(
    rows: &[u8],
    pstart: &[u32],
    prims: &[u32],
    same_weight: u32,
    here: &[u64],
    mask: &[u64],
    out: &mut [u64],
    hid: &mut [u64],
    len: &mut [i16],
    lo: usize,
    covered: u32,
) -> u64 {
    let n = here.len();
    let (hid, nz) = hid.split_at_mut(n);
    (nz[0], nz[1]) = keep_hid(here, mask, out, hid);
    let hidden = hide_rows(rows, hid, lo, len);
    if covered != u32::MAX {
        mark_covered::<0>(pstart, prims, &[], covered as usize, len);
    }
    hidden * u64::from(same_weight)
}

/// Option `x`'s primary items covered in `len`: with `K` known, `K` stores at known places (its
/// row of `prims`, or of `prow` where `K` is not a power of two), else `pstart`'s range.
#[inline(always)]
pub(super) fn mark_covered<const K: usize>(
    pstart: &[u32],
    prims: &[u32],
    prow: &[u16],
    x: usize,
    len: &mut [i16],
) {
    let mut take = |q: usize| len[q] = COVERED;
    if K > 0 && K.is_power_of_two() {
        prims[x * K..x * K + K]
            .iter()
            .for_each(|&q| take(q as usize));
    } else if K > 0 {
        let ks = K.next_power_of_two();
        prow[x * ks..x * ks + K]
            .iter()
            .for_each(|&q| take(q.into()));
    } else {
        let (s, e) = (pstart[x] as usize, pstart[x + 1] as usize);
        prims[s..e].iter().for_each(|&q| take(q as usize));
    }
}

/// Which words are not zero, as the bits of a word: not known. (Also what 64 words all non-zero
/// would give: they are then looked for word by word, as where the answer is not known.)
pub(super) const NZ_UNKNOWN: u64 = u64::MAX;

/// `keep_pass`'s first loop on long sets: `out = here & !mask` and `hid = here & mask`. Returns the
/// words of `out` and of `hid` that are not zero, each as the bits of a word, or [`NZ_UNKNOWN`]
/// (more than 64 words, or natively). A try then knows the words left to the level below without
/// looking for them (`span`, a scan of every word left), and a cover the words
/// of the item's options (`BitLevel::opts`). In wasm two words a vector, the bits from
/// `i64x2.bitmask`.
#[inline(always)]
pub(super) fn keep_hid(here: &[u64], mask: &[u64], out: &mut [u64], hid: &mut [u64]) -> (u64, u64) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if here.len() <= 64 {
        return super::raw::wasm::keep_hid(here, mask, out, hid);
    }
    for (((o, x), &h), &m) in out.iter_mut().zip(hid.iter_mut()).zip(here).zip(mask) {
        *o = h & !m;
        *x = h & m;
    }
    (NZ_UNKNOWN, NZ_UNKNOWN)
}

/// `keep_pass`'s first loop on short sets: `out = here & !mask`, and the words of `out` that are
/// not zero as `keep_hid` says them.
#[inline(always)]
pub(super) fn keep_out(here: &[u64], mask: &[u64], out: &mut [u64]) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if here.len() <= 64 {
        return super::raw::wasm::keep_out(here, mask, out);
    }
    for ((o, &h), &m) in out.iter_mut().zip(here).zip(mask) {
        *o = h & !m;
    }
    NZ_UNKNOWN
}

/// Words `lo..hi` of `keep_pass`'s `hid`, or none where it does not use them.
#[inline(always)]
pub(super) fn hid_words(hid: &mut [u64], lo: usize, hi: usize) -> &mut [u64] {
    if HID_WORDS.is_none() {
        &mut []
    } else {
        &mut hid[lo..hi + 2]
    }
}

/// `Bits::choose`'s scan in plain Rust, for `FIRST` and where no vector scan is written (neither
/// wasm nor x86_64): each block's minimum, the first block holding the least, then its position
/// there.
#[inline(always)]
pub(super) fn scan<const FIRST: bool>(len: &[i16]) -> Option<(u32, u32)> {
    let mut best = COVERED;
    let mut at = 0;
    for (i, block) in len.chunks_exact(BLOCK).enumerate() {
        let m = block.iter().fold(COVERED, |m, &v| m.min(v));
        if m < best {
            best = m;
            at = i;
            if FIRST || m == 0 {
                break;
            }
        }
    }
    if best == COVERED {
        return None;
    }
    let block = &len[at * BLOCK..(at + 1) * BLOCK];
    let j = if FIRST {
        block.iter().position(|&v| v < COVERED)
    } else {
        block.iter().position(|&v| v == best)
    }
    .expect("the block holds it");
    let p = at * BLOCK + j;
    Some((p as u32, len[p] as u32))
}

/// The words of `words` from the first non-zero one to the last: `(first, last + 1)`, `(0, 0)`
/// when all are zero.
pub(super) fn span(words: &[u64]) -> (usize, usize) {
    match words.iter().position(|&x| x != 0) {
        Some(f) => (f, words.iter().rposition(|&x| x != 0).unwrap_or(f) + 1),
        None => (0, 0),
    }
}

/// Copies a level's lengths (`stride` of them, a multiple of [`BLOCK`]). In wasm, explicit vector
/// moves: `copy_from_slice` there is `memory.copy`, a call out of the module that costs more than the
/// 160 bytes of pentomino 6x10 it copies.
#[inline(always)]
pub(super) fn copy_lengths(dst: &mut [i16], src: &[i16]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    super::raw::wasm::copy(dst, src);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    dst.copy_from_slice(src);
}
