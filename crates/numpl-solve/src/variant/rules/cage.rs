//! Killer cages: the cells differ and add up to the sum. Besides the bounds of the sum,
//! the cage keeps the digit sets (combinations) of its size and sum that its candidates
//! can still place, so "17 in two cells is 8 and 9" follows at once. The 45 rule: in a
//! house whose other cells are covered by cages inside it, the cells left add up to the
//! house's total less the cages' sums, a cage of their own ([`innies`]).

use super::sum::Linear;
use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// Combinations listed per cage at most; a cage with more (big grids) keeps the bounds.
const MAX_COMBOS: usize = 5000;

pub(super) fn compile(b: &mut Builder<'_>, sum: Option<u32>, cells: &[u16]) {
    b.distinct(cells);
    if let Some(sum) = sum {
        b.cages.push((sum, cells.to_vec()));
        add_sum(b, sum, cells);
    }
}

fn add_sum(b: &mut Builder<'_>, sum: u32, cells: &[u16]) {
    b.prop(Linear::new(
        cells.iter().map(|&c| (c, 1)).collect(),
        sum as i64,
    ));
    let combos = combinations(b.n, cells.len(), sum);
    if combos.len() <= MAX_COMBOS {
        b.prop(Combos {
            cells: cells.to_vec(),
            combos,
        });
    }
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

struct Combos {
    cells: Vec<u16>,
    combos: Vec<Bits>,
}

impl Prop for Combos {
    fn watches(&self) -> &[u16] {
        &self.cells
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
        let (mut allowed, mut must) = (0, !0);
        for &combo in &self.combos {
            if combo & !union != 0 || fixed & !combo != 0 {
                continue;
            }
            if self.cells.iter().any(|&c| st.get(c) & combo == 0) {
                continue;
            }
            allowed |= combo;
            must &= combo;
        }
        if allowed == 0 {
            return Err(Contradiction);
        }
        for &c in &self.cells {
            st.restrict(c, allowed)?;
        }
        // A value every combination needs, with one place left in the cage, goes there.
        let mut need = must & !fixed;
        while need != 0 {
            let v = need & need.wrapping_neg();
            need &= need - 1;
            let mut places = self.cells.iter().filter(|&&c| st.get(c) & v != 0);
            match (places.next(), places.next()) {
                (None, _) => return Err(Contradiction),
                (Some(&c), None) => st.restrict(c, v)?,
                _ => {}
            }
        }
        Ok(())
    }
}

/// The 45 rule: for each house, the cages with sums lying wholly inside it; when they
/// leave some cells uncovered, those cells add up to the rest (and differ, being in one
/// house), so they become a cage of their own.
pub(super) fn innies(b: &mut Builder<'_>) {
    let n = b.n;
    let total = (n * (n + 1) / 2) as u32;
    let houses = b.houses_snapshot();
    let mut added = Vec::new();
    for h in houses {
        let inside: Vec<&(u32, Vec<u16>)> = b
            .cages
            .iter()
            .filter(|(_, cells)| cells.iter().all(|c| h.contains(c)))
            .collect();
        if inside.is_empty() {
            continue;
        }
        let covered: Vec<u16> = inside.iter().flat_map(|(_, c)| c.iter().copied()).collect();
        // Overlapping cages break the count: leave such a house alone.
        let mut sorted = covered.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != covered.len() {
            continue;
        }
        let rest: Vec<u16> = h.iter().copied().filter(|c| !covered.contains(c)).collect();
        let used: u32 = inside.iter().map(|(s, _)| s).sum();
        if rest.is_empty() || used > total {
            continue;
        }
        added.push((total - used, rest));
    }
    for (sum, cells) in added {
        add_sum(b, sum, &cells);
    }
}
