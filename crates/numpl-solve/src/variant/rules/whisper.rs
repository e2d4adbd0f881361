//! Whispers: neighbours on the line differ by at least the difference.

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16], diff: u8) {
    let d = diff as u32;
    for w in cells.windows(2) {
        b.relation(w[0], w[1], move |x, y| x.abs_diff(y) >= d);
    }
}
