//! `Num`: a count of solutions, a `u128` until a sum or product overflows it, then a `BigUint`
//! (`num-bigint`), so that counts past 2^128 stay exact and the common case costs no allocation.

use num_bigint::BigUint;
use std::fmt;

/// A non-negative count: `Small` while it fits 128 bits, `Big` from the first overflow on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Num {
    Small(u128),
    Big(BigUint),
}

impl Default for Num {
    fn default() -> Num {
        Num::Small(0)
    }
}

impl From<u128> for Num {
    fn from(v: u128) -> Num {
        Num::Small(v)
    }
}

impl From<BigUint> for Num {
    /// Kept small where it fits, so that equal counts compare equal whichever way they were made.
    fn from(v: BigUint) -> Num {
        match u128::try_from(&v) {
            Ok(s) => Num::Small(s),
            Err(_) => Num::Big(v),
        }
    }
}

impl Num {
    pub const ZERO: Num = Num::Small(0);
    pub const ONE: Num = Num::Small(1);

    pub fn is_zero(&self) -> bool {
        matches!(self, Num::Small(0))
    }

    /// The count as a big integer (for arithmetic the fast path does not cover).
    pub fn to_big(&self) -> BigUint {
        match self {
            Num::Small(v) => BigUint::from(*v),
            Num::Big(b) => b.clone(),
        }
    }

    /// The count if it fits 64 bits (the JSON's plain number).
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            Num::Small(v) => u64::try_from(*v).ok(),
            Num::Big(_) => None,
        }
    }

    /// `self += other`, exact: checked `u128` addition, a big integer past it.
    pub fn add(&mut self, other: &Num) {
        if let (Num::Small(a), Num::Small(b)) = (&*self, other) {
            if let Some(s) = a.checked_add(*b) {
                *self = Num::Small(s);
                return;
            }
        }
        *self = Num::from(self.to_big() + other.to_big());
    }

    /// `self * other`, exact: checked `u128` multiplication, a big integer past it.
    pub fn mul(&self, other: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if let Some(p) = a.checked_mul(*b) {
                return Num::Small(p);
            }
        }
        Num::from(self.to_big() * other.to_big())
    }

    /// Bytes this count holds on the heap (a big integer's digits), for the memory budget.
    pub fn heap_bytes(&self) -> usize {
        match self {
            Num::Small(_) => 0,
            Num::Big(b) => b.bits().div_ceil(64) as usize * 8,
        }
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Small(v) => write!(f, "{v}"),
            Num::Big(b) => write!(f, "{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_products_carry_past_128_bits_exactly() {
        let mut a = Num::Small(u128::MAX);
        a.add(&Num::ONE);
        assert_eq!(a.to_string(), "340282366920938463463374607431768211456");
        assert!(matches!(a, Num::Big(_)));
        let sq = Num::Small(1 << 100).mul(&Num::Small(1 << 100));
        assert_eq!(sq.to_big(), BigUint::from(1u8) << 200usize);
        // A big value that fits again is small, so equal counts compare equal.
        assert_eq!(Num::from(BigUint::from(7u8)), Num::Small(7));
        let mut s = Num::Small(2);
        s.add(&Num::Small(3));
        assert_eq!((s.clone(), s.to_u64()), (Num::Small(5), Some(5)));
        assert_eq!(Num::Small(u128::MAX).to_u64(), None);
    }
}
