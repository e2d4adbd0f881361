//! Singles over every house: the last open cell of a house (full house), a cell with one
//! candidate (naked single), a value with one place in a house (hidden single).

use numpl_core::Cell;

use super::{Board, Logic, VariantStep, VariantTechnique};

fn placed(t: VariantTechnique, cells: &[u16], c: u16, v: u8, why: String) -> Option<VariantStep> {
    let mut step = VariantStep::new(t, cells, why);
    step.placements.push((Cell::new(c), v));
    Some(step)
}

pub(super) fn full_house(l: &Logic<'_>, b: &Board) -> Option<VariantStep> {
    for h in l.houses() {
        let mut open = h.cells.iter().filter(|&&c| b.open(c));
        if let (Some(&c), None) = (open.next(), open.next()) {
            let m = b.cells[c as usize];
            if m.count_ones() == 1 {
                let v = m.trailing_zeros() as u8 + 1;
                let why = format!("last open cell of {}", h.name);
                return placed(VariantTechnique::FullHouse, &h.cells, c, v, why);
            }
        }
    }
    None
}

pub(super) fn naked_single(_: &Logic<'_>, b: &Board) -> Option<VariantStep> {
    (0..b.cells.len() as u16)
        .find(|&c| b.open(c) && b.cells[c as usize].count_ones() == 1)
        .and_then(|c| {
            let v = b.cells[c as usize].trailing_zeros() as u8 + 1;
            let why = "only candidate left".to_string();
            placed(VariantTechnique::NakedSingle, &[c], c, v, why)
        })
}

pub(super) fn hidden_single(l: &Logic<'_>, b: &Board) -> Option<VariantStep> {
    for h in l.houses() {
        let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
        for &c in &h.cells {
            let m = b.cells[c as usize];
            if b.open(c) {
                twice |= once & m;
                once |= m;
            } else {
                fixed |= m;
            }
        }
        let singles = once & !twice & !fixed;
        if singles != 0 {
            let v = singles.trailing_zeros() as u8 + 1;
            let bit = singles & singles.wrapping_neg();
            let &c = h
                .cells
                .iter()
                .find(|&&c| b.open(c) && b.cells[c as usize] & bit != 0)?;
            let why = format!("only place for {} in {}", l.shown(v), h.name);
            return placed(VariantTechnique::HiddenSingle, &h.cells, c, v, why);
        }
    }
    None
}
