//! ALS-XY-Chain and Death Blossom, as HoDoKu finds them.
//!
//! **ALS-XY-Chain**: almost locked sets A1, A2, ..., Ak (k >= 4, pairwise disjoint) where
//! each Ai and Ai+1 share a restricted common value ri (every ri-cell of one sees every
//! ri-cell of the other) and consecutive links use different values. If a value z common
//! to A1 and Ak is not in A1, A1 is locked on its other values and holds r1, so A2 loses
//! r1 and is locked and holds r2, ..., so Ak holds z: z is in A1 or Ak, and leaves every
//! cell seeing all z-cells of both (z other than r1 and the last link's value). As in
//! HoDoKu, a chain only goes from an ALS to one found later in the list (the list's order
//! is HoDoKu's), a link carries at most two restricted common values, and of all chains
//! the one with the most eliminations is taken (then the lowest cells, then the fewest
//! sets and cells). The walk stops after [`MAX_VISITS`] visits; a walk on from a set that
//! reaches no set sharing a value some cell could lose with the start is skipped but its
//! visits still counted, so the cap falls where it would.
//!
//! **Death Blossom**: a stem cell and, for each of its candidates v, a petal ALS (not
//! holding the stem, the petals disjoint) whose v-cells all see the stem. Whichever value
//! the stem takes, its petal loses that value and is locked, so a value z in every petal
//! and not in the stem is in one of the petals: cells seeing every z-cell of the petals
//! lose z. HoDoKu's first find is taken (stems in cell order, petals in list order). Off
//! by default, as in HoDoKu.

use std::collections::HashMap;

use numpl_core::{Cell, Mask};

use crate::human::als_list::Cache;
use crate::human::bits::members;
use crate::human::memo::Memo;
use crate::human::techniques::als::pair_has_z_target;
use crate::human::{Board, Step, Technique};

/// Steps of the chain search a single call may take before it stops looking (a forward
/// walk through the links can branch a great deal on a board with many sets).
const MAX_VISITS: usize = 200_000;

/// A link from an ALS to a later one: its one or two restricted common values (`b` 0
/// when one).
#[derive(Clone, Copy)]
struct Rc {
    to: usize,
    a: u8,
    b: u8,
}

/// The values a link passes on when the link before it leaves `e` out of the next one
/// (HoDoKu's rule: the value the link before used, its first value when it used both):
/// the link's values in use as bits and the value the link after must leave out, or
/// `None` when the link has no value left.
#[inline(always)]
fn next_values(rc: Rc, e: u8) -> Option<(u64, u8)> {
    let a_ok = rc.a != e;
    let b_ok = rc.b != 0 && rc.b != e;
    match (a_ok, b_ok) {
        (true, true) => Some((bit(rc.a) | bit(rc.b), rc.a)),
        (true, false) => Some((bit(rc.a), rc.a)),
        (false, true) => Some((bit(rc.b), rc.b)),
        (false, false) => None,
    }
}

/// Value `v` (1-based) as a bit.
#[inline(always)]
fn bit(v: u8) -> u64 {
    1u64 << (v - 1)
}

/// The forward links of every ALS, from the pair links the cache keeps: those of ALS `i`
/// are `links[off[i]..off[i + 1]]` (one flat list, no allocation per set).
struct Forward {
    off: Vec<u32>,
    links: Vec<Rc>,
}

#[inline(never)]
fn forward_links(cache: &Cache) -> Forward {
    let count = cache.als.len();
    let mut off = Vec::with_capacity(count + 1);
    // Each pair's links are in both sets' lists, once forward.
    let all: usize = (0..count).map(|i| cache.partners(i).len()).sum();
    let mut links: Vec<Rc> = Vec::with_capacity(all / 2);
    off.push(0);
    for i in 0..count {
        let lo = links.len();
        // The partners are in order: the later ones are a suffix.
        let partners = cache.partners(i);
        let later = partners.partition_point(|&(j, _)| j as usize <= i);
        for (j, x) in partners[later..].iter().map(|&(j, x)| (j as usize, x)) {
            match links[lo..].last_mut() {
                Some(rc) if rc.to == j => {
                    if rc.b == 0 {
                        rc.b = x;
                    }
                }
                _ => links.push(Rc { to: j, a: x, b: 0 }),
            }
        }
        off.push(links.len() as u32);
    }
    Forward { off, links }
}

/// Cells holding `z` outside both sets that see every z-cell of both.
fn common_targets(c: &Cache, a: usize, d: usize, z: u8, out: &mut Vec<(usize, u8)>) {
    let (Some((_, sa)), Some((_, sd))) = (c.get(a, z), c.get(d, z)) else {
        return;
    };
    let with = c.with(z);
    let (ca, cd) = (c.set(a), c.set(d));
    for k in 0..c.w {
        let mut m = with[k] & sa[k] & sd[k] & !ca[k] & !cd[k];
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            out.push((k * 64 + t, z));
        }
    }
}

/// HoDoKu's weighted sum of eliminations (sorted by value, then cell).
fn index_sum(elims: &[(usize, u8)]) -> u64 {
    let mut e = elims.to_vec();
    e.sort_unstable_by_key(|&(c, v)| (v, c));
    let mut total = 0u64;
    let mut offset = 1u64;
    for (c, v) in e {
        total += c as u64 * offset + v as u64;
        offset += 80;
    }
    total
}

/// Eliminations (sorted) -> the chain's sets and their cell count.
type Chains = HashMap<Vec<(usize, u8)>, (Vec<usize>, usize)>;

struct Search<'a> {
    cache: &'a Cache,
    fwd: &'a Forward,
    /// The sets of the chain after the start.
    chain: Vec<usize>,
    start: usize,
    /// The values the chain's first link uses.
    first_values: u64,
    visits: usize,
    /// Per elimination set (sorted): the chain with the fewest cells (sets, cell count).
    found: Chains,
    /// Per end set, the common values z of the start and that set with some cell to
    /// eliminate (cells holding z that see every z-cell of both), known when its stamp is
    /// the start's: most chains end where nothing goes, and this says so at once.
    ends: Vec<u64>,
    end_stamp: Vec<u32>,
    stamp: u32,
    /// Scratch: the eliminations of the chain being concluded.
    elims: Vec<(usize, u8)>,
    /// Stop after this many visits ([`MAX_VISITS`]; smaller in tests).
    max_visits: usize,
    /// Skip subtrees that cannot end a chain with eliminations (see [`Search::skip`]).
    prune: bool,
    /// The values of the start that some cell could lose: [`Search::live`] of the start.
    start_live: u64,
    /// The values a chain's end must share with the start for eliminations: live in the
    /// start and not used by the first link.
    want: u64,
    /// Per ALS c: its values z with a cell outside it holding z and seeing every z-cell
    /// of it. A chain ending at c eliminates only such values (and the start's).
    live: Vec<u64>,
    /// Per walk state (ALS, value excluded from the next link: `node * (n + 1) + e`):
    /// how many visits the walk from there takes (saturating) and the union of `live`
    /// over the sets it reaches, once worked out.
    tree: Vec<Option<(usize, u64)>>,
    n: usize,
}

impl Search<'_> {
    /// Walks on from set `from`, the link into it leaving `e` out of the next link (any
    /// value when `from` is the start).
    fn walk(&mut self, from: usize, e: u8) {
        let fwd = self.fwd;
        let (lo, hi) = (fwd.off[from] as usize, fwd.off[from + 1] as usize);
        let first = self.chain.is_empty();
        for &rc in &fwd.links[lo..hi] {
            if self.visits >= self.max_visits {
                return;
            }
            if first {
                // The first link tries each of its values alone.
                self.step(rc.to, bit(rc.a), rc.a, true);
                if rc.b != 0 {
                    self.step(rc.to, bit(rc.b), rc.b, true);
                }
            } else if let Some((values, next)) = next_values(rc, e) {
                self.step(rc.to, values, next, false);
            }
        }
    }

    /// One visit: the chain goes on to set `to` by a link using `values`, the next link
    /// leaving out `next`.
    #[inline(always)]
    fn step(&mut self, to: usize, values: u64, next: u8, first: bool) {
        self.visits += 1;
        if first {
            self.first_values = values;
            self.want = self.start_live & !values;
        }
        self.chain.push(to);
        if self.chain.len() >= 3 {
            self.conclude(to, values);
        }
        if !self.skip(to, next) {
            self.walk(to, next);
        }
        self.chain.pop();
    }

    /// Whether the walk on from `to` (just reached, the next link leaving out `e`) can be
    /// skipped: no chain in it has eliminations, since no set it reaches shares a live
    /// value with the start that the first link leaves free. Its visits are then counted
    /// all the same, so the visit cap falls exactly where the full walk's would: the
    /// walk from a set depends only on that set and the value the link into it excludes
    /// from the next, and a walk cut short by the cap finds nothing after it either.
    #[inline(always)]
    fn skip(&mut self, to: usize, e: u8) -> bool {
        if !self.prune {
            return false;
        }
        let (size, reach) = match self.tree[to * (self.n + 1) + e as usize] {
            Some(t) => t,
            None => self.tree(to, e),
        };
        if self.want & reach != 0 {
            return false;
        }
        self.visits = self.visits.saturating_add(size);
        true
    }

    /// The visits the walk from `node` takes when the link into it excludes `e`, and the
    /// union of `live` over the sets it reaches (following `walk`'s rule).
    fn tree(&mut self, node: usize, e: u8) -> (usize, u64) {
        let key = node * (self.n + 1) + e as usize;
        if let Some(t) = self.tree[key] {
            return t;
        }
        let fwd = self.fwd;
        let (lo, hi) = (fwd.off[node] as usize, fwd.off[node + 1] as usize);
        let (mut size, mut reach) = (0usize, 0u64);
        for &l in &fwd.links[lo..hi] {
            // `next_values` with a link excluding `e`: one option at most, and the value
            // the next link must avoid.
            let next = if l.a != e {
                l.a
            } else if l.b != 0 && l.b != e {
                l.b
            } else {
                continue;
            };
            let (s, r) = self.tree(l.to, next);
            size = size.saturating_add(1).saturating_add(s);
            reach |= self.live[l.to] | r;
        }
        self.tree[key] = Some((size, reach));
        (size, reach)
    }

    /// A chain ends at set `c`, its last link using `last`: its eliminations, if any, are
    /// noted.
    #[inline(always)]
    fn conclude(&mut self, c: usize, last: u64) {
        let a = self.start;
        let als = &self.cache.als;
        let zs = als[a].values & als[c].values & !self.first_values & !last;
        // A value with cells to clear is live in both sets (a cell outside each holds it
        // and sees all its cells there). (Not when pruning is off, the plain search the
        // tests compare with.)
        if self.prune && zs & self.start_live & als[c].live == 0 {
            return;
        }
        // The end's values with cells to clear, when known already, say at once whether
        // any is left.
        if self.end_stamp[c] == self.stamp && zs & self.ends[c] == 0 {
            return;
        }
        self.end(c, zs);
    }

    /// [`Search::conclude`] past the quick test on live values.
    #[inline(never)]
    fn end(&mut self, c: usize, zs: u64) {
        let a = self.start;
        let als = &self.cache.als;
        if self.end_stamp[c] != self.stamp {
            self.end_stamp[c] = self.stamp;
            // A value with a cell to clear is live in both sets (see `Als::live`): only
            // those are tried.
            let mut live = 0;
            let common = als[a].values & als[c].values & als[a].live & als[c].live;
            for z in Mask::from_bits(common) {
                if pair_has_z_target(self.cache, a, c, z) {
                    live |= 1u64 << (z - 1);
                }
            }
            self.ends[c] = live;
        }
        let zs = zs & self.ends[c];
        if zs == 0 {
            return;
        }
        let elims = &mut self.elims;
        elims.clear();
        for z in Mask::from_bits(zs) {
            common_targets(self.cache, a, c, z, elims);
        }
        if elims.is_empty() {
            return;
        }
        elims.sort_unstable();
        let cells: usize = self.cache.cells(self.start).len()
            + self
                .chain
                .iter()
                .map(|&to| self.cache.cells(to).len())
                .sum::<usize>();
        match self.found.get(elims.as_slice()) {
            Some((_, old)) if *old <= cells => {}
            _ => {
                let mut sets = vec![self.start];
                sets.extend_from_slice(&self.chain);
                self.found.insert(elims.clone(), (sets, cells));
            }
        }
    }
}

/// ALS-XY-Chain: see the module doc.
#[inline(never)]
pub(crate) fn als_xy_chain(b: &Board, memo: &mut Memo) -> Option<Step> {
    let (cache, reference) = memo.als_sets(b);
    super::als::ensure_links(cache, reference);
    let cache = &*cache;
    let (found, _) = search(cache, b.n, MAX_VISITS, true);
    // Most eliminations, then the lowest weighted cells, then fewest sets, then cells.
    let best = found.into_iter().min_by(|(e1, (s1, c1)), (e2, (s2, c2))| {
        e2.len()
            .cmp(&e1.len())
            .then(index_sum(e1).cmp(&index_sum(e2)))
            .then(s1.len().cmp(&s2.len()))
            .then(c1.cmp(c2))
            .then(e1.cmp(e2))
    })?;
    let (elims, (sets, _)) = best;
    let mut step = Step::new(Technique::AlsXyChain);
    let mut rcs = 0u64;
    for (k, &si) in sets.iter().enumerate() {
        let cells: Vec<Cell> = cache
            .cells(si)
            .iter()
            .map(|&c| Cell::new(c as u16))
            .collect();
        step.groups
            .push((cells.clone(), Mask::from_bits(cache.als[si].values)));
        step.cells.extend(cells);
        step.cell_candidates
            .extend(cache.cells(si).iter().map(|&c| Mask::from_bits(b.cands[c])));
        if k > 0 {
            // The link into this set: the restricted common values between it and the last.
            rcs |= link_values(cache, sets[k - 1], si);
        }
    }
    step.values = Mask::from_bits(rcs);
    step.eliminations = elims
        .into_iter()
        .map(|(c, v)| (Cell::new(c as u16), v))
        .collect();
    Some(step)
}

/// Every chain from every start (see the module doc), at most `max_visits` visits, and
/// the visits taken (at least `max_visits` when cut short). `prune` skips walks that
/// cannot find anything, which leaves both the same.
fn search(cache: &Cache, n: usize, max_visits: usize, prune: bool) -> (Chains, usize) {
    let fwd = forward_links(cache);
    let count = cache.als.len();
    let live: Vec<u64> = if prune {
        cache.als.iter().map(|a| a.live).collect()
    } else {
        Vec::new()
    };
    let mut s = Search {
        cache,
        fwd: &fwd,
        chain: Vec::new(),
        start: 0,
        first_values: 0,
        visits: 0,
        found: HashMap::new(),
        ends: vec![0; count],
        end_stamp: vec![0; count],
        stamp: 0,
        elims: Vec::new(),
        max_visits,
        prune,
        start_live: 0,
        want: 0,
        tree: if prune {
            vec![None; count * (n + 1)]
        } else {
            Vec::new()
        },
        live,
        n,
    };
    for i in 0..count {
        s.start = i;
        s.stamp += 1;
        s.start_live = cache.als[i].live;
        s.walk(i, 0);
    }
    (s.found, s.visits)
}

/// The restricted common values of two sets.
fn link_values(cache: &Cache, i: usize, j: usize) -> u64 {
    cache
        .partners(i)
        .iter()
        .filter(|&&(k, _)| k as usize == j)
        .fold(0u64, |m, &(_, x)| m | 1u64 << (x - 1))
}

/// Death Blossom: see the module doc.
pub(crate) fn death_blossom(b: &Board, memo: &mut Memo) -> Option<Step> {
    let (cache, _) = memo.als_sets(b);
    let cache = &*cache;
    // Per stem cell and value: the sets whose v-cells all see the stem (stem holds v).
    let mut petals: HashMap<(usize, u8), Vec<usize>> = HashMap::new();
    let mut with = vec![0u64; cache.w];
    for i in 0..cache.als.len() {
        for v in Mask::from_bits(cache.als[i].values) {
            let (_, seeing) = cache.get(i, v).unwrap();
            for (k, x) in with.iter_mut().enumerate() {
                *x = cache.with(v)[k] & seeing[k];
            }
            for stem in members(&with) {
                if !cache.cells(i).contains(&stem) {
                    petals.entry((stem, v)).or_default().push(i);
                }
            }
        }
    }
    for stem in 0..b.cands.len() {
        let m = b.cands[stem];
        if b.values[stem] != 0 || m == 0 {
            continue;
        }
        let vals: Vec<u8> = Mask::from_bits(m).iter().collect();
        if !vals.iter().all(|&v| petals.contains_key(&(stem, v))) {
            continue;
        }
        let mut chosen = Vec::new();
        if let Some(step) = blossom(b, cache, &petals, stem, &vals, &mut chosen, u64::MAX) {
            return Some(step);
        }
    }
    None
}

/// Chooses a petal for each stem value in turn (disjoint, sharing some value), and at the
/// end looks for eliminations; the first that has some wins.
fn blossom(
    b: &Board,
    cache: &Cache,
    petals: &HashMap<(usize, u8), Vec<usize>>,
    stem: usize,
    vals: &[u8],
    chosen: &mut Vec<usize>,
    common: u64,
) -> Option<Step> {
    let k = chosen.len();
    if k == vals.len() {
        return blossom_step(b, cache, stem, chosen, common);
    }
    for &p in &petals[&(stem, vals[k])] {
        if chosen.iter().any(|&q| !cache.disjoint(p, q)) {
            continue;
        }
        let values = cache.als[p].values;
        if common & values == 0 {
            continue;
        }
        chosen.push(p);
        let found = blossom(b, cache, petals, stem, vals, chosen, common & values);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

fn blossom_step(
    b: &Board,
    cache: &Cache,
    stem: usize,
    chosen: &[usize],
    common: u64,
) -> Option<Step> {
    let zs = common & !b.cands[stem];
    let mut elims = Vec::new();
    for z in Mask::from_bits(zs) {
        let mut acc = cache.with(z).to_vec();
        for &p in chosen {
            if let Some((_, seeing)) = cache.get(p, z) {
                for (a, s) in acc.iter_mut().zip(seeing) {
                    *a &= s;
                }
            }
        }
        for x in members(&acc) {
            if x != stem && !chosen.iter().any(|&p| cache.cells(p).contains(&x)) {
                elims.push((Cell::new(x as u16), z));
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::DeathBlossom);
    step.extra = vec![Cell::new(stem as u16)];
    for &p in chosen {
        let cells: Vec<Cell> = cache
            .cells(p)
            .iter()
            .map(|&c| Cell::new(c as u16))
            .collect();
        step.groups
            .push((cells, Mask::from_bits(cache.als[p].values)));
    }
    step.cells = vec![Cell::new(stem as u16)];
    step.cell_candidates = vec![Mask::from_bits(b.cands[stem])];
    step.values = Mask::from_bits(zs);
    step.eliminations = elims;
    Some(step)
}

#[cfg(test)]
mod tests;
