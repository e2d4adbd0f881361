//! Reading puzzles: one-line puzzles and grids, streamed one by one.
//!
//! `--input auto` decides once per input, at its first line that is neither blank nor a
//! comment:
//! - a line with whitespace, `|` or `+` in it is a grid row;
//! - a line of L symbols where L is N*N for an allowed N is a line puzzle, except when L is
//!   also an allowed side (16, 36, 64) and the line could be a grid row: then it is a grid
//!   row when it holds a value above sqrt(L), or when exactly L lines of L symbols follow
//!   up to the next blank line or the end of input;
//! - anything else is a grid row;
//! - but a line that starts with a space and has `|` exactly where a pencil-mark grid
//!   (`--format detail`) of some box shape draws them, and nothing else but marks where
//!   marks go, starts a pencil-mark grid (format `Detail`).
//!
//! In line format a line of N*N*N symbols for an allowed N is a position (pencil marks,
//! see `position.rs`). Three lengths are also N*N for another allowed N: 64 (a 4x4
//! position or an 8x8 puzzle), 729 (9x9 or 27x27) and 4096 (16x16 or 64x64). Such a line
//! is a position when it reads as one; else a puzzle when it reads as one; else the
//! position's error is reported when nine in ten of its marks (symbols other than blanks)
//! sit in their own places (it was meant as a position), the puzzle's error otherwise.
//! `--box` decides at once: N*N symbols are a puzzle, N*N*N a position.
//!
//! With `--box RxC` the shape is fixed: a first line of N*N symbols means line format and
//! one of N symbols (or N tokens) means grid format.
//!
//! CSV (as the public machine-learning collections ship puzzles: a header line, then
//! `quizzes,solutions` rows with `0` for a blank, or sudoku-extreme's
//! `source,question,answer,rating`): the first content line is the header, and the puzzle
//! column is the first whose name contains `quiz`, `puzzle` or `question` (in any case),
//! else the first column. Each row's puzzle field is read as a line puzzle; other columns
//! are ignored. Under auto detection, a first line with such a column name makes the input
//! CSV when it has a comma or is that one name alone (`quizzes`).

use std::collections::VecDeque;
use std::io::BufRead;

mod block;
pub use block::LineBlock;

use crate::error::{ParseError, ParseErrorKind};
use crate::position::{
    detail_layout, position_side, read_detail, read_position_line, DetailLayout,
};
use crate::symbols::{Symbol, Symbols};
use crate::{Grid, Mask, Shape};

/// Which text format to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum InputFormat {
    /// Decide per input (see the module documentation for the rule).
    #[default]
    Auto,
    /// One puzzle per line.
    Line,
    /// One row per line.
    Grid,
    /// A header line, then one puzzle a row in its puzzle column (see the module
    /// documentation).
    Csv,
    /// Pencil-mark grids as `--format detail` prints them ([`format_detail`](crate::format_detail)):
    /// positions with candidates.
    Detail,
}

/// How to read puzzles. The default reads either format, finds the box shape from the
/// size, and uses the standard alphabet.
///
/// ```
/// use numpl_core::{InputFormat, ParseOptions, Shape};
///
/// let opts = ParseOptions::new().input(InputFormat::Line).shape(Some(Shape::NINE));
/// assert_eq!(opts.input, InputFormat::Line);
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ParseOptions {
    /// The input format, or `Auto`.
    pub input: InputFormat,
    /// A fixed box shape (`--box`); otherwise the most square one for the size found.
    pub shape: Option<Shape>,
    /// The alphabet (`--symbols`).
    pub symbols: Symbols,
}

impl ParseOptions {
    /// The default options: `Auto` format, shape from the size, standard alphabet.
    pub fn new() -> ParseOptions {
        ParseOptions::default()
    }

    /// Sets the input format.
    #[must_use]
    pub fn input(mut self, input: InputFormat) -> ParseOptions {
        self.input = input;
        self
    }

    /// Fixes the box shape (`None`: the most square one for the size found).
    #[must_use]
    pub fn shape(mut self, shape: Option<Shape>) -> ParseOptions {
        self.shape = shape;
        self
    }

    /// Sets the alphabet.
    #[must_use]
    pub fn symbols(mut self, symbols: Symbols) -> ParseOptions {
        self.symbols = symbols;
        self
    }
}

/// One puzzle read from the input: its givens and, for a position (a puzzle with pencil
/// marks), the candidates of every cell.
///
/// The givens and the marks are read through [`Parsed::grid`] and [`Parsed::marks`]: a
/// position is built only by [`Parsed::position`], which checks that there is one mark set
/// per cell, so no `Parsed` holds marks of the wrong length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The givens (for a position: the cells with a value; none for a position line).
    grid: Grid,
    /// For a position, every cell's candidates as written (a filled cell's: its value);
    /// `None` for a plain puzzle, whose candidates are whatever the givens allow.
    marks: Option<Vec<Mask>>,
    /// The 1-based input line the puzzle starts on.
    pub line: usize,
    /// The format it was read in (`Line`, `Grid`, `Csv` or `Detail`, never `Auto`).
    pub format: InputFormat,
    /// A variant puzzle's rules (killer cages, jigsaw regions, ...); `None` for a classic
    /// puzzle. Its givens are `grid`'s, which the classic row/column/box check has not
    /// been applied to (a jigsaw's givens may share a box).
    variant: Option<std::sync::Arc<crate::variant::Variant>>,
}

/// Marks that do not fit their grid ([`Parsed::position`]): not one mark set per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarksLengthError {
    /// The grid's cells.
    pub cells: usize,
    /// The mark sets given.
    pub marks: usize,
}

impl std::fmt::Display for MarksLengthError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "marks: {} cells' marks for a grid of {} cells",
            self.marks, self.cells
        )
    }
}

impl std::error::Error for MarksLengthError {}

impl Parsed {
    /// A plain puzzle (no pencil marks) read at `line` in `format`.
    pub fn puzzle(grid: Grid, line: usize, format: InputFormat) -> Parsed {
        Parsed {
            grid,
            marks: None,
            line,
            format,
            variant: None,
        }
    }

    /// A variant puzzle: `grid`'s givens under `variant`'s rules.
    pub fn variant_puzzle(
        grid: Grid,
        variant: crate::variant::Variant,
        line: usize,
        format: InputFormat,
    ) -> Parsed {
        Parsed {
            grid,
            marks: None,
            line,
            format,
            variant: Some(std::sync::Arc::new(variant)),
        }
    }

    /// A variant puzzle's rules (`None` for a classic puzzle or position).
    pub fn variant(&self) -> Option<&crate::variant::Variant> {
        self.variant.as_deref()
    }

    /// The alphabet its grids are written in by default: the standard one, or a variant's
    /// own where its values start at 0 ([`crate::variant::Variant::symbols`]).
    pub fn symbols(&self) -> Symbols {
        self.variant()
            .map_or_else(Symbols::standard, crate::variant::Variant::symbols)
    }

    /// A position: `grid`'s givens with every cell's candidates cut to `marks`, one mark set
    /// per cell in reading order (a filled cell's: its value).
    ///
    /// # Errors
    ///
    /// [`MarksLengthError`] when `marks` does not hold one set per cell.
    ///
    /// ```
    /// use numpl_core::{Grid, InputFormat, Parsed, Shape};
    ///
    /// let g = Grid::empty(Shape::new(2, 2).unwrap());
    /// let p = Parsed::position(g.clone(), g.candidates(), 1, InputFormat::Line).unwrap();
    /// assert!(p.is_position());
    /// let err = Parsed::position(g, Vec::new(), 1, InputFormat::Line).unwrap_err();
    /// assert_eq!(err.to_string(), "marks: 0 cells' marks for a grid of 16 cells");
    /// ```
    pub fn position(
        grid: Grid,
        marks: Vec<Mask>,
        line: usize,
        format: InputFormat,
    ) -> Result<Parsed, MarksLengthError> {
        let cells = grid.values().len();
        if marks.len() != cells {
            return Err(MarksLengthError {
                cells,
                marks: marks.len(),
            });
        }
        Ok(Parsed {
            grid,
            marks: Some(marks),
            line,
            format,
            variant: None,
        })
    }

    /// The givens (for a position: the cells with a value).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// A position's marks, one set per cell (`None` for a plain puzzle).
    pub fn marks(&self) -> Option<&[Mask]> {
        self.marks.as_deref()
    }

    /// The givens, by value.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The givens and a position's marks, by value.
    pub fn into_parts(self) -> (Grid, Option<Vec<Mask>>) {
        (self.grid, self.marks)
    }

    /// Whether this is a position: a puzzle read with pencil marks.
    pub fn is_position(&self) -> bool {
        self.marks.is_some()
    }

    /// Every cell's candidates: a position's marks as read, but without a value placed in
    /// a peer (a filled cell: its value); for a plain puzzle, [`Grid::candidates`].
    pub fn candidates(&self) -> Vec<Mask> {
        let allowed = self.grid.candidates();
        match &self.marks {
            None => allowed,
            Some(marks) => marks
                .iter()
                .zip(allowed)
                .zip(self.grid.values())
                .map(|((&m, a), &v)| if v != 0 { a } else { m & a })
                .collect(),
        }
    }
}

/// Reads every puzzle of `text` (a convenience over [`PuzzleReader`]).
pub fn parse_all(text: &str, opts: &ParseOptions) -> Vec<Result<Parsed, ParseError>> {
    PuzzleReader::new(text.as_bytes(), opts.clone()).collect()
}

/// Reads exactly one puzzle from `text`: the first one. Its givens only: a position's
/// pencil marks are in [`parse_first`]'s answer.
///
/// # Errors
///
/// The first puzzle's [`ParseError`], or [`ParseErrorKind::Empty`] when `text` holds no
/// puzzle.
pub fn parse_one(text: &str, opts: &ParseOptions) -> Result<Grid, ParseError> {
    parse_first(text, opts).map(|p| p.grid)
}

/// Reads the first puzzle of `text`, a position's pencil marks included.
///
/// # Errors
///
/// The first puzzle's [`ParseError`], or [`ParseErrorKind::Empty`] when `text` holds no
/// puzzle.
///
/// ```
/// use numpl_core::{parse_first, ParseOptions};
///
/// // A 4x4 position: r1c1 keeps only 3, every other cell every value.
/// let line = format!("..3.{}", "1234".repeat(15));
/// let p = parse_first(&line, &ParseOptions::default()).unwrap();
/// assert!(p.is_position());
/// assert_eq!(p.grid().filled(), 0); // one candidate is not a given
/// assert_eq!(p.candidates()[0].to_string(), "{3}");
/// ```
pub fn parse_first(text: &str, opts: &ParseOptions) -> Result<Parsed, ParseError> {
    match PuzzleReader::new(text.as_bytes(), opts.clone()).next() {
        Some(r) => r,
        None => Err(ParseError {
            line: 1,
            kind: ParseErrorKind::Empty,
        }),
    }
}

/// A streaming reader: yields the puzzles of any [`BufRead`] one at a time, in input order,
/// holding at most one puzzle's lines in memory. A bad puzzle yields an `Err` naming its line
/// and reading goes on with the next one.
pub struct PuzzleReader<R> {
    input: R,
    opts: ParseOptions,
    /// Lines read ahead but not yet used: (1-based line number, text without line end).
    ahead: VecDeque<(usize, String)>,
    line_no: usize,
    eof: bool,
    format: Option<InputFormat>,
    buf: Vec<u8>,
    /// CSV: the puzzle column and the number of columns, once the header is read.
    csv: Option<(usize, usize)>,
    /// Pencil-mark grids: the box shape of the last one (for messages).
    detail_shape: Option<Shape>,
    /// An I/O error met while reading a block ([`PuzzleReader::next_block`]), after lines
    /// that went out in it: the iterator gives it next.
    deferred: Option<ParseError>,
}

/// What a line of the input is.
enum LineKind<'a> {
    Blank,
    Comment,
    Separator,
    Content(&'a str),
}

fn classify(line: &str) -> LineKind<'_> {
    let t = line.trim();
    if t.is_empty() {
        LineKind::Blank
    } else if t.starts_with('#') {
        LineKind::Comment
    } else if t
        .chars()
        .all(|c| matches!(c, '-' | '=' | '+' | '|') || c.is_whitespace())
    {
        LineKind::Separator
    } else {
        LineKind::Content(t)
    }
}

/// The side N when `len` is N*N for some N >= 2 (whether or not N has a box shape).
fn perfect_square_side(len: usize) -> Option<usize> {
    let n = (len as f64).sqrt().round() as usize;
    (n >= 2 && n * n == len).then_some(n)
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `input` with these options.
    pub fn new(input: R, opts: ParseOptions) -> PuzzleReader<R> {
        let format = match opts.input {
            InputFormat::Auto => None,
            f => Some(f),
        };
        PuzzleReader {
            input,
            opts,
            ahead: VecDeque::new(),
            line_no: 0,
            eof: false,
            format,
            buf: Vec::new(),
            csv: None,
            detail_shape: None,
            deferred: None,
        }
    }

    /// The format chosen so far (`None` until the first puzzle line was seen under `Auto`).
    pub fn format(&self) -> Option<InputFormat> {
        self.format
    }

    /// Reads one more line of the input into `buf`: the range of its text (without a
    /// leading BOM on line 1 and without its line end), or `None` at the end.
    fn read_raw(&mut self) -> Result<Option<(usize, usize)>, ParseError> {
        if self.eof {
            return Ok(None);
        }
        self.buf.clear();
        let n = self
            .input
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| ParseError {
                line: self.line_no + 1,
                kind: ParseErrorKind::Io(e.to_string()),
            })?;
        if n == 0 {
            self.eof = true;
            return Ok(None);
        }
        self.line_no += 1;
        let mut start = 0;
        if self.line_no == 1 && self.buf.starts_with(b"\xEF\xBB\xBF") {
            start = 3;
        }
        let mut end = self.buf.len();
        while end > start && matches!(self.buf[end - 1], b'\n' | b'\r') {
            end -= 1;
        }
        Ok(Some((start, end)))
    }

    /// Reads one more line from the input into `ahead`. Returns false at the end.
    fn fill(&mut self) -> Result<bool, ParseError> {
        let Some((start, end)) = self.read_raw()? else {
            return Ok(false);
        };
        self.push_ahead(start, end);
        Ok(true)
    }

    /// Keeps `buf[start..end]`, the line just read, in `ahead`.
    fn push_ahead(&mut self, start: usize, end: usize) {
        let bytes = &self.buf[start..end];
        let text = match std::str::from_utf8(bytes) {
            Ok(s) => s.to_string(),
            // Not text: keep the line so the puzzle it belongs to reports it.
            Err(_) => String::from_utf8_lossy(bytes).into_owned(),
        };
        self.ahead.push_back((self.line_no, text));
    }

    /// The next puzzle once the format is known to be `Line` and nothing is read ahead:
    /// each line is looked at in the read buffer, with no `String` per line. `None` hands
    /// over to the general path (a line that is not ASCII, now in `ahead`, or the end).
    fn next_line_puzzle(&mut self) -> Option<Result<Parsed, ParseError>> {
        loop {
            let (start, end) = match self.read_raw() {
                Ok(Some(r)) => r,
                Ok(None) => return None,
                Err(e) => {
                    self.eof = true;
                    return Some(Err(e));
                }
            };
            let t = trim_ascii(&self.buf[start..end]);
            if t.is_empty() || t[0] == b'#' {
                // Blank or comment (whatever else the line holds).
                continue;
            }
            if let Some(parsed) = read_line_fast(&self.opts, self.line_no, t) {
                return Some(parsed);
            }
            if !t.is_ascii() {
                // Unicode whitespace or separators may change what the line is.
                self.push_ahead(start, end);
                return None;
            }
            if t.iter()
                .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|') || is_space(b))
            {
                // A separator.
                continue;
            }
            let t = std::str::from_utf8(t).expect("ASCII");
            return Some(read_line_puzzle(&self.opts, self.line_no, t));
        }
    }

    /// The next line, read ahead or from the input.
    fn next_line(&mut self) -> Result<Option<(usize, String)>, ParseError> {
        if self.ahead.is_empty() && !self.fill()? {
            return Ok(None);
        }
        Ok(self.ahead.pop_front())
    }

    /// Decides the format at the first content line `t` (under `Auto`).
    fn decide(&mut self, t: &str) -> Result<InputFormat, ParseError> {
        if variant_reader(t).is_some() {
            return Ok(InputFormat::Line);
        }
        if csv_puzzle_column(t).is_some()
            && (t.contains(',') || t.chars().all(|c| c.is_ascii_alphabetic() || c == '_'))
        {
            return Ok(InputFormat::Csv);
        }
        if t.chars().any(|c| c.is_whitespace() || c == '|' || c == '+') {
            // N*N whitespace-separated tokens (N > 35 written without an alphabet) is a line.
            let count = t.split_whitespace().count();
            let position = match self.opts.shape {
                Some(s) => count == s.size().pow(3),
                None => position_side(count).is_some(),
            };
            if count > crate::MAX_SIZE && (perfect_square_side(count).is_some() || position) {
                return Ok(InputFormat::Line);
            }
            return Ok(InputFormat::Grid);
        }
        let len = t.chars().count();
        if len > crate::MAX_SIZE {
            // Too long for a grid row: a line puzzle (perhaps of a bad length).
            return Ok(InputFormat::Line);
        }
        if let Some(shape) = self.opts.shape {
            return Ok(if len == shape.cells() || len == shape.size().pow(3) {
                InputFormat::Line
            } else {
                InputFormat::Grid
            });
        }
        let Some(side) = perfect_square_side(len) else {
            return Ok(InputFormat::Grid);
        };
        if Shape::from_size(len).is_err() {
            return Ok(InputFormat::Line);
        }
        // Ambiguous: L symbols may be an L-cell line puzzle or a row of an L x L grid.
        let big = t.chars().any(|c| match self.opts.symbols.read(c, len) {
            Symbol::Value(v) => v as usize > side,
            _ => false,
        });
        if big {
            return Ok(InputFormat::Grid);
        }
        // Look ahead: a grid has exactly L rows of L symbols up to a blank line or the end.
        let mut rows = 1;
        let mut i = 0;
        loop {
            if i == self.ahead.len() && !self.fill()? {
                break;
            }
            match classify(&self.ahead[i].1) {
                LineKind::Blank => break,
                LineKind::Comment | LineKind::Separator => {}
                LineKind::Content(s) => {
                    if s.chars().count() != len {
                        return Ok(InputFormat::Line);
                    }
                    rows += 1;
                    if rows > len {
                        return Ok(InputFormat::Line);
                    }
                }
            }
            i += 1;
        }
        Ok(if rows == len {
            InputFormat::Grid
        } else {
            InputFormat::Line
        })
    }

    /// Reads one grid whose first row is `first` on line `start`.
    fn read_grid_puzzle(&mut self, start: usize, first: String) -> Result<Parsed, ParseError> {
        let symbols = self.opts.symbols.clone();
        let mut err_at: Option<ParseError> = None;
        // The side: from --box, or from the first row.
        let first_cells = split_row(&first, self.opts.shape.map(|s| s.size()));
        let shape = match self.opts.shape {
            Some(s) => Ok(s),
            None => Shape::from_size(first_cells.len()),
        };
        let shape = match shape {
            Ok(s) => s,
            Err(e) => {
                // Unknown side: skip to the next blank line, one error for the block.
                let kind = match self.opts.shape {
                    Some(_) => e.into(),
                    None => ParseErrorKind::BadRowLength {
                        cells: first_cells.len(),
                        text: first.chars().take(40).collect(),
                    },
                };
                self.skip_block()?;
                return Err(ParseError { line: start, kind });
            }
        };
        let n = shape.size();
        if let Err(k) = symbols.check_size(n) {
            err_at = Some(ParseError {
                line: start,
                kind: k,
            });
        }
        let mut cells: Vec<u8> = Vec::with_capacity(shape.cells());
        let mut rows = 0;
        // The boxes as drawn: the first row's text, and the rows that follow a blank or
        // separator line (0-based), so that a 6x6 drawn with 3x2 boxes reads as 3x2.
        let drawn_row = (self.opts.shape.is_none()).then(|| first.clone());
        let mut band_starts: Vec<usize> = Vec::new();
        let mut broken = false;
        let mut row_text = Some((start, first));
        let mut after_blank = false;
        loop {
            let (line, text) = match row_text.take() {
                Some(x) => x,
                None => match self.next_line()? {
                    Some(x) => x,
                    None => break,
                },
            };
            let content = match classify(&text) {
                LineKind::Blank => {
                    after_blank = true;
                    broken = true;
                    continue;
                }
                LineKind::Separator => {
                    broken = true;
                    continue;
                }
                LineKind::Comment => continue,
                LineKind::Content(t) => t.to_string(),
            };
            let toks = split_row(&content, Some(n));
            if toks.len() != n && after_blank && rows > 0 {
                // A new puzzle starts here: this grid was cut short.
                self.ahead.push_front((line, text));
                break;
            }
            after_blank = false;
            if broken && rows > 0 {
                band_starts.push(rows);
            }
            broken = false;
            rows += 1;
            if err_at.is_none() {
                if toks.len() != n {
                    err_at = Some(ParseError {
                        line,
                        kind: ParseErrorKind::RowLength {
                            row: rows,
                            found: toks.len(),
                            expected: n,
                        },
                    });
                } else {
                    for (col, tok) in toks.iter().enumerate() {
                        match read_token(&symbols, tok, n, rows, col + 1) {
                            Ok(v) => cells.push(v),
                            Err(kind) => {
                                err_at = Some(ParseError { line, kind });
                                break;
                            }
                        }
                    }
                }
            }
            if rows == n {
                break;
            }
        }
        if let Some(e) = err_at {
            return Err(e);
        }
        if rows < n {
            return Err(ParseError {
                line: start,
                kind: ParseErrorKind::Truncated {
                    found: rows,
                    expected: n,
                },
            });
        }
        let shape = match drawn_row {
            Some(row) => drawn_shape(&row, &band_starts, n).unwrap_or(shape),
            None => shape,
        };
        finish(shape, cells, start, InputFormat::Grid)
    }

    /// Reads one pencil-mark grid whose first line is `first` (line `start`): N*R lines
    /// that fit `layout`, blank, comment and rule lines between them skipped.
    fn read_detail_puzzle(
        &mut self,
        start: usize,
        first: String,
        layout: DetailLayout,
    ) -> Result<Parsed, ParseError> {
        let shape = layout.shape;
        let need = shape.size() * shape.box_rows();
        let symbols = self.opts.symbols.clone();
        symbols
            .check_size(shape.size())
            .map_err(|kind| ParseError { line: start, kind })?;
        let mut lines = Vec::with_capacity(need);
        lines.push((start, first));
        while lines.len() < need {
            let Some((line, text)) = self.next_line()? else {
                return Err(ParseError {
                    line: start,
                    kind: ParseErrorKind::Truncated {
                        found: lines.len() / shape.box_rows(),
                        expected: shape.size(),
                    },
                });
            };
            if detail_layout(&text, Some(shape), &symbols).is_some() {
                lines.push((line, text));
                continue;
            }
            match classify(&text) {
                LineKind::Blank | LineKind::Comment | LineKind::Separator => continue,
                LineKind::Content(t) => {
                    let kind = ParseErrorKind::DetailLine {
                        shape,
                        text: t.chars().take(40).collect(),
                    };
                    // The line may start the next puzzle: read it again.
                    self.ahead.push_front((line, text));
                    return Err(ParseError { line, kind });
                }
            }
        }
        let (grid, marks) = read_detail(layout, &lines, &symbols)?;
        grid.check().map_err(|c| ParseError {
            line: start,
            kind: ParseErrorKind::Conflict(c),
        })?;
        Ok(Parsed {
            grid,
            marks: Some(marks),
            line: start,
            format: InputFormat::Detail,
            variant: None,
        })
    }

    fn skip_block(&mut self) -> Result<(), ParseError> {
        while let Some((_, text)) = self.next_line()? {
            if matches!(classify(&text), LineKind::Blank) {
                break;
            }
        }
        Ok(())
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Parsed, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.deferred.take() {
            return Some(Err(e));
        }
        if self.format == Some(InputFormat::Line) && self.ahead.is_empty() {
            if let Some(r) = self.next_line_puzzle() {
                return Some(r);
            }
        }
        loop {
            let (line, text) = match self.next_line() {
                Ok(Some(x)) => x,
                Ok(None) => return None,
                Err(e) => {
                    self.eof = true;
                    self.ahead.clear();
                    return Some(Err(e));
                }
            };
            // A pencil-mark grid's line may be only spaces and `|` (a row of values), which
            // is no content line to `classify`: look for the layout first.
            if matches!(self.format, None | Some(InputFormat::Detail)) {
                if let Some(layout) = detail_layout(&text, self.opts.shape, &self.opts.symbols) {
                    self.format = Some(InputFormat::Detail);
                    self.detail_shape = Some(layout.shape);
                    return Some(self.read_detail_puzzle(line, text, layout));
                }
            }
            let t = match classify(&text) {
                LineKind::Content(t) => t.to_string(),
                _ => continue,
            };
            if self.format == Some(InputFormat::Detail) {
                // Not the first line of a pencil-mark grid: one error for the block.
                let shape = self.opts.shape.or(self.detail_shape);
                let kind = ParseErrorKind::DetailLine {
                    shape: shape.unwrap_or(Shape::NINE),
                    text: t.chars().take(40).collect(),
                };
                return Some(self.skip_block().and(Err(ParseError { line, kind })));
            }
            let format = match self.format {
                Some(f) => f,
                None => match self.decide(&t) {
                    Ok(f) => {
                        self.format = Some(f);
                        f
                    }
                    Err(e) => return Some(Err(e)),
                },
            };
            return Some(match format {
                InputFormat::Line => read_line_puzzle(&self.opts, line, &t),
                InputFormat::Csv => match self.csv {
                    None => {
                        // The header: choose the puzzle column, then read the rows.
                        let columns = split_csv(&t).count();
                        self.csv = Some((csv_puzzle_column(&t).unwrap_or(0), columns));
                        continue;
                    }
                    Some((column, columns)) => read_csv_row(&self.opts, line, &t, column, columns),
                },
                _ => self.read_grid_puzzle(line, text),
            });
        }
    }
}

/// The fields of a CSV line, each trimmed and without surrounding double quotes (puzzle
/// collections have no commas inside fields).
fn split_csv(line: &str) -> impl Iterator<Item = &str> {
    line.split(',').map(|f| {
        let f = f.trim();
        f.strip_prefix('"')
            .and_then(|f| f.strip_suffix('"'))
            .unwrap_or(f)
            .trim()
    })
}

/// The puzzle column of a CSV header: the first whose name contains `quiz`, `puzzle` or
/// `question` (sudoku-extreme's `source,question,answer,rating`).
fn csv_puzzle_column(header: &str) -> Option<usize> {
    split_csv(header).position(|name| {
        let name = name.to_ascii_lowercase();
        name.contains("quiz") || name.contains("puzzle") || name.contains("question")
    })
}

/// One CSV row: its puzzle field read as a line puzzle.
fn read_csv_row(
    opts: &ParseOptions,
    line: usize,
    row: &str,
    column: usize,
    columns: usize,
) -> Result<Parsed, ParseError> {
    let fields = split_csv(row).count();
    match split_csv(row).nth(column) {
        Some(field) if fields == columns => read_line_puzzle(opts, line, field).map(|p| Parsed {
            format: InputFormat::Csv,
            ..p
        }),
        _ => Err(ParseError {
            line,
            kind: ParseErrorKind::CsvFields {
                found: fields,
                expected: columns,
            },
        }),
    }
}

/// The common case of [`read_line_puzzle`]: the standard alphabet, one ASCII symbol per
/// byte (no whitespace), a valid length, every value in range. One table lookup per byte
/// and no per-character checks; `None` for anything else, which the general path reads
/// (and, for a bad line, reports cell by cell).
fn read_line_fast(
    opts: &ParseOptions,
    line: usize,
    bytes: &[u8],
) -> Option<Result<Parsed, ParseError>> {
    if opts.symbols.is_custom() {
        return None;
    }
    let len = bytes.len();
    let shape = match opts.shape {
        Some(s) if s.cells() == len => s,
        Some(_) => return None,
        None if len == Shape::NINE.cells() => Shape::NINE,
        // Perhaps a position: the general path decides.
        None if position_side(len).is_some() => return None,
        None => Shape::from_size(perfect_square_side(len)?).ok()?,
    };
    let n = shape.size();
    if n <= 9 {
        // Digits and `.` only, decoded with arithmetic the compiler vectorises: `.` is 0,
        // a digit its value (`0` a blank); any other byte comes out above 9 and sends the
        // line to the table below.
        let cells: Vec<u8> = bytes
            .iter()
            .map(|&b| if b == b'.' { 0 } else { b.wrapping_sub(b'0') })
            .collect();
        let max = cells.iter().copied().fold(0, u8::max);
        if max <= 9 {
            if max as usize > n {
                return None;
            }
            return Some(finish(shape, cells, line, InputFormat::Line));
        }
    }
    let cells: Vec<u8> = bytes.iter().map(|&b| STANDARD[b as usize]).collect();
    // Whitespace, unknown and non-ASCII bytes are u8::MAX, above any size.
    let max = cells.iter().copied().fold(0, u8::max);
    if max as usize > n {
        return None;
    }
    Some(finish(shape, cells, line, InputFormat::Line))
}

/// A reader of one variant puzzle text.
type VariantReader = fn(&str) -> Result<crate::variant::json::VariantPuzzle, String>;

/// The reader of a variant puzzle line: f-puzzles JSON (`{...}` with `"size"` and
/// `"grid"`) or an f-puzzles or SudokuPad link carrying it, numpl's JSON record (`{...}`)
/// or an ISS text.
fn variant_reader(t: &str) -> Option<VariantReader> {
    if crate::variant::fpuzzles::detect(t) {
        Some(crate::variant::fpuzzles::read)
    } else if t.starts_with('{') {
        Some(crate::variant::json::read)
    } else if crate::variant::iss::detect(t) {
        Some(crate::variant::iss::read)
    } else {
        None
    }
}

/// Reads a line puzzle: `t` is the line without surrounding whitespace.
fn read_line_puzzle(opts: &ParseOptions, line: usize, t: &str) -> Result<Parsed, ParseError> {
    if let Some(parsed) = read_line_fast(opts, line, t.as_bytes()) {
        return parsed;
    }
    let err = |kind| ParseError { line, kind };
    if let Some(read) = variant_reader(t) {
        let p = read(t).map_err(|message| err(ParseErrorKind::Variant { message }))?;
        // Givens that repeat a value in a house of the rules: no solution, and a front end
        // would draw a clash as given.
        if let Some(why) = p.variant.givens_clash(&p.givens) {
            return Err(err(ParseErrorKind::Variant {
                message: format!("givens: {why}"),
            }));
        }
        if let Some(shape) = opts.shape.filter(|&s| s != p.givens.shape()) {
            return Err(err(ParseErrorKind::Variant {
                message: format!(
                    "a puzzle for box {} where box {shape} was asked for",
                    p.givens.shape()
                ),
            }));
        }
        // An f-puzzles puzzle without rules beyond the boxes (a classic link) is classic.
        if p.variant.boxes()
            && p.variant.constraints().is_empty()
            && crate::variant::fpuzzles::detect(t)
        {
            return Ok(Parsed::puzzle(p.givens, line, InputFormat::Line));
        }
        return Ok(Parsed::variant_puzzle(
            p.givens,
            p.variant,
            line,
            InputFormat::Line,
        ));
    }
    let ascii = t.is_ascii();
    let spaced = if ascii {
        t.bytes().any(is_space)
    } else {
        t.chars().any(char::is_whitespace)
    };
    let len = if spaced {
        t.split_whitespace().count()
    } else if ascii {
        t.len()
    } else {
        t.chars().count()
    };
    let cells = || -> Vec<&str> {
        if spaced {
            t.split_whitespace().collect()
        } else {
            t.char_indices()
                .map(|(i, c)| &t[i..i + c.len_utf8()])
                .collect()
        }
    };
    let position = |shape: Shape| {
        let cells = cells();
        read_position_line(&opts.symbols, shape, &cells, |i| i + 1)
            .map(|(grid, marks)| Parsed {
                grid,
                marks: Some(marks),
                line,
                format: InputFormat::Line,
                variant: None,
            })
            .map_err(err)
    };
    match opts.shape {
        Some(shape) if len == shape.size().pow(3) && len != shape.cells() => {
            return position(shape)
        }
        None => {
            if let Some(side) = position_side(len) {
                let pos_shape = Shape::from_size(side).expect("a position side has a shape");
                let square = perfect_square_side(len).and_then(|m| Shape::from_size(m).ok());
                let Some(square) = square else {
                    return position(pos_shape);
                };
                // Both readings are possible (64, 729, 4096 symbols).
                let as_position = position(pos_shape);
                if as_position.is_ok() {
                    return as_position;
                }
                let as_puzzle = read_cells(opts, line, t, spaced, square);
                if as_puzzle.is_ok() {
                    return as_puzzle;
                }
                // Which one was meant: a position has its marks in their places.
                let (mut marks, mut placed) = (0usize, 0usize);
                for (i, tok) in cells().iter().enumerate() {
                    match read_mark_value(&opts.symbols, tok, side) {
                        Some(0) => {}
                        Some(v) if v as usize == i % side + 1 => {
                            marks += 1;
                            placed += 1;
                        }
                        _ => marks += 1,
                    }
                }
                let meant = marks > 0 && placed * 10 >= marks * 9;
                return if meant { as_position } else { as_puzzle };
            }
        }
        _ => {}
    }
    let shape = match opts.shape {
        Some(shape) if len == shape.cells() => shape,
        Some(shape) => {
            return Err(err(stray(opts, t, spaced).unwrap_or(
                ParseErrorKind::WrongLength {
                    len,
                    expected: shape.cells(),
                    shape,
                },
            )))
        }
        None => match perfect_square_side(len).and_then(|n| Shape::from_size(n).ok()) {
            Some(shape) => shape,
            None => {
                return Err(err(
                    stray(opts, t, spaced).unwrap_or(ParseErrorKind::BadLineLength { len })
                ))
            }
        },
    };
    read_cells(opts, line, t, spaced, shape)
}

/// The value of a symbol or token (0 for a blank), `None` when it is neither.
fn read_mark_value(symbols: &Symbols, tok: &str, n: usize) -> Option<u8> {
    let mut it = tok.chars();
    if let (Some(c), None) = (it.next(), it.next()) {
        return match symbols.read(c, n) {
            Symbol::Blank => Some(0),
            Symbol::Value(v) => Some(v),
            Symbol::Unknown => None,
        };
    }
    tok.parse::<u8>().ok()
}

/// Reads the cells of a line puzzle of `shape` (whose length was checked).
fn read_cells(
    opts: &ParseOptions,
    line: usize,
    t: &str,
    spaced: bool,
    shape: Shape,
) -> Result<Parsed, ParseError> {
    let err = |kind| ParseError { line, kind };
    let n = shape.size();
    opts.symbols.check_size(n).map_err(err)?;
    let mut cells = Vec::with_capacity(shape.cells());
    if spaced {
        for (i, tok) in t.split_whitespace().enumerate() {
            cells.push(read_token(&opts.symbols, tok, n, i / n + 1, i % n + 1).map_err(err)?);
        }
    } else {
        for (i, c) in t.chars().enumerate() {
            cells.push(read_symbol(&opts.symbols, c, n, i / n + 1, i % n + 1).map_err(err)?);
        }
    }
    finish(shape, cells, line, InputFormat::Line)
}

/// For a line puzzle of a wrong length: the first character that is neither a symbol nor
/// a blank (a stray carriage return, tab or space inside the line, say), which likely
/// explains the length. `None` when there is none, or when the line is whitespace-separated
/// numbers and symbols (then whitespace separates cells and the count of cells is what is
/// wrong).
fn stray(opts: &ParseOptions, t: &str, spaced: bool) -> Option<ParseErrorKind> {
    if spaced
        && t.split_whitespace()
            .all(|tok| tok.chars().count() == 1 || tok.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let (col, symbol) = t
        .chars()
        .enumerate()
        .find(|&(_, c)| opts.symbols.read(c, crate::MAX_SIZE) == Symbol::Unknown)?;
    Some(ParseErrorKind::Unexpected {
        symbol,
        col: col + 1,
        len: t.chars().count(),
    })
}

/// The standard alphabet by byte (what [`Symbols::read`] says): 0 for a blank, the value,
/// or `u8::MAX` for a byte that is no symbol.
static STANDARD: [u8; 256] = {
    let mut t = [u8::MAX; 256];
    t[b'.' as usize] = 0;
    t[b'0' as usize] = 0;
    t[b'_' as usize] = 0;
    t[b'/' as usize] = 0;
    let mut i = 0;
    while i < 9 {
        t[(b'1' + i) as usize] = i + 1;
        i += 1;
    }
    let mut i = 0;
    while i < 26 {
        t[(b'A' + i) as usize] = i + 10;
        t[(b'a' + i) as usize] = i + 10;
        i += 1;
    }
    t
};

/// `char::is_whitespace` for an ASCII byte (it counts the vertical tab, unlike
/// `u8::is_ascii_whitespace`).
#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r')
}

/// ASCII text without leading and trailing whitespace (what `str::trim` does to it).
fn trim_ascii(mut t: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = t {
        if !is_space(*first) {
            break;
        }
        t = rest;
    }
    while let [rest @ .., last] = t {
        if !is_space(*last) {
            break;
        }
        t = rest;
    }
    t
}

/// Splits a grid row into cell tokens: `|` and `+` are dropped; a row without spaces is
/// one symbol per character; a row with spaces is whitespace-separated tokens, except that
/// groups of symbols (`123 456 789`) are taken character by character.
/// The box shape a grid draws, when it draws one: box columns from the first row (a `|`
/// between cells, or a wider step between the cells' right ends, as in the seed's layout:
/// docs/FORMATS.md, "The seed"),
/// box rows from the rows that follow a blank or separator line (`band_starts`, 0-based).
/// Either one alone fixes the other (R * C = N). `None` when nothing is drawn, or what is
/// drawn is not boxes of one size.
fn drawn_shape(first_row: &str, band_starts: &[usize], n: usize) -> Option<Shape> {
    let every = |marks: &[usize]| -> Option<usize> {
        let step = *marks.first()?;
        let regular = step >= 2
            && n.is_multiple_of(step)
            && marks.len() == n / step - 1
            && marks.iter().enumerate().all(|(i, &m)| m == (i + 1) * step);
        regular.then_some(step)
    };
    let cols = every(&drawn_column_marks(first_row, n));
    let rows = every(band_starts);
    let (r, c) = match (rows, cols) {
        (Some(r), Some(c)) if r * c == n => (r, c),
        (Some(_), Some(_)) => return None,
        (Some(r), None) => (r, n / r),
        (None, Some(c)) => (n / c, c),
        (None, None) => return None,
    };
    Shape::new(r, c).ok()
}

/// The cells of a row that a box boundary is drawn before (1-based counts of cells to its
/// left), for a row of `n` cells.
fn drawn_column_marks(row: &str, n: usize) -> Vec<usize> {
    // Each cell's last character position, and whether a `|` or `+` comes before it.
    let spaced = row.split_whitespace().count() == n;
    let mut ends: Vec<(usize, bool)> = Vec::with_capacity(n);
    let mut bar = false;
    let mut in_cell = false;
    for (i, ch) in row.chars().enumerate() {
        if ch == '|' || ch == '+' {
            bar = true;
            in_cell = false;
        } else if ch.is_whitespace() {
            in_cell = false;
        } else if spaced && in_cell {
            if let Some(last) = ends.last_mut() {
                last.0 = i;
            }
        } else {
            ends.push((i, bar));
            bar = false;
            in_cell = true;
        }
    }
    if ends.len() != n {
        return Vec::new();
    }
    if ends.iter().skip(1).any(|&(_, bar)| bar) {
        return (1..n).filter(|&i| ends[i].1).collect();
    }
    let steps: Vec<usize> = ends.windows(2).map(|w| w[1].0 - w[0].0).collect();
    let Some(&narrow) = steps.iter().min() else {
        return Vec::new();
    };
    (1..n).filter(|&i| steps[i - 1] > narrow).collect()
}

fn split_row(row: &str, n: Option<usize>) -> Vec<String> {
    let cleaned: String = row
        .chars()
        .map(|c| if c == '|' || c == '+' { ' ' } else { c })
        .collect();
    let toks: Vec<&str> = cleaned.split_whitespace().collect();
    let as_tokens = || toks.iter().map(|t| t.to_string()).collect::<Vec<_>>();
    let as_chars = || toks.concat().chars().map(String::from).collect::<Vec<_>>();
    if toks.iter().all(|t| t.chars().count() == 1) {
        return as_tokens();
    }
    let chars = as_chars();
    if toks.len() == 1 {
        return chars;
    }
    match n {
        Some(n) if toks.len() == n => as_tokens(),
        Some(n) if chars.len() == n => chars,
        Some(_) => as_tokens(),
        None => {
            let numbers_ok = toks
                .iter()
                .all(|t| t.chars().count() == 1 || t.chars().all(|c| c.is_ascii_digit()));
            if numbers_ok && Shape::from_size(toks.len()).is_ok() {
                as_tokens()
            } else if Shape::from_size(chars.len()).is_ok() {
                chars
            } else {
                as_tokens()
            }
        }
    }
}

/// The value of one character (0 for a blank).
fn read_symbol(
    symbols: &Symbols,
    c: char,
    n: usize,
    row: usize,
    col: usize,
) -> Result<u8, ParseErrorKind> {
    match symbols.read(c, n) {
        Symbol::Blank => Ok(0),
        Symbol::Value(v) if v as usize <= n => Ok(v),
        Symbol::Value(_) => Err(ParseErrorKind::OutOfRange {
            value: c.to_string(),
            row,
            col,
            size: n,
        }),
        Symbol::Unknown => Err(ParseErrorKind::UnknownSymbol {
            symbol: c.to_string(),
            row,
            col,
        }),
    }
}

/// The value of one grid token: a symbol, a blank, or a decimal number 1..N.
fn read_token(
    symbols: &Symbols,
    tok: &str,
    n: usize,
    row: usize,
    col: usize,
) -> Result<u8, ParseErrorKind> {
    let mut it = tok.chars();
    if let (Some(c), None) = (it.next(), it.next()) {
        return read_symbol(symbols, c, n, row, col);
    }
    if tok.chars().all(|c| c.is_ascii_digit()) {
        return match tok.parse::<usize>() {
            Ok(0) => Ok(0),
            Ok(v) if v <= n => Ok(v as u8),
            _ => Err(ParseErrorKind::OutOfRange {
                value: tok.to_string(),
                row,
                col,
                size: n,
            }),
        };
    }
    Err(ParseErrorKind::UnknownSymbol {
        symbol: tok.to_string(),
        row,
        col,
    })
}

fn finish(
    shape: Shape,
    cells: Vec<u8>,
    line: usize,
    format: InputFormat,
) -> Result<Parsed, ParseError> {
    let grid = Grid::from_values(shape, cells).expect("values were range-checked");
    grid.check().map_err(|c| ParseError {
        line,
        kind: ParseErrorKind::Conflict(c),
    })?;
    Ok(Parsed {
        grid,
        marks: None,
        line,
        format,
        variant: None,
    })
}
