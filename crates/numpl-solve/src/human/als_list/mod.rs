//! The almost locked sets of a board and the cell-set tables the ALS techniques
//! (`techniques/als.rs`, `techniques/als_chain.rs`) read. Built once per board state and
//! kept in the solver's memo (`memo.rs`, which imports this module, never the other way
//! round), so this module is what the memo and the ALS finders share: `mod.rs` the list
//! and its links, `enumerate.rs` the search for the sets of one unit, `pairs.rs` the pair
//! test of the link search, `tests.rs` the tests.
//!
//! Cell sets are bit sets of `words` (`cells.div_ceil(64)`) `u64`s, kept in flat arrays
//! (no allocation per set).
//!
//! Across boards of one solve the memo keeps a *reference*: the last board whose
//! restricted common values (the links between every pair of sets) were all worked out.
//! A set whose cells hold the same candidates as on the reference is *old*: it was a set
//! there too, and its links to other old sets are the same, so they are copied from the
//! reference instead of tested again. The list's order is a fixed order on cell sets
//! (first unit holding them all, then the order the unit's cells are tried in), so old
//! sets keep their order and the copy keeps the links in order. The finders lean on the
//! solver only ever removing candidates within a solve: a search over old sets that
//! failed on the reference fails again (see `techniques/als.rs`).

use super::bits::CellSet;
pub(super) use super::bits::{meets, within};
use super::Board;
use enumerate::{earlier_units, Enum};
pub(crate) use pairs::{AnyWords, PairTest, Words};

/// No index.
pub(super) const NONE: u32 = u32::MAX;

/// An almost locked set: k cells of one unit holding k+1 values. Its cells and bit sets
/// live in its [`Cache`].
pub(super) struct Als {
    pub(super) values: u64,
    /// The cells mod 64 as bits: a quick disjointness test.
    pub(super) sig: u64,
    /// Its *live* values: the values z with a cell outside it holding z and seeing every
    /// z-cell of it. A value some cell loses by this set being locked (or by a link of
    /// restricted common value z, whose z-cells in the other set are such cells) is live.
    pub(super) live: u64,
    /// Its cells: `Cache::cell_arena[cells.0..cells.1]`.
    cells: (u32, u32),
    /// Offset in `Cache::bits`: the set's cells, then per value v (`v - 1`, every value of
    /// the grid: no counting to find one) the cells holding it and the cells seeing all
    /// of those (empty for values not in the set).
    off: usize,
}

/// The tables and every ALS of a board, built once per board state.
pub(crate) struct Cache {
    /// Words per cell set.
    pub(super) w: usize,
    /// Words per ALS in `bits`.
    stride: usize,
    /// Per unit: the range of `als` first found in it.
    unit_range: Vec<(u32, u32)>,
    /// Per value (`v - 1`): the cells holding it.
    with: Vec<u64>,
    pub(super) als: Vec<Als>,
    cell_arena: Vec<usize>,
    bits: Vec<u64>,
    /// Whether the links below are all known: filled in by a search that went through
    /// every pair.
    pub(super) linked: bool,
    /// Per ALS `i`, its (ALS index, restricted common value) partners, in partner order
    /// (then value): `link_to[link_off[i]..link_off[i + 1]]`.
    link_off: Vec<u32>,
    link_to: Vec<(u32, u8)>,
    /// Scratch for a pair search: the links (i, j, x) it found, i < j, in search order.
    pub(super) found: Vec<(u32, u32, u8)>,
    /// Scratch for a pair search: the sets that are not old, as bits.
    pub(super) fresh: Vec<u64>,
    /// Words per set of ALS indices (`als.len().div_ceil(64)`), once indexed.
    pub(super) sw: usize,
    /// The pair search's index, built by [`Cache::index_pairs`]: per cell, the sets
    /// holding it as a set of ALS indices (`sw` words).
    at: Vec<u64>,
    /// Per ALS: its index in the reference's list when old (see the module doc), else
    /// [`NONE`].
    pub(super) old: Vec<u32>,
    /// Per ALS of the reference: its index here, [`NONE`] if not old.
    pub(super) from_ref: Vec<u32>,
    /// The board's candidates.
    cands: Vec<u64>,
    /// ALS-XZ went through every pair of this board and found nothing.
    pub(super) xz_failed: bool,
    /// ALS-XY-Wing went through every pivot of this board and found nothing.
    pub(super) wing_failed: bool,
}

/// The memo's ALS state: the current board's cache and the reference (module doc).
#[derive(Default)]
pub(crate) struct AlsMemo {
    cur: Option<Cache>,
    reference: Option<Cache>,
    /// A dropped cache whose buffers the next build reuses.
    spare: Option<Cache>,
}

impl AlsMemo {
    /// The board changed: the current cache becomes the reference if its links are all
    /// known.
    pub(crate) fn board_changed(&mut self) {
        if let Some(c) = self.cur.take() {
            if c.linked {
                self.spare = self.reference.replace(c);
            } else {
                self.spare = Some(c);
            }
        }
    }

    /// The current board's cache (built now if the board changed) and the reference;
    /// `peer_bits`: every cell's peers ([`Board::peer_bits`]).
    pub(crate) fn current<'m>(
        &'m mut self,
        b: &Board,
        peer_bits: &[u64],
    ) -> (&'m mut Cache, Option<&'m Cache>) {
        if self.cur.is_none() {
            let spare = self.spare.take();
            let reference = self
                .reference
                .as_ref()
                .filter(|r| r.cands.len() == b.cands.len());
            self.cur = Some(Cache::build(b, peer_bits, reference, spare));
        }
        let reference = self
            .reference
            .as_ref()
            .filter(|r| r.cands.len() == b.cands.len());
        (self.cur.as_mut().unwrap(), reference)
    }
}

impl Cache {
    /// The cells of ALS `i`, in increasing order.
    #[inline]
    pub(super) fn cells(&self, i: usize) -> &[usize] {
        let (lo, hi) = self.als[i].cells;
        &self.cell_arena[lo as usize..hi as usize]
    }

    /// The cells of ALS `i` as a set.
    #[inline]
    pub(super) fn set(&self, i: usize) -> &[u64] {
        let o = self.als[i].off;
        &self.bits[o..o + self.w]
    }

    /// The cells holding `v`.
    #[inline]
    pub(super) fn with(&self, v: u8) -> &[u64] {
        let o = (v as usize - 1) * self.w;
        &self.with[o..o + self.w]
    }

    /// For value `v` of ALS `i`: (its cells holding v, the cells seeing all of those).
    #[inline]
    pub(super) fn get(&self, i: usize, v: u8) -> Option<(&[u64], &[u64])> {
        let a = &self.als[i];
        let bit = 1u64 << (v - 1);
        if a.values & bit == 0 {
            return None;
        }
        let o = a.off + (2 * v as usize - 1) * self.w;
        let w = self.w;
        Some((&self.bits[o..o + w], &self.bits[o + w..o + 2 * w]))
    }

    /// The (ALS index, restricted common value) partners of ALS `i` (links known).
    #[inline]
    pub(super) fn partners(&self, i: usize) -> &[(u32, u8)] {
        &self.link_to[self.link_off[i] as usize..self.link_off[i + 1] as usize]
    }

    /// Makes the links those of `found` (every pair of this board but, when `skipped`,
    /// those of two old sets) and, when `skipped`, the old pairs' links of the reference.
    pub(super) fn set_links(&mut self, reference: Option<&Cache>, skipped: bool) {
        let count = self.als.len();
        let r = if skipped { reference } else { None };
        let off = &mut self.link_off;
        off.clear();
        off.resize(count + 1, 0);
        for &(i, j, _) in &self.found {
            off[i as usize + 1] += 1;
            off[j as usize + 1] += 1;
        }
        if let Some(r) = r {
            for i in 0..count {
                let o = self.old[i];
                if o != NONE {
                    let kept = r.partners(o as usize).iter();
                    off[i + 1] += kept
                        .filter(|&&(rj, _)| self.from_ref[rj as usize] != NONE)
                        .count() as u32;
                }
            }
        }
        for i in 0..count {
            off[i + 1] += off[i];
        }
        let mut pos: Vec<u32> = off[..count].to_vec();
        self.link_to.clear();
        self.link_to.resize(off[count] as usize, (0, 0));
        for &(i, j, x) in &self.found {
            self.link_to[pos[i as usize] as usize] = (j, x);
            pos[i as usize] += 1;
            self.link_to[pos[j as usize] as usize] = (i, x);
            pos[j as usize] += 1;
        }
        if let Some(r) = r {
            // An old set's links: those found (in search order, so in partner order: the
            // pairs with earlier sets, then with later ones) and the kept ones (in partner
            // order too: old sets keep their order), merged from the back. No pair is in
            // both (the search skipped pairs of two old sets).
            let from_ref = &self.from_ref;
            for i in 0..count {
                let o = self.old[i];
                if o == NONE {
                    continue;
                }
                // The kept links, read from the back (those to sets still here, renamed).
                let kept = r.partners(o as usize);
                let mut k = kept.len();
                let (lo, hi) = (off[i] as usize, off[i + 1] as usize);
                let links = &mut self.link_to[lo..hi];
                let (mut a, mut d) = (pos[i] as usize - lo, hi - lo);
                debug_assert!(links[..a].is_sorted());
                loop {
                    while k > 0 && from_ref[kept[k - 1].0 as usize] == NONE {
                        k -= 1;
                    }
                    if k == 0 {
                        break;
                    }
                    let next = (from_ref[kept[k - 1].0 as usize], kept[k - 1].1);
                    d -= 1;
                    if a > 0 && links[a - 1] > next {
                        a -= 1;
                        links[d] = links[a];
                    } else {
                        k -= 1;
                        links[d] = next;
                    }
                }
                debug_assert_eq!(a, d);
                debug_assert!(links.is_sorted());
            }
        }
        self.linked = true;
    }

    /// Builds the pair search's index (see [`Cache::candidates`]).
    pub(super) fn index_pairs(&mut self) {
        let sw = self.als.len().div_ceil(64);
        self.sw = sw;
        self.at.clear();
        self.at.resize(self.cands.len() * sw, 0);
        for (j, a) in self.als.iter().enumerate() {
            let (lo, hi) = a.cells;
            for &t in &self.cell_arena[lo as usize..hi as usize] {
                self.at[t * sw + j / 64] |= 1 << (j % 64);
            }
        }
    }

    /// Into `out` (`sw` words, index built): the sets that may share a restricted common
    /// value with set `i`, a superset of those that do. A restricted common value x of
    /// `i` and `j` is live in `i` (an x-cell of `j` is a cell outside `i` holding x and
    /// seeing all its x-cells), and `j` holds one of the cells holding x that see every
    /// x-cell of `i` (its x-cells are such cells). `near` is scratch (`w` words).
    pub(super) fn candidates(&self, i: usize, near: &mut [u64], out: &mut [u64]) {
        // The usual word counts as constants, so that the word loops unroll.
        match (self.w, self.sw) {
            (2, 2) => self.candidates_by(2, 2, i, near, out),
            (2, 3) => self.candidates_by(2, 3, i, near, out),
            (2, 4) => self.candidates_by(2, 4, i, near, out),
            (1, sw) => self.candidates_by(1, sw, i, near, out),
            (2, sw) => self.candidates_by(2, sw, i, near, out),
            (4, sw) => self.candidates_by(4, sw, i, near, out),
            (w, sw) => self.candidates_by(w, sw, i, near, out),
        }
    }

    /// [`Cache::candidates`] with `w` words a cell set and `sw` a set of sets.
    #[inline(always)]
    fn candidates_by(&self, w: usize, sw: usize, i: usize, near: &mut [u64], out: &mut [u64]) {
        debug_assert_eq!(sw, self.sw);
        let out = &mut out[..sw];
        let near = &mut near[..w];
        let a = &self.als[i];
        // The cells holding some live value x of `i` and seeing its x-cells.
        near.fill(0);
        let mut m = a.live;
        while m != 0 {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            let seeing = &self.bits[a.off + (2 + 2 * x) * w..][..w];
            let with = &self.with[x * w..][..w];
            for ((o, s), h) in near.iter_mut().zip(seeing).zip(with) {
                *o |= s & h;
            }
        }
        out.fill(0);
        for (k, &word) in near.iter().enumerate() {
            let mut cells = word;
            while cells != 0 {
                let t = k * 64 + cells.trailing_zeros() as usize;
                cells &= cells - 1;
                for (o, r) in out.iter_mut().zip(&self.at[t * sw..][..sw]) {
                    *o |= r;
                }
            }
        }
    }

    /// Whether two sets share no cell.
    #[inline]
    pub(super) fn disjoint(&self, i: usize, j: usize) -> bool {
        // Cells mod 64 first: disjoint there means disjoint.
        if self.als[i].sig & self.als[j].sig == 0 {
            return true;
        }
        match self.w {
            2 => self.disjoint_w::<2>(i, j),
            4 => self.disjoint_w::<4>(i, j),
            _ => !meets(self.set(i), self.set(j)),
        }
    }

    /// [`Cache::disjoint`] past the signatures for `W` words a set (the usual sizes: the
    /// words known, the loop unrolled).
    #[inline(always)]
    fn disjoint_w<const W: usize>(&self, i: usize, j: usize) -> bool {
        let a: &CellSet<W> = self.bits[self.als[i].off..][..W].try_into().unwrap();
        let b: &CellSet<W> = self.bits[self.als[j].off..][..W].try_into().unwrap();
        let mut m = 0;
        for k in 0..W {
            m |= a[k] & b[k];
        }
        m == 0
    }

    /// The values of `common` (values of both) that are restricted common values of sets
    /// `i` and `j` (disjoint): every x-cell of one sees every x-cell of the other. The
    /// plain test, for any number of words; the pair search uses [`PairTest`].
    pub(super) fn restricted_any(&self, i: usize, j: usize, common: u64) -> u64 {
        let w = self.w;
        let bi = &self.bits[self.als[i].off..][..self.stride];
        let bj = &self.bits[self.als[j].off..][..self.stride];
        let mut r = 0;
        let mut m = common;
        while m != 0 {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            let o = (1 + 2 * x) * w;
            if within(&bj[o..o + w], &bi[o + w..o + 2 * w]) {
                r |= 1u64 << x;
            }
        }
        r
    }

    /// Every ALS of `b` (old ones marked against `reference`), reusing `spare`'s buffers.
    fn build(b: &Board, peers: &[u64], reference: Option<&Cache>, spare: Option<Cache>) -> Cache {
        let cells = b.cands.len();
        let w = cells.div_ceil(64);
        let n = b.n;
        let mut c = spare.unwrap_or_else(|| Cache {
            w,
            stride: 0,
            unit_range: Vec::new(),
            with: Vec::new(),
            als: Vec::new(),
            cell_arena: Vec::new(),
            bits: Vec::new(),
            linked: false,
            link_off: Vec::new(),
            link_to: Vec::new(),
            found: Vec::new(),
            fresh: Vec::new(),
            sw: 0,
            at: Vec::new(),
            old: Vec::new(),
            from_ref: Vec::new(),
            cands: Vec::new(),
            xz_failed: false,
            wing_failed: false,
        });
        c.w = w;
        c.stride = (1 + 2 * n) * w;
        c.unit_range.clear();
        c.als.clear();
        c.cell_arena.clear();
        c.bits.clear();
        c.linked = false;
        c.xz_failed = false;
        c.wing_failed = false;
        c.cands.clear();
        c.cands.extend_from_slice(&b.cands);
        c.with.clear();
        c.with.resize(n * w, 0);
        for (cell, &m) in b.cands.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                c.with[v * w + cell / 64] |= 1 << (cell % 64);
            }
        }
        let max = max_size(b);
        let mut pool: Vec<usize> = Vec::with_capacity(n);
        c.old.clear();
        c.from_ref.clear();
        if let Some(r) = reference {
            c.from_ref.resize(r.als.len(), NONE);
        }
        for u in 0..3 * n {
            let lo = c.als.len();
            let unit = b.geo.unit(u);
            match reference {
                // A unit whose cells hold the same candidates as on the reference has the
                // same sets, all old.
                Some(r)
                    if unit
                        .iter()
                        .all(|&x| b.cands[x as usize] == r.cands[x as usize]) =>
                {
                    c.copy_unit(r, u);
                }
                _ => {
                    pool.clear();
                    pool.extend(
                        unit.iter()
                            .map(|&x| x as usize)
                            .filter(|&x| b.values[x] == 0),
                    );
                    c.enumerate(b, peers, u, &pool, max);
                    c.old.resize(c.als.len(), NONE);
                    // Old sets, and their places in the reference's list (the same order,
                    // first found in the same unit).
                    if let Some(r) = reference {
                        let (mut p, end) = r.unit_range[u];
                        for i in lo..c.als.len() {
                            if c.cells(i).iter().any(|&x| b.cands[x] != r.cands[x]) {
                                continue;
                            }
                            let mut q = p;
                            while q < end && r.set(q as usize) != c.set(i) {
                                q += 1;
                            }
                            if q < end {
                                c.old[i] = q;
                                c.from_ref[q as usize] = i as u32;
                                p = q + 1;
                            }
                        }
                    }
                }
            }
            c.unit_range.push((lo as u32, c.als.len() as u32));
        }
        c.set_live();
        c
    }

    /// Works out every set's live values (they change with the board's candidates also
    /// for old sets).
    fn set_live(&mut self) {
        // The usual word counts as constants, so that the word loops unroll.
        match self.w {
            1 => self.set_live_by(1),
            2 => self.set_live_by(2),
            4 => self.set_live_by(4),
            w => self.set_live_by(w),
        }
    }

    /// [`Cache::set_live`] with `w` words a set.
    #[inline(always)]
    fn set_live_by(&mut self, w: usize) {
        for a in &mut self.als {
            let set = &self.bits[a.off..][..self.stride];
            let cells = &set[..w];
            let mut live = 0;
            let mut m = a.values;
            while m != 0 {
                let x = m.trailing_zeros() as usize;
                m &= m - 1;
                let seeing = &set[(2 + 2 * x) * w..][..w];
                let with = &self.with[x * w..][..w];
                let mut out = 0;
                for ((s, h), c) in seeing.iter().zip(with).zip(cells) {
                    out |= s & h & !c;
                }
                if out != 0 {
                    live |= 1u64 << x;
                }
            }
            a.live = live;
        }
    }

    /// Copies the sets of unit `u` from the reference `r` (all old).
    fn copy_unit(&mut self, r: &Cache, u: usize) {
        let (lo, hi) = r.unit_range[u];
        if lo == hi {
            return;
        }
        let (lo, hi) = (lo as usize, hi as usize);
        let (cell_lo, cell_hi) = (r.als[lo].cells.0, r.als[hi - 1].cells.1);
        let (bit_lo, bit_hi) = (r.als[lo].off, r.als[hi - 1].off + r.stride);
        let (cell_base, bit_base) = (self.cell_arena.len() as u32, self.bits.len());
        self.cell_arena
            .extend_from_slice(&r.cell_arena[cell_lo as usize..cell_hi as usize]);
        self.bits.extend_from_slice(&r.bits[bit_lo..bit_hi]);
        for (ri, a) in r.als[lo..hi].iter().enumerate() {
            self.from_ref[lo + ri] = self.als.len() as u32;
            self.old.push((lo + ri) as u32);
            self.als.push(Als {
                values: a.values,
                sig: a.sig,
                live: 0,
                cells: (
                    a.cells.0 - cell_lo + cell_base,
                    a.cells.1 - cell_lo + cell_base,
                ),
                off: a.off - bit_lo + bit_base,
            });
        }
    }

    /// Every ALS of up to `max` cells in unit `u` and first in it (no earlier unit holds
    /// all its cells), trying the unit's open cells `pool` (in increasing order) in order:
    /// depth first, a set before those it grows into.
    fn enumerate(&mut self, b: &Board, peers: &[u64], u: usize, pool: &[usize], max: usize) {
        let mut e = Enum {
            cands: [0; 64],
            earlier: [0; 64],
            cells: pool,
            chosen: [0; 64],
            max,
        };
        for (k, &x) in pool.iter().enumerate() {
            e.cands[k] = b.cands[x];
            e.earlier[k] = earlier_units(b, x, u);
        }
        e.rec(self, b, peers, 0, 0, 0, !0);
    }

    /// Adds the ALS of `cells` (increasing; values `values`).
    fn push(&mut self, b: &Board, peers: &[u64], cells: &[usize], values: u64) {
        // The usual word counts as constants, so that the word loops unroll.
        match self.w {
            1 => self.push_by(1, b, peers, cells, values),
            2 => self.push_by(2, b, peers, cells, values),
            4 => self.push_by(4, b, peers, cells, values),
            w => self.push_by(w, b, peers, cells, values),
        }
    }

    /// [`Cache::push`] with `w` words a set: cell by cell, each value of the cell noted
    /// in its block of cells holding it, and the cell's peers cut into its block of cells
    /// seeing them all (full to begin with: every value of the set has a cell).
    #[inline(always)]
    fn push_by(&mut self, w: usize, b: &Board, peers: &[u64], cells: &[usize], values: u64) {
        debug_assert!(cells.is_sorted());
        let lo = self.cell_arena.len();
        self.cell_arena.extend_from_slice(cells);
        let off = self.bits.len();
        self.bits.resize(off + self.stride, 0);
        let set = &mut self.bits[off..off + self.stride];
        let mut m = values;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            set[(2 * v + 2) * w..(2 * v + 3) * w].fill(u64::MAX);
        }
        let mut sig = 0u64;
        for &x in cells {
            let (word, bit) = (x / 64, 1u64 << (x % 64));
            set[word] |= bit;
            sig |= bit;
            let p = &peers[x * w..(x + 1) * w];
            let mut vs = b.cands[x];
            debug_assert_eq!(vs & !values, 0);
            while vs != 0 {
                let v = vs.trailing_zeros() as usize;
                vs &= vs - 1;
                let (holding, seeing) = set[(2 * v + 1) * w..(2 * v + 3) * w].split_at_mut(w);
                holding[word] |= bit;
                for (s, q) in seeing.iter_mut().zip(p) {
                    *s &= q;
                }
            }
        }
        self.als.push(Als {
            values,
            sig,
            live: 0,
            cells: (lo as u32, self.cell_arena.len() as u32),
            off,
        });
    }
}

/// The largest ALS considered: bigger ones are rare in real solutions and make the
/// pair search quadratic in a much longer list.
fn max_size(b: &Board) -> usize {
    (b.n - 1).min(5)
}

mod enumerate;
mod pairs;
#[cfg(test)]
mod tests;
