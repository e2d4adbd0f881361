//! `cargo xtask bigbench`: the fast solver off the beaten path on big grids: random
//! puzzles nobody generated for numpl (non-minimal, often with many solutions or none),
//! made from a seed, each status checked by an independent counter.
//!
//! ```text
//! cargo run --release -p xtask -- bigbench [--seed S] [--counts 300,30,20] [--sizes 16,25,36]
//!                                          [--counter-budget NODES | --no-counter] [--ablate]
//!                                          [--budget NODES]
//! ```
//!
//! - 16x16: 80 to 120 givens (uniform), each placed in a random empty cell with a random
//!   value that clashes with no given so far (as a user typing a puzzle in might);
//! - 25x25, 36x36 (and 49x49, 64x64 with `--sizes`): a random valid grid (a pattern grid
//!   shuffled by validity-preserving moves, `make.rs`'s, no numpl code) with 50% to 85% of
//!   its cells blanked at random;
//! - `--counts` puzzles of each size (default 300 of 16x16, 30 of 25x25, 20 of 36x36, 5 of
//!   each larger size); puzzle `i` of size `n` comes from `(seed, n, i)` alone.
//!
//! Each puzzle is solved in this process, one thread, with `numpl_solve::solve`
//! (`Algorithm::Fast`, up to two solutions: what `numpl solve` does) under the default
//! budget (`--budget` sets another, `none` lifts it), and with `--first` (limit 1); the
//! times are the thread's CPU time. The status is checked against xtask's own exact
//! counter (`dlx.rs`: dancing links, no code shared with numpl-solve) with its own node
//! budget (`--counter-budget`, default 20 million; `--no-counter` skips it): `agree`,
//! `counter undecided` (the counter ran out or was skipped; then only the solution found
//! is checked against the givens and the rules) or a disagreement (listed, exit 1). Every solution numpl reports is checked
//! against the givens and the rules.
//!
//! The report per size: puzzles, statuses, median and worst time (unique check and
//! `--first`), median and worst nodes, how many the counter could not decide.
//!
//! Then every side from 4 to 64 that has a shape (its most square boxes), blank and nearly
//! blank (`n / 2` random givens placed as on the 16x16s, from the seed and `n`), each solved
//! both ways under the same budget: a blank grid must come out `multiple` (and solved with
//! `--first`; a miss is listed, exit 1); a nearly blank one is reported as it ends (`budget`
//! included, as for the random puzzles), every solution checked. The table: status, nodes
//! and CPU time of each.
//! `--ablate` also runs the general solver with each part switched off (unit branching,
//! restarts) under the same budget, to show what each part buys.
//!
//! Measured 2026-12-01 on the shared 2-core machine (`cargo run --release -p xtask --
//! bigbench`, seed 17, default counts, under the benchmark lock), median / worst CPU time:
//! 16x16 (300: 40 multiple, 260 unsolvable) < 4 ms / 4 ms; 25x25 (30, all multiple) 4 ms /
//! 8 ms; 36x36 (20: 16 multiple, 4 `budget` at the default 100 million nodes) 76 ms / 31 s.
//! [`RANDOM_16`]: 4 ms. docs/DEVELOPMENT.md has the table and the ablation.
//! Blank and nearly blank grids, the same machine 2026-12-04 (`bigbench --sizes 16,25
//! --no-counter`): every blank grid `multiple` in at most 0.30 s (64x64) and 10,813 nodes;
//! nearly blank ones mostly under 0.5 s, but 44x44, 48x48, 55x55 and 57x57 take 8 to 16 s
//! and 49x49, 54x54, 56x56, 60x60 and 63x63 end `budget` (100 million nodes, 30 to 50 s):
//! their givens clash with the hint's pattern (see numpl-solve's `fast/mod.rs`).

use std::time::Instant;

use numpl_core::{Grid, Shape};
use numpl_solve::{count_solutions_tuned, solve, Algorithm, SolveOptions, Status, Tuning};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::check::Count;
use crate::timing::{median, thread_cpu, worst};

/// A 16x16 of 80 random givens with many solutions, run first and in the `--ablate` table:
/// slow for a search with neither unit branching nor restarts (the table's last variant).
pub(crate) const RANDOM_16: &str = "......F.6.7.D..8..2..4.6A1....BFE7C..5..G.4....A...G....3.CB.1............1......C3......85..2..5D..F................2..E...F9.7.............8.E.B.4.91..3A...5...G...4....2.C.39.A.8..B...4...........5.G.....B8.FCG.....2...A....E1B9....A...CB1..EA...9F..7.4";

fn default_count(n: usize) -> usize {
    match n {
        16 => 300,
        25 => 30,
        36 => 20,
        _ => 5,
    }
}

/// CPU seconds used by this thread so far (Linux), else the wall clock's seconds.
fn cpu_now(wall: Instant) -> f64 {
    thread_cpu().unwrap_or_else(|| wall.elapsed().as_secs_f64())
}

/// Puzzle `i` of side `n`.
pub(crate) fn puzzle(seed: u64, n: usize, i: usize) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ ((n as u64) << 32));
    rng.set_stream(i as u64);
    let b = (n as f64).sqrt() as usize;
    let shape = Shape::new(b, b).expect("a square size");
    let cells = if n == 16 {
        random_givens(shape, rng.gen_range(80..=120), &mut rng)
    } else {
        let full = crate::make::full_grid(b, b, &mut rng);
        let mut cells = full.cells;
        let blank = rng.gen_range(0.50..=0.85);
        for v in cells.iter_mut() {
            if rng.gen_bool(blank) {
                *v = 0;
            }
        }
        cells
    };
    Grid::from_values(shape, cells).expect("values in range")
}

/// `k` givens placed one by one in random empty cells, each a random value that clashes
/// with none placed so far (a cell where every value clashes stays blank).
fn random_givens(shape: Shape, k: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut cells = vec![0u8; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let (mut rows, mut cols, mut boxes) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    let mut placed = 0;
    for i in order {
        if placed == k {
            break;
        }
        let (r, c) = (i / n, i % n);
        let bx = r / br * br + c / bc;
        let all = (1u64 << n) - 1;
        let free = all & !(rows[r] | cols[c] | boxes[bx]);
        if free == 0 {
            continue;
        }
        let vals: Vec<u8> = (0..n as u8).filter(|v| free >> v & 1 == 1).collect();
        let v = *vals.choose(rng).expect("not empty");
        cells[i] = v + 1;
        rows[r] |= 1 << v;
        cols[c] |= 1 << v;
        boxes[bx] |= 1 << v;
        placed += 1;
    }
    cells
}

/// Every side from 4 to 64 that has a shape (its most square boxes), blank and nearly
/// blank: `n / 2` random givens (as [`random_givens`] places them, from `(seed, n)`).
/// Blank grids must come out `multiple` (and solved with `--first`); a nearly blank one
/// may end `budget` (shown in the table), but `--first` must not say `unsolvable` where the
/// unique check found a solution; every solution is checked.
fn blank_grids(seed: u64, opts: &SolveOptions, wall: Instant, bad: &mut Vec<String>) {
    println!("\nblank and nearly blank grids (n/2 random givens), unique check and --first:");
    println!(
        "| size | box | blank | nodes | s | --first s | nearly blank | nodes | s | --first s |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for n in 4..=64 {
        let Ok(shape) = Shape::from_size(n) else {
            continue;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ ((n as u64) << 40) ^ 0xb1a2);
        let blank = Grid::empty(shape);
        let sparse = Grid::from_values(shape, random_givens(shape, n / 2, &mut rng))
            .expect("values in range");
        let mut row = format!("| {n}x{n} | {}x{} ", shape.box_rows(), shape.box_cols());
        for (what, g) in [("blank", &blank), ("nearly blank", &sparse)] {
            let t0 = cpu_now(wall);
            let out = solve(g, Algorithm::Fast, opts);
            let t1 = cpu_now(wall);
            let first = solve(g, Algorithm::Fast, &opts.clone().limit(1));
            let t2 = cpu_now(wall);
            row += &format!(
                "| {} | {} | {:.4} | {:.4} ",
                out.status.name(),
                out.nodes,
                t1 - t0,
                t2 - t1
            );
            for (run, o) in [("unique check", &out), ("--first", &first)] {
                if let Some(s) = &o.solution {
                    if !s.is_solution_of(g) {
                        bad.push(format!("{what} {n}x{n} {run}: the solution breaks a rule"));
                    }
                }
            }
            // A nearly blank grid may run out of budget, as the random puzzles may (the
            // table shows it); it must not contradict itself.
            let expected = match what {
                "blank" => out.status == Status::Multiple && first.status == Status::Solved,
                _ => !(first.status == Status::Unsolvable && out.solution.is_some()),
            };
            if !expected {
                bad.push(format!(
                    "{what} {n}x{n}: {} / --first {}",
                    out.status.name(),
                    first.status.name()
                ));
            }
        }
        println!("{row}|");
    }
}

fn counter_says(g: &Grid, budget: u64) -> Count {
    let s = g.shape();
    crate::dlx::count(s.box_rows(), s.box_cols(), g.values(), budget)
}

/// Whether numpl's status is what the counter found (`None`: the counter could not tell).
fn agrees(status: Status, c: &Count) -> Option<bool> {
    match c {
        Count::Unknown => None,
        Count::None => Some(status == Status::Unsolvable),
        Count::One(_) => Some(status == Status::Solved),
        Count::Many(_) => Some(status == Status::Multiple),
    }
}

pub(crate) fn run(a: &crate::BigbenchArgs) -> Result<(), String> {
    let opts = SolveOptions::new().budget(a.budget);
    let wall = Instant::now();
    let mut bad = Vec::new();
    // RANDOM_16 first.
    {
        let g = numpl_core::parse_one(RANDOM_16, &numpl_core::ParseOptions::default())
            .map_err(|e| e.to_string())?;
        let t0 = cpu_now(wall);
        let out = solve(&g, Algorithm::Fast, &opts);
        let t = cpu_now(wall) - t0;
        println!(
            "RANDOM_16: {} in {:.4} s ({} nodes, {} guesses)",
            out.status.name(),
            t,
            out.nodes,
            out.guesses
        );
        if out.status != Status::Multiple {
            bad.push(format!(
                "RANDOM_16: {} (expected multiple)",
                out.status.name()
            ));
        }
    }
    println!(
        "\n| size | puzzles | solved / multiple / unsolvable / budget | median s | worst s | --first median s | worst s | median nodes | worst nodes | counter undecided |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut ablations = Vec::new();
    for (k, &n) in a.sizes.iter().enumerate() {
        let count = a.counts.get(k).copied().unwrap_or_else(|| default_count(n));
        let mut times = Vec::new();
        let mut firsts = Vec::new();
        let mut nodes = Vec::new();
        let mut tally = [0usize; 4];
        let mut undecided = 0;
        let mut puzzles = Vec::new();
        for i in 0..count {
            let g = puzzle(a.seed, n, i);
            let t0 = cpu_now(wall);
            let out = solve(&g, Algorithm::Fast, &opts);
            let t1 = cpu_now(wall);
            let first = solve(&g, Algorithm::Fast, &opts.clone().limit(1));
            let t2 = cpu_now(wall);
            times.push(t1 - t0);
            firsts.push(t2 - t1);
            nodes.push(out.nodes as f64);
            let slot = match out.status {
                Status::Solved => 0,
                Status::Multiple => 1,
                Status::Unsolvable => 2,
                _ => 3,
            };
            tally[slot] += 1;
            for (what, o) in [("unique check", &out), ("--first", &first)] {
                if let Some(s) = &o.solution {
                    if !s.is_solution_of(&g) {
                        bad.push(format!("{n}x{n} #{i} {what}: the solution breaks a rule"));
                    }
                }
            }
            if first.status == Status::Unsolvable && out.solution.is_some() {
                bad.push(format!(
                    "{n}x{n} #{i}: --first found none, the check found one"
                ));
            }
            let c = if a.no_counter || a.counter_budget == 0 {
                Count::Unknown
            } else {
                counter_says(&g, a.counter_budget)
            };
            match agrees(out.status, &c) {
                None => undecided += 1,
                Some(true) => {}
                Some(false) if out.status == Status::Budget => {}
                Some(false) => bad.push(format!(
                    "{n}x{n} #{i}: numpl says {}, the counter {:?}",
                    out.status.name(),
                    std::mem::discriminant(&c)
                )),
            }
            puzzles.push(g);
        }
        println!(
            "| {n}x{n} | {count} | {} / {} / {} / {} | {:.4} | {:.4} | {:.4} | {:.4} | {:.0} | {:.0} | {undecided} |",
            tally[0],
            tally[1],
            tally[2],
            tally[3],
            median(&mut times.clone()).unwrap_or(0.0),
            worst(&times),
            median(&mut firsts.clone()).unwrap_or(0.0),
            worst(&firsts),
            median(&mut nodes.clone()).unwrap_or(0.0),
            worst(&nodes),
        );
        if a.ablate {
            ablations.push((n, puzzles));
        }
    }
    if a.ablate {
        let budget = a.budget.unwrap_or_else(|| {
            numpl_solve::default_budget(Algorithm::Fast, Shape::new(4, 4).expect("16x16"))
        });
        println!("\nablation (general solver, up to two solutions, {budget} nodes at most each):");
        println!("| size | variant | median s | worst s | budget hit |");
        println!("| --- | --- | --- | --- | --- |");
        for (n, puzzles) in &ablations {
            let full = Tuning::for_size(*n);
            let variants = [
                ("all on", full),
                (
                    "no unit branching",
                    Tuning {
                        unit_branch: false,
                        ..full
                    },
                ),
                (
                    "no restarts",
                    Tuning {
                        restarts: false,
                        ..full
                    },
                ),
                (
                    "no probing",
                    Tuning {
                        probe: false,
                        ..full
                    },
                ),
                (
                    "neither",
                    Tuning {
                        unit_branch: false,
                        restarts: false,
                        ..full
                    },
                ),
            ];
            for (name, t) in variants {
                let mut times = Vec::new();
                let mut hit = 0;
                let mut worst_at = 0;
                for (i, g) in puzzles.iter().enumerate() {
                    let t0 = cpu_now(wall);
                    let r = count_solutions_tuned(g, 2, budget, &t);
                    times.push(cpu_now(wall) - t0);
                    if times[i] > times[worst_at] {
                        worst_at = i;
                    }
                    hit += usize::from(r.budget_hit && r.count < 2);
                }
                println!(
                    "| {n}x{n} | {name} | {:.4} | {:.4} (#{worst_at}) | {hit} of {} |",
                    median(&mut times.clone()).unwrap_or(0.0),
                    worst(&times),
                    puzzles.len()
                );
            }
            if *n == 16 {
                let g = numpl_core::parse_one(RANDOM_16, &numpl_core::ParseOptions::default())
                    .map_err(|e| e.to_string())?;
                for (name, t) in variants {
                    let t0 = cpu_now(wall);
                    let r = count_solutions_tuned(&g, 2, budget, &t);
                    println!(
                        "| RANDOM_16 | {name} | {:.4} | {} nodes | {} |",
                        cpu_now(wall) - t0,
                        r.nodes,
                        if r.budget_hit { "hit" } else { "-" }
                    );
                }
            }
        }
    }
    blank_grids(a.seed, &opts, wall, &mut bad);
    println!("\n{:.1} s in all", wall.elapsed().as_secs_f64());
    if bad.is_empty() {
        Ok(())
    } else {
        for b in &bad {
            eprintln!("MISMATCH {b}");
        }
        Err(format!("{} mismatches", bad.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solver agreement on random big puzzles: `fast` (restarts), the general search
    /// without restarts and unit branching, the searcher's first solution and xtask's
    /// dancing-links counter tell the same status (where the counter decides).
    #[test]
    fn solvers_agree_with_the_counter_on_random_big_puzzles() {
        let mut decided = 0;
        for (n, count) in [(16, 40), (25, 6)] {
            for i in 0..count {
                let g = puzzle(5, n, i);
                let fast = solve(&g, Algorithm::Fast, &SolveOptions::new());
                let plain = Tuning {
                    unit_branch: false,
                    restarts: false,
                    ..Tuning::for_size(n)
                };
                let other = count_solutions_tuned(&g, 2, 50_000_000, &plain);
                let mut searcher = numpl_solve::Searcher::new(g.shape());
                searcher.set_budget(Some(50_000_000));
                let first = searcher.first(&g, numpl_solve::LowestFirst);
                if let Some(s) = &fast.solution {
                    assert!(s.is_solution_of(&g), "{n}x{n} #{i}");
                }
                if !other.budget_hit {
                    assert_eq!(
                        fast.status == Status::Multiple,
                        other.count == 2,
                        "{n}x{n} #{i}"
                    );
                    assert_eq!(fast.status == Status::Unsolvable, other.count == 0);
                }
                match first {
                    numpl_solve::Found::Solution(s) => {
                        assert!(s.is_solution_of(&g));
                        assert_ne!(fast.status, Status::Unsolvable, "{n}x{n} #{i}");
                    }
                    numpl_solve::Found::NoSolution => {
                        assert_eq!(fast.status, Status::Unsolvable, "{n}x{n} #{i}")
                    }
                    numpl_solve::Found::Budget => {}
                }
                let c = counter_says(&g, 2_000_000);
                if let Some(ok) = agrees(fast.status, &c) {
                    assert!(ok, "{n}x{n} #{i}: {} against {c:?}", fast.status.name());
                    decided += 1;
                }
            }
        }
        assert!(decided >= 30, "the counter decided only {decided}");
    }

    /// RANDOM_16 has several solutions: numpl's searcher finds two different
    /// grids, and xtask's own rules check (`check.rs`) confirms that both solve it. (The
    /// dancing-links counter cannot decide it within 50 million nodes: a certificate is
    /// the independent proof here.)
    #[test]
    fn random_16_has_two_different_solutions() {
        let g = numpl_core::parse_one(RANDOM_16, &numpl_core::ParseOptions::default()).unwrap();
        let first = solve(&g, Algorithm::Fast, &SolveOptions::new().limit(1));
        let a = first.solution.expect("a solution");
        // A second one: some empty cell with another value than in the first.
        let b = (0..256)
            .filter(|&c| g.values()[c] == 0)
            .find_map(|c| {
                let cand = g.candidates()[c];
                cand.iter().filter(|&v| v != a.values()[c]).find_map(|v| {
                    let mut h = g.clone();
                    h.set(c, v);
                    solve(&h, Algorithm::Fast, &SolveOptions::new().limit(1)).solution
                })
            })
            .expect("a second solution");
        assert_ne!(a, b);
        let board = |cells: &[u8]| crate::check::Board {
            br: 4,
            bc: 4,
            cells: cells.to_vec(),
        };
        let p = board(g.values());
        assert!(p.is_solved_by(&board(a.values())));
        assert!(p.is_solved_by(&board(b.values())));
    }

    #[test]
    fn puzzles_repeat_and_have_the_promised_shape() {
        let a = puzzle(17, 16, 3);
        assert_eq!(a, puzzle(17, 16, 3));
        assert_ne!(a, puzzle(17, 16, 4));
        assert!(a.check().is_ok());
        assert!((80..=120).contains(&a.filled()), "{}", a.filled());
        let b = puzzle(17, 25, 0);
        assert!(b.check().is_ok());
        let blank = 625 - b.filled();
        assert!((250..=560).contains(&blank), "{blank}");
    }
}
