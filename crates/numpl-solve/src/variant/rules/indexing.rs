//! Indexing cells (159 sudoku): a cell in column `c` holding `v` says the cell in column
//! `v` of its row holds `c` (row indexing: the cell in row `v` of its column holds the
//! cell's row). As relations: the indexing cell holds `k` exactly when the cell `k` of
//! its line holds the indexing cell's own place, for every other `k` of the line (`k`
//! its own place needs nothing: the cell then holds its own column, as it says).

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, rows: bool, cells: &[u16]) {
    let n = b.n;
    for &c in cells {
        let (r, k0) = (c as usize / n, c as usize % n);
        // The indexing cell's own place on its line (1-based), and the line's cells.
        let own = if rows { r + 1 } else { k0 + 1 } as u32;
        for k in 1..=n as u32 {
            if k == own {
                continue;
            }
            let other = if rows {
                (k as usize - 1) * n + k0
            } else {
                r * n + k as usize - 1
            } as u16;
            b.relation(c, other, |x, y| (x == k) == (y == own));
        }
    }
}
