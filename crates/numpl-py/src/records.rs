//! The records the functions return, built in plain Rust (so that batches build them in
//! parallel with the interpreter released) and turned into Python dicts at the end.
//!
//! The fields, their names, order and meaning are those of the CLI's JSON records
//! (docs/FORMATS.md, "Records"; `numpl-cli/src/record.rs` and `commands/`), less `file` and
//! `line`, which belong to files. `count` (from [`count`]) is this module's own.

use std::collections::BTreeMap;
use std::time::Instant;

use numpl_core::{format_line, format_position_line, Grid, Parsed, Symbols};
use numpl_gen::{Generated, Generator};
use numpl_solve::{
    count_position_solutions, count_solutions, position_board, solve, solve_position, Algorithm,
    Board, Outcome, SolveOptions, Status, Technique,
};

use crate::options;

/// One field's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Val {
    Int(u64),
    Str(String),
    Bool(bool),
    /// Technique counts, in order of difficulty (a dict in Python).
    Counts(Vec<(String, u32)>),
    /// A list of strings (`steps`).
    List(Vec<String>),
}

/// A record: its fields in the order users see them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rec {
    pub(crate) fields: Vec<(&'static str, Val)>,
}

impl Rec {
    fn int(mut self, k: &'static str, v: u64) -> Rec {
        self.fields.push((k, Val::Int(v)));
        self
    }

    fn str(mut self, k: &'static str, v: impl Into<String>) -> Rec {
        self.fields.push((k, Val::Str(v.into())));
        self
    }

    fn opt_str(self, k: &'static str, v: Option<String>) -> Rec {
        match v {
            Some(v) => self.str(k, v),
            None => self,
        }
    }

    /// The record with `index` in front (batches: the puzzle's position in the input).
    pub(crate) fn indexed(mut self, index: u64) -> Rec {
        self.fields.insert(0, ("index", Val::Int(index)));
        self
    }
}

fn line(g: &Grid) -> String {
    format_line(g, &Symbols::standard())
}

fn micros(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX)
}

fn counts(c: &BTreeMap<Technique, u32>) -> Val {
    Val::Counts(c.iter().map(|(t, n)| (t.name().to_string(), *n)).collect())
}

/// `size`, `box`, `puzzle`: the puzzle itself (a position: its N*N*N-symbol line).
fn of_puzzle(p: &Parsed) -> Rec {
    let g = &p.grid;
    let puzzle = match &p.marks {
        Some(marks) => format_position_line(g, marks, &Symbols::standard()),
        None => line(g),
    };
    Rec::default()
        .int("size", g.size() as u64)
        .str("box", g.shape().to_string())
        .str("puzzle", puzzle)
}

/// Solves a puzzle, or a position within its marks.
fn solve_parsed(p: &Parsed, algo: Algorithm, opts: &SolveOptions) -> Outcome {
    match &p.marks {
        Some(marks) => solve_position(&p.grid, marks, algo, opts),
        None => solve(&p.grid, algo, opts),
    }
}

/// Counts the solutions of a puzzle, or of a position within its marks.
fn count_parsed(p: &Parsed, limit: usize) -> usize {
    match &p.marks {
        Some(marks) => count_position_solutions(&p.grid, marks, limit),
        None => count_solutions(&p.grid, limit),
    }
}

/// What a solve found, in the record's order from `status` to `score`: the CLI's
/// `with_outcome` plus the fields each command sets between them.
fn with_outcome(rec: Rec, out: &Outcome, algo: Algorithm, micros: u64) -> Rec {
    let mut rec = rec
        .str("status", out.status.name())
        .opt_str("solution", out.solution.as_ref().map(line))
        .opt_str("grid", out.grid.as_ref().map(line))
        .str("algo", algo.name());
    if algo != Algorithm::Human {
        rec = rec.int("guesses", out.guesses).int("nodes", out.nodes);
    }
    rec = rec.int("micros", micros);
    if let Some(r) = &out.report {
        // As the CLI: a `level_only` rating stopped part way has no techniques or score.
        let whole = r.whole();
        if whole {
            rec.fields.push(("techniques", counts(&r.counts)));
        }
        // As the CLI: a puzzle with no solution or several has no rating.
        if matches!(out.status, Status::Solved | Status::Stuck) {
            rec = rec.str("level", r.level.name());
            if whole {
                rec = rec.int("score", u64::from(r.score));
            }
        }
    }
    rec
}

/// The record of a puzzle that could not be read (`numpl ... --format json`'s, without
/// file and line).
pub(crate) fn invalid(msg: &str, algo: Option<Algorithm>) -> Rec {
    let rec = Rec::default().str("status", "invalid");
    let rec = match algo {
        Some(a) => rec.str("algo", a.name()),
        None => rec,
    };
    rec.str("error", msg)
}

/// `numpl solve --algo ALGO`.
pub(crate) fn solved(g: &Parsed, algo: Algorithm, first: bool, budget: Option<u64>) -> Rec {
    let start = Instant::now();
    let out = solve_parsed(g, algo, &options::solve(first, budget));
    let t = micros(start);
    with_outcome(of_puzzle(g), &out, algo, t)
}

/// `numpl rate`.
pub(crate) fn rated(g: &Parsed, opts: &SolveOptions) -> Rec {
    let start = Instant::now();
    let out = solve_parsed(g, Algorithm::Human, opts);
    let t = micros(start);
    with_outcome(of_puzzle(g), &out, Algorithm::Human, t)
}

/// `numpl explain`: the rating and every step, described.
pub(crate) fn explained(g: &Parsed, opts: &SolveOptions) -> Rec {
    let start = Instant::now();
    let out = solve_parsed(g, Algorithm::Human, opts);
    let t = micros(start);
    let steps: Vec<String> = out
        .report
        .as_ref()
        .map(|r| r.steps.iter().map(|s| s.describe(g.grid.shape())).collect())
        .unwrap_or_default();
    let mut rec = with_outcome(of_puzzle(g), &out, Algorithm::Human, t);
    rec.fields.push(("steps", Val::List(steps)));
    rec
}

/// `numpl hint`: the next step; `status` only when there is none (`solved` when the grid
/// is full already, `stuck` when no technique applies, `unsolvable` when the candidates
/// show a contradiction, as a position's marks may).
pub(crate) fn hinted(p: &Parsed, opts: &SolveOptions) -> Rec {
    let start = Instant::now();
    let g = &p.grid;
    let full = g.is_full();
    // Uniqueness techniques are sound only on puzzles with one solution. A position's
    // hint starts from its marks.
    let step = if full {
        None
    } else {
        let unique = count_parsed(p, 2) == 1;
        let board = match &p.marks {
            Some(marks) => position_board(g, marks),
            None => Board::new(g),
        };
        Some(opts.human().assume_unique(unique).hint(&board))
    };
    let t = micros(start);
    let mut rec = of_puzzle(p);
    let step = match step {
        None => {
            rec = rec.str("status", Status::Solved.name());
            None
        }
        Some(Err(why)) => {
            rec = rec.str("status", why.status().name());
            None
        }
        Some(Ok(s)) => Some(s),
    };
    rec.str("algo", Algorithm::Human.name())
        .int("micros", t)
        .opt_str("hint", step.map(|s| s.describe(g.shape())))
}

/// Counts solutions up to `limit` (fast search, no budget). `status`: `unsolvable` (0),
/// `solved` (1; with `limit` 1 that means "at least one"), `multiple` (2 or more).
pub(crate) fn counted(g: &Parsed, limit: usize) -> Rec {
    let start = Instant::now();
    let n = count_parsed(g, limit);
    let t = micros(start);
    let status = match n {
        0 => Status::Unsolvable,
        1 => Status::Solved,
        _ => Status::Multiple,
    };
    of_puzzle(g)
        .str("status", status.name())
        .int("count", n as u64)
        .str("algo", Algorithm::Fast.name())
        .int("micros", t)
}

/// `numpl generate --format json`: puzzle `index` of the generator's run, or the record
/// saying why it could not be made.
pub(crate) fn generated(generator: &Generator, index: u64) -> Rec {
    let start = Instant::now();
    match generator.generate(index) {
        Ok(g) => made(&g, micros(start)),
        Err(e) => {
            let o = generator.options();
            // The CLI prefixes "puzzle i: "; some messages already start with it.
            let mut msg = e.to_string();
            let prefix = format!("puzzle {index}: ");
            if !msg.starts_with(&prefix) {
                msg = prefix + &msg;
            }
            Rec::default()
                .int("index", index)
                .int("size", o.shape.size() as u64)
                .str("box", o.shape.to_string())
                .str("error", msg)
                .str("symmetry", o.symmetry.name())
                .int("seed", o.seed)
        }
    }
}

fn made(g: &Generated, micros: u64) -> Rec {
    let mut rec = Rec::default()
        .int("index", g.index)
        .int("size", g.puzzle.size() as u64)
        .str("box", g.puzzle.shape().to_string())
        .str("puzzle", line(&g.puzzle))
        .str("status", "solved")
        .str("solution", line(&g.solution))
        .int("micros", micros);
    if let Some(r) = &g.report {
        rec.fields.push(("techniques", counts(&r.counts)));
        rec = rec
            .str("level", r.level.name())
            .int("score", u64::from(r.score));
    }
    let mut rec = rec
        .int("givens", g.givens() as u64)
        .str("symmetry", g.symmetry.name())
        .int("seed", g.seed)
        .int("tries", u64::from(g.tries));
    rec.fields.push(("minimal", Val::Bool(g.minimal)));
    rec
}
