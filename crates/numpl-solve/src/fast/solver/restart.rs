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
            self.rng = Some(Rng(seeds.next() | 1));
        }
        self.rng = None;
        self.budget = total;
    }
}
