//! Latin squares of order N: fill an N×N square with N symbols so that each row and each column holds
//! every symbol once.
//!
//! Three families of N² primary items, as for Sudoku without the boxes: each cell `r{i}c{j}` holds one
//! symbol, each row has each symbol once (`r{i}s{x}`), and so has each column (`c{j}s{x}`). Option
//! `(i·N + j)·N + x - 1` puts symbol x in cell (i, j). Symbols print as 1–9 then A–Z, so N ≤ 35; the
//! item names use the printed symbol, e.g. `r0sA`.

use super::ProblemKind;
use super::{symbol, Board, InputError, Problem};
use crate::core::{Instance, Links};
use crate::figures::things;
use crate::problems::words::{cell, number};

pub const MIN_N: usize = 1;
pub const MAX_N: usize = 35;

pub struct Latin {
    n: usize,
    inst: Instance,
}

impl Latin {
    pub fn new(n: usize) -> Result<Latin, InputError> {
        InputError::check_range("the order N of a Latin square", n, MIN_N, MAX_N)?;
        let nn = n * n;
        let mut primary = Vec::with_capacity(3 * nn);
        for i in 0..n {
            for j in 0..n {
                // From 1, as Sudoku names its cells.
                primary.push(format!("r{}c{}", i + 1, j + 1));
            }
        }
        for p in ['r', 'c'] {
            for i in 0..n {
                for x in 1..=n {
                    primary.push(format!("{p}{}s{}", i + 1, symbol(x)));
                }
            }
        }
        let mut inst = Instance::new(primary, Vec::<String>::new()).expect("names are distinct");
        for i in 0..n {
            for j in 0..n {
                for x in 0..n {
                    inst.add_option(&[i * n + j, nn + i * n + x, 2 * nn + j * n + x])
                        .expect("items are distinct");
                }
            }
        }
        Ok(Latin { n, inst })
    }

    /// The cell (row, column) and symbol (from 1) of option `k`.
    pub fn entry(&self, k: usize) -> (usize, usize, usize) {
        let n = self.n;
        (k / (n * n), k / n % n, k % n + 1)
    }
}

impl Problem for Latin {
    fn title(&self) -> String {
        format!("Latin square of order {}", self.n)
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    /// "cell r1c1 can take three symbols", "symbol 2 can go in one place in column 1", read back
    /// from the names `r1c1`, `c1s2` (a symbol above 9, written as a letter, has no words).
    fn item_words(&self, _: &Links, i: usize, len: u32) -> Option<String> {
        let (name, len) = (self.inst.item_name(i), u64::from(len));
        if let Some((r, c)) = cell(name) {
            return Some(format!(
                "cell r{r}c{c} can take {}",
                things(len, "symbol", "symbols")
            ));
        }
        let (unit, v) = name.split_once('s')?;
        let (kind, k) = unit.split_at(1.min(unit.len()));
        let kind = match kind {
            "r" => "row",
            "c" => "column",
            _ => return None,
        };
        (number(k) && number(v)).then(|| {
            format!(
                "symbol {v} can go in {} in {kind} {k}",
                things(len, "place", "places")
            )
        })
    }

    /// Cells hold the symbol number (0 empty); the text is N lines of N symbols, `.` for empty.
    fn board(&self, options: &[usize]) -> Board {
        let n = self.n;
        let mut cells = vec![0; n * n];
        for &k in options {
            let (i, j, x) = self.entry(k);
            cells[i * n + j] = x as i32;
        }
        let labels: Vec<String> = std::iter::once(".".to_string())
            .chain((1..=n).map(|x| symbol(x).to_string()))
            .collect();
        let mut text = String::with_capacity(n * (n + 1));
        for row in cells.chunks(n) {
            text.extend(row.iter().map(|&x| labels[x as usize].as_str()));
            text.push('\n');
        }
        text.pop();
        Board {
            regions: Vec::new(),
            kind: ProblemKind::Latin,
            rows: n,
            cols: n,
            cells,
            labels,
            text,
            ..Board::default()
        }
    }

    /// "r1c2=2": symbol 2 in row 1, column 2 (from 1), named as the cell item r1c2.
    fn label(&self, k: usize) -> String {
        let (i, j, x) = self.entry(k);
        format!("r{}c{}={}", i + 1, j + 1, symbol(x))
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let n = board.rows;
        if board.cols != n || board.cells.len() != n * n {
            return Err(format!(
                "board is {}x{}, not square",
                board.rows, board.cols
            ));
        }
        for (k, &x) in board.cells.iter().enumerate() {
            if !(1..=n as i32).contains(&x) {
                return Err(format!(
                    "cell ({},{}) holds {x}, not a symbol from 1 to {n}",
                    k / n,
                    k % n
                ));
            }
        }
        // Each row and each column is a permutation of the symbols: n cells, no symbol twice.
        for (what, at) in [
            ("row", (|a, b| (a, b)) as fn(usize, usize) -> (usize, usize)),
            ("column", |a, b| (b, a)),
        ] {
            for a in 0..n {
                let mut seen = vec![false; n + 1];
                for b in 0..n {
                    let (i, j) = at(a, b);
                    let x = board.cells[i * n + j] as usize;
                    if std::mem::replace(&mut seen[x], true) {
                        return Err(format!("{what} {a} holds {} twice", symbol(x)));
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_options_and_symbols() {
        assert_eq!(symbol(1), '1');
        assert_eq!(symbol(9), '9');
        assert_eq!(symbol(10), 'A');
        assert_eq!(symbol(35), 'Z');
        let l = Latin::new(3).unwrap();
        let inst = l.instance();
        assert_eq!(
            (inst.n_items(), inst.n_primary(), inst.n_options()),
            (27, 27, 27)
        );
        // Cell (1, 2) from 0, symbol 3: named r2c3 (from 1, as Sudoku names cells).
        let k = (3 + 2) * 3 + 2;
        assert_eq!(l.entry(k), (1, 2, 3));
        assert_eq!(inst.option_text(k), "r2c3 r2s3 c3s3");
        assert_eq!(l.label(k), "r2c3=3");
        let big = Latin::new(12).unwrap();
        assert_eq!(big.instance().option_text(11), "r1c1 r1sC c1sC");
        assert_eq!(l.title(), "Latin square of order 3");
    }

    #[test]
    fn rejects_n_out_of_range() {
        let e = Latin::new(0).err().unwrap();
        assert_eq!(
            e.to_string(),
            "the order N of a Latin square must be between 1 and 35, not 0"
        );
        assert!(Latin::new(36).is_err());
        assert!(Latin::new(35).is_ok());
    }

    #[test]
    fn board_text_and_check() {
        let l = Latin::new(3).unwrap();
        let opt = |i: usize, j: usize, x: usize| (i * 3 + j) * 3 + x - 1;
        let cyclic: Vec<usize> = (0..3)
            .flat_map(|i| (0..3).map(move |j| opt(i, j, (i + j) % 3 + 1)))
            .collect();
        let b = l.board(&cyclic);
        assert_eq!(b.kind, ProblemKind::Latin);
        assert_eq!(b.text, "123\n231\n312");
        l.check(&b).unwrap();
        // A partial board shows `.` and is not a solution.
        let b = l.board(&cyclic[..4]);
        assert_eq!(b.text, "123\n2..\n...");
        assert!(l.check(&b).unwrap_err().contains("not a symbol"));
        // Rows are permutations but column 0 repeats 1.
        let rows_only: Vec<usize> = (0..3)
            .flat_map(|i| (0..3).map(move |j| opt(i, j, (j + usize::from(i == 2)) % 3 + 1)))
            .collect();
        let b = l.board(&rows_only);
        assert_eq!(b.text, "123\n123\n231");
        assert_eq!(l.check(&b).unwrap_err(), "column 0 holds 1 twice");
        // Symbols beyond 9 print as letters.
        let l = Latin::new(11).unwrap();
        assert_eq!(
            l.board(&[10, 11 + 9]).text.lines().next(),
            Some("BA.........")
        );
    }
}
