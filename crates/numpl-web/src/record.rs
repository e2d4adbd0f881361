//! The JSON record, with the field names and order of the CLI's `--format json`
//! (docs/FORMATS.md, "Records"): one owned struct, every field but `index` left out when it
//! does not apply. The CLI keeps its own borrowed copy for speed; the CLI's test suite
//! (`crates/numpl-cli/tests/cli/serve.rs`) checks that both give the same fields for the
//! same puzzle.

use std::collections::BTreeMap;

use numpl_core::{format_line, Grid, Symbols};
use numpl_solve::{Outcome, Technique};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use utoipa::ToSchema;

/// One record: a solve, a rating, a hint, an explanation or a generated puzzle.
#[derive(Serialize, Default, Debug, Clone, ToSchema)]
pub struct Record {
    /// 0-based position (for `generate`: the puzzle's number in the run).
    pub index: u64,
    /// The input line the puzzle starts on (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// N.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// The box shape `RxC`.
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// The puzzle in line form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// `solved`, `multiple`, `unsolvable`, `stuck`, `budget` or `invalid`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    /// The solution (`solved`; one of them for `multiple`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// How far the human solver got (`stuck`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<String>,
    /// The algorithm.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algo: Option<&'static str>,
    /// Search guesses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guesses: Option<u64>,
    /// Search nodes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Microseconds of work.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micros: Option<u64>,
    /// Technique counts, in order of difficulty.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BTreeMap<String, u32>>)]
    pub techniques: Option<Techniques>,
    /// HoDoKu's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
    /// The human solver's score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<u64>,
    /// Why the puzzle is invalid, or why the work stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `hint`: the next step, described.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// `explain`: every step, described.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<String>>,
    /// `generate`: the number of givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub givens: Option<usize>,
    /// `generate`: the symmetry of the givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<&'static str>,
    /// `generate`: the run's seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// `generate`: grids dug to find one with the level asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tries: Option<u32>,
    /// `generate`: whether no given can be removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal: Option<bool>,
}

/// Technique counts as a JSON object, in order of difficulty (as the CLI writes them).
#[derive(Debug, Clone, Default)]
pub struct Techniques(pub Vec<(std::borrow::Cow<'static, str>, u32)>);

impl Techniques {
    /// The counts of a report, in order of difficulty.
    pub fn of(counts: &BTreeMap<Technique, u32>) -> Techniques {
        Techniques(counts.iter().map(|(t, n)| (t.name(), *n)).collect())
    }
}

impl Serialize for Techniques {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (t, n) in &self.0 {
            m.serialize_entry(t, n)?;
        }
        m.end()
    }
}

impl Record {
    /// A puzzle's record: size, box and line form.
    pub fn of_puzzle(g: &Grid, line: usize, symbols: &Symbols) -> Record {
        Record {
            line: Some(line),
            size: Some(g.size()),
            shape: Some(g.shape().to_string()),
            puzzle: Some(format_line(g, symbols)),
            ..Record::default()
        }
    }

    /// Adds what a solve found: status, solution or partial grid, and the human solver's
    /// rating when there is one.
    #[must_use]
    pub fn with_outcome(mut self, out: &Outcome, symbols: &Symbols) -> Record {
        let report = out.report.as_ref();
        self.status = Some(out.status.name());
        self.solution = out.solution.as_ref().map(|s| format_line(s, symbols));
        self.grid = out.grid.as_ref().map(|s| format_line(s, symbols));
        // A `level_only` rating stopped part way has a level but no techniques or score.
        self.techniques = report
            .filter(|r| r.whole())
            .map(|r| Techniques::of(&r.counts));
        self.level = report.map(|r| r.level.name());
        self.score = report.filter(|r| r.whole()).map(|r| u64::from(r.score));
        self
    }
}
