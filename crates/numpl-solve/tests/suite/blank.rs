//! Blank grids of every allowed shape: the fast solver answers `multiple` (limit 2) and a
//! valid grid (limit 1) within a small node budget.

use std::time::Instant;

use numpl_core::{Grid, Shape};
use numpl_solve::{solve, Algorithm, SolveOptions, Status};

/// Every allowed box shape: R x C with R, C >= 2 and R * C <= 64.
fn shapes() -> Vec<Shape> {
    let mut v = Vec::new();
    for r in 2..=32 {
        for c in 2..=32 {
            if r * c <= 64 {
                v.push(Shape::new(r, c).expect("an allowed shape"));
            }
        }
    }
    v
}

/// The node budget each blank grid must be answered within.
const BUDGET: u64 = 2_000_000;

#[test]
fn every_blank_grid_is_multiple_and_filled_within_a_small_budget() {
    let mut bad = Vec::new();
    for shape in shapes() {
        let g = Grid::empty(shape);
        for limit in [2, 1] {
            let t = Instant::now();
            let out = solve(
                &g,
                Algorithm::Fast,
                &SolveOptions::new().limit(limit).budget(Some(BUDGET)),
            );
            let want = if limit == 2 {
                Status::Multiple
            } else {
                Status::Solved
            };
            let ok =
                out.status == want && out.solution.as_ref().is_some_and(|s| s.is_solution_of(&g));
            eprintln!(
                "{}x{} limit {limit}: {} {} nodes {:.3} s",
                shape.box_rows(),
                shape.box_cols(),
                out.status.name(),
                out.nodes,
                t.elapsed().as_secs_f64()
            );
            if !ok {
                bad.push(format!(
                    "{}x{} limit {limit}: {} after {} nodes",
                    shape.box_rows(),
                    shape.box_cols(),
                    out.status.name(),
                    out.nodes
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
