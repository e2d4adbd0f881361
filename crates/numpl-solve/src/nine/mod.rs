//! The dedicated 9x9 solver: one bitboard per digit, kept as three 27-bit band words, with
//! locked candidates along bands and stacks, singles, and guesses on the two-candidate
//! cell with the most open peers.
//!
//! The modules: [`tables`] (lookup tables built at compile time, and bit tricks), [`simd`]
//! (small vectors with safe methods: SSE2 or plain loops), [`state`] (the search state and
//! its propagation), [`search`](mod@search) (the depth-first search over plain arrays, one
//! build per instruction set, and the entry point), [`isa`] (which build this CPU runs).
//! This file adapts the search to numpl's `Grid` and `SearchResult`, and says how it all
//! works:
//!
//! ## Representation
//! One bitboard per digit over the 81 cells, kept as three 27-bit band words: word
//! `9b + d` ("subband") holds the cells of band `b` (rows `3b..3b+3`) that may still hold
//! digit `d`, bit `9r + c` for row `r` of the band and column `c`. A solved cell keeps its
//! bit in its own digit's word and loses it everywhere else.
//!
//! ## Propagation (until nothing changes)
//! - Subband update, for every word that changed since it was last updated: the digit needs
//!   one cell in each of the band's rows and boxes, so the nine mini-rows (row x box) that
//!   can hold it must contain a permutation; mini-rows in no permutation go (locked
//!   candidates inside the band; hidden singles in rows and boxes fall out of it). A box of
//!   the band left with one column takes the digit out of that column in the other two
//!   bands (pointing along columns; this is also what keeps columns free of repeats). A
//!   mini-row alone in its row and box with one cell left is a solved cell (found with
//!   shifts, not a lookup that would wait on the columns): the digit is solved there, and
//!   the cell leaves every other digit's word.
//! - Naked singles: counting the nine digit words bit-sliced finds open cells with one
//!   candidate (placed: the digit leaves the cell's row and box; the update does the rest),
//!   cells with none (a contradiction), and cells with two (kept for guessing).
//! - Locked candidates along stacks, when singles run dry: for each digit, the 3x3 matrix
//!   of a stack's mini-columns (band x column) that can hold it must contain a permutation
//!   too; mini-columns in none are cleared (a column left in one band claims the digit for
//!   that box; hidden singles in columns follow). Digits whose columns did not change since
//!   the last pass are skipped. About 15% fewer guesses.
//!
//! Placing a digit touches one word; the other digits' words and the other bands are
//! cleaned lazily by the update, which runs anyway. Every change marks its word in a bit
//! set (the band clear finds its changed words with SSE2, see [`simd`]), and the update
//! walks the marks a sweep at a time: no branch per word to mispredict, and, unlike
//! comparing every word with a copy from its last update (which costs about 14% of the
//! time), no wide load waiting on the narrow stores just made.
//!
//! ## Search
//! Depth-first. The guess goes to the cell with two candidates that has the most open peers
//! (then the most two-candidate peers): its values reach furthest, and this takes half the
//! guesses of "the first two-candidate cell" (top1465: 9.9 guesses a puzzle against the
//! `sudoku` crate's 21.7; hardest-1106: 138 against 306). With no such cell, an open cell
//! with the fewest candidates. A branch works on a copy of the state (232 bytes); the last
//! branch reuses the parent's.
//!
//! The search is compiled three times: for the x86-64 baseline; with POPCNT/BMI1/BMI2/AVX2
//! (the scoring counts bits; VEX encodings and 256-bit state copies); and the same with
//! PEXT finding a word's mini-rows, for CPUs where PEXT is fast. The choice is made at run
//! time ([`isa::Isa::best`]), so one binary runs everywhere and uses the fast instructions
//! where they exist; code compiled for instructions a CPU may lack is reachable only with a
//! token that proves the CPU has them (see [`isa`]).
//!
//! ## Where the time goes
//! The update is bound by latency, not by instructions: each changed word is a chain of
//! dependent steps (its mini-rows, one lookup for what stays, then its columns and one
//! lookup for what the other bands lose, and the band clear), and a sweep's few words
//! (about three) overlap only where they do not wait on each other's stores. So a shorter
//! chain pays even with more instructions: one lookup for what stays and what is alone
//! against two chained ones (+10%), PEXT for the mini-rows (+4%), change marks against
//! comparing all words with copies after each sweep (+10-15%), solved cells found with
//! shifts (+7-10%). Walking the marks lowest first, without sweeps,
//! serialises the updates and loses 25%; applying a sweep's updates after computing them
//! all (Jacobi order), or deferring the band clears to the end of a sweep, needs more
//! sweeps and loses 10-25%. callgrind on hard puzzles: about 57% of the instructions in the
//! update, 9% in the naked-singles pass, 8% in choosing the guess, 6% in the stack pass;
//! a search node costs about 1.15 times the `sudoku` crate's in time, and half the nodes
//! are needed.

use numpl_core::{Grid, Shape};

use crate::SearchResult;

mod isa;
mod search;
mod simd;
mod state;
mod tables;

/// Searches a 9x9 puzzle for up to `limit` solutions, stopping after `budget` nodes.
pub(crate) fn search(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    debug_assert_eq!(puzzle.shape(), Shape::NINE);
    let mut givens = [0u8; 81];
    givens.copy_from_slice(puzzle.values());
    let r = search::search(&givens, limit, budget);
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

    /// Every `step`-th puzzle of a `shared/data` file: the public puzzle collections beside
    /// the repository (`../shared/data`, or `$NUMPL_SHARED_DATA`). The tests that use it are
    /// `#[ignore]`d (a clean clone has no such folder); run with `--ignored`, they fail
    /// when the file is missing.
    fn shared_sample(name: &str, step: usize) -> Vec<Grid> {
        let dir = std::env::var("NUMPL_SHARED_DATA").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data").into()
        });
        let path = format!("{dir}/{name}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{path}: {e} (this test needs ../shared/data beside the repository)")
        });
        let opts = ParseOptions::default();
        text.lines()
            .filter(|l| !l.starts_with('#') && l.trim().len() >= 81)
            .step_by(step)
            .map(|l| parse_one(&l.trim()[..81], &opts).expect("a valid puzzle"))
            .collect()
    }

    #[test]
    #[ignore = "needs ../shared/data (public puzzle collections beside the repository); run with --ignored"]
    fn agrees_with_the_general_solver_on_shared_data() {
        for (name, step) in [
            ("top1465.txt", 7),
            ("17-clue.txt", 499),
            ("forum-hardest-1905.txt", 997),
            ("forum-hardest-1106.txt", 5),
            ("serg-benchmark.txt", 101),
        ] {
            let puzzles = shared_sample(name, step);
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
