//! Little killer: the values along a diagonal (repeats allowed) add up to the clue; and a
//! sum over any cells (a cell listed twice counting twice).

use super::sum::{ExactSum, Linear};
use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, cells: &[u16]) {
    // A cell listed k times is one term of coefficient k.
    let mut terms: Vec<(u16, i64)> = Vec::new();
    for &c in cells {
        match terms.iter_mut().find(|(x, _)| *x == c) {
            Some((_, k)) => *k += 1,
            None => terms.push((c, 1)),
        }
    }
    let total = b.grid_total(&terms, sum as i64);
    if let Some(exact) = ExactSum::new(&terms, total) {
        b.prop(exact);
    }
    b.prop(Linear::new(terms, total));
}
