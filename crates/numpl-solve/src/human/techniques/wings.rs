//! Single-digit patterns (skyscraper, 2-string kite, empty rectangle), wings (W, XY, XYZ)
//! and remote pairs.

use numpl_core::{Cell, Mask, Unit};

use crate::human::Technique::{EmptyRectangle, Skyscraper, TurbotFish, TwoStringKite};
use crate::human::{board::count, Board, Step, Technique};

fn cells(v: &[usize]) -> Vec<Cell> {
    v.iter().map(|&c| Cell::new(c as u16)).collect()
}

/// The step of a single-digit pattern on `v`: its cells and units, and `targets` (cells
/// seeing its ends) losing `v`.
fn digit_step(t: Technique, v: u8, cs: &[usize], units: &[usize], targets: Vec<usize>) -> Step {
    let mut step = Step::new(t);
    step.values = Mask::single(v);
    step.cells = cells(cs);
    step.units = units.iter().map(|&u| Unit::new(u as u16)).collect();
    step.eliminations = elims_of(targets, v);
    step
}

fn elims_of(targets: Vec<usize>, v: u8) -> Vec<(Cell, u8)> {
    targets
        .into_iter()
        .map(|c| (Cell::new(c as u16), v))
        .collect()
}

/// The two cells of unit `u` holding `v`, if exactly two do.
pub(crate) fn conjugate(b: &Board, u: usize, v: u8) -> Option<(usize, usize)> {
    let mut it = b.cells_with(u, v);
    let a = it.next()?;
    let c = it.next()?;
    if it.next().is_some() {
        None
    } else {
        Some((a, c))
    }
}

/// Skyscraper on value `v`: two parallel conjugate pairs with one end in a common line.
pub(crate) fn skyscraper(b: &Board, v: u8) -> Option<Step> {
    let n = b.n;
    for lines in [0..n, n..2 * n] {
        let pairs: Vec<(usize, usize, usize)> = lines
            .clone()
            .filter_map(|u| conjugate(b, u, v).map(|(x, y)| (u, x, y)))
            .collect();
        // cross coordinate: for row pairs, the column; for column pairs, the row.
        let cross = |c: usize| if lines.start == 0 { b.col(c) } else { b.row(c) };
        for i in 0..pairs.len() {
            for j in i + 1..pairs.len() {
                let (u1, a1, b1) = pairs[i];
                let (u2, a2, b2) = pairs[j];
                for (base1, end1) in [(a1, b1), (b1, a1)] {
                    for (base2, end2) in [(a2, b2), (b2, a2)] {
                        if cross(base1) != cross(base2) || cross(end1) == cross(end2) {
                            continue;
                        }
                        let targets = b.seeing_all(&[end1, end2], v);
                        if targets.is_empty() {
                            continue;
                        }
                        let cs = [base1, end1, base2, end2];
                        return Some(digit_step(Skyscraper, v, &cs, &[u1, u2], targets));
                    }
                }
            }
        }
    }
    None
}

/// 2-String Kite on value `v`: a row pair and a column pair with one end each in the same box.
pub(crate) fn two_string_kite(b: &Board, v: u8) -> Option<Step> {
    let n = b.n;
    let rows: Vec<(usize, usize, usize)> = (0..n)
        .filter_map(|u| conjugate(b, u, v).map(|(x, y)| (u, x, y)))
        .collect();
    let colp: Vec<(usize, usize, usize)> = (n..2 * n)
        .filter_map(|u| conjugate(b, u, v).map(|(x, y)| (u, x, y)))
        .collect();
    for &(ru, r1, r2) in &rows {
        for &(cu, c1, c2) in &colp {
            if [r1, r2].contains(&c1) || [r1, r2].contains(&c2) {
                continue;
            }
            for (rin, rout) in [(r1, r2), (r2, r1)] {
                for (cin, cout) in [(c1, c2), (c2, c1)] {
                    let bx = b.boxi(rin);
                    if b.boxi(cin) != bx || b.boxi(rout) == bx || b.boxi(cout) == bx {
                        continue;
                    }
                    let targets = b.seeing_all(&[rout, cout], v);
                    if targets.is_empty() {
                        continue;
                    }
                    let (cs, us) = ([rout, rin, cin, cout], [ru, cu, 2 * n + bx]);
                    return Some(digit_step(TwoStringKite, v, &cs, &us, targets));
                }
            }
        }
    }
    None
}

/// Empty rectangle on value `v`: a box whose candidates lie on one row and one column of it,
/// and a conjugate pair with one end on that row (or column).
pub(crate) fn empty_rectangle(b: &Board, v: u8) -> Option<Step> {
    let n = b.n;
    let (br, bc) = (b.shape.box_rows(), b.shape.box_cols());
    for bx in 0..n {
        let bu = 2 * n + bx;
        let inbox: Vec<usize> = b.cells_with(bu, v).collect();
        if inbox.len() < 2 {
            continue;
        }
        let band = b.row(b.geo.unit(bu)[0] as usize);
        let stack = b.col(b.geo.unit(bu)[0] as usize);
        for er in band..band + br {
            for ec in stack..stack + bc {
                if !inbox.iter().all(|&c| b.row(c) == er || b.col(c) == ec) {
                    continue;
                }
                if inbox.iter().all(|&c| b.row(c) == er) || inbox.iter().all(|&c| b.col(c) == ec) {
                    continue;
                }
                // Conjugate pairs in columns outside the stack, one end on row er.
                for col in (0..n).filter(|&c| c < stack || c >= stack + bc) {
                    let Some((p, q)) = conjugate(b, n + col, v) else {
                        continue;
                    };
                    for (near, far) in [(p, q), (q, p)] {
                        if b.row(near) != er {
                            continue;
                        }
                        let fr = b.row(far);
                        if fr >= band && fr < band + br {
                            continue;
                        }
                        let t = fr * n + ec;
                        if b.has(t, v) {
                            return Some(er_step(b, v, bx, &inbox, near, far, n + col, t));
                        }
                    }
                }
                // Conjugate pairs in rows outside the band, one end on column ec.
                for row in (0..n).filter(|&r| r < band || r >= band + br) {
                    let Some((p, q)) = conjugate(b, row, v) else {
                        continue;
                    };
                    for (near, far) in [(p, q), (q, p)] {
                        if b.col(near) != ec {
                            continue;
                        }
                        let fc = b.col(far);
                        if fc >= stack && fc < stack + bc {
                            continue;
                        }
                        let t = er * n + fc;
                        if b.has(t, v) {
                            return Some(er_step(b, v, bx, &inbox, near, far, row, t));
                        }
                    }
                }
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn er_step(
    b: &Board,
    v: u8,
    bx: usize,
    inbox: &[usize],
    near: usize,
    far: usize,
    u: usize,
    t: usize,
) -> Step {
    let mut cs = inbox.to_vec();
    cs.push(near);
    cs.push(far);
    digit_step(EmptyRectangle, v, &cs, &[2 * b.n + bx, u], vec![t])
}

fn bivalue(b: &Board) -> Vec<usize> {
    (0..b.cands.len())
        .filter(|&c| count(b.cands[c]) == 2)
        .collect()
}

/// W-Wing: two cells {x,y} that do not see each other, and a strong link on x whose ends
/// see one cell each: y goes from the cells that see both.
///
/// The strong links on each value (its conjugate pairs, units in order) are listed once,
/// the first time a pair of cells needs them, instead of every unit being read for every
/// pair.
pub(crate) fn w_wing(b: &Board) -> Option<Step> {
    let bv = bivalue(b);
    // Per value (v - 1): its conjugate pairs (unit, cells), once listed.
    let mut links: Vec<Option<Vec<(usize, usize, usize)>>> = vec![None; b.n];
    for i in 0..bv.len() {
        for j in i + 1..bv.len() {
            let (a, c) = (bv[i], bv[j]);
            let m = b.cands[a];
            if b.cands[c] != m || b.sees(a, c) {
                continue;
            }
            for x in Mask::from_bits(m) {
                let y = Mask::from_bits(m & !(1u64 << (x - 1))).first().unwrap_or(x);
                let targets = b.seeing_all(&[a, c], y);
                if targets.is_empty() {
                    continue;
                }
                let pairs = links[x as usize - 1].get_or_insert_with(|| {
                    (0..3 * b.n)
                        .filter_map(|u| conjugate(b, u, x).map(|(p, q)| (u, p, q)))
                        .collect()
                });
                for &(u, p, q) in pairs.iter() {
                    if [p, q].contains(&a) || [p, q].contains(&c) {
                        continue;
                    }
                    let ends = if b.sees(p, a) && b.sees(q, c) {
                        (p, q)
                    } else if b.sees(q, a) && b.sees(p, c) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let mut step = Step::new(Technique::WWing);
                    step.values = Mask::from_bits(m);
                    step.cells = cells(&[a, c, ends.0, ends.1]);
                    step.cell_candidates = vec![Mask::from_bits(m), Mask::from_bits(m)];
                    step.units = vec![Unit::new(u as u16)];
                    step.eliminations = elims_of(targets, y);
                    return Some(step);
                }
            }
        }
    }
    None
}

/// XY-Wing: pivot {x,y}, pincers {x,z} and {y,z} seeing the pivot: z goes from the cells
/// that see both pincers.
pub(crate) fn xy_wing(b: &Board) -> Option<Step> {
    let bv = bivalue(b);
    for &p in &bv {
        let pm = b.cands[p];
        let wings: Vec<usize> = bv
            .iter()
            .copied()
            .filter(|&w| b.sees(p, w) && count(b.cands[w] & pm) == 1)
            .collect();
        for i in 0..wings.len() {
            for j in i + 1..wings.len() {
                let (w1, w2) = (wings[i], wings[j]);
                let (m1, m2) = (b.cands[w1], b.cands[w2]);
                let z = m1 & m2 & !pm;
                if count(z) != 1 || (m1 & pm) == (m2 & pm) {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let targets = b.seeing_all(&[w1, w2], zv);
                if targets.is_empty() {
                    continue;
                }
                let three = [(p, pm), (w1, m1), (w2, m2)];
                return Some(wing_step(Technique::XyWing, three, targets, zv));
            }
        }
    }
    None
}

/// The step of an XY- or XYZ-Wing: the pivot and its pincers with their candidates (the
/// step's values are all of theirs), and `targets` losing `z`.
fn wing_step(t: Technique, three: [(usize, u64); 3], targets: Vec<usize>, z: u8) -> Step {
    let mut step = Step::new(t);
    step.values = Mask::from_bits(three.iter().fold(0, |a, &(_, m)| a | m));
    step.cells = three.iter().map(|&(c, _)| Cell::new(c as u16)).collect();
    step.cell_candidates = three.iter().map(|&(_, m)| Mask::from_bits(m)).collect();
    step.eliminations = elims_of(targets, z);
    step
}

/// XYZ-Wing: pivot {x,y,z}, pincers {x,z} and {y,z} seeing it: z goes from the cells that
/// see all three.
pub(crate) fn xyz_wing(b: &Board) -> Option<Step> {
    let bv = bivalue(b);
    for p in 0..b.cands.len() {
        let pm = b.cands[p];
        if count(pm) != 3 {
            continue;
        }
        let wings: Vec<usize> = bv
            .iter()
            .copied()
            .filter(|&w| b.sees(p, w) && b.cands[w] & !pm == 0)
            .collect();
        for i in 0..wings.len() {
            for j in i + 1..wings.len() {
                let (w1, w2) = (wings[i], wings[j]);
                let (m1, m2) = (b.cands[w1], b.cands[w2]);
                let z = m1 & m2;
                if count(z) != 1 || (m1 | m2) != pm {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let targets = b.seeing_all(&[p, w1, w2], zv);
                if targets.is_empty() {
                    continue;
                }
                let three = [(p, pm), (w1, m1), (w2, m2)];
                return Some(wing_step(Technique::XyzWing, three, targets, zv));
            }
        }
    }
    None
}

/// Remote pair: a chain of at least four bivalue cells with the same two values, each seeing
/// the next; a cell seeing two chain cells an odd number (3 or more) of links apart loses both.
pub(crate) fn remote_pair(b: &Board) -> Option<Step> {
    let bv = bivalue(b);
    let mut done = vec![false; bv.len()];
    for s in 0..bv.len() {
        if done[s] {
            continue;
        }
        let m = b.cands[bv[s]];
        // The component of same-pair cells reachable from bv[s].
        let group: Vec<usize> = bv.iter().copied().filter(|&c| b.cands[c] == m).collect();
        for (k, &c) in bv.iter().enumerate() {
            if b.cands[c] == m {
                done[k] = true;
            }
        }
        if group.len() < 4 {
            continue;
        }
        let g = group.len();
        // All-pairs distances by BFS (groups are small), with parents for the path.
        for a in 0..g {
            let mut dist = vec![usize::MAX; g];
            let mut parent = vec![usize::MAX; g];
            dist[a] = 0;
            let mut queue = vec![a];
            let mut head = 0;
            while head < queue.len() {
                let x = queue[head];
                head += 1;
                for y in 0..g {
                    if dist[y] == usize::MAX && b.sees(group[x], group[y]) {
                        dist[y] = dist[x] + 1;
                        parent[y] = x;
                        queue.push(y);
                    }
                }
            }
            for z in 0..g {
                if dist[z] == usize::MAX || dist[z] < 3 || dist[z] % 2 == 0 {
                    continue;
                }
                let mut elims = Vec::new();
                for v in Mask::from_bits(m) {
                    for t in b.seeing_all(&[group[a], group[z]], v) {
                        elims.push((Cell::new(t as u16), v));
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                let mut path = vec![z];
                while *path.last().unwrap_or(&a) != a {
                    let last = *path.last().unwrap_or(&a);
                    path.push(parent[last]);
                }
                path.reverse();
                let mut step = Step::new(Technique::RemotePair);
                step.values = Mask::from_bits(m);
                step.cells = path.iter().map(|&i| Cell::new(group[i] as u16)).collect();
                step.cell_candidates = vec![Mask::from_bits(m); path.len()];
                step.eliminations = elims;
                return Some(step);
            }
        }
    }
    None
}

/// Turbot fish: two conjugate pairs on one value (in any units, at least one a box, as
/// rows-only and row-column forms are skyscrapers and kites) joined by a weak link:
/// one of the outer ends is true.
pub(crate) fn turbot_fish(b: &Board, v: u8) -> Option<Step> {
    let n = b.n;
    let pairs: Vec<(usize, usize, usize)> = (0..3 * n)
        .filter_map(|u| conjugate(b, u, v).map(|(x, y)| (u, x, y)))
        .collect();
    for i in 0..pairs.len() {
        for j in 0..pairs.len() {
            let ((u1, a1, b1), (u2, a2, b2)) = (pairs[i], pairs[j]);
            if i == j || (u1 < 2 * n && u2 < 2 * n) {
                continue;
            }
            for (a, bb) in [(a1, b1), (b1, a1)] {
                for (c, d) in [(a2, b2), (b2, a2)] {
                    let distinct = a != c && a != d && bb != c && bb != d;
                    if !distinct || !b.sees(bb, c) {
                        continue;
                    }
                    let targets = b.seeing_all(&[a, d], v);
                    if targets.is_empty() {
                        continue;
                    }
                    let cs = [a, bb, c, d];
                    return Some(digit_step(TurbotFish, v, &cs, &[u1, u2], targets));
                }
            }
        }
    }
    None
}
