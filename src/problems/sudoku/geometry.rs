//! [`Geometry`]: the one place that knows a Sudoku's shape. A Sudoku is N×N with N regions, N = 4 to
//! 16 or 25; its boxes are laid out as f-puzzles lays them out: `r` rows by N/r columns, `r` the
//! largest divisor of N not above √N (4, 9, 16, 25: square; 6, 8, 10, 14: 2 rows; 12, 15: 3 rows).
//! A prime N (5, 7, 11, 13) has no such layout: its regions come with the puzzle (a jigsaw's
//! `regions`, kept in [`super::Rules`]), and a grid of that size without them is refused by name.
//! Everything else (readers, writers, the instance, the checker, the maker, the page's board, its
//! pencil marks and symbol pad) asks this type, never a square root.
//!
//! ISS also sets rectangles (6x8) and grids of more values than a side (a 6x6 of the digits 1-9):
//! [`Geometry::shaped`]. Such a grid of R rows and C columns holding V values lives in the top
//! left corner of the V×V grid, so that every cell, option and item keeps the numbering of a V×V
//! Sudoku (cell `r·V + c`, option `(r·V + c)·V + v − 1`); the cells outside it are *dead*: they
//! have no option ([`Geometry::live`]). A row, column or region of fewer than V cells holds each
//! value at most once, one of V cells exactly once; boxes hold V cells, laid out as ISS lays them.

use crate::problems::InputError;

/// The sizes of Sudoku read, solved and drawn, smallest first.
pub const SIZES: [usize; 14] = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 25];

/// The shape of an N×N Sudoku: its size and, when it has boxes, their rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Geometry {
    /// V: the number of values, and the side of the V×V grid the cells are numbered in.
    size: usize,
    /// The rows and columns that hold cells (both `size`, except for a [`Geometry::shaped`] grid).
    rows: usize,
    cols: usize,
    /// The rows and columns of a box (rows × cols = size); 0 × 0 where the size has no boxes.
    box_rows: usize,
    box_cols: usize,
    /// Cells outside the grid (ISS's `Var`): numbered from V² on, after the grid's, each with a
    /// value and options of its own but in no row, column or region; not [`Geometry::live`], so
    /// that whatever walks the grid leaves them out.
    extra: usize,
}

impl Geometry {
    /// The geometry of an N×N Sudoku, or why N is not a Sudoku's size.
    pub fn of_size(size: usize) -> Result<Geometry, InputError> {
        if !SIZES.contains(&size) {
            return Err(InputError::new(format!(
                "a Sudoku is {}, not {size}x{size}",
                sizes_words()
            )));
        }
        // f-puzzles' layout: the most rows a box can have without being taller than wide.
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size.is_multiple_of(*r))
            .last()
            .unwrap_or(0);
        Ok(Geometry {
            size,
            rows: size,
            cols: size,
            box_rows: rows,
            box_cols: size.checked_div(rows).unwrap_or(0),
            extra: 0,
        })
    }

    /// A grid of `rows` × `cols` cells holding `values` values (ISS's `.Shape~6x8`,
    /// `.Shape~6x6~9`): at least as many values as the longer side, and as many as a Sudoku's size.
    /// Boxes of `region` cells (ISS's `RegionSize`, else the longer side, as ISS's boxes are: a
    /// 9x9 of 16 values has 3x3 boxes, a 6x6 of 9 values 2x3) as ISS lays them out: the most nearly
    /// square a × b (a ≤ b) that divides the rows by a and the columns by b, else the rows by b and
    /// the columns by a; none if neither does (a 7x7 of 9 values, a 9x8). An N×N grid of N values
    /// is [`Geometry::of_size`].
    pub fn shaped(
        rows: usize,
        cols: usize,
        values: usize,
        region: Option<usize>,
    ) -> Result<Geometry, InputError> {
        let region = region.unwrap_or(rows.max(cols));
        if rows == cols && cols == values && region == values {
            return Geometry::of_size(values);
        }
        if rows == 0 || cols == 0 || values < rows.max(cols) || !SIZES.contains(&values) {
            return Err(InputError::new(format!(
                "a grid of {rows}x{cols} cells holds at least as many values as its longer side, \
                 and {}: not {values}",
                values_words()
            )));
        }
        if region == 0 || region > values {
            return Err(InputError::new(format!(
                "regions of {region} cells in a grid of {values} values"
            )));
        }
        let mut boxes = (0, 0);
        for small in (2..=region.isqrt()).rev() {
            if !region.is_multiple_of(small) {
                continue;
            }
            let large = region / small;
            if rows.is_multiple_of(small) && cols.is_multiple_of(large) {
                boxes = (small, large);
                break;
            }
            if rows.is_multiple_of(large) && cols.is_multiple_of(small) {
                boxes = (large, small);
                break;
            }
        }
        let g = Geometry {
            size: values,
            rows,
            cols,
            box_rows: boxes.0,
            box_cols: boxes.1,
            extra: 0,
        };
        // Regions are numbered below V (the items `b3=5`): no more boxes than values.
        if g.box_count() > values {
            return Err(InputError::new(format!(
                "a grid of {rows}x{cols} cells has {} boxes of {region} cells, more than its \
                 {values} values",
                g.box_count()
            )));
        }
        Ok(g)
    }

    /// The rows that hold cells (N, or R of a [`Geometry::shaped`] grid).
    pub fn rows(self) -> usize {
        self.rows
    }

    /// The columns that hold cells (N, or C of a [`Geometry::shaped`] grid).
    pub fn cols(self) -> usize {
        self.cols
    }

    /// Whether some cells of the V×V numbering are dead (a [`Geometry::shaped`] grid).
    pub fn is_shaped(self) -> bool {
        self.rows < self.size || self.cols < self.size
    }

    /// Whether cell `p` (of the V×V numbering) is one of the grid's.
    pub fn live(self, p: usize) -> bool {
        p / self.size < self.rows && p % self.size < self.cols
    }

    /// The grid's cells, row by row (all N² but for a [`Geometry::shaped`] grid).
    pub fn live_cells(self) -> impl Iterator<Item = usize> {
        (0..self.cells()).filter(move |&p| self.live(p))
    }

    /// The cells of row `r` (from 0), left to right.
    pub fn row_cells(self, r: usize) -> Vec<usize> {
        (0..self.cols).map(|c| r * self.size + c).collect()
    }

    /// The cells of column `c` (from 0), top to bottom.
    pub fn col_cells(self, c: usize) -> Vec<usize> {
        (0..self.rows).map(|r| r * self.size + c).collect()
    }

    /// How many boxes the grid has (N, fewer for a [`Geometry::shaped`] grid, 0 without boxes).
    pub fn box_count(self) -> usize {
        if self.has_boxes() {
            self.rows * self.cols / (self.box_rows * self.box_cols)
        } else {
            0
        }
    }

    /// "9x9", or "6x8 of 8 values" (for messages and titles).
    pub fn name(self) -> String {
        if self.is_shaped() {
            format!("{}x{} of {} values", self.rows, self.cols, self.size)
        } else {
            format!("{0}x{0}", self.size)
        }
    }

    /// The 9x9's geometry (3x3 boxes).
    pub fn classic() -> Geometry {
        Geometry::of_size(9).expect("9 is a size")
    }

    /// The geometry of a grid of `count` cells, if `count` is a Sudoku's (N² for a size N).
    pub fn for_cells(count: usize) -> Option<Geometry> {
        SIZES
            .iter()
            .find(|&&n| n * n == count)
            .map(|&n| Geometry::of_size(n).expect("a listed size"))
    }

    /// N: the side of the grid, the number of symbols and of regions (V, the side of the grid the
    /// cells are numbered in, for a [`Geometry::shaped`] grid).
    pub fn size(self) -> usize {
        self.size
    }

    /// N², the number of cells (of the V×V numbering, dead ones included), without the cells
    /// outside the grid.
    pub fn cells(self) -> usize {
        self.size * self.size
    }

    /// The same grid with `extra` cells outside it (ISS's `Var`), numbered from V² on.
    pub fn with_extra(self, extra: usize) -> Geometry {
        Geometry { extra, ..self }
    }

    /// How many cells lie outside the grid ([`Geometry::with_extra`]).
    pub fn extra(self) -> usize {
        self.extra
    }

    /// Every cell: the V×V numbering's, then those outside the grid. Options are numbered over
    /// these (`p·V + v − 1`), so the first option after the cells' is `all_cells()·V`.
    pub fn all_cells(self) -> usize {
        self.size * self.size + self.extra
    }

    /// Whether cell `p` lies outside the grid ([`Geometry::with_extra`]).
    pub fn is_extra(self, p: usize) -> bool {
        p >= self.size * self.size
    }

    /// The rows and columns of a box, or `None` for a size whose regions come with the puzzle.
    pub fn boxes(self) -> Option<(usize, usize)> {
        (self.box_rows > 0).then_some((self.box_rows, self.box_cols))
    }

    /// Whether the grid has boxes (every size but 5, 7, 11 and 13).
    pub fn has_boxes(self) -> bool {
        self.box_rows > 0
    }

    /// The box (from 0, row-major over the boxes) of cell `p`, or `None`: a dead cell, or a grid
    /// without boxes (a size such as 7, whose regions are the puzzle's: [`super::Rules::region_of`]
    /// reads them first; a shaped grid without boxes).
    pub fn box_of(self, p: usize) -> Option<usize> {
        let (br, bc) = self.boxes().filter(|_| self.live(p))?;
        let (r, c) = (p / self.size, p % self.size);
        Some((r / br) * (self.cols / bc) + c / bc)
    }

    /// The `i`-th cell (row-major within the box) of box `b`. Panics as [`Geometry::box_of`].
    pub fn box_cell(self, b: usize, i: usize) -> usize {
        let (br, bc) = self
            .boxes()
            .expect("a size without boxes has its own regions");
        let per_band = self.cols / bc;
        let (r, c) = ((b / per_band) * br + i / bc, (b % per_band) * bc + i % bc);
        r * self.size + c
    }

    /// The box of every cell, row-major (N for a dead cell); `None` without boxes.
    pub fn box_map(self) -> Option<Vec<usize>> {
        self.has_boxes().then(|| {
            (0..self.cells())
                .map(|p| self.box_of(p).unwrap_or(self.size))
                .collect()
        })
    }

    /// "2x3 boxes", or "no boxes" (for notes and help).
    pub fn describe(self) -> String {
        match self.boxes() {
            Some((r, c)) => format!("{r}x{c} boxes"),
            None => "no boxes".into(),
        }
    }

    /// Why a grid of this size cannot be a classic Sudoku: it has no boxes, so its regions must be
    /// given with it. `None` where it has boxes.
    pub fn needs_regions(self) -> Option<InputError> {
        let n = self.size;
        // A shaped grid without boxes has rows and columns only, as ISS has it.
        (!self.has_boxes() && !self.is_shaped()).then(|| {
            InputError::new(format!(
                "a {n}x{n} Sudoku has no boxes ({n} is prime): its {n} regions must come with the \
                 puzzle (f-puzzles JSON or a link whose cells name their regions); for a {n}x{n} \
                 Latin square with no regions, count `dlx count latin {n}`"
            ))
        })
    }
}

/// "4x4 to 16x16 or 25x25", for messages.
pub fn sizes_words() -> &'static str {
    "4x4 to 16x16 or 25x25"
}

/// The values a grid may hold, for messages.
pub fn values_words() -> &'static str {
    "4 to 16 or 25 values"
}

/// What a count of cells that is no Sudoku's is near: "64 (8x8) or 81 (9x9)", the two sizes
/// around it (one below the smallest or above the largest).
pub fn nearest_counts(count: usize) -> String {
    let word = |n: usize| format!("{} ({n}x{n})", n * n);
    let below = SIZES.iter().rev().find(|&&n| n * n < count);
    let above = SIZES.iter().find(|&&n| n * n > count);
    match (below, above) {
        (Some(&b), Some(&a)) => format!("{} or {}", word(b), word(a)),
        (Some(&b), None) => word(b),
        (None, Some(&a)) => word(a),
        (None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_laid_out_as_f_puzzles_lays_them_out() {
        let shape = |n| Geometry::of_size(n).unwrap().boxes();
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(8), Some((2, 4)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(10), Some((2, 5)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(14), Some((2, 7)));
        assert_eq!(shape(15), Some((3, 5)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(25), Some((5, 5)));
        for n in [5, 7, 11, 13] {
            assert_eq!(shape(n), None, "{n}");
            let e = Geometry::of_size(n).unwrap().needs_regions().unwrap();
            assert!(e.message.contains("has no boxes"), "{}", e.message);
        }
        for n in [0, 1, 2, 3, 17, 20, 24, 26, 36] {
            let e = Geometry::of_size(n).unwrap_err();
            assert_eq!(
                e.message,
                format!("a Sudoku is 4x4 to 16x16 or 25x25, not {n}x{n}")
            );
        }
    }

    #[test]
    fn every_box_holds_n_cells_and_box_cell_inverts_box_of() {
        for &n in &SIZES {
            let g = Geometry::of_size(n).unwrap();
            let Some(map) = g.box_map() else { continue };
            for b in 0..n {
                let cells: Vec<usize> = (0..n).map(|i| g.box_cell(b, i)).collect();
                assert!(cells.iter().all(|&p| map[p] == b), "{n}: box {b}");
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), n, "{n}: box {b} repeats a cell");
                assert_eq!(map.iter().filter(|&&x| x == b).count(), n);
            }
        }
        // The 6x6: boxes 2 rows by 3 columns, two boxes a band.
        let g = Geometry::of_size(6).unwrap();
        let rows: Vec<String> = g
            .box_map()
            .unwrap()
            .chunks(6)
            .map(|r| r.iter().map(|b| b.to_string()).collect())
            .collect();
        assert_eq!(
            rows,
            ["000111", "000111", "222333", "222333", "444555", "444555"]
        );
    }

    #[test]
    fn shaped_grids_lay_their_boxes_out_as_iss_does() {
        let boxes = |r, c, v, k| Geometry::shaped(r, c, v, k).unwrap().boxes();
        assert_eq!(boxes(6, 8, 8, None), Some((2, 4)));
        assert_eq!(boxes(5, 10, 10, None), Some((5, 2)));
        assert_eq!(boxes(4, 6, 6, None), Some((2, 3)));
        // Boxes of the longer side's cells unless `RegionSize` says (ISS's default).
        assert_eq!(boxes(6, 6, 9, None), Some((2, 3)));
        assert_eq!(boxes(6, 6, 9, Some(9)), Some((3, 3)));
        assert_eq!(boxes(9, 9, 16, None), Some((3, 3)));
        assert_eq!(boxes(9, 9, 11, None), Some((3, 3)));
        for (r, c, v) in [(7, 7, 9), (9, 8, 9), (4, 7, 7), (9, 9, 10)] {
            assert_eq!(boxes(r, c, v, Some(v)), None, "{r}x{c}~{v}");
        }
        assert_eq!(boxes(7, 7, 9, None), None, "7 cells make no box");
        // Cells live in the top left rows × cols of the V×V numbering; boxes count V cells each.
        let g = Geometry::shaped(6, 8, 8, None).unwrap();
        assert!(g.is_shaped() && g.live(47) && !g.live(48) && g.live(7) && g.live(8));
        assert_eq!(
            (g.size(), g.box_count(), g.live_cells().count()),
            (8, 6, 48)
        );
        assert_eq!(g.box_of(8 * 5 + 7), Some(5));
        assert_eq!(g.box_of(8 * 6), None, "a dead cell is in no box");
        assert_eq!(g.box_map().unwrap()[8 * 6], 8, "the map says N");
        let boxless = Geometry::shaped(4, 6, 6, Some(5)).unwrap();
        assert!(!boxless.has_boxes() && boxless.box_of(0).is_none());
        assert_eq!(
            Geometry::of_size(7).unwrap().box_of(0),
            None,
            "a 7x7 has no boxes"
        );
        assert_eq!(g.row_cells(1), (8..16).collect::<Vec<_>>());
        assert_eq!(g.col_cells(2), [2, 10, 18, 26, 34, 42]);
        for b in 0..g.box_count() {
            let cells: Vec<usize> = (0..8).map(|i| g.box_cell(b, i)).collect();
            assert!(
                cells.iter().all(|&p| g.live(p) && g.box_of(p) == Some(b)),
                "box {b}"
            );
        }
        // A square of N values is the plain N×N; a shaped grid needs enough values, of a size.
        assert!(!Geometry::shaped(9, 9, 9, None).unwrap().is_shaped());
        assert!(Geometry::shaped(6, 8, 7, None).is_err());
        assert!(Geometry::shaped(6, 6, 17, None).is_err());
        assert!(Geometry::shaped(6, 6, 9, Some(10)).is_err());
    }

    #[test]
    fn counts_name_the_sizes_around_them() {
        assert_eq!(Geometry::for_cells(36).map(Geometry::size), Some(6));
        assert_eq!(Geometry::for_cells(49).map(Geometry::size), Some(7));
        assert_eq!(Geometry::for_cells(400), None);
        assert_eq!(nearest_counts(80), "64 (8x8) or 81 (9x9)");
        assert_eq!(nearest_counts(3), "16 (4x4)");
        assert_eq!(nearest_counts(700), "625 (25x25)");
        assert_eq!(nearest_counts(300), "256 (16x16) or 625 (25x25)");
    }
}
