//! ISS's constraint kinds read as clues (`clues/`): dots, lines, sums, cells' facts, and the
//! `Or`/`And` blocks lifted out as either/or clues.

use super::*;

/// ISS's kinds read as clues (`clues/`), besides `StrictKropki` and `StrictXV`.
pub(super) const CLUES: &[&str] = &[
    "WhiteDot",
    "BlackDot",
    "X",
    "V",
    "GreaterThan",
    "StrictKropki",
    "StrictXV",
    "Arrow",
    "PillArrow",
    "DoubleArrow",
    "LittleKiller",
    "Sandwich",
    "XSum",
    "Whisper",
    "Renban",
    "Palindrome",
    "Zipper",
    "RegionSumLine",
    "SumLine",
    "Between",
    "Entropic",
    "Modular",
    "Quad",
    "Skyscraper",
    "HiddenSkyscraper",
    "Lunchbox",
    "Sum",
    "Indexing",
    "Regex",
    "NFA",
    "FullRank",
    "NumberedRoom",
    "Lockout",
    "AntiTaxicab",
    "LookAndSay",
    "ContainExact",
    "ContainAtLeast",
    "RellikCage",
    "EqualityCage",
    "Pair",
    "PairX",
    "Binary",
    "BinaryX",
    "CountingCircles",
    "SameValues",
    "GlobalEntropy",
    "GlobalMod",
    "ValueIndexing",
    "CountDistinct",
    "EqualSum",
    "DutchFlatmates",
    "Doppelganger",
];

/// "1 cell", "3 cells".
pub(super) fn count_of(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn number(a: Option<&&str>, what: &str, of: &str) -> Result<u32, InputError> {
    a.and_then(|t| t.trim().parse::<u32>().ok())
        .ok_or_else(|| InputError::new(format!("{what}: expected {of} (a whole number)")))
}

/// The orthogonally adjacent pairs among `cells`, each once, the earlier cell first (ISS's pairs
/// for dots, XV and inequalities listed on more than two cells).
fn adjacent_pairs(cells: &[usize], sz: Size) -> Vec<[usize; 2]> {
    let mut out = Vec::new();
    for (i, &p) in cells.iter().enumerate() {
        for &q in &cells[i + 1..] {
            if sz.adjacent(p, q) {
                out.push([p, q]);
            }
        }
    }
    out
}

/// A character of ISS's URL-safe base64 (`A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`) as its 6 bits (pair
/// keys, `Replicate`'s cell sets).
pub(super) fn base64_digit(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// ISS's pairwise key on `n` values: base64 (`A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`), 6 bits a
/// character from the least significant, bit `i·n + j` set when a first cell of the i-th value
/// and a second of the j-th may stand together; characters left off are 0. `None` if it is not
/// one (a character outside the alphabet, or bits past n²).
fn pair_key(key: &str, n: usize) -> Option<Vec<u32>> {
    if n > 32 || key.len() > (n * n).div_ceil(6) {
        return None;
    }
    let mut allow = vec![0u32; n];
    for (ci, c) in key.bytes().enumerate() {
        let v = base64_digit(c)?;
        for b in 0..6 {
            if v >> b & 1 == 1 {
                let k = ci * 6 + b;
                if k >= n * n {
                    return None;
                }
                allow[k / n] |= 1 << (k % n);
            }
        }
    }
    Some(allow)
}

/// A row or column of ISS's outside clues (`R3`, `C7`), in the clue's direction.
fn line_of(id: &str, forward: bool, sz: Size, what: &str) -> Result<Vec<usize>, InputError> {
    let g = sz.geo;
    let bad = || InputError::new(format!("{what}: `{id}` is not a row or column (R1, C9)"));
    let (kind, n) = id.split_at(1.min(id.len()));
    let n: usize = n.parse().map_err(|_| bad())?;
    let mut cells: Vec<usize> = match kind {
        "R" | "r" if (1..=g.rows()).contains(&n) => g.row_cells(n - 1),
        "C" | "c" if (1..=g.cols()).contains(&n) => g.col_cells(n - 1),
        _ => return Err(bad()),
    };
    if !forward {
        cells.reverse();
    }
    Ok(cells)
}

/// The diagonal of a little killer whose first cell is `start`, as ISS lays its clues out: from
/// the left edge down to the right, the right edge up to the left, the top edge down to the left,
/// the bottom edge up to the right (the first of these that starts at the cell and was not met
/// before).
fn little_killer(start: usize, sz: Size) -> Option<Vec<usize>> {
    // The diagonals of the grid's square of cells (a 9x9 of the values 0-9 too), its cells
    // numbered in the V×V numbering.
    let (n, stride) = (sz.geo.rows() as i32, sz.size as i32);
    let mut seen: Vec<Vec<usize>> = Vec::new();
    let mut starts: Vec<(i32, i32, i32, i32)> = Vec::new();
    starts.extend((0..n - 1).map(|r| (r, 0, 1, 1)));
    starts.extend((1..n - 1).map(|r| (r, n - 1, -1, -1)));
    starts.extend((1..n).map(|c| (0, c, 1, -1)));
    starts.extend((1..n - 1).map(|c| (n - 1, c, -1, 1)));
    for (r0, c0, dr, dc) in starts {
        let (mut r, mut c) = (r0, c0);
        let mut cells = Vec::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            cells.push((r * stride + c) as usize);
            r += dr;
            c += dc;
        }
        if cells.len() <= 1 {
            continue;
        }
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        if seen.contains(&sorted) {
            continue;
        }
        seen.push(sorted);
        if cells[0] == start {
            return Some(cells);
        }
    }
    None
}

/// One of ISS's clue kinds ([`CLUES`]) as clues.
pub(super) fn clues(
    kind: &str,
    args: &[&str],
    sz: Size,
    what: &str,
) -> Result<Vec<Clue>, InputError> {
    // A kind written with nothing after its name (`.Arrow`, `.Binary`) has no cell to read; the
    // readers below take their first argument as there (a sum, a key). Kinds of the whole grid
    // (`.AntiTaxicab`) take none.
    if args.is_empty() && !BARE.contains(&kind) {
        return Err(InputError::new(format!("{what} has no cell")));
    }
    let size = sz.size;
    let one = |kind: ClueKind, cells: Vec<usize>| Ok(vec![Clue { kind, cells }]);
    let pairs = |kind: ClueKind, swap: bool| -> Result<Vec<Clue>, InputError> {
        let list = cells(args, sz, what)?;
        // Cells outside the grid (`Var`) are neighbours as ISS lays their group out.
        let found = adjacent_pairs(&list, sz);
        if found.is_empty() {
            return Err(InputError::new(format!(
                "{what}: no two of its cells are orthogonal neighbours"
            )));
        }
        Ok(found
            .into_iter()
            .map(|[p, q]| Clue {
                kind: kind.clone(),
                cells: if swap { vec![q, p] } else { vec![p, q] },
            })
            .collect())
    };
    match kind {
        "WhiteDot" => pairs(ClueKind::Difference(1), false),
        "BlackDot" => pairs(ClueKind::Ratio(2), false),
        "X" => pairs(ClueKind::PairSum(10), false),
        "V" => pairs(ClueKind::PairSum(5), false),
        // "A cell must be greater than any later adjacent cells": the later one is less.
        "GreaterThan" => pairs(ClueKind::Less, true),
        "Arrow" => one(ClueKind::Arrow { circle: 1 }, cells(args, sz, what)?),
        "PillArrow" => {
            let pill = number(args.first(), what, "the pill's length")? as usize;
            let mut list = cells(&args[1..], sz, what)?;
            if !(1..=3).contains(&pill) || list.len() <= pill {
                return Err(InputError::new(format!(
                    "{what}: a pill of 1 to 3 cells and an arrow beyond it"
                )));
            }
            // ISS reads the pill's number left to right, top to bottom.
            list[..pill].sort_unstable();
            one(ClueKind::Arrow { circle: pill }, list)
        }
        "DoubleArrow" => one(ClueKind::DoubleArrow, cells(args, sz, what)?),
        "LittleKiller" => {
            let sum = number(args.first(), what, "a sum")?;
            let start = cell(args.get(1).copied().unwrap_or(""), sz, what)?;
            let diagonal = little_killer(start, sz).ok_or_else(|| {
                InputError::new(format!(
                    "{what}: no little killer diagonal starts at {}",
                    args.get(1).copied().unwrap_or("")
                ))
            })?;
            one(ClueKind::LittleKiller(sum), diagonal)
        }
        "Sandwich" => {
            let sum = number(args.first(), what, "a sum")?;
            let line = line_of(args.get(1).copied().unwrap_or(""), true, sz, what)?;
            one(ClueKind::Sandwich(sum), line)
        }
        // A clue at either end of a row or column (`.XSum~R1~27~`, `.Skyscraper~C3~~4`): the
        // second argument from its start, the third from its end.
        "XSum" | "Skyscraper" | "HiddenSkyscraper" | "NumberedRoom" | "FullRank" => {
            let id = args.first().copied().unwrap_or("");
            let mut out = Vec::new();
            for (i, forward) in [(1, true), (2, false)] {
                match args.get(i).map(|t| t.trim()) {
                    None | Some("") => {}
                    Some(_) => {
                        let n = number(args.get(i), what, "a number")?;
                        out.push(Clue {
                            kind: match kind {
                                "XSum" => ClueKind::XSum(n),
                                "Skyscraper" => ClueKind::Skyscraper(n),
                                "NumberedRoom" => ClueKind::NumberedRoom(n),
                                "FullRank" if n == 0 || n > 4 * sz.size as u32 => {
                                    return Err(InputError::new(format!(
                                        "{what}: a rank of {n}: the {} rows and columns read \
                                         both ways rank from 1 to {}",
                                        2 * sz.size,
                                        4 * sz.size
                                    )))
                                }
                                "FullRank" => ClueKind::FullRank(n, Ties::Unclued),
                                _ => ClueKind::HiddenSkyscraper(n),
                            },
                            cells: line_of(id, forward, sz, what)?,
                        })
                    }
                }
            }
            Ok(out)
        }
        // `.Indexing~C~cells` (column indexers) or `~R~` (row indexers).
        "Indexing" => {
            let kind = match args.first().map(|a| a.trim()) {
                Some("C") => ClueKind::ColumnIndex,
                Some("R") => ClueKind::RowIndex,
                _ => {
                    return Err(InputError::new(format!(
                        "{what}: expected C (columns) or R (rows), then the cells"
                    )))
                }
            };
            // A column index points into its cell's row, a row index into its column: on a shaped
            // grid that line must hold a cell for every value (else a value may be missing, or
            // point at no cell), as ISS's published 6x9 "Answers on a Postcard" has it.
            let (g, full) = (sz.geo, |n: usize| n == sz.size);
            let short = match kind {
                ClueKind::ColumnIndex => !full(g.cols()),
                _ => !full(g.rows()),
            };
            if short {
                return Err(InputError::new(format!(
                    "{what}: ISS `Indexing~{}` on a {}x{} grid of {} values is not supported: its \
                     {} hold fewer cells than values",
                    args[0].trim(),
                    g.rows(),
                    g.cols(),
                    sz.size,
                    if kind == ClueKind::ColumnIndex {
                        "rows"
                    } else {
                        "columns"
                    }
                )));
            }
            one(kind, cells(&args[1..], sz, what)?)
        }
        "Lunchbox" => {
            let sum = number(args.first(), what, "a sum")?;
            one(ClueKind::Lunchbox(sum), cells(&args[1..], sz, what)?)
        }
        "Sum" => {
            let first = args.first().copied().unwrap_or("").trim();
            if !first.contains('_') {
                let sum = number(args.first(), what, "a sum")?;
                return one(ClueKind::Sum(sum), cells(&args[1..], sz, what)?);
            }
            // A weighted sum: the total, `=`, then a weight a cell (`7_=_1_1_1_-1`), whole
            // numbers from -100 to 100 as ISS takes them.
            let list = cells(&args[1..], sz, what)?;
            let parts: Vec<&str> = first.split('_').collect();
            let Some(total) = parts[0].parse::<i64>().ok().filter(|t| t.abs() <= 1 << 40) else {
                return Err(InputError::new(format!(
                    "{what}: expected a total (a whole number), then `=` and a weight a cell \
                     (`7_=_1_1_1_-1`), not `{first}`"
                )));
            };
            if parts.get(1) != Some(&"=") {
                return Err(InputError::new(format!(
                    "{what}: expected `=` after the total, then a weight a cell \
                     (`7_=_1_1_1_-1`), not `{first}`"
                )));
            }
            let weights: Option<Vec<i64>> = parts[2..]
                .iter()
                .map(|w| w.parse::<i64>().ok().filter(|w| w.abs() <= 100))
                .collect();
            match weights {
                Some(weights) if weights.len() == list.len() => one(
                    ClueKind::Weighted(Box::new(Weights { total, weights })),
                    list,
                ),
                Some(w) => Err(InputError::new(format!(
                    "{what}: {} for {} (`{first}`): a weight a cell",
                    count_of(w.len(), "weight"),
                    count_of(list.len(), "cell")
                ))),
                None => Err(InputError::new(format!(
                    "{what}: weights are whole numbers from -100 to 100 (`7_=_1_1_1_-1`), not \
                     `{first}`"
                ))),
            }
        }
        "Whisper" => {
            // German whispers leave the difference out: the first argument is then a cell.
            let (k, rest) = match args.first().and_then(|a| a.parse::<u8>().ok()) {
                Some(k) => (k, &args[1..]),
                None => (5, args),
            };
            one(ClueKind::Whisper(k), cells(rest, sz, what)?)
        }
        // `.Regex~<pattern in base64>~cells~~cells`: each line (lines parted by an empty
        // argument) matches the pattern whole.
        "Regex" => {
            let coded = args.first().copied().unwrap_or("").trim();
            let pattern = base64_text(coded).ok_or_else(|| {
                InputError::new(format!("{what}: `{coded}` is not a pattern in base64"))
            })?;
            // The pattern names values: 0 to N-1 on a grid of values from 0.
            let least = u32::from(!sz.zero);
            let re = Regex::new(&pattern, least, sz.size as u32 - 1 + least)
                .map_err(|e| InputError::new(format!("{what}: {e}")))?;
            each_line(&ClueKind::Regex(Box::new(re)), &args[1..], sz, what)
        }
        // `.NFA~<automaton in ISS's serial form>~_<name>~cells~~cells`: each line (lines
        // parted by an empty argument) is accepted by the automaton; the name, after its `_`,
        // percent-encoded, may be empty.
        "NFA" => {
            let coded = args.first().copied().unwrap_or("");
            let least = u32::from(!sz.zero);
            let machine = Machine::from_iss(coded, least, sz.size)
                .map_err(|e| InputError::new(format!("{what}: the automaton {e}")))?;
            let (name, lines) = match args.get(1).and_then(|a| a.trim().strip_prefix('_')) {
                Some(n) => (percent_decode(n)?, &args[2..]),
                None => (String::new(), args.get(1..).unwrap_or(&[])),
            };
            each_line(
                &ClueKind::Nfa(Box::new(Nfa { name, machine })),
                lines,
                sz,
                what,
            )
        }
        "Lockout" => {
            let k = number(args.first(), what, "the ends' least difference")?;
            let k = u8::try_from(k).map_err(|_| {
                InputError::new(format!("{what}: a least difference of {k} is too large"))
            })?;
            one(ClueKind::Lockout(k), cells(&args[1..], sz, what)?)
        }
        // `.LookAndSay~1617~cells`: (count, value) pairs of single digits, "one 6, one 7"; a
        // count of 0 keeps the value out; values not named are free.
        "LookAndSay" => {
            let text = args.first().copied().unwrap_or("").trim();
            let b = text.as_bytes();
            if b.is_empty() || b.len() % 2 == 1 || !b.iter().all(u8::is_ascii_digit) {
                return Err(InputError::new(format!(
                    "{what}: `{text}` is not a look-and-say clue (count and value pairs such as \
                     1617)"
                )));
            }
            let (mut values, mut none) = (Vec::new(), Vec::new());
            for pair in b.chunks(2) {
                let (count, v) = (u32::from(pair[0] - b'0'), u32::from(pair[1] - b'0'));
                if values.contains(&v) || none.contains(&v) {
                    return Err(InputError::new(format!(
                        "{what}: `{text}` counts the value {v} twice"
                    )));
                }
                if count == 0 {
                    none.push(v);
                }
                values.extend(std::iter::repeat_n(v, count as usize));
            }
            let counted = Counted {
                values,
                none,
                exact: true,
                text: text.to_string(),
                look: true,
            };
            one(
                ClueKind::Contains(Box::new(counted)),
                cells(&args[1..], sz, what)?,
            )
        }
        // `.ContainExact~1_2_2~cells`: these values, a value listed twice twice.
        "ContainExact" | "ContainAtLeast" => {
            let text = args.first().copied().unwrap_or("").trim();
            let values = text
                .split('_')
                .map(|v| v.trim().parse::<u32>())
                .collect::<Result<Vec<u32>, _>>()
                .map_err(|_| {
                    InputError::new(format!(
                        "{what}: `{text}` is not a list of values such as 1_2_2"
                    ))
                })?;
            let counted = Counted {
                values,
                none: Vec::new(),
                exact: kind == "ContainExact",
                text: text.replace('_', ","),
                look: false,
            };
            one(
                ClueKind::Contains(Box::new(counted)),
                cells(&args[1..], sz, what)?,
            )
        }
        "RellikCage" => {
            let t = number(args.first(), what, "a sum")?;
            one(ClueKind::Rellik(t), cells(&args[1..], sz, what)?)
        }
        "EqualityCage" => one(ClueKind::Equality, cells(args, sz, what)?),
        // `.Pair~KEY~_NAME~cells~~cells~_NAME2~cells`: a relation on values (its key, in base64),
        // then groups of cells, each named by the `_` item before it and parted by an empty one.
        // `Binary` and `BinaryX` are ISS's older names, their keys in an alphabet with `-` and `_`
        // swapped.
        "Pair" | "PairX" | "Binary" | "BinaryX" => {
            let mut key = args.first().copied().unwrap_or("").trim().to_string();
            if kind.starts_with("Binary") {
                key = key
                    .chars()
                    .map(|c| match c {
                        '-' => '_',
                        '_' => '-',
                        c => c,
                    })
                    .collect();
            }
            let least = u32::from(!sz.zero);
            let allow = pair_key(&key, size).ok_or_else(|| {
                InputError::new(format!(
                    "{what}: `{key}` is not a pairwise key of a grid of {size} values"
                ))
            })?;
            let all = kind.ends_with('X');
            let mut out = Vec::new();
            let mut name = String::new();
            let mut group: Vec<&str> = Vec::new();
            let mut flush = |group: &mut Vec<&str>, name: &str| -> Result<(), InputError> {
                if !group.is_empty() {
                    let relation = Relation {
                        name: name.to_string(),
                        all,
                        least,
                        allow: allow.clone(),
                    };
                    out.push(Clue {
                        kind: ClueKind::Pairwise(Box::new(relation)),
                        cells: cells(group, sz, what)?,
                    });
                    group.clear();
                }
                Ok(())
            };
            for a in &args[1..] {
                let a = a.trim();
                if let Some(n) = a.strip_prefix('_') {
                    flush(&mut group, &name)?;
                    name = crate::problems::sudoku::fpuzzles::percent_decode(n)?;
                } else if a.is_empty() {
                    flush(&mut group, &name)?;
                } else {
                    group.push(a);
                }
            }
            flush(&mut group, &name)?;
            if out.is_empty() {
                return Err(InputError::new(format!("{what} has no cell")));
            }
            Ok(out)
        }
        "CountingCircles" => one(ClueKind::CountingCircles, cells(args, sz, what)?),
        // `.SameValues~2~cells`: the cells cut in order into that many runs.
        "SameValues" => {
            let k = number(args.first(), what, "a number of runs")?;
            let k = u8::try_from(k)
                .map_err(|_| InputError::new(format!("{what}: {k} runs are too many")))?;
            one(ClueKind::SameValues(k), cells(&args[1..], sz, what)?)
        }
        "GlobalEntropy" | "GlobalMod" => one(
            ClueKind::Classes2x2 {
                entropy: kind == "GlobalEntropy",
            },
            sz.geo.live_cells().collect(),
        ),
        "ValueIndexing" => one(ClueKind::ValueIndex, cells(args, sz, what)?),
        "CountDistinct" => one(ClueKind::CountDistinct, cells(args, sz, what)?),
        // `.EqualSum~cells~-~cells`: runs parted by `-` (an empty run is skipped, as ISS does).
        "EqualSum" => {
            let mut runs = Vec::new();
            let mut all = Vec::new();
            for run in args.split(|a| a.trim() == "-") {
                let run: Vec<&str> = run
                    .iter()
                    .copied()
                    .filter(|a| !a.trim().is_empty())
                    .collect();
                if run.is_empty() {
                    continue;
                }
                let list = cells(&run, sz, what)?;
                runs.push(u8::try_from(list.len()).map_err(|_| {
                    InputError::new(format!("{what}: a run of {} cells is too long", list.len()))
                })?);
                all.extend(list);
            }
            if all.is_empty() {
                return Err(InputError::new(format!("{what} has no cell")));
            }
            one(ClueKind::EqualSum(runs), all)
        }
        "DutchFlatmates" => one(ClueKind::DutchFlatmates, sz.geo.live_cells().collect()),
        // Its rule needs the values 0-N on N×N in regions of N cells: `Rules::validate`.
        "Doppelganger" => one(
            ClueKind::Doppelganger {
                missing: Vec::new(),
                hidden: sz.hidden,
            },
            sz.geo.live_cells().collect(),
        ),
        // A rule of the whole grid: the clue lists every cell.
        "AntiTaxicab" => one(ClueKind::AntiTaxicab, sz.geo.live_cells().collect()),
        "Renban" => one(ClueKind::Renban, cells(args, sz, what)?),
        "Palindrome" => one(ClueKind::Palindrome, cells(args, sz, what)?),
        "Zipper" => one(ClueKind::Zipper, cells(args, sz, what)?),
        "RegionSumLine" => one(ClueKind::RegionSum, cells(args, sz, what)?),
        // `.SumLine~10~cells` and `.SumLine~10~cells~LOOP` (the last cell next to the first).
        "SumLine" => {
            let sum = number(args.first(), what, "a sum")?;
            match args[1..].split_last() {
                Some((&"LOOP", list)) => {
                    let list = cells(list, sz, what)?;
                    if list.len() < 3 {
                        return Err(InputError::new(format!(
                            "{what}: a loop of {} cells does not close",
                            list.len()
                        )));
                    }
                    if sum > MAX_SUM_LOOP {
                        return Err(InputError::new(format!(
                            "{what}: sum loops of more than {MAX_SUM_LOOP} are not supported"
                        )));
                    }
                    one(ClueKind::SumLoop(sum), list)
                }
                _ => one(ClueKind::SumLine(sum), cells(&args[1..], sz, what)?),
            }
        }
        "Between" => one(ClueKind::Between, cells(args, sz, what)?),
        "Entropic" => one(ClueKind::Entropic, cells(args, sz, what)?),
        "Modular" => {
            let m = number(args.first(), what, "a modulus")?;
            let m = u8::try_from(m).map_err(|_| InputError::new(format!("{what}: modulus {m}")))?;
            one(ClueKind::Modular(m), cells(&args[1..], sz, what)?)
        }
        "Quad" => {
            let at = cell(args.first().copied().unwrap_or(""), sz, what)?;
            let Some(square) = sz.square_from(at) else {
                return Err(InputError::new(format!(
                    "{what}: a quadruple's 2x2 cells start at a cell with one to its right and \
                     one below"
                )));
            };
            // Kept as the puzzle writes them (values 0-8 where they start at 0): the board shows
            // them, and the rule reads values.
            let digits = args[1..]
                .iter()
                .map(|a| {
                    sz.digit(a).map(|d| d - u8::from(sz.zero)).ok_or_else(|| {
                        InputError::new(format!("{what}: `{a}` is not a value {}", sz.values()))
                    })
                })
                .collect::<Result<Vec<u8>, _>>()?;
            one(ClueKind::Quad(digits), square.to_vec())
        }
        _ => Err(refuse(kind)),
    }
}

/// An item of a constraint string: its kind and its arguments.
pub(super) type Item<'a> = (&'a str, Vec<&'a str>);

/// An item with its place among the string's constraints (from 1), by which messages name it.
pub(super) type Placed<'a> = (usize, Item<'a>);

/// ISS's `Or` blocks (`.Or. … .End`, with `.And. … .End` groups and `Or`s inside them) lifted out
/// of the items as either/or clues; the items outside the blocks are returned as they were. An
/// `And` outside any `Or` is its items, all of which hold: they are read as if it were not there
/// (as one either/or of one side its items were judged together, filled whole, and "Strict
/// kropki [dots in And]" of ISS's collection, 48 cells, was refused; its dots must also count as
/// marked for the strict rule).
pub(super) fn lift_either<'a>(
    items: Vec<Item<'a>>,
    sz: Size,
) -> Result<(Vec<Placed<'a>>, Vec<Clue>), InputError> {
    let mut rest = Vec::new();
    let mut eithers = Vec::new();
    // The `And`s open outside any `Or`: their `End`s close them.
    let mut ands = 0usize;
    let mut i = 0;
    while let Some((kind, _)) = items.get(i) {
        i += 1;
        match *kind {
            "Or" => {
                let what = format!("`Or` {}", eithers.len() + 1);
                let sides = block(&items, &mut i, sz, &what, 1)?;
                eithers.push(either(sides, sz, &what)?);
            }
            "And" => ands += 1,
            "End" if ands > 0 => ands -= 1,
            "End" => {
                return Err(InputError::new(format!(
                    "constraint {i} (`End`) closes no `Or` or `And`"
                )))
            }
            // With its place in the string (from 1), by which messages name it.
            _ => rest.push((i, items[i - 1].clone())),
        }
    }
    if ands > 0 {
        return Err(InputError::new("an `And` is not closed by an `End`"));
    }
    Ok((rest, eithers))
}

/// The deepest blocks nest (`Or` in `And` in `Or`…): ISS's collection goes 3 deep; a hostile text
/// of thousands would recurse past the page's stack.
pub(super) const MAX_NESTING: usize = 16;

/// The sides of a block up to its `End` (taken too), from `items[*i]` on, `depth` blocks in.
pub(super) fn block(
    items: &[Item],
    i: &mut usize,
    sz: Size,
    what: &str,
    depth: usize,
) -> Result<Vec<Side>, InputError> {
    if depth > MAX_NESTING {
        return Err(InputError::new(format!(
            "{what} nests `Or` and `And` blocks deeper than {MAX_NESTING}"
        )));
    }
    let mut sides = Vec::new();
    while let Some((kind, args)) = items.get(*i) {
        *i += 1;
        match *kind {
            "End" => return Ok(sides),
            "Or" => sides.push(Side::Any(block(items, i, sz, what, depth + 1)?)),
            "And" => sides.push(Side::All(block(items, i, sz, what, depth + 1)?)),
            _ => sides.push(side(kind, args, sz, what)?),
        }
    }
    Err(InputError::new(format!("{what} is not closed by an `End`")))
}

/// One item inside an `Or` or an `And`, as a side: givens and candidate sets, `AllDifferent`,
/// cages and the clues of a few cells; a rule of the whole grid is refused by name.
pub(super) fn side(kind: &str, args: &[&str], sz: Size, what: &str) -> Result<Side, InputError> {
    if let Some(e) = raw_refusal(kind, sz) {
        return Err(e);
    }
    let what = format!("{what}'s `{}`", if kind.is_empty() { "~" } else { kind });
    match kind {
        "" => Ok(Side::Digits(
            args.iter()
                .map(|a| given(a, sz, &what))
                .collect::<Result<_, _>>()?,
        )),
        "AllDifferent" => Ok(Side::Distinct(cells(args, sz, &what)?)),
        "Cage" => {
            let (list, sum) = cage(args, sz, &what)?;
            if let Some(p) = listed_twice(&list) {
                return Err(InputError::new(format!(
                    "ISS cages that list a cell twice inside an `Or` are not supported ({what} \
                     lists {} again)",
                    crate::problems::sudoku::cell_name(sz.size, p)
                )));
            }
            Ok(Side::Cage(list, sum))
        }
        k if CLUES.contains(&k) && !matches!(k, "StrictKropki" | "StrictXV") => {
            // A lunchbox's digits differ: its clue's own rule, which judges it here too.
            let mut parts: Vec<Side> = clues(k, args, sz, &what)?
                .into_iter()
                .map(Side::Clue)
                .collect();
            Ok(match parts.len() {
                1 => parts.pop().expect("one part"),
                _ => Side::All(parts),
            })
        }
        _ => Err(InputError::new(format!(
            "ISS `{kind}` inside an `Or` or an `And` is not supported"
        ))),
    }
}

/// The either/or clue of `sides`, on the cells they name: at most [`max_either_cells`].
pub(super) fn either(sides: Vec<Side>, sz: Size, what: &str) -> Result<Clue, InputError> {
    let mut cells = Vec::new();
    for x in &sides {
        x.cells(&mut cells);
    }
    if cells.is_empty() {
        return Err(InputError::new(format!("{what} names no cell")));
    }
    let most = max_either_cells(sz.size);
    if cells.len() > most && either_line(&sides).is_none() && either_lines(&sides).is_none() {
        return Err(InputError::new(format!(
            "ISS `Or` over {} cells is not supported ({what}: an either/or is filled whole, \
             each filling judged, up to {most} cells on a {s}x{s}, or walked along a line that \
             each of its sides reads, or walked side by side when each side is one clue, or an \
             `And` of clues, along lines of their own)",
            cells.len(),
            s = sz.size
        )));
    }
    Ok(Clue {
        kind: ClueKind::Either {
            sides,
            zero: sz.zero,
        },
        cells,
    })
}

/// A clue of `kind` on each line of `args` (lines parted by an empty argument), or an error if
/// there is none (regex and NFA lines).
fn each_line(
    kind: &ClueKind,
    args: &[&str],
    sz: Size,
    what: &str,
) -> Result<Vec<Clue>, InputError> {
    let mut out = Vec::new();
    for line in args.split(|a| a.trim().is_empty()) {
        if !line.is_empty() {
            out.push(Clue {
                kind: kind.clone(),
                cells: cells(line, sz, what)?,
            });
        }
    }
    if out.is_empty() {
        return Err(InputError::new(format!("{what} has no cell")));
    }
    Ok(out)
}

/// The text that `coded` spells in base64 ([`base64_bytes`]); `None` if it is not base64 of
/// UTF-8 text.
pub(super) fn base64_text(coded: &str) -> Option<String> {
    String::from_utf8(base64_bytes(coded)?)
        .ok()
        .filter(|t| !t.is_empty())
}
