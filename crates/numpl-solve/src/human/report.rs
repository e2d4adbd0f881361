//! What a solve reports: how it ended ([`HumanStatus`]), the technique counts, steps and
//! rating ([`HumanReport`]), and where the time went ([`TechniqueTime`]).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use numpl_core::{Grid, Mask};

#[cfg(doc)]
use super::HumanSolver;
use super::{Level, Step, Technique};

/// How the human solver ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HumanStatus {
    /// Every cell filled.
    Solved,
    /// No technique applies.
    Stuck,
    /// A cell or unit ran out of candidates (or the givens conflict): no solution.
    Contradiction,
    /// Stopped as soon as the level was certain ([`HumanSolver::level_only`]): the puzzle
    /// is unique, brute force is allowed (so the whole solve would end
    /// [`Solved`](HumanStatus::Solved)) and the level is
    /// [`Extreme`](Level::Extreme); the counts and score are those of the steps taken.
    Rated,
}

impl HumanStatus {
    /// The status [`solve`](crate::solve) gives for it: a contradiction the solver proves
    /// is [`Status::Unsolvable`](crate::Status::Unsolvable), no applicable technique is
    /// [`Status::Stuck`](crate::Status::Stuck).
    pub const fn status(self) -> crate::Status {
        match self {
            HumanStatus::Solved | HumanStatus::Rated => crate::Status::Solved,
            HumanStatus::Stuck => crate::Status::Stuck,
            HumanStatus::Contradiction => crate::Status::Unsolvable,
        }
    }
}

/// What a solve did: technique counts, steps, how it ended, and the rating. Its fields
/// are public to read; reports are made by [`HumanSolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct HumanReport {
    /// How it ended.
    pub status: HumanStatus,
    /// The grid as far as it got.
    pub grid: Grid,
    /// Every cell's candidates at the end (a filled cell: its value).
    pub candidates: Vec<Mask>,
    /// Each technique and how often it fired.
    pub counts: BTreeMap<Technique, u32>,
    /// Every step in order (empty when steps are not recorded).
    pub steps: Vec<Step>,
    /// The number of givens.
    pub givens: usize,
    /// The largest naked/hidden tuple (locked pair/triple included) used, 0 if none.
    pub max_tuple: u8,
    /// The largest fish (basic, finned or sashimi) used, 0 if none.
    pub max_fish: u8,
    /// The hardest technique used (None if no step was taken).
    pub hardest: Option<Technique>,
    /// HoDoKu's rating: the hardest technique's level, raised while the score passes
    /// the level's bound (bounds scaled by cells/81 on other sizes). For a puzzle that is
    /// not solved it rates the steps taken.
    pub level: Level,
    /// The sum of HoDoKu's base scores over all steps.
    pub score: u32,
    /// Where the time went, per technique beyond singles (in the order first tried), when
    /// [`HumanSolver::time_techniques`] asked for it; empty otherwise.
    pub timings: Vec<TechniqueTime>,
}

impl HumanReport {
    /// Whether the solve ran to its end, so that the counts and score are the puzzle's
    /// whole rating: not [`HumanStatus::Rated`], stopped once the level was certain
    /// ([`HumanSolver::level_only`]).
    pub fn whole(&self) -> bool {
        self.status != HumanStatus::Rated
    }
}

/// The time one technique's finder took over a solve ([`HumanSolver::time_techniques`]):
/// the solver restarts from the easiest technique after every step, so a finder runs
/// many times, mostly in vain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TechniqueTime {
    /// The technique ([`Technique::BruteForce`]: searching the solution and placing it).
    /// Nice loops and AICs are found in one search (plain, and grouped), timed under the
    /// first of its three techniques, which then counts the steps of all three.
    pub technique: Technique,
    /// How often its finder ran.
    pub calls: u64,
    /// How often it found a step.
    pub found: u64,
    /// The time its finder ran, in all.
    pub time: Duration,
}

/// The singles, whose counts a solve keeps apart (in this order) until it ends.
pub(super) const SINGLES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
];

/// HoDoKu's score of the steps counted in `counts` and `singles` (the counts of
/// [`SINGLES`] not in `counts`), and the hardest level among them.
pub(super) fn tally(counts: &BTreeMap<Technique, u32>, singles: &[u32; 3]) -> (u32, Level) {
    let singles = SINGLES.iter().zip(singles);
    counts.iter().chain(singles).filter(|&(_, &k)| k > 0).fold(
        (0u32, Level::Easy),
        |(score, level), (t, &k)| {
            (
                score.saturating_add(t.score().saturating_mul(k)),
                level.max(t.level()),
            )
        },
    )
}

/// Adds one run of `t`'s finder, started at `t0`, to `timings`.
pub(super) fn add_time(timings: &mut Vec<TechniqueTime>, t: Technique, t0: Instant, found: bool) {
    let time = t0.elapsed();
    let i = match timings.iter().position(|x| x.technique == t) {
        Some(i) => i,
        None => {
            timings.push(TechniqueTime {
                technique: t,
                calls: 0,
                found: 0,
                time: Duration::ZERO,
            });
            timings.len() - 1
        }
    };
    let x = &mut timings[i];
    x.calls += 1;
    x.found += u64::from(found);
    x.time += time;
}
