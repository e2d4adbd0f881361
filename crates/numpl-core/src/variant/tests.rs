//! The variant model's readers and checks: every constraint round-trips through numpl's
//! JSON; ISS texts read as the same puzzles; malformed descriptions are refused with a
//! message naming the constraint and the cell; the rule check accepts a solution and
//! names what a broken grid breaks.

use super::automaton::Automaton;
use super::{iss, json, relation_text, sum_line_divides, Constraint, Line, Outside, Ties, Variant};
use crate::{Grid, Mask, Shape};

/// A 9x9 solution (the seed's) to check rules against.
const SOLUTION: &str =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

fn grid(s: &str) -> Grid {
    let values = s.bytes().map(|b| b - b'0').collect();
    Grid::from_values(Shape::NINE, values).unwrap()
}

fn every_constraint() -> Vec<Constraint> {
    vec![
        Constraint::Diagonal { anti: false },
        Constraint::Diagonal { anti: true },
        Constraint::Windoku,
        Constraint::DisjointSets,
        Constraint::Region {
            cells: vec![0, 10, 20],
        },
        Constraint::AntiKnight,
        Constraint::AntiKing,
        Constraint::NonConsecutive,
        Constraint::Even { cells: vec![1, 3] },
        Constraint::Odd { cells: vec![0] },
        Constraint::Allowed {
            cell: 5,
            values: Mask::from_bits(0b1010),
        },
        Constraint::Cage {
            sum: Some(3),
            cells: vec![0, 1],
        },
        Constraint::Cage {
            sum: None,
            cells: vec![2, 11],
        },
        Constraint::LittleKiller {
            sum: 20,
            cells: vec![1, 11, 21],
        },
        Constraint::Sandwich {
            sum: 10,
            line: Line::Row(2),
        },
        Constraint::Sandwich {
            sum: 0,
            line: Line::Col(8),
        },
        Constraint::Thermo {
            cells: vec![0, 1, 2],
            slow: false,
        },
        Constraint::Thermo {
            cells: vec![9, 19],
            slow: true,
        },
        Constraint::Arrow {
            circle: vec![30, 31],
            line: vec![40, 50],
        },
        Constraint::Kropki {
            black: false,
            cells: [0, 1],
        },
        Constraint::Kropki {
            black: true,
            cells: [1, 10],
        },
        Constraint::KropkiNegative,
        Constraint::Xv {
            sum: 10,
            cells: [3, 4],
        },
        Constraint::Xv {
            sum: 5,
            cells: [4, 13],
        },
        Constraint::XvNegative,
        Constraint::Palindrome {
            cells: vec![60, 61, 62],
        },
        Constraint::Zipper {
            cells: vec![63, 64, 65, 66],
        },
        Constraint::Indexing {
            rows: false,
            cells: vec![0, 9, 18],
        },
        Constraint::Indexing {
            rows: true,
            cells: vec![1, 2],
        },
        Constraint::Whisper {
            cells: vec![70, 71],
            diff: 5,
        },
        Constraint::Whisper {
            cells: vec![72, 73],
            diff: 3,
        },
        Constraint::Renban {
            cells: vec![77, 78, 79],
        },
        Constraint::Between {
            cells: vec![63, 64, 65],
        },
        Constraint::RegionSumLine {
            cells: vec![5, 6, 7],
        },
        Constraint::Skyscraper {
            count: 3,
            side: Outside {
                line: Line::Row(4),
                back: false,
            },
        },
        Constraint::Skyscraper {
            count: 2,
            side: Outside {
                line: Line::Col(6),
                back: true,
            },
        },
        Constraint::XSum {
            sum: 15,
            side: Outside {
                line: Line::Row(8),
                back: true,
            },
        },
        Constraint::Lunchbox {
            sum: 7,
            cells: vec![36, 37, 38, 39],
        },
        Constraint::SumLine {
            sum: 10,
            cells: vec![45, 46, 47],
            looped: false,
        },
        Constraint::SumLine {
            sum: 10,
            cells: vec![48, 49, 58, 57],
            looped: true,
        },
        Constraint::SameValues {
            sets: vec![vec![50, 51], vec![52, 53], vec![54, 55]],
        },
        Constraint::Quadruple {
            cells: [60, 61, 69, 70],
            values: vec![3, 3, 8],
        },
        Constraint::GreaterThan { cells: [75, 74] },
        Constraint::Sum {
            sum: 20,
            cells: vec![76, 3, 76],
        },
        Constraint::EntropicLine {
            cells: vec![30, 31, 32],
        },
        Constraint::ModularLine {
            modulus: 3,
            cells: vec![33, 34, 35],
        },
        Constraint::ModularLine {
            modulus: 2,
            cells: vec![42, 43],
        },
        Constraint::GlobalEntropy,
        Constraint::GlobalModular,
        Constraint::NumberedRoom {
            value: 7,
            side: Outside {
                line: Line::Col(3),
                back: true,
            },
        },
        Constraint::HiddenSkyscraper {
            value: 4,
            side: Outside {
                line: Line::Row(6),
                back: true,
            },
        },
        Constraint::Or {
            options: vec![
                vec![Constraint::Cage {
                    sum: Some(10),
                    cells: vec![63, 64],
                }],
                vec![
                    Constraint::Kropki {
                        black: true,
                        cells: [63, 64],
                    },
                    Constraint::Allowed {
                        cell: 63,
                        values: Mask::from_bits(0b10),
                    },
                ],
            ],
        },
        Constraint::RellikCage {
            sum: 9,
            cells: vec![77, 78],
        },
        Constraint::CountingCircles {
            cells: vec![79, 62],
        },
        Constraint::FullRank {
            rank: 17,
            side: Outside {
                line: Line::Col(4),
                back: true,
            },
        },
        Constraint::FullRankTies { ties: Ties::None },
        Constraint::Lockout {
            cells: vec![36, 37, 38],
            diff: 5,
        },
        Constraint::EqualSum {
            segments: vec![vec![66, 67], vec![66, 75]],
        },
        Constraint::LookAndSay {
            counts: vec![(1, 2), (0, 5)],
            cells: vec![58, 59, 60],
        },
        Constraint::AntiTaxicab,
        Constraint::DutchFlatmates,
        Constraint::EqualityCage {
            cells: vec![54, 55, 56, 57],
        },
        Constraint::DoubleArrow {
            cells: vec![45, 46, 47, 48],
        },
        Constraint::Pairwise {
            all: false,
            allowed: apart(9),
            label: "Nabner".into(),
            cells: vec![70, 71, 61, 70],
        },
        Constraint::Pairwise {
            all: true,
            allowed: vec![0b10, 0, 0, 0, 0, 0, 0, 0, 0b1_0000_0000],
            label: String::new(),
            cells: vec![72, 80],
        },
        Constraint::ValueIndexing {
            cells: vec![63, 64, 65, 66],
        },
        Constraint::CountDistinct {
            cell: 67,
            cells: vec![68, 69],
        },
        Constraint::Regex {
            pattern: "([13579][2468])*[1-9]?".into(),
            cells: vec![73, 74, 75, 76, 73],
        },
        // Two segments, a move on the break (place 9) between them.
        Constraint::Automaton {
            label: "up".into(),
            automaton: Automaton {
                states: 2,
                start: vec![0],
                accept: vec![0],
                moves: vec![(0, 0b1_1111_1111, 0), (0, 1 << 9, 1), (1, 0b11, 0)],
            },
            segments: vec![vec![77, 78], vec![79]],
        },
    ]
}

/// Counts of different values: ISS's form (the circle first), numpl's JSON, the checks,
/// the rule check both ways.
#[test]
fn counts_of_different_values_read_check_and_judge() {
    let p = iss::read(".CountDistinct~R2C2~R1C1~R1C2~R1C3").unwrap();
    let want = Constraint::CountDistinct {
        cell: 10,
        cells: vec![0, 1, 2],
    };
    assert_eq!(p.variant.constraints(), &[want]);
    assert_eq!(json::read(&p.variant.to_json(&p.givens)).unwrap(), p);
    for (text, message) in [
        (
            r#"{"constraints":[{"type":"count-distinct","cell":"r1c1","cells":[]}]}"#,
            "a count of different values needs cells to count",
        ),
        (
            r#"{"constraints":[{"type":"count-distinct","cell":"r1c1","cells":["r1c1","r1c2"]}]}"#,
            "r1c1 is listed twice",
        ),
    ] {
        let err = json::read(text).unwrap_err().to_string();
        assert!(err.contains(message), "{text}: {err}");
    }
    // SOLUTION: r1c1 = 1, r5c5 = 9 ... r2c1 = 4, r3c1 = 7: 1, 4, 7 are 3 values.
    let g = grid(SOLUTION);
    let judge = |cell: u16, cells: Vec<u16>| {
        Variant::new(
            Shape::NINE,
            true,
            vec![Constraint::CountDistinct { cell, cells }],
        )
        .unwrap()
        .violation(&g)
    };
    assert_eq!(judge(2, vec![0, 9, 18]), None);
    assert_eq!(
        judge(1, vec![0, 9, 18]),
        Some("r1c2 holds 2, but the cells it counts hold 3 different values".into())
    );
}

/// Slingshots: ISS's form, numpl's JSON, the check, the rule check both ways.
#[test]
fn slingshots_read_check_and_judge() {
    let p = iss::read(".ValueIndexing~R1C4~R2C4~R2C3~R2C2").unwrap();
    assert_eq!(
        p.variant.constraints(),
        &[Constraint::ValueIndexing {
            cells: vec![3, 12, 11, 10]
        }]
    );
    assert_eq!(json::read(&p.variant.to_json(&p.givens)).unwrap(), p);
    let err = json::read(r#"{"constraints":[{"type":"value-indexing","cells":["r1c1","r1c2"]}]}"#)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("a slingshot needs three cells or more"),
        "{err}"
    );
    // SOLUTION: r1c1 = 1, r2c7 = 1, r3c4 = 1; r1c2 = 2, r1c4 = 4; r1c9 = 9.
    let g = grid(SOLUTION);
    let judge = |cells: Vec<u16>| {
        Variant::new(Shape::NINE, true, vec![Constraint::ValueIndexing { cells }])
            .unwrap()
            .violation(&g)
    };
    assert_eq!(judge(vec![0, 15, 21]), None);
    assert_eq!(
        judge(vec![0, 1, 2, 3]),
        Some("r1c2 holds 2, so r1c4 should hold 1 as r1c1 does, not 4".into())
    );
    assert_eq!(
        judge(vec![0, 8, 21]),
        Some("r1c9 holds 9, but the slingshot from r1c1 reaches only 1 cells past it".into())
    );
}

/// Regex lines and state machines: ISS's forms (a base64 pattern, its older escaped
/// form, a serialized machine, groups and segments), numpl's JSON, the checks, and the
/// rule check both ways.
#[test]
fn regex_lines_and_state_machines_read_check_and_judge() {
    // ISS's "Regex line": `([^1-3][47][69]|[47]123[69])*` in URL-safe base64, a line a
    // group; the older form URI-escaped.
    let regex =
        iss::read(".Regex~KFteMS0zXVs0N11bNjldfFs0N10xMjNbNjldKSo~R1C1~R1C2~~R2C1").unwrap();
    let want = |cells: Vec<u16>| Constraint::Regex {
        pattern: "([^1-3][47][69]|[47]123[69])*".into(),
        cells,
    };
    assert_eq!(
        regex.variant.constraints(),
        &[want(vec![0, 1]), want(vec![9])]
    );
    let old = iss::read(".Regex~1%2B%202~R1C1~R1C2").unwrap();
    assert_eq!(
        old.variant.constraints(),
        &[Constraint::Regex {
            pattern: "1+2".into(),
            cells: vec![0, 1]
        }]
    );
    // ISS's "Diagonal Skyscrapers": a packed machine of 10 states, start 0, accepting 1;
    // state 0 moves on a 1 to 2, state 1 (seen the 9) on anything to itself.
    let sky = iss::read(
        ".NFA~TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg~_Skyscraper-9~R1C1~R2C2~R3C3~R4C4~R5C5~R6C6~R7C7~R8C8~R9C9~-~R1C2",
    )
    .unwrap();
    let Constraint::Automaton {
        label,
        automaton: a,
        segments,
    } = &sky.variant.constraints()[0]
    else {
        panic!("not a state machine: {:?}", sky.variant.constraints());
    };
    assert_eq!(label, "Skyscraper-9");
    assert_eq!(
        (a.states, &a.start[..], &a.accept[..]),
        (10, &[0][..], &[1][..])
    );
    assert_eq!(a.moves[0], (0, 0b1, 2));
    assert!(a.moves.contains(&(1, 0b1_1111_1111, 1)));
    assert_eq!(
        segments,
        &[(0..9).map(|i| i * 10).collect::<Vec<u16>>(), vec![1]]
    );
    // 1..9 as successive maxima: the diagonal 1 to 9 (the segment after it anything but
    // the break, which the machine never reads).
    let word: Vec<usize> = (0..9).collect();
    assert!(a.accepts(&word));
    assert!(!a.accepts(&[0, 2, 1, 3, 4, 5, 6, 7, 8]));
    // The JSON records round-trip; the machine's moves in the puzzle's values.
    for p in [&regex, &old, &sky] {
        assert_eq!(&json::read(&p.variant.to_json(&p.givens)).unwrap(), p);
    }
    assert!(sky.variant.to_json(&sky.givens).contains(r#"[0,[1],2]"#));
    // Refused, by name.
    for (text, message) in [
        (
            r#"{"constraints":[{"type":"regex","pattern":"(12","cells":["r1c1"]}]}"#,
            "its pattern `(12`: a group `(` is not closed (character 4)",
        ),
        (
            r#"{"constraints":[{"type":"regex","pattern":"0*","cells":["r1c1"]}]}"#,
            "its pattern `0*`: `0` is outside the values 1..9 (character 1)",
        ),
        (
            r#"{"constraints":[{"type":"automaton","states":2,"start":[0],"accept":[2],"moves":[],"cells":["r1c1"]}]}"#,
            "its automaton names state 2, it has 2 (0..1)",
        ),
        (
            r#"{"constraints":[{"type":"automaton","states":1,"start":[0],"accept":[0],"moves":[[0,[10],0]],"cells":["r1c1"]}]}"#,
            "the move from state 0 to 0: 10 is out of range 1..9",
        ),
        (
            r#"{"constraints":[{"type":"automaton","states":1,"start":[],"accept":[0],"moves":[],"cells":["r1c1"]}]}"#,
            "its automaton has no start state",
        ),
        (
            r#"{"constraints":[{"type":"automaton","states":1,"start":[0],"accept":[0],"moves":[]}]}"#,
            "an automaton has `cells` (one line) or `segments`",
        ),
    ] {
        let err = json::read(text).unwrap_err().to_string();
        assert!(err.contains(message), "{text}: {err}");
    }
    for (text, message) in [
        (".NFA~_~R1C1", "ends early"),
        (".NFA~wA~R1C1", "layout 3"),
        (
            ".NFA~TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIk~R1C1",
            "bits past its last state",
        ),
        (".Regex~KDEy~R1C1", "a group `(` is not closed"),
    ] {
        let err = iss::read(text).unwrap_err();
        assert!(err.contains(message), "{text}: {err}");
    }
    // The rule check on SOLUTION (row 1: 1 2 3 4 5 6 7 8 9).
    let g = grid(SOLUTION);
    let judge = |c: Constraint| {
        Variant::new(Shape::NINE, true, vec![c])
            .unwrap()
            .violation(&g)
    };
    let line = |pattern: &str| Constraint::Regex {
        pattern: pattern.into(),
        cells: vec![0, 1, 2],
    };
    assert_eq!(judge(line("1.3|9*")), None);
    assert_eq!(
        judge(line("[2-9]+")),
        Some("the regex line from r1c1 reads 123, which `[2-9]+` does not match".into())
    );
    // The diagonal reads 1 5 9 4 8 3 7 2 6 (9 seen too early), and the machine never
    // reads the break before the second segment.
    assert_eq!(
        judge(sky.variant.constraints()[0].clone()),
        Some("the state machine \"Skyscraper-9\" does not accept the values along its line from r1c1".into())
    );
}

/// The relation "neither equal nor consecutive" on `n` values (ISS's Nabner rule).
fn apart(n: usize) -> Vec<u64> {
    (0..n)
        .map(|x| {
            (0..n)
                .filter(|&y| x.abs_diff(y) >= 2)
                .fold(0, |m, y| m | 1 << y)
        })
        .collect()
}

/// Pairwise rules: ISS's four spellings (its key, the legacy key, names, groups), numpl's
/// JSON, the checks, and the rule check both ways.
#[test]
fn pairwise_rules_read_check_and_judge() {
    // "8H_xf8H_xf8H_B" is ISS's key of the Nabner relation on 9 values; `Binary` writes
    // it with `-` and `_` swapped. A name (`_...`, its escapes decoded) covers the groups
    // after it; an empty item ends a group.
    let pair = iss::read(".PairX~8H_xf8H_xf8H_B~_Odd%20one~R1C1~R1C3~~R2C1~R2C2").unwrap();
    let binary = iss::read(".BinaryX~8H-xf8H-xf8H-B~_Odd%20one~R1C1~R1C3~~R2C1~R2C2").unwrap();
    assert_eq!(pair, binary);
    let want = |cells: Vec<u16>| Constraint::Pairwise {
        all: true,
        allowed: apart(9),
        label: "Odd one".into(),
        cells,
    };
    assert_eq!(
        pair.variant.constraints(),
        &[want(vec![0, 2]), want(vec![9, 10])]
    );
    // `Pair` and `Binary`: neighbours on a line; without a name.
    let line = iss::read(".Binary~EAEBEAAQAAAAE~~R3C6~R4C6~R4C7").unwrap();
    let Constraint::Pairwise {
        all: false,
        allowed,
        label,
        cells,
    } = &line.variant.constraints()[0]
    else {
        panic!("not a pairwise line: {:?}", line.variant.constraints());
    };
    assert_eq!(
        (label.as_str(), cells.as_slice()),
        ("", &[23u16, 32, 33][..])
    );
    assert_eq!(allowed.len(), 9);
    // The JSON record round-trips, its pairs in the puzzle's values.
    let text = line.variant.to_json(&line.givens);
    assert_eq!(json::read(&text).unwrap(), line);
    let from_json = json::read(r#"{"box":"2x2","values":"0-3","constraints":[{"type":"pairwise","name":"up","pairs":[[0,1],[1,2],[2,3]],"cells":["r1c1","r2c2"]}]}"#).unwrap();
    assert_eq!(
        from_json.variant.constraints(),
        &[Constraint::Pairwise {
            all: false,
            allowed: vec![0b10, 0b100, 0b1000, 0],
            label: "up".into(),
            cells: vec![0, 5],
        }]
    );
    assert!(from_json
        .variant
        .to_json(&from_json.givens)
        .contains(r#""pairs":[[0,1],[1,2],[2,3]]"#));
    assert_eq!(
        relation_text(&apart(4), 1),
        "1 with 3, 4; 2 with 4; 3 with 1; 4 with 1, 2"
    );
    // Refused, by name.
    for (text, message) in [
        (
            r#"{"constraints":[{"type":"pairwise","pairs":[[1,2]],"cells":["r1c1"]}]}"#,
            "constraint 1 (pairwise r1c1): a pairwise rule needs two cells or more",
        ),
        (
            r#"{"constraints":[{"type":"pairwise","pairs":[],"cells":["r1c1","r1c2"]}]}"#,
            "constraint 1 (pairwise r1c1): its relation allows no pair of values",
        ),
        (
            r#"{"constraints":[{"type":"pairwise","pairs":[[1,10]],"cells":["r1c1","r1c2"]}]}"#,
            "the pair [1, 10]: 10 is out of range 1..9",
        ),
        (
            r#"{"constraints":[{"type":"pairwise","pairs":[[1,2]],"cells":["r1c1","r1c1","r1c2"]}]}"#,
            "constraint 1 (pairwise r1c1): r1c1 follows itself on the line",
        ),
        (
            r#"{"constraints":[{"type":"pairwise","all":true,"pairs":[[1,2]],"cells":["r1c1","r1c2","r1c1"]}]}"#,
            "constraint 1 (pairwise r1c1): r1c1 is listed twice",
        ),
    ] {
        let err = json::read(text).unwrap_err().to_string();
        assert!(err.contains(message), "{text}: {err}");
    }
    for (text, message) in [
        (".Pair~8H*~R1C1~R1C2", "ISS item 1 (Pair): `*` in the relation key `8H*` is not base64"),
        (".PairX~AAAAAAAAAAAAAAB~R1C1~R1C2", "ISS item 1 (PairX): the relation key `AAAAAAAAAAAAAAB` is longer than a relation of 9 values"),
        (".Pair", "ISS item 1 (Pair): no relation key"),
        (".LookAndSay~123~R1C1", "ISS item 1 (LookAndSay): `123` is not a clue of (count, value) digit pairs"),
    ] {
        let err = iss::read(text).unwrap_err();
        assert_eq!(err, message, "{text}");
    }
    // The rule check: row 1 of SOLUTION is 1..9. r1c1, r1c3, r1c5 (1, 3, 5) are
    // pairwise apart; r1c5 and r1c6 (5, 6) are consecutive.
    let g = grid(SOLUTION);
    let judge = |all: bool, cells: Vec<u16>| {
        Variant::new(
            Shape::NINE,
            true,
            vec![Constraint::Pairwise {
                all,
                allowed: apart(9),
                label: "Nabner".into(),
                cells,
            }],
        )
        .unwrap()
        .violation(&g)
    };
    assert_eq!(judge(true, vec![0, 2, 4]), None);
    assert_eq!(
        judge(false, vec![0, 2, 4, 5]),
        Some("r1c5 = 5 and r1c6 = 6 are not a pair the pairwise rule \"Nabner\" allows".into())
    );
    // Every two: r1c3 and r1c4 are not neighbours on the list, but both in the set.
    assert_eq!(
        judge(true, vec![2, 0, 3]),
        Some("r1c3 = 3 and r1c4 = 4 are not a pair the pairwise rule \"Nabner\" allows".into())
    );
    assert_eq!(judge(false, vec![2, 0, 3]), None);
}

#[test]
fn every_constraint_round_trips_through_json() {
    let v = Variant::new(Shape::NINE, true, every_constraint()).unwrap();
    let mut givens = Grid::empty(Shape::NINE);
    givens.set(80, 9);
    let text = v.to_json(&givens);
    let back = json::read(&text).unwrap();
    assert_eq!(back.variant, v, "{text}");
    assert_eq!(back.givens, givens);
    // A jigsaw (boxes off by default) and a 6x6, too.
    let layout = "000111000111222333222333444555444555";
    let p = json::read(&format!(
        r#"{{"box":"2x3","constraints":[{{"type":"jigsaw","layout":"{layout}"}}]}}"#
    ))
    .unwrap();
    assert!(!p.variant.boxes());
    let again = json::read(&p.variant.to_json(&p.givens)).unwrap();
    assert_eq!(again.variant, p.variant);
}

#[test]
fn iss_texts_read_as_the_json_records_do() {
    let pairs = [
        (
            ".~R1C1_5~R2C2_3_4.Cage~10~R1C2~R1C3.Diagonal~-1.Diagonal~1",
            r#"{"givens":"5................................................................................","constraints":[{"type":"allowed","cell":"r2c2","values":[3,4]},{"type":"cage","sum":10,"cells":["r1c2","r1c3"]},{"type":"diagonal"},{"type":"anti-diagonal"}]}"#,
        ),
        (
            ".Thermo~r1c1~R1C2.Arrow~R5C5~R5C6~R5C7.PillArrow~2~R9C2~R9C1~R8C1.Whisper~R2C1~R3C1.Whisper~3~R4C1~R5C1",
            r#"{"constraints":[{"type":"thermo","cells":["r1c1","r1c2"]},{"type":"arrow","circle":["r5c5"],"line":["r5c6","r5c7"]},{"type":"arrow","circle":["r9c1","r9c2"],"line":["r8c1"]},{"type":"whisper","cells":["r2c1","r3c1"]},{"type":"whisper","difference":3,"cells":["r4c1","r5c1"]}]}"#,
        ),
        (
            ".WhiteDot~R1C1~R1C2~R1C3.X~R2C1~R2C2.StrictKropki.LittleKiller~12~R1C3.Sandwich~8~C2",
            r#"{"constraints":[{"type":"white-dot","cells":["r1c1","r1c2"]},{"type":"white-dot","cells":["r1c2","r1c3"]},{"type":"x","cells":["r2c1","r2c2"]},{"type":"kropki-negative"},{"type":"little-killer","sum":12,"cells":["r1c3","r2c2","r3c1"]},{"type":"sandwich","sum":8,"col":2}]}"#,
        ),
        // A dot over a set of cells is a dot on every two of them side by side, as ISS
        // places them (a 2x2 block: four), not only on those listed one after the other.
        (
            ".BlackDot~R1C1~R1C2~R2C2~R2C1",
            r#"{"constraints":[{"type":"black-dot","cells":["r1c1","r1c2"]},{"type":"black-dot","cells":["r1c1","r2c1"]},{"type":"black-dot","cells":["r1c2","r2c2"]},{"type":"black-dot","cells":["r2c2","r2c1"]}]}"#,
        ),
        // A cage listing a cell twice: ISS's sum counts it twice, and the cells differ.
        (
            ".Cage~20~R4C2~R4C3~R4C4~R4C4.Cage~0~R1C1~R1C2",
            r#"{"constraints":[{"type":"sum","sum":20,"cells":["r4c2","r4c3","r4c4","r4c4"]},{"type":"cage","cells":["r4c2","r4c3","r4c4"]},{"type":"cage","cells":["r1c1","r1c2"]}]}"#,
        ),
        // Empty items (ISS's examples start some strings with `..`), and a whisper line
        // that comes back to its first cell (a loop).
        (
            "..Cage~10~R1C2~R1C3.Whisper~5~R1C1~R1C2~R2C2~R2C1~R1C1",
            r#"{"constraints":[{"type":"cage","sum":10,"cells":["r1c2","r1c3"]},{"type":"whisper","cells":["r1c1","r1c2","r2c2","r2c1","r1c1"]}]}"#,
        ),
        (
            ".Indexing~C~R1C1~R2C1.Indexing~R~R1C5",
            r#"{"constraints":[{"type":"column-indexing","cells":["r1c1","r2c1"]},{"type":"row-indexing","cells":["r1c5"]}]}"#,
        ),
        (
            ".Zipper~R1C1~R2C2~R2C1.Zipper~R3C1~R3C2~R3C3~R3C4",
            r#"{"constraints":[{"type":"zipper","cells":["r1c1","r2c2","r2c1"]},{"type":"zipper","cells":["r3c1","r3c2","r3c3","r3c4"]}]}"#,
        ),
        // Outside clues at either end (or both); a lunchbox; a sum line and a loop.
        (
            ".Skyscraper~C5~3~4.Skyscraper~R2~~5.XSum~R1~6~.Lunchbox~0~R9C1~R9C2.SumLine~10~R8C1~R8C2.SumLine~5~R6C1~R6C2~R7C2~R7C1~LOOP",
            r#"{"constraints":[{"type":"skyscraper","count":3,"col":5},{"type":"skyscraper","count":4,"col":5,"side":"bottom"},{"type":"skyscraper","count":5,"row":2,"side":"right"},{"type":"x-sum","sum":6,"row":1},{"type":"lunchbox","sum":0,"cells":["r9c1","r9c2"]},{"type":"sum-line","sum":10,"cells":["r8c1","r8c2"]},{"type":"sum-line","sum":5,"loop":true,"cells":["r6c1","r6c2","r7c2","r7c1"]}]}"#,
        ),
        (
            ".SameValues~2~R1C1~R1C2~R5C5~R5C6.SameValues~3~R9C1~R9C5~R9C9.Quad~R8C8~1~9.GreaterThan~R2C2~R1C2~R2C3.Sum~12~R4C4~R6C6~R4C4.Entropic~R7C1~R7C2.Modular~2~R7C3~R7C4.GlobalEntropy.GlobalMod.NumberedRoom~R3~~6.RellikCage~5~R6C1~R6C2.CountingCircles~R1C9~R9C1",
            r#"{"constraints":[{"type":"same-values","sets":[["r1c1","r1c2"],["r5c5","r5c6"]]},{"type":"same-values","sets":[["r9c1"],["r9c5"],["r9c9"]]},{"type":"quadruple","cells":["r9c9","r8c9","r9c8","r8c8"],"values":[1,9]},{"type":"greater-than","cells":["r2c2","r1c2"]},{"type":"greater-than","cells":["r2c2","r2c3"]},{"type":"sum","sum":12,"cells":["r4c4","r6c6","r4c4"]},{"type":"entropic-line","cells":["r7c1","r7c2"]},{"type":"modular-line","modulus":2,"cells":["r7c3","r7c4"]},{"type":"global-entropy"},{"type":"global-modular"},{"type":"numbered-room","value":6,"row":3,"side":"right"},{"type":"rellik-cage","sum":5,"cells":["r6c1","r6c2"]},{"type":"counting-circles","cells":["r1c9","r9c1"]}]}"#,
        ),
        // Either/or: an item a set; a value given in a set is its cell's one allowed value.
        (
            ".Or.Cage~10~R1C1~R1C2.~R1C1_2.End.Diagonal~1",
            r#"{"constraints":[{"type":"or","options":[[{"type":"cage","sum":10,"cells":["r1c1","r1c2"]}],[{"type":"allowed","cell":"r1c1","values":[2]}]]},{"type":"anti-diagonal"}]}"#,
        ),
        // Several items a set between `And` and `End`; a set that can never hold (a cage
        // of 3 over three cells, a hidden skyscraper of 9) is left out, as ISS reads it
        // false, and an either/or left with one set is that set's rules.
        (
            ".Or.And.Cage~10~R1C1~R1C2.Thermo~R1C1~R1C2.End.And.Cage~3~R1C1~R1C2~R1C3.End.~R1C2_4.End.Or.HiddenSkyscraper~R9~~9.X~R9C1~R9C2.End",
            r#"{"constraints":[{"type":"or","options":[[{"type":"cage","sum":10,"cells":["r1c1","r1c2"]},{"type":"thermo","cells":["r1c1","r1c2"]}],[{"type":"allowed","cell":"r1c2","values":[4]}]]},{"type":"x","cells":["r9c1","r9c2"]}]}"#,
        ),
        (
            ".EqualSum~R4C4~R4C5~-~R5C4~R5C5~-~R4C4",
            r#"{"constraints":[{"type":"equal-sum","segments":[["r4c4","r4c5"],["r5c4","r5c5"],["r4c4"]]}]}"#,
        ),
        (
            ".LookAndSay~1223~R1C1~R1C2~R2C2.LookAndSay~03~R5C5",
            r#"{"constraints":[{"type":"look-and-say","counts":[[1,2],[2,3]],"cells":["r1c1","r1c2","r2c2"]},{"type":"look-and-say","counts":[[0,3]],"cells":["r5c5"]}]}"#,
        ),
        (
            ".AntiTaxicab.DutchFlatmates.EqualityCage~R1C1~R1C2",
            r#"{"constraints":[{"type":"anti-taxicab"},{"type":"dutch-flatmates"},{"type":"equality-cage","cells":["r1c1","r1c2"]}]}"#,
        ),
        (
            ".Lockout~4~R1C1~R1C2~R1C3.Lockout~3~R2C1~R2C2.DoubleArrow~R3C1~R3C2~R3C3",
            r#"{"constraints":[{"type":"lockout","cells":["r1c1","r1c2","r1c3"]},{"type":"lockout","difference":3,"cells":["r2c1","r2c2"]},{"type":"double-arrow","cells":["r3c1","r3c2","r3c3"]}]}"#,
        ),
        (
            ".FullRank~C2~26~.FullRank~R8~~23.FullRankTies~any",
            r#"{"constraints":[{"type":"full-rank","rank":26,"col":2},{"type":"full-rank","rank":23,"row":8,"side":"right"},{"type":"full-rank-ties","ties":"any"}]}"#,
        ),
        (
            ".HiddenSkyscraper~R4~1~.HiddenSkyscraper~C2~~3",
            r#"{"constraints":[{"type":"hidden-skyscraper","value":1,"row":4},{"type":"hidden-skyscraper","value":3,"col":2,"side":"bottom"}]}"#,
        ),
        (
            ".Shape~6x6.NoBoxes.Jigsaw~000111000111222333222333444555444555",
            r#"{"box":"2x3","constraints":[{"type":"jigsaw","layout":"000111000111222333222333444555444555"}]}"#,
        ),
        // A template replicated: targets (base64 bits from R1C1: 0, 2 and 10) not the
        // origin unless its bit is set; its cells moved by each target's offset.
        (
            ".Replicate~FQ.Cage~3~R1C1~R1C2.End",
            r#"{"constraints":[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]},{"type":"cage","sum":3,"cells":["r1c3","r1c4"]},{"type":"cage","sum":3,"cells":["r2c2","r2c3"]}]}"#,
        ),
        // From a named origin (bit 1: the cell after it); givens move too.
        (
            ".Replicate~C~R5C5.~R5C5_2.Thermo~R5C5~R6C6.End.~R9C9_1",
            r#"{"givens":".........................................2......................................1","constraints":[{"type":"thermo","cells":["r5c6","r6c7"]}]}"#,
        ),
    ];
    for (iss_text, json_text) in pairs {
        assert!(iss::detect(iss_text), "{iss_text}");
        let a = iss::read(iss_text).unwrap_or_else(|e| panic!("{e}"));
        let b = json::read(json_text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a, b, "{iss_text}");
    }
}

#[test]
fn iss_jigsaw_lines_read_their_givens_and_layout() {
    // 4x4: the givens, then the layout.
    let line = format!("1{}{}", ".".repeat(15), "0011001122332233");
    assert!(iss::detect(&line));
    let want = json::read(
        r#"{"box":"2x2","boxes":false,"givens":"1...............","constraints":[{"type":"jigsaw","layout":"0011001122332233"}]}"#,
    )
    .unwrap();
    assert_eq!(iss::read(&line).unwrap(), want);
    // 16x16 (512 characters, as many as an 8x8 position with pencil marks): letters from
    // `A` for 1, the boxes as the layout.
    let layout: String = (0..256)
        .map(|i| char::from(b"ABCDEFGHIJKLMNOP"[(i / 64) * 4 + (i % 16) / 4]))
        .collect();
    let line = format!("AP{}{layout}", "0".repeat(254));
    let p = iss::read(&line).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (p.givens.get(0), p.givens.get(1), p.givens.get(2)),
        (1, 16, 0)
    );
    assert!(!p.variant.boxes());
    // Starting with a blank then a letter (`.A`, as a constraint string starts): still
    // a jigsaw line.
    let line = format!(".A{}{layout}", ".".repeat(254));
    assert!(iss::detect(&line));
    let p = iss::read(&line).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((p.givens.get(0), p.givens.get(1)), (0, 1));
    // Two kinds of blank.
    let bad = format!("1x{}{}", ".".repeat(14), "0011001122332233");
    assert_eq!(
        iss::read(&bad).unwrap_err(),
        "ISS jigsaw line: `.` at column 3 is neither a value of 1..4 nor the blank `x`"
    );
    // Lines of other lengths, or whose second half is no layout, are not jigsaw lines.
    assert!(!iss::detect(&".".repeat(162)));
    assert!(!iss::detect(&"123456789".repeat(81)));
}

#[test]
fn iss_names_cells_past_nine_in_base_36() {
    let p = iss::read(".Shape~16x16.~RaC1_5~R1Cg_16.Cage~20~ReC1~RfC1").unwrap();
    assert_eq!(p.givens.get(9 * 16), 5);
    assert_eq!(p.givens.get(15), 16);
    assert_eq!(
        p.variant.constraints()[0],
        Constraint::Cage {
            sum: Some(20),
            cells: vec![13 * 16, 14 * 16]
        }
    );
}

#[test]
fn killer_shorthands_read_their_cages() {
    // Every cell points right to its row's first cell, which holds 45 (`j`): nine cages
    // of a row each.
    let short = "j<<<<<<<<".repeat(9);
    let p = iss::read(&short).unwrap();
    assert_eq!(p.variant.constraints().len(), 9);
    assert_eq!(
        p.variant.constraints()[0],
        Constraint::Cage {
            sum: Some(45),
            cells: (0..9).collect()
        }
    );
    // sudocue's long form: cage 1 of sum 45 as the first row, the rest without cages.
    let mut long = String::from("3x3:d:k:");
    for i in 0..81 {
        long.push_str(if i < 9 { "11521:" } else { "0:" });
    }
    let p = iss::read(&long).unwrap();
    assert_eq!(p.variant.constraints().len(), 3, "two diagonals and a cage");
    // Classic lines are never taken for ISS texts.
    for classic in [
        ".".repeat(81),
        format!(".A{}", ".".repeat(254)),
        "1.3.".repeat(4),
    ] {
        assert!(!iss::detect(&classic), "{classic}");
    }
}

#[test]
fn malformed_descriptions_are_refused_naming_the_constraint_and_the_cell() {
    let cases = [
        (r#"{"constraints":[{"type":"thermo","cells":["r1c1","r3c1"]}]}"#, "constraint 1 (thermo r1c1): r1c1 and r3c1 are not neighbours"),
        (r#"{"constraints":[{"type":"cage","sum":4,"cells":["r1c1","r1c1"]}]}"#, "constraint 1 (cage r1c1): r1c1 is listed twice"),
        (r#"{"constraints":[{"type":"cage","sum":4,"cells":["r0c1"]}]}"#, "constraint 1 (cage): r0c1 is outside the 9x9 grid"),
        (r#"{"constraints":[{"type":"cage","cells":["x"]}]}"#, "constraint 1 (cage): `x` is not a cell name like r1c1"),
        (r#"{"constraints":[{"type":"white-dot","cells":["r1c1","r2c2"]}]}"#, "constraint 1 (white-dot r1c1): r1c1 and r2c2 are not side by side"),
        (r#"{"constraints":[{"type":"white-dot","cells":["r1c1"]}]}"#, "constraint 1 (white-dot): a dot joins 2 cells, not 1"),
        (r#"{"constraints":[{"type":"diagonal"},{"type":"diagonal"}]}"#, "constraint 2 (diagonal): it is given twice"),
        (r#"{"constraints":[{"type":"little-killer","sum":5,"cells":["r1c1","r2c2","r3c4"]}]}"#, "constraint 1 (little-killer r1c1): r3c4 does not continue the diagonal"),
        (r#"{"constraints":[{"type":"skyscraper","count":10,"row":1}]}"#, "constraint 1 (skyscraper row 1 from the left): 10 seen is not within 1..9"),
        (r#"{"constraints":[{"type":"skyscraper","count":2,"col":10,"side":"bottom"}]}"#, "constraint 1 (skyscraper column 10 from the bottom): column 10 is outside the 9x9 grid"),
        (r#"{"constraints":[{"type":"skyscraper","count":2,"row":1,"side":"top"}]}"#, "constraint 1 (skyscraper): a row's clue is `left` or `right`, not `top`"),
        (r#"{"constraints":[{"type":"rellik-cage","sum":0,"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (rellik-cage r1c1): a sum of 0 rules nothing out (2 different values make 1 to 17)"),
        (r#"{"constraints":[{"type":"rellik-cage","sum":4000000000,"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (rellik-cage r1c1): a sum of 4000000000 rules nothing out (2 different values make 1 to 17)"),
        (r#"{"constraints":[{"type":"numbered-room","value":0,"col":3}]}"#, "constraint 1 (numbered-room column 3 from the top): value 0 is not within 1..9"),
        (r#"{"constraints":[{"type":"or","options":[[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}]]}]}"#, "constraint 1 (or r1c1): 1 set: either/or needs two or more"),
        (r#"{"constraints":[{"type":"or","options":[[{"type":"anti-knight"}],[{"type":"cage","cells":["r1c1","r1c2"]}]]}]}"#, "constraint 1 (or r1c1): set 1: an either/or's set holds rules on cells, not anti-knight"),
        (r#"{"constraints":[{"type":"or","options":[[{"type":"cage","sum":30,"cells":["r1c1","r1c2"]}],[{"type":"cage","cells":["r1c1","r1c2"]}]]}]}"#, "constraint 1 (or r1c1): set 1: constraint 1 (cage r1c1): a sum of 30 is out of reach of 2 different values (3 to 17)"),
        (r#"{"constraints":[{"type":"or","options":[[{"type":"full-rank","rank":3,"row":2}],[{"type":"x","cells":["r1c1","r1c2"]}]]}]}"#, "constraint 1 (or r1c1): set 1: an either/or's set holds rules on cells, not full-rank"),
        (r#"{"constraints":[{"type":"equal-sum","segments":[["r1c1","r1c2"]]}]}"#, "constraint 1 (equal-sum r1c1): 1 segment: equal sums need two or more"),
        (r#"{"constraints":[{"type":"equal-sum","segments":[["r1c1","r1c2"],[]]}]}"#, "constraint 1 (equal-sum r1c1): segment 2 has no cells"),
        (r#"{"constraints":[{"type":"equal-sum","segments":[["r1c1","r1c2","r1c1"],["r2c1"]]}]}"#, "constraint 1 (equal-sum r1c1): segment 1 lists r1c1 twice"),
        (r#"{"constraints":[{"type":"look-and-say","counts":[[2,3],[2,4]],"cells":["r1c1","r1c2","r1c3"]}]}"#, "constraint 1 (look-and-say r1c1): its counts add up to 4, more than its 3 cells"),
        (r#"{"constraints":[{"type":"look-and-say","counts":[[1,3],[0,3]],"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (look-and-say r1c1): value 3 is counted twice"),
        (r#"{"constraints":[{"type":"look-and-say","counts":[[1,10]],"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (look-and-say r1c1): value 10 is not within 1..9"),
        (r#"{"constraints":[{"type":"equality-cage","cells":["r1c1","r1c2","r1c3"]}]}"#, "constraint 1 (equality-cage r1c1): an equality cage holds an even number of cells, at most 8, not 3"),
        (r#"{"values":"0-8","constraints":[{"type":"anti-taxicab"}]}"#, "constraint 1 (anti-taxicab): numpl reads an anti taxicab with values from 1 only (this grid's are 0-8)"),
        (r#"{"constraints":[{"type":"lockout","difference":9,"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (lockout r1c1): a difference of 9 is not within 1..8"),
        (r#"{"constraints":[{"type":"double-arrow","cells":["r1c1","r1c2"]}]}"#, "constraint 1 (double-arrow r1c1): a line needs at least 3 cells, it has 2"),
        (r#"{"constraints":[{"type":"lockout","cells":["r1c1","r1c3"]}]}"#, "constraint 1 (lockout r1c1): r1c1 and r1c3 are not neighbours"),
        (r#"{"constraints":[{"type":"full-rank","rank":37,"row":2}]}"#, "constraint 1 (full-rank row 2 from the left): rank 37 is not within 1..36"),
        (r#"{"constraints":[{"type":"full-rank-ties","ties":"some"}]}"#, "constraint 1 (full-rank-ties): `some` is not a tie rule (none, only-unclued or any)"),
        (r#"{"constraints":[{"type":"full-rank-ties","ties":"any"},{"type":"full-rank-ties","ties":"none"}]}"#, "constraint 2 (full-rank-ties): it is given twice"),
        (r#"{"constraints":[{"type":"hidden-skyscraper","value":9,"row":2}]}"#, "constraint 1 (hidden-skyscraper row 2 from the left): value 9 cannot be hidden (a hidden value is within 1..8)"),
        (r#"{"constraints":[{"type":"x-sum","sum":46,"col":3}]}"#, "constraint 1 (x-sum column 3 from the top): a sum of 46 is not within 1..45"),
        (r#"{"constraints":[{"type":"x-sum","sum":6,"row":1,"col":2}]}"#, "constraint 1 (x-sum): an outside clue needs a `row` or a `col` (1-based), not both"),
        (r#"{"constraints":[{"type":"lunchbox","sum":30,"cells":["r1c1","r1c2","r1c3","r1c4"]}]}"#, "constraint 1 (lunchbox r1c1): a sum of 30 is more than 2 values between the least and the greatest can make (15)"),
        (r#"{"constraints":[{"type":"lunchbox","sum":3,"cells":["r1c1","r1c3"]}]}"#, "constraint 1 (lunchbox r1c1): r1c1 and r1c3 are not neighbours"),
        (r#"{"constraints":[{"type":"sum-line","sum":0,"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (sum-line r1c1): a sum of 0 is not within 1..127"),
        (r#"{"constraints":[{"type":"sum-line","sum":10,"loop":true,"cells":["r1c1","r1c2","r1c3"]}]}"#, "constraint 1 (sum-line r1c1): the loop's ends r1c3 and r1c1 are not neighbours"),
        (r#"{"constraints":[{"type":"same-values","sets":[["r1c1","r1c2"],["r5c5"]]}]}"#, "constraint 1 (same-values r1c1): set 2 has 1 cells, set 1 has 2"),
        (r#"{"constraints":[{"type":"sum","sum":28,"cells":["r1c1","r5c5","r1c1"]}]}"#, "constraint 1 (sum r1c1): a sum of 28 is out of reach of 3 values (3 to 27)"),
        (r#"{"box":"2x2","constraints":[{"type":"entropic-line","cells":["r1c1","r1c2"]}]}"#, "constraint 1 (entropic-line r1c1): a 4x4 grid's values do not split into thirds"),
        (r#"{"box":"2x2","constraints":[{"type":"global-entropy"}]}"#, "constraint 1 (global-entropy): a 4x4 grid's values do not split into thirds"),
        (r#"{"constraints":[{"type":"modular-line","modulus":1,"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (modular-line r1c1): a modulus of 1 is not within 2..9"),
        (r#"{"constraints":[{"type":"greater-than","cells":["r1c1","r2c2"]}]}"#, "constraint 1 (greater-than r1c1): r1c1 and r2c2 are not side by side"),
        (r#"{"constraints":[{"type":"quadruple","cells":["r1c1","r1c2","r2c2","r2c3"],"values":[1]}]}"#, "constraint 1 (quadruple r1c1): r1c1, r1c2, r2c2 and r2c3 are not a 2x2 block in reading order"),
        (r#"{"constraints":[{"type":"quadruple","cells":["r1c9","r1c10","r2c9","r2c10"],"values":[1]}]}"#, "constraint 1 (quadruple): r1c10 is outside the 9x9 grid"),
        (r#"{"constraints":[{"type":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"values":[1,2,3,4,5]}]}"#, "constraint 1 (quadruple r1c1): 5 values: a quadruple has 1 to 4"),
        (r#"{"constraints":[{"type":"quadruple","cells":["r1c1","r1c2","r2c1","r2c2"],"values":[10]}]}"#, "constraint 1 (quadruple r1c1): value 10 is not within 1..9"),
        (r#"{"constraints":[{"type":"same-values","sets":[["r1c1"]]}]}"#, "constraint 1 (same-values r1c1): 1 set: clones need two or more"),
        (r#"{"constraints":[{"type":"sandwich","sum":50,"row":1}]}"#, "constraint 1 (sandwich row 1): a sum of 50 is more than the values between 1 and 9 can make (35)"),
        (r#"{"constraints":[{"type":"sandwich","sum":5}]}"#, "constraint 1 (sandwich): a sandwich needs a `row` or a `col` (1-based), not both"),
        (r#"{"constraints":[{"type":"whisper","difference":9,"cells":["r1c1","r1c2"]}]}"#, "constraint 1 (whisper r1c1): a difference of 9 is not within 1..8"),
        (r#"{"constraints":[{"type":"column-indexing","cells":[]}]}"#, "constraint 1 (column-indexing): it has no cells"),
        (r#"{"constraints":[{"type":"between","cells":["r1c1","r1c2"]}]}"#, "constraint 1 (between r1c1): a line needs at least 3 cells, it has 2"),
        (r#"{"constraints":[{"type":"zipper","cells":["r1c1"]}]}"#, "constraint 1 (zipper r1c1): a line needs at least 2 cells, it has 1"),
        (r#"{"constraints":[{"type":"zipper","cells":["r1c1","r1c2","r1c4"]}]}"#, "constraint 1 (zipper r1c1): r1c2 and r1c4 are not neighbours"),
        (r#"{"constraints":[{"type":"arrow","circle":["r1c1"],"line":[]}]}"#, "constraint 1 (arrow r1c1): an arrow needs a line"),
        (r#"{"constraints":[{"type":"allowed","cell":"r1c1","values":[0]}]}"#, "constraint 1 (allowed): value 0 is out of range 1..9"),
        (r#"{"box":"3x3","constraints":[{"type":"jigsaw","layout":"0"}]}"#, "constraint 1 (jigsaw): a layout of 1 cells for a grid of 81"),
        (r#"{"constraints":[{"type":"spiral"}]}"#, "variant JSON: unknown variant `spiral`"),
        (r#"{"constraints":[],"colour":"red"}"#, "variant JSON: unknown field `colour`"),
        (r#"{"givens":"12"}"#, "givens: 2 cells; a 9x9 grid has 81"),
        (r#"{"box":"3x3","givens":"!................................................................................"}"#, "givens: unknown symbol `!` at r1c1"),
    ];
    for (text, want) in cases {
        let err = json::read(text).unwrap_err();
        assert!(err.starts_with(want), "{text}\n got: {err}\nwant: {want}");
    }
    let iss_cases = [
        (
            ".Var~A~Outside~3",
            "ISS item 1 (Var): numpl does not support this constraint type",
        ),
        (
            ".Skyscraper~C5",
            "ISS item 1 (Skyscraper): a clue at one end or both",
        ),
        (
            ".SameValues~2~R1C1~R1C2~R1C3",
            "ISS item 1 (SameValues): 3 cells do not split into 2 sets",
        ),
        (
            ".SameValues~2",
            "ISS item 1 (SameValues): 0 cells do not split into 2 sets",
        ),
        (
            ".Quad~R9C1~1",
            "ISS item 1 (Quad): no 2x2 block starts at R9C1",
        ),
        (
            ".Sum~0_=_1_1_-10~R1C1~R1C2",
            "ISS item 1 (Sum): a sum with coefficients (`0_=_1_1_-10`) is not supported",
        ),
        (
            ".Quad~R1C1~0",
            "ISS item 1 (Quad): value `0` is not in 1..9",
        ),
        (
            ".XSum~D5~5",
            "ISS item 1 (XSum): `D5` is not a row or column",
        ),
        (
            ".Sandwich~5~",
            "ISS item 1 (Sandwich): `` is not a row or column",
        ),
        (".Cage~x~R1C1", "ISS item 1 (Cage): `x` is not a number"),
        (
            ".Indexing~X~R1C1",
            "ISS item 1 (Indexing): `X` is not an indexing type (C for columns, R for rows)",
        ),
        (
            ".LittleKiller~10~R5C5",
            "ISS item 1 (LittleKiller): no little killer diagonal starts at R5C5",
        ),
        (".Shape~7x7", "ISS shape `7x7`: numpl supports square grids"),
        // A `Var`'s cells (outside the grid) named in another item.
        (
            ".~VS1_3",
            "ISS item 1 (Given): `VS1` is a cell of an ISS `Var` (extra cells outside the grid), which numpl does not support",
        ),
        (
            ".Thermo~VL~R1C1",
            "ISS item 1 (Thermo): `VL` is a cell of an ISS `Var`",
        ),
        (".~R1C1_12", "ISS item 1 (Given): value `12` is not in 1..9"),
        (
            ".BlackDot~R1C1~R1C2~R3C3",
            "ISS item 1 (BlackDot): R3C3 is side by side with none of the other cells",
        ),
        (".Or.Cage~10~R1C1~R1C2", "ISS item 1 (Or): no End closes it"),
        (
            ".Replicate~B.Cage~3~R1C1~R1C2",
            "ISS item 1 (Replicate): no End closes it",
        ),
        (
            ".Replicate~*.End",
            "ISS item 1 (Replicate): `*` in its targets is not base64",
        ),
        (
            ".Shape~4x4.Replicate~AAAB.End",
            "ISS item 2 (Replicate): target 19 lies beyond the grid's last cell",
        ),
        (
            ".Shape~4x4.Replicate~I.Cage~3~R1C1~R1C2.End",
            "ISS item 3 (Cage): R1C2 replicated to r1c5 (item 2's target r1c4) lies outside the grid",
        ),
        // Nested replications multiply: 24 targets of 24 targets of 256 items.
        (
            &format!(
                ".Replicate~____.Replicate~____.{}End.End",
                "AntiKnight.".repeat(256)
            ),
            "ISS item 1 (Replicate): written out it would be more than 100000 items",
        ),
        // Items after a replication keep their places in messages.
        (
            ".Replicate~B.Cage~3~R1C1~R1C2.End.Cage~x~R3C3",
            "ISS item 4 (Cage): `x` is not a number",
        ),
        (".Or.And.X~R1C1~R1C2", "ISS item 1 (Or): no End closes an And"),
        (
            ".Or.And.Or.X~R1C1~R1C2.End.End.End",
            "ISS item 1 (Or): an Or inside an And (numpl keeps one level)",
        ),
        (
            ".Or.Or.X~R1C1~R1C2.End.End",
            "ISS item 1 (Or): an Or inside an Or (numpl keeps one level)",
        ),
        // A malformed set is refused (only one that can never hold is left out); every
        // set impossible, the first's reason.
        (
            ".Or.Thermo~R1C1~R3C3.X~R1C1~R1C2.End",
            "ISS item 1 (Or): set 1: ISS: constraint 1 (thermo r1c1): r1c1 and r3c3 are not neighbours",
        ),
        (
            ".Or.Cage~3~R1C1~R1C2~R1C3.Cage~50~R1C1~R1C2.End",
            "ISS item 1 (Or): set 1: ISS: constraint 1 (cage r1c1): a sum of 3 is out of reach",
        ),
    ];
    for (text, want) in iss_cases {
        let err = iss::read(text).unwrap_err();
        assert!(err.starts_with(want), "{text}\n got: {err}\nwant: {want}");
    }
    // A jigsaw layout whose regions are not N cells.
    let err = Variant::new(
        Shape::new(2, 2).unwrap(),
        false,
        vec![Constraint::Jigsaw {
            regions: vec![
                (0..5).collect(),
                (5..8).collect(),
                (8..12).collect(),
                (12..16).collect(),
            ],
        }],
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "constraint 1 (jigsaw r1c1): region 1 has 5 cells, not 4"
    );
}

#[test]
fn the_rule_check_accepts_a_solution_and_names_what_a_broken_grid_breaks() {
    let g = grid(SOLUTION);
    let ok = Variant::new(
        Shape::NINE,
        true,
        vec![
            Constraint::Cage {
                sum: Some(6),
                cells: vec![0, 1, 2],
            },
            Constraint::Thermo {
                cells: vec![0, 1, 2, 3],
                slow: false,
            },
            Constraint::Arrow {
                circle: vec![2],
                line: vec![1, 0],
            },
            Constraint::Kropki {
                black: true,
                cells: [0, 1],
            },
            Constraint::Xv {
                sum: 5,
                cells: [0, 9],
            },
            Constraint::Renban {
                cells: vec![0, 1, 2],
            },
            Constraint::Palindrome {
                cells: vec![0, 10, 20],
            },
            // Row 1 is 1..9: each of its cells points at itself. r2c1 holds 4 and r4c1
            // holds 2: row indexing there holds.
            Constraint::Indexing {
                rows: false,
                cells: vec![0, 4, 8],
            },
            Constraint::Indexing {
                rows: true,
                cells: vec![9],
            },
            // 1 + 4 = 5 (r1c1, r2c1 and the middle r2c2); 1 + 4 = 2 + 3 (r1c1-r1c4).
            Constraint::Zipper {
                cells: vec![0, 10, 9],
            },
            Constraint::Zipper {
                cells: vec![0, 1, 2, 3],
            },
            Constraint::Sandwich {
                sum: 35,
                line: Line::Row(0),
            },
            Constraint::Between {
                cells: vec![0, 1, 2],
            },
            Constraint::Whisper {
                cells: vec![2, 12],
                diff: 2,
            },
            // Row 1 from the left: 1 alone; from the right 9 hides all; column 1 from
            // the top: 1, 4, 7, 8, 9.
            Constraint::XSum {
                sum: 1,
                side: Outside {
                    line: Line::Row(0),
                    back: false,
                },
            },
            Constraint::XSum {
                sum: 45,
                side: Outside {
                    line: Line::Row(0),
                    back: true,
                },
            },
            Constraint::Skyscraper {
                count: 1,
                side: Outside {
                    line: Line::Row(0),
                    back: true,
                },
            },
            Constraint::Skyscraper {
                count: 5,
                side: Outside {
                    line: Line::Col(0),
                    back: false,
                },
            },
            // 1 2 3: 2 between; down column 1, 1 4 7: 4 between.
            Constraint::Lunchbox {
                sum: 2,
                cells: vec![0, 1, 2],
            },
            Constraint::Lunchbox {
                sum: 4,
                cells: vec![0, 9, 18],
            },
            Constraint::SumLine {
                sum: 10,
                cells: vec![0, 1, 2, 3],
                looped: false,
            },
            // 3 4 7 (r1c3, r1c4, r2c4): a low, a middle and a high value.
            Constraint::EntropicLine {
                cells: vec![2, 3, 12],
            },
            // 1 2 3 along row 1: one of each remainder.
            Constraint::ModularLine {
                modulus: 3,
                cells: vec![0, 1, 2, 3],
            },
            // r1c1 holds 1, once.
            Constraint::CountingCircles { cells: vec![0] },
            // 1 and 2 make 1, 2 and 3, not 4.
            Constraint::RellikCage {
                sum: 4,
                cells: vec![0, 1],
            },
            // Row 2 from the left starts with 4; its fourth cell holds 7.
            Constraint::NumberedRoom {
                value: 7,
                side: Outside {
                    line: Line::Row(1),
                    back: false,
                },
            },
            // 1 + 5 + 1 (r1c1 twice, r2c2).
            Constraint::Sum {
                sum: 7,
                cells: vec![0, 10, 0],
            },
            // r2c1 (4) above r1c1 (1).
            Constraint::GreaterThan { cells: [9, 0] },
            // r1c1 + r1c2 is 3 (the first set), not 4 (the second, which fails).
            Constraint::Or {
                options: vec![
                    vec![Constraint::Cage {
                        sum: Some(4),
                        cells: vec![0, 1],
                    }],
                    vec![Constraint::Cage {
                        sum: Some(3),
                        cells: vec![0, 1],
                    }],
                ],
            },
            // Row 4 from the left: 2 seen, then 1 hidden; column 1 from the top: 1 4 7,
            // then 2 hidden.
            Constraint::HiddenSkyscraper {
                value: 1,
                side: Outside {
                    line: Line::Row(3),
                    back: false,
                },
            },
            Constraint::HiddenSkyscraper {
                value: 2,
                side: Outside {
                    line: Line::Col(0),
                    back: false,
                },
            },
            // r1c1 r1c2 / r2c1 r2c2 hold 1 2 / 4 5.
            Constraint::Quadruple {
                cells: [0, 1, 9, 10],
                values: vec![5, 1],
            },
            // r1c1 r1c2 hold 1 2; r4c1 r4c2 hold 2 1.
            Constraint::SameValues {
                sets: vec![vec![0, 1], vec![27, 28]],
            },
        ],
    )
    .unwrap();
    // r1: 1 2 3 4 5 6 7 8 9; the palindrome r1c1, r2c2, r3c3 reads 1 5 9: broken.
    assert_eq!(
        ok.violation(&g),
        Some("r1c1 and r3c3 differ on the palindrome".to_string())
    );
    let fixed = Variant::new(
        Shape::NINE,
        true,
        ok.constraints()
            .iter()
            .filter(|c| !matches!(c, Constraint::Palindrome { .. }))
            .cloned()
            .collect(),
    )
    .unwrap();
    assert_eq!(fixed.violation(&g), None);
    let checks = [
        (Constraint::Diagonal { anti: false }, "both hold"),
        (Constraint::AntiKnight, "knight's move apart"),
        (Constraint::NonConsecutive, "r1c1 and r1c2 are consecutive"),
        (
            Constraint::Cage {
                sum: Some(7),
                cells: vec![0, 1],
            },
            "the cage at r1c1 adds up to 3, not 7",
        ),
        (
            Constraint::Thermo {
                cells: vec![1, 0],
                slow: true,
            },
            "r1c1 does not rise from r1c2",
        ),
        (
            Constraint::LittleKiller {
                sum: 3,
                cells: vec![0, 10],
            },
            "the diagonal from r1c1 adds up to 6, not 3",
        ),
        (
            Constraint::Sandwich {
                sum: 3,
                line: Line::Row(0),
            },
            "row 1 has 35 between 1 and 9, not 3",
        ),
        (Constraint::KropkiNegative, "need a dot between them"),
        (Constraint::XvNegative, "need an X or V between them"),
        (
            Constraint::Indexing {
                rows: false,
                cells: vec![9],
            },
            "r2c1 holds 4, so r2c4 should hold 1",
        ),
        (
            Constraint::Indexing {
                rows: true,
                cells: vec![1],
            },
            "r1c2 holds 2, so r2c2 should hold 1",
        ),
        (
            Constraint::Zipper {
                cells: vec![0, 1, 2],
            },
            "r1c1 and r1c3 add up to 4, not 2, on the zipper",
        ),
        (
            Constraint::Zipper {
                cells: vec![0, 1, 2, 11],
            },
            "r1c2 and r1c3 add up to 5, not 7, on the zipper",
        ),
        (
            Constraint::RegionSumLine { cells: vec![2, 3] },
            "the line's part at r1c3 adds up to 3, the part at r1c4 to 4",
        ),
        // Column 1 reads 1 4 7 2 3 8 5 6 9 from the top: 1, 4, 7, 8 and 9 are seen.
        (
            Constraint::Skyscraper {
                count: 4,
                side: Outside {
                    line: Line::Col(0),
                    back: false,
                },
            },
            "5 are seen from column 1 from the top, not 4",
        ),
        // Row 2 from the left: 4, so 4 + 5 + 6 + 7.
        (
            Constraint::XSum {
                sum: 20,
                side: Outside {
                    line: Line::Row(1),
                    back: false,
                },
            },
            "the first 4 of row 2 from the left add up to 22, not 20",
        ),
        (
            Constraint::Lunchbox {
                sum: 3,
                cells: vec![0, 9, 18],
            },
            "the lunchbox at r1c1 has 4 between its least and greatest values, not 3",
        ),
        (
            Constraint::Lunchbox {
                sum: 3,
                cells: vec![0, 10, 20, 21],
            },
            "the lunchbox at r1c1 repeats 1",
        ),
        (
            Constraint::SumLine {
                sum: 3,
                cells: vec![0, 1, 2, 3],
                looped: false,
            },
            "the sum line at r1c1 does not divide into segments adding up to 3",
        ),
        (
            Constraint::GreaterThan { cells: [0, 1] },
            "r1c1 is not greater than r1c2",
        ),
        (
            Constraint::CountingCircles { cells: vec![0, 1] },
            "1 of the counting circles hold 2, where 2 should",
        ),
        (
            Constraint::RellikCage {
                sum: 3,
                cells: vec![0, 1],
            },
            "some values of the rellik cage at r1c1 add up to 3",
        ),
        (
            Constraint::NumberedRoom {
                value: 5,
                side: Outside {
                    line: Line::Row(1),
                    back: false,
                },
            },
            "row 2 from the left starts with 4, and its cell 4 holds 7, not 5",
        ),
        (
            Constraint::HiddenSkyscraper {
                value: 3,
                side: Outside {
                    line: Line::Row(3),
                    back: false,
                },
            },
            "the first hidden from row 4 from the left is 1 at r4c2, not 3",
        ),
        (
            Constraint::HiddenSkyscraper {
                value: 3,
                side: Outside {
                    line: Line::Row(0),
                    back: false,
                },
            },
            "no skyscraper is hidden from row 1 from the left",
        ),
        (
            Constraint::Or {
                options: vec![
                    vec![Constraint::Cage {
                        sum: Some(4),
                        cells: vec![0, 1],
                    }],
                    vec![Constraint::Kropki {
                        black: true,
                        cells: [1, 2],
                    }],
                ],
            },
            "none of the either/or's sets at r1c1 holds",
        ),
        (
            Constraint::EntropicLine {
                cells: vec![0, 1, 2],
            },
            "r1c1 and r1c2 hold values of the same third on the entropic line at r1c1",
        ),
        (
            Constraint::ModularLine {
                modulus: 2,
                cells: vec![0, 10],
            },
            "r1c1 and r2c2 hold the same remainder modulo 2 on the modular line at r1c1",
        ),
        (
            Constraint::GlobalEntropy,
            "the 2x2 block at r1c1 holds none of 7 8 9",
        ),
        (
            Constraint::Sum {
                sum: 7,
                cells: vec![0, 80],
            },
            "the sum at r1c1 adds up to 3, not 7",
        ),
        (
            Constraint::Quadruple {
                cells: [0, 1, 9, 10],
                values: vec![3],
            },
            "the quadruple at r1c1 lacks 3",
        ),
        (
            Constraint::Quadruple {
                cells: [0, 1, 9, 10],
                values: vec![1, 1],
            },
            "the quadruple at r1c1 lacks a second 1",
        ),
        // r1c1 r1c2 hold 1 2, r2c4 r2c5 hold 7 8.
        (
            Constraint::SameValues {
                sets: vec![vec![0, 1], vec![12, 13]],
            },
            "the clone at r2c4 does not hold the values of the one at r1c1",
        ),
    ];
    for (c, want) in checks {
        let v = Variant::new(Shape::NINE, true, vec![c.clone()]).unwrap();
        let got = v.violation(&g).unwrap_or_default();
        assert!(got.contains(want), "{c:?}: {got}");
    }
    let mut holed = g.clone();
    holed.set(40, 0);
    assert_eq!(fixed.violation(&holed), Some("r5c5 is empty".into()));
}

#[test]
fn a_sum_loop_may_divide_across_its_ends() {
    // 3 5 1 4 2: as a line 3 + 5 passes 5; as a loop 5 | 1 4 | 2 3.
    assert!(!sum_line_divides(&[3, 5, 1, 4, 2], 5, false));
    assert!(sum_line_divides(&[3, 5, 1, 4, 2], 5, true));
    assert!(sum_line_divides(&[2, 3, 5, 1, 4], 5, false));
    // A segment left open at the end does not count.
    assert!(!sum_line_divides(&[2, 3, 1], 5, false));
    assert!(!sum_line_divides(&[2, 3, 1], 5, true));
}

/// The seed's solution read as values from 0 (each one less: row 1 is 0 1 2 ... 8).
fn from_zero(c: Vec<Constraint>) -> Result<Variant, super::VariantError> {
    Variant::new_from(0, Shape::NINE, true, c)
}

#[test]
fn values_from_zero_count_in_every_number_of_the_rules() {
    let g = grid(SOLUTION);
    // Row 1 holds 0..8, r2c9 holds 2 (the grid's 3).
    let rules = vec![
        Constraint::Cage {
            sum: Some(1),
            cells: vec![0, 1],
        },
        Constraint::Sum {
            sum: 3,
            cells: vec![0, 1, 2],
        },
        Constraint::Even { cells: vec![0, 2] },
        Constraint::Odd { cells: vec![1] },
        Constraint::Kropki {
            black: false,
            cells: [0, 1],
        },
        Constraint::Kropki {
            black: true,
            cells: [1, 2],
        },
        Constraint::Xv {
            sum: 5,
            cells: [2, 3],
        },
        Constraint::Xv {
            sum: 10,
            cells: [8, 17],
        },
        Constraint::Arrow {
            circle: vec![3],
            line: vec![1, 2],
        },
        Constraint::Quadruple {
            cells: [0, 1, 9, 10],
            values: vec![0, 4],
        },
        Constraint::Allowed {
            cell: 0,
            values: Mask::from_bits(0b100001),
        },
        Constraint::Thermo {
            cells: vec![0, 1, 2],
            slow: false,
        },
    ];
    let v = from_zero(rules.clone()).expect("the rules from 0");
    assert_eq!((v.first_value(), v.values_text()), (0, "0-8".to_string()));
    assert_eq!((v.value(1), v.value(9)), (0, 8));
    assert_eq!(v.violation(&g), None);
    // The same rules from 1 read the grid's own values: the cage of 1 is out of reach.
    assert!(Variant::new(Shape::NINE, true, rules.clone()).is_err());
    // Broken from 0, the messages name the puzzle's values.
    let broken = |c: Constraint| from_zero(vec![c]).unwrap().violation(&g);
    assert_eq!(
        broken(Constraint::Cage {
            sum: Some(2),
            cells: vec![0, 1]
        }),
        Some("the cage at r1c1 adds up to 1, not 2".into())
    );
    assert_eq!(
        broken(Constraint::Even { cells: vec![1] }),
        Some("r1c2 is odd".into())
    );
    assert_eq!(
        broken(Constraint::Allowed {
            cell: 1,
            values: Mask::from_bits(0b101)
        }),
        Some("r1c2 holds 1, not one of {0,2}".into())
    );
    assert_eq!(
        broken(Constraint::Quadruple {
            cells: [0, 1, 9, 10],
            values: vec![5],
        }),
        Some("the quadruple at r1c1 lacks 5".into())
    );
    let mut twice = g.clone();
    twice.set(1, 1);
    assert_eq!(
        from_zero(Vec::new()).unwrap().violation(&twice),
        Some("r1c1 and r1c2 both hold 0".into())
    );
    // The ranges move down: two cells from 0 add up to 1 to 15; a quadruple's values are
    // 0..8.
    let refused = |c: Constraint| from_zero(vec![c]).unwrap_err().to_string();
    assert_eq!(
        refused(Constraint::Cage {
            sum: Some(16),
            cells: vec![0, 1]
        }),
        "constraint 1 (cage r1c1): a sum of 16 is out of reach of 2 different values (1 to 15)"
    );
    assert_eq!(
        refused(Constraint::Quadruple {
            cells: [0, 1, 9, 10],
            values: vec![9],
        }),
        "constraint 1 (quadruple r1c1): value 9 is not within 0..8"
    );
}

#[test]
fn values_from_zero_read_and_write_in_their_own_alphabet() {
    // `0` is a value (not a blank) in the givens of a grid from 0.
    let text = r#"{"givens":"0...............................................................................8","values":"0-8","constraints":[{"type":"cage","sum":1,"cells":["r1c1","r1c2"]},{"type":"allowed","cell":"r5c5","values":[0,3]}]}"#;
    let p = json::read(text).expect("a puzzle from 0");
    assert_eq!((p.givens.get(0), p.givens.get(80)), (1, 9));
    assert_eq!(p.variant.first_value(), 0);
    let Constraint::Allowed { values, .. } = &p.variant.constraints()[1] else {
        panic!("allowed values");
    };
    assert_eq!(values.bits(), 0b1001);
    // Written back (its fields in their order), read back alike.
    let written = p.variant.to_json(&p.givens);
    assert_eq!(
        written,
        text.replace(r#""values":"0-8","constraints""#, r#""constraints""#)
            .replace(r#"8","constraints""#, r#"8","values":"0-8","constraints""#)
    );
    assert_eq!(json::read(&written).unwrap(), p);
    // ISS's shape `9x9~0-8` and its givens from 0 read as the same puzzle.
    let iss = iss::read(".Shape~9x9~0-8.~R1C1_0~R9C9_8~R5C5_0_3.Cage~1~R1C1~R1C2").unwrap();
    assert_eq!(iss.givens, p.givens);
    assert_eq!(iss.variant.first_value(), 0);
    // Refused: other ranges, a grid too big for one character a value, rules kept only
    // from 1, and f-puzzles (whose values start at 1).
    let err = |t: &str| json::read(t).unwrap_err();
    assert_eq!(
        err(r#"{"values":"0-9"}"#),
        "values `0-9`: expected 1-9 or 0-8"
    );
    assert_eq!(
        err(
            r#"{"values":"0-8","givens":"9................................................................................"}"#
        ),
        "givens: unknown symbol `9` at r1c1"
    );
    assert_eq!(
        err(r#"{"values":"0-8","constraints":[{"type":"sandwich","sum":5,"row":1}]}"#),
        "constraint 1 (sandwich row 1): numpl reads a sandwich with values from 1 only (this grid's are 0-8)"
    );
    let big = Shape::from_size(49).unwrap();
    assert_eq!(
        Variant::new_from(0, big, true, Vec::new())
            .unwrap_err()
            .to_string(),
        "values: values from 0 need a grid of at most 36 values (0-9, A-Z); this one has 49"
    );
    assert!(iss::read(".Shape~9x9~0-9").is_err());
    assert!(iss::read(".Shape~9x9~1-9.~R1C1_9").is_ok());
    assert_eq!(
        super::fpuzzles::to_json(&p.givens, &p.variant).unwrap_err(),
        "f-puzzles has no grid of values 0-8 (its values start at 1)"
    );
}

/// Full rank: SOLUTION's rows and columns read from each end, ranked; a clue's rank and
/// the tie rules judged.
#[test]
fn full_rank_clues_are_judged_by_their_rank() {
    let g = grid(SOLUTION);
    let side = |line, back| Outside { line, back };
    let judge = |cs: Vec<Constraint>| Variant::new(Shape::NINE, true, cs).unwrap().violation(&g);
    // Row 1 from the left reads 123456789: the least number of all (rank 1).
    let numbers: Vec<(Outside, Vec<u8>)> = crate::variant::full_rank_sides(Shape::NINE)
        .map(|o| {
            (
                o,
                o.cells(Shape::NINE)
                    .iter()
                    .map(|&c| g.get(c as usize))
                    .collect(),
            )
        })
        .collect();
    let rank_of = |o: Outside| {
        let mine = &numbers.iter().find(|(x, _)| *x == o).unwrap().1;
        1 + numbers.iter().filter(|(_, n)| n < mine).count() as u32
    };
    let r1 = side(Line::Row(0), false);
    assert_eq!(rank_of(r1), 1);
    assert_eq!(
        judge(vec![Constraint::FullRank { rank: 1, side: r1 }]),
        None
    );
    assert_eq!(
        judge(vec![Constraint::FullRank { rank: 2, side: r1 }]),
        Some("row 1 from the left ranks 1 among the rows and columns, not 2".into())
    );
    // Every rank from 1 to 36 once: SOLUTION has no two equal numbers.
    let mut ranks: Vec<u32> = numbers.iter().map(|(o, _)| rank_of(*o)).collect();
    ranks.sort_unstable();
    assert_eq!(ranks, (1..=36).collect::<Vec<u32>>());
    assert_eq!(
        judge(vec![Constraint::FullRankTies { ties: Ties::None }]),
        None
    );
    // Equal numbers: a 4x4 Latin square (no boxes) whose row 1 from the left, column 1
    // from the top, row 4 from the right and column 4 from the bottom all read 1234.
    let four = Shape::new(2, 2).unwrap();
    let g4 = Grid::from_values(four, vec![1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1]).unwrap();
    let judge4 = |cs: Vec<Constraint>| Variant::new(four, false, cs).unwrap().violation(&g4);
    let row1 = side(Line::Row(0), false);
    assert_eq!(
        judge4(vec![Constraint::FullRankTies { ties: Ties::None }]),
        Some(
            "row 1 from the left and row 4 from the right read the same number, and no two may"
                .into()
        )
    );
    // Row 1 ties three others (1234 four times): clued, it may tie only under `any`.
    assert_eq!(
        judge4(vec![Constraint::FullRank { rank: 1, side: row1 }]),
        Some("row 1 from the left reads the same number as row 4 from the right, and a clued rank does not tie".into())
    );
    assert_eq!(
        judge4(vec![
            Constraint::FullRank {
                rank: 1,
                side: row1
            },
            Constraint::FullRankTies { ties: Ties::Any }
        ]),
        None
    );
}

/// Lockout lines and double arrows judged on SOLUTION (row 1: 1..9; r2c1 4, r2c2 5).
#[test]
fn lockout_lines_and_double_arrows_are_judged() {
    let g = grid(SOLUTION);
    let judge = |c: Constraint| {
        Variant::new(Shape::NINE, true, vec![c])
            .unwrap()
            .violation(&g)
    };
    // r1c2 = 2 .. r1c6 = 6 apart by 4; between them r1c3.. r1c5 (3 4 5) lie inside.
    let lockout = |cells: Vec<u16>, diff| Constraint::Lockout { cells, diff };
    assert_eq!(
        judge(lockout(vec![1, 2, 3, 4, 5], 4)),
        Some("r1c3 holds 3, within the lockout line's ends 2 to 6".into())
    );
    assert_eq!(
        judge(lockout(vec![1, 2], 4)),
        Some("the lockout line's ends r1c2 and r1c3 differ by less than 4".into())
    );
    // Ends r2c1 (4) and r1c2 (2), 2 apart; the middle r1c1 (1) below both.
    assert_eq!(judge(lockout(vec![9, 0, 1], 2)), None);
    // r1c1, r1c2, r1c3: the middle 2 against the circles' 1 + 3.
    assert_eq!(
        judge(Constraint::DoubleArrow {
            cells: vec![0, 1, 2]
        }),
        Some("the double arrow from r1c1 adds up to 2, not its circles' 4".into())
    );
    // r1c1 (1) and r1c4 (4): the middle r1c2 + r1c3 = 5.
    assert_eq!(
        judge(Constraint::DoubleArrow {
            cells: vec![0, 1, 2, 3]
        }),
        None
    );
}

/// Anti-taxicab, Dutch flatmates and equality cages judged on SOLUTION.
#[test]
fn taxicab_flatmates_and_equality_cages_are_judged() {
    let g = grid(SOLUTION);
    let judge = |c: Constraint| {
        Variant::new(Shape::NINE, true, vec![c])
            .unwrap()
            .violation(&g)
    };
    // r1c1 + r1c4 = 5 = r1c2 + r1c3; r1c5 alone is 5 too; r1c6 is not.
    let equal = |segments: Vec<Vec<u16>>| judge(Constraint::EqualSum { segments });
    assert_eq!(equal(vec![vec![0, 3], vec![1, 2], vec![4]]), None);
    assert_eq!(
        equal(vec![vec![0, 3], vec![5]]),
        Some("segment 2 adds up to 6, segment 1 to 5: the sums differ".into())
    );
    // Row 1 (1..9): one 2 and no 5 in r1c1..r1c3; two 2s, no.
    let say = |counts: Vec<(u8, u32)>| {
        judge(Constraint::LookAndSay {
            counts,
            cells: vec![0, 1, 2],
        })
    };
    assert_eq!(say(vec![(1, 2), (0, 5)]), None);
    assert_eq!(
        say(vec![(2, 2)]),
        Some("the look-and-say cells from r1c1 hold 1 2s, not 2".into())
    );
    // SOLUTION's rows are shifted copies of one another: some x lies x steps from
    // another x.
    let t = judge(Constraint::AntiTaxicab).expect("a taxicab pair");
    assert!(t.contains("steps apart"), "{t}");
    // r1c5 holds 5 with nothing above and r2c5 = 8 below.
    assert_eq!(
        judge(Constraint::DutchFlatmates),
        Some("r1c5 holds 5 with neither a 1 above it nor a 9 below it".into())
    );
    // r1c1 1 and r1c2 2: one odd and one even, but both low.
    let cage = |cells: Vec<u16>| judge(Constraint::EqualityCage { cells });
    assert_eq!(
        cage(vec![0, 1]),
        Some("the equality cage at r1c1 holds 2 low and 0 high values".into())
    );
    // r1c1 1 (odd, low) and r1c8 8 (even, high).
    assert_eq!(cage(vec![0, 7]), None);
    // r1c1 1, r2c7 1: a repeat.
    assert_eq!(
        cage(vec![0, 15]),
        Some("the equality cage at r1c1 repeats 1".into())
    );
    // r1c1 1 and r1c9 9: both odd.
    assert_eq!(
        cage(vec![0, 8]),
        Some("the equality cage at r1c1 holds 0 even values of 2".into())
    );
}
