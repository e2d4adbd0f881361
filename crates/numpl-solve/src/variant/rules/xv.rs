//! X (sum 10) and V (sum 5) between neighbours, and the negative rule (every X and V
//! given: pairs without one add up to neither).

use std::collections::HashSet;

use numpl_core::variant::{orthogonal_pairs, Constraint};

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, sum: u8, [x, y]: [u16; 2]) {
    let sum = sum as u32;
    b.relation(x, y, move |p, q| p + q == sum);
}

pub(super) fn compile_negative(b: &mut Builder<'_>) {
    let marked: HashSet<[u16; 2]> = b
        .variant
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Xv { cells: [p, q], .. } => Some([*p.min(q), *p.max(q)]),
            _ => None,
        })
        .collect();
    for pair in orthogonal_pairs(b.variant.shape()) {
        if !marked.contains(&pair) {
            b.relation(pair[0], pair[1], |p, q| p + q != 5 && p + q != 10);
        }
    }
}
