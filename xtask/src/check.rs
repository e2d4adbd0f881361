//! An independent checker for fixture answers: its own rules check and its own small
//! solution counter (bitmasks, most-constrained cell first), sharing no code with
//! numpl-solve, so an expected answer never comes only from the code under test.

/// A grid as the checker sees it: side `n = br * bc`, values `0..=n` in reading order.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub(crate) br: usize,
    pub(crate) bc: usize,
    pub(crate) cells: Vec<u8>,
}

impl Board {
    pub(crate) fn n(&self) -> usize {
        self.br * self.bc
    }

    fn box_of(&self, r: usize, c: usize) -> usize {
        (r / self.br) * self.br + c / self.bc
    }

    /// Whether every cell is filled and every row, column and box holds each value once.
    #[allow(clippy::needless_range_loop)] // r and c index rows, columns and cells alike
    pub(crate) fn is_complete_and_valid(&self) -> bool {
        let n = self.n();
        if self.cells.len() != n * n || self.cells.iter().any(|&v| v == 0 || v as usize > n) {
            return false;
        }
        let mut rows = vec![0u64; n];
        let mut cols = vec![0u64; n];
        let mut boxes = vec![0u64; n];
        for r in 0..n {
            for c in 0..n {
                let bit = 1u64 << (self.cells[r * n + c] - 1);
                let b = self.box_of(r, c);
                if rows[r] & bit != 0 || cols[c] & bit != 0 || boxes[b] & bit != 0 {
                    return false;
                }
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        true
    }

    /// Whether `solution` keeps every given of `self` and is complete and valid.
    pub(crate) fn is_solved_by(&self, solution: &Board) -> bool {
        solution.is_complete_and_valid()
            && self.br == solution.br
            && self.bc == solution.bc
            && self
                .cells
                .iter()
                .zip(&solution.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }
}

/// What the counter found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    /// No solution.
    None,
    /// Exactly one.
    One(Vec<u8>),
    /// Two or more (one of them).
    Many(Vec<u8>),
    /// The node budget ran out before an answer.
    Unknown,
}

struct Search {
    n: usize,
    br: usize,
    bc: usize,
    cells: Vec<u8>,
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
    found: usize,
    first: Option<Vec<u8>>,
    nodes: u64,
    budget: u64,
}

impl Search {
    fn bx(&self, i: usize) -> usize {
        let (r, c) = (i / self.n, i % self.n);
        (r / self.br) * self.br + c / self.bc
    }

    fn free(&self, i: usize) -> u64 {
        let all = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        all & !(self.rows[i / self.n] | self.cols[i % self.n] | self.boxes[self.bx(i)])
    }

    fn set(&mut self, i: usize, v: u8, on: bool) {
        let bit = 1u64 << (v - 1);
        let (r, c, b) = (i / self.n, i % self.n, self.bx(i));
        if on {
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxes[b] |= bit;
            self.cells[i] = v;
        } else {
            self.rows[r] &= !bit;
            self.cols[c] &= !bit;
            self.boxes[b] &= !bit;
            self.cells[i] = 0;
        }
    }

    /// Returns false when the search must stop (limit reached or budget spent).
    fn go(&mut self, limit: usize) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        // The open cell with the fewest candidates.
        let mut best = None;
        let mut best_count = u32::MAX;
        for i in 0..self.cells.len() {
            if self.cells[i] == 0 {
                let k = self.free(i).count_ones();
                if k < best_count {
                    best_count = k;
                    best = Some(i);
                    if k <= 1 {
                        break;
                    }
                }
            }
        }
        let Some(i) = best else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(self.cells.clone());
            }
            return self.found < limit;
        };
        let mut free = self.free(i);
        while free != 0 {
            let v = free.trailing_zeros() as u8 + 1;
            free &= free - 1;
            self.set(i, v, true);
            let go_on = self.go(limit);
            self.set(i, v, false);
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// Counts the solutions of `board` up to two, within `budget` search nodes.
pub(crate) fn count(board: &Board, budget: u64) -> Count {
    let n = board.n();
    let mut s = Search {
        n,
        br: board.br,
        bc: board.bc,
        cells: vec![0; n * n],
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; n],
        found: 0,
        first: None,
        nodes: 0,
        budget,
    };
    for (i, &v) in board.cells.iter().enumerate() {
        if v != 0 {
            if s.free(i) & (1u64 << (v - 1)) == 0 {
                return Count::None; // conflicting givens
            }
            s.set(i, v, true);
        }
    }
    s.go(2);
    if s.nodes > s.budget {
        return Count::Unknown;
    }
    match (s.found, s.first) {
        (0, _) => Count::None,
        (1, Some(f)) => Count::One(f),
        (_, Some(f)) => Count::Many(f),
        _ => unreachable!("a found solution is kept"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Board {
        Board {
            br: 3,
            bc: 3,
            cells: s
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect(),
        }
    }

    #[test]
    fn counts_the_seed_sample_as_unique_with_the_seeds_solution() {
        let p = board(
            ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
        );
        let seed_solution = board(
            "821459673936172458745386291254638917187294536369715824693541782572863149418927365",
        );
        assert!(p.is_solved_by(&seed_solution));
        assert_eq!(count(&p, u64::MAX), Count::One(seed_solution.cells.clone()));
        let mut wrong = seed_solution.clone();
        wrong.cells.swap(0, 1);
        assert!(!p.is_solved_by(&wrong));
    }

    #[test]
    fn counts_none_and_many() {
        let empty = Board {
            br: 2,
            bc: 2,
            cells: vec![0; 16],
        };
        assert!(matches!(count(&empty, u64::MAX), Count::Many(_)));
        // r1c1 = 1 is a candidate of the seed sample's r1c1 (fixtures/seed/sample.txt) but
        // not its solution value.
        let p = board(
            "12.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.",
        );
        assert_eq!(count(&p, u64::MAX), Count::None);
    }
}
