//! HoDoKu's difficulty levels, and the rating of a solve from its hardest technique's
//! level and its score.

use std::fmt;
use std::str::FromStr;

use crate::{NameKind, ParseNameError};

/// A difficulty level, HoDoKu's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Level {
    /// Singles only.
    #[default]
    Easy,
    /// Intersections and small subsets.
    Medium,
    /// Quads, basic fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Larger finned fish, chains, ALS.
    Unfair,
    /// Forcing chains and brute force.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The name used in JSON and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The highest score a puzzle of this level may have (HoDoKu's bounds); above it
    /// the rating moves up a level.
    pub const fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The next harder level (Extreme stays).
    pub const fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// HoDoKu's rating of a 9x9: the hardest technique's level, raised while the score
    /// passes the level's bound.
    pub fn rate(hardest: Level, score: u32) -> Level {
        Level::rate_cells(hardest, score, 81)
    }

    /// The rating on a grid of `cells` cells: HoDoKu's score bounds are for 81 cells, so
    /// they scale with the number of cells (a 16x16 has about three times as many steps).
    pub fn rate_cells(hardest: Level, score: u32, cells: usize) -> Level {
        let bound = |l: Level| -> u64 {
            match l {
                Level::Extreme => u64::MAX,
                _ => l.max_score() as u64 * cells.max(1) as u64 / 81,
            }
        };
        let mut level = hardest;
        while score as u64 > bound(level) && level != Level::Extreme {
            level = level.next();
        }
        level
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = ParseNameError;

    /// `easy`, `medium`, `hard`, `unfair` or `extreme` (any case).
    ///
    /// # Errors
    ///
    /// [`ParseNameError`] for any other text.
    fn from_str(s: &str) -> Result<Level, ParseNameError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseNameError::new(NameKind::Level, s))
    }
}
