//! One file per command: each holds the [`Job`] that turns one work item
//! into its record. What they share is here: the record of a puzzle that could not be read,
//! and the line form of a grid.
//!
//! Text records for puzzles that did not end `solved`:
//! - `line`: the status word alone (`multiple`, `unsolvable`, `stuck`, `budget`, `invalid`);
//! - `grid` and `detail`: the puzzle, then a comment line `# <status>: ...` (comment lines
//!   are ignored when the output is read back), then the grid that applies, if any.

pub(crate) mod augment;
pub(crate) mod canon;
pub(crate) mod dataset;
pub(crate) mod explain;
pub(crate) mod generate;
pub(crate) mod hint;
pub(crate) mod picture;
#[cfg(feature = "print")]
pub(crate) mod print;
pub(crate) mod rate;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod show;
pub(crate) mod solve;

use std::borrow::Cow;

use numpl_core::{format_detail, format_position_line, push_line, Grid, Parsed, Symbols};
use numpl_record::Record;
use numpl_solve::{Algorithm, Rating};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::input::Item;
use crate::settings::Output;

/// The statuses a solving command's summary lists.
pub(crate) const SOLVE_KINDS: &[Kind] = Kind::SOLVE;

/// CSV headers: `show`'s, and those of the commands that solve.
pub(crate) const SHOW_CSV: &str = "quizzes,status";
pub(crate) const SOLVE_CSV: &str = "quizzes,solutions,status";
/// `rate` and `generate`: the rating too.
pub(crate) const RATE_CSV: &str = "quizzes,solutions,status,level,score";

/// `rate --scale se`'s CSV columns: Sudoku Explainer's ratings and their techniques.
pub(crate) const RATE_SE_CSV: &str =
    "quizzes,solutions,status,er,ep,ed,er_technique,ep_technique,ed_technique";

/// A CSV row under `header` with only its `status` column filled (the other fields empty).
pub(crate) fn csv_status_row(header: &str, status: &str) -> String {
    let row: Vec<&str> = header
        .split(',')
        .map(|c| if c == "status" { status } else { "" })
        .collect();
    row.join(",") + "\n"
}

/// A row under [`RATE_CSV`]: level and score when the human solver rated the puzzle (the
/// score only when it is known, [`Rating::score`]).
pub(crate) fn rate_csv_row(
    quizzes: &str,
    solutions: &str,
    status: &str,
    rating: Option<Rating>,
) -> String {
    let level = rating.map(|r| r.level.name()).unwrap_or_default();
    let score = rating
        .and_then(|r| r.score)
        .map(|s| s.to_string())
        .unwrap_or_default();
    format!("{quizzes},{solutions},{status},{level},{score}\n")
}

/// The record of a puzzle that could not be read; its message goes to stderr too. `csv` is
/// the command's CSV header, where it writes CSV.
pub(crate) fn invalid(
    item: &Item,
    msg: &str,
    format: Format,
    algo: Option<Algorithm>,
    csv: Option<&'static str>,
) -> Done {
    let text = match (format, csv) {
        (Format::Line, _) | (Format::Csv, None) => "invalid\n".to_string(),
        (Format::Csv, Some(header)) => csv_status_row(header, "invalid"),
        (Format::Grid | Format::Detail, _) => format!("# invalid: {msg}\n\n"),
        // A picture of nothing: the message on stderr says why.
        (Format::Svg, _) => String::new(),
        (Format::Json, _) => {
            let rec = source(Record::new(), item).invalid(msg);
            match algo {
                Some(a) => rec.algo(a),
                None => rec,
            }
            .to_line()
        }
    };
    Done {
        text,
        kind: Kind::Invalid,
        error: Some(msg.to_string()),
        header: csv.filter(|_| format == Format::Csv),
        fatal: false,
        class: None,
    }
}

/// An item's puzzle, or the record saying it could not be read, in the format its input
/// asks for (`show` and `solve`, whose output follows the input's format).
pub(crate) fn puzzle_or_invalid<'a>(
    item: &'a Item,
    output: &Output,
    algo: Option<Algorithm>,
    csv: &'static str,
) -> Result<Cow<'a, Parsed>, Done> {
    item.puzzle().map_err(|msg| {
        let format = output.format_for(item.format);
        invalid(item, &msg, format, algo, Some(csv))
    })
}

/// `rate`, `hint` and `explain`: the human solver's commands. They write lines or JSON
/// whatever the input format, and a puzzle that could not be read gets the same record in
/// each ([`HumanJob`] makes it).
pub(crate) trait HumanCommand: Sync {
    /// The record of a puzzle (or position) that was read, in `format` (`line` or `json`).
    fn record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done;
    /// The record of a variant puzzle (`p.variant()` is set): the variant solver's
    /// rating, hint or steps ([`numpl_solve::variant`]).
    fn variant_record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done;
    /// The statuses the summary lists.
    fn kinds(&self) -> &'static [Kind] {
        SOLVE_KINDS
    }
    /// The CSV header, for a command that writes CSV.
    fn csv(&self) -> Option<&'static str> {
        None
    }
    /// More for the summary line (where pictures went).
    fn note(&self, output: &Output) -> Option<String> {
        picture::note(&output.pictures)
    }
}

/// The job of a human-solver command.
pub(crate) struct HumanJob<C> {
    pub(crate) command: C,
    pub(crate) output: Output,
}

impl<C: HumanCommand> Job for HumanJob<C> {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let format = self.output.format_or_line(item.format);
        let csv = self.command.csv();
        match item.puzzle() {
            Ok(p) if p.variant().is_some() => self
                .command
                .variant_record(item, &p, format, &self.output.for_puzzle(&p))
                .with_header(csv.filter(|_| format == Format::Csv)),
            Ok(p) => self
                .command
                .record(item, &p, format, &self.output)
                .with_header(csv.filter(|_| format == Format::Csv)),
            Err(msg) => invalid(item, &msg, format, Some(Algorithm::Human), csv),
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        self.command.kinds()
    }

    fn note(&self) -> Option<String> {
        self.command.note(&self.output)
    }
}

/// Where a record's puzzle came from: its index, file and line.
pub(crate) fn source(rec: Record, item: &Item) -> Record {
    rec.at(item.index).from_line(Some(&item.file), item.line)
}

/// The record of an item's puzzle as it was read: where it came from, size, box and line
/// form.
pub(crate) fn record_of(item: &Item, p: &Parsed, symbols: &Symbols) -> Record {
    source(Record::of_parsed(p, symbols), item)
}

/// The line form of what was read: a puzzle's N*N symbols, a position's N*N*N
/// (docs/FORMATS.md, "Positions").
pub(crate) fn puzzle_line(p: &Parsed, symbols: &Symbols) -> String {
    // A variant puzzle's line form is its variant record: givens and rules on one line,
    // read back as the same puzzle (`numpl show` turns an ISS text into it).
    if let Some(v) = p.variant() {
        return v.to_json(p.grid());
    }
    match p.marks() {
        Some(marks) => format_position_line(p.grid(), marks, symbols),
        None => numpl_core::format_line(p.grid(), symbols),
    }
}

/// What was read as a CSV field: its line form with `0` for a blank, as the public
/// collections write puzzles (`.` with `--symbols`, where `0` may be a value).
pub(crate) fn puzzle_csv_field(p: &Parsed, output: &Output) -> String {
    match p.marks() {
        Some(marks) => {
            let line = format_position_line(p.grid(), marks, &output.symbols);
            if output.symbols.is_custom() {
                line
            } else {
                line.replace('.', "0")
            }
        }
        None => output.csv_field(p.grid()),
    }
}

/// The pencil-mark grid of what was read: a position's marks as read, a puzzle's
/// candidates as its givens allow.
pub(crate) fn puzzle_detail(p: &Parsed, symbols: &Symbols) -> String {
    match p.marks() {
        Some(marks) => format_detail(p.grid(), marks, symbols),
        None => format_detail(p.grid(), &p.grid().candidates(), symbols),
    }
}

/// The line form of a grid with its line end, in one allocation.
pub(crate) fn line_text(g: &Grid, symbols: &Symbols) -> String {
    let mut s = String::with_capacity(g.values().len() + 1);
    push_line(g, symbols, &mut s);
    s.push('\n');
    s
}

impl From<numpl_solve::Status> for Kind {
    fn from(s: numpl_solve::Status) -> Kind {
        use numpl_solve::Status;
        match s {
            Status::Solved => Kind::Solved,
            Status::Multiple => Kind::Multiple,
            Status::Unsolvable => Kind::Unsolvable,
            Status::Stuck => Kind::Stuck,
            Status::Budget => Kind::Budget,
            // A status newer than this CLI: not a success.
            _ => Kind::Invalid,
        }
    }
}
