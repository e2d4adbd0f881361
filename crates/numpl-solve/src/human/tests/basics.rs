//! Singles, locked candidates, naked and hidden subsets, basic fish, and the names and
//! levels of techniques.

use super::*;

#[test]
fn full_house_last_cell() {
    let mut s = SOLVED.to_string();
    s.replace_range(40..41, ".");
    let b = Board::new(&grid(&s));
    let (c, v, _) = singles::full_house(&b).unwrap();
    assert_eq!((c, v), (40, SOLVED.as_bytes()[40] - b'0'));
}

#[test]
fn naked_single_in_a_square_of_four_blanks() {
    // r1c1, r1c2, r2c1, r2c2 blank: r1c1 is row 1's {5,3} and column 1's {5,6}: only 5.
    let mut s = SOLVED.to_string();
    for i in [0, 1, 9, 10] {
        s.replace_range(i..i + 1, ".");
    }
    let b = Board::new(&grid(&s));
    assert_eq!(singles::full_house(&b), None);
    assert_eq!(singles::naked_single(&b), Ok(Some((0, 5))));
    let r = HumanSolver::new().solve(&grid(&s));
    assert_eq!(r.status, HumanStatus::Solved);
    // One naked single, then the three others are each the last of a row or column.
    assert_eq!(r.counts.get(&Technique::NakedSingle), Some(&1));
    assert_eq!(r.counts.get(&Technique::FullHouse), Some(&3));
    assert_eq!(r.counts.len(), 2);
    assert_eq!(r.score, 16);
}

#[test]
fn hidden_single_in_a_row() {
    let mut b = empty9();
    row_only(&mut b, 1, 7, &[4]);
    assert_eq!(singles::naked_single(&b), Ok(None));
    assert_eq!(singles::hidden_single(&b, None), Ok(Some((rc(1, 4), 7, 0))));
    let step = HumanSolver::new().next_step(&b).unwrap();
    assert_eq!(
        step.describe(b.shape),
        "Hidden Single: r1c4 = 7 (only place for 7 in row 1)"
    );
}

#[test]
fn locked_candidates_pointing() {
    let mut b = empty9();
    for (r, c) in [(1, 1), (1, 2), (1, 3), (2, 2), (3, 1), (3, 2), (3, 3)] {
        b.eliminate(Cell::new(rc(r, c) as u16), 4);
    }
    let step = subsets::locked_candidates(&b, true, None).unwrap();
    assert_eq!(step.technique, Technique::LockedCandidatesPointing);
    assert_eq!(
        elims(&step),
        expect((4..=9).map(|c| (rc(2, c), 4)).collect())
    );
    assert!(subsets::locked_candidates(&b, false, None).is_none());
}

#[test]
fn locked_candidates_claiming() {
    let mut b = empty9();
    row_only(&mut b, 5, 6, &[7, 9]);
    let step = subsets::locked_candidates(&b, false, None).unwrap();
    assert_eq!(step.technique, Technique::LockedCandidatesClaiming);
    let want = [(4, 7), (4, 8), (4, 9), (6, 7), (6, 8), (6, 9)];
    assert_eq!(
        elims(&step),
        expect(want.iter().map(|&(r, c)| (rc(r, c), 6)).collect())
    );
    assert!(subsets::locked_candidates(&b, true, None).is_none());
}

#[test]
fn locked_pair_eliminates_in_box_and_row() {
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 2, &[1, 2]);
    let step = subsets::naked_tuple(&b, 2, true, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::LockedPair);
    let mut want = Vec::new();
    for c in [
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (1, 7),
        (1, 8),
        (1, 9),
        (2, 1),
        (2, 2),
        (2, 3),
        (3, 1),
        (3, 2),
        (3, 3),
    ] {
        want.push((rc(c.0, c.1), 1));
        want.push((rc(c.0, c.1), 2));
    }
    assert_eq!(elims(&step), expect(want));
}

#[test]
fn naked_pair_triple_quad() {
    type Cells = &'static [(usize, &'static [u8])];
    let cases: [(Cells, usize); 3] = [
        (&[(1, &[1, 2]), (5, &[1, 2])], 2),
        (&[(1, &[1, 2]), (4, &[2, 3]), (7, &[1, 3])], 3),
        (&[(1, &[1, 2]), (4, &[2, 3]), (7, &[3, 4]), (9, &[1, 4])], 4),
    ];
    for (cells, k) in cases {
        let mut b = empty9();
        for &(c, vals) in cells {
            set(&mut b, 1, c, vals);
        }
        for smaller in 2..k {
            assert!(
                subsets::naked_tuple(&b, smaller, false, &mut Memo::default()).is_none(),
                "k={k} found at {smaller}"
            );
        }
        let step = subsets::naked_tuple(&b, k, false, &mut Memo::default()).unwrap();
        assert_eq!(step.technique, Technique::NakedTuple(k as u8));
        let mut want = Vec::new();
        for c in 1..=9 {
            if !cells.iter().any(|&(x, _)| x == c) {
                want.extend((1..=k as u8).map(|v| (rc(1, c), v)));
            }
        }
        assert_eq!(elims(&step), expect(want), "k={k}");
    }
}

#[test]
fn hidden_pair_triple_quad() {
    let cases: [&[usize]; 3] = [&[1, 5], &[1, 4, 7], &[1, 4, 7, 9]];
    for cols in cases {
        let k = cols.len();
        let mut b = empty9();
        for v in 1..=k as u8 {
            row_only(&mut b, 1, v, cols);
        }
        for smaller in 2..k {
            assert!(subsets::hidden_tuple(&b, smaller, &mut Memo::default()).is_none());
        }
        let step = subsets::hidden_tuple(&b, k, &mut Memo::default()).unwrap();
        assert_eq!(step.technique, Technique::HiddenTuple(k as u8));
        let mut want = Vec::new();
        for &c in cols {
            want.extend((k as u8 + 1..=9).map(|v| (rc(1, c), v)));
        }
        assert_eq!(elims(&step), expect(want), "k={k}");
    }
}

#[test]
fn basic_fish_sizes_2_to_4() {
    let cases: [&[(usize, &[usize])]; 3] = [
        &[(2, &[3, 8]), (6, &[3, 8])],
        &[(1, &[1, 5]), (5, &[5, 9]), (9, &[1, 9])],
        &[(1, &[1, 2]), (3, &[2, 3]), (5, &[3, 4]), (7, &[1, 4])],
    ];
    for rows in cases {
        let k = rows.len();
        let mut b = empty9();
        for &(r, cols) in rows {
            row_only(&mut b, r, 5, cols);
        }
        for smaller in 2..k {
            assert!(fish::basic_fish(&b, smaller, &mut Memo::default()).is_none());
        }
        let step = fish::basic_fish(&b, k, &mut Memo::default()).unwrap();
        assert_eq!(step.technique, Technique::Fish(k as u8));
        let mut cover: Vec<usize> = rows.iter().flat_map(|&(_, c)| c.iter().copied()).collect();
        cover.sort_unstable();
        cover.dedup();
        let mut want = Vec::new();
        for r in 1..=9 {
            if !rows.iter().any(|&(x, _)| x == r) {
                want.extend(cover.iter().map(|&c| (rc(r, c), 5)));
            }
        }
        assert_eq!(elims(&step), expect(want), "k={k}");
    }
}

#[test]
fn finned_and_sashimi_x_wing() {
    // Rows 2 and 6 hold 5 in columns 3 and 8, row 6 also in r6c9 (the fin, box 6):
    // only r4c8 and r5c8 see the fin and lie in a cover column.
    let mut b = empty9();
    row_only(&mut b, 2, 5, &[3, 8]);
    row_only(&mut b, 6, 5, &[3, 8, 9]);
    assert!(fish::basic_fish(&b, 2, &mut Memo::default()).is_none());
    assert!(fish::finned_fish(&b, 2, true, &mut Memo::default()).is_none());
    let step = fish::finned_fish(&b, 2, false, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::FinnedFish(2));
    assert_eq!(step.extra, vec![Cell::new(rc(6, 9) as u16)]);
    assert_eq!(elims(&step), vec![(rc(4, 8), 5), (rc(5, 8), 5)]);
    // Without r6c8 it is sashimi. The first one found (boxes in order) covers columns 3
    // and 9 with the fin r2c8 in box 3: r1c9 and r3c9 see the fin and are in column 9.
    b.eliminate(Cell::new(rc(6, 8) as u16), 5);
    assert!(fish::finned_fish(&b, 2, false, &mut Memo::default()).is_none());
    let step = fish::finned_fish(&b, 2, true, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::SashimiFish(2));
    assert_eq!(step.extra, vec![Cell::new(rc(2, 8) as u16)]);
    assert_eq!(elims(&step), vec![(rc(1, 9), 5), (rc(3, 9), 5)]);
}

#[test]
fn finned_swordfish() {
    // Rows 1, 4, 7 hold 3 in columns {2,5}, {5,8}, {2,8}, plus a fin r7c1 (box 7):
    // cover columns 2, 5, 8; in box 7 the cover column 2 cells off the base rows go.
    let mut b = empty9();
    row_only(&mut b, 1, 3, &[2, 5]);
    row_only(&mut b, 4, 3, &[5, 8]);
    row_only(&mut b, 7, 3, &[1, 2, 8]);
    assert!(fish::basic_fish(&b, 3, &mut Memo::default()).is_none());
    let step = fish::finned_fish(&b, 3, false, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::FinnedFish(3));
    assert_eq!(elims(&step), vec![(rc(8, 2), 3), (rc(9, 2), 3)]);
}

#[test]
fn big_grid_tuples_and_fish() {
    // 16x16: five cells of row 1 hold only values 1..5 between them: a naked 5-tuple.
    let shape = Shape::new(4, 4).unwrap();
    let mut b = Board::new(&Grid::empty(shape));
    let pattern: [(usize, &[u8]); 5] = [
        (0, &[1, 2]),
        (4, &[2, 3]),
        (8, &[3, 4]),
        (12, &[4, 5]),
        (15, &[1, 5]),
    ];
    for &(c, vals) in &pattern {
        for v in 1..=16u8 {
            if !vals.contains(&v) {
                b.eliminate(Cell::new(c as u16), v);
            }
        }
    }
    for k in 2..5 {
        assert!(subsets::naked_tuple(&b, k, false, &mut Memo::default()).is_none());
    }
    let step = subsets::naked_tuple(&b, 5, false, &mut Memo::default()).unwrap();
    assert_eq!(step.technique.name(), "naked_tuple_5");
    assert_eq!(step.eliminations.len(), 11 * 5);
    // A fish of size 5 on value 9: rows 0..5 hold 9 only in columns 0, 3, 6, 9, 12.
    let mut b = Board::new(&Grid::empty(shape));
    let cols = [0usize, 3, 6, 9, 12];
    for r in 0..5 {
        for c in 0..16 {
            if !(cols.contains(&c) && (c / 3 == r || c / 3 == (r + 1) % 5)) {
                b.eliminate(Cell::new((r * 16 + c) as u16), 9);
            }
        }
    }
    for k in 2..5 {
        assert!(fish::basic_fish(&b, k, &mut Memo::default()).is_none());
    }
    let step = fish::basic_fish(&b, 5, &mut Memo::default()).unwrap();
    assert_eq!(step.technique.name(), "fish_5");
    assert_eq!(step.eliminations.len(), 11 * 5);
}

#[test]
fn technique_names_parse_and_order() {
    for n in [4, 9, 16, 25] {
        let all = Technique::all_for(n);
        for w in all.windows(2) {
            assert!(w[0] < w[1], "{} !< {}", w[0], w[1]);
        }
        for t in all {
            assert_eq!(t.name().parse::<Technique>(), Ok(t));
        }
    }
    assert_eq!("x_wing".parse::<Technique>(), Ok(Technique::Fish(2)));
    assert_eq!(
        "naked_quad".parse::<Technique>(),
        Ok(Technique::NakedTuple(4))
    );
    assert_eq!(
        "hidden_tuple_7".parse::<Technique>(),
        Ok(Technique::HiddenTuple(7))
    );
    assert!("naked_sextet".parse::<Technique>().is_err());
    assert!(Technique::NakedTuple(3) < Technique::HiddenTuple(2));
    assert!(Technique::HiddenTuple(3) < Technique::NakedTuple(4));
    assert!(Technique::Fish(4) < Technique::Skyscraper);
}

#[test]
fn rating_levels() {
    assert_eq!(Level::rate(Level::Easy, 800), Level::Easy);
    assert_eq!(Level::rate(Level::Easy, 801), Level::Medium);
    assert_eq!(Level::rate(Level::Easy, 1601), Level::Unfair);
    assert_eq!(Level::rate(Level::Hard, 1900), Level::Extreme);
    assert_eq!(Level::rate(Level::Extreme, 0), Level::Extreme);
    // 16x16: 256 cells, bounds x 256/81 (easy up to 2528).
    assert_eq!(Level::rate_cells(Level::Easy, 2528, 256), Level::Easy);
    assert_eq!(Level::rate_cells(Level::Easy, 2529, 256), Level::Medium);
    assert_eq!(Level::rate_cells(Level::Easy, 801, 81), Level::Medium);
    let _ = Mask::EMPTY;
}
