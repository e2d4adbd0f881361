//! `numpl rate`: the human solver's rating of each puzzle: status, level, score and the
//! techniques used.
//!
//! Every unique puzzle ends `solved` with a level and a score: when logic runs out, the
//! solver takes a brute force step as HoDoKu does (the solution's value in the middle open
//! cell, level extreme, score 10000). `--max-technique` limits the techniques (below
//! `brute_force`: logic only); a puzzle the limit cannot finish ends `stuck`, with the level
//! and score of the steps it took. A puzzle with no solution (`unsolvable`) or several
//! (`multiple`) has no rating: its line has no `level=` or `score=` (the techniques logic
//! used before it stopped still follow).
//!
//! `--level-only` stops each rating as soon as its level is certain (see
//! [`numpl_solve::HumanSolver::level_only`]): a puzzle found extreme part way has its
//! level but no score or technique counts (both need the whole solve); any other puzzle
//! is rated whole, as without the flag.

use std::time::Instant;

use numpl_core::Parsed;
use numpl_solve::{puzzle, Algorithm, Outcome, SolveOptions, Technique};

use crate::batch::Done;
use crate::cli::Format;
use crate::commands::{
    puzzle_csv_field, puzzle_line, rate_csv_row, record_of, HumanCommand, RATE_CSV, RATE_SE_CSV,
};
use crate::input::Item;
use crate::settings::Output;

pub(crate) struct Rate {
    /// `--max-technique`: the hardest technique the rating may use (None: all, brute
    /// force last).
    pub(crate) max: Option<Technique>,
    /// The uniqueness count's budget.
    pub(crate) opts: SolveOptions,
    /// `--scale se`: Sudoku Explainer's ER/EP/ED instead of HoDoKu's level and score.
    pub(crate) se: bool,
}

impl Rate {
    /// The readable line: puzzle, status, `level=` and `score=`, then each technique with
    /// its count, in order of difficulty.
    fn line(p: &Parsed, out: &Outcome, output: &Output) -> String {
        let mut s = puzzle_line(p, &output.symbols);
        s.push(' ');
        s.push_str(out.status.name());
        if let Some(r) = out.rating() {
            s.push_str(&format!(" level={}", r.level.name()));
            if let Some(score) = r.score {
                s.push_str(&format!(" score={score}"));
            }
        }
        if let Some(counts) = out.techniques() {
            for (t, n) in counts {
                s.push_str(&format!(" {}={n}", t.name()));
            }
        }
        s.push('\n');
        s
    }

    /// `--scale se`: the record of Sudoku Explainer's rating.
    fn se_record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        let start = Instant::now();
        let out = puzzle::rate_se(p, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let r = out.rating.as_ref();
        let fig = |f: fn(&numpl_solve::se::SeRating) -> u32| {
            r.map(|r| numpl_solve::se::format_tenths(f(r)))
                .unwrap_or_default()
        };
        let text = match format {
            Format::Json => record_of(item, p, &output.symbols)
                .se(&out, &output.symbols)
                .micros(micros)
                .to_line(),
            Format::Csv => format!(
                "{},{},{},{},{},{},{},{},{}\n",
                puzzle_csv_field(p, output),
                out.solution
                    .as_ref()
                    .map(|s| output.csv_field(s))
                    .unwrap_or_default(),
                out.status.name(),
                fig(|r| r.er),
                fig(|r| r.ep),
                fig(|r| r.ed),
                r.map(|r| r.er_technique.as_str()).unwrap_or_default(),
                r.map(|r| r.ep_technique.as_str()).unwrap_or_default(),
                r.map(|r| r.ed_technique.as_str()).unwrap_or_default(),
            ),
            _ => {
                let mut s = puzzle_line(p, &output.symbols);
                s.push(' ');
                s.push_str(out.status.name());
                if let Some(r) = r {
                    s.push_str(&format!(
                        " ER={}/{}/{} er={:?} ep={:?} ed={:?}",
                        fig(|r| r.er),
                        fig(|r| r.ep),
                        fig(|r| r.ed),
                        r.er_technique,
                        r.ep_technique,
                        r.ed_technique
                    ));
                }
                if let Some(e) = &out.error {
                    s.push_str(&format!(" error={e:?}"));
                }
                s.push('\n');
                s
            }
        };
        Done::new(text, out.status.into())
    }
}

impl HumanCommand for Rate {
    fn record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        if self.se {
            return self.se_record(item, p, format, output);
        }
        let start = Instant::now();
        let out = puzzle::rate(p, self.max, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let text = match format {
            Format::Json => record_of(item, p, &output.symbols)
                .outcome(&out, Algorithm::Human, &output.symbols)
                .micros(micros)
                .to_line(),
            Format::Csv => csv_row(p, output, out.solution.as_ref(), out.status, out.rating()),
            _ => Rate::line(p, &out, output),
        };
        Done::new(text, out.status.into())
    }

    fn variant_record(&self, item: &Item, p: &Parsed, format: Format, output: &Output) -> Done {
        if self.se {
            // Sudoku Explainer rates classic puzzles only: `rate_se` says so.
            return self.se_record(item, p, format, output);
        }
        if let Some(max) = self.max {
            let msg = format!(
                "{}:{}: --max-technique {} names a classic technique; variant puzzles are rated with every variant technique",
                numpl_core::escape_controls(&item.file),
                p.line,
                max.name()
            );
            return crate::commands::invalid(
                item,
                &msg,
                format,
                Some(Algorithm::Human),
                self.csv(),
            );
        }
        let variant = p.variant().expect("a variant puzzle");
        let start = Instant::now();
        let out = numpl_solve::variant::rate(p.grid(), variant, &self.opts);
        let micros = start.elapsed().as_micros() as u64;
        let text = match format {
            Format::Json => record_of(item, p, &output.symbols)
                .variant_rated(&out, &output.symbols)
                .micros(micros)
                .to_line(),
            Format::Csv => csv_row(p, output, out.solution.as_ref(), out.status, out.rating()),
            _ => {
                let mut s = puzzle_line(p, &output.symbols);
                s.push(' ');
                s.push_str(out.status.name());
                if let (Some(level), Some(score)) = (out.level, out.score) {
                    s.push_str(&format!(" level={} score={score}", level.name()));
                }
                for (t, n) in out.counts() {
                    s.push_str(&format!(" {}={n}", t.name()));
                }
                s.push('\n');
                s
            }
        };
        Done::new(text, out.status.into())
    }

    fn csv(&self) -> Option<&'static str> {
        Some(if self.se { RATE_SE_CSV } else { RATE_CSV })
    }
}

/// A CSV row of `rate` (classic or variant): the puzzle, its solution, status, level, score.
fn csv_row(
    p: &Parsed,
    output: &Output,
    solution: Option<&numpl_core::Grid>,
    status: numpl_solve::Status,
    rating: Option<numpl_solve::Rating>,
) -> String {
    rate_csv_row(
        &puzzle_csv_field(p, output),
        &solution.map(|s| output.csv_field(s)).unwrap_or_default(),
        status.name(),
        rating,
    )
}
