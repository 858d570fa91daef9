//! sigh's Interactive Sudoku Solver (ISS): its constraint strings, its links and the killer text
//! formats it reads, turned into the same [`Rules`] as f-puzzles' (issue 42).
//!
//! - Constraint strings: `.`-separated items, each `Kind~arg~arg…` (whitespace anywhere is
//!   dropped, as ISS drops it): givens `.~R1C1_5~R1C2_3`, `.Cage~15~R1C1~R1C2` (an empty or 0 sum:
//!   digits differ only), `.Thermo~R1C1~R1C2` (from the bulb), `.Diagonal~1` (rising, r9c1 to
//!   r1c9) and `.Diagonal~-1`, `.AntiKnight`, `.AntiKing`, `.AntiConsecutive`, `.Windoku`,
//!   `.DisjointSets`, `.Jigsaw~<layout>` (with `.NoBoxes` the regions replace the boxes; without,
//!   they are extra regions beside them), `.AllDifferent~cells`, `.Shape~9x9`. Cells are
//!   `R{row}C{col}`, one character each in base 17 (`R1Cg` is r1c16 on a 16x16), as ISS names them.
//! - Links: `https://sigh.github.io/Interactive-Sudoku-Solver/?q=<constraint string>`,
//!   percent-decoded.
//! - Killers written as text: the short format (81 characters, a cage's sum at one cell in base 36
//!   and arrows `<>^v` and diagonals pointing the other cells to it, from the forum thread
//!   "understandable snarfable killer cages") and the long one SudokuWiki and SudoCue export
//!   (`3x3:d:k:` then 81 numbers, `sum·256 + cage`; `d` for an X killer).
//!
//! `Replicate` blocks are written out before anything is read (`replicate.rs`). Cells outside the
//! grid (`.Var~X~LABEL~27`: `VX1` to `VX27`) and a doppelganger's hidden cells named by clues
//! (`DGC3`, `DGR2`, `DGB5`; given, `DGR7_4`, they only narrow what a house may miss) are cells
//! numbered after the grid's ([`Geometry::with_extra`](super::Geometry::with_extra)); `size.rs`
//! reads the grid's size and values, declares those cells and reads every cell name.
//!
//! Chaos construction (`.ChaosConstruction`, its arrows and counts, region cells `CC19`) is read
//! by `chaos.rs`. Every other ISS constraint is refused by name ("ISS `<kind>` constraints are
//! not supported"), never ignored; so are value ranges other than 1 to N and 0 to N-1
//! (`.Shape~9x9~0-8`: [`Rules::zero_based`], the clues' sums and products of values). A raw grid
//! (`.Shape~9x9~0-8~Raw`: [`Rules::raw`]) takes only the kinds of [`ON_RAW`].

mod chaos;
mod kinds;
mod replicate;
mod size;
mod text;

use super::clues::{
    base64_bytes, either_line, either_lines, max_either_cells, Clue, ClueKind, Counted, Machine,
    Nfa, Regex, Relation, Side, Ties, Weights, MAX_SUM_LOOP,
};
use super::fpuzzles::{percent_decode, Read};
use super::geometry::SIZES;
use super::variants::{Cage, Rules};
use super::{Alphabet, Grid, Reading, Source};
use crate::problems::InputError;
use kinds::*;
use size::*;
use text::*;

/// ISS's constraints that take no argument: a text that is one of them (`.Windoku`) and no `~` is
/// still a constraint string, where a 16x16 grid written with dots and letters (`.AB.…`) is not.
const BARE: &[&str] = &[
    "Windoku",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "AntiTaxicab",
    "NoBoxes",
    "DisjointSets",
    "StrictKropki",
    "StrictXV",
    "GlobalEntropy",
    "GlobalMod",
    "DutchFlatmates",
    "RegionSameValues",
    "ChaosConstruction",
    "Doppelganger",
    "And",
    "Or",
    "End",
];

/// The longest text read: ISS strings of 16x16 puzzles with many shapes are a few KB.
const MAX_TEXT: usize = 64_000;

/// Whether a text is meant for this reader: a constraint string, an ISS link, one of the killer
/// text formats, or ISS's pencil-mark grid.
pub fn looks_like(text: &str) -> bool {
    let t = text.trim();
    if is_link(t) {
        return true;
    }
    // Past the longest text read, a text is some other form, and is not copied whole to be asked
    // (a 40 MB paste cost the page 0.8 s here).
    if t.len() > MAX_TEXT {
        return false;
    }
    let squeezed: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    is_constraint_string(&squeezed)
        || short_killer_chars(&squeezed)
        || squeezed.starts_with("3x3:")
        || is_pencilmarks(&squeezed)
        || is_jigsaw_text(&squeezed)
}

fn is_link(t: &str) -> bool {
    // The host and path are at the start: only a head is lowered and searched.
    let lower: String = t.chars().take(200).collect::<String>().to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("sigh."))
        && lower.contains("interactive-sudoku-solver")
}

fn is_constraint_string(s: &str) -> bool {
    // (ISS skips empty items: `..Cage~…` is a constraint string too.)
    let Some(rest) = s.strip_prefix('.').map(|r| r.trim_start_matches('.')) else {
        return false;
    };
    if rest.starts_with('~') {
        return true;
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    // A kind is CamelCase (`Cage`, `X`, `Thermo`) followed by `~`, or one that takes no argument
    // followed by the next item; a 16x16 grid's letters are symbols between dots, with no `~`.
    // A kind that takes arguments, written without them (`.Arrow`), is one too, so that it is told
    // what it lacks; not a one-letter kind (`X`, `V`: a 25x25 grid in letters reads `..X.B…`), nor
    // a text as long as a grid (N² characters).
    let alone = matches!(rest[word.len()..].chars().next(), None | Some('.'));
    let grid_long = SIZES.iter().any(|&n| n * n == s.len());
    word.starts_with(|c: char| c.is_ascii_uppercase())
        && (rest[word.len()..].starts_with('~')
            || BARE.contains(&word.as_str()) && alone
            || (CLUES.contains(&word.as_str()) || ARGUED.contains(&word.as_str()))
                && alone
                && word.len() > 1
                && !grid_long)
}

/// The kinds read as clues, for the tests that try each.
#[cfg(test)]
pub(super) fn clue_kinds() -> &'static [&'static str] {
    CLUES
}

/// ISS's kinds read here that take arguments, besides the clues' ([`CLUES`]).
const ARGUED: &[&str] = &[
    "Cage",
    "Thermo",
    "Jigsaw",
    "Shape",
    "AllDifferent",
    "Diagonal",
];

/// ISS's jigsaw as text: the N² givens (one character a cell; digits, or letters from `A` on
/// 16x16) then the N² characters of the layout, N regions of N cells.
fn is_jigsaw_text(s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    let Some(sz) = [4, 9, 16].into_iter().find(|&k| chars.len() == 2 * k * k) else {
        return false;
    };
    let layout = &chars[sz * sz..];
    let mut names: Vec<char> = layout.to_vec();
    names.sort_unstable();
    names.dedup();
    names.len() == sz
        && names
            .iter()
            .all(|&c| layout.iter().filter(|&&d| d == c).count() == sz)
}

/// The short killer format's characters, and at least one arrow (81 characters exactly).
fn short_killer_chars(s: &str) -> bool {
    s.chars().count() == 81
        && s.chars().all(|c| {
            c.is_ascii_digit()
                || c.is_ascii_uppercase()
                || ('a'..='j').contains(&c)
                || "^<v>`',.".contains(c)
        })
        && s.chars().any(|c| "^<v>`',".contains(c))
}

/// ISS's pencil-mark grid: every cell's candidates written out (N² cells of N characters, `.` for
/// a candidate ruled out).
fn is_pencilmarks(s: &str) -> bool {
    // N characters a cell, the k-th the digit k or `.`, and some digit in every cell. So a 64-
    // character line that is an 8x8 Sudoku (its own digits anywhere; 64 dots, an empty board) is
    // not taken for a 4x4's candidates, which it was (found by fuzzing a board read back).
    let n = match s.len() {
        64 => 4,
        729 => 9,
        4096 => {
            return s.bytes().all(|b| b.is_ascii_digit() || b == b'.') && s.contains('.');
        }
        _ => return false,
    };
    let b = s.as_bytes();
    // 729 characters are no other form: a cell with no candidate is read, and named.
    b.iter()
        .enumerate()
        .all(|(i, &c)| c == b'.' || c == b'1' + (i % n) as u8)
        && (n == 9 || b.chunks(n).all(|cell| cell.iter().any(|&c| c != b'.')))
}

/// Reads any of the forms above.
pub fn read(text: &str) -> Result<Read, InputError> {
    let t = text.trim();
    if t.len() > MAX_TEXT {
        return Err(InputError::new(format!(
            "the ISS puzzle is {} bytes long, more than the {MAX_TEXT} read",
            t.len()
        )));
    }
    if is_link(t) {
        let lower = t.to_ascii_lowercase();
        let Some(i) = lower.find("?q=").or_else(|| lower.find("&q=")) else {
            return Err(InputError::new(
                "an Interactive Sudoku Solver link without a puzzle: expected `?q=` and the \
                 constraint string after it",
            ));
        };
        let rest = &t[i + 3..];
        let end = rest.find(['&', '#']).unwrap_or(rest.len());
        let q = percent_decode(&rest[..end])?;
        let squeezed: String = q.chars().filter(|c| !c.is_whitespace()).collect();
        return read_squeezed(&squeezed, Source::IssLink);
    }
    let squeezed: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    read_squeezed(&squeezed, Source::Iss)
}

fn read_squeezed(s: &str, source: Source) -> Result<Read, InputError> {
    if is_pencilmarks(s) {
        return pencilmarks(s, source);
    }
    if short_killer_chars(s) {
        return short_killer(s, source);
    }
    if s.starts_with("3x3:") {
        return long_killer(s, source);
    }
    if s.starts_with('.') && is_constraint_string(s) {
        return constraint_string(s, source);
    }
    if is_jigsaw_text(s) {
        return jigsaw_text(s, source);
    }
    Err(InputError::new(
        "not an ISS puzzle: expected a constraint string (`.~R1C1_5~…`, `.Cage~15~R1C1~R1C2`), a \
         killer in the short or the `3x3::k:` format, or a link with `?q=`",
    ))
}

/// Whether the string says `NoBoxes`.
fn no_boxes_here(items: &[Placed]) -> bool {
    items.iter().any(|(_, (k, _))| *k == "NoBoxes")
}

/// The kinds that read a cell's place (its row, column, region or neighbours), which a cell
/// outside the grid (`Var`, a doppelganger's hidden cell) does not have.
const NOT_OUTSIDE: &[&str] = &[
    "LittleKiller",
    "Sandwich",
    "XSum",
    "Skyscraper",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
    "Indexing",
    "Jigsaw",
    "RegionSumLine",
    "AntiTaxicab",
    "GlobalEntropy",
    "GlobalMod",
    "ChaosArrow",
    "ChaosCount",
    "DutchFlatmates",
    "Doppelganger",
    "StrictKropki",
    "StrictXV",
];

/// ISS's kinds not read on a [`Geometry::shaped`](super::Geometry::shaped) grid (see [`constraint_string`]).
const NOT_ON_SHAPED: &[&str] = &[
    "Windoku",
    "Sandwich",
    "XSum",
    "HiddenSkyscraper",
    "Lunchbox",
    "FullRank",
    "LookAndSay",
    "AntiTaxicab",
    "StrictKropki",
    "StrictXV",
];

/// The kinds read on a raw grid ([`Rules::raw`]): those whose rule is of their own cells alone.
/// The others read a row, a column or a region as holding each value once (a sandwich's crusts,
/// a skyscraper's count, a jigsaw's pieces), which a raw grid's do not.
const ON_RAW: &[&str] = &[
    "",
    "Shape",
    "NoBoxes",
    "Priority",
    "Cage",
    "Sum",
    "Thermo",
    "AllDifferent",
    "Diagonal",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "WhiteDot",
    "BlackDot",
    "X",
    "V",
    "GreaterThan",
    "Arrow",
    "PillArrow",
    "DoubleArrow",
    "Whisper",
    "Renban",
    "Palindrome",
    "SumLine",
    "Between",
    "ContainExact",
    "ContainAtLeast",
    "RellikCage",
    "Pair",
    "PairX",
    "Binary",
    "BinaryX",
    "SameValues",
];

/// Why `kind` is not read on this grid, if it is raw and the kind is not one of [`ON_RAW`].
fn raw_refusal(kind: &str, sz: Size) -> Option<InputError> {
    (sz.raw && !ON_RAW.contains(&kind)).then(|| {
        InputError::new(format!(
            "ISS `{kind}` on a raw grid (`Raw`: no rule on its rows, columns and boxes) is not \
             supported"
        ))
    })
}

/// What ISS calls each constraint it has, for the refusal ("ISS `Arrow` constraints"): the name as
/// written, which is what a user finds in ISS's menus.
fn refuse(kind: &str) -> InputError {
    InputError::new(format!("ISS `{kind}` constraints are not supported"))
}

fn constraint_string(s: &str, source: Source) -> Result<Read, InputError> {
    let items: Vec<&str> = s.split('.').collect();
    if !items[0].is_empty() {
        return Err(InputError::new(
            "an ISS constraint string starts with `.` (`.~R1C1_5`, `.Cage~…`)",
        ));
    }
    let items: Vec<(&str, Vec<&str>)> = items[1..]
        .iter()
        .filter(|i| !i.is_empty())
        .map(|item| {
            let mut parts = item.split('~');
            let kind = parts.next().unwrap_or("");
            (kind, parts.collect())
        })
        .collect();
    // The shape first, wherever it stands: every cell name depends on it. ISS's default is 9x9.
    let mut sz = Size::of(9).expect("9 is a size");
    let mut shapes = items.iter().filter(|(k, _)| *k == "Shape");
    // `RegionSize~6`: boxes (or jigsaw pieces) of 6 cells, in a grid of more values.
    let mut sizes = items.iter().filter(|(k, _)| *k == "RegionSize");
    let region = match sizes.next() {
        None => None,
        Some((_, a)) => match a.first().map(|x| x.trim().parse::<usize>()) {
            Some(Ok(n)) if n > 0 => Some(n),
            _ => {
                return Err(InputError::new(format!(
                    "ISS `RegionSize~{}`: expected a number of cells",
                    a.join("~")
                )))
            }
        },
    };
    if sizes.next().is_some() {
        return Err(InputError::new(
            "the ISS string gives its `RegionSize` twice",
        ));
    }
    if let Some((_, args)) = shapes.next() {
        sz = shape(args, region)?;
        // A doppelganger's houses hold N cells of the N + 1 values: its boxes are of N cells
        // (ISS's `RegionSize`, which it may leave out for this rule).
        if region.is_none() && items.iter().any(|(k, _)| *k == "Doppelganger") {
            sz = shape(args, Some(sz.geo.rows()))?;
        }
    }
    if shapes.next().is_some() {
        return Err(InputError::new("the ISS string gives its `Shape` twice"));
    }
    let size = sz.size;
    // Cells outside the grid (`Var`): numbered after the grid's, named from here on.
    sz.vars = Vars::read(&items, sz.geo.live_cells().count())?;
    // A doppelganger's hidden cells named by a constraint other than a given: cells of their own,
    // after the `Var` cells, that its clue ties to the digits their houses miss.
    let names_hidden = |args: &Vec<&str>| args.iter().any(|a| a.trim().starts_with("DG"));
    if items.iter().any(|(k, _)| *k == "Doppelganger")
        && items.iter().any(|(k, a)| !k.is_empty() && names_hidden(a))
    {
        sz.hidden = Some(sz.geo.cells() + sz.vars.count());
    }
    // N houses of each kind on the N×N grid of N + 1 values.
    let hidden_count = if sz.hidden.is_some() {
        3 * sz.geo.rows()
    } else {
        0
    };
    sz.geo = sz.geo.with_extra(sz.vars.count() + hidden_count);
    // `Replicate` blocks written out first: what they hold is read as if written out by hand.
    let written;
    let mut places: Option<Vec<usize>> = None;
    let items = match replicate::expand(&items, sz)? {
        None => items,
        Some((owned, at)) => {
            written = owned;
            places = Some(at);
            written
                .iter()
                .map(|(k, a)| (k.as_str(), a.iter().map(String::as_str).collect()))
                .collect()
        }
    };
    // `Or` and `And` blocks next: each becomes an either/or clue, the items outside them stay.
    let (mut items, eithers) = lift_either(items, sz)?;
    // Written-out items are named by their template's place in the string.
    if let Some(places) = &places {
        for (at, _) in items.iter_mut() {
            *at = places[*at - 1];
        }
    }
    // Whether the regions are found, not given (`iss/chaos.rs`).
    let chaos_on = items.iter().any(|(_, (k, _))| *k == "ChaosConstruction");
    // Refusals before anything else is read, so that a puzzle is refused for what it needs (its
    // arrows) rather than for a detail of a constraint read before them.
    for (_, (kind, args)) in &items {
        match *kind {
            "" | "Shape" | "Cage" | "Thermo" | "Diagonal" | "AntiKnight" | "AntiKing"
            | "AntiConsecutive" | "Windoku" | "DisjointSets" | "Jigsaw" | "NoBoxes"
            | "AllDifferent" | "RegionSize" | "Priority" | "RegionSameValues" | "Var" => {}
            "ChaosConstruction" | "ChaosArrow" | "ChaosCount" => {}
            k if CLUES.contains(&k) => {}
            "FullRankTies" if matches!(args.first().map(|a| a.trim()), Some("none" | "any")) => {}
            "FullRankTies" => {
                return Err(InputError::new(format!(
                    "ISS `FullRankTies~{}` is not supported: ties are `none` or `any` (or, with no \
                     `FullRankTies`, allowed between unclued lines only)",
                    args.join("~")
                )))
            }
            // `Or`, `And` and every other kind: refused by ISS's own name for it.
            _ => return Err(refuse(kind)),
        }
        if let Some(e) = raw_refusal(kind, sz) {
            return Err(e);
        }
        // Region cells (`CC19`) stand only where the chaos rule reads them.
        let chaos_kind = matches!(*kind, "ChaosArrow" | "ChaosCount");
        if !chaos_kind
            && !matches!(*kind, "SameValues" | "AllDifferent")
            && args.iter().any(|a| chaos::is_region_cell(a))
        {
            return Err(InputError::new(format!(
                "ISS `{kind}` on region cells (`CC…`) is not supported: only `ChaosArrow`, \
                 `ChaosCount`, `SameValues` and `AllDifferent` read them here"
            )));
        }
        // Cells outside the grid (`Var`, hidden cells) have no row, column or region: kinds that
        // read a cell's place (a diagonal's start, a row's clue, a region-sum line's regions)
        // take none. (A quadruple's 2x2 and marks between neighbours are read as ISS lays a
        // group out: `Size::square_from`, `Size::adjacent`.)
        let outside = |a: &&str| {
            let a = a.trim();
            sz.vars.find(a).is_some() || (sz.hidden.is_some() && a.starts_with("DG"))
        };
        if NOT_OUTSIDE.contains(kind) && args.iter().any(outside) {
            return Err(InputError::new(format!(
                "ISS `{kind}` on cells outside the grid (`Var`, a doppelganger's hidden cells) \
                 is not supported: it reads a cell's row, column or region"
            )));
        }
        if chaos_kind && !chaos_on {
            return Err(InputError::new(format!(
                "ISS `{kind}` without `ChaosConstruction`: it counts cells of regions found by \
                 that rule"
            )));
        }
        // A shaped grid (6x8, or a 6x6 of 9 values) takes the kinds whose rule was checked
        // against ISS's published solutions on one; the rest read its sides or its values as a
        // square's would (a little killer's diagonals, a sandwich's crusts, an X-sum's count).
        let square = sz.geo.rows() == sz.geo.cols();
        let diagonal = matches!(*kind, "Diagonal" | "LittleKiller");
        if sz.geo.is_shaped() && (NOT_ON_SHAPED.contains(kind) || (diagonal && !square)) {
            return Err(InputError::new(format!(
                "ISS `{kind}` on a {}x{} grid of {} values is not supported",
                sz.geo.rows(),
                sz.geo.cols(),
                sz.size
            )));
        }
        // A grid without regions (`NoBoxes` and no jigsaw; a shaped grid with no box layout):
        // a region-sum line has no regions to sum by.
        let jigsaw = items.iter().any(|(_, (k, _))| *k == "Jigsaw");
        let regionless =
            !jigsaw && (no_boxes_here(&items) || (sz.geo.is_shaped() && !sz.geo.has_boxes()));
        if regionless
            && matches!(
                *kind,
                "RegionSumLine" | "Windoku" | "DisjointSets" | "RegionSameValues"
            )
        {
            return Err(InputError::new(format!(
                "ISS `{kind}` on a grid without regions is not supported"
            )));
        }
        if *kind == "RegionSize"
            && args.first().and_then(|a| a.parse::<usize>().ok()) != Some(size)
            && !sz.geo.is_shaped()
        {
            return Err(InputError::new(format!(
                "ISS `RegionSize~{}` is not supported: regions here hold the {size} digits",
                args.join("~")
            )));
        }
    }
    let no_boxes = items.iter().any(|(_, (k, _))| *k == "NoBoxes");
    // The chaos rule's sets of region cells, read with the rest (`iss/chaos.rs`).
    let mut chaos_sets = super::variants::chaos::Chaos::default();
    let mut cells_of = vec![0u8; sz.geo.all_cells()];
    // The doppelganger's hidden cells given (`DGR7_4`: column 7 misses 4), for its clue.
    let mut hidden: Option<Vec<[u32; 3]>> = None;
    let mut rules = Rules {
        zero_based: sz.zero,
        raw: sz.raw,
        ..Rules::default()
    };
    // `NoBoxes` without a jigsaw: rows and columns only (and what else the string states), every
    // cell in no region ([`Rules::boxless`]); a raw grid has neither.
    if (no_boxes || sz.raw) && !items.iter().any(|(_, (k, _))| *k == "Jigsaw") {
        rules.regions = Some(vec![size as u8; size * size]);
    }
    for (at, (kind, args)) in &items {
        // Named by its place among the string's constraints (from 1, `Or` blocks counted in).
        let what = format!(
            "constraint {at} (`{}`)",
            if kind.is_empty() { "~" } else { kind }
        );
        match *kind {
            "" => {
                for a in args {
                    if let Some(m) = hidden_given(a, sz, &what)? {
                        hidden.get_or_insert_with(Vec::new).extend(m);
                        continue;
                    }
                    let (p, set) = given(a, sz, &what)?;
                    if set.count_ones() > 1 {
                        // A candidate set (ISS's pencil marks, odd and even cells): the cell
                        // holds one of these digits.
                        rules.candidates.push((p, set));
                        continue;
                    }
                    let v = set.trailing_zeros() as u8 + 1;
                    if cells_of[p] != 0 && cells_of[p] != v {
                        let z = u8::from(sz.zero);
                        return Err(InputError::new(format!(
                            "{what}: {} is given twice, as {} and {}",
                            super::reader::cell_name(size, p),
                            cells_of[p] - z,
                            v - z
                        ))
                        .with_cells(vec![p]));
                    }
                    cells_of[p] = v;
                }
            }
            "Shape" | "NoBoxes" | "ChaosConstruction" | "Var" => {}
            "ChaosArrow" | "ChaosCount" => rules.clues.push(chaos::clue(kind, args, sz, &what)?),
            "SameValues" | "AllDifferent" if args.iter().any(|a| chaos::is_region_cell(a)) => {
                if args
                    .iter()
                    .skip(usize::from(*kind == "SameValues"))
                    .any(|a| !a.trim().is_empty() && !chaos::is_region_cell(a))
                {
                    return Err(InputError::new(format!(
                        "{what}: region cells (`CC…`) and grid cells together are not supported"
                    )));
                }
                if !chaos_on {
                    return Err(InputError::new(format!(
                        "{what}: region cells (`CC…`) without `ChaosConstruction`"
                    )));
                }
                chaos::sets(kind, args, sz, &what, &mut chaos_sets)?;
            }
            // Stamped on the full rank clues once all are read (below).
            "FullRankTies" => {}
            // `Priority` orders ISS's own search and states no rule; `RegionSize` was checked above.
            // Stated once the regions are known (below).
            "Priority" | "RegionSize" | "RegionSameValues" => {}
            "Cage" => {
                let (list, sum) = cage(args, sz, &what)?;
                if listed_twice(&list).is_none() {
                    rules.cages.push(Cage { cells: list, sum });
                } else {
                    // ISS adds a cell listed twice twice to the sum while the cage's digits still
                    // differ ("Event horizon"): a weighted sum, which a `Sum` line over the cells
                    // as listed is (a line counts a cell as often as it passes), and the cells
                    // all different.
                    let mut once = list.clone();
                    once.sort_unstable();
                    once.dedup();
                    if let Some(t) = sum {
                        rules.clues.push(Clue {
                            kind: ClueKind::Sum(t),
                            cells: list,
                        });
                    }
                    rules.extra_regions.push(once);
                }
            }
            "Thermo" => rules.thermos.push(cells(args, sz, &what)?),
            "AllDifferent" => rules.extra_regions.push(cells(args, sz, &what)?),
            "Diagonal" => match args.first().copied() {
                Some("1") => rules.diagonal_pos = true,
                Some("-1") => rules.diagonal_neg = true,
                _ => {
                    return Err(InputError::new(format!(
                        "{what}: expected 1 (r{size}c1 up to r1c{size}) or -1 (r1c1 down to \
                         r{size}c{size})"
                    )))
                }
            },
            "AntiKnight" => rules.anti_knight = true,
            "AntiKing" => rules.anti_king = true,
            "AntiConsecutive" => rules.non_consecutive = true,
            "Windoku" => {
                match sz.square_side() {
                    Some(3) => rules.windoku = true,
                    // ISS's windows on other sizes: a box's size, one cell in from each box edge.
                    Some(n) => rules.extra_regions.extend(windows(sz, n)),
                    None => {
                        return Err(InputError::new(format!(
                            "ISS `Windoku` on a {s}x{s} grid (boxes not square) is not supported",
                            s = sz.size
                        )))
                    }
                }
            }
            "DisjointSets" => rules.extra_regions.extend(disjoint_sets(sz)?),
            "StrictKropki" => rules.negative_kropki = true,
            "StrictXV" => rules.negative_xv = true,
            k if CLUES.contains(&k) => {
                // A lunchbox's digits differ: its own rule (`clues/build`), not an extra region.
                rules.clues.extend(clues(k, args, sz, &what)?);
            }
            "Jigsaw" => {
                let layout = match args[..] {
                    [layout] | [_, layout] => layout,
                    _ => {
                        return Err(InputError::new(format!(
                            "{what}: expected the layout, one character a cell"
                        )))
                    }
                };
                let regions = jigsaw(layout, sz, region, &what)?;
                // A size without boxes (7x7) has the pieces as its regions, as ISS lays it out.
                if no_boxes || !sz.geo.has_boxes() {
                    rules.regions = Some(regions);
                } else {
                    // Boxes stay: ISS adds the pieces as regions beside them.
                    for g in 0..size as u8 {
                        let cells: Vec<usize> =
                            (0..size * size).filter(|&p| regions[p] == g).collect();
                        if !cells.is_empty() {
                            rules.extra_regions.push(cells);
                        }
                    }
                }
            }
            _ => return Err(refuse(kind)),
        }
    }
    rules.clues.extend(eithers);
    if chaos_on {
        // ISS's regions hold as many cells as the longer side unless `RegionSize` says.
        let cut = region.unwrap_or(sz.geo.rows().max(sz.geo.cols()));
        let live = sz.geo.live_cells().count();
        if cut < 2 || cut > size || !live.is_multiple_of(cut) {
            return Err(InputError::new(format!(
                "ISS `ChaosConstruction` with regions of {} on a grid of {live} cells and {size} \
                 values: the regions must be of 2 to {size} cells, and tile the grid",
                kinds::count_of(cut, "cell")
            )));
        }
        chaos_sets.size = cut;
        rules.chaos = Some(chaos_sets);
    }
    if let Some(hidden) = hidden {
        let Some(ClueKind::Doppelganger { missing, .. }) = rules
            .clues
            .iter_mut()
            .map(|c| &mut c.kind)
            .find(|k| matches!(k, ClueKind::Doppelganger { .. }))
        else {
            return Err(InputError::new(
                "the ISS string gives a doppelganger's hidden cell (`DGR`, `DGC`, `DGB`) without \
                 `Doppelganger`",
            ));
        };
        *missing = hidden;
    }
    // `RegionSameValues`: every region holds the same set of values — the same-value sets clue
    // (`SameValues`) with the regions as its runs, each of the region's size.
    if items.iter().any(|(_, (k, _))| *k == "RegionSameValues") {
        let geo = sz.geo;
        let regions: Vec<Vec<usize>> = (0..size)
            .map(|g| {
                geo.live_cells()
                    .filter(|&p| rules.region_of(geo, p) == Some(g))
                    .collect::<Vec<usize>>()
            })
            .filter(|cells| !cells.is_empty())
            .collect();
        let runs = u8::try_from(regions.len()).unwrap_or(u8::MAX);
        if regions.len() < 2 || regions.iter().any(|r| r.len() != regions[0].len()) {
            return Err(InputError::new(
                "ISS `RegionSameValues` needs two or more regions of one size",
            ));
        }
        rules.clues.push(Clue {
            kind: ClueKind::SameValues(runs),
            cells: regions.concat(),
        });
    }
    let ties = items.iter().find_map(
        |(_, (k, args))| match (*k, args.first().map(|a| a.trim())) {
            ("FullRankTies", Some("none")) => Some(Ties::None),
            ("FullRankTies", Some("any")) => Some(Ties::Any),
            _ => None,
        },
    );
    for clue in &mut rules.clues {
        if let (ClueKind::FullRank(_, t), Some(ties)) = (&mut clue.kind, ties) {
            *t = ties;
        }
    }
    rules.outside_at = sz.outside_at();
    finish(sz, cells_of, rules, Vec::new(), source)
}

/// `.Cage~15~R1C1~R1C2…` (a sum of 0 or none: a cage without a sum): its cells as listed (a cell
/// may be listed twice: ISS adds it twice to the sum) and its sum.
fn cage(args: &[&str], sz: Size, what: &str) -> Result<(Vec<usize>, Option<u32>), InputError> {
    let (sum, rest) = args
        .split_first()
        .ok_or_else(|| InputError::new(format!("{what}: expected a sum and cells")))?;
    let sum = match sum.trim() {
        "" | "0" => None,
        t => Some(t.parse::<u32>().map_err(|_| {
            InputError::new(format!("{what}: `{t}` is not a sum (a whole number)"))
        })?),
    };
    Ok((cells(rest, sz, what)?, sum))
}

/// The first cell a list names again, if any.
fn listed_twice(list: &[usize]) -> Option<usize> {
    list.iter()
        .enumerate()
        .find_map(|(i, p)| list[..i].contains(p).then_some(*p))
}

/// A given or a candidate set, `R1C1_5` or `R4C7_2_4_6_8`: the cell and its digits (bit `d - 1`).
fn given(a: &str, sz: Size, what: &str) -> Result<(usize, u32), InputError> {
    let (id, v) = a
        .split_once('_')
        .ok_or_else(|| InputError::new(format!("{what}: `{a}` is not a given such as R1C1_5")))?;
    let p = cell(id, sz, what)?;
    let mut set = 0u32;
    for v in v.split('_') {
        let v: u8 = sz.digit(v).ok_or_else(|| {
            InputError::new(format!("{what}: `{a}`: {v} is not a value {}", sz.values()))
        })?;
        set |= 1 << (v - 1);
    }
    Ok((p, set))
}

/// A given of a doppelganger's hidden cells, as ISS lays them out beside the grid: a row of them
/// below it, one under each column (`DGR7_4`: column 7 misses 4), a column of them beside it, one
/// by each row (`DGC3_5`: row 3 misses 5), `DGB` the boxes' (from 1, in reading order), and `DGZ`,
/// always 0, which says nothing. (Checked on ISS's "Doppelganger 15x15", whose published
/// solution has column 7 miss 4 and row 13 miss 8 where it gives `DGR7_4` and `DGC13_8`.) As
/// [house kind (0 row, 1 column, 2 box), house from 0, values (bit v)]; `None` for a cell of the
/// grid.
fn hidden_given(a: &str, sz: Size, what: &str) -> Result<Option<Vec<[u32; 3]>>, InputError> {
    let Some(rest) = a.strip_prefix("DG") else {
        return Ok(None);
    };
    let (id, values) = rest.split_once('_').unwrap_or((rest, ""));
    let bad = || {
        InputError::new(format!(
            "{what}: `{a}` is not a doppelganger's hidden cell given a value (`DGR7_4`: column 7 \
             misses 4; `DGC3_5`: row 3 misses 5; `DGB` for a box's)"
        ))
    };
    let mut set = 0u32;
    for v in values.split('_') {
        // Value x is digit x + 1 on the values 0-N, the only values a doppelganger is on.
        let d = sz.digit(v).ok_or_else(bad)?;
        set |= 1 << (u32::from(d) - 1);
    }
    if id == "Z" {
        // The 0 every house holds: a given of 0 says nothing, any other breaks the rule.
        return match set {
            1 => Ok(Some(Vec::new())),
            _ => Err(InputError::new(format!("{what}: `{a}`: DGZ is 0"))),
        };
    }
    let kind = match id.as_bytes().first() {
        Some(b'R') => 1,
        Some(b'C') => 0,
        Some(b'B') => 2,
        _ => return Err(bad()),
    };
    let house: u32 = id[1..].parse().map_err(|_| bad())?;
    if house == 0 || house as usize > sz.geo.rows() {
        return Err(bad());
    }
    Ok(Some(vec![[kind, house - 1, set]]))
}

/// A jigsaw layout (one character a cell, N cells each) as region numbers in order of appearance.
fn jigsaw(
    layout: &str,
    sz: Size,
    region: Option<usize>,
    what: &str,
) -> Result<Vec<u8>, InputError> {
    let size = sz.size;
    let (rows, cols) = (sz.geo.rows(), sz.geo.cols());
    let chars: Vec<char> = layout.chars().collect();
    if chars.len() != rows * cols {
        return Err(InputError::new(format!(
            "{what}: the layout has {} characters; a {rows}x{cols} grid has {}",
            chars.len(),
            rows * cols
        )));
    }
    if sz.geo.is_shaped() {
        return shaped_jigsaw(&chars, sz, region, what);
    }
    let mut names: Vec<char> = Vec::new();
    let mut regions = Vec::with_capacity(chars.len());
    for &ch in &chars {
        let g = match names.iter().position(|&c| c == ch) {
            Some(g) => g,
            None => {
                names.push(ch);
                names.len() - 1
            }
        };
        if g >= size {
            return Err(InputError::new(format!(
                "{what}: the layout has more than {size} regions"
            )));
        }
        regions.push(g as u8);
    }
    for (g, &ch) in names.iter().enumerate() {
        let count = regions.iter().filter(|&&r| usize::from(r) == g).count();
        if count != size {
            return Err(InputError::new(format!(
                "{what}: region `{ch}` has {count} cells; each region must have {size}"
            )));
        }
    }
    Ok(regions)
}

/// A jigsaw's layout on a [`Geometry::shaped`](super::Geometry::shaped) grid (its `rows × cols` characters): regions of
/// one size, at most V cells (ISS's `RegionSize`; of fewer cells than values they hold each value
/// at most once), numbered in the V×V grid, the dead cells in region V (none).
fn shaped_jigsaw(
    chars: &[char],
    sz: Size,
    region: Option<usize>,
    what: &str,
) -> Result<Vec<u8>, InputError> {
    let (size, cols) = (sz.size, sz.geo.cols());
    let mut names: Vec<char> = Vec::new();
    let mut regions = vec![size as u8; size * size];
    for (i, &ch) in chars.iter().enumerate() {
        let g = names.iter().position(|&c| c == ch).unwrap_or_else(|| {
            names.push(ch);
            names.len() - 1
        });
        if g >= size {
            return Err(InputError::new(format!(
                "{what}: the layout has more than {size} regions"
            )));
        }
        regions[(i / cols) * size + i % cols] = g as u8;
    }
    // ISS's pieces of the region's size are regions: its `RegionSize`, else from the longer side
    // to V (a 9x9 of the values 0-10 in pieces of 9 cells: each piece holds 9 different values).
    // A piece of another size (the cross between a squishdoku's four boxes) is no region.
    let (lo, hi) = match region {
        Some(r) => (r, r),
        None => (sz.geo.rows().max(cols), size),
    };
    let cells = match lo == hi {
        true => lo.to_string(),
        false => format!("{lo} to {hi}"),
    };
    let count = |regions: &[u8], g: usize| regions.iter().filter(|&&r| usize::from(r) == g).count();
    let kept: Vec<usize> = (0..names.len())
        .filter(|&g| (lo..=hi).contains(&count(&regions, g)))
        .collect();
    // ISS allows one piece of another size (the cross, or a part left unfilled); two are a
    // layout it refuses, and leaving both out would drop a rule.
    if names.len() > kept.len() + 1 {
        return Err(InputError::new(format!(
            "{what}: {} pieces of the layout are not of the regions' size ({cells} cells); one \
             may be",
            names.len() - kept.len()
        )));
    }
    if kept.is_empty() {
        return Err(InputError::new(format!(
            "{what}: no piece of the layout has {cells} cells, the regions' size"
        )));
    }
    for r in regions.iter_mut() {
        *r = kept
            .iter()
            .position(|&g| g == usize::from(*r))
            .map_or(size as u8, |i| i as u8);
    }
    Ok(regions)
}

/// ISS's windoku windows on an N×N grid with boxes of side n: n×n windows starting one cell in
/// from each box boundary, every n + 1 cells.
fn windows(sz: Size, n: usize) -> Vec<Vec<usize>> {
    let size = sz.size;
    let starts: Vec<usize> = (1..size).step_by(n + 1).filter(|&i| i + n < size).collect();
    let mut out = Vec::new();
    for &c0 in &starts {
        for &r0 in &starts {
            out.push(
                (0..size)
                    .map(|k| (r0 + k % n) * size + c0 + k / n)
                    .collect(),
            );
        }
    }
    out
}

/// Disjoint sets: the cells at the same place in every box, N sets of N cells.
fn disjoint_sets(sz: Size) -> Result<Vec<Vec<usize>>, InputError> {
    let geo = sz.geo;
    let Some((br, bc)) = geo.boxes() else {
        return Err(InputError::new(format!(
            "ISS `DisjointSets` on a {}x{} grid (no boxes) is not supported",
            geo.rows(),
            geo.cols()
        )));
    };
    // One set per place in a box (a box of `RegionSize` cells may hold fewer than V).
    Ok((0..br * bc)
        .map(|pos| (0..geo.box_count()).map(|b| geo.box_cell(b, pos)).collect())
        .collect())
}

/// The grid and rules checked as the f-puzzles reader checks them.
fn finish(
    sz: Size,
    cells: Vec<u8>,
    rules: Rules,
    skipped: Vec<(String, usize)>,
    source: Source,
) -> Result<Read, InputError> {
    rules.validate(sz.geo)?;
    if let Err(e) = rules.check(sz.geo, &cells, false) {
        return Err(InputError::new(format!("the givens break a rule: {e}")).with_cells(e.cells));
    }
    let grid = Grid {
        geo: sz.geo,
        cells,
        reading: Reading {
            source,
            // A 16x16 from ISS names its digits as numbers (`R1C1_12`), and is printed so; values
            // from 0 are printed from 0.
            numbers: sz.size > 9,
            alphabet: if sz.zero {
                Alphabet::FromZero
            } else {
                Alphabet::Standard
            },
            ..Reading::default()
        },
    };
    Ok(Read {
        grid,
        rules,
        title: None,
        skipped,
        words: false,
        unknown: Vec::new(),
    })
}
