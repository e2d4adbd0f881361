//! The drawing of a variant puzzle's constraints, as SudokuPad draws them: shapes in grid
//! units (a cell is 1 x 1, the grid's top-left corner is (0, 0); outside clues lie at
//! negative coordinates or beyond N), sorted into layers, each tagged with its
//! constraint's name. The SVG writer and the PDF painter both draw these shapes, so a
//! constraint's drawing is written once, here ([`marks`]).

use numpl_core::variant::{Constraint, Line, Variant};

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

const WHITE: Rgb = Rgb(255, 255, 255);
const BLACK: Rgb = Rgb(0, 0, 0);
const INK: Rgb = Rgb(34, 34, 34);
const THERMO: Rgb = Rgb(196, 196, 196);
const SHADE: Rgb = Rgb(214, 214, 214);
/// Windoku regions: a light tint, so grey shapes (thermometers, even and odd cells) stay
/// visible on them.
const WINDOKU: Rgb = Rgb(216, 230, 244);
const PALINDROME: Rgb = Rgb(170, 170, 170);
const WHISPER: Rgb = Rgb(103, 208, 103);
const RENBAN: Rgb = Rgb(214, 121, 232);
const BETWEEN: Rgb = Rgb(160, 160, 160);
const REGION_SUM: Rgb = Rgb(46, 160, 255);
const ZIPPER: Rgb = Rgb(150, 120, 255);
const SUM_LINE: Rgb = Rgb(120, 196, 214);
const ENTROPIC: Rgb = Rgb(255, 165, 70);
const RELLIK: Rgb = Rgb(200, 40, 40);
const MODULAR: Rgb = Rgb(70, 180, 160);
const LUNCHBOX: Rgb = Rgb(90, 90, 90);
const LUNCHBOX_FILL: Rgb = Rgb(238, 234, 222);
/// Indexing cells: column indexing rose, row indexing pale green (SudokuPad setters shade
/// 159 columns so).
const INDEXING_COLUMNS: Rgb = Rgb(250, 205, 205);
const INDEXING_ROWS: Rgb = Rgb(205, 240, 205);
const DIAGONAL: Rgb = Rgb(120, 150, 190);
const ARROW: Rgb = Rgb(130, 130, 130);
const JIGSAW_BOTH: Rgb = Rgb(38, 92, 178);
/// Pairwise rules: a thin line, dots on its cells (ISS's custom lines).
const PAIRWISE: Rgb = Rgb(170, 80, 40);
/// Slingshots: a dashed line from a dot, ending in an arrowhead.
const SLINGSHOT: Rgb = Rgb(200, 110, 30);
/// Regex lines and state machines' lines: a thin line from a dot at its start.
const REGEX: Rgb = Rgb(60, 110, 200);
const AUTOMATON: Rgb = Rgb(140, 60, 160);
/// Equal sums' segments.
const EQUAL_SUM: Rgb = Rgb(70, 140, 70);
/// Lockout lines: ISS's pale violet, diamonds at the ends.
const LOCKOUT: Rgb = Rgb(200, 200, 255);
const LOCKOUT_EDGE: Rgb = Rgb(110, 110, 190);
const REGION_FILLS: [Rgb; 6] = [
    Rgb(253, 230, 190),
    Rgb(206, 236, 214),
    Rgb(215, 222, 250),
    Rgb(246, 214, 232),
    Rgb(248, 244, 188),
    Rgb(200, 236, 240),
];

/// A stroke: colour, width (grid units), dashes (dash, gap) and round ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Pen {
    pub color: Rgb,
    pub width: f32,
    pub dash: Option<(f32, f32)>,
    pub round: bool,
}

impl Pen {
    fn new(color: Rgb, width: f32) -> Pen {
        Pen {
            color,
            width,
            dash: None,
            round: true,
        }
    }
}

/// One shape, in grid units.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Item {
    /// Polylines (each a list of points), stroked; `closed` closes each one.
    Path {
        lines: Vec<Vec<(f32, f32)>>,
        closed: bool,
        pen: Pen,
        fill: Option<Rgb>,
    },
    /// A circle.
    Circle {
        c: (f32, f32),
        r: f32,
        fill: Option<Rgb>,
        pen: Option<Pen>,
    },
    /// A rectangle with corners rounded by `rx`.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        rx: f32,
        fill: Option<Rgb>,
        pen: Option<Pen>,
    },
    /// Text: its left end (`centred` false) or its middle at `x`, vertically centred on `y`
    /// (digits and capitals).
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        centred: bool,
        text: String,
        fill: Rgb,
    },
}

impl Item {
    /// The box the shape covers: (left, top, right, bottom).
    fn bounds(&self) -> (f32, f32, f32, f32) {
        match self {
            Item::Path { lines, pen, .. } => {
                let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
                for &(x, y) in lines.iter().flatten() {
                    b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
                }
                let h = pen.width / 2.0;
                (b.0 - h, b.1 - h, b.2 + h, b.3 + h)
            }
            Item::Circle { c, r, .. } => (c.0 - r, c.1 - r, c.0 + r, c.1 + r),
            Item::Rect { x, y, w, h, .. } => (*x, *y, x + w, y + h),
            Item::Text {
                x,
                y,
                size,
                centred,
                text,
                ..
            } => {
                let w = size * 0.6 * text.chars().count() as f32;
                let left = if *centred { x - w / 2.0 } else { *x };
                (left, y - size / 2.0, left + w, y + size / 2.0)
            }
        }
    }
}

/// When a layer is drawn: shading over the cells' backgrounds; lines over the thin cell
/// lines; region borders with the box lines; cages, dots, letters and outside clues over
/// every line. Digits come last, over all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Layer {
    Shade,
    Line,
    Border,
    Top,
}

/// The shapes of one constraint in one layer.
#[derive(Clone, Debug)]
pub(crate) struct Mark {
    pub layer: Layer,
    /// The constraint's name ([`Constraint::name`]), written as `data-constraint`.
    pub name: &'static str,
    pub items: Vec<Item>,
}

/// Everything a variant adds to a picture.
#[derive(Clone, Debug, Default)]
pub(crate) struct Drawing {
    pub marks: Vec<Mark>,
    /// Whether the box lines are drawn thick (false: the boxes do not count).
    pub boxes: bool,
    /// The rules no shape shows (anti-knight, non-consecutive, negative constraints...),
    /// by name, for the caption.
    pub rules: Vec<&'static str>,
    /// Room outside the grid for outside clues, in cells: left, top, right, bottom.
    pub margin: (f32, f32, f32, f32),
    /// Rules in words that depend on the rule, once each, after the rules: the pairwise
    /// rules' relations (a picture cannot show which pairs a setter's relation allows),
    /// the full-rank tie rule.
    pub notes: Vec<String>,
}

impl Drawing {
    /// The marks of one layer, in the order of the constraints.
    pub(crate) fn layer(&self, layer: Layer) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(move |m| m.layer == layer)
    }

    /// Names a rule in the caption, once.
    fn name_in_caption(&mut self, name: &'static str) {
        if !self.rules.contains(&name) {
            self.rules.push(name);
        }
    }

    /// The rules in words for the caption (`Anti-knight; non-consecutive.`), if any.
    pub(crate) fn rules_sentence(&self) -> Option<String> {
        self.with_notes(Self::sentence_of(self.rules.iter().copied()))
    }

    /// [`Drawing::rules_sentence`] without the clue kinds named only to tell their
    /// numbers apart ([`LEGEND`]): the rules no shape shows at all (the play page words
    /// every drawn constraint itself).
    pub(crate) fn shapeless_sentence(&self) -> Option<String> {
        self.with_notes(Self::sentence_of(
            self.rules.iter().copied().filter(|r| !LEGEND.contains(r)),
        ))
    }

    /// `sentence` followed by the notes, a sentence each.
    fn with_notes(&self, sentence: Option<String>) -> Option<String> {
        let all: Vec<String> = sentence
            .into_iter()
            .chain(self.notes.iter().cloned())
            .collect();
        (!all.is_empty()).then(|| all.join(" "))
    }

    fn sentence_of<'a>(rules: impl Iterator<Item = &'a str>) -> Option<String> {
        let words: Vec<&str> = rules.map(rule_words).collect();
        if words.is_empty() {
            return None;
        }
        let mut s = words.join("; ");
        if let Some(first) = s.get(..1) {
            s = first.to_uppercase() + &s[1..];
        }
        s.push('.');
        Some(s)
    }
}

/// Constraints whose shape does not say which rule it is (outside clues drawn as plain
/// numbers, as SudokuPad draws them; a rellik cage's outline), named in the caption too.
const LEGEND: &[&str] = &[
    "values-from-0",
    "or",
    "skyscraper",
    "hidden-skyscraper",
    "full-rank",
    "double-arrow",
    "equality-cage",
    "look-and-say",
    "equal-sum",
    "value-indexing",
    "count-distinct",
    "x-sum",
    "numbered-room",
    "rellik-cage",
    "counting-circles",
];

/// A rule without a shape, in words (a rule this list does not know: its name).
fn rule_words(name: &str) -> &str {
    match name {
        "anti-knight" => "anti-knight: cells a knight's move apart differ",
        "anti-king" => "anti-king: diagonal neighbours differ",
        "non-consecutive" => "non-consecutive: orthogonal neighbours are not consecutive",
        "kropki-negative" => "all kropki dots are given",
        "xv-negative" => "all X and V are given",
        "disjoint-sets" => "disjoint sets: cells at the same place in each box differ",
        "slow-thermo" => "slow thermometers: values never decrease from the bulb",
        "global-entropy" => "global entropy: every 2x2 block holds a low, a middle and a high value",
        "global-modular" => {
            "global modular: every 2x2 block holds one of 1 4 7, one of 2 5 8 and one of 3 6 9"
        }
        "skyscraper" => {
            "skyscrapers: a clue counts the values seen from it, each hiding the smaller ones behind it"
        }
        "values-from-0" => "the digits start at 0 (0 to N-1 rather than 1 to N)",
        "or" => "either/or: of each group of rules drawn on the same cells, one holds",
        "hidden-skyscraper" => {
            "hidden skyscrapers (|X|): the values rise from a clue to the first one hidden, X"
        }
        "equal-sum" => "equal sums (thin green lines): the cells along each line add up to the same",
        "look-and-say" => {
            "look-and-say (dotted teal): the clue's digit pairs say how many of a value its cells hold (1223: one 2 and two 3s)"
        }
        "equality-cage" => {
            "equality cages (teal): the digits differ, as many even as odd, as many low as high (the middle digit in none)"
        }
        "anti-taxicab" => "anti-taxicab: no two cells holding x are x orthogonal steps apart",
        "dutch-flatmates" => "Dutch flatmates: every middle digit (5 on 9x9) has a 1 right above it or an N right below it",
        "count-distinct" => {
            "counts of different digits (orange circle, dotted outline): the circled digit is how many different digits the outlined cells hold"
        }
        "value-indexing" => {
            "slingshots (dashed, orange): the second cell's digit d says the cell d steps further along holds the first cell's digit (the dot)"
        }
        "double-arrow" => "double arrows: the line between two circles adds up to their sum",
        "full-rank" => {
            "full rank: every row and column read as a number from each end, a clue is its rank among them all, the smallest 1"
        }
        "x-sum" => "X-sums: the first X values from a clue add up to it, X the first of them",
        "rellik-cage" => "rellik cages (red): no values of a cage add up to its number",
        "counting-circles" => "counting circles: a value in a circle says how many circles hold it",
        "numbered-room" => {
            "numbered rooms: the first value X from a clue puts the clue in the X-th cell"
        }
        _ => name,
    }
}

fn centre(n: usize, cell: u16) -> (f32, f32) {
    let (r, c) = (cell as usize / n, cell as usize % n);
    (c as f32 + 0.5, r as f32 + 0.5)
}

fn rc(n: usize, cell: u16) -> (i32, i32) {
    (cell as i32 / n as i32, cell as i32 % n as i32)
}

/// The shapes of `variant`'s constraints.
pub(crate) fn marks(variant: &Variant) -> Drawing {
    let shape = variant.shape();
    let n = shape.size();
    let mut d = Drawing {
        boxes: variant.boxes(),
        ..Drawing::default()
    };
    let push = |d: &mut Drawing, layer, name, items| d.marks.push(Mark { layer, name, items });
    let mut regions = 0;
    // Where the little killer clues go, to move apart two in one place.
    let clue_places: Vec<(i32, i32)> = variant
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::LittleKiller { cells, .. } => clue_place(n, cells).map(|p| p.0),
            _ => None,
        })
        .collect();
    // An either/or's sets are drawn as their rules are (the caption says that one set of
    // each either/or holds, not all).
    let drawn: Vec<&Constraint> = variant
        .constraints()
        .iter()
        .flat_map(|c| match c {
            Constraint::Or { options } => options.iter().flatten().collect(),
            c => vec![c],
        })
        .collect();
    // Regex lines and state machines: each rule's words and the cells its lines start from.
    let mut read_lines: Vec<(String, bool, Vec<String>)> = Vec::new();
    // A grid of values from 0 says so first: its digits and sums count from 0.
    if variant.first_value() != 1 {
        d.rules.push("values-from-0");
    }
    if variant
        .constraints()
        .iter()
        .any(|c| matches!(c, Constraint::Or { .. }))
    {
        d.rules.push("or");
    }
    for c in drawn {
        let name = c.name();
        match c {
            Constraint::Jigsaw { regions } => {
                let mut of = vec![usize::MAX; n * n];
                for (k, r) in regions.iter().enumerate() {
                    for &cell in r {
                        of[cell as usize] = k;
                    }
                }
                let mut border = borders(n, &of);
                if variant.boxes() {
                    // Boxes count too: the regions are tinted (neighbours apart) and their
                    // borders blue, so they do not read as boxes.
                    if let Item::Path { pen, .. } = &mut border {
                        pen.color = JIGSAW_BOTH;
                        pen.width = 0.045;
                    }
                    let tint = colour_regions(n, &of, regions.len());
                    let items = regions
                        .iter()
                        .enumerate()
                        .flat_map(|(k, r)| shade(n, r, REGION_FILLS[tint[k]]))
                        .collect();
                    push(&mut d, Layer::Shade, name, items);
                }
                push(&mut d, Layer::Border, name, vec![border]);
            }
            Constraint::Diagonal { anti } => {
                let nf = n as f32;
                let line = if *anti {
                    vec![(nf, 0.0), (0.0, nf)]
                } else {
                    vec![(0.0, 0.0), (nf, nf)]
                };
                let item = Item::Path {
                    lines: vec![line],
                    closed: false,
                    pen: Pen::new(DIAGONAL, 0.035),
                    fill: None,
                };
                push(&mut d, Layer::Line, name, vec![item]);
            }
            Constraint::Windoku => {
                let cells: Vec<u16> = numpl_core::variant::windoku_regions(shape)
                    .into_iter()
                    .flatten()
                    .collect();
                push(&mut d, Layer::Shade, name, shade(n, &cells, WINDOKU));
            }
            Constraint::Indexing { rows, cells } => {
                let fill = if *rows {
                    INDEXING_ROWS
                } else {
                    INDEXING_COLUMNS
                };
                push(&mut d, Layer::Shade, name, shade(n, cells, fill));
            }
            // A chevron on the edge between the cells, its point towards the smaller.
            Constraint::GreaterThan { cells: [a, b] } => {
                let (pa, pb) = (centre(n, *a), centre(n, *b));
                let mid = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
                let u = unit(pa, pb);
                let (px, py) = (-u.1, u.0);
                let tip = (mid.0 + u.0 * 0.09, mid.1 + u.1 * 0.09);
                let back = |s: f32| (mid.0 - u.0 * 0.09 + px * s, mid.1 - u.1 * 0.09 + py * s);
                let item = Item::Path {
                    lines: vec![vec![back(0.13), tip, back(-0.13)]],
                    closed: false,
                    pen: Pen::new(INK, 0.035),
                    fill: None,
                };
                push(&mut d, Layer::Top, name, vec![item]);
            }
            // An open circle in each cell, named in the caption.
            Constraint::CountingCircles { cells } => {
                let items = cells
                    .iter()
                    .map(|&c| Item::Circle {
                        c: centre(n, c),
                        r: 0.42,
                        fill: None,
                        pen: Some(Pen::new(INK, 0.03)),
                    })
                    .collect();
                push(&mut d, Layer::Top, name, items);
                d.name_in_caption(name);
            }
            // A white circle on the corner the four cells share, its values small inside
            // (two rows of two), as SudokuPad draws them.
            Constraint::Quadruple { cells, values } => {
                let (r, c) = rc(n, cells[0]);
                let (x, y) = (c as f32 + 1.0, r as f32 + 1.0);
                let mut items = vec![Item::Circle {
                    c: (x, y),
                    r: 0.3,
                    fill: Some(WHITE),
                    pen: Some(Pen::new(INK, 0.025)),
                }];
                let rows: Vec<&[u8]> = values.chunks(2).collect();
                for (i, row) in rows.iter().enumerate() {
                    let dy = if rows.len() == 1 {
                        0.0
                    } else {
                        (i as f32 - 0.5) * 0.22
                    };
                    let text: Vec<String> = row.iter().map(u8::to_string).collect();
                    items.push(Item::Text {
                        x,
                        y: y + dy,
                        size: 0.2,
                        bold: false,
                        centred: true,
                        text: text.join(" "),
                        fill: INK,
                    });
                }
                push(&mut d, Layer::Top, name, items);
            }
            // Clones: every set of one constraint in one tint.
            Constraint::SameValues { sets } => {
                let fill = REGION_FILLS[regions % REGION_FILLS.len()];
                regions += 1;
                let mut items = Vec::new();
                for set in sets {
                    items.extend(shade(n, set, fill));
                }
                push(&mut d, Layer::Shade, name, items);
            }
            Constraint::Region { cells } => {
                let fill = REGION_FILLS[regions % REGION_FILLS.len()];
                regions += 1;
                push(&mut d, Layer::Shade, name, shade(n, cells, fill));
            }
            Constraint::Even { cells } => {
                let items = cells
                    .iter()
                    .map(|&cell| {
                        let (x, y) = centre(n, cell);
                        even_mark(x, y)
                    })
                    .collect();
                push(&mut d, Layer::Shade, name, items);
            }
            Constraint::Odd { cells } => {
                let items = cells
                    .iter()
                    .map(|&cell| odd_mark(centre(n, cell)))
                    .collect();
                push(&mut d, Layer::Shade, name, items);
            }
            Constraint::Allowed { cell, values } => {
                // Only the odd or only the even values: drawn as an odd or even cell (as
                // ISS writes odd-even puzzles); any other set in small digits at the
                // cell's foot.
                let (x, y) = centre(n, *cell);
                let odd = (1..=n as u8).all(|v| values.contains(v) == (v % 2 == 1));
                let even = (1..=n as u8).all(|v| values.contains(v) == (v % 2 == 0));
                let item = if odd {
                    odd_mark((x, y))
                } else if even {
                    even_mark(x, y)
                } else {
                    let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                    Item::Text {
                        x,
                        y: y + 0.36,
                        size: 0.2,
                        bold: false,
                        centred: true,
                        text: text.join(""),
                        fill: Rgb(90, 90, 90),
                    }
                };
                let layer = if odd || even {
                    Layer::Shade
                } else {
                    Layer::Top
                };
                push(&mut d, layer, name, vec![item]);
            }
            Constraint::Cage { sum, cells } => {
                push(&mut d, Layer::Top, name, cage(n, *sum, cells));
            }
            // A cage's outline in red with its number: the number no values make.
            Constraint::RellikCage { sum, cells } => {
                let mut items = cage(n, Some(*sum), cells);
                if let Some(Item::Path { pen, .. }) = items.first_mut() {
                    pen.color = RELLIK;
                }
                push(&mut d, Layer::Top, name, items);
                d.name_in_caption(name);
            }
            // A sum without a cage's rule: a cage's outline dotted grey, its sum in the
            // corner.
            Constraint::Sum { sum, cells } => {
                let items = dotted_outline(n, Some(*sum), cells, ARROW);
                push(&mut d, Layer::Top, name, items);
            }
            Constraint::LittleKiller { sum, cells } => {
                let place = clue_place(n, cells).map(|p| p.0);
                let shared = clue_places.iter().filter(|&&p| Some(p) == place).count() > 1;
                push(
                    &mut d,
                    Layer::Top,
                    name,
                    little_killer(n, *sum, cells, shared),
                );
            }
            Constraint::Sandwich { sum, line } => {
                let (x, y) = match line {
                    Line::Row(r) => (-0.5, *r as f32 + 0.5),
                    Line::Col(c) => (*c as f32 + 0.5, -0.5),
                };
                let item = Item::Text {
                    x,
                    y,
                    size: 0.5,
                    bold: false,
                    centred: true,
                    text: sum.to_string(),
                    fill: INK,
                };
                push(&mut d, Layer::Top, name, vec![item]);
            }
            // Numbers outside the grid at the clue's end; the caption tells the kinds apart
            // (SudokuPad writes them all as plain numbers).
            Constraint::Skyscraper { side, .. }
            | Constraint::HiddenSkyscraper { side, .. }
            | Constraint::FullRank { side, .. }
            | Constraint::XSum { side, .. }
            | Constraint::NumberedRoom { side, .. } => {
                let text = match c {
                    Constraint::Skyscraper { count, .. } => count.to_string(),
                    Constraint::FullRank { rank, .. } => rank.to_string(),
                    Constraint::XSum { sum, .. } => sum.to_string(),
                    Constraint::NumberedRoom { value, .. } => value.to_string(),
                    // Between bars, as ISS writes it: not a count of skyscrapers seen.
                    Constraint::HiddenSkyscraper { value, .. } => format!("|{value}|"),
                    _ => String::new(),
                };
                let (x, y) = match (side.line, side.back) {
                    (Line::Row(r), false) => (-0.5, r as f32 + 0.5),
                    (Line::Row(r), true) => (n as f32 + 0.5, r as f32 + 0.5),
                    (Line::Col(c), false) => (c as f32 + 0.5, -0.5),
                    (Line::Col(c), true) => (c as f32 + 0.5, n as f32 + 0.5),
                };
                let item = Item::Text {
                    x,
                    y,
                    size: 0.5,
                    bold: false,
                    centred: true,
                    text,
                    fill: INK,
                };
                push(&mut d, Layer::Top, name, vec![item]);
                d.name_in_caption(name);
            }
            // Pale shading under a solid box (a cage's outline, not dashed) with its sum in
            // the corner.
            Constraint::Lunchbox { sum, cells } => {
                push(&mut d, Layer::Shade, name, shade(n, cells, LUNCHBOX_FILL));
                let mut items = cage(n, Some(*sum), cells);
                if let Some(Item::Path { pen, .. }) = items.first_mut() {
                    pen.dash = None;
                    pen.width = 0.04;
                    pen.color = LUNCHBOX;
                }
                push(&mut d, Layer::Top, name, items);
            }
            // A line (closed for a loop) with its sum in its first cell's corner.
            Constraint::SumLine { sum, cells, looped } => {
                let mut path = cells.clone();
                if *looped {
                    path.push(cells[0]);
                }
                push(
                    &mut d,
                    Layer::Line,
                    name,
                    vec![thick_line(n, &path, SUM_LINE)],
                );
                push(&mut d, Layer::Top, name, corner_label(n, cells[0], sum));
            }
            Constraint::Thermo { cells, slow } => {
                let pts: Vec<_> = cells.iter().map(|&c| centre(n, c)).collect();
                let items = line_from_dot(pts, 0.4, Pen::new(THERMO, 0.3));
                if *slow {
                    d.rules.push(name);
                }
                push(&mut d, Layer::Line, name, items);
            }
            Constraint::Arrow { circle, line } => {
                push(&mut d, Layer::Line, name, arrow(n, circle, line));
            }
            Constraint::Kropki { black, cells } => {
                let (x, y) = between(n, cells);
                let item = Item::Circle {
                    c: (x, y),
                    r: 0.12,
                    fill: Some(if *black { BLACK } else { WHITE }),
                    pen: Some(Pen::new(BLACK, 0.03)),
                };
                push(&mut d, Layer::Top, name, vec![item]);
            }
            Constraint::Xv { sum, cells } => {
                let (x, y) = between(n, cells);
                let items = vec![
                    Item::Circle {
                        c: (x, y),
                        r: 0.16,
                        fill: Some(WHITE),
                        pen: None,
                    },
                    Item::Text {
                        x,
                        y,
                        size: 0.34,
                        bold: true,
                        centred: true,
                        text: if *sum == 10 { "X" } else { "V" }.to_string(),
                        fill: INK,
                    },
                ];
                push(&mut d, Layer::Top, name, items);
            }
            // Lines that differ only in colour.
            Constraint::Palindrome { cells }
            | Constraint::Zipper { cells }
            | Constraint::Whisper { cells, .. }
            | Constraint::Renban { cells }
            | Constraint::EntropicLine { cells }
            | Constraint::ModularLine { cells, .. }
            | Constraint::RegionSumLine { cells } => {
                let colour = match c {
                    Constraint::EntropicLine { .. } => ENTROPIC,
                    Constraint::ModularLine { .. } => MODULAR,
                    Constraint::Palindrome { .. } => PALINDROME,
                    Constraint::Zipper { .. } => ZIPPER,
                    Constraint::Whisper { .. } => WHISPER,
                    Constraint::Renban { .. } => RENBAN,
                    _ => REGION_SUM,
                };
                push(
                    &mut d,
                    Layer::Line,
                    name,
                    vec![thick_line(n, cells, colour)],
                );
            }
            Constraint::Pairwise {
                all,
                allowed,
                label,
                cells,
            } => {
                // A thin line through the cells, a dot on each: open along a line
                // (neighbours), filled for a set (every two), as ISS draws them.
                let pts: Vec<_> = cells.iter().map(|&c| centre(n, c)).collect();
                let mut items = vec![Item::Path {
                    lines: vec![pts.clone()],
                    closed: false,
                    pen: Pen::new(PAIRWISE, 0.07),
                    fill: None,
                }];
                for p in pts {
                    items.push(Item::Circle {
                        c: p,
                        r: 0.1,
                        fill: Some(if *all { PAIRWISE } else { WHITE }),
                        pen: Some(Pen::new(PAIRWISE, 0.04)),
                    });
                }
                push(&mut d, Layer::Line, name, items);
                let who = if label.is_empty() {
                    "Pairwise".to_string()
                } else {
                    format!("Pairwise \"{label}\"")
                };
                let which = if *all {
                    "every two dotted cells of a set (filled dots)"
                } else {
                    "neighbours on the line (open dots)"
                };
                let sentence = format!(
                    "{who}: {which} hold a pair of these, the first cell's value with the second's: {}.",
                    numpl_core::variant::relation_text(allowed, variant.first_value())
                );
                if !d.notes.contains(&sentence) {
                    d.notes.push(sentence);
                }
            }
            // A count of different values: the counted cells' dotted outline, an open
            // circle in the circled cell; named in the caption.
            Constraint::CountDistinct { cell, cells } => {
                let mut items = dotted_outline(n, None, cells, SLINGSHOT);
                items.push(Item::Circle {
                    c: centre(n, *cell),
                    r: 0.4,
                    fill: None,
                    pen: Some(Pen::new(SLINGSHOT, 0.04)),
                });
                push(&mut d, Layer::Top, name, items);
                d.name_in_caption(name);
            }
            // A slingshot: a dashed line from a dot on its first cell through the others,
            // an arrowhead at its end (as ISS draws it); named in the caption.
            Constraint::ValueIndexing { cells } => {
                let mut pen = Pen::new(SLINGSHOT, 0.05);
                pen.dash = Some((0.12, 0.08));
                let mut pts: Vec<_> = cells.iter().map(|&c| centre(n, c)).collect();
                let head = arrowhead(&mut pts, 0.25);
                let mut solid = pen;
                solid.dash = None;
                let items = vec![
                    Item::Circle {
                        c: pts[0],
                        r: 0.12,
                        fill: Some(SLINGSHOT),
                        pen: None,
                    },
                    Item::Path {
                        lines: vec![pts],
                        closed: false,
                        pen,
                        fill: None,
                    },
                    Item::Path {
                        lines: vec![head],
                        closed: false,
                        pen: solid,
                        fill: None,
                    },
                ];
                push(&mut d, Layer::Line, name, items);
                d.name_in_caption(name);
            }
            // A regex line or a state machine's: a thin line from a dot on its first cell
            // (the word is read from there), a segment a line; the pattern or the
            // machine's name in the caption with the cells its lines start from.
            Constraint::Regex { .. } | Constraint::Automaton { .. } => {
                let (segments, colour) = match c {
                    Constraint::Regex { cells, .. } => (std::slice::from_ref(cells), REGEX),
                    Constraint::Automaton { segments, .. } => (&segments[..], AUTOMATON),
                    _ => unreachable!("a regex or state machine"),
                };
                let mut items = Vec::new();
                for seg in segments.iter().filter(|s| !s.is_empty()) {
                    let pts: Vec<_> = seg.iter().map(|&c| centre(n, c)).collect();
                    items.extend(line_from_dot(pts, 0.12, Pen::new(colour, 0.07)));
                }
                push(&mut d, Layer::Line, name, items);
                let who = match c {
                    Constraint::Regex { pattern, .. } => format!("Regex `{pattern}`"),
                    Constraint::Automaton { label, .. } if !label.is_empty() => {
                        format!("State machine \"{label}\"")
                    }
                    _ => "A state machine of the setter's".to_string(),
                };
                let from = segments.iter().flatten().next().copied().unwrap_or(0);
                let start = shape.cell_name(numpl_core::Cell::new(from));
                let regex = matches!(c, Constraint::Regex { .. });
                // Lines of one rule share a sentence, each start named once (below).
                match read_lines.iter_mut().find(|(w, _, _)| *w == who) {
                    Some((_, _, starts)) if starts.contains(&start) => {}
                    Some((_, _, starts)) => starts.push(start),
                    None => read_lines.push((who, regex, vec![start])),
                }
            }
            Constraint::FullRankTies { ties } => {
                let words = match ties {
                    numpl_core::variant::Ties::None => {
                        "no two rows or columns read the same number, either way"
                    }
                    numpl_core::variant::Ties::Unclued => {
                        "a clued row or column reads a number no other does"
                    }
                    numpl_core::variant::Ties::Any => {
                        "equal numbers share a rank, one more than the numbers below them"
                    }
                };
                d.notes.push(format!("Full-rank ties: {words}."));
            }
            // Equal sums: each segment a thin line through its cells (a dot for one cell);
            // named in the caption.
            Constraint::EqualSum { segments } => {
                let pen = Pen::new(EQUAL_SUM, 0.06);
                let mut items = Vec::new();
                for seg in segments {
                    let pts: Vec<_> = seg.iter().map(|&c| centre(n, c)).collect();
                    if pts.len() == 1 {
                        items.push(Item::Circle {
                            c: pts[0],
                            r: 0.08,
                            fill: Some(EQUAL_SUM),
                            pen: None,
                        });
                    } else {
                        items.push(Item::Path {
                            lines: vec![pts],
                            closed: false,
                            pen,
                            fill: None,
                        });
                    }
                }
                push(&mut d, Layer::Line, name, items);
                d.name_in_caption(name);
            }
            // A look-and-say clue: a dotted outline, the clue in its corner as ISS writes
            // it (count, value digit pairs: `1223`; `1x12, 2x3` where a number has two
            // digits); named in the caption.
            Constraint::LookAndSay { counts, cells } => {
                let mut items = dotted_outline(n, None, cells, MODULAR);
                let clue = if counts.iter().all(|&(k, v)| k < 10 && v < 10) {
                    counts.iter().map(|&(k, v)| format!("{k}{v}")).collect()
                } else {
                    let pairs: Vec<String> =
                        counts.iter().map(|&(k, v)| format!("{k}x{v}")).collect();
                    pairs.join(", ")
                };
                let first = cells.iter().min().copied().unwrap_or_default();
                items.extend(corner_text(n, first, clue));
                push(&mut d, Layer::Top, name, items);
                d.name_in_caption(name);
            }
            // An equality cage: a cage's outline in teal, named in the caption.
            Constraint::EqualityCage { cells } => {
                let mut items = cage(n, None, cells);
                if let Some(Item::Path { pen, .. }) = items.first_mut() {
                    pen.color = MODULAR;
                }
                push(&mut d, Layer::Top, name, items);
                d.name_in_caption(name);
            }
            Constraint::Lockout { cells, diff } => {
                // A thick line, a diamond on each end (drawn over it); the difference,
                // which no shape shows, in the caption.
                let note = format!("Lockout lines (diamonds at the ends): the ends differ by {diff} or more, and the values between them lie outside the ends' range.");
                if !d.notes.contains(&note) {
                    d.notes.push(note);
                }
                let mut items = vec![thick_line(n, cells, LOCKOUT)];
                for end in [cells[0], cells[cells.len() - 1]] {
                    let (x, y) = centre(n, end);
                    const D: f32 = 0.36;
                    items.push(Item::Path {
                        lines: vec![vec![(x, y - D), (x + D, y), (x, y + D), (x - D, y)]],
                        closed: true,
                        pen: Pen::new(LOCKOUT_EDGE, 0.05),
                        fill: Some(WHITE),
                    });
                }
                push(&mut d, Layer::Line, name, items);
            }
            Constraint::DoubleArrow { cells } => {
                // An arrow's thin line between two circles, no head; named in the caption.
                let items = ended_line(n, cells, 0.4, Pen::new(ARROW, 0.045));
                push(&mut d, Layer::Line, name, items);
                d.name_in_caption(name);
            }
            Constraint::Between { cells } => {
                // Open circles on the ends (a shading under them shows), the line between
                // their edges.
                let items = ended_line(n, cells, 0.38, Pen::new(BETWEEN, 0.06));
                push(&mut d, Layer::Line, name, items);
            }
            // Anti-knight, anti-king, non-consecutive, the negative constraints, disjoint
            // sets: rules no shape shows, named in the caption.
            _ => d.rules.push(name),
        }
    }
    for (who, regex, starts) in read_lines {
        let (lines, dots) = if starts.len() == 1 {
            ("line", "dot")
        } else {
            ("lines", "dots")
        };
        let verb = match (regex, starts.len()) {
            (true, 1) => "match it whole",
            (true, _) => "each match it whole",
            (false, 1) => "spell a word it accepts",
            (false, _) => "each spell a word it accepts",
        };
        d.notes.push(format!(
            "{who}: the digits along the {lines} from {} (the {dots}), read from the {dots}, {verb}.",
            starts.join(", ")
        ));
    }
    // Room for outside clues.
    let nf = n as f32;
    let mut m = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
    for item in d.marks.iter().flat_map(|m| &m.items) {
        let (l, t, r, b) = item.bounds();
        m = (m.0.max(-l), m.1.max(-t), m.2.max(r - nf), m.3.max(b - nf));
    }
    let room = |e: f32| if e > 0.05 { e.ceil().min(2.0) } else { 0.0 };
    d.margin = (room(m.0), room(m.1), room(m.2), room(m.3));
    d
}

/// A tint for each of `count` regions (`of`: each cell's region) such that regions side by
/// side differ where six tints allow (greedy, in the regions' order).
fn colour_regions(n: usize, of: &[usize], count: usize) -> Vec<usize> {
    let mut next_to = vec![Vec::new(); count];
    for i in 0..n * n {
        for j in [i + 1, i + n] {
            let beside = if j == i + 1 { i % n + 1 < n } else { j < n * n };
            if beside && of[i] != of[j] && of[i] < count && of[j] < count {
                next_to[of[i]].push(of[j]);
                next_to[of[j]].push(of[i]);
            }
        }
    }
    let k = REGION_FILLS.len();
    let mut tint: Vec<Option<usize>> = vec![None; count];
    for r in 0..count {
        let used: Vec<usize> = next_to[r].iter().filter_map(|&o| tint[o]).collect();
        tint[r] = Some((0..k).find(|t| !used.contains(t)).unwrap_or(r % k));
    }
    tint.into_iter().map(|t| t.unwrap_or(0)).collect()
}

/// A line through `cells` between open circles of radius `r` on its two ends, drawn from
/// the circles' edges (between lines, double arrows).
fn ended_line(n: usize, cells: &[u16], r: f32, pen: Pen) -> Vec<Item> {
    let mut pts: Vec<_> = cells.iter().map(|&c| centre(n, c)).collect();
    let k = pts.len();
    if k >= 2 {
        let u = unit(pts[0], pts[1]);
        pts[0] = (pts[0].0 + u.0 * r, pts[0].1 + u.1 * r);
        let v = unit(pts[k - 2], pts[k - 1]);
        pts[k - 1] = (pts[k - 1].0 - v.0 * r, pts[k - 1].1 - v.1 * r);
    }
    let mut items = vec![Item::Path {
        lines: vec![pts],
        closed: false,
        pen,
        fill: None,
    }];
    for end in [cells.first(), cells.last()].into_iter().flatten() {
        items.push(Item::Circle {
            c: centre(n, *end),
            r,
            fill: None,
            pen: Some(pen),
        });
    }
    items
}

/// The unit vector from `a` towards `b`.
fn unit(a: (f32, f32), b: (f32, f32)) -> (f32, f32) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l = (dx * dx + dy * dy).sqrt().max(1e-6);
    (dx / l, dy / l)
}

/// The middle of the edge between two neighbours.
fn between(n: usize, cells: &[u16; 2]) -> (f32, f32) {
    let (a, b) = (centre(n, cells[0]), centre(n, cells[1]));
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

fn thick_line(n: usize, cells: &[u16], color: Rgb) -> Item {
    Item::Path {
        lines: vec![cells.iter().map(|&c| centre(n, c)).collect()],
        closed: false,
        pen: Pen::new(color, 0.22),
        fill: None,
    }
}

/// Light shading of cells.
fn shade(n: usize, cells: &[u16], fill: Rgb) -> Vec<Item> {
    cells
        .iter()
        .map(|&cell| {
            let (x, y) = centre(n, cell);
            Item::Rect {
                x: x - 0.5,
                y: y - 0.5,
                w: 1.0,
                h: 1.0,
                rx: 0.0,
                fill: Some(fill),
                pen: None,
            }
        })
        .collect()
}

/// The thick lines between cells of different regions (`of`: each cell's region), the
/// grid's border left out (it is drawn anyway).
fn borders(n: usize, of: &[usize]) -> Item {
    let mut lines = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            if c + 1 < n && of[i] != of[i + 1] {
                let x = (c + 1) as f32;
                lines.push(vec![(x, r as f32), (x, (r + 1) as f32)]);
            }
            if r + 1 < n && of[i] != of[i + n] {
                let y = (r + 1) as f32;
                lines.push(vec![(c as f32, y), ((c + 1) as f32, y)]);
            }
        }
    }
    Item::Path {
        lines: merge(lines),
        closed: false,
        pen: Pen {
            color: Rgb(27, 27, 27),
            width: 0.0625,
            dash: None,
            // Round ends close the corners where two borders meet.
            round: true,
        },
        fill: None,
    }
}

/// Joins segments that continue one another in a straight line (so dashes run on and
/// paths stay short).
fn merge(segs: Vec<Vec<(f32, f32)>>) -> Vec<Vec<(f32, f32)>> {
    let key = |p: (f32, f32)| ((p.0 * 1000.0).round() as i64, (p.1 * 1000.0).round() as i64);
    let mut horiz: Vec<(i64, i64, i64)> = Vec::new();
    let mut vert: Vec<(i64, i64, i64)> = Vec::new();
    for s in &segs {
        let (a, b) = (key(s[0]), key(s[1]));
        if a.1 == b.1 {
            horiz.push((a.1, a.0.min(b.0), a.0.max(b.0)));
        } else {
            vert.push((a.0, a.1.min(b.1), a.1.max(b.1)));
        }
    }
    let mut out = Vec::new();
    for (list, is_h) in [(&mut horiz, true), (&mut vert, false)] {
        list.sort_unstable();
        let mut cur: Option<(i64, i64, i64)> = None;
        for &(k, a, b) in list.iter() {
            match &mut cur {
                Some(c) if c.0 == k && a <= c.2 => c.2 = c.2.max(b),
                _ => {
                    if let Some(c) = cur.take() {
                        out.push(seg(c, is_h));
                    }
                    cur = Some((k, a, b));
                }
            }
        }
        if let Some(c) = cur {
            out.push(seg(c, is_h));
        }
    }
    out
}

fn seg((k, a, b): (i64, i64, i64), horizontal: bool) -> Vec<(f32, f32)> {
    let f = |v: i64| v as f32 / 1000.0;
    if horizontal {
        vec![(f(a), f(k)), (f(b), f(k))]
    } else {
        vec![(f(k), f(a)), (f(k), f(b))]
    }
}

/// A line through `pts` from a filled dot of radius `r` on its first point, both in the
/// pen's colour (a thermometer's bulb, a regex line's start).
fn line_from_dot(pts: Vec<(f32, f32)>, r: f32, pen: Pen) -> Vec<Item> {
    let mut items = vec![Item::Circle {
        c: pts[0],
        r,
        fill: Some(pen.color),
        pen: None,
    }];
    if pts.len() > 1 {
        items.push(Item::Path {
            lines: vec![pts],
            closed: false,
            pen,
            fill: None,
        });
    }
    items
}

/// A killer cage: a dashed outline inset in its cells, the sum small in the top-left
/// corner of its first cell (on a white patch that breaks the dashes).
fn cage(n: usize, sum: Option<u32>, cells: &[u16]) -> Vec<Item> {
    const D: f32 = 0.08;
    let ni = n as i32;
    let inside = |r: i32, c: i32| {
        r >= 0 && c >= 0 && r < ni && c < ni && cells.contains(&((r * ni + c) as u16))
    };
    let mut segs = Vec::new();
    for &cell in cells {
        let (r, c) = rc(n, cell);
        let (x, y) = (c as f32, r as f32);
        // Each side on the cage's edge, inset by D; its ends reach the neighbouring
        // cell's side where the outline goes on, or turn inward at an inner corner.
        // Top and bottom.
        for (dr, yy) in [(-1, y + D), (1, y + 1.0 - D)] {
            if inside(r + dr, c) {
                continue;
            }
            let start = if !inside(r, c - 1) {
                x + D
            } else if inside(r + dr, c - 1) {
                x - D
            } else {
                x
            };
            let end = if !inside(r, c + 1) {
                x + 1.0 - D
            } else if inside(r + dr, c + 1) {
                x + 1.0 + D
            } else {
                x + 1.0
            };
            segs.push(vec![(start, yy), (end, yy)]);
        }
        // Left and right.
        for (dc, xx) in [(-1, x + D), (1, x + 1.0 - D)] {
            if inside(r, c + dc) {
                continue;
            }
            let start = if !inside(r - 1, c) {
                y + D
            } else if inside(r - 1, c + dc) {
                y - D
            } else {
                y
            };
            let end = if !inside(r + 1, c) {
                y + 1.0 - D
            } else if inside(r + 1, c + dc) {
                y + 1.0 + D
            } else {
                y + 1.0
            };
            segs.push(vec![(xx, start), (xx, end)]);
        }
    }
    let mut items = vec![Item::Path {
        lines: merge(segs),
        closed: false,
        pen: Pen {
            color: INK,
            width: 0.025,
            dash: Some((0.09, 0.06)),
            round: false,
        },
        fill: None,
    }];
    if let (Some(sum), Some(&first)) = (sum, cells.iter().min()) {
        items.extend(corner_label(n, first, &sum));
    }
    items
}

/// A cage's outline dotted in `color` around `cells` (each once), its sum if any in the
/// corner (a sum without a cage's rule, a look-and-say clue).
fn dotted_outline(n: usize, sum: Option<u32>, cells: &[u16], color: Rgb) -> Vec<Item> {
    let mut distinct = cells.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut items = cage(n, sum, &distinct);
    if let Some(Item::Path { pen, .. }) = items.first_mut() {
        pen.dash = Some((0.025, 0.06));
        pen.width = 0.035;
        pen.color = color;
        pen.round = true;
    }
    items
}

/// A small number on white in a cell's top left corner (a cage's sum).
fn corner_label(n: usize, cell: u16, value: &u32) -> Vec<Item> {
    corner_text(n, cell, value.to_string())
}

/// Small text on white in a cell's top left corner.
fn corner_text(n: usize, cell: u16, text: String) -> Vec<Item> {
    let (r, c) = rc(n, cell);
    let size = 0.26;
    let w = size * 0.56 * text.len() as f32;
    vec![
        Item::Rect {
            x: c as f32 + 0.04,
            y: r as f32 + 0.04,
            w: w + 0.08,
            h: size + 0.04,
            rx: 0.0,
            fill: Some(WHITE),
            pen: None,
        },
        Item::Text {
            x: c as f32 + 0.07,
            y: r as f32 + 0.06 + size / 2.0,
            size,
            bold: false,
            centred: false,
            text,
            fill: INK,
        },
    ]
}

/// Where a little killer clue goes: the cell before its diagonal's first, outside the
/// grid, and the diagonal's direction (rows, columns).
fn clue_place(n: usize, cells: &[u16]) -> Option<((i32, i32), (i32, i32))> {
    let &first = cells.first()?;
    let (r0, c0) = rc(n, first);
    let (dr, dc) = match cells.get(1) {
        Some(&next) => {
            let (r1, c1) = rc(n, next);
            (r1 - r0, c1 - c0)
        }
        // A corner cell alone: the diagonal runs away from its corner.
        None => (if r0 == 0 { 1 } else { -1 }, if c0 == 0 { 1 } else { -1 }),
    };
    Some(((r0 - dr, c0 - dc), (dr, dc)))
}

/// A little killer clue: the sum outside the grid where its diagonal starts, with a small
/// arrow pointing along the diagonal. Two clues `shared` one place outside the grid (one
/// down each diagonal): each number moves to its diagonal's side of it, smaller.
fn little_killer(n: usize, sum: u32, cells: &[u16], shared: bool) -> Vec<Item> {
    let Some(((cr, cc), (dr, dc))) = clue_place(n, cells) else {
        return Vec::new();
    };
    let (ux, uy) = (dc as f32, dr as f32);
    let (x, y) = (cc as f32 + 0.5, cr as f32 + 0.5);
    // The number a little back from the arrow; shared, each moves along the grid's side
    // towards its own diagonal (the arrows, to different corners, stay).
    let (mut tx, mut ty) = (x - ux * 0.08, y - uy * 0.08);
    let mut size = 0.36;
    if shared {
        size = 0.28;
        if cr < 0 || cr >= n as i32 {
            tx = x + ux * 0.3;
        } else {
            ty = y + uy * 0.3;
        }
    }
    let tip = (x + ux * 0.45, y + uy * 0.45);
    let tail = (x + ux * 0.22, y + uy * 0.22);
    let head = |a: f32| {
        let (s, co) = a.sin_cos();
        let (bx, by) = (-ux, -uy);
        let (rx, ry) = (bx * co - by * s, bx * s + by * co);
        (tip.0 + rx * 0.1, tip.1 + ry * 0.1)
    };
    let pen = Pen::new(INK, 0.025);
    vec![
        Item::Text {
            x: tx,
            y: ty,
            size,
            bold: false,
            centred: true,
            text: sum.to_string(),
            fill: INK,
        },
        Item::Path {
            lines: vec![vec![tail, tip], vec![head(0.6), tip, head(-0.6)]],
            closed: false,
            pen,
            fill: None,
        },
    ]
}

/// The arrowhead at the end of the line `pts` (two points or more), its sides `size`
/// long: the line's last point moves a little short of the last cell's centre, to the
/// tip; the head's three points (side, tip, side) are returned.
fn arrowhead(pts: &mut [(f32, f32)], size: f32) -> Vec<(f32, f32)> {
    let k = pts.len();
    let v = unit(pts[k - 2], pts[k - 1]);
    let tip = (pts[k - 1].0 - v.0 * 0.1, pts[k - 1].1 - v.1 * 0.1);
    pts[k - 1] = tip;
    let side = |a: f32| {
        let (s, co) = a.sin_cos();
        let (bx, by) = (-v.0, -v.1);
        let (rx, ry) = (bx * co - by * s, bx * s + by * co);
        (tip.0 + rx * size, tip.1 + ry * size)
    };
    vec![side(0.6), tip, side(-0.6)]
}

/// An arrow: an open circle (a pill for several cells) and a thin line from its edge
/// through the line's cells, ending in an arrowhead.
fn arrow(n: usize, circle: &[u16], line: &[u16]) -> Vec<Item> {
    const R: f32 = 0.4;
    let pen = Pen::new(ARROW, 0.045);
    let mut items = Vec::new();
    let rows: Vec<i32> = circle.iter().map(|&c| rc(n, c).0).collect();
    let cols: Vec<i32> = circle.iter().map(|&c| rc(n, c).1).collect();
    let straight = rows.iter().all(|&r| r == rows[0]) || cols.iter().all(|&c| c == cols[0]);
    if circle.len() > 1 && straight {
        let (r0, r1) = (
            *rows.iter().min().unwrap_or(&0),
            *rows.iter().max().unwrap_or(&0),
        );
        let (c0, c1) = (
            *cols.iter().min().unwrap_or(&0),
            *cols.iter().max().unwrap_or(&0),
        );
        let inset = 0.5 - R;
        items.push(Item::Rect {
            x: c0 as f32 + inset,
            y: r0 as f32 + inset,
            w: (c1 - c0 + 1) as f32 - 2.0 * inset,
            h: (r1 - r0 + 1) as f32 - 2.0 * inset,
            rx: R,
            fill: None,
            pen: Some(pen),
        });
    } else {
        for &c in circle {
            items.push(Item::Circle {
                c: centre(n, c),
                r: R,
                fill: None,
                pen: Some(pen),
            });
        }
    }
    let Some(&start) = line.first() else {
        return items;
    };
    // The line leaves the circle cell nearest to its first cell.
    let s = centre(n, start);
    let from = circle
        .iter()
        .map(|&c| centre(n, c))
        .min_by(|a, b| {
            let da = (a.0 - s.0).powi(2) + (a.1 - s.1).powi(2);
            let db = (b.0 - s.0).powi(2) + (b.1 - s.1).powi(2);
            da.total_cmp(&db)
        })
        .unwrap_or(s);
    let mut pts = vec![from];
    pts.extend(line.iter().map(|&c| centre(n, c)));
    let u = unit(pts[0], pts[1]);
    // Leave the circle at its edge (a pill's side is R from its cells' centres too).
    pts[0] = (pts[0].0 + u.0 * R, pts[0].1 + u.1 * R);
    let head = arrowhead(&mut pts, 0.28);
    items.push(Item::Path {
        lines: vec![pts, head],
        closed: false,
        pen,
        fill: None,
    });
    items
}

/// An even cell's mark: a shaded square about the centre (x, y).
fn even_mark(x: f32, y: f32) -> Item {
    Item::Rect {
        x: x - 0.36,
        y: y - 0.36,
        w: 0.72,
        h: 0.72,
        rx: 0.0,
        fill: Some(SHADE),
        pen: None,
    }
}

/// An odd cell's mark: a shaded circle about the centre `c`.
fn odd_mark(c: (f32, f32)) -> Item {
    Item::Circle {
        c,
        r: 0.38,
        fill: Some(SHADE),
        pen: None,
    }
}
