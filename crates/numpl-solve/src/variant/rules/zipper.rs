//! Zipper lines: cells at the same distance from either end add up to the middle cell's
//! value (a line of odd length) or all to one total (even length). Equations over the
//! pairs, as arrows are: `x + y - middle = 0` for each pair, or `x + y - x' - y' = 0`
//! for each pair and the next, by their bounds ([`Linear`]) and exactly once few
//! assignments are left ([`ExactSum`]).

use super::sum::{ExactSum, Linear};
use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    let k = cells.len();
    let pairs: Vec<(u16, u16)> = (0..k / 2).map(|i| (cells[i], cells[k - 1 - i])).collect();
    let mut equal = |terms: Vec<(u16, i64)>| {
        let total = b.grid_total(&terms, 0);
        if let Some(exact) = ExactSum::new(&terms, total) {
            b.prop(exact);
        }
        b.prop(Linear::new(terms, total));
    };
    if k % 2 == 1 {
        let middle = cells[k / 2];
        for &(x, y) in &pairs {
            equal(vec![(x, 1), (y, 1), (middle, -1)]);
        }
    } else {
        for w in pairs.windows(2) {
            equal(vec![(w[0].0, 1), (w[0].1, 1), (w[1].0, -1), (w[1].1, -1)]);
        }
    }
}
