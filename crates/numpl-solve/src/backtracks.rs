//! tdoku's backtrack count: the number of guesses tdoku's solver makes on a 9x9 puzzle.
//!
//! The sudoku-extreme data set (`sapientinc/sudoku-extreme`) rates each puzzle by "the
//! number of backtracks needed by the tdoku solver": the `num_guesses` that
//! `TdokuSolverDpllTriadSimd` reports (t-dillon/tdoku, `src/solver_dpll_triad_simd.cc`,
//! BSD-2; the algorithm is described in its author's write-up "Tdoku: A Fast Sudoku
//! Solver and Generator"). That count depends on every detail of tdoku's search: what its
//! propagation infers, where it stops propagating, which band and digit it branches on and
//! which placement it tries first. This module is an independent, plain (scalar)
//! implementation of that search, written to make the same inferences in the same order, so
//! that [`backtracks`] gives the same number as tdoku for the same puzzle string. It is a
//! rating, not a solver: numpl's own search is much faster.
//!
//! # The model
//!
//! Each box keeps, besides its nine cells' candidates, six *gap* sets: for each of its three
//! row segments (and column segments), the digits that may be *missing* from that segment.
//! A segment holds exactly three digits, so a gap set has at least six members; and for each
//! digit, exactly one of {the segment's three cells, the segment's gap} holds it.
//!
//! Each band (three boxes in a row of boxes, or in a column of boxes) keeps, for each of the
//! six ways a digit can sit across its three boxes (one segment in each box, all different:
//! `LAYOUT`), the digits for which that way is still possible, and a set of ways ruled out
//! but not yet applied.
//!
//! # Propagation
//!
//! - *A box step* (a box told which candidates it may keep): drop the others; fail if a
//!   cell is empty or a gap has fewer than six digits; a cell with one candidate, a gap with
//!   six, or a digit that only one member of a segment's four {three cells, gap} can hold
//!   is *sure*. A sure cell digit leaves the box's other cells and its segments' gaps; repeat
//!   while that removes something. Then tell both bands: a sure gap digit rules out the ways
//!   that put it in that segment; a sure cell digit rules out the ways that put it in
//!   another segment of this box. Then run the bands' steps, the band across the one that
//!   sent the message first.
//! - *A band step*: apply the ways ruled out (nothing to do if none is new). Where a segment
//!   can hold only three digits, those three are in it: rule out, once, the other ways for
//!   them. Then tell each box which digits its segments and gaps can hold, the box the
//!   message came from last.
//!
//! Givens are written into their boxes (without a box step) and into the bands' ruled-out
//! sets, then the six bands step once each.
//!
//! # Search
//!
//! When a band still has more than one way for some digit, branch: the band with the fewest
//! (way, digit) pairs left (at least ten; the first in the order horizontal bands top to
//! bottom, then vertical bands left to right), and in it the lowest digit with exactly two
//! ways, else the lowest with three, else the lowest with four or more. One guess: try the
//! digit's first way (in `LAYOUT` order) by ruling out the others; if that does not
//! finish the search, rule out the first way instead and go on (not a guess). A position
//! where no band has ten or more pairs counts as a solution. The search stops at `limit`
//! solutions; the count of guesses is the rating.

use numpl_core::{Grid, Shape};

/// All nine digits.
const ALL: u16 = 0x1ff;

/// The six ways a digit can sit across a band's three boxes: `LAYOUT[w][p]` is the segment
/// (row segment in a horizontal band, column segment in a vertical one) of the band's box
/// `p` that holds the digit in way `w`. The order is tdoku's; it decides which way is tried
/// first.
const LAYOUT: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
    [0, 2, 1],
    [1, 0, 2],
];

/// A box: candidates of its cells (`cells[3 * r + c]`) and the gap sets of its segments.
#[derive(Clone, Copy, Default)]
struct Block {
    cells: [u16; 9],
    row_gap: [u16; 3],
    col_gap: [u16; 3],
}

impl Block {
    const FULL: Block = Block {
        cells: [ALL; 9],
        row_gap: [ALL; 3],
        col_gap: [ALL; 3],
    };

    fn zip(&self, other: &Block, f: impl Fn(u16, u16) -> u16) -> Block {
        Block {
            cells: std::array::from_fn(|i| f(self.cells[i], other.cells[i])),
            row_gap: std::array::from_fn(|i| f(self.row_gap[i], other.row_gap[i])),
            col_gap: std::array::from_fn(|i| f(self.col_gap[i], other.col_gap[i])),
        }
    }

    fn any(&self) -> bool {
        self.cells
            .iter()
            .chain(&self.row_gap)
            .chain(&self.col_gap)
            .any(|&m| m != 0)
    }
}

/// A band: for each way, the digits it is still possible for, and those ruled out.
#[derive(Clone, Copy)]
struct Band {
    ways: [u16; 6],
    ruled_out: [u16; 6],
}

impl Band {
    const OPEN: Band = Band {
        ways: [ALL; 6],
        ruled_out: [0; 6],
    };

    /// `seg[p][s]`: the digits that can be in segment `s` of box `p`.
    fn segments(&self) -> [[u16; 3]; 3] {
        let mut seg = [[0u16; 3]; 3];
        for (w, layout) in LAYOUT.iter().enumerate() {
            for (p, &s) in layout.iter().enumerate() {
                seg[p][s] |= self.ways[w];
            }
        }
        seg
    }

    fn pairs(&self) -> u32 {
        self.ways.iter().map(|w| w.count_ones()).sum()
    }
}

/// Horizontal bands are `bands[0][box row]`, vertical ones `bands[1][box column]`.
#[derive(Clone, Copy)]
struct Board {
    blocks: [Block; 9],
    bands: [[Band; 3]; 2],
}

/// Rules out, in `out`, the ways that put the digits of `gap_sure[s]` in segment `s` of box
/// `p`, and those that put the digits of `placed[s]` in another segment than `s`.
fn rule_out(out: &mut [u16; 6], p: usize, gap_sure: &[u16; 3], placed: &[u16; 3]) {
    for (w, layout) in LAYOUT.iter().enumerate() {
        let s = layout[p];
        out[w] |= gap_sure[s] | placed[(s + 1) % 3] | placed[(s + 2) % 3];
    }
}

impl Board {
    fn new() -> Board {
        Board {
            blocks: [Block::FULL; 9],
            bands: [[Band::OPEN; 3]; 2],
        }
    }

    /// Writes the givens and lets each band step once; false on a contradiction.
    fn start(&mut self, digits: &[u8; 81]) -> bool {
        for (cell, &d) in digits.iter().enumerate() {
            if d == 0 || d > 9 {
                continue;
            }
            let bit = 1u16 << (d - 1);
            let (row, col) = (cell / 9, cell % 9);
            let (r, c) = (row % 3, col % 3);
            let block = &mut self.blocks[row / 3 * 3 + col / 3];
            for (i, m) in block.cells.iter_mut().enumerate() {
                *m &= if i == 3 * r + c { bit } else { !bit };
            }
            block.row_gap[r] &= !bit;
            block.col_gap[c] &= !bit;
            for (w, layout) in LAYOUT.iter().enumerate() {
                if layout[col / 3] != r {
                    self.bands[0][row / 3].ruled_out[w] |= bit;
                }
                if layout[row / 3] != c {
                    self.bands[1][col / 3].ruled_out[w] |= bit;
                }
            }
        }
        [
            (0, 0, 1),
            (1, 0, 1),
            (0, 1, 2),
            (1, 1, 2),
            (0, 2, 0),
            (1, 2, 0),
        ]
        .iter()
        .all(|&(o, k, from)| self.band_step(o, k, from))
    }

    /// A band step (see the module's doc): `o` 0 horizontal, 1 vertical; `from` the box
    /// (0..3 along the band) the message came from.
    fn band_step(&mut self, o: usize, k: usize, from: usize) -> bool {
        let band = &mut self.bands[o][k];
        if band
            .ways
            .iter()
            .zip(&band.ruled_out)
            .all(|(w, r)| w & r == 0)
        {
            return true;
        }
        for (w, r) in band.ways.iter_mut().zip(&band.ruled_out) {
            *w &= !r;
        }
        let seg = band.segments();
        let mut kill = [0u16; 6];
        for (p, segs) in seg.iter().enumerate() {
            for (s, &digits) in segs.iter().enumerate() {
                if digits.count_ones() == 3 {
                    for (w, layout) in LAYOUT.iter().enumerate() {
                        if layout[p] != s {
                            kill[w] |= digits;
                        }
                    }
                }
            }
        }
        for (w, x) in band.ways.iter_mut().zip(kill) {
            *w &= !x;
        }
        // All three boxes are told these segments, even when a nested step narrows the band
        // before the later boxes' turn: tdoku does so, and where propagation stops (so the
        // count) depends on it.
        let seg = band.segments();
        for p in [(from + 1) % 3, (from + 2) % 3, from] {
            let t = seg[p];
            let gaps = [t[1] | t[2], t[2] | t[0], t[0] | t[1]];
            let (b, allowed) = if o == 0 {
                let allowed = Block {
                    cells: std::array::from_fn(|i| t[i / 3]),
                    row_gap: gaps,
                    col_gap: [ALL; 3],
                };
                (3 * k + p, allowed)
            } else {
                let allowed = Block {
                    cells: std::array::from_fn(|i| t[i % 3]),
                    row_gap: [ALL; 3],
                    col_gap: gaps,
                };
                (3 * p + k, allowed)
            };
            if !self.box_step(b, &allowed, o == 1) {
                return false;
            }
        }
        true
    }

    /// A box step (see the module's doc): box `b` keeps only `allowed`; `from_vertical`:
    /// the message came from a vertical band.
    fn box_step(&mut self, b: usize, allowed: &Block, from_vertical: bool) -> bool {
        let block = &mut self.blocks[b];
        let mut cut = block.zip(allowed, |m, a| m & !a);
        if !cut.any() {
            return true;
        }
        let (bi, bj) = (b / 3, b % 3);
        let mut across = [0u16; 6]; // ruled out in the horizontal band
        let mut down = [0u16; 6]; // ruled out in the vertical band
        loop {
            *block = block.zip(&cut, |m, d| m & !d);
            if block.cells.contains(&0)
                || block
                    .row_gap
                    .iter()
                    .chain(&block.col_gap)
                    .any(|m| m.count_ones() < 6)
            {
                return false;
            }
            // Sure digits: naked singles, full gaps, and digits with one place in a segment.
            let mut sure = Block {
                cells: block.cells.map(|m| if m.count_ones() == 1 { m } else { 0 }),
                row_gap: block
                    .row_gap
                    .map(|m| if m.count_ones() == 6 { m } else { 0 }),
                col_gap: block
                    .col_gap
                    .map(|m| if m.count_ones() == 6 { m } else { 0 }),
            };
            for line in 0..3 {
                let rows = [3 * line, 3 * line + 1, 3 * line + 2];
                let cols = [line, line + 3, line + 6];
                for (members, gap, sure_gap) in [
                    (rows, block.row_gap[line], &mut sure.row_gap[line]),
                    (cols, block.col_gap[line], &mut sure.col_gap[line]),
                ] {
                    let (mut once, mut twice) = (0u16, 0u16);
                    for m in members.iter().map(|&i| block.cells[i]).chain([gap]) {
                        twice |= once & m;
                        once |= m;
                    }
                    for &i in &members {
                        sure.cells[i] |= block.cells[i] & !twice;
                    }
                    *sure_gap |= gap & !twice;
                }
            }
            let placed = sure.cells.iter().fold(0, |a, &m| a | m);
            let row_placed: [u16; 3] = std::array::from_fn(|r| {
                sure.cells[3 * r] | sure.cells[3 * r + 1] | sure.cells[3 * r + 2]
            });
            let col_placed: [u16; 3] =
                std::array::from_fn(|c| sure.cells[c] | sure.cells[c + 3] | sure.cells[c + 6]);
            cut = Block {
                cells: sure.cells.map(|s| if s != 0 { !s } else { placed }),
                row_gap: row_placed,
                col_gap: col_placed,
            };
            rule_out(&mut across, bj, &sure.row_gap, &row_placed);
            rule_out(&mut down, bi, &sure.col_gap, &col_placed);
            if !block.zip(&cut, |m, d| m & d).any() {
                break;
            }
        }
        for (r, x) in self.bands[0][bi].ruled_out.iter_mut().zip(across) {
            *r |= x;
        }
        for (r, x) in self.bands[1][bj].ruled_out.iter_mut().zip(down) {
            *r |= x;
        }
        // The band across the sender first: the order changes where propagation stops.
        let (flat, upright) = ((0, bi, bj), (1, bj, bi));
        let order = if from_vertical {
            [flat, upright]
        } else {
            [upright, flat]
        };
        order.iter().all(|&(o, k, from)| self.band_step(o, k, from))
    }
}

/// The search's tallies.
struct Tally {
    limit: usize,
    solutions: usize,
    guesses: u64,
}

impl Tally {
    fn search(&mut self, board: &mut Board) {
        // The band to branch on: fewest pairs, at least ten (fewer: every digit placed).
        let mut best: Option<(usize, u32)> = None;
        for i in 0..6 {
            let n = board.bands[i / 3][i % 3].pairs();
            if n >= 10 && best.is_none_or(|(_, m)| n < m) {
                best = Some((i, n));
            }
        }
        let Some((i, _)) = best else {
            self.solutions += 1;
            return;
        };
        let (o, k) = (i / 3, i % 3);
        let band = &board.bands[o][k];
        let ways_of = |d: usize| band.ways.iter().filter(|&&w| w >> d & 1 == 1).count();
        let digit = [2, 3]
            .iter()
            .find_map(|&n| (0..9).find(|&d| ways_of(d) == n))
            .or_else(|| (0..9).find(|&d| ways_of(d) >= 4))
            .expect("a band with ten pairs has a digit with two ways");
        let bit = 1u16 << digit;
        let first = band
            .ways
            .iter()
            .position(|&w| w & bit != 0)
            .expect("the digit has a way");
        self.guesses += 1;
        let mut tried = *board;
        for (w, r) in tried.bands[o][k].ruled_out.iter_mut().enumerate() {
            if w != first {
                *r |= board.bands[o][k].ways[w] & bit;
            }
        }
        if tried.band_step(o, k, 0) {
            self.search(&mut tried);
            if self.solutions == self.limit {
                return;
            }
        }
        board.bands[o][k].ruled_out[first] |= bit;
        if board.band_step(o, k, 0) {
            self.search(board);
        }
    }
}

/// What tdoku's search did on a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Backtracks {
    /// Guesses made: tdoku's `num_guesses`, the backtrack count.
    pub guesses: u64,
    /// Solutions found, up to the limit (as tdoku counts them).
    pub solutions: usize,
}

/// tdoku's backtrack count of a 9x9 puzzle (`None` for another shape): the guesses its
/// search makes looking for up to `limit` solutions (at least 1). `limit` 1 (solve) is
/// the count sudoku-extreme's `rating` column reports; 2 also proves uniqueness. The count
/// depends on the puzzle's orientation and digit labels, as tdoku's does.
pub fn backtracks(grid: &Grid, limit: usize) -> Option<Backtracks> {
    if grid.shape() != Shape::NINE {
        return None;
    }
    let digits: &[u8; 81] = grid.values().try_into().ok()?;
    Some(backtracks_of(digits, limit))
}

/// [`backtracks`] of 81 digits in reading order (0 blank, 1..=9; anything above 9 is
/// read as a blank).
pub fn backtracks_of(digits: &[u8; 81], limit: usize) -> Backtracks {
    let mut tally = Tally {
        limit: limit.max(1),
        solutions: 0,
        guesses: 0,
    };
    let mut board = Board::new();
    if board.start(digits) {
        tally.search(&mut board);
    }
    Backtracks {
        guesses: tally.guesses,
        solutions: tally.solutions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(line: &str) -> [u8; 81] {
        let b = line.as_bytes();
        assert_eq!(b.len(), 81, "{line}");
        std::array::from_fn(|i| match b[i] {
            d @ b'1'..=b'9' => d - b'0',
            _ => 0,
        })
    }

    /// (puzzle, guesses at limit 1, guesses at limit 2, solutions at limit 2). The numbers
    /// are tdoku's own: `TdokuSolverDpllTriadSimd(puzzle, limit, 0, solution, &num_guesses)`
    /// of t-dillon/tdoku at af42618, built with g++ -O2 -march=native (a driver outside
    /// this repository; docs/FORMATS.md "backtracks" says how to rebuild it).
    const TDOKU: [(&str, u64, u64, usize); 8] = [
        // top1465, the first two
        (
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            29,
            50,
            1,
        ),
        (
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            36,
            40,
            1,
        ),
        // forum-hardest-1905: the two with the most guesses
        (
            "98.7..6..7..6..8....5....4.8..9..3...3..7........3...21....7....7..691.....1....8",
            520,
            543,
            1,
        ),
        (
            "98.7..6..7..6..8....5....4.8..9..3...3..7...2....3....1....7....7..691.....1....8",
            497,
            545,
            1,
        ),
        // 17-clue: one solved by propagation, the one with the most guesses
        (
            ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
            0,
            0,
            1,
        ),
        (
            "........1.......23..4..5........46......78...12..........3...1...7......6....98..",
            289,
            289,
            1,
        ),
        // serg-benchmark's first (several solutions)
        (
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
            6,
            6,
            2,
        ),
        // the empty grid
        (
            ".................................................................................",
            36,
            36,
            2,
        ),
    ];

    #[test]
    fn the_counts_are_tdokus() {
        for (line, one, two, solutions) in TDOKU {
            let d = digits(line);
            assert_eq!(
                backtracks_of(&d, 1),
                Backtracks {
                    guesses: one,
                    solutions: 1
                },
                "{line}"
            );
            let both = backtracks_of(&d, 2);
            assert_eq!(
                both,
                Backtracks {
                    guesses: two,
                    solutions
                },
                "{line}"
            );
        }
    }

    #[test]
    fn contradictions_in_the_givens_cost_no_guess() {
        // tdoku: 0 guesses, 0 solutions for both.
        for line in [
            format!("11{}", ".".repeat(79)),
            format!("1234567891{}", ".".repeat(71)),
        ] {
            let b = backtracks_of(&digits(&line), 2);
            assert_eq!((b.guesses, b.solutions), (0, 0), "{line}");
        }
    }

    /// Away from tdoku: its solutions are numpl's (up to two), and the limit-1 search is
    /// the start of the limit-2 one, on puzzles blanked at random from a solution grid.
    #[test]
    fn solutions_agree_with_numpls_count() {
        // The seed's solution, blanked at random (and now and then a wrong digit added).
        let full = digits(
            "821459673936172458745386291254638917187294536369715824693541782572863149418927365",
        );
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            usize::try_from(x % n).unwrap()
        };
        for trial in 0..600 {
            let keep = 17 + next(30);
            let mut p = [0u8; 81];
            for _ in 0..keep {
                let c = next(81);
                p[c] = full[c];
            }
            if trial % 5 == 0 {
                let c = next(81);
                if p[c] == 0 {
                    p[c] = 1 + u8::try_from(next(9)).unwrap();
                }
            }
            let grid = Grid::from_values(Shape::NINE, p.to_vec()).unwrap();
            let (one, two) = (backtracks_of(&p, 1), backtracks_of(&p, 2));
            let n = crate::count_solutions(&grid, 2);
            assert_eq!(two.solutions, n, "{p:?}");
            assert_eq!(one.solutions, n.min(1), "{p:?}");
            assert!(one.guesses <= two.guesses, "{p:?}");
        }
    }

    #[test]
    fn only_nine_by_nine() {
        let four = Grid::empty(Shape::new(2, 2).unwrap());
        assert_eq!(backtracks(&four, 1), None);
        let nine = Grid::empty(Shape::NINE);
        assert_eq!(backtracks(&nine, 1).map(|b| b.guesses), Some(36));
    }
}
