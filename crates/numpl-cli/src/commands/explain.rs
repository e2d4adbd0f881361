//! `numpl explain`: every step of a logical solution of each puzzle. Text: the puzzle,
//! the numbered step descriptions, then how it ended.

use std::time::Instant;

use numpl_core::Parsed;
use numpl_render::Picture;
use numpl_solve::{puzzle, SolveOptions, Status};

use crate::batch::Done;
use crate::cli::Format;
use crate::commands::{picture, puzzle_line, record_of, HumanCommand};
use crate::input::Item;
use crate::settings::Output;

pub(crate) struct Explain {
    /// The uniqueness count's budget.
    pub(crate) opts: SolveOptions,
    /// `--scale se`: Sudoku Explainer's steps.
    pub(crate) se: bool,
}

impl Explain {
    /// `--scale se`: serate's path, each step with its SE difficulty, then ER/EP/ED.
    fn se_record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        let sym = &output.symbols;
        let start = Instant::now();
        let out = puzzle::explain_se(p, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let rated = &out.rated;
        let text = match format {
            Format::Json => record_of(item, p, sym)
                .se_explained(&out, sym)
                .micros(micros)
                .to_line(),
            _ => {
                let file = numpl_core::escape_controls(&item.file);
                let mut t = format!("# {file}:{}: {}\n", item.line, puzzle_line(p, sym));
                for (i, h) in out.steps.iter().enumerate() {
                    t.push_str(&format!("{:>4}. {}\n", i + 1, h.describe()));
                }
                let n = out.steps.len();
                let how = match (&rated.rating, &rated.error) {
                    (Some(r), _) => format!(
                        "solved after {n} step{} (ER {}, EP {}, ED {})",
                        if n == 1 { "" } else { "s" },
                        numpl_solve::se::format_tenths(r.er),
                        numpl_solve::se::format_tenths(r.ep),
                        numpl_solve::se::format_tenths(r.ed),
                    ),
                    (None, Some(e)) => {
                        format!("stuck after {n} step{}: {e}", if n == 1 { "" } else { "s" })
                    }
                    (None, None) => match rated.status {
                        Status::Unsolvable => "unsolvable: the puzzle has no solution".into(),
                        Status::Multiple => "multiple: the puzzle has several solutions".into(),
                        Status::Budget => {
                            "budget: the uniqueness count stopped at its node budget (--budget)"
                                .into()
                        }
                        s => s.name().to_string(),
                    },
                };
                t.push_str(&how);
                t.push_str("\n\n");
                t
            }
        };
        Done::new(text, rated.status.into())
    }
}

impl HumanCommand for Explain {
    fn record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        if self.se {
            return self.se_record(item, p, format, output);
        }
        let g = p.grid();
        let shape = g.shape();
        let sym = &output.symbols;
        let start = Instant::now();
        let out = puzzle::explain(p, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let steps: Vec<String> = out
            .report
            .as_ref()
            .map(|r| r.steps.iter().map(|s| s.describe(shape)).collect())
            .unwrap_or_default();
        if format == Format::Svg {
            // One picture per step: the position before it, replayed from the puzzle (or
            // the position read).
            let mut board = puzzle::board(p);
            let mut svgs = Vec::with_capacity(steps.len());
            if let Some(r) = &out.report {
                for (i, (step, text)) in r.steps.iter().zip(&steps).enumerate() {
                    let mut pic = Picture::of_step(g, &board, step)
                        .with_caption(format!("Step {}: {text}", i + 1));
                    if let Some(v) = p.variant() {
                        pic = pic.with_variant(v);
                    }
                    svgs.push(pic.to_svg(&output.pictures.svg));
                    board.apply(step);
                }
            }
            return picture::many(&output.pictures, item.index, svgs, out.status.into());
        }
        let text = match format {
            Format::Json => record_of(item, p, sym)
                .explained(&out, shape, sym)
                .micros(micros)
                .to_line(),
            _ => steps_text(item, p, sym, &steps, out.status, out.rating(), "technique"),
        };
        Done::new(text, out.status.into())
    }

    fn variant_record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        if self.se {
            return self.se_record(item, p, format, output);
        }
        let g = p.grid();
        let shape = g.shape();
        let sym = &output.symbols;
        let variant = p.variant().expect("a variant puzzle");
        let start = Instant::now();
        let out = numpl_solve::variant::rate(g, variant, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let steps: Vec<String> = out.steps.iter().map(|s| s.describe(shape)).collect();
        if format == Format::Svg {
            // One picture per step: the grid and candidates before it, its cells and
            // marks coloured, its words as the caption.
            let mut grid = g.clone();
            let before = numpl_solve::variant::candidates_along(g, variant, &out.steps);
            let mut svgs = Vec::with_capacity(steps.len());
            for (i, (step, text)) in out.steps.iter().zip(&steps).enumerate() {
                let pic = Picture::new(g)
                    .with_values(g, &grid)
                    .with_variant(variant)
                    .with_candidates(&before[i])
                    .with_pattern(&step.cells, &step.placements, &step.eliminations)
                    .with_caption(format!("Step {}: {text}", i + 1));
                svgs.push(pic.to_svg(&output.pictures.svg));
                for &(c, v) in &step.placements {
                    grid.set(c.index(), v);
                }
            }
            return picture::many(&output.pictures, item.index, svgs, out.status.into());
        }
        let text = match format {
            Format::Json => record_of(item, p, sym)
                .variant_explained(&out, shape, sym)
                .micros(micros)
                .to_line(),
            _ => steps_text(
                item,
                p,
                sym,
                &steps,
                out.status,
                out.rating(),
                "variant technique",
            ),
        };
        Done::new(text, out.status.into())
    }
}

/// `explain`'s text: the puzzle's header line, its steps numbered, and how it ended with
/// the rating (none for a puzzle with no solution or several). `what` names the
/// techniques that ran out (`technique`, `variant technique`).
fn steps_text(
    item: &Item,
    p: &Parsed,
    sym: &numpl_core::Symbols,
    steps: &[String],
    status: Status,
    rating: Option<numpl_solve::Rating>,
    what: &str,
) -> String {
    let file = numpl_core::escape_controls(&item.file);
    let mut t = format!("# {file}:{}: {}\n", item.line, puzzle_line(p, sym));
    for (i, s) in steps.iter().enumerate() {
        t.push_str(&format!("{:>4}. {s}\n", i + 1));
    }
    let how = match status {
        Status::Solved => "solved".to_string(),
        Status::Stuck => format!("stuck: no {what} applies any more"),
        Status::Unsolvable => "unsolvable: the puzzle has no solution".into(),
        Status::Multiple => "multiple: the puzzle has several solutions".into(),
        Status::Budget => {
            "budget: the uniqueness count stopped at its node budget (--budget)".into()
        }
        s => s.name().into(),
    };
    let rating = match rating {
        Some(r) => match r.score {
            Some(score) => format!(" (level {}, score {score})", r.level.name()),
            None => format!(" (level {})", r.level.name()),
        },
        None => String::new(),
    };
    let n = steps.len();
    t.push_str(&format!(
        "{how} after {n} step{}{rating}\n\n",
        if n == 1 { "" } else { "s" }
    ));
    t
}
