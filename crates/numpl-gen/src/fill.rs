//! `prepare_array`: a random complete grid of any shape.

use numpl_core::{Grid, Shape};
use numpl_solve::{Found, Searcher};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random complete grid of `shape`, drawn with `rng`.
///
/// How it is drawn (and so which distribution it has):
/// 1. the boxes on the main diagonal of boxes share no row, column or box, so each gets an
///    independent, uniformly random permutation of the values;
/// 2. the rest is filled by numpl-solve's [`Searcher`] (singles propagation, box-line
///    reductions and probing from 16x16 up, branching on a cell with the fewest
///    candidates) trying each branch's values in random order; if the search runs past a
///    node budget the fill restarts from step 1 with a larger budget (this keeps 25x25
///    quick and makes 36x36 and above finish);
/// 3. the result goes through a uniformly random element of the grid's validity-preserving
///    group: relabelling of the values, permutation of bands and of the rows within each
///    band, of stacks and of the columns within each stack, and a transposition when the
///    boxes are square.
///
/// Every complete grid of the shape can come out, and step 3 makes grids that differ by
/// these transformations equally likely; the draw is *not* exactly uniform over all complete
/// grids (a randomised search favours grids with fewer alternatives along its path), which no
/// practical generator is at these sizes.
pub fn prepare_array<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Grid {
    let mut searcher = Searcher::new(shape);
    prepare_within(&mut searcher, u64::MAX, rng).expect("no budget to run out of")
}

/// [`prepare_array`] on `searcher` (its progress counter sees the nodes), giving up
/// (`None`) once its searches have visited `budget` nodes in all.
pub(crate) fn prepare_within<R: Rng + ?Sized>(
    searcher: &mut Searcher,
    budget: u64,
    rng: &mut R,
) -> Option<Grid> {
    let shape = searcher.shape();
    let filled = random_fill(searcher, budget, rng)?;
    let shuffled = shuffle(shape, &filled, rng);
    Some(Grid::from_values(shape, shuffled).expect("values are in range"))
}

/// [`prepare_array`] with a ChaCha8 generator seeded from `seed`: the same seed gives the
/// same grid (for the same version of numpl).
pub fn prepare_array_seeded(shape: Shape, seed: u64) -> Grid {
    prepare_array(shape, &mut ChaCha8Rng::seed_from_u64(seed))
}

fn random_fill<R: Rng + ?Sized>(
    searcher: &mut Searcher,
    budget: u64,
    rng: &mut R,
) -> Option<Vec<u8>> {
    let shape = searcher.shape();
    let n = shape.size();
    let (r, c) = (shape.box_rows(), shape.box_cols());
    // Bands hold R rows each (n / R of them), stacks C columns (n / C of them).
    let diagonal = (n / r).min(n / c);
    let mut budget_per_try = 8 * shape.cells() as u64;
    let start_nodes = searcher.nodes();
    let mut values: Vec<u8> = (1..=n as u8).collect();
    loop {
        let mut start = vec![0u8; shape.cells()];
        for b in 0..diagonal {
            values.shuffle(rng);
            for (k, &v) in values.iter().enumerate() {
                start[(b * r + k / c) * n + b * c + k % c] = v;
            }
        }
        let start = Grid::from_values(shape, start).expect("values are in range");
        let spent = searcher.nodes() - start_nodes;
        if spent >= budget {
            return None;
        }
        searcher.set_budget(Some(budget_per_try.min(budget - spent)));
        let random =
            |_cell: usize, untried: u64| nth_value(untried, rng.gen_range(0..untried.count_ones()));
        if let Found::Solution(done) = searcher.first(&start, random) {
            return Some(done.values().to_vec());
        }
        budget_per_try = budget_per_try.saturating_mul(2);
    }
}

/// The `k`-th (from 0) value of the value set `m` (value `v` is bit `v - 1`).
fn nth_value(mut m: u64, k: u32) -> u8 {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as u8 + 1
}

/// A random permutation of `groups` blocks of `len` consecutive indices, also permuting the
/// indices inside each block.
fn block_permutation<R: Rng + ?Sized>(groups: usize, len: usize, rng: &mut R) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut out = Vec::with_capacity(groups * len);
    for g in order {
        let mut inner: Vec<usize> = (0..len).map(|i| g * len + i).collect();
        inner.shuffle(rng);
        out.extend(inner);
    }
    out
}

fn shuffle<R: Rng + ?Sized>(shape: Shape, grid: &[u8], rng: &mut R) -> Vec<u8> {
    let n = shape.size();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let rows = block_permutation(n / br, br, rng);
    let cols = block_permutation(n / bc, bc, rng);
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    relabel.shuffle(rng);
    let transpose = br == bc && rng.gen_bool(0.5);
    let mut out = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let v = relabel[grid[rows[r] * n + cols[c]] as usize - 1];
            let at = if transpose { c * n + r } else { r * n + c };
            out[at] = v;
        }
    }
    out
}
