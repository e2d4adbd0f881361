//! Drawing a [`Picture`] as SVG: one `<g data-cell>` per cell (background, value or pencil
//! marks), then the cell and box lines, chain links, labels and the caption. A variant
//! puzzle's picture draws the backgrounds first, then its constraints' shapes (from
//! `variant.rs`, by layer, each a `<g data-constraint>`) between the lines, and the
//! cells' values over everything. Styles are one
//! `<style>` sheet of classes, so a web page can restyle the picture.

use std::fmt::Write;

use numpl_core::{Cell, Symbols};

use crate::font::{self, FAMILY};
use crate::picture::{HouseRole, MarkRole, Picture};
use crate::variant::{self, Item, Layer, Mark, Pen};

/// How pictures are drawn.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SvgOptions {
    /// The alphabet of values (values above 9 as `A`-`Z` by default, as in the text
    /// formats; decimal numbers where the alphabet has no symbol).
    pub symbols: Symbols,
    /// Row numbers on the left and column numbers on top.
    pub labels: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            symbols: Symbols::standard(),
            labels: false,
        }
    }
}

impl SvgOptions {
    /// The defaults: standard symbols, no labels.
    pub fn new() -> SvgOptions {
        SvgOptions::default()
    }

    /// Writes values with this alphabet.
    pub fn symbols(mut self, symbols: Symbols) -> SvgOptions {
        self.symbols = symbols;
        self
    }

    /// Draws row and column numbers.
    pub fn labels(mut self, labels: bool) -> SvgOptions {
        self.labels = labels;
        self
    }
}

/// The text of value `v` on an N x N grid: the alphabet's symbol, else the number.
/// A variant's own alphabet where its values start at 0 (`0`-`8`), which the picture
/// writes its values in whatever alphabet was asked for; `None` otherwise.
pub(crate) fn own_symbols(variant: Option<&numpl_core::variant::Variant>) -> Option<Symbols> {
    variant
        .filter(|v| v.first_value() != 1)
        .map(|v| v.symbols())
}

pub(crate) fn symbol(v: u8, n: usize, symbols: &Symbols) -> String {
    if symbols.covers(n) {
        symbols
            .write(v)
            .map_or_else(|| v.to_string(), |c| c.to_string())
    } else {
        v.to_string()
    }
}

/// Escapes text for XML content and attributes.
pub(crate) fn escape(s: &str, out: &mut String) {
    for ch in s.chars() {
        match ch {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

/// Colours, by class.
const STYLE: &str = ".cell{fill:#fff}.h-base{fill:#edf2f9}.h-cover{fill:#f7f2e3}\
.r-pattern{fill:#c9ddfb}.r-pivot{fill:#ffd563}.r-pincer{fill:#b7e4a8}.r-fin{fill:#f1bde9}\
.r-chain{fill:#dbe8f8}.r-set-a{fill:#ffd9a8}.r-set-b{fill:#c4ecfb}.r-set-c{fill:#ded2ff}\
.given{fill:#111;font-weight:bold}.value{fill:#1d56c9}.cand{fill:#59606a}.mt{fill:#fff;font-weight:bold}\
.mp{fill:#123}.m-placed{fill:#23964a}.m-eliminated{fill:#db3a2e}.m-pattern{fill:#8fbaf5}\
.m-fin{fill:#cf86e6}.m-on{fill:#2d74da}.m-off{fill:#ef9a1a}\
.thin{stroke:#a3a9b1;fill:none}.thick{stroke:#1b1b1b;fill:none}\
.link{stroke:#c0392b;fill:none;stroke-opacity:.85;stroke-linecap:round}\
.label{fill:#6b7078}.caption{fill:#111}";

/// Sizes of one picture.
struct Layout {
    n: usize,
    br: usize,
    bc: usize,
    /// The side of a cell.
    cs: f32,
    /// The grid's top-left corner.
    x0: f32,
    y0: f32,
}

impl Layout {
    fn cell_xy(&self, i: usize) -> (f32, f32) {
        let (r, c) = (i / self.n, i % self.n);
        (self.x0 + c as f32 * self.cs, self.y0 + r as f32 * self.cs)
    }

    /// The centre of candidate `v`'s place in cell `i` (value v at mini-row (v-1)/C,
    /// mini-column (v-1)%C, as `--format detail` lays them out).
    fn mark_xy(&self, i: usize, v: u8) -> (f32, f32) {
        let (x, y) = self.cell_xy(i);
        let k = (v as usize).saturating_sub(1);
        let (mr, mc) = (k / self.bc, k % self.bc);
        (
            x + (mc as f32 + 0.5) * self.cs / self.bc as f32,
            y + (mr as f32 + 0.5) * self.cs / self.br as f32,
        )
    }
}

/// The baseline that centres digits of size `fs` on `cy` (digits are 0.716 em tall).
fn baseline(cy: f32, fs: f32) -> f32 {
    cy + 0.358 * fs
}

impl Picture {
    /// The picture as a standalone SVG document. The root has a `viewBox`, `data-size`
    /// and `data-box`; every cell is a `<g data-cell="r1c1">` with `data-given="5"` or
    /// `data-value="5"` when it holds a value and `data-role` when the step gives it a
    /// role; each pencil mark is a `<text data-candidate="4">`, with `data-role` (`placed`,
    /// `eliminated`, `pattern`, `fin`, `on`, `off`) when highlighted. A variant's
    /// constraints are each a `<g data-constraint="cage">` (the constraint's name); the
    /// rules no shape shows are named in the root's `data-rules` and lead the caption.
    pub fn to_svg(&self, opts: &SvgOptions) -> String {
        let shape = self.shape;
        let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
        let cand = self.candidates.is_some();
        let cs: f32 = if cand {
            (16.0 * br.max(bc) as f32).max(48.0)
        } else {
            40.0
        };
        let pad = (cs * 0.3).clamp(8.0, 16.0);
        let lab = if opts.labels {
            (cs * 0.5).clamp(16.0, 26.0)
        } else {
            0.0
        };
        let drawing = self.variant.as_ref().map(variant::marks);
        // Room for outside clues (little killer, sandwich), in cells.
        let (ml, mt, mr, mb) = drawing.as_ref().map_or((0.0, 0.0, 0.0, 0.0), |d| d.margin);
        let x0 = pad + lab + ml * cs;
        let y0 = pad + lab + mt * cs;
        let side = n as f32 * cs;
        let width = x0 + side + mr * cs + pad;
        let cap_fs = (side / 34.0).clamp(14.0, 40.0);
        // A variant's rules no shape shows come first in the caption.
        let rules = drawing.as_ref().and_then(|d| d.rules_sentence());
        let caption = match (&rules, &self.caption) {
            (Some(r), Some(c)) => Some(format!("{r} {c}")),
            (Some(r), None) => Some(r.clone()),
            (None, c) => c.clone(),
        };
        let lines = caption.as_deref().map_or_else(Vec::new, |c| {
            font::wrap(c, cap_fs, width - 2.0 * pad, font::regular())
        });
        let cap_h = if lines.is_empty() {
            0.0
        } else {
            lines.len() as f32 * cap_fs * 1.3 + pad * 0.5
        };
        let height = y0 + side + mb * cs + pad + cap_h;
        let l = Layout {
            n,
            br,
            bc,
            cs,
            x0,
            y0,
        };
        let own = own_symbols(self.variant.as_ref());
        let symbols = own.as_ref().unwrap_or(&opts.symbols);
        let sym = |v: u8| symbol(v, n, symbols);
        let wide = !symbols.covers(n) && n > 9;
        // Value and candidate font sizes: smaller for two-character numbers.
        let vfs = cs * if wide { 0.46 } else { 0.62 };
        let (sw, sh) = (cs / bc as f32, cs / br as f32);
        let slot = sw.min(sh);
        let kfs = slot * if wide { 0.56 } else { 0.78 };
        let disc = slot * 0.46;

        let mut s = String::with_capacity(2048 + n * n * if cand { 400 } else { 120 });
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width:.1} {height:.1}\" \
             width=\"{width:.1}\" height=\"{height:.1}\" data-size=\"{n}\" data-box=\"{br}x{bc}\" \
             font-family=\"{FAMILY}\" role=\"img\""
        );
        if let Some(d) = &drawing {
            if !d.rules.is_empty() {
                let _ = write!(s, " data-rules=\"{}\"", d.rules.join(" "));
            }
        }
        s.push('>');
        if let Some(c) = &caption {
            s.push_str("<title>");
            escape(c, &mut s);
            s.push_str("</title>");
        }
        let _ = write!(
            s,
            "<style>{STYLE}.v{{font-size:{vfs:.1}px}}.k{{font-size:{kfs:.1}px}}\
             .thin{{stroke-width:{:.2}}}.thick{{stroke-width:{:.2}}}.link{{stroke-width:{:.2}}}\
             .label{{font-size:{:.1}px}}.caption{{font-size:{cap_fs:.1}px}}</style>",
            (cs / 40.0).max(0.8),
            (cs / 16.0).max(2.2),
            (slot / 9.0).max(1.4),
            lab * 0.55
        );
        let _ = write!(
            s,
            "<rect x=\"0\" y=\"0\" width=\"{width:.1}\" height=\"{height:.1}\" fill=\"#fff\"/>"
        );

        // Highlighted candidates, looked up per cell.
        let mut marks_of: Vec<Vec<(u8, MarkRole)>> = vec![Vec::new(); n * n];
        for &(c, v, role) in &self.marks {
            marks_of[c.index()].push((v, role));
        }
        // A variant's picture draws the cells' backgrounds first, then its shapes, and
        // the values over everything; a classic picture draws each cell whole.
        if drawing.is_some() {
            s.push_str("<g class=\"cells\">");
            for i in 0..n * n {
                self.cell_background(i, &l, &mut s);
            }
            s.push_str("</g>");
        }
        let layer = |s: &mut String, which: Layer| {
            if let Some(d) = &drawing {
                for m in d.layer(which) {
                    draw_mark(m, &l, s);
                }
            }
        };
        layer(&mut s, Layer::Shade);
        let cells = |s: &mut String| {
            let mut name = String::new();
            for i in 0..n * n {
                name.clear();
                let _ = write!(name, "r{}c{}", i / n + 1, i % n + 1);
                let v = self.values[i];
                let _ = write!(s, "<g data-cell=\"{name}\"");
                if v != 0 {
                    let attr = if self.givens[i] { "given" } else { "value" };
                    let _ = write!(s, " data-{attr}=\"{v}\"");
                }
                if let Some(r) = self.cell_roles[i] {
                    let _ = write!(s, " data-role=\"{}\"", r.name());
                }
                s.push('>');
                if drawing.is_none() {
                    self.cell_background(i, &l, s);
                }
                self.cell_content(i, &l, &marks_of, &sym, (vfs, kfs, disc), s);
                s.push_str("</g>");
            }
        };
        if drawing.is_none() {
            cells(&mut s);
        }

        // Cell lines, then box lines and the border on top.
        let end = side;
        // Without boxes (a jigsaw, a Latin square) every inner line is thin.
        let boxes = drawing.as_ref().is_none_or(|d| d.boxes);
        s.push_str("<path class=\"thin\" d=\"");
        for k in 1..n {
            let t = k as f32 * cs;
            if k % bc != 0 || !boxes {
                let _ = write!(s, "M{:.1} {y0:.1}v{end:.1}", x0 + t);
            }
            if k % br != 0 || !boxes {
                let _ = write!(s, "M{x0:.1} {:.1}h{end:.1}", y0 + t);
            }
        }
        s.push_str("\"/>");
        layer(&mut s, Layer::Line);
        s.push_str("<path class=\"thick\" d=\"");
        if boxes {
            for k in (bc..n).step_by(bc) {
                let _ = write!(s, "M{:.1} {y0:.1}v{end:.1}", x0 + k as f32 * cs);
            }
            for k in (br..n).step_by(br) {
                let _ = write!(s, "M{x0:.1} {:.1}h{end:.1}", y0 + k as f32 * cs);
            }
        }
        let _ = write!(s, "M{x0:.1} {y0:.1}h{end:.1}v{end:.1}h-{end:.1}z\"/>");
        layer(&mut s, Layer::Border);
        layer(&mut s, Layer::Top);
        if drawing.is_some() {
            cells(&mut s);
        }

        // Chain links: solid strong links, dashed weak ones, between the candidates.
        if !self.links.is_empty() {
            s.push_str("<g class=\"links\">");
            for link in &self.links {
                let at = |(c, v): (Cell, u8)| {
                    if cand {
                        l.mark_xy(c.index(), v)
                    } else {
                        let (x, y) = l.cell_xy(c.index());
                        (x + cs / 2.0, y + cs / 2.0)
                    }
                };
                let ((ax, ay), (bx, by)) = (at(link.from), at(link.to));
                let (dx, dy) = (bx - ax, by - ay);
                let len = (dx * dx + dy * dy).sqrt();
                if len < 1e-3 {
                    continue;
                }
                let (ux, uy) = (dx / len, dy / len);
                let cut = if cand { disc * 1.05 } else { cs * 0.3 };
                let ((sx, sy), (ex, ey), (cx, cy)) = if len < 3.0 * cut {
                    // Neighbours (often two candidates of one cell): an arch over both.
                    let (px, py) = (uy, -ux);
                    (
                        (ax + px * cut, ay + py * cut),
                        (bx + px * cut, by + py * cut),
                        (
                            (ax + bx) / 2.0 + px * cut * 2.6,
                            (ay + by) / 2.0 + py * cut * 2.6,
                        ),
                    )
                } else {
                    // A gentle bend, so links along one line do not hide each other.
                    let bend = (len * 0.12).min(cs * 0.8);
                    (
                        (ax + ux * cut, ay + uy * cut),
                        (bx - ux * cut, by - uy * cut),
                        ((ax + bx) / 2.0 - uy * bend, (ay + by) / 2.0 + ux * bend),
                    )
                };
                let _ = write!(
                    s,
                    "<path class=\"link\" data-link=\"{}\"{} d=\"M{sx:.1} {sy:.1}Q{cx:.1} {cy:.1} {ex:.1} {ey:.1}\"/>",
                    if link.strong { "strong" } else { "weak" },
                    if link.strong {
                        String::new()
                    } else {
                        format!(" stroke-dasharray=\"{:.1} {:.1}\"", slot * 0.35, slot * 0.25)
                    }
                );
            }
            s.push_str("</g>");
        }

        if opts.labels {
            for k in 0..n {
                let t = k as f32 * cs + cs / 2.0;
                let fs = lab * 0.55;
                let _ = write!(
                    s,
                    "<text class=\"label\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\
                     <text class=\"label\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                    x0 + t,
                    baseline(y0 - mt * cs - lab / 2.0, fs),
                    k + 1,
                    x0 - ml * cs - lab / 2.0,
                    baseline(y0 + t, fs),
                    k + 1
                );
            }
        }

        for (i, line) in lines.iter().enumerate() {
            let y = y0 + side + mb * cs + pad + cap_fs * (1.0 + 1.3 * i as f32);
            let _ = write!(s, "<text class=\"caption\" x=\"{pad:.1}\" y=\"{y:.1}\">");
            escape(line, &mut s);
            s.push_str("</text>");
        }
        s.push_str("</svg>\n");
        s
    }

    /// A cell's background: white, or its role's or house's colour.
    fn cell_background(&self, i: usize, l: &Layout, s: &mut String) {
        let (x, y) = l.cell_xy(i);
        let cs = l.cs;
        s.push_str("<rect class=\"cell");
        match (self.cell_roles[i], self.houses[i]) {
            (Some(r), _) => {
                let _ = write!(s, " r-{}", r.name());
            }
            (None, Some(HouseRole::Base)) => s.push_str(" h-base"),
            (None, Some(HouseRole::Cover)) => s.push_str(" h-cover"),
            _ => {}
        }
        let _ = write!(
            s,
            "\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{cs:.1}\" height=\"{cs:.1}\"/>"
        );
    }

    /// A cell's value, or its pencil marks.
    fn cell_content(
        &self,
        i: usize,
        l: &Layout,
        marks_of: &[Vec<(u8, MarkRole)>],
        sym: &dyn Fn(u8) -> String,
        (vfs, kfs, disc): (f32, f32, f32),
        s: &mut String,
    ) {
        let (x, y) = l.cell_xy(i);
        let cs = l.cs;
        let v = self.values[i];
        if v != 0 {
            let class = if self.givens[i] { "given" } else { "value" };
            let _ = write!(
                s,
                "<text class=\"v {class}\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                x + cs / 2.0,
                baseline(y + cs / 2.0, vfs),
                sym(v)
            );
        } else if let Some(cands) = &self.candidates {
            for k in cands[i].iter() {
                let (mx, my) = l.mark_xy(i, k);
                let hl = marks_of[i].iter().find(|m| m.0 == k).map(|m| m.1);
                match hl {
                    Some(r) => {
                        let text = if matches!(r, MarkRole::Pattern) {
                            "mp"
                        } else {
                            "mt"
                        };
                        let _ = write!(
                            s,
                            "<circle class=\"m-{}\" cx=\"{mx:.1}\" cy=\"{my:.1}\" r=\"{disc:.1}\"/>\
                             <text class=\"k {text}\" data-candidate=\"{k}\" data-role=\"{}\" \
                             x=\"{mx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                            r.name(),
                            r.name(),
                            baseline(my, kfs),
                            sym(k)
                        );
                    }
                    None => {
                        let _ = write!(
                            s,
                            "<text class=\"k cand\" data-candidate=\"{k}\" x=\"{mx:.1}\" \
                             y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                            baseline(my, kfs),
                            sym(k)
                        );
                    }
                }
            }
        }
    }
}

/// The paint attributes of a fill and a pen, scaled by the cell side `cs`.
fn paint(fill: Option<variant::Rgb>, pen: Option<&Pen>, cs: f32, s: &mut String) {
    match fill {
        Some(c) => {
            let _ = write!(s, " fill=\"{}\"", c.hex());
        }
        None => s.push_str(" fill=\"none\""),
    }
    if let Some(p) = pen {
        let _ = write!(
            s,
            " stroke=\"{}\" stroke-width=\"{:.2}\"",
            p.color.hex(),
            p.width * cs
        );
        if p.round {
            s.push_str(" stroke-linecap=\"round\" stroke-linejoin=\"round\"");
        }
        if let Some((a, b)) = p.dash {
            let _ = write!(s, " stroke-dasharray=\"{:.1} {:.1}\"", a * cs, b * cs);
        }
    }
}

/// A variant puzzle's constraints alone, for a page that draws its own cells and digits
/// (numpl serve's play page puts it under its cell grid): see [`variant_layer`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct VariantLayer {
    /// The SVG of what lies under the cells' contents: no background, no cell lines, no
    /// digits; shading, lines (thermometers, arrows ...) and region borders, each a
    /// `<g data-constraint>`. Its `viewBox` starts at the grid's top-left corner less the
    /// margin, 100 units a cell, so placed over the grid at `margin` cells outside it, it
    /// matches the cells.
    pub svg: String,
    /// The SVG of what lies over the cells (as the picture draws it over every line):
    /// cages and their sums, dots, X and V, outside clues; the same `viewBox`.
    pub top: String,
    /// Room outside the grid for outside clues, in cells: left, top, right, bottom.
    pub margin: [f32; 4],
    /// Whether the boxes count (false: jigsaw regions replace them; the page draws no box
    /// lines, the layer draws the regions' borders).
    pub boxes: bool,
    /// The rules no shape shows (anti-knight, non-consecutive ...), in a sentence (not the
    /// outside clues' kinds a picture's caption names: the play page words those).
    pub rules: Option<String>,
}

/// The drawing of `variant`'s constraints alone, as [`Picture::to_svg`] draws them on a
/// variant's picture: the same shapes, without the cells.
///
/// ```
/// use numpl_core::variant::json;
///
/// let p = json::read(r#"{"constraints":[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]}]}"#).unwrap();
/// let layer = numpl_render::variant_layer(&p.variant);
/// assert!(layer.top.starts_with("<svg") && layer.top.contains("data-constraint=\"cage\""));
/// assert!(!layer.svg.contains("data-constraint"));
/// assert_eq!(layer.margin, [0.0; 4]);
/// ```
pub fn variant_layer(v: &numpl_core::variant::Variant) -> VariantLayer {
    let shape = v.shape();
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let d = variant::marks(v);
    let (ml, mt, mr, mb) = d.margin;
    let cs = 100.0;
    let l = Layout {
        n,
        br,
        bc,
        cs,
        x0: 0.0,
        y0: 0.0,
    };
    let (w, h) = ((n as f32 + ml + mr) * cs, (n as f32 + mt + mb) * cs);
    let svg = |layers: &[Layer]| {
        let mut s = String::with_capacity(4096);
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{:.1} {:.1} {w:.1} {h:.1}\" \
             data-size=\"{n}\" font-family=\"{FAMILY}\" aria-hidden=\"true\" focusable=\"false\">",
            -ml * cs,
            -mt * cs
        );
        for &layer in layers {
            for m in d.layer(layer) {
                draw_mark(m, &l, &mut s);
            }
        }
        s.push_str("</svg>");
        s
    };
    VariantLayer {
        svg: svg(&[Layer::Shade, Layer::Line, Layer::Border]),
        top: svg(&[Layer::Top]),
        margin: [ml, mt, mr, mb],
        boxes: d.boxes,
        rules: d.shapeless_sentence(),
    }
}

/// One constraint's shapes in one layer: a `<g data-constraint="cage">`.
fn draw_mark(m: &Mark, l: &Layout, s: &mut String) {
    let cs = l.cs;
    let px = |x: f32| l.x0 + x * cs;
    let py = |y: f32| l.y0 + y * cs;
    let _ = write!(s, "<g data-constraint=\"{}\">", m.name);
    for item in &m.items {
        match item {
            Item::Path {
                lines,
                closed,
                pen,
                fill,
            } => {
                s.push_str("<path d=\"");
                for line in lines {
                    for (k, &(x, y)) in line.iter().enumerate() {
                        let _ = write!(
                            s,
                            "{}{:.1} {:.1}",
                            if k == 0 { 'M' } else { 'L' },
                            px(x),
                            py(y)
                        );
                    }
                    if *closed {
                        s.push('Z');
                    }
                }
                s.push('"');
                paint(*fill, Some(pen), cs, s);
                s.push_str("/>");
            }
            Item::Circle { c, r, fill, pen } => {
                let _ = write!(
                    s,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\"",
                    px(c.0),
                    py(c.1),
                    r * cs
                );
                paint(*fill, pen.as_ref(), cs, s);
                s.push_str("/>");
            }
            Item::Rect {
                x,
                y,
                w,
                h,
                rx,
                fill,
                pen,
            } => {
                let _ = write!(
                    s,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"",
                    px(*x),
                    py(*y),
                    w * cs,
                    h * cs
                );
                if *rx > 0.0 {
                    let _ = write!(s, " rx=\"{:.1}\"", rx * cs);
                }
                paint(*fill, pen.as_ref(), cs, s);
                s.push_str("/>");
            }
            Item::Text {
                x,
                y,
                size,
                bold,
                centred,
                text,
                fill,
            } => {
                let fs = size * cs;
                let _ = write!(
                    s,
                    "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{fs:.1}\" fill=\"{}\"{}{}>",
                    px(*x),
                    baseline(py(*y), fs),
                    fill.hex(),
                    if *bold { " font-weight=\"bold\"" } else { "" },
                    if *centred {
                        " text-anchor=\"middle\""
                    } else {
                        ""
                    }
                );
                escape(text, s);
                s.push_str("</text>");
            }
        }
    }
    s.push_str("</g>");
}
