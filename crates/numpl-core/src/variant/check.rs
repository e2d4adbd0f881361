//! The checks of a variant's constraints against its shape ([`check_all`]) and of a full
//! grid against every rule ([`violation`]).

use std::collections::HashSet;
use std::fmt;

use super::{automaton, Constraint, Line, Outside, Ties, Variant};
use crate::{Cell, Grid, Shape};

/// A constraint that does not fit its grid: which one (1-based, as read, with its name
/// and first cell) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// The constraint's 1-based place in the puzzle (0: the puzzle as a whole).
    pub constraint: usize,
    /// The constraint's name and first cell (`cage r1c1`), or what the puzzle lacks.
    pub what: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.constraint == 0 {
            write!(f, "{}: {}", self.what, self.message)
        } else {
            write!(
                f,
                "constraint {} ({}): {}",
                self.constraint, self.what, self.message
            )
        }
    }
}

impl std::error::Error for VariantError {}

pub(super) fn name(shape: Shape, cell: u16) -> String {
    shape.cell_name(Cell::new(cell))
}

/// The constraint's cells as listed (empty for global rules).
pub(crate) fn cells_of(c: &Constraint) -> Vec<u16> {
    match c {
        Constraint::Jigsaw { regions }
        | Constraint::SameValues { sets: regions }
        | Constraint::EqualSum { segments: regions } => regions.iter().flatten().copied().collect(),
        Constraint::Region { cells }
        | Constraint::Even { cells }
        | Constraint::Odd { cells }
        | Constraint::Cage { cells, .. }
        | Constraint::LittleKiller { cells, .. }
        | Constraint::Sum { cells, .. }
        | Constraint::RellikCage { cells, .. }
        | Constraint::CountingCircles { cells }
        | Constraint::Thermo { cells, .. }
        | Constraint::Palindrome { cells }
        | Constraint::Zipper { cells }
        | Constraint::Indexing { cells, .. }
        | Constraint::Whisper { cells, .. }
        | Constraint::Renban { cells }
        | Constraint::Between { cells }
        | Constraint::Lunchbox { cells, .. }
        | Constraint::EntropicLine { cells }
        | Constraint::ModularLine { cells, .. }
        | Constraint::SumLine { cells, .. }
        | Constraint::Pairwise { cells, .. }
        | Constraint::Regex { cells, .. }
        | Constraint::ValueIndexing { cells }
        | Constraint::Lockout { cells, .. }
        | Constraint::EqualityCage { cells }
        | Constraint::LookAndSay { cells, .. }
        | Constraint::DoubleArrow { cells }
        | Constraint::RegionSumLine { cells } => cells.clone(),
        Constraint::Automaton { segments, .. } => segments.concat(),
        Constraint::CountDistinct { cell, cells } => std::iter::once(*cell)
            .chain(cells.iter().copied())
            .collect(),
        Constraint::Allowed { cell, .. } => vec![*cell],
        Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
        Constraint::Kropki { cells, .. }
        | Constraint::Xv { cells, .. }
        | Constraint::GreaterThan { cells } => cells.to_vec(),
        Constraint::Quadruple { cells, .. } => cells.to_vec(),
        // Each cell once, in the order the sets name them.
        Constraint::Or { options } => {
            let mut out: Vec<u16> = Vec::new();
            for c in options.iter().flatten() {
                for x in cells_of(c) {
                    if !out.contains(&x) {
                        out.push(x);
                    }
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The least and greatest sums of `k` different values of 1..=n.
pub fn distinct_sum_range(k: usize, n: usize) -> (u32, u32) {
    let k = k as u32;
    let n = n as u32;
    (k * (k + 1) / 2, k * n - k * (k.saturating_sub(1)) / 2)
}

fn king_neighbours(shape: Shape, a: u16, b: u16) -> bool {
    let (ra, ca) = (shape.row_of(Cell::new(a)), shape.col_of(Cell::new(a)));
    let (rb, cb) = (shape.row_of(Cell::new(b)), shape.col_of(Cell::new(b)));
    a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
}

/// Whether cells `a` and `b` are side by side (a row or a column apart by one).
pub(super) fn orthogonal_neighbours(shape: Shape, a: u16, b: u16) -> bool {
    let (ra, ca) = (shape.row_of(Cell::new(a)), shape.col_of(Cell::new(a)));
    let (rb, cb) = (shape.row_of(Cell::new(b)), shape.col_of(Cell::new(b)));
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

pub(super) fn check_all(v: &Variant) -> Result<(), VariantError> {
    let shape = v.shape;
    let mut singles = HashSet::new();
    let mut jigsaws = 0;
    for (i, c) in v.constraints.iter().enumerate() {
        let cells = cells_of(c);
        let what = match (c, cells.first()) {
            (Constraint::Sandwich { line, .. }, _) => format!("{} {line}", c.name()),
            (
                Constraint::Skyscraper { side, .. }
                | Constraint::FullRank { side, .. }
                | Constraint::XSum { side, .. }
                | Constraint::NumberedRoom { side, .. }
                | Constraint::HiddenSkyscraper { side, .. },
                _,
            ) => {
                format!("{} {side}", c.name())
            }
            (_, Some(&first)) => format!("{} {}", c.name(), name(shape, first)),
            (_, None) => c.name().to_string(),
        };
        let fail = |message: String| VariantError {
            constraint: i + 1,
            what: what.clone(),
            message,
        };
        let outside = matches!(
            c,
            Constraint::Sandwich { .. }
                | Constraint::Skyscraper { .. }
                | Constraint::FullRank { .. }
                | Constraint::XSum { .. }
                | Constraint::NumberedRoom { .. }
                | Constraint::HiddenSkyscraper { .. }
                // Its sets' rules are checked on their own (`check_options`).
                | Constraint::Or { .. }
        );
        if cells.is_empty() && !is_global(c) && !outside {
            return Err(fail("it has no cells".into()));
        }
        if let Some(&bad) = cells.iter().find(|&&c| c as usize >= shape.cells()) {
            return Err(fail(format!(
                "cell number {bad} is outside the {n}x{n} grid",
                n = shape.size()
            )));
        }
        // A whisper line may come back to a cell (a loop, or a line crossing itself): its
        // rule is on each two cells side by side along it.
        // A sum counts a cell listed twice twice (ISS's sums do). A pairwise line, a regex
        // line and a state machine's may come back to a cell as a whisper may (the word
        // reads the cell's value at each visit).
        if !matches!(
            c,
            Constraint::Jigsaw { .. }
                | Constraint::Whisper { .. }
                | Constraint::Pairwise { all: false, .. }
                | Constraint::Regex { .. }
                | Constraint::Automaton { .. }
                | Constraint::EqualSum { .. }
                | Constraint::Sum { .. }
                | Constraint::Or { .. }
        ) {
            let mut seen = HashSet::new();
            if let Some(&dup) = cells.iter().find(|&&c| !seen.insert(c)) {
                return Err(fail(format!("{} is listed twice", name(shape, dup))));
            }
        }
        if is_global(c) && !singles.insert(c.name()) {
            return Err(fail("it is given twice".into()));
        }
        if v.first == 0 && !from_zero(c) {
            let kind = c.name().replace('-', " ");
            let a = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            return Err(fail(format!(
                "numpl reads {a} {kind} with values from 1 only (this grid's are {})",
                v.values_text()
            )));
        }
        check_one(shape, v.first, c, &mut jigsaws).map_err(fail)?;
        if let Constraint::Or { options } = c {
            check_options(v, options).map_err(fail)?;
        }
    }
    Ok(())
}

/// The rules of an either/or's set alone, over `v`'s grid and values.
fn alone(v: &Variant, set: &[Constraint]) -> Variant {
    Variant {
        shape: v.shape,
        boxes: v.boxes,
        first: v.first,
        constraints: set.to_vec(),
    }
}

/// An either/or's sets: two or more, none empty, each a rule on cells, each checked as a
/// puzzle of its own rules would be (the message names the set and its rule).
fn check_options(v: &Variant, options: &[Vec<Constraint>]) -> Result<(), String> {
    if options.len() < 2 {
        return Err(format!(
            "{} set: either/or needs two or more",
            options.len()
        ));
    }
    for (k, set) in options.iter().enumerate() {
        let at = |m: String| format!("set {}: {m}", k + 1);
        if set.is_empty() {
            return Err(at("it has no rules".into()));
        }
        if let Some(c) = set.iter().find(|c| {
            is_global(c)
                || matches!(
                    c,
                    Constraint::Jigsaw { .. } | Constraint::Or { .. } | Constraint::FullRank { .. }
                )
        }) {
            // (A full-rank clue reads every row and column and the puzzle's other clues.)
            return Err(at(format!(
                "an either/or's set holds rules on cells, not {}",
                c.name()
            )));
        }
        check_all(&alone(v, set)).map_err(|e| at(e.to_string()))?;
    }
    Ok(())
}

/// Whether numpl keeps the constraint's rule over values from 0
/// ([`Variant::new_from`]): not those reading a value as a place or adding up runs of
/// cells bounded by values (their propagators count from 1). (Skyscrapers from 0: a 0 is
/// no building, as ISS has it; counting circles: a circle of 0 cannot be.)
fn from_zero(c: &Constraint) -> bool {
    !matches!(
        c,
        Constraint::Sandwich { .. }
            | Constraint::XSum { .. }
            | Constraint::NumberedRoom { .. }
            | Constraint::Lunchbox { .. }
            | Constraint::SumLine { .. }
            | Constraint::RellikCage { .. }
            | Constraint::Indexing { .. }
            | Constraint::AntiTaxicab
            | Constraint::DutchFlatmates
    )
}

fn is_global(c: &Constraint) -> bool {
    matches!(
        c,
        Constraint::Diagonal { .. }
            | Constraint::Windoku
            | Constraint::DisjointSets
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::KropkiNegative
            | Constraint::XvNegative
            | Constraint::GlobalEntropy
            | Constraint::GlobalModular
            | Constraint::FullRankTies { .. }
            | Constraint::AntiTaxicab
            | Constraint::DutchFlatmates
    )
}

fn line_of_neighbours(shape: Shape, cells: &[u16], min: usize) -> Result<(), String> {
    if cells.len() < min {
        return Err(format!(
            "a line needs at least {min} cells, it has {}",
            cells.len()
        ));
    }
    for w in cells.windows(2) {
        if !king_neighbours(shape, w[0], w[1]) {
            return Err(format!(
                "{} and {} are not neighbours",
                name(shape, w[0]),
                name(shape, w[1])
            ));
        }
    }
    Ok(())
}

/// The greatest sum a sum line's segments may have (the solver keeps its partial sums
/// as the bits of a 128-bit word).
pub const SUM_LINE_MAX: u32 = 127;

fn line_in_grid(n: usize, line: Line) -> Result<(), String> {
    let (Line::Row(i) | Line::Col(i)) = line;
    if i as usize >= n {
        return Err(format!("{line} is outside the {n}x{n} grid"));
    }
    Ok(())
}

fn check_one(shape: Shape, first: u8, c: &Constraint, jigsaws: &mut usize) -> Result<(), String> {
    // Values from 0 take 1 off each cell's value: `k` cells' sums fall by `k`.
    let below = |k: usize| k as u32 * (1 - first as u32);
    let (least, greatest) = (first as u32, first as u32 + shape.size() as u32 - 1);
    let n = shape.size();
    match c {
        Constraint::Jigsaw { regions } => {
            *jigsaws += 1;
            if *jigsaws > 1 {
                return Err("a puzzle has one jigsaw layout".into());
            }
            if regions.len() != n {
                return Err(format!(
                    "{} regions; a {n}x{n} grid needs {n}",
                    regions.len()
                ));
            }
            let mut owner = vec![usize::MAX; n * n];
            for (k, r) in regions.iter().enumerate() {
                if r.len() != n {
                    return Err(format!("region {} has {} cells, not {n}", k + 1, r.len()));
                }
                for &cell in r {
                    if owner[cell as usize] != usize::MAX {
                        return Err(format!(
                            "{} is in regions {} and {}",
                            name(shape, cell),
                            owner[cell as usize] + 1,
                            k + 1
                        ));
                    }
                    owner[cell as usize] = k;
                }
            }
        }
        Constraint::Windoku if super::windoku_regions(shape).is_empty() => {
            return Err(format!("a {n}x{n} grid has no room for windoku regions"));
        }
        Constraint::Region { cells } if cells.len() > n => {
            return Err(format!(
                "{} cells cannot all differ in {least}..{greatest}",
                cells.len()
            ));
        }
        Constraint::Allowed { values, .. }
            if values.is_empty() || !(*values & !shape.all_values()).is_empty() =>
        {
            return Err(format!(
                "the allowed values {values} are not a set within 1..{n}"
            ));
        }
        Constraint::Cage { sum, cells } => {
            if cells.len() > n {
                return Err(format!(
                    "{} cells cannot all differ in {least}..{greatest}",
                    cells.len()
                ));
            }
            if let Some(sum) = *sum {
                let (lo, hi) = distinct_sum_range(cells.len(), n);
                let (lo, hi) = (lo - below(cells.len()), hi - below(cells.len()));
                if sum < lo || sum > hi {
                    return Err(format!(
                        "a sum of {sum} is out of reach of {} different values ({lo} to {hi})",
                        cells.len()
                    ));
                }
            }
        }
        Constraint::LittleKiller { sum, cells } => {
            let step = |a: u16, b: u16| {
                let (ra, ca) = (shape.row_of(Cell::new(a)), shape.col_of(Cell::new(a)));
                let (rb, cb) = (shape.row_of(Cell::new(b)), shape.col_of(Cell::new(b)));
                (rb as i64 - ra as i64, cb as i64 - ca as i64)
            };
            if cells.len() >= 2 {
                let d = step(cells[0], cells[1]);
                if d.0.abs() != 1 || d.1.abs() != 1 {
                    return Err(format!(
                        "{} and {} are not diagonal neighbours",
                        name(shape, cells[0]),
                        name(shape, cells[1])
                    ));
                }
                for w in cells.windows(2) {
                    if step(w[0], w[1]) != d {
                        return Err(format!(
                            "{} does not continue the diagonal",
                            name(shape, w[1])
                        ));
                    }
                }
            }
            let k = cells.len() as u32;
            let (lo, hi) = (k * least, k * greatest);
            if *sum < lo || *sum > hi {
                return Err(format!(
                    "a sum of {sum} is out of reach of {} values ({lo} to {hi})",
                    cells.len()
                ));
            }
        }
        Constraint::Sandwich { sum, line } => {
            line_in_grid(n, *line)?;
            let max: u32 = (2..n as u32).sum();
            if *sum > max {
                return Err(format!(
                    "a sum of {sum} is more than the values between 1 and {n} can make ({max})"
                ));
            }
        }
        Constraint::EntropicLine { cells } => {
            line_of_neighbours(shape, cells, 2)?;
            if !n.is_multiple_of(3) {
                return Err(format!("a {n}x{n} grid's values do not split into thirds"));
            }
        }
        Constraint::GlobalEntropy | Constraint::GlobalModular if !n.is_multiple_of(3) => {
            return Err(format!("a {n}x{n} grid's values do not split into thirds"));
        }
        Constraint::ModularLine { modulus, cells } => {
            line_of_neighbours(shape, cells, 2)?;
            if *modulus < 2 || *modulus as usize > n {
                return Err(format!("a modulus of {modulus} is not within 2..{n}"));
            }
        }
        Constraint::RellikCage { sum, cells } => {
            if cells.len() > n {
                return Err(format!(
                    "{} cells cannot all differ in {least}..{greatest}",
                    cells.len()
                ));
            }
            let (_, hi) = distinct_sum_range(cells.len(), n);
            if *sum == 0 || *sum > hi {
                return Err(format!(
                    "a sum of {sum} rules nothing out ({} different values make 1 to {hi})",
                    cells.len()
                ));
            }
        }
        Constraint::Sum { sum, cells } => {
            let k = cells.len() as u32;
            let (lo, hi) = (k * least, k * greatest);
            if *sum < lo || *sum > hi {
                return Err(format!(
                    "a sum of {sum} is out of reach of {} values ({lo} to {hi})",
                    cells.len()
                ));
            }
        }
        Constraint::FullRank { rank, side } => {
            line_in_grid(n, side.line)?;
            if *rank == 0 || *rank as usize > 4 * n {
                return Err(format!("rank {rank} is not within 1..{}", 4 * n));
            }
        }
        Constraint::FullRankTies { .. } => {}
        Constraint::Skyscraper { count, side } => {
            line_in_grid(n, side.line)?;
            if *count == 0 || *count as usize > n {
                return Err(format!("{count} seen is not within 1..{n}"));
            }
        }
        Constraint::NumberedRoom { value, side } => {
            line_in_grid(n, side.line)?;
            if *value == 0 || *value as usize > n {
                return Err(format!("value {value} is not within 1..{n}"));
            }
        }
        Constraint::HiddenSkyscraper { value, side } => {
            line_in_grid(n, side.line)?;
            // The greatest value is never hidden: nothing stands taller.
            if *value < least || *value >= greatest {
                return Err(format!(
                    "value {value} cannot be hidden (a hidden value is within {least}..{})",
                    greatest - 1
                ));
            }
        }
        Constraint::XSum { sum, side } => {
            line_in_grid(n, side.line)?;
            let max = (n * (n + 1) / 2) as u32;
            if *sum == 0 || *sum > max {
                return Err(format!("a sum of {sum} is not within 1..{max}"));
            }
        }
        Constraint::Lunchbox { sum, cells } => {
            line_of_neighbours(shape, cells, 2)?;
            if cells.len() > n {
                return Err(format!(
                    "{} cells cannot all differ in {least}..{greatest}",
                    cells.len()
                ));
            }
            // The most between: the values just under the greatest, the least just
            // under them.
            let max: u32 = (n + 2 - cells.len()..n).map(|v| v as u32).sum();
            if *sum > max {
                return Err(format!(
                    "a sum of {sum} is more than {} values between the least and the greatest can make ({max})",
                    cells.len() - 2
                ));
            }
        }
        Constraint::SumLine { sum, cells, looped } => {
            line_of_neighbours(shape, cells, 2)?;
            if *looped && !king_neighbours(shape, cells[cells.len() - 1], cells[0]) {
                return Err(format!(
                    "the loop's ends {} and {} are not neighbours",
                    name(shape, cells[cells.len() - 1]),
                    name(shape, cells[0])
                ));
            }
            if *sum == 0 || *sum > SUM_LINE_MAX {
                return Err(format!("a sum of {sum} is not within 1..{SUM_LINE_MAX}"));
            }
        }
        Constraint::Quadruple { cells, values } => {
            let [a, b, c, d] = *cells;
            let square =
                a as usize % n + 1 < n && b == a + 1 && c as usize == a as usize + n && d == c + 1;
            if !square {
                return Err(format!(
                    "{}, {}, {} and {} are not a 2x2 block in reading order",
                    name(shape, a),
                    name(shape, b),
                    name(shape, c),
                    name(shape, d)
                ));
            }
            if values.is_empty() || values.len() > 4 {
                return Err(format!("{} values: a quadruple has 1 to 4", values.len()));
            }
            if let Some(v) = values
                .iter()
                .find(|&&v| (v as u32) < least || v as u32 > greatest)
            {
                return Err(format!("value {v} is not within {least}..{greatest}"));
            }
        }
        Constraint::EqualSum { segments } => {
            if segments.len() < 2 {
                return Err(format!(
                    "{} segment: equal sums need two or more",
                    segments.len()
                ));
            }
            if let Some(k) = segments.iter().position(|s| s.is_empty()) {
                return Err(format!("segment {} has no cells", k + 1));
            }
            for (k, s) in segments.iter().enumerate() {
                let mut seen = HashSet::new();
                if let Some(&dup) = s.iter().find(|&&c| !seen.insert(c)) {
                    return Err(format!(
                        "segment {} lists {} twice",
                        k + 1,
                        name(shape, dup)
                    ));
                }
            }
        }
        Constraint::SameValues { sets } => {
            if sets.len() < 2 {
                return Err(format!("{} set: clones need two or more", sets.len()));
            }
            if let Some(k) = sets.iter().position(|s| s.len() != sets[0].len()) {
                return Err(format!(
                    "set {} has {} cells, set 1 has {}",
                    k + 1,
                    sets[k].len(),
                    sets[0].len()
                ));
            }
        }
        Constraint::Thermo { cells, slow } => {
            line_of_neighbours(shape, cells, 2)?;
            if !slow && cells.len() > n {
                return Err(format!(
                    "{} cells cannot increase within {least}..{greatest}",
                    cells.len()
                ));
            }
        }
        Constraint::Arrow { circle, line } => {
            if circle.is_empty() {
                return Err("an arrow needs a circle".into());
            }
            if circle.len() > 3 {
                return Err("a circle of more than 3 cells".into());
            }
            if line.is_empty() {
                return Err("an arrow needs a line".into());
            }
            line_of_neighbours(shape, line, 1)?;
            if let Some(&c) = line.iter().find(|c| circle.contains(c)) {
                return Err(format!(
                    "{} is both on the circle and on the line",
                    name(shape, c)
                ));
            }
        }
        Constraint::Kropki { cells, .. }
        | Constraint::Xv { cells, .. }
        | Constraint::GreaterThan { cells } => {
            if !orthogonal_neighbours(shape, cells[0], cells[1]) {
                return Err(format!(
                    "{} and {} are not side by side",
                    name(shape, cells[0]),
                    name(shape, cells[1])
                ));
            }
            if let Constraint::Xv { sum, .. } = c {
                if *sum != 5 && *sum != 10 {
                    return Err(format!("an XV clue sums to 5 or 10, not {sum}"));
                }
            }
        }
        Constraint::Palindrome { cells }
        | Constraint::Zipper { cells }
        | Constraint::RegionSumLine { cells } => {
            line_of_neighbours(shape, cells, 2)?;
        }
        Constraint::Pairwise {
            all,
            allowed,
            cells,
            ..
        } => {
            if cells.len() < 2 {
                return Err("a pairwise rule needs two cells or more".into());
            }
            if let Some(w) = cells.windows(2).find(|w| !all && w[0] == w[1]) {
                return Err(format!("{} follows itself on the line", name(shape, w[0])));
            }
            if allowed.len() != n {
                return Err(format!(
                    "its relation lists {} values, the grid has {n}",
                    allowed.len()
                ));
            }
            let values: u64 = if n >= 64 { !0 } else { (1 << n) - 1 };
            if allowed.iter().any(|&m| m & !values != 0) {
                return Err(format!(
                    "its relation names a value outside {least}..{greatest}"
                ));
            }
            if allowed.iter().all(|&m| m == 0) {
                return Err("its relation allows no pair of values".into());
            }
        }
        Constraint::AntiTaxicab | Constraint::DutchFlatmates => {}
        Constraint::LookAndSay { counts, cells } => {
            let mut seen = HashSet::new();
            for &(k, value) in counts {
                if value < least || value > greatest {
                    return Err(format!("value {value} is not within {least}..{greatest}"));
                }
                if !seen.insert(value) {
                    return Err(format!("value {value} is counted twice"));
                }
                if k as usize > cells.len() {
                    return Err(format!("{k} {value}s do not fit in {} cells", cells.len()));
                }
            }
            let total: usize = counts.iter().map(|&(k, _)| k as usize).sum();
            if total > cells.len() {
                return Err(format!(
                    "its counts add up to {total}, more than its {} cells",
                    cells.len()
                ));
            }
            if counts.is_empty() {
                return Err("its clue counts no value".into());
            }
        }
        Constraint::EqualityCage { cells } => {
            // Half even and half odd, half low and half high; the middle value is neither.
            let most = n - n % 2;
            if cells.len() % 2 == 1 || cells.len() > most {
                return Err(format!(
                    "an equality cage holds an even number of cells, at most {most}, not {}",
                    cells.len()
                ));
            }
        }
        Constraint::Lockout { cells, diff } => {
            line_of_neighbours(shape, cells, 2)?;
            if *diff == 0 || *diff as usize >= n {
                return Err(format!("a difference of {diff} is not within 1..{}", n - 1));
            }
        }
        Constraint::DoubleArrow { cells } => {
            line_of_neighbours(shape, cells, 3)?;
        }
        Constraint::CountDistinct { cells, .. } if cells.is_empty() => {
            return Err("a count of different values needs cells to count".into());
        }
        Constraint::ValueIndexing { cells } if cells.len() < 3 => {
            return Err("a slingshot needs three cells or more".into());
        }
        Constraint::Regex { pattern, .. } => {
            automaton::Automaton::from_regex(pattern, first, n)
                .map_err(|e| format!("its pattern `{pattern}`: {e}"))?;
        }
        Constraint::Automaton {
            automaton: a,
            segments,
            ..
        } => {
            if a.states as usize > automaton::MAX_STATES {
                return Err(format!(
                    "its automaton has {} states, at most {} are read",
                    a.states,
                    automaton::MAX_STATES
                ));
            }
            if let Some(s) = a
                .start
                .iter()
                .chain(&a.accept)
                .chain(a.moves.iter().flat_map(|(x, _, y)| [x, y]))
                .find(|&&s| s >= a.states)
            {
                return Err(format!(
                    "its automaton names state {s}, it has {} (0..{})",
                    a.states,
                    a.states.saturating_sub(1)
                ));
            }
            // The values' places and the break after them.
            let symbols: u64 = if n >= 63 { !0 } else { (2 << n) - 1 };
            if n >= 64 || a.moves.iter().any(|&(_, m, _)| m & !symbols != 0) {
                return Err(format!(
                    "its automaton moves on a value outside {least}..{greatest}"
                ));
            }
            if a.start.is_empty() {
                return Err("its automaton has no start state".into());
            }
            if segments.iter().all(|s| s.is_empty()) {
                return Err("it has no cells".into());
            }
        }
        Constraint::Whisper { cells, diff } => {
            line_of_neighbours(shape, cells, 2)?;
            if *diff == 0 || *diff as usize >= n {
                return Err(format!("a difference of {diff} is not within 1..{}", n - 1));
            }
        }
        Constraint::Renban { cells } => {
            line_of_neighbours(shape, cells, 2)?;
            if cells.len() > n {
                return Err(format!(
                    "{} cells cannot be consecutive within {least}..{greatest}",
                    cells.len()
                ));
            }
        }
        Constraint::Between { cells } => {
            line_of_neighbours(shape, cells, 3)?;
            if cells.len() > n {
                return Err(format!(
                    "{} cells cannot fit between two values of {least}..{greatest}",
                    cells.len()
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// The cells a knight's move (or a king's move) from `cell`.
pub fn jumps(shape: Shape, cell: u16, knight: bool) -> impl Iterator<Item = u16> {
    const KNIGHT: [(i32, i32); 8] = [
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    const KING: [(i32, i32); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let n = shape.size() as i32;
    let r = shape.row_of(Cell::new(cell)) as i32;
    let c = shape.col_of(Cell::new(cell)) as i32;
    let moves = if knight { KNIGHT } else { KING };
    moves.into_iter().filter_map(move |(dr, dc)| {
        let (rr, cc) = (r + dr, c + dc);
        (rr >= 0 && rr < n && cc >= 0 && cc < n).then_some((rr * n + cc) as u16)
    })
}

/// The orthogonal neighbour pairs of a grid (each once: right and down).
pub fn orthogonal_pairs(shape: Shape) -> impl Iterator<Item = [u16; 2]> {
    let n = shape.size();
    (0..n * n).flat_map(move |i| {
        let (r, c) = (i / n, i % n);
        let right = (c + 1 < n).then_some([i as u16, (i + 1) as u16]);
        let down = (r + 1 < n).then_some([i as u16, (i + n) as u16]);
        right.into_iter().chain(down)
    })
}

/// How many of `heights`, seen from the first, are not hidden by a greater one before
/// them (a skyscraper clue).
pub fn skyscrapers_seen(heights: impl IntoIterator<Item = u32>) -> u32 {
    let mut top = 0;
    let mut seen = 0;
    for h in heights {
        if h > top {
            top = h;
            seen += 1;
        }
    }
    seen
}

/// Whether `values` (a sum line's, in order; a loop's from any cell) divide into runs of
/// neighbours each adding up to `sum`.
pub fn sum_line_divides(values: &[u32], sum: u32, looped: bool) -> bool {
    let from = |start: usize| {
        let mut acc = 0;
        for i in 0..values.len() {
            acc += values[(start + i) % values.len()];
            if acc == sum {
                acc = 0;
            } else if acc > sum {
                return false;
            }
        }
        acc == 0
    };
    if looped {
        (0..values.len()).any(from)
    } else {
        from(0)
    }
}

/// The number a circle (pill) reads: its values as decimal digits, first to last.
pub fn circle_number(values: impl IntoIterator<Item = u32>) -> u32 {
    values.into_iter().fold(0, |acc, v| acc * 10 + v)
}

/// A line's cuts by region: runs of consecutive cells in the same region.
pub fn region_segments(cells: &[u16], region: &[u16]) -> Vec<Vec<u16>> {
    let mut out: Vec<Vec<u16>> = Vec::new();
    for &c in cells {
        match out.last_mut() {
            Some(seg) if region[seg[0] as usize] == region[c as usize] => seg.push(c),
            _ => out.push(vec![c]),
        }
    }
    out
}

/// The first two cells of a row, a column or a house of `v` holding the same value in
/// `givens` (blanks skipped).
pub(super) fn givens_clash(v: &Variant, givens: &Grid) -> Option<String> {
    let shape = v.shape;
    let n = shape.size();
    let geo = shape.geometry();
    let mut houses: Vec<Vec<u16>> = (0..2 * n).map(|u| geo.unit(u).to_vec()).collect();
    houses.extend(v.houses());
    for h in &houses {
        let mut seen = vec![None; n + 1];
        for &c in h {
            let x = givens.get(c as usize) as usize;
            if x == 0 || x > n {
                continue;
            }
            if let Some(prev) = seen[x].replace(c) {
                return Some(format!(
                    "{} and {} both hold {}",
                    name(shape, prev),
                    name(shape, c),
                    v.value(x as u8)
                ));
            }
        }
    }
    None
}

pub(super) fn violation(v: &Variant, grid: &Grid) -> Option<String> {
    let shape = v.shape;
    let n = shape.size();
    // The puzzle's values (from 0 or 1); `held` the grid's own (1..N), for the rules
    // that read only the values' order or classes.
    let at = |c: u16| v.value(grid.get(c as usize));
    let held = |c: u16| grid.get(c as usize);
    let nm = |c: u16| name(shape, c);
    if grid.shape() != shape {
        return Some(format!(
            "the grid is {} but the rules are for {}",
            grid.shape(),
            shape
        ));
    }
    if let Some(i) = grid.values().iter().position(|&x| x == 0) {
        return Some(format!("{} is empty", nm(i as u16)));
    }
    // A full grid's repeats are its givens' clashes, every cell given.
    if let Some(why) = givens_clash(v, grid) {
        return Some(why);
    }
    let pair_ok = |f: &dyn Fn(u32, u32) -> bool, [a, b]: [u16; 2]| f(at(a), at(b));
    let dotted: HashSet<[u16; 2]> = v
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Kropki { cells, .. } => Some(sorted(*cells)),
            _ => None,
        })
        .collect();
    let xved: HashSet<[u16; 2]> = v
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Xv { cells, .. } => Some(sorted(*cells)),
            _ => None,
        })
        .collect();
    let region = v.region_of_cells();
    for c in &v.constraints {
        let broken = match c {
            Constraint::AntiKnight | Constraint::AntiKing => {
                let knight = matches!(c, Constraint::AntiKnight);
                (0..(n * n) as u16).find_map(|a| {
                    jumps(shape, a, knight).find(|&b| at(a) == at(b)).map(|b| {
                        format!(
                            "{} and {} are a {} apart and both hold {}",
                            nm(a),
                            nm(b),
                            if knight {
                                "knight's move"
                            } else {
                                "king's move"
                            },
                            at(a)
                        )
                    })
                })
            }
            Constraint::NonConsecutive => orthogonal_pairs(shape)
                .find(|&[a, b]| at(a).abs_diff(at(b)) == 1)
                .map(|[a, b]| format!("{} and {} are consecutive", nm(a), nm(b))),
            Constraint::Even { cells } => cells
                .iter()
                .find(|&&x| at(x) % 2 != 0)
                .map(|&x| format!("{} is odd", nm(x))),
            Constraint::Odd { cells } => cells
                .iter()
                .find(|&&x| at(x) % 2 == 0)
                .map(|&x| format!("{} is even", nm(x))),
            Constraint::Allowed { cell, values } => (!values.contains(held(*cell))).then(|| {
                let list: Vec<String> = values.iter().map(|x| v.value(x).to_string()).collect();
                format!(
                    "{} holds {}, not one of {{{}}}",
                    nm(*cell),
                    at(*cell),
                    list.join(",")
                )
            }),
            Constraint::Region { cells } => {
                let mut seen = HashSet::new();
                cells
                    .iter()
                    .find(|&&x| !seen.insert(at(x)))
                    .map(|&x| format!("the region repeats {} at {}", at(x), nm(x)))
            }
            Constraint::Cage { sum, cells } => {
                let mut seen = HashSet::new();
                let total: u32 = cells.iter().map(|&x| at(x)).sum();
                if let Some(&x) = cells.iter().find(|&&x| !seen.insert(at(x))) {
                    Some(format!("the cage at {} repeats {}", nm(cells[0]), at(x)))
                } else {
                    sum.filter(|&s| s != total).map(|s| {
                        format!("the cage at {} adds up to {total}, not {s}", nm(cells[0]))
                    })
                }
            }
            Constraint::LittleKiller { sum, cells } => {
                let total: u32 = cells.iter().map(|&x| at(x)).sum();
                (total != *sum).then(|| {
                    format!(
                        "the diagonal from {} adds up to {total}, not {sum}",
                        nm(cells[0])
                    )
                })
            }
            Constraint::EntropicLine { cells } | Constraint::ModularLine { cells, .. } => {
                let (classes, size, what) = match c {
                    Constraint::ModularLine { modulus, .. } => (
                        super::remainders(n, *modulus as usize),
                        *modulus as usize,
                        format!("the same remainder modulo {modulus}"),
                    ),
                    _ => (
                        super::thirds(n).unwrap_or_default(),
                        3,
                        "values of the same third".to_string(),
                    ),
                };
                let class = |x: u16| classes.iter().position(|k| k.contains(&held(x)));
                cells.iter().enumerate().find_map(|(i, &a)| {
                    cells[i + 1..(i + size).min(cells.len())]
                        .iter()
                        .find(|&&b| class(a) == class(b))
                        .map(|&b| {
                            format!(
                                "{} and {} hold {what} on the {} at {}",
                                nm(a),
                                nm(b),
                                c.name().replace('-', " "),
                                nm(cells[0])
                            )
                        })
                })
            }
            Constraint::GlobalEntropy | Constraint::GlobalModular => {
                let classes = if matches!(c, Constraint::GlobalEntropy) {
                    super::thirds(n).unwrap_or_default()
                } else {
                    super::remainders(n, 3)
                };
                super::blocks_2x2(shape).into_iter().find_map(|block| {
                    classes
                        .iter()
                        .find(|k| !block.iter().any(|&x| k.contains(&held(x))))
                        .map(|k| {
                            format!(
                                "the 2x2 block at {} holds none of {}",
                                nm(block[0]),
                                k.iter()
                                    .map(|&x| v.value(x).to_string())
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            )
                        })
                })
            }
            Constraint::RellikCage { sum, cells } => {
                let mut seen = HashSet::new();
                if let Some(&x) = cells.iter().find(|&&x| !seen.insert(at(x))) {
                    Some(format!(
                        "the rellik cage at {} repeats {}",
                        nm(cells[0]),
                        at(x)
                    ))
                } else {
                    // The sums some values of the cage make, up to the clue.
                    let target = *sum as usize;
                    let mut made = vec![false; target + 1];
                    made[0] = true;
                    for &x in cells {
                        let v = at(x) as usize;
                        for s in (v..=target).rev() {
                            made[s] |= made[s - v];
                        }
                    }
                    made[target].then(|| {
                        format!(
                            "some values of the rellik cage at {} add up to {sum}",
                            nm(cells[0])
                        )
                    })
                }
            }
            Constraint::Sum { sum, cells } => {
                let total: u32 = cells.iter().map(|&x| at(x)).sum();
                (total != *sum)
                    .then(|| format!("the sum at {} adds up to {total}, not {sum}", nm(cells[0])))
            }
            Constraint::Sandwich { sum, line } => {
                let cells = line.cells(shape);
                let p1 = cells.iter().position(|&x| at(x) == 1)?;
                let pn = cells.iter().position(|&x| at(x) == n as u32)?;
                let (lo, hi) = (p1.min(pn), p1.max(pn));
                let total: u32 = cells[lo + 1..hi].iter().map(|&x| at(x)).sum();
                (total != *sum).then(|| format!("{line} has {total} between 1 and {n}, not {sum}"))
            }
            Constraint::FullRank { rank, side } => {
                let number =
                    |o: Outside| -> Vec<u8> { o.cells(shape).iter().map(|&x| held(x)).collect() };
                let mine = number(*side);
                let others: Vec<Outside> = full_rank_sides(shape).filter(|o| o != side).collect();
                let below = others.iter().filter(|&&o| number(o) < mine).count() as u32;
                let tie = others.iter().find(|&&o| number(o) == mine);
                match tie {
                    Some(o) if full_rank_ties(v) != Ties::Any => Some(format!(
                        "{side} reads the same number as {o}, and a clued rank does not tie"
                    )),
                    _ => (below + 1 != *rank).then(|| {
                        format!(
                            "{side} ranks {} among the rows and columns, not {rank}",
                            below + 1
                        )
                    }),
                }
            }
            Constraint::FullRankTies { ties: Ties::None } => {
                let sides: Vec<Outside> = full_rank_sides(shape).collect();
                let number =
                    |o: Outside| -> Vec<u8> { o.cells(shape).iter().map(|&x| held(x)).collect() };
                sides.iter().enumerate().find_map(|(i, &a)| {
                    sides[i + 1..]
                        .iter()
                        .find(|&&b| number(a) == number(b))
                        .map(|b| format!("{a} and {b} read the same number, and no two may"))
                })
            }
            Constraint::FullRankTies { .. } => None,
            Constraint::Skyscraper { count, side } => {
                let seen = skyscrapers_seen(side.cells(shape).iter().map(|&x| at(x)));
                (seen != *count).then(|| format!("{seen} are seen from {side}, not {count}"))
            }
            Constraint::NumberedRoom { value, side } => {
                let cells = side.cells(shape);
                let x = at(cells[0]) as usize;
                let got = at(cells[x - 1]);
                (got != *value).then(|| {
                    format!("{side} starts with {x}, and its cell {x} holds {got}, not {value}")
                })
            }
            Constraint::HiddenSkyscraper { value, side } => {
                // The first value lower than the tallest before it.
                let mut top = None;
                let hidden = side.cells(shape).into_iter().find(|&x| {
                    let h = at(x);
                    let lower = top.is_some_and(|t| h < t);
                    top = Some(top.map_or(h, |t: u32| t.max(h)));
                    lower
                });
                match hidden {
                    None => Some(format!("no skyscraper is hidden from {side}")),
                    Some(x) if at(x) != *value => Some(format!(
                        "the first hidden from {side} is {} at {}, not {value}",
                        at(x),
                        nm(x)
                    )),
                    Some(_) => None,
                }
            }
            Constraint::Or { options } => {
                // A set holds when a puzzle of its rules alone has no break.
                let holds = |set: &Vec<Constraint>| violation(&alone(v, set), grid).is_none();
                let at = cells_of(c)
                    .first()
                    .map(|&x| format!(" at {}", nm(x)))
                    .unwrap_or_default();
                (!options.iter().any(holds))
                    .then(|| format!("none of the either/or's sets{at} holds"))
            }
            Constraint::XSum { sum, side } => {
                let cells = side.cells(shape);
                let x = at(cells[0]) as usize;
                let total: u32 = cells[..x].iter().map(|&c| at(c)).sum();
                (total != *sum)
                    .then(|| format!("the first {x} of {side} add up to {total}, not {sum}"))
            }
            Constraint::Lunchbox { sum, cells } => {
                let mut seen = HashSet::new();
                if let Some(&x) = cells.iter().find(|&&x| !seen.insert(at(x))) {
                    Some(format!(
                        "the lunchbox at {} repeats {}",
                        nm(cells[0]),
                        at(x)
                    ))
                } else {
                    let lo = (0..cells.len()).min_by_key(|&i| at(cells[i])).unwrap_or(0);
                    let hi = (0..cells.len()).max_by_key(|&i| at(cells[i])).unwrap_or(0);
                    let (a, b) = (lo.min(hi), lo.max(hi));
                    let total: u32 = cells[a + 1..b].iter().map(|&x| at(x)).sum();
                    (total != *sum).then(|| {
                        format!(
                            "the lunchbox at {} has {total} between its least and greatest values, not {sum}",
                            nm(cells[0])
                        )
                    })
                }
            }
            Constraint::SumLine { sum, cells, looped } => {
                let values: Vec<u32> = cells.iter().map(|&x| at(x)).collect();
                (!sum_line_divides(&values, *sum, *looped)).then(|| {
                    format!(
                        "the sum line at {} does not divide into segments adding up to {sum}",
                        nm(cells[0])
                    )
                })
            }
            Constraint::CountingCircles { cells } => {
                let count = |v: u32| cells.iter().filter(|&&x| at(x) == v).count() as u32;
                cells
                    .iter()
                    .map(|&x| at(x))
                    .find(|&v| count(v) != v)
                    .map(|v| {
                        format!(
                            "{} of the counting circles hold {v}, where {v} should",
                            count(v)
                        )
                    })
            }
            Constraint::GreaterThan { cells: [a, b] } => {
                (at(*a) <= at(*b)).then(|| format!("{} is not greater than {}", nm(*a), nm(*b)))
            }
            Constraint::Quadruple { cells, values } => {
                let mut held: Vec<u32> = cells.iter().map(|&x| at(x)).collect();
                values
                    .iter()
                    .find_map(|&v| match held.iter().position(|&h| h == v as u32) {
                        Some(i) => {
                            held.swap_remove(i);
                            None
                        }
                        None => Some(format!(
                            "the quadruple at {} lacks {}{v}",
                            nm(cells[0]),
                            if values.iter().filter(|&&w| w == v).count() > 1 {
                                "a second "
                            } else {
                                ""
                            }
                        )),
                    })
            }
            Constraint::SameValues { sets } => {
                let values = |set: &[u16]| {
                    let mut v: Vec<u32> = set.iter().map(|&x| at(x)).collect();
                    v.sort_unstable();
                    v
                };
                let first = values(&sets[0]);
                sets.iter().skip(1).find(|s| values(s) != first).map(|s| {
                    format!(
                        "the clone at {} does not hold the values of the one at {}",
                        nm(s[0]),
                        nm(sets[0][0])
                    )
                })
            }
            Constraint::Thermo { cells, slow } => cells.windows(2).find_map(|w| {
                let bad = if *slow {
                    at(w[1]) < at(w[0])
                } else {
                    at(w[1]) <= at(w[0])
                };
                bad.then(|| {
                    format!(
                        "{} does not rise from {} on the thermometer",
                        nm(w[1]),
                        nm(w[0])
                    )
                })
            }),
            Constraint::Arrow { circle, line } => {
                let want = circle_number(circle.iter().map(|&x| at(x)));
                let total: u32 = line.iter().map(|&x| at(x)).sum();
                (want != total).then(|| {
                    format!(
                        "the arrow from {} adds up to {total}, not {want}",
                        nm(circle[0])
                    )
                })
            }
            Constraint::Kropki { black, cells } => {
                let f: &dyn Fn(u32, u32) -> bool = if *black {
                    &|a, b| a == 2 * b || b == 2 * a
                } else {
                    &|a, b| a.abs_diff(b) == 1
                };
                (!pair_ok(f, *cells)).then(|| {
                    format!(
                        "{} and {} break their {} dot",
                        nm(cells[0]),
                        nm(cells[1]),
                        if *black { "black" } else { "white" }
                    )
                })
            }
            Constraint::KropkiNegative => orthogonal_pairs(shape)
                .filter(|p| !dotted.contains(p))
                .find(|&[a, b]| {
                    let (x, y) = (at(a), at(b));
                    x.abs_diff(y) == 1 || x == 2 * y || y == 2 * x
                })
                .map(|[a, b]| format!("{} and {} need a dot between them", nm(a), nm(b))),
            Constraint::Xv { sum, cells } => {
                (at(cells[0]) + at(cells[1]) != *sum as u32).then(|| {
                    format!(
                        "{} and {} do not add up to {sum}",
                        nm(cells[0]),
                        nm(cells[1])
                    )
                })
            }
            Constraint::XvNegative => orthogonal_pairs(shape)
                .filter(|p| !xved.contains(p))
                .find(|&[a, b]| matches!(at(a) + at(b), 5 | 10))
                .map(|[a, b]| format!("{} and {} need an X or V between them", nm(a), nm(b))),
            Constraint::Palindrome { cells } => {
                let k = cells.len();
                (0..k / 2)
                    .find(|&i| at(cells[i]) != at(cells[k - 1 - i]))
                    .map(|i| {
                        format!(
                            "{} and {} differ on the palindrome",
                            nm(cells[i]),
                            nm(cells[k - 1 - i])
                        )
                    })
            }
            Constraint::Indexing { rows, cells } => cells.iter().find_map(|&c| {
                let (r, k) = (c as usize / n, c as usize % n);
                let v = at(c) as usize;
                // The cell the value points at, and what it must hold (1-based).
                let (to, want) = if *rows {
                    ((v - 1) * n + k, r + 1)
                } else {
                    (r * n + v - 1, k + 1)
                };
                (at(to as u16) as usize != want).then(|| {
                    format!(
                        "{} holds {v}, so {} should hold {want}",
                        nm(c),
                        nm(to as u16)
                    )
                })
            }),
            Constraint::Zipper { cells } => {
                let k = cells.len();
                let pair = |i: usize| at(cells[i]) + at(cells[k - 1 - i]);
                // Odd: each pair adds up to the middle; even: to the first pair's total.
                let want = if k % 2 == 1 {
                    at(cells[k / 2])
                } else {
                    pair(0)
                };
                (0..k / 2).find(|&i| pair(i) != want).map(|i| {
                    format!(
                        "{} and {} add up to {}, not {want}, on the zipper",
                        nm(cells[i]),
                        nm(cells[k - 1 - i]),
                        pair(i)
                    )
                })
            }
            Constraint::CountDistinct { cell, cells } => {
                let distinct: HashSet<u32> = cells.iter().map(|&c| at(c)).collect();
                (at(*cell) as usize != distinct.len()).then(|| {
                    format!(
                        "{} holds {}, but the cells it counts hold {} different values",
                        nm(*cell),
                        at(*cell),
                        distinct.len()
                    )
                })
            }
            Constraint::ValueIndexing { cells } => {
                let (x, d) = (at(cells[0]), at(cells[1]) as usize);
                let past = cells.len() - 2;
                if d == 0 || d > past {
                    Some(format!(
                        "{} holds {d}, but the slingshot from {} reaches only {past} cells past it",
                        nm(cells[1]),
                        nm(cells[0])
                    ))
                } else {
                    let to = cells[1 + d];
                    (at(to) != x).then(|| {
                        format!(
                            "{} holds {d}, so {} should hold {x} as {} does, not {}",
                            nm(cells[1]),
                            nm(to),
                            nm(cells[0]),
                            at(to)
                        )
                    })
                }
            }
            Constraint::Regex { pattern, cells } => {
                let word: Vec<usize> = cells.iter().map(|&c| held(c) as usize - 1).collect();
                let a = automaton::Automaton::from_regex(pattern, v.first, n)
                    .expect("checked when read");
                (!a.accepts(&word)).then(|| {
                    let read: String = cells
                        .iter()
                        .map(|&c| {
                            char::from_digit(at(c), 36).map_or('?', |d| d.to_ascii_uppercase())
                        })
                        .collect();
                    format!(
                        "the regex line from {} reads {read}, which `{pattern}` does not match",
                        nm(cells[0])
                    )
                })
            }
            Constraint::Automaton {
                label,
                automaton,
                segments,
            } => {
                let mut word = Vec::new();
                for (k, seg) in segments.iter().enumerate() {
                    if k > 0 {
                        word.push(n);
                    }
                    word.extend(seg.iter().map(|&c| held(c) as usize - 1));
                }
                (!automaton.accepts(&word)).then(|| {
                    let rule = if label.is_empty() {
                        "the state machine".to_string()
                    } else {
                        format!("the state machine \"{label}\"")
                    };
                    let from = segments.iter().flatten().next().copied().unwrap_or(0);
                    format!(
                        "{rule} does not accept the values along its line from {}",
                        nm(from)
                    )
                })
            }
            Constraint::Pairwise {
                all,
                allowed,
                label,
                cells,
            } => {
                let pairs: Vec<(u16, u16)> = if *all {
                    let mut out = Vec::new();
                    for (i, &a) in cells.iter().enumerate() {
                        out.extend(cells[i + 1..].iter().map(|&b| (a, b)));
                    }
                    out
                } else {
                    cells.windows(2).map(|w| (w[0], w[1])).collect()
                };
                let place = |x: u16| held(x) as usize - 1;
                pairs
                    .into_iter()
                    .find(|&(a, b)| allowed[place(a)] >> place(b) & 1 == 0)
                    .map(|(a, b)| {
                        let rule = if label.is_empty() {
                            "the pairwise rule".to_string()
                        } else {
                            format!("the pairwise rule \"{label}\"")
                        };
                        format!(
                            "{} = {} and {} = {} are not a pair {rule} allows",
                            nm(a),
                            at(a),
                            nm(b),
                            at(b)
                        )
                    })
            }
            Constraint::EqualSum { segments } => {
                let total = |s: &Vec<u16>| s.iter().map(|&x| at(x)).sum::<u32>();
                let first = total(&segments[0]);
                segments
                    .iter()
                    .enumerate()
                    .find(|(_, s)| total(s) != first)
                    .map(|(k, s)| {
                        format!(
                            "segment {} adds up to {}, segment 1 to {first}: the sums differ",
                            k + 1,
                            total(s)
                        )
                    })
            }
            Constraint::LookAndSay { counts, cells } => counts.iter().find_map(|&(k, value)| {
                let got = cells.iter().filter(|&&x| at(x) == value).count();
                (got != k as usize).then(|| {
                    format!(
                        "the look-and-say cells from {} hold {got} {value}s, not {k}",
                        nm(cells[0])
                    )
                })
            }),
            Constraint::AntiTaxicab => (0..shape.cells() as u16).find_map(|p| {
                let x = held(p) as usize;
                let (r, c) = (p as usize / n, p as usize % n);
                (0..shape.cells() as u16)
                    .find(|&q| {
                        let (r2, c2) = (q as usize / n, q as usize % n);
                        q > p && held(q) as usize == x && r.abs_diff(r2) + c.abs_diff(c2) == x
                    })
                    .map(|q| format!("{} and {} both hold {x}, {x} steps apart", nm(p), nm(q)))
            }),
            Constraint::DutchFlatmates => {
                let (mid, top) = (n.div_ceil(2) as u8, n as u8);
                (0..shape.cells()).find_map(|p| {
                    let up = p >= n && grid.get(p - n) == 1;
                    let down = p + n < shape.cells() && grid.get(p + n) == top;
                    (grid.get(p) == mid && !up && !down).then(|| {
                        format!(
                            "{} holds {mid} with neither a 1 above it nor a {top} below it",
                            nm(p as u16)
                        )
                    })
                })
            }
            Constraint::EqualityCage { cells } => {
                let half = cells.len() / 2;
                let mut seen = HashSet::new();
                let repeat = cells.iter().find(|&&x| !seen.insert(at(x)));
                let even = cells.iter().filter(|&&x| at(x) % 2 == 0).count();
                let low = cells
                    .iter()
                    .filter(|&&x| (held(x) as usize) <= n / 2)
                    .count();
                let high = cells
                    .iter()
                    .filter(|&&x| held(x) as usize > n.div_ceil(2))
                    .count();
                if let Some(&x) = repeat {
                    Some(format!(
                        "the equality cage at {} repeats {}",
                        nm(cells[0]),
                        at(x)
                    ))
                } else if even != half {
                    Some(format!(
                        "the equality cage at {} holds {even} even values of {}",
                        nm(cells[0]),
                        cells.len()
                    ))
                } else if low != half || high != half {
                    Some(format!(
                        "the equality cage at {} holds {low} low and {high} high values",
                        nm(cells[0])
                    ))
                } else {
                    None
                }
            }
            Constraint::Lockout { cells, diff } => {
                let (a, b) = (at(cells[0]), at(cells[cells.len() - 1]));
                let (lo, hi) = (a.min(b), a.max(b));
                if hi - lo < *diff as u32 {
                    Some(format!(
                        "the lockout line's ends {} and {} differ by less than {diff}",
                        nm(cells[0]),
                        nm(cells[cells.len() - 1])
                    ))
                } else {
                    cells[1..cells.len() - 1]
                        .iter()
                        .find(|&&x| (lo..=hi).contains(&at(x)))
                        .map(|&x| {
                            format!(
                                "{} holds {}, within the lockout line's ends {lo} to {hi}",
                                nm(x),
                                at(x)
                            )
                        })
                }
            }
            Constraint::DoubleArrow { cells } => {
                let k = cells.len();
                let ends = at(cells[0]) + at(cells[k - 1]);
                let line: u32 = cells[1..k - 1].iter().map(|&x| at(x)).sum();
                (line != ends).then(|| {
                    format!(
                        "the double arrow from {} adds up to {line}, not its circles' {ends}",
                        nm(cells[0])
                    )
                })
            }
            Constraint::Whisper { cells, diff } => cells
                .windows(2)
                .find(|w| at(w[0]).abs_diff(at(w[1])) < *diff as u32)
                .map(|w| format!("{} and {} differ by less than {diff}", nm(w[0]), nm(w[1]))),
            Constraint::Renban { cells } => {
                let vals: HashSet<u32> = cells.iter().map(|&x| at(x)).collect();
                let (lo, hi) = (vals.iter().min()?, vals.iter().max()?);
                (vals.len() != cells.len() || (hi - lo) as usize != cells.len() - 1).then(|| {
                    format!(
                        "the renban line from {} is not a run of different consecutive values",
                        nm(cells[0])
                    )
                })
            }
            Constraint::Between { cells } => {
                let (a, b) = (at(cells[0]), at(cells[cells.len() - 1]));
                let (lo, hi) = (a.min(b), a.max(b));
                cells[1..cells.len() - 1]
                    .iter()
                    .find(|&&x| at(x) <= lo || at(x) >= hi)
                    .map(|&x| format!("{} is not between {lo} and {hi}", nm(x)))
            }
            Constraint::RegionSumLine { cells } => {
                let segs = region_segments(cells, &region);
                let sums: Vec<u32> = segs
                    .iter()
                    .map(|s| s.iter().map(|&x| at(x)).sum())
                    .collect();
                sums.iter().position(|&s| s != sums[0]).map(|i| {
                    format!(
                        "the line's part at {} adds up to {}, the part at {} to {}",
                        nm(segs[0][0]),
                        sums[0],
                        nm(segs[i][0]),
                        sums[i]
                    )
                })
            }
            Constraint::Jigsaw { .. }
            | Constraint::Diagonal { .. }
            | Constraint::Windoku
            | Constraint::DisjointSets => None,
        };
        if broken.is_some() {
            return broken;
        }
    }
    None
}

fn sorted([a, b]: [u16; 2]) -> [u16; 2] {
    [a.min(b), a.max(b)]
}

/// Every row and column read from each end (the full-rank numbers, 4N of them): rows
/// from the left, rows from the right, columns from the top, columns from the bottom.
pub fn full_rank_sides(shape: Shape) -> impl Iterator<Item = Outside> {
    let n = shape.size() as u8;
    [false, true].into_iter().flat_map(move |cols| {
        (0..n).flat_map(move |i| {
            [false, true].map(|back| Outside {
                line: if cols { Line::Col(i) } else { Line::Row(i) },
                back,
            })
        })
    })
}

/// The puzzle's tie rule for full-rank numbers (without one, [`Ties::Unclued`]).
pub fn full_rank_ties(v: &Variant) -> Ties {
    v.constraints
        .iter()
        .find_map(|c| match c {
            Constraint::FullRankTies { ties } => Some(*ties),
            _ => None,
        })
        .unwrap_or(Ties::Unclued)
}
