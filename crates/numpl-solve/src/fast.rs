//! The fast search for every shape (4x4 up to 64x64): the seed's bitmask + minimum-
//! remaining-values search grown into a propagating solver.
//!
//! - each cell keeps its candidates as a `u64` (value v is bit v-1);
//! - placing a value removes it from the cell's peers; a cell left with one candidate is
//!   queued (naked single);
//! - units touched since the last sweep are scanned for values with a single place
//!   (hidden singles) and for values with none (contradiction);
//! - when singles stall, locked candidates (box-line: pointing and claiming) are applied on
//!   grids of 16x16 and larger, where they cut the tree more than they cost;
//! - then the search branches on the open cell with the fewest candidates.
//!
//! Each search level is a copy of the parent's state in a preallocated stack (grown only
//! when the search goes deeper than before), so a node allocates nothing. 9x9 grids go to
//! the dedicated bitboard solver in `nine.rs`.

use numpl_core::{Grid, Shape};

use crate::SearchResult;

/// Searches for up to `limit` solutions, stopping after `budget` nodes.
pub(crate) fn search(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    if puzzle.shape() == Shape::NINE {
        return crate::nine::search(puzzle, limit, budget);
    }
    general(puzzle, limit, budget)
}

/// The general solver, for any shape (9x9 included; the tests compare it with `nine`).
pub(crate) fn general(puzzle: &Grid, limit: usize, budget: u64) -> SearchResult {
    let mut s = Solver::new(puzzle.shape(), budget);
    s.run(puzzle, limit.max(1))
}

/// Whether box-line reductions run before each guess for a grid of side `n`.
fn use_locked(n: usize) -> bool {
    n >= 16
}

/// A contradiction was found: the current branch has no solution.
struct Dead;

struct Solver {
    shape: Shape,
    n: usize,
    cells: usize,
    all: u64,
    locked: bool,
    peer_count: usize,
    /// Peers of every cell, `peer_count` each.
    peers: Vec<u16>,
    /// The three units of every cell.
    cell_units: Vec<[u16; 3]>,
    /// The N cells of every unit, reading order.
    unit_cells: Vec<u16>,
    /// Candidates per level: `cells` words per level. An assigned cell holds its value's bit.
    cand: Vec<u64>,
    /// Values per level: `cells` bytes per level, 0 for an open cell.
    val: Vec<u8>,
    /// Open cells per level.
    left: Vec<u32>,
    /// Branching frames: (cell, candidates not yet tried).
    frames: Vec<(u16, u64)>,
    /// Naked singles waiting to be assigned.
    queue: Vec<u16>,
    /// Units touched since their last hidden-single scan (bit per unit, 3N <= 192).
    dirty: [u64; 3],
    nodes: u64,
    guesses: u64,
    budget: u64,
}

impl Solver {
    fn new(shape: Shape, budget: u64) -> Solver {
        let geo = shape.geometry();
        let n = shape.size();
        let cells = shape.cells();
        let peer_count = geo.peers(0).len();
        let mut peers = Vec::with_capacity(cells * peer_count);
        let mut cell_units = Vec::with_capacity(cells);
        for c in 0..cells {
            peers.extend_from_slice(geo.peers(c));
            cell_units.push(geo.units_of(c));
        }
        let mut unit_cells = Vec::with_capacity(3 * n * n);
        for u in 0..geo.unit_count() {
            unit_cells.extend_from_slice(geo.unit(u));
        }
        // Room for a few levels; grown when a search goes deeper.
        let levels = 16;
        Solver {
            shape,
            n,
            cells,
            all: shape.all_values().0,
            locked: use_locked(n),
            peer_count,
            peers,
            cell_units,
            unit_cells,
            cand: vec![0; levels * cells],
            val: vec![0; levels * cells],
            left: vec![0; levels],
            frames: Vec::with_capacity(levels),
            queue: Vec::with_capacity(cells),
            dirty: [0; 3],
            nodes: 0,
            guesses: 0,
            budget,
        }
    }

    fn run(&mut self, puzzle: &Grid, limit: usize) -> SearchResult {
        let mut result = SearchResult {
            count: 0,
            first: None,
            nodes: 0,
            guesses: 0,
            budget_hit: false,
        };
        let ok = self.init(puzzle).is_ok();
        if ok {
            self.search(limit, &mut result);
        }
        result.nodes = self.nodes;
        result.guesses = self.guesses;
        result
    }

    /// Level 0: every given placed and propagated.
    fn init(&mut self, puzzle: &Grid) -> Result<(), Dead> {
        let cells = self.cells;
        self.cand[..cells].fill(self.all);
        self.val[..cells].fill(0);
        self.left[0] = cells as u32;
        self.queue.clear();
        for (c, &v) in puzzle.values().iter().enumerate() {
            if v != 0 {
                let bit = 1u64 << (v - 1);
                if self.cand[c] & bit == 0 {
                    return Err(Dead);
                }
                if self.val[c] == 0 {
                    self.assign(0, c, v)?;
                }
            }
        }
        // Givens are not search nodes.
        self.nodes = 0;
        let units = 3 * self.n;
        for (w, d) in self.dirty.iter_mut().enumerate() {
            let lo = w * 64;
            *d = match units.saturating_sub(lo) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1u64 << k) - 1,
            };
        }
        self.propagate(0)
    }

    fn search(&mut self, limit: usize, result: &mut SearchResult) {
        let cells = self.cells;
        let mut level = 0usize;
        loop {
            // The state at `level` is propagated and consistent.
            if self.left[level] == 0 {
                result.count += 1;
                if result.first.is_none() {
                    let vals = self.val[level * cells..(level + 1) * cells].to_vec();
                    result.first = Some(Grid::from_values(self.shape, vals).expect("in range"));
                }
                if result.count >= limit {
                    return;
                }
            } else {
                let (cell, cands) = self.pick(level);
                self.guesses += 1;
                self.frames.push((cell as u16, cands));
            }
            // Try the next untried value of the innermost open branch.
            loop {
                let Some(frame) = self.frames.last_mut() else {
                    return;
                };
                if frame.1 == 0 {
                    self.frames.pop();
                    continue;
                }
                let (cell, rem) = *frame;
                frame.1 = rem & (rem - 1);
                if self.nodes >= self.budget {
                    result.budget_hit = true;
                    return;
                }
                let v = rem.trailing_zeros() as u8 + 1;
                level = self.frames.len();
                self.ensure_level(level);
                self.copy_level(level - 1, level);
                self.queue.clear();
                self.dirty = [0; 3];
                if self.assign(level, cell as usize, v).is_ok() && self.propagate(level).is_ok() {
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
            self.left.resize(levels, 0);
        }
    }

    fn copy_level(&mut self, from: usize, to: usize) {
        let cells = self.cells;
        self.cand
            .copy_within(from * cells..(from + 1) * cells, to * cells);
        self.val.copy_within(from * cells..(from + 1) * cells, to * cells);
        self.left[to] = self.left[from];
    }

    /// The open cell with the fewest candidates, and its candidates.
    fn pick(&self, level: usize) -> (usize, u64) {
        let base = level * self.cells;
        let cand = &self.cand[base..base + self.cells];
        let val = &self.val[base..base + self.cells];
        let mut best = (usize::MAX, 0u64);
        let mut best_len = u32::MAX;
        for (c, (&m, &v)) in cand.iter().zip(val).enumerate() {
            if v == 0 {
                let len = m.count_ones();
                if len < best_len {
                    best = (c, m);
                    best_len = len;
                    if len <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }

    #[inline]
    fn mark_dirty(&mut self, cell: usize) {
        for u in self.cell_units[cell] {
            self.dirty[(u >> 6) as usize] |= 1u64 << (u & 63);
        }
    }

    /// Places `v` in the open cell `cell` and removes it from the peers.
    fn assign(&mut self, level: usize, cell: usize, v: u8) -> Result<(), Dead> {
        let base = level * self.cells;
        let bit = 1u64 << (v - 1);
        self.nodes += 1;
        self.val[base + cell] = v;
        self.cand[base + cell] = bit;
        self.left[level] -= 1;
        self.mark_dirty(cell);
        let pc = self.peer_count;
        for i in 0..pc {
            let p = self.peers[cell * pc + i] as usize;
            let m = self.cand[base + p];
            if m & bit != 0 {
                if self.val[base + p] != 0 {
                    return Err(Dead);
                }
                let m = m & !bit;
                self.cand[base + p] = m;
                if m == 0 {
                    return Err(Dead);
                }
                if m & (m - 1) == 0 {
                    self.queue.push(p as u16);
                }
                self.mark_dirty(p);
            }
        }
        Ok(())
    }

    /// Assigns every queued naked single.
    fn drain(&mut self, level: usize) -> Result<(), Dead> {
        let base = level * self.cells;
        while let Some(c) = self.queue.pop() {
            let c = c as usize;
            if self.val[base + c] == 0 {
                let m = self.cand[base + c];
                if m == 0 {
                    return Err(Dead);
                }
                self.assign(level, c, m.trailing_zeros() as u8 + 1)?;
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
            if self.dirty != [0; 3] {
                self.hidden_singles(level)?;
                continue;
            }
            if self.locked && self.box_line(level)? {
                continue;
            }
            return Ok(());
        }
    }

    /// Scans the dirty units: a value with no place is a contradiction, a value with one
    /// place is assigned there.
    fn hidden_singles(&mut self, level: usize) -> Result<(), Dead> {
        let base = level * self.cells;
        let n = self.n;
        let all = self.all;
        for w in 0..3 {
            while self.dirty[w] != 0 {
                let u = w * 64 + self.dirty[w].trailing_zeros() as usize;
                self.dirty[w] &= self.dirty[w] - 1;
                let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
                for i in 0..n {
                    let c = self.unit_cells[u * n + i] as usize;
                    let m = self.cand[base + c];
                    if self.val[base + c] != 0 {
                        placed |= m;
                    } else {
                        twice |= once & m;
                        once |= m;
                    }
                }
                if (once | placed) != all {
                    return Err(Dead);
                }
                let mut single = once & !twice & !placed;
                while single != 0 {
                    let bit = single & single.wrapping_neg();
                    single ^= bit;
                    let v = bit.trailing_zeros() as u8 + 1;
                    let mut found = false;
                    for i in 0..n {
                        let c = self.unit_cells[u * n + i] as usize;
                        if self.val[base + c] == 0 && self.cand[base + c] & bit != 0 {
                            self.assign(level, c, v)?;
                            found = true;
                            break;
                        }
                    }
                    if !found {
                        // Either a naked single placed it meanwhile, or an earlier
                        // assignment took its last place.
                        let placed_now = (0..n).any(|i| {
                            let c = self.unit_cells[u * n + i] as usize;
                            self.val[base + c] == v
                        });
                        if !placed_now {
                            return Err(Dead);
                        }
                    }
                    self.drain(level)?;
                }
            }
        }
        Ok(())
    }

    /// Removes `values` from the open cells `cells[from..to]` of a unit except
    /// `keep_from..keep_to`; returns whether anything changed.
    fn eliminate(
        &mut self,
        level: usize,
        unit: usize,
        keep: std::ops::Range<usize>,
        values: u64,
    ) -> Result<bool, Dead> {
        let base = level * self.cells;
        let n = self.n;
        let mut changed = false;
        for i in 0..n {
            if keep.contains(&i) {
                continue;
            }
            let c = self.unit_cells[unit * n + i] as usize;
            let m = self.cand[base + c];
            if self.val[base + c] == 0 && m & values != 0 {
                let m = m & !values;
                if m == 0 {
                    return Err(Dead);
                }
                self.cand[base + c] = m;
                if m & (m - 1) == 0 {
                    self.queue.push(c as u16);
                }
                self.mark_dirty(c);
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Locked candidates: a value confined to one row (column) of a box leaves the rest of
    /// that row (column); a value confined to one box within a row (column) leaves the rest
    /// of that box. Returns whether anything changed.
    fn box_line(&mut self, level: usize) -> Result<bool, Dead> {
        let base = level * self.cells;
        let n = self.n;
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let mut changed = false;
        let mut seg = [0u64; 64];
        // Segment `j` of a line: the cells it shares with one box.
        // Rows: N/C segments of C cells; columns: N/R segments of R cells.
        for (first_unit, seg_len) in [(0usize, bc), (n, br)] {
            let segs = n / seg_len;
            for line in first_unit..first_unit + n {
                for (j, s) in seg[..segs].iter_mut().enumerate() {
                    let mut m = 0u64;
                    for i in j * seg_len..(j + 1) * seg_len {
                        let c = self.unit_cells[line * n + i] as usize;
                        if self.val[base + c] == 0 {
                            m |= self.cand[base + c];
                        }
                    }
                    *s = m;
                }
                for j in 0..segs {
                    let mut others = 0u64;
                    for (k, &s) in seg[..segs].iter().enumerate() {
                        if k != j {
                            others |= s;
                        }
                    }
                    let only = seg[j] & !others;
                    if only == 0 {
                        continue;
                    }
                    // Claiming: `only` is confined to this segment within the line: it leaves
                    // the rest of the box.
                    let c0 = self.unit_cells[line * n + j * seg_len] as usize;
                    let bx = self.cell_units[c0][2] as usize;
                    let keep = self.box_positions(line < n, c0, seg_len);
                    changed |= self.eliminate_box(level, bx, &keep, only)?;
                }
            }
        }
        // Pointing: within a box, a value confined to one of its rows (columns).
        for bx in 2 * n..3 * n {
            // Box rows: br segments of bc cells (reading order in the unit).
            let mut total_rows = [0u64; 64];
            for (i, t) in total_rows[..br].iter_mut().enumerate() {
                let mut m = 0u64;
                for k in 0..bc {
                    let c = self.unit_cells[bx * n + i * bc + k] as usize;
                    if self.val[base + c] == 0 {
                        m |= self.cand[base + c];
                    }
                }
                *t = m;
            }
            for i in 0..br {
                let mut others = 0u64;
                for (k, &t) in total_rows[..br].iter().enumerate() {
                    if k != i {
                        others |= t;
                    }
                }
                let only = total_rows[i] & !others;
                if only != 0 {
                    let c0 = self.unit_cells[bx * n + i * bc] as usize;
                    let row = self.cell_units[c0][0] as usize;
                    let col0 = c0 % n;
                    changed |= self.eliminate(level, row, col0..col0 + bc, only)?;
                }
            }
            let mut total_cols = [0u64; 64];
            for (k, t) in total_cols[..bc].iter_mut().enumerate() {
                let mut m = 0u64;
                for i in 0..br {
                    let c = self.unit_cells[bx * n + i * bc + k] as usize;
                    if self.val[base + c] == 0 {
                        m |= self.cand[base + c];
                    }
                }
                *t = m;
            }
            for k in 0..bc {
                let mut others = 0u64;
                for (j, &t) in total_cols[..bc].iter().enumerate() {
                    if j != k {
                        others |= t;
                    }
                }
                let only = total_cols[k] & !others;
                if only != 0 {
                    let c0 = self.unit_cells[bx * n + k] as usize;
                    let col = self.cell_units[c0][1] as usize;
                    let row0 = c0 / n;
                    changed |= self.eliminate(level, col, row0..row0 + br, only)?;
                }
            }
        }
        Ok(changed)
    }

    /// Which positions (0..N, reading order inside the box) of `c0`'s box hold the segment
    /// of `seg_len` cells starting at `c0` along a row (`row == true`) or a column.
    fn box_positions(&self, row: bool, c0: usize, seg_len: usize) -> [bool; 64] {
        let n = self.n;
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let (r, c) = (c0 / n, c0 % n);
        let (ir, ic) = (r % br, c % bc);
        let mut keep = [false; 64];
        for k in 0..seg_len {
            let pos = if row { ir * bc + ic + k } else { (ir + k) * bc + ic };
            keep[pos] = true;
        }
        keep
    }

    fn eliminate_box(
        &mut self,
        level: usize,
        bx: usize,
        keep: &[bool; 64],
        values: u64,
    ) -> Result<bool, Dead> {
        let base = level * self.cells;
        let n = self.n;
        let mut changed = false;
        for (i, &k) in keep[..n].iter().enumerate() {
            if k {
                continue;
            }
            let c = self.unit_cells[bx * n + i] as usize;
            let m = self.cand[base + c];
            if self.val[base + c] == 0 && m & values != 0 {
                let m = m & !values;
                if m == 0 {
                    return Err(Dead);
                }
                self.cand[base + c] = m;
                if m & (m - 1) == 0 {
                    self.queue.push(c as u16);
                }
                self.mark_dirty(c);
                changed = true;
            }
        }
        Ok(changed)
    }
}
