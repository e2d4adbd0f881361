//! Palindromes: cells at the same distance from either end hold the same value.

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    let k = cells.len();
    for i in 0..k / 2 {
        b.relation(cells[i], cells[k - 1 - i], |x, y| x == y);
    }
}
