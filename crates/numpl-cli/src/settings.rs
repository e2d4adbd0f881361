//! The command line resolved once into validated, high-level settings (as ripgrep turns
//! its flags into `HiArgs`). Every check of a flag or of two flags together lives here:
//! `--threads`, `--symbols` against `--box`, `--size` against `--box`, the formats a command
//! can write, the generator's options. The commands below receive settings that are known
//! to be good and never look at a flag again.

use crate::commands::canon::Split;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, OnceLock};

use numpl_core::{InputFormat, ParseErrorKind, ParseOptions, Shape, Symbols};
use numpl_gen::{GenOptions, Generator};
use numpl_render::SvgOptions;
#[cfg(feature = "print")]
use numpl_render::{Paper, SheetOptions};
use numpl_solve::{Algorithm, SolveOptions};

#[cfg(feature = "serve")]
use crate::cli::ServeArgs;
use crate::cli::{
    Algo, Budget, Cli, Command, Common, Export, FilesArgs, Format, GenerateArgs, Input,
    PictureArgs, Progress, TechniqueArgs,
};
#[cfg(feature = "print")]
use crate::cli::{PaperArg, PrintArgs};

/// At most this many worker threads per core: more only costs memory and switching.
pub(crate) const THREADS_PER_CORE: usize = 4;

/// A usage error: the run stops before reading anything, with exit status 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UsageError(pub(crate) String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

fn usage<T>(msg: impl Into<String>) -> Result<T, UsageError> {
    Err(UsageError(msg.into()))
}

/// `hint`/`explain --scale se`: whether Sudoku Explainer's steps are asked for, checked
/// (SE has its own techniques: none to turn on or off).
fn se_steps(command: &str, a: &crate::cli::PictureFilesArgs) -> Result<bool, UsageError> {
    let se = a.scale == crate::cli::Scale::Se;
    if se && (!a.techniques.enable.is_empty() || !a.techniques.disable.is_empty()) {
        return usage(format!(
            "numpl {command} --scale se takes Sudoku Explainer's own techniques: \
             not with --enable or --disable"
        ));
    }
    Ok(se)
}

/// Everything a run needs, checked.
pub(crate) struct Settings {
    /// How the batch runs: threads, progress, what goes to stderr.
    pub(crate) run: RunSettings,
    /// How records are written.
    pub(crate) output: Output,
    /// What to do.
    pub(crate) task: Task,
}

/// How a batch runs.
#[derive(Clone, Debug)]
pub(crate) struct RunSettings {
    /// Worker threads, at least 1 and at most [`THREADS_PER_CORE`] per core.
    pub(crate) threads: usize,
    /// When to draw progress.
    pub(crate) progress: Progress,
    /// `-q`: no summary and no warnings.
    pub(crate) quiet: bool,
}

/// How records are written.
#[derive(Clone, Debug)]
pub(crate) struct Output {
    /// The format asked for; `None` follows the input (grid in, grid out).
    pub(crate) format: Option<Format>,
    /// The alphabet of values.
    pub(crate) symbols: Symbols,
    /// Where and how `--format svg` pictures go.
    pub(crate) pictures: Pictures,
}

/// `--format svg`: where pictures go and how they look.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pictures {
    /// `--out DIR`: one file per picture; `None`: one picture to stdout.
    pub(crate) out: Option<PathBuf>,
    /// `show --candidates`: pencil marks.
    pub(crate) candidates: bool,
    /// How pictures are drawn.
    pub(crate) svg: SvgOptions,
    /// Pictures written to `out` so far (for the summary).
    pub(crate) written: Arc<AtomicU64>,
    /// The first picture that could not be written, as its message: no other is tried.
    /// Every later picture's record carries the same message, so the writer, which stops
    /// at the first fatal record in input order, prints it whichever worker failed first.
    pub(crate) broken: Arc<OnceLock<String>>,
}

impl Output {
    /// The output for puzzle `p`: where its values start at 0 (a variant's `0-8`), its
    /// grids are written in its own alphabet (`0`-`8`: `0` a value, not a blank); this
    /// one otherwise.
    pub(crate) fn for_puzzle(&self, p: &numpl_core::Parsed) -> std::borrow::Cow<'_, Output> {
        match p.variant() {
            Some(v) if v.first_value() != 1 => std::borrow::Cow::Owned(Output {
                symbols: v.symbols(),
                ..self.clone()
            }),
            _ => std::borrow::Cow::Borrowed(self),
        }
    }

    /// Whether records are pictures.
    pub(crate) fn is_svg(&self) -> bool {
        self.format == Some(Format::Svg)
    }

    /// The format for a puzzle read in `read_as`: the one asked for, else the input's own.
    pub(crate) fn format_for(&self, read_as: InputFormat) -> Format {
        self.format.unwrap_or(match read_as {
            InputFormat::Line => Format::Line,
            InputFormat::Csv => Format::Csv,
            InputFormat::Detail => Format::Detail,
            _ => Format::Grid,
        })
    }

    /// The format of commands whose text form is one line a puzzle (`rate`, `hint`,
    /// `explain`, `generate`): the one asked for, else CSV for a CSV input, else `line`.
    pub(crate) fn format_or_line(&self, read_as: InputFormat) -> Format {
        match (self.format, read_as) {
            (Some(f), _) => f,
            (None, InputFormat::Csv) => Format::Csv,
            (None, _) => Format::Line,
        }
    }

    /// A puzzle as a CSV field: the line form with `0` for a blank, as the public
    /// collections write it (`.` when `--symbols` is given, where `0` may be a value).
    pub(crate) fn csv_field(&self, g: &numpl_core::Grid) -> String {
        let line = numpl_core::format_line(g, &self.symbols);
        if self.symbols.is_custom() {
            line
        } else {
            line.replace('.', "0")
        }
    }
}

/// Where the puzzles come from.
#[derive(Clone, Debug)]
pub(crate) struct InputSettings {
    /// The files, in order; empty means stdin, `-` is stdin.
    pub(crate) files: Vec<PathBuf>,
    /// How to read them.
    pub(crate) parse: ParseOptions,
    /// Whether the reader thread parses line and CSV puzzles itself: with one worker the
    /// reader runs beside it on another core, so parsing there is free; with several,
    /// each worker parses its own, so the reader does not hold them up.
    pub(crate) parse_in_reader: bool,
}

/// `--test-fraction` and `--seed` as a split.
fn split(a: crate::cli::SplitArgs) -> Option<Split> {
    a.test_fraction.map(|fraction| Split {
        fraction,
        seed: a.seed.unwrap_or(0),
    })
}

/// What a run does.
pub(crate) enum Task {
    Show {
        inputs: InputSettings,
        /// `--export`: f-puzzles JSON or a link instead of `--format`.
        export: Option<Export>,
    },
    Solve {
        inputs: InputSettings,
        algo: Algorithm,
        opts: SolveOptions,
    },
    /// `rate` (with `--max-technique`), `hint`, `explain`: the options carry the uniqueness
    /// count's budget.
    /// With `true`: Sudoku Explainer's scale (`--scale se`).
    Rate(
        InputSettings,
        Option<numpl_solve::Technique>,
        SolveOptions,
        bool,
    ),
    /// `hint`, `explain`: with `true`, Sudoku Explainer's steps (`--scale se`).
    Hint(InputSettings, SolveOptions, bool),
    Explain(InputSettings, SolveOptions, bool),
    Generate(GenerateSettings),
    /// `canon`, with `--unique` and the split.
    Canon(InputSettings, bool, Option<Split>),
    /// `dataset`: the search's budget and the rating's techniques, `--se`, `--unique`, the
    /// split.
    Dataset(
        InputSettings,
        SolveOptions,
        numpl_record::dataset::Extras,
        bool,
        Option<Split>,
    ),
    /// `augment`: copies, seed, the uniqueness count's budget.
    Augment(InputSettings, u32, u64, SolveOptions),
    #[cfg(feature = "print")]
    Print(PrintSettings),
    #[cfg(feature = "serve")]
    Serve(numpl_web::Config),
}

/// `numpl print`, checked.
#[cfg(feature = "print")]
pub(crate) struct PrintSettings {
    /// Where the puzzles come from.
    pub(crate) inputs: InputSettings,
    /// The PDF to write.
    pub(crate) out: PathBuf,
    /// The sheet's layout.
    pub(crate) sheet: SheetOptions,
}

/// `numpl generate`, checked.
pub(crate) struct GenerateSettings {
    /// The generator, built from checked options.
    pub(crate) generator: Generator,
    /// How many puzzles.
    pub(crate) count: u64,
    /// `--variant`: variant puzzles of this kind (with its options) instead.
    pub(crate) variant: Option<numpl_gen::VariantSpec>,
}

impl Settings {
    /// Checks the command line and resolves it. `cores` is the machine's parallelism
    /// (passed in so that tests can fix it). Warnings (a capped thread count) are logged.
    pub(crate) fn resolve(cli: Cli, cores: usize) -> Result<Settings, UsageError> {
        let Cli { command, common } = cli;
        let symbols = match &common.symbols {
            // numpl-core says why without an option's name; the flag is named here, once.
            Some(s) => Symbols::custom(s).map_err(|e| {
                UsageError(match e {
                    ParseErrorKind::Symbols(why) => format!("--symbols: {why}"),
                    other => format!("--symbols: {other}"),
                })
            })?,
            None => Symbols::standard(),
        };
        if let (Some(n), Some(shape)) = (symbols.custom_len(), common.shape) {
            if n != shape.size() {
                return usage(format!(
                    "--symbols has {n} characters but --box {shape} has {} values",
                    shape.size()
                ));
            }
        }
        let run = RunSettings {
            threads: threads(common.threads, cores)?,
            progress: common.progress,
            quiet: common.quiet > 0,
        };
        // `None`: each library's default budget.
        let budget = common.budget.map(Budget::nodes);
        let mut output = Output {
            format: common.format,
            symbols: symbols.clone(),
            pictures: Pictures::default(),
        };
        let parse = ParseOptions::new()
            .input(match common.input {
                Input::Auto => InputFormat::Auto,
                Input::Line => InputFormat::Line,
                Input::Grid => InputFormat::Grid,
                Input::Csv => InputFormat::Csv,
                Input::Detail => InputFormat::Detail,
            })
            .shape(common.shape)
            .symbols(symbols.clone());
        let inputs = |a: FilesArgs| InputSettings {
            files: a.files,
            parse: parse.clone(),
            parse_in_reader: run.threads == 1,
        };
        // Commands whose records are lines: `line` and `json`, and the formats in `also`.
        let text_only = |command: &str, also: &[Format]| -> Result<(), UsageError> {
            match common.format {
                Some(f) if matches!(f, Format::Line | Format::Json) || also.contains(&f) => Ok(()),
                Some(f) => {
                    let mut others: Vec<&str> = also.iter().map(|&a| format_name(a)).collect();
                    others.push("json");
                    others.sort_unstable();
                    let last = others.pop().unwrap_or("json");
                    let list: String = others.iter().map(|o| format!(", `{o}`")).collect();
                    usage(format!(
                        "numpl {command} writes `--format line` (text){list} or `{last}`, not `{}`",
                        format_name(f)
                    ))
                }
                None => Ok(()),
            }
        };
        let mut pictures = |a: PictureArgs, candidates: bool| -> Result<(), UsageError> {
            let flag = if a.out.is_some() {
                Some("--out")
            } else if a.labels {
                Some("--labels")
            } else if candidates {
                Some("--candidates")
            } else {
                None
            };
            if let (Some(flag), false) = (flag, common.format == Some(Format::Svg)) {
                return usage(format!("{flag} is for pictures: add `--format svg`"));
            }
            output.pictures = Pictures {
                out: a.out,
                candidates,
                svg: SvgOptions::new().symbols(symbols.clone()).labels(a.labels),
                written: Arc::default(),
                broken: Arc::default(),
            };
            Ok(())
        };
        // Commands that write CSV unless asked for one of `also` (`dataset`, `augment`).
        let csv_first = |command: &str, also: &[Format]| -> Result<(), UsageError> {
            match common.format {
                Some(f) if f != Format::Csv && !also.contains(&f) => {
                    let names: Vec<String> = also
                        .iter()
                        .map(|&a| format!("`{}`", format_name(a)))
                        .collect();
                    let (last, rest) = names.split_last().expect("another format");
                    let rest: String = rest.iter().map(|n| format!(", {n}")).collect();
                    usage(format!(
                        "numpl {command} writes `--format csv` (the default){rest} or {last}, not `{}`",
                        format_name(f)
                    ))
                }
                _ => Ok(()),
            }
        };
        let task = match command {
            Command::Show(a) => {
                pictures(a.picture, a.candidates)?;
                if let (Some(_), Some(f)) = (a.export, common.format) {
                    return usage(format!(
                        "--export writes its own lines: drop `--format {}`",
                        format_name(f)
                    ));
                }
                Task::Show {
                    inputs: inputs(FilesArgs { files: a.files }),
                    export: a.export,
                }
            }
            Command::Solve(a) => {
                pictures(a.picture, false)?;
                let techniques = techniques(a.techniques)?;
                if a.algo != Algo::Human && !techniques.is_empty() {
                    return usage(
                        "--enable and --disable choose the human solver's techniques: \
                         add `--algo human`",
                    );
                }
                Task::Solve {
                    algo: match a.algo {
                        Algo::Fast => Algorithm::Fast,
                        Algo::Full => Algorithm::Full,
                        Algo::Human => Algorithm::Human,
                    },
                    opts: human_options(
                        SolveOptions::new()
                            .limit(if a.first { 1 } else { 2 })
                            .budget(budget),
                        techniques,
                    ),
                    inputs: inputs(FilesArgs { files: a.files }),
                }
            }
            Command::Rate(a) => {
                text_only("rate", &[Format::Csv])?;
                let se = a.scale == crate::cli::Scale::Se;
                if se
                    && (a.max_technique.is_some()
                        || a.level_only
                        || !a.techniques.enable.is_empty()
                        || !a.techniques.disable.is_empty())
                {
                    return usage(
                        "--scale se rates with Sudoku Explainer's own techniques: \
                         not with --max-technique, --level-only, --enable or --disable",
                    );
                }
                let brute = numpl_solve::Technique::BruteForce;
                if a.level_only
                    && (a.max_technique.is_some_and(|t| t < brute)
                        || a.techniques.disable.contains(&brute))
                {
                    return usage(
                        "--level-only needs brute force as the last resort: with logic only, \
                         whether a puzzle ends solved or stuck needs the whole solve",
                    );
                }
                Task::Rate(
                    inputs(FilesArgs { files: a.files }),
                    a.max_technique,
                    human_options(
                        SolveOptions::new().budget(budget).level_only(a.level_only),
                        techniques(a.techniques)?,
                    ),
                    se,
                )
            }
            Command::Hint(a) => {
                let se = se_steps("hint", &a)?;
                text_only("hint", if se { &[] } else { &[Format::Svg] })?;
                pictures(a.picture, false)?;
                Task::Hint(
                    inputs(FilesArgs { files: a.files }),
                    human_options(
                        SolveOptions::new().budget(budget),
                        techniques(a.techniques)?,
                    ),
                    se,
                )
            }
            Command::Explain(a) => {
                let se = se_steps("explain", &a)?;
                text_only("explain", if se { &[] } else { &[Format::Svg] })?;
                pictures(a.picture, false)?;
                Task::Explain(
                    inputs(FilesArgs { files: a.files }),
                    human_options(
                        SolveOptions::new().budget(budget),
                        techniques(a.techniques)?,
                    ),
                    se,
                )
            }
            Command::Canon(a) => {
                text_only("canon", &[Format::Grid, Format::Csv])?;
                Task::Canon(
                    inputs(FilesArgs { files: a.files }),
                    a.unique,
                    split(a.split),
                )
            }
            Command::Dataset(a) => {
                csv_first("dataset", &[Format::Json])?;
                Task::Dataset(
                    inputs(FilesArgs { files: a.files }),
                    human_options(
                        SolveOptions::new().limit(2).budget(budget),
                        techniques(a.techniques)?,
                    ),
                    numpl_record::dataset::Extras::default().se(a.se),
                    a.unique,
                    split(a.split),
                )
            }
            Command::Augment(a) => {
                csv_first("augment", &[Format::Json, Format::Line])?;
                Task::Augment(
                    inputs(FilesArgs { files: a.files }),
                    a.copies,
                    a.seed.unwrap_or_else(numpl_gen::random_seed),
                    SolveOptions::new().limit(2).budget(budget),
                )
            }
            Command::Generate(a) => {
                if common.format == Some(Format::Svg) {
                    return usage(
                        "numpl generate writes text or json; for pictures pipe it to \
                         `numpl show --format svg --out DIR`",
                    );
                }
                Task::Generate(generate(a, &common, &output)?)
            }
            #[cfg(feature = "print")]
            Command::Print(a) => {
                if let Some(f) = common.format {
                    return usage(format!(
                        "numpl print writes a PDF to --out; --format {} does not apply",
                        format_name(f)
                    ));
                }
                Task::Print(print(a, inputs, &symbols))
            }
            #[cfg(feature = "serve")]
            Command::Serve(a) => Task::Serve(serve_config(a, common.threads.map(|_| run.threads))?),
        };
        Ok(Settings { run, output, task })
    }
}

/// `--enable` and `--disable` as (technique, on) pairs, enabled first; a technique in
/// both is a usage error.
fn techniques(a: TechniqueArgs) -> Result<Vec<(numpl_solve::Technique, bool)>, UsageError> {
    if let Some(t) = a.enable.iter().find(|t| a.disable.contains(t)) {
        return usage(format!(
            "--enable {t} and --disable {t} contradict: give the technique to one of them"
        ));
    }
    let on = a.enable.into_iter().map(|t| (t, true));
    Ok(on
        .chain(a.disable.into_iter().map(|t| (t, false)))
        .collect())
}

/// `opts` with the human solver's techniques turned on or off.
fn human_options(
    opts: SolveOptions,
    techniques: Vec<(numpl_solve::Technique, bool)>,
) -> SolveOptions {
    techniques
        .into_iter()
        .fold(opts, |o, (t, on)| o.enable(t, on))
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Line => "line",
        Format::Grid => "grid",
        Format::Detail => "detail",
        Format::Json => "json",
        Format::Csv => "csv",
        Format::Svg => "svg",
    }
}

/// `numpl print`'s options (`--per-page` is checked by clap).
#[cfg(feature = "print")]
fn print(
    a: PrintArgs,
    inputs: impl Fn(FilesArgs) -> InputSettings,
    symbols: &Symbols,
) -> PrintSettings {
    let mut sheet = SheetOptions::new()
        .per_page(a.per_page)
        .solutions(a.solutions)
        .paper(match a.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        })
        .symbols(symbols.clone());
    if let Some(t) = a.title {
        sheet = sheet.title(t);
    }
    PrintSettings {
        inputs: inputs(FilesArgs { files: a.files }),
        out: a.out,
        sheet,
    }
}

/// The worker count: all cores by default; 0 is an error; more than [`THREADS_PER_CORE`]
/// per core is capped with a warning.
fn threads(asked: Option<usize>, cores: usize) -> Result<usize, UsageError> {
    let cores = cores.max(1);
    let cap = cores * THREADS_PER_CORE;
    match asked {
        None => Ok(cores),
        Some(0) => usage("--threads must be at least 1"),
        Some(n) if n > cap => {
            tracing::warn!(
                "--threads {n} is more than {THREADS_PER_CORE} per core ({cores} core{}): using {cap}",
                if cores == 1 { "" } else { "s" }
            );
            Ok(cap)
        }
        Some(n) => Ok(n),
    }
}

/// `numpl generate`'s options, checked: the shape from `--size` or `--box` (not two
/// different ones), `--symbols` of the right length, and the generator's own checks.
fn generate(
    a: GenerateArgs,
    common: &Common,
    output: &Output,
) -> Result<GenerateSettings, UsageError> {
    let shape = match (a.size, common.shape) {
        (Some(x), Some(y)) if x != y => {
            return usage(format!(
                "--size {x} and --box {y} disagree; give one of them"
            ))
        }
        (x, y) => x.or(y).unwrap_or(Shape::NINE),
    };
    if let Some(n) = output.symbols.custom_len() {
        if n != shape.size() {
            return usage(format!(
                "--symbols has {n} characters but a {shape} grid has {} values",
                shape.size()
            ));
        }
    }
    if a.max_tries == 0 {
        return usage("--max-tries must be at least 1");
    }
    if let Some(kind) = a.variant {
        if a.require.is_some() {
            return usage(format!(
                "--variant {kind} puzzles are judged by the variant techniques (--level), \
                 not by a classic technique: not with --require"
            ));
        }
        if let Some(l) = a.level.filter(|&l| l > numpl_solve::Level::Hard) {
            return usage(format!(
                "--variant {kind} puzzles have the levels easy, medium and hard (numpl's variant \
                 scale), not {l}"
            ));
        }
        if !matches!(output.format, None | Some(Format::Line | Format::Json)) {
            return usage(format!(
                "--variant {kind} writes variant records: `--format line` or `json`"
            ));
        }
    }
    if a.variant.is_none() && (a.cage_cells.is_some() || a.killer_givens) {
        return usage("--cage-cells and --killer-givens go with --variant killer");
    }
    let variant = a.variant.map(|kind| {
        numpl_gen::VariantSpec::new(kind)
            .cage_cells(a.cage_cells)
            .givens(a.killer_givens)
    });
    if let Some(spec) = variant {
        // The kind must fit the shape and the symmetry (windoku on an even side, a
        // symmetry the boxes refuse), its options the kind: said before the run starts.
        numpl_gen::check_spec(spec, shape, a.symmetry).map_err(|e| UsageError(e.to_string()))?;
    }
    let opts = techniques(a.techniques)?
        .into_iter()
        .fold(GenOptions::new(shape), |o, (t, on)| o.enable(t, on))
        .symmetry(a.symmetry)
        .max_technique(a.max_technique)
        .level(a.level)
        .require(a.require)
        .max_tries(a.max_tries)
        .seed(a.seed.unwrap_or_else(numpl_gen::random_seed))
        .budget(common.budget.map(Budget::nodes))
        // Only JSON and CSV show the rating (a level asked for rates anyway).
        .rate(matches!(output.format, Some(Format::Json | Format::Csv)));
    let generator = Generator::new(opts).map_err(|e| UsageError(e.to_string()))?;
    Ok(GenerateSettings {
        generator,
        count: a.count,
        variant,
    })
}

#[cfg(feature = "serve")]
/// `numpl serve`'s configuration: its flags, and `--threads` (when given) as the size of
/// the work pool (without it, the web crate's default: the cores, at most 16), checked by
/// the web crate ([`numpl_web::Config::check`]), whose complaint names a field; the flag is
/// that field's name with dashes (`workers` is `--threads`, `allowed_hosts` is
/// `--allow-host`).
fn serve_config(a: ServeArgs, threads: Option<usize>) -> Result<numpl_web::Config, UsageError> {
    let mut c = numpl_web::Config::default();
    c.listen = a.listen;
    c.max_body = a.max_body;
    c.solve_budget = a.solve_budget;
    c.max_size = a.max_size;
    c.max_solve_size = a.max_solve_size;
    c.max_count = a.max_count;
    c.max_generate_cells = a.max_generate_cells;
    c.max_big_jobs = a.max_big_jobs;
    if let Some(n) = threads {
        c.workers = n;
    }
    c.timeout = std::time::Duration::from_secs(a.timeout);
    c.header_timeout = std::time::Duration::from_secs(a.header_timeout);
    c.body_timeout = std::time::Duration::from_secs(a.body_timeout);
    c.allowed_hosts = a.allow_host;
    c.check().map_err(|e| {
        let flag = match e.field {
            "workers" => "threads".to_string(),
            "allowed_hosts" => "allow-host".to_string(),
            f => f.replace('_', "-"),
        };
        UsageError(format!("--{}", e.to_string().replacen(e.field, &flag, 1)))
    })?;
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use std::path::Path;

    fn resolve(args: &[&str]) -> Result<Settings, UsageError> {
        let mut line = vec!["numpl"];
        line.extend_from_slice(args);
        Settings::resolve(Cli::try_parse_from(line).unwrap(), 2)
    }

    fn err(args: &[&str]) -> String {
        match resolve(args) {
            Ok(_) => panic!("{args:?} resolved"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn threads_default_to_the_cores_and_are_capped() {
        assert_eq!(resolve(&["solve"]).unwrap().run.threads, 2);
        assert_eq!(resolve(&["solve", "-j", "3"]).unwrap().run.threads, 3);
        assert_eq!(resolve(&["solve", "-j", "8"]).unwrap().run.threads, 8);
        assert_eq!(resolve(&["solve", "-j", "10000"]).unwrap().run.threads, 8);
        assert_eq!(
            resolve(&["generate", "-j", "10000"]).unwrap().run.threads,
            8
        );
        assert_eq!(err(&["solve", "-j", "0"]), "--threads must be at least 1");
    }

    #[test]
    fn symbols_must_fit_the_box() {
        assert_eq!(
            err(&["show", "--symbols", "0123", "--box", "3x3"]),
            "--symbols has 4 characters but --box 3x3 has 9 values"
        );
        // The flag once, then numpl-core's reason.
        assert_eq!(
            err(&["show", "--symbols", "0120"]),
            "--symbols: `0` appears twice"
        );
        assert_eq!(
            err(&["show", "--symbols", "01.3"]),
            "--symbols: `.` cannot be a symbol (it is a blank or a separator)"
        );
        assert!(resolve(&["show", "--symbols", "0123", "--box", "2x2"]).is_ok());
        assert_eq!(
            err(&["generate", "--symbols", "0123"]),
            "--symbols has 4 characters but a 3x3 grid has 9 values"
        );
    }

    #[test]
    fn text_commands_refuse_grid_formats() {
        assert_eq!(
            err(&["rate", "-f", "grid"]),
            "numpl rate writes `--format line` (text), `csv` or `json`, not `grid`"
        );
        assert!(err(&["hint", "-f", "detail"]).contains("not `detail`"));
        assert!(err(&["explain", "-f", "grid"]).starts_with("numpl explain"));
        assert!(resolve(&["rate", "-f", "json"]).is_ok());
        assert!(err(&["rate", "-f", "svg"]).contains("not `svg`"));
        assert_eq!(
            err(&["hint", "-f", "grid"]),
            "numpl hint writes `--format line` (text), `json` or `svg`, not `grid`"
        );
        assert!(resolve(&["explain", "-f", "svg"]).is_ok());
    }

    #[test]
    fn picture_flags_need_svg() {
        assert_eq!(
            err(&["show", "--candidates"]),
            "--candidates is for pictures: add `--format svg`"
        );
        assert!(err(&["solve", "--out", "d"]).starts_with("--out is for pictures"));
        assert!(err(&["generate", "-f", "svg"]).contains("numpl show --format svg"));
        assert!(err(&["print", "--out", "a.pdf", "-f", "json"]).contains("PDF"));
        let s = resolve(&["show", "-f", "svg", "--candidates", "--out", "d"]).unwrap();
        assert!(s.output.pictures.candidates);
        assert_eq!(s.output.pictures.out.as_deref(), Some(Path::new("d")));
    }

    #[test]
    fn generate_checks_its_options_at_once() {
        assert_eq!(
            err(&["generate", "--size", "9", "--box", "2x2"]),
            "--size 3x3 and --box 2x2 disagree; give one of them"
        );
        assert_eq!(
            err(&["generate", "--max-tries", "0"]),
            "--max-tries must be at least 1"
        );
        let s = resolve(&["generate", "--box", "2x3", "--seed", "5", "-n", "3"]).unwrap();
        match s.task {
            Task::Generate(g) => {
                assert_eq!(g.count, 3);
                assert_eq!(g.generator.options().shape, Shape::new(2, 3).unwrap());
                assert_eq!(g.generator.options().seed, 5);
            }
            _ => panic!("not generate"),
        }
    }

    #[test]
    fn solve_options_follow_the_flags() {
        match resolve(&["solve", "--first", "--budget", "7", "--algo", "full"])
            .unwrap()
            .task
        {
            Task::Solve { algo, opts, .. } => {
                assert_eq!(algo, Algorithm::Full);
                assert_eq!((opts.limit, opts.budget), (1, Some(7)));
            }
            _ => panic!("not solve"),
        }
    }

    #[test]
    fn every_command_takes_a_budget_and_none_lifts_it() {
        let budget_of = |args: &[&str]| match resolve(args).unwrap().task {
            Task::Solve { opts, .. }
            | Task::Rate(_, _, opts, _)
            | Task::Hint(_, opts, _)
            | Task::Explain(_, opts, _) => opts.budget,
            Task::Generate(g) => g.generator.options().budget,
            _ => panic!("no budget for {args:?}"),
        };
        assert_eq!(budget_of(&["solve"]), None);
        assert_eq!(budget_of(&["solve", "--budget", "none"]), Some(u64::MAX));
        assert_eq!(budget_of(&["solve", "--budget", "1_000"]), Some(1000));
        assert_eq!(budget_of(&["rate", "--budget", "5"]), Some(5));
        assert_eq!(budget_of(&["hint", "--budget", "NONE"]), Some(u64::MAX));
        assert_eq!(budget_of(&["--budget", "9", "explain"]), Some(9));
        assert_eq!(budget_of(&["generate", "--budget", "9"]), Some(9));
        assert_eq!(budget_of(&["generate"]), None);
        let mut line = vec!["numpl", "solve", "--budget", "lots"];
        let e = Cli::try_parse_from(line.drain(..)).unwrap_err().to_string();
        assert!(e.contains("not a node count"), "{e}");
    }
}
