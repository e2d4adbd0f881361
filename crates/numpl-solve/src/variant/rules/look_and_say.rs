//! Look-and-say clues: the cells hold each listed value exactly as many times as listed.
//! For each value: the cells fixed to it and those that may hold it bound its count; a
//! count reached leaves the other cells without it, a count that needs every cell that may
//! hold it fixes them. Cells sharing a row, column or box (a group) hold a value once, so a
//! value's copies lie in as many groups as it counts: too few groups is a contradiction,
//! and as many groups as it needs, a group with one place for it gets it.

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, counts: &[(u8, u32)], cells: &[u16]) {
    // The puzzle's value v is the grid's v + off.
    let off = b.off();
    let counts = counts
        .iter()
        .map(|&(k, v)| (k as usize, 1 << (v + off - 1)))
        .collect();
    // Groups of cells that share a house, first fit.
    let shape = b.variant.shape();
    let n = b.n;
    let (br, bc, boxes) = (shape.box_rows(), shape.box_cols(), b.variant.boxes());
    let share = |p: u16, q: u16| {
        let (r, c, r2, c2) = (
            p as usize / n,
            p as usize % n,
            q as usize / n,
            q as usize % n,
        );
        r == r2 || c == c2 || (boxes && r / br == r2 / br && c / bc == c2 / bc)
    };
    let mut groups: Vec<Vec<u16>> = Vec::new();
    for &c in cells {
        match groups.iter_mut().find(|g| g.iter().all(|&d| share(c, d))) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    b.prop(LookAndSay {
        counts,
        cells: cells.to_vec(),
        groups,
    });
}

struct LookAndSay {
    /// (how many, the value's bit).
    counts: Vec<(usize, Bits)>,
    cells: Vec<u16>,
    /// The cells in groups that share a house (a value once a group).
    groups: Vec<Vec<u16>>,
}

impl Prop for LookAndSay {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        for &(k, bit) in &self.counts {
            let fixed = self.cells.iter().filter(|&&c| st.get(c) == bit).count();
            let may = self.cells.iter().filter(|&&c| st.get(c) & bit != 0).count();
            let open = self
                .groups
                .iter()
                .filter(|g| g.iter().any(|&c| st.get(c) & bit != 0))
                .count();
            if fixed > k || may < k || open < k {
                return Err(Contradiction);
            }
            if open == k && fixed < k {
                // Each group that may hold it does: one with a single place fills it.
                for g in &self.groups {
                    let mut at = g.iter().copied().filter(|&c| st.get(c) & bit != 0);
                    if let (Some(only), None) = (at.next(), at.next()) {
                        st.restrict(only, bit)?;
                    }
                }
            }
            if fixed == k && may > k {
                for &c in &self.cells {
                    if st.get(c) != bit {
                        st.restrict(c, !bit)?;
                    }
                }
            } else if may == k && fixed < k {
                for &c in &self.cells {
                    if st.get(c) & bit != 0 {
                        st.restrict(c, bit)?;
                    }
                }
            }
        }
        Ok(())
    }
}
