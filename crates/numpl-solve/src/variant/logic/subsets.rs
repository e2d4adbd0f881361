//! Naked and hidden subsets. Naked: `k` cells of a group (a house, a cage, an extra region)
//! whose candidates together are `k` values hold those values, so every cell that sees
//! all `k` loses them (in the group, and outside it where a cell sees them all). Hidden:
//! `k` values of a house whose places are the same `k` cells fill them, so those cells
//! lose every other candidate.

use numpl_core::Cell;

use super::{names, Board, Logic, VariantStep, VariantTechnique};

/// Calls `f` with every `k`-subset of `0..len` (as indexes, increasing) until it returns
/// a step.
fn each<T>(len: usize, k: usize, f: &mut impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    fn go<T>(
        start: usize,
        len: usize,
        k: usize,
        pick: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if pick.len() == k {
            return f(pick);
        }
        for i in start..len {
            pick.push(i);
            if let Some(t) = go(i + 1, len, k, pick, f) {
                return Some(t);
            }
            pick.pop();
        }
        None
    }
    go(0, len, k, &mut Vec::with_capacity(k), f)
}

fn technique(k: usize, naked: bool) -> VariantTechnique {
    match (k, naked) {
        (2, true) => VariantTechnique::NakedPair,
        (_, true) => VariantTechnique::NakedTriple,
        (2, false) => VariantTechnique::HiddenPair,
        (_, false) => VariantTechnique::HiddenTriple,
    }
}

pub(super) fn naked(l: &Logic<'_>, b: &Board, k: usize) -> Option<VariantStep> {
    let cells_n = b.cells.len() as u16;
    for g in &l.groups {
        let open: Vec<u16> = g
            .cells
            .iter()
            .copied()
            .filter(|&c| b.open(c) && (2..=k as u32).contains(&b.cells[c as usize].count_ones()))
            .collect();
        let found = each(open.len(), k, &mut |pick| {
            let subset: Vec<u16> = pick.iter().map(|&i| open[i]).collect();
            let union = subset.iter().fold(0u64, |m, &c| m | b.cells[c as usize]);
            if union.count_ones() as usize != k {
                return None;
            }
            let mut gone = Vec::new();
            for t in 0..cells_n {
                let m = b.cells[t as usize] & union;
                if m != 0
                    && b.open(t)
                    && !subset.contains(&t)
                    && subset.iter().all(|&s| l.sees(s, t))
                {
                    let mut bits = m;
                    while bits != 0 {
                        gone.push((Cell::new(t), bits.trailing_zeros() as u8 + 1));
                        bits &= bits - 1;
                    }
                }
            }
            if gone.is_empty() {
                return None;
            }
            let why = format!(
                "{} hold {} between them in {}",
                names(l.shape, &subset),
                l.shown_set(union),
                g.name
            );
            let mut step = VariantStep::new(technique(k, true), &subset, why);
            step.eliminations = gone;
            Some(step)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

pub(super) fn hidden(l: &Logic<'_>, b: &Board, k: usize) -> Option<VariantStep> {
    for h in l.houses() {
        let n = l.n;
        // Each open value's places in the house, as indexes into `h.cells`.
        let mut places: Vec<(u8, u64)> = Vec::new();
        for v in 1..=n as u8 {
            let bit = 1u64 << (v - 1);
            let mut at = 0u64;
            let mut placed = false;
            for (i, &c) in h.cells.iter().enumerate() {
                if b.cells[c as usize] & bit != 0 {
                    if b.open(c) {
                        at |= 1 << i;
                    } else {
                        placed = true;
                    }
                }
            }
            if !placed && (2..=k as u32).contains(&at.count_ones()) {
                places.push((v, at));
            }
        }
        let found = each(places.len(), k, &mut |pick| {
            let at = pick.iter().fold(0u64, |m, &i| m | places[i].1);
            if at.count_ones() as usize != k {
                return None;
            }
            let keep = pick.iter().fold(0u64, |m, &i| m | 1 << (places[i].0 - 1));
            let cells: Vec<u16> = (0..h.cells.len())
                .filter(|&i| at >> i & 1 != 0)
                .map(|i| h.cells[i])
                .collect();
            let mut gone = Vec::new();
            for &c in &cells {
                let mut bits = b.cells[c as usize] & !keep;
                while bits != 0 {
                    gone.push((Cell::new(c), bits.trailing_zeros() as u8 + 1));
                    bits &= bits - 1;
                }
            }
            if gone.is_empty() {
                return None;
            }
            let why = format!(
                "{} go only in {} of {}",
                l.shown_set(keep),
                names(l.shape, &cells),
                h.name
            );
            let mut step = VariantStep::new(technique(k, false), &cells, why);
            step.eliminations = gone;
            Some(step)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
