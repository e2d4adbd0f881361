//! numpl-render: pictures of Number Place puzzles of every size, 4x4 to 64x64.
//!
//! - [`Picture`]: a grid to draw (givens apart from placed values, pencil marks laid out as
//!   `--format detail` lays them out, cells and candidates highlighted by role, chain links,
//!   a caption), drawn as SVG by [`Picture::to_svg`]. [`Picture::of_step`] makes the
//!   picture of one step of the human solver: the position before it with its
//!   candidates, the pattern's cells coloured by role (pivot, pincers, fins, chain nodes
//!   with strong and weak links), what it places and what it eliminates.
//! - A variant puzzle's constraints ([`Picture::with_variant`],
//!   `SheetPuzzle::with_variant`): cages, thermometers, arrows, dots, X and V, lines,
//!   jigsaw borders, shaded regions and outside clues drawn as SudokuPad draws them, each
//!   constraint a `<g data-constraint="cage">` in the SVG; the rules no shape shows are
//!   named in the caption.
//! - [`sheet_pdf`]: a print-ready PDF of puzzles (1, 2, 4 or 6 a page) with headings,
//!   labels, page numbers and optionally the solutions, its text in the embedded font
//!   (Liberation Sans, SIL Open Font License: [`FONT_LICENSE`]).
//!
//! The SVG is also meant for programs: every cell is a `<g data-cell="r1c1">` with
//! `data-given`, `data-value` and `data-role`; pencil marks are `<text data-candidate>`
//! with `data-role` `placed` or `eliminated` (or `pattern`, `fin`, `on`, `off`); the root
//! has a `viewBox`, `data-size` and `data-box`. This crate knows nothing of files or flags.
//!
//! ```
//! use numpl_core::{parse_one, ParseOptions};
//! use numpl_render::{Picture, SvgOptions};
//! use numpl_solve::{Board, HumanSolver};
//!
//! let p = parse_one(
//!     ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
//!     &ParseOptions::default(),
//! ).unwrap();
//! let board = Board::new(&p);
//! let step = HumanSolver::new().next_step(&board).unwrap();
//! let svg = Picture::of_step(&p, &board, &step).to_svg(&SvgOptions::new().labels(true));
//! assert!(svg.contains("data-role=\"placed\""));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod font;
mod picture;
#[cfg(feature = "pdf")]
mod sheet;
mod svg;
mod variant;

pub use font::{FONT_BOLD, FONT_LICENSE, FONT_REGULAR};
pub use picture::{CellRole, HouseRole, Link, MarkRole, Picture};
#[cfg(feature = "pdf")]
pub use sheet::{sheet_pdf, Paper, SheetError, SheetOptions, SheetPuzzle};
pub use svg::{variant_layer, SvgOptions, VariantLayer};

use numpl_core::{Grid, Mask};
use numpl_solve::{Board, Step};

/// The SVG of a puzzle: its givens, and pencil marks when `candidates` is given (one
/// mask per cell, e.g. [`Grid::candidates`]).
pub fn puzzle_svg(puzzle: &Grid, candidates: Option<&[Mask]>, opts: &SvgOptions) -> String {
    let mut p = Picture::new(puzzle);
    if let Some(c) = candidates {
        p = p.with_candidates(c);
    }
    p.to_svg(opts)
}

/// The SVG of a solution: the givens of `puzzle` apart from the values found.
pub fn solution_svg(puzzle: &Grid, solution: &Grid, opts: &SvgOptions) -> String {
    Picture::new(puzzle)
        .with_values(puzzle, solution)
        .to_svg(opts)
}

/// The SVG of one step: the position `board` before it (`puzzle` tells the givens), the
/// pattern coloured, and `caption` under it (e.g. `Step 7: ` and [`Step::describe`]).
pub fn step_svg(
    puzzle: &Grid,
    board: &Board,
    step: &Step,
    caption: &str,
    opts: &SvgOptions,
) -> String {
    Picture::of_step(puzzle, board, step)
        .with_caption(caption)
        .to_svg(opts)
}
