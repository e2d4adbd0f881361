//! Numbered rooms: the first cell from the clue's end holds X and the X-th cell holds the
//! clue. The first cell keeps the X whose X-th cell may hold the clue (X = 1 only for a
//! clue of 1: the first cell is then its own X-th); the clue leaves each cell whose place
//! the first cell cannot name; one X left puts the clue in its cell.

use numpl_core::variant::Outside;

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, value: u32, side: Outside) {
    b.prop(NumberedRoom {
        cells: side.cells(b.variant.shape()),
        value: 1 << (value - 1),
    });
}

struct NumberedRoom {
    /// From the clue inward.
    cells: Vec<u16>,
    /// The clue as a bit.
    value: Bits,
}

impl Prop for NumberedRoom {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let first = st.get(self.cells[0]);
        // X = 1 names the first cell itself, which then holds both X and the clue.
        let mut xs: Bits = 0;
        let mut each = first;
        while each != 0 {
            let x = each.trailing_zeros() as usize;
            each &= each - 1;
            let ok = if x == 0 {
                self.value == 1
            } else {
                st.get(self.cells[x]) & self.value != 0
            };
            if ok {
                xs |= 1 << x;
            }
        }
        st.restrict(self.cells[0], xs)?;
        // The clue stays only where the first cell can name the place.
        if self.value != 1 {
            st.restrict(self.cells[0], !self.value)?;
        }
        for (k, &c) in self.cells.iter().enumerate().skip(1) {
            if xs >> k & 1 == 0 {
                st.restrict(c, !self.value)?;
            }
        }
        if xs.count_ones() == 1 {
            let x = xs.trailing_zeros() as usize;
            st.restrict(self.cells[x], self.value)?;
        }
        Ok(())
    }
}
