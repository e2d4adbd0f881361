//! Variant puzzles (killer, jigsaw, X, thermo, arrow, kropki, ... see
//! [`numpl_core::variant`]): their own engine, since the classic solvers know rows,
//! columns and boxes only. A classic puzzle never comes here (the 9x9 fast path is
//! untouched); the one puzzle API ([`crate::puzzle`]) sends a [`Parsed`](numpl_core::Parsed)
//! with a variant to [`solve`] and [`count`].
//!
//! `rules/` compiles the constraints into the engine's model (one file per constraint,
//! one line in `rules/mod.rs`); `engine.rs` propagates and searches.

mod engine;
mod rules;

use numpl_core::variant::Variant;
use numpl_core::Grid;

use crate::{default_budget, Algorithm, Outcome, SolveOptions, Status};

/// Solves `givens` under `variant`'s rules: up to `opts.limit` solutions (2 tells unique
/// from multiple) within `opts.budget` nodes. Every algorithm comes here: the variant
/// engine is the one search for variants (the human solver does not know them yet).
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

#[cfg(test)]
mod tests;
