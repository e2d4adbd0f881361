//! `numpl rate`: the human solver's rating of each puzzle: status, level, score and the
//! techniques used.

use std::time::Instant;

use numpl_core::{format_line, Grid};
use numpl_solve::{solve, Algorithm, Outcome, SolveOptions};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::{invalid, SOLVE_KINDS};
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct RateJob {
    pub(crate) output: Output,
}

impl RateJob {
    /// The readable line: puzzle, status, `level=` and `score=`, then each technique with
    /// its count, in order of difficulty.
    fn line(&self, g: &Grid, out: &Outcome) -> String {
        let mut s = format_line(g, &self.output.symbols);
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

impl Job for RateJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let format = self.output.format_or_line();
        let p = match &item.puzzle {
            Ok(p) => p,
            Err(msg) => return invalid(item, msg, format, Some(Algorithm::Human.name())),
        };
        let start = Instant::now();
        let out = solve(&p.grid, Algorithm::Human, &SolveOptions::default());
        let micros = start.elapsed().as_micros() as u64;
        let text = match format {
            Format::Json => Record {
                algo: Some(Algorithm::Human.name()),
                micros: Some(micros),
                ..Record::of_puzzle(item, &p.grid, &self.output.symbols)
                    .with_outcome(&out, &self.output.symbols)
            }
            .to_line(),
            _ => self.line(&p.grid, &out),
        };
        Done::new(text, out.status.into())
    }

    fn kinds(&self) -> &'static [Kind] {
        SOLVE_KINDS
    }
}
