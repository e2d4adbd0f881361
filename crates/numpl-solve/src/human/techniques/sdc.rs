//! Sue de Coq: cells of a line-box intersection with two more candidates than cells,
//! completed by cells of the line and cells of the box with disjoint candidates.

use numpl_core::{Cell, Mask, Unit};

use crate::human::memo::Memo;
use crate::human::{board::count, Board, Step, Technique};

/// A subset of a list of cells: members as bits of their indexes in the list, the union
/// of their candidates, and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sub {
    bits: u64,
    mask: u64,
    len: usize,
}

impl Sub {
    fn cells<'a>(self, cells: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
        (0..cells.len())
            .filter(move |i| self.bits >> i & 1 != 0)
            .map(|i| cells[i])
    }
}

/// The subsets of `cells` (at most 64) with 1..=`max` members, in increasing order of
/// their bits, with the union of their candidates; with `als`, only those that are almost
/// locked sets (k cells, at most k + 1 values).
///
/// Built by extending subsets one member at a time (so each union is one OR), never
/// past `max` members, and with `als` never past `max + 1` values: a subset with more
/// is in no almost locked set of at most `max` cells. So a list of many cells costs what
/// its small subsets cost, not 2^k.
fn subsets(b: &Board, cells: &[usize], max: usize, als: bool, out: &mut Vec<Sub>) {
    fn grow(
        b: &Board,
        cells: &[usize],
        max: usize,
        als: bool,
        from: Sub,
        start: usize,
        out: &mut Vec<Sub>,
    ) {
        for (i, &c) in cells.iter().enumerate().skip(start) {
            let sub = Sub {
                bits: from.bits | 1 << i,
                mask: from.mask | b.cands[c],
                len: from.len + 1,
            };
            let values = count(sub.mask);
            if als && values > max + 1 {
                continue;
            }
            if !als || values <= sub.len + 1 {
                out.push(sub);
            }
            if sub.len < max {
                grow(b, cells, max, als, sub, i + 1, out);
            }
        }
    }
    debug_assert!(cells.len() <= 64);
    out.clear();
    let empty = Sub {
        bits: 0,
        mask: 0,
        len: 0,
    };
    grow(b, cells, max, als, empty, 0, out);
    out.sort_unstable_by_key(|s| s.bits);
}

/// Sue de Coq. With C in line ∩ box (candidates V, |V| >= |C| + 2), D in the rest of the
/// line and E in the rest of the box, candidates of D and E disjoint, and as many values in
/// C ∪ D ∪ E as cells: each value is placed there once. The rest of the line loses D's
/// values and V's values not in E; the rest of the box loses E's values and V's not in D.
pub(crate) fn sue_de_coq(b: &Board, memo: &mut Memo) -> Option<Step> {
    let n = b.n;
    // At most this many boxes cross a line.
    let per_line = b.shape.box_rows().max(b.shape.box_cols());
    let keys = 2 * n * per_line;
    let mut scratch = Scratch::default();
    let (mut lc, mut boxes) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for line in 0..2 * n {
        lc.clear();
        lc.extend(b.geo.unit(line).iter().map(|&c| c as usize));
        boxes.clear();
        boxes.extend(lc.iter().map(|&c| b.boxi(c)));
        boxes.dedup();
        for (j, &bx) in boxes.iter().enumerate() {
            // The search reads only the line and the box.
            let (key, units) = (line * per_line + j, [line, 2 * n + bx]);
            if memo.units_unchanged(Technique::SueDeCoq, b, key, keys, &units) {
                continue;
            }
            if let Some(step) = at(b, line, &lc, bx, &mut scratch) {
                return Some(step);
            }
            memo.units_failed(Technique::SueDeCoq, b, key, keys, &units);
        }
    }
    None
}

/// Buffers of [`at`], kept over one search.
#[derive(Default)]
struct Scratch {
    inter: Vec<usize>,
    line_rest: Vec<usize>,
    box_rest: Vec<usize>,
    d_cells: Vec<usize>,
    e_cells: Vec<usize>,
    ds: Vec<Sub>,
    es: Vec<Sub>,
    cs_all: Vec<Sub>,
}

/// The cells of `cells` with at most four candidates in `few`, and in `subs` their
/// subsets of one to three cells that are almost locked sets (k cells, at most k+1
/// values): the candidates for D and E.
fn small(b: &Board, cells: &[usize], few: &mut Vec<usize>, subs: &mut Vec<Sub>) {
    few.clear();
    few.extend(cells.iter().copied().filter(|&c| count(b.cands[c]) <= 4));
    subsets(b, few, 3, true, subs);
}

/// Sue de Coq in the intersection of `line` (cells `lc`) and box `bx`.
fn at(b: &Board, line: usize, lc: &[usize], bx: usize, scratch: &mut Scratch) -> Option<Step> {
    let n = b.n;
    let bu = 2 * n + bx;
    let open = |c: &usize| b.values[*c] == 0;
    let Scratch {
        inter,
        line_rest,
        box_rest,
        d_cells,
        e_cells,
        ds,
        es,
        cs_all,
    } = scratch;
    inter.clear();
    inter.extend(lc.iter().copied().filter(|&c| b.boxi(c) == bx).filter(open));
    if inter.len() < 2 {
        return None;
    }
    line_rest.clear();
    line_rest.extend(lc.iter().copied().filter(|&c| b.boxi(c) != bx).filter(open));
    box_rest.clear();
    box_rest.extend(
        b.geo
            .unit(bu)
            .iter()
            .map(|&c| c as usize)
            .filter(|c| !lc.contains(c))
            .filter(open),
    );
    small(b, line_rest, d_cells, ds);
    if ds.is_empty() {
        return None;
    }
    small(b, box_rest, e_cells, es);
    if es.is_empty() {
        return None;
    }
    subsets(b, inter, inter.len(), false, cs_all);
    for &cset in cs_all.iter() {
        let (k, v) = (cset.len, cset.mask);
        if k < 2 || count(v) < k + 2 {
            continue;
        }
        for d in ds.iter() {
            let vd = d.mask;
            if vd & v == 0 {
                continue;
            }
            for e in es.iter() {
                let ve = e.mask;
                if vd & ve != 0 || ve & v == 0 {
                    continue;
                }
                let all = v | vd | ve;
                if count(all) != k + d.len + e.len {
                    continue;
                }
                let cset: Vec<usize> = cset.cells(inter).collect();
                let d: Vec<usize> = d.cells(d_cells).collect();
                let e: Vec<usize> = e.cells(e_cells).collect();
                let line_vals = vd | (v & !ve);
                let box_vals = ve | (v & !vd);
                let mut elims = Vec::new();
                for &c in line_rest.iter() {
                    if !d.contains(&c) {
                        elims.extend(
                            Mask::from_bits(b.cands[c] & line_vals)
                                .iter()
                                .map(|x| (Cell::new(c as u16), x)),
                        );
                    }
                }
                for &c in box_rest.iter() {
                    if !e.contains(&c) {
                        elims.extend(
                            Mask::from_bits(b.cands[c] & box_vals)
                                .iter()
                                .map(|x| (Cell::new(c as u16), x)),
                        );
                    }
                }
                // Intersection cells outside C belong to both.
                for &c in inter.iter() {
                    if !cset.contains(&c) {
                        let m = b.cands[c] & (line_vals | box_vals);
                        elims.extend(Mask::from_bits(m).iter().map(|x| (Cell::new(c as u16), x)));
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::SueDeCoq);
                let cs = |s: &[usize]| s.iter().map(|&c| Cell::new(c as u16)).collect::<Vec<_>>();
                step.groups = vec![
                    (cs(&cset), Mask::from_bits(v)),
                    (cs(&d), Mask::from_bits(vd)),
                    (cs(&e), Mask::from_bits(ve)),
                ];
                step.cells = cs(&cset);
                step.cells.extend(cs(&d));
                step.cells.extend(cs(&e));
                step.units = vec![Unit::new(line as u16), Unit::new(bu as u16)];
                step.values = Mask::from_bits(all);
                step.eliminations = elims;
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests;
