//! The records the functions return: numpl-record's [`Record`] (the one record the CLI's
//! `--format json` and the web API also give), built in plain Rust so that batches build
//! them in parallel with the interpreter released, and turned into Python dicts at the end
//! (`to_dict` in `lib.rs`, from [`Record::fields`]). A puzzle read from a string has no
//! `file` or `line`; batches add `index`.

use std::time::Instant;

use numpl_core::{Parsed, Symbols};
use numpl_gen::Generator;
use numpl_record::Record;
use numpl_solve::{puzzle, Algorithm, SolveOptions};

use crate::options;

fn micros(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX)
}

fn of_puzzle(p: &Parsed) -> Record {
    Record::of_parsed(p, &p.symbols())
}

/// The record of a puzzle that could not be read.
pub(crate) fn invalid(msg: &str, algo: Option<Algorithm>) -> Record {
    let rec = Record::new().invalid(msg);
    match algo {
        Some(a) => rec.algo(a),
        None => rec,
    }
}

/// `numpl solve --algo ALGO`.
pub(crate) fn solved(p: &Parsed, algo: Algorithm, first: bool, budget: Option<u64>) -> Record {
    let start = Instant::now();
    let out = puzzle::solve(p, algo, &options::solve(first, budget));
    let t = micros(start);
    of_puzzle(p).outcome(&out, algo, &p.symbols()).micros(t)
}

/// `numpl rate`.
pub(crate) fn rated(p: &Parsed, opts: &SolveOptions) -> Record {
    let start = Instant::now();
    if let Some(v) = p.variant() {
        let out = numpl_solve::variant::rate(p.grid(), v, opts);
        return of_puzzle(p)
            .variant_rated(&out, &p.symbols())
            .micros(micros(start));
    }
    let out = puzzle::rate(p, None, opts);
    let t = micros(start);
    of_puzzle(p)
        .outcome(&out, Algorithm::Human, &Symbols::standard())
        .micros(t)
}

/// `numpl rate --scale se`: Sudoku Explainer's ER/EP/ED and their techniques.
pub(crate) fn rated_se(p: &Parsed) -> Record {
    let start = Instant::now();
    let out = puzzle::rate_se(p, &SolveOptions::default());
    let t = micros(start);
    of_puzzle(p).se(&out, &Symbols::standard()).micros(t)
}

/// `numpl explain`: the rating and every step, described.
pub(crate) fn explained(p: &Parsed, opts: &SolveOptions) -> Record {
    let start = Instant::now();
    if let Some(v) = p.variant() {
        let out = numpl_solve::variant::rate(p.grid(), v, opts);
        return of_puzzle(p)
            .variant_explained(&out, p.grid().shape(), &p.symbols())
            .micros(micros(start));
    }
    let out = puzzle::explain(p, opts);
    let t = micros(start);
    of_puzzle(p)
        .explained(&out, p.grid().shape(), &Symbols::standard())
        .micros(t)
}

/// `numpl hint`: the next step, or the status that says why there is none.
pub(crate) fn hinted(p: &Parsed, opts: &SolveOptions) -> Record {
    let start = Instant::now();
    if let Some(v) = p.variant() {
        let step = numpl_solve::variant::hint(p.grid(), v, opts);
        return of_puzzle(p)
            .variant_hint(&step, p.grid().shape())
            .micros(micros(start));
    }
    let step = puzzle::hint(p, opts);
    let t = micros(start);
    of_puzzle(p).hint(&step, p.grid().shape()).micros(t)
}

/// `numpl explain --scale se`: Sudoku Explainer's rating and every step of its path.
pub(crate) fn explained_se(p: &Parsed) -> Record {
    let start = Instant::now();
    let out = puzzle::explain_se(p, &SolveOptions::default());
    let t = micros(start);
    of_puzzle(p)
        .se_explained(&out, &Symbols::standard())
        .micros(t)
}

/// `numpl hint --scale se`: Sudoku Explainer's next step, or the status that says why
/// there is none.
pub(crate) fn hinted_se(p: &Parsed) -> Record {
    let start = Instant::now();
    let step = puzzle::hint_se(p, &SolveOptions::default());
    let t = micros(start);
    of_puzzle(p).se_hint(&step).micros(t)
}

/// Counts solutions up to `limit` (fast search, no budget).
pub(crate) fn counted(p: &Parsed, limit: usize) -> Record {
    let start = Instant::now();
    let n = puzzle::count(p, limit);
    let t = micros(start);
    of_puzzle(p).count(n).micros(t)
}

/// `numpl generate --format json`: puzzle `index` of the generator's run, or the record
/// saying why it could not be made.
pub(crate) fn generated(generator: &Generator, index: u64) -> Record {
    let start = Instant::now();
    match generator.generate(index) {
        Ok(g) => Record::generated(&g, &Symbols::standard()).micros(micros(start)),
        Err(e) => Record::not_generated(generator.options(), index, &e),
    }
}

/// `numpl canon --format json` (with `split`: the side of a split by class).
pub(crate) fn canonical(p: &Parsed, split: Option<(u64, f64)>) -> Record {
    if p.is_position() {
        return invalid(
            "a position with pencil marks: canonical forms are of plain puzzles",
            None,
        );
    }
    let c = match numpl_canon::try_canonical(p.grid(), numpl_canon::MAX_TIES) {
        Ok(c) => c,
        Err(e) => return of_puzzle(p).stopped(&e.to_string()),
    };
    let rec = of_puzzle(p).canonical(&c, &Symbols::standard());
    match split {
        Some((seed, f)) => rec.split(numpl_canon::in_test_split(&c.form, seed, f)),
        None => rec,
    }
}

/// `numpl dataset --format json`: one data-set row (numpl-record's `dataset::row`).
pub(crate) fn dataset_row(
    p: &Parsed,
    opts: &SolveOptions,
    extras: numpl_record::dataset::Extras,
    split: Option<(u64, f64)>,
) -> Record {
    match numpl_record::dataset::row(p, opts, extras, &std::sync::Arc::default()) {
        Ok(row) => row.record(p, &Symbols::standard(), split),
        Err(why) => invalid(&why, None),
    }
}

/// `numpl augment --format json`: `copies` equivalent copies of puzzle number `index` with
/// their solutions, seeded; a puzzle without one solution gives its search's record alone.
pub(crate) fn augmented(p: &Parsed, copies: usize, seed: u64, index: u64) -> Vec<Record> {
    if p.is_position() {
        return vec![invalid(
            "a position with pencil marks: augment copies plain puzzles",
            None,
        )];
    }
    let sym = Symbols::standard();
    let out = puzzle::solve(p, Algorithm::Fast, &options::solve(false, None));
    let Some(solution) = out
        .solution
        .as_ref()
        .filter(|_| out.status == numpl_solve::Status::Solved)
    else {
        return vec![of_puzzle(p).outcome(&out, Algorithm::Fast, &sym)];
    };
    numpl_canon::augmentations(p.grid().shape(), seed, index)
        .take(copies)
        .map(|t| {
            let copy = Parsed::puzzle(t.apply(p.grid()), p.line, p.format);
            of_puzzle(&copy)
                .solved(&t.apply(solution), &sym)
                .transform(&t)
        })
        .collect()
}
