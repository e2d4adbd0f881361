//! Full house, naked single, hidden single: cheap scans over the incremental masks, no
//! allocation.

use crate::human::board::count;
use crate::human::memo::Memo;
use crate::human::{Board, Technique};

/// The contradiction found while scanning (an open cell without candidates, or a value
/// with no place left in a unit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Broken;

/// A unit with one open cell: (cell, value, unit).
#[inline]
pub(crate) fn full_house(b: &Board) -> Option<(usize, u8, usize)> {
    for u in 0..3 * b.n {
        if b.unit_open[u] == 1 {
            let missing = b.all & !b.unit_placed[u];
            for &c in b.geo.unit(u) {
                let c = c as usize;
                if b.values[c] == 0 {
                    if b.cands[c] == missing && count(missing) == 1 {
                        return Some((c, missing.trailing_zeros() as u8 + 1, u));
                    }
                    break;
                }
            }
        }
    }
    None
}

/// An open cell with one candidate: (cell, value).
#[inline]
pub(crate) fn naked_single(b: &Board) -> Result<Option<(usize, u8)>, Broken> {
    for (c, &m) in b.cands.iter().enumerate() {
        if m & m.wrapping_sub(1) == 0 && b.values[c] == 0 {
            if m == 0 {
                return Err(Broken);
            }
            return Ok(Some((c, m.trailing_zeros() as u8 + 1)));
        }
    }
    Ok(None)
}

/// A value with one place in a unit: (cell, value, unit). With a `memo`, a unit whose
/// stamp is unchanged since it held neither a single nor a missing value is skipped.
#[inline]
pub(crate) fn hidden_single(
    b: &Board,
    mut memo: Option<&mut Memo>,
) -> Result<Option<(usize, u8, usize)>, Broken> {
    for u in 0..3 * b.n {
        if b.unit_open[u] == 0 {
            continue;
        }
        if let Some(m) = memo.as_deref_mut() {
            if m.unit_unchanged(Technique::HiddenSingle, b, u) {
                continue;
            }
        }
        let cells = b.geo.unit(u);
        let (mut once, mut twice) = (0u64, 0u64);
        if u < b.n {
            // A row's cells are consecutive: read them without the unit table.
            for &m in &b.cands[u * b.n..(u + 1) * b.n] {
                twice |= once & m;
                once |= m;
            }
        } else {
            for &c in cells {
                let m = b.cands[c as usize];
                twice |= once & m;
                once |= m;
            }
        }
        if (once | b.unit_placed[u]) != b.all {
            return Err(Broken);
        }
        let single = once & !twice;
        if single != 0 {
            let bit = single & single.wrapping_neg();
            for &c in cells {
                if b.cands[c as usize] & bit != 0 {
                    return Ok(Some((c as usize, bit.trailing_zeros() as u8 + 1, u)));
                }
            }
        }
        if let Some(m) = memo.as_deref_mut() {
            m.unit_failed(Technique::HiddenSingle, b, u);
        }
    }
    Ok(None)
}
