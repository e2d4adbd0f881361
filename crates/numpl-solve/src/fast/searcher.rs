//! [`Searcher`]: the general fast engine ([`Solver`]) for callers that steer the search,
//! chiefly the generator.
//!
//! [`solve`](crate::solve) and [`count_solutions`](crate::count_solutions) count solutions
//! with values tried smallest first. A generator needs more of the same engine: a random
//! fill of an empty or partly filled grid (values tried in random order), a uniqueness check
//! that starts from the one solution it knows ("is there a solution that differs from this
//! one in one of these cells?"), a cheap "does propagation alone solve this?" test, and a
//! node budget so that a hopeless branch can be given up. The searcher offers these on the
//! engine's propagation (naked and hidden singles, box-line reductions from 16x16 up, probing
//! of two-valued cells from 16x16 up) and its minimum-remaining-values branching.
//!
//! Every shape goes through the general engine here, 9x9 included (the dedicated 9x9
//! solver has no value-order hook).
//!
//! A searcher keeps its work space between calls: make one per shape and reuse it.

use std::fmt;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use numpl_core::{Grid, Shape};

use super::order::{KnownFirst, ValueOrder};
use super::solver::Solver;
use crate::SearchResult;

/// What a [`Searcher`] search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A solution (the first one in the search's order).
    Solution(Grid),
    /// There is none (of the kind asked for).
    NoSolution,
    /// The search used up its node budget before it knew.
    Budget,
}

/// What propagation alone made of a puzzle ([`Searcher::propagate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Propagated {
    /// Every cell is filled: the puzzle has exactly this one solution.
    Solved,
    /// Some cells are still open.
    Open,
    /// The puzzle has no solution (clashing givens included).
    Contradiction,
}

/// A reusable search over one shape with a value-order hook and a node budget.
///
/// The budget counts nodes: values placed, whether by a branch, by propagation or by a
/// probe, so it bounds the work. [`Searcher::first`] spends it on the whole search,
/// [`Searcher::differing`] on each cell's search.
///
/// # Examples
///
/// A random complete grid (any source of randomness will do; here a xorshift):
///
/// ```
/// use numpl_core::{Grid, Shape};
/// use numpl_solve::{Found, Searcher};
///
/// let shape = Shape::new(2, 3).unwrap();
/// let mut x = 0x9e37_79b9_7f4a_7c15u64;
/// let mut random = |_cell: usize, untried: u64| {
///     x ^= x << 13;
///     x ^= x >> 7;
///     x ^= x << 17;
///     // The (x mod count)-th untried value.
///     let mut m = untried;
///     for _ in 0..x % u64::from(untried.count_ones()) {
///         m &= m - 1;
///     }
///     m.trailing_zeros() as u8 + 1
/// };
/// let mut searcher = Searcher::new(shape);
/// searcher.set_budget(Some(10_000));
/// let Found::Solution(full) = searcher.first(&Grid::empty(shape), &mut random) else {
///     panic!("an empty 6x6 grid has solutions");
/// };
/// assert!(full.is_full() && full.check().is_ok());
/// ```
///
/// A uniqueness check from a known solution: a puzzle made by emptying cells of a uniquely
/// solvable one is still unique when no solution differs from the known one in one of the
/// emptied cells.
///
/// ```
/// use numpl_core::{parse_one, ParseOptions};
/// use numpl_solve::{solve, Algorithm, Found, Propagated, Searcher, SolveOptions};
///
/// let p = parse_one(
///     ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
///     &ParseOptions::default(),
/// ).unwrap();
/// let sol = solve(&p, Algorithm::Fast, &SolveOptions::default()).solution.unwrap();
/// let mut searcher = Searcher::new(p.shape());
/// assert_eq!(searcher.propagate(&p, false), Propagated::Open);
///
/// // Empty the given in cell 1: is the puzzle still unique?
/// let mut dug = p.clone();
/// dug.set(1, 0);
/// match searcher.differing(&dug, &sol, [1]) {
///     Found::NoSolution => println!("still unique"),
///     Found::Solution(other) => assert_ne!(other.values()[1], sol.values()[1]),
///     Found::Budget => unreachable!("no budget set"),
/// }
/// ```
pub struct Searcher {
    shape: Shape,
    solver: Solver,
    /// The puzzle level 0 holds, propagated (with box-line reductions or not, and whether
    /// it had a solution), while level 0 is untouched since: a second call on the same
    /// puzzle skips placing the givens again.
    settled: Option<(Vec<u8>, bool, bool)>,
}

impl fmt::Debug for Searcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("shape", &self.shape)
            .finish_non_exhaustive()
    }
}

impl Clone for Searcher {
    /// A fresh searcher of the same shape and settings (the work space is not copied).
    fn clone(&self) -> Searcher {
        let mut s = Searcher::new(self.shape);
        s.solver.set_locked(self.solver.locked());
        s.solver.set_search_budget(self.solver.search_budget());
        s
    }
}

impl Searcher {
    /// A searcher for grids of `shape`, with no budget.
    pub fn new(shape: Shape) -> Searcher {
        let mut solver = Solver::new(shape, u64::MAX);
        // Branches follow the value order given, cell by cell.
        solver.set_unit_branch(false);
        Searcher {
            shape,
            solver,
            settled: None,
        }
    }

    /// The shape it searches.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every node (value placed by a search, its propagation or its probes, or by
    /// [`Searcher::propagate`]) since the searcher was made: what the searches cost.
    pub fn nodes(&self) -> u64 {
        self.solver.total_nodes()
    }

    /// Adds the nodes of later searches to `progress` as they go (every 65,536 or so, and
    /// when the next puzzle is set up), for a caller showing progress from another thread;
    /// `None`: no counter.
    pub fn set_progress(&mut self, progress: Option<Arc<AtomicU64>>) {
        self.solver.set_progress(progress);
    }

    /// Sets the node budget (values placed) of each later search; `None`: no limit.
    pub fn set_budget(&mut self, budget: Option<u64>) {
        self.solver.set_search_budget(budget.unwrap_or(u64::MAX));
    }

    /// Places the givens of `puzzle` and propagates: naked and hidden singles, and box-line
    /// reductions (pointing and claiming) too when `box_line`. No search.
    ///
    /// # Panics
    ///
    /// If `puzzle` is not of the searcher's shape.
    pub fn propagate(&mut self, puzzle: &Grid, box_line: bool) -> Propagated {
        let locked = self.solver.locked();
        self.solver.set_locked(box_line);
        let settled = self.settle(puzzle);
        self.solver.set_locked(locked);
        match settled {
            false => Propagated::Contradiction,
            true if self.solver.is_full(0) => Propagated::Solved,
            true => Propagated::Open,
        }
    }

    /// The value of `cell` (reading order index) in the puzzle as the last
    /// [`Searcher::propagate`] left it: `Some` when propagation placed it (or it was given),
    /// `None` when it is open, or when no propagation is on record (none yet, a
    /// contradiction, or a search ran since).
    ///
    /// # Panics
    ///
    /// If `cell` is not a cell of the shape.
    pub fn propagated_value(&self, cell: usize) -> Option<u8> {
        assert!(cell < self.shape.cells(), "cell {cell} out of range");
        match &self.settled {
            Some((_, _, true)) => Some(self.solver.value(0, cell)).filter(|&v| v != 0),
            _ => None,
        }
    }

    /// The first solution of `puzzle` with the values of each branch tried in `order`.
    ///
    /// # Panics
    ///
    /// If `puzzle` is not of the searcher's shape, or `order` answers a value that is not
    /// untried (in debug builds).
    pub fn first(&mut self, puzzle: &Grid, mut order: impl ValueOrder) -> Found {
        if !self.settle(puzzle) {
            return Found::NoSolution;
        }
        self.search_from(0, &mut order)
    }

    /// A solution of `puzzle` that differs from `known` in one of `cells` (reading order
    /// indices), if there is one.
    ///
    /// The cells are taken in turn: a solution where the cell differs from `known` is looked
    /// for (values of `known` tried first, so most wrong turns die in propagation), then the
    /// cell gets `known`'s value for the cells after it. The budget applies to each cell's
    /// search.
    ///
    /// When `puzzle` comes from a puzzle whose only solution is `known` by emptying `cells`,
    /// [`Found::NoSolution`] means `puzzle` has `known` as its only solution too: a second
    /// solution would have to differ from `known` in an emptied cell. This is far cheaper
    /// than counting solutions.
    ///
    /// # Panics
    ///
    /// If `puzzle` or `known` is not of the searcher's shape, `known` has an empty cell
    /// among `cells`, or a cell is out of range.
    pub fn differing(
        &mut self,
        puzzle: &Grid,
        known: &Grid,
        cells: impl IntoIterator<Item = usize>,
    ) -> Found {
        assert_eq!(known.shape(), self.shape, "known grid of another shape");
        if !self.settle(puzzle) {
            return Found::NoSolution;
        }
        let known = known.values();
        for c in cells {
            let want = known[c];
            assert!(want != 0, "the known grid has no value in cell {c}");
            match self.solver.value(0, c) {
                0 => {
                    if self.solver.branch_without(0, c, want) {
                        match self.search_from(1, &mut KnownFirst(known)) {
                            Found::NoSolution => {}
                            found => return found,
                        }
                    }
                    // Every solution has `want` in `c` now (if none can, there is none).
                    self.settled = None;
                    if !self.solver.place(0, c, want) {
                        return Found::NoSolution;
                    }
                }
                v if v != want => return self.search_from(0, &mut KnownFirst(known)),
                _ => {}
            }
        }
        Found::NoSolution
    }

    /// Level 0 from `puzzle`; `false` when it has no solution.
    fn settle(&mut self, puzzle: &Grid) -> bool {
        assert_eq!(puzzle.shape(), self.shape, "puzzle of another shape");
        let locked = self.solver.locked();
        if let Some((values, was_locked, ok)) = &self.settled {
            if *was_locked == locked && values[..] == puzzle.values()[..] {
                return *ok;
            }
        }
        // The engine needs givens that do not clash.
        let ok = puzzle.check().is_ok() && self.solver.settle(puzzle);
        let mut values = self.settled.take().map(|s| s.0).unwrap_or_default();
        values.clear();
        values.extend_from_slice(puzzle.values());
        self.settled = Some((values, locked, ok));
        ok
    }

    /// The first solution found from the propagated, consistent `level`.
    fn search_from<O: ValueOrder + ?Sized>(&mut self, level: usize, order: &mut O) -> Found {
        if level == 0 {
            // Probing may force values at the level searched from: level 0 is no longer
            // what propagation alone made of the puzzle.
            self.settled = None;
        }
        let mut r = SearchResult::default();
        self.solver.start_search();
        self.solver.search(level, 1, &mut r, order);
        match r.first {
            Some(g) => Found::Solution(g),
            None if r.budget_hit => Found::Budget,
            None => Found::NoSolution,
        }
    }
}
