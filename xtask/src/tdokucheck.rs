//! `cargo xtask tdokucheck`: numpl's count of tdoku's backtracks (the dataset's
//! `backtracks` column, [`numpl_solve::backtracks`]) against tdoku itself, puzzle by
//! puzzle:
//!
//! ```text
//! cargo run --release -p xtask -- tdokucheck --driver PATH [--data DIR] [FILE ...]
//! ```
//!
//! - `--driver`: a program around tdoku's `TdokuSolverDpllTriadSimd` that reads one puzzle
//!   a line (a file named as its argument) and prints `guesses(limit 1) guesses(limit 2)
//!   solutions(limit 1) solutions(limit 2)` a line; docs/FORMATS.md ("Data sets",
//!   `backtracks`) gives one and how to build it. tdoku is not part of numpl: nothing
//!   else needs it.
//! - the files: those named, else `17-clue.txt`, `top1465.txt`, `forum-hardest-1106.txt`,
//!   `forum-hardest-1905.txt` and `serg-benchmark.txt` of `--data` (default
//!   `../shared/data`); line puzzles, `#` comments skipped, as the driver skips them;
//! - the table: per file, the puzzles, how many of numpl's counts equal tdoku's at limit 1
//!   and at limit 2 (guesses and solutions both), and numpl's puzzles per second at limit
//!   1, one thread. The first few puzzles that differ are printed; any difference fails the
//!   command.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use numpl_solve::backtracks::backtracks_of;

const SETS: [&str; 5] = [
    "17-clue.txt",
    "top1465.txt",
    "forum-hardest-1106.txt",
    "forum-hardest-1905.txt",
    "serg-benchmark.txt",
];

pub(crate) fn run(a: &crate::TdokucheckArgs) -> Result<(), String> {
    let data = a
        .data
        .clone()
        .unwrap_or_else(crate::workspace::default_data);
    let files: Vec<PathBuf> = if a.files.is_empty() {
        SETS.iter().map(|s| data.join(s)).collect()
    } else {
        a.files.clone()
    };
    println!(
        "{:<28} {:>8} {:>16} {:>16} {:>12}",
        "set", "puzzles", "limit 1 exact", "limit 2 exact", "numpl/s (1)"
    );
    let mut differ = 0usize;
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| {
                let b = l.as_bytes();
                std::array::from_fn(|i| match b[i] {
                    d @ b'1'..=b'9' => d - b'0',
                    _ => 0,
                })
            })
            .collect();
        let out = Command::new(&a.driver)
            .arg(file)
            .output()
            .map_err(|e| format!("{}: {e}", a.driver.display()))?;
        if !out.status.success() {
            return Err(format!(
                "{} failed on {}",
                a.driver.display(),
                file.display()
            ));
        }
        let theirs: Vec<[u64; 4]> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| {
                let n: Vec<u64> = l
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect();
                <[u64; 4]>::try_from(n).map_err(|_| format!("the driver printed {l:?}"))
            })
            .collect::<Result<_, _>>()?;
        if theirs.len() != puzzles.len() {
            return Err(format!(
                "{}: {} puzzles, the driver printed {} lines",
                file.display(),
                puzzles.len(),
                theirs.len()
            ));
        }
        let start = Instant::now();
        let one: Vec<_> = puzzles.iter().map(|p| backtracks_of(p, 1)).collect();
        let secs = start.elapsed().as_secs_f64();
        let two: Vec<_> = puzzles.iter().map(|p| backtracks_of(p, 2)).collect();
        let (mut same1, mut same2) = (0usize, 0usize);
        for (i, t) in theirs.iter().enumerate() {
            let ok1 = [one[i].guesses, one[i].solutions as u64] == [t[0], t[2]];
            let ok2 = [two[i].guesses, two[i].solutions as u64] == [t[1], t[3]];
            same1 += usize::from(ok1);
            same2 += usize::from(ok2);
            if !(ok1 && ok2) {
                differ += 1;
                if differ <= 5 {
                    let line: String = puzzles[i]
                        .iter()
                        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                        .collect();
                    println!(
                        "  differs: {line}: tdoku {t:?}, numpl [{}, {}, {}, {}]",
                        one[i].guesses, two[i].guesses, one[i].solutions, two[i].solutions
                    );
                }
            }
        }
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        println!(
            "{:<28} {:>8} {:>16} {:>16} {:>12.0}",
            name,
            puzzles.len(),
            same1,
            same2,
            puzzles.len() as f64 / secs.max(1e-9)
        );
    }
    if differ > 0 {
        return Err(format!("{differ} puzzles differ from tdoku"));
    }
    Ok(())
}
