use super::super::tests::{positions, HARD_SIX};
use super::{count, stamp, Board};
use crate::human::bits::members;
use crate::HumanSolver;
use numpl_core::Cell;

/// A unit's state as the finders read it: its placed values and its cells' candidates.
fn unit_state(b: &Board, u: usize) -> Vec<u64> {
    let cells = b.geo.unit(u).iter().map(|&c| b.cands[c as usize]);
    std::iter::once(b.unit_placed[u]).chain(cells).collect()
}

/// A value's positions: per cell, whether it is a candidate there or placed there.
fn value_state(b: &Board, v: u8) -> Vec<(bool, bool)> {
    (0..b.cands.len())
        .map(|c| (b.cands[c] >> (v - 1) & 1 != 0, b.values[c] == v))
        .collect()
}

#[test]
fn count_is_the_number_of_members() {
    for m in (0u64..1 << 12).chain([u64::MAX, 1 << 63, (1 << 40) | 0x1ff]) {
        assert_eq!(count(m), m.count_ones() as usize, "{m:#x}");
    }
}

/// A unit's positions of every value in one pass are each value's positions, on every
/// position of six hard solves (placed cells hold no candidate), and a 16x16's.
#[test]
fn unit_positions_are_each_values_positions() {
    let mut boards: Vec<Board> = HARD_SIX.iter().flat_map(|p| positions(p)).collect();
    let mut g = numpl_core::Grid::empty(numpl_core::Shape::new(4, 4).unwrap());
    g.set(17, 5);
    boards.push(Board::new(&g));
    let mut pos = [!0u64; 64];
    for b in &boards {
        for u in 0..3 * b.n {
            b.unit_positions(u, &mut pos);
            for v in 1..=b.n as u8 {
                assert_eq!(pos[v as usize - 1], b.positions(u, v), "unit {u} value {v}");
            }
        }
    }
}

/// The stamps' law, on every step of six hard solves (placements and eliminations,
/// one at a time, with eliminations of candidates already gone among them): a unit's
/// or a value's stamp changes exactly when its state does.
#[test]
fn stamps_change_exactly_with_the_state() {
    let mut changes = 0;
    for puzzle in HARD_SIX {
        for start in positions(puzzle) {
            // Where logic stalls (the solve placed a value by brute force), no step.
            let Some(step) = HumanSolver::new().next_step(&start) else {
                continue;
            };
            let mut b = start.clone();
            let mut moves: Vec<(Cell, u8, bool)> =
                step.placements.iter().map(|&(c, v)| (c, v, true)).collect();
            moves.extend(step.eliminations.iter().map(|&(c, v)| (c, v, false)));
            // Again: nothing left to remove, nothing may change.
            moves.extend(step.eliminations.iter().map(|&(c, v)| (c, v, false)));
            for (c, v, place) in moves {
                let before = b.clone();
                if place {
                    b.set(c, v);
                } else {
                    b.eliminate(c, v);
                }
                for u in 0..3 * b.n {
                    let same = unit_state(&before, u) == unit_state(&b, u);
                    assert_eq!(same, before.unit_stamp[u] == b.unit_stamp[u], "unit {u}");
                    changes += usize::from(!same);
                }
                for v in 1..=b.n as u8 {
                    let same = value_state(&before, v) == value_state(&b, v);
                    let k = v as usize - 1;
                    assert_eq!(same, before.value_stamp[k] == b.value_stamp[k], "value {v}");
                }
            }
        }
    }
    assert!(changes > 500, "{changes}");
}

/// Stamps are never given twice, on one thread or several, and a copy keeps them.
#[test]
fn stamps_are_unique() {
    let mut all: Vec<u64> = (0..4)
        .map(|_| std::thread::spawn(|| (0..1000).map(|_| stamp()).collect::<Vec<_>>()))
        .flat_map(|t| t.join().unwrap())
        .collect();
    all.extend((0..1000).map(|_| stamp()));
    let n = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), n);
    let b = positions(HARD_SIX[0]).swap_remove(0);
    let mut c = positions(HARD_SIX[1]).swap_remove(0);
    c.copy_from(&b);
    assert_eq!((c.unit_stamp, c.value_stamp), (b.unit_stamp, b.value_stamp));
}

#[test]
fn members_lists_every_bit_in_order() {
    // Empty sets, empty words between and at the ends, the last bit of a word.
    let sets: [&[u64]; 7] = [
        &[],
        &[0],
        &[0, 0, 0],
        &[1 << 63, 0, 1],
        &[0, 0, 0b1011, 1 << 63],
        &[!0, 0, !0],
        &[0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef, 0, 0],
    ];
    for s in sets {
        let plain: Vec<usize> = (0..s.len() * 64)
            .filter(|&i| s[i / 64] >> (i % 64) & 1 != 0)
            .collect();
        assert_eq!(members(s).collect::<Vec<_>>(), plain, "{s:x?}");
    }
}
