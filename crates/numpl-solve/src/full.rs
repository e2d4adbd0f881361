//! The plain full search: blank cells in reading order, smallest fitting value first,
//! step back one cell when no value fits. No propagation, no cell ordering: the
//! reference for correctness and the baseline for speed, bounded by a node budget.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use numpl_core::{Grid, Mask};

use crate::SearchResult;

/// Searches for up to `limit` solutions, visiting at most `budget` nodes (values placed);
/// the nodes go to `progress` too, every 65,536 and at the end.
pub(crate) fn search(
    puzzle: &Grid,
    limit: usize,
    budget: u64,
    progress: Option<&Arc<AtomicU64>>,
) -> SearchResult {
    search_masked(puzzle, None, limit, budget, progress)
}

/// [`search`] on a position: a blank cell takes only values of its mask (`masks[cell]`,
/// value v is bit v - 1), when masks are given.
pub(crate) fn search_masked(
    puzzle: &Grid,
    masks: Option<&[u64]>,
    limit: usize,
    budget: u64,
    progress: Option<&Arc<AtomicU64>>,
) -> SearchResult {
    let result = search_inner(puzzle, masks, limit, budget, progress);
    if let Some(p) = progress {
        p.fetch_add(result.nodes & 0xffff, Ordering::Relaxed);
    }
    result
}

fn search_inner(
    puzzle: &Grid,
    masks: Option<&[u64]>,
    limit: usize,
    budget: u64,
    progress: Option<&Arc<AtomicU64>>,
) -> SearchResult {
    let shape = puzzle.shape();
    let geo = shape.geometry();
    let all = shape.all_values();
    let mut used = vec![Mask::EMPTY; geo.unit_count()];
    let mut cells = puzzle.values().to_vec();
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            for u in geo.units_of(i) {
                used[u as usize].insert(v);
            }
        }
    }
    let blanks: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 0).collect();
    let mut result = SearchResult::default();
    // pos indexes `blanks`; cells[blanks[pos]] is the value being tried there (0: none yet).
    let mut pos = 0usize;
    loop {
        if pos == blanks.len() {
            result.count += 1;
            if result.first.is_none() {
                result.first = Some(Grid::from_values(shape, cells.clone()).expect("in range"));
            }
            if result.count >= limit || pos == 0 {
                return result;
            }
            pos -= 1;
        }
        let cell = blanks[pos];
        let units = geo.units_of(cell);
        let old = cells[cell];
        if old != 0 {
            for &u in &units {
                used[u as usize].remove(old);
            }
        }
        let mut free =
            all - (used[units[0] as usize] | used[units[1] as usize] | used[units[2] as usize]);
        if let Some(m) = masks {
            free &= Mask::from_bits(m[cell]);
        }
        // The next fitting value above the one tried last.
        let next = Mask::from_bits(free.bits() & !(Mask::all(old as usize).bits())).first();
        match next {
            Some(v) => {
                if result.nodes >= budget {
                    result.budget_hit = true;
                    return result;
                }
                result.nodes += 1;
                if result.nodes & 0xffff == 0 {
                    if let Some(p) = progress {
                        p.fetch_add(0x10000, Ordering::Relaxed);
                    }
                }
                if free.len() > 1 && old == 0 {
                    result.guesses += 1;
                }
                cells[cell] = v;
                for &u in &units {
                    used[u as usize].insert(v);
                }
                pos += 1;
            }
            None => {
                cells[cell] = 0;
                if pos == 0 {
                    return result;
                }
                pos -= 1;
            }
        }
    }
}
