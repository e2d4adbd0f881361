//! Slingshots (ISS's `ValueIndexing`): the line's second cell holds a distance `d`, and
//! the cell `d` places further along the line holds the first cell's value. A distance
//! stays while the cell it points at may hold one of the first cell's values; the first
//! cell keeps the values some such cell may hold; once the distance is known, the cell
//! it points at keeps those values too (ISS's handler does the same).

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    // The distance's place among the values: distance `d` is value `d`, its bit `d -
    // first`; distance 0 points nowhere.
    let first = b.variant.first_value() as usize;
    let past = cells.len() - 2;
    // Bit p of the distance cell: the cell `first + p` places on (index 1 + first + p).
    let reach: Bits = (0..b.n)
        .filter(|&p| (1..=past).contains(&(p + first)))
        .fold(0, |m, p| m | 1 << p);
    b.restrict(cells[1], reach);
    let mut watched = cells.to_vec();
    watched.sort_unstable();
    watched.dedup();
    b.prop(Slingshot {
        cells: cells.to_vec(),
        first,
        watched,
    });
}

struct Slingshot {
    cells: Vec<u16>,
    /// The least value (0 or 1): the distance cell's place `p` is distance `first + p`.
    first: usize,
    watched: Vec<u16>,
}

impl Prop for Slingshot {
    fn watches(&self) -> &[u16] {
        &self.watched
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let values = st.get(self.cells[0]);
        let distances = st.get(self.cells[1]);
        let (mut kept_values, mut kept_distances) = (0 as Bits, 0 as Bits);
        let mut each = distances;
        while each != 0 {
            let p = each.trailing_zeros() as usize;
            each &= each - 1;
            let Some(&to) = self
                .cells
                .get(1 + self.first + p)
                .filter(|_| self.first + p > 0)
            else {
                continue;
            };
            let here = st.get(to) & values;
            if here != 0 {
                kept_values |= here;
                kept_distances |= 1 << p;
            }
        }
        st.restrict(self.cells[1], kept_distances)?;
        st.restrict(self.cells[0], kept_values)?;
        if kept_distances & (kept_distances - 1) == 0 {
            let p = kept_distances.trailing_zeros() as usize;
            st.restrict(self.cells[1 + self.first + p], kept_values)?;
        }
        Ok(())
    }
}
