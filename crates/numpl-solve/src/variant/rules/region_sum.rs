//! Region-sum lines: the line's parts in each box (or jigsaw region) it passes through add
//! up to one common sum. Each part's bounds narrow the common sum; each cell keeps the
//! values its part can still balance against that sum.

use numpl_core::variant::region_segments;

use super::Builder;
use crate::variant::engine::{Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    let region = b.variant.region_of_cells();
    let segments = region_segments(cells, &region);
    if segments.len() < 2 {
        return;
    }
    b.prop(RegionSum {
        cells: cells.to_vec(),
        segments,
    });
}

struct RegionSum {
    cells: Vec<u16>,
    segments: Vec<Vec<u16>>,
}

fn low(m: u64) -> i64 {
    m.trailing_zeros() as i64 + 1
}

fn high(m: u64) -> i64 {
    64 - m.leading_zeros() as i64
}

impl Prop for RegionSum {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let bounds: Vec<(i64, i64)> = self
            .segments
            .iter()
            .map(|s| {
                s.iter().fold((0, 0), |(a, b), &c| {
                    (a + low(st.get(c)), b + high(st.get(c)))
                })
            })
            .collect();
        let s_lo = bounds.iter().map(|b| b.0).max().unwrap_or(0);
        let s_hi = bounds.iter().map(|b| b.1).min().unwrap_or(0);
        if s_lo > s_hi {
            return Err(Contradiction);
        }
        for (seg, &(lo, hi)) in self.segments.iter().zip(&bounds) {
            for &c in seg {
                let m = st.get(c);
                let (others_lo, others_hi) = (lo - low(m), hi - high(m));
                let (want_lo, want_hi) = (s_lo - others_hi, s_hi - others_lo);
                let mut keep = 0;
                let mut bits = m;
                while bits != 0 {
                    let v = bits.trailing_zeros() as i64 + 1;
                    if v >= want_lo && v <= want_hi {
                        keep |= bits & bits.wrapping_neg();
                    }
                    bits &= bits - 1;
                }
                st.restrict(c, keep)?;
            }
        }
        Ok(())
    }
}
