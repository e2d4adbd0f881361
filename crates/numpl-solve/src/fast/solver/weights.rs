//! Weighted branching for the [`Solver`] (dom/wdeg: Boussemart, Hemery, Lecoutre and
//! Sais, 2004), on for positions (puzzles whose pencil marks limit the cells,
//! [`super::super::search_masked`]): the cell to branch on is the one with the most weight
//! for the square of its candidates, a cell weighing more each time a branch on it fails
//! and each time a contradiction is found in it or in one of its units. The variant engine
//! branches so ([`crate::variant`]); the fewest-candidates order of the plain search is
//! lost on positions, where most cells have two or three candidates from the start (ISS's
//! HARD_PENCILMARKS: none of its seven solved in 5M nodes, see docs/DEVELOPMENT.md).

use super::branch::Frame;
use super::Solver;

/// What found the last contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::fast) enum Culprit {
    None,
    /// A cell left without candidates.
    Cell(u16),
    /// A unit where a value has no place left.
    Unit(u16),
}

/// Failures between two halvings of the weights.
const DECAY: u32 = 1 << 14;
/// A cell's weight to start with, in fifths of a failed branch: its three units at `2N`
/// each, as the variant engine weighs a cell of a plain grid.
fn start(n: usize) -> u32 {
    5 * 6 * n as u32
}
/// What a contradiction adds to each cell it is found in, in fifths.
const BLAME: u32 = 5;

/// The cells' weights, in fifths of a failed branch.
pub(in crate::fast) struct Weights {
    cell: Vec<u32>,
    countdown: u32,
}

impl Weights {
    pub(in crate::fast) fn new(cells: usize, n: usize) -> Weights {
        Weights {
            cell: vec![start(n); cells],
            countdown: DECAY,
        }
    }
}

impl Solver {
    /// A branch on `cell` failed: it weighs one failure more, and the cells where the
    /// contradiction was found ([`Solver::culprit`]) [`BLAME`] more.
    pub(super) fn failed(&mut self, cell: usize) {
        let culprit = std::mem::replace(&mut self.culprit, Culprit::None);
        let n = self.n;
        let Some(w) = &mut self.weights else {
            return;
        };
        w.cell[cell] += 5;
        match culprit {
            Culprit::None => {}
            Culprit::Cell(c) => w.cell[c as usize] += BLAME,
            Culprit::Unit(u) => {
                for &c in &self.unit_cells[u as usize * n..(u as usize + 1) * n] {
                    w.cell[c as usize] += BLAME;
                }
            }
        }
        w.countdown -= 1;
        if w.countdown == 0 {
            w.countdown = DECAY;
            w.cell.iter_mut().for_each(|x| *x >>= 1);
        }
    }

    /// Where to branch with weights: the open cell with the most weight for the square of
    /// its candidates (on a tie the fewer candidates, then the first); where it has three
    /// candidates or more and unit branches are on, a value with two places in a unit is
    /// a choice of two as well, weighed by its heavier place, and taken when it weighs as
    /// much as the cell or more (the heaviest such).
    pub(super) fn pick_weighted(&self, level: usize) -> Frame {
        let w = &self.weights.as_ref().expect("weighted").cell;
        let base = level * self.cells;
        let cand = &self.cand[base..base + self.cells];
        let (mut bk, mut bw, mut bc) = (0u64, 0u64, 0usize);
        for (c, &m) in cand.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let (k, wc) = (u64::from(m.count_ones()), u64::from(w[c]));
            let (mine, theirs) = (wc * bk * bk, bw * k * k);
            if bk == 0 || mine > theirs || (mine == theirs && k < bk) {
                (bk, bw, bc) = (k, wc, c);
            }
        }
        let best = Frame::cell(bc as u16, cand[bc]);
        if !self.unit_branch || bk <= 2 {
            return best;
        }
        let n = self.n;
        let mut found: Option<(u64, usize, usize)> = None;
        self.each_open_value(level, |u, d, places| {
            if places != 2 {
                return;
            }
            let top = self.unit_cells[u * n..(u + 1) * n]
                .iter()
                .filter(|&&c| cand[c as usize] >> d & 1 != 0)
                .map(|&c| u64::from(w[c as usize]))
                .max()
                .unwrap_or(0);
            if top * bk * bk >= bw * 4 && found.is_none_or(|(t, _, _)| top > t) {
                found = Some((top, u, d));
            }
        });
        match found {
            Some((_, u, d)) => self.places_frame(level, u, d),
            None => best,
        }
    }
}
