//! Cage combinations: a killer cage's sum and size fix the digit sets it can hold ("17 in
//! two cells is 8+9"), and each cell keeps the values some way of filling the cage (its
//! cells all different, each from its candidates) reaching the sum uses. The cage is read
//! alone, as the variant engine propagates it (`rules/cage.rs` with no houses); the step
//! names the sets left.

use super::{Board, Logic, VariantStep, VariantTechnique};
use crate::variant::engine::Bits;
use crate::variant::rules::cage::combinations;

/// The digit sets of a cage of `cells` adding up to `sum` (the puzzle's values) that the
/// candidates `cand` still allow: every cell can take one of the set's values, and the
/// cells' candidates together hold all of them. Sets of the grid's values 1..N.
pub(super) fn fitting(l: &Logic<'_>, cand: &[Bits], cells: &[u16], sum: u32) -> Vec<Bits> {
    let union = cells.iter().fold(0, |m, &c| m | cand[c as usize]);
    // Over the grid's values: from 0, each cell's value is one more.
    let sum = sum + (1 - l.variant.first_value() as u32) * cells.len() as u32;
    combinations(l.n, cells.len(), sum)
        .into_iter()
        .filter(|&set| set & !union == 0 && cells.iter().all(|&c| cand[c as usize] & set != 0))
        .collect()
}

/// A digit set written as a sum of the puzzle's values, `6+8+9`.
fn plus(l: &Logic<'_>, set: Bits) -> String {
    (0..64u8)
        .filter(|i| set >> i & 1 != 0)
        .map(|i| l.shown(i + 1).to_string())
        .collect::<Vec<_>>()
        .join("+")
}

pub(super) fn find(l: &Logic<'_>, b: &Board) -> Option<VariantStep> {
    use numpl_core::variant::Constraint;
    for rule in l
        .rules
        .iter()
        .filter(|r| r.technique == VariantTechnique::CageCombination)
    {
        let Ok(narrowed) = rule.model.narrow(&b.cells) else {
            continue;
        };
        let gone = b.removed(&narrowed);
        if gone.is_empty() {
            continue;
        }
        let Constraint::Cage {
            sum: Some(sum),
            cells,
        } = &l.variant.constraints()[rule.constraint]
        else {
            continue;
        };
        let sets = fitting(l, &narrowed, cells, *sum);
        let shown: Vec<String> = sets.iter().take(4).map(|&s| plus(l, s)).collect();
        let what = match sets.len() {
            0 => "cannot be filled".to_string(),
            1..=4 => format!("is {}", shown.join(" or ")),
            k => format!("is one of {k} digit sets ({} ...)", shown.join(", ")),
        };
        let name = super::cage_name(l.shape, cells, Some(*sum));
        let mut step = VariantStep::new(
            VariantTechnique::CageCombination,
            cells,
            format!("{name} {what}"),
        );
        // A cage of one cell is a given in all but name: placed at once.
        match (cells.as_slice(), sets.as_slice()) {
            ([c], [set]) if set.count_ones() == 1 => {
                let v = set.trailing_zeros() as u8 + 1;
                step.placements.push((numpl_core::Cell::new(*c), v));
            }
            _ => step.eliminations = gone,
        }
        return Some(step);
    }
    None
}
