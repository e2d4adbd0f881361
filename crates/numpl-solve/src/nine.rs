//! The dedicated 9x9 solver: one bitboard per digit, kept as three 27-bit band words, with
//! locked candidates along bands and stacks, singles, and guesses on the two-candidate
//! cell with the most open peers. The core lives in `bands.rs` (plain arrays in and out);
//! this module adapts it to numpl's `Grid` and `SearchResult`.

use numpl_core::{Grid, Shape};

use crate::SearchResult;

mod bands;

/// Searches a 9x9 puzzle for up to `limit` solutions, stopping after `budget` nodes.
pub(crate) fn search(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    debug_assert_eq!(puzzle.shape(), Shape::NINE);
    let mut givens = [0u8; 81];
    givens.copy_from_slice(puzzle.values());
    let r = bands::search(&givens, limit, budget);
    SearchResult {
        count: r.count,
        first: r
            .first
            .map(|v| Grid::from_values(Shape::NINE, v.to_vec()).expect("values 1..=9")),
        nodes: r.nodes,
        guesses: r.guesses,
        budget_hit: r.budget_hit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_core::{parse_one, ParseOptions};

    /// Every `step`-th puzzle of a `shared/data` file (beside the repository), or `None`
    /// with a note when the file is not there.
    pub(crate) fn shared_sample(name: &str, step: usize) -> Option<Vec<Grid>> {
        let dir = std::env::var("NUMPL_SHARED_DATA").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data").into()
        });
        let path = format!("{dir}/{name}");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("note: {path} not found; skipping this sample");
            return None;
        };
        let opts = ParseOptions::default();
        Some(
            text.lines()
                .filter(|l| !l.starts_with('#') && l.trim().len() >= 81)
                .step_by(step)
                .map(|l| parse_one(&l.trim()[..81], &opts).expect("a valid puzzle"))
                .collect(),
        )
    }

    #[test]
    fn agrees_with_the_general_solver_on_shared_data() {
        for (name, step) in [
            ("top1465.txt", 7),
            ("17-clue.txt", 499),
            ("forum-hardest-1905.txt", 997),
            ("forum-hardest-1106.txt", 5),
            ("serg-benchmark.txt", 101),
        ] {
            let Some(puzzles) = shared_sample(name, step) else {
                continue;
            };
            assert!(!puzzles.is_empty(), "{name}");
            for p in &puzzles {
                for limit in [1, 2] {
                    let nine = search(p, limit, u64::MAX);
                    let general = crate::fast::general(p, limit, u64::MAX);
                    assert_eq!(nine.count, general.count, "{name}: {p:?}");
                    let s = nine.first.as_ref().expect("these sets are solvable");
                    assert!(s.is_solution_of(p), "{name}: {p:?}");
                    if limit == 2 && general.count == 1 {
                        assert_eq!(nine.first, general.first, "{name}");
                    }
                }
            }
        }
    }

    /// `fast::search` skips `Grid::check` on this path: every clash must be
    /// found here, with no work reported, as the check would have it.
    #[test]
    fn every_clash_is_found_when_the_givens_are_placed() {
        let peers = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
        };
        for a in 0..81 {
            for b in (0..81).filter(|&b| b != a && peers(a, b)) {
                let mut v = vec![0u8; 81];
                v[a] = 7;
                v[b] = 7;
                // A few more givens that do not clash, before and after the pair.
                v[(a + 40) % 81] = if peers(a, (a + 40) % 81) || peers(b, (a + 40) % 81) {
                    v[(a + 40) % 81]
                } else {
                    3
                };
                let g = Grid::from_values(Shape::NINE, v).unwrap();
                assert!(g.check().is_err());
                let r = search(&g, 2, u64::MAX);
                assert_eq!(
                    (r.count, r.nodes, r.guesses),
                    (0, 0, 0),
                    "cells {a} and {b}"
                );
            }
        }
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut v = vec![0u8; 81];
        v[0] = 5;
        v[10] = 5; // same box
        let g = Grid::from_values(Shape::NINE, v).unwrap();
        assert_eq!(search(&g, 2, u64::MAX).count, 0);
    }

    #[test]
    fn counts_up_to_the_limit_and_stops_at_the_budget() {
        let empty = Grid::empty(Shape::NINE);
        let r = search(&empty, 5, u64::MAX);
        assert_eq!(r.count, 5);
        assert!(r.guesses > 0 && !r.budget_hit);
        let r = search(&empty, 2, 10);
        assert!(r.budget_hit && r.count == 0, "{r:?}");
    }
}
