//! Kropki dots (white: consecutive; black: one double the other), and the negative rule
//! (every dot given: pairs without one are neither).

use std::collections::HashSet;

use numpl_core::variant::{orthogonal_pairs, Constraint};

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, black: bool, [x, y]: [u16; 2]) {
    if black {
        b.relation(x, y, |p, q| p == 2 * q || q == 2 * p);
    } else {
        b.relation(x, y, |p, q| p.abs_diff(q) == 1);
    }
}

pub(super) fn compile_negative(b: &mut Builder<'_>) {
    let dotted: HashSet<[u16; 2]> = b
        .variant
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Kropki { cells: [p, q], .. } => Some([*p.min(q), *p.max(q)]),
            _ => None,
        })
        .collect();
    for pair in orthogonal_pairs(b.variant.shape()) {
        if !dotted.contains(&pair) {
            b.relation(pair[0], pair[1], |p, q| {
                p.abs_diff(q) != 1 && p != 2 * q && q != 2 * p
            });
        }
    }
}
