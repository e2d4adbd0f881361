//! Non-consecutive: orthogonal neighbours never hold consecutive values.

use numpl_core::variant::orthogonal_pairs;

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>) {
    for [x, y] in orthogonal_pairs(b.variant.shape()) {
        b.relation(x, y, |p, q| p.abs_diff(q) != 1);
    }
}
