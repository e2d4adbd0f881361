//! Anti-knight and anti-king: cells a knight's (king's) move apart differ.

use numpl_core::variant::jumps;

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, knight: bool) {
    let shape = b.variant.shape();
    for a in 0..shape.cells() as u16 {
        for c in jumps(shape, a, knight) {
            if a < c {
                b.distinct(&[a, c]);
            }
        }
    }
}
