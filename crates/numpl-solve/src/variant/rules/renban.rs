//! Renban: the line's values differ and form a run. A run of k values is a window
//! `s..s+k-1` that every cell can take a value of, and whose every value has a cell; the
//! cells keep the values of the windows still possible (with few candidates in a window,
//! only those of an assignment of its values to the cells, one each). The values every such window
//! holds are on the line: one with a single place goes there, and any other leaves the
//! cells off the line that see all its places.

use super::{required, Builder, Peers};
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    b.distinct(cells);
    b.renbans.push(cells.to_vec());
}

/// After every constraint (the cells that see a line's cells need every group).
pub(super) fn finish(b: &mut Builder<'_>, peers: &Peers) {
    for cells in std::mem::take(&mut b.renbans) {
        let seen = peers.outside(&cells);
        let n = b.n;
        b.prop(Renban { cells, n, seen });
    }
}

struct Renban {
    cells: Vec<u16>,
    n: usize,
    /// For each cell, the cells off the line that see it.
    seen: Vec<Vec<u64>>,
}

impl Prop for Renban {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.cells.len();
        if k > MAX_CELLS {
            return Ok(());
        }
        let base: Bits = if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        let mut keep = [0 as Bits; MAX_CELLS];
        let mut masks = [0 as Bits; MAX_CELLS];
        let (mut any, mut must) = (false, !0);
        for s in 0..=self.n - k {
            let window = base << s;
            let mut union = 0;
            let mut ok = true;
            let mut product = 1u32;
            for (i, &c) in self.cells.iter().enumerate() {
                let m = st.get(c) & window;
                if m == 0 {
                    ok = false;
                    break;
                }
                masks[i] = m;
                union |= m;
                product = product.saturating_mul(m.count_ones());
            }
            if !ok || union != window {
                continue;
            }
            if product <= EXACT {
                // Each cell keeps the values some assignment of the window uses.
                let mut support = [0 as Bits; MAX_CELLS];
                if !assign(&masks[..k], 0, 0, &mut support[..k]) {
                    continue;
                }
                for (w, s) in keep.iter_mut().zip(&support[..k]) {
                    *w |= s;
                }
            } else {
                for (w, m) in keep.iter_mut().zip(&masks[..k]) {
                    *w |= m;
                }
            }
            any = true;
            must &= window;
        }
        if !any {
            return Err(Contradiction);
        }
        let mut fixed = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            st.restrict(c, keep[i])?;
            let m = st.get(c);
            if m & (m - 1) == 0 {
                fixed |= m;
            }
        }
        required(st, &self.cells, &self.seen, must & !fixed)
    }
}

/// Cells a line holds at most (the biggest grid's side).
const MAX_CELLS: usize = 64;

/// A window whose cells' candidates make at most this many assignments is solved exactly.
const EXACT: u32 = 512;

/// Whether the cells from `i` on can take distinct values of `masks` outside `used`; each
/// value of an assignment found is marked in `support`.
fn assign(masks: &[Bits], i: usize, used: Bits, support: &mut [Bits]) -> bool {
    if i + 1 >= masks.len() {
        if i == masks.len() {
            return true;
        }
        // The last cell: each value left to it ends an assignment.
        let left = masks[i] & !used;
        support[i] |= left;
        return left != 0;
    }
    let mut found = false;
    let mut bits = masks[i] & !used;
    while bits != 0 {
        let v = bits & bits.wrapping_neg();
        bits &= bits - 1;
        if assign(masks, i + 1, used | v, support) {
            support[i] |= v;
            found = true;
        }
    }
    found
}
