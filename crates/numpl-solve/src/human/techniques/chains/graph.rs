//! The graph chains are searched on: a node per candidate (and per group, for grouped
//! chains), with strong and weak links built the first time a search leaves a node, in
//! storage kept per thread from call to call.

use super::search::Scratch;
use super::ChainKind;
use crate::human::bits::{each_bit, lone_of, Lone};
use crate::human::Board;
use numpl_core::Mask;

/// A group node: `v` in one of its cells (2 or 3 cells of a line-box intersection):
/// `Bufs::gcells[start..start + len]`.
pub(super) struct Group {
    pub(super) v: u8,
    pub(super) start: u32,
    pub(super) len: u32,
    /// The line and the box.
    pub(super) units: [usize; 2],
    /// Its place among every group the grid could have (its node is `base + slot`).
    pub(super) slot: u32,
}

/// A graph's storage, kept across calls (per thread and kind, [`BUFS`]) so that a search
/// does not allocate it again: every field is filled anew by [`Graph::new`] but the
/// units' cell sets (the same for every board of one geometry) and the links (`span`,
/// `adj`) of the AIC kinds, which stay from the board before except those its changes
/// may touch ([`forget_changed`]): a solve removes a few candidates per step, so most
/// links stay.
#[derive(Default)]
pub(super) struct Bufs {
    pub(super) groups: Vec<Group>,
    /// The cells of every group, one after the other.
    pub(super) gcells: Vec<usize>,
    /// Per group, `words` words: its cells as a set, then the cells seeing all of them.
    pub(super) gbits: Vec<u64>,
    pub(super) by_value: Vec<Vec<usize>>,
    pub(super) by_unit: Vec<Vec<usize>>,
    pub(super) with: Vec<u64>,
    /// Per unit, `words` words: its cells (of the geometry `unit_geo`, by address).
    pub(super) unit_bits: Vec<u64>,
    pub(super) unit_geo: usize,
    /// `ids[c] == c`: a cell node's cells as a slice.
    pub(super) ids: Vec<usize>,
    pub(super) span: Vec<(u32, u32)>,
    pub(super) adj: Vec<u32>,
    pub(super) tmp: Vec<usize>,
    pub(super) scratch: Scratch,
    /// Grouped chains: per group slot, its index in `groups` (`NONE`: no such group).
    pub(super) gi_of_slot: Vec<u32>,
    /// The board the links in `span` and `adj` were built on (AIC kinds): its candidates,
    /// and the grid's side and boxes per row and per column (a 6x6 grid has two shapes).
    pub(super) snap: Vec<u64>,
    pub(super) snap_geo: (usize, usize, usize),
    /// Scratch: per unit, the values whose places in the unit changed.
    pub(super) atoms: Vec<u64>,
}

thread_local! {
    /// The storage of each kind of chain ([`ChainKind::index`]).
    pub(super) static BUFS: [std::cell::Cell<Option<Box<Bufs>>>; 4] =
        const { [const { std::cell::Cell::new(None) }; 4] };
}

/// Whether the links of the AIC kinds are kept from call to call (tests turn it off).
#[inline(always)]
pub(super) fn keep_links() -> bool {
    #[cfg(test)]
    return !FRESH_LINKS.get();
    #[cfg(not(test))]
    true
}

#[cfg(test)]
thread_local! {
    /// Tests: build every link anew in each call.
    pub(super) static FRESH_LINKS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

pub(super) struct Graph<'a> {
    pub(super) b: &'a Board,
    pub(super) n: usize,
    pub(super) kind: ChainKind,
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
    pub(super) m: Box<Bufs>,
    /// The first group node: cells * n.
    pub(super) base: usize,
    /// Words per cell set; every cell's peers as a set ([`Memo::peer_bits`](crate::human::memo::Memo::peer_bits)).
    pub(super) words: usize,
    pub(super) peers: &'a [u64],
    /// Values whose nodes get no links.
    pub(super) skip: u64,
    /// The most cells a group may have: a line's cells in one box.
    pub(super) seg_max: usize,
}

pub(super) const NONE: u32 = u32::MAX;

/// Forgets the links kept in `m` (built on the board `m.snap`) that may differ on `b`.
/// A cell node's links depend only on its cell's candidates and on its value's places in
/// the cell's three units (its peers; the conjugates; the groups in those units, each
/// made of the value's places in its line and its box); a group node's only on its
/// value's places in its line and its box. So a cell whose candidates changed forgets
/// every node of the cell, and a value whose places changed in a unit forgets its nodes
/// in the unit's cells and its groups in that line or box. `base`: the first group node.
pub(super) fn forget_changed(b: &Board, m: &mut Bufs, base: usize, per_row: usize, per_col: usize) {
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
pub(super) enum Taken<'x> {
    Cell(usize),
    Set(&'x [u64]),
}

impl Taken<'_> {
    /// Word `i` of the set.
    #[inline]
    pub(super) fn word(self, i: usize) -> u64 {
        match self {
            Taken::Cell(c) => u64::from(c / 64 == i) << (c % 64),
            Taken::Set(s) => s[i],
        }
    }
}

/// Whether a value set has exactly two members (no population count).
#[inline(always)]
pub(super) fn two_values(m: u64) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

impl<'a> Graph<'a> {
    /// The graph of `kind` on `b`; nodes of values in `skip` get no links. `m`: storage
    /// to reuse (its contents do not matter).
    pub(super) fn new(
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
    pub(super) fn links(&mut self, s: usize) -> (usize, usize) {
        let (lo, hi) = self.m.span[s];
        if lo != NONE {
            return (lo as usize, hi as usize);
        }
        self.build_links(s)
    }

    /// Builds the links from state `s`, into `adj`.
    #[inline(never)]
    #[cold]
    pub(super) fn build_links(&mut self, s: usize) -> (usize, usize) {
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
    pub(super) fn with(&self, v: u8) -> &[u64] {
        &self.m.with[(v as usize - 1) * self.words..v as usize * self.words]
    }

    /// Group `gi`'s cells as a set.
    #[inline]
    pub(super) fn gset(&self, gi: usize) -> &[u64] {
        &self.m.gbits[2 * gi * self.words..(2 * gi + 1) * self.words]
    }

    /// The cells seeing every cell of group `gi`, as a set.
    #[inline]
    pub(super) fn gseen(&self, gi: usize) -> &[u64] {
        &self.m.gbits[(2 * gi + 1) * self.words..(2 * gi + 2) * self.words]
    }

    /// Cell `c`'s peers, as a set.
    #[inline]
    pub(super) fn peer_set(&self, c: usize) -> &[u64] {
        &self.peers[c * self.words..(c + 1) * self.words]
    }

    #[inline]
    pub(super) fn is_group(&self, node: usize) -> bool {
        node >= self.base
    }

    pub(super) fn group(&self, node: usize) -> &Group {
        &self.m.groups[self.gi(node)]
    }

    /// The index in `groups` of a group node.
    #[inline]
    pub(super) fn gi(&self, node: usize) -> usize {
        self.m.gi_of_slot[node - self.base] as usize
    }

    /// The node of group `gi`.
    #[inline]
    pub(super) fn gnode(&self, gi: usize) -> usize {
        self.base + self.m.groups[gi].slot as usize
    }

    /// The cells of group `gi`.
    #[inline]
    pub(super) fn gcells(&self, gi: usize) -> &[usize] {
        let g = &self.m.groups[gi];
        &self.m.gcells[g.start as usize..(g.start + g.len) as usize]
    }

    /// The value of any node.
    pub(super) fn value_of(&self, node: usize) -> u8 {
        if self.is_group(node) {
            self.group(node).v
        } else {
            self.val(node)
        }
    }

    /// The cells of any node.
    #[inline]
    pub(super) fn cells_of(&self, node: usize) -> &[usize] {
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
    pub(super) fn rest_node(&self, u: usize, v: u8, taken: Taken<'_>) -> Option<usize> {
        let w = self.words;
        let (ub, with) = (&self.m.unit_bits[u * w..(u + 1) * w], self.with(v));
        let rest = |i: usize| ub[i] & with[i] & !taken.word(i);
        match lone_of(w, rest) {
            Lone::None => None,
            Lone::One(c) => Some(c * self.n + v as usize - 1),
            Lone::Many => self.rest_group(u, v, taken),
        }
    }

    /// In unit `u`, the group node whose cells are every place of `v` outside `taken`
    /// (two places or more), if there is one.
    pub(super) fn rest_group(&self, u: usize, v: u8, taken: Taken<'_>) -> Option<usize> {
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
    pub(super) fn group_links(&self, node: usize, strong: bool, out: &mut Vec<usize>) {
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
    pub(super) fn cell(&self, node: usize) -> usize {
        node / self.n
    }

    #[inline]
    pub(super) fn val(&self, node: usize) -> u8 {
        (node % self.n) as u8 + 1
    }

    /// Nodes that must be true when `node` is false: for a cell node, its group links
    /// (grouped chains: in a unit where the value's other places are one group), the
    /// cell's other value (bivalue cell, but X-chains), its conjugates (but XY-chains),
    /// in that order, each once.
    pub(super) fn strong(&self, node: usize, out: &mut Vec<usize>) {
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
                rests[k] = lone_of(w, rest);
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
    pub(super) fn weak(&self, node: usize, out: &mut Vec<usize>) {
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
}
