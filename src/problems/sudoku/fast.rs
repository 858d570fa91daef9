//! `Fast9`: DLX1's tree for the 9x9 Sudoku on a fixed shape: 729 option bits and 324 item lengths.
//!
//! The instance is the one [`super::instance`] builds for boxes of side 3 (items: 81 cells, then
//! row, column and box symbols; option `(r·9 + c)·9 + v − 1`), and the tree is DLX1's: at each node
//! the primary item with the fewest live options (MRV, the leftmost on ties, a length 0 first of all),
//! its options tried in list order, which is option order. What changes is the memory. Every item of
//! this matrix has 9 options and every option 4 items, so the whole state of a node is which options
//! are still live (729 bits), how many each item has left (324 bytes) and which items have one left
//! (the forced moves, so that MRV need not scan). A level with options left to try copies it to the
//! next level; its last option (a forced move's only one) changes it in place, since nothing comes
//! back to it: no undo either way. Choosing option `o` clears the options that share an item with it
//! (at most 28 besides `o`, a mask made at compile time) and takes one off each of their 4 items'
//! lengths; `o`'s own items are covered (length `COVERED`, above every length). The givens are
//! applied the same way to the empty grid's state, with no links built. Nodes are counted as `Search`
//! counts them (one a level entered), so on the same puzzle both report the same nodes.

/// Options (9 × 81), items (4 × 81) and the words of the option bit set.
const OPTIONS: usize = 729;
const ITEMS: usize = 324;
const WORDS: usize = OPTIONS.div_ceil(64);
/// The lengths are scanned 16 at a time (one SIMD register of bytes) up to `SCANNED`; the rest is
/// padding, covered. The array is 512 long so that an item number masked to 9 bits needs no bounds
/// check (the hot loop indexes it from a table); the option tables are 1024 long for the same reason.
const LANES: usize = 16;
const SCANNED: usize = ITEMS.div_ceil(LANES) * LANES;
const PADDED: usize = 512;
const OPTION_SLOTS: usize = 1024;
/// The length of a covered item (and of the padding): above every real length, so MRV skips it.
const COVERED: u8 = u8::MAX;
/// The length the items of the option being chosen hold while it is chosen: far enough from 0 that
/// taking their options off (at most 9 each) can never look like an item left empty.
const CHOOSING: u8 = 0xC0;

/// Per option its 4 items; per item its 9 options in list order; per option the options that share
/// an item with it (itself included), as a mask over the option bits. Made at compile time.
struct Tables {
    items: [[u16; 4]; OPTION_SLOTS],
    list: [[u16; 9]; ITEMS],
    clash: [[u64; WORDS]; OPTIONS],
}

const fn option_items(k: usize) -> [u16; 4] {
    let (p, v) = (k / 9, k % 9);
    let (r, c) = (p / 9, p % 9);
    let b = (r / 3) * 3 + c / 3;
    [
        p as u16,
        (81 + r * 9 + v) as u16,
        (162 + c * 9 + v) as u16,
        (243 + b * 9 + v) as u16,
    ]
}

/// The options of item `i`, in increasing order (the order `Instance` lays them into its list).
const fn item_list(i: usize) -> [u16; 9] {
    let mut out = [0u16; 9];
    let (kind, u, v) = (i / 81, i % 81 / 9, i % 9);
    let mut j = 0;
    while j < 9 {
        let cell = match kind {
            0 => {
                out[j] = (i * 9 + j) as u16;
                j += 1;
                continue;
            }
            1 => u * 9 + j,
            2 => j * 9 + u,
            _ => ((u / 3) * 3 + j / 3) * 9 + (u % 3) * 3 + j % 3,
        };
        out[j] = (cell * 9 + v) as u16;
        j += 1;
    }
    out
}

const fn tables() -> Tables {
    let mut t = Tables {
        items: [[0; 4]; OPTION_SLOTS],
        list: [[0; 9]; ITEMS],
        clash: [[0; WORDS]; OPTIONS],
    };
    let mut i = 0;
    while i < ITEMS {
        t.list[i] = item_list(i);
        i += 1;
    }
    let mut k = 0;
    while k < OPTIONS {
        t.items[k] = option_items(k);
        let mut a = 0;
        while a < 4 {
            let mut j = 0;
            while j < 9 {
                let o = t.list[t.items[k][a] as usize][j] as usize;
                t.clash[k][o / 64] |= 1 << (o % 64);
                j += 1;
            }
            a += 1;
        }
        k += 1;
    }
    t
}

static TABLES: Tables = tables();

/// The state of a node: the live options, the length of every item (`COVERED` once covered), and
/// which items have length 1 (bit i for item i), so that MRV finds the usual choice, a forced move,
/// without scanning the lengths.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct State {
    len: [u8; PADDED],
    live: [u64; WORDS],
    ones: [u64; PADDED / 64],
}

impl State {
    /// The empty grid: every option live, every item of length 9.
    const EMPTY: State = {
        let mut len = [COVERED; PADDED];
        let mut i = 0;
        while i < ITEMS {
            len[i] = 9;
            i += 1;
        }
        let mut live = [u64::MAX; WORDS];
        live[WORDS - 1] = (1 << (OPTIONS % 64)) - 1;
        State {
            len,
            live,
            ones: [0; PADDED / 64],
        }
    };

    fn is_live(&self, o: usize) -> bool {
        self.live[o / 64] >> (o % 64) & 1 != 0
    }

    /// Chooses live option `o`: its items covered, every other option of theirs hidden (each of the
    /// hidden options' items one shorter). False if that left an item with no option.
    #[inline(always)]
    fn choose(&mut self, o: usize) -> bool {
        let t = &TABLES;
        let own = t.items[o];
        for i in own {
            let i = usize::from(i);
            self.len[i] = CHOOSING;
            self.ones[i / 64] &= !(1 << (i % 64));
        }
        // The options hidden, word by word, then their items one shorter (only words with some).
        let clash = &t.clash[o];
        let gone: [u64; WORDS] = std::array::from_fn(|w| self.live[w] & clash[w]);
        let mut words = 0u32;
        for (w, (live, g)) in self.live.iter_mut().zip(gone).enumerate() {
            *live ^= g;
            words |= u32::from(g != 0) << w;
        }
        let mut empty = false;
        while words != 0 {
            let w = words.trailing_zeros() as usize;
            words &= words - 1;
            let mut bits = gone[w % WORDS];
            while bits != 0 {
                let k = (w * 64 + bits.trailing_zeros() as usize) % OPTION_SLOTS;
                bits &= bits - 1;
                for i in t.items[k] {
                    let i = usize::from(i) % PADDED;
                    let l = self.len[i] - 1;
                    self.len[i] = l;
                    if l <= 1 {
                        // `o`'s own items stand at CHOOSING meanwhile, far above 1.
                        empty |= l == 0;
                        self.ones[i / 64] |= 1 << (i % 64);
                    }
                }
            }
        }
        for i in own {
            self.len[usize::from(i)] = COVERED;
        }
        !empty
    }

    /// MRV on a state with no item of length 0: the leftmost item of least length, or `None` when
    /// every item is covered (a solution).
    #[inline(always)]
    fn mrv(&self) -> Option<usize> {
        // The leftmost item of length 1, if any (the usual case: a forced move).
        for (w, &bits) in self.ones.iter().enumerate() {
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
        }
        // The least length, lane by lane (vector minimums), then across the lanes.
        let mut low = [COVERED; LANES];
        for chunk in self.len[..SCANNED].chunks_exact(LANES) {
            for (l, &x) in low.iter_mut().zip(chunk) {
                *l = (*l).min(x);
            }
        }
        let least = low.iter().copied().min().unwrap_or(COVERED);
        if least == COVERED {
            return None;
        }
        // The first block holding it, then its place in the block.
        for (b, chunk) in self.len[..SCANNED].chunks_exact(LANES).enumerate() {
            let mut hits = 0u32;
            for (j, &x) in chunk.iter().enumerate() {
                hits |= u32::from(x == least) << j;
            }
            if hits != 0 {
                return Some(b * LANES + hits.trailing_zeros() as usize);
            }
        }
        None
    }
}

/// Givens that break the rules: two in one row, column or box with one symbol, or a value past 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The cell (row-major, from 0) whose given cannot stand beside the givens before it.
    pub cell: usize,
}

/// What [`Fast9::solve`] found: solutions up to the limit, the first one (81 cells, 1 to 9), and the
/// nodes of DLX1's tree walked to find them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub count: u64,
    pub first: Option<[u8; 81]>,
    pub nodes: u64,
}

/// The fixed-shape engine for 9x9 Sudoku (see the module documentation). It keeps one state a level,
/// allocated once; each puzzle starts from the empty grid's state.
#[derive(Clone)]
pub struct Fast9 {
    /// `stack[d]`: the state on entering level d (levels 0 to 81; the last holds a full grid).
    stack: Vec<State>,
    /// The option tried at each level, for the first solution.
    choice: [u16; 82],
    givens: [u8; 81],
    limit: u64,
    count: u64,
    nodes: u64,
    first: Option<[u8; 81]>,
}

impl std::fmt::Debug for Fast9 {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_struct("Fast9").finish_non_exhaustive()
    }
}

impl Default for Fast9 {
    fn default() -> Self {
        Fast9::new()
    }
}

impl Fast9 {
    pub fn new() -> Fast9 {
        Fast9 {
            stack: vec![State::EMPTY; 82],
            choice: [0; 82],
            givens: [0; 81],
            limit: 1,
            count: 0,
            nodes: 0,
            first: None,
        }
    }

    /// Counts the solutions of the puzzle `cells` (81 cells row-major, 0 empty, else 1 to 9) up to
    /// `limit` (at least 1), with the first found. Givens that clash are an error, as `Grid::parse`
    /// reports them; a puzzle whose givens leave some cell, row, column or box no place has no
    /// solution (one node, as `Search` counts it after `preselect`).
    pub fn solve(&mut self, cells: &[u8; 81], limit: u64) -> Result<Found, Clash> {
        let mut s = State::EMPTY;
        let mut ok = true;
        for (p, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let o = p * 9 + usize::from(v) - 1;
            if v > 9 || !s.is_live(o) {
                return Err(Clash { cell: p });
            }
            // A given may empty an item; the search's first node then finds it (as after preselect).
            ok &= s.choose(o);
        }
        self.stack[0] = s;
        self.givens = *cells;
        self.limit = limit.max(1);
        self.count = 0;
        self.nodes = 0;
        self.first = None;
        self.enter(0, 0, ok);
        Ok(Found {
            count: self.count,
            first: self.first.take(),
            nodes: self.nodes,
        })
    }

    /// Level `d`, entered with its state in `stack[slot]` (`ok` false: some item has no option). True
    /// to stop: the limit is reached. The state of a level is copied to the next slot for every
    /// option but its last, which is chosen in place: nothing returns to that state afterwards (a
    /// forced move, the most common node, copies nothing).
    fn enter(&mut self, d: usize, slot: usize, ok: bool) -> bool {
        self.nodes += 1;
        if !ok {
            return false;
        }
        let Some(item) = self.stack[slot].mrv() else {
            self.count += 1;
            if self.first.is_none() {
                let mut grid = self.givens;
                for &o in &self.choice[..d] {
                    grid[usize::from(o) / 9] = (o % 9) as u8 + 1;
                }
                self.first = Some(grid);
            }
            return self.count >= self.limit;
        };
        let state = &self.stack[slot];
        let mut tries = [0u16; 9];
        let mut n = 0;
        for o in TABLES.list[item] {
            tries[n] = o;
            n += usize::from(state.is_live(usize::from(o)));
        }
        for (j, &o) in tries[..n].iter().enumerate() {
            let o = usize::from(o);
            self.choice[d] = o as u16;
            let next = if j + 1 == n {
                slot
            } else {
                let (at, below) = self.stack.split_at_mut(slot + 1);
                below[0] = at[slot];
                slot + 1
            };
            let ok = self.stack[next].choose(o);
            if self.enter(d + 1, next, ok) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Grid, Solver};
    use super::*;
    use crate::core::rng::SplitMix;
    use crate::core::Engine;

    const P9: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const S9: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// Easter Monster: branches (thousands of nodes).
    const EASTER: &str = include_str!("../../../tests/data/sudoku/easter-monster.txt").trim_ascii();

    fn cells(line: &str) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (c, b) in out.iter_mut().zip(line.bytes()) {
            *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        out
    }

    /// The general solver: the search on links (DLX1), the path every size takes.
    fn links() -> Solver {
        let mut s = Solver::new();
        s.set_engine(Engine::Links);
        s
    }

    /// A grid is a solution of `puzzle`, checked by the rules here (not by either engine): every row,
    /// column and box holds 1 to 9, and every given stands.
    fn check(puzzle: &[u8; 81], grid: &[u8; 81]) {
        for u in 0..9 {
            let mut seen = [0u16; 3];
            for j in 0..9 {
                let cells = [
                    u * 9 + j,
                    j * 9 + u,
                    (u / 3 * 3 + j / 3) * 9 + u % 3 * 3 + j % 3,
                ];
                for (s, p) in seen.iter_mut().zip(cells) {
                    assert!((1..=9).contains(&grid[p]), "cell {p} holds {}", grid[p]);
                    *s |= 1 << grid[p];
                }
            }
            assert_eq!(seen, [0b11_1111_1110; 3], "unit {u}");
        }
        for p in 0..81 {
            assert!(puzzle[p] == 0 || puzzle[p] == grid[p], "given {p} kept");
        }
    }

    /// Fast9 and the search on links agree on a puzzle: the count up to `limit`, the first solution
    /// (checked by the rules) and the nodes (the same tree, DLX1's).
    fn agree(line: &str, limit: u64) -> u64 {
        let grid = Grid::parse(line).unwrap();
        let general = links().solve(&grid, limit);
        let puzzle = cells(line);
        let fast = Fast9::new().solve(&puzzle, limit).unwrap();
        assert_eq!(fast.count, general.count, "{line}: count");
        assert_eq!(fast.nodes, general.nodes, "{line}: nodes");
        let first = general
            .solution
            .map(|g| <[u8; 81]>::try_from(g.cells()).unwrap());
        assert_eq!(fast.first, first, "{line}: first solution");
        if let Some(g) = &fast.first {
            check(&puzzle, g);
        }
        // And the Solver takes Fast9 by default, to the same answer.
        assert_eq!(Solver::new().solve(&grid, limit).nodes, fast.nodes);
        fast.count
    }

    #[test]
    fn the_tables_are_the_instance_of_boxes_of_side_3() {
        let inst = super::super::instance(super::super::Geometry::classic());
        assert_eq!(inst.n_options(), OPTIONS);
        for k in 0..OPTIONS {
            let items: Vec<usize> = inst.option(k).collect();
            let ours: Vec<usize> = TABLES.items[k].iter().map(|&i| usize::from(i)).collect();
            assert_eq!(items, ours, "option {k}");
            for &i in &ours {
                assert!(
                    TABLES.list[i].contains(&(k as u16)),
                    "item {i} lists option {k}"
                );
            }
            let clash: u32 = TABLES.clash[k].iter().map(|w| w.count_ones()).sum();
            assert_eq!(clash, 29, "option {k}: itself and 28 others");
        }
        for list in &TABLES.list {
            assert!(
                list.windows(2).all(|w| w[0] < w[1]),
                "lists in option order"
            );
        }
    }

    #[test]
    fn hand_made_puzzles_with_none_one_and_many_solutions() {
        // One solution: a plain puzzle, a full grid (one node), and one that branches.
        assert_eq!(agree(P9, 2), 1);
        assert_eq!(agree(S9, 2), 1);
        assert_eq!(agree(EASTER, 2), 1);
        // Exactly two: S9 with a rectangle emptied whose corners hold a b / b a in two rows, two
        // columns and two boxes (the symbols swap).
        let g = cells(S9);
        let rect = (0..81)
            .flat_map(|p| (p + 1..81).map(move |q| (p, q)))
            .find_map(|(p, q)| {
                let (r1, c1, r2, c2) = (p / 9, p % 9, q / 9, q % 9);
                let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                let (x, y) = (r1 * 9 + c2, r2 * 9 + c1);
                (r1 < r2 && c1 < c2 && two_boxes && g[p] == g[q] && g[x] == g[y] && g[p] != g[x])
                    .then_some([p, q, x, y])
            })
            .expect("S9 has such a rectangle");
        let mut two = S9.as_bytes().to_vec();
        for p in rect {
            two[p] = b'.';
        }
        assert_eq!(agree(&String::from_utf8(two).unwrap(), 10), 2);
        let many = ".".repeat(81);
        assert_eq!(agree(&many, 500), 500);
        let few = format!("{}{}", &S9[..27], ".".repeat(54));
        assert!(agree(&few, 1000) > 1);
        // None: no clash among the givens, but r1c9 can hold nothing (1-8 in its row, 9 in its column).
        let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        assert_eq!(agree(&none, 2), 0);
        assert_eq!(Fast9::new().solve(&cells(&none), 2).unwrap().nodes, 1);
        // None after a search: Easter Monster with one more given that clashes with no given but
        // is not its solution's.
        let solution = Fast9::new()
            .solve(&cells(EASTER), 1)
            .unwrap()
            .first
            .unwrap();
        let wrong = (0..81)
            .flat_map(|p| (1..=9u8).map(move |v| (p, v)))
            .map(|(p, v)| {
                let mut line = EASTER.as_bytes().to_vec();
                line[p] = b'0' + v;
                (p, v, String::from_utf8(line).unwrap())
            })
            .find(|(p, v, line)| {
                EASTER.as_bytes()[*p] == b'.' && solution[*p] != *v && Grid::parse(line).is_ok()
            })
            .expect("a wrong given that clashes with none");
        assert_eq!(agree(&wrong.2, 2), 0);
        assert!(Fast9::new().solve(&cells(&wrong.2), 2).unwrap().nodes > 1);
    }

    /// Puzzles made from solutions with cells emptied at random: many with several solutions, counted
    /// up to 20 by both engines, nodes and first solutions equal.
    #[test]
    fn random_puzzles_agree_with_the_search_on_links() {
        let mut rng = SplitMix::new(23);
        let mut multiple = 0;
        for round in 0..400 {
            let mut puzzle = S9.as_bytes().to_vec();
            let keep = 18 + round % 30;
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &p in &order[keep..] {
                puzzle[p] = b'.';
            }
            let line = String::from_utf8(puzzle).unwrap();
            if agree(&line, 20) > 1 {
                multiple += 1;
            }
        }
        assert!(multiple > 50, "{multiple} puzzles with several solutions");
    }

    /// Clashing givens are an error (the cell of the second), exactly where the reader reports a clash,
    /// and `Solver::answer` gives the reader's message for them.
    #[test]
    fn clashing_givens_are_refused_as_the_reader_refuses_them() {
        let row = format!("5.......5{}", ".".repeat(72));
        let column = format!("5{}5{}", ".".repeat(8), ".".repeat(71));
        let boxed = format!("5{}5{}", ".".repeat(9), ".".repeat(70));
        for (line, cell) in [(&row, 8), (&column, 9), (&boxed, 10)] {
            assert_eq!(Fast9::new().solve(&cells(line), 2), Err(Clash { cell }));
            let e = Grid::parse(line).unwrap_err();
            assert!(super::super::is_clash(&e), "{e}");
            assert_eq!(Solver::new().answer(line).unwrap_err(), e);
        }
        let mut ten = cells(P9);
        ten[2] = 10;
        assert_eq!(Fast9::new().solve(&ten, 2), Err(Clash { cell: 2 }));
    }

    /// `Solver::answer` on 81-character lines (Fast9, no reader) says what the reader and the search
    /// on links say, for `.` and `0` as empty cells, and lines that are not plain go to the reader.
    #[test]
    fn answers_of_plain_lines_are_the_general_answers() {
        let zeros = P9.replace('.', "0");
        let bad = format!("{}x", &P9[..80]);
        let short = &P9[..80];
        let spaced = format!(" {P9}");
        for line in [
            P9,
            S9,
            EASTER,
            &zeros,
            &bad,
            short,
            &spaced,
            &".".repeat(81),
        ] {
            assert_eq!(Solver::new().answer(line), links().answer(line), "{line}");
        }
        assert_eq!(Solver::new().answer(P9).unwrap(), S9);
    }

    /// The first puzzles of four collections (their first 300 in `tests/data/sudoku`): the same counts,
    /// first solutions and nodes on both engines. With `DLX_LONG_TESTS=1` (`make test-long`), more of
    /// each from the whole sets in `../shared/data/sudoku` (required then).
    #[test]
    fn the_shared_sets_agree_with_the_search_on_links() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let long = std::env::var("DLX_LONG_TESTS").as_deref() == Ok("1");
        let dir = root.join(if long {
            "../shared/data/sudoku"
        } else {
            "tests/data/sudoku"
        });
        assert!(dir.is_dir(), "{} is missing", dir.display());
        for (name, take) in [
            ("17-clue.txt", if long { 1000 } else { 300 }),
            ("forum-hardest-1905-11plus.txt", 300),
            ("forum-hardest-1106.txt", if long { 375 } else { 300 }),
            ("magictour-top1465.txt", 300),
        ] {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            let lines = text.lines().map(str::trim);
            let puzzles: Vec<&str> = lines
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .take(take)
                .collect();
            assert_eq!(puzzles.len(), take, "{name}");
            for line in puzzles {
                assert_eq!(agree(line, 2), 1, "{name}: {line}");
                assert_eq!(Solver::new().answer(line), links().answer(line));
            }
        }
    }
}
