//! `numpl canon`: each puzzle's minlex form under the whole symmetry group (bands, rows in
//! bands, stacks, columns in stacks, transposition for square boxes, relabelling), see
//! numpl-canon. `line` and `grid` write the form alone; `json` the record with `canon` and
//! `transform` (which maps the puzzle to its form); `csv` the columns
//! `quizzes,canon,transform`. `--unique` keeps the first puzzle of each class (equivalent
//! puzzles have the same form) and leaves out the rest, which the summary counts.

use std::hash::{Hash, Hasher};

use numpl_canon::{canonical, Canonical};
use numpl_core::{format_grid, format_line, Grid, Parsed};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::{invalid, puzzle_or_invalid, record_of};
use crate::input::Item;
use crate::settings::Output;

/// `canon`'s CSV header.
pub(crate) const CANON_CSV: &str = "quizzes,canon,transform";

/// A 128-bit hash of a minlex form: the class of every puzzle equivalent to it (two
/// classes share one with a chance of about n^2 / 2^129 among n classes).
pub(crate) fn class_of(form: &Grid) -> u128 {
    let half = |salt: u64| {
        let mut h = std::hash::DefaultHasher::new();
        salt.hash(&mut h);
        form.shape().box_rows().hash(&mut h);
        form.shape().box_cols().hash(&mut h);
        form.values().hash(&mut h);
        h.finish()
    };
    (u128::from(half(0x6e75_6d70)) << 64) | u128::from(half(0x6361_6e6f))
}

/// The canonical form of a plain puzzle, or why there is none (a position: pencil marks
/// are not part of the group's action here).
pub(crate) fn canonical_of(item: &Item, p: &Parsed) -> Result<Canonical, String> {
    if p.is_position() {
        return Err(format!(
            "{}:{}: puzzle {} is a position with pencil marks: canonical forms are of plain \
             puzzles",
            numpl_core::escape_controls(&item.file),
            item.line,
            item.index + 1
        ));
    }
    Ok(canonical(p.grid()))
}

pub(crate) struct CanonJob {
    pub(crate) output: Output,
    /// `--unique`.
    pub(crate) unique: bool,
}

impl Job for CanonJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let format = self.output.format_for(item.format);
        let p = match puzzle_or_invalid(item, &self.output, None, CANON_CSV) {
            Ok(p) => p,
            Err(invalid) => return invalid,
        };
        let c = match canonical_of(item, &p) {
            Ok(c) => c,
            Err(msg) => return invalid(item, &msg, format, None, Some(CANON_CSV)),
        };
        let sym = &self.output.symbols;
        let text = match format {
            Format::Grid | Format::Detail => format_grid(&c.form, sym),
            Format::Json => record_of(item, &p, sym).canonical(&c, sym).to_line(),
            Format::Csv => {
                let row = format!(
                    "{},{},{}\n",
                    self.output.csv_field(p.grid()),
                    self.output.csv_field(&c.form),
                    c.transform
                );
                return Done::new(row, Kind::Canonical)
                    .with_header(Some(CANON_CSV))
                    .of_class(Some(class_of(&c.form)));
            }
            Format::Line | Format::Svg => format_line(&c.form, sym) + "\n",
        };
        Done::new(text, Kind::Canonical).of_class(Some(class_of(&c.form)))
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Canonical, Kind::Duplicate, Kind::Invalid]
    }

    fn unique(&self) -> bool {
        self.unique
    }
}
