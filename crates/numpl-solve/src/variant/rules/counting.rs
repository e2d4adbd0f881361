//! Counting circles: each value the circles hold, they hold as many times as it says. For
//! each value, the circles fixed to it and those that may hold it bound its count, which
//! is 0 or the value: a value that fits too few circles leaves them all, one fixed that
//! fits exactly fills them, one fixed as often as it says leaves the others. Circles that
//! see one another (a group) hold a value once, so its copies lie in as many groups as it
//! says (ISS's exclusion groups). And the values used add up to the number of circles: a
//! value no such set of values (those fixed in, from those that fit) holds leaves them
//! all, and a value every such set holds is in use: with as many groups as it says, each
//! holds it, and the cells that see a whole group lose it.

use super::{Builder, Peers};
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    b.countings.push(cells.to_vec());
}

/// The circles as propagators once the peers are known: the circles fall into groups
/// that see one another (first fit), and a value's copies, in circles that differ from
/// each other, lie in different groups (as ISS's exclusion groups).
pub(super) fn finish(b: &mut Builder<'_>, peers: &Peers) {
    for cells in std::mem::take(&mut b.countings) {
        // First fit over the circles as listed and in reading order; the grouping with
        // the larger sum of squared sizes (fewer, larger groups: a tighter count) kept,
        // as ISS scores its exclusion groups.
        let first_fit = |order: &[u16]| {
            let mut groups: Vec<Vec<u16>> = Vec::new();
            for &c in order {
                match groups
                    .iter_mut()
                    .find(|g| g.iter().all(|&d| peers.sees(c, d)))
                {
                    Some(g) => g.push(c),
                    None => groups.push(vec![c]),
                }
            }
            groups
        };
        let score = |gs: &[Vec<u16>]| gs.iter().map(|g| g.len() * g.len()).sum::<usize>();
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        let (listed, read) = (first_fit(&cells), first_fit(&sorted));
        let groups = if score(&read) > score(&listed) {
            read
        } else {
            listed
        };
        // The cells outside each group that see all of it: a value the group must hold
        // leaves them (ISS's exclusion complements).
        let every = (b.n * b.n) as u16;
        let outside: Vec<Vec<u16>> = groups
            .iter()
            .map(|g| {
                (0..every)
                    .filter(|x| !g.contains(x) && g.iter().all(|&c| peers.sees(*x, c)))
                    .collect()
            })
            .collect();
        let off = b.off() as usize;
        b.prop(Counting {
            cells,
            groups,
            outside,
            off,
        });
    }
}

struct Counting {
    cells: Vec<u16>,
    /// The circles in groups whose cells all see one another (a value once a group).
    groups: Vec<Vec<u16>>,
    /// For each group, the cells outside it that see all of it.
    outside: Vec<Vec<u16>>,
    /// 1 for values from 0 (the grid's v says v - 1), else 0.
    off: usize,
}

impl Prop for Counting {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let total = self.cells.len();
        let mut any: Bits = 0;
        for &c in &self.cells {
            any |= st.get(c);
        }
        // Each value's count: fixed circles and circles that may hold it.
        // The count a value says: the puzzle's value (from 0, a circle of 0 says no circle
        // holds 0, itself included: it never fits).
        let value = |bit: Bits| bit.trailing_zeros() as usize + 1 - self.off;
        let (mut fits, mut used) = (0 as Bits, 0 as Bits);
        let mut each = any;
        while each != 0 {
            let bit = each & each.wrapping_neg();
            each &= each - 1;
            let v = value(bit);
            let fixed = self.cells.iter().filter(|&&c| st.get(c) == bit).count();
            // The groups with a circle that may hold it (a value once a group).
            let may = self
                .groups
                .iter()
                .filter(|g| g.iter().any(|&c| st.get(c) & bit != 0))
                .count();
            if fixed > v {
                return Err(Contradiction);
            }
            if may < v || v == 0 {
                if fixed > 0 {
                    return Err(Contradiction);
                }
                continue;
            }
            fits |= bit;
            if fixed > 0 {
                used |= bit;
            }
        }
        // The values used add up to the number of circles: which of those that fit can be.
        let base: usize = bits(used).map(value).sum();
        if base > total {
            return Err(Contradiction);
        }
        let free: Vec<Bits> = bits(fits & !used).collect();
        let reach = |skip: Option<usize>| {
            let mut made = vec![false; total - base + 1];
            made[0] = true;
            for (i, &bit) in free.iter().enumerate() {
                if Some(i) == skip {
                    continue;
                }
                let v = value(bit);
                for s in (v..made.len()).rev() {
                    made[s] |= made[s - v];
                }
            }
            made
        };
        if !reach(None)[total - base] {
            return Err(Contradiction);
        }
        // A value some set holds stays; a value every set holds (the total out of reach
        // without it) is in use as a fixed one is.
        let (mut keep, mut needed) = (used, used);
        for (i, &bit) in free.iter().enumerate() {
            let v = value(bit);
            if v <= total - base && reach(Some(i))[total - base - v] {
                keep |= bit;
            }
            if !reach(Some(i))[total - base] {
                needed |= bit;
            }
        }
        for &c in &self.cells {
            st.restrict(c, keep)?;
        }
        // A value in use: as many circles as it says, in as many groups.
        for bit in bits(needed) {
            let v = value(bit);
            let places: Vec<u16> = self
                .cells
                .iter()
                .copied()
                .filter(|&c| st.get(c) & bit != 0)
                .collect();
            let fixed = places.iter().filter(|&&c| st.get(c) == bit).count();
            let open: Vec<Vec<u16>> = self
                .groups
                .iter()
                .map(|g| {
                    g.iter()
                        .copied()
                        .filter(|&c| st.get(c) & bit != 0)
                        .collect()
                })
                .filter(|g: &Vec<u16>| !g.is_empty())
                .collect();
            if open.len() < v {
                return Err(Contradiction);
            }
            if open.len() == v {
                // Each of those groups holds it once: a group with one place fills it, and
                // the cells that see a whole group lose it.
                for (g, out) in self.groups.iter().zip(&self.outside) {
                    let mut at = g.iter().copied().filter(|&c| st.get(c) & bit != 0);
                    let Some(first) = at.next() else {
                        continue;
                    };
                    if at.next().is_none() {
                        st.restrict(first, bit)?;
                    }
                    for &x in out {
                        st.restrict(x, !bit)?;
                    }
                }
            }
            if places.len() == v {
                for &c in &places {
                    st.restrict(c, bit)?;
                }
            } else if fixed == v {
                for &c in &places {
                    if st.get(c) != bit {
                        st.restrict(c, !bit)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn expensive(&self) -> bool {
        true
    }
}

/// The single bits of `m`, lowest first.
fn bits(mut m: Bits) -> impl Iterator<Item = Bits> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            bit
        })
    })
}
