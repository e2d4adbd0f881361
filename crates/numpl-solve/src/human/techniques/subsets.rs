//! Intersections (locked candidates, locked pair/triple) and naked/hidden tuples.

use numpl_core::{Cell, Mask, Unit, MAX_SIZE};

use crate::human::{board::count, memo::Memo, Board, Step, Technique};

/// Locked candidates. Pointing: a value of a box confined to one line; claiming: a value
/// of a line confined to one box. With a `memo` (boards of one solve, candidates only
/// removed), a unit that gave nothing is skipped while its candidates stay the same: its
/// confined values stay confined to the same line or box, which only loses candidates.
pub(crate) fn locked_candidates(
    b: &Board,
    pointing: bool,
    mut memo: Option<&mut Memo>,
) -> Option<Step> {
    let tech = if pointing {
        Technique::LockedCandidatesPointing
    } else {
        Technique::LockedCandidatesClaiming
    };
    let n = b.n;
    let (br, bc) = (b.shape.box_rows(), b.shape.box_cols());
    let (first, last) = if pointing { (2 * n, 3 * n) } else { (0, 2 * n) };
    // Per segment (g) and per place within a segment (i): the candidates seen there.
    // Cleared per unit only as far as used (at most N/seg + 1 and seg entries).
    let mut ga = [0u64; 64];
    let mut gb = [0u64; 64];
    for u in first..last {
        if b.unit_open[u] < 2 {
            continue;
        }
        if let Some(m) = memo.as_deref_mut() {
            if m.unit_unchanged(tech, b, u) {
                continue;
            }
        }
        let unit = b.geo.unit(u);
        // Values with two or more places in `u`, and values whose places all lie in one
        // line of the box (pointing) or one box of the line (claiming): one pass over the
        // unit, all values at once. Unit cells come in reading order (a box row by row, a
        // line cell by cell), so `(g, i)` walks box rows and columns, or the line's
        // segments, without dividing.
        let seg = if pointing || u < n { bc } else { br };
        let (mut seen, mut multi) = (0u64, 0u64);
        ga[..(n / seg + 1).min(64)].fill(0);
        gb[..seg].fill(0);
        let g = n / seg;
        for (chunk, a) in unit.chunks_exact(seg).zip(ga.iter_mut()) {
            for (&c, bb) in chunk.iter().zip(gb.iter_mut()) {
                let m = b.cands[c as usize];
                multi |= seen & m;
                seen |= m;
                *a |= m;
                *bb |= m;
            }
        }
        let one_group = |g: &[u64]| {
            let (mut s, mut mu) = (0u64, 0u64);
            for &x in g {
                mu |= s & x;
                s |= x;
            }
            s & !mu
        };
        let (in_row, in_col) = if pointing {
            (one_group(&ga[..br]), one_group(&gb[..bc]))
        } else {
            (one_group(&ga[..g]), 0)
        };
        let confined = in_row | in_col;
        let groups = g;
        for v in Mask::from_bits(confined & multi & !b.unit_placed[u]) {
            let bit = 1u64 << (v - 1);
            // The line (pointing) or box (claiming) holding every place of `v` in `u`:
            // the one segment (box row, box column, or line segment) where it was seen.
            let at = |gs: &[u64]| gs.iter().position(|&x| x & bit != 0).unwrap_or(0);
            let first = b.geo.units_of(unit[0] as usize);
            let t = if pointing {
                if in_row & bit != 0 {
                    first[0] as usize + at(&ga[..br])
                } else {
                    first[1] as usize + at(&gb[..bc])
                }
            } else {
                b.geo.units_of(unit[at(&ga[..groups]) * seg] as usize)[2] as usize
            };
            // Every cell of `t` with `v` inside `u` is in the pattern.
            let kind = if pointing { 2 } else { usize::from(u >= n) };
            let in_u = |x: usize| b.geo.units_of(x)[kind] as usize == u;
            if !b.cells_with(t, v).any(|x| !in_u(x)) {
                continue;
            }
            let elims: Vec<(Cell, u8)> = b
                .cells_with(t, v)
                .filter(|&x| !in_u(x))
                .map(|x| (Cell::new(x as u16), v))
                .collect();
            let mut step = Step::new(tech);
            step.values = Mask::single(v);
            step.units = vec![Unit::new(u as u16), Unit::new(t as u16)];
            step.cells = b.cells_with(u, v).map(|c| Cell::new(c as u16)).collect();
            step.eliminations = elims;
            return Some(step);
        }
        if let Some(m) = memo.as_deref_mut() {
            m.unit_failed(tech, b, u);
        }
    }
    None
}

/// Open cells of a unit with at most `k` candidates (and at least 1), and their
/// candidates, in `cells` and `masks`; returns how many.
fn small_cells(
    b: &Board,
    u: usize,
    k: usize,
    cells: &mut [usize; MAX_SIZE],
    masks: &mut [u64; MAX_SIZE],
) -> usize {
    let mut len = 0;
    for &c in b.geo.unit(u) {
        let c = c as usize;
        if b.values[c] == 0 && count(b.cands[c]) <= k {
            cells[len] = c;
            masks[len] = b.cands[c];
            len += 1;
        }
    }
    len
}

/// Chooses `k` of `items` (masks) whose union has `k` bits; calls `found` with the chosen
/// indices and union until it returns true. Choices come in lexicographic order of their
/// indices (a choice whose partial union has more than `k` bits is not extended): a loop
/// over a stack of partial unions, with `found` inlined.
fn combine(items: &[u64], k: usize, mut found: impl FnMut(&[usize], u64) -> bool) -> bool {
    let len = items.len();
    if len < k || k == 0 {
        return false;
    }
    let mut chosen = [0usize; MAX_K];
    // unions[d]: the union of the first d chosen.
    let mut unions = [0u64; MAX_K + 1];
    let (mut depth, mut i) = (0, 0);
    loop {
        // Next choice at `depth`: item `i`, while enough items are left after it.
        if i + (k - depth) <= len {
            let u = unions[depth] | items[i];
            if count(u) <= k {
                chosen[depth] = i;
                if depth + 1 == k {
                    if count(u) == k && found(&chosen[..k], u) {
                        return true;
                    }
                } else {
                    unions[depth + 1] = u;
                    depth += 1;
                }
            }
            i += 1;
        } else if depth == 0 {
            return false;
        } else {
            depth -= 1;
            i = chosen[depth] + 1;
        }
    }
}

/// The largest tuple [`combine`] chooses: no more than the items, the cells or values of
/// a unit.
const MAX_K: usize = MAX_SIZE;

/// The line (row or column unit) all of `cells` share, if any.
fn common_line(b: &Board, cells: &[usize]) -> Option<usize> {
    let (r, c) = (b.row(cells[0]), b.col(cells[0]));
    if cells.iter().all(|&x| b.row(x) == r) {
        Some(r)
    } else if cells.iter().all(|&x| b.col(x) == c) {
        Some(b.n + c)
    } else {
        None
    }
}

/// Naked tuples of size `k`: `k` cells of a unit holding only `k` values between them.
/// With `locked`, only tuples (k = 2, 3) in a box that also share a line, eliminating from both.
pub(crate) fn naked_tuple(b: &Board, k: usize, locked: bool, memo: &mut Memo) -> Option<Step> {
    let n = b.n;
    let units = if locked { 2 * n..3 * n } else { 0..3 * n };
    let tech = Technique::NakedTuple(k as u8);
    // Filled afresh for each unit (its first `len` entries), zeroed once per call when
    // a unit is first searched (most calls skip every unit).
    let mut scratch = None;
    for u in units {
        let open = b.unit_open[u] as usize;
        if open < k || (open == k && !locked) {
            continue;
        }
        if !locked && memo.unit_unchanged(tech, b, u) {
            continue;
        }
        let (cells, masks) = scratch.get_or_insert(([0; MAX_SIZE], [0; MAX_SIZE]));
        let len = small_cells(b, u, k, cells, masks);
        let cells = &*cells;
        let mut result = None;
        combine(&masks[..len], k, |chosen, union| {
            let mut pat = [0usize; MAX_K];
            for (p, &i) in pat.iter_mut().zip(chosen) {
                *p = cells[i];
            }
            let pat = &pat[..chosen.len()];
            let mut scope = [u, 0];
            let mut scopes = 1;
            if locked {
                match common_line(b, pat) {
                    Some(line) => (scope[1], scopes) = (line, 2),
                    None => return false,
                }
            }
            let scope = &scope[..scopes];
            // Most tuples found remove nothing (they did before): the cheapest test first.
            let mut elims = Vec::new();
            for &su in scope {
                for &c in b.geo.unit(su) {
                    let c = c as usize;
                    let gone = b.cands[c] & union;
                    if gone == 0 || b.values[c] != 0 || pat.contains(&c) {
                        continue;
                    }
                    for v in Mask::from_bits(gone) {
                        if !elims.contains(&(Cell::new(c as u16), v)) {
                            elims.push((Cell::new(c as u16), v));
                        }
                    }
                }
            }
            if elims.is_empty() {
                return false;
            }
            // HoDoKu calls it locked only when it eliminates in both of its units;
            // otherwise it is a plain naked tuple, found later.
            if locked {
                let in_box = |c: Cell| b.geo.units_of(c.index())[2] as usize == u;
                let box_elims = elims.iter().filter(|&&(c, _)| in_box(c)).count();
                if box_elims == 0 || box_elims == elims.len() {
                    return false;
                }
            }
            let tech = match (locked, k) {
                (true, 2) => Technique::LockedPair,
                (true, _) => Technique::LockedTriple,
                _ => Technique::NakedTuple(k as u8),
            };
            let mut step = Step::new(tech);
            step.cells = pat.iter().map(|&c| Cell::new(c as u16)).collect();
            step.cell_candidates = pat.iter().map(|&c| Mask::from_bits(b.cands[c])).collect();
            step.units = scope.iter().map(|&x| Unit::new(x as u16)).collect();
            step.values = Mask::from_bits(union);
            step.eliminations = elims;
            result = Some(step);
            true
        });
        if result.is_some() {
            return result;
        }
        if !locked {
            memo.unit_failed(tech, b, u);
        }
    }
    None
}

/// Hidden tuples of size `k`: `k` values of a unit confined to `k` cells.
pub(crate) fn hidden_tuple(b: &Board, k: usize, memo: &mut Memo) -> Option<Step> {
    let tech = Technique::HiddenTuple(k as u8);
    // Filled afresh for each unit (`pos` every value's entry, the others their first `len`
    // entries), zeroed once per call when a unit is first searched.
    let mut scratch = None;
    for u in 0..3 * b.n {
        if (b.unit_open[u] as usize) <= k {
            continue;
        }
        if memo.unit_unchanged(tech, b, u) {
            continue;
        }
        let (pos, vals, masks) =
            scratch.get_or_insert(([0u64; MAX_SIZE], [0u8; MAX_SIZE], [0u64; MAX_SIZE]));
        let unit = b.geo.unit(u);
        b.unit_positions(u, pos);
        let missing = b.all & !b.unit_placed[u];
        let mut len = 0;
        for v in Mask::from_bits(missing) {
            let p = pos[v as usize - 1];
            if p != 0 && count(p) <= k {
                (vals[len], masks[len]) = (v, p);
                len += 1;
            }
        }
        let vals = &*vals;
        let mut result = None;
        combine(&masks[..len], k, |chosen, union| {
            let vm: u64 = chosen
                .iter()
                .map(|&i| 1u64 << (vals[i] - 1))
                .fold(0, |a, x| a | x);
            let pat = || {
                Mask::from_bits(union)
                    .into_iter()
                    .map(|i| unit[i as usize - 1] as usize)
            };
            let mut elims = Vec::new();
            for c in pat() {
                for v in Mask::from_bits(b.cands[c] & !vm) {
                    elims.push((Cell::new(c as u16), v));
                }
            }
            if elims.is_empty() {
                return false;
            }
            let pat: Vec<usize> = pat().collect();
            let mut step = Step::new(Technique::HiddenTuple(k as u8));
            step.cells = pat.iter().map(|&c| Cell::new(c as u16)).collect();
            step.cell_candidates = pat.iter().map(|&c| Mask::from_bits(b.cands[c])).collect();
            step.units = vec![Unit::new(u as u16)];
            step.values = Mask::from_bits(vm);
            step.eliminations = elims;
            result = Some(step);
            true
        });
        if result.is_some() {
            return result;
        }
        memo.unit_failed(tech, b, u);
    }
    None
}

#[cfg(test)]
mod tests;
