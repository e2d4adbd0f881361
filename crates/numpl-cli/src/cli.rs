//! The command line as clap sees it: low-level flags, one struct per command. Doc comments
//! are the help text. Nothing here is checked beyond what clap parses: [`crate::settings`]
//! turns these flags into validated settings in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use numpl_core::Shape;
use numpl_gen::{Level, MaxTechnique, Symmetry, Technique, DEFAULT_MAX_TRIES};

/// numpl: solve, rate and show Number Place (Sudoku) puzzles of any size, 4x4 to 64x64.
///
/// Puzzles are read from FILEs (none or `-` is stdin), one per line (81 symbols for a 9x9,
/// `.` or `0` for a blank) or as grids (one row per line, like the seed's printed layout).
/// Positions with pencil marks are read too: a line of N*N*N symbols (729 for a 9x9: each
/// cell's nine places, the digit where it is still a candidate) or the pencil-mark grid
/// that `--format detail` prints; solving, hints and ratings start from the marks.
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

/// The subcommands. To add one: a variant here, its settings in `settings.rs`, and its
/// own file under `commands/`.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Parse puzzles and print them in another format (`--format detail`: candidates;
    /// `--format svg`: a picture, `--candidates` with pencil marks).
    Show(ShowArgs),
    /// Solve puzzles: one record per puzzle (solved, multiple, unsolvable, budget, invalid).
    Solve(SolveArgs),
    /// Rate puzzles with the human-technique solver: techniques used, level, score (brute
    /// force, HoDoKu's last resort, when logic runs out; `--max-technique` for logic only).
    Rate(RateArgs),
    /// The next logical step of each puzzle, explained (human techniques, no guessing);
    /// `--format svg`: the step as a picture.
    Hint(PictureFilesArgs),
    /// Every step of a logical solution of each puzzle, explained; `--format svg`: one
    /// picture per step (with `--out DIR`).
    Explain(PictureFilesArgs),
    /// Generate puzzles: unique, symmetric, minimal, solvable within a technique limit.
    Generate(GenerateArgs),
    /// Each puzzle's minlex (canonical) form under the whole symmetry group; `--unique`
    /// keeps the first puzzle of each class.
    Canon(CanonArgs),
    /// A rated data set (CSV or JSON): solution, givens, canonical form, search effort,
    /// level, score and techniques of every puzzle; `--unique` drops equivalent repeats.
    Dataset(DatasetArgs),
    /// Random equivalent copies of each puzzle with their solutions (seeded), for data-set
    /// augmentation: `quizzes,solutions,transform` rows or JSON records.
    Augment(AugmentArgs),
    /// A print-ready PDF sheet of puzzles (with `--solutions`, their solutions after).
    #[cfg(feature = "print")]
    Print(PrintArgs),
    /// The web app and JSON API on http://127.0.0.1:8080/ (`--listen ADDR:PORT`) until
    /// Ctrl-C or SIGTERM.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
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

    /// Worker threads; default: all cores (at most 4 per core). 1 is the plain sequential
    /// path.
    #[arg(long, short = 'j', value_name = "N", global = true)]
    pub(crate) threads: Option<usize>,

    /// -q: no summary and no warnings, only errors (such as why a puzzle is invalid);
    /// -qq: nothing at all on stderr.
    #[arg(long, short = 'q', action = clap::ArgAction::Count, global = true, conflicts_with = "verbose")]
    pub(crate) quiet: u8,

    /// More messages on stderr (-v: info, -vv: debug). `RUST_LOG` overrides.
    #[arg(long, short = 'v', action = clap::ArgAction::Count, global = true)]
    pub(crate) verbose: u8,

    /// Progress bar on stderr: `auto` only when stderr is a terminal (and not `-q`).
    #[arg(long, value_enum, default_value_t = Progress::Auto, global = true)]
    pub(crate) progress: Progress,

    /// Search nodes (values placed) a puzzle may take before it ends with status `budget`:
    /// the search of `solve` (every algorithm; for `human`, and for `rate`, `hint` and
    /// `explain`, the uniqueness count before the techniques), or the searches that make
    /// one puzzle of `generate`. `none`: no limit. Default: 100 million for `fast` and the
    /// human solver's count, 50 million for `full`, 500 million for one generated puzzle.
    #[arg(long, value_name = "NODES|none", value_parser = parse_budget, global = true)]
    pub(crate) budget: Option<Budget>,
}

/// `--budget`: a node count, or no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Budget {
    /// At most this many nodes.
    Nodes(u64),
    /// `none`: no limit.
    Unlimited,
}

impl Budget {
    /// As the libraries take it: `u64::MAX` for no limit.
    pub(crate) fn nodes(self) -> u64 {
        match self {
            Budget::Nodes(n) => n,
            Budget::Unlimited => u64::MAX,
        }
    }
}

fn parse_budget(s: &str) -> Result<Budget, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(Budget::Unlimited);
    }
    match s.replace('_', "").parse::<u64>() {
        // A search places its first value as its first node: no budget at all would end
        // every puzzle at once, and 0 reads as "no limit" in other tools. Neither is
        // worth a silent guess.
        Ok(0) => Err(
            "a budget of 0 nodes would stop every search before it starts: give \
                      at least 1, or `none` for no limit"
                .to_string(),
        ),
        Ok(n) => Ok(Budget::Nodes(n)),
        Err(_) => Err(format!(
            "`{s}` is not a node count (e.g. 1000000) or `none`"
        )),
    }
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse::<Shape>().map_err(|e| e.to_string())
}

/// Commands that take only puzzle files: `rate`.
#[derive(Debug, Args)]
pub(crate) struct FilesArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,
}

/// `numpl canon`.
#[derive(Debug, Args)]
pub(crate) struct CanonArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,

    /// Keep only the first puzzle of each class (puzzles with the same minlex form are
    /// the same puzzle relabelled, reflected or permuted); the summary counts the others.
    #[arg(long)]
    pub(crate) unique: bool,

    #[command(flatten)]
    pub(crate) split: SplitArgs,
}

/// `--test-fraction`, `--seed`: a train/test split by class (`canon`, `dataset`).
#[derive(Debug, Args, Default)]
pub(crate) struct SplitArgs {
    /// Add a `split` field (`train` or `test`) that puts about this fraction (0 to 1) of the
    /// classes on the test side; equivalent puzzles always share a side.
    #[arg(long, value_name = "F", value_parser = parse_fraction)]
    pub(crate) test_fraction: Option<f64>,

    /// The split's seed: the same seed and fraction give the same sides everywhere.
    #[arg(long, value_name = "S", requires = "test_fraction")]
    pub(crate) seed: Option<u64>,
}

/// A fraction from 0 to 1.
fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        _ => Err(format!("`{s}` is not a fraction from 0 to 1 (such as 0.1)")),
    }
}

/// `numpl augment`.
#[derive(Debug, Args)]
pub(crate) struct AugmentArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,

    /// Equivalent copies to make of each puzzle.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub(crate) copies: u32,

    /// The seed: copy k of puzzle i depends only on the seed, i and k [default: random,
    /// reported in the summary].
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
}

/// `numpl dataset`.
#[derive(Debug, Args)]
pub(crate) struct DatasetArgs {
    /// Puzzle files; none or `-` reads stdin (e.g. `numpl generate ... | numpl dataset`).
    pub(crate) files: Vec<PathBuf>,

    /// Keep only the first puzzle of each class (same minlex form).
    #[arg(long)]
    pub(crate) unique: bool,

    /// Add Sudoku Explainer's rating (serate 1.2.1.3): columns `er`, `ep`, `ed` and
    /// `er_technique`. Much slower than the rest of a row on hard puzzles (seconds each).
    #[arg(long)]
    pub(crate) se: bool,

    #[command(flatten)]
    pub(crate) split: SplitArgs,

    #[command(flatten)]
    pub(crate) techniques: TechniqueArgs,
}

/// `numpl rate`.
#[derive(Debug, Args)]
pub(crate) struct RateArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,

    /// The hardest technique the rating may use (e.g. forcing_net: logic only, no
    /// brute force); a puzzle it cannot finish ends `stuck`, scored on the steps taken, its level
    /// at least that of the first technique past the limit.
    /// Default: every technique, brute force last, so every unique puzzle is solved.
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    pub(crate) max_technique: Option<Technique>,

    /// Stop each rating as soon as its level is certain: the level is the one the whole
    /// rating gives, but a puzzle found extreme part way (an extreme technique, a score past
    /// unfair's bound, or nothing below the extreme techniques left to try) gets no score
    /// or technique counts, which need the whole solve. Several times faster on hard
    /// puzzles. Needs brute force as the last resort (not with `--max-technique` below it
    /// or `--disable brute_force`).
    #[arg(long)]
    pub(crate) level_only: bool,

    /// The rating scale: `hodoku` (level and score of the human solver) or `se` (Sudoku
    /// Explainer's ER/EP/ED as serate 1.2.1.3 gives them; 9x9 puzzles; not with
    /// `--max-technique`, `--level-only`, `--enable` or `--disable`).
    #[arg(long, value_enum, default_value = "hodoku")]
    pub(crate) scale: Scale,

    #[command(flatten)]
    pub(crate) techniques: TechniqueArgs,
}

/// `rate --scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Scale {
    /// HoDoKu's levels and scores (the human solver).
    Hodoku,
    /// Sudoku Explainer's ER, EP and ED.
    Se,
}

/// `--enable`, `--disable`: the human solver's techniques turned on or off (`rate`,
/// `hint`, `explain`, `solve --algo human`, `generate`).
#[derive(Debug, Args, Default)]
pub(crate) struct TechniqueArgs {
    /// Turn techniques on that are off by default: comma-separated technique names, as
    /// `--max-technique` takes them (a name in both `--enable` and `--disable` is an error).
    #[arg(long, value_name = "NAME[,NAME..]", value_delimiter = ',', value_parser = parse_technique)]
    pub(crate) enable: Vec<Technique>,

    /// Turn techniques off (e.g. `xy_wing,x_chain`): the human solver never uses them
    /// (`brute_force` off: logic only). `--max-technique` still bounds what is on.
    #[arg(long, value_name = "NAME[,NAME..]", value_delimiter = ',', value_parser = parse_technique)]
    pub(crate) disable: Vec<Technique>,
}

/// Where `--format svg` pictures go, and how they look.
#[derive(Debug, Args, Default)]
pub(crate) struct PictureArgs {
    /// With `--format svg`: write one file per picture into DIR (`0001.svg`, or
    /// `0001-step-07.svg` for `explain`) instead of one picture to stdout.
    #[arg(long, value_name = "DIR")]
    pub(crate) out: Option<PathBuf>,

    /// With `--format svg`: row and column numbers around the grid.
    #[arg(long)]
    pub(crate) labels: bool,
}

/// `numpl hint` and `numpl explain`.
#[derive(Debug, Args)]
pub(crate) struct PictureFilesArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,

    /// Whose steps: `hodoku` (numpl's human solver, HoDoKu's techniques) or `se` (Sudoku
    /// Explainer's path as serate 1.2.1.3 takes it, each step with its SE difficulty; 9x9
    /// puzzles with one solution, givens only; text or JSON; not with `--enable` or
    /// `--disable`).
    #[arg(long, value_enum, default_value = "hodoku")]
    pub(crate) scale: Scale,

    #[command(flatten)]
    pub(crate) picture: PictureArgs,

    #[command(flatten)]
    pub(crate) techniques: TechniqueArgs,
}

/// `numpl show`.
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,

    /// With `--format svg`: draw every open cell's candidates (pencil marks).
    #[arg(long)]
    pub(crate) candidates: bool,

    /// Write each puzzle (classic or variant) for other programs, one a line: f-puzzles'
    /// JSON, or a link that opens it in f-puzzles or SudokuPad (instead of `--format`).
    #[arg(long, value_name = "FORM")]
    pub(crate) export: Option<Export>,

    #[command(flatten)]
    pub(crate) picture: PictureArgs,
}

/// `numpl show --export`: what other programs read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Export {
    /// f-puzzles' puzzle JSON (one object a line).
    Fpuzzles,
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=...`).
    FpuzzlesLink,
    /// A SudokuPad link (`https://sudokupad.app/fpuzzles...`).
    SudokupadLink,
}

/// `numpl print`.
#[cfg(feature = "print")]
#[derive(Debug, Args)]
pub(crate) struct PrintArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,

    /// The PDF to write (a file is written whole, or not at all; a device or FIFO is
    /// written to as it is; a symbolic link writes its target; `-` is stdout).
    #[arg(long, value_name = "FILE|-", required = true)]
    pub(crate) out: PathBuf,

    /// Puzzles per page.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = parse_per_page)]
    pub(crate) per_page: usize,

    /// Add the solutions, as small grids, on the pages after the puzzles.
    #[arg(long)]
    pub(crate) solutions: bool,

    /// The heading of every page (default: "Number Place").
    #[arg(long, value_name = "TEXT")]
    pub(crate) title: Option<String>,

    /// The paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub(crate) paper: PaperArg,
}

#[cfg(feature = "print")]
fn parse_per_page(s: &str) -> Result<usize, String> {
    match s {
        "1" | "2" | "4" | "6" => Ok(s.parse().expect("a digit")),
        _ => Err(format!("{s} puzzles per page: use 1, 2, 4 or 6")),
    }
}

/// Paper sizes for `numpl print`.
#[cfg(feature = "print")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PaperArg {
    /// ISO A4 (210 x 297 mm).
    A4,
    /// US Letter (8.5 x 11 in).
    Letter,
}

/// `numpl solve`.
#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    /// Puzzle files; none or `-` reads stdin.
    pub(crate) files: Vec<PathBuf>,

    /// The algorithm: `fast` (bitmask search), `full` (the seed's plain backtracking),
    /// `human` (techniques only, never guesses).
    #[arg(long, value_enum, default_value_t = Algo::Fast)]
    pub(crate) algo: Algo,

    /// Stop at the first solution, skipping the uniqueness check.
    #[arg(long)]
    pub(crate) first: bool,

    #[command(flatten)]
    pub(crate) picture: PictureArgs,

    #[command(flatten)]
    pub(crate) techniques: TechniqueArgs,
}

/// `numpl generate`.
#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
    /// Grid size N (4, 6, 9, 16, 25, 36 ...; the most square boxes) or a box shape RxC
    /// (e.g. `2x3`). `--box` means the same.
    #[arg(long, value_name = "N|RxC", value_parser = parse_shape)]
    pub(crate) size: Option<Shape>,

    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "K")]
    pub(crate) count: u64,

    /// The run's seed: the same seed, options and numpl version give the same puzzles.
    /// Default: a random seed, reported on stderr and in JSON.
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,

    /// Symmetry of the givens: none, point, horizontal, vertical, diagonal, antidiagonal,
    /// rot90, dihedral (the last four need square boxes).
    #[arg(long, default_value = "point", value_parser = parse_symmetry)]
    pub(crate) symmetry: Symmetry,

    /// The hardest technique a puzzle may need (e.g. hidden_single, naked_pair, x_wing,
    /// xy_wing); `all`: anything the human solver knows; `none`: uniqueness only.
    #[arg(long, value_name = "NAME", default_value = "all", value_parser = parse_max)]
    pub(crate) max_technique: MaxTechnique,

    #[command(flatten)]
    pub(crate) techniques: TechniqueArgs,

    /// Only puzzles the human solver rates at this level: easy, medium, hard, unfair, extreme.
    #[arg(long, value_parser = parse_level)]
    pub(crate) level: Option<Level>,

    /// Only puzzles whose logical solution needs this technique (e.g. x_wing, xy_wing).
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    pub(crate) require: Option<Technique>,

    /// With --level or --require: the most grids dug for one puzzle before giving up on it.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TRIES)]
    pub(crate) max_tries: u32,

    /// Make variant puzzles: killer (cages with sums, no givens), jigsaw, x (both
    /// diagonals), windoku or thermo; unique, written as variant records (`--format line`
    /// or `json`). --level easy, medium or hard: judged by the variant techniques
    /// (numpl's variant scale); not with --require.
    #[arg(long, value_name = "KIND", value_parser = parse_variant_kind)]
    pub(crate) variant: Option<numpl_gen::VariantKind>,

    /// With --variant killer: the cells a cage is grown to, `MIN-MAX` (e.g. `2-4`; one
    /// number: that size). Default: 2 to 5, merged up to 6 while unique.
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_cage_cells)]
    pub(crate) cage_cells: Option<(usize, usize)>,

    /// With --variant killer: givens dug over the cages (kept as grown), instead of cages
    /// only.
    #[arg(long)]
    pub(crate) killer_givens: bool,
}

fn parse_variant_kind(s: &str) -> Result<numpl_gen::VariantKind, String> {
    s.parse()
}

fn parse_cage_cells(s: &str) -> Result<(usize, usize), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("{s:?}: cage sizes are MIN-MAX, e.g. 2-4"))
    };
    match s.split_once('-') {
        Some((a, b)) => Ok((num(a)?, num(b)?)),
        None => num(s).map(|k| (k, k)),
    }
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse::<Symmetry>().map_err(|e| e.to_string())
}

fn parse_max(s: &str) -> Result<MaxTechnique, String> {
    s.parse::<MaxTechnique>().map_err(|e| e.to_string())
}

fn parse_technique(s: &str) -> Result<Technique, String> {
    s.parse::<Technique>().map_err(|e| e.to_string())
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse::<Level>().map_err(|e| e.to_string())
}

/// Output formats.
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
    /// A header line, then one row a puzzle: `quizzes,solutions` (`0` for a blank) and,
    /// where they apply, `status,level,score`.
    Csv,
    /// A picture (SVG): one to stdout, or one file per puzzle or step with `--out DIR`.
    Svg,
}

/// Input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Input {
    /// Decide per file.
    Auto,
    /// One puzzle per line.
    Line,
    /// One row per line.
    Grid,
    /// A header line, then one puzzle a row (the column named like `quizzes` or `puzzle`,
    /// else the first).
    Csv,
    /// Pencil-mark grids as `--format detail` prints them (positions).
    Detail,
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

    fn generate_args(line: &[&str]) -> GenerateArgs {
        match Cli::try_parse_from(line).unwrap().command {
            Command::Generate(a) => a,
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn generate_options_parse_with_their_defaults() {
        let a = generate_args(&["numpl", "generate"]);
        assert_eq!((a.size, a.count, a.seed), (None, 1, None));
        assert_eq!(a.symmetry, Symmetry::Point);
        assert_eq!(a.max_technique, MaxTechnique::All);
        let a = generate_args(&[
            "numpl",
            "generate",
            "--size",
            "2x3",
            "--count",
            "5",
            "--seed",
            "7",
            "--symmetry",
            "vertical",
            "--max-technique",
            "x_wing",
            "--level",
            "hard",
        ]);
        assert_eq!(a.size, Some(Shape::new(2, 3).unwrap()));
        assert_eq!((a.count, a.seed), (5, Some(7)));
        assert_eq!(a.symmetry, Symmetry::Vertical);
        assert_eq!(a.level, Some(Level::Hard));
        assert!(Cli::try_parse_from(["numpl", "generate", "--symmetry", "spiral"]).is_err());
        assert!(Cli::try_parse_from(["numpl", "generate", "--level", "fiendish"]).is_err());
    }
}

/// `numpl serve`'s flags.
#[cfg(feature = "serve")]
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// The address to listen on (port 0 picks a free one); loopback only by default.
    #[arg(long, value_name = "ADDR:PORT", default_value = numpl_web::DEFAULT_LISTEN)]
    pub(crate) listen: std::net::SocketAddr,

    /// The largest request body, in bytes (413 over it).
    #[arg(long, value_name = "BYTES", default_value_t = numpl_web::Config::DEFAULT_MAX_BODY)]
    pub(crate) max_body: usize,

    /// The node budget of one search (`fast` and `full` solving).
    #[arg(long, value_name = "NODES", default_value_t = numpl_web::Config::DEFAULT_SOLVE_BUDGET)]
    pub(crate) solve_budget: u64,

    /// The largest grid side for rating, hints, explanations, generation and pictures.
    #[arg(long, value_name = "N", default_value_t = numpl_web::Config::DEFAULT_MAX_SIZE)]
    pub(crate) max_size: usize,

    /// The largest grid side `/api/solve` takes (a search's memory grows with the fourth
    /// power of the side: a blank 36x36 holds about 25 MB, a 64x64 about 380 MB).
    #[arg(long, value_name = "N", default_value_t = numpl_web::Config::DEFAULT_MAX_SOLVE_SIZE)]
    pub(crate) max_solve_size: usize,

    /// The most jobs on grids above 16x16 that run at once, whatever `--threads` is
    /// (others wait their turn within `--timeout`).
    #[arg(long, value_name = "K", default_value_t = numpl_web::Config::DEFAULT_MAX_BIG_JOBS)]
    pub(crate) max_big_jobs: usize,

    /// The most puzzles in one `generate` or `pdf` request.
    #[arg(long, value_name = "K", default_value_t = numpl_web::Config::DEFAULT_MAX_COUNT)]
    pub(crate) max_count: u64,

    /// The most cells (size x size x count) one `generate` request may make.
    #[arg(long, value_name = "CELLS", default_value_t = numpl_web::Config::DEFAULT_MAX_GENERATE_CELLS)]
    pub(crate) max_generate_cells: u64,

    /// The longest a request may take, in seconds (503 past it).
    #[arg(long, value_name = "SECONDS", default_value_t = numpl_web::Config::DEFAULT_TIMEOUT_SECS)]
    pub(crate) timeout: u64,

    /// The longest a client may take to send a request's headers, in seconds (from the
    /// connection's start or the previous answer; the connection is closed past it).
    #[arg(long, value_name = "SECONDS", default_value_t = numpl_web::Config::DEFAULT_HEADER_TIMEOUT_SECS)]
    pub(crate) header_timeout: u64,

    /// The longest a client may take to send a request's body once its headers are in, in
    /// seconds (408 past it).
    #[arg(long, value_name = "SECONDS", default_value_t = numpl_web::Config::DEFAULT_BODY_TIMEOUT_SECS)]
    pub(crate) body_timeout: u64,

    /// A host name (or `name:port`) requests may be addressed to besides the listening
    /// address (repeatable). On a loopback address other hosts get 403 (no DNS
    /// rebinding); on another address every host is answered unless this is given.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub(crate) allow_host: Vec<String>,
}
