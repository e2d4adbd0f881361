//! The same search on grids of at most 128 cells, every cell set one `u128` and every
//! set of units one `u64`, the state copied down the recursion instead of restored.
//! It visits the same branches in the same order (so it finds the same fish in the same
//! order) but for more pruning: with eliminations wanted, a branch whose fins see no
//! cover candidate it could still eliminate is dropped.

use super::{classify, kind_bit, Found, Mode, Query};
use crate::human::Board;

/// How many cells a set of a few cells has: a step per member, cheaper than
/// `count_ones` (a long bit sum, the portable build having no population count
/// instruction) for the few base candidates a unit holds.
#[inline(always)]
pub(super) fn few(m: u128) -> usize {
    let mut k = 0;
    for mut w in [m as u64, (m >> 64) as u64] {
        while w != 0 {
            w &= w - 1;
            k += 1;
        }
    }
    k
}

/// Puts `share` among the largest shares `top` keeps (largest first), if it is one;
/// gives how much the sum of `top` grew.
#[inline(always)]
fn insert_top(top: &mut [usize], share: usize) -> usize {
    let r = top.len();
    let dropped = top[r - 1];
    if share <= dropped {
        return 0;
    }
    let mut j = r - 1;
    while j > 0 && top[j - 1] < share {
        top[j] = top[j - 1];
        j -= 1;
    }
    top[j] = share;
    share - dropped
}

/// Fixed per search.
struct Ctx<'a> {
    b: &'a Board,
    n: usize,
    k: usize,
    v: u8,
    mode: Mode,
    /// Words per cell set in [`Found`].
    w: usize,
    /// The units of an allowed cover kind.
    cover_units: u64,
    /// Candidates of v per unit.
    units: Vec<u128>,
    cand: u128,
    /// With eliminations wanted: the candidates of v a fish may remove (those in no
    /// template, when known; else every cell).
    targets: u128,
    /// The cells that may be fins: with eliminations wanted and the targets known,
    /// those seeing a target (a fin sees every candidate the fish removes); else
    /// every cell.
    fin_cells: u128,
    peers: Vec<u128>,
}

/// One branch of the search; `Copy`, so going back is free.
#[derive(Clone, Copy)]
struct State {
    base: u64,
    base_cells: u128,
    endo: u128,
    /// The endo fins in the order they were found (as the general search lists them).
    endo_list: [u8; 8],
    n_endo: usize,
    covers: u64,
    n_covers: usize,
    covered: u128,
    cannibal: u128,
    fins: u128,
    n_fins: usize,
    fin_peers: u128,
    /// Units that may cover (allowed kind, no base set, holding base candidates).
    allowed: u64,
}

fn words(x: u128, w: usize) -> Vec<u64> {
    [x as u64, (x >> 64) as u64][..w].to_vec()
}

fn ones(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

fn cells(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

impl Ctx<'_> {
    /// Starts a cover search for the base sets in `st`.
    fn reset(&self, st: &mut State) {
        st.covers = 0;
        st.n_covers = 0;
        st.covered = 0;
        st.cannibal = 0;
        st.fins = 0;
        st.n_fins = 0;
        st.fin_peers = !0;
        st.allowed = 0;
        for u in ones(self.cover_units & !st.base) {
            if self.units[u] & st.base_cells != 0 {
                st.allowed |= 1 << u;
            }
        }
        for &e in &st.endo_list[..st.n_endo] {
            st.fin_peers &= self.peers[e as usize];
        }
    }

    /// As the general `Ctx::covers`.
    fn covers(&self, st: &State, partial: bool, found: &mut dyn FnMut(&Found) -> bool) -> bool {
        let todo = st.base_cells & !st.covered & !st.fins & !st.endo;
        if todo == 0 {
            if partial {
                return true;
            }
            return st.n_covers == self.k && self.leaf(st, found);
        }
        if st.n_covers == self.k {
            return self.all_fins(st, todo, partial, found);
        }
        let x = todo.trailing_zeros() as usize;
        if !self.can_finish(st, todo) || (!partial && !self.may_eliminate(st, todo)) {
            return false;
        }
        if st.n_covers < self.k {
            for u in self.b.geo.units_of(x) {
                let u = u as usize;
                if (self.cover_units & !st.base & !st.covers) >> u & 1 == 0 {
                    continue;
                }
                let cells = self.units[u];
                if st.fins & cells != 0 {
                    continue;
                }
                let mut next = *st;
                next.cannibal |= st.covered & cells & st.base_cells;
                next.covered |= cells;
                next.covers |= 1 << u;
                next.n_covers += 1;
                if self.covers(&next, partial, found) {
                    return true;
                }
            }
        }
        if st.n_fins + st.n_endo < self.mode.max_fins {
            let fin_peers = st.fin_peers & self.peers[x];
            let ok = if self.mode.need_elims {
                fin_peers & self.cand & !st.base_cells != 0 && fin_peers & self.targets != 0
            } else {
                fin_peers != 0
            };
            if ok {
                let mut next = *st;
                next.fin_peers = fin_peers;
                next.fins |= 1 << x;
                next.n_fins += 1;
                if self.covers(&next, partial, found) {
                    return true;
                }
            }
        }
        false
    }

    /// No cover left: the branch where every candidate still `todo` becomes a fin, in
    /// one go (the general search adds them one by one, checking the same at each,
    /// and the fins' common peers only shrink).
    fn all_fins(
        &self,
        st: &State,
        todo: u128,
        partial: bool,
        found: &mut dyn FnMut(&Found) -> bool,
    ) -> bool {
        if st.n_fins + st.n_endo + todo.count_ones() as usize > self.mode.max_fins {
            return false;
        }
        let mut next = *st;
        for y in cells(todo) {
            next.fin_peers &= self.peers[y];
        }
        let ok = if self.mode.need_elims {
            next.fin_peers & self.cand & !st.base_cells != 0 && next.fin_peers & self.targets != 0
        } else {
            next.fin_peers != 0
        };
        if !ok {
            return false;
        }
        if partial {
            return true;
        }
        next.fins |= todo;
        next.n_fins += todo.count_ones() as usize;
        self.leaf(&next, found)
    }

    /// With eliminations wanted and some fin, whether some candidate that sees every
    /// fin may still go: a cover candidate outside the base sets or a cannibalistic
    /// one, in the cover sets chosen or in a unit that may still become one (allowed,
    /// holding no fin, holding a candidate still `todo`; every later cover is such).
    /// Later steps only add fins and cover sets from these units, so when nothing
    /// is left here, no fish below eliminates anything.
    fn may_eliminate(&self, st: &State, todo: u128) -> bool {
        if !self.mode.need_elims || st.fins == 0 && st.n_endo == 0 {
            return true;
        }
        let want = st.fin_peers & self.cand & self.targets;
        if want & ((st.covered & !st.base_cells) | st.cannibal) != 0 {
            return true;
        }
        if st.n_covers == self.k {
            return false;
        }
        for u in ones(st.allowed & !st.covers) {
            let cells = self.units[u];
            if cells & want != 0 && cells & todo != 0 && cells & st.fins == 0 {
                return true;
            }
        }
        false
    }

    /// Whether the candidates still `todo` can be covered by the covers left (at least
    /// one), but for as many as may still become fins (as the general
    /// `Ctx::can_finish`, at every step). A candidate no fin may be (no fin left; one
    /// seeing no target; or, with one cover left, one that would leave the fins no
    /// common peer the mode wants) must be covered: the covers left take at most the
    /// sum of the largest shares of such candidates any units that may cover hold.
    fn can_finish(&self, st: &State, todo: u128) -> bool {
        let fins_left = self.mode.max_fins - st.n_fins - st.n_endo;
        let left = todo.count_ones() as usize;
        let r = self.k - st.n_covers;
        // Candidates seeing no target can never be fins.
        let never = todo & !self.fin_cells;
        let must = if fins_left == 0 {
            todo
        } else if r > 1 || st.fins == 0 && st.n_endo == 0 {
            never
        } else {
            let want = if self.mode.need_elims {
                st.fin_peers & self.cand & !st.base_cells
            } else {
                st.fin_peers
            };
            cells(todo)
                .filter(|&y| self.peers[y] & want == 0)
                .fold(never, |a, y| a | 1 << y)
        };
        if left <= fins_left && must == 0 {
            return true;
        }
        let need = must.count_ones() as usize;
        // The r largest shares and their sums, which only grow: the bound holds as
        // soon as it holds for the units seen so far (with none seen, it held above
        // or does not hold).
        let mut top = [0usize; 4];
        let mut top_must = [0usize; 4];
        let (mut most, mut most_must) = (0, 0);
        let r = r.min(4);
        for u in ones(st.allowed & !st.covers) {
            let cells = self.units[u];
            if cells & st.fins != 0 {
                continue;
            }
            most += insert_top(&mut top[..r], few(cells & todo));
            if must != 0 {
                // (With nothing that must be covered, `need` is 0: no bound.)
                let share = few(cells & must);
                most_must += insert_top(&mut top_must[..r], share);
            }
            if left <= most + fins_left && need <= most_must {
                return true;
            }
        }
        false
    }

    /// As the general `Ctx::leaf`.
    fn leaf(&self, st: &State, found: &mut dyn FnMut(&Found) -> bool) -> bool {
        let finned = st.fins != 0 || st.n_endo != 0;
        if self.mode.max_fins > 0 && !finned {
            return false;
        }
        let elims = ((st.covered & !st.base_cells) | st.cannibal) & st.fin_peers & self.cand;
        if (elims != 0) != self.mode.need_elims {
            return false;
        }
        let n = self.n;
        let kinds = |m: u64| ones(m).fold(0, |a, u| a | kind_bit(u, n));
        let kind = classify(kinds(st.base), kinds(st.covers));
        if self.mode.kinds & kind.bit() == 0 {
            return false;
        }
        let w = self.w;
        found(&Found {
            v: self.v,
            base: ones(st.base).collect(),
            cover: ones(st.covers).collect(),
            base_cells: words(st.base_cells, w),
            cover_cells: words(st.covered, w),
            cannibal: words(st.cannibal, w),
            fins: cells(st.fins).collect(),
            endo: st.endo_list[..st.n_endo]
                .iter()
                .map(|&e| e as usize)
                .collect(),
            fin_peers: words(st.fin_peers, w),
        })
    }

    /// As the general `Ctx::pick_base`.
    fn pick_base(
        &self,
        pool: &[usize],
        from: usize,
        st: &State,
        found: &mut dyn FnMut(&Found) -> bool,
    ) -> bool {
        let k = self.k;
        let n_base = st.base.count_ones() as usize;
        for i in from..pool.len() {
            if pool.len() - i < k - n_base {
                break;
            }
            let u = pool[i];
            let cells = self.units[u];
            let over = st.base_cells & cells;
            let n_endo = st.n_endo + over.count_ones() as usize;
            if n_endo > self.mode.max_endo.min(self.mode.max_fins) {
                continue;
            }
            let mut next = *st;
            for c in self::cells(over) {
                next.endo_list[next.n_endo] = c as u8;
                next.n_endo += 1;
            }
            next.endo |= over;
            next.base_cells |= cells;
            next.base |= 1 << u;
            let stop = if n_base + 1 == k {
                self.reset(&mut next);
                self.covers(&next, false, found)
            } else {
                let alive = n_base + 1 < 2 || {
                    self.reset(&mut next);
                    self.covers(&next, true, &mut |_| true)
                };
                alive && self.pick_base(pool, i + 1, &next, found)
            };
            if stop {
                return true;
            }
        }
        false
    }
}

/// As [`super::search`], for a board of at most 128 cells.
pub(crate) fn search(
    b: &Board,
    peers: &[u64],
    q: Query,
    targets: Option<&[u64]>,
    found: &mut dyn FnMut(&Found) -> bool,
) -> bool {
    let Query {
        v,
        k,
        base_kinds,
        cover_kinds,
        mode,
    } = q;
    let n = b.n;
    let cells = b.cands.len();
    debug_assert!(cells <= 128 && 3 * n <= 64);
    let w = cells.div_ceil(64);
    let mut cand = 0u128;
    for (c, &m) in b.cands.iter().enumerate() {
        if m >> (v - 1) & 1 != 0 {
            cand |= 1 << c;
        }
    }
    let units: Vec<u128> = (0..3 * n)
        .map(|u| {
            b.geo
                .unit(u)
                .iter()
                .fold(0, |a, &c| a | (1u128 << c) & cand)
        })
        .collect();
    let pool: Vec<usize> = (0..3 * n)
        .filter(|&u| {
            let cnt = units[u].count_ones() as usize;
            kind_bit(u, n) & base_kinds != 0 && cnt > 0 && (mode.max_fins > 0 || cnt <= k)
        })
        .collect();
    if pool.len() < k {
        return false;
    }
    let peers: Vec<u128> = (0..cells)
        .map(|c| {
            let p = &peers[c * w..(c + 1) * w];
            p[0] as u128 | if w > 1 { (p[1] as u128) << 64 } else { 0 }
        })
        .collect();
    let cover_units = (0..3 * n)
        .filter(|&u| kind_bit(u, n) & cover_kinds != 0)
        .fold(0u64, |a, u| a | 1 << u);
    let targets = targets.map(|t| t[0] as u128 | if w > 1 { (t[1] as u128) << 64 } else { 0 });
    let fin_cells = match targets {
        Some(t) if mode.need_elims => self::cells(t).fold(0, |a, t| a | peers[t]),
        _ => !0,
    };
    let ctx = Ctx {
        b,
        n,
        k,
        v,
        mode,
        w,
        cover_units,
        units,
        cand,
        targets: targets.unwrap_or(!0),
        fin_cells,
        peers,
    };
    let st = State {
        base: 0,
        base_cells: 0,
        endo: 0,
        endo_list: [0; 8],
        n_endo: 0,
        covers: 0,
        n_covers: 0,
        covered: 0,
        cannibal: 0,
        fins: 0,
        n_fins: 0,
        fin_peers: !0,
        allowed: 0,
    };
    ctx.pick_base(&pool, 0, &st, found)
}
