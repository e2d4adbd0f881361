//! `cargo xtask batch-bench [--data DIR] [--rounds N] [--million N] [--threads 1,2]`:
//! how fast and how lean `numpl solve` is on big files, end to end (the binary, as users run it).
//!
//! - Builds the binary as it ships through `$CARGO build --profile dist -p numpl-cli`.
//! - For `forum-hardest-1905.txt` and `17-clue.txt` in `--data` (default `../shared/data`
//!   beside the repository): `numpl solve --threads T -q FILE > /dev/null` for each thread
//!   count, `--rounds` times (default 3), best wall time; puzzles/s, the speed-up over the
//!   first thread count, and peak RSS (from `/usr/bin/time -v`, when it exists).
//! - A file of `--million` puzzles (default 1,000,000) made in `<target>/xtask/batch-bench/`
//!   by repeating the first puzzle of 17-clue.txt (removed afterwards): the same figures,
//!   once per thread count.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::timing::{per_sec, timed};
use crate::workspace;

/// One run: wall seconds and peak RSS in kB (when /usr/bin/time exists).
fn run_once(numpl: &Path, file: &Path, threads: usize) -> Result<(f64, Option<u64>), String> {
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.exists() {
        let mut c = Command::new(time);
        c.arg("-v").arg(numpl);
        c
    } else {
        Command::new(numpl)
    };
    cmd.args(["solve", "-q", "--progress", "never", "--threads"])
        .arg(threads.to_string())
        .arg(file);
    let (secs, out) = timed(&mut cmd).map_err(|e| format!("batch-bench: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Exit status 1 (some puzzle not solved) is a normal outcome here; 2 is not.
    if out.status.code() == Some(2) {
        return Err(format!("numpl failed on {}: {stderr}", file.display()));
    }
    let rss = stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))
        .and_then(|v| v.trim().parse().ok());
    Ok((secs, rss))
}

/// The puzzles of a line file (lines neither blank nor `#` comments).
pub(crate) fn puzzles_in(file: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count())
}

pub(crate) fn run(a: &crate::BatchBenchArgs) -> Result<(), String> {
    let data = a.data.clone().unwrap_or_else(workspace::default_data);
    let numpl = workspace::build_numpl("batch-bench")?;
    let mut files: Vec<(String, PathBuf, usize)> = Vec::new();
    for name in ["forum-hardest-1905.txt", "17-clue.txt"] {
        let p = data.join(name);
        files.push((name.to_string(), p.clone(), a.rounds));
    }
    // The million-puzzle file: the first puzzle of 17-clue.txt, repeated.
    let clue = std::fs::read_to_string(data.join("17-clue.txt"))
        .map_err(|e| format!("{}: {e}", data.join("17-clue.txt").display()))?;
    let first = clue
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .ok_or("17-clue.txt holds no puzzle")?;
    let scratch = workspace::scratch("batch-bench");
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let big = scratch.join(format!("numpl-batch-{}.txt", a.million));
    std::fs::write(&big, format!("{first}\n").repeat(a.million))
        .map_err(|e| format!("{}: {e}", big.display()))?;
    files.push((format!("{} x {first}", a.million), big.clone(), 1));

    println!(
        "{:<28}  {:>7}  {:>9}  {:>8}  {:>10}  {:>7}  {:>8}",
        "file", "threads", "puzzles", "seconds", "puzzles/s", "speedup", "peak RSS"
    );
    for (name, path, rounds) in &files {
        let n = puzzles_in(path)?;
        let mut base = None;
        for &t in &a.threads {
            let mut best = f64::INFINITY;
            let mut rss = None;
            for _ in 0..*rounds {
                let (s, r) = run_once(&numpl, path, t)?;
                best = best.min(s);
                rss = rss.max(r);
            }
            let r = per_sec(n as u64, best);
            let base_rate = *base.get_or_insert(r);
            let speedup = if base_rate > 0.0 { r / base_rate } else { 0.0 };
            let rss = rss.map_or("-".to_string(), |k| format!("{:.1} MB", k as f64 / 1024.0));
            let short: String = name.chars().take(28).collect();
            println!(
                "{short:<28}  {t:>7}  {n:>9}  {best:>8.2}  {r:>10.0}  {speedup:>6.2}x  {rss:>8}"
            );
        }
    }
    let _ = std::fs::remove_file(&big);
    Ok(())
}
