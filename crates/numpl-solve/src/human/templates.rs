//! Templates: the ways one value can fill the grid, once in every row, column and box,
//! on its candidates (and where it is placed).
//!
//! Every single-digit technique (basic, finned, sashimi, Franken and mutant fish,
//! skyscraper, 2-string kite, turbot fish, empty rectangle, simple and multi colors,
//! X-chains) reasons only from where one value may go and that each unit holds it once,
//! so what it removes lies in no template: a candidate some template holds can be true
//! for all that value's positions tell, and no such technique removes it. When every
//! candidate of a value lies in some template, those techniques are skipped for it, and
//! otherwise the Franken fish search prunes branches whose fins see none of the lone
//! candidates (those in no template). The search for templates is small next to a
//! Franken fish search, and neither use changes what the solver finds.
//!
//! The search covers the candidates greedily: a template through a candidate not yet
//! covered (preferring other uncovered cells as it goes) covers up to `n` of them at
//! once; a candidate with none is lone. Rows are filled fewest options first, with every
//! open row and column checked for a place left at every step, and the search gives up
//! (answers "not known", so nothing is skipped or pruned) past a node budget.

use numpl_core::MAX_SIZE;

use super::board::count;
use super::Board;

/// Search nodes allowed per value before giving up (far more than a 9x9 ever needs).
const BUDGET: usize = 20_000;

/// Templates kept from earlier boards: most are still templates after a step (only a
/// few candidates go), and cover their cells again without a search.
const KEEP: usize = 24;

/// Templates of one value found on earlier boards, each as its column per row, newest
/// last; checked against the board before use.
#[derive(Default)]
pub(crate) struct Kept {
    templates: Vec<Vec<u8>>,
}

/// The candidates of `v` that lie in no template, per row (a bit per column); None when
/// the search ran out of budget. Every candidate a single-digit technique removes is
/// among them, so none means no such technique removes anything. Templates in `kept`
/// that still fit the board cover their cells first; those that do not are dropped, and
/// the ones found are added. Grids of up to 64 columns.
pub(crate) fn lone_candidates(b: &Board, v: u8, kept: &mut Kept) -> Option<Vec<u64>> {
    let n = b.n;
    debug_assert!(n <= 64);
    let (bh, bw) = (b.shape.box_rows(), b.shape.box_cols());
    // Per row: the open cells holding v, and v's places (a row where v is placed holds
    // only that place; a stray candidate beside it lies in no template, and is left to
    // the techniques).
    let (mut rows, mut open_cands) = ([0u64; MAX_SIZE], [0u64; MAX_SIZE]);
    let bit = 1u64 << (v - 1);
    for (r, (cands, values)) in b
        .cands
        .chunks_exact(n)
        .zip(b.values.chunks_exact(n))
        .enumerate()
    {
        let (mut open, mut place) = (0u64, 0u64);
        for (col, (&m, &x)) in cands.iter().zip(values).enumerate() {
            if m & bit != 0 {
                open |= 1 << col;
            }
            if x == v {
                place = 1 << col;
            }
        }
        open_cands[r] = open;
        rows[r] = if place != 0 { place } else { open };
    }
    search(n, bh, bw, rows, &open_cands, kept)
}

/// [`lone_candidates`] past the positions: `rows` the places per row, `open_cands` the
/// open cells holding the value per row.
fn search(
    n: usize,
    bh: usize,
    bw: usize,
    rows: [u64; MAX_SIZE],
    open_cands: &[u64; MAX_SIZE],
    kept: &mut Kept,
) -> Option<Vec<u64>> {
    let mut box_cols = [0u64; MAX_SIZE];
    for (j, m) in box_cols[..n / bw].iter_mut().enumerate() {
        *m = ((1u64 << bw) - 1) << (j * bw);
    }
    let mut t = Search {
        n,
        bh,
        bw,
        rows,
        box_cols,
        covered: [0; MAX_SIZE],
        path: [0; MAX_SIZE],
        nodes: 0,
    };
    let mut lone = vec![0u64; n];
    let all_rows = if n == 64 { !0 } else { (1u64 << n) - 1 };
    // Per band of rows, the columns of its boxes holding the value (`fill` restores it).
    let mut band = [0u64; MAX_SIZE];
    kept.templates.retain(|tpl| {
        let fits = tpl.len() == n
            && tpl
                .iter()
                .enumerate()
                .all(|(r, &col)| t.rows[r] >> col & 1 != 0);
        if fits {
            for (cv, &col) in t.covered.iter_mut().zip(tpl) {
                *cv |= 1 << col;
            }
        }
        fits
    });
    for (r, &cands) in open_cands[..n].iter().enumerate() {
        loop {
            let todo = cands & !t.covered[r];
            if todo == 0 {
                break;
            }
            let col = todo.trailing_zeros() as usize;
            let keep = t.rows[r];
            if keep >> col & 1 == 0 {
                // Beside v placed in its row.
                lone[r] |= 1 << col;
                t.covered[r] |= 1 << col;
                continue;
            }
            t.rows[r] = 1 << col;
            let found = t.fill(all_rows, 0, &mut band);
            t.rows[r] = keep;
            match found {
                Some(true) => {
                    for (cv, &p) in t.covered[..n].iter_mut().zip(&t.path[..n]) {
                        *cv |= p;
                    }
                    if kept.templates.len() == KEEP {
                        kept.templates.remove(0);
                    }
                    kept.templates.push(
                        t.path[..n]
                            .iter()
                            .map(|p| p.trailing_zeros() as u8)
                            .collect(),
                    );
                }
                Some(false) => {
                    lone[r] |= 1 << col;
                    t.covered[r] |= 1 << col;
                }
                None => return None,
            }
        }
    }
    Some(lone)
}

struct Search {
    n: usize,
    bh: usize,
    bw: usize,
    /// Places of the value per row (a row forced to one place holds just it); rows
    /// past `n` unused, as in the arrays below.
    rows: [u64; MAX_SIZE],
    /// The columns of each column of boxes.
    box_cols: [u64; MAX_SIZE],
    /// Candidates some template found so far holds, per row.
    covered: [u64; MAX_SIZE],
    /// The template being built: the place chosen in each row.
    path: [u64; MAX_SIZE],
    nodes: usize,
}

impl Search {
    /// Fills the rows in `open` (columns `used` taken; per band of rows, the columns of
    /// its boxes already holding the value). Some(true) with `path` the template, Some(false)
    /// when there is none, None past the budget.
    fn fill(&mut self, open: u64, used: u64, band: &mut [u64]) -> Option<bool> {
        if open == 0 {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > BUDGET {
            return None;
        }
        let (mut best, mut best_opts, mut best_count) = (0, 0, usize::MAX);
        let mut reach = 0u64;
        let mut o = open;
        while o != 0 {
            let r = o.trailing_zeros() as usize;
            o &= o - 1;
            let opts = self.rows[r] & !used & !band[r / self.bh];
            let k = count(opts);
            if k == 0 {
                return Some(false);
            }
            reach |= opts;
            if k < best_count {
                (best, best_opts, best_count) = (r, opts, k);
            }
        }
        let all = if self.n == 64 {
            !0
        } else {
            (1u64 << self.n) - 1
        };
        if reach != all & !used {
            return Some(false);
        }
        // Places not yet covered first, so each template found covers more.
        let fresh = best_opts & !self.covered[best];
        for opts in [fresh, best_opts & !fresh] {
            let mut m = opts;
            while m != 0 {
                let col = m.trailing_zeros() as usize;
                m &= m - 1;
                let bit = 1u64 << col;
                let bc = self.box_cols[col / self.bw];
                let k = best / self.bh;
                let saved = band[k];
                band[k] |= bc;
                self.path[best] = bit;
                let r = self.fill(open & !(1 << best), used | bit, band);
                band[k] = saved;
                if r != Some(false) {
                    return r;
                }
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests;
