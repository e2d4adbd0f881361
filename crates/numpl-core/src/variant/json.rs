//! numpl's own variant record: one JSON object a puzzle (one a line in a file), read by
//! [`read`] and written by [`Variant::to_json`]; the two round-trip.
//!
//! ```text
//! {"box":"3x3","givens":"..5......(81 cells)","constraints":[
//!   {"type":"cage","sum":15,"cells":["r1c1","r1c2","r2c1"]},
//!   {"type":"thermo","cells":["r5c5","r5c6","r5c7"]},
//!   {"type":"arrow","circle":["r9c1"],"line":["r8c2","r7c3"]},
//!   {"type":"diagonal"}, {"type":"anti-knight"}]}
//! ```
//!
//! Fields: `box` (`RxC`, default `3x3`), `givens` (a line puzzle in the standard alphabet,
//! or `0`-`8` ... for values from 0; default empty), `boxes` (whether the boxes count: by
//! default yes, but not with a jigsaw, whose regions replace them), `values` (`1-9`, the
//! default, or `0-8`: [`Variant::new_from`]),
//! `constraints` (each with its `type`, see docs/FORMATS.md "Variant puzzles"). Cells are
//! `r1c1` names. Unknown fields and types are refused, naming them.

use serde::{Deserialize, Serialize};

use super::automaton::Automaton;
use super::{Constraint, Line, Outside, Ties, Variant};
use crate::symbols::{Symbol, Symbols};
use crate::{Cell, Grid, Mask, Shape};

/// A variant puzzle as read: its givens and its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The givens (no check against the rules: the solver finds a contradiction).
    pub givens: Grid,
    /// The rules.
    pub variant: Variant,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    #[serde(rename = "box", default, skip_serializing_if = "Option::is_none")]
    shape: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    givens: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxes: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    values: Option<String>,
    #[serde(default)]
    constraints: Vec<WireC>,
}

type Names = Vec<String>;

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
enum WireC {
    Jigsaw {
        layout: String,
    },
    Diagonal,
    AntiDiagonal,
    Windoku,
    DisjointSets,
    Region {
        cells: Names,
    },
    AntiKnight,
    AntiKing,
    NonConsecutive,
    Even {
        cells: Names,
    },
    Odd {
        cells: Names,
    },
    Allowed {
        cell: String,
        values: Vec<u8>,
    },
    Cage {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sum: Option<u32>,
        cells: Names,
    },
    LittleKiller {
        sum: u32,
        cells: Names,
    },
    Sum {
        sum: u32,
        cells: Names,
    },
    RellikCage {
        sum: u32,
        cells: Names,
    },
    Sandwich {
        sum: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        col: Option<u8>,
    },
    Skyscraper {
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        col: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
    },
    FullRank {
        rank: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        col: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
    },
    FullRankTies {
        ties: String,
    },
    HiddenSkyscraper {
        value: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        col: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
    },
    NumberedRoom {
        value: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        col: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
    },
    XSum {
        sum: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        col: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<String>,
    },
    Thermo {
        cells: Names,
    },
    SlowThermo {
        cells: Names,
    },
    Arrow {
        circle: Names,
        line: Names,
    },
    WhiteDot {
        cells: Names,
    },
    BlackDot {
        cells: Names,
    },
    KropkiNegative,
    X {
        cells: Names,
    },
    V {
        cells: Names,
    },
    XvNegative,
    GreaterThan {
        cells: Names,
    },
    Palindrome {
        cells: Names,
    },
    Zipper {
        cells: Names,
    },
    ColumnIndexing {
        cells: Names,
    },
    RowIndexing {
        cells: Names,
    },
    EqualSum {
        segments: Vec<Names>,
    },
    LookAndSay {
        counts: Vec<[u32; 2]>,
        cells: Names,
    },
    AntiTaxicab,
    DutchFlatmates,
    EqualityCage {
        cells: Names,
    },
    Lockout {
        cells: Names,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        difference: Option<u8>,
    },
    DoubleArrow {
        cells: Names,
    },
    Whisper {
        cells: Names,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        difference: Option<u8>,
    },
    Renban {
        cells: Names,
    },
    EntropicLine {
        cells: Names,
    },
    ModularLine {
        #[serde(default = "three")]
        modulus: u8,
        cells: Names,
    },
    GlobalEntropy,
    GlobalModular,
    Between {
        cells: Names,
    },
    Lunchbox {
        sum: u32,
        cells: Names,
    },
    SumLine {
        sum: u32,
        cells: Names,
        #[serde(rename = "loop", default, skip_serializing_if = "std::ops::Not::not")]
        looped: bool,
    },
    RegionSumLine {
        cells: Names,
    },
    SameValues {
        sets: Vec<Names>,
    },
    Quadruple {
        cells: Names,
        values: Vec<u8>,
    },
    CountingCircles {
        cells: Names,
    },
    Pairwise {
        #[serde(default, skip_serializing_if = "String::is_empty")]
        name: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        all: bool,
        pairs: Vec<[u32; 2]>,
        cells: Names,
    },
    Regex {
        pattern: String,
        cells: Names,
    },
    ValueIndexing {
        cells: Names,
    },
    CountDistinct {
        cell: String,
        cells: Names,
    },
    Automaton {
        #[serde(default, skip_serializing_if = "String::is_empty")]
        name: String,
        states: u32,
        start: Vec<u32>,
        accept: Vec<u32>,
        /// `[from, [values...], to]`, in the puzzle's values.
        moves: Vec<(u32, Vec<u32>, u32)>,
        /// `[from, to]`: moves on the break between two segments.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        breaks: Vec<[u32; 2]>,
        /// One line, or `segments` for several.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cells: Option<Names>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        segments: Option<Vec<Names>>,
    },
    Or {
        options: Vec<Vec<WireC>>,
    },
}

fn three() -> u8 {
    3
}

/// An outside clue's `row` or `col` (1-based) and `side` (`left` or `right` of a row,
/// `top` or `bottom` of a column; the first by default).
fn outside(row: Option<u8>, col: Option<u8>, side: Option<&str>) -> Result<Outside, String> {
    let line = match (row, col) {
        (Some(r), None) if r >= 1 => Line::Row(r - 1),
        (None, Some(c)) if c >= 1 => Line::Col(c - 1),
        _ => return Err("an outside clue needs a `row` or a `col` (1-based), not both".into()),
    };
    let back = match (line, side) {
        (_, None) | (Line::Row(_), Some("left")) | (Line::Col(_), Some("top")) => false,
        (Line::Row(_), Some("right")) | (Line::Col(_), Some("bottom")) => true,
        (Line::Row(_), Some(s)) => {
            return Err(format!("a row's clue is `left` or `right`, not `{s}`"))
        }
        (Line::Col(_), Some(s)) => {
            return Err(format!("a column's clue is `top` or `bottom`, not `{s}`"))
        }
    };
    Ok(Outside { line, back })
}

/// `outside`'s fields written back (the side only when it is the far end).
fn outside_fields(side: Outside) -> (Option<u8>, Option<u8>, Option<String>) {
    let back = side.back.then(|| side.side().to_string());
    match side.line {
        Line::Row(r) => (Some(r + 1), None, back),
        Line::Col(c) => (None, Some(c + 1), back),
    }
}

/// Reads a cell name (`r1c1`, any case) of a grid of side `n`.
pub fn cell_index(name: &str, n: usize) -> Result<u16, String> {
    let bad = || {
        format!(
            "`{}` is not a cell name like r1c1",
            crate::escape_controls(name)
        )
    };
    let lower = name.trim().to_ascii_lowercase();
    let rest = lower.strip_prefix('r').ok_or_else(bad)?;
    let (r, c) = rest.split_once('c').ok_or_else(bad)?;
    let r: usize = r.parse().map_err(|_| bad())?;
    let c: usize = c.parse().map_err(|_| bad())?;
    if r == 0 || c == 0 || r > n || c > n {
        return Err(format!("{} is outside the {n}x{n} grid", name.trim()));
    }
    Ok(((r - 1) * n + c - 1) as u16)
}

fn cells(names: &[String], n: usize) -> Result<Vec<u16>, String> {
    names.iter().map(|s| cell_index(s, n)).collect()
}

fn pair(names: &[String], n: usize) -> Result<[u16; 2], String> {
    match cells(names, n)?[..] {
        [a, b] => Ok([a, b]),
        ref other => Err(format!("a dot joins 2 cells, not {}", other.len())),
    }
}

/// The least value of a `values` range, `1-9` or `0-8` (`N` values from 0 or 1).
pub(crate) fn first_of(range: &str, n: usize) -> Result<u8, String> {
    let bad = || format!("values `{range}`: expected 1-{n} or 0-{}", n - 1);
    let (a, b) = range.trim().split_once('-').ok_or_else(bad)?;
    let (a, b): (usize, usize) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    match (a, b) {
        (1, b) if b == n => Ok(1),
        (0, b) if b + 1 == n => Ok(0),
        _ => Err(bad()),
    }
}

/// The givens of a line in `symbols` (`.` blank; `0` too in the standard alphabet)
/// without any rule check; values from `first` in its messages.
pub(crate) fn read_givens(
    text: &str,
    shape: Shape,
    symbols: &Symbols,
    first: u8,
) -> Result<Grid, String> {
    let n = shape.size();
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != shape.cells() {
        return Err(format!(
            "givens: {} cells; a {n}x{n} grid has {}",
            chars.len(),
            shape.cells()
        ));
    }
    let mut values = Vec::with_capacity(chars.len());
    for (i, &ch) in chars.iter().enumerate() {
        let at = || shape.cell_name(Cell::new(i as u16));
        values.push(match symbols.read(ch, n) {
            Symbol::Blank => 0,
            Symbol::Value(v) if (v as usize) <= n => v,
            Symbol::Value(v) => {
                let f = first as usize;
                return Err(format!(
                    "givens: value {} at {} is out of range {f}..{}",
                    v as usize + f - 1,
                    at(),
                    n + f - 1
                ));
            }
            Symbol::Unknown => {
                return Err(format!(
                    "givens: unknown symbol `{}` at {}",
                    crate::escape_controls(&ch.to_string()),
                    at()
                ))
            }
        });
    }
    Grid::from_values(shape, values).map_err(|e| format!("givens: {e}"))
}

/// Reads numpl's variant JSON record.
///
/// # Errors
///
/// A message naming the field, the constraint (1-based) and the cell.
///
/// ```
/// use numpl_core::variant::json;
///
/// let p = json::read(r#"{"constraints":[{"type":"cage","sum":4,"cells":["r1c1","r1c2"]}]}"#).unwrap();
/// assert_eq!(p.variant.constraints().len(), 1);
/// let err = json::read(r#"{"constraints":[{"type":"cage","sum":4,"cells":["r1c1","r1c10"]}]}"#).unwrap_err();
/// assert_eq!(err, "constraint 1 (cage): r1c10 is outside the 9x9 grid");
/// ```
pub fn read(text: &str) -> Result<VariantPuzzle, String> {
    let wire: Wire = serde_json::from_str(text).map_err(|e| format!("variant JSON: {e}"))?;
    let shape: Shape = match &wire.shape {
        None => Shape::NINE,
        Some(s) => s.parse().map_err(|e| format!("box: {e}"))?,
    };
    let n = shape.size();
    let first = match &wire.values {
        None => 1,
        Some(range) => first_of(range, n)?,
    };
    let symbols = Variant::new_from(first, shape, true, Vec::new())
        .map_err(|e| e.to_string())?
        .symbols();
    let givens = match &wire.givens {
        None => Grid::empty(shape),
        Some(g) => read_givens(g, shape, &symbols, first)?,
    };
    let mut out = Vec::with_capacity(wire.constraints.len());
    for (i, w) in wire.constraints.into_iter().enumerate() {
        let kind = type_name(&w);
        let c = from_wire(w, shape, first)
            .map_err(|e| format!("constraint {} ({kind}): {e}", i + 1))?;
        out.push(c);
    }
    let jigsaw = out.iter().any(|c| matches!(c, Constraint::Jigsaw { .. }));
    let boxes = wire.boxes.unwrap_or(!jigsaw);
    let variant = Variant::new_from(first, shape, boxes, out).map_err(|e| e.to_string())?;
    Ok(VariantPuzzle { givens, variant })
}

fn type_name(w: &WireC) -> String {
    serde_json::to_value(w)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
        .unwrap_or_default()
}

fn from_wire(w: WireC, shape: Shape, first: u8) -> Result<Constraint, String> {
    let n = shape.size();
    Ok(match w {
        WireC::Jigsaw { layout } => Constraint::Jigsaw {
            regions: layout_regions(&layout, shape)?,
        },
        WireC::Diagonal => Constraint::Diagonal { anti: false },
        WireC::AntiDiagonal => Constraint::Diagonal { anti: true },
        WireC::Windoku => Constraint::Windoku,
        WireC::DisjointSets => Constraint::DisjointSets,
        WireC::Region { cells: c } => Constraint::Region {
            cells: cells(&c, n)?,
        },
        WireC::AntiKnight => Constraint::AntiKnight,
        WireC::AntiKing => Constraint::AntiKing,
        WireC::NonConsecutive => Constraint::NonConsecutive,
        WireC::Even { cells: c } => Constraint::Even {
            cells: cells(&c, n)?,
        },
        WireC::Odd { cells: c } => Constraint::Odd {
            cells: cells(&c, n)?,
        },
        WireC::Allowed { cell, values } => {
            let mut m = Mask::EMPTY;
            let last = first as usize + n - 1;
            for v in values {
                if v < first || v as usize > last {
                    return Err(format!("value {v} is out of range {first}..{last}"));
                }
                m.insert(v + 1 - first);
            }
            Constraint::Allowed {
                cell: cell_index(&cell, n)?,
                values: m,
            }
        }
        WireC::Cage { sum, cells: c } => Constraint::Cage {
            sum,
            cells: cells(&c, n)?,
        },
        WireC::Pairwise {
            name,
            all,
            pairs,
            cells: c,
        } => {
            // The pairs in the puzzle's values; the table by the values' places.
            let (lo, last) = (first as u32, first as u32 + n as u32 - 1);
            let mut allowed = vec![0u64; n];
            for [a, b] in pairs {
                if let Some(v) = [a, b].into_iter().find(|&v| v < lo || v > last) {
                    return Err(format!(
                        "the pair [{a}, {b}]: {v} is out of range {lo}..{last}"
                    ));
                }
                allowed[(a - lo) as usize] |= 1 << (b - lo);
            }
            Constraint::Pairwise {
                all,
                allowed,
                label: name,
                cells: cells(&c, n)?,
            }
        }
        WireC::CountDistinct { cell, cells: c } => Constraint::CountDistinct {
            cell: cell_index(&cell, n)?,
            cells: cells(&c, n)?,
        },
        WireC::ValueIndexing { cells: c } => Constraint::ValueIndexing {
            cells: cells(&c, n)?,
        },
        WireC::Regex { pattern, cells: c } => Constraint::Regex {
            pattern,
            cells: cells(&c, n)?,
        },
        WireC::Automaton {
            name,
            states,
            start,
            accept,
            moves,
            breaks,
            cells: c,
            segments,
        } => {
            let (lo, last) = (first as u32, first as u32 + n as u32 - 1);
            let mut out = Vec::with_capacity(moves.len() + breaks.len());
            for (a, values, b) in moves {
                let mut m = 0u64;
                for v in values {
                    if v < lo || v > last {
                        return Err(format!(
                            "the move from state {a} to {b}: {v} is out of range {lo}..{last}"
                        ));
                    }
                    m |= 1 << (v - lo);
                }
                out.push((a, m, b));
            }
            // (A grid of 64 values has no place for the break: the check refuses it.)
            let brk = if n < 64 { 1u64 << n } else { 0 };
            out.extend(breaks.into_iter().map(|[a, b]| (a, brk, b)));
            let out = super::automaton::merge_moves(out);
            let segments = match (c, segments) {
                (Some(c), None) => vec![cells(&c, n)?],
                (None, Some(s)) => s.iter().map(|c| cells(c, n)).collect::<Result<_, _>>()?,
                _ => return Err("an automaton has `cells` (one line) or `segments`".into()),
            };
            Constraint::Automaton {
                label: name,
                automaton: Automaton {
                    states,
                    start,
                    accept,
                    moves: out,
                },
                segments,
            }
        }
        WireC::LittleKiller { sum, cells: c } => Constraint::LittleKiller {
            sum,
            cells: cells(&c, n)?,
        },
        WireC::EntropicLine { cells: c } => Constraint::EntropicLine {
            cells: cells(&c, n)?,
        },
        WireC::ModularLine { modulus, cells: c } => Constraint::ModularLine {
            modulus,
            cells: cells(&c, n)?,
        },
        WireC::GlobalEntropy => Constraint::GlobalEntropy,
        WireC::GlobalModular => Constraint::GlobalModular,
        WireC::RellikCage { sum, cells: c } => Constraint::RellikCage {
            sum,
            cells: cells(&c, n)?,
        },
        WireC::Sum { sum, cells: c } => Constraint::Sum {
            sum,
            cells: cells(&c, n)?,
        },
        WireC::Sandwich { sum, row, col } => {
            let line = match (row, col) {
                (Some(r), None) if r >= 1 => Line::Row(r - 1),
                (None, Some(c)) if c >= 1 => Line::Col(c - 1),
                _ => return Err("a sandwich needs a `row` or a `col` (1-based), not both".into()),
            };
            Constraint::Sandwich { sum, line }
        }
        WireC::FullRank {
            rank,
            row,
            col,
            side,
        } => Constraint::FullRank {
            rank,
            side: outside(row, col, side.as_deref())?,
        },
        WireC::FullRankTies { ties } => Constraint::FullRankTies {
            ties: Ties::from_name(&ties)
                .ok_or_else(|| format!("`{ties}` is not a tie rule (none, only-unclued or any)"))?,
        },
        WireC::Skyscraper {
            count,
            row,
            col,
            side,
        } => Constraint::Skyscraper {
            count,
            side: outside(row, col, side.as_deref())?,
        },
        WireC::XSum {
            sum,
            row,
            col,
            side,
        } => Constraint::XSum {
            sum,
            side: outside(row, col, side.as_deref())?,
        },
        WireC::NumberedRoom {
            value,
            row,
            col,
            side,
        } => Constraint::NumberedRoom {
            value,
            side: outside(row, col, side.as_deref())?,
        },
        WireC::HiddenSkyscraper {
            value,
            row,
            col,
            side,
        } => Constraint::HiddenSkyscraper {
            value,
            side: outside(row, col, side.as_deref())?,
        },
        WireC::Lunchbox { sum, cells: c } => Constraint::Lunchbox {
            sum,
            cells: cells(&c, n)?,
        },
        WireC::SumLine {
            sum,
            cells: c,
            looped,
        } => Constraint::SumLine {
            sum,
            cells: cells(&c, n)?,
            looped,
        },
        WireC::CountingCircles { cells: c } => Constraint::CountingCircles {
            cells: cells(&c, n)?,
        },
        WireC::GreaterThan { cells: c } => Constraint::GreaterThan {
            cells: pair(&c, n)?,
        },
        WireC::Or { options } => Constraint::Or {
            options: options
                .into_iter()
                .enumerate()
                .map(|(k, set)| {
                    set.into_iter()
                        .map(|w| {
                            let kind = type_name(&w);
                            from_wire(w, shape, first)
                                .map_err(|e| format!("set {} ({kind}): {e}", k + 1))
                        })
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?,
        },
        WireC::Quadruple { cells: c, values } => {
            let mut c = cells(&c, n)?;
            c.sort_unstable();
            match c[..] {
                [a, b, c, d] => Constraint::Quadruple {
                    cells: [a, b, c, d],
                    values,
                },
                _ => return Err(format!("a quadruple has 4 cells, not {}", c.len())),
            }
        }
        WireC::SameValues { sets } => Constraint::SameValues {
            sets: sets.iter().map(|s| cells(s, n)).collect::<Result<_, _>>()?,
        },
        WireC::Thermo { cells: c } => Constraint::Thermo {
            cells: cells(&c, n)?,
            slow: false,
        },
        WireC::SlowThermo { cells: c } => Constraint::Thermo {
            cells: cells(&c, n)?,
            slow: true,
        },
        WireC::Arrow { circle, line } => Constraint::Arrow {
            circle: cells(&circle, n)?,
            line: cells(&line, n)?,
        },
        WireC::WhiteDot { cells: c } => Constraint::Kropki {
            black: false,
            cells: pair(&c, n)?,
        },
        WireC::BlackDot { cells: c } => Constraint::Kropki {
            black: true,
            cells: pair(&c, n)?,
        },
        WireC::KropkiNegative => Constraint::KropkiNegative,
        WireC::X { cells: c } => Constraint::Xv {
            sum: 10,
            cells: pair(&c, n)?,
        },
        WireC::V { cells: c } => Constraint::Xv {
            sum: 5,
            cells: pair(&c, n)?,
        },
        WireC::XvNegative => Constraint::XvNegative,
        WireC::Palindrome { cells: c } => Constraint::Palindrome {
            cells: cells(&c, n)?,
        },
        WireC::Zipper { cells: c } => Constraint::Zipper {
            cells: cells(&c, n)?,
        },
        WireC::ColumnIndexing { cells: c } => Constraint::Indexing {
            rows: false,
            cells: cells(&c, n)?,
        },
        WireC::RowIndexing { cells: c } => Constraint::Indexing {
            rows: true,
            cells: cells(&c, n)?,
        },
        WireC::EqualSum { segments } => Constraint::EqualSum {
            segments: segments
                .iter()
                .map(|s| cells(s, n))
                .collect::<Result<_, _>>()?,
        },
        WireC::LookAndSay { counts, cells: c } => Constraint::LookAndSay {
            counts: counts
                .into_iter()
                .map(|[k, v]| {
                    u8::try_from(k)
                        .map(|k| (k, v))
                        .map_err(|_| format!("a count of {k} is too many"))
                })
                .collect::<Result<_, _>>()?,
            cells: cells(&c, n)?,
        },
        WireC::AntiTaxicab => Constraint::AntiTaxicab,
        WireC::DutchFlatmates => Constraint::DutchFlatmates,
        WireC::EqualityCage { cells: c } => Constraint::EqualityCage {
            cells: cells(&c, n)?,
        },
        WireC::Lockout {
            cells: c,
            difference,
        } => Constraint::Lockout {
            cells: cells(&c, n)?,
            diff: difference.unwrap_or(default_lockout(n)),
        },
        WireC::DoubleArrow { cells: c } => Constraint::DoubleArrow {
            cells: cells(&c, n)?,
        },
        WireC::Whisper {
            cells: c,
            difference,
        } => Constraint::Whisper {
            cells: cells(&c, n)?,
            diff: difference.unwrap_or(default_whisper(n)),
        },
        WireC::Renban { cells: c } => Constraint::Renban {
            cells: cells(&c, n)?,
        },
        WireC::Between { cells: c } => Constraint::Between {
            cells: cells(&c, n)?,
        },
        WireC::RegionSumLine { cells: c } => Constraint::RegionSumLine {
            cells: cells(&c, n)?,
        },
    })
}

/// A lockout line's least difference on a grid of side `n`: 4 on 9x9, (N - 1) / 2.
pub fn default_lockout(n: usize) -> u8 {
    ((n.max(2) - 1) / 2).max(1) as u8
}

/// German whispers' difference on a grid of side `n`: 5 on 9x9, half the side rounded up.
pub fn default_whisper(n: usize) -> u8 {
    n.div_ceil(2) as u8
}

/// A jigsaw layout string (one region symbol a cell, in reading order) as regions,
/// numbered in order of first appearance.
pub(crate) fn layout_regions(layout: &str, shape: Shape) -> Result<Vec<Vec<u16>>, String> {
    let chars: Vec<char> = layout.trim().chars().collect();
    if chars.len() != shape.cells() {
        return Err(format!(
            "a layout of {} cells for a grid of {}",
            chars.len(),
            shape.cells()
        ));
    }
    let mut ids: Vec<char> = Vec::new();
    let mut regions: Vec<Vec<u16>> = Vec::new();
    for (i, ch) in chars.into_iter().enumerate() {
        let k = match ids.iter().position(|&c| c == ch) {
            Some(k) => k,
            None => {
                ids.push(ch);
                regions.push(Vec::new());
                ids.len() - 1
            }
        };
        regions[k].push(i as u16);
    }
    Ok(regions)
}

const REGION_SYMBOLS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/";

fn names(cells: &[u16], shape: Shape) -> Names {
    cells
        .iter()
        .map(|&c| shape.cell_name(Cell::new(c)))
        .collect()
}

fn to_wire(c: &Constraint, shape: Shape, first: u8) -> WireC {
    let nm = |c: &[u16]| names(c, shape);
    match c {
        Constraint::Jigsaw { regions } => {
            let mut layout = vec![b'0'; shape.cells()];
            for (k, r) in regions.iter().enumerate() {
                for &cell in r {
                    layout[cell as usize] = REGION_SYMBOLS[k % REGION_SYMBOLS.len()];
                }
            }
            WireC::Jigsaw {
                layout: String::from_utf8(layout).unwrap_or_default(),
            }
        }
        Constraint::Diagonal { anti: false } => WireC::Diagonal,
        Constraint::Diagonal { anti: true } => WireC::AntiDiagonal,
        Constraint::Windoku => WireC::Windoku,
        Constraint::DisjointSets => WireC::DisjointSets,
        Constraint::Region { cells } => WireC::Region { cells: nm(cells) },
        Constraint::AntiKnight => WireC::AntiKnight,
        Constraint::AntiKing => WireC::AntiKing,
        Constraint::NonConsecutive => WireC::NonConsecutive,
        Constraint::Even { cells } => WireC::Even { cells: nm(cells) },
        Constraint::Odd { cells } => WireC::Odd { cells: nm(cells) },
        Constraint::Allowed { cell, values } => WireC::Allowed {
            cell: shape.cell_name(Cell::new(*cell)),
            values: values.iter().map(|v| v + first - 1).collect(),
        },
        Constraint::Cage { sum, cells } => WireC::Cage {
            sum: *sum,
            cells: nm(cells),
        },
        Constraint::Pairwise {
            all,
            allowed,
            label,
            cells,
        } => WireC::Pairwise {
            name: label.clone(),
            all: *all,
            pairs: allowed
                .iter()
                .enumerate()
                .flat_map(|(i, &m)| {
                    (0..64u32)
                        .filter(move |&j| m >> j & 1 == 1)
                        .map(move |j| [i as u32 + first as u32, j + first as u32])
                })
                .collect(),
            cells: nm(cells),
        },
        Constraint::ValueIndexing { cells } => WireC::ValueIndexing { cells: nm(cells) },
        Constraint::CountDistinct { cell, cells } => WireC::CountDistinct {
            cell: nm(&[*cell]).remove(0),
            cells: nm(cells),
        },
        Constraint::Regex { pattern, cells } => WireC::Regex {
            pattern: pattern.clone(),
            cells: nm(cells),
        },
        Constraint::Automaton {
            label,
            automaton,
            segments,
        } => {
            let n = shape.size();
            let values = |m: u64| -> Vec<u32> {
                (0..n as u32)
                    .filter(|&j| m >> j & 1 == 1)
                    .map(|j| j + first as u32)
                    .collect()
            };
            let brk = if n < 64 { 1u64 << n } else { 0 };
            WireC::Automaton {
                name: label.clone(),
                states: automaton.states,
                start: automaton.start.clone(),
                accept: automaton.accept.clone(),
                moves: automaton
                    .moves
                    .iter()
                    .filter(|&&(_, m, _)| m & !brk != 0)
                    .map(|&(a, m, b)| (a, values(m), b))
                    .collect(),
                breaks: automaton
                    .moves
                    .iter()
                    .filter(|&&(_, m, _)| m & brk != 0)
                    .map(|&(a, _, b)| [a, b])
                    .collect(),
                cells: (segments.len() == 1).then(|| nm(&segments[0])),
                segments: (segments.len() != 1).then(|| segments.iter().map(|s| nm(s)).collect()),
            }
        }
        Constraint::LittleKiller { sum, cells } => WireC::LittleKiller {
            sum: *sum,
            cells: nm(cells),
        },
        Constraint::EntropicLine { cells } => WireC::EntropicLine { cells: nm(cells) },
        Constraint::ModularLine { modulus, cells } => WireC::ModularLine {
            modulus: *modulus,
            cells: nm(cells),
        },
        Constraint::GlobalEntropy => WireC::GlobalEntropy,
        Constraint::GlobalModular => WireC::GlobalModular,
        Constraint::RellikCage { sum, cells } => WireC::RellikCage {
            sum: *sum,
            cells: nm(cells),
        },
        Constraint::Sum { sum, cells } => WireC::Sum {
            sum: *sum,
            cells: nm(cells),
        },
        Constraint::Sandwich { sum, line } => match line {
            Line::Row(r) => WireC::Sandwich {
                sum: *sum,
                row: Some(r + 1),
                col: None,
            },
            Line::Col(c) => WireC::Sandwich {
                sum: *sum,
                row: None,
                col: Some(c + 1),
            },
        },
        Constraint::FullRank { rank, side } => {
            let (row, col, side) = outside_fields(*side);
            WireC::FullRank {
                rank: *rank,
                row,
                col,
                side,
            }
        }
        Constraint::FullRankTies { ties } => WireC::FullRankTies {
            ties: ties.name().to_string(),
        },
        Constraint::Skyscraper { count, side } => {
            let (row, col, side) = outside_fields(*side);
            WireC::Skyscraper {
                count: *count,
                row,
                col,
                side,
            }
        }
        Constraint::XSum { sum, side } => {
            let (row, col, side) = outside_fields(*side);
            WireC::XSum {
                sum: *sum,
                row,
                col,
                side,
            }
        }
        Constraint::NumberedRoom { value, side } => {
            let (row, col, side) = outside_fields(*side);
            WireC::NumberedRoom {
                value: *value,
                row,
                col,
                side,
            }
        }
        Constraint::HiddenSkyscraper { value, side } => {
            let (row, col, side) = outside_fields(*side);
            WireC::HiddenSkyscraper {
                value: *value,
                row,
                col,
                side,
            }
        }
        Constraint::Lunchbox { sum, cells } => WireC::Lunchbox {
            sum: *sum,
            cells: nm(cells),
        },
        Constraint::SumLine { sum, cells, looped } => WireC::SumLine {
            sum: *sum,
            cells: nm(cells),
            looped: *looped,
        },
        Constraint::GreaterThan { cells } => WireC::GreaterThan { cells: nm(cells) },
        Constraint::CountingCircles { cells } => WireC::CountingCircles { cells: nm(cells) },
        Constraint::Quadruple { cells, values } => WireC::Quadruple {
            cells: nm(cells),
            values: values.clone(),
        },
        Constraint::Or { options } => WireC::Or {
            options: options
                .iter()
                .map(|set| set.iter().map(|c| to_wire(c, shape, first)).collect())
                .collect(),
        },
        Constraint::SameValues { sets } => WireC::SameValues {
            sets: sets.iter().map(|s| nm(s)).collect(),
        },
        Constraint::Thermo { cells, slow: false } => WireC::Thermo { cells: nm(cells) },
        Constraint::Thermo { cells, slow: true } => WireC::SlowThermo { cells: nm(cells) },
        Constraint::Arrow { circle, line } => WireC::Arrow {
            circle: nm(circle),
            line: nm(line),
        },
        Constraint::Kropki {
            black: false,
            cells,
        } => WireC::WhiteDot { cells: nm(cells) },
        Constraint::Kropki { black: true, cells } => WireC::BlackDot { cells: nm(cells) },
        Constraint::KropkiNegative => WireC::KropkiNegative,
        Constraint::Xv { sum: 10, cells } => WireC::X { cells: nm(cells) },
        Constraint::Xv { cells, .. } => WireC::V { cells: nm(cells) },
        Constraint::XvNegative => WireC::XvNegative,
        Constraint::Palindrome { cells } => WireC::Palindrome { cells: nm(cells) },
        Constraint::Zipper { cells } => WireC::Zipper { cells: nm(cells) },
        Constraint::Indexing { rows: false, cells } => WireC::ColumnIndexing { cells: nm(cells) },
        Constraint::Indexing { rows: true, cells } => WireC::RowIndexing { cells: nm(cells) },
        Constraint::EqualSum { segments } => WireC::EqualSum {
            segments: segments.iter().map(|s| nm(s)).collect(),
        },
        Constraint::LookAndSay { counts, cells } => WireC::LookAndSay {
            counts: counts.iter().map(|&(k, v)| [k as u32, v]).collect(),
            cells: nm(cells),
        },
        Constraint::AntiTaxicab => WireC::AntiTaxicab,
        Constraint::DutchFlatmates => WireC::DutchFlatmates,
        Constraint::EqualityCage { cells } => WireC::EqualityCage { cells: nm(cells) },
        Constraint::Lockout { cells, diff } => WireC::Lockout {
            cells: nm(cells),
            difference: (*diff != default_lockout(shape.size())).then_some(*diff),
        },
        Constraint::DoubleArrow { cells } => WireC::DoubleArrow { cells: nm(cells) },
        Constraint::Whisper { cells, diff } => WireC::Whisper {
            cells: nm(cells),
            difference: (*diff != default_whisper(shape.size())).then_some(*diff),
        },
        Constraint::Renban { cells } => WireC::Renban { cells: nm(cells) },
        Constraint::Between { cells } => WireC::Between { cells: nm(cells) },
        Constraint::RegionSumLine { cells } => WireC::RegionSumLine { cells: nm(cells) },
    }
}

impl Variant {
    /// The puzzle as numpl's variant JSON record (one line), read back by [`read`].
    pub fn to_json(&self, givens: &Grid) -> String {
        let shape = self.shape;
        let symbols = self.symbols();
        let g: String = givens
            .values()
            .iter()
            .map(|&v| {
                if v == 0 {
                    '.'
                } else {
                    symbols.write(v).unwrap_or('?')
                }
            })
            .collect();
        let wire = Wire {
            shape: (shape != Shape::NINE).then(|| shape.to_string()),
            givens: (givens.filled() > 0).then_some(g),
            boxes: {
                let jigsaw = self
                    .constraints
                    .iter()
                    .any(|c| matches!(c, Constraint::Jigsaw { .. }));
                (self.boxes == jigsaw).then_some(self.boxes)
            },
            values: (self.first != 1).then(|| self.values_text()),
            constraints: self
                .constraints
                .iter()
                .map(|c| to_wire(c, shape, self.first))
                .collect(),
        };
        serde_json::to_string(&wire).unwrap_or_default()
    }
}
