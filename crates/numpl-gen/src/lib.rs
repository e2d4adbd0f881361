//! numpl-gen: Number Place puzzles of any shape, uniquely solvable, symmetric, made to order.
//!
//! Generation has two stages, a complete grid and then holes dug in it:
//! - [`prepare_array`] draws a random complete grid (random diagonal boxes, a randomised
//!   minimum-remaining-values fill with singles propagation, then random validity-preserving
//!   shuffles; see its doc for the distribution). Quick up to 25x25, and 36x36 finishes.
//! - [`digging_hole`] empties groups of cells tied by a [`Symmetry`] (point symmetry by
//!   default), trying every group once in random order and keeping a group empty only while
//!   the puzzle has exactly one solution and the human solver gets through it within the
//!   allowed techniques ([`MaxTechnique`]). The result is minimal for its symmetry.
//! - [`Generator`] ties it together: options ([`GenOptions`]), one ChaCha8 stream per puzzle
//!   derived from (seed, index) so that a run repeats whatever the thread count, and
//!   [`Generator::generate_many`] in parallel with rayon. A level (`GenOptions::level`) or a
//!   technique the puzzle must need (`GenOptions::require`) narrows the technique limit used
//!   while digging, then grids are dug again until the human solver's rating matches.
//!
//! What the judge accepts while digging, cheapest check first: singles (plus box-line
//! reductions when the limit has them) solving the puzzle outright; otherwise uniqueness, by
//! searches for a solution that differs from the known one in one of the cells just
//! emptied (each cut off at a node budget that only 25x25 and larger reach: such a group
//! stays, and [`Generated::minimal`] says so); then the human solver within the limit.
//!
//! Speed is measured by `cargo run --release -p xtask -- genbench` (see
//! `xtask/src/genbench.rs`): 9x9 of any level, each level, 16x16 and 25x25, and qqwing's
//! rate in the same run. Most of the time beyond 9x9 is the human solver's (digging with
//! `MaxTechnique::None` and no rating takes a fraction of it).
//!
//! ```
//! use numpl_gen::{GenOptions, Generator, Symmetry, MaxTechnique};
//! use numpl_core::Shape;
//!
//! let opts = GenOptions::new(Shape::NINE)
//!     .symmetry(Symmetry::Point)
//!     .max_technique(MaxTechnique::None)
//!     .seed(42);
//! let made = Generator::new(opts).unwrap().generate(0).unwrap();
//! assert!(Symmetry::Point.holds_for(&made.puzzle));
//! assert!(made.solution.is_solution_of(&made.puzzle));
//! assert_eq!(numpl_solve::count_solutions(&made.puzzle, 2), 1);
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod dig;
mod fill;
mod generator;
mod human;
mod symmetry;
mod variant;

use std::fmt;

use numpl_core::Shape;

pub use dig::digging_hole;
pub use fill::{prepare_array, prepare_array_seeded};
pub use generator::{
    generate_many, random_seed, GenOptions, Generated, Generator, DEFAULT_GEN_BUDGET,
    DEFAULT_MAX_TRIES,
};
pub use human::MaxTechnique;
pub use numpl_solve::{HumanReport, Level, Technique};
pub use symmetry::Symmetry;
pub use variant::{
    check_spec, check_variant, generate_variant, GeneratedVariant, VariantKind, VariantSpec,
    LEVEL_TRIES,
};

/// What can go wrong when generating.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenError {
    /// A symmetry name that is not one of [`Symmetry::ALL`]'s names.
    UnknownSymmetry(String),
    /// A symmetry that swaps rows and columns, asked for with boxes that are not square.
    SymmetryNeedsSquareBoxes {
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// The shape it does not fit.
        shape: Shape,
    },
    /// A `--max-technique` name the human solver does not know.
    UnknownTechnique {
        /// The name given.
        name: String,
    },
    /// `digging_hole` was given a grid that is not complete and valid.
    NotASolution,
    /// [`GenOptions::max_tries`] is 0.
    NoTries,
    /// The technique required is harder than the technique limit: no puzzle solved within
    /// the limit can need it.
    RequireAboveMax {
        /// [`GenOptions::require`].
        require: Technique,
        /// [`GenOptions::max_technique`].
        max_technique: Technique,
    },
    /// The level asked for is harder than the technique limit's level: the hardest technique
    /// of every puzzle within the limit is of a lower level.
    LevelAboveMax {
        /// [`GenOptions::level`].
        level: Level,
        /// [`GenOptions::max_technique`].
        max_technique: Technique,
    },
    /// The technique required is of a harder level than the level asked for, and a puzzle
    /// is rated at least at the level of each technique it needs.
    RequireAboveLevel {
        /// [`GenOptions::require`].
        require: Technique,
        /// [`GenOptions::level`].
        level: Level,
    },
    /// The technique required is turned off ([`GenOptions::techniques`]): no puzzle made
    /// can need it.
    RequireDisabled {
        /// [`GenOptions::require`].
        require: Technique,
    },
    /// `--level` / `--require`: no puzzle of that level (needing that technique) came out
    /// within the tries allowed.
    NotReached {
        /// The level asked for.
        level: Option<Level>,
        /// The technique asked for.
        require: Option<Technique>,
        /// The puzzle's index in the run.
        index: u64,
        /// Grids dug.
        tries: u32,
        /// How many came out at each other level.
        seen: Vec<(Level, u32)>,
        /// How many the human solver could not finish (only with `--max-technique none`).
        stuck: u32,
    },
    /// The searches for one puzzle (the fill and the uniqueness checks) visited
    /// [`GenOptions::budget`] nodes without finishing it.
    Budget {
        /// The budget that ran out.
        budget: u64,
    },
    /// A variant puzzle ([`generate_variant`]) that cannot be made: the kind does not fit
    /// the shape, or no puzzle came out of the tries.
    Variant(String),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::UnknownSymmetry(s) => write!(
                f,
                "unknown symmetry `{s}` (none, point, horizontal, vertical, diagonal, \
                 antidiagonal, rot90, dihedral)"
            ),
            GenError::SymmetryNeedsSquareBoxes { symmetry, shape } => write!(
                f,
                "symmetry `{symmetry}` needs square boxes, but the boxes of this grid are \
                 {shape} (use none, point, horizontal or vertical)"
            ),
            GenError::UnknownTechnique { name } => write!(
                f,
                "unknown technique `{name}` (none, all, or a technique name such as \
                 hidden_single, naked_pair, x_wing, xy_wing, naked_tuple_5)"
            ),
            GenError::NotReached {
                level,
                require,
                index,
                tries,
                seen,
                stuck,
            } => {
                write!(f, "puzzle {index}: no ")?;
                if let Some(level) = level {
                    write!(f, "{level} ")?;
                }
                f.write_str("puzzle")?;
                if let Some(t) = require {
                    write!(f, " needing {t}")?;
                }
                let s = if *tries == 1 { "try" } else { "tries" };
                write!(f, " in {tries} {s}; got")?;
                let mut sep = " ";
                for (l, k) in seen {
                    write!(f, "{sep}{k} {l}")?;
                    if require.is_some() {
                        f.write_str(" without it")?;
                    }
                    sep = ", ";
                }
                if *stuck > 0 {
                    write!(f, "{sep}{stuck} the human solver could not finish")?;
                }
                if seen.is_empty() && *stuck == 0 {
                    f.write_str(" nothing")?;
                }
                f.write_str(" (try more tries, another max technique, level or technique)")
            }
            GenError::Budget { budget } => write!(
                f,
                "the searches ran out of their budget of {budget} nodes before the puzzle was \
                 made (a larger budget, or none, lets them go on)"
            ),
            GenError::Variant(why) => f.write_str(why),
            GenError::NotASolution => {
                f.write_str("holes can only be dug in a complete, valid grid")
            }
            GenError::NoTries => f.write_str("max tries is 0: at least 1 try is needed"),
            GenError::RequireAboveMax {
                require,
                max_technique,
            } => write!(
                f,
                "require {require} and max technique {max_technique} contradict: {require} is \
                 harder than {max_technique}, so no puzzle within the limit can need it"
            ),
            GenError::LevelAboveMax {
                level,
                max_technique,
            } => write!(
                f,
                "level {level} and max technique {max_technique} contradict: {max_technique} \
                 is a technique of level {}, so no puzzle within the limit is rated {level}",
                max_technique.level()
            ),
            GenError::RequireDisabled { require } => write!(
                f,
                "require {require} contradicts disable {require}: no puzzle made can need a \
                 technique that is off"
            ),
            GenError::RequireAboveLevel { require, level } => write!(
                f,
                "require {require} and level {level} contradict: {require} is a technique of \
                 level {}, so a puzzle that needs it is never rated {level}",
                require.level()
            ),
        }
    }
}

impl std::error::Error for GenError {}
