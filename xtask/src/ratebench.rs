//! `cargo xtask ratebench`: how fast the human solver rates, and where its time goes.
//!
//! Run it as a release build; everything runs in-process on the main thread, so every
//! figure is for one core:
//!
//! ```text
//! cargo run --release -p xtask -- ratebench [--data DIR] [--top N] [--forum-every K]
//!                                           [--gen16 N] [--seed S] [--profile]
//! ```
//!
//! - `top1465.txt` of the data directory (`--data`, default `../shared/data` beside the
//!   workspace), its first `--top`
//!   puzzles (default: all; 0 skips): each rated as `numpl rate` does (the fast solver's count,
//!   then every default technique and brute force last), puzzles/s per wall-clock and per
//!   CPU second, how many end at each level, and per level the puzzles per CPU second and
//!   its share of the CPU time (each puzzle timed on its own); then again as `numpl rate
//!   --level-only` does (stopping once the level is certain), with how many stopped so and
//!   its speed against the whole rating's.
//! - `forum-hardest-1905.txt`, every `--forum-every`-th puzzle (default 200: 244 puzzles;
//!   0 skips): the same, and how many logic alone finished (no brute-force step).
//! - 16x16 generation with every technique (rated, point symmetry, as
//!   `numpl generate --size 16 -n N --seed S -f json`): `--gen16` puzzles (default 10, 0
//!   skips) from seed `--seed` (default 16), median and worst seconds per puzzle, wall
//!   clock and CPU of the thread.
//! - `--profile`: the rating runs again with [`HumanSolver::time_techniques`], and a table
//!   says per technique how often its finder ran, how often it found a step, and the
//!   milliseconds it took (share of the profiled total), largest first.
//!
//! A file that is missing is said so and skipped (the run still exits 0); an unreadable
//! puzzle line is an error.
//!
//! Figures (release, a 2-core machine; docs/DEVELOPMENT.md has the current table):
//! 2026-12-03, top1465 at 203 puzzles per CPU second, 1,060 with `--level-only` (5.2x);
//! the forum sample at 97 against 2,347 (24x). 2026-12-01: 16x16 generation with every
//! technique 0.35 s median, 1.49 s worst; where the finders' time goes (`--profile`, the
//! first 300 of top1465): forcing nets 27%, nice loops 23%, forcing chains 10%, ALS-XZ 10%.

use std::time::Instant;

use numpl_core::{Grid, ParseOptions, PuzzleReader, Shape};

use crate::timing::{per_sec, thread_cpu};
use numpl_gen::{GenOptions, Generator, MaxTechnique, Symmetry};
use numpl_solve::{
    solve, solve_human, Algorithm, HumanSolver, Level, SolveOptions, Status, Technique,
    TechniqueTime,
};

/// The puzzles of `path`, every `every`-th (1: all), at most `max`; None if the file is
/// missing.
fn read(path: &str, every: usize, max: Option<usize>) -> Result<Option<Vec<Grid>>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{path}: {e}")),
    };
    let mut out = Vec::new();
    for (i, p) in PuzzleReader::new(text.as_bytes(), ParseOptions::default()).enumerate() {
        if max.is_some_and(|m| out.len() >= m) {
            break;
        }
        let p = p.map_err(|e| format!("{path}: {e}"))?;
        if i % every.max(1) == 0 {
            out.push(p.into_grid());
        }
    }
    Ok(Some(out))
}

/// Rates `puzzles` as `numpl rate` does (`level_only`: as `numpl rate --level-only`);
/// prints the speed, the levels and how many needed brute force (level only: how many
/// stopped once their level was certain). Returns the CPU seconds.
fn rate_set(name: &str, puzzles: &[Grid], level_only: bool) -> f64 {
    let opts = SolveOptions::default().level_only(level_only);
    let mut levels = [0usize; 5];
    // CPU seconds per level (each puzzle timed on its own).
    let mut level_cpu = [0f64; 5];
    let (mut brute, mut other, mut early) = (0usize, 0usize, 0usize);
    let start = Instant::now();
    let cpu0 = thread_cpu();
    let mut last = cpu0;
    for g in puzzles {
        let out = solve_human(g, None, &opts);
        let now = thread_cpu();
        let spent = match (last, now) {
            (Some(a), Some(b)) => b - a,
            _ => 0.0,
        };
        last = now;
        match (out.status, &out.report) {
            (Status::Solved, Some(r)) => {
                levels[r.level as usize] += 1;
                level_cpu[r.level as usize] += spent;
                if !r.whole() {
                    early += 1;
                } else if r.counts.contains_key(&Technique::BruteForce) {
                    brute += 1;
                }
            }
            _ => other += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = match (cpu0, thread_cpu()) {
        (Some(a), Some(b)) => b - a,
        _ => secs,
    };
    let by_level: Vec<String> = Level::ALL
        .iter()
        .zip(levels.iter().zip(level_cpu))
        .filter(|(_, (k, _))| **k > 0)
        .map(|(l, (&k, c))| {
            format!(
                "{l} {:.1}/s ({:.0}% of the CPU)",
                per_sec(k as u64, c),
                if cpu > 0.0 { c * 100.0 / cpu } else { 0.0 }
            )
        })
        .collect();
    let levels: Vec<String> = Level::ALL
        .iter()
        .zip(levels)
        .filter(|(_, k)| *k > 0)
        .map(|(l, k)| format!("{l} {k}"))
        .collect();
    let (name, ends) = if level_only {
        (
            format!("{name} --level-only"),
            format!(
                "stopped at a certain level: {early}, rated whole: {}",
                puzzles.len() - early - other
            ),
        )
    } else {
        (
            name.to_string(),
            format!(
                "brute force: {brute}, logic alone: {}",
                puzzles.len() - brute - other
            ),
        )
    };
    println!(
        "rate {name:<22} {:>6} puzzles  {:>8.1} puzzles/s ({:>8.1} per CPU s)  {:>7.3} ms each  \
         levels: {}  {ends}  not solved: {other}",
        puzzles.len(),
        per_sec(puzzles.len() as u64, secs),
        per_sec(puzzles.len() as u64, cpu),
        if puzzles.is_empty() {
            0.0
        } else {
            cpu * 1e3 / puzzles.len() as f64
        },
        levels.join(", "),
    );
    if thread_cpu().is_some() {
        println!("  by level, per CPU s: {}", by_level.join(", "));
    }
    cpu
}

/// Rates `puzzles` again with every finder timed; prints the table, largest first.
fn profile(name: &str, puzzles: &[Grid]) {
    let mut total: Vec<TechniqueTime> = Vec::new();
    for g in puzzles {
        let count = solve(g, Algorithm::Fast, &SolveOptions::default());
        let solver = HumanSolver::new().record_steps(false).time_techniques(true);
        let solver = match (count.status, count.solution) {
            (Status::Solved, Some(sol)) => solver.with_solution(sol),
            _ => solver,
        };
        for t in solver.solve(g).timings {
            match total.iter_mut().find(|x| x.technique == t.technique) {
                Some(x) => {
                    x.calls += t.calls;
                    x.found += t.found;
                    x.time += t.time;
                }
                None => total.push(t),
            }
        }
    }
    total.sort_by_key(|t| std::cmp::Reverse(t.time));
    let all: f64 = total.iter().map(|t| t.time.as_secs_f64()).sum();
    println!(
        "profile {name}: finders beyond singles, {:.3} s in all",
        all
    );
    println!(
        "  {:<36} {:>10} {:>6} {:>9} {:>8} {:>10}",
        "technique", "ms", "%", "calls", "found", "us/call"
    );
    for t in &total {
        let s = t.time.as_secs_f64();
        println!(
            "  {:<36} {:>10.1} {:>6.1} {:>9} {:>8} {:>10.1}",
            t.technique.name(),
            s * 1e3,
            if all > 0.0 { s * 100.0 / all } else { 0.0 },
            t.calls,
            t.found,
            if t.calls > 0 {
                s * 1e6 / t.calls as f64
            } else {
                0.0
            }
        );
    }
}

/// Generates `count` 16x16 puzzles with every technique from `seed`; prints median and
/// worst seconds per puzzle.
fn gen16(count: u64, seed: u64) -> Result<(), String> {
    let shape = Shape::new(4, 4).map_err(|e| e.to_string())?;
    let opts = GenOptions::new(shape)
        .symmetry(Symmetry::Point)
        .max_technique(MaxTechnique::All)
        .rate(true)
        .seed(seed);
    let generator = Generator::new(opts).map_err(|e| e.to_string())?;
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    let mut failed = 0;
    for i in 0..count {
        let t = Instant::now();
        let c0 = thread_cpu();
        if generator.generate(i).is_err() {
            failed += 1;
        }
        wall.push(t.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c0, thread_cpu()) {
            cpu.push(b - a);
        }
    }
    let stats = |v: &mut Vec<f64>| -> (f64, f64) {
        v.sort_by(f64::total_cmp);
        match v.len() {
            0 => (0.0, 0.0),
            k => (v[k / 2], v[k - 1]),
        }
    };
    let (wm, ww) = stats(&mut wall);
    let (cm, cw) = stats(&mut cpu);
    println!(
        "generate 16x16 every technique  {count} puzzles (seed {seed})  median {wm:.3} s  worst {ww:.3} s  \
         CPU median {cm:.3} s  worst {cw:.3} s  failed {failed}"
    );
    Ok(())
}

pub(crate) fn run(a: &crate::RatebenchArgs) -> Result<(), String> {
    if cfg!(debug_assertions) {
        println!("(debug build: figures mean little; run with --release)");
    }
    let data = a
        .data
        .clone()
        .unwrap_or_else(crate::workspace::default_data);
    let top = data.join("top1465.txt").display().to_string();
    let forum = data.join("forum-hardest-1905.txt").display().to_string();
    let mut sets = Vec::new();
    if a.top != Some(0) {
        match read(&top, 1, a.top)? {
            Some(p) => sets.push(("top1465", p)),
            None => println!("{top}: missing, skipped"),
        }
    }
    if a.forum_every > 0 {
        match read(&forum, a.forum_every, None)? {
            Some(p) => sets.push(("forum-hardest-1905", p)),
            None => println!("{forum}: missing, skipped"),
        }
    }
    for (name, puzzles) in &sets {
        let whole = rate_set(name, puzzles, false);
        let level = rate_set(name, puzzles, true);
        if level > 0.0 {
            println!(
                "  --level-only: {:.2}x the whole rating's speed",
                whole / level
            );
        }
    }
    if a.gen16 > 0 {
        gen16(a.gen16, a.seed)?;
    }
    if a.profile {
        for (name, puzzles) in &sets {
            profile(name, puzzles);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kth_and_at_most_max() {
        let dir = crate::workspace::scratch(&format!("ratebench-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.txt");
        let line =
            ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
        std::fs::write(&path, format!("{line}\n").repeat(7)).unwrap();
        let p = path.to_str().unwrap();
        assert_eq!(read(p, 1, None).unwrap().unwrap().len(), 7);
        assert_eq!(read(p, 3, None).unwrap().unwrap().len(), 3);
        assert_eq!(read(p, 1, Some(2)).unwrap().unwrap().len(), 2);
        assert_eq!(read(p, 1, Some(0)).unwrap().unwrap().len(), 0);
        assert!(read(dir.join("none.txt").to_str().unwrap(), 1, None)
            .unwrap()
            .is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
