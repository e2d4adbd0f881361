//! `numpl rate`: the human solver's rating of each puzzle: status, level, score and the
//! techniques used.
//!
//! Every unique puzzle ends `solved` with a level and a score: when logic runs out, the
//! solver takes a brute force step as HoDoKu does (the solution's value in the middle open
//! cell, level extreme, score 10000). `--max-technique` limits the techniques (below
//! `brute_force`: logic only); a puzzle the limit cannot finish ends `stuck`, with the level
//! and score of the steps it took. A puzzle with no solution (`unsolvable`) or several
//! (`multiple`) has no rating: its line has no `level=` or `score=` (the techniques logic
//! used before it stopped still follow).
//!
//! `--level-only` stops each rating as soon as its level is certain (see
//! [`numpl_solve::HumanSolver::level_only`]): a puzzle found extreme part way has its
//! level but no score or technique counts (both need the whole solve); any other puzzle
//! is rated whole, as without the flag.

use std::time::Instant;

use numpl_core::Parsed;
use numpl_solve::{solve_human, solve_position_human, Algorithm, Outcome, SolveOptions, Technique};

use crate::batch::Done;
use crate::cli::Format;
use crate::commands::{puzzle_csv_field, puzzle_line, HumanCommand, RATE_CSV};
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct Rate {
    /// `--max-technique`: the hardest technique the rating may use (None: all, brute
    /// force last).
    pub(crate) max: Option<Technique>,
    /// The uniqueness count's budget.
    pub(crate) opts: SolveOptions,
}

/// The report when the puzzle has a rating: it ended `solved`, or `stuck` within a technique
/// limit (rated on the steps taken). A puzzle with no solution or several has none.
pub(crate) fn rating(out: &Outcome) -> Option<&numpl_solve::HumanReport> {
    match out.status {
        numpl_solve::Status::Solved | numpl_solve::Status::Stuck => out.report.as_ref(),
        _ => None,
    }
}

impl Rate {
    /// The readable line: puzzle, status, `level=` and `score=`, then each technique with
    /// its count, in order of difficulty.
    fn line(p: &Parsed, out: &Outcome, output: &Output) -> String {
        let mut s = puzzle_line(p, &output.symbols);
        s.push(' ');
        s.push_str(out.status.name());
        if let Some(r) = rating(out) {
            s.push_str(&format!(" level={}", r.level.name()));
            if r.whole() {
                s.push_str(&format!(" score={}", r.score));
            }
        }
        if let Some(r) = out.report.as_ref().filter(|r| r.whole()) {
            for (t, n) in &r.counts {
                s.push_str(&format!(" {}={n}", t.name()));
            }
        }
        s.push('\n');
        s
    }
}

impl HumanCommand for Rate {
    fn record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        let start = Instant::now();
        let out = match &p.marks {
            Some(marks) => solve_position_human(&p.grid, marks, self.max, &self.opts),
            None => solve_human(&p.grid, self.max, &self.opts),
        };
        let micros = start.elapsed().as_micros() as u64;
        let text = match format {
            Format::Json => Record {
                algo: Some(Algorithm::Human.name()),
                micros: Some(micros),
                ..Record::of_parsed(item, p, &output.symbols).with_outcome(&out, &output.symbols)
            }
            .to_line(),
            Format::Csv => rate_csv_row(
                &puzzle_csv_field(p, output),
                &out.solution
                    .as_ref()
                    .map(|s| output.csv_field(s))
                    .unwrap_or_default(),
                out.status.name(),
                rating(&out),
            ),
            _ => Rate::line(p, &out, output),
        };
        Done::new(text, out.status.into())
    }

    fn csv(&self) -> Option<&'static str> {
        Some(RATE_CSV)
    }
}

/// A row under [`RATE_CSV`]: level and score when the human solver rated the puzzle (the
/// score only when the rating is whole, [`numpl_solve::HumanReport::whole`]).
pub(crate) fn rate_csv_row(
    quizzes: &str,
    solutions: &str,
    status: &str,
    report: Option<&numpl_solve::HumanReport>,
) -> String {
    match report {
        Some(r) if r.whole() => format!(
            "{quizzes},{solutions},{status},{},{}\n",
            r.level.name(),
            r.score
        ),
        Some(r) => format!("{quizzes},{solutions},{status},{},\n", r.level.name()),
        None => format!("{quizzes},{solutions},{status},,\n"),
    }
}
