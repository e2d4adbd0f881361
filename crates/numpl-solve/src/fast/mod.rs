//! The fast search for every shape (4x4 up to 64x64): a bitmask, minimum-remaining-values
//! search with propagation. It serves [`solve`](crate::solve) and counting (values tried
//! smallest first) and, through [`Searcher`](crate::Searcher), the generator (a value-order
//! hook, a node budget per search, searches from a level above 0).
//!
//! - each cell keeps its candidates as a `u64` (value v is bit v-1);
//! - each level also keeps, per value, the set of open cells that have it (a bit set of
//!   the grid), so placing a value finds the peers that lose it a word at a time;
//! - placing a value removes it from the cell's peers; a cell left with one candidate is
//!   queued (naked single);
//! - each level keeps, per unit and value, how many open cells of the unit have the value
//!   as a candidate; when a removal brings a count to one the (unit, value) is queued as a
//!   hidden single, to zero it is a contradiction (no unit is scanned to find them);
//! - when singles stall, locked candidates (box-line: pointing and claiming) are applied on
//!   grids of 16x16 and larger, where they cut the tree more than they cost, to the boxes
//!   and lines that changed since the last such pass;
//! - then the search branches on the open cell with the fewest candidates, ties going to
//!   the cell whose row, column and box have the fewest open cells (it cuts the tree on big
//!   grids several-fold against the first such cell);
//! - from 16x16 up, when that cell has two candidates, the bivalue cells (up to
//!   [`probe_count`], fewest open cells in their units first) are probed first: each value
//!   is placed on a scratch level and propagated (singles only). A value that fails forces
//!   the other (placed and propagated; the pass goes on, and passes repeat until one forces
//!   nothing); otherwise the search
//!   branches on the probed cell whose two values fill the most cells (product of the
//!   two counts). Minimal 25x25 and 36x36 puzzles need a hundred to ten thousand times fewer
//!   guesses, and the worst ones go from seconds to milliseconds.
//!
//! - from 25x25 up, when a value has fewer places left in some unit than the best cell has
//!   candidates, the search branches on those places instead (one child per place);
//! - from 16x16 up a solve searches in restarts: runs with node budgets on Luby's sequence
//!   (1 1 2 1 1 2 4 ... times [`restart_unit`]), the first in the plain order, the later
//!   ones with random tie-breaks among the best cells and random value orders. A run that
//!   ends within its budget is a whole search, so its count is exact; a run cut off keeps
//!   the solution it found, and two different solutions from any runs make the puzzle
//!   multiple. Random puzzles off the beaten path (issue 17: 80 random givens on a 16x16,
//!   or a big grid blanked at random) are heavy-tailed for a depth-first search, where one
//!   early wrong turn costs hundreds of millions of nodes; restarts cut those tails
//!   (issue 17's 16x16: 777 million nodes before, 34,432 now; `cargo xtask bigbench
//!   --ablate` has the figures). The [`Searcher`](crate::Searcher) (the generator's) keeps
//!   the plain cell-by-cell search: its value orders are the point there.
//!
//! An assigned cell has no candidates left (its value is in the level's value array and in
//! its units' placed masks), so the scans need no test for "open".
//!
//! Where the time goes (generator-made minimal 25x25 puzzles, callgrind): about 70% in
//! probes, mostly placing values (`assign`); box-line passes about 15%, copying levels
//! about 10%.
//!
//! Each search level is a copy of the parent's state in a preallocated stack (grown only
//! when the search goes deeper than before), so a node allocates nothing. 9x9 grids go to
//! the dedicated bitboard solver in `nine.rs`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use numpl_core::{Grid, Shape};

use crate::SearchResult;

mod searcher;

pub use searcher::{Found, KnownFirst, LowestFirst, Propagated, Searcher, ValueOrder};

/// Searches for up to `limit` solutions, stopping after `budget` nodes. Clashing givens
/// give no solution and no work: the 9x9 solver finds them as it places the givens; for
/// other shapes `Grid::check` does, before the general solver (which needs them clean).
pub(crate) fn search(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    search_counted(puzzle, limit, budget, None)
}

/// [`search`], adding the nodes it visits to `progress` as it goes (not on the 9x9 path,
/// which is done in microseconds).
pub(crate) fn search_counted(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    progress: Option<&Arc<AtomicU64>>,
) -> SearchResult {
    if puzzle.shape() == Shape::NINE {
        return crate::nine::search(puzzle, limit, budget);
    }
    if puzzle.check().is_err() {
        return SearchResult::default();
    }
    general_counted(puzzle, limit, budget, progress)
}

/// The general solver, for any shape (9x9 included; the tests compare it with `nine`).
pub(crate) fn general(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    general_counted(puzzle, limit, budget, None)
}

/// [`general`], adding the nodes it visits to `progress` as it goes.
pub(crate) fn general_counted(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    progress: Option<&Arc<AtomicU64>>,
) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), budget);
    s.progress = progress.cloned();
    s.run(puzzle, limit.max(1))
}

/// The general solver on a position: `puzzle`'s givens, and each cell's candidates cut to
/// `masks[cell]` (value v is bit v - 1) before the search starts. Up to `limit` solutions,
/// stopping after `budget` nodes.
pub(crate) fn search_masked(
    puzzle: &Grid,
    masks: &[u64],
    limit: usize,
    budget: u64,
) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), budget);
    let mut result = SearchResult::default();
    if puzzle.check().is_ok() && s.init(puzzle).is_ok() && s.restrict(masks).is_ok() {
        s.search(0, limit.max(1), &mut result, &mut LowestFirst);
    }
    result.nodes = s.nodes;
    result.guesses = s.guesses;
    result
}

/// The general solver with box-line reductions forced on or off and `probe` bivalue cells
/// probed before each guess (tests).
#[cfg(test)]
fn general_with(puzzle: &Grid, limit: usize, locked: bool, probe: usize) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), u64::MAX);
    s.locked = locked;
    s.probe_k = probe;
    s.run(puzzle, limit.max(1))
}

/// [`general`] with each part of the search switched on or off as `tuning` says (the
/// shape's defaults for what it leaves out): for measuring what each part buys.
pub(crate) fn general_tuned(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    tuning: &crate::Tuning,
) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), budget);
    s.unit_branch = tuning.unit_branch;
    s.restarts = tuning.restarts;
    if !tuning.probe {
        s.probe_k = 0;
    }
    s.locked = tuning.locked;
    s.run(puzzle, limit.max(1))
}

/// Whether box-line reductions run before each guess for a grid of side `n`.
fn use_locked(n: usize) -> bool {
    n >= 16
}

/// Whether the search branches on a value's places in a unit (when fewer than the best
/// cell's candidates) on a grid of side `n`. It halves the median 36x36 of `cargo xtask
/// bigbench` (0.16 s to 0.07 s) and makes the worst 25x25 faster (0.02 s to 0.008 s), but
/// on 16x16 one puzzle in 300 went from 4 ms to 0.75 s with it: from 25x25 up.
fn use_unit_branch(n: usize) -> bool {
    n >= 25
}

/// Whether a solve searches in restarts on a grid of side `n`.
fn use_restarts(n: usize) -> bool {
    n >= 16
}

/// The node budget of a restart's unit run (the Luby sequence scales it) on a grid of
/// `cells` cells.
fn restart_unit(cells: usize) -> u64 {
    64 * cells as u64
}

/// The Luby sequence, from `i = 1`: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Nodes between two reports to a progress counter.
const REPORT_EVERY: u64 = 1 << 16;

/// How many bivalue cells are probed before each guess on a grid of side `n` (0: none).
/// A probe costs a propagation, far more than it saves on small grids; from 16x16 up it
/// shrinks the tree tenfold to a thousandfold (25x25 minimal puzzles: 474,962 guesses for
/// ten puzzles without, 262 with).
fn probe_count(n: usize) -> usize {
    match n {
        0..=15 => 0,
        16..=24 => 16,
        _ => 32,
    }
}

/// A contradiction was found: the current branch has no solution.
struct Dead;

/// What a propagated level leads to.
enum Choice {
    Solved,
    Dead,
    Branch(Frame),
}

/// A branch point. On a cell (`value == 0`): `at` is the cell and `rem` its values not
/// tried yet (value `v` is bit `v - 1`). On a value's places in a unit (`value > 0`):
/// `at` is the unit and `rem` the positions in the unit (bit `i`: its `i`-th cell) not
/// tried yet. Either way the children are disjoint and cover every solution, so counting
/// stays exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    at: u16,
    value: u8,
    rem: u64,
}

impl Frame {
    fn cell(cell: u16, values: u64) -> Frame {
        Frame {
            at: cell,
            value: 0,
            rem: values,
        }
    }

    /// How many children it has.
    fn width(&self) -> u32 {
        self.rem.count_ones()
    }
}

/// A small xorshift generator: the restarts' random tie-breaks and value orders. Seeded
/// with a constant, so a solve repeats exactly.
#[derive(Clone, Copy, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A random bit of the non-empty `m`.
    fn pick_bit(&mut self, m: u64) -> u64 {
        let mut k = self.next() % u64::from(m.count_ones());
        let mut rest = m;
        while k > 0 {
            rest &= rest - 1;
            k -= 1;
        }
        rest & rest.wrapping_neg()
    }
}

/// The bits of the units of a shape (3N <= 192), one bit per unit.
type Units = [u64; 3];

pub(crate) struct Solver {
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
}

impl Solver {
    pub(crate) fn new(shape: Shape, budget: u64) -> Solver {
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
        // Room for a few levels; grown when a search goes deeper.
        let levels = 16;
        Solver {
            shape,
            n,
            cells,
            all: shape.all_values().bits(),
            locked: use_locked(n),
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
            unit_branch: use_unit_branch(n),
            rng: None,
            restarts: use_restarts(n),
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
            probe_k: probe_count(n),
            probe_cells: Vec::with_capacity(cells),
        }
    }

    fn run(&mut self, puzzle: &Grid, limit: usize) -> SearchResult {
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

    /// Searches from the propagated level 0 in runs of growing node budgets (the Luby
    /// sequence times [`restart_unit`]): the first run in the plain order, each later one
    /// with random tie-breaks and value orders. A run that ends within its budget is a
    /// whole search, so its count is exact; a run cut off leaves the solution it found, and
    /// two different solutions from any runs make the puzzle multiple. The overall budget
    /// (`self.budget`) bounds the sum of all runs.
    fn restart(&mut self, limit: usize, result: &mut SearchResult) {
        let total = self.budget;
        let unit = restart_unit(self.cells);
        let mut seeds = Rng(0x9e37_79b9_7f4a_7c15);
        let mut found: Option<Grid> = None;
        for i in 1u64.. {
            self.budget = total.min(self.nodes.saturating_add(unit.saturating_mul(luby(i))));
            let mut r = SearchResult::default();
            self.search(0, limit, &mut r, &mut LowestFirst);
            if !r.budget_hit {
                result.count = r.count;
                result.first = r.first.or(found);
                break;
            }
            if let Some(g) = r.first {
                match &found {
                    Some(f) if *f != g => {
                        result.count = 2;
                        result.first = found;
                        break;
                    }
                    Some(_) => {}
                    None if limit == 1 => {
                        result.count = 1;
                        result.first = Some(g);
                        break;
                    }
                    None => found = Some(g),
                }
            }
            if self.nodes >= total {
                result.budget_hit = true;
                result.count = usize::from(found.is_some());
                result.first = found;
                break;
            }
            self.rng = Some(Rng(seeds.next() | 1));
        }
        self.rng = None;
        self.budget = total;
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
    pub(crate) fn search<O: ValueOrder + ?Sized>(
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
                    let v = match &mut self.rng {
                        Some(rng) => rng.pick_bit(rem).trailing_zeros() as u8 + 1,
                        None => order.next(cell, rem),
                    };
                    debug_assert!(rem >> (v - 1) & 1 == 1, "the order gave an untried value");
                    (cell, v, rem & !(1u64 << (v - 1)))
                } else {
                    let bit = match &mut self.rng {
                        Some(rng) => rng.pick_bit(rem),
                        None => rem & rem.wrapping_neg(),
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
            }
        }
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

    /// What to do at a propagated, consistent `level`: count a solution, branch, or (when
    /// probing finds a contradiction) give the level up.
    fn choose(&mut self, level: usize) -> Choice {
        let base = level * self.cells;
        loop {
            if self.left[level] == 0 {
                return Choice::Solved;
            }
            let frame = self.pick(level);
            if self.probe_k == 0 || frame.width() != 2 || self.nodes >= self.budget {
                return Choice::Branch(frame);
            }
            let k = self.collect_bivalue(level);
            let mut best = frame;
            let mut best_score = 0u64;
            let mut forced = false;
            // Units changed by forced values, for one box-line pass after the pass.
            let mut pending: Units = [0; 3];
            for i in 0..k {
                let c = self.probe_cells[i].1;
                // A value forced meanwhile may have changed the cell.
                let m = self.cand[base + c as usize];
                if m.count_ones() != 2 {
                    continue;
                }
                let a = m & m.wrapping_neg();
                let b = m ^ a;
                // A value that fails forces the other (which may fail too: then the
                // level is dead, found when it is placed).
                let fail = match self.probe(level, c as usize, a) {
                    None => Some(b),
                    Some(x) => match self.probe(level, c as usize, b) {
                        None => Some(a),
                        Some(y) => {
                            // Branch where both sides fill the most cells.
                            let score = (x + 1) * (y + 1);
                            if score > best_score {
                                best_score = score;
                                best = Frame::cell(c, m);
                            }
                            None
                        }
                    },
                };
                if let Some(bit) = fail {
                    self.reset_queues();
                    let v = bit.trailing_zeros() as u8 + 1;
                    // Singles now, box-line once the pass is over.
                    let locked = self.locked;
                    self.locked = false;
                    let ok =
                        self.assign(level, c as usize, v).is_ok() && self.propagate(level).is_ok();
                    self.locked = locked;
                    if !ok {
                        return Choice::Dead;
                    }
                    for (p, d) in pending.iter_mut().zip(self.line_dirty) {
                        *p |= d;
                    }
                    if self.left[level] == 0 {
                        return Choice::Solved;
                    }
                    // Scores so far were of the state before.
                    forced = true;
                    best_score = 0;
                }
            }
            // After a forced value, probe again until a pass forces nothing.
            if !forced {
                return Choice::Branch(best);
            }
            if self.locked {
                self.reset_queues();
                self.line_dirty = pending;
                if self.propagate(level).is_err() {
                    return Choice::Dead;
                }
            }
        }
    }

    /// Collects up to `probe_k` bivalue cells of `level` into `probe_cells` (those whose
    /// units have the fewest open cells first); how many.
    fn collect_bivalue(&mut self, level: usize) -> usize {
        let base = level * self.cells;
        let cand = &self.cand[base..base + self.cells];
        let open = self.open_cells(level);
        let list = &mut self.probe_cells;
        list.clear();
        for (c, &m) in cand.iter().enumerate() {
            if m != 0 && m.count_ones() == 2 {
                let [a, b, d] = self.cell_units[c];
                let deg = open[a as usize] + open[b as usize] + open[d as usize];
                list.push((deg, c as u16, m));
            }
        }
        let k = self.probe_k.min(list.len());
        if k < list.len() {
            list.select_nth_unstable_by_key(k, |x| (x.0, x.1));
        }
        list[..k].sort_unstable_by_key(|x| (x.0, x.1));
        k
    }

    /// Tries `bit` in `cell` on a scratch copy of `level`: `None` on a contradiction, else
    /// how many cells it filled.
    fn probe(&mut self, level: usize, cell: usize, bit: u64) -> Option<u64> {
        let to = level + 1;
        self.ensure_level(to);
        self.copy_level(level, to, false);
        self.reset_queues();
        let v = bit.trailing_zeros() as u8 + 1;
        // Singles only: box-line passes cost more here than they find.
        let locked = self.locked;
        self.locked = false;
        let r = if self.assign(to, cell, v).is_ok() && self.propagate(to).is_ok() {
            Some((self.left[level] - self.left[to]) as u64)
        } else {
            None
        };
        self.locked = locked;
        r
    }

    /// The open cells of every unit of `level`: N less the values placed there.
    fn open_cells(&self, level: usize) -> [u32; 192] {
        let units = 3 * self.n;
        let placed = &self.placed[level * units..(level + 1) * units];
        let mut open = [0u32; 192];
        for (o, p) in open.iter_mut().zip(placed) {
            *o = self.n as u32 - p.count_ones();
        }
        open
    }

    /// Where to branch: the open cell with the fewest candidates; among those, the one
    /// whose units have the fewest open cells (with random tie-breaks: the first such cell
    /// from a random place). From 16x16 up, a value with fewer places in some unit than
    /// that cell has candidates is branched on instead (its places, one child each; from
    /// 25x25 up).
    fn pick(&mut self, level: usize) -> Frame {
        let base = level * self.cells;
        let open = self.open_cells(level);
        let cells = self.cells;
        let start = match &mut self.rng {
            Some(rng) => (rng.next() % cells as u64) as usize,
            None => 0,
        };
        let cand = &self.cand[base..base + cells];
        let mut best = Frame::cell(0, 0);
        let mut best_len = u32::MAX;
        let mut best_deg = u32::MAX;
        for c in (start..cells).chain(0..start) {
            let m = cand[c];
            if m != 0 {
                let len = m.count_ones();
                if len <= best_len {
                    let [a, b, d] = self.cell_units[c];
                    let deg = open[a as usize] + open[b as usize] + open[d as usize];
                    if len < best_len || deg < best_deg {
                        best = Frame::cell(c as u16, m);
                        best_len = len;
                        best_deg = deg;
                    }
                }
            }
        }
        if !self.unit_branch || best_len <= 2 {
            return best;
        }
        // The (unit, value) with the fewest places, if fewer than `best_len`.
        let n = self.n;
        let ubase = level * 3 * n;
        let placed = &self.placed[ubase..ubase + 3 * n];
        let count = &self.count[ubase * n..(ubase + 3 * n) * n];
        let mut unit_best: Option<(usize, usize)> = None;
        let mut unit_len = best_len;
        for (u, &p) in placed.iter().enumerate() {
            let mut free = self.all & !p;
            while free != 0 {
                let k = free.trailing_zeros() as usize;
                free &= free - 1;
                let len = u32::from(count[u * n + k]);
                if len < unit_len {
                    unit_len = len;
                    unit_best = Some((u, k));
                }
            }
        }
        let Some((u, k)) = unit_best else {
            return best;
        };
        let mut rem = 0u64;
        for (i, &c) in self.unit_cells[u * n..(u + 1) * n].iter().enumerate() {
            if cand[c as usize] >> k & 1 != 0 {
                rem |= 1u64 << i;
            }
        }
        debug_assert_eq!(rem.count_ones(), unit_len);
        Frame {
            at: u as u16,
            value: k as u8 + 1,
            rem,
        }
    }

    /// Open cell `c` of `level` lost the candidates `lost`: the counts of its units drop;
    /// a value left with no place in a unit (where it is not placed) is a contradiction,
    /// with one place it is queued as a hidden single.
    #[inline(always)]
    fn lose(&mut self, level: usize, c: usize, lost: u64) -> Result<(), Dead> {
        let n = self.n;
        let ubase = level * 3 * n;
        let units = self.cell_units[c];
        let placed = &self.placed[ubase..ubase + 3 * n];
        let count = &mut self.count[ubase * n..(ubase + 3 * n) * n];
        let words = self.words;
        let board = &mut self.board[level * n * words..(level + 1) * n * words];
        let (cw, cb) = (c / 64, !(1u64 << (c % 64)));
        let mut rest = lost;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            board[d * words + cw] &= cb;
            for u in units {
                let u = u as usize;
                let k = &mut count[u * n + d];
                *k -= 1;
                if *k <= 1 && placed[u] >> d & 1 == 0 {
                    if *k == 0 {
                        return Err(Dead);
                    }
                    self.hidden.push((u as u16, d as u8));
                }
            }
        }
        Ok(())
    }

    /// Removes `values` from the open cell `c`; queues it when one value is left.
    fn remove(&mut self, level: usize, c: usize, values: u64) -> Result<(), Dead> {
        let i = level * self.cells + c;
        let m = self.cand[i];
        if m & values == 0 {
            return Ok(());
        }
        let left = m & !values;
        if left == 0 {
            return Err(Dead);
        }
        self.cand[i] = left;
        if left & (left - 1) == 0 {
            self.queue.push(c as u16);
        }
        for (d, m) in self.line_dirty.iter_mut().zip(self.cell_masks[c]) {
            *d |= m;
        }
        self.lose(level, c, m & values)
    }

    /// Places `v` in the open cell `cell` and removes it from the peers.
    fn assign(&mut self, level: usize, cell: usize, v: u8) -> Result<(), Dead> {
        let n = self.n;
        let base = level * self.cells;
        let bit = 1u64 << (v - 1);
        let d = (v - 1) as usize;
        self.nodes += 1;
        self.val[base + cell] = v;
        let old = self.cand[base + cell];
        self.cand[base + cell] = 0;
        self.left[level] -= 1;
        let ubase = level * 3 * n;
        for u in self.cell_units[cell] {
            self.placed[ubase + u as usize] |= bit;
        }
        // The cell's other candidates leave its units.
        self.lose(level, cell, old & !bit)?;
        // Peers lose `bit`: their units' counts of it drop (its own units have it placed),
        // and their units are gathered into `dirty` on the way. The peers that have it are
        // the value's board within the cell's three units.
        let words = self.words;
        let [ur, uc, ub] = self.cell_units[cell].map(|u| u as usize * words);
        let board = &mut self.board[(level * n + d) * words..(level * n + d + 1) * words];
        board[cell / 64] &= !(1u64 << (cell % 64));
        let unit_bits = &self.unit_bits;
        let cand = &mut self.cand[base..base + self.cells];
        let masks = &self.cell_masks;
        let cell_units = &self.cell_units;
        let placed = &self.placed[ubase..ubase + 3 * n];
        let count = &mut self.count[ubase * n..(ubase + 3 * n) * n];
        let mut dirty = masks[cell];
        let mut dead = false;
        'words: for (w, bw) in board.iter_mut().enumerate() {
            let mut x = *bw & (unit_bits[ur + w] | unit_bits[uc + w] | unit_bits[ub + w]);
            *bw &= !x;
            while x != 0 {
                let p = w * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                let m = cand[p] & !bit;
                cand[p] = m;
                if m & (m.wrapping_sub(1)) == 0 {
                    if m == 0 {
                        dead = true;
                        break 'words;
                    }
                    self.queue.push(p as u16);
                }
                let pm = &masks[p];
                dirty[0] |= pm[0];
                dirty[1] |= pm[1];
                dirty[2] |= pm[2];
                for u in cell_units[p] {
                    let u = u as usize;
                    if placed[u] & bit == 0 {
                        let k = &mut count[u * n + d];
                        *k -= 1;
                        if *k <= 1 {
                            if *k == 0 {
                                dead = true;
                                break 'words;
                            }
                            self.hidden.push((u as u16, d as u8));
                        }
                    }
                }
            }
        }
        for (d, m) in self.line_dirty.iter_mut().zip(dirty) {
            *d |= m;
        }
        if dead {
            Err(Dead)
        } else {
            Ok(())
        }
    }

    /// Assigns every queued naked single.
    fn drain(&mut self, level: usize) -> Result<(), Dead> {
        let base = level * self.cells;
        while let Some(c) = self.queue.pop() {
            let m = self.cand[base + c as usize];
            // 0: assigned meanwhile (an emptied open cell was reported when it emptied).
            if m != 0 {
                self.assign(level, c as usize, m.trailing_zeros() as u8 + 1)?;
            }
        }
        Ok(())
    }

    /// Singles (and box-line reductions on big grids) until nothing changes.
    fn propagate(&mut self, level: usize) -> Result<(), Dead> {
        loop {
            self.drain(level)?;
            if self.left[level] == 0 {
                return Ok(());
            }
            if !self.hidden.is_empty() {
                self.hidden_singles(level)?;
                continue;
            }
            if self.locked && self.line_dirty != [0; 3] {
                self.box_line(level)?;
                continue;
            }
            return Ok(());
        }
    }

    /// Assigns the queued hidden singles still open (a value with one place left in a
    /// unit), each followed by the naked singles it makes.
    fn hidden_singles(&mut self, level: usize) -> Result<(), Dead> {
        let ubase = level * 3 * self.n;
        let n = self.n;
        while let Some((u, d)) = self.hidden.pop() {
            let (u, bit) = (u as usize, 1u64 << d);
            if self.placed[ubase + u] & bit != 0 {
                continue;
            }
            // Its place: the value's board within the unit.
            let words = self.words;
            let board = &self.board[(level * n + d as usize) * words..][..words];
            let found = board
                .iter()
                .zip(&self.unit_bits[u * words..(u + 1) * words])
                .enumerate()
                .find(|(_, (b, ub))| *b & *ub != 0)
                .map(|(w, (b, ub))| w * 64 + (b & ub).trailing_zeros() as usize);
            match found {
                Some(c) => self.assign(level, c, d + 1)?,
                // Its count reached 0 on the way, which reported the contradiction.
                None => return Err(Dead),
            }
            self.drain(level)?;
        }
        Ok(())
    }

    /// Locked candidates on the boxes and lines changed since the last pass: a value
    /// confined to one row (column) of a box leaves the rest of that row (column); a value
    /// confined to one box within a row (column) leaves the rest of that box.
    fn box_line(&mut self, level: usize) -> Result<(), Dead> {
        let base = level * self.cells;
        let n = self.n;
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let todo = self.line_dirty;
        self.line_dirty = [0; 3];
        let is_todo = |u: usize| todo[u >> 6] >> (u & 63) & 1 != 0;
        let mut seg = [0u64; 64];
        // Claiming. A line's segment j is what it shares with one box: rows have N/C
        // segments of C cells, columns N/R segments of R cells.
        for (first, seg_len) in [(0usize, bc), (n, br)] {
            let segs = n / seg_len;
            for line in first..first + n {
                if !is_todo(line) {
                    continue;
                }
                let cells = &self.unit_cells[line * n..(line + 1) * n];
                for (j, s) in seg[..segs].iter_mut().enumerate() {
                    *s = cells[j * seg_len..(j + 1) * seg_len]
                        .iter()
                        .fold(0, |m, &c| m | self.cand[base + c as usize]);
                }
                for j in 0..segs {
                    let only = seg[j] & !others(&seg[..segs], j);
                    if only == 0 {
                        continue;
                    }
                    let c0 = self.unit_cells[line * n + j * seg_len] as usize;
                    let bx = self.cell_units[c0][2] as usize;
                    // The box's cells off this line lose `only`.
                    for i in 0..n {
                        let c = self.unit_cells[bx * n + i] as usize;
                        let on_line = if line < n {
                            c / n == line
                        } else {
                            c % n == line - n
                        };
                        if !on_line && self.cand[base + c] & only != 0 {
                            self.remove(level, c, only)?;
                        }
                    }
                }
            }
        }
        // Pointing: within a box, a value confined to one of its rows (columns).
        for bx in 2 * n..3 * n {
            if !is_todo(bx) {
                continue;
            }
            for (parts, len, stride_part, stride_cell, unit_kind) in
                [(br, bc, bc, 1, 0usize), (bc, br, 1, bc, 1usize)]
            {
                for (i, s) in seg[..parts].iter_mut().enumerate() {
                    let mut m = 0u64;
                    for k in 0..len {
                        let c = self.unit_cells[bx * n + i * stride_part + k * stride_cell];
                        m |= self.cand[base + c as usize];
                    }
                    *s = m;
                }
                for i in 0..parts {
                    let only = seg[i] & !others(&seg[..parts], i);
                    if only == 0 {
                        continue;
                    }
                    let c0 = self.unit_cells[bx * n + i * stride_part] as usize;
                    let line = self.cell_units[c0][unit_kind] as usize;
                    for k in 0..n {
                        let c = self.unit_cells[line * n + k] as usize;
                        if self.cell_units[c][2] as usize != bx && self.cand[base + c] & only != 0 {
                            self.remove(level, c, only)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// What the public searcher ([`crate::Searcher`]) needs of the engine beyond a plain search.
impl Solver {
    /// Level 0 made from `puzzle` (givens placed, propagated); `false` on a contradiction.
    pub(crate) fn settle(&mut self, puzzle: &Grid) -> bool {
        self.init(puzzle).is_ok()
    }

    /// Turns branching on a value's places in a unit on or off (on by default from 16x16
    /// up; the searcher turns it off: its value orders are about cells).
    pub(crate) fn set_unit_branch(&mut self, on: bool) {
        self.unit_branch = on;
    }

    /// Turns box-line reductions on or off (on by default from 16x16 up).
    pub(crate) fn set_locked(&mut self, on: bool) {
        self.locked = on;
    }

    /// Whether box-line reductions are on.
    pub(crate) fn locked(&self) -> bool {
        self.locked
    }

    /// Stops each later search after `budget` nodes (values placed, by branching,
    /// propagation or probing), counted from [`Solver::start_search`].
    pub(crate) fn set_search_budget(&mut self, budget: u64) {
        self.search_budget = budget;
    }

    /// The budget of [`Solver::set_search_budget`].
    pub(crate) fn search_budget(&self) -> u64 {
        self.search_budget
    }

    /// A search starts: it may visit `search_budget` nodes from here.
    pub(crate) fn start_search(&mut self) {
        self.budget = self.nodes.saturating_add(self.search_budget);
    }

    /// Sends the nodes visited to `progress` as the searches go.
    pub(crate) fn set_progress(&mut self, progress: Option<Arc<AtomicU64>>) {
        self.progress = progress;
    }

    /// Every node visited since the solver was made.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.spent + self.nodes
    }

    /// Whether every cell of `level` is filled.
    pub(crate) fn is_full(&self, level: usize) -> bool {
        self.left[level] == 0
    }

    /// The value of `cell` at `level` (0: open).
    pub(crate) fn value(&self, level: usize, cell: usize) -> u8 {
        self.val[level * self.cells + cell]
    }

    /// Level `level + 1`: a copy of `level` where the open `cell` has lost `v`, propagated.
    /// `false` on a contradiction.
    pub(crate) fn branch_without(&mut self, level: usize, cell: usize, v: u8) -> bool {
        let to = level + 1;
        self.ensure_level(to);
        self.copy_level(level, to, true);
        self.reset_queues();
        self.remove(to, cell, 1u64 << (v - 1)).is_ok() && self.propagate(to).is_ok()
    }

    /// Places `v` in the open `cell` of `level` and propagates; `false` on a contradiction
    /// (`v` not a candidate there included).
    pub(crate) fn place(&mut self, level: usize, cell: usize, v: u8) -> bool {
        self.reset_queues();
        self.cand[level * self.cells + cell] >> (v - 1) & 1 == 1
            && self.assign(level, cell, v).is_ok()
            && self.propagate(level).is_ok()
    }
}

/// Positions: candidates cut by hand before the search.
impl Solver {
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

/// The values of the masks other than `segs[j]`.
#[inline]
fn others(segs: &[u64], j: usize) -> u64 {
    segs.iter()
        .enumerate()
        .filter(|&(k, _)| k != j)
        .fold(0, |m, (_, &s)| m | s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solved grid from the pattern `(bc*(r%br) + r/br + c) % n`, values relabelled by a
    /// simple rotation `k`.
    fn pattern(br: usize, bc: usize, k: usize) -> Grid {
        let n = br * bc;
        let cells = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((bc * (r % br) + r / br + c + k) % n + 1) as u8
            })
            .collect();
        Grid::from_values(Shape::new(br, bc).unwrap(), cells).unwrap()
    }

    /// `grid` with the cells whose (deterministic, pseudo-random) hash is below `keep`
    /// out of 1000 kept.
    fn thin(grid: &Grid, keep: u64, seed: u64) -> Grid {
        let mut g = grid.clone();
        let mut x = seed | 1;
        for c in 0..g.values().len() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x % 1000 >= keep {
                g.set(c, 0);
            }
        }
        g
    }

    #[test]
    fn box_line_changes_the_work_not_the_answers() {
        for (br, bc) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
            (3, 4),
            (4, 3),
            (4, 4),
            (2, 5),
        ] {
            let solved = pattern(br, bc, 1);
            for (keep, seed) in [(300, 1), (450, 2), (600, 3), (750, 4)] {
                let p = thin(&solved, keep, seed);
                let with = general_with(&p, 2, true, 0);
                let without = general_with(&p, 2, false, 0);
                assert_eq!(with.count, without.count, "{br}x{bc} {keep} {seed}");
                for r in [&with, &without] {
                    let s = r.first.as_ref().expect("thinned from a solution");
                    assert!(s.is_solution_of(&p));
                }
                if with.count == 1 {
                    assert_eq!(with.first.as_ref(), Some(&solved));
                    assert_eq!(without.first.as_ref(), Some(&solved));
                }
            }
        }
    }

    #[test]
    fn probing_changes_the_work_not_the_answers() {
        for (br, bc) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)] {
            let solved = pattern(br, bc, 2);
            for (keep, seed) in [(450, 6), (550, 7), (700, 8)] {
                let p = thin(&solved, keep, seed);
                let plain = general_with(&p, 2, true, 0);
                for probe in [1, 4, 64] {
                    let r = general_with(&p, 2, true, probe);
                    assert_eq!(r.count, plain.count, "{br}x{bc} {keep} {seed} {probe}");
                    let s = r.first.as_ref().expect("thinned from a solution");
                    assert!(s.is_solution_of(&p));
                    if r.count == 1 {
                        assert_eq!(r.first.as_ref(), Some(&solved));
                    }
                }
                let one = general_with(&p, 1, true, 64);
                assert_eq!(one.count, 1);
                let three = general_with(&p, 3, true, 64);
                assert_eq!(three.count, general_with(&p, 3, true, 0).count);
            }
        }
    }

    #[test]
    fn every_size_up_to_64() {
        for (br, bc) in [(5, 5), (6, 6), (7, 7), (8, 8), (4, 16), (2, 32)] {
            let solved = pattern(br, bc, 3);
            let p = thin(&solved, 700, 9);
            let r = general(&p, 2, u64::MAX);
            assert!(r.count >= 1, "{br}x{bc}");
            assert!(r.first.as_ref().unwrap().is_solution_of(&p), "{br}x{bc}");
            // The empty grid: many solutions, found without trouble up to 36x36 (larger
            // empty grids can need long backtracking: a known weakness).
            if br * bc <= 36 {
                let r = general(&Grid::empty(solved.shape()), 2, u64::MAX);
                assert_eq!(r.count, 2, "{br}x{bc} empty");
            }
        }
    }

    #[test]
    fn nine_by_nine_goes_to_the_bitboard_path_with_the_same_answer() {
        let p = thin(&pattern(3, 3, 0), 400, 5);
        let a = search(&p, 2, u64::MAX);
        let b = general(&p, 2, u64::MAX);
        assert_eq!(a.count, b.count);
        assert!(a.first.unwrap().is_solution_of(&p));
    }

    /// Issue 17's 16x16: 80 random givens, many solutions; 777 million nodes (87 s) before
    /// restarts, a few ten thousand now.
    const ISSUE_17: &str = "......F.6.7.D..8..2..4.6A1....BFE7C..5..G.4....A...G....3.CB.1............1......C3......85..2..5D..F................2..E...F9.7.............8.E.B.4.91..3A...5...G...4....2.C.39.A.8..B...4...........5.G.....B8.FCG.....2...A....E1B9....A...CB1..EA...9F..7.4";

    #[test]
    fn issue_17_is_multiple_within_a_small_budget() {
        let p = numpl_core::parse_one(ISSUE_17, &numpl_core::ParseOptions::default()).unwrap();
        let r = general(&p, 2, 5_000_000);
        assert_eq!(r.count, 2, "{r:?}");
        assert!(r.first.unwrap().is_solution_of(&p));
        let one = general(&p, 1, 5_000_000);
        assert_eq!(one.count, 1);
        assert!(one.first.unwrap().is_solution_of(&p));
    }

    #[test]
    fn unit_branching_and_restarts_change_the_work_not_the_answers() {
        for (br, bc) in [(4, 4), (3, 4), (4, 5), (5, 5)] {
            let solved = pattern(br, bc, 4);
            for (keep, seed) in [(200, 11), (350, 12), (500, 13), (650, 14), (800, 15)] {
                let mut p = thin(&solved, keep, seed);
                // A wrong given in some: unsolvable puzzles too.
                if seed % 2 == 0 {
                    let c = (0..p.values().len()).find(|&c| p.values()[c] == 0).unwrap();
                    let cand = p.candidates()[c];
                    if let Some(v) = cand.iter().find(|&v| v != solved.values()[c]) {
                        p.set(c, v);
                    }
                }
                let mut counts = Vec::new();
                for (unit_branch, restarts) in
                    [(false, false), (true, false), (false, true), (true, true)]
                {
                    let t = crate::Tuning {
                        unit_branch,
                        restarts,
                        ..crate::Tuning::for_size(br * bc)
                    };
                    let r = general_tuned(&p, 2, u64::MAX, &t);
                    if let Some(s) = &r.first {
                        assert!(s.is_solution_of(&p), "{br}x{bc} {keep}");
                    }
                    assert!(!r.budget_hit);
                    counts.push(r.count);
                }
                assert!(
                    counts.iter().all(|&c| c == counts[0]),
                    "{br}x{bc} {keep}: {counts:?}"
                );
            }
        }
    }

    #[test]
    fn restarts_stop_at_the_budget_and_report_progress() {
        let p = Grid::empty(Shape::new(4, 4).unwrap());
        let nodes = Arc::new(AtomicU64::new(0));
        let r = general_counted(&p, 2, 100, Some(&nodes));
        assert!(r.budget_hit || r.count == 2, "{r:?}");
        assert!(r.nodes <= 100 + 256, "{}", r.nodes);
        assert_eq!(nodes.load(Ordering::Relaxed), r.nodes);
        assert_eq!(luby(1), 1);
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn budget_and_limit() {
        let empty = Grid::empty(Shape::new(4, 4).unwrap());
        let r = general(&empty, 3, u64::MAX);
        assert_eq!(r.count, 3);
        let r = general(&empty, 2, 5);
        assert!(r.budget_hit, "{r:?}");
        // Conflicting givens: no solution (solve() checks first, the search copes anyway).
        let mut v = vec![0u8; 36];
        v[0] = 2;
        v[7] = 2;
        let g = Grid::from_values(Shape::new(2, 3).unwrap(), v).unwrap();
        assert_eq!(general(&g, 2, u64::MAX).count, 0);
    }
}
