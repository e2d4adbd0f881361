//! Basic fish (X-Wing, Swordfish, Jellyfish, larger) and finned/sashimi fish.

use numpl_core::{Cell, Mask, Unit};

use crate::human::{board::count, memo::Memo, Board, Step, Technique};

/// The geometry of one orientation: base lines are rows (`cols == false`) or columns.
#[derive(Clone, Copy)]
struct Orient {
    cols: bool,
    n: usize,
}

impl Orient {
    #[inline]
    fn cell(self, base: usize, cover: usize) -> usize {
        if self.cols {
            cover * self.n + base
        } else {
            base * self.n + cover
        }
    }
    #[inline]
    fn base_unit(self, i: usize) -> Unit {
        Unit::new(if self.cols { self.n + i } else { i } as u16)
    }
    #[inline]
    fn cover_unit(self, j: usize) -> Unit {
        Unit::new(if self.cols { j } else { self.n + j } as u16)
    }
}

/// For each base line, the cover indices where `v` is a candidate.
fn line_positions(b: &Board, o: Orient, v: u8) -> Vec<u64> {
    (0..b.n)
        .map(|i| {
            let mut m = 0u64;
            for j in 0..b.n {
                if b.has(o.cell(i, j), v) {
                    m |= 1 << j;
                }
            }
            m
        })
        .collect()
}

fn bits(m: u64) -> impl Iterator<Item = usize> {
    Mask::from_bits(m).iter().map(|v| v as usize - 1)
}

/// Chooses `k` indices of `items` with union of at most `limit` bits.
fn choose(
    items: &[(usize, u64)],
    k: usize,
    limit: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    found: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    if chosen.len() == k {
        return found(chosen, union);
    }
    for i in start..items.len() {
        if items.len() - i < k - chosen.len() {
            break;
        }
        let u = union | items[i].1;
        if count(u) > limit {
            continue;
        }
        chosen.push(i);
        if choose(items, k, limit, i + 1, u, chosen, found) {
            return true;
        }
        chosen.pop();
    }
    false
}

/// A basic fish of size `k` on any value.
pub(crate) fn basic_fish(b: &Board, k: usize, memo: &mut Memo) -> Option<Step> {
    let tech = Technique::Fish(k as u8);
    for v in 1..=b.n as u8 {
        if memo.skip_value(tech, b, v) {
            continue;
        }
        for cols in [false, true] {
            let o = Orient { cols, n: b.n };
            let pos = line_positions(b, o, v);
            let items: Vec<(usize, u64)> = pos
                .iter()
                .enumerate()
                .filter(|(_, &m)| m != 0 && count(m) <= k)
                .map(|(i, &m)| (i, m))
                .collect();
            let mut result = None;
            choose(&items, k, k, 0, 0, &mut Vec::new(), &mut |chosen, union| {
                if count(union) != k {
                    return false;
                }
                let base: Vec<usize> = chosen.iter().map(|&i| items[i].0).collect();
                let mut elims = Vec::new();
                for j in bits(union) {
                    for (i, &p) in pos.iter().enumerate() {
                        if !base.contains(&i) && p >> j & 1 != 0 {
                            elims.push((Cell::new(o.cell(i, j) as u16), v));
                        }
                    }
                }
                if elims.is_empty() {
                    return false;
                }
                let mut step = Step::new(Technique::Fish(k as u8));
                step.values = Mask::single(v);
                step.units = base.iter().map(|&i| o.base_unit(i)).collect();
                step.units.extend(bits(union).map(|j| o.cover_unit(j)));
                for &i in &base {
                    step.cells
                        .extend(bits(pos[i]).map(|j| Cell::new(o.cell(i, j) as u16)));
                }
                step.eliminations = elims;
                result = Some(step);
                true
            });
            if result.is_some() {
                return result;
            }
        }
        memo.value_failed(tech, b, v);
    }
    None
}

/// A finned (or, with `sashimi`, sashimi) fish of size `k`: the base lines' candidates lie
/// in `k` cover lines except for fins, all in one box; cover cells in that box that see
/// the fins lose the value.
pub(crate) fn finned_fish(b: &Board, k: usize, sashimi: bool, memo: &mut Memo) -> Option<Step> {
    let (br, bc) = (b.shape.box_rows(), b.shape.box_cols());
    let tech = if sashimi {
        Technique::SashimiFish(k as u8)
    } else {
        Technique::FinnedFish(k as u8)
    };
    for v in 1..=b.n as u8 {
        if memo.skip_value(tech, b, v) {
            continue;
        }
        for cols in [false, true] {
            let o = Orient { cols, n: b.n };
            // Box extent along the base and cover directions.
            let (base_w, cover_w) = if cols { (bc, br) } else { (br, bc) };
            let pos = line_positions(b, o, v);
            let items: Vec<(usize, u64)> = pos
                .iter()
                .enumerate()
                .filter(|(_, &m)| m != 0)
                .map(|(i, &m)| (i, m))
                .collect();
            let mut result = None;
            choose(
                &items,
                k,
                k + cover_w,
                0,
                0,
                &mut Vec::new(),
                &mut |chosen, union| {
                    if count(union) <= k {
                        return false;
                    }
                    // Up to 4 base lines (the solver's finned fish stop at jellyfish)
                    // without an allocation.
                    let mut base_buf = [0usize; 4];
                    let big: Vec<usize>;
                    let base: &[usize] = if chosen.len() <= 4 {
                        for (x, &i) in base_buf.iter_mut().zip(chosen.iter()) {
                            *x = items[i].0;
                        }
                        &base_buf[..chosen.len()]
                    } else {
                        big = chosen.iter().map(|&i| items[i].0).collect();
                        &big
                    };
                    for bb in 0..b.n / base_w {
                        let base_range = bb * base_w..(bb + 1) * base_w;
                        for cb in 0..b.n / cover_w {
                            let cr: u64 = ((1u64 << cover_w) - 1) << (cb * cover_w);
                            let required = union & !cr;
                            let nreq = count(required);
                            if nreq >= k {
                                continue;
                            }
                            let free = union & cr;
                            let need = k - nreq;
                            // Every subset of `free` with `need` bits.
                            let mut sub = free;
                            loop {
                                if count(sub) == need {
                                    if let Some(step) = check_finned(
                                        o,
                                        v,
                                        k,
                                        sashimi,
                                        &pos,
                                        base,
                                        required | sub,
                                        sub,
                                        base_range.clone(),
                                    ) {
                                        result = Some(step);
                                        return true;
                                    }
                                }
                                if sub == 0 {
                                    break;
                                }
                                sub = (sub - 1) & free;
                            }
                        }
                    }
                    false
                },
            );
            if result.is_some() {
                return result;
            }
        }
        memo.value_failed(tech, b, v);
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn check_finned(
    o: Orient,
    v: u8,
    k: usize,
    sashimi: bool,
    pos: &[u64],
    base: &[usize],
    cover: u64,
    in_box: u64,
    base_range: std::ops::Range<usize>,
) -> Option<Step> {
    let mut fins = Vec::new();
    let mut is_sashimi = false;
    for &i in base {
        let inside = pos[i] & cover;
        if inside == 0 {
            return None;
        }
        if count(inside) <= 1 {
            is_sashimi = true;
        }
        let out = pos[i] & !cover;
        if out != 0 {
            if !base_range.contains(&i) {
                return None;
            }
            fins.extend(bits(out).map(|j| o.cell(i, j)));
        }
    }
    if fins.is_empty() || is_sashimi != sashimi {
        return None;
    }
    let mut elims = Vec::new();
    for j in bits(in_box) {
        for i in base_range.clone() {
            if !base.contains(&i) && pos[i] >> j & 1 != 0 {
                elims.push((Cell::new(o.cell(i, j) as u16), v));
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let tech = if sashimi {
        Technique::SashimiFish(k as u8)
    } else {
        Technique::FinnedFish(k as u8)
    };
    let mut step = Step::new(tech);
    step.values = Mask::single(v);
    step.units = base.iter().map(|&i| o.base_unit(i)).collect();
    step.units.extend(bits(cover).map(|j| o.cover_unit(j)));
    for &i in base {
        step.cells
            .extend(bits(pos[i] & cover).map(|j| Cell::new(o.cell(i, j) as u16)));
    }
    step.extra = fins.iter().map(|&c| Cell::new(c as u16)).collect();
    step.eliminations = elims;
    Some(step)
}
