//! The implication graph of a forcing search and its closed tables (a bit set per premise
//! of everything it implies), kept per thread and reused from call to call.

use super::NONE;
use crate::human::Board;
use numpl_core::Mask;

/// The implication graph and its closed tables, kept per thread and reused from call to
/// call (no allocation once the buffers have grown).
///
/// Node numbering: the board's candidates get compact indices `k` in (cell, value) order;
/// node `k` is "k is false", node `half + k` is "k is true" (`half` is the number of
/// candidates rounded up to a multiple of 64, so each half of a table starts on a word).
#[derive(Default)]
pub(super) struct Net {
    pub(super) n: usize,
    /// The number of candidates.
    pub(super) kk: usize,
    pub(super) half: usize,
    pub(super) words: usize,
    /// Compact index of candidate `cell * n + value - 1`, [`NONE`] if not a candidate.
    pub(super) index: Vec<u32>,
    /// Cell and value of each compact index.
    pub(super) cand: Vec<(u32, u8)>,
    /// Per cell, the compact index of its first candidate (a cell's are consecutive).
    pub(super) first: Vec<u32>,
    /// Per node, its direct implications: (start, length) in `data`.
    pub(super) edges: Vec<(u32, u32)>,
    pub(super) data: Vec<u32>,
    /// Per node its strongly connected component; per component its closure (bits).
    pub(super) scc: Vec<u32>,
    pub(super) clos: Vec<u64>,
    // Scratch of `close` and `check`.
    pub(super) t_index: Vec<u32>,
    pub(super) low: Vec<u32>,
    pub(super) stack: Vec<u32>,
    pub(super) call: Vec<(u32, u32)>,
    pub(super) members: Vec<u32>,
    /// The nodes that are [`Net::alone`] (bits, set by `close`).
    pub(super) alone_set: Vec<u64>,
    pub(super) houses: Vec<(usize, usize, usize)>,
    pub(super) house_ks: Vec<usize>,
    /// Scratch of [`houses`](super::check::houses): per open cell, the values no unit of it has placed.
    pub(super) allowed: Vec<u64>,
    /// Whether an open cell has no candidate (then every premise fails).
    pub(super) no_cand: bool,
    pub(super) open: Vec<usize>,
    /// Scratch of [`scan::first_contradiction`](super::scan::first_contradiction): per node, a block of premises' bits.
    pub(super) tb: Vec<u64>,
    /// Scratch of [`scan::first_contradiction`](super::scan::first_contradiction): the candidates whose "false" premise,
    /// alone, is a contradiction (bits).
    pub(super) lone_off: Vec<u64>,
    /// Scratch of [`scan::first_contradiction`](super::scan::first_contradiction): per component, whether its table is
    /// scanned and has a contradiction.
    pub(super) comp_state: Vec<u8>,
    /// The places of each value in each unit where it has two or more
    /// ([`scan::unit_groups`](super::scan::unit_groups)), and where it has one or more: (unit, value index, start,
    /// end) in `unit_ks`, units and values in order.
    pub(super) unit_ks: Vec<u32>,
    pub(super) unit_groups: Vec<(u32, u32)>,
    pub(super) unit_all: Vec<(u32, u32, u32, u32)>,
    /// Scratch of [`chain_edges`](super::edges::chain_edges): per (unit, value), how many cells of the unit hold the
    /// candidate and the first two of them.
    pub(super) places: Vec<(u32, [u32; 2])>,
    /// The board numbered (its geometry's address, candidates and values), and whether
    /// `houses`, `house_ks`, `no_cand` and the unit groups are that board's: a forcing
    /// net usually runs on the very board where the forcing chain just found nothing, and
    /// keeps all that depends on the board alone.
    pub(super) key_geo: usize,
    pub(super) key_cands: Vec<u64>,
    pub(super) key_values: Vec<u8>,
    pub(super) fixed: bool,
}
impl Net {
    /// Numbers the candidates of `b` (unless they are numbered already) and forgets the
    /// previous board's graph.
    pub(super) fn reset(&mut self, b: &Board) {
        let geo = b.geo as *const _ as usize;
        if self.key_geo != geo || self.key_cands != b.cands || self.key_values != b.values {
            self.number(b);
        }
        self.edges.clear();
        self.edges.resize(2 * self.half, (0, 0));
        self.data.clear();
    }

    /// Numbers the candidates of `b`.
    pub(super) fn number(&mut self, b: &Board) {
        self.key_geo = b.geo as *const _ as usize;
        self.key_cands.clone_from(&b.cands);
        self.key_values.clone_from(&b.values);
        self.fixed = false;
        let n = b.n;
        let cells = b.cands.len();
        self.n = n;
        self.index.clear();
        self.index.resize(cells * n, NONE);
        self.cand.clear();
        self.first.clear();
        self.first.resize(cells, 0);
        self.open.clear();
        for c in 0..cells {
            self.first[c] = self.cand.len() as u32;
            if b.values[c] != 0 {
                continue;
            }
            self.open.push(c);
            for v in Mask::from_bits(b.cands[c]) {
                self.index[c * n + v as usize - 1] = self.cand.len() as u32;
                self.cand.push((c as u32, v));
            }
        }
        self.kk = self.cand.len();
        self.half = self.kk.div_ceil(64).max(1) * 64;
        self.words = 2 * self.half / 64;
    }
    pub(super) fn node(&self, c: usize, v: u8, on: bool) -> usize {
        let k = self.index[c * self.n + v as usize - 1];
        debug_assert!(k != NONE);
        let k = k as usize;
        if on {
            self.half + k
        } else {
            k
        }
    }
    /// (cell, value, on) of a node.
    pub(super) fn cand(&self, node: usize) -> (usize, u8, bool) {
        let (k, on) = if node >= self.half {
            (node - self.half, true)
        } else {
            (node, false)
        };
        let (c, v) = self.cand[k];
        (c as usize, v, on)
    }
    pub(super) fn edges(&self, node: usize) -> &[u32] {
        let (s, l) = self.edges[node];
        &self.data[s as usize..(s + l) as usize]
    }
    /// Makes the implications pushed to `data` since `start` those of `node`.
    pub(super) fn set_edges(&mut self, node: usize, start: usize) {
        self.edges[node] = (start as u32, (self.data.len() - start) as u32);
    }
    /// Whether `node` implies nothing but itself (no implication, or only itself), so
    /// that its closure is itself alone.
    pub(super) fn alone(&self, node: usize) -> bool {
        let (s, l) = self.edges[node];
        l == 0 || (l == 1 && self.data[s as usize] as usize == node)
    }
    pub(super) fn closure(&self, node: usize) -> &[u64] {
        let s = self.scc[node] as usize * self.words;
        &self.clos[s..s + self.words]
    }
}

/// The real nodes of `kk` candidates (the padding of each half has none).
pub(super) fn nodes(kk: usize, half: usize) -> impl Iterator<Item = usize> {
    (0..kk).chain(half..half + kk)
}

/// Bits `start..start + len` of `set` (`len` below 64).
pub(super) fn bits(set: &[u64], start: usize, len: usize) -> u64 {
    if len == 0 {
        return 0;
    }
    let (w, o) = (start / 64, start % 64);
    let mut x = set[w] >> o;
    if o + len > 64 {
        x |= set[w + 1] << (64 - o);
    }
    x & ((1u64 << len) - 1)
}
/// Closes the tables: per strongly connected component of the implication graph, every
/// node it reaches (Tarjan's algorithm, which finishes a component after all it reaches).
///
/// A node that implies nothing but itself ([`Net::alone`]: most "false" premises of a
/// chain, the quiet ones of a net) is its own component with itself as closure: the search
/// does not enter it, and it gets its component at the end. A finished component's closure
/// is its members, the alone nodes they imply and the closures of the other nodes they
/// imply: an implied node already in the closure so far adds nothing (closures are
/// closed), so only those not in it are taken.
///
/// The word count of a table is fixed at compile time for the common ones (9x9 boards: two
/// to sixteen words), so that the unions of closures are straight-line code.
#[inline(never)]
pub(super) fn close(net: &mut Net) {
    match net.words {
        2 => close_w::<2>(net),
        4 => close_w::<4>(net),
        6 => close_w::<6>(net),
        8 => close_w::<8>(net),
        10 => close_w::<10>(net),
        12 => close_w::<12>(net),
        14 => close_w::<14>(net),
        16 => close_w::<16>(net),
        _ => close_w::<0>(net),
    }
}

/// [`close`] for tables of `W` words (`W` 0: any number, `net.words`).
pub(super) fn close_w<const W: usize>(net: &mut Net) {
    const UNSEEN: u32 = u32::MAX;
    // The index of a node whose component is finished, or that is alone: above every real
    // index, so that `low = min(low, index)` passes over it (it is off the stack).
    const DONE: u32 = u32::MAX - 1;
    let nn = 2 * net.half;
    let words = if W == 0 { net.words } else { W };
    debug_assert_eq!(words, net.words);
    let Net {
        kk,
        half,
        edges,
        data,
        scc,
        clos,
        t_index: index,
        low,
        stack,
        call,
        members,
        alone_set: alone,
        ..
    } = net;
    let (kk, half) = (*kk, *half);
    let (edges, data) = (&edges[..], &data[..]);
    index.clear();
    index.resize(nn, UNSEEN);
    low.clear();
    low.resize(nn, 0);
    scc.clear();
    scc.resize(nn, UNSEEN);
    // The alone nodes: never entered.
    alone.clear();
    alone.resize(words, 0);
    for x in nodes(kk, half) {
        let (s, l) = edges[x];
        if l == 0 || (l == 1 && data[s as usize] as usize == x) {
            alone[x / 64] |= 1 << (x % 64);
            index[x] = DONE;
        }
    }
    let alone = &alone[..words];
    // A component's closure is set whole when it is finished (no clearing beforehand).
    clos.clear();
    let mut comps = 0;
    stack.clear();
    call.clear();
    let mut counter = 0u32;
    for root in nodes(kk, half) {
        if index[root] != UNSEEN {
            continue;
        }
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        // (node, position of its next implication in `data`)
        call.push((root as u32, edges[root].0));
        while let Some(top) = call.last_mut() {
            let v = top.0 as usize;
            let (s, l) = edges[v];
            let end = (s + l) as usize;
            let mut i = top.1 as usize;
            let mut lv = low[v];
            let mut next = None;
            while i < end {
                let w = data[i] as usize;
                i += 1;
                let iw = index[w];
                if iw == UNSEEN {
                    next = Some(w);
                    break;
                }
                lv = lv.min(iw);
            }
            top.1 = i as u32;
            low[v] = lv;
            if let Some(w) = next {
                index[w] = counter;
                low[w] = counter;
                counter += 1;
                stack.push(w as u32);
                call.push((w as u32, edges[w].0));
                continue;
            }
            call.pop();
            if let Some(&(p, _)) = call.last() {
                low[p as usize] = low[p as usize].min(lv);
            }
            if lv != index[v] {
                continue;
            }
            let id = comps as u32;
            let base = comps * words;
            comps += 1;
            members.clear();
            clos.resize(base + words, 0);
            let (done, cur) = clos.split_at_mut(base);
            let cur = &mut cur[..words];
            loop {
                let x = stack.pop().unwrap() as usize;
                index[x] = DONE;
                scc[x] = id;
                cur[x / 64] |= 1 << (x % 64);
                members.push(x as u32);
                if x == v {
                    break;
                }
            }
            // What the members imply: an alone node itself, another node its finished
            // component's closure (the members themselves are in the closure already).
            for &x in members.iter() {
                let (s, l) = edges[x as usize];
                for &y in &data[s as usize..(s + l) as usize] {
                    let y = y as usize;
                    let (i, bit) = (y / 64, 1u64 << (y % 64));
                    if cur[i] & bit != 0 {
                        continue;
                    }
                    if alone[i] & bit != 0 {
                        cur[i] |= bit;
                        continue;
                    }
                    let o = scc[y] as usize * words;
                    for (a, b) in cur.iter_mut().zip(&done[o..o + words]) {
                        *a |= b;
                    }
                }
            }
        }
    }
    // Alone nodes (and nodes no premise leads anywhere from): their closure is themselves.
    for x in nodes(kk, half) {
        if scc[x] == UNSEEN {
            scc[x] = comps as u32;
            clos.resize((comps + 1) * words, 0);
            clos[comps * words + x / 64] |= 1 << (x % 64);
            comps += 1;
        }
    }
}
