//! Classic pictures (no variant) stay byte for byte what they were before variant puzzles
//! were drawn: each is compared with its file in `tests/golden/`, written by the code of
//! commit 6d6d8ea (`NUMPL_GOLDEN=write` writes them anew).

use numpl_core::{parse_one, ParseOptions};
use numpl_render::{puzzle_svg, solution_svg, step_svg, SvgOptions};
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
