//! Little killer: the values along a diagonal (repeats allowed) add up to the clue.

use super::sum::{ExactSum, Linear};
use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, cells: &[u16]) {
    let terms: Vec<(u16, i64)> = cells.iter().map(|&c| (c, 1)).collect();
    if let Some(exact) = ExactSum::new(&terms, sum as i64) {
        b.prop(exact);
    }
    b.prop(Linear::new(terms, sum as i64));
}
