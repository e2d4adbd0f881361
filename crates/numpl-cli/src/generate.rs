//! `numpl generate`: make puzzles with numpl-gen and print them in order.
//!
//! Puzzle `i` of a run depends only on the seed, `i` and the options, so the output is the
//! same whatever `--threads` is. Puzzles are made in parallel in chunks and written in index
//! order as each chunk finishes, so a long run streams and stays small in memory.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufWriter, ErrorKind, Write};
use std::time::Instant;

use clap::Args;
use numpl_core::{format_detail, format_grid, format_line, Shape, Symbols};
use numpl_gen::{
    GenError, GenOptions, Generated, Generator, Level, MaxTechnique, Symmetry, Technique,
    DEFAULT_MAX_TRIES,
};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::{Common, Format};
use crate::record::Techniques;
use crate::Exit;

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

    /// Only puzzles the human solver rates at this level: easy, medium, hard, unfair, extreme.
    #[arg(long, value_parser = parse_level)]
    pub(crate) level: Option<Level>,

    /// Only puzzles whose logical solution needs this technique (e.g. x_wing, xy_wing).
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    pub(crate) require: Option<Technique>,

    /// With --level or --require: the most grids dug for one puzzle before giving up on it.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TRIES)]
    pub(crate) max_tries: u32,
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse::<Shape>().map_err(|e| e.to_string())
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

/// The JSON record of one generated puzzle: CONTRACT §6's fields that apply, then
/// `givens`, `symmetry`, `seed` (and `tries`, `minimal`).
#[derive(Serialize)]
struct GenRecord<'a> {
    index: u64,
    size: usize,
    #[serde(rename = "box")]
    shape: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    techniques: Option<Techniques<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    givens: Option<usize>,
    symmetry: &'static str,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    tries: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A seed nobody chose: the standard library's per-process random hasher keys, mixed with
/// the time.
fn random_seed() -> u64 {
    let mut h = RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    h.write_u128(now);
    h.write_u32(std::process::id());
    h.finish()
}

/// Runs `numpl generate`. `Err` is a usage error (exit 2).
pub(crate) fn run(args: GenerateArgs, common: &Common, symbols: &Symbols) -> Result<Exit, String> {
    let shape = match (args.size, common.shape) {
        (Some(a), Some(b)) if a != b => {
            return Err(format!(
                "--size {a} and --box {b} disagree; give one of them"
            ))
        }
        (a, b) => a.or(b).unwrap_or(Shape::NINE),
    };
    if let Some(n) = symbols.custom_len() {
        if n != shape.size() {
            return Err(format!(
                "--symbols has {n} characters but a {shape} grid has {} values",
                shape.size()
            ));
        }
    }
    let format = common.format.unwrap_or(Format::Line);
    let threads = match common.threads {
        Some(0) => return Err("--threads must be at least 1".into()),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let generator = Generator::new(
        GenOptions::new(shape)
            .symmetry(args.symmetry)
            .max_technique(args.max_technique)
            .level(args.level)
            .require(args.require)
            .max_tries(args.max_tries.max(1))
            .seed(seed)
            // Only JSON shows the rating (a level asked for rates anyway).
            .rate(format == Format::Json),
    )
    .map_err(|e| e.to_string())?;
    if !common.quiet {
        eprintln!(
            "numpl: generating {} {} puzzle{} (symmetry {}, max technique {}{}), seed {seed}",
            args.count,
            shape_name(shape),
            if args.count == 1 { "" } else { "s" },
            args.symmetry,
            args.max_technique,
            args.level
                .map(|l| format!(", level {l}"))
                .unwrap_or_default()
                + &args
                    .require
                    .map(|t| format!(", needing {t}"))
                    .unwrap_or_default()
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let chunk = (threads as u64 * 4).max(16);
    let (mut made, mut failed) = (0u64, 0u64);
    let mut first = 0u64;
    'run: while first < args.count {
        let last = (first + chunk).min(args.count);
        let batch: Vec<(Result<Generated, GenError>, u64)> = pool.install(|| {
            (first..last)
                .into_par_iter()
                .map(|i| {
                    let t = Instant::now();
                    let g = generator.generate(i);
                    (g, t.elapsed().as_micros() as u64)
                })
                .collect()
        });
        for (i, (result, micros)) in (first..last).zip(batch) {
            let text = match &result {
                Ok(g) => {
                    made += 1;
                    render(g, format, symbols, micros)
                }
                Err(e) => {
                    failed += 1;
                    tracing::error!("{e}");
                    if format == Format::Json {
                        error_record(i, shape, &args, seed, &e.to_string())
                    } else {
                        String::new()
                    }
                }
            };
            if let Err(e) = out.write_all(text.as_bytes()) {
                if e.kind() == ErrorKind::BrokenPipe {
                    return Ok(Exit::Ok);
                }
                return Err(format!("writing to stdout: {e}"));
            }
        }
        if let Err(e) = out.flush() {
            if e.kind() == ErrorKind::BrokenPipe {
                break 'run;
            }
            return Err(format!("writing to stdout: {e}"));
        }
        first = last;
    }
    if !common.quiet {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "numpl: {made} puzzles generated, {failed} failed; {secs:.3} s, {} puzzles/s; seed {seed}",
            crate::batch::rate(made, secs)
        );
    }
    Ok(if failed == 0 { Exit::Ok } else { Exit::Failed })
}

fn shape_name(shape: Shape) -> String {
    format!("{n}x{n} ({shape} boxes)", n = shape.size())
}

/// One puzzle in the chosen format.
fn render(g: &Generated, format: Format, symbols: &Symbols, micros: u64) -> String {
    match format {
        Format::Line => format_line(&g.puzzle, symbols) + "\n",
        Format::Grid => format_grid(&g.puzzle, symbols) + "\n",
        Format::Detail => format_detail(&g.puzzle, &g.puzzle.candidates(), symbols) + "\n\n",
        Format::Json => {
            let r = g.report.as_ref();
            let rec = GenRecord {
                index: g.index,
                size: g.puzzle.size(),
                shape: g.puzzle.shape().to_string(),
                puzzle: Some(format_line(&g.puzzle, symbols)),
                status: Some("solved"),
                solution: Some(format_line(&g.solution, symbols)),
                micros: Some(micros),
                techniques: r.map(|r| Techniques(&r.counts)),
                level: r.map(|r| r.level.name()),
                score: r.map(|r| r.score),
                givens: Some(g.givens()),
                symmetry: g.symmetry.name(),
                seed: g.seed,
                tries: Some(g.tries),
                minimal: Some(g.minimal),
                error: None,
            };
            to_line(&rec)
        }
    }
}

fn error_record(index: u64, shape: Shape, args: &GenerateArgs, seed: u64, msg: &str) -> String {
    to_line(&GenRecord {
        index,
        size: shape.size(),
        shape: shape.to_string(),
        puzzle: None,
        status: None,
        solution: None,
        micros: None,
        techniques: None,
        level: None,
        score: None,
        givens: None,
        symmetry: args.symmetry.name(),
        seed,
        tries: None,
        minimal: None,
        error: Some(msg.to_string()),
    })
}

fn to_line(rec: &GenRecord<'_>) -> String {
    let mut s = serde_json::to_string(rec).expect("a record always serializes");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn args(line: &[&str]) -> GenerateArgs {
        match Cli::try_parse_from(line).unwrap().command {
            Command::Generate(a) => a,
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn options_parse_with_their_defaults() {
        let a = args(&["numpl", "generate"]);
        assert_eq!((a.size, a.count, a.seed), (None, 1, None));
        assert_eq!(a.symmetry, Symmetry::Point);
        assert_eq!(a.max_technique, MaxTechnique::All);
        let a = args(&[
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

    #[test]
    fn json_record_has_the_contract_fields_and_the_generator_ones() {
        let g = Generator::new(GenOptions::default().seed(3))
            .unwrap()
            .generate(0)
            .unwrap();
        let line = render(&g, Format::Json, &Symbols::standard(), 10);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["status"], "solved");
        assert_eq!(v["size"], 9);
        assert_eq!(v["box"], "3x3");
        assert_eq!(v["symmetry"], "point");
        assert_eq!(v["seed"], 3);
        assert_eq!(v["givens"], g.givens());
        assert_eq!(v["puzzle"], format_line(&g.puzzle, &Symbols::standard()));
        assert_eq!(
            v["solution"],
            format_line(&g.solution, &Symbols::standard())
        );
        assert!(v["techniques"].is_object() && v["level"].is_string() && v["score"].is_u64());
        assert!(line.ends_with('\n') && !line.trim_end().contains('\n'));
    }
}
