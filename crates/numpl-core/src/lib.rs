//! numpl-core: Number Place (Sudoku) grids of any box shape.
//!
//! A [`Shape`] is an N x N grid in boxes of R x C (4x4, 6x6 as 2x3, 9x9, 12x12 as 3x4,
//! 16x16, 25x25, ... up to 64x64). Each shape has its unit and peer tables
//! ([`Shape::geometry`]), computed once and shared. A [`Grid`] holds the values (0 for a blank);
//! a [`Mask`] is a set of candidate values in one `u64`.
//!
//! Puzzles are read with [`PuzzleReader`], which streams them from any `BufRead` one by
//! one (one-line puzzles or grids, as the repository's README.md describes them), and
//! written with [`format_line`], [`format_grid`] (the seed's layout: the seed is the
//! program numpl grew from, described in the repository's docs/FORMATS.md, "The seed") and
//! [`format_detail`] (pencil marks).
//! Nothing here does I/O of its own, spawns threads or searches: that is for the crates above.
//!
//! ```
//! use numpl_core::{parse_one, format_line, ParseOptions, Symbols};
//!
//! let text = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
//! let grid = parse_one(text, &ParseOptions::default()).unwrap();
//! assert_eq!(grid.size(), 9);
//! assert_eq!(grid.filled(), 18);
//! assert_eq!(format_line(&grid, &Symbols::standard()), text);
//! // Candidates of r1c2 after removing what the givens rule out:
//! let cands = grid.candidates();
//! assert_eq!(cands[1].to_string(), "{1,2,5,6,9}");
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod grid;
mod mask;
mod parse;
mod position;
mod print;
mod shape;
mod symbols;
pub mod variant;

pub use error::{escape_controls, Conflict, GridError, ParseError, ParseErrorKind, ShapeError};
pub use grid::Grid;
pub use mask::{Mask, MaskIter};
pub use parse::{
    parse_all, parse_first, parse_one, InputFormat, LineBlock, MarksLengthError, ParseOptions,
    Parsed, PuzzleReader,
};
pub use position::format_position_line;
pub use print::{format_detail, format_grid, format_line, push_line};
pub use shape::{Cell, Geometry, Shape, Unit, UnitKind, MAX_SIZE};
pub use symbols::{Symbol, Symbols};
