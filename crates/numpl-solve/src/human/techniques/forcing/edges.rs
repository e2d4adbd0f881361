//! The edges of the implication graph: what each premise directly implies (forcing
//! chains), or what it implies through rounds of singles on a copy of the board (forcing
//! nets).

use super::net::Net;
use super::sim::Sim;
use crate::human::Board;
use numpl_core::Mask;

/// The direct implications of every premise, for forcing chains.
#[inline(never)]
pub(super) fn chain_edges(b: &Board, net: &mut Net) {
    let n = b.n;
    let mut places = std::mem::take(&mut net.places);
    places.clear();
    places.resize(3 * n * n, (0, [0; 2]));
    for (u, row) in places.chunks_mut(n).enumerate() {
        for &c in b.geo.unit(u) {
            for v in Mask::from_bits(b.cands[c as usize]) {
                let e = &mut row[v as usize - 1];
                if e.0 < 2 {
                    e.1[e.0 as usize] = c as u32;
                }
                e.0 += 1;
            }
        }
    }
    for c in 0..b.cands.len() {
        let m = b.cands[c];
        if b.values[c] != 0 {
            continue;
        }
        for v in Mask::from_bits(m) {
            let bit = 1u64 << (v - 1);
            let s = net.data.len();
            for w in Mask::from_bits(m & !bit) {
                let x = net.node(c, w, false) as u32;
                net.data.push(x);
            }
            for &p in b.geo.peers(c) {
                if b.cands[p as usize] & bit != 0 {
                    let x = net.node(p as usize, v, false) as u32;
                    net.data.push(x);
                }
            }
            net.set_edges(net.node(c, v, true), s);
            let s = net.data.len();
            if m.count_ones() == 2 {
                let w = (m & !bit).trailing_zeros() as u8 + 1;
                let x = net.node(c, w, true) as u32;
                net.data.push(x);
            }
            for u in b.geo.units_of(c) {
                let (count, two) = places[u as usize * n + v as usize - 1];
                if count == 2 {
                    // The cell is one of the two.
                    let o = if two[0] as usize == c { two[1] } else { two[0] };
                    let x = net.node(o as usize, v, true) as u32;
                    if !net.data[s..].contains(&x) {
                        net.data.push(x);
                    }
                }
            }
            net.set_edges(net.node(c, v, false), s);
        }
    }
    net.places = places;
}
/// What a premise implies through singles, for forcing nets: the premise applied to a
/// copy of the board, then up to [`LOOK_AHEAD`](super::LOOK_AHEAD) rounds of all its singles; the table is
/// every placement made and every candidate gone.
#[inline(never)]
pub(super) fn net_edges<const W: usize>(b: &Board, net: &mut Net) {
    let mut sim = Sim::<W>::new(b);
    for c in 0..b.cands.len() {
        if b.values[c] != 0 {
            continue;
        }
        let m = b.cands[c];
        if m.count_ones() == 2 {
            // In a bivalue cell "v is false" is played as "w is true" (w placed, v gone):
            // the same table, shared.
            let v = m.trailing_zeros() as u8 + 1;
            let w = (63 - m.leading_zeros()) as u8 + 1;
            sim.premise(c, v, true, net);
            sim.premise(c, w, true, net);
            let (v_off, w_on) = (net.node(c, v, false), net.node(c, w, true));
            let (w_off, v_on) = (net.node(c, w, false), net.node(c, v, true));
            net.edges[v_off] = net.edges[w_on];
            net.edges[w_off] = net.edges[v_on];
            continue;
        }
        for v in Mask::from_bits(b.cands[c]) {
            sim.premise(c, v, true, net);
            if sim.quiet_off(c, v) {
                let s = net.data.len();
                let node = net.node(c, v, false);
                net.data.push(node as u32);
                net.set_edges(node, s);
            } else {
                sim.premise(c, v, false, net);
            }
        }
    }
}
