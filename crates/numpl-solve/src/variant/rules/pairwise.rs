//! Pairwise rules of the setter's own (ISS's `Pair` and `PairX`): a relation table
//! between each cell and the next on a line, or between every two cells of a set, each a
//! pair relation of the engine. A relation that never allows two equal values makes a
//! set's cells differ too (a group: the sums and the search see them as peers).
//!
//! A set is also solved whole ([`PairSet`]): each cell keeps the values of some
//! assignment of the whole set that every pair allows. Pairs alone see two cells at a
//! time; four cells of a set whose digits may be neither equal nor consecutive ("Nabner")
//! hold one of few sets of values, which no pair shows (ISS's "Nabner": 773k nodes with
//! the pairs alone).

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, all: bool, allowed: &[u64], cells: &[u16]) {
    let first = b.variant.first_value() as u32;
    // The relation reads the puzzle's values; its table, their places among them.
    let ok = |x: u32, y: u32| allowed[(x - first) as usize] >> (y - first) & 1 == 1;
    if !all {
        for w in cells.windows(2) {
            b.relation(w[0], w[1], ok);
        }
        return;
    }
    for (i, &p) in cells.iter().enumerate() {
        for &q in &cells[i + 1..] {
            b.relation(p, q, ok);
        }
    }
    if allowed.iter().enumerate().all(|(i, &m)| m >> i & 1 == 0) {
        b.distinct(cells);
    }
    if cells.len() > 2 && cells.len() <= MAX_CELLS {
        // Bit `j` of a table is grid value `j + 1`: the values' places, as the relation's.
        let mut back = vec![0 as Bits; b.n];
        for (x, &m) in allowed.iter().enumerate() {
            for (y, slot) in back.iter_mut().enumerate() {
                if m >> y & 1 == 1 {
                    *slot |= 1 << x;
                }
            }
        }
        b.prop(PairSet {
            cells: cells.to_vec(),
            after: allowed.to_vec(),
            before: back,
        });
    }
}

/// Cells a set may have for [`PairSet`].
const MAX_CELLS: usize = 16;

/// Search steps a run of [`PairSet`] takes at most; beyond, it narrows nothing (the
/// pairs still hold).
const BUDGET: u32 = 4096;

/// A pairwise set solved whole: each cell keeps the values some assignment of every cell
/// uses in which each two cells hold a pair the relation allows.
struct PairSet {
    cells: Vec<u16>,
    /// `after[x]`: the values a later cell may hold beside an earlier one's `x` (bits).
    after: Vec<Bits>,
    /// `before[y]`: the values an earlier cell may hold beside a later one's `y`.
    before: Vec<Bits>,
}

impl PairSet {
    /// Whether the cells from `from` on (in `order`) can take values from `doms` that
    /// every pair allows, given those placed; a found assignment adds its values to
    /// `found`. `steps` counts the search (`None`: out of budget).
    fn fill(
        &self,
        doms: &mut [Bits; MAX_CELLS],
        order: &[usize],
        from: usize,
        placed: &mut [Bits; MAX_CELLS],
        steps: &mut u32,
    ) -> Option<bool> {
        let Some(&i) = order.get(from) else {
            return Some(true);
        };
        let mut vals = doms[i];
        while vals != 0 {
            *steps += 1;
            if *steps > BUDGET {
                return None;
            }
            let v = vals & vals.wrapping_neg();
            vals &= vals - 1;
            let x = v.trailing_zeros() as usize;
            // Narrow the cells after this one in `order`.
            let saved = *doms;
            let mut dead = false;
            for &j in &order[from + 1..] {
                doms[j] &= if j > i { self.after[x] } else { self.before[x] };
                dead |= doms[j] == 0;
            }
            if !dead {
                placed[i] = v;
                if self.fill(doms, order, from + 1, placed, steps)? {
                    *doms = saved;
                    return Some(true);
                }
            }
            *doms = saved;
        }
        Some(false)
    }
}

impl Prop for PairSet {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn expensive(&self) -> bool {
        true
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.cells.len();
        let mut doms = [0 as Bits; MAX_CELLS];
        for (d, &c) in doms.iter_mut().zip(&self.cells) {
            *d = st.get(c);
        }
        // The cells in the order the search fills them: fewest values first.
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&i| doms[i].count_ones());
        let mut supported = [0 as Bits; MAX_CELLS];
        let mut placed = [0 as Bits; MAX_CELLS];
        let mut steps = 0u32;
        for i in 0..k {
            // The other cells, in the order the search fills them.
            let rest: Vec<usize> = order.iter().copied().filter(|&j| j != i).collect();
            let mut open = doms[i] & !supported[i];
            while open != 0 {
                let v = open & open.wrapping_neg();
                open &= open - 1;
                // An assignment with cell `i` at `v`, the others in `order`.
                let mut d = doms;
                d[i] = v;
                let x = v.trailing_zeros() as usize;
                let mut dead = false;
                for (j, dj) in d.iter_mut().enumerate().take(k) {
                    if j != i {
                        *dj &= if j > i { self.after[x] } else { self.before[x] };
                        dead |= *dj == 0;
                    }
                }
                if dead {
                    continue;
                }
                placed[i] = v;
                match self.fill(&mut d, &rest, 0, &mut placed, &mut steps) {
                    None => return Ok(()),
                    Some(true) => {
                        for (s, p) in supported.iter_mut().zip(&placed).take(k) {
                            *s |= p;
                        }
                    }
                    Some(false) => {}
                }
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            st.restrict(c, supported[i])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Each cell's values used by some assignment from `doms` that the relation allows
    /// between every two cells (the earlier cell first), by listing them all.
    fn brute(doms: &[Bits], after: &[Bits]) -> Option<Vec<Bits>> {
        let k = doms.len();
        let mut out = vec![0; k];
        let mut any = false;
        let mut vals = vec![0usize; k];
        fn go(
            i: usize,
            doms: &[Bits],
            after: &[Bits],
            vals: &mut Vec<usize>,
            out: &mut [Bits],
            any: &mut bool,
        ) {
            if i == doms.len() {
                *any = true;
                for (o, &v) in out.iter_mut().zip(vals.iter()) {
                    *o |= 1 << v;
                }
                return;
            }
            for v in 0..64 {
                if doms[i] >> v & 1 == 1 && (0..i).all(|j| after[vals[j]] >> v & 1 == 1) {
                    vals[i] = v;
                    go(i + 1, doms, after, vals, out, any);
                }
            }
        }
        go(0, doms, after, &mut vals, &mut out, &mut any);
        any.then_some(out)
    }

    proptest! {
        /// The set keeps exactly the values of whole assignments, and fails when there
        /// are none (relations not symmetric, values 1..6, three to six cells).
        #[test]
        fn a_set_keeps_the_values_of_whole_assignments(
            after in proptest::collection::vec(0u64..64, 6),
            doms in proptest::collection::vec(1u64..64, 3..7),
        ) {
            let mut before = vec![0; 6];
            for (x, &m) in after.iter().enumerate() {
                for (y, b) in before.iter_mut().enumerate() {
                    if m >> y & 1 == 1 {
                        *b |= 1 << x;
                    }
                }
            }
            let k = doms.len();
            let set = PairSet { cells: (0..k as u16).collect(), after: after.clone(), before };
            let mut st = State::of(doms.clone());
            let got = set.run(&mut st);
            match brute(&doms, &after) {
                None => prop_assert!(got.is_err()),
                Some(want) => {
                    prop_assert!(got.is_ok());
                    prop_assert_eq!(st.cells, want);
                }
            }
        }
    }
}
