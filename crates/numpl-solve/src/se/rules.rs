//! Sudoku Explainer's techniques below the chains, each searching in SE's order and
//! returning the first step SE would take (its `SingleHintAccumulator` keeps the first
//! hint a producer reports).

use super::grid::{
    bits, combinations, combinations_within, crosses, ones, several, tables, two, Grid, BLOCK,
    COLUMN, COUNTS, ROW,
};
use super::{Hint, Origin};

/// Region types in the order most of SE's rules scan them (block, column, row).
const BCR: [usize; 3] = [BLOCK, COLUMN, ROW];

fn regions_of(ty: usize) -> std::ops::Range<usize> {
    ty * 9..ty * 9 + 9
}

/// The values each region's patterns are searched on (a mask of values per region): a
/// hint whose base regions (or cells) have none of the pattern's values in it is left
/// out. The rules SE asks on their own search every pattern ([`EVERY`]); the dynamic
/// chains (+) (see `chain.rs`'s `advanced`) search only where the chain removed
/// candidates, as a hint elsewhere has no parent implication and they would drop it.
pub(super) type Only = [u16; 27];

/// Every value of every region.
pub(super) const EVERY: Only = [0x3fe; 27];

/// Each cell given has at least two candidates and the union has `degree` values (SE's
/// `CommonTuples.searchCommonTuple`).
fn common_tuple(masks: &[u16], degree: u32) -> Option<u16> {
    let mut all = 0;
    for &m in masks {
        if ones(m as u32) <= 1 {
            return None;
        }
        all |= m;
    }
    (ones(all as u32) == degree).then_some(all)
}

pub(super) fn hidden_single(g: &Grid) -> Option<Hint> {
    let t = tables();
    for alone_only in [true, false] {
        for ty in BCR {
            for r in regions_of(ty) {
                for v in 1..=9 {
                    let pos = g.positions(r, v);
                    if ones(pos as u32) == 1 {
                        let c = t.region[r][pos.trailing_zeros() as usize] as usize;
                        let alone = g.empty_count(r) == 1;
                        if alone == alone_only {
                            let d = if alone {
                                1.0
                            } else if ty == BLOCK {
                                1.2
                            } else {
                                1.5
                            };
                            return Some(Hint::place("Hidden Single", d, c, v));
                        }
                    }
                }
            }
        }
    }
    None
}

pub(super) fn naked_single(g: &Grid) -> Option<Hint> {
    (0..81)
        .find(|&c| g.value[c] == 0 && g.count(c) == 1)
        .map(|c| Hint::place("Naked Single", 2.3, c, g.cand[c].trailing_zeros() as usize))
}

/// The region pairs SE's intersections scan, in its order.
const LOCK_PAIRS: [(usize, usize); 4] =
    [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)];

/// Pointing and claiming (2.6, 2.8), then generalized intersections (2.9); with `direct`,
/// only those that leave a hidden single in a parallel region (1.7, 1.9).
#[cfg(test)]
pub(super) fn locking(g: &Grid, direct: bool) -> Option<Hint> {
    first(|f| locking_each(g, direct, &EVERY, f))
}

/// The first hint of `rule` in SE's order, given what `changed` since an earlier grid of
/// the path (this grid came from it by removing candidates and placing values) on which
/// it found nothing, if any: by region the values whose positions changed
/// (`Grid::changed_since`), and the cells whose candidates did.
///
/// Only the values whose positions changed since need be searched (see [`Only`]): a pattern of an intersection, a naked or hidden
/// set or a fish stands on its base regions' positions of its values (a naked set on its
/// cells' candidates, which change some value's positions in its region when they change), and
/// what it removes on this grid it removed on the earlier one, so a hint whose base did
/// not change would have been found there. Every hint now has a changed base, and the
/// first of those is the first of all.
///
/// The direct forms stand on more: a direct hidden set on every position of its region
/// (the single it leaves is another value's), so a region that changed is searched whole;
/// a direct intersection on its value's positions in the base region and in the regions
/// of the same type crossing the cover (the single is in one of them: the base's band or
/// stack), so a value is searched in a base where it changed in one of those. An XY- or
/// XYZ-Wing stands on its three cells' candidates: one of them must have changed.
pub(super) fn first_changed(g: &Grid, rule: Small, changed: Option<(&Only, u128)>) -> Option<Hint> {
    let only = changed.map_or(&EVERY, |c| c.0);
    match rule {
        Small::XyWing(xyz) => xy_wing(g, xyz, changed.map_or(!0, |c| c.1)),
        Small::Locking => first(|f| locking_each(g, false, only, f)),
        Small::Naked(d) => first(|f| naked_set_each(g, d, only, f)),
        Small::Fish(d) => first(|f| fish_each(g, d, only, f)),
        Small::Hidden(d) => first(|f| hidden_set_each(g, d, false, only, f)),
        Small::DirectHidden(d) => {
            let whole: Only = std::array::from_fn(|r| if only[r] != 0 { EVERY[r] } else { 0 });
            first(|f| hidden_set_each(g, d, true, &whole, f))
        }
        Small::DirectLocking => {
            let near: Only = std::array::from_fn(|r| {
                let (ty, n) = (r / 9, r % 9);
                let (band, stack) = (n / 3 * 3, n % 3);
                let mut m = 0;
                for i in 0..3 {
                    m |= match ty {
                        BLOCK => only[band + i] | only[stack + 3 * i],
                        // (Rows by band, columns by stack: three side by side.)
                        _ => only[ty * 9 + band + i],
                    };
                }
                m
            });
            first(|f| locking_each(g, true, &near, f))
        }
    }
}

/// The rules [`first_changed`] takes.
#[derive(Clone, Copy)]
pub(super) enum Small {
    Locking,
    Naked(u32),
    Fish(u32),
    Hidden(u32),
    DirectLocking,
    DirectHidden(u32),
    XyWing(bool),
}

/// The first hint a producer reports.
fn first(run: impl FnOnce(&mut dyn FnMut(Hint) -> bool)) -> Option<Hint> {
    let mut found = None;
    run(&mut |h| {
        found = Some(h);
        true
    });
    found
}

/// Every hint of [`locking`], in SE's order, to `f` (which returns true to stop), on the
/// values `only` has in the base region (the one the value is confined in).
pub(super) fn locking_each(g: &Grid, direct: bool, only: &Only, f: &mut dyn FnMut(Hint) -> bool) {
    let t = tables();
    for (ty1, ty2) in LOCK_PAIRS {
        for r1 in regions_of(ty1) {
            if only[r1] == 0 {
                continue;
            }
            let pos1 = g.all_positions(r1);
            // The values `only` has in r1 with 2 places or more (an intersection shares 3
            // cells: 2 or 3 places), in value order, each asked below.
            let mut asked = 0u16;
            for (v, pos) in pos1.iter().enumerate().skip(1) {
                if only[r1] >> v & 1 != 0 && (2..=3).contains(&COUNTS[*pos as usize & 0x3ff]) {
                    asked |= 1 << v;
                }
            }
            if asked == 0 {
                continue;
            }
            for r2 in regions_of(ty2) {
                // The indexes (in r1) of the cells r1 shares with r2.
                let shared = t.shared[r1][r2];
                if shared == 0 {
                    continue;
                }
                let mut vs = asked;
                while vs != 0 {
                    let v = vs.trailing_zeros() as usize;
                    vs &= vs - 1;
                    let pos = pos1[v];
                    if pos & !shared != 0 {
                        continue;
                    }
                    if direct {
                        for r3 in regions_of(ty1) {
                            if r3 == r1 || !crosses(r3, r2) {
                                continue;
                            }
                            let pos3 = g.positions(r3, v);
                            if pos3.count_ones() <= 1 {
                                continue;
                            }
                            // (r3's positions outside r2: those not among the cells r3
                            // shares with r2.)
                            let outside = pos3 & !t.shared[r3][r2];
                            if outside.count_ones() == 1 {
                                let name = if ty1 == BLOCK {
                                    "Direct Pointing"
                                } else {
                                    "Direct Claiming"
                                };
                                let d = if ty1 == BLOCK { 1.7 } else { 1.9 };
                                // (The removals are gathered only for a hint: most
                                // intersections leave no single.)
                                let removals = locking_removals(g, r1, r2, v);
                                let cell = t.region[r3][outside.trailing_zeros() as usize];
                                let mut h = Hint::remove(name, d, removals);
                                h.place = Some((cell, v as u8));
                                if f(h) {
                                    return;
                                }
                            }
                        }
                        continue;
                    }
                    // (Nothing to remove, no hint: r2 has no other place for the value
                    // outside r1. Checked before any list is made.)
                    if g.positions(r2, v) & !t.shared[r2][r1] == 0 {
                        continue;
                    }
                    let removals = locking_removals(g, r1, r2, v);
                    if !removals.is_empty() {
                        let (name, d) = if ty1 == BLOCK {
                            ("Pointing", 2.6)
                        } else {
                            ("Claiming", 2.8)
                        };
                        let mut h = Hint::remove(name, d, removals);
                        h.origin = Origin::Lock {
                            value: v as u8,
                            bases: vec![r1 as u8],
                            covers: vec![r2 as u8],
                        };
                        if f(h) {
                            return;
                        }
                    }
                }
            }
        }
    }
    if direct {
        return;
    }
    for ty in BCR {
        for r1 in regions_of(ty) {
            let all = g.all_positions(r1);
            let mut vs = only[r1] & 0x3fe;
            while vs != 0 {
                let v = vs.trailing_zeros() as usize;
                vs &= vs - 1;
                let pos = all[v];
                if !(2..8).contains(&COUNTS[pos as usize & 0x3ff]) {
                    continue;
                }
                // The cells outside r1 with the value that see all its places (none for
                // most: the walk stops there, and no list is made).
                let mut common = g.cells_with(v) & !t.members[r1];
                for i in bits(pos as u32) {
                    common &= t.sees[t.region[r1][i] as usize];
                    if common == 0 {
                        break;
                    }
                }
                if common != 0 {
                    let mut removals: Vec<(u8, u16)> = Vec::new();
                    while common != 0 {
                        let c = common.trailing_zeros() as usize;
                        common &= common - 1;
                        removals.push((c as u8, 1 << v));
                    }
                    let mut h = Hint::remove("Generalized Intersection", 2.9, removals);
                    h.origin = Origin::LockG {
                        region: r1 as u8,
                        value: v as u8,
                    };
                    if f(h) {
                        return;
                    }
                }
            }
        }
    }
}

fn locking_removals(g: &Grid, r1: usize, r2: usize, v: usize) -> Vec<(u8, u16)> {
    let t = tables();
    t.region[r2]
        .iter()
        .filter(|&&c| t.members[r1] >> c & 1 == 0 && g.has(c as usize, v))
        .map(|&c| (c, 1 << v))
        .collect()
}

/// Hidden pairs, triplets and quads; with `direct`, only those that leave a hidden single
/// in their region (and the single is placed).
#[cfg(test)]
pub(super) fn hidden_set(g: &Grid, degree: u32, direct: bool) -> Option<Hint> {
    first(|f| hidden_set_each(g, degree, direct, &EVERY, f))
}

/// Every hint of [`hidden_set`], in SE's order, to `f` (which returns true to stop), on
/// the sets of values with one at least that `only` has in the region.
pub(super) fn hidden_set_each(
    g: &Grid,
    degree: u32,
    direct: bool,
    only: &Only,
    f: &mut dyn FnMut(Hint) -> bool,
) {
    let t = tables();
    for ty in BCR {
        for r in regions_of(ty) {
            if only[r] == 0 {
                continue;
            }
            let empty = g.empty_count(r);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let all = g.all_positions(r);
            // The values (bit v - 1) that may be in a set: 2 to `degree` positions
            // ([`common_tuple`] wants each one's at least 2, all `degree` together).
            let mut fit = 0u32;
            for (v, pos) in all.iter().enumerate().skip(1) {
                if (2..=degree).contains(&ones(*pos as u32)) {
                    fit |= 1 << (v - 1);
                }
            }
            if ones(fit) < degree {
                continue;
            }
            // (Fixed arrays, not vectors: this runs for every combination of every region,
            // and the dynamic chains (+) ask it after every step of every chain.)
            let k = degree as usize;
            // (Only the combinations of fitting values, in the same order.)
            for vm in combinations_within(degree, fit) {
                if (vm as u16) << 1 & only[r] == 0 {
                    continue;
                }
                let mut pos = [0u16; 4];
                for (slot, b) in pos.iter_mut().zip(bits(vm)) {
                    *slot = all[b + 1];
                }
                let Some(common) = common_tuple(&pos[..k], degree) else {
                    continue;
                };
                let vset = (vm as u16) << 1;
                let mut removals = Vec::new();
                for i in bits(common as u32) {
                    let c = t.region[r][i];
                    let rem = g.cand[c as usize] & !vset;
                    if rem != 0 {
                        removals.push((c, rem));
                    }
                }
                if direct {
                    let mut found = None;
                    for v in 1..=9 {
                        if vset >> v & 1 != 0 {
                            continue;
                        }
                        let p = g.positions(r, v);
                        if p.count_ones() > 1 {
                            let rest = p & !common;
                            if rest.count_ones() == 1 {
                                found = Some((t.region[r][rest.trailing_zeros() as usize], v));
                                break;
                            }
                        }
                    }
                    if let Some((c, v)) = found {
                        let d = if degree == 2 {
                            2.0
                        } else if degree == 3 {
                            2.5
                        } else {
                            4.3
                        };
                        let mut h = Hint::remove(direct_hidden_name(degree), d, removals);
                        h.place = Some((c, v as u8));
                        if f(h) {
                            return;
                        }
                    }
                } else if !removals.is_empty() {
                    let d = match degree {
                        2 => 3.4,
                        3 => 4.0,
                        _ => 5.4,
                    };
                    let mut h = Hint::remove(hidden_name(degree), d, removals);
                    h.origin = Origin::Hidden {
                        region: r as u8,
                        values: vset,
                    };
                    if f(h) {
                        return;
                    }
                }
            }
        }
    }
}

fn hidden_name(degree: u32) -> &'static str {
    ["Hidden Pair", "Hidden Triplet", "Hidden Quad"][degree as usize - 2]
}

fn direct_hidden_name(degree: u32) -> &'static str {
    [
        "Direct Hidden Pair",
        "Direct Hidden Triplet",
        "Direct Hidden Quad",
    ][degree as usize - 2]
}

#[cfg(test)]
pub(super) fn naked_set(g: &Grid, degree: u32) -> Option<Hint> {
    first(|f| naked_set_each(g, degree, &EVERY, f))
}

/// Every hint of [`naked_set`], in SE's order, to `f` (which returns true to stop), in
/// the regions where `only` has a value.
pub(super) fn naked_set_each(g: &Grid, degree: u32, only: &Only, f: &mut dyn FnMut(Hint) -> bool) {
    let t = tables();
    for ty in BCR {
        for r in regions_of(ty) {
            if only[r] == 0 || g.empty_count(r) < degree * 2 {
                continue;
            }
            // The cells (bit i for the region's i-th) that may be in a set: 2 to `degree`
            // candidates ([`common_tuple`] wants each one's at least 2, all `degree`
            // together).
            let mut fit = 0u32;
            for (i, &c) in t.region[r].iter().enumerate() {
                if (2..=degree).contains(&g.count(c as usize)) {
                    fit |= 1 << i;
                }
            }
            if ones(fit) < degree {
                continue;
            }
            let k = degree as usize;
            // (Only the combinations of fitting cells, in the same order.)
            for im in combinations_within(degree, fit) {
                let mut masks = [0u16; 4];
                for (slot, i) in masks.iter_mut().zip(bits(im)) {
                    *slot = g.cand[t.region[r][i] as usize];
                }
                let Some(common) = common_tuple(&masks[..k], degree) else {
                    continue;
                };
                let mut removals = Vec::new();
                for (i, &o) in t.region[r].iter().enumerate() {
                    if im >> i & 1 == 0 {
                        let rem = g.cand[o as usize] & common;
                        if rem != 0 {
                            removals.push((o, rem));
                        }
                    }
                }
                if !removals.is_empty() {
                    let (name, d) = match degree {
                        2 => ("Naked Pair", 3.0),
                        3 => ("Naked Triplet", 3.6),
                        _ => ("Naked Quad", 5.0),
                    };
                    let mut h = Hint::remove(name, d, removals);
                    h.origin = Origin::Naked {
                        cells: bits(im).map(|i| t.region[r][i]).collect(),
                        values: common,
                    };
                    if f(h) {
                        return;
                    }
                }
            }
        }
    }
}

/// X-Wing, Swordfish, Jellyfish: base regions columns then rows.
#[cfg(test)]
pub(super) fn fish(g: &Grid, degree: u32) -> Option<Hint> {
    first(|f| fish_each(g, degree, &EVERY, f))
}

/// Every hint of [`fish`], in SE's order, to `f` (which returns true to stop), on the
/// values `only` has in one of the base regions at least.
pub(super) fn fish_each(g: &Grid, degree: u32, only: &Only, f: &mut dyn FnMut(Hint) -> bool) {
    let t = tables();
    let mut occ = [0usize; 10];
    for &x in &g.value {
        occ[x as usize] += 1;
    }
    let k = degree as usize;
    for (base, cover) in [(COLUMN, ROW), (ROW, COLUMN)] {
        // Each base region's positions of every value, once (not once a combination).
        let all: [[u16; 10]; 9] = std::array::from_fn(|i| g.all_positions(base * 9 + i));
        // `wanted[v]`: the base regions (bit i for region base * 9 + i) where `only` has
        // `v`: a combination with none of them is passed over; `fit[v]`: those with 2 to
        // `degree` positions of `v` ([`common_tuple`] wants each base's at least 2, all
        // `degree` together): a combination with another is passed over.
        let mut wanted = [0u32; 10];
        let mut fit = [0u32; 10];
        for v in 1..=9 {
            for (i, pos) in all.iter().enumerate() {
                if only[base * 9 + i] >> v & 1 != 0 {
                    wanted[v] |= 1 << i;
                }
                if (2..=degree).contains(&ones(pos[v] as u32)) {
                    fit[v] |= 1 << i;
                }
            }
        }
        // The bases a combination may take: those fitting a value with `degree` fitting
        // bases, one of them wanted (none: no fish this way).
        let mut bases = 0u32;
        for v in 1..=9 {
            if ones(fit[v]) >= degree && fit[v] & wanted[v] != 0 {
                bases |= fit[v];
            }
        }
        if bases == 0 {
            continue;
        }
        // (Only the combinations of those bases, in the same order.)
        for im in combinations_within(degree, bases) {
            for (v, &placed) in occ.iter().enumerate().skip(1) {
                if placed + degree as usize * 2 > 9 || im & wanted[v] == 0 || im & !fit[v] != 0 {
                    continue;
                }
                let mut pos = [0u16; 4];
                for (slot, i) in pos.iter_mut().zip(bits(im)) {
                    *slot = all[i][v];
                }
                let Some(common) = common_tuple(&pos[..k], degree) else {
                    continue;
                };
                let mut removals = Vec::new();
                for j in bits(common as u32) {
                    let r = cover * 9 + j;
                    let p = g.positions(r, v) & !(im as u16);
                    for i in bits(p as u32) {
                        removals.push((t.region[r][i], 1u16 << v));
                    }
                }
                if !removals.is_empty() {
                    let (name, d) = match degree {
                        2 => ("X-Wing", 3.2),
                        3 => ("Swordfish", 3.8),
                        _ => ("Jellyfish", 5.2),
                    };
                    let mut h = Hint::remove(name, d, removals);
                    h.origin = Origin::Lock {
                        value: v as u8,
                        bases: bits(im).map(|i| (base * 9 + i) as u8).collect(),
                        covers: bits(common as u32).map(|j| (cover * 9 + j) as u8).collect(),
                    };
                    if f(h) {
                        return;
                    }
                }
            }
        }
    }
}

/// XY-Wings (XYZ-Wings with `xyz`), in SE's order, of which one cell at least is in
/// `cells` (those whose candidates changed: see [`first_changed`]).
pub(super) fn xy_wing(g: &Grid, xyz: bool, cells: u128) -> Option<Hint> {
    let t = tables();
    let target = if xyz { 3 } else { 2 };
    let count = |m: u16| ones(m as u32);
    for xy in 0..81 {
        let xyv = g.cand[xy];
        if count(xyv) != target {
            continue;
        }
        let xy_changed = cells >> xy & 1 != 0;
        for &xz in &t.house[xy] {
            let xzv = g.cand[xz as usize];
            if !two(xzv) || count(xyv & !xzv) != 1 {
                continue;
            }
            let changed = xy_changed || cells >> xz & 1 != 0;
            for &yz in &t.house[xy] {
                let yzv = g.cand[yz as usize];
                if !two(yzv) || !changed && cells >> yz & 1 == 0 {
                    continue;
                }
                let union = xyv | xzv | yzv;
                let inter = xyv & xzv & yzv;
                let ok = count(union) == 3 && count(inter) == if xyz { 1 } else { 0 };
                if !ok {
                    continue;
                }
                let z = (xzv & yzv).trailing_zeros() as usize;
                let mut victims = t.sees[xz as usize] & t.sees[yz as usize];
                if xyz {
                    victims &= t.sees[xy];
                }
                victims &= !(1u128 << xy | 1u128 << xz | 1u128 << yz);
                let removals: Vec<(u8, u16)> = (0..81)
                    .filter(|&c| victims >> c & 1 != 0 && g.has(c, z))
                    .map(|c| (c as u8, 1u16 << z))
                    .collect();
                if !removals.is_empty() {
                    let (name, d) = if xyz {
                        ("XYZ-Wing", 4.4)
                    } else {
                        ("XY-Wing", 4.2)
                    };
                    return Some(Hint::remove(name, d, removals));
                }
            }
        }
    }
    None
}

pub(super) fn bug(g: &Grid) -> Option<Hint> {
    let t = tables();
    let mut temp = g.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_bug = 0u16;
    let mut common: Option<Vec<usize>> = None;
    for r in 0..27 {
        for v in 1..=9 {
            let pos = g.positions(r, v);
            let n = pos.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            // The places in cells of three values or more: how many, and the last.
            let (mut new, mut last) = (0, 0);
            for i in bits(pos as u32) {
                let c = t.region[r][i] as usize;
                if g.count(c) >= 3 {
                    new += 1;
                    last = c;
                }
            }
            if new == 1 {
                let c = last;
                if !bug_cells.contains(&c) {
                    bug_cells.push(c);
                }
                bug_values[c] |= 1 << v;
                all_bug |= 1 << v;
                temp.remove(c, 1 << v);
                let house = &t.house[c];
                let cm = common.get_or_insert_with(|| house.iter().map(|&o| o as usize).collect());
                cm.retain(|&o| t.sees[c] >> o & 1 != 0);
                cm.retain(|o| !bug_cells.contains(o));
                if bug_cells.len() > 1 && all_bug.count_ones() > 1 && cm.is_empty() {
                    return None;
                }
            }
            if new == 0 {
                return None;
            }
        }
    }
    for c in 0..81 {
        if temp.value[c] == 0 && temp.count(c) != 2 {
            return None;
        }
    }
    for r in 0..27 {
        for v in 1..=9 {
            let n = temp.positions(r, v).count_ones();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        return Some(Hint::remove(
            "BUG type 1",
            5.6,
            vec![(c as u8, g.cand[c] & !all_bug)],
        ));
    }
    let common = common.unwrap_or_default();
    if all_bug.count_ones() == 1 {
        let v = all_bug.trailing_zeros() as usize;
        if !common.is_empty() {
            let removals: Vec<(u8, u16)> = common
                .iter()
                .filter(|&&c| g.has(c, v))
                .map(|&c| (c as u8, 1u16 << v))
                .collect();
            if !removals.is_empty() {
                return Some(Hint::remove("BUG type 2", 5.7, removals));
            }
        }
        if bug_cells.len() == 2 {
            if let Some(h) = bug4(g, &bug_cells, &bug_values, all_bug) {
                return Some(h);
            }
        }
    } else if !common.is_empty() {
        if bug_cells.len() == 2 {
            if let Some(h) = bug4(g, &bug_cells, &bug_values, all_bug) {
                return Some(h);
            }
        }
        return bug3(g, &bug_cells, all_bug, &common);
    }
    None
}

/// The region of type `ty` that holds every one of `cells`, if any.
fn shared_region(cells: &[usize], ty: usize) -> Option<usize> {
    let t = tables();
    let r = t.of[cells[0]][ty] as usize;
    cells
        .iter()
        .all(|&c| t.of[c][ty] as usize == r)
        .then_some(r)
}

fn bug4(g: &Grid, cells: &[usize], extra: &[u16; 81], all_bug: u16) -> Option<Hint> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = g.cand[c1] & g.cand[c2] & !all_bug;
    if common.count_ones() != 1 {
        return None;
    }
    for ty in [BLOCK, ROW, COLUMN] {
        if shared_region(cells, ty).is_some() {
            let b1 = g.cand[c1] & !extra[c1] & !common;
            let b2 = g.cand[c2] & !extra[c2] & !common;
            let removals = vec![(c1 as u8, b1), (c2 as u8, b2)];
            return Some(Hint::remove("BUG type 4", 5.7, removals));
        }
    }
    None
}

fn bug3(g: &Grid, cells: &[usize], all_bug: u16, common: &[usize]) -> Option<Hint> {
    let t = tables();
    for ty in [BLOCK, ROW, COLUMN] {
        let Some(r) = shared_region(cells, ty) else {
            continue;
        };
        let rc: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| t.of[c][ty] as usize == r)
            .collect();
        for degree in 2..=6u32 {
            if rc.len() < degree as usize {
                continue;
            }
            for im in combinations(degree - 1, rc.len() as u32) {
                let naked: Vec<usize> = bits(im).map(|i| rc[i]).collect();
                let mut masks: Vec<u16> = naked.iter().map(|&c| g.cand[c]).collect();
                let other: u16 = masks.iter().fold(0, |a, &m| a | m);
                masks.push(all_bug);
                if other.count_ones() != degree {
                    continue;
                }
                let Some(set) = common_tuple(&masks, degree) else {
                    continue;
                };
                let erasable: Vec<usize> = rc
                    .iter()
                    .copied()
                    .filter(|c| !naked.contains(c) && !cells.contains(c))
                    .collect();
                let removals: Vec<(u8, u16)> = erasable
                    .iter()
                    .filter(|&&c| g.cand[c] & set != 0)
                    .map(|&c| (c as u8, g.cand[c] & set))
                    .collect();
                if !removals.is_empty() {
                    let d = 5.7 + (set.count_ones() - 1) as f64 * 0.1;
                    return Some(Hint::remove("BUG type 3", d, removals));
                }
            }
        }
    }
    None
}

/// The cells that may be in aligned exclusion's list: two candidates or more, and no cell
/// they see with one (the list also needs an excluder, a cell seen with 2 to `degree`).
fn excludable(g: &Grid) -> u128 {
    let t = tables();
    let mut list = 0u128;
    for c in 0..81 {
        if g.count(c) >= 2 && t.house[c].iter().all(|&o| g.count(o as usize) != 1) {
            list |= 1u128 << c;
        }
    }
    list
}

/// Aligned pair (degree 2, 6.2) and triplet (degree 3, 7.5) exclusion.
///
/// `since`: a grid on which the same search found nothing (or `None`). A pair or triplet
/// removes something or not according to its cells' candidates and those of the cells
/// that see them all (its common excluders); where none of these changed since `since`, and
/// its cells could be in the list there too ([`excludable`]), it removes nothing here
/// either, so it is passed over. (A cell that had no excluder there, and so was not in the
/// list, shares with the others no excluder that did not change: one of at least two
/// common excluders then changed.) The first one that removes something is then the one
/// the whole search finds, for the search goes in the same order (a path asks the triplets at every step the
/// chains are asked: 126 us a time on top1465's ER 7 to 9, before this).
///
/// (Sets of cells as 128-bit masks and fixed arrays, not vectors: the triplets are asked
/// on every grid the chains are asked on, and try every combination of values of every
/// triplet.)
pub(super) fn aligned_exclusion(g: &Grid, degree: usize, since: Option<&Grid>) -> Option<Hint> {
    let t = tables();
    // The cells that may be excluded, in cell order; each one's excluders (the cells it
    // sees with 2 to `degree` candidates), in SE's house order and as a set.
    let mut cand_list = [0u8; 81];
    let mut n = 0;
    let mut in_list = 0u128;
    let mut ex_list = [[0u8; 20]; 81];
    let mut ex_len = [0u8; 81];
    let mut ex_set = [0u128; 81];
    for c in 0..81 {
        if g.count(c) < 2 {
            continue;
        }
        let mut single = false;
        let mut k = 0;
        let mut set = 0u128;
        for &o in &t.house[c] {
            let m = g.count(o as usize);
            if m == 1 {
                single = true;
                break;
            } else if m >= 2 && m as usize <= degree {
                ex_list[c][k] = o;
                k += 1;
                set |= 1u128 << o;
            }
        }
        if !single && k > 0 {
            cand_list[n] = c as u8;
            n += 1;
            in_list |= 1u128 << c;
            ex_len[c] = k as u8;
            ex_set[c] = set;
        }
    }
    if n < degree {
        return None;
    }
    // `changed`: the cells whose candidates differ from `since`'s; `fresh`: those, and the
    // cells in the list here that could not be in it there (all cells when there is no
    // `since`).
    let (changed, fresh) = match since {
        None => (!0u128, !0u128),
        Some(old) => {
            let mut changed = 0u128;
            for c in 0..81 {
                if g.cand[c] != old.cand[c] {
                    changed |= 1u128 << c;
                }
            }
            (changed, changed | (in_list & !excludable(old)))
        }
    };
    // The pairs in `pairs` order: (0, 1), (0, 2), (1, 2), (0, 3), ...
    for &c1 in &cand_list[1..n] {
        let c1 = c1 as usize;
        let ex1 = ex_set[c1];
        // Every set of cells below needs two excluders in common: so do its first two. The
        // cells of the list before c1 with two of its excluders or more among their own
        // are those that see two of them (an excluder is a cell of 2 to `degree`
        // candidates the cell sees), gone through in cell order, the list's.
        let (mut one, mut two) = (0u128, 0u128);
        let mut m = ex1;
        while m != 0 {
            let sees = t.sees[m.trailing_zeros() as usize];
            m &= m - 1;
            two |= one & sees;
            one |= sees;
        }
        let mut firsts = two & in_list & !(!0u128 << c1);
        while firsts != 0 {
            let c0 = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            debug_assert!(several(ex_set[c0] & ex1));
            // Whether a pair or triplet of these two cells may remove something new: it
            // holds a fresh cell, or a changed cell sees all its cells (`near`: the cells
            // that see a changed cell that sees both).
            let pair_fresh = (fresh >> c0 | fresh >> c1) & 1 != 0;
            let mut near = 0u128;
            if !pair_fresh {
                let mut m = changed & t.sees[c0] & t.sees[c1];
                if degree == 2 && m == 0 {
                    continue;
                }
                while m != 0 {
                    near |= t.sees[m.trailing_zeros() as usize];
                    m &= m - 1;
                }
            }
            // The third cells: the excluders of c0, then of c1, each once, that may be
            // excluded themselves (none for pairs: one pass with no third cell).
            let mut tails = [0u8; 40];
            let mut n_tails = 0;
            if degree == 3 {
                // (No third cell is wanted when none may be: a quick no before the rest.)
                let may = (ex_set[c0] | ex_set[c1]) & in_list;
                if !pair_fresh && may & (fresh | near) == 0 {
                    continue;
                }
                // Only those that see two of c0 and c1's common excluders at least are kept:
                // a cell of the list sees a common excluder exactly when it is one of its own
                // excluders (2 or 3 candidates), so the others would have fewer than two
                // excluders in common with c0 and c1, and be passed over below.
                let (mut one, mut two) = (0u128, 0u128);
                let mut m = ex_set[c0] & ex_set[c1];
                while m != 0 {
                    let sees = t.sees[m.trailing_zeros() as usize];
                    m &= m - 1;
                    two |= one & sees;
                    one |= sees;
                }
                let mut wanted =
                    (ex_set[c0] | ex_set[c1]) & in_list & two & !(1u128 << c0 | 1u128 << c1);
                if !pair_fresh {
                    wanted &= fresh | near;
                }
                let both = ex_list[c0][..ex_len[c0] as usize]
                    .iter()
                    .chain(&ex_list[c1][..ex_len[c1] as usize]);
                for &o in both {
                    if wanted == 0 {
                        break;
                    }
                    let bit = 1u128 << o;
                    if wanted & bit != 0 {
                        wanted &= !bit;
                        tails[n_tails] = o;
                        n_tails += 1;
                    }
                }
            } else {
                n_tails = 1;
            }
            // Whether the pair (x, y) (x < y) had `third` among its third cells.
            let visited = |x: usize, y: usize, third: usize| {
                several(ex_set[x] & ex_set[y]) && (ex_set[x] | ex_set[y]) >> third & 1 != 0
            };
            for &tail in &tails[..n_tails] {
                let t3 = tail as usize;
                // A triplet met before, from an earlier pair (the pairs go in `pairs` order
                // of the cells, which is cell order), is passed over: it removed nothing then
                // (else that step was taken), and what a triplet removes does not depend on
                // which of its cells come first (each cell keeps the values some valid
                // combination gives it; a combination's validity is symmetric).
                if degree == 3
                    && ((t3 < c1 && visited(t3.min(c0), t3.max(c0), c1))
                        || (t3 < c0 && visited(t3, c1, c0)))
                {
                    continue;
                }
                let cells = [c0, c1, tail as usize];
                let cells = &cells[..degree];
                let common = cells.iter().fold(!0u128, |a, &c| a & ex_set[c]);
                if !several(common) {
                    continue;
                }
                // The common excluders' candidates: a combination of values that leaves one
                // of them none is excluded. An excluder has 2 to `degree` candidates, and a
                // combination takes one or two values: a two-candidate one {a, b} is left
                // none when the combination takes both, and its other value when it takes
                // one (`partner[a]` holds b); a three-candidate one is never left none, and
                // is left one value only when it holds both values taken (`triples`).
                let mut partner = [0u16; 10];
                let mut triples = [0u16; 20];
                let mut n_tri = 0;
                let mut m = common;
                while m != 0 {
                    let e = g.cand[m.trailing_zeros() as usize];
                    m &= m - 1;
                    let r = e & (e - 1);
                    if r & (r - 1) == 0 {
                        let (a, b) = (e.trailing_zeros(), 15 - e.leading_zeros());
                        partner[a as usize] |= 1 << b;
                        partner[b as usize] |= 1 << a;
                    } else {
                        triples[n_tri] = e;
                        n_tri += 1;
                    }
                }
                let triples = &triples[..n_tri];
                let see01 = t.sees[cells[0]] >> cells[1] & 1 != 0;
                let (see02, see12) = if degree == 3 {
                    (
                        t.sees[cells[0]] >> cells[2] & 1 != 0,
                        t.sees[cells[1]] >> cells[2] & 1 != 0,
                    )
                } else {
                    (false, false)
                };
                // For each value of the other cells (that they may take together), the values
                // of the first cell left: not one a cell that sees it takes, not the last one
                // of a common excluder. (With pairs the third cell's value is 0, no
                // candidate: `partner[0]` is empty and no excluder holds it.)
                let mut allowed = [0u16; 3];
                let first_cands = g.cand[cells[0]];
                let m2 = if degree == 3 { g.cand[cells[2]] } else { 1 };
                for p2 in bits(m2 as u32) {
                    for p1 in bits(g.cand[cells[1]] as u32) {
                        if degree == 3 && p1 == p2 && see12 {
                            continue;
                        }
                        let taken = 1u16 << p1 | 1u16 << p2 & !1;
                        let mut banned = if partner[p1] >> p2 & 1 != 0 {
                            !0
                        } else {
                            partner[p1] | partner[p2]
                        };
                        for &e in triples {
                            let rest = e & !taken;
                            if rest == 0 {
                                banned = !0;
                            } else if rest & (rest - 1) == 0 {
                                banned |= rest;
                            }
                        }
                        if see01 {
                            banned |= 1 << p1;
                        }
                        if degree == 3 && see02 {
                            banned |= 1 << p2;
                        }
                        let first = first_cands & !banned;
                        if first != 0 {
                            allowed[0] |= first;
                            allowed[1] |= 1 << p1;
                            allowed[2] |= 1 << p2;
                        }
                    }
                }
                let removals: Vec<(u8, u16)> = cells
                    .iter()
                    .enumerate()
                    .filter(|&(i, &c)| g.cand[c] & !allowed[i] != 0)
                    .map(|(i, &c)| (c as u8, g.cand[c] & !allowed[i]))
                    .collect();
                if !removals.is_empty() {
                    let (name, d) = if degree == 2 {
                        ("Aligned Pair Exclusion", 6.2)
                    } else {
                        ("Aligned Triplet Exclusion", 7.5)
                    };
                    return Some(Hint::remove(name, d, removals));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Aligned pair and triplet exclusion told of an earlier grid of the path where they
    /// found nothing find what the whole search finds, at every step of SE's path of the
    /// puzzles of `fixtures/se/top1465-*.txt` (ER up to 9.6), against each of the last four
    /// such grids and the first.
    #[test]
    fn aligned_exclusion_since_a_grid_finds_what_the_whole_search_finds() {
        let (mut compared, mut found) = (0, [0; 2]);
        for cells in super::super::tests::top1465_fixtures() {
            let mut g = Grid::new(&cells);
            let (steps, _) = super::super::path(&cells);
            let mut none: [Vec<Grid>; 2] = [Vec::new(), Vec::new()];
            for step in steps {
                for degree in 2..=3 {
                    let whole = aligned_exclusion(&g, degree, None);
                    let olds = &none[degree - 2];
                    let tried = olds.iter().rev().take(4).chain(olds.first());
                    for old in tried {
                        let since = aligned_exclusion(&g, degree, Some(old));
                        assert_eq!(
                            since.as_ref().map(|h| (h.tenths(), h.removals.clone())),
                            whole.as_ref().map(|h| (h.tenths(), h.removals.clone())),
                            "{cells:?}"
                        );
                        compared += 1;
                        found[degree - 2] += usize::from(whole.is_some());
                    }
                    if whole.is_none() {
                        none[degree - 2].push(g.clone());
                    }
                }
                step.apply(&mut g);
            }
        }
        assert!(compared > 10_000, "{compared}");
        assert!(found[0] > 0 && found[1] > 0, "{found:?}");
    }
}
