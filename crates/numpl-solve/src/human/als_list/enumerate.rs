//! The enumeration of the almost locked sets of one unit: every set of its open cells
//! holding one value more than cells, found by a search over the cells in order.

use super::Cache;
use crate::human::board::count;
use crate::human::Board;

/// The search for the sets of one unit ([`Cache::enumerate`]), its open cells indexed
/// `0..cells.len()` (at most 64).
pub(super) struct Enum<'p> {
    /// Per open cell: its candidates.
    pub(super) cands: [u64; 64],
    /// Per open cell: the units before this one holding it ([`earlier_units`]).
    pub(super) earlier: [u128; 64],
    pub(super) cells: &'p [usize],
    /// The cells of the set being grown.
    pub(super) chosen: [usize; 64],
    pub(super) max: usize,
}

impl Enum<'_> {
    /// Grows the set of `chosen[..depth]` (values `union`, the earlier units holding all
    /// of its cells `earlier`) by each open cell from `start` on.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn rec(
        &mut self,
        c: &mut Cache,
        b: &Board,
        peers: &[u64],
        start: usize,
        depth: usize,
        union: u64,
        earlier: u128,
    ) {
        let p = self.cells.len();
        for i in start..p {
            let m = union | self.cands[i];
            let k = count(m);
            // A set found from here has this cell and at most `most` cells in all (the
            // chosen ones, this one, later ones of the pool), and its values hold `m`:
            // none is almost locked (s cells, s + 1 values) when k > most + 1.
            let most = self.max.min(depth + p - i);
            if k > most + 1 {
                continue;
            }
            self.chosen[depth] = self.cells[i];
            let e = earlier & self.earlier[i];
            // Almost locked, and no earlier unit holds all its cells.
            if k == depth + 2 && e == 0 {
                c.push(b, peers, &self.chosen[..=depth], m);
            }
            if depth + 1 < most {
                self.rec(c, b, peers, i + 1, depth + 1, m, e);
            }
        }
    }
}

/// The units before `u` holding cell `x`, as bits: a row r as bit r, a column as bit 64
/// plus its column number (boxes share no cell with an earlier box; at most 64 rows and
/// columns). A set of cells of `u` is first found in `u` when its cells' bits have none
/// in common.
pub(super) fn earlier_units(b: &Board, x: usize, u: usize) -> u128 {
    let n = b.n;
    let mut bits = 0u128;
    for e in b.geo.units_of(x) {
        let e = e as usize;
        if e < u {
            debug_assert!(e < 2 * n);
            bits |= 1u128 << if e < n { e } else { 64 + e - n };
        }
    }
    bits
}
