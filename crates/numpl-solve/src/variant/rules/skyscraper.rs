//! Skyscraper clues: seen from the clue's end of the row or column, each value hides the
//! smaller ones behind it, and the clue counts the values seen. Exactly over the line's
//! candidates, setting aside that its values differ (the row or column sees to that): a
//! pass from the clue records, after each cell, the tallest value so far for each count
//! seen; a pass from the far end records which of those can still end with the clue's
//! count and the grid's greatest value seen last; a value stays where some state before
//! it and some state after it join. Over values from 0, a 0 is no building (ISS): heights
//! are the puzzle's values, and a 0 is never seen.

use numpl_core::variant::Outside;

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, count: u32, side: Outside) {
    let cells = side.cells(b.variant.shape());
    b.prop(Skyscraper {
        cells,
        count: count as usize,
        n: b.n,
        zero: b.off() == 1,
    });
}

struct Skyscraper {
    /// From the clue inward.
    cells: Vec<u16>,
    count: usize,
    n: usize,
    /// Values from 0: a cell's height is its value less 1, and height 0 is no building.
    zero: bool,
}

/// Heights as bits: bit `h` for the tallest value so far being `h` (bit 0: none yet).
pub(super) type Heights = u128;

/// The heights above `h`'s least (none when `h` is empty).
pub(super) fn above_least(h: Heights) -> Heights {
    if h == 0 {
        0
    } else {
        !((h & h.wrapping_neg()) << 1).wrapping_sub(1) & !(h & h.wrapping_neg())
    }
}

/// The heights at or above `h`'s least (none when `h` is empty).
fn from_least(h: Heights) -> Heights {
    if h == 0 {
        0
    } else {
        !((h & h.wrapping_neg()).wrapping_sub(1))
    }
}

/// The heights at or below `h`'s greatest.
fn to_greatest(h: Heights) -> Heights {
    if h == 0 {
        0
    } else {
        (1u128 << (127 - h.leading_zeros()) << 1).wrapping_sub(1)
    }
}

/// The heights below `h`'s greatest (none when `h` is empty).
pub(super) fn below_greatest(h: Heights) -> Heights {
    if h == 0 {
        0
    } else {
        (1u128 << (127 - h.leading_zeros())) - 1
    }
}

impl Prop for Skyscraper {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let (len, k) = (self.cells.len(), self.count);
        // A cell's candidates as heights (value v is bit v; from 0, the grid's v is bit
        // v - 1, and bit 0, no building, is also the height before the first cell).
        let shift = if self.zero { 0 } else { 1 };
        let cand: Vec<Heights> = self
            .cells
            .iter()
            .map(|&c| (st.get(c) as Heights) << shift)
            .collect();
        // Hidden behind the tallest so far: lower (from 0, a 0 is hidden behind nothing
        // too: the tallest so far may equal it, as only a 0 can).
        let hides_under = |least_v: Heights| {
            if self.zero {
                from_least(least_v)
            } else {
                above_least(least_v)
            }
        };
        let hidden_below = |stay: Heights| {
            if self.zero {
                to_greatest(stay)
            } else {
                below_greatest(stay)
            }
        };
        // fwd[i][s]: the tallest heights possible after i cells with s seen.
        let width = k + 1;
        let mut fwd = vec![0 as Heights; (len + 1) * width];
        fwd[0] = 1;
        for i in 0..len {
            let v = cand[i];
            let least_v = v & v.wrapping_neg();
            for s in 0..width {
                let h = fwd[i * width + s];
                if h == 0 {
                    continue;
                }
                // Seen: a value taller than the least tallest so far.
                if s + 1 < width {
                    fwd[(i + 1) * width + s + 1] |= v & above_least(h);
                }
                // Hidden: the tallest so far stays, taller than some value of the cell.
                fwd[(i + 1) * width + s] |= h & hides_under(least_v);
            }
        }
        // The end: the clue's count seen, the greatest value among them.
        let top: Heights = 1 << (self.n - 1 + shift);
        let mut bwd = vec![0 as Heights; (len + 1) * width];
        bwd[len * width + k] = fwd[len * width + k] & top;
        if bwd[len * width + k] == 0 {
            return Err(Contradiction);
        }
        let mut keep = vec![0 as Heights; len];
        for i in (0..len).rev() {
            let v = cand[i];
            let least_v = v & v.wrapping_neg();
            for s in 0..width {
                let h = fwd[i * width + s];
                if h == 0 {
                    continue;
                }
                let mut back = 0;
                // Seen: the cell's value is the next state's height.
                if s + 1 < width {
                    let next = v & bwd[(i + 1) * width + s + 1] & above_least(h);
                    keep[i] |= next;
                    back |= h & below_greatest(next);
                }
                // Hidden: the height stays, above the cell's value.
                let stay = h & bwd[(i + 1) * width + s] & hides_under(least_v);
                keep[i] |= v & hidden_below(stay);
                back |= stay;
                bwd[i * width + s] = back;
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            st.restrict(c, (keep[i] >> shift) as Bits)?;
        }
        Ok(())
    }

    fn expensive(&self) -> bool {
        true
    }
}
