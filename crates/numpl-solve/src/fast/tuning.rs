//! Which parts of the general search run on a grid of a given size ([`Tuning::for_size`]),
//! and how many cells a probe pass tries ([`probe_count`]). Each part costs more than it
//! saves below the size where it is switched on; `cargo xtask bigbench --ablate` measures
//! what each buys.

/// Which parts of the general fast search run, for measuring what each buys (`cargo xtask
/// bigbench --ablate`). [`Tuning::for_size`] gives the defaults of a size.
// Public only with the `dev` feature (re-exported as `numpl_solve::Tuning`).
#[cfg_attr(not(feature = "dev"), allow(unreachable_pub))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Branch on a value's places in a unit when fewer than the best cell's candidates.
    pub unit_branch: bool,
    /// Search in restarts with random tie-breaks (solves looking for up to 2 solutions).
    pub restarts: bool,
    /// Box-line reductions before each guess.
    pub locked: bool,
    /// Probe bivalue cells before each guess.
    pub probe: bool,
}

#[cfg_attr(not(feature = "dev"), allow(unreachable_pub))]
impl Tuning {
    /// What the search does on a grid of side `n`:
    ///
    /// - box-line reductions, restarts and probing from 16x16 up;
    /// - branching on a value's places in a unit from 25x25 up: it halves the median 36x36
    ///   of `cargo xtask bigbench` (0.16 s to 0.07 s) and makes the worst 25x25 faster
    ///   (0.02 s to 0.008 s), but on 16x16 one puzzle in 300 goes from 4 ms to 0.75 s
    ///   with it.
    pub fn for_size(n: usize) -> Tuning {
        Tuning {
            unit_branch: n >= 25,
            restarts: n >= 16,
            locked: n >= 16,
            probe: n >= 16,
        }
    }
}

/// How many bivalue cells are probed before each guess on a grid of side `n` when probing
/// is on (0: none). A probe costs a propagation, far more than it saves on small grids;
/// from 16x16 up it shrinks the tree tenfold to a thousandfold (25x25 minimal puzzles:
/// 474,962 guesses for ten puzzles without, 262 with).
pub(super) fn probe_count(n: usize) -> usize {
    match n {
        0..=15 => 0,
        16..=24 => 16,
        _ => 32,
    }
}
