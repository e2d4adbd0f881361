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
        let mut support = [0 as Bits; MAX_CELLS];
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
                if !window_support(&masks[..k], &mut support[..k]) {
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

/// Whether the cells can take distinct values of `masks`, each value of an assignment
/// found marked in `support` (which it clears first): two and three cells, most lines,
/// by loops over their values, longer lines by [`assign`].
fn window_support(masks: &[Bits], support: &mut [Bits]) -> bool {
    match *masks {
        [a] => {
            support[0] = a;
            a != 0
        }
        [a, b] => {
            // A value of one cell stands when the other has another value.
            let other = |mine: Bits, theirs: Bits| match theirs.count_ones() {
                0 => 0,
                1 => mine & !theirs,
                _ => mine,
            };
            support[0] = other(a, b);
            support[1] = other(b, a);
            support[0] != 0
        }
        [a, b, c] => {
            support.fill(0);
            let mut x = a;
            while x != 0 {
                let v = x & x.wrapping_neg();
                x &= x - 1;
                let mut y = b & !v;
                while y != 0 {
                    let w = y & y.wrapping_neg();
                    y &= y - 1;
                    let z = c & !(v | w);
                    if z != 0 {
                        support[0] |= v;
                        support[1] |= w;
                        support[2] |= z;
                    }
                }
            }
            support[0] != 0
        }
        _ => {
            support.fill(0);
            assign(masks, 0, 0, support)
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_s_support_is_the_values_of_its_assignments() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(43);
        for _ in 0..5000 {
            let k = rng.gen_range(1..=5usize);
            let masks: Vec<Bits> = (0..k).map(|_| rng.gen_range(0..1u64 << 6)).collect();
            // Brute force: every assignment of different values.
            let mut want = vec![0 as Bits; k];
            for code in 0..6usize.pow(k as u32) {
                let values: Vec<usize> = (0..k).map(|i| code / 6usize.pow(i as u32) % 6).collect();
                let fits = (0..k).all(|i| masks[i] >> values[i] & 1 != 0);
                let differ = (0..k).all(|i| (0..i).all(|j| values[i] != values[j]));
                if fits && differ {
                    for i in 0..k {
                        want[i] |= 1 << values[i];
                    }
                }
            }
            let mut got = vec![0xdead as Bits; k];
            let found = window_support(&masks, &mut got);
            assert_eq!(found, want[0] != 0, "{masks:?}");
            if found {
                assert_eq!(got, want, "{masks:?}");
            }
        }
    }
}
