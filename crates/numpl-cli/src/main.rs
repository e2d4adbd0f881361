//! `numpl`: the command-line tool. Thin glue: `main` parses the arguments, resolves them
//! into checked [`Settings`], runs the command and maps the result to the exit status:
//! 0 every puzzle ended well, 1 some puzzle did not, 2 usage or I/O error.
//!
//! The flow, top to bottom (each module only uses the ones below it):
//! - `cli`: the clap structs (flags as typed);
//! - `settings`: flags resolved and checked once (threads, symbols, box, formats, the
//!   generator's options) into [`Settings`];
//! - `commands/*`: one file per command, each a [`batch::Job`] that turns one puzzle (or one
//!   index to generate) into its record;
//! - `input` (files and stdin as one stream of puzzles), `record` (the JSON wire struct);
//! - `batch`: the ordered, parallel, bounded-memory pipeline with progress and summary that
//!   every command runs through.

#![forbid(unsafe_code)]

/// A line on stderr, as `eprintln!` writes it but never panicking: a stderr that cannot be
/// written (`2>/dev/full`, a closed pipe) loses the message, as a closed stdout loses
/// records, and the run goes on (`eprintln!` panics there, and a panic while reporting a
/// panic aborts the process).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::stderr_line(format_args!($($arg)*))
    };
}

mod batch;
mod cli;
mod commands;
mod exit;
mod input;
mod interrupt;
mod settings;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::cli::Cli;
use crate::commands::augment::AugmentJob;
use crate::commands::canon::CanonJob;
use crate::commands::dataset::DatasetJob;
use crate::commands::explain::Explain;
use crate::commands::generate::{GenerateJob, Indexes};
use crate::commands::hint::Hint;
#[cfg(feature = "print")]
use crate::commands::print::print;
use crate::commands::rate::Rate;
use crate::commands::show::ShowJob;
use crate::commands::solve::SolveJob;
use crate::commands::{HumanCommand, HumanJob};
use crate::exit::Exit;
use crate::input::{Inputs, Peeked};
use crate::settings::{InputSettings, Output, RunSettings, Settings, Task, UsageError};

fn main() -> ExitCode {
    // A panic is a bug in numpl, never the user's doing: say so in one line, without the
    // runtime's panic text, and exit 2 (the run could not finish).
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        say!("numpl: internal error: {what}{at}; this is a bug in numpl, please report it");
        std::process::exit(Exit::Error as i32);
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return ExitCode::from(clap_exit(&e) as u8),
    };
    init_logging(cli.common.quiet, cli.common.verbose);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let code = match Settings::resolve(cli, cores) {
        Ok(settings) => match run(settings) {
            Ok(code) => code,
            Err(e) => {
                tracing::error!("{e}");
                Exit::Error
            }
        },
        Err(e) => {
            tracing::error!("{e}");
            Exit::Error
        }
    };
    ExitCode::from(code as u8)
}

/// Writes one line to stderr and ignores any error (see `say!`).
pub(crate) fn stderr_line(args: std::fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{args}");
    let _ = err.flush();
}

/// What clap could not take: `--help` and `--version` go to stdout (exit 0, or 2 when
/// stdout cannot be written, e.g. `numpl --help > /dev/full`); usage errors to stderr
/// (exit 2).
fn clap_exit(e: &clap::Error) -> Exit {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let out = std::io::stdout();
            let text = if out.is_terminal() {
                e.render().ansi().to_string()
            } else {
                e.render().to_string()
            };
            let mut out = out.lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => Exit::Ok,
                Err(err) => {
                    say!("numpl: cannot write to stdout: {err}");
                    Exit::Error
                }
            }
        }
        _ => {
            let _ = e.print();
            Exit::Error
        }
    }
}

/// Logs go to stderr. `RUST_LOG` wins; otherwise `-q` shows errors only (such as why a
/// puzzle is invalid), `-qq` nothing, the default shows warnings too, `-v` info, `-vv`
/// debug, `-vvv` trace.
fn init_logging(quiet: u8, verbose: u8) {
    use tracing_subscriber::EnvFilter;
    let level = match (quiet, verbose) {
        (0, 0) => "warn",
        (0, 1) => "info",
        (0, 2) => "debug",
        (0, _) => "trace",
        (1, _) => "error",
        _ => "off",
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| LossyStderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .without_time()
        .init();
}

/// stderr for the log, losing what cannot be written: tracing-subscriber reports a failed
/// write with `eprintln!`, which panics when stderr is the thing that failed.
struct LossyStderr;

impl Write for LossyStderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = std::io::stderr().write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = std::io::stderr().flush();
        Ok(())
    }
}

/// The puzzles of a run. Pictures without `--out` go to stdout, one at most: a second
/// puzzle is a usage error before anything is drawn. With `--out` the folder is made first.
fn source(inputs: InputSettings, output: &Output) -> Result<Peeked, Box<dyn std::error::Error>> {
    if !output.is_svg() {
        return Ok(Peeked::new(Inputs::new(inputs), 0));
    }
    if let Some(dir) = &output.pictures.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
        return Ok(Peeked::new(Inputs::new(inputs), 0));
    }
    let peeked = Peeked::new(Inputs::new(inputs), 2);
    if peeked.len() > 1 {
        return Err(Box::new(UsageError(
            "--format svg draws one picture to stdout, and the input holds more than one \
             puzzle: use --out DIR to write one file per puzzle"
                .into(),
        )));
    }
    Ok(peeked)
}

/// Runs one command. `Err` is an error that ends the whole run (exit 2).
fn run(settings: Settings) -> Result<Exit, Box<dyn std::error::Error>> {
    let Settings { run, output, task } = settings;
    // `serve` shuts down on its own signals; every other command stops on these.
    #[cfg(feature = "serve")]
    let serving = matches!(task, Task::Serve(_));
    #[cfg(not(feature = "serve"))]
    let serving = false;
    if !serving {
        interrupt::install();
    }
    Ok(match task {
        Task::Show { inputs, export } => {
            let src = source(inputs, &output)?;
            batch::run(&ShowJob { output, export }, src, &run)?
        }
        Task::Solve { inputs, algo, opts } => {
            let src = source(inputs, &output)?;
            let nodes = Default::default();
            let job = SolveJob {
                algo,
                opts,
                output,
                nodes,
            };
            batch::run(&job, src, &run)?
        }
        Task::Rate(inputs, max, opts, se) => human(Rate { max, opts, se }, output, inputs, &run)?,
        Task::Hint(inputs, opts, se) => human(Hint { opts, se }, output, inputs, &run)?,
        Task::Canon(inputs, unique, split) => {
            let src = source(inputs, &output)?;
            batch::run(
                &CanonJob {
                    output,
                    unique,
                    split,
                },
                src,
                &run,
            )?
        }
        Task::Dataset(inputs, opts, extras, unique, split) => {
            let src = source(inputs, &output)?;
            let job = DatasetJob {
                output,
                opts,
                extras,
                unique,
                split,
                nodes: Default::default(),
            };
            batch::run(&job, src, &run)?
        }
        Task::Augment(inputs, copies, seed, opts) => {
            let src = source(inputs, &output)?;
            let job = AugmentJob {
                output,
                copies,
                seed,
                opts,
            };
            batch::run(&job, src, &run)?
        }
        Task::Explain(inputs, opts, se) => human(Explain { opts, se }, output, inputs, &run)?,
        #[cfg(feature = "print")]
        Task::Print(p) => print(p, &run)?,
        #[cfg(feature = "serve")]
        Task::Serve(config) => {
            commands::serve::serve(config)?;
            Exit::Ok
        }
        Task::Generate(g) => {
            let count = g.count;
            let job = GenerateJob::new(g, output);
            if !run.quiet {
                say!("numpl: {}", job.describe(count));
            }
            batch::run(&job, Indexes::new(count), &run)?
        }
    })
}

/// Runs one of the human solver's commands (`rate`, `hint`, `explain`).
fn human<C: HumanCommand>(
    command: C,
    output: Output,
    inputs: InputSettings,
    run: &RunSettings,
) -> Result<Exit, Box<dyn std::error::Error>> {
    let src = source(inputs, &output)?;
    Ok(batch::run(&HumanJob { command, output }, src, run)?)
}
