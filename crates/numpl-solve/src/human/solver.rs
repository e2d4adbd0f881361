//! The solver: singles first, then each technique beyond singles in turn (easiest first,
//! through the registry in `techniques/mod.rs`), brute force last; builder methods choose
//! the techniques, and [`HumanSolver::hint`] gives one step.

use std::collections::BTreeMap;
use std::time::Instant;

use numpl_core::{Cell, Grid, Mask, Unit};

use super::memo::Memo;
use super::report::{add_time, tally, SINGLES};
use super::techniques::{find_with, implemented, singles};
use super::{Board, HumanReport, HumanStatus, Level, Step, Technique};

/// The technique solver. [`HumanSolver::new`] uses every technique; builder methods limit
/// it (the generator's `--max-technique`), enable uniqueness techniques, and turn off
/// step recording for speed.
#[derive(Clone, Debug)]
pub struct HumanSolver {
    max: Option<Technique>,
    unique: bool,
    record: bool,
    check: Option<Grid>,
    /// Whether brute force may end a solve that logic cannot finish.
    brute: bool,
    /// The puzzle's solution, when the caller knows it (brute force places its values).
    solution: Option<Grid>,
    /// Techniques turned on or off against their default ([`Technique::on_by_default`]).
    overrides: Vec<(Technique, bool)>,
    /// Whether to time every finder ([`HumanReport::timings`]).
    timed: bool,
    /// Whether to stop once the level is certain ([`HumanSolver::level_only`]).
    level_only: bool,
}

impl Default for HumanSolver {
    fn default() -> HumanSolver {
        HumanSolver::new()
    }
}

impl HumanSolver {
    /// A solver with every technique (uniqueness techniques off until
    /// [`assume_unique`](HumanSolver::assume_unique)), recording steps.
    pub fn new() -> HumanSolver {
        HumanSolver {
            max: None,
            unique: false,
            record: true,
            check: None,
            brute: true,
            solution: None,
            overrides: Vec::new(),
            timed: false,
            level_only: false,
        }
    }

    /// Turns a technique on or off. Techniques HoDoKu leaves off by default (see
    /// [`Technique::on_by_default`]) are off until enabled here; any other may be turned
    /// off. [`with_max`](HumanSolver::with_max) still bounds what runs.
    pub fn enable(mut self, t: Technique, on: bool) -> HumanSolver {
        self.overrides.retain(|&(x, _)| x != t);
        self.overrides.push((t, on));
        self
    }

    /// Logic only: no brute force step, so a puzzle logic cannot finish ends
    /// [`HumanStatus::Stuck`] (the generator's judge). The same as a
    /// [`with_max`](HumanSolver::with_max) below [`Technique::BruteForce`].
    pub fn logic_only(mut self) -> HumanSolver {
        self.brute = false;
        self
    }

    /// The puzzle's one solution, known to the caller (e.g. from the fast solver): the
    /// puzzle is then unique ([`assume_unique`](HumanSolver::assume_unique)), and a brute
    /// force step places this solution's value instead of searching for it. The solution
    /// must be the puzzle's only one; a grid that is not makes the solver stop `Stuck`
    /// where brute force would place a value that is not a candidate.
    pub fn with_solution(mut self, solution: Grid) -> HumanSolver {
        self.unique = true;
        self.solution = Some(solution);
        self
    }

    /// Uses only techniques up to `max` in the solver's order (e.g. `HiddenSingle`: singles only).
    pub fn with_max(mut self, max: Technique) -> HumanSolver {
        self.max = Some(max);
        self
    }

    /// Whether the puzzle is known to have exactly one solution: enables unique
    /// rectangles and BUG+1, which are only sound then.
    pub fn assume_unique(mut self, unique: bool) -> HumanSolver {
        self.unique = unique;
        self
    }

    /// Whether to keep the list of steps (on by default). Off, singles run without any
    /// allocation; counts, level and score are still reported.
    pub fn record_steps(mut self, record: bool) -> HumanSolver {
        self.record = record;
        self
    }

    /// Whether to time every technique's finder: the report's
    /// [`timings`](HumanReport::timings) then say, per technique, how often its finder ran,
    /// how often it found a step and how long it took (a profile for benchmarks such as
    /// `cargo xtask ratebench`; it costs a clock reading per finder run). Off by default.
    pub fn time_techniques(mut self, timed: bool) -> HumanSolver {
        self.timed = timed;
        self
    }

    /// Whether to stop as soon as the level is certain (off by default): the level only
    /// grows from step to step and nothing is above [`Level::Extreme`], so once the steps
    /// taken rate extreme (an extreme technique, or a score past the unfair bound), or
    /// every technique below the extreme ones has failed with brute force allowed (the
    /// next step is then extreme whatever it is), the rest of the solve cannot change the
    /// level. The report then ends [`HumanStatus::Rated`], with the level the whole solve
    /// would give and the counts and score of the steps taken (a lower bound). It applies
    /// only where brute force is allowed (a puzzle known to be unique, not
    /// [`logic_only`](HumanSolver::logic_only)), where the whole solve is sure to end
    /// solved; elsewhere the solve runs to its end.
    pub fn level_only(mut self, on: bool) -> HumanSolver {
        self.level_only = on;
        self
    }

    /// A debugging aid for tests: checks every step against a known solution and panics,
    /// naming the step, if one removes a true candidate or places a wrong value. Only with
    /// the `dev` feature.
    #[cfg(any(test, feature = "dev"))]
    pub fn check_against(mut self, solution: Grid) -> HumanSolver {
        self.check = Some(solution);
        self
    }

    /// Whether the solver may use `t`. Brute force needs a puzzle known to be unique (its
    /// solution is the one to place) and is off with [`logic_only`](HumanSolver::logic_only).
    pub fn allows(&self, t: Technique) -> bool {
        if !self.unique
            && matches!(
                t,
                Technique::UniqueRectangle
                    | Technique::HiddenRectangle
                    | Technique::BugPlusOne
                    | Technique::BruteForce
            )
        {
            return false;
        }
        if t == Technique::BruteForce && !self.brute {
            return false;
        }
        let on = self
            .overrides
            .iter()
            .find(|&&(x, _)| x == t)
            .map_or_else(|| t.on_by_default(), |&(_, on)| on);
        on && self.max.is_none_or(|m| t <= m)
    }

    /// The techniques beyond singles this solver tries on an N x N grid, in order.
    pub(super) fn advanced(&self, n: usize) -> Vec<Technique> {
        Technique::all_for(n)
            .into_iter()
            .filter(|&t| t > Technique::HiddenSingle && self.allows(t) && implemented(t))
            .collect()
    }

    /// Solves as far as the techniques allow.
    pub fn solve(&self, puzzle: &Grid) -> HumanReport {
        self.solve_board(Board::new(puzzle))
    }

    /// Solves from a prepared board (e.g. with candidates removed by hand).
    pub fn solve_board(&self, mut b: Board) -> HumanReport {
        let givens = b.values.iter().filter(|&&v| v != 0).count();
        // Built the first time singles stall (never, on easy puzzles).
        let mut advanced: Option<Vec<Technique>> = None;
        let (fh, ns, hs) = (
            self.allows(Technique::FullHouse),
            self.allows(Technique::NakedSingle),
            self.allows(Technique::HiddenSingle),
        );
        let mut singles = [0u32; 3];
        let mut counts: BTreeMap<Technique, u32> = BTreeMap::new();
        let mut steps = Vec::new();
        let mut memo = Memo::default();
        let mut timings = Vec::new();
        let brute = self.allows(Technique::BruteForce);
        // The solution brute force places from: the caller's, else searched the first time
        // logic gets stuck (never, on puzzles logic solves).
        let mut known: Option<Option<Grid>> = self.solution.clone().map(Some);
        // `level_only`: stop once the level is certain (only with brute force allowed,
        // where the whole solve is sure to end solved).
        let early = self.level_only && brute;
        let status = 'solve: loop {
            if b.broken {
                break HumanStatus::Contradiction;
            }
            if b.open == 0 {
                break HumanStatus::Solved;
            }
            if fh {
                if let Some((c, v, u)) = singles::full_house(&b) {
                    self.single(&mut b, &mut steps, Technique::FullHouse, c, v, Some(u));
                    singles[0] += 1;
                    continue;
                }
            }
            if ns {
                match singles::naked_single(&b) {
                    Err(_) => break HumanStatus::Contradiction,
                    Ok(Some((c, v))) => {
                        self.single(&mut b, &mut steps, Technique::NakedSingle, c, v, None);
                        singles[1] += 1;
                        continue;
                    }
                    Ok(None) => {}
                }
            }
            if hs {
                match singles::hidden_single(&b, Some(&mut memo)) {
                    Err(_) => break HumanStatus::Contradiction,
                    Ok(Some((c, v, u))) => {
                        self.single(&mut b, &mut steps, Technique::HiddenSingle, c, v, Some(u));
                        singles[2] += 1;
                        continue;
                    }
                    Ok(None) => {}
                }
            }
            // With both singles' scans run and clean, no open cell lacks a candidate and
            // no open unit lacks a place for a value: the board is not contradictory.
            debug_assert!(!(ns && hs && b.is_contradictory()));
            if !(ns && hs) && b.is_contradictory() {
                break HumanStatus::Contradiction;
            }
            memo.board_changed();
            if early {
                let (score, hardest) = tally(&counts, &singles);
                if Level::rate_cells(hardest, score, b.values.len()) == Level::Extreme {
                    break HumanStatus::Rated;
                }
            }
            let adv = advanced.get_or_insert_with(|| self.advanced(b.n));
            // Stopping early, the techniques past the last below extreme are not tried:
            // with brute force after them, the next step is extreme whatever it is.
            let tried = match early {
                true => {
                    adv.len()
                        - adv
                            .iter()
                            .rev()
                            .take_while(|t| t.level() == Level::Extreme)
                            .count()
                }
                false => adv.len(),
            };
            for &t in &adv[..tried] {
                let t0 = self.timed.then(Instant::now);
                let found = find_with(t, &b, &mut memo, &|x| self.allows(x));
                if let Some(t0) = t0 {
                    add_time(&mut timings, t, t0, found.is_some());
                }
                if let Some(step) = found {
                    self.verify(&b, &step);
                    b.apply(&step);
                    *counts.entry(step.technique).or_insert(0) += 1;
                    if self.record {
                        steps.push(step);
                    }
                    continue 'solve;
                }
            }
            // Every technique below extreme failed: the next step is extreme.
            if early {
                break HumanStatus::Rated;
            }
            if brute {
                let t0 = self.timed.then(Instant::now);
                let sol = known.get_or_insert_with(|| solution_of(&b));
                let found = sol.as_ref().and_then(|s| brute_force(&b, s));
                if let Some(t0) = t0 {
                    add_time(&mut timings, Technique::BruteForce, t0, found.is_some());
                }
                if let Some(step) = found {
                    self.verify(&b, &step);
                    b.apply(&step);
                    *counts.entry(Technique::BruteForce).or_insert(0) += 1;
                    if self.record {
                        steps.push(step);
                    }
                    continue 'solve;
                }
            }
            break HumanStatus::Stuck;
        };
        for (t, k) in SINGLES.into_iter().zip(singles) {
            if k > 0 {
                counts.insert(t, k);
            }
        }
        let (score, hardest_level) = tally(&counts, &[0; 3]);
        let mut max_tuple = 0;
        let mut max_fish = 0;
        for &t in counts.keys() {
            match t {
                Technique::LockedPair => max_tuple = max_tuple.max(2),
                Technique::LockedTriple => max_tuple = max_tuple.max(3),
                Technique::NakedTuple(s) | Technique::HiddenTuple(s) => {
                    max_tuple = max_tuple.max(s)
                }
                Technique::Fish(s)
                | Technique::FinnedFish(s)
                | Technique::SashimiFish(s)
                | Technique::FrankenFish(s)
                | Technique::FinnedFrankenFish(s)
                | Technique::MutantFish(s)
                | Technique::FinnedMutantFish(s) => max_fish = max_fish.max(s),
                _ => {}
            }
        }
        HumanReport {
            status,
            grid: b.grid(),
            candidates: b.candidates(),
            hardest: counts.keys().next_back().copied(),
            counts,
            steps,
            givens,
            max_tuple,
            max_fish,
            // Stopped early: the level the whole solve would reach (see `level_only`).
            level: if status == HumanStatus::Rated {
                Level::Extreme
            } else {
                Level::rate_cells(hardest_level, score, b.values.len())
            },
            score,
            timings,
        }
    }

    #[inline]
    fn single(
        &self,
        b: &mut Board,
        steps: &mut Vec<Step>,
        t: Technique,
        c: usize,
        v: u8,
        u: Option<usize>,
    ) {
        if self.record || self.check.is_some() {
            let step = single_step(t, c, v, u);
            self.verify(b, &step);
            if self.record {
                steps.push(step);
            }
        }
        b.place(c, v);
    }

    fn verify(&self, b: &Board, step: &Step) {
        let Some(sol) = &self.check else { return };
        for &(c, v) in &step.placements {
            assert!(
                sol.get(c.index()) == v,
                "wrong placement by {}: {}\n{}",
                step.technique,
                step.describe(b.shape),
                numpl_core::format_line(&b.grid(), &numpl_core::Symbols::standard())
            );
        }
        for &(c, v) in &step.eliminations {
            assert!(
                sol.get(c.index()) != v,
                "true candidate removed by {}: {}\nboard: {}",
                step.technique,
                step.describe(b.shape),
                numpl_core::format_line(&b.grid(), &numpl_core::Symbols::standard())
            );
        }
    }

    /// The next step from a board, easiest technique first; None when solved, stuck or
    /// contradictory ([`HumanSolver::hint`] says which).
    pub fn next_step(&self, b: &Board) -> Option<Step> {
        self.hint(b).ok()
    }

    /// The next step for a grid (candidates as the givens allow); None when solved, stuck
    /// or contradictory ([`HumanSolver::hint_grid`] says which).
    pub fn next_step_grid(&self, grid: &Grid) -> Option<Step> {
        self.next_step(&Board::new(grid))
    }

    /// The next step for a grid (candidates as the givens allow), or why there is none:
    /// see [`HumanSolver::hint`].
    pub fn hint_grid(&self, grid: &Grid) -> Result<Step, HumanStatus> {
        self.hint(&Board::new(grid))
    }

    /// The next step from a board, easiest technique first, or why there is none, as
    /// [`HumanSolver::solve`] would end on this board: [`HumanStatus::Solved`] when no
    /// cell is open, [`HumanStatus::Contradiction`] when the board is contradictory
    /// (conflicting givens, an open cell without candidates, a value with no place left in
    /// a unit), [`HumanStatus::Stuck`] when no technique applies.
    pub fn hint(&self, b: &Board) -> Result<Step, HumanStatus> {
        if b.broken {
            return Err(HumanStatus::Contradiction);
        }
        if b.open == 0 {
            return Err(HumanStatus::Solved);
        }
        if b.is_contradictory() {
            return Err(HumanStatus::Contradiction);
        }
        let one = single_step;
        if self.allows(Technique::FullHouse) {
            if let Some((c, v, u)) = singles::full_house(b) {
                return Ok(one(Technique::FullHouse, c, v, Some(u)));
            }
        }
        // The board is not contradictory, so the singles' scans find none.
        if self.allows(Technique::NakedSingle) {
            if let Ok(Some((c, v))) = singles::naked_single(b) {
                return Ok(one(Technique::NakedSingle, c, v, None));
            }
        }
        if self.allows(Technique::HiddenSingle) {
            if let Ok(Some((c, v, u))) = singles::hidden_single(b, None) {
                return Ok(one(Technique::HiddenSingle, c, v, Some(u)));
            }
        }
        let mut memo = Memo::default();
        if let Some(step) = self
            .advanced(b.n)
            .into_iter()
            .find_map(|t| find_with(t, b, &mut memo, &|x| self.allows(x)))
        {
            return Ok(step);
        }
        if self.allows(Technique::BruteForce) {
            let sol = self.solution.clone().or_else(|| solution_of(b));
            if let Some(step) = sol.as_ref().and_then(|s| brute_force(b, s)) {
                return Ok(step);
            }
        }
        Err(HumanStatus::Stuck)
    }
}

/// The step of a single of technique `t`: `v` placed in cell `c` (of unit `u`, for a
/// full house or a hidden single).
fn single_step(t: Technique, c: usize, v: u8, u: Option<usize>) -> Step {
    let cell = Cell::new(c as u16);
    let mut step = Step::new(t);
    step.placements = vec![(cell, v)];
    step.cells = vec![cell];
    step.units = u.map(|u| Unit::new(u as u16)).into_iter().collect();
    step.values = Mask::single(v);
    step
}

/// The one solution of the board's grid (its placed values), by the fast solver; None
/// when it has none or several.
fn solution_of(b: &Board) -> Option<Grid> {
    let r = crate::fast::search(&b.grid(), 2, u64::MAX);
    if r.count == 1 {
        r.first
    } else {
        None
    }
}

/// HoDoKu's brute force step: of the open cells in reading order, the middle one (index
/// open/2) gets the solution's value. None when that value is no longer a candidate there
/// (the board's candidates disagree with the solution).
pub(super) fn brute_force(b: &Board, solution: &Grid) -> Option<Step> {
    let open: Vec<usize> = (0..b.values.len()).filter(|&c| b.values[c] == 0).collect();
    let c = *open.get(open.len() / 2)?;
    let v = solution.get(c);
    if v == 0 || b.cands[c] & (1u64 << (v - 1)) == 0 {
        return None;
    }
    let cell = Cell::new(c as u16);
    let mut step = Step::new(Technique::BruteForce);
    step.placements = vec![(cell, v)];
    step.cells = vec![cell];
    step.values = Mask::single(v);
    step.cell_candidates = vec![Mask::from_bits(b.cands[c])];
    Some(step)
}
