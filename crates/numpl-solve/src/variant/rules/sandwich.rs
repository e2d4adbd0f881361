//! Sandwich clues: in the row or column, the values between the 1 and the N add up to
//! the clue. Every placement of the 1 and the N the candidates allow is tried: it stands
//! if the cells between can reach the sum; each cell keeps what some standing placement
//! lets it hold.

use numpl_core::variant::Line;

use super::Builder;
use crate::variant::engine::{Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, line: Line) {
    b.prop(Sandwich {
        cells: line.cells(b.variant.shape()),
        sum: sum as i64,
        n: b.n,
    });
}

struct Sandwich {
    cells: Vec<u16>,
    sum: i64,
    n: usize,
}

impl Prop for Sandwich {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let n = self.n;
        let one = 1u64;
        let top = 1u64 << (n - 1);
        let crust = one | top;
        let m: Vec<u64> = self.cells.iter().map(|&c| st.get(c)).collect();
        let mut keep = vec![0u64; n];
        let mut any = false;
        for i in 0..n {
            if m[i] & one == 0 {
                continue;
            }
            for j in 0..n {
                if i == j || m[j] & top == 0 {
                    continue;
                }
                let (a, b) = (i.min(j), i.max(j));
                let inner: Vec<u64> = (a + 1..b).map(|x| m[x] & !crust).collect();
                if inner.contains(&0) {
                    continue;
                }
                let lo: i64 = inner.iter().map(|&x| x.trailing_zeros() as i64 + 1).sum();
                let hi: i64 = inner.iter().map(|&x| 64 - x.leading_zeros() as i64).sum();
                if self.sum < lo || self.sum > hi {
                    continue;
                }
                any = true;
                keep[i] |= one;
                keep[j] |= top;
                for (x, &mx) in (a + 1..b).zip(&inner) {
                    let (xl, xh) = (
                        mx.trailing_zeros() as i64 + 1,
                        64 - mx.leading_zeros() as i64,
                    );
                    let (want_lo, want_hi) = (self.sum - (hi - xh), self.sum - (lo - xl));
                    let mut bits = mx;
                    while bits != 0 {
                        let v = bits.trailing_zeros() as i64 + 1;
                        if v >= want_lo && v <= want_hi {
                            keep[x] |= bits & bits.wrapping_neg();
                        }
                        bits &= bits - 1;
                    }
                }
                for x in (0..a).chain(b + 1..n) {
                    keep[x] |= m[x] & !crust;
                }
            }
        }
        if !any {
            return Err(Contradiction);
        }
        for (x, &c) in self.cells.iter().enumerate() {
            st.restrict(c, keep[x])?;
        }
        Ok(())
    }
}
