//! ISS's text forms that are not constraint strings: the two killer formats, the jigsaw text and
//! the pencil-mark grid.

use super::*;

pub(super) fn jigsaw_text(s: &str, source: Source) -> Result<Read, InputError> {
    let chars: Vec<char> = s.chars().collect();
    let size = [4, 9, 16]
        .into_iter()
        .find(|&k| chars.len() == 2 * k * k)
        .expect("checked by is_jigsaw_text");
    let sz = Size::of(size).expect("a square size");
    let (givens, layout) = chars.split_at(size * size);
    let layout: String = layout.iter().collect();
    let rules = Rules {
        regions: Some(jigsaw(&layout, sz, None, "the jigsaw layout")?),
        ..Rules::default()
    };
    // As ISS reads it: 1-9 on grids up to 9x9, letters from `A` above; any other character is
    // an empty cell.
    let cells = givens
        .iter()
        .map(|&c| {
            // `checked_sub`: a character below the first symbol (`@` before `A`) is an empty
            // cell, not a wrapped-around number.
            let v = if size > 9 {
                (c as u32).checked_sub('A' as u32 - 1)
            } else {
                (c as u32).checked_sub('0' as u32)
            };
            match v {
                Some(v) if (1..=size as u32).contains(&v) => v as u8,
                _ => 0,
            }
        })
        .collect();
    finish(sz, cells, rules, Vec::new(), source)
}

/// ISS's pencil-mark grid of a 4x4 or a 9x9 ([`is_pencilmarks`]): a cell with one candidate is a
/// given, one with some is a candidate set (as `R4C7_2_4_6_8`), one with all is empty. A 16x16's
/// 4,096 characters cannot write candidates 10 to 16 in one digit each: refused by name.
pub(super) fn pencilmarks(s: &str, source: Source) -> Result<Read, InputError> {
    let size = match s.len() {
        64 => 4,
        729 => 9,
        _ => {
            return Err(InputError::new(
                "ISS pencil-mark grids of 16x16 are not supported (a digit a candidate cannot \
                 write 10 to 16): give the givens as a grid or a constraint string",
            ))
        }
    };
    let sz = Size::of(size).expect("a square size");
    let full = (1u32 << size) - 1;
    let mut rules = Rules::default();
    let mut cells = vec![0u8; size * size];
    for (p, cell) in s.as_bytes().chunks(size).enumerate() {
        let set = cell
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != b'.')
            .fold(0u32, |set, (k, _)| set | 1 << k);
        match set.count_ones() {
            0 => {
                return Err(InputError::new(format!(
                    "this ISS pencil-mark grid leaves r{}c{} no candidate (its {size} characters \
                     are all `.`)",
                    p / size + 1,
                    p % size + 1
                ))
                .with_cells(vec![p]))
            }
            1 => cells[p] = set.trailing_zeros() as u8 + 1,
            _ if set == full => {}
            _ => rules.candidates.push((p, set)),
        }
    }
    finish(sz, cells, rules, Vec::new(), source)
}

/// The short killer format: each cell holds its cage's sum (`0`-`9`, `A`-`Z` for 10-35, `a`-`j`
/// for 36-45) or points at a neighbour of its cage (`<` `>` `^` `v`, and `` ` `` `'` `,` `.`
/// diagonally up-left, up-right, down-left, down-right).
pub(super) fn short_killer(s: &str, source: Source) -> Result<Read, InputError> {
    let sz = Size::of(9).expect("9 is a size");
    let chars: Vec<char> = s.chars().collect();
    let at = |p: usize, dr: i32, dc: i32| -> Result<usize, InputError> {
        let (r, c) = ((p / 9) as i32 + dr, (p % 9) as i32 + dc);
        if (0..9).contains(&r) && (0..9).contains(&c) {
            Ok((r * 9 + c) as usize)
        } else {
            Err(InputError::new(format!(
                "short killer: `{}` at r{}c{} points off the grid",
                chars[p],
                p / 9 + 1,
                p % 9 + 1
            )))
        }
    };
    let mut next = vec![0usize; 81];
    for p in 0..81 {
        next[p] = match chars[p] {
            '<' => at(p, 0, -1)?,
            '>' => at(p, 0, 1)?,
            '^' => at(p, -1, 0)?,
            'v' => at(p, 1, 0)?,
            '`' => at(p, -1, -1)?,
            '\'' => at(p, -1, 1)?,
            ',' => at(p, 1, -1)?,
            '.' => at(p, 1, 1)?,
            _ => p,
        };
    }
    // Each cell's cage is the cell its arrows lead to; a walk longer than a cage can be is a loop.
    let mut cages: Vec<(usize, Vec<usize>)> = Vec::new();
    for p in 0..81 {
        let mut q = p;
        let mut steps = 0;
        while next[q] != q {
            q = next[q];
            steps += 1;
            if steps > 9 {
                return Err(InputError::new(format!(
                    "short killer: the arrows from r{}c{} go round in a loop",
                    p / 9 + 1,
                    p % 9 + 1
                )));
            }
        }
        match cages.iter_mut().find(|(h, _)| *h == q) {
            Some((_, cells)) => cells.push(p),
            None => cages.push((q, vec![p])),
        }
    }
    let mut rules = Rules::default();
    for (head, cells) in cages {
        let ch = chars[head];
        let sum = match ch {
            '0'..='9' => ch as u32 - '0' as u32,
            'A'..='Z' => ch as u32 - 'A' as u32 + 10,
            'a'..='j' => ch as u32 - 'a' as u32 + 36,
            _ => unreachable!("a cell that points nowhere holds a sum"),
        };
        // As ISS reads it, a 0 is a cage without a sum.
        rules.cages.push(Cage {
            cells,
            sum: (sum > 0).then_some(sum),
        });
    }
    finish(sz, vec![0; 81], rules, Vec::new(), source)
}

/// SudokuWiki's and SudoCue's killer export: `3x3:` then `d` for an X killer (or nothing), `k`,
/// and each cell's `sum·256 + cage` (a sum of 0: the cell is in no cage).
pub(super) fn long_killer(s: &str, source: Source) -> Result<Read, InputError> {
    let sz = Size::of(9).expect("9 is a size");
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() < 84
        || parts[2] != "k"
        || parts.len() > 85
        || parts.len() == 85 && !parts[84].is_empty()
    {
        return Err(InputError::new(
            "a `3x3:` killer must be `3x3:` (or `3x3:d:` for an X killer), `k:`, then 81 \
             numbers separated by `:`",
        ));
    }
    let mut rules = Rules::default();
    match parts[1] {
        "" => {}
        "d" => {
            rules.diagonal_pos = true;
            rules.diagonal_neg = true;
        }
        other => {
            return Err(InputError::new(format!(
                "`3x3:{other}:`: the killer's variant is `d` (diagonals) or nothing"
            )))
        }
    }
    let mut cages: Vec<(u32, u32, Vec<usize>)> = Vec::new();
    for p in 0..81 {
        let word = parts[p + 3];
        let v: u32 = word.parse().map_err(|_| {
            InputError::new(format!(
                "`3x3:` killer, r{}c{}: `{word}` is not a number",
                p / 9 + 1,
                p % 9 + 1
            ))
        })?;
        let (sum, id) = (v / 256, v % 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|(i, _, _)| *i == id) {
            Some((_, s, cells)) if *s == sum => cells.push(p),
            Some((_, s, _)) => {
                return Err(InputError::new(format!(
                    "`3x3:` killer, r{}c{}: cage {id} has the sum {sum} here and {s} before",
                    p / 9 + 1,
                    p % 9 + 1
                )))
            }
            None => cages.push((id, sum, vec![p])),
        }
    }
    rules.cages = cages
        .into_iter()
        .map(|(_, sum, cells)| Cage {
            cells,
            sum: Some(sum),
        })
        .collect();
    finish(sz, vec![0; 81], rules, Vec::new(), source)
}
