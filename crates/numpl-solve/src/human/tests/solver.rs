//! The solver as a whole: other shapes, bad values, the memo, brute force, timings.

use super::*;

#[test]
fn techniques_on_six_by_six_boxes_of_two_by_three() {
    let shape = Shape::new(2, 3).unwrap();
    let at = |r: usize, c: usize| Cell::new(((r - 1) * 6 + (c - 1)) as u16);
    // Pointing: 1 in box 1 (rows 1-2, columns 1-3) only on row 1.
    let mut b = Board::new(&Grid::empty(shape));
    for c in 1..=3 {
        b.eliminate(at(2, c), 1);
    }
    let step = subsets::locked_candidates(&b, true, None).unwrap();
    let want: Vec<(usize, u8)> = (4..=6).map(|c| (at(1, c).index(), 1)).collect();
    assert_eq!(elims(&step), want);
    // Finned X-Wing: 2 in rows 1 and 4 at columns 1, 5, plus the fin r4c6 (box 4 =
    // rows 3-4, columns 4-6): r3c5 sees the fin and is in a cover column.
    let mut b = Board::new(&Grid::empty(shape));
    for c in [2, 3, 4, 6] {
        b.eliminate(at(1, c), 2);
    }
    for c in [2, 3, 4] {
        b.eliminate(at(4, c), 2);
    }
    assert!(fish::basic_fish(&b, 2, &mut Memo::default()).is_none());
    let step = fish::finned_fish(&b, 2, false, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), vec![(at(3, 5).index(), 2)]);
}

#[test]
fn board_rejects_out_of_range_values_without_panicking() {
    let mut b = empty9();
    assert!(!b.eliminate(Cell::new(0), 0));
    assert!(!b.eliminate(Cell::new(0), 10));
    assert!(!b.is_contradictory());
    b.set(Cell::new(0), 10);
    assert!(b.is_contradictory());
    let mut b = empty9();
    b.set(Cell::new(0), 5);
    b.set(Cell::new(1), 5);
    assert!(b.is_contradictory());
    assert_eq!(HumanSolver::new().next_step(&b), None);
}

/// The memo (searches skipped where they failed on the same candidates, XY-chains on the
/// same bivalue cells, the ALS list kept per board) only saves time: a whole solve takes
/// exactly the steps found one at a time, each from scratch with an empty memo.
#[test]
fn memo_changes_no_step() {
    let famous = include_str!("../../../../../fixtures/9x9/famous.txt");
    let mut puzzles: Vec<&str> = famous
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // A generated 16x16 needing XY-chains, AIC, grouped AIC, ALS, Sue de Coq and
    // forcing chains.
    puzzles.push(
        ".e.2.gb7...15c..d4...5...c.....ga7....c8....6bf1...g2..d.....8..5......g4........d6f.e2...c8..5......f5.e62ag..4g..4..8c..f.a.12ca.d.b..67..f..54..ba3e1.58......8..c6...fg.b19........93......a..4.....d..72...26d8....54....g9b.....6...1...df..a5b...g26.1.e.",
    );
    let solver = HumanSolver::new().assume_unique(true);
    for p in puzzles {
        let g = grid(p);
        let report = solver.solve(&g);
        let mut b = Board::new(&g);
        let mut steps = Vec::new();
        while let Some(step) = solver.next_step(&b) {
            b.apply(&step);
            steps.push(step);
        }
        assert_eq!(report.steps.len(), steps.len(), "{p}");
        for (i, (a, c)) in report.steps.iter().zip(&steps).enumerate() {
            assert_eq!(a, c, "{p}: step {i}");
        }
    }
}

/// Easter Monster: logic alone gets stuck; HoDoKu finishes it with brute force.

#[test]
fn brute_force_places_the_solution_in_the_middle_open_cell() {
    let p = grid(EASTER_MONSTER);
    let sol = solution_of_grid(&p);
    // Logic only: stuck, never a brute force step.
    let logic = HumanSolver::new().with_solution(sol.clone()).logic_only();
    let stuck = logic.solve(&p);
    assert_eq!(stuck.status, HumanStatus::Stuck);
    assert!(!stuck.counts.contains_key(&Technique::BruteForce));
    // The same below brute force by a technique limit.
    let capped = HumanSolver::new()
        .with_solution(sol.clone())
        .with_max(Technique::ForcingNet)
        .solve(&p);
    assert_eq!(capped.status, HumanStatus::Stuck);
    assert_eq!(capped.counts, stuck.counts);
    // From the stuck position, the next step is brute force: of the open cells in reading
    // order, the one at index open/2 gets the solution's value.
    let mut b = Board::new(&p);
    for s in &logic.solve(&p).steps {
        b.apply(s);
    }
    let open: Vec<usize> = (0..81).filter(|&c| b.values[c] == 0).collect();
    assert!(!open.is_empty());
    let middle = open[open.len() / 2];
    let step = HumanSolver::new()
        .with_solution(sol.clone())
        .hint(&b)
        .unwrap();
    assert_eq!(step.technique, Technique::BruteForce);
    assert_eq!(
        step.placements,
        vec![(Cell::new(middle as u16), sol.get(middle))]
    );
    assert!(step.eliminations.is_empty());
    assert!(step.describe(Shape::NINE).starts_with("Brute Force: r"));
    // The whole solve ends solved, every step right, rated extreme with 10000 a brute
    // force step.
    let r = HumanSolver::new()
        .with_solution(sol.clone())
        .check_against(sol.clone())
        .solve(&p);
    assert_eq!(r.status, HumanStatus::Solved);
    assert_eq!(r.grid, sol);
    let k = r.counts[&Technique::BruteForce];
    assert!(k >= 1);
    assert_eq!(r.level, Level::Extreme);
    assert_eq!(r.hardest, Some(Technique::BruteForce));
    let score: u32 = r.counts.iter().map(|(t, &n)| t.score() * n).sum();
    assert_eq!(r.score, score);
    assert!(r.score >= 10_000 * k);
    // Without the solution but known unique, the solver searches it itself: same solve.
    let own = HumanSolver::new().assume_unique(true).solve(&p);
    assert_eq!(own.counts, r.counts);
    assert_eq!(own.grid, sol);
    // Not known to be unique: no brute force.
    let unknown = HumanSolver::new().solve(&p);
    assert_eq!(unknown.status, HumanStatus::Stuck);
}

#[test]
fn brute_force_refuses_a_solution_the_candidates_exclude() {
    let p = grid(EASTER_MONSTER);
    let sol = solution_of_grid(&p);
    let mut b = Board::new(&p);
    let open: Vec<usize> = (0..81).filter(|&c| b.values[c] == 0).collect();
    let middle = open[open.len() / 2];
    b.eliminate(Cell::new(middle as u16), sol.get(middle));
    assert!(brute_force(&b, &sol).is_none());
}

#[test]
fn brute_force_is_named_scored_and_ordered_as_hodoku() {
    let t: Technique = "brute_force".parse().unwrap();
    assert_eq!(t, Technique::BruteForce);
    assert_eq!(t.name(), "brute_force");
    assert_eq!(t.title(), "Brute Force");
    assert_eq!(t.level(), Level::Extreme);
    assert_eq!(t.score(), 10_000);
    assert!(t > Technique::ForcingNet);
    assert_eq!(Technique::all_for(9).last(), Some(&Technique::BruteForce));
}

#[test]
fn new_last_techniques_are_named_scored_and_ordered_as_hodoku() {
    // HoDoKu: ALS-XY-Chain 5900 unfair 340; Death Blossom 6000 unfair 360 (off);
    // forcing chain 8500 extreme 500; forcing net 8600 extreme 700.
    let want = [
        (
            Technique::AlsXyChain,
            "als_xy_chain",
            "ALS-XY-Chain",
            Level::Unfair,
            340,
            true,
        ),
        (
            Technique::DeathBlossom,
            "death_blossom",
            "Death Blossom",
            Level::Unfair,
            360,
            false,
        ),
        (
            Technique::ForcingChain,
            "forcing_chain",
            "Forcing Chain",
            Level::Extreme,
            500,
            true,
        ),
        (
            Technique::ForcingNet,
            "forcing_net",
            "Forcing Net",
            Level::Extreme,
            700,
            true,
        ),
    ];
    for (t, name, title, level, score, on) in want {
        assert_eq!(name.parse::<Technique>().unwrap(), t);
        assert_eq!((t.name().as_ref(), t.title().as_ref()), (name, title));
        assert_eq!(
            (t.level(), t.score(), t.on_by_default()),
            (level, score, on)
        );
    }
    let all = Technique::all_for(9);
    let at = |t: Technique| all.iter().position(|&x| x == t).unwrap();
    assert!(at(Technique::AlsXyWing) < at(Technique::AlsXyChain));
    assert!(at(Technique::AlsXyChain) < at(Technique::DeathBlossom));
    assert!(at(Technique::DeathBlossom) < at(Technique::ForcingChain));
    assert!(at(Technique::ForcingChain) < at(Technique::ForcingNet));
    assert!(at(Technique::ForcingNet) < at(Technique::BruteForce));
}

#[test]
fn timings_count_every_finder_run_and_every_step_found() {
    // top1465's first: chains, ALS and forcing steps, so many finders run, mostly in vain.
    let g =
        grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    let plain = HumanSolver::new().logic_only().solve(&g);
    assert!(plain.timings.is_empty(), "timings only when asked for");
    let timed = HumanSolver::new()
        .logic_only()
        .time_techniques(true)
        .solve(&g);
    // Timing changes nothing the solve does.
    assert_eq!(timed.counts, plain.counts);
    assert_eq!(timed.status, plain.status);
    let found: u64 = timed.timings.iter().map(|t| t.found).sum();
    let beyond_singles: u64 = plain
        .counts
        .iter()
        .filter(|(t, _)| **t > Technique::HiddenSingle)
        .map(|(_, &k)| u64::from(k))
        .sum();
    assert!(beyond_singles > 0);
    assert_eq!(found, beyond_singles);
    for t in &timed.timings {
        assert!(t.calls >= t.found.max(1), "{t:?}");
        assert!(t.technique > Technique::HiddenSingle, "{t:?}");
    }
    // Steps are counted under the finder that ran: nice loops and AICs come from one
    // search, timed under the first of its techniques.
    let runs = |t: Technique| timed.timings.iter().find(|x| x.technique == t);
    let loops = runs(Technique::ContinuousNiceLoop).map_or(0, |x| x.found);
    let counted = |t| u64::from(plain.counts.get(&t).copied().unwrap_or(0));
    assert_eq!(
        loops,
        counted(Technique::ContinuousNiceLoop)
            + counted(Technique::DiscontinuousNiceLoop)
            + counted(Technique::Aic)
    );
    assert_eq!(
        runs(Technique::AlsXz).map_or(0, |x| x.found),
        counted(Technique::AlsXz)
    );
    // Each technique appears once, in the order first tried (the solver's order).
    let order: Vec<Technique> = timed.timings.iter().map(|t| t.technique).collect();
    let mut sorted = order.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(order, sorted);
}
