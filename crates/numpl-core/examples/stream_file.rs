//! Reads puzzles with `PuzzleReader` and prints each one: its line, the format it was read
//! in, its givens, and the puzzle as one line and in the grid layout. Bad puzzles are
//! reported with their line and reading goes on.
//!
//! ```sh
//! cargo run -p numpl-core --example stream_file -- fixtures/seed/sample.txt
//! cargo run -p numpl-core --example stream_file -- - < fixtures/9x9/easy.txt
//! cargo run -p numpl-core --example stream_file        # an embedded sample
//! ```

use std::fs::File;
use std::io::{self, BufRead, BufReader};

use numpl_core::{
    format_grid, format_line, format_position_line, ParseOptions, PuzzleReader, Symbols,
};

/// Used when no path is given: a line puzzle, a bad line, and a 4x4 grid.
const SAMPLE: &str = "\
# Two puzzles and a bad line between them.
.2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.
.2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....?.
4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
";

fn main() -> io::Result<()> {
    let input: Box<dyn BufRead> = match std::env::args().nth(1).as_deref() {
        None => Box::new(SAMPLE.as_bytes()),
        Some("-") => Box::new(io::stdin().lock()),
        Some(path) => Box::new(BufReader::new(File::open(path)?)),
    };
    let symbols = Symbols::standard();
    let (mut good, mut bad) = (0, 0);
    for result in PuzzleReader::new(input, ParseOptions::new()) {
        match result {
            Ok(p) => {
                good += 1;
                println!(
                    "line {}: {:?} {}, {} x {}, {} givens",
                    p.line,
                    p.format,
                    if p.is_position() {
                        "position (pencil marks)"
                    } else {
                        "puzzle"
                    },
                    p.grid().size(),
                    p.grid().size(),
                    p.grid().filled()
                );
                match &p.marks() {
                    // A position: its line of N*N*N symbols, each cell's N places.
                    Some(marks) => println!("{}", format_position_line(p.grid(), marks, &symbols)),
                    None => println!("{}", format_line(p.grid(), &symbols)),
                }
                print!("{}", format_grid(p.grid(), &symbols));
            }
            Err(e) => {
                bad += 1;
                eprintln!("skipped: {e}");
            }
        }
    }
    println!("{good} puzzles read, {bad} skipped");
    Ok(())
}
