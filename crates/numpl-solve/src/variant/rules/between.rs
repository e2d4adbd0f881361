//! Between lines: the middle cells lie strictly between the two ends' values. An end
//! keeps the values some value of the other end leaves room for every middle cell; a
//! middle cell keeps the values strictly inside some such pair.

use super::Builder;
use crate::variant::engine::{Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    b.prop(Between {
        cells: cells.to_vec(),
    });
}

struct Between {
    cells: Vec<u16>,
}

impl Prop for Between {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.cells.len();
        let (ea, eb) = (self.cells[0], self.cells[k - 1]);
        let middle = &self.cells[1..k - 1];
        let (ma, mb) = (st.get(ea), st.get(eb));
        let (mut keep_a, mut keep_b, mut keep_mid) = (0u64, 0u64, 0u64);
        let mut xs = ma;
        while xs != 0 {
            let x = xs.trailing_zeros();
            xs &= xs - 1;
            let mut ys = mb;
            while ys != 0 {
                let y = ys.trailing_zeros();
                ys &= ys - 1;
                let (lo, hi) = (x.min(y), x.max(y));
                if hi <= lo + 1 {
                    continue;
                }
                // Bits strictly between lo and hi.
                let inside = ((1u64 << hi) - 1) & !((1u64 << (lo + 1)) - 1);
                if middle.iter().all(|&c| st.get(c) & inside != 0) {
                    keep_a |= 1 << x;
                    keep_b |= 1 << y;
                    keep_mid |= inside;
                }
            }
        }
        st.restrict(ea, keep_a)?;
        st.restrict(eb, keep_b)?;
        for &c in middle {
            st.restrict(c, keep_mid)?;
        }
        Ok(())
    }
}
