//! The thin layer between the generator and `numpl-solve`'s human solver: which techniques a
//! puzzle may need, and whether the solver gets through within them.

use std::fmt;
use std::str::FromStr;

use numpl_core::Grid;
use numpl_solve::{HumanReport, HumanSolver, HumanStatus, Technique};

use crate::GenError;

/// How hard a generated puzzle may be: the hardest technique the human solver may use to
/// solve it (`--max-technique`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MaxTechnique {
    /// `none`: no technique limit; the puzzle only has to have exactly one solution
    /// (checked by counting solutions).
    None,
    /// The human solver must solve the puzzle using techniques up to this one (in the
    /// solver's order of difficulty, [`Technique`]'s `Ord`).
    Upto(Technique),
    /// `all` (the default): the human solver must solve the puzzle with all its logic
    /// (every technique but brute force, which would accept any unique puzzle).
    #[default]
    All,
}

impl MaxTechnique {
    /// Whether the puzzle must be solved by the human solver (not only be unique).
    pub const fn needs_human(self) -> bool {
        !matches!(self, MaxTechnique::None)
    }

    /// Whether naked and hidden singles are within the limit, so that a puzzle singles alone
    /// solve is accepted without calling the human solver.
    pub(crate) fn allows_singles(self) -> bool {
        match self {
            MaxTechnique::None | MaxTechnique::All => true,
            MaxTechnique::Upto(t) => t >= Technique::HiddenSingle,
        }
    }
}

impl MaxTechnique {
    /// Whether box-line reductions (locked candidates, pointing and claiming) and singles
    /// are within the limit.
    pub(crate) fn allows_locked(self) -> bool {
        match self {
            MaxTechnique::None | MaxTechnique::All => true,
            MaxTechnique::Upto(t) => {
                t >= Technique::LockedCandidatesClaiming
                    && t >= Technique::LockedCandidatesPointing
                    && t >= Technique::HiddenSingle
            }
        }
    }
}

impl fmt::Display for MaxTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaxTechnique::None => f.write_str("none"),
            MaxTechnique::Upto(t) => f.write_str(&t.name()),
            MaxTechnique::All => f.write_str("all"),
        }
    }
}

impl FromStr for MaxTechnique {
    type Err = GenError;
    /// `none`, `all`, or a technique name ([`Technique::name`], e.g. `hidden_single`).
    fn from_str(s: &str) -> Result<MaxTechnique, GenError> {
        let t = s.trim().to_ascii_lowercase().replace('-', "_");
        match t.as_str() {
            "none" => Ok(MaxTechnique::None),
            "all" => Ok(MaxTechnique::All),
            _ => t.parse::<Technique>().map(MaxTechnique::Upto).map_err(|_| {
                GenError::UnknownTechnique {
                    name: s.to_string(),
                }
            }),
        }
    }
}

/// The human solver as the generator runs it for a limit: steps not recorded, uniqueness
/// techniques on (the judge only calls it on puzzles it has found to be unique), logic only
/// unless the limit is `brute_force` itself.
#[derive(Clone, Debug)]
pub(crate) struct Human {
    solver: HumanSolver,
    /// The hardest technique a puzzle may need, when it is not the solver's own limit:
    /// the solver runs up to the hardest technique of the same search
    /// ([`Technique::search_top`]), as an unlimited one would, and a puzzle that needs
    /// more than `limit` on that path is too hard.
    limit: Option<Technique>,
}

impl Human {
    pub(crate) fn new(max: MaxTechnique, techniques: &[(Technique, bool)]) -> Human {
        let mut human = Human::rater(techniques);
        match max {
            MaxTechnique::Upto(t) => {
                human.solver = human.solver.with_max(t.search_top());
                human.limit = Some(t).filter(|&t| t != t.search_top());
            }
            MaxTechnique::All => human.solver = human.solver.logic_only(),
            MaxTechnique::None => {}
        }
        human
    }

    /// The rater of puzzles dug for uniqueness alone (`--max-technique none`): every
    /// technique and, when logic runs out, brute force (searching the solution), so every
    /// such puzzle is rated, `extreme` when it needs brute force.
    pub(crate) fn rater(techniques: &[(Technique, bool)]) -> Human {
        let solver = techniques
            .iter()
            .fold(HumanSolver::new(), |s, &(t, on)| s.enable(t, on));
        Human {
            solver: solver.record_steps(false).assume_unique(true),
            limit: None,
        }
    }

    /// The solver's report (counts, level, score; no steps) on a unique puzzle.
    pub(crate) fn report(&self, puzzle: &Grid) -> HumanReport {
        self.solver.solve(puzzle)
    }

    /// The report on a unique puzzle when the solver solves it within the limit, which
    /// is then also the report without the limit ([`Human::rater`]'s): the solver always
    /// takes the easiest technique that applies, and among the techniques of one search
    /// (nice loops and AICs) takes the best step as an unlimited run does, so a run that
    /// gets through within the limit takes exactly the steps an unlimited run would.
    pub(crate) fn solves(&self, puzzle: &Grid) -> Option<HumanReport> {
        let report = self.report(puzzle);
        let within = |limit: Technique| report.counts.keys().all(|&t| t <= limit);
        (report.status == HumanStatus::Solved && self.limit.is_none_or(within)).then_some(report)
    }
}
