//! numpl-gen's one integration-test binary. Everything the generator promises is checked
//! here with tools independent of it: `numpl_solve::count_solutions` (the fast search) for
//! uniqueness and `numpl_solve::HumanSolver` for solvability within a technique limit.

mod fill;
mod generate;
mod variant;

use numpl_core::{Grid, Shape};
use numpl_gen::{Generated, MaxTechnique, Symmetry};
use numpl_solve::{count_solutions, HumanReport, HumanSolver, HumanStatus};

/// Every shape from 4x4 to 16x16 the tests generate with.
pub(crate) fn small_shapes() -> Vec<Shape> {
    ["2x2", "2x3", "3x2", "2x4", "3x3", "2x5", "3x4", "4x3"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect()
}

/// Whether the human solver, limited to `max` (`all`: every technique, logic only), solves
/// `puzzle` to `solution`, and the puzzle's rating (every technique) needs nothing above
/// `max`.
pub(crate) fn human_solves(puzzle: &Grid, solution: &Grid, max: MaxTechnique) -> bool {
    let solver = HumanSolver::new().record_steps(false).assume_unique(true);
    // Every technique, but logic only, as the generator promises: brute force would
    // finish any unique puzzle.
    let unlimited = solver.clone().logic_only();
    let solved =
        |report: &HumanReport| report.status == HumanStatus::Solved && report.grid == *solution;
    match max {
        MaxTechnique::None => true,
        // Solved within the limit, and so by an unlimited run (the puzzle's rating) that
        // needs nothing above it: HoDoKu's nice-loop search may take an AIC where a
        // discontinuous nice loop applies, so the two can differ.
        MaxTechnique::Upto(t) => {
            solved(&solver.with_max(t).solve(puzzle)) && {
                let report = unlimited.solve(puzzle);
                solved(&report) && report.counts.keys().all(|&u| u <= t)
            }
        }
        _ => solved(&unlimited.solve(puzzle)),
    }
}

/// Whether `puzzle` with `solution` is acceptable under `max`: exactly one solution, and
/// (unless `max` is none) solved by the human solver within `max`.
pub(crate) fn acceptable(puzzle: &Grid, solution: &Grid, max: MaxTechnique) -> bool {
    count_solutions(puzzle, 2) == 1 && human_solves(puzzle, solution, max)
}

/// Checks everything promised of one generated puzzle; panics naming what failed.
pub(crate) fn check_generated(g: &Generated, max: MaxTechnique) {
    let line = numpl_core::format_line(&g.puzzle, &numpl_core::Symbols::standard());
    let what = format!(
        "{} {} seed {} index {}: {line}",
        g.puzzle.shape(),
        g.symmetry,
        g.seed,
        g.index
    );
    assert!(
        g.solution.is_solution_of(&g.puzzle),
        "{what}: wrong solution"
    );
    assert_eq!(count_solutions(&g.puzzle, 2), 1, "{what}: not unique");
    assert!(
        g.symmetry.holds_for(&g.puzzle),
        "{what}: not {}",
        g.symmetry
    );
    assert!(
        human_solves(&g.puzzle, &g.solution, max),
        "{what}: human solver within {max} does not solve it"
    );
    assert!(g.minimal, "{what}: generator says it may not be minimal");
    check_minimal(&g.puzzle, &g.solution, g.symmetry, max, &what);
}

/// Emptying any group of the symmetry that is still fully given must give a puzzle that is
/// not acceptable under `max`.
pub(crate) fn check_minimal(
    puzzle: &Grid,
    solution: &Grid,
    symmetry: Symmetry,
    max: MaxTechnique,
    what: &str,
) {
    for group in symmetry.groups(puzzle.shape()).unwrap() {
        if group.iter().any(|&c| puzzle.get(c as usize) == 0) {
            continue;
        }
        let mut fewer = puzzle.clone();
        for &c in &group {
            fewer.set(c as usize, 0);
        }
        assert!(
            !acceptable(&fewer, solution, max),
            "{what}: not minimal, group {group:?} can go"
        );
    }
}
