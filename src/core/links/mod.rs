//! The link arrays of Knuth's DLX1: every pointer is a `u32` index into one of two flat arrays.
//!
//! Items `1..=n` (item `i` of the instance is index `i + 1`) have a header in `items` (left/right links of
//! the doubly linked list of items still to cover), a header node in `nodes` (its up/down links close
//! the item's vertical list) and a length in `len`, Knuth's `LEN`, which DLX1 keeps in the header
//! node's `top`: here it has an array of its own, so that choosing an item scans contiguous memory
//! (see [`Links::choose`]), and a covered item's length carries the flag [`COVERED`]. Index 0 of
//! `items` is the root of the list of active primary items; index `n + 1` is the root of the list of
//! secondary items, which the search never branches on.
//!
//! The nodes of each option are contiguous, between spacer nodes. A spacer has `top == 0` (no item has
//! index 0); its `up` is the first node of the option before it and its `down` the last node of the
//! option after it. The fourth field, `next`, of an option's node is the next node of its option,
//! cyclically, so that `hide` and `unhide` walk an option without testing for spacers (a branch that
//! the processor mispredicts about once per option); a spacer's
//! `next` holds the number of the option after it, which is how a node's option is found.
//!
//! **Colours** (Knuth's DLX2, Algorithm C): `color[x]` is the colour of node `x` (0 for none), a
//! separate array so that the node stays 16 bytes and plain exact cover does not read it at all
//! (the hot operations take `const XCC: bool`, chosen once per run). Choosing an option that gives
//! secondary item `c` colour `x` *purifies* `c` instead of covering it: every option in `c`'s list
//! with another colour is hidden, and every one with colour `x` is marked [`MARKED`] — it agrees with
//! the choice, so it is never purified again, and `hide` leaves marked nodes where they are (the
//! purified item's list is not looked at again until it is unpurified). The header's `color` holds
//! the colour an item is purified with, 0 otherwise.
//!
//! **Multiplicities** (Knuth's DLX3, Algorithm M): a primary item `c` with bounds `lo..=hi` has
//! `bound[c]`, how many more chosen options may still have it (`hi` at the start), and `slack[c] = hi -
//! lo`. Choosing an option lowers the bound of each of its primary items, and covers an item only when
//! its bound reaches 0 (`commit_m`). The item branched on is *tweaked* instead of covered while it may
//! take more options: the option tried leaves its list (and the other lists, unless the item is
//! covered already), so that later levels never take it again; `untweak` puts the whole run of
//! tweaked options back at once, since each still points at the one below it (Knuth's trick). These
//! arrays exist only for an instance with multiplicities (`has_mult`): plain instances never read them.
//!
//! `hide`/`unhide` and `cover`/`uncover` are exact inverses *when undone in the reverse order*: a node
//! removed from its list keeps its own `up`/`down` pointing at its old neighbours, so relinking it is two
//! stores — but only if those neighbours are themselves back in place, which LIFO order guarantees.

use super::instance::Instance;
use super::rng::SplitMix;

mod mult;
// With `bits/raw.rs`, the one place of the crate where `unsafe` is allowed: see its note.
#[allow(unsafe_code)]
mod raw;
mod sanity;
pub(crate) use raw::LevelArrays;

/// Added to an item's length while the item is covered (see [`Links::choose`]).
pub const COVERED: u32 = 1 << 30;

/// The colour of a node whose option agrees with the colour its item is purified with (Knuth's -1).
pub const MARKED: u32 = u32::MAX;

/// A node of the matrix: `top` is its item (0 for a header or a spacer);
/// `next` is the next node of its option, cyclically (for a spacer: the number of the option after
/// it, `u32::MAX` after the last; for a header: 0).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub top: u32,
    pub up: u32,
    pub down: u32,
    pub next: u32,
}

/// An item header in the horizontal list of items.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ItemLink {
    pub left: u32,
    pub right: u32,
}

/// How the matrix is laid out: Knuth's order (as given), or a seeded shuffle of the item list and of
/// the options, which gives another (still deterministic) search order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    #[default]
    Given,
    Shuffled(u64),
}

/// The dancing-links matrix of one instance.
#[derive(Clone, Debug, PartialEq, Eq)]
///
/// The fields are private to this module: the hot operations index the arrays without bounds checks
/// (all of them in `links/raw.rs`), which is sound only because every index stored in them was put
/// there by [`Links::new`] or by the operations below, all of which keep indices in range. The
/// search, the narration, the bit sets and the split read through accessors and change the links
/// only through the operations (cover, hide, purify, bounds, tweaks).
pub struct Links {
    items: Vec<ItemLink>,
    nodes: Vec<Node>,
    /// Number of items `n`; headers are `1..=n`, the first spacer is node `n + 1`.
    n_items: u32,
    n_primary: u32,
    /// First node of each option, by option number.
    option_first: Vec<u32>,
    /// `len[i]`: the length of item header `i`, plus COVERED while it is covered; `len[0]` unused.
    len: Vec<u32>,
    /// The primary items are listed in a shuffled order, not by header number (`Order::Shuffled`),
    /// so "leftmost" means leftmost in the list and `choose` walks the list.
    shuffled: bool,
    /// The primary items in the order they were listed in (by header number unless `shuffled`):
    /// "leftmost" for the bit-set engine, which keeps no list (`core::bits`).
    primary_order: Vec<u32>,
    /// `color[x]`: the colour of node `x` (0: none; [`MARKED`] while marked by a purification); for a
    /// header, the colour it is purified with (0 when it is not). One entry per node.
    color: Vec<u32>,
    /// Some node has a colour: the search must commit (cover or purify), not just cover.
    has_colors: bool,
    /// `bound[c]`: how many more chosen options may have primary item `c` (DLX3's BOUND); empty
    /// unless `has_mult`. An item whose bound would drop to 0 is covered instead (see `commit_m`).
    bound: Vec<u32>,
    /// `slack[c]`: `hi - lo` of primary item `c`, fixed (DLX3's SLACK); empty unless `has_mult`.
    slack: Vec<u32>,
    /// Some primary item has bounds other than `1..=1`: the search runs Algorithm M.
    has_mult: bool,
    /// Whether `zeros` is kept: for instances of more than [`TRACK_ZEROS`] primary items only, so
    /// that smaller ones run the very code they ran before (see [`Links::choose`]).
    track: bool,
    /// While `track`: how many primary items have length 0 and are not covered (the entries of
    /// `len[1..=n_primary]` equal to 0). While it is 0, nothing beats length 1, so `choose` stops at
    /// the first length 1 it meets. Kept by `hide`, `unhide`, `splice_out` and `splice_in`.
    zeros: u32,
}

/// Above this many primary items the links keep `zeros`, so that `choose` can stop at the first
/// length 1. Below it the dense scan reads at most 64 blocks of lengths a node, and counting zeros
/// in `hide`, the innermost loop, would cost more than the short scan it saves.
pub const TRACK_ZEROS: u32 = 4096;

/// Links of up to this many nodes are sanity-checked at every call under the `sanity` feature; larger
/// ones at every k-th (see [`Links::sanity_checking`]).
pub const SANITY_SPAN: u64 = 1024;

/// Widths of the blocks of lengths `choose` takes the minimum of at once (SIMD-friendly, fixed size).
const WIDE: usize = 64;
const NARROW: usize = 16;

/// The minimum of a block of lengths (with their COVERED flags). Lengths are below 2^31, so comparing
/// them as `i32` gives the same answer, and SSE2 has a signed compare but no unsigned one.
#[inline(always)]
fn min_len<const W: usize>(block: &[u32]) -> u32 {
    let block: &[u32; W] = block.try_into().expect("a block of W lengths");
    block.iter().fold(COVERED as i32, |a, &b| a.min(b as i32)) as u32
}

/// The position of the first `v` in a block that holds one (a bit mask, which compiles to vector
/// compares instead of a loop with an unpredictable exit).
#[inline(always)]
fn first_eq<const W: usize>(block: &[u32], v: u32) -> usize {
    let block: &[u32; W] = block.try_into().expect("a block of W lengths");
    let mut mask = 0u64;
    for (i, &l) in block.iter().enumerate() {
        mask |= u64::from(l == v) << i;
    }
    mask.trailing_zeros() as usize
}

impl Links {
    /// Lays out the matrix of `inst`.
    pub fn new(inst: &Instance, order: Order) -> Links {
        // Every index must fit in a u32, and every length (at most the number of options) below
        // COVERED, so that a length plus the flag stays below 2^31 (`choose` compares them as i32).
        // Such a matrix would take tens of gigabytes before reaching either bound.
        assert!(
            inst.n_options() < COVERED as usize
                && inst.n_items() + inst.n_nodes() + inst.n_options() + 2 < u32::MAX as usize,
            "the matrix is too large for 32-bit links"
        );
        let n = inst.n_items() as u32;
        let np = inst.n_primary() as u32;
        let mut item_order: Vec<u32> = (1..=n).collect();
        let mut option_order: Vec<usize> = (0..inst.n_options()).collect();
        if let Order::Shuffled(seed) = order {
            let mut rng = SplitMix::new(seed);
            rng.shuffle(&mut item_order[..np as usize]);
            rng.shuffle(&mut item_order[np as usize..]);
            rng.shuffle(&mut option_order);
        }

        // Item lists: primary items in a cycle through root 0, secondary ones through root n + 1.
        let mut items = vec![ItemLink::default(); n as usize + 2];
        let mut link_cycle = |root: u32, members: &[u32]| {
            let mut prev = root;
            for &i in members {
                items[prev as usize].right = i;
                items[i as usize].left = prev;
                prev = i;
            }
            items[prev as usize].right = root;
            items[root as usize].left = prev;
        };
        link_cycle(0, &item_order[..np as usize]);
        link_cycle(n + 1, &item_order[np as usize..]);

        let mut nodes = Vec::with_capacity(n as usize + 2 + inst.n_nodes() + inst.n_options());
        for i in 0..=n {
            nodes.push(Node {
                top: 0,
                up: i,
                down: i,
                next: 0,
            });
        }
        let mut option_first = vec![0u32; inst.n_options()];
        let mut len = vec![0u32; n as usize + 1];
        let mut color: Vec<u32> = Vec::with_capacity(nodes.capacity());
        // The first spacer.
        let mut spacer = nodes.len() as u32;
        nodes.push(Node {
            top: 0,
            up: 0,
            down: 0,
            next: option_order.first().map_or(u32::MAX, |&k| k as u32),
        });
        for (pos, &k) in option_order.iter().enumerate() {
            let first = nodes.len() as u32;
            option_first[k] = first;
            for i in inst.option(k) {
                let it = i as u32 + 1;
                let x = nodes.len() as u32;
                // Append x at the bottom of item it's list.
                let last = nodes[it as usize].up;
                nodes.push(Node {
                    top: it,
                    up: last,
                    down: it,
                    next: x + 1,
                });
                nodes[last as usize].down = x;
                nodes[it as usize].up = x;
                len[it as usize] += 1;
            }
            color.resize(first as usize, 0);
            color.extend(inst.option_colored(k).map(|(_, c)| c));
            // An empty option (a 0-1 row of zeros) has no node: its "first node" is the spacer
            // after it, and it is in no item's list, so it is never tried. Its spacers point at
            // themselves, where an option's spacers point at its nodes.
            let last = nodes.len() as u32 - 1;
            if last == spacer {
                nodes[spacer as usize].down = spacer;
            } else {
                nodes[last as usize].next = first;
                nodes[spacer as usize].down = last;
            }
            spacer = nodes.len() as u32;
            nodes.push(Node {
                top: 0,
                up: if last == spacer { spacer + 1 } else { first },
                down: 0,
                next: option_order.get(pos + 1).map_or(u32::MAX, |&k| k as u32),
            });
        }
        color.resize(nodes.len(), 0);
        let has_mult = inst.has_multiplicities();
        let (mut bound, mut slack) = (Vec::new(), Vec::new());
        if has_mult {
            bound = vec![0; np as usize + 1];
            slack = vec![0; np as usize + 1];
            for i in 0..np as usize {
                let (lo, hi) = inst.bounds(i);
                bound[i + 1] = hi;
                slack[i + 1] = hi - lo;
            }
        }
        let mut links = Links {
            items,
            nodes,
            n_items: n,
            n_primary: np,
            option_first,
            len,
            shuffled: matches!(order, Order::Shuffled(_)),
            primary_order: item_order[..np as usize].to_vec(),
            color,
            has_colors: inst.has_colors(),
            bound,
            slack,
            has_mult,
            // The zeros count is for MRV's `choose`; Algorithm M chooses with `choose_mult`, and
            // its tweaks change lengths outside hide and unhide, so it keeps none.
            track: np > TRACK_ZEROS && !has_mult,
            zeros: 0,
        };
        links.zeros = links.count_zeros();
        links
    }

    /// The primary items in the order of the item list as laid out (covering and uncovering keep
    /// that order).
    pub(crate) fn primary_order(&self) -> Vec<u32> {
        self.primary_order.clone()
    }

    /// True when some primary item has multiplicities (the search runs Algorithm M).
    pub fn has_mult(&self) -> bool {
        self.has_mult
    }

    /// How many more chosen options may have primary item header `c` (1 without multiplicities).
    pub fn bound(&self, c: u32) -> u32 {
        if self.has_mult {
            self.bound[c as usize]
        } else {
            1
        }
    }

    /// `hi - lo` of primary item header `c` (0 without multiplicities).
    pub fn slack(&self, c: u32) -> u32 {
        if self.has_mult {
            self.slack[c as usize]
        } else {
            0
        }
    }

    /// The colour array: one `u32` per node (0: none, [`MARKED`] while marked); for a header, the
    /// colour it is purified with.
    pub fn colors(&self) -> &[u32] {
        &self.color
    }

    /// The colour of node `x` (see [`Links::colors`]).
    pub fn color(&self, x: u32) -> u32 {
        self.color[x as usize]
    }

    /// True when some option gives an item a colour.
    pub fn has_colors(&self) -> bool {
        self.has_colors
    }

    /// Keeps `zeros` (or stops keeping it) whatever the number of items: the tests run small
    /// instances both ways, and `prune::blocked` reads it.
    pub(crate) fn set_track(&mut self, on: bool) {
        self.track = on;
        self.zeros = self.count_zeros();
    }

    /// The primary items not covered that have length 0, as kept while `track` is on (see
    /// [`Links::set_track`]); `prune::blocked` asks it whether a preselected option emptied an item.
    pub(crate) fn empty_items(&self) -> u32 {
        debug_assert!(
            self.track,
            "the count of empty items is kept only while tracked"
        );
        self.zeros
    }

    /// The primary items not covered that have length 0, counted.
    fn count_zeros(&self) -> u32 {
        self.len[1..=self.n_primary as usize]
            .iter()
            .filter(|&&l| l == 0)
            .count() as u32
    }

    /// True when the search must run the general path (`XCC` true): for colours, or to keep
    /// `zeros` for many items (more than [`TRACK_ZEROS`] primary ones).
    pub fn general(&self) -> bool {
        self.has_colors || self.track
    }

    /// The node array: headers `1..=n_items()`, then options between spacers.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The item headers: root 0, items `1..=n_items()`, root of the secondary list `n_items() + 1`.
    pub fn items(&self) -> &[ItemLink] {
        &self.items
    }

    pub fn n_items(&self) -> u32 {
        self.n_items
    }

    pub fn n_primary(&self) -> u32 {
        self.n_primary
    }

    /// The number of options (empty ones included).
    pub fn n_options(&self) -> usize {
        self.option_first.len()
    }

    /// The first node of option `k`; for an empty option, the spacer after it (`top` 0).
    pub fn option_first(&self, k: usize) -> u32 {
        self.option_first[k]
    }

    /// The length array: `len(i)` for header `i`, plus [`COVERED`] while `i` is covered; index 0 unused.
    pub fn lens(&self) -> &[u32] {
        &self.len
    }

    /// Length of item header `i` (the number of its options not hidden).
    pub fn len(&self, i: u32) -> u32 {
        self.len[i as usize] & !COVERED
    }

    /// The instance item number of header `i`.
    pub fn item_of_header(i: u32) -> usize {
        i as usize - 1
    }

    /// The option number of node `x` (of an option), read from the spacer before its option.
    pub fn option_of(&self, x: u32) -> usize {
        let mut s = x as usize;
        while self.nodes[s].top != 0 {
            s -= 1;
        }
        self.nodes[s].next as usize
    }

    /// `top` of node `x`: its item, or for a header its length, or 0 for a spacer.
    #[inline(always)]
    pub(crate) fn top(&self, x: u32) -> u32 {
        self.nd(x).top
    }

    #[inline(always)]
    pub(crate) fn up(&self, x: u32) -> u32 {
        self.nd(x).up
    }

    #[inline(always)]
    pub(crate) fn down(&self, x: u32) -> u32 {
        self.nd(x).down
    }

    /// The node after `p` in its option, cyclically.
    #[inline(always)]
    pub(crate) fn next_in_option(&self, p: u32) -> u32 {
        self.nd(p).next
    }

    /// The node before `p` in its option, cyclically.
    #[inline(always)]
    pub(crate) fn prev_in_option(&self, p: u32) -> u32 {
        let q = p - 1;
        let n = self.nd(q);
        if n.top == 0 {
            n.down
        } else {
            q
        }
    }

    /// Number of nodes of the option of node `p`.
    pub(crate) fn option_size(&self, p: u32) -> u32 {
        let mut n = 1;
        let mut q = self.next_in_option(p);
        while q != p {
            n += 1;
            q = self.next_in_option(q);
        }
        n
    }

    /// True when item header `i` is in the list of items still to cover (primary or secondary).
    /// A spliced-out header keeps its own links, but its left neighbour no longer points back to it.
    pub fn is_active(&self, i: u32) -> bool {
        let left = self.items[i as usize].left;
        self.items[left as usize].right == i
    }

    /// True when node `x` is in its item's list (its option is not hidden).
    pub fn is_linked(&self, x: u32) -> bool {
        let up = self.nodes[x as usize].up;
        self.nodes[up as usize].down == x
    }

    /// Removes item header `c` from its list of items.
    #[inline(always)]
    pub(crate) fn splice_out(&mut self, c: u32) {
        if self.track {
            self.splice_out_in::<true>(c)
        } else {
            self.splice_out_in::<false>(c)
        }
    }

    /// Puts item header `c` back where it was; undoes `splice_out(c)`.
    #[inline(always)]
    pub(crate) fn splice_in(&mut self, c: u32) {
        if self.track {
            self.splice_in_in::<true>(c)
        } else {
            self.splice_in_in::<false>(c)
        }
    }

    /// Hides the option of node `p`: removes its other nodes from their items' lists. Returns the number
    /// of links removed (Knuth's updates). With `XCC`, marked nodes stay (see the module note).
    #[inline(always)]
    pub(crate) fn hide<const XCC: bool>(&mut self, p: u32) -> u64 {
        // Only the general (colour) path counts zeros; plain runs of many items take it (see
        // `Search::run`), so the plain path stays the code it was.
        if XCC && self.track {
            self.hide_in::<XCC, true>(p)
        } else {
            self.hide_in::<XCC, false>(p)
        }
    }

    /// `hide`, counting the lengths it brings to 0 when `TRACK` (see `zeros`).
    #[inline(always)]
    fn hide_in<const XCC: bool, const TRACK: bool>(&mut self, p: u32) -> u64 {
        self.hide_look::<XCC, TRACK, false, false>(p).0
    }

    /// Undoes `hide(p)`, and returns the number of links put back (the updates `hide` counted). The
    /// nodes of one option lie in different items' lists, so relinking them in any order restores each
    /// list exactly (as long as options are unhidden in the reverse order they were hidden, which
    /// `uncover` guarantees); walking forwards like `hide` saves the spacer test. A node marked now was
    /// marked when the option was hidden (marks are undone after, LIFO), so it was left in place then.
    #[inline(always)]
    pub(crate) fn unhide<const XCC: bool>(&mut self, p: u32) -> u64 {
        // Only the general (colour) path counts zeros; plain runs of many items take it (see
        // `Search::run`), so the plain path stays the code it was.
        if XCC && self.track {
            self.unhide_in::<XCC, true>(p)
        } else {
            self.unhide_in::<XCC, false>(p)
        }
    }

    /// Knuth's cover(c): take item `c` out of the item list and hide every option in its list.
    /// Returns the number of updates (1 for the item, 1 per link removed).
    #[inline(always)]
    pub(crate) fn cover<const XCC: bool>(&mut self, c: u32) -> u64 {
        // Whether to count zeros is decided once per cover, not once per option hidden, and only
        // on the general path (see `hide`).
        if XCC && self.track {
            self.cover_in::<XCC, true>(c)
        } else {
            self.cover_in::<XCC, false>(c)
        }
    }

    #[inline(always)]
    fn cover_in<const XCC: bool, const TRACK: bool>(&mut self, c: u32) -> u64 {
        debug_assert!(XCC || !self.track, "many items take the general path");
        self.splice_out_in::<TRACK>(c);
        let mut updates = 1;
        let mut rr = self.down(c);
        // Item c's own list is never changed while c is covered, so walking it is safe. The next link
        // is read before hiding: hide(rr) only writes nodes of other items (an option holds each item
        // once), but the compiler cannot know that and would wait for its stores before reloading
        // it, a dependency on the critical path of every cover.
        while rr != c {
            let next = self.down(rr);
            updates += self.hide_in::<XCC, TRACK>(rr);
            rr = next;
        }
        updates
    }

    /// Knuth's uncover(c): the exact inverse of cover(c), walking c's list upwards (reverse order).
    #[inline(always)]
    pub(crate) fn uncover<const XCC: bool>(&mut self, c: u32) {
        if XCC && self.track {
            self.uncover_in::<XCC, true>(c)
        } else {
            self.uncover_in::<XCC, false>(c)
        }
    }

    #[inline(always)]
    fn uncover_in<const XCC: bool, const TRACK: bool>(&mut self, c: u32) {
        let mut rr = self.up(c);
        // The link is read before unhiding, for the same reason as in cover.
        while rr != c {
            let next = self.up(rr);
            self.unhide_in::<XCC, TRACK>(rr);
            rr = next;
        }
        self.splice_in_in::<TRACK>(c);
    }

    /// Knuth's purify(p): node `p` gives its (secondary) item `c` the colour `x`; hide every option in
    /// `c`'s list with another colour (or none) and mark those with colour `x`, which now agree with the
    /// choice. The item stays in the item list, like a secondary item in DLX2. Returns `(updates,
    /// cleansings)`, counted as Knuth does: one cleansing for the item and one per node marked.
    #[inline(always)]
    pub(crate) fn purify(&mut self, p: u32) -> (u64, u64) {
        let (u, c, _) = self.purify_look::<false>(p);
        (u, c)
    }

    /// `purify(p)`, and with `LOOK` whether it brought the length of some primary item to 0.
    #[inline(always)]
    fn purify_look<const LOOK: bool>(&mut self, p: u32) -> (u64, u64, bool) {
        let c = self.top(p);
        let x = self.color[p as usize];
        debug_assert!(x != 0 && x != MARKED);
        self.color[c as usize] = x;
        let (mut updates, mut cleansings, mut hit) = (0, 1, false);
        let mut rr = self.down(c);
        while rr != c {
            let next = self.down(rr);
            let k = self.color_at(rr);
            if k != x {
                if self.track {
                    let (u, h) = self.hide_look::<true, true, LOOK, false>(rr);
                    updates += u;
                    hit |= h;
                } else {
                    let (u, h) = self.hide_look::<true, false, LOOK, false>(rr);
                    updates += u;
                    hit |= h;
                }
            } else if rr != p {
                self.set_color_at(rr, MARKED);
                cleansings += 1;
            }
            rr = next;
        }
        (updates, cleansings, hit)
    }

    /// Knuth's unpurify(p): the exact inverse of `purify(p)`, walking upwards. Returns what `purify`
    /// counted, so that stepping back can take it off the counters.
    #[inline(always)]
    pub(crate) fn unpurify(&mut self, p: u32) -> (u64, u64) {
        let c = self.top(p);
        let x = self.color[p as usize];
        let (mut updates, mut cleansings) = (0, 1);
        let mut rr = self.up(c);
        while rr != c {
            let next = self.up(rr);
            let k = self.color_at(rr);
            if k == MARKED {
                self.set_color_at(rr, x);
                cleansings += 1;
            } else if rr != p {
                updates += self.unhide::<true>(rr);
            }
            rr = next;
        }
        self.color[c as usize] = 0;
        (updates, cleansings)
    }

    /// Knuth's commit(p, j): what choosing the option of node `p` does to `p`'s item, other than the
    /// item branched on — cover it (no colour), purify it (a colour), or nothing (marked: an earlier
    /// choice purified the item with this very colour). Returns `(updates, cleansings)`.
    #[inline(always)]
    pub(crate) fn commit<const XCC: bool>(&mut self, p: u32) -> (u64, u64) {
        if !XCC {
            return (self.cover::<false>(self.top(p)), 0);
        }
        match self.color[p as usize] {
            0 => (self.cover::<true>(self.top(p)), 0),
            MARKED => (0, 0),
            _ => self.purify(p),
        }
    }

    /// Knuth's uncommit(p, j): undoes `commit(p)`.
    #[inline(always)]
    pub(crate) fn uncommit<const XCC: bool>(&mut self, p: u32) {
        if !XCC {
            return self.uncover::<false>(self.top(p));
        }
        match self.color[p as usize] {
            0 => self.uncover::<true>(self.top(p)),
            MARKED => {}
            _ => {
                self.unpurify(p);
            }
        }
    }

    /// Commits the items of the option of node `x` other than `x`'s own, in order from the node after
    /// `x` (step X5 / C5). Returns `(updates, cleansings)`.
    #[inline(always)]
    pub(crate) fn cover_option_from<const XCC: bool>(&mut self, x: u32) -> (u64, u64) {
        let (mut updates, mut cleansings) = (0, 0);
        let mut p = self.next_in_option(x);
        // `next` links never change; reading the next one first keeps it off the critical path.
        while p != x {
            let next = self.next_in_option(p);
            let (u, c) = self.commit::<XCC>(p);
            updates += u;
            cleansings += c;
            p = next;
        }
        (updates, cleansings)
    }

    /// Undoes `cover_option_from(x)`: uncommits in the reverse order of committing (step X6).
    #[inline(always)]
    pub(crate) fn uncover_option_from<const XCC: bool>(&mut self, x: u32) {
        let mut p = self.prev_in_option(x);
        while p != x {
            let prev = self.prev_in_option(p);
            self.uncommit::<XCC>(p);
            p = prev;
        }
    }

    /// The lookahead's test (the tree [`crate::core::search::Tree::Lookahead`]): the option of node
    /// `rr` has just been hidden while the option of node `x` is being tried; returns a primary item of
    /// `rr`'s option that this left with no option and that `x`'s option does not cover (the item
    /// could never be covered below: Knuth's SSXC drops such an option at once instead of entering a
    /// node whose MRV choice is that empty item). Only the items of `rr`'s option can have just
    /// reached 0; an item of `x`'s option still to be covered may, harmlessly.
    pub(crate) fn emptied(&self, x: u32, rr: u32) -> Option<u32> {
        let mut q = self.next_in_option(rr);
        while q != rr {
            let t = self.top(q);
            if t <= self.n_primary && self.len(t) == 0 && !self.option_has(x, t) {
                return Some(t);
            }
            q = self.next_in_option(q);
        }
        None
    }

    /// Whether the option of node `x` has item `t`.
    fn option_has(&self, x: u32, t: u32) -> bool {
        let mut q = x;
        loop {
            if self.top(q) == t {
                return true;
            }
            q = self.next_in_option(q);
            if q == x {
                return false;
            }
        }
    }

    /// The lookahead's test after `purify(p)` for the option of node `x`: an item emptied by one of the
    /// options the purification hid (those of another colour in `p`'s item's list), as in `emptied`.
    /// Called right after the purification, or in the same state when stepping back to it.
    pub(crate) fn purify_emptied(&self, x: u32, p: u32) -> Option<u32> {
        let c = self.top(p);
        let mut rr = self.down(c);
        while rr != c {
            let k = self.color(rr);
            if rr != p && k != MARKED {
                if let Some(t) = self.emptied(x, rr) {
                    return Some(t);
                }
            }
            rr = self.down(rr);
        }
        None
    }

    /// `cover(c)` for the item of a node of the option of `x` being tried, under the lookahead: stops
    /// at the first hidden option that empties an item (`emptied`), undoes the cover at once (the
    /// nodes hidden, upwards, then the header) and returns that item. Updates count every link
    /// removed, those put back by the undo included, as the event machine counts them.
    #[inline(always)]
    fn cover_look<const XCC: bool, const TRACK: bool, const ALL_PRIMARY: bool>(
        &mut self,
        c: u32,
        x: u32,
    ) -> (u64, Option<u32>) {
        self.splice_out_in::<TRACK>(c);
        let mut updates = 1;
        let mut rr = self.down(c);
        while rr != c {
            let next = self.down(rr);
            let (u, hit) = self.hide_look::<XCC, TRACK, true, ALL_PRIMARY>(rr);
            updates += u;
            if hit {
                if let Some(t) = self.emptied(x, rr) {
                    let mut q = rr;
                    while q != c {
                        let up = self.up(q);
                        self.unhide_in::<XCC, TRACK>(q);
                        q = up;
                    }
                    self.splice_in_in::<TRACK>(c);
                    return (updates, Some(t));
                }
            }
            rr = next;
        }
        (updates, None)
    }

    /// `cover_option_from(x)` under the lookahead: commits the items of `x`'s option in the same order,
    /// but gives up at the first hide that empties an item the option does not cover (see `emptied`;
    /// for a purification, at its end, see `purify_emptied`), undoing what it did. Returns `(updates,
    /// cleansings, the emptied item)`; when that is `Some`, the links are as before the call.
    #[inline(always)]
    pub(crate) fn cover_option_look<const XCC: bool>(&mut self, x: u32) -> (u64, u64, Option<u32>) {
        let (mut updates, mut cleansings) = (0, 0);
        let mut p = self.next_in_option(x);
        while p != x {
            let next = self.next_in_option(p);
            let emptied = if !XCC || self.color[p as usize] == 0 {
                // Only the general path keeps `zeros` (see `hide`).
                let (u, t) = match (XCC && self.track, self.n_primary == self.n_items) {
                    (true, _) => self.cover_look::<XCC, true, false>(self.top(p), x),
                    (false, false) => self.cover_look::<XCC, false, false>(self.top(p), x),
                    (false, true) => self.cover_look::<XCC, false, true>(self.top(p), x),
                };
                updates += u;
                t
            } else if self.color[p as usize] == MARKED {
                None
            } else {
                let (u, c, hit) = self.purify_look::<true>(p);
                updates += u;
                cleansings += c;
                let t = if hit { self.purify_emptied(x, p) } else { None };
                if t.is_some() {
                    self.unpurify(p);
                }
                t
            };
            if emptied.is_some() {
                // Undo the items committed before p's, last first.
                let mut q = self.prev_in_option(p);
                while q != x {
                    let prev = self.prev_in_option(q);
                    self.uncommit::<XCC>(q);
                    q = prev;
                }
                return (updates, cleansings, emptied);
            }
            p = next;
        }
        (updates, cleansings, None)
    }

    /// Minimum remaining values: the active primary item with the fewest options, the leftmost on ties.
    /// Stops looking at length 0, which nothing beats, and at length 1 while no item has length 0
    /// (`zeros`), when nothing can beat it either: so the choice is always DLX1's. (Stopping at length
    /// 1 regardless, as some programs do, picks another item where a length-0 item lies further right,
    /// and does more work: the dead end is not found at once.)
    /// `None` when no item is left.
    ///
    /// Item lengths sit in their own dense array, `len`, where a covered item carries COVERED on top
    /// of its length: so the scan reads `len` in blocks of fixed width that the compiler turns into
    /// vector minimums, with no pointer chasing and no test of whether an item is still active, and
    /// only then finds the leftmost position of that minimum in its block. It visits the same items
    /// as DLX1's walk along the list and picks the same one. It pays most where most time goes into
    /// choosing among many items (Sudoku's 324), and costs nothing with a few (13-queens' 26).
    ///
    /// The scan runs from the first active item to the last (the list's ends: in the given order the
    /// list is in header order), so covered items at either end cost nothing, and it stops at length
    /// 1 when no length 0 exists. Both matter for many items: 10^6 items each in its own option
    /// scanned all 10^6 lengths at each of the 10^6 levels (quadratic, hours in all); now one
    /// block a node (`choose_counting` counts the lengths read, for the tests).
    #[inline(always)]
    pub fn choose(&self) -> Option<(u32, u32)> {
        self.choose_counting().0
    }

    /// [`Links::choose`], and the number of lengths it read (Knuth's mems of the choice). The count
    /// compiles away where it is not used.
    #[inline(always)]
    pub fn choose_counting(&self) -> (Option<(u32, u32)>, u64) {
        if self.shuffled {
            return self.choose_along_list();
        }
        if self.track {
            self.scan::<true>()
        } else {
            self.scan::<false>()
        }
    }

    /// The dense scan of `choose`: with `TRACK`, between the ends of the list and stopping at 1
    /// while no item has length 0.
    #[inline(always)]
    fn scan<const TRACK: bool>(&self) -> (Option<(u32, u32)>, u64) {
        // Many items: the scan runs between the ends of the list of active items (in the given order
        // the list is in header order), so covered items at either end cost nothing. Fewer: over
        // them all, the code it always was.
        let (lo, hi) = if TRACK {
            match self.it(0).right {
                0 => return (None, 1),
                first => (first, self.it(0).left),
            }
        } else {
            (1, self.n_primary)
        };
        let lens = self.lens_between(lo, hi);
        // Nothing is below 1 while no item has length 0: the first 1 is the leftmost minimum.
        let floor = u32::from(TRACK && self.zeros == 0);
        let n = lens.len();
        let mut read = 0u64;
        let mut best = COVERED;
        // The block holding the leftmost minimum so far: `at..at + width`.
        let mut at = 0;
        let mut width = 0;
        let mut i = 0;
        while i + WIDE <= n {
            let m = min_len::<WIDE>(&lens[i..i + WIDE]);
            read += WIDE as u64;
            if m < best {
                (best, at, width) = (m, i, WIDE);
                if m <= floor {
                    break;
                }
            }
            i += WIDE;
        }
        while best > floor && i < n {
            // The last window may overlap the one before: those lengths are all >= best already, so
            // a smaller minimum lies beyond them and the leftmost search below still finds it.
            let s = if i + NARROW <= n || n < NARROW {
                i
            } else {
                n - NARROW
            };
            let e = (s + NARROW).min(n);
            let m = if e - s == NARROW {
                min_len::<NARROW>(&lens[s..e])
            } else {
                lens[s..e].iter().fold(COVERED, |a, &b| a.min(b))
            };
            read += (e - s) as u64;
            if m < best {
                (best, at, width) = (m, s, e - s);
            }
            i = e;
        }
        if best == COVERED {
            return (None, read);
        }
        let pos = if width == NARROW {
            first_eq::<NARROW>(&lens[at..at + NARROW], best)
        } else {
            lens[at..at + width]
                .iter()
                .position(|&l| l == best)
                .unwrap_or(0)
        };
        (Some(((at + pos) as u32 + lo, best)), read)
    }

    /// DLX1's MRV: a walk along the list of active primary items, for a shuffled item order.
    /// Stops at length 0, and at length 1 while no item has length 0, as the dense scan does.
    /// Returns the choice and the items visited.
    fn choose_along_list(&self) -> (Option<(u32, u32)>, u64) {
        let floor = u32::from(self.track && self.zeros == 0);
        let mut k = self.it(0).right;
        let mut best = None;
        let mut read = 0;
        while k != 0 {
            let len = self.len(k);
            read += 1;
            if best.is_none_or(|(_, b)| len < b) {
                best = Some((k, len));
                if len <= floor {
                    break;
                }
            }
            k = self.it(k).right;
        }
        (best, read)
    }
}

#[cfg(test)]
pub(crate) mod tests;
