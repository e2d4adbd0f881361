//! The Interactive Sudoku Solver's puzzle texts: its constraint string
//! (`.Shape~6x6.~R1C1_5.Cage~15~R1C1~R1C2.Thermo~R2C2~R2C3...`), the killer shorthand of
//! 81 characters (a cage's sum at one cell, arrows `<>^v` pointing the others to it),
//! sudocue's long killer form (`3x3::k:...`) and the jigsaw line (the givens, then the
//! layout, one character a cell each). [`read`] takes any of them; [`detect`] says
//! whether a line is one. `Shape~9x9~0-8` makes a grid of values from 0 (its givens and
//! numbers then count from 0: [`Variant::new_from`]).
//!
//! Constraint types numpl has no model for (Lockout, Sum without uniqueness, chaos
//! construction, ...) are refused by name, so a collection's unsupported puzzles can be
//! counted.

use std::collections::HashMap;

use super::check::orthogonal_neighbours;
use super::json::{cell_index, default_whisper, layout_regions, VariantPuzzle};
use super::{Constraint, Line, Outside, Variant};
use crate::{Grid, Mask, Shape};

/// An ISS cell name: `R1C1` (any case), or on grids past 9x9 one base-36 character per
/// coordinate (`RaC1` is row 10, column 1), as ISS writes them.
fn iss_cell(name: &str, n: usize) -> Result<u16, String> {
    if let Ok(c) = cell_index(name, n) {
        return Ok(c);
    }
    let b = name.as_bytes();
    if b.len() == 4 && b[0].eq_ignore_ascii_case(&b'r') && b[2].eq_ignore_ascii_case(&b'c') {
        let digit = |x: u8| (x as char).to_digit(36).map(|d| d as usize);
        if let (Some(r), Some(c)) = (digit(b[1]), digit(b[3])) {
            if (1..=n).contains(&r) && (1..=n).contains(&c) {
                return Ok(((r - 1) * n + c - 1) as u16);
            }
        }
    }
    // ISS's `Var` cells (`VL1`, `VS`: a prefix of capitals after `V`, then a number or
    // none) lie outside the grid.
    let var = name.strip_prefix('V').is_some_and(|rest| {
        let letters = rest.trim_end_matches(|c: char| c.is_ascii_digit());
        !letters.is_empty() && letters.chars().all(|c| c.is_ascii_uppercase())
    });
    if var {
        return Err(format!(
            "`{}` is a cell of an ISS `Var` (extra cells outside the grid), which numpl \
             does not support",
            crate::escape_controls(name)
        ));
    }
    cell_index(name, n)
}

/// Whether `t` (a trimmed line) is an ISS text: a constraint string (`.` then a type and
/// `~`, or `.~` givens, after any empty items), a killer shorthand line, sudocue's long
/// killer form, or a jigsaw line.
pub fn detect(t: &str) -> bool {
    // A constraint string: `.`, then a type or `~` givens (after any empty items,
    // `..Cage~...`, which ISS reads as empty lists of givens). `~` never appears in a
    // classic line; without it, only whole words (`.NoBoxes`). Any other line starting so
    // (`.A...`: a jigsaw line's blank then a letter) may still be one of the other forms.
    let constraint_string = t.starts_with('.')
        && t.trim_start_matches('.')
            .starts_with(|c: char| c == '~' || c.is_ascii_uppercase())
        && (t.contains('~')
            || t[1..].split('.').all(|p| {
                p.len() > 1
                    && p.starts_with(|c: char| c.is_ascii_uppercase())
                    && p.chars().all(|c| c.is_ascii_alphanumeric())
            }));
    constraint_string
        || shorthand_like(t)
        || (t.starts_with("3x3:") && t.contains(":k:"))
        || jigsaw_line(t).is_some()
}

/// ISS's jigsaw line: the givens of an NxN grid (one character a cell) then its layout
/// (N*N characters, N different ones N times each, one a region): `N` and where the
/// layout starts. (No other line puzzle has 2*N*N characters and such a second half: a
/// position with pencil marks of 512 = 8*8*8 characters holds 9 different ones at most.)
fn jigsaw_line(t: &str) -> Option<(usize, usize)> {
    if !t.is_ascii() || !t.len().is_multiple_of(2) {
        return None;
    }
    let half = t.len() / 2;
    let n = half.isqrt();
    if n * n != half || n < 4 {
        return None;
    }
    let mut counts = [0usize; 128];
    for b in t[half..].bytes() {
        counts[b as usize] += 1;
    }
    let kinds = counts.iter().filter(|&&c| c > 0).count();
    (kinds == n && counts.iter().all(|&c| c == 0 || c == n)).then_some((n, half))
}

/// Reads ISS's jigsaw line ([`jigsaw_line`]): values as ISS writes them (digits up to
/// 9x9, letters from `A` for 1 on bigger grids), any one other character a blank.
fn jigsaw(t: &str, n: usize, half: usize) -> Result<VariantPuzzle, String> {
    let shape = Shape::from_size(n).map_err(|e| format!("ISS jigsaw line of {n}x{n}: {e}"))?;
    let regions =
        layout_regions(&t[half..], shape).map_err(|e| format!("ISS jigsaw layout: {e}"))?;
    let mut blank = None;
    let mut values = Vec::with_capacity(half);
    for (i, ch) in t[..half].chars().enumerate() {
        let v = match ch {
            '1'..='9' if n < 10 => ch as u32 - '0' as u32,
            'A'..='Z' if n >= 10 => ch as u32 - 'A' as u32 + 1,
            _ => 0,
        };
        if v == 0 || v as usize > n {
            if *blank.get_or_insert(ch) != ch {
                return Err(format!(
                    "ISS jigsaw line: `{ch}` at column {} is neither a value of 1..{n} nor the blank `{}`",
                    i + 1,
                    blank.unwrap_or(ch)
                ));
            }
            values.push(0);
        } else {
            values.push(v as u8);
        }
    }
    let givens = Grid::from_values(shape, values).map_err(|e| format!("ISS jigsaw line: {e}"))?;
    let variant = Variant::new(shape, false, vec![Constraint::Jigsaw { regions }])
        .map_err(|e| format!("ISS jigsaw line: {e}"))?;
    Ok(VariantPuzzle { givens, variant })
}

fn shorthand_like(t: &str) -> bool {
    t.len() == 81
        && t.bytes()
            .any(|b| matches!(b, b'<' | b'>' | b'^' | b'`' | b'\''))
        && t.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(b, b'<' | b'>' | b'^' | b'`' | b'\'' | b',' | b'.')
        })
}

/// The clues of an ISS dot, X or V item over a set of cells, as ISS places them: one on
/// every two cells of the set side by side (a 2x2 block of four cells has four), taken
/// in the order the cells are listed (each with its later neighbours, top, left, right,
/// bottom). A cell with no neighbour in the set is an error.
fn neighbour_pairs(cells: &[u16], shape: Shape) -> Result<Vec<[u16; 2]>, String> {
    let mut set: Vec<u16> = Vec::new();
    for &c in cells {
        if !set.contains(&c) {
            set.push(c);
        }
    }
    if let Some(&lone) = set
        .iter()
        .find(|&&a| !set.iter().any(|&b| orthogonal_neighbours(shape, a, b)))
    {
        return Err(format!(
            "R{}C{} is side by side with none of the other cells",
            lone as usize / shape.size() + 1,
            lone as usize % shape.size() + 1
        ));
    }
    let mut pairs = Vec::new();
    for (i, &a) in set.iter().enumerate() {
        let mut later: Vec<u16> = set[i + 1..]
            .iter()
            .copied()
            .filter(|&b| orthogonal_neighbours(shape, a, b))
            .collect();
        later.sort_unstable();
        pairs.extend(later.into_iter().map(|b| [a, b]));
    }
    Ok(pairs)
}

/// Reads an ISS puzzle text.
///
/// # Errors
///
/// A message naming the item (its 1-based place in the string and its type) and what is
/// wrong, or the type numpl does not support.
///
/// ```
/// use numpl_core::variant::iss;
///
/// let p = iss::read(".~R1C1_5.Cage~10~R1C2~R1C3.Diagonal~-1").unwrap();
/// assert_eq!(p.givens.get(0), 5);
/// assert_eq!(p.variant.constraints().len(), 2);
/// let err = iss::read(".Var~A~Outside~3").unwrap_err();
/// assert_eq!(err, "ISS item 1 (Var): numpl does not support this constraint type");
/// ```
pub fn read(text: &str) -> Result<VariantPuzzle, String> {
    let t: String = text.split_whitespace().collect();
    if shorthand_like(&t) {
        return shorthand(&t);
    }
    if let Some((n, half)) = jigsaw_line(&t) {
        return jigsaw(&t, n, half);
    }
    if t.starts_with("3x3:") {
        return long_killer(&t);
    }
    let Some(rest) = t.strip_prefix('.') else {
        return Err("an ISS constraint string starts with `.`".into());
    };
    let items: Vec<&str> = rest.split('.').collect();
    // The shape first: every other item's cells depend on it.
    let mut shape = Shape::NINE;
    let mut first = 1;
    for item in &items {
        if let Some(spec) = item.strip_prefix("Shape~") {
            let mut parts = spec.split('~');
            let dims = parts.next().unwrap_or("");
            let n = match dims.split_once('x') {
                Some((r, c)) if r == c => r.parse::<usize>().ok(),
                Some(_) => None,
                None => dims.parse::<usize>().ok(),
            };
            let refuse = || {
                format!("ISS shape `{spec}`: numpl supports square grids with boxes (4x4 to 64x64) and values 1..N or 0..N-1")
            };
            shape = match n.map(Shape::from_size) {
                Some(Ok(s)) => s,
                _ => return Err(refuse()),
            };
            // The values: `1-9` (the default) or `0-8`.
            let ranges: Vec<&str> = parts.filter(|s| !s.is_empty()).collect();
            first = match ranges[..] {
                [] => 1,
                [range] => super::json::first_of(range, shape.size()).map_err(|_| refuse())?,
                _ => return Err(refuse()),
            };
        }
    }
    let n = shape.size();
    // Replicated templates written out, each item with its 1-based place in the string.
    let expanded = replicate(&items, 0, n)?;
    let places: Vec<usize> = expanded.iter().map(|(place, _)| *place).collect();
    let texts: Vec<String> = expanded.into_iter().map(|(_, text)| text).collect();
    let items: Vec<&str> = texts.iter().map(String::as_str).collect();
    // Values as written (from `first`) to the grid's 1..N, and their range in messages.
    let last = first as usize + n - 1;
    let held = |v: &str| match v.parse::<usize>() {
        Ok(v) if v >= first as usize && v <= last => Some((v + 1 - first as usize) as u8),
        _ => None,
    };
    let mut givens = vec![0u8; shape.cells()];
    let mut boxes = true;
    let mut out: Vec<Constraint> = Vec::new();
    // Either/or groups (`.Or.A.B.End`, an item a set, or several between `And` and `End`),
    // each set read as a puzzle of its items (a value given there is the cell's one
    // allowed value); the other items below. A set that can never hold (a sum out of
    // reach, a hidden skyscraper of the greatest value: [`never_holds`]) is left out, as
    // ISS reads it false; an either/or of one set is its rules.
    let shape_item = items.iter().find(|it| it.starts_with("Shape~")).copied();
    let mut plain: Vec<(usize, &str)> = Vec::new();
    let mut k = 0;
    while k < items.len() {
        if items[k] != "Or" {
            plain.push((places[k], items[k]));
            k += 1;
            continue;
        }
        let fail = |e: String| format!("ISS item {} (Or): {e}", places[k]);
        let (sets, end) = or_sets(&items, k + 1).map_err(fail)?;
        let mut options = Vec::new();
        let mut impossible = None;
        for (j, set) in sets.iter().enumerate() {
            let mut text = String::new();
            for it in shape_item.iter().chain(set) {
                text.push('.');
                text.push_str(it);
            }
            let p = match read(&text) {
                Ok(p) => p,
                Err(e) if never_holds(&e) => {
                    impossible.get_or_insert(format!("set {}: {e}", j + 1));
                    continue;
                }
                Err(e) => return Err(fail(format!("set {}: {e}", j + 1))),
            };
            let mut rules = p.variant.constraints().to_vec();
            for (cell, &v) in p.givens.values().iter().enumerate() {
                if v != 0 {
                    let mut values = Mask::EMPTY;
                    values.insert(v);
                    rules.push(Constraint::Allowed {
                        cell: cell as u16,
                        values,
                    });
                }
            }
            options.push(rules);
        }
        match options.len() {
            0 => {
                return Err(fail(impossible.unwrap_or_else(|| "it has no sets".into())));
            }
            1 => out.append(&mut options[0]),
            _ => out.push(Constraint::Or { options }),
        }
        k = end;
    }
    for (place, item) in plain {
        let mut parts = item.split('~');
        let kind = parts.next().unwrap_or("");
        let args: Vec<&str> = parts.collect();
        let label = if kind.is_empty() { "Given" } else { kind };
        let fail = |e: String| format!("ISS item {place} ({label}): {e}");
        let cells = |a: &[&str]| -> Result<Vec<u16>, String> {
            a.iter()
                .map(|s| iss_cell(s, n))
                .collect::<Result<_, _>>()
                .map_err(fail)
        };
        let num = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| fail(format!("`{s}` is not a number")))
        };
        match kind {
            "" | "Given" => {
                for g in &args {
                    let mut bits = g.split('_');
                    let cell = iss_cell(bits.next().unwrap_or(""), n).map_err(fail)?;
                    let mut values = Mask::EMPTY;
                    for v in bits {
                        match held(v) {
                            Some(v) => values.insert(v),
                            None => {
                                return Err(fail(format!("value `{v}` is not in {first}..{last}")))
                            }
                        }
                    }
                    match values.single_value() {
                        Some(v) => givens[cell as usize] = v,
                        None if values.is_empty() => {}
                        None => out.push(Constraint::Allowed { cell, values }),
                    }
                }
            }
            "Shape" => {}
            "NoBoxes" => boxes = false,
            "Jigsaw" => {
                let layout = args.last().ok_or_else(|| fail("no layout".into()))?;
                out.push(Constraint::Jigsaw {
                    regions: layout_regions(layout, shape).map_err(fail)?,
                });
            }
            "Diagonal" => match args.first().copied() {
                Some("1") => out.push(Constraint::Diagonal { anti: true }),
                Some("-1") => out.push(Constraint::Diagonal { anti: false }),
                _ => return Err(fail("the direction is 1 or -1".into())),
            },
            "Windoku" => out.push(Constraint::Windoku),
            "DisjointSets" => out.push(Constraint::DisjointSets),
            "AntiKnight" => out.push(Constraint::AntiKnight),
            "AntiKing" => out.push(Constraint::AntiKing),
            "AntiConsecutive" => out.push(Constraint::NonConsecutive),
            "StrictKropki" => out.push(Constraint::KropkiNegative),
            "StrictXV" => out.push(Constraint::XvNegative),
            "AllDifferent" => out.push(Constraint::Region {
                cells: cells(&args)?,
            }),
            "Cage" => {
                let (sum, rest) = args.split_first().ok_or_else(|| fail("no sum".into()))?;
                let sum = if sum.is_empty() {
                    None
                } else {
                    Some(num(sum)?)
                };
                // ISS reads a sum of 0 as "no sum".
                let sum = sum.filter(|&s| s != 0);
                let listed = cells(rest)?;
                let mut distinct = listed.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() == listed.len() {
                    out.push(Constraint::Cage { sum, cells: listed });
                } else {
                    // A cell listed twice counts twice in ISS's sum, and the cells differ
                    // ("Event Horizon"): a sum over the list, and a cage over its cells.
                    if let Some(sum) = sum {
                        out.push(Constraint::Sum {
                            sum,
                            cells: listed.clone(),
                        });
                    }
                    let mut cells = Vec::new();
                    for c in listed {
                        if !cells.contains(&c) {
                            cells.push(c);
                        }
                    }
                    out.push(Constraint::Cage { sum: None, cells });
                }
            }
            "LittleKiller" => {
                let (sum, start) = match args[..] {
                    [s, c] => (num(s)?, iss_cell(c, n).map_err(fail)?),
                    _ => return Err(fail("a little killer is a sum and a start cell".into())),
                };
                let cells = little_killer_lines(shape).remove(&start).ok_or_else(|| {
                    fail(format!("no little killer diagonal starts at {}", args[1]))
                })?;
                out.push(Constraint::LittleKiller { sum, cells });
            }
            "CountingCircles" => out.push(Constraint::CountingCircles {
                cells: cells(&args)?,
            }),
            "RellikCage" => {
                let (sum, rest) = args.split_first().ok_or_else(|| fail("no sum".into()))?;
                out.push(Constraint::RellikCage {
                    sum: num(sum)?,
                    cells: cells(rest)?,
                });
            }
            // `Sum~23~cells`; its forms with coefficients (`0_=_1_1_-10`) are not read.
            "Sum" => {
                let (sum, rest) = args.split_first().ok_or_else(|| fail("no sum".into()))?;
                if sum.contains('_') {
                    return Err(fail(format!(
                        "a sum with coefficients (`{sum}`) is not supported"
                    )));
                }
                out.push(Constraint::Sum {
                    sum: num(sum)?,
                    cells: cells(rest)?,
                });
            }
            "Sandwich" => {
                let (sum, line) = match args[..] {
                    [s, id] => (num(s)?, line_id(id, n).map_err(fail)?),
                    _ => return Err(fail("a sandwich is a sum and a row or column".into())),
                };
                out.push(Constraint::Sandwich { sum, line });
            }
            // `Skyscraper~C5~3~4`: column 5, 3 seen from the top and 4 from the bottom
            // (rows: from the left, then the right); either may be empty.
            "Skyscraper" | "XSum" | "NumberedRoom" | "HiddenSkyscraper" | "FullRank" => {
                let (id, clues) = args
                    .split_first()
                    .ok_or_else(|| fail("no row or column".into()))?;
                let line = line_id(id, n).map_err(fail)?;
                if clues.is_empty() || clues.len() > 2 {
                    return Err(fail("a clue at one end or both".into()));
                }
                for (k, clue) in clues.iter().enumerate() {
                    if clue.is_empty() {
                        continue;
                    }
                    let value = num(clue)?;
                    let side = Outside { line, back: k == 1 };
                    out.push(match kind {
                        "Skyscraper" => Constraint::Skyscraper { count: value, side },
                        "XSum" => Constraint::XSum { sum: value, side },
                        "HiddenSkyscraper" => Constraint::HiddenSkyscraper { value, side },
                        "FullRank" => Constraint::FullRank { rank: value, side },
                        _ => Constraint::NumberedRoom { value, side },
                    });
                }
            }
            "Lunchbox" => {
                let (sum, rest) = args.split_first().ok_or_else(|| fail("no sum".into()))?;
                out.push(Constraint::Lunchbox {
                    sum: num(sum)?,
                    cells: cells(rest)?,
                });
            }
            // `SumLine~10~cells`, `~LOOP` last for a loop.
            "SumLine" => {
                let (sum, rest) = args.split_first().ok_or_else(|| fail("no sum".into()))?;
                let (rest, looped) = match rest.split_last() {
                    Some((&"LOOP", before)) => (before, true),
                    _ => (rest, false),
                };
                out.push(Constraint::SumLine {
                    sum: num(sum)?,
                    cells: cells(rest)?,
                    looped,
                });
            }
            // A cell greater than its later neighbours in the list (ISS's fortress cells).
            "GreaterThan" => {
                for cells in neighbour_pairs(&cells(&args)?, shape).map_err(fail)? {
                    out.push(Constraint::GreaterThan { cells });
                }
            }
            // `Quad~R1C1~1~2`: the 2x2 block from r1c1 holds 1 and 2.
            "Quad" => {
                let (at, rest) = args.split_first().ok_or_else(|| fail("no cell".into()))?;
                let a = iss_cell(at, n).map_err(fail)?;
                if a as usize % n + 1 >= n || a as usize / n + 1 >= n {
                    return Err(fail(format!("no 2x2 block starts at {at}")));
                }
                let values = rest
                    .iter()
                    .map(|v| match v.parse::<u8>() {
                        Ok(x) if held(v).is_some() => Ok(x),
                        _ => Err(fail(format!("value `{v}` is not in {first}..{last}"))),
                    })
                    .collect::<Result<_, _>>()?;
                let nn = n as u16;
                out.push(Constraint::Quadruple {
                    cells: [a, a + 1, a + nn, a + nn + 1],
                    values,
                });
            }
            // `SameValues~3~cells`: the cells in 3 sets of one size, in order.
            "SameValues" => {
                let (k, rest) = args.split_first().ok_or_else(|| fail("no count".into()))?;
                let k = num(k)? as usize;
                let c = cells(rest)?;
                if k < 2 || c.is_empty() || !c.len().is_multiple_of(k) {
                    return Err(fail(format!(
                        "{} cells do not split into {k} sets",
                        c.len()
                    )));
                }
                out.push(Constraint::SameValues {
                    sets: c.chunks(c.len() / k).map(<[u16]>::to_vec).collect(),
                });
            }
            "Thermo" => out.push(Constraint::Thermo {
                cells: cells(&args)?,
                slow: false,
            }),
            "Arrow" => {
                let c = cells(&args)?;
                if c.len() < 2 {
                    return Err(fail("an arrow needs a circle and a line".into()));
                }
                out.push(Constraint::Arrow {
                    circle: c[..1].to_vec(),
                    line: c[1..].to_vec(),
                });
            }
            "PillArrow" => {
                let (size, rest) = args
                    .split_first()
                    .ok_or_else(|| fail("no pill size".into()))?;
                let size = num(size)? as usize;
                let c = cells(rest)?;
                if size == 0 || c.len() <= size {
                    return Err(fail("a pill arrow needs its pill and a line".into()));
                }
                let mut pill = c[..size].to_vec();
                // The pill reads left to right, top to bottom.
                pill.sort_unstable();
                out.push(Constraint::Arrow {
                    circle: pill,
                    line: c[size..].to_vec(),
                });
            }
            "WhiteDot" | "BlackDot" | "X" | "V" => {
                let c = cells(&args)?;
                if c.len() < 2 {
                    return Err(fail("a dot joins two cells".into()));
                }
                for pair in neighbour_pairs(&c, shape).map_err(fail)? {
                    out.push(match kind {
                        "WhiteDot" => Constraint::Kropki {
                            black: false,
                            cells: pair,
                        },
                        "BlackDot" => Constraint::Kropki {
                            black: true,
                            cells: pair,
                        },
                        "X" => Constraint::Xv {
                            sum: 10,
                            cells: pair,
                        },
                        _ => Constraint::Xv {
                            sum: 5,
                            cells: pair,
                        },
                    });
                }
            }
            // `CountDistinct~circle~cells`: the circle counts the cells' different values.
            "CountDistinct" => {
                let all = cells(&args)?;
                let (&cell, rest) = all.split_first().ok_or_else(|| fail("no cells".into()))?;
                out.push(Constraint::CountDistinct {
                    cell,
                    cells: rest.to_vec(),
                });
            }
            // `ValueIndexing~cells`: a slingshot (the value's cell, the distance's, the
            // cells it may point at).
            "ValueIndexing" => out.push(Constraint::ValueIndexing {
                cells: cells(&args)?,
            }),
            // `Regex~PATTERN~cells~~cells`: the pattern in URL-safe base64 (or, in ISS's
            // older form, URI-escaped text), a line a group of cells.
            "Regex" => {
                let (key, rest) = args
                    .split_first()
                    .ok_or_else(|| fail("no pattern".into()))?;
                let pattern = regex_key(key).map_err(fail)?;
                for group in rest.split(|item| item.is_empty()) {
                    if !group.is_empty() {
                        out.push(Constraint::Regex {
                            pattern: pattern.clone(),
                            cells: cells(group)?,
                        });
                    }
                }
            }
            // `NFA~KEY~_name~cells~~cells`: a state machine ([`nfa_key`]) along each group
            // of cells, a `-` item between a line's segments.
            "NFA" => {
                let (key, rest) = args
                    .split_first()
                    .ok_or_else(|| fail("no state machine".into()))?;
                let automaton = nfa_key(key).map_err(fail)?;
                for (label, group) in named_groups(rest) {
                    let segments = group
                        .split(|&item| item == "-")
                        .map(&cells)
                        .collect::<Result<Vec<_>, _>>()?;
                    out.push(Constraint::Automaton {
                        label,
                        automaton: automaton.clone(),
                        segments,
                    });
                }
            }
            // `Pair~KEY~_name~cells~~cells`: a relation (ISS's key, [`pair_key`]) between
            // each cell and the next of each group; `PairX` between every two cells of
            // a group; `Binary` and `BinaryX` the same with the key's `-` and `_`
            // swapped (ISS's legacy form).
            "Pair" | "PairX" | "Binary" | "BinaryX" => {
                let (key, rest) = args
                    .split_first()
                    .ok_or_else(|| fail("no relation key".into()))?;
                let allowed = pair_key(key, n, kind.starts_with("Binary")).map_err(fail)?;
                let all = kind.ends_with('X');
                for (label, group) in named_groups(rest) {
                    out.push(Constraint::Pairwise {
                        all,
                        allowed: allowed.clone(),
                        label,
                        cells: cells(&group)?,
                    });
                }
            }
            "Palindrome" => out.push(Constraint::Palindrome {
                cells: cells(&args)?,
            }),
            "Zipper" => out.push(Constraint::Zipper {
                cells: cells(&args)?,
            }),
            // `Indexing~C~cells` (column indexing) or `Indexing~R~cells`.
            "Indexing" => {
                let rows = match args.first().copied() {
                    Some("C") => false,
                    Some("R") => true,
                    other => {
                        return Err(fail(format!(
                            "`{}` is not an indexing type (C for columns, R for rows)",
                            other.unwrap_or_default()
                        )))
                    }
                };
                out.push(Constraint::Indexing {
                    rows,
                    cells: cells(&args[1..])?,
                });
            }
            // `Lockout~4~cells`: the ends' least difference, then the line.
            "Lockout" => {
                let (diff, rest) = match args.first().map(|a| a.parse::<u8>()) {
                    Some(Ok(d)) => (d, &args[1..]),
                    _ => (super::json::default_lockout(n), &args[..]),
                };
                out.push(Constraint::Lockout {
                    cells: cells(rest)?,
                    diff,
                });
            }
            // `EqualSum~cells~-~cells~-~...`: segments between `-` items.
            "EqualSum" => {
                let segments: Vec<Vec<u16>> = args
                    .split(|a| *a == "-")
                    .map(&cells)
                    .collect::<Result<_, _>>()?;
                out.push(Constraint::EqualSum { segments });
            }
            // `LookAndSay~1223~cells`: (count, value) digit pairs, one 2 and two 3s.
            "LookAndSay" => {
                let (clue, rest) = args.split_first().ok_or_else(|| fail("no clue".into()))?;
                let digits: Vec<u32> = clue.chars().filter_map(|ch| ch.to_digit(10)).collect();
                if digits.is_empty() || digits.len() % 2 == 1 || digits.len() != clue.len() {
                    return Err(fail(format!(
                        "`{clue}` is not a clue of (count, value) digit pairs"
                    )));
                }
                out.push(Constraint::LookAndSay {
                    counts: digits.chunks(2).map(|p| (p[0] as u8, p[1])).collect(),
                    cells: cells(rest)?,
                });
            }
            "AntiTaxicab" => out.push(Constraint::AntiTaxicab),
            "DutchFlatmates" => out.push(Constraint::DutchFlatmates),
            "EqualityCage" => out.push(Constraint::EqualityCage {
                cells: cells(&args)?,
            }),
            "DoubleArrow" => out.push(Constraint::DoubleArrow {
                cells: cells(&args)?,
            }),
            "Whisper" => {
                let (diff, rest) = match args.first().map(|a| a.parse::<u8>()) {
                    Some(Ok(d)) => (d, &args[1..]),
                    _ => (default_whisper(n), &args[..]),
                };
                out.push(Constraint::Whisper {
                    cells: cells(rest)?,
                    diff,
                });
            }
            "Entropic" => out.push(Constraint::EntropicLine {
                cells: cells(&args)?,
            }),
            "Modular" => {
                let (m, rest) = args
                    .split_first()
                    .ok_or_else(|| fail("no modulus".into()))?;
                out.push(Constraint::ModularLine {
                    modulus: m
                        .parse::<u8>()
                        .map_err(|_| fail(format!("`{m}` is not a modulus")))?,
                    cells: cells(rest)?,
                });
            }
            // `FullRankTies~none` (`only-unclued`, `any`).
            "FullRankTies" => {
                let name = args.first().copied().unwrap_or_default();
                out.push(Constraint::FullRankTies {
                    ties: super::Ties::from_name(name).ok_or_else(|| {
                        fail(format!(
                            "`{name}` is not a tie rule (none, only-unclued or any)"
                        ))
                    })?,
                });
            }
            "GlobalEntropy" => out.push(Constraint::GlobalEntropy),
            "GlobalMod" => out.push(Constraint::GlobalModular),
            "Renban" => out.push(Constraint::Renban {
                cells: cells(&args)?,
            }),
            "Between" => out.push(Constraint::Between {
                cells: cells(&args)?,
            }),
            "RegionSumLine" => out.push(Constraint::RegionSumLine {
                cells: cells(&args)?,
            }),
            _ => return Err(fail("numpl does not support this constraint type".into())),
        }
    }
    let givens = Grid::from_values(shape, givens).map_err(|e| e.to_string())?;
    let variant = Variant::new_from(first, shape, boxes, out).map_err(|e| format!("ISS: {e}"))?;
    Ok(VariantPuzzle { givens, variant })
}

/// A character of URL-safe base64 (`-` and `_` for `+` and `/`) as its six bits.
fn six_bits(ch: u8) -> Option<u32> {
    const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    CHARS.iter().position(|&c| c == ch).map(|p| p as u32)
}

/// Items a string's replications may write out at most (nested ones multiply).
const MAX_WRITTEN: usize = 100_000;

/// ISS's `Replicate~TARGETS[~ORIGIN]` groups, each with its items up to the `End` that
/// closes it, written out: the template's items once for each target cell, every cell
/// in them moved by the target's offset from the origin (R1C1 unless named). The
/// targets are bits of URL-safe base64, six a character, the lowest first: bit `i` the
/// cell `i` places after the origin in reading order (the origin itself only when its
/// bit is set). An argument is a cell when it reads as one (`R2C3`, or a given's
/// `R2C3_5`); the other items are kept. Each item comes with its 1-based place in the
/// string (`from` items before `items`), for messages.
fn replicate(items: &[&str], from: usize, n: usize) -> Result<Vec<(usize, String)>, String> {
    let kind = |it: &str| it.split('~').next().unwrap_or("").to_string();
    let mut out = Vec::new();
    let mut k = 0;
    while k < items.len() {
        if kind(items[k]) != "Replicate" {
            out.push((from + k + 1, items[k].to_string()));
            k += 1;
            continue;
        }
        let place = from + k + 1;
        let fail = |e: String| format!("ISS item {place} (Replicate): {e}");
        // Its items up to its End (either/ors and replications inside close with theirs).
        let (mut depth, mut end) = (1, k + 1);
        loop {
            match items.get(end).map(|it| kind(it)).as_deref() {
                None => return Err(fail("no End closes it".into())),
                Some("Or" | "And" | "Replicate") => depth += 1,
                Some("End") => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            end += 1;
        }
        let template = replicate(&items[k + 1..end], from + k + 1, n)?;
        let mut args = items[k].split('~').skip(1);
        let bits = args.next().unwrap_or("");
        let origin = match args.next() {
            Some(o) => iss_cell(o, n).map_err(fail)?,
            None => 0,
        };
        let (or, oc) = ((origin as usize / n) as i64, (origin as usize % n) as i64);
        for (i, ch) in bits.bytes().enumerate() {
            let six = six_bits(ch)
                .ok_or_else(|| fail(format!("`{}` in its targets is not base64", ch as char)))?;
            for b in (0..6).filter(|b| six >> b & 1 != 0) {
                let target = origin as usize + 6 * i + b;
                if target >= n * n {
                    return Err(fail(format!(
                        "target {} lies beyond the grid's last cell",
                        6 * i + b + 1
                    )));
                }
                let (dr, dc) = ((target / n) as i64 - or, (target % n) as i64 - oc);
                if out.len() + template.len() > MAX_WRITTEN {
                    return Err(fail(format!(
                        "written out it would be more than {MAX_WRITTEN} items"
                    )));
                }
                for (p, text) in &template {
                    let mut shifted = String::with_capacity(text.len());
                    for (j, arg) in text.split('~').enumerate() {
                        if j > 0 {
                            shifted.push('~');
                        }
                        let (head, tail) = arg.split_at(arg.find('_').unwrap_or(arg.len()));
                        let cell = match iss_cell(head, n) {
                            Ok(c) if j > 0 => c as usize,
                            _ => {
                                shifted.push_str(arg);
                                continue;
                            }
                        };
                        let (r, c) = ((cell / n) as i64 + dr, (cell % n) as i64 + dc);
                        if !(0..n as i64).contains(&r) || !(0..n as i64).contains(&c) {
                            return Err(format!(
                                "ISS item {p} ({}): {head} replicated to r{}c{} (item {place}'s target r{}c{}) lies outside the grid",
                                kind(text),
                                r + 1,
                                c + 1,
                                target / n + 1,
                                target % n + 1
                            ));
                        }
                        shifted.push_str(&format!("R{}C{}{tail}", r + 1, c + 1));
                    }
                    out.push((*p, shifted));
                }
            }
        }
        k = end + 1;
    }
    Ok(out)
}

/// ISS's key of a pairwise relation on `n` values: URL-safe base64, each character six
/// bits, the lowest first; bit `i * n + j` set when the first cell may hold the `i`-th
/// value while the second holds the `j`-th. `legacy` (ISS's `Binary`): `-` and `_`
/// swapped.
fn pair_key(key: &str, n: usize, legacy: bool) -> Result<Vec<u64>, String> {
    let mut allowed = vec![0u64; n];
    for (k, ch) in key.bytes().enumerate() {
        let ch = match (legacy, ch) {
            (true, b'-') => b'_',
            (true, b'_') => b'-',
            _ => ch,
        };
        let six = six_bits(ch)
            .ok_or_else(|| format!("`{}` in the relation key `{key}` is not base64", ch as char))?;
        for b in 0..6 {
            if six >> b & 1 == 0 {
                continue;
            }
            let bit = 6 * k + b;
            if bit >= n * n {
                return Err(format!(
                    "the relation key `{key}` is longer than a relation of {n} values"
                ));
            }
            allowed[bit / n] |= 1 << (bit % n);
        }
    }
    Ok(allowed)
}

/// URL-safe base64 (`-` and `_` for `+` and `/`), with or without its `=` padding.
fn base64_url(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for ch in text.bytes() {
        let six =
            six_bits(ch).ok_or_else(|| format!("`{}` in `{text}` is not base64", ch as char))?;
        acc = acc << 6 | six;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

/// A regex line's pattern as ISS writes it: URL-safe base64 of its text, or the text
/// URI-escaped (ISS's older form, told by a `%`); blanks dropped.
fn regex_key(key: &str) -> Result<String, String> {
    let text = if key.contains('%') {
        percent_decode(key)
    } else {
        let bytes = base64_url(key)?;
        String::from_utf8(bytes).map_err(|_| format!("the pattern `{key}` is not text"))?
    };
    Ok(text.chars().filter(|c| !c.is_whitespace()).collect())
}

/// Bits read from the most significant first (ISS's bit reader).
struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn left(&self) -> usize {
        self.bytes.len() * 8 - self.pos
    }

    fn read(&mut self, width: usize) -> Result<u32, String> {
        if width > self.left() {
            return Err("the state machine ends early".into());
        }
        let mut v = 0u32;
        for _ in 0..width {
            let bit = self.bytes[self.pos / 8] >> (7 - self.pos % 8) & 1;
            v = v << 1 | bit as u32;
            self.pos += 1;
        }
        Ok(v)
    }
}

/// ISS's serialized state machine (its `NFA` key, URL-safe base64): a header (the
/// layout, 2 bits: 0 plain, 1 packed; the width of a state's number less one and the
/// symbols less one, 4 bits each; how many start states and how many other accepting
/// states, a state's width each; which start states accept, a bit each, the last
/// first; in the plain layout the width of a state's move count, 4 bits), then each state's
/// moves in turn: packed, a mask of the symbols it moves on (bit `i` symbol `i`) and a
/// target for each, lowest symbol first; plain, a count and as many (symbol, target)
/// pairs. The start states are numbered first, then the other accepting ones. Symbol `i`
/// is the puzzle's `i`-th value (the least is 0, whatever the values' first); symbol N the
/// break between segments.
fn nfa_key(key: &str) -> Result<super::automaton::Automaton, String> {
    let bytes = base64_url(key)?;
    let mut r = BitReader {
        bytes: &bytes,
        pos: 0,
    };
    let packed = match r.read(2)? {
        0 => false,
        1 => true,
        f => {
            return Err(format!(
                "the state machine's layout {f} is not ISS's (0 or 1)"
            ))
        }
    };
    let state_bits = r.read(4)? as usize + 1;
    let symbols = r.read(4)? as usize + 1;
    let starts = r.read(state_bits)?;
    let accepts = r.read(state_bits)?;
    if starts == 0 {
        return Err("the state machine has no start state".into());
    }
    // One bit a start state, the last state's first.
    let mut start_accepts = vec![false; starts as usize];
    for i in (0..starts as usize).rev() {
        start_accepts[i] = r.read(1)? == 1;
    }
    let count_bits = if packed { 0 } else { r.read(4)? as usize };
    let symbol_bits = (usize::BITS - (symbols - 1).leading_zeros()) as usize;
    let mut moves: Vec<(u32, u64, u32)> = Vec::new();
    let mut state = 0u32;
    loop {
        if packed {
            if r.left() < symbols {
                break;
            }
            let mask = r.read(symbols)?;
            for i in 0..symbols {
                if mask >> i & 1 == 1 {
                    let to = r.read(state_bits)?;
                    moves.push((state, 1 << i, to));
                }
            }
        } else {
            if count_bits == 0 || r.left() < count_bits {
                break;
            }
            for _ in 0..r.read(count_bits)? {
                let symbol = r.read(symbol_bits)?;
                let to = r.read(state_bits)?;
                moves.push((state, 1 << symbol, to));
            }
        }
        state += 1;
    }
    while r.left() > 0 {
        if r.read(1)? != 0 {
            return Err("the state machine has bits past its last state".into());
        }
    }
    let states = moves
        .iter()
        .flat_map(|&(a, m, b)| (m != 0).then_some([a, b]).into_iter().flatten())
        .chain([starts - 1, starts + accepts - 1])
        .max()
        .unwrap_or(0)
        + 1;
    let mut accept: Vec<u32> = (0..starts).filter(|&i| start_accepts[i as usize]).collect();
    accept.extend(starts..starts + accepts);
    Ok(super::automaton::Automaton {
        states,
        start: (0..starts).collect(),
        accept,
        moves: super::automaton::merge_moves(moves),
    })
}

/// ISS's named cell groups: an empty item ends a group, an item `_name` names the groups
/// after it (its `%xx` escapes decoded); the groups in order, each with its name.
fn named_groups<'a>(items: &[&'a str]) -> Vec<(String, Vec<&'a str>)> {
    let mut out = Vec::new();
    let mut label = String::new();
    let mut group: Vec<&str> = Vec::new();
    for &item in items {
        if item.is_empty() || item.starts_with('_') {
            if !group.is_empty() {
                out.push((label.clone(), std::mem::take(&mut group)));
            }
            if let Some(name) = item.strip_prefix('_') {
                label = percent_decode(name);
            }
        } else {
            group.push(item);
        }
    }
    if !group.is_empty() {
        out.push((label, group));
    }
    out
}

/// `%xx` escapes (URI encoding) decoded; a malformed escape is kept as written.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b[i], hex) {
            (b'%', Some(x)) => {
                out.push(x);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether the check's message `e` says a rule can never hold, rather than that it is
/// malformed: a sum out of reach of its cells, a value no hidden skyscraper can have.
/// (These messages are the rule check's, `check.rs`; the either/or tests read both.)
fn never_holds(e: &str) -> bool {
    e.contains("is out of reach") || e.contains("cannot be hidden")
}

/// The sets of an ISS either/or whose items start at `from` (after its `Or`): an item a
/// set, or the items between `And` and its `End`; and the place after the `End` that
/// closes it.
fn or_sets<'a>(items: &[&'a str], from: usize) -> Result<(Vec<Vec<&'a str>>, usize), String> {
    let mut sets = Vec::new();
    let mut j = from;
    loop {
        match items.get(j).copied() {
            None => return Err("no End closes it".into()),
            Some("End") => return Ok((sets, j + 1)),
            Some("") => j += 1,
            Some("Or") => return Err("an Or inside an Or (numpl keeps one level)".into()),
            Some("And") => {
                let close = items[j + 1..]
                    .iter()
                    .position(|it| matches!(*it, "End" | "And" | "Or"))
                    .map(|p| j + 1 + p);
                match close.map(|c| (c, items[c])) {
                    Some((c, "End")) => {
                        sets.push(
                            items[j + 1..c]
                                .iter()
                                .copied()
                                .filter(|it| !it.is_empty())
                                .collect(),
                        );
                        j = c + 1;
                    }
                    Some((_, other)) => {
                        return Err(format!("an {other} inside an And (numpl keeps one level)"))
                    }
                    None => return Err("no End closes an And".into()),
                }
            }
            Some(item) => {
                sets.push(vec![item]);
                j += 1;
            }
        }
    }
}

/// A row or column as ISS names it: `R3`, `C5`.
fn line_id(id: &str, n: usize) -> Result<Line, String> {
    let up = id.to_ascii_uppercase();
    let k = up
        .get(1..)
        .and_then(|k| k.parse::<usize>().ok())
        .filter(|&k| k >= 1 && k <= n);
    match (up.as_bytes().first(), k) {
        (Some(b'R'), Some(k)) => Ok(Line::Row(k as u8 - 1)),
        (Some(b'C'), Some(k)) => Ok(Line::Col(k as u8 - 1)),
        _ => Err(format!("`{id}` is not a row or column")),
    }
}

/// ISS's little killer diagonals by their first cell: from the left edge going down-right,
/// the right edge going up-left, the top edge going down-left and the bottom edge going
/// up-right; a diagonal already listed (the same cells) is not listed again, nor one of a
/// single cell.
pub fn little_killer_lines(shape: Shape) -> HashMap<u16, Vec<u16>> {
    let n = shape.size() as i64;
    let mut map = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut add = |mut r: i64, mut c: i64, dr: i64, dc: i64| {
        let mut cells = Vec::new();
        while r >= 0 && c >= 0 && r < n && c < n {
            cells.push((r * n + c) as u16);
            r += dr;
            c += dc;
        }
        if cells.len() <= 1 {
            return;
        }
        let mut key = cells.clone();
        key.sort_unstable();
        if seen.insert(key) {
            map.insert(cells[0], cells);
        }
    };
    for r in 0..n - 1 {
        add(r, 0, 1, 1);
    }
    for r in 1..n - 1 {
        add(r, n - 1, -1, -1);
    }
    for c in 1..n {
        add(0, c, 1, -1);
    }
    for c in 1..n - 1 {
        add(n - 1, c, -1, 1);
    }
    map
}

/// The killer shorthand (forum.enjoysudoku.com "understandable snarfable killer cages"):
/// each cell either holds its cage's sum (`0`-`9`, `A`-`Z` for 10-35, `a`-`j` for 36-45)
/// or points to a neighbour of its cage (`<>^v`, diagonals `` ` ``, `'`, `,`, `.`).
fn shorthand(t: &str) -> Result<VariantPuzzle, String> {
    let shape = Shape::NINE;
    let b = t.as_bytes();
    let next = |i: usize| -> Option<usize> {
        let i = i as i64;
        let j = match b[i as usize] {
            b'v' => i + 9,
            b'^' => i - 9,
            b'<' => i - 1,
            b'>' => i + 1,
            b'`' => i - 10,
            b'\'' => i - 8,
            b',' => i + 8,
            b'.' => i + 10,
            _ => return Some(i as usize),
        };
        (0..81).contains(&j).then_some(j as usize)
    };
    let mut cages: Vec<(usize, u32, Vec<u16>)> = Vec::new();
    for i in 0..81 {
        let mut head = i;
        let mut steps = 0;
        loop {
            let to = next(head).ok_or_else(|| {
                format!(
                    "killer shorthand: the arrow at {} points outside the grid",
                    super::check::name(shape, head as u16)
                )
            })?;
            if to == head {
                break;
            }
            head = to;
            steps += 1;
            if steps > 9 {
                return Err(format!(
                    "killer shorthand: the arrows from {} go round in a loop",
                    super::check::name(shape, i as u16)
                ));
            }
        }
        let sum = match b[head] {
            c @ b'0'..=b'9' => (c - b'0') as u32,
            c @ b'A'..=b'Z' => (c - b'A') as u32 + 10,
            c @ b'a'..=b'j' => (c - b'a') as u32 + 36,
            // Not a cage (ISS leaves such cells out).
            _ => continue,
        };
        match cages.iter_mut().find(|(h, _, _)| *h == head) {
            Some((_, _, cells)) => cells.push(i as u16),
            None => cages.push((head, sum, vec![i as u16])),
        }
    }
    let cs = cages
        .into_iter()
        .map(|(_, sum, cells)| Constraint::Cage {
            sum: (sum != 0).then_some(sum),
            cells,
        })
        .collect();
    let variant = Variant::new(shape, true, cs).map_err(|e| format!("killer shorthand: {e}"))?;
    Ok(VariantPuzzle {
        givens: Grid::empty(shape),
        variant,
    })
}

/// sudocue's long killer form: `3x3:d:k:` (`d`: both diagonals) then 81 numbers, each a
/// cage's sum times 256 plus the cage's number.
fn long_killer(t: &str) -> Result<VariantPuzzle, String> {
    let shape = Shape::NINE;
    let mut parts: Vec<&str> = t.split(':').collect();
    // ISS writes a trailing `:`.
    if parts.len() == 81 + 4 && parts[84].is_empty() {
        parts.pop();
    }
    if parts.len() != 81 + 3 || parts[2] != "k" {
        return Err("long killer form: `3x3:[d]:k:` then 81 numbers separated by `:`".into());
    }
    let mut cages: Vec<(u32, u32, Vec<u16>)> = Vec::new();
    for (i, p) in parts[3..].iter().enumerate() {
        let v: u32 = p.parse().map_err(|_| {
            format!(
                "long killer form: `{p}` at {} is not a number",
                super::check::name(shape, i as u16)
            )
        })?;
        let (id, sum) = (v % 256, v / 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|(k, _, _)| *k == id) {
            Some((_, s, cells)) if *s == sum => cells.push(i as u16),
            Some(_) => return Err(format!("long killer form: cage {id} has two sums")),
            None => cages.push((id, sum, vec![i as u16])),
        }
    }
    let mut cs: Vec<Constraint> = Vec::new();
    if parts[1] == "d" {
        cs.push(Constraint::Diagonal { anti: false });
        cs.push(Constraint::Diagonal { anti: true });
    }
    cs.extend(cages.into_iter().map(|(_, sum, cells)| Constraint::Cage {
        sum: Some(sum),
        cells,
    }));
    let variant = Variant::new(shape, true, cs).map_err(|e| format!("long killer form: {e}"))?;
    Ok(VariantPuzzle {
        givens: Grid::empty(shape),
        variant,
    })
}
