//! Candidate masks: a set of values as the bits of one `u64` (value v is bit v-1).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// A set of values 1..=64: value `v` is bit `v - 1`. Used for a cell's candidates and
/// for the values already placed in a unit.
///
/// Values outside `1..=64` are never in a mask: [`Mask::single`] gives the empty set for
/// them, [`Mask::contains`] says no, [`Mask::insert`] and [`Mask::remove`] do nothing.
///
/// ```
/// use numpl_core::Mask;
///
/// let m: Mask = [1, 5, 9].into_iter().collect();
/// assert_eq!(m.bits(), 0b1_0001_0001);
/// assert_eq!(m.to_string(), "{1,5,9}");
/// assert!(m.contains(5) && !m.contains(0));
/// assert_eq!(Mask::single(0), Mask::EMPTY);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mask(u64);

impl Mask {
    /// The empty set.
    pub const EMPTY: Mask = Mask(0);

    /// The set whose bits are `bits` (value `v` is bit `v - 1`).
    #[inline]
    pub const fn from_bits(bits: u64) -> Mask {
        Mask(bits)
    }

    /// The bits of the set (value `v` is bit `v - 1`).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The bit of `value`, 0 when it is outside `1..=64` (no branch).
    #[inline]
    const fn bit(value: u8) -> u64 {
        let i = value.wrapping_sub(1);
        ((i < 64) as u64) << (i & 63)
    }

    /// Every value `1..=n`.
    #[inline]
    pub const fn all(n: usize) -> Mask {
        if n >= 64 {
            Mask(u64::MAX)
        } else {
            Mask((1u64 << n) - 1)
        }
    }

    /// The set holding only `value` (1-based); the empty set when `value` is not in `1..=64`.
    #[inline]
    pub const fn single(value: u8) -> Mask {
        Mask(Mask::bit(value))
    }

    /// The number of values in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `value` (1-based) is in the set.
    #[inline]
    pub const fn contains(self, value: u8) -> bool {
        self.0 & Mask::bit(value) != 0
    }

    /// Adds `value` (nothing happens when it is not in `1..=64`).
    #[inline]
    pub fn insert(&mut self, value: u8) {
        self.0 |= Mask::bit(value);
    }

    /// Removes `value`.
    #[inline]
    pub fn remove(&mut self, value: u8) {
        self.0 &= !Mask::bit(value);
    }

    /// The smallest value in the set, if any.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The only value of a one-value set.
    #[inline]
    pub const fn single_value(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The values in increasing order.
    #[inline]
    pub fn iter(self) -> MaskIter {
        MaskIter(self.0)
    }
}

/// The values of a [`Mask`], smallest first.
#[derive(Clone, Debug)]
pub struct MaskIter(u64);

impl Iterator for MaskIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let v = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(v)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MaskIter {}

impl IntoIterator for Mask {
    type Item = u8;
    type IntoIter = MaskIter;
    fn into_iter(self) -> MaskIter {
        self.iter()
    }
}

impl FromIterator<u8> for Mask {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Mask {
        let mut m = Mask::EMPTY;
        for v in iter {
            m.insert(v);
        }
        m
    }
}

impl BitOr for Mask {
    type Output = Mask;
    #[inline]
    fn bitor(self, o: Mask) -> Mask {
        Mask(self.0 | o.0)
    }
}
impl BitOrAssign for Mask {
    #[inline]
    fn bitor_assign(&mut self, o: Mask) {
        self.0 |= o.0;
    }
}
impl BitAnd for Mask {
    type Output = Mask;
    #[inline]
    fn bitand(self, o: Mask) -> Mask {
        Mask(self.0 & o.0)
    }
}
impl BitAndAssign for Mask {
    #[inline]
    fn bitand_assign(&mut self, o: Mask) {
        self.0 &= o.0;
    }
}
impl BitXor for Mask {
    type Output = Mask;
    #[inline]
    fn bitxor(self, o: Mask) -> Mask {
        Mask(self.0 ^ o.0)
    }
}
impl Sub for Mask {
    type Output = Mask;
    /// Set difference.
    #[inline]
    fn sub(self, o: Mask) -> Mask {
        Mask(self.0 & !o.0)
    }
}
impl Not for Mask {
    type Output = Mask;
    /// The complement over all 64 bits; `&` it with [`Mask::all`] to stay in range.
    #[inline]
    fn not(self) -> Mask {
        Mask(!self.0)
    }
}

impl fmt::Debug for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Mask {
    /// `{1,5,9}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("}")
    }
}
