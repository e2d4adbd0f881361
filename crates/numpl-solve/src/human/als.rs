//! Almost locked sets: ALS-XZ and ALS-XY-Wing.

use std::collections::HashSet;

use numpl_core::{Cell, Mask};

use super::{Board, Step, Technique};

/// An almost locked set: k cells of one unit holding k+1 values.
struct Als {
    cells: Vec<usize>,
    values: u64,
}

/// Every ALS of up to `max` cells, each cell set once.
fn all_als(b: &Board, max: usize) -> Vec<Als> {
    #[allow(clippy::too_many_arguments)]
    fn rec(
        b: &Board,
        pool: &[usize],
        max: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u64,
        out: &mut Vec<Vec<usize>>,
        seen: &mut HashSet<Vec<usize>>,
    ) {
        for i in start..pool.len() {
            let m = union | b.cands[pool[i]];
            if m.count_ones() as usize > max + 1 {
                continue;
            }
            chosen.push(pool[i]);
            if m.count_ones() as usize == chosen.len() + 1 {
                let mut key = chosen.clone();
                key.sort_unstable();
                if seen.insert(key.clone()) {
                    out.push(key);
                }
            }
            if chosen.len() < max {
                rec(b, pool, max, i + 1, chosen, m, out, seen);
            }
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for u in 0..3 * b.n {
        let pool: Vec<usize> = b
            .geo
            .unit(u)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| b.values[c] == 0)
            .collect();
        rec(b, &pool, max, 0, &mut Vec::new(), 0, &mut out, &mut seen);
    }
    out.into_iter()
        .map(|cells| Als {
            values: cells.iter().fold(0, |m, &c| m | b.cands[c]),
            cells,
        })
        .collect()
}

fn with_value<'a>(b: &'a Board, a: &'a Als, v: u8) -> impl Iterator<Item = usize> + 'a {
    a.cells.iter().copied().filter(move |&c| b.has(c, v))
}

/// Whether `x` is a restricted common value of two disjoint ALS: every x-cell of one sees
/// every x-cell of the other.
fn restricted(b: &Board, a: &Als, c: &Als, x: u8) -> bool {
    a.values & c.values & (1u64 << (x - 1)) != 0
        && with_value(b, a, x).all(|p| with_value(b, c, x).all(|q| b.sees(p, q)))
}

fn disjoint(a: &Als, c: &Als) -> bool {
    !a.cells.iter().any(|x| c.cells.contains(x))
}

/// Cells outside the sets that hold `z` and see every z-cell of `sets`.
fn z_targets(b: &Board, sets: &[&Als], z: u8) -> Vec<usize> {
    let zc: Vec<usize> = sets.iter().flat_map(|s| with_value(b, s, z)).collect();
    b.seeing_all(&zc, z)
        .into_iter()
        .filter(|t| !sets.iter().any(|s| s.cells.contains(t)))
        .collect()
}

fn max_size(b: &Board) -> usize {
    if b.n <= 9 {
        b.n - 1
    } else {
        4
    }
}

fn als_step(t: Technique, b: &Board, sets: &[&Als], rcc: u64, z: u8, targets: Vec<usize>) -> Step {
    let mut step = Step::new(t);
    for s in sets {
        step.cells.extend(s.cells.iter().map(|&c| Cell(c as u16)));
        step.cell_candidates
            .extend(s.cells.iter().map(|&c| Mask(b.cands[c])));
    }
    step.values = Mask(rcc);
    step.eliminations = targets.into_iter().map(|c| (Cell(c as u16), z)).collect();
    step
}

/// ALS-XZ: two ALS with a restricted common value x; any other common value z is true in
/// one of them, so cells seeing all their z-cells lose z.
pub(crate) fn als_xz(b: &Board) -> Option<Step> {
    let als = all_als(b, max_size(b));
    for i in 0..als.len() {
        for j in i + 1..als.len() {
            let (a, c) = (&als[i], &als[j]);
            let common = a.values & c.values;
            if common.count_ones() < 2 || !disjoint(a, c) {
                continue;
            }
            for x in Mask(common) {
                if !restricted(b, a, c, x) {
                    continue;
                }
                for z in Mask(common & !(1u64 << (x - 1))) {
                    let targets = z_targets(b, &[a, c], z);
                    if !targets.is_empty() {
                        let mut step =
                            als_step(Technique::AlsXz, b, &[a, c], 1u64 << (x - 1), z, targets);
                        step.extra = a.cells.iter().map(|&q| Cell(q as u16)).collect();
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// ALS-XY-Wing: ALS A and B each linked to a pivot ALS C by different restricted common
/// values x and y; a value z common to A and B goes from cells seeing all their z-cells.
pub(crate) fn als_xy_wing(b: &Board) -> Option<Step> {
    let als = all_als(b, max_size(b));
    for (ci, c) in als.iter().enumerate() {
        // (als index, restricted common value) partners of the pivot.
        let mut partners = Vec::new();
        for (i, a) in als.iter().enumerate() {
            if i == ci || !disjoint(a, c) {
                continue;
            }
            for x in Mask(a.values & c.values) {
                if restricted(b, a, c, x) {
                    partners.push((i, x));
                }
            }
        }
        for p in 0..partners.len() {
            for q in p + 1..partners.len() {
                let ((ia, x), (ib, y)) = (partners[p], partners[q]);
                if ia == ib || x == y {
                    continue;
                }
                let (a, bb) = (&als[ia], &als[ib]);
                if !disjoint(a, bb) {
                    continue;
                }
                let zs = a.values & bb.values & !(1u64 << (x - 1)) & !(1u64 << (y - 1));
                for z in Mask(zs) {
                    let targets: Vec<usize> = z_targets(b, &[a, bb], z)
                        .into_iter()
                        .filter(|t| !c.cells.contains(t))
                        .collect();
                    if !targets.is_empty() {
                        let rcc = (1u64 << (x - 1)) | (1u64 << (y - 1));
                        let mut step =
                            als_step(Technique::AlsXyWing, b, &[c, a, bb], rcc, z, targets);
                        step.extra = c.cells.iter().map(|&q| Cell(q as u16)).collect();
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
