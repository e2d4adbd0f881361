//! A second independent solution counter for big grids: Knuth's Algorithm X with dancing
//! links over the exact-cover form of Number Place (a column per cell, per row and value,
//! per column and value, per box and value; a row per cell and value), always covering
//! the column with the fewest rows left. That heuristic branches on the most constrained
//! cell or on the value with the fewest places in a unit, whichever has fewer choices, so
//! it copes with the random big puzzles of `bigbench` far better than `check.rs`'s counter
//! (cells only). It shares no code with numpl-solve, and it has its own node budget: when
//! that runs out the answer is `Unknown`, and `bigbench` says so.

use crate::check::Count;

/// Counts the solutions of the grid of side `br * bc` (values in reading order, 0 for a
/// blank) up to two, within `budget` search nodes (rows tried).
pub(crate) fn count(br: usize, bc: usize, cells: &[u8], budget: u64) -> Count {
    let n = br * bc;
    let mut d = Links::new(br, bc);
    // The givens: their rows are taken before the search.
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 && !d.take(i * n + v as usize - 1) {
            return Count::None;
        }
    }
    let mut s = Search {
        d,
        found: 0,
        first: None,
        nodes: 0,
        budget,
        chosen: Vec::new(),
        givens: cells.to_vec(),
        n,
    };
    s.go();
    if s.nodes > s.budget && s.found < 2 {
        return Count::Unknown;
    }
    match (s.found, s.first) {
        (0, _) => Count::None,
        (1, Some(f)) => Count::One(f),
        (_, Some(f)) => Count::Many(f),
        (_, None) => Count::Unknown,
    }
}

/// The dancing-links matrix: node 0 is the root, nodes `1..=cols` the column headers,
/// then four nodes per row (cell, row-value, column-value, box-value).
struct Links {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    col: Vec<u32>,
    /// Rows left in each column (by header node).
    size: Vec<u32>,
    /// The first node of each row.
    row_start: Vec<u32>,
    /// Whether each column header is still linked (not covered).
    open: Vec<bool>,
}

impl Links {
    fn new(br: usize, bc: usize) -> Links {
        let n = br * bc;
        let cols = 4 * n * n;
        let rows = n * n * n;
        let total = 1 + cols + 4 * rows;
        let mut l = Links {
            left: vec![0; total],
            right: vec![0; total],
            up: vec![0; total],
            down: vec![0; total],
            col: vec![0; total],
            size: vec![0; 1 + cols],
            row_start: vec![0; rows],
            open: vec![true; 1 + cols],
        };
        for h in 0..=cols {
            l.left[h] = if h == 0 { cols as u32 } else { h as u32 - 1 };
            l.right[h] = if h == cols { 0 } else { h as u32 + 1 };
            l.up[h] = h as u32;
            l.down[h] = h as u32;
            l.col[h] = h as u32;
        }
        let mut next = 1 + cols;
        for r in 0..n {
            for c in 0..n {
                let b = (r / br) * br + c / bc;
                for v in 0..n {
                    let row = (r * n + c) * n + v;
                    let hs = [
                        1 + r * n + c,
                        1 + n * n + r * n + v,
                        1 + 2 * n * n + c * n + v,
                        1 + 3 * n * n + b * n + v,
                    ];
                    l.row_start[row] = next as u32;
                    for (k, &h) in hs.iter().enumerate() {
                        let x = next + k;
                        l.left[x] = (next + (k + 3) % 4) as u32;
                        l.right[x] = (next + (k + 1) % 4) as u32;
                        l.col[x] = h as u32;
                        // Append at the bottom of column h.
                        let last = l.up[h] as usize;
                        l.down[last] = x as u32;
                        l.up[x] = last as u32;
                        l.down[x] = h as u32;
                        l.up[h] = x as u32;
                        l.size[h] += 1;
                    }
                    next += 4;
                }
            }
        }
        l
    }

    fn cover(&mut self, c: usize) {
        self.open[c] = false;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c] as usize;
        while i != c {
            let mut j = self.right[i] as usize;
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.col[j] as usize] -= 1;
                j = self.right[j] as usize;
            }
            i = self.down[i] as usize;
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c] as usize;
        while i != c {
            let mut j = self.left[i] as usize;
            while j != i {
                self.size[self.col[j] as usize] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = j as u32;
                self.up[d as usize] = j as u32;
                j = self.left[j] as usize;
            }
            i = self.up[i] as usize;
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
        self.open[c] = true;
    }

    /// Takes a row before the search (a given): covers its four columns; false when one
    /// of them is covered already (two givens clash).
    fn take(&mut self, row: usize) -> bool {
        let start = self.row_start[row] as usize;
        let cols: Vec<usize> = (0..4).map(|k| self.col[start + k] as usize).collect();
        if cols.iter().any(|&c| !self.open[c]) {
            return false;
        }
        for c in cols {
            self.cover(c);
        }
        true
    }
}

struct Search {
    d: Links,
    found: usize,
    first: Option<Vec<u8>>,
    nodes: u64,
    budget: u64,
    /// The rows chosen on the current path (their first node).
    chosen: Vec<usize>,
    givens: Vec<u8>,
    n: usize,
}

impl Search {
    /// False when the search must stop (two solutions, or the budget spent).
    fn go(&mut self) -> bool {
        let root = 0usize;
        if self.d.right[root] as usize == root {
            self.found += 1;
            if self.first.is_none() {
                let mut g = self.givens.clone();
                for &x in &self.chosen {
                    // The row of node x: its cell column and its row-value column.
                    let mut cell = 0;
                    let mut value = 0;
                    let mut j = x;
                    for _ in 0..4 {
                        let c = self.d.col[j] as usize - 1;
                        let nn = self.n * self.n;
                        if c < nn {
                            cell = c;
                        } else if c < 2 * nn {
                            value = (c - nn) % self.n;
                        }
                        j = self.d.right[j] as usize;
                    }
                    g[cell] = value as u8 + 1;
                }
                self.first = Some(g);
            }
            return self.found < 2;
        }
        // The column with the fewest rows.
        let mut best = self.d.right[root] as usize;
        let mut j = self.d.right[best] as usize;
        while j != root {
            if self.d.size[j] < self.d.size[best] {
                best = j;
                if self.d.size[j] <= 1 {
                    break;
                }
            }
            j = self.d.right[j] as usize;
        }
        if self.d.size[best] == 0 {
            return true;
        }
        self.d.cover(best);
        let mut r = self.d.down[best] as usize;
        let mut go_on = true;
        while r != best {
            self.nodes += 1;
            if self.nodes > self.budget {
                go_on = false;
                break;
            }
            let mut j = self.d.right[r] as usize;
            while j != r {
                self.d.cover(self.d.col[j] as usize);
                j = self.d.right[j] as usize;
            }
            self.chosen.push(r);
            go_on = self.go();
            self.chosen.pop();
            let mut j = self.d.left[r] as usize;
            while j != r {
                self.d.uncover(self.d.col[j] as usize);
                j = self.d.left[j] as usize;
            }
            if !go_on {
                break;
            }
            r = self.d.down[r] as usize;
        }
        self.d.uncover(best);
        go_on
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    #[test]
    fn the_seed_sample_is_unique_with_the_seeds_solution() {
        let p = digits(
            ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
        );
        let sol = digits(
            "821459673936172458745386291254638917187294536369715824693541782572863149418927365",
        );
        assert_eq!(count(3, 3, &p, u64::MAX), Count::One(sol));
    }

    #[test]
    fn none_many_clash_and_budget() {
        assert!(matches!(count(2, 2, &[0; 16], u64::MAX), Count::Many(_)));
        let p = digits(
            "12.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
        );
        assert_eq!(count(3, 3, &p, u64::MAX), Count::None);
        let mut clash = vec![0u8; 36];
        clash[0] = 3;
        clash[5] = 3;
        assert_eq!(count(2, 3, &clash, u64::MAX), Count::None);
        // An empty 16x16 cannot be told in 5 nodes.
        assert_eq!(count(4, 4, &[0; 256], 5), Count::Unknown);
        // The two counters agree on small grids with many blanks.
        let s = digits(
            "821459673936172458745386291254638917187294536369715824693541782572863149418927365",
        );
        for keep in [20usize, 25, 30, 40] {
            let mut p = s.clone();
            for (i, v) in p.iter_mut().enumerate() {
                if (i * 37 + keep) % 81 >= keep {
                    *v = 0;
                }
            }
            let board = crate::check::Board {
                br: 3,
                bc: 3,
                cells: p.clone(),
            };
            let a = crate::check::count(&board, u64::MAX);
            let b = count(3, 3, &p, u64::MAX);
            assert_eq!(
                std::mem::discriminant(&a),
                std::mem::discriminant(&b),
                "{keep}"
            );
            if let (Count::One(x), Count::One(y)) = (&a, &b) {
                assert_eq!(x, y);
            }
        }
    }
}
