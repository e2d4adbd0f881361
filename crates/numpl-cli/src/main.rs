//! `numpl`: the command-line tool. Thin glue: `main` parses the arguments, installs the
//! log subscriber, calls [`run`] and maps its result to the exit code (as README.md's
//! Output section says):
//! 0 every puzzle ended well, 1 some puzzle did not, 2 usage or I/O error.
//!
//! Layout: `cli` (clap structs), `input` (files and stdin as one stream of puzzles),
//! `jobs` (what each command does with one puzzle), `record` (the JSON wire struct),
//! `batch` (the ordered, parallel, bounded-memory pipeline with progress and summary).

#![forbid(unsafe_code)]

mod batch;
mod cli;
mod generate;
mod input;
mod jobs;
mod record;

use std::process::ExitCode;

use clap::Parser;
use numpl_core::{InputFormat, ParseOptions, Symbols};
use numpl_solve::{Algorithm, SolveOptions};

use crate::cli::{Cli, Command, Common, Format, Input};
use crate::input::Inputs;
use crate::jobs::{ExplainJob, Job, ShowJob, SolveJob};

/// Exit codes (README.md, Output).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Exit {
    /// Every puzzle ended `solved` (or was read, for `show`).
    Ok = 0,
    /// Some puzzle ended otherwise.
    Failed = 1,
    /// Usage error, unreadable file, I/O error.
    Error = 2,
}

fn main() -> ExitCode {
    // clap prints help/version and exits 0, or prints a usage error and exits 2.
    let cli = Cli::parse();
    init_logging(&cli.common);
    let code = match run(cli) {
        Ok(code) => code,
        Err(msg) => {
            tracing::error!("{msg}");
            Exit::Error
        }
    };
    ExitCode::from(code as u8)
}

/// Logs go to stderr. `RUST_LOG` wins; otherwise `-q` shows errors only, the default shows
/// warnings (e.g. bad puzzles), `-v` info, `-vv` debug, `-vvv` trace.
fn init_logging(common: &Common) {
    use tracing_subscriber::EnvFilter;
    let level = if common.quiet {
        "error"
    } else {
        match common.verbose {
            0 => "warn",
            1 => "info",
            2 => "debug",
            _ => "trace",
        }
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_target(false)
        .without_time()
        .init();
}

/// Runs one command. `Err` is a usage or setup error (exit 2).
fn run(cli: Cli) -> Result<Exit, String> {
    let common = &cli.common;
    let symbols = match &common.symbols {
        Some(s) => Symbols::custom(s).map_err(|e| e.to_string())?,
        None => Symbols::standard(),
    };
    if let (Some(n), Some(shape)) = (symbols.custom_len(), common.shape) {
        if n != shape.size() {
            return Err(format!(
                "--symbols has {n} characters but --box {shape} has {} values",
                shape.size()
            ));
        }
    }
    let parse = ParseOptions {
        input: match common.input {
            Input::Auto => InputFormat::Auto,
            Input::Line => InputFormat::Line,
            Input::Grid => InputFormat::Grid,
        },
        shape: common.shape,
        symbols: symbols.clone(),
    };
    match cli.command {
        Command::Show(args) => {
            let job = ShowJob {
                format: common.format,
                symbols,
            };
            batch_run(&job, args.files, parse, common)
        }
        Command::Solve(args) => {
            let job = SolveJob {
                algo: args.algo.algorithm(),
                opts: SolveOptions {
                    limit: if args.first { 1 } else { 2 },
                    budget: args.budget,
                },
                format: common.format,
                symbols,
                rate: false,
            };
            batch_run(&job, args.files, parse, common)
        }
        Command::Rate(args) => {
            if matches!(common.format, Some(Format::Grid | Format::Detail)) {
                return Err("numpl rate writes `--format line` (readable) or `json`".into());
            }
            let job = SolveJob {
                algo: Algorithm::Human,
                opts: SolveOptions::default(),
                format: common.format,
                symbols,
                rate: true,
            };
            batch_run(&job, args.files, parse, common)
        }
        Command::Hint(args) => explain(args.files, true, symbols, parse, common),
        Command::Explain(args) => explain(args.files, false, symbols, parse, common),
        Command::Generate(args) => generate::run(args, common, &symbols),
    }
}

/// `numpl hint` and `numpl explain`.
fn explain(
    files: Vec<String>,
    hint: bool,
    symbols: Symbols,
    parse: ParseOptions,
    common: &Common,
) -> Result<Exit, String> {
    if matches!(common.format, Some(Format::Grid | Format::Detail)) {
        return Err("numpl hint and explain write `--format line` (text) or `json`".into());
    }
    let job = ExplainJob {
        format: common.format,
        symbols,
        hint,
    };
    batch_run(&job, files, parse, common)
}

/// Runs a job over files as a batch, prints the summary, and picks the exit code.
fn batch_run<J: Job>(
    job: &J,
    files: Vec<String>,
    parse: ParseOptions,
    common: &Common,
) -> Result<Exit, String> {
    let threads = match common.threads {
        Some(0) => return Err("--threads must be at least 1".into()),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    tracing::info!(
        "{} input(s), {threads} thread(s), input format {:?}",
        files.len().max(1),
        parse.input
    );
    let inputs = Inputs::new(files, parse);
    let opts = batch::Options {
        threads,
        progress: common.progress,
    };
    let summary = batch::run(job, inputs, &opts).map_err(|e| e.to_string())?;
    if summary.closed {
        // stdout was closed (`| head`): stop quietly.
        return Ok(if summary.io_error {
            Exit::Error
        } else {
            Exit::Ok
        });
    }
    if !common.quiet {
        eprintln!("{}", summary.line(job.kinds()));
    }
    Ok(if summary.io_error {
        Exit::Error
    } else if !summary.all_ok() || summary.empty_inputs > 0 {
        Exit::Failed
    } else {
        Exit::Ok
    })
}
