//! The candidate state the human solver works on: values and candidate masks per cell,
//! with per-unit counters kept up to date incrementally.

use numpl_core::{Cell, Geometry, Grid, Mask, Shape};

/// A grid with pencil marks: every open cell's candidates as a `u64` mask (value v is
/// bit v-1), kept consistent as values are placed and candidates removed.
///
/// Build one from a [`Grid`] (candidates are then everything the givens allow), remove
/// candidates by hand with [`Board::eliminate`] to set up a position, and hand it to
/// [`HumanSolver::next_step`](crate::HumanSolver::next_step) or
/// [`HumanSolver::solve_board`](crate::HumanSolver::solve_board).
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) shape: Shape,
    pub(crate) geo: &'static Geometry,
    pub(crate) n: usize,
    pub(crate) all: u64,
    pub(crate) values: Vec<u8>,
    /// Candidates of open cells; 0 for filled cells.
    pub(crate) cands: Vec<u64>,
    pub(crate) unit_open: Vec<u16>,
    pub(crate) unit_placed: Vec<u64>,
    pub(crate) open: usize,
    /// A value was placed where it conflicts, or the givens conflict.
    pub(crate) broken: bool,
    /// Per unit, the stamp of the last change to it (a candidate of one of its cells
    /// removed, or a value placed in it); see [`stamp`]. Equal stamps mean an unchanged
    /// unit, so the memo compares one word instead of the unit's cells.
    pub(crate) unit_stamp: Vec<u64>,
    /// Per value (value v at v - 1), the stamp of the last change to its positions.
    pub(crate) value_stamp: Vec<u64>,
}

/// A stamp no other change gets, on any board or thread: threads take blocks of 2^20
/// stamps from one global count and hand them out one by one (2^64 in all, never
/// reached).
///
/// So two boards that share a unit's stamp share the unit's state: either no change since
/// a common ancestor (a board cloned or copied) or the very same change.
pub(crate) fn stamp() -> u64 {
    use std::cell::Cell;
    use std::sync::atomic::{AtomicU64, Ordering};
    const BLOCK: u64 = 1 << 20;
    static BLOCKS: AtomicU64 = AtomicU64::new(0);
    thread_local! {
        /// The thread's next stamp and the end of its block.
        static NEXT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
    }
    NEXT.with(|next| {
        let (mut x, mut end) = next.get();
        if x == end {
            x = BLOCKS.fetch_add(BLOCK, Ordering::Relaxed);
            end = x + BLOCK;
        }
        next.set((x + 1, end));
        x
    })
}

impl Board {
    /// The cells holding candidate `v`, as a set of `cells.div_ceil(64)` words.
    pub(crate) fn value_set(&self, v: u8) -> Vec<u64> {
        let mut set = vec![0u64; self.cands.len().div_ceil(64)];
        for (c, &m) in self.cands.iter().enumerate() {
            if m >> (v - 1) & 1 != 0 {
                set[c / 64] |= 1 << (c % 64);
            }
        }
        set
    }

    /// Every cell's peers as a bit set, `cells.div_ceil(64)` words per cell.
    pub(crate) fn peer_bits(&self) -> Vec<u64> {
        let cells = self.cands.len();
        let w = cells.div_ceil(64);
        let mut bits = vec![0u64; cells * w];
        for c in 0..cells {
            for &p in self.geo.peers(c) {
                let p = p as usize;
                bits[c * w + p / 64] |= 1 << (p % 64);
            }
        }
        bits
    }

    /// The board of a puzzle: each open cell holds every value its peers allow.
    pub fn new(grid: &Grid) -> Board {
        let shape = grid.shape();
        let geo = shape.geometry();
        let n = shape.size();
        let all = Mask::all(n).bits();
        let mut b = Board {
            shape,
            geo,
            n,
            all,
            values: vec![0; shape.cells()],
            cands: vec![all; shape.cells()],
            unit_open: vec![n as u16; 3 * n],
            unit_placed: vec![0; 3 * n],
            open: shape.cells(),
            broken: false,
            unit_stamp: vec![stamp(); 3 * n],
            value_stamp: vec![stamp(); n],
        };
        for (i, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                b.place(i, v);
            }
        }
        b
    }

    /// Makes this board a copy of `o` without allocating (when the shapes match).
    pub(crate) fn copy_from(&mut self, o: &Board) {
        if self.values.len() != o.values.len() || self.unit_open.len() != o.unit_open.len() {
            *self = o.clone();
            return;
        }
        self.shape = o.shape;
        self.geo = o.geo;
        self.n = o.n;
        self.all = o.all;
        self.values.copy_from_slice(&o.values);
        self.cands.copy_from_slice(&o.cands);
        self.unit_open.copy_from_slice(&o.unit_open);
        self.unit_placed.copy_from_slice(&o.unit_placed);
        self.open = o.open;
        self.broken = o.broken;
        self.unit_stamp.copy_from_slice(&o.unit_stamp);
        self.value_stamp.copy_from_slice(&o.value_stamp);
    }

    /// The shape of the grid.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The values placed so far as a grid (0 for open cells).
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.shape, self.values.clone()).expect("values stay in range")
    }

    /// The value of a cell, 0 if open.
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N.
    #[inline]
    pub fn value(&self, cell: Cell) -> u8 {
        self.values[cell.index()]
    }

    /// The candidates of an open cell (empty for a filled cell).
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N.
    #[inline]
    pub fn candidates_of(&self, cell: Cell) -> Mask {
        Mask::from_bits(self.cands[cell.index()])
    }

    /// Every cell's candidates, as [`Grid::candidates`] gives them: a filled cell has its
    /// own value only.
    pub fn candidates(&self) -> Vec<Mask> {
        self.values
            .iter()
            .zip(&self.cands)
            .map(|(&v, &m)| {
                if v != 0 {
                    Mask::single(v)
                } else {
                    Mask::from_bits(m)
                }
            })
            .collect()
    }

    /// The number of open cells.
    #[inline]
    pub fn open_cells(&self) -> usize {
        self.open
    }

    /// Whether every cell is filled (and nothing conflicts).
    pub fn is_solved(&self) -> bool {
        self.open == 0 && !self.broken
    }

    /// Removes `value` (1..=N) from the candidates of `cell`; true if it was there.
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N.
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, value: u8) -> bool {
        if value == 0 || value as usize > self.n {
            return false;
        }
        let i = cell.index();
        let bit = 1u64 << (value - 1);
        let had = self.cands[i] & bit != 0;
        if had {
            self.cands[i] &= !bit;
            let now = stamp();
            for u in self.geo.units_of(i) {
                self.unit_stamp[u as usize] = now;
            }
            self.value_stamp[value as usize - 1] = now;
        }
        had
    }

    /// Places `value` (1..=N) in `cell` and removes it from the candidates of the cell's
    /// peers. Placing a value that is not a candidate (or out of range, or in a filled
    /// cell) marks the board as contradictory.
    ///
    /// # Panics
    ///
    /// When `cell` is not below N*N.
    pub fn set(&mut self, cell: Cell, value: u8) {
        if value == 0 || value as usize > self.n {
            self.broken = true;
            return;
        }
        let i = cell.index();
        if self.values[i] != 0 || self.cands[i] >> (value - 1) & 1 == 0 {
            self.broken = true;
            if self.values[i] != 0 {
                return;
            }
        }
        self.place(i, value);
    }

    /// Applies a step: its placements, then its eliminations.
    ///
    /// # Panics
    ///
    /// When a cell of the step is not below N*N (a step of another board's shape).
    pub fn apply(&mut self, step: &crate::Step) {
        for &(c, v) in &step.placements {
            self.set(c, v);
        }
        for &(c, v) in &step.eliminations {
            self.eliminate(c, v);
        }
    }

    /// Whether the board is plainly contradictory: a conflict, an open cell without
    /// candidates, or a unit where some value has no place left.
    pub fn is_contradictory(&self) -> bool {
        if self.broken {
            return true;
        }
        if (0..self.values.len()).any(|i| self.values[i] == 0 && self.cands[i] == 0) {
            return true;
        }
        (0..3 * self.n).any(|u| {
            let mut seen = self.unit_placed[u];
            for &c in self.geo.unit(u) {
                seen |= self.cands[c as usize];
            }
            seen != self.all
        })
    }

    #[inline]
    pub(crate) fn place(&mut self, i: usize, v: u8) {
        let bit = 1u64 << (v - 1);
        let now = stamp();
        self.values[i] = v;
        let mut gone = self.cands[i] | bit;
        while gone != 0 {
            self.value_stamp[gone.trailing_zeros() as usize] = now;
            gone &= gone - 1;
        }
        self.cands[i] = 0;
        let geo = self.geo;
        for &p in geo.peers(i) {
            let p = p as usize;
            if self.cands[p] & bit != 0 {
                self.cands[p] &= !bit;
                for u in geo.units_of(p) {
                    self.unit_stamp[u as usize] = now;
                }
            }
        }
        for u in geo.units_of(i) {
            let u = u as usize;
            self.unit_stamp[u] = now;
            self.unit_open[u] -= 1;
            if self.unit_placed[u] & bit != 0 {
                self.broken = true;
            }
            self.unit_placed[u] |= bit;
        }
        self.open -= 1;
    }

    // ---- helpers for the techniques ----

    #[inline]
    pub(crate) fn row(&self, c: usize) -> usize {
        c / self.n
    }

    #[inline]
    pub(crate) fn col(&self, c: usize) -> usize {
        c % self.n
    }

    #[inline]
    pub(crate) fn boxi(&self, c: usize) -> usize {
        self.geo.units_of(c)[2] as usize - 2 * self.n
    }

    #[inline]
    pub(crate) fn has(&self, c: usize, v: u8) -> bool {
        self.cands[c] >> (v - 1) & 1 != 0
    }

    /// Whether two distinct cells share a unit.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        // Row, column and box from the geometry's table (no division).
        let (x, y) = (self.geo.units_of(a), self.geo.units_of(b));
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    }

    /// Every value's positions in unit `u` (as [`Board::positions`]): `pos[v - 1]` gets
    /// bit i for the unit's i-th cell holding v, in one pass over the unit's candidates.
    #[inline]
    pub(crate) fn unit_positions(&self, u: usize, pos: &mut [u64]) {
        pos[..self.n].fill(0);
        for (i, &c) in self.geo.unit(u).iter().enumerate() {
            let mut m = self.cands[c as usize];
            while m != 0 {
                pos[m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
    }

    /// Positions of `v` in unit `u`: bit i for the unit's i-th cell.
    #[cfg(test)]
    pub(crate) fn positions(&self, u: usize, v: u8) -> u64 {
        let bit = 1u64 << (v - 1);
        let mut m = 0u64;
        for (i, &c) in self.geo.unit(u).iter().enumerate() {
            if self.cands[c as usize] & bit != 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// The cells of unit `u` holding candidate `v`.
    pub(crate) fn cells_with(&self, u: usize, v: u8) -> impl Iterator<Item = usize> + '_ {
        let bit = 1u64 << (v - 1);
        self.geo
            .unit(u)
            .iter()
            .map(|&c| c as usize)
            .filter(move |&c| self.cands[c] & bit != 0)
    }

    /// Open cells holding `v` that see every cell of `cells` (and are none of them).
    pub(crate) fn seeing_all(&self, cells: &[usize], v: u8) -> Vec<usize> {
        let mut out = Vec::new();
        self.each_seeing_all(cells, v, |p| out.push(p));
        out
    }

    /// [`Board::seeing_all`] without the list: `f` gets each such cell in the same order.
    #[inline]
    pub(crate) fn each_seeing_all(&self, cells: &[usize], v: u8, mut f: impl FnMut(usize)) {
        let Some(&first) = cells.first() else {
            return;
        };
        for &p in self.geo.peers(first) {
            let p = p as usize;
            if self.has(p, v) && !cells.contains(&p) && cells.iter().all(|&c| self.sees(p, c)) {
                f(p);
            }
        }
    }
}

/// The number of members of `m` (by table below 2^9, so for 9x9 grids' sets of values or
/// of a unit's cells: there is no population count instruction in the baseline x86-64
/// target, and `count_ones` is some fifteen instructions).
#[inline(always)]
pub(crate) fn count(m: u64) -> usize {
    if m < 1 << 9 {
        COUNT9[m as usize] as usize
    } else {
        m.count_ones() as usize
    }
}

/// The number of members of each set of 9 values.
static COUNT9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

#[cfg(test)]
mod tests;
