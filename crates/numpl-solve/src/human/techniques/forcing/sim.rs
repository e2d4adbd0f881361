//! A forcing net's premise played out on a copy of the board kept as one cell set per
//! value, where a round of singles is a few word operations.

use super::net::Net;
use super::{LOOK_AHEAD, MAX_TABLE_N};
use crate::human::bits::{add, and, each, has, lone, CellSet};
use crate::human::Board;
use numpl_core::Mask;

/// Sizes of [`Sim`]'s fixed arrays: units (at most `3 * MAX_TABLE_N`) and cells (at most
/// 256), each a power of two so that an index masked to it needs no bounds check.
pub(super) const SIM_UNITS: usize = 64;
pub(super) const SIM_CELLS: usize = 256;

/// A forcing net's premise played out on a copy of the board kept as one cell set per
/// value (`W` words: the grid's cells, at most 256), so that a round of singles is a few
/// word operations per value and per changed unit. Its tables are fixed arrays sized for
/// the largest grid (indices masked to them: `& 15` a value, `& 63` a unit, `& 255` a
/// cell), so that nothing is bounds-checked or reached through a pointer.
pub(super) struct Sim<'a, const W: usize> {
    pub(super) b: &'a Board,
    pub(super) n: usize,
    pub(super) units: [CellSet<W>; SIM_UNITS],
    /// Per unit, the words of a cell set its cells are in (`lo..hi`).
    pub(super) spans: [(u8, u8); SIM_UNITS],
    pub(super) peers: [CellSet<W>; SIM_CELLS],
    /// Per cell, its three units.
    pub(super) cell_units: [[u8; 3]; SIM_CELLS],
    /// Per value: the cells holding it as a candidate; per unit: the values placed in
    /// it (bits).
    pub(super) base_cv: [CellSet<W>; MAX_TABLE_N],
    pub(super) base_placed: [u64; SIM_UNITS],
    pub(super) cv: [CellSet<W>; MAX_TABLE_N],
    pub(super) placed: [u64; SIM_UNITS],
    /// Per value: the cells of placements made this round (for their peers).
    pub(super) hit: [CellSet<W>; MAX_TABLE_N],
    /// Per cell, its candidates (bits): on the board, and in the premise's branch (the
    /// values whose cell set holds it).
    pub(super) base_cand: [u16; SIM_CELLS],
    pub(super) cand: [u16; SIM_CELLS],
    /// The cells left with one candidate by the changes since the last round's search
    /// (and, before the first, the board's own): only these can be naked singles.
    pub(super) lone_cells: CellSet<W>,
    pub(super) base_lone: CellSet<W>,
    /// Values placed by the premise's branch (0 where none).
    pub(super) values: [u8; SIM_CELLS],
    /// The cells placed or that lost a candidate in the premise's branch (the only ones
    /// whose `values` and `cand` differ from the board's).
    pub(super) touched: CellSet<W>,
    /// Per value and unit (`(value - 1) * SIM_UNITS + unit`), how many places the value
    /// has in the unit: on the board, and in the premise's branch.
    pub(super) base_count: [u8; SIM_UNITS * MAX_TABLE_N],
    pub(super) count: [u8; SIM_UNITS * MAX_TABLE_N],
    /// Per unit, the values left with one place in it by the changes since the last
    /// round's search (their hidden singles are looked for).
    pub(super) dirty: [u64; SIM_UNITS],
    /// The units with a value in `dirty`.
    pub(super) dirty_units: u64,
    /// Whether the board itself has a hidden single (only when singles are off): then the
    /// first round searches every unit.
    pub(super) base_hidden: bool,
    /// Whether the board itself has no single at all (see [`Sim::quiet_off`]).
    pub(super) base_calm: bool,
    pub(super) assign: Vec<(usize, u8)>,
}

impl<'a, const W: usize> Sim<'a, W> {
    pub(super) fn new(b: &'a Board) -> Self {
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
        let base_lone: CellSet<W> = std::array::from_fn(|i| once[i] & !twice[i]);
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
    pub(super) fn units_of(&self, x: usize) -> [u8; 3] {
        self.cell_units[x & (SIM_CELLS - 1)]
    }

    /// Places every (cell, value) of `assign` at once (as one after the other would: each
    /// placed cell loses its candidates, its value goes from its peers), and counts the
    /// places each value loses ([`Sim::lose`]). Only the values placed and the candidates
    /// of the cells placed are visited; a cell left with one candidate is noted in
    /// `lone_cells`.
    pub(super) fn apply(&mut self) {
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
            let lost: CellSet<W> = std::array::from_fn(|i| cv[i] & rm[i]);
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
    pub(super) fn lose(
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
    pub(super) fn lone_place(&self, u: usize, y: usize) -> Option<usize> {
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
    pub(super) fn quiet_off(&self, c: usize, v: u8) -> bool {
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
    pub(super) fn place_count(&self, y: usize, u: usize) -> u32 {
        u32::from(self.count[y * SIM_UNITS + u])
    }

    /// Plays out premise (c, v, on) and pushes its table to `net`.
    pub(super) fn premise(&mut self, c: usize, v: u8, on: bool, net: &mut Net) {
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
