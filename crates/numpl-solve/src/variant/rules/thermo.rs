//! Thermometers: each step up the line is a rise (slow: no fall).

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16], slow: bool) {
    for w in cells.windows(2) {
        if slow {
            b.relation(w[0], w[1], |x, y| x <= y);
        } else {
            b.relation(w[0], w[1], |x, y| x < y);
        }
    }
    if !slow {
        b.distinct(cells);
    }
}
