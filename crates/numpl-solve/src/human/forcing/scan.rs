//! The first premise with a contradiction, 64 tables at a time: the tables of a block of
//! 64 components (premises that share a table) are turned on their side (per node, the
//! word of the tables that hold it: a 64x64 bit matrix per word of the tables, read bit
//! by bit where the tables are sparse there, transposed whole where they are not), so
//! that five of the six contradictions of [`super::detail`] are a few word operations per
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
/// contradiction, any of the six that [`super::detail`] lists. Needs [`super::houses`]
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
    tb.resize(words * 64, 0);
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
            if state[c] == 0 && super::bit(&net.alone_set, q) {
                // Alone: its own component, whose table is itself. A "true" premise alone
                // has no contradiction (no cell without candidates, see `no_cand`).
                state[c] = 2 + u8::from(q < half && super::bit(&lone_off, q));
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
            // Each component's table turned on its side, one word of the tables (64
            // nodes) at a time: bit `i` of `tb[t]` is bit `t` of the `i`-th table.
            let mut rows = [0u64; 64];
            for (w, out) in tb.chunks_exact_mut(64).enumerate() {
                let mut used = 0;
                for (r, &c) in rows.iter_mut().zip(&block) {
                    *r = net.clos[c as usize * words + w];
                    used += usize::from(*r != 0);
                }
                let out: &mut [u64; 64] = out.try_into().unwrap();
                set_on_side(&mut rows, block.len(), used, out);
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
            if state[net.scc[x] as usize] == 3 || super::bit(net.closure(x), neg) {
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

/// Sets `out` to the 64x64 bit matrix of `rows` (the first `len`; the others are taken as
/// empty) turned on its side: bit `i` of `out[t]` is bit `t` of `rows[i]`. Rows that are
/// mostly empty (`used`: how many are not) are read bit by bit; otherwise the matrix is
/// transposed whole, in six rounds of block swaps (the same bits, in fewer operations once
/// the rows hold a few bits each). `rows` is used as scratch.
fn set_on_side(rows: &mut [u64; 64], len: usize, used: usize, out: &mut [u64; 64]) {
    if used < 32 {
        *out = [0; 64];
        for (i, &x) in rows[..len].iter().enumerate() {
            let mut x = x;
            while x != 0 {
                out[x.trailing_zeros() as usize] |= 1 << i;
                x &= x - 1;
            }
        }
        return;
    }
    rows[len..].fill(0);
    transpose(rows);
    *out = *rows;
}

/// Transposes the 64x64 bit matrix `a` in place (bit `j` of `a[i]` becomes bit `i` of
/// `a[j]`): the top right and bottom left blocks of 32x32 swap, then within each block
/// those of 16x16, and so on down to single bits.
fn transpose(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            // Rows k and k + j, k in the upper half of a block of 2j rows.
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
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

#[cfg(test)]
mod tests {
    /// Turning a matrix on its side whole or bit by bit gives what reading it bit by bit
    /// does, on matrices from nearly empty to full and with fewer than 64 rows.
    #[test]
    fn on_side_as_bit_by_bit() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..400 {
            let len = if round % 3 == 0 { 1 + round % 64 } else { 64 };
            let mut rows = [0u64; 64];
            for r in rows.iter_mut().take(len) {
                *r = match round % 4 {
                    0 => next() & next() & next() & next(),
                    1 => next() & next(),
                    2 => next(),
                    _ => next() | next(),
                };
                if next() % 5 == 0 {
                    *r = 0;
                }
            }
            let mut expected = [0u64; 64];
            for (i, &r) in rows[..len].iter().enumerate() {
                for (t, e) in expected.iter_mut().enumerate() {
                    *e |= (r >> t & 1) << i;
                }
            }
            for used in [0, 64] {
                let (mut scratch, mut out) = (rows, [u64::MAX; 64]);
                // Rows past `len` hold junk: they must be taken as empty.
                scratch[len..].fill(next());
                super::set_on_side(&mut scratch, len, used, &mut out);
                assert_eq!(out, expected, "{round} {used}");
            }
        }
    }
}
