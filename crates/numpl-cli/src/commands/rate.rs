//! `numpl rate`: the human solver's rating of each puzzle: status, level, score and the
//! techniques used.

use std::time::Instant;

use numpl_core::{format_line, Grid};
use numpl_solve::{solve, Algorithm, Outcome, SolveOptions};

use crate::batch::Done;
use crate::cli::Format;
use crate::commands::{HumanCommand, RATE_CSV};
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct Rate {
    /// The uniqueness count's budget.
    pub(crate) opts: SolveOptions,
}

impl Rate {
    /// The readable line: puzzle, status, `level=` and `score=`, then each technique with
    /// its count, in order of difficulty.
    fn line(g: &Grid, out: &Outcome, output: &Output) -> String {
        let mut s = format_line(g, &output.symbols);
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
    fn record(&self, item: &Item, g: &Grid, format: Format, output: &Output) -> Done {
        let start = Instant::now();
        let out = solve(g, Algorithm::Human, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let text = match format {
            Format::Json => Record {
                algo: Some(Algorithm::Human.name()),
                micros: Some(micros),
                ..Record::of_puzzle(item, g, &output.symbols).with_outcome(&out, &output.symbols)
            }
            .to_line(),
            Format::Csv => rate_csv_row(
                &output.csv_field(g),
                &out.solution
                    .as_ref()
                    .map(|s| output.csv_field(s))
                    .unwrap_or_default(),
                out.status.name(),
                out.report.as_ref(),
            ),
            _ => Rate::line(g, &out, output),
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
