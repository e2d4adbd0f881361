//! Region-sum lines: the line's parts in each box (or jigsaw region) it passes through add
//! up to one common sum. Where a part's candidates make few assignments (its cells that
//! must differ, those of a box, taking different values), the totals it can reach are listed
//! (else its bounds are taken); the common sum is one every part can reach, and each cell
//! keeps the values of some assignment of its part reaching such a sum (or, for a part
//! with many assignments, the values its part can still balance against the common
//! sum's bounds). Grids over 16x16 take every part's bounds. Over values from 0 the sums
//! are of the puzzle's values (each cell's one less than the grid's): parts of different
//! lengths move by different amounts.

use numpl_core::variant::region_segments;

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, cells: &[u16]) {
    let region = b.variant.region_of_cells();
    let segments = region_segments(cells, &region);
    if segments.len() < 2 {
        return;
    }
    b.prop(RegionSum {
        cells: cells.to_vec(),
        earlier: segments.iter().map(|s| vec![0; s.len()]).collect(),
        segments,
        n: b.n,
        off: b.off() as i64,
    });
}

struct RegionSum {
    cells: Vec<u16>,
    segments: Vec<Vec<u16>>,
    /// `earlier[s][i]`: the cells of part `s` before its `i`-th (bit `j` for its `j`-th)
    /// that must differ from it ([`Prop::learn_distinct`]; none until told).
    earlier: Vec<Vec<u64>>,
    n: usize,
    /// 1 for values from 0 (a cell's value is its grid value less 1), else 0.
    off: i64,
}

/// A part's assignments listed at most (the product of its cells' candidate counts).
const LISTED: u64 = 4096;

/// Totals as a bitset: bit `t` for total `t` (a part of a 16x16 grid adds up to 256 at
/// most, its cells repeating where no rule makes them differ).
type Totals = [u64; 5];

/// A part's assignments, cell by cell: `taken[i]` the value (bit) of cell `i`.
struct Part<'a> {
    masks: &'a [Bits],
    earlier: &'a [u64],
    taken: [Bits; 64],
    /// [`RegionSum::off`].
    off: usize,
}

impl Part<'_> {
    /// Cell `i`'s values not taken by an earlier cell that must differ from it.
    fn free(&self, i: usize) -> Bits {
        super::sum::untaken(self.masks[i], self.earlier[i], &self.taken)
    }

    /// The totals the cells from `i` on can bring `total` to.
    fn reach(&mut self, i: usize, total: usize, out: &mut Totals) {
        if i == self.masks.len() {
            out[total / 64] |= 1 << (total % 64);
            return;
        }
        let mut m = self.free(i);
        while m != 0 {
            let v = m & m.wrapping_neg();
            m &= m - 1;
            self.taken[i] = v;
            self.reach(
                i + 1,
                total + v.trailing_zeros() as usize + 1 - self.off,
                out,
            );
        }
    }

    /// Whether the cells from `i` on can complete `total` to one of `want`; the values
    /// of each completion found go to `support`.
    fn supported(&mut self, i: usize, total: usize, want: &Totals, support: &mut [Bits]) -> bool {
        if i == self.masks.len() {
            return want[total / 64] >> (total % 64) & 1 != 0;
        }
        let mut found = false;
        let mut m = self.free(i);
        while m != 0 {
            let v = m & m.wrapping_neg();
            m &= m - 1;
            self.taken[i] = v;
            let t = total + v.trailing_zeros() as usize + 1 - self.off;
            if self.supported(i + 1, t, want, support) {
                support[i] |= v;
                found = true;
            }
        }
        found
    }
}

/// The totals from `lo` to `hi` (clipped to what [`Totals`] holds).
fn between(lo: i64, hi: i64) -> Totals {
    let mut out = [0u64; 5];
    for t in lo.max(0)..=hi.min(319) {
        out[t as usize / 64] |= 1 << (t % 64);
    }
    out
}

impl RegionSum {
    /// The totals each part can reach (listed where its assignments are few, else its
    /// bounds), the common ones (none: a contradiction), then each part's cells keep what
    /// reaches a common total.
    fn listed(&self, st: &mut State) -> Result<(), Contradiction> {
        let mut common: Totals = [!0; 5];
        let mut lists: Vec<Option<Vec<Bits>>> = Vec::with_capacity(self.segments.len());
        for (seg, earlier) in self.segments.iter().zip(&self.earlier) {
            let masks: Vec<Bits> = seg.iter().map(|&c| st.get(c)).collect();
            let product = masks.iter().try_fold(1u64, |p, m| {
                p.checked_mul(m.count_ones() as u64)
                    .filter(|&p| p <= LISTED)
            });
            let totals = if product.is_some() && seg.len() <= 64 {
                let mut t = [0u64; 5];
                Part {
                    masks: &masks,
                    earlier,
                    taken: [0; 64],
                    off: self.off as usize,
                }
                .reach(0, 0, &mut t);
                lists.push(Some(masks));
                t
            } else {
                let (lo, hi) = masks.iter().fold((0, 0), |(a, b), &m| {
                    (a + low(m) - self.off, b + high(m) - self.off)
                });
                lists.push(None);
                between(lo, hi)
            };
            for (c, t) in common.iter_mut().zip(totals) {
                *c &= t;
            }
        }
        if common == [0; 5] {
            return Err(Contradiction);
        }
        let word = common.iter().position(|&w| w != 0).expect("a total");
        let s_lo = (word * 64) as i64 + common[word].trailing_zeros() as i64;
        let word = common.iter().rposition(|&w| w != 0).expect("a total");
        let s_hi = (word * 64 + 63) as i64 - common[word].leading_zeros() as i64;
        for ((seg, earlier), list) in self.segments.iter().zip(&self.earlier).zip(lists) {
            match list {
                Some(masks) => {
                    let mut support = vec![0 as Bits; masks.len()];
                    let mut part = Part {
                        masks: &masks,
                        earlier,
                        taken: [0; 64],
                        off: self.off as usize,
                    };
                    if !part.supported(0, 0, &common, &mut support) {
                        return Err(Contradiction);
                    }
                    for (&c, &keep) in seg.iter().zip(&support) {
                        st.restrict(c, keep)?;
                    }
                }
                None => narrow(st, seg, s_lo, s_hi, self.off)?,
            }
        }
        Ok(())
    }
}

/// Each cell of `seg` keeps the values its part can still balance against a total from
/// `s_lo` to `s_hi` (the puzzle's values: the grid's less `off`).
fn narrow(
    st: &mut State,
    seg: &[u16],
    s_lo: i64,
    s_hi: i64,
    off: i64,
) -> Result<(), Contradiction> {
    let (lo, hi) = seg.iter().fold((0, 0), |(a, b), &c| {
        (a + low(st.get(c)) - off, b + high(st.get(c)) - off)
    });
    for &c in seg {
        let m = st.get(c);
        let (others_lo, others_hi) = (lo - low(m) + off, hi - high(m) + off);
        let (want_lo, want_hi) = (s_lo - others_hi, s_hi - others_lo);
        let mut keep = 0;
        let mut bits = m;
        while bits != 0 {
            let v = bits.trailing_zeros() as i64 + 1 - off;
            if v >= want_lo && v <= want_hi {
                keep |= bits & bits.wrapping_neg();
            }
            bits &= bits - 1;
        }
        st.restrict(c, keep)?;
    }
    Ok(())
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

    fn learn_distinct(&mut self, differ: &dyn Fn(u16, u16) -> bool) {
        for (seg, earlier) in self.segments.iter().zip(&mut self.earlier) {
            for (i, e) in earlier.iter_mut().enumerate() {
                *e = (0..i.min(64))
                    .filter(|&j| differ(seg[i], seg[j]))
                    .fold(0u64, |m, j| m | 1 << j);
            }
        }
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        if self.n <= 16 {
            return self.listed(st);
        }
        let bounds: Vec<(i64, i64)> = self
            .segments
            .iter()
            .map(|s| {
                s.iter().fold((0, 0), |(a, b), &c| {
                    (
                        a + low(st.get(c)) - self.off,
                        b + high(st.get(c)) - self.off,
                    )
                })
            })
            .collect();
        let s_lo = bounds.iter().map(|b| b.0).max().unwrap_or(0);
        let s_hi = bounds.iter().map(|b| b.1).min().unwrap_or(0);
        if s_lo > s_hi {
            return Err(Contradiction);
        }
        for seg in &self.segments {
            narrow(st, seg, s_lo, s_hi, self.off)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(segments: Vec<Vec<u16>>, differ: &dyn Fn(u16, u16) -> bool) -> RegionSum {
        let mut r = RegionSum {
            cells: segments.concat(),
            earlier: segments.iter().map(|s| vec![0; s.len()]).collect(),
            segments,
            n: 9,
            off: 0,
        };
        r.learn_distinct(differ);
        r
    }

    #[test]
    fn a_part_s_cells_that_differ_take_different_values() {
        // Two cells of a box (0, 1) against one cell (2) holding 2: 1 + 1 repeats, so no
        // common total (the bounds alone allow 2).
        let same_box = |a: u16, b: u16| a < 2 && b < 2;
        let r = line(vec![vec![0, 1], vec![2]], &same_box);
        assert!(r.run(&mut State::of(vec![0x1ff, 0x1ff, 0b10])).is_err());
        // Against 5 or 6: 1 + 4, 2 + 3, 1 + 5, 2 + 4 (not 3 + 3): the pair keeps 1 to 5.
        let mut st = State::of(vec![0x1ff, 0x1ff, 0b11_0000]);
        r.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0b1_1111, 0b1_1111, 0b11_0000]);
        // Where the two need not differ, 1 + 1 makes 2.
        let r = line(vec![vec![0, 1], vec![2]], &|_, _| false);
        let mut st = State::of(vec![0x1ff, 0x1ff, 0b10]);
        r.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![1, 1, 0b10]);
    }
}
