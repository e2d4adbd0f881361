//! The public searcher: value order, budget, propagation alone, and the search for a
//! solution that differs from a known one, checked against solution counts.

use numpl_core::{parse_one, Grid, ParseOptions, Shape};
use numpl_solve::{
    count_solutions, Found, KnownFirst, LowestFirst, Propagated, Searcher, ValueOrder,
};

const SEED: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";

fn grid(s: &str) -> Grid {
    parse_one(s, &ParseOptions::default()).unwrap()
}

fn solution(found: Found) -> Grid {
    match found {
        Found::Solution(g) => g,
        other => panic!("expected a solution, got {other:?}"),
    }
}

/// The highest untried value first: the opposite of `LowestFirst`.
fn highest(_cell: usize, untried: u64) -> u8 {
    64 - untried.leading_zeros() as u8
}

#[test]
fn the_order_picks_which_solution_comes_first() {
    for shape in [
        Shape::new(2, 2).unwrap(),
        Shape::NINE,
        Shape::new(3, 4).unwrap(),
    ] {
        let empty = Grid::empty(shape);
        let mut s = Searcher::new(shape);
        let low = solution(s.first(&empty, LowestFirst));
        let high = solution(s.first(&empty, highest));
        assert!(low.is_full() && low.check().is_ok(), "{shape}");
        assert!(high.is_full() && high.check().is_ok(), "{shape}");
        assert_ne!(low, high, "{shape}");
        // The first cell gets the order's extreme value.
        assert_eq!(low.get(0), 1, "{shape}");
        assert_eq!(high.get(0), shape.size() as u8, "{shape}");
        // Known-first follows a complete grid exactly.
        assert_eq!(solution(s.first(&empty, KnownFirst(high.values()))), high);
    }
}

#[test]
fn the_order_is_asked_about_untried_values_only() {
    /// Smallest first through the trait, counting the questions.
    struct Counted(usize);
    impl ValueOrder for Counted {
        fn next(&mut self, _cell: usize, untried: u64) -> u8 {
            assert_ne!(untried, 0);
            self.0 += 1;
            untried.trailing_zeros() as u8 + 1
        }
    }
    let p = grid(SEED);
    let mut s = Searcher::new(p.shape());
    let sol = solution(s.first(&p, Counted(0)));
    assert!(sol.is_solution_of(&p));
    // A closure sees the same questions (the sample needs guesses).
    let mut asked = Vec::new();
    let mut record = |cell: usize, untried: u64| {
        assert_eq!(p.get(cell), 0, "asked about a given");
        asked.push(untried);
        untried.trailing_zeros() as u8 + 1
    };
    assert_eq!(solution(s.first(&p, &mut record)), sol);
    assert!(!asked.is_empty());
    assert!(asked.iter().all(|&m| m != 0));
}

#[test]
fn a_budget_stops_the_search() {
    let shape = Shape::new(4, 4).unwrap();
    let mut s = Searcher::new(shape);
    s.set_budget(Some(0));
    assert_eq!(s.first(&Grid::empty(shape), LowestFirst), Found::Budget);
    s.set_budget(None);
    assert!(matches!(
        s.first(&Grid::empty(shape), LowestFirst),
        Found::Solution(_)
    ));
}

#[test]
fn propagation_alone() {
    let p = grid(SEED);
    let mut s = Searcher::new(p.shape());
    assert_eq!(s.propagate(&p, false), Propagated::Open);
    // Box-line reductions get it through.
    assert_eq!(s.propagate(&p, true), Propagated::Solved);
    // The solution less one cell: a naked single.
    let mut sol = solution(s.first(&p, LowestFirst));
    let v = sol.get(40);
    sol.set(40, 0);
    assert_eq!(s.propagate(&sol, false), Propagated::Solved);
    // Clashing givens; a cell with no candidate.
    sol.set(40, v);
    sol.set(41, v);
    assert_eq!(s.propagate(&sol, false), Propagated::Contradiction);
    let dead = grid(&format!("12345678{}9{}", ".".repeat(9), ".".repeat(63)));
    assert_eq!(s.propagate(&dead, false), Propagated::Contradiction);
    assert_eq!(s.first(&dead, LowestFirst), Found::NoSolution);
}

/// Digging cells out of a complete grid one at a time, keeping a cell only when the
/// puzzle stays unique: `differing` finds a second solution exactly when the count says
/// there are two, and that solution differs where it must.
#[test]
fn differing_agrees_with_counting() {
    let p = grid(SEED);
    let mut s = Searcher::new(p.shape());
    let sol = solution(s.first(&p, LowestFirst));
    let mut cur = sol.clone();
    let (mut unique, mut not) = (0, 0);
    for c in 0..81 {
        if cur.get(c) == 0 {
            continue;
        }
        let v = cur.get(c);
        cur.set(c, 0);
        match s.differing(&cur, &sol, [c]) {
            Found::NoSolution => {
                assert_eq!(count_solutions(&cur, 2), 1, "cell {c}");
                unique += 1;
            }
            Found::Solution(other) => {
                assert_eq!(count_solutions(&cur, 2), 2, "cell {c}");
                assert!(other.is_solution_of(&cur));
                assert_ne!(other.get(c), sol.get(c));
                cur.set(c, v);
                not += 1;
            }
            Found::Budget => panic!("no budget set"),
        }
    }
    assert!(unique > 0 && not > 0, "{unique} {not}");
    // A known grid that the puzzle contradicts in a cell: any solution differs there.
    let mut other = sol.clone();
    let (a, b) = (other.get(0), other.get(1));
    other.set(0, b);
    other.set(1, a);
    assert_eq!(s.differing(&p, &other, [0]), Found::Solution(sol.clone()));
    // Several cells at once, on a puzzle with many solutions.
    let empty = Grid::empty(Shape::NINE);
    let found = solution(s.differing(&empty, &sol, [80, 0]));
    assert_ne!(found.get(80), sol.get(80));
}

/// A searcher that has just searched a puzzle (where probing may force values on the
/// level it searched from) says of propagation what a fresh one says.
#[test]
fn a_used_searcher_propagates_like_a_fresh_one() {
    let shape = Shape::new(4, 4).unwrap();
    let full = solution(Searcher::new(shape).first(&Grid::empty(shape), highest));
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for keep in [300u64, 400, 500, 600] {
        let mut p = full.clone();
        for c in 0..shape.cells() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x % 1000 >= keep {
                p.set(c, 0);
            }
        }
        let mut used = Searcher::new(shape);
        assert!(matches!(used.first(&p, LowestFirst), Found::Solution(_)));
        for box_line in [false, true] {
            let fresh = Searcher::new(shape).propagate(&p, box_line);
            assert_eq!(used.propagate(&p, box_line), fresh, "{keep} {box_line}");
        }
        let _ = used.first(&p, LowestFirst);
        assert_eq!(
            used.differing(&p, &full, 0..shape.cells()),
            Searcher::new(shape).differing(&p, &full, 0..shape.cells()),
            "{keep}"
        );
    }
}
