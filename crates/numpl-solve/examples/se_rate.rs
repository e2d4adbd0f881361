//! Rates puzzles (one per line on stdin) on Sudoku Explainer's scale: `ER/EP/ED`.
use std::io::BufRead;

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let mut cells = [0u8; 81];
        for (i, ch) in line.bytes().take(81).enumerate() {
            cells[i] = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        match numpl_solve::se::rate(&cells) {
            Ok(r) => println!(
                "{}/{}/{}\t{}",
                numpl_solve::se::format_tenths(r.er),
                numpl_solve::se::format_tenths(r.ep),
                numpl_solve::se::format_tenths(r.ed),
                r.er_technique
            ),
            Err(e) => println!("{e:?}"),
        }
    }
}
