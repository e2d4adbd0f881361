//! The variant engine against brute force: on 4x4 grids every grid is listed (288 with
//! boxes, 576 Latin squares without), filtered by numpl-core's rule check
//! (`Variant::violation`, code independent of the engine), and the engine's count must
//! equal the number left, for hand-made cases of every constraint and for random sets of
//! constraints. Each solution the engine finds passes the rule check.

use numpl_core::variant::{json, Constraint, Line, Outside, Ties, Variant};
use numpl_core::{Grid, Shape};
use proptest::prelude::*;

use super::{count, solve};
use crate::{SolveOptions, Status};

fn four() -> Shape {
    Shape::new(2, 2).unwrap()
}

/// Every 4x4 grid whose rows and columns (and boxes, with `boxes`) hold 1..4 once.
fn all_grids(boxes: bool) -> Vec<Grid> {
    fn go(cells: &mut Vec<u8>, boxes: bool, out: &mut Vec<Grid>) {
        let i = cells.len();
        if i == 16 {
            out.push(Grid::from_values(Shape::new(2, 2).unwrap(), cells.clone()).unwrap());
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for v in 1..=4u8 {
            let clash = (0..i).any(|j| {
                let (rj, cj) = (j / 4, j % 4);
                cells[j] == v
                    && (rj == r || cj == c || (boxes && rj / 2 == r / 2 && cj / 2 == c / 2))
            });
            if !clash {
                cells.push(v);
                go(cells, boxes, out);
                cells.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), boxes, &mut out);
    out
}

fn brute(givens: &Grid, v: &Variant) -> usize {
    all_grids(v.boxes())
        .into_iter()
        .filter(|g| {
            givens
                .values()
                .iter()
                .zip(g.values())
                .all(|(&a, &b)| a == 0 || a == b)
                && v.violation(g).is_none()
        })
        .count()
}

fn check(givens: &Grid, v: &Variant) {
    let want = brute(givens, v);
    assert_eq!(count(givens, v, 1000), want, "{}", v.to_json(givens));
    let out = solve(givens, v, &SolveOptions::default());
    match want {
        0 => assert_eq!(out.status, Status::Unsolvable),
        1 => assert_eq!(out.status, Status::Solved),
        _ => assert_eq!(out.status, Status::Multiple),
    }
    if let Some(s) = &out.solution {
        assert_eq!(v.violation(s), None);
        assert!(s.is_solution_of(givens) || !v.boxes());
    }
}

fn puzzle(text: &str) -> (Grid, Variant) {
    let p = json::read(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (p.givens, p.variant)
}

/// One hand-made case per constraint, each with a sum or shape that cuts the grids down
/// without ruling them all out.
const CASES: [&str; 70] = [
    r#"{"box":"2x2","constraints":[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"cage","cells":["r1c2","r2c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"cage","sum":9,"cells":["r2c2","r3c2","r3c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"diagonal"},{"type":"anti-diagonal"}]}"#,
    r#"{"box":"2x2","boxes":false,"constraints":[{"type":"jigsaw","layout":"0001220123112333"}]}"#,
    r#"{"box":"2x2","boxes":false,"constraints":[{"type":"region","cells":["r1c1","r2c2","r3c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"disjoint-sets"}]}"#,
    r#"{"box":"2x2","boxes":false,"constraints":[{"type":"anti-knight"}]}"#,
    r#"{"box":"2x2","boxes":false,"constraints":[{"type":"anti-king"}]}"#,
    r#"{"box":"2x2","boxes":false,"constraints":[{"type":"non-consecutive"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"even","cells":["r1c1","r2c3"]},{"type":"odd","cells":["r4c4"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"allowed","cell":"r2c2","values":[1,4]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"little-killer","sum":6,"cells":["r1c2","r2c3","r3c4"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"sandwich","sum":5,"row":2},{"type":"sandwich","sum":0,"col":1}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"thermo","cells":["r1c1","r2c2","r3c2"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"slow-thermo","cells":["r1c1","r1c2","r2c3","r3c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"arrow","circle":["r1c1"],"line":["r2c2","r3c2"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"arrow","circle":["r1c1","r1c2"],"line":["r2c2","r3c2","r4c3","r4c4"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"white-dot","cells":["r1c1","r1c2"]},{"type":"black-dot","cells":["r2c1","r3c1"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"white-dot","cells":["r1c1","r1c2"]},{"type":"kropki-negative"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"x","cells":["r1c1","r1c2"]},{"type":"v","cells":["r2c2","r2c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"v","cells":["r2c2","r2c3"]},{"type":"xv-negative"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"palindrome","cells":["r1c1","r2c1","r3c2","r4c3"]}]}"#,
    // Indexing: a column's cells point along their rows; two of a row along columns.
    r#"{"box":"2x2","constraints":[{"type":"column-indexing","cells":["r1c1","r2c1","r3c1","r4c1"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"row-indexing","cells":["r1c2","r1c3"]}]}"#,
    // Zipper lines: odd (pairs add up to the middle), even (pairs add up alike).
    r#"{"box":"2x2","constraints":[{"type":"zipper","cells":["r1c1","r2c1","r3c2","r4c3","r4c4"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"zipper","cells":["r1c2","r2c2","r2c3","r1c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"whisper","cells":["r1c1","r2c2","r1c3"]}]}"#,
    // A whisper line that comes back to its first cell (a loop over two boxes).
    r#"{"box":"2x2","constraints":[{"type":"whisper","difference":2,"cells":["r1c2","r1c3","r2c3","r2c2","r1c2"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"renban","cells":["r1c1","r2c2","r3c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"between","cells":["r1c1","r2c2","r3c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"region-sum-line","cells":["r1c2","r1c3","r2c3"]}]}"#,
    r#"{"box":"2x2","givens":"1...............","constraints":[{"type":"windoku"}]}"#,
    // Skyscrapers from each end; X-sums from the far ends.
    r#"{"box":"2x2","constraints":[{"type":"skyscraper","count":3,"col":1},{"type":"skyscraper","count":2,"row":2,"side":"right"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"x-sum","sum":6,"row":3,"side":"right"},{"type":"x-sum","sum":1,"col":2,"side":"bottom"}]}"#,
    // Either/or: r1c1 and r1c2 add up to 3, or r1c1 is 4 and r2c3 odd.
    r#"{"box":"2x2","constraints":[{"type":"or","options":[[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}],[{"type":"allowed","cell":"r1c1","values":[4]},{"type":"odd","cells":["r2c3"]}]]}]}"#,
    // Hidden skyscrapers: a 2 first hidden from the left of row 1, a 1 from the bottom.
    r#"{"box":"2x2","constraints":[{"type":"hidden-skyscraper","value":2,"row":1},{"type":"hidden-skyscraper","value":1,"col":3,"side":"bottom"}]}"#,
    // Equal sums: a row's two halves and a diagonal pair (a cell shared: r1c1).
    r#"{"box":"2x2","constraints":[{"type":"equal-sum","segments":[["r1c1","r1c2"],["r1c3","r1c4"],["r1c1","r2c2"]]}]}"#,
    // Look-and-say: two 1s and no 4 over a zigzag of cells; one 3 over three cells.
    r#"{"box":"2x2","constraints":[{"type":"look-and-say","counts":[[2,1],[0,4]],"cells":["r1c1","r2c2","r3c1","r4c2"]},{"type":"look-and-say","counts":[[1,3]],"cells":["r1c3","r2c4","r3c3"]}]}"#,
    // Anti-taxicab, Dutch flatmates (a 2 with a 1 above or a 4 below on 4x4) and an
    // equality cage (one even and one odd, one low and one high).
    r#"{"box":"2x2","givens":"1...............","constraints":[{"type":"anti-taxicab"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"dutch-flatmates"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"equality-cage","cells":["r1c1","r2c3"]},{"type":"equality-cage","cells":["r3c1","r3c2","r4c3","r4c4"]}]}"#,
    // A lockout line (ends 2 apart, the middle outside them) and a double arrow.
    r#"{"box":"2x2","constraints":[{"type":"lockout","difference":2,"cells":["r1c1","r2c2","r3c2","r4c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"double-arrow","cells":["r1c1","r2c1","r3c2","r4c2"]}]}"#,
    // Full rank: clues alone (ties among unclued numbers), with no ties at all, and with
    // any ties (two clues of one rank tie).
    r#"{"box":"2x2","constraints":[{"type":"full-rank","rank":10,"col":1},{"type":"full-rank","rank":15,"col":2},{"type":"full-rank","rank":5,"row":4}]}"#,
    r#"{"box":"2x2","givens":"...2..1.........","constraints":[{"type":"full-rank","rank":10,"col":1},{"type":"full-rank-ties","ties":"none"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"full-rank","rank":5,"row":4},{"type":"full-rank","rank":5,"row":3,"side":"right"},{"type":"full-rank-ties","ties":"any"}]}"#,
    // The same clue twice (once counted, not twice), found by the full-rank random test.
    r#"{"box":"2x2","constraints":[{"type":"full-rank","rank":15,"row":4},{"type":"full-rank","rank":13,"col":4},{"type":"full-rank","rank":15,"row":4},{"type":"full-rank-ties","ties":"any"}]}"#,
    // Pairwise: a line whose neighbours are 1 apart or 3 apart; a set of four cells,
    // every two of which differ by 2 or more (ISS's Nabner rule on 4x4: one way, 1 and 3
    // with 2 and 4 apart), with a cell of the set given.
    r#"{"box":"2x2","constraints":[{"type":"pairwise","pairs":[[1,2],[2,1],[2,3],[3,2],[3,4],[4,3],[1,4],[4,1]],"cells":["r1c1","r2c2","r3c2","r4c1"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"pairwise","name":"apart","all":true,"pairs":[[1,3],[3,1],[1,4],[4,1],[2,4],[4,2]],"cells":["r1c1","r2c3","r4c2"]}]}"#,
    r#"{"box":"2x2","givens":".....3..........","constraints":[{"type":"pairwise","all":true,"pairs":[[1,3],[3,1],[1,4],[4,1],[2,4],[4,2],[1,2]],"cells":["r1c1","r2c2","r3c3","r4c4"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"lunchbox","sum":2,"cells":["r1c1","r2c1","r2c2"]}]}"#,
    // Sum lines: a line and a loop.
    r#"{"box":"2x2","constraints":[{"type":"sum-line","sum":5,"cells":["r1c1","r1c2","r2c3","r3c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"sum-line","sum":4,"loop":true,"cells":["r2c2","r2c3","r3c3","r3c2"]}]}"#,
    // Clones: two cells alike; two pairs holding the same two values.
    r#"{"box":"2x2","constraints":[{"type":"same-values","sets":[["r1c1"],["r2c3"]]}]}"#,
    r#"{"box":"2x2","boxes":false,"constraints":[{"type":"same-values","sets":[["r1c1","r2c2"],["r3c3","r4c4"]]}]}"#,
    // Quadruples: one value; a value twice (on a diagonal of the block).
    r#"{"box":"2x2","constraints":[{"type":"quadruple","cells":["r2c2","r2c3","r3c2","r3c3"],"values":[4,1]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"quadruple","cells":["r1c2","r1c3","r2c2","r2c3"],"values":[3,3]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"greater-than","cells":["r2c2","r2c3"]},{"type":"greater-than","cells":["r2c2","r3c2"]}]}"#,
    // A sum over cells apart, one counted twice.
    r#"{"box":"2x2","constraints":[{"type":"sum","sum":9,"cells":["r1c1","r4c3","r1c1"]}]}"#,
    // Parity alternating along a line (modulo 2).
    r#"{"box":"2x2","constraints":[{"type":"modular-line","modulus":2,"cells":["r1c1","r2c2","r3c3","r4c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"numbered-room","value":3,"row":2},{"type":"numbered-room","value":1,"col":4,"side":"bottom"}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"rellik-cage","sum":4,"cells":["r1c2","r1c3","r2c3"]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"counting-circles","cells":["r1c1","r2c3","r3c2","r4c4"]}]}"#,
    // Counts of different values: two (over three cells of a column), and a circle
    // counting four cells around it.
    r#"{"box":"2x2","constraints":[{"type":"count-distinct","cell":"r1c1","cells":["r2c2","r3c2","r4c2"]}]}"#,
    r#"{"box":"2x2","givens":"...........3....","constraints":[{"type":"count-distinct","cell":"r2c2","cells":["r1c2","r2c1","r2c3","r3c2"]}]}"#,
    // A slingshot: r2c2's digit says which of the three cells after it holds r1c1's.
    r#"{"box":"2x2","constraints":[{"type":"value-indexing","cells":["r1c1","r2c2","r3c2","r4c1","r4c2"]}]}"#,
    // A regex line (odd and even alternating, or a 4 somewhere after a 1), coming back to
    // its first cell.
    r#"{"box":"2x2","constraints":[{"type":"regex","pattern":"([13][24])*|.*1.*4.*","cells":["r1c1","r2c2","r3c2","r3c3","r2c2"]}]}"#,
    // A state machine: two segments, each rising (state 0 any first value, state 1 after
    // a rise...), the break between them; and one over a single line, ISS's Skyscraper-4
    // (1, 2, 3, 4 appearing in that order as successive maxima).
    r#"{"box":"2x2","constraints":[{"type":"automaton","name":"rising","states":5,"start":[0],"accept":[4],"moves":[[0,[1],1],[0,[2],2],[0,[3],3],[1,[2],2],[1,[3],3],[1,[4],4],[2,[3],3],[2,[4],4],[3,[4],4]],"breaks":[[4,0]],"segments":[["r1c1","r2c1"],["r3c3","r4c4"]]}]}"#,
    r#"{"box":"2x2","constraints":[{"type":"automaton","name":"Skyscraper-4","states":5,"start":[0],"accept":[1],"moves":[[0,[1],2],[1,[1,2,3,4],1],[2,[1],2],[2,[2],3],[3,[1,2],3],[3,[3],4],[4,[1,2,3],4],[4,[4],1]],"cells":["r1c1","r2c2","r3c3","r4c4"]}]}"#,
];

#[test]
fn every_constraint_counts_as_brute_force_does() {
    let cases = CASES;
    for text in cases {
        let (g, v) = puzzle(text);
        let n = brute(&g, &v);
        // Some rules leave no 4x4 grid (anti-king, non-consecutive, kropki-negative):
        // the engine must find none either. Every case cuts some grids.
        assert!(
            n < all_grids(v.boxes()).len(),
            "{text}: {n} grids: the case cuts nothing"
        );
        check(&g, &v);
    }
}

/// The same cases over values from 0 (0..3 on 4x4), each where its numbers fit that range
/// and its rule is kept from 0: the engine (its sums, parity, dots and quadruples over the
/// puzzle's values) counts what brute force counts with the rule check's values from 0.
#[test]
fn every_constraint_from_zero_counts_as_brute_force_does() {
    let mut checked = 0;
    for text in CASES {
        let (g, v) = puzzle(text);
        let Ok(zero) = Variant::new_from(0, v.shape(), v.boxes(), v.constraints().to_vec()) else {
            continue;
        };
        check(&g, &zero);
        checked += 1;
    }
    // Every case but the refused kinds (sandwich, skyscraper, x-sum, lunchbox, sum line,
    // indexing, region-sum, numbered room, rellik, counting) and sums out of reach.
    assert!(checked >= 30, "{checked} cases from 0");
    // A cage of two cells adding up to 1 is 0 and 1 from 0; from 1, out of reach.
    let (g, v) = puzzle(
        r#"{"box":"2x2","values":"0-3","constraints":[{"type":"cage","sum":1,"cells":["r1c1","r1c2"]},{"type":"even","cells":["r1c1"]}]}"#,
    );
    check(&g, &v);
    let out = solve(&g, &v, &SolveOptions::default());
    assert_eq!(out.status, Status::Multiple);
    let s = out.solution.expect("a solution");
    assert_eq!((v.value(s.get(0)), v.value(s.get(1))), (0, 1));
}

/// The groups the page checks clashes in (`distinct_groups`) are sound: no grid that keeps
/// every rule holds one digit twice in a group; and they hold what a player expects: every
/// row and column, a cage, an extra region, a knight's move apart.
#[test]
fn distinct_groups_hold_no_repeat_in_any_solution() {
    for text in CASES {
        let (g, v) = puzzle(text);
        let groups = crate::variant::distinct_groups(&v);
        for r in 0..4u16 {
            assert!(
                groups.contains(&(4 * r..4 * r + 4).collect()),
                "{text}: row {r}"
            );
        }
        for grid in all_grids(v.boxes()) {
            let keeps = g
                .values()
                .iter()
                .zip(grid.values())
                .all(|(&a, &b)| a == 0 || a == b);
            if !keeps || v.violation(&grid).is_some() {
                continue;
            }
            for group in &groups {
                for (k, &a) in group.iter().enumerate() {
                    for &b in &group[k + 1..] {
                        assert_ne!(
                            grid.get(a as usize),
                            grid.get(b as usize),
                            "{text}: {group:?}"
                        );
                    }
                }
            }
        }
    }
    let groups_of = |text| crate::variant::distinct_groups(&puzzle(text).1);
    assert!(
        groups_of(CASES[1]).contains(&vec![1, 6]),
        "the cage r1c2 r2c3"
    );
    assert!(groups_of(CASES[5]).contains(&vec![0, 5, 10]), "the region");
    assert!(
        groups_of(CASES[7]).contains(&vec![0, 6]),
        "r1c1 and r2c3, a knight's move"
    );
}

/// A contradiction the rules make at once: the engine finds none of the grids, as brute
/// force does, before any guess.
#[test]
fn contradictions_are_found_by_propagation() {
    let cases = [
        // Two cells of a row cannot add to 8 with 1..4.
        r#"{"box":"2x2","constraints":[{"type":"cage","sum":7,"cells":["r1c1","r1c2"]},{"type":"cage","sum":7,"cells":["r1c3","r1c4"]}]}"#,
        // A thermometer of 4 in a row from a 2.
        r#"{"box":"2x2","givens":"2...............","constraints":[{"type":"thermo","cells":["r1c1","r1c2","r1c3","r1c4"]}]}"#,
        // An arrow from a 1 to two cells.
        r#"{"box":"2x2","givens":"1...............","constraints":[{"type":"arrow","circle":["r1c1"],"line":["r2c2","r2c3"]}]}"#,
        // A renban of 3 with a 1 and a 4.
        r#"{"box":"2x2","givens":"1.4.............","constraints":[{"type":"renban","cells":["r1c1","r2c2","r1c3"]}]}"#,
    ];
    for text in cases {
        let (g, v) = puzzle(text);
        assert_eq!(brute(&g, &v), 0, "{text}");
        let out = solve(&g, &v, &SolveOptions::default());
        assert_eq!(out.status, Status::Unsolvable, "{text}");
        assert_eq!(out.guesses, 0, "{text}: found only by guessing");
    }
}

fn cell() -> impl Strategy<Value = u16> {
    0u16..16
}

fn neighbours() -> impl Strategy<Value = [u16; 2]> {
    (0u16..4, 0u16..3, any::<bool>()).prop_map(|(a, b, down)| {
        if down {
            [b * 4 + a, (b + 1) * 4 + a]
        } else {
            [a * 4 + b, a * 4 + b + 1]
        }
    })
}

/// A line of king-move neighbours from a random start.
fn line(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<u16>> {
    (cell(), proptest::collection::vec(0usize..8, len)).prop_map(|(start, steps)| {
        let mut out = vec![start];
        for s in steps {
            let last = *out.last().unwrap() as i32;
            let (r, c) = (last / 4, last % 4);
            let (dr, dc) = [
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ][s];
            let (nr, nc) = (r + dr, c + dc);
            let next = (nr * 4 + nc) as u16;
            if (0..4).contains(&nr) && (0..4).contains(&nc) && !out.contains(&next) {
                out.push(next);
            }
        }
        out
    })
}

/// An outside clue's place: a row or column, either end.
fn side() -> impl Strategy<Value = Outside> {
    (0u8..4, any::<bool>(), any::<bool>()).prop_map(|(i, row, back)| Outside {
        line: if row { Line::Row(i) } else { Line::Col(i) },
        back,
    })
}

fn constraint() -> impl Strategy<Value = Constraint> {
    prop_oneof![
        (1u32..11, proptest::collection::btree_set(cell(), 1..4)).prop_map(|(s, c)| {
            Constraint::Cage {
                sum: Some(s),
                cells: c.into_iter().collect(),
            }
        }),
        line(2..4).prop_map(|cells| Constraint::Thermo { cells, slow: false }),
        (1u32..13, proptest::collection::vec(cell(), 1..4))
            .prop_map(|(sum, cells)| Constraint::Sum { sum, cells }),
        line(2..5).prop_map(|cells| Constraint::Thermo { cells, slow: true }),
        line(2..4).prop_map(|l| Constraint::Arrow {
            circle: l[..1].to_vec(),
            line: l[1..].to_vec()
        }),
        (any::<bool>(), neighbours())
            .prop_map(|(black, cells)| Constraint::Kropki { black, cells }),
        (any::<bool>(), neighbours()).prop_map(|(flip, [a, b])| Constraint::GreaterThan {
            cells: if flip { [b, a] } else { [a, b] }
        }),
        (any::<bool>(), neighbours()).prop_map(|(x, cells)| Constraint::Xv {
            sum: if x { 5 } else { 10 },
            cells
        }),
        line(2..5).prop_map(|cells| Constraint::Palindrome { cells }),
        line(2..6).prop_map(|cells| Constraint::Zipper { cells }),
        (any::<bool>(), proptest::collection::btree_set(cell(), 1..4)).prop_map(|(rows, c)| {
            Constraint::Indexing {
                rows,
                cells: c.into_iter().collect(),
            }
        }),
        line(2..4).prop_map(|cells| Constraint::Whisper { cells, diff: 2 }),
        (1u8..4, line(2..5)).prop_map(|(diff, cells)| Constraint::Lockout { cells, diff }),
        line(3..5).prop_map(|cells| Constraint::DoubleArrow { cells }),
        proptest::collection::btree_set(cell(), 2..5).prop_map(|c| Constraint::EqualityCage {
            cells: c.into_iter().take(4).collect::<Vec<u16>>()[..2].to_vec()
        }),
        (
            proptest::collection::btree_set(cell(), 1..6),
            0u8..3,
            1u32..5,
            0u8..2,
            1u32..5
        )
            .prop_map(|(c, k, v, k2, v2)| Constraint::LookAndSay {
                counts: if v2 == v {
                    vec![(k, v)]
                } else {
                    vec![(k, v), (k2, v2)]
                },
                cells: c.into_iter().collect(),
            }),
        (
            proptest::collection::vec(cell(), 1..4),
            proptest::collection::vec(cell(), 1..4)
        )
            .prop_map(|(mut a, mut b)| {
                a.sort_unstable();
                a.dedup();
                b.sort_unstable();
                b.dedup();
                Constraint::EqualSum {
                    segments: vec![a, b],
                }
            }),
        Just(Constraint::AntiTaxicab),
        Just(Constraint::DutchFlatmates),
        line(2..4).prop_map(|cells| Constraint::Renban { cells }),
        line(3..5).prop_map(|cells| Constraint::Between { cells }),
        line(2..5).prop_map(|cells| Constraint::RegionSumLine { cells }),
        (0u32..6, 0u8..4, any::<bool>()).prop_map(|(sum, i, row)| Constraint::Sandwich {
            sum,
            line: if row { Line::Row(i) } else { Line::Col(i) }
        }),
        (1u32..5, side()).prop_map(|(count, side)| Constraint::Skyscraper { count, side }),
        (0u32..4, side()).prop_map(|(value, side)| Constraint::HiddenSkyscraper { value, side }),
        (1u32..17, side()).prop_map(|(rank, side)| Constraint::FullRank { rank, side }),
        prop_oneof![Just(Ties::None), Just(Ties::Unclued), Just(Ties::Any)]
            .prop_map(|ties| Constraint::FullRankTies { ties }),
        (1u32..11, side()).prop_map(|(sum, side)| Constraint::XSum { sum, side }),
        (0u32..6, line(2..5)).prop_map(|(sum, cells)| Constraint::Lunchbox { sum, cells }),
        // A random relation (each value's allowed partners), along a line or every two
        // of a set of cells.
        (
            any::<bool>(),
            proptest::collection::vec(1u64..16, 4),
            proptest::collection::btree_set(cell(), 2..6),
            line(2..5)
        )
            .prop_map(|(all, allowed, set, l)| Constraint::Pairwise {
                all,
                allowed,
                label: String::new(),
                cells: if all { set.into_iter().collect() } else { l },
            }),
        (1u32..8, line(1..4)).prop_map(|(sum, cells)| Constraint::RellikCage { sum, cells }),
        line(3..6).prop_map(|cells| Constraint::ValueIndexing { cells }),
        (cell(), proptest::collection::btree_set(cell(), 1..6)).prop_map(|(cell, c)| {
            Constraint::CountDistinct {
                cell,
                cells: c.into_iter().collect(),
            }
        }),
        // A random automaton (up to four states, moves on random values and the break)
        // over a line of one or two segments.
        (
            2u32..5,
            proptest::collection::vec((0u32..4, 1u64..32, 0u32..4), 1..10),
            proptest::collection::vec(0u32..4, 1..3),
            line(1..4),
            proptest::collection::vec(cell(), 0..3),
        )
            .prop_map(|(states, moves, accept, first, second)| {
                let clip = |s: u32| s % states;
                let mut segments = vec![first];
                if !second.is_empty() {
                    segments.push(second);
                }
                Constraint::Automaton {
                    label: String::new(),
                    automaton: numpl_core::variant::automaton::Automaton {
                        states,
                        start: vec![0],
                        accept: accept.into_iter().map(clip).collect(),
                        moves: moves
                            .into_iter()
                            .map(|(a, m, b)| (clip(a), m, clip(b)))
                            .collect(),
                    },
                    segments,
                }
            }),
        (
            prop_oneof![
                Just("[12]*"),
                Just(".?(13|42)+."),
                Just("[^4]{2,3}1?"),
                Just("(1|2.|3..)*")
            ],
            line(1..6)
        )
            .prop_map(|(p, cells)| Constraint::Regex {
                pattern: p.to_string(),
                cells
            }),
        proptest::collection::btree_set(cell(), 1..6).prop_map(|c| Constraint::CountingCircles {
            cells: c.into_iter().collect()
        }),
        (1u32..5, side()).prop_map(|(value, side)| Constraint::NumberedRoom { value, side }),
        (1u32..10, line(2..7), any::<bool>())
            .prop_map(|(sum, cells, looped)| { Constraint::SumLine { sum, cells, looped } }),
        (1usize..3, proptest::collection::btree_set(cell(), 2..7)).prop_map(|(k, c)| {
            let c: Vec<u16> = c.into_iter().collect();
            let size = (c.len() / (k + 1)).max(1);
            Constraint::SameValues {
                sets: c
                    .chunks(size)
                    .filter(|s| s.len() == size)
                    .map(<[u16]>::to_vec)
                    .collect(),
            }
        }),
        (0u16..3, 0u16..3, proptest::collection::vec(1u8..5, 1..5)).prop_map(|(r, c, values)| {
            let a = r * 4 + c;
            Constraint::Quadruple {
                cells: [a, a + 1, a + 4, a + 5],
                values,
            }
        }),
        (
            (1u32..8, line(2..4)),
            (any::<bool>(), neighbours()),
            (cell(), 1u8..5)
        )
            .prop_map(|((sum, cells), (black, pair), (c, v))| Constraint::Or {
                options: vec![
                    vec![Constraint::Cage {
                        sum: Some(sum),
                        cells
                    }],
                    vec![
                        Constraint::Kropki { black, cells: pair },
                        Constraint::Allowed {
                            cell: c,
                            values: numpl_core::Mask::from_bits(1 << (v - 1)),
                        }
                    ],
                ],
            }),
        Just(Constraint::NonConsecutive),
        Just(Constraint::AntiKing),
        Just(Constraint::Diagonal { anti: false }),
    ]
}

proptest! {
    // Rejects: sets the shape refuses (more often from 0), so that long local runs
    // (PROPTEST_CASES=4000) go through.
    #![proptest_config(ProptestConfig { max_global_rejects: 20_000, ..ProptestConfig::with_cases(200) })]

    /// Random sets of constraints (those the shape accepts) and givens, over values from 1
    /// or from 0: the engine counts what brute force counts.
    #[test]
    fn random_constraints_count_as_brute_force_does(
        cs in proptest::collection::vec(constraint(), 1..4),
        boxes in any::<bool>(),
        first in 0u8..2,
        given in proptest::collection::vec((cell(), 1u8..5), 0..3),
    ) {
        let v = Variant::new_from(first, four(), boxes, cs);
        prop_assume!(v.is_ok());
        let v = v.unwrap();
        let mut g = Grid::empty(four());
        for (c, x) in given {
            g.set(c as usize, x);
        }
        check(&g, &v);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { max_global_rejects: 20_000, ..ProptestConfig::with_cases(300) })]

    /// Full-rank clues (one to four, with each tie rule) and givens: the engine counts
    /// what brute force counts (the rule's counts, group orders and ties interact).
    #[test]
    fn full_rank_clues_count_as_brute_force_does(
        clues in proptest::collection::vec((1u32..17, side()), 1..5),
        ties in prop_oneof![Just(None), Just(Some(Ties::None)), Just(Some(Ties::Any))],
        given in proptest::collection::vec((cell(), 1u8..5), 0..3),
    ) {
        let mut cs: Vec<Constraint> = clues
            .into_iter()
            .map(|(rank, side)| Constraint::FullRank { rank, side })
            .collect();
        cs.extend(ties.map(|ties| Constraint::FullRankTies { ties }));
        let v = Variant::new(four(), true, cs);
        prop_assume!(v.is_ok());
        let mut g = Grid::empty(four());
        for (c, x) in given {
            g.set(c as usize, x);
        }
        check(&g, &v.unwrap());
    }
}

/// Each cell's candidates (values 1-based) after the first propagation of a 9x9 puzzle.
fn root(text: &str) -> Vec<Vec<u32>> {
    let (g, v) = puzzle(text);
    let cells = super::rules::compile(&g, &v)
        .root()
        .expect("no contradiction");
    cells
        .iter()
        .map(|&m| (1..=64).filter(|&x| m >> (x - 1) & 1 != 0).collect())
        .collect()
}

/// `allowed` constraints for cells `r1c<from>..=r1c<to>`, each with `values`.
fn allowed_row1(from: u32, to: u32, values: &str) -> String {
    (from..=to)
        .map(|c| format!(r#"{{"type":"allowed","cell":"r1c{c}","values":{values}}}"#))
        .collect::<Vec<_>>()
        .join(",")
}

/// Exact support: a cage of 10 over r1c1..r1c3 with r1c1 and r1c2 in {1, 2}. The sets
/// {1,2,7} and {1,3,6} both have a value for every cell, so the sets alone leave r1c3
/// 6 or 7; but r1c1 and r1c2 take 1 and 2 between them, so r1c3 is 7.
#[test]
fn a_cage_keeps_only_values_of_a_whole_assignment() {
    let text = format!(
        r#"{{"box":"3x3","constraints":[{{"type":"cage","sum":10,"cells":["r1c1","r1c2","r1c3"]}},{}]}}"#,
        allowed_row1(1, 2, "[1,2]")
    );
    let cells = root(&text);
    assert_eq!(cells[2], vec![7]);
    assert_eq!(cells[0], vec![1, 2]);
}

/// The complement: a cage of 10 over r1c1, r1c2, and no other cell of row 1 can hold 1.
/// The row's 1 is then in the cage, whose set is {1, 9}: r1c1 and r1c2 keep 1 and 9 (the
/// sets alone keep 1..4 and 6..9: {1,9}, {2,8}, {3,7}, {4,6}).
#[test]
fn a_cage_in_a_house_keeps_the_sets_its_complement_allows() {
    let text = format!(
        r#"{{"box":"3x3","constraints":[{{"type":"cage","sum":10,"cells":["r1c1","r1c2"]}},{}]}}"#,
        allowed_row1(3, 9, "[2,3,4,5,6,7,8,9]")
    );
    let cells = root(&text);
    assert_eq!(cells[0], vec![1, 9]);
    assert_eq!(cells[1], vec![1, 9]);
}

/// A value every set needs: a cage of 17 over r1c1, r2c1 is {8, 9}; both see r1c2 (their
/// box), which loses 8 and 9 though no single cell of the cage is fixed.
#[test]
fn a_value_every_set_needs_leaves_the_cells_seeing_its_places() {
    let cells =
        root(r#"{"box":"3x3","constraints":[{"type":"cage","sum":17,"cells":["r1c1","r2c1"]}]}"#);
    assert_eq!(cells[0], vec![8, 9]);
    assert_eq!(cells[1], vec![1, 2, 3, 4, 5, 6, 7]);
    // r3c3 too (the box), r9c1 (the column); r1c9 sees r1c1 only: it keeps 8 and 9.
    assert_eq!(cells[20], vec![1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(cells[72], vec![1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(cells[8].len(), 9);
}

/// A cage of one cell is its sum: the cell is fixed at the root (by the sum's bounds
/// alone, the cage has no combinations rule), and its peers lose the value; a peer
/// given that value is a contradiction at once.
#[test]
fn a_cage_of_one_cell_fixes_it() {
    let cells = root(r#"{"box":"3x3","constraints":[{"type":"cage","sum":6,"cells":["r5c5"]}]}"#);
    assert_eq!(cells[40], vec![6]);
    assert_eq!(cells[41], vec![1, 2, 3, 4, 5, 7, 8, 9]);
    assert_eq!(cells[4], vec![1, 2, 3, 4, 5, 7, 8, 9]);
    let (g, v) = puzzle(&format!(
        r#"{{"box":"3x3","givens":"{}6{}","constraints":[{{"type":"cage","sum":6,"cells":["r5c5"]}}]}}"#,
        ".".repeat(39),
        ".".repeat(41)
    ));
    assert!(super::rules::compile(&g, &v).root().is_none());
}

/// The 45 rule with cells that differ: three cages of 23, each three cells of row 1 and
/// one of row 2 (r2c1, r2c4, r2c7), cover row 1, so those three add up to 3 * 23 - 45 =
/// 24. They share row 2, so they are 7, 8 and 9 (cell by cell, 24 in three cells of 1..9
/// says only that each is at least 6).
#[test]
fn outies_that_differ_are_bounded_together() {
    let cage = |cells: &str| format!(r#"{{"type":"cage","sum":23,"cells":[{cells}]}}"#);
    let text = format!(
        r#"{{"box":"3x3","constraints":[{},{},{}]}}"#,
        cage(r#""r1c1","r1c2","r1c3","r2c1""#),
        cage(r#""r1c4","r1c5","r1c6","r2c4""#),
        cage(r#""r1c7","r1c8","r1c9","r2c7""#)
    );
    let cells = root(&text);
    for c in [9, 12, 15] {
        assert_eq!(cells[c], vec![7, 8, 9], "cell {c}");
    }
}

/// The 45 rule's equations solved exactly: a cage of 45 over r1c1..r1c8 and r2c1 leaves
/// r1c9 as row 1's innie and r2c1 as its outie, so r2c1 - r1c9 = 45 - 45 = 0. With r1c9
/// 1 or 5, r2c1 is 1 or 5 too, where the bounds alone keep 1..5.
#[test]
fn an_equation_of_the_45_rule_keeps_only_values_of_an_assignment() {
    let text = r#"{"box":"3x3","constraints":[{"type":"cage","sum":45,"cells":["r1c1","r1c2","r1c3","r1c4","r1c5","r1c6","r1c7","r1c8","r2c1"]},{"type":"allowed","cell":"r1c9","values":[1,5]}]}"#;
    let cells = root(text);
    assert_eq!(cells[8], vec![1, 5]);
    assert_eq!(cells[9], vec![1, 5]);
}

/// A renban of six along r1c1..r1c6 holds 4, 5 and 6 whatever its run (1-6 .. 4-9): the
/// rest of row 1 loses them; r2c1 sees only three of the line's cells and keeps them.
#[test]
fn a_renban_s_sure_values_leave_the_cells_seeing_all_their_places() {
    let cells = root(
        r#"{"box":"3x3","constraints":[{"type":"renban","cells":["r1c1","r1c2","r1c3","r1c4","r1c5","r1c6"]}]}"#,
    );
    assert_eq!(cells[6], vec![1, 2, 3, 7, 8, 9]);
    assert_eq!(cells[8], vec![1, 2, 3, 7, 8, 9]);
    assert_eq!(cells[9].len(), 9);
}

/// Locked candidates: in a 9x9, the only places of 5 in box 1 are in row 1
/// (r2c1..r3c3 cannot hold it), so the rest of row 1 loses 5.
#[test]
fn a_value_locked_in_a_box_and_row_leaves_the_rest_of_the_row() {
    let not5: String = ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]
        .iter()
        .map(|c| format!(r#"{{"type":"allowed","cell":"{c}","values":[1,2,3,4,6,7,8,9]}}"#))
        .collect::<Vec<_>>()
        .join(",");
    let cells = root(&format!(r#"{{"box":"3x3","constraints":[{not5}]}}"#));
    assert_eq!(cells[3], vec![1, 2, 3, 4, 6, 7, 8, 9]);
    assert_eq!(cells[8], vec![1, 2, 3, 4, 6, 7, 8, 9]);
    assert_eq!(cells[0].len(), 9);
}

/// A renban of two, r1c1 in {1, 2} and r1c2 in {1, 3}: the run 1-2 needs r1c2 to be 1 and
/// r1c1 2; the run 2-3 needs r1c1 2 and r1c2 3. r1c1 = 1 is in no assignment, though
/// both runs' values are on the line's cells (the windows alone keep it).
#[test]
fn a_renban_keeps_only_values_of_an_assignment_of_a_run() {
    let text = r#"{"box":"3x3","constraints":[{"type":"renban","cells":["r1c1","r1c2"]},{"type":"allowed","cell":"r1c1","values":[1,2]},{"type":"allowed","cell":"r1c2","values":[1,3]}]}"#;
    let cells = root(text);
    assert_eq!(cells[0], vec![2]);
    assert_eq!(cells[1], vec![1, 3]);
}

/// Every step of the variant techniques holds whatever the solution: on every case (each
/// constraint, 4x4), as given and with 2 to 8 cells of one of its solutions given, the
/// puzzle's solutions found by brute force (not the engine), no placement is off any
/// solution and no elimination removes a value some solution has there: a step must hold
/// for all of them.
#[test]
fn variant_steps_hold_for_every_solution() {
    let seen = steps_hold(1);
    assert!(seen > 500, "{seen} steps: the cases should give many");
}

/// The same over values from 0 (the cases whose rules and numbers it keeps): the cages'
/// digit sets, the 45 rule's totals and every rule's step read the puzzle's values.
#[test]
fn variant_steps_hold_for_every_solution_from_zero() {
    let seen = steps_hold(0);
    assert!(seen > 300, "{seen} steps: the cases should give many");
}

/// [`variant_steps_hold_for_every_solution`] over values from `first`: the steps taken.
fn steps_hold(first: u8) -> usize {
    use crate::variant::logic::{run, Logic};
    use crate::Level;
    let (boxed, free) = (all_grids(true), all_grids(false));
    let mut steps_seen = 0;
    for text in CASES {
        let (start, v) = puzzle(text);
        let Ok(v) = Variant::new_from(first, v.shape(), v.boxes(), v.constraints().to_vec()) else {
            continue;
        };
        let grids = if v.boxes() { &boxed } else { &free };
        let fits = |g: &Grid, s: &Grid| {
            g.values()
                .iter()
                .zip(s.values())
                .all(|(&a, &b)| a == 0 || a == b)
                && v.violation(s).is_none()
        };
        let first: Vec<&Grid> = grids.iter().filter(|s| fits(&start, s)).collect();
        let mut puzzles = vec![start.clone()];
        for (k, sol) in first
            .iter()
            .step_by(first.len().div_ceil(3).max(1))
            .enumerate()
        {
            for shown in [2usize, 4, 6, 8] {
                let mut g = start.clone();
                for i in 0..shown {
                    let c = (i * 7 + k * 5 + shown) % 16;
                    g.set(c, sol.get(c));
                }
                puzzles.push(g);
            }
        }
        let logic = Logic::new(&v);
        for g in puzzles {
            let solutions: Vec<&Grid> = grids.iter().filter(|s| fits(&g, s)).collect();
            if solutions.is_empty() {
                continue;
            }
            let (_, steps) = run(&logic, &g, Level::Extreme);
            for step in &steps {
                steps_seen += 1;
                let said = || format!("{text} {:?}: {}", g.values(), step.describe(four()));
                for &(c, x) in &step.placements {
                    assert!(
                        solutions.iter().all(|s| s.get(c.index()) == x),
                        "{}",
                        said()
                    );
                }
                for &(c, x) in &step.eliminations {
                    assert!(
                        solutions.iter().all(|s| s.get(c.index()) != x),
                        "{}",
                        said()
                    );
                }
            }
        }
    }
    steps_seen
}

/// The completions of `givens` on any grid shape, by plain backtracking (rows, columns
/// and boxes as it goes), each full grid filtered by the rule check.
fn brute_any(givens: &Grid, v: &Variant) -> usize {
    fn go(cells: &mut Vec<u8>, i: usize, shape: Shape, v: &Variant, count: &mut usize) {
        let n = shape.size();
        if i == cells.len() {
            let g = Grid::from_values(shape, cells.clone()).unwrap();
            if v.violation(&g).is_none() {
                *count += 1;
            }
            return;
        }
        if cells[i] != 0 {
            return go(cells, i + 1, shape, v, count);
        }
        let (r, c) = (i / n, i % n);
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        for x in 1..=n as u8 {
            let clash = (0..cells.len()).any(|j| {
                let (rj, cj) = (j / n, j % n);
                cells[j] == x && (rj == r || cj == c || (rj / br == r / br && cj / bc == c / bc))
            });
            if !clash {
                cells[i] = x;
                go(cells, i + 1, shape, v, count);
                cells[i] = 0;
            }
        }
    }
    let mut cells = givens.values().to_vec();
    let mut count = 0;
    go(&mut cells, 0, givens.shape(), v, &mut count);
    count
}

/// The rules on classes of values (entropic and modular lines, global entropy and
/// modular) need a side divisible by 3: on 6x6 puzzles with a third of a solution's cells
/// blank, the engine counts what backtracking and the rule check count.
#[test]
fn class_rules_count_as_brute_force_does_on_6x6() {
    let six = Shape::new(2, 3).unwrap();
    // A 6x6 solution: rows shifted by the box's width and height.
    let solution: Vec<u8> = (0..36)
        .map(|i| {
            let (r, c) = (i / 6, i % 6);
            ((c + 3 * (r % 2) + r / 2) % 6 + 1) as u8
        })
        .collect();
    let constraints = [
        r#"{"type":"entropic-line","cells":["r1c1","r2c2","r3c3","r4c4"]}"#,
        r#"{"type":"entropic-line","cells":["r5c1","r6c2"]}"#,
        r#"{"type":"modular-line","cells":["r1c6","r2c6","r3c5","r4c5"]}"#,
        r#"{"type":"modular-line","modulus":2,"cells":["r6c1","r6c2","r6c3","r5c4"]}"#,
        r#"{"type":"global-entropy"}"#,
        r#"{"type":"global-modular"}"#,
    ];
    let mut seed = 12345u64;
    let (mut cut, mut kept) = (0, 0);
    for (k, rule) in constraints.iter().enumerate() {
        for round in 0..4 {
            let mut values = solution.clone();
            for cell in values.iter_mut() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (seed >> 33).is_multiple_of(3) || (round == 3 && (seed >> 40).is_multiple_of(2))
                {
                    *cell = 0;
                }
            }
            let givens: String = values
                .iter()
                .map(|&x| if x == 0 { '.' } else { (b'0' + x) as char })
                .collect();
            let (g, v) = puzzle(&format!(
                r#"{{"box":"2x3","givens":"{givens}","constraints":[{rule}]}}"#
            ));
            let want = brute_any(&g, &v);
            let plain = brute_any(&g, &Variant::new(six, true, Vec::new()).unwrap());
            if want < plain {
                cut += 1;
            }
            if want > 0 {
                kept += 1;
            }
            assert_eq!(
                count(&g, &v, 100_000),
                want,
                "rule {k} round {round}: {givens}"
            );
            let out = solve(&g, &v, &SolveOptions::default());
            if let Some(s) = &out.solution {
                assert_eq!(v.violation(s), None);
            }
        }
    }
    // The rules cut the completions somewhere (the test can tell a rule from none), and
    // leave some (it can tell a rule from a contradiction).
    assert!(cut >= 4 && kept >= 4, "{cut} cut, {kept} kept");
}

/// From 0, the steps speak the puzzle's values: a cage of two cells adding up to 1 is
/// 0+1, a cell's allowed values and the placements are written as the puzzle has them.
#[test]
fn steps_from_zero_speak_the_puzzle_s_values() {
    let text = r#"{"box":"2x2","givens":"...............0","values":"0-3","constraints":[{"type":"allowed","cell":"r1c1","values":[0,2]},{"type":"cage","sum":1,"cells":["r1c1","r1c2"]},{"type":"cage","sum":5,"cells":["r1c3","r1c4"]},{"type":"cage","sum":3,"cells":["r2c1","r3c1"]},{"type":"cage","sum":3,"cells":["r2c2","r2c3"]},{"type":"cage","sum":3,"cells":["r2c4","r3c4"]},{"type":"cage","sum":2,"cells":["r3c2","r4c2"]},{"type":"cage","sum":4,"cells":["r3c3","r4c3","r4c4"]},{"type":"cage","sum":3,"cells":["r4c1"]}]}"#;
    let (g, v) = puzzle(text);
    let rated = super::rate(&g, &v, &SolveOptions::default());
    assert_eq!(rated.status, Status::Solved);
    let said: Vec<String> = rated.steps.iter().map(|s| s.describe(four())).collect();
    assert_eq!(
        said[..3],
        [
            "Even and Odd Cells: r1c1 is one of {0,2} => r1c1 <> 1/3",
            "Cage Combination: cage r1c1 (1 in 2 cells) is 0+1 => r1c2 <> 0/3, r1c1, r1c2 <> 2",
            "Naked Single: r1c1 = 0 (only candidate left)",
        ]
    );
    // The placements themselves hold the grid's values (1..N), as every grid does.
    assert_eq!(rated.steps[2].placements[0].1, 1);
    assert_eq!(rated.steps[2].first_value, 0);
}
