//! What each command does with one puzzle: a [`Job`] turns an input [`Item`] into its
//! output record ([`Done`]). Jobs run on worker threads; the batch writes their records in
//! input order.
//!
//! Text records for puzzles that did not end `solved` (documented in the README):
//! - `line`: the status word alone (`multiple`, `unsolvable`, `stuck`, `budget`, `invalid`);
//! - `grid` and `detail`: the puzzle, then a comment line `# <status>: ...` (comment lines
//!   are ignored when the output is read back), then the grid that applies, if any.

use std::time::Instant;

use numpl_core::{format_detail, format_grid, format_line, push_line, Grid, InputFormat, Symbols};
use numpl_solve::{
    count_solutions, solve, Algorithm, HumanSolver, HumanStatus, Outcome, SolveOptions, Status,
};

use crate::cli::Format;
use crate::input::Item;
use crate::record::{Record, Techniques};

/// How one record ended, for the summary and the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Solved,
    Multiple,
    Unsolvable,
    Stuck,
    Budget,
    Invalid,
    /// `show`: read and printed.
    Shown,
    /// `hint`: a next step was found.
    Hinted,
}

impl Kind {
    pub(crate) const ALL: [Kind; 8] = [
        Kind::Solved,
        Kind::Multiple,
        Kind::Unsolvable,
        Kind::Stuck,
        Kind::Budget,
        Kind::Invalid,
        Kind::Shown,
        Kind::Hinted,
    ];

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Kind::Solved => "solved",
            Kind::Multiple => "multiple",
            Kind::Unsolvable => "unsolvable",
            Kind::Stuck => "stuck",
            Kind::Budget => "budget",
            Kind::Invalid => "invalid",
            Kind::Shown => "shown",
            Kind::Hinted => "hinted",
        }
    }

    /// Whether this record lets the run exit 0.
    pub(crate) const fn ok(self) -> bool {
        matches!(self, Kind::Solved | Kind::Shown | Kind::Hinted)
    }

    fn from_status(s: Status) -> Kind {
        match s {
            Status::Solved => Kind::Solved,
            Status::Multiple => Kind::Multiple,
            Status::Unsolvable => Kind::Unsolvable,
            Status::Stuck => Kind::Stuck,
            Status::Budget => Kind::Budget,
        }
    }
}

/// One output record.
pub(crate) struct Done {
    pub(crate) text: String,
    pub(crate) kind: Kind,
    /// A message for stderr (logged in input order by the writer).
    pub(crate) warning: Option<String>,
}

/// What a command does with each puzzle.
pub(crate) trait Job: Sync {
    fn process(&self, item: &Item) -> Done;
    /// The statuses the summary lists (all of them, even when zero).
    fn kinds(&self) -> &'static [Kind];
}

const SOLVE_KINDS: &[Kind] = &[
    Kind::Solved,
    Kind::Multiple,
    Kind::Unsolvable,
    Kind::Stuck,
    Kind::Budget,
    Kind::Invalid,
];

/// The record of a puzzle that could not be read.
fn invalid(item: &Item, msg: &str, format: Format, algo: Option<&'static str>) -> Done {
    let text = match format {
        Format::Line => "invalid\n".to_string(),
        Format::Grid | Format::Detail => format!("# invalid: {msg}\n\n"),
        Format::Json => Record {
            index: item.index,
            line: item.line,
            file: &item.file,
            status: Some("invalid"),
            algo,
            error: Some(msg),
            ..Record::default()
        }
        .to_line(),
    };
    Done {
        text,
        kind: Kind::Invalid,
        warning: Some(msg.to_string()),
    }
}

/// The line form of a grid with its line end, in one allocation.
fn line_text(g: &Grid, symbols: &Symbols) -> String {
    let mut s = String::with_capacity(g.values().len() + 1);
    push_line(g, symbols, &mut s);
    s.push('\n');
    s
}

fn default_format(f: Option<Format>, read_as: InputFormat) -> Format {
    f.unwrap_or(match read_as {
        InputFormat::Line => Format::Line,
        _ => Format::Grid,
    })
}

/// `numpl show`.
pub(crate) struct ShowJob {
    pub(crate) format: Option<Format>,
    pub(crate) symbols: Symbols,
}

impl Job for ShowJob {
    fn process(&self, item: &Item) -> Done {
        let p = match &item.puzzle {
            Ok(p) => p,
            Err(msg) => return invalid(item, msg, default_format(self.format, item.format), None),
        };
        let g = &p.grid;
        let text = match default_format(self.format, p.format) {
            Format::Line => line_text(g, &self.symbols),
            Format::Grid => format_grid(g, &self.symbols),
            Format::Detail => format_detail(g, &g.candidates(), &self.symbols) + "\n",
            Format::Json => Record {
                index: item.index,
                line: item.line,
                file: &item.file,
                size: Some(g.size()),
                shape: Some(g.shape().to_string()),
                puzzle: Some(format_line(g, &self.symbols)),
                ..Record::default()
            }
            .to_line(),
        };
        Done {
            text,
            kind: Kind::Shown,
            warning: None,
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Shown, Kind::Invalid]
    }
}

/// `numpl solve` (and `numpl rate`, which is `solve --algo human` with its own text form).
pub(crate) struct SolveJob {
    pub(crate) algo: Algorithm,
    pub(crate) opts: SolveOptions,
    pub(crate) format: Option<Format>,
    pub(crate) symbols: Symbols,
    /// `rate`: the text form is a readable line with level, score and techniques.
    pub(crate) rate: bool,
}

impl SolveJob {
    fn json(&self, item: &Item, g: &Grid, out: &Outcome, micros: u64) -> String {
        let sym = &self.symbols;
        let human = self.algo == Algorithm::Human;
        let report = out.report.as_ref();
        Record {
            index: item.index,
            line: item.line,
            file: &item.file,
            size: Some(g.size()),
            shape: Some(g.shape().to_string()),
            puzzle: Some(format_line(g, sym)),
            status: Some(out.status.name()),
            solution: out.solution.as_ref().map(|s| format_line(s, sym)),
            grid: out.grid.as_ref().map(|s| format_line(s, sym)),
            algo: Some(self.algo.name()),
            guesses: (!human).then_some(out.guesses),
            nodes: (!human).then_some(out.nodes),
            micros: Some(micros),
            techniques: report.map(|r| Techniques(&r.counts)),
            level: report.map(|r| r.level.name().to_string()),
            score: report.map(|r| u64::from(r.score)),
            ..Record::default()
        }
        .to_line()
    }

    /// `rate`'s readable line: puzzle, status, then each technique with its count.
    fn rate_line(&self, g: &Grid, out: &Outcome) -> String {
        let mut s = format_line(g, &self.symbols);
        s.push(' ');
        s.push_str(out.status.name());
        if let Some(r) = &out.report {
            s.push_str(&format!(" level={} score={}", r.level.name(), r.score));
            for (t, n) in &r.counts {
                s.push_str(&format!(" {}={n}", t.name()));
            }
        }
        s.push('\n');
        s
    }

    fn text(&self, format: Format, g: &Grid, out: &Outcome) -> String {
        let sym = &self.symbols;
        let status = out.status;
        if format == Format::Line {
            return match (&out.solution, status) {
                (Some(s), Status::Solved) => line_text(s, sym),
                _ => format!("{}\n", status.name()),
            };
        }
        let detail = format == Format::Detail;
        let show = |grid: &Grid| {
            if detail {
                format_detail(grid, &grid.candidates(), sym) + "\n"
            } else {
                format_grid(grid, sym)
            }
        };
        // The seed's layout: the puzzle, two empty lines, the solution.
        let mut t = show(g);
        t.push_str("\n\n");
        match status {
            Status::Solved => {}
            Status::Multiple => t.push_str("# multiple: more than one solution; one of them:\n"),
            Status::Unsolvable => t.push_str("# unsolvable: no solution\n\n"),
            Status::Stuck => t.push_str("# stuck: the human solver got this far:\n"),
            Status::Budget => t.push_str("# budget: the search stopped at its node budget\n\n"),
        }
        if let Some(s) = &out.solution {
            t.push_str(&format_grid(s, sym));
        } else if let Some(partial) = &out.grid {
            // For the human solver's partial grid, the candidates it has left.
            match (&out.report, detail) {
                (Some(r), true) => {
                    t.push_str(&format_detail(partial, &r.candidates, sym));
                    t.push('\n');
                }
                _ => t.push_str(&show(partial)),
            }
        }
        t
    }
}

impl Job for SolveJob {
    fn process(&self, item: &Item) -> Done {
        let algo = Some(self.algo.name());
        let p = match &item.puzzle {
            Ok(p) => p,
            Err(msg) => {
                // `rate` writes lines (or JSON) whatever the input format.
                let format = match self.rate {
                    true => self.format.unwrap_or(Format::Line),
                    false => default_format(self.format, item.format),
                };
                return invalid(item, msg, format, algo);
            }
        };
        let format = if self.rate {
            self.format.unwrap_or(Format::Line)
        } else {
            default_format(self.format, p.format)
        };
        // Only the JSON record shows the time, so only it reads the clock.
        let start = (format == Format::Json).then(Instant::now);
        let out = solve(&p.grid, self.algo, &self.opts);
        let micros = start.map_or(0, |s| s.elapsed().as_micros() as u64);
        let text = match format {
            Format::Json => self.json(item, &p.grid, &out, micros),
            Format::Line if self.rate => self.rate_line(&p.grid, &out),
            f => self.text(f, &p.grid, &out),
        };
        Done {
            text,
            kind: Kind::from_status(out.status),
            warning: None,
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        SOLVE_KINDS
    }
}

/// `numpl explain` (every step of the human solver's solution) and `numpl hint` (the next
/// step only). Text: the puzzle, then numbered step descriptions, then how it ended.
pub(crate) struct ExplainJob {
    pub(crate) format: Option<Format>,
    pub(crate) symbols: Symbols,
    /// `hint`: only the first step.
    pub(crate) hint: bool,
}

impl Job for ExplainJob {
    fn process(&self, item: &Item) -> Done {
        let format = self.format.unwrap_or(Format::Line);
        let p = match &item.puzzle {
            Ok(p) => p,
            Err(msg) => return invalid(item, msg, format, Some("human")),
        };
        let g = &p.grid;
        let shape = g.shape();
        let sym = &self.symbols;
        let puzzle = format_line(g, sym);
        let start = Instant::now();
        if self.hint {
            // Uniqueness techniques are sound only on puzzles with one solution.
            let unique = count_solutions(g, 2) == 1;
            let step = if g.is_full() {
                Err(HumanStatus::Solved)
            } else {
                HumanSolver::new().assume_unique(unique).hint_grid(g)
            };
            let micros = start.elapsed().as_micros() as u64;
            // The record's status: none when a step was found, else why there is none.
            let (kind, status) = match (&step, g.is_full()) {
                (_, true) => (Kind::Solved, Some(Status::Solved.name())),
                (Ok(_), _) => (Kind::Hinted, None),
                (Err(why), _) => (Kind::from_status(why.status()), Some(why.status().name())),
            };
            let text_hint = step.as_ref().ok().map(|s| s.describe(shape));
            let text = match format {
                Format::Json => {
                    let rec = Record {
                        index: item.index,
                        line: item.line,
                        file: &item.file,
                        size: Some(g.size()),
                        shape: Some(shape.to_string()),
                        puzzle: Some(puzzle),
                        status,
                        algo: Some("human"),
                        micros: Some(micros),
                        hint: text_hint.clone(),
                        ..Record::default()
                    };
                    rec.to_line()
                }
                _ => match &text_hint {
                    Some(h) => format!("{puzzle}: {h}\n"),
                    None if g.is_full() => format!("{puzzle}: solved already\n"),
                    None if kind == Kind::Unsolvable => {
                        format!("{puzzle}: unsolvable: the candidates show a contradiction\n")
                    }
                    None => format!("{puzzle}: stuck: no technique applies\n"),
                },
            };
            return Done {
                text,
                kind,
                warning: None,
            };
        }
        let out = solve(g, Algorithm::Human, &SolveOptions::default());
        let micros = start.elapsed().as_micros() as u64;
        let steps: Vec<String> = out
            .report
            .as_ref()
            .map(|r| r.steps.iter().map(|s| s.describe(shape)).collect())
            .unwrap_or_default();
        let text = match format {
            Format::Json => {
                let report = out.report.as_ref();
                Record {
                    index: item.index,
                    line: item.line,
                    file: &item.file,
                    size: Some(g.size()),
                    shape: Some(shape.to_string()),
                    puzzle: Some(puzzle),
                    status: Some(out.status.name()),
                    solution: out.solution.as_ref().map(|s| format_line(s, sym)),
                    grid: out.grid.as_ref().map(|s| format_line(s, sym)),
                    algo: Some("human"),
                    micros: Some(micros),
                    techniques: report.map(|r| Techniques(&r.counts)),
                    level: report.map(|r| r.level.name().to_string()),
                    score: report.map(|r| u64::from(r.score)),
                    steps: Some(&steps),
                    ..Record::default()
                }
                .to_line()
            }
            _ => {
                let mut t = format!("# {}:{}: {puzzle}\n", item.file, item.line);
                for (i, s) in steps.iter().enumerate() {
                    t.push_str(&format!("{:>4}. {s}\n", i + 1));
                }
                let how = match out.status {
                    Status::Solved => "solved",
                    Status::Stuck => "stuck: no technique applies any more",
                    Status::Unsolvable => "unsolvable: the steps reach a contradiction",
                    s => s.name(),
                };
                let rating = out
                    .report
                    .as_ref()
                    .map(|r| format!(" (level {}, score {})", r.level.name(), r.score))
                    .unwrap_or_default();
                t.push_str(&format!("{how} after {} steps{rating}\n\n", steps.len()));
                t
            }
        };
        Done {
            text,
            kind: Kind::from_status(out.status),
            warning: None,
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        if self.hint {
            &[
                Kind::Hinted,
                Kind::Solved,
                Kind::Unsolvable,
                Kind::Stuck,
                Kind::Invalid,
            ]
        } else {
            SOLVE_KINDS
        }
    }
}
