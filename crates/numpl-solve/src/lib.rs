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
//! [`backtracks`] counts the guesses tdoku's solver makes on a 9x9 puzzle (a rating: the
//! sudoku-extreme data set's `rating`), by tdoku's own search.
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

#![warn(missing_docs)]
// `unsafe` only where a module says why (the 9x9 solver's instruction-set builds and
// SIMD: `nine/isa.rs`, `nine/search.rs`, `nine/simd.rs`).
#![deny(unsafe_code)]

pub mod backtracks;
mod fast;
mod full;
pub mod human;
mod nine;
pub mod puzzle;
pub mod se;
pub mod variant;

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use numpl_core::{Cell, Grid, Mask, Shape};

pub use fast::{Found, KnownFirst, LowestFirst, Propagated, Searcher, ValueOrder};
pub use human::{
    Board, ChainNode, HumanReport, HumanSolver, HumanStatus, Level, Step, Technique, TechniqueTime,
};

/// Which algorithm to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
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
    type Err = ParseNameError;

    /// `full`, `fast` or `human`.
    ///
    /// # Errors
    ///
    /// [`ParseNameError`] for any other text.
    fn from_str(s: &str) -> Result<Algorithm, ParseNameError> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| ParseNameError::new(NameKind::Algorithm, s))
    }
}

/// What kind of name [`ParseNameError`] could not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NameKind {
    /// An [`Algorithm`].
    Algorithm,
    /// A [`Level`].
    Level,
    /// A [`Technique`].
    Technique,
}

/// A name that is not one of an algorithm, a level or a technique (from `FromStr`).
///
/// ```
/// use numpl_solve::{Algorithm, NameKind};
///
/// let err = "quick".parse::<Algorithm>().unwrap_err();
/// assert_eq!(err.kind(), NameKind::Algorithm);
/// assert_eq!(err.name(), "quick");
/// assert_eq!(err.to_string(), "unknown algorithm `quick` (full, fast, human)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError {
    kind: NameKind,
    name: String,
}

impl ParseNameError {
    pub(crate) fn new(kind: NameKind, name: &str) -> ParseNameError {
        ParseNameError {
            kind,
            name: name.to_string(),
        }
    }

    /// What kind of name was expected.
    pub fn kind(&self) -> NameKind {
        self.kind
    }

    /// The text given.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl std::fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = &self.name;
        match self.kind {
            NameKind::Algorithm => write!(f, "unknown algorithm `{s}` (full, fast, human)"),
            NameKind::Level => write!(
                f,
                "unknown level `{s}` (easy, medium, hard, unfair, extreme)"
            ),
            NameKind::Technique => write!(
                f,
                "unknown technique `{s}` (e.g. hidden_single, x_wing, xy_wing, naked_tuple_5)"
            ),
        }
    }
}

impl std::error::Error for ParseNameError {}

/// How a solve ended; the same words are the CLI's status words and JSON `status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
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

/// Options for [`solve`], built from [`SolveOptions::new`] (the default: tell unique from
/// multiple, within the algorithm's [`default_budget`], every technique on by default).
///
/// ```
/// use numpl_solve::{SolveOptions, Technique};
///
/// let opts = SolveOptions::new().limit(1).budget(Some(1_000_000));
/// assert_eq!((opts.limit, opts.budget), (1, Some(1_000_000)));
/// // The human solver without XY-Wings.
/// let opts = SolveOptions::new().enable(Technique::XyWing, false);
/// assert!(!opts.human().allows(Technique::XyWing));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolveOptions {
    /// How many solutions to look for: 2 (the default) tells unique from multiple;
    /// 1 stops at the first (`--first`).
    pub limit: usize,
    /// Search nodes (values placed) after which the search stops with `Budget` (for
    /// `human`: the uniqueness count before the techniques). `None`: [`default_budget`];
    /// `Some(u64::MAX)`: no limit.
    pub budget: Option<u64>,
    /// Techniques of the human solver turned on (`true`) or off (`false`) against their
    /// defaults ([`Technique::on_by_default`]; `--enable`, `--disable`), in the order
    /// given: a later entry for the same technique wins. Empty: the defaults.
    pub techniques: Vec<(Technique, bool)>,
    /// The human solver stops as soon as the level is certain (`rate --level-only`,
    /// [`HumanSolver::level_only`]): a unique puzzle it stops early is still
    /// [`Status::Solved`] (with the search's solution) and its report ends
    /// [`HumanStatus::Rated`]. Off by default.
    pub level_only: bool,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions::new()
    }
}

impl SolveOptions {
    /// The default options: limit 2, the default budget.
    pub const fn new() -> SolveOptions {
        SolveOptions {
            limit: 2,
            budget: None,
            techniques: Vec::new(),
            level_only: false,
        }
    }

    /// Turns a technique of the human solver on or off ([`HumanSolver::enable`]): techniques
    /// off by default ([`Technique::on_by_default`]) may be turned on, any may be turned off.
    #[must_use]
    pub fn enable(mut self, t: Technique, on: bool) -> SolveOptions {
        self.techniques.retain(|&(x, _)| x != t);
        self.techniques.push((t, on));
        self
    }

    /// Whether `t`, on by default, is turned off here.
    fn turned_off(&self, t: Technique) -> bool {
        t.on_by_default()
            && self
                .techniques
                .iter()
                .rev()
                .find(|&&(x, _)| x == t)
                .is_some_and(|&(_, on)| !on)
    }

    /// The human solver these options ask for: [`HumanSolver::new`] with
    /// [`techniques`](SolveOptions::techniques) turned on or off (what `solve_human`,
    /// `solve_position_human` and `solve` with [`Algorithm::Human`] start from; hints too).
    pub fn human(&self) -> HumanSolver {
        self.techniques
            .iter()
            .fold(HumanSolver::new(), |s, &(t, on)| s.enable(t, on))
            .level_only(self.level_only)
    }

    /// Whether the human solver stops as soon as the level is certain (see
    /// [`SolveOptions::level_only`]).
    #[must_use]
    pub const fn level_only(mut self, on: bool) -> SolveOptions {
        self.level_only = on;
        self
    }

    /// How many solutions to look for (1: stop at the first; 2: tell unique from multiple).
    /// 0 counts as 1.
    #[must_use]
    pub const fn limit(mut self, limit: usize) -> SolveOptions {
        self.limit = limit;
        self
    }

    /// The node budget (`None`: [`default_budget`]; `Some(u64::MAX)`: no limit).
    #[must_use]
    pub const fn budget(mut self, budget: Option<u64>) -> SolveOptions {
        self.budget = budget;
        self
    }
}

/// The node budget of the full search when none is given: about a second or two of work.
pub const DEFAULT_FULL_BUDGET: u64 = 50_000_000;

/// What a search found (the raw result of `full` and `fast`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
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

/// The result of [`solve`], the same kind for every algorithm. Read its fields; the
/// rating is [`Outcome::rating`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// A solution (for `Solved` and `Multiple`).
    pub solution: Option<Grid>,
    /// Where the human solver stopped, its values placed so far (for `Stuck`); the
    /// report's [`HumanReport::candidates`] are its candidates there.
    pub stuck_at: Option<Grid>,
    /// Guesses made by search (0 for `human`).
    pub guesses: u64,
    /// Search nodes (0 for `human`).
    pub nodes: u64,
    /// The human solver's report (for `human`).
    pub report: Option<HumanReport>,
}

/// A puzzle's rating on HoDoKu's scale ([`Outcome::rating`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rating {
    /// The level of the hardest step.
    pub level: Level,
    /// The score of every step; `None` when the solve stopped once the level was certain
    /// ([`SolveOptions::level_only`]), before the score was known.
    pub score: Option<u32>,
}

impl Outcome {
    /// The human solver's rating, for a puzzle it rated: one that ended
    /// [`Status::Solved`], or [`Status::Stuck`] within a technique limit (rated on the
    /// steps taken). A puzzle with no solution or several, or one a search solved, has
    /// none (the report's techniques still say what logic did before it stopped).
    ///
    /// ```
    /// use numpl_core::{parse_one, ParseOptions};
    /// use numpl_solve::{solve, Algorithm, SolveOptions};
    ///
    /// let p = parse_one(
    ///     ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
    ///     &ParseOptions::default(),
    /// ).unwrap();
    /// let out = solve(&p, Algorithm::Human, &SolveOptions::default());
    /// assert!(out.rating().unwrap().score.unwrap() > 0);
    /// // The fast search solves without rating.
    /// assert!(solve(&p, Algorithm::Fast, &SolveOptions::default()).rating().is_none());
    /// ```
    pub fn rating(&self) -> Option<Rating> {
        match self.status {
            Status::Solved | Status::Stuck => self.report.as_ref().map(HumanReport::rating),
            _ => None,
        }
    }

    /// How often each technique was used, in order of difficulty, when the human solver
    /// ran to its end (for every status, so that a puzzle with several solutions shows
    /// what logic did); `None` for a search, or a solve stopped once the level was certain.
    pub fn techniques(&self) -> Option<&std::collections::BTreeMap<Technique, u32>> {
        self.report
            .as_ref()
            .filter(|r| r.whole())
            .map(|r| &r.counts)
    }
}

impl HumanReport {
    /// The rating of the steps this report holds: their level, and their score when the
    /// solve ran to its end ([`HumanReport::whole`]).
    pub fn rating(&self) -> Rating {
        Rating {
            level: self.level,
            score: self.whole().then_some(self.score),
        }
    }
}

/// Solves `puzzle` with `algo`. The puzzle's givens must not conflict ([`Grid::check`]);
/// a conflicting puzzle is reported `Unsolvable`. The search stops with
/// [`Status::Budget`] after [`SolveOptions::budget`] nodes ([`default_budget`] when it is
/// `None`). See the crate documentation for an example.
pub fn solve(puzzle: &Grid, algo: Algorithm, opts: &SolveOptions) -> Outcome {
    solve_inner(puzzle, algo, opts, None)
}

/// [`solve`], adding the search nodes it visits to `nodes` as it goes (every 65,536 nodes
/// or so, and at the end), so that another thread can show how a long solve is getting
/// on. The 9x9 path, done in microseconds, only adds nothing.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::sync::Arc;
/// use numpl_core::{Grid, Shape};
/// use numpl_solve::{solve_counted, Algorithm, SolveOptions, Status};
///
/// let nodes = Arc::new(AtomicU64::new(0));
/// let empty = Grid::empty(Shape::new(4, 4).unwrap());
/// let out = solve_counted(&empty, Algorithm::Fast, &SolveOptions::new(), &nodes);
/// assert_eq!(out.status, Status::Multiple);
/// assert_eq!(nodes.load(Ordering::Relaxed), out.nodes);
/// ```
pub fn solve_counted(
    puzzle: &Grid,
    algo: Algorithm,
    opts: &SolveOptions,
    nodes: &Arc<AtomicU64>,
) -> Outcome {
    solve_inner(puzzle, algo, opts, Some(nodes))
}

/// The node budget of a solve with `algo` on `shape` when [`SolveOptions::budget`] is
/// `None`: search nodes (values placed), not time, so that the same puzzle ends the same
/// way on any machine and under any load.
///
/// - `fast`: [`DEFAULT_FAST_BUDGET`] (on a 2-core machine of 2026 a
///   16x16 visits about 10 million nodes a second, a 64x64 about a million, so this is
///   seconds on small big grids and about two minutes at worst on 64x64; every random
///   16x16 and 25x25 of `cargo xtask bigbench` needs far less);
/// - `full`: [`DEFAULT_FULL_BUDGET`] (plain backtracking, a second or two);
/// - `human`: the techniques themselves do not search; the uniqueness count before them
///   (uniqueness techniques are sound only on a unique puzzle) gets `fast`'s budget.
pub fn default_budget(algo: Algorithm, shape: Shape) -> u64 {
    let _ = shape;
    match algo {
        Algorithm::Full => DEFAULT_FULL_BUDGET,
        Algorithm::Fast | Algorithm::Human => DEFAULT_FAST_BUDGET,
    }
}

/// The node budget of `fast` (and of `human`'s uniqueness count) when none is given.
pub const DEFAULT_FAST_BUDGET: u64 = 100_000_000;

fn solve_inner(
    puzzle: &Grid,
    algo: Algorithm,
    opts: &SolveOptions,
    progress: Option<&Arc<AtomicU64>>,
) -> Outcome {
    let limit = opts.limit.max(1);
    let budget = opts
        .budget
        .unwrap_or_else(|| default_budget(algo, puzzle.shape()));
    let search = search_outcome;
    // `fast::search` deals with clashing givens itself (no solution, no work).
    if algo != Algorithm::Fast && puzzle.check().is_err() {
        return search(SearchResult::default());
    }
    match algo {
        Algorithm::Full => search(full::search(puzzle, limit, budget, progress)),
        Algorithm::Fast => search(fast::search_counted(puzzle, limit, budget, progress)),
        Algorithm::Human => {
            let r = fast::search_counted(puzzle, 2, budget, progress);
            human_judged(r, None, Board::new(puzzle), opts)
        }
    }
}

/// The human solver's rating of a puzzle, as [`solve`] with [`Algorithm::Human`] gives it
/// when `max` is None: `solved` with every technique and, when logic runs out, brute force
/// (so every unique puzzle is solved, rated and scored); `unsolvable` and `multiple` as the
/// fast solver counts them (the report says how far logic got). With `max` (e.g.
/// [`Technique::ForcingNet`] for logic only) the solver stops there, and a unique puzzle
/// it cannot finish ends [`Status::Stuck`], scored on the steps it took, its level at
/// least that of the first technique past `max` (it needed more than `max` allows).
/// [`SolveOptions::techniques`] turn techniques on or off ([`SolveOptions::human`]); a
/// puzzle stuck without a technique turned off is at least as hard as that one. The count runs
/// within `opts`' budget ([`default_budget`] when it is `None`); a count that runs out
/// before it can tell ends [`Status::Budget`], without a rating.
pub fn solve_human(puzzle: &Grid, max: Option<Technique>, opts: &SolveOptions) -> Outcome {
    if puzzle.check().is_err() {
        return Outcome {
            status: Status::Unsolvable,
            solution: None,
            stuck_at: None,
            guesses: 0,
            nodes: 0,
            report: None,
        };
    }
    // The fast solver first: uniqueness techniques (unique rectangles, BUG+1) are
    // sound only when the puzzle has exactly one solution, and brute force places
    // that solution's values when logic runs out, so every unique puzzle ends
    // solved. A puzzle with no solution or several is said so, whatever logic found
    // (its report says how far logic got).
    let budget = opts
        .budget
        .unwrap_or_else(|| default_budget(Algorithm::Human, puzzle.shape()));
    let r = fast::search(puzzle, 2, budget);
    human_judged(r, max, Board::new(puzzle), opts)
}

/// The human solver on `board` (with `opts`' techniques), judged by the fast search's
/// count `r` of its solutions (see [`solve_human`]).
fn human_judged(
    r: SearchResult,
    max: Option<Technique>,
    board: Board,
    opts: &SolveOptions,
) -> Outcome {
    // The count ran out of its budget before it could say: no rating either (the
    // techniques' soundness and brute force both need the count).
    if r.budget_hit && r.count < 2 {
        return Outcome {
            status: Status::Budget,
            solution: None,
            stuck_at: None,
            guesses: r.guesses,
            nodes: r.nodes,
            report: None,
        };
    }
    let solver = match (r.count, &r.first) {
        (1, Some(sol)) => opts.human().with_solution(sol.clone()),
        _ => opts.human(),
    };
    let solver = match max {
        Some(t) => solver.with_max(t),
        None => solver,
    };
    let n = board.shape().size();
    let mut report = solver.solve_board(board);
    // Stuck within a technique limit or without a technique turned off: the puzzle needs
    // something left out, so it is at least as hard as the easiest technique the limit or
    // `--disable` left out (never "easy" for a puzzle that no allowed technique could
    // even start).
    if report.status == HumanStatus::Stuck {
        let left_out = |u: Technique| max.is_some_and(|m| u > m) || opts.turned_off(u);
        if let Some(next) = Technique::all_for(n).into_iter().find(|&u| left_out(u)) {
            report.level = report.level.max(next.level());
        }
    }
    let (status, solution, stuck_at) = match (r.count, report.status) {
        (0, _) => (Status::Unsolvable, None, None),
        (1, HumanStatus::Solved) => (Status::Solved, Some(report.grid.clone()), None),
        // Stopped once the level was certain: the search's solution.
        (1, HumanStatus::Rated) => (Status::Solved, r.first.clone(), None),
        (1, HumanStatus::Stuck) => (Status::Stuck, None, Some(report.grid.clone())),
        (1, HumanStatus::Contradiction) => (Status::Unsolvable, None, None),
        _ => (Status::Multiple, r.first, None),
    };
    Outcome {
        status,
        solution,
        stuck_at,
        guesses: 0,
        nodes: 0,
        report: Some(report),
    }
}

/// Solves a position: `puzzle`'s givens with every cell's candidates cut to `marks` (one
/// mask per cell, as [`numpl_core::Parsed::marks`] holds them; a filled cell's mask must
/// hold its value). A solution must keep every cell within its marks, so a position whose
/// marks lost the solution's value is [`Status::Unsolvable`], and one whose marks still
/// allow several solutions is [`Status::Multiple`]. `human` starts from the position
/// ([`position_board`]). `fast` goes through the general engine (the 9x9 bitboard solver
/// takes no marks).
///
/// # Panics
///
/// When `marks` has fewer masks than the grid has cells.
///
/// ```
/// use numpl_core::{parse_first, ParseOptions};
/// use numpl_solve::{solve_position, Algorithm, SolveOptions, Status};
///
/// let seed = ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
/// let p = parse_first(seed, &ParseOptions::default()).unwrap();
/// let mut marks = p.candidates();
/// let opts = SolveOptions::default();
/// let out = solve_position(p.grid(), &marks, Algorithm::Fast, &opts);
/// assert_eq!(out.status, Status::Solved);
/// // Take the solution's value out of r1c1's marks: no solution is left.
/// let v = out.solution.unwrap().get(0);
/// marks[0].remove(v);
/// assert_eq!(solve_position(p.grid(), &marks, Algorithm::Fast, &opts).status, Status::Unsolvable);
/// ```
pub fn solve_position(
    puzzle: &Grid,
    marks: &[Mask],
    algo: Algorithm,
    opts: &SolveOptions,
) -> Outcome {
    let limit = opts.limit.max(1);
    let bits = mask_bits(puzzle, marks);
    // A value outside its own cell's marks, or clashing givens: no solution.
    let clean = position_is_clean(puzzle, &bits);
    let search = search_outcome;
    if !clean && algo != Algorithm::Human {
        return search(SearchResult::default());
    }
    match algo {
        Algorithm::Full => search(full::search_masked(
            puzzle,
            Some(&bits),
            limit,
            opts.budget.unwrap_or(DEFAULT_FULL_BUDGET),
            None,
        )),
        Algorithm::Fast => search(fast::search_masked(
            puzzle,
            &bits,
            limit,
            opts.budget.unwrap_or(DEFAULT_FAST_BUDGET),
        )),
        Algorithm::Human => solve_position_human(puzzle, marks, None, opts),
    }
}

/// The human solver on a position (see [`solve_position`]), judged as [`solve_human`]
/// judges a puzzle: `max` limits the techniques as there.
///
/// # Panics
///
/// When `marks` has fewer masks than the grid has cells.
pub fn solve_position_human(
    puzzle: &Grid,
    marks: &[Mask],
    max: Option<Technique>,
    opts: &SolveOptions,
) -> Outcome {
    let bits = mask_bits(puzzle, marks);
    let r = if position_is_clean(puzzle, &bits) {
        fast::search_masked(puzzle, &bits, 2, opts.budget.unwrap_or(DEFAULT_FAST_BUDGET))
    } else {
        SearchResult::default()
    };
    human_judged(r, max, position_board(puzzle, marks), opts)
}

/// Counts the solutions of a position (see [`solve_position`]), stopping at `limit`.
///
/// # Panics
///
/// When `marks` has fewer masks than the grid has cells.
pub fn count_position_solutions(puzzle: &Grid, marks: &[Mask], limit: usize) -> usize {
    let bits = mask_bits(puzzle, marks);
    if !position_is_clean(puzzle, &bits) {
        return 0;
    }
    fast::search_masked(puzzle, &bits, limit.max(1), u64::MAX).count
}

/// The marks of a position as bits, one word per cell.
fn mask_bits(puzzle: &Grid, marks: &[Mask]) -> Vec<u64> {
    marks[..puzzle.values().len()]
        .iter()
        .map(|m| m.bits())
        .collect()
}

/// Whether the givens do not clash and each lies within its own cell's marks (else the
/// position has no solution).
fn position_is_clean(puzzle: &Grid, bits: &[u64]) -> bool {
    puzzle.check().is_ok()
        && puzzle
            .values()
            .iter()
            .zip(bits)
            .all(|(&v, &m)| v == 0 || m >> (v - 1) & 1 == 1)
}

/// The human solver's board of a position: the board of `puzzle`'s givens
/// ([`Board::new`]), with every open cell's candidates outside its marks eliminated.
///
/// # Panics
///
/// When `marks` has fewer masks than the grid has cells.
pub fn position_board(puzzle: &Grid, marks: &[Mask]) -> Board {
    let mut board = Board::new(puzzle);
    let n = puzzle.size() as u8;
    for (i, (&v, m)) in puzzle.values().iter().zip(marks).enumerate() {
        if v == 0 {
            for value in 1..=n {
                if !m.contains(value) {
                    board.eliminate(Cell::new(i as u16), value);
                }
            }
        } else if !m.contains(v) {
            // A value outside its own marks: nothing can be right.
            board.set(Cell::new(i as u16), v);
        }
    }
    board
}

/// The outcome of a search: solved, multiple, unsolvable or out of budget.
fn search_outcome(r: SearchResult) -> Outcome {
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
        stuck_at: None,
        guesses: r.guesses,
        nodes: r.nodes,
        report: None,
    }
}

/// Counts the solutions of `puzzle`, stopping at `limit` (fast search, no budget).
///
/// ```
/// use numpl_core::{Grid, Shape};
/// use numpl_solve::count_solutions;
///
/// let empty = Grid::empty(Shape::new(2, 2).unwrap());
/// assert_eq!(count_solutions(&empty, 1000), 288); // every 4x4 grid
/// ```
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    fast::search(puzzle, limit.max(1), u64::MAX).count
}

#[cfg(feature = "dev")]
pub use fast::Tuning;

/// The general fast search with the parts `tuning` switches on: up to `limit` solutions
/// within `budget` nodes. Not for the 9x9 path.
#[cfg(feature = "dev")]
#[doc(hidden)]
pub fn count_solutions_tuned(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    tuning: &Tuning,
) -> SearchResult {
    if puzzle.check().is_err() {
        return SearchResult::default();
    }
    fast::general_tuned(puzzle, limit, budget, tuning)
}

/// The general (any shape) fast search, bypassing the dedicated 9x9 path: up to `limit`
/// solutions, no budget. For cross-checks of the 9x9 path (tests, `cargo xtask bench --check`).
#[cfg(feature = "dev")]
#[doc(hidden)]
pub fn count_solutions_general(puzzle: &Grid, limit: usize) -> SearchResult {
    if puzzle.check().is_err() {
        return SearchResult::default();
    }
    fast::general(puzzle, limit.max(1), u64::MAX)
}
