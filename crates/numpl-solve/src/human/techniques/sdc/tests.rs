use super::*;
use crate::human::tests::{positions, HARD_SIX};
use numpl_core::{Grid, Shape};

/// The subsets as the search listed them before: every one of the 2^k, in order of
/// their bits, then those too large (or, with `als`, not almost locked) dropped.
fn every_subset(b: &Board, cells: &[usize], max: usize, als: bool) -> Vec<Sub> {
    let mut out = Vec::new();
    for bits in 1u64..(1 << cells.len()) {
        let len = count(bits);
        let mask = (0..cells.len())
            .filter(|i| bits >> i & 1 != 0)
            .fold(0, |m, i| m | b.cands[cells[i]]);
        if len <= max && (!als || count(mask) <= len + 1) {
            out.push(Sub { bits, mask, len });
        }
    }
    out
}

/// On every board before a step beyond singles of six hard solves, for every line and
/// box, the subsets of its open cells and of its cells with at most four candidates
/// (the lists `at` makes) are the ones every subset gives, in the same order.
#[test]
fn subsets_as_every_subset_lists_them() {
    let mut out = Vec::new();
    let mut lists = 0;
    for puzzle in HARD_SIX {
        for b in positions(puzzle) {
            for u in 0..3 * b.n {
                let open: Vec<usize> = b
                    .geo
                    .unit(u)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| b.values[c] == 0)
                    .collect();
                let few: Vec<usize> = open
                    .iter()
                    .copied()
                    .filter(|&c| count(b.cands[c]) <= 4)
                    .collect();
                for max in [2, 3] {
                    subsets(&b, &open, max, false, &mut out);
                    assert_eq!(out, every_subset(&b, &open, max, false));
                    subsets(&b, &few, max, true, &mut out);
                    assert_eq!(out, every_subset(&b, &few, max, true));
                    lists += 1;
                }
            }
        }
    }
    assert!(lists > 1000, "{lists}");
}

/// A list longer than 32 cells (a line of a 64x64 grid): every subset of up to three
/// cells, once each and in order, where listing all 2^k first could not be done.
#[test]
fn subsets_of_a_long_list() {
    let b = Board::new(&Grid::empty(Shape::new(8, 8).unwrap()));
    let cells: Vec<usize> = (0..64).collect();
    let mut out = Vec::new();
    subsets(&b, &cells, 3, false, &mut out);
    assert_eq!(out.len(), 64 + 64 * 63 / 2 + 64 * 63 * 62 / 6);
    assert!(out.windows(2).all(|w| w[0].bits < w[1].bits));
    assert!(out.iter().all(|s| s.len == s.bits.count_ones() as usize));
    // Every cell of an empty 64x64 holds all 64 values: no almost locked set.
    subsets(&b, &cells, 3, true, &mut out);
    assert!(out.is_empty());
}
