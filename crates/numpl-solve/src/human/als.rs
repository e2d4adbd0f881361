//! Almost locked sets: ALS-XZ and ALS-XY-Wing.

use std::collections::HashSet;

use numpl_core::{Cell, Mask};

use super::memo::Memo;
use super::{Board, Step, Technique};

/// A set of cells as bits, for grids of any size.
#[derive(Clone, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(cells: usize) -> Bits {
        Bits(vec![0; cells.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn and_with(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a &= b;
        }
    }
    fn subset_of(&self, o: &Bits) -> bool {
        self.0.iter().zip(&o.0).all(|(a, b)| a & !b == 0)
    }
    fn intersects(&self, o: &Bits) -> bool {
        self.0.iter().zip(&o.0).any(|(a, b)| a & b != 0)
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let t = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(i * 64 + t)
            })
        })
    }
}

/// An almost locked set: k cells of one unit holding k+1 values, with per value the
/// cells holding it and the cells that see all of those.
struct Als {
    cells: Vec<usize>,
    values: u64,
    set: Bits,
    /// The cells mod 64 as bits: a quick disjointness test.
    sig: u64,
    /// Per value of the set (in increasing order): (cells with v, cells seeing them all).
    by_value: Vec<(u8, Bits, Bits)>,
}

impl Als {
    fn get(&self, v: u8) -> Option<&(u8, Bits, Bits)> {
        // `by_value` is in increasing value order: v's entry comes after those below it.
        let bit = 1u64 << (v - 1);
        (self.values & bit != 0)
            .then(|| &self.by_value[(self.values & (bit - 1)).count_ones() as usize])
    }
}

/// Per call tables: each cell's peers as bits, each value's candidate cells as bits.
struct Tables {
    peers: Vec<Bits>,
    with: Vec<Bits>,
}

fn tables(b: &Board) -> Tables {
    let cells = b.cands.len();
    let peers = (0..cells)
        .map(|c| {
            let mut s = Bits::new(cells);
            for &p in b.geo.peers(c) {
                s.set(p as usize);
            }
            s
        })
        .collect();
    let with = (1..=b.n as u8)
        .map(|v| {
            let mut s = Bits::new(cells);
            for c in 0..cells {
                if b.has(c, v) {
                    s.set(c);
                }
            }
            s
        })
        .collect();
    Tables { peers, with }
}

/// Every ALS of up to `max` cells, each cell set once.
fn all_als(b: &Board, t: &Tables, max: usize) -> Vec<Als> {
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
    let ncells = b.cands.len();
    out.into_iter()
        .map(|cells| {
            let values = cells.iter().fold(0, |m, &c| m | b.cands[c]);
            let mut set = Bits::new(ncells);
            for &c in &cells {
                set.set(c);
            }
            let by_value = Mask::from_bits(values)
                .iter()
                .map(|v| {
                    let mut with = Bits::new(ncells);
                    let mut seeing: Option<Bits> = None;
                    for &c in cells.iter().filter(|&&c| b.has(c, v)) {
                        with.set(c);
                        match &mut seeing {
                            None => seeing = Some(t.peers[c].clone()),
                            Some(s) => s.and_with(&t.peers[c]),
                        }
                    }
                    (v, with, seeing.unwrap_or_else(|| Bits::new(ncells)))
                })
                .collect();
            let sig = cells.iter().fold(0u64, |m, &c| m | 1 << (c % 64));
            Als {
                cells,
                values,
                set,
                sig,
                by_value,
            }
        })
        .collect()
}

/// The tables and every ALS of a board, built once per board state (ALS-XZ and
/// ALS-XY-Wing run on the same board whenever the first finds nothing).
pub(crate) struct Cache {
    t: Tables,
    als: Vec<Als>,
    /// Per ALS, its (ALS index, restricted common value) partners: filled in by an ALS-XZ
    /// search that went through every pair, for ALS-XY-Wing.
    links: Option<Vec<Vec<(usize, u8)>>>,
}

fn cached<'m>(b: &Board, memo: &'m mut Memo) -> &'m mut Cache {
    memo.als.get_or_insert_with(|| {
        let t = tables(b);
        let als = all_als(b, &t, max_size(b));
        Cache {
            t,
            als,
            links: None,
        }
    })
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

/// The largest ALS considered: bigger ones are rare in real solutions and make the
/// pair search quadratic in a much longer list.
fn max_size(b: &Board) -> usize {
    (b.n - 1).min(5)
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
fn all_links(als: &[Als]) -> Vec<Vec<(usize, u8)>> {
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
