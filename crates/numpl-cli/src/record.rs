//! The JSON record: one serialize-only wire struct for every command, one object per line.
//! Fields that do not apply are left out. The fields and what they mean are listed in the
//! README ("Output"); `hint`, `steps`, `nodes` and the generator's fields are extensions.

use std::collections::BTreeMap;

use numpl_core::{format_line, Symbols};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use numpl_solve::{Outcome, Technique};

use crate::input::Item;

/// Declares [`Record`]: `index`, then fields that are all optional and left out of the
/// JSON when `None` (one attribute for all of them instead of one each).
macro_rules! record {
    ($($(#[$meta:meta])* $name:ident: $ty:ty,)*) => {
        /// One JSON line. The field order is the order users see.
        #[derive(Serialize, Default)]
        pub(crate) struct Record<'a> {
            pub(crate) index: u64,
            $(
                $(#[$meta])*
                #[serde(skip_serializing_if = "Option::is_none")]
                pub(crate) $name: Option<$ty>,
            )*
        }
    };
}

record! {
    line: usize,
    file: &'a str,
    size: usize,
    #[serde(rename = "box")]
    shape: String,
    puzzle: String,
    status: &'static str,
    solution: String,
    /// How far the human solver got (status `stuck`).
    grid: String,
    algo: &'static str,
    guesses: u64,
    /// Search nodes (values placed); an extension.
    nodes: u64,
    micros: u64,
    techniques: Techniques<'a>,
    level: &'static str,
    score: u64,
    error: &'a str,
    /// `hint`: the next step, described (an extension).
    hint: String,
    /// `explain`: every step, described (an extension).
    steps: &'a [String],
    /// `generate`: the number of givens.
    givens: usize,
    /// `generate`: the symmetry of the givens.
    symmetry: &'static str,
    /// `generate`: the run's seed (with `index`, it makes the puzzle again).
    seed: u64,
    /// `generate`: grids dug to find one with the level or technique asked for.
    tries: u32,
    /// `generate`: whether no given can be removed (false when a search budget ran out).
    minimal: bool,
}

/// Technique counts as a JSON object, in order of difficulty.
pub(crate) struct Techniques<'a>(pub(crate) &'a BTreeMap<Technique, u32>);

impl Serialize for Techniques<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (t, n) in self.0 {
            m.serialize_entry(&t.name(), n)?;
        }
        m.end()
    }
}

impl<'a> Record<'a> {
    /// The fields every record of an input puzzle has: where it came from.
    pub(crate) fn of_item(item: &'a Item) -> Record<'a> {
        Record {
            index: item.index,
            line: Some(item.line),
            file: Some(&item.file),
            ..Record::default()
        }
    }

    /// An input puzzle's record with the puzzle itself: size, box and line form (for a
    /// position the position line, N*N*N symbols, which reads back as the same position).
    pub(crate) fn of_parsed(
        item: &'a Item,
        p: &numpl_core::Parsed,
        symbols: &Symbols,
    ) -> Record<'a> {
        Record {
            size: Some(p.grid.size()),
            shape: Some(p.grid.shape().to_string()),
            puzzle: Some(crate::commands::puzzle_line(p, symbols)),
            ..Record::of_item(item)
        }
    }

    /// Adds what a solve found: status, solution or partial grid, and the human
    /// solver's rating when there is one.
    pub(crate) fn with_outcome(mut self, out: &'a Outcome, symbols: &Symbols) -> Record<'a> {
        let report = out.report.as_ref();
        self.status = Some(out.status.name());
        self.solution = out.solution.as_ref().map(|s| format_line(s, symbols));
        self.grid = out.grid.as_ref().map(|s| format_line(s, symbols));
        // A `--level-only` rating stopped part way has a level but no techniques or score.
        self.techniques = report.filter(|r| r.whole()).map(|r| Techniques(&r.counts));
        // A puzzle with no solution or several has no rating (its techniques still say
        // what logic did before it stopped).
        let rated = crate::commands::rate::rating(out);
        self.level = rated.map(|r| r.level.name());
        self.score = rated.filter(|r| r.whole()).map(|r| u64::from(r.score));
        self
    }

    /// The record as one JSON line (with its newline).
    pub(crate) fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).expect("a record always serializes");
        s.push('\n');
        s
    }
}
