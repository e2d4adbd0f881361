//! X-sum clues: the first cell from the clue's end holds X, and the first X cells add up
//! to the clue. For each X the first cell may hold, the X - 1 cells after it hold a set of
//! X - 1 different values (not X) adding up to the clue less X: X stands if some such set
//! fits those cells (each cell has a value of the set, and the cells' candidates cover
//! it); the cells keep the values of the sets that fit, for the X's that stand. (Grids
//! over 16x16 keep X where the X - 1 cells' least and greatest sums reach.)

use numpl_core::variant::Outside;

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// The biggest side whose sets are listed (2^16 subsets).
const LISTED: usize = 16;

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, side: Outside) {
    let cells = side.cells(b.variant.shape());
    let n = b.n;
    // X = 1: the first cell alone adds up to the clue.
    let mut sets: Vec<Vec<Bits>> = vec![Vec::new(); n + 1];
    if n <= LISTED {
        for set in 0u64..1 << n {
            let k = set.count_ones() as usize + 1;
            if k > n || set >> (k - 1) & 1 != 0 {
                continue;
            }
            let total: u32 = (0..n as u32)
                .filter(|v| set >> v & 1 != 0)
                .map(|v| v + 1)
                .sum();
            if total + k as u32 == sum {
                sets[k].push(set);
            }
        }
    }
    b.prop(XSum {
        cells,
        sum,
        n,
        sets,
    });
}

struct XSum {
    /// From the clue inward.
    cells: Vec<u16>,
    sum: u32,
    n: usize,
    /// `sets[x]`: the sets of x - 1 different values other than x adding up to the sum
    /// less x (empty over [`LISTED`]).
    sets: Vec<Vec<Bits>>,
}

impl XSum {
    /// Whether the first `x` cells can add up to the sum, by their bounds alone (big
    /// grids), with the first cell holding `x`.
    fn bounds_reach(&self, st: &State, x: usize) -> bool {
        let (mut lo, mut hi) = (x as u32, x as u32);
        for &c in &self.cells[1..x] {
            let m = st.get(c) & !(1 << (x - 1));
            if m == 0 {
                return false;
            }
            lo += m.trailing_zeros() + 1;
            hi += 64 - m.leading_zeros();
        }
        lo <= self.sum && self.sum <= hi
    }
}

impl Prop for XSum {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let first = st.get(self.cells[0]);
        let mut xs = 0 as Bits;
        // keep[i]: what cell i may hold under the X's that stand (cells past X: anything).
        let mut keep = vec![0 as Bits; self.cells.len()];
        let mut each = first;
        while each != 0 {
            let x = each.trailing_zeros() as usize + 1;
            each &= each - 1;
            let mut within = vec![0 as Bits; x];
            let stands = if self.n > LISTED {
                within.fill(!0);
                self.bounds_reach(st, x)
            } else {
                let mut any = false;
                for &set in &self.sets[x] {
                    let mut cover = 0;
                    let fits = self.cells[1..x].iter().all(|&c| {
                        let m = st.get(c) & set;
                        cover |= m;
                        m != 0
                    });
                    if fits && cover == set {
                        any = true;
                        for (w, &c) in within[1..].iter_mut().zip(&self.cells[1..x]) {
                            *w |= st.get(c) & set;
                        }
                    }
                }
                any
            };
            if !stands {
                continue;
            }
            xs |= 1 << (x - 1);
            for (i, k) in keep.iter_mut().enumerate() {
                *k |= if i == 0 {
                    0
                } else if i < x {
                    within[i]
                } else {
                    !0
                };
            }
        }
        if xs == 0 {
            return Err(Contradiction);
        }
        st.restrict(self.cells[0], xs)?;
        for (i, &c) in self.cells.iter().enumerate().skip(1) {
            st.restrict(c, keep[i])?;
        }
        Ok(())
    }

    fn expensive(&self) -> bool {
        true
    }
}
