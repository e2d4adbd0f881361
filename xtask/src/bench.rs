//! `cargo xtask bench`: how fast numpl solves 9x9 files, against the `sudoku` crate
//! (peer-bench), whole process against whole process.
//!
//! ```text
//! cargo xtask bench [--rounds N] [--data DIR] [--files a.txt,b.txt] [--numpl PATH]
//!                   [--no-peer] [--no-lib] [--no-big] [--big 4x4,5x5,6x6] [--check]
//! ```
//!
//! - numpl's binary as it ships: built here with `$CARGO build --profile dist -p numpl-cli`
//!   (fat LTO, one codegen unit) into `$CARGO_TARGET_DIR` (default `target/` in the
//!   workspace) and run from `<target>/dist/numpl`; `--numpl PATH` runs that binary instead
//!   and skips the build (e.g. to compare an older build).
//! - Main table: for each of `top1465.txt`, `17-clue.txt`, `forum-hardest-1905.txt` and
//!   `forum-hardest-1106.txt` in `--data` (default `../shared/data`, beside the repository),
//!   both with the uniqueness check (`unique`) and with `--first`, two whole processes timed
//!   from outside with the same clock (spawn to exit, stdout to `/dev/null`):
//!   `numpl solve --threads 1 --format line [--first] FILE` and
//!   `peer-bench FILE [--first] --print`, so start-up, reading, parsing and writing count on
//!   both sides. They run `--rounds` times (default 5), alternating (who goes first
//!   alternates too); the table shows each one's median puzzles/s and the median of the
//!   per-round ratios numpl / peer-bench (above 1: numpl is faster). A file that takes
//!   less than `MIN_ROUND_SECS` (0.25 s) is run several times a round on each side (the
//!   same count, found from one run of numpl first), so short runs are not one scheduler
//!   hiccup away from a different ratio.
//! - Second table (`--no-lib` skips it): the solver without the process around it. numpl's
//!   library in this process (read each line with `PuzzleReader`, `solve` with
//!   `Algorithm::Fast`, write with `format_line` into a buffer), against peer-bench's own
//!   report of the same runs (its clock starts after reading the file, ends after writing).
//!   Only meaningful when xtask itself is a release build (`cargo run --release -p xtask --
//!   bench`); the difference to the main table is what start-up and I/O cost.
//! - peer-bench is copied from `../tools/peer-bench` beside `--data` (so
//!   `../shared/tools/peer-bench` by default) to `<target>/xtask/peer-bench` and built there
//!   with `cargo build --release` (`--no-peer` skips it and its columns).
//! - Against tdoku (`--no-tdoku` skips): `tools/tdoku/tdoku FILE` beside `--data` (the
//!   fastest public 9x9 solver, in a driver that prints what `numpl solve --format line`
//!   prints; its script builds it with `-O3 -march=native` on first use) against numpl,
//!   whole processes, unique mode only (the driver always counts to two), the outputs
//!   checked byte for byte first.
//! - Big grids (`--no-big` skips): puzzles made by numpl's generator (`numpl_gen::Generator`,
//!   uniqueness only: `MaxTechnique::None`, point symmetry, minimal for it; not rated),
//!   seed `BIG_SEED`, puzzles `0..count` (made at start, in parallel; nothing is cached), each
//!   solved with the uniqueness check (up to two solutions, `Algorithm::Fast`, one thread)
//!   `--rounds` times; a puzzle's time is its fastest round (the least disturbed by other
//!   load), by the wall clock and by the thread's CPU clock (Linux; it leaves out waiting
//!   for a core on a loaded machine), and the line shows the median and the worst puzzle.
//!   Making the puzzles takes a while (25x25: seconds to a minute each). `--big 4x4,5x5,6x6` chooses
//!   the box shapes (default `4x4,5x5`); counts: 20 of 16x16, 10 of 25x25, 2 of 36x36 and up.
//! - `--check`: instead of timing, solve every puzzle of the files (without `--files`:
//!   every `.txt` file in `--data`, so all of `../shared/data`) with the 9x9 path and with
//!   the general solver, check every solution against the givens and the rules, and report
//!   any disagreement (status, solution). Exit status 1 on a mismatch.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use numpl_core::{format_line, Grid, InputFormat, ParseOptions, PuzzleReader, Shape, Symbols};
use numpl_gen::{GenOptions, MaxTechnique, Symmetry};
use numpl_solve::{solve, Algorithm, SolveOptions, Status};

use crate::timing::{median, per_sec, thread_cpu, timed, worst};
use crate::workspace;

/// The least a whole-process measurement lasts: short files are run several times.
const MIN_ROUND_SECS: f64 = 0.25;

const FILES: [&str; 4] = [
    "top1465.txt",
    "17-clue.txt",
    "forum-hardest-1905.txt",
    "forum-hardest-1106.txt",
];

/// What a run does, from the flags.
struct Args {
    rounds: usize,
    data: PathBuf,
    /// `--files`, when given.
    files: Option<Vec<String>>,
    peer: bool,
    /// The in-process table.
    lib: bool,
}

/// Runs the benchmark (see the module documentation).
pub(crate) fn run(flags: &crate::BenchArgs) -> Result<(), String> {
    let a = Args {
        rounds: flags.rounds.max(1),
        data: flags.data.clone().unwrap_or_else(workspace::default_data),
        files: flags.files.clone(),
        peer: !flags.no_peer,
        lib: !flags.no_lib,
    };
    if flags.check {
        return check(&a);
    }
    let numpl = match &flags.numpl {
        Some(p) => p.clone(),
        None => workspace::build_numpl("bench")?,
    };
    let peer = if a.peer {
        Some(build_peer(&a.data.join("../tools/peer-bench"))?)
    } else {
        None
    };
    println!(
        "whole processes, 1 thread: `{} solve --threads 1 --format line [--first] FILE`{}, \
         stdout to /dev/null; medians of {} rounds",
        numpl.display(),
        if peer.is_some() {
            " vs `peer-bench FILE [--first] --print`"
        } else {
            ""
        },
        a.rounds
    );
    println!(
        "{:<24} {:<7} {:>8} {:>12} {:>12} {:>7}",
        "file", "mode", "puzzles", "numpl /s", "peer /s", "ratio"
    );
    // (file, mode, puzzles, numpl library rates, peer self-reported rates, their ratios)
    let mut lib_rows = Vec::new();
    let files = a
        .files
        .clone()
        .unwrap_or_else(|| FILES.iter().map(|s| s.to_string()).collect());
    for file in &files {
        let path = a.data.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                println!("{file:<24} skipped: {}: {e}", path.display());
                continue;
            }
        };
        let count = PuzzleReader::new(text.as_bytes(), nine_options()).count();
        for first in [false, true] {
            let mut ours = Vec::new();
            let mut theirs = Vec::new();
            let mut ratios = Vec::new();
            let mut lib = Vec::new();
            let mut self_reported = Vec::new();
            let mut lib_ratios = Vec::new();
            // A short file is run several times per round (each side the same number of
            // times, summed), so that every measurement lasts at least `MIN_ROUND_SECS`:
            // a 20 ms run is at the mercy of one scheduler hiccup.
            let reps = {
                let t = time_numpl(&numpl, &path, first)?;
                ((MIN_ROUND_SECS / t.max(1e-6)).ceil() as usize).clamp(1, 100)
            };
            for round in 0..a.rounds {
                // Alternate who goes first, so neither always runs on a warmer cache.
                let run_ours = || -> Result<f64, String> {
                    let mut secs = 0.0;
                    for _ in 0..reps {
                        secs += time_numpl(&numpl, &path, first)?;
                    }
                    Ok(per_sec((count * reps) as u64, secs))
                };
                let run_peer = |p: &Path| -> Result<(f64, f64), String> {
                    let (mut secs, mut reported) = (0.0, 0.0);
                    for _ in 0..reps {
                        let (s, r) = time_peer(p, &path, first)?;
                        secs += s;
                        reported += r;
                    }
                    Ok((secs / reps as f64, reported / reps as f64))
                };
                let (ours_rate, peer_run) = match &peer {
                    None => (run_ours()?, None),
                    Some(p) if round % 2 == 0 => {
                        let o = run_ours()?;
                        (o, Some(run_peer(p)?))
                    }
                    Some(p) => {
                        let t = run_peer(p)?;
                        (run_ours()?, Some(t))
                    }
                };
                ours.push(ours_rate);
                if let Some((secs, reported)) = peer_run {
                    let r = per_sec(count as u64, secs);
                    theirs.push(r);
                    ratios.push(if r > 0.0 { ours_rate / r } else { 0.0 });
                    self_reported.push(reported);
                }
                if a.lib {
                    let (_, l) = time_ours(&text, first);
                    if let Some(&r) = self_reported.last() {
                        lib_ratios.push(if r > 0.0 { l / r } else { 0.0 });
                    }
                    lib.push(l);
                }
            }
            let mode = if first { "first" } else { "unique" };
            println!(
                "{:<24} {:<7} {:>8} {:>12} {:>12} {:>7}",
                file,
                mode,
                count,
                fmt(median(&mut ours), 0),
                fmt(median(&mut theirs), 0),
                fmt(median(&mut ratios), 2),
            );
            if a.lib {
                lib_rows.push((file.clone(), mode, count, lib, self_reported, lib_ratios));
            }
        }
    }
    if a.lib && !lib_rows.is_empty() {
        println!();
        println!(
            "in-process: numpl's library in this process (parse, solve, format_line){}{}",
            if peer.is_some() {
                " vs peer-bench's own report of the runs above"
            } else {
                ""
            },
            if cfg!(debug_assertions) {
                " (xtask is a debug build: use `cargo run --release -p xtask -- bench`)"
            } else {
                ""
            }
        );
        println!(
            "{:<24} {:<7} {:>8} {:>12} {:>12} {:>7}",
            "file", "mode", "puzzles", "numpl /s", "peer /s", "ratio"
        );
        for (file, mode, count, mut lib, mut reported, mut ratios) in lib_rows {
            println!(
                "{:<24} {:<7} {:>8} {:>12} {:>12} {:>7}",
                file,
                mode,
                count,
                fmt(median(&mut lib), 0),
                fmt(median(&mut reported), 0),
                fmt(median(&mut ratios), 2),
            );
        }
    }
    if !flags.no_tdoku {
        tdoku_table(&a, &numpl, &files)?;
    }
    if !flags.no_big {
        for shape in &flags.big_sizes {
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            big_grids(br, bc, big_count(br * bc), a.rounds)?;
        }
    }
    Ok(())
}

/// A table cell: the value with `prec` decimals, or `-`.
fn fmt(v: Option<f64>, prec: usize) -> String {
    match v {
        Some(x) => format!("{x:.prec$}"),
        None => "-".to_string(),
    }
}

/// Runs `numpl solve --threads 1 --format line [--first] FILE > /dev/null` once; its wall
/// seconds, spawn to exit.
fn time_numpl(bin: &Path, file: &Path, first: bool) -> Result<f64, String> {
    let mut cmd = Command::new(bin);
    cmd.args([
        "solve",
        "--threads",
        "1",
        "--format",
        "line",
        "--progress",
        "never",
    ]);
    if first {
        cmd.arg("--first");
    }
    cmd.arg(file);
    let (secs, out) = timed(&mut cmd).map_err(|e| format!("bench: {e}"))?;
    // 1 (some puzzle not solved) is an outcome; 2 is an error.
    if !matches!(out.status.code(), Some(0 | 1)) {
        return Err(format!(
            "bench: {} solve {} failed: {}",
            bin.display(),
            file.display(),
            out.status
        ));
    }
    Ok(secs)
}

fn nine_options() -> ParseOptions {
    ParseOptions::new()
        .input(InputFormat::Line)
        .shape(Some(Shape::NINE))
        .symbols(Symbols::standard())
}

/// Reads, solves and writes every puzzle of `text`; (puzzles, puzzles per second).
fn time_ours(text: &str, first: bool) -> (usize, f64) {
    let opts = SolveOptions::new()
        .limit(if first { 1 } else { 2 })
        .budget(None);
    let symbols = Symbols::standard();
    let mut out: Vec<u8> = Vec::with_capacity(text.len() + 1024);
    let start = Instant::now();
    let mut count = 0;
    for parsed in PuzzleReader::new(text.as_bytes(), nine_options()) {
        count += 1;
        match parsed {
            Ok(p) => {
                let o = solve(p.grid(), Algorithm::Fast, &opts);
                match o.solution {
                    Some(s) => {
                        out.extend_from_slice(format_line(&s, &symbols).as_bytes());
                        out.push(b'\n');
                    }
                    None => out.extend_from_slice(b"-\n"),
                }
            }
            Err(_) => out.extend_from_slice(b"-\n"),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    std::hint::black_box(&out);
    (count, per_sec(count as u64, secs))
}

/// Copies peer-bench (`tools/peer-bench` beside the data directory) to
/// `<target>/xtask/peer-bench` and builds it there; returns the binary's path.
fn build_peer(src: &Path) -> Result<PathBuf, String> {
    let dst = workspace::scratch("peer-bench");
    std::fs::create_dir_all(&dst).map_err(|e| format!("bench: {}: {e}", dst.display()))?;
    // `SRC/.`: the folder's contents into `dst`, whether or not it is there already.
    let status = Command::new("cp")
        .arg("-R")
        .arg(src.join("."))
        .arg(&dst)
        .status()
        .map_err(|e| format!("bench: cp {}: {e}", src.display()))?;
    if !status.success() {
        return Err(format!("bench: could not copy {}", src.display()));
    }
    eprintln!("bench: building peer-bench in {}", dst.display());
    let status = Command::new(workspace::cargo())
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(dst.join("Cargo.toml"))
        // Its own target dir, whatever the outer build uses.
        .env("CARGO_TARGET_DIR", dst.join("target"))
        .status()
        .map_err(|e| format!("bench: cargo build peer-bench: {e}"))?;
    if !status.success() {
        return Err("bench: building peer-bench failed".to_string());
    }
    Ok(dst.join("target/release/peer-bench"))
}

/// Runs `peer-bench FILE [--first] --print > /dev/null` once: its wall seconds, spawn to
/// exit, and the puzzles per second it reports itself.
fn time_peer(bin: &Path, file: &Path, first: bool) -> Result<(f64, f64), String> {
    let mut cmd = Command::new(bin);
    cmd.arg(file);
    if first {
        cmd.arg("--first");
    }
    cmd.arg("--print");
    let (secs, out) = timed(&mut cmd).map_err(|e| format!("bench: {e}"))?;
    let err = String::from_utf8_lossy(&out.stderr);
    let reported = err
        .split_whitespace()
        .skip_while(|w| *w != "puzzles/s")
        .nth(1)
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("bench: unexpected peer-bench output: {err}"))?;
    Ok((secs, reported))
}

/// The tdoku table: `numpl solve --threads 1 --format line FILE` against tdoku's driver
/// (`tools/tdoku/tdoku FILE` beside the data directory: the solution when unique, else
/// `multiple`/`unsolvable`, the same output, which is checked to be byte for byte the
/// same), whole processes, alternating, medians of the rounds. tdoku's driver counts up to
/// two solutions, so only the `unique` mode compares.
fn tdoku_table(a: &Args, numpl: &Path, files: &[String]) -> Result<(), String> {
    let tdoku = a.data.join("../tools/tdoku/tdoku");
    if !tdoku.exists() {
        println!();
        println!("tdoku: skipped: {} is missing", tdoku.display());
        return Ok(());
    }
    println!();
    println!(
        "against tdoku (t-dillon/tdoku, built -O3 -march=native by its script): \
         `{}` vs `numpl solve --threads 1 --format line FILE`, unique mode, medians of {} rounds",
        tdoku.display(),
        a.rounds
    );
    println!(
        "{:<24} {:>8} {:>12} {:>12} {:>7}",
        "file", "puzzles", "numpl /s", "tdoku /s", "ratio"
    );
    for file in files {
        let path = a.data.join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let count = PuzzleReader::new(text.as_bytes(), nine_options()).count();
        // The same answers, first (this also builds tdoku on its first use).
        let answers = |cmd: &mut Command| -> Result<Vec<u8>, String> {
            let out = cmd
                .output()
                .map_err(|e| format!("bench: {}: {e}", cmd.get_program().to_string_lossy()))?;
            Ok(out.stdout)
        };
        let theirs = answers(Command::new(&tdoku).arg(&path))?;
        let ours = answers(
            Command::new(numpl)
                .args(["solve", "-qq", "--threads", "1", "--format", "line"])
                .arg(&path),
        )?;
        if theirs != ours {
            return Err(format!(
                "bench: numpl and tdoku answer {} differently",
                path.display()
            ));
        }
        let reps = {
            let t = time_numpl(numpl, &path, false)?;
            ((MIN_ROUND_SECS / t.max(1e-6)).ceil() as usize).clamp(1, 100)
        };
        let time_tdoku = || -> Result<f64, String> {
            let mut secs = 0.0;
            for _ in 0..reps {
                let (s, out) =
                    timed(Command::new(&tdoku).arg(&path)).map_err(|e| format!("bench: {e}"))?;
                if !out.status.success() {
                    return Err(format!("bench: tdoku failed on {}", path.display()));
                }
                secs += s;
            }
            Ok(per_sec((count * reps) as u64, secs))
        };
        let time_ours = || -> Result<f64, String> {
            let mut secs = 0.0;
            for _ in 0..reps {
                secs += time_numpl(numpl, &path, false)?;
            }
            Ok(per_sec((count * reps) as u64, secs))
        };
        let (mut o, mut t, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..a.rounds {
            let (ours, theirs) = if round % 2 == 0 {
                let x = time_ours()?;
                (x, time_tdoku()?)
            } else {
                let y = time_tdoku()?;
                (time_ours()?, y)
            };
            o.push(ours);
            t.push(theirs);
            ratios.push(if theirs > 0.0 { ours / theirs } else { 0.0 });
        }
        println!(
            "{:<24} {:>8} {:>12} {:>12} {:>7}",
            file,
            count,
            fmt(median(&mut o), 0),
            fmt(median(&mut t), 0),
            fmt(median(&mut ratios), 2),
        );
    }
    Ok(())
}

/// `--check`: the 9x9 path against the general solver on every puzzle of the files.
fn check(a: &Args) -> Result<(), String> {
    let mut bad = 0usize;
    // Without --files: every `.txt` file of the data directory.
    let files = if let Some(files) = &a.files {
        files.clone()
    } else {
        let mut all: Vec<String> = std::fs::read_dir(&a.data)
            .map_err(|e| format!("bench --check: {}: {e}", a.data.display()))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".txt"))
            .collect();
        all.sort();
        all
    };
    for file in &files {
        let path = a.data.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                println!("{file}: skipped: {}: {e}", path.display());
                continue;
            }
        };
        let (mut n, mut solved, mut multiple, mut none) = (0usize, 0usize, 0usize, 0usize);
        let start = Instant::now();
        for (i, parsed) in PuzzleReader::new(text.as_bytes(), nine_options()).enumerate() {
            let Ok(p) = parsed else {
                println!("{file}: puzzle {i}: unreadable");
                bad += 1;
                continue;
            };
            n += 1;
            let fast = numpl_solve::count_solutions_general(p.grid(), 2);
            let nine = solve(p.grid(), Algorithm::Fast, &SolveOptions::default());
            let fine = match nine.status {
                Status::Solved => {
                    solved += 1;
                    fast.count == 1 && nine.solution.as_ref() == fast.first.as_ref()
                }
                Status::Multiple => {
                    multiple += 1;
                    fast.count == 2
                }
                Status::Unsolvable => {
                    none += 1;
                    fast.count == 0
                }
                _ => false,
            } && nine
                .solution
                .as_ref()
                .is_none_or(|s| s.is_solution_of(p.grid()));
            if !fine {
                bad += 1;
                println!(
                    "{file}: line {}: 9x9 path says {:?}, general solver found {}",
                    p.line, nine.status, fast.count
                );
            }
        }
        println!(
            "{file}: {n} puzzles: {solved} solved, {multiple} multiple, {none} unsolvable; {:.1}s",
            start.elapsed().as_secs_f64()
        );
    }
    std::io::stdout().flush().ok();
    if bad > 0 {
        Err(format!("bench --check: {bad} mismatches"))
    } else {
        println!("check: the 9x9 path and the general solver agree");
        Ok(())
    }
}

/// The generator's seed for the big-grid puzzles: fixed, so every run times the same ones.
const BIG_SEED: u64 = 6;

/// How many puzzles of side `n` the big-grid benchmark makes.
fn big_count(n: usize) -> usize {
    if n <= 16 {
        20
    } else if n <= 25 {
        10
    } else {
        2
    }
}

/// Puzzles `0..count` of numpl's generator for boxes `br` x `bc`: uniqueness only (so
/// minimal for the point symmetry, as far as the generator's search budget tells), seed
/// [`BIG_SEED`], not rated. Also how many the generator knows to be minimal.
fn generated_puzzles(br: usize, bc: usize, count: usize) -> Result<(Vec<Grid>, usize), String> {
    let shape = Shape::new(br, bc).map_err(|e| format!("bench: --big {br}x{bc}: {e}"))?;
    let opts = GenOptions::default()
        .shape(shape)
        .symmetry(Symmetry::Point)
        .max_technique(MaxTechnique::None)
        .seed(BIG_SEED)
        .rate(false);
    let made = numpl_gen::generate_many(&opts, count as u64)
        .map_err(|e| format!("bench: generating {br}x{bc} puzzles: {e}"))?;
    let minimal = made.iter().filter(|g| g.minimal).count();
    Ok((made.into_iter().map(|g| g.puzzle).collect(), minimal))
}

/// Makes `count` generator puzzles of boxes `br` x `bc` and times their solving: per puzzle
/// the fastest of `rounds` solves, by the wall clock and by the thread's CPU clock (which
/// leaves out the time spent waiting for a core on a loaded machine).
fn big_grids(br: usize, bc: usize, count: usize, rounds: usize) -> Result<(), String> {
    let n = br * bc;
    let made = Instant::now();
    let (puzzles, minimal) = generated_puzzles(br, bc, count)?;
    let made = made.elapsed().as_secs_f64();
    let mut wall = Vec::new();
    let mut cpu = Vec::new();
    let mut guesses = Vec::new();
    for p in &puzzles {
        let (mut best, mut best_cpu) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..rounds {
            let start = Instant::now();
            let start_cpu = thread_cpu();
            let o = solve(p, Algorithm::Fast, &SolveOptions::default());
            let t = start.elapsed().as_secs_f64();
            if let (Some(a), Some(b)) = (start_cpu, thread_cpu()) {
                best_cpu = best_cpu.min(b - a);
            }
            if o.status != Status::Solved || !o.solution.is_some_and(|s| s.is_solution_of(p)) {
                return Err(format!("bench: a {n}x{n} puzzle was not solved uniquely"));
            }
            best = best.min(t);
            guesses.push(o.guesses as f64);
        }
        wall.push(best * 1e3);
        if best_cpu.is_finite() {
            cpu.push(best_cpu * 1e3);
        }
    }
    let clues: usize = puzzles.iter().map(|p| p.filled()).sum::<usize>() / count.max(1);
    let cpu_text = match median(&mut cpu) {
        Some(m) => format!("cpu median {m:.3} ms, worst {:.3} ms", worst(&cpu)),
        None => "cpu -".to_string(),
    };
    println!(
        "{n}x{n}: {count} generated puzzles (seed {BIG_SEED}, {minimal} known minimal, ~{clues} givens, \
         made in {made:.1}s), fastest of {rounds} rounds: wall median {:.3} ms, worst {:.3} ms; \
         {cpu_text}; median guesses {:.0}",
        median(&mut wall).unwrap_or(0.0),
        worst(&wall),
        median(&mut guesses).unwrap_or(0.0),
    );
    Ok(())
}
