//! `cargo xtask sebench`: Sudoku Explainer's rating, numpl's port against serate itself, on
//! the same puzzles, one core each:
//!
//! ```text
//! cargo run --release -p xtask -- sebench [--file PATH] [--every K] [--max N]
//!                                         [--serate PATH|none]
//! ```
//!
//! - the puzzles: every `--every`-th (default 1) line puzzle of `--file` (default
//!   `top1465.txt` of `../shared/data`), at most `--max` (default 20);
//! - numpl: each rated in-process on the main thread ([`numpl_solve::se::rate`]), timed by
//!   the thread's CPU clock; the whole list `--runs` times over (default 3) after
//!   `--warmup` runs not counted (default 1; the first run after an idle spell was 6-10%
//!   slower than the next ones on this machine, whatever the binary), numpl's time
//!   the median run's and each puzzle's (in the bands below) the median of its runs (the
//!   machine is shared: a run a few seconds long can meet a busy moment that serate's
//!   minutes average out), each run's total printed, and the ratings checked to be the
//!   same every run;
//! - serate (`--serate`, default `../shared/tools/serate/serate`; `none` skips it): the
//!   same file, run once pinned to one core (`taskset -c 0`: serate's chains otherwise
//!   run on several threads), timed by serate's own per-puzzle clock (`%e`, so the JVM's
//!   start is left out) and by the wall clock of the whole run;
//! - the table: puzzles, seconds each side, puzzles per second, the speed-up, and how many
//!   ratings agree (ER/EP/ED all equal; a puzzle numpl leaves unrated, serate's 20.0 or one
//!   with several solutions, is counted apart and left out of the times); then the same
//!   by ER's whole part (numpl's ER), to see where the speed-up is made or lost (serate's
//!   first puzzles also carry the JVM's compilation: its clock starts warm only later).
//!   The bands take numpl's wall clock a puzzle: the thread's CPU clock
//!   (`/proc/thread-self/schedstat`) moves at scheduler events, right over many puzzles
//!   but not for one of a tenth of a millisecond.

use std::process::Command;
use std::time::Instant;

use crate::timing::thread_cpu;

pub(crate) fn run(a: &crate::SebenchArgs) -> Result<(), String> {
    let file = a
        .file
        .clone()
        .unwrap_or_else(|| crate::workspace::default_data().join("top1465.txt"));
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let puzzles: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| l[..81].to_string())
        .step_by(a.every.max(1))
        .take(a.max)
        .collect();
    println!("sebench: {} puzzles of {}", puzzles.len(), file.display());
    let runs = a.runs.max(1);
    let mut ours: Vec<Option<String>> = Vec::new();
    let mut ers = Vec::new();
    // Each puzzle's wall seconds, run by run.
    let mut wall_runs = vec![Vec::with_capacity(runs); puzzles.len()];
    let mut run_totals = Vec::new();
    for run in 0..a.warmup + runs {
        let mut total = 0.0;
        for (i, p) in puzzles.iter().enumerate() {
            let mut cells = [0u8; 81];
            for (j, b) in p.bytes().enumerate() {
                cells[j] = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            let wall = Instant::now();
            let cpu = thread_cpu();
            let r = numpl_solve::se::rate(&cells);
            let secs = match (cpu, thread_cpu()) {
                (Some(a), Some(b)) => b - a,
                _ => wall.elapsed().as_secs_f64(),
            };
            let elapsed = wall.elapsed().as_secs_f64();
            let rating = r.as_ref().ok().map(|r| {
                format!(
                    "{}/{}/{}",
                    numpl_solve::se::format_tenths(r.er),
                    numpl_solve::se::format_tenths(r.ep),
                    numpl_solve::se::format_tenths(r.ed)
                )
            });
            if run == 0 {
                ers.push(r.as_ref().map_or(0, |r| r.er));
                ours.push(rating);
            } else if ours[i] != rating {
                return Err(format!(
                    "puzzle {}: rated {:?}, then {rating:?}",
                    i + 1,
                    ours[i]
                ));
            }
            if run < a.warmup {
                continue;
            }
            wall_runs[i].push(elapsed);
            if ours[i].is_some() {
                total += secs;
            }
        }
        if run >= a.warmup {
            run_totals.push(total);
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let numpl_wall: Vec<f64> = wall_runs.iter_mut().map(median).collect();
    let rated: Vec<usize> = (0..puzzles.len()).filter(|&i| ours[i].is_some()).collect();
    // (The median run's total: the sum of each puzzle's median would be a little less.)
    let numpl_total = median(&mut run_totals.clone());
    if runs > 1 {
        let each: Vec<String> = run_totals.iter().map(|t| format!("{t:.3}")).collect();
        println!("numpl runs: {} s CPU (the median below)", each.join(", "));
    }
    println!(
        "numpl:  {} rated, {} not; {:.3} s CPU, {:.1} ms a puzzle, {:.1} puzzles/s",
        rated.len(),
        puzzles.len() - rated.len(),
        numpl_total,
        1000.0 * numpl_total / rated.len().max(1) as f64,
        rated.len() as f64 / numpl_total.max(1e-9)
    );
    let serate = match &a.serate {
        Some(s) if s == "none" => return Ok(()),
        Some(s) => std::path::PathBuf::from(s),
        None => crate::workspace::root().join("../shared/tools/serate/serate"),
    };
    let dir = crate::workspace::scratch("sebench");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let input = dir.join("puzzles.txt");
    std::fs::write(&input, puzzles.join("\n") + "\n").map_err(|e| e.to_string())?;
    let wall = Instant::now();
    let out = Command::new("taskset")
        .arg("-c")
        .arg("0")
        .arg(&serate)
        .arg("--format=%r/%p/%d %e")
        .arg(format!("--input={}", input.display()))
        .output()
        .map_err(|e| format!("{}: {e}", serate.display()))?;
    let wall = wall.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(format!(
            "serate failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    let mut serate_total = 0.0;
    let mut agree = 0;
    // By ER's whole part: puzzles, numpl's seconds, serate's.
    let mut bands: std::collections::BTreeMap<u32, (usize, f64, f64)> = Default::default();
    for &i in &rated {
        let line = lines.get(i).map(String::as_str).unwrap_or("");
        let (rating, time) = line.split_once(' ').unwrap_or((line, ""));
        let secs = parse_elapsed(time);
        serate_total += secs;
        let band = bands.entry(ers[i] / 10).or_default();
        band.0 += 1;
        band.1 += numpl_wall[i];
        band.2 += secs;
        if ours[i].as_deref() == Some(rating) {
            agree += 1;
        }
    }
    println!(
        "serate: {:.3} s (its own clock, the puzzles numpl rated), {:.1} ms a puzzle; {:.1} s wall for all {} with the JVM's start",
        serate_total,
        1000.0 * serate_total / rated.len().max(1) as f64,
        wall,
        puzzles.len()
    );
    println!(
        "speed-up: {:.0}x; agreement: {agree} of {} rated puzzles",
        serate_total / numpl_total.max(1e-9),
        rated.len()
    );
    println!("by ER | puzzles | numpl ms a puzzle (wall) | serate ms a puzzle | speed-up");
    for (er, (k, ours, theirs)) in bands {
        println!(
            "{er}.x | {k} | {:.2} | {:.1} | {:.0}x",
            1000.0 * ours / k as f64,
            1000.0 * theirs / k as f64,
            theirs / ours.max(1e-9)
        );
    }
    Ok(())
}

/// serate's `%e`: `12.34s`, `1m05s` or `1h02m`.
fn parse_elapsed(s: &str) -> f64 {
    let s = s.trim();
    if let Some((h, m)) = s.split_once('h') {
        return h.parse::<f64>().unwrap_or(0.0) * 3600.0
            + m.trim_end_matches('m').parse::<f64>().unwrap_or(0.0) * 60.0;
    }
    if let Some((m, sec)) = s.split_once('m') {
        return m.parse::<f64>().unwrap_or(0.0) * 60.0
            + sec.trim_end_matches('s').parse::<f64>().unwrap_or(0.0);
    }
    s.trim_end_matches('s').parse().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn elapsed_forms() {
        assert_eq!(super::parse_elapsed("12.34s"), 12.34);
        assert_eq!(super::parse_elapsed("1m05s"), 65.0);
        assert_eq!(super::parse_elapsed("1h02m"), 3720.0);
    }
}
