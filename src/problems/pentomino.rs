//! Pentomino packing: cover a board with the twelve pentominoes, each used once, in any of its
//! rotations and reflections. Boards: the rectangles 6x10, 5x12, 4x15, 3x20, and 8x8 with its centre
//! 2x2 left empty (Dana Scott's problem, the first one solved by computer).
//!
//! As in TAOCP 7.2.2.1, the items are the twelve pieces, named by Conway's letters F I L N P T U V W X
//! Y Z, and the board's squares, named by row then column in base 36 (`3a` is row 3, column 10); all
//! primary. Each option is a piece and the five squares it covers: one option per placement, that is
//! per distinct fixed orientation of the piece (rotations and reflections, duplicates of a symmetric
//! shape removed) and per position on the board.
//!
//! Every solution's images under the board's symmetries (4 for a rectangle, 8 for the square) are
//! solutions too, and all different: F has no symmetry of its own, so no symmetry of the board but
//! the identity leaves F, and hence a solution, unchanged. With
//! `distinct` the encoding keeps one solution of each class instead of dividing the count afterwards:
//! - X is the only piece with every symmetry, so its position alone picks the class: its placements
//!   are kept only when they come first (in square order) among their images under the board's
//!   symmetries, which confines X to one region, such as the upper-left quadrant of a rectangle.
//! - When X lies on an axis (or a diagonal) of the board, the reflection in that axis leaves X where
//!   it is, and both a solution and its mirror image survive. Knuth's remedy: one more, secondary,
//!   item `axis`, put into those X options and into the turned-over placements of the chiral piece P.
//!   Any reflection turns P over, so of a solution and its mirror exactly one has P unturned, and with
//!   X on the axis only that one is allowed. (A placement of X fixed by two reflections would be
//!   centred on the board's centre, which is a square of none of these boards.)

use super::ProblemKind;
use super::{Board, InputError, Problem};
use crate::core::{Instance, Links};
use crate::figures::ways;
use std::collections::VecDeque;

/// The boards this module knows, by name.
pub const BOARDS: [&str; 5] = ["6x10", "5x12", "4x15", "3x20", "8x8"];

/// The pieces in item order; piece p prints as `PIECES[p]` and is cell value p + 1 on the board.
pub const PIECES: [char; 12] = ['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'];

/// The shape of each piece in one orientation, rows separated by `/`.
const SHAPES: [&str; 12] = [
    ".##/##./.#.",
    "#####",
    "####/#...",
    "##../.###",
    "##/##/#.",
    "###/.#./.#.",
    "#.#/###",
    "#../#../###",
    "#../##./.##",
    ".#./###/.#.",
    "####/.#..",
    "##./.#./.##",
];

const X: usize = 9;
/// The chiral piece whose turned-over placements share the item `axis` with the X options on an axis.
/// Any of F L N P Y Z would do; P gives the smallest search trees on 3x20, 5x12 and 8x8 (on 5x12,
/// 684 thousand nodes against 685 to 751 thousand for the others).
const MIRROR_PIECE: usize = 4;

type Cell = (i32, i32);

/// Element `t` (0..8) of the symmetry group of the square acting on coordinates: bit 2 swaps row and
/// column, then bit 0 negates the row and bit 1 the column.
fn transform(t: usize, (r, c): Cell) -> Cell {
    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
    (
        if t & 1 != 0 { -r } else { r },
        if t & 2 != 0 { -c } else { c },
    )
}

/// Whether element `t` turns the plane over (a reflection), rather than rotating it: an odd number of
/// the three sign-reversing moves.
fn is_reflection(t: usize) -> bool {
    (t ^ (t >> 1) ^ (t >> 2)) & 1 == 1
}

/// The cells moved to touch row 0 and column 0, in row-major order: equal shapes, equal vectors.
fn normalize(cells: impl Iterator<Item = Cell>) -> Vec<Cell> {
    let mut v: Vec<Cell> = cells.collect();
    let r0 = v.iter().map(|x| x.0).min().unwrap_or(0);
    let c0 = v.iter().map(|x| x.1).min().unwrap_or(0);
    for x in &mut v {
        *x = (x.0 - r0, x.1 - c0);
    }
    v.sort_unstable();
    v
}

/// The cells of piece `p` as `SHAPES` draws it.
fn shape(p: usize) -> Vec<Cell> {
    let mut v = Vec::with_capacity(5);
    for (r, row) in SHAPES[p].split('/').enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                v.push((r as i32, c as i32));
            }
        }
    }
    v
}

/// The fixed orientations of piece `p`, each once, with whether it is the piece turned over.
fn orientations(p: usize) -> Vec<(Vec<Cell>, bool)> {
    let base = shape(p);
    let mut out: Vec<(Vec<Cell>, bool)> = Vec::with_capacity(8);
    // Rotations first (t = 0, 3, 5, 6), so that an orientation a rotation reaches is never marked turned.
    let mut order: Vec<usize> = (0..8).collect();
    order.sort_by_key(|&t| is_reflection(t));
    for t in order {
        let o = normalize(base.iter().map(|&x| transform(t, x)));
        if !out.iter().any(|(q, _)| *q == o) {
            out.push((o, is_reflection(t)));
        }
    }
    out
}

/// The same form for all congruent sets of cells: the least of its eight normalized images.
fn canonical(cells: &[Cell]) -> Vec<Cell> {
    (0..8)
        .map(|t| normalize(cells.iter().map(|&x| transform(t, x))))
        .min()
        .unwrap_or_default()
}

/// A board: its size and its holes.
struct Layout {
    name: &'static str,
    rows: usize,
    cols: usize,
    hole: Vec<bool>,
}

impl Layout {
    fn by_name(name: &str) -> Option<Layout> {
        let name = BOARDS
            .iter()
            .copied()
            .find(|b| b.eq_ignore_ascii_case(name))?;
        let (r, c) = name.split_once('x')?;
        let (rows, cols): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        let mut hole = vec![false; rows * cols];
        if name == "8x8" {
            for (r, c) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
                hole[r * cols + c] = true;
            }
        }
        Some(Layout {
            name,
            rows,
            cols,
            hole,
        })
    }

    /// Where the board symmetry `t` (as in [`transform`]) takes square `k`; `None` when `t` does not
    /// map this board onto itself.
    fn map(&self, t: usize, k: usize) -> Option<usize> {
        let (rows, cols) = (self.rows, self.cols);
        if t & 4 != 0 && rows != cols {
            return None;
        }
        let (r, c) = (k / cols, k % cols);
        let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
        let r = if t & 1 != 0 { rows - 1 - r } else { r };
        let c = if t & 2 != 0 { cols - 1 - c } else { c };
        Some(r * cols + c)
    }

    /// The elements of the symmetry group of the board, holes included.
    fn symmetries(&self) -> Vec<usize> {
        (0..8)
            .filter(|&t| {
                (0..self.hole.len())
                    .all(|k| self.map(t, k).is_some_and(|m| self.hole[m] == self.hole[k]))
            })
            .collect()
    }

    /// The name of square `k`: row then column, base 36.
    fn square_name(&self, k: usize) -> String {
        let digit = |x: usize| char::from_digit(x as u32, 36).expect("below 36");
        format!("{}{}", digit(k / self.cols), digit(k % self.cols))
    }
}

/// One placement of a piece: the squares it covers, in increasing order.
struct Placement {
    piece: usize,
    squares: [usize; 5],
    turned: bool,
    /// An X placement that a reflection of the board maps to itself (set with `distinct` only).
    on_axis: bool,
}

/// Every placement of every piece on the board, piece by piece.
fn placements(layout: &Layout) -> Vec<Placement> {
    let mut out = Vec::new();
    for p in 0..PIECES.len() {
        for (o, turned) in orientations(p) {
            let h = o.iter().map(|x| x.0).max().unwrap_or(0) as usize + 1;
            let w = o.iter().map(|x| x.1).max().unwrap_or(0) as usize + 1;
            if h > layout.rows || w > layout.cols {
                continue;
            }
            for dr in 0..=layout.rows - h {
                for dc in 0..=layout.cols - w {
                    let mut squares = [0; 5];
                    for (s, &(r, c)) in squares.iter_mut().zip(&o) {
                        *s = (r as usize + dr) * layout.cols + c as usize + dc;
                    }
                    if squares.iter().all(|&k| !layout.hole[k]) {
                        squares.sort_unstable();
                        out.push(Placement {
                            piece: p,
                            squares,
                            turned,
                            on_axis: false,
                        });
                    }
                }
            }
        }
    }
    out
}

pub struct Pentomino {
    layout: Layout,
    distinct: bool,
    inst: Instance,
    /// `placed[o]`: the piece of option o and the squares it covers.
    placed: Vec<(usize, [usize; 5])>,
}

impl Pentomino {
    pub fn new(board: &str, distinct: bool) -> Result<Pentomino, InputError> {
        let name = board.trim();
        let layout = Layout::by_name(name).ok_or_else(|| {
            let what = if name.is_empty() {
                "no pentomino board given".to_string()
            } else {
                format!("unknown pentomino board `{name}`")
            };
            InputError::new(format!("{what}: the boards are {}", BOARDS.join(", ")))
        })?;
        let mut all = placements(&layout);

        // Symmetry breaking: keep X only where it comes first among its images, and mark those X
        // placements that a reflection of the board leaves in place.
        if distinct {
            let group = layout.symmetries();
            let image = |t: usize, sq: &[usize; 5]| {
                let mut v = sq.map(|k| layout.map(t, k).expect("t is a symmetry"));
                v.sort_unstable();
                v
            };
            all.retain(|pl| {
                pl.piece != X || group.iter().all(|&t| pl.squares <= image(t, &pl.squares))
            });
            for pl in all.iter_mut().filter(|pl| pl.piece == X) {
                let fixed: Vec<usize> = group
                    .iter()
                    .copied()
                    .filter(|&t| image(t, &pl.squares) == pl.squares)
                    .collect();
                // The identity, plus at most one reflection on these boards (see the module comment).
                debug_assert!(
                    fixed.len() <= 2 && fixed.iter().all(|&t| t == 0 || is_reflection(t))
                );
                pl.on_axis = fixed.len() > 1;
            }
        }
        let axis = all.iter().any(|pl| pl.on_axis);

        let squares: Vec<usize> = (0..layout.hole.len())
            .filter(|&k| !layout.hole[k])
            .collect();
        let mut item_of_square = vec![usize::MAX; layout.hole.len()];
        for (i, &k) in squares.iter().enumerate() {
            item_of_square[k] = PIECES.len() + i;
        }
        let primary = PIECES
            .iter()
            .map(|p| p.to_string())
            .chain(squares.iter().map(|&k| layout.square_name(k)));
        let secondary = if axis { vec!["axis"] } else { vec![] };
        let mut inst = Instance::new(primary, secondary).expect("names are distinct");
        let axis_item = PIECES.len() + squares.len();
        let mut placed = Vec::with_capacity(all.len());
        let mut items = Vec::with_capacity(7);
        for pl in &all {
            items.clear();
            items.push(pl.piece);
            items.extend(pl.squares.iter().map(|&k| item_of_square[k]));
            if pl.on_axis || (axis && pl.piece == MIRROR_PIECE && pl.turned) {
                items.push(axis_item);
            }
            inst.add_option(&items).expect("items are distinct");
            placed.push((pl.piece, pl.squares));
        }
        Ok(Pentomino {
            layout,
            distinct,
            inst,
            placed,
        })
    }

    /// The piece of option `o` and the squares (row-major indices) it covers.
    pub fn placement(&self, o: usize) -> (usize, [usize; 5]) {
        self.placed[o]
    }
}

impl Problem for Pentomino {
    fn title(&self) -> String {
        let up_to = if self.distinct {
            ", up to symmetry"
        } else {
            ""
        };
        format!("Pentominoes on the {} board{up_to}", self.layout.name)
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    /// "piece X fits 18 ways", "the cell 07 can be covered four ways", from a piece's letter and a
    /// cell's two characters (row and column); the secondary `axis` has none.
    fn item_words(&self, _: &Links, i: usize, len: u32) -> Option<String> {
        let (name, len) = (self.inst.item_name(i), u64::from(len));
        if name.len() == 1 && name.bytes().all(|b| b.is_ascii_uppercase()) {
            Some(format!("piece {name} fits {}", ways(len)))
        } else if name.len() == 2 && name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Some(format!("the cell {name} can be covered {}", ways(len)))
        } else {
            None
        }
    }

    /// Cells hold the piece number from 1, 0 for a square not covered yet, -1 for a hole; the text is
    /// the rows of piece letters, `.` for an uncovered square and `#` for a hole.
    fn board(&self, options: &[usize]) -> Board {
        let l = &self.layout;
        let mut cells: Vec<i32> = l.hole.iter().map(|&h| -i32::from(h)).collect();
        for &o in options {
            let (p, squares) = self.placed[o];
            for k in squares {
                cells[k] = p as i32 + 1;
            }
        }
        let labels: Vec<String> = std::iter::once(".".to_string())
            .chain(PIECES.iter().map(|p| p.to_string()))
            .collect();
        let mut text = String::with_capacity(l.rows * (l.cols + 1));
        for row in cells.chunks(l.cols) {
            text.extend(row.iter().map(|&v| match v {
                -1 => '#',
                0 => '.',
                p => PIECES[p as usize - 1],
            }));
            text.push('\n');
        }
        text.pop();
        Board {
            regions: Vec::new(),
            kind: ProblemKind::Pentomino,
            rows: l.rows,
            cols: l.cols,
            cells,
            labels,
            text,
            ..Board::default()
        }
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let l = &self.layout;
        let (rows, cols) = (l.rows, l.cols);
        if board.rows != rows || board.cols != cols || board.cells.len() != rows * cols {
            return Err(format!(
                "board is {}x{}, not {rows}x{cols}",
                board.rows, board.cols
            ));
        }
        let mut cells_of: Vec<Vec<Cell>> = vec![Vec::new(); PIECES.len()];
        for (k, &v) in board.cells.iter().enumerate() {
            let (r, c) = (k / cols, k % cols);
            match (l.hole[k], v) {
                (true, -1) => {}
                (true, _) => return Err(format!("square ({r},{c}) is a hole, yet holds {v}")),
                (false, 1..=12) => cells_of[v as usize - 1].push((r as i32, c as i32)),
                (false, 0) => return Err(format!("square ({r},{c}) is not covered")),
                (false, _) => return Err(format!("square ({r},{c}) holds {v}, not a piece")),
            }
        }
        for (p, cells) in cells_of.iter().enumerate() {
            let name = PIECES[p];
            if cells.len() != 5 {
                return Err(format!("{name} covers {} squares, not 5", cells.len()));
            }
            if !connected(cells) {
                return Err(format!("the squares of {name} are not connected"));
            }
            if canonical(cells) != canonical(&shape(p)) {
                return Err(format!("the squares of {name} do not have its shape"));
            }
        }
        Ok(())
    }
}

/// Whether the cells form one piece, squares joined by their sides.
fn connected(cells: &[Cell]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut queue = VecDeque::from([first]);
    while let Some((r, c)) = queue.pop_front() {
        for nb in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if cells.contains(&nb) && !seen.contains(&nb) {
                seen.push(nb);
                queue.push_back(nb);
            }
        }
    }
    seen.len() == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Search, Status, StopAtSolution};

    #[test]
    fn each_piece_has_its_number_of_orientations() {
        // F I L N P T U V W X Y Z: the chiral pieces have 8, the others fewer.
        let want = [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4];
        for p in 0..12 {
            let o = orientations(p);
            assert_eq!(o.len(), want[p], "{}", PIECES[p]);
            assert!(o
                .iter()
                .all(|(cells, _)| cells.len() == 5 && connected(cells)));
            // A chiral piece (F L N P Y Z) is turned over in half of its orientations, the others never.
            let turned = o.iter().filter(|x| x.1).count();
            let chiral = "FLNPYZ".contains(PIECES[p]);
            assert_eq!(
                turned,
                if chiral { want[p] / 2 } else { 0 },
                "{}",
                PIECES[p]
            );
        }
        // The twelve shapes are twelve different pentominoes.
        let mut forms: Vec<Vec<Cell>> = (0..12).map(|p| canonical(&shape(p))).collect();
        forms.sort();
        forms.dedup();
        assert_eq!(forms.len(), 12);
        assert_eq!((0..8).filter(|&t| is_reflection(t)).count(), 4);
        assert!(!is_reflection(0) && is_reflection(1) && is_reflection(4));
    }

    #[test]
    fn boards_items_and_options() {
        let p = Pentomino::new("6x10", false).unwrap();
        let inst = p.instance();
        assert_eq!((inst.n_items(), inst.n_primary()), (72, 72));
        assert_eq!(inst.item_name(12), "00");
        assert_eq!(inst.item_name(12 + 19), "19");
        assert_eq!(p.title(), "Pentominoes on the 6x10 board");
        // Knuth's count of placements on the 6x10 board.
        assert_eq!(inst.n_options(), 2056);
        assert_eq!(inst.option_text(0), "F 01 02 10 11 21");

        let s = Pentomino::new("8x8", false).unwrap();
        assert_eq!(s.instance().n_primary(), 12 + 60);
        assert_eq!(s.instance().find_item("33"), None);
        let t = Pentomino::new("3x20", true).unwrap();
        assert_eq!(t.instance().find_item("2j"), Some(12 + 59));
        assert_eq!(t.title(), "Pentominoes on the 3x20 board, up to symmetry");

        assert_eq!(
            Layout::by_name("6x10").unwrap().symmetries(),
            vec![0, 1, 2, 3]
        );
        assert_eq!(Layout::by_name("8x8").unwrap().symmetries().len(), 8);
    }

    #[test]
    fn distinct_confines_x_and_adds_the_axis_item_where_needed() {
        let x_squares = |p: &Pentomino| -> Vec<String> {
            (0..p.instance().n_options())
                .filter(|&o| p.placement(o).0 == X)
                .map(|o| p.instance().option_text(o))
                .collect()
        };
        // 6x10: X centred in rows 1-2, columns 1-4 (the upper-left quadrant); no axis through a square.
        let p = Pentomino::new("6x10", true).unwrap();
        assert_eq!(x_squares(&p).len(), 8);
        assert_eq!(p.instance().n_items(), 72);
        // 5x12: rows 1-2, columns 1-5; the five in row 2 are on the middle row, so they get `axis`.
        let p = Pentomino::new("5x12", true).unwrap();
        let xs = x_squares(&p);
        assert_eq!(xs.len(), 10);
        assert_eq!(xs.iter().filter(|t| t.ends_with(" axis")).count(), 5);
        assert!(xs.contains(&"X 12 21 22 23 32 axis".to_string()), "{xs:?}");
        // With it, P's turned-over placements.
        let turned_p = (0..p.instance().n_options())
            .filter(|&o| p.placement(o).0 == MIRROR_PIECE)
            .filter(|&o| p.instance().option_text(o).ends_with(" axis"))
            .count();
        let all_p = (0..p.instance().n_options())
            .filter(|&o| p.placement(o).0 == MIRROR_PIECE)
            .count();
        assert_eq!(2 * turned_p, all_p);
        // 8x8: X centred in one eighth of the board, at (1,1), (1,2), (1,3) or (2,2); on the diagonal
        // it gets `axis`.
        let p = Pentomino::new("8x8", true).unwrap();
        let xs = x_squares(&p);
        assert_eq!(xs.len(), 4);
        assert!(xs.contains(&"X 12 21 22 23 32 axis".to_string()), "{xs:?}");
        assert!(xs.contains(&"X 03 12 13 14 23".to_string()), "{xs:?}");
        assert_eq!(xs.iter().filter(|t| t.ends_with(" axis")).count(), 2);
    }

    #[test]
    fn rejects_unknown_boards() {
        let e = Pentomino::new("7x9", false).err().unwrap();
        assert_eq!(
            e.to_string(),
            "unknown pentomino board `7x9`: the boards are 6x10, 5x12, 4x15, 3x20, 8x8"
        );
        let e = Pentomino::new(" ", true).err().unwrap();
        assert!(e
            .message
            .starts_with("no pentomino board given: the boards are 6x10,"));
        assert!(Pentomino::new("10x6", true).is_err());
        assert!(Pentomino::new(" 6X10 ", true).is_ok());
    }

    fn first_solution(p: &Pentomino) -> Board {
        let mut s = Search::new(p.instance());
        assert_eq!(s.run(&mut StopAtSolution), Status::Paused);
        p.board(&s.solution())
    }

    #[test]
    fn board_text_and_check() {
        let p = Pentomino::new("3x20", false).unwrap();
        let b = p.board(&[]);
        assert_eq!((b.kind, b.rows, b.cols), (ProblemKind::Pentomino, 3, 20));
        assert_eq!(b.text, ["...................."; 3].join("\n"));
        assert_eq!(p.check(&b).unwrap_err(), "square (0,0) is not covered");
        assert_eq!(b.labels[0], ".");
        assert_eq!(b.labels[1], "F");
        assert_eq!(b.labels[12], "Z");

        let good = first_solution(&p);
        assert_eq!(
            good.text,
            "UUXIIIIINNNFTWYYYYZV\nUXXXPPLNNFFFTWWYZZZV\nUUXPPPLLLLFTTTWWZVVV"
        );
        p.check(&good).unwrap();
        let piece = |c: char| PIECES.iter().position(|&x| x == c).unwrap() as i32 + 1;
        let edit = |f: &dyn Fn(&mut i32)| {
            let mut b = good.clone();
            b.cells.iter_mut().for_each(f);
            p.check(&b).unwrap_err()
        };
        // I and L exchanged: five squares each, connected, but the wrong shapes.
        let (i, l) = (piece('I'), piece('L'));
        assert_eq!(
            edit(&|v| *v = if *v == i {
                l
            } else if *v == l {
                i
            } else {
                *v
            }),
            "the squares of I do not have its shape"
        );
        // Z used twice, in place of F.
        let (f, z) = (piece('F'), piece('Z'));
        assert_eq!(
            edit(&|v| if *v == z {
                *v = f
            }),
            "F covers 10 squares, not 5"
        );
        // Squares (0,18) and (0,19) exchanged between Z and V: both fall apart.
        let mut b = good.clone();
        b.cells.swap(18, 19);
        assert_eq!(
            p.check(&b).unwrap_err(),
            "the squares of V are not connected"
        );
        let mut b = good.clone();
        b.cells[0] = 13;
        assert_eq!(
            p.check(&b).unwrap_err(),
            "square (0,0) holds 13, not a piece"
        );
        b.cells[0] = -1;
        assert_eq!(
            p.check(&b).unwrap_err(),
            "square (0,0) holds -1, not a piece"
        );
        b.rows = 4;
        assert_eq!(p.check(&b).unwrap_err(), "board is 4x20, not 3x20");

        // Scott's board: the holes print as `#` and must stay empty.
        let s = Pentomino::new("8x8", false).unwrap();
        let b = s.board(&[0]);
        assert_eq!(b.cells.iter().filter(|&&v| v == -1).count(), 4);
        assert_eq!(b.cells.iter().filter(|&&v| v == 1).count(), 5);
        assert_eq!(b.text.lines().nth(3), Some("...##..."));
        let mut b = first_solution(&s);
        s.check(&b).unwrap();
        b.cells[3 * 8 + 3] = 1;
        assert_eq!(
            s.check(&b).unwrap_err(),
            "square (3,3) is a hole, yet holds 1"
        );
    }
}
