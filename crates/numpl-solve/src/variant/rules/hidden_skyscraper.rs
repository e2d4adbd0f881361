//! Hidden skyscraper clues: seen from the clue's end of the row or column, the values rise
//! (each one seen) up to the first that is lower than the tallest before it (hidden), which
//! holds the clue's value; the cells after it are free. Exactly over the line's candidates,
//! setting aside that its values differ but for the clue's value, seen nowhere before it
//! (the line holds it once, and that once is hidden): a pass from the clue keeps, after each
//! cell, the tallest value so far of the rising start; a pass from the far end keeps the
//! tallest values from which the rest can still rise to a hidden clue value. The order is
//! the grid's (values from 0 keep it: the first cell is always seen, a 0 too).

use numpl_core::variant::Outside;

use super::skyscraper::{above_least, below_greatest, Heights};
use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, value: u32, side: Outside) {
    b.prop(HiddenSkyscraper {
        cells: side.cells(b.variant.shape()),
        // The grid's value (from 0, one more than the puzzle's), as a height bit.
        target: 1 << (value + b.off()),
    });
}

struct HiddenSkyscraper {
    /// From the clue inward.
    cells: Vec<u16>,
    /// The hidden value as a height: bit `v` for the grid's value `v`.
    target: Heights,
}

impl Prop for HiddenSkyscraper {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let len = self.cells.len();
        let x = self.target;
        let cand: Vec<Heights> = self
            .cells
            .iter()
            .map(|&c| (st.get(c) as Heights) << 1)
            .collect();
        // rising[i]: the tallest values possible after the first i cells, all seen.
        let mut rising = vec![0 as Heights; len + 1];
        rising[0] = 1;
        for i in 0..len {
            rising[i + 1] = cand[i] & !x & above_least(rising[i]);
        }
        // alive[i]: the tallest values before cell i from which the clue's value can still
        // be the first hidden one (here, or after more seen values).
        let mut alive = vec![0 as Heights; len + 1];
        for i in (0..len).rev() {
            let mut a = 0;
            if cand[i] & x != 0 {
                a |= above_least(x);
            }
            a |= below_greatest(cand[i] & !x & alive[i + 1]);
            alive[i] = a;
        }
        if rising[0] & alive[0] == 0 {
            return Err(Contradiction);
        }
        // Each cell keeps: a value seen on a way that goes on to the hidden value; the
        // clue's value where it can be the first hidden; anything once it can be past.
        let mut past = false;
        for (i, &c) in self.cells.iter().enumerate() {
            let here = rising[i] & alive[i];
            let mut keep: Heights = if past { cand[i] } else { 0 };
            if here != 0 {
                keep |= cand[i] & !x & alive[i + 1] & above_least(here);
                if here & above_least(x) != 0 {
                    keep |= cand[i] & x;
                }
            }
            // Hidden here (from a way that got here): the cells after it are free.
            if here & above_least(x) != 0 && cand[i] & x != 0 {
                past = true;
            }
            st.restrict(c, (keep >> 1) as Bits)?;
        }
        Ok(())
    }

    fn expensive(&self) -> bool {
        true
    }
}
