//! Rates a puzzle with the human-technique solver (level, score, techniques used) and
//! explains every step of its solution.
//!
//! ```sh
//! cargo run -p numpl-solve --example rate_and_explain
//! cargo run -p numpl-solve --example rate_and_explain -- '.2.....7.9..1.2..8....'  # any puzzle
//! ```

use numpl_core::{parse_one, ParseOptions};
use numpl_solve::{count_solutions, HumanSolver, HumanStatus};

/// A puzzle that needs more than singles.
const SAMPLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn main() {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| SAMPLE.to_string());
    let puzzle = match parse_one(&text, &ParseOptions::new()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("rate_and_explain: {e}");
            std::process::exit(2);
        }
    };
    // Uniqueness techniques are sound only for a puzzle with exactly one solution.
    let unique = count_solutions(&puzzle, 2) == 1;
    let report = HumanSolver::new().assume_unique(unique).solve(&puzzle);
    let shape = puzzle.shape();
    for (i, step) in report.steps.iter().enumerate() {
        println!("{:>3}. {}", i + 1, step.describe(shape));
    }
    match report.status {
        HumanStatus::Solved => println!("solved"),
        HumanStatus::Stuck => println!("stuck: no technique applies"),
        HumanStatus::Contradiction => println!("no solution"),
        // Only with `level_only`, which this example does not ask for.
        HumanStatus::Rated => println!("stopped once the level was certain"),
        other => println!("{other:?}"),
    }
    println!("level {}, score {}", report.level, report.score);
    for (technique, count) in &report.counts {
        println!("  {:<28} {count}", technique.title());
    }
}
