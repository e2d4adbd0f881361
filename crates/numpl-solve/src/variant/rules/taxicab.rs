//! Anti-taxicab: a cell holding `x` has no other `x` at taxicab distance exactly `x`. As
//! pair relations between every two cells at a distance of at most N that share no row,
//! column or box (those differ anyway): not both the distance.

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>) {
    let shape = b.variant.shape();
    let n = b.n;
    let boxes = b.variant.boxes();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    for p in 0..n * n {
        let (r, c) = (p / n, p % n);
        for q in p + 1..n * n {
            let (r2, c2) = (q / n, q % n);
            let d = (r.abs_diff(r2) + c.abs_diff(c2)) as u32;
            let same_box = boxes && r / br == r2 / br && c / bc == c2 / bc;
            if d > n as u32 || r == r2 || c == c2 || same_box {
                continue;
            }
            b.relation(p as u16, q as u16, |x, y| x != d || y != d);
        }
    }
}
