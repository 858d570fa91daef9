//! MacMahon's triangles (TAOCP 7.2.2.1; Knuth's `macmahon-triangles-dlx`): the 24 triangles whose
//! three edges take one of four colours `a b c d`, all different up to rotation, placed in the
//! hexagon of side 2 (12 triangles pointing up, 12 down) so that triangles that touch agree on the
//! colour of their common edge and the hexagon's border is all `a`. Pieces turn but are not flipped.
//!
//! The XCC encoding is Knuth's: the 24 positions and the 24 pieces are primary; each inner edge of
//! the hexagon is a secondary item, which an option gives the colour of its piece's side there. An
//! option is a piece, one of its distinct rotations, and a position where the sides that face the
//! border are `a`.
//!
//! Coordinates as Knuth's: a triangle pointing up is `(x, y)`, one pointing down `(x, y)'`. Up
//! `(x, y)` touches down `(x, y)'` at 2 o'clock, `(x, y - 1)'` at 6 o'clock and `(x - 1, y)'` at 10
//! o'clock. The hexagon is up `(x, y)` with `0 <= x, y <= 3`, `2 <= x + y <= 5` and down `(x, y)'`
//! with `0 <= x, y <= 3`, `1 <= x + y <= 4`. Every edge touches one up triangle, so it is named by
//! that triangle and its side: `L`, `R` or `B` (10, 2 and 6 o'clock), as `R12` for the right side of
//! up `(1, 2)`.

use super::{Board, InputError, Problem};
use crate::core::Instance;

/// The one board: Knuth's hexagon.
pub const BOARDS: [&str; 1] = ["hexagon"];

/// A triangle's colours, clockwise: up from its left side (10 o'clock, then 2, then 6), down from
/// its top (12 o'clock, then 4, then 8). Colour 0 is `a`, the border's.
pub type Piece = [u8; 3];

const COLOURS: [&str; 4] = ["a", "b", "c", "d"];

/// The 24 pieces: every triple of colours that is the least of its rotations.
pub fn pieces() -> Vec<Piece> {
    let mut out = Vec::new();
    for c0 in 0..4u8 {
        for c1 in 0..4u8 {
            for c2 in 0..4u8 {
                let p = [c0, c1, c2];
                if (1..3).all(|k| p <= turn(p, k)) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// The piece turned `k` thirds clockwise (what was on the last side comes first).
pub fn turn(p: Piece, k: usize) -> Piece {
    let mut r = p;
    for _ in 0..k % 3 {
        r = [r[2], r[0], r[1]];
    }
    r
}

/// A position: pointing up or down, at `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub up: bool,
    pub x: i32,
    pub y: i32,
}

/// An edge: the up triangle it touches and its side there (0 `L`, 1 `R`, 2 `B`).
type Edge = (i32, i32, usize);

impl Pos {
    /// Its three edges, in the clockwise order of [`Piece`].
    fn edges(self) -> [Edge; 3] {
        let (x, y) = (self.x, self.y);
        if self.up {
            [(x, y, 0), (x, y, 1), (x, y, 2)]
        } else {
            // Top: the bottom of up (x, y + 1); 4 o'clock: the left of up (x + 1, y); 8 o'clock: the
            // right of up (x, y).
            [(x, y + 1, 2), (x + 1, y, 0), (x, y, 1)]
        }
    }

    fn name(self) -> String {
        format!("{}{}{}", if self.up { 'u' } else { 'd' }, self.x, self.y)
    }
}

/// The hexagon's positions, up and down by `x` then `y`.
fn hexagon() -> Vec<Pos> {
    let mut out = Vec::new();
    for x in 0..4 {
        for y in 0..4 {
            if (2..=5).contains(&(x + y)) {
                out.push(Pos { up: true, x, y });
            }
            if (1..=4).contains(&(x + y)) {
                out.push(Pos { up: false, x, y });
            }
        }
    }
    out
}

#[derive(Debug)]
pub struct MacMahon {
    positions: Vec<Pos>,
    pieces: Vec<Piece>,
    inst: Instance,
    /// For each option: its position, piece and the piece's colours as placed.
    placements: Vec<(usize, usize, Piece)>,
}

/// The two triangles an edge touches, if both lie in `positions`: it is an inner edge.
fn inner(positions: &[Pos], e: Edge) -> bool {
    let (x, y, s) = e;
    let down = match s {
        0 => (x - 1, y),
        1 => (x, y),
        _ => (x, y - 1),
    };
    positions.contains(&Pos { up: true, x, y })
        && positions.contains(&Pos {
            up: false,
            x: down.0,
            y: down.1,
        })
}

fn edge_name(e: Edge) -> String {
    format!("{}{}{}", ["L", "R", "B"][e.2], e.0, e.1)
}

impl MacMahon {
    /// The puzzle on the board named `name` (only `hexagon`).
    pub fn new(name: &str) -> Result<MacMahon, InputError> {
        if name.trim() != "hexagon" {
            return Err(InputError::new(format!(
                "MacMahon triangles: unknown board `{}`: expected hexagon",
                name.trim()
            )));
        }
        let positions = hexagon();
        let pieces = pieces();
        let mut edges: Vec<Edge> = Vec::new();
        for p in &positions {
            for e in p.edges() {
                if inner(&positions, e) && !edges.contains(&e) {
                    edges.push(e);
                }
            }
        }
        let primary: Vec<String> = positions
            .iter()
            .map(|p| p.name())
            .chain(
                pieces
                    .iter()
                    .map(|p| p.iter().map(|&c| COLOURS[c as usize]).collect()),
            )
            .collect();
        let secondary: Vec<String> = edges.iter().map(|&e| edge_name(e)).collect();
        let mut inst = Instance::new(primary, secondary).expect("distinct names");
        let colour: Vec<u32> = COLOURS
            .iter()
            .map(|c| inst.color(c).expect("a colour name"))
            .collect();
        let np = positions.len() + pieces.len();
        let mut placements = Vec::new();
        for (i, pos) in positions.iter().enumerate() {
            for (t, &piece) in pieces.iter().enumerate() {
                let mut seen: Vec<Piece> = Vec::new();
                for k in 0..3 {
                    let placed = turn(piece, k);
                    if seen.contains(&placed) {
                        continue;
                    }
                    seen.push(placed);
                    let mut items = vec![(i, 0), (positions.len() + t, 0)];
                    let mut fits = true;
                    for (s, e) in pos.edges().into_iter().enumerate() {
                        match edges.iter().position(|&f| f == e) {
                            Some(j) => items.push((np + j, colour[placed[s] as usize])),
                            None => fits &= placed[s] == 0,
                        }
                    }
                    if fits {
                        inst.add_colored_option(&items).expect("a valid option");
                        placements.push((i, t, placed));
                    }
                }
            }
        }
        Ok(MacMahon {
            positions,
            pieces,
            inst,
            placements,
        })
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Givens that leave a part of the search with solutions: the placements of the first `n`
    /// positions in the first solution found (the whole hexagon is 570 M nodes; with one given,
    /// a few seconds).
    pub fn part(&self, n: usize) -> Vec<usize> {
        let mut s = crate::core::Search::new(&self.inst);
        let mut first = Vec::new();
        s.run(&mut |ev: crate::core::Event, s: &crate::core::Search| {
            if let crate::core::Event::Solution { .. } = ev {
                first = s.solution();
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        });
        first.sort_by_key(|&k| self.placements[k].0);
        first.truncate(n);
        first
    }

    /// The position, piece and placed colours of option `k`.
    pub fn placement(&self, k: usize) -> (usize, usize, Piece) {
        self.placements[k]
    }
}

fn label(p: Piece) -> String {
    p.iter().map(|&c| COLOURS[c as usize]).collect()
}

impl Problem for MacMahon {
    fn title(&self) -> String {
        "MacMahon triangles, hexagon".into()
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    /// A cell a position (row `3 - y`, column `2x` up and `2x + 1` down): the piece number + 1
    /// (0 empty, -1 off the board); label: the placed colours clockwise, as letters.
    fn board(&self, options: &[usize]) -> Board {
        let (rows, cols) = (4, 8);
        let cell = |p: Pos| ((3 - p.y) * 8 + 2 * p.x + i32::from(!p.up)) as usize;
        let mut cells = vec![-1i32; rows * cols];
        let mut labels = vec![String::new(); rows * cols];
        for &p in &self.positions {
            cells[cell(p)] = 0;
        }
        for &k in options {
            let (i, t, placed) = self.placements[k];
            cells[cell(self.positions[i])] = t as i32 + 1;
            labels[cell(self.positions[i])] = label(placed);
        }
        let mut text = String::new();
        for r in 0..rows {
            let row: Vec<&str> = (0..cols)
                .map(|c| match cells[r * cols + c] {
                    -1 => "   ",
                    0 => "...",
                    _ => labels[r * cols + c].as_str(),
                })
                .collect();
            text.push_str(row.join(" ").trim_end());
            text.push('\n');
        }
        Board {
            regions: Vec::new(),
            kind: crate::problems::ProblemKind::MacMahon,
            rows,
            cols,
            given: vec![false; rows * cols],
            cells,
            labels,
            text,
            ..Board::default()
        }
    }

    /// By the puzzle's rules, from the board alone: every position holds a different piece, turned
    /// (its label is a rotation of the piece), `a` on every side that faces the border, and
    /// triangles that touch agree on their common edge.
    fn check(&self, board: &Board) -> Result<(), String> {
        if board.kind != crate::problems::ProblemKind::MacMahon
            || board.rows != 4
            || board.cols != 8
        {
            return Err("not a board of this puzzle".into());
        }
        let at = |p: Pos| ((3 - p.y) * 8 + 2 * p.x + i32::from(!p.up)) as usize;
        let mut used = vec![false; self.pieces.len()];
        let mut colour_of = std::collections::HashMap::new();
        for &p in &self.positions {
            let i = at(p);
            let t = board.cells[i];
            if t < 1 || t as usize > self.pieces.len() {
                return Err(format!("{} holds no piece", p.name()));
            }
            let t = t as usize - 1;
            if std::mem::replace(&mut used[t], true) {
                return Err(format!("piece {} is used twice", label(self.pieces[t])));
            }
            let l: Vec<u8> = board.labels[i]
                .bytes()
                .map(|b| b.wrapping_sub(b'a'))
                .collect();
            if l.len() != 3 || !(0..3).any(|k| turn(self.pieces[t], k)[..] == l[..]) {
                return Err(format!(
                    "{}: `{}` is not piece {} turned",
                    p.name(),
                    board.labels[i],
                    label(self.pieces[t])
                ));
            }
            for (s, e) in p.edges().into_iter().enumerate() {
                if let Some(c) = colour_of.insert(e, l[s]) {
                    if c != l[s] {
                        return Err(format!("the triangles at edge {} disagree", edge_name(e)));
                    }
                }
            }
        }
        for (&e, &c) in &colour_of {
            if !inner(&self.positions, e) && c != 0 {
                return Err(format!("border edge {} is not a", edge_name(e)));
            }
        }
        Ok(())
    }

    fn label(&self, k: usize) -> String {
        let (i, _, placed) = self.placements[k];
        format!("{}={}", self.positions[i].name(), label(placed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Count, Engine, Event, Search};
    use std::ops::ControlFlow;

    /// Counts by plain backtracking over the positions in order, independent of the instance: each
    /// position takes an unused piece in each distinct rotation that has `a` on the border and agrees
    /// with the edges placed so far. `fixed`: placements made first, (position, piece, as placed).
    fn brute_force(positions: &[Pos], pieces: &[Piece], fixed: &[(usize, usize, Piece)]) -> u64 {
        type Colours = std::collections::HashMap<Edge, u8>;
        fn fits(positions: &[Pos], p: Pos, placed: Piece, colour: &Colours) -> bool {
            p.edges().iter().enumerate().all(|(s, &e)| {
                if !inner(positions, e) {
                    placed[s] == 0
                } else {
                    colour.get(&e).is_none_or(|&c| c == placed[s])
                }
            })
        }
        fn place(p: Pos, placed: Piece, colour: &mut Colours) -> Vec<Edge> {
            let mut new = Vec::new();
            for (s, e) in p.edges().into_iter().enumerate() {
                if let std::collections::hash_map::Entry::Vacant(v) = colour.entry(e) {
                    v.insert(placed[s]);
                    new.push(e);
                }
            }
            new
        }
        fn go(
            i: usize,
            positions: &[Pos],
            pieces: &[Piece],
            used: &mut [bool],
            taken: &[bool],
            colour: &mut Colours,
        ) -> u64 {
            if i == positions.len() {
                return 1;
            }
            if taken[i] {
                return go(i + 1, positions, pieces, used, taken, colour);
            }
            let p = positions[i];
            let mut n = 0;
            for t in 0..pieces.len() {
                if used[t] {
                    continue;
                }
                let mut seen = Vec::new();
                for k in 0..3 {
                    let placed = turn(pieces[t], k);
                    if seen.contains(&placed) || !fits(positions, p, placed, colour) {
                        continue;
                    }
                    seen.push(placed);
                    let new = place(p, placed, colour);
                    used[t] = true;
                    n += go(i + 1, positions, pieces, used, taken, colour);
                    used[t] = false;
                    for e in new {
                        colour.remove(&e);
                    }
                }
            }
            n
        }
        let (mut used, mut taken) = (vec![false; pieces.len()], vec![false; positions.len()]);
        let mut colour = Colours::default();
        for &(i, t, placed) in fixed {
            assert!(fits(positions, positions[i], placed, &colour) && !used[t] && !taken[i]);
            place(positions[i], placed, &mut colour);
            (used[t], taken[i]) = (true, true);
        }
        go(0, positions, pieces, &mut used, &taken, &mut colour)
    }

    #[test]
    fn the_24_pieces_and_the_hexagon() {
        let m = MacMahon::new("hexagon").unwrap();
        assert_eq!(m.pieces().len(), 24);
        assert_eq!(m.positions.len(), 24);
        assert_eq!(m.positions.iter().filter(|p| p.up).count(), 12);
        // 24 positions x 3 sides = 72 sides: 12 on the border, the other 60 paired in 30 edges.
        assert_eq!(m.inst.n_items(), 24 + 24 + 30);
        assert_eq!(m.inst.n_primary(), 48);
        assert!(MacMahon::new("square")
            .unwrap_err()
            .message
            .contains("expected hexagon"));
    }

    /// A part of the hexagon (the first ten positions of a solution given; the whole takes minutes): the count found by the
    /// plain backtracking above (independent of the encoding) and by both engines of the search
    /// (same nodes, updates and cleansings); every solution checked by the rules.
    #[test]
    #[cfg_attr(
        feature = "sanity",
        ignore = "minutes with sanity() at every node; runs without the feature"
    )]
    fn a_part_of_the_hexagon_agrees_with_plain_backtracking_on_both_engines() {
        let m = MacMahon::new("hexagon").unwrap();
        let givens = m.part(10);
        let fixed: Vec<_> = givens.iter().map(|&k| m.placement(k)).collect();
        let want = brute_force(&m.positions, &m.pieces, &fixed);
        let mut stats = Vec::new();
        for engine in [Engine::Links, Engine::Bits] {
            let mut s = Search::new(&m.inst);
            s.set_engine(engine);
            assert_eq!(s.engine(), engine);
            s.preselect(&givens).unwrap();
            s.run(&mut Count);
            stats.push(s.stats().clone());
        }
        assert_eq!(stats[0], stats[1]);
        assert_eq!(stats[0].solutions, want);
        assert!(want >= 1, "{want}");
        let mut s = Search::new(&m.inst);
        s.preselect(&givens).unwrap();
        let (mut seen, mut first) = (0, None);
        s.run(&mut |ev: Event, s: &Search| {
            if let Event::Solution { .. } = ev {
                let board = m.board(&s.solution());
                m.check(&board).unwrap();
                first.get_or_insert(board);
                seen += 1;
            }
            ControlFlow::Continue(())
        });
        assert_eq!(seen, want);
        // The rules catch a board that breaks them: two different pieces swapped.
        let mut b = first.unwrap();
        let held: Vec<usize> = (0..b.cells.len()).filter(|&i| b.cells[i] > 0).collect();
        assert_eq!(held.len(), 24);
        let j = held[1..]
            .iter()
            .copied()
            .find(|&j| b.labels[j] != b.labels[held[0]])
            .unwrap();
        b.cells.swap(held[0], j);
        b.labels.swap(held[0], j);
        assert!(m.check(&b).is_err());
    }
}
