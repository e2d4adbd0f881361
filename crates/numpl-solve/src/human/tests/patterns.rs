//! Wings, single-digit patterns (skyscraper, kite, empty rectangle, turbot fish), colors,
//! uniqueness techniques and Sue de Coq.

use super::*;

#[test]
fn skyscraper() {
    // Rows 1 and 6 hold 1 only in c2/c5 and c2/c6: one of r1c5, r6c6 is 1.
    let mut b = empty9();
    row_only(&mut b, 1, 1, &[2, 5]);
    row_only(&mut b, 6, 1, &[2, 6]);
    let step = find(Technique::Skyscraper, &b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), cells_v(&[(2, 6), (3, 6), (4, 5), (5, 5)], 1));
}

#[test]
fn two_string_kite() {
    // Row 3: 2 in c2, c7; column 9: 2 in r1, r6; r3c7 and r1c9 share box 3.
    let mut b = empty9();
    row_only(&mut b, 3, 2, &[2, 7]);
    col_only(&mut b, 9, 2, &[1, 6]);
    let step = find(Technique::TwoStringKite, &b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), cells_v(&[(6, 2)], 2));
}

#[test]
fn empty_rectangle() {
    // Box 1 holds 3 only on row 2 and column 2; column 7 holds 3 only in r2 and r8:
    // r8c2 would leave box 1's 3 on row 2 only, clashing with r2c7 (forced by r8c7 gone).
    let mut b = empty9();
    for (r, c) in [(1, 1), (1, 3), (3, 1), (3, 3)] {
        b.eliminate(Cell::new(rc(r, c) as u16), 3);
    }
    col_only(&mut b, 7, 3, &[2, 8]);
    let step = find(Technique::EmptyRectangle, &b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), cells_v(&[(8, 2)], 3));
}

#[test]
fn w_wing() {
    let mut b = empty9();
    set(&mut b, 1, 1, &[4, 5]);
    set(&mut b, 5, 9, &[4, 5]);
    col_only(&mut b, 5, 4, &[1, 5]);
    let step = wings::w_wing(&b).unwrap();
    assert_eq!(elims(&step), cells_v(&[(1, 9), (5, 1)], 5));
}

#[test]
fn xy_wing_and_its_sentence() {
    let mut b = empty9();
    set(&mut b, 2, 4, &[5, 8]);
    set(&mut b, 2, 9, &[8, 9]);
    set(&mut b, 5, 4, &[5, 9]);
    let step = wings::xy_wing(&b).unwrap();
    assert_eq!(elims(&step), cells_v(&[(5, 9)], 9));
    assert_eq!(
        step.describe(b.shape),
        "XY-Wing: pivot r2c4 {5,8}, pincers r2c9 {8,9}, r5c4 {5,9} => r5c9 <> 9"
    );
}

#[test]
fn xyz_wing() {
    let mut b = empty9();
    set(&mut b, 2, 2, &[1, 2, 3]);
    set(&mut b, 2, 7, &[1, 3]);
    set(&mut b, 3, 1, &[2, 3]);
    let step = wings::xyz_wing(&b).unwrap();
    assert_eq!(elims(&step), cells_v(&[(2, 1), (2, 3)], 3));
}

#[test]
fn remote_pair() {
    let mut b = empty9();
    for (r, c) in [(1, 1), (1, 5), (4, 5), (4, 8)] {
        set(&mut b, r, c, &[6, 7]);
    }
    let step = wings::remote_pair(&b).unwrap();
    let mut want = cells_v(&[(1, 8), (4, 1)], 6);
    want.extend(cells_v(&[(1, 8), (4, 1)], 7));
    assert_eq!(elims(&step), expect(want));
    assert_eq!(step.cells.len(), 4);
}

#[test]
fn unique_rectangle_types() {
    // Type 1: r2c4 cannot be 1 or 2.
    let b = ur_board(&[1, 2], &[1, 2, 5, 9]);
    let step = uniq::unique_rectangle(&b).unwrap();
    assert_eq!(step.variant, Variant::Type(1));
    assert_eq!(elims(&step), vec![(rc(2, 4), 1), (rc(2, 4), 2)]);
    // Type 2: one of the roof cells is 7: the rest of row 2 loses 7.
    let b = ur_board(&[1, 2, 7], &[1, 2, 7]);
    let step = uniq::unique_rectangle(&b).unwrap();
    assert_eq!(step.variant, Variant::Type(2));
    assert_eq!(
        elims(&step),
        cells_v(&[(2, 2), (2, 3), (2, 5), (2, 6), (2, 7), (2, 8), (2, 9)], 7)
    );
    // Type 4: 1 lives only in the roof within row 2, so neither roof cell can be 2.
    let mut b = ur_board(&[1, 2, 7], &[1, 2, 8]);
    row_only(&mut b, 2, 1, &[1, 4]);
    let step = uniq::unique_rectangle(&b).unwrap();
    assert_eq!(step.variant, Variant::Type(4));
    assert_eq!(elims(&step), vec![(rc(2, 1), 2), (rc(2, 4), 2)]);
    // Type 3: the roof's extras {7,8} with r2c7 {7,8} form a naked pair in row 2.
    let mut b = ur_board(&[1, 2, 7], &[1, 2, 8]);
    set(&mut b, 2, 7, &[7, 8]);
    let step = uniq::unique_rectangle(&b).unwrap();
    assert_eq!(step.variant, Variant::Type(3));
    let others = [(2, 2), (2, 3), (2, 5), (2, 6), (2, 8), (2, 9)];
    let mut want = cells_v(&others, 7);
    want.extend(cells_v(&others, 8));
    assert_eq!(elims(&step), expect(want));
    // Uniqueness techniques are off unless the solver is told the puzzle is unique.
    assert!(!HumanSolver::new().allows(Technique::UniqueRectangle));
    assert!(HumanSolver::new()
        .assume_unique(true)
        .allows(Technique::BugPlusOne));
}

#[test]
fn bug_plus_one() {
    // Every cell holds its value in SOLVED and the next value (9 -> 1): each value twice
    // per unit. r5c5 also holds 1: three 1s in its row, column and box, so it is 1.
    let sol: Vec<u8> = SOLVED.bytes().map(|x| x - b'0').collect();
    let mut b = empty9();
    for (i, &s) in sol.iter().enumerate() {
        let keep = [s, s % 9 + 1];
        let extra = if i == rc(5, 5) { 1 } else { keep[0] };
        for v in 1..=9u8 {
            if !keep.contains(&v) && v != extra {
                b.eliminate(Cell::new(i as u16), v);
            }
        }
    }
    assert_eq!(sol[rc(5, 5)], 5);
    let step = uniq::bug_plus_one(&b).unwrap();
    assert_eq!(step.placements, vec![(Cell::new(rc(5, 5) as u16), 1)]);
}

#[test]
fn simple_colors_trap() {
    // 4: r1c1 = r7c1 (column 1), r7c1 = r7c6 (row 7), r7c6 = r2c6 (column 6).
    let mut b = empty9();
    col_only(&mut b, 1, 4, &[1, 7]);
    row_only(&mut b, 7, 4, &[1, 6]);
    col_only(&mut b, 6, 4, &[2, 7]);
    let step = find(Technique::SimpleColors, &b, &mut Memo::default()).unwrap();
    assert_eq!(step.variant, Variant::Type(1));
    assert_eq!(elims(&step), cells_v(&[(1, 4), (1, 5), (2, 2), (2, 3)], 4));
}

#[test]
fn multi_colors() {
    // 5: r1c1 = r7c1 (column 1) and r1c2 = r9c2 (column 2); r1c1 sees r1c2, so one of
    // r7c1, r9c2 is 5: the rest of box 7 that sees both loses 5.
    let mut b = empty9();
    col_only(&mut b, 1, 5, &[1, 7]);
    col_only(&mut b, 2, 5, &[1, 9]);
    assert!(find(Technique::SimpleColors, &b, &mut Memo::default()).is_none());
    let step = find(Technique::MultiColors, &b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), cells_v(&[(7, 3), (8, 3), (9, 3)], 5));
}

#[test]
fn sue_de_coq() {
    // C = r1c1 {1,2,3}, r1c2 {1,2,4} (row 1 x box 1); D = r1c5 {1,2}; E = r2c1 {3,4}:
    // 1 and 2 stay in row 1's C and D, 3 and 4 in box 1's C and E.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2, 3]);
    set(&mut b, 1, 2, &[1, 2, 4]);
    set(&mut b, 1, 5, &[1, 2]);
    set(&mut b, 2, 1, &[3, 4]);
    let step = sdc::sue_de_coq(&b, &mut Memo::default()).unwrap();
    let line = [(1, 3), (1, 4), (1, 6), (1, 7), (1, 8), (1, 9)];
    let boxc = [(1, 3), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)];
    let mut want = cells_v(&line, 1);
    want.extend(cells_v(&line, 2));
    want.extend(cells_v(&boxc, 3));
    want.extend(cells_v(&boxc, 4));
    assert_eq!(elims(&step), expect(want));
}

#[test]
fn unique_rectangle_types_5_and_6() {
    // Type 5: three roof cells {1,2,7}: one of them is 7; r2c5 and r2c6 see all three.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    for (r, c) in [(1, 4), (2, 1), (2, 4)] {
        set(&mut b, r, c, &[1, 2, 7]);
    }
    let step = uniq::unique_rectangle(&b).unwrap();
    assert_eq!(step.variant, Variant::Type(5));
    assert_eq!(elims(&step), cells_v(&[(2, 5), (2, 6)], 7));
    // Type 6: {1,2} on the diagonal r1c1, r2c4; 1 only in the rectangle in rows 1 and 2.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 2, 4, &[1, 2]);
    set(&mut b, 1, 4, &[1, 2, 7]);
    set(&mut b, 2, 1, &[1, 2, 8]);
    row_only(&mut b, 1, 1, &[1, 4]);
    row_only(&mut b, 2, 1, &[1, 4]);
    let step = uniq::unique_rectangle(&b).unwrap();
    assert_eq!(step.variant, Variant::Type(6));
    assert_eq!(elims(&step), vec![(rc(1, 4), 1), (rc(2, 1), 1)]);
}

#[test]
fn hidden_rectangle() {
    // r1c1 {1,2}; 1 only at r2c1, r2c4 in row 2 and at r1c4, r2c4 in column 4: r2c4 = 2
    // would force 1 into r2c1 and r1c4, then r1c1 = 2: the deadly pattern.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    row_only(&mut b, 2, 1, &[1, 4]);
    col_only(&mut b, 4, 1, &[1, 2]);
    let step = uniq::hidden_rectangle(&b).unwrap();
    assert_eq!(elims(&step), vec![(rc(2, 4), 2)]);
    assert!(!HumanSolver::new().allows(Technique::HiddenRectangle));
}

#[test]
fn turbot_fish() {
    // 8: r1c2 = r3c1 (box 1) - r3c7 (row 3) = r8c7 (column 7): r1c2 or r8c7 is 8, so
    // r8c2 is not (r1c7, the other common peer, has no 8 left in column 7).
    let mut b = empty9();
    for (r, c) in [(1, 1), (1, 3), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)] {
        b.eliminate(Cell::new(rc(r, c) as u16), 8);
    }
    col_only(&mut b, 7, 8, &[3, 8]);
    assert!(find(Technique::Skyscraper, &b, &mut Memo::default()).is_none());
    assert!(find(Technique::TwoStringKite, &b, &mut Memo::default()).is_none());
    let step = find(Technique::TurbotFish, &b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), cells_v(&[(8, 2)], 8));
}
