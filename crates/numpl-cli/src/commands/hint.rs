//! `numpl hint`: the next logical step of each puzzle, explained.

use std::time::Instant;

use numpl_core::{format_line, Grid};
use numpl_solve::{count_solutions, Algorithm, HumanSolver, Status};

use crate::batch::{Done, Kind};
use crate::cli::Format;
use crate::commands::HumanCommand;
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct Hint;

impl HumanCommand for Hint {
    fn record(&self, item: &Item, g: &Grid, format: Format, output: &Output) -> Done {
        let start = Instant::now();
        let full = g.is_full();
        // Uniqueness techniques are sound only on puzzles with one solution.
        let step = if full {
            None
        } else {
            let unique = count_solutions(g, 2) == 1;
            HumanSolver::new().assume_unique(unique).next_step_grid(g)
        };
        let micros = start.elapsed().as_micros() as u64;
        // The record's status: none when a step was found, else why there is none.
        let kind = match (&step, full) {
            (_, true) => Kind::Solved,
            (Some(_), _) => Kind::Hinted,
            (None, _) => Kind::Stuck,
        };
        let hint = step.as_ref().map(|s| s.describe(g.shape()));
        let text = match format {
            Format::Json => Record {
                status: match kind {
                    Kind::Solved => Some(Status::Solved.name()),
                    Kind::Stuck => Some(Status::Stuck.name()),
                    _ => None,
                },
                algo: Some(Algorithm::Human.name()),
                micros: Some(micros),
                hint,
                ..Record::of_puzzle(item, g, &output.symbols)
            }
            .to_line(),
            _ => {
                let puzzle = format_line(g, &output.symbols);
                match (&hint, full) {
                    (Some(h), _) => format!("{puzzle}: {h}\n"),
                    (None, true) => format!("{puzzle}: solved already\n"),
                    (None, false) => format!("{puzzle}: stuck: no technique applies\n"),
                }
            }
        };
        Done::new(text, kind)
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Hinted, Kind::Solved, Kind::Stuck, Kind::Invalid]
    }
}
