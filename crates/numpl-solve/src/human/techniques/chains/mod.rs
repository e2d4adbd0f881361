//! Coloring (simple colors, multi colors) and alternating inference chains (X-chain,
//! XY-chain, nice loops, AIC, and their grouped forms).
//!
//! - `colouring.rs`: simple and multi colors, on the conjugate pairs of one value;
//! - `graph.rs`: the graph of chain nodes (candidates and groups) and its strong and weak
//!   links, with its storage kept from call to call;
//! - `search.rs`: the breadth-first search over the graph, the loops and chains it finds,
//!   and HoDoKu's choice among them;
//! - `mod.rs`: the chain kinds and [`chain`], the finder that runs the search (and the
//!   memo's skips);
//! - `tests.rs`: the search and the links against plain versions of them.

mod colouring;
mod graph;
mod search;
#[cfg(test)]
mod tests;

use crate::human::memo::Memo;
use crate::human::{Board, Step, Technique};
use graph::{two_values, Graph, BUFS};
use numpl_core::{Mask, MAX_SIZE};
use search::{best_of, plain_search, Sink};
use std::collections::HashMap;

pub(crate) use colouring::{multi_colors, simple_colors};

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChainKind {
    /// One value: strong links are conjugate pairs, weak links are peers.
    X,
    /// Strong links inside bivalue cells only, weak links between cells on one value.
    Xy,
    /// Any strong and weak links.
    Aic,
    /// Any links, and groups: a value in two or three cells of a line-box intersection.
    Grouped,
}

impl ChainKind {
    fn index(self) -> usize {
        self as usize
    }
}

/// The most nodes a chain of `kind` may have: HoDoKu's X- and XY-chains have 20 at
/// most.
fn max_len(kind: ChainKind) -> usize {
    match kind {
        ChainKind::X | ChainKind::Xy => 20,
        _ => 2 * 12,
    }
}

/// Whether a nice-loop search (AIC kinds; `grouped`: with groups) that offered nothing
/// on the board whose candidates were `old` offers nothing on `b` either, for want of any
/// new link: `b` is `old` less some candidates, none of which was on a strong link in
/// `old` and none of which makes one in `b`. Then:
///
/// - a removed candidate was a dead end: with no strong link, its "off" state led
///   nowhere and its "on" state was never reached (strong links are what reach an on
///   state), and it started no chain (a chain starts with a strong link);
/// - every other node keeps its strong links (they change only where a cell's candidates
///   or a unit's places of a value change: such a cell keeps three candidates or more,
///   such a unit three places or more, before and after), and its weak links lose only
///   dead ends. With groups, the places of a value in a changed line stay in three boxes
///   or more, and in a changed box they are never within two lines (a row or column of
///   the box each), before and after, so no group link starts or ends in such a unit
///   (a group whose cells changed is a dead end before and after);
/// - so each search from each start meets the same states by the same paths as on `old`,
///   and every conclusion drawn at them is a subset of the one on `old` (candidates were
///   only removed): each chain that had no elimination there has none here.
///
/// `old` must be a board of the same solve (only removals since); a candidate gained
/// answers false.
fn quiet_change(old: &[u64], b: &Board, grouped: bool) -> bool {
    let n = b.n;
    if old.len() != b.cands.len() {
        return false;
    }
    // Per unit, the values whose places in it changed.
    let mut atoms = [0u64; 3 * MAX_SIZE];
    let mut changed = false;
    for (c, (&o, &m)) in old.iter().zip(&b.cands).enumerate() {
        if o == m {
            continue;
        }
        if m & !o != 0 || o.count_ones() < 3 || m.count_ones() < 3 {
            return false;
        }
        changed = true;
        for u in b.geo.units_of(c) {
            atoms[u as usize] |= o & !m;
        }
    }
    if !changed {
        return true;
    }
    for (u, &vals) in atoms[..3 * n].iter().enumerate() {
        if vals == 0 {
            continue;
        }
        let cells = b.geo.unit(u);
        for v in Mask::from_bits(vals) {
            let bit = 1u64 << (v - 1);
            for board in [old, &b.cands[..]] {
                // The places of v in the unit, as cells.
                let places = cells
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| board[c] & bit != 0);
                if !no_strong_link(b, u, places, grouped) {
                    return false;
                }
            }
        }
    }
    true
}

/// Whether the places `places` of one value in unit `u` give no strong link: three or
/// more of them; with groups, in a line three boxes or more, in a box not within two of
/// its lines (rows or columns).
fn no_strong_link(
    b: &Board,
    u: usize,
    places: impl Iterator<Item = usize> + Clone,
    grouped: bool,
) -> bool {
    if places.clone().nth(2).is_none() {
        return false;
    }
    if !grouped {
        return true;
    }
    let n = b.n;
    if u < 2 * n {
        // Distinct boxes (the line meets each box in a run of cells).
        let mut boxes = 0u64;
        for c in places {
            boxes |= 1 << b.boxi(c);
        }
        return boxes.count_ones() >= 3;
    }
    let (mut rows, mut cols) = (0u64, 0u64);
    for c in places.clone() {
        rows |= 1 << b.row(c);
        cols |= 1 << b.col(c);
    }
    if rows.count_ones() <= 2 || cols.count_ones() <= 2 {
        return false;
    }
    // A row and a column: the places off some row all in one column.
    let mut rest = rows;
    while rest != 0 {
        let r = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut off = 0u64;
        for c in places.clone() {
            if b.row(c) != r {
                off |= 1 << b.col(c);
            }
        }
        if off.count_ones() <= 1 {
            return false;
        }
    }
    true
}

/// The chain of `kind` HoDoKu would take: every chain from every start is found (the
/// shortest per start and end), and [`best_of`] picks among them as HoDoKu does. The
/// AIC kinds find HoDoKu's nice loops too (continuous: a loop whose weak links all
/// become strong; discontinuous: the start is placed or loses a value) and name each
/// step by what it is; `allows` says which of those techniques may be taken.
///
/// X-chains use conjugate links, which join candidates of one value only, and weak links
/// on the same value: each chain stays on the value it starts with and reads only that
/// value's positions. So a value where every search found nothing is noted in `memo`,
/// and skipped while its positions stay the same (the result is unchanged: those
/// searches would fail again).
pub(crate) fn chain(
    b: &Board,
    kind: ChainKind,
    memo: &mut Memo,
    allows: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
    let n = b.n;
    let max_len = max_len(kind);
    let x = kind == ChainKind::X;
    // The AIC kinds: skipped while nothing but dead ends went since they last offered
    // nothing ([`quiet_change`]); the board they are skipped on stands for the old one.
    let loop_slot = match kind {
        ChainKind::Aic => Some(0),
        ChainKind::Grouped => Some(1),
        _ => None,
    };
    if let Some(i) = loop_slot {
        #[cfg(test)]
        let skip_ok = !memo.no_loop_skip;
        #[cfg(not(test))]
        let skip_ok = true;
        if let Some(old) = memo.loops_failed[i].as_mut() {
            if skip_ok && quiet_change(old, b, kind == ChainKind::Grouped) {
                old.copy_from_slice(&b.cands);
                return None;
            }
        }
    }
    // Values skipped (X-chains: failed before on the same positions), and values whose
    // searches found a chain: not known to fail.
    let mut skip = 0u64;
    let mut open = 0u64;
    // XY-chains run only through bivalue cells, and conclude only on cells seeing both
    // ends; the solver only ever removes candidates, so with the same bivalue cells as
    // when they last failed, they fail again.
    let bivalue: Vec<(usize, u64)> = if kind == ChainKind::Xy {
        let bv: Vec<(usize, u64)> = (0..b.cands.len())
            .filter(|&c| b.cands[c].count_ones() == 2)
            .map(|c| (c, b.cands[c]))
            .collect();
        if memo.xy_failed.as_ref() == Some(&bv) {
            return None;
        }
        bv
    } else {
        Vec::new()
    };
    if x {
        for v in 1..=n as u8 {
            if memo.skip_value(Technique::XChain, b, v) {
                skip |= 1 << (v - 1);
            }
        }
        if skip == b.all {
            return None;
        }
    }
    let mut sink = Sink {
        found: Vec::new(),
        hits: 0,
        tried: 0,
        by_elims: HashMap::new(),
        allows,
    };
    let peers = std::mem::take(&mut memo.peer_bits);
    let peers = if peers.is_empty() {
        b.peer_bits()
    } else {
        peers
    };
    let bufs = BUFS.with(|b| b[kind.index()].take()).unwrap_or_default();
    let mut g = Graph::new(b, kind, skip, &peers, bufs);
    let mut scratch = std::mem::take(&mut g.m.scratch);
    for c in 0..b.cands.len() {
        let m = b.cands[c] & !skip;
        if m == 0 || (kind == ChainKind::Xy && !two_values(m)) {
            continue;
        }
        for w in Mask::from_bits(m) {
            let start = c * n + w as usize - 1;
            // A chain starts with a strong link.
            let (lo, hi) = g.links(start * 2);
            if lo == hi {
                continue;
            }
            let before = sink.hits;
            if plain_search() {
                #[cfg(test)]
                g.search_plain(start, max_len, &mut scratch, &mut sink);
            } else {
                g.search(start, max_len, &mut scratch, &mut sink);
            }
            if sink.hits != before {
                open |= 1 << (w - 1);
            }
        }
    }
    let best = best_of(std::mem::take(&mut sink.found));
    let chain = best.as_ref().map(|f| g.nodes(&f.path));
    g.m.scratch = scratch;
    BUFS.with(|b| b[kind.index()].set(Some(g.m)));
    memo.peer_bits = peers;
    if x {
        for v in Mask::from_bits(b.all & !skip & !open) {
            memo.value_failed(Technique::XChain, b, v);
        }
    }
    if kind == ChainKind::Xy && best.is_none() {
        memo.xy_failed = Some(bivalue);
    }
    if let Some(i) = loop_slot {
        let failed = &mut memo.loops_failed[i];
        match failed {
            Some(old) if sink.tried == 0 => old.copy_from_slice(&b.cands),
            _ if sink.tried == 0 => *failed = Some(b.cands.clone()),
            _ => *failed = None,
        }
    }
    let f = best?;
    let chain = chain?;
    let mut step = Step::new(f.tech);
    step.values = chain.iter().map(|x| x.value).collect();
    step.cells = chain.iter().map(|x| x.cell).collect();
    step.cells.dedup();
    if step.cells.len() > 1 && step.cells.first() == step.cells.last() {
        // A loop: its start closes it.
        step.cells.pop();
    }
    step.chain = chain;
    let mut elims = f.elims;
    elims.sort_unstable_by_key(|&(c, v)| (c.index(), v));
    step.eliminations = elims;
    Some(step)
}
