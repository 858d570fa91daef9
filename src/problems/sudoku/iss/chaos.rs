//! ISS's chaos construction: `.ChaosConstruction`, its arrows and counts, and the region cells
//! (`CC19`, the region of r3c1 on a 9x9) that `SameValues` and `AllDifferent` may name.

use super::{cell, Size};
use crate::problems::sudoku::clues::{Clue, ClueKind};
use crate::problems::sudoku::variants::chaos::Chaos;
use crate::problems::InputError;

/// Whether an argument names a region cell (`CC19`).
pub(super) fn is_region_cell(a: &str) -> bool {
    let a = a.trim();
    a.len() > 2 && a.starts_with("CC") && a[2..].bytes().all(|b| b.is_ascii_digit())
}

/// The grid cell whose region `CC{n}` names: the n-th cell in reading order, from 1.
fn region_cell(id: &str, sz: Size, what: &str) -> Result<usize, InputError> {
    let (rows, cols) = (sz.geo.rows(), sz.geo.cols());
    let n = id
        .trim()
        .strip_prefix("CC")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=rows * cols).contains(n))
        .ok_or_else(|| {
            InputError::new(format!(
                "{what}: `{id}` is not a region cell of a {rows}x{cols} grid (CC1 to CC{})",
                rows * cols
            ))
        })?;
    let p = (n - 1) / cols * sz.size + (n - 1) % cols;
    if !sz.geo.live(p) {
        return Err(InputError::new(format!(
            "{what}: `{id}` is the region of no cell"
        )));
    }
    Ok(p)
}

fn offset(args: &[&str], what: &str) -> Result<u8, InputError> {
    match args.get(1).map(|a| a.trim()) {
        None | Some("" | "0") => Ok(0),
        Some("1") => Ok(1),
        Some(other) => Err(InputError::new(format!(
            "{what}: offset `{other}`: expected 0 or 1"
        ))),
    }
}

/// The cells from `p` to the grid's edge in direction `(dr, dc)`, `p` first.
fn ray(sz: Size, p: usize, dr: isize, dc: isize) -> Vec<usize> {
    let (rows, cols) = (sz.geo.rows() as isize, sz.geo.cols() as isize);
    let (mut r, mut c) = ((p / sz.size) as isize, (p % sz.size) as isize);
    let mut out = Vec::new();
    while (0..rows).contains(&r) && (0..cols).contains(&c) {
        let q = r as usize * sz.size + c as usize;
        if !sz.geo.live(q) {
            break;
        }
        out.push(q);
        r += dr;
        c += dc;
    }
    out
}

/// `.ChaosArrow~R1C2~offset~CC2~CC3~…` (arms parted by `-`, all starting at one region cell; with
/// no cells, the four rays from the control's own cell to the edges) and `.ChaosCount~R1C1~offset~
/// CC1~CC2~…` (with no cells, the control's own cell and its king's neighbours): the clue.
pub(super) fn clue(kind: &str, args: &[&str], sz: Size, what: &str) -> Result<Clue, InputError> {
    let control = cell(args.first().copied().unwrap_or(""), sz, what)?;
    let off = offset(args, what)?;
    let listed = args.get(2..).unwrap_or(&[]);
    if kind == "ChaosCount" {
        let mut cells = vec![control];
        if listed.iter().all(|a| a.trim().is_empty()) {
            let (r, c) = ((control / sz.size) as isize, (control % sz.size) as isize);
            cells.push(control);
            for dr in -1..=1isize {
                for dc in -1..=1isize {
                    let (rr, cc) = (r + dr, c + dc);
                    let inside = (0..sz.geo.rows() as isize).contains(&rr)
                        && (0..sz.geo.cols() as isize).contains(&cc);
                    let q = (rr * sz.size as isize + cc) as usize;
                    if (dr, dc) != (0, 0) && inside && sz.geo.live(q) {
                        cells.push(q);
                    }
                }
            }
        } else {
            for a in listed.iter().filter(|a| !a.trim().is_empty()) {
                cells.push(region_cell(a, sz, what)?);
            }
        }
        return Ok(Clue {
            kind: ClueKind::RegionCount { offset: off },
            cells,
        });
    }
    let mut arms: Vec<Vec<usize>> = Vec::new();
    let named = listed.iter().any(|a| !a.trim().is_empty());
    if named && listed.iter().all(|a| matches!(a.trim(), "" | "-")) {
        return Err(InputError::new(format!(
            "{what}: its arms name no cell (`-` parts arms of region cells `CC…`)"
        )));
    }
    for arm in listed.split(|a| a.trim() == "-") {
        let arm: Vec<usize> = arm
            .iter()
            .filter(|a| !a.trim().is_empty())
            .map(|a| region_cell(a, sz, what))
            .collect::<Result<_, _>>()?;
        if !arm.is_empty() {
            arms.push(arm);
        }
    }
    if arms.is_empty() {
        arms = [(0, -1), (0, 1), (-1, 0), (1, 0)]
            .iter()
            .map(|&(dr, dc)| ray(sz, control, dr, dc))
            .collect();
    }
    let start = arms[0][0];
    if arms.iter().any(|a| a[0] != start) {
        return Err(InputError::new(format!(
            "{what}: its arms start at different cells; ISS's arms share their first region cell"
        )));
    }
    let mut cells = vec![control, start];
    let mut lens = Vec::new();
    for arm in &arms {
        cells.extend(&arm[1..]);
        lens.push(u8::try_from(arm.len() - 1).map_err(|_| {
            InputError::new(format!("{what}: an arm of {} cells is too long", arm.len()))
        })?);
    }
    Ok(Clue {
        kind: ClueKind::RegionRun {
            arms: lens,
            offset: off,
        },
        cells,
    })
}

/// `.SameValues~3~CC19~CC10~CC11` (runs of one region cell each: these cells share a region) and
/// `.AllDifferent~CC46~CC47` (their regions differ), added to the chaos rule.
pub(super) fn sets(
    kind: &str,
    args: &[&str],
    sz: Size,
    what: &str,
    chaos: &mut Chaos,
) -> Result<(), InputError> {
    let listed = if kind == "SameValues" {
        args.get(1..).unwrap_or(&[])
    } else {
        args
    };
    let cells: Vec<usize> = listed
        .iter()
        .filter(|a| !a.trim().is_empty())
        .map(|a| region_cell(a, sz, what))
        .collect::<Result<_, _>>()?;
    if kind == "SameValues" {
        let runs = args.first().and_then(|a| a.trim().parse::<usize>().ok());
        if runs != Some(cells.len()) {
            return Err(InputError::new(format!(
                "{what}: `SameValues` on region cells in runs of more than one cell is not \
                 supported (expected {} runs of one)",
                cells.len()
            )));
        }
        chaos.together.push(cells);
    } else {
        chaos.apart.push(cells);
    }
    Ok(())
}
