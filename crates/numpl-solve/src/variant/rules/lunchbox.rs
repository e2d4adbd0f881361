//! Lunchboxes: the cells differ, and the values lying along the box between its least
//! and its greatest value add up to the sum. Each placement the candidates allow is tried:
//! the least value `a` at one cell and the greatest `b` at another, the cells between
//! them holding a set of different values strictly between `a` and `b` adding up to the
//! sum, the other cells values strictly between `a` and `b` outside that set. A
//! placement stands when every cell has a value it may hold and the cells between cover
//! their set; each cell keeps what some standing placement lets it hold. (Grids over
//! 16x16 check a full box only.)

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// The biggest side whose sets of values are listed (2^16 subsets).
const LISTED: usize = 16;

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, cells: &[u16]) {
    b.distinct(cells);
    let n = b.n;
    // by_size[k]: the sets of k different values of 1..n adding up to the sum.
    let mut by_size: Vec<Vec<Bits>> = vec![Vec::new(); cells.len().max(2) - 1];
    if n <= LISTED {
        for set in 0u64..1 << n {
            let k = set.count_ones() as usize;
            if k + 2 > cells.len() {
                continue;
            }
            let total: u32 = (0..n as u32)
                .filter(|v| set >> v & 1 != 0)
                .map(|v| v + 1)
                .sum();
            if total == sum {
                by_size[k].push(set);
            }
        }
    }
    b.prop(Lunchbox {
        cells: cells.to_vec(),
        sum,
        n,
        by_size,
    });
}

struct Lunchbox {
    cells: Vec<u16>,
    sum: u32,
    n: usize,
    by_size: Vec<Vec<Bits>>,
}

impl Lunchbox {
    /// A full box (every cell fixed) checked (big grids).
    fn check_full(&self, st: &State) -> Result<(), Contradiction> {
        let values: Vec<u32> = self
            .cells
            .iter()
            .map(|&c| st.get(c).trailing_zeros())
            .collect();
        let lo = (0..values.len()).min_by_key(|&i| values[i]).unwrap_or(0);
        let hi = (0..values.len()).max_by_key(|&i| values[i]).unwrap_or(0);
        let (a, b) = (lo.min(hi), lo.max(hi));
        let total: u32 = values[a + 1..b].iter().map(|v| v + 1).sum();
        if total == self.sum {
            Ok(())
        } else {
            Err(Contradiction)
        }
    }
}

impl Prop for Lunchbox {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let m: Vec<Bits> = self.cells.iter().map(|&c| st.get(c)).collect();
        if self.n > LISTED {
            return if m.iter().all(|&x| x & (x - 1) == 0) {
                self.check_full(st)
            } else {
                Ok(())
            };
        }
        let len = self.cells.len();
        let mut keep = [0 as Bits; LISTED];
        for i in 0..len {
            for j in i + 1..len {
                let k = j - i - 1;
                // Which end holds the least: `lo_at` the least's cell.
                for (lo_at, hi_at) in [(i, j), (j, i)] {
                    let (ml, mh) = (m[lo_at], m[hi_at]);
                    let mut av = ml;
                    while av != 0 {
                        let a = av.trailing_zeros();
                        av &= av - 1;
                        // Values strictly above a, and b's choices above them.
                        let mut bv = mh & !((2u64 << a) - 1);
                        while bv != 0 {
                            let b = bv.trailing_zeros();
                            bv &= bv - 1;
                            if (b - a - 1) as usize + 2 < len {
                                continue;
                            }
                            let inner = ((1u64 << b) - 1) & !((2u64 << a) - 1);
                            let mut stood = false;
                            let mut got = [0 as Bits; LISTED];
                            for &set in &self.by_size[k] {
                                if set & !inner != 0 {
                                    continue;
                                }
                                let rest = inner & !set;
                                let mut cover = 0;
                                let mut fits = true;
                                let mut outer = 0;
                                for (x, &mx) in m.iter().enumerate() {
                                    if x == i || x == j {
                                        continue;
                                    }
                                    let between = x > i && x < j;
                                    let v = mx & if between { set } else { rest };
                                    if v == 0 {
                                        fits = false;
                                        break;
                                    }
                                    if between {
                                        cover |= v;
                                    } else {
                                        outer |= v;
                                    }
                                }
                                let outside = len - 2 - k;
                                if !fits || cover != set || (outer.count_ones() as usize) < outside
                                {
                                    continue;
                                }
                                stood = true;
                                for x in 0..len {
                                    if x != i && x != j {
                                        let between = x > i && x < j;
                                        got[x] |= m[x] & if between { set } else { rest };
                                    }
                                }
                            }
                            if stood {
                                got[lo_at] |= 1 << a;
                                got[hi_at] |= 1 << b;
                                for (kx, g) in keep.iter_mut().zip(&got) {
                                    *kx |= g;
                                }
                            }
                        }
                    }
                }
            }
        }
        for (x, &c) in self.cells.iter().enumerate() {
            st.restrict(c, keep[x])?;
        }
        Ok(())
    }

    fn expensive(&self) -> bool {
        true
    }
}
