//! Forcing chains and forcing nets, the last resort before brute force, found as HoDoKu
//! finds them: with implication tables ("Trebor's tables").
//!
//! Every candidate gives two premises, "it is true" (on) and "it is false" (off). Each
//! premise has a table of what it implies, closed under implication (if A implies B and B
//! implies C, A's table holds C):
//!
//! - for a **forcing chain** a premise implies only what follows from it alone: a true
//!   candidate removes the other candidates of its cell and its value from the peers; a
//!   false candidate makes the other candidate of a bivalue cell true, and the other place
//!   of its value in a unit where the value had two places. Every conclusion hangs on one
//!   premise, so each branch reads as a chain;
//! - for a **forcing net** the premise is applied to a copy of the board, followed by up to
//!   four rounds of every naked and hidden single the copy then has: a single may need
//!   several earlier conclusions at once (a cell that lost two candidates in two places),
//!   so a branch is a net.
//!
//! A premise is false when its table holds a contradiction: the premise's own negation, a
//! candidate both true and false, two values in a cell, a value twice in a unit, a cell
//! with every candidate false, or a unit where every place of a value is false
//! (contradiction). A conclusion is true when both premises of a candidate imply it, or
//! every candidate of a cell, or every place of a value in a unit (verity). Each step has
//! one conclusion; of all found, HoDoKu's choice is taken: a placement before an
//! elimination, the lowest cell (then value) first, and of the proofs of that conclusion
//! the one with the shortest branches. A forcing net runs only when no forcing chain
//! exists, so every net step really needs a net.
//!
//! How it is fast: the candidates are numbered compactly, so a table is a bit set of two
//! bits per candidate of the board; the graph and its buffers are kept per thread and
//! reused, and so is what depends on the board alone (the numbering, the houses and unit
//! groups of the contradiction tests) when a net runs where the chain found nothing. A
//! forcing net's premise is played out on one cell set per value (the copy of the board),
//! where a round of singles is a few word operations, hidden singles looked for only
//! where a value's count of places in a unit has just dropped to one; in a bivalue cell
//! "v is false" plays as "w is true" and shares its table, and on a board
//! with no single "v is false" is not played when it can make none (its cell keeps three
//! candidates or more, each of its units three places of v or more): its table is itself
//! alone. The best conclusion is found before any proof: the best verity (an AND of
//! tables per set of premises, word by word and only up to the best so far), then the
//! premises in the order of the conclusion their contradiction would draw, up to the first
//! that has one (64 tables at a time, one per strongly connected component of premises,
//! turned on their side so that each contradiction is a few word operations per
//! candidate, cell, unit and house, and a premise that implies nothing but itself decided
//! without its table: `forcing/scan.rs`); only the proofs of that conclusion are then
//! listed, in the order an exhaustive search meets them. The old search
//! (`forcing/reference.rs`) is kept for tests, which compare the two.
//!
//! The tables hold a bit per candidate and premise, so they are kept to grids of up to
//! 16x16; on larger grids forcing nets are found by the propagation of `forcing_big.rs`.

use std::cell::RefCell;

use numpl_core::{Cell, Mask, Unit};

use crate::human::board::members;
use crate::human::{Board, ChainNode, Step, Technique};

mod big;
#[cfg(test)]
mod reference;
mod scan;

/// Rounds of singles a forcing net follows from its premise (HoDoKu's default depth).
const LOOK_AHEAD: usize = 4;

/// The largest grid side the tables are built for.
pub(crate) const MAX_TABLE_N: usize = 16;

/// Step variants: how a premise fails (contradiction) or what proves a verity.
pub(crate) mod kind {
    /// The premise implies its own negation.
    pub(crate) const SELF: u8 = 1;
    /// A candidate both true and false (the cell in `extra`).
    pub(crate) const BOTH: u8 = 2;
    /// Two values in one cell (the cell in `extra`).
    pub(crate) const TWO_VALUES: u8 = 3;
    /// A value twice in a unit (the unit in `units`).
    pub(crate) const TWICE: u8 = 4;
    /// A cell with every candidate false (the cell in `extra`).
    pub(crate) const EMPTY_CELL: u8 = 5;
    /// A unit with every place of a value false (the unit in `units`).
    pub(crate) const NO_PLACE: u8 = 6;
    /// A candidate true and the same candidate false imply the same.
    pub(crate) const ON_OFF: u8 = 7;
    /// Every candidate of a cell implies the same.
    pub(crate) const CELL: u8 = 8;
    /// Every place of a value in a unit implies the same (the unit in `units`).
    pub(crate) const UNIT: u8 = 9;
    /// Big grids (`forcing_big.rs`): a candidate leads to a contradiction.
    pub(crate) const BIG_CONTRADICTION: u8 = 10;
    /// Big grids: every other candidate of a cell leads to a contradiction.
    pub(crate) const BIG_LAST: u8 = 11;
}

const NONE: u32 = u32::MAX;

/// The implication graph and its closed tables, kept per thread and reused from call to
/// call (no allocation once the buffers have grown).
///
/// Node numbering: the board's candidates get compact indices `k` in (cell, value) order;
/// node `k` is "k is false", node `half + k` is "k is true" (`half` is the number of
/// candidates rounded up to a multiple of 64, so each half of a table starts on a word).
#[derive(Default)]
struct Net {
    n: usize,
    /// The number of candidates.
    kk: usize,
    half: usize,
    words: usize,
    /// Compact index of candidate `cell * n + value - 1`, [`NONE`] if not a candidate.
    index: Vec<u32>,
    /// Cell and value of each compact index.
    cand: Vec<(u32, u8)>,
    /// Per cell, the compact index of its first candidate (a cell's are consecutive).
    first: Vec<u32>,
    /// Per node, its direct implications: (start, length) in `data`.
    edges: Vec<(u32, u32)>,
    data: Vec<u32>,
    /// Per node its strongly connected component; per component its closure (bits).
    scc: Vec<u32>,
    clos: Vec<u64>,
    // Scratch of `close` and `check`.
    t_index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    call: Vec<(u32, u32)>,
    members: Vec<u32>,
    /// The nodes that are [`Net::alone`] (bits, set by `close`).
    alone_set: Vec<u64>,
    houses: Vec<(usize, usize, usize)>,
    house_ks: Vec<usize>,
    /// Scratch of [`houses`]: per open cell, the values no unit of it has placed.
    allowed: Vec<u64>,
    /// Whether an open cell has no candidate (then every premise fails).
    no_cand: bool,
    open: Vec<usize>,
    /// Scratch of [`scan::first_contradiction`]: per node, a block of premises' bits.
    tb: Vec<u64>,
    /// Scratch of [`scan::first_contradiction`]: the candidates whose "false" premise,
    /// alone, is a contradiction (bits).
    lone_off: Vec<u64>,
    /// Scratch of [`scan::first_contradiction`]: per component, whether its table is
    /// scanned and has a contradiction.
    comp_state: Vec<u8>,
    /// The places of each value in each unit where it has two or more
    /// ([`scan::unit_groups`]), and where it has one or more: (unit, value index, start,
    /// end) in `unit_ks`, units and values in order.
    unit_ks: Vec<u32>,
    unit_groups: Vec<(u32, u32)>,
    unit_all: Vec<(u32, u32, u32, u32)>,
    /// Scratch of [`chain_edges`]: per (unit, value), how many cells of the unit hold the
    /// candidate and the first two of them.
    places: Vec<(u32, [u32; 2])>,
    /// The board numbered (its geometry's address, candidates and values), and whether
    /// `houses`, `house_ks`, `no_cand` and the unit groups are that board's: a forcing
    /// net usually runs on the very board where the forcing chain just found nothing, and
    /// keeps all that depends on the board alone.
    key_geo: usize,
    key_cands: Vec<u64>,
    key_values: Vec<u8>,
    fixed: bool,
}

thread_local! {
    static NET: RefCell<Net> = RefCell::new(Net::default());
}

impl Net {
    /// Numbers the candidates of `b` (unless they are numbered already) and forgets the
    /// previous board's graph.
    fn reset(&mut self, b: &Board) {
        let geo = b.geo as *const _ as usize;
        if self.key_geo != geo || self.key_cands != b.cands || self.key_values != b.values {
            self.number(b);
        }
        self.edges.clear();
        self.edges.resize(2 * self.half, (0, 0));
        self.data.clear();
    }

    /// Numbers the candidates of `b`.
    fn number(&mut self, b: &Board) {
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
    fn node(&self, c: usize, v: u8, on: bool) -> usize {
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
    fn cand(&self, node: usize) -> (usize, u8, bool) {
        let (k, on) = if node >= self.half {
            (node - self.half, true)
        } else {
            (node, false)
        };
        let (c, v) = self.cand[k];
        (c as usize, v, on)
    }
    fn edges(&self, node: usize) -> &[u32] {
        let (s, l) = self.edges[node];
        &self.data[s as usize..(s + l) as usize]
    }
    /// Makes the implications pushed to `data` since `start` those of `node`.
    fn set_edges(&mut self, node: usize, start: usize) {
        self.edges[node] = (start as u32, (self.data.len() - start) as u32);
    }
    /// Whether `node` implies nothing but itself (no implication, or only itself), so
    /// that its closure is itself alone.
    fn alone(&self, node: usize) -> bool {
        let (s, l) = self.edges[node];
        l == 0 || (l == 1 && self.data[s as usize] as usize == node)
    }
    fn closure(&self, node: usize) -> &[u64] {
        let s = self.scc[node] as usize * self.words;
        &self.clos[s..s + self.words]
    }
}

/// The real nodes of `kk` candidates (the padding of each half has none).
fn nodes(kk: usize, half: usize) -> impl Iterator<Item = usize> {
    (0..kk).chain(half..half + kk)
}

fn bit(set: &[u64], i: usize) -> bool {
    set[i / 64] >> (i % 64) & 1 != 0
}

/// Bits `start..start + len` of `set` (`len` below 64).
fn bits(set: &[u64], start: usize, len: usize) -> u64 {
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

/// The direct implications of every premise, for forcing chains.
#[inline(never)]
fn chain_edges(b: &Board, net: &mut Net) {
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

/// A set of cells, `W` words.
type Cells<const W: usize> = [u64; W];

fn add<const W: usize>(s: &mut Cells<W>, c: usize) {
    s[c / 64] |= 1 << (c % 64);
}

fn has<const W: usize>(s: &Cells<W>, c: usize) -> bool {
    s[c / 64] >> (c % 64) & 1 != 0
}

fn and<const W: usize>(a: &Cells<W>, b: &Cells<W>) -> Cells<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

/// Calls `f` with each member of `s`, in increasing order (as [`members`] lists them,
/// in a plain loop).
#[inline(always)]
fn each<const W: usize>(s: &Cells<W>, mut f: impl FnMut(usize)) {
    for (i, &w) in s.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// The single cell of `s`, if it has exactly one.
fn lone<const W: usize>(s: &Cells<W>) -> Option<usize> {
    let mut found = None;
    for (i, &w) in s.iter().enumerate() {
        if w == 0 {
            continue;
        }
        if found.is_some() || w & (w - 1) != 0 {
            return None;
        }
        found = Some(i * 64 + w.trailing_zeros() as usize);
    }
    found
}

/// Sizes of [`Sim`]'s fixed arrays: units (at most `3 * MAX_TABLE_N`) and cells (at most
/// 256), each a power of two so that an index masked to it needs no bounds check.
const SIM_UNITS: usize = 64;
const SIM_CELLS: usize = 256;

/// A forcing net's premise played out on a copy of the board kept as one cell set per
/// value (`W` words: the grid's cells, at most 256), so that a round of singles is a few
/// word operations per value and per changed unit. Its tables are fixed arrays sized for
/// the largest grid (indices masked to them: `& 15` a value, `& 63` a unit, `& 255` a
/// cell), so that nothing is bounds-checked or reached through a pointer.
struct Sim<'a, const W: usize> {
    b: &'a Board,
    n: usize,
    units: [Cells<W>; SIM_UNITS],
    /// Per unit, the words of a cell set its cells are in (`lo..hi`).
    spans: [(u8, u8); SIM_UNITS],
    peers: [Cells<W>; SIM_CELLS],
    /// Per cell, its three units.
    cell_units: [[u8; 3]; SIM_CELLS],
    /// Per value: the cells holding it as a candidate; per unit: the values placed in
    /// it (bits).
    base_cv: [Cells<W>; MAX_TABLE_N],
    base_placed: [u64; SIM_UNITS],
    cv: [Cells<W>; MAX_TABLE_N],
    placed: [u64; SIM_UNITS],
    /// Per value: the cells of placements made this round (for their peers).
    hit: [Cells<W>; MAX_TABLE_N],
    /// Per cell, its candidates (bits): on the board, and in the premise's branch (the
    /// values whose cell set holds it).
    base_cand: [u16; SIM_CELLS],
    cand: [u16; SIM_CELLS],
    /// The cells left with one candidate by the changes since the last round's search
    /// (and, before the first, the board's own): only these can be naked singles.
    lone_cells: Cells<W>,
    base_lone: Cells<W>,
    /// Values placed by the premise's branch (0 where none).
    values: [u8; SIM_CELLS],
    /// The cells placed or that lost a candidate in the premise's branch (the only ones
    /// whose `values` and `cand` differ from the board's).
    touched: Cells<W>,
    /// Per value and unit (`(value - 1) * SIM_UNITS + unit`), how many places the value
    /// has in the unit: on the board, and in the premise's branch.
    base_count: [u8; SIM_UNITS * MAX_TABLE_N],
    count: [u8; SIM_UNITS * MAX_TABLE_N],
    /// Per unit, the values left with one place in it by the changes since the last
    /// round's search (their hidden singles are looked for).
    dirty: [u64; SIM_UNITS],
    /// The units with a value in `dirty`.
    dirty_units: u64,
    /// Whether the board itself has a hidden single (only when singles are off): then the
    /// first round searches every unit.
    base_hidden: bool,
    /// Whether the board itself has no single at all (see [`Sim::quiet_off`]).
    base_calm: bool,
    assign: Vec<(usize, u8)>,
}

impl<'a, const W: usize> Sim<'a, W> {
    fn new(b: &'a Board) -> Self {
        let (n, cells, geo) = (b.n, b.cands.len(), b.geo);
        assert!(n <= MAX_TABLE_N && cells <= 64 * W && W <= 4);
        let mut units = [[0; W]; SIM_UNITS];
        let mut spans = [(0u8, 0u8); SIM_UNITS];
        for u in 0..3 * n {
            let cs = geo.unit(u);
            for &c in cs {
                add(&mut units[u], c as usize);
            }
            let lo = cs.iter().map(|&c| c as usize / 64).min().unwrap_or(0);
            let hi = cs.iter().map(|&c| c as usize / 64 + 1).max().unwrap_or(0);
            spans[u] = (lo as u8, hi as u8);
        }
        let mut peers = [[0; W]; SIM_CELLS];
        let mut cell_units = [[0u8; 3]; SIM_CELLS];
        for c in 0..cells {
            for &p in geo.peers(c) {
                add(&mut peers[c], p as usize);
            }
            cell_units[c] = geo.units_of(c).map(|u| u as u8);
        }
        let mut base_cv = [[0; W]; MAX_TABLE_N];
        let mut base_placed = [0u64; SIM_UNITS];
        for c in 0..cells {
            if b.values[c] != 0 {
                for u in geo.units_of(c) {
                    base_placed[u as usize] |= 1 << (b.values[c] - 1);
                }
            }
            for v in Mask::from_bits(b.cands[c]) {
                add(&mut base_cv[v as usize - 1], c);
            }
        }
        let base_hidden = (0..3 * n).any(|u| {
            (0..n).any(|v| {
                lone(&and(&base_cv[v], &units[u])).is_some() && base_placed[u] >> v & 1 == 0
            })
        });
        let (mut once, mut twice) = ([0u64; W], [0u64; W]);
        for s in &base_cv[..n] {
            for i in 0..W {
                twice[i] |= once[i] & s[i];
                once[i] |= s[i];
            }
        }
        let base_lone: Cells<W> = std::array::from_fn(|i| once[i] & !twice[i]);
        let base_calm = !base_hidden && base_lone == [0; W];
        let mut base_cand = [0u16; SIM_CELLS];
        for (y, s) in base_cv[..n].iter().enumerate() {
            each(s, |x| base_cand[x & (SIM_CELLS - 1)] |= 1 << y);
        }
        let mut base_count = [0u8; SIM_UNITS * MAX_TABLE_N];
        for (v, row) in base_count.chunks_mut(SIM_UNITS).enumerate().take(n) {
            for (u, k) in row[..3 * n].iter_mut().enumerate() {
                *k = and(&base_cv[v], &units[u])
                    .iter()
                    .map(|w| w.count_ones())
                    .sum::<u32>() as u8;
            }
        }
        Sim {
            b,
            n,
            units,
            spans,
            peers,
            cell_units,
            cv: base_cv,
            placed: base_placed,
            hit: [[0; W]; MAX_TABLE_N],
            base_cv,
            base_placed,
            base_cand,
            cand: base_cand,
            lone_cells: base_lone,
            base_lone,
            values: [0; SIM_CELLS],
            touched: [0; W],
            count: base_count,
            base_count,
            dirty: [0; SIM_UNITS],
            dirty_units: 0,
            base_hidden,
            base_calm,
            assign: Vec::new(),
        }
    }

    /// The three units of cell `x`.
    #[inline(always)]
    fn units_of(&self, x: usize) -> [u8; 3] {
        self.cell_units[x & (SIM_CELLS - 1)]
    }

    /// Places every (cell, value) of `assign` at once (as one after the other would: each
    /// placed cell loses its candidates, its value goes from its peers), and counts the
    /// places each value loses ([`Sim::lose`]). Only the values placed and the candidates
    /// of the cells placed are visited; a cell left with one candidate is noted in
    /// `lone_cells`.
    fn apply(&mut self) {
        // The values placed (only their peers lose them).
        let mut hits = 0u64;
        let Sim {
            peers,
            cell_units,
            placed,
            hit,
            cv,
            cand,
            lone_cells,
            values,
            touched,
            count,
            dirty,
            dirty_units,
            assign,
            ..
        } = self;
        for &(x, y) in assign.iter() {
            let x = x & (SIM_CELLS - 1);
            hits |= 1 << (y - 1);
            values[x] = y;
            for u in cell_units[x] {
                placed[u as usize & (SIM_UNITS - 1)] |= 1 << (y - 1);
            }
            add(&mut hit[(y as usize - 1) & (MAX_TABLE_N - 1)], x);
            add(touched, x);
            // The placed cell loses every candidate.
            let mut m = std::mem::take(&mut cand[x]);
            while m != 0 {
                let w = m.trailing_zeros() as usize & (MAX_TABLE_N - 1);
                m &= m - 1;
                cv[w][(x / 64) % W] &= !(1 << (x % 64));
                let count = (&mut count[w * SIM_UNITS..(w + 1) * SIM_UNITS])
                    .try_into()
                    .unwrap();
                Self::lose(cell_units, count, dirty, dirty_units, x, w);
            }
        }
        while hits != 0 {
            let y = hits.trailing_zeros() as usize & (MAX_TABLE_N - 1);
            hits &= hits - 1;
            let mut rm = [0u64; W];
            each(&hit[y], |x| {
                for (r, p) in rm.iter_mut().zip(&peers[x & (SIM_CELLS - 1)]) {
                    *r |= p;
                }
            });
            hit[y] = [0; W];
            let cv = &mut cv[y];
            let lost: Cells<W> = std::array::from_fn(|i| cv[i] & rm[i]);
            for ((c, r), (t, l)) in cv.iter_mut().zip(&rm).zip(touched.iter_mut().zip(&lost)) {
                *c &= !r;
                *t |= l;
            }
            let count: &mut [u8; SIM_UNITS] = (&mut count[y * SIM_UNITS..(y + 1) * SIM_UNITS])
                .try_into()
                .unwrap();
            each(&lost, |x| {
                let k = &mut cand[x & (SIM_CELLS - 1)];
                *k &= !(1 << y);
                if *k != 0 && *k & (*k - 1) == 0 {
                    add(lone_cells, x);
                }
                Self::lose(cell_units, count, dirty, dirty_units, x, y);
            });
        }
    }

    /// Counts the place value `y + 1` lost in cell `x` (`count`: the value's counts, one
    /// per unit), and marks the units where the value is left with one place (only there
    /// can a hidden single have appeared: a unit and value whose places did not change
    /// keep the count they had at the last search).
    #[inline(always)]
    fn lose(
        cell_units: &[[u8; 3]; SIM_CELLS],
        count: &mut [u8; SIM_UNITS],
        dirty: &mut [u64; SIM_UNITS],
        dirty_units: &mut u64,
        x: usize,
        y: usize,
    ) {
        for u in cell_units[x & (SIM_CELLS - 1)] {
            let u = u as usize;
            let k = &mut count[u & (SIM_UNITS - 1)];
            *k -= 1;
            if *k == 1 {
                dirty[u & (SIM_UNITS - 1)] |= 1 << y;
                *dirty_units |= 1 << u;
            }
        }
    }

    /// The single place of value `y + 1` in unit `u`, if it has exactly one (only the
    /// words of the unit's span are read).
    #[inline]
    fn lone_place(&self, u: usize, y: usize) -> Option<usize> {
        let (lo, hi) = self.spans[u & (SIM_UNITS - 1)];
        let (cv, unit) = (
            &self.cv[y & (MAX_TABLE_N - 1)],
            &self.units[u & (SIM_UNITS - 1)],
        );
        let mut found = None;
        for i in lo as usize..(hi as usize).min(W) {
            let w = cv[i] & unit[i];
            if w == 0 {
                continue;
            }
            if found.is_some() || w & (w - 1) != 0 {
                return None;
            }
            found = Some(i * 64 + w.trailing_zeros() as usize);
        }
        found
    }

    /// Whether premise "(c, v) is false" implies nothing but itself, without playing it:
    /// on a board with no single, when the cell keeps two candidates or more and each unit
    /// of the cell two places of `v` or more, the premise makes no single.
    fn quiet_off(&self, c: usize, v: u8) -> bool {
        if !self.base_calm || self.b.cands[c].count_ones() < 3 {
            return false;
        }
        let y = v as usize - 1;
        self.units_of(c).iter().all(|&u| {
            self.base_count[(y * SIM_UNITS + u as usize) & (SIM_UNITS * MAX_TABLE_N - 1)] >= 3
        })
    }

    /// How many places value `y + 1` has in unit `u` in the premise's branch.
    #[cfg(test)]
    fn place_count(&self, y: usize, u: usize) -> u32 {
        u32::from(self.count[y * SIM_UNITS + u])
    }

    /// Plays out premise (c, v, on) and pushes its table to `net`.
    fn premise(&mut self, c: usize, v: u8, on: bool, net: &mut Net) {
        let (b, n) = (self.b, self.n);
        let counts = n * SIM_UNITS;
        self.cv[..n].copy_from_slice(&self.base_cv[..n]);
        self.placed[..3 * n].copy_from_slice(&self.base_placed[..3 * n]);
        self.count[..counts].copy_from_slice(&self.base_count[..counts]);
        // Only the cells the last premise changed differ from the board.
        let (values, cand, base_cand) = (&mut self.values, &mut self.cand, &self.base_cand);
        each(&self.touched, |x| {
            let x = x & (SIM_CELLS - 1);
            values[x] = 0;
            cand[x] = base_cand[x];
        });
        self.touched = [0; W];
        self.lone_cells = self.base_lone;
        self.assign.clear();
        if on {
            self.assign.push((c, v));
        } else {
            let y = (v as usize - 1) & (MAX_TABLE_N - 1);
            self.cv[y][(c / 64) % W] &= !(1 << (c % 64));
            self.cand[c & (SIM_CELLS - 1)] &= !(1 << y);
            add(&mut self.touched, c);
            let count = (&mut self.count[y * SIM_UNITS..(y + 1) * SIM_UNITS])
                .try_into()
                .unwrap();
            Self::lose(
                &self.cell_units,
                count,
                &mut self.dirty,
                &mut self.dirty_units,
                c,
                y,
            );
            let m = b.cands[c] & !(1u64 << (v - 1));
            if m != 0 && m & (m - 1) == 0 {
                self.assign.push((c, m.trailing_zeros() as u8 + 1));
            }
        }
        if !self.assign.is_empty() {
            self.apply();
        }
        if self.base_hidden {
            self.dirty[..3 * n].fill((1u64 << n) - 1);
            self.dirty_units = (1u64 << (3 * n)) - 1;
        }
        for _ in 0..LOOK_AHEAD {
            // Naked singles, then the first hidden single of each other cell (units in
            // order, values in order), as `singles` lists them on a board.
            // (The order of `assign` does not matter: `apply` places them all at once.)
            self.assign.clear();
            let mut naked = [0u64; W];
            let (assign, cand) = (&mut self.assign, &self.cand);
            each(&std::mem::replace(&mut self.lone_cells, [0; W]), |x| {
                let k = cand[x & (SIM_CELLS - 1)];
                if k != 0 && k & (k - 1) == 0 {
                    add(&mut naked, x);
                    assign.push((x, k.trailing_zeros() as u8 + 1));
                }
            });
            let mut taken = naked;
            let mut us = std::mem::take(&mut self.dirty_units);
            while us != 0 {
                let u = us.trailing_zeros() as usize;
                us &= us - 1;
                // Values placed in the unit have no hidden single there.
                let mut vs = std::mem::take(&mut self.dirty[u]) & !self.placed[u];
                while vs != 0 {
                    let y = vs.trailing_zeros() as usize;
                    vs &= vs - 1;
                    if let Some(x) = self.lone_place(u, y) {
                        if !has(&taken, x) {
                            add(&mut taken, x);
                            self.assign.push((x, y as u8 + 1));
                        }
                    }
                }
            }
            if self.assign.is_empty() {
                break;
            }
            self.apply();
        }
        self.dirty[..3 * n].fill(0);
        self.dirty_units = 0;
        // The table: every placement made and every candidate gone, by cell (a cell's
        // candidates are numbered one after the other, in value order). The candidates
        // gone from the cells not placed are gathered per cell first, value by value.
        let mut data = std::mem::take(&mut net.data);
        let s = data.len();
        each(&self.touched, |x| {
            let y = self.values[x & (SIM_CELLS - 1)] as usize;
            if y != 0 {
                let mut m = b.cands[x];
                let mut k = net.first[x];
                data.push(net.node(x, y as u8, true) as u32);
                while m != 0 {
                    let w = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if w + 1 != y {
                        data.push(k);
                    }
                    k += 1;
                }
            } else {
                let x = x & (SIM_CELLS - 1);
                let mut m = self.base_cand[x] & !self.cand[x];
                let index = &net.index[x * n..x * n + n];
                while m != 0 {
                    data.push(index[m.trailing_zeros() as usize]);
                    m &= m - 1;
                }
            }
        });
        net.data = data;
        net.set_edges(net.node(c, v, on), s);
    }
}

/// What a premise implies through singles, for forcing nets: the premise applied to a
/// copy of the board, then up to [`LOOK_AHEAD`] rounds of all its singles; the table is
/// every placement made and every candidate gone.
#[inline(never)]
fn net_edges<const W: usize>(b: &Board, net: &mut Net) {
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
fn close(net: &mut Net) {
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
fn close_w<const W: usize>(net: &mut Net) {
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

/// A proof of one conclusion: branches from premises to targets.
struct Proof {
    kind: u8,
    /// (premise node, target node) per branch.
    branches: Vec<(usize, usize)>,
    unit: Option<usize>,
    extra: Option<usize>,
}

/// The conclusion a step draws: placements sort before eliminations, then by cell and value.
type Key = (u8, usize, u8);

struct Found {
    best: Option<Key>,
    proofs: Vec<Proof>,
}

impl Found {
    fn add(&mut self, key: Key, proof: impl FnOnce() -> Proof) {
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
fn refute(net: &Net, p: usize) -> Key {
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
fn houses(b: &Board, net: &mut Net) {
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
fn detail(b: &Board, net: &Net, p: usize, f: &mut Found) {
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
        f.add(key, || single(kind::SELF, neg));
    }
    // 2. a candidate both true and false
    for (i, (a, o)) in onss.iter().zip(offs).enumerate() {
        let mut w = a & o;
        while w != 0 {
            let k = i * 64 + w.trailing_zeros() as usize;
            w &= w - 1;
            f.add(key, || Proof {
                kind: kind::BOTH,
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
                    kind: kind::TWO_VALUES,
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
                kind: kind::TWICE,
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
                kind: kind::EMPTY_CELL,
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
                kind: kind::NO_PLACE,
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
fn verity_sets(
    b: &Board,
    net: &Net,
    mut each: impl FnMut(&[usize], u8, Option<usize>, Option<usize>),
) {
    let n = b.n;
    for &c in &net.open {
        for v in Mask::from_bits(b.cands[c]) {
            let ps = [net.node(c, v, true), net.node(c, v, false)];
            if net.alone(ps[1]) {
                continue;
            }
            each(&ps, kind::ON_OFF, None, Some(c));
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
        each(&ps, kind::CELL, None, None);
    }
    // Per value, its places in the unit ("true" nodes, in the unit's cell order).
    let mut places = [0usize; MAX_TABLE_N];
    for &(u, y, s, e) in &net.unit_all {
        let (u, ks) = (u as usize, &net.unit_ks[s as usize..e as usize]);
        if b.unit_placed[u] >> y & 1 == 0 {
            for (p, &k) in places.iter_mut().zip(ks) {
                *p = net.half + k as usize;
            }
            each(&places[..ks.len()], kind::UNIT, Some(u), None);
        }
    }
}

/// Checks the tables for contradictions and verities and returns HoDoKu's best
/// conclusion with every proof of it, in the order an exhaustive search meets them (every
/// premise's contradictions, then the verities): first the best conclusion alone (the
/// best verity, then the premises in the order of their conclusions up to it), then the
/// proofs of that conclusion only.
#[inline(never)]
fn check(b: &Board, net: &mut Net) -> Found {
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

/// Shortest paths from `from` in the implication graph: each node's predecessor, as
/// far as the search has gone when every node of `targets` is reached (breadth first,
/// a node's predecessor is set once, when it is first met: stopping early changes no
/// predecessor of a node met, so a path to a target is the one a full search gives).
#[cfg(test)]
fn bfs(net: &Net, from: usize, targets: &[usize]) -> Vec<u32> {
    let mut pred = Vec::new();
    bfs_into(net, from, targets, &mut pred, &mut Vec::new());
    pred
}

/// [`bfs`] into `pred`, with `queue` as scratch. The targets not yet met are marked in
/// `pred` itself (`TARGET`, never a node), so that a node met is tested for being one
/// in one read.
fn bfs_into(net: &Net, from: usize, targets: &[usize], pred: &mut Vec<u32>, queue: &mut Vec<u32>) {
    const TARGET: u32 = u32::MAX - 1;
    pred.clear();
    pred.resize(net.edges.len(), u32::MAX);
    let mut left = 0;
    for &t in targets {
        if t != from && pred[t] == u32::MAX {
            pred[t] = TARGET;
            left += 1;
        }
    }
    pred[from] = from as u32;
    queue.clear();
    queue.push(from as u32);
    let mut head = 0;
    while left > 0 && head < queue.len() {
        let x = queue[head];
        head += 1;
        for &y in net.edges(x as usize) {
            let py = &mut pred[y as usize];
            if *py >= TARGET {
                left -= usize::from(*py == TARGET);
                *py = x;
                queue.push(y);
            }
        }
    }
    // Targets not reached (none, when they are in the premise's table) stay unmet.
    for &t in targets {
        if pred[t] == TARGET {
            pred[t] = u32::MAX;
        }
    }
}

/// The number of nodes of the path from `from` to `to` (both counted).
fn path_len(pred: &[u32], from: usize, to: usize) -> usize {
    let mut len = 1;
    let mut x = to;
    while x != from {
        x = pred[x] as usize;
        len += 1;
    }
    len
}

fn path(pred: &[u32], from: usize, to: usize) -> Vec<usize> {
    let mut p = vec![to];
    let mut x = to;
    while x != from {
        x = pred[x] as usize;
        p.push(x);
    }
    p.reverse();
    p
}

/// The step of the best conclusion, with its shortest proof.
#[inline(never)]
fn build(t: Technique, b: &Board, net: &Net, found: Found) -> Option<Step> {
    let (kind_place, cell, value) = found.best?;
    // Per premise (in the order first met), the targets of its branches in every proof
    // (searched for together); then its predecessors.
    let mut searches: Vec<(usize, Vec<usize>, Vec<u32>)> = Vec::new();
    let slot = |searches: &[(usize, Vec<usize>, Vec<u32>)], p: usize| {
        searches.iter().position(|e| e.0 == p)
    };
    for proof in &found.proofs {
        for &(p, t) in &proof.branches {
            let i = slot(&searches, p).unwrap_or_else(|| {
                searches.push((p, Vec::new(), Vec::new()));
                searches.len() - 1
            });
            let ts = &mut searches[i].1;
            if !ts.contains(&t) {
                ts.push(t);
            }
        }
    }
    let mut queue = Vec::new();
    for (p, ts, pred) in &mut searches {
        bfs_into(net, *p, ts, pred, &mut queue);
    }
    // The proof with the shortest branches (the first of those): the paths are listed
    // for it alone.
    let mut best: Option<(usize, &Proof)> = None;
    for proof in &found.proofs {
        let len: usize = proof
            .branches
            .iter()
            .map(|&(p, t)| {
                let pred = &searches[slot(&searches, p).unwrap()].2;
                path_len(pred, p, t)
            })
            .sum();
        if best.as_ref().is_none_or(|(l, _)| len < *l) {
            best = Some((len, proof));
        }
    }
    let (_, proof) = best?;
    let paths: Vec<Vec<usize>> = proof
        .branches
        .iter()
        .map(|&(p, t)| path(&searches[slot(&searches, p).unwrap()].2, p, t))
        .collect();
    let mut step = Step::new(t);
    step.variant = proof.kind;
    let c = Cell::new(cell as u16);
    if kind_place == 0 {
        step.placements = vec![(c, value)];
    } else {
        step.eliminations = vec![(c, value)];
    }
    let mut premises: Vec<usize> = proof.branches.iter().map(|&(p, _)| p).collect();
    premises.dedup();
    for &p in &premises {
        let (x, y, _) = net.cand(p);
        let x = Cell::new(x as u16);
        if !step.cells.contains(&x) {
            step.cells.push(x);
        }
        step.values.insert(y);
    }
    step.cell_candidates = step
        .cells
        .iter()
        .map(|x| Mask::from_bits(b.cands[x.index()]))
        .collect();
    step.units = proof
        .unit
        .map(|u| Unit::new(u as u16))
        .into_iter()
        .collect();
    step.extra = proof
        .extra
        .map(|x| Cell::new(x as u16))
        .into_iter()
        .collect();
    for p in paths {
        for x in p {
            let (x, y, on) = net.cand(x);
            step.chain.push(ChainNode {
                cell: Cell::new(x as u16),
                group: Vec::new(),
                value: y,
                on,
            });
        }
    }
    Some(step)
}

/// Forcing chains (contradiction and verity), HoDoKu's choice of all that exist.
pub(crate) fn forcing_chain(b: &Board) -> Option<Step> {
    if b.n > MAX_TABLE_N {
        return None;
    }
    NET.with(|net| {
        let net = &mut *net.borrow_mut();
        net.reset(b);
        chain_edges(b, net);
        close(net);
        let found = check(b, net);
        build(Technique::ForcingChain, b, net, found)
    })
}

/// Forcing nets (contradiction and verity), HoDoKu's choice of all that exist.
pub(crate) fn forcing_net(b: &Board) -> Option<Step> {
    if b.n > MAX_TABLE_N {
        return big::forcing_net_big(b);
    }
    NET.with(|net| {
        let net = &mut *net.borrow_mut();
        net.reset(b);
        match b.cands.len().div_ceil(64) {
            0 | 1 => net_edges::<1>(b, net),
            2 => net_edges::<2>(b, net),
            3 => net_edges::<3>(b, net),
            _ => net_edges::<4>(b, net),
        }
        close(net);
        let found = check(b, net);
        build(Technique::ForcingNet, b, net, found)
    })
}

#[cfg(test)]
mod tests {
    use numpl_core::{parse_one, Grid, ParseOptions};

    use super::reference;
    use crate::human::board::members;
    use crate::human::tests::positions;
    use crate::human::{Board, HumanSolver, Technique};

    /// Every position on the way to solving `puzzle` (as the solver meets them): the
    /// forcing chain and net found there are those of the reference search. Returns how
    /// many were found.
    /// `every`: at every position, else only where singles are done (with singles left,
    /// the search starts from a board that has some).
    fn same_as_reference(puzzle: &str, every: bool) -> usize {
        let grid: Grid = parse_one(puzzle, &ParseOptions::default()).unwrap();
        let solution = crate::fast::search(&grid, 2, u64::MAX).first.unwrap();
        let report = HumanSolver::new().with_solution(solution).solve(&grid);
        let mut b = Board::new(&grid);
        let mut forcing = 0;
        for step in &report.steps {
            let single = matches!(
                step.technique,
                Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
            );
            if every || !single {
                let chain = reference::forcing_chain(&b);
                let net = reference::forcing_net(&b);
                forcing += usize::from(chain.is_some()) + usize::from(net.is_some());
                assert_eq!(super::forcing_chain(&b), chain);
                assert_eq!(super::forcing_net(&b), net);
            }
            b.apply(step);
        }
        forcing
    }

    #[test]
    fn forcing_same_as_reference_9x9() {
        let mut forcing = 0;
        for p in [
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
            "98.7..6..5...9..7...7..6...43..2......86...5......34....98...6.....6...1.....12..",
            "98.7..6..5...8......7..4.8.4....32....14...3.....1...6.5...91....9.4..7....3....2",
            "98.7..6..75.........4.8..7.4...5..9...53....6.....21...4..9..6....1.6..3......2..",
            "........1..1..2.3..4..5.6....4..7....5..8.9..7..3....2.6.......4.5..68..8.9.4..6.",
        ] {
            forcing += same_as_reference(p, true);
        }
        // Positions where forcing steps exist (most, on these puzzles).
        assert!(forcing > 100, "{forcing}");
    }

    #[test]
    fn forcing_same_as_reference_16x16() {
        let p = P16;
        assert!(same_as_reference(p, false) > 20);
    }

    /// The closed tables of a forcing chain (`net` false) or net on `b`, checked as
    /// [`super::check`] needs them.
    fn tables(b: &Board, net: bool) -> super::Net {
        let mut t = super::Net::default();
        t.reset(b);
        if net {
            match b.cands.len().div_ceil(64) {
                0 | 1 => super::net_edges::<1>(b, &mut t),
                2 => super::net_edges::<2>(b, &mut t),
                3 => super::net_edges::<3>(b, &mut t),
                _ => super::net_edges::<4>(b, &mut t),
            }
        } else {
            super::chain_edges(b, &mut t);
        }
        super::close(&mut t);
        super::houses(b, &mut t);
        super::scan::unit_groups(b, &mut t);
        t
    }

    /// The premises found with a contradiction 64 at a time are those whose table
    /// [`super::detail`] finds a contradiction in, one by one. Returns how many there are.
    fn scan_same_as_detail(b: &Board, net: &mut super::Net) -> usize {
        let premises: Vec<usize> = super::nodes(net.kk, net.half).collect();
        let expected: Vec<usize> = premises
            .iter()
            .copied()
            .filter(|&p| {
                let mut f = super::Found {
                    best: None,
                    proofs: Vec::new(),
                };
                super::detail(b, net, p, &mut f);
                f.best.is_some()
            })
            .collect();
        let last = 2 * net.half - 1;
        let mut got = Vec::new();
        let mut from = 0;
        while let Some(p) = super::scan::first_contradiction(b, net, from, last) {
            got.push(p);
            from = p + 1;
        }
        assert_eq!(got, expected);
        // Up to a last premise: the first up to it, if any.
        for &last in premises.iter().step_by(7) {
            let first = expected.iter().copied().find(|&p| p <= last);
            assert_eq!(super::scan::first_contradiction(b, net, 0, last), first);
        }
        expected.len()
    }

    /// Each node's closure is the set of nodes it reaches in the graph (itself included),
    /// for chain and net graphs.
    #[test]
    fn closures_are_what_nodes_reach() {
        let mut nodes = 0;
        for p in TWO_9X9 {
            for b in positions(p).iter().step_by(4) {
                for net in [false, true] {
                    let t = tables(b, net);
                    for x in super::nodes(t.kk, t.half) {
                        let mut seen = vec![0u64; t.words];
                        let mut todo = vec![x];
                        seen[x / 64] |= 1 << (x % 64);
                        while let Some(y) = todo.pop() {
                            for &z in t.edges(y) {
                                let z = z as usize;
                                if seen[z / 64] >> (z % 64) & 1 == 0 {
                                    seen[z / 64] |= 1 << (z % 64);
                                    todo.push(z);
                                }
                            }
                        }
                        assert_eq!(t.closure(x), seen, "{x}");
                        nodes += 1;
                    }
                }
            }
        }
        assert!(nodes > 5000, "{nodes}");
    }

    /// Two nodes share a component exactly when each reaches the other (a node that is
    /// [`super::Net::alone`] is its own), on chain and net graphs; with
    /// `closures_are_what_nodes_reach`, the components are the strongly connected ones.
    #[test]
    fn components_are_strongly_connected() {
        let mut shared = 0;
        for p in TWO_9X9 {
            for b in positions(p).iter().step_by(6) {
                for net in [false, true] {
                    let t = tables(b, net);
                    let all: Vec<usize> = super::nodes(t.kk, t.half).collect();
                    for &x in &all {
                        for &y in &all {
                            let both = x == y
                                || (super::bit(t.closure(x), y) && super::bit(t.closure(y), x));
                            assert_eq!(t.scc[x] == t.scc[y], both, "{x} {y}");
                            shared += usize::from(both && x != y);
                        }
                        if t.alone(x) {
                            assert_eq!(members(t.closure(x)).collect::<Vec<_>>(), [x]);
                        }
                    }
                }
            }
        }
        assert!(shared > 1000, "{shared}");
    }

    /// The unit sets of the verities (every place of a value in a unit) are the places
    /// [`Board::cells_with`] lists, units and values in order, on 9x9 and 16x16 positions.
    #[test]
    fn verity_unit_sets_as_cells_with() {
        let mut sets = 0;
        for p in [TWO_9X9[0], TWO_9X9[1], P16] {
            for b in positions(p).iter().step_by(5) {
                let t = tables(b, false);
                let mut got = Vec::new();
                super::verity_sets(b, &t, |ps, kind, unit, _| {
                    if kind == super::kind::UNIT {
                        got.push((unit.unwrap(), ps.to_vec()));
                    }
                });
                let mut expected = Vec::new();
                for u in 0..3 * b.n {
                    for v in numpl_core::Mask::from_bits(b.all & !b.unit_placed[u]) {
                        let ps: Vec<usize> =
                            b.cells_with(u, v).map(|c| t.node(c, v, true)).collect();
                        if !ps.is_empty() {
                            expected.push((u, ps));
                        }
                    }
                }
                assert_eq!(got, expected);
                sets += got.len();
            }
        }
        assert!(sets > 1000, "{sets}");
    }

    /// The closures of fixed word counts are those of the any-width path.
    #[test]
    fn fixed_width_close_as_any_width() {
        let mut widths = std::collections::BTreeSet::new();
        for p in TWO_9X9 {
            for b in positions(p).iter().step_by(2) {
                for net in [false, true] {
                    let t = tables(b, net);
                    let mut any = tables(b, net);
                    super::close_w::<0>(&mut any);
                    assert_eq!((&t.scc, &t.clos), (&any.scc, &any.clos));
                    widths.insert(t.words);
                }
            }
        }
        assert!(widths.len() >= 3, "{widths:?}");
    }

    /// The search for paths that stops once its targets are reached gives the paths a
    /// full breadth-first search gives, on chain and net graphs.
    #[test]
    fn bfs_to_targets_as_full_bfs() {
        let mut paths = 0;
        for p in TWO_9X9 {
            for b in positions(p).iter().step_by(5) {
                for net in [false, true] {
                    let t = tables(b, net);
                    for x in super::nodes(t.kk, t.half).step_by(3) {
                        // The full search.
                        let mut full = vec![u32::MAX; t.edges.len()];
                        full[x] = x as u32;
                        let mut q = std::collections::VecDeque::from([x]);
                        while let Some(y) = q.pop_front() {
                            for &z in t.edges(y) {
                                if full[z as usize] == u32::MAX {
                                    full[z as usize] = y as u32;
                                    q.push_back(z as usize);
                                }
                            }
                        }
                        let reach: Vec<usize> = members(t.closure(x)).collect();
                        for targets in [
                            reach.iter().copied().take(1).collect::<Vec<_>>(),
                            reach.iter().copied().rev().step_by(4).collect(),
                            vec![x],
                        ] {
                            let pred = super::bfs(&t, x, &targets);
                            for &y in &targets {
                                assert_eq!(super::path(&pred, x, y), super::path(&full, x, y));
                                paths += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(paths > 5000, "{paths}");
    }

    /// A candidate whose "false" premise is alone (left out of the verities) has no
    /// conclusion its two premises share outside its cell, on chain and net tables.
    #[test]
    fn alone_off_premises_prove_no_verity() {
        let mut alone = 0;
        for p in TWO_9X9 {
            for b in positions(p).iter().step_by(2) {
                for net in [false, true] {
                    let t = tables(b, net);
                    for k in 0..t.kk {
                        let (on, off) = (t.half + k, k);
                        if !t.alone(off) {
                            continue;
                        }
                        assert_eq!(members(t.closure(off)).collect::<Vec<_>>(), [off]);
                        let both: Vec<u64> = t
                            .closure(on)
                            .iter()
                            .zip(t.closure(off))
                            .map(|(a, b)| a & b)
                            .collect();
                        let c = t.cand[k].0;
                        assert!(members(&both).all(|x| t.cand(x).0 == c as usize));
                        alone += 1;
                    }
                }
            }
        }
        assert!(alone > 1000, "{alone}");
    }

    /// [`super::each`] calls with the members of a set in the order [`members`] lists them.
    #[test]
    fn each_lists_as_members() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for i in 0..300 {
            let mut s: [u64; 4] = std::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x & x >> 3
            });
            s[i % 4] = 0;
            let mut got = Vec::new();
            super::each(&s, |c| got.push(c));
            assert_eq!(got, members(&s).collect::<Vec<_>>());
        }
    }

    #[test]
    fn contradictions_scanned_as_detail_finds_them() {
        let mut found = 0;
        for p in TWO_9X9 {
            for b in positions(p) {
                for net in [false, true] {
                    found += scan_same_as_detail(&b, &mut tables(&b, net));
                }
            }
        }
        assert!(found > 1000, "{found}");
        // Premises share tables (the scan reads one result per component).
        let ps = positions(TWO_9X9[0]);
        let t = tables(&ps[ps.len() / 2], false);
        let mut comps: Vec<u32> = super::nodes(t.kk, t.half).map(|x| t.scc[x]).collect();
        comps.sort_unstable();
        comps.dedup();
        assert!(comps.len() + 20 < 2 * t.kk, "{} {}", comps.len(), t.kk);
        let p16 = P16;
        let mut found16 = 0;
        for b in positions(p16).iter().step_by(8) {
            for net in [false, true] {
                found16 += scan_same_as_detail(b, &mut tables(b, net));
            }
        }
        assert!(found16 > 100, "{found16}");
    }

    /// On boards with singles left (a cell with one candidate, a value with one place in
    /// a unit), premises whose table is themselves alone fail as [`super::detail`] finds:
    /// the scan decides them without their table.
    #[test]
    fn alone_premises_scanned_as_detail_finds_them() {
        let mut alone_failed = 0;
        for p in TWO_9X9 {
            for (i, b) in positions(p).iter().enumerate().step_by(3) {
                // A naked single: the cell keeps its lowest candidate.
                let mut naked = b.clone();
                let open: Vec<usize> = (0..b.cands.len())
                    .filter(|&c| b.values[c] == 0 && b.cands[c].count_ones() >= 3)
                    .collect();
                let c = open[i % open.len()];
                naked.cands[c] &= naked.cands[c].wrapping_neg();
                // A hidden single: a value keeps one place in a unit (the other cells keep
                // two candidates or more).
                let mut hidden = b.clone();
                'found: for u in 0..3 * b.n {
                    for v in numpl_core::Mask::from_bits(b.all & !b.unit_placed[u]) {
                        let places: Vec<usize> = b.cells_with(u, v).collect();
                        if places.len() >= 2
                            && places[1..].iter().all(|&c| b.cands[c].count_ones() >= 3)
                        {
                            for &c in &places[1..] {
                                hidden.cands[c] &= !(1u64 << (v - 1));
                            }
                            break 'found;
                        }
                    }
                }
                for b in [naked, hidden] {
                    for net in [false, true] {
                        let mut t = tables(&b, net);
                        scan_same_as_detail(&b, &mut t);
                        alone_failed += super::nodes(t.kk, t.half)
                            .filter(|&x| {
                                let mut f = super::Found {
                                    best: None,
                                    proofs: Vec::new(),
                                };
                                super::detail(&b, &t, x, &mut f);
                                t.alone(x) && f.best.is_some()
                            })
                            .count();
                    }
                }
            }
        }
        assert!(alone_failed > 20, "{alone_failed}");
    }

    /// The groups of places per unit and value are those the candidate index lists, on
    /// 9x9 and 16x16 positions.
    #[test]
    fn unit_groups_as_the_index_lists_them() {
        let p16 = P16;
        let mut groups = 0;
        for p in [TWO_9X9[0], TWO_9X9[1], p16] {
            for b in positions(p).iter().step_by(3) {
                let t = tables(b, false);
                let mut expected = Vec::new();
                for u in 0..3 * b.n {
                    for v in 0..b.n {
                        let ks: Vec<u32> = b
                            .geo
                            .unit(u)
                            .iter()
                            .map(|&c| t.index[c as usize * b.n + v])
                            .filter(|&k| k != super::NONE)
                            .collect();
                        if ks.len() >= 2 {
                            expected.push(ks);
                        }
                    }
                }
                let got: Vec<Vec<u32>> = t
                    .unit_groups
                    .iter()
                    .map(|&(s, e)| t.unit_ks[s as usize..e as usize].to_vec())
                    .collect();
                assert_eq!(got, expected);
                groups += got.len();
            }
        }
        assert!(groups > 1000, "{groups}");
    }

    /// A 16x16 puzzle with forcing steps along its solve.
    const P16: &str = "1..D..C.G.5..2...5C26.D9......B.7G4.....8..C...F.93....A2..B5...3...B.8.A9D.652....B765..E.......1....G.B.....C7..2......67F........59A......8..E3.....4.C....9.......B..7E9F....6B7.GFC.3.5...4...3A..67....45.F...C..8.....B7E.4......F5.693D...7..E.G.4..1..2";

    /// Two 9x9 puzzles with forcing steps along their solves.
    const TWO_9X9: [&str; 2] = [
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "........1..1..2.3..4..5.6....4..7....5..8.9..7..3....2.6.......4.5..68..8.9.4..6.",
    ];

    /// An empty net for `b` and a net simulation of its premises (9x9: two words a set).
    fn own_play(b: &Board) -> (super::Net, super::Sim<'_, 2>) {
        let mut own = super::Net::default();
        own.reset(b);
        (own, super::Sim::<2>::new(b))
    }

    /// Where an off premise is taken as quiet without being played, playing it gives the
    /// same table (itself alone); on a board with singles left nothing is quiet.
    #[test]
    fn quiet_off_premises_play_as_themselves() {
        let mut quiet = 0;
        for p in TWO_9X9 {
            for b in positions(p) {
                let (mut own, mut sim) = own_play(&b);
                for c in 0..b.cands.len() {
                    if b.values[c] != 0 {
                        continue;
                    }
                    for v in numpl_core::Mask::from_bits(b.cands[c]) {
                        if !sim.quiet_off(c, v) {
                            continue;
                        }
                        sim.premise(c, v, false, &mut own);
                        let node = own.node(c, v, false);
                        assert_eq!(own.edges(node), [node as u32]);
                        quiet += 1;
                    }
                }
            }
            // A cell left with one candidate: a naked single, so nothing is quiet.
            let mut b = positions(p).swap_remove(0);
            let c = (0..b.cands.len())
                .find(|&c| b.values[c] == 0 && b.cands[c].count_ones() >= 2)
                .unwrap();
            b.cands[c] &= b.cands[c].wrapping_neg();
            assert!(!super::Sim::<2>::new(&b).base_calm);
        }
        assert!(quiet > 1000, "{quiet}");
    }

    /// After a premise is played, the count of places of each value in each unit is the
    /// one its cell sets have (the counts say where hidden singles are looked for), and
    /// so are the candidates kept per cell (they say where naked singles are).
    #[test]
    fn place_counts_follow_the_play() {
        let mut played = 0;
        for p in TWO_9X9 {
            for b in positions(p).iter().step_by(3) {
                let (mut own, mut sim) = own_play(b);
                for c in 0..b.cands.len() {
                    if b.values[c] != 0 {
                        continue;
                    }
                    for v in numpl_core::Mask::from_bits(b.cands[c]) {
                        for on in [true, false] {
                            sim.premise(c, v, on, &mut own);
                            let counted = |sets: &[[u64; 2]]| {
                                (0..3 * b.n).all(|u| {
                                    (0..b.n).all(|y| {
                                        let places: u32 = super::and(&sets[y], &sim.units[u])
                                            .iter()
                                            .map(|w| w.count_ones())
                                            .sum();
                                        sim.place_count(y, u) == places
                                    })
                                })
                            };
                            assert!(counted(&sim.cv), "{c} {v} {on}");
                            // The candidates kept per cell are those of the cell sets.
                            for x in 0..b.cands.len() {
                                let held = (0..b.n)
                                    .filter(|&y| super::has(&sim.cv[y], x))
                                    .fold(0u16, |m, y| m | 1 << y);
                                assert_eq!(sim.cand[x], held, "{c} {v} {on} {x}");
                            }
                            played += 1;
                        }
                    }
                }
            }
        }
        assert!(played > 1000, "{played}");
    }

    /// In a bivalue cell, the net's table of "v is false" (shared with "w is true") is
    /// the one its own play gives.
    #[test]
    fn bivalue_off_premise_plays_as_the_other_value() {
        let mut cells = 0;
        for p in TWO_9X9 {
            for b in positions(p) {
                let t = tables(&b, true);
                let (mut own, mut sim) = own_play(&b);
                for c in 0..b.cands.len() {
                    if b.values[c] != 0 || b.cands[c].count_ones() != 2 {
                        continue;
                    }
                    for v in numpl_core::Mask::from_bits(b.cands[c]) {
                        sim.premise(c, v, false, &mut own);
                        let node = own.node(c, v, false);
                        assert_eq!(own.edges(node), t.edges(node));
                    }
                    cells += 1;
                }
            }
        }
        assert!(cells > 100, "{cells}");
    }
}
