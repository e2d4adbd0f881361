//! `numpl augment`: `--copies K` random equivalent copies of each puzzle, each with its
//! solution transformed alike, for data-set augmentation (as the sudoku-extreme builders
//! augment theirs). Copy k of puzzle i depends only on `--seed`, i and k
//! ([`numpl_canon::augmentations`]), so a run is the same whatever the thread count.
//!
//! CSV (the default: `quizzes,solutions,transform`, `0` for a blank) or `--format json`
//! (a record per copy: `index` is the source puzzle's, `puzzle` and `solution` the copy's,
//! `transform` maps the source to the copy) or `line` (the copies alone). A puzzle without
//! exactly one solution gets one row with its status instead of copies.

use numpl_canon::augmentations;
use numpl_core::{format_line, Parsed};
use numpl_solve::{puzzle, Algorithm, SolveOptions, Status};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::{csv_status_row, invalid, record_of, SOLVE_KINDS};
use crate::input::Item;
use crate::settings::Output;

/// `augment`'s CSV header (`status` is filled only for a puzzle that got no copies).
pub(crate) const AUGMENT_CSV: &str = "quizzes,solutions,transform,status";

pub(crate) struct AugmentJob {
    pub(crate) output: Output,
    pub(crate) copies: u32,
    pub(crate) seed: u64,
    /// The uniqueness count's budget.
    pub(crate) opts: SolveOptions,
}

impl AugmentJob {
    fn format(&self) -> Format {
        match self.output.format {
            Some(f @ (Format::Json | Format::Line)) => f,
            _ => Format::Csv,
        }
    }

    fn copies(&self, item: &Item, p: &Parsed, format: Format) -> Done {
        let searched = puzzle::solve(p, Algorithm::Fast, &self.opts);
        let sym = &self.output.symbols;
        let header = (format == Format::Csv).then_some(AUGMENT_CSV);
        let solved = searched.status == Status::Solved;
        let Some(solution) = searched.solution.as_ref().filter(|_| solved) else {
            let text = match format {
                Format::Json => record_of(item, p, sym)
                    .outcome(&searched, Algorithm::Fast, sym)
                    .to_line(),
                Format::Csv => csv_status_row(AUGMENT_CSV, searched.status.name()),
                _ => format!("{}\n", searched.status.name()),
            };
            return Done::new(text, searched.status.into()).with_header(header);
        };
        let grid = p.grid();
        let mut text = String::new();
        for t in augmentations(grid.shape(), self.seed, item.index).take(self.copies as usize) {
            let (copy, solved) = (t.apply(grid), t.apply(solution));
            match format {
                Format::Json => {
                    let copy = Parsed::puzzle(copy, p.line, p.format);
                    let rec = record_of(item, &copy, sym)
                        .solved(&solved, sym)
                        .transform(&t);
                    text.push_str(&rec.to_line());
                }
                Format::Csv => text.push_str(&format!(
                    "{},{},{t},\n",
                    self.output.csv_field(&copy),
                    self.output.csv_field(&solved)
                )),
                _ => {
                    text.push_str(&format_line(&copy, sym));
                    text.push('\n');
                }
            }
        }
        Done::new(text, Kind::Solved).with_header(header)
    }
}

impl Job for AugmentJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let format = self.format();
        let csv = (format == Format::Csv).then_some(AUGMENT_CSV);
        match item.puzzle() {
            Ok(p) if p.is_position() => {
                let msg = format!(
                    "{}:{}: puzzle {} is a position with pencil marks: augment copies plain puzzles",
                    numpl_core::escape_controls(&item.file),
                    item.line,
                    item.index + 1
                );
                invalid(item, &msg, format, None, csv)
            }
            Ok(p) => self.copies(item, &p, format),
            Err(msg) => invalid(item, &msg, format, None, csv),
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        SOLVE_KINDS
    }

    fn note(&self) -> Option<String> {
        Some(format!("seed {}", self.seed))
    }
}
