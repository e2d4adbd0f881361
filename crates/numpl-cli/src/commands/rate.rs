//! `numpl rate`: the human solver's rating of each puzzle: status, level, score and the
//! techniques used.

use std::time::Instant;

use numpl_core::Parsed;
use numpl_solve::{Algorithm, Outcome, SolveOptions};

use crate::batch::Done;
use crate::cli::Format;
use crate::commands::{puzzle_csv_field, puzzle_line, solve_parsed, HumanCommand, RATE_CSV};
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct Rate;

impl Rate {
    /// The readable line: puzzle, status, `level=` and `score=`, then each technique with
    /// its count, in order of difficulty.
    fn line(p: &Parsed, out: &Outcome, output: &Output) -> String {
        let mut s = puzzle_line(p, &output.symbols);
        s.push(' ');
        s.push_str(out.status.name());
        if let Some(r) = &out.report {
            s.push_str(&format!(" level={} score={}", r.level.name(), r.score));
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
        let out = solve_parsed(p, Algorithm::Human, &SolveOptions::default());
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
                out.report.as_ref(),
            ),
            _ => Rate::line(p, &out, output),
        };
        Done::new(text, out.status.into())
    }

    fn csv(&self) -> Option<&'static str> {
        Some(RATE_CSV)
    }
}

/// A row under [`RATE_CSV`]: level and score when the human solver rated the puzzle.
pub(crate) fn rate_csv_row(
    quizzes: &str,
    solutions: &str,
    status: &str,
    report: Option<&numpl_solve::HumanReport>,
) -> String {
    match report {
        Some(r) => format!(
            "{quizzes},{solutions},{status},{},{}\n",
            r.level.name(),
            r.score
        ),
        None => format!("{quizzes},{solutions},{status},,\n"),
    }
}
