//! Little killer: the values along a diagonal (repeats allowed) add up to the clue.

use super::sum::Linear;
use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, cells: &[u16]) {
    b.prop(Linear::new(
        cells.iter().map(|&c| (c, 1)).collect(),
        sum as i64,
    ));
}
