//! Printable PDF sheets: puzzles laid out 1, 2, 4 or 6 to a page under a heading, each
//! with its number (and level and score when known) under it, then optionally the
//! solutions as small grids, and page numbers. Text is real text in the embedded font
//! (Liberation Sans, subset), so it can be selected, searched and printed anywhere.

use std::fmt;

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, LineJoin, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use numpl_core::variant::Variant;
use numpl_core::{Grid, Symbols};
use numpl_solve::Level;

use crate::font::{self, Metrics, FONT_BOLD, FONT_REGULAR};
use crate::svg::{own_symbols, symbol};
use crate::variant::{self, Drawing, Item, Layer, Pen, Rgb};

/// Paper sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in PDF points (1/72 in).
    pub const fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// How a sheet is laid out.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SheetOptions {
    /// The heading of every page; `None` is "Number Place".
    pub title: Option<String>,
    /// Puzzles per page: 1, 2, 4 or 6.
    pub per_page: usize,
    /// Whether to add the solutions (small grids) on the pages after the puzzles.
    pub solutions: bool,
    /// The paper size.
    pub paper: Paper,
    /// The alphabet of values.
    pub symbols: Symbols,
}

impl Default for SheetOptions {
    fn default() -> SheetOptions {
        SheetOptions {
            title: None,
            per_page: 4,
            solutions: false,
            paper: Paper::A4,
            symbols: Symbols::standard(),
        }
    }
}

impl SheetOptions {
    /// The defaults: 4 puzzles a page on A4, no solutions, heading "Number Place".
    pub fn new() -> SheetOptions {
        SheetOptions::default()
    }
    /// Sets the heading.
    pub fn title(mut self, title: impl Into<String>) -> SheetOptions {
        self.title = Some(title.into());
        self
    }
    /// Sets the puzzles per page (1, 2, 4 or 6).
    pub fn per_page(mut self, n: usize) -> SheetOptions {
        self.per_page = n;
        self
    }
    /// Adds the solutions after the puzzles.
    pub fn solutions(mut self, yes: bool) -> SheetOptions {
        self.solutions = yes;
        self
    }
    /// Sets the paper size.
    pub fn paper(mut self, paper: Paper) -> SheetOptions {
        self.paper = paper;
        self
    }
    /// Writes values with this alphabet.
    pub fn symbols(mut self, symbols: Symbols) -> SheetOptions {
        self.symbols = symbols;
        self
    }
}

/// One puzzle of a sheet.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SheetPuzzle {
    /// Its number on the sheet (shown under it and with its solution).
    pub number: u64,
    /// The puzzle.
    pub puzzle: Grid,
    /// Its solution, for the solution pages.
    pub solution: Option<Grid>,
    /// Its level, when rated.
    pub level: Option<Level>,
    /// Its score, when rated.
    pub score: Option<u32>,
    /// A note printed after the label: where the puzzle comes from (`seed 42`, an id).
    pub note: Option<String>,
    /// A variant puzzle's rules: its constraints are drawn on the puzzle and its solution.
    pub variant: Option<Variant>,
}

impl SheetPuzzle {
    /// A puzzle numbered `number`, without solution or rating.
    pub fn new(number: u64, puzzle: Grid) -> SheetPuzzle {
        SheetPuzzle {
            number,
            puzzle,
            solution: None,
            level: None,
            score: None,
            note: None,
            variant: None,
        }
    }
    /// Draws a variant puzzle's constraints (cages, thermometers, ...) on the puzzle and
    /// its solution, and names the rules no shape shows under it.
    pub fn with_variant(mut self, variant: Variant) -> SheetPuzzle {
        self.variant = Some(variant);
        self
    }
    /// Adds a note to the label (`seed 13331099814048314356`).
    pub fn with_note(mut self, note: impl Into<String>) -> SheetPuzzle {
        self.note = Some(note.into());
        self
    }
    /// Adds the solution.
    pub fn with_solution(mut self, solution: Grid) -> SheetPuzzle {
        self.solution = Some(solution);
        self
    }
    /// Adds the rating.
    pub fn with_rating(mut self, level: Level, score: u32) -> SheetPuzzle {
        self.level = Some(level);
        self.score = Some(score);
        self
    }

    /// `Puzzle 12 · medium · score 360`.
    fn label(&self) -> String {
        let mut s = format!("Puzzle {}", self.number);
        if let Some(l) = self.level {
            s.push_str(" \u{b7} ");
            s.push_str(l.name());
        }
        if let Some(sc) = self.score {
            s.push_str(&format!(" \u{b7} score {sc}"));
        }
        if let Some(n) = &self.note {
            s.push_str(" \u{b7} ");
            s.push_str(n);
        }
        s
    }
}

/// Why a sheet could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SheetError {
    /// Puzzles per page other than 1, 2, 4 or 6.
    PerPage(usize),
    /// No puzzle to print.
    Empty,
    /// Solutions were asked for but this puzzle (its number) has none.
    NoSolution(u64),
    /// The PDF writer failed.
    Pdf(String),
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SheetError::PerPage(n) => write!(f, "{n} puzzles per page: use 1, 2, 4 or 6"),
            SheetError::Empty => f.write_str("no puzzle to print"),
            SheetError::NoSolution(k) => write!(f, "puzzle {k} has no solution to print"),
            SheetError::Pdf(e) => write!(f, "cannot write the PDF: {e}"),
        }
    }
}

impl std::error::Error for SheetError {}

/// Columns and rows of puzzles on a page.
fn puzzle_grid(per_page: usize) -> Option<(usize, usize)> {
    match per_page {
        1 => Some((1, 1)),
        2 => Some((1, 2)),
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        _ => None,
    }
}

/// Columns and rows of solutions on a page, by grid size.
fn solution_grid(n: usize) -> (usize, usize) {
    match n {
        0..=9 => (4, 5),
        10..=16 => (3, 4),
        17..=25 => (2, 3),
        _ => (1, 2),
    }
}

const MARGIN: f32 = 42.0;
const HEAD: f32 = 40.0;
const FOOT: f32 = 26.0;

struct Painter {
    regular: Font,
    bold: Font,
}

fn color(r: u8, g: u8, b: u8) -> Fill {
    Fill {
        paint: rgb::Color::new(r, g, b).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

impl Painter {
    fn text(&self, s: &mut Surface<'_>, x: f32, y: f32, size: f32, bold: bool, text: &str) {
        let font = if bold { &self.bold } else { &self.regular };
        s.draw_text(
            Point::from_xy(x, y),
            font.clone(),
            size,
            text,
            false,
            TextDirection::Auto,
        );
    }

    fn metrics(bold: bool) -> &'static Metrics {
        if bold {
            font::bold()
        } else {
            font::regular()
        }
    }

    /// Text centred on `cx`, its baseline at `y`.
    #[allow(clippy::too_many_arguments)]
    fn centred(&self, s: &mut Surface<'_>, cx: f32, y: f32, size: f32, bold: bool, text: &str) {
        let w = Self::metrics(bold).width(text, size);
        self.text(s, cx - w / 2.0, y, size, bold, text);
    }

    /// A grid with its top-left corner at (x, y) and side `side`: `grid`'s values, the
    /// values of `givens` in bold black and the others in grey; with a variant's drawing,
    /// its shapes under the values (shading, lines, borders, cages, dots, outside clues).
    #[allow(clippy::too_many_arguments)]
    fn grid(
        &self,
        s: &mut Surface<'_>,
        x: f32,
        y: f32,
        side: f32,
        grid: &Grid,
        givens: &Grid,
        symbols: &Symbols,
        drawing: Option<&Drawing>,
    ) {
        let shape = grid.shape();
        let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
        let cs = side / n as f32;
        let digits = |s: &mut Surface<'_>| {
            let wide = !symbols.covers(n) && n > 9;
            let fs = cs * if wide { 0.46 } else { 0.64 };
            s.set_stroke(None);
            for i in 0..n * n {
                let v = grid.get(i);
                if v == 0 {
                    continue;
                }
                let given = givens.get(i) != 0;
                s.set_fill(Some(if given {
                    color(0, 0, 0)
                } else {
                    color(90, 90, 90)
                }));
                let (r, c) = (i / n, i % n);
                let cx = x + (c as f32 + 0.5) * cs;
                let cy = y + (r as f32 + 0.5) * cs;
                self.centred(s, cx, cy + 0.358 * fs, fs, given, &symbol(v, n, symbols));
            }
            s.set_fill(None);
        };
        let thin = (side / 600.0).clamp(0.3, 0.7);
        let thick = (side / 180.0).clamp(0.9, 2.0);
        let lines = |s: &mut Surface<'_>, every: (usize, usize), skip: bool, width: f32| {
            let mut pb = PathBuilder::new();
            for k in 1..n {
                let t = k as f32 * cs;
                let (vert, horiz) = (k % every.1 == 0, k % every.0 == 0);
                if vert != skip {
                    pb.move_to(x + t, y);
                    pb.line_to(x + t, y + side);
                }
                if horiz != skip {
                    pb.move_to(x, y + t);
                    pb.line_to(x + side, y + t);
                }
            }
            if let Some(path) = pb.finish() {
                s.set_stroke(Some(Stroke {
                    paint: rgb::Color::new(
                        if skip { 150 } else { 0 },
                        if skip { 150 } else { 0 },
                        if skip { 150 } else { 0 },
                    )
                    .into(),
                    width,
                    ..Stroke::default()
                }));
                s.draw_path(&path);
            }
        };
        let border = |s: &mut Surface<'_>| {
            let mut pb = PathBuilder::new();
            if let Some(r) = Rect::from_xywh(x, y, side, side) {
                pb.push_rect(r);
            }
            if let Some(path) = pb.finish() {
                s.set_stroke(Some(Stroke {
                    width: thick * 1.3,
                    ..Stroke::default()
                }));
                s.draw_path(&path);
            }
            s.set_stroke(None);
        };
        match drawing {
            None => {
                digits(s);
                lines(s, (br, bc), true, thin);
                lines(s, (br, bc), false, thick);
                border(s);
            }
            Some(d) => {
                // Without boxes every inner line is thin (a jigsaw's borders are its own).
                let every = if d.boxes { (br, bc) } else { (n, n) };
                self.layer(s, d, Layer::Shade, x, y, cs);
                lines(s, every, true, thin);
                self.layer(s, d, Layer::Line, x, y, cs);
                lines(s, every, false, thick);
                self.layer(s, d, Layer::Border, x, y, cs);
                border(s);
                self.layer(s, d, Layer::Top, x, y, cs);
                digits(s);
            }
        }
    }

    fn heading(&self, s: &mut Surface<'_>, w: f32, title: &str) {
        s.set_stroke(None);
        s.set_fill(Some(color(0, 0, 0)));
        self.text(s, MARGIN, MARGIN + 16.0, 18.0, true, title);
        let mut pb = PathBuilder::new();
        pb.move_to(MARGIN, MARGIN + 24.0);
        pb.line_to(w - MARGIN, MARGIN + 24.0);
        if let Some(path) = pb.finish() {
            s.set_fill(None);
            s.set_stroke(Some(Stroke {
                width: 0.8,
                ..Stroke::default()
            }));
            s.draw_path(&path);
            s.set_stroke(None);
        }
    }

    fn footer(&self, s: &mut Surface<'_>, w: f32, h: f32, page: usize, pages: usize) {
        s.set_stroke(None);
        s.set_fill(Some(color(60, 60, 60)));
        self.centred(
            s,
            w / 2.0,
            h - MARGIN + 8.0,
            9.0,
            false,
            &format!("Page {page} of {pages}"),
        );
    }
}

/// A print-ready PDF of `puzzles`: `opts.per_page` puzzles a page under the heading, each
/// with its label under it (`Puzzle 12 · medium · score 360`, level and score when known),
/// then with `opts.solutions` the solutions as small grids, and page numbers.
pub fn sheet_pdf(puzzles: &[SheetPuzzle], opts: &SheetOptions) -> Result<Vec<u8>, SheetError> {
    let (cols, rows) = puzzle_grid(opts.per_page).ok_or(SheetError::PerPage(opts.per_page))?;
    if puzzles.is_empty() {
        return Err(SheetError::Empty);
    }
    if opts.solutions {
        if let Some(p) = puzzles.iter().find(|p| p.solution.is_none()) {
            return Err(SheetError::NoSolution(p.number));
        }
    }
    let painter = Painter {
        regular: Font::new(FONT_REGULAR.into(), 0)
            .ok_or_else(|| SheetError::Pdf("the embedded font".into()))?,
        bold: Font::new(FONT_BOLD.into(), 0)
            .ok_or_else(|| SheetError::Pdf("the embedded font".into()))?,
    };
    let title = opts.title.as_deref().unwrap_or("Number Place");
    let (w, h) = opts.paper.size();
    let body_top = MARGIN + HEAD;
    let body_h = h - body_top - MARGIN - FOOT;
    let body_w = w - 2.0 * MARGIN;

    let per = cols * rows;
    let puzzle_pages = puzzles.len().div_ceil(per);
    // Solution pages: grids of one size share a page layout; a new size starts a page.
    let mut sol_pages: Vec<&[SheetPuzzle]> = Vec::new();
    if opts.solutions {
        let mut start = 0;
        while start < puzzles.len() {
            let n = puzzles[start].puzzle.size();
            let (c, r) = solution_grid(n);
            let mut end = start;
            while end < puzzles.len() && end - start < c * r && puzzles[end].puzzle.size() == n {
                end += 1;
            }
            sol_pages.push(&puzzles[start..end]);
            start = end;
        }
    }
    let pages = puzzle_pages + sol_pages.len();
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator("numpl".to_string()),
    );
    let settings = || PageSettings::from_wh(w, h).expect("paper sizes are positive");

    for (pi, chunk) in puzzles.chunks(per).enumerate() {
        let mut page = doc.start_page_with(settings());
        let mut s = page.surface();
        painter.heading(&mut s, w, title);
        let (sw, sh) = (body_w / cols as f32, body_h / rows as f32);
        let label_fs = if per >= 4 { 10.0 } else { 12.0 };
        for (k, p) in chunk.iter().enumerate() {
            let (c, r) = (k % cols, k / cols);
            let drawing = p.variant.as_ref().map(variant::marks);
            let d = drawing.as_ref();
            let symbols = own_symbols(p.variant.as_ref());
            let symbols = symbols.as_ref().unwrap_or(&opts.symbols);
            // Up to three lines more under the label for the rules no shape shows.
            let rules_h = if d.is_some_and(|d| !d.rules.is_empty()) {
                label_fs * 3.4
            } else {
                0.0
            };
            let side = (sw - 24.0).min(sh - label_fs * 2.6 - 12.0 - rules_h);
            let x = MARGIN + c as f32 * sw + (sw - side) / 2.0;
            let y = body_top + r as f32 * sh + 4.0;
            let (grid_side, ox, oy) = fit(p.puzzle.size(), d, side);
            let (gx, gy) = (x + ox, y + oy);
            painter.grid(&mut s, gx, gy, grid_side, &p.puzzle, &p.puzzle, symbols, d);
            if let Some(rules) = d.and_then(Drawing::rules_sentence) {
                s.set_fill(Some(color(60, 60, 60)));
                let lines = font::wrap(&rules, label_fs * 0.9, side, font::regular());
                for (i, line) in lines.iter().take(3).enumerate() {
                    painter.centred(
                        &mut s,
                        x + side / 2.0,
                        y + side + label_fs * (2.9 + 1.1 * i as f32),
                        label_fs * 0.9,
                        false,
                        line,
                    );
                }
            }
            s.set_fill(Some(color(0, 0, 0)));
            painter.centred(
                &mut s,
                x + side / 2.0,
                y + side + label_fs * 1.6,
                label_fs,
                false,
                &p.label(),
            );
        }
        painter.footer(&mut s, w, h, pi + 1, pages);
        s.finish();
        page.finish();
    }
    let sol_title = format!("{title} \u{2014} solutions");
    for (si, chunk) in sol_pages.iter().enumerate() {
        let mut page = doc.start_page_with(settings());
        let mut s = page.surface();
        painter.heading(&mut s, w, &sol_title);
        let (c_n, r_n) = solution_grid(chunk[0].puzzle.size());
        let (sw, sh) = (body_w / c_n as f32, body_h / r_n as f32);
        let label_fs = 9.0;
        for (k, p) in chunk.iter().enumerate() {
            let (c, r) = (k % c_n, k / c_n);
            let side = (sw - 16.0).min(sh - label_fs * 2.4 - 8.0);
            let x = MARGIN + c as f32 * sw + (sw - side) / 2.0;
            let y = body_top + r as f32 * sh + 2.0;
            if let Some(sol) = &p.solution {
                let drawing = p.variant.as_ref().map(variant::marks);
                let d = drawing.as_ref();
                let symbols = own_symbols(p.variant.as_ref());
                let symbols = symbols.as_ref().unwrap_or(&opts.symbols);
                let (grid_side, ox, oy) = fit(sol.size(), d, side);
                painter.grid(
                    &mut s,
                    x + ox,
                    y + oy,
                    grid_side,
                    sol,
                    &p.puzzle,
                    symbols,
                    d,
                );
            }
            s.set_fill(Some(color(0, 0, 0)));
            painter.centred(
                &mut s,
                x + side / 2.0,
                y + side + label_fs * 1.5,
                label_fs,
                false,
                &format!("Puzzle {}", p.number),
            );
        }
        painter.footer(&mut s, w, h, puzzle_pages + si + 1, pages);
        s.finish();
        page.finish();
    }
    doc.finish().map_err(|e| SheetError::Pdf(format!("{e:?}")))
}

fn fill_of(c: Rgb) -> Fill {
    color(c.0, c.1, c.2)
}

fn stroke_of(p: &Pen, scale: f32) -> Stroke {
    Stroke {
        paint: rgb::Color::new(p.color.0, p.color.1, p.color.2).into(),
        width: p.width * scale,
        line_cap: if p.round {
            LineCap::Round
        } else {
            LineCap::Butt
        },
        line_join: if p.round {
            LineJoin::Round
        } else {
            LineJoin::Miter
        },
        dash: p.dash.map(|(a, b)| StrokeDash {
            array: vec![a * scale, b * scale],
            offset: 0.0,
        }),
        ..Stroke::default()
    }
}

/// A circle as four cubic Béziers.
fn push_circle(pb: &mut PathBuilder, cx: f32, cy: f32, r: f32) {
    const K: f32 = 0.552_284_8;
    let k = K * r;
    pb.move_to(cx + r, cy);
    pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    pb.close();
}

/// A rectangle with corners rounded by `rx` (at most half its shorter side).
fn push_round_rect(pb: &mut PathBuilder, x: f32, y: f32, w: f32, h: f32, rx: f32) {
    let r = rx.min(w / 2.0).min(h / 2.0);
    if r <= 0.0 {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            pb.push_rect(rect);
        }
        return;
    }
    let k = 0.552_284_8 * r;
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
}

impl Painter {
    /// One layer of a variant's shapes on a grid whose top-left corner is (x, y) and
    /// whose cells are `cs` wide.
    fn layer(&self, s: &mut Surface<'_>, d: &Drawing, which: Layer, x: f32, y: f32, cs: f32) {
        let px = |u: f32| x + u * cs;
        let py = |v: f32| y + v * cs;
        let draw = |s: &mut Surface<'_>, pb: PathBuilder, fill: Option<Rgb>, pen: Option<&Pen>| {
            if let Some(path) = pb.finish() {
                s.set_fill(fill.map(fill_of));
                s.set_stroke(pen.map(|p| stroke_of(p, cs)));
                s.draw_path(&path);
            }
        };
        for m in d.layer(which) {
            for item in &m.items {
                match item {
                    Item::Path {
                        lines,
                        closed,
                        pen,
                        fill,
                    } => {
                        let mut pb = PathBuilder::new();
                        for line in lines {
                            for (k, &(u, v)) in line.iter().enumerate() {
                                if k == 0 {
                                    pb.move_to(px(u), py(v));
                                } else {
                                    pb.line_to(px(u), py(v));
                                }
                            }
                            if *closed {
                                pb.close();
                            }
                        }
                        draw(s, pb, *fill, Some(pen));
                    }
                    Item::Circle { c, r, fill, pen } => {
                        let mut pb = PathBuilder::new();
                        push_circle(&mut pb, px(c.0), py(c.1), r * cs);
                        draw(s, pb, *fill, pen.as_ref());
                    }
                    Item::Rect {
                        x: rx0,
                        y: ry0,
                        w,
                        h,
                        rx,
                        fill,
                        pen,
                    } => {
                        let mut pb = PathBuilder::new();
                        push_round_rect(&mut pb, px(*rx0), py(*ry0), w * cs, h * cs, rx * cs);
                        draw(s, pb, *fill, pen.as_ref());
                    }
                    Item::Text {
                        x: tx,
                        y: ty,
                        size,
                        bold,
                        centred,
                        text,
                        fill,
                    } => {
                        let fs = size * cs;
                        s.set_stroke(None);
                        s.set_fill(Some(fill_of(*fill)));
                        let base = py(*ty) + 0.358 * fs;
                        if *centred {
                            self.centred(s, px(*tx), base, fs, *bold, text);
                        } else {
                            self.text(s, px(*tx), base, fs, *bold, text);
                        }
                    }
                }
            }
        }
        s.set_fill(None);
        s.set_stroke(None);
    }
}

/// Where a grid of `n` cells a side, with `d`'s room for outside clues, goes in a square of
/// `side`: (the grid's side, the offset of its top-left corner). Without room the grid
/// is the square itself (exactly: a classic sheet is drawn as it always was).
fn fit(n: usize, d: Option<&Drawing>, side: f32) -> (f32, f32, f32) {
    let (ml, mt, mr, mb) = d.map_or((0.0, 0.0, 0.0, 0.0), |d| d.margin);
    if ml + mt + mr + mb == 0.0 {
        return (side, 0.0, 0.0);
    }
    let units = n as f32 + (ml + mr).max(mt + mb);
    let cs = side / units;
    let grid = cs * n as f32;
    // Centred in the square, the margins included.
    let ox = (side - (grid + (ml + mr) * cs)) / 2.0 + ml * cs;
    let oy = (side - (grid + (mt + mb) * cs)) / 2.0 + mt * cs;
    (grid, ox, oy)
}
