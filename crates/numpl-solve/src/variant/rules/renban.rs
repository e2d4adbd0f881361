//! Renban: the line's values differ and form a run. A run of k values is a window
//! `s..s+k-1` that every cell can take a value of, and whose every value has a cell; the
//! cells keep the values of the windows still possible.

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    b.distinct(cells);
    b.prop(Renban {
        cells: cells.to_vec(),
        n: b.n,
    });
}

struct Renban {
    cells: Vec<u16>,
    n: usize,
}

impl Prop for Renban {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.cells.len();
        let base: Bits = if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        let mut allowed = 0;
        for s in 0..=self.n - k {
            let window = base << s;
            let mut union = 0;
            let mut ok = true;
            for &c in &self.cells {
                let m = st.get(c) & window;
                if m == 0 {
                    ok = false;
                    break;
                }
                union |= m;
            }
            if ok && union == window {
                allowed |= window;
            }
        }
        if allowed == 0 {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            st.restrict(c, allowed)?;
        }
        Ok(())
    }
}
