//! Typed errors. Each one says where: the input line, the row and column, the cell.

use thiserror::Error;

/// A size or box shape that CONTRACT §1 does not allow.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
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
    #[error("cannot read `{text}` as a size N or a box shape RxC")]
    Unreadable {
        /// The text given.
        text: String,
    },
}

/// Two givens that break the rules: the same value twice in one unit.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{first} and {second} both hold {value}")]
pub struct Conflict {
    /// The first cell, in r1c1 notation.
    pub first: String,
    /// The second cell, in r1c1 notation.
    pub second: String,
    /// The value both hold, as a decimal number.
    pub value: u8,
}

/// Why a puzzle could not be read. Displayed with [`ParseError`], which adds the line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A line puzzle whose length is not N*N for an allowed N.
    #[error("a line puzzle has {len} cells; expected N*N cells for an allowed size (16, 36, 64, 81, ...)")]
    BadLineLength {
        /// Cells found.
        len: usize,
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
    /// A character that is neither a value nor a blank.
    #[error("unknown symbol `{symbol}` at row {row}, column {col}")]
    UnknownSymbol {
        /// The character.
        symbol: String,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A number outside 1..N.
    #[error("value {value} at row {row}, column {col} is out of range 1..{size}")]
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
    /// A size with no allowed box shape.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// Two givens that conflict.
    #[error("conflicting givens: {0}")]
    Conflict(#[from] Conflict),
    /// The input holds no puzzle at all.
    #[error("no puzzle in the input")]
    Empty,
    /// The symbols given with `--symbols` do not fit the size.
    #[error("{0}")]
    Symbols(String),
    /// The input is not valid UTF-8 text or could not be read.
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
