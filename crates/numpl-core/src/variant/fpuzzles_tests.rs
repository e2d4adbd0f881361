use super::*;
use crate::variant::{iss, json as numpl_json};

/// Real links: name, link, ISS's constraint string and solution (empty where ISS has
/// none). The first four are ISS's own sources (data/collections.js), the last is from
/// rangsk's SudokuSolver tests.
const LINKS: &str = include_str!("fpuzzles_links.tsv");

/// The constraints as a sorted list of their debug forms: the same puzzle whatever the
/// order of its constraints.
fn canonical(v: &Variant) -> (Shape, bool, Vec<String>) {
    let mut c: Vec<String> = v.constraints().iter().map(|c| format!("{c:?}")).collect();
    c.sort();
    (v.shape(), v.boxes(), c)
}

fn solution_grid(shape: Shape, s: &str) -> Grid {
    let values: Vec<u8> = s.bytes().map(|b| b - b'0').collect();
    Grid::from_values(shape, values).unwrap()
}

#[test]
fn isss_f_puzzles_links_read_as_isss_strings_and_take_its_solutions() {
    let mut checked = 0;
    for line in LINKS.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, link, iss_text, solution) = (f[0], f[1], f[2], f[3]);
        let p = read(link).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The link is exactly LZ-string's form of its JSON: the compressor agrees with the
        // one f-puzzles used.
        let payload = link_payload(link).unwrap();
        let json = lz_string::decompress_from_base64(payload).unwrap();
        assert_eq!(lz_string::compress_to_base64(&json), payload, "{name}");
        if iss_text.is_empty() {
            continue;
        }
        let q = iss::read(iss_text).unwrap();
        assert_eq!(canonical(&p.variant), canonical(&q.variant), "{name}");
        assert_eq!(p.givens, q.givens, "{name}");
        let sol = solution_grid(p.variant.shape(), solution);
        assert_eq!(p.variant.violation(&sol), None, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn rangsks_killer_link_loads() {
    let line = LINKS.lines().last().unwrap();
    let link = line.split('\t').nth(1).unwrap();
    let p = read(link).unwrap();
    let cages: Vec<_> = p
        .variant
        .constraints()
        .iter()
        .filter(|c| matches!(c, Constraint::Cage { sum: Some(_), .. }))
        .collect();
    assert_eq!(cages.len(), 17);
    assert_eq!(
        cages[0],
        &Constraint::Cage {
            sum: Some(18),
            cells: vec![0, 1, 9, 10]
        }
    );
    // SudokuPad's form of the same puzzle, and a link whose base64 is %-escaped.
    let packed = link_payload(link).unwrap();
    for other in [
        format!("https://sudokupad.app/fpuzzles{packed}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{packed}"),
        format!(
            "https://www.f-puzzles.com/?load={}",
            packed
                .replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D")
        ),
        format!("fpuzzles{packed}"),
    ] {
        assert_eq!(read(&other).unwrap(), p, "{other}");
        assert!(detect(&other), "{other}");
    }
}

fn c(name: &str) -> u16 {
    numpl_json::cell_index(name, 9).unwrap()
}

fn cs(names: &str) -> Vec<u16> {
    names.split_whitespace().map(c).collect()
}

/// One puzzle per group of constraints that can stand together, covering every
/// constraint type f-puzzles has.
fn samples() -> Vec<(Grid, Variant)> {
    let nine = Shape::NINE;
    let mut givens = Grid::empty(nine);
    givens.set(40, 5);
    givens.set(80, 9);
    let jigsaw_layout: Vec<Vec<u16>> = {
        // The boxes with r1c3 and r1c4 swapped between boxes 1 and 2 (and r2c3, r2c4
        // likewise to keep the sizes).
        let mut regions: Vec<Vec<u16>> = (0..9)
            .map(|b| nine.geometry().unit(18 + b).to_vec())
            .collect();
        let swap = |regions: &mut Vec<Vec<u16>>, a: u16, b: u16| {
            for r in regions.iter_mut() {
                for x in r.iter_mut() {
                    if *x == a {
                        *x = b;
                    } else if *x == b {
                        *x = a;
                    }
                }
            }
        };
        swap(&mut regions, c("r1c3"), c("r1c4"));
        regions
    };
    let a = vec![
        Constraint::Jigsaw {
            regions: jigsaw_layout,
        },
        Constraint::Diagonal { anti: false },
        Constraint::Diagonal { anti: true },
        Constraint::AntiKnight,
        Constraint::AntiKing,
        Constraint::DisjointSets,
        Constraint::Region {
            cells: cs("r2c2 r2c3 r3c2"),
        },
        Constraint::Even {
            cells: cs("r1c1 r9c9"),
        },
        Constraint::Odd { cells: cs("r5c1") },
        Constraint::Allowed {
            cell: c("r3c3"),
            values: mask(&[1, 2, 9]),
        },
        Constraint::Cage {
            sum: Some(10),
            cells: cs("r4c4 r4c5"),
        },
        Constraint::Cage {
            sum: None,
            cells: cs("r6c6 r6c7 r7c7"),
        },
        Constraint::LittleKiller {
            sum: 20,
            cells: cs("r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9"),
        },
        Constraint::LittleKiller {
            sum: 9,
            cells: cs("r9c2 r8c1"),
        },
        Constraint::LittleKiller {
            sum: 7,
            cells: cs("r1c9"),
        },
        Constraint::Sandwich {
            sum: 12,
            line: Line::Row(2),
        },
        Constraint::Sandwich {
            sum: 0,
            line: Line::Col(8),
        },
        Constraint::Thermo {
            cells: cs("r7c1 r8c2 r9c3"),
            slow: false,
        },
        Constraint::Arrow {
            circle: cs("r5c5"),
            line: cs("r5c6 r5c7"),
        },
        Constraint::Arrow {
            circle: cs("r5c5"),
            line: cs("r6c5 r7c5"),
        },
        Constraint::Arrow {
            circle: cs("r2c7 r2c8"),
            line: cs("r3c8 r4c8 r4c7"),
        },
        Constraint::Palindrome {
            cells: cs("r8c4 r8c5 r8c6"),
        },
        Constraint::Whisper {
            cells: cs("r3c5 r3c6 r4c6"),
            diff: 5,
        },
        Constraint::Renban {
            cells: cs("r9c4 r9c5 r9c6"),
        },
        Constraint::Between {
            cells: cs("r7c4 r6c4 r5c4"),
        },
        Constraint::RegionSumLine {
            cells: cs("r1c5 r1c6 r1c7"),
        },
        Constraint::Quadruple {
            cells: [c("r8c7"), c("r8c8"), c("r9c7"), c("r9c8")],
            values: vec![1, 7, 7],
        },
        // A fortress cell in the corner (maximum) and one in the middle (minimum).
        Constraint::GreaterThan {
            cells: [c("r9c1"), c("r8c1")],
        },
        Constraint::GreaterThan {
            cells: [c("r9c1"), c("r9c2")],
        },
        Constraint::GreaterThan {
            cells: [c("r4c6"), c("r5c6")],
        },
        Constraint::GreaterThan {
            cells: [c("r5c5"), c("r5c6")],
        },
        Constraint::GreaterThan {
            cells: [c("r5c7"), c("r5c6")],
        },
        Constraint::GreaterThan {
            cells: [c("r6c6"), c("r5c6")],
        },
        Constraint::Kropki {
            black: false,
            cells: [c("r2c5"), c("r2c6")],
        },
        Constraint::Kropki {
            black: true,
            cells: [c("r3c1"), c("r4c1")],
        },
        Constraint::Xv {
            sum: 10,
            cells: [c("r6c1"), c("r6c2")],
        },
        Constraint::Xv {
            sum: 5,
            cells: [c("r7c2"), c("r7c3")],
        },
        Constraint::KropkiNegative,
        Constraint::XvNegative,
    ];
    let b = vec![
        Constraint::NonConsecutive,
        Constraint::Kropki {
            black: true,
            cells: [c("r1c1"), c("r1c2")],
        },
    ];
    let six = Shape::from_size(6).unwrap();
    let mut g6 = Grid::empty(six);
    g6.set(0, 6);
    let s6 = vec![
        Constraint::Cage {
            sum: Some(11),
            cells: vec![0, 1],
        },
        Constraint::Whisper {
            cells: vec![7, 8, 9],
            diff: 3,
        },
        Constraint::Sandwich {
            sum: 5,
            line: Line::Col(5),
        },
    ];
    let sixteen = Shape::from_size(16).unwrap();
    let mut g16 = Grid::empty(sixteen);
    g16.set(255, 16);
    let s16 = vec![Constraint::Thermo {
        cells: vec![0, 1, 2, 3, 4],
        slow: false,
    }];
    vec![
        (givens.clone(), Variant::new(nine, false, a).unwrap()),
        (givens, Variant::new(nine, true, b).unwrap()),
        (g6, Variant::new(six, true, s6).unwrap()),
        (g16, Variant::new(sixteen, true, s16).unwrap()),
        (
            Grid::empty(nine),
            Variant::new(nine, true, Vec::new()).unwrap(),
        ),
    ]
}

#[test]
fn every_constraint_type_round_trips_through_json_and_links() {
    for (givens, v) in samples() {
        let text = to_json(&givens, &v).unwrap();
        assert!(detect(&text), "{text}");
        let p = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(p.givens, givens, "{text}");
        assert_eq!(canonical(&p.variant), canonical(&v), "{text}");
        // Written again, the same text.
        assert_eq!(to_json(&p.givens, &p.variant).unwrap(), text);
        for l in [
            link(&givens, &v).unwrap(),
            sudokupad_link(&givens, &v).unwrap(),
        ] {
            assert!(detect(&l), "{l}");
            let q = read(&l).unwrap();
            assert_eq!(
                (q.givens, canonical(&q.variant)),
                (givens.clone(), canonical(&v))
            );
        }
    }
}

#[test]
fn forms_f_puzzles_lacks_are_written_as_equivalent_ones_or_refused() {
    let nine = Shape::NINE;
    let g = Grid::empty(nine);
    // Windoku as four extra regions.
    let v = Variant::new(nine, true, vec![Constraint::Windoku]).unwrap();
    let p = read(&to_json(&g, &v).unwrap()).unwrap();
    let regions: Vec<Constraint> = windoku_regions(nine)
        .into_iter()
        .map(|cells| Constraint::Region { cells })
        .collect();
    assert_eq!(p.variant.constraints(), &regions[..]);
    // Boxes of 3x2 on 6x6 as per-cell regions: a jigsaw of the same houses.
    let tall = Shape::new(3, 2).unwrap();
    let v = Variant::new(tall, true, Vec::new()).unwrap();
    let p = read(&to_json(&Grid::empty(tall), &v).unwrap()).unwrap();
    let mut a = p.variant.houses();
    let mut b = v.houses();
    a.iter_mut().for_each(|h| h.sort_unstable());
    b.iter_mut().for_each(|h| h.sort_unstable());
    a.sort();
    b.sort();
    assert_eq!(a, b);
    for (v, err) in [
        (
            Variant::new(
                nine,
                true,
                vec![Constraint::Thermo {
                    cells: vec![0, 1],
                    slow: true,
                }],
            )
            .unwrap(),
            "f-puzzles: a slow thermometer has no f-puzzles form",
        ),
        (
            Variant::new(nine, false, Vec::new()).unwrap(),
            "f-puzzles: a grid without boxes or regions has no f-puzzles form",
        ),
        (
            Variant::new(
                nine,
                true,
                vec![Constraint::Whisper {
                    cells: vec![0, 1],
                    diff: 4,
                }],
            )
            .unwrap(),
            "f-puzzles: whispers of difference 4 have no f-puzzles form (its whispers differ by 5)",
        ),
        (
            Variant::new(
                nine,
                true,
                vec![Constraint::LittleKiller {
                    sum: 5,
                    cells: vec![c("r2c2"), c("r3c3")],
                }],
            )
            .unwrap(),
            "f-puzzles: the little killer from r2c2 is not a whole diagonal from outside the grid",
        ),
        (
            Variant::new(
                nine,
                true,
                vec![Constraint::GreaterThan { cells: [0, 1] }],
            )
            .unwrap(),
            "f-puzzles: the greater-than sign between r1c1 and r1c2 has no f-puzzles form (only a cell greater or smaller than all its neighbours: maximum, minimum)",
        ),
        (
            Variant::new(
                nine,
                true,
                vec![Constraint::SumLine {
                    sum: 10,
                    cells: vec![0, 1],
                    looped: false,
                }],
            )
            .unwrap(),
            "f-puzzles: a sum line has no f-puzzles form",
        ),
        (
            Variant::new(
                nine,
                true,
                vec![Constraint::Skyscraper {
                    count: 3,
                    side: crate::variant::Outside {
                        line: Line::Row(0),
                        back: true,
                    },
                }],
            )
            .unwrap(),
            "f-puzzles: a skyscraper clue has no f-puzzles form",
        ),
    ] {
        assert_eq!(to_json(&g, &v).unwrap_err(), err);
    }
}

fn empty_grid(n: usize) -> String {
    let row = format!("[{}]", vec!["{}"; n].join(","));
    format!("[{}]", vec![row; n].join(","))
}

fn with(extra: &str) -> String {
    format!(r#"{{"size":9,"grid":{}{extra}}}"#, empty_grid(9))
}

#[test]
fn f_puzzles_fields_read_as_f_puzzles_means_them() {
    // diagonal+ runs from r9c1 to r1c9.
    let p = read(&with(r#","diagonal+":true"#)).unwrap();
    assert_eq!(
        p.variant.constraints(),
        &[Constraint::Diagonal { anti: true }]
    );
    // A little killer from below the grid going up-right; a sandwich right of row 4.
    let p = read(&with(
        r#","littlekillersum":[{"cell":"R10C1","direction":"UR","value":"12"},{"cell":"R0C1","direction":"DR","value":""}],"sandwichsum":[{"cell":"R4C10","value":"3"}]"#,
    ))
    .unwrap();
    assert_eq!(
        p.variant.constraints(),
        &[
            Constraint::LittleKiller {
                sum: 12,
                cells: cs("r9c2 r8c3 r7c4 r6c5 r5c6 r4c7 r3c8 r2c9"),
            },
            Constraint::Sandwich {
                sum: 3,
                line: Line::Row(3)
            }
        ]
    );
    // An arrow's lines start in its circle; numbers as numbers are read too; empty lists,
    // false flags, the title and the player's marks are nothing.
    let p = read(&with(
        r#","arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]]}],"killercage":[{"cells":["R9C9","R9C8"],"value":3}],"quadruple":[],"antiking":false,"title":"t","negative":[]"#,
    ))
    .unwrap();
    assert_eq!(
        p.variant.constraints(),
        &[
            Constraint::Cage {
                sum: Some(3),
                cells: cs("r9c9 r9c8")
            },
            Constraint::Arrow {
                circle: cs("r1c1"),
                line: cs("r1c2 r1c3")
            },
            Constraint::Arrow {
                circle: cs("r1c1"),
                line: cs("r2c1")
            },
        ]
    );
    // A value the player entered (given false) is no given; given pencil marks are.
    let mut grid: Vec<Vec<String>> = vec![vec!["{}".to_string(); 9]; 9];
    grid[0][0] = r#"{"value":4,"given":false,"centerPencilMarks":[1,2]}"#.into();
    grid[0][1] = r#"{"value":4,"given":true}"#.into();
    grid[0][2] = r#"{"givenPencilMarks":[1,3]}"#.into();
    let rows: Vec<String> = grid.iter().map(|r| format!("[{}]", r.join(","))).collect();
    let p = read(&format!(r#"{{"size":9,"grid":[{}]}}"#, rows.join(","))).unwrap();
    assert_eq!(&p.givens.values()[..3], &[0, 4, 0]);
    assert_eq!(
        p.variant.constraints(),
        &[Constraint::Allowed {
            cell: 2,
            values: mask(&[1, 3])
        }]
    );
    // Non-consecutive alone; with negative ratio, every kropki dot given.
    let p = read(&with(r#","nonconsecutive":true"#)).unwrap();
    assert_eq!(p.variant.constraints(), &[Constraint::NonConsecutive]);
    let p = read(&with(r#","nonconsecutive":true,"negative":["ratio","xv"]"#)).unwrap();
    assert_eq!(
        p.variant.constraints(),
        &[Constraint::KropkiNegative, Constraint::XvNegative]
    );
}

#[test]
fn malformed_or_unsupported_puzzles_are_refused_by_name() {
    for (text, err) in [
        (
            with(r#","clone":[{"cells":["R1C1"],"cloneCells":["R2C2"]}]"#),
            "f-puzzles: `clone` is not supported",
        ),
        (
            with(r#","maximum":[{"cell":"R10C1"}]"#),
            "f-puzzles: maximum 1: R10C1 is outside the 9x9 grid",
        ),
        (
            with(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1"],"values":[1]}]"#),
            "f-puzzles: quadruple 1: a quadruple has 4 cells, not 3",
        ),
        (
            with(r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C3"],"values":[1]}]"#),
            "f-puzzles: constraint 1 (quadruple r1c1): r1c1, r1c2, r2c1 and r2c3 are not a 2x2 block in reading order",
        ),
        (
            with(r#","killercage":[{"cells":["R1C1","R1C10"],"value":"5"}]"#),
            "f-puzzles: killercage 1: R1C10 is outside the 9x9 grid",
        ),
        (
            with(r#","killercage":[{"cells":["R1C1","R1C2"],"value":"50"}]"#),
            "f-puzzles: constraint 1 (cage r1c1): a sum of 50 is out of reach of 2 different values (3 to 17)",
        ),
        (
            with(r#","difference":[{"cells":["R1C1","R1C2"],"value":"3"}]"#),
            "f-puzzles: difference 1: a difference of 3 is not supported (1 only)",
        ),
        (
            with(r#","ratio":[{"cells":["R1C1","R1C3"]}]"#),
            "f-puzzles: constraint 1 (black-dot r1c1): r1c1 and r1c3 are not side by side",
        ),
        (
            with(r#","xv":[{"cells":["R1C1","R1C2"],"value":"W"}]"#),
            "f-puzzles: xv 1: `W` is not X or V",
        ),
        (
            with(r#","littlekillersum":[{"cell":"R1C1","direction":"DR","value":"5"}]"#),
            "f-puzzles: littlekillersum 1: the clue R1C1 is inside the grid",
        ),
        (
            with(r#","littlekillersum":[{"cell":"R0C1","direction":"XX","value":"5"}]"#),
            "f-puzzles: littlekillersum 1: direction `XX` is not UR, UL, DR or DL",
        ),
        (
            with(r#","sandwichsum":[{"cell":"R0C0","value":"5"}]"#),
            "f-puzzles: sandwichsum 1: R0C0 is not beside a row or column",
        ),
        (
            with(r#","nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]}]"#),
            "f-puzzles: `nonconsecutive` with white dots (every white dot given, black dots not) is not supported",
        ),
        (
            with(r#","negative":["ratio"]"#),
            "f-puzzles: negative `ratio` without `nonconsecutive` (every black dot given, white dots not) is not supported",
        ),
        (
            with(r#","antiknight":"yes""#),
            "f-puzzles: `antiknight` is `\"yes\"`, not true or false",
        ),
        (
            format!(r#"{{"size":7,"grid":{}}}"#, empty_grid(7)),
            "f-puzzles: size 7: numpl needs a grid with boxes (size 7 has no box shape (it must be R*C with R, C >= 2))",
        ),
        (
            r#"{"size":9,"grid":[[{}]]}"#.to_string(),
            "f-puzzles: grid: 1 rows for size 9",
        ),
        (
            "https://www.f-puzzles.com/?load=!!!".to_string(),
            "f-puzzles: the link's puzzle is not LZ-string base64",
        ),
        (
            "https://sudokupad.app/fpuzzles".to_string(),
            "f-puzzles: the link carries no puzzle",
        ),
    ] {
        assert_eq!(read(&text).unwrap_err(), err, "{text}");
    }
    // A jigsaw region of the wrong size.
    let mut grid: Vec<Vec<String>> = vec![vec!["{}".to_string(); 9]; 9];
    grid[0][0] = r#"{"region":1}"#.into();
    let rows: Vec<String> = grid.iter().map(|r| format!("[{}]", r.join(","))).collect();
    let err = read(&format!(r#"{{"size":9,"grid":[{}]}}"#, rows.join(","))).unwrap_err();
    assert_eq!(
        err,
        "f-puzzles: constraint 1 (jigsaw r1c2): region 1 has 8 cells, not 9"
    );
}

#[test]
fn detection_leaves_other_lines_alone() {
    assert!(detect(&with("")));
    assert!(!detect(r#"{"constraints":[{"type":"diagonal"}]}"#));
    assert!(!detect("https://sudokupad.app/scl123"));
    assert!(!detect("https://example.com/?x=1"));
    assert!(!detect(".Cage~10~R1C1~R1C2"));
    assert!(!detect(&"1".repeat(81)));
    // Lines of custom alphabets that start like a link's parts.
    assert!(!detect("fpuzabcdefghijklfpuzabcdefghijkl"));
    assert!(!detect("www.abcd"));
    assert!(detect("www.f-puzzles.com/?load=N4Ig"));
    assert!(detect("sudokupad.app/fpuzzlesN4Ig"));
    // numpl's own reader still reads its records.
    assert!(numpl_json::read(r#"{"constraints":[{"type":"diagonal"}]}"#).is_ok());
}

proptest::proptest! {
    #[test]
    fn any_text_is_refused_or_read_without_panic(t in "\\PC{0,200}") {
        let _ = read(&t);
        let _ = read(&format!("https://www.f-puzzles.com/?load={t}"));
        let _ = read(&format!("https://www.f-puzzles.com/?load={}", lz_string::compress_to_base64(&t)));
    }
}

fn mask(values: &[u8]) -> Mask {
    let mut m = Mask::EMPTY;
    values.iter().for_each(|&v| m.insert(v));
    m
}
