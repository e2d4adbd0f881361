//! Steps in plain words for players, from the step's own data: the grid's symbols (`G` on
//! a 16x16), `r1c5 can't be 7`, `r3c4 is 5`, and a nudge that names only the technique and
//! the house to look at. The CLI's sentence (`Step::describe`) stays the record's `hint`.

use numpl_core::{Cell, Shape, Symbols, Unit};
use numpl_solve::Step;

/// A value as the grid writes it: `1`..`9`, then `A` for 10 (`G` for 16).
pub(crate) fn sym(v: u8) -> String {
    Symbols::standard()
        .write(v)
        .map(String::from)
        .unwrap_or_else(|| v.to_string())
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The houses a step works in, as players say them (`row 3 and box 2`); at most three.
fn houses(step: &Step, shape: Shape) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for &u in step.units.iter().take(3) {
        let name = shape.unit_name(u);
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The box of a cell.
fn box_unit(shape: Shape, c: Cell) -> Unit {
    let geo = shape.geometry();
    let [_, _, b] = geo.units_of(c.index());
    Unit::new(b)
}

/// The house a nudge names: the step's first unit, else the box of its first cell.
pub(crate) fn nudge_unit(step: &Step, shape: Shape) -> Option<Unit> {
    if let Some(&u) = step.units.first() {
        return Some(u);
    }
    step.cells
        .first()
        .copied()
        .or_else(|| step.placements.first().map(|p| p.0))
        .or_else(|| step.eliminations.first().map(|e| e.0))
        .map(|c| box_unit(shape, c))
}

/// The cells of the house a nudge names, in reading order (the page shades them lightly at
/// a hint's first level); none when the nudge names no house.
pub(crate) fn nudge_cells(step: &Step, shape: Shape) -> Vec<usize> {
    let Some(u) = nudge_unit(step, shape) else {
        return Vec::new();
    };
    let mut cells: Vec<usize> = shape
        .geometry()
        .unit(u.index())
        .iter()
        .map(|&c| c as usize)
        .collect();
    cells.sort_unstable();
    cells
}

/// The step in plain words: `Hidden Single in row 3: r3c4 is 7.`, `Locked Candidates
/// Type 1 (Pointing) in box 1 and row 1: r1c5 and r1c6 can't be 7.`
pub(crate) fn plain(step: &Step, shape: Shape) -> String {
    let mut parts = Vec::new();
    for &(c, v) in &step.placements {
        parts.push(format!("{} is {}", shape.cell_name(c), sym(v)));
    }
    // Removals grouped by value, in the order they come.
    let mut by_value: Vec<(u8, Vec<String>)> = Vec::new();
    for &(c, v) in &step.eliminations {
        let name = shape.cell_name(c);
        match by_value.iter_mut().find(|(w, _)| *w == v) {
            Some((_, cells)) => cells.push(name),
            None => by_value.push((v, vec![name])),
        }
    }
    for (v, cells) in by_value {
        parts.push(format!("{} can't be {}", and_list(&cells), sym(v)));
    }
    let title = step.technique.title();
    let at = houses(step, shape);
    let head = if at.is_empty() {
        title.to_string()
    } else {
        format!("{title} in {}", and_list(&at))
    };
    if parts.is_empty() {
        format!("{head}.")
    } else {
        format!("{head}: {}.", parts.join("; "))
    }
}

/// The first level of a hint: the technique and one house to look at.
pub(crate) fn nudge(step: &Step, shape: Shape) -> String {
    let title = step.technique.title();
    match nudge_unit(step, shape) {
        Some(u) => format!("Look for a {title} in {}.", shape.unit_name(u)),
        None => format!("Look for a {title}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_solve::Technique;

    #[test]
    fn symbols_and_lists() {
        assert_eq!(sym(7), "7");
        assert_eq!(sym(10), "A");
        assert_eq!(sym(16), "G");
        let l = |v: &[&str]| and_list(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(l(&["a"]), "a");
        assert_eq!(l(&["a", "b"]), "a and b");
        assert_eq!(l(&["a", "b", "c"]), "a, b and c");
    }

    #[test]
    fn a_step_in_plain_words() {
        let shape = Shape::from_size(16).unwrap();
        let mut s = Step::new(Technique::HiddenSingle);
        s.placements.push((Cell::new(2 * 16 + 3), 16));
        s.units.push(Unit::new(2));
        assert_eq!(plain(&s, shape), "Hidden Single in row 3: r3c4 is G.");
        assert_eq!(nudge(&s, shape), "Look for a Hidden Single in row 3.");
        assert_eq!(nudge_cells(&s, shape), (32..48).collect::<Vec<_>>());
        let nine = Shape::NINE;
        let mut e = Step::new(Technique::LockedCandidatesPointing);
        e.eliminations.push((Cell::new(4), 7));
        e.eliminations.push((Cell::new(5), 7));
        e.eliminations.push((Cell::new(7), 3));
        let t = plain(&e, nine);
        assert!(
            t.ends_with(": r1c5 and r1c6 can't be 7; r1c8 can't be 3."),
            "{t}"
        );
        assert!(!t.contains("<>"), "{t}");
        // No unit: the box of the first cell.
        assert_eq!(
            nudge(&e, nine),
            format!(
                "Look for a {} in box 2.",
                Technique::LockedCandidatesPointing.title()
            )
        );
        assert_eq!(nudge_cells(&e, nine), vec![3, 4, 5, 12, 13, 14, 21, 22, 23]);
        assert!(nudge_cells(&Step::new(Technique::HiddenSingle), nine).is_empty());
    }
}
