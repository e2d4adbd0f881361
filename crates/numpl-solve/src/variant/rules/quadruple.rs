//! Quadruples: the values in the circle are among the four cells' values (a value listed
//! twice, in two of them). Exactly over the cells' candidates: every way of giving the
//! listed values to different cells is tried (at most 24); a cell keeps the value some
//! way gives it, and every candidate where some way leaves it out.

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16; 4], values: &[u8]) {
    // The puzzle's value v is the grid's v + off: bit v + off - 1.
    let off = b.off();
    b.prop(Quadruple {
        cells: cells.to_vec(),
        values: values.iter().map(|&v| 1 << (v as u32 + off - 1)).collect(),
    });
}

struct Quadruple {
    cells: Vec<u16>,
    /// The listed values as bits, one a value listed.
    values: Vec<Bits>,
}

impl Quadruple {
    /// Gives `values[k..]` to cells not in `used`; each complete way adds to `keep`.
    fn place(
        &self,
        m: &[Bits; 4],
        k: usize,
        used: u8,
        given: &mut [Bits; 4],
        keep: &mut [Bits; 4],
    ) {
        if k == self.values.len() {
            for i in 0..4 {
                keep[i] |= if used >> i & 1 != 0 { given[i] } else { m[i] };
            }
            return;
        }
        let v = self.values[k];
        for i in 0..4 {
            if used >> i & 1 == 0 && m[i] & v != 0 {
                given[i] = v;
                self.place(m, k + 1, used | 1 << i, given, keep);
            }
        }
    }
}

impl Prop for Quadruple {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let m = [
            st.get(self.cells[0]),
            st.get(self.cells[1]),
            st.get(self.cells[2]),
            st.get(self.cells[3]),
        ];
        let mut keep = [0 as Bits; 4];
        self.place(&m, 0, 0, &mut [0; 4], &mut keep);
        for (i, &c) in self.cells.iter().enumerate() {
            st.restrict(c, keep[i])?;
        }
        Ok(())
    }
}
