//! Typed errors. Each one says where: the input line, the cell (in `r1c1` notation).

use std::borrow::Cow;

use thiserror::Error;

use crate::{Cell, Shape};

/// Input text as a message quotes it: control characters (ESC, NUL, U+0001, ...) and the
/// invisible bidirectional overrides are escaped as Rust writes them (`\u{1b}`, `\0`),
/// so that no byte of a hostile input reaches a terminal raw; everything else is kept.
///
/// ```
/// use numpl_core::escape_controls;
///
/// assert_eq!(escape_controls("12\u{1b}[31m"), "12\\u{1b}[31m");
/// assert_eq!(escape_controls("a\0b\u{1}"), "a\\0b\\u{1}");
/// assert_eq!(escape_controls("`1.3`"), "`1.3`");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A size or box shape that numpl does not handle: boxes are R x C with R, C >= 2, and the
/// side N = R*C is at most 64.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// A side with no box shape R x C, R, C >= 2.
    #[error("size {size} has no box shape (it must be R*C with R, C >= 2)")]
    NoBoxShape {
        /// The side that was asked for.
        size: usize,
    },
    /// A side above 64.
    #[error("size {size} is too large (at most 64)")]
    TooLarge {
        /// The side that was asked for.
        size: usize,
    },
    /// A box shape with a side below 2 or an area above 64.
    #[error("box {box_rows}x{box_cols} is not allowed (R, C >= 2 and R*C <= 64)")]
    BadBox {
        /// Rows per box.
        box_rows: usize,
        /// Columns per box.
        box_cols: usize,
    },
    /// Text that is neither `N` nor `RxC`.
    #[error("cannot read `{}` as a size N or a box shape RxC", escape_controls(.text))]
    Unreadable {
        /// The text given.
        text: String,
    },
}

/// Two givens that break the rules: the same value twice in one unit.
///
/// Displayed as `r1c1 and r1c5 both hold 5`; the cells are also given as values.
///
/// ```
/// use numpl_core::{Grid, Shape};
///
/// let mut values = vec![0; 81];
/// values[0] = 5;
/// values[4] = 5;
/// let conflict = Grid::from_values(Shape::NINE, values).unwrap().check().unwrap_err();
/// assert_eq!(conflict.to_string(), "r1c1 and r1c5 both hold 5");
/// assert_eq!((conflict.first().index(), conflict.second().index()), (0, 4));
/// assert_eq!((conflict.second_row(), conflict.second_col()), (0, 4));
/// assert_eq!(conflict.value(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    shape: Shape,
    first: Cell,
    second: Cell,
    value: u8,
}

impl Conflict {
    /// The conflict of `first` and `second` (cells of a grid of `shape`), both holding `value`.
    pub const fn new(shape: Shape, first: Cell, second: Cell, value: u8) -> Conflict {
        Conflict {
            shape,
            first,
            second,
            value,
        }
    }

    /// The shape of the grid.
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// The first cell (the one seen first in the unit).
    pub const fn first(&self) -> Cell {
        self.first
    }

    /// The second cell.
    pub const fn second(&self) -> Cell {
        self.second
    }

    /// The value both cells hold.
    pub const fn value(&self) -> u8 {
        self.value
    }

    /// The 0-based row of the first cell.
    pub const fn first_row(&self) -> usize {
        self.shape.row_of(self.first)
    }

    /// The 0-based column of the first cell.
    pub const fn first_col(&self) -> usize {
        self.shape.col_of(self.first)
    }

    /// The 0-based row of the second cell.
    pub const fn second_row(&self) -> usize {
        self.shape.row_of(self.second)
    }

    /// The 0-based column of the second cell.
    pub const fn second_col(&self) -> usize {
        self.shape.col_of(self.second)
    }
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} and {} both hold {}",
            self.shape.cell_name(self.first),
            self.shape.cell_name(self.second),
            self.value
        )
    }
}

impl std::error::Error for Conflict {}

/// Why [`Grid::from_values`](crate::Grid::from_values) (or [`Grid::try_set`](crate::Grid::try_set))
/// refused its values.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// Not N*N values.
    #[error("{found} values given; a {shape} grid has {expected}")]
    Count {
        /// Values given.
        found: usize,
        /// The grid's shape.
        shape: Shape,
        /// Cells of the grid, N*N.
        expected: usize,
    },
    /// A value above N.
    #[error("value {value} at {} is out of range 1..{}", .shape.cell_name(*.cell), .shape.size())]
    OutOfRange {
        /// The value.
        value: u8,
        /// Its cell.
        cell: Cell,
        /// The grid's shape.
        shape: Shape,
    },
    /// A cell index beyond the grid.
    #[error("cell {index} is outside a {shape} grid ({} cells)", .shape.cells())]
    NoSuchCell {
        /// The index given.
        index: usize,
        /// The grid's shape.
        shape: Shape,
    },
}

/// Why a puzzle could not be read. Displayed with [`ParseError`], which adds the line.
/// Cells are named `r1c1` (1-based row and column).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A line puzzle whose length is not N*N (nor, for a position, N*N*N) for an allowed N.
    #[error("a line puzzle has {len} cells; expected N*N cells for an allowed size (16, 36, 64, 81, ...), or N*N*N for a position with pencil marks (64, 216, 729, ...)")]
    BadLineLength {
        /// Cells found.
        len: usize,
    },
    /// A grid whose first row has a number of cells that is no allowed side.
    #[error("a grid row has {cells} cells (`{}`); expected N cells for an allowed size N (4, 6, 8, 9, 10, 12, 16, ..., 64)", escape_controls(.text))]
    BadRowLength {
        /// Cells found in the row.
        cells: usize,
        /// The row as read (at most 40 characters of it).
        text: String,
    },
    /// A CSV row with another number of fields than its header.
    #[error("a CSV row has {found} field{}; the header has {expected}", if *found == 1 { "" } else { "s" })]
    CsvFields {
        /// Fields in the row.
        found: usize,
        /// Fields in the header.
        expected: usize,
    },
    /// A line whose length does not match the box shape asked for.
    #[error("a line puzzle has {len} cells; expected {expected} for box {shape}")]
    WrongLength {
        /// Cells found.
        len: usize,
        /// Cells the shape needs.
        expected: usize,
        /// The shape asked for.
        shape: crate::Shape,
    },
    /// A line puzzle of a wrong length holding a character that is neither a symbol nor a
    /// blank (a stray carriage return, tab or space, say).
    #[error(
        "unexpected `{}` at column {col} in a line puzzle ({len} characters long)",
        .symbol.escape_debug()
    )]
    Unexpected {
        /// The first such character.
        symbol: char,
        /// Its 1-based column (in characters).
        col: usize,
        /// The length of the line (in characters, without surrounding whitespace).
        len: usize,
    },
    /// A variant puzzle (numpl's JSON record or an ISS text) that cannot be read: the
    /// message names the constraint and the cell.
    #[error("{message}")]
    Variant {
        /// What is wrong, and where.
        message: String,
    },
    /// A character that is neither a value nor a blank.
    #[error("unknown symbol `{}` at r{row}c{col}", escape_controls(.symbol))]
    UnknownSymbol {
        /// The character.
        symbol: String,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A number outside 1..N.
    #[error("value {} at r{row}c{col} is out of range 1..{size}", escape_controls(.value))]
    OutOfRange {
        /// The number read.
        value: String,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// N.
        size: usize,
    },
    /// A grid row with the wrong number of cells.
    #[error("row {row} has {found} cells; expected {expected}")]
    RowLength {
        /// 1-based row.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected (N).
        expected: usize,
    },
    /// A grid that ends before its N rows.
    #[error("truncated grid: {found} of {expected} rows")]
    Truncated {
        /// Rows found.
        found: usize,
        /// Rows expected (N).
        expected: usize,
    },
    /// A pencil mark of a position in a place that is not its value's: each cell's N
    /// places hold the values 1..N in order (or a blank).
    #[error("r{row}c{col}: `{}` at column {column} is in place {place} of the cell, which holds `{}` or a blank", escape_controls(.symbol), escape_controls(.expected))]
    MisplacedCandidate {
        /// The symbol found.
        symbol: String,
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        col: usize,
        /// The 1-based column (in characters or tokens) of the symbol on its input line.
        column: usize,
        /// The place (1..N), which may hold only the value `place`.
        place: usize,
        /// The symbol that place may hold.
        expected: String,
    },
    /// An open cell of a position with no candidate left.
    #[error("r{row}c{col} has no candidate (an open cell of a position needs at least one)")]
    NoCandidate {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A cell of a pencil-mark grid drawn neither as a value nor as pencil marks.
    #[error("r{row}c{col} is neither a value (alone in the middle of its block, blanks around it) nor pencil marks (a mark or `.` in every place)")]
    DetailCell {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A line inside a pencil-mark grid that does not have its layout.
    #[error("not a line of a pencil-mark grid with {shape} boxes (its `|` and marks are not in their columns): `{}`", escape_controls(.text))]
    DetailLine {
        /// The shape the grid's first line has.
        shape: crate::Shape,
        /// The line (at most 40 characters of it).
        text: String,
    },
    /// A size with no allowed box shape.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// Two givens that conflict.
    #[error("conflicting givens: {0}")]
    Conflict(#[from] Conflict),
    /// The input holds no puzzle at all.
    #[error("no puzzle in the input")]
    Empty,
    /// The alphabet ([`Symbols::custom`](crate::Symbols::custom)) does not fit the size, or
    /// is not an alphabet; the text says why, without the `symbols: ` its display starts
    /// with (a front end names its own option there).
    #[error("symbols: {}", escape_controls(.0))]
    Symbols(String),
    /// The input could not be read.
    #[error("cannot read input: {0}")]
    Io(String),
}

/// A puzzle that could not be read, with the 1-based input line it starts on.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}: {kind}")]
pub struct ParseError {
    /// The 1-based input line where the bad puzzle (or the bad row) is.
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}
