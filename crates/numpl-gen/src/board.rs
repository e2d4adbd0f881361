//! The generator's own search engine: candidate bitmasks, singles propagation (naked and
//! hidden singles), and minimum-remaining-values search, either counting solutions or
//! filling a grid with values tried in random order.
//!
//! It is private to the generator because the generator needs things a plain solver does
//! not: randomised value order and restarts for filling, and a cheap "do singles alone solve
//! this?" test for digging. Independent checks (the test suite) use `numpl-solve`.

use numpl_core::{Geometry, Shape};
use rand::Rng;

/// One search state. A placed cell holds its value in `value` and its single bit in `cand`.
#[derive(Clone)]
pub(crate) struct Board {
    geo: &'static Geometry,
    all: u64,
    cand: Vec<u64>,
    value: Vec<u8>,
    open: usize,
    queue: Vec<u16>,
    locked: bool,
}

/// The propagation found a cell or unit with no possible value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction;

impl Board {
    /// An empty board: every cell has every value.
    pub(crate) fn new(shape: Shape) -> Board {
        let cells = shape.cells();
        Board {
            geo: shape.geometry(),
            all: shape.all_values().bits(),
            cand: vec![shape.all_values().bits(); cells],
            value: vec![0; cells],
            open: cells,
            queue: Vec::with_capacity(cells),
            // Box-line reductions pay for themselves from 16x16 up.
            locked: shape.size() >= 16,
        }
    }

    /// A board holding `givens` (0 = blank), propagated with singles, and with box-line
    /// reductions too when `locked`.
    pub(crate) fn from_givens(
        shape: Shape,
        givens: &[u8],
        locked: bool,
    ) -> Result<Board, Contradiction> {
        let mut b = Board::new(shape);
        b.locked = locked;
        for (i, &v) in givens.iter().enumerate() {
            if v != 0 {
                b.assign(i, v)?;
            }
        }
        b.propagate()?;
        Ok(b)
    }

    /// Turns box-line reductions in [`Board::propagate`] on or off.
    pub(crate) fn set_locked(&mut self, on: bool) {
        self.locked = on;
    }

    /// Whether every cell is placed.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        self.open == 0
    }

    /// Places `v` in `cell` (propagation is deferred to [`Board::propagate`]).
    #[inline]
    pub(crate) fn assign(&mut self, cell: usize, v: u8) -> Result<(), Contradiction> {
        let bit = 1u64 << (v - 1);
        if self.cand[cell] & bit == 0 {
            return Err(Contradiction);
        }
        if self.value[cell] != 0 {
            return Ok(());
        }
        self.value[cell] = v;
        self.cand[cell] = bit;
        self.open -= 1;
        self.queue.push(cell as u16);
        Ok(())
    }

    /// Removes candidate `v` from an open `cell`, placing the last one if one is left
    /// (propagation is deferred to [`Board::propagate`]).
    pub(crate) fn eliminate(&mut self, cell: usize, v: u8) -> Result<(), Contradiction> {
        let m = self.cand[cell] & !(1u64 << (v - 1));
        if m == self.cand[cell] {
            return Ok(());
        }
        if m == 0 || self.value[cell] != 0 {
            return Err(Contradiction);
        }
        self.cand[cell] = m;
        if m & (m - 1) == 0 {
            self.value[cell] = m.trailing_zeros() as u8 + 1;
            self.open -= 1;
            self.queue.push(cell as u16);
        }
        Ok(())
    }

    /// The value placed in `cell` (0 if open).
    #[inline]
    pub(crate) fn value(&self, cell: usize) -> u8 {
        self.value[cell]
    }

    /// Naked and hidden singles until nothing changes.
    pub(crate) fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            while let Some(c) = self.queue.pop() {
                let c = c as usize;
                let bit = self.cand[c];
                for &p in self.geo.peers(c) {
                    let p = p as usize;
                    let m = self.cand[p];
                    if m & bit == 0 {
                        continue;
                    }
                    if self.value[p] != 0 {
                        return Err(Contradiction);
                    }
                    let m = m & !bit;
                    self.cand[p] = m;
                    if m == 0 {
                        return Err(Contradiction);
                    }
                    if m & (m - 1) == 0 {
                        self.value[p] = m.trailing_zeros() as u8 + 1;
                        self.open -= 1;
                        self.queue.push(p as u16);
                    }
                }
            }
            if self.open == 0 {
                return Ok(());
            }
            let progress = self.hidden_singles()? || (self.locked && self.locked_candidates()?);
            if !progress {
                return Ok(());
            }
        }
    }

    /// Places every hidden single found in one scan of the units; false when there was none.
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut found = false;
        for u in 0..self.geo.unit_count() {
            let unit = self.geo.unit(u);
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &c in unit {
                let m = self.cand[c as usize];
                twice |= once & m;
                once |= m;
                if self.value[c as usize] != 0 {
                    placed |= m;
                }
            }
            if once != self.all {
                return Err(Contradiction);
            }
            let hidden = once & !twice & !placed;
            if hidden == 0 {
                continue;
            }
            for &c in unit {
                let c = c as usize;
                let h = self.cand[c] & hidden;
                if h == 0 || self.value[c] != 0 {
                    continue;
                }
                if h & (h - 1) != 0 {
                    // Two values that each have only this cell left.
                    return Err(Contradiction);
                }
                self.assign(c, h.trailing_zeros() as u8 + 1)?;
                found = true;
            }
        }
        Ok(found)
    }

    /// Box-line reductions (locked candidates, pointing and claiming) over every row and
    /// column segment; true when a candidate was removed.
    fn locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let shape = self.geo.shape();
        let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
        let mut changed = false;
        // Rows: segment (r, s) = row r within stack s (bc cells); the box is (r / br, s).
        // Columns: segment (c, b) = column c within band b (br cells); the box is (b, c / bc).
        for horizontal in [true, false] {
            let (lines, segs_per_line, seg_len, lines_per_box) = if horizontal {
                (n, n / bc, bc, br)
            } else {
                (n, n / br, br, bc)
            };
            let cell_at = |line: usize, seg: usize, k: usize| -> usize {
                if horizontal {
                    line * n + seg * seg_len + k
                } else {
                    (seg * seg_len + k) * n + line
                }
            };
            let mut seg = vec![0u64; lines * segs_per_line];
            for line in 0..lines {
                for s in 0..segs_per_line {
                    let mut m = 0;
                    for k in 0..seg_len {
                        let c = cell_at(line, s, k);
                        if self.value[c] == 0 {
                            m |= self.cand[c];
                        }
                    }
                    seg[line * segs_per_line + s] = m;
                }
            }
            for line in 0..lines {
                for s in 0..segs_per_line {
                    let here = seg[line * segs_per_line + s];
                    if here == 0 {
                        continue;
                    }
                    let mut line_rest = 0;
                    for t in 0..segs_per_line {
                        if t != s {
                            line_rest |= seg[line * segs_per_line + t];
                        }
                    }
                    let first = line - line % lines_per_box;
                    let mut box_rest = 0;
                    for other in first..first + lines_per_box {
                        if other != line {
                            box_rest |= seg[other * segs_per_line + s];
                        }
                    }
                    // Pointing: values of the box only here leave the rest of the line.
                    let pointing = here & !box_rest & line_rest;
                    if pointing != 0 {
                        for t in (0..segs_per_line).filter(|&t| t != s) {
                            for k in 0..seg_len {
                                changed |= self.remove_mask(cell_at(line, t, k), pointing)?;
                            }
                        }
                    }
                    // Claiming: values of the line only here leave the rest of the box.
                    let claiming = here & !line_rest & box_rest;
                    if claiming != 0 {
                        for other in (first..first + lines_per_box).filter(|&o| o != line) {
                            for k in 0..seg_len {
                                changed |= self.remove_mask(cell_at(other, s, k), claiming)?;
                            }
                        }
                    }
                    if changed {
                        // Segment masks are stale now; the caller propagates and comes back.
                        return Ok(true);
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Removes the values of `mask` from an open cell; true when something was removed.
    #[inline]
    fn remove_mask(&mut self, cell: usize, mask: u64) -> Result<bool, Contradiction> {
        if self.value[cell] != 0 || self.cand[cell] & mask == 0 {
            return Ok(false);
        }
        let m = self.cand[cell] & !mask;
        if m == 0 {
            return Err(Contradiction);
        }
        self.cand[cell] = m;
        if m & (m - 1) == 0 {
            self.value[cell] = m.trailing_zeros() as u8 + 1;
            self.open -= 1;
            self.queue.push(cell as u16);
        }
        Ok(true)
    }

    /// The open cell with the fewest candidates, scanning from `start` (wrapping).
    fn mrv(&self, start: usize) -> Option<usize> {
        let cells = self.cand.len();
        let mut best = None;
        let mut best_len = u32::MAX;
        for k in 0..cells {
            let c = if start + k >= cells {
                start + k - cells
            } else {
                start + k
            };
            if self.value[c] != 0 {
                continue;
            }
            let len = self.cand[c].count_ones();
            if len < best_len {
                best_len = len;
                best = Some(c);
                if len <= 2 {
                    break;
                }
            }
        }
        best
    }

    /// Whether this (propagated) board has a solution, trying at each branch the value of
    /// `near` first: a solution close to a known one is found quickly. `None` when the
    /// search used up `budget` nodes before it knew.
    pub(crate) fn solvable_near(&self, near: &[u8], budget: &mut u64) -> Option<bool> {
        let Some(cell) = self.mrv(0) else {
            return Some(true);
        };
        let first = 1u64 << (near[cell] - 1);
        let cands = self.cand[cell];
        let order = [cands & first, cands & !first];
        for part in order {
            let mut m = part;
            while m != 0 {
                let v = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                if *budget == 0 {
                    return None;
                }
                *budget -= 1;
                let mut next = self.clone();
                if next.assign(cell, v).is_ok()
                    && next.propagate().is_ok()
                    && next.solvable_near(near, budget)?
                {
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// Completes this (propagated) board with values tried in random order, visiting at most
    /// `budget` nodes. `None` when there is no completion or the budget ran out.
    pub(crate) fn random_fill<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        budget: &mut u64,
    ) -> Option<Vec<u8>> {
        let cells = self.cand.len();
        let Some(cell) = self.mrv(rng.gen_range(0..cells)) else {
            return Some(self.value.clone());
        };
        let mut m = self.cand[cell];
        while m != 0 {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let v = nth_bit(m, rng.gen_range(0..m.count_ones())) + 1;
            m &= !(1u64 << (v - 1));
            let mut next = self.clone();
            if next.assign(cell, v).is_ok() && next.propagate().is_ok() {
                if let Some(done) = next.random_fill(rng, budget) {
                    return Some(done);
                }
            }
        }
        None
    }
}

/// The index (0-based) of the `n`-th set bit of `m`.
#[inline]
pub(crate) fn nth_bit(mut m: u64, n: u32) -> u8 {
    for _ in 0..n {
        m &= m - 1;
    }
    m.trailing_zeros() as u8
}
