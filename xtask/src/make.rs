//! `cargo xtask make-fixtures [--out DIR]`: writes the generated fixture sets (into
//! `fixtures/` in the workspace unless `--out` says where).
//!
//! Run it as a release build (`cargo run --release -p xtask -- make-fixtures`); the sets are
//! the same on every run (fixed seeds). For every puzzle:
//! - the solution is known before the puzzle exists: a complete grid (a valid pattern grid,
//!   shuffled: values relabelled, rows within bands, bands, columns within stacks, stacks);
//! - cells are emptied in random order, each removal kept only when this crate's own
//!   counter ([`crate::check`], no code shared with numpl-solve) still finds exactly one
//!   solution within its node budget;
//! - before writing, the answer is checked again: the solution keeps the givens and follows
//!   the rules, the independent counter finds exactly it, and numpl-solve's `fast` agrees.
//!   Multiple-solution and no-solution puzzles are made from unique ones (remove a given of
//!   a minimal puzzle; add a given that is a candidate but not the solution's value) and
//!   checked the same two ways.
//!
//! Famous puzzles are typed in (famous.txt) and checked the same way; invalid inputs are
//! hand-written (invalid/). Neither is written here.
//!
//! "The seed" below is the program numpl grew from (docs/FORMATS.md, "The seed"): its grid
//! layout, and its full search (numpl's `full` algorithm).

use std::fmt::Write as _;
use std::path::Path;

use numpl_core::{format_line, Grid, Shape, Symbols};
use numpl_solve::{solve, Algorithm, SolveOptions, Status};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::check::{count, Board, Count};

/// Node budget of one uniqueness check while digging.
const DIG_BUDGET: u64 = 200_000;
/// Node budget of the final independent check of a puzzle.
const CHECK_BUDGET: u64 = 50_000_000;
/// Full-search nodes over which a set is marked `# skip: full` (keeps regress quick).
const FULL_SET_NODES: u64 = 100_000_000;

/// Sets with human-solver expectations (`# human`, `NAME.human` written by regress --bless).
const HUMAN_SETS: &[&str] = &[
    "sizes/4x4",
    "sizes/6x6",
    "9x9/easy",
    "9x9/medium",
    "9x9/famous",
];

/// How far to dig.
#[derive(Clone, Copy)]
enum Dig {
    /// Until no given can be removed (a minimal puzzle, as far as the budget tells).
    Minimal,
    /// Stop at this many givens.
    Keep(usize),
}

/// How to write the puzzles.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Line,
    /// One row of symbols per line.
    GridSymbols,
    /// Rows of decimal tokens (the seed's layout).
    GridNumbers,
}

struct Set {
    path: &'static str,
    about: &'static str,
    br: usize,
    bc: usize,
    count: usize,
    dig: Dig,
    layout: Layout,
    /// `# box:` in the answers (for shapes the default rule would not pick).
    explicit_box: bool,
}

const SETS: &[Set] = &[
    Set {
        path: "sizes/4x4",
        about: "4x4 (2x2 boxes), minimal",
        br: 2,
        bc: 2,
        count: 20,
        dig: Dig::Minimal,
        layout: Layout::Line,
        explicit_box: false,
    },
    Set {
        path: "sizes/6x6",
        about: "6x6 (2x3 boxes), minimal",
        br: 2,
        bc: 3,
        count: 20,
        dig: Dig::Minimal,
        layout: Layout::Line,
        explicit_box: false,
    },
    Set {
        path: "sizes/6x6-tall",
        about: "6x6 with tall 3x2 boxes (numpl reads the 3x2 boxes from the layout, no --box needed), minimal",
        br: 3,
        bc: 2,
        count: 10,
        dig: Dig::Minimal,
        layout: Layout::GridNumbers,
        // The seed's layout draws the boxes; the reader finds them.
        explicit_box: false,
    },
    Set {
        path: "sizes/8x8",
        about: "8x8 (2x4 boxes), minimal",
        br: 2,
        bc: 4,
        count: 15,
        dig: Dig::Minimal,
        layout: Layout::Line,
        explicit_box: false,
    },
    Set {
        path: "sizes/12x12",
        about: "12x12 (3x4 boxes), minimal within the dig budget",
        br: 3,
        bc: 4,
        count: 8,
        dig: Dig::Minimal,
        layout: Layout::Line,
        explicit_box: false,
    },
    Set {
        path: "sizes/16x16",
        about: "16x16 (4x4 boxes), dug to 120 givens, one row of symbols per line",
        br: 4,
        bc: 4,
        count: 5,
        dig: Dig::Keep(120),
        layout: Layout::GridSymbols,
        explicit_box: false,
    },
    Set {
        path: "sizes/25x25",
        about: "25x25 (5x5 boxes), dug to 360 givens, rows of decimal numbers",
        br: 5,
        bc: 5,
        count: 2,
        dig: Dig::Keep(360),
        layout: Layout::GridNumbers,
        explicit_box: false,
    },
    Set {
        path: "9x9/easy",
        about: "9x9 with 40 givens",
        br: 3,
        bc: 3,
        count: 30,
        dig: Dig::Keep(40),
        layout: Layout::Line,
        explicit_box: false,
    },
    Set {
        path: "9x9/medium",
        about: "9x9 with 30 givens",
        br: 3,
        bc: 3,
        count: 30,
        dig: Dig::Keep(30),
        layout: Layout::Line,
        explicit_box: false,
    },
    Set {
        path: "9x9/minimal",
        about: "9x9 minimal puzzles (no given can be removed), usually the hardest generated",
        br: 3,
        bc: 3,
        count: 30,
        dig: Dig::Minimal,
        layout: Layout::Line,
        explicit_box: false,
    },
];

pub(crate) fn run(args: &crate::MakeArgs) -> Result<(), String> {
    let out = args.out.clone().unwrap_or_else(crate::workspace::fixtures);
    let mut minimal9 = Vec::new();
    let mut small = Vec::new();
    for (k, set) in SETS.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x6e75_6d70_6c00 + k as u64);
        let mut items = Vec::new();
        for _ in 0..set.count {
            let solution = full_grid(set.br, set.bc, &mut rng);
            let puzzle = dig(&solution, set.dig, &mut rng);
            items.push((puzzle, Answer::Solved(solution)));
        }
        if set.path == "9x9/minimal" {
            minimal9 = items.clone();
        }
        if set.path == "sizes/4x4" || set.path == "sizes/6x6" {
            small.extend(items.iter().take(3).cloned());
        }
        write_set(&out, set.path, set.about, set, &items)?;
    }
    // Multiple solutions: a minimal puzzle less one given; plus an empty 4x4.
    let mut rng = ChaCha8Rng::seed_from_u64(0x6d75_6c74);
    let mut multi = Vec::new();
    for (p, _) in minimal9.iter().take(8).chain(small.iter()) {
        let mut q = p.clone();
        let givens: Vec<usize> = (0..q.cells.len()).filter(|&i| q.cells[i] != 0).collect();
        let i = *givens.choose(&mut rng).expect("a puzzle has givens");
        q.cells[i] = 0;
        multi.push((q, Answer::Multiple));
    }
    multi.push((
        Board {
            br: 2,
            bc: 2,
            cells: vec![0; 16],
        },
        Answer::Multiple,
    ));
    write_mixed(
        &out,
        "special/multiple",
        "puzzles with two or more solutions",
        &multi,
    )?;
    // No solution: a given added that is a candidate but not the solution's value.
    let mut none = Vec::new();
    for (p, a) in minimal9.iter().skip(8).take(8).chain(small.iter()) {
        let Answer::Solved(s) = a else { continue };
        let mut q = p.clone();
        let n = q.n();
        let mut open: Vec<usize> = (0..q.cells.len()).filter(|&i| q.cells[i] == 0).collect();
        open.shuffle(&mut rng);
        for i in open {
            let wrong: Vec<u8> = (1..=n as u8)
                .filter(|&v| v != s.cells[i] && fits(&q, i, v))
                .collect();
            if let Some(&v) = wrong.choose(&mut rng) {
                q.cells[i] = v;
                break;
            }
        }
        none.push((q, Answer::Unsolvable));
    }
    write_mixed(
        &out,
        "special/unsolvable",
        "puzzles with no solution (no two givens conflict)",
        &none,
    )?;
    famous(&out.join("9x9/famous.txt"))
}

/// Writes `famous.answers` for the hand-typed `famous.txt`: each puzzle must have exactly
/// one solution by xtask's own counter, and numpl's fast solver must find the same.
fn famous(txt: &Path) -> Result<(), String> {
    if !txt.exists() {
        println!(
            "no {} (typed in by hand): its answers are not written",
            txt.display()
        );
        return Ok(());
    }
    let text = std::fs::read(txt).map_err(|e| format!("{}: {e}", txt.display()))?;
    let mut answers = String::from(
        "# Answers for famous.txt: found by xtask's own counter (exactly one solution), checked\n\
         # against the rules and against numpl's fast solver by `cargo xtask make-fixtures`.\n",
    );
    answers.push_str("# human\n");
    let mut body = String::new();
    let mut full_nodes = 0u64;
    for r in numpl_core::PuzzleReader::new(&text[..], numpl_core::ParseOptions::default()) {
        let p = r.map_err(|e| format!("{}: {e}", txt.display()))?;
        let shape = p.grid().shape();
        let board = Board {
            br: shape.box_rows(),
            bc: shape.box_cols(),
            cells: p.grid().values().to_vec(),
        };
        let Count::One(cells) = count(&board, CHECK_BUDGET) else {
            return Err(format!(
                "{}:{}: not exactly one solution",
                txt.display(),
                p.line
            ));
        };
        let solution = Board {
            cells,
            ..board.clone()
        };
        let (line, nodes) = verify(&board, &Answer::Solved(solution))?;
        full_nodes = full_nodes.saturating_add(nodes);
        let _ = writeln!(body, "{line}");
    }
    if full_nodes > FULL_SET_NODES {
        answers.push_str(
            "# skip: full (the seed's full search needs too many nodes here: it hits its budget or takes too long)\n",
        );
    }
    answers.push_str(&body);
    let ans = txt.with_extension("answers");
    std::fs::write(&ans, answers).map_err(|e| format!("{}: {e}", ans.display()))?;
    println!("wrote {} (full search {full_nodes} nodes)", ans.display());
    Ok(())
}

/// An expected answer while making fixtures.
#[derive(Clone)]
enum Answer {
    Solved(Board),
    Multiple,
    Unsolvable,
}

/// Whether `v` can go in cell `i` without breaking a rule with the givens.
fn fits(b: &Board, i: usize, v: u8) -> bool {
    let n = b.n();
    let (r, c) = (i / n, i % n);
    (0..n).all(|k| b.cells[r * n + k] != v && b.cells[k * n + c] != v) && {
        let (r0, c0) = (r / b.br * b.br, c / b.bc * b.bc);
        (r0..r0 + b.br).all(|rr| (c0..c0 + b.bc).all(|cc| b.cells[rr * n + cc] != v))
    }
}

/// A random complete grid: the pattern grid shuffled by moves that keep it valid (bands,
/// the rows within each band, stacks, the columns within each stack; values relabelled).
///
/// numpl-gen's `prepare_array` shuffles with the same moves, but this grid stays apart
/// from it: a fixture's solution comes from xtask alone, never from the code under test,
/// and each set's fixed seed must keep giving the committed grids.
pub(crate) fn full_grid(br: usize, bc: usize, rng: &mut ChaCha8Rng) -> Board {
    let n = br * bc;
    // Pattern: row r, column c holds (bc * (r % br) + r / br + c) % n + 1.
    let pattern = |r: usize, c: usize| ((bc * (r % br) + r / br + c) % n) as u8 + 1;
    // Rows: bands of br rows (bc bands); columns: stacks of bc columns (br stacks).
    let rows = blocks(bc, br, rng);
    let cols = blocks(br, bc, rng);
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    relabel.shuffle(rng);
    // One more draw for square boxes, which the committed sets' seeds include: without it
    // the same seeds would give other grids. It changes nothing here.
    if br == bc {
        rng.gen_bool(0.5);
    }
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            cells[r * n + c] = relabel[pattern(rows[r], cols[c]) as usize - 1];
        }
    }
    let b = Board { br, bc, cells };
    assert!(b.is_complete_and_valid(), "the pattern grid is valid");
    b
}

/// `groups` blocks of `len` consecutive indices: the blocks in random order, and the indices
/// within each block too.
fn blocks(groups: usize, len: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    order
        .iter()
        .flat_map(|&g| {
            let mut inner: Vec<usize> = (g * len..(g + 1) * len).collect();
            inner.shuffle(rng);
            inner
        })
        .collect()
}

/// Empties cells in random order while the solution stays unique.
fn dig(solution: &Board, how: Dig, rng: &mut ChaCha8Rng) -> Board {
    let mut p = solution.clone();
    let mut order: Vec<usize> = (0..p.cells.len()).collect();
    order.shuffle(rng);
    let keep = match how {
        Dig::Minimal => 0,
        Dig::Keep(k) => k,
    };
    let mut givens = p.cells.len();
    for i in order {
        if givens <= keep {
            break;
        }
        let v = p.cells[i];
        p.cells[i] = 0;
        if matches!(count(&p, DIG_BUDGET), Count::One(_)) {
            givens -= 1;
        } else {
            p.cells[i] = v;
        }
    }
    p
}

fn to_grid(b: &Board) -> Grid {
    let shape = Shape::new(b.br, b.bc).expect("fixture shapes are valid");
    Grid::from_values(shape, b.cells.clone()).expect("values in range")
}

/// Checks one answer two independent ways; returns the answers line and full-search nodes.
fn verify(p: &Board, a: &Answer) -> Result<(String, u64), String> {
    let sym = Symbols::standard();
    let grid = to_grid(p);
    let fast = solve(&grid, Algorithm::Fast, &SolveOptions::default());
    let full = solve(&grid, Algorithm::Full, &SolveOptions::default());
    let full_nodes = if full.status == Status::Budget {
        u64::MAX
    } else {
        full.nodes
    };
    let line = format_line(&grid, &sym);
    let ours = count(p, CHECK_BUDGET);
    let answer = match a {
        Answer::Solved(s) => {
            if !p.is_solved_by(s) {
                return Err(format!("{line}: the solution breaks the rules or givens"));
            }
            if ours != Count::One(s.cells.clone()) {
                return Err(format!(
                    "{line}: the independent counter disagrees: {ours:?}"
                ));
            }
            let want = format_line(&to_grid(s), &sym);
            let got = fast.solution.as_ref().map(|g| format_line(g, &sym));
            if fast.status != Status::Solved || got.as_deref() != Some(want.as_str()) {
                return Err(format!(
                    "{line}: numpl fast says {} {got:?}, expected {want}",
                    fast.status.name()
                ));
            }
            format!("solved {want}")
        }
        Answer::Multiple => {
            if !matches!(ours, Count::Many(_)) || fast.status != Status::Multiple {
                return Err(format!(
                    "{line}: not multiple: {ours:?}, fast {:?}",
                    fast.status
                ));
            }
            "multiple".to_string()
        }
        Answer::Unsolvable => {
            if ours != Count::None || fast.status != Status::Unsolvable {
                return Err(format!(
                    "{line}: not unsolvable: {ours:?}, fast {:?}",
                    fast.status
                ));
            }
            "unsolvable".to_string()
        }
    };
    Ok((answer, full_nodes))
}

fn render(p: &Board, layout: Layout) -> String {
    let sym = Symbols::standard();
    let grid = to_grid(p);
    let n = p.n();
    match layout {
        Layout::Line => format_line(&grid, &sym) + "\n",
        Layout::GridSymbols => {
            let line = format_line(&grid, &sym);
            let mut s = String::new();
            for r in 0..n {
                s.push_str(&line[r * n..(r + 1) * n]);
                s.push('\n');
            }
            s.push('\n');
            s
        }
        Layout::GridNumbers => numpl_core::format_grid(&grid, &sym),
    }
}

fn write_set(
    out: &Path,
    path: &str,
    about: &str,
    set: &Set,
    items: &[(Board, Answer)],
) -> Result<(), String> {
    write_files(
        out,
        path,
        about,
        set.layout,
        set.explicit_box.then(|| format!("{}x{}", set.br, set.bc)),
        items,
    )
}

fn write_mixed(
    out: &Path,
    path: &str,
    about: &str,
    items: &[(Board, Answer)],
) -> Result<(), String> {
    write_files(out, path, about, Layout::Line, None, items)
}

fn write_files(
    out: &Path,
    path: &str,
    about: &str,
    layout: Layout,
    shape: Option<String>,
    items: &[(Board, Answer)],
) -> Result<(), String> {
    let mut puzzles = format!("# {about}. Made by `cargo xtask make-fixtures`.\n");
    let mut answers = format!(
        "# {about}: expected answers, checked by xtask's own counter and numpl's fast solver.\n"
    );
    if let Some(s) = &shape {
        answers.push_str(&format!("# box: {s}\n"));
    }
    if HUMAN_SETS.contains(&path) {
        answers.push_str("# human\n");
    }
    let mut body = String::new();
    let mut full_nodes = 0u64;
    for (p, a) in items {
        let (line, nodes) = verify(p, a)?;
        full_nodes = full_nodes.saturating_add(nodes);
        puzzles.push_str(&render(p, layout));
        let _ = writeln!(body, "{line}");
    }
    if full_nodes > FULL_SET_NODES {
        answers.push_str(
            "# skip: full (the seed's full search needs too many nodes here: it hits its budget or takes too long)\n",
        );
    }
    answers.push_str(&body);
    let base = out.join(path);
    if let Some(dir) = base.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let txt = base.with_extension("txt");
    std::fs::write(&txt, puzzles).map_err(|e| format!("{}: {e}", txt.display()))?;
    let ans = base.with_extension("answers");
    std::fs::write(&ans, answers).map_err(|e| format!("{}: {e}", ans.display()))?;
    println!(
        "wrote {} ({} puzzles, full search {} nodes)",
        txt.display(),
        items.len(),
        full_nodes
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_grids_are_valid_for_every_box_shape() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (br, bc) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
        ] {
            for _ in 0..5 {
                assert!(full_grid(br, bc, &mut rng).is_complete_and_valid());
            }
        }
    }

    #[test]
    fn dug_puzzles_stay_unique() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let s = full_grid(2, 3, &mut rng);
        let p = dig(&s, Dig::Minimal, &mut rng);
        assert!(p.cells.iter().filter(|&&v| v == 0).count() > 10);
        assert_eq!(count(&p, u64::MAX), Count::One(s.cells.clone()));
    }
}
