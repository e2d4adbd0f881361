//! Kraken fish, as HoDoKu defines them: a finned basic or Franken fish (sizes 2 to 4, at
//! most two fins, no endo fins; X-Wings only beyond 9x9) that eliminates nothing by
//! itself, whose eliminations chains prove instead.
//!
//! Either some fin is true, or the fish holds: every cover set then has its truth among
//! its own base candidates (not a cannibalistic one).
//!
//! - Type 1: a cover candidate outside the base sets (or a cannibalistic base candidate)
//!   goes when the fish removes it and a chain from every fin (the fin true) removes it too.
//! - Type 2: for one cover set that holds more than base candidates, a candidate (any
//!   value, anywhere but the starting cells) goes when a chain from each of that cover
//!   set's base candidates and from every fin removes it.
//!
//! The chains are HoDoKu's plain implication chains, followed here from a candidate made
//! true: a true candidate removes its cell's other candidates and its value from every
//! peer; a removed candidate makes true the other candidate of a bivalue cell and the
//! other place of its value in a unit where only two are left. (HoDoKu also follows group
//! nodes; these chains do not, so they find fewer kraken fish.)

use std::collections::HashMap;

use numpl_core::Cell;

use super::franken::{self, Mode, Query};
use crate::human::bits::{bit, members, set_bit};
use crate::human::step::Variant;
use crate::human::{board::count, memo::Memo, Board, ChainNode, Step, Technique};

/// Everything one true candidate implies by chains: the candidates removed (value-major
/// cell sets) and how each node was reached.
struct Closure {
    /// `off[(d - 1) * w + ...]`: the cells where value d is removed.
    off: Vec<u64>,
    /// Parent node of each node reached (node = (cell * n + d - 1) * 2 + on), `u32::MAX`
    /// when not reached; the start is its own parent.
    parent: Vec<u32>,
}

/// Follows chains from candidates made true, remembering each start's closure.
struct Chains<'a> {
    b: &'a Board,
    w: usize,
    cache: HashMap<usize, Closure>,
}

impl<'a> Chains<'a> {
    fn new(b: &'a Board) -> Chains<'a> {
        Chains {
            b,
            w: b.cands.len().div_ceil(64),
            cache: HashMap::new(),
        }
    }

    fn node(&self, c: usize, d: u8, on: bool) -> usize {
        (c * self.b.n + d as usize - 1) * 2 + on as usize
    }

    /// The closure of `v` true in cell `c`.
    fn closure(&mut self, c: usize, v: u8) -> &Closure {
        let key = c * self.b.n + v as usize - 1;
        if !self.cache.contains_key(&key) {
            let cl = self.follow(c, v);
            self.cache.insert(key, cl);
        }
        &self.cache[&key]
    }

    fn follow(&self, start: usize, v: u8) -> Closure {
        let b = self.b;
        let n = b.n;
        let w = self.w;
        let mut off = vec![0u64; n * w];
        let mut parent = vec![u32::MAX; b.cands.len() * n * 2];
        let s = self.node(start, v, true);
        parent[s] = s as u32;
        let mut queue = vec![s];
        let mut head = 0;
        while head < queue.len() {
            let id = queue[head];
            head += 1;
            let on = id & 1 == 1;
            let c = id / 2 / n;
            let d = (id / 2 % n) as u8 + 1;
            let mut push = |c2: usize, d2: u8, on2: bool, queue: &mut Vec<usize>| {
                let x = (c2 * n + d2 as usize - 1) * 2 + on2 as usize;
                if parent[x] == u32::MAX {
                    parent[x] = id as u32;
                    if !on2 {
                        off[(d2 as usize - 1) * w + c2 / 64] |= 1 << (c2 % 64);
                    }
                    queue.push(x);
                }
            };
            if on {
                let mut m = b.cands[c] & !(1u64 << (d - 1));
                while m != 0 {
                    let d2 = m.trailing_zeros() as u8 + 1;
                    m &= m - 1;
                    push(c, d2, false, &mut queue);
                }
                for &p in b.geo.peers(c) {
                    if b.has(p as usize, d) {
                        push(p as usize, d, false, &mut queue);
                    }
                }
            } else {
                let m = b.cands[c] & !(1u64 << (d - 1));
                if count(m) == 1 && b.has(c, d) {
                    push(c, m.trailing_zeros() as u8 + 1, true, &mut queue);
                }
                for u in b.geo.units_of(c) {
                    let mut other = None;
                    let mut cnt = 0;
                    for &p in b.geo.unit(u as usize) {
                        let p = p as usize;
                        if p != c && b.has(p, d) {
                            cnt += 1;
                            other = Some(p);
                        }
                    }
                    if let (1, Some(p)) = (cnt, other) {
                        push(p, d, true, &mut queue);
                    }
                }
            }
        }
        Closure { off, parent }
    }

    /// Whether `v` true in `c` removes `d` from `t`.
    fn removes(&mut self, c: usize, v: u8, t: usize, d: u8) -> bool {
        let w = self.w;
        let cl = self.closure(c, v);
        cl.off[(d as usize - 1) * w + t / 64] >> (t % 64) & 1 != 0
    }

    /// The chain from `v` true in `c` to `d` removed from `t` (which it must reach).
    fn chain(&mut self, c: usize, v: u8, t: usize, d: u8) -> Vec<ChainNode> {
        let n = self.b.n;
        let end = self.node(t, d, false);
        let cl = self.closure(c, v);
        let mut ids = vec![end];
        let mut x = end;
        while cl.parent[x] as usize != x {
            x = cl.parent[x] as usize;
            ids.push(x);
        }
        ids.reverse();
        ids.into_iter()
            .map(|id| ChainNode {
                cell: Cell::new((id / 2 / n) as u16),
                group: Vec::new(),
                value: (id / 2 % n) as u8 + 1,
                on: id & 1 == 1,
            })
            .collect()
    }
}

/// A kraken fish (type 1 or 2), the first found: smallest size first, values in order.
pub(crate) fn kraken_fish(b: &Board, memo: &mut Memo) -> Option<Step> {
    let n = b.n;
    let peers = franken::peers(b, memo);
    let mode = Mode {
        max_fins: 2,
        max_endo: 0,
        need_elims: false,
        kinds: 1 | 2,
    };
    const ROW_BOX: u8 = 1 | 4;
    const COL_BOX: u8 = 2 | 4;
    let mut chains = Chains::new(b);
    let mut result = None;
    // HoDoKu's sizes 2 to 4 up to 9x9; beyond, X-Wings only (as Franken fish).
    let max = if n <= 9 { (n / 2).clamp(2, 4) } else { 2 };
    for k in 2..=max {
        for v in 1..=n as u8 {
            let cand = b.value_set(v);
            for (bk, ck) in [(ROW_BOX, COL_BOX), (COL_BOX, ROW_BOX)] {
                let q = Query {
                    v,
                    k,
                    base_kinds: bk,
                    cover_kinds: ck,
                    mode,
                };
                franken::search(b, &peers, q, None, &mut |f| {
                    if f.fins.is_empty() {
                        return false;
                    }
                    result =
                        type_one(&mut chains, f, &cand).or_else(|| type_two(&mut chains, f, &cand));
                    result.is_some()
                });
                if result.is_some() {
                    return result;
                }
            }
        }
    }
    None
}

/// Type 1: a cover candidate the fish would remove that a chain from every fin removes.
fn type_one(chains: &mut Chains<'_>, f: &franken::Found, cand: &[u64]) -> Option<Step> {
    let v = f.v;
    let targets: Vec<u64> = f
        .cover_cells
        .iter()
        .zip(&f.base_cells)
        .zip(&f.cannibal)
        .zip(cand)
        .map(|(((&c, &bc), &can), &x)| ((c & !bc) | can) & x)
        .collect();
    for t in members(&targets) {
        if f.fins.iter().all(|&fin| chains.removes(fin, v, t, v)) {
            let mut step = f.step(Technique::KrakenFish);
            step.variant = Variant::Type(1);
            step.eliminations = vec![(Cell::new(t as u16), v)];
            for &fin in &f.fins {
                step.chain.extend(chains.chain(fin, v, t, v));
            }
            return Some(step);
        }
    }
    None
}

/// Type 2: one cover set's base candidates and the fins all remove the same candidate.
fn type_two(chains: &mut Chains<'_>, f: &franken::Found, cand: &[u64]) -> Option<Step> {
    let b = chains.b;
    let (n, w, v) = (b.n, chains.w, f.v);
    for &u in &f.cover {
        let mut starts = Vec::new();
        let mut only_base = true;
        for &c in b.geo.unit(u) {
            let c = c as usize;
            if !bit(cand, c) {
                continue;
            }
            let in_base = bit(&f.base_cells, c);
            let cannibal = bit(&f.cannibal, c);
            if in_base && !cannibal {
                starts.push(c);
            } else {
                only_base = false;
            }
        }
        if only_base {
            // Every candidate of the cover set is a start: that is a plain forcing chain.
            continue;
        }
        let body: Vec<Cell> = starts.iter().map(|&c| Cell::new(c as u16)).collect();
        starts.extend(f.fins.iter().copied());
        for d in 1..=n as u8 {
            let mut common: Vec<u64> = vec![0; w];
            for (c, &m) in b.cands.iter().enumerate() {
                if m >> (d - 1) & 1 != 0 && !starts.contains(&c) {
                    set_bit(&mut common, c);
                }
            }
            for &s in &starts {
                if common.iter().all(|&x| x == 0) {
                    break;
                }
                let cl = chains.closure(s, v);
                for (x, &o) in common
                    .iter_mut()
                    .zip(&cl.off[(d as usize - 1) * w..d as usize * w])
                {
                    *x &= o;
                }
            }
            let first = members(&common).next();
            if let Some(t) = first {
                let mut step = f.step(Technique::KrakenFish);
                step.variant = Variant::Type(2);
                step.eliminations = vec![(Cell::new(t as u16), d)];
                for &s in &starts {
                    step.chain.extend(chains.chain(s, v, t, d));
                }
                // The cover set's base candidates the chains start from (besides the fins).
                step.groups = vec![(body, numpl_core::Mask::single(v))];
                return Some(step);
            }
        }
    }
    None
}
