use super::super::tests::positions;
use super::super::Board;
use super::{meets, within, AlsMemo, AnyWords, Cache, PairTest, Words};
use crate::human::bits::members;
use numpl_core::{Cell, Grid, Mask, Shape};

/// Every pair of sets: the unrolled disjointness test and the pair test of `W` words
/// (which tries only live values) agree with the plain ones, and the live values
/// with their definition. Returns how many pairs had a restricted common value.
fn check_pairs<const W: usize>(c: &Cache) -> usize {
    for i in 0..c.als.len() {
        let mut live = 0;
        for z in Mask::from_bits(c.als[i].values) {
            let (_, seeing) = c.get(i, z).unwrap();
            let outside = (0..c.w).any(|k| c.with(z)[k] & seeing[k] & !c.set(i)[k] != 0);
            live |= u64::from(outside) << (z - 1);
        }
        assert_eq!(c.als[i].live, live, "{i}");
    }
    let mut linked = 0;
    for i in 0..c.als.len() {
        let (words, any) = (Words::<W>::new(c, i), AnyWords::new(c, i));
        for j in 0..c.als.len() {
            let plain = !meets(c.set(i), c.set(j));
            assert_eq!(c.disjoint(i, j), plain, "{i} {j}");
            let common = c.als[i].values & c.als[j].values;
            let r = if plain {
                c.restricted_any(i, j, common)
            } else {
                0
            };
            assert_eq!(words.test(j), r, "{i} {j}");
            assert_eq!(any.test(j), r, "{i} {j}");
            linked += usize::from(r != 0);
        }
    }
    linked
}

#[test]
fn unrolled_pair_tests_match_the_plain_ones() {
    // 9x9 (two words a set): boards along a solve.
    let mut linked = 0;
    let boards = positions(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    );
    for b in boards.iter().step_by(4) {
        let mut memo = AlsMemo::default();
        let (c, _) = memo.current(b, &b.peer_bits());
        assert_eq!(c.w, 2);
        linked += check_pairs::<2>(c);
    }
    assert!(linked > 100, "{linked}");
    // 16x16 (four words): a board whose cells keep two to four candidates each.
    let b = board16();
    let mut memo = AlsMemo::default();
    let (c, _) = memo.current(&b, &b.peer_bits());
    assert_eq!(c.w, 4);
    assert!(check_pairs::<4>(c) > 100);
}

/// Every ALS of every unit by brute force: each subset of the unit's open cells, in
/// depth-first order (a set, then those it grows into), of at most `max` cells with
/// one value more than cells, kept in the first unit holding all its cells.
fn plain_sets(b: &Board, max: usize) -> Vec<(Vec<usize>, u64)> {
    fn rec(
        b: &Board,
        u: usize,
        pool: &[usize],
        max: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<(Vec<usize>, u64)>,
    ) {
        let start = chosen
            .last()
            .map_or(0, |&l| pool.iter().position(|&x| x == l).unwrap() + 1);
        for &x in &pool[start..] {
            chosen.push(x);
            let values = chosen.iter().fold(0, |m, &c| m | b.cands[c]);
            let first = (0..3 * b.n)
                .find(|&v| chosen.iter().all(|&c| b.geo.unit(v).contains(&(c as u16))))
                .unwrap();
            if values.count_ones() as usize == chosen.len() + 1 && first == u {
                out.push((chosen.clone(), values));
            }
            if chosen.len() < max {
                rec(b, u, pool, max, chosen, out);
            }
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    for u in 0..3 * b.n {
        let pool: Vec<usize> = b
            .geo
            .unit(u)
            .iter()
            .map(|&x| x as usize)
            .filter(|&x| b.values[x] == 0)
            .collect();
        rec(b, u, &pool, max, &mut Vec::new(), &mut out);
    }
    out
}

/// The list of `b` built with its pruned enumeration (with `memo`'s reference, if
/// any) is the brute-force list, in the same order, and every set's bit sets are
/// right; the pair search's candidates hold every set sharing a restricted common
/// value with a set. Returns the sets and the linked pairs.
fn check_list(b: &Board, memo: &mut AlsMemo) -> (usize, usize) {
    let (c, _) = memo.current(b, &b.peer_bits());
    let plain = plain_sets(b, super::max_size(b));
    assert_eq!(c.als.len(), plain.len());
    for (i, (cells, values)) in plain.iter().enumerate() {
        assert_eq!((c.cells(i), c.als[i].values), (&cells[..], *values));
        for k in 0..c.w {
            let word = cells
                .iter()
                .filter(|&&x| x / 64 == k)
                .fold(0, |m, &x| m | 1u64 << (x % 64));
            assert_eq!(c.set(i)[k], word);
        }
        for v in Mask::from_bits(*values) {
            let (holding, seeing) = c.get(i, v).unwrap();
            let xs: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&x| b.cands[x] >> (v - 1) & 1 != 0)
                .collect();
            assert_eq!(members(holding).collect::<Vec<_>>(), xs);
            let all: Vec<usize> = (0..b.cands.len())
                .filter(|&t| xs.iter().all(|&x| b.geo.peers(x).contains(&(t as u16))))
                .collect();
            assert_eq!(members(seeing).collect::<Vec<_>>(), all);
        }
        // The blocks of values not in the set are empty.
        for v in Mask::from_bits(b.all & !*values) {
            let o = c.als[i].off + (2 * v as usize - 1) * c.w;
            assert!(c.bits[o..o + 2 * c.w].iter().all(|&x| x == 0));
        }
    }
    c.index_pairs();
    let mut near = vec![0; c.w];
    let mut cand = vec![0; c.sw];
    let mut linked = 0;
    for i in 0..c.als.len() {
        c.candidates(i, &mut near, &mut cand);
        for j in 0..c.als.len() {
            let common = c.als[i].values & c.als[j].values;
            if c.disjoint(i, j) && c.restricted_any(i, j, common) != 0 {
                assert!(cand[j / 64] >> (j % 64) & 1 != 0, "{i} {j}");
                linked += 1;
            }
        }
    }
    (plain.len(), linked)
}

/// The list built with its pruned enumeration (and, along a solve, with units and
/// sets kept from the reference board) is the brute-force list, in the same order;
/// every set's bit sets are right; and the pair search's candidates hold every set
/// sharing a restricted common value with a set ([`check_list`]). 9x9 boards along
/// solves (two words a set) and a 16x16 board (four).
#[test]
fn list_and_pair_candidates_match_the_plain_ones() {
    let (mut sets, mut linked) = (0, 0);
    for p in [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7..4......5....3........1..368..........2..5....7........5...7213...8...6........",
    ] {
        let mut kept = AlsMemo::default();
        for b in positions(p).iter().step_by(2) {
            kept.board_changed();
            for memo in [&mut kept, &mut AlsMemo::default()] {
                let (s, l) = check_list(b, memo);
                sets += s;
                linked += l;
            }
        }
    }
    assert!(sets > 1000 && linked > 1000, "{sets} {linked}");
    let (s, l) = check_list(&board16(), &mut AlsMemo::default());
    assert!(s > 1000 && l > 1000, "{s} {l}");
}

/// A 16x16 board whose cells keep two to four candidates each.
fn board16() -> Board {
    let shape = Shape::new(4, 4).unwrap();
    let mut b = Board::new(&Grid::empty(shape));
    let mut seed = 12345u64;
    for cell in 0..256 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let keep = 2 + (seed >> 60) as usize % 3;
        let first = (seed >> 40) as usize % 16;
        for k in keep..16 {
            b.eliminate(Cell::new(cell as u16), ((first + k) % 16) as u8 + 1);
        }
    }
    b
}

#[test]
fn set_helpers() {
    let a = [0b1011u64, 1 << 63];
    let b = [0b1111u64, 1 << 63 | 1];
    let c = [0b0100u64, 0];
    assert!(within(&a, &b) && !within(&b, &a));
    assert!(meets(&a, &b) && !meets(&a, &c));
    assert_eq!(members(&a).collect::<Vec<_>>(), vec![0, 1, 3, 127]);
    assert_eq!(members(&[0u64, 0]).count(), 0);
}
