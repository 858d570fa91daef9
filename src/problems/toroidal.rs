//! Toroidal N-queens: N queens on an N×N board whose edges wrap around, so that every diagonal is a
//! closed loop of N squares. No two queens share a rank, a file, a diagonal or an anti-diagonal.
//!
//! On the torus there are exactly N diagonals `a{(i+j) mod n}` and N anti-diagonals `b{(i-j) mod n}`,
//! each of N squares, and N queens must occupy N distinct ones of each kind: so all four families of
//! items are primary, unlike plain N-queens where the 2N - 1 diagonals can only be secondary. That makes
//! the problem much tighter (solutions exist only when N is prime to 6). The torus looks the same from
//! every square, so the organ-pipe order of [`super::queens`] would gain nothing: items are in natural
//! order.

use super::queens::{queens_board, queens_of};
use super::ProblemKind;
use super::{Board, InputError, Problem};
use crate::core::{Instance, Links};

pub const MIN_N: usize = 1;
pub const MAX_N: usize = 64;

pub struct ToroidalQueens {
    n: usize,
    inst: Instance,
}

impl ToroidalQueens {
    pub fn new(n: usize) -> Result<ToroidalQueens, InputError> {
        InputError::check_range("N for toroidal N-queens", n, MIN_N, MAX_N)?;
        // From 1, as Sudoku names its rows and columns.
        let names = |p: char| (1..=n).map(move |v| format!("{p}{v}"));
        let primary = names('r')
            .chain(names('c'))
            .chain(names('a'))
            .chain(names('b'));
        let mut inst = Instance::new(primary, Vec::<String>::new()).expect("names are distinct");
        for i in 0..n {
            for j in 0..n {
                let (a, b) = ((i + j) % n, (i + n - j) % n);
                inst.add_option(&[i, n + j, 2 * n + a, 3 * n + b])
                    .expect("items are distinct");
            }
        }
        Ok(ToroidalQueens { n, inst })
    }

    /// The square (rank, file) of option `k`.
    pub fn square(&self, k: usize) -> (usize, usize) {
        (k / self.n, k % self.n)
    }
}

impl Problem for ToroidalQueens {
    fn title(&self) -> String {
        format!("{}-queens on a torus", self.n)
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    fn board(&self, options: &[usize]) -> Board {
        queens_board(
            ProblemKind::ToroidalQueens,
            self.n,
            options.iter().map(|&k| self.square(k)),
        )
    }

    /// "Q r3c5", as on the ordinary board.
    fn label(&self, k: usize) -> String {
        format!("Q r{}c{}", k / self.n + 1, k % self.n + 1)
    }

    /// As [`Queens`](super::queens::Queens)' ranks and files; the diagonals have no words.
    fn item_words(&self, _: &Links, i: usize, len: u32) -> Option<String> {
        super::queens::line_words(self.inst.item_name(i), u64::from(len))
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let q = queens_of(board)?;
        let n = board.rows;
        for (x, &(i, j)) in q.iter().enumerate() {
            for &(k, l) in &q[..x] {
                // Same diagonal on the torus: i - k ≡ ±(j - l) (mod n).
                let (di, dj) = ((i + n - k) % n, (j + n - l) % n);
                if di == 0 || dj == 0 || di == dj || (di + dj) % n == 0 {
                    return Err(format!(
                        "queens at ({i},{j}) and ({k},{l}) attack each other on the torus"
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

    #[test]
    fn items_are_all_primary_and_options_are_squares() {
        let t = ToroidalQueens::new(5).unwrap();
        let inst = t.instance();
        assert_eq!(
            (inst.n_items(), inst.n_primary(), inst.n_options()),
            (20, 20, 25)
        );
        // Square (3, 4): diagonal 7 mod 5 = 2, anti-diagonal -1 mod 5 = 4.
        assert_eq!(inst.option_text(3 * 5 + 4), "r4 c5 a3 b5");
        assert_eq!(t.label(3 * 5 + 4), "Q r4c5");
        assert_eq!(t.square(19), (3, 4));
        assert_eq!(t.title(), "5-queens on a torus");
    }

    #[test]
    fn rejects_n_out_of_range() {
        let e = ToroidalQueens::new(0).err().unwrap();
        assert_eq!(
            e.to_string(),
            "N for toroidal N-queens must be between 1 and 64, not 0"
        );
        assert!(ToroidalQueens::new(65).is_err());
        assert!(ToroidalQueens::new(64).is_ok());
    }

    #[test]
    fn check_sees_attacks_across_the_edges() {
        let t = ToroidalQueens::new(5).unwrap();
        // The knight's-move solution: queen (i, 2i mod 5).
        let good: Vec<usize> = (0..5).map(|i| i * 5 + (2 * i) % 5).collect();
        let b = t.board(&good);
        assert_eq!(b.kind, ProblemKind::ToroidalQueens);
        assert_eq!(b.text, "Q....\n..Q..\n....Q\n.Q...\n...Q.");
        t.check(&b).unwrap();
        // A plane 6-queens solution fails on the torus: (2,5) and (0,1) share a wrapped diagonal.
        let t6 = ToroidalQueens::new(6).unwrap();
        let b = t6.board(&[1, 6 + 3, 12 + 5, 18, 24 + 2, 30 + 4]);
        assert_eq!(b.text, ".Q....\n...Q..\n.....Q\nQ.....\n..Q...\n....Q.");
        let e = t6.check(&b).unwrap_err();
        assert!(e.contains("(2,5) and (0,1)"), "{e}");
        // The other diagonals wrap too: (0,0) and (1,4) have i + j ≡ 0 (mod 5).
        let b = t.board(&[0, 5 + 4, 10 + 2, 15 + 3, 20 + 1]);
        let e = t.check(&b).unwrap_err();
        assert!(e.contains("(1,4) and (0,0)"), "{e}");
        // Partial boards decode but are not solutions.
        assert!(t.check(&t.board(&[0])).is_err());
    }
}
