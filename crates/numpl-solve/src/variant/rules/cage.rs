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

/// The 45 rule, as innies and outies. For a region of whole houses (one house, or several
/// rows or columns side by side), take the cages mostly inside it: the values of its cells
/// add up to N(N+1)/2 a house, those of the cages to their sums, so the region's cells no
/// cage covers (innies) and the cages' cells outside it (outies) are tied:
/// `sum(outies) - sum(innies) = sum(cages) - sum(region)`. A tie of few cells is kept as
/// an equation; with innies alone in one house, as a cage of their own (their values
/// differ), with its combinations.
pub(super) fn innies(b: &mut Builder<'_>) {
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
    let mut seen = std::collections::HashSet::new();
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
        let mut key: Vec<(u16, bool)> = innies
            .iter()
            .map(|&c| (c, true))
            .chain(outies.iter().map(|&c| (c, false)))
            .collect();
        key.sort_unstable();
        if !seen.insert(key) {
            continue;
        }
        let one_house = o == 0 && houses.iter().any(|h| innies.iter().all(|c| h.contains(c)));
        if one_house && -total > 0 {
            add_sum(b, (-total) as u32, &innies);
        } else {
            let terms = outies
                .iter()
                .map(|&c| (c, 1))
                .chain(innies.iter().map(|&c| (c, -1)))
                .collect();
            b.prop(Linear::new(terms, total));
        }
    }
}
