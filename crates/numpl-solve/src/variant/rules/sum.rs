//! A linear equation over cells, `sum of coef * value = total`, narrowed by bounds: each
//! term keeps the values the other terms' least and greatest can balance. Cages, little
//! killers, arrows (a circle is a term with a negative coefficient) use it.

use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(crate) struct Linear {
    cells: Vec<u16>,
    coefs: Vec<i64>,
    total: i64,
}

impl Linear {
    pub(crate) fn new(terms: Vec<(u16, i64)>, total: i64) -> Linear {
        let (cells, coefs) = terms.into_iter().unzip();
        Linear {
            cells,
            coefs,
            total,
        }
    }
}

#[inline]
fn low(m: Bits) -> i64 {
    m.trailing_zeros() as i64 + 1
}

#[inline]
fn high(m: Bits) -> i64 {
    64 - m.leading_zeros() as i64
}

/// The least and greatest of `coef * value` over `m`.
#[inline]
fn range(m: Bits, coef: i64) -> (i64, i64) {
    if coef >= 0 {
        (coef * low(m), coef * high(m))
    } else {
        (coef * high(m), coef * low(m))
    }
}

impl Prop for Linear {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let (mut lo, mut hi) = (0i64, 0i64);
        for (&c, &k) in self.cells.iter().zip(&self.coefs) {
            let (a, b) = range(st.get(c), k);
            lo += a;
            hi += b;
        }
        if self.total < lo || self.total > hi {
            return Err(Contradiction);
        }
        for (&c, &k) in self.cells.iter().zip(&self.coefs) {
            let m = st.get(c);
            let (a, b) = range(m, k);
            // k * v must lie in [total - (hi - b), total - (lo - a)].
            let (want_lo, want_hi) = (self.total - (hi - b), self.total - (lo - a));
            if want_lo <= a && b <= want_hi {
                continue;
            }
            let mut keep = 0;
            let mut bits = m;
            while bits != 0 {
                let v = bits.trailing_zeros() as i64 + 1;
                let kv = k * v;
                if kv >= want_lo && kv <= want_hi {
                    keep |= bits & bits.wrapping_neg();
                }
                bits &= bits - 1;
            }
            st.restrict(c, keep)?;
        }
        Ok(())
    }
}
