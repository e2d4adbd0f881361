//! Killer cages: the cells differ and add up to the sum. Besides the bounds of the sum
//! ([`Linear`]), the cage keeps the digit sets (combinations) of its size and sum that its
//! candidates can still place, so "17 in two cells is 8 and 9" follows at once; the rest
//! of a house holding the cage keeps the values those sets leave out (the complement); a
//! value every set needs leaves the cells outside the cage that see all its places; with
//! few open cells, each keeps only what some whole assignment reaching the sum uses
//! ([`Combos`]). The 45 rule: in a house whose other cells are covered by cages inside
//! it, the cells left add up to the house's total less the cages' sums, a cage of their
//! own; likewise over bands of rows or columns, as equations of innies and outies
//! ([`innies`]); and over the cages crossing each house, ISS's hidden cages and a
//! house's outies (`crossing`).

use std::collections::HashSet;

use super::sum::{sum_bounds, ExactSum, Linear, SMALL};
use super::{required, Builder, Peers};
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// Combinations listed per cage at most; a cage with more (big grids) keeps the bounds.
const MAX_COMBOS: usize = 5000;

pub(super) fn compile(b: &mut Builder<'_>, sum: Option<u32>, cells: &[u16]) {
    b.distinct(cells);
    if let Some(sum) = sum {
        // Over the grid's values 1..N (the 45 rule's and the combinations' too).
        let sum = sum + b.off() * cells.len() as u32;
        b.cages.push((sum, cells.to_vec()));
    }
}

/// After every constraint: the cages' sums (their propagators need every group, for the
/// cells that see a whole cage), then the 45 rule's.
pub(super) fn finish(b: &mut Builder<'_>, peers: &Peers) {
    let mut sums = b.cages.clone();
    innies(b, peers, &mut sums);
    for (sum, cells) in sums {
        add_sum(b, peers, sum, &cells);
    }
}

/// The cages' sums without the 45 rule (a cage read alone).
pub(super) fn finish_sums(b: &mut Builder<'_>, peers: &Peers) {
    for (sum, cells) in b.cages.clone() {
        add_sum(b, peers, sum, &cells);
    }
}

fn add_sum(b: &mut Builder<'_>, peers: &Peers, sum: u32, cells: &[u16]) {
    b.prop(Linear::new(
        cells.iter().map(|&c| (c, 1)).collect(),
        sum as i64,
    ));
    // A cage of one cell is its sum: the bounds fix the cell at the root, and its
    // combinations would only be woken for nothing by the rest of its house (ISS's
    // MATHEMAGIC_KILLERS: 0.7 runs a node, never narrowing).
    if cells.len() == 1 {
        return;
    }
    let combos = combinations(b.n, cells.len(), sum);
    if combos.len() > MAX_COMBOS || cells.len() > MAX_CELLS {
        return;
    }
    // The smallest house holding the whole cage: its other cells hold the values the
    // cage's combination leaves out.
    let complement = b
        .houses
        .iter()
        .filter(|h| h.len() == b.n && cells.iter().all(|c| h.contains(c)))
        .min_by_key(|h| h.len())
        .map(|h| {
            h.iter()
                .copied()
                .filter(|c| !cells.contains(c))
                .collect::<Vec<u16>>()
        })
        .unwrap_or_default();
    let seen = peers.outside(cells);
    let all = b.all();
    b.prop(Combos {
        cells: cells.to_vec(),
        sum,
        combos,
        watched: cells.iter().chain(&complement).copied().collect(),
        complement,
        all,
        seen,
    });
}

/// The sets of `k` different values of 1..=n adding up to `sum`, as masks.
pub(crate) fn combinations(n: usize, k: usize, sum: u32) -> Vec<Bits> {
    fn go(next: u32, n: u32, k: usize, sum: u32, mask: Bits, out: &mut Vec<Bits>, cap: usize) {
        if out.len() > cap {
            return;
        }
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        let mut v = next;
        while v <= n && v <= sum {
            // The k - 1 values after v are at least v+1 .. v+k-1.
            let rest_min = (k as u32 - 1) * (2 * v + k as u32) / 2;
            if v + rest_min > sum {
                break;
            }
            go(v + 1, n, k - 1, sum - v, mask | 1 << (v - 1), out, cap);
            v += 1;
        }
    }
    let mut out = Vec::new();
    go(1, n as u32, k, sum, 0, &mut out, MAX_COMBOS);
    out
}

/// A cage's sum through its digit sets (combinations): a set stays while its values can
/// all be placed (each cell can take one of them, the placed values are in it) and, for a
/// cage inside a house, while the house's other cells (the complement) can hold the
/// values it leaves out. The cells keep the values of the sets left, the complement those
/// the sets leave out; a value every set needs goes to its one place in the cage, or
/// leaves every cell outside the cage that sees all its places. With few open cells,
/// each keeps only the values some whole assignment of the cage reaching the sum uses.
struct Combos {
    cells: Vec<u16>,
    sum: u32,
    combos: Vec<Bits>,
    /// The rest of the smallest house holding the cage (empty: none).
    complement: Vec<u16>,
    /// The cage's cells and its complement: a rule that reads cells it does not watch
    /// can stop short of its fixed point, and then what the propagation leaves (and the
    /// search's node counts) depend on the order the rules ran in. Watched, ISS's
    /// EXTREME_KILLERS took 93k nodes rather than 145k (TAREK_ALL 51.5k -> 51.3k).
    watched: Vec<u16>,
    all: Bits,
    /// For each cage cell, the cells outside the cage that see it, as a bitset.
    seen: Vec<Vec<u64>>,
}

/// Open cells whose candidates make at most this many assignments are solved exactly.
const EXACT: u32 = 512;

/// Cells a cage holds at most (the biggest grid's side).
const MAX_CELLS: usize = 64;

impl Combos {
    /// Each open cell keeps the values of some assignment of distinct values, one a cell
    /// from its candidates, that reaches the sum (when there are few such assignments).
    fn exact(&self, st: &mut State) -> Result<(), Contradiction> {
        if self.cells.len() <= SMALL {
            self.exact_in::<SMALL, { SMALL + 1 }>(st)
        } else {
            self.exact_in::<MAX_CELLS, { MAX_CELLS + 1 }>(st)
        }
    }

    /// [`Combos::exact`] with arrays of `N` cells (at least the cage's; `N1` is `N + 1`).
    fn exact_in<const N: usize, const N1: usize>(
        &self,
        st: &mut State,
    ) -> Result<(), Contradiction> {
        let mut fixed: Bits = 0;
        let mut fixed_sum = 0u32;
        for &c in &self.cells {
            let m = st.get(c);
            if m & (m - 1) == 0 {
                fixed |= m;
                fixed_sum += m.trailing_zeros() + 1;
            }
        }
        if fixed_sum > self.sum {
            return Err(Contradiction);
        }
        let mut open = [0u16; N];
        let mut masks = [0 as Bits; N];
        let mut k = 0;
        let mut product = 1u32;
        for &c in &self.cells {
            let m = st.get(c);
            if m & (m - 1) == 0 {
                continue;
            }
            let m = m & !fixed;
            if m == 0 {
                return Err(Contradiction);
            }
            product = product.saturating_mul(m.count_ones());
            if product > EXACT || k == N {
                return Ok(());
            }
            open[k] = c;
            masks[k] = m;
            k += 1;
        }
        if k == 0 {
            return if fixed_sum == self.sum {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        // Fewest candidates first; the rest's least and greatest sums bound each level.
        // Insertion sort: fewest candidates first.
        for i in 1..k {
            let mut j = i;
            while j > 0 && masks[j - 1].count_ones() > masks[j].count_ones() {
                masks.swap(j - 1, j);
                open.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut low = [0u32; N1];
        let mut high = [0u32; N1];
        for i in (0..k).rev() {
            low[i] = low[i + 1] + masks[i].trailing_zeros() + 1;
            high[i] = high[i + 1] + 64 - masks[i].leading_zeros();
        }
        let mut walk = Walk {
            masks: &masks[..k],
            low: &low[..=k],
            high: &high[..=k],
            support: [0; N],
            missing: masks[..k].iter().map(|m| m.count_ones()).sum(),
        };
        if !walk.go(0, 0, self.sum - fixed_sum) {
            return Err(Contradiction);
        }
        let support = walk.support;
        for i in 0..k {
            st.restrict(open[i], support[i])?;
        }
        Ok(())
    }
}

/// The search for the assignments of a cage's open cells.
struct Walk<'a, const N: usize> {
    masks: &'a [Bits],
    /// The least and greatest sums of the cells from `i` on (values need not differ).
    low: &'a [u32],
    high: &'a [u32],
    support: [Bits; N],
    /// Candidates no assignment found uses yet: none left ends the search.
    missing: u32,
}

impl<const N: usize> Walk<'_, N> {
    /// Whether the cells from `i` on can take distinct values outside `used` adding to
    /// `left`; each value of an assignment found counts as supported.
    fn go(&mut self, i: usize, used: Bits, left: u32) -> bool {
        if i + 1 >= self.masks.len() {
            return if i == self.masks.len() {
                left == 0
            } else {
                self.last(i, used, left)
            };
        }
        if left < self.low[i] || left > self.high[i] {
            return false;
        }
        // The cell before the last looks at the last itself (no call a value).
        let next_is_last = i + 2 == self.masks.len();
        let mut found = false;
        let mut bits = self.masks[i] & !used;
        while bits != 0 {
            let v = bits & bits.wrapping_neg();
            bits &= bits - 1;
            let value = v.trailing_zeros() + 1;
            if value > left {
                break;
            }
            let fits = if next_is_last {
                self.last(i + 1, used | v, left - value)
            } else {
                self.go(i + 1, used | v, left - value)
            };
            if fits {
                if self.support[i] & v == 0 {
                    self.support[i] |= v;
                    self.missing -= 1;
                }
                found = true;
            }
            if self.missing == 0 {
                return found;
            }
        }
        found
    }

    /// The last cell takes what is left, if it can: no loop over its values.
    #[inline(always)]
    fn last(&mut self, i: usize, used: Bits, left: u32) -> bool {
        let v = match left {
            1..=64 => self.masks[i] & !used & 1 << (left - 1),
            _ => 0,
        };
        if v != 0 && self.support[i] & v == 0 {
            self.support[i] |= v;
            self.missing -= 1;
        }
        v != 0
    }
}

impl Prop for Combos {
    fn watches(&self) -> &[u16] {
        &self.watched
    }

    /// The cage's weight is its sum's ([`Linear`]'s).
    fn weight(&self, _n: usize) -> u32 {
        0
    }

    fn expensive(&self) -> bool {
        true
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let mut union = 0;
        let mut fixed = 0;
        for &c in &self.cells {
            let m = st.get(c);
            union |= m;
            if m & (m - 1) == 0 {
                fixed |= m;
            }
        }
        let (mut outside, mut outside_fixed) = (0, 0);
        for &c in &self.complement {
            let m = st.get(c);
            outside |= m;
            if m & (m - 1) == 0 {
                outside_fixed |= m;
            }
        }
        let with_complement = !self.complement.is_empty();
        let (mut allowed, mut must, mut rest) = (0, !0, 0);
        for &combo in &self.combos {
            if combo & !union != 0 || fixed & !combo != 0 {
                continue;
            }
            let left_out = self.all & !combo;
            if with_complement && (left_out & !outside != 0 || outside_fixed & combo != 0) {
                continue;
            }
            if self.cells.iter().any(|&c| st.get(c) & combo == 0) {
                continue;
            }
            allowed |= combo;
            must &= combo;
            rest |= left_out;
        }
        if allowed == 0 {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            st.restrict(c, allowed)?;
        }
        if with_complement {
            for &c in &self.complement {
                st.restrict(c, rest)?;
            }
        }
        self.exact(st)?;
        // A value every combination needs: in its one place in the cage, or out of every
        // cell that sees all its places.
        required(st, &self.cells, &self.seen, must & !fixed)
    }
}

/// The 45 rule, as innies and outies. For a region of whole houses (one house, or several
/// rows or columns side by side), take the cages mostly inside it: the values of its cells
/// add up to N(N+1)/2 a house, those of the cages to their sums, so the region's cells no
/// cage covers (innies) and the cages' cells outside it (outies) are tied:
/// `sum(outies) - sum(innies) = sum(cages) - sum(region)`. A tie of few cells is kept as
/// an equation; with innies alone in one house, as a cage of their own (their values
/// differ), with its combinations.
fn innies(b: &mut Builder<'_>, peers: &Peers, sums: &mut Vec<(u32, Vec<u16>)>) {
    let n = b.n;
    let per_house = (n * (n + 1) / 2) as i64;
    let houses = b.houses_snapshot();
    let mut regions: Vec<Vec<u16>> = houses.iter().filter(|h| h.len() == n).cloned().collect();
    for width in 2..n {
        for first in 0..=n - width {
            let rows: Vec<u16> = (first * n..(first + width) * n).map(|c| c as u16).collect();
            let cols: Vec<u16> = (0..n)
                .flat_map(|r| (first..first + width).map(move |c| (r * n + c) as u16))
                .collect();
            regions.push(rows);
            regions.push(cols);
        }
    }
    let cages = b.cages.clone();
    // Cages that overlap break the count: leave them out.
    let mut owner = vec![usize::MAX; n * n];
    let mut overlapping = vec![false; cages.len()];
    for (k, (_, cells)) in cages.iter().enumerate() {
        for &c in cells {
            if owner[c as usize] != usize::MAX {
                overlapping[k] = true;
                overlapping[owner[c as usize]] = true;
            }
            owner[c as usize] = k;
        }
    }
    let mut seen = HashSet::new();
    for region in regions {
        let mut inside = vec![false; n * n];
        for &c in &region {
            inside[c as usize] = true;
        }
        let mut used: i64 = 0;
        let mut covered = vec![false; n * n];
        let mut outies: Vec<u16> = Vec::new();
        for (k, (sum, cells)) in cages.iter().enumerate() {
            if overlapping[k] {
                continue;
            }
            let within = cells.iter().filter(|&&c| inside[c as usize]).count();
            if within * 2 <= cells.len() {
                continue;
            }
            used += *sum as i64;
            for &c in cells {
                if inside[c as usize] {
                    covered[c as usize] = true;
                } else {
                    outies.push(c);
                }
            }
        }
        if used == 0 {
            continue;
        }
        let innies: Vec<u16> = region
            .iter()
            .copied()
            .filter(|&c| !covered[c as usize])
            .collect();
        let (a, o) = (innies.len(), outies.len());
        if a + o == 0 || a + o > n || (a > 2 && o > 2) {
            continue;
        }
        let total = used - per_house * (region.len() / n) as i64;
        if !first_time(&mut seen, &innies, &outies) {
            continue;
        }
        let one_house = o == 0 && houses.iter().any(|h| innies.iter().all(|c| h.contains(c)));
        if one_house && -total > 0 {
            sums.push(((-total) as u32, innies));
        } else {
            equation(b, &outies, &innies, total);
        }
    }
    for house in houses.iter().filter(|h| h.len() == n) {
        crossing(b, peers, house, &cages, &overlapping, &mut seen);
    }
}

/// Whether a derived sum over these cells is new, keyed by its cells and which side
/// each is on: `inside` an innies equation's innies, a hidden cage's rest, a house's
/// outies; an equation and its negation (a hidden cage found again as a band's innies and
/// outies, the sides swapped) are one. (A house's outies equal to some band's outies are
/// kept twice; keying them alike changed the search's path: 6.26M -> 6.68M nodes on
/// DEVELOPMENT.md's fixed set.)
fn first_time(seen: &mut HashSet<Vec<(u16, bool)>>, inside: &[u16], outside: &[u16]) -> bool {
    let mut key: Vec<(u16, bool)> = inside
        .iter()
        .map(|&c| (c, true))
        .chain(outside.iter().map(|&c| (c, false)))
        .collect();
    key.sort_unstable();
    let negation: Vec<(u16, bool)> = key.iter().map(|&(c, side)| (c, !side)).collect();
    !seen.contains(&negation) && seen.insert(key)
}

/// Cells an equation of the 45 rule holds at most to be solved exactly too ([`ExactSum`]);
/// a bigger one keeps its bounds alone. Exactly, the bigger ones narrowed next to nothing
/// (under 1% of their runs changed a cell) and cost their runs; without them at all,
/// HS_KILLERS' last puzzle took 30,551 nodes rather than 9. On ISS's MATHEMAGIC_KILLERS,
/// `numpl solve --threads 1`: 40.6 s exact up to any size (3.63M nodes), 34.2 s up to
/// six cells (3.80M).
const EQUATION_CELLS: usize = 6;

/// Assignments of an equation's open cells it solves exactly at most ([`ExactSum`]): with
/// the bounds alone, `r3c2 + r3c3 + r8c2 - r1c1 - r2c1 = 1` (some band's innies and
/// outies) left values no assignment uses, which the Interactive Sudoku Solver removes.
/// On MATHEMAGIC_KILLERS (same command, ISS: 5.15M nodes; every equation exact, before
/// the six-cell cap and the negations' dedup), bounds only: 13.9M nodes, 112 s; exact up
/// to 64 assignments: 3.63M nodes, 40.6 s; up to 16 or 256 more nodes on the whole; up to
/// 1,024 four times the time a node.
const EQUATION_EXACT: u64 = 64;

/// The 45 rule's equation `sum(plus) - sum(minus) = total`: its bounds, and its exact
/// solutions once few are left.
fn equation(b: &mut Builder<'_>, plus: &[u16], minus: &[u16], total: i64) {
    let terms: Vec<(u16, i64)> = plus
        .iter()
        .map(|&c| (c, 1))
        .chain(minus.iter().map(|&c| (c, -1)))
        .collect();
    if terms.len() <= EQUATION_CELLS {
        if let Some(exact) = ExactSum::new(&terms, total) {
            b.prop(exact.capped(EQUATION_EXACT));
        }
    }
    b.prop(Linear::derived(terms, total));
}

/// Sums the Interactive Sudoku Solver derives from the cages crossing a house. Hidden
/// cages: a cage that sticks out of the house by one cell ties that cell to the house's
/// cells outside it and outside the cages wholly inside (`rest - outie = house - cages`,
/// up to 6 cells). The house's outies: when the cages crossing a house cover it, their
/// cells outside it add up to their sums less the house's total (kept when it narrows:
/// the sum's range, its cells' values differing where they must, is more than four times
/// its leeway).
fn crossing(
    b: &mut Builder<'_>,
    peers: &Peers,
    house: &[u16],
    cages: &[(u32, Vec<u16>)],
    overlapping: &[bool],
    seen: &mut HashSet<Vec<(u16, bool)>>,
) {
    let n = b.n;
    let per_house = (n * (n + 1) / 2) as i64;
    let within = |c: &u16| house.contains(c);
    let crossing: Vec<&(u32, Vec<u16>)> = cages
        .iter()
        .zip(overlapping)
        .filter(|((_, cells), &o)| !o && cells.iter().any(within))
        .map(|(c, _)| c)
        .collect();
    if crossing.is_empty() {
        return;
    }
    let mut add = |b: &mut Builder<'_>, plus: Vec<u16>, minus: Vec<u16>, total: i64| {
        if !plus.is_empty() && first_time(seen, &plus, &minus) {
            equation(b, &plus, &minus, total);
        }
    };
    // Hidden cages.
    let inside: Vec<&(u32, Vec<u16>)> = crossing
        .iter()
        .copied()
        .filter(|(_, cells)| cells.iter().all(within))
        .collect();
    let inside_sum: i64 = inside.iter().map(|(s, _)| *s as i64).sum();
    let rest: Vec<u16> = house
        .iter()
        .copied()
        .filter(|c| !inside.iter().any(|(_, cells)| cells.contains(c)))
        .collect();
    for (sum, cells) in &crossing {
        let out: Vec<u16> = cells.iter().copied().filter(|c| !within(c)).collect();
        if out.len() != 1 {
            continue;
        }
        let plus: Vec<u16> = rest
            .iter()
            .copied()
            .filter(|c| !cells.contains(c))
            .collect();
        if plus.len() + 1 > 6 {
            continue;
        }
        add(b, plus, out, per_house - inside_sum - *sum as i64);
    }
    // The house's outies.
    let covered = house
        .iter()
        .all(|c| crossing.iter().any(|(_, cells)| cells.contains(c)));
    if !covered {
        return;
    }
    let outies: Vec<u16> = crossing
        .iter()
        .flat_map(|(_, cells)| cells.iter().copied().filter(|c| !within(c)))
        .collect();
    if outies.is_empty() {
        return;
    }
    let total: i64 = crossing.iter().map(|(s, _)| *s as i64).sum::<i64>() - per_house;
    let Some((lo, hi)) = sum_bounds(&outies, n, &|x, y| peers.sees(x, y)) else {
        return;
    };
    let leeway = (total - lo).min(hi - total);
    if leeway < 0 || hi - lo > 4 * leeway {
        add(b, outies, Vec::new(), total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cage_with_few_assignments_keeps_what_brute_force_keeps() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(41);
        let n = 9;
        let mut checked = 0;
        for _ in 0..3000 {
            let k = rng.gen_range(1..=4usize);
            let cells: Vec<Bits> = (0..k).map(|_| rng.gen_range(1..1u64 << n)).collect();
            let product: u32 = cells.iter().map(|m| m.count_ones()).product();
            if product > EXACT {
                continue;
            }
            let sum = rng.gen_range(1..=30u32);
            // Brute force: every assignment of different values reaching the sum.
            let mut support = vec![0 as Bits; k];
            for code in 0..(n as u32).pow(k as u32) {
                let values: Vec<u32> = (0..k)
                    .map(|i| code / (n as u32).pow(i as u32) % 9)
                    .collect();
                let fits = (0..k).all(|i| cells[i] >> values[i] & 1 != 0);
                let differ = (0..k).all(|i| (0..i).all(|j| values[i] != values[j]));
                if fits && differ && values.iter().map(|v| v + 1).sum::<u32>() == sum {
                    for i in 0..k {
                        support[i] |= 1 << values[i];
                    }
                }
            }
            let cage = Combos {
                cells: (0..k as u16).collect(),
                sum,
                combos: combinations(n, k, sum),
                complement: Vec::new(),
                watched: (0..k as u16).collect(),
                all: (1 << n) - 1,
                seen: vec![vec![0]; k],
            };
            let mut st = State::of(cells.clone());
            let got = cage.run(&mut st);
            if support.contains(&0) {
                assert!(got.is_err(), "{cells:?} {sum}");
            } else {
                assert!(got.is_ok(), "{cells:?} {sum}");
                assert_eq!(st.cells, support, "{cells:?} {sum}");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    /// The exact step of a cage longer than the small arrays (`Combos::exact_in`'s
    /// 64-cell ones): 14 cells fixed at 12 to 25 (25 values) beside up to four open cells
    /// of 1 to 9 keep what brute force keeps for the open cells alone.
    #[test]
    fn a_long_cage_s_exact_step_keeps_what_brute_force_keeps() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(43);
        let mut checked = 0;
        for _ in 0..500 {
            let k = rng.gen_range(1..=4usize);
            let open: Vec<Bits> = (0..k).map(|_| rng.gen_range(1..1u64 << 9)).collect();
            let product: u32 = open.iter().map(|m| m.count_ones()).product();
            if product > EXACT {
                continue;
            }
            let sum = rng.gen_range(1..=30u32);
            let mut support = vec![0 as Bits; k];
            for code in 0..9u32.pow(k as u32) {
                let values: Vec<u32> = (0..k).map(|i| code / 9u32.pow(i as u32) % 9).collect();
                let fits = (0..k).all(|i| open[i] >> values[i] & 1 != 0);
                let differ = (0..k).all(|i| (0..i).all(|j| values[i] != values[j]));
                if fits && differ && values.iter().map(|v| v + 1).sum::<u32>() == sum {
                    for i in 0..k {
                        support[i] |= 1 << values[i];
                    }
                }
            }
            let fixed: Vec<Bits> = (11..25).map(|b| 1 << b).collect();
            let cells: Vec<u16> = (0..(k + fixed.len()) as u16).collect();
            let cage = Combos {
                sum: sum + (12..=25).sum::<u32>(),
                combos: Vec::new(),
                complement: Vec::new(),
                watched: cells.clone(),
                all: (1 << 25) - 1,
                seen: vec![vec![0]; cells.len()],
                cells,
            };
            let mut st = State::of(open.iter().chain(&fixed).copied().collect());
            let got = cage.exact(&mut st);
            if support.contains(&0) {
                assert!(got.is_err(), "{open:?} {sum}");
            } else {
                assert!(got.is_ok(), "{open:?} {sum}");
                assert_eq!(st.cells[..k], support, "{open:?} {sum}");
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked}");
    }

    #[test]
    fn an_equation_and_its_negation_are_kept_once() {
        let mut seen = HashSet::new();
        // r1c9 - r2c1 = 0 (a hidden cage), then r2c1 - r1c9 = 0 (a band's innies and
        // outies): one equation.
        assert!(first_time(&mut seen, &[8], &[9]));
        assert!(!first_time(&mut seen, &[9], &[8]));
        assert!(!first_time(&mut seen, &[8], &[9]));
        // Other cells, or one side only, are new.
        assert!(first_time(&mut seen, &[8, 10], &[9]));
        assert!(first_time(&mut seen, &[8, 9], &[]));
        // A sum of outies alone and the same cells' innies: the negation again.
        assert!(!first_time(&mut seen, &[], &[8, 9]));
    }
}
