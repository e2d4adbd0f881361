//! The fish search on cell sets of any size, as flat `u64` words (`w` words per set): the
//! state kept in vectors and restored on the way back, so that nothing is allocated once
//! the search runs.
//!
//! Cell sets are parallel arrays of words, walked together by index.
#![allow(clippy::needless_range_loop)]

use super::{classify, kind_bit, kinds, Found, Mode, Query};
use crate::human::bits::{bit, count, is_empty, members, set_bit};
use crate::human::Board;

/// What stays fixed while the covers of one set of base units are searched.
pub(super) struct Ctx<'a> {
    pub(super) b: &'a Board,
    pub(super) w: usize,
    pub(super) k: usize,
    pub(super) v: u8,
    pub(super) mode: Mode,
    /// Unit kinds allowed as cover sets.
    pub(super) cover_kinds: u8,
    /// Candidates of v per unit (3N sets).
    pub(super) units: &'a [u64],
    /// Candidates of v.
    pub(super) cand: &'a [u64],
    /// Peers of every cell.
    pub(super) peers: &'a [u64],
}

/// The search's state: the base sets chosen, and the covers and fins of the current
/// branch (cell sets `w` words each). `saved` is a stack of words to restore on the way
/// back, so the search allocates nothing once it runs.
pub(super) struct State {
    pub(super) base: Vec<usize>,
    pub(super) base_cells: Vec<u64>,
    pub(super) endo: Vec<usize>,
    pub(super) covers: Vec<usize>,
    pub(super) covered: Vec<u64>,
    pub(super) cannibal: Vec<u64>,
    pub(super) fins: Vec<usize>,
    pub(super) fin_peers: Vec<u64>,
    pub(super) saved: Vec<u64>,
    /// The units that may cover (allowed kind, no base set, holding base candidates) and
    /// their base candidates, `w` words each: set up per set of base sets.
    pub(super) allowed: Vec<usize>,
    pub(super) shares: Vec<u64>,
    /// The most base candidates an allowed unit holds.
    pub(super) max_share: usize,
}

impl Ctx<'_> {
    pub(super) fn unit(&self, u: usize) -> &[u64] {
        &self.units[u * self.w..(u + 1) * self.w]
    }

    /// Starts a cover search for the base sets in `st`.
    pub(super) fn reset(&self, st: &mut State) {
        let w = self.w;
        st.covers.clear();
        st.fins.clear();
        st.covered.fill(0);
        st.cannibal.fill(0);
        st.fin_peers.fill(!0);
        st.allowed.clear();
        st.shares.clear();
        st.max_share = 0;
        let n = self.b.n;
        for u in 0..3 * n {
            if kind_bit(u, n) & self.cover_kinds == 0 || st.base.contains(&u) {
                continue;
            }
            let cells = self.unit(u);
            if (0..w).any(|i| cells[i] & st.base_cells[i] != 0) {
                st.allowed.push(u);
                st.shares
                    .extend((0..w).map(|i| cells[i] & st.base_cells[i]));
                let share = (0..w)
                    .map(|i| (cells[i] & st.base_cells[i]).count_ones() as usize)
                    .sum();
                st.max_share = st.max_share.max(share);
            }
        }
        for &e in &st.endo {
            for i in 0..w {
                st.fin_peers[i] &= self.peers[e * w + i];
            }
        }
    }

    /// Searches covers from `st`. With `partial`, true as soon as the base candidates can
    /// be covered by at most `k` covers (with fins as the mode allows); otherwise `found`
    /// gets each fish (exactly `k` covers) the mode wants and returns true to stop.
    pub(super) fn covers(
        &self,
        st: &mut State,
        partial: bool,
        found: &mut dyn FnMut(&Found) -> bool,
    ) -> bool {
        let w = self.w;
        // The first base candidate not covered and not a fin.
        let mut next = None;
        'scan: for i in 0..w {
            let mut m = st.base_cells[i] & !st.covered[i];
            while m != 0 {
                let c = i * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                if !st.fins.contains(&c) && !st.endo.contains(&c) {
                    next = Some(c);
                    break 'scan;
                }
            }
        }
        let Some(x) = next else {
            if partial {
                return true;
            }
            return st.covers.len() == self.k && self.leaf(st, found);
        };
        // The full bound at the root; below it, a cheap one: no cover takes more than the
        // largest share any allowed unit had at the root.
        let fine = if st.fins.len() + st.covers.len() == 0 {
            self.can_finish(st)
        } else {
            let mut left = 0;
            for i in 0..w {
                left += (st.base_cells[i] & !st.covered[i]).count_ones() as usize;
            }
            left - st.fins.len()
                <= self.mode.max_fins - st.fins.len()
                    + (self.k - st.covers.len()) * st.max_share
                    + st.endo.len()
        };
        if !fine {
            return false;
        }
        if st.covers.len() < self.k {
            for u in self.b.geo.units_of(x) {
                let u = u as usize;
                if kind_bit(u, self.b.n) & self.cover_kinds == 0
                    || st.base.contains(&u)
                    || st.covers.contains(&u)
                {
                    continue;
                }
                let cells = &self.units[u * w..(u + 1) * w];
                // A cover holding a fin would cover it: that is the branch where the fin
                // was covered instead.
                if st.fins.iter().any(|&f| bit(cells, f)) {
                    continue;
                }
                let at = st.saved.len();
                st.saved.extend_from_slice(&st.covered);
                st.saved.extend_from_slice(&st.cannibal);
                for i in 0..w {
                    st.cannibal[i] |= st.covered[i] & cells[i] & st.base_cells[i];
                    st.covered[i] |= cells[i];
                }
                st.covers.push(u);
                let stop = self.covers(st, partial, found);
                st.covers.pop();
                st.covered.copy_from_slice(&st.saved[at..at + w]);
                st.cannibal.copy_from_slice(&st.saved[at + w..at + 2 * w]);
                st.saved.truncate(at);
                if stop {
                    return true;
                }
            }
        }
        if st.fins.len() + st.endo.len() < self.mode.max_fins {
            let at = st.saved.len();
            st.saved.extend_from_slice(&st.fin_peers);
            let p = &self.peers[x * w..(x + 1) * w];
            for i in 0..w {
                st.fin_peers[i] &= p[i];
            }
            let ok = if self.mode.need_elims {
                (0..w).any(|i| st.fin_peers[i] & self.cand[i] & !st.base_cells[i] != 0)
            } else {
                !is_empty(&st.fin_peers)
            };
            let mut stop = false;
            if ok {
                st.fins.push(x);
                stop = self.covers(st, partial, found);
                st.fins.pop();
            }
            st.fin_peers.copy_from_slice(&st.saved[at..at + w]);
            st.saved.truncate(at);
            if stop {
                return true;
            }
        }
        false
    }

    /// Whether the base candidates left (neither covered nor fins) can still be covered
    /// by the covers left, but for as many as may still become fins: the covers left take
    /// at most the sum of the largest shares of them any allowed units hold.
    pub(super) fn can_finish(&self, st: &State) -> bool {
        let w = self.w;
        let fins_left = self.mode.max_fins - st.fins.len() - st.endo.len();
        let mut left = 0;
        for i in 0..w {
            left += (st.base_cells[i] & !st.covered[i]).count_ones() as usize;
        }
        // Fins and endo fins are not covered but are no longer to cover.
        left -= st.fins.len();
        left -= st.endo.iter().filter(|&&e| !bit(&st.covered, e)).count();
        if left <= fins_left {
            return true;
        }
        let r = self.k - st.covers.len();
        if r == 0 {
            return false;
        }
        // The r largest shares, kept in a small sorted array (largest first).
        let mut top = [0usize; 4];
        let r = r.min(4);
        for (j, &u) in st.allowed.iter().enumerate() {
            let cells = &st.shares[j * w..(j + 1) * w];
            let mut share = 0;
            for i in 0..w {
                share += (cells[i] & !st.covered[i]).count_ones() as usize;
            }
            if share <= top[r - 1]
                || st.covers.contains(&u)
                || st.fins.iter().any(|&f| bit(cells, f))
            {
                continue;
            }
            let mut j = r - 1;
            while j > 0 && top[j - 1] < share {
                top[j] = top[j - 1];
                j -= 1;
            }
            top[j] = share;
        }
        let most: usize = top[..r].iter().sum();
        left <= most + fins_left
    }

    /// A complete fish: hands it to `found` when it is one the mode wants.
    pub(super) fn leaf(&self, st: &State, found: &mut dyn FnMut(&Found) -> bool) -> bool {
        let finned = !st.fins.is_empty() || !st.endo.is_empty();
        if self.mode.max_fins > 0 && !finned {
            return false;
        }
        let elims = (0..self.w).any(|i| {
            ((st.covered[i] & !st.base_cells[i]) | st.cannibal[i]) & st.fin_peers[i] & self.cand[i]
                != 0
        });
        if elims != self.mode.need_elims {
            return false;
        }
        let n = self.b.n;
        let kind = classify(kinds(&st.base, n), kinds(&st.covers, n));
        if self.mode.kinds & kind.bit() == 0 {
            return false;
        }
        let mut cover = st.covers.clone();
        cover.sort_unstable();
        found(&Found {
            v: self.v,
            base: st.base.clone(),
            cover,
            base_cells: st.base_cells.clone(),
            cover_cells: st.covered.clone(),
            cannibal: st.cannibal.clone(),
            fins: st.fins.clone(),
            endo: st.endo.clone(),
            fin_peers: st.fin_peers.clone(),
        })
    }

    /// Picks base sets from `pool[from..]` up to `k`, then searches their covers.
    pub(super) fn pick_base(
        &self,
        pool: &[usize],
        from: usize,
        st: &mut State,
        found: &mut dyn FnMut(&Found) -> bool,
    ) -> bool {
        let w = self.w;
        let k = self.k;
        for i in from..pool.len() {
            if pool.len() - i < k - st.base.len() {
                break;
            }
            let u = pool[i];
            let cells = self.unit(u);
            let endo_len = st.endo.len();
            for j in 0..w {
                let over = st.base_cells[j] & cells[j];
                if over != 0 {
                    st.endo.extend(members(&[over]).map(|c| c + 64 * j));
                }
            }
            if st.endo.len() > self.mode.max_endo.min(self.mode.max_fins) {
                st.endo.truncate(endo_len);
                continue;
            }
            let at = st.saved.len();
            st.saved.extend_from_slice(&st.base_cells);
            for j in 0..w {
                st.base_cells[j] |= cells[j];
            }
            st.base.push(u);
            let stop = if st.base.len() == k {
                self.reset(st);
                self.covers(st, false, found)
            } else {
                // After two base sets, drop the branch when their candidates cannot be
                // covered any more (more base sets only add candidates to cover).
                let alive = st.base.len() < 2 || {
                    self.reset(st);
                    self.covers(st, true, &mut |_| true)
                };
                alive && self.pick_base(pool, i + 1, st, found)
            };
            st.base.pop();
            st.base_cells.copy_from_slice(&st.saved[at..at + w]);
            st.saved.truncate(at);
            st.endo.truncate(endo_len);
            if stop {
                return true;
            }
        }
        false
    }
}

/// [`search`](super::search) on cell sets of any size, as `u64` words.
pub(crate) fn search_words(
    b: &Board,
    peers: &[u64],
    q: Query,
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
    let w = cells.div_ceil(64);
    let cand = b.value_set(v);
    let mut units = vec![0u64; 3 * n * w];
    for u in 0..3 * n {
        for &c in b.geo.unit(u) {
            if bit(&cand, c as usize) {
                set_bit(&mut units[u * w..(u + 1) * w], c as usize);
            }
        }
    }
    let pool: Vec<usize> = (0..3 * n)
        .filter(|&u| {
            let cnt = count(&units[u * w..(u + 1) * w]);
            kind_bit(u, n) & base_kinds != 0 && cnt > 0 && (mode.max_fins > 0 || cnt <= k)
        })
        .collect();
    if pool.len() < k {
        return false;
    }
    let ctx = Ctx {
        b,
        w,
        k,
        v,
        mode,
        cover_kinds,
        units: &units,
        cand: &cand,
        peers,
    };
    let mut st = State {
        base: Vec::with_capacity(k),
        base_cells: vec![0; w],
        endo: Vec::new(),
        covers: Vec::with_capacity(k),
        covered: vec![0; w],
        cannibal: vec![0; w],
        fins: Vec::new(),
        fin_peers: vec![0; w],
        saved: Vec::with_capacity(64 * w),
        allowed: Vec::with_capacity(3 * n),
        shares: Vec::with_capacity(3 * n * w),
        max_share: 0,
    };
    ctx.pick_base(&pool, 0, &mut st, found)
}
