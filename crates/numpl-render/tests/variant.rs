//! Pictures of variant puzzles: every constraint draws its element, tagged
//! `data-constraint` with the constraint's name (or, for a rule no shape shows, is named in
//! the root's `data-rules` and the caption); outside clues widen the picture; a jigsaw
//! without boxes draws no box lines; digits come after every shape; a PDF sheet of variant
//! puzzles with their solutions opens.

use numpl_core::variant::{Constraint, Line, Outside, Variant};
use numpl_core::{Grid, Mask, Shape};
use numpl_render::{sheet_pdf, Picture, SheetOptions, SheetPuzzle, SvgOptions};
use roxmltree::Document;

fn svg_of(variant: &Variant) -> String {
    let mut values = vec![0u8; 81];
    values[40] = 5;
    let g = Grid::from_values(Shape::NINE, values).unwrap();
    Picture::new(&g)
        .with_variant(variant)
        .to_svg(&SvgOptions::new())
}

fn variant(boxes: bool, c: Constraint) -> Variant {
    let name = c.name();
    Variant::new(Shape::NINE, boxes, vec![c]).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every constraint with a shape, and the element its drawing must hold.
fn drawn() -> Vec<(Constraint, &'static str)> {
    let rows: Vec<Vec<u16>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .collect();
    vec![
        (Constraint::Jigsaw { regions: rows }, "path"),
        (Constraint::Diagonal { anti: false }, "path"),
        (Constraint::Diagonal { anti: true }, "path"),
        (Constraint::Windoku, "rect"),
        (
            Constraint::Region {
                cells: vec![0, 1, 2],
            },
            "rect",
        ),
        (Constraint::Even { cells: vec![0] }, "rect"),
        (Constraint::Odd { cells: vec![1] }, "circle"),
        (
            Constraint::Allowed {
                cell: 2,
                values: Mask::single(3),
            },
            "text",
        ),
        (
            Constraint::Cage {
                sum: Some(10),
                cells: vec![0, 1, 10],
            },
            "text",
        ),
        (
            Constraint::Cage {
                sum: None,
                cells: vec![20, 21],
            },
            "path",
        ),
        (
            Constraint::LittleKiller {
                sum: 40,
                cells: (0..8).map(|k| k * 9 + k + 1).collect(),
            },
            "text",
        ),
        (
            Constraint::Sandwich {
                sum: 10,
                line: Line::Col(3),
            },
            "text",
        ),
        (
            Constraint::Thermo {
                cells: vec![0, 1, 2],
                slow: false,
            },
            "circle",
        ),
        (
            Constraint::Thermo {
                cells: vec![0, 1, 2],
                slow: true,
            },
            "path",
        ),
        (
            Constraint::Arrow {
                circle: vec![0],
                line: vec![1, 2],
            },
            "circle",
        ),
        (
            Constraint::Arrow {
                circle: vec![0, 1],
                line: vec![2, 3],
            },
            "rect",
        ),
        (
            Constraint::Kropki {
                black: false,
                cells: [0, 1],
            },
            "circle",
        ),
        (
            Constraint::Kropki {
                black: true,
                cells: [0, 9],
            },
            "circle",
        ),
        (
            Constraint::Xv {
                sum: 10,
                cells: [0, 1],
            },
            "text",
        ),
        (
            Constraint::Xv {
                sum: 5,
                cells: [0, 1],
            },
            "text",
        ),
        (
            Constraint::Palindrome {
                cells: vec![0, 1, 2],
            },
            "path",
        ),
        (
            Constraint::Zipper {
                cells: vec![0, 1, 2],
            },
            "path",
        ),
        (
            Constraint::Indexing {
                rows: false,
                cells: vec![0, 4, 8],
            },
            "rect",
        ),
        (
            Constraint::Whisper {
                cells: vec![0, 1, 2],
                diff: 5,
            },
            "path",
        ),
        (
            Constraint::Renban {
                cells: vec![0, 1, 2],
            },
            "path",
        ),
        (
            Constraint::Between {
                cells: vec![0, 1, 2],
            },
            "circle",
        ),
        (
            Constraint::RegionSumLine {
                cells: vec![2, 3, 4],
            },
            "path",
        ),
        (
            Constraint::Skyscraper {
                count: 3,
                side: Outside {
                    line: Line::Row(2),
                    back: true,
                },
            },
            "text",
        ),
        (
            Constraint::XSum {
                sum: 12,
                side: Outside {
                    line: Line::Col(2),
                    back: false,
                },
            },
            "text",
        ),
        (
            Constraint::SameValues {
                sets: vec![vec![0, 1], vec![30, 31]],
            },
            "rect",
        ),
        (
            Constraint::Quadruple {
                cells: [0, 1, 9, 10],
                values: vec![1, 2, 3],
            },
            "circle",
        ),
        (Constraint::GreaterThan { cells: [20, 29] }, "path"),
        (
            Constraint::CountingCircles {
                cells: vec![60, 70],
            },
            "circle",
        ),
        (
            Constraint::RellikCage {
                sum: 7,
                cells: vec![50, 51],
            },
            "path",
        ),
        (
            Constraint::NumberedRoom {
                value: 4,
                side: Outside {
                    line: Line::Col(5),
                    back: false,
                },
            },
            "text",
        ),
        (
            Constraint::EqualSum {
                segments: vec![vec![74, 75], vec![76, 77]],
            },
            "path",
        ),
        (
            Constraint::LookAndSay {
                counts: vec![(1, 2), (1, 3)],
                cells: vec![72, 73],
            },
            "text",
        ),
        (
            Constraint::EqualityCage {
                cells: vec![70, 71],
            },
            "path",
        ),
        (
            Constraint::Lockout {
                cells: vec![50, 51, 52],
                diff: 4,
            },
            "path",
        ),
        (
            Constraint::DoubleArrow {
                cells: vec![60, 61, 62],
            },
            "circle",
        ),
        (
            Constraint::FullRank {
                rank: 12,
                side: Outside {
                    line: Line::Col(2),
                    back: false,
                },
            },
            "text",
        ),
        (
            Constraint::Pairwise {
                all: true,
                allowed: vec![0b10; 9],
                label: "up".into(),
                cells: vec![30, 31, 40],
            },
            "circle",
        ),
        (
            Constraint::HiddenSkyscraper {
                value: 3,
                side: Outside {
                    line: Line::Row(5),
                    back: true,
                },
            },
            "text",
        ),
        // An either/or's sets drawn as their rules are: the cage's outline.
        (
            Constraint::Or {
                options: vec![
                    vec![Constraint::Cage {
                        sum: Some(10),
                        cells: vec![72, 73],
                    }],
                    vec![Constraint::Cage {
                        sum: Some(12),
                        cells: vec![72, 73],
                    }],
                ],
            },
            "path",
        ),
        (
            Constraint::EntropicLine {
                cells: vec![3, 4, 5],
            },
            "path",
        ),
        (
            Constraint::ModularLine {
                modulus: 3,
                cells: vec![6, 7, 8],
            },
            "path",
        ),
        (
            Constraint::Sum {
                sum: 10,
                cells: vec![40, 42],
            },
            "path",
        ),
        (
            // (Its shading first, its outline in the top layer.)
            Constraint::Lunchbox {
                sum: 7,
                cells: vec![0, 1, 2, 3],
            },
            "rect",
        ),
        (
            Constraint::SumLine {
                sum: 10,
                cells: vec![10, 11, 20, 19],
                looped: true,
            },
            "path",
        ),
    ]
}

#[test]
fn every_constraint_draws_its_element() {
    for (c, element) in drawn() {
        // An either/or's rules are drawn (and named) as themselves.
        let name = match &c {
            Constraint::Or { options } => options[0][0].name(),
            c => c.name(),
        };
        let boxes = !matches!(c, Constraint::Jigsaw { .. });
        let svg = svg_of(&variant(boxes, c));
        let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        let group = doc
            .descendants()
            .find(|n| n.attribute("data-constraint") == Some(name))
            .unwrap_or_else(|| panic!("{name}: no data-constraint element"));
        assert!(
            group.descendants().any(|n| n.tag_name().name() == element),
            "{name}: no <{element}> in its group"
        );
        // The cells are all there, and the given drawn after every shape.
        let cells = doc
            .descendants()
            .filter(|n| n.has_attribute("data-cell"))
            .count();
        assert_eq!(cells, 81, "{name}");
        let given = doc
            .descendants()
            .position(|n| n.attribute("data-given") == Some("5"))
            .unwrap();
        let last_shape = doc
            .descendants()
            .enumerate()
            .filter(|(_, n)| n.has_attribute("data-constraint"))
            .map(|(i, _)| i)
            .max()
            .unwrap();
        assert!(given > last_shape, "{name}: digits come last");
    }
}

#[test]
fn allowed_odd_or_even_values_are_drawn_as_odd_and_even_cells() {
    let mut odd = Mask::single(1);
    for v in [3, 5, 7, 9] {
        odd.insert(v);
    }
    let mut even = Mask::single(2);
    for v in [4, 6, 8] {
        even.insert(v);
    }
    for (values, element) in [(odd, "circle"), (even, "rect")] {
        let svg = svg_of(&variant(true, Constraint::Allowed { cell: 3, values }));
        let doc = Document::parse(&svg).unwrap();
        let group = doc
            .descendants()
            .find(|n| n.attribute("data-constraint") == Some("allowed"))
            .unwrap();
        assert!(group.descendants().any(|n| n.tag_name().name() == element));
        assert!(!group.descendants().any(|n| n.tag_name().name() == "text"));
    }
}

#[test]
fn rules_without_shapes_are_named() {
    for c in [
        Constraint::AntiKnight,
        Constraint::AntiKing,
        Constraint::NonConsecutive,
        Constraint::KropkiNegative,
        Constraint::XvNegative,
        Constraint::DisjointSets,
        Constraint::GlobalEntropy,
        Constraint::GlobalModular,
        Constraint::AntiTaxicab,
        Constraint::DutchFlatmates,
    ] {
        let name = c.name();
        let svg = svg_of(&variant(true, c));
        let doc = Document::parse(&svg).unwrap();
        let root = doc.root_element();
        let rules = root.attribute("data-rules").unwrap_or_default();
        assert!(rules.split(' ').any(|r| r == name), "{name}: {rules}");
        assert!(
            doc.descendants()
                .any(|n| n.attribute("class") == Some("caption")),
            "{name}: a caption"
        );
    }
}

/// A pairwise rule is drawn as a line with dots (open along a line, filled for a set),
/// and its relation, which no shape shows, is written in the caption once.
#[test]
fn a_pairwise_rule_s_relation_is_written_in_the_caption() {
    let rule = |all: bool, cells: Vec<u16>| Constraint::Pairwise {
        all,
        // 1 beside 2 or 3; 9 beside 1.
        allowed: vec![0b110, 0, 0, 0, 0, 0, 0, 0, 0b1],
        label: "Odd one".into(),
        cells,
    };
    let v = Variant::new(
        Shape::NINE,
        true,
        vec![rule(false, vec![0, 1, 2]), rule(false, vec![9, 10])],
    )
    .unwrap();
    let svg = svg_of(&v);
    let doc = Document::parse(&svg).unwrap();
    let caption: String = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    let sentence = "Pairwise \"Odd one\": neighbours on the line (open dots) hold a pair of these, the first cell's value with the second's: 1 with 2, 3; 9 with 1.";
    assert_eq!(
        caption.matches("1 with 2, 3; 9 with 1").count(),
        1,
        "{caption}"
    );
    assert!(
        svg.contains(&sentence.replace('"', "&quot;")) || svg.contains(sentence),
        "{svg}"
    );
    let dots: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-constraint") == Some("pairwise"))
        .flat_map(|g| g.descendants().filter(|n| n.tag_name().name() == "circle"))
        .collect();
    assert_eq!(dots.len(), 5);
    assert!(dots.iter().all(|d| d.attribute("fill") == Some("#ffffff")));
}

/// Regex lines and state machines: a line from a dot on its first cell, a segment a line;
/// the caption gives each pattern (or machine's name) once with the cells its lines
/// start from, each once.
#[test]
fn regex_lines_and_state_machines_are_named_with_their_starts() {
    let regex = |cells: Vec<u16>| Constraint::Regex {
        pattern: "(12)*".into(),
        cells,
    };
    let machine = Constraint::Automaton {
        label: "Up".into(),
        automaton: numpl_core::variant::automaton::Automaton {
            states: 1,
            start: vec![0],
            accept: vec![0],
            moves: vec![(0, 0b1_1111_1111, 0)],
        },
        segments: vec![vec![40, 41], vec![50]],
    };
    let v = Variant::new(
        Shape::NINE,
        true,
        vec![
            regex(vec![0, 1, 2]),
            regex(vec![9, 18]),
            regex(vec![0, 10]),
            machine,
        ],
    )
    .unwrap();
    let svg = svg_of(&v);
    let doc = Document::parse(&svg).unwrap();
    let caption: String = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    let flat = caption.split_whitespace().collect::<Vec<_>>().join(" ");
    for sentence in [
        "Regex `(12)*`: the digits along the lines from r1c1, r2c1 (the dots), read from the dots, each match it whole.",
        "State machine &quot;Up&quot;: the digits along the line from r5c5 (the dot), read from the dot, spell a word it accepts.",
    ] {
        let plain = sentence.replace("&quot;", "\"");
        assert_eq!(flat.matches(&plain).count(), 1, "{flat}");
    }
    let circles = |kind: &str| {
        doc.descendants()
            .filter(|n| n.attribute("data-constraint") == Some(kind))
            .flat_map(|g| g.descendants().filter(|n| n.tag_name().name() == "circle"))
            .count()
    };
    // A dot a line (two lines from r1c1 named once in the caption); the machine's two
    // segments two.
    assert_eq!((circles("regex"), circles("automaton")), (3, 2));
}

/// `c` alone on a 9x9 is drawn in its group (`kind`) with one circle and a dashed
/// stroke, and the caption says `words`.
fn one_circle_and_dashes(c: Constraint, kind: &str, words: &str) {
    let v = Variant::new(Shape::NINE, true, vec![c]).unwrap();
    let svg = svg_of(&v);
    let doc = Document::parse(&svg).unwrap();
    let marks: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-constraint") == Some(kind))
        .flat_map(|g| g.descendants())
        .collect();
    assert_eq!(
        marks
            .iter()
            .filter(|n| n.tag_name().name() == "circle")
            .count(),
        1
    );
    assert!(
        marks
            .iter()
            .any(|n| n.attribute("stroke-dasharray").is_some()),
        "{svg}"
    );
    assert!(svg.contains(words), "{svg}");
}

/// A count of different values: a circle and a dotted outline; named in the caption.
#[test]
fn a_count_of_different_values_is_a_circle_and_an_outline() {
    one_circle_and_dashes(
        Constraint::CountDistinct {
            cell: 10,
            cells: vec![0, 1, 2],
        },
        "count-distinct",
        "Counts of different digits (orange circle",
    );
}

/// A slingshot: a dashed line from a dot, an arrowhead at its end; named in the caption.
#[test]
fn a_slingshot_is_a_dashed_arrow_named_in_the_caption() {
    one_circle_and_dashes(
        Constraint::ValueIndexing {
            cells: vec![0, 1, 2, 3],
        },
        "value-indexing",
        "Slingshots (dashed, orange)",
    );
}

/// A grid of values from 0 says so in the caption, and writes its values from 0.
#[test]
fn a_grid_of_values_from_zero_says_so_and_writes_0() {
    let cage = Constraint::Cage {
        sum: Some(1),
        cells: vec![0, 1],
    };
    let v = Variant::new_from(0, Shape::NINE, true, vec![cage]).unwrap();
    let svg = svg_of(&v);
    let doc = Document::parse(&svg).unwrap();
    let rules = doc
        .root_element()
        .attribute("data-rules")
        .unwrap_or_default();
    assert_eq!(rules, "values-from-0");
    assert!(svg.contains(">The digits start at 0 (0 to N-1 rather than 1 to N).<"));
    // r5c5 holds the grid's 5: the puzzle's 4.
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .filter_map(|n| n.text())
        .collect();
    assert!(texts.contains(&"4") && !texts.contains(&"5"), "{texts:?}");
}

fn view_box(svg: &str) -> Vec<f32> {
    let doc = Document::parse(svg).unwrap();
    doc.root_element()
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect()
}

#[test]
fn outside_clues_widen_the_picture() {
    let plain = svg_of(&variant(true, Constraint::Diagonal { anti: false }));
    let sandwich = svg_of(&variant(
        true,
        Constraint::Sandwich {
            sum: 10,
            line: Line::Row(3),
        },
    ));
    let killer = svg_of(&variant(
        true,
        Constraint::LittleKiller {
            sum: 40,
            cells: (0..8).map(|k| k * 9 + k + 1).collect(),
        },
    ));
    let (p, s, k) = (view_box(&plain), view_box(&sandwich), view_box(&killer));
    // A sandwich clue on the left: one cell wider, as tall.
    assert!((s[2] - p[2] - 40.0).abs() < 0.2, "{s:?} {p:?}");
    assert!((s[3] - p[3]).abs() < 0.2);
    // A little killer clue above the grid: one cell taller.
    assert!((k[3] - p[3] - 40.0).abs() < 0.2, "{k:?} {p:?}");
    // A skyscraper clue on the right and an X-sum below: one cell wider and taller, and
    // both named in the caption.
    let both = Variant::new(
        Shape::NINE,
        true,
        vec![
            Constraint::Skyscraper {
                count: 3,
                side: Outside {
                    line: Line::Row(4),
                    back: true,
                },
            },
            Constraint::XSum {
                sum: 12,
                side: Outside {
                    line: Line::Col(4),
                    back: true,
                },
            },
        ],
    )
    .unwrap();
    let svg = svg_of(&both);
    let b = view_box(&svg);
    assert!((b[2] - p[2] - 40.0).abs() < 0.2, "{b:?} {p:?}");
    // (Taller by the clue's row and the caption under the grid.)
    assert!(b[3] - p[3] > 40.0, "{b:?} {p:?}");
    let doc = Document::parse(&svg).unwrap();
    let rules = doc
        .root_element()
        .attribute("data-rules")
        .unwrap_or_default();
    assert_eq!(rules, "skyscraper x-sum");
}

#[test]
fn a_jigsaw_without_boxes_draws_no_box_lines() {
    let rows: Vec<Vec<u16>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .collect();
    let svg = svg_of(&variant(false, Constraint::Jigsaw { regions: rows }));
    let doc = Document::parse(&svg).unwrap();
    let thick = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("thick"))
        .unwrap();
    // Only the border: one move.
    assert_eq!(thick.attribute("d").unwrap().matches('M').count(), 1);
    let thin = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("thin"))
        .unwrap();
    // Every inner line thin: 8 vertical and 8 horizontal.
    assert_eq!(thin.attribute("d").unwrap().matches('M').count(), 16);
}

#[test]
fn a_variant_of_another_shape_is_ignored() {
    let g = Grid::empty(Shape::new(2, 2).unwrap());
    let v = variant(true, Constraint::AntiKnight);
    let pic = Picture::new(&g).with_variant(&v);
    assert!(pic.variant().is_none());
}

#[test]
fn a_sheet_of_variant_puzzles_opens() {
    let g = Grid::empty(Shape::NINE);
    let mut puzzles = Vec::new();
    for (i, (c, _)) in drawn().into_iter().enumerate() {
        let boxes = !matches!(c, Constraint::Jigsaw { .. });
        puzzles.push(
            SheetPuzzle::new(i as u64 + 1, g.clone())
                .with_solution(g.clone())
                .with_variant(variant(boxes, c)),
        );
    }
    let v = Variant::new(
        Shape::NINE,
        true,
        vec![Constraint::AntiKnight, Constraint::NonConsecutive],
    )
    .unwrap();
    puzzles.push(
        SheetPuzzle::new(99, g.clone())
            .with_solution(g.clone())
            .with_variant(v),
    );
    let pdf = sheet_pdf(&puzzles, &SheetOptions::new().solutions(true)).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    // 50 puzzles 4 a page: 13 pages, and 3 pages of solutions (20 a page).
    assert_eq!(puzzles.len(), 50);
    assert_eq!(doc.get_pages().len(), 16);
}

#[test]
fn a_jigsaw_beside_boxes_is_tinted_and_the_boxes_stay() {
    let rows: Vec<Vec<u16>> = (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .collect();
    let svg = svg_of(&variant(true, Constraint::Jigsaw { regions: rows }));
    let doc = Document::parse(&svg).unwrap();
    let groups: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-constraint") == Some("jigsaw"))
        .collect();
    // The tints (81 cells) and the borders.
    assert_eq!(groups.len(), 2);
    assert_eq!(
        groups[0]
            .descendants()
            .filter(|n| n.tag_name().name() == "rect")
            .count(),
        81
    );
    let thick = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("thick"))
        .unwrap();
    assert_eq!(thick.attribute("d").unwrap().matches('M').count(), 5);
}

#[test]
fn shapes_are_drawn_to_pixels_under_the_digits() {
    let v = Variant::new(
        Shape::NINE,
        true,
        vec![
            Constraint::Thermo {
                cells: vec![0, 1, 2],
                slow: false,
            },
            Constraint::Even { cells: vec![40] },
            Constraint::Sandwich {
                sum: 10,
                line: Line::Row(0),
            },
        ],
    )
    .unwrap();
    let svg = svg_of(&v);
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut()
        .load_font_data(numpl_render::FONT_REGULAR.to_vec());
    opt.fontdb_mut()
        .load_font_data(numpl_render::FONT_BOLD.to_vec());
    let tree = resvg::usvg::Tree::from_str(&svg, &opt).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    // The cells' backgrounds, in reading order: r1c1's corner and side.
    let doc = Document::parse(&svg).unwrap();
    let backgrounds = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("cells"))
        .unwrap();
    let r1c1 = backgrounds.children().next().unwrap();
    let x: f32 = r1c1.attribute("x").unwrap().parse().unwrap();
    let y: f32 = r1c1.attribute("y").unwrap().parse().unwrap();
    let cs: f32 = r1c1.attribute("width").unwrap().parse().unwrap();
    // The sandwich clue's room on the left.
    assert!(x > cs);
    let pixel = |px: f32, py: f32| {
        let p = pixmap
            .pixel(px.round() as u32, py.round() as u32)
            .expect("inside the picture");
        (p.red(), p.green(), p.blue())
    };
    // The thermometer's bulb, grey, in r1c1's centre; white near the cell's corner.
    assert_eq!(pixel(x + cs * 0.5, y + cs * 0.5), (196, 196, 196));
    assert_eq!(pixel(x + cs * 0.06, y + cs * 0.94), (255, 255, 255));
    // r5c5: the even square's grey around the given's digit, which is drawn over it.
    let (ex, ey) = (x + 4.0 * cs, y + 4.0 * cs);
    assert_eq!(pixel(ex + cs * 0.2, ey + cs * 0.2), (214, 214, 214));
    let dark = (0..cs as u32)
        .flat_map(|dx| (0..cs as u32).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| pixel(ex + dx as f32, ey + dy as f32).0 < 60)
        .count();
    assert!(
        dark > 20,
        "the given's digit over the even square: {dark} dark pixels"
    );
}

#[test]
fn two_little_killer_clues_in_one_place_move_apart() {
    // Both clues sit above r1c3: one down to the left from r1c2, one down to the right
    // from r1c4.
    let v = Variant::new(
        Shape::NINE,
        true,
        vec![
            Constraint::LittleKiller {
                sum: 17,
                cells: vec![1, 9],
            },
            Constraint::LittleKiller {
                sum: 23,
                cells: vec![3, 13, 23, 33, 43, 53],
            },
        ],
    )
    .unwrap();
    let svg = svg_of(&v);
    let doc = Document::parse(&svg).unwrap();
    let xs: Vec<f32> = doc
        .descendants()
        .filter(|n| n.attribute("data-constraint") == Some("little-killer"))
        .map(|g| {
            g.descendants()
                .find(|n| n.has_tag_name("text"))
                .and_then(|t| t.attribute("x"))
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(xs.len(), 2);
    // More than half a cell (40) apart, the first on the left.
    assert!(xs[1] - xs[0] > 20.0, "{xs:?}");
}
