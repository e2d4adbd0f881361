//! One test per technique on a constructed candidate position, with the eliminations
//! worked out by hand. Positions start from an empty grid (every candidate everywhere,
//! where no pattern exists) and remove candidates until exactly the pattern is left.

use numpl_core::{parse_one, Cell, Grid, Mask, ParseOptions, Shape};

use super::memo::Memo;
use super::step::{ForcingKind, Variant};
use super::techniques::fish::basic as fish;
use super::techniques::{als, als_chain, chains, forcing, sdc, singles, subsets, uniq, wings};
use super::*;

fn empty9() -> Board {
    Board::new(&Grid::empty(Shape::NINE))
}

/// `r1c1` -> cell index (1-based row and column) on a 9x9 grid.
pub(super) fn rc(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

/// Sets the candidates of cell (r, c) to exactly `vals`.
fn set(b: &mut Board, r: usize, c: usize, vals: &[u8]) {
    let i = rc(r, c);
    for v in 1..=b.n as u8 {
        if !vals.contains(&v) {
            b.eliminate(Cell::new(i as u16), v);
        }
    }
}

/// Removes `v` from row `r` except in the given columns.
fn row_only(b: &mut Board, r: usize, v: u8, cols: &[usize]) {
    for c in 1..=9 {
        if !cols.contains(&c) {
            b.eliminate(Cell::new(rc(r, c) as u16), v);
        }
    }
}

pub(super) fn elims(step: &Step) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = step
        .eliminations
        .iter()
        .map(|&(c, v)| (c.index(), v))
        .collect();
    e.sort_unstable();
    e
}

fn expect(mut cells: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
    cells.sort_unstable();
    cells.dedup();
    cells
}

fn grid(s: &str) -> Grid {
    parse_one(s, &ParseOptions::default()).unwrap()
}

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The boards met solving `puzzle` (brute force from its solution where logic stalls), each
/// taken just before a step beyond singles.
/// Six hard puzzles of top1465 whose solves take ALS steps and rectangles, among others.
pub(super) const HARD_SIX: [&str; 6] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "...46..8.7.....9.....1.....4....53...8.6......2.......3.9.7...........215........",
    "7..4......5....3........1..368..........2..5....7........5...7213...8...6........",
    "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
    "9.....7.1.2.4...........5..7.1..5....8.....3.............82..4.1.9.........39....",
];

pub(super) fn positions(puzzle: &str) -> Vec<Board> {
    let grid = grid(puzzle);
    let solution = crate::fast::search(&grid, 2, u64::MAX).first.unwrap();
    let report = HumanSolver::new().with_solution(solution).solve(&grid);
    let mut b = Board::new(&grid);
    let mut out = Vec::new();
    for step in &report.steps {
        if !matches!(
            step.technique,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        ) {
            out.push(b.clone());
        }
        b.apply(step);
    }
    out
}

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

// ---------------------------------------------------------------- issue 7 techniques

/// Removes `v` from column `c` except in the given rows.
fn col_only(b: &mut Board, c: usize, v: u8, rows: &[usize]) {
    for r in 1..=9 {
        if !rows.contains(&r) {
            b.eliminate(Cell::new(rc(r, c) as u16), v);
        }
    }
}

fn cells_v(cells: &[(usize, usize)], v: u8) -> Vec<(usize, u8)> {
    expect(cells.iter().map(|&(r, c)| (rc(r, c), v)).collect())
}

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

/// The floor r1c1, r1c4 {1,2} of a rectangle in boxes 1 and 2, and its roof r2c1, r2c4.
fn ur_board(roof1: &[u8], roof2: &[u8]) -> Board {
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 4, &[1, 2]);
    set(&mut b, 2, 1, roof1);
    set(&mut b, 2, 4, roof2);
    b
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
fn x_chain() {
    // 6: r1c1 = r1c6 - r5c6 = r5c2: one of r1c1, r5c2 is 6.
    let mut b = empty9();
    row_only(&mut b, 1, 6, &[1, 6]);
    row_only(&mut b, 5, 6, &[2, 6]);
    let step = chains::chain(&b, chains::ChainKind::X, &mut Memo::default(), &|_| true).unwrap();
    assert_eq!(step.technique, Technique::XChain);
    assert_eq!(step.chain.len(), 4);
    assert_eq!(elims(&step), cells_v(&[(2, 2), (3, 2), (4, 1), (6, 1)], 6));
}

#[test]
fn xy_chain() {
    // r1c1 {1,2} - r1c5 {2,3} - r4c5 {3,4} - r4c2 {4,1}: one end is 1.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 5, &[2, 3]);
    set(&mut b, 4, 5, &[3, 4]);
    set(&mut b, 4, 2, &[1, 4]);
    let step = chains::chain(&b, chains::ChainKind::Xy, &mut Memo::default(), &|_| true).unwrap();
    assert_eq!(step.technique, Technique::XyChain);
    assert_eq!(step.chain.len(), 8);
    assert_eq!(
        elims(&step),
        cells_v(&[(1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)], 1)
    );
}

#[test]
fn continuous_nice_loop() {
    // (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r6c7 (column 7) - (1)r6c7 = (1)r6c1 (row 6), and
    // (1)r6c1 - (1)r1c1 closes the loop (column 1). Around a loop every weak link is
    // strong too: one of r1c1, r1c7 is 2 (the rest of row 1 loses 2), and one of r1c1,
    // r6c1 is 1 (the rest of column 1 loses 1); the bivalue cells keep their pairs.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 6, 7, &[1, 2]);
    col_only(&mut b, 7, 2, &[1, 6]);
    row_only(&mut b, 6, 1, &[1, 7]);
    let step = chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|_| true).unwrap();
    assert_eq!(step.technique, Technique::ContinuousNiceLoop);
    // Six nodes and the start again, closing the loop.
    assert_eq!(step.chain.len(), 7);
    assert_eq!(step.chain[0], step.chain[6]);
    let mut want = cells_v(&[(2, 1), (3, 1), (4, 1), (5, 1), (7, 1), (8, 1), (9, 1)], 1);
    want.extend(cells_v(
        &[(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 8), (1, 9)],
        2,
    ));
    assert_eq!(elims(&step), expect(want));
    assert_eq!(
        step.describe(b.shape()),
        "Continuous Nice Loop: (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r6c7 - (1)r6c7 = (1)r6c1 \
         - (1)r1c1 => r2c1, r3c1, r4c1, r5c1, r7c1, r8c1, r9c1 <> 1, r1c2, r1c3, r1c4, r1c5, \
         r1c6, r1c8, r1c9 <> 2"
    );
    // With continuous loops off, the search offers the best of the rest: AICs with seven
    // eliminations each, one of r1c1, r1c7 is 2 or one of r1c1, r6c1 is 1; HoDoKu takes
    // the one whose eliminations weigh less (by value, then cell): row 1's 2s.
    let step = chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|t| {
        t != Technique::ContinuousNiceLoop
    })
    .unwrap();
    assert_eq!(step.technique, Technique::Aic);
    assert_eq!(
        elims(&step),
        cells_v(&[(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 8), (1, 9)], 2)
    );
}

#[test]
fn aic() {
    // (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r2c7 (column 7) - (1)r2c7 = (1)r2c4 (row 2): one
    // of r1c1, r2c4 is 1. They do not see each other (no loop); r1c4, r1c5, r1c6 see
    // both (r2c1..r2c3 have no 1 left in row 2).
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    col_only(&mut b, 7, 2, &[1, 2]);
    set(&mut b, 2, 7, &[1, 2]);
    row_only(&mut b, 2, 1, &[4, 7]);
    let step = chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|_| true).unwrap();
    assert_eq!(step.technique, Technique::Aic);
    assert_eq!(step.chain.len(), 6);
    assert_eq!(elims(&step), cells_v(&[(1, 4), (1, 5), (1, 6)], 1));
    assert_eq!(
        step.describe(b.shape()),
        "AIC: (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r2c7 - (1)r2c7 = (1)r2c4 => r1c4, r1c5, r1c6 <> 1"
    );
}

#[test]
fn discontinuous_nice_loop() {
    // The AIC above with 1 gone from r1c5 and r1c6: only r1c4 sees both ends. HoDoKu
    // calls that a discontinuous nice loop: r1c4 = 1 would make r1c1 and r2c4 both not 1,
    // yet the chain says one of them is: (1)r1c4 - (1)r1c1 = ... = (1)r2c4 - (1)r1c4.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    col_only(&mut b, 7, 2, &[1, 2]);
    set(&mut b, 2, 7, &[1, 2]);
    row_only(&mut b, 2, 1, &[4, 7]);
    b.eliminate(Cell::new(rc(1, 5) as u16), 1);
    b.eliminate(Cell::new(rc(1, 6) as u16), 1);
    let step = chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|_| true).unwrap();
    assert_eq!(step.technique, Technique::DiscontinuousNiceLoop);
    assert_eq!(elims(&step), cells_v(&[(1, 4)], 1));
    assert_eq!(
        step.chain.first(),
        step.chain
            .last()
            .map(|n| ChainNode {
                on: true,
                ..n.clone()
            })
            .as_ref()
    );
    assert_eq!(
        step.describe(b.shape()),
        "Discontinuous Nice Loop: (1)r1c4 - (1)r1c1 = (2)r1c1 - (2)r1c7 = (2)r2c7 - (1)r2c7 \
         = (1)r2c4 - (1)r1c4 => r1c4 <> 1"
    );
}

/// One search finds continuous and discontinuous nice loops and AICs and takes the best
/// step of the three (HoDoKu's choice), so a run limited to discontinuous nice loops can
/// take other steps than an unlimited one: on this puzzle (found by the generator's fuzzer)
/// the unlimited run takes an AIC that removes 4 from three cells where the limited one
/// goes on with a discontinuous nice loop. A limit at the top of the search
/// ([`Technique::search_top`]) takes the unlimited run's steps.
#[test]
fn a_nice_loop_limit_can_change_the_steps_but_not_below_the_search_top() {
    let p =
        grid(".792.....6.8.9...2..25.......6..........13..8.9....1.6....3.9...8.7..3...4...6.17");
    let solver = HumanSolver::new().record_steps(false).assume_unique(true);
    let dnl = Technique::DiscontinuousNiceLoop;
    let all = solver.clone().solve(&p);
    let limited = solver.clone().with_max(dnl).solve(&p);
    let top = solver.clone().with_max(dnl.search_top()).solve(&p);
    for r in [&all, &limited, &top] {
        assert_eq!(r.status, HumanStatus::Solved);
    }
    assert_eq!(all.counts.get(&Technique::Aic), Some(&1));
    assert_eq!(limited.counts.get(&Technique::Aic), None);
    assert_ne!(limited.score, all.score);
    assert_eq!((&top.counts, top.score), (&all.counts, all.score));
    assert_eq!(dnl.search_top(), Technique::Aic);
    assert_eq!(
        Technique::GroupedContinuousNiceLoop.search_top(),
        Technique::GroupedAic
    );
    for t in Technique::all_for(9) {
        let top = t.search_top();
        assert!(top >= t && top.search_top() == top, "{t}");
    }
}

#[test]
fn grouped_continuous_nice_loop() {
    // (1)r5c1 = (2)r5c1 - (2)r5c7 = (2)r6c7 (column 7) - (1)r6c7 = (1){r6c2,r6c3} (row 6:
    // 1 only there and in r6c7) - (1)r5c1 (box 4) closes the loop. One of r5c1, r5c7 is
    // 2: the rest of row 5 loses 2. One of r5c1 and the group is 1: the rest of box 4
    // loses 1 (r6c1 has none). Without the group there is no chain.
    let mut b = empty9();
    set(&mut b, 5, 1, &[1, 2]);
    col_only(&mut b, 7, 2, &[5, 6]);
    set(&mut b, 6, 7, &[1, 2]);
    row_only(&mut b, 6, 1, &[2, 3, 7]);
    assert!(chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|_| true).is_none());
    let step = chains::chain(
        &b,
        chains::ChainKind::Grouped,
        &mut Memo::default(),
        &|_| true,
    )
    .unwrap();
    assert_eq!(step.technique, Technique::GroupedContinuousNiceLoop);
    let mut want = cells_v(&[(4, 1), (4, 2), (4, 3), (5, 2), (5, 3)], 1);
    want.extend(cells_v(
        &[(5, 2), (5, 3), (5, 4), (5, 5), (5, 6), (5, 8), (5, 9)],
        2,
    ));
    assert_eq!(elims(&step), expect(want));
    assert_eq!(
        step.describe(b.shape()),
        "Grouped Continuous Nice Loop: (1)r5c1 = (2)r5c1 - (2)r5c7 = (2)r6c7 - (1)r6c7 \
         = (1)r6c2/r6c3 - (1)r5c1 => r4c1, r4c2, r4c3, r5c2, r5c3 <> 1, r5c2, r5c3, r5c4, \
         r5c5, r5c6, r5c8, r5c9 <> 2"
    );
}

#[test]
fn als_xz() {
    // A = r1c1 {1,2}; C = r1c5 {1,2,3} + r1c6 {2,3}; x = 1 restricted, z = 2.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 5, &[1, 2, 3]);
    set(&mut b, 1, 6, &[2, 3]);
    let step = als::als_xz(&b, &mut Memo::default()).unwrap();
    assert_eq!(
        elims(&step),
        cells_v(&[(1, 2), (1, 3), (1, 4), (1, 7), (1, 8), (1, 9)], 2)
    );
}

#[test]
fn als_xy_wing() {
    // Pivot C = r5c5 {1,2}; A = r1c5 {1,3} (x = 1), B = r5c1 {2,3} (y = 2); z = 3.
    let mut b = empty9();
    set(&mut b, 5, 5, &[1, 2]);
    set(&mut b, 1, 5, &[1, 3]);
    set(&mut b, 5, 1, &[2, 3]);
    let step = als::als_xy_wing(&b, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), cells_v(&[(1, 1)], 3));
}

#[test]
fn als_xy_chain() {
    // Four bivalue cells (ALS of one cell each): A = r1c1 {1,2} -2- B = r1c5 {2,3} -3-
    // C = r5c5 {3,4} -4- D = r5c9 {4,1}. If A is not 1 it is 2, so B is 3, C is 4, D
    // is 1: 1 is in A or D, and leaves the cells seeing both, r1c9 and r5c1.
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 5, &[2, 3]);
    set(&mut b, 5, 5, &[3, 4]);
    set(&mut b, 5, 9, &[1, 4]);
    let step = als_chain::als_xy_chain(&b, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::AlsXyChain);
    assert_eq!(elims(&step), vec![(rc(1, 9), 1), (rc(5, 1), 1)]);
    assert_eq!(
        step.describe(Shape::NINE),
        "ALS-XY-Chain: r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {1,4}, restricted common 2,3,4 => r1c9, r5c1 <> 1"
    );
    // Three sets are not a chain (that is an ALS-XY-Wing): without D nothing is found.
    let mut b3 = empty9();
    set(&mut b3, 1, 1, &[1, 2]);
    set(&mut b3, 1, 5, &[2, 3]);
    set(&mut b3, 5, 5, &[3, 1]);
    assert!(als_chain::als_xy_chain(&b3, &mut Memo::default()).is_none());
}

#[test]
fn death_blossom() {
    // Stem r5c5 {1,2}; petal for 1: r1c5 {1,3} (column 5), petal for 2: r5c1 {2,3} (row
    // 5). Whichever value the stem takes, its petal is 3: 3 leaves r1c1, which sees both.
    let mut b = empty9();
    set(&mut b, 5, 5, &[1, 2]);
    set(&mut b, 1, 5, &[1, 3]);
    set(&mut b, 5, 1, &[2, 3]);
    let step = als_chain::death_blossom(&b, &mut Memo::default()).unwrap();
    assert_eq!(step.technique, Technique::DeathBlossom);
    assert_eq!(elims(&step), vec![(rc(1, 1), 3)]);
    assert_eq!(
        step.describe(Shape::NINE),
        "Death Blossom: stem r5c5 {1,2}, petals 1: r1c5 {1,3}, 2: r5c1 {2,3}; 3 in every petal => r1c1 <> 3"
    );
    // Off by default, as in HoDoKu; found when enabled.
    assert!(!Technique::DeathBlossom.on_by_default());
    assert!(!HumanSolver::new().allows(Technique::DeathBlossom));
    assert!(HumanSolver::new()
        .enable(Technique::DeathBlossom, true)
        .allows(Technique::DeathBlossom));
}

#[test]
fn forcing_chain_contradiction() {
    // r1c1 {1,2}, r1c2 {1,2}. No placement follows; the lowest candidate that goes is
    // (HoDoKu's choice) r1c3's 1: r1c3 = 1 takes 1 from r1c1 (= 2), which takes 2 from
    // r1c2 (= 1), which takes 1 from r1c3: the premise implies its own negation, six
    // nodes. (2 twice in row 1 via both cells, and r1c1's cell verity, prove it with
    // branches as long in all; the first proof found is kept, as in HoDoKu.)
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 2, &[1, 2]);
    let step = forcing::forcing_chain(&b).unwrap();
    assert_eq!(step.technique, Technique::ForcingChain);
    assert!(step.placements.is_empty());
    assert_eq!(elims(&step), vec![(rc(1, 3), 1)]);
    assert_eq!(step.variant, Variant::Forcing(ForcingKind::SelfNegation));
    let branches = step.chain_branches();
    assert_eq!(branches.len(), 1);
    let nodes: Vec<(usize, u8, bool)> = branches[0]
        .iter()
        .map(|x| (x.cell.index(), x.value, x.on))
        .collect();
    assert_eq!(
        nodes,
        vec![
            (rc(1, 3), 1, true),
            (rc(1, 1), 1, false),
            (rc(1, 1), 2, true),
            (rc(1, 2), 2, false),
            (rc(1, 2), 1, true),
            (rc(1, 3), 1, false),
        ]
    );
    assert_eq!(
        step.describe(Shape::NINE),
        "Forcing Chain (contradiction): r1c3 = 1 leads to r1c3 <> 1 as well => r1c3 <> 1"
    );
}

#[test]
fn forcing_chain_naked_triple() {
    // r9c1 {5,6}, r9c5 {6,7}, r9c9 {5,7}: a naked triple, so the other cells of row 9
    // lose 5, 6 and 7; no other cell loses anything in every case (r9c1 = 6 -> r9c5 = 7
    // -> r9c9 = 5 leaves box 7 its 5s). The lowest conclusion: r9c2 <> 5.
    let mut b = empty9();
    set(&mut b, 9, 1, &[5, 6]);
    set(&mut b, 9, 9, &[5, 7]);
    set(&mut b, 9, 5, &[6, 7]);
    let step = forcing::forcing_chain(&b).unwrap();
    assert!(step.placements.is_empty());
    assert_eq!(elims(&step), vec![(rc(9, 2), 5)]);
    // r9c2 = 5 -> r9c1 = 6 -> r9c5 = 7 -> r9c9 = 5 takes 5 from r9c2: eight nodes.
    assert_eq!(step.chain.len(), 8);
    assert_eq!(
        step.describe(Shape::NINE),
        "Forcing Chain (contradiction): r9c2 = 5 leads to r9c2 <> 5 as well => r9c2 <> 5"
    );
}

#[test]
fn forcing_chain_places_a_value() {
    // Box 1: A = r1c1 {1,2}, B = r1c2 {1,3}, C = r2c1 {2,3}, X = r2c2 {3,4}.
    // X = 3 takes 3 from B (= 1), so A = 2, so C = 3: 3 twice in box 1 (and row 2). So
    // X <> 3, X = 4, the one placement (placements come first): r2c2 <> 4 leads back
    // to r2c2 = 4 through that loop (the first proof found of those of ten nodes; A's
    // cell verity, A = 1 -> B = 3 -> X = 4 and A = 2 -> C = 3 -> X = 4, is as long).
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 2, &[1, 3]);
    set(&mut b, 2, 1, &[2, 3]);
    set(&mut b, 2, 2, &[3, 4]);
    let step = forcing::forcing_chain(&b).unwrap();
    assert_eq!(step.placements, vec![(Cell::new(rc(2, 2) as u16), 4)]);
    assert!(step.eliminations.is_empty());
    assert_eq!(step.variant, Variant::Forcing(ForcingKind::SelfNegation));
    assert_eq!(step.chain.len(), 10);
    assert_eq!(
        step.describe(Shape::NINE),
        "Forcing Chain (contradiction): r2c2 <> 4 leads to r2c2 = 4 as well => r2c2 = 4"
    );
}

/// Easter Monster after HoDoKu's two brute force steps (r5c6 = 4, r5c4 = 6) and the
/// singles they allow: no forcing chain exists, and HoDoKu's next step is the forcing net
/// r2c6 = 1 => contradiction, r2c6 <> 1 (HoDoKu takes the same first steps; checked with
/// hodoku-py: nets r2c6 <> 1, <> 2, <> 8, r4c8 <> 1, ..., later chains r2c1 = 2 ...).
#[test]
fn forcing_net_where_no_chain_exists_as_hodoku() {
    let p = grid(EASTER_MONSTER);
    let sol = solution_of_grid(&p);
    let solver = HumanSolver::new().with_solution(sol);
    let report = solver.solve(&p);
    let mut b = Board::new(&p);
    let mut nets = Vec::new();
    let mut chains = Vec::new();
    for s in &report.steps {
        match s.technique {
            Technique::ForcingNet => {
                assert!(forcing::forcing_chain(&b).is_none());
                assert_eq!(forcing::forcing_net(&b).as_ref(), Some(s));
                nets.push(s.describe(Shape::NINE));
            }
            Technique::ForcingChain => chains.push(s.describe(Shape::NINE)),
            _ => {}
        }
        b.apply(s);
    }
    assert_eq!(report.status, HumanStatus::Solved);
    // HoDoKu's order of forcing steps on this puzzle (its first 11 nets and 5 chains).
    let want_nets = [
        "r2c6 <> 1",
        "r2c6 <> 2",
        "r2c6 <> 8",
        "r4c8 <> 1",
        "r3c5 <> 1",
        "r4c8 <> 2",
        "r1c5 <> 6",
        "r5c1 <> 2",
        "r5c3 <> 1",
        "r5c7 <> 1",
        "r1c2 = 7",
    ];
    for (got, want) in nets.iter().zip(want_nets) {
        assert!(got.ends_with(&format!("=> {want}")), "{got} / {want}");
    }
    assert_eq!(
        nets[0],
        "Forcing Net (contradiction): r2c6 = 1 leads to r2c6 <> 1 as well => r2c6 <> 1"
    );
    let want_chains = [
        "r2c1 = 2",
        "r5c2 <> 8",
        "r5c7 <> 2",
        "r6c2 <> 1",
        "r4c5 = 2",
    ];
    for (got, want) in chains.iter().zip(want_chains) {
        assert!(got.ends_with(&format!("=> {want}")), "{got} / {want}");
    }
    assert!(nets.len() >= 11 && chains.len() >= 5);
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
fn grouped_discontinuous_nice_loop() {
    // 7: r1c1 = r1c8 (row 1) - {r2c9,r3c9} (box 3) = r7c9 (column 9): r1c1 or r7c9 is 7,
    // so r7c1 is not. Without the group node there is no chain. One cell sees both
    // ends, so HoDoKu writes it as a loop from r7c1: a discontinuous nice loop.
    let mut b = empty9();
    row_only(&mut b, 1, 7, &[1, 8]);
    col_only(&mut b, 9, 7, &[2, 3, 7]);
    assert!(chains::chain(&b, chains::ChainKind::Aic, &mut Memo::default(), &|_| true).is_none());
    let step = chains::chain(
        &b,
        chains::ChainKind::Grouped,
        &mut Memo::default(),
        &|_| true,
    )
    .unwrap();
    assert_eq!(step.technique, Technique::GroupedDiscontinuousNiceLoop);
    assert_eq!(step.chain.len(), 6);
    assert!(step.chain.iter().any(|n| !n.group.is_empty()));
    assert_eq!(elims(&step), cells_v(&[(7, 1)], 7));
    assert_eq!(
        step.describe(b.shape()),
        "Grouped Discontinuous Nice Loop: (7)r7c1 - (7)r1c1 = (7)r1c8 - (7)r2c9/r3c9 \
         = (7)r7c9 - (7)r7c1 => r7c1 <> 7"
    );
}

#[test]
fn techniques_on_six_by_six_boxes_of_two_by_three() {
    let shape = Shape::new(2, 3).unwrap();
    let at = |r: usize, c: usize| Cell::new(((r - 1) * 6 + (c - 1)) as u16);
    // Pointing: 1 in box 1 (rows 1-2, columns 1-3) only on row 1.
    let mut b = Board::new(&Grid::empty(shape));
    for c in 1..=3 {
        b.eliminate(at(2, c), 1);
    }
    let step = subsets::locked_candidates(&b, true, None).unwrap();
    let want: Vec<(usize, u8)> = (4..=6).map(|c| (at(1, c).index(), 1)).collect();
    assert_eq!(elims(&step), want);
    // Finned X-Wing: 2 in rows 1 and 4 at columns 1, 5, plus the fin r4c6 (box 4 =
    // rows 3-4, columns 4-6): r3c5 sees the fin and is in a cover column.
    let mut b = Board::new(&Grid::empty(shape));
    for c in [2, 3, 4, 6] {
        b.eliminate(at(1, c), 2);
    }
    for c in [2, 3, 4] {
        b.eliminate(at(4, c), 2);
    }
    assert!(fish::basic_fish(&b, 2, &mut Memo::default()).is_none());
    let step = fish::finned_fish(&b, 2, false, &mut Memo::default()).unwrap();
    assert_eq!(elims(&step), vec![(at(3, 5).index(), 2)]);
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

#[test]
fn board_rejects_out_of_range_values_without_panicking() {
    let mut b = empty9();
    assert!(!b.eliminate(Cell::new(0), 0));
    assert!(!b.eliminate(Cell::new(0), 10));
    assert!(!b.is_contradictory());
    b.set(Cell::new(0), 10);
    assert!(b.is_contradictory());
    let mut b = empty9();
    b.set(Cell::new(0), 5);
    b.set(Cell::new(1), 5);
    assert!(b.is_contradictory());
    assert_eq!(HumanSolver::new().next_step(&b), None);
}

/// The memo (searches skipped where they failed on the same candidates, XY-chains on the
/// same bivalue cells, the ALS list kept per board) only saves time: a whole solve takes
/// exactly the steps found one at a time, each from scratch with an empty memo.
#[test]
fn memo_changes_no_step() {
    let famous = include_str!("../../../../fixtures/9x9/famous.txt");
    let mut puzzles: Vec<&str> = famous
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // A generated 16x16 needing XY-chains, AIC, grouped AIC, ALS, Sue de Coq and
    // forcing chains.
    puzzles.push(
        ".e.2.gb7...15c..d4...5...c.....ga7....c8....6bf1...g2..d.....8..5......g4........d6f.e2...c8..5......f5.e62ag..4g..4..8c..f.a.12ca.d.b..67..f..54..ba3e1.58......8..c6...fg.b19........93......a..4.....d..72...26d8....54....g9b.....6...1...df..a5b...g26.1.e.",
    );
    let solver = HumanSolver::new().assume_unique(true);
    for p in puzzles {
        let g = grid(p);
        let report = solver.solve(&g);
        let mut b = Board::new(&g);
        let mut steps = Vec::new();
        while let Some(step) = solver.next_step(&b) {
            b.apply(&step);
            steps.push(step);
        }
        assert_eq!(report.steps.len(), steps.len(), "{p}");
        for (i, (a, c)) in report.steps.iter().zip(&steps).enumerate() {
            assert_eq!(a, c, "{p}: step {i}");
        }
    }
}

/// Easter Monster: logic alone gets stuck; HoDoKu finishes it with brute force.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn solution_of_grid(p: &Grid) -> Grid {
    let r = crate::fast::search(p, 2, u64::MAX);
    assert_eq!(r.count, 1);
    r.first.unwrap()
}

#[test]
fn brute_force_places_the_solution_in_the_middle_open_cell() {
    let p = grid(EASTER_MONSTER);
    let sol = solution_of_grid(&p);
    // Logic only: stuck, never a brute force step.
    let logic = HumanSolver::new().with_solution(sol.clone()).logic_only();
    let stuck = logic.solve(&p);
    assert_eq!(stuck.status, HumanStatus::Stuck);
    assert!(!stuck.counts.contains_key(&Technique::BruteForce));
    // The same below brute force by a technique limit.
    let capped = HumanSolver::new()
        .with_solution(sol.clone())
        .with_max(Technique::ForcingNet)
        .solve(&p);
    assert_eq!(capped.status, HumanStatus::Stuck);
    assert_eq!(capped.counts, stuck.counts);
    // From the stuck position, the next step is brute force: of the open cells in reading
    // order, the one at index open/2 gets the solution's value.
    let mut b = Board::new(&p);
    for s in &logic.solve(&p).steps {
        b.apply(s);
    }
    let open: Vec<usize> = (0..81).filter(|&c| b.values[c] == 0).collect();
    assert!(!open.is_empty());
    let middle = open[open.len() / 2];
    let step = HumanSolver::new()
        .with_solution(sol.clone())
        .hint(&b)
        .unwrap();
    assert_eq!(step.technique, Technique::BruteForce);
    assert_eq!(
        step.placements,
        vec![(Cell::new(middle as u16), sol.get(middle))]
    );
    assert!(step.eliminations.is_empty());
    assert!(step.describe(Shape::NINE).starts_with("Brute Force: r"));
    // The whole solve ends solved, every step right, rated extreme with 10000 a brute
    // force step.
    let r = HumanSolver::new()
        .with_solution(sol.clone())
        .check_against(sol.clone())
        .solve(&p);
    assert_eq!(r.status, HumanStatus::Solved);
    assert_eq!(r.grid, sol);
    let k = r.counts[&Technique::BruteForce];
    assert!(k >= 1);
    assert_eq!(r.level, Level::Extreme);
    assert_eq!(r.hardest, Some(Technique::BruteForce));
    let score: u32 = r.counts.iter().map(|(t, &n)| t.score() * n).sum();
    assert_eq!(r.score, score);
    assert!(r.score >= 10_000 * k);
    // Without the solution but known unique, the solver searches it itself: same solve.
    let own = HumanSolver::new().assume_unique(true).solve(&p);
    assert_eq!(own.counts, r.counts);
    assert_eq!(own.grid, sol);
    // Not known to be unique: no brute force.
    let unknown = HumanSolver::new().solve(&p);
    assert_eq!(unknown.status, HumanStatus::Stuck);
}

#[test]
fn brute_force_refuses_a_solution_the_candidates_exclude() {
    let p = grid(EASTER_MONSTER);
    let sol = solution_of_grid(&p);
    let mut b = Board::new(&p);
    let open: Vec<usize> = (0..81).filter(|&c| b.values[c] == 0).collect();
    let middle = open[open.len() / 2];
    b.eliminate(Cell::new(middle as u16), sol.get(middle));
    assert!(brute_force(&b, &sol).is_none());
}

#[test]
fn brute_force_is_named_scored_and_ordered_as_hodoku() {
    let t: Technique = "brute_force".parse().unwrap();
    assert_eq!(t, Technique::BruteForce);
    assert_eq!(t.name(), "brute_force");
    assert_eq!(t.title(), "Brute Force");
    assert_eq!(t.level(), Level::Extreme);
    assert_eq!(t.score(), 10_000);
    assert!(t > Technique::ForcingNet);
    assert_eq!(Technique::all_for(9).last(), Some(&Technique::BruteForce));
}

#[test]
fn new_last_techniques_are_named_scored_and_ordered_as_hodoku() {
    // HoDoKu: ALS-XY-Chain 5900 unfair 340; Death Blossom 6000 unfair 360 (off);
    // forcing chain 8500 extreme 500; forcing net 8600 extreme 700.
    let want = [
        (
            Technique::AlsXyChain,
            "als_xy_chain",
            "ALS-XY-Chain",
            Level::Unfair,
            340,
            true,
        ),
        (
            Technique::DeathBlossom,
            "death_blossom",
            "Death Blossom",
            Level::Unfair,
            360,
            false,
        ),
        (
            Technique::ForcingChain,
            "forcing_chain",
            "Forcing Chain",
            Level::Extreme,
            500,
            true,
        ),
        (
            Technique::ForcingNet,
            "forcing_net",
            "Forcing Net",
            Level::Extreme,
            700,
            true,
        ),
    ];
    for (t, name, title, level, score, on) in want {
        assert_eq!(name.parse::<Technique>().unwrap(), t);
        assert_eq!((t.name().as_ref(), t.title().as_ref()), (name, title));
        assert_eq!(
            (t.level(), t.score(), t.on_by_default()),
            (level, score, on)
        );
    }
    let all = Technique::all_for(9);
    let at = |t: Technique| all.iter().position(|&x| x == t).unwrap();
    assert!(at(Technique::AlsXyWing) < at(Technique::AlsXyChain));
    assert!(at(Technique::AlsXyChain) < at(Technique::DeathBlossom));
    assert!(at(Technique::DeathBlossom) < at(Technique::ForcingChain));
    assert!(at(Technique::ForcingChain) < at(Technique::ForcingNet));
    assert!(at(Technique::ForcingNet) < at(Technique::BruteForce));
}

#[test]
fn forcing_net_on_a_big_grid_propagates_each_branch() {
    // On 25x25 (past the tables' 16x16) forcing nets follow each branch on a board copy.
    // r1c1 {1,2}, r1c2 {1,2}: either value of r1c1 puts the other in r1c2, so both
    // branches take 1 and 2 from the rest of row 1 (23 cells) and of box 1 (4 rows of 5).
    let shape = Shape::new(5, 5).unwrap();
    let mut b = Board::new(&Grid::empty(shape));
    for c in [0u16, 1] {
        for v in 3..=25u8 {
            b.eliminate(Cell::new(c), v);
        }
    }
    let step = forcing::forcing_net(&b).unwrap();
    assert_eq!(step.technique, Technique::ForcingNet);
    assert_eq!(step.variant, Variant::Forcing(ForcingKind::Cell));
    let mut want = Vec::new();
    for c in (2..25).chain((1..5).flat_map(|r| (0..5).map(move |c| r * 25 + c))) {
        want.push((c, 1));
        want.push((c, 2));
    }
    assert_eq!(elims(&step), expect(want));
    assert_eq!(
        step.describe(shape),
        format!(
            "Forcing Net (verity): each candidate {{1,2}} of r1c1 leads to the same => {}",
            step.conclusions(shape)
        )
    );
}

#[test]
fn timings_count_every_finder_run_and_every_step_found() {
    // top1465's first: chains, ALS and forcing steps, so many finders run, mostly in vain.
    let g =
        grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    let plain = HumanSolver::new().logic_only().solve(&g);
    assert!(plain.timings.is_empty(), "timings only when asked for");
    let timed = HumanSolver::new()
        .logic_only()
        .time_techniques(true)
        .solve(&g);
    // Timing changes nothing the solve does.
    assert_eq!(timed.counts, plain.counts);
    assert_eq!(timed.status, plain.status);
    let found: u64 = timed.timings.iter().map(|t| t.found).sum();
    let beyond_singles: u64 = plain
        .counts
        .iter()
        .filter(|(t, _)| **t > Technique::HiddenSingle)
        .map(|(_, &k)| u64::from(k))
        .sum();
    assert!(beyond_singles > 0);
    assert_eq!(found, beyond_singles);
    for t in &timed.timings {
        assert!(t.calls >= t.found.max(1), "{t:?}");
        assert!(t.technique > Technique::HiddenSingle, "{t:?}");
    }
    // Steps are counted under the finder that ran: nice loops and AICs come from one
    // search, timed under the first of its techniques.
    let runs = |t: Technique| timed.timings.iter().find(|x| x.technique == t);
    let loops = runs(Technique::ContinuousNiceLoop).map_or(0, |x| x.found);
    let counted = |t| u64::from(plain.counts.get(&t).copied().unwrap_or(0));
    assert_eq!(
        loops,
        counted(Technique::ContinuousNiceLoop)
            + counted(Technique::DiscontinuousNiceLoop)
            + counted(Technique::Aic)
    );
    assert_eq!(
        runs(Technique::AlsXz).map_or(0, |x| x.found),
        counted(Technique::AlsXz)
    );
    // Each technique appears once, in the order first tried (the solver's order).
    let order: Vec<Technique> = timed.timings.iter().map(|t| t.technique).collect();
    let mut sorted = order.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(order, sorted);
}
