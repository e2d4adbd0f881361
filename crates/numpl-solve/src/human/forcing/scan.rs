//! The first premise with a contradiction, 64 premises at a time: the tables of a block of
//! 64 premises are turned on their side (per node, the word of the premises whose table
//! holds it, set bit by bit from the tables, which are sparse), so that each of the six
//! contradictions of [`super::detail`] is a few word operations per candidate, cell, unit
//! and house for the whole block.

use super::{Net, NONE};
use crate::human::Board;

/// The places of each value in each unit where it has two or more, as candidate indices:
/// (start, end) in `net.unit_ks` per group (two of a group true: a value twice in a unit).
pub(super) fn unit_groups(b: &Board, net: &mut Net) {
    let n = b.n;
    net.unit_ks.clear();
    net.unit_groups.clear();
    for u in 0..3 * n {
        for v in 0..n {
            let start = net.unit_ks.len();
            for &c in b.geo.unit(u) {
                let k = net.index[c as usize * n + v];
                if k != NONE {
                    net.unit_ks.push(k);
                }
            }
            if net.unit_ks.len() - start >= 2 {
                net.unit_groups
                    .push((start as u32, net.unit_ks.len() as u32));
            } else {
                net.unit_ks.truncate(start);
            }
        }
    }
}

/// The first premise node from `from` up to `last` (off-nodes, then on-nodes, each in
/// (cell, value) order: the order of the conclusions they draw) whose table holds a
/// contradiction, any of the six that [`super::detail`] lists. Needs [`super::houses`]
/// and [`unit_groups`].
pub(super) fn first_contradiction(
    b: &Board,
    net: &mut Net,
    from: usize,
    last: usize,
) -> Option<usize> {
    let (kk, half, words) = (net.kk, net.half, net.words);
    let mut tb = std::mem::take(&mut net.tb);
    tb.clear();
    tb.resize(2 * half, 0);
    let mut found = None;
    for p0 in (from / 64 * 64..2 * half).step_by(64) {
        if p0 > last {
            break;
        }
        // Premises before `from` do not count.
        let skip = if from > p0 {
            (1u64 << (from - p0)) - 1
        } else {
            0
        };
        // The real premises of the block (each half is padded to a word), up to `last`.
        let end = if p0 < half { kk } else { half + kk };
        let count = end.min(last + 1).saturating_sub(p0).min(64);
        if count == 0 {
            continue;
        }
        if net.no_cand {
            if count > from.saturating_sub(p0) {
                found = Some(p0.max(from));
                break;
            }
            continue;
        }
        // Each premise's table turned on its side: each node it holds sets bit `i` of the
        // node's word (the tables are sparse, a few nodes per word of a table, so this is
        // cheaper than transposing whole 64x64 blocks).
        tb.fill(0);
        for i in 0..count {
            let s = net.scc[p0 + i] as usize * words;
            for (w, &x) in net.clos[s..s + words].iter().enumerate() {
                let mut x = x;
                while x != 0 {
                    tb[w * 64 + x.trailing_zeros() as usize] |= 1 << i;
                    x &= x - 1;
                }
            }
        }
        let r = contradictions(b, net, &tb, p0, count) & !skip;
        if r != 0 {
            found = Some(p0 + r.trailing_zeros() as usize);
            break;
        }
    }
    net.tb = tb;
    found
}

/// Bit `i` set: premise `p0 + i` (of the first `count`) has a contradiction, where bit
/// `i` of `tb[t]` says whether the table of premise `p0 + i` holds node `t`.
fn contradictions(b: &Board, net: &Net, tb: &[u64], p0: usize, count: usize) -> u64 {
    let (kk, half) = (net.kk, net.half);
    let mut r = 0u64;
    // The premise's own negation.
    for i in 0..count {
        let p = p0 + i;
        let neg = if p < half { p + half } else { p - half };
        r |= (tb[neg] >> i & 1) << i;
    }
    let (offs, ons) = tb.split_at(half);
    // A candidate both true and false.
    for (o, a) in offs[..kk].iter().zip(&ons[..kk]) {
        r |= o & a;
    }
    // Two values in a cell; a cell with every candidate false.
    for &c in &net.open {
        let s = net.first[c] as usize;
        let e = s + b.cands[c].count_ones() as usize;
        let (mut once, mut twice, mut all) = (0u64, 0u64, u64::MAX);
        for (o, a) in offs[s..e].iter().zip(&ons[s..e]) {
            twice |= once & a;
            once |= a;
            all &= o;
        }
        r |= twice | all;
    }
    // A value twice in a unit.
    for &(s, e) in &net.unit_groups {
        let (mut once, mut twice) = (0u64, 0u64);
        for &k in &net.unit_ks[s as usize..e as usize] {
            let a = ons[k as usize];
            twice |= once & a;
            once |= a;
        }
        r |= twice;
    }
    // A house with every place of its value false.
    for &(_, s, e) in &net.houses {
        let mut all = u64::MAX;
        for &k in &net.house_ks[s..e] {
            all &= offs[k];
        }
        r |= all;
    }
    if count < 64 {
        r &= (1u64 << count) - 1;
    }
    r
}
