//! Renban: the line's values differ and form a run. A run of k values is a window
//! `s..s+k-1` that every cell can take a value of, and whose every value has a cell; the
//! cells keep the values of the windows still possible. The values every such window
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
        let base: Bits = if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        let (mut allowed, mut must) = (0, !0);
        for s in 0..=self.n - k {
            let window = base << s;
            let mut union = 0;
            let mut ok = true;
            for &c in &self.cells {
                let m = st.get(c) & window;
                if m == 0 {
                    ok = false;
                    break;
                }
                union |= m;
            }
            if ok && union == window {
                allowed |= window;
                must &= window;
            }
        }
        if allowed == 0 {
            return Err(Contradiction);
        }
        let mut fixed = 0;
        for &c in &self.cells {
            st.restrict(c, allowed)?;
            let m = st.get(c);
            if m & (m - 1) == 0 {
                fixed |= m;
            }
        }
        required(st, &self.cells, &self.seen, must & !fixed)
    }
}
