//! The JSON record (CONTRACT §6): a serialize-only wire struct, one object per line.
//! Fields that do not apply are left out.

use std::collections::BTreeMap;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use numpl_solve::Technique;

/// One JSON line. Field order is the contract's.
#[derive(Serialize, Default)]
pub(crate) struct Record<'a> {
    pub(crate) index: u64,
    pub(crate) line: usize,
    pub(crate) file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) size: Option<usize>,
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub(crate) shape: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solution: Option<String>,
    /// How far the human solver got (status `stuck`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) grid: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) algo: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) guesses: Option<u64>,
    /// Search nodes (values placed); an extension of the contract's record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) micros: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) techniques: Option<Techniques<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) level: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) score: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<&'a str>,
    /// `hint`: the next step, described (an extension of the contract's record).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) hint: Option<String>,
    /// `explain`: every step, described (an extension of the contract's record).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) steps: Option<&'a [String]>,
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

impl Record<'_> {
    /// The record as one JSON line (with its newline).
    pub(crate) fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).expect("a record always serializes");
        s.push('\n');
        s
    }
}
