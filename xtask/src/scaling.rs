//! `cargo xtask scaling [--data DIR] [--threads 1,2,4,...] [--rounds N] [--repeat K]
//! [--numpl PATH]`: how `numpl solve` scales with threads, and what limits it.
//!
//! - The binary as it ships (`$CARGO build --profile dist -p numpl-cli`), or `--numpl`.
//! - Files: `17-clue.txt` repeated `--repeat` times (default 8, as the many-core measurement
//!   in the issue tracker was made: 393,296 quick puzzles) and `forum-hardest-1905.txt`
//!   (48,766 hard ones), from `--data` (default `../shared/data`); the repeated file is
//!   written to `<target>/xtask/scaling/` and removed afterwards.
//! - For each thread count (default: 1, 2, 4, ... up to the cores this machine has, and
//!   the count itself): `numpl solve -v --progress never --threads T FILE > /dev/null`,
//!   `--rounds` times (default 3), the best wall time: puzzles/s, the speed-up over one
//!   thread and the efficiency (speed-up / threads).
//! - The limits, from the `stages:` line (the CPU time of the reader thread, the workers
//!   and the writer thread; `-v` logs it) of the first run with several workers (with one,
//!   the reader parses line and CSV puzzles itself, beside the worker), else of the first:
//!   - *pipeline bound*: the reader and the writer are one thread each, so no thread count
//!     can go faster than workers' CPU / max(reader, writer) times one worker;
//!   - *the prediction*: with N workers on N cores the reader and the writer take their
//!     share `p = (reader + writer) / workers` of the cores too, and what else serialises
//!     (locks, the allocator, memory) is Amdahl's fraction `f`:
//!     `S(N) = N / ((1 + p) (1 + f (N - 1)))`. `f` is what the measured speed-up at two
//!     threads leaves unexplained: `f = 2 / (S(2) (1 + p)) - 1` (0 at least). On a machine
//!     with two cores the two-thread run has four busy threads, which `p` accounts for; its
//!     figure is noisy there (one run of a 0.3 s file), so run it more than once. The
//!     prediction for 16 threads is capped by the pipeline bound.
//!
//! On a machine with fewer cores than threads the figures above the core count only show
//! the cost of oversubscription. Compare ratios measured in one run.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::batch_bench::puzzles_in;
use crate::timing::{per_sec, timed};
use crate::workspace;

/// One run's figures.
struct Run {
    secs: f64,
    /// CPU seconds of the reader, the workers and the writer (from the `stages:` line).
    stages: Option<(f64, f64, f64)>,
}

fn run_once(numpl: &Path, file: &Path, threads: usize) -> Result<Run, String> {
    let mut cmd = Command::new(numpl);
    cmd.args(["solve", "-v", "--progress", "never", "--threads"])
        .arg(threads.to_string())
        .arg(file);
    let (secs, out) = timed(&mut cmd).map_err(|e| format!("scaling: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() == Some(2) {
        return Err(format!("numpl failed on {}: {stderr}", file.display()));
    }
    Ok(Run {
        secs,
        stages: stderr.lines().find_map(stages_of),
    })
}

/// The reader's, the workers' and the writer's CPU seconds in a `stages:` log line.
fn stages_of(line: &str) -> Option<(f64, f64, f64)> {
    let rest = &line[line.find("stages: ")? + "stages: ".len()..];
    let value = |name: &str| -> Option<f64> {
        let at = rest.find(name)? + name.len();
        rest[at..].split_whitespace().next()?.parse().ok()
    };
    Some((value("reader ")?, value("workers ")?, value("writer ")?))
}

/// 1, 2, 4, ... up to `cores`, and `cores` itself.
fn default_threads(cores: usize) -> Vec<usize> {
    let mut t: Vec<usize> = std::iter::successors(Some(1usize), |&n| Some(n * 2))
        .take_while(|&n| n <= cores)
        .collect();
    if t.last() != Some(&cores) {
        t.push(cores);
    }
    t
}

/// The serial fraction the speed-up at two threads leaves unexplained once the reader's
/// and writer's share `p` of the cores is counted, within 0..=1.
fn serial_fraction(speedup2: f64, p: f64) -> f64 {
    (2.0 / (speedup2 * (1.0 + p)) - 1.0).clamp(0.0, 1.0)
}

/// The predicted speed-up at `n` threads on `n` cores.
fn predicted(n: f64, p: f64, f: f64) -> f64 {
    n / ((1.0 + p) * (1.0 + f * (n - 1.0)))
}

pub(crate) fn run(a: &crate::ScalingArgs) -> Result<(), String> {
    let data = a.data.clone().unwrap_or_else(workspace::default_data);
    let numpl = match &a.numpl {
        Some(p) => p.clone(),
        None => workspace::build_numpl("scaling")?,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = a.threads.clone().unwrap_or_else(|| default_threads(cores));
    let clue = data.join("17-clue.txt");
    let text = std::fs::read_to_string(&clue).map_err(|e| format!("{}: {e}", clue.display()))?;
    let scratch = workspace::scratch("scaling");
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let repeated = scratch.join(format!("17-clue-x{}.txt", a.repeat));
    std::fs::write(&repeated, text.repeat(a.repeat))
        .map_err(|e| format!("{}: {e}", repeated.display()))?;
    let files: Vec<(String, PathBuf)> = vec![
        (format!("17-clue.txt x{}", a.repeat), repeated.clone()),
        (
            "forum-hardest-1905.txt".to_string(),
            data.join("forum-hardest-1905.txt"),
        ),
    ];
    println!(
        "`{} solve --threads T FILE`, best of {} rounds; this machine: {cores} core(s)",
        numpl.display(),
        a.rounds
    );
    let result = (|| -> Result<(), String> {
        for (name, path) in &files {
            let n = puzzles_in(path)?;
            println!();
            println!("{name}: {n} puzzles");
            println!(
                "{:>7}  {:>8}  {:>10}  {:>8}  {:>10}",
                "threads", "seconds", "puzzles/s", "speed-up", "efficiency"
            );
            let mut one: Option<Run> = None;
            let mut two = None;
            // The stages of the first run with several workers (at one thread the reader
            // parses the puzzles itself, which it does not with more), else of the first.
            let mut stages: Option<(usize, (f64, f64, f64))> = None;
            for &t in &threads {
                let mut best: Option<Run> = None;
                for _ in 0..a.rounds {
                    let r = run_once(&numpl, path, t)?;
                    if best.as_ref().is_none_or(|b| r.secs < b.secs) {
                        best = Some(r);
                    }
                }
                let best = best.expect("at least one round");
                let base = one.as_ref().map_or(best.secs, |o| o.secs);
                let speedup = base / best.secs;
                println!(
                    "{t:>7}  {:>8.3}  {:>10.0}  {:>7.2}x  {:>9.0}%",
                    best.secs,
                    per_sec(n as u64, best.secs),
                    speedup,
                    speedup / t as f64 * 100.0
                );
                if t == 2 {
                    two = Some(speedup);
                }
                if let Some(st) = best.stages {
                    if stages.is_none_or(|(at, _)| at == 1 && t > 1) {
                        stages = Some((t, st));
                    }
                }
                if t == 1 {
                    one = Some(best);
                }
            }
            let share = stages.map_or(0.0, |(_, (r, k, w))| (r + w) / k.max(1e-9));
            let bound = stages.map(|(t, (r, k, w))| {
                println!(
                    "stages at {t} thread(s) (CPU s): reader {r:.3}, workers {k:.3}, writer {w:.3}: \
                     reader {:.1}% and writer {:.1}% of the workers' time",
                    r / k * 100.0,
                    w / k * 100.0
                );
                k / r.max(w).max(1e-9)
            });
            if let Some(b) = bound {
                println!("pipeline bound: at most {b:.1}x one worker, whatever the thread count");
            }
            if let Some(s2) = two {
                let f = serial_fraction(s2, share);
                let p16 = predicted(16.0, share, f).min(bound.unwrap_or(f64::INFINITY));
                println!(
                    "reader and writer: {:.1}% of the cores; serial fraction left from 2 threads: \
                     {:.1}%; predicted 16-thread speed-up {p16:.1}x{}",
                    share * 100.0,
                    f * 100.0,
                    if cores < 2 {
                        " (this machine has one core: not meaningful)"
                    } else {
                        ""
                    }
                );
            }
        }
        Ok(())
    })();
    let _ = std::fs::remove_file(&repeated);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_stages_line() {
        let line = " INFO stages: reader 0.041 s, workers 0.612 s, writer 0.038 s of CPU; \
                    1 worker(s), 0.700 s";
        assert_eq!(stages_of(line), Some((0.041, 0.612, 0.038)));
        assert_eq!(stages_of("numpl: 3 puzzles"), None);
    }

    #[test]
    fn thread_counts_and_amdahl() {
        assert_eq!(default_threads(1), vec![1]);
        assert_eq!(default_threads(2), vec![1, 2]);
        assert_eq!(default_threads(6), vec![1, 2, 4, 6]);
        assert_eq!(default_threads(16), vec![1, 2, 4, 8, 16]);
        assert!((serial_fraction(2.0, 0.0) - 0.0).abs() < 1e-12);
        assert!((serial_fraction(1.0, 0.0) - 1.0).abs() < 1e-12);
        // 5% serial, no pipeline share: Amdahl's 9.14x at 16 threads.
        assert!((predicted(16.0, 0.0, 0.05) - 9.142857).abs() < 1e-5);
        // A pipeline share of 10% alone: 16 / 1.1.
        assert!((predicted(16.0, 0.1, 0.0) - 14.545454).abs() < 1e-5);
        // The fraction read back from a two-thread speed-up the model made.
        let s2 = predicted(2.0, 0.1, 0.03);
        assert!((serial_fraction(s2, 0.1) - 0.03).abs() < 1e-12);
    }
}
