//! The pair test of the pair search (the restricted common values of two sets), for
//! sets of a few words known at compile time ([`Words`]) and of any size ([`AnyWords`]).

use super::{meets, Als, Cache};
use crate::human::bits::CellSet;

/// The pair test of the pair search, from one set `i` (its values and cells held) to
/// any set `j`: the restricted common values of the two when they share no cell (0 when
/// they share one).
pub(crate) trait PairTest<'c> {
    fn new(c: &'c Cache, i: usize) -> Self;
    fn test(&self, j: usize) -> u64;
}

/// [`PairTest`] for sets of `W` words (the usual sizes: the words known, the loops
/// unrolled, set `i`'s cells held): each set's `1 + 2n` blocks of `W` words in
/// `Cache::bits` taken as [`CellSet`]s. Only values live in both sets are tried: a
/// restricted common value x is live in both (an x-cell of one is a cell outside the
/// other holding x and seeing all its x-cells), so most pairs go on the first test.
pub(crate) struct Words<'c, const W: usize> {
    als: &'c [Als],
    blocks: &'c [CellSet<W>],
    live: u64,
    cells: CellSet<W>,
    /// Set `i`'s first block.
    base: usize,
}

impl<'c, const W: usize> PairTest<'c> for Words<'c, W> {
    #[inline(always)]
    fn new(c: &'c Cache, i: usize) -> Self {
        debug_assert_eq!(c.w, W);
        let blocks = c.bits.as_chunks::<W>().0;
        let a = &c.als[i];
        let base = a.off / W;
        Words {
            als: &c.als,
            blocks,
            live: a.live,
            cells: blocks[base],
            base,
        }
    }

    #[inline(always)]
    fn test(&self, j: usize) -> u64 {
        let a = &self.als[j];
        let live = self.live & a.live;
        if live == 0 {
            return 0;
        }
        let bj = a.off / W;
        let cells = &self.blocks[bj];
        let mut meet = 0;
        for (a, b) in self.cells.iter().zip(cells) {
            meet |= a & b;
        }
        if meet != 0 {
            return 0;
        }
        // Value x (bit x): j's x-cells are block 1 + 2x, the cells seeing all of i's
        // block 2 + 2x.
        let mut rcc = 0;
        let mut m = live;
        while m != 0 {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            let xj = &self.blocks[bj + 1 + 2 * x];
            let seeing = &self.blocks[self.base + 2 + 2 * x];
            let mut out = 0;
            for (x, s) in xj.iter().zip(seeing) {
                out |= x & !s;
            }
            if out == 0 {
                rcc |= 1u64 << x;
            }
        }
        rcc
    }
}

/// [`PairTest`] for any number of words: the plain tests.
pub(crate) struct AnyWords<'c> {
    c: &'c Cache,
    i: usize,
}

impl<'c> PairTest<'c> for AnyWords<'c> {
    fn new(c: &'c Cache, i: usize) -> Self {
        AnyWords { c, i }
    }

    fn test(&self, j: usize) -> u64 {
        let (c, i) = (self.c, self.i);
        let common = c.als[i].values & c.als[j].values;
        if common == 0 || meets(c.set(i), c.set(j)) {
            return 0;
        }
        c.restricted_any(i, j, common)
    }
}
