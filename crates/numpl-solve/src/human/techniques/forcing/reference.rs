//! The plain table search (one `Vec` per node, a board copy per net premise, every test
//! on every premise), for tests only: the fast search in this folder must find exactly
//! the steps this one finds. It shares the constants, the proofs and the step building
//! with the fast search.
#![allow(dead_code)]

use std::collections::HashMap;
use std::collections::VecDeque;

use numpl_core::{Cell, Mask};

use super::check::{Found, Key, Proof};
use super::proof::{path, step_of};
use super::{LOOK_AHEAD, MAX_TABLE_N};
use crate::human::bits::bit;
use crate::human::step::ForcingKind;
use crate::human::{Board, Step, Technique};

/// Node numbering: candidate `k = cell * n + value - 1`; node `k` is "k is false", node
/// `half + k` is "k is true".
struct Net {
    n: usize,
    half: usize,
    words: usize,
    edges: Vec<Vec<u32>>,
    /// Per node its strongly connected component; per component its closure (bits).
    scc: Vec<u32>,
    clos: Vec<u64>,
}

impl Net {
    fn node(&self, c: usize, v: u8, on: bool) -> usize {
        let k = c * self.n + v as usize - 1;
        if on {
            self.half + k
        } else {
            k
        }
    }
    /// (cell, value, on) of a node.
    fn cand(&self, node: usize) -> (usize, u8, bool) {
        let (k, on) = if node >= self.half {
            (node - self.half, true)
        } else {
            (node, false)
        };
        (k / self.n, (k % self.n) as u8 + 1, on)
    }
    fn closure(&self, node: usize) -> &[u64] {
        let s = self.scc[node] as usize * self.words;
        &self.clos[s..s + self.words]
    }
}

fn ones(set: &[u64], offset: usize) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(move |(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let t = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(offset + i * 64 + t)
        })
    })
}

fn new_net(b: &Board) -> Net {
    let n = b.n;
    let half = (b.cands.len() * n).div_ceil(64) * 64;
    Net {
        n,
        half,
        words: 2 * half / 64,
        edges: vec![Vec::new(); 2 * half],
        scc: Vec::new(),
        clos: Vec::new(),
    }
}

/// The direct implications of every premise, for forcing chains.
#[inline(never)]
fn chain_edges(b: &Board, net: &mut Net) {
    for c in 0..b.cands.len() {
        let m = b.cands[c];
        if b.values[c] != 0 {
            continue;
        }
        for v in Mask::from_bits(m) {
            let bit = 1u64 << (v - 1);
            let mut on = Vec::new();
            for w in Mask::from_bits(m & !bit) {
                on.push(net.node(c, w, false) as u32);
            }
            for &p in b.geo.peers(c) {
                if b.cands[p as usize] & bit != 0 {
                    on.push(net.node(p as usize, v, false) as u32);
                }
            }
            let mut off = Vec::new();
            if m.count_ones() == 2 {
                let w = (m & !bit).trailing_zeros() as u8 + 1;
                off.push(net.node(c, w, true) as u32);
            }
            for u in b.geo.units_of(c) {
                let u = u as usize;
                if b.positions(u, v).count_ones() == 2 {
                    if let Some(o) = b.cells_with(u, v).find(|&o| o != c) {
                        let x = net.node(o, v, true) as u32;
                        if !off.contains(&x) {
                            off.push(x);
                        }
                    }
                }
            }
            let (i_on, i_off) = (net.node(c, v, true), net.node(c, v, false));
            net.edges[i_on] = on;
            net.edges[i_off] = off;
        }
    }
}

/// Every naked single, then every hidden single of `w` (each cell once).
fn singles(w: &Board, out: &mut Vec<(usize, u8)>) {
    out.clear();
    for c in 0..w.cands.len() {
        let m = w.cands[c];
        if w.values[c] == 0 && m != 0 && m & (m - 1) == 0 {
            out.push((c, m.trailing_zeros() as u8 + 1));
        }
    }
    let naked = out.len();
    for u in 0..3 * w.n {
        if w.unit_open[u] == 0 {
            continue;
        }
        let cells = w.geo.unit(u);
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in cells {
            let m = w.cands[c as usize];
            twice |= once & m;
            once |= m;
        }
        let lone = once & !twice & !w.unit_placed[u];
        for v in Mask::from_bits(lone) {
            let bit = 1u64 << (v - 1);
            if let Some(&c) = cells.iter().find(|&&c| w.cands[c as usize] & bit != 0) {
                let c = c as usize;
                if !out[naked..].iter().any(|&(x, _)| x == c) {
                    out.push((c, v));
                }
            }
        }
    }
}

/// What a premise implies through singles, for forcing nets: the premise applied to a
/// copy of the board, then up to [`LOOK_AHEAD`] rounds of all its singles; the table is
/// every placement made and every candidate gone.
#[inline(never)]
fn net_edges(b: &Board, net: &mut Net) {
    let mut w = b.clone();
    let mut found = Vec::new();
    for c in 0..b.cands.len() {
        if b.values[c] != 0 {
            continue;
        }
        for v in Mask::from_bits(b.cands[c]) {
            for on in [true, false] {
                w.copy_from(b);
                if on {
                    w.place(c, v);
                } else {
                    w.eliminate(Cell::new(c as u16), v);
                    let m = w.cands[c];
                    if m != 0 && m & (m - 1) == 0 {
                        w.place(c, m.trailing_zeros() as u8 + 1);
                    }
                }
                for _ in 0..LOOK_AHEAD {
                    singles(&w, &mut found);
                    if found.is_empty() {
                        break;
                    }
                    for &(x, y) in &found {
                        if w.values[x] == 0 {
                            w.place(x, y);
                        }
                    }
                }
                let mut table = Vec::new();
                for x in 0..b.cands.len() {
                    if b.values[x] != 0 {
                        continue;
                    }
                    let gone = if w.values[x] != 0 {
                        table.push(net.node(x, w.values[x], true) as u32);
                        b.cands[x] & !(1u64 << (w.values[x] - 1))
                    } else {
                        b.cands[x] & !w.cands[x]
                    };
                    for y in Mask::from_bits(gone) {
                        table.push(net.node(x, y, false) as u32);
                    }
                }
                let i = net.node(c, v, on);
                net.edges[i] = table;
            }
        }
    }
}

/// Closes the tables: per strongly connected component of the implication graph, every
/// node it reaches (Tarjan's algorithm, which finishes a component after all it reaches).
fn close(net: &mut Net) {
    const UNSEEN: u32 = u32::MAX;
    let nn = net.edges.len();
    let words = net.words;
    let mut index = vec![UNSEEN; nn];
    let mut low = vec![0u32; nn];
    let mut on_stack = vec![false; nn];
    let mut stack: Vec<u32> = Vec::new();
    let mut scc = vec![UNSEEN; nn];
    let mut clos: Vec<u64> = Vec::new();
    let mut call: Vec<(usize, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut members = Vec::new();
    for root in 0..nn {
        if index[root] != UNSEEN || net.edges[root].is_empty() {
            continue;
        }
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        call.push((root, 0));
        while let Some(&(v, ei)) = call.last() {
            if ei < net.edges[v].len() {
                call.last_mut().unwrap().1 += 1;
                let w = net.edges[v][ei] as usize;
                if index[w] == UNSEEN {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            call.pop();
            if let Some(&(p, _)) = call.last() {
                low[p] = low[p].min(low[v]);
            }
            if low[v] != index[v] {
                continue;
            }
            let id = (clos.len() / words) as u32;
            let base = clos.len();
            clos.resize(base + words, 0);
            members.clear();
            loop {
                let x = stack.pop().unwrap() as usize;
                on_stack[x] = false;
                scc[x] = id;
                clos[base + x / 64] |= 1 << (x % 64);
                members.push(x);
                if x == v {
                    break;
                }
            }
            let (done, cur) = clos.split_at_mut(base);
            for &x in &members {
                for &y in &net.edges[x] {
                    let s = scc[y as usize];
                    if s != id {
                        let o = s as usize * words;
                        for (a, b) in cur.iter_mut().zip(&done[o..o + words]) {
                            *a |= b;
                        }
                    }
                }
            }
        }
    }
    // Nodes no premise leads anywhere from (targets only): their closure is themselves.
    for x in 0..nn {
        if scc[x] == UNSEEN && index[x] == UNSEEN {
            let base = clos.len();
            scc[x] = (base / words) as u32;
            clos.resize(base + words, 0);
            clos[base + x / 64] |= 1 << (x % 64);
        }
    }
    net.scc = scc;
    net.clos = clos;
}

/// The conclusion when premise `p` is false: the candidate goes, or its value is placed.
fn refute(net: &Net, p: usize) -> Key {
    let (c, v, on) = net.cand(p);
    if on {
        (1, c, v)
    } else {
        (0, c, v)
    }
}

/// Checks every table for contradictions and verities, keeping HoDoKu's best conclusion.
fn check(b: &Board, net: &Net) -> Found {
    let n = b.n;
    let hw = net.half / 64;
    let mut f = Found {
        best: None,
        proofs: Vec::new(),
    };
    // For "no place left": per (unit, value) not placed in it, the candidates of the cells
    // where the value is allowed by the placed values (HoDoKu's test, which needs all of
    // them still to be candidates).
    let mut houses: Vec<(usize, Vec<usize>)> = Vec::new();
    for u in 0..3 * n {
        for v in Mask::from_bits(b.all & !b.unit_placed[u]) {
            let bit = 1u64 << (v - 1);
            let mut ks = Vec::new();
            let mut ok = true;
            for &c in b.geo.unit(u) {
                let c = c as usize;
                if b.values[c] != 0 {
                    continue;
                }
                let placed = b
                    .geo
                    .units_of(c)
                    .iter()
                    .any(|&x| b.unit_placed[x as usize] & bit != 0);
                if placed {
                    continue;
                }
                if b.cands[c] & bit == 0 {
                    ok = false;
                    break;
                }
                ks.push(net.node(c, v, false));
            }
            if ok && !ks.is_empty() {
                houses.push((u, ks));
            }
        }
    }
    let open: Vec<usize> = (0..b.cands.len()).filter(|&c| b.values[c] == 0).collect();
    let mut ons: Vec<(usize, u8)> = Vec::new();
    let mut by_unit: Vec<(usize, u8, usize)> = Vec::new();
    let mut seen = vec![0u32; 3 * n * n];
    let mut stamp = 0u32;
    for &c in &open {
        for v in Mask::from_bits(b.cands[c]) {
            for on in [true, false] {
                let p = net.node(c, v, on);
                let key = refute(net, p);
                // A contradiction here only refutes p: no use past the best so far.
                if f.best.is_some_and(|b| key > b) {
                    continue;
                }
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
                            extra: Some(k / n),
                        });
                    }
                }
                ons.clear();
                ons.extend(ones(onss, 0).map(|k| (k / n, (k % n) as u8 + 1)));
                // 3. two values in a cell
                for i in 0..ons.len() {
                    for j in i + 1..ons.len() {
                        if ons[i].0 == ons[j].0 {
                            let (x, y) = (ons[i], ons[j]);
                            f.add(key, || Proof {
                                kind: ForcingKind::TwoValues,
                                branches: vec![
                                    (p, net.node(x.0, x.1, true)),
                                    (p, net.node(y.0, y.1, true)),
                                ],
                                unit: None,
                                extra: Some(x.0),
                            });
                        }
                    }
                }
                // 4. a value twice in a unit (rows, then columns, then boxes)
                by_unit.clear();
                stamp += 1;
                let mut twice = false;
                for &(x, y) in &ons {
                    for u in b.geo.units_of(x) {
                        let slot = &mut seen[u as usize * n + y as usize - 1];
                        twice |= *slot == stamp;
                        *slot = stamp;
                        by_unit.push((u as usize, y, x));
                    }
                }
                if twice {
                    by_unit.sort_unstable();
                } else {
                    by_unit.clear();
                }
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
                for &x in &open {
                    let m = b.cands[x];
                    let all_off = Mask::from_bits(m)
                        .iter()
                        .all(|y| bit(offs, net.node(x, y, false)));
                    if all_off && !(1..=n as u8).any(|y| bit(onss, net.node(x, y, false))) {
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
                for (u, ks) in &houses {
                    if ks.iter().all(|&k| bit(offs, k)) {
                        f.add(key, || Proof {
                            kind: ForcingKind::NoPlace,
                            branches: ks.iter().map(|&k| (p, k)).collect(),
                            unit: Some(*u),
                            extra: None,
                        });
                    }
                }
            }
        }
    }
    // Verities: the same conclusion from every premise of a set that must hold one.
    let mut acc = vec![0u64; net.words];
    let mut verity = |f: &mut Found,
                      premises: &[usize],
                      kind: ForcingKind,
                      unit: Option<usize>,
                      skip: Option<usize>| {
        acc.copy_from_slice(net.closure(premises[0]));
        for &p in &premises[1..] {
            for (a, r) in acc.iter_mut().zip(net.closure(p)) {
                *a &= r;
            }
        }
        for t in ones(&acc, 0) {
            let (x, y, on) = net.cand(t);
            if Some(x) == skip || b.values[x] != 0 {
                continue;
            }
            let key = if on { (0, x, y) } else { (1, x, y) };
            f.add(key, || Proof {
                kind,
                branches: premises.iter().map(|&p| (p, t)).collect(),
                unit,
                extra: None,
            });
        }
    };
    for &c in &open {
        for v in Mask::from_bits(b.cands[c]) {
            let ps = [net.node(c, v, true), net.node(c, v, false)];
            verity(&mut f, &ps, ForcingKind::OnOff, None, Some(c));
        }
    }
    for &c in &open {
        let ps: Vec<usize> = Mask::from_bits(b.cands[c])
            .iter()
            .map(|v| net.node(c, v, true))
            .collect();
        verity(&mut f, &ps, ForcingKind::Cell, None, None);
    }
    for u in 0..3 * n {
        for v in Mask::from_bits(b.all & !b.unit_placed[u]) {
            let ps: Vec<usize> = b.cells_with(u, v).map(|c| net.node(c, v, true)).collect();
            if !ps.is_empty() {
                verity(&mut f, &ps, ForcingKind::Unit, Some(u), None);
            }
        }
    }
    f
}

/// Shortest paths from `from` in the implication graph: each node's predecessor.
fn bfs(net: &Net, from: usize) -> Vec<u32> {
    let mut pred = vec![u32::MAX; net.edges.len()];
    pred[from] = from as u32;
    let mut q = VecDeque::from([from]);
    while let Some(x) = q.pop_front() {
        for &y in &net.edges[x] {
            if pred[y as usize] == u32::MAX {
                pred[y as usize] = x as u32;
                q.push_back(y as usize);
            }
        }
    }
    pred
}

/// The step of the best conclusion, with its shortest proof.
#[inline(never)]
fn build(t: Technique, b: &Board, net: &Net, found: Found) -> Option<Step> {
    let (kind_place, cell, value) = found.best?;
    let mut preds: HashMap<usize, Vec<u32>> = HashMap::new();
    let mut best: Option<(usize, &Proof, Vec<Vec<usize>>)> = None;
    for proof in &found.proofs {
        let mut paths = Vec::new();
        for &(p, t) in &proof.branches {
            let pred = preds.entry(p).or_insert_with(|| bfs(net, p));
            paths.push(path(pred, p, t));
        }
        let len: usize = paths.iter().map(Vec::len).sum();
        if best.as_ref().is_none_or(|(l, _, _)| len < *l) {
            best = Some((len, proof, paths));
        }
    }
    let (_, proof, paths) = best?;
    Some(step_of(
        t,
        b,
        (kind_place, cell, value),
        proof,
        paths,
        |x| net.cand(x),
    ))
}

/// Forcing chains (contradiction and verity), HoDoKu's choice of all that exist.
pub(crate) fn forcing_chain(b: &Board) -> Option<Step> {
    if b.n > MAX_TABLE_N {
        return None;
    }
    let mut net = new_net(b);
    chain_edges(b, &mut net);
    close(&mut net);
    let found = check(b, &net);
    build(Technique::ForcingChain, b, &net, found)
}

/// Forcing nets (contradiction and verity), HoDoKu's choice of all that exist.
pub(crate) fn forcing_net(b: &Board) -> Option<Step> {
    if b.n > MAX_TABLE_N {
        return super::big::forcing_net_big(b);
    }
    let mut net = new_net(b);
    net_edges(b, &mut net);
    close(&mut net);
    let found = check(b, &net);
    build(Technique::ForcingNet, b, &net, found)
}
