//! A Sudoku's items in its own words for the narration: cells, units, diagonals, shapes filled whole
//! and the "at most one" rules of its variants, read back from the names the instance gives them.

use crate::core::{Instance, Links};
use crate::figures::things;
use crate::problems::words::{cell, number};

/// What item `i` means with `len` options left, `links` standing where the search stands: a
/// primary item what it still needs, a secondary item the rule it stands for ([`rule_words`]).
pub(crate) fn item_words(inst: &Instance, links: &Links, i: usize, len: u32) -> Option<String> {
    let name = inst.item_name(i);
    if !inst.is_primary(i) {
        return rule_words(name);
    }
    let header = i as u32 + 1;
    shape_words(inst, links, header, len)
        .or_else(|| cell_in_cage(inst, links, header, len))
        .or_else(|| name_words(name, u64::from(len)))
}

/// What a primary item named `name` with `len` options left says: "cell r3c5 can take two digits",
/// "5 can go in three places in row 2", "diagonal ↗ needs a 3: one place left", "cage 17 has three
/// fillings left" (without the links, no cells nor digits: [`shape_words`] adds them). `None` for a
/// name a Sudoku does not give a primary item.
pub(crate) fn name_words(name: &str, len: u64) -> Option<String> {
    if let Some((r, c)) = cell(name) {
        return Some(match len {
            0 => format!("cell r{r}c{c} has no digit left"),
            1 => format!("cell r{r}c{c} can only take one digit"),
            n => format!("cell r{r}c{c} can take {}", things(n, "digit", "digits")),
        });
    }
    // A cell outside the grid (ISS's `Var`, `x1` on): in no row, column or region.
    if let Some(k) = name.strip_prefix('x').filter(|k| number(k)) {
        return Some(match len {
            0 => format!("cell x{k} (outside the grid) has no digit left"),
            1 => format!("cell x{k} (outside the grid) can only take one digit"),
            n => format!(
                "cell x{k} (outside the grid) can take {}",
                things(n, "digit", "digits")
            ),
        });
    }
    // Chaos construction's: a cell the regions tile, a cell's choice of digit and region.
    let inner = |p: &str| {
        name.strip_prefix(p)?
            .strip_suffix(')')
            .filter(|x| cell(x).is_some())
    };
    if let Some(at) = inner("in(") {
        return Some(format!(
            "one region must hold {at}: {} left",
            things(len, "region", "regions")
        ));
    }
    if let Some(at) = inner("of(") {
        return Some(format!(
            "{at} needs a digit and a region: {} left",
            things(len, "choice", "choices")
        ));
    }
    for (word, said) in [("cage", "cage"), ("thermo", "thermometer")] {
        if let Some(k) = name.strip_prefix(word).filter(|k| number(k)) {
            return Some(format!(
                "{said} {k} has {} left",
                things(len, "filling", "fillings")
            ));
        }
    }
    // A sum the cages imply (the 45 rule), stated by its digit sets.
    if let Some(k) = name.strip_prefix("sum").filter(|k| number(k)) {
        return Some(format!(
            "implied sum {k} (the 45 rule) has {} left",
            things(len, "digit set", "digit sets")
        ));
    }
    // A sum the cages imply over cells that may repeat a digit, stated by its fillings.
    if let Some(k) = name.strip_prefix("spread").filter(|k| number(k)) {
        return Some(format!(
            "implied sum {k} (the 45 rule; its digits may repeat) has {} left",
            things(len, "filling", "fillings")
        ));
    }
    let (unit, v) = name.split_once('=')?;
    // A chaos region's digit where a region holds each digit once (primary then).
    if let Some(at) = unit
        .strip_prefix("reg(")
        .and_then(|x| x.strip_suffix(')'))
        .filter(|x| cell(x).is_some())
    {
        return Some(match len {
            0 => format!(
                "the region from {at} has no cell left for its {v}, and a region starts there"
            ),
            n => format!(
                "the region from {at} needs its {v}: {} left (its cells, or no region starting there)",
                things(n, "way", "ways")
            ),
        });
    }
    // A digit of a cage or implied sum stated by its digit sets: placed in a cell, or ruled out by
    // the set.
    for (word, said) in [("cage", "cage"), ("sum", "implied sum")] {
        if let Some(k) = unit.strip_prefix(word).filter(|k| number(k)) {
            return Some(match len {
                0 => format!("{said} {k} has no cell left for a {v} and no digit set without it"),
                n => format!(
                    "{said} {k} places its {v} or rules it out: {} left (its cells, and its \
                     digit sets without {v})",
                    things(n, "way", "ways")
                ),
            });
        }
    }
    // A long renban's digit, stated by its windows; a digit of a piece of a sum stated by its
    // digit sets (`arrow1.2=5`: piece 2 of arrow 1; a region-sum line's `rsl1.2.1=5`: piece 1 of
    // its segment 2).
    if let Some(k) = unit.strip_prefix("renban").filter(|k| number(k)) {
        return Some(match len {
            0 => format!("renban {k} has no cell left for a {v} and no window without it"),
            n => format!(
                "renban {k} places its {v} or rules it out: {} left (its cells, and its windows \
                 without {v})",
                things(n, "way", "ways")
            ),
        });
    }
    for (word, said) in [
        ("arrow", "arrow"),
        ("lk", "little killer"),
        ("csum", "sum"),
        ("rsl", "region-sum line"),
    ] {
        let piece = unit
            .strip_prefix(word)
            .and_then(|rest| rest.rsplit_once('.'))
            .filter(|(k, j)| number(j) && k.split('.').all(number));
        if let Some((k, j)) = piece {
            let k = k.replace('.', ", segment ");
            return Some(match len {
                0 => format!(
                    "{said} {k}, piece {j}, has no cell left for a {v} and no digit set without it"
                ),
                n => format!(
                    "{said} {k}, piece {j}, places its {v} or rules it out: {} left (its cells, \
                     and its digit sets without {v})",
                    things(n, "way", "ways")
                ),
            });
        }
    }
    // A diagonal is named by its direction, as drawn: d- runs from r1c1 down to the right, d+ from
    // the bottom left up.
    let arrow = match unit {
        "d-" => Some('\u{2198}'),
        "d+" => Some('\u{2197}'),
        _ => None,
    };
    if let Some(arrow) = arrow {
        let a = if v == "8" || v == "11" || v == "18" {
            "an"
        } else {
            "a"
        };
        return Some(match len {
            0 => format!("diagonal {arrow} needs {a} {v} and has no place left for it"),
            1 => format!("diagonal {arrow} needs {a} {v}: one place left"),
            n => format!(
                "diagonal {arrow} needs {a} {v}: {} left",
                things(n, "place", "places")
            ),
        });
    }
    let where_ = match unit.split_at(1) {
        (kind, k) if number(k) => {
            let kind = match kind {
                "r" => "row",
                "c" => "column",
                "b" => "box",
                "j" => "jigsaw region",
                "w" => "windoku region",
                "e" => "extra region",
                _ => return None,
            };
            format!("in {kind} {k}")
        }
        _ => return None,
    };
    Some(match len {
        0 => format!("{v} has no place left {where_}"),
        1 => format!("{v} can only go in one place {where_}"),
        n => format!("{v} can go in {} {where_}", things(n, "place", "places")),
    })
}

/// A variant Sudoku's shape filled whole (item `cage17` or `thermo1`, header `item`, `len` options
/// left) in the puzzle's words, with its cells and, when one is left, its filling: "cage 17 in
/// r1c1-r1c2 has one filling left: 8+9", "thermometer from r2c3 has one filling left: 2<5<7". The
/// cells and digits are read from an option still in the item's list (its coloured items `r1c1#:8`,
/// in the shape's order, or a direct filling's cell items); with none left, from the first of the
/// shape's options in the instance (cells only). `None` for another item.
pub(crate) fn shape_words(inst: &Instance, links: &Links, item: u32, len: u32) -> Option<String> {
    let name = inst.item_name(Links::item_of_header(item));
    let (word, k, sep) = [("cage", "+"), ("thermo", "<")]
        .into_iter()
        .find_map(|(w, sep)| {
            name.strip_prefix(w)
                .filter(|k| number(k))
                .map(|k| (w, k, sep))
        })?;
    let first = links.nodes()[item as usize].down;
    let option = if first != item && len > 0 {
        Some(links.option_of(first))
    } else {
        // The fillings begin with their shape's item: the first one found names the cells.
        let i = Links::item_of_header(item);
        (0..inst.n_options()).find(|&o| inst.option(o).next() == Some(i))
    };
    // A cage stated by its digit sets: its options name the digits each set lacks.
    if let Some(sets) = option.and_then(|o| set_digits(inst, o, k)) {
        return Some(match len {
            0 => format!("cage {k} has no digit set left"),
            1 => format!("cage {k} has one digit set left: {}", sets.join(",")),
            n => format!(
                "cage {k} has {} left",
                things(u64::from(n), "digit set", "digit sets")
            ),
        });
    }
    let placed = option.map_or_else(Vec::new, |o| filling_cells(inst, o));
    let cells = |placed: &[(&str, &str)]| match placed {
        [] => String::new(),
        [(one, _)] => format!(" in {one}"),
        [(a, _), .., (b, _)] => format!(" in {a}-{b}"),
    };
    let shape = match (word, placed.first()) {
        ("thermo", Some((bulb, _))) => format!("thermometer from {bulb}"),
        ("thermo", None) => format!("thermometer {k}"),
        _ => format!("cage {k}{}", cells(&placed)),
    };
    Some(match len {
        0 => format!("{shape} has no filling left"),
        1 => {
            let digits: Vec<&str> = placed.iter().map(|&(_, d)| d).collect();
            format!("{shape} has one filling left: {}", digits.join(sep))
        }
        n => format!(
            "{shape} has {} left",
            things(u64::from(n), "filling", "fillings")
        ),
    })
}

/// A cell of a cage filled directly (its options are the cage's fillings, not digits of its own), in
/// the cage's words: "cell r1c1 lies in cage 3 in r1c1-r2c1, which has two fillings left". `None`
/// for another item, or when no option is left to say which cage.
fn cell_in_cage(inst: &Instance, links: &Links, item: u32, len: u32) -> Option<String> {
    let name = inst.item_name(Links::item_of_header(item));
    let first = links.nodes()[item as usize].down;
    if first == item || !name.starts_with('r') || name.contains('=') {
        return None;
    }
    let shape = inst.option(links.option_of(first)).next()?;
    let words = shape_words(inst, links, shape as u32 + 1, len)?;
    Some(format!(
        "cell {name} lies in {}",
        words.replacen(" has ", ", which has ", 1)
    ))
}

/// The digits of option `o` when it is a digit set of cage `k` (it covers the items `cage{k}=v`
/// of the digits it lacks; the cage has such an item for every digit), else `None`.
fn set_digits<'a>(inst: &'a Instance, o: usize, k: &str) -> Option<Vec<&'a str>> {
    let prefix = format!("cage{k}=");
    let all: Vec<(usize, &str)> = (0..inst.n_items())
        .filter(|&i| inst.is_primary(i))
        .filter_map(|i| inst.item_name(i).strip_prefix(&prefix).map(|d| (i, d)))
        .collect();
    if all.is_empty() {
        return None;
    }
    let lacks: Vec<usize> = inst.option(o).skip(1).collect();
    Some(
        all.into_iter()
            .filter(|(i, _)| !lacks.contains(i))
            .map(|(_, d)| d)
            .collect(),
    )
}

/// The cells of filling option `o` and their digits, in the shape's order: a shape tied by colours
/// names its cells `r1c1#` with the digit as colour; a cage filled directly covers each cell item
/// `r1c1` followed by its row item `r1=8`.
fn filling_cells(inst: &Instance, o: usize) -> Vec<(&str, &str)> {
    let option: Vec<(usize, u32)> = inst.option_colored(o).collect();
    // The cells' own colour items (`r1c1#`), not an implied sum's (`spread3@r1c1`) that a direct
    // filling colours too.
    let mut placed: Vec<(&str, &str)> = option
        .iter()
        .filter(|&&(_, c)| c != 0)
        .filter_map(|&(i, c)| Some((inst.item_name(i).strip_suffix('#')?, inst.color_name(c))))
        .collect();
    if placed.is_empty() {
        for w in option.windows(2) {
            let (cell_item, row) = (inst.item_name(w[0].0), inst.item_name(w[1].0));
            if let (true, Some((_, digit))) = (cell(cell_item).is_some(), row.split_once('=')) {
                placed.push((cell_item, digit));
            }
        }
    }
    placed
}

/// What a variant Sudoku's "at most one" item (secondary) says, in the puzzle's words: "at most one
/// 5 in the 2x2 window from r1c3 (anti-king)". `None` for another name.
pub(crate) fn rule_words(name: &str) -> Option<String> {
    if let Some(at) = name
        .strip_prefix("label(")
        .and_then(|x| x.strip_suffix(')'))
    {
        return Some(format!(
            "{at}'s region, named by its first cell: its own option and its region's agree"
        ));
    }
    if let Some(at) = name
        .strip_prefix("start(")
        .and_then(|x| x.strip_suffix(')'))
    {
        return Some(format!(
            "whether a region starts at {at}: its pieces and \"no region from {at}\" agree"
        ));
    }
    let (unit, v) = name.rsplit_once('=')?;
    let inner = |p: &str| unit.strip_prefix(p)?.strip_suffix(')');
    if let Some(at) = inner("king(") {
        return Some(format!(
            "at most one {v} in the 2x2 window from {at} (anti-king: no {v} a king's move from another)"
        ));
    }
    if let Some((a, b)) = inner("knight(").and_then(|x| x.split_once(',')) {
        return Some(format!(
            "{a} and {b} are a knight's move apart: not both {v} (anti-knight)"
        ));
    }
    if let Some((a, b)) = inner("nc(").and_then(|x| x.split_once(',')) {
        // A raw grid's pair names which cell holds which digit (`=4,5`: a 4, b 5).
        if let Some((x, y)) = v.split_once(',') {
            return Some(format!(
                "{a} and {b} are neighbours: not {a} {x} and {b} {y} (non-consecutive)"
            ));
        }
        let (lo, hi) = v.split_once('/')?;
        return Some(format!(
            "{a} and {b} are neighbours: not {lo} and {hi} side by side (non-consecutive)"
        ));
    }
    if let Some(k) = unit.strip_prefix("cage").filter(|k| number(k)) {
        return Some(format!("at most one {v} in cage {k} (its digits differ)"));
    }
    if let Some(at) = inner("reg(") {
        return Some(format!(
            "at most one {v} in the region from {at} (a region's digits differ)"
        ));
    }
    if let Some(k) = unit.strip_prefix('e').filter(|k| number(k)) {
        return Some(format!("at most one {v} in extra region {k}"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentences themselves, with their plurals and the "only" of a single place.
    #[test]
    fn a_sudokus_items_in_its_own_words() {
        let w = |name: &str, n: u64| name_words(name, n).unwrap();
        assert_eq!(w("j4=7", 2), "7 can go in two places in jigsaw region 4");
        assert_eq!(w("d+=3", 1), "diagonal \u{2197} needs a 3: one place left");
        assert_eq!(
            w("d-=8", 2),
            "diagonal \u{2198} needs an 8: two places left"
        );
        assert_eq!(
            w("d+=3", 0),
            "diagonal \u{2197} needs a 3 and has no place left for it"
        );
        assert_eq!(w("w2=9", 0), "9 has no place left in windoku region 2");
        assert_eq!(w("cage17", 3), "cage 17 has three fillings left");
        assert_eq!(
            w("cage4=7", 2),
            "cage 4 places its 7 or rules it out: two ways left (its cells, and its digit sets \
             without 7)"
        );
        assert_eq!(
            w("sum2", 1),
            "implied sum 2 (the 45 rule) has one digit set left"
        );
        assert_eq!(
            w("sum2=3", 0),
            "implied sum 2 has no cell left for a 3 and no digit set without it"
        );
        assert_eq!(
            w("renban3=5", 2),
            "renban 3 places its 5 or rules it out: two ways left (its cells, and its windows \
             without 5)"
        );
        assert_eq!(
            w("renban3=5", 0),
            "renban 3 has no cell left for a 5 and no window without it"
        );
        assert_eq!(
            w("arrow1.2=9", 1),
            "arrow 1, piece 2, places its 9 or rules it out: one way left (its cells, and its \
             digit sets without 9)"
        );
        assert_eq!(
            w("rsl1.2.1=4", 0),
            "region-sum line 1, segment 2, piece 1, has no cell left for a 4 and no digit set \
             without it"
        );
        assert_eq!(name_words("arrow1=9", 1), None);
        assert_eq!(
            w("spread4", 2),
            "implied sum 4 (the 45 rule; its digits may repeat) has two fillings left"
        );
        // Chaos construction's items.
        assert_eq!(
            w("in(r3c4)", 2),
            "one region must hold r3c4: two regions left"
        );
        assert_eq!(
            w("of(r1c2)", 1),
            "r1c2 needs a digit and a region: one choice left"
        );
        assert_eq!(
            rule_words("reg(r1c1)=5").unwrap(),
            "at most one 5 in the region from r1c1 (a region's digits differ)"
        );
        assert_eq!(
            w("reg(r4c2)=8", 3),
            "the region from r4c2 needs its 8: three ways left (its cells, or no region starting there)"
        );
        assert_eq!(
            w("reg(r4c2)=8", 0),
            "the region from r4c2 has no cell left for its 8, and a region starts there"
        );
        assert_eq!(
            rule_words("start(r5c6)").unwrap(),
            "whether a region starts at r5c6: its pieces and \"no region from r5c6\" agree"
        );
        assert_eq!(
            rule_words("label(r2c3)").unwrap(),
            "r2c3's region, named by its first cell: its own option and its region's agree"
        );
        assert_eq!(w("r2=5", 1), "5 can only go in one place in row 2");
        assert_eq!(
            w("x12", 3),
            "cell x12 (outside the grid) can take three digits"
        );
        assert_eq!(w("c7=9", 3), "9 can go in three places in column 7");
        assert_eq!(w("b1=A", 0), "A has no place left in box 1");
        assert_eq!(w("r3c5", 2), "cell r3c5 can take two digits");
        assert_eq!(w("r3c5", 1), "cell r3c5 can only take one digit");
        assert_eq!(w("r3c5", 0), "cell r3c5 has no digit left");
        // A rule's item is secondary: no primary words for it, nor for a name no Sudoku gives.
        assert_eq!(name_words("king(r1c2)=1", 1), None);
        assert_eq!(name_words("x=1", 2), None);
    }

    #[test]
    fn the_rules_of_variants_in_their_own_words() {
        let w = |name: &str| rule_words(name).unwrap();
        assert_eq!(
            w("king(r1c3)=5"),
            "at most one 5 in the 2x2 window from r1c3 (anti-king: no 5 a king's move from another)"
        );
        assert_eq!(
            w("knight(r1c1,r2c3)=7"),
            "r1c1 and r2c3 are a knight's move apart: not both 7 (anti-knight)"
        );
        assert_eq!(
            w("nc(r1c1,r1c2)=5,4"),
            "r1c1 and r1c2 are neighbours: not r1c1 5 and r1c2 4 (non-consecutive)"
        );
        assert_eq!(
            w("nc(r1c1,r1c2)=4/5"),
            "r1c1 and r1c2 are neighbours: not 4 and 5 side by side (non-consecutive)"
        );
        assert_eq!(w("cage3=2"), "at most one 2 in cage 3 (its digits differ)");
        assert_eq!(w("e2=9"), "at most one 9 in extra region 2");
        assert_eq!(rule_words("r1=5"), None);
    }
}
