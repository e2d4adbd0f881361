//! Lockout lines: the two ends (diamonds) differ by at least the difference, and every
//! value between them on the line lies outside the ends' range. Solved exactly for each
//! pair of end values: an end value stays while some partner at the difference leaves
//! every middle cell a value outside their range; a middle cell keeps the values outside
//! the range of some such pair.

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16], diff: u8) {
    b.prop(Lockout {
        cells: cells.to_vec(),
        diff: diff as u32,
    });
}

struct Lockout {
    cells: Vec<u16>,
    diff: u32,
}

impl Prop for Lockout {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.cells.len();
        let (first, last) = (self.cells[0], self.cells[k - 1]);
        let mids = &self.cells[1..k - 1];
        let (ends0, ends1) = (st.get(first), st.get(last));
        let (mut keep0, mut keep1) = (0 as Bits, 0 as Bits);
        let mut keep = vec![0 as Bits; mids.len()];
        let mut a_bits = ends0;
        while a_bits != 0 {
            let a = a_bits.trailing_zeros();
            a_bits &= a_bits - 1;
            let mut b_bits = ends1;
            while b_bits != 0 {
                let b = b_bits.trailing_zeros();
                b_bits &= b_bits - 1;
                if a.abs_diff(b) < self.diff {
                    continue;
                }
                // Values (bits) strictly below the lesser end or above the greater.
                let (lo, hi) = (a.min(b), a.max(b));
                let outside: Bits = ((1 << lo) - 1) | !((2 << hi) - 1);
                if mids.iter().any(|&m| st.get(m) & outside == 0) {
                    continue;
                }
                keep0 |= 1 << a;
                keep1 |= 1 << b;
                for (kept, &m) in keep.iter_mut().zip(mids) {
                    *kept |= st.get(m) & outside;
                }
            }
        }
        st.restrict(first, keep0)?;
        st.restrict(last, keep1)?;
        for (&m, &kept) in mids.iter().zip(&keep) {
            st.restrict(m, kept)?;
        }
        Ok(())
    }
}
