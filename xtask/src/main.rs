//! Developer chores for numpl: `cargo xtask <command>` (the alias runs this binary).
//!
//! - `regress [DIR] [--algo LIST] [--bless]`: every fixture through every applicable
//!   algorithm (see `regress.rs` and fixtures/README.md).
//! - `make-fixtures [--out DIR]`: writes the generated fixture sets, every answer checked
//!   independently (see `make.rs`).
//! - `batch-bench ...`: `numpl solve` end to end on big files (see `batch_bench.rs`).
//! - `bench ...`: solver benchmarks (see `bench.rs`).
//! - `bigbench ...`: random 16x16 to 64x64 puzzles, statuses checked by an independent
//!   counter (see `bigbench.rs`).
//! - `svg2png FILE ...`, `renderbench`: look at pictures, time them (see `render.rs`).
//! - `loadbench ...`: `numpl serve` under 64 connections (see `loadbench.rs`).
//! - `ratebench ...`: the human solver's rating speed (top1465, forum-hardest sample, 16x16
//!   generation) and, with `--profile`, the time per technique (see `ratebench.rs`).
//! - `soundness ...`: every step of the human solver (every technique on) checked against
//!   the solutions, on samples of every puzzle file of a data directory and on generated
//!   puzzles of six shapes (see `soundness.rs`).
//!
//! Nested cargo invocations, where a command needs them, go through `$CARGO`.

mod batch_bench;
mod bench;
mod bigbench;
mod check;
mod dlx;
mod fixture;
mod genbench;
mod loadbench;
mod make;
mod ratebench;
mod regress;
mod render;
mod soundness;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command> [args]

commands:
  regress [DIR] [--algo fast,full,human] [--bless]   run the fixtures (default DIR: fixtures)
  make-fixtures [--out DIR]                          write the generated fixture sets
  batch-bench [--data DIR] [--threads 1,2]           numpl solve on big files: puzzles/s, peak RSS
  bench [...]                                        solver benchmarks (see xtask/src/bench.rs)
  genbench [...]                                     generator benchmark (see xtask/src/genbench.rs)
  bigbench [...]                                     random big puzzles, checked by an independent counter (see xtask/src/bigbench.rs)
  svg2png FILE.svg ... [--scale S]                   draw pictures as PNG (resvg, embedded font)
  renderbench [--rounds R]                           SVG step and PDF sheet timings (see xtask/src/render.rs)
  loadbench [--connections 64] [--seconds 10]        numpl serve under load: requests/s, p50/p99, RSS (see xtask/src/loadbench.rs)
  ratebench [--top N] [--forum-every K] [--gen16 N] [--profile]
                                                     human rating speed, one thread; per-technique profile (see xtask/src/ratebench.rs)
  soundness [--data DIR|--no-data] [--per-file N] [--generated N] [--seed S]
                                                     every human step checked against the solutions (see xtask/src/soundness.rs)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match cmd.as_str() {
        "regress" => regress::run(rest),
        "make-fixtures" => make::run(rest),
        "batch-bench" => batch_bench::run(rest),
        "bench" => bench::run(rest),
        "ratebench" => ratebench::run(rest),
        "genbench" => genbench::run(rest),
        "bigbench" => bigbench::run(rest),
        "svg2png" => render::svg2png(rest),
        "renderbench" => render::renderbench(rest),
        "loadbench" => loadbench::run(rest),
        "soundness" => soundness::run(rest),
        "help" | "-h" | "--help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => {
            eprintln!("unknown command `{other}`\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
