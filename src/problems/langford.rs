//! Langford pairs of order N: put two copies of each number k in 1..=N into 2N slots so that exactly k
//! numbers lie between the two copies of k (such as 2 3 1 2 1 3 for N = 3).
//!
//! As in TAOCP 7.2.2.1: the items are the numbers `1`..`N` and the slots `s1`..`s{2N}`, all primary;
//! the option `k s{j} s{j+k+1}` puts the copies of k in slots j and j + k + 1. Solutions exist only
//! when N mod 4 is 0 or 3.
//!
//! Every solution read backwards is another solution, never itself (see below). With `distinct`, the
//! encoding keeps one of each such pair: the options of the number 1 are restricted to first slots
//! j ≤ N - 1, the left half of its possible first slots 1..=2N-2. Reversal maps slot p to 2N + 1 - p,
//! so the pair (j, j + 2) goes to (2N - 1 - j, 2N + 1 - j): its first slot j becomes 2N - 1 - j, which
//! is never j (2j = 2N - 1 is odd), and exactly one of j, 2N - 1 - j is at most N - 1. So no solution is
//! its own mirror image, and exactly one of every solution and its mirror survives: the count is
//! halved exactly.

use super::ProblemKind;
use super::{Board, InputError, Problem};
use crate::core::{Instance, Links};
use crate::figures::ways;
use crate::problems::words::number;

pub const MIN_N: usize = 1;
pub const MAX_N: usize = 64;

pub struct Langford {
    n: usize,
    distinct: bool,
    inst: Instance,
    /// `placed[o]`: the number of option o and its first slot (from 1).
    placed: Vec<(usize, usize)>,
}

impl Langford {
    pub fn new(n: usize, distinct: bool) -> Result<Langford, InputError> {
        InputError::check_range("N for Langford pairs", n, MIN_N, MAX_N)?;
        let primary = (1..=n)
            .map(|k| k.to_string())
            .chain((1..=2 * n).map(|j| format!("s{j}")));
        let mut inst = Instance::new(primary, Vec::<String>::new()).expect("names are distinct");
        let mut placed = Vec::new();
        // Item of slot j (from 1).
        let slot = |j: usize| n + j - 1;
        for k in 1..=n {
            // The second copy, in slot j + k + 1, must fit in 2n slots.
            let last = (2 * n).saturating_sub(k + 1);
            let last = if distinct && k == 1 {
                last.min(n - 1)
            } else {
                last
            };
            for j in 1..=last {
                inst.add_option(&[k - 1, slot(j), slot(j + k + 1)])
                    .expect("items are distinct");
                placed.push((k, j));
            }
        }
        Ok(Langford {
            n,
            distinct,
            inst,
            placed,
        })
    }

    /// The number placed by option `o` and its two slots (from 1).
    pub fn pair(&self, o: usize) -> (usize, usize, usize) {
        let (k, j) = self.placed[o];
        (k, j, j + k + 1)
    }
}

impl Problem for Langford {
    fn title(&self) -> String {
        let up_to = if self.distinct {
            ", up to reversal"
        } else {
            ""
        };
        format!("Langford pairs of order {}{up_to}", self.n)
    }

    fn instance(&self) -> &Instance {
        &self.inst
    }

    /// "the two 4s can be placed three ways", "slot 4 can be filled two ways", from the names `4`
    /// and `s4`.
    fn item_words(&self, _: &Links, i: usize, len: u32) -> Option<String> {
        let (name, len) = (self.inst.item_name(i), u64::from(len));
        if number(name) {
            Some(format!("the two {name}s can be placed {}", ways(len)))
        } else {
            let p = name.strip_prefix('s').filter(|p| number(p))?;
            Some(format!("slot {p} can be filled {}", ways(len)))
        }
    }

    /// One row of 2N cells, each the number in that slot (0 empty); the text is the sequence separated
    /// by spaces, `.` for an empty slot.
    fn board(&self, options: &[usize]) -> Board {
        let n = self.n;
        let mut cells = vec![0; 2 * n];
        for &o in options {
            let (k, a, b) = self.pair(o);
            cells[a - 1] = k as i32;
            cells[b - 1] = k as i32;
        }
        let labels: Vec<String> = std::iter::once(".".to_string())
            .chain((1..=n).map(|k| k.to_string()))
            .collect();
        let text = cells
            .iter()
            .map(|&k| labels[k as usize].as_str())
            .collect::<Vec<_>>()
            .join(" ");
        Board {
            regions: Vec::new(),
            kind: ProblemKind::Langford,
            rows: 1,
            cols: 2 * n,
            cells,
            labels,
            text,
            ..Board::default()
        }
    }

    fn check(&self, board: &Board) -> Result<(), String> {
        let len = board.cols;
        if board.rows != 1 || !len.is_multiple_of(2) || board.cells.len() != len {
            return Err(format!(
                "board is {}x{}, not one row of 2N cells",
                board.rows, board.cols
            ));
        }
        let n = len / 2;
        // Slots (from 1) where each number was seen.
        let mut at: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for (p, &k) in board.cells.iter().enumerate() {
            if !(1..=n as i32).contains(&k) {
                return Err(format!(
                    "slot {} holds {k}, not a number from 1 to {n}",
                    p + 1
                ));
            }
            at[k as usize].push(p + 1);
        }
        for (k, slots) in at.iter().enumerate().skip(1) {
            match slots[..] {
                [a, b] if b - a == k + 1 => {}
                [a, b] => {
                    return Err(format!(
                        "the two {k}s, in slots {a} and {b}, have {} numbers between them, not {k}",
                        b - a - 1
                    ))
                }
                [_] => return Err(format!("{k} appears once, not twice")),
                _ => return Err(format!("{k} appears {} times, not twice", slots.len())),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_and_options() {
        let l = Langford::new(3, false).unwrap();
        let inst = l.instance();
        assert_eq!(inst.n_primary(), 9);
        assert_eq!(inst.n_items(), 9);
        // 1: slots 1..=4 first; 2: 1..=3; 3: 1..=2.
        assert_eq!(inst.n_options(), 4 + 3 + 2);
        assert_eq!(inst.option_text(0), "1 s1 s3");
        assert_eq!(inst.option_text(8), "3 s2 s6");
        assert_eq!(l.pair(8), (3, 2, 6));
        assert_eq!(l.title(), "Langford pairs of order 3");
        // Distinct: the 1s start in slot 1 or 2 only (of 1..=4).
        let d = Langford::new(3, true).unwrap();
        assert_eq!(d.instance().n_options(), 2 + 3 + 2);
        assert_eq!(d.instance().option_text(1), "1 s2 s4");
        assert_eq!(d.instance().option_text(2), "2 s1 s4");
        assert_eq!(d.title(), "Langford pairs of order 3, up to reversal");
        // N = 1 has no room for the pair at all.
        assert_eq!(Langford::new(1, false).unwrap().instance().n_options(), 0);
    }

    #[test]
    fn rejects_n_out_of_range() {
        let e = Langford::new(0, false).err().unwrap();
        assert_eq!(
            e.to_string(),
            "N for Langford pairs must be between 1 and 64, not 0"
        );
        assert!(Langford::new(65, true).is_err());
        assert!(Langford::new(64, true).is_ok());
    }

    #[test]
    fn board_text_and_check() {
        let l = Langford::new(3, false).unwrap();
        // 2 3 1 2 1 3: the 1s in slots 3 and 5, the 2s in 1 and 4, the 3s in 2 and 6.
        let sol = [2, 4, 8];
        let b = l.board(&sol);
        assert_eq!((b.kind, b.rows, b.cols), (ProblemKind::Langford, 1, 6));
        assert_eq!(b.cells, vec![2, 3, 1, 2, 1, 3]);
        assert_eq!(b.text, "2 3 1 2 1 3");
        l.check(&b).unwrap();
        let b = l.board(&sol[1..]);
        assert_eq!(b.text, "2 3 . 2 . 3");
        assert!(l.check(&b).unwrap_err().contains("slot 3 holds 0"));
        // A board the options cannot make: the 1s too far apart.
        let mut bad = l.board(&sol);
        bad.cells = vec![1, 2, 3, 2, 1, 3];
        assert_eq!(
            l.check(&bad).unwrap_err(),
            "the two 1s, in slots 1 and 5, have 3 numbers between them, not 1"
        );
        bad.cells = vec![2, 3, 1, 2, 3, 3];
        assert_eq!(l.check(&bad).unwrap_err(), "1 appears once, not twice");
        bad.cells = vec![2, 1, 1, 2, 1, 1];
        assert_eq!(l.check(&bad).unwrap_err(), "1 appears 4 times, not twice");
    }
}
