//! The search state of the 9x9 solver and its propagation: the subband update, naked
//! singles, locked candidates along the stacks (all as [`super`] describes), the choice of
//! a guess, and reading the solution out.

use super::isa::Bmi2;
use super::simd::U32x4;
use super::tables::{
    nonzero, shrink, single_in_mini_row, ALL, BAND_OF, KEEP, KEEP_CELLS, KEEP_PEERS, LOW9,
    OTHER_BANDS, PEERS_IN_BAND, SPREAD,
};

/// How the subband update finds a word's non-empty mini-rows (9 bits: bit 3r + k for row
/// r, box k): by table ([`Tables`], any CPU) or with PEXT ([`Bmi2`], only in the search
/// build for CPUs where PEXT is fast). Both are zero-sized: the update is compiled once for
/// each, with no trace of the parameter.
pub(super) trait MiniRows: Copy {
    /// The non-empty mini-rows of the band word `a`.
    fn mini_rows(self, a: u32) -> usize;
}

/// Three table lookups ([`shrink`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tables;

impl MiniRows for Tables {
    #[inline(always)]
    fn mini_rows(self, a: u32) -> usize {
        shrink(a)
    }
}

impl MiniRows for Bmi2 {
    /// A mini-row's three bits folded onto its first, and those nine bits gathered by PEXT:
    /// three cycles instead of three dependent table lookups. (The `& 0x1FF` changes nothing
    /// but spares the table index a bounds check.)
    #[inline(always)]
    fn mini_rows(self, a: u32) -> usize {
        self.pext(a | a >> 1 | a >> 2, 0o111_111_111) as usize & 0x1FF
    }
}

/// A contradiction: this branch has no solution.
pub(super) struct Dead;

/// The search state: copied for every branch but the last.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `f[9b + d]`: the cells of band b that may hold digit d (a band's nine words are
    /// side by side, so clearing a cell from all of them is two vector operations).
    pub(super) f: [u32; 28],
    /// The words changed since their last update (bit `9b + d`).
    pub(super) dirty: u32,
    /// The open cells of each band.
    pub(super) open: [u32; 3],
    /// The open cells with two candidates, as the last naked-singles pass found them.
    pairs: [u32; 3],
    /// Per digit, its columns in the three bands (9 bits each) when `stacks` last left
    /// them: a digit whose columns are unchanged has nothing new to give there.
    stack_seen: [u32; 9],
    /// Each word's columns (9 bits) as its last update left them (at a fixed point, the
    /// columns of every word).
    cols: [u16; 28],
}

impl State {
    pub(super) fn new() -> State {
        State {
            f: {
                let mut f = [ALL; 28];
                f[27] = 0;
                f
            },
            dirty: ALL,
            open: [ALL; 3],
            pairs: [0; 3],
            stack_seen: [0; 9],
            cols: [0; 28],
        }
    }

    /// Updates subband `i` (see [`super`]'s doc).
    #[inline(always)]
    fn update_at<R: MiniRows>(&mut self, rows: R, i: usize, dirty: &mut u32) -> Result<(), Dead> {
        let (b, n1, n2) = BAND_OF[i];
        let (b, n1, n2) = (b as usize, n1 as usize, n2 as usize);
        let old = self.f[i];
        let (keep, alone) = KEEP_CELLS[rows.mini_rows(old)];
        let a = old & keep;
        if a == 0 {
            return Err(Dead);
        }
        let cols = ((a | a >> 9 | a >> 18) & LOW9) as usize;
        self.cols[i] = cols as u16;
        let other = OTHER_BANDS[cols];
        let (x1, x2) = (self.f[n1], self.f[n2]);
        self.f[n1] = x1 & other;
        self.f[n2] = x2 & other;
        *dirty |= nonzero(x1 & !other) << n1 | nonzero(x2 & !other) << n2;
        let solved = alone & single_in_mini_row(a);
        self.open[b] &= !solved;
        let lost = self.clear_band(b, solved);
        *dirty |= (lost & !(1 << (i - 9 * b))) << (9 * b);
        self.f[i] = a;
        Ok(())
    }

    /// Clears `cells` from band `b`'s nine words; the digits (bits) whose word lost any.
    /// Words 0..8 go four at a time ([`U32x4`]: SSE2 on x86-64), word 8 on its own. (The
    /// eight words are taken as one array: two four-word arrays cut from the nine-word one
    /// measure 2% slower.)
    #[inline(always)]
    pub(super) fn clear_band(&mut self, b: usize, cells: u32) -> u32 {
        let x8 = self.f[9 * b + 8];
        self.f[9 * b + 8] = x8 & !cells;
        let words: &mut [u32; 8] = (&mut self.f[9 * b..9 * b + 8])
            .try_into()
            .expect("eight words");
        let c = U32x4::splat(cells);
        let (v0, v1) = U32x4::load_pair(words);
        U32x4::store_pair(words, v0.and_not(c), v1.and_not(c));
        let kept = v0.and(c).zero_lanes() | v1.and(c).zero_lanes() << 4;
        (!kept & 0xFF) | nonzero(x8 & cells) << 8
    }

    /// [`State::clear_band`] word by word (its reference in the tests).
    #[cfg(test)]
    pub(super) fn clear_band_plain(&mut self, b: usize, cells: u32) -> u32 {
        let mut lost = 0;
        for k in 0..9 {
            let x = self.f[9 * b + k];
            self.f[9 * b + k] = x & !cells;
            lost |= nonzero(x & cells) << k;
        }
        lost
    }

    /// Runs the subband update until no word changes: every update marks the words it
    /// changed, and the marks are walked as a bit set, a sweep at a time (no branch per word
    /// to mispredict).
    #[inline(always)]
    fn update<R: MiniRows>(&mut self, rows: R) -> Result<(), Dead> {
        let mut dirty = self.dirty;
        while dirty != 0 {
            let mut work = dirty;
            dirty = 0;
            while work != 0 {
                let i = work.trailing_zeros() as usize;
                work &= work - 1;
                // Updated now, with whatever earlier updates of this sweep did to it.
                dirty &= !(1 << i);
                self.update_at(rows, i, &mut dirty)?;
            }
        }
        self.dirty = 0;
        Ok(())
    }

    /// Places naked singles; records cells with two candidates. True when it placed any.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        let mut placed = false;
        for b in 0..3 {
            let (mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[9 * b + d];
                c3 |= c2 & x;
                c2 |= c1 & x;
                c1 |= x;
            }
            if c1 != ALL {
                return Err(Dead);
            }
            self.pairs[b] = c2 & !c3;
            let mut singles = c1 & !c2 & self.open[b];
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                let bit = 1u32 << p;
                singles &= singles - 1;
                // The cell's one digit, without a data-dependent loop; none left when a
                // single placed just before took it.
                let mut i = 9 * b;
                for e in 1..9 {
                    if self.f[9 * b + e] & bit != 0 {
                        i = 9 * b + e;
                    }
                }
                if self.f[i] & bit == 0 {
                    return Err(Dead);
                }
                self.f[i] &= KEEP_PEERS[p];
                self.dirty |= 1 << i;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Locked candidates along the stacks: for each digit and stack, the 3x3 matrix of
    /// mini-columns (band x column) that can hold it must contain a permutation; the
    /// mini-columns in none are cleared. True when a word changed.
    #[inline(always)]
    fn stacks(&mut self) -> Result<bool, Dead> {
        let mut changed = false;
        for d in 0..9 {
            let cols = [
                u32::from(self.cols[d]),
                u32::from(self.cols[9 + d]),
                u32::from(self.cols[18 + d]),
            ];
            let packed = cols[0] | cols[1] << 9 | cols[2] << 18;
            if packed == self.stack_seen[d] {
                continue;
            }
            let mut allowed = [0u32; 3];
            for k in 0..3 {
                let m = ((cols[0] >> (3 * k)) & 7)
                    | ((cols[1] >> (3 * k)) & 7) << 3
                    | ((cols[2] >> (3 * k)) & 7) << 6;
                let keep = KEEP[m as usize] as u32;
                if keep == 0 {
                    return Err(Dead);
                }
                allowed[0] |= (keep & 7) << (3 * k);
                allowed[1] |= ((keep >> 3) & 7) << (3 * k);
                allowed[2] |= ((keep >> 6) & 7) << (3 * k);
            }
            for b in 0..3 {
                if allowed[b] != cols[b] {
                    self.f[9 * b + d] &= allowed[b] * 0o001_001_001;
                    self.dirty |= 1 << (9 * b + d);
                    changed = true;
                }
            }
            self.stack_seen[d] = allowed[0] | allowed[1] << 9 | allowed[2] << 18;
        }
        Ok(changed)
    }

    /// Propagates to a fixed point.
    #[inline(always)]
    pub(super) fn propagate<R: MiniRows>(&mut self, rows: R) -> Result<(), Dead> {
        loop {
            self.update(rows)?;
            if self.solved() {
                return Ok(());
            }
            if !self.naked_singles()? && !self.stacks()? {
                return Ok(());
            }
        }
    }

    #[inline(always)]
    pub(super) fn solved(&self) -> bool {
        self.open[0] | self.open[1] | self.open[2] == 0
    }

    #[inline(always)]
    pub(super) fn open_count(&self) -> u32 {
        self.open[0].count_ones() + self.open[1].count_ones() + self.open[2].count_ones()
    }

    /// A cell to guess on: (band, band bit, candidate subbands as a mask of digits).
    #[inline(always)]
    pub(super) fn pick(&self) -> (usize, u32, u32) {
        // A cell with two candidates, the one with the most open peers: its guess reaches
        // furthest (this halves the guesses against taking the first such cell); peers with
        // two candidates break ties.
        if self.pairs != [0; 3] {
            let mut best = (0, 0, 0);
            for b in 0..3 {
                let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
                let mut pairs = self.pairs[b];
                while pairs != 0 {
                    let p = pairs.trailing_zeros() as usize;
                    pairs &= pairs - 1;
                    let (near, col) = PEERS_IN_BAND[p];
                    // Peers in the band in the low 27 bits, in the column of the other two
                    // bands above them (columns line up; the second moves one bit over):
                    // one count for open peers, one for peers with two candidates.
                    let packed = |w: &[u32; 3]| {
                        u64::from(w[b] & near) | u64::from((w[b1] & col) | (w[b2] & col) << 1) << 27
                    };
                    let open = packed(&self.open).count_ones();
                    let two = packed(&self.pairs).count_ones();
                    let score = 4 * open + two + 1;
                    if score > best.2 {
                        best = (b, 1u32 << p, score);
                    }
                }
            }
            return (best.0, best.1, self.digits(best.0, best.1));
        }
        let mut best = (0, 0, 0);
        let mut best_len = u32::MAX;
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let ds = self.digits(b, bit);
                if ds.count_ones() < best_len {
                    best_len = ds.count_ones();
                    best = (b, bit, ds);
                }
            }
        }
        best
    }

    #[inline(always)]
    fn digits(&self, b: usize, bit: u32) -> u32 {
        let mut ds = 0;
        for d in 0..9 {
            ds |= u32::from(self.f[9 * b + d] & bit != 0) << d;
        }
        ds
    }

    /// The grid's values (at a solution: every cell in exactly one digit's word). Per band,
    /// the values' four bit planes, spread eight cells at a time into bytes by a table.
    pub(super) fn values(&self) -> [u8; 81] {
        // Room for the last band's last 8-byte store (cells 78..86).
        let mut v = [0u8; 88];
        for b in 0..3 {
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let w = self.f[9 * b + d];
                for (k, plane) in planes.iter_mut().enumerate() {
                    if (d + 1) & (1 << k) != 0 {
                        *plane |= w;
                    }
                }
            }
            // Cells 8j..8j+8 of the band; the last store runs 5 bytes into the next band,
            // with zeros (the planes have 27 bits), which that band then overwrites.
            for j in 0..4 {
                let spread = |x: u32| SPREAD[((x >> (8 * j)) & 0xFF) as usize];
                let bytes = spread(planes[0])
                    | spread(planes[1]) << 1
                    | spread(planes[2]) << 2
                    | spread(planes[3]) << 3;
                let at = 27 * b + 8 * j;
                v[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        let mut out = [0u8; 81];
        out.copy_from_slice(&v[..81]);
        out
    }
}
