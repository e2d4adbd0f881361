//! The fast search for every shape (4x4 up to 64x64): a bitmask, minimum-remaining-values
//! search with propagation. It serves [`solve`](crate::solve) and counting (values tried
//! smallest first) and, through [`Searcher`], the generator (a value-order
//! hook, a node budget per search, searches from a level above 0).
//!
//! - each cell keeps its candidates as a `u64` (value v is bit v-1);
//! - each level also keeps, per value, the set of open cells that have it (a bit set of
//!   the grid), so placing a value finds the peers that lose it a word at a time;
//! - placing a value removes it from the cell's peers; a cell left with one candidate is
//!   queued (naked single);
//! - each level keeps, per unit and value, how many open cells of the unit have the value
//!   as a candidate; when a removal brings a count to one the (unit, value) is queued as a
//!   hidden single, to zero it is a contradiction (no unit is scanned to find them);
//! - when singles stall, locked candidates (box-line: pointing and claiming) are applied on
//!   grids of 16x16 and larger, where they cut the tree more than they cost, to the boxes
//!   and lines that changed since the last such pass;
//! - then the search branches on the open cell with the fewest candidates, ties going to
//!   the cell whose row, column and box have the fewest open cells (it cuts the tree on big
//!   grids several-fold against the first such cell);
//! - from 16x16 up, when that cell has two candidates, the bivalue cells (up to
//!   [`probe_count`](tuning::probe_count), fewest open cells in their units first) are
//!   probed first: each value is placed on a scratch level and propagated (singles only).
//!   A value that fails forces the other (placed and propagated; the pass goes on, and
//!   passes repeat until one forces nothing); otherwise the search branches on the probed
//!   cell whose two values fill the most cells (product of the two counts). Minimal 25x25
//!   and 36x36 puzzles need a hundred to ten thousand times fewer guesses with probing
//!   than without, and the worst ones take milliseconds, not seconds;
//! - from 25x25 up, when a value has fewer places left in some unit than the best cell has
//!   candidates, the search branches on those places instead (one child per place);
//! - from 16x16 up a solve searches in restarts: runs with node budgets on Luby's sequence
//!   (1 1 2 1 1 2 4 ... times `restart_unit` in `solver/restart.rs`), the first in the
//!   plain order, the later ones with random tie-breaks among the best cells and random
//!   value orders. A run that ends within its budget is a whole search, so its count is
//!   exact; a run cut off keeps the solution it found, and two different solutions from
//!   any runs make the puzzle multiple. Random puzzles off the beaten path (80 random
//!   givens on a 16x16, or a big grid blanked at random) are heavy-tailed for a
//!   depth-first search, where one early wrong turn costs hundreds of millions of nodes;
//!   restarts cut those tails (the tests' 16x16 with 80 random givens: 777 million nodes
//!   without restarts, 34,432 with; `cargo xtask bigbench --ablate` has the figures).
//!   On a sparse grid (at most one cell in eight filled) each run is steered by a hint: a
//!   pattern grid relabelled to agree with the givens (randomly in the later runs), its
//!   value tried first at each branch. A blank grid of any shape is then filled without a
//!   wrong turn (blank 36x36 with 6x6 boxes, 49x49, 56x56 with 7x8 boxes, ... went to the
//!   100-million-node budget before; every blank shape takes at most 14,000 nodes now),
//!   and each relabelling leads to another solution, so `multiple` comes in two runs. The
//!   [`Searcher`] (the generator's) keeps the plain cell-by-cell search:
//!   its value orders are the point there;
//! - a position (pencil marks, [`search_masked`], any size) is searched with weights
//!   (`solver/weights.rs`, dom/wdeg: a failed branch weighs its cell, a contradiction the
//!   cell or unit it was found in; the cell branched on has the most weight for the square
//!   of its candidates), a value's two places in a unit as a choice of two, and box-line
//!   reductions. Its cells mostly start with two or three candidates, where the fewest
//!   candidates say little: ISS's seven HARD_PENCILMARKS took more than 5M nodes each in
//!   the plain order, and 0.13M to 2.2M for the first five with weights (the last two
//!   need 49M and over 100M; "Pencilmark sudoku 3" 1.02G nodes before, 65M after).
//!
//! An assigned cell has no candidates left (its value is in the level's value array and in
//! its units' placed masks), so the scans need no test for "open".
//!
//! Where the time goes (generator-made minimal 25x25 puzzles, callgrind): about 70% in
//! probes, mostly placing values (`assign`); box-line passes about 15%, copying levels
//! about 10%.
//!
//! Each search level is a copy of the parent's state in a preallocated stack (grown only
//! when the search goes deeper than before), so a node allocates nothing. 9x9 grids go to
//! the dedicated bitboard solver ([`crate::nine`]).
//!
//! ## Layout
//!
//! Dependencies point one way, from the entry points down:
//!
//! - this file: the entry points (`search`, the general solver on a puzzle or a position);
//! - [`searcher`]: the public [`Searcher`], built on the solver;
//! - [`solver`]: the [`Solver`] (its levels and the depth-first search),
//!   with its parts in `solver/`: `propagate.rs` (placing values, singles, box-line),
//!   `branch.rs` (where to branch, probing) and `restart.rs` (restarts, Luby's sequence);
//! - [`order`]: the [`ValueOrder`] trait and its orders, shared by the solver and the
//!   searcher;
//! - [`tuning`]: which parts run on which size ([`Tuning`](tuning::Tuning)).

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use numpl_core::{Grid, Shape};

use crate::SearchResult;

mod order;
mod searcher;
mod solver;
mod tuning;

pub use order::{KnownFirst, LowestFirst, ValueOrder};
pub use searcher::{Found, Propagated, Searcher};
#[cfg(any(test, feature = "dev"))]
pub use tuning::Tuning;

use solver::Solver;

/// Searches for up to `limit` solutions, stopping after `budget` nodes. Clashing givens
/// give no solution and no work: the 9x9 solver finds them as it places the givens; for
/// other shapes `Grid::check` does, before the general solver (which needs them clean).
pub(crate) fn search(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    search_counted(puzzle, limit, budget, None)
}

/// [`search`], adding the nodes it visits to `progress` as it goes (not on the 9x9 path,
/// which is done in microseconds).
pub(crate) fn search_counted(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    progress: Option<&Arc<AtomicU64>>,
) -> SearchResult {
    if puzzle.shape() == Shape::NINE {
        return crate::nine::search(puzzle, limit, budget);
    }
    if puzzle.check().is_err() {
        return SearchResult::default();
    }
    general_counted(puzzle, limit, budget, progress)
}

/// The general solver, for any shape (9x9 included; the tests compare it with `nine`).
#[cfg(any(test, feature = "dev"))]
pub(crate) fn general(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    general_counted(puzzle, limit, budget, None)
}

/// `general`, adding the nodes it visits to `progress` as it goes.
pub(crate) fn general_counted(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    progress: Option<&Arc<AtomicU64>>,
) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), budget);
    s.set_progress(progress.cloned());
    s.run(puzzle, limit.max(1))
}

/// The general solver on a position: `puzzle`'s givens, and each cell's candidates cut to
/// `masks[cell]` (value v is bit v - 1) before the search starts. Up to `limit` solutions,
/// stopping after `budget` nodes.
pub(crate) fn search_masked(
    puzzle: &Grid,
    masks: &[u64],
    limit: usize,
    budget: u64,
) -> SearchResult {
    if puzzle.check().is_err() {
        return SearchResult::default();
    }
    let mut s = Solver::new(puzzle.shape(), budget);
    s.for_positions();
    s.run_masked(puzzle, masks, limit.max(1))
}

/// `general` with each part of the search switched on or off as `tuning` says: for
/// measuring what each part buys.
#[cfg(any(test, feature = "dev"))]
pub(crate) fn general_tuned(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    tuning: &Tuning,
) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), budget);
    s.set_tuning(tuning);
    s.run(puzzle, limit.max(1))
}

#[cfg(test)]
mod tests;
