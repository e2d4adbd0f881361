//! The human technique solver: pinned technique counts, stuck and contradiction reports,
//! other sizes, and a check of every step against known solutions.

use numpl_core::{parse_one, Grid, ParseOptions, Shape};
use numpl_solve::{
    solve, Algorithm, Board, HumanSolver, HumanStatus, Level, SolveOptions, Status, Technique,
};

const SEED: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";

fn grid(s: &str) -> Grid {
    parse_one(s, &ParseOptions::default()).unwrap()
}

/// A small independent reference: depth-first search with minimum remaining values,
/// counting up to two solutions. Returns (count, first solution).
fn reference(p: &Grid) -> (usize, Option<Grid>) {
    fn rec(g: &mut Grid, count: &mut usize, first: &mut Option<Grid>) {
        if *count >= 2 {
            return;
        }
        let cands = g.candidates();
        let mut best: Option<usize> = None;
        for i in 0..g.values().len() {
            if g.get(i) == 0 && best.is_none_or(|b| cands[i].len() < cands[b].len()) {
                best = Some(i);
            }
        }
        let Some(i) = best else {
            *count += 1;
            first.get_or_insert_with(|| g.clone());
            return;
        };
        for v in cands[i] {
            g.set(i, v);
            rec(g, count, first);
        }
        g.set(i, 0);
    }
    let mut g = p.clone();
    let (mut count, mut first) = (0, None);
    if p.check().is_ok() {
        rec(&mut g, &mut count, &mut first);
    }
    (count, first)
}

/// A full grid of any shape by the usual shifting pattern.
fn pattern_solution(shape: Shape) -> Grid {
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut vals = Vec::with_capacity(n * n);
    for row in 0..n {
        for col in 0..n {
            vals.push(((row % r * c + row / r + col) % n + 1) as u8);
        }
    }
    let g = Grid::from_values(shape, vals).unwrap();
    assert!(g.is_full() && g.check().is_ok());
    g
}

#[test]
fn seed_sample_solves_and_needs_more_than_singles() {
    let p = grid(SEED);
    let (count, sol) = reference(&p);
    assert_eq!(count, 1);
    let sol = sol.unwrap();
    let r = HumanSolver::new().check_against(sol.clone()).solve(&p);
    assert_eq!(r.status, HumanStatus::Solved);
    assert_eq!(r.grid, sol);
    assert_eq!(r.givens, 21);
    // Every blank is filled by exactly one single.
    let singles: u32 = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ]
    .iter()
    .map(|t| r.counts.get(t).copied().unwrap_or(0))
    .sum();
    assert_eq!(singles as usize, 81 - 21);
    // Singles alone get stuck: the seed's sample needs more than singles.
    let singles_only = HumanSolver::new()
        .with_max(Technique::HiddenSingle)
        .solve(&p);
    assert_eq!(singles_only.status, HumanStatus::Stuck);
    assert!(r.counts.keys().any(|&t| t > Technique::HiddenSingle));
    // The stuck grid keeps the givens and agrees with the solution.
    for i in 0..81 {
        let v = singles_only.grid.get(i);
        assert!(v == 0 || v == sol.get(i));
        assert!(p.get(i) == 0 || v == p.get(i));
        assert!(v != 0 || singles_only.candidates[i].contains(sol.get(i)));
    }
    // Steps in the report replay to the solution.
    let mut b = Board::new(&p);
    for s in &r.steps {
        b.apply(s);
    }
    assert_eq!(b.grid(), sol);
    let score: u32 = r.steps.iter().map(|s| s.technique.score()).sum();
    assert_eq!(score, r.score);
}

#[test]
fn pinned_counts_on_designed_puzzles() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let blank = |cells: &[usize]| {
        let mut s = solved.to_string();
        for &i in cells {
            s.replace_range(i..i + 1, ".");
        }
        grid(&s)
    };
    // The diagonal of box 1: each cell is alone in its row.
    let r = HumanSolver::new().solve(&blank(&[0, 10, 20]));
    assert_eq!(r.counts.len(), 1);
    assert_eq!(r.counts[&Technique::FullHouse], 3);
    assert_eq!((r.level, r.score), (Level::Easy, 12));
    // A whole row: every cell is the last of its column.
    let r = HumanSolver::new().solve(&blank(&(36..45).collect::<Vec<_>>()));
    assert_eq!(r.counts.len(), 1);
    assert_eq!(r.counts[&Technique::FullHouse], 9);
    // A 2x2 square: r1c1 is the only value row 1 and column 1 both miss (naked single);
    // the other three are then last in their row or column.
    let r = HumanSolver::new().solve(&blank(&[0, 1, 9, 10]));
    assert_eq!(r.counts[&Technique::NakedSingle], 1);
    assert_eq!(r.counts[&Technique::FullHouse], 3);
    assert_eq!(
        r.steps[0].describe(Shape::NINE),
        "Naked Single: r1c1 = 5 (only candidate left)"
    );
}

#[test]
fn contradiction_and_conflicts() {
    // r1c9 must be 9 by its row, but r3c9 (same column and box) holds a 9: no candidate left.
    let mut s = format!("12345678{}", ".".repeat(73));
    s.replace_range(26..27, "9");
    let p = grid(&s);
    assert_eq!(
        HumanSolver::new().solve(&p).status,
        HumanStatus::Contradiction
    );
    // Conflicting givens.
    let mut vals = vec![0u8; 81];
    vals[0] = 1;
    vals[1] = 1;
    let p = Grid::from_values(Shape::NINE, vals).unwrap();
    assert_eq!(
        HumanSolver::new().solve(&p).status,
        HumanStatus::Contradiction
    );
}

/// A hint and a whole solve say the same of a puzzle with no step: a contradiction the
/// candidates show is `unsolvable` for both, no applicable technique `stuck` for both.
#[test]
fn hint_and_solve_agree_on_why_there_is_no_step() {
    // r1c9 has no candidate: its row leaves only 9, which r2c9 holds.
    let p = grid(&format!("12345678{}9{}", ".".repeat(9), ".".repeat(63)));
    let hint = HumanSolver::new().hint_grid(&p);
    assert_eq!(hint, Err(HumanStatus::Contradiction));
    assert_eq!(HumanSolver::new().next_step_grid(&p), None);
    let out = solve(&p, Algorithm::Human, &SolveOptions::default());
    assert_eq!(out.status, Status::Unsolvable);
    assert_eq!(HumanStatus::Contradiction.status(), Status::Unsolvable);
    // Conflicting givens: the same.
    let mut vals = vec![0u8; 81];
    vals[0] = 1;
    vals[1] = 1;
    let p = Grid::from_values(Shape::NINE, vals).unwrap();
    assert_eq!(
        HumanSolver::new().hint_grid(&p),
        Err(HumanStatus::Contradiction)
    );
    assert_eq!(
        solve(&p, Algorithm::Human, &SolveOptions::default()).status,
        Status::Unsolvable
    );
    // No technique applies: the hint is stuck; a solve says what the search says
    // (`multiple`: brute force needs a unique puzzle).
    let p = Grid::empty(Shape::NINE);
    assert_eq!(HumanSolver::new().hint_grid(&p), Err(HumanStatus::Stuck));
    let out = solve(&p, Algorithm::Human, &SolveOptions::default());
    assert_eq!(out.status, Status::Multiple);
    assert_eq!(out.report.unwrap().status, HumanStatus::Stuck);
    assert_eq!(HumanStatus::Stuck.status(), Status::Stuck);
    // Solved: no step either.
    let full = pattern_solution(Shape::NINE);
    assert_eq!(
        HumanSolver::new().hint_grid(&full),
        Err(HumanStatus::Solved)
    );
}

#[test]
fn empty_grid_is_stuck_with_the_grid() {
    for shape in [
        Shape::new(2, 2).unwrap(),
        Shape::NINE,
        Shape::new(4, 4).unwrap(),
    ] {
        let p = Grid::empty(shape);
        let r = HumanSolver::new().solve(&p);
        assert_eq!(r.status, HumanStatus::Stuck);
        assert_eq!(r.grid, p);
        assert!(r.steps.is_empty());
    }
}

#[test]
fn other_sizes_solve_to_the_pattern() {
    for (shape, holes) in [
        (Shape::new(2, 2).unwrap(), 3usize),
        (Shape::new(2, 3).unwrap(), 3),
        (Shape::new(3, 2).unwrap(), 3),
        (Shape::new(4, 4).unwrap(), 5),
        (Shape::new(3, 4).unwrap(), 4),
    ] {
        let sol = pattern_solution(shape);
        let mut vals = sol.values().to_vec();
        for (i, v) in vals.iter_mut().enumerate() {
            if (i * 7 + i / shape.size()) % holes != 0 {
                *v = 0;
            }
        }
        let p = Grid::from_values(shape, vals).unwrap();
        let r = HumanSolver::new().check_against(sol.clone()).solve(&p);
        assert_ne!(r.status, HumanStatus::Contradiction, "{shape}");
        if r.status == HumanStatus::Solved {
            assert_eq!(r.grid, sol, "{shape}");
        }
        // Whatever it placed is the solution's value.
        for i in 0..p.values().len() {
            let v = r.grid.get(i);
            assert!(v == 0 || v == sol.get(i));
        }
    }
}

#[test]
fn sixteen_by_sixteen_fixture() {
    // A 16x16 with two cells in five blanked, which the techniques fill to the
    // pattern grid it came from.
    let shape = Shape::new(4, 4).unwrap();
    let sol = pattern_solution(shape);
    let mut vals = sol.values().to_vec();
    for (i, v) in vals.iter_mut().enumerate() {
        if (i / 16 + i % 16 * 3) % 5 < 2 {
            *v = 0;
        }
    }
    let p = Grid::from_values(shape, vals).unwrap();
    let r = HumanSolver::new().check_against(sol.clone()).solve(&p);
    assert_eq!(r.status, HumanStatus::Solved);
    assert_eq!(r.grid, sol);
}

#[test]
fn record_steps_off_keeps_counts() {
    let p = grid(SEED);
    let a = HumanSolver::new().solve(&p);
    let b = HumanSolver::new().record_steps(false).solve(&p);
    assert!(b.steps.is_empty());
    assert_eq!(a.counts, b.counts);
    assert_eq!((a.level, a.score), (b.level, b.score));
    assert_eq!(a.steps.len() as u32, a.counts.values().sum::<u32>());
}

#[test]
fn hint_is_the_first_step() {
    let p = grid(SEED);
    let s = HumanSolver::new();
    let hint = s.next_step_grid(&p).unwrap();
    assert_eq!(Some(&hint), s.solve(&p).steps.first());
    assert!(!hint.describe(Shape::NINE).is_empty());
}

/// Every step of the solver on hard puzzles with known unique solutions must keep the
/// true candidates (checked by `check_against`, which panics on a wrong step).
#[test]
#[ignore = "needs ../shared/data (public puzzle collections beside the repository); run with --ignored"]
fn every_step_is_consistent_with_the_solution_on_top1465() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/top1465.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("{path}: {e} (this test needs ../shared/data beside the repository)")
    });
    let mut solved = 0;
    let mut total = 0;
    // Every 15th puzzle keeps the debug test quick; a release run covers them all.
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(15)
    {
        let p = grid(line.trim());
        let (count, sol) = reference(&p);
        assert_eq!(count, 1, "{line}");
        let r = HumanSolver::new()
            .assume_unique(true)
            .check_against(sol.unwrap())
            .solve(&p);
        assert_ne!(r.status, HumanStatus::Contradiction, "{line}");
        total += 1;
        if r.status == HumanStatus::Solved {
            solved += 1;
        }
    }
    eprintln!("top1465 (every 15th): {solved}/{total} solved without guessing");
}

#[test]
fn solve_with_the_human_algorithm_reports_the_rating() {
    use numpl_solve::{solve, Algorithm, SolveOptions, Status};
    let p = grid(SEED);
    let out = solve(&p, Algorithm::Human, &SolveOptions::default());
    assert_eq!(out.status, Status::Solved);
    let r = out.report.unwrap();
    assert_eq!(r.status, HumanStatus::Solved);
    let score: u32 = r.counts.iter().map(|(t, &k)| t.score() * k).sum();
    assert_eq!(r.score, score);
    assert!(r.level >= r.hardest.unwrap().level());
    // A puzzle with two solutions: the human solver may not use uniqueness or brute force,
    // is stuck, and the outcome says `multiple`.
    // r1c1, r1c2, r4c1, r4c2 hold 1,2 / 2,1: blank, they can be swapped.
    let two =
        grid("..3456789456789123789123456..4365897365897214897214365531642978642978531978531642");
    assert_eq!(reference(&two).0, 2);
    let out = solve(&two, Algorithm::Human, &SolveOptions::default());
    assert_eq!(out.status, Status::Multiple);
    let r = out.report.unwrap();
    assert_eq!(r.status, HumanStatus::Stuck);
    assert!(!r.counts.contains_key(&Technique::UniqueRectangle));
    assert!(!r.counts.contains_key(&Technique::BugPlusOne));
    assert!(!r.counts.contains_key(&Technique::BruteForce));
}

/// A random full grid of `shape`: the pattern grid with values, rows within bands, bands,
/// columns within stacks and stacks shuffled.
fn random_solution(shape: Shape, rng: &mut impl rand::Rng) -> Grid {
    use rand::seq::SliceRandom;
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
    let base = pattern_solution(shape);
    let mut values: Vec<u8> = (1..=n as u8).collect();
    values.shuffle(rng);
    let shuffled = |groups: usize, size: usize, rng: &mut dyn rand::RngCore| -> Vec<usize> {
        let mut order: Vec<usize> = (0..groups).collect();
        order.shuffle(rng);
        let mut out = Vec::new();
        for g in order {
            let mut inner: Vec<usize> = (0..size).map(|i| g * size + i).collect();
            inner.shuffle(rng);
            out.extend(inner);
        }
        out
    };
    let rows = shuffled(n / r, r, rng);
    let cols = shuffled(n / c, c, rng);
    let mut vals = Vec::with_capacity(n * n);
    for &row in &rows {
        for &col in &cols {
            vals.push(values[base.get(row * n + col) as usize - 1]);
        }
    }
    let g = Grid::from_values(shape, vals).unwrap();
    assert!(g.is_full() && g.check().is_ok());
    g
}

/// Soundness on random puzzles of several shapes, most with many solutions: every step
/// must hold in the solution the puzzle was cut from (techniques without the uniqueness
/// assumption hold in every solution).
#[test]
fn random_puzzles_every_step_holds_in_the_solution() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let shapes = [
        (2, 2, 300),
        (2, 3, 200),
        (3, 2, 100),
        (2, 4, 100),
        (3, 3, 200),
        (3, 4, 20),
    ];
    for (br, bc, count) in shapes {
        let shape = Shape::new(br, bc).unwrap();
        for _ in 0..count {
            let sol = random_solution(shape, &mut rng);
            let keep = rng.gen_range(0.25..0.6);
            let vals: Vec<u8> = sol
                .values()
                .iter()
                .map(|&v| if rng.gen_bool(keep) { v } else { 0 })
                .collect();
            let p = Grid::from_values(shape, vals).unwrap();
            let r = HumanSolver::new().check_against(sol.clone()).solve(&p);
            assert_ne!(r.status, HumanStatus::Contradiction, "{shape}");
            if r.status == HumanStatus::Solved {
                assert_eq!(r.grid, sol);
            }
        }
    }
}

/// Its logical solution takes one XY-Wing (hard, 758); without it an XY-Chain (unfair).
const XY_WING: &str =
    ".32.6..4...9..8....5..7....6...9...3...5.7...4...8...2....4..9....1..2...4..3.68.";

#[test]
fn solve_options_turn_techniques_off_and_on_again() {
    let p = grid(XY_WING);
    let rate = |opts: &SolveOptions| {
        let r = numpl_solve::solve_human(&p, None, opts).report.unwrap();
        (r.level, r.score, r.counts)
    };
    let (level, score, counts) = rate(&SolveOptions::new());
    assert_eq!((level, score), (Level::Hard, 758));
    assert_eq!(counts.get(&Technique::XyWing), Some(&1));
    let off = SolveOptions::new().enable(Technique::XyWing, false);
    assert_eq!(off.techniques, vec![(Technique::XyWing, false)]);
    let (level, score, counts) = rate(&off);
    assert_eq!((level, score), (Level::Unfair, 858));
    assert!(!counts.contains_key(&Technique::XyWing));
    assert_eq!(counts.get(&Technique::XyChain), Some(&1));
    // The same through solve, and from a position (every candidate still there).
    let out = solve(&p, Algorithm::Human, &off);
    assert_eq!(out.report.unwrap().score, 858);
    let marks = p.candidates();
    let out = numpl_solve::solve_position_human(&p, &marks, None, &off);
    assert_eq!(out.report.unwrap().score, 858);
    // Turned on again, the last word wins: the default rating.
    let again = off.clone().enable(Technique::XyWing, true);
    assert_eq!(again.techniques, vec![(Technique::XyWing, true)]);
    assert_eq!(rate(&again).1, 758);
    assert!(again.human().allows(Technique::XyWing));
    assert!(!off.human().allows(Technique::XyWing));
    // Brute force off: a puzzle logic cannot finish is stuck, rated extreme (what was left
    // out), not on the steps it took.
    let monster =
        grid("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1");
    let logic = SolveOptions::new().enable(Technique::BruteForce, false);
    let out = numpl_solve::solve_human(&monster, None, &logic);
    assert_eq!(out.status, Status::Stuck);
    assert_eq!(out.report.unwrap().level, Level::Extreme);
    // Singles off (full houses stay): none is taken, whatever else the solve needs.
    let no_singles = SolveOptions::new()
        .enable(Technique::NakedSingle, false)
        .enable(Technique::HiddenSingle, false)
        .enable(Technique::BruteForce, false);
    let out = numpl_solve::solve_human(&grid(SEED), None, &no_singles);
    let r = out.report.unwrap();
    assert!(
        !r.counts.contains_key(&Technique::NakedSingle),
        "{:?}",
        r.counts
    );
    assert!(
        !r.counts.contains_key(&Technique::HiddenSingle),
        "{:?}",
        r.counts
    );
}

/// Easter Monster: extreme (forcing nets and brute force in the whole rating).
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// `level_only` stops once the level is certain: on an extreme puzzle part way, with the
/// whole rating's level and solution and a part of its steps; on an easier one it runs to
/// the end and gives the whole rating; with logic only it never stops early.
#[test]
fn level_only_stops_once_the_level_is_certain() {
    let rate = |p: &Grid, opts: &SolveOptions| numpl_solve::solve_human(p, None, opts);
    let quick = SolveOptions::new().level_only(true);
    let p = grid(EASTER_MONSTER);
    let (w, q) = (rate(&p, &SolveOptions::new()), rate(&p, &quick));
    assert_eq!((q.status, &q.solution), (Status::Solved, &w.solution));
    let (w, q) = (w.report.unwrap(), q.report.unwrap());
    assert_eq!((w.status, w.level), (HumanStatus::Solved, Level::Extreme));
    assert_eq!((q.status, q.level), (HumanStatus::Rated, Level::Extreme));
    assert!(q.score < w.score);
    // It stopped before any extreme step: every technique below them had failed.
    assert!(q.counts.keys().all(|t| t.level() < Level::Extreme));
    assert!(q
        .counts
        .iter()
        .all(|(t, k)| w.counts.get(t).is_some_and(|w| k <= w)));
    assert!(!q.grid.is_full());
    // An easier puzzle: the whole rating.
    for s in [SEED, XY_WING] {
        let p = grid(s);
        let (w, q) = (rate(&p, &SolveOptions::new()), rate(&p, &quick));
        assert_eq!((q.status, &q.solution), (w.status, &w.solution));
        let (w, q) = (w.report.unwrap(), q.report.unwrap());
        assert_eq!((q.status, q.level, q.score), (w.status, w.level, w.score));
        assert_eq!(q.counts, w.counts);
    }
    // Logic only: the whole solve, whatever the level.
    let logic = HumanSolver::new()
        .assume_unique(true)
        .logic_only()
        .level_only(true);
    let r = logic.solve(&grid(EASTER_MONSTER));
    assert_ne!(r.status, HumanStatus::Rated);
    // With the solution known but brute force off by `with_max`: the same.
    let sol = w_solution(EASTER_MONSTER);
    let r = HumanSolver::new()
        .with_solution(sol.clone())
        .with_max(Technique::ForcingNet)
        .level_only(true)
        .solve(&grid(EASTER_MONSTER));
    assert_ne!(r.status, HumanStatus::Rated);
    let r = HumanSolver::new()
        .with_solution(sol)
        .level_only(true)
        .solve(&grid(EASTER_MONSTER));
    assert_eq!(r.status, HumanStatus::Rated);
}

/// A puzzle's one solution, by the reference search.
fn w_solution(s: &str) -> Grid {
    let (count, sol) = reference(&grid(s));
    assert_eq!(count, 1, "{s}");
    sol.unwrap()
}
