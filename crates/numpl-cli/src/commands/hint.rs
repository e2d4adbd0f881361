//! `numpl hint`: the next logical step of each puzzle, explained.

use std::time::Instant;

use numpl_core::format_line;
use numpl_render::Picture;
use numpl_solve::{count_solutions, Algorithm, Board, HumanSolver, Status};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::{invalid, picture};
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct HintJob {
    pub(crate) output: Output,
}

impl Job for HintJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let format = self.output.format_or_line();
        let p = match &item.puzzle {
            Ok(p) => p,
            Err(msg) => return invalid(item, msg, format, Some(Algorithm::Human.name())),
        };
        let g = &p.grid;
        let start = Instant::now();
        let full = g.is_full();
        // Uniqueness techniques are sound only on puzzles with one solution.
        let board = Board::new(g);
        let step = if full {
            None
        } else {
            let unique = count_solutions(g, 2) == 1;
            HumanSolver::new().assume_unique(unique).next_step(&board)
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
                ..Record::of_puzzle(item, g, &self.output.symbols)
            }
            .to_line(),
            Format::Svg => {
                let pic = match &step {
                    Some(s) => Picture::of_step(g, &board, s),
                    None => Picture::new(g)
                        .with_candidates(&board.candidates())
                        .with_caption(if full {
                            "solved already"
                        } else {
                            "stuck: no technique applies"
                        }),
                };
                let pics = &self.output.pictures;
                return picture::one(pics, item.index, pic.to_svg(&pics.svg), kind);
            }
            _ => {
                let puzzle = format_line(g, &self.output.symbols);
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
        &[
            Kind::Hinted,
            Kind::Solved,
            Kind::Stuck,
            Kind::Invalid,
            Kind::Error,
        ]
    }

    fn note(&self) -> Option<String> {
        picture::note(&self.output.pictures)
    }
}
