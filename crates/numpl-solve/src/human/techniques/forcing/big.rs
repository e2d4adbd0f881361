//! Forcing nets on grids larger than 16x16, where the implication tables (`net.rs`) would
//! be too large: follow the singles (and locked candidates) forced by each candidate
//! of a cell (or each place of a value in a unit) on a copy of the board; what every branch
//! agrees on is true, and a candidate whose branch ends in a contradiction is false.

use numpl_core::{Cell, Mask, Unit};

use crate::human::step::{ForcingKind, Variant};
use crate::human::techniques::singles::{hidden_single, naked_single};
use crate::human::techniques::subsets::locked_candidates;
use crate::human::{Board, ChainNode, Conclusions, Step, Technique};

/// Places `v` in `c` on `w`, made a copy of the board, and propagates naked and hidden
/// singles and locked candidates. False on a contradiction.
fn propagate(b: &Board, c: usize, v: u8, trail: &mut Vec<(usize, u8)>, w: &mut Board) -> bool {
    w.copy_from(b);
    trail.clear();
    w.set(Cell::new(c as u16), v);
    trail.push((c, v));
    loop {
        if w.broken {
            return false;
        }
        if w.open == 0 {
            return true;
        }
        match naked_single(w) {
            Err(_) => return false,
            Ok(Some((c, v))) => {
                w.place(c, v);
                trail.push((c, v));
                continue;
            }
            Ok(None) => {}
        }
        match hidden_single(w, None) {
            Err(_) => return false,
            Ok(Some((c, v, _))) => {
                w.place(c, v);
                trail.push((c, v));
                continue;
            }
            Ok(None) => {}
        }
        // Then intersections, which often unlock more singles (only once the branch has
        // moved: a bare placement rarely makes a new one, and the scan is not free).
        if trail.len() < 2 {
            return true;
        }
        let lc = locked_candidates(w, true, None).or_else(|| locked_candidates(w, false, None));
        match lc {
            Some(step) => w.apply(&step),
            None => return true,
        }
    }
}

fn node(c: usize, v: u8, on: bool) -> ChainNode {
    ChainNode {
        cell: Cell::new(c as u16),
        group: Vec::new(),
        value: v,
        on,
    }
}

/// What every branch agrees on: placements common to all, and candidates removed in all.
fn agree(b: &Board, branches: &[Board]) -> Conclusions {
    let mut places = Vec::new();
    let mut elims = Vec::new();
    for c in 0..b.cands.len() {
        if b.values[c] != 0 {
            continue;
        }
        let v0 = branches[0].values[c];
        if v0 != 0 && branches.iter().all(|w| w.values[c] == v0) {
            places.push((Cell::new(c as u16), v0));
            continue;
        }
        // A candidate gone in every branch (placed elsewhere or eliminated).
        let mut gone = b.cands[c];
        for w in branches {
            let left = if w.values[c] != 0 {
                1u64 << (w.values[c] - 1)
            } else {
                w.cands[c]
            };
            gone &= !left;
        }
        for v in Mask::from_bits(gone) {
            elims.push((Cell::new(c as u16), v));
        }
    }
    (places, elims)
}

/// Forcing nets on big grids: cell forcing on bivalue cells, then unit forcing on values with two
/// places, then contradiction tests on every candidate, then cell and unit forcing with
/// three or four branches.
pub(crate) fn forcing_net_big(b: &Board) -> Option<Step> {
    let n = b.n;
    let mut trail = Vec::new();
    // Branch boards, reused: the first `k` hold the branches that survived.
    let mut pool: Vec<Board> = Vec::new();
    let branch = |pool: &mut Vec<Board>, k: usize, c: usize, v: u8, trail: &mut Vec<_>| {
        if pool.len() == k {
            pool.push(b.clone());
        }
        propagate(b, c, v, trail, &mut pool[k])
    };
    // Two branches first (the common, easy to follow case), then up to four.
    for max_branches in [2usize, 4] {
        // Cell forcing.
        for c in 0..b.cands.len() {
            let m = b.cands[c];
            let k = m.count_ones() as usize;
            if b.values[c] != 0 || k < 2 || k > max_branches || (max_branches > 2 && k == 2) {
                continue;
            }
            let mut alive = Vec::new();
            for v in Mask::from_bits(m) {
                if branch(&mut pool, alive.len(), c, v, &mut trail) {
                    alive.push(v);
                }
            }
            if let Some(step) = conclude(
                b,
                &pool[..alive.len()],
                &alive,
                |v| (c, v),
                ForcingKind::Cell,
            ) {
                return Some(step);
            }
        }
        // Unit forcing.
        for u in 0..3 * n {
            for v in Mask::from_bits(b.all & !b.unit_placed[u]) {
                let places: Vec<usize> = b.cells_with(u, v).collect();
                let k = places.len();
                if k < 2 || k > max_branches || (max_branches > 2 && k == 2) {
                    continue;
                }
                let mut alive = Vec::new();
                for &c in &places {
                    if branch(&mut pool, alive.len(), c, v, &mut trail) {
                        alive.push(c);
                    }
                }
                if let Some(mut step) = conclude(
                    b,
                    &pool[..alive.len()],
                    &alive,
                    |c| (c, v),
                    ForcingKind::Unit,
                ) {
                    step.units = vec![Unit::new(u as u16)];
                    return Some(step);
                }
            }
        }
        if max_branches == 2 {
            // Contradiction: a candidate whose singles run into a contradiction is false.
            for c in 0..b.cands.len() {
                for v in Mask::from_bits(b.cands[c]) {
                    if !branch(&mut pool, 0, c, v, &mut trail) {
                        let mut step = Step::new(Technique::ForcingNet);
                        step.variant = Variant::Forcing(ForcingKind::BigContradiction);
                        step.cells = vec![Cell::new(c as u16)];
                        step.values = Mask::single(v);
                        step.chain = std::iter::once(node(c, v, true))
                            .chain(trail.iter().skip(1).map(|&(x, w)| node(x, w, true)))
                            .collect();
                        step.eliminations = vec![(Cell::new(c as u16), v)];
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Builds the step when the branches prove something: `kind` is [`ForcingKind::Cell`]
/// (cell forcing) or [`ForcingKind::Unit`] (unit forcing); a cell with a single surviving
/// branch is [`ForcingKind::BigLast`].
fn conclude<T: Copy>(
    b: &Board,
    branches: &[Board],
    alive: &[T],
    cand: impl Fn(T) -> (usize, u8),
    kind: ForcingKind,
) -> Option<Step> {
    if branches.is_empty() {
        return None; // every branch fails: the board itself is contradictory
    }
    let (places, elims) = agree(b, branches);
    if places.is_empty() && elims.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::ForcingNet);
    step.variant = Variant::Forcing(if branches.len() == 1 && kind == ForcingKind::Cell {
        ForcingKind::BigLast
    } else {
        kind
    });
    for &a in alive {
        let (c, v) = cand(a);
        step.cells.push(Cell::new(c as u16));
        step.values.insert(v);
    }
    step.placements = places;
    step.eliminations = elims;
    Some(step)
}
