use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use numpl_core::{Grid, Shape};

use super::solver::luby;
use super::*;

/// The general solver with box-line reductions forced on or off and `probe` bivalue cells
/// probed before each guess.
fn general_with(puzzle: &Grid, limit: usize, locked: bool, probe: usize) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), u64::MAX);
    s.set_locked(locked);
    s.set_probe_count(probe);
    s.run(puzzle, limit.max(1))
}

/// A solved grid from the pattern `(bc*(r%br) + r/br + c) % n`, values relabelled by a
/// simple rotation `k`.
fn pattern(br: usize, bc: usize, k: usize) -> Grid {
    let n = br * bc;
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((bc * (r % br) + r / br + c + k) % n + 1) as u8
        })
        .collect();
    Grid::from_values(Shape::new(br, bc).unwrap(), cells).unwrap()
}

/// `grid` with the cells whose (deterministic, pseudo-random) hash is below `keep`
/// out of 1000 kept.
fn thin(grid: &Grid, keep: u64, seed: u64) -> Grid {
    let mut g = grid.clone();
    let mut x = seed | 1;
    for c in 0..g.values().len() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if x % 1000 >= keep {
            g.set(c, 0);
        }
    }
    g
}

#[test]
fn box_line_changes_the_work_not_the_answers() {
    for (br, bc) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (2, 5),
    ] {
        let solved = pattern(br, bc, 1);
        for (keep, seed) in [(300, 1), (450, 2), (600, 3), (750, 4)] {
            let p = thin(&solved, keep, seed);
            let with = general_with(&p, 2, true, 0);
            let without = general_with(&p, 2, false, 0);
            assert_eq!(with.count, without.count, "{br}x{bc} {keep} {seed}");
            for r in [&with, &without] {
                let s = r.first.as_ref().expect("thinned from a solution");
                assert!(s.is_solution_of(&p));
            }
            if with.count == 1 {
                assert_eq!(with.first.as_ref(), Some(&solved));
                assert_eq!(without.first.as_ref(), Some(&solved));
            }
        }
    }
}

#[test]
fn probing_changes_the_work_not_the_answers() {
    for (br, bc) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)] {
        let solved = pattern(br, bc, 2);
        for (keep, seed) in [(450, 6), (550, 7), (700, 8)] {
            let p = thin(&solved, keep, seed);
            let plain = general_with(&p, 2, true, 0);
            for probe in [1, 4, 64] {
                let r = general_with(&p, 2, true, probe);
                assert_eq!(r.count, plain.count, "{br}x{bc} {keep} {seed} {probe}");
                let s = r.first.as_ref().expect("thinned from a solution");
                assert!(s.is_solution_of(&p));
                if r.count == 1 {
                    assert_eq!(r.first.as_ref(), Some(&solved));
                }
            }
            let one = general_with(&p, 1, true, 64);
            assert_eq!(one.count, 1);
            let three = general_with(&p, 3, true, 64);
            assert_eq!(three.count, general_with(&p, 3, true, 0).count);
        }
    }
}

#[test]
fn every_size_up_to_64() {
    for (br, bc) in [(5, 5), (6, 6), (7, 7), (8, 8), (4, 16), (2, 32)] {
        let solved = pattern(br, bc, 3);
        let p = thin(&solved, 700, 9);
        let r = general(&p, 2, u64::MAX);
        assert!(r.count >= 1, "{br}x{bc}");
        assert!(r.first.as_ref().unwrap().is_solution_of(&p), "{br}x{bc}");
        // The empty grid: many solutions, found without trouble up to 36x36 (larger
        // empty grids can need long backtracking: a known weakness).
        if br * bc <= 36 {
            let r = general(&Grid::empty(solved.shape()), 2, u64::MAX);
            assert_eq!(r.count, 2, "{br}x{bc} empty");
        }
    }
}

#[test]
fn nine_by_nine_goes_to_the_bitboard_path_with_the_same_answer() {
    let p = thin(&pattern(3, 3, 0), 400, 5);
    let a = search(&p, 2, u64::MAX);
    let b = general(&p, 2, u64::MAX);
    assert_eq!(a.count, b.count);
    assert!(a.first.unwrap().is_solution_of(&p));
}

/// A 16x16 with 80 random givens and many solutions: a plain depth-first search visits
/// 777 million nodes (87 s) before it finds two; searching in restarts, a few ten thousand.
const RANDOM_GIVENS_16: &str = "......F.6.7.D..8..2..4.6A1....BFE7C..5..G.4....A...G....3.CB.1............1......C3......85..2..5D..F................2..E...F9.7.............8.E.B.4.91..3A...5...G...4....2.C.39.A.8..B...4...........5.G.....B8.FCG.....2...A....E1B9....A...CB1..EA...9F..7.4";

#[test]
fn random_givens_16x16_is_multiple_within_a_small_budget() {
    let p = numpl_core::parse_one(RANDOM_GIVENS_16, &numpl_core::ParseOptions::default()).unwrap();
    let r = general(&p, 2, 5_000_000);
    assert_eq!(r.count, 2, "{r:?}");
    assert!(r.first.unwrap().is_solution_of(&p));
    let one = general(&p, 1, 5_000_000);
    assert_eq!(one.count, 1);
    assert!(one.first.unwrap().is_solution_of(&p));
}

#[test]
fn unit_branching_and_restarts_change_the_work_not_the_answers() {
    for (br, bc) in [(4, 4), (3, 4), (4, 5), (5, 5)] {
        let solved = pattern(br, bc, 4);
        for (keep, seed) in [(200, 11), (350, 12), (500, 13), (650, 14), (800, 15)] {
            let mut p = thin(&solved, keep, seed);
            // A wrong given in some: unsolvable puzzles too.
            if seed % 2 == 0 {
                let c = (0..p.values().len()).find(|&c| p.values()[c] == 0).unwrap();
                let cand = p.candidates()[c];
                if let Some(v) = cand.iter().find(|&v| v != solved.values()[c]) {
                    p.set(c, v);
                }
            }
            let mut counts = Vec::new();
            for (unit_branch, restarts) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                let t = Tuning {
                    unit_branch,
                    restarts,
                    ..Tuning::for_size(br * bc)
                };
                let r = general_tuned(&p, 2, u64::MAX, &t);
                if let Some(s) = &r.first {
                    assert!(s.is_solution_of(&p), "{br}x{bc} {keep}");
                }
                assert!(!r.budget_hit);
                counts.push(r.count);
            }
            assert!(
                counts.iter().all(|&c| c == counts[0]),
                "{br}x{bc} {keep}: {counts:?}"
            );
        }
    }
}

#[test]
fn restarts_stop_at_the_budget_and_report_progress() {
    let p = Grid::empty(Shape::new(4, 4).unwrap());
    let nodes = Arc::new(AtomicU64::new(0));
    let r = general_counted(&p, 2, 100, Some(&nodes));
    assert!(r.budget_hit || r.count == 2, "{r:?}");
    assert!(r.nodes <= 100 + 256, "{}", r.nodes);
    assert_eq!(nodes.load(Ordering::Relaxed), r.nodes);
    assert_eq!(luby(1), 1);
    let seq: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

#[test]
fn budget_and_limit() {
    let empty = Grid::empty(Shape::new(4, 4).unwrap());
    let r = general(&empty, 3, u64::MAX);
    assert_eq!(r.count, 3);
    let r = general(&empty, 2, 5);
    assert!(r.budget_hit, "{r:?}");
    // Conflicting givens: no solution (solve() checks first, the search copes anyway).
    let mut v = vec![0u8; 36];
    v[0] = 2;
    v[7] = 2;
    let g = Grid::from_values(Shape::new(2, 3).unwrap(), v).unwrap();
    assert_eq!(general(&g, 2, u64::MAX).count, 0);
}

proptest::proptest! {
    /// Positions (pencil marks limiting every cell) are searched with weights, unit
    /// branches and box-line reductions ([`search_masked`]); that changes where the search
    /// branches, never what it counts: the same number of solutions (up to 40) as the
    /// plain fewest-candidates search and as the seed's full search, on positions of a
    /// solution grid whose cells keep their value and some others (or, now and then, lose
    /// their value).
    #[test]
    fn positions_count_alike_with_or_without_weights(
        relabel in 0usize..9,
        extra in proptest::collection::vec((0u64..512, 0u64..512, 0u64..512), 81),
        density in 0usize..4,
        dropped in 0usize..160,
    ) {
        let solution = pattern(3, 3, relabel);
        let masks: Vec<u64> = (0..81)
            .map(|c| {
                // Each cell's own value and about one other in eight, two, four or six in
                // eight; one cell loses its own value half the time.
                let (a, b, d) = extra[c];
                let own = if c == dropped { 0 } else { 1u64 << (solution.values()[c] - 1) };
                own | [a & b & d, a & b, a, a | b][density]
            })
            .collect();
        proptest::prop_assume!(masks.iter().all(|&m| m != 0));
        let empty = Grid::empty(Shape::NINE);
        let weighted = search_masked(&empty, &masks, 40, 1_000_000);
        let plain = Solver::new(Shape::NINE, 1_000_000).run_masked(&empty, &masks, 40);
        proptest::prop_assume!(!weighted.budget_hit && !plain.budget_hit);
        proptest::prop_assert_eq!(weighted.count, plain.count);
        // The seed's search, where it is quick (the sparser marks).
        if density < 2 {
            let full = crate::full::search_masked(&empty, Some(&masks), 40, u64::MAX, None);
            proptest::prop_assert_eq!(weighted.count, full.count);
        }
    }
}
