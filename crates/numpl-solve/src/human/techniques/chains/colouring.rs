//! Simple colors and multi colors: the conjugate pairs of one value, two-coloured.

use crate::human::step::Variant;
use crate::human::techniques::wings::conjugate;
use crate::human::{Board, Step, Technique};
use numpl_core::{Cell, Mask};

/// The conjugate-pair components of value `v`: (cell, color 0/1) per component.
pub(super) fn components(b: &Board, v: u8) -> Vec<Vec<(usize, u8)>> {
    let cells = b.cands.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for u in 0..3 * b.n {
        if let Some((x, y)) = conjugate(b, u, v) {
            if !adj[x].contains(&y) {
                adj[x].push(y);
                adj[y].push(x);
            }
        }
    }
    let mut color = vec![u8::MAX; cells];
    let mut comps = Vec::new();
    for s in 0..cells {
        if adj[s].is_empty() || color[s] != u8::MAX {
            continue;
        }
        color[s] = 0;
        let mut comp = vec![(s, 0u8)];
        let mut head = 0;
        while head < comp.len() {
            let (x, cx) = comp[head];
            head += 1;
            for &y in &adj[x] {
                if color[y] == u8::MAX {
                    color[y] = 1 - cx;
                    comp.push((y, 1 - cx));
                }
            }
        }
        comps.push(comp);
    }
    comps
}

pub(super) fn color_step(
    t: Technique,
    v: u8,
    comps: &[&[(usize, u8)]],
    elims: Vec<usize>,
    variant: u8,
) -> Step {
    let mut step = Step::new(t);
    step.values = Mask::single(v);
    for comp in comps {
        for &(c, col) in comp.iter() {
            if col == 0 {
                step.cells.push(Cell::new(c as u16));
            } else {
                step.extra.push(Cell::new(c as u16));
            }
        }
    }
    step.eliminations = elims
        .into_iter()
        .map(|c| (Cell::new(c as u16), v))
        .collect();
    step.variant = Variant::Type(variant);
    step
}

/// Simple colors on value `v`: color wrap (two cells of one color see each other: that color is false)
/// and color trap (a cell seeing both colors is false).
pub(crate) fn simple_colors(b: &Board, v: u8) -> Option<Step> {
    for comp in components(b, v) {
        if comp.len() < 3 {
            continue;
        }
        // Wrap.
        for col in 0..2u8 {
            let same: Vec<usize> = comp.iter().filter(|x| x.1 == col).map(|x| x.0).collect();
            let wrap = same.iter().any(|&x| same.iter().any(|&y| b.sees(x, y)));
            if wrap {
                return Some(color_step(Technique::SimpleColors, v, &[&comp], same, 2));
            }
        }
        // Trap.
        let mut elims = Vec::new();
        for t in 0..b.cands.len() {
            if !b.has(t, v) || comp.iter().any(|x| x.0 == t) {
                continue;
            }
            let sees = |col: u8| comp.iter().any(|&(c, cc)| cc == col && b.sees(t, c));
            if sees(0) && sees(1) {
                elims.push(t);
            }
        }
        if !elims.is_empty() {
            return Some(color_step(Technique::SimpleColors, v, &[&comp], elims, 1));
        }
    }
    None
}

/// Multi colors on value `v`: with two components A and B, if a color of A sees a color of B, one of
/// the opposite colors is true (type 1: cells seeing both opposites lose v); if a color of
/// A sees both colors of B, that color is false (type 2).
pub(crate) fn multi_colors(b: &Board, v: u8) -> Option<Step> {
    let comps: Vec<Vec<(usize, u8)>> = components(b, v)
        .into_iter()
        .filter(|c| c.len() >= 2)
        .collect();
    for i in 0..comps.len() {
        for j in 0..comps.len() {
            if i == j {
                continue;
            }
            let (a, bb) = (&comps[i], &comps[j]);
            let sees = |ca: u8, cb: u8| {
                a.iter()
                    .filter(|x| x.1 == ca)
                    .any(|&(x, _)| bb.iter().any(|&(y, cy)| cy == cb && b.sees(x, y)))
            };
            for ca in 0..2u8 {
                // Type 2: color ca of A sees both colors of B.
                if sees(ca, 0) && sees(ca, 1) {
                    let elims: Vec<usize> = a.iter().filter(|x| x.1 == ca).map(|x| x.0).collect();
                    return Some(color_step(Technique::MultiColors, v, &[a, bb], elims, 2));
                }
            }
            if i > j {
                continue;
            }
            for ca in 0..2u8 {
                for cb in 0..2u8 {
                    if !sees(ca, cb) {
                        continue;
                    }
                    let (oa, ob) = (1 - ca, 1 - cb);
                    let mut elims = Vec::new();
                    for t in 0..b.cands.len() {
                        if !b.has(t, v) || a.iter().any(|x| x.0 == t) || bb.iter().any(|x| x.0 == t)
                        {
                            continue;
                        }
                        let sa = a.iter().any(|&(c, cc)| cc == oa && b.sees(t, c));
                        let sb = bb.iter().any(|&(c, cc)| cc == ob && b.sees(t, c));
                        if sa && sb {
                            elims.push(t);
                        }
                    }
                    if !elims.is_empty() {
                        return Some(color_step(Technique::MultiColors, v, &[a, bb], elims, 1));
                    }
                }
            }
        }
    }
    None
}
