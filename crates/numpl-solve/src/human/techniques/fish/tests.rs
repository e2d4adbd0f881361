//! Franken, mutant and kraken fish on positions built by hand: an empty 9x9 grid where
//! value 1 keeps only the candidates of the pattern in a few units (every other unit
//! keeps all nine), with the eliminations worked out in the comments.

use numpl_core::{Cell, Grid, Shape};

use crate::human::memo::Memo;
use crate::human::step::Variant;
use crate::human::tests::{elims, rc};
use crate::human::*;

/// An empty 9x9 board where value 1 is left only in `cells` within each of `units`
/// (unit indices: rows 0-8, columns 9-17, boxes 18-26).
fn board(units: &[usize], cells: &[(usize, usize)]) -> Board {
    let mut b = Board::new(&Grid::empty(Shape::NINE));
    let keep: Vec<usize> = cells.iter().map(|&(r, c)| rc(r, c)).collect();
    for &u in units {
        for &c in b.geo.unit(u) {
            if !keep.contains(&(c as usize)) {
                b.eliminate(Cell::new(c), 1);
            }
        }
    }
    b
}

fn row(r: usize) -> usize {
    r - 1
}
fn col(c: usize) -> usize {
    9 + c - 1
}
fn bx(i: usize) -> usize {
    18 + i - 1
}

fn ones(cells: &[(usize, usize)]) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = cells.iter().map(|&(r, c)| (rc(r, c), 1)).collect();
    e.sort_unstable();
    e
}

#[test]
fn franken_x_wing_row_and_box() {
    // Row 1 holds 1 only in r1c4, r1c5; box 5 only in r4c4, r6c5 (columns 4 and 5).
    // The two truths of row 1 and box 5 fill columns 4 and 5, so 1 goes from the rest
    // of both columns: r2c4, r3c4, r7c4, r8c4, r9c4 and r2c5, r3c5, r7c5, r8c5, r9c5
    // (r5c4 and the other cells of box 5 already lack it).
    let b = board(&[row(1), bx(5)], &[(1, 4), (1, 5), (4, 4), (6, 5)]);
    let step = find(Technique::FrankenFish(2), &b, &mut Memo::default()).unwrap();
    assert_eq!(
        elims(&step),
        ones(&[
            (2, 4),
            (3, 4),
            (7, 4),
            (8, 4),
            (9, 4),
            (2, 5),
            (3, 5),
            (7, 5),
            (8, 5),
            (9, 5)
        ])
    );
    assert_eq!(
        step.describe(Shape::NINE),
        "Franken X-Wing: 1 in row 1, box 5 covered by column 4, column 5 => \
         r2c4, r2c5, r3c4, r3c5, r7c4, r7c5, r8c4, r8c5, r9c4, r9c5 <> 1"
    );
    // Not a basic fish, and not a mutant one.
    for t in [Technique::Fish(2), Technique::MutantFish(2)] {
        if let Some(s) = find(t, &b, &mut Memo::default()) {
            panic!("{}", s.describe(Shape::NINE));
        }
    }
}

#[test]
fn finned_franken_x_wing() {
    // As above with a fin r1c6 in row 1: either the fin is true, or the Franken X-Wing
    // holds. Only cover cells that see r1c6 go: r2c4, r3c4, r2c5, r3c5 (box 2).
    let b = board(&[row(1), bx(5)], &[(1, 4), (1, 5), (1, 6), (4, 4), (6, 5)]);
    assert!(find(Technique::FrankenFish(2), &b, &mut Memo::default()).is_none());
    let step = find(Technique::FinnedFrankenFish(2), &b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), ones(&[(2, 4), (3, 4), (2, 5), (3, 5)]));
    assert_eq!(
        step.describe(Shape::NINE),
        "Finned Franken X-Wing: 1 in row 1, box 5 covered by column 4, column 5, fin r1c6 \
         => r2c4, r2c5, r3c4, r3c5 <> 1"
    );
}

#[test]
fn franken_swordfish_two_rows_and_a_box() {
    // Rows 1 and 8 and box 5 hold 1 only in columns 1, 4 and 5: r1c1, r1c4; r8c1, r8c5;
    // r5c4, r6c5. No two of them fit in two cover sets (r1c4 and r8c5 lie in different
    // boxes). Their three truths fill columns 1, 4, 5: 1 goes from r2c1..r7c1, r9c1,
    // r2c4, r3c4, r7c4, r9c4 and r2c5, r3c5, r7c5, r9c5.
    let b = board(
        &[row(1), row(8), bx(5)],
        &[(1, 1), (1, 4), (8, 1), (8, 5), (5, 4), (6, 5)],
    );
    if let Some(s) = find(Technique::FrankenFish(2), &b, &mut Memo::default()) {
        panic!("{}", s.describe(Shape::NINE));
    }
    let step = find(Technique::FrankenFish(3), &b, &mut Memo::default()).unwrap();
    assert_eq!(
        elims(&step),
        ones(&[
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
            (7, 1),
            (9, 1),
            (2, 4),
            (3, 4),
            (7, 4),
            (9, 4),
            (2, 5),
            (3, 5),
            (7, 5),
            (9, 5),
        ])
    );
    assert!(step.describe(Shape::NINE).starts_with(
        "Franken Swordfish: 1 in row 1, row 8, box 5 covered by column 1, column 4, column 5 => "
    ));
}

#[test]
fn mutant_x_wing_row_and_column() {
    // Row 1 holds 1 only in r1c1, r1c3 (box 1); column 2 only in r2c2 (box 1) and r7c2.
    // Row 1's 1 is in box 1, so column 2's cannot be r2c2 (box 1 again): it is r7c2.
    // Cover sets box 1 and row 7: 1 goes from r2c1, r2c3, r3c1, r3c3 and from the rest
    // of row 7.
    let b = board(&[row(1), col(2)], &[(1, 1), (1, 3), (2, 2), (7, 2)]);
    if let Some(s) = find(Technique::FrankenFish(2), &b, &mut Memo::default()) {
        panic!("{}", s.describe(Shape::NINE));
    }
    let step = find(Technique::MutantFish(2), &b, &mut Memo::default()).unwrap();
    assert_eq!(
        elims(&step),
        ones(&[
            (2, 1),
            (2, 3),
            (3, 1),
            (3, 3),
            (7, 1),
            (7, 3),
            (7, 4),
            (7, 5),
            (7, 6),
            (7, 7),
            (7, 8),
            (7, 9),
        ])
    );
    assert!(step
        .describe(Shape::NINE)
        .starts_with("Mutant X-Wing: 1 in row 1, column 2 covered by row 7, box 1 => "));
}

#[test]
fn finned_mutant_x_wing() {
    // As above with a fin r1c5 in row 1: only cover cells that see r1c5 go. Of row 7 and
    // box 1 that is r7c5 (column 5). (Column 5 and box 1 as covers, with r7c2 the fin,
    // remove the same r7c5.)
    let b = board(&[row(1), col(2)], &[(1, 1), (1, 3), (1, 5), (2, 2), (7, 2)]);
    assert!(find(Technique::MutantFish(2), &b, &mut Memo::default()).is_none());
    let step = find(Technique::FinnedMutantFish(2), &b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), ones(&[(7, 5)]));
    assert_eq!(step.extra.len(), 1);
}

#[test]
fn generalized_fish_are_on_as_in_hodoku() {
    // HoDoKu's defaults: Franken X-Wing and Swordfish and their finned forms on; larger
    // Franken fish, every mutant fish and kraken fish off until enabled.
    let s = HumanSolver::new();
    for t in [
        Technique::FrankenFish(2),
        Technique::FrankenFish(3),
        Technique::FinnedFrankenFish(2),
        Technique::FinnedFrankenFish(3),
    ] {
        assert!(s.allows(t), "{t}");
    }
    for t in [
        Technique::FrankenFish(4),
        Technique::FinnedFrankenFish(4),
        Technique::MutantFish(2),
        Technique::MutantFish(4),
        Technique::FinnedMutantFish(3),
        Technique::KrakenFish,
    ] {
        assert!(!s.allows(t), "{t}");
        assert!(!s.advanced(9).contains(&t), "{t}");
        let on = HumanSolver::new().enable(t, true);
        assert!(on.allows(t) && on.advanced(9).contains(&t), "{t}");
    }
    // The mutant X-Wing position: the default solver never takes a mutant step there;
    // enabled, it does once nothing easier applies.
    let b = board(&[row(1), col(2)], &[(1, 1), (1, 3), (2, 2), (7, 2)]);
    let only = |s: HumanSolver| s.with_max(Technique::FinnedMutantFish(4)).hint(&b);
    let off = only(HumanSolver::new());
    assert!(off.map_or(true, |s| s.technique != Technique::MutantFish(2)));
    // Names, order, levels and scores.
    assert_eq!(
        Technique::FinnedFrankenFish(3).name(),
        "finned_franken_swordfish"
    );
    assert_eq!("mutant_jellyfish".parse(), Ok(Technique::MutantFish(4)));
    assert_eq!("kraken_fish".parse(), Ok(Technique::KrakenFish));
    assert_eq!(
        Technique::FinnedMutantFish(2).title(),
        "Finned Mutant X-Wing"
    );
    assert!(Technique::AlsXyWing < Technique::FrankenFish(2));
    assert!(Technique::FrankenFish(4) < Technique::FinnedFrankenFish(2));
    assert!(Technique::FinnedFrankenFish(4) < Technique::MutantFish(2));
    assert!(Technique::MutantFish(4) < Technique::FinnedMutantFish(2));
    assert!(Technique::FinnedMutantFish(4) < Technique::KrakenFish);
    assert!(Technique::KrakenFish < Technique::ForcingChain);
    let scores: Vec<u32> = [
        Technique::FrankenFish(2),
        Technique::FrankenFish(3),
        Technique::FrankenFish(4),
        Technique::FinnedFrankenFish(2),
        Technique::FinnedFrankenFish(3),
        Technique::FinnedFrankenFish(4),
        Technique::MutantFish(3),
        Technique::FinnedMutantFish(3),
        Technique::KrakenFish,
    ]
    .iter()
    .map(|t| t.score())
    .collect();
    assert_eq!(scores, [300, 350, 370, 390, 410, 430, 450, 470, 500]);
    assert_eq!(Technique::FinnedFrankenFish(4).level(), Level::Unfair);
    assert_eq!(Technique::MutantFish(2).level(), Level::Extreme);
    assert_eq!(Technique::KrakenFish.level(), Level::Extreme);
    // Only X-Wings beyond 9x9 (see `Technique::all_for`).
    let big = Technique::all_for(16);
    assert!(big.contains(&Technique::FinnedFrankenFish(2)));
    assert!(!big.contains(&Technique::FinnedFrankenFish(3)));
}

#[test]
fn kraken_fish_type_1() {
    // Finned X-Wing on 1: rows 1 and 5 in columns 2 and 8, fin r5c5, which sees no cover
    // cell: no plain elimination. Row 9 holds 1 only in r9c3 and r9c5.
    // Either the X-Wing holds (1 in column 2 is in row 1 or 5: r7c2 is not 1), or the fin
    // is true: (1)r5c5 - (1)r9c5 = (1)r9c3 - (1)r7c2 (box 7). Either way r7c2 <> 1.
    let b = board(
        &[row(1), row(5), row(9)],
        &[(1, 2), (1, 8), (5, 2), (5, 5), (5, 8), (9, 3), (9, 5)],
    );
    let step = find(Technique::KrakenFish, &b, &mut Memo::default()).unwrap();
    assert_eq!(step.variant, Variant::Type(1));
    assert_eq!(elims(&step), ones(&[(7, 2)]));
    assert_eq!(
        step.describe(Shape::NINE),
        "Kraken Fish type 1: Finned X-Wing 1 in row 1, row 5 covered by column 2, column 8, \
         fin r5c5; each fin leads to r7c2 <> 1: (1)r5c5 - (1)r9c5 = (1)r9c3 - (1)r7c2 => r7c2 <> 1"
    );
    assert_eq!(step.chain_branches().len(), 1);
}

#[test]
fn kraken_fish_type_2() {
    // The same finned X-Wing (rows 1 and 5, columns 2 and 8, fin r5c5), row 9 free, and
    // row 8 holding 1 only in r8c2 and r8c4. No chain from the fin removes a cover cell
    // (type 1), but column 2's base candidates and the fin all remove 1 from r4c4:
    //   (1)r1c2 - (1)r8c2 = (1)r8c4 - (1)r4c4 (column 4)
    //   (1)r5c2 - (1)r8c2 = (1)r8c4 - (1)r4c4
    //   (1)r5c5 - (1)r4c4 (box 5)
    // If no fin is true, column 2's 1 is r1c2 or r5c2; else the fin is: r4c4 <> 1.
    let b = board(
        &[row(1), row(5), row(8)],
        &[(1, 2), (1, 8), (5, 2), (5, 5), (5, 8), (8, 2), (8, 4)],
    );
    let step = find(Technique::KrakenFish, &b, &mut Memo::default()).unwrap();
    assert_eq!(step.variant, Variant::Type(2));
    assert_eq!(elims(&step), ones(&[(4, 4)]));
    assert_eq!(step.chain_branches().len(), 3);
    assert_eq!(
        step.describe(Shape::NINE),
        "Kraken Fish type 2: Finned X-Wing 1 in row 1, row 5 covered by column 2, column 8, \
         fin r5c5; each 1 of the cover set (r1c2, r5c2) and each fin leads to r4c4 <> 1: \
         (1)r1c2 - (1)r8c2 = (1)r8c4 - (1)r4c4; (1)r5c2 - (1)r8c2 = (1)r8c4 - (1)r4c4; \
         (1)r5c5 - (1)r4c4 => r4c4 <> 1"
    );
}

/// Every fish `franken::search` finds on `b` in every mode the solver uses, on the `u128`
/// path and on the general one (which must agree fish for fish, in order), and how many.
fn both_searches_agree(b: &Board, max_k: usize) -> usize {
    use super::franken::{self, Mode};
    let peers = b.peer_bits();
    let modes = [
        (0, 0, true, 2),
        (5, 2, true, 2),
        (0, 0, true, 4),
        (5, 2, true, 4),
        (2, 0, false, 1 | 2),
    ];
    let sides: [(u8, u8); 3] = [(1 | 4, 2 | 4), (2 | 4, 1 | 4), (7, 7)];
    let mut total = 0;
    for (max_fins, max_endo, need_elims, kinds) in modes {
        let mode = Mode {
            max_fins,
            max_endo,
            need_elims,
            kinds,
        };
        for k in 2..=max_k {
            for v in 1..=b.n as u8 {
                for (bk, ck) in sides {
                    if (bk == 7) != (kinds == 4) {
                        continue;
                    }
                    let q = franken::Query {
                        v,
                        k,
                        base_kinds: bk,
                        cover_kinds: ck,
                        mode,
                    };
                    let run = |small: bool, stop_at: usize| {
                        let mut out = Vec::new();
                        let mut push = |f: &franken::Found| {
                            out.push(format!("{f:?}"));
                            out.len() == stop_at
                        };
                        let stopped = if small {
                            franken::small::search(b, &peers, q, None, &mut push)
                        } else {
                            franken::search_words(b, &peers, q, &mut push)
                        };
                        (out, stopped)
                    };
                    let (fast, stopped) = run(true, 0);
                    assert_eq!((&fast, stopped), (&run(false, 0).0, false), "v{v} k{k}");
                    // Told the only candidates that can go (those in no template), the
                    // search prunes more and finds the same fish in the same order.
                    if let (true, Some(rows)) = (
                        need_elims,
                        crate::human::templates::lone_candidates(b, v, &mut Default::default()),
                    ) {
                        let mut targets = vec![0u64; b.cands.len().div_ceil(64)];
                        for (r, &m) in rows.iter().enumerate() {
                            for col in 0..b.n {
                                if m >> col & 1 != 0 {
                                    let c = r * b.n + col;
                                    targets[c / 64] |= 1 << (c % 64);
                                }
                            }
                        }
                        let mut out = Vec::new();
                        franken::small::search(b, &peers, q, Some(&targets), &mut |f| {
                            out.push(format!("{f:?}"));
                            false
                        });
                        assert_eq!(out, fast, "v{v} k{k} with targets");
                    }
                    total += fast.len();
                    if fast.len() > 1 {
                        // Stopping at the second fish stops both alike.
                        assert_eq!(run(true, 2), run(false, 2));
                    }
                }
            }
        }
    }
    total
}

#[test]
fn franken_search_on_u128_is_the_general_search() {
    // Positions along HoDoKu-rated solves of hard puzzles, where fish of every kind turn up.
    let puzzles = [
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "98.7..6..5...9..7...7..6...43..2......86...5......34....98...6.....6...1.....12..",
        "98.7..6..5...8......7..4.8.4....32....14...3.....1...6.5...91....9.4..7....3....2",
    ];
    let solver = HumanSolver::new();
    let mut found = 0;
    for p in puzzles {
        let g = numpl_core::parse_one(p, &numpl_core::ParseOptions::default()).unwrap();
        let mut b = Board::new(&g);
        for i in 0..60 {
            let Ok(step) = solver.hint(&b) else { break };
            if i % 4 == 0 {
                found += both_searches_agree(&b, 3);
            }
            b.apply(&step);
        }
    }
    // Random candidate patterns (a fixed LCG), 9x9 and 6x6 (where a set is one word).
    let mut seed = 12345u64;
    let mut rnd = |m: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % m
    };
    for shape in [Shape::NINE, Shape::new(2, 3).unwrap()] {
        for _ in 0..6 {
            let mut b = Board::new(&Grid::empty(shape));
            let cells = b.cands.len();
            for v in 1..=b.n as u8 {
                for c in 0..cells {
                    if rnd(100) < 55 {
                        b.eliminate(Cell::new(c as u16), v);
                    }
                }
            }
            found += both_searches_agree(&b, 3);
        }
    }
    assert!(found > 100, "{found}");
}
