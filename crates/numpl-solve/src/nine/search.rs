//! The 9x9 solver's depth-first search and its entry point: plain arrays in, counted
//! solutions out (no numpl types, so it can be timed and tested on its own). The search is
//! compiled once per instruction set of [`Isa`]; [`Search::start`] runs the one asked for.

// `unsafe`: `Search::start` calls the builds compiled with `#[target_feature]` for
// instructions the baseline lacks; sound because the `Isa` it is given carries a token that
// proves this CPU has them (see `super::isa`).
#![allow(unsafe_code)]

use super::isa::Isa;
use super::simd::U8x16;
use super::state::{MiniRows, State, Tables};
use super::tables::{ALL, BAND_OF, KEEP_PEERS};

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

struct Search {
    limit: usize,
    budget: u64,
    out: Counted,
}

/// Defines the recursive search once per instruction set (see `Search::start`).
macro_rules! search_fn {
    ($(#[$attr:meta])* $name:ident) => {
        /// Propagates `st` (finding mini-rows with `rows`), records a solution or searches
        /// below it; true when the search must stop (limit reached or budget spent).
        $(#[$attr])*
        fn $name(&mut self, st: &mut State, rows: impl MiniRows) -> bool {
            let before = st.open_count();
            let ok = st.propagate(rows).is_ok();
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
                    return self.$name(st, rows);
                }
                let mut child = *st;
                child.f[i] &= KEEP_PEERS[p];
                child.dirty |= 1 << i;
                if self.$name(&mut child, rows) {
                    return true;
                }
                st.f[i] &= !bit;
                st.dirty |= 1 << i;
            }
            false
        }
    };
}

impl Search {
    /// Runs the search compiled for `isa`. The hot loop counts bits (guess scores, node
    /// counts) and walks them (trailing zeros), which POPCNT and BMI1/BMI2 do in one
    /// instruction each, and AVX2 machines get three-operand vector code and 256-bit state
    /// copies; the baseline x86-64 build has none of these. The binary stays portable: the
    /// choice is made at run time ([`Isa::best`]), and an `Isa` other than the baseline
    /// carries the proof that this CPU has its instructions.
    fn start(&mut self, st: &mut State, isa: Isa) {
        match isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `cpu` proves that this CPU has POPCNT, BMI1, BMI2 and AVX2, the
            // features `run_bmi` is compiled for.
            Isa::Bmi(_cpu) => unsafe { self.run_bmi(st, Tables) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as for `run_bmi`; `run_pext` is compiled for the same features.
            Isa::Pext(cpu) => unsafe { self.run_pext(st, cpu.bmi2()) },
            _ => self.run(st, Tables),
        };
    }

    search_fn!(run);

    #[cfg(target_arch = "x86_64")]
    search_fn!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
        run_bmi
    );

    #[cfg(target_arch = "x86_64")]
    search_fn!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,avx2")]
        run_pext
    );
}

/// The cells holding a given, as three band words (sixteen cells at a time with
/// [`U8x16`]: SSE2 on x86-64).
fn given_cells(givens: &[u8; 81]) -> [u32; 3] {
    let mut m = 0u128;
    for k in 0..5 {
        let bytes = givens[16 * k..16 * k + 16]
            .try_into()
            .expect("16 of the 81");
        let zero = U8x16::load(bytes).zero_lanes();
        m |= u128::from(!zero & 0xFFFF) << (16 * k);
    }
    m |= u128::from(givens[80] != 0) << 80;
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
                for isa in Isa::all_here() {
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

    /// The vector helpers (SSE2 on x86-64) against plain loops (what other CPUs run).
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
