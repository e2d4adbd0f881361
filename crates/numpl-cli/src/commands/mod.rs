//! One file per command: each holds the [`Job`](crate::batch::Job) that turns one work item
//! into its record. What they share is here: the record of a puzzle that could not be read,
//! and the line form of a grid.
//!
//! Text records for puzzles that did not end `solved`:
//! - `line`: the status word alone (`multiple`, `unsolvable`, `stuck`, `budget`, `invalid`);
//! - `grid` and `detail`: the puzzle, then a comment line `# <status>: ...` (comment lines
//!   are ignored when the output is read back), then the grid that applies, if any.

pub(crate) mod explain;
pub(crate) mod generate;
pub(crate) mod hint;
pub(crate) mod picture;
pub(crate) mod print;
pub(crate) mod rate;
pub(crate) mod show;
pub(crate) mod solve;

use numpl_core::{push_line, Grid, Symbols};

use crate::batch::{Done, Kind};
use crate::cli::Format;
use crate::input::Item;
use crate::record::Record;

/// The statuses a solving command's summary lists.
pub(crate) const SOLVE_KINDS: &[Kind] = &[
    Kind::Solved,
    Kind::Multiple,
    Kind::Unsolvable,
    Kind::Stuck,
    Kind::Budget,
    Kind::Invalid,
    Kind::Error,
];

/// The record of a puzzle that could not be read; its message goes to stderr too.
pub(crate) fn invalid(item: &Item, msg: &str, format: Format, algo: Option<&'static str>) -> Done {
    let text = match format {
        Format::Line => "invalid\n".to_string(),
        Format::Grid | Format::Detail => format!("# invalid: {msg}\n\n"),
        // A picture of nothing: the message on stderr says why.
        Format::Svg => String::new(),
        Format::Json => Record {
            status: Some("invalid"),
            algo,
            error: Some(msg),
            ..Record::of_item(item)
        }
        .to_line(),
    };
    Done {
        text,
        kind: Kind::Invalid,
        error: Some(msg.to_string()),
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
        }
    }
}
