//! Classic pictures (no variant) stay byte for byte what they were before variant puzzles
//! were drawn: each is compared with its file in `tests/golden/`, written by the code of
//! commit 6d6d8ea (`NUMPL_GOLDEN=write` writes them anew). A classic PDF sheet is compared
//! by its FNV-1a hash.

use numpl_core::{parse_one, ParseOptions};
use numpl_render::{
    puzzle_svg, sheet_pdf, solution_svg, step_svg, SheetOptions, SheetPuzzle, SvgOptions,
};
use numpl_solve::{solve, Algorithm, Board, HumanSolver, SolveOptions};

const PUZZLE: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
const SIX: &str = "1.....2.....3.....4.....5.....6.....";

fn golden(name: &str, svg: &str) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var("NUMPL_GOLDEN").as_deref() == Ok("write") {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert!(want == svg, "{name} differs from {path}");
}

#[test]
fn classic_pictures_are_unchanged() {
    let opts = ParseOptions::default();
    let g = &parse_one(PUZZLE, &opts).unwrap();
    golden("puzzle.svg", &puzzle_svg(g, None, &SvgOptions::new()));
    golden(
        "candidates-labels.svg",
        &puzzle_svg(g, Some(&g.candidates()), &SvgOptions::new().labels(true)),
    );
    let sol = solve(g, Algorithm::Fast, &SolveOptions::default())
        .solution
        .unwrap();
    golden("solution.svg", &solution_svg(g, &sol, &SvgOptions::new()));
    let board = Board::new(g);
    let step = HumanSolver::new().next_step(&board).unwrap();
    golden(
        "step.svg",
        &step_svg(g, &board, &step, "Step 1: a caption", &SvgOptions::new()),
    );
    let six = parse_one(SIX, &opts).unwrap();
    golden(
        "six.svg",
        &puzzle_svg(&six, None, &SvgOptions::new().labels(true)),
    );
}

/// FNV-1a, 64 bits, in hex.
fn fnv(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}\n")
}

#[test]
fn classic_sheets_are_unchanged() {
    let g = parse_one(PUZZLE, &ParseOptions::default()).unwrap();
    let sol = solve(&g, Algorithm::Fast, &SolveOptions::default())
        .solution
        .unwrap();
    let puzzles: Vec<SheetPuzzle> = (1..=3)
        .map(|k| SheetPuzzle::new(k, g.clone()).with_solution(sol.clone()))
        .collect();
    let pdf = sheet_pdf(&puzzles, &SheetOptions::new().solutions(true)).unwrap();
    golden("sheet.pdf.fnv", &fnv(&pdf));
}
