//! An extra region: its cells all differ (a full house when it has N cells).

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    if cells.len() == b.n {
        b.house(cells);
    } else {
        b.distinct(cells);
    }
}
