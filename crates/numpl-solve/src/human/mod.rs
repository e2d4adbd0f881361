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
//! # Layout
//!
//! The machinery, in this folder:
//!
//! - `board.rs`: [`Board`], the candidates kept up to date, and the stamps the memo reads;
//! - `bits.rs`: cell sets as bit sets of `u64` words, shared by the finders;
//! - `step.rs`: [`Step`], its [`Variant`] and player-readable description;
//! - `technique.rs`: [`Technique`] (names, order, levels, scores); `level.rs` [`Level`];
//! - `memo.rs`: the per-solve memo of failed searches; `als_list/` the almost locked sets
//!   it keeps, `templates.rs` the templates it keeps;
//! - `solver.rs`: [`HumanSolver`], the loop over singles, techniques and brute force;
//! - `report.rs`: [`HumanReport`], [`HumanStatus`], [`TechniqueTime`] and the tally;
//! - `tests/`: tests of the solver and of each technique on hand-built positions.
//!
//! The technique finders, one concern per file, in `techniques/`: its `mod.rs` holds the
//! registry (the table from each [`Technique`] to its finder) and says how to add a
//! technique; `singles.rs`, `subsets.rs`, `wings.rs`, `uniq.rs`, `sdc.rs`, `als.rs`,
//! `als_chain.rs`, and the folders `fish/` (basic, Franken and mutant, kraken), `chains/`
//! (colouring, the chain graph, its search) and `forcing/` (the implication graph, the net
//! simulation, contradiction and verity checks, proofs, big grids). Unit tests sit beside
//! what they test, in `tests.rs` files.
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

mod als_list;
mod bits;
mod board;
mod level;
mod memo;
mod report;
mod solver;
mod step;
mod technique;
pub(crate) mod techniques;
mod templates;
#[cfg(test)]
mod tests;

use numpl_core::Cell;

pub use board::Board;
pub use level::Level;
pub use report::{HumanReport, HumanStatus, TechniqueTime};
pub use solver::HumanSolver;
pub(crate) use step::conclusions;
pub use step::{ChainNode, ForcingKind, Step, Variant};
pub use technique::Technique;

#[cfg(test)]
use {solver::brute_force, techniques::find};

/// Placements and eliminations a pattern proves.
type Conclusions = (Vec<(Cell, u8)>, Vec<(Cell, u8)>);
