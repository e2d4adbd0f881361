//! Solver agreement on small grids (4x4, 6x6 both ways, 8x8 both ways, 9x9 with few
//! blanks) built from the input:
//! - `fast` and `full` (within its node budget) and `count_solutions` agree on the status,
//!   and on the solution when it is unique;
//! - every solution reported keeps the givens and follows the rules (checked here, not by
//!   numpl's own code); with `--first` (limit 1) a solution is found exactly when one exists;
//! - on 9x9, the dedicated path agrees with the general search;
//! - a grid made by blanking cells of a known solution has a solution (that one, when unique);
//! - the human solver never contradicts the search: `solved` only with the unique solution,
//!   `unsolvable` only when there is none, `multiple` only when there are several (with a
//!   solution that follows the rules), and when it is stuck on a unique puzzle every cell
//!   it filled holds the solution's value.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use numpl_core::{Grid, Shape};
use numpl_fuzz::{fixture_puzzles, is_solution};
use numpl_solve::{
    count_solutions, count_solutions_general, solve, Algorithm, SolveOptions, Status,
};

/// Nodes the full search may spend on one puzzle (a few milliseconds).
const FULL_BUDGET: u64 = 300_000;

#[derive(Arbitrary, Debug)]
enum Base {
    /// A valid solution from the pattern (value at (r, c) = (C*(r%R) + r/R + c) % N + 1),
    /// relabelled and with rows and columns swapped inside bands and stacks.
    Pattern {
        relabel: Vec<u8>,
        swaps: Vec<(bool, u8, u8)>,
        blanks: Vec<u16>,
    },
    /// Cells straight from the input (a value or a blank each).
    Raw(Vec<u8>),
    /// A fixture puzzle of one of these shapes.
    Fixture(u16),
}

#[derive(Arbitrary, Debug)]
struct Case {
    shape: u8,
    base: Base,
    /// Cells set afterwards (any value, 0 for a blank).
    edits: Vec<(u16, u8)>,
}

fn shape_of(k: u8) -> Shape {
    let (r, c) = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)][k as usize % 6];
    Shape::new(r, c).unwrap()
}

fn pattern(shape: Shape, relabel: &[u8], swaps: &[(bool, u8, u8)]) -> Grid {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    // A permutation of the values from the input (Fisher-Yates driven by the bytes).
    let mut perm: Vec<u8> = (1..=n as u8).collect();
    for (i, &b) in relabel.iter().take(n).enumerate() {
        let j = i + b as usize % (n - i);
        perm.swap(i, j);
    }
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    for &(col, a, b) in swaps.iter().take(16) {
        // Rows within a band (of br rows), columns within a stack (of bc columns).
        let (v, size) = if col {
            (&mut cols, bc)
        } else {
            (&mut rows, br)
        };
        let band = a as usize % (n / size);
        let (x, y) = (
            band * size + a as usize / 7 % size,
            band * size + b as usize % size,
        );
        v.swap(x, y);
    }
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            let v = (bc * (pr % br) + pr / br + pc) % n;
            cells[r * n + c] = perm[v];
        }
    }
    let g = Grid::from_values(shape, cells).unwrap();
    assert!(is_solution(&g, &g), "pattern grid is not a solution");
    g
}

fn status_of(count: usize) -> Status {
    match count {
        0 => Status::Unsolvable,
        1 => Status::Solved,
        _ => Status::Multiple,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = Case::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    let mut shape = shape_of(case.shape);
    let mut known: Option<Grid> = None;
    let mut puzzle = match &case.base {
        Base::Pattern {
            relabel,
            swaps,
            blanks,
        } => {
            let sol = pattern(shape, relabel, swaps);
            let mut p = sol.clone();
            // 9x9 keeps few blanks, so that the full search stays quick.
            let most = if shape.size() == 9 { 40 } else { shape.cells() };
            for &b in blanks.iter().take(most) {
                p.set(b as usize % shape.cells(), 0);
            }
            known = Some(sol);
            p
        }
        Base::Raw(bytes) => {
            let n = shape.size();
            let mut cells = vec![0u8; n * n];
            for (c, &b) in cells.iter_mut().zip(bytes) {
                *c = b % (n as u8 + 1);
            }
            Grid::from_values(shape, cells).unwrap()
        }
        Base::Fixture(k) => {
            let small: Vec<&Grid> = fixture_puzzles().iter().filter(|g| g.size() <= 9).collect();
            let g = small[*k as usize % small.len()].clone();
            shape = g.shape();
            g
        }
    };
    let n = shape.size();
    for &(cell, v) in case.edits.iter().take(12) {
        puzzle.set(cell as usize % shape.cells(), v % (n as u8 + 1));
        known = None;
    }
    if n == 9 && puzzle.values().iter().filter(|&&v| v == 0).count() > 50 {
        // Too open for the plain full search to finish quickly.
        return;
    }

    let count = count_solutions(&puzzle, 2);
    assert!(count <= 2);
    if puzzle.check().is_err() {
        assert_eq!(count, 0, "clashing givens have a solution");
    }
    if known.is_some() {
        assert!(count >= 1, "a grid blanked from a solution has none");
    }
    assert_eq!(count_solutions(&puzzle, 1), count.min(1));

    let two = SolveOptions::new().limit(2).budget(None);
    let fast = solve(&puzzle, Algorithm::Fast, &two);
    assert_eq!(fast.status, status_of(count), "fast vs count_solutions");
    let full = solve(
        &puzzle,
        Algorithm::Full,
        &SolveOptions::new().limit(2).budget(Some(FULL_BUDGET)),
    );
    if full.status != Status::Budget {
        assert_eq!(full.status, fast.status, "full vs fast");
    }
    for (name, out) in [("fast", &fast), ("full", &full)] {
        match out.status {
            Status::Solved | Status::Multiple => {
                let s = out.solution.as_ref().expect("a solution");
                assert!(is_solution(s, &puzzle), "{name}: not a solution");
            }
            Status::Unsolvable => assert!(out.solution.is_none(), "{name}: solution given"),
            Status::Budget => assert_eq!(name, "full"),
            other => panic!("{name}: {other:?}"),
        }
    }
    if count == 1 {
        let s = fast.solution.as_ref().unwrap();
        if let Some(known) = &known {
            assert_eq!(s, known, "unique solution differs from the one blanked");
        }
        if full.status == Status::Solved {
            assert_eq!(
                full.solution.as_ref(),
                Some(s),
                "full and fast solutions differ"
            );
        }
    }

    // --first
    let one = SolveOptions::new().limit(1).budget(None);
    let first = solve(&puzzle, Algorithm::Fast, &one);
    let first_full = solve(
        &puzzle,
        Algorithm::Full,
        &SolveOptions::new().limit(1).budget(Some(FULL_BUDGET)),
    );
    for out in [&first, &first_full] {
        if out.status == Status::Budget {
            continue;
        }
        assert_eq!(out.status, status_of(count.min(1)), "--first status");
        if count >= 1 {
            assert!(is_solution(out.solution.as_ref().unwrap(), &puzzle));
        }
    }

    if n == 9 {
        let general = count_solutions_general(&puzzle, 2);
        assert_eq!(general.count, count, "9x9 path vs general search");
        if count == 1 {
            assert_eq!(general.first.as_ref(), fast.solution.as_ref());
        }
    }

    let human = solve(&puzzle, Algorithm::Human, &SolveOptions::default());
    match human.status {
        Status::Solved => {
            assert_eq!(count, 1, "human solved a puzzle that has {count} solutions");
            assert_eq!(human.solution.as_ref(), fast.solution.as_ref());
        }
        Status::Unsolvable => assert_eq!(count, 0, "human: unsolvable, but it has a solution"),
        Status::Multiple => {
            assert!(count >= 2, "human: multiple, but it has {count} solutions");
            let s = human.solution.as_ref().expect("multiple gives a solution");
            assert!(is_solution(s, &puzzle), "human's solution breaks the rules");
        }
        Status::Stuck => {
            let g = human.stuck_at.as_ref().expect("stuck grid");
            let kept = puzzle
                .values()
                .iter()
                .zip(g.values())
                .all(|(&p, &h)| p == 0 || p == h);
            assert!(kept, "human changed a given");
            if count == 1 {
                let s = fast.solution.as_ref().unwrap();
                let right = g
                    .values()
                    .iter()
                    .zip(s.values())
                    .all(|(&h, &s)| h == 0 || h == s);
                assert!(right, "human filled a cell wrongly");
            }
        }
        other => panic!("human: {other:?}"),
    }
});
