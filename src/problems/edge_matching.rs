//! Edge matching (MacMahon-style squares): place `R x C` square tiles, each with a colour on each of
//! its four edges, on an `R x C` board, every tile once, turned as needed, so that tiles that touch
//! agree on the colour of their common edge and the board's border is all grey (colour 0).
//!
//! A colour-heavy XCC problem in Knuth's formulation (TAOCP 7.2.2.1): the cells `rRcC` and the tiles
//! `tN` are primary; each inner edge of the board is a secondary item (`hR_C` between cell rRcC and
//! the cell to its right, `vR_C` between rRcC and the cell below); rows, columns and tiles count from
//! 1, as the board and every other puzzle's cells do, which an option gives the colour
//! of its tile's side there. Two tiles on either side of an edge agree exactly when their options give
//! that edge item the same colour, which is what colours let options share. An option is a tile, one of
//! its distinct rotations, and a cell where its grey sides (and only they) face the border.
//!
//! The tiles are generated from a seed: the board's inner edges get random colours `1..=K`, the border
//! grey, and each cell's four edges make a tile; the tiles are then shuffled and turned at random. So
//! every instance has at least that solution. Name: `RxC`, `RxC/K` or `RxC/K/SEED` (K colours,
//! default 3; seed default 1); R and C from 1 to 8.

use super::ProblemKind;
use super::{Board, InputError, Problem};
use crate::core::rng::SplitMix;
use crate::core::Instance;

/// The boards the page offers, by name (any `RxC/K/SEED` in range is accepted).
pub const BOARDS: [&str; 5] = ["2x2/2", "2x3", "3x3/2", "3x3", "4x4/5"];

pub const MAX_SIDE: usize = 8;
pub const MAX_COLORS: usize = 9;

/// A tile's edge colours, clockwise from the top: north, east, south, west (0 is grey).
pub type Tile = [u8; 4];

/// The tile turned a quarter clockwise `k` times: what was west faces north.
pub fn rotate(t: Tile, k: usize) -> Tile {
    let mut r = t;
    for _ in 0..k % 4 {
        r = [r[3], r[0], r[1], r[2]];
    }
    r
}

#[derive(Debug)]
pub struct EdgeMatching {
    rows: usize,
    cols: usize,
    colors: usize,
    tiles: Vec<Tile>,
    inst: Instance,
    /// For each option: its cell, tile and the tile's edges as placed.
    placements: Vec<(usize, usize, Tile)>,
}

/// Reads `RxC`, `RxC/K` or `RxC/K/SEED`.
fn parse_name(name: &str) -> Result<(usize, usize, usize, u64), InputError> {
    let bad = || {
        InputError::new(format!(
            "edge-matching board `{name}`: expected RxC, RxC/K or RxC/K/SEED (R and C from 1 to \
             {MAX_SIDE}, K colours from 1 to {MAX_COLORS}), such as 3x3 or 4x4/5/7"
        ))
    };
    let mut parts = name.trim().split('/');
    let size = parts.next().ok_or_else(bad)?;
    let (r, c) = size.split_once(['x', 'X']).ok_or_else(bad)?;
    let num = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
    let (r, c) = (num(r)? as usize, num(c)? as usize);
    let k = parts.next().map(num).transpose()?.unwrap_or(3) as usize;
    let seed = parts.next().map(num).transpose()?.unwrap_or(1);
    if parts.next().is_some() {
        return Err(bad());
    }
    InputError::check_range("R", r, 1, MAX_SIDE)?;
    InputError::check_range("C", c, 1, MAX_SIDE)?;
    InputError::check_range("K (colours)", k, 1, MAX_COLORS)?;
    Ok((r, c, k, seed))
}

/// The tiles of a random solved `rows x cols` board with `k` colours, shuffled and turned.
pub fn generate(rows: usize, cols: usize, k: usize, seed: u64) -> Vec<Tile> {
    let mut rng = SplitMix::new(seed);
    let mut color = || 1 + rng.below(k) as u8;
    // h[r][c]: the edge right of cell (r, c); v[r][c]: the edge below it.
    let h: Vec<Vec<u8>> = (0..rows)
        .map(|_| (0..cols - 1).map(|_| color()).collect())
        .collect();
    let v: Vec<Vec<u8>> = (0..rows - 1)
        .map(|_| (0..cols).map(|_| color()).collect())
        .collect();
    let mut tiles = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let n = if r > 0 { v[r - 1][c] } else { 0 };
            let e = if c + 1 < cols { h[r][c] } else { 0 };
            let s = if r + 1 < rows { v[r][c] } else { 0 };
            let w = if c > 0 { h[r][c - 1] } else { 0 };
            tiles.push([n, e, s, w]);
        }
    }
    let mut rng = SplitMix::new(seed ^ 0x5EED);
    rng.shuffle(&mut tiles);
    tiles.iter().map(|&t| rotate(t, rng.below(4))).collect()
}

impl EdgeMatching {
    /// The instance for a board name (see the module documentation).
    pub fn new(name: &str) -> Result<EdgeMatching, InputError> {
        let (rows, cols, k, seed) = parse_name(name)?;
        Ok(Self::with_tiles(
            rows,
            cols,
            k,
            generate(rows, cols, k, seed),
        ))
    }

    /// The instance for given tiles (`rows * cols` of them, colours `0..=k`).
    pub fn with_tiles(rows: usize, cols: usize, colors: usize, tiles: Vec<Tile>) -> EdgeMatching {
        assert_eq!(tiles.len(), rows * cols);
        let cells: Vec<String> = (0..rows * cols).map(|i| cell_name(i, cols)).collect();
        let names: Vec<String> = (1..=tiles.len()).map(|t| format!("t{t}")).collect();
        let mut secondary = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    secondary.push(edge_name('h', r, c));
                }
                if r + 1 < rows {
                    secondary.push(edge_name('v', r, c));
                }
            }
        }
        let mut inst = Instance::new(cells.into_iter().chain(names), secondary.iter())
            .expect("names are distinct");
        let color_ids: Vec<u32> = (1..=colors)
            .map(|c| inst.color(&c.to_string()).expect("a digit"))
            .collect();
        let item = |name: String| inst.find_item(&name).expect("an edge item");
        // Edge items by position, looked up once: h_items[r * cols + c], v_items likewise.
        let h_items: Vec<Option<usize>> = (0..rows * cols)
            .map(|i| (i % cols + 1 < cols).then(|| item(edge_name('h', i / cols, i % cols))))
            .collect();
        let v_items: Vec<Option<usize>> = (0..rows * cols)
            .map(|i| (i / cols + 1 < rows).then(|| item(edge_name('v', i / cols, i % cols))))
            .collect();
        let mut placements = Vec::new();
        for cell in 0..rows * cols {
            let (r, c) = (cell / cols, cell % cols);
            for (t, &tile) in tiles.iter().enumerate() {
                let mut seen: Vec<Tile> = Vec::new();
                for k in 0..4 {
                    let p = rotate(tile, k);
                    if seen.contains(&p) {
                        continue; // a symmetric tile: this turn was placed already
                    }
                    seen.push(p);
                    // Grey faces the border, and only the border.
                    let border = [r == 0, c + 1 == cols, r + 1 == rows, c == 0];
                    if (0..4).any(|s| border[s] != (p[s] == 0)) {
                        continue;
                    }
                    let mut opt = vec![(cell, 0), (rows * cols + t, 0)];
                    // North and west are the edges of the cells above and to the left.
                    if r > 0 {
                        opt.push((v_items[cell - cols].unwrap(), color_ids[p[0] as usize - 1]));
                    }
                    if let Some(e) = h_items[cell] {
                        opt.push((e, color_ids[p[1] as usize - 1]));
                    }
                    if let Some(s) = v_items[cell] {
                        opt.push((s, color_ids[p[2] as usize - 1]));
                    }
                    if c > 0 {
                        opt.push((h_items[cell - 1].unwrap(), color_ids[p[3] as usize - 1]));
                    }
                    inst.add_colored_option(&opt).expect("a valid option");
                    placements.push((cell, t, p));
                }
            }
        }
        EdgeMatching {
            rows,
            cols,
            colors,
            tiles,
            inst,
            placements,
        }
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell, tile and placed edges of option `k`.
    pub fn placement(&self, k: usize) -> (usize, usize, Tile) {
        self.placements[k]
    }
}

/// Cell `i` of a board `cols` wide as the page names cells: `r1c1` at the top left.
fn cell_name(i: usize, cols: usize) -> String {
    format!("r{}c{}", i / cols + 1, i % cols + 1)
}

/// The secondary item of the edge right of (`h`) or below (`v`) the cell in row `r`, column `c`
/// (from 0): `h1_1` is the edge between r1c1 and r1c2.
fn edge_name(dir: char, r: usize, c: usize) -> String {
    format!("{dir}{}_{}", r + 1, c + 1)
}

/// A placed tile's label on the board: its edge colours north, east, south, west, as digits.
fn label(p: Tile) -> String {
    p.iter().map(|&c| char::from(b'0' + c)).collect()
}

impl Problem for EdgeMatching {
    fn title(&self) -> String {
        format!(
            "edge matching {}x{}, {} colours",
            self.rows, self.cols, self.colors
        )
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    /// Cell value: the tile number + 1 (0: empty); label: the placed edges `NESW` as digits.
    fn board(&self, options: &[usize]) -> Board {
        let n = self.rows * self.cols;
        let mut cells = vec![0i32; n];
        let mut labels = vec![String::new(); n];
        for &k in options {
            let (cell, t, p) = self.placements[k];
            cells[cell] = t as i32 + 1;
            labels[cell] = label(p);
        }
        let mut text = String::new();
        for r in 0..self.rows {
            let row: Vec<&str> = (0..self.cols)
                .map(|c| {
                    let l = &labels[r * self.cols + c];
                    if l.is_empty() {
                        "...."
                    } else {
                        l.as_str()
                    }
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        Board {
            regions: Vec::new(),
            kind: ProblemKind::EdgeMatching,
            rows: self.rows,
            cols: self.cols,
            given: vec![false; n],
            cells,
            labels,
            text,
            ..Board::default()
        }
    }

    /// By the puzzle's rules, from the board alone: every cell holds a different tile, turned (its
    /// label is a rotation of the tile), grey exactly on the border, and neighbours agree on their
    /// common edge.
    fn check(&self, board: &Board) -> Result<(), String> {
        let (rows, cols) = (self.rows, self.cols);
        if board.kind != ProblemKind::EdgeMatching || board.rows != rows || board.cols != cols {
            return Err("not a board of this puzzle".into());
        }
        let mut used = vec![false; self.tiles.len()];
        let mut placed = vec![[0u8; 4]; rows * cols];
        for (i, slot) in placed.iter_mut().enumerate() {
            let t = board.cells[i];
            if t < 1 || t as usize > self.tiles.len() {
                return Err(format!("cell {} holds no tile", cell_name(i, cols)));
            }
            let t = t as usize - 1;
            if std::mem::replace(&mut used[t], true) {
                return Err(format!("tile {} is used twice", t + 1));
            }
            let l = board.labels[i].as_bytes();
            if l.len() != 4 {
                return Err(format!(
                    "cell {}: label `{}`",
                    cell_name(i, cols),
                    board.labels[i]
                ));
            }
            let p: Tile = [l[0] - b'0', l[1] - b'0', l[2] - b'0', l[3] - b'0'];
            if !(0..4).any(|k| rotate(self.tiles[t], k) == p) {
                return Err(format!(
                    "cell {}: `{}` is not tile {} turned",
                    cell_name(i, cols),
                    board.labels[i],
                    t + 1
                ));
            }
            *slot = p;
        }
        for r in 0..rows {
            for c in 0..cols {
                let p = placed[r * cols + c];
                let border = [r == 0, c + 1 == cols, r + 1 == rows, c == 0];
                if (0..4).any(|s| border[s] != (p[s] == 0)) {
                    return Err(format!(
                        "cell {}: grey is not exactly on the border",
                        cell_name(r * cols + c, cols)
                    ));
                }
                if c + 1 < cols && p[1] != placed[r * cols + c + 1][3] {
                    return Err(format!(
                        "cells {} and {} disagree",
                        cell_name(r * cols + c, cols),
                        cell_name(r * cols + c + 1, cols)
                    ));
                }
                if r + 1 < rows && p[2] != placed[(r + 1) * cols + c][0] {
                    return Err(format!(
                        "cells {} and {} disagree",
                        cell_name(r * cols + c, cols),
                        cell_name((r + 1) * cols + c, cols)
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Count, Event, Search};
    use std::ops::ControlFlow;

    /// Counts by plain backtracking over the cells in order, independent of the instance: each cell
    /// takes an unused tile in each distinct rotation that has grey exactly on the border and agrees
    /// with the tiles above and to the left.
    fn brute_force(rows: usize, cols: usize, tiles: &[Tile]) -> u64 {
        fn go(
            i: usize,
            rows: usize,
            cols: usize,
            tiles: &[Tile],
            used: &mut [bool],
            placed: &mut Vec<Tile>,
        ) -> u64 {
            if i == rows * cols {
                return 1;
            }
            let (r, c) = (i / cols, i % cols);
            let mut n = 0;
            for t in 0..tiles.len() {
                if used[t] {
                    continue;
                }
                let mut turns: Vec<Tile> = (0..4).map(|k| rotate(tiles[t], k)).collect();
                turns.sort();
                turns.dedup();
                for p in turns {
                    let grey_ok = (p[0] == 0) == (r == 0)
                        && (p[1] == 0) == (c + 1 == cols)
                        && (p[2] == 0) == (r + 1 == rows)
                        && (p[3] == 0) == (c == 0);
                    let up_ok = r == 0 || placed[i - cols][2] == p[0];
                    let left_ok = c == 0 || placed[i - 1][1] == p[3];
                    if grey_ok && up_ok && left_ok {
                        used[t] = true;
                        placed.push(p);
                        n += go(i + 1, rows, cols, tiles, used, placed);
                        placed.pop();
                        used[t] = false;
                    }
                }
            }
            n
        }
        go(
            0,
            rows,
            cols,
            tiles,
            &mut vec![false; tiles.len()],
            &mut Vec::new(),
        )
    }

    fn count(p: &EdgeMatching) -> u64 {
        let mut s = Search::new(p.instance());
        s.run(&mut Count);
        s.stats().solutions
    }

    #[test]
    fn counts_agree_with_plain_backtracking() {
        let mut total = 0;
        for name in [
            "1x1", "1x3", "2x2/1", "2x2/2", "2x2/2/5", "2x3", "2x3/2/9", "3x3", "3x3/2", "3x3/2/4",
            "2x4/3/3", "3x4/4", "4x4/5", "4x4/4/2",
        ] {
            let p = EdgeMatching::new(name).unwrap();
            let want = brute_force(p.rows, p.cols, p.tiles());
            assert!(want >= 1, "{name}: the generated board is a solution");
            assert_eq!(count(&p), want, "{name}");
            total += want;
        }
        // Some boards have many solutions (few colours), so the comparison is not only of ones.
        assert!(total > 50, "{total}");
    }

    #[test]
    fn every_solution_is_checked_by_the_rules() {
        let p = EdgeMatching::new("3x3/2").unwrap();
        let mut s = Search::new(p.instance());
        let mut n = 0;
        s.run(&mut |ev: Event, s: &Search| {
            if let Event::Solution { .. } = ev {
                let b = p.board(&s.solution());
                assert_eq!(p.check(&b), Ok(()), "{}", b.text);
                n += 1;
            }
            ControlFlow::Continue(())
        });
        assert!(n > 1);
        assert!(s.stats().cleansings > 0);
        // A board with two tiles swapped fails the check.
        let mut s = Search::new(p.instance());
        s.run(&mut crate::core::StopAtSolution);
        let mut b = p.board(&s.solution());
        b.cells.swap(0, 4);
        b.labels.swap(0, 4);
        // Cells are named as on the board, from 1: the centre tile put in the corner has grey
        // nowhere, so r1c1's grey is not on the border.
        assert_eq!(
            p.check(&b),
            Err("cell r1c1: grey is not exactly on the border".into())
        );
        let mut b = p.board(&s.solution());
        b.cells[8] = b.cells[0];
        assert_eq!(
            p.check(&b),
            Err(format!("tile {} is used twice", b.cells[0]))
        );
    }

    #[test]
    fn items_count_rows_columns_and_tiles_from_1() {
        let p = EdgeMatching::new("2x3").unwrap();
        let text = p.instance().to_knuth();
        let header = text.lines().find(|l| !l.starts_with('|')).unwrap();
        assert_eq!(
            header,
            "r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 t1 t2 t3 t4 t5 t6 | h1_1 v1_1 h1_2 v1_2 v1_3 h2_1 h2_2"
        );
    }

    #[test]
    fn names_and_their_errors() {
        let p = EdgeMatching::new("2x3/4/7").unwrap();
        assert_eq!(p.title(), "edge matching 2x3, 4 colours");
        assert_eq!(p.instance().n_primary(), 12);
        // Inner edges: 2 rows x 2 horizontal + 1 x 3 vertical.
        assert_eq!(p.instance().n_items() - 12, 7);
        assert_eq!(generate(2, 3, 4, 7), generate(2, 3, 4, 7));
        assert_ne!(generate(3, 3, 4, 7), generate(3, 3, 4, 8));
        for bad in [
            "",
            "3",
            "3x",
            "0x3",
            "9x2",
            "3x3/0",
            "3x3/10",
            "3x3/2/x",
            "3x3/2/1/1",
        ] {
            assert!(EdgeMatching::new(bad).is_err(), "{bad}");
        }
        assert_eq!(
            EdgeMatching::new("9x2").unwrap_err().message,
            "R must be between 1 and 8, not 9"
        );
        for b in BOARDS {
            EdgeMatching::new(b).unwrap();
        }
    }

    #[test]
    fn the_text_round_trips_through_knuths_format() {
        let p = EdgeMatching::new("3x3").unwrap();
        let text = p.instance().to_knuth();
        assert!(text.contains(":1") || text.contains(":2"));
        let x = crate::problems::exact_cover::ExactCover::parse(&text).unwrap();
        assert_eq!(x.instance(), p.instance());
    }
}
