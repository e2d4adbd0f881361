//! The engine-independent suite: one table of puzzles run through every algorithm
//! ([`Algorithm::ALL`]), with what each algorithm may skip stated in [`skip`].
//!
//! - `full` runs where its default node budget is enough (small grids, the seed sample, the
//!   quick-to-refute and many-solution cases);
//! - `human` never guesses, so it may end `stuck`; here only a `solved` (or `unsolvable`)
//!   answer is checked to be right; its own tests live in `human.rs`;
//! - `fast` runs on everything.
//!
//! Every solution any algorithm reports is checked with [`Grid::is_solution_of`].

use numpl_core::{parse_one, Grid, ParseOptions, Shape};
use numpl_solve::{count_solutions, solve, Algorithm, SolveOptions, Status};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// What a puzzle's answer is.
#[derive(Clone, Debug)]
enum Expect {
    /// Exactly one solution, given in line form when known.
    Unique(Option<&'static str>),
    /// Two or more.
    Multiple,
    /// None (including conflicting givens).
    Unsolvable,
}

struct Case {
    name: &'static str,
    puzzle: Grid,
    expect: Expect,
}

/// Which algorithm skips which case, and why: the explicit skip list.
fn skip(algo: Algorithm, case: &Case) -> Option<&'static str> {
    match algo {
        Algorithm::Fast | Algorithm::Human => None,
        Algorithm::Full => {
            if HARD9.contains(&case.name) {
                Some("the famous hard 9x9 puzzles need more than the full search's default budget")
            } else if case.puzzle.size() > 9 {
                Some("grids above 9x9 need more than the full search's default budget")
            } else {
                None
            }
        }
        _ => None,
    }
}

const HARD9: [&str; 5] = [
    "ai-escargot",
    "inkala-2012",
    "platinum-blonde",
    "golden-nugget",
    "easter-monster",
];

/// A grid from a line of digits and dots without any check (the parser refuses clashing
/// givens; `solve` must cope with them anyway).
fn raw(shape: Shape, text: &str) -> Grid {
    let values = text
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    Grid::from_values(shape, values).expect("right length, values in range")
}

fn line(text: &str) -> Grid {
    parse_one(text, &ParseOptions::default()).expect("a valid test puzzle")
}

const SEED_SAMPLE: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
const SEED_SOLUTION: &str =
    "821459673936172458745386291254638917187294536369715824693541782572863149418927365";

/// A solved grid of boxes `br` x `bc` from the pattern `(bc*(r%br) + r/br + c) % n`,
/// shuffled (values, bands, rows in bands, stacks, columns in stacks) by `rng`.
fn random_solution(br: usize, bc: usize, rng: &mut impl Rng) -> Grid {
    let n = br * bc;
    let shape = Shape::new(br, bc).unwrap();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let mut perm = |groups: usize, size: usize| {
        let mut g: Vec<usize> = (0..groups).collect();
        g.shuffle(rng);
        let mut out = Vec::new();
        for gi in g {
            let mut inner: Vec<usize> = (0..size).collect();
            inner.shuffle(rng);
            out.extend(inner.into_iter().map(|i| gi * size + i));
        }
        out
    };
    let rows = perm(bc, br);
    let cols = perm(br, bc);
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            cells[r * n + c] = digits[(bc * (pr % br) + pr / br + pc) % n];
        }
    }
    let g = Grid::from_values(shape, cells).unwrap();
    assert!(g.check().is_ok() && g.is_full());
    g
}

/// A puzzle with a unique solution: cells of a random solution removed in random order
/// while the solution stays unique (and, on big grids, while the fast search proves it
/// within a node budget, so the suite stays quick). Returns (puzzle, solution).
fn dug_puzzle(br: usize, bc: usize, seed: u64) -> (Grid, Grid) {
    let mut rng = StdRng::seed_from_u64(seed);
    let solution = random_solution(br, bc, &mut rng);
    let n = br * bc;
    let mut grid = solution.clone();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(&mut rng);
    let opts = SolveOptions::new()
        .limit(2)
        .budget(Some(if n > 16 { 5_000 } else { 200_000 }));
    for c in order {
        let v = grid.get(c);
        grid.set(c, 0);
        if solve(&grid, Algorithm::Fast, &opts).status != Status::Solved {
            grid.set(c, v);
        }
    }
    (grid, solution)
}

fn cases() -> Vec<Case> {
    let mut v = vec![
        Case {
            name: "seed-sample",
            puzzle: line(SEED_SAMPLE),
            expect: Expect::Unique(Some(SEED_SOLUTION)),
        },
        Case {
            name: "ai-escargot",
            puzzle: line(
                "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            ),
            expect: Expect::Unique(None),
        },
        Case {
            name: "inkala-2012",
            puzzle: line(
                "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            ),
            expect: Expect::Unique(Some(
                "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
            )),
        },
        Case {
            name: "platinum-blonde",
            puzzle: line(
                ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
            ),
            expect: Expect::Unique(None),
        },
        Case {
            name: "golden-nugget",
            puzzle: line(
                ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
            ),
            expect: Expect::Unique(None),
        },
        Case {
            name: "easter-monster",
            puzzle: line(
                "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
            ),
            expect: Expect::Unique(None),
        },
        Case {
            // r1c9 must be 9 (the row holds 1-8), but column 9 already has a 9.
            name: "no-solution-9x9",
            puzzle: line(
                "12345678.........9...............................................................",
            ),
            expect: Expect::Unsolvable,
        },
        Case {
            // No two givens clash, yet r1c1 can hold nothing: its row has 1 and 2,
            // its column 3 and its box 4.
            name: "no-solution-4x4",
            puzzle: line(".12..4..3......."),
            expect: Expect::Unsolvable,
        },
        Case {
            name: "empty-9x9",
            puzzle: Grid::empty(Shape::NINE),
            expect: Expect::Multiple,
        },
        Case {
            name: "empty-4x4",
            puzzle: Grid::empty(Shape::new(2, 2).unwrap()),
            expect: Expect::Multiple,
        },
        Case {
            name: "empty-16x16",
            puzzle: Grid::empty(Shape::new(4, 4).unwrap()),
            expect: Expect::Multiple,
        },
        Case {
            // The seed's solution without r1c5, r1c8, r2c5, r2c8 (5 7 / 7 5 in two boxes):
            // the two values can swap, so exactly two solutions.
            name: "deadly-rectangle",
            puzzle: {
                let mut g = line(SEED_SOLUTION);
                for c in [4, 7, 13, 16] {
                    g.set(c, 0);
                }
                g
            },
            expect: Expect::Multiple,
        },
        Case {
            name: "conflict-row",
            puzzle: raw(
                Shape::NINE,
                "11...............................................................................",
            ),
            expect: Expect::Unsolvable,
        },
        Case {
            name: "conflict-box-6x6",
            // r1c1 and r2c2 share a 2x3 box, not a row or column.
            puzzle: raw(
                Shape::new(2, 3).unwrap(),
                "1......1............................",
            ),
            expect: Expect::Unsolvable,
        },
    ];
    for (name, br, bc, seed) in [
        ("dug-4x4", 2, 2, 1),
        ("dug-6x6", 2, 3, 2),
        ("dug-6x6-tall", 3, 2, 3),
        ("dug-8x8", 2, 4, 4),
        ("dug-9x9", 3, 3, 5),
        ("dug-12x12", 3, 4, 6),
        ("dug-16x16", 4, 4, 7),
        ("dug-25x25", 5, 5, 8),
    ] {
        let (puzzle, solution) = dug_puzzle(br, bc, seed);
        // The solution's line form is only needed for the comparison below; keep it as a
        // leaked string so `Expect` stays `&'static`.
        let sol: &'static str = Box::leak(
            solution
                .values()
                .iter()
                .map(|&v| char::from_digit(v as u32, 36).unwrap())
                .collect::<String>()
                .into_boxed_str(),
        );
        v.push(Case {
            name,
            puzzle,
            expect: Expect::Unique(Some(sol)),
        });
    }
    v
}

/// The values of a line-form solution written with digits 1-9 then a-z.
fn values_of(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| c.to_digit(36).expect("a digit") as u8)
        .collect()
}

fn check_case(algo: Algorithm, case: &Case) {
    let out = solve(&case.puzzle, algo, &SolveOptions::default());
    let ctx = format!("{algo} on {}", case.name);
    if let Some(s) = &out.solution {
        assert!(
            s.is_solution_of(&case.puzzle),
            "{ctx}: reported a wrong solution"
        );
    }
    if algo == Algorithm::Human {
        // The human solver ends every unique puzzle solved (brute force when logic runs
        // out) and says `multiple` and `unsolvable` as the search does.
        match (out.status, &case.expect) {
            (Status::Multiple, Expect::Multiple) => {
                assert!(out.solution.is_some(), "{ctx}: multiple carries a solution");
            }
            (Status::Solved, Expect::Unique(sol)) => {
                if let Some(sol) = sol {
                    assert_eq!(
                        out.solution.as_ref().unwrap().values(),
                        values_of(sol),
                        "{ctx}"
                    );
                }
            }
            (Status::Unsolvable, Expect::Unsolvable) => {}
            (status, expect) => panic!("{ctx}: human said {status:?}, expected {expect:?}"),
        }
        return;
    }
    match &case.expect {
        Expect::Unique(sol) => {
            assert_eq!(out.status, Status::Solved, "{ctx}");
            let got = out.solution.as_ref().expect("solved carries a solution");
            if let Some(sol) = sol {
                assert_eq!(got.values(), values_of(sol), "{ctx}");
            }
        }
        Expect::Multiple => {
            assert_eq!(out.status, Status::Multiple, "{ctx}");
            assert!(out.solution.is_some(), "{ctx}: multiple carries a solution");
        }
        Expect::Unsolvable => {
            assert_eq!(out.status, Status::Unsolvable, "{ctx}");
            assert!(out.solution.is_none(), "{ctx}");
        }
    }
    // With --first, a solvable puzzle reports one (right) solution.
    let first = solve(
        &case.puzzle,
        algo,
        &SolveOptions::new().limit(1).budget(None),
    );
    match &case.expect {
        Expect::Unsolvable => assert_eq!(first.status, Status::Unsolvable, "{ctx} --first"),
        _ => {
            assert_eq!(first.status, Status::Solved, "{ctx} --first");
            assert!(
                first.solution.unwrap().is_solution_of(&case.puzzle),
                "{ctx} --first"
            );
        }
    }
}

#[test]
fn every_algorithm_on_the_shared_table() {
    let cases = cases();
    for algo in Algorithm::ALL {
        for case in &cases {
            match skip(algo, case) {
                Some(why) => eprintln!("skip {algo} on {}: {why}", case.name),
                None => check_case(algo, case),
            }
        }
    }
}

#[test]
fn the_table_covers_every_required_size() {
    let sizes: Vec<usize> = cases().iter().map(|c| c.puzzle.size()).collect();
    for n in [4, 6, 8, 9, 12, 16, 25] {
        assert!(sizes.contains(&n), "no {n}x{n} case");
    }
}

#[test]
fn count_solutions_stops_at_the_limit() {
    let empty = Grid::empty(Shape::new(2, 2).unwrap());
    // The 4x4 grid has 288 solutions.
    assert_eq!(count_solutions(&empty, 1000), 288);
    assert_eq!(count_solutions(&empty, 5), 5);
    assert_eq!(count_solutions(&line(SEED_SAMPLE), 10), 1);
    let deadly = cases()
        .into_iter()
        .find(|c| c.name == "deadly-rectangle")
        .unwrap();
    assert_eq!(count_solutions(&deadly.puzzle, 10), 2);
    let full = solve(
        &empty,
        Algorithm::Full,
        &SolveOptions::new().limit(1000).budget(None),
    );
    assert_eq!(full.status, Status::Multiple);
    let n = numpl_solve::count_solutions_general(&Grid::empty(Shape::NINE), 3);
    assert_eq!(n.count, 3);
}

#[test]
fn a_budget_stops_full_and_fast_search() {
    let hard =
        line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    for algo in [Algorithm::Full, Algorithm::Fast] {
        let out = solve(&hard, algo, &SolveOptions::new().limit(2).budget(Some(3)));
        assert_eq!(out.status, Status::Budget, "{algo}");
        assert!(out.nodes <= 3 + 81, "{algo}: {} nodes", out.nodes);
    }
    // Big grids too (the general path). Propagation alone does not solve this minimal
    // 16x16 puzzle, so a budget of no nodes stops the search at its first guess; without a
    // budget it is solved.
    let (p, _) = dug_puzzle(4, 4, 11);
    let with_budget = |budget| {
        solve(
            &p,
            Algorithm::Fast,
            &SolveOptions::new().limit(2).budget(budget),
        )
    };
    let out = with_budget(Some(0));
    assert_eq!(out.status, Status::Budget);
    assert!(out.solution.is_none());
    assert_eq!(with_budget(None).status, Status::Solved);
}

/// A random puzzle: a random solution of a small shape with random cells removed.
fn random_puzzle() -> impl Strategy<Value = (Grid, Grid)> {
    (
        prop::sample::select(vec![(2usize, 2usize), (2, 3), (3, 2), (2, 4), (3, 3)]),
        any::<u64>(),
        0.15f64..0.9,
    )
        .prop_map(|((br, bc), seed, keep)| {
            let mut rng = StdRng::seed_from_u64(seed);
            let solution = random_solution(br, bc, &mut rng);
            let mut puzzle = solution.clone();
            for c in 0..puzzle.values().len() {
                if !rng.gen_bool(keep) {
                    puzzle.set(c, 0);
                }
            }
            (puzzle, solution)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// fast and full agree on status and, when unique, on the solution; the 9x9 path
    /// agrees with the general solver; human, when it solves, agrees too.
    #[test]
    fn algorithms_agree((puzzle, solution) in random_puzzle()) {
        let fast = solve(&puzzle, Algorithm::Fast, &SolveOptions::default());
        let full = solve(&puzzle, Algorithm::Full, &SolveOptions::default());
        prop_assert!(fast.status == Status::Solved || fast.status == Status::Multiple);
        let s = fast.solution.clone().unwrap();
        prop_assert!(s.is_solution_of(&puzzle));
        if full.status != Status::Budget {
            prop_assert_eq!(full.status, fast.status);
            prop_assert!(full.solution.as_ref().unwrap().is_solution_of(&puzzle));
            if fast.status == Status::Solved {
                prop_assert_eq!(&full.solution, &fast.solution);
            }
        }
        if fast.status == Status::Solved {
            prop_assert_eq!(&s, &solution);
        }
        let general = numpl_solve::count_solutions_general(&puzzle, 2);
        prop_assert_eq!(general.count, if fast.status == Status::Solved { 1 } else { 2 });
        if fast.status == Status::Solved {
            prop_assert_eq!(general.first.as_ref(), Some(&solution));
        }
        let human = solve(&puzzle, Algorithm::Human, &SolveOptions::default());
        if human.status == Status::Solved {
            prop_assert_eq!(fast.status, Status::Solved);
            prop_assert_eq!(human.solution.as_ref(), Some(&solution));
        }
    }
}
