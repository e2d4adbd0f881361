//! The variant techniques on positions worked by hand, and the rating's laws.

use numpl_core::variant::json;
use numpl_core::{Cell, Grid};

use super::*;

/// A puzzle from numpl's variant record (a 9x9 unless `box` says otherwise).
fn read(text: &str) -> (Grid, Variant) {
    let p = json::read(text).unwrap();
    (p.givens, p.variant)
}

fn cell(name: &str) -> Cell {
    let b = name.as_bytes();
    let (r, c) = ((b[1] - b'1') as u16, (b[3] - b'1') as u16);
    Cell::new(r * 9 + c)
}

/// The board of `g` with every even, odd and allowed cell's rule applied.
fn after_parity(l: &Logic<'_>, g: &Grid) -> Board {
    let mut b = Board::new(l, g);
    while let Some(s) = rules::find(l, &b, VariantTechnique::Parity) {
        b.apply(l, &s);
    }
    b
}

fn sorted(mut v: Vec<(Cell, u8)>) -> Vec<(Cell, u8)> {
    v.sort_unstable();
    v
}

/// 17 in two cells is 8+9: both cells lose 1 to 7, and nothing else changes.
#[test]
fn cage_combination_fixes_the_digits() {
    let (g, v) = read(r#"{"constraints":[{"type":"cage","sum":17,"cells":["r1c1","r1c2"]}]}"#);
    let l = Logic::new(&v);
    let b = Board::new(&l, &g);
    let step = cages::find(&l, &b).unwrap();
    assert_eq!(step.technique, VariantTechnique::CageCombination);
    let want: Vec<(Cell, u8)> = ["r1c1", "r1c2"]
        .iter()
        .flat_map(|&c| (1..=7).map(move |v| (cell(c), v)))
        .collect();
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert_eq!(
        step.describe(v.shape()),
        "Cage Combination: cage r1c1 (17 in 2 cells) is 8+9 => r1c1, r1c2 <> 1/2/3/4/5/6/7"
    );
}

/// 24 in three cells of row 1 and box 1 is 7+8+9: once the cage holds only those, 7 is
/// locked in it, so the rest of row 1 and of box 1 lose 7.
#[test]
fn a_cage_digit_is_locked_in_its_houses() {
    let (g, v) =
        read(r#"{"constraints":[{"type":"cage","sum":24,"cells":["r1c1","r1c2","r1c3"]}]}"#);
    let l = Logic::new(&v);
    let mut b = Board::new(&l, &g);
    let combo = cages::find(&l, &b).unwrap();
    b.apply(&l, &combo);
    let step = locked::find(&l, &b).unwrap();
    assert_eq!(step.technique, VariantTechnique::LockedCandidates);
    let mut want: Vec<(Cell, u8)> = Vec::new();
    for c in 3..9 {
        want.push((Cell::new(c), 7));
    }
    for r in 1..3 {
        for c in 0..3 {
            want.push((Cell::new(r * 9 + c), 7));
        }
    }
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert_eq!(
        step.why,
        "7 in cage r1c1 (24 in 3 cells) is confined to row 1 (r1c1, r1c2, r1c3)"
    );
}

/// Four cages cover r1c1-r1c8 with 3 + 7 + 11 + 15 = 36: the innie r1c9 is 45 - 36 = 9.
#[test]
fn an_innie_is_placed_by_the_45_rule() {
    let (g, v) = read(
        r#"{"constraints":[
        {"type":"cage","sum":3,"cells":["r1c1","r1c2"]},{"type":"cage","sum":7,"cells":["r1c3","r1c4"]},
        {"type":"cage","sum":11,"cells":["r1c5","r1c6"]},{"type":"cage","sum":15,"cells":["r1c7","r1c8"]}]}"#,
    );
    let l = Logic::new(&v);
    let b = Board::new(&l, &g);
    let step = innies::find(&l, &b).unwrap();
    assert_eq!(step.placements, vec![(cell("r1c9"), 9)]);
    assert!(step.why.starts_with("45 rule on row 1"), "{}", step.why);
}

/// Row 1 is covered by a cage of 30 (r1c6-r1c9: 6+7+8+9) and a cage of 21 that sticks
/// out of it by one cell, r2c1 (its five cells in row 1 hold 1 to 5): 21 + 30 = 45 + r2c1,
/// so r2c1 = 6. (Row 1's innies are five cells, too many for a step.)
#[test]
fn an_outie_is_placed_by_the_45_rule() {
    let (g, v) = read(
        r#"{"constraints":[{"type":"cage","sum":21,"cells":["r1c1","r1c2","r1c3","r1c4","r1c5","r2c1"]},
        {"type":"cage","sum":30,"cells":["r1c6","r1c7","r1c8","r1c9"]}]}"#,
    );
    let l = Logic::new(&v);
    let b = Board::new(&l, &g);
    let step = innies::find(&l, &b).unwrap();
    assert_eq!(step.placements, vec![(cell("r2c1"), 6)]);
    assert!(
        step.why.contains("outside it, r2c1, add up to 51 - 45 = 6"),
        "{}",
        step.why
    );
}

/// A 4x4 thermometer along row 1 rises 1, 2, 3, 4: the rule alone leaves each cell one
/// value.
#[test]
fn a_thermometer_rises_from_its_bulb() {
    let (g, v) = read(
        r#"{"box":"2x2","constraints":[{"type":"thermo","cells":["r1c1","r1c2","r1c3","r1c4"]}]}"#,
    );
    let l = Logic::new(&v);
    let b = Board::new(&l, &g);
    let step = rules::find(&l, &b, VariantTechnique::Thermometer).unwrap();
    let want: Vec<(Cell, u8)> = (0..4u16)
        .flat_map(|c| {
            (1..=4u8)
                .filter(move |&x| x != c as u8 + 1)
                .map(move |x| (Cell::new(c), x))
        })
        .collect();
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert!(
        step.why.contains("thermometer r1c1-r1c4 rises"),
        "{}",
        step.why
    );
}

/// A kropki black dot between r1c1 = 3 (given) and r1c2 leaves r1c2 with 6 (1.5 is no
/// value; 3 is taken by the row).
#[test]
fn a_black_dot_doubles_or_halves() {
    let mut text = String::from(r#"{"givens":"3"#);
    text.push_str(&".".repeat(80));
    text.push_str(r#"","constraints":[{"type":"black-dot","cells":["r1c1","r1c2"]}]}"#);
    let (g, v) = read(&text);
    let l = Logic::new(&v);
    let b = Board::new(&l, &g);
    let step = rules::find(&l, &b, VariantTechnique::Kropki).unwrap();
    let gone: Vec<u8> = step.eliminations.iter().map(|&(_, x)| x).collect();
    assert!(step.eliminations.iter().all(|&(c, _)| c == cell("r1c2")));
    assert_eq!(gone, vec![1, 2, 4, 5, 7, 8, 9]);
}

/// A hidden single on a diagonal is named by it.
#[test]
fn houses_beyond_boxes_are_named() {
    // r1c1 = 1, r2c2 = 2, r3c3 = 3 on the main diagonal: r4c4 is its last open cell.
    let (g, v) =
        read(r#"{"box":"2x2","givens":"1....2....3.....","constraints":[{"type":"diagonal"}]}"#);
    let l = Logic::new(&v);
    let names: Vec<&str> = l.houses().map(|h| h.name.as_str()).collect();
    assert!(names.contains(&"the main diagonal"), "{names:?}");
    let b = Board::new(&l, &g);
    let step = singles::full_house(&l, &b).unwrap();
    assert_eq!(step.placements, vec![(Cell::new(15), 4)]);
    assert_eq!(step.why, "last open cell of the main diagonal");
}

/// The table: names are unique snake_case, levels never fall along the order of trying
/// within the classic part, and every technique has its row.
#[test]
fn the_table_is_whole() {
    let mut seen = std::collections::HashSet::new();
    for t in VariantTechnique::all() {
        assert!(seen.insert(t.name()), "{} twice", t.name());
        assert!(t.name().chars().all(|c| c.is_ascii_lowercase() || c == '_'));
        assert!(t.score() > 0);
    }
    assert_eq!(VariantTechnique::FullHouse.level(), Level::Easy);
    assert_eq!(VariantTechnique::HiddenTriple.level(), Level::Hard);
}

/// 3 in two cells is 1+2: after the cage combination, r1c1 and r1c2 are a naked pair in
/// row 1 (the first group looked at), and every cell seeing both (the rest of row 1 and
/// of box 1) loses 1 and 2.
#[test]
fn a_naked_pair_clears_every_cell_seeing_both() {
    let (g, v) = read(r#"{"constraints":[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}]}"#);
    let l = Logic::new(&v);
    let mut b = Board::new(&l, &g);
    let combo = cages::find(&l, &b).unwrap();
    b.apply(&l, &combo);
    let step = subsets::naked(&l, &b, 2).unwrap();
    assert_eq!(step.technique, VariantTechnique::NakedPair);
    let mut want = Vec::new();
    let others = (2..9u16).chain([9, 10, 11, 18, 19, 20]);
    for c in others {
        want.push((Cell::new(c), 1));
        want.push((Cell::new(c), 2));
    }
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert_eq!(step.why, "r1c1, r1c2 hold {1,2} between them in row 1");
}

/// r1c3 to r1c9 may hold only 3 to 9: 1 and 2 have r1c1 and r1c2 as their only places in
/// row 1, a hidden pair, so those two cells lose 3 to 9.
#[test]
fn a_hidden_pair_keeps_its_two_values() {
    let allowed: Vec<String> = (3..=9)
        .map(|c| format!(r#"{{"type":"allowed","cell":"r1c{c}","values":[3,4,5,6,7,8,9]}}"#))
        .collect();
    let (g, v) = read(&format!(r#"{{"constraints":[{}]}}"#, allowed.join(",")));
    let l = Logic::new(&v);
    let b = after_parity(&l, &g);
    let step = subsets::hidden(&l, &b, 2).unwrap();
    assert_eq!(step.technique, VariantTechnique::HiddenPair);
    let want: Vec<(Cell, u8)> = ["r1c1", "r1c2"]
        .iter()
        .flat_map(|&c| (3..=9).map(move |x| (cell(c), x)))
        .collect();
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert_eq!(step.why, "{1,2} go only in r1c1, r1c2 of row 1");
}

/// Rows 1 and 5 may hold 1 only in columns 1 and 5 (their other cells allow 2 to 9): an
/// X-Wing, so the rest of columns 1 and 5 loses 1.
#[test]
fn an_x_wing_clears_its_columns() {
    let mut rules = Vec::new();
    for r in [1, 5] {
        for c in [2, 3, 4, 6, 7, 8, 9] {
            rules.push(format!(
                r#"{{"type":"allowed","cell":"r{r}c{c}","values":[2,3,4,5,6,7,8,9]}}"#
            ));
        }
    }
    let (g, v) = read(&format!(r#"{{"constraints":[{}]}}"#, rules.join(",")));
    let l = Logic::new(&v);
    let b = after_parity(&l, &g);
    let step = fish::find(&l, &b).unwrap();
    assert_eq!(step.technique, VariantTechnique::XWing);
    let want: Vec<(Cell, u8)> = [0u16, 4]
        .iter()
        .flat_map(|&c| [1u16, 2, 3, 5, 6, 7, 8].map(move |r| (Cell::new(r * 9 + c), 1)))
        .collect();
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert_eq!(
        step.why,
        "1 in rows 1 and 5 only in columns 1 and 5 (r1c1, r1c5, r5c1, r5c5)"
    );
}

/// 6 in three cells of row 1 is 1+2+3: a naked triple, so the rest of row 1 and of box 1
/// lose 1, 2 and 3.
#[test]
fn a_naked_triple_clears_every_cell_seeing_all_three() {
    let (g, v) =
        read(r#"{"constraints":[{"type":"cage","sum":6,"cells":["r1c1","r1c2","r1c3"]}]}"#);
    let l = Logic::new(&v);
    let mut b = Board::new(&l, &g);
    let combo = cages::find(&l, &b).unwrap();
    b.apply(&l, &combo);
    let step = subsets::naked(&l, &b, 3).unwrap();
    assert_eq!(step.technique, VariantTechnique::NakedTriple);
    let want: Vec<(Cell, u8)> = (3..9u16)
        .chain([9, 10, 11, 18, 19, 20])
        .flat_map(|c| (1..=3).map(move |x| (Cell::new(c), x)))
        .collect();
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert_eq!(
        step.why,
        "r1c1, r1c2, r1c3 hold {1,2,3} between them in row 1"
    );
}

/// r1c4 to r1c9 may hold only 4 to 9: 1, 2 and 3 go only in r1c1 to r1c3, a hidden triple.
#[test]
fn a_hidden_triple_keeps_its_three_values() {
    let allowed: Vec<String> = (4..=9)
        .map(|c| format!(r#"{{"type":"allowed","cell":"r1c{c}","values":[4,5,6,7,8,9]}}"#))
        .collect();
    let (g, v) = read(&format!(r#"{{"constraints":[{}]}}"#, allowed.join(",")));
    let l = Logic::new(&v);
    let b = after_parity(&l, &g);
    let step = subsets::hidden(&l, &b, 3).unwrap();
    assert_eq!(step.technique, VariantTechnique::HiddenTriple);
    let want: Vec<(Cell, u8)> = ["r1c1", "r1c2", "r1c3"]
        .iter()
        .flat_map(|&c| (4..=9).map(move |x| (cell(c), x)))
        .collect();
    assert_eq!(sorted(step.eliminations.clone()), sorted(want));
    assert_eq!(step.why, "{1,2,3} go only in r1c1, r1c2, r1c3 of row 1");
}

/// Each constraint's own rule on a position worked by hand: (puzzle, technique, the step
/// in words). Givens are written `rRcC=V`.
#[test]
fn each_constraint_rule_on_a_hand_worked_position() {
    let cases: &[(&str, &str, VariantTechnique, &str)] = &[
        // A circle counting three cells: three different values at most (the rule read
        // alone does not see that the row's cells differ).
        (
            "",
            r#"{"type":"count-distinct","cell":"r2c2","cells":["r1c1","r1c2","r1c3"]}"#,
            VariantTechnique::CountDistinct,
            "Count Different: r2c2 counts the different values of r1c1, r1c2, r1c3 => r2c2 <> 4/5/6/7/8/9",
        ),
        // A slingshot of three cells: the distance is 1, so r2c4 holds r1c1's 5.
        (
            "r1c1=5",
            r#"{"type":"value-indexing","cells":["r1c1","r1c2","r2c4"]}"#,
            VariantTechnique::Slingshot,
            "Slingshot: on the slingshot r1c1-r2c4, r1c2's digit d says the cell d steps on holds r1c1's digit => r2c4 <> 1, r1c2, r2c4 <> 2/3/4/6/7/8/9",
        ),
        // A regex line starting with a 1 or a 9: r1c1 is 1 or 9.
        (
            "",
            r#"{"type":"regex","pattern":"[19].*","cells":["r1c1","r1c2","r1c3"]}"#,
            VariantTechnique::Regex,
            "Regex Line: the regex line r1c1-r1c3 matches `[19].*` => r1c1 <> 2/3/4/5/6/7/8",
        ),
        // Skyscraper-3 on three cells (1, 2, 3 as successive maxima, each new one one
        // higher) as a state machine: the line is 1, 2, 3.
        (
            "",
            r#"{"type":"automaton","name":"Skyscraper-3","states":4,"start":[0],"accept":[1],"moves":[[0,[1],2],[1,[1,2,3,4,5,6,7,8,9],1],[2,[1],2],[2,[2],3],[3,[1,2],3],[3,[3],1]],"cells":["r5c5","r5c6","r5c7"]}"#,
            VariantTechnique::StateMachine,
            "State Machine: the state machine \"Skyscraper-3\" accepts the line r5c5-r5c7 => r5c6, r5c7 <> 1, r5c5, r5c7 <> 2, r5c5, r5c6 <> 3, r5c5, r5c6, r5c7 <> 4/5/6/7/8/9",
        ),
        // Equal sums: r1c1 + r2c2 against r5c5 given 3: both 1 or 2.
        (
            "r5c5=3",
            r#"{"type":"equal-sum","segments":[["r1c1","r2c2"],["r5c5"]]}"#,
            VariantTechnique::Sum,
            "Cell Sum: r1c1, r2c2; r5c5 add up alike => r1c1, r2c2 <> 3/4/5/6/7/8/9",
        ),
        // Look-and-say: two 7s in r1c1, r5c5, r9c9 with r5c5 given 3: the other two are 7
        // (they share no house with r5c5, so their 3 is among what goes).
        (
            "r5c5=3",
            r#"{"type":"look-and-say","counts":[[2,7]],"cells":["r1c1","r5c5","r9c9"]}"#,
            VariantTechnique::LookAndSay,
            "Look-and-Say: the look-and-say cells r1c1, r5c5, r9c9 hold 2 x 7 => r1c1, r9c9 <> 1/2/3/4/5/6/8/9",
        ),
        // Dutch flatmates: r1c5 has no cell above, so a 5 there needs a 9 below; r9c5 no
        // cell below. Read alone, the rule takes 5 off the top row's cells whose cell below
        // cannot be 9 (r2c5 is 3) and the bottom row's whose cell above cannot be 1.
        (
            "r2c5=3 r8c5=4",
            r#"{"type":"dutch-flatmates"}"#,
            VariantTechnique::DutchFlatmates,
            "Dutch Flatmates: every 5 has a 1 right above it or a 9 right below it => r1c5, r9c5 <> 5",
        ),
        // A lockout line whose ends are 2 and 8: the cells between them are 1 or 9 (2 and 8
        // are gone already: they see the ends).
        (
            "r1c1=2 r3c3=8",
            r#"{"type":"lockout","cells":["r1c1","r1c2","r2c3","r3c3"]}"#,
            VariantTechnique::Lockout,
            "Lockout Line: the lockout line r1c1-r3c3's ends differ by 4 or more, the values between them outside their range => r1c2, r2c3 <> 3/4/5/6/7",
        ),
        // A full-rank clue of 17 on row 5 from the left: its number starts with 5 (ranks
        // 17-20 start with 5), and is the least of those four.
        (
            "",
            r#"{"type":"full-rank","rank":17,"row":5}"#,
            VariantTechnique::FullRank,
            "Full Rank: row 5 from the left ranks 17 among the 36 numbers the rows and columns read from each end => r5c1 <> 1/2/3/4/6/7/8/9",
        ),
        // Five cells whose every two are neither equal nor consecutive (ISS's Nabner
        // rule) can only hold 1, 3, 5, 7 and 9: no pair alone shows it, the set whole does.
        (
            "",
            r#"{"type":"pairwise","name":"Nabner","all":true,"pairs":[[1,3],[1,4],[1,5],[1,6],[1,7],[1,8],[1,9],[2,4],[2,5],[2,6],[2,7],[2,8],[2,9],[3,1],[3,5],[3,6],[3,7],[3,8],[3,9],[4,1],[4,2],[4,6],[4,7],[4,8],[4,9],[5,1],[5,2],[5,3],[5,7],[5,8],[5,9],[6,1],[6,2],[6,3],[6,4],[6,8],[6,9],[7,1],[7,2],[7,3],[7,4],[7,5],[7,9],[8,1],[8,2],[8,3],[8,4],[8,5],[8,6],[9,1],[9,2],[9,3],[9,4],[9,5],[9,6],[9,7]],"cells":["r1c1","r3c3","r5c5","r7c7","r9c9"]}"#,
            VariantTechnique::Pairwise,
            "Pairwise Relation: every two of r1c1, r3c3, r5c5, r7c7, r9c9 hold a pair the pairwise rule \"Nabner\" allows => r1c1, r3c3, r5c5, r7c7, r9c9 <> 2/4/6/8",
        ),
        // r1c1 = 3 and an X: r1c2 is 7.
        (
            "r1c1=3",
            r#"{"type":"x","cells":["r1c1","r1c2"]}"#,
            VariantTechnique::Xv,
            "XV Pair: the X makes r1c1, r1c2 add up to 10 => r1c2 <> 1/2/4/5/6/8/9",
        ),
        // A whisper gap of 5 on 9x9: 5 has no partner (0 and 10 are no values).
        (
            "",
            r#"{"type":"whisper","cells":["r1c1","r1c2"]}"#,
            VariantTechnique::Whisper,
            "Whisper Line: neighbours on the whisper line r1c1-r1c2 differ by 5 or more => r1c1, r1c2 <> 5",
        ),
        // r1c1 = 9 and a white dot: r1c2 is 8 (10 is no value).
        (
            "r1c1=9",
            r#"{"type":"white-dot","cells":["r1c1","r1c2"]}"#,
            VariantTechnique::Kropki,
            "Kropki Pair: the white dot joins consecutive r1c1, r1c2 => r1c2 <> 1/2/3/4/5/6/7",
        ),
        // r5c5 = 5: its four neighbours lose 4 and 6.
        (
            "r5c5=5",
            r#"{"type":"non-consecutive"}"#,
            VariantTechnique::NonConsecutive,
            "Non-Consecutive: orthogonal neighbours are not consecutive => r4c5, r5c4, r5c6, r6c5 <> 4/6",
        ),
        (
            "",
            r#"{"type":"even","cells":["r1c1"]}"#,
            VariantTechnique::Parity,
            "Even and Odd Cells: r1c1 is even => r1c1 <> 1/3/5/7/9",
        ),
        // The palindrome's ends are equal: r2c5 = r1c3 = 7 (in no house together).
        (
            "r1c3=7",
            r#"{"type":"palindrome","cells":["r1c3","r1c4","r2c5"]}"#,
            VariantTechnique::Palindrome,
            "Palindrome: the palindrome r1c3-r2c5 reads the same both ways => r2c5 <> 1/2/3/4/5/6/8/9",
        ),
        // r5c1 (column indexing) holds 3: r5c3 holds 1 (3 is gone already, a peer of the
        // given), and no other cell of row 5 holds 1 (read from the rule alone).
        (
            "r5c1=3",
            r#"{"type":"column-indexing","cells":["r5c1"]}"#,
            VariantTechnique::Indexing,
            "Indexing: a digit d of r5c1 in column c puts c in column d of its row => r5c2, r5c4, r5c5, r5c6, r5c7, r5c8, r5c9 <> 1, r5c3 <> 2/4/5/6/7/8/9",
        ),
        // A zipper's middle of 3 (seeing neither end): its ends add up to 3, 1 and 2.
        (
            "r3c3=3",
            r#"{"type":"zipper","cells":["r4c2","r3c3","r2c4"]}"#,
            VariantTechnique::Zipper,
            "Zipper Line: on the zipper line r4c2-r2c4 each two cells as far from its ends add up to its middle r3c3 => r2c4, r4c2 <> 3/4/5/6/7/8/9",
        ),
        // Three consecutive values with 9: 7, 8, 9.
        (
            "r1c1=9",
            r#"{"type":"renban","cells":["r1c1","r1c2","r1c3"]}"#,
            VariantTechnique::Renban,
            "Renban Set: the renban line r1c1-r1c3 holds 3 consecutive values => r1c2, r1c3 <> 1/2/3/4/5/6",
        ),
        // Between 1 and 4: 2 or 3.
        (
            "r1c1=1 r1c3=4",
            r#"{"type":"between","cells":["r1c1","r1c2","r1c3"]}"#,
            VariantTechnique::Between,
            "Between Line: the between line r1c1-r1c3 lies between its ends => r1c2 <> 5/6/7/8/9",
        ),
        // A circle of 3 over two cells: each is at most 2.
        (
            "r1c1=3",
            r#"{"type":"arrow","circle":["r1c1"],"line":["r1c2","r1c3"]}"#,
            VariantTechnique::Arrow,
            "Arrow Sum: the arrow from r1c2 adds up to its circle r1c1 => r1c2, r1c3 <> 4/5/6/7/8/9",
        ),
        // 3 along r1c2-r2c1: each at most 2.
        (
            "",
            r#"{"type":"little-killer","sum":3,"cells":["r1c2","r2c1"]}"#,
            VariantTechnique::LittleKiller,
            "Little Killer Sum: the little killer diagonal r1c2-r2c1 adds up to 3 => r1c2, r2c1 <> 3/4/5/6/7/8/9",
        ),
        // Seen alone, the first cell is the 9, hiding the rest.
        (
            "",
            r#"{"type":"skyscraper","count":1,"row":1}"#,
            VariantTechnique::Skyscraper,
            "Skyscraper: row 1 from the left sees 1 (a value hides the smaller ones behind it) => r1c1 <> 1/2/3/4/5/6/7/8, r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9 <> 9",
        ),
        // 8 first hidden: the first cell is seen (not 8), and after the 9 in r1c2 (the
        // tallest) the next cell is hidden: it is the 8.
        (
            "r1c2=9",
            r#"{"type":"hidden-skyscraper","value":8,"row":1}"#,
            VariantTechnique::HiddenSkyscraper,
            "Hidden Skyscraper: row 1 from the left rises to its first hidden value, 8 => r1c3 <> 1/2/3/4/5/6/7, r1c1 <> 8",
        ),
        // 3: X is 2 and the next cell 1 (X = 1 adds up to 1, X = 3 to at least 4).
        (
            "",
            r#"{"type":"x-sum","sum":3,"row":1}"#,
            VariantTechnique::XSum,
            "X-Sum: in row 1 from the left the first X values add up to 3, X the first of them => r1c1 <> 1, r1c2 <> 2, r1c1, r1c2 <> 3/4/5/6/7/8/9",
        ),
        // Three cells with 8 between the least and the greatest: the middle is 8, an
        // end the 9.
        (
            "",
            r#"{"type":"lunchbox","sum":8,"cells":["r1c1","r1c2","r1c3"]}"#,
            VariantTechnique::Lunchbox,
            "Lunchbox Sum: the lunchbox r1c1-r1c3 has 8 between its least and greatest values => r1c2 <> 1/2/3/4/5/6/7/9, r1c1, r1c3 <> 8",
        ),
        // A low and a middle value on an entropic line: the third cell is high (1 and 5
        // already gone from it, its row's).
        (
            "r1c1=1 r1c2=5",
            r#"{"type":"entropic-line","cells":["r1c1","r1c2","r1c3"]}"#,
            VariantTechnique::Entropy,
            "Entropy: every three cells in a row on the entropic line r1c1-r1c3 hold a low, a middle and a high value => r1c3 <> 2/3/4/6",
        ),
        // 9 in the X-th cell: r1c1 is not 1 (it would have to hold 9 too) nor 9 (the 9th
        // cell would too), so no X names r1c9 for the 9.
        (
            "",
            r#"{"type":"numbered-room","value":9,"row":1}"#,
            VariantTechnique::NumberedRoom,
            "Numbered Room: in row 1 from the left the first value X puts 9 in the X-th cell => r1c1 <> 1, r1c1, r1c9 <> 9",
        ),
        // Two circles: a 1 would leave the other circle a value held once, another 1
        // (then two 1s): both hold 2.
        (
            "",
            r#"{"type":"counting-circles","cells":["r1c1","r9c9"]}"#,
            VariantTechnique::CountingCircles,
            "Counting Circles: each value in the counting circles r1c1, r9c9 is in as many of them as it says => r1c1, r9c9 <> 1/3/4/5/6/7/8/9",
        ),
        // r1c1 is 2: no 5 (2 + 3 = 5 would do it) or 3 beside it, nor 5 alone.
        (
            "r1c1=2",
            r#"{"type":"rellik-cage","sum":5,"cells":["r1c1","r1c2"]}"#,
            VariantTechnique::Rellik,
            "Rellik Cage: no values of the rellik cage r1c1, r1c2 add up to 5 => r1c2 <> 3/5",
        ),
        // 4 over r1c1 and r9c9: each at most 3.
        (
            "",
            r#"{"type":"sum","sum":4,"cells":["r1c1","r9c9"]}"#,
            VariantTechnique::Sum,
            "Cell Sum: r1c1, r9c9 add up to 4 => r1c1, r9c9 <> 4/5/6/7/8/9",
        ),
        // r1c1 > r1c2: r1c1 is not 1, r1c2 not 9.
        (
            "",
            r#"{"type":"greater-than","cells":["r1c1","r1c2"]}"#,
            VariantTechnique::GreaterThan,
            "Greater Than: r1c1 is greater than r1c2 => r1c1 <> 1, r1c2 <> 9",
        ),
        // 1, 2, 3 and 4 around r1c1's corner: no other value there.
        (
            "",
            r#"{"type":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"values":[1,2,3,4]}"#,
            VariantTechnique::Quadruple,
            "Quadruple: the quadruple at r1c1, r1c2, r2c1, r2c2 holds 1, 2, 3, 4 => r1c1, r1c2, r2c1, r2c2 <> 5/6/7/8/9",
        ),
        // r1c1 is 5: its clone r5c5 too.
        (
            "r1c1=5",
            r#"{"type":"same-values","sets":[["r1c1"],["r5c5"]]}"#,
            VariantTechnique::Clone,
            "Clone: the clones r1c1 and r5c5 hold the same values => r5c5 <> 1/2/3/4/6/7/8/9",
        ),
        // Segments of 3 on two cells: 1 + 2, 2 + 1 or 3 | 3.
        (
            "",
            r#"{"type":"sum-line","sum":3,"cells":["r1c1","r1c2"]}"#,
            VariantTechnique::SumLine,
            "Sum Line: the sum line r1c1-r1c2 divides into segments adding up to 3 => r1c1, r1c2 <> 4/5/6/7/8/9",
        ),
    ];
    for &(givens, rule, t, want) in cases {
        let mut grid = vec!['.'; 81];
        for g in givens.split_whitespace() {
            let (at, v) = g.split_once('=').unwrap();
            grid[cell(at).index()] = v.chars().next().unwrap();
        }
        let givens: String = grid.into_iter().collect();
        let (g, v) = read(&format!(
            r#"{{"givens":"{givens}","constraints":[{rule}]}}"#
        ));
        let l = Logic::new(&v);
        let b = Board::new(&l, &g);
        let step = rules::find(&l, &b, t).unwrap_or_else(|| panic!("{rule}: no step"));
        assert_eq!(step.describe(v.shape()), want, "{rule}");
    }
}

/// A cage of one cell is placed at once.
#[test]
fn a_one_cell_cage_is_placed() {
    let (g, v) = read(r#"{"constraints":[{"type":"cage","sum":5,"cells":["r8c5"]}]}"#);
    let l = Logic::new(&v);
    let b = Board::new(&l, &g);
    let step = cages::find(&l, &b).unwrap();
    assert_eq!(step.placements, vec![(cell("r8c5"), 5)]);
    assert!(step.eliminations.is_empty());
    assert_eq!(
        step.describe(v.shape()),
        "Cage Combination: cage r8c5 (5 in 1 cell) is 5 => r8c5 = 5"
    );
}
