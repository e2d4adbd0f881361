//! The human technique solver: it solves the way a person does, one logical step at a
//! time, never guessing, and says what it did.
//!
//! # The big picture
//!
//! A [`Board`] holds every open cell's candidates (on any shape, 4x4 up to 64x64), kept
//! up to date as values are placed. [`HumanSolver::solve`] repeats one move until the
//! grid is full, no technique applies, or the candidates show a contradiction:
//!
//! 1. singles first, found by cheap scans of the board's incremental masks: a full house
//!    (a unit with one open cell), a naked single (a cell with one candidate), a hidden
//!    single (a value with one place left in a unit);
//! 2. when singles stall and the board is not contradictory, each technique beyond singles
//!    is tried in turn, easiest first; the first one that finds a pattern gives a [`Step`]
//!    (its placements and eliminations, and the cells, units, values and chain that prove
//!    it), which is applied;
//! 3. after every step the search starts again from the easiest technique, so each step is
//!    the easiest one available at that moment.
//!
//! The end is a [`HumanStatus`]: `Solved`, `Stuck` (no technique applies) or
//! `Contradiction` (an open cell with no candidate, a value with no place left in a unit,
//! or clashing givens: the puzzle has no solution). [`HumanStatus::status`] maps it to the
//! crate's [`Status`](crate::Status) (`solved`, `stuck`, `unsolvable`), and
//! [`HumanSolver::hint`] gives the next step, or the same status when there is none, so a
//! hint and a whole solve never disagree about a puzzle.
//!
//! # Techniques, in the order tried
//!
//! HoDoKu's order ([`Technique`]; [`Technique::name`] gives the snake_case names used on
//! the command line and in JSON): full house, naked and hidden single; locked pair and
//! triple; locked candidates (pointing, claiming); naked and hidden pairs, triples, quads
//! (and `naked_tuple_K`/`hidden_tuple_K` up to N/2 on big grids); X-Wing, Swordfish,
//! Jellyfish (`fish_K` up to N/2); remote pair; BUG+1; skyscraper; 2-string kite; turbot
//! fish; empty rectangle; W-, XY-, XYZ-Wing; unique rectangle types 1-6 and hidden
//! rectangle; finned and sashimi X-Wing/Swordfish/Jellyfish; Sue de Coq; simple and multi
//! colors; X-chain; XY-chain; nice loops (continuous and discontinuous) and AIC, then
//! their grouped forms, each three found in one search that takes the step HoDoKu would
//! (the most eliminations, then the lowest weighted sum of them, then the shortest chain;
//! X- and XY-chains choose the same way); ALS-XZ; ALS-XY-Wing; ALS-XY-Chain; death
//! blossom (off by default, as in HoDoKu: [`HumanSolver::enable`] turns it on); Franken
//! fish (base and cover sets mixing rows or columns with boxes), finned Franken fish,
//! mutant fish (any mix of rows, columns and boxes) and finned mutant fish, X-Wing to
//! Jellyfish (X-Wings only beyond 9x9); kraken fish (a finned fish whose eliminations
//! chains from the fins prove, HoDoKu's types 1 and 2); forcing chains and forcing nets (HoDoKu's implication tables: each candidate's "true" and
//! "false" followed through direct implications for a chain, through rounds of singles for
//! a net; a premise that implies a contradiction is false, a conclusion every premise of a
//! cell, a unit or a candidate implies is true); and, when nothing applies, a brute force step as
//! HoDoKu makes it: the solution's value placed in the middle open cell (the one at index
//! open/2 in reading order), counted as `brute_force` (level extreme, score 10000), so that
//! every unique puzzle ends solved and rated. Brute force needs the puzzle's one solution:
//! [`HumanSolver::with_solution`] gives it, else a solver told
//! [`assume_unique`](HumanSolver::assume_unique) searches it (the fast solver) the first
//! time logic gets stuck; [`HumanSolver::logic_only`] (or a
//! [`with_max`](HumanSolver::with_max) below it) turns it off.
//!
//! As in HoDoKu's default configuration, some techniques are off until
//! [`HumanSolver::enable`] turns them on: Franken Jellyfish (plain and finned), every
//! mutant fish, kraken fish and death blossom ([`Technique::on_by_default`]).
//!
//! The uniqueness techniques (unique rectangles, hidden rectangle, BUG+1) are sound only
//! on a puzzle with exactly one solution, so they run only with
//! [`HumanSolver::assume_unique`] (the crate's [`solve`](crate::solve) turns it on after
//! counting solutions). [`HumanSolver::with_max`] stops at a technique (the generator's
//! technique limit).
//!
//! # Rating: levels and scores
//!
//! Each step scores its technique's HoDoKu base score ([`Technique::score`]); the score of
//! a solve is their sum. Each technique also has a HoDoKu level ([`Technique::level`]):
//! easy, medium, hard, unfair, extreme ([`Level`]). The puzzle's level is the hardest
//! technique's level, raised one level at a time while the score passes that level's bound
//! ([`Level::max_score`]: 800 easy, 1000 medium, 1600 hard, 1800 unfair; extreme has
//! none). The bounds are for 81 cells and scale with the number of cells on other shapes
//! ([`Level::rate_cells`]). A puzzle that is not solved is rated on the steps taken.
//!
//! # The memo cache
//!
//! Restarting from the easiest technique after every step means most searches run again
//! on a board that barely changed. A per-solve memo records where a technique searched in
//! vain, with the stamps of what that search reads (its units, or a value's candidate
//! positions: the board stamps each unit and value anew at every change to it), and skips
//! the search while those stamps stay: this changes how long a solve takes, never what it
//! finds. The memo also keeps the current board's list of almost locked sets (built once
//! for the ALS techniques) and a reference board's (sets unchanged since then keep their
//! links). Two skips lean on the solver only ever removing candidates within a solve:
//! XY-chains are not searched again while the bivalue cells are those they failed on, and
//! ALS-XZ and ALS-XY-Wing skip sets unchanged since they failed on the reference.
//!
//! Templates (`templates.rs`) are the memo's other shortcut: the ways a value can fill
//! the grid once per row, column and box on its candidates. What any single-digit
//! technique (every fish, skyscraper, kite, turbot fish, empty rectangle, colors,
//! X-chain) removes lies in no template, so a value whose candidates all lie in some
//! template is skipped by all of them, and a Franken fish's fins must see a candidate in
//! none. A small search per value decides it, again only when the value's positions
//! changed (templates found on earlier boards are kept and reused while they fit).
//!
//! # The report
//!
//! [`HumanReport`] says how often each technique fired, the largest tuple and fish, the
//! givens, how it ended, the grid and candidates so far, every step in order (unless
//! [`HumanSolver::record_steps`] turns them off), and the rating.
//!
//! ```
//! use numpl_core::{parse_one, ParseOptions};
//! use numpl_solve::{HumanSolver, HumanStatus, Technique};
//!
//! let p = parse_one(
//!     ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
//!     &ParseOptions::default(),
//! ).unwrap();
//! let report = HumanSolver::new().solve(&p);
//! assert_eq!(report.status, HumanStatus::Solved);
//! println!("{} {}", report.level, report.score);
//! // The generator's cheap mode: singles only, no step records.
//! let easy = HumanSolver::new().with_max(Technique::HiddenSingle).record_steps(false);
//! let r = easy.solve(&p);
//! assert!(r.steps.is_empty());
//! ```

mod als;
mod als_chain;
mod als_list;
mod board;
mod chains;
mod fish;
#[cfg(test)]
mod fish_tests;
mod forcing;
mod forcing_big;
mod franken;
mod kraken;
mod memo;
mod sdc;
mod singles;
mod step;
mod subsets;
mod technique;
mod templates;
#[cfg(test)]
mod tests;

mod uniq;
mod wings;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use numpl_core::{Cell, Grid, Mask, Unit};

use memo::Memo;

pub use board::Board;
pub use step::{ChainNode, Step};
pub use technique::{Level, Technique};

/// Placements and eliminations a pattern proves.
type Conclusions = (Vec<(Cell, u8)>, Vec<(Cell, u8)>);

/// How the human solver ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// What a solve did: technique counts, steps, how it ended, and the rating.
#[derive(Clone, Debug)]
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
const SINGLES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
];

/// HoDoKu's score of the steps counted in `counts` and `singles` (the counts of
/// [`SINGLES`] not in `counts`), and the hardest level among them.
fn tally(counts: &BTreeMap<Technique, u32>, singles: &[u32; 3]) -> (u32, Level) {
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
fn add_time(timings: &mut Vec<TechniqueTime>, t: Technique, t0: Instant, found: bool) {
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
    /// naming the step, if one removes a true candidate or places a wrong value.
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
    fn advanced(&self, n: usize) -> Vec<Technique> {
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
            let mut step = Step::new(t);
            step.placements = vec![(Cell::new(c as u16), v)];
            step.cells = vec![Cell::new(c as u16)];
            step.units = u.map(|u| Unit::new(u as u16)).into_iter().collect();
            step.values = Mask::single(v);
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
        let one = |t: Technique, c: usize, v: u8, u: Option<usize>| {
            let mut step = Step::new(t);
            step.placements = vec![(Cell::new(c as u16), v)];
            step.cells = vec![Cell::new(c as u16)];
            step.units = u.map(|u| Unit::new(u as u16)).into_iter().collect();
            step.values = Mask::single(v);
            step
        };
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
fn brute_force(b: &Board, solution: &Grid) -> Option<Step> {
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

/// Whether the solver has a finder for `t`.
fn implemented(t: Technique) -> bool {
    // Singles are scanned for directly and brute force is the last resort outside the
    // list; every other technique has a finder in `find_with`.
    use Technique::*;
    !matches!(t, FullHouse | NakedSingle | HiddenSingle | BruteForce)
}

/// Runs a single-digit finder (which reads only the candidate positions of its value) on
/// every value in turn, skipping values whose positions are unchanged since it failed there.
fn per_value(
    t: Technique,
    b: &Board,
    memo: &mut Memo,
    f: impl Fn(&Board, u8) -> Option<Step>,
) -> Option<Step> {
    for v in 1..=b.n as u8 {
        if memo.skip_value(t, b, v) {
            continue;
        }
        if let Some(step) = f(b, v) {
            return Some(step);
        }
        memo.value_failed(t, b, v);
    }
    None
}

/// Runs the finder of one technique beyond singles (every technique allowed).
#[cfg(test)]
fn find(t: Technique, b: &Board, memo: &mut Memo) -> Option<Step> {
    find_with(t, b, memo, &|_| true)
}

/// Runs the finder of one technique beyond singles; `allows` says which techniques the
/// solver may use. HoDoKu finds continuous and discontinuous nice loops and AICs in one
/// search and takes the best step of the three (and the grouped three in another): that
/// search runs at the first of its techniques allowed, and offers only allowed ones.
fn find_with(
    t: Technique,
    b: &Board,
    memo: &mut Memo,
    allows: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
    use Technique::*;
    let loops = |kind: chains::ChainKind, memo: &mut Memo, earlier: &[Technique]| {
        if earlier.iter().any(|&e| allows(e)) {
            return None;
        }
        chains::chain(b, kind, memo, allows)
    };
    match t {
        LockedPair => subsets::naked_tuple(b, 2, true, memo),
        LockedTriple => subsets::naked_tuple(b, 3, true, memo),
        LockedCandidatesPointing => subsets::locked_candidates(b, true, Some(memo)),
        LockedCandidatesClaiming => subsets::locked_candidates(b, false, Some(memo)),
        NakedTuple(k) => subsets::naked_tuple(b, k as usize, false, memo),
        HiddenTuple(k) => subsets::hidden_tuple(b, k as usize, memo),
        Fish(k) => fish::basic_fish(b, k as usize, memo),
        FinnedFish(k) => fish::finned_fish(b, k as usize, false, memo),
        SashimiFish(k) => fish::finned_fish(b, k as usize, true, memo),
        RemotePair => wings::remote_pair(b),
        Skyscraper => per_value(t, b, memo, wings::skyscraper),
        TwoStringKite => per_value(t, b, memo, wings::two_string_kite),
        TurbotFish => per_value(t, b, memo, wings::turbot_fish),
        EmptyRectangle => per_value(t, b, memo, wings::empty_rectangle),
        WWing => wings::w_wing(b),
        XyWing => wings::xy_wing(b),
        XyzWing => wings::xyz_wing(b),
        UniqueRectangle => uniq::unique_rectangle(b),
        HiddenRectangle => uniq::hidden_rectangle(b),
        BugPlusOne => uniq::bug_plus_one(b),
        SimpleColors => per_value(t, b, memo, chains::simple_colors),
        MultiColors => per_value(t, b, memo, chains::multi_colors),
        XChain => chains::chain(b, chains::ChainKind::X, memo, allows),
        XyChain => chains::chain(b, chains::ChainKind::Xy, memo, allows),
        ContinuousNiceLoop => loops(chains::ChainKind::Aic, memo, &[]),
        DiscontinuousNiceLoop => loops(chains::ChainKind::Aic, memo, &[ContinuousNiceLoop]),
        Aic => loops(
            chains::ChainKind::Aic,
            memo,
            &[ContinuousNiceLoop, DiscontinuousNiceLoop],
        ),
        GroupedContinuousNiceLoop => loops(chains::ChainKind::Grouped, memo, &[]),
        GroupedDiscontinuousNiceLoop => loops(
            chains::ChainKind::Grouped,
            memo,
            &[GroupedContinuousNiceLoop],
        ),
        GroupedAic => loops(
            chains::ChainKind::Grouped,
            memo,
            &[GroupedContinuousNiceLoop, GroupedDiscontinuousNiceLoop],
        ),
        AlsXz => als::als_xz(b, memo),
        AlsXyWing => als::als_xy_wing(b, memo),
        AlsXyChain => als_chain::als_xy_chain(b, memo),
        DeathBlossom => als_chain::death_blossom(b, memo),
        FrankenFish(k) => {
            franken::generalized_fish(b, k as usize, franken::Kind::Franken, false, memo)
        }
        FinnedFrankenFish(k) => {
            franken::generalized_fish(b, k as usize, franken::Kind::Franken, true, memo)
        }
        MutantFish(k) => {
            franken::generalized_fish(b, k as usize, franken::Kind::Mutant, false, memo)
        }
        FinnedMutantFish(k) => {
            franken::generalized_fish(b, k as usize, franken::Kind::Mutant, true, memo)
        }
        KrakenFish => kraken::kraken_fish(b, memo),
        ForcingChain => forcing::forcing_chain(b),
        ForcingNet => forcing::forcing_net(b),
        SueDeCoq => sdc::sue_de_coq(b, memo),
        FullHouse | NakedSingle | HiddenSingle | BruteForce => None,
    }
}
