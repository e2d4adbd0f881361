//! One puzzle API: what a front end asks of one puzzle as it was read.
//!
//! Every front end (the CLI's commands, the web API, Python, the regression run) holds a
//! [`Parsed`]: a plain puzzle, or a position whose pencil marks limit every cell. The
//! functions here take it as it is and answer solve / count / rate / hint / explain, so
//! that no front end branches on "puzzle or position" itself:
//!
//! - [`solve`] and [`solve_counted`]: any [`Algorithm`]; a position is solved within its
//!   marks;
//! - [`count`]: solutions up to a limit;
//! - [`rate`]: the human solver's rating (an optional technique limit); [`explain`] is the
//!   same solve, read for its steps;
//! - [`hint`]: the next step, or the [`Status`] that says why there is none;
//! - [`board`]: the human solver's [`Board`] of what was read (a position's marks
//!   eliminated).
//!
//! A variant puzzle (killer, jigsaw, ...: [`Parsed::variant`]) goes to the variant engine
//! ([`crate::variant`]) for solve and count; the human solver does not know variant rules
//! yet, so `rate` and `explain` give the search's verdict without a rating or steps and
//! `hint` the status only.
//!
//! ```
//! use numpl_core::{parse_first, ParseOptions};
//! use numpl_solve::{puzzle, Algorithm, SolveOptions, Status};
//!
//! let p = parse_first(
//!     ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
//!     &ParseOptions::default(),
//! ).unwrap();
//! let opts = SolveOptions::default();
//! assert_eq!(puzzle::solve(&p, Algorithm::Fast, &opts).status, Status::Solved);
//! let rated = puzzle::rate(&p, None, &opts);
//! assert!(rated.rating().is_some());
//! assert!(puzzle::hint(&p, &opts).is_ok());
//! ```

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use numpl_core::Parsed;

use crate::{
    count_position_solutions, count_solutions, position_board, solve_counted as grid_counted,
    solve_human, solve_position, solve_position_human, Algorithm, Board, Outcome, SolveOptions,
    Status, Step, Technique,
};

/// Solves what was read with `algo`: a puzzle as [`crate::solve`] does, a position within
/// its marks as [`solve_position`] does.
pub fn solve(p: &Parsed, algo: Algorithm, opts: &SolveOptions) -> Outcome {
    if let Some(v) = p.variant() {
        return crate::variant::solve(p.grid(), v, opts);
    }
    match p.marks() {
        Some(marks) => solve_position(p.grid(), marks, algo, opts),
        None => crate::solve(p.grid(), algo, opts),
    }
}

/// [`solve`], adding the search nodes of a puzzle's search to `nodes` as it goes
/// ([`crate::solve_counted`]); a position's search adds nothing.
pub fn solve_counted(
    p: &Parsed,
    algo: Algorithm,
    opts: &SolveOptions,
    nodes: &Arc<AtomicU64>,
) -> Outcome {
    if let Some(v) = p.variant() {
        let out = crate::variant::solve(p.grid(), v, opts);
        nodes.fetch_add(out.nodes, std::sync::atomic::Ordering::Relaxed);
        return out;
    }
    match p.marks() {
        Some(marks) => solve_position(p.grid(), marks, algo, opts),
        None => grid_counted(p.grid(), algo, opts, nodes),
    }
}

/// Counts the solutions of what was read (a position's within its marks), stopping at
/// `limit` (fast search, no budget).
pub fn count(p: &Parsed, limit: usize) -> usize {
    if let Some(v) = p.variant() {
        return crate::variant::count(p.grid(), v, limit);
    }
    match p.marks() {
        Some(marks) => count_position_solutions(p.grid(), marks, limit),
        None => count_solutions(p.grid(), limit),
    }
}

/// The human solver's rating of what was read, as [`solve_human`] gives it: `max` limits
/// the techniques (below [`Technique::BruteForce`]: logic only). The outcome's
/// [`Outcome::rating`] is the level and score; its report holds the steps.
pub fn rate(p: &Parsed, max: Option<Technique>, opts: &SolveOptions) -> Outcome {
    if let Some(v) = p.variant() {
        // HoDoKu's techniques know rows, columns and boxes only: the search's verdict, with
        // no rating and no steps (the variant techniques rate variants:
        // [`crate::variant::rate`]).
        return crate::variant::solve(p.grid(), v, opts);
    }
    match p.marks() {
        Some(marks) => solve_position_human(p.grid(), marks, max, opts),
        None => solve_human(p.grid(), max, opts),
    }
}

/// What Sudoku Explainer's rating ([`rate_se`]) found for one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct SeRated {
    /// `solved` (rated: [`SeRated::rating`] is set), `multiple` or `unsolvable` (checked by
    /// the fast search first: no rating), `stuck` (SE's techniques found no step, serate's
    /// 20.0, or not a 9x9 puzzle: [`SeRated::error`] says which) or `budget`.
    pub status: Status,
    /// The solution, when there is exactly one.
    pub solution: Option<numpl_core::Grid>,
    /// ER, EP, ED and their techniques.
    pub rating: Option<crate::se::SeRating>,
    /// Why there is no rating: SE found no step (serate's 20.0), the puzzle is not a 9x9
    /// puzzle.
    pub error: Option<String>,
    /// Why SE's rating stopped, when it did.
    pub stop: Option<crate::se::SeStop>,
}

/// Sudoku Explainer's rating (serate 1.2.1.3: ER, EP, ED) of a 9x9 puzzle with one
/// solution ([`crate::se`]). A position's pencil marks are not used (SE rates givens);
/// another shape, or several or no solutions, get their status and no rating.
pub fn rate_se(p: &Parsed, opts: &SolveOptions) -> SeRated {
    let (mut out, cells) = se_cells(p, opts);
    let Some(cells) = cells else {
        return out;
    };
    match crate::se::rate(&cells) {
        Ok(r) => out.rating = Some(r),
        Err(stop) => out.stopped(stop),
    }
    out
}

/// Sudoku Explainer's whole solution path ([`explain_se`]): the rating, and every step SE
/// takes, in order (up to where it stopped, when it did).
#[derive(Clone, Debug)]
pub struct SeExplained {
    /// The status, solution and rating, as [`rate_se`] gives them.
    pub rated: SeRated,
    /// SE's steps.
    pub steps: Vec<crate::se::Hint>,
}

/// Every step of Sudoku Explainer's solution path (serate 1.2.1.3), with the rating it
/// gives: the puzzles [`rate_se`] rates, the same way.
pub fn explain_se(p: &Parsed, opts: &SolveOptions) -> SeExplained {
    let (mut rated, cells) = se_cells(p, opts);
    let Some(cells) = cells else {
        return SeExplained {
            rated,
            steps: Vec::new(),
        };
    };
    let (steps, end) = crate::se::path(&cells);
    match end {
        Ok(()) => rated.rating = Some(crate::se::rating_of(&steps)),
        Err(stop) => rated.stopped(stop),
    }
    SeExplained { rated, steps }
}

/// The step Sudoku Explainer (serate 1.2.1.3) takes first, or why there is none: the
/// status a rating ends with (`solved` for a full grid, `multiple`, `unsolvable`, `stuck`
/// when SE's techniques find no step or the puzzle is not a 9x9 one, `budget`).
///
/// # Errors
///
/// The status that says why there is no step.
pub fn hint_se(p: &Parsed, opts: &SolveOptions) -> Result<crate::se::Hint, Status> {
    let (rated, cells) = se_cells(p, opts);
    let cells = cells.ok_or(rated.status)?;
    match crate::se::first_step(&cells) {
        Ok(Some(h)) => Ok(h),
        Ok(None) => Err(Status::Solved),
        Err(_) => Err(Status::Stuck),
    }
}

/// What SE works on: the outcome so far and, for a 9x9 puzzle with one solution, its
/// values (SE's cells); without them the outcome says why not.
fn se_cells(p: &Parsed, opts: &SolveOptions) -> (SeRated, Option<[u8; 81]>) {
    let g = p.grid();
    if p.variant().is_some() {
        // A variant's classic part is another puzzle: no rating of that.
        let out = SeRated {
            status: Status::Stuck,
            solution: None,
            rating: None,
            error: Some("Sudoku Explainer rates classic puzzles only, not variants".into()),
            stop: None,
        };
        return (out, None);
    }
    let counted = crate::solve(g, Algorithm::Fast, &opts.clone().limit(2));
    let mut out = SeRated {
        status: counted.status,
        solution: None,
        rating: None,
        error: None,
        stop: None,
    };
    if counted.status != Status::Solved {
        return (out, None);
    }
    out.solution = counted.solution;
    if g.size() != 9 || g.shape().box_rows() != 3 {
        out.status = Status::Stuck;
        out.error = Some("Sudoku Explainer rates 9x9 puzzles with 3x3 boxes only".into());
        return (out, None);
    }
    let mut cells = [0u8; 81];
    cells.copy_from_slice(g.values());
    (out, Some(cells))
}

impl SeRated {
    /// SE stopped: `stuck`, and the words that say why.
    fn stopped(&mut self, stop: crate::se::SeStop) {
        self.status = Status::Stuck;
        self.error = Some(match stop {
            crate::se::SeStop::Stuck => {
                "Sudoku Explainer's techniques find no step (serate rates it 20.0)".into()
            }
            crate::se::SeStop::NoProgress => {
                "a Sudoku Explainer step changed nothing (serate would not finish)".into()
            }
        });
        self.stop = Some(stop);
    }
}

/// Every step of a logical solution: the rating solve with every technique `opts` allows
/// ([`rate`] without a limit); the steps are in the outcome's report.
pub fn explain(p: &Parsed, opts: &SolveOptions) -> Outcome {
    rate(p, None, opts)
}

/// The human solver's board of what was read: a position's marks eliminated
/// ([`position_board`]), a puzzle's candidates as its givens allow.
pub fn board(p: &Parsed) -> Board {
    match p.marks() {
        Some(marks) => position_board(p.grid(), marks),
        None => Board::new(p.grid()),
    }
}

/// The next logical step from what was read (with the techniques of `opts`), or the status
/// that says why there is none, the one [`rate`] would give the same puzzle:
///
/// - [`Status::Solved`]: no cell is open;
/// - [`Status::Budget`]: the uniqueness count ran out of `opts`' budget (uniqueness
///   techniques are sound only on a puzzle with one solution, so no step without it);
/// - [`Status::Unsolvable`]: no solution (the count found none, or the candidates show a
///   contradiction);
/// - [`Status::Multiple`]: several solutions and no technique applies;
/// - [`Status::Stuck`]: one solution and no technique applies.
///
/// A puzzle with several solutions still gets the steps that hold whatever the solution
/// (every technique but the uniqueness ones).
pub fn hint(p: &Parsed, opts: &SolveOptions) -> Result<Step, Status> {
    if let Some(v) = p.variant() {
        // HoDoKu's techniques take no step on a variant (the variant techniques do:
        // [`crate::variant::hint`]): the search's verdict (`Stuck` when the puzzle has
        // one solution).
        return Err(
            match crate::variant::solve(p.grid(), v, &opts.clone().limit(2)).status {
                Status::Solved => Status::Stuck,
                s => s,
            },
        );
    }
    let b = board(p);
    if p.grid().is_full() {
        return opts.human().hint(&b).map_err(|why| why.status());
    }
    // Two solutions tell unique from multiple, whatever limit `opts` asks of a solve.
    let counted = solve(p, Algorithm::Fast, &opts.clone().limit(2));
    let unique = match counted.status {
        Status::Budget => return Err(Status::Budget),
        s => s == Status::Solved,
    };
    match opts.human().assume_unique(unique).hint(&b) {
        Ok(step) => Ok(step),
        Err(why) => Err(match (why.status(), counted.status) {
            (Status::Stuck, count @ (Status::Multiple | Status::Unsolvable)) => count,
            (why, _) => why,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_core::{parse_first, ParseOptions};

    fn parsed(s: &str) -> Parsed {
        parse_first(s, &ParseOptions::default()).unwrap()
    }

    /// A hint with no step ends as the rating of the same puzzle does: an empty 4x4 has
    /// many solutions and no technique applies to it (no step holds whatever the solution).
    #[test]
    fn no_step_is_the_status_a_rating_gives() {
        let opts = SolveOptions::default();
        let empty = parsed(&".".repeat(16));
        assert_eq!(rate(&empty, None, &opts).status, Status::Multiple);
        assert_eq!(hint(&empty, &opts).unwrap_err(), Status::Multiple);
        let full = parsed("1234341221434321");
        assert_eq!(hint(&full, &opts).unwrap_err(), Status::Solved);
        let budget = SolveOptions::new().budget(Some(1));
        let seed = parsed(
            ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
        );
        assert!(hint(&seed, &opts).is_ok());
        assert_eq!(
            hint(&parsed(&".".repeat(81)), &budget).unwrap_err(),
            Status::Budget
        );
    }
}
