//! Clones (same-value sets): the sets hold the same values, as many times each. For each
//! value, every set's count of it lies between the cells fixed to it and the cells that
//! may hold it, so the common count lies between the greatest of the first and the least
//! of the second: a value some set cannot hold leaves every set; a set whose cells that
//! may hold a value are as few as the count must have it in all of them; a set that has
//! the count fixed already loses it from its other cells.

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, sets: &[Vec<u16>]) {
    b.prop(SameValues {
        cells: sets.iter().flatten().copied().collect(),
        sets: sets.to_vec(),
    });
}

struct SameValues {
    cells: Vec<u16>,
    sets: Vec<Vec<u16>>,
}

impl Prop for SameValues {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let mut values: Bits = 0;
        for &c in &self.cells {
            values |= st.get(c);
        }
        while values != 0 {
            let v = values & values.wrapping_neg();
            values &= values - 1;
            // The count's bounds over every set.
            let (mut least, mut most) = (0usize, usize::MAX);
            for set in &self.sets {
                let (mut fixed, mut may) = (0, 0);
                for &c in set {
                    let m = st.get(c);
                    if m & v != 0 {
                        may += 1;
                        if m == v {
                            fixed += 1;
                        }
                    }
                }
                least = least.max(fixed);
                most = most.min(may);
            }
            if least > most {
                return Err(Contradiction);
            }
            for set in &self.sets {
                let may = set.iter().filter(|&&c| st.get(c) & v != 0).count();
                let fixed = set.iter().filter(|&&c| st.get(c) == v).count();
                if may == least && fixed < may {
                    for &c in set {
                        if st.get(c) & v != 0 {
                            st.restrict(c, v)?;
                        }
                    }
                } else if fixed == most && fixed < may {
                    for &c in set {
                        if st.get(c) != v {
                            st.restrict(c, !v)?;
                        }
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
