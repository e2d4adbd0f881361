//! `digging_hole`: empty symmetric groups of cells while the puzzle stays uniquely solvable
//! within the allowed techniques.

use numpl_core::{Grid, Shape};
use numpl_solve::{Found, HumanReport, Propagated, Searcher, Technique};
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
    /// Cheapest first: whether singles put back the cells just dug (then the verdict is
    /// the last accepted puzzle's, see [`Judge::refilled`]); singles propagation, with
    /// box-line reductions from 16x16 up when the limit allows them (if that alone solves
    /// it, it is unique and solved within the limit); then uniqueness; then, only when a
    /// technique limit applies, box-line reductions on smaller grids (when allowed) and
    /// the human solver.
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

    /// Whether singles alone (naked and hidden, no box-line reductions) put back every
    /// cell of `dug` in `grid`, a puzzle made by emptying them from the puzzle judged
    /// last time that was accepted (or the full grid).
    ///
    /// Then that puzzle's verdict is this one's, `Accept`, with no search and no human
    /// solver: singles are sound, so `grid` has no solution the accepted puzzle lacks
    /// (unique); and the human solver takes every single it can before anything else, so
    /// on both puzzles it reaches the same board (the closure of singles does not depend
    /// on their order), and from there takes the same steps: solved within the same
    /// limit. Only with every single on (`singles_ok`): the solver's first phase is then
    /// exactly that closure.
    fn refilled(&mut self, grid: &Grid, dug: &[u16]) -> bool {
        #[cfg(test)]
        if tests::NO_REFILL.get() {
            return false;
        }
        let refilled = self.searcher.propagate(grid, false) != Propagated::Contradiction
            && dug
                .iter()
                .all(|&c| self.searcher.propagated_value(c as usize).is_some());
        #[cfg(test)]
        tests::REFILLS.set(tests::REFILLS.get() + u64::from(refilled));
        refilled
    }

    fn judge(&mut self, givens: &[u8], sol: &[u8], dug: &[u16]) -> Verdict {
        self.report = None;
        let grid = Grid::from_values(self.shape, givens.to_vec()).expect("values in range");
        // From 16x16 up box-line reductions come with singles when the limit allows them
        // (the uniqueness search has them there anyway); on smaller grids they cost more
        // than they save in the search, so they only get a separate try.
        let big = self.shape.size() >= 16;
        if self.singles_ok && self.refilled(&grid, dug) {
            return Verdict::Accept;
        }
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
        match self.human.solves(&grid) {
            Some(report) => {
                self.report = Some(report);
                Verdict::Accept
            }
            None => Verdict::TooHard,
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

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use numpl_core::Shape;
    use numpl_solve::Technique;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::{dig, Limits};
    use crate::{prepare_array_seeded, MaxTechnique, Symmetry};

    thread_local! {
        /// Tests: the judge never takes the singles shortcut.
        pub(super) static NO_REFILL: Cell<bool> = const { Cell::new(false) };
        /// Tests: how often the shortcut was taken.
        pub(super) static REFILLS: Cell<u64> = const { Cell::new(0) };
    }

    /// Digging with the singles shortcut gives the puzzles (and minimality) digging
    /// without it gives, for every kind of limit, three shapes and two symmetries; and
    /// the shortcut is taken.
    #[test]
    fn refill_shortcut_digs_as_the_full_judge() {
        REFILLS.set(0);
        let limits = [
            MaxTechnique::All,
            MaxTechnique::None,
            MaxTechnique::Upto(Technique::HiddenSingle),
            MaxTechnique::Upto(Technique::Fish(2)),
        ];
        let mut dug = 0;
        for (shape, seeds) in [((2, 3), 0..6), ((3, 3), 0..6), ((4, 4), 0..1)] {
            let shape = Shape::new(shape.0, shape.1).unwrap();
            for seed in seeds {
                let solution = prepare_array_seeded(shape, seed);
                for (i, &max) in limits.iter().enumerate() {
                    let symmetry = if i % 2 == 0 {
                        Symmetry::Point
                    } else {
                        Symmetry::None
                    };
                    let run = |no_refill: bool| {
                        NO_REFILL.set(no_refill);
                        let mut rng = ChaCha8Rng::seed_from_u64(seed * 31 + i as u64);
                        let d = dig(&solution, symmetry, max, &mut rng, &Limits::none())
                            .expect("a valid solution");
                        NO_REFILL.set(false);
                        (d.puzzle, d.minimal)
                    };
                    let (full, with) = (run(true), run(false));
                    assert_eq!(with, full, "{shape:?} seed {seed} {max}");
                    dug += 1;
                }
            }
        }
        assert_eq!(dug, 13 * 4);
        assert!(REFILLS.get() > 100, "{}", REFILLS.get());
    }
}
