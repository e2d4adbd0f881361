//! Coloring (simple colors, multi colors) and alternating inference chains (X-chain,
//! XY-chain, AIC).

use std::collections::HashMap;

use numpl_core::{Cell, Mask, MAX_SIZE};

use crate::human::memo::Memo;
use crate::human::techniques::wings::conjugate;
use crate::human::{Board, ChainNode, Conclusions, Step, Technique};

// ---------------------------------------------------------------- coloring

/// The conjugate-pair components of value `v`: (cell, color 0/1) per component.
fn components(b: &Board, v: u8) -> Vec<Vec<(usize, u8)>> {
    let cells = b.cands.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for u in 0..3 * b.n {
        if let Some((x, y)) = conjugate(b, u, v) {
            if !adj[x].contains(&y) {
                adj[x].push(y);
                adj[y].push(x);
            }
        }
    }
    let mut color = vec![u8::MAX; cells];
    let mut comps = Vec::new();
    for s in 0..cells {
        if adj[s].is_empty() || color[s] != u8::MAX {
            continue;
        }
        color[s] = 0;
        let mut comp = vec![(s, 0u8)];
        let mut head = 0;
        while head < comp.len() {
            let (x, cx) = comp[head];
            head += 1;
            for &y in &adj[x] {
                if color[y] == u8::MAX {
                    color[y] = 1 - cx;
                    comp.push((y, 1 - cx));
                }
            }
        }
        comps.push(comp);
    }
    comps
}

fn color_step(
    t: Technique,
    v: u8,
    comps: &[&[(usize, u8)]],
    elims: Vec<usize>,
    variant: u8,
) -> Step {
    let mut step = Step::new(t);
    step.values = Mask::single(v);
    for comp in comps {
        for &(c, col) in comp.iter() {
            if col == 0 {
                step.cells.push(Cell::new(c as u16));
            } else {
                step.extra.push(Cell::new(c as u16));
            }
        }
    }
    step.eliminations = elims
        .into_iter()
        .map(|c| (Cell::new(c as u16), v))
        .collect();
    step.variant = variant;
    step
}

/// Simple colors on value `v`: color wrap (two cells of one color see each other: that color is false)
/// and color trap (a cell seeing both colors is false).
pub(crate) fn simple_colors(b: &Board, v: u8) -> Option<Step> {
    for comp in components(b, v) {
        if comp.len() < 3 {
            continue;
        }
        // Wrap.
        for col in 0..2u8 {
            let same: Vec<usize> = comp.iter().filter(|x| x.1 == col).map(|x| x.0).collect();
            let wrap = same.iter().any(|&x| same.iter().any(|&y| b.sees(x, y)));
            if wrap {
                return Some(color_step(Technique::SimpleColors, v, &[&comp], same, 2));
            }
        }
        // Trap.
        let mut elims = Vec::new();
        for t in 0..b.cands.len() {
            if !b.has(t, v) || comp.iter().any(|x| x.0 == t) {
                continue;
            }
            let sees = |col: u8| comp.iter().any(|&(c, cc)| cc == col && b.sees(t, c));
            if sees(0) && sees(1) {
                elims.push(t);
            }
        }
        if !elims.is_empty() {
            return Some(color_step(Technique::SimpleColors, v, &[&comp], elims, 1));
        }
    }
    None
}

/// Multi colors on value `v`: with two components A and B, if a color of A sees a color of B, one of
/// the opposite colors is true (type 1: cells seeing both opposites lose v); if a color of
/// A sees both colors of B, that color is false (type 2).
pub(crate) fn multi_colors(b: &Board, v: u8) -> Option<Step> {
    let comps: Vec<Vec<(usize, u8)>> = components(b, v)
        .into_iter()
        .filter(|c| c.len() >= 2)
        .collect();
    for i in 0..comps.len() {
        for j in 0..comps.len() {
            if i == j {
                continue;
            }
            let (a, bb) = (&comps[i], &comps[j]);
            let sees = |ca: u8, cb: u8| {
                a.iter()
                    .filter(|x| x.1 == ca)
                    .any(|&(x, _)| bb.iter().any(|&(y, cy)| cy == cb && b.sees(x, y)))
            };
            for ca in 0..2u8 {
                // Type 2: color ca of A sees both colors of B.
                if sees(ca, 0) && sees(ca, 1) {
                    let elims: Vec<usize> = a.iter().filter(|x| x.1 == ca).map(|x| x.0).collect();
                    return Some(color_step(Technique::MultiColors, v, &[a, bb], elims, 2));
                }
            }
            if i > j {
                continue;
            }
            for ca in 0..2u8 {
                for cb in 0..2u8 {
                    if !sees(ca, cb) {
                        continue;
                    }
                    let (oa, ob) = (1 - ca, 1 - cb);
                    let mut elims = Vec::new();
                    for t in 0..b.cands.len() {
                        if !b.has(t, v) || a.iter().any(|x| x.0 == t) || bb.iter().any(|x| x.0 == t)
                        {
                            continue;
                        }
                        let sa = a.iter().any(|&(c, cc)| cc == oa && b.sees(t, c));
                        let sb = bb.iter().any(|&(c, cc)| cc == ob && b.sees(t, c));
                        if sa && sb {
                            elims.push(t);
                        }
                    }
                    if !elims.is_empty() {
                        return Some(color_step(Technique::MultiColors, v, &[a, bb], elims, 1));
                    }
                }
            }
        }
    }
    None
}

// ---------------------------------------------------------------- chains

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChainKind {
    /// One value: strong links are conjugate pairs, weak links are peers.
    X,
    /// Strong links inside bivalue cells only, weak links between cells on one value.
    Xy,
    /// Any strong and weak links.
    Aic,
    /// Any links, and groups: a value in two or three cells of a line-box intersection.
    Grouped,
}

impl ChainKind {
    fn index(self) -> usize {
        self as usize
    }
}

/// A group node: `v` in one of its cells (2 or 3 cells of a line-box intersection):
/// `Bufs::gcells[start..start + len]`.
struct Group {
    v: u8,
    start: u32,
    len: u32,
    /// The line and the box.
    units: [usize; 2],
    /// Its place among every group the grid could have (its node is `base + slot`).
    slot: u32,
}

/// A graph's storage, kept across calls (per thread and kind, [`BUFS`]) so that a search
/// does not allocate it again: every field is filled anew by [`Graph::new`] but the
/// units' cell sets (the same for every board of one geometry) and the links (`span`,
/// `adj`) of the AIC kinds, which stay from the board before except those its changes
/// may touch ([`forget_changed`]): a solve removes a few candidates per step, so most
/// links stay.
#[derive(Default)]
struct Bufs {
    groups: Vec<Group>,
    /// The cells of every group, one after the other.
    gcells: Vec<usize>,
    /// Per group, `words` words: its cells as a set, then the cells seeing all of them.
    gbits: Vec<u64>,
    by_value: Vec<Vec<usize>>,
    by_unit: Vec<Vec<usize>>,
    with: Vec<u64>,
    /// Per unit, `words` words: its cells (of the geometry `unit_geo`, by address).
    unit_bits: Vec<u64>,
    unit_geo: usize,
    /// `ids[c] == c`: a cell node's cells as a slice.
    ids: Vec<usize>,
    span: Vec<(u32, u32)>,
    adj: Vec<u32>,
    tmp: Vec<usize>,
    scratch: Scratch,
    /// Grouped chains: per group slot, its index in `groups` (`NONE`: no such group).
    gi_of_slot: Vec<u32>,
    /// The board the links in `span` and `adj` were built on (AIC kinds): its candidates,
    /// and the grid's side and boxes per row and per column (a 6x6 grid has two shapes).
    snap: Vec<u64>,
    snap_geo: (usize, usize, usize),
    /// Scratch: per unit, the values whose places in the unit changed.
    atoms: Vec<u64>,
}

thread_local! {
    /// The storage of each kind of chain ([`ChainKind::index`]).
    static BUFS: [std::cell::Cell<Option<Box<Bufs>>>; 4] =
        const { [const { std::cell::Cell::new(None) }; 4] };
}

/// Whether the links of the AIC kinds are kept from call to call (tests turn it off).
#[inline(always)]
fn keep_links() -> bool {
    #[cfg(test)]
    return !FRESH_LINKS.get();
    #[cfg(not(test))]
    true
}

#[cfg(test)]
thread_local! {
    /// Tests: build every link anew in each call.
    static FRESH_LINKS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

struct Graph<'a> {
    b: &'a Board,
    n: usize,
    kind: ChainKind,
    /// The storage, described field by field here:
    ///
    /// `groups` (grouped chains only): node `cells * n + i` is `groups[i]`, its cells
    /// in `gcells`, its cells and the cells seeing them all as sets in `gbits`.
    /// `by_value`: the group indexes of each value (`v - 1`), in increasing order.
    /// `by_unit`: the group indexes in each unit (a group is in its line and its box) per
    /// value: `unit * n + v - 1`, in increasing order.
    /// `with`: per value (`v - 1`), the cells holding it, `words` words each.
    ///
    /// The links, each state's built the first time a search leaves it (most searches
    /// stop after a few states, so most are never built): the nodes a search goes to from
    /// state `node * 2 + on` (off: [`Graph::strong`], on: [`Graph::weak`]) are
    /// `adj[span[s].0..span[s].1]`, in the order those give them; `span[s].0 == NONE`:
    /// not built yet. The search leaves out the off states without strong links (one
    /// reached would go no further, so the chains found are the same). Group nodes are
    /// `base + slot` (see [`Group::slot`]), so links stay true from board to board.
    /// `tmp`: scratch for [`Graph::strong`] and [`Graph::weak`].
    m: Box<Bufs>,
    /// The first group node: cells * n.
    base: usize,
    /// Words per cell set; every cell's peers as a set ([`Memo::peer_bits`]).
    words: usize,
    peers: &'a [u64],
    /// Values whose nodes get no links.
    skip: u64,
    /// The most cells a group may have: a line's cells in one box.
    seg_max: usize,
}

const NONE: u32 = u32::MAX;

#[cfg(test)]
thread_local! {
    /// Tests: the search keeps the off states without strong links (as before).
    static KEEP_DEAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
thread_local! {
    /// Tests: the search queues the off states too (as before).
    static PLAIN_SEARCH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the search is [`Graph::search_plain`] (tests only).
#[inline(always)]
fn plain_search() -> bool {
    #[cfg(test)]
    return PLAIN_SEARCH.get();
    #[cfg(not(test))]
    false
}

/// Whether the plain search keeps off states without strong links (tests only).
#[cfg(test)]
fn keep_dead() -> bool {
    KEEP_DEAD.get()
}

/// Forgets the links kept in `m` (built on the board `m.snap`) that may differ on `b`.
/// A cell node's links depend only on its cell's candidates and on its value's places in
/// the cell's three units (its peers; the conjugates; the groups in those units, each
/// made of the value's places in its line and its box); a group node's only on its
/// value's places in its line and its box. So a cell whose candidates changed forgets
/// every node of the cell, and a value whose places changed in a unit forgets its nodes
/// in the unit's cells and its groups in that line or box. `base`: the first group node.
fn forget_changed(b: &Board, m: &mut Bufs, base: usize, per_row: usize, per_col: usize) {
    let n = b.n;
    let forget = |span: &mut [(u32, u32)], node: usize| {
        span[2 * node] = (NONE, 0);
        span[2 * node + 1] = (NONE, 0);
    };
    m.atoms.clear();
    m.atoms.resize(3 * n, 0);
    let mut changed = false;
    for c in 0..b.cands.len() {
        let diff = m.snap[c] ^ b.cands[c];
        if diff == 0 {
            continue;
        }
        changed = true;
        for node in c * n..(c + 1) * n {
            forget(&mut m.span, node);
        }
        for u in b.geo.units_of(c) {
            m.atoms[u as usize] |= diff;
        }
    }
    if !changed {
        return;
    }
    for u in 0..3 * n {
        let vals = m.atoms[u];
        if vals == 0 {
            continue;
        }
        for &c in b.geo.unit(u) {
            for v in Mask::from_bits(vals) {
                forget(&mut m.span, c as usize * n + v as usize - 1);
            }
        }
    }
    if m.span.len() == 2 * base {
        // No group slots (not grouped chains).
        return;
    }
    // The group slots: per line, per box it crosses (in order), per value.
    let mut slot = base;
    for line in 0..2 * n {
        let per = if line < n { per_row } else { per_col };
        for j in 0..per {
            let bx = b.boxi(b.geo.unit(line)[j * (n / per)] as usize);
            let vals = m.atoms[line] | m.atoms[2 * n + bx];
            for v in Mask::from_bits(vals) {
                forget(&mut m.span, slot + v as usize - 1);
            }
            slot += n;
        }
    }
}

/// The cells a node takes: one cell, or a group's set.
#[derive(Clone, Copy)]
enum Taken<'x> {
    Cell(usize),
    Set(&'x [u64]),
}

impl Taken<'_> {
    /// Word `i` of the set.
    #[inline]
    fn word(self, i: usize) -> u64 {
        match self {
            Taken::Cell(c) => u64::from(c / 64 == i) << (c % 64),
            Taken::Set(s) => s[i],
        }
    }
}

/// How many members a cell set (`words` words, word `i` given by `word(i)`) has: none,
/// one (which), or more.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lone {
    None,
    One(usize),
    Many,
}

/// Whether a value set has exactly two members (no population count).
#[inline(always)]
fn two_values(m: u64) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// See [`Lone`] (no population count: a word with one member is a power of two).
#[inline(always)]
fn lone(words: usize, word: impl Fn(usize) -> u64) -> Lone {
    let mut found = Lone::None;
    for i in 0..words {
        let r = word(i);
        if r != 0 {
            if found != Lone::None || r & (r - 1) != 0 {
                return Lone::Many;
            }
            found = Lone::One(i * 64 + r.trailing_zeros() as usize);
        }
    }
    found
}

/// The members of a cell set, in increasing order.
#[inline]
fn each_bit(words: impl Iterator<Item = u64>, mut f: impl FnMut(usize)) {
    for (i, mut w) in words.enumerate() {
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

impl<'a> Graph<'a> {
    /// The graph of `kind` on `b`; nodes of values in `skip` get no links. `m`: storage
    /// to reuse (its contents do not matter).
    fn new(
        b: &'a Board,
        kind: ChainKind,
        skip: u64,
        peers: &'a [u64],
        mut m: Box<Bufs>,
    ) -> Graph<'a> {
        let n = b.n;
        let cells = b.cands.len();
        let words = cells.div_ceil(64);
        m.with.clear();
        m.with.resize(words * n, 0);
        for (c, &cm) in b.cands.iter().enumerate() {
            for v in Mask::from_bits(cm) {
                m.with[(v as usize - 1) * words + c / 64] |= 1 << (c % 64);
            }
        }
        // The cells of every unit as sets: the same for every board of one geometry.
        let geo_id = b.geo as *const _ as usize;
        if m.unit_geo != geo_id || m.unit_bits.len() != 3 * n * words {
            m.unit_bits.clear();
            m.unit_bits.resize(3 * n * words, 0);
            for u in 0..3 * n {
                for &c in b.geo.unit(u) {
                    let c = c as usize;
                    m.unit_bits[u * words + c / 64] |= 1 << (c % 64);
                }
            }
            m.unit_geo = geo_id;
        }
        m.groups.clear();
        m.gcells.clear();
        m.gbits.clear();
        m.by_value.truncate(n);
        m.by_value.iter_mut().for_each(Vec::clear);
        m.by_value.resize_with(n, Vec::new);
        m.by_unit.iter_mut().for_each(Vec::clear);
        m.ids.clear();
        m.ids.extend(0..cells);
        // Groups have fixed slots, in the order they are made (line, box, value), so a
        // group keeps its node from board to board: per line, a slot per box it crosses
        // and value.
        let per_line = |line: usize| {
            let cells = b.geo.unit(line);
            let first = b.boxi(cells[0] as usize);
            n / cells
                .iter()
                .take_while(|&&c| b.boxi(c as usize) == first)
                .count()
        };
        let (per_row, per_col) = (per_line(0), per_line(n));
        let slots = if kind == ChainKind::Grouped {
            n * n * (per_row + per_col)
        } else {
            0
        };
        m.gi_of_slot.clear();
        m.gi_of_slot.resize(slots, NONE);
        if kind == ChainKind::Grouped {
            m.by_unit.truncate(3 * n * n);
            m.by_unit.resize_with(3 * n * n, Vec::new);
            for line in 0..2 * n {
                let first_slot = if line < n {
                    line * per_row * n
                } else {
                    (n * per_row + (line - n) * per_col) * n
                };
                let per = if line < n { per_row } else { per_col };
                for j in 0..per {
                    // The line's cells in the j-th box it crosses (they run box by box).
                    let seg = &b.geo.unit(line)[j * (n / per)..(j + 1) * (n / per)];
                    let bx = b.boxi(seg[0] as usize);
                    // The values in two of them or more: a group each (its cells in
                    // increasing order, as the line lists them).
                    let (mut once, mut twice) = (0u64, 0u64);
                    for &c in seg {
                        let cm = b.cands[c as usize];
                        twice |= once & cm;
                        once |= cm;
                    }
                    for v in Mask::from_bits(twice & b.all & !b.unit_placed[line]) {
                        let bit = 1u64 << (v - 1);
                        let start = m.gcells.len();
                        let at = m.gbits.len();
                        m.gbits.extend(std::iter::repeat_n(0, words));
                        m.gbits.extend(std::iter::repeat_n(u64::MAX, words));
                        for &c in seg {
                            let c = c as usize;
                            if b.cands[c] & bit == 0 {
                                continue;
                            }
                            m.gcells.push(c);
                            m.gbits[at + c / 64] |= 1 << (c % 64);
                            // The cells seeing all of the group's.
                            for k in 0..words {
                                m.gbits[at + words + k] &= peers[c * words + k];
                            }
                        }
                        let gi = m.groups.len();
                        let slot = first_slot + j * n + v as usize - 1;
                        m.gi_of_slot[slot] = gi as u32;
                        m.by_value[v as usize - 1].push(gi);
                        m.by_unit[line * n + v as usize - 1].push(gi);
                        m.by_unit[(2 * n + bx) * n + v as usize - 1].push(gi);
                        m.groups.push(Group {
                            v,
                            start: start as u32,
                            len: (m.gcells.len() - start) as u32,
                            units: [line, 2 * n + bx],
                            slot: slot as u32,
                        });
                    }
                }
            }
        }
        let total = cells * n + slots;
        let geo = (n, per_row, per_col);
        let keep = keep_links()
            && matches!(kind, ChainKind::Aic | ChainKind::Grouped)
            && skip == 0
            && m.snap_geo == geo
            && m.snap.len() == cells
            && m.span.len() == 2 * total
            && m.adj.len() < 64 * total;
        if keep {
            forget_changed(b, &mut m, cells * n, per_row, per_col);
        } else {
            m.span.clear();
            m.span.resize(2 * total, (NONE, 0));
            m.adj.clear();
        }
        m.snap.clear();
        m.snap.extend_from_slice(&b.cands);
        m.snap_geo = geo;
        Graph {
            b,
            n,
            kind,
            m,
            base: cells * n,
            words,
            peers,
            skip,
            seg_max: (n / per_row).max(n / per_col),
        }
    }

    /// The range of `adj` holding the links from state `s` (`node * 2 + on`), built now
    /// if no search left `s` before.
    #[inline(always)]
    fn links(&mut self, s: usize) -> (usize, usize) {
        let (lo, hi) = self.m.span[s];
        if lo != NONE {
            return (lo as usize, hi as usize);
        }
        self.build_links(s)
    }

    /// Builds the links from state `s`, into `adj`.
    #[inline(never)]
    #[cold]
    fn build_links(&mut self, s: usize) -> (usize, usize) {
        let node = s / 2;
        // node = cell * n + value - 1 below `base`.
        let live = node >= self.base || {
            let m = self.b.cands[node / self.n] & !self.skip;
            m >> (node % self.n) & 1 != 0
        };
        let mut out = std::mem::take(&mut self.m.tmp);
        out.clear();
        if live {
            if s % 2 == 1 {
                self.weak(node, &mut out);
            } else {
                self.strong(node, &mut out);
            }
        }
        let lo = self.m.adj.len();
        self.m.adj.extend(out.iter().map(|&x| x as u32));
        self.m.tmp = out;
        let hi = self.m.adj.len();
        self.m.span[s] = (lo as u32, hi as u32);
        (lo, hi)
    }

    /// The cells holding `v`, as a set.
    #[inline]
    fn with(&self, v: u8) -> &[u64] {
        &self.m.with[(v as usize - 1) * self.words..v as usize * self.words]
    }

    /// Group `gi`'s cells as a set.
    #[inline]
    fn gset(&self, gi: usize) -> &[u64] {
        &self.m.gbits[2 * gi * self.words..(2 * gi + 1) * self.words]
    }

    /// The cells seeing every cell of group `gi`, as a set.
    #[inline]
    fn gseen(&self, gi: usize) -> &[u64] {
        &self.m.gbits[(2 * gi + 1) * self.words..(2 * gi + 2) * self.words]
    }

    /// Cell `c`'s peers, as a set.
    #[inline]
    fn peer_set(&self, c: usize) -> &[u64] {
        &self.peers[c * self.words..(c + 1) * self.words]
    }

    #[inline]
    fn is_group(&self, node: usize) -> bool {
        node >= self.base
    }

    fn group(&self, node: usize) -> &Group {
        &self.m.groups[self.gi(node)]
    }

    /// The index in `groups` of a group node.
    #[inline]
    fn gi(&self, node: usize) -> usize {
        self.m.gi_of_slot[node - self.base] as usize
    }

    /// The node of group `gi`.
    #[inline]
    fn gnode(&self, gi: usize) -> usize {
        self.base + self.m.groups[gi].slot as usize
    }

    /// The cells of group `gi`.
    #[inline]
    fn gcells(&self, gi: usize) -> &[usize] {
        let g = &self.m.groups[gi];
        &self.m.gcells[g.start as usize..(g.start + g.len) as usize]
    }

    /// The value of any node.
    fn value_of(&self, node: usize) -> u8 {
        if self.is_group(node) {
            self.group(node).v
        } else {
            self.val(node)
        }
    }

    /// The cells of any node.
    #[inline]
    fn cells_of(&self, node: usize) -> &[usize] {
        if self.is_group(node) {
            self.gcells(self.gi(node))
        } else {
            let c = self.cell(node);
            &self.m.ids[c..c + 1]
        }
    }

    /// In unit `u`, the node holding every place of `v` outside `taken`, if those
    /// places are one cell or exactly one group (a group is in its line and its box, so
    /// in `by_unit` of `u`).
    fn rest_node(&self, u: usize, v: u8, taken: Taken<'_>) -> Option<usize> {
        let w = self.words;
        let (ub, with) = (&self.m.unit_bits[u * w..(u + 1) * w], self.with(v));
        let rest = |i: usize| ub[i] & with[i] & !taken.word(i);
        match lone(w, rest) {
            Lone::None => None,
            Lone::One(c) => Some(c * self.n + v as usize - 1),
            Lone::Many => self.rest_group(u, v, taken),
        }
    }

    /// In unit `u`, the group node whose cells are every place of `v` outside `taken`
    /// (two places or more), if there is one.
    fn rest_group(&self, u: usize, v: u8, taken: Taken<'_>) -> Option<usize> {
        let w = self.words;
        let (ub, with) = (&self.m.unit_bits[u * w..(u + 1) * w], self.with(v));
        let places: u32 = (0..w)
            .map(|i| (ub[i] & with[i] & !taken.word(i)).count_ones())
            .sum();
        if places as usize > self.seg_max {
            // More places than a group has cells.
            return None;
        }
        self.m.by_unit[u * self.n + v as usize - 1]
            .iter()
            .find(|&&gi| {
                let gs = self.gset(gi);
                (0..w).all(|i| gs[i] == ub[i] & with[i] & !taken.word(i))
            })
            .map(|&gi| self.gnode(gi))
    }

    /// Strong and weak links of group nodes, and the weak group links of cell nodes (a
    /// cell node's strong group links are found with its conjugates, in
    /// [`Graph::strong`]).
    fn group_links(&self, node: usize, strong: bool, out: &mut Vec<usize>) {
        let v = self.value_of(node);
        if strong {
            // The group's cells, and its two units.
            let g = self.group(node);
            let mine = Taken::Set(self.gset(self.gi(node)));
            for u in g.units {
                if let Some(x) = self.rest_node(u, v, mine) {
                    if (self.is_group(x) || self.is_group(node)) && !out.contains(&x) {
                        out.push(x);
                    }
                }
            }
            return;
        }
        let w = self.words;
        let groups = &self.m.by_value[v as usize - 1];
        if self.is_group(node) {
            // Cells seeing the whole group, in increasing order.
            let (seen, with) = (self.gseen(self.gi(node)), self.with(v));
            each_bit((0..w).map(|i| seen[i] & with[i]), |t| {
                out.push(t * self.n + v as usize - 1)
            });
            // Groups every cell of which sees every cell of this one (so none of its
            // cells is one of them).
            for &gi in groups {
                let gs = self.gset(gi);
                if (0..w).all(|i| gs[i] & !seen[i] == 0) {
                    out.push(self.gnode(gi));
                }
            }
        } else {
            // Groups every cell of which sees the cell (the cell is in the group's line
            // or box, outside the group).
            let c = self.cell(node);
            for &gi in groups {
                if self.gseen(gi)[c / 64] >> (c % 64) & 1 != 0 {
                    out.push(self.gnode(gi));
                }
            }
        }
    }

    #[inline]
    fn cell(&self, node: usize) -> usize {
        node / self.n
    }

    #[inline]
    fn val(&self, node: usize) -> u8 {
        (node % self.n) as u8 + 1
    }

    /// Nodes that must be true when `node` is false: for a cell node, its group links
    /// (grouped chains: in a unit where the value's other places are one group), the
    /// cell's other value (bivalue cell, but X-chains), its conjugates (but XY-chains),
    /// in that order, each once.
    fn strong(&self, node: usize, out: &mut Vec<usize>) {
        out.clear();
        if self.is_group(node) {
            self.group_links(node, true, out);
            return;
        }
        let c = self.cell(node);
        let v = self.val(node);
        let units = self.b.geo.units_of(c);
        // Per unit (row, column, box), the value's places in it but the cell: none, one
        // or more (worked out once for the groups and the conjugates).
        let mut rests = [Lone::None; 3];
        if self.kind != ChainKind::Xy {
            let w = self.words;
            let with = self.with(v);
            for (k, &u) in units.iter().enumerate() {
                let u = u as usize;
                let ub = &self.m.unit_bits[u * w..(u + 1) * w];
                let rest = |i: usize| {
                    let r = ub[i] & with[i];
                    if i == c / 64 {
                        r & !(1 << (c % 64))
                    } else {
                        r
                    }
                };
                rests[k] = lone(w, rest);
            }
        }
        if self.kind == ChainKind::Grouped {
            for (k, &u) in units.iter().enumerate() {
                if rests[k] != Lone::Many {
                    continue;
                }
                if let Some(x) = self.rest_group(u as usize, v, Taken::Cell(c)) {
                    if !out.contains(&x) {
                        out.push(x);
                    }
                }
            }
        }
        if self.kind != ChainKind::X {
            let m = self.b.cands[c];
            if two_values(m) {
                let other = m & !(1u64 << (v - 1));
                out.push(c * self.n + other.trailing_zeros() as usize);
            }
        }
        // The conjugates: in each unit where only one other cell holds the value.
        for (k, &u) in units.iter().enumerate() {
            if self.b.unit_placed[u as usize] >> (v - 1) & 1 != 0 {
                continue;
            }
            if let Lone::One(other) = rests[k] {
                let p = other * self.n + v as usize - 1;
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }

    /// Nodes that must be false when `node` is true.
    fn weak(&self, node: usize, out: &mut Vec<usize>) {
        out.clear();
        if self.kind == ChainKind::Grouped {
            self.group_links(node, false, out);
            if self.is_group(node) {
                return;
            }
        }
        let c = self.cell(node);
        let v = self.val(node);
        if matches!(self.kind, ChainKind::Aic | ChainKind::Grouped) {
            for w in Mask::from_bits(self.b.cands[c]) {
                if w != v {
                    out.push(c * self.n + w as usize - 1);
                }
            }
        }
        // The peers holding v, in increasing order.
        let (pc, with) = (self.peer_set(c), self.with(v));
        let xy = self.kind == ChainKind::Xy;
        each_bit((0..self.words).map(|i| pc[i] & with[i]), |p| {
            if !xy || two_values(self.b.cands[p]) {
                out.push(p * self.n + v as usize - 1);
            }
        });
    }

    /// The conclusions of "start is true or end is true" (start != end as nodes), into
    /// `places` and `elims` (cleared first). The search works the start out once and
    /// calls [`Graph::conclude_from`]; this is for the plain search and the tests.
    #[cfg(test)]
    fn conclude(&self, start: usize, end: usize, out: &mut Conclusions) {
        let from = From::new(self, start);
        self.conclude_from(&from, end, out);
    }

    /// [`Graph::conclude`] from a start worked out before ([`From`]).
    #[inline(always)]
    fn conclude_from(&self, from: &From, end: usize, out: &mut Conclusions) {
        let b = self.b;
        let (places, elims) = out;
        places.clear();
        elims.clear();
        let (start, ca, va) = (from.node, from.cell, from.val);
        if self.is_group(end) {
            let gi = self.gi(end);
            let (v, seen) = (self.m.groups[gi].v, self.gseen(gi));
            if v == va {
                // The cells seeing the group and the start.
                let pw = &from.peers_with[..self.words];
                each_bit((0..self.words).map(|i| seen[i] & pw[i]), |t| {
                    elims.push((Cell::new(t as u16), va))
                });
            } else if b.has(ca, v) && seen[ca / 64] >> (ca % 64) & 1 != 0 {
                // The start's cell sees the whole group (so is none of its cells).
                elims.push((Cell::new(ca as u16), v));
            }
            return;
        }
        let (cd, vd) = (self.cell(end), self.val(end));
        if start == end {
            places.push((Cell::new(ca as u16), va));
        } else if va == vd {
            // Some cell holding the value sees both.
            let pd = self.peer_set(cd);
            if (0..self.words).any(|i| from.peers_with[i] & pd[i] != 0) {
                b.each_seeing_all(&[ca, cd], va, |t| elims.push((Cell::new(t as u16), va)));
            }
        } else if ca == cd {
            for w in Mask::from_bits(b.cands[ca]) {
                if w != va && w != vd {
                    elims.push((Cell::new(ca as u16), w));
                }
            }
        } else if matches!(self.kind, ChainKind::Aic | ChainKind::Grouped)
            && (b.has(cd, va) || b.has(ca, vd))
            && b.sees(ca, cd)
        {
            if b.has(cd, va) {
                elims.push((Cell::new(cd as u16), va));
            }
            if b.has(ca, vd) {
                elims.push((Cell::new(ca as u16), vd));
            }
        }
    }

    /// Every chain from `start` (assumed false) to a node it proves true, at most
    /// `max_len` nodes, by breadth-first search (so each node is reached by a shortest
    /// chain); each one that proves something goes to `sink`.
    ///
    /// The states alternate: off (depth 1, 3, ...), on (2, 4, ...). Only the on states
    /// go through the queue: an off state is left as soon as it is reached. That is the
    /// order a queue of both would leave them in, since the on states of one depth only
    /// reach off states (of the next), and the off states are left in the order they
    /// are reached; so every state is reached from the same state, and the chains reach
    /// `sink` in the same order.
    fn search(&mut self, start: usize, max_len: usize, scratch: &mut Scratch, sink: &mut Sink<'_>) {
        let states = self.m.span.len();
        let stamp = scratch.begin(states);
        scratch.from.set(self, start);
        // The queue of on states: `queue[..qend]`; each enters it once at most.
        let mut st = SearchState {
            start,
            from: &scratch.from,
            stamp,
            reach: &mut scratch.reach[..states],
            queue: &mut scratch.queue,
            qend: 0,
            out: &mut scratch.out,
            path: &mut scratch.path,
        };
        // state = node * 2 + on
        let s0 = start * 2;
        st.reach[s0] = [stamp, s0 as u32];
        if max_len > 1 {
            self.leave_off(s0, &mut st, sink);
        }
        // The on states of `queue[..level_end]` not yet left are `depth` nodes from the
        // start (breadth first: the depth never falls along the queue).
        let (mut depth, mut level_end) = (2, st.qend);
        let mut head = 0;
        while head < st.qend {
            if head == level_end {
                depth += 2;
                level_end = st.qend;
            }
            if depth + 1 >= max_len {
                // Its off states (and all after them) would lead no further.
                break;
            }
            let s = st.queue[head] as usize;
            head += 1;
            let (lo, hi) = self.links(s);
            // To off states, which conclude nothing: each one not reached before is
            // left at once.
            for i in lo..hi {
                let t = self.m.adj[i] as usize * 2;
                let r = &mut st.reach[t];
                if r[0] == stamp {
                    continue;
                }
                *r = [stamp, s as u32];
                self.leave_off(t, &mut st, sink);
            }
        }
    }

    /// Leaves the off state `s` (just reached) in [`Graph::search`]: each on state it
    /// reaches first is queued, and offered to `sink` if it proves something.
    #[inline(always)]
    fn leave_off(&mut self, s: usize, st: &mut SearchState<'_>, sink: &mut Sink<'_>) {
        let (lo, hi) = self.links(s);
        let start = st.start;
        for i in lo..hi {
            let next = self.m.adj[i] as usize;
            let t = next * 2 + 1;
            if st.reach[t][0] == st.stamp {
                continue;
            }
            st.reach[t] = [st.stamp, s as u32];
            st.queue[st.qend] = t as u32;
            st.qend += 1;
            // `next` is proven true if start is false.
            if self.kind == ChainKind::Xy && (self.val(next) != self.val(start) || next == start) {
                continue;
            }
            self.conclude_from(st.from, next, st.out);
            if st.out.0.is_empty() && st.out.1.is_empty() {
                continue;
            }
            st.path.clear();
            let mut x = t;
            st.path.push(x);
            while x != start * 2 {
                x = st.reach[x][1] as usize;
                st.path.push(x);
            }
            st.path.reverse();
            self.record(st.path, st.out, sink);
        }
    }

    /// [`Graph::search`] as it was before off states were left at once (tests compare
    /// the two): every state, on or off, goes through the queue.
    #[cfg(test)]
    fn search_plain(
        &mut self,
        start: usize,
        max_len: usize,
        scratch: &mut Scratch,
        sink: &mut Sink<'_>,
    ) {
        let states = self.m.span.len();
        let stamp = scratch.begin(states);
        let reach = &mut scratch.reach[..states];
        // state = node * 2 + on
        let s0 = start * 2;
        reach[s0] = [stamp, s0 as u32];
        // The queue: `queue[..qend]`; every state enters it once at most.
        let mut queue = std::mem::take(&mut scratch.queue);
        queue[0] = s0 as u32;
        let mut qend = 1;
        let mut head = 0;
        // The states of `queue[..level_end]` not yet left are `depth` nodes from the
        // start (breadth first: the depth never falls along the queue).
        let (mut depth, mut level_end) = (1, 1);
        let mut out = std::mem::take(&mut scratch.out);
        let mut path = std::mem::take(&mut scratch.path);
        while head < qend {
            if head == level_end {
                depth += 1;
                level_end = qend;
            }
            if depth >= max_len {
                // So are all the states after it: none leads further.
                break;
            }
            let s = queue[head] as usize;
            head += 1;
            let (lo, hi) = self.links(s);
            if s % 2 == 1 {
                // From an on state, to off states, which conclude nothing: each one
                // not reached before is queued (without a branch on it). Off states
                // without strong links lead nowhere and conclude nothing: left out.
                for i in lo..hi {
                    let t = self.m.adj[i] as usize * 2;
                    if !keep_dead() {
                        let (a, b) = self.links(t);
                        if a == b {
                            continue;
                        }
                    }
                    let r = &mut reach[t];
                    let fresh = r[0] != stamp;
                    r[0] = stamp;
                    r[1] = if fresh { s as u32 } else { r[1] };
                    queue[qend] = t as u32;
                    qend += usize::from(fresh);
                }
                continue;
            }
            for i in lo..hi {
                let next = self.m.adj[i] as usize;
                let t = next * 2 + 1;
                if reach[t][0] == stamp {
                    continue;
                }
                reach[t] = [stamp, s as u32];
                queue[qend] = t as u32;
                qend += 1;
                // `next` is proven true if start is false.
                if self.kind == ChainKind::Xy
                    && (self.val(next) != self.val(start) || next == start)
                {
                    continue;
                }
                self.conclude(start, next, &mut out);
                if out.0.is_empty() && out.1.is_empty() {
                    continue;
                }
                path.clear();
                let mut x = t;
                path.push(x);
                while x != s0 {
                    x = reach[x][1] as usize;
                    path.push(x);
                }
                path.reverse();
                self.record(&path, &out, sink);
            }
        }
        scratch.queue = queue;
        scratch.out = out;
        scratch.path = path;
    }

    /// The chain nodes of a path of states.
    fn nodes(&self, path: &[usize]) -> Vec<ChainNode> {
        path.iter()
            .map(|&st| {
                let cells = self.cells_of(st / 2);
                ChainNode {
                    cell: Cell::new(cells[0] as u16),
                    group: cells[1..].iter().map(|&c| Cell::new(c as u16)).collect(),
                    value: self.value_of(st / 2),
                    on: st % 2 == 1,
                }
            })
            .collect()
    }

    /// Whether nodes `a` and `b` (as cell nodes or groups) are joined by a weak link
    /// that closes a loop: the same cell, or the same value with every cell of one
    /// seeing every cell of the other.
    fn closes(&self, a: usize, b: usize) -> bool {
        if a == b {
            return false;
        }
        let (ca, cb) = (self.cells_of(a), self.cells_of(b));
        if !self.is_group(a) && !self.is_group(b) && ca[0] == cb[0] {
            return true;
        }
        self.value_of(a) == self.value_of(b)
            && ca
                .iter()
                .all(|&x| !cb.contains(&x) && cb.iter().all(|&y| self.b.sees(x, y)))
    }

    /// The eliminations of the continuous nice loop `path` (start off, ..., end on, and
    /// the weak link from the end back to the start), or None when the path is not a
    /// loop HoDoKu allows (a node twice, or a cell met again later than next door).
    ///
    /// In the loop every strong link says "at least one of the two", every weak link
    /// "at most one"; as many of each run around it, so each link holds exactly one true
    /// node: every weak link is strong too. A weak link inside a cell leaves that cell
    /// only its two values; one between cells on value v removes v from the cells seeing
    /// both ends (HoDoKu leaves the loop's own cells alone).
    fn loop_elims(&self, path: &[usize]) -> Option<Vec<(Cell, u8)>> {
        let len = path.len();
        if len < 4 {
            return None;
        }
        let nodes: Vec<usize> = path.iter().map(|&s| s / 2).collect();
        let cells: Vec<&[usize]> = nodes.iter().map(|&x| self.cells_of(x)).collect();
        for i in 0..len {
            for j in i + 1..len {
                if nodes[i] == nodes[j] {
                    return None;
                }
                let next_door = j == i + 1 || (i == 0 && j == len - 1);
                let same_cell = !self.is_group(nodes[i])
                    && !self.is_group(nodes[j])
                    && cells[i][0] == cells[j][0];
                let overlap = cells[i].iter().any(|c| cells[j].contains(c));
                if overlap && !(next_door && same_cell) {
                    return None;
                }
            }
        }
        let in_chain: Vec<usize> = cells.iter().flat_map(|c| c.iter().copied()).collect();
        let mut elims = Vec::new();
        // Weak links: from each on node (odd index) to the next, the last back to 0.
        for i in (1..len).step_by(2) {
            let (a, b) = (nodes[i], nodes[(i + 1) % len]);
            let (va, vb) = (self.value_of(a), self.value_of(b));
            if va != vb {
                // Two values of one cell.
                let c = cells[i][0];
                for w in Mask::from_bits(self.b.cands[c]) {
                    if w != va && w != vb {
                        elims.push((Cell::new(c as u16), w));
                    }
                }
            } else {
                let mut both = cells[i].to_vec();
                both.extend_from_slice(cells[(i + 1) % len]);
                self.b.each_seeing_all(&both, va, |t| {
                    if !in_chain.contains(&t) {
                        elims.push((Cell::new(t as u16), va));
                    }
                });
            }
        }
        elims.sort_unstable_by_key(|&(c, v)| (v, c.index()));
        elims.dedup();
        Some(elims)
    }

    /// Names the step a found chain makes (as HoDoKu would: a continuous or
    /// discontinuous nice loop, or an AIC) with its eliminations, and offers it to `sink`.
    #[cold]
    fn record(&self, path: &[usize], out: &Conclusions, sink: &mut Sink<'_>) {
        // HoDoKu's chains have three links at least (a single strong link is a locked
        // candidate or nothing).
        if path.len() < 4 {
            return;
        }
        let (places, elims) = out;
        let start = path[0] / 2;
        let end = path[path.len() - 1] / 2;
        let mut elims = elims.clone();
        let kind = if self.kind == ChainKind::X || self.kind == ChainKind::Xy {
            for &(c, v) in places {
                // X-chain back to its start: the start is true, so its peers lose v.
                self.b.each_seeing_all(&[c.index()], v, |t| {
                    elims.push((Cell::new(t as u16), v));
                });
            }
            LoopKind::Chain
        } else if !places.is_empty() {
            // start off => start on: the start is true, the other values go.
            let c = self.cell(start);
            for w in Mask::from_bits(self.b.cands[c]) {
                if w != self.val(start) {
                    elims.push((Cell::new(c as u16), w));
                }
            }
            LoopKind::Discontinuous
        } else if elims.len() == 1 {
            // HoDoKu's AICs remove two candidates at least; one alone is the loop
            // from the candidate removed back to itself.
            LoopKind::Discontinuous
        } else {
            LoopKind::Aic
        };
        elims.sort_unstable_by_key(|&(c, v)| (v, c.index()));
        elims.dedup();
        let mut wrap = None;
        if kind == LoopKind::Discontinuous && places.is_empty() && elims.len() == 1 {
            // The candidate (c, v) removed, made true, starts a loop back to itself
            // through the chain: (v)c - start = ... = end - (v)c. When c is the end's
            // cell and not the start's, the chain runs from the end.
            let (c, v) = elims[0];
            let c = c.index();
            let back = !self.is_group(end) && self.cell(end) == c && self.cell(start) != c;
            wrap = Some((c * self.n + v as usize - 1, back));
        }
        self.offer(path, kind, false, wrap, elims, sink);
        // An AIC whose end sees its start (by a weak link) is also a continuous loop.
        let plain = kind == LoopKind::Aic || kind == LoopKind::Discontinuous && places.is_empty();
        if plain && self.closes(end, start) {
            if let Some(e) = self.loop_elims(path) {
                self.offer(path, LoopKind::Continuous, true, None, e, sink);
            }
        }
    }

    /// Whether the chain `full` meets a cell again after leaving it (HoDoKu's lasso:
    /// it takes no such chain); a loop (`is_loop`) may come back to its first cell.
    fn lasso(&self, full: &[usize], is_loop: bool) -> bool {
        let first = self.cells_of(full[0] / 2);
        // The cells left so far, as a set (`words` words; on the stack for most grids).
        let mut small = [0u64; 4];
        let mut large = Vec::new();
        let left: &mut [u64] = if self.words <= small.len() {
            &mut small[..self.words]
        } else {
            large.resize(self.words, 0);
            &mut large
        };
        let mut prev: Option<&[usize]> = None;
        for &s in full {
            let cells = self.cells_of(s / 2);
            if cells.iter().any(|&c| left[c / 64] >> (c % 64) & 1 != 0) {
                return true;
            }
            if let Some(p) = prev {
                if !(is_loop && p == first) {
                    for &c in p {
                        left[c / 64] |= 1 << (c % 64);
                    }
                }
            }
            prev = Some(cells);
        }
        false
    }

    /// Offers a step to `sink` (if it removes something and its technique is allowed):
    /// kept unless the sink has it with the same eliminations by a chain as short.
    fn offer(
        &self,
        path: &[usize],
        kind: LoopKind,
        closed: bool,
        wrap: Option<(usize, bool)>,
        elims: Vec<(Cell, u8)>,
        sink: &mut Sink<'_>,
    ) {
        if elims.is_empty() {
            return;
        }
        sink.tried += 1;
        let grouped = path.iter().any(|&s| self.is_group(s / 2));
        let tech = match (self.kind, kind, grouped) {
            (ChainKind::X, _, _) => Technique::XChain,
            (ChainKind::Xy, _, _) => Technique::XyChain,
            (_, LoopKind::Continuous, false) => Technique::ContinuousNiceLoop,
            (_, LoopKind::Continuous, true) => Technique::GroupedContinuousNiceLoop,
            (_, LoopKind::Discontinuous, false) => Technique::DiscontinuousNiceLoop,
            (_, LoopKind::Discontinuous, true) => Technique::GroupedDiscontinuousNiceLoop,
            (_, _, false) => Technique::Aic,
            (_, _, true) => Technique::GroupedAic,
        };
        if !(sink.allows)(tech) {
            return;
        }
        // The chain as shown: a loop closes on its start; a discontinuous loop around
        // one elimination starts and ends at it.
        let mut full = path.to_vec();
        if let Some((node, back)) = wrap {
            if back {
                // The same chain read from its end: every node flips.
                full = full.iter().rev().map(|&s| s ^ 1).collect();
            }
            full.insert(0, node * 2 + 1);
            full.push(node * 2);
        }
        if closed {
            full.push(path[0]);
        }
        let is_loop = kind == LoopKind::Continuous
            || kind == LoopKind::Discontinuous
            || full[0] / 2 == full[full.len() - 1] / 2;
        if self.lasso(&full, is_loop) {
            return;
        }
        sink.hits += 1;
        let len = full.len();
        let known = sink
            .by_elims
            .get(&tech)
            .and_then(|m| m.get(elims.as_slice()));
        let seq = match known {
            Some(&i) if sink.found[i].len <= len => return,
            Some(&i) => i,
            None => {
                sink.by_elims
                    .entry(tech)
                    .or_default()
                    .insert(elims.clone(), sink.found.len());
                sink.found.len()
            }
        };
        let found = Found::new(tech, full, elims, len, seq);
        if seq == sink.found.len() {
            sink.found.push(found);
        } else {
            sink.found[seq] = found;
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LoopKind {
    /// An X- or XY-chain.
    Chain,
    Continuous,
    Discontinuous,
    Aic,
}

/// A start node (a cell node), worked out once for the conclusions of its search: its
/// cell and value, and its cell's peers holding the value (as a set, `words` words).
/// Kept in [`Scratch`] and filled in place for each search ([`From::set`]).
#[derive(Default)]
struct From {
    node: usize,
    cell: usize,
    val: u8,
    peers_with: Vec<u64>,
}

impl From {
    #[cfg(test)]
    fn new(g: &Graph<'_>, node: usize) -> From {
        let mut from = From::default();
        from.set(g, node);
        from
    }

    /// Makes this the start `node`.
    fn set(&mut self, g: &Graph<'_>, node: usize) {
        let (cell, val) = (g.cell(node), g.val(node));
        let (pc, with) = (g.peer_set(cell), g.with(val));
        self.peers_with.clear();
        self.peers_with
            .extend(pc.iter().zip(with).map(|(&p, &w)| p & w));
        self.node = node;
        self.cell = cell;
        self.val = val;
    }
}

/// A search's state ([`Graph::search`]): its start and stamp, the states reached (and
/// from where), the queue of on states, and scratch.
struct SearchState<'s> {
    start: usize,
    from: &'s From,
    stamp: u32,
    reach: &'s mut [[u32; 2]],
    queue: &'s mut [u32],
    qend: usize,
    out: &'s mut Conclusions,
    path: &'s mut Vec<usize>,
}

#[derive(Default)]
struct Scratch {
    /// Per state, the stamp of the last search that reached it and the state it was
    /// reached from.
    reach: Vec<[u32; 2]>,
    stamp: u32,
    queue: Vec<u32>,
    out: Conclusions,
    path: Vec<usize>,
    /// The start of the search under way.
    from: From,
}

impl Scratch {
    /// Readies the scratch for a search over `states` states and gives its stamp: a
    /// state is reached in this search when its stamp in `reach` is this one; the queue
    /// holds every state.
    fn begin(&mut self, states: usize) -> u32 {
        if self.reach.len() < states {
            self.reach.clear();
            self.reach.resize(states, [0, NONE]);
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.reach.fill([0, NONE]);
            self.stamp = 1;
        }
        if self.queue.len() <= states {
            self.queue.resize(states + 1, 0);
        }
        self.stamp
    }
}

/// A step a search found: its technique, the chain as shown (states), its eliminations
/// (by value, then cell), its length.
struct Found {
    tech: Technique,
    path: Vec<usize>,
    elims: Vec<(Cell, u8)>,
    len: usize,
    /// The order found in (HoDoKu keeps the first of steps it cannot tell apart).
    seq: usize,
}

impl Found {
    fn new(
        tech: Technique,
        path: Vec<usize>,
        elims: Vec<(Cell, u8)>,
        len: usize,
        seq: usize,
    ) -> Found {
        Found {
            tech,
            path,
            elims,
            len,
            seq,
        }
    }

    /// HoDoKu's weighted sum of the eliminations (by value, then cell): the first
    /// counts cell + value, each next one's cell 80 times more.
    fn index_sum(&self) -> u64 {
        let mut sum = 0u64;
        let mut weight = 1u64;
        for &(c, v) in &self.elims {
            sum += c.index() as u64 * weight + v as u64;
            weight += 80;
        }
        sum
    }
}

/// The steps found in one search, one per technique and set of eliminations (the
/// shortest chain found for it).
struct Sink<'f> {
    found: Vec<Found>,
    /// How many chains were offered (duplicates too).
    hits: usize,
    /// How many chains with eliminations reached [`Graph::offer`], whatever became of
    /// them (not allowed, a lasso, or offered).
    tried: usize,
    /// Per technique and eliminations, the index of its step in `found`.
    by_elims: HashMap<Technique, HashMap<Vec<(Cell, u8)>, usize>>,
    allows: &'f dyn Fn(Technique) -> bool,
}

/// HoDoKu's choice among the steps found: the most eliminations; then, for different
/// eliminations, the lower weighted sum of them ([`Found::index_sum`]); for the same
/// ones, the shorter chain; then the first found.
fn best_of(found: Vec<Found>) -> Option<Found> {
    found.into_iter().min_by(|a, b| {
        b.elims
            .len()
            .cmp(&a.elims.len())
            .then_with(|| {
                if a.tech == b.tech && a.elims == b.elims {
                    a.len.cmp(&b.len)
                } else {
                    a.index_sum().cmp(&b.index_sum())
                }
            })
            .then(a.seq.cmp(&b.seq))
    })
}

/// The most nodes a chain of `kind` may have: HoDoKu's X- and XY-chains have 20 at
/// most.
fn max_len(kind: ChainKind) -> usize {
    match kind {
        ChainKind::X | ChainKind::Xy => 20,
        _ => 2 * 12,
    }
}

/// Whether a nice-loop search (AIC kinds; `grouped`: with groups) that offered nothing
/// on the board whose candidates were `old` offers nothing on `b` either, for want of any
/// new link: `b` is `old` less some candidates, none of which was on a strong link in
/// `old` and none of which makes one in `b`. Then:
///
/// - a removed candidate was a dead end: with no strong link, its "off" state led
///   nowhere and its "on" state was never reached (strong links are what reach an on
///   state), and it started no chain (a chain starts with a strong link);
/// - every other node keeps its strong links (they change only where a cell's candidates
///   or a unit's places of a value change: such a cell keeps three candidates or more,
///   such a unit three places or more, before and after), and its weak links lose only
///   dead ends. With groups, the places of a value in a changed line stay in three boxes
///   or more, and in a changed box they are never within two lines (a row or column of
///   the box each), before and after, so no group link starts or ends in such a unit
///   (a group whose cells changed is a dead end before and after);
/// - so each search from each start meets the same states by the same paths as on `old`,
///   and every conclusion drawn at them is a subset of the one on `old` (candidates were
///   only removed): each chain that had no elimination there has none here.
///
/// `old` must be a board of the same solve (only removals since); a candidate gained
/// answers false.
fn quiet_change(old: &[u64], b: &Board, grouped: bool) -> bool {
    let n = b.n;
    if old.len() != b.cands.len() {
        return false;
    }
    // Per unit, the values whose places in it changed.
    let mut atoms = [0u64; 3 * MAX_SIZE];
    let mut changed = false;
    for (c, (&o, &m)) in old.iter().zip(&b.cands).enumerate() {
        if o == m {
            continue;
        }
        if m & !o != 0 || o.count_ones() < 3 || m.count_ones() < 3 {
            return false;
        }
        changed = true;
        for u in b.geo.units_of(c) {
            atoms[u as usize] |= o & !m;
        }
    }
    if !changed {
        return true;
    }
    for (u, &vals) in atoms[..3 * n].iter().enumerate() {
        if vals == 0 {
            continue;
        }
        let cells = b.geo.unit(u);
        for v in Mask::from_bits(vals) {
            let bit = 1u64 << (v - 1);
            for board in [old, &b.cands[..]] {
                // The places of v in the unit, as cells.
                let places = cells
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| board[c] & bit != 0);
                if !no_strong_link(b, u, places, grouped) {
                    return false;
                }
            }
        }
    }
    true
}

/// Whether the places `places` of one value in unit `u` give no strong link: three or
/// more of them; with groups, in a line three boxes or more, in a box not within two of
/// its lines (rows or columns).
fn no_strong_link(
    b: &Board,
    u: usize,
    places: impl Iterator<Item = usize> + Clone,
    grouped: bool,
) -> bool {
    if places.clone().nth(2).is_none() {
        return false;
    }
    if !grouped {
        return true;
    }
    let n = b.n;
    if u < 2 * n {
        // Distinct boxes (the line meets each box in a run of cells).
        let mut boxes = 0u64;
        for c in places {
            boxes |= 1 << b.boxi(c);
        }
        return boxes.count_ones() >= 3;
    }
    let (mut rows, mut cols) = (0u64, 0u64);
    for c in places.clone() {
        rows |= 1 << b.row(c);
        cols |= 1 << b.col(c);
    }
    if rows.count_ones() <= 2 || cols.count_ones() <= 2 {
        return false;
    }
    // A row and a column: the places off some row all in one column.
    let mut rest = rows;
    while rest != 0 {
        let r = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut off = 0u64;
        for c in places.clone() {
            if b.row(c) != r {
                off |= 1 << b.col(c);
            }
        }
        if off.count_ones() <= 1 {
            return false;
        }
    }
    true
}

/// The chain of `kind` HoDoKu would take: every chain from every start is found (the
/// shortest per start and end), and [`best_of`] picks among them as HoDoKu does. The
/// AIC kinds find HoDoKu's nice loops too (continuous: a loop whose weak links all
/// become strong; discontinuous: the start is placed or loses a value) and name each
/// step by what it is; `allows` says which of those techniques may be taken.
///
/// X-chains use conjugate links, which join candidates of one value only, and weak links
/// on the same value: each chain stays on the value it starts with and reads only that
/// value's positions. So a value where every search found nothing is noted in `memo`,
/// and skipped while its positions stay the same (the result is unchanged: those
/// searches would fail again).
pub(crate) fn chain(
    b: &Board,
    kind: ChainKind,
    memo: &mut Memo,
    allows: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
    let n = b.n;
    let max_len = max_len(kind);
    let x = kind == ChainKind::X;
    // The AIC kinds: skipped while nothing but dead ends went since they last offered
    // nothing ([`quiet_change`]); the board they are skipped on stands for the old one.
    let loop_slot = match kind {
        ChainKind::Aic => Some(0),
        ChainKind::Grouped => Some(1),
        _ => None,
    };
    if let Some(i) = loop_slot {
        #[cfg(test)]
        let skip_ok = !memo.no_loop_skip;
        #[cfg(not(test))]
        let skip_ok = true;
        if let Some(old) = memo.loops_failed[i].as_mut() {
            if skip_ok && quiet_change(old, b, kind == ChainKind::Grouped) {
                old.copy_from_slice(&b.cands);
                return None;
            }
        }
    }
    // Values skipped (X-chains: failed before on the same positions), and values whose
    // searches found a chain: not known to fail.
    let mut skip = 0u64;
    let mut open = 0u64;
    // XY-chains run only through bivalue cells, and conclude only on cells seeing both
    // ends; the solver only ever removes candidates, so with the same bivalue cells as
    // when they last failed, they fail again.
    let bivalue: Vec<(usize, u64)> = if kind == ChainKind::Xy {
        let bv: Vec<(usize, u64)> = (0..b.cands.len())
            .filter(|&c| b.cands[c].count_ones() == 2)
            .map(|c| (c, b.cands[c]))
            .collect();
        if memo.xy_failed.as_ref() == Some(&bv) {
            return None;
        }
        bv
    } else {
        Vec::new()
    };
    if x {
        for v in 1..=n as u8 {
            if memo.skip_value(Technique::XChain, b, v) {
                skip |= 1 << (v - 1);
            }
        }
        if skip == b.all {
            return None;
        }
    }
    let mut sink = Sink {
        found: Vec::new(),
        hits: 0,
        tried: 0,
        by_elims: HashMap::new(),
        allows,
    };
    let peers = std::mem::take(&mut memo.peer_bits);
    let peers = if peers.is_empty() {
        Memo::build_peer_bits(b)
    } else {
        peers
    };
    let bufs = BUFS.with(|b| b[kind.index()].take()).unwrap_or_default();
    let mut g = Graph::new(b, kind, skip, &peers, bufs);
    let mut scratch = std::mem::take(&mut g.m.scratch);
    for c in 0..b.cands.len() {
        let m = b.cands[c] & !skip;
        if m == 0 || (kind == ChainKind::Xy && !two_values(m)) {
            continue;
        }
        for w in Mask::from_bits(m) {
            let start = c * n + w as usize - 1;
            // A chain starts with a strong link.
            let (lo, hi) = g.links(start * 2);
            if lo == hi {
                continue;
            }
            let before = sink.hits;
            if plain_search() {
                #[cfg(test)]
                g.search_plain(start, max_len, &mut scratch, &mut sink);
            } else {
                g.search(start, max_len, &mut scratch, &mut sink);
            }
            if sink.hits != before {
                open |= 1 << (w - 1);
            }
        }
    }
    let best = best_of(std::mem::take(&mut sink.found));
    let chain = best.as_ref().map(|f| g.nodes(&f.path));
    g.m.scratch = scratch;
    BUFS.with(|b| b[kind.index()].set(Some(g.m)));
    memo.peer_bits = peers;
    if x {
        for v in Mask::from_bits(b.all & !skip & !open) {
            memo.value_failed(Technique::XChain, b, v);
        }
    }
    if kind == ChainKind::Xy && best.is_none() {
        memo.xy_failed = Some(bivalue);
    }
    if let Some(i) = loop_slot {
        let failed = &mut memo.loops_failed[i];
        match failed {
            Some(old) if sink.tried == 0 => old.copy_from_slice(&b.cands),
            _ if sink.tried == 0 => *failed = Some(b.cands.clone()),
            _ => *failed = None,
        }
    }
    let f = best?;
    let chain = chain?;
    let mut step = Step::new(f.tech);
    step.values = chain.iter().map(|x| x.value).collect();
    step.cells = chain.iter().map(|x| x.cell).collect();
    step.cells.dedup();
    if step.cells.len() > 1 && step.cells.first() == step.cells.last() {
        // A loop: its start closes it.
        step.cells.pop();
    }
    step.chain = chain;
    let mut elims = f.elims;
    elims.sort_unstable_by_key(|&(c, v)| (c.index(), v));
    step.eliminations = elims;
    Some(step)
}

#[cfg(test)]
mod tests {
    use numpl_core::{Cell, Mask};

    use super::{chain, max_len, ChainKind, Graph, HashMap, Scratch, Sink};
    use crate::human::memo::Memo;
    use crate::human::tests::positions;
    use crate::human::Board;
    use crate::human::Technique;

    /// The plain group links (as before the cell sets): cell lists and `sees`.
    fn plain_group_links(g: &Graph<'_>, node: usize, strong: bool, out: &mut Vec<usize>) {
        let b = g.b;
        let v = g.value_of(node);
        let mine = g.cells_of(node).to_vec();
        let units: Vec<usize> = if g.is_group(node) {
            g.group(node).units.to_vec()
        } else {
            b.geo.units_of(mine[0]).map(|u| u as usize).to_vec()
        };
        if strong {
            for &u in &units {
                let rest: Vec<usize> = b.cells_with(u, v).filter(|c| !mine.contains(c)).collect();
                let x = match rest.len() {
                    0 => None,
                    1 => Some(rest[0] * g.n + v as usize - 1),
                    _ => (0..g.m.groups.len())
                        .find(|&gi| g.m.groups[gi].v == v && g.gcells(gi) == &rest[..])
                        .map(|gi| g.gnode(gi)),
                };
                if let Some(x) = x {
                    if (g.is_group(x) || g.is_group(node)) && !out.contains(&x) {
                        out.push(x);
                    }
                }
            }
            return;
        }
        if g.is_group(node) {
            b.each_seeing_all(&mine, v, |t| out.push(t * g.n + v as usize - 1));
        }
        for gi in 0..g.m.groups.len() {
            let cells = g.gcells(gi);
            if g.m.groups[gi].v != v
                || g.gnode(gi) == node
                || cells.iter().any(|c| mine.contains(c))
            {
                continue;
            }
            if cells.iter().all(|&x| mine.iter().all(|&y| b.sees(x, y))) {
                out.push(g.gnode(gi));
            }
        }
    }

    /// The plain weak links of a cell node (no groups): its cell's other values (AIC),
    /// then its peers holding its value, as the geometry lists them.
    fn plain_weak(g: &Graph<'_>, node: usize, out: &mut Vec<usize>) {
        let (c, v) = (g.cell(node), g.val(node));
        if g.kind == ChainKind::Aic {
            for w in Mask::from_bits(g.b.cands[c]) {
                if w != v {
                    out.push(c * g.n + w as usize - 1);
                }
            }
        }
        for &p in g.b.geo.peers(c) {
            let p = p as usize;
            if g.b.has(p, v) && (g.kind != ChainKind::Xy || g.b.cands[p].count_ones() == 2) {
                out.push(p * g.n + v as usize - 1);
            }
        }
    }

    /// The plain conclusions of a cell start and a group end.
    fn plain_group_end(g: &Graph<'_>, start: usize, end: usize) -> Vec<(Cell, u8)> {
        let b = g.b;
        let (ca, va) = (g.cell(start), g.val(start));
        let (cells, v) = (g.cells_of(end), g.value_of(end));
        let mut elims = Vec::new();
        if v == va {
            let mut all = cells.to_vec();
            all.push(ca);
            b.each_seeing_all(&all, va, |t| elims.push((Cell::new(t as u16), va)));
        } else if !cells.contains(&ca) && b.has(ca, v) && cells.iter().all(|&x| b.sees(x, ca)) {
            elims.push((Cell::new(ca as u16), v));
        }
        elims
    }

    const PUZZLES: [&str; 3] = [
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "........1..1..2.3..4..5.6....4..7....5..8.9..7..3....2.6.......4.5..68..8.9.4..6.",
        "1..D..C.G.5..2...5C26.D9......B.7G4.....8..C...F.93....A2..B5...3...B.8.A9D.652....B765..E.......1....G.B.....C7..2......67F........59A......8..E3.....4.C....9.......B..7E9F....6B7.GFC.3.5...4...3A..67....45.F...C..8.....B7E.4......F5.693D...7..E.G.4..1..2",
    ];

    /// The group links, group-end conclusions and cells' weak links by cell sets are the
    /// plain ones, node for node, in order, on every position of three solves (9x9 and
    /// 16x16).
    #[test]
    fn group_links_by_sets_as_plain() {
        let (mut groups, mut links) = (0, 0);
        for p in PUZZLES {
            for b in positions(p) {
                let peers = Memo::build_peer_bits(&b);
                let g = Graph::new(&b, ChainKind::Grouped, 0, &peers, Default::default());
                groups += g.m.groups.len();
                let nodes: Vec<usize> = (0..g.base)
                    .chain((0..g.m.groups.len()).map(|gi| g.gnode(gi)))
                    .collect();
                for node in nodes {
                    if !g.is_group(node) && !b.has(g.cell(node), g.val(node)) {
                        continue;
                    }
                    for strong in [false, true] {
                        let (mut a, mut e) = (Vec::new(), Vec::new());
                        if strong && !g.is_group(node) {
                            // A cell node's strong group links come first among its
                            // strong links (then its other value and conjugates).
                            g.strong(node, &mut a);
                            a.retain(|&x| g.is_group(x));
                        } else {
                            g.group_links(node, strong, &mut a);
                        }
                        plain_group_links(&g, node, strong, &mut e);
                        assert_eq!(a, e, "node {node} strong {strong}");
                        links += a.len();
                    }
                    if !g.is_group(node) {
                        for kind in [ChainKind::Xy, ChainKind::Aic] {
                            let g = Graph::new(&b, kind, 0, &peers, Default::default());
                            let (mut a, mut e) = (Vec::new(), Vec::new());
                            g.weak(node, &mut a);
                            plain_weak(&g, node, &mut e);
                            assert_eq!(a, e, "node {node}");
                        }
                    }
                    if g.is_group(node) {
                        for c in 0..b.cands.len() {
                            for v in Mask::from_bits(b.cands[c]) {
                                let start = c * g.n + v as usize - 1;
                                let mut out = Default::default();
                                g.conclude(start, node, &mut out);
                                assert!(out.0.is_empty());
                                assert_eq!(out.1, plain_group_end(&g, start, node));
                            }
                        }
                    }
                }
            }
        }
        assert!(groups > 1000 && links > 10000, "{groups} {links}");
    }

    /// Leaving out the off states without strong links finds the same steps as keeping
    /// them, for every kind, on every other position of three solves.
    #[test]
    fn dead_ends_left_out_as_kept() {
        let mut found = 0;
        for p in PUZZLES {
            for b in positions(p).iter().step_by(2) {
                for kind in [
                    ChainKind::X,
                    ChainKind::Xy,
                    ChainKind::Aic,
                    ChainKind::Grouped,
                ] {
                    super::PLAIN_SEARCH.set(true);
                    super::KEEP_DEAD.set(true);
                    let kept = chain(b, kind, &mut Memo::default(), &|_| true);
                    super::KEEP_DEAD.set(false);
                    let pruned = chain(b, kind, &mut Memo::default(), &|_| true);
                    super::PLAIN_SEARCH.set(false);
                    found += usize::from(pruned.is_some());
                    assert_eq!(kept, pruned);
                }
            }
        }
        assert!(found > 50, "{found}");
    }

    /// `lone` and `two_values` say what a population count says, on sets of one to
    /// three words with none, one, two and more members in various words.
    #[test]
    fn lone_and_two_values_as_counted() {
        let words = [
            0u64,
            1,
            2,
            3,
            1 << 63,
            (1 << 63) | 1,
            0x50,
            u64::MAX,
            0x8000_0000,
        ];
        let mut many = 0;
        for &a in &words {
            assert_eq!(super::two_values(a), a.count_ones() == 2, "{a:x}");
            for &b in &words {
                for &c in &words {
                    let set = [a, b, c];
                    for w in 1..=3 {
                        let count: u32 = set[..w].iter().map(|x| x.count_ones()).sum();
                        let first = (0..w)
                            .find(|&i| set[i] != 0)
                            .map(|i| i * 64 + set[i].trailing_zeros() as usize);
                        let expected = match count {
                            0 => super::Lone::None,
                            1 => super::Lone::One(first.unwrap()),
                            _ => super::Lone::Many,
                        };
                        many += usize::from(count > 1);
                        assert!(super::lone(w, |i| set[i]) == expected, "{set:x?} {w}");
                    }
                }
            }
        }
        assert!(many > 100, "{many}");
    }

    /// Every chain offered by a search from every start, in order: what each kept
    /// (technique, chain, eliminations, order found), and how many were offered.
    fn all_found(b: &Board, kind: ChainKind, plain: bool) -> (Vec<Kept>, usize) {
        let peers = Memo::build_peer_bits(b);
        let mut g = Graph::new(b, kind, 0, &peers, Default::default());
        let mut scratch = Scratch::default();
        let allows = |_| true;
        let mut sink = Sink {
            found: Vec::new(),
            hits: 0,
            tried: 0,
            by_elims: HashMap::new(),
            allows: &allows,
        };
        for c in 0..b.cands.len() {
            for w in Mask::from_bits(b.cands[c]) {
                let start = c * g.n + w as usize - 1;
                let (lo, hi) = g.links(start * 2);
                if lo == hi {
                    continue;
                }
                if plain {
                    g.search_plain(start, max_len(kind), &mut scratch, &mut sink);
                } else {
                    g.search(start, max_len(kind), &mut scratch, &mut sink);
                }
            }
        }
        let found = sink
            .found
            .into_iter()
            .map(|f| (f.tech, f.path, f.elims, f.seq))
            .collect();
        (found, sink.hits)
    }

    type Kept = (Technique, Vec<usize>, Vec<(Cell, u8)>, usize);

    /// The search that leaves off states at once offers the chains the plain search
    /// (every state through the queue) offers, in the same order, for every kind, on
    /// every position of three solves.
    #[test]
    fn search_as_plain() {
        let mut found = 0;
        for p in PUZZLES {
            for b in positions(p) {
                for kind in [
                    ChainKind::X,
                    ChainKind::Xy,
                    ChainKind::Aic,
                    ChainKind::Grouped,
                ] {
                    let plain = all_found(&b, kind, true);
                    let fast = all_found(&b, kind, false);
                    found += fast.0.len();
                    assert!(plain == fast, "{p} kind {}", kind.index());
                }
            }
        }
        assert!(found > 1000, "{found}");
    }

    /// Links kept from the board before (along every position of each solve, so most
    /// links are kept and the changed ones forgotten) give the steps of links built anew,
    /// for the kinds that keep them.
    #[test]
    fn kept_links_as_built_anew() {
        let mut found = 0;
        for p in PUZZLES {
            let boards = positions(p);
            for kind in [ChainKind::Aic, ChainKind::Grouped] {
                let steps = |fresh: bool| {
                    super::FRESH_LINKS.set(fresh);
                    let steps: Vec<_> = boards
                        .iter()
                        .map(|b| chain(b, kind, &mut Memo::default(), &|_| true))
                        .collect();
                    super::FRESH_LINKS.set(false);
                    steps
                };
                let (kept, fresh) = (steps(false), steps(true));
                found += kept.iter().filter(|s| s.is_some()).count();
                assert_eq!(kept, fresh);
            }
        }
        assert!(found > 50, "{found}");
    }

    /// Along every position of three solves (9x9 and 16x16), with one memo kept as the
    /// solver keeps it, the nice-loop searches give the steps of searches that never
    /// skip; every board the memo skips on is one where the full search finds nothing;
    /// and boards are skipped.
    #[test]
    fn quiet_changes_skip_as_searched() {
        let mut skipped = 0;
        for p in PUZZLES {
            let boards = positions(p);
            for (i, kind) in [ChainKind::Aic, ChainKind::Grouped].into_iter().enumerate() {
                let grouped = kind == ChainKind::Grouped;
                let mut memo = Memo::default();
                for b in &boards {
                    let quiet = memo.loops_failed[i]
                        .as_ref()
                        .is_some_and(|old| super::quiet_change(old, b, grouped));
                    let kept = chain(b, kind, &mut memo, &|_| true);
                    let mut plain = Memo::default();
                    plain.no_loop_skip = true;
                    let full = chain(b, kind, &mut plain, &|_| true);
                    assert_eq!(kept, full);
                    if quiet {
                        assert!(full.is_none());
                        skipped += 1;
                    }
                }
            }
        }
        assert!(skipped >= 5, "{skipped}");
    }

    /// A change is quiet when the candidates removed were on no strong link and make
    /// none: a cell left with two candidates, a unit left with two places of a value, a
    /// cell that had three, or a candidate gained is not quiet; with groups, neither is
    /// a box whose places of the value lie within two of its lines afterwards.
    #[test]
    fn quiet_change_laws() {
        let boards = positions(PUZZLES[0]);
        let b = &boards[0];
        let n = b.n;
        let places = |b: &Board, u: usize, v: u8| {
            b.geo
                .unit(u)
                .iter()
                .filter(|&&c| b.has(c as usize, v))
                .count()
        };
        let (mut quiet, mut loud) = (0, 0);
        for c in 0..b.cands.len() {
            for v in Mask::from_bits(b.cands[c]) {
                let mut after = b.clone();
                after.cands[c] &= !(1u64 << (v - 1));
                let units = b.geo.units_of(c).map(|u| u as usize);
                let cell_ok = b.cands[c].count_ones() >= 4;
                let units_ok = units.iter().all(|&u| places(b, u, v) >= 4);
                let got = super::quiet_change(&b.cands, &after, false);
                assert_eq!(got, cell_ok && units_ok, "r{}c{} {v}", c / n + 1, c % n + 1);
                if got {
                    quiet += 1;
                    // Grouped: never quieter than plain; a box whose places of v are
                    // left in two rows is not quiet.
                    let bx = units[2];
                    let rows: u64 = b
                        .geo
                        .unit(bx)
                        .iter()
                        .filter(|&&x| after.has(x as usize, v))
                        .fold(0, |r, &x| r | 1 << (x as usize / n));
                    if rows.count_ones() <= 2 {
                        assert!(!super::quiet_change(&b.cands, &after, true));
                    }
                } else {
                    loud += 1;
                    assert!(!super::quiet_change(&b.cands, &after, true));
                }
                // A candidate gained is never quiet.
                assert!(!super::quiet_change(&after.cands, b, false));
            }
        }
        assert!(quiet > 0 && loud > 0, "{quiet} {loud}");
        assert!(super::quiet_change(&b.cands, b, true));
    }

    /// The storage kept across calls (on this thread, from boards of both sizes) gives
    /// the steps a fresh thread's new storage gives, for every kind.
    #[test]
    fn kept_storage_as_fresh() {
        let mut found = 0;
        let boards: Vec<Board> = PUZZLES.iter().flat_map(|p| positions(p)).collect();
        let boards: Vec<Board> = boards.into_iter().step_by(3).collect();
        for (i, b) in boards.iter().enumerate() {
            // Every other board, a board of the other size first.
            if i % 2 == 1 {
                let other = &boards[boards.len() - 1 - i];
                chain(other, ChainKind::Grouped, &mut Memo::default(), &|_| true);
            }
            for kind in [
                ChainKind::X,
                ChainKind::Xy,
                ChainKind::Aic,
                ChainKind::Grouped,
            ] {
                let kept = chain(b, kind, &mut Memo::default(), &|_| true);
                let b2 = b.clone();
                let fresh =
                    std::thread::spawn(move || chain(&b2, kind, &mut Memo::default(), &|_| true))
                        .join()
                        .unwrap();
                found += usize::from(kept.is_some());
                assert_eq!(kept, fresh);
            }
        }
        assert!(found > 20, "{found}");
    }
}
