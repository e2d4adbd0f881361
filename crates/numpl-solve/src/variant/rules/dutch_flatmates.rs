//! Dutch flatmates: every middle value (5 on 9x9) has a 1 right above it or an N right
//! below it. For each cell that may hold the middle value: without a 1 possible above
//! and an N possible below, it cannot; holding it with only one of the two possible,
//! that neighbour is fixed (ISS's handler).

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>) {
    let n = b.n;
    for col in 0..n {
        b.prop(Flatmates {
            cells: (0..n).map(|r| (r * n + col) as u16).collect(),
            mid: 1 << (n.div_ceil(2) - 1),
            top: 1 << (n - 1),
        });
    }
}

/// One column, top to bottom.
struct Flatmates {
    cells: Vec<u16>,
    mid: Bits,
    top: Bits,
}

impl Prop for Flatmates {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.cells.len();
        for i in 0..k {
            let m = st.get(self.cells[i]);
            if m & self.mid == 0 {
                continue;
            }
            let up = i > 0 && st.get(self.cells[i - 1]) & 1 != 0;
            let down = i + 1 < k && st.get(self.cells[i + 1]) & self.top != 0;
            match (up, down) {
                (false, false) => st.restrict(self.cells[i], !self.mid)?,
                (true, false) if m == self.mid => st.restrict(self.cells[i - 1], 1)?,
                (false, true) if m == self.mid => st.restrict(self.cells[i + 1], self.top)?,
                _ => {}
            }
        }
        Ok(())
    }
}
