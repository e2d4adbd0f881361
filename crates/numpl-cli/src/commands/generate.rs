//! `numpl generate`: make puzzles with numpl-gen, through the same ordered batch as every
//! other command. Puzzle `i` of a run depends only on the seed, `i` and the options, so the
//! output is the same whatever `--threads` is; puzzles are written in index order as each
//! chunk finishes, so a long run streams and stays small in memory.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Instant;

use numpl_core::{format_detail, format_grid, format_line, InputFormat, Shape};
use numpl_gen::{GenError, Generated, Generator};
use numpl_record::{not_generated_message, Record};

use crate::batch::{Done, Job, Kind, Source, Work};
use crate::cli::Format;
use crate::commands::{csv_status_row, rate_csv_row, RATE_CSV};
use crate::settings::{GenerateSettings, Output};

/// The index of one puzzle to make.
pub(crate) struct Index(u64);

impl Work for Index {
    fn progress(&self) -> u64 {
        self.0 + 1
    }
}

/// The indexes `0..count`, in small chunks: one puzzle can take seconds.
pub(crate) struct Indexes {
    next: u64,
    count: u64,
}

impl Indexes {
    pub(crate) fn new(count: u64) -> Indexes {
        Indexes { next: 0, count }
    }
}

impl Iterator for Indexes {
    type Item = Index;

    fn next(&mut self) -> Option<Index> {
        (self.next < self.count).then(|| {
            self.next += 1;
            Index(self.next - 1)
        })
    }
}

impl Source for Indexes {
    fn total(&self) -> Option<u64> {
        Some(self.count)
    }

    fn counts_bytes(&self) -> bool {
        false
    }

    fn chunk(&self, threads: usize) -> usize {
        (threads * 4).max(16)
    }
}

pub(crate) struct GenerateJob {
    pub(crate) generator: Generator,
    /// `--variant`: variant puzzles of this kind and options (the generator's shape,
    /// symmetry, seed, level).
    pub(crate) variant: Option<numpl_gen::VariantSpec>,
    pub(crate) output: Output,
    /// Search nodes so far, for the progress bar.
    pub(crate) nodes: Arc<AtomicU64>,
}

impl GenerateJob {
    pub(crate) fn new(settings: GenerateSettings, output: Output) -> GenerateJob {
        let nodes = Arc::new(AtomicU64::new(0));
        GenerateJob {
            generator: settings.generator.with_progress(nodes.clone()),
            variant: settings.variant,
            output,
            nodes,
        }
    }

    /// What the run makes, for the message at its start.
    pub(crate) fn describe(&self, count: u64) -> String {
        let o = self.generator.options();
        let shape: Shape = o.shape;
        if let Some(kind) = self.variant.map(|v| v.kind) {
            return format!(
                "generating {count} {kind} {n}x{n} puzzle{} (symmetry {}), seed {}",
                if count == 1 { "" } else { "s" },
                o.symmetry,
                o.seed,
                n = shape.size(),
            );
        }
        format!(
            "generating {count} {n}x{n} ({shape} boxes) puzzle{} (symmetry {}, max technique {}{}{}), seed {}",
            if count == 1 { "" } else { "s" },
            o.symmetry,
            o.max_technique,
            o.level.map(|l| format!(", level {l}")).unwrap_or_default(),
            o.require.map(|t| format!(", needing {t}")).unwrap_or_default(),
            o.seed,
            n = shape.size(),
        )
    }

    /// The CSV header, when writing CSV.
    fn csv(&self) -> Option<&'static str> {
        (self.output.format == Some(Format::Csv)).then_some(RATE_CSV)
    }

    fn render(&self, g: &Generated, micros: u64) -> String {
        let sym = &self.output.symbols;
        match self.output.format_or_line(InputFormat::Line) {
            Format::Line | Format::Svg => format_line(&g.puzzle, sym) + "\n",
            Format::Grid => format_grid(&g.puzzle, sym) + "\n",
            Format::Detail => format_detail(&g.puzzle, &g.puzzle.candidates(), sym) + "\n\n",
            Format::Csv => rate_csv_row(
                &self.output.csv_field(&g.puzzle),
                &self.output.csv_field(&g.solution),
                "solved",
                g.report.as_ref().map(numpl_solve::HumanReport::rating),
            ),
            Format::Json => Record::generated(g, sym).micros(micros).to_line(),
        }
    }
}

impl GenerateJob {
    /// `--variant`: variant puzzle `i`, as a variant record line or JSON.
    fn variant(&self, kind: numpl_gen::VariantSpec, i: u64) -> Done {
        let start = Instant::now();
        let o = self.generator.options();
        match numpl_gen::generate_variant(kind, o.shape, o.symmetry, o.seed, i, o.level) {
            Ok(g) => {
                let micros = start.elapsed().as_micros() as u64;
                let text = match self.output.format {
                    Some(Format::Json) => {
                        Record::generated_variant(&g, i, o.symmetry, o.seed, &self.output.symbols)
                            .micros(micros)
                            .to_line()
                    }
                    _ => g.variant.to_json(&g.puzzle) + "\n",
                };
                Done::new(text, Kind::Generated)
            }
            Err(e) => {
                let text = match self.output.format {
                    Some(Format::Json) => Record::not_generated(o, i, &e).to_line(),
                    _ => String::new(),
                };
                Done {
                    text,
                    kind: Kind::Failed,
                    error: Some(not_generated_message(i, &e)),
                    header: None,
                    fatal: false,
                    class: None,
                }
            }
        }
    }
}

impl Job for GenerateJob {
    type Item = Index;

    fn process(&self, &Index(i): &Index) -> Done {
        if let Some(kind) = self.variant {
            return self.variant(kind, i);
        }
        let start = Instant::now();
        match self.generator.generate(i) {
            Ok(g) => Done::new(
                self.render(&g, start.elapsed().as_micros() as u64),
                Kind::Generated,
            )
            .with_header(self.csv()),
            Err(e) => {
                let msg = not_generated_message(i, &e);
                // A failed puzzle has no text form; JSON says why in its place.
                let text = match self.output.format_or_line(InputFormat::Line) {
                    Format::Json => {
                        Record::not_generated(self.generator.options(), i, &e).to_line()
                    }
                    Format::Csv => csv_status_row(
                        RATE_CSV,
                        if matches!(e, GenError::Budget { .. }) {
                            "budget"
                        } else {
                            "failed"
                        },
                    ),
                    _ => String::new(),
                };
                let kind = match e {
                    GenError::Budget { .. } => Kind::Budget,
                    _ => Kind::Failed,
                };
                Done {
                    text,
                    kind,
                    error: Some(msg),
                    header: self.csv(),
                    fatal: false,
                    class: None,
                }
            }
        }
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Generated, Kind::Failed, Kind::Budget]
    }

    fn note(&self) -> Option<String> {
        Some(format!("seed {}", self.generator.options().seed))
    }

    fn nodes(&self) -> Option<Arc<AtomicU64>> {
        Some(self.nodes.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_core::Symbols;
    use numpl_gen::GenOptions;

    #[test]
    fn json_record_has_the_solve_fields_and_the_generator_ones() {
        let generator = Generator::new(GenOptions::default().seed(3)).unwrap();
        let g = generator.generate(0).unwrap();
        let job = GenerateJob {
            nodes: Arc::default(),
            generator,
            variant: None,
            output: Output {
                format: Some(Format::Json),
                symbols: Symbols::standard(),
                pictures: Default::default(),
            },
        };
        let line = job.render(&g, 10);
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
        assert!(v.get("file").is_none() && v.get("line").is_none());
        assert!(line.ends_with('\n') && !line.trim_end().contains('\n'));
    }

    #[test]
    fn indexes_count_up_and_report_progress_in_puzzles() {
        let ix = Indexes::new(3);
        assert_eq!(ix.total(), Some(3));
        let got: Vec<u64> = ix.map(|i| i.progress()).collect();
        assert_eq!(got, vec![1, 2, 3]);
    }
}
