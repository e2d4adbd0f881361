//! Equality cages: the values differ, as many are even as odd and as many low as high (the
//! middle value of an odd N in neither half, so never in the cage). Each split counted:
//! the cells that must be on one side, those that may; a side that is full sends the
//! other cells to the other side, a side that needs every cell that may be on it gets
//! them (ISS's equal-size partitions).

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    b.distinct(cells);
    let n = b.n;
    let off = b.off();
    // Grid value v (bit v - 1) is the puzzle's v - off.
    let (mut even, mut odd, mut low, mut high) = (0 as Bits, 0 as Bits, 0 as Bits, 0 as Bits);
    for i in 0..n {
        let v = (i + 1) as u32 - off;
        if v.is_multiple_of(2) {
            even |= 1 << i;
        } else {
            odd |= 1 << i;
        }
        if i < n / 2 {
            low |= 1 << i;
        } else if i >= n.div_ceil(2) {
            high |= 1 << i;
        }
    }
    for &c in cells {
        b.restrict(c, low | high);
    }
    b.prop(Halves {
        cells: cells.to_vec(),
        sides: [(even, odd), (low, high)],
    });
}

struct Halves {
    cells: Vec<u16>,
    /// The two splits of the values, each into two sides holding half the cells.
    sides: [(Bits, Bits); 2],
}

impl Prop for Halves {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let half = self.cells.len() / 2;
        for &(a, b) in &self.sides {
            for (this, that) in [(a, b), (b, a)] {
                let must = self
                    .cells
                    .iter()
                    .filter(|&&c| st.get(c) & !this == 0)
                    .count();
                let may = self
                    .cells
                    .iter()
                    .filter(|&&c| st.get(c) & this != 0)
                    .count();
                if must > half || may < half {
                    return Err(Contradiction);
                }
                if must == half {
                    for &c in &self.cells {
                        if st.get(c) & !this != 0 {
                            st.restrict(c, that)?;
                        }
                    }
                } else if may == half {
                    for &c in &self.cells {
                        if st.get(c) & this != 0 {
                            st.restrict(c, this)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
