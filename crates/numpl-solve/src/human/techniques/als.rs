//! Almost locked sets: ALS-XZ and ALS-XY-Wing.
//!
//! Both take the first find in list order. Within a solve candidates are only removed,
//! so a pair (ALS-XZ) or a triple (ALS-XY-Wing) of sets that are old (unchanged since the
//! reference board, see `als_list`) gives nothing when the search found nothing on the
//! reference: their links are the same and the cells they could clear only fewer. Those
//! are skipped, which leaves the first find the same.

use numpl_core::{Cell, Mask};

use crate::human::als_list::{AnyWords, Cache, PairTest, Words, NONE};
use crate::human::memo::Memo;
use crate::human::{Board, Step, Technique};

/// Whether some cell outside the sets `i` and `j` holds `z` and sees every z-cell of
/// both (each holds z).
#[inline]
pub(super) fn pair_has_z_target(c: &Cache, i: usize, j: usize, z: u8) -> bool {
    // The usual word counts as constants, so that the word loop unrolls.
    match c.w {
        1 => pair_has_z_target_by(1, c, i, j, z),
        2 => pair_has_z_target_by(2, c, i, j, z),
        4 => pair_has_z_target_by(4, c, i, j, z),
        w => pair_has_z_target_by(w, c, i, j, z),
    }
}

/// [`pair_has_z_target`] with `w` words a cell set.
#[inline(always)]
fn pair_has_z_target_by(w: usize, c: &Cache, i: usize, j: usize, z: u8) -> bool {
    let (Some((_, si)), Some((_, sj))) = (c.get(i, z), c.get(j, z)) else {
        unreachable!("both sets hold z");
    };
    let (with, ci, cj) = (&c.with(z)[..w], &c.set(i)[..w], &c.set(j)[..w]);
    let (si, sj) = (&si[..w], &sj[..w]);
    let mut out = 0;
    for k in 0..w {
        out |= with[k] & si[k] & sj[k] & !ci[k] & !cj[k];
    }
    out != 0
}

/// Cells outside the sets that hold `z` and see every z-cell of `sets` (each holds z).
fn z_targets(c: &Cache, sets: &[usize], z: u8) -> Vec<usize> {
    let mut acc = c.with(z).to_vec();
    for &s in sets {
        let (_, seeing) = c.get(s, z).unwrap();
        for (k, a) in acc.iter_mut().enumerate() {
            *a &= seeing[k] & !c.set(s)[k];
        }
    }
    crate::human::bits::members(&acc).collect()
}

fn als_step(
    t: Technique,
    b: &Board,
    c: &Cache,
    sets: &[usize],
    rcc: u64,
    z: u8,
    targets: Vec<usize>,
) -> Step {
    let mut step = Step::new(t);
    for &s in sets {
        let cells: Vec<Cell> = c.cells(s).iter().map(|&x| Cell::new(x as u16)).collect();
        step.groups.push((cells, Mask::from_bits(c.als[s].values)));
        step.cells
            .extend(c.cells(s).iter().map(|&x| Cell::new(x as u16)));
        step.cell_candidates
            .extend(c.cells(s).iter().map(|&x| Mask::from_bits(b.cands[x])));
    }
    step.values = Mask::from_bits(rcc);
    step.eliminations = targets
        .into_iter()
        .map(|x| (Cell::new(x as u16), z))
        .collect();
    step
}

/// Goes through the pairs of sets `i < j` (skipping pairs of old sets when `skip_old`),
/// noting their restricted common values in `found`; stops at the first linked pair (one
/// with a restricted common value) for which `f(i, j, common, rcc)` says so, and returns
/// it. Only the sets `j` of [`Cache::candidates`] of `i` are tested (the others have no
/// restricted common value with `i`), in order. `fresh` is scratch; the pair index must
/// be built ([`Cache::index_pairs`]).
fn pairs(
    c: &Cache,
    skip_old: bool,
    found: &mut Vec<(u32, u32, u8)>,
    fresh: &mut Vec<u64>,
    mut f: impl FnMut(usize, usize, u64, u64) -> bool,
) -> Option<(usize, usize)> {
    match c.w {
        1 => pairs_by::<Words<'_, 1>>(c, skip_old, found, fresh, &mut f),
        2 => pairs_by::<Words<'_, 2>>(c, skip_old, found, fresh, &mut f),
        4 => pairs_by::<Words<'_, 4>>(c, skip_old, found, fresh, &mut f),
        _ => pairs_by::<AnyWords<'_>>(c, skip_old, found, fresh, &mut f),
    }
}

/// [`pairs`] with the pair test `T`.
#[inline(always)]
fn pairs_by<'c, T: PairTest<'c>>(
    c: &'c Cache,
    skip_old: bool,
    found: &mut Vec<(u32, u32, u8)>,
    fresh: &mut Vec<u64>,
    f: &mut impl FnMut(usize, usize, u64, u64) -> bool,
) -> Option<(usize, usize)> {
    found.clear();
    let (count, sw) = (c.als.len(), c.sw);
    debug_assert_eq!(sw, count.div_ceil(64));
    fresh.clear();
    fresh.resize(sw, 0);
    // Past the last set that is not old, every set is old: with pairs of old sets
    // skipped, nothing is left to test from there on.
    let mut end = count;
    if skip_old {
        end = 0;
        for j in (0..count).filter(|&j| c.old[j] == NONE) {
            fresh[j / 64] |= 1 << (j % 64);
            end = j + 1;
        }
    }
    let (mut near, mut cand) = (vec![0u64; c.w], vec![0u64; sw]);
    for i in 0..end {
        c.candidates(i, &mut near, &mut cand);
        if skip_old && c.old[i] != NONE {
            for (o, f) in cand.iter_mut().zip(fresh.iter()) {
                *o &= f;
            }
        }
        // Only sets after i.
        cand[..i / 64].fill(0);
        cand[i / 64] &= !1u64 << (i % 64); // (!1 << s) clears bits 0..=s
        let t = T::new(c, i);
        for (k, &word) in cand.iter().enumerate().skip(i / 64) {
            let mut m = word;
            while m != 0 {
                let j = k * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                let rcc = t.test(j);
                if rcc == 0 {
                    continue;
                }
                // A linked pair: its links noted, then `f`.
                let mut r = rcc;
                while r != 0 {
                    let x = r.trailing_zeros() as u8 + 1;
                    r &= r - 1;
                    found.push((i as u32, j as u32, x));
                }
                if f(i, j, c.als[i].values & c.als[j].values, rcc) {
                    return Some((i, j));
                }
            }
        }
    }
    None
}

/// Whether pairs of old sets may be skipped when finding links.
fn can_skip(c: &Cache, reference: Option<&Cache>) -> bool {
    reference.is_some_and(|r| r.linked) && c.old.iter().any(|&o| o != NONE)
}

/// Finds every link of the board unless known.
pub(super) fn ensure_links(c: &mut Cache, reference: Option<&Cache>) {
    if c.linked {
        return;
    }
    let skip = can_skip(c, reference);
    c.index_pairs();
    let mut found = std::mem::take(&mut c.found);
    let mut fresh = std::mem::take(&mut c.fresh);
    pairs(c, skip, &mut found, &mut fresh, |_, _, _, _| false);
    c.found = found;
    c.fresh = fresh;
    c.set_links(reference, skip);
}

/// ALS-XZ: two ALS with a restricted common value x; any other common value z is true in
/// one of them, so cells seeing all their z-cells lose z.
pub(crate) fn als_xz(b: &Board, memo: &mut Memo) -> Option<Step> {
    let (c, reference) = memo.als_sets(b);
    // Pairs of old sets: skipped when ALS-XZ found nothing on the reference.
    let skip = can_skip(c, reference) && reference.is_some_and(|r| r.xz_failed);
    c.index_pairs();
    // The restricted common values of every pair, noted on the way for ALS-XY-Wing.
    let mut found = std::mem::take(&mut c.found);
    let mut fresh = std::mem::take(&mut c.fresh);
    let mut hit = (0u8, 0u8);
    let cr: &Cache = c;
    let pair = pairs(cr, skip, &mut found, &mut fresh, |i, j, common, rcc| {
        // A value z other than x that some cell loses is live in both sets.
        let zs = common & cr.als[i].live & cr.als[j].live;
        if zs == 0 || (zs == rcc && zs & (zs - 1) == 0) {
            return false;
        }
        // The values z with a cell to clear (whatever x), then the first x with such a z
        // other than itself and the first such z.
        let mut with_target = 0u64;
        let tried = if rcc & (rcc - 1) == 0 { zs & !rcc } else { zs };
        for z in Mask::from_bits(tried) {
            if pair_has_z_target(cr, i, j, z) {
                with_target |= 1u64 << (z - 1);
            }
        }
        for x in Mask::from_bits(rcc) {
            let zs = with_target & !(1u64 << (x - 1));
            if zs != 0 {
                hit = (x, zs.trailing_zeros() as u8 + 1);
                return true;
            }
        }
        false
    });
    if let Some((i, j)) = pair {
        let (x, z) = hit;
        let targets = z_targets(cr, &[i, j], z);
        let mut step = als_step(
            Technique::AlsXz,
            b,
            cr,
            &[i, j],
            1u64 << (x - 1),
            z,
            targets,
        );
        step.extra = cr.cells(i).iter().map(|&q| Cell::new(q as u16)).collect();
        c.found = found;
        c.fresh = fresh;
        return Some(step);
    }
    c.found = found;
    c.fresh = fresh;
    c.set_links(reference, skip);
    c.xz_failed = true;
    None
}

/// ALS-XY-Wing: ALS A and B each linked to a pivot ALS C by different restricted common
/// values x and y; a value z common to A and B goes from cells seeing all their z-cells.
pub(crate) fn als_xy_wing(b: &Board, memo: &mut Memo) -> Option<Step> {
    let (c, reference) = memo.als_sets(b);
    ensure_links(c, reference);
    // Triples of old sets: skipped when ALS-XY-Wing found nothing on the reference.
    let skip = reference.is_some_and(|r| r.wing_failed);
    let cr: &Cache = c;
    // Per partner (set, value) of the pivot: the values some cell could lose, live in
    // the set, other than the link's.
    let mut wings: Vec<(u32, u8, u64)> = Vec::new();
    for ci in 0..cr.als.len() {
        let partners = cr.partners(ci);
        let c_old = skip && cr.old[ci] != NONE;
        wings.clear();
        wings.extend(partners.iter().map(|&(i, x)| {
            let a = &cr.als[i as usize];
            (i, x, a.values & a.live & !(1u64 << (x - 1)))
        }));
        for p in 0..wings.len() {
            let (ia, x, za) = wings[p];
            let ia = ia as usize;
            let a_old = c_old && cr.old[ia] != NONE;
            for &(ib, y, zb) in &wings[p + 1..] {
                let ib = ib as usize;
                if ia == ib || x == y {
                    continue;
                }
                // Values some cell could lose are live in both sets.
                let zs = za & zb;
                // No value to try: nothing to find (tested first, the cheapest filter).
                if zs == 0 {
                    continue;
                }
                if a_old && cr.old[ib] != NONE {
                    continue;
                }
                if !cr.disjoint(ia, ib) {
                    continue;
                }
                for z in Mask::from_bits(zs) {
                    if !pair_has_z_target(cr, ia, ib, z) {
                        continue;
                    }
                    let targets: Vec<usize> = z_targets(cr, &[ia, ib], z)
                        .into_iter()
                        .filter(|t| !cr.cells(ci).contains(t))
                        .collect();
                    if !targets.is_empty() {
                        let rcc = (1u64 << (x - 1)) | (1u64 << (y - 1));
                        let mut step =
                            als_step(Technique::AlsXyWing, b, cr, &[ci, ia, ib], rcc, z, targets);
                        step.extra = cr.cells(ci).iter().map(|&q| Cell::new(q as u16)).collect();
                        return Some(step);
                    }
                }
            }
        }
    }
    c.wing_failed = true;
    None
}

#[cfg(test)]
mod tests;
