//! Algorithm X on bit sets of options: DLX1's search tree, walked without links.
//!
//! Why. On instances whose options overlap heavily, dancing links spends its time in `hide`: a
//! pentomino node of the 6x10 board removes about 70 options, five unlinks each, every unlink a load
//! and two stores at scattered places of a 200 KB node array. Here the options still active on
//! entering level `l` are one bit set `a[l]` (bit `b` is the `b`-th option in the links' order), and
//! each item `i` has the bit set `col[i]` of the options that contain it. Covering item `c` is
//! `a & !col[c]`; trying option `x` is one pass over the words, `a & !(col[j] | col[j'] | ...)` for
//! the other items of `x`. Each level keeps its own sets and the lengths once its item is covered,
//! so backtracking costs nothing: going up a level is forgetting the one below (where DLX1 unhides
//! every node it hid). A forced move (an item with one option) is covered and tried in one pass.
//!
//! The same tree, exactly. MRV takes the first item of least length in the order of the item list
//! (what DLX1's scan takes), and the options of the item branched on are tried in the order of its
//! vertical list, which is the order of the bits (hide and unhide restore a list exactly, so every
//! list stays in the order the links were laid out in). Hence the same nodes, dead ends, solutions
//! in the same order and the same profile; and `updates` counts what DLX1 unlinks (one per item
//! covered, `size - 1` per option hidden), so [`crate::core::Stats`] are equal field by field. The
//! tests in `search/tests.rs` hold the two engines to that on every problem kind.
//!
//! Colours (Algorithm C, DLX2's tree): choosing an option that gives secondary item `j` colour `x`
//! purifies `j`, which hides every option with `j` and another colour (or none): here one pass
//! `a & !clash[j, x]`, where `clash[j, x]` (built once) is the set of options that have `j` but not
//! with colour `x`. Purifying is idempotent on sets, so an item purified already (DLX2's marked node)
//! changes nothing and is skipped. What the sets do not hold is the order of DLX2's counting: a
//! hidden option's marked nodes stay in their lists and are not counted as updates, and the marks
//! depend on which items were purified before it was hidden. So the items of the option tried are
//! committed one pass each, in the links' order (cyclically from the node after the item branched
//! on), and the items purified on the path are kept (`pcol`, undone lazily by level) with, for
//! each set of coloured items some options of one size share (a signature: in edge matching, the
//! edges of a cell), what hiding one of them counts now (`wsig`: its size less 1, less its items
//! purified), which `hide` adds in place of the option's weight: no more loads an option than plain
//! exact cover. Cleansings (1 per purification, 1 per node
//! marked) are one popcount of the options agreeing with the colour.
//!
//! Where it applies: exact cover with or without colours (not multiplicities), on DLX1's (DLX2's)
//! tree (the lookahead's rejects depend on the order in which DLX hides nodes), and small enough
//! (see [`applies`]).
//! `Search::run` uses it for its fast observers and keeps the links in step at every return
//! (`search/bits_driver.rs`, `run_bits`), so stepping, the narration and the page go on from where it stopped.

use super::instance::Instance;
use super::links::{Links, MARKED};
use passes::*;
use raw::hide;
use rows::*;

/// The most options the bit sets hold (512 words a set): every length fits an `i16` below
/// [`COVERED`].
const MAX_OPTIONS: usize = i16::MAX as usize - 1;
const MAX_PRIMARY: usize = 4096;
/// The most words the columns may take (`(n + 1) * w`): 16 MiB.
const MAX_COLUMN_WORDS: usize = 1 << 21;
/// Lengths are scanned in blocks of this many (the block's minimum compiles to vector code: SSE2 and
/// wasm SIMD both have a signed 16-bit minimum).
const BLOCK: usize = 16;
/// The words from which `keep_pass` stores the options hidden before it hides them: in wasm only,
/// where it lets V8 keep the hot loop's values in registers; native code keeps them there anyway,
/// so the stores would only add instructions.
#[cfg(target_arch = "wasm32")]
const HID_WORDS: Option<usize> = Some(8);
#[cfg(not(target_arch = "wasm32"))]
const HID_WORDS: Option<usize> = None;
/// Sets of this many words or more are long: `try_option` and `cover` call their pass out of line
/// there, and where it is short they are functions of their own with the pass inlined (wasm only:
/// native code keeps a long pass's values in registers inlined too, so the short way serves every
/// set there).
#[cfg(target_arch = "wasm32")]
const LONG_WORDS: Option<usize> = Some(8);
#[cfg(not(target_arch = "wasm32"))]
const LONG_WORDS: Option<usize> = None;

/// Whether sets of `w` words are long ([`LONG_WORDS`]).
#[inline(always)]
fn is_long(w: usize) -> bool {
    LONG_WORDS.is_some_and(|n| w >= n)
}

/// The most lengths a level may have for a pass to count its hides in rows of bytes
/// (`Bits::bmask`): 8 vectors of 16 lanes, held in registers.
const BMASK_LANES: usize = 128;
/// The most bytes `Bits::bmask` may take (2 MiB).
const BMASK_BYTES: usize = 1 << 21;
/// At or above this [`overlap`] of the primary items a pass counts its hides in rows of bytes
/// (`Bits::bmask`). A pass of pentominoes (overlap 12-18) hides about 55 options of 6 items, and
/// adding their rows in vector counters beats decrementing 330 lengths in memory one by one.
/// Queens (1.7) and Langford pairs (1.4) hide a few options a pass, so the rows' set-up and the
/// lengths' update at the pass's end cost more than they save.
const BMASK_OVERLAP: f64 = 4.0;

/// The length of an item covered (and of the padding after the last item): above every length.
const COVERED: i16 = i16::MAX;

/// Whether bit sets can hold an instance of these sizes (options, items, primary items, and rows of
/// `clash` for colours: the distinct pairs of a secondary item and a colour given to it).
fn fits_sizes(n_options: usize, n_items: usize, n_primary: usize, n_clash: usize) -> bool {
    n_options <= MAX_OPTIONS
        && n_primary <= MAX_PRIMARY
        && (n_items + 1 + n_clash) * n_options.div_ceil(64) <= MAX_COLUMN_WORDS
}

/// The distinct (item, colour) pairs the options give: one `clash` row each.
fn clash_pairs(inst: &Instance) -> usize {
    if !inst.has_colors() {
        return 0;
    }
    let mut seen = std::collections::HashSet::new();
    for k in 0..inst.n_options() {
        for (i, c) in inst.option_colored(k) {
            if c != 0 {
                seen.insert((i, c));
            }
        }
    }
    seen.len()
}

/// Whether bit sets can walk `inst` at all (on DLX1's tree: which tree is walked is the search's
/// business; `Engine::Bits` takes them wherever they can).
pub fn applies(inst: &Instance) -> bool {
    !inst.has_multiplicities()
        && fits_sizes(
            inst.n_options(),
            inst.n_items(),
            inst.n_primary(),
            clash_pairs(inst),
        )
}

/// Why bit sets cannot walk `inst` (`None` where they can: [`applies`]), for the note that a
/// search asked to count on them gets when it counts on links instead.
pub fn unfit(inst: &Instance) -> Option<String> {
    let (options, primary) = (inst.n_options(), inst.n_primary());
    if inst.has_multiplicities() {
        Some("bit sets do not count multiplicities".into())
    } else if options > MAX_OPTIONS {
        Some(format!(
            "{options} options, more than the {MAX_OPTIONS} bit sets take"
        ))
    } else if primary > MAX_PRIMARY {
        Some(format!(
            "{primary} primary items, more than the {MAX_PRIMARY} bit sets take"
        ))
    } else if !applies(inst) {
        Some(format!(
            "the sets would take more than {} MiB",
            (MAX_COLUMN_WORDS * 8) >> 20
        ))
    } else {
        None
    }
}

/// How many options an option meets, over the number of primary items: at the root, trying an
/// average option hides about `overlap * n_primary` others. Where options overlap that much, a
/// node of DLX1 unlinks many nodes, which a pass over the bit sets does at a fraction of the cost;
/// where they overlap little (Sudoku: 36 options met among 324 items), the links touch less than
/// the bit sets' per-level copy and scan of every length.
pub fn overlap(inst: &Instance) -> f64 {
    let mut len = vec![0u64; inst.n_items()];
    for k in 0..inst.n_options() {
        for i in inst.option(k) {
            len[i] += 1;
        }
    }
    let met: u64 = (0..inst.n_options())
        .map(|k| inst.option(k).map(|i| len[i]).sum::<u64>())
        .sum();
    met as f64 / inst.n_options().max(1) as f64 / inst.n_primary().max(1) as f64
}

/// At or above this [`overlap`] the bit sets count by default (`Engine::Auto`), in both builds:
/// a node then removes enough options for one pass over the level's words to beat unlinking them
/// one by one (pentominoes, queens and Langford pairs are above it). Sudoku (0.11) is below: the
/// per-level copy and scan of its 324 lengths outweighs the few options a node removes. The
/// figures behind it are in `benches/README.md` (`peers`) and `benches/JOURNAL.md`.
pub const OVERLAP_FOR_BITS: f64 = 1.0;

/// With colours, bit sets count by default at or above this [`overlap`] (`benches/README.md`,
/// `xcc`): edge matching (5.1-7.0) and MacMahon's hexagon (8.1) gain; n-queens with coloured
/// diagonals (1.7) loses, since a purification there hides one option or two and the per-level
/// copy of the sets and lengths and one pass a committed item outweigh it.
pub const OVERLAP_FOR_BITS_XCC: f64 = 3.0;

/// Whether `Engine::Auto` takes bit sets for `inst` (on DLX1's tree): where they apply and pay.
pub fn pays(inst: &Instance) -> bool {
    let at = if inst.has_colors() {
        OVERLAP_FOR_BITS_XCC
    } else {
        OVERLAP_FOR_BITS
    };
    applies(inst) && overlap(inst) >= at
}

/// The most words `Bits::omask` may take (4 MB): beyond, `try_option` makes each mask itself.
const OMASK_WORDS: usize = 1 << 19;

#[cfg(test)]
thread_local! {
    /// Tests: bit sets built on this thread take no `omask` (the way of large instances).
    pub(crate) static NO_OMASK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
thread_local! {
    /// Tests: bit sets built on this thread take `bmask` wherever it fits, whatever the overlap.
    pub(crate) static ALL_BMASK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a pass counts its hides in rows of bytes at this overlap ([`BMASK_OVERLAP`]; every
/// overlap where a test says so, [`ALL_BMASK`]).
fn bmask_pays(overlap: f64) -> bool {
    #[cfg(test)]
    if ALL_BMASK.with(|c| c.get()) {
        return true;
    }
    overlap >= BMASK_OVERLAP
}

/// [`OMASK_WORDS`], or 0 where a test says so ([`NO_OMASK`]).
fn omask_words() -> usize {
    #[cfg(test)]
    if NO_OMASK.with(|c| c.get()) {
        return 0;
    }
    OMASK_WORDS
}

/// The most primary items an option may have for `hide` to take them as a fixed-size row (`Bits::k`).
const MAX_K: usize = 8;

/// What `hide` reads of the options (borrowed apart from the level arrays it writes).
struct Options<'a> {
    weight: &'a [u32],
    pstart: &'a [u32],
    prims: &'a [u32],
    prow: &'a [u16],
    /// The weight of every option when they all have the same (`u32::MAX` otherwise).
    same_weight: u32,
    /// Colours: the signature of option `b` (its set of coloured items and its weight), and by
    /// signature the updates of a hide now (the weight less the items purified on the path).
    sig: &'a [u32],
    wsig: &'a [u32],
}

/// Calls `$f::<K>(args)` with the const `K` equal to `$k` (0 to [`MAX_K`]; 0 for options of mixed
/// sizes), so that `hide` runs a loop of fixed length in each.
macro_rules! with_k {
    ($k:expr, $obj:ident.$f:ident[$($g:tt),*]($($arg:expr),* $(,)?)) => {
        match $k {
            1 => $obj.$f::<1, $($g),*>($($arg),*),
            2 => $obj.$f::<2, $($g),*>($($arg),*),
            3 => $obj.$f::<3, $($g),*>($($arg),*),
            4 => $obj.$f::<4, $($g),*>($($arg),*),
            5 => $obj.$f::<5, $($g),*>($($arg),*),
            6 => $obj.$f::<6, $($g),*>($($arg),*),
            7 => $obj.$f::<7, $($g),*>($($arg),*),
            8 => $obj.$f::<8, $($g),*>($($arg),*),
            _ => $obj.$f::<0, $($g),*>($($arg),*),
        }
    };
    ($k:expr, $f:ident($($arg:expr),* $(,)?)) => {
        match $k {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            8 => $f::<8>($($arg),*),
            _ => $f::<0>($($arg),*),
        }
    };
}

/// One level of the walk: the item branched on (as a position in the item list), the option being
/// tried (a bit), how many have been tried, of how many.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BitLevel {
    pub(crate) pos: u32,
    pub(crate) cursor: u32,
    pub(crate) k: u32,
    pub(crate) d: u32,
    /// The words of `a[l]` (and so of `ac[l]` and of the level below) that may be non-zero.
    lo: u32,
    hi: u32,
    /// Where a try makes its mask (no `omask`): the words of `ac[l]` that may be non-zero, as
    /// `cover` left them, and the only words its tries pass over. A try's mask is the OR of its
    /// option's other columns over those words, so on a large instance whose item's options are
    /// most of the level (every option of 32,000 holding the same 62 items: `ac` empty) a try
    /// ORs nothing, where it ORed 61 columns of 500 words.
    clo: u32,
    chi: u32,
    /// Colours: the items purified before level `l` are `pstack[..mark]`.
    mark: u32,
    /// The words `lo + j` that hold options of the item, as bits `j`, where `cover`'s pass found
    /// them (long sets in wasm, [`keep_hid`]), else [`NZ_UNKNOWN`]: `next_option` then jumps to
    /// the next word with one, where it would look at each word in turn (pentomino 6x10: a
    /// square's options are in every piece's words).
    opts: u64,
}

/// The bit-set engine of one instance, and the state of its walk (see the module note).
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    /// Words a set.
    w: usize,
    /// Lengths a level: the primary items, rounded up to a whole block.
    stride: usize,
    /// Options with nodes (the bits of a set).
    nbits: usize,
    /// By bit: the option's first node; its items (header numbers, in node order) are
    /// `items[istart[b]..istart[b + 1]]`, its primary items as list positions `prims[pstart[b]..]`.
    first: Vec<u32>,
    istart: Vec<u32>,
    items: Vec<u32>,
    pstart: Vec<u32>,
    prims: Vec<u32>,
    /// Where `k` is 3, 5, 6 or 7: option `b`'s primary positions at `prow[b * ks..b * ks + k]`, `ks`
    /// the power of two above `k`, in 16 bits (positions are below [`MAX_PRIMARY`]); else empty.
    /// `hide` reads these rows there (`prims`' where `k` is a power of two): V8 multiplied by 12
    /// or 24 on the chain from one hidden option to the next, where LLVM's native code folds the
    /// multiply into its addressing, and 16 bits halve pentomino 6x10's rows (to about 33 KB,
    /// about the first-level cache). Where `k` is a power of two the rows are `prims`' own: V8
    /// folds those multiplies too, and 16-bit rows of 2 were slower there.
    prow: Vec<u16>,
    /// `size - 1`: the nodes DLX1 unlinks when it hides the option.
    weight: Vec<u32>,
    /// The number of primary items of every option, when they all have the same number, from 1 to
    /// [`MAX_K`], and without colours all the same size (0 otherwise): then option `b`'s are
    /// `prims[b * k..(b + 1) * k]` (and `prow`'s row), and `hide` walks them without reading
    /// `pstart` or looping on a count (a loop of the compiler's own), and without colours counts
    /// the updates of a word by one multiplication (its weight a constant in `try_option_k` and
    /// `cover_k`, so no weight is loaded an option).
    k: usize,
    /// The weight of every option when they all have the same (`u32::MAX` otherwise): `hide` then
    /// counts the updates of a word with one popcount.
    same_weight: u32,
    /// `col[i * w..(i + 1) * w]`: the options that contain item `i` (row 0 unused).
    col: Vec<u64>,
    /// Primary item header by list position, and position by header (`u32::MAX`: secondary).
    at: Vec<u32>,
    pos: Vec<u32>,
    /// By option number: its bit (`u32::MAX` for an empty option, which is in no list).
    bit_of: Vec<u32>,
    /// The walk: `a[l * w..]` the options active on entering level `l`; `ac[l * w..]` those left
    /// once the item branched on at `l` is covered; `lenc[l * stride..]` the lengths of the
    /// primary items by position at that moment (`COVERED` for an item covered, and for the
    /// padding), and `len` (one row) those of the level being entered. One row is enough: a
    /// level's lengths on entering are read by its `choose` and then by its `cover` or `force`,
    /// right after the try that made them, and never again (its other options are tried from
    /// `lenc`), so a try writes them over the last ones, and a forced move decrements them in
    /// place without a copy.
    a: Vec<u64>,
    ac: Vec<u64>,
    len: Vec<i16>,
    lenc: Vec<i16>,
    lv: Vec<BitLevel>,
    /// The union of the columns of the other items of the option being tried (`try_option`).
    mask: Vec<u64>,
    /// By bit, without colours and where it fits ([`OMASK_WORDS`]): the union of the columns of all
    /// the option's items, `w` words each, which `try_option` passes as its mask (the options of
    /// the item branched on are gone from the level already, so its own column changes nothing);
    /// else empty, and `try_option` makes the union in `mask`. Made once, it spares each try an
    /// OR of the other items' columns, a loop V8 compiled to spill-heavy code.
    omask: Vec<u64>,
    /// By bit, without colours, where every option has the same weight, the lengths fit 8 vectors
    /// ([`BMASK_LANES`]) and options overlap much ([`BMASK_OVERLAP`]): the option's primary items
    /// as a row of `stride` bytes, 1 at each of its positions; else empty. A pass then adds the
    /// rows of the options it hides into byte counters held in vectors and takes them off the
    /// lengths once (`keep_pass_rows`), where `hide` decremented a length in memory an item of
    /// each (V8: five instructions a decrement, native code two). Pentomino 6x10's take 164 KB.
    bmask: Vec<u8>,
    /// `keep_pass`'s options hidden, word by word (`here & mask`), and after the words of a pass
    /// out of line, the words of its `out` and of `hid` that are not zero ([`keep_hid`]).
    hid: Vec<u64>,
    /// By node (index into `items`): the row of `col` that committing it takes away (the item's
    /// column, or for a colour `x` of item `j` the row `clash[j, x]`: the options with `j` and not
    /// colour `x`, after the `n + 1` columns), and its colour (0: none).
    nrow: Vec<u32>,
    ncol: Vec<u32>,
    /// By bit: the option's signature, the set of its coloured items (whose nodes DLX2 leaves
    /// marked in their lists while they are purified, see `hide`) with its weight; by signature,
    /// the updates a hide of one of its options counts now: the weight less the items purified on
    /// the path (an option still active agrees with each, so its node there is marked, not
    /// unlinked); by header, the signatures that hold the item, `jsigs[jstart[j]..jstart[j + 1]]`.
    sig: Vec<u32>,
    wsig: Vec<u32>,
    jstart: Vec<u32>,
    jsigs: Vec<u32>,
    /// By header: the colour the item is purified with on the path (0: none); the items purified,
    /// in order (`BitLevel::mark` says where each level's start).
    pcol: Vec<u32>,
    pstack: Vec<u32>,
    /// The commits of the option being tried (`try_option_xcc`), kept for their capacity.
    commits: Vec<Commit>,
}

/// One commit of an option tried with colours: the row of `col` it takes away (the item's column,
/// or `clash[j, x]` for colour `x`), its item and colour (0: none).
#[derive(Clone, Copy, Debug)]
struct Commit {
    row: u32,
    item: u32,
    color: u32,
}

/// What `commit_pass` reads: the options' arrays of `Options` but `wsig` (which it updates), and
/// the rows of `col` over the words `lo..` (`w` a row).
struct CommitPass<'a> {
    weight: &'a [u32],
    pstart: &'a [u32],
    prims: &'a [u32],
    prow: &'a [u16],
    same_weight: u32,
    sig: &'a [u32],
    jstart: &'a [u32],
    jsigs: &'a [u32],
    col: &'a [u64],
    w: usize,
    lo: usize,
}

// After `with_k!`, which they use (a macro is seen by the modules declared after it).
mod engine;
mod passes;
mod raw;
mod rows;
#[cfg(test)]
mod tests;
