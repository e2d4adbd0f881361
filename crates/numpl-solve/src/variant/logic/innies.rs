//! Innies and outies, the 45 rule: the values of a house add up to N(N+1)/2 (45 on 9x9),
//! of two neighbouring boxes or a band of two or three rows or columns to twice or three
//! times that. The cages
//! wholly inside the region account for their sums, so the region's cells they leave
//! (innies) add up to the rest; when the region is covered by its cages and cages that
//! stick out of it, the cells sticking out (outies) add up to what those cages' sums
//! exceed the region's total by. One cell is placed; two to four keep the values of the
//! ways their candidates reach the sum (cells that see each other differ).

use numpl_core::Cell;

use super::{names, Board, Logic, VariantStep, VariantTechnique};
use crate::variant::engine::Bits;

/// Cells an innie or outie sum may have to be a step.
const MAX_CELLS: usize = 4;

/// For each of `cells`, the values some assignment (candidates `masks`, cells that see
/// each other different) reaching `target` gives it: the cells' values add up to it, the
/// first `minus` of them counted negative (innies against outies).
fn support(l: &Logic<'_>, cells: &[u16], minus: usize, masks: &[Bits], target: i64) -> Vec<Bits> {
    #[allow(clippy::too_many_arguments)]
    fn go(
        l: &Logic<'_>,
        cells: &[u16],
        minus: usize,
        masks: &[Bits],
        i: usize,
        left: i64,
        pick: &mut Vec<u8>,
        out: &mut [Bits],
    ) -> bool {
        if i == cells.len() {
            if left != 0 {
                return false;
            }
            for (o, &v) in out.iter_mut().zip(pick.iter()) {
                *o |= 1 << (v - 1);
            }
            return true;
        }
        let mut any = false;
        let mut bits = masks[i];
        while bits != 0 {
            let v = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            if (0..i).any(|j| pick[j] == v && l.sees(cells[j], cells[i])) {
                continue;
            }
            let term = if i < minus { -(v as i64) } else { v as i64 };
            pick.push(v);
            any |= go(l, cells, minus, masks, i + 1, left - term, pick, out);
            pick.pop();
        }
        any
    }
    let mut out = vec![0; cells.len()];
    go(l, cells, minus, masks, 0, target, &mut Vec::new(), &mut out);
    out
}

/// The regions the rule looks at: every house, two boxes side by side (when boxes count),
/// then bands of two and three rows and columns, with their names.
fn regions(l: &Logic<'_>) -> Vec<(String, Vec<u16>)> {
    let n = l.n;
    let mut out: Vec<(String, Vec<u16>)> = l
        .houses()
        .filter(|h| h.cells.len() == n && h.sum.is_none())
        .map(|h| (h.name.clone(), h.cells.clone()))
        .collect();
    if l.variant.boxes() {
        let (br, bc) = (l.shape.box_rows(), l.shape.box_cols());
        let (down, across) = (n / br, n / bc);
        let geo = l.shape.geometry();
        let cells = |b: usize| geo.unit(2 * n + b).to_vec();
        for b in 0..n {
            let (r, c) = (b / across, b % across);
            if c + 1 < across {
                out.push((
                    format!("boxes {} and {}", b + 1, b + 2),
                    [cells(b), cells(b + 1)].concat(),
                ));
            }
            if r + 1 < down {
                let d = b + across;
                out.push((
                    format!("boxes {} and {}", b + 1, d + 1),
                    [cells(b), cells(d)].concat(),
                ));
            }
        }
    }
    for width in 2..=3.min(n - 1) {
        for first in 0..=n - width {
            let rows = (first * n..(first + width) * n).map(|c| c as u16).collect();
            let cols = (0..n)
                .flat_map(|r| (first..first + width).map(move |c| (r * n + c) as u16))
                .collect();
            let span = format!("{}-{}", first + 1, first + width);
            out.push((format!("rows {span}"), rows));
            out.push((format!("columns {span}"), cols));
        }
    }
    out
}

/// A tie the 45 rule makes, from the rules alone: the cells' values, the first `minus` of
/// them counted negative, add up to `target`; `why` says which region and cages.
pub(super) struct Equation {
    cells: Vec<u16>,
    minus: usize,
    target: i64,
    why: String,
}

/// Every region's innie, outie and mixed equations, in the order the steps are looked
/// for (made once when the rules are read: they do not depend on the candidates).
pub(super) fn equations(l: &Logic<'_>) -> Vec<Equation> {
    let mut out = Vec::new();
    let n = l.n;
    let cells_n = n * n;
    // Cages with a sum that overlap no other cage.
    let mut owner = vec![usize::MAX; cells_n];
    let mut clash = vec![false; l.groups.len()];
    for (k, g) in l.groups.iter().enumerate().filter(|(_, g)| g.sum.is_some()) {
        for &c in &g.cells {
            if owner[c as usize] != usize::MAX {
                clash[k] = true;
                clash[owner[c as usize]] = true;
            }
            owner[c as usize] = k;
        }
    }
    let cages: Vec<(u32, &[u16])> = l
        .groups
        .iter()
        .enumerate()
        .filter_map(|(k, g)| Some((g.sum?, g.cells.as_slice())).filter(|_| !clash[k]))
        .collect();
    if cages.is_empty() {
        return out;
    }
    // A house's total in the puzzle's values (from 0: N less); the cages' sums are too.
    let off = 1 - l.variant.first_value() as i64;
    let per_house = (n * (n + 1) / 2) as i64 - off * n as i64;
    for (name, region) in regions(l) {
        let mut inside = vec![false; cells_n];
        for &c in &region {
            inside[c as usize] = true;
        }
        let total = per_house * (region.len() / n) as i64;
        let (mut sum_in, mut sum_part) = (0i64, 0i64);
        let mut covered = vec![false; cells_n];
        let mut whole = vec![false; cells_n];
        let mut outies = Vec::new();
        for &(sum, cells) in &cages {
            let within = cells.iter().filter(|&&c| inside[c as usize]).count();
            if within == 0 {
                continue;
            }
            for &c in cells {
                if inside[c as usize] {
                    covered[c as usize] = true;
                } else {
                    outies.push(c);
                }
            }
            if within == cells.len() {
                sum_in += sum as i64;
                for &c in cells {
                    whole[c as usize] = true;
                }
            } else {
                sum_part += sum as i64;
            }
        }
        let innies: Vec<u16> = region
            .iter()
            .copied()
            .filter(|&c| !whole[c as usize])
            .collect();
        if (1..=MAX_CELLS).contains(&innies.len()) {
            let why = format!(
                "45 rule on {name}: its cells outside the cages inside it, {}, add up to {total} - {sum_in} = {}",
                names(l.shape, &innies),
                total - sum_in
            );
            push(off, &mut out, innies, 0, total - sum_in, why);
        }
        if region.iter().all(|&c| covered[c as usize]) && (1..=MAX_CELLS).contains(&outies.len()) {
            outies.sort_unstable();
            let cages_sum = sum_in + sum_part;
            let why = format!(
                "45 rule on {name}: the cells of its cages outside it, {}, add up to {cages_sum} - {total} = {}",
                names(l.shape, &outies),
                cages_sum - total
            );
            push(off, &mut out, outies, 0, cages_sum - total, why);
        }
        // Cages mostly inside: their cells outside (outies) less the region's cells
        // they leave (innies) make their sums less the region's total.
        let mut used = 0i64;
        let mut held = vec![false; cells_n];
        let mut out_cells = Vec::new();
        for &(sum, cells) in &cages {
            let within = cells.iter().filter(|&&c| inside[c as usize]).count();
            if within * 2 > cells.len() {
                used += sum as i64;
                for &c in cells {
                    if inside[c as usize] {
                        held[c as usize] = true;
                    } else {
                        out_cells.push(c);
                    }
                }
            }
        }
        let ins: Vec<u16> = region
            .iter()
            .copied()
            .filter(|&c| !held[c as usize])
            .collect();
        if !ins.is_empty() && !out_cells.is_empty() && ins.len() + out_cells.len() <= MAX_CELLS {
            out_cells.sort_unstable();
            let why = format!(
                "45 rule on {name}: the cells of its cages outside it, {}, less its cells outside them, {}, make {used} - {total} = {}",
                names(l.shape, &out_cells),
                names(l.shape, &ins),
                used - total
            );
            let minus = ins.len();
            push(
                off,
                &mut out,
                [ins, out_cells].concat(),
                minus,
                used - total,
                why,
            );
        }
    }
    out
}

/// Keeps an equation that can make a step: some cells, and a positive sum when all count
/// positive. `target` is the puzzle's; kept as the grid's (values from 0: each cell's one
/// more, `off` 1).
fn push(
    off: i64,
    out: &mut Vec<Equation>,
    cells: Vec<u16>,
    minus: usize,
    target: i64,
    why: String,
) {
    let target = target + off * (cells.len() as i64 - 2 * minus as i64);
    if minus > 0 || target > 0 {
        out.push(Equation {
            cells,
            minus,
            target,
            why,
        });
    }
}

pub(super) fn find(l: &Logic<'_>, b: &Board) -> Option<VariantStep> {
    for eq in &l.equations {
        let Equation {
            cells,
            minus,
            target,
            why,
        } = eq;
        let (cells, minus, target) = (cells.as_slice(), *minus, *target);
        if cells.iter().all(|&c| !b.open(c)) {
            continue;
        }
        let masks: Vec<Bits> = cells.iter().map(|&c| b.cells[c as usize]).collect();
        let keep = support(l, cells, minus, &masks, target);
        let mut step = VariantStep::new(VariantTechnique::InniesOuties, cells, why.clone());
        if let ([c], [m]) = (cells, keep.as_slice()) {
            if m.count_ones() == 1 {
                step.placements
                    .push((Cell::new(*c), m.trailing_zeros() as u8 + 1));
                return Some(step);
            }
        }
        for (&c, (&had, &kept)) in cells.iter().zip(masks.iter().zip(&keep)) {
            if !b.open(c) {
                continue;
            }
            let mut gone = had & !kept;
            while gone != 0 {
                step.eliminations
                    .push((Cell::new(c), gone.trailing_zeros() as u8 + 1));
                gone &= gone - 1;
            }
        }
        if !step.eliminations.is_empty() {
            return Some(step);
        }
    }
    None
}
