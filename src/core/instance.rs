//! An exact-cover instance as a problem states it: named items and options over them.
//!
//! This is the input of the search, independent of its memory layout. Items are numbered from 0:
//! the primary items first (each must be covered exactly once), then the secondary items (each at most
//! once). Options are lists of distinct items, numbered from 0 in the order they were added.
//!
//! A secondary item in an option may carry a *colour* (Knuth's `x:c`, TAOCP 7.2.2.1 Algorithm C): then
//! several chosen options may share that item, provided they all give it the same colour. Colours are
//! numbered from 1 in the order they were first named; 0 means "no colour", and an uncoloured secondary
//! item is still taken by at most one chosen option, which then excludes every coloured use of it too.
//!
//! A primary item may carry *multiplicities* (Knuth's DLX3, TAOCP 7.2.2.1 Algorithm M): bounds
//! `lo..=hi`, so that a solution has it in at least `lo` and at most `hi` of its options (1..=1, exact
//! cover, unless set). Solutions are still *sets* of options: an option is chosen at most once.

use std::collections::HashMap;
use std::fmt;

/// Why an item or option could not be added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstanceError {
    /// Two items share a name.
    DuplicateItem(String),
    /// An item name is empty or contains white space or `|`, so it could not be written in Knuth's format.
    BadItemName(String),
    /// An option names an item number that does not exist.
    NoSuchItem(usize),
    /// An option lists the same item twice.
    RepeatedItem { item: String },
    /// A colour given to a primary item (only secondary items can have colours).
    ColorOnPrimary { item: String },
    /// A colour name that is empty or contains white space, `|` or `:`.
    BadColorName(String),
    /// Bounds on a secondary item (only primary items have multiplicities).
    BoundsOnSecondary { item: String },
    /// Bounds with `lo > hi` or `hi == 0`.
    BadBounds { item: String, lo: u32, hi: u32 },
    /// More than the budget of an instance ([`BUDGET`]): `what` names the measure.
    OverBudget { what: &'static str, limit: usize },
    /// A matching ([`Instance::add_matching`]) whose sides are not distinct primary items, as many
    /// on each side; `why` says which.
    BadMatching { why: &'static str },
}

impl fmt::Display for InstanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceError::DuplicateItem(n) => write!(f, "item `{n}` is named twice"),
            InstanceError::BadItemName(n) => {
                write!(f, "item name `{n}` is empty or contains a space or `|`")
            }
            InstanceError::NoSuchItem(i) => write!(f, "there is no item number {i}"),
            InstanceError::BadMatching { why } => write!(f, "a matching of items {why}"),
            InstanceError::RepeatedItem { item } => {
                write!(f, "item `{item}` appears twice in one option")
            }
            InstanceError::ColorOnPrimary { item } => write!(
                f,
                "`{item}` is a primary item: only secondary items can have a colour"
            ),
            InstanceError::BadColorName(c) => {
                write!(
                    f,
                    "colour name `{c}` is empty or contains a space, `|` or `:`"
                )
            }
            InstanceError::BoundsOnSecondary { item } => write!(
                f,
                "`{item}` is a secondary item: only primary items can have multiplicities"
            ),
            InstanceError::OverBudget { what, limit } => write!(
                f,
                "more than {} {what}, the most an instance may have (see \"Bad input\" in the README)",
                crate::figures::thousands(*limit as u64)
            ),
            InstanceError::BadBounds { item, lo, hi } => {
                if *hi == 0 {
                    write!(f, "item `{item}`: the upper bound must be at least 1")
                } else {
                    write!(
                        f,
                        "item `{item}`: the lower bound {lo} exceeds the upper bound {hi}"
                    )
                }
            }
        }
    }
}

impl std::error::Error for InstanceError {}

/// The first position of `items` whose item occurs earlier too, if any. O(k log k): an option may
/// have tens of thousands of items (a pasted matrix row), where comparing each with all before it
/// would take seconds; short options, the usual case, are checked in place without allocating.
pub fn first_repeat(items: &[usize]) -> Option<usize> {
    if items.len() <= 16 {
        return (1..items.len()).find(|&k| items[..k].contains(&items[k]));
    }
    let mut sorted: Vec<(usize, usize)> = items.iter().copied().zip(0..).collect();
    sorted.sort_unstable();
    // Sorted by item, then position: the second of two equal neighbours is a later occurrence.
    sorted
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| w[1].1)
        .min()
}

/// The most an instance may hold, checked before anything is allocated for it, natively and in wasm
/// alike, so that no input costs memory without bound: a header-less 0-1 row of 20 M `1`s took
/// 4.5 GB natively (and 40 M took wasm's whole memory, then trapped) where it is now refused at once.
/// At the budget, an instance and its links take about 1 GB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Items, primary and secondary (a header-less matrix: its columns).
    pub items: usize,
    /// Nodes of the link arrays: an item header a item, an entry an item of an option, a spacer an
    /// option, and two more (the links' own count).
    pub nodes: usize,
    /// Bytes of item and colour names together.
    pub name_bytes: usize,
}

impl Budget {
    /// Whether `items` items whose names take `name_bytes` bytes are within the budget.
    pub fn check_items(&self, items: usize, name_bytes: usize) -> Result<(), InstanceError> {
        if items > self.items {
            return Err(InstanceError::OverBudget {
                what: "items",
                limit: self.items,
            });
        }
        if name_bytes > self.name_bytes {
            return Err(InstanceError::OverBudget {
                what: "bytes of item and colour names",
                limit: self.name_bytes,
            });
        }
        Ok(())
    }
}

/// The budget of every instance (see [`Budget`]): 2^22 items, 2^25 nodes, 64 MiB of names.
pub const BUDGET: Budget = Budget {
    items: 1 << 22,
    nodes: 1 << 25,
    name_bytes: 1 << 26,
};

/// Item names, all in one string: an item costs its name's bytes and one `u32`, not a `String`
/// (24 bytes and an allocation each: most of a header-less 0-1 row's cost per `1`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Names {
    text: String,
    /// `ends[i]`: where name `i` ends in `text` (it starts where name `i - 1` ends).
    ends: Vec<u32>,
}

impl Names {
    fn len(&self) -> usize {
        self.ends.len()
    }

    fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len() as u32);
    }

    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    fn iter(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// Items and options of a generalized exact-cover problem. Two are equal when their items,
/// options, colours and multiplicities are: the matchings stated ([`Instance::add_matching`]) are
/// hints for the search, which Knuth's format has no line for, and a puzzle read back from its
/// text equals the puzzle.
#[derive(Debug, Clone, Default)]
pub struct Instance {
    names: Names,
    n_primary: usize,
    /// Items of option k are `opt_items[opt_start[k]..opt_start[k + 1]]`.
    opt_items: Vec<u32>,
    /// The colour of each entry of `opt_items` (0: none), kept only once some option has a colour
    /// (`colored`), so that instances without colours pay nothing for them.
    opt_colors: Vec<u32>,
    colored: bool,
    opt_start: Vec<u32>,
    /// `color_names[c - 1]` is the name of colour `c`.
    color_names: Vec<String>,
    /// The number of each colour by name: finding a colour was a scan of `color_names` (200 k
    /// colours took 43 s to read).
    color_index: HashMap<String, u32>,
    /// Bytes of item and colour names (see [`BUDGET`]).
    name_bytes: usize,
    /// `bounds[i]`: primary item `i`'s multiplicity `(lo, hi)`; empty while every item is `(1, 1)`,
    /// so that plain instances pay nothing for them.
    bounds: Vec<(u32, u32)>,
    /// The matchings stated ([`Instance::add_matching`]): two sides of primary items each.
    matchings: Vec<(Vec<u32>, Vec<u32>)>,
}

impl PartialEq for Instance {
    fn eq(&self, other: &Instance) -> bool {
        // Every field named, so that a field added is compared or said to be left out here.
        let Instance {
            names,
            n_primary,
            opt_items,
            opt_colors,
            colored,
            opt_start,
            color_names,
            color_index,
            name_bytes,
            bounds,
            matchings: _,
        } = self;
        *names == other.names
            && *n_primary == other.n_primary
            && *opt_items == other.opt_items
            && *opt_colors == other.opt_colors
            && *colored == other.colored
            && *opt_start == other.opt_start
            && *color_names == other.color_names
            && *color_index == other.color_index
            && *name_bytes == other.name_bytes
            && *bounds == other.bounds
    }
}

impl Eq for Instance {}

impl Instance {
    /// An instance with these primary and secondary items and no options yet.
    pub fn new<P, S>(primary: P, secondary: S) -> Result<Instance, InstanceError>
    where
        P: IntoIterator,
        P::Item: Into<String>,
        S: IntoIterator,
        S::Item: Into<String>,
    {
        let mut names: Vec<String> = primary.into_iter().map(Into::into).collect();
        let n_primary = names.len();
        names.extend(secondary.into_iter().map(Into::into));
        let mut seen = HashMap::with_capacity(names.len());
        let mut bytes = 0;
        for (i, n) in names.iter().enumerate() {
            // `:` would make `name:colour` ambiguous in Knuth's format.
            if n.is_empty() || n.contains(|c: char| c.is_whitespace() || c == '|' || c == ':') {
                return Err(InstanceError::BadItemName(n.clone()));
            }
            if seen.insert(n.as_str(), i).is_some() {
                return Err(InstanceError::DuplicateItem(n.clone()));
            }
            bytes += n.len();
            BUDGET.check_items(i + 1, bytes)?;
        }
        Ok(Instance::from_checked_names(&names, n_primary))
    }

    /// Gives primary item `item` the multiplicity `lo..=hi` (Knuth's `lo:hi|name`): a solution has it
    /// in at least `lo` and at most `hi` chosen options. `hi` must be at least 1 and at least `lo`.
    pub fn set_bounds(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), InstanceError> {
        let name = || self.names.get(item).to_string();
        if item >= self.n_primary {
            return Err(InstanceError::BoundsOnSecondary { item: name() });
        }
        if hi == 0 || lo > hi {
            return Err(InstanceError::BadBounds {
                item: name(),
                lo,
                hi,
            });
        }
        if self.bounds.is_empty() {
            if (lo, hi) == (1, 1) {
                return Ok(());
            }
            self.bounds = vec![(1, 1); self.n_primary];
        }
        self.bounds[item] = (lo, hi);
        Ok(())
    }

    /// States that a solution matches primary items `a` with primary items `b` one to one: each
    /// option holding an item of either side holds exactly one of `a` and exactly one of `b` (a
    /// Sudoku's row: its cells and its digits; a digit's rows and its columns). A hint, not a
    /// rule: it adds no solution and removes none. The search with propagation
    /// (`core/propagate/matching.rs`) checks it against the options and, where it holds, gives up
    /// every option that no perfect matching of the open options can hold (Régin's filtering of
    /// all-different: a Sudoku row's naked and hidden subsets; a digit's rows against its columns
    /// would give its fish). Where some option breaks it (a cage filled whole holds several cells
    /// of a row), or a side has more than 64 items, it is left unused.
    pub fn add_matching(&mut self, a: &[usize], b: &[usize]) -> Result<(), InstanceError> {
        let bad = |why| Err(InstanceError::BadMatching { why });
        if a.len() != b.len() {
            return bad("has sides of different sizes");
        }
        if a.len() < 2 {
            return bad("needs two items a side");
        }
        if a.iter().chain(b).any(|&i| i >= self.n_primary) {
            return bad("names an item that is not primary");
        }
        let mut all: Vec<usize> = a.iter().chain(b).copied().collect();
        all.sort_unstable();
        if all.windows(2).any(|w| w[0] == w[1]) {
            return bad("names an item twice");
        }
        let side = |s: &[usize]| s.iter().map(|&i| i as u32).collect();
        self.matchings.push((side(a), side(b)));
        Ok(())
    }

    /// The matchings stated by [`Instance::add_matching`], each as its two sides.
    pub fn matchings(&self) -> impl ExactSizeIterator<Item = (&[u32], &[u32])> + '_ {
        self.matchings
            .iter()
            .map(|(a, b)| (a.as_slice(), b.as_slice()))
    }

    /// The multiplicity `(lo, hi)` of primary item `item` (`(1, 1)` unless set).
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        self.bounds.get(item).copied().unwrap_or((1, 1))
    }

    /// True when some primary item has bounds other than `1..=1` (Knuth's DLX3, Algorithm M).
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// Item `item`'s name as the items line writes it: `hi|name` or `lo:hi|name` when it has bounds.
    pub fn item_label(&self, item: usize) -> String {
        match self.bounds(item) {
            (1, 1) => self.names.get(item).to_string(),
            (lo, hi) if lo == hi => format!("{hi}|{}", self.names.get(item)),
            (lo, hi) => format!("{lo}:{hi}|{}", self.names.get(item)),
        }
    }

    /// An instance over names the caller has already checked as [`Instance::new`] would (distinct,
    /// not empty, no white space, `|` or `:`), the first `n_primary` primary: the exact-cover reader
    /// checks each name as it reads it, to say where a bad one stands, and would otherwise hash
    /// every name a second time (a 2-million-item line took 9 s, read three times over).
    /// The names must be within the budget ([`Budget::check_items`]).
    pub(crate) fn from_checked_names<S: AsRef<str>>(
        names: impl IntoIterator<Item = S>,
        n_primary: usize,
    ) -> Instance {
        let mut all = Names::default();
        for n in names {
            let n = n.as_ref();
            debug_assert!(
                !n.is_empty() && !n.contains(|c: char| c.is_whitespace() || c == '|' || c == ':')
            );
            all.push(n);
        }
        debug_assert!(n_primary <= all.len());
        debug_assert!(BUDGET.check_items(all.len(), all.text.len()).is_ok());
        Instance {
            name_bytes: all.text.len(),
            names: all,
            n_primary,
            opt_items: Vec::new(),
            opt_colors: Vec::new(),
            colored: false,
            opt_start: vec![0],
            color_names: Vec::new(),
            color_index: HashMap::new(),
            bounds: Vec::new(),
            matchings: Vec::new(),
        }
    }

    /// The number of the colour called `name`, naming it if it is new (colours count from 1).
    pub fn color(&mut self, name: &str) -> Result<u32, InstanceError> {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '|' || c == ':') {
            return Err(InstanceError::BadColorName(name.to_string()));
        }
        if let Some(&c) = self.color_index.get(name) {
            return Ok(c);
        }
        let bytes = self.name_bytes + name.len();
        if bytes > BUDGET.name_bytes {
            return Err(InstanceError::OverBudget {
                what: "bytes of item and colour names",
                limit: BUDGET.name_bytes,
            });
        }
        self.name_bytes = bytes;
        self.color_names.push(name.to_string());
        let c = self.color_names.len() as u32;
        self.color_index.insert(name.to_string(), c);
        Ok(c)
    }

    /// The name of colour `c` (from 1).
    pub fn color_name(&self, c: u32) -> &str {
        &self.color_names[c as usize - 1]
    }

    /// The names of the colours, colour `c` at index `c - 1`.
    pub fn color_names(&self) -> &[String] {
        &self.color_names
    }

    /// True when some option gives an item a colour (the problem is XCC, not plain exact cover).
    pub fn has_colors(&self) -> bool {
        self.colored
    }

    /// Adds an option whose items may have colours: `(item, colour)` with colour 0 for none, else a
    /// number from [`Instance::color`]. Only secondary items may have a colour.
    pub fn add_colored_option(&mut self, items: &[(usize, u32)]) -> Result<usize, InstanceError> {
        let plain: Vec<usize> = items.iter().map(|&(i, _)| i).collect();
        self.check_option(&plain)?;
        self.check_nodes(items.len())?;
        for &(i, c) in items {
            if c != 0 && i < self.n_primary {
                return Err(InstanceError::ColorOnPrimary {
                    item: self.names.get(i).to_string(),
                });
            }
            assert!(
                c as usize <= self.color_names.len(),
                "colour {c} was not named by Instance::color"
            );
        }
        if !self.colored && items.iter().any(|&(_, c)| c != 0) {
            self.colored = true;
            self.opt_colors = vec![0; self.opt_items.len()];
        }
        if self.colored {
            self.opt_colors.extend(items.iter().map(|&(_, c)| c));
        }
        self.opt_items.extend(plain.iter().map(|&i| i as u32));
        self.opt_start.push(self.opt_items.len() as u32);
        Ok(self.opt_start.len() - 2)
    }

    /// Adds an option over the given items (in the order given) and returns its number.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, InstanceError> {
        self.check_option(items)?;
        self.check_nodes(items.len())?;
        if self.colored {
            self.opt_colors.extend(items.iter().map(|_| 0));
        }
        self.opt_items.extend(items.iter().map(|&i| i as u32));
        self.opt_start.push(self.opt_items.len() as u32);
        Ok(self.opt_start.len() - 2)
    }

    /// Whether one more option of `len` items keeps the link arrays within [`BUDGET`]`.nodes`.
    fn check_nodes(&self, len: usize) -> Result<(), InstanceError> {
        // Item headers, the entries so far and this option's, a spacer an option, and two more.
        let nodes = self.names.len() + self.opt_items.len() + len + self.n_options() + 3;
        if nodes > BUDGET.nodes {
            return Err(InstanceError::OverBudget {
                what: "nodes (items, their uses in options, and one an option)",
                limit: BUDGET.nodes,
            });
        }
        Ok(())
    }

    /// An option may be empty (a 0-1 matrix row of zeros): it covers nothing and is never chosen,
    /// since the search only tries options in the lists of the items it branches on.
    fn check_option(&self, items: &[usize]) -> Result<(), InstanceError> {
        // The first error in the order the items are given: an item out of range, or one repeated
        // before it.
        let bad = items.iter().position(|&i| i >= self.names.len());
        if let Some(k) = first_repeat(&items[..bad.unwrap_or(items.len())]) {
            return Err(InstanceError::RepeatedItem {
                item: self.names.get(items[k]).to_string(),
            });
        }
        if let Some(k) = bad {
            return Err(InstanceError::NoSuchItem(items[k]));
        }
        Ok(())
    }

    /// This instance with the options marked in `which` made empty: they keep their numbers (so
    /// solutions name the same options) but cover nothing and are never chosen (see `check_option`).
    /// What [`crate::core::prune`] gives the search.
    pub fn with_options_emptied(&self, which: &[bool]) -> Instance {
        assert_eq!(which.len(), self.n_options(), "one flag per option");
        let mut out = Instance {
            opt_items: Vec::with_capacity(self.opt_items.len()),
            opt_colors: Vec::new(),
            opt_start: vec![0],
            ..self.clone()
        };
        for (k, &empty) in which.iter().enumerate() {
            let (a, b) = (self.opt_start[k] as usize, self.opt_start[k + 1] as usize);
            if !empty {
                out.opt_items.extend_from_slice(&self.opt_items[a..b]);
                if self.colored {
                    out.opt_colors.extend_from_slice(&self.opt_colors[a..b]);
                }
            }
            out.opt_start.push(out.opt_items.len() as u32);
        }
        out
    }

    /// Number of items, primary and secondary.
    pub fn n_items(&self) -> usize {
        self.names.len()
    }

    /// Number of primary items; they are items `0..n_primary()`.
    pub fn n_primary(&self) -> usize {
        self.n_primary
    }

    /// Number of options.
    pub fn n_options(&self) -> usize {
        self.opt_start.len() - 1
    }

    /// Total number of item occurrences in all options (the number of nodes of the matrix).
    pub fn n_nodes(&self) -> usize {
        self.opt_items.len()
    }

    pub fn item_name(&self, item: usize) -> &str {
        self.names.get(item)
    }

    /// The items' names, in item order.
    pub fn item_names(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        self.names.iter()
    }

    pub fn is_primary(&self, item: usize) -> bool {
        item < self.n_primary
    }

    /// The item number of a name, if there is such an item.
    pub fn find_item(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The items of option `k`, in the order they were given.
    pub fn option(&self, k: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (a, b) = (self.opt_start[k] as usize, self.opt_start[k + 1] as usize);
        self.opt_items[a..b].iter().map(|&i| i as usize)
    }

    /// The items of option `k` with their colours (0: none), in the order they were given.
    pub fn option_colored(&self, k: usize) -> impl ExactSizeIterator<Item = (usize, u32)> + '_ {
        let (a, b) = (self.opt_start[k] as usize, self.opt_start[k + 1] as usize);
        (a..b).map(|j| {
            let c = self.opt_colors.get(j).copied().unwrap_or(0);
            (self.opt_items[j] as usize, c)
        })
    }

    /// Option `k` as its item names separated by spaces, `name:colour` for a coloured item, as in
    /// Knuth's format.
    pub fn option_text(&self, k: usize) -> String {
        let mut s = String::new();
        for (i, c) in self.option_colored(k) {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(self.names.get(i));
            if c != 0 {
                s.push(':');
                s.push_str(self.color_name(c));
            }
        }
        s
    }

    /// The instance in Knuth's text format: the items line (primary, `|`, secondary) and one option a line.
    pub fn to_knuth(&self) -> String {
        let mut s = String::new();
        let primary: Vec<String> = (0..self.n_primary).map(|i| self.item_label(i)).collect();
        s.push_str(&primary.join(" "));
        if self.n_primary < self.names.len() {
            s.push_str(" |");
            for name in self.names.iter().skip(self.n_primary) {
                s.push(' ');
                s.push_str(name);
            }
        }
        s.push('\n');
        // An empty option (a 0-1 row of zeros) has no line in Knuth's format (a blank line is
        // skipped): it is left out, which changes no count, since it is never chosen.
        for k in (0..self.n_options()).filter(|&k| self.option(k).len() > 0) {
            s.push_str(&self.option_text(k));
            s.push('\n');
        }
        s
    }

    /// A smaller instance in which the given options are already chosen: their items are gone, and so is
    /// every option that clashes with them (shares an item, unless both give it the same colour).
    /// Returns it with, for each of its options, the number of the option it came from; `None` when two
    /// of the chosen options clash.
    ///
    /// Only for instances without multiplicities (givens are a Sudoku's; no reader gives both).
    pub fn reduce(&self, chosen: &[usize]) -> Option<(Instance, Vec<usize>)> {
        assert!(!self.has_multiplicities(), "reduce takes no multiplicities");
        let mut used = vec![false; self.n_items()];
        // The colour a chosen option gave each item (0: none, or not used).
        let mut fixed = vec![0u32; self.n_items()];
        for &k in chosen {
            for (i, c) in self.option_colored(k) {
                if std::mem::replace(&mut used[i], true) && (c == 0 || fixed[i] != c) {
                    return None;
                }
                fixed[i] = c;
            }
        }
        let mut new_index = vec![u32::MAX; self.n_items()];
        let (mut primary, mut secondary) = (Vec::new(), Vec::new());
        for (i, name) in self.names.iter().enumerate() {
            if used[i] {
                continue;
            }
            if i < self.n_primary {
                new_index[i] = primary.len() as u32;
                primary.push(name);
            } else {
                new_index[i] = secondary.len() as u32;
                secondary.push(name);
            }
        }
        let np = primary.len() as u32;
        for (i, x) in new_index.iter_mut().enumerate() {
            if i >= self.n_primary && *x != u32::MAX {
                *x += np;
            }
        }
        let mut out = Instance::new(primary, secondary).expect("names were valid");
        out.color_names = self.color_names.clone();
        out.color_index = self.color_index.clone();
        out.name_bytes = self.name_bytes;
        // A matching keeps the items the chosen options left, while as many are left on each side:
        // a chosen option that holds one of its items holds one of each side.
        for (a, b) in &self.matchings {
            let left = |s: &[u32]| -> Vec<usize> {
                s.iter()
                    .filter(|&&i| !used[i as usize])
                    .map(|&i| new_index[i as usize] as usize)
                    .collect()
            };
            // Not a matching any more (fewer than two a side, or sides of other sizes): dropped.
            let _ = out.add_matching(&left(a), &left(b));
        }
        let mut origin = Vec::new();
        let mut buf = Vec::new();
        for k in 0..self.n_options() {
            // An option survives when each used item it has is one it gives the colour chosen for it;
            // those items are gone from the smaller instance, so it keeps only its others.
            if self
                .option_colored(k)
                .any(|(i, c)| used[i] && (c == 0 || fixed[i] != c))
            {
                continue;
            }
            buf.clear();
            buf.extend(
                self.option_colored(k)
                    .filter(|&(i, _)| !used[i])
                    .map(|(i, c)| (new_index[i] as usize, c)),
            );
            if buf.is_empty() {
                // Nothing left to choose it for: every item it has is settled already.
                continue;
            }
            out.add_colored_option(&buf).expect("option was valid");
            origin.push(k);
        }
        Some((out, origin))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_repeat_names_the_first_later_occurrence() {
        assert_eq!(first_repeat(&[]), None);
        assert_eq!(first_repeat(&[3, 1, 2, 1, 3]), Some(3));
        // Long options take the sorting path; it must agree with the plain one.
        let mut long: Vec<usize> = (0..40).collect();
        assert_eq!(first_repeat(&long), None);
        long.extend([39, 7, 39]);
        assert_eq!(first_repeat(&long), Some(40));
        long.insert(20, 30);
        assert_eq!(first_repeat(&long), Some(31));
    }

    #[test]
    fn a_100k_item_option_is_checked() {
        let n = 100_000;
        let mut x = Instance::new((0..n).map(|i| format!("i{i}")), Vec::<String>::new()).unwrap();
        let all: Vec<usize> = (0..n).collect();
        assert_eq!(x.add_option(&all), Ok(0));
        let mut twice = all.clone();
        twice.push(n - 1);
        twice.push(5);
        assert_eq!(
            x.add_option(&twice),
            Err(InstanceError::RepeatedItem {
                item: format!("i{}", n - 1)
            })
        );
        // A repeat before an item out of range is reported first, as the items are given.
        assert_eq!(
            x.add_option(&[1, 2, 1, n]),
            Err(InstanceError::RepeatedItem { item: "i1".into() })
        );
        assert_eq!(x.add_option(&[1, n, 1]), Err(InstanceError::NoSuchItem(n)));
        assert_eq!(x.n_options(), 1);
    }

    #[test]
    fn rejects_bad_items_and_options() {
        assert_eq!(
            Instance::new(["a", "a"], Vec::<String>::new()),
            Err(InstanceError::DuplicateItem("a".into()))
        );
        assert!(matches!(
            Instance::new(["a b"], Vec::<String>::new()),
            Err(InstanceError::BadItemName(_))
        ));
        let mut x = Instance::new(["a", "b"], ["c"]).unwrap();
        assert_eq!(x.add_option(&[3]), Err(InstanceError::NoSuchItem(3)));
        assert_eq!(
            x.add_option(&[0, 2, 0]),
            Err(InstanceError::RepeatedItem { item: "a".into() })
        );
        assert_eq!(x.add_option(&[0, 2]), Ok(0));
        assert_eq!(x.to_knuth(), "a b | c\na c\n");
        // An empty option (a 0-1 row of zeros) is legal and keeps its number; Knuth's format cannot
        // write it, so the export leaves it out.
        assert_eq!(x.add_option(&[]), Ok(1));
        assert_eq!(x.add_option(&[1]), Ok(2));
        assert_eq!((x.n_options(), x.option(1).len()), (3, 0));
        assert_eq!(x.to_knuth(), "a b | c\na c\nb\n");
    }

    #[test]
    fn matchings_are_checked_and_kept_by_reduce() {
        let mut x = Instance::new(["a", "b", "c", "1", "2", "3"], ["s"]).unwrap();
        let bad = |r: Result<(), InstanceError>| match r {
            Err(InstanceError::BadMatching { why }) => why,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            bad(x.add_matching(&[0, 1], &[3])),
            "has sides of different sizes"
        );
        assert_eq!(bad(x.add_matching(&[0], &[3])), "needs two items a side");
        assert_eq!(
            bad(x.add_matching(&[0, 6], &[3, 4])),
            "names an item that is not primary"
        );
        assert_eq!(bad(x.add_matching(&[0, 1], &[1, 4])), "names an item twice");
        assert_eq!(
            InstanceError::BadMatching {
                why: "needs two items a side"
            }
            .to_string(),
            "a matching of items needs two items a side"
        );
        x.add_matching(&[0, 1, 2], &[3, 4, 5]).unwrap();
        for (p, q) in [(0, 3), (0, 4), (1, 3), (1, 4), (2, 4), (2, 5)] {
            x.add_option(&[p, q]).unwrap();
        }
        assert_eq!(x.matchings().len(), 1);
        // Choosing "c 3" leaves a, b against 1, 2: renumbered, a b 1 2 s.
        let (y, _) = x.reduce(&[5]).unwrap();
        let kept: Vec<(&[u32], &[u32])> = y.matchings().collect();
        assert_eq!(kept, vec![(&[0u32, 1][..], &[2u32, 3][..])]);
        // Choosing two leaves one a side: no matching.
        let (z, _) = x.reduce(&[5, 0]).unwrap();
        assert_eq!(z.matchings().len(), 0);
    }

    #[test]
    fn reduce_drops_covered_items_and_clashing_options() {
        let mut x = Instance::new(["a", "b", "c"], ["s"]).unwrap();
        x.add_option(&[0, 3]).unwrap(); // 0: a s
        x.add_option(&[1]).unwrap(); // 1: b
        x.add_option(&[1, 3]).unwrap(); // 2: b s
        x.add_option(&[2]).unwrap(); // 3: c
        let (y, origin) = x.reduce(&[0]).unwrap();
        assert_eq!(y.to_knuth(), "b c\nb\nc\n");
        assert_eq!(origin, vec![1, 3]);
        assert!(x.reduce(&[0, 2]).is_none());
    }

    #[test]
    fn colored_options_are_written_back_and_reduced() {
        let mut x = Instance::new(["p", "q"], ["x", "y"]).unwrap();
        let a = x.color("A").unwrap();
        let blue = x.color("blue").unwrap();
        assert_eq!((a, blue, x.color("A").unwrap()), (1, 2, 1));
        assert!(!x.has_colors());
        x.add_option(&[0, 3]).unwrap(); // 0: p y
        x.add_colored_option(&[(0, 0), (2, a)]).unwrap(); // 1: p x:A
        x.add_colored_option(&[(1, 0), (2, a), (3, blue)]).unwrap(); // 2: q x:A y:blue
        x.add_colored_option(&[(1, 0), (2, blue)]).unwrap(); // 3: q x:blue
        assert!(x.has_colors());
        assert_eq!(
            x.to_knuth(),
            "p q | x y\np y\np x:A\nq x:A y:blue\nq x:blue\n"
        );
        assert_eq!(
            x.option_colored(2).collect::<Vec<_>>(),
            vec![(1, 0), (2, 1), (3, 2)]
        );
        assert_eq!(
            x.add_colored_option(&[(0, a)]),
            Err(InstanceError::ColorOnPrimary { item: "p".into() })
        );
        assert_eq!(
            x.color("a b"),
            Err(InstanceError::BadColorName("a b".into()))
        );
        assert_eq!(x.color(""), Err(InstanceError::BadColorName("".into())));
        assert!(matches!(
            Instance::new(["a:b"], Vec::<String>::new()),
            Err(InstanceError::BadItemName(_))
        ));
        // Choosing `p x:A` keeps `q x:A y:blue` (agrees on x), without x; drops `q x:blue`.
        let (y, origin) = x.reduce(&[1]).unwrap();
        assert_eq!(y.to_knuth(), "q | y\nq y:blue\n");
        assert_eq!(origin, vec![2]);
        // Two options agreeing on x may both be chosen; disagreeing ones clash.
        assert!(x.reduce(&[1, 2]).is_some());
        assert!(x.reduce(&[1, 3]).is_none());
        assert!(x.reduce(&[0, 2]).is_none());
    }
}
