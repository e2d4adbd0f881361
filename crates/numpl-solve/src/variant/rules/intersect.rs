//! Two houses that share cells (a box and a row, a jigsaw piece and a column): a value
//! that one house can hold only in the shared cells is there, so the other house's other
//! cells lose it (locked candidates, pointing and claiming).

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// After the houses are known: one propagator per pair of houses sharing two cells or
/// more.
pub(super) fn compile(b: &mut Builder<'_>) {
    let houses: Vec<Vec<u16>> = b
        .houses
        .iter()
        .filter(|h| h.len() == b.n)
        .cloned()
        .collect();
    for (i, h1) in houses.iter().enumerate() {
        for h2 in &houses[i + 1..] {
            let shared = h1.iter().filter(|c| h2.contains(c)).count();
            if shared < 2 || shared == h1.len() {
                continue;
            }
            let only1: Vec<u16> = h1.iter().copied().filter(|c| !h2.contains(c)).collect();
            let only2: Vec<u16> = h2.iter().copied().filter(|c| !h1.contains(c)).collect();
            let mut watches = only1.clone();
            watches.extend(&only2);
            b.prop(Intersect {
                only1,
                only2,
                watches,
            });
        }
    }
}

struct Intersect {
    /// The first house's cells outside the second, and the second's outside the first.
    only1: Vec<u16>,
    only2: Vec<u16>,
    watches: Vec<u16>,
}

impl Prop for Intersect {
    fn watches(&self) -> &[u16] {
        &self.watches
    }

    fn expensive(&self) -> bool {
        true
    }

    fn weight(&self, _n: usize) -> u32 {
        // ISS's same-values handlers weigh nothing; weighing the cells they watch (every
        // cell of a classic grid alike, four times) blurred the other rules' weights.
        0
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let union = |cells: &[u16], st: &State| cells.iter().fold(0 as Bits, |m, &c| m | st.get(c));
        // Values the first house holds only in the shared cells leave the second's others
        // (most runs find none there).
        let (union1, union2) = (union(&self.only1, st), union(&self.only2, st));
        if union2 & !union1 != 0 {
            for &c in &self.only2 {
                st.restrict(c, union1)?;
            }
        }
        if union1 & !union2 != 0 {
            for &c in &self.only1 {
                st.restrict(c, union2)?;
            }
        }
        Ok(())
    }
}
