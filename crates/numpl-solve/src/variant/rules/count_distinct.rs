//! Counts of different values (ISS's `CountDistinct`): the circled cell's value is how
//! many different values its counted cells hold. The fixed cells' values are counted
//! for sure; the open cells add at least one more when one of them can hold none of
//! those values, and at most as many as there are open cells and values they may hold
//! beyond them; and never fewer than the counted cells one house holds (they differ).
//! The circle keeps the counts between; a circle whose count the fixed
//! values already reach leaves the open cells only those values.

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cell: u16, cells: &[u16]) {
    let mut watched: Vec<u16> = cells.to_vec();
    watched.push(cell);
    watched.sort_unstable();
    watched.dedup();
    // The most counted cells one house holds: as many different values at least.
    let least = b
        .houses_snapshot()
        .iter()
        .map(|h| cells.iter().filter(|c| h.contains(c)).count() as u32)
        .max()
        .unwrap_or(0);
    b.prop(CountDistinct {
        cell,
        least,
        cells: cells.to_vec(),
        first: b.variant.first_value() as u32,
        watched,
    });
}

struct CountDistinct {
    cell: u16,
    /// Different values the counted cells hold at least (those of one house differ).
    least: u32,
    cells: Vec<u16>,
    /// The least value: the circle's place `p` is the count `first + p`.
    first: u32,
    watched: Vec<u16>,
}

impl Prop for CountDistinct {
    fn watches(&self) -> &[u16] {
        &self.watched
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let (mut fixed, mut open, mut open_union) = (0 as Bits, 0u32, 0 as Bits);
        for &c in &self.cells {
            let m = st.get(c);
            if m & (m - 1) == 0 {
                fixed |= m;
            } else {
                open += 1;
                open_union |= m;
            }
        }
        let sure = fixed.count_ones();
        let mut new_one = false;
        for &c in &self.cells {
            let m = st.get(c);
            if m & (m - 1) != 0 && m & fixed == 0 {
                new_one = true;
            }
        }
        let lo = (sure + new_one as u32).max(self.least);
        let hi = sure + open.min((open_union & !fixed).count_ones());
        // The circle's counts between (place p: count first + p).
        let mut keep: Bits = 0;
        for count in lo.max(self.first)..=hi {
            let p = count - self.first;
            if p < 64 {
                keep |= 1 << p;
            }
        }
        st.restrict(self.cell, keep)?;
        let circle = st.get(self.cell);
        if circle & (circle - 1) == 0 && circle.trailing_zeros() + self.first == sure {
            for &c in &self.cells {
                st.restrict(c, fixed)?;
            }
        }
        Ok(())
    }
}
