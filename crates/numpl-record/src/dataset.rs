//! One data-set row: the work `numpl dataset` and Python's `dataset_many` do on a puzzle,
//! in one place, so that both give the same fields.
//!
//! The puzzle is solved by the fast search, up to two solutions (`status`, `solution`, the
//! search's `nodes` and `guesses`); a 9x9 puzzle gets tdoku's backtrack count
//! (`backtracks`, [`numpl_solve::backtracks`]); when it has one solution the human solver rates it
//! (`level`, `score`, `techniques`); and it is put in canonical form (`canon`,
//! `transform`). `givens` counts its givens. Asked for ([`Extras`]), Sudoku Explainer's
//! rating adds `er`, `ep`, `ed` and their techniques.

use std::borrow::Cow;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Instant;

use numpl_canon::{in_test_split, try_canonical, Canonical, MAX_TIES};
use numpl_core::{Parsed, Symbols};
use numpl_solve::backtracks::backtracks;
use numpl_solve::puzzle::SeRated;
use numpl_solve::{puzzle, Algorithm, Outcome, SolveOptions, Status};

use crate::Record;

/// Work a row does beyond the default columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Extras {
    /// Sudoku Explainer's rating ([`puzzle::rate_se`]: `er`, `ep`, `ed` and their
    /// techniques) of a puzzle with one solution. Slow beside the rest: a hard puzzle takes
    /// seconds.
    pub se: bool,
}

impl Extras {
    /// With or without Sudoku Explainer's rating.
    #[must_use]
    pub fn se(mut self, on: bool) -> Extras {
        self.se = on;
        self
    }
}

/// What a data-set row is made of.
#[derive(Debug)]
#[non_exhaustive]
pub struct Row {
    /// The fast search's outcome (status, solution, nodes, guesses).
    pub searched: Outcome,
    /// The human solver's rating, for a puzzle with one solution.
    pub rated: Option<Outcome>,
    /// tdoku's backtrack count (guesses to solve, limit 1), for a plain 9x9 puzzle.
    pub backtracks: Option<u64>,
    /// The minlex form and the transform that makes it (`None` for a grid with too many
    /// ties, [`numpl_canon::TooManyTies`]: a full grid of a big shape).
    pub canon: Option<Canonical>,
    /// Sudoku Explainer's rating, when asked for ([`Extras::se`]) and the puzzle has one
    /// solution.
    pub se: Option<SeRated>,
    /// Microseconds of work (search, rating and canonical form).
    pub micros: u64,
}

impl Row {
    /// The outcome the row reports: the rating's, or the search's when there is none.
    pub fn outcome(&self) -> &Outcome {
        self.rated.as_ref().unwrap_or(&self.searched)
    }

    /// Whether the puzzle's class is on the test side of a split ([`in_test_split`]).
    /// (A row without a canonical form is on the train side.)
    pub fn in_test(&self, seed: u64, test_fraction: f64) -> bool {
        self.canon
            .as_ref()
            .is_some_and(|c| in_test_split(&c.form, seed, test_fraction))
    }

    /// The row as a record (`split` with a split): the puzzle's fields, the outcome, the
    /// search's effort, `givens`, `canon` and `transform`, SE's `er`, `ep`, `ed` and their
    /// techniques when rated, `micros`.
    pub fn record(&self, p: &Parsed, symbols: &Symbols, split: Option<(u64, f64)>) -> Record {
        let mut rec = Record::of_parsed(p, symbols)
            .outcome(self.outcome(), Algorithm::Human, symbols)
            .effort(&self.searched)
            .backtracks(self.backtracks)
            .givens(p.grid().filled())
            .micros(self.micros);
        if let Some(c) = &self.canon {
            rec = rec.canonical(c, symbols);
        }
        if let Some(se) = &self.se {
            rec = rec.se_rating(se);
        }
        match split {
            Some((seed, fraction)) => rec.split(self.in_test(seed, fraction)),
            None => rec,
        }
    }
}

/// The row of a plain puzzle (`opts`: the search's budget and the rating's techniques;
/// `nodes` counts the search's nodes as it goes; `extras`: the optional columns), or why
/// there is none: a position's pencil marks have no canonical form.
///
/// # Errors
///
/// A position with pencil marks: the message says so.
pub fn row(
    p: &Parsed,
    opts: &SolveOptions,
    extras: Extras,
    nodes: &Arc<AtomicU64>,
) -> Result<Row, String> {
    if p.is_position() {
        return Err(
            "a position with pencil marks: data-set rows and canonical forms are of plain puzzles"
                .to_string(),
        );
    }
    let start = Instant::now();
    // Two solutions tell `solved` from `multiple` (the options are copied only when they
    // ask for another count).
    let opts = if opts.limit == 2 {
        Cow::Borrowed(opts)
    } else {
        Cow::Owned(opts.clone().limit(2))
    };
    let searched = puzzle::solve_counted(p, Algorithm::Fast, &opts, nodes);
    let rated = (searched.status == Status::Solved).then(|| puzzle::rate(p, None, &opts));
    // tdoku's count is of classic rules: none for a variant.
    let backtracks = p
        .variant()
        .is_none()
        .then(|| backtracks(p.grid(), 1))
        .flatten()
        .map(|b| b.guesses);
    let canon = try_canonical(p.grid(), MAX_TIES).ok();
    let se = (extras.se && searched.status == Status::Solved).then(|| puzzle::rate_se(p, &opts));
    let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
    Ok(Row {
        searched,
        rated,
        backtracks,
        canon,
        se,
        micros,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_core::{parse_first, ParseOptions};

    /// The default row of `p` (no extras).
    fn plain_row(p: &Parsed) -> Result<Row, String> {
        row(
            p,
            &SolveOptions::default(),
            Extras::default(),
            &Arc::default(),
        )
    }

    #[test]
    fn a_row_has_every_field_and_a_position_none() {
        let seed =
            ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
        let p = parse_first(seed, &ParseOptions::default()).unwrap();
        let r = plain_row(&p).unwrap();
        let rec = r.record(&p, &Symbols::standard(), Some((1, 1.0)));
        let json = rec.to_json();
        for field in [
            "\"status\":\"solved\"",
            "\"solution\":\"8214596739",
            "\"givens\":21",
            "\"canon\":\"........1",
            "\"transform\":\"3x3 ",
            "\"split\":\"test\"",
            "\"level\":",
            "\"nodes\":",
            // tdoku solves the seed without a guess (its driver: 0).
            "\"backtracks\":0,",
            "\"hidden_single\":",
        ] {
            assert!(json.contains(field), "{field} in {json}");
        }
        let position = parse_first(&"1234".repeat(16), &ParseOptions::default()).unwrap();
        assert!(plain_row(&position).is_err());
        let empty = parse_first(&".".repeat(16), &ParseOptions::default()).unwrap();
        let r = plain_row(&empty).unwrap();
        assert_eq!(r.searched.status, Status::Multiple);
        assert!(r.rated.is_none() && r.outcome().rating().is_none());
        assert!(r.se.is_none() && !json.contains("\"er\""));
        assert_eq!(r.backtracks, None, "tdoku's count is of 9x9 puzzles");
        // top1465's first: tdoku's driver (TdokuSolverDpllTriadSimd, limit 1) says 29.
        let hard =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let p = parse_first(hard, &ParseOptions::default()).unwrap();
        let r = plain_row(&p).unwrap();
        assert_eq!(r.backtracks, Some(29));
        let rec = r.record(&p, &Symbols::standard(), None);
        assert!(rec.to_json().contains("\"backtracks\":29,"));
    }

    #[test]
    fn sudoku_explainers_columns_when_asked() {
        // Rated 1.2/1.2/1.2 by serate 1.2.1.3 (hidden singles all the way; SE's test set).
        let easy =
            "9..674..2.5..2..8...7.5.3..5..7.1..4643...1757..4.5..9..4.9.7...6..1..9.3..846..1";
        let p = parse_first(easy, &ParseOptions::default()).unwrap();
        let r = row(
            &p,
            &SolveOptions::default(),
            Extras::default().se(true),
            &Arc::default(),
        );
        let json = r.unwrap().record(&p, &Symbols::standard(), None).to_json();
        assert!(json.contains("\"status\":\"solved\""), "{json}");
        for field in [
            "\"er\":\"1.2\"",
            "\"ep\":\"1.2\"",
            "\"ed\":\"1.2\"",
            "\"er_technique\":\"Hidden Single\"",
        ] {
            assert!(json.contains(field), "{field} in {json}");
        }
        // A puzzle with two solutions gets no SE rating.
        let empty = parse_first(&".".repeat(81), &ParseOptions::default()).unwrap();
        let r = row(
            &empty,
            &SolveOptions::default(),
            Extras::default().se(true),
            &Arc::default(),
        );
        assert!(r.unwrap().se.is_none());
    }
}
