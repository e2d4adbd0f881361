//! Tests of the human solver on constructed candidate positions, with the eliminations
//! worked out by hand. Positions start from an empty grid (every candidate everywhere,
//! where no pattern exists) and remove candidates until exactly the pattern is left.
//!
//! - `mod.rs`: the helpers that build positions and read steps;
//! - `basics.rs`: singles, locked candidates, subsets, basic fish, names and levels;
//! - `patterns.rs`: wings, single-digit patterns, colors, uniqueness, Sue de Coq;
//! - `loops.rs`: X- and XY-chains, nice loops and AICs;
//! - `als_forcing.rs`: the ALS techniques, forcing chains and nets;
//! - `solver.rs`: the solver as a whole (memo, brute force, timings, other shapes).

mod als_forcing;
mod basics;
mod loops;
mod patterns;
mod solver;

use numpl_core::{parse_one, Cell, Grid, Mask, ParseOptions, Shape};

use super::memo::Memo;
use super::step::{ForcingKind, Variant};
use super::techniques::fish::basic as fish;
use super::techniques::{als, als_chain, chains, forcing, sdc, singles, subsets, uniq, wings};
use super::*;

fn empty9() -> Board {
    Board::new(&Grid::empty(Shape::NINE))
}

/// `r1c1` -> cell index (1-based row and column) on a 9x9 grid.
pub(super) fn rc(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

/// Sets the candidates of cell (r, c) to exactly `vals`.
fn set(b: &mut Board, r: usize, c: usize, vals: &[u8]) {
    let i = rc(r, c);
    for v in 1..=b.n as u8 {
        if !vals.contains(&v) {
            b.eliminate(Cell::new(i as u16), v);
        }
    }
}

/// Removes `v` from row `r` except in the given columns.
fn row_only(b: &mut Board, r: usize, v: u8, cols: &[usize]) {
    for c in 1..=9 {
        if !cols.contains(&c) {
            b.eliminate(Cell::new(rc(r, c) as u16), v);
        }
    }
}

pub(super) fn elims(step: &Step) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = step
        .eliminations
        .iter()
        .map(|&(c, v)| (c.index(), v))
        .collect();
    e.sort_unstable();
    e
}

fn expect(mut cells: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
    cells.sort_unstable();
    cells.dedup();
    cells
}

fn grid(s: &str) -> Grid {
    parse_one(s, &ParseOptions::default()).unwrap()
}

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The boards met solving `puzzle` (brute force from its solution where logic stalls), each
/// taken just before a step beyond singles.
/// Six hard puzzles of top1465 whose solves take ALS steps and rectangles, among others.
pub(super) const HARD_SIX: [&str; 6] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "...46..8.7.....9.....1.....4....53...8.6......2.......3.9.7...........215........",
    "7..4......5....3........1..368..........2..5....7........5...7213...8...6........",
    "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
    "9.....7.1.2.4...........5..7.1..5....8.....3.............82..4.1.9.........39....",
];

pub(super) fn positions(puzzle: &str) -> Vec<Board> {
    let grid = grid(puzzle);
    let solution = crate::fast::search(&grid, 2, u64::MAX).first.unwrap();
    let report = HumanSolver::new().with_solution(solution).solve(&grid);
    let mut b = Board::new(&grid);
    let mut out = Vec::new();
    for step in &report.steps {
        if !matches!(
            step.technique,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        ) {
            out.push(b.clone());
        }
        b.apply(step);
    }
    out
}

/// Removes `v` from column `c` except in the given rows.
fn col_only(b: &mut Board, c: usize, v: u8, rows: &[usize]) {
    for r in 1..=9 {
        if !rows.contains(&r) {
            b.eliminate(Cell::new(rc(r, c) as u16), v);
        }
    }
}

fn cells_v(cells: &[(usize, usize)], v: u8) -> Vec<(usize, u8)> {
    expect(cells.iter().map(|&(r, c)| (rc(r, c), v)).collect())
}

/// The floor r1c1, r1c4 {1,2} of a rectangle in boxes 1 and 2, and its roof r2c1, r2c4.
fn ur_board(roof1: &[u8], roof2: &[u8]) -> Board {
    let mut b = empty9();
    set(&mut b, 1, 1, &[1, 2]);
    set(&mut b, 1, 4, &[1, 2]);
    set(&mut b, 2, 1, roof1);
    set(&mut b, 2, 4, roof2);
    b
}

const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn solution_of_grid(p: &Grid) -> Grid {
    let r = crate::fast::search(p, 2, u64::MAX);
    assert_eq!(r.count, 1);
    r.first.unwrap()
}

/// The step the chain search of `kind` finds on `b`, every technique allowed.
fn chain_step(b: &Board, kind: chains::ChainKind) -> Step {
    chains::chain(b, kind, &mut Memo::default(), &|_| true).unwrap()
}
