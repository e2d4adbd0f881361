//! Franken and mutant fish (HoDoKu's generalized fish), plain and finned, and the fish
//! search kraken fish start from.
//!
//! A fish on value v: `k` base sets (units) whose candidates of v lie in no cell twice,
//! and `k` cover sets (other units) holding every base candidate. Each base set holds v
//! once, so the k truths fill the k cover sets, one each: v goes nowhere else in a cover
//! set (and not in a base cell two cover sets share, a cannibalistic elimination).
//!
//! - Basic fish use rows as base and columns as cover (or the transpose); they are found
//!   in `basic.rs`.
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
//! Grids of at most 128 cells (9x9 among them) run the same search in `small.rs`, on `u128`
//! cell sets and a state copied down the recursion, pruning more (tighter cover bounds at
//! every step; fins whose common peers can see no eliminable cover candidate): the same
//! fish, in the same order. Larger grids use the general search on `u64` words (`words.rs`).
//!
//! Two small differences from HoDoKu's search, both only in what is found, never in what
//! is sound: a cover set always covers some base candidate no other cover set does (no
//! redundant cover sets kept only for cannibalistic eliminations), and the fins must have
//! a common peer holding v outside the base sets.
//!
//! The files: `mod.rs` the fish, their kinds and the finder; `words.rs` the search on
//! `u64` words; `small.rs` the search on `u128` cell sets; `tests.rs` their tests.

pub(crate) mod small;
#[cfg(test)]
mod tests;
mod words;

use crate::human::bits::set_bit;
use crate::human::{bits::members, memo::Memo, Board, Step, Technique};
use numpl_core::{Cell, Mask, Unit};
pub(crate) use words::search_words;

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
/// Every cell's peers as sets (the memo keeps them).
pub(crate) fn peers(b: &Board, memo: &mut Memo) -> Vec<u64> {
    if memo.peer_bits.is_empty() {
        memo.peer_bits = b.peer_bits();
    }
    memo.peer_bits.clone()
}

/// What a fish search looks for: fish of size `k` on value `v` whose base units are of
/// `base_kinds` and cover units of `cover_kinds`, as `mode` says.
#[derive(Clone, Copy)]
pub(crate) struct Query {
    pub(crate) v: u8,
    pub(crate) k: usize,
    pub(crate) base_kinds: u8,
    pub(crate) cover_kinds: u8,
    pub(crate) mode: Mode,
}

/// Searches the fish `q` asks for; `found` gets each fish the mode wants and returns true
/// to stop. Boards of at most 128 cells go to the search on `u128` sets (`small.rs`),
/// others to the one on `u64` words (`words.rs`).
/// `targets` (cell sets as words; with eliminations wanted): the only candidates a fish
/// can remove, known from the templates of v; the `small` search drops branches whose
/// fins see none of them (the same fish are found, sooner).
pub(crate) fn search(
    b: &Board,
    peers: &[u64],
    q: Query,
    targets: Option<&[u64]>,
    found: &mut dyn FnMut(&Found) -> bool,
) -> bool {
    if b.cands.len() <= 128 && q.mode.max_endo.min(q.mode.max_fins) <= 8 {
        small::search(b, peers, q, targets, found)
    } else {
        search_words(b, peers, q, found)
    }
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
        let cand = b.value_set(v);
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
            let q = Query {
                v,
                k,
                base_kinds: bk,
                cover_kinds: ck,
                mode,
            };
            search(b, &peers, q, targets.as_deref(), &mut |f| {
                let elims = f.eliminations(&cand);
                any |= !elims.is_empty();
                if elims.len() > best.as_ref().map_or(0, |x| x.0) {
                    let mut step = f.step(tech);
                    step.eliminations = elims.iter().map(|&c| (Cell::new(c as u16), v)).collect();
                    best = Some((elims.len(), step));
                }
                false
            });
        }
        if !any {
            memo.value_failed(tech, b, v);
        }
    }
    best.map(|x| x.1)
}
