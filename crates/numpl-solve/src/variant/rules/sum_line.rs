//! Sum lines: the line divides into segments of neighbouring cells each adding up to the
//! sum (a loop likewise, its segments running on across its ends). Exactly over the
//! line's candidates: a pass along the line records, at each boundary between cells, the
//! sums the open segment may have reached (0: a segment just ended); a pass back keeps
//! those from which the line can still end with a segment just ended; a value stays where
//! it joins a state before the cell to one after it (each pass moves every partial sum at
//! once, a shift of their bits for each value). A loop is the same line run once for
//! each sum its segment across the ends may have reached where the line starts.

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, sum: u32, cells: &[u16], looped: bool) {
    b.prop(SumLine {
        cells: cells.to_vec(),
        sum: sum as usize,
        looped,
    });
}

struct SumLine {
    cells: Vec<u16>,
    sum: usize,
    looped: bool,
}

/// Partial sums as bits: bit `p` for an open segment adding up to `p` so far (sums
/// reach 127 at most: [`numpl_core::variant::SUM_LINE_MAX`]).
type Partial = u128;

impl SumLine {
    /// The partial sums after adding value `v` (1-based) to those of `p`: a segment
    /// reaching the sum ends (0), one going past it is gone.
    fn step(&self, p: Partial, v: usize) -> Partial {
        let moved = p << v;
        let below = (1u128 << self.sum) - 1;
        (moved & below) | (moved >> self.sum & 1)
    }

    /// Which values each cell may hold on a line starting and ending with the open
    /// segment at `start` (0 for a line that is not a loop); false when none fits.
    fn pass(&self, m: &[Bits], start: Partial, keep: &mut [Bits], fwd: &mut [Partial]) -> bool {
        let len = m.len();
        fwd[0] = start;
        for i in 0..len {
            let mut next = 0;
            let mut each = m[i];
            while each != 0 {
                let v = each.trailing_zeros() as usize + 1;
                each &= each - 1;
                next |= self.step(fwd[i], v);
            }
            fwd[i + 1] = next;
        }
        let mut after = fwd[len] & start;
        if after == 0 {
            return false;
        }
        for i in (0..len).rev() {
            let mut before = 0;
            let mut each = m[i];
            while each != 0 {
                let bit = each & each.wrapping_neg();
                each &= each - 1;
                let v = bit.trailing_zeros() as usize + 1;
                // The partial sums before the cell that reach a kept one after it: `p`
                // with `p + v` kept (below the sum), or `p + v` the sum with a segment
                // just ended kept.
                let mut reach = if v < 128 { after >> v } else { 0 };
                if after & 1 != 0 && v <= self.sum {
                    reach |= 1 << (self.sum - v);
                }
                let ok = fwd[i] & reach;
                if ok != 0 {
                    keep[i] |= bit;
                    before |= ok;
                }
            }
            after = before;
        }
        true
    }
}

impl Prop for SumLine {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let len = self.cells.len();
        if len <= LOCAL {
            let (mut m, mut keep, mut fwd) = ([0; LOCAL], [0; LOCAL], [0; LOCAL + 1]);
            self.narrow(st, &mut m[..len], &mut keep[..len], &mut fwd[..=len])
        } else {
            let (mut m, mut keep, mut fwd) = (vec![0; len], vec![0; len], vec![0; len + 1]);
            self.narrow(st, &mut m, &mut keep, &mut fwd)
        }
    }

    fn expensive(&self) -> bool {
        true
    }
}

/// Cells a line's working arrays hold on the stack (a longer line's are allocated).
const LOCAL: usize = 96;

impl SumLine {
    /// [`Prop::run`] with working arrays of the line's length (`fwd` one more).
    fn narrow(
        &self,
        st: &mut State,
        m: &mut [Bits],
        keep: &mut [Bits],
        fwd: &mut [Partial],
    ) -> Result<(), Contradiction> {
        for (x, &c) in m.iter_mut().zip(&self.cells) {
            *x = st.get(c);
        }
        let mut any = false;
        let starts = if self.looped { self.sum } else { 1 };
        for s in 0..starts {
            any |= self.pass(m, 1 << s, keep, fwd);
        }
        if !any {
            return Err(Contradiction);
        }
        for (i, &c) in self.cells.iter().enumerate() {
            st.restrict(c, keep[i])?;
        }
        Ok(())
    }
}
