//! The minlex search: result rows one at a time, columns as an ordered partition.
//!
//! A [`State`] is a partial transform after some result rows: the view (transposed or
//! not), the source rows taken, the column arrangement as an ordered partition (stack
//! positions in groups of still interchangeable stacks; inside each source stack, its
//! columns in cells of still interchangeable columns) and the labels given so far. Every
//! state kept after row r gives the same (smallest) first r result rows.
//!
//! For the next row, each state tries each allowed source row (skipping a row identical
//! to one already tried in its band, and a band identical to one already tried: swapping
//! them is an automorphism) and lays the row out stack position by stack position, cell by
//! cell, smallest first: blanks, then values already labelled (by label), then new values
//! (the next labels, by their number of copies in the cell, most first). Columns or stacks
//! that stay equal stay in one cell or group, so ties do not multiply; only a tie between
//! new values (which decides labels) branches. A partial row that exceeds the best row so
//! far is dropped at once.

use numpl_core::Grid;

use crate::Transform;

/// The key of a new (unlabelled) value while stacks are ranked: above every label.
const NEW: u8 = u8::MAX;

#[derive(Clone)]
struct State<const M: usize> {
    view: u8,
    /// Source row (of the view) of each result row so far.
    rows: [u8; M],
    used: u64,
    /// Source stack at each stack position.
    sorder: [u8; M],
    /// Bit p: stack position p starts a group of interchangeable stacks.
    sgroup: u64,
    /// Source stack s's local column at local position j: `corder[s * C + j]`.
    corder: [u8; M],
    /// Bit s * C + j: local position j of source stack s starts a cell.
    cstart: u64,
    /// Label of each value (0: none yet).
    label: [u8; M],
    next: u8,
}

#[derive(Clone)]
struct Work<const M: usize> {
    st: State<M>,
    out: [u8; M],
    len: usize,
    /// The row so far is below the best's prefix (as of `ver`).
    lt: bool,
    ver: u32,
}

struct Ctx<const M: usize> {
    n: usize,
    /// Rows per band.
    br: usize,
    /// Columns per stack.
    bc: usize,
    stacks: usize,
    /// The grid (view 0) and its transpose (view 1, only when R == C).
    views: Vec<Vec<u8>>,
    row_class: Vec<Vec<u8>>,
    band_class: Vec<Vec<u8>>,
    /// The source row being laid out, in `views[view]`.
    x: usize,
    /// Per view and row: the columns that hold a value, and the values it holds (bit v - 1).
    row_cols: Vec<Vec<u64>>,
    row_vals: Vec<Vec<u64>>,
    /// Columns that hold a value in a row not yet taken (other than `x`), and values that
    /// appear in such a row or twice in `x`: a new value outside both can be swapped with
    /// another such one (with its column) by an automorphism, so a tie between them needs
    /// no branch.
    live_cols: u64,
    live_vals: u64,
    best: [u8; M],
    have_best: bool,
    ver: u32,
    next_states: Vec<State<M>>,
    /// The most partial transforms kept at once ([`search`]'s `max_states`).
    max_states: usize,
    /// Set when the ties outgrew `max_states`: the search stops.
    overflow: bool,
}

fn next_bit(bits: u64, after: usize, limit: usize) -> usize {
    let rest = if after + 1 >= 64 {
        0
    } else {
        bits & (!0u64 << (after + 1))
    };
    if rest == 0 {
        limit
    } else {
        (rest.trailing_zeros() as usize).min(limit)
    }
}

impl<const M: usize> Ctx<M> {
    fn new(grid: &Grid) -> Ctx<M> {
        let shape = grid.shape();
        let n = shape.size();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let mut views = vec![grid.values().to_vec()];
        if br == bc {
            let v = grid.values();
            views.push((0..n * n).map(|i| v[(i % n) * n + i / n]).collect());
        }
        let mut row_class = Vec::new();
        let mut band_class = Vec::new();
        for m in &views {
            let rc: Vec<u8> = (0..n)
                .map(|x| {
                    (0..x)
                        .find(|&y| m[y * n..y * n + n] == m[x * n..x * n + n])
                        .unwrap_or(x) as u8
                })
                .collect();
            let keys: Vec<Vec<u8>> = (0..n / br)
                .map(|b| {
                    let mut k = rc[b * br..b * br + br].to_vec();
                    k.sort_unstable();
                    k
                })
                .collect();
            band_class.push(
                (0..keys.len())
                    .map(|b| (0..b).find(|&a| keys[a] == keys[b]).unwrap_or(b) as u8)
                    .collect(),
            );
            row_class.push(rc);
        }
        let row_cols = views
            .iter()
            .map(|m| {
                (0..n)
                    .map(|x| {
                        (0..n)
                            .filter(|&c| m[x * n + c] != 0)
                            .fold(0u64, |a, c| a | 1 << c)
                    })
                    .collect()
            })
            .collect();
        let row_vals = views
            .iter()
            .map(|m| {
                (0..n)
                    .map(|x| {
                        m[x * n..x * n + n]
                            .iter()
                            .filter(|&&v| v != 0)
                            .fold(0u64, |a, &v| a | 1 << (v - 1))
                    })
                    .collect()
            })
            .collect();
        Ctx {
            row_cols,
            row_vals,
            live_cols: 0,
            live_vals: 0,
            n,
            br,
            bc,
            stacks: n / bc,
            views,
            row_class,
            band_class,
            x: 0,
            best: [0; M],
            have_best: false,
            ver: 0,
            next_states: Vec::new(),
            max_states: usize::MAX,
            overflow: false,
        }
    }

    #[inline]
    fn value(&self, view: u8, col: usize) -> u8 {
        self.views[view as usize][self.x * self.n + col]
    }

    /// Appends `v` to the row; false when the row is now above the best one.
    #[inline]
    fn push(&self, w: &mut Work<M>, v: u8) -> bool {
        if self.have_best {
            if w.ver != self.ver {
                w.ver = self.ver;
                match w.out[..w.len].cmp(&self.best[..w.len]) {
                    std::cmp::Ordering::Greater => return false,
                    std::cmp::Ordering::Less => w.lt = true,
                    std::cmp::Ordering::Equal => w.lt = false,
                }
            }
            if !w.lt {
                let b = self.best[w.len];
                if v > b {
                    return false;
                }
                if v < b {
                    w.lt = true;
                }
            }
        }
        w.out[w.len] = v;
        w.len += 1;
        true
    }

    fn emit(&mut self, w: Work<M>) {
        let n = self.n;
        if self.have_best {
            match w.out[..n].cmp(&self.best[..n]) {
                std::cmp::Ordering::Greater => return,
                std::cmp::Ordering::Equal => {
                    if self.next_states.len() >= self.max_states {
                        self.overflow = true;
                        return;
                    }
                    self.next_states.push(w.st);
                    return;
                }
                std::cmp::Ordering::Less => {}
            }
        }
        self.best[..n].copy_from_slice(&w.out[..n]);
        self.have_best = true;
        self.ver += 1;
        self.next_states.clear();
        self.next_states.push(w.st);
    }

    /// Lays out stack positions `p..`.
    fn stacks(&mut self, mut w: Work<M>, p: usize) {
        if self.overflow {
            return;
        }
        if p == self.stacks {
            self.emit(w);
            return;
        }
        let e = next_bit(w.st.sgroup, p, self.stacks);
        if e - p == 1 {
            let s = w.st.sorder[p] as usize;
            self.cells(w, p, s, 0);
            return;
        }
        // Rank the group's stacks by their smallest layout; a new value ends a key.
        let bc = self.bc;
        let mut keys = [0u8; M];
        let mut klen = [0usize; M];
        let mut best_i = usize::MAX;
        for i in p..e {
            let s = w.st.sorder[i] as usize;
            let key = &mut keys[(i - p) * bc..(i - p) * bc + bc];
            let mut len = 0;
            let mut j = 0;
            'cells: while j < bc {
                let k = next_bit(w.st.cstart, s * bc + j, s * bc + bc) - s * bc;
                let start = len;
                let mut new = false;
                for q in j..k {
                    let col = s * bc + w.st.corder[s * bc + q] as usize;
                    let v = self.value(w.st.view, col);
                    if v != 0 && w.st.label[v as usize] == 0 {
                        new = true;
                    } else {
                        key[len] = w.st.label[v as usize];
                        len += 1;
                    }
                }
                key[start..len].sort_unstable();
                if new {
                    key[len] = NEW;
                    len += 1;
                    break 'cells;
                }
                j = k;
            }
            klen[i - p] = len;
            if best_i == usize::MAX
                || keys[(i - p) * bc..(i - p) * bc + len]
                    < keys[(best_i - p) * bc..(best_i - p) * bc + klen[best_i - p]]
            {
                best_i = i;
            }
        }
        let bk = best_i - p;
        let best_key = &keys[bk * bc..bk * bc + klen[bk]];
        let quiet = best_key.last() != Some(&NEW);
        let ties: Vec<usize> = (p..e)
            .filter(|&i| &keys[(i - p) * bc..(i - p) * bc + klen[i - p]] == best_key)
            .collect();
        if quiet {
            // Equal stacks without new values stay one group at p..p + k.
            let k = ties.len();
            let mut order: Vec<u8> = ties.iter().map(|&i| w.st.sorder[i]).collect();
            order.extend((p..e).filter(|i| !ties.contains(i)).map(|i| w.st.sorder[i]));
            w.st.sorder[p..e].copy_from_slice(&order);
            if p + k < e {
                w.st.sgroup |= 1 << (p + k);
            }
            for &s in &order[..k] {
                let mut j = 0;
                while j < bc {
                    let kk = next_bit(w.st.cstart, s as usize * bc + j, s as usize * bc + bc)
                        - s as usize * bc;
                    if !self.known_cell(&mut w, s as usize, j, kk).0 {
                        return;
                    }
                    j = kk;
                }
            }
            self.stacks(w, p + k);
        } else {
            // Dead stacks with equal layouts are swapped by an automorphism: one of each.
            let mut ties = ties;
            if ties.len() > 1 {
                let mut seen: Vec<Vec<u8>> = Vec::new();
                let mut key = Vec::new();
                ties.retain(|&i| {
                    if !self.dead_key(&w, w.st.sorder[i] as usize, &mut key) {
                        return true;
                    }
                    if seen.contains(&key) {
                        return false;
                    }
                    seen.push(key.clone());
                    true
                });
            }
            let last = ties.len() - 1;
            let mut w = Some(w);
            for (t, &i) in ties.iter().enumerate() {
                let mut wi = if t == last {
                    w.take().expect("kept for the last tie")
                } else {
                    w.as_ref().expect("kept for the last tie").clone()
                };
                wi.st.sorder.swap(p, i);
                if p + 1 < e {
                    wi.st.sgroup |= 1 << (p + 1);
                }
                let s = wi.st.sorder[p] as usize;
                self.cells(wi, p, s, 0);
            }
        }
    }

    /// Sorts the known (blank or labelled) values of stack `s`'s cell at local positions
    /// `j..k` to its front, splitting the cell where the value changes. Returns whether the
    /// row is still in the running, and the local position where the new values begin.
    fn known_cell(&self, w: &mut Work<M>, s: usize, j: usize, k: usize) -> (bool, usize) {
        let bc = self.bc;
        let base = s * bc;
        let mut known = [(0u8, 0u8); M];
        let mut nk = 0;
        let mut newc = [0u8; M];
        let mut nn = 0;
        for q in j..k {
            let lc = w.st.corder[base + q];
            let v = self.value(w.st.view, base + lc as usize);
            if v != 0 && w.st.label[v as usize] == 0 {
                newc[nn] = lc;
                nn += 1;
            } else {
                known[nk] = (w.st.label[v as usize], lc);
                nk += 1;
            }
        }
        known[..nk].sort_unstable();
        for (i, &(key, lc)) in known[..nk].iter().enumerate() {
            w.st.corder[base + j + i] = lc;
            if i > 0 && key != known[i - 1].0 {
                w.st.cstart |= 1 << (base + j + i);
            }
            if !self.push(w, key) {
                return (false, 0);
            }
        }
        let at = j + nk;
        w.st.corder[base + at..base + at + nn].copy_from_slice(&newc[..nn]);
        if nn > 0 && nk > 0 {
            w.st.cstart |= 1 << (base + at);
        }
        (true, at)
    }

    /// Lays out the cells of stack `s` (at stack position `p`) from local position `j`,
    /// then the stacks after it.
    fn cells(&mut self, mut w: Work<M>, p: usize, s: usize, mut j: usize) {
        let bc = self.bc;
        loop {
            if j == bc {
                self.stacks(w, p + 1);
                return;
            }
            let k = next_bit(w.st.cstart, s * bc + j, s * bc + bc) - s * bc;
            let (alive, at) = self.known_cell(&mut w, s, j, k);
            if !alive {
                return;
            }
            if at < k {
                self.new_values(w, p, s, at, k);
                return;
            }
            j = k;
        }
    }

    /// Labels the new values of stack `s`'s cell at local positions `at..k` (all unlabelled,
    /// a cell of their own), the value with most copies first; a tie branches.
    fn new_values(&mut self, w: Work<M>, p: usize, s: usize, at: usize, k: usize) {
        if at == k {
            self.cells(w, p, s, k);
            return;
        }
        let base = s * self.bc;
        let view = w.st.view;
        let mut counts = [0u8; M];
        let mut most = 0;
        for q in at..k {
            let v = self.value(view, base + w.st.corder[base + q] as usize) as usize;
            counts[v] += 1;
            most = most.max(counts[v]);
        }
        let mut cands = [0u8; M];
        let mut nc = 0;
        let mut dead_taken = false;
        for q in at..k {
            let lc = w.st.corder[base + q] as usize;
            let v = self.value(view, base + lc);
            if most == 1
                && self.live_cols & (1 << (base + lc)) == 0
                && self.live_vals & (1 << (v - 1)) == 0
            {
                // Dead: swapped with any other dead one by an automorphism.
                if dead_taken {
                    continue;
                }
                dead_taken = true;
            }
            if counts[v as usize] == most && !cands[..nc].contains(&v) {
                cands[nc] = v;
                nc += 1;
            }
        }
        let mut w = Some(w);
        for (t, &d) in cands[..nc].iter().enumerate() {
            let mut wi = if t + 1 == nc {
                w.take().expect("kept for the last tie")
            } else {
                w.as_ref().expect("kept for the last tie").clone()
            };
            wi.st.next += 1;
            let lab = wi.st.next;
            wi.st.label[d as usize] = lab;
            // Columns holding d first (a cell of their own), the rest after.
            let mut cols = [0u8; M];
            let (mut a, mut b) = (0, k - at);
            for q in at..k {
                let lc = wi.st.corder[base + q];
                if self.value(view, base + lc as usize) == d {
                    cols[a] = lc;
                    a += 1;
                } else {
                    b -= 1;
                    cols[b] = lc;
                }
            }
            cols[a..k - at].reverse();
            wi.st.corder[base + at..base + k].copy_from_slice(&cols[..k - at]);
            let mut alive = true;
            for _ in 0..a {
                if !self.push(&mut wi, lab) {
                    alive = false;
                    break;
                }
            }
            if !alive {
                continue;
            }
            if at + a < k {
                wi.st.cstart |= 1 << (base + at + a);
            }
            self.new_values(wi, p, s, at + a, k);
        }
    }

    /// Sets `live_cols` and `live_vals` for row `x` of state `st` (`x` already used).
    fn set_live(&mut self, st: &State<M>) {
        let v = st.view as usize;
        let (mut cols, mut vals) = (0u64, 0u64);
        let mut rest = !st.used
            & if self.n == 64 {
                !0
            } else {
                (1u64 << self.n) - 1
            };
        while rest != 0 {
            let y = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            cols |= self.row_cols[v][y];
            vals |= self.row_vals[v][y];
        }
        // A value twice in x (not a Sudoku row) is live too.
        let n = self.n;
        let row = &self.views[v][self.x * n..self.x * n + n];
        if (row.iter().filter(|&&d| d != 0).count() as u32) != self.row_vals[v][self.x].count_ones()
        {
            let mut seen = 0u64;
            for &d in row.iter().filter(|&&d| d != 0) {
                let bit = 1u64 << (d - 1);
                if seen & bit != 0 {
                    vals |= bit;
                }
                seen |= bit;
            }
        }
        self.live_cols = cols;
        self.live_vals = vals;
    }

    /// Whether stack position p's stack `s` is dead (no live column, no live new value) and
    /// its full layout key (per cell: sorted known values, then one `NEW` a new value).
    fn dead_key(&self, w: &Work<M>, s: usize, key: &mut Vec<u8>) -> bool {
        let bc = self.bc;
        let stack_cols = if bc == 64 {
            !0
        } else {
            ((1u64 << bc) - 1) << (s * bc)
        };
        if self.live_cols & stack_cols != 0 {
            return false;
        }
        key.clear();
        let mut j = 0;
        while j < bc {
            let k = next_bit(w.st.cstart, s * bc + j, s * bc + bc) - s * bc;
            let start = key.len();
            let mut new = 0;
            for q in j..k {
                let v = self.value(w.st.view, s * bc + w.st.corder[s * bc + q] as usize);
                if v != 0 && w.st.label[v as usize] == 0 {
                    if self.live_vals & (1 << (v - 1)) != 0 {
                        return false;
                    }
                    new += 1;
                } else {
                    key.push(w.st.label[v as usize]);
                }
            }
            key[start..].sort_unstable();
            key.extend(std::iter::repeat_n(NEW, new));
            j = k;
        }
        true
    }

    /// The source rows to try for result row `r` of state `st`.
    fn candidates(&self, st: &State<M>, r: usize, out: &mut Vec<u8>) {
        out.clear();
        let br = self.br;
        let v = st.view as usize;
        let rc = &self.row_class[v];
        let push_band = |b: usize, out: &mut Vec<u8>| {
            let start = out.len();
            for x in b * br..b * br + br {
                if st.used & (1 << x) == 0 && !out[start..].iter().any(|&y| rc[y as usize] == rc[x])
                {
                    out.push(x as u8);
                }
            }
        };
        if r.is_multiple_of(br) {
            let mut tried = [false; M];
            for b in 0..self.n / br {
                let class = self.band_class[v][b] as usize;
                if st.used & (1 << (b * br)) != 0 || tried[class] {
                    continue;
                }
                tried[class] = true;
                push_band(b, out);
            }
        } else {
            push_band(st.rows[r - 1] as usize / br, out);
        }
    }
}

/// The minlex form's transform of `grid` (see the crate docs), or `None` when more than
/// `max_states` partial transforms tie at some row (full grids of big shapes, whose first
/// rows leave every arrangement of columns open).
pub(crate) fn search(grid: &Grid, max_states: usize) -> Option<Transform> {
    // Arrays sized for the shape: a 9x9 state is a seventh of a 64x64 one, and states are
    // copied at every step of the search. `M` is at least N + 1 (the labels of 0..=N).
    match grid.size() {
        0..=9 => search_in::<10>(grid, max_states),
        10..=16 => search_in::<17>(grid, max_states),
        _ => search_in::<{ numpl_core::MAX_SIZE + 1 }>(grid, max_states),
    }
}

fn search_in<const M: usize>(grid: &Grid, max_states: usize) -> Option<Transform> {
    let shape = grid.shape();
    let mut ctx = Ctx::<M>::new(grid);
    ctx.max_states = max_states.max(1);
    let n = ctx.n;
    let bc = ctx.bc;
    let mut states: Vec<State<M>> = (0..ctx.views.len() as u8)
        .map(|view| {
            let mut corder = [0u8; M];
            let mut cstart = 0u64;
            let mut sorder = [0u8; M];
            for s in 0..ctx.stacks {
                sorder[s] = s as u8;
                cstart |= 1 << (s * bc);
                for j in 0..bc {
                    corder[s * bc + j] = j as u8;
                }
            }
            State {
                view,
                rows: [0; M],
                used: 0,
                sorder,
                sgroup: 1,
                corder,
                cstart,
                label: [0; M],
                next: 0,
            }
        })
        .collect();
    let mut cands = Vec::with_capacity(M);
    for r in 0..n {
        ctx.have_best = false;
        ctx.next_states.clear();
        for st in &states {
            ctx.candidates(st, r, &mut cands);
            for &x in &cands {
                let mut st = st.clone();
                st.rows[r] = x;
                st.used |= 1 << x;
                ctx.x = x as usize;
                ctx.set_live(&st);
                let w = Work {
                    st,
                    out: [0; M],
                    len: 0,
                    lt: false,
                    ver: ctx.ver,
                };
                ctx.stacks(w, 0);
            }
        }
        if ctx.overflow {
            return None;
        }
        std::mem::swap(&mut states, &mut ctx.next_states);
    }
    let st = &states[0];
    let mut cols = Vec::with_capacity(n);
    for p in 0..ctx.stacks {
        let s = st.sorder[p] as usize;
        cols.extend((0..bc).map(|j| (s * bc) as u8 + st.corder[s * bc + j]));
    }
    let mut digits = st.label[..=n].to_vec();
    let mut next = st.next;
    for d in digits.iter_mut().skip(1) {
        if *d == 0 {
            next += 1;
            *d = next;
        }
    }
    Some(Transform::from_parts(
        shape,
        st.view == 1,
        st.rows[..n].to_vec(),
        cols,
        digits,
    ))
}
