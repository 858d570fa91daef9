//! Domino tilings: cover an M×N board with dominoes (1×2 or 2×1), each cell covered once. The
//! simplest problem whose subproblems repeat: many ways of tiling the top rows leave the very same
//! cells below, so counting with memos (Knuth's DLX6, `core::memo`) folds the search tree into a DAG
//! and counts 8×8's 12,988,816 tilings in a few thousand nodes.
//!
//! As in TAOCP 7.2.2.1, the items are the cells `r1c1` … `rMcN` (row, then column, from 1, as the
//! other boards name theirs), all primary; each option is a domino, the two cells it covers, placed
//! across (`rIcJ rIcJ+1`) or down (`rIcJ rI+1cJ`), in the order of their first cell, across before
//! down.

use super::words::{cell, number};
use super::ProblemKind;
use super::{Board, InputError, Problem};
use crate::core::{Instance, Links};
use crate::figures::ways;

/// The least and most rows and columns.
pub const MIN_SIDE: usize = 1;
pub const MAX_SIDE: usize = 32;

/// The boards the page offers (any `MxN` within the bounds loads).
pub const BOARDS: [&str; 7] = ["4x4", "2x2", "3x4", "4x5", "6x6", "6x8", "8x8"];

pub struct Dominoes {
    rows: usize,
    cols: usize,
    inst: Instance,
    /// The two cells (row-major indices) of each option.
    cells: Vec<(usize, usize)>,
}

/// The rows and columns of a board named `MxN` (also `M×N` or `M N`): each a whole number within
/// the bounds. The message says which number is wrong and how.
pub fn parse_size(text: &str) -> Result<(usize, usize), InputError> {
    let t = text.trim();
    let parts: Vec<&str> = t
        .split(|c: char| c == 'x' || c == 'X' || c == '×' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() != 2 {
        return Err(InputError::new(format!(
            "the board `{}` is not rows x columns: give two numbers, as in 4x4 or `4 4`",
            super::escape_controls(t)
        )));
    }
    let mut side = [0; 2];
    for (s, (what, p)) in side
        .iter_mut()
        .zip(["rows", "columns"].into_iter().zip(parts))
    {
        if !number(p) {
            return Err(InputError::new(format!(
                "the board's {what} `{}` is not a whole number",
                super::escape_controls(p)
            )));
        }
        let n: usize = p
            .parse()
            .map_err(|_| InputError::new(format!("the board's {what} = {p} is far too large")))?;
        InputError::check_range(&format!("the board's {what}"), n, MIN_SIDE, MAX_SIDE)?;
        *s = n;
    }
    Ok((side[0], side[1]))
}

impl Dominoes {
    /// The board named `MxN` (see [`parse_size`]).
    pub fn parse(text: &str) -> Result<Dominoes, InputError> {
        let (m, n) = parse_size(text)?;
        Dominoes::new(m, n)
    }

    pub fn new(rows: usize, cols: usize) -> Result<Dominoes, InputError> {
        InputError::check_range("the board's rows", rows, MIN_SIDE, MAX_SIDE)?;
        InputError::check_range("the board's columns", cols, MIN_SIDE, MAX_SIDE)?;
        let names = (0..rows).flat_map(|r| (0..cols).map(move |c| format!("r{}c{}", r + 1, c + 1)));
        let mut inst = Instance::new(names, Vec::<String>::new()).expect("names are distinct");
        let mut cells = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let a = r * cols + c;
                if c + 1 < cols {
                    cells.push((a, a + 1));
                }
                if r + 1 < rows {
                    cells.push((a, a + cols));
                }
            }
        }
        for &(a, b) in &cells {
            inst.add_option(&[a, b]).expect("items are distinct");
        }
        Ok(Dominoes {
            rows,
            cols,
            inst,
            cells,
        })
    }

    /// The two cells (row-major) of option `k`.
    pub fn domino(&self, k: usize) -> (usize, usize) {
        self.cells[k]
    }
}

impl Problem for Dominoes {
    fn title(&self) -> String {
        format!("Domino tilings {}x{}", self.rows, self.cols)
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    /// Each domino placed is its own number from 1 (in the order given), on both its cells, so the
    /// board draws a border between any two dominoes; the text draws a domino across as `-` and one
    /// down as `|`, an empty cell `.`.
    fn board(&self, options: &[usize]) -> Board {
        let mut cells = vec![0; self.rows * self.cols];
        let mut text: Vec<u8> = vec![b'.'; self.rows * self.cols];
        for (d, &k) in options.iter().enumerate() {
            let (a, b) = self.cells[k];
            cells[a] = d as i32 + 1;
            cells[b] = d as i32 + 1;
            let ch = if b == a + 1 { b'-' } else { b'|' };
            text[a] = ch;
            text[b] = ch;
        }
        let text = text
            .chunks(self.cols)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect::<Vec<_>>()
            .join("\n");
        let labels = std::iter::once(".".to_string())
            .chain((1..=options.len()).map(|_| String::new()))
            .collect();
        Board {
            regions: Vec::new(),
            kind: ProblemKind::Dominoes,
            rows: self.rows,
            cols: self.cols,
            cells,
            labels,
            text,
            ..Board::default()
        }
    }

    /// "r1c1-r1c2": the domino's two cells.
    fn label(&self, k: usize) -> String {
        let (a, b) = self.cells[k];
        let name = |x: usize| format!("r{}c{}", x / self.cols + 1, x % self.cols + 1);
        format!("{}-{}", name(a), name(b))
    }

    /// "cell r3c5 can be covered two ways".
    fn item_words(&self, _: &Links, i: usize, len: u32) -> Option<String> {
        let name = self.inst.item_name(i);
        cell(name)?;
        Some(format!(
            "cell {name} can be covered {}",
            ways(u64::from(len))
        ))
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let (m, n) = (board.rows, board.cols);
        if (m, n) != (self.rows, self.cols) || board.cells.len() != m * n {
            return Err(format!("board is {m}x{n}, not {}x{}", self.rows, self.cols));
        }
        // Where each domino number was seen.
        let mut at: Vec<Vec<usize>> = vec![Vec::new(); m * n / 2 + 1];
        for (p, &v) in board.cells.iter().enumerate() {
            let (r, c) = (p / n + 1, p % n + 1);
            if v < 1 || v as usize >= at.len() {
                return Err(format!("cell r{r}c{c} is not covered by a domino"));
            }
            at[v as usize].push(p);
        }
        for (d, cells) in at.iter().enumerate().skip(1) {
            match cells[..] {
                [a, b] if (b == a + 1 && b % n != 0) || b == a + n => {}
                _ => {
                    return Err(format!(
                        "domino {d} covers {} cells that are not two side by side",
                        cells.len()
                    ))
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Count, Search};

    fn count(m: usize, n: usize) -> u64 {
        let d = Dominoes::new(m, n).unwrap();
        let mut s = Search::new(d.instance());
        s.run(&mut Count);
        s.stats().solutions
    }

    #[test]
    fn counts_match_the_closed_forms() {
        // Kasteleyn's formula's values (OEIS A004003 for 2n x 2n, A001835 for 3 x 2n).
        assert_eq!(count(2, 2), 2);
        assert_eq!(count(4, 4), 36);
        assert_eq!(count(3, 4), 11);
        assert_eq!(count(3, 3), 0);
        assert_eq!(count(6, 6), 6728);
        assert_eq!(count(1, 5), 0);
        assert_eq!(count(1, 4), 1);
    }

    #[test]
    fn items_options_and_labels_in_knuths_style() {
        let d = Dominoes::new(2, 3).unwrap();
        let inst = d.instance();
        assert_eq!(
            (inst.n_items(), inst.n_primary(), inst.n_options()),
            (6, 6, 7)
        );
        assert_eq!(inst.item_name(0), "r1c1");
        assert_eq!(inst.item_name(5), "r2c3");
        assert_eq!(inst.option_text(0), "r1c1 r1c2");
        assert_eq!(inst.option_text(1), "r1c1 r2c1");
        assert_eq!(d.label(1), "r1c1-r2c1");
        assert_eq!(d.title(), "Domino tilings 2x3");
    }

    #[test]
    fn board_draws_and_checks_a_tiling() {
        let d = Dominoes::new(2, 3).unwrap();
        // r1c1-r2c1 down, then r1c2-r1c3 and r2c2-r2c3 across.
        let b = d.board(&[1, 2, 6]);
        assert_eq!(b.kind, ProblemKind::Dominoes);
        assert_eq!(b.text, "|--\n|--");
        assert_eq!(b.cells, vec![1, 2, 2, 1, 3, 3]);
        d.check(&b).unwrap();
        let part = d.board(&[1]);
        assert_eq!(part.text, "|..\n|..");
        let e = d.check(&part).unwrap_err();
        assert_eq!(e, "cell r1c2 is not covered by a domino");
        // Two cells of one number that do not touch (across a row's end).
        let mut bad = b.clone();
        bad.cells = vec![1, 2, 3, 2, 1, 3];
        assert!(d.check(&bad).unwrap_err().contains("domino 1"));
    }

    #[test]
    fn bad_sizes_say_what_and_where() {
        assert_eq!(parse_size("4x4").unwrap(), (4, 4));
        assert_eq!(parse_size(" 6 8 ").unwrap(), (6, 8));
        assert_eq!(parse_size("6×8").unwrap(), (6, 8));
        let e = |t: &str| Dominoes::parse(t).err().unwrap().to_string();
        assert_eq!(e("0x4"), "the board's rows must be between 1 and 32, not 0");
        assert_eq!(
            e("4x33"),
            "the board's columns must be between 1 and 32, not 33"
        );
        assert_eq!(e("4xa"), "the board's columns `a` is not a whole number");
        assert!(e("4").contains("not rows x columns"), "{}", e("4"));
        assert!(e("4x4x4").contains("not rows x columns"));
        assert!(e("99999999999999999999999x2").contains("far too large"));
    }
}
