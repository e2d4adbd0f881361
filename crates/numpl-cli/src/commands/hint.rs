//! `numpl hint`: the next logical step of each puzzle, explained.

use std::time::Instant;

use numpl_core::Parsed;
use numpl_render::Picture;
use numpl_solve::{puzzle, SolveOptions, Status};

use crate::batch::{Done, Kind};
use crate::cli::Format;
use crate::commands::{picture, puzzle_line, record_of, HumanCommand};
use crate::input::Item;
use crate::settings::Output;

pub(crate) struct Hint {
    /// The uniqueness count's budget.
    pub(crate) opts: SolveOptions,
    /// `--scale se`: Sudoku Explainer's next step.
    pub(crate) se: bool,
}

impl Hint {
    /// `--scale se`: the step serate takes first, with its SE difficulty (text or JSON).
    fn se_record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        let start = Instant::now();
        let step = puzzle::hint_se(p, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let kind = step
            .as_ref()
            .map_or_else(|&s| Kind::from(s), |_| Kind::Hinted);
        let text = match format {
            Format::Json => record_of(item, p, &output.symbols)
                .se_hint(&step)
                .micros(micros)
                .to_line(),
            _ => {
                let why = match &step {
                    Ok(h) => h.describe(),
                    Err(Status::Stuck) if p.grid().size() != 9 => {
                        "Sudoku Explainer gives steps for 9x9 puzzles only".to_string()
                    }
                    Err(Status::Stuck) => {
                        "stuck: Sudoku Explainer's techniques find no step (serate's 20.0)"
                            .to_string()
                    }
                    Err(Status::Multiple) => "multiple: the puzzle has several solutions".into(),
                    Err(s) => why_no_step(Some(*s)).to_string(),
                };
                format!("{}: {why}\n", puzzle_line(p, &output.symbols))
            }
        };
        Done::new(text, kind)
    }
}

impl HumanCommand for Hint {
    fn record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        if self.se {
            return self.se_record(item, p, format, output);
        }
        let start = Instant::now();
        let g = p.grid();
        // The next step, or the status a rating would end with (`numpl_solve::puzzle::hint`:
        // the uniqueness count decides whether uniqueness techniques may run; a position
        // starts from its marks).
        let step = puzzle::hint(p, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        // The record's status: none when a step was found, else why there is none, in the
        // words a solve would end with (solved, multiple, unsolvable, stuck, budget).
        let (kind, status) = match &step {
            Ok(_) => (Kind::Hinted, None),
            Err(status) => (Kind::from(*status), Some(*status)),
        };
        let text = match format {
            Format::Json => record_of(item, p, &output.symbols)
                .hint(&step, g.shape())
                .micros(micros)
                .to_line(),
            Format::Svg => {
                let board = puzzle::board(p);
                let mut pic = match &step {
                    Ok(s) => Picture::of_step(g, &board, s),
                    Err(_) => Picture::new(g)
                        .with_candidates(&board.candidates())
                        .with_caption(why_no_step(status)),
                };
                if let Some(v) = p.variant() {
                    pic = pic.with_variant(v);
                }
                let pics = &output.pictures;
                return picture::one(pics, item.index, pic.to_svg(&pics.svg), kind);
            }
            _ => {
                let puzzle = puzzle_line(p, &output.symbols);
                let why = match &step {
                    Ok(s) => s.describe(g.shape()),
                    Err(_) => why_no_step(status).to_string(),
                };
                format!("{puzzle}: {why}\n")
            }
        };
        Done::new(text, kind)
    }

    fn variant_record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        if self.se {
            return self.se_record(item, p, format, output);
        }
        let g = p.grid();
        let variant = p.variant().expect("a variant puzzle");
        let start = Instant::now();
        let step = numpl_solve::variant::hint(g, variant, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let (kind, status) = match &step {
            Ok(_) => (Kind::Hinted, None),
            Err(status) => (Kind::from(*status), Some(*status)),
        };
        let why = match &step {
            Ok(s) => s.describe(g.shape()),
            Err(_) => why_no_step(status).to_string(),
        };
        let text = match format {
            Format::Json => record_of(item, p, &output.symbols)
                .variant_hint(&step, g.shape())
                .micros(micros)
                .to_line(),
            Format::Svg => {
                // The puzzle with its rules and candidates, the step's cells and marks
                // coloured, its words as the caption.
                let mut pic = Picture::new(g).with_variant(variant).with_caption(why);
                if let Ok(s) = &step {
                    let before = numpl_solve::variant::candidates_along(g, variant, &[]);
                    pic = pic.with_candidates(&before[0]).with_pattern(
                        &s.cells,
                        &s.placements,
                        &s.eliminations,
                    );
                }
                let pics = &output.pictures;
                return picture::one(pics, item.index, pic.to_svg(&pics.svg), kind);
            }
            _ => format!("{}: {why}\n", puzzle_line(p, &output.symbols)),
        };
        Done::new(text, kind)
    }

    fn kinds(&self) -> &'static [Kind] {
        &[
            Kind::Hinted,
            Kind::Solved,
            Kind::Multiple,
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
        Some(Status::Multiple) => "multiple: several solutions, and no technique applies",
        _ => "stuck: no technique applies",
    }
}
