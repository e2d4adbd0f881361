//! The dedicated 9x9 solver: one bitboard per digit over the 81 cells, kept as three
//! 27-bit band words (band `b` holds rows `3b..3b+3`, bit `9r + c` inside the band, so
//! band bit `p` is cell `27b + p`).
//!
//! Propagation, until nothing changes:
//! - band logic per digit and band whose word changed: the digit needs one cell in each of
//!   the band's three rows and three boxes, so the band's nine mini-rows (row x box) that can
//!   hold it must contain a permutation; mini-rows outside every permutation are dropped
//!   (locked candidates within the band, hidden singles in boxes fall out of it). A row left
//!   with one cell places the digit there;
//! - naked singles: bit-sliced counting over the nine digit words finds open cells with one
//!   candidate (and cells with none: a contradiction);
//! - hidden singles in columns: a digit with one row left in a column is placed there.
//!
//! Placing digit d at a cell clears the cell in the other digits' words, and the cell's row
//! and box (inside the band) and column (in the other bands) in d's words.
//! The search guesses on a cell with two candidates when there is one (otherwise the fewest),
//! copying the 240-byte state for every branch but the last.

use numpl_core::{Grid, Shape};

use crate::SearchResult;

const ROW: u32 = 0x1FF;

/// For a 9-bit row: bit k set when box k (columns 3k..3k+3) has a cell.
const SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
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

/// For a 9-bit row: the row itself when it has exactly one cell, else 0.
const ROW_SINGLE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u32;
        }
        x += 1;
    }
    t
};

/// For the 3x3 matrix of non-empty mini-rows of a band (bit 3r + k: row r, box k), the
/// 27-bit mask of the mini-rows that belong to some permutation (one per row and per box);
/// 0 when there is none.
const COMPLEX: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut keep = 0usize;
        let mut p = 0;
        while p < 6 {
            let m = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if s & m == m {
                keep |= m;
            }
            p += 1;
        }
        let mut mask = 0u32;
        let mut i = 0;
        while i < 9 {
            if keep & (1 << i) != 0 {
                let (r, k) = (i / 3, i % 3);
                mask |= 7 << (9 * r + 3 * k);
            }
            i += 1;
        }
        t[s] = mask;
        s += 1;
    }
    t
};

/// For a band bit: the other cells of its row and of its box (all inside the band).
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r2, c2) = (q / 9, q % 9);
            if q != p && (r2 == r || c2 / 3 == c / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// The three band bits of column c.
const COL: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        c += 1;
    }
    t
};

/// For a band bit: the three band bits of its column.
const COL_OF: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = COL[p % 9];
        p += 1;
    }
    t
};

/// The other two bands of a band.
const OTHER: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

const FULL: u32 = (1 << 27) - 1;

/// The digit words (27) and one padding word.
const WORDS: usize = 28;

/// The search state: copied for every branch but the last.
#[derive(Clone, Copy)]
struct State {
    /// `f[3d + b]`: the cells of band b that may hold digit d (a placed cell keeps its bit).
    /// Word 27 is padding (always 0), so `changed` works on whole groups of four.
    f: [u32; WORDS],
    /// The words as the band logic last left them: a word that differs needs a visit.
    seen: [u32; WORDS],
    /// The open cells of each band.
    open: [u32; 3],
}

impl State {
    fn new() -> State {
        State {
            f: {
                let mut f = [FULL; WORDS];
                f[27] = 0;
                f
            },
            seen: [0; WORDS],
            open: [FULL; 3],
        }
    }

    #[inline(always)]
    fn open_count(&self) -> u32 {
        self.open[0].count_ones() + self.open[1].count_ones() + self.open[2].count_ones()
    }

    /// Places digit `d` at band bit `bit` of band `b` (the cell must be open and allow d).
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        let p = bit.trailing_zeros() as usize;
        let col = COL_OF[p];
        for e in 0..9 {
            self.f[3 * e + b] &= !bit;
        }
        let i = 3 * d;
        self.f[i + b] = (self.f[i + b] & !BAND_PEERS[p]) | bit;
        // The other two bands.
        let (b1, b2) = OTHER[b];
        self.f[i + b1] &= !col;
        self.f[i + b2] &= !col;
        self.open[b] &= !bit;
    }

    /// The words that changed since the band logic last saw them, as a bit set.
    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    fn changed(&self) -> u32 {
        let mut m = 0u32;
        for i in 0..WORDS {
            m |= u32::from(self.f[i] != self.seen[i]) << i;
        }
        m
    }

    /// As above, four words at a time with SSE2 (part of every x86-64).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn changed(&self) -> u32 {
        use std::arch::x86_64::{
            __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
        };
        let mut eq = 0u32;
        for k in 0..WORDS / 4 {
            // SAFETY: SSE2 is part of every x86-64 target; words 4k..4k+4 lie inside
            // both arrays (WORDS is a multiple of 4), and the loads are unaligned ones.
            let same = unsafe {
                let x = _mm_loadu_si128(self.f.as_ptr().add(4 * k).cast::<__m128i>());
                let y = _mm_loadu_si128(self.seen.as_ptr().add(4 * k).cast::<__m128i>());
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, y)))
            };
            eq |= (same as u32) << (4 * k);
        }
        !eq & FULL
    }

    /// Propagates to a fixed point; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            // Band logic until stable; remember which digits changed for the column pass.
            let mut col_dirty = 0u32;
            loop {
                let mut changed = self.changed();
                if changed == 0 {
                    break;
                }
                while changed != 0 {
                    let i = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    let (d, b) = (i / 3, i % 3);
                    col_dirty |= 1 << d;
                    let mut a = self.f[i];
                    let shrink = SHRINK[(a & ROW) as usize]
                        | SHRINK[((a >> 9) & ROW) as usize] << 3
                        | SHRINK[(a >> 18) as usize] << 6;
                    a &= COMPLEX[shrink as usize];
                    if a == 0 {
                        return false;
                    }
                    self.f[i] = a;
                    self.seen[i] = a;
                    let singles = ROW_SINGLE[(a & ROW) as usize]
                        | ROW_SINGLE[((a >> 9) & ROW) as usize] << 9
                        | ROW_SINGLE[(a >> 18) as usize] << 18;
                    let mut new = singles & self.open[b];
                    while new != 0 {
                        let bit = new & new.wrapping_neg();
                        new ^= bit;
                        if self.f[i] & bit == 0 {
                            return false;
                        }
                        self.place(d, b, bit);
                    }
                }
            }
            // Naked singles.
            let mut placed = false;
            for b in 0..3 {
                let open = self.open[b];
                if open == 0 {
                    continue;
                }
                let (mut a1, mut a2) = (0u32, 0u32);
                for d in 0..9 {
                    let x = self.f[3 * d + b];
                    a2 |= a1 & x;
                    a1 |= x;
                }
                if open & !a1 != 0 {
                    return false;
                }
                let mut s = open & !a2;
                while s != 0 {
                    let bit = s & s.wrapping_neg();
                    s ^= bit;
                    let mut d = 0;
                    while d < 9 && self.f[3 * d + b] & bit == 0 {
                        d += 1;
                    }
                    if d == 9 {
                        return false;
                    }
                    self.place(d, b, bit);
                    placed = true;
                }
            }
            if placed {
                continue;
            }
            // Hidden singles in columns, for the digits whose words changed.
            while col_dirty != 0 {
                let d = col_dirty.trailing_zeros() as usize;
                col_dirty &= col_dirty - 1;
                let i = 3 * d;
                let (mut a1, mut a2) = (0u32, 0u32);
                for b in 0..3 {
                    let w = self.f[i + b];
                    for x in [w & ROW, (w >> 9) & ROW, w >> 18] {
                        a2 |= a1 & x;
                        a1 |= x;
                    }
                }
                if a1 != ROW {
                    return false;
                }
                let mut s = a1 & !a2;
                while s != 0 {
                    let c = s.trailing_zeros() as usize;
                    s &= s - 1;
                    for b in 0..3 {
                        let cb = self.f[i + b] & COL[c];
                        if cb != 0 {
                            if cb & self.open[b] != 0 {
                                self.place(d, b, cb);
                                placed = true;
                            }
                            break;
                        }
                    }
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// A cell to guess on: one with two candidates if any, else one with the fewest.
    /// Returns (band, bit, digit mask).
    fn pick(&self) -> (usize, u32, u32) {
        let mut best = (0usize, 0u32, 0u32);
        let mut best_len = u32::MAX;
        for b in 0..3 {
            let open = self.open[b];
            if open == 0 {
                continue;
            }
            let (mut a1, mut a2, mut a3) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[3 * d + b];
                a3 |= a2 & x;
                a2 |= a1 & x;
                a1 |= x;
            }
            let two = open & a2 & !a3;
            if two != 0 {
                let bit = two & two.wrapping_neg();
                return (b, bit, self.digits(b, bit));
            }
            let mut rest = open;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let ds = self.digits(b, bit);
                if ds.count_ones() < best_len {
                    best_len = ds.count_ones();
                    best = (b, bit, ds);
                }
            }
        }
        best
    }

    #[inline]
    fn digits(&self, b: usize, bit: u32) -> u32 {
        let mut ds = 0;
        for d in 0..9 {
            if self.f[3 * d + b] & bit != 0 {
                ds |= 1 << d;
            }
        }
        ds
    }

    /// The values of a solved state in reading order.
    fn values(&self) -> Vec<u8> {
        let mut v = vec![0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut w = self.f[3 * d + b];
                while w != 0 {
                    let p = w.trailing_zeros() as usize;
                    w &= w - 1;
                    v[27 * b + p] = d as u8 + 1;
                }
            }
        }
        v
    }
}

struct Search {
    limit: usize,
    budget: u64,
    result: SearchResult,
}

impl Search {
    /// Propagates `st` and searches below it; true when the search must stop.
    fn run(&mut self, st: &mut State) -> bool {
        let before = st.open_count();
        let ok = st.propagate();
        self.result.nodes += u64::from(before - st.open_count());
        if !ok {
            return false;
        }
        if st.open == [0; 3] {
            self.result.count += 1;
            if self.result.first.is_none() {
                let g = Grid::from_values(Shape::NINE, st.values()).expect("in range");
                self.result.first = Some(g);
            }
            return self.result.count >= self.limit;
        }
        let (b, bit, mut ds) = st.pick();
        self.result.guesses += 1;
        while ds != 0 {
            if self.result.nodes >= self.budget {
                self.result.budget_hit = true;
                return true;
            }
            self.result.nodes += 1;
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if ds == 0 {
                st.place(d, b, bit);
                return self.run(st);
            }
            let mut child = *st;
            child.place(d, b, bit);
            if self.run(&mut child) {
                return true;
            }
        }
        false
    }
}

/// Searches a 9x9 puzzle for up to `limit` solutions, stopping after `budget` nodes.
pub(crate) fn search(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    debug_assert_eq!(puzzle.shape(), Shape::NINE);
    let mut s = Search {
        limit: limit.max(1),
        budget,
        result: SearchResult::default(),
    };
    let mut st = State::new();
    for (cell, &v) in puzzle.values().iter().enumerate() {
        if v != 0 {
            let (d, b, bit) = (v as usize - 1, cell / 27, 1u32 << (cell % 27));
            if st.f[3 * d + b] & bit == 0 || st.open[b] & bit == 0 {
                return s.result;
            }
            st.place(d, b, bit);
        }
    }
    // Givens are not search nodes: count only what propagation adds.
    s.run(&mut st);
    s.result
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_core::{parse_one, ParseOptions};

    /// Every `step`-th puzzle of a `shared/data` file (beside the repository), or `None`
    /// with a note when the file is not there.
    pub(crate) fn shared_sample(name: &str, step: usize) -> Option<Vec<Grid>> {
        let dir = std::env::var("NUMPL_SHARED_DATA").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data").into()
        });
        let path = format!("{dir}/{name}");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("note: {path} not found; skipping this sample");
            return None;
        };
        let opts = ParseOptions::default();
        Some(
            text.lines()
                .filter(|l| !l.starts_with('#') && l.trim().len() >= 81)
                .step_by(step)
                .map(|l| parse_one(&l.trim()[..81], &opts).expect("a valid puzzle"))
                .collect(),
        )
    }

    #[test]
    fn agrees_with_the_general_solver_on_shared_data() {
        for (name, step) in [
            ("top1465.txt", 7),
            ("17-clue.txt", 499),
            ("forum-hardest-1905.txt", 997),
            ("forum-hardest-1106.txt", 5),
            ("serg-benchmark.txt", 101),
        ] {
            let Some(puzzles) = shared_sample(name, step) else {
                continue;
            };
            assert!(!puzzles.is_empty(), "{name}");
            for p in &puzzles {
                for limit in [1, 2] {
                    let nine = search(p, limit, u64::MAX);
                    let general = crate::fast::general(p, limit, u64::MAX);
                    assert_eq!(nine.count, general.count, "{name}: {p:?}");
                    let s = nine.first.as_ref().expect("these sets are solvable");
                    assert!(s.is_solution_of(p), "{name}: {p:?}");
                    if limit == 2 && general.count == 1 {
                        assert_eq!(nine.first, general.first, "{name}");
                    }
                }
            }
        }
    }

    #[test]
    fn band_tables() {
        assert_eq!(COMPLEX[0x1FF], FULL);
        // The diagonal of mini-rows is the only permutation: only it is kept.
        assert_eq!(COMPLEX[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        // Row 2 has no mini-row: no permutation.
        assert_eq!(COMPLEX[0b000_111_111], 0);
        // Boxes 0 and 1 only, in every row: no room for box 2.
        assert_eq!(COMPLEX[0b011_011_011], 0);
        assert_eq!(SHRINK[0b100_000_001], 0b101);
        assert_eq!(ROW_SINGLE[0b1000], 0b1000);
        assert_eq!(ROW_SINGLE[0b1001], 0);
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut v = vec![0u8; 81];
        v[0] = 5;
        v[10] = 5; // same box
        let g = Grid::from_values(Shape::NINE, v).unwrap();
        assert_eq!(search(&g, 2, u64::MAX).count, 0);
    }

    #[test]
    fn counts_up_to_the_limit_and_stops_at_the_budget() {
        let empty = Grid::empty(Shape::NINE);
        let r = search(&empty, 5, u64::MAX);
        assert_eq!(r.count, 5);
        assert!(r.guesses > 0 && !r.budget_hit);
        let r = search(&empty, 2, 10);
        assert!(r.budget_hit && r.count == 0, "{r:?}");
    }
}
