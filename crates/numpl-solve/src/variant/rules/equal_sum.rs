//! Equal sums: each segment adds up to the same total. An equation between the first
//! segment and each other one (`first - other = 0`, a cell in both cancelling), by its
//! bounds ([`Linear`]) and exactly once few assignments are left ([`ExactSum`]), as
//! zipper lines are.

use super::sum::{ExactSum, Linear};
use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, segments: &[Vec<u16>]) {
    let first = &segments[0];
    for other in &segments[1..] {
        let mut terms: Vec<(u16, i64)> = Vec::new();
        for (cells, coef) in [(first, 1), (other, -1)] {
            for &c in cells {
                match terms.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, k)) => *k += coef,
                    None => terms.push((c, coef)),
                }
            }
        }
        terms.retain(|&(_, k)| k != 0);
        if terms.is_empty() {
            continue;
        }
        let total = b.grid_total(&terms, 0);
        if let Some(exact) = ExactSum::new(&terms, total) {
            b.prop(exact);
        }
        b.prop(Linear::new(terms, total));
    }
}
