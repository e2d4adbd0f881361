//! Solves one puzzle with each algorithm and prints the solution and what each search did.
//!
//! ```sh
//! cargo run -p numpl-solve --example solve_one
//! cargo run -p numpl-solve --example solve_one -- '4...3.......6..8....'   # any line puzzle
//! ```

use numpl_core::{format_grid, parse_one, ParseOptions, Symbols};
use numpl_solve::{count_solutions, solve, Algorithm, SolveOptions, Status};

/// The seed's sample puzzle.
const SAMPLE: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";

fn main() {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| SAMPLE.to_string());
    let puzzle = match parse_one(&text, &ParseOptions::new()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("solve_one: {e}");
            std::process::exit(2);
        }
    };
    let symbols = Symbols::standard();
    print!("{}", format_grid(&puzzle, &symbols));
    println!("solutions (up to 2): {}", count_solutions(&puzzle, 2));
    for algo in Algorithm::ALL {
        // Stop at the first solution; tell the full search to give up after 10 million nodes.
        let opts = SolveOptions::new().limit(1).budget(Some(10_000_000));
        let out = solve(&puzzle, algo, &opts);
        println!(
            "{algo:>5}: {:<10} nodes {:>8}  guesses {:>6}",
            out.status.name(),
            out.nodes,
            out.guesses
        );
        if algo == Algorithm::Fast && out.status == Status::Solved {
            if let Some(solution) = &out.solution {
                print!("\n{}", format_grid(solution, &symbols));
            }
        }
    }
}
