//! N-queens: place N queens on an N×N board, no two in the same rank, file or diagonal.
//!
//! Ranks `r0..` and files `c0..` are primary (each holds exactly one queen); the diagonals `a{i+j}` and
//! anti-diagonals `b{i-j+n-1}` are secondary (each holds at most one) — with diagonals primary there
//! would be no solution at all, since 2n - 1 diagonals cannot all be occupied by n queens. Ranks and
//! files are listed in Knuth's organ-pipe order (middle first, then outwards), which makes the
//! minimum-remaining-values choice break ties towards the centre, where the most is constrained, so
//! the tree is smaller than with the natural order.

use super::ProblemKind;
use super::{Board, InputError, Problem};
use crate::core::{Instance, Links};
use crate::figures::things;
use crate::problems::words::number;

pub const MIN_N: usize = 1;
pub const MAX_N: usize = 64;

pub struct Queens {
    n: usize,
    inst: Instance,
}

/// `0..n` from the middle outwards: for n = 8, 3 4 2 5 1 6 0 7 (Knuth's organ-pipe order).
pub fn organ_pipe(n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    v.sort_by_key(|&i| {
        ((2 * i) as isize - (n as isize - 1)).unsigned_abs() * 2 + usize::from(2 * i > n - 1)
    });
    v
}

impl Queens {
    pub fn new(n: usize) -> Result<Queens, InputError> {
        InputError::check_range("N for N-queens", n, MIN_N, MAX_N)?;
        let order = organ_pipe(n);
        let mut primary = Vec::with_capacity(2 * n);
        for &v in &order {
            // Ranks and files from 1, as Sudoku names its rows and columns.
            primary.push(format!("r{}", v + 1));
            primary.push(format!("c{}", v + 1));
        }
        let secondary = (0..2 * n - 1)
            .map(|d| format!("a{}", d + 1))
            .chain((0..2 * n - 1).map(|d| format!("b{}", d + 1)));
        let mut inst = Instance::new(primary, secondary).expect("names are distinct");
        // Position of rank/file v in the organ-pipe list.
        let mut pos = vec![0; n];
        for (k, &v) in order.iter().enumerate() {
            pos[v] = k;
        }
        for i in 0..n {
            for j in 0..n {
                let (a, b) = (i + j, i + n - 1 - j);
                inst.add_option(&[2 * pos[i], 2 * pos[j] + 1, 2 * n + a, 4 * n - 1 + b])
                    .expect("items are distinct");
            }
        }
        Ok(Queens { n, inst })
    }

    /// The square (rank, file) of option `k`.
    pub fn square(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }
}

/// What a rank `r3` or file `c5` with `len` squares left says: "row 3 has two free squares for its
/// queen" (toroidal queens name theirs alike); `None` for a diagonal.
pub(crate) fn line_words(name: &str, len: u64) -> Option<String> {
    let (unit, k) = match name.split_at(1) {
        ("r", k) if number(k) => ("row", k),
        ("c", k) if number(k) => ("column", k),
        _ => return None,
    };
    Some(format!(
        "{unit} {k} has {} for its queen",
        things(len, "free square", "free squares")
    ))
}

/// A board of queens as `n` lines of `.` and `Q`.
pub(crate) fn queens_board(
    kind: ProblemKind,
    n: usize,
    squares: impl Iterator<Item = (usize, usize)>,
) -> Board {
    let mut cells = vec![0; n * n];
    for (i, j) in squares {
        cells[i * n + j] = 1;
    }
    let mut text = String::with_capacity(n * (n + 1));
    for row in cells.chunks(n) {
        text.extend(row.iter().map(|&c| if c == 1 { 'Q' } else { '.' }));
        text.push('\n');
    }
    text.pop();
    Board {
        regions: Vec::new(),
        kind,
        rows: n,
        cols: n,
        cells,
        labels: vec![".".into(), "Q".into()],
        text,
        ..Board::default()
    }
}

/// The queens of a board, with a message if it does not have one queen a rank.
pub(crate) fn queens_of(board: &Board) -> Result<Vec<(usize, usize)>, String> {
    let n = board.rows;
    if board.cols != n || board.cells.len() != n * n {
        return Err(format!(
            "board is {}x{}, not square",
            board.rows, board.cols
        ));
    }
    let q: Vec<(usize, usize)> = (0..n * n)
        .filter(|&k| board.cells[k] == 1)
        .map(|k| (k / n, k % n))
        .collect();
    if q.len() != n {
        return Err(format!("{} queens on an {n}x{n} board", q.len()));
    }
    Ok(q)
}

impl Problem for Queens {
    fn title(&self) -> String {
        format!("{}-queens", self.n)
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    fn board(&self, options: &[usize]) -> Board {
        queens_board(
            ProblemKind::Queens,
            self.n,
            options.iter().map(|&k| self.square(k)),
        )
    }

    /// "Q r3c5": a queen on rank 3, file 5 (from 1), named as the items r3 and c5.
    fn label(&self, k: usize) -> String {
        let (i, j) = self.square(k);
        format!("Q r{}c{}", i + 1, j + 1)
    }

    fn item_words(&self, _: &Links, i: usize, len: u32) -> Option<String> {
        line_words(self.inst.item_name(i), u64::from(len))
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let q = queens_of(board)?;
        for (x, &(i, j)) in q.iter().enumerate() {
            for &(k, l) in &q[..x] {
                if i == k || j == l || i + l == j + k || i + j == k + l {
                    return Err(format!(
                        "queens at ({i},{j}) and ({k},{l}) attack each other"
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
    use crate::core::{Event, Search, Status};
    use std::ops::ControlFlow;

    #[test]
    fn organ_pipe_starts_in_the_middle() {
        assert_eq!(organ_pipe(8), vec![3, 4, 2, 5, 1, 6, 0, 7]);
        assert_eq!(organ_pipe(5), vec![2, 1, 3, 0, 4]);
        assert_eq!(organ_pipe(1), vec![0]);
    }

    #[test]
    fn counts_for_n_1_to_10_and_every_board_is_legal() {
        let want = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for n in 1..=10 {
            let q = Queens::new(n).unwrap();
            let mut s = Search::new(q.instance());
            let mut seen = std::collections::HashSet::new();
            let status = s.run(&mut |ev: Event, s: &Search| {
                if let Event::Solution { .. } = ev {
                    let b = q.board(&s.solution());
                    q.check(&b).unwrap();
                    assert!(seen.insert(b.text));
                }
                ControlFlow::Continue(())
            });
            assert_eq!(status, Status::Done);
            assert_eq!(s.stats().solutions, want[n - 1], "n = {n}");
            assert_eq!(seen.len() as u64, want[n - 1]);
        }
    }

    #[test]
    fn rejects_n_out_of_range_and_bad_boards() {
        let e = Queens::new(0).err().unwrap();
        assert_eq!(
            e.to_string(),
            "N for N-queens must be between 1 and 64, not 0"
        );
        assert!(Queens::new(65).is_err());
        let q = Queens::new(4).unwrap();
        // Two queens on one diagonal.
        let b = q.board(&[0, 5, 11, 14]);
        assert!(q.check(&b).unwrap_err().contains("attack"));
        assert!(q.check(&q.board(&[1])).is_err());
        assert_eq!(q.board(&[1, 7, 8, 14]).text, ".Q..\n...Q\nQ...\n..Q.");
    }
}
