//! tdoku's backtrack count of every puzzle of a file (or stdin), one line each:
//! `guesses(limit 1) guesses(limit 2) solutions(limit 1) solutions(limit 2)`, the form a
//! small driver around tdoku's `TdokuSolverDpllTriadSimd` prints, so the two outputs compare
//! with `cmp` (docs/FORMATS.md, "backtracks").
//!
//! With `--limit N` first, one count a line instead: `guesses solutions` at that limit.
//!
//! ```text
//! cargo run --release -p numpl-solve --example backtracks -- puzzles.txt
//! cargo run --release -p numpl-solve --example backtracks -- --limit 1 puzzles.txt
//! ```

use std::io::{BufRead, BufReader, Write};

use numpl_solve::backtracks::backtracks_of;

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let limit = match args.first().map(String::as_str) {
        Some("--limit") => {
            let n: usize = args.get(1).and_then(|n| n.parse().ok()).expect("--limit N");
            args.drain(..2);
            Some(n)
        }
        _ => None,
    };
    let input: Box<dyn BufRead> = match args.first() {
        Some(path) => Box::new(BufReader::new(std::fs::File::open(path)?)),
        None => Box::new(std::io::stdin().lock()),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in input.lines() {
        let line = line?;
        let bytes = line.trim_end().as_bytes();
        if bytes.len() < 81 || bytes[0] == b'#' {
            continue;
        }
        let digits: [u8; 81] = std::array::from_fn(|i| match bytes[i] {
            b @ b'1'..=b'9' => b - b'0',
            _ => 0,
        });
        if let Some(limit) = limit {
            let b = backtracks_of(&digits, limit);
            writeln!(out, "{} {}", b.guesses, b.solutions)?;
            continue;
        }
        let (one, two) = (backtracks_of(&digits, 1), backtracks_of(&digits, 2));
        writeln!(
            out,
            "{} {} {} {}",
            one.guesses, two.guesses, one.solutions, two.solutions
        )?;
    }
    Ok(())
}
