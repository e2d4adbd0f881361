//! X-Wing: a value with its places in two rows all inside two columns (or in two columns
//! inside two rows) goes once in each of those columns within the two rows, so the rest of
//! the two columns loses it. Rows and columns only: they are the houses every variant
//! keeps.

use numpl_core::Cell;

use super::{names, Board, Logic, VariantStep, VariantTechnique};

pub(super) fn find(l: &Logic<'_>, b: &Board) -> Option<VariantStep> {
    let n = l.n;
    for v in 1..=n as u8 {
        let bit = 1u64 << (v - 1);
        for rows in [true, false] {
            // The cell at line `i`, position `j` (rows: row i column j; else column i
            // row j).
            let at = |i: usize, j: usize| if rows { i * n + j } else { j * n + i } as u16;
            // Each line's places of v, as a mask of positions, when it has exactly two.
            let places: Vec<Option<u64>> = (0..n)
                .map(|i| {
                    let mut m = 0u64;
                    for j in 0..n {
                        let c = at(i, j);
                        if !b.open(c) && b.value[c as usize] == v {
                            return None;
                        }
                        if b.open(c) && b.cells[c as usize] & bit != 0 {
                            m |= 1 << j;
                        }
                    }
                    (m.count_ones() == 2).then_some(m)
                })
                .collect();
            for (i, &line) in places.iter().enumerate() {
                let Some(m) = line else { continue };
                for (k, _) in places
                    .iter()
                    .enumerate()
                    .skip(i + 1)
                    .filter(|(_, &p)| p == Some(m))
                {
                    let cover: Vec<usize> = (0..n).filter(|j| m >> j & 1 != 0).collect();
                    let mut gone = Vec::new();
                    for &j in &cover {
                        for o in (0..n).filter(|&o| o != i && o != k) {
                            let c = at(o, j);
                            if b.open(c) && b.cells[c as usize] & bit != 0 {
                                gone.push((Cell::new(c), v));
                            }
                        }
                    }
                    if gone.is_empty() {
                        continue;
                    }
                    let cells: Vec<u16> = [i, k]
                        .iter()
                        .flat_map(|&x| cover.iter().map(move |&j| at(x, j)))
                        .collect();
                    let (base, lines) = if rows {
                        ("rows", "columns")
                    } else {
                        ("columns", "rows")
                    };
                    let why = format!(
                        "{} in {base} {} and {} only in {lines} {} and {} ({})",
                        l.shown(v),
                        i + 1,
                        k + 1,
                        cover[0] + 1,
                        cover[1] + 1,
                        names(l.shape, &cells)
                    );
                    let mut step = VariantStep::new(VariantTechnique::XWing, &cells, why);
                    gone.sort_unstable();
                    step.eliminations = gone;
                    return Some(step);
                }
            }
        }
    }
    None
}
