//! Searching in restarts (from 16x16 up): runs with node budgets on Luby's sequence, the
//! first in the plain order, the later ones with random tie-breaks and value orders
//! ([`Rng`]). Heavy-tailed puzzles, where one early wrong turn costs a depth-first search
//! hundreds of millions of nodes, end in thousands.

use numpl_core::Grid;

use super::Solver;
use crate::fast::order::LowestFirst;
use crate::SearchResult;

/// The node budget of a restart's unit run (the Luby sequence scales it) on a grid of
/// `cells` cells.
fn restart_unit(cells: usize) -> u64 {
    64 * cells as u64
}

/// The Luby sequence, from `i = 1`: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
pub(in crate::fast) fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// A small xorshift generator: the restarts' random tie-breaks and value orders. Seeded
/// with a constant, so a solve repeats exactly.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A random bit of the non-empty `m`.
    pub(super) fn pick_bit(&mut self, m: u64) -> u64 {
        let mut k = self.next() % u64::from(m.count_ones());
        let mut rest = m;
        while k > 0 {
            rest &= rest - 1;
            k -= 1;
        }
        rest & rest.wrapping_neg()
    }
}

impl Solver {
    /// Searches from the propagated level 0 in runs of growing node budgets (the Luby
    /// sequence times [`restart_unit`]): the first run in the plain order, each later one
    /// with random tie-breaks and value orders. A run that ends within its budget is a
    /// whole search, so its count is exact; a run cut off leaves the solution it found, and
    /// two different solutions from any runs make the puzzle multiple. The overall budget
    /// (`self.budget`) bounds the sum of all runs.
    pub(super) fn restart(&mut self, limit: usize, result: &mut SearchResult) {
        let total = self.budget;
        let unit = restart_unit(self.cells);
        let mut seeds = Rng(0x9e37_79b9_7f4a_7c15);
        let mut found: Option<Grid> = None;
        let sparse = self.is_sparse();
        if sparse {
            self.set_hint(None);
        }
        for i in 1u64.. {
            self.budget = total.min(self.nodes.saturating_add(unit.saturating_mul(luby(i))));
            let mut r = SearchResult::default();
            self.search(0, limit, &mut r, &mut LowestFirst);
            if !r.budget_hit {
                result.count = r.count;
                result.first = r.first.or(found);
                break;
            }
            if let Some(g) = r.first {
                match &found {
                    Some(f) if *f != g => {
                        result.count = 2;
                        result.first = found;
                        break;
                    }
                    Some(_) => {}
                    None if limit == 1 => {
                        result.count = 1;
                        result.first = Some(g);
                        break;
                    }
                    None => found = Some(g),
                }
            }
            if self.nodes >= total {
                result.budget_hit = true;
                result.count = usize::from(found.is_some());
                result.first = found;
                break;
            }
            let mut rng = Rng(seeds.next() | 1);
            if sparse {
                self.set_hint(Some(&mut rng));
            }
            self.rng = Some(rng);
        }
        self.rng = None;
        self.hint.clear();
        self.budget = total;
    }

    /// Whether level 0 is sparse enough for a hint (at most one cell in
    /// [`SPARSE`] filled): such a grid has a great many solutions, and a search that
    /// fills it lowest value first, or at random, paints itself into corners that cost
    /// millions of nodes (a blank 36x36 with 6x6 boxes, 49x49, 7x8 boxes, ...).
    fn is_sparse(&self) -> bool {
        let filled = self.cells - self.left[0] as usize;
        filled * SPARSE <= self.cells
    }

    /// Sets the hint ([`Solver::hint`]) to a solved grid of the pattern
    /// `(C * (r % R) + r / R + c) % N` (R x C boxes), its symbols relabelled to agree with as
    /// many of level 0's values as a relabelling can (each in turn, a value kept when its
    /// pattern symbol and it are both still free); the symbols left over get the values
    /// left over, smallest first (`rng`: at random). On a blank grid a search steered by it
    /// meets no contradiction, and each relabelling leads to a different solution; where a
    /// value disagrees with the hint, the search goes its own way around it.
    fn set_hint(&mut self, mut rng: Option<&mut Rng>) {
        let (n, cells) = (self.n, self.cells);
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let symbol = |c: usize| {
            let (r, c) = (c / n, c % n);
            (bc * (r % br) + r / br + c) % n
        };
        let mut relabel = [0u8; 64];
        let mut used = 0u64;
        for c in 0..cells {
            let v = self.val[c];
            let p = symbol(c);
            if v != 0 && relabel[p] == 0 && used >> (v - 1) & 1 == 0 {
                relabel[p] = v;
                used |= 1 << (v - 1);
            }
        }
        for r in relabel.iter_mut().take(n) {
            if *r == 0 {
                let free = self.all & !used;
                let bit = match rng.as_deref_mut() {
                    Some(rng) => rng.pick_bit(free),
                    None => free & free.wrapping_neg(),
                };
                used |= bit;
                *r = bit.trailing_zeros() as u8 + 1;
            }
        }
        self.hint.clear();
        self.hint.extend((0..cells).map(|c| relabel[symbol(c)]));
    }
}

/// A grid with at most one cell in `SPARSE` filled gets a hint ([`Solver::is_sparse`]).
const SPARSE: usize = 8;
