//! Variant puzzles (killer, jigsaw, X, thermo, arrow, kropki, ... see
//! [`numpl_core::variant`]): their own engine, since the classic solvers know rows,
//! columns and boxes only. A classic puzzle never comes here (the 9x9 fast path is
//! untouched); the one puzzle API ([`crate::puzzle`]) sends a [`Parsed`](numpl_core::Parsed)
//! with a variant to [`solve`] and [`count`].
//!
//! `rules/` compiles the constraints into the engine's model (one file per constraint,
//! one line in `rules/mod.rs`); `engine.rs` propagates and searches.

mod engine;
pub(crate) mod logic;
pub(crate) mod rules;

use numpl_core::variant::Variant;
use numpl_core::Grid;

use crate::{default_budget, Algorithm, Level, Outcome, SolveOptions, Status};

pub use logic::{VariantRated, VariantStep, VariantTechnique};

/// Solves `givens` under `variant`'s rules: up to `opts.limit` solutions (2 tells unique
/// from multiple) within `opts.budget` nodes. Every algorithm comes here: the variant
/// engine is the one search for variants (the step-by-step solver, [`rate`], explains
/// them).
///
/// ```
/// use numpl_core::variant::json;
/// use numpl_solve::{variant, SolveOptions, Status};
///
/// // A 4x4 with a 2-cell cage of 7, a thermometer and one given: twelve solutions.
/// let p = json::read(r#"{"box":"2x2","givens":"1...............","constraints":[{"type":"cage","sum":7,"cells":["r1c2","r2c2"]},{"type":"thermo","cells":["r2c1","r3c1","r4c1"]}]}"#).unwrap();
/// let out = variant::solve(&p.givens, &p.variant, &SolveOptions::default());
/// assert_eq!(out.status, Status::Multiple);
/// assert!(p.variant.violation(out.solution.as_ref().unwrap()).is_none());
/// assert_eq!(variant::count(&p.givens, &p.variant, 100), 12);
/// ```
pub fn solve(givens: &Grid, variant: &Variant, opts: &SolveOptions) -> Outcome {
    let budget = opts
        .budget
        .unwrap_or_else(|| default_budget(Algorithm::Fast, variant.shape()));
    let model = rules::compile(givens, variant);
    let limit = opts.limit.max(1);
    let found = model.search(limit, budget);
    let status = match found.solutions.len() {
        _ if found.out_of_budget && found.solutions.len() < limit => Status::Budget,
        0 => Status::Unsolvable,
        1 => Status::Solved,
        _ => Status::Multiple,
    };
    Outcome {
        status,
        solution: found.solutions.into_iter().next(),
        stuck_at: None,
        guesses: found.guesses,
        nodes: found.nodes,
        report: None,
    }
}

/// Counts the solutions of `givens` under `variant`'s rules, stopping at `limit` (no
/// budget).
pub fn count(givens: &Grid, variant: &Variant, limit: usize) -> usize {
    rules::compile(givens, variant)
        .search(limit.max(1), u64::MAX)
        .solutions
        .len()
}

/// The groups of cells that never hold one value twice under `variant`'s rules, as the
/// engine compiles them: rows, columns, the houses ([`Variant::houses`]), every other
/// all-different group (killer cages, regions, renban lines ...), then, as groups of two,
/// the pairs of cells a rule keeps from holding the same value (anti-knight and anti-king
/// neighbours, thermometer neighbours, dots ...). What a player's grid is checked against
/// for clashes (the web page's highlighting), with no rule derived twice.
///
/// ```
/// use numpl_core::variant::json;
/// use numpl_solve::variant;
///
/// let p = json::read(r#"{"box":"2x2","constraints":[{"type":"cage","sum":7,"cells":["r1c2","r2c2"]}]}"#).unwrap();
/// let groups = variant::distinct_groups(&p.variant);
/// assert!(groups.contains(&vec![1, 5])); // the cage
/// assert!(groups.contains(&vec![0, 1, 2, 3])); // row 1
/// ```
pub fn distinct_groups(variant: &Variant) -> Vec<Vec<u16>> {
    rules::distinct_groups(variant)
}

/// Rates `givens` under `variant`'s rules step by step, as a player solves: the solution
/// is counted first (two tell unique from multiple, within `opts.budget`); a puzzle with
/// one solution is then solved with the variant techniques ([`VariantTechnique`], easiest
/// first), every step kept. `solved` with its level (the hardest technique's, numpl's
/// scale for variants) and score (the steps' scores added) when the steps finish it,
/// `stuck` where they stop; `multiple`, `unsolvable` or `budget` from the count.
///
/// ```
/// use numpl_core::variant::json;
/// use numpl_solve::{variant, Level, Status};
///
/// // A 4x4 killer with three givens: a 2-cell cage of 3 is 1+2, of 7 is 3+4.
/// let p = json::read(r#"{"box":"2x2","givens":"1.......21......","constraints":[
///   {"type":"cage","sum":3,"cells":["r1c1","r1c2"]},{"type":"cage","sum":7,"cells":["r1c3","r1c4"]},
///   {"type":"cage","sum":7,"cells":["r2c1","r2c2"]},{"type":"cage","sum":3,"cells":["r2c3","r2c4"]},
///   {"type":"cage","sum":6,"cells":["r3c1","r4c1"]},{"type":"cage","sum":4,"cells":["r3c2","r4c2"]},
///   {"type":"cage","sum":6,"cells":["r3c3","r4c3"]},{"type":"cage","sum":4,"cells":["r3c4","r4c4"]}]}"#).unwrap();
/// let rated = variant::rate(&p.givens, &p.variant, &Default::default());
/// assert_eq!(rated.status, Status::Solved);
/// assert_eq!(rated.level, Some(Level::Easy));
/// let first = rated.steps[0].describe(p.givens.shape());
/// assert_eq!(first, "Cage Combination: cage r1c1 (3 in 2 cells) is 1+2 => r1c2 <> 3/4");
/// ```
pub fn rate(givens: &Grid, variant: &Variant, opts: &SolveOptions) -> VariantRated {
    let counted = solve(givens, variant, &opts.clone().limit(2));
    let mut out = VariantRated {
        status: counted.status,
        solution: counted.solution,
        stuck_at: None,
        steps: Vec::new(),
        level: None,
        score: None,
    };
    if counted.status != Status::Solved {
        return out;
    }
    let logic = logic::Logic::new(variant);
    let (board, steps) = logic::run(&logic, givens, Level::Extreme);
    if board.full() {
        out.level = Some(
            steps
                .iter()
                .map(|s| s.technique.level())
                .max()
                .unwrap_or(Level::Easy),
        );
        out.score = Some(steps.iter().map(|s| s.technique.score()).sum());
    } else {
        out.status = Status::Stuck;
        out.stuck_at = Some(board.grid(variant.shape()));
    }
    out.steps = steps;
    out
}

/// The next step from `givens` (a puzzle, or a player's grid: givens and entries) under
/// `variant`'s rules, or the status that says why there is none, the one [`rate`] would
/// give: `solved` (no cell open), `budget`, `unsolvable` (no solution), `multiple`
/// (several solutions and no technique applies), `stuck` (one solution and no technique
/// applies). A puzzle with several solutions still gets the steps that hold whatever the
/// solution (every variant technique does).
pub fn hint(givens: &Grid, variant: &Variant, opts: &SolveOptions) -> Result<VariantStep, Status> {
    if givens.is_full() {
        return Err(match variant.violation(givens) {
            None => Status::Solved,
            Some(_) => Status::Unsolvable,
        });
    }
    let counted = solve(givens, variant, &opts.clone().limit(2));
    if matches!(counted.status, Status::Budget | Status::Unsolvable) {
        return Err(counted.status);
    }
    next_step(givens, variant).ok_or(match counted.status {
        Status::Multiple => Status::Multiple,
        _ => Status::Stuck,
    })
}

/// The next step of the variant techniques from `givens`, with no count of solutions
/// first: for a caller that knows `givens` has a solution (a player's grid checked
/// against it), where [`hint`] would count again. `None` when no technique applies.
pub fn next_step(givens: &Grid, variant: &Variant) -> Option<VariantStep> {
    let logic = logic::Logic::new(variant);
    let board = logic::Board::new(&logic, givens);
    logic.next_step(&board, Level::Extreme)
}

/// The candidate grids the steps of `steps` (from [`rate`] or [`hint`] on `givens`) start
/// from, one before each step (a placed cell keeps its one value), and the grid after the
/// last: what pictures of the steps draw. A placed value leaves its peers, as on the
/// step solver's own board.
pub fn candidates_along(
    givens: &Grid,
    variant: &Variant,
    steps: &[VariantStep],
) -> Vec<Vec<numpl_core::Mask>> {
    let logic = logic::Logic::new(variant);
    let mut board = logic::Board::new(&logic, givens);
    let masks = |b: &logic::Board| {
        b.cells
            .iter()
            .map(|&m| numpl_core::Mask::from_bits(m))
            .collect()
    };
    let mut out = Vec::with_capacity(steps.len() + 1);
    for s in steps {
        out.push(masks(&board));
        board.apply(&logic, s);
    }
    out.push(masks(&board));
    out
}

/// Whether the variant techniques of level `max` and below solve `givens` under
/// `variant`'s rules (which proves its solution unique): `Ok` with the level of the
/// hardest step, or `Err` with the grid where they stop. What generation at a level asks
/// ([`numpl_gen`'s `generate_variant`](https://docs.rs/numpl-gen)), with no count first;
/// [`StepSolver`] reads the rules once for many grids.
pub fn solve_within(givens: &Grid, variant: &Variant, max: Level) -> Result<Level, Grid> {
    StepSolver::new(variant).solve_within(givens, max)
}

/// A variant's rules read once by the step solver (each constraint compiled alone, the
/// named houses, the peers), for [`StepSolver::solve_within`] on many grids of the same
/// rules, as digging givens asks.
pub struct StepSolver<'a> {
    logic: logic::Logic<'a>,
}

impl<'a> StepSolver<'a> {
    /// The rules of `variant`, read.
    pub fn new(variant: &'a Variant) -> StepSolver<'a> {
        StepSolver {
            logic: logic::Logic::new(variant),
        }
    }

    /// [`solve_within`] for `givens` under these rules.
    pub fn solve_within(&self, givens: &Grid, max: Level) -> Result<Level, Grid> {
        let variant = self.logic.variant;
        let (board, steps) = logic::run(&self.logic, givens, max);
        let grid = board.grid(variant.shape());
        if board.full() && variant.violation(&grid).is_none() {
            Ok(steps
                .iter()
                .map(|s| s.technique.level())
                .max()
                .unwrap_or(Level::Easy))
        } else {
            Err(grid)
        }
    }
}

#[cfg(test)]
mod tests;
