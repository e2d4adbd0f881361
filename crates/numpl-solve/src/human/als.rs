//! Almost locked sets: ALS-XZ and ALS-XY-Wing.

use numpl_core::{Cell, Mask};

use super::als_list::{Als, Cache, Tables};
use super::memo::Memo;
use super::{Board, Step, Technique};

fn cached<'m>(b: &Board, memo: &'m mut Memo) -> &'m mut Cache {
    memo.als.get_or_insert_with(|| Cache::build(b))
}

/// Whether `x` is a restricted common value of two disjoint ALS: every x-cell of one sees
/// every x-cell of the other.
fn restricted(a: &Als, c: &Als, x: u8) -> bool {
    match (a.get(x), c.get(x)) {
        (Some((_, _, seeing)), Some((_, cells, _))) => cells.subset_of(seeing),
        _ => false,
    }
}

fn disjoint(a: &Als, c: &Als) -> bool {
    // Cells mod 64 first: disjoint there means disjoint.
    a.sig & c.sig == 0 || !a.set.intersects(&c.set)
}

/// The values `x` of `common` that are restricted common values of `a` and `c`.
fn restricted_mask(a: &Als, c: &Als, common: u64) -> u64 {
    let mut r = 0;
    for x in Mask::from_bits(common) {
        if restricted(a, c, x) {
            r |= 1u64 << (x - 1);
        }
    }
    r
}

/// Cells outside the sets that hold `z` and see every z-cell of `sets`.
fn z_targets(t: &Tables, sets: &[&Als], z: u8) -> Vec<usize> {
    let mut acc = t.with[z as usize - 1].clone();
    for s in sets {
        if let Some((_, _, seeing)) = s.get(z) {
            acc.and_with(seeing);
        }
    }
    if acc.is_empty() {
        return Vec::new();
    }
    acc.iter()
        .filter(|c| !sets.iter().any(|s| s.cells.contains(c)))
        .collect()
}

fn als_step(t: Technique, b: &Board, sets: &[&Als], rcc: u64, z: u8, targets: Vec<usize>) -> Step {
    let mut step = Step::new(t);
    for s in sets {
        let cells: Vec<Cell> = s.cells.iter().map(|&c| Cell::new(c as u16)).collect();
        step.groups.push((cells, Mask::from_bits(s.values)));
        step.cells
            .extend(s.cells.iter().map(|&c| Cell::new(c as u16)));
        step.cell_candidates
            .extend(s.cells.iter().map(|&c| Mask::from_bits(b.cands[c])));
    }
    step.values = Mask::from_bits(rcc);
    step.eliminations = targets
        .into_iter()
        .map(|c| (Cell::new(c as u16), z))
        .collect();
    step
}

/// Per ALS, its (ALS index, restricted common value) partners, in one pass over pairs.
pub(super) fn all_links(als: &[Als]) -> Vec<Vec<(usize, u8)>> {
    let mut links: Vec<Vec<(usize, u8)>> = vec![Vec::new(); als.len()];
    for i in 0..als.len() {
        for j in i + 1..als.len() {
            let (a, c) = (&als[i], &als[j]);
            let common = a.values & c.values;
            if common == 0 || !disjoint(a, c) {
                continue;
            }
            for x in Mask::from_bits(common) {
                if restricted(a, c, x) {
                    links[i].push((j, x));
                    links[j].push((i, x));
                }
            }
        }
    }
    links
}

/// ALS-XZ: two ALS with a restricted common value x; any other common value z is true in
/// one of them, so cells seeing all their z-cells lose z.
pub(crate) fn als_xz(b: &Board, memo: &mut Memo) -> Option<Step> {
    let cache = cached(b, memo);
    let (t, als) = (&cache.t, &cache.als);
    // The restricted common values of every pair, noted on the way for ALS-XY-Wing.
    let mut links: Vec<Vec<(usize, u8)>> = vec![Vec::new(); als.len()];
    for i in 0..als.len() {
        for j in i + 1..als.len() {
            let (a, c) = (&als[i], &als[j]);
            let common = a.values & c.values;
            if common == 0 || !disjoint(a, c) {
                continue;
            }
            let rcc = restricted_mask(a, c, common);
            for x in Mask::from_bits(rcc) {
                links[i].push((j, x));
                links[j].push((i, x));
            }
            if common.count_ones() < 2 {
                continue;
            }
            for x in Mask::from_bits(rcc) {
                for z in Mask::from_bits(common & !(1u64 << (x - 1))) {
                    let targets = z_targets(t, &[a, c], z);
                    if !targets.is_empty() {
                        let mut step =
                            als_step(Technique::AlsXz, b, &[a, c], 1u64 << (x - 1), z, targets);
                        step.extra = a.cells.iter().map(|&q| Cell::new(q as u16)).collect();
                        return Some(step);
                    }
                }
            }
        }
    }
    cache.links = Some(links);
    None
}

/// ALS-XY-Wing: ALS A and B each linked to a pivot ALS C by different restricted common
/// values x and y; a value z common to A and B goes from cells seeing all their z-cells.
pub(crate) fn als_xy_wing(b: &Board, memo: &mut Memo) -> Option<Step> {
    let cache = cached(b, memo);
    let (t, als) = (&cache.t, &cache.als);
    // (als index, restricted common value) partners of every ALS, in one pass over pairs
    // (unless ALS-XZ already made the list on this board).
    let links = cache.links.get_or_insert_with(|| all_links(als));
    for (ci, c) in als.iter().enumerate() {
        let partners = &links[ci];
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
                for z in Mask::from_bits(zs) {
                    let targets: Vec<usize> = z_targets(t, &[a, bb], z)
                        .into_iter()
                        .filter(|t| !c.cells.contains(t))
                        .collect();
                    if !targets.is_empty() {
                        let rcc = (1u64 << (x - 1)) | (1u64 << (y - 1));
                        let mut step =
                            als_step(Technique::AlsXyWing, b, &[c, a, bb], rcc, z, targets);
                        step.extra = c.cells.iter().map(|&q| Cell::new(q as u16)).collect();
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
