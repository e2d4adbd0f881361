//! Propagation at one level of the [`Solver`]: placing a value and the bookkeeping it
//! drives (candidates, per-value boards, per-unit counts), naked and hidden singles, and
//! box-line reductions (pointing and claiming), until nothing changes or a contradiction
//! turns up. The module doc of [`crate::fast`] describes the method.

use super::{Culprit, Dead, Solver};

impl Solver {
    /// Open cell `c` of `level` lost the candidates `lost`: the counts of its units drop;
    /// a value left with no place in a unit (where it is not placed) is a contradiction,
    /// with one place it is queued as a hidden single.
    #[inline(always)]
    fn lose(&mut self, level: usize, c: usize, lost: u64) -> Result<(), Dead> {
        let n = self.n;
        let ubase = level * 3 * n;
        let units = self.cell_units[c];
        let placed = &self.placed[ubase..ubase + 3 * n];
        let count = &mut self.count[ubase * n..(ubase + 3 * n) * n];
        let words = self.words;
        let board = &mut self.board[level * n * words..(level + 1) * n * words];
        let (cw, cb) = (c / 64, !(1u64 << (c % 64)));
        let mut rest = lost;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            board[d * words + cw] &= cb;
            for u in units {
                let u = u as usize;
                let k = &mut count[u * n + d];
                *k -= 1;
                if *k <= 1 && placed[u] >> d & 1 == 0 {
                    if *k == 0 {
                        self.culprit = Culprit::Unit(u as u16);
                        return Err(Dead);
                    }
                    self.hidden.push((u as u16, d as u8));
                }
            }
        }
        Ok(())
    }

    /// Removes `values` from the open cell `c`; queues it when one value is left.
    pub(super) fn remove(&mut self, level: usize, c: usize, values: u64) -> Result<(), Dead> {
        let i = level * self.cells + c;
        let m = self.cand[i];
        if m & values == 0 {
            return Ok(());
        }
        let left = m & !values;
        if left == 0 {
            self.culprit = Culprit::Cell(c as u16);
            return Err(Dead);
        }
        self.cand[i] = left;
        if left & (left - 1) == 0 {
            self.queue.push(c as u16);
        }
        for (d, m) in self.line_dirty.iter_mut().zip(self.cell_masks[c]) {
            *d |= m;
        }
        self.lose(level, c, m & values)
    }

    /// Places `v` in the open cell `cell` and removes it from the peers.
    pub(super) fn assign(&mut self, level: usize, cell: usize, v: u8) -> Result<(), Dead> {
        let n = self.n;
        let base = level * self.cells;
        let bit = 1u64 << (v - 1);
        let d = (v - 1) as usize;
        self.nodes += 1;
        self.val[base + cell] = v;
        let old = self.cand[base + cell];
        self.cand[base + cell] = 0;
        self.left[level] -= 1;
        let ubase = level * 3 * n;
        for u in self.cell_units[cell] {
            self.placed[ubase + u as usize] |= bit;
        }
        // The cell's other candidates leave its units.
        self.lose(level, cell, old & !bit)?;
        // Peers lose `bit`: their units' counts of it drop (its own units have it placed),
        // and their units are gathered into `dirty` on the way. The peers that have it are
        // the value's board within the cell's three units.
        let words = self.words;
        let [ur, uc, ub] = self.cell_units[cell].map(|u| u as usize * words);
        let board = &mut self.board[(level * n + d) * words..(level * n + d + 1) * words];
        board[cell / 64] &= !(1u64 << (cell % 64));
        let unit_bits = &self.unit_bits;
        let cand = &mut self.cand[base..base + self.cells];
        let masks = &self.cell_masks;
        let cell_units = &self.cell_units;
        let placed = &self.placed[ubase..ubase + 3 * n];
        let count = &mut self.count[ubase * n..(ubase + 3 * n) * n];
        let mut dirty = masks[cell];
        let mut dead = false;
        'words: for (w, bw) in board.iter_mut().enumerate() {
            let mut x = *bw & (unit_bits[ur + w] | unit_bits[uc + w] | unit_bits[ub + w]);
            *bw &= !x;
            while x != 0 {
                let p = w * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                let m = cand[p] & !bit;
                cand[p] = m;
                if m & (m.wrapping_sub(1)) == 0 {
                    if m == 0 {
                        self.culprit = Culprit::Cell(p as u16);
                        dead = true;
                        break 'words;
                    }
                    self.queue.push(p as u16);
                }
                let pm = &masks[p];
                dirty[0] |= pm[0];
                dirty[1] |= pm[1];
                dirty[2] |= pm[2];
                for u in cell_units[p] {
                    let u = u as usize;
                    if placed[u] & bit == 0 {
                        let k = &mut count[u * n + d];
                        *k -= 1;
                        if *k <= 1 {
                            if *k == 0 {
                                self.culprit = Culprit::Unit(u as u16);
                                dead = true;
                                break 'words;
                            }
                            self.hidden.push((u as u16, d as u8));
                        }
                    }
                }
            }
        }
        for (d, m) in self.line_dirty.iter_mut().zip(dirty) {
            *d |= m;
        }
        if dead {
            Err(Dead)
        } else {
            Ok(())
        }
    }

    /// Assigns every queued naked single.
    fn drain(&mut self, level: usize) -> Result<(), Dead> {
        let base = level * self.cells;
        while let Some(c) = self.queue.pop() {
            let m = self.cand[base + c as usize];
            // 0: assigned meanwhile (an emptied open cell was reported when it emptied).
            if m != 0 {
                self.assign(level, c as usize, m.trailing_zeros() as u8 + 1)?;
            }
        }
        Ok(())
    }

    /// Singles (and box-line reductions on big grids) until nothing changes.
    pub(super) fn propagate(&mut self, level: usize) -> Result<(), Dead> {
        loop {
            self.drain(level)?;
            if self.left[level] == 0 {
                return Ok(());
            }
            if !self.hidden.is_empty() {
                self.hidden_singles(level)?;
                continue;
            }
            if self.locked && self.line_dirty != [0; 3] {
                self.box_line(level)?;
                continue;
            }
            return Ok(());
        }
    }

    /// Assigns the queued hidden singles still open (a value with one place left in a
    /// unit), each followed by the naked singles it makes.
    fn hidden_singles(&mut self, level: usize) -> Result<(), Dead> {
        let ubase = level * 3 * self.n;
        let n = self.n;
        while let Some((u, d)) = self.hidden.pop() {
            let (u, bit) = (u as usize, 1u64 << d);
            if self.placed[ubase + u] & bit != 0 {
                continue;
            }
            // Its place: the value's board within the unit.
            let words = self.words;
            let board = &self.board[(level * n + d as usize) * words..][..words];
            let found = board
                .iter()
                .zip(&self.unit_bits[u * words..(u + 1) * words])
                .enumerate()
                .find(|(_, (b, ub))| *b & *ub != 0)
                .map(|(w, (b, ub))| w * 64 + (b & ub).trailing_zeros() as usize);
            match found {
                Some(c) => self.assign(level, c, d + 1)?,
                // Its count reached 0 on the way, which reported the contradiction.
                None => return Err(Dead),
            }
            self.drain(level)?;
        }
        Ok(())
    }

    /// Locked candidates on the boxes and lines changed since the last pass: a value
    /// confined to one row (column) of a box leaves the rest of that row (column); a value
    /// confined to one box within a row (column) leaves the rest of that box.
    fn box_line(&mut self, level: usize) -> Result<(), Dead> {
        let base = level * self.cells;
        let n = self.n;
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let todo = self.line_dirty;
        self.line_dirty = [0; 3];
        let is_todo = |u: usize| todo[u >> 6] >> (u & 63) & 1 != 0;
        let mut seg = [0u64; 64];
        // Claiming. A line's segment j is what it shares with one box: rows have N/C
        // segments of C cells, columns N/R segments of R cells.
        for (first, seg_len) in [(0usize, bc), (n, br)] {
            let segs = n / seg_len;
            for line in first..first + n {
                if !is_todo(line) {
                    continue;
                }
                let cells = &self.unit_cells[line * n..(line + 1) * n];
                for (j, s) in seg[..segs].iter_mut().enumerate() {
                    *s = cells[j * seg_len..(j + 1) * seg_len]
                        .iter()
                        .fold(0, |m, &c| m | self.cand[base + c as usize]);
                }
                for j in 0..segs {
                    let only = seg[j] & !others(&seg[..segs], j);
                    if only == 0 {
                        continue;
                    }
                    let c0 = self.unit_cells[line * n + j * seg_len] as usize;
                    let bx = self.cell_units[c0][2] as usize;
                    // The box's cells off this line lose `only`.
                    for i in 0..n {
                        let c = self.unit_cells[bx * n + i] as usize;
                        let on_line = if line < n {
                            c / n == line
                        } else {
                            c % n == line - n
                        };
                        if !on_line && self.cand[base + c] & only != 0 {
                            self.remove(level, c, only)?;
                        }
                    }
                }
            }
        }
        // Pointing: within a box, a value confined to one of its rows (columns).
        for bx in 2 * n..3 * n {
            if !is_todo(bx) {
                continue;
            }
            for (parts, len, stride_part, stride_cell, unit_kind) in
                [(br, bc, bc, 1, 0usize), (bc, br, 1, bc, 1usize)]
            {
                for (i, s) in seg[..parts].iter_mut().enumerate() {
                    let mut m = 0u64;
                    for k in 0..len {
                        let c = self.unit_cells[bx * n + i * stride_part + k * stride_cell];
                        m |= self.cand[base + c as usize];
                    }
                    *s = m;
                }
                for i in 0..parts {
                    let only = seg[i] & !others(&seg[..parts], i);
                    if only == 0 {
                        continue;
                    }
                    let c0 = self.unit_cells[bx * n + i * stride_part] as usize;
                    let line = self.cell_units[c0][unit_kind] as usize;
                    for k in 0..n {
                        let c = self.unit_cells[line * n + k] as usize;
                        if self.cell_units[c][2] as usize != bx && self.cand[base + c] & only != 0 {
                            self.remove(level, c, only)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The values of the masks other than `segs[j]`.
#[inline]
fn others(segs: &[u64], j: usize) -> u64 {
    segs.iter()
        .enumerate()
        .filter(|&(k, _)| k != j)
        .fold(0, |m, (_, &s)| m | s)
}
