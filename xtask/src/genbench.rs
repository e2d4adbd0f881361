//! `cargo xtask genbench`: how fast numpl-gen makes puzzles, against qqwing.
//!
//! Run it as a release build (the generator is called in-process, one puzzle after another
//! on the main thread, so every figure is for one core):
//!
//! ```text
//! cargo run --release -p xtask -- genbench [--count N] [--level-count N] [--big-count N]
//!                                          [--seed S] [--no-levels] [--no-25] [--qqwing N]
//!                                          [--variant-count N] [--only-variants]
//! ```
//!
//! - 9x9, any level (point symmetry, every technique allowed): `--count` puzzles (default
//!   2000): puzzles/s and median time per puzzle; rated (the human solver's level and score
//!   for every puzzle, as `--format json` prints) and unrated (`--format line`), and with
//!   uniqueness only (`--max-technique none`, unrated).
//! - 9x9 per level (`--level easy` ... `extreme`): `--level-count` puzzles each (default
//!   20): puzzles/s, median and worst time per puzzle, mean grids dug per puzzle, and how
//!   many gave up (`--no-levels` skips).
//! - 16x16 and 25x25 (`--no-25` skips), every technique (rated) and uniqueness only (rated
//!   and unrated):
//!   `--big-count` puzzles each (default 3): median and worst seconds per puzzle (wall
//!   clock, then CPU of the thread, which a busy machine does not inflate as much), mean
//!   CPU seconds, mean givens, and whether all came out minimal.
//! - Variant puzzles (`--variant-count N`, default 20; 0 skips): killer, jigsaw, X,
//!   windoku and thermo 9x9 (point symmetry), without a level and at each level of numpl's
//!   variant scale (easy, medium, hard): puzzles/s, median and worst milliseconds per
//!   puzzle (wall clock), how many gave up, and (without a level) how many the variant techniques
//!   finish and at which levels.
//! - qqwing, if on the PATH: `qqwing --generate N --one-line` (N = `--qqwing`, default 200)
//!   timed as a whole, in the same run: puzzles/s.
//!
//! Rates are given per wall-clock second and per CPU second of the thread doing the work
//! (Linux `/proc` accounting; for qqwing, the child's user + system time), since the
//! machine may be shared. Every figure that divides prints 0 for zero work, never NaN or inf.

use std::process::{Command, Stdio};
use std::time::Instant;

use numpl_core::Shape;
use numpl_gen::{
    generate_variant, GenOptions, Generator, Level, MaxTechnique, Symmetry, VariantKind,
};

use crate::timing::{median, per_sec, process_cpu, thread_cpu, worst};

/// What one series of puzzles gave.
struct Series {
    made: u64,
    failed: u64,
    secs: f64,
    /// CPU seconds (wall seconds where unknown).
    cpu: f64,
    times: Vec<f64>,
    /// CPU seconds per puzzle (only when asked for: reading them costs a few µs).
    cpu_times: Vec<f64>,
    tries: u64,
    givens: u64,
    all_minimal: bool,
}

fn series(opts: GenOptions, count: u64, per_puzzle_cpu: bool) -> Result<Series, String> {
    let generator = Generator::new(opts).map_err(|e| e.to_string())?;
    let mut s = Series {
        made: 0,
        failed: 0,
        secs: 0.0,
        cpu: 0.0,
        times: Vec::new(),
        cpu_times: Vec::new(),
        tries: 0,
        givens: 0,
        all_minimal: true,
    };
    let start = Instant::now();
    let cpu0 = thread_cpu();
    for i in 0..count {
        let t = Instant::now();
        let c = if per_puzzle_cpu { thread_cpu() } else { None };
        let result = generator.generate(i);
        s.times.push(t.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c, per_puzzle_cpu.then(thread_cpu).flatten()) {
            s.cpu_times.push(b - a);
        }
        match result {
            Ok(g) => {
                s.made += 1;
                s.tries += u64::from(g.tries);
                s.givens += g.givens() as u64;
                s.all_minimal &= g.minimal;
            }
            Err(_) => s.failed += 1,
        }
    }
    s.secs = start.elapsed().as_secs_f64();
    s.cpu = match (cpu0, thread_cpu()) {
        (Some(a), Some(b)) => b - a,
        _ => s.secs,
    };
    Ok(s)
}

fn mean(total: u64, count: u64) -> f64 {
    if count == 0 {
        0.0
    } else {
        total as f64 / count as f64
    }
}

/// Variant puzzles of every kind, without a level and at each level: one line each.
fn variants(a: &crate::GenbenchArgs) {
    if a.variant_count == 0 {
        return;
    }
    for kind in [
        VariantKind::Killer,
        VariantKind::Jigsaw,
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Thermo,
    ] {
        for level in [
            None,
            Some(Level::Easy),
            Some(Level::Medium),
            Some(Level::Hard),
        ] {
            // Wall clock per puzzle: the thread's CPU clock ticks in milliseconds, too
            // coarse for puzzles of a few.
            let (mut times, mut failed, mut levels) = (Vec::new(), 0u64, [0u64; 4]);
            let start = Instant::now();
            for i in 0..a.variant_count {
                let t = Instant::now();
                let made = generate_variant(kind, Shape::NINE, Symmetry::Point, a.seed, i, level);
                times.push(t.elapsed().as_secs_f64());
                match made {
                    Ok(g) => match g.level {
                        Some(l) => levels[(l as usize).min(2)] += 1,
                        None => levels[3] += 1,
                    },
                    Err(_) => failed += 1,
                }
            }
            let secs = start.elapsed().as_secs_f64();
            let made = a.variant_count - failed;
            let slowest = worst(&times);
            let rated = if level.is_none() {
                format!(
                    "  easy {} medium {} hard {} beyond {}",
                    levels[0], levels[1], levels[2], levels[3]
                )
            } else {
                String::new()
            };
            println!(
                "variant {:<8} {:<7} {:>4} puzzles  {:>8.1} puzzles/s  median {:>8.1} ms  \
                 worst {:>8.1} ms  gave up {failed}{rated}",
                kind.to_string(),
                level.map_or("any", |l| l.name()),
                made,
                per_sec(made, secs),
                median(&mut times).unwrap_or(0.0) * 1e3,
                slowest * 1e3,
            );
        }
    }
    println!();
}

pub(crate) fn run(a: &crate::GenbenchArgs) -> Result<(), String> {
    let nine = GenOptions::default().seed(a.seed);
    println!("numpl-gen benchmark, one core, seed {}", a.seed);
    println!();
    variants(a);
    if a.only_variants {
        return Ok(());
    }

    for (max, rate, name) in [
        (MaxTechnique::All, true, "9x9 any level:  "),
        (MaxTechnique::All, false, "9x9 any, unrated"),
        (MaxTechnique::None, false, "9x9 unique only "),
    ] {
        let opts = nine.clone().max_technique(max).rate(rate);
        let mut s = series(opts, a.count, false)?;
        println!(
            "{name} {:>5} puzzles  {:>9.1} puzzles/s ({:>7.1} per CPU s)  median {:>8.3} ms  \
             mean givens {:.1}",
            s.made,
            per_sec(s.made, s.secs),
            per_sec(s.made, s.cpu),
            median(&mut s.times).unwrap_or(0.0) * 1e3,
            mean(s.givens, s.made)
        );
    }

    if !a.no_levels {
        for level in Level::ALL {
            let opts = nine.clone().level(Some(level));
            let mut s = series(opts, a.level_count, false)?;
            let slowest = worst(&s.times);
            println!(
                "9x9 {:<8}     {:>5} puzzles  {:>9.1} puzzles/s ({:>7.1} per CPU s)  median {:>8.3} ms  \
                 worst {:>8.1} ms  mean tries {:.1}  gave up {}",
                level.name(),
                s.made,
                per_sec(s.made, s.secs),
                per_sec(s.made, s.cpu),
                median(&mut s.times).unwrap_or(0.0) * 1e3,
                slowest * 1e3,
                mean(s.tries, s.made),
                s.failed
            );
        }
    }

    let mut big = vec![(Shape::new(4, 4).expect("4x4"), "16x16")];
    if !a.no_25 {
        big.push((Shape::new(5, 5).expect("5x5"), "25x25"));
    }
    for (shape, name) in big {
        for (max, rate) in [
            (MaxTechnique::All, true),
            (MaxTechnique::None, true),
            (MaxTechnique::None, false),
        ] {
            let opts = nine
                .clone()
                .shape(shape)
                .symmetry(Symmetry::Point)
                .max_technique(max)
                .rate(rate);
            let mut s = series(opts, a.big_count, true)?;
            let slowest = worst(&s.times);
            let cpu_worst = worst(&s.cpu_times);
            println!(
                "{name} max {:<4} {} {:>5} puzzles  median {:>8.3} s  worst {:>8.3} s  \
                 CPU median {:>7.3} s  worst {:>7.3} s  mean {:>7.3} s per puzzle  \
                 mean givens {:.1}  all minimal: {}",
                max.to_string(),
                if rate { "rated  " } else { "unrated" },
                s.made,
                median(&mut s.times).unwrap_or(0.0),
                slowest,
                median(&mut s.cpu_times).unwrap_or(0.0),
                cpu_worst,
                if s.made + s.failed == 0 {
                    0.0
                } else {
                    s.cpu / (s.made + s.failed) as f64
                },
                mean(s.givens, s.made),
                s.all_minimal
            );
        }
    }

    println!();
    if a.qqwing == 0 {
        return Ok(());
    }
    let start = Instant::now();
    let child0 = process_cpu("self", true);
    let out = Command::new("qqwing")
        .args(["--generate", &a.qqwing.to_string(), "--one-line"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .output();
    match out {
        Ok(out) if out.status.success() => {
            let secs = start.elapsed().as_secs_f64();
            let cpu = match (child0, process_cpu("self", true)) {
                (Some(a), Some(b)) => b - a,
                _ => secs,
            };
            let made = String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter(|l| l.trim().len() == 81)
                .count() as u64;
            println!(
                "qqwing 9x9:       {:>5} puzzles  {:>9.1} puzzles/s ({:>7.1} per CPU s)  \
                 (qqwing --generate {} --one-line)",
                made,
                per_sec(made, secs),
                per_sec(made, cpu),
                a.qqwing
            );
        }
        Ok(out) => println!("qqwing failed: {}", out.status),
        Err(_) => println!("qqwing not installed (apt-get install -y qqwing): no comparison"),
    }
    Ok(())
}
