//! A linear equation over cells, `sum of coef * value = total`, narrowed by bounds: each
//! term keeps the values the other terms' least and greatest can balance. Cages, little
//! killers, arrows (a circle is a term with a negative coefficient) and the 45 rule's
//! innies and outies use it.
//!
//! Terms of coefficient 1 (or -1) whose cells must all differ form a group, bounded as a
//! whole: three cells of a box add up to at least 1 + 2 + 3, not 1 + 1 + 1 (the Interactive
//! Sudoku Solver's exclusion groups). So the 45 rule's 8 innies of a band of four rows,
//! three in one box, three in another and two in a row, adding up to 65, are 7 to 9, 7 to 9
//! and 8 or 9, where bounds cell by cell find only that each is at least 2.

use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(crate) struct Linear {
    /// The terms' cells, a group's cells side by side.
    cells: Vec<u16>,
    coefs: Vec<i64>,
    /// Each group's range in `cells`: one cell, or several of the same coefficient 1 or
    /// -1 that must all differ.
    groups: Vec<(u16, u16)>,
    total: i64,
    /// Derived from other rules (the 45 rule's): its cells weigh no more in the search.
    derived: bool,
}

impl Linear {
    pub(crate) fn new(terms: Vec<(u16, i64)>, total: i64) -> Linear {
        let (cells, coefs): (Vec<u16>, Vec<i64>) = terms.into_iter().unzip();
        let groups = (0..cells.len() as u16).map(|i| (i, i + 1)).collect();
        Linear {
            cells,
            coefs,
            groups,
            total,
            derived: false,
        }
    }

    /// An equation derived from other rules (the 45 rule's innies and outies).
    pub(crate) fn derived(terms: Vec<(u16, i64)>, total: i64) -> Linear {
        Linear {
            derived: true,
            ..Linear::new(terms, total)
        }
    }
}

#[inline]
fn low(m: Bits) -> i64 {
    m.trailing_zeros() as i64 + 1
}

#[inline]
fn high(m: Bits) -> i64 {
    64 - m.leading_zeros() as i64
}

/// The least and greatest of `coef * value` over `m`.
#[inline]
fn range(m: Bits, coef: i64) -> (i64, i64) {
    if coef >= 0 {
        (coef * low(m), coef * high(m))
    } else {
        (coef * high(m), coef * low(m))
    }
}

/// The least and greatest sets of values cells that must differ can take ([`spread`]),
/// and their totals.
#[derive(Debug, PartialEq)]
struct Spread {
    least: Bits,
    most: Bits,
    low: i64,
    high: i64,
}

/// For cells that must differ: the least set of values they can take going by each
/// cell's least value alone (each takes the least value not yet taken at or above its
/// own), and the greatest likewise, with their totals (added up as the values are taken,
/// not counted from the sets after). A lower and an upper bound of the group's sum, since
/// with one-sided limits taking greedily is best. `None`: more cells than values (the
/// least set reaching above every candidate, or the greatest below 1).
#[inline]
fn spread(masks: impl Iterator<Item = Bits>) -> Option<Spread> {
    let (mut least, mut most, mut union) = (0 as Bits, 0 as Bits, 0 as Bits);
    let (mut low, mut high) = (0u32, 0u32);
    for m in masks {
        union |= m;
        let lo = m & m.wrapping_neg();
        let free = !(least | (lo - 1));
        if free == 0 {
            return None;
        }
        least |= free & free.wrapping_neg();
        low += free.trailing_zeros() + 1;
        let hi_bit = 63 - m.leading_zeros();
        let below = (if hi_bit == 63 { !0 } else { (2 << hi_bit) - 1 }) & !most;
        if below == 0 {
            return None;
        }
        let top = 63 - below.leading_zeros();
        most |= 1 << top;
        high += top + 1;
    }
    // Values above every candidate: the cells cannot all differ.
    (least.leading_zeros() >= union.leading_zeros()).then_some(Spread {
        least,
        most,
        low: low as i64,
        high: high as i64,
    })
}

/// Groups of terms (indexes into `cells`), greedily: the largest set of terms of one
/// coefficient, 1 or -1, whose cells all differ, again and again over what is left; a
/// term of another coefficient is a group of its own.
fn greedy_groups(
    cells: &[u16],
    coefs: &[i64],
    differ: &dyn Fn(u16, u16) -> bool,
) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = (0..cells.len()).collect();
    let mut groups = Vec::new();
    while !left.is_empty() {
        let mut best: Vec<usize> = Vec::new();
        for (i, &start) in left.iter().enumerate() {
            let coef = coefs[start];
            let mut group = vec![start];
            if coef.abs() == 1 {
                for &other in &left[i + 1..] {
                    if coefs[other] == coef && group.iter().all(|&g| differ(cells[g], cells[other]))
                    {
                        group.push(other);
                    }
                }
            }
            if group.len() > best.len() {
                best = group;
            }
        }
        left.retain(|i| !best.contains(i));
        groups.push(best);
    }
    groups
}

/// The least and greatest sum of `cells` (values 1..=n) where the cells that `differ`
/// hold different values, by the same greedy groups as [`Linear`]'s: `None` when they
/// cannot differ as asked.
pub(crate) fn sum_bounds(
    cells: &[u16],
    n: usize,
    differ: &dyn Fn(u16, u16) -> bool,
) -> Option<(i64, i64)> {
    let all: Bits = if n >= 64 { !0 } else { (1 << n) - 1 };
    let ones = vec![1; cells.len()];
    let (mut lo, mut hi) = (0, 0);
    for g in greedy_groups(cells, &ones, differ) {
        let sp = spread(g.iter().map(|_| all))?;
        if (sp.least | sp.most) & !all != 0 {
            return None;
        }
        lo += sp.low;
        hi += sp.high;
    }
    Some((lo, hi))
}

impl Prop for Linear {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn weight(&self, n: usize) -> u32 {
        // A sum derived from others (the 45 rule's) does not make its cells harder: giving
        // them weight sent the search astray (ISS's MATHEMAGIC_KILLERS took 2-7 times
        // the nodes; its EXTREME_KILLERS half as many).
        if self.derived {
            0
        } else {
            // A sum weighs much whatever its size, the fewer cells the more (ISS's
            // priority for sums). With the value score (`engine::Heat`), on ISS's
            // collections together: 25.7M nodes against 26.6M weighing by the cells,
            // MATHEMAGIC_KILLERS 10.0M against 11.5M (alone it did worse: 34.3M, 32.7M).
            (2 * n).saturating_sub(self.cells.len()).max(n) as u32
        }
    }

    fn bounds_only(&self) -> bool {
        // `run` reads each cell's least and greatest candidates (a group's spread too).
        true
    }
    fn is_sum(&self) -> bool {
        true
    }

    fn learn_distinct(&mut self, differ: &dyn Fn(u16, u16) -> bool) {
        let mut order = Vec::with_capacity(self.cells.len());
        let mut groups = Vec::new();
        for group in greedy_groups(&self.cells, &self.coefs, differ) {
            let from = order.len() as u16;
            order.extend(group);
            groups.push((from, order.len() as u16));
        }
        self.cells = order.iter().map(|&i| self.cells[i]).collect();
        self.coefs = order.iter().map(|&i| self.coefs[i]).collect();
        self.groups = groups;
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        // The terms' least and greatest total, and how far any one term could move
        // within its own candidates (no narrowing possible when the leeway exceeds it).
        let (mut lo, mut hi, mut swing) = (0i64, 0i64, 0i64);
        for &(a, b) in &self.groups {
            let (a, b) = (a as usize, b as usize);
            let k = self.coefs[a];
            if b - a == 1 {
                let (x, y) = range(st.get(self.cells[a]), k);
                lo += x;
                hi += y;
                swing = swing.max(y - x);
            } else {
                let mut union = 0;
                let Spread {
                    least,
                    most,
                    low: x,
                    high: y,
                } = spread(self.cells[a..b].iter().map(|&c| {
                    let m = st.get(c);
                    union |= m;
                    m
                }))
                .ok_or(Contradiction)?;
                if k > 0 {
                    lo += x;
                    hi += y;
                } else {
                    lo -= y;
                    hi -= x;
                }
                swing = swing
                    .max(high(union) - high(least))
                    .max(low(most) - low(union));
            }
        }
        if self.total < lo || self.total > hi {
            return Err(Contradiction);
        }
        // How far the terms may rise above their least (`up`) and fall below their
        // greatest (`down`).
        let (up, down) = (self.total - lo, hi - self.total);
        if up >= swing && down >= swing {
            return Ok(());
        }
        for &(a, b) in &self.groups {
            let (a, b) = (a as usize, b as usize);
            let k = self.coefs[a];
            if b - a == 1 {
                let c = self.cells[a];
                let m = st.get(c);
                let (x, y) = range(m, k);
                // k * v must lie in [total - (hi - y), total - (lo - x)].
                let (want_lo, want_hi) = (y - down, x + up);
                if want_lo <= x && y <= want_hi {
                    continue;
                }
                let mut keep = 0;
                let mut bits = m;
                while bits != 0 {
                    let kv = k * (bits.trailing_zeros() as i64 + 1);
                    if kv >= want_lo && kv <= want_hi {
                        keep |= bits & bits.wrapping_neg();
                    }
                    bits &= bits - 1;
                }
                st.restrict(c, keep)?;
                continue;
            }
            // A group: its values' sum may rise `rise` above its least set and fall `fall`
            // below its greatest. A cell taking v above the least set's top raises the
            // least sum by at least v - top; likewise below the greatest set's bottom.
            let (rise, fall) = if k > 0 { (up, down) } else { (down, up) };
            if rise >= 64 && fall >= 64 {
                continue;
            }
            let sp = spread(self.cells[a..b].iter().map(|&c| st.get(c))).ok_or(Contradiction)?;
            let top = high(sp.least);
            let bottom = low(sp.most);
            let mut keep: Bits = !0;
            if top + rise < 64 {
                keep &= (1 << (top + rise)) - 1;
            }
            if bottom - fall > 1 {
                keep &= !((1 << (bottom - fall - 1)) - 1);
            }
            for &c in &self.cells[a..b] {
                st.restrict(c, keep)?;
            }
        }
        Ok(())
    }
}

/// Open cells whose candidates make at most this many assignments are solved exactly
/// ([`ExactSum`]).
const EXACT: u64 = 1024;

/// The same equation as [`Linear`], solved exactly once few assignments are left: each
/// open cell keeps only the values of some whole assignment (one value a cell from its
/// candidates, cells that must differ taking different values) reaching the total. The
/// bounds alone keep values in the middle of a range no assignment uses (two cells of a
/// box adding up to 12 are not 6 and 6; a diagonal of three cells adding up to 12 whose
/// first is 1 or 9 ...). Little killers, arrows and the 45 rule's equations use it beside
/// their [`Linear`]; a cage has its own ([`super::cage`]'s combinations). At most 64
/// cells.
pub(crate) struct ExactSum {
    cells: Vec<u16>,
    coefs: Vec<i64>,
    total: i64,
    /// `differ[i]`: the terms (bit `j` for term `j`) whose cells must differ from term
    /// `i`'s.
    differ: Vec<u64>,
    /// Solved exactly with at most this many assignments of its open cells.
    limit: u64,
}

impl ExactSum {
    /// `None` for more than 64 terms (the bounds alone then).
    pub(crate) fn new(terms: &[(u16, i64)], total: i64) -> Option<ExactSum> {
        if terms.len() > 64 || terms.is_empty() {
            return None;
        }
        Some(ExactSum {
            cells: terms.iter().map(|t| t.0).collect(),
            coefs: terms.iter().map(|t| t.1).collect(),
            total,
            differ: vec![0; terms.len()],
            limit: EXACT,
        })
    }

    /// Solved exactly with at most `limit` assignments of its open cells (rather than
    /// [`EXACT`]).
    pub(crate) fn capped(self, limit: u64) -> ExactSum {
        ExactSum { limit, ..self }
    }
}

/// Terms (cells) the exact steps' arrays hold when an equation or a cage has no more
/// ([`ExactSum`], `cage::Combos`): their arrays are zeroed at each run, so most runs set
/// 16 rather than 64 of each.
pub(super) const SMALL: usize = 16;

/// `mask` less the values `taken[j]` of the earlier terms `j` in `earlier` (a bitset of
/// term indexes): what a term of an assignment search may still take when it must differ
/// from those terms.
#[inline(always)]
pub(super) fn untaken(mut mask: Bits, mut earlier: u64, taken: &[Bits]) -> Bits {
    while earlier != 0 {
        mask &= !taken[earlier.trailing_zeros() as usize];
        earlier &= earlier - 1;
    }
    mask
}

/// The search for the assignments of an [`ExactSum`]'s open cells, fewest candidates
/// first.
struct Assign<'a, const N: usize> {
    masks: &'a [Bits],
    coefs: &'a [i64],
    /// `earlier[p]`: the open cells before `p` (bits) that must differ from it.
    earlier: &'a [u64],
    /// The least and greatest totals of the cells from `p` on (values need not differ).
    low: &'a [i64],
    high: &'a [i64],
    taken: [Bits; N],
    support: [Bits; N],
    /// Candidates no assignment found uses yet: none left ends the search.
    missing: u32,
}

impl<const N: usize> Assign<'_, N> {
    fn go(&mut self, p: usize, left: i64) -> bool {
        if p + 1 >= self.masks.len() {
            return if p == self.masks.len() {
                left == 0
            } else {
                self.last(p, left)
            };
        }
        if left < self.low[p] || left > self.high[p] {
            return false;
        }
        let m = self.free(p);
        // The term before the last looks at the last itself (no call a value).
        let next_is_last = p + 2 == self.masks.len();
        let mut found = false;
        let mut each = m;
        while each != 0 {
            let v = each & each.wrapping_neg();
            each &= each - 1;
            self.taken[p] = v;
            let term = self.coefs[p] * (v.trailing_zeros() as i64 + 1);
            let fits = if next_is_last {
                self.last(p + 1, left - term)
            } else {
                self.go(p + 1, left - term)
            };
            if fits {
                if self.support[p] & v == 0 {
                    self.support[p] |= v;
                    self.missing -= 1;
                }
                found = true;
                if self.missing == 0 {
                    return true;
                }
            }
        }
        found
    }

    /// Term `p`'s candidates less the values the earlier terms it must differ from took.
    #[inline(always)]
    fn free(&self, p: usize) -> Bits {
        untaken(self.masks[p], self.earlier[p], &self.taken)
    }

    /// The last term takes what is left, if it can: no loop over its values. (Most
    /// coefficients are 1 or -1: no division for those.)
    #[inline(always)]
    fn last(&mut self, p: usize, left: i64) -> bool {
        let value = match self.coefs[p] {
            1 => Some(left),
            -1 => Some(-left),
            k => (k != 0 && left % k == 0).then(|| left / k),
        };
        let v = match value {
            Some(value @ 1..=64) => self.free(p) & 1 << (value - 1),
            _ => 0,
        };
        if v != 0 && self.support[p] & v == 0 {
            self.support[p] |= v;
            self.missing -= 1;
        }
        v != 0
    }
}

impl Prop for ExactSum {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    /// The sum weighs through its [`Linear`].
    fn weight(&self, _n: usize) -> u32 {
        0
    }

    fn expensive(&self) -> bool {
        true
    }

    fn learn_distinct(&mut self, differ: &dyn Fn(u16, u16) -> bool) {
        let n = self.cells.len();
        self.differ = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| j != i && differ(self.cells[i], self.cells[j]))
                    .fold(0u64, |m, j| m | 1 << j)
            })
            .collect();
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let n = self.cells.len();
        let mut fixed = 0u64;
        for (i, &c) in self.cells.iter().enumerate() {
            let m = st.get(c);
            if m & (m - 1) == 0 {
                fixed |= 1 << i;
            }
        }
        // Too many assignments: leave it to the bounds, having looked at no more than the
        // candidates (most runs end here).
        let mut product = 1u64;
        let mut each = !fixed & (u64::MAX >> (64 - n));
        while each != 0 {
            let i = each.trailing_zeros() as usize;
            each &= each - 1;
            let mut m = st.get(self.cells[i]);
            let mut twins = self.differ[i] & fixed;
            while twins != 0 {
                m &= !st.get(self.cells[twins.trailing_zeros() as usize]);
                twins &= twins - 1;
            }
            product = product.saturating_mul(m.count_ones().max(1) as u64);
            if product > self.limit {
                return Ok(());
            }
        }
        if n <= SMALL {
            self.assign::<SMALL, { SMALL + 1 }>(st, fixed)
        } else {
            self.assign::<64, 65>(st, fixed)
        }
    }
}

impl ExactSum {
    /// The exact step once few assignments are left, with arrays of `N` terms (at least
    /// the equation's; `N1` is `N + 1`).
    fn assign<const N: usize, const N1: usize>(
        &self,
        st: &mut State,
        fixed: u64,
    ) -> Result<(), Contradiction> {
        let n = self.cells.len();
        let mut masks = [0 as Bits; N];
        for (i, &c) in self.cells.iter().enumerate() {
            masks[i] = st.get(c);
        }
        // The fixed cells: their terms leave the total, their values the open cells that
        // must differ from them.
        let mut left = self.total;
        let mut each = fixed;
        while each != 0 {
            let i = each.trailing_zeros() as usize;
            each &= each - 1;
            let m = masks[i];
            left -= self.coefs[i] * (m.trailing_zeros() as i64 + 1);
            let mut twins = self.differ[i] & fixed;
            while twins != 0 {
                if masks[twins.trailing_zeros() as usize] == m {
                    return Err(Contradiction);
                }
                twins &= twins - 1;
            }
            let mut others = self.differ[i] & !fixed;
            while others != 0 {
                let j = others.trailing_zeros() as usize;
                others &= others - 1;
                masks[j] &= !m;
            }
        }
        let mut open = [0u8; N];
        let mut k = 0;
        // (A cell fixed by that is still open: its one value must reach the total.)
        for (i, &m) in masks[..n].iter().enumerate() {
            if m == 0 {
                return Err(Contradiction);
            }
            if fixed >> i & 1 == 0 {
                open[k] = i as u8;
                k += 1;
            }
        }
        if k == 0 {
            return if left == 0 {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        // Fewest candidates first (insertion sort).
        let open = &mut open[..k];
        for i in 1..k {
            let mut j = i;
            while j > 0
                && masks[open[j - 1] as usize].count_ones() > masks[open[j] as usize].count_ones()
            {
                open.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut at = [u8::MAX; N];
        for (p, &i) in open.iter().enumerate() {
            at[i as usize] = p as u8;
        }
        let mut om = [0 as Bits; N];
        let mut coefs = [0i64; N];
        let mut earlier = [0u64; N];
        for (p, &i) in open.iter().enumerate() {
            let i = i as usize;
            om[p] = masks[i];
            coefs[p] = self.coefs[i];
            let mut others = self.differ[i];
            while others != 0 {
                let q = at[others.trailing_zeros() as usize];
                others &= others - 1;
                if (q as usize) < p {
                    earlier[p] |= 1 << q;
                }
            }
        }
        let mut low = [0i64; N1];
        let mut high = [0i64; N1];
        for p in (0..k).rev() {
            let (x, y) = range(om[p], coefs[p]);
            low[p] = low[p + 1] + x;
            high[p] = high[p + 1] + y;
        }
        let mut walk = Assign {
            masks: &om[..k],
            coefs: &coefs[..k],
            earlier: &earlier[..k],
            low: &low[..=k],
            high: &high[..=k],
            taken: [0; N],
            support: [0; N],
            missing: om[..k].iter().map(|m| m.count_ones()).sum(),
        };
        if !walk.go(0, left) {
            return Err(Contradiction);
        }
        for (p, &i) in open.iter().enumerate() {
            st.restrict(self.cells[i as usize], walk.support[p])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_takes_the_least_and_greatest_distinct_values() {
        let sets = |s: Spread| (s.least, s.most, s.low, s.high);
        // Three cells of 1..9: 1+2+3 and 9+8+7.
        assert_eq!(
            spread([0x1ff; 3].into_iter()).map(sets),
            Some((0b111, 0b111 << 6, 6, 24))
        );
        // Least values 2, 2, 5: 2, 3, 5; greatest 4, 9, 9: 4, 9, 8.
        assert_eq!(
            spread([0b1010, 0b1_0000_0010, 0b1_0001_0000].into_iter()).map(sets),
            Some((0b10110, 0b1_1000_1000, 10, 21))
        );
        // Two cells that can only be 1.
        assert_eq!(spread([1, 1].into_iter()), None);
    }

    #[test]
    fn a_group_that_must_differ_is_bounded_as_a_whole() {
        // Cells 0, 1, 2 differ (one box), cell 3 elsewhere; all four add up to 33: the
        // three are at most 9+8+7 = 24, so cell 3 is at least 9; then the three add up
        // to 24 exactly: each is 7, 8 or 9.
        let mut l = Linear::new(vec![(0, 1), (1, 1), (2, 1), (3, 1)], 33);
        l.learn_distinct(&|a, b| a < 3 && b < 3);
        let mut st = State::of(vec![0x1ff; 4]);
        l.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0b111 << 6, 0b111 << 6, 0b111 << 6, 1 << 8]);
        // Without the group, bounds cell by cell find only that each is 6 to 9.
        let plain = Linear::new(vec![(0, 1), (1, 1), (2, 1), (3, 1)], 33);
        let mut st = State::of(vec![0x1ff; 4]);
        plain.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0b1111 << 5; 4]);
    }

    #[test]
    fn a_group_with_a_negative_coefficient_and_a_contradiction() {
        // a - (b + c) = 0 with b, c different: b + c >= 3, so a >= 3; b, c <= a's 9 - 1.
        let mut l = Linear::new(vec![(0, 1), (1, -1), (2, -1)], 0);
        l.learn_distinct(&|a, b| a != 0 && b != 0);
        let mut st = State::of(vec![0x1ff; 3]);
        l.run(&mut st).unwrap();
        assert_eq!(st.cells[0], 0x1ff & !0b11);
        assert_eq!(st.cells[1], 0xff);
        assert_eq!(st.cells[2], 0xff);
        // Two different cells of 1..2 cannot add up to 4.
        let mut l = Linear::new(vec![(0, 1), (1, 1)], 4);
        l.learn_distinct(&|_, _| true);
        let mut st = State::of(vec![0b11; 2]);
        assert!(l.run(&mut st).is_err());
    }

    fn exact(terms: &[(u16, i64)], total: i64, differ: &dyn Fn(u16, u16) -> bool) -> ExactSum {
        let mut e = ExactSum::new(terms, total).expect("few terms");
        e.learn_distinct(differ);
        e
    }

    #[test]
    fn an_exact_sum_keeps_only_values_of_whole_assignments() {
        // Two cells of a box adding up to 12: not 1 or 2 (no partner), and not 6 (6 + 6
        // repeats), which the bounds alone keep.
        let e = exact(&[(0, 1), (1, 1)], 12, &|_, _| true);
        let mut st = State::of(vec![0x1ff; 2]);
        e.run(&mut st).unwrap();
        let want: Bits = 0x1ff & !0b10_0011;
        assert_eq!(st.cells, vec![want; 2]);
        let mut st = State::of(vec![0x1ff; 2]);
        Linear::new(vec![(0, 1), (1, 1)], 12).run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0x1ff & !0b11; 2]);
        // On a diagonal crossing two boxes (repeats allowed), 6 + 6 is fine.
        let e = exact(&[(0, 1), (1, 1)], 12, &|_, _| false);
        let mut st = State::of(vec![0x1ff; 2]);
        e.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0x1ff & !0b11; 2]);
        // A fixed cell's value leaves the cells that differ from it: 12 = 3 + x + y with
        // x, y different from 3 and each other, from 1..5: 4 + 5 only.
        let e = exact(&[(0, 1), (1, 1), (2, 1)], 12, &|_, _| true);
        let mut st = State::of(vec![0b100, 0b1_1111, 0b1_1111]);
        e.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0b100, 0b1_1000, 0b1_1000]);
        // An arrow: the circle (coefficient -1) is the two different line cells' total,
        // so at least 3; a line cell is at most 9 - 1.
        let e = exact(&[(0, -1), (1, 1), (2, 1)], 0, &|a, b| a != 0 && b != 0);
        let mut st = State::of(vec![0x1ff; 3]);
        e.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0x1ff & !0b11, 0xff, 0xff]);
    }

    #[test]
    fn an_exact_sum_finds_what_no_assignment_reaches_and_waits_when_there_are_many() {
        // Two different cells of 1 and 2 adding up to 2: only 1 + 1, which repeats.
        let e = exact(&[(0, 1), (1, 1)], 2, &|_, _| true);
        assert!(e.run(&mut State::of(vec![0b11; 2])).is_err());
        // Everything fixed: the total is met or not.
        let e = exact(&[(0, 1), (1, 1)], 5, &|_, _| false);
        assert!(e.run(&mut State::of(vec![0b100, 0b100])).is_err());
        assert!(e.run(&mut State::of(vec![0b100, 0b10])).is_ok());
        // Four open cells of nine values (6,561 assignments): left to the bounds.
        let e = exact(&[(0, 1), (1, 1), (2, 1), (3, 1)], 20, &|_, _| true);
        let mut st = State::of(vec![0x1ff; 4]);
        e.run(&mut st).unwrap();
        assert_eq!(st.cells, vec![0x1ff; 4]);
    }

    #[test]
    fn an_exact_sum_keeps_what_brute_force_keeps() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(37);
        for _ in 0..2000 {
            let n = rng.gen_range(1..=4usize);
            let terms: Vec<(u16, i64)> = (0..n)
                .map(|i| {
                    (
                        i as u16,
                        if rng.gen_bool(0.2) {
                            rng.gen_range(-2..=-1)
                        } else {
                            rng.gen_range(1..=2)
                        },
                    )
                })
                .collect();
            let cells: Vec<Bits> = (0..n).map(|_| rng.gen_range(1..1u64 << 6)).collect();
            let pairs: Vec<(u16, u16)> = (0..n as u16)
                .flat_map(|a| (a + 1..n as u16).map(move |b| (a, b)))
                .filter(|_| rng.gen_bool(0.5))
                .collect();
            let differ = |a: u16, b: u16| pairs.contains(&(a.min(b), a.max(b)));
            let total = rng.gen_range(-6..=20);
            // Brute force: every assignment from the candidates.
            let mut support = vec![0 as Bits; n];
            let mut value = vec![0usize; n];
            let count: usize = cells.iter().map(|m| m.count_ones() as usize).product();
            for mut code in 0..count {
                for i in 0..n {
                    let vals: Vec<usize> = (0..6).filter(|v| cells[i] >> v & 1 != 0).collect();
                    value[i] = vals[code % vals.len()];
                    code /= vals.len();
                }
                let sum: i64 = (0..n).map(|i| terms[i].1 * (value[i] as i64 + 1)).sum();
                let distinct = pairs
                    .iter()
                    .all(|&(a, b)| value[a as usize] != value[b as usize]);
                if sum == total && distinct {
                    for i in 0..n {
                        support[i] |= 1 << value[i];
                    }
                }
            }
            // The same equation again with 16 more terms, each fixed at 3 and differing
            // from none (past the small arrays: `ExactSum::assign`'s 64-term ones).
            for pad in [0, 16] {
                let mut terms = terms.clone();
                terms.extend((0..pad).map(|i| ((n + i) as u16, 1)));
                let e = exact(&terms, total + 3 * pad as i64, &differ);
                let mut start = cells.clone();
                start.extend(std::iter::repeat_n(0b100, pad));
                let mut st = State::of(start);
                let got = e.run(&mut st);
                if support.contains(&0) {
                    assert!(got.is_err(), "{terms:?} {cells:?} {pairs:?} {total}");
                } else {
                    assert!(got.is_ok(), "{terms:?} {cells:?} {pairs:?} {total}");
                    assert_eq!(
                        st.cells[..n],
                        support,
                        "{terms:?} {cells:?} {pairs:?} {total}"
                    );
                }
            }
        }
    }
}
