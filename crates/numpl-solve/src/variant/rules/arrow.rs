//! Arrows: the line adds up to the circle's number (a pill of several cells reads as
//! decimal digits, first to last). Double arrows: the cells between the two ends add up
//! to the ends' sum.

use super::sum::{ExactSum, Linear};
use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, circle: &[u16], line: &[u16]) {
    let k = circle.len() as u32;
    let mut terms: Vec<(u16, i64)> = circle
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, -(10i64.pow(k - 1 - i as u32))))
        .collect();
    terms.extend(line.iter().map(|&c| (c, 1)));
    let total = b.grid_total(&terms, 0);
    if let Some(exact) = ExactSum::new(&terms, total) {
        b.prop(exact);
    }
    b.prop(Linear::new(terms, total));
}

/// A double arrow: `middle - first - last = 0`, by its bounds and exactly once few
/// assignments are left.
pub(super) fn compile_double(b: &mut Builder<'_>, cells: &[u16]) {
    let k = cells.len();
    let terms: Vec<(u16, i64)> = cells
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, if i == 0 || i == k - 1 { -1 } else { 1 }))
        .collect();
    let total = b.grid_total(&terms, 0);
    if let Some(exact) = ExactSum::new(&terms, total) {
        b.prop(exact);
    }
    b.prop(Linear::new(terms, total));
}
