//! `--format svg` and `numpl print`: files, names, the one-picture rule for stdout, and
//! what bad input does. The pictures themselves are tested in numpl-render.

use super::{numpl, tmp_dir, write, SEED, SEED_SOLUTION};

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).expect("well-formed SVG")
}

#[test]
fn one_picture_goes_to_stdout() {
    let out = numpl(&["show", "-f", "svg", "--candidates", "--labels"], SEED);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = parse(&out.stdout);
    let cells = doc
        .descendants()
        .filter(|n| n.has_attribute("data-cell"))
        .count();
    assert_eq!(cells, 81);
    assert!(doc.descendants().any(|n| n.has_attribute("data-candidate")));

    let out = numpl(&["solve", "-f", "svg"], SEED);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = parse(&out.stdout);
    let values: String = doc
        .descendants()
        .filter_map(|n| n.attribute("data-given").or(n.attribute("data-value")))
        .collect();
    assert_eq!(values, SEED_SOLUTION);
    let givens = doc
        .descendants()
        .filter(|n| n.has_attribute("data-given"))
        .count();
    assert_eq!(givens, SEED.chars().filter(|&c| c != '.').count());

    let out = numpl(&["hint", "-f", "svg"], SEED);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = parse(&out.stdout);
    assert!(doc
        .descendants()
        .any(|n| n.attribute("data-role") == Some("placed")));
}

#[test]
fn more_than_one_picture_needs_out() {
    let two = format!("{SEED}\n{SEED}\n");
    let out = numpl(&["show", "-f", "svg"], &two);
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("--out"), "{}", out.stderr);
    let out = numpl(&["explain", "-f", "svg"], SEED);
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("--out DIR"), "{}", out.stderr);
    let out = numpl(&["show", "--out", "x"], SEED);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--format svg"), "{}", out.stderr);
    let out = numpl(&["rate", "-f", "svg"], SEED);
    assert_eq!(out.code, 2);
}

#[test]
fn out_writes_one_file_per_puzzle_or_step() {
    let dir = tmp_dir("svg-out");
    let d = dir.join("pics");
    let d = d.to_str().unwrap();
    let two = format!("{SEED}\n{SEED}\n");
    let out = numpl(&["solve", "-f", "svg", "--out", d], &two);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.is_empty());
    for f in ["0001.svg", "0002.svg"] {
        let text = std::fs::read_to_string(dir.join("pics").join(f)).unwrap();
        parse(&text);
    }
    let out = numpl(&["explain", "-f", "svg", "--out", d], SEED);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = std::fs::read_to_string(dir.join("pics/0001-step-07.svg")).unwrap();
    let doc = parse(&text);
    let caption: String = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("caption"))
        .filter_map(|n| n.text())
        .collect();
    assert!(caption.starts_with("Step 7: "), "{caption}");
    assert!(out.stderr.contains("pictures in"), "{}", out.stderr);
}

#[test]
fn print_writes_a_whole_pdf_or_none() {
    let dir = tmp_dir("print");
    let pdf = dir.join("sheet.pdf");
    let p = pdf.to_str().unwrap();
    let input = format!("{SEED}\n{SEED}\n{SEED}\n");
    let out = numpl(
        &[
            "print",
            "--out",
            p,
            "--per-page",
            "2",
            "--solutions",
            "--title",
            "Week 1",
        ],
        &input,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = lopdf::Document::load(&pdf).unwrap();
    // 3 puzzles at 2 a page, then one page of solutions.
    assert_eq!(doc.get_pages().len(), 3);
    let text = doc.extract_text(&[1]).unwrap();
    assert!(
        text.contains("Week 1") && text.contains("Puzzle 1"),
        "{text}"
    );
    // The seed's sample is rated: its level shows under it.
    assert!(text.contains("score"), "{text}");
    let good = std::fs::read(&pdf).unwrap();

    // A bad puzzle: named with file and line, exit 1, and the old sheet stays whole.
    let bad = write(&dir, "bad.txt", &format!("{SEED}\n{}\n", &SEED[..80]));
    let out = numpl(&["print", "--out", p, &bad], "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("bad.txt:2"), "{}", out.stderr);
    assert!(out.stderr.contains("no PDF written"), "{}", out.stderr);
    assert_eq!(std::fs::read(&pdf).unwrap(), good);
    let leftovers = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(leftovers, 2, "only sheet.pdf and bad.txt");

    let out = numpl(&["print", "--out", p, "--per-page", "3"], SEED);
    assert_eq!(out.code, 2);
}

/// The seed with a killer cage, a thermometer and a sandwich clue its solution keeps, in
/// numpl's variant record, and `extra` constraints.
fn seed_variant(extra: &str) -> String {
    format!(
        "{{\"givens\":\"{SEED}\",\"constraints\":[\
         {{\"type\":\"cage\",\"sum\":10,\"cells\":[\"r1c1\",\"r1c2\"]}},\
         {{\"type\":\"thermo\",\"cells\":[\"r1c3\",\"r1c4\",\"r1c5\"]}},\
         {{\"type\":\"sandwich\",\"sum\":9,\"row\":1}}{extra}]}}\n"
    )
}

#[test]
fn variant_pictures_draw_the_constraints() {
    let input = seed_variant("");
    let drawn = |doc: &roxmltree::Document<'_>, name: &str| {
        doc.descendants()
            .any(|n| n.attribute("data-constraint") == Some(name))
    };
    // A rule no shape shows (the seed's solution breaks it: `show` does not solve).
    let out = numpl(
        &["show", "-f", "svg"],
        &seed_variant(",{\"type\":\"anti-king\"}"),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = parse(&out.stdout);
    for name in ["cage", "thermo", "sandwich"] {
        assert!(drawn(&doc, name), "show: {name}");
    }
    assert_eq!(
        doc.root_element().attribute("data-rules"),
        Some("anti-king")
    );

    // The solution is drawn with the constraints.
    let out = numpl(&["solve", "-f", "svg"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = parse(&out.stdout);
    let values: String = doc
        .descendants()
        .filter_map(|n| n.attribute("data-given").or(n.attribute("data-value")))
        .collect();
    assert_eq!(values, SEED_SOLUTION);
    assert!(drawn(&doc, "cage") && drawn(&doc, "thermo"));

    // A sheet of the variant puzzle, with its solution.
    let dir = tmp_dir("print-variant");
    let pdf = dir.join("sheet.pdf");
    let file = write(&dir, "in.txt", &input);
    let out = numpl(
        &[
            "print",
            "--out",
            pdf.to_str().unwrap(),
            "--solutions",
            &file,
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF"));

    // A variant hint's picture: the constraints, the candidates, the step's pattern cells
    // and the marks it removes, its sentence as the caption.
    let out = numpl(&["hint", "-f", "svg"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = parse(&out.stdout);
    assert!(drawn(&doc, "cage") && drawn(&doc, "thermo"));
    let role = |r: &str| {
        doc.descendants()
            .filter(|n| n.attribute("data-role") == Some(r))
            .count()
    };
    assert!(role("pattern") >= 1, "{}", out.stdout);
    assert!(role("eliminated") + role("placed") >= 1, "{}", out.stdout);
    assert!(doc
        .descendants()
        .any(|n| n.attribute("data-candidate").is_some()));
}
