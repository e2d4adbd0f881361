//! Franken and mutant fish (HoDoKu's generalized fish), plain and finned, and the fish
//! search kraken fish start from.
//!
//! A fish on value v: `k` base sets (units) whose candidates of v lie in no cell twice,
//! and `k` cover sets (other units) holding every base candidate. Each base set holds v
//! once, so the k truths fill the k cover sets, one each: v goes nowhere else in a cover
//! set (and not in a base cell two cover sets share, a cannibalistic elimination).
//!
//! - Basic fish use rows as base and columns as cover (or the transpose); they are found
//!   in `fish.rs`.
//! - Franken fish mix in boxes: base sets from rows and boxes with cover sets from
//!   columns and boxes, or base sets from columns and boxes with cover sets from rows and
//!   boxes.
//! - Mutant fish are any other mix (a row and a column on the same side).
//!
//! A finned fish has fins: base candidates outside the cover sets, and endo fins,
//! candidates two base sets share (at most two, as HoDoKu allows). Either a fin is true
//! or the fish holds, so only cover candidates that see every fin go. HoDoKu allows up to
//! five fins; it has no sashimi Franken or mutant fish.
//!
//! The search picks the base sets unit by unit; after two of them (and before the last)
//! it checks that the base candidates chosen so far can still be covered by `k` cover
//! sets with few enough fins, whose common peers still hold v, and drops the branch if
//! not (adding base sets only adds candidates to cover). Cover sets are chosen for the
//! first base candidate not yet covered: one of its units, or it is a fin. Of every fish
//! found, the one with the most eliminations is the step (HoDoKu sorts its fish so).
//!
//! Grids of at most 128 cells (9x9 among them) run the same search in `small`, on `u128`
//! cell sets and a state copied down the recursion, pruning more (tighter cover bounds at
//! every step; fins whose common peers can see no eliminable cover candidate): the same
//! fish, in the same order. Larger grids use the general search on `u64` words.
//!
//! Two small differences from HoDoKu's search, both only in what is found, never in what
//! is sound: a cover set always covers some base candidate no other cover set does (no
//! redundant cover sets kept only for cannibalistic eliminations), and the fins must have
//! a common peer holding v outside the base sets.

// Cell sets are parallel arrays of words, walked together by index.
#![allow(clippy::needless_range_loop)]

use numpl_core::{Cell, Mask, Unit};

use crate::human::{board::members, memo::Memo, Board, Step, Technique};

/// The three unit kinds as bits, as HoDoKu classifies fish.
const ROW: u8 = 1;
const COL: u8 = 2;
const BOX: u8 = 4;

/// Basic, Franken or mutant: what a fish is by the kinds of its base and cover sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Basic,
    Franken,
    Mutant,
}

/// HoDoKu's classification of a fish by the kinds of units in its base and cover sets.
pub(crate) fn classify(base: u8, cover: u8) -> Kind {
    if (base == ROW && cover == COL) || (base == COL && cover == ROW) {
        Kind::Basic
    } else if (base & !(ROW | BOX) == 0 && cover & !(COL | BOX) == 0)
        || (base & !(COL | BOX) == 0 && cover & !(ROW | BOX) == 0)
    {
        Kind::Franken
    } else {
        Kind::Mutant
    }
}

/// The kind bit of unit `u` on an N-grid.
#[inline]
fn kind_bit(u: usize, n: usize) -> u8 {
    match u / n {
        0 => ROW,
        1 => COL,
        _ => BOX,
    }
}

/// Cell sets as flat `u64` words, `w` words per set.
#[inline]
fn bit(s: &[u64], c: usize) -> bool {
    s[c / 64] >> (c % 64) & 1 != 0
}

#[inline]
fn set_bit(s: &mut [u64], c: usize) {
    s[c / 64] |= 1 << (c % 64);
}

fn is_empty(s: &[u64]) -> bool {
    s.iter().all(|&x| x == 0)
}

fn count(s: &[u64]) -> usize {
    s.iter().map(|x| x.count_ones() as usize).sum()
}

/// How the fish search runs.
#[derive(Clone, Copy)]
pub(crate) struct Mode {
    /// Fins (external and endo together) allowed; 0 for a fish without fins. With fins,
    /// a fish needs at least one.
    pub max_fins: usize,
    /// Endo fins allowed (at most `max_fins`).
    pub max_endo: usize,
    /// True: only fish with eliminations (the fins' common peers must hold v). False
    /// (kraken fish): only finned fish without eliminations whose fins have a common peer.
    pub need_elims: bool,
    /// The kinds of fish wanted, as bits: 1 basic, 2 Franken, 4 mutant.
    pub kinds: u8,
}

impl Kind {
    fn bit(self) -> u8 {
        match self {
            Kind::Basic => 1,
            Kind::Franken => 2,
            Kind::Mutant => 4,
        }
    }
}

/// A fish the search found: units as indices, cell sets as words.
#[derive(Debug, PartialEq)]
pub(crate) struct Found {
    pub v: u8,
    pub base: Vec<usize>,
    pub cover: Vec<usize>,
    /// Every base candidate.
    pub base_cells: Vec<u64>,
    /// Every cover candidate.
    pub cover_cells: Vec<u64>,
    /// Base candidates in two cover sets.
    pub cannibal: Vec<u64>,
    /// External fins (base candidates outside the cover sets) and endo fins.
    pub fins: Vec<usize>,
    pub endo: Vec<usize>,
    /// The cells that see every fin (all cells when there are none).
    pub fin_peers: Vec<u64>,
}

impl Found {
    /// The eliminations of v the fish proves: cover candidates outside the base sets and
    /// cannibalistic base candidates, that see every fin.
    pub(crate) fn eliminations(&self, cand: &[u64]) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, (&c, &p)) in self.cover_cells.iter().zip(&self.fin_peers).enumerate() {
            let m = ((c & !self.base_cells[i]) | self.cannibal[i]) & p & cand[i];
            out.extend(members(&[m]).map(|x| x + 64 * i));
        }
        out
    }

    /// The step showing this fish: base then cover units, body cells, fins (external
    /// first, then endo fins).
    pub(crate) fn step(&self, tech: Technique) -> Step {
        let mut step = Step::new(tech);
        step.values = Mask::single(self.v);
        step.units = self
            .base
            .iter()
            .chain(&self.cover)
            .map(|&u| Unit::new(u as u16))
            .collect();
        step.cells = members(&self.base_cells)
            .filter(|c| !self.fins.contains(c) && !self.endo.contains(c))
            .map(|c| Cell::new(c as u16))
            .collect();
        step.extra = self
            .fins
            .iter()
            .chain(&self.endo)
            .map(|&c| Cell::new(c as u16))
            .collect();
        step
    }
}

/// What stays fixed while the covers of one set of base units are searched.
struct Ctx<'a> {
    b: &'a Board,
    w: usize,
    k: usize,
    v: u8,
    mode: Mode,
    /// Unit kinds allowed as cover sets.
    cover_kinds: u8,
    /// Candidates of v per unit (3N sets).
    units: &'a [u64],
    /// Candidates of v.
    cand: &'a [u64],
    /// Peers of every cell.
    peers: &'a [u64],
}

/// The search's state: the base sets chosen, and the covers and fins of the current
/// branch (cell sets `w` words each). `saved` is a stack of words to restore on the way
/// back, so the search allocates nothing once it runs.
struct State {
    base: Vec<usize>,
    base_cells: Vec<u64>,
    endo: Vec<usize>,
    covers: Vec<usize>,
    covered: Vec<u64>,
    cannibal: Vec<u64>,
    fins: Vec<usize>,
    fin_peers: Vec<u64>,
    saved: Vec<u64>,
    /// The units that may cover (allowed kind, no base set, holding base candidates) and
    /// their base candidates, `w` words each: set up per set of base sets.
    allowed: Vec<usize>,
    shares: Vec<u64>,
    /// The most base candidates an allowed unit holds.
    max_share: usize,
}

impl Ctx<'_> {
    fn unit(&self, u: usize) -> &[u64] {
        &self.units[u * self.w..(u + 1) * self.w]
    }

    /// Starts a cover search for the base sets in `st`.
    fn reset(&self, st: &mut State) {
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
    fn covers(&self, st: &mut State, partial: bool, found: &mut dyn FnMut(&Found) -> bool) -> bool {
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
    fn can_finish(&self, st: &State) -> bool {
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
    fn leaf(&self, st: &State, found: &mut dyn FnMut(&Found) -> bool) -> bool {
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
    fn pick_base(
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

/// Every cell's peers as sets (the memo keeps them).
pub(crate) fn peers(b: &Board, memo: &mut Memo) -> Vec<u64> {
    if memo.peer_bits.is_empty() {
        memo.peer_bits = b.peer_bits();
    }
    memo.peer_bits.clone()
}

/// Searches fish of size `k` on value `v` whose base units are of `base_kinds` and cover
/// units of `cover_kinds`; `found` gets each fish the mode wants and returns true to stop.
/// `targets` (cell sets as words; with eliminations wanted): the only candidates a fish
/// can remove, known from the templates of v; the `small` search drops branches whose
/// fins see none of them (the same fish are found, sooner).
#[allow(clippy::too_many_arguments)]
pub(crate) fn search(
    b: &Board,
    peers: &[u64],
    v: u8,
    k: usize,
    base_kinds: u8,
    cover_kinds: u8,
    mode: Mode,
    targets: Option<&[u64]>,
    found: &mut dyn FnMut(&Found) -> bool,
) -> bool {
    if b.cands.len() <= 128 && mode.max_endo.min(mode.max_fins) <= 8 {
        small::search(
            b,
            peers,
            v,
            k,
            base_kinds,
            cover_kinds,
            mode,
            targets,
            found,
        )
    } else {
        search_words(b, peers, v, k, base_kinds, cover_kinds, mode, found)
    }
}

/// [`search`] on cell sets of any size, as `u64` words.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_words(
    b: &Board,
    peers: &[u64],
    v: u8,
    k: usize,
    base_kinds: u8,
    cover_kinds: u8,
    mode: Mode,
    found: &mut dyn FnMut(&Found) -> bool,
) -> bool {
    let n = b.n;
    let cells = b.cands.len();
    let w = cells.div_ceil(64);
    let mut cand = vec![0u64; w];
    for (c, &m) in b.cands.iter().enumerate() {
        if m >> (v - 1) & 1 != 0 {
            set_bit(&mut cand, c);
        }
    }
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

/// The kind bits of a list of units.
pub(crate) fn kinds(units: &[usize], n: usize) -> u8 {
    units.iter().fold(0, |a, &u| a | kind_bit(u, n))
}

/// A Franken or mutant fish of size `k`, with fins when `finned`.
pub(crate) fn generalized_fish(
    b: &Board,
    k: usize,
    kind: Kind,
    finned: bool,
    memo: &mut Memo,
) -> Option<Step> {
    let tech = match (kind, finned) {
        (Kind::Mutant, false) => Technique::MutantFish(k as u8),
        (Kind::Mutant, true) => Technique::FinnedMutantFish(k as u8),
        (_, false) => Technique::FrankenFish(k as u8),
        (_, true) => Technique::FinnedFrankenFish(k as u8),
    };
    let peers = peers(b, memo);
    let mode = Mode {
        max_fins: if finned { 5 } else { 0 },
        max_endo: if finned { 2 } else { 0 },
        need_elims: true,
        kinds: kind.bit(),
    };
    let sides: &[(u8, u8)] = match kind {
        Kind::Mutant => &[(ROW | COL | BOX, ROW | COL | BOX)],
        _ => &[(ROW | BOX, COL | BOX), (COL | BOX, ROW | BOX)],
    };
    let n = b.n;
    let mut best: Option<(usize, Step)> = None;
    for v in 1..=n as u8 {
        if memo.skip_value(tech, b, v) {
            continue;
        }
        let mut cand = vec![0u64; peers.len() / b.cands.len().max(1)];
        for (c, &m) in b.cands.iter().enumerate() {
            if m >> (v - 1) & 1 != 0 {
                set_bit(&mut cand, c);
            }
        }
        // Only candidates in no template can go (see `templates`): fins must see one.
        let targets = memo.lone(b, v).map(|rows| {
            let mut t = vec![0u64; cand.len()];
            for (r, &m) in rows.iter().enumerate() {
                for col in members(&[m]) {
                    set_bit(&mut t, r * n + col);
                }
            }
            t
        });
        let mut any = false;
        for &(bk, ck) in sides {
            search(
                b,
                &peers,
                v,
                k,
                bk,
                ck,
                mode,
                targets.as_deref(),
                &mut |f| {
                    let elims = f.eliminations(&cand);
                    any |= !elims.is_empty();
                    if elims.len() > best.as_ref().map_or(0, |x| x.0) {
                        let mut step = f.step(tech);
                        step.eliminations =
                            elims.iter().map(|&c| (Cell::new(c as u16), v)).collect();
                        best = Some((elims.len(), step));
                    }
                    false
                },
            );
        }
        if !any {
            memo.value_failed(tech, b, v);
        }
    }
    best.map(|x| x.1)
}

/// The same search on grids of at most 128 cells, every cell set one `u128` and every
/// set of units one `u64`, the state copied down the recursion instead of restored.
/// It visits the same branches in the same order (so it finds the same fish in the same
/// order) but for more pruning: with eliminations wanted, a branch whose fins see no
/// cover candidate it could still eliminate is dropped.
pub(crate) mod small {
    use super::{classify, kind_bit, Found, Mode};
    use crate::human::Board;

    /// How many cells a set of a few cells has: a step per member, cheaper than
    /// `count_ones` (a long bit sum, the portable build having no population count
    /// instruction) for the few base candidates a unit holds.
    #[inline(always)]
    fn few(m: u128) -> usize {
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
                next.fin_peers & self.cand & !st.base_cells != 0
                    && next.fin_peers & self.targets != 0
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
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search(
        b: &Board,
        peers: &[u64],
        v: u8,
        k: usize,
        base_kinds: u8,
        cover_kinds: u8,
        mode: Mode,
        targets: Option<&[u64]>,
        found: &mut dyn FnMut(&Found) -> bool,
    ) -> bool {
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

    #[test]
    fn few_counts_every_member() {
        let mut x = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834u128;
        for _ in 0..2000 {
            let sparse = x & (x >> 7) & (x >> 13);
            for m in [x, sparse, 1 << (x % 128) as u32, 0, !0] {
                assert_eq!(few(m), m.count_ones() as usize, "{m:x}");
            }
            x = x.wrapping_mul(0x2545_f491_4f6c_dd1d_9e37_79b9_7f4a_7c15) ^ (x >> 61);
        }
    }
}
