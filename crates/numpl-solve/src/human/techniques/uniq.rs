//! Uniqueness techniques, sound only when the puzzle has exactly one solution: unique
//! rectangles types 1 to 4 and BUG+1.

use numpl_core::{Cell, Mask, Unit};

use crate::human::step::Variant;
use crate::human::{board::count, Board, Step, Technique};

fn ur_step(variant: u8, ab: u64, cells: [usize; 4], b: &Board) -> Step {
    let mut step = Step::new(Technique::UniqueRectangle);
    step.variant = Variant::Type(variant);
    step.values = Mask::from_bits(ab);
    step.cells = cells.iter().map(|&c| Cell::new(c as u16)).collect();
    step.cell_candidates = cells.iter().map(|&c| Mask::from_bits(b.cands[c])).collect();
    step
}

/// Whether the four cells of a rectangle lie in exactly two boxes.
fn two_boxes(b: &Board, cells: [usize; 4]) -> bool {
    let bx = cells.map(|c| b.boxi(c));
    let mut distinct = 0;
    for i in 0..4 {
        if !bx[..i].contains(&bx[i]) {
            distinct += 1;
        }
    }
    distinct == 2
}

/// Units both cells belong to.
fn shared_units(b: &Board, x: usize, y: usize) -> Vec<usize> {
    let ux = b.geo.units_of(x);
    let uy = b.geo.units_of(y);
    ux.iter()
        .filter(|u| uy.contains(u))
        .map(|&u| u as usize)
        .collect()
}

/// Unique rectangles, types 1 to 4. Rectangles are tried rows first, then columns, in
/// increasing order; for a pair of rows only columns whose two cells share two or more
/// values are tried (a rectangle's four cells share two values, and a filled cell holds
/// none), which skips only rectangles the test below would pass over.
pub(crate) fn unique_rectangle(b: &Board) -> Option<Step> {
    let n = b.n;
    for r1 in 0..n {
        let row1 = &b.cands[r1 * n..][..n];
        for r2 in r1 + 1..n {
            let row2 = &b.cands[r2 * n..][..n];
            let mut pairs = 0u64;
            for (c, (&x, &y)) in row1.iter().zip(row2).enumerate() {
                let m = x & y;
                if m & m.wrapping_sub(1) != 0 {
                    pairs |= 1 << c;
                }
            }
            let mut m1 = pairs;
            while m1 != 0 {
                let c1 = m1.trailing_zeros() as usize;
                m1 &= m1 - 1;
                let mut m2 = m1;
                while m2 != 0 {
                    let c2 = m2.trailing_zeros() as usize;
                    m2 &= m2 - 1;
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if let Some(step) = rectangle(b, cells) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The first unique rectangle on the rectangle `cells` (corners in reading order), if
/// its cells are open, lie in two boxes, share two values or more, and some corner holds
/// only two of them (every type needs a corner holding only {a,b}, see `ur_types`).
#[inline]
fn rectangle(b: &Board, cells: [usize; 4]) -> Option<Step> {
    if cells.iter().any(|&c| b.values[c] != 0) {
        return None;
    }
    let common = cells.iter().fold(b.all, |m, &c| m & b.cands[c]);
    if common & common.wrapping_sub(1) == 0 {
        // Fewer than two values in common.
        return None;
    }
    let corners = cells.map(|c| b.cands[c]);
    if corners.iter().all(|&m| count(m) != 2) || !two_boxes(b, cells) {
        return None;
    }
    for a in Mask::from_bits(common) {
        for bv in Mask::from_bits(common) {
            if bv <= a {
                continue;
            }
            let ab = (1u64 << (a - 1)) | (1u64 << (bv - 1));
            if !corners.contains(&ab) {
                continue;
            }
            if let Some(s) = ur_types(b, cells, ab, a, bv) {
                return Some(s);
            }
        }
    }
    None
}

fn ur_types(b: &Board, cells: [usize; 4], ab: u64, a: u8, bv: u8) -> Option<Step> {
    // The cells holding only {a,b} (`exact`) and the others (`roof`), in rectangle order.
    let (mut exact, mut roof) = ([0usize; 4], [0usize; 4]);
    let (mut ne, mut nr) = (0, 0);
    for c in cells {
        if b.cands[c] == ab {
            exact[ne] = c;
            ne += 1;
        } else {
            roof[nr] = c;
            nr += 1;
        }
    }
    // Every type below has one to three of them.
    let (exact, roof) = (&exact[..ne], &roof[..nr]);
    // Type 1: three cells hold only {a,b}: the fourth cannot be a or b.
    if exact.len() == 3 {
        let t = roof[0];
        let mut step = ur_step(1, ab, cells, b);
        step.extra = vec![Cell::new(t as u16)];
        step.eliminations = vec![(Cell::new(t as u16), a), (Cell::new(t as u16), bv)];
        return Some(step);
    }
    // Type 5: one cell holds only {a,b} and the other three have the same one extra c.
    if exact.len() == 1 {
        let c = b.cands[roof[0]] & !ab;
        if count(c) == 1 && roof.iter().all(|&r| b.cands[r] & !ab == c) {
            let cv = c.trailing_zeros() as u8 + 1;
            let targets = b.seeing_all(roof, cv);
            if !targets.is_empty() {
                let mut step = ur_step(5, ab, cells, b);
                step.extra = roof.iter().map(|&r| Cell::new(r as u16)).collect();
                step.eliminations = targets
                    .into_iter()
                    .map(|t| (Cell::new(t as u16), cv))
                    .collect();
                return Some(step);
            }
        }
    }
    if exact.len() != 2 {
        return None;
    }
    let (x, y) = (roof[0], roof[1]);
    // Type 6: the {a,b} cells are diagonal and a (or b) lives only in the rectangle in
    // both of its rows (or both columns): the roof cells cannot be that value.
    if !b.sees(exact[0], exact[1]) {
        let (r1, r2) = (b.row(x), b.row(y));
        let (c1, c2) = (b.col(x), b.col(y));
        for u in [a, bv] {
            let rows_only = [r1, r2]
                .iter()
                .all(|&r| b.cells_with(r, u).all(|c| cells.contains(&c)));
            let cols_only = [c1, c2]
                .iter()
                .all(|&c| b.cells_with(b.n + c, u).all(|x| cells.contains(&x)));
            if rows_only || cols_only {
                let mut step = ur_step(6, ab, cells, b);
                step.extra = vec![Cell::new(x as u16), Cell::new(y as u16)];
                step.eliminations = vec![(Cell::new(x as u16), u), (Cell::new(y as u16), u)];
                return Some(step);
            }
        }
    }
    let (ex, ey) = (b.cands[x] & !ab, b.cands[y] & !ab);
    // Type 2: both roof cells have the same one extra value c: one of them is c.
    if ex == ey && count(ex) == 1 {
        let c = ex.trailing_zeros() as u8 + 1;
        let targets = b.seeing_all(&[x, y], c);
        if !targets.is_empty() {
            let mut step = ur_step(2, ab, cells, b);
            step.extra = vec![Cell::new(x as u16), Cell::new(y as u16)];
            step.eliminations = targets
                .into_iter()
                .map(|t| (Cell::new(t as u16), c))
                .collect();
            return Some(step);
        }
    }
    let shared = shared_units(b, x, y);
    // Type 4: in a unit of both roof cells, a (or b) lives only in the roof: the other goes.
    for &u in &shared {
        for (keep, drop) in [(a, bv), (bv, a)] {
            let only_roof = b.cells_with(u, keep).all(|c| c == x || c == y);
            if only_roof {
                let mut step = ur_step(4, ab, cells, b);
                step.extra = vec![Cell::new(x as u16), Cell::new(y as u16)];
                step.units = vec![Unit::new(u as u16)];
                step.eliminations = vec![(Cell::new(x as u16), drop), (Cell::new(y as u16), drop)];
                return Some(step);
            }
        }
    }
    // Type 3: the roof's extras act as one cell; with k other cells of a shared unit they
    // form a naked (k+1)-tuple.
    let extras = ex | ey;
    for &u in &shared {
        let others: Vec<usize> = b
            .geo
            .unit(u)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != x && c != y && b.values[c] == 0)
            .collect();
        let cand: Vec<usize> = others
            .iter()
            .copied()
            .filter(|&c| b.cands[c] & !extras != 0 || b.cands[c] & extras != 0)
            .filter(|&c| count(b.cands[c] | extras) <= 4)
            .collect();
        for k in 1..=3usize {
            if let Some(step) = type3(b, cells, ab, &others, &cand, extras, k, u, x, y) {
                return Some(step);
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn type3(
    b: &Board,
    cells: [usize; 4],
    ab: u64,
    others: &[usize],
    cand: &[usize],
    extras: u64,
    k: usize,
    u: usize,
    x: usize,
    y: usize,
) -> Option<Step> {
    fn rec(
        cand: &[usize],
        b: &Board,
        k: usize,
        start: usize,
        union: u64,
        chosen: &mut Vec<usize>,
        out: &mut Option<(Vec<usize>, u64)>,
    ) {
        if out.is_some() {
            return;
        }
        if chosen.len() == k {
            if count(union) == k + 1 {
                *out = Some((chosen.clone(), union));
            }
            return;
        }
        for i in start..cand.len() {
            let m = union | b.cands[cand[i]];
            if count(m) > k + 1 {
                continue;
            }
            chosen.push(cand[i]);
            rec(cand, b, k, i + 1, m, chosen, out);
            chosen.pop();
            if out.is_some() {
                return;
            }
        }
    }
    let mut out = None;
    rec(cand, b, k, 0, extras, &mut Vec::new(), &mut out);
    let (set, union) = out?;
    let mut elims = Vec::new();
    for &c in others {
        if set.contains(&c) {
            continue;
        }
        for v in Mask::from_bits(b.cands[c] & union) {
            elims.push((Cell::new(c as u16), v));
        }
    }
    if elims.is_empty() {
        return None;
    }
    let mut step = ur_step(3, ab, cells, b);
    step.extra = vec![Cell::new(x as u16), Cell::new(y as u16)];
    step.extra.extend(set.iter().map(|&c| Cell::new(c as u16)));
    step.units = vec![Unit::new(u as u16)];
    step.eliminations = elims;
    Some(step)
}

/// BUG+1: every open cell is bivalue except one with three candidates, and every value
/// appears twice in each unit except one value three times around that cell: it is true.
pub(crate) fn bug_plus_one(b: &Board) -> Option<Step> {
    let mut tri = None;
    for c in 0..b.cands.len() {
        if b.values[c] != 0 {
            continue;
        }
        match count(b.cands[c]) {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    let t = tri?;
    let units = b.geo.units_of(t);
    let mut value = None;
    for v in Mask::from_bits(b.cands[t]) {
        if b.cells_with(units[0] as usize, v).count() == 3 {
            value = Some(v);
        }
    }
    let x = value?;
    for u in 0..3 * b.n {
        for v in Mask::from_bits(b.all & !b.unit_placed[u]) {
            let count = b.cells_with(u, v).count();
            let want = if v == x && units.contains(&(u as u16)) {
                3
            } else {
                2
            };
            if count != want {
                return None;
            }
        }
    }
    let mut step = Step::new(Technique::BugPlusOne);
    step.values = Mask::from_bits(b.cands[t]);
    step.cells = vec![Cell::new(t as u16)];
    step.cell_candidates = vec![Mask::from_bits(b.cands[t])];
    step.extra = vec![Cell::new(t as u16)];
    step.placements = vec![(Cell::new(t as u16), x)];
    Some(step)
}

/// Hidden rectangle: a rectangle (two boxes) whose four cells hold a and b, one of them
/// only {a,b}; if a lives only in the rectangle in both the row and the column of the
/// opposite corner, that corner cannot be b (it would make the deadly pattern). The
/// opposite corner is tried row by row, then column by column, only in rows where the
/// cell in e's column holds a and b and columns where the cell in e's row does (the
/// others fail the first test below).
pub(crate) fn hidden_rectangle(b: &Board) -> Option<Step> {
    let n = b.n;
    for e in 0..b.cands.len() {
        let m = b.cands[e];
        if count(m) != 2 {
            continue;
        }
        let (er, ec) = (b.row(e), b.col(e));
        let (mut rows, mut cols) = (0u64, 0u64);
        for k in 0..n {
            if b.cands[k * n + ec] & m == m {
                rows |= 1 << k;
            }
            if b.cands[er * n + k] & m == m {
                cols |= 1 << k;
            }
        }
        rows &= !(1u64 << er);
        cols &= !(1u64 << ec);
        if cols == 0 {
            continue;
        }
        let mut mr = rows;
        while mr != 0 {
            let dr = mr.trailing_zeros() as usize;
            mr &= mr - 1;
            let mut mc = cols;
            while mc != 0 {
                let dc = mc.trailing_zeros() as usize;
                mc &= mc - 1;
                if let Some(step) = hidden_rectangle_at(b, e, dr, dc) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The hidden rectangle of bivalue cell `e` with opposite corner (`dr`, `dc`), if any:
/// all four cells hold both values, in two boxes, and a value lives only in the
/// rectangle in both the corner's row and column.
fn hidden_rectangle_at(b: &Board, e: usize, dr: usize, dc: usize) -> Option<Step> {
    let (n, m) = (b.n, b.cands[e]);
    let (er, ec) = (b.row(e), b.col(e));
    let (d, f, g) = (dr * n + dc, er * n + dc, dr * n + ec);
    let cells = [e, f, g, d];
    if cells.iter().any(|&c| b.cands[c] & m != m) || !two_boxes(b, cells) {
        return None;
    }
    for a in Mask::from_bits(m) {
        let other = Mask::from_bits(m & !(1u64 << (a - 1))).first().unwrap_or(a);
        let row_ok = b.cells_with(dr, a).all(|c| c == d || c == g);
        let col_ok = b.cells_with(n + dc, a).all(|c| c == d || c == f);
        if row_ok && col_ok {
            let mut step = Step::new(Technique::HiddenRectangle);
            step.values = Mask::from_bits(m);
            step.cells = cells.iter().map(|&c| Cell::new(c as u16)).collect();
            step.cell_candidates = cells.iter().map(|&c| Mask::from_bits(b.cands[c])).collect();
            step.units = vec![Unit::new(dr as u16), Unit::new((n + dc) as u16)];
            step.eliminations = vec![(Cell::new(d as u16), other)];
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests;
