use crate::human::memo::Memo;
use crate::human::{find, Board, HumanSolver, Technique};
use numpl_core::{parse_one, Mask, ParseOptions};

/// Hard puzzles (top1465) whose solves take ALS steps.
const PUZZLES: [&str; 6] = crate::human::tests::HARD_SIX;

/// The pair search, which tests only the candidates of each set, finds the links a
/// test of every pair finds, in the same order, also when skipping pairs of old sets.
#[test]
fn pair_search_finds_every_link_in_order() {
    use super::{can_skip, pairs, NONE};
    use crate::human::tests::positions;
    let mut links = 0;
    for p in &PUZZLES[..3] {
        let mut kept = Memo::default();
        for b in positions(p) {
            kept.board_changed();
            let (c, reference) = kept.als_sets(&b);
            let skip = can_skip(c, reference);
            c.index_pairs();
            for skip_old in [false, skip] {
                let (mut found, mut fresh) = (Vec::new(), Vec::new());
                let none = pairs(c, skip_old, &mut found, &mut fresh, |_, _, _, _| false);
                assert!(none.is_none());
                let mut plain = Vec::new();
                for i in 0..c.als.len() {
                    for j in i + 1..c.als.len() {
                        if skip_old && c.old[i] != NONE && c.old[j] != NONE {
                            continue;
                        }
                        let common = c.als[i].values & c.als[j].values;
                        if c.disjoint(i, j) {
                            for x in Mask::from_bits(c.restricted_any(i, j, common)) {
                                plain.push((i as u32, j as u32, x));
                            }
                        }
                    }
                }
                assert_eq!(found, plain, "{p}");
                links += found.len();
            }
            // Links known for the next board's reference; each set's partners (found
            // ones merged with those kept from the reference) are every linked set in
            // order.
            super::ensure_links(c, reference);
            for i in 0..c.als.len() {
                let mut plain = Vec::new();
                for j in (0..c.als.len()).filter(|&j| j != i && c.disjoint(i, j)) {
                    let common = c.als[i].values & c.als[j].values;
                    for x in Mask::from_bits(c.restricted_any(i, j, common)) {
                        plain.push((j as u32, x));
                    }
                }
                assert_eq!(c.partners(i), &plain[..], "{p} {i}");
            }
        }
    }
    assert!(links > 1000, "{links}");
}

/// The unrolled target test says what the plain target list says: some cell outside
/// two disjoint sets holds z and sees every z-cell of both.
#[test]
fn z_target_test_as_the_target_list() {
    use super::{pair_has_z_target, z_targets};
    use crate::human::tests::positions;
    let (mut with, mut without) = (0, 0);
    for p in &PUZZLES[..2] {
        for b in positions(p).iter().step_by(3) {
            let mut memo = Memo::default();
            let (c, _) = memo.als_sets(b);
            for i in 0..c.als.len() {
                for j in (i + 1..c.als.len()).filter(|&j| c.disjoint(i, j)) {
                    for z in Mask::from_bits(c.als[i].values & c.als[j].values) {
                        let listed = !z_targets(c, &[i, j], z).is_empty();
                        assert_eq!(pair_has_z_target(c, i, j, z), listed, "{p} {i} {j} {z}");
                        with += usize::from(listed);
                        without += usize::from(!listed);
                    }
                }
            }
        }
    }
    assert!(with > 1000 && without > 1000, "{with} {without}");
}

/// Along whole solves, the ALS finders with one memo kept across the boards (old
/// sets copied from the reference board with their links, searches over old sets
/// skipped) find exactly what they find with a fresh memo on each board.
#[test]
fn kept_memo_finds_what_a_fresh_one_finds() {
    use Technique::*;
    let mut steps = 0;
    for p in PUZZLES {
        let grid = parse_one(p, &ParseOptions::default()).unwrap();
        let report = HumanSolver::new().solve(&grid);
        let mut b = Board::new(&grid);
        let mut memo = Memo::default();
        for step in &report.steps {
            memo.board_changed();
            for t in [AlsXz, AlsXyWing, AlsXyChain, DeathBlossom] {
                let kept = find(t, &b, &mut memo);
                let fresh = find(t, &b, &mut Memo::default());
                steps += usize::from(kept.is_some());
                assert_eq!(kept, fresh, "{p} {t:?}");
            }
            b.apply(step);
        }
    }
    // The boards gave ALS steps to compare, not only failures.
    assert!(steps > 20, "{steps}");
}
