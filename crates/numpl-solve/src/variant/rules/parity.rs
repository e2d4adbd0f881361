//! Even and odd cells, and a cell's allowed values: the starting candidates.

use numpl_core::variant::Constraint;

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, c: &Constraint) {
    let all = b.all();
    // Bit v - 1 holds the grid's value v: the puzzle's odd values are the even bits from
    // 1, the odd bits from 0.
    let odd = if b.off() == 0 {
        0x5555_5555_5555_5555u64
    } else {
        0xAAAA_AAAA_AAAA_AAAAu64
    } & all;
    match c {
        Constraint::Even { cells } => cells.iter().for_each(|&x| b.restrict(x, !odd & all)),
        Constraint::Odd { cells } => cells.iter().for_each(|&x| b.restrict(x, odd)),
        Constraint::Allowed { cell, values } => b.restrict(*cell, values.bits()),
        _ => {}
    }
}
