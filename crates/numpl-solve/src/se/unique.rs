//! Sudoku Explainer's unique rectangles and loops (types 1 to 4): every loop of cells
//! holding two values, then the hints sorted by difficulty and type, the first taken.

use super::grid::{bits, combinations, ones, tables, Grid, BLOCK, COLUMN, ROW};
use super::Hint;

const TYPES: [usize; 3] = [BLOCK, ROW, COLUMN];

struct Found {
    hint: Hint,
    /// The hint's class (1, 2, 3 for a naked type 3, 33 for a hidden one, 4) and loop.
    class: u8,
    loop_set: u128,
    ty: u8,
}

fn base(len: usize) -> f64 {
    let mut d = 4.5;
    if len >= 10 {
        d += 0.3;
    }
    if len >= 8 {
        d += 0.2;
    } else if len >= 6 {
        d += 0.1;
    }
    d
}

fn name(len: usize, ty: u8) -> String {
    let kind = if len == 4 { "Rectangle" } else { "Loop" };
    if len > 6 {
        format!("Unique {kind} {len} type {ty}")
    } else {
        format!("Unique {kind} type {ty}")
    }
}

/// The regions of cell `c`, bit `r` for region `r`.
fn regions_of(c: usize) -> u32 {
    let of = &tables().of[c];
    1 << of[0] | 1 << of[1] | 1 << of[2]
}

/// (SE's `checkForLoops`: the cells of a region are walked in order, and `ex`, the extra
/// values met, builds up over a cell's neighbours. Only the cells that hold both values
/// and are not in the loop yet, and the loop's first cell, can do anything: `both` is the
/// first, `in_loop` the loop's cells.)
///
/// `sets` are the regions of the loop's cells at even and odd places, `cell` counted. A
/// loop two of whose cells at places of the same parity share a region is not valid
/// ([`is_valid_loop`]), so no loop is looked for past a cell that would make one: SE
/// finds them and drops them; the valid loops are found as before, in the same order.
#[allow(clippy::too_many_arguments)]
fn check_for_loops(
    g: &Grid,
    cell: usize,
    v1: usize,
    v2: usize,
    lp: &mut Vec<usize>,
    in_loop: u128,
    both: u128,
    allowed_ex: i32,
    ex_values: u16,
    last_type: Option<usize>,
    sets: [u32; 2],
    results: &mut Vec<Vec<usize>>,
) {
    let t = tables();
    lp.push(cell);
    let in_loop = in_loop | 1u128 << cell;
    let first = lp[0];
    let mut ex = ex_values;
    for ty in TYPES {
        if Some(ty) == last_type {
            continue;
        }
        let r = t.of[cell][ty] as usize;
        // The region's cells in cell order, which is the region's order.
        let mut cells = t.members[r] & (both & !in_loop | 1u128 << first);
        while cells != 0 {
            let next = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if next == first {
                if lp.len() >= 4 {
                    results.push(lp.clone());
                }
            } else {
                let p = g.cand[next];
                ex |= p;
                ex &= !(1 << v1 | 1 << v2);
                let card = ones(p as u32);
                if card == 2 || ones(ex as u32) == 1 || allowed_ex > 0 {
                    let (parity, regions) = (lp.len() % 2, regions_of(next));
                    if sets[parity] & regions != 0 {
                        continue;
                    }
                    let mut sets = sets;
                    sets[parity] |= regions;
                    let n = if card > 2 { allowed_ex - 1 } else { allowed_ex };
                    check_for_loops(
                        g,
                        next,
                        v1,
                        v2,
                        lp,
                        in_loop,
                        both,
                        n,
                        ex,
                        Some(ty),
                        sets,
                        results,
                    );
                }
            }
        }
    }
    lp.pop();
}

/// The cells of `cells` each of which sees two others of the result (the cells that may
/// lie on a cycle of cells each sharing a region with the next).
fn two_core(mut cells: u128) -> u128 {
    let t = tables();
    loop {
        let mut next = cells;
        let mut m = cells;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let near = t.sees[c] & cells;
            if near & near.wrapping_sub(1) == 0 {
                next &= !(1u128 << c);
            }
        }
        if next == cells {
            return cells;
        }
        cells = next;
    }
}

fn is_valid_loop(lp: &[usize]) -> bool {
    let t = tables();
    let mut odd = 0u32;
    let mut even = 0u32;
    let mut is_odd = false;
    for &c in lp {
        for ty in TYPES {
            let r = t.of[c][ty];
            let set = if is_odd { &mut odd } else { &mut even };
            if *set >> r & 1 != 0 {
                return false;
            }
            *set |= 1 << r;
        }
        is_odd = !is_odd;
    }
    odd == even
}

pub(super) fn unique_loops(g: &Grid) -> Option<Hint> {
    let t = tables();
    let mut result: Vec<Found> = Vec::new();
    let push = |result: &mut Vec<Found>, f: Found| {
        if f.hint.removals.is_empty() {
            return;
        }
        if result
            .iter()
            .any(|o| o.class == f.class && o.loop_set == f.loop_set)
        {
            return;
        }
        result.push(f);
    };
    let mut cores: [Option<u128>; 100] = [None; 100];
    for cell in 0..81 {
        if g.count(cell) != 2 {
            continue;
        }
        let v1 = g.cand[cell].trailing_zeros() as usize;
        let v2 = (g.cand[cell] & !(1 << v1)).trailing_zeros() as usize;
        let mut loops = Vec::new();
        let both = g.cells_with(v1) & g.cells_with(v2);
        // (A loop's cells each share a region with two others of it: no loop goes through
        // a cell outside the 2-core of the cells holding both values.)
        let core = cores[v1 * 10 + v2].get_or_insert_with(|| two_core(both));
        if *core >> cell & 1 == 0 {
            continue;
        }
        check_for_loops(
            g,
            cell,
            v1,
            v2,
            &mut Vec::new(),
            0,
            both,
            2,
            0,
            None,
            [regions_of(cell), 0],
            &mut loops,
        );
        for lp in loops {
            if !is_valid_loop(&lp) {
                continue;
            }
            let loop_set: u128 = lp.iter().map(|&c| 1u128 << c).sum();
            let len = lp.len();
            let extra: Vec<usize> = lp.iter().copied().filter(|&c| g.count(c) > 2).collect();
            let pair = 1u16 << v1 | 1 << v2;
            if extra.len() == 1 {
                let h = Hint::remove(name(len, 1), base(len), vec![(extra[0] as u8, pair)]);
                push(
                    &mut result,
                    Found {
                        hint: h,
                        class: 1,
                        loop_set,
                        ty: 1,
                    },
                );
            } else if extra.len() > 2 {
                push(&mut result, type2(g, &lp, &extra, pair, loop_set));
            } else if extra.len() == 2 {
                let (c1, c2) = (extra[0], extra[1]);
                let r = (g.cand[c1] | g.cand[c2]) & !pair;
                if r.count_ones() == 1 {
                    push(&mut result, type2(g, &lp, &extra, pair, loop_set));
                } else if r.count_ones() >= 2 {
                    for f in type3(g, &lp, c1, c2, v1, v2, loop_set) {
                        push(&mut result, f);
                    }
                }
                if let Some(f) = type4(g, &lp, c1, c2, v1, v2, loop_set) {
                    push(&mut result, f);
                }
            }
        }
    }
    let _ = t;
    // A stable sort by difficulty, then type.
    result.sort_by(|a, b| {
        a.hint
            .difficulty
            .partial_cmp(&b.hint.difficulty)
            .unwrap()
            .then(a.ty.cmp(&b.ty))
    });
    result.into_iter().next().map(|f| f.hint)
}

fn type2(g: &Grid, lp: &[usize], extra: &[usize], pair: u16, loop_set: u128) -> Found {
    let t = tables();
    let value = (g.cand[extra[0]] & !pair).trailing_zeros() as usize;
    let mut common: Vec<usize> = t.house[extra[0]].iter().map(|&c| c as usize).collect();
    for &e in &extra[1..] {
        common.retain(|&c| t.sees[e] >> c & 1 != 0);
    }
    let removals: Vec<(u8, u16)> = common
        .iter()
        .filter(|&&c| !extra.contains(&c) && g.has(c, value))
        .map(|&c| (c as u8, 1u16 << value))
        .collect();
    let len = lp.len();
    Found {
        hint: Hint::remove(name(len, 2), base(len), removals),
        class: 2,
        loop_set,
        ty: 2,
    }
}

fn type3(
    g: &Grid,
    lp: &[usize],
    c1: usize,
    c2: usize,
    v1: usize,
    v2: usize,
    loop_set: u128,
) -> Vec<Found> {
    let t = tables();
    let len = lp.len();
    let mut out = Vec::new();
    let pair = 1u16 << v1 | 1 << v2;
    let extra = (g.cand[c1] | g.cand[c2]) & !pair;
    for degree in extra.count_ones()..=7 {
        for ty in TYPES {
            let r = t.of[c1][ty] as usize;
            if t.of[c2][ty] as usize != r {
                continue;
            }
            let empty = g.empty_count(r);
            let i1 = t.index_in[c1][ty] as usize;
            let i2 = t.index_in[c2][ty] as usize;
            if degree * 2 <= empty {
                for im in combinations(degree, 9) {
                    // The combinations holding c1 and not c2 (SE's `containsFirst`); c1's
                    // own potential values are the extra ones.
                    if im >> i1 & 1 == 0 || im >> i2 & 1 != 0 {
                        continue;
                    }
                    let mut naked = extra & g.cand[c1] & g.cand[c2];
                    let mut all = extra;
                    let mut ok = extra.count_ones() > 1;
                    let others = im & !(1 << i1);
                    for i in bits(others) {
                        let p = g.cand[t.region[r][i] as usize];
                        naked |= p;
                        all |= p;
                        if p.count_ones() <= 1 {
                            ok = false;
                        }
                    }
                    if naked.count_ones() != degree {
                        continue;
                    }
                    if !ok || all.count_ones() != degree {
                        continue;
                    }
                    let removals: Vec<(u8, u16)> = t.region[r]
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| (i, c as usize))
                        .filter(|&(i, c)| {
                            others >> i & 1 == 0 && c != c1 && c != c2 && g.cand[c] & all != 0
                        })
                        .map(|(_, c)| (c as u8, g.cand[c] & all))
                        .collect();
                    if !removals.is_empty() {
                        let d = base(len) + (all.count_ones() - 1) as f64 * 0.1;
                        let h = Hint::remove(name(len, 3), d, removals);
                        out.push(Found {
                            hint: h,
                            class: 3,
                            loop_set,
                            ty: 3,
                        });
                    }
                }
            }
            if degree * 2 < empty {
                let rem: Vec<usize> = (1..=9)
                    .filter(|&v| v != v1 && v != v2 && extra >> v & 1 == 0)
                    .collect();
                if degree as usize - 2 <= rem.len() {
                    // No combination when no value is left (SE's `Permutations` of 0 of 0).
                    let n = if rem.is_empty() { 0 } else { degree - 2 };
                    for pm in combinations(n, rem.len() as u32).filter(|_| !rem.is_empty()) {
                        let hidden: u16 =
                            bits(pm).fold(1u16 << v1 | 1 << v2, |a, i| a | 1 << rem[i]);
                        let mut all = 0u16;
                        let mut ok = true;
                        for v in bits(hidden as u32) {
                            let p = g.positions(r, v) & !(1 << i2);
                            if p == 0 {
                                ok = false;
                            }
                            all |= p;
                        }
                        if !ok || all.count_ones() != degree {
                            continue;
                        }
                        let positions = all & !(1 << i1) & !(1 << i2);
                        let mut removals = Vec::new();
                        for i in bits(positions as u32) {
                            let c = t.region[r][i] as usize;
                            if c != c1 && c != c2 {
                                let rm = g.cand[c] & !hidden;
                                if rm != 0 {
                                    removals.push((c as u8, rm));
                                }
                            }
                        }
                        if !removals.is_empty() {
                            let d = base(len) + (positions.count_ones() as f64 - 1.0) * 0.1;
                            let h = Hint::remove(name(len, 3), d, removals);
                            out.push(Found {
                                hint: h,
                                class: 33,
                                loop_set,
                                ty: 3,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

fn type4(
    g: &Grid,
    lp: &[usize],
    c1: usize,
    c2: usize,
    v1: usize,
    v2: usize,
    loop_set: u128,
) -> Option<Found> {
    let t = tables();
    let mut r1 = None;
    let mut r2 = None;
    for ty in TYPES {
        let r = t.of[c1][ty] as usize;
        if t.of[c2][ty] as usize != r {
            continue;
        }
        let mut has1 = false;
        let mut has2 = false;
        for &c in &t.region[r] {
            let c = c as usize;
            if c != c1 && c != c2 {
                has1 |= g.has(c, v1);
                has2 |= g.has(c, v2);
            }
        }
        if !has1 {
            r1 = Some(r);
        }
        if !has2 {
            r2 = Some(r);
        }
    }
    let rem = if r1.is_some() {
        v2
    } else if r2.is_some() {
        v1
    } else {
        return None;
    };
    let len = lp.len();
    let removals = vec![(c1 as u8, 1u16 << rem), (c2 as u8, 1u16 << rem)];
    Some(Found {
        hint: Hint::remove(name(len, 4), base(len), removals),
        class: 4,
        loop_set,
        ty: 4,
    })
}
