//! The almost locked sets of a board and the cell-set tables the ALS techniques
//! (`als.rs`) read. Built once per board state and kept in the solver's [`Memo`] until the
//! board changes, so this module is what the memo and the ALS finders share (neither needs
//! the other's internals).
//!
//! [`Memo`]: super::memo::Memo

use std::collections::HashSet;

use numpl_core::Mask;

use super::Board;

/// A set of cells as bits, for grids of any size: inline for up to 128 cells (9x9 and
/// below, where the ALS pair search spends its time testing these), on the heap beyond.
#[derive(Clone, PartialEq, Eq)]
pub(super) enum Bits {
    Small(u128),
    Big(Vec<u64>),
}

impl Bits {
    pub(super) fn new(cells: usize) -> Bits {
        if cells <= 128 {
            Bits::Small(0)
        } else {
            Bits::Big(vec![0; cells.div_ceil(64)])
        }
    }
    pub(super) fn set(&mut self, i: usize) {
        match self {
            Bits::Small(w) => *w |= 1 << i,
            Bits::Big(v) => v[i / 64] |= 1 << (i % 64),
        }
    }
    pub(super) fn and_with(&mut self, o: &Bits) {
        match (self, o) {
            (Bits::Small(a), Bits::Small(b)) => *a &= b,
            (Bits::Big(a), Bits::Big(b)) => {
                for (a, b) in a.iter_mut().zip(b) {
                    *a &= b;
                }
            }
            (a, _) => *a = Bits::Small(0),
        }
    }
    pub(super) fn subset_of(&self, o: &Bits) -> bool {
        match (self, o) {
            (Bits::Small(a), Bits::Small(b)) => a & !b == 0,
            (Bits::Big(a), Bits::Big(b)) => a.iter().zip(b).all(|(a, b)| a & !b == 0),
            (a, _) => a.is_empty(),
        }
    }
    pub(super) fn intersects(&self, o: &Bits) -> bool {
        match (self, o) {
            (Bits::Small(a), Bits::Small(b)) => a & b != 0,
            (Bits::Big(a), Bits::Big(b)) => a.iter().zip(b).any(|(a, b)| a & b != 0),
            _ => false,
        }
    }
    pub(super) fn is_empty(&self) -> bool {
        match self {
            Bits::Small(w) => *w == 0,
            Bits::Big(v) => v.iter().all(|&w| w == 0),
        }
    }
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let words: Vec<u64> = match self {
            Bits::Small(w) => vec![*w as u64, (*w >> 64) as u64],
            Bits::Big(v) => v.clone(),
        };
        words.into_iter().enumerate().flat_map(|(i, w)| {
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
pub(super) struct Als {
    pub(super) cells: Vec<usize>,
    pub(super) values: u64,
    pub(super) set: Bits,
    /// The cells mod 64 as bits: a quick disjointness test.
    pub(super) sig: u64,
    /// Per value of the set (in increasing order): (cells with v, cells seeing them all).
    pub(super) by_value: Vec<(u8, Bits, Bits)>,
}

impl Als {
    pub(super) fn get(&self, v: u8) -> Option<&(u8, Bits, Bits)> {
        // `by_value` is in increasing value order: v's entry comes after those below it.
        let bit = 1u64 << (v - 1);
        (self.values & bit != 0)
            .then(|| &self.by_value[(self.values & (bit - 1)).count_ones() as usize])
    }
}

/// Per call tables: each cell's peers as bits, each value's candidate cells as bits.
pub(super) struct Tables {
    pub(super) peers: Vec<Bits>,
    pub(super) with: Vec<Bits>,
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
    pub(super) t: Tables,
    pub(super) als: Vec<Als>,
    /// Per ALS, its (ALS index, restricted common value) partners: filled in by an ALS-XZ
    /// search that went through every pair, for ALS-XY-Wing.
    pub(super) links: Option<Vec<Vec<(usize, u8)>>>,
}

impl Cache {
    /// The tables and every ALS of `b`.
    pub(super) fn build(b: &Board) -> Cache {
        let t = tables(b);
        let als = all_als(b, &t, max_size(b));
        Cache {
            t,
            als,
            links: None,
        }
    }
}

/// The largest ALS considered: bigger ones are rare in real solutions and make the
/// pair search quadratic in a much longer list.
fn max_size(b: &Board) -> usize {
    (b.n - 1).min(5)
}

#[cfg(test)]
mod tests {
    use super::Bits;

    /// The inline (up to 128 cells) and heap forms answer the same on the same cells.
    #[test]
    fn small_and_big_bits_agree() {
        let sets: [&[usize]; 4] = [&[0, 5, 63, 64, 80], &[5, 64], &[1, 2, 127], &[]];
        let make = |cells: usize, s: &[usize]| {
            let mut b = Bits::new(cells);
            for &i in s {
                b.set(i);
            }
            b
        };
        for a in sets {
            for c in sets {
                let (sa, sc) = (make(128, a), make(128, c));
                let (ba, bc) = (make(200, a), make(200, c));
                assert!(matches!(sa, Bits::Small(_)) && matches!(ba, Bits::Big(_)));
                assert_eq!(sa.subset_of(&sc), ba.subset_of(&bc), "{a:?} {c:?}");
                assert_eq!(sa.intersects(&sc), ba.intersects(&bc), "{a:?} {c:?}");
                assert_eq!(sa.is_empty(), ba.is_empty());
                assert_eq!(sa.iter().collect::<Vec<_>>(), a.to_vec());
                assert_eq!(ba.iter().collect::<Vec<_>>(), a.to_vec());
                let (mut x, mut y) = (sa.clone(), ba.clone());
                x.and_with(&sc);
                y.and_with(&bc);
                assert_eq!(x.iter().collect::<Vec<_>>(), y.iter().collect::<Vec<_>>());
            }
        }
        assert!(make(128, &[0, 5]).subset_of(&make(128, &[0, 5, 9])));
        assert!(!make(128, &[0, 5]).intersects(&make(128, &[6])));
    }
}
