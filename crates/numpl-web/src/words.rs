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

/// A variant puzzle's rules in words, for players and screen readers: `Rules beyond rows,
/// columns and boxes: 12 killer cages (the digits in a cage differ and add up to its
/// sum); 2 thermometers (digits rise from the bulb).` Then the rules no shape shows
/// (numpl-render's sentence).
pub(crate) fn variant_rules(v: &numpl_core::variant::Variant, unseen: Option<&str>) -> String {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for c in v.constraints() {
        let name = c.name();
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, k)) => *k += 1,
            None => counts.push((name, 1)),
        }
    }
    let mut parts = Vec::new();
    for &(name, k) in &counts {
        let (one, many, rule) = match name {
            "cage" => (
                "killer cage",
                "killer cages",
                "the digits in a cage differ and add up to its sum, when it has one",
            ),
            "thermo" => ("thermometer", "thermometers", "digits rise from the bulb"),
            "slow-thermo" => (
                "slow thermometer",
                "slow thermometers",
                "digits never fall from the bulb",
            ),
            "jigsaw" => (
                "jigsaw",
                "jigsaws",
                "each outlined region holds every digit once",
            ),
            "diagonal" | "anti-diagonal" => (
                if name == "diagonal" {
                    "main diagonal"
                } else {
                    "anti-diagonal"
                },
                "diagonals",
                "it holds every digit once",
            ),
            "windoku" => (
                "windoku",
                "windoku",
                "the shaded windows hold every digit once",
            ),
            "arrow" => (
                "arrow",
                "arrows",
                "the digits on the line add up to the circle",
            ),
            "little-killer" => (
                "little killer clue",
                "little killer clues",
                "the digits along the arrow's diagonal add up to the clue",
            ),
            "counting-circles" => (
                "set of counting circles",
                "sets of counting circles",
                "a digit in a circle says how many of the circles hold it",
            ),
            "rellik-cage" => (
                "rellik cage",
                "rellik cages",
                "its digits differ, and no one or more of them add up to its number",
            ),
            "sum" => (
                "sum",
                "sums",
                "the digits in the dotted cells add up to the number, repeats allowed",
            ),
            "sandwich" => (
                "sandwich clue",
                "sandwich clues",
                "the digits between the 1 and the 9 add up to the clue",
            ),
            "skyscraper" => (
                "skyscraper clue",
                "skyscraper clues",
                "digits are buildings of their height: the clue counts those seen from it, a taller one hiding the lower ones behind it",
            ),
            "or" => (
                "either/or",
                "either/ors",
                "of the rules drawn together, one set holds, not necessarily all",
            ),
            "hidden-skyscraper" => (
                "hidden skyscraper clue",
                "hidden skyscraper clues",
                "digits are buildings of their height: from the clue they rise, each seen, up to the first one hidden behind a taller one, which is the clue's digit",
            ),
            "equal-sum" => (
                "set of equal sums",
                "sets of equal sums",
                "the digits along each thin green line of the set add up to the same",
            ),
            "look-and-say" => (
                "look-and-say clue",
                "look-and-say clues",
                "the clue's digit pairs say how many times a digit appears in the dotted cells (1223: one 2 and two 3s; 03: no 3)",
            ),
            "equality-cage" => (
                "equality cage",
                "equality cages",
                "its digits differ, as many are even as odd, and as many low as high (the middle digit in none)",
            ),
            "lockout" => (
                "lockout line",
                "lockout lines",
                "the diamonds at its ends differ by at least the difference given below, and the digits between them on the line lie outside the diamonds' range",
            ),
            "double-arrow" => (
                "double arrow",
                "double arrows",
                "the digits on the line between the two circles add up to the circles' sum",
            ),
            "full-rank" => (
                "full-rank clue",
                "full-rank clues",
                "every row and column is read as a number from each end, and the clue is its number's rank among them all, the smallest 1",
            ),
            "x-sum" => (
                "X-sum clue",
                "X-sum clues",
                "the first X digits from the clue add up to it, X being the first of them",
            ),
            "numbered-room" => (
                "numbered room",
                "numbered rooms",
                "the first digit X from the clue puts the clue's digit in the X-th cell from it",
            ),
            "lunchbox" => (
                "lunchbox",
                "lunchboxes",
                "its digits differ, and those between its least and its greatest digit add up to its number",
            ),
            "sum-line" => (
                "sum line",
                "sum lines",
                "the line divides into segments that each add up to its number",
            ),
            "greater-than" => (
                "greater-than sign",
                "greater-than signs",
                "the digit at the sign's open side is greater than the one at its point",
            ),
            "quadruple" => (
                "quadruple",
                "quadruples",
                "the digits in the circle appear among the four cells around it",
            ),
            "same-values" => (
                "set of clones",
                "sets of clones",
                "the shaded groups of one colour hold the same digits, as many times each",
            ),
            "white-dot" => ("white dot", "white dots", "the two digits are consecutive"),
            "black-dot" => ("black dot", "black dots", "one digit is double the other"),
            "x" => ("X", "X clues", "the two digits add up to 10"),
            "v" => ("V", "V clues", "the two digits add up to 5"),
            "even" => ("even cell", "even cells", "shaded squares hold even digits"),
            "odd" => ("odd cell", "odd cells", "circles hold odd digits"),
            "palindrome" => (
                "palindrome",
                "palindromes",
                "the line reads the same both ways",
            ),
            "column-indexing" => (
                "column-indexing cell",
                "column-indexing cells",
                "a digit d in column c says where c is in its row: column d of that row holds c",
            ),
            "row-indexing" => (
                "row-indexing cell",
                "row-indexing cells",
                "a digit d in row r says where r is in its column: row d of that column holds r",
            ),
            "zipper" => (
                "zipper line",
                "zipper lines",
                "digits as far from the line's ends add up to its middle digit, or on an even line all to one total",
            ),
            "whisper" => (
                "whisper line",
                "whisper lines",
                "neighbours on the line differ by at least half the grid size (5 on 9x9)",
            ),
            "entropic-line" => (
                "entropic line",
                "entropic lines",
                "every three digits in a row along it are one low (1-3), one middle (4-6) and one high (7-9)",
            ),
            "modular-line" => (
                "modular line",
                "modular lines",
                "every three digits in a row along it leave different remainders divided by 3 (one of 147, 258, 369)",
            ),
            "renban" => (
                "renban line",
                "renban lines",
                "the line holds a run of consecutive digits in any order",
            ),
            "between" => (
                "between line",
                "between lines",
                "digits on the line lie between the circles' digits",
            ),
            "region-sum-line" => (
                "region-sum line",
                "region-sum lines",
                "the line adds up to the same in each box it crosses",
            ),
            "pairwise" => (
                "pairwise rule",
                "pairwise rules",
                "dotted cells hold pairs of digits the setter's relation allows, as listed below",
            ),
            "count-distinct" => (
                "count of different digits",
                "counts of different digits",
                "the circled digit is how many different digits the outlined cells around it hold",
            ),
            "value-indexing" => (
                "slingshot",
                "slingshots",
                "the digit d in the line's second cell says that the cell d steps further along the line holds the digit of its first cell (the dot)",
            ),
            "regex" => (
                "regex line",
                "regex lines",
                "the digits along the line, read from its dot, match the pattern listed below",
            ),
            "automaton" => (
                "state-machine line",
                "state-machine lines",
                "the digits along the line, read from its dot, spell a word the setter's state machine (named below) accepts",
            ),
            "region" => ("extra region", "extra regions", "its digits differ"),
            "allowed" => (
                "cell with allowed digits",
                "cells with allowed digits",
                "as marked",
            ),
            _ => continue, // rules without a shape: in `unseen`
        };
        let what = if k == 1 {
            format!("1 {one}")
        } else {
            format!("{k} {many}")
        };
        parts.push(format!("{what} ({rule})"));
    }
    let classic = if v.boxes() {
        "rows, columns and boxes"
    } else {
        "rows and columns"
    };
    let mut s = format!("Each of the {classic} holds every digit once.");
    if v.first_value() != 1 {
        // The digits are 0..N-1: said first, as every sum below counts them.
        let n = v.shape().size();
        s = format!("The digits are 0 to {}. {s}", n - 1);
    }
    if !parts.is_empty() {
        s.push_str(" Also: ");
        s.push_str(&parts.join("; "));
        s.push('.');
    }
    if let Some(u) = unseen {
        s.push(' ');
        s.push_str(u);
    }
    s
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
