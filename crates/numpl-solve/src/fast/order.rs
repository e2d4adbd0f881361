//! Value orders: which value a search tries next at a branch on a cell. [`LowestFirst`]
//! is the order of [`solve`](crate::solve) and counting; [`KnownFirst`] and closures are
//! what the generator steers the [`Searcher`](crate::Searcher) with.

/// Chooses the value a search tries next at a branch.
///
/// A closure `FnMut(cell, untried) -> value` is a `ValueOrder`.
pub trait ValueOrder {
    /// The value to try next in `cell` (reading order index). `untried` holds the cell's
    /// candidates not tried yet at this branch (value `v` is bit `v - 1`; never empty); the
    /// answer must be one of them.
    fn next(&mut self, cell: usize, untried: u64) -> u8;
}

/// Smallest value first: the order of [`solve`](crate::solve).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LowestFirst;

impl ValueOrder for LowestFirst {
    #[inline]
    fn next(&mut self, _cell: usize, untried: u64) -> u8 {
        untried.trailing_zeros() as u8 + 1
    }
}

/// The value a known grid (values in reading order, 0 = none) has in the cell first, while
/// it is untried; then smallest first. A search in this order finds a solution close to the
/// known grid quickly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownFirst<'a>(pub &'a [u8]);

impl ValueOrder for KnownFirst<'_> {
    #[inline]
    fn next(&mut self, cell: usize, untried: u64) -> u8 {
        let v = self.0[cell];
        if v != 0 && untried >> (v - 1) & 1 == 1 {
            v
        } else {
            untried.trailing_zeros() as u8 + 1
        }
    }
}

impl<F: FnMut(usize, u64) -> u8> ValueOrder for F {
    #[inline]
    fn next(&mut self, cell: usize, untried: u64) -> u8 {
        self(cell, untried)
    }
}
