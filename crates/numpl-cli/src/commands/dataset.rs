//! `numpl dataset`: a rated data set, one row per puzzle, in input order: the puzzle, its
//! solution and status, the number of givens, its minlex form, the search's effort
//! (`nodes`, `guesses`), tdoku's backtrack count (`backtracks`, 9x9), HoDoKu's level and
//! score, and the techniques the rating used.
//!
//! Each puzzle is solved by the fast search (up to two solutions: `status`, `solution`,
//! `nodes`, `guesses`), rated by the human solver when it has one solution (`level`,
//! `score`, `techniques`), and put in canonical form; with `--se`, rated by Sudoku
//! Explainer's scale too (`er`, `ep`, `ed`, `er_technique`). CSV by default (`quizzes` and
//! `solutions` with `0` for a blank, as the public collections write them, so numpl and
//! pandas read the file back), or `--format json`. `--unique` keeps the first puzzle of
//! each class. Rows stream out as they are done; memory stays flat whatever the input's
//! size (with `--unique`, 16 bytes per class written).

use numpl_core::Parsed;
use numpl_record::dataset;
use numpl_solve::se::format_tenths;
use numpl_solve::{Outcome, SolveOptions, Status};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::canon::Split;
use crate::commands::{invalid, source};
use crate::input::Item;
use crate::settings::Output;

/// The dataset's CSV header; with `--se`; with `--test-fraction`; with both.
pub(crate) const DATASET_CSV: &str =
    "quizzes,solutions,status,givens,canon,nodes,guesses,backtracks,level,score,techniques";
const DATASET_SE_CSV: &str =
    "quizzes,solutions,status,givens,canon,nodes,guesses,backtracks,level,score,techniques,er,ep,ed,er_technique";
pub(crate) const DATASET_SPLIT_CSV: &str =
    "quizzes,solutions,status,givens,canon,nodes,guesses,backtracks,level,score,techniques,split";
const DATASET_SE_SPLIT_CSV: &str = "quizzes,solutions,status,givens,canon,nodes,guesses,backtracks,level,score,techniques,er,ep,ed,er_technique,split";

pub(crate) struct DatasetJob {
    pub(crate) output: Output,
    /// The uniqueness count's budget and the human solver's techniques.
    pub(crate) opts: SolveOptions,
    /// `--se`.
    pub(crate) extras: dataset::Extras,
    /// `--unique`.
    pub(crate) unique: bool,
    /// `--test-fraction`, `--seed`.
    pub(crate) split: Option<Split>,
    /// Counts the search's nodes for the progress bar.
    pub(crate) nodes: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// Technique counts as one CSV field without commas: `hidden_single:23 naked_single:4`.
fn techniques_field(out: &Outcome) -> String {
    out.techniques()
        .map(|counts| {
            counts
                .iter()
                .map(|(t, n)| format!("{}:{n}", t.name()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

impl DatasetJob {
    fn csv(&self) -> &'static str {
        match (self.extras.se, self.split.is_some()) {
            (false, false) => DATASET_CSV,
            (true, false) => DATASET_SE_CSV,
            (false, true) => DATASET_SPLIT_CSV,
            (true, true) => DATASET_SE_SPLIT_CSV,
        }
    }

    fn row(&self, item: &Item, p: &Parsed, format: Format) -> Done {
        let row = match dataset::row(p, &self.opts, self.extras, &self.nodes) {
            Ok(row) => row,
            Err(why) => {
                let msg = format!(
                    "{}:{}: puzzle {} is {why}",
                    numpl_core::escape_controls(&item.file),
                    item.line,
                    item.index + 1
                );
                return invalid(item, &msg, format, None, Some(self.csv()));
            }
        };
        let sym = &self.output.symbols;
        let split = self.split.map(|s| (s.seed, s.fraction));
        let out = row.outcome();
        let text = match format {
            Format::Json => source(row.record(p, sym, split), item).to_line(),
            _ => {
                let rating = out.rating();
                // A row without a canonical form is on the train side, as `Row::in_test` says.
                let side = match self.split {
                    Some(s) => format!(",{}", row.canon.as_ref().map_or("train", |c| s.side(c))),
                    None => String::new(),
                };
                // SE's figures, empty when SE gave none (several or no solutions, or its
                // techniques found no step: `numpl rate --scale se` says which).
                let se = if self.extras.se {
                    let r = row.se.as_ref().and_then(|se| se.rating.as_ref());
                    match r {
                        Some(r) => format!(
                            ",{},{},{},{}",
                            format_tenths(r.er),
                            format_tenths(r.ep),
                            format_tenths(r.ed),
                            r.er_technique
                        ),
                        None => ",,,,".to_string(),
                    }
                } else {
                    String::new()
                };
                format!(
                    "{},{},{},{},{},{},{},{},{},{},{}{se}{side}\n",
                    self.output.csv_field(p.grid()),
                    // One solution only: a multiple puzzle's first is no answer.
                    out.solution
                        .as_ref()
                        .filter(|_| out.status == Status::Solved)
                        .map(|s| self.output.csv_field(s))
                        .unwrap_or_default(),
                    out.status.name(),
                    p.grid().filled(),
                    row.canon
                        .as_ref()
                        .map(|c| self.output.csv_field(&c.form))
                        .unwrap_or_default(),
                    row.searched.nodes,
                    row.searched.guesses,
                    row.backtracks.map(|b| b.to_string()).unwrap_or_default(),
                    rating.map(|r| r.level.name()).unwrap_or_default(),
                    rating
                        .and_then(|r| r.score)
                        .map(|s| s.to_string())
                        .unwrap_or_default(),
                    techniques_field(out),
                )
            }
        };
        let header = (format == Format::Csv).then_some(self.csv());
        Done::new(text, out.status.into())
            .with_header(header)
            .of_class(row.canon.as_ref().map(|c| numpl_canon::class_key(&c.form)))
    }
}

impl Job for DatasetJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let format = match self.output.format {
            Some(Format::Json) => Format::Json,
            _ => Format::Csv,
        };
        match item.puzzle() {
            Ok(p) => self.row(item, &p, format),
            Err(msg) => invalid(item, &msg, format, None, Some(self.csv())),
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        &[
            Kind::Solved,
            Kind::Multiple,
            Kind::Unsolvable,
            Kind::Stuck,
            Kind::Budget,
            Kind::Invalid,
            Kind::Duplicate,
        ]
    }

    fn unique(&self) -> bool {
        self.unique
    }

    fn nodes(&self) -> Option<std::sync::Arc<std::sync::atomic::AtomicU64>> {
        Some(std::sync::Arc::clone(&self.nodes))
    }
}
