//! What the closed tables prove: every contradiction (a premise that is false) and
//! verity (a conclusion every premise of a set implies), and the best conclusion of all.

use super::net::{bits, Net};
use super::scan;
use super::MAX_TABLE_N;
use crate::human::bits::bit;
use crate::human::bits::members;
use crate::human::step::ForcingKind;
use crate::human::Board;
use numpl_core::Mask;

/// A proof of one conclusion: branches from premises to targets.
pub(super) struct Proof {
    pub(super) kind: ForcingKind,
    /// (premise node, target node) per branch.
    pub(super) branches: Vec<(usize, usize)>,
    pub(super) unit: Option<usize>,
    pub(super) extra: Option<usize>,
}

/// The conclusion a step draws: placements sort before eliminations, then by cell and value.
pub(super) type Key = (u8, usize, u8);

pub(super) struct Found {
    pub(super) best: Option<Key>,
    pub(super) proofs: Vec<Proof>,
}

impl Found {
    pub(super) fn add(&mut self, key: Key, proof: impl FnOnce() -> Proof) {
        match self.best {
            Some(b) if key > b => {}
            Some(b) if key == b => self.proofs.push(proof()),
            _ => {
                self.best = Some(key);
                self.proofs.clear();
                self.proofs.push(proof());
            }
        }
    }
}

/// The conclusion when premise `p` is false: the candidate goes, or its value is placed.
pub(super) fn refute(net: &Net, p: usize) -> Key {
    let (c, v, on) = net.cand(p);
    if on {
        (1, c, v)
    } else {
        (0, c, v)
    }
}

/// For "no place left": per (unit, value) not placed in it, the candidates of the cells
/// where the value is allowed by the placed values (HoDoKu's test, which needs all of
/// them still to be candidates), as (unit, start, end) in `house_ks`.
pub(super) fn houses(b: &Board, net: &mut Net) {
    let n = b.n;
    net.houses.clear();
    net.house_ks.clear();
    net.no_cand = net.open.iter().any(|&c| b.cands[c] == 0);
    // Per open cell, the values no unit of it has placed.
    let mut allowed = std::mem::take(&mut net.allowed);
    allowed.clear();
    allowed.resize(b.cands.len(), 0);
    for &c in &net.open {
        let placed = b
            .geo
            .units_of(c)
            .iter()
            .fold(0, |m, &x| m | b.unit_placed[x as usize]);
        allowed[c] = b.all & !placed;
    }
    for u in 0..3 * n {
        // The values allowed in a cell of the unit that has lost them as candidates.
        let cells = b.geo.unit(u);
        let lost = cells
            .iter()
            .fold(0, |m, &c| m | allowed[c as usize] & !b.cands[c as usize]);
        for v in Mask::from_bits(b.all & !b.unit_placed[u] & !lost) {
            let bit = 1u64 << (v - 1);
            let start = net.house_ks.len();
            for &c in cells {
                if allowed[c as usize] & bit != 0 {
                    net.house_ks.push(net.node(c as usize, v, false));
                }
            }
            if net.house_ks.len() > start {
                net.houses.push((u, start, net.house_ks.len()));
            }
        }
    }
    net.allowed = allowed;
}

/// Adds every contradiction of premise `p`'s table to `f`, in HoDoKu's order: the
/// premise's own negation, a candidate both true and false, two values in a cell, a value
/// twice in a unit, a cell with every candidate false, a unit with every place of a value
/// false.
pub(super) fn detail(b: &Board, net: &Net, p: usize, f: &mut Found) {
    let hw = net.half / 64;
    let (c, v, on) = net.cand(p);
    let key = refute(net, p);
    let r = net.closure(p);
    let (offs, onss) = r.split_at(hw);
    let single = |kind, t: usize| Proof {
        kind,
        branches: vec![(p, t)],
        unit: None,
        extra: None,
    };
    // 1. the premise's own negation
    let neg = net.node(c, v, !on);
    if bit(r, neg) {
        f.add(key, || single(ForcingKind::SelfNegation, neg));
    }
    // 2. a candidate both true and false
    for (i, (a, o)) in onss.iter().zip(offs).enumerate() {
        let mut w = a & o;
        while w != 0 {
            let k = i * 64 + w.trailing_zeros() as usize;
            w &= w - 1;
            f.add(key, || Proof {
                kind: ForcingKind::Both,
                branches: vec![(p, net.half + k), (p, k)],
                unit: None,
                extra: Some(net.cand[k].0 as usize),
            });
        }
    }
    let ons: Vec<(usize, u8)> = members(onss)
        .map(|k| (net.cand[k].0 as usize, net.cand[k].1))
        .collect();
    // 3. two values in a cell
    for i in 0..ons.len() {
        for j in i + 1..ons.len() {
            if ons[i].0 == ons[j].0 {
                let (x, y) = (ons[i], ons[j]);
                f.add(key, || Proof {
                    kind: ForcingKind::TwoValues,
                    branches: vec![(p, net.node(x.0, x.1, true)), (p, net.node(y.0, y.1, true))],
                    unit: None,
                    extra: Some(x.0),
                });
            }
        }
    }
    // 4. a value twice in a unit (rows, then columns, then boxes)
    let mut by_unit: Vec<(usize, u8, usize)> = Vec::new();
    for &(x, y) in &ons {
        for u in b.geo.units_of(x) {
            by_unit.push((u as usize, y, x));
        }
    }
    by_unit.sort_unstable();
    for g in by_unit.chunk_by(|a, c| a.0 == c.0 && a.1 == c.1) {
        if g.len() > 1 {
            f.add(key, || Proof {
                kind: ForcingKind::Twice,
                branches: g
                    .iter()
                    .map(|&(_, y, x)| (p, net.node(x, y, true)))
                    .collect(),
                unit: Some(g[0].0),
                extra: None,
            });
        }
    }
    // 5. a cell with every candidate false
    for &x in &net.open {
        let m = b.cands[x];
        let len = m.count_ones() as usize;
        let s = net.first[x] as usize;
        if bits(offs, s, len) == (1u64 << len) - 1 && bits(onss, s, len) == 0 {
            f.add(key, || Proof {
                kind: ForcingKind::EmptyCell,
                branches: Mask::from_bits(m)
                    .iter()
                    .map(|y| (p, net.node(x, y, false)))
                    .collect(),
                unit: None,
                extra: Some(x),
            });
        }
    }
    // 6. a unit with every place of a value false
    for &(u, s, e) in &net.houses {
        let ks = &net.house_ks[s..e];
        if ks.iter().all(|&k| bit(offs, k)) {
            f.add(key, || Proof {
                kind: ForcingKind::NoPlace,
                branches: ks.iter().map(|&k| (p, k)).collect(),
                unit: Some(u),
                extra: None,
            });
        }
    }
}

/// Calls `each(premises, kind, unit, skip)` for every set of premises of which one must
/// hold, in HoDoKu's order: a candidate true and false, every candidate of a cell, every
/// place of a value in a unit (`skip`: a cell whose conclusions do not count).
///
/// A candidate whose "false" premise implies nothing but itself is left out of the first
/// kind: what both its premises imply is at most that candidate, in the cell that does
/// not count (in a forcing chain most candidates are such, neither bivalue nor bilocal).
/// Needs [`scan::unit_groups`].
pub(super) fn verity_sets(
    b: &Board,
    net: &Net,
    mut each: impl FnMut(&[usize], ForcingKind, Option<usize>, Option<usize>),
) {
    let n = b.n;
    for &c in &net.open {
        for v in Mask::from_bits(b.cands[c]) {
            let ps = [net.node(c, v, true), net.node(c, v, false)];
            if net.alone(ps[1]) {
                continue;
            }
            each(&ps, ForcingKind::OnOff, None, Some(c));
        }
    }
    let mut ps: Vec<usize> = Vec::with_capacity(n);
    for &c in &net.open {
        ps.clear();
        ps.extend(
            Mask::from_bits(b.cands[c])
                .iter()
                .map(|v| net.node(c, v, true)),
        );
        each(&ps, ForcingKind::Cell, None, None);
    }
    // Per value, its places in the unit ("true" nodes, in the unit's cell order).
    let mut places = [0usize; MAX_TABLE_N];
    for &(u, y, s, e) in &net.unit_all {
        let (u, ks) = (u as usize, &net.unit_ks[s as usize..e as usize]);
        if b.unit_placed[u] >> y & 1 == 0 {
            for (p, &k) in places.iter_mut().zip(ks) {
                *p = net.half + k as usize;
            }
            each(&places[..ks.len()], ForcingKind::Unit, Some(u), None);
        }
    }
}

/// Checks the tables for contradictions and verities and returns HoDoKu's best
/// conclusion with every proof of it, in the order an exhaustive search meets them (every
/// premise's contradictions, then the verities): first the best conclusion alone (the
/// best verity, then the premises in the order of their conclusions up to it), then the
/// proofs of that conclusion only.
#[inline(never)]
pub(super) fn check(b: &Board, net: &mut Net) -> Found {
    if !net.fixed {
        houses(b, net);
        scan::unit_groups(b, net);
        net.fixed = true;
    }
    let hw = net.half / 64;
    // The best verity.
    let mut best: Option<Key> = None;
    let mut starts = [0usize; MAX_TABLE_N];
    verity_sets(b, net, |premises, _, _, skip| {
        // The first target all the premises' tables hold, true targets (placements)
        // before false ones, each half in (cell, value) order, word by word: only those
        // before the best so far can replace it.
        let starts = &mut starts[..premises.len()];
        for (s, &p) in starts.iter_mut().zip(premises) {
            *s = net.scc[p] as usize * net.words;
        }
        for (part, on) in [(1, true), (0, false)] {
            let end = match best {
                None => net.kk,
                Some((place, cell, value)) => match (place == 0, on) {
                    (true, false) => return,
                    (false, true) => net.kk,
                    _ => net.index[cell * net.n + value as usize - 1] as usize,
                },
            };
            let (len, at) = (end.div_ceil(64), part * hw);
            let table = |s: usize| &net.clos[s + at..s + at + len];
            let (first, second) = (table(starts[0]), table(starts[starts.len().min(2) - 1]));
            let rest = &starts[starts.len().min(2)..];
            for (i, (a, b)) in first.iter().zip(second).enumerate() {
                let mut w = a & b;
                for &s in rest {
                    if w == 0 {
                        break;
                    }
                    w &= net.clos[s + at + i];
                }
                while w != 0 {
                    let k = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    if k >= end {
                        return;
                    }
                    let (x, y) = net.cand[k];
                    if Some(x as usize) != skip {
                        best = Some((u8::from(!on), x as usize, y));
                        return;
                    }
                }
            }
            if end < net.kk {
                return;
            }
        }
    });
    // The premises in the order of their conclusions, up to the best so far: false
    // premises (placements), then true ones (eliminations).
    let last = match best {
        None => 2 * net.half - 1,
        Some((place, cell, value)) => net.node(cell, value, place == 1),
    };
    if let Some(p) = scan::first_contradiction(b, net, 0, last) {
        best = Some(refute(net, p));
    }
    let mut f = Found {
        best,
        proofs: Vec::new(),
    };
    let Some((place, cell, value)) = best else {
        return f;
    };
    // The proofs of that conclusion: the contradictions of the premise it refutes, then
    // the verities that prove it.
    detail(b, net, net.node(cell, value, place == 1), &mut f);
    let t = net.node(cell, value, place == 0);
    let net = &*net;
    verity_sets(b, net, |premises, kind, unit, skip| {
        if skip == Some(cell) || b.values[cell] != 0 {
            return;
        }
        if premises.iter().all(|&p| bit(net.closure(p), t)) {
            f.proofs.push(Proof {
                kind,
                branches: premises.iter().map(|&p| (p, t)).collect(),
                unit,
                extra: None,
            });
        }
    });
    f
}
