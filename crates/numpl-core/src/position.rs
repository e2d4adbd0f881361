//! Positions: puzzles with pencil marks (docs/FORMATS.md, "Positions").
//!
//! Two forms are read, and both are written back the same:
//! - the position line: N*N*N symbols, for each cell in reading order its N places, place p
//!   (1-based) holding the symbol of value p where p is still a candidate and a blank (`.`
//!   or `0`) where it is not (the 729-symbol line of a 9x9). A cell with one candidate is
//!   an open cell with one candidate, not a given: the line has no givens at all.
//! - the pencil-mark grid that [`format_detail`](crate::format_detail) prints: every cell
//!   an R x C block, an open cell with a mark or `.` in each place, a filled cell with its
//!   value alone in the middle of its block (blanks around it). Its columns are fixed, so it
//!   is read by column, not by token.

use crate::error::{ParseError, ParseErrorKind};
use crate::symbols::{Symbol, Symbols};
use crate::{Grid, Mask, Shape};

/// The side N when `len` is N*N*N for an N that has a box shape (4, 6, 8, 9, ... 64).
pub(crate) fn position_side(len: usize) -> Option<usize> {
    let n = (len as f64).cbrt().round() as usize;
    (n * n * n == len && Shape::from_size(n).is_ok()).then_some(n)
}

/// Reads a position line of `shape`: `cells` are its N*N*N symbols (one string each: a
/// character, or a token of a whitespace-separated line), `col_of(i)` the 1-based column of
/// symbol `i` for messages.
pub(crate) fn read_position_line(
    symbols: &Symbols,
    shape: Shape,
    cells: &[&str],
    col_of: impl Fn(usize) -> usize,
) -> Result<(Grid, Vec<Mask>), ParseErrorKind> {
    let n = shape.size();
    symbols.check_size(n)?;
    debug_assert_eq!(cells.len(), n * n * n);
    let mut marks = Vec::with_capacity(n * n);
    for (cell, places) in cells.chunks_exact(n).enumerate() {
        let (row, col) = (cell / n + 1, cell % n + 1);
        let mut m = Mask::EMPTY;
        for (p, &tok) in places.iter().enumerate() {
            let place = p + 1;
            let i = cell * n + p;
            match read_mark(symbols, tok, n) {
                Mark::Blank => {}
                Mark::Value(v) if v as usize == place => m.insert(v),
                Mark::Value(_) => {
                    return Err(ParseErrorKind::MisplacedCandidate {
                        symbol: tok.to_string(),
                        row,
                        col,
                        column: col_of(i),
                        place,
                        expected: write_value(symbols, n, place as u8),
                    })
                }
                Mark::Unknown => {
                    return Err(ParseErrorKind::UnknownSymbol {
                        symbol: tok.to_string(),
                        row,
                        col,
                    })
                }
            }
        }
        if m.is_empty() {
            return Err(ParseErrorKind::NoCandidate { row, col });
        }
        marks.push(m);
    }
    Ok((Grid::empty(shape), marks))
}

/// What one symbol of a position means.
enum Mark {
    Blank,
    Value(u8),
    Unknown,
}

fn read_mark(symbols: &Symbols, tok: &str, n: usize) -> Mark {
    let mut it = tok.chars();
    if let (Some(c), None) = (it.next(), it.next()) {
        return match symbols.read(c, n) {
            Symbol::Blank => Mark::Blank,
            Symbol::Value(v) if v as usize <= n => Mark::Value(v),
            // A letter beyond N is in no place of an N-place cell.
            Symbol::Value(v) => Mark::Value(v),
            Symbol::Unknown => Mark::Unknown,
        };
    }
    if !tok.is_empty() && tok.bytes().all(|b| b == b'.') {
        return Mark::Blank;
    }
    if tok.bytes().all(|b| b.is_ascii_digit()) {
        return match tok.parse::<usize>() {
            Ok(0) => Mark::Blank,
            Ok(v) if v <= u8::MAX as usize => Mark::Value(v as u8),
            _ => Mark::Unknown,
        };
    }
    Mark::Unknown
}

/// The text of `value` as the formats write it: one character where the alphabet has
/// one, else the decimal number.
fn write_value(symbols: &Symbols, n: usize, value: u8) -> String {
    if symbols.covers(n) {
        symbols.write(value).unwrap_or('?').to_string()
    } else {
        value.to_string()
    }
}

/// The position line of a grid with pencil marks: N*N*N symbols, for each cell its N
/// places holding the value where it is a candidate and `.` where it is not. A filled
/// cell is written as its value alone (the line has no givens: it reads back as an open
/// cell with one candidate). Sizes whose values the alphabet cannot write with one
/// character each (N > 35 with the standard alphabet) are written as whitespace-separated
/// tokens, `.` for a blank, which the reader takes back.
///
/// # Panics
///
/// When `marks` has fewer masks than the grid has cells.
///
/// ```
/// use numpl_core::{format_position_line, parse_all, Grid, Mask, ParseOptions, Shape, Symbols};
///
/// let shape = Shape::new(2, 2).unwrap();
/// let mut marks = vec![Mask::all(4); 16];
/// marks[0] = Mask::single(3);
/// let line = format_position_line(&Grid::empty(shape), &marks, &Symbols::standard());
/// assert_eq!(line.len(), 64);
/// assert!(line.starts_with("..3.1234"));
/// let p = parse_all(&line, &ParseOptions::default()).remove(0).unwrap();
/// assert_eq!(p.marks(), Some(&marks[..]));
/// ```
pub fn format_position_line(grid: &Grid, marks: &[Mask], symbols: &Symbols) -> String {
    let n = grid.size();
    let one = symbols.covers(n);
    let mut out = String::with_capacity(grid.values().len() * n * if one { 1 } else { 3 });
    for (i, &v) in grid.values().iter().enumerate() {
        let m = if v != 0 { Mask::single(v) } else { marks[i] };
        for p in 1..=n as u8 {
            if !one && !out.is_empty() {
                out.push(' ');
            }
            if m.contains(p) {
                if one {
                    out.push(symbols.write(p).unwrap_or('?'));
                } else {
                    out.push_str(&p.to_string());
                }
            } else {
                out.push('.');
            }
        }
    }
    out
}

/// The column layout of a pencil-mark grid as [`format_detail`](crate::format_detail)
/// prints it: a leading space, each cell's marks `w` wide separated by one space, two
/// spaces between cells and ` | ` between boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DetailLayout {
    pub(crate) shape: Shape,
    /// Characters per mark: 1 when the alphabet writes every value with one character,
    /// else the digits of N.
    pub(crate) w: usize,
}

impl DetailLayout {
    fn new(shape: Shape, symbols: &Symbols) -> DetailLayout {
        let n = shape.size();
        let w = if symbols.covers(n) {
            1
        } else {
            n.to_string().len()
        };
        DetailLayout { shape, w }
    }

    fn cell_width(&self) -> usize {
        let bc = self.shape.box_cols();
        bc * self.w + bc - 1
    }

    /// The 0-based column where cell column `c` starts.
    fn cell_start(&self, c: usize) -> usize {
        1 + c * (self.cell_width() + 2) + c / self.shape.box_cols()
    }

    /// The 0-based column of mark `j` (0-based) of cell column `c`.
    fn mark_start(&self, c: usize, j: usize) -> usize {
        self.cell_start(c) + j * (self.w + 1)
    }

    /// The columns of the `|` between boxes.
    fn bars(&self) -> impl Iterator<Item = usize> + '_ {
        let bc = self.shape.box_cols();
        (1..self.shape.box_rows()).map(move |k| self.cell_start(k * bc) - 2)
    }

    /// The width of a full line.
    fn width(&self) -> usize {
        self.cell_start(self.shape.size() - 1) + self.cell_width()
    }

    /// Whether `chars` (a line without trailing whitespace) fits this layout: `|` exactly
    /// at the box columns, anything else but spaces only where marks go.
    fn fits(&self, chars: &[char]) -> bool {
        if chars.len() > self.width() {
            return false;
        }
        let mut bars = self.bars().peekable();
        let n = self.shape.size();
        let (bc, w) = (self.shape.box_cols(), self.w);
        // The mark under each column: walk cells and marks in order.
        let mut next_mark = (0usize, 0usize);
        for (x, &ch) in chars.iter().enumerate() {
            if bars.peek() == Some(&x) {
                bars.next();
                if ch != '|' {
                    return false;
                }
                continue;
            }
            if ch == '|' {
                return false;
            }
            if ch == ' ' {
                continue;
            }
            // Is x inside a mark? Advance to the first mark that ends after x.
            while next_mark.0 < n && self.mark_start(next_mark.0, next_mark.1) + w <= x {
                next_mark.1 += 1;
                if next_mark.1 == bc {
                    next_mark = (next_mark.0 + 1, 0);
                }
            }
            if next_mark.0 >= n || self.mark_start(next_mark.0, next_mark.1) > x {
                return false;
            }
        }
        // Every bar drawn (a line ends at its last bar at the earliest).
        bars.next().is_none()
    }

    /// The text of mark `j` of cell column `c` on a line (spaces beyond its end).
    fn mark<'a>(&self, chars: &'a [char], c: usize, j: usize) -> &'a [char] {
        let s = self.mark_start(c, j);
        let e = (s + self.w).min(chars.len());
        if s >= chars.len() {
            &[]
        } else {
            &chars[s..e]
        }
    }
}

/// The layout of a pencil-mark grid whose line `text` is one of (any of its lines: each has
/// the `|` of every box boundary at fixed columns), for the shape `shape` or any shape.
pub(crate) fn detail_layout(
    text: &str,
    shape: Option<Shape>,
    symbols: &Symbols,
) -> Option<DetailLayout> {
    let t = text.trim_end();
    if !t.starts_with(' ') || !t.contains('|') {
        return None;
    }
    let chars: Vec<char> = t.chars().collect();
    let bars = chars.iter().filter(|&&c| c == '|').count();
    let fits = |s: Shape| {
        let l = DetailLayout::new(s, symbols);
        l.fits(&chars).then_some(l)
    };
    match shape {
        Some(s) => fits(s),
        None => {
            let br = bars + 1;
            (2..=crate::MAX_SIZE / br)
                .filter_map(|bc| Shape::new(br, bc).ok())
                .find_map(fits)
        }
    }
}

/// What one place of a pencil-mark grid holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Space,
    Blank,
    Value(u8),
    Bad,
}

fn read_place(text: &[char], symbols: &Symbols, n: usize, w: usize) -> Place {
    let s: String = text.iter().collect();
    let t = s.trim();
    if t.is_empty() {
        return Place::Space;
    }
    if w == 1 {
        let c = text[0];
        return match symbols.read(c, n) {
            Symbol::Blank => Place::Blank,
            Symbol::Value(v) if v as usize <= n => Place::Value(v),
            _ => Place::Bad,
        };
    }
    if t.bytes().all(|b| b == b'.') && t.len() == w {
        return Place::Blank;
    }
    match t.parse::<usize>() {
        Ok(v) if (1..=n).contains(&v) && t.bytes().all(|b| b.is_ascii_digit()) => {
            Place::Value(v as u8)
        }
        _ => Place::Bad,
    }
}

/// Decodes a pencil-mark grid from its N*R lines (`(line number, text)`, every one fitting
/// `layout`): the values and every cell's marks (a filled cell's: its value).
pub(crate) fn read_detail(
    layout: DetailLayout,
    lines: &[(usize, String)],
    symbols: &Symbols,
) -> Result<(Grid, Vec<Mask>), ParseError> {
    let shape = layout.shape;
    let (n, br, bc, w) = (shape.size(), shape.box_rows(), shape.box_cols(), layout.w);
    debug_assert_eq!(lines.len(), n * br);
    let chars: Vec<Vec<char>> = lines
        .iter()
        .map(|(_, t)| t.trim_end().chars().collect())
        .collect();
    let mut values = vec![0u8; n * n];
    let mut marks = vec![Mask::EMPTY; n * n];
    let (mid_row, mid_col) = (br / 2, bc / 2);
    for r in 0..n {
        for c in 0..n {
            let (row, col) = (r + 1, c + 1);
            // Every place of the cell, with its line and column for messages.
            let mut places = Vec::with_capacity(n);
            for m in 0..br {
                let k = r * br + m;
                for j in 0..bc {
                    let text = layout.mark(&chars[k], c, j);
                    places.push((
                        read_place(text, symbols, n, w),
                        lines[k].0,
                        layout.mark_start(c, j) + 1,
                        text.iter().collect::<String>(),
                    ));
                }
            }
            let middle = mid_row * bc + mid_col;
            let spaces = places.iter().filter(|p| p.0 == Place::Space).count();
            let err = |line: usize, kind| ParseError { line, kind };
            if spaces == n - 1 {
                // A filled cell: its value alone in the middle of the block.
                if let Place::Value(v) = places[middle].0 {
                    values[r * n + c] = v;
                    marks[r * n + c] = Mask::single(v);
                    continue;
                }
            }
            if spaces == 0 {
                let mut mask = Mask::EMPTY;
                for (p, (place, line, column, text)) in places.iter().enumerate() {
                    let value = p as u8 + 1;
                    match *place {
                        Place::Blank => {}
                        Place::Value(v) if v == value => mask.insert(v),
                        Place::Value(_) => {
                            return Err(err(
                                *line,
                                ParseErrorKind::MisplacedCandidate {
                                    symbol: text.trim().to_string(),
                                    row,
                                    col,
                                    column: *column,
                                    place: value as usize,
                                    expected: write_value(symbols, n, value),
                                },
                            ))
                        }
                        _ => {
                            return Err(err(
                                *line,
                                ParseErrorKind::UnknownSymbol {
                                    symbol: text.trim().to_string(),
                                    row,
                                    col,
                                },
                            ))
                        }
                    }
                }
                if mask.is_empty() {
                    return Err(err(places[0].1, ParseErrorKind::NoCandidate { row, col }));
                }
                marks[r * n + c] = mask;
                continue;
            }
            // The first place that breaks the pattern most of the cell follows: a place
            // other than the middle that is not blank in a value's block, a blank place in
            // a block of marks.
            let value_like = spaces * 2 >= n;
            let line = places
                .iter()
                .enumerate()
                .find(|(i, p)| {
                    p.0 == Place::Bad
                        || if value_like {
                            *i != middle && p.0 != Place::Space
                        } else {
                            p.0 == Place::Space
                        }
                })
                .map_or(places[0].1, |(_, p)| p.1);
            return Err(err(line, ParseErrorKind::DetailCell { row, col }));
        }
    }
    let grid = Grid::from_values(shape, values).expect("values were range-checked");
    Ok((grid, marks))
}
