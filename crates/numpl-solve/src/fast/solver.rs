//! The general engine's [`Solver`]: the state of every search level (candidates, values,
//! per-value boards, per-unit counts) in preallocated stacks, level 0 made from a puzzle,
//! and the depth-first search over the levels. Its parts: [`propagate`] (placing values
//! and the singles and box-line reductions that follow), [`branch`] (where to branch, and
//! probing), [`restart`] (searching in restarts).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use numpl_core::{Grid, Shape};

use super::order::{LowestFirst, ValueOrder};
use super::tuning::{probe_count, Tuning};
use crate::SearchResult;

mod branch;
mod propagate;
mod restart;
mod weights;

use branch::{Choice, Frame};
use restart::Rng;
use weights::{Culprit, Weights};

#[cfg(test)]
pub(super) use restart::luby;

/// Nodes between two reports to a progress counter.
const REPORT_EVERY: u64 = 1 << 16;

/// A contradiction was found: the current branch has no solution.
struct Dead;

/// The bits of the units of a shape (3N <= 192), one bit per unit.
type Units = [u64; 3];

pub(super) struct Solver {
    shape: Shape,
    n: usize,
    cells: usize,
    all: u64,
    locked: bool,
    /// The three units of every cell.
    cell_units: Vec<[u16; 3]>,
    /// The three units of every cell as bits.
    cell_masks: Vec<Units>,
    /// The N cells of every unit, reading order.
    unit_cells: Vec<u16>,
    /// Words of a cell bit set (`cells` bits).
    words: usize,
    /// The cells of every unit as a bit set, `words` each.
    unit_bits: Vec<u64>,
    /// Candidates per level: `cells` words per level; 0 for an assigned cell.
    cand: Vec<u64>,
    /// Values per level: `cells` bytes per level, 0 for an open cell.
    val: Vec<u8>,
    /// Values placed in each unit, per level: `3N` words per level.
    placed: Vec<u64>,
    /// Per level and value, the open cells that have it as a candidate (`N * words` words
    /// per level): the peers losing a placed value are found a word at a time.
    board: Vec<u64>,
    /// Per level, unit and value (`3N * N` bytes per level): how many open cells of the
    /// unit have the value as a candidate (for a value placed in the unit: not kept up).
    count: Vec<u8>,
    /// Open cells per level.
    left: Vec<u32>,
    /// Branching frames, innermost last.
    frames: Vec<Frame>,
    /// Whether the search may branch on the places of a value in a unit when they are
    /// fewer than the best cell's candidates.
    unit_branch: bool,
    /// Random tie-breaks and value orders (restarts after the first run); `None`: the
    /// first best cell, values in the order asked for.
    rng: Option<Rng>,
    /// Whether [`Solver::run`] searches in restarts ([`Solver::restart`]).
    restarts: bool,
    /// A grid the search steers towards (values in reading order; empty: none): at a
    /// branch on a cell its value there is tried first while untried, at a branch on a
    /// value's places in a unit its cell holding that value. The restarts set one on
    /// sparse grids ([`Solver::restart`]).
    hint: Vec<u8>,
    /// Where the nodes visited are added as the search goes (every [`REPORT_EVERY`]).
    progress: Option<Arc<AtomicU64>>,
    /// The nodes already added to `progress`.
    reported: u64,
    /// Nodes of the searches before the last [`Solver::init`] (which starts `nodes` at 0).
    spent: u64,
    /// Naked singles waiting to be assigned.
    queue: Vec<u16>,
    /// (unit, value - 1) whose count fell to one: hidden singles to check.
    hidden: Vec<(u16, u8)>,
    /// Units changed since the last box-line pass.
    line_dirty: Units,
    nodes: u64,
    guesses: u64,
    budget: u64,
    /// Nodes one search of the public searcher may visit (its `budget` is set from this
    /// when the search starts, see [`Solver::start_search`]).
    search_budget: u64,
    /// How many bivalue cells to probe before branching (0: no probing).
    probe_k: usize,
    /// Bivalue cells to probe: (units' open cells, cell, candidates).
    probe_cells: Vec<(u32, u16, u64)>,
    /// Weighted branching ([`weights`]): `None` for the fewest candidates.
    weights: Option<Weights>,
    /// What found the last contradiction (for the weights).
    culprit: Culprit,
}

impl Solver {
    pub(super) fn new(shape: Shape, budget: u64) -> Solver {
        let geo = shape.geometry();
        let n = shape.size();
        let cells = shape.cells();
        let cell_units: Vec<[u16; 3]> = (0..cells).map(|c| geo.units_of(c)).collect();
        let cell_masks = cell_units
            .iter()
            .map(|us| {
                let mut m: Units = [0; 3];
                for &u in us {
                    m[(u >> 6) as usize] |= 1u64 << (u & 63);
                }
                m
            })
            .collect();
        let mut unit_cells = Vec::with_capacity(3 * n * n);
        for u in 0..geo.unit_count() {
            unit_cells.extend_from_slice(geo.unit(u));
        }
        let words = cells.div_ceil(64);
        let mut unit_bits = vec![0u64; 3 * n * words];
        for u in 0..3 * n {
            for &c in &unit_cells[u * n..(u + 1) * n] {
                unit_bits[u * words + c as usize / 64] |= 1u64 << (c % 64);
            }
        }
        let tuning = Tuning::for_size(n);
        // Room for a few levels; grown when a search goes deeper.
        let levels = 16;
        Solver {
            shape,
            n,
            cells,
            all: shape.all_values().bits(),
            locked: tuning.locked,
            cell_units,
            cell_masks,
            unit_cells,
            words,
            unit_bits,
            cand: vec![0; levels * cells],
            val: vec![0; levels * cells],
            placed: vec![0; levels * 3 * n],
            board: vec![0; levels * n * words],
            count: vec![0; levels * 3 * n * n],
            left: vec![0; levels],
            frames: Vec::with_capacity(levels),
            unit_branch: tuning.unit_branch,
            rng: None,
            restarts: tuning.restarts,
            hint: Vec::new(),
            progress: None,
            reported: 0,
            spent: 0,
            queue: Vec::with_capacity(cells),
            hidden: Vec::with_capacity(3 * n * n),
            line_dirty: [0; 3],
            nodes: 0,
            guesses: 0,
            budget,
            search_budget: u64::MAX,
            probe_k: if tuning.probe { probe_count(n) } else { 0 },
            probe_cells: Vec::with_capacity(cells),
            weights: None,
            culprit: Culprit::None,
        }
    }

    /// Switches the parts of the search on or off as `tuning` says.
    #[cfg(any(test, feature = "dev"))]
    pub(super) fn set_tuning(&mut self, tuning: &Tuning) {
        self.unit_branch = tuning.unit_branch;
        self.restarts = tuning.restarts;
        self.locked = tuning.locked;
        self.probe_k = if tuning.probe { probe_count(self.n) } else { 0 };
    }

    /// Positions: weighted branching ([`weights`]), branches on a value's two places in a
    /// unit, and box-line reductions.
    pub(super) fn for_positions(&mut self) {
        self.weights = Some(Weights::new(self.cells, self.n));
        self.unit_branch = true;
        self.locked = true;
    }

    /// Probes `k` bivalue cells before each guess (0: none).
    #[cfg(test)]
    pub(super) fn set_probe_count(&mut self, k: usize) {
        self.probe_k = k;
    }

    pub(super) fn run(&mut self, puzzle: &Grid, limit: usize) -> SearchResult {
        let mut result = SearchResult::default();
        if self.init(puzzle).is_ok() {
            if self.restarts && limit <= 2 {
                self.restart(limit, &mut result);
            } else {
                self.search(0, limit, &mut result, &mut LowestFirst);
            }
        }
        self.report_progress();
        result.nodes = self.nodes;
        result.guesses = self.guesses;
        result
    }

    /// Adds the nodes visited since the last report to the progress counter, if any.
    fn report_progress(&mut self) {
        if let Some(p) = &self.progress {
            p.fetch_add(self.nodes - self.reported, Ordering::Relaxed);
        }
        self.reported = self.nodes;
    }

    /// Level 0: every given placed and propagated. The state is built in bulk (units'
    /// placed values, candidates, the per-value boards and counts), not given by given: it
    /// is what placing the givens one by one leaves, at a fraction of the cost (which
    /// matters to the generator, which sets up thousands of puzzles).
    fn init(&mut self, puzzle: &Grid) -> Result<(), Dead> {
        let n = self.n;
        let words = self.words;
        self.reset_queues();
        self.report_progress();
        self.spent += self.nodes;
        self.nodes = 0;
        self.reported = 0;
        let values = puzzle.values();
        let placed = &mut self.placed[..3 * n];
        placed.fill(0);
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                let bit = 1u64 << (v - 1);
                for u in self.cell_units[c] {
                    let p = &mut placed[u as usize];
                    if *p & bit != 0 {
                        return Err(Dead);
                    }
                    *p |= bit;
                }
            }
        }
        let board = &mut self.board[..n * words];
        board.fill(0);
        let count = &mut self.count[..3 * n * n];
        count.fill(0);
        let mut left = 0u32;
        for (c, &v) in values.iter().enumerate() {
            self.val[c] = v;
            if v != 0 {
                self.cand[c] = 0;
                continue;
            }
            left += 1;
            let [a, b, d] = self.cell_units[c];
            let m = self.all & !(placed[a as usize] | placed[b as usize] | placed[d as usize]);
            self.cand[c] = m;
            if m & m.wrapping_sub(1) == 0 {
                if m == 0 {
                    return Err(Dead);
                }
                self.queue.push(c as u16);
            }
            let mut rest = m;
            while rest != 0 {
                let k = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                board[k * words + c / 64] |= 1u64 << (c % 64);
                count[a as usize * n + k] += 1;
                count[b as usize * n + k] += 1;
                count[d as usize * n + k] += 1;
            }
        }
        self.left[0] = left;
        for u in 0..3 * n {
            let mut open = self.all & !placed[u];
            while open != 0 {
                let k = open.trailing_zeros() as usize;
                open &= open - 1;
                match count[u * n + k] {
                    0 => return Err(Dead),
                    1 => self.hidden.push((u as u16, k as u8)),
                    _ => {}
                }
            }
        }
        let units = 3 * n;
        for (w, d) in self.line_dirty.iter_mut().enumerate() {
            *d = match units.saturating_sub(w * 64) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1u64 << k) - 1,
            };
        }
        self.propagate(0)
    }

    /// Forgets pending work (before propagating a new level).
    fn reset_queues(&mut self) {
        self.queue.clear();
        self.hidden.clear();
        self.line_dirty = [0; 3];
    }

    /// Searches from the propagated, consistent level `base` (the levels below it are
    /// kept), trying the values of a branch in the order `order` gives.
    pub(super) fn search<O: ValueOrder + ?Sized>(
        &mut self,
        base: usize,
        limit: usize,
        result: &mut SearchResult,
        order: &mut O,
    ) {
        debug_assert!(self.frames.is_empty());
        let cells = self.cells;
        let mut level = base;
        loop {
            // The state at `level` is propagated and consistent.
            match self.choose(level) {
                Choice::Solved => {
                    result.count += 1;
                    if result.first.is_none() {
                        let vals = self.val[level * cells..(level + 1) * cells].to_vec();
                        result.first = Some(Grid::from_values(self.shape, vals).expect("in range"));
                    }
                    if result.count >= limit {
                        self.frames.clear();
                        return;
                    }
                }
                Choice::Dead => {}
                Choice::Branch(frame) => {
                    self.guesses += 1;
                    self.frames.push(frame);
                }
            }
            if self.nodes - self.reported >= REPORT_EVERY {
                self.report_progress();
            }
            // Try the next untried value of the innermost open branch.
            loop {
                let Some(&frame) = self.frames.last() else {
                    return;
                };
                let rem = frame.rem;
                if rem == 0 {
                    self.frames.pop();
                    continue;
                }
                if self.nodes >= self.budget {
                    result.budget_hit = true;
                    self.frames.clear();
                    return;
                }
                let (cell, v, left) = if frame.value == 0 {
                    let cell = frame.at as usize;
                    let h = self.hint.get(cell).copied().unwrap_or(0);
                    let v = if h != 0 && rem >> (h - 1) & 1 == 1 {
                        h
                    } else {
                        match &mut self.rng {
                            Some(rng) => rng.pick_bit(rem).trailing_zeros() as u8 + 1,
                            None => order.next(cell, rem),
                        }
                    };
                    debug_assert!(rem >> (v - 1) & 1 == 1, "the order gave an untried value");
                    (cell, v, rem & !(1u64 << (v - 1)))
                } else {
                    let hinted = self.hinted_place(frame.at as usize, frame.value, rem);
                    let bit = match (&mut self.rng, hinted) {
                        (_, Some(bit)) => bit,
                        (Some(rng), None) => rng.pick_bit(rem),
                        (None, None) => rem & rem.wrapping_neg(),
                    };
                    let i = bit.trailing_zeros() as usize;
                    let cell = self.unit_cells[frame.at as usize * self.n + i] as usize;
                    (cell, frame.value, rem & !bit)
                };
                if let Some(f) = self.frames.last_mut() {
                    f.rem = left;
                }
                level = base + self.frames.len();
                self.ensure_level(level);
                self.copy_level(level - 1, level, true);
                self.reset_queues();
                if self.assign(level, cell, v).is_ok() && self.propagate(level).is_ok() {
                    break;
                }
                if self.weights.is_some() {
                    self.failed(cell);
                }
            }
        }
    }

    /// At a branch on the places `rem` of `value` in `unit`: the place (as a bit of `rem`)
    /// whose cell holds `value` in the hint, if there is a hint and it is untried.
    fn hinted_place(&self, unit: usize, value: u8, rem: u64) -> Option<u64> {
        if self.hint.is_empty() {
            return None;
        }
        let cells = &self.unit_cells[unit * self.n..(unit + 1) * self.n];
        let mut m = rem;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            if self.hint[cells[bit.trailing_zeros() as usize] as usize] == value {
                return Some(bit);
            }
        }
        None
    }

    fn ensure_level(&mut self, level: usize) {
        if self.left.len() <= level {
            let levels = (level + 1) * 2;
            self.cand.resize(levels * self.cells, 0);
            self.val.resize(levels * self.cells, 0);
            self.placed.resize(levels * 3 * self.n, 0);
            self.count.resize(levels * 3 * self.n * self.n, 0);
            self.board.resize(levels * self.n * self.words, 0);
            self.left.resize(levels, 0);
        }
    }

    /// Copies level `from` to level `to`; the values only `with_values` (a probe's
    /// scratch level needs none: a solution is only read from a search level).
    fn copy_level(&mut self, from: usize, to: usize, with_values: bool) {
        let cells = self.cells;
        let units = 3 * self.n;
        self.cand
            .copy_within(from * cells..(from + 1) * cells, to * cells);
        if with_values {
            self.val
                .copy_within(from * cells..(from + 1) * cells, to * cells);
        }
        self.placed
            .copy_within(from * units..(from + 1) * units, to * units);
        let k = units * self.n;
        self.count.copy_within(from * k..(from + 1) * k, to * k);
        let k = self.n * self.words;
        self.board.copy_within(from * k..(from + 1) * k, to * k);
        self.left[to] = self.left[from];
    }
}

/// What the public searcher ([`crate::Searcher`]) needs of the engine beyond a plain search.
impl Solver {
    /// Level 0 made from `puzzle` (givens placed, propagated); `false` on a contradiction.
    pub(super) fn settle(&mut self, puzzle: &Grid) -> bool {
        self.init(puzzle).is_ok()
    }

    /// Turns branching on a value's places in a unit on or off (on by default from 16x16
    /// up; the searcher turns it off: its value orders are about cells).
    pub(super) fn set_unit_branch(&mut self, on: bool) {
        self.unit_branch = on;
    }

    /// Turns box-line reductions on or off (on by default from 16x16 up).
    pub(super) fn set_locked(&mut self, on: bool) {
        self.locked = on;
    }

    /// Whether box-line reductions are on.
    pub(super) fn locked(&self) -> bool {
        self.locked
    }

    /// Stops each later search after `budget` nodes (values placed, by branching,
    /// propagation or probing), counted from [`Solver::start_search`].
    pub(super) fn set_search_budget(&mut self, budget: u64) {
        self.search_budget = budget;
    }

    /// The budget of [`Solver::set_search_budget`].
    pub(super) fn search_budget(&self) -> u64 {
        self.search_budget
    }

    /// A search starts: it may visit `search_budget` nodes from here.
    pub(super) fn start_search(&mut self) {
        self.budget = self.nodes.saturating_add(self.search_budget);
    }

    /// Sends the nodes visited to `progress` as the searches go.
    pub(super) fn set_progress(&mut self, progress: Option<Arc<AtomicU64>>) {
        self.progress = progress;
    }

    /// Every node visited since the solver was made.
    pub(super) fn total_nodes(&self) -> u64 {
        self.spent + self.nodes
    }

    /// Whether every cell of `level` is filled.
    pub(super) fn is_full(&self, level: usize) -> bool {
        self.left[level] == 0
    }

    /// The value of `cell` at `level` (0: open).
    pub(super) fn value(&self, level: usize, cell: usize) -> u8 {
        self.val[level * self.cells + cell]
    }

    /// Level `level + 1`: a copy of `level` where the open `cell` has lost `v`, propagated.
    /// `false` on a contradiction.
    pub(super) fn branch_without(&mut self, level: usize, cell: usize, v: u8) -> bool {
        let to = level + 1;
        self.ensure_level(to);
        self.copy_level(level, to, true);
        self.reset_queues();
        self.remove(to, cell, 1u64 << (v - 1)).is_ok() && self.propagate(to).is_ok()
    }

    /// Places `v` in the open `cell` of `level` and propagates; `false` on a contradiction
    /// (`v` not a candidate there included).
    pub(super) fn place(&mut self, level: usize, cell: usize, v: u8) -> bool {
        self.reset_queues();
        self.cand[level * self.cells + cell] >> (v - 1) & 1 == 1
            && self.assign(level, cell, v).is_ok()
            && self.propagate(level).is_ok()
    }
}

/// Positions: candidates cut by hand before the search.
impl Solver {
    /// Up to `limit` solutions of `puzzle` (givens that do not clash) with each cell's
    /// candidates cut to `masks[cell]` before the search starts.
    pub(super) fn run_masked(
        &mut self,
        puzzle: &Grid,
        masks: &[u64],
        limit: usize,
    ) -> SearchResult {
        let mut result = SearchResult::default();
        if self.init(puzzle).is_ok() && self.restrict(masks).is_ok() {
            self.search(0, limit, &mut result, &mut LowestFirst);
        }
        result.nodes = self.nodes;
        result.guesses = self.guesses;
        result
    }

    /// Cuts the candidates of level 0 (made by [`Solver::init`]) to `masks` (one per cell)
    /// and propagates; a filled cell whose value is not in its mask is a contradiction.
    fn restrict(&mut self, masks: &[u64]) -> Result<(), Dead> {
        self.reset_queues();
        for (c, &m) in masks.iter().enumerate().take(self.cells) {
            match self.val[c] {
                0 => self.remove(0, c, !m)?,
                v if m >> (v - 1) & 1 == 0 => return Err(Dead),
                _ => {}
            }
        }
        self.propagate(0)
    }
}
