//! Where the [`Solver`] branches at a propagated level: the open cell with the fewest
//! candidates (ties to the cell whose units have the fewest open cells), a value's places
//! in a unit when they are fewer (from 25x25 up), and, before a guess on a two-valued cell,
//! probes of the bivalue cells (from 16x16 up) that may force values or pick a better cell.

use super::{Solver, Units};

/// What a propagated level leads to.
pub(super) enum Choice {
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
pub(super) struct Frame {
    pub(super) at: u16,
    pub(super) value: u8,
    pub(super) rem: u64,
}

impl Frame {
    pub(super) fn cell(cell: u16, values: u64) -> Frame {
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

impl Solver {
    /// What to do at a propagated, consistent `level`: count a solution, branch, or (when
    /// probing finds a contradiction) give the level up.
    pub(super) fn choose(&mut self, level: usize) -> Choice {
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
        if self.weights.is_some() {
            return self.pick_weighted(level);
        }
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
        let mut unit_best: Option<(usize, usize)> = None;
        let mut unit_len = best_len;
        self.each_open_value(level, |u, k, len| {
            if len < unit_len {
                unit_len = len;
                unit_best = Some((u, k));
            }
        });
        let Some((u, k)) = unit_best else {
            return best;
        };
        let frame = self.places_frame(level, u, k);
        debug_assert_eq!(frame.width(), unit_len);
        frame
    }

    /// Calls `f(unit, value - 1, places)` for each value not yet placed in each unit of
    /// `level`, with its count of places.
    pub(super) fn each_open_value(&self, level: usize, mut f: impl FnMut(usize, usize, u32)) {
        let n = self.n;
        let ubase = level * 3 * n;
        let placed = &self.placed[ubase..ubase + 3 * n];
        let count = &self.count[ubase * n..(ubase + 3 * n) * n];
        for (u, &p) in placed.iter().enumerate() {
            let mut free = self.all & !p;
            while free != 0 {
                let k = free.trailing_zeros() as usize;
                free &= free - 1;
                f(u, k, u32::from(count[u * n + k]));
            }
        }
    }

    /// A branch on the places of value `k + 1` in `unit` at `level`.
    pub(super) fn places_frame(&self, level: usize, unit: usize, k: usize) -> Frame {
        let n = self.n;
        let cand = &self.cand[level * self.cells..(level + 1) * self.cells];
        let mut rem = 0u64;
        for (i, &c) in self.unit_cells[unit * n..(unit + 1) * n].iter().enumerate() {
            if cand[c as usize] >> k & 1 != 0 {
                rem |= 1u64 << i;
            }
        }
        Frame {
            at: unit as u16,
            value: k as u8 + 1,
            rem,
        }
    }
}
