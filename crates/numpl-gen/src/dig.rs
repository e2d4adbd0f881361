//! `digging_hole`: empty symmetric groups of cells while the puzzle stays uniquely solvable
//! within the allowed techniques.

use numpl_core::{Grid, Shape};
use numpl_solve::{Found, HumanReport, HumanStatus, Propagated, Searcher, Technique};
use rand::seq::SliceRandom;
use rand::Rng;

use crate::human::{Human, MaxTechnique};
use crate::{GenError, Symmetry};

/// What the judge says of a candidate puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Exactly one solution, and solved within the techniques.
    Accept,
    /// No solution or more than one.
    NotUnique,
    /// Exactly one solution, but the human solver does not get through within the limit.
    TooHard,
    /// The uniqueness search ran out of its node budget: not known to be unique.
    Unknown,
}

/// The default node budget of one uniqueness search (values placed by the search, its
/// propagation and its probes): generous enough that it is never reached up to 16x16 in
/// practice (so those puzzles are minimal). From 25x25 up it is small on purpose: a larger
/// one digs a few more cells (20,000: about 4 fewer givens out of 625), but the deeper
/// puzzles cost the human solver far more under a technique limit (25x25 `max all`: 26 s
/// a puzzle against 4 s with 2,000).
pub(crate) fn default_budget(shape: Shape) -> u64 {
    if shape.size() <= 16 {
        1_000_000
    } else {
        2_000
    }
}

/// Decides whether a puzzle may be given out under a technique limit.
#[derive(Clone, Debug)]
pub(crate) struct Judge {
    shape: Shape,
    max: MaxTechnique,
    singles_ok: bool,
    locked_ok: bool,
    human: Human,
    /// The uniqueness search, with its node budget.
    searcher: Searcher,
    /// The human solver's report on the puzzle of the last `Accept`, when it ran.
    last_report: Option<HumanReport>,
    /// The report of the puzzle being judged.
    report: Option<HumanReport>,
}

impl Judge {
    pub(crate) fn new(shape: Shape, max: MaxTechnique, techniques: &[(Technique, bool)]) -> Judge {
        // Propagation stands for singles (and box-line reductions) only while they are on.
        let off = |ts: &[Technique]| techniques.iter().any(|&(t, on)| !on && ts.contains(&t));
        let singles = [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
        ];
        let locked = [
            Technique::LockedCandidatesPointing,
            Technique::LockedCandidatesClaiming,
        ];
        let singles_ok = max.allows_singles() && !off(&singles);
        Judge {
            shape,
            max,
            singles_ok,
            locked_ok: max.allows_locked() && singles_ok && !off(&locked),
            human: Human::new(max, techniques),
            searcher: {
                let mut s = Searcher::new(shape);
                s.set_budget(Some(default_budget(shape)));
                s
            },
            last_report: None,
            report: None,
        }
    }

    /// The verdict on `givens` (values in reading order, 0 = blank), a puzzle made from a
    /// uniquely solvable puzzle with solution `sol` by emptying the cells `dug`.
    ///
    /// Cheapest first: singles propagation, with box-line reductions from 16x16 up when the
    /// limit allows them (if that alone solves it, it is unique and solved within the
    /// limit); then uniqueness; then, only when a technique limit applies, box-line
    /// reductions on smaller grids (when allowed) and the human solver.
    ///
    /// Uniqueness: a second solution would have to differ from `sol` in one of the `dug`
    /// cells (otherwise it would solve the puzzle before digging, which has only `sol`). So
    /// for each dug cell in turn, with the ones before it fixed to `sol`'s values, the search
    /// looks for any solution where that cell differs from `sol`. These searches are far
    /// cheaper than counting all solutions, since a wrong value mostly dies in propagation.
    pub(crate) fn verdict(&mut self, givens: &[u8], sol: &[u8], dug: &[u16]) -> Verdict {
        let verdict = self.judge(givens, sol, dug);
        if verdict == Verdict::Accept {
            self.last_report = self.report.take();
        }
        verdict
    }

    fn judge(&mut self, givens: &[u8], sol: &[u8], dug: &[u16]) -> Verdict {
        self.report = None;
        let grid = Grid::from_values(self.shape, givens.to_vec()).expect("values in range");
        // From 16x16 up box-line reductions come with singles when the limit allows them
        // (the uniqueness search has them there anyway); on smaller grids they cost more
        // than they save in the search, so they only get a separate try.
        let big = self.shape.size() >= 16;
        let solved = match self.searcher.propagate(&grid, self.locked_ok && big) {
            Propagated::Contradiction => return Verdict::NotUnique,
            Propagated::Solved if self.singles_ok => return Verdict::Accept,
            Propagated::Solved => true,
            Propagated::Open => false,
        };
        // Uniqueness before the box-line try: the search starts from the propagation just
        // done, and a puzzle box-line reductions solve is unique anyway.
        if !solved {
            let known = Grid::from_values(self.shape, sol.to_vec()).expect("values in range");
            let cells = dug.iter().map(|&c| c as usize);
            match self.searcher.differing(&grid, &known, cells) {
                Found::NoSolution => {}
                Found::Solution(_) => return Verdict::NotUnique,
                Found::Budget => return Verdict::Unknown,
            }
        }
        if !self.max.needs_human() {
            return Verdict::Accept;
        }
        if !solved
            && self.locked_ok
            && !big
            && self.searcher.propagate(&grid, true) == Propagated::Solved
        {
            return Verdict::Accept;
        }
        let report = self.human.report(&grid);
        if report.status == HumanStatus::Solved {
            self.report = Some(report);
            Verdict::Accept
        } else {
            Verdict::TooHard
        }
    }
}

/// Digs holes in the complete grid `solution`: empties its cells in the groups `symmetry`
/// ties together (see [`Symmetry::groups`]), trying every group once in random order and
/// keeping a group empty only while the puzzle keeps exactly one solution and is solved by
/// the human solver within `max` (with [`MaxTechnique::None`]: uniqueness alone).
///
/// The result is minimal for its symmetry: putting back the values of any one group is
/// needed, i.e. emptying any group that is still filled would give a puzzle with several
/// solutions or one beyond `max`. (Uniqueness only gets lost as cells are emptied, so a group
/// refused for that reason stays refused; groups refused as too hard are tried again at the
/// end until none more can go.)
///
/// Uniqueness is proved by search with a node budget per search (never reached up to 16x16
/// in practice); a group whose search runs past it is kept, so the puzzle is still unique
/// but, from 25x25 up, may not be minimal ([`crate::Generated::minimal`] says which).
///
/// Every candidate is judged on the puzzle as it is at that moment (not as it was when
/// digging began), and a refused group is put back from the solution, so the result is
/// always accepted by the judge.
///
/// # Errors
///
/// `symmetry` not allowed for the shape, or `solution` not a complete valid grid.
pub fn digging_hole<R: Rng + ?Sized>(
    solution: &Grid,
    symmetry: Symmetry,
    max: MaxTechnique,
    rng: &mut R,
) -> Result<Grid, GenError> {
    dig(solution, symmetry, max, rng, &Limits::none()).map(|d| d.puzzle)
}

/// What bounds one dig: its searches' node budget in all, and where their nodes are
/// counted as they go.
pub(crate) struct Limits {
    /// Nodes the uniqueness searches may visit in all.
    pub(crate) budget: u64,
    /// Progress counter for the nodes.
    pub(crate) progress: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
    /// The human solver's techniques turned on or off ([`crate::GenOptions::techniques`]).
    pub(crate) techniques: Vec<(Technique, bool)>,
}

impl Limits {
    pub(crate) fn none() -> Limits {
        Limits {
            budget: u64::MAX,
            progress: None,
            techniques: Vec::new(),
        }
    }
}

/// What [`dig`] gives.
pub(crate) struct Dug {
    pub(crate) puzzle: Grid,
    /// False when some uniqueness search ran past its node budget (only seen from 25x25
    /// up), so that group was kept without knowing whether it could go. The puzzle is
    /// uniquely solvable either way.
    pub(crate) minimal: bool,
    /// The human solver's report on `puzzle` (every technique, no steps), when the judge
    /// already has it.
    pub(crate) report: Option<HumanReport>,
    /// The nodes its searches visited.
    pub(crate) nodes: u64,
}

/// [`digging_hole`], also saying whether the result is known to be minimal, and handing
/// over the judge's last human-solver report.
pub(crate) fn dig<R: Rng + ?Sized>(
    solution: &Grid,
    symmetry: Symmetry,
    max: MaxTechnique,
    rng: &mut R,
    limits: &Limits,
) -> Result<Dug, GenError> {
    let shape = solution.shape();
    if !solution.is_full() || solution.check().is_err() {
        return Err(GenError::NotASolution);
    }
    let mut groups = symmetry.groups(shape)?;
    groups.shuffle(rng);
    let mut judge = Judge::new(shape, max, &limits.techniques);
    judge.searcher.set_progress(limits.progress.clone());
    let out_of_budget = |judge: &Judge| judge.searcher.nodes() >= limits.budget;
    let sol = solution.values();
    let mut cur = sol.to_vec();
    // Groups refused as too hard, each with the number of groups dug when it was judged.
    let mut too_hard: Vec<(Vec<u16>, usize)> = Vec::new();
    let mut dug = 0usize;
    let mut minimal = true;
    for group in groups {
        if out_of_budget(&judge) {
            return Err(GenError::Budget {
                budget: limits.budget,
            });
        }
        match try_dig(&mut judge, &mut cur, sol, &group) {
            Verdict::Accept => dug += 1,
            Verdict::TooHard => too_hard.push((group, dug)),
            Verdict::Unknown => minimal = false,
            Verdict::NotUnique => {}
        }
    }
    // A group refused as too hard may go once others have gone; try again those judged
    // before the puzzle last changed, until none can go.
    loop {
        let before = dug;
        let mut k = 0;
        while k < too_hard.len() {
            if too_hard[k].1 == dug {
                // Judged on this very puzzle: the verdict would be the same.
                k += 1;
                continue;
            }
            if out_of_budget(&judge) {
                return Err(GenError::Budget {
                    budget: limits.budget,
                });
            }
            let verdict = try_dig(&mut judge, &mut cur, sol, &too_hard[k].0);
            match verdict {
                Verdict::TooHard => {
                    too_hard[k].1 = dug;
                    k += 1;
                    continue;
                }
                Verdict::Accept => dug += 1,
                Verdict::Unknown => minimal = false,
                Verdict::NotUnique => {}
            }
            too_hard.swap_remove(k);
        }
        if dug == before {
            break;
        }
    }
    let puzzle = Grid::from_values(shape, cur).expect("values in range");
    Ok(Dug {
        puzzle,
        minimal,
        report: judge.last_report.take(),
        nodes: judge.searcher.nodes(),
    })
}

/// Empties `group` in `cur` if the judge accepts the result; otherwise restores it.
fn try_dig(judge: &mut Judge, cur: &mut [u8], sol: &[u8], group: &[u16]) -> Verdict {
    for &c in group {
        cur[c as usize] = 0;
    }
    let verdict = judge.verdict(cur, sol, group);
    if verdict != Verdict::Accept {
        for &c in group {
            cur[c as usize] = sol[c as usize];
        }
    }
    verdict
}
