//! `numpl canon`: each puzzle's minlex form under the whole symmetry group (bands, rows in
//! bands, stacks, columns in stacks, transposition for square boxes, relabelling), see
//! numpl-canon. `line` and `grid` write the form alone; `json` the record with `canon` and
//! `transform` (which maps the puzzle to its form); `csv` the columns
//! `quizzes,canon,transform`. `--unique` keeps the first puzzle of each class (equivalent
//! puzzles have the same form) and leaves out the rest, which the summary counts.

use numpl_canon::{class_key, in_test_split, try_canonical, Canonical, MAX_TIES};
use numpl_core::{format_grid, format_line, Parsed};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::{invalid, puzzle_or_invalid, record_of};
use crate::input::Item;
use crate::settings::Output;

/// `canon`'s CSV header, and with `--test-fraction`.
pub(crate) const CANON_CSV: &str = "quizzes,canon,transform";
pub(crate) const CANON_SPLIT_CSV: &str = "quizzes,canon,transform,split";

/// `--test-fraction F --seed S`: which classes go to the test side of a split.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Split {
    pub(crate) fraction: f64,
    pub(crate) seed: u64,
}

impl Split {
    /// Whether the class of `c` is on the test side.
    pub(crate) fn test(&self, c: &Canonical) -> bool {
        in_test_split(&c.form, self.seed, self.fraction)
    }

    /// The CSV column's value.
    pub(crate) fn side(&self, c: &Canonical) -> &'static str {
        if self.test(c) {
            "test"
        } else {
            "train"
        }
    }
}

/// Why a puzzle has no canonical form here.
pub(crate) enum NoForm {
    /// A position: pencil marks are not part of the group's action here (`invalid`).
    Position(String),
    /// Too many ties (a full grid of a big shape): the work stopped at its bound (`budget`).
    Ties(String),
}

/// The canonical form of a plain puzzle, or why there is none.
pub(crate) fn canonical_of(item: &Item, p: &Parsed) -> Result<Canonical, NoForm> {
    let place = format!(
        "{}:{}: puzzle {}",
        numpl_core::escape_controls(&item.file),
        item.line,
        item.index + 1
    );
    if p.is_position() {
        return Err(NoForm::Position(format!(
            "{place} is a position with pencil marks: canonical forms are of plain puzzles"
        )));
    }
    try_canonical(p.grid(), MAX_TIES).map_err(|e| NoForm::Ties(format!("{place}: {e}")))
}

pub(crate) struct CanonJob {
    pub(crate) output: Output,
    /// `--unique`.
    pub(crate) unique: bool,
    /// `--test-fraction`, `--seed`.
    pub(crate) split: Option<Split>,
}

impl CanonJob {
    fn csv(&self) -> &'static str {
        if self.split.is_some() {
            CANON_SPLIT_CSV
        } else {
            CANON_CSV
        }
    }
}

impl Job for CanonJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let format = self.output.format_for(item.format);
        let p = match puzzle_or_invalid(item, &self.output, None, self.csv()) {
            Ok(p) => p,
            Err(invalid) => return invalid,
        };
        let c = match canonical_of(item, &p) {
            Ok(c) => c,
            Err(NoForm::Position(msg)) => {
                return invalid(item, &msg, format, None, Some(self.csv()))
            }
            Err(NoForm::Ties(msg)) => {
                let text = match format {
                    Format::Json => record_of(item, &p, &self.output.symbols)
                        .stopped(&msg)
                        .to_line(),
                    Format::Csv => format!("{},,,\n", self.output.csv_field(p.grid())),
                    Format::Grid | Format::Detail => format!("# budget: {msg}\n\n"),
                    Format::Line | Format::Svg => "budget\n".to_string(),
                };
                let mut d = Done::new(text, Kind::Budget)
                    .with_header((format == Format::Csv).then_some(self.csv()));
                d.error = Some(msg);
                return d;
            }
        };
        let sym = &self.output.symbols;
        let class = Some(class_key(&c.form));
        let text = match format {
            Format::Grid | Format::Detail => format_grid(&c.form, sym),
            Format::Json => {
                let rec = record_of(item, &p, sym).canonical(&c, sym);
                match self.split {
                    Some(s) => rec.split(s.test(&c)),
                    None => rec,
                }
                .to_line()
            }
            Format::Csv => {
                let mut row = format!(
                    "{},{},{}",
                    self.output.csv_field(p.grid()),
                    self.output.csv_field(&c.form),
                    c.transform
                );
                if let Some(s) = self.split {
                    row.push(',');
                    row.push_str(s.side(&c));
                }
                row.push('\n');
                return Done::new(row, Kind::Canonical)
                    .with_header(Some(self.csv()))
                    .of_class(class);
            }
            Format::Line | Format::Svg => format_line(&c.form, sym) + "\n",
        };
        Done::new(text, Kind::Canonical).of_class(class)
    }

    fn kinds(&self) -> &'static [Kind] {
        &[
            Kind::Canonical,
            Kind::Duplicate,
            Kind::Budget,
            Kind::Invalid,
        ]
    }

    fn unique(&self) -> bool {
        self.unique
    }
}
