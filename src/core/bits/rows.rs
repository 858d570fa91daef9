//! Rows of bytes (`bmask`): the options a pass hides taken off the lengths by byte counters.

/// Takes the options of `hid` (words `lo..`) off the lengths `len` by their rows of bytes, and
/// returns how many there were.
#[inline(always)]
pub(super) fn hide_rows(rows: &[u8], hid: &[u64], lo: usize, len: &mut [i16]) -> u64 {
    match len.len() / 16 {
        1 => hide_rows_v::<1>(rows, hid, lo, len),
        2 => hide_rows_v::<2>(rows, hid, lo, len),
        3 => hide_rows_v::<3>(rows, hid, lo, len),
        4 => hide_rows_v::<4>(rows, hid, lo, len),
        5 => hide_rows_v::<5>(rows, hid, lo, len),
        6 => hide_rows_v::<6>(rows, hid, lo, len),
        7 => hide_rows_v::<7>(rows, hid, lo, len),
        _ => hide_rows_v::<8>(rows, hid, lo, len),
    }
}

/// `hide_rows` for lengths of `16 * V` lanes: in wasm with its counters in vectors.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use super::raw::wasm::hide_rows as hide_rows_v;

/// Byte counters of the options a pass hides, one a length (`hide_rows`).
pub(super) trait RowCounters {
    /// Adds option `b`'s row of bytes.
    fn add(&mut self, b: usize);
    /// Takes the counters off the lengths, and clears them.
    fn take(&mut self);
}

/// Gives `c` the options of `hid` (words `lo..`) one by one, and has it take its counters off the
/// lengths before 255 have been added since it last did (so that no byte overflows) and at the
/// end. Returns how many options there were.
#[inline(always)]
pub(super) fn count_rows(c: &mut impl RowCounters, hid: &[u64], lo: usize) -> u64 {
    let (mut held, mut hidden) = (0u32, 0u64);
    for (i, &x) in (lo..).zip(hid) {
        if x == 0 {
            continue;
        }
        let n = x.count_ones();
        if held + n > 255 {
            c.take();
            held = 0;
        }
        held += n;
        hidden += u64::from(n);
        let mut r = x;
        while r != 0 {
            c.add(i * 64 + r.trailing_zeros() as usize);
            r &= r - 1;
        }
    }
    c.take();
    hidden
}

/// `RowCounters` in plain Rust: `16 * V` bytes, which LLVM adds as vectors.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub(super) struct PlainRows<'a, const V: usize> {
    rows: &'a [u8],
    len: &'a mut [i16],
    acc: [[u8; 16]; V],
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
impl<const V: usize> RowCounters for PlainRows<'_, V> {
    #[inline(always)]
    fn add(&mut self, b: usize) {
        let row = &self.rows[b * 16 * V..(b + 1) * 16 * V];
        for (a, &y) in self.acc.as_flattened_mut().iter_mut().zip(row) {
            *a = a.wrapping_add(y);
        }
    }

    #[inline(always)]
    fn take(&mut self) {
        for (l, &c) in self.len.iter_mut().zip(self.acc.as_flattened()) {
            *l -= i16::from(c);
        }
        self.acc = [[0u8; 16]; V];
    }
}

/// `hide_rows` in plain Rust, for lengths of `16 * V` lanes.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(never)]
pub(super) fn hide_rows_v<const V: usize>(
    rows: &[u8],
    hid: &[u64],
    lo: usize,
    len: &mut [i16],
) -> u64 {
    let len = &mut len[..16 * V];
    let mut c = PlainRows::<V> {
        rows,
        len,
        acc: [[0u8; 16]; V],
    };
    count_rows(&mut c, hid, lo)
}
