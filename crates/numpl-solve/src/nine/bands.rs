//! The 9x9 band solver's core: plain arrays in, counted solutions out (no numpl types, so
//! it can be timed and tested on its own).
//!
//! ## Representation
//! One bitboard per digit over the 81 cells, kept as three 27-bit band words: word
//! `9b + d` ("subband") holds the cells of band `b` (rows `3b..3b+3`) that may still hold
//! digit `d`, bit `9r + c` for row `r` of the band and column `c`. A solved cell keeps its
//! bit in its own digit's word and loses it everywhere else.
//!
//! ## Propagation (until nothing changes)
//! - Subband update, for every word that changed since it was last updated: the digit needs
//!   one cell in each of the band's rows and boxes, so the nine mini-rows (row x box) that
//!   can hold it must contain a permutation; mini-rows in no permutation go (locked
//!   candidates inside the band; hidden singles in rows and boxes fall out of it). A box of
//!   the band left with one column takes the digit out of that column in the other two
//!   bands (pointing along columns; this is also what keeps columns free of repeats). A
//!   mini-row alone in its row and box with one cell left is a solved cell (found with
//!   shifts, not a lookup that would wait on the columns): the digit is solved there, and
//!   the cell leaves every other digit's word.
//! - Naked singles: counting the nine digit words bit-sliced finds open cells with one
//!   candidate (placed: the digit leaves the cell's row and box; the update does the rest),
//!   cells with none (a contradiction), and cells with two (kept for guessing).
//! - Locked candidates along stacks, when singles run dry: for each digit, the 3x3 matrix
//!   of a stack's mini-columns (band x column) that can hold it must contain a permutation
//!   too; mini-columns in none are cleared (a column left in one band claims the digit for
//!   that box; hidden singles in columns follow). Digits whose columns did not change since
//!   the last pass are skipped. About 15% fewer guesses.
//!
//! Placing a digit touches one word; the other digits' words and the other bands are
//! cleaned lazily by the update, which runs anyway. Every change marks its word in a bit
//! set (the band clear finds its changed words with SSE2), and the update walks the marks a
//! sweep at a time: no branch per word to mispredict, and, unlike comparing every word with
//! a copy from its last update, no wide load waiting on the narrow stores just made (that
//! compare cost about 14% of the time).
//!
//! ## Search
//! Depth-first. The guess goes to the cell with two candidates that has the most open peers
//! (then the most two-candidate peers): its values reach furthest, and this takes half the
//! guesses of "the first two-candidate cell" (top1465: 9.9 guesses a puzzle against the
//! `sudoku` crate's 21.7; hardest-1106: 138 against 306). With no such cell, an open cell
//! with the fewest candidates. A branch works on a copy of the state (232 bytes); the last
//! branch reuses the parent's.
//!
//! The search is compiled three times: for the x86-64 baseline; with POPCNT/BMI1/BMI2/AVX2
//! (the scoring counts bits; VEX encodings and 256-bit state copies); and the same with
//! PEXT finding a word's mini-rows, for CPUs where PEXT is fast. The choice is made at run
//! time ([`Isa::best`]), so one binary runs everywhere and uses the fast instructions where
//! they exist.
//!
//! ## Where the time goes
//! The update is bound by latency, not by instructions: each changed word is a chain of
//! dependent steps (its mini-rows, one lookup for what stays, then its columns and one
//! lookup for what the other bands lose, and the band clear), and a sweep's few words
//! (about three) overlap only where they do not wait on each other's stores. So what paid
//! was shortening that chain, often with more instructions: one lookup for what stays and
//! what is alone where there were two chained ones (+10%), PEXT for the mini-rows (+4%),
//! change marks in place of comparing all words with copies after each sweep (+10-15%),
//! solved cells found with shifts (+7-10%). Walking the marks lowest first, without sweeps,
//! serialises the updates and loses 25%; applying a sweep's updates after computing them
//! all (Jacobi order), or deferring the band clears to the end of a sweep, needs more
//! sweeps and loses 10-25%. callgrind on hard puzzles: about 57% of the instructions in the
//! update, 9% in the naked-singles pass, 8% in choosing the guess, 6% in the stack pass;
//! a search node costs about 1.15 times the `sudoku` crate's in time, and half the nodes
//! are needed.

/// The result of a search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counted {
    /// Solutions found (at most the limit).
    pub(crate) count: usize,
    /// The first solution found, as 81 values 1..=9.
    pub(crate) first: Option<[u8; 81]>,
    /// Cells filled by propagation plus values tried by guessing.
    pub(crate) nodes: u64,
    /// Guesses made (cells branched on).
    pub(crate) guesses: u64,
    /// True when the search stopped at the node budget.
    pub(crate) budget_hit: bool,
}

const ALL: u32 = (1 << 27) - 1;
const LOW9: u32 = 0x1FF;

/// For a 9-bit row: bit k set when box k (columns 3k..3k+3) has a cell.
static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x & (7 << (3 * k)) != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For the 9-bit set of non-empty mini-rows of a band (bit 3r + k: row r, box k), the
/// mini-rows that belong to some permutation (one per row and per box); 0 when none does.
static KEEP: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut keep = 0u16;
        let mut p = 0;
        while p < 6 {
            let m = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if s & m == m {
                keep |= m as u16;
            }
            p += 1;
        }
        t[s] = keep;
        s += 1;
    }
    t
};

/// For a 9-bit set of mini-rows, its 27 cells.
static MINI_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            if s & (1 << i) != 0 {
                t[s] |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// For a 9-bit set of mini-rows, those alone in both their row and their box.
static ALONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            let (r, k) = (i / 3, i % 3);
            let row = 7 << (3 * r);
            let bx = (1 << k) | (1 << (3 + k)) | (1 << (6 + k));
            if s & (1 << i) != 0 && s & row == 1 << i && s & bx == 1 << i {
                t[s] |= 1 << i;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// For the 9-bit set of a band's columns holding a digit: the cells the other two bands
/// keep (all but the columns of boxes with exactly one column).
static OTHER_BANDS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut m = ALL;
        let mut k = 0;
        while k < 3 {
            let cols = (s >> (3 * k)) & 7;
            if cols != 0 && cols & (cols - 1) == 0 {
                m &= !((cols as u32 * 0o001_001_001) << (3 * k));
            }
            k += 1;
        }
        t[s] = m;
        s += 1;
    }
    t
};

/// For the 9-bit set of a band's non-empty mini-rows (see [`shrink`]): the cells of the
/// mini-rows in some permutation ([`KEEP`] spread to cells), and the cells of those of them
/// alone in their row and box. One lookup where two would wait on each other.
static KEEP_CELLS: [(u32, u32); 512] = {
    let mut t = [(0u32, 0u32); 512];
    let mut s = 0;
    while s < 512 {
        let keep = KEEP[s] as usize;
        t[s] = (MINI_CELLS[keep], MINI_CELLS[ALONE[keep] as usize]);
        s += 1;
    }
    t
};

/// A byte's eight bits as eight bytes (bit k to the low bit of byte k).
static SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut k = 0;
        while k < 8 {
            if x & (1 << k) != 0 {
                t[x] |= 1 << (8 * k);
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For a band bit: the band's cells outside its row and box, plus the cell itself.
static KEEP_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r2, c2) = (q / 9, q % 9);
            if q == p || (r2 != r && c2 / 3 != c / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// For a band bit: its peers inside the band (row and box) and its column's three bits.
static PEERS_IN_BAND: [(u32, u32); 27] = {
    let mut t = [(0u32, 0u32); 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (!KEEP_PEERS[p] & ALL, 0o001_001_001 << (p % 9));
        p += 1;
    }
    t
};

/// For a subband `9b + d`: its band b and the same digit's subbands in the other bands.
static BAND_OF: [(u8, u8, u8); 27] = {
    let mut t = [(0u8, 0u8, 0u8); 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        t[i] = (
            b as u8,
            (9 * ((b + 1) % 3) + d) as u8,
            (9 * ((b + 2) % 3) + d) as u8,
        );
        i += 1;
    }
    t
};

/// A band word's non-empty mini-rows as 9 bits (bit 3r + k: row r, box k), by three
/// [`SHRINK`] lookups. The final `& 0x1FF` (here and in [`shrink_by`]) changes nothing but
/// shows the compiler that indexing a 512-entry table needs no bounds check.
#[inline(always)]
fn shrink(a: u32) -> usize {
    (SHRINK[(a & LOW9) as usize] as usize
        | (SHRINK[((a >> 9) & LOW9) as usize] as usize) << 3
        | (SHRINK[((a >> 18) & LOW9) as usize] as usize) << 6)
        & 0x1FF
}

/// [`shrink`] with BMI2's PEXT when `PEXT` (only in code compiled for BMI2, on CPUs where
/// PEXT is fast): a mini-row's three bits folded onto its first, and those nine bits
/// gathered. Three cycles instead of three dependent table lookups.
#[inline(always)]
fn shrink_by<const PEXT: bool>(a: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if PEXT {
        // SAFETY: `PEXT` is true only in `Search::run_pext`, which is compiled with BMI2
        // and runs only on CPUs that have it.
        return unsafe { pext(a | a >> 1 | a >> 2, 0o111_111_111) } as usize & 0x1FF;
    }
    shrink(a)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn pext(a: u32, mask: u32) -> u32 {
    std::arch::x86_64::_pext_u32(a, mask)
}

/// The cells of `a` with no other cell of `a` in their mini-row (a few shifts, no lookup).
#[inline(always)]
fn single_in_mini_row(a: u32) -> u32 {
    let down = ((a >> 1) & 0o333_333_333) | ((a >> 2) & 0o111_111_111);
    let up = ((a << 1) & 0o666_666_666) | ((a << 2) & 0o444_444_444);
    a & !(down | up)
}

/// 1 when `x` is not 0, for `x` below 2^27 (no compare, no flags).
#[inline(always)]
fn nonzero(x: u32) -> u32 {
    (x + ALL) >> 27
}

/// A contradiction: this branch has no solution.
struct Dead;

/// The search state: copied for every branch but the last.
#[derive(Clone, Copy)]
struct State {
    /// `f[9b + d]`: the cells of band b that may hold digit d (a band's nine words are
    /// side by side, so clearing a cell from all of them is two vector operations).
    f: [u32; 28],
    /// The words changed since their last update (bit `9b + d`).
    dirty: u32,
    /// The open cells of each band.
    open: [u32; 3],
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
    fn new() -> State {
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

    /// Updates subband `i` (see the module doc).
    #[inline(always)]
    fn update_at<const PEXT: bool>(&mut self, i: usize, dirty: &mut u32) -> Result<(), Dead> {
        let (b, n1, n2) = BAND_OF[i];
        let (b, n1, n2) = (b as usize, n1 as usize, n2 as usize);
        let old = self.f[i];
        let (keep, alone) = KEEP_CELLS[shrink_by::<PEXT>(old)];
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
    #[inline(always)]
    fn clear_band(&mut self, b: usize, cells: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
                _mm_loadu_si128, _mm_movemask_ps, _mm_set1_epi32, _mm_setzero_si128,
                _mm_storeu_si128,
            };
            let x8 = self.f[9 * b + 8];
            self.f[9 * b + 8] = x8 & !cells;
            // SAFETY: SSE2 is part of every x86-64 target; words 9b..9b+8 lie inside `f`,
            // and the loads and stores are unaligned ones.
            let kept = unsafe {
                let p = self.f.as_mut_ptr().add(9 * b).cast::<__m128i>();
                let c = _mm_set1_epi32(cells as i32);
                let (v0, v1) = (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
                _mm_storeu_si128(p, _mm_andnot_si128(c, v0));
                _mm_storeu_si128(p.add(1), _mm_andnot_si128(c, v1));
                let z = _mm_setzero_si128();
                let k0 =
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(v0, c), z)));
                let k1 =
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(v1, c), z)));
                (k0 | k1 << 4) as u32
            };
            (!kept & 0xFF) | nonzero(x8 & cells) << 8
        }
        #[cfg(not(target_arch = "x86_64"))]
        self.clear_band_plain(b, cells)
    }

    /// [`State::clear_band`] word by word (other CPUs; and the SSE2 version's reference).
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
    fn clear_band_plain(&mut self, b: usize, cells: u32) -> u32 {
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
    fn update<const PEXT: bool>(&mut self) -> Result<(), Dead> {
        let mut dirty = self.dirty;
        while dirty != 0 {
            let mut work = dirty;
            dirty = 0;
            while work != 0 {
                let i = work.trailing_zeros() as usize;
                work &= work - 1;
                // Updated now, with whatever earlier updates of this sweep did to it.
                dirty &= !(1 << i);
                self.update_at::<PEXT>(i, &mut dirty)?;
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
    fn propagate<const PEXT: bool>(&mut self) -> Result<(), Dead> {
        loop {
            self.update::<PEXT>()?;
            if self.solved() {
                return Ok(());
            }
            if !self.naked_singles()? && !self.stacks()? {
                return Ok(());
            }
        }
    }

    #[inline(always)]
    fn solved(&self) -> bool {
        self.open[0] | self.open[1] | self.open[2] == 0
    }

    #[inline(always)]
    fn open_count(&self) -> u32 {
        self.open[0].count_ones() + self.open[1].count_ones() + self.open[2].count_ones()
    }

    /// A cell to guess on: (band, band bit, candidate subbands as a mask of digits).
    #[inline(always)]
    fn pick(&self) -> (usize, u32, u32) {
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
    fn values(&self) -> [u8; 81] {
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

struct Search {
    limit: usize,
    budget: u64,
    out: Counted,
}

/// Defines the recursive search once per instruction set (see `Search::start`).
macro_rules! search_fn {
    ($(#[$attr:meta])* $name:ident, $pext:literal $(, $unsafety:ident)?) => {
        /// Propagates `st`, records a solution or searches below it; true when the
        /// search must stop (limit reached or budget spent).
        $(#[$attr])*
        $($unsafety)? fn $name(&mut self, st: &mut State) -> bool {
            let before = st.open_count();
            let ok = st.propagate::<$pext>().is_ok();
            self.out.nodes += u64::from(before - st.open_count());
            if !ok {
                return false;
            }
            if st.solved() {
                self.out.count += 1;
                if self.out.first.is_none() {
                    self.out.first = Some(st.values());
                }
                return self.out.count >= self.limit;
            }
            let (b, bit, mut ds) = st.pick();
            let p = bit.trailing_zeros() as usize;
            self.out.guesses += 1;
            while ds != 0 {
                if self.out.nodes >= self.budget {
                    self.out.budget_hit = true;
                    return true;
                }
                self.out.nodes += 1;
                let i = 9 * b + ds.trailing_zeros() as usize;
                ds &= ds - 1;
                if ds == 0 {
                    st.f[i] &= KEEP_PEERS[p];
                    st.dirty |= 1 << i;
                    return self.$name(st);
                }
                let mut child = *st;
                child.f[i] &= KEEP_PEERS[p];
                child.dirty |= 1 << i;
                if self.$name(&mut child) {
                    return true;
                }
                st.f[i] &= !bit;
                st.dirty |= 1 << i;
            }
            false
        }
    };
}

/// The instruction sets the search is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    /// Any x86-64 (SSE2), or any other CPU.
    Baseline,
    /// POPCNT, BMI1, BMI2 and AVX2.
    Bmi,
    /// As `Bmi`, and PEXT finds a word's mini-rows.
    Pext,
}

impl Isa {
    /// What this CPU runs best (decided once).
    fn best() -> Isa {
        static BEST: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| {
            if !Isa::Bmi.runs_here() {
                Isa::Baseline
            } else if fast_pext() {
                Isa::Pext
            } else {
                Isa::Bmi
            }
        })
    }

    /// True when this CPU has the instructions.
    fn runs_here(self) -> bool {
        match self {
            Isa::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Bmi | Isa::Pext => {
                std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("avx2")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

/// True when PEXT takes a few cycles: on Intel CPUs with BMI2 and on AMD from Zen 3
/// (family 19h) on. Zen 1 and 2 (and Hygon) run it in microcode, tens of cycles and more.
fn fast_pext() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid;
        // Leaf 0: the vendor and the highest leaf; leaf 1 (when there): the family.
        let r = __cpuid(0);
        let mut vendor = [0u8; 12];
        vendor[..4].copy_from_slice(&r.ebx.to_le_bytes());
        vendor[4..8].copy_from_slice(&r.edx.to_le_bytes());
        vendor[8..].copy_from_slice(&r.ecx.to_le_bytes());
        if r.eax < 1 {
            return false;
        }
        let eax = __cpuid(1).eax;
        let base = (eax >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((eax >> 20) & 0xFF)
        } else {
            base
        };
        match &vendor {
            b"GenuineIntel" => true,
            b"AuthenticAMD" => family >= 0x19,
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

impl Search {
    /// Runs the search compiled for `isa` (which this CPU must have). The hot loop counts
    /// bits (guess scores, node counts) and walks them (trailing zeros), which POPCNT and
    /// BMI1/BMI2 do in one instruction each, and AVX2 machines get three-operand vector
    /// code and 256-bit state copies; the baseline x86-64 build has none of these. The
    /// binary stays portable: the choice is made at run time ([`Isa::best`]).
    fn start(&mut self, st: &mut State, isa: Isa) {
        debug_assert!(isa.runs_here());
        match isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the CPU has the features `run_bmi` is compiled for.
            Isa::Bmi => unsafe { self.run_bmi(st) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as for `run_bmi`.
            Isa::Pext => unsafe { self.run_pext(st) },
            _ => self.run(st),
        };
    }

    search_fn!(run, false);

    #[cfg(target_arch = "x86_64")]
    search_fn!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
        run_bmi,
        false,
        unsafe
    );

    #[cfg(target_arch = "x86_64")]
    search_fn!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
        run_pext,
        true,
        unsafe
    );
}

/// The cells holding a given, as three band words (SSE2 compares 16 cells at a time on
/// x86-64; elsewhere cell by cell).
fn given_cells(givens: &[u8; 81]) -> [u32; 3] {
    let mut m = 0u128;
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
        };
        for k in 0..5 {
            // SAFETY: SSE2 is part of every x86-64 target; bytes 16k..16k+16 lie inside the
            // 81 (k < 5), and the load is an unaligned one.
            let zero = unsafe {
                let x = _mm_loadu_si128(givens.as_ptr().add(16 * k).cast::<__m128i>());
                _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) as u32
            };
            m |= u128::from(!zero & 0xFFFF) << (16 * k);
        }
        m |= u128::from(givens[80] != 0) << 80;
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (cell, &v) in givens.iter().enumerate() {
        m |= u128::from(v != 0) << cell;
    }
    let all = u128::from(ALL);
    [
        (m & all) as u32,
        ((m >> 27) & all) as u32,
        ((m >> 54) & all) as u32,
    ]
}

/// Searches the puzzle `givens` (81 values, 0 for an empty cell, else 1..=9) for up to
/// `limit` solutions, stopping after `budget` nodes.
pub(crate) fn search(givens: &[u8; 81], limit: usize, budget: u64) -> Counted {
    search_on(givens, limit, budget, Isa::best())
}

/// As [`search`], with the search compiled for `isa` (for tests: every path a CPU may take
/// must give the same answers).
fn search_on(givens: &[u8; 81], limit: usize, budget: u64, isa: Isa) -> Counted {
    let mut s = Search {
        limit: limit.max(1),
        budget,
        out: Counted::default(),
    };
    let mut st = State::new();
    let given = given_cells(givens);
    // Per subband, its digit's givens: the givens leave every other digit at the end.
    let mut own = [0u32; 27];
    for b in 0..3 {
        st.open[b] = ALL & !given[b];
        let mut g = given[b];
        while g != 0 {
            let p = g.trailing_zeros() as usize;
            g &= g - 1;
            let v = givens[27 * b + p] as usize;
            if v > 9 {
                return s.out;
            }
            let (i, bit) = (9 * b + v - 1, 1u32 << p);
            if st.f[i] & bit == 0 {
                // A given of the same digit saw this cell: no solution.
                return s.out;
            }
            st.f[i] &= KEEP_PEERS[p];
            let (_, n1, n2) = BAND_OF[i];
            let col = !(0o001_001_001 << (p % 9));
            st.f[n1 as usize] &= col;
            st.f[n2 as usize] &= col;
            own[i] |= bit;
        }
    }
    for (i, &mine) in own.iter().enumerate() {
        st.f[i] = (st.f[i] & !given[i / 9]) | mine;
    }
    // Givens are not search nodes: count only what propagation adds.
    s.start(&mut st, isa);
    s.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_tables() {
        assert_eq!(KEEP[0x1FF], 0x1FF);
        // The diagonal of mini-rows is the only permutation: only it is kept.
        assert_eq!(KEEP[0b100_010_001 | 0b000_000_010], 0b100_010_001);
        // Row 2 has no mini-row, or box 2 none: no permutation.
        assert_eq!(KEEP[0b000_111_111], 0);
        assert_eq!(KEEP[0b011_011_011], 0);
        assert_eq!(MINI_CELLS[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        assert_eq!(SHRINK[0b100_000_001], 0b101);
        // Mini-row (0, 0) is alone in row 0 and box 0; (1, 1) shares box 1 with (2, 1).
        assert_eq!(ALONE[0b010_010_001], 0b000_000_001);
        // Box 0 has column 1 only, box 1 columns 3 and 5, box 2 nothing.
        assert_eq!(OTHER_BANDS[0b000_101_010], ALL & !(0o001_001_001 << 1));
        assert_eq!(KEEP_PEERS[0].count_ones(), 27 - 8 - 6);
        // Row 0: cells 0 and 2 share a mini-row, cell 4 is alone in its; row 1: cell 15.
        assert_eq!(
            single_in_mini_row(0b101 | 1 << 4 | 1 << 15),
            1 << 4 | 1 << 15
        );
        assert_eq!(single_in_mini_row(ALL), 0);
        assert_eq!(KEEP_PEERS[0] & 1, 1);
    }

    /// The baseline build of the search (what a CPU without POPCNT/BMI/AVX2 runs) and the
    /// others this CPU can run agree on everything, on puzzles dug at random from random
    /// grids.
    #[test]
    fn the_baseline_search_agrees_with_the_fast_one() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..300 {
            // A random grid: the first solution of a few random givens.
            let mut g = [0u8; 81];
            for _ in 0..8 {
                g[(next() % 81) as usize] = (next() % 9 + 1) as u8;
            }
            let Some(full) = search(&g, 1, u64::MAX).first else {
                continue;
            };
            let mut p = full;
            let holes = 45 + (round % 20);
            for _ in 0..holes {
                p[(next() % 81) as usize] = 0;
            }
            for limit in [1, 2, 3] {
                let a = search_on(&p, limit, u64::MAX, Isa::Baseline);
                assert!(a.count >= 1);
                for isa in [Isa::Bmi, Isa::Pext].into_iter().filter(|i| i.runs_here()) {
                    let b = search_on(&p, limit, u64::MAX, isa);
                    assert_eq!(
                        (a.count, a.first, a.nodes, a.guesses),
                        (b.count, b.first, b.nodes, b.guesses),
                        "{isa:?} {p:?}"
                    );
                }
            }
        }
    }

    /// The SSE2 helpers against plain loops (what other CPUs run).
    #[test]
    fn vector_helpers_match_plain_loops() {
        let mut seed = 12345u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let mut g = [0u8; 81];
            for v in g.iter_mut() {
                *v = if next() % 3 == 0 {
                    (next() % 9 + 1) as u8
                } else {
                    0
                };
            }
            let mut plain = [0u32; 3];
            for (cell, &v) in g.iter().enumerate() {
                plain[cell / 27] |= u32::from(v != 0) << (cell % 27);
            }
            assert_eq!(given_cells(&g), plain);

            let mut st = State::new();
            for w in st.f.iter_mut().take(27) {
                *w = next() as u32 & ALL;
            }
            let mut plain = st;
            let (b, cells) = ((next() % 3) as usize, next() as u32 & next() as u32 & ALL);
            assert_eq!(st.clear_band(b, cells), plain.clear_band_plain(b, cells));
            assert_eq!(st.f, plain.f);
        }
    }

    #[test]
    fn an_empty_grid_has_solutions_and_clashes_have_none() {
        let r = search(&[0; 81], 3, u64::MAX);
        assert_eq!(r.count, 3);
        let first = r.first.expect("a solution");
        for i in 0..9 {
            let mut row = [false; 9];
            let mut col = [false; 9];
            for j in 0..9 {
                row[first[9 * i + j] as usize - 1] = true;
                col[first[9 * j + i] as usize - 1] = true;
            }
            assert!(
                row.iter().all(|&x| x) && col.iter().all(|&x| x),
                "{first:?}"
            );
        }
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[80] = 5;
        clash[8] = 5; // same row as cell 0
        assert_eq!(search(&clash, 2, u64::MAX).count, 0);
    }
}
