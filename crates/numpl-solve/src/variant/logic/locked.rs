//! Locked candidates over any group that must hold a value: a house holds every value, a
//! cage every value its remaining digit sets share. When all the places of such a value
//! see a cell outside the group, that cell cannot hold it: pointing and claiming between
//! boxes, rows, columns, jigsaw regions and diagonals, and a cage's digit locked in a
//! house ("the 16 in two cells is 7+9, both in row 3: no other 9 in row 3").

use numpl_core::Cell;

use super::cages::fitting;
use super::{names, Board, Logic, VariantStep, VariantTechnique};

pub(super) fn find(l: &Logic<'_>, b: &Board) -> Option<VariantStep> {
    let cells_n = b.cells.len() as u16;
    for g in &l.groups {
        let placed = g
            .cells
            .iter()
            .filter(|&&c| !b.open(c))
            .fold(0u64, |m, &c| m | b.cells[c as usize]);
        let need = if g.house {
            g.cells.iter().fold(0, |m, &c| m | b.cells[c as usize])
        } else if let Some(sum) = g.sum {
            fitting(l, &b.cells, &g.cells, sum)
                .into_iter()
                .reduce(|a, s| a & s)
                .unwrap_or(0)
        } else {
            0
        };
        let mut need = need & !placed;
        while need != 0 {
            let bit = need & need.wrapping_neg();
            need &= need - 1;
            let v = bit.trailing_zeros() as u8 + 1;
            let places: Vec<u16> = g
                .cells
                .iter()
                .copied()
                .filter(|&c| b.open(c) && b.cells[c as usize] & bit != 0)
                .collect();
            if places.is_empty() {
                continue;
            }
            let targets: Vec<u16> = (0..cells_n)
                .filter(|&t| {
                    b.open(t)
                        && b.cells[t as usize] & bit != 0
                        && !g.cells.contains(&t)
                        && places.iter().all(|&p| l.sees(p, t))
                })
                .collect();
            if targets.is_empty() {
                continue;
            }
            let within = l
                .houses()
                .find(|h| h.name != g.name && places.iter().all(|p| h.cells.contains(p)));
            let why = match within {
                Some(h) => format!(
                    "{} in {} is confined to {} ({})",
                    l.shown(v),
                    g.name,
                    h.name,
                    names(l.shape, &places)
                ),
                None => format!(
                    "{} must hold {}, only in {}, and every cell that sees them all loses it",
                    g.name,
                    l.shown(v),
                    names(l.shape, &places)
                ),
            };
            let mut step = VariantStep::new(VariantTechnique::LockedCandidates, &places, why);
            step.eliminations = targets.iter().map(|&t| (Cell::new(t), v)).collect();
            return Some(step);
        }
    }
    None
}
