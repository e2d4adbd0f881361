//! The slow reference: every member of the group, one by one.

use numpl_core::Grid;

/// Every permutation of 0..n that keeps blocks of `block` together.
fn banded_perms(n: usize, block: usize) -> Vec<Vec<u8>> {
    fn perms(items: &[u8]) -> Vec<Vec<u8>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut out = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for mut p in perms(&rest) {
                p.insert(0, first);
                out.push(p);
            }
        }
        out
    }
    let blocks: Vec<u8> = (0..(n / block) as u8).collect();
    let inner: Vec<u8> = (0..block as u8).collect();
    let inner_perms = perms(&inner);
    let mut out = Vec::new();
    for order in perms(&blocks) {
        // Every choice of an inner permutation for each block, in order.
        let mut partial: Vec<Vec<u8>> = vec![Vec::new()];
        for &b in &order {
            let mut next = Vec::new();
            for p in &partial {
                for ip in &inner_perms {
                    let mut q = p.clone();
                    q.extend(ip.iter().map(|&i| b * block as u8 + i));
                    next.push(q);
                }
            }
            partial = next;
        }
        out.extend(partial);
    }
    out
}

/// The minlex form by enumerating the whole group (with a row-by-row cut): the reference
/// the fast search is tested against. Fine for 4x4, 6x6 and 8x8; seconds for a 9x9.
#[doc(hidden)]
pub fn canonical_brute(grid: &Grid) -> Grid {
    let shape = grid.shape();
    let n = shape.size();
    let v = grid.values();
    let rows = banded_perms(n, shape.box_rows());
    let cols = banded_perms(n, shape.box_cols());
    let views = if shape.box_rows() == shape.box_cols() {
        2
    } else {
        1
    };
    let mut best: Vec<u8> = vec![u8::MAX; n * n];
    let mut cur = vec![0u8; n * n];
    for view in 0..views {
        let at = |r: usize, c: usize| {
            if view == 1 {
                v[c * n + r]
            } else {
                v[r * n + c]
            }
        };
        for rp in &rows {
            for cp in &cols {
                let mut label = vec![0u8; n + 1];
                let mut next = 0;
                let mut less = false;
                let mut cut = false;
                'rows: for (r, &sr) in rp.iter().enumerate() {
                    for (c, &sc) in cp.iter().enumerate() {
                        let d = at(sr as usize, sc as usize);
                        let val = if d == 0 {
                            0
                        } else {
                            if label[d as usize] == 0 {
                                next += 1;
                                label[d as usize] = next;
                            }
                            label[d as usize]
                        };
                        let i = r * n + c;
                        cur[i] = val;
                        if !less {
                            if val > best[i] {
                                cut = true;
                                break 'rows;
                            }
                            if val < best[i] {
                                less = true;
                            }
                        }
                    }
                }
                if !cut && less {
                    best.copy_from_slice(&cur);
                }
            }
        }
    }
    Grid::from_values(shape, best).expect("labels stay in range")
}
