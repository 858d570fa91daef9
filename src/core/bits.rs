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

/// The most options the bit sets hold (512 words a set): every length fits an `i16` below
/// [`COVERED`].
const MAX_OPTIONS: usize = i16::MAX as usize - 1;
const MAX_PRIMARY: usize = 4096;
/// The most words the columns may take (`(n + 1) * w`): 16 MiB.
const MAX_COLUMN_WORDS: usize = 1 << 21;
/// Lengths are scanned in blocks of this many (the block's minimum compiles to vector code: SSE2 and
/// wasm SIMD both have a signed 16-bit minimum).
const BLOCK: usize = 16;
/// The words from which `keep_pass` stores the options hidden before it hides them: in wasm only
/// (natively the same code took 1-2% more instructions and no less time).
#[cfg(target_arch = "wasm32")]
const HID_WORDS: Option<usize> = Some(8);
#[cfg(not(target_arch = "wasm32"))]
const HID_WORDS: Option<usize> = None;
/// Sets of this many words or more are long: `try_option` and `cover` call their pass out of line
/// there, and where it is short they are functions of their own with the pass inlined (wasm only:
/// natively the short way is as fast or faster on every set, pentomino 6x10's 33 words included).
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
/// adding their rows beats decrementing 330 lengths in memory: pentomino 6x10 10% faster natively,
/// 22% in node. Queens (1.7) and Langford pairs (1.4) hide a few options a pass, and the rows'
/// set-up and the lengths' update at its end cost more (13-queens 10% slower in node).
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

/// At or above this [`overlap`] the bit sets count by default (`Engine::Auto`), in both builds.
/// Measured (2026-11-25, `cargo bench --bench peers`, thread CPU time, medians): pentominoes
/// (overlap 12-18) 2.0x faster on bit sets; 12- to 14-queens (1.7) 1-8% faster; Langford 12 (1.4)
/// 1% faster; Sudoku (0.11) 1.35x slower (`dlx solve --batch` on the 17-clue set), where the
/// per-level copy and scan of 324 lengths outweighs the few options a node removes. In wasm32 (node,
/// 10k-node slices, the same day): 13-queens 96 ms on bit sets against 109 ms on links, Langford 12
/// 258 ms against 272 ms. (The wasm build took links below 3.0 until MRV's scan there was spelled
/// out in vectors, see `simd`.)
pub const OVERLAP_FOR_BITS: f64 = 1.0;

/// With colours, bit sets count by default at or above this [`overlap`]. Measured (2026-11-26,
/// `cargo bench --bench xcc`, thread CPU time, medians of 3, load 8): edge matching 6x6/5 and 5x5/3
/// (overlap 5.1-7.0) take 0.35-0.43 of the links' time, MacMahon's hexagon (8.1) 0.63; n-queens with
/// coloured diagonals (1.7) 1.6x the links' time: a purification there hides one option or two, and
/// the per-level copy of the sets and lengths and one pass a committed item outweigh it.
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
    /// about the first-level cache). Padded: pentomino 6x10 2-4% faster in node, natively the
    /// same; in 16 bits, 2-4% more in node, 0.8% natively (on 13-queens, `k` 2, 16 bits were 1.8%
    /// slower).
    prow: Vec<u16>,
    /// `size - 1`: the nodes DLX1 unlinks when it hides the option.
    weight: Vec<u32>,
    /// The number of primary items of every option, when they all have the same number, from 1 to
    /// [`MAX_K`], and without colours all the same size (0 otherwise): then option `b`'s are
    /// `prims[b * k..(b + 1) * k]` (and `prow`'s row), and `hide` walks them without reading
    /// `pstart` or looping on a count (a loop of the compiler's own), and without colours counts
    /// the updates of a word by one multiplication (its weight a constant in `try_option_k` and
    /// `cover_k`: 13-queens 3.4% faster in node, 0.7% natively, Langford 11 2% on both).
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
    /// OR of the other items' columns: 13-queens 9-13% faster, Langford 11 7-8%, pentomino 6x10
    /// 8-10% (node, Chromium, native); pentomino 6x10's take 543 KB.
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
            return simd::least(len);
        }
        #[cfg(target_arch = "x86_64")]
        if !FIRST {
            return sse2::least(len);
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
    /// wasm only: V8 then allocates `run_bits`' registers better (13-queens and Langford 11 2%
    /// faster in node, pentomino 6x10 the same, before `cover_k`); natively inlined.
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
    /// with all nine passes inlined kept few values in registers at all: 13-queens 3-4% and
    /// Langford 11 4-6% faster this way in node and Chromium, 2% and 4.5% natively. On long sets,
    /// where a pass is long, `try_option_any`, inlined into the walk with its pass out of line:
    /// pentomino 6x10 (33 words) was 7% slower in Chromium the other way. Where the options'
    /// masks are not made (`omask`, large instances) the long way too, so that the leaves hold no
    /// code to make a mask (13-queens 0.6% and Langford 11 1.1% faster in node).
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

/// The commits of `try_option_xcc` in order: `out` (words `lo..` of the level below) starts as
/// `here` and loses, commit by commit, the options of its row, which are hidden from `len` with the
/// marks of the items purified so far (`wsig`, which counts each purified item here as it goes).
/// Returns DLX2's (updates, cleansings): 1 an item covered and the hides' updates; 1 an item
/// purified and 1 each option left that agrees with its colour (DLX2 marks them).
#[inline(never)]
fn commit_pass<const K: usize>(
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
fn commit<const K: usize, const FROM: bool>(
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
fn keep_pass_xcc<const K: usize>(
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
fn keep_pass<const K: usize, const HID: bool>(
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
    // second reads one array, not two: in wasm it then keeps its values in registers (pentomino
    // 6x10, 33 words: 2-3.5% faster in node, the page's run to the end 6% in Chromium); on short
    // ones the stores cost more than they save (Langford 11, 4 words: 5% slower).
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
/// looped over `pstart`'s range with a bounds check a store (pentomino 6x10 1% faster in node).
/// The words of `out` and `hid` that are not zero are left after `hid`'s words (`keep_hid`),
/// not returned: an out-parameter (in wasm, memory in the shadow stack) made the pass 8% slower
/// in node.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn keep_pass_out<const K: usize>(
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
fn keep_pass_rows(
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

/// Takes the options of `hid` (words `lo..`) off the lengths `len` by their rows of bytes, and
/// returns how many there were.
#[inline(always)]
fn hide_rows(rows: &[u8], hid: &[u64], lo: usize, len: &mut [i16]) -> u64 {
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
use simd::hide_rows as hide_rows_v;

/// Byte counters of the options a pass hides, one a length (`hide_rows`).
trait RowCounters {
    /// Adds option `b`'s row of bytes.
    fn add(&mut self, b: usize);
    /// Takes the counters off the lengths, and clears them.
    fn take(&mut self);
}

/// Gives `c` the options of `hid` (words `lo..`) one by one, and has it take its counters off the
/// lengths before 255 have been added since it last did (so that no byte overflows) and at the
/// end. Returns how many options there were.
#[inline(always)]
fn count_rows(c: &mut impl RowCounters, hid: &[u64], lo: usize) -> u64 {
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
struct PlainRows<'a, const V: usize> {
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
fn hide_rows_v<const V: usize>(rows: &[u8], hid: &[u64], lo: usize, len: &mut [i16]) -> u64 {
    let len = &mut len[..16 * V];
    let mut c = PlainRows::<V> {
        rows,
        len,
        acc: [[0u8; 16]; V],
    };
    count_rows(&mut c, hid, lo)
}

/// Option `x`'s primary items covered in `len`: with `K` known, `K` stores at known places (its
/// row of `prims`, or of `prow` where `K` is not a power of two), else `pstart`'s range.
#[inline(always)]
fn mark_covered<const K: usize>(
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

/// Takes the options of bits `r` of word `i` out of the lengths `len` (each of their primary items
/// loses one), and returns DLX1's updates for hiding them (`size - 1` each). The hot loop of
/// `keep_pass`, without bounds checks. With `K > 0` every option has `K` primary items, at
/// `prims[b * K..]` where `K` is a power of two and else at `prow[b * ks..]` (`Bits::prow`): a loop
/// of fixed length, which the compiler unrolls, and no offsets to read. `one_size`: every option has
/// the same weight, known where `K > 0` without colours (`Bits::k`).
// The one unchecked loop outside `links/raw.rs`: bounds checks on every primary item of every
// option hidden cost a measurable share (it is the bit sets' inner loop): written with checked
// indexing, `dlx count queens 11 --threads 1` took 49,210,726 instructions against 46,702,361
// (+5.4%, callgrind, 2026-11-26).
#[allow(unsafe_code)]
#[inline(always)]
fn hide<const K: usize, const XCC: bool>(
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

/// Which words are not zero, as the bits of a word: not known. (Also what 64 words all non-zero
/// would give: they are then looked for word by word, as where the answer is not known.)
const NZ_UNKNOWN: u64 = u64::MAX;

/// `keep_pass`'s first loop on long sets: `out = here & !mask` and `hid = here & mask`. Returns the
/// words of `out` and of `hid` that are not zero, each as the bits of a word, or [`NZ_UNKNOWN`]
/// (more than 64 words, or natively). A try then knows the words left to the level below without
/// looking for them (`span`: 13% of the walk of pentomino 6x10 in node), and a cover the words
/// of the item's options (`BitLevel::opts`). In wasm two words a vector, the bits from
/// `i64x2.bitmask`.
#[inline(always)]
fn keep_hid(here: &[u64], mask: &[u64], out: &mut [u64], hid: &mut [u64]) -> (u64, u64) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if here.len() <= 64 {
        return simd::keep_hid(here, mask, out, hid);
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
fn keep_out(here: &[u64], mask: &[u64], out: &mut [u64]) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if here.len() <= 64 {
        return simd::keep_out(here, mask, out);
    }
    for ((o, &h), &m) in out.iter_mut().zip(here).zip(mask) {
        *o = h & !m;
    }
    NZ_UNKNOWN
}

/// Words `lo..hi` of `keep_pass`'s `hid`, or none where it does not use them.
#[inline(always)]
fn hid_words(hid: &mut [u64], lo: usize, hi: usize) -> &mut [u64] {
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
fn scan<const FIRST: bool>(len: &[i16]) -> Option<(u32, u32)> {
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
fn span(words: &[u64]) -> (usize, usize) {
    match words.iter().position(|&x| x != 0) {
        Some(f) => (f, words.iter().rposition(|&x| x != 0).unwrap_or(f) + 1),
        None => (0, 0),
    }
}

/// Copies a level's lengths (`stride` of them, a multiple of [`BLOCK`]). In wasm, explicit vector
/// moves: `copy_from_slice` there is `memory.copy`, a call out of the module that costs more than the
/// 160 bytes of pentomino 6x10 it copies.
#[inline(always)]
fn copy_lengths(dst: &mut [i16], src: &[i16]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    simd::copy(dst, src);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    dst.copy_from_slice(src);
}

/// MRV's scan and the copies of the lengths in wasm SIMD. For wasm LLVM left the block minimums of
/// `Bits::choose` scalar (16 compares and moves a block: a quarter of the time of `run_bits` under
/// V8), and an elementwise rewrite came out as shuffles. So here the vectors are spelled out: the
/// lanes' minimums over every length, spread to every lane, then the first equal one (`sse2` does
/// the same natively on x86_64).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
mod simd {
    use super::{BLOCK, COVERED};
    use core::arch::wasm32::*;

    // A level's lengths are whole blocks, so whole pairs of vectors, which `least` takes two at a
    // time.
    const _: () = assert!(BLOCK.is_multiple_of(16));

    /// `dst.copy_from_slice(src)` for lengths, 8 at a time. The common sizes (up to 64 primary
    /// items) go to a copy of fixed length, straight-line code: V8 puts a stack check and its own
    /// counter on every turn of a loop.
    #[inline(always)]
    pub(super) fn copy(dst: &mut [i16], src: &[i16]) {
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
    pub(super) fn keep_hid(
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
    pub(super) fn hide_rows<const V: usize>(
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
    pub(super) fn keep_out(here: &[u64], mask: &[u64], out: &mut [u64]) -> u64 {
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
    pub(super) fn least(len: &[i16]) -> Option<(u32, u32)> {
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
        // to every lane (13-queens 1.4% faster in node, Langford 11 0.5%).
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
/// where the least length was and mispredicted as often as that moved: `dlx count --threads 1`
/// 7-8% faster on 13-queens, Langford 11 and pentomino 6x10 (2026-11-27). SSE2 only, which every
/// x86_64 has.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use super::{BLOCK, COVERED};
    use core::arch::x86_64::*;

    // A level's lengths are whole blocks, so whole pairs of vectors, taken two at a time.
    const _: () = assert!(BLOCK.is_multiple_of(16));

    /// The position and value of the first least length of `len` (whose size is a multiple of 16:
    /// whole blocks), `None` when all are `COVERED`.
    #[inline(always)]
    pub(super) fn least(len: &[i16]) -> Option<(u32, u32)> {
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

#[cfg(test)]
mod tests {
    use super::{scan, BLOCK, COVERED};
    use crate::core::rng::SplitMix;

    /// Levels' lengths as `choose` sees them: whole blocks, covered items and padding at
    /// `COVERED`, and few distinct lengths, so that the least is often tied, anywhere.
    fn lengths(rng: &mut SplitMix) -> Vec<i16> {
        let n = BLOCK * (1 + rng.below(21));
        let covered = rng.below(4);
        (0..n)
            .map(|_| match rng.below(8) {
                k if k < covered => COVERED,
                _ => rng.below(5) as i16,
            })
            .collect()
    }

    /// The first least length, the obvious way.
    fn first_least(len: &[i16]) -> Option<(u32, u32)> {
        let best = *len.iter().min()?;
        let p = len.iter().position(|&v| v == best)?;
        (best != COVERED).then_some((p as u32, best as u32))
    }

    #[test]
    fn every_scan_picks_the_first_least_length() {
        let mut rng = SplitMix::new(7);
        for case in 0..4000 {
            let mut len = lengths(&mut rng);
            if case % 50 == 0 {
                len.fill(COVERED);
            }
            let want = first_least(&len);
            assert_eq!(scan::<false>(&len), want, "case {case}: {len:?}");
            #[cfg(target_arch = "x86_64")]
            assert_eq!(super::sse2::least(&len), want, "case {case}: {len:?}");
            let first = len.iter().position(|&v| v < COVERED);
            let got = scan::<true>(&len).map(|(p, _)| p as usize);
            assert_eq!(got, first, "case {case}: FIRST");
        }
    }
}
