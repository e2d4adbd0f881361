//! The pictures as other programs see them: SVG parsed with a real XML parser (roxmltree)
//! and checked for its structure on 4x4, 6x6, 9x9, 16x16 and 25x25; a step drawn to
//! pixels with resvg; PDF sheets opened with lopdf.

use std::collections::HashMap;

use numpl_core::{parse_one, Cell, Grid, ParseOptions, Shape};
use numpl_render::{
    puzzle_svg, sheet_pdf, solution_svg, Picture, SheetOptions, SheetPuzzle, SvgOptions,
};
use numpl_solve::{Board, HumanSolver, Step, Technique};
use roxmltree::{Document, Node};

/// A full valid grid of any shape: row r is row 0 shifted by (r % R) * C + r / R.
fn full(shape: Shape) -> Grid {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let values = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % br) * bc + r / br + c) % n + 1) as u8
        })
        .collect();
    Grid::from_values(shape, values).unwrap()
}

/// The full grid with about every third cell blank.
fn holes(g: &Grid) -> Grid {
    let values = g
        .values()
        .iter()
        .enumerate()
        .map(|(i, &v)| if (i * 7 + i / 3) % 3 == 0 { 0 } else { v })
        .collect();
    Grid::from_values(g.shape(), values).unwrap()
}

fn cells<'a>(doc: &'a Document<'a>) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_attribute("data-cell"))
        .collect()
}

fn name(shape: Shape, i: usize) -> String {
    shape.cell_name(shape.cell(i / shape.size(), i % shape.size()))
}

/// Checks the root and the cells: one element per cell, in reading order, named r1c1 ...
fn check_cells<'a>(doc: &'a Document<'a>, shape: Shape) -> HashMap<String, Node<'a, 'a>> {
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let vb: Vec<f32> = root
        .attribute("viewBox")
        .expect("a viewBox")
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    assert!(vb.len() == 4 && vb[2] > 0.0 && vb[3] > 0.0);
    assert_eq!(
        root.attribute("data-size"),
        Some(&*shape.size().to_string())
    );
    let cs = cells(doc);
    assert_eq!(cs.len(), shape.cells());
    let mut by_name = HashMap::new();
    for (i, c) in cs.iter().enumerate() {
        assert_eq!(c.attribute("data-cell"), Some(&*name(shape, i)));
        by_name.insert(name(shape, i), *c);
    }
    by_name
}

fn candidates_of<'a>(cell: Node<'a, 'a>) -> Vec<Node<'a, 'a>> {
    cell.descendants()
        .filter(|n| n.has_attribute("data-candidate"))
        .collect()
}

const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5), (8, 8)];

#[test]
fn puzzles_solutions_and_pencil_marks_have_their_structure_on_every_size() {
    for (r, c) in SHAPES {
        let shape = Shape::new(r, c).unwrap();
        let solution = full(shape);
        let puzzle = holes(&solution);
        let givens = puzzle.filled();
        let opts = SvgOptions::new().labels(true);

        let svg = puzzle_svg(&puzzle, None, &opts);
        let doc = Document::parse(&svg).unwrap();
        let by_name = check_cells(&doc, shape);
        let given_cells: Vec<_> = by_name
            .values()
            .filter(|c| c.has_attribute("data-given"))
            .collect();
        assert_eq!(given_cells.len(), givens, "{shape}");
        for i in 0..shape.cells() {
            let cell = by_name[&name(shape, i)];
            let v = puzzle.get(i);
            assert_eq!(
                cell.attribute("data-given"),
                (v != 0).then(|| v.to_string()).as_deref()
            );
            assert!(!cell.has_attribute("data-value"));
        }

        let svg = solution_svg(&puzzle, &solution, &opts);
        let doc = Document::parse(&svg).unwrap();
        let by_name = check_cells(&doc, shape);
        for i in 0..shape.cells() {
            let cell = by_name[&name(shape, i)];
            let v = solution.get(i).to_string();
            if puzzle.get(i) != 0 {
                assert_eq!(cell.attribute("data-given"), Some(&*v));
            } else {
                assert_eq!(cell.attribute("data-value"), Some(&*v));
            }
        }

        let cands = puzzle.candidates();
        let svg = puzzle_svg(&puzzle, Some(&cands), &opts);
        let doc = Document::parse(&svg).unwrap();
        let by_name = check_cells(&doc, shape);
        for i in 0..shape.cells() {
            let marks = candidates_of(by_name[&name(shape, i)]);
            if puzzle.get(i) != 0 {
                assert!(marks.is_empty());
            } else {
                let got: Vec<u8> = marks
                    .iter()
                    .map(|m| m.attribute("data-candidate").unwrap().parse().unwrap())
                    .collect();
                let want: Vec<u8> = cands[i].iter().collect();
                assert_eq!(got, want, "{shape} {}", name(shape, i));
            }
        }
    }
}

/// Every candidate a step places or eliminates carries that role in the picture.
fn check_conclusions(doc: &Document<'_>, shape: Shape, step: &Step) {
    let by_name = check_cells(doc, shape);
    let role_of = |c: Cell, v: u8| -> Option<String> {
        candidates_of(by_name[&shape.cell_name(c)])
            .into_iter()
            .find(|m| m.attribute("data-candidate") == Some(&*v.to_string()))
            .and_then(|m| m.attribute("data-role").map(str::to_string))
    };
    for &(c, v) in &step.placements {
        assert_eq!(role_of(c, v).as_deref(), Some("placed"), "{step:?}");
    }
    for &(c, v) in &step.eliminations {
        assert_eq!(role_of(c, v).as_deref(), Some("eliminated"), "{step:?}");
    }
    let placed = doc
        .descendants()
        .filter(|n| n.attribute("data-role") == Some("placed"))
        .count();
    assert_eq!(placed, step.placements.len());
}

#[test]
fn step_pictures_mark_what_they_place_on_every_size() {
    for (r, c) in SHAPES {
        let shape = Shape::new(r, c).unwrap();
        let puzzle = holes(&full(shape));
        let board = Board::new(&puzzle);
        let step = HumanSolver::new().next_step(&board).expect("a step");
        let svg = Picture::of_step(&puzzle, &board, &step).to_svg(&SvgOptions::new());
        let doc = Document::parse(&svg).unwrap();
        check_conclusions(&doc, shape, &step);
        // The caption is the step's sentence.
        let caption: String = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("caption"))
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(caption, step.describe(shape));
    }
}

/// The first step of `technique` in the human solver's solution of `puzzle`, with the
/// position before it.
fn find_step(puzzle: &str, technique: Technique) -> (Grid, Board, Step) {
    let g = parse_one(puzzle, &ParseOptions::default()).unwrap();
    let report = HumanSolver::new().solve(&g);
    let mut b = Board::new(&g);
    for s in report.steps {
        if s.technique == technique {
            return (g, b, s);
        }
        b.apply(&s);
    }
    panic!("no {technique:?} step");
}

const X_WING: &str =
    ".38.75...294..68.....2...9......917.....5.....794......5...3.....21..583...59.41.";
const XY_WING: &str =
    "3..7....2..5.3...92.....6..86.9.7.4...........3.8.4.51..9.....54...9.3..7....5..8";
const AIC: &str =
    "8.5..37.9........4.4...836.6...9..7...8...9...1..4...8.516...9.3........7.69..1.2";

fn role_count(doc: &Document<'_>, role: &str) -> usize {
    doc.descendants()
        .filter(|n| n.has_attribute("data-cell") && n.attribute("data-role") == Some(role))
        .count()
}

#[test]
fn fish_wings_and_chains_colour_their_cells_by_role() {
    let opts = SvgOptions::new().labels(true);
    let (g, b, step) = find_step(X_WING, Technique::Fish(2));
    let doc_text = Picture::of_step(&g, &b, &step).to_svg(&opts);
    let doc = Document::parse(&doc_text).unwrap();
    check_conclusions(&doc, g.shape(), &step);
    assert_eq!(role_count(&doc, "pattern"), 4);

    let (g, b, step) = find_step(XY_WING, Technique::XyWing);
    let doc_text = Picture::of_step(&g, &b, &step).to_svg(&opts);
    let doc = Document::parse(&doc_text).unwrap();
    check_conclusions(&doc, g.shape(), &step);
    assert_eq!(role_count(&doc, "pivot"), 1);
    assert_eq!(role_count(&doc, "pincer"), 2);
    let pivot = doc
        .descendants()
        .find(|n| n.attribute("data-role") == Some("pivot"))
        .unwrap();
    assert_eq!(
        pivot.attribute("data-cell"),
        Some(&*g.shape().cell_name(step.cells[0]))
    );

    let (g, b, step) = find_step(AIC, Technique::Aic);
    let doc_text = Picture::of_step(&g, &b, &step).to_svg(&opts);
    let doc = Document::parse(&doc_text).unwrap();
    check_conclusions(&doc, g.shape(), &step);
    assert!(role_count(&doc, "chain") >= 2);
    let links: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-link"))
        .collect();
    assert_eq!(links.len(), step.chain.len() - 1);
    assert!(links.contains(&"strong") && links.contains(&"weak"));
    let on_off = doc
        .descendants()
        .filter(|n| matches!(n.attribute("data-role"), Some("on" | "off")))
        .count();
    assert!(on_off >= step.chain.len() - step.eliminations.len());
}

/// A puzzle whose solve takes a continuous nice loop.
const NICE_LOOP: &str =
    ".8.7.64.2.......87..9.5..3...1..7.....41.52.....4..9...1..7.6..34.......6.78.4.5.";

#[test]
fn a_nice_loop_is_drawn_closed() {
    let opts = SvgOptions::new().labels(true);
    let (g, b, step) = find_step(NICE_LOOP, Technique::ContinuousNiceLoop);
    // The chain ends on its start: the picture draws every link, the closing one too.
    assert_eq!(step.chain.first(), step.chain.last());
    let doc_text = Picture::of_step(&g, &b, &step).to_svg(&opts);
    let doc = Document::parse(&doc_text).unwrap();
    check_conclusions(&doc, g.shape(), &step);
    let links: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-link"))
        .collect();
    assert_eq!(links.len(), step.chain.len() - 1);
    assert_eq!(links.last(), Some(&"weak"));
    assert!(role_count(&doc, "chain") >= (step.chain.len() - 1) / 2);
}

/// The pixel at (x, y) of the picture drawn at scale 1.
fn pixel(pixmap: &resvg::tiny_skia::Pixmap, x: f32, y: f32) -> (u8, u8, u8) {
    let p = pixmap
        .pixel(x.round() as u32, y.round() as u32)
        .expect("inside the picture");
    (p.red(), p.green(), p.blue())
}

fn rect_of(doc: &Document<'_>, cell: &str) -> (f32, f32, f32) {
    let g = doc
        .descendants()
        .find(|n| n.attribute("data-cell") == Some(cell))
        .unwrap();
    let r = g.children().find(|n| n.has_tag_name("rect")).unwrap();
    let f = |a: &str| r.attribute(a).unwrap().parse::<f32>().unwrap();
    (f("x"), f("y"), f("width"))
}

#[test]
fn a_step_drawn_to_pixels_shows_its_cells_coloured() {
    let (g, b, step) = find_step(XY_WING, Technique::XyWing);
    let svg = Picture::of_step(&g, &b, &step).to_svg(&SvgOptions::new());
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut()
        .load_font_data(numpl_render::FONT_REGULAR.to_vec());
    let tree = resvg::usvg::Tree::from_str(&svg, &opt).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    let doc = Document::parse(&svg).unwrap();
    let shape = g.shape();
    // Left edge, between the first and second row of pencil marks: background only.
    let bg = |c: Cell| {
        let (x, y, cs) = rect_of(&doc, &shape.cell_name(c));
        pixel(&pixmap, x + 3.0, y + cs / 3.0)
    };
    assert_eq!(bg(step.cells[0]), (0xff, 0xd5, 0x63), "pivot");
    assert_eq!(bg(step.cells[1]), (0xb7, 0xe4, 0xa8), "pincer");
    assert_eq!(bg(step.cells[2]), (0xb7, 0xe4, 0xa8), "pincer");
    // An untouched cell far from the pattern stays white (or the unit shade).
    let white = (0..shape.cells())
        .map(|i| shape.cell(i / shape.size(), i % shape.size()))
        .find(|&c| {
            !step.cells.contains(&c)
                && b.value(c) == 0
                && !step.eliminations.iter().any(|&(e, _)| e == c)
        })
        .unwrap();
    assert_eq!(bg(white), (0xff, 0xff, 0xff));
    // An eliminated candidate sits on a red disc.
    let (c, v) = step.eliminations[0];
    let (x, y, cs) = rect_of(&doc, &shape.cell_name(c));
    let k = (v - 1) as f32;
    let (mx, my) = (
        x + (k % 3.0 + 0.5) * cs / 3.0,
        y + ((k / 3.0).floor() + 0.5) * cs / 3.0,
    );
    let (r, gr, bl) = pixel(&pixmap, mx, my - cs / 3.0 * 0.4);
    assert!(r > 180 && gr < 100 && bl < 100, "{:?}", (r, gr, bl));
}

fn pdf_text(doc: &lopdf::Document, page: u32) -> String {
    doc.extract_text(&[page]).unwrap_or_default()
}

#[test]
fn a_sheet_opens_with_its_pages_and_real_text() {
    let shape = Shape::NINE;
    let solution = full(shape);
    let puzzle = holes(&solution);
    let puzzles: Vec<SheetPuzzle> = (1..=9)
        .map(|i| SheetPuzzle::new(i, puzzle.clone()).with_solution(solution.clone()))
        .collect();
    let opts = SheetOptions::new()
        .per_page(4)
        .solutions(true)
        .title("Class 3b");
    let pdf = sheet_pdf(&puzzles, &opts).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    // 9 puzzles at 4 a page: 3 pages, then one page of solutions (20 a page).
    assert_eq!(doc.get_pages().len(), 4);
    let first = pdf_text(&doc, 1);
    assert!(first.contains("Class 3b"), "{first}");
    assert!(first.contains("Puzzle 1"), "{first}");
    assert!(first.contains("Page 1 of 4"), "{first}");
    let last = pdf_text(&doc, 4);
    assert!(last.contains("solutions"), "{last}");
    assert!(last.contains("Puzzle 9"), "{last}");
    // The font travels with the file.
    let embedded = doc.objects.values().any(|o| {
        o.as_dict()
            .map(|d| d.has(b"FontFile2") || d.has(b"FontFile3"))
            .unwrap_or(false)
    });
    assert!(embedded, "no embedded font");

    // Every layout, and both papers.
    for per in [1, 2, 6] {
        let pdf = sheet_pdf(&puzzles, &SheetOptions::new().per_page(per)).unwrap();
        let doc = lopdf::Document::load_mem(&pdf).unwrap();
        assert_eq!(doc.get_pages().len(), 9usize.div_ceil(per));
    }
    assert!(sheet_pdf(&puzzles, &SheetOptions::new().per_page(3)).is_err());
    assert!(sheet_pdf(&[], &SheetOptions::new()).is_err());
}
