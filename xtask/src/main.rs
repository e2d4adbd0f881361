//! Developer chores for numpl: `cargo xtask <command>` (the alias runs this binary).
//!
//! Every command's flags are declared here (clap), with their defaults;
//! `cargo xtask --help` lists the commands and `cargo xtask COMMAND --help` the flags. Each
//! command's module says what it does in full:
//!
//! - `regress [DIR] [--algo LIST] [--bless]`: every fixture through every applicable
//!   algorithm (see `regress.rs` and fixtures/README.md).
//! - `make-fixtures [--out DIR]`: writes the generated fixture sets, every answer checked
//!   independently (see `make.rs`).
//! - `batch-bench ...`: `numpl solve` end to end on big files (see `batch_bench.rs`).
//! - `bench ...`: solver benchmarks (see `bench.rs`).
//! - `genbench ...`: the generator's speed, against qqwing (see `genbench.rs`).
//! - `bigbench ...`: random 16x16 to 64x64 puzzles, statuses checked by an independent
//!   counter (see `bigbench.rs`).
//! - `svg2png FILE ...`, `renderbench`: look at pictures, time them (see `render.rs`).
//! - `loadbench ...`: `numpl serve` under 64 connections (see `loadbench.rs`).
//! - `ratebench ...`: the human solver's rating speed (top1465, forum-hardest sample, 16x16
//!   generation) and, with `--profile`, the time per technique (see `ratebench.rs`).
//! - `canonbench ...`: canonical forms, their speed and the brute-force check (see
//!   `canonbench.rs`).
//! - `issbench ...`: variant puzzles beside the Interactive Sudoku Solver (see
//!   `issbench.rs`).
//! - `scaling ...`: `numpl solve` at 1, 2, 4, ... threads and what limits it (see
//!   `scaling.rs`).
//! - `tdokucheck --driver PATH ...`: the dataset's `backtracks` against tdoku's own count,
//!   puzzle by puzzle (see `tdokucheck.rs`).
//! - `sebench ...`: Sudoku Explainer's rating, numpl against serate on the same puzzles
//!   (see `sebench.rs`); `selist ...`: a long list rated on that scale a part at a time,
//!   each run going on where the last stopped (see `selist.rs`, docs/se/README.md).
//! - `soundness ...`: every step of the human solver (every technique on) checked against
//!   the solutions, on samples of every puzzle file of a data directory and on generated
//!   puzzles of six shapes (see `soundness.rs`).
//!
//! Paths default to places in the workspace, wherever the command runs from: the fixtures
//! to `fixtures/`, the data to `../shared/data` beside the workspace root, scratch space to
//! `<target>/xtask/` (see `workspace.rs`). Nested cargo invocations, where a command needs
//! them, go through `$CARGO`.

mod batch_bench;
mod bench;
mod bigbench;
mod canonbench;
mod check;
mod dlx;
mod fixture;
mod genbench;
mod issbench;
mod loadbench;
mod make;
mod ratebench;
mod regress;
mod render;
mod scaling;
mod sebench;
mod selist;
mod soundness;
mod tdokucheck;
mod timing;
mod workspace;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::RangedU64ValueParser;
use clap::builder::TypedValueParser;
use clap::{Args, Parser, Subcommand};
use numpl_core::Shape;
use numpl_solve::Algorithm;

/// Developer chores for numpl.
#[derive(Parser, Debug)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Cmd,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub(crate) enum Cmd {
    /// Runs the fixtures: every one through every applicable algorithm (see
    /// xtask/src/regress.rs and fixtures/README.md).
    Regress(RegressArgs),
    /// Writes the generated fixture sets, every answer checked independently (see
    /// xtask/src/make.rs).
    MakeFixtures(MakeArgs),
    /// `numpl solve` on big files, end to end: puzzles/s, speed-up, peak RSS (see
    /// xtask/src/batch_bench.rs).
    BatchBench(BatchBenchArgs),
    /// Solver benchmarks: numpl against the `sudoku` crate (peer-bench), big grids, or a
    /// check of the 9x9 path against the general solver (see xtask/src/bench.rs).
    Bench(BenchArgs),
    /// The generator's speed, against qqwing (see xtask/src/genbench.rs).
    Genbench(GenbenchArgs),
    /// Random big puzzles, each status checked by an independent counter (see
    /// xtask/src/bigbench.rs).
    Bigbench(BigbenchArgs),
    /// Draws SVG pictures as PNG beside them (resvg, the embedded font).
    Svg2png(Svg2pngArgs),
    /// Times a step's SVG and a 100-puzzle PDF sheet (see xtask/src/render.rs).
    Renderbench(RenderbenchArgs),
    /// `numpl serve` under load: requests/s, p50/p99, RSS (see xtask/src/loadbench.rs).
    Loadbench(LoadbenchArgs),
    /// The human solver's rating speed, one thread, and a per-technique profile (see
    /// xtask/src/ratebench.rs).
    Ratebench(RatebenchArgs),
    /// Sudoku Explainer's rating: numpl against serate on the same puzzles, one core (see
    /// xtask/src/sebench.rs).
    Sebench(SebenchArgs),
    /// A long list rated on Sudoku Explainer's scale a part at a time, each run going on
    /// where the last stopped (see xtask/src/selist.rs).
    Selist(SelistArgs),
    /// Every human step checked against the solutions (see xtask/src/soundness.rs).
    Soundness(SoundnessArgs),
    /// Canonical forms: puzzles/s on every data file, checked against the brute-force
    /// reference (see xtask/src/canonbench.rs).
    Canonbench(CanonbenchArgs),
    /// `numpl solve` at 1, 2, 4, ... threads: speed-up, the reader's and writer's share,
    /// the serial fraction and the predicted 16-thread speed-up (see xtask/src/scaling.rs).
    Scaling(ScalingArgs),
    /// Variant puzzles beside the Interactive Sudoku Solver on its collections: verdicts,
    /// solutions checked, time (see xtask/src/issbench.rs).
    Issbench(IssbenchArgs),
    /// The dataset's `backtracks` against tdoku's own count, puzzle by puzzle (see
    /// xtask/src/tdokucheck.rs).
    Tdokucheck(TdokucheckArgs),
}

/// `tdokucheck`.
#[derive(Args, Debug)]
pub(crate) struct TdokucheckArgs {
    /// The tdoku driver: prints `guesses(1) guesses(2) solutions(1) solutions(2)` a line for
    /// the file it is given (docs/FORMATS.md, "Data sets").
    #[arg(long, value_name = "PATH")]
    pub(crate) driver: PathBuf,
    /// The data directory [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Puzzle files [default: tdoku's five benchmark sets in the data directory].
    pub(crate) files: Vec<PathBuf>,
}

/// `issbench`.
#[derive(Args, Debug)]
pub(crate) struct IssbenchArgs {
    /// The ISS folder [default: ../shared/tools/iss beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) iss: Option<PathBuf>,
    /// The numpl binary [default: built with the dist profile].
    #[arg(long, value_name = "PATH")]
    pub(crate) numpl: Option<PathBuf>,
    /// ISS's collections, comma-separated (`examples`: its examples with solutions).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub(crate) collections: Option<Vec<String>>,
    /// numpl's node budget per puzzle.
    #[arg(long, value_name = "N", default_value = "50_000_000", value_parser = number)]
    pub(crate) budget: u64,
    /// Instead of the speed table: how many puzzles numpl's variant techniques finish
    /// without guessing (`numpl rate`), and at which levels.
    #[arg(long)]
    pub(crate) steps: bool,
    /// Also write every puzzle's row (collection, name, both verdicts, both times in ms,
    /// numpl's nodes) to this TSV file, to see where the time goes.
    #[arg(long, value_name = "FILE")]
    pub(crate) rows: Option<PathBuf>,
}

/// A count of at least 1.
fn at_least_one() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..)
}

/// `regress`.
#[derive(Args, Debug)]
pub(crate) struct RegressArgs {
    /// The fixtures directory [default: fixtures/ in the workspace].
    pub(crate) dir: Option<PathBuf>,
    /// The algorithms, comma-separated (fast, full, human) [default: all].
    #[arg(long = "algo", value_name = "LIST", value_delimiter = ',')]
    pub(crate) algos: Option<Vec<Algorithm>>,
    /// Rewrite the `.human` files from this run (never the `.answers`).
    #[arg(long)]
    pub(crate) bless: bool,
}

/// `make-fixtures`.
#[derive(Args, Debug)]
pub(crate) struct MakeArgs {
    /// Where the sets go [default: fixtures/ in the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) out: Option<PathBuf>,
}

/// `batch-bench`.
#[derive(Args, Debug)]
pub(crate) struct BatchBenchArgs {
    /// The data directory [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Runs per file and thread count; the best counts.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = at_least_one())]
    pub(crate) rounds: usize,
    /// Puzzles in the repeated-puzzle file.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub(crate) million: usize,
    /// Thread counts, comma-separated.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "1,2"
    )]
    pub(crate) threads: Vec<usize>,
}

/// `canonbench`.
#[derive(Args, Debug)]
pub(crate) struct CanonbenchArgs {
    /// The data directory [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Puzzles of each file checked against the brute-force reference.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub(crate) brute: usize,
}

/// `scaling`.
#[derive(Args, Debug)]
pub(crate) struct ScalingArgs {
    /// The data directory [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Runs per file and thread count; the best counts.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = at_least_one())]
    pub(crate) rounds: usize,
    /// How many times 17-clue.txt is repeated.
    #[arg(long, value_name = "K", default_value_t = 8, value_parser = at_least_one())]
    pub(crate) repeat: usize,
    /// Thread counts, comma-separated [default: 1, 2, 4, ... up to the cores].
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = at_least_one())]
    pub(crate) threads: Option<Vec<usize>>,
    /// A numpl binary to run instead of building one.
    #[arg(long, value_name = "PATH")]
    pub(crate) numpl: Option<PathBuf>,
}

/// `bench`.
#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
    /// Rounds per measurement (0 counts as 1).
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub(crate) rounds: usize,
    /// The data directory [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Files of the data directory, comma-separated [default: top1465.txt, 17-clue.txt,
    /// forum-hardest-1905.txt, forum-hardest-1106.txt; with --check: every .txt file].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub(crate) files: Option<Vec<String>>,
    /// A numpl binary to run instead of building one.
    #[arg(long, value_name = "PATH")]
    pub(crate) numpl: Option<PathBuf>,
    /// Skip peer-bench and its columns.
    #[arg(long)]
    pub(crate) no_peer: bool,
    /// Skip the table against tdoku.
    #[arg(long)]
    pub(crate) no_tdoku: bool,
    /// Skip the in-process table.
    #[arg(long)]
    pub(crate) no_lib: bool,
    /// Skip the big grids.
    #[arg(long)]
    pub(crate) no_big: bool,
    /// The big grids' box shapes, comma-separated.
    #[arg(
        long = "big",
        value_name = "SHAPES",
        value_delimiter = ',',
        default_value = "4x4,5x5"
    )]
    pub(crate) big_sizes: Vec<Shape>,
    /// Instead of timing: the 9x9 path against the general solver on every puzzle.
    #[arg(long)]
    pub(crate) check: bool,
}

/// `genbench`.
#[derive(Args, Debug)]
pub(crate) struct GenbenchArgs {
    /// 9x9 puzzles of any level, per series.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub(crate) count: u64,
    /// 9x9 puzzles of each level.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub(crate) level_count: u64,
    /// 16x16 and 25x25 puzzles, per series.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub(crate) big_count: u64,
    /// The generator's seed.
    #[arg(long, value_name = "S", default_value_t = 2024)]
    pub(crate) seed: u64,
    /// Skip the 9x9 series per level.
    #[arg(long)]
    pub(crate) no_levels: bool,
    /// Skip 25x25.
    #[arg(long = "no-25")]
    pub(crate) no_25: bool,
    /// Puzzles qqwing makes (0 skips it).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub(crate) qqwing: u64,
    /// 9x9 variant puzzles of each kind and level (0 skips them).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub(crate) variant_count: u64,
    /// Only the variant series.
    #[arg(long)]
    pub(crate) only_variants: bool,
}

/// `bigbench`.
#[derive(Args, Debug)]
pub(crate) struct BigbenchArgs {
    /// The seed the puzzles come from.
    #[arg(long, value_name = "S", default_value_t = 17)]
    pub(crate) seed: u64,
    /// Sides, comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "16,25,36",
          value_parser = clap::builder::PossibleValuesParser::new(["16", "25", "36", "49", "64"])
              .map(|s| s.parse::<usize>().expect("a listed size")))]
    pub(crate) sizes: Vec<usize>,
    /// Puzzles of each size, comma-separated, in the order of --sizes [default: 300 of
    /// 16x16, 30 of 25x25, 20 of 36x36, 5 of each larger size].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub(crate) counts: Vec<usize>,
    /// The independent counter's node budget.
    #[arg(long, value_name = "NODES", default_value_t = 20_000_000)]
    pub(crate) counter_budget: u64,
    /// Skip the independent counter.
    #[arg(long)]
    pub(crate) no_counter: bool,
    /// Also run the general solver with each part switched off.
    #[arg(long)]
    pub(crate) ablate: bool,
    /// numpl's node budget, `none` for no limit [default: numpl's].
    #[arg(long, value_name = "NODES", value_parser = nodes_or_none)]
    pub(crate) budget: Option<u64>,
}

/// A node count, or `none` (no limit: `u64::MAX`).
fn nodes_or_none(s: &str) -> Result<u64, String> {
    if s == "none" {
        Ok(u64::MAX)
    } else {
        s.parse().map_err(|_| "a number or `none`".to_string())
    }
}

/// `svg2png`.
#[derive(Args, Debug)]
pub(crate) struct Svg2pngArgs {
    /// The pictures; each FILE.png is written beside its FILE.svg.
    #[arg(value_name = "FILE.svg", required = true)]
    pub(crate) files: Vec<String>,
    /// Pixels per SVG unit.
    #[arg(long, value_name = "S", default_value_t = 1.5)]
    pub(crate) scale: f32,
}

/// `renderbench`.
#[derive(Args, Debug)]
pub(crate) struct RenderbenchArgs {
    /// Rounds; the best counts.
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub(crate) rounds: usize,
}

/// `loadbench`.
#[derive(Args, Debug)]
pub(crate) struct LoadbenchArgs {
    /// A numpl binary to serve with instead of building one.
    #[arg(long, value_name = "PATH")]
    pub(crate) bin: Option<PathBuf>,
    /// The data directory, for top1465.txt [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Keep-alive connections kept busy.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = at_least_one())]
    pub(crate) connections: usize,
    /// Seconds per endpoint, above 0 and at most 600.
    #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = seconds)]
    pub(crate) seconds: f64,
    /// Endpoints, comma-separated.
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "solve,hint",
          value_parser = ["solve", "hint"])]
    pub(crate) endpoints: Vec<String>,
    /// The server's `--threads`.
    #[arg(long, value_name = "N")]
    pub(crate) server_threads: Option<usize>,
}

/// Seconds in (0, 600].
fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 600.0 => Ok(v),
        _ => Err("seconds in (0, 600]".to_string()),
    }
}

/// `ratebench`.
#[derive(Args, Debug)]
pub(crate) struct RatebenchArgs {
    /// The data directory [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// The first N puzzles of top1465.txt (0 skips) [default: all].
    #[arg(long, value_name = "N")]
    pub(crate) top: Option<usize>,
    /// Every K-th puzzle of forum-hardest-1905.txt (0 skips).
    #[arg(long, value_name = "K", default_value_t = 200)]
    pub(crate) forum_every: usize,
    /// 16x16 puzzles generated (0 skips).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub(crate) gen16: u64,
    /// The 16x16 generation's seed.
    #[arg(long, value_name = "S", default_value_t = 16)]
    pub(crate) seed: u64,
    /// Rate again with the time per technique.
    #[arg(long)]
    pub(crate) profile: bool,
}

/// `sebench`.
#[derive(Args, Debug)]
pub(crate) struct SebenchArgs {
    /// The puzzle file [default: top1465.txt of ../shared/data].
    #[arg(long, value_name = "PATH")]
    pub(crate) file: Option<PathBuf>,
    /// Every K-th puzzle.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub(crate) every: usize,
    /// At most N puzzles.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub(crate) max: usize,
    /// The serate script (`none`: numpl only) [default: ../shared/tools/serate/serate].
    #[arg(long, value_name = "PATH")]
    pub(crate) serate: Option<String>,
    /// numpl rates the puzzles R times over; its time is the median run's (each puzzle's
    /// in the bands, the median of its R).
    #[arg(long, value_name = "R", default_value_t = 3)]
    pub(crate) runs: usize,
    /// Runs of numpl before those timed, not counted (the first run after an idle spell
    /// is slower on this shared machine).
    #[arg(long, value_name = "W", default_value_t = 1)]
    pub(crate) warmup: usize,
}

/// `selist`.
#[derive(Args, Debug)]
pub(crate) struct SelistArgs {
    /// The list, one puzzle a line [default: forum-hardest-1905.txt of ../shared/data].
    #[arg(long, value_name = "PATH")]
    pub(crate) file: Option<PathBuf>,
    /// The rows so far, and where this run's go [default: docs/se/forum-hardest-1905.csv].
    #[arg(long, value_name = "PATH")]
    pub(crate) out: Option<PathBuf>,
    /// Threads [default: every core].
    #[arg(long, value_name = "N")]
    pub(crate) threads: Option<usize>,
    /// Stop at the first chunk's end past this many minutes.
    #[arg(long, value_name = "M", default_value_t = 60.0)]
    pub(crate) minutes: f64,
    /// Rate nothing: sum up the rows so far.
    #[arg(long)]
    pub(crate) report: bool,
}

/// `soundness`.
#[derive(Args, Debug)]
pub(crate) struct SoundnessArgs {
    /// The data directory [default: ../shared/data beside the workspace].
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Generated puzzles only.
    #[arg(long, conflicts_with = "data")]
    pub(crate) no_data: bool,
    /// Puzzles of each file, evenly spaced (0: all).
    #[arg(long, value_name = "N", default_value = "300", value_parser = number)]
    pub(crate) per_file: u64,
    /// Generated puzzles of each shape.
    #[arg(long, value_name = "N", default_value = "40", value_parser = number)]
    pub(crate) generated: u64,
    /// The generator's seed.
    #[arg(long, value_name = "S", default_value = "16", value_parser = number)]
    pub(crate) seed: u64,
    /// Failures shown in full (0 counts as 1).
    #[arg(long, value_name = "K", default_value = "10", value_parser = number)]
    pub(crate) max_failures: u64,
}

/// A number, `_` allowed between digits (`1_000`).
fn number(s: &str) -> Result<u64, String> {
    s.replace('_', "")
        .parse()
        .map_err(|_| "a number".to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Cmd::Regress(a) => regress::run(a),
        Cmd::MakeFixtures(a) => make::run(a),
        Cmd::BatchBench(a) => batch_bench::run(a),
        Cmd::Bench(a) => bench::run(a),
        Cmd::Scaling(a) => scaling::run(a),
        Cmd::Canonbench(a) => canonbench::run(a),
        Cmd::Issbench(a) => issbench::run(a),
        Cmd::Genbench(a) => genbench::run(a),
        Cmd::Bigbench(a) => bigbench::run(a),
        Cmd::Svg2png(a) => render::svg2png(a),
        Cmd::Renderbench(a) => render::renderbench(a),
        Cmd::Loadbench(a) => loadbench::run(a),
        Cmd::Ratebench(a) => ratebench::run(a),
        Cmd::Sebench(a) => sebench::run(a),
        Cmd::Selist(a) => selist::run(a),
        Cmd::Soundness(a) => soundness::run(a),
        Cmd::Tdokucheck(a) => tdokucheck::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Cmd, clap::Error> {
        Cli::try_parse_from(std::iter::once("cargo xtask").chain(args.iter().copied()))
            .map(|c| c.command)
    }

    #[test]
    fn the_cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn ci_invocations_parse() {
        let Ok(Cmd::Regress(a)) = parse(&["regress", "fixtures/"]) else {
            panic!("regress")
        };
        assert_eq!(a.dir, Some(PathBuf::from("fixtures/")));
        assert!(a.algos.is_none() && !a.bless);
        for data in [&[][..], &["--no-data"]] {
            let mut args = vec!["soundness"];
            args.extend(data);
            args.extend(["--per-file", "20", "--generated", "4"]);
            let Ok(Cmd::Soundness(a)) = parse(&args) else {
                panic!("{args:?}")
            };
            assert_eq!((a.per_file, a.generated, a.seed), (20, 4, 16));
            assert_eq!(a.no_data, !data.is_empty());
        }
        assert!(parse(&["soundness", "--no-data", "--data", "x"]).is_err());
    }

    #[test]
    fn flags_keep_their_defaults_and_meanings() {
        let Ok(Cmd::Regress(a)) = parse(&["regress", "--algo", "fast,human", "--bless"]) else {
            panic!()
        };
        assert_eq!(a.algos, Some(vec![Algorithm::Fast, Algorithm::Human]));
        assert!(a.bless && a.dir.is_none());
        assert!(parse(&["regress", "--algo", "slow"]).is_err());

        let Ok(Cmd::Bench(a)) = parse(&["bench", "--big", "4x4,6x6", "--no-peer"]) else {
            panic!()
        };
        assert_eq!(
            a.big_sizes,
            ["4x4".parse().unwrap(), "6x6".parse().unwrap()]
        );
        assert!(a.no_peer && !a.no_lib && !a.no_big && !a.check && a.files.is_none());
        assert_eq!(a.rounds, 5);

        let Ok(Cmd::BatchBench(a)) = parse(&["batch-bench"]) else {
            panic!()
        };
        assert_eq!((a.rounds, a.million, a.threads), (3, 1_000_000, vec![1, 2]));
        assert!(parse(&["batch-bench", "--rounds", "0"]).is_err());

        let Ok(Cmd::Bigbench(a)) = parse(&["bigbench", "--budget", "none", "--sizes", "16,49"])
        else {
            panic!()
        };
        assert_eq!(
            (a.budget, a.sizes, a.seed),
            (Some(u64::MAX), vec![16, 49], 17)
        );
        assert!(parse(&["bigbench", "--sizes", "17"]).is_err());

        let Ok(Cmd::Loadbench(a)) = parse(&["loadbench"]) else {
            panic!()
        };
        assert_eq!((a.connections, a.seconds), (64, 10.0));
        assert_eq!(a.endpoints, ["solve", "hint"]);
        assert!(parse(&["loadbench", "--seconds", "601"]).is_err());
        assert!(parse(&["loadbench", "--endpoints", "solve,pdf"]).is_err());

        let Ok(Cmd::Ratebench(a)) = parse(&["ratebench", "--top", "5", "--profile"]) else {
            panic!()
        };
        assert_eq!((a.top, a.profile, a.forum_every), (Some(5), true, 200));
        assert!(parse(&["ratebench", "--top"]).is_err());
        assert!(parse(&["ratebench", "--bogus"]).is_err());

        let Ok(Cmd::Genbench(a)) = parse(&["genbench", "--no-25"]) else {
            panic!()
        };
        assert!(a.no_25 && !a.no_levels);
        assert_eq!((a.count, a.seed, a.qqwing), (2000, 2024, 200));

        let Ok(Cmd::Soundness(a)) = parse(&["soundness", "--per-file", "1_000"]) else {
            panic!()
        };
        assert_eq!(a.per_file, 1000);

        let Ok(Cmd::Svg2png(a)) = parse(&["svg2png", "a.svg", "--scale", "2", "b.svg"]) else {
            panic!()
        };
        assert_eq!(
            (a.files, a.scale),
            (vec!["a.svg".into(), "b.svg".into()], 2.0)
        );
        assert!(parse(&["svg2png"]).is_err());
    }

    #[test]
    fn help_lists_the_flags() {
        let help = Cli::command()
            .find_subcommand_mut("bench")
            .expect("bench")
            .render_long_help()
            .to_string();
        for flag in [
            "--rounds",
            "--data",
            "--files",
            "--numpl",
            "--no-peer",
            "--big",
            "--check",
        ] {
            assert!(help.contains(flag), "{flag} in {help}");
        }
    }
}
