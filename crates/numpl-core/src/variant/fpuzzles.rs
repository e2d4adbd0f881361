//! f-puzzles' puzzle JSON and the links that carry it: f-puzzles' own
//! (`https://www.f-puzzles.com/?load=...`) and SudokuPad's (`https://sudokupad.app/fpuzzles...`,
//! `?puzzleid=fpuzzles...`), both LZ-string base64 ([`super::lz_string`]) of the JSON.
//! [`read`] takes the JSON or a link; [`to_json`], [`link`] and [`sudokupad_link`] write a
//! puzzle back, so what numpl makes opens in f-puzzles and SudokuPad.
//!
//! What is read (f-puzzles' key, then numpl's constraint):
//!
//! - `size` (4 to 16 as f-puzzles makes them; the boxes are the most square `RxC` with
//!   R <= C), `grid` (rows of cells: `value` a given unless `given` is false, `region`
//!   the cell's 0-based region where it is not its box: a jigsaw, `givenPencilMarks` the
//!   cell's allowed values; the player's marks are ignored);
//! - `diagonal+` (r9c1 to r1c9: anti-diagonal), `diagonal-` (r1c1 to r9c9: diagonal),
//!   `antiknight`, `antiking`, `disjointgroups`, `nonconsecutive` (true or false);
//! - `killercage` (`cells`, `value` the sum, none or empty for a cage without one),
//!   `littlekillersum` (`cell` outside the grid, `direction` `UR`/`UL`/`DR`/`DL`,
//!   `value`; an empty or 0 value is no clue), `sandwichsum` (`cell` `R0Cc` above column c
//!   or `RrC0` left of row r, also below or right, `value`), `extraregion` (`cells`);
//! - `odd`, `even` (each `{cell}`); `difference` (white kropki dots, `cells`, `value` 1 or
//!   none), `ratio` (black dots, `value` 2 or none), `xv` (`value` `X` or `V`);
//! - lines, each entry's `lines` a list of lines of cells: `thermometer`, `palindrome`,
//!   `renban`, `whispers` (German whispers, difference 5 on 9x9), `betweenline`,
//!   `regionsumline`; `quadruple` (`cells` the four, `values` the numbers in the circle);
//!   `maximum`, `minimum` (`cell`: fortress cells, greater-than signs to or from each
//!   orthogonal neighbour, written back where a cell's signs cover its neighbours);
//!   `arrow` (`cells` the circle, each line of `lines` starting in the
//!   circle: one arrow constraint a line);
//! - `negative`: `xv` (every X and V given: xv-negative), `ratio` with `nonconsecutive`
//!   (every kropki dot given: kropki-negative); `nonconsecutive` alone (no white dots):
//!   non-consecutive.
//!
//! `title`, `author`, `ruleset`, `solution` and f-puzzles' settings are ignored. Any other
//! key that holds something (`clone`, cosmetic `line`, `cage`, `text` ...) is
//! refused by name: `f-puzzles: `clone` is not supported`; empty ones are fine.
//!
//! Written: the same keys, cell values as numbers, sums as strings (as f-puzzles writes
//! them). Windoku regions and boxes kept beside a jigsaw are written as `extraregion`s, a
//! box shape that is not the most square as per-cell regions; slow thermometers, whispers
//! of another difference, and grids with neither boxes nor regions have no f-puzzles form
//! and are refused.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::json::{default_whisper, VariantPuzzle};
use super::lz_string;
use super::{windoku_regions, Constraint, Line, Variant};
use crate::{Cell, Grid, Mask, Shape};

/// The cells side by side with `cell` (up, left, right, down): its king moves that are
/// orthogonal.
fn orthogonal_neighbours_of(shape: Shape, cell: u16) -> impl Iterator<Item = u16> {
    super::jumps(shape, cell, false)
        .filter(move |&nb| super::check::orthogonal_neighbours(shape, cell, nb))
}

/// Where f-puzzles' links start.
pub const FPUZZLES_PREFIX: &str = "https://www.f-puzzles.com/?load=";
/// Where SudokuPad's links to an f-puzzles puzzle start.
pub const SUDOKUPAD_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// Whether `t` (a trimmed line) is f-puzzles JSON (an object with `"size"` and
/// `"grid"`; numpl's own record has no `grid`) or a link carrying it.
pub fn detect(t: &str) -> bool {
    is_json(t) || link_payload(t).is_some()
}

fn is_json(t: &str) -> bool {
    t.starts_with('{') && t.contains("\"grid\"") && t.contains("\"size\"")
}

/// The packed puzzle of an f-puzzles or SudokuPad link: after `load=`, or after `fpuzzles`
/// (or `fpuz`) at the start or after `/` or `=`; `None` if `t` is not such a link.
fn link_payload(t: &str) -> Option<&str> {
    let lower = t.to_ascii_lowercase();
    // A link, or SudokuPad's bare id (`fpuzzles` and packed JSON, which starts `N4Ig`):
    // never a line puzzle in a custom alphabet that happens to start so.
    let host = lower.strip_prefix("www.").unwrap_or(&lower);
    let linkish = lower.starts_with("http://")
        || lower.starts_with("https://")
        || ["f-puzzles.com", "sudokupad.app", "crackingthecryptic.com"]
            .iter()
            .any(|h| {
                host.starts_with(h) && matches!(host.as_bytes().get(h.len()), Some(b'/' | b'?'))
            })
        || t.starts_with("fpuzzlesN4Ig")
        || t.starts_with("fpuzN4Ig");
    if !linkish {
        return None;
    }
    let end_of = |s: &str| s.find(['&', '#', ' ', '\t']).unwrap_or(s.len());
    if let Some(at) = lower
        .find("load=")
        .filter(|&at| at > 0 && matches!(lower.as_bytes().get(at - 1), Some(b'?') | Some(b'&')))
    {
        let rest = t.get(at + 5..)?;
        return Some(&rest[..end_of(rest)]);
    }
    let mut from = 0;
    while let Some(k) = lower.get(from..).and_then(|s| s.find("fpuz")) {
        let at = from + k;
        let before = if at == 0 {
            None
        } else {
            lower.as_bytes().get(at - 1).copied()
        };
        if matches!(before, None | Some(b'/') | Some(b'=')) {
            let skip = if lower[at..].starts_with("fpuzzles") {
                8
            } else {
                4
            };
            let rest = t.get(at + skip..)?;
            return Some(&rest[..end_of(rest)]);
        }
        from = at + 4;
    }
    None
}

/// `%XX` escapes decoded (a link's `+`, `/` and `=` may come escaped), a space as `+`.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |k: usize| b.get(k).and_then(|&c| (c as char).to_digit(16));
        match (b[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b' ', ..) => {
                out.push(b'+');
                i += 1;
            }
            (c, ..) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads f-puzzles JSON, or an f-puzzles or SudokuPad link carrying it.
///
/// # Errors
///
/// A message starting `f-puzzles:` naming the key (and the entry, 1-based) that is wrong
/// or not supported.
///
/// ```
/// use numpl_core::variant::fpuzzles;
///
/// let p = fpuzzles::read(r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
///   "killercage":[{"cells":["R1C2","R1C3"],"value":"5"}],"diagonal-":true}"#).unwrap();
/// assert_eq!(p.givens.get(0), 1);
/// assert_eq!(p.variant.constraints().len(), 2);
/// let err = fpuzzles::read(r#"{"size":9,"grid":[],"clone":[{"cells":["R1C1"]}]}"#).unwrap_err();
/// assert_eq!(err, "f-puzzles: `clone` is not supported");
/// ```
pub fn read(text: &str) -> Result<VariantPuzzle, String> {
    let t = text.trim();
    if is_json(t) || t.starts_with('{') {
        return read_json(t);
    }
    let Some(payload) = link_payload(t) else {
        return Err("f-puzzles: not f-puzzles JSON nor a link carrying it (`?load=...`, `sudokupad.app/fpuzzles...`)".into());
    };
    let packed = unescape(payload);
    if packed.is_empty() {
        return Err("f-puzzles: the link carries no puzzle".into());
    }
    let json = lz_string::decompress_from_base64(&packed)
        .ok_or("f-puzzles: the link's puzzle is not LZ-string base64")?;
    read_json(&json)
}

/// Reads f-puzzles JSON.
///
/// # Errors
///
/// As [`read`].
pub fn read_json(text: &str) -> Result<VariantPuzzle, String> {
    let root: Value = serde_json::from_str(text).map_err(|e| format!("f-puzzles JSON: {e}"))?;
    let Value::Object(root) = root else {
        return Err("f-puzzles: the puzzle is a JSON object".into());
    };
    Reader::new(&root)?.read(&root)
}

/// Whether a value holds something (a rule to apply or refuse).
fn has_content(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// A number given as a JSON number or a string (f-puzzles writes sums as strings); `None`
/// for null or an empty string.
fn number(v: Option<&Value>) -> Result<Option<u32>, String> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("`{n}` is not a whole number")),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse::<u32>().map(Some).map_err(|_| {
            format!(
                "`{}` is not a whole number",
                crate::escape_controls(&s.chars().take(20).collect::<String>())
            )
        }),
        Some(other) => Err(format!("`{other}` is not a number")),
    }
}

fn text_of(v: Option<&Value>) -> &str {
    v.and_then(Value::as_str).unwrap_or("")
}

/// An f-puzzles cell name `R1C1` as 0-based row and column, which may lie outside the grid
/// (outside clues are `R0C1`, `R10C1` ...).
fn row_col(name: &str) -> Result<(i64, i64), String> {
    let bad = || {
        format!(
            "`{}` is not a cell like R1C1",
            crate::escape_controls(&name.chars().take(20).collect::<String>())
        )
    };
    let upper = name.trim().to_ascii_uppercase();
    let rest = upper.strip_prefix('R').ok_or_else(bad)?;
    let (r, c) = rest.split_once('C').ok_or_else(bad)?;
    let r: u16 = r.parse().map_err(|_| bad())?;
    let c: u16 = c.parse().map_err(|_| bad())?;
    Ok((r as i64 - 1, c as i64 - 1))
}

/// The keys that are no list of constraints: the grid, what is ignored (titles,
/// f-puzzles' settings), the flags.
const PLAIN: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "activeConstraints",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
];
/// The keys that are lists of constraints, in the order their constraints are made.
const LISTS: &[&str] = &[
    "extraregion",
    "odd",
    "even",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "palindrome",
    "whispers",
    "renban",
    "betweenline",
    "regionsumline",
    "quadruple",
    "maximum",
    "minimum",
];

struct Reader {
    shape: Shape,
    n: usize,
}

impl Reader {
    fn new(root: &Map<String, Value>) -> Result<Reader, String> {
        let size = number(root.get("size"))
            .map_err(|e| format!("f-puzzles: size: {e}"))?
            .ok_or("f-puzzles: no `size`")?;
        let shape = Shape::from_size(size as usize)
            .map_err(|e| format!("f-puzzles: size {size}: numpl needs a grid with boxes ({e})"))?;
        Ok(Reader {
            shape,
            n: shape.size(),
        })
    }

    fn cell(&self, v: &Value) -> Result<u16, String> {
        let name = v
            .as_str()
            .ok_or_else(|| format!("`{v}` is not a cell name"))?;
        let (r, c) = row_col(name)?;
        let n = self.n as i64;
        if r < 0 || c < 0 || r >= n || c >= n {
            return Err(format!("{} is outside the {n}x{n} grid", name.trim()));
        }
        Ok((r * n + c) as u16)
    }

    fn cells(&self, v: Option<&Value>) -> Result<Vec<u16>, String> {
        match v {
            Some(Value::Array(a)) => a.iter().map(|c| self.cell(c)).collect(),
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(other) => Err(format!("`{other}` is not a list of cells")),
        }
    }

    fn pair(&self, v: Option<&Value>) -> Result<[u16; 2], String> {
        match self.cells(v)?[..] {
            [a, b] => Ok([a, b]),
            ref other => Err(format!("a dot joins 2 cells, not {}", other.len())),
        }
    }

    fn lines(&self, entry: &Map<String, Value>) -> Result<Vec<Vec<u16>>, String> {
        match entry.get("lines") {
            Some(Value::Array(lines)) => lines.iter().map(|l| self.cells(Some(l))).collect(),
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(other) => Err(format!("`{other}` is not a list of lines")),
        }
    }

    fn read(&self, root: &Map<String, Value>) -> Result<VariantPuzzle, String> {
        let (shape, n) = (self.shape, self.n);
        for (key, v) in root {
            if !PLAIN.contains(&key.as_str()) && !LISTS.contains(&key.as_str()) && has_content(v) {
                return Err(format!(
                    "f-puzzles: `{}` is not supported",
                    crate::escape_controls(&key.chars().take(40).collect::<String>())
                ));
            }
        }
        let mut givens = vec![0u8; shape.cells()];
        let mut region: Vec<usize> = (0..shape.cells())
            .map(|c| shape.box_of(Cell::new(c as u16)))
            .collect();
        let mut out: Vec<Constraint> = Vec::new();
        let mut allowed: Vec<Constraint> = Vec::new();
        let rows = match root.get("grid") {
            Some(Value::Array(rows)) => rows,
            _ => return Err("f-puzzles: no `grid`".into()),
        };
        if rows.len() != n {
            return Err(format!("f-puzzles: grid: {} rows for size {n}", rows.len()));
        }
        for (r, row) in rows.iter().enumerate() {
            let cells = match row {
                Value::Array(cells) if cells.len() == n => cells,
                _ => return Err(format!("f-puzzles: grid: row {} is not {n} cells", r + 1)),
            };
            for (c, cell) in cells.iter().enumerate() {
                let i = r * n + c;
                let at = || format!("f-puzzles: grid: r{}c{}", r + 1, c + 1);
                let Value::Object(cell) = cell else {
                    if cell.is_null() {
                        continue;
                    }
                    return Err(format!("{}: not a cell object", at()));
                };
                let value = number(cell.get("value")).map_err(|e| format!("{}: {e}", at()))?;
                let given = cell.get("given").and_then(Value::as_bool) != Some(false);
                match value {
                    Some(0) | None => {}
                    Some(v) if v as usize <= n => {
                        if given {
                            givens[i] = v as u8;
                        }
                    }
                    Some(v) => return Err(format!("{}: value {v} is out of range 1..{n}", at())),
                }
                match cell.get("region") {
                    None => {}
                    Some(Value::Number(k)) => match k.as_u64() {
                        Some(k) if (k as usize) < n => region[i] = k as usize,
                        _ => return Err(format!("{}: region {k} is not in 0..{}", at(), n - 1)),
                    },
                    Some(other) => {
                        return Err(format!(
                            "{}: region `{other}`: a cell outside every region is not supported",
                            at()
                        ))
                    }
                }
                if let Some(Value::Array(marks)) = cell.get("givenPencilMarks") {
                    let mut values = Mask::EMPTY;
                    for m in marks {
                        match number(Some(m)) {
                            Ok(Some(v)) if v >= 1 && v as usize <= n => values.insert(v as u8),
                            _ => {
                                return Err(format!(
                                    "{}: given pencil mark `{m}` is not in 1..{n}",
                                    at()
                                ))
                            }
                        }
                    }
                    if !values.is_empty() {
                        allowed.push(Constraint::Allowed {
                            cell: i as u16,
                            values,
                        });
                    }
                }
            }
        }
        // Regions: the boxes unless some cell says otherwise.
        let boxes_layout =
            (0..shape.cells()).all(|c| region[c] == shape.box_of(Cell::new(c as u16)));
        if !boxes_layout {
            let mut regions = vec![Vec::new(); n];
            for (cell, &k) in region.iter().enumerate() {
                regions[k].push(cell as u16);
            }
            out.push(Constraint::Jigsaw { regions });
        }

        let flag = |key: &str| -> Result<bool, String> {
            match root.get(key) {
                None | Some(Value::Null) => Ok(false),
                Some(Value::Bool(b)) => Ok(*b),
                Some(other) => Err(format!(
                    "f-puzzles: `{key}` is `{other}`, not true or false"
                )),
            }
        };
        let mut negative: Vec<String> = Vec::new();
        match root.get("negative") {
            None | Some(Value::Null) => {}
            Some(Value::Array(a)) => {
                for v in a {
                    match v.as_str() {
                        Some(s @ ("xv" | "ratio" | "difference")) => negative.push(s.to_string()),
                        _ => return Err(format!("f-puzzles: negative `{v}` is not supported")),
                    }
                }
            }
            Some(other) => return Err(format!("f-puzzles: negative `{other}` is not a list")),
        }
        if flag("diagonal-")? {
            out.push(Constraint::Diagonal { anti: false });
        }
        if flag("diagonal+")? {
            out.push(Constraint::Diagonal { anti: true });
        }
        if flag("antiknight")? {
            out.push(Constraint::AntiKnight);
        }
        if flag("antiking")? {
            out.push(Constraint::AntiKing);
        }
        if flag("disjointgroups")? {
            out.push(Constraint::DisjointSets);
        }
        let white_dots = root.get("difference").is_some_and(has_content);
        let nonconsecutive = flag("nonconsecutive")? || negative.iter().any(|s| s == "difference");
        let negative_ratio = negative.iter().any(|s| s == "ratio");
        match (nonconsecutive, negative_ratio) {
            (true, true) => out.push(Constraint::KropkiNegative),
            (true, false) if white_dots => {
                return Err("f-puzzles: `nonconsecutive` with white dots (every white dot given, black dots not) is not supported".into())
            }
            (true, false) => out.push(Constraint::NonConsecutive),
            (false, true) => {
                return Err("f-puzzles: negative `ratio` without `nonconsecutive` (every black dot given, white dots not) is not supported".into())
            }
            (false, false) => {}
        }
        if negative.iter().any(|s| s == "xv") {
            out.push(Constraint::XvNegative);
        }

        for &key in LISTS {
            let entries = match root.get(key) {
                None | Some(Value::Null) => continue,
                Some(Value::Array(a)) => a,
                Some(other) if !has_content(other) => continue,
                Some(_) => return Err(format!("f-puzzles: `{key}` is not a list")),
            };
            let mut odd = Vec::new();
            let mut even = Vec::new();
            for (i, e) in entries.iter().enumerate() {
                let fail = |msg: String| format!("f-puzzles: {key} {}: {msg}", i + 1);
                let Value::Object(e) = e else {
                    return Err(fail("not an object".into()));
                };
                self.entry(key, e, &mut out, &mut odd, &mut even)
                    .map_err(fail)?;
            }
            if !odd.is_empty() {
                out.push(Constraint::Odd { cells: odd });
            }
            if !even.is_empty() {
                out.push(Constraint::Even { cells: even });
            }
        }
        out.extend(allowed);
        let givens = Grid::from_values(shape, givens).map_err(|e| format!("f-puzzles: {e}"))?;
        let variant =
            Variant::new(shape, boxes_layout, out).map_err(|e| format!("f-puzzles: {e}"))?;
        Ok(VariantPuzzle { givens, variant })
    }

    fn entry(
        &self,
        key: &str,
        e: &Map<String, Value>,
        out: &mut Vec<Constraint>,
        odd: &mut Vec<u16>,
        even: &mut Vec<u16>,
    ) -> Result<(), String> {
        let n = self.n as i64;
        let value = || number(e.get("value"));
        match key {
            "extraregion" => out.push(Constraint::Region {
                cells: self.cells(e.get("cells"))?,
            }),
            "odd" | "even" => {
                let cell = self.cell(e.get("cell").unwrap_or(&Value::Null))?;
                if key == "odd" { odd } else { even }.push(cell);
            }
            // A fortress cell: greater (smaller) than each orthogonal neighbour.
            "maximum" | "minimum" => {
                let cell = self.cell(e.get("cell").unwrap_or(&Value::Null))?;
                for nb in orthogonal_neighbours_of(self.shape, cell) {
                    out.push(Constraint::GreaterThan {
                        cells: if key == "maximum" {
                            [cell, nb]
                        } else {
                            [nb, cell]
                        },
                    });
                }
            }
            "quadruple" => {
                let mut cells = self.cells(e.get("cells"))?;
                cells.sort_unstable();
                let [a, b, c, d] = cells[..] else {
                    return Err(format!("a quadruple has 4 cells, not {}", cells.len()));
                };
                let values = match e.get("values") {
                    Some(Value::Array(vs)) => vs
                        .iter()
                        .map(|v| {
                            v.as_u64()
                                .and_then(|x| u8::try_from(x).ok())
                                .ok_or_else(|| format!("`{v}` is not a value"))
                        })
                        .collect::<Result<Vec<u8>, String>>()?,
                    other => {
                        return Err(format!(
                            "`{}` is not a list of values",
                            other.unwrap_or(&Value::Null)
                        ))
                    }
                };
                out.push(Constraint::Quadruple {
                    cells: [a, b, c, d],
                    values,
                });
            }
            "killercage" => out.push(Constraint::Cage {
                sum: value()?.filter(|&s| s != 0),
                cells: self.cells(e.get("cells"))?,
            }),
            "littlekillersum" => {
                let Some(sum) = value()?.filter(|&s| s != 0) else {
                    return Ok(());
                };
                let (r, c) = row_col(text_of(e.get("cell")))?;
                let (dr, dc) = match text_of(e.get("direction")) {
                    "UR" => (-1, 1),
                    "UL" => (-1, -1),
                    "DR" => (1, 1),
                    "DL" => (1, -1),
                    d => {
                        return Err(format!(
                            "direction `{}` is not UR, UL, DR or DL",
                            crate::escape_controls(d)
                        ))
                    }
                };
                let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < n && c < n;
                if inside(r, c) {
                    return Err(format!("the clue R{}C{} is inside the grid", r + 1, c + 1));
                }
                let mut cells = Vec::new();
                let (mut r, mut c) = (r + dr, c + dc);
                while inside(r, c) {
                    cells.push((r * n + c) as u16);
                    r += dr;
                    c += dc;
                }
                if cells.is_empty() {
                    return Err("the diagonal misses the grid".into());
                }
                out.push(Constraint::LittleKiller { sum, cells });
            }
            "sandwichsum" => {
                let Some(sum) = value()? else {
                    return Ok(());
                };
                let (r, c) = row_col(text_of(e.get("cell")))?;
                let line = if (r == -1 || r == n) && (0..n).contains(&c) {
                    Line::Col(c as u8)
                } else if (c == -1 || c == n) && (0..n).contains(&r) {
                    Line::Row(r as u8)
                } else {
                    return Err(format!(
                        "R{}C{} is not beside a row or column",
                        r + 1,
                        c + 1
                    ));
                };
                out.push(Constraint::Sandwich { sum, line });
            }
            "difference" | "ratio" | "xv" => {
                let cells = self.pair(e.get("cells"))?;
                let c = match key {
                    "difference" => match value()? {
                        None | Some(1) => Constraint::Kropki {
                            black: false,
                            cells,
                        },
                        Some(d) => {
                            return Err(format!("a difference of {d} is not supported (1 only)"))
                        }
                    },
                    "ratio" => match value()? {
                        None | Some(2) => Constraint::Kropki { black: true, cells },
                        Some(d) => return Err(format!("a ratio of {d} is not supported (2 only)")),
                    },
                    _ => match text_of(e.get("value")) {
                        "X" | "x" => Constraint::Xv { sum: 10, cells },
                        "V" | "v" => Constraint::Xv { sum: 5, cells },
                        "" => return Ok(()),
                        other => {
                            return Err(format!(
                                "`{}` is not X or V",
                                crate::escape_controls(other)
                            ))
                        }
                    },
                };
                out.push(c);
            }
            "arrow" => {
                let mut circle = self.cells(e.get("cells"))?;
                circle.sort_unstable();
                for line in self.lines(e)? {
                    // Each line starts in the circle.
                    let start = line.iter().take_while(|c| circle.contains(c)).count();
                    out.push(Constraint::Arrow {
                        circle: circle.clone(),
                        line: line[start..].to_vec(),
                    });
                }
            }
            _ => {
                for cells in self.lines(e)? {
                    out.push(match key {
                        "thermometer" => Constraint::Thermo { cells, slow: false },
                        "palindrome" => Constraint::Palindrome { cells },
                        "whispers" => Constraint::Whisper {
                            cells,
                            diff: default_whisper(self.n),
                        },
                        "renban" => Constraint::Renban { cells },
                        "betweenline" => Constraint::Between { cells },
                        _ => Constraint::RegionSumLine { cells },
                    });
                }
            }
        }
        Ok(())
    }
}

fn name(shape: Shape, cell: u16) -> String {
    let n = shape.size();
    format!("R{}C{}", cell as usize / n + 1, cell as usize % n + 1)
}

/// The puzzle as f-puzzles JSON (one line), read back by [`read`].
///
/// # Errors
///
/// A message naming what f-puzzles cannot express (values from 0, a slow thermometer,
/// whispers of another difference, a grid without boxes or regions, a little killer that
/// is not a whole diagonal, ...).
pub fn to_json(givens: &Grid, variant: &Variant) -> Result<String, String> {
    if variant.first_value() != 1 {
        return Err(format!(
            "f-puzzles has no grid of values {} (its values start at 1)",
            variant.values_text()
        ));
    }
    let shape = variant.shape();
    let n = shape.size();
    let nm = |c: &u16| Value::String(name(shape, *c));
    let names = |cells: &[u16]| Value::Array(cells.iter().map(nm).collect());
    let mut root = Map::new();
    let mut lists: BTreeMap<&'static str, Vec<Value>> = BTreeMap::new();
    let mut add = |key: &'static str, v: Value| lists.entry(key).or_default().push(v);
    let mut region: Vec<Option<usize>> = vec![None; shape.cells()];
    let mut marks: Vec<Option<Mask>> = vec![None; shape.cells()];
    let jigsaw = variant.constraints().iter().find_map(|c| match c {
        Constraint::Jigsaw { regions } => Some(regions),
        _ => None,
    });
    let default_shape = Shape::from_size(n).ok();
    match (jigsaw, variant.boxes()) {
        (Some(regions), boxes) => {
            for (k, r) in regions.iter().enumerate() {
                for &c in r {
                    region[c as usize] = Some(k);
                }
            }
            if boxes {
                let geo = shape.geometry();
                for b in 0..n {
                    add(
                        "extraregion",
                        json!({ "cells": names(geo.unit(2 * n + b)) }),
                    );
                }
            }
        }
        (None, true) if default_shape != Some(shape) => {
            for (c, slot) in region.iter_mut().enumerate() {
                *slot = Some(shape.box_of(Cell::new(c as u16)));
            }
        }
        (None, true) => {}
        (None, false) => {
            return Err("f-puzzles: a grid without boxes or regions has no f-puzzles form".into())
        }
    }
    let mut negative: Vec<&str> = Vec::new();
    let nonconsecutive = variant.constraints().contains(&Constraint::NonConsecutive);
    let kropki_negative = variant.constraints().contains(&Constraint::KropkiNegative);
    if nonconsecutive && kropki_negative {
        return Err("f-puzzles: non-consecutive with kropki-negative has no f-puzzles form".into());
    }
    if nonconsecutive
        && variant
            .constraints()
            .iter()
            .any(|c| matches!(c, Constraint::Kropki { black: false, .. }))
    {
        return Err("f-puzzles: non-consecutive with white dots has no f-puzzles form (f-puzzles reads it as every white dot given)".into());
    }
    // Greater-than signs: a cell greater (smaller) than each of its neighbours is
    // f-puzzles' maximum (minimum); other signs have no f-puzzles form.
    let signs: Vec<[u16; 2]> = variant
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::GreaterThan { cells } => Some(*cells),
            _ => None,
        })
        .collect();
    let mut covered = std::collections::HashSet::new();
    for cell in 0..shape.cells() as u16 {
        let around: Vec<u16> = orthogonal_neighbours_of(shape, cell).collect();
        for (key, sign) in [
            (
                "maximum",
                &(|nb: u16| [cell, nb]) as &dyn Fn(u16) -> [u16; 2],
            ),
            ("minimum", &|nb: u16| [nb, cell]),
        ] {
            if around.iter().all(|&nb| signs.contains(&sign(nb))) {
                add(key, json!({ "cell": nm(&cell) }));
                covered.extend(around.iter().map(|&nb| sign(nb)));
            }
        }
    }
    if let Some([a, b]) = signs.iter().find(|s| !covered.contains(*s)) {
        return Err(format!(
            "f-puzzles: the greater-than sign between {} and {} has no f-puzzles form (only a cell greater or smaller than all its neighbours: maximum, minimum)",
            shape.cell_name(Cell::new(*a)),
            shape.cell_name(Cell::new(*b))
        ));
    }
    for c in variant.constraints() {
        match c {
            Constraint::Jigsaw { .. } | Constraint::GreaterThan { .. } => {}
            Constraint::Diagonal { anti: false } => {
                root.insert("diagonal-".into(), Value::Bool(true));
            }
            Constraint::Diagonal { anti: true } => {
                root.insert("diagonal+".into(), Value::Bool(true));
            }
            Constraint::Windoku => {
                for r in windoku_regions(shape) {
                    add("extraregion", json!({ "cells": names(&r) }));
                }
            }
            Constraint::DisjointSets => {
                root.insert("disjointgroups".into(), Value::Bool(true));
            }
            Constraint::Region { cells } => add("extraregion", json!({ "cells": names(cells) })),
            Constraint::AntiKnight => {
                root.insert("antiknight".into(), Value::Bool(true));
            }
            Constraint::AntiKing => {
                root.insert("antiking".into(), Value::Bool(true));
            }
            Constraint::NonConsecutive => {
                root.insert("nonconsecutive".into(), Value::Bool(true));
            }
            Constraint::KropkiNegative => {
                root.insert("nonconsecutive".into(), Value::Bool(true));
                negative.push("ratio");
            }
            Constraint::XvNegative => negative.push("xv"),
            Constraint::Even { cells } => {
                for c in cells {
                    add("even", json!({ "cell": nm(c) }));
                }
            }
            Constraint::Odd { cells } => {
                for c in cells {
                    add("odd", json!({ "cell": nm(c) }));
                }
            }
            Constraint::Allowed { cell, values } => {
                let slot = &mut marks[*cell as usize];
                *slot = Some(slot.map_or(*values, |m| m & *values));
            }
            Constraint::Cage { sum, cells } => {
                let mut e = json!({ "cells": names(cells) });
                if let Some(s) = sum {
                    e["value"] = Value::String(s.to_string());
                }
                add("killercage", e);
            }
            Constraint::LittleKiller { sum, cells } => {
                let (clue, dir) = little_killer_clue(shape, cells).ok_or_else(|| {
                    format!(
                        "f-puzzles: the little killer from {} is not a whole diagonal from outside the grid",
                        cells.first().map_or_else(String::new, |&c| shape.cell_name(Cell::new(c)))
                    )
                })?;
                add(
                    "littlekillersum",
                    json!({ "cell": clue, "direction": dir, "value": sum.to_string(), "cells": names(cells) }),
                );
            }
            Constraint::Sandwich { sum, line } => {
                let cell = match line {
                    Line::Row(r) => format!("R{}C0", r + 1),
                    Line::Col(c) => format!("R0C{}", c + 1),
                };
                add(
                    "sandwichsum",
                    json!({ "cell": cell, "value": sum.to_string() }),
                );
            }
            Constraint::Thermo { cells, slow: false } => {
                add("thermometer", json!({ "lines": [names(cells)] }))
            }
            Constraint::Thermo { slow: true, .. } => {
                return Err("f-puzzles: a slow thermometer has no f-puzzles form".into())
            }
            Constraint::Arrow { circle, line } => {
                // The line starts in the circle: at a circle cell next to its first cell.
                let first = line.first().copied().unwrap_or(circle[0]);
                let (fr, fc) = (first as usize / n, first as usize % n);
                let from = circle
                    .iter()
                    .copied()
                    .find(|&c| {
                        let (r, k) = (c as usize / n, c as usize % n);
                        r.abs_diff(fr) <= 1 && k.abs_diff(fc) <= 1
                    })
                    .unwrap_or(circle[0]);
                let mut whole = vec![from];
                whole.extend_from_slice(line);
                add(
                    "arrow",
                    json!({ "cells": names(circle), "lines": [names(&whole)] }),
                );
            }
            Constraint::Kropki { black, cells } => add(
                if *black { "ratio" } else { "difference" },
                json!({ "cells": names(cells) }),
            ),
            Constraint::Xv { sum, cells } => add(
                "xv",
                json!({ "cells": names(cells), "value": if *sum == 10 { "X" } else { "V" } }),
            ),
            Constraint::Palindrome { cells } => {
                add("palindrome", json!({ "lines": [names(cells)] }))
            }
            Constraint::Zipper { .. } => {
                return Err("f-puzzles: a zipper line has no f-puzzles form".into())
            }
            Constraint::Indexing { .. } => {
                return Err("f-puzzles: indexing cells have no f-puzzles form".into())
            }
            Constraint::Skyscraper { .. } => {
                return Err("f-puzzles: a skyscraper clue has no f-puzzles form".into())
            }
            Constraint::EntropicLine { .. }
            | Constraint::ModularLine { .. }
            | Constraint::GlobalEntropy
            | Constraint::GlobalModular => {
                return Err(format!(
                    "f-puzzles: the {} rule has no f-puzzles form",
                    c.name().replace('-', " ")
                ))
            }
            Constraint::Sum { .. } => {
                return Err("f-puzzles: a sum without a cage has no f-puzzles form".into())
            }
            Constraint::CountingCircles { .. } => {
                return Err("f-puzzles: counting circles have no f-puzzles form".into())
            }
            Constraint::RellikCage { .. } => {
                return Err("f-puzzles: a rellik cage has no f-puzzles form".into())
            }
            Constraint::NumberedRoom { .. } => {
                return Err("f-puzzles: a numbered room has no f-puzzles form".into())
            }
            Constraint::HiddenSkyscraper { .. } => {
                return Err("f-puzzles: a hidden skyscraper clue has no f-puzzles form".into())
            }
            Constraint::FullRank { .. } | Constraint::FullRankTies { .. } => {
                return Err("f-puzzles: a full-rank clue has no f-puzzles form".into())
            }
            Constraint::AntiTaxicab | Constraint::DutchFlatmates => {
                return Err(format!("f-puzzles: {} has no f-puzzles form", c.name()))
            }
            Constraint::EqualSum { .. } => {
                return Err("f-puzzles: equal sums have no f-puzzles form".into())
            }
            Constraint::LookAndSay { .. } => {
                return Err("f-puzzles: a look-and-say clue has no f-puzzles form".into())
            }
            Constraint::EqualityCage { .. } => {
                return Err("f-puzzles: an equality cage has no f-puzzles form".into())
            }
            Constraint::Lockout { .. } => {
                return Err("f-puzzles: a lockout line has no f-puzzles form".into())
            }
            Constraint::DoubleArrow { .. } => {
                return Err("f-puzzles: a double arrow has no f-puzzles form".into())
            }
            Constraint::Pairwise { .. } => {
                return Err("f-puzzles: a pairwise rule has no f-puzzles form".into())
            }
            Constraint::CountDistinct { .. } => {
                return Err("f-puzzles: a count of different values has no f-puzzles form".into())
            }
            Constraint::ValueIndexing { .. } => {
                return Err("f-puzzles: a slingshot has no f-puzzles form".into())
            }
            Constraint::Regex { .. } => {
                return Err("f-puzzles: a regex line has no f-puzzles form".into())
            }
            Constraint::Automaton { .. } => {
                return Err("f-puzzles: a state machine line has no f-puzzles form".into())
            }
            Constraint::Or { .. } => {
                return Err("f-puzzles: an either/or has no f-puzzles form".into())
            }
            Constraint::XSum { .. } => {
                return Err("f-puzzles: an X-sum clue has no f-puzzles form".into())
            }
            Constraint::Lunchbox { .. } => {
                return Err("f-puzzles: a lunchbox has no f-puzzles form".into())
            }
            Constraint::SumLine { .. } => {
                return Err("f-puzzles: a sum line has no f-puzzles form".into())
            }
            Constraint::Quadruple { cells, values } => add(
                "quadruple",
                json!({ "cells": names(cells), "values": values }),
            ),
            Constraint::SameValues { .. } => return Err(
                "f-puzzles: same-value sets have no f-puzzles form (its clones match cell by cell)"
                    .into(),
            ),
            Constraint::Whisper { cells, diff } => {
                if *diff != default_whisper(n) {
                    return Err(format!(
                        "f-puzzles: whispers of difference {diff} have no f-puzzles form (its whispers differ by {})",
                        default_whisper(n)
                    ));
                }
                add("whispers", json!({ "lines": [names(cells)] }))
            }
            Constraint::Renban { cells } => add("renban", json!({ "lines": [names(cells)] })),
            Constraint::Between { cells } => add("betweenline", json!({ "lines": [names(cells)] })),
            Constraint::RegionSumLine { cells } => {
                add("regionsumline", json!({ "lines": [names(cells)] }))
            }
        }
    }
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let i = r * n + c;
                        let mut cell = Map::new();
                        let v = givens.values().get(i).copied().unwrap_or(0);
                        if v != 0 {
                            cell.insert("value".into(), json!(v));
                            cell.insert("given".into(), Value::Bool(true));
                        }
                        if let Some(k) = region[i] {
                            cell.insert("region".into(), json!(k));
                        }
                        if let Some(m) = marks[i] {
                            let m: Vec<u8> = m.iter().collect();
                            cell.insert("givenPencilMarks".into(), json!(m));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    root.insert("size".into(), json!(n));
    root.insert("grid".into(), Value::Array(grid));
    if !negative.is_empty() {
        root.insert("negative".into(), json!(negative));
    }
    for (k, v) in lists {
        root.insert(k.into(), Value::Array(v));
    }
    serde_json::to_string(&Value::Object(root)).map_err(|e| format!("f-puzzles: {e}"))
}

/// The clue cell (outside the grid) and direction of a little killer's diagonal, if its
/// cells are a whole diagonal from the edge.
fn little_killer_clue(shape: Shape, cells: &[u16]) -> Option<(String, &'static str)> {
    let n = shape.size() as i64;
    let &first = cells.first()?;
    let (r0, c0) = (first as i64 / n, first as i64 % n);
    let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < n && c < n;
    for (dr, dc, dir) in [(-1, 1, "UR"), (-1, -1, "UL"), (1, 1, "DR"), (1, -1, "DL")] {
        if inside(r0 - dr, c0 - dc) {
            continue;
        }
        let mut walk = Vec::new();
        let (mut r, mut c) = (r0, c0);
        while inside(r, c) {
            walk.push((r * n + c) as u16);
            r += dr;
            c += dc;
        }
        if walk == cells {
            return Some((format!("R{}C{}", r0 - dr + 1, c0 - dc + 1), dir));
        }
    }
    None
}

/// The puzzle as an f-puzzles link (`https://www.f-puzzles.com/?load=` and the JSON in
/// LZ-string base64).
///
/// # Errors
///
/// As [`to_json`].
pub fn link(givens: &Grid, variant: &Variant) -> Result<String, String> {
    Ok(FPUZZLES_PREFIX.to_string() + &lz_string::compress_to_base64(&to_json(givens, variant)?))
}

/// The puzzle as a SudokuPad link (`https://sudokupad.app/fpuzzles` and the f-puzzles JSON
/// in LZ-string base64).
///
/// # Errors
///
/// As [`to_json`].
pub fn sudokupad_link(givens: &Grid, variant: &Variant) -> Result<String, String> {
    Ok(SUDOKUPAD_PREFIX.to_string() + &lz_string::compress_to_base64(&to_json(givens, variant)?))
}

#[cfg(test)]
#[path = "fpuzzles_tests.rs"]
mod tests;
