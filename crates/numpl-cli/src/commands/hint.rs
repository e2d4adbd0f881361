//! `numpl hint`: the next logical step of each puzzle, explained.

use std::time::Instant;

use numpl_core::Parsed;
use numpl_render::Picture;
use numpl_solve::{Algorithm, SolveOptions, Status};

use crate::batch::{Done, Kind};
use crate::cli::Format;
use crate::commands::{board_of, picture, puzzle_line, solve_parsed, HumanCommand};
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct Hint {
    /// The uniqueness count's budget.
    pub(crate) opts: SolveOptions,
}

impl HumanCommand for Hint {
    fn record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        let start = Instant::now();
        let g = &p.grid;
        // Uniqueness techniques are sound only on puzzles with one solution; a full grid
        // needs no count (the solver says it is solved). A position counts the solutions
        // its marks allow, and the hint starts from its marks. A count that runs out of its
        // budget ends the hint with status `budget`, as `solve --algo human` would.
        let count = (!g.is_full()).then(|| solve_parsed(p, Algorithm::Fast, &self.opts));
        let unique = count.as_ref().is_none_or(|c| c.status == Status::Solved);
        let board = board_of(p);
        let step = match &count {
            Some(c) if c.status == Status::Budget => Err(Status::Budget),
            _ => self
                .opts
                .human()
                .assume_unique(unique)
                .hint(&board)
                .map_err(|why| why.status()),
        };
        let micros = start.elapsed().as_micros() as u64;
        // The record's status: none when a step was found, else why there is none, in the
        // words a solve would end with (solved, unsolvable, stuck, budget).
        let (kind, status) = match &step {
            Ok(_) => (Kind::Hinted, None),
            Err(status) => (Kind::from(*status), Some(*status)),
        };
        let hint = step.as_ref().ok().map(|s| s.describe(g.shape()));
        let text = match format {
            Format::Json => Record {
                status: status.map(Status::name),
                algo: Some(Algorithm::Human.name()),
                micros: Some(micros),
                hint,
                ..Record::of_parsed(item, p, &output.symbols)
            }
            .to_line(),
            Format::Svg => {
                let pic = match &step {
                    Ok(s) => Picture::of_step(g, &board, s),
                    Err(_) => Picture::new(g)
                        .with_candidates(&board.candidates())
                        .with_caption(why_no_step(status)),
                };
                let pics = &output.pictures;
                return picture::one(pics, item.index, pic.to_svg(&pics.svg), kind);
            }
            _ => {
                let puzzle = puzzle_line(p, &output.symbols);
                let why = hint.as_deref().unwrap_or(why_no_step(status));
                format!("{puzzle}: {why}\n")
            }
        };
        Done::new(text, kind)
    }

    fn kinds(&self) -> &'static [Kind] {
        &[
            Kind::Hinted,
            Kind::Solved,
            Kind::Unsolvable,
            Kind::Stuck,
            Kind::Budget,
            Kind::Invalid,
        ]
    }
}

/// Why there is no step, in words: the status a solve would end with.
fn why_no_step(status: Option<Status>) -> &'static str {
    match status {
        Some(Status::Solved) => "solved already",
        Some(Status::Unsolvable) => "unsolvable: the candidates show a contradiction",
        Some(Status::Budget) => "budget: the uniqueness count stopped at its node budget",
        _ => "stuck: no technique applies",
    }
}
