//! Positions (puzzles with pencil marks): every algorithm respects the marks, and the
//! human solver starts from them.

use numpl_core::{parse_first, Cell, Grid, Mask, ParseOptions, Shape};
use numpl_solve::{
    count_position_solutions, position_board, solve, solve_position, Algorithm, HumanSolver,
    SolveOptions, Status, Technique,
};

const SEED: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
/// The seed's solution, as the seed's program printed it (fixtures/seed/sample.answers).
const SEED_SOLUTION: &str =
    "821459673936172458745386291254638917187294536369715824693541782572863149418927365";

fn grid(s: &str) -> Grid {
    parse_first(s, &ParseOptions::default())
        .unwrap()
        .into_grid()
}

/// A solved 4x4: rows 1234 / 3412 / 2143 / 4321.
fn four_solution() -> Grid {
    grid("1234341221434321")
}

#[test]
fn the_full_candidates_of_a_puzzle_solve_like_the_puzzle() {
    let seed = grid(SEED);
    let marks = seed.candidates();
    for algo in Algorithm::ALL {
        let out = solve_position(&seed, &marks, algo, &SolveOptions::default());
        assert_eq!(out.status, Status::Solved, "{algo}");
        assert_eq!(out.solution, Some(grid(SEED_SOLUTION)), "{algo}");
    }
    // The same marks with no givens at all (the 729-symbol line's reading): still the
    // one solution, a given now being an open cell with one candidate.
    let empty = Grid::empty(Shape::NINE);
    for algo in [Algorithm::Fast, Algorithm::Human] {
        let out = solve_position(&empty, &marks, algo, &SolveOptions::default());
        assert_eq!(out.status, Status::Solved, "{algo}");
        assert_eq!(out.solution, Some(grid(SEED_SOLUTION)), "{algo}");
    }
}

/// Removing the solution's value from one cell's marks leaves no solution, though the
/// bare puzzle has one.
#[test]
fn a_position_without_the_true_candidate_is_unsolvable() {
    let seed = grid(SEED);
    let solution = grid(SEED_SOLUTION);
    let mut marks = seed.candidates();
    // r1c1 holds 8 in the solution; its candidates are 1, 3, 4, 6, 8.
    assert_eq!(marks[0].to_string(), "{1,3,4,6,8}");
    marks[0].remove(8);
    for algo in [Algorithm::Fast, Algorithm::Full] {
        let out = solve_position(&seed, &marks, algo, &SolveOptions::default());
        assert_eq!(out.status, Status::Unsolvable, "{algo}");
        assert_eq!(out.solution, None);
    }
    assert_eq!(count_position_solutions(&seed, &marks, 2), 0);
    // The human solver never calls it solved.
    let human = solve_position(&seed, &marks, Algorithm::Human, &SolveOptions::default());
    assert_ne!(human.status, Status::Solved);
    // The bare puzzle is unaffected.
    let bare = solve(&seed, Algorithm::Fast, &SolveOptions::default());
    assert_eq!(bare.solution, Some(solution));
    // A given outside its own marks: no solution either.
    let mut bad = seed.candidates();
    bad[1] = Mask::single(3); // r1c2 is the given 2
    for algo in Algorithm::ALL {
        let out = solve_position(&seed, &bad, algo, &SolveOptions::default());
        assert_eq!(out.status, Status::Unsolvable, "{algo}");
    }
}

/// The empty 4x4 has 288 solutions; relabelling the values maps the solutions with
/// r1c1 = 1 one to one onto those with r1c1 = v, so marks {1} in r1c1 leave 288 / 4 = 72,
/// and a first row fixed by its marks 288 / 4! = 12.
#[test]
fn marks_cut_the_count_of_solutions() {
    let shape = Shape::new(2, 2).unwrap();
    let empty = Grid::empty(shape);
    let all = vec![Mask::all(4); 16];
    assert_eq!(count_position_solutions(&empty, &all, 1000), 288);
    let mut one = all.clone();
    one[0] = Mask::single(1);
    assert_eq!(count_position_solutions(&empty, &one, 1000), 72);
    let mut row = all.clone();
    for (c, v) in [1u8, 2, 3, 4].into_iter().enumerate() {
        row[c] = Mask::single(v);
    }
    assert_eq!(count_position_solutions(&empty, &row, 1000), 12);
    for algo in [Algorithm::Fast, Algorithm::Full] {
        let out = solve_position(&empty, &row, algo, &SolveOptions::default());
        assert_eq!(out.status, Status::Multiple, "{algo}");
        let s = out.solution.unwrap();
        assert!(s.check().is_ok() && s.is_full());
        assert_eq!(&s.values()[..4], &[1, 2, 3, 4], "{algo} keeps the marks");
    }
}

/// Every cell's marks a single value: one solution, no givens; the human solver places
/// every value itself.
#[test]
fn single_marks_everywhere_make_a_unique_position_without_givens() {
    let solution = four_solution();
    let shape = solution.shape();
    let marks: Vec<Mask> = solution.values().iter().map(|&v| Mask::single(v)).collect();
    let empty = Grid::empty(shape);
    for algo in Algorithm::ALL {
        let out = solve_position(&empty, &marks, algo, &SolveOptions::default());
        assert_eq!(out.status, Status::Solved, "{algo}");
        assert_eq!(out.solution.as_ref(), Some(&solution), "{algo}");
    }
    let human = solve_position(&empty, &marks, Algorithm::Human, &SolveOptions::default());
    let report = human.report.unwrap();
    assert_eq!(report.givens, 0);
    assert_eq!(report.steps.len(), 16, "one placement per cell");
}

/// The human solver's board starts from the marks: a cell whose marks were cut to one
/// value is a naked single. The seed's first one is r8c8 = 4 (its row, column and box
/// hold every other value: 5 8 3 9 in row 8, 7 2 1 6 in column 8, 9 6 in box 9); naked
/// singles are taken in reading order, so r1c1 = 8 comes first in the position.
#[test]
fn the_human_solver_starts_from_the_position() {
    let seed = grid(SEED);
    let solver = HumanSolver::new().assume_unique(true);
    let bare = solver.hint_grid(&seed).unwrap();
    assert_eq!(bare.technique, Technique::NakedSingle, "{bare:?}");
    assert_eq!(bare.placements, vec![(Cell::new(70), 4)]);
    let mut marks = seed.candidates();
    marks[0] = Mask::single(8);
    let board = position_board(&seed, &marks);
    assert_eq!(board.candidates_of(Cell::new(0)), Mask::single(8));
    assert_eq!(board.candidates_of(Cell::new(2)), seed.candidates()[2]);
    let step = solver.hint(&board).unwrap();
    assert_eq!(step.technique, Technique::NakedSingle);
    assert_eq!(step.placements, vec![(Cell::new(0), 8)]);
    // And a whole solve from it reaches the seed's solution.
    let out = solve_position(&seed, &marks, Algorithm::Human, &SolveOptions::default());
    assert_eq!(out.solution, Some(grid(SEED_SOLUTION)));
}

/// Every 4x4 grid, listed by a plain backtracking written here that shares nothing with
/// numpl-solve.
fn all_four_by_four() -> Vec<[u8; 16]> {
    fn ok(g: &[u8; 16], i: usize, v: u8) -> bool {
        let (r, c) = (i / 4, i % 4);
        (0..16).all(|j| {
            let (rr, cc) = (j / 4, j % 4);
            let peer = j != i && (rr == r || cc == c || (rr / 2 == r / 2 && cc / 2 == c / 2));
            !peer || g[j] != v
        })
    }
    fn fill(g: &mut [u8; 16], i: usize, out: &mut Vec<[u8; 16]>) {
        if i == 16 {
            out.push(*g);
            return;
        }
        for v in 1..=4 {
            if ok(g, i, v) {
                g[i] = v;
                fill(g, i + 1, out);
                g[i] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Random 4x4 positions (random marks, a few givens): the number of solutions is the
    /// number of 4x4 grids that keep the givens and every cell within its marks, and
    /// every algorithm's status and solution agree with that list.
    #[test]
    fn four_by_four_positions_agree_with_a_plain_enumeration(
        marks in proptest::collection::vec(1u64..16, 16),
        givens in proptest::collection::vec(0u8..=12, 16),
    ) {
        let grids = all_four_by_four();
        proptest::prop_assert_eq!(grids.len(), 288);
        let shape = Shape::new(2, 2).unwrap();
        // A given where the draw is 1..=4 (about a third of the cells).
        let values: Vec<u8> = givens.iter().map(|&v| if v <= 4 { v } else { 0 }).collect();
        let puzzle = Grid::from_values(shape, values.clone()).unwrap();
        let marks: Vec<Mask> = marks.iter().map(|&m| Mask::from_bits(m)).collect();
        let fits = |g: &[u8; 16]| {
            (0..16).all(|i| (values[i] == 0 || values[i] == g[i]) && marks[i].contains(g[i]))
        };
        let matching: Vec<&[u8; 16]> = grids.iter().filter(|g| fits(g)).collect();
        proptest::prop_assert_eq!(count_position_solutions(&puzzle, &marks, 1000), matching.len());
        let expected = match matching.len() {
            0 => Status::Unsolvable,
            1 => Status::Solved,
            _ => Status::Multiple,
        };
        for algo in [Algorithm::Fast, Algorithm::Full] {
            let out = solve_position(&puzzle, &marks, algo, &SolveOptions::default());
            proptest::prop_assert_eq!(out.status, expected, "{}", algo);
            if let Some(s) = &out.solution {
                let mut cells = [0u8; 16];
                cells.copy_from_slice(s.values());
                proptest::prop_assert!(matching.contains(&&cells), "{} found a grid outside the marks", algo);
            }
        }
        // The human solver never claims what the list denies.
        let human = solve_position(&puzzle, &marks, Algorithm::Human, &SolveOptions::default());
        match human.status {
            Status::Solved => {
                proptest::prop_assert_eq!(matching.len(), 1);
                let s = human.solution.unwrap();
                proptest::prop_assert_eq!(s.values(), &matching[0][..]);
            }
            Status::Unsolvable => proptest::prop_assert_eq!(matching.len(), 0),
            _ => {}
        }
    }
}
