//! The first premise with a contradiction, 64 tables at a time: the tables of a block of
//! 64 components (premises that share a table) are turned on their side (per node, the
//! word of the tables that hold it, set bit by bit from the tables, which are sparse), so
//! that five of the six contradictions of [`super::check::detail`] are a few word operations per
//! candidate, cell, unit and house for the whole block; the sixth, a premise's own
//! negation, is one bit of its table.

use super::{Net, MAX_TABLE_N};
use crate::human::Board;

/// The places of each value in each unit, as candidate indices (in the unit's cell order)
/// in `net.unit_ks`: per group of two or more, (start, end) in `net.unit_groups` (two of a
/// group true: a value twice in a unit); per group of one or more, (unit, value index,
/// start, end) in `net.unit_all` (the verities of a unit); units and values in order.
pub(super) fn unit_groups(b: &Board, net: &mut Net) {
    net.unit_ks.clear();
    net.unit_groups.clear();
    net.unit_all.clear();
    let mut ks = [[0u32; MAX_TABLE_N]; MAX_TABLE_N];
    for u in 0..3 * b.n {
        let mut count = [0usize; MAX_TABLE_N];
        for &c in b.geo.unit(u) {
            let c = c as usize;
            if b.values[c] != 0 {
                continue;
            }
            // A cell's candidates are numbered one after the other, in value order.
            let mut k = net.first[c];
            let mut m = b.cands[c];
            while m != 0 {
                let v = m.trailing_zeros() as usize & (MAX_TABLE_N - 1);
                m &= m - 1;
                ks[v][count[v] & (MAX_TABLE_N - 1)] = k;
                count[v] += 1;
                k += 1;
            }
        }
        for (v, &k) in count[..b.n].iter().enumerate() {
            if k == 0 {
                continue;
            }
            let start = net.unit_ks.len() as u32;
            net.unit_ks.extend_from_slice(&ks[v][..k]);
            let end = net.unit_ks.len() as u32;
            if k >= 2 {
                net.unit_groups.push((start, end));
            }
            net.unit_all.push((u as u32, v as u32, start, end));
        }
    }
}

/// The first premise node from `from` up to `last` (off-nodes, then on-nodes, each in
/// (cell, value) order: the order of the conclusions they draw) whose table holds a
/// contradiction, any of the six that [`super::check::detail`] lists. Needs [`super::check::houses`]
/// and [`unit_groups`].
///
/// Premises of one strongly connected component share its table, and every contradiction
/// but the premise's own negation is a property of the table alone: so the tables are
/// scanned per component, 64 components at a time (those of the premises next in order,
/// each once), and each premise then reads its component's result and tests its own
/// negation. A premise that is [`Net::alone`] (its table is itself) is decided without
/// its table: as "false" it fails when its candidate is the last of its cell or the last
/// place of its value in a house, as "true" never.
pub(super) fn first_contradiction(
    b: &Board,
    net: &mut Net,
    from: usize,
    last: usize,
) -> Option<usize> {
    let (kk, half, words) = (net.kk, net.half, net.words);
    // The real premises (each half is padded to a word) up to `last`.
    let end = (half + kk).min(last + 1);
    let real = |x: usize| x < kk || x >= half;
    let mut from = from;
    if !real(from) {
        from = half;
    }
    if from >= end {
        return None;
    }
    if net.no_cand {
        return Some(from);
    }
    let mut tb = std::mem::take(&mut net.tb);
    tb.clear();
    tb.resize(2 * half, 0);
    // Per component: 0 not scanned yet, 1 in the block being scanned, 2 no
    // contradiction, 3 a contradiction.
    let mut state = std::mem::take(&mut net.comp_state);
    state.clear();
    state.resize(net.clos.len() / words, 0);
    // The "false" premises whose table is themselves alone with a contradiction: their
    // candidate is the last of its cell, or the last place of its value in a house.
    let mut lone_off = std::mem::take(&mut net.lone_off);
    lone_off.clear();
    lone_off.resize(half / 64, 0);
    for &c in &net.open {
        if b.cands[c].count_ones() == 1 {
            let k = net.first[c] as usize;
            lone_off[k / 64] |= 1 << (k % 64);
        }
    }
    for &(_, s, e) in &net.houses {
        if e == s + 1 {
            let k = net.house_ks[s];
            lone_off[k / 64] |= 1 << (k % 64);
        }
    }
    let mut block: Vec<u32> = Vec::with_capacity(64);
    let mut found = None;
    let mut p = from;
    while p < end {
        // The components of the premises next in order, up to 64 new ones.
        let mut q = p;
        block.clear();
        while q < end {
            if !real(q) {
                q = half;
                continue;
            }
            let c = net.scc[q] as usize;
            if state[c] == 0 && crate::human::bits::bit(&net.alone_set, q) {
                // Alone: its own component, whose table is itself. A "true" premise alone
                // has no contradiction (no cell without candidates, see `no_cand`).
                state[c] = 2 + u8::from(q < half && crate::human::bits::bit(&lone_off, q));
            } else if state[c] == 0 {
                if block.len() == 64 {
                    break;
                }
                state[c] = 1;
                block.push(c as u32);
            }
            q += 1;
        }
        if !block.is_empty() {
            // Each component's table turned on its side: each node it holds sets bit
            // `i` of the node's word (the tables are sparse, a few nodes per word of a
            // table, so this is cheaper than transposing whole 64x64 blocks).
            tb.fill(0);
            for (i, &c) in block.iter().enumerate() {
                let s = c as usize * words;
                for (w, &x) in net.clos[s..s + words].iter().enumerate() {
                    let mut x = x;
                    while x != 0 {
                        tb[w * 64 + x.trailing_zeros() as usize] |= 1 << i;
                        x &= x - 1;
                    }
                }
            }
            let r = contradictions(b, net, &tb, block.len());
            for (i, &c) in block.iter().enumerate() {
                state[c as usize] = 2 + (r >> i & 1) as u8;
            }
        }
        for x in p..q {
            if !real(x) {
                continue;
            }
            let neg = if x < half { x + half } else { x - half };
            if state[net.scc[x] as usize] == 3 || crate::human::bits::bit(net.closure(x), neg) {
                found = Some(x);
                break;
            }
        }
        if found.is_some() {
            break;
        }
        p = q;
    }
    net.tb = tb;
    net.comp_state = state;
    net.lone_off = lone_off;
    found
}

/// Bit `i` set: the table of the `i`-th of `count` tables has a contradiction (any but a
/// premise's own negation), where bit `i` of `tb[t]` says whether that table holds node
/// `t`.
fn contradictions(b: &Board, net: &Net, tb: &[u64], count: usize) -> u64 {
    let (kk, half) = (net.kk, net.half);
    let mut r = 0u64;
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
