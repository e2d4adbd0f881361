//! The command line: clap derive structs. Doc comments are the help text.

use clap::{Args, Parser, Subcommand, ValueEnum};
use numpl_core::Shape;

/// numpl: solve, rate and show Number Place (Sudoku) puzzles of any size, 4x4 to 64x64.
///
/// Puzzles are read from FILEs (none or `-` is stdin), one per line (81 symbols for a 9x9,
/// `.` or `0` for a blank) or as grids (one row per line, like the seed's printed layout).
/// Every input puzzle gives one record on stdout, in input order; messages and the summary
/// go to stderr.
#[derive(Debug, Parser)]
#[command(
    name = "numpl",
    version,
    after_help = "Exit status: 0 every puzzle ended `solved` (for `show`: every puzzle was read),\n\
                  1 some puzzle ended otherwise (unsolvable, multiple, stuck, budget, invalid,\n\
                  or an input held no puzzle; every record is still printed),\n\
                  2 usage error, unreadable file or I/O error."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,

    #[command(flatten)]
    pub(crate) common: Common,
}

/// The subcommands. To add one: a variant here (its args struct in its own module) and an
/// arm in `run()` in main.rs.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Parse puzzles and print them in another format (`--format detail`: candidates).
    Show(ShowArgs),
    /// Solve puzzles: one record per puzzle (solved, multiple, unsolvable, budget, invalid).
    Solve(SolveArgs),
    /// Rate puzzles with the human-technique solver: techniques used, level, score.
    Rate(RateArgs),
    /// The next logical step of each puzzle, explained (human techniques, no guessing).
    Hint(RateArgs),
    /// Every step of a logical solution of each puzzle, explained.
    Explain(RateArgs),
    /// Generate puzzles: unique, symmetric, minimal, solvable within a technique limit.
    Generate(crate::generate::GenerateArgs),
}

/// Options every command takes (they may be given before or after the command name).
#[derive(Debug, Args)]
pub(crate) struct Common {
    /// Output format; default: `grid` for puzzles read as grids, `line` for one-line puzzles.
    #[arg(long, short = 'f', value_enum, global = true)]
    pub(crate) format: Option<Format>,

    /// Input format: `auto` decides per file at its first puzzle line.
    #[arg(long, value_enum, default_value_t = Input::Auto, global = true)]
    pub(crate) input: Input,

    /// Box shape RxC (e.g. `2x3`, `3x2`, `4x4`) or a size N; default: the most square box
    /// for the size found.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_shape, global = true)]
    pub(crate) shape: Option<Shape>,

    /// The alphabet for values 1..N, in value order (e.g. `0123456789ABCDEF`); blanks stay
    /// `.`, `_`, `/`. Applies to input and output.
    #[arg(long, value_name = "STR", global = true)]
    pub(crate) symbols: Option<String>,

    /// Worker threads; default: all cores. 1 is the plain sequential path.
    #[arg(long, short = 'j', value_name = "N", global = true)]
    pub(crate) threads: Option<usize>,

    /// Only errors on stderr; no summary.
    #[arg(long, short = 'q', global = true, conflicts_with = "verbose")]
    pub(crate) quiet: bool,

    /// More messages on stderr (-v: info, -vv: debug). `RUST_LOG` overrides.
    #[arg(long, short = 'v', action = clap::ArgAction::Count, global = true)]
    pub(crate) verbose: u8,

    /// Progress bar on stderr: `auto` only when stderr is a terminal.
    #[arg(long, value_enum, default_value_t = Progress::Auto, global = true)]
    pub(crate) progress: Progress,
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse::<Shape>().map_err(|e| e.to_string())
}

/// `numpl show`.
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<String>,
}

/// `numpl solve`.
#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<String>,

    /// The algorithm: `fast` (bitmask search), `full` (the seed's plain backtracking),
    /// `human` (techniques only, never guesses).
    #[arg(long, value_enum, default_value_t = Algo::Fast)]
    pub(crate) algo: Algo,

    /// Stop at the first solution, skipping the uniqueness check.
    #[arg(long)]
    pub(crate) first: bool,

    /// Search nodes after which `full` and `fast` stop with status `budget`
    /// (default: unbounded for fast, 50 million for full).
    #[arg(long, value_name = "NODES")]
    pub(crate) budget: Option<u64>,
}

/// `numpl rate`, `hint`, `explain`: files only.
#[derive(Debug, Args)]
pub(crate) struct RateArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<String>,
}

/// Output formats (CONTRACT §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// N*N symbols on one line, `.` for a blank.
    Line,
    /// The seed's layout: columns of width 3, `/` for a blank, gaps between boxes and bands.
    Grid,
    /// Pencil marks: each open cell's candidates as a small block.
    Detail,
    /// One JSON object per puzzle per line.
    Json,
}

/// Input formats (CONTRACT §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Input {
    /// Decide per file.
    Auto,
    /// One puzzle per line.
    Line,
    /// One row per line.
    Grid,
}

/// When to draw a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Progress {
    /// When stderr is a terminal.
    Auto,
    /// Always (a plain status line every few seconds when stderr is not a terminal).
    Always,
    /// Never.
    Never,
}

/// Solving algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Algo {
    /// Bitmask search with propagation and MRV branching.
    Fast,
    /// The seed's full search: reading order, smallest value first.
    Full,
    /// Human techniques, no guessing.
    Human,
}

impl Algo {
    pub(crate) fn algorithm(self) -> numpl_solve::Algorithm {
        match self {
            Algo::Fast => numpl_solve::Algorithm::Fast,
            Algo::Full => numpl_solve::Algorithm::Full,
            Algo::Human => numpl_solve::Algorithm::Human,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn common_options_go_before_or_after_the_command() {
        let a = Cli::try_parse_from(["numpl", "--threads", "3", "solve", "x.txt"]).unwrap();
        let b = Cli::try_parse_from(["numpl", "solve", "x.txt", "--threads", "3"]).unwrap();
        assert_eq!(a.common.threads, Some(3));
        assert_eq!(b.common.threads, Some(3));
    }

    #[test]
    fn a_bad_box_is_a_usage_error() {
        let e = Cli::try_parse_from(["numpl", "show", "--box", "1x7"]).unwrap_err();
        assert!(e.to_string().contains("box 1x7 is not allowed"), "{e}");
    }
}
