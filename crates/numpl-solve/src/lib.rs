//! numpl-solve: three ways to solve a Number Place puzzle of any shape, behind one API.
//!
//! - [`Algorithm::Full`]: plain backtracking: blank cells in reading order, smallest
//!   value first, step back when nothing fits. The reference; bounded by a node budget.
//! - [`Algorithm::Fast`]: bitmask search with singles propagation and minimum-remaining-
//!   values branching, with a dedicated 9x9 path. The default.
//! - [`Algorithm::Human`]: the technique solver ([`human`], [`HumanSolver`]): never
//!   guesses, reports which techniques fired and how often, and keeps every step for
//!   explanations.
//!
//! [`Searcher`] opens the fast engine to callers that steer it (the generator): a
//! value-order hook, a node budget, and searches for a solution that differs from a known
//! one.
//!
//! Every algorithm can look for up to K solutions, so [`solve`] tells a unique puzzle
//! ([`Status::Solved`]) from one with several ([`Status::Multiple`]) or none.
//!
//! ```
//! use numpl_core::{parse_one, ParseOptions};
//! use numpl_solve::{solve, Algorithm, SolveOptions, Status};
//!
//! let p = parse_one(
//!     ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
//!     &ParseOptions::default(),
//! ).unwrap();
//! let out = solve(&p, Algorithm::Fast, &SolveOptions::default());
//! assert_eq!(out.status, Status::Solved);
//! assert!(out.solution.unwrap().is_solution_of(&p));
//! ```

mod fast;
mod full;
pub mod human;
mod nine;
mod searcher;

use numpl_core::Grid;

pub use human::{Board, ChainNode, HumanReport, HumanSolver, HumanStatus, Level, Step, Technique};
pub use searcher::{Found, KnownFirst, LowestFirst, Propagated, Searcher, ValueOrder};

/// Which algorithm to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// Plain backtracking in reading order.
    Full,
    /// Bitmask search with propagation and MRV branching.
    #[default]
    Fast,
    /// Human techniques only, no guessing.
    Human,
}

impl Algorithm {
    /// Every algorithm, in the order `full`, `fast`, `human`.
    pub const ALL: [Algorithm; 3] = [Algorithm::Full, Algorithm::Fast, Algorithm::Human];

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Full => "full",
            Algorithm::Fast => "fast",
            Algorithm::Human => "human",
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Algorithm, String> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| format!("unknown algorithm `{s}` (full, fast, human)"))
    }
}

/// How a solve ended; the same words are the CLI's status words and JSON `status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Exactly one solution (or, with `limit == 1`, a solution was found).
    Solved,
    /// Two or more solutions.
    Multiple,
    /// No solution.
    Unsolvable,
    /// The human solver could go no further.
    Stuck,
    /// The search stopped at its node budget.
    Budget,
}

impl Status {
    /// The JSON name of the status.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Multiple => "multiple",
            Status::Unsolvable => "unsolvable",
            Status::Stuck => "stuck",
            Status::Budget => "budget",
        }
    }
}

/// Options for [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// How many solutions to look for: 2 (the default) tells unique from multiple;
    /// 1 stops at the first (`--first`).
    pub limit: usize,
    /// Search nodes (values tried) after which `full` and `fast` stop with `Budget`.
    /// `None`: unbounded for `fast`, [`DEFAULT_FULL_BUDGET`] for `full`.
    pub budget: Option<u64>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            limit: 2,
            budget: None,
        }
    }
}

/// The node budget of the full search when none is given: about a second or two of work.
pub const DEFAULT_FULL_BUDGET: u64 = 50_000_000;

/// What a search found (the raw result of `full` and `fast`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// The first solution found.
    pub first: Option<Grid>,
    /// Search nodes visited (values placed by search or propagation).
    pub nodes: u64,
    /// Guesses: branching decisions with more than one choice.
    pub guesses: u64,
    /// Whether the search stopped at its budget before finishing.
    pub budget_hit: bool,
}

/// The result of [`solve`], the same kind for every algorithm.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// A solution (for `Solved` and `Multiple`).
    pub solution: Option<Grid>,
    /// How far the human solver got (for `Stuck`).
    pub grid: Option<Grid>,
    /// Guesses made by search (0 for `human`).
    pub guesses: u64,
    /// Search nodes (0 for `human`).
    pub nodes: u64,
    /// The human solver's report (for `human`).
    pub report: Option<HumanReport>,
}

/// Solves `puzzle` with `algo`. The puzzle's givens must not conflict ([`Grid::check`]);
/// a conflicting puzzle is reported `Unsolvable`.
pub fn solve(puzzle: &Grid, algo: Algorithm, opts: &SolveOptions) -> Outcome {
    let limit = opts.limit.max(1);
    let search = |r: SearchResult| {
        let status = if r.count >= 2 {
            Status::Multiple
        } else if r.budget_hit {
            Status::Budget
        } else if r.count == 1 {
            Status::Solved
        } else {
            Status::Unsolvable
        };
        Outcome {
            status,
            solution: r.first,
            grid: None,
            guesses: r.guesses,
            nodes: r.nodes,
            report: None,
        }
    };
    // `fast::search` deals with clashing givens itself (no solution, no work).
    if algo != Algorithm::Fast && puzzle.check().is_err() {
        return search(SearchResult::default());
    }
    match algo {
        Algorithm::Full => search(full::search(
            puzzle,
            limit,
            opts.budget.unwrap_or(DEFAULT_FULL_BUDGET),
        )),
        Algorithm::Fast => search(fast::search(puzzle, limit, opts.budget.unwrap_or(u64::MAX))),
        Algorithm::Human => {
            // Uniqueness techniques (unique rectangles, BUG+1) are sound only when the
            // puzzle has exactly one solution.
            let unique = count_solutions(puzzle, 2) == 1;
            let report = HumanSolver::new().assume_unique(unique).solve(puzzle);
            let status = report.status.status();
            let (solution, grid) = match report.status {
                HumanStatus::Solved => (Some(report.grid.clone()), None),
                HumanStatus::Contradiction => (None, None),
                HumanStatus::Stuck => (None, Some(report.grid.clone())),
            };
            Outcome {
                status,
                solution,
                grid,
                guesses: 0,
                nodes: 0,
                report: Some(report),
            }
        }
    }
}

/// Counts the solutions of `puzzle`, stopping at `limit` (fast search, no budget).
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    fast::search(puzzle, limit.max(1), u64::MAX).count
}

/// The general (any shape) fast search, bypassing the dedicated 9x9 path: up to `limit`
/// solutions, no budget. For cross-checks of the 9x9 path (tests, `cargo xtask bench --check`).
#[doc(hidden)]
pub fn count_solutions_general(puzzle: &Grid, limit: usize) -> SearchResult {
    if puzzle.check().is_err() {
        return SearchResult::default();
    }
    fast::general(puzzle, limit.max(1), u64::MAX)
}
