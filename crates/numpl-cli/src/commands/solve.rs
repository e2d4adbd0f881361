//! `numpl solve`: solve each puzzle with the algorithm asked for.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Instant;

use numpl_core::{format_detail, format_grid, Grid, Parsed};
use numpl_solve::{puzzle, Algorithm, Outcome, SolveOptions, Status};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::{
    line_text, picture, puzzle_csv_field, puzzle_detail, puzzle_or_invalid, record_of, SOLVE_CSV,
    SOLVE_KINDS,
};
use crate::input::Item;
use crate::settings::Output;

pub(crate) struct SolveJob {
    pub(crate) algo: Algorithm,
    pub(crate) opts: SolveOptions,
    pub(crate) output: Output,
    /// Search nodes so far, for the progress bar.
    pub(crate) nodes: Arc<AtomicU64>,
}

impl SolveJob {
    fn json(&self, item: &Item, p: &Parsed, out: &Outcome, micros: u64) -> String {
        let sym = &self.output.for_puzzle(p).symbols;
        record_of(item, p, sym)
            .outcome(out, self.algo, sym)
            .micros(micros)
            .to_line()
    }

    /// `line`: the solution or the status word. `grid` and `detail`: the seed's layout
    /// (the puzzle, two empty lines, the solution), with a comment line saying why when
    /// the puzzle did not end `solved`. A position is shown with its pencil marks.
    fn text(&self, format: Format, p: &Parsed, out: &Outcome) -> String {
        let sym = &self.output.for_puzzle(p).symbols;
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
        let mut t = if p.is_position() {
            puzzle_detail(p, sym) + "\n"
        } else {
            show(p.grid())
        };
        t.push_str("\n\n");
        match status {
            Status::Solved => {}
            Status::Multiple => t.push_str("# multiple: more than one solution; one of them:\n"),
            Status::Unsolvable => t.push_str("# unsolvable: no solution\n\n"),
            Status::Stuck => t.push_str("# stuck: the human solver got this far:\n"),
            Status::Budget => t.push_str(
                "# budget: the search stopped at its node budget (--budget raises it, \
                 --budget none lifts it)\n\n",
            ),
            other => t.push_str(&format!("# {}\n\n", other.name())),
        }
        if let Some(s) = &out.solution {
            t.push_str(&format_grid(s, sym));
        } else if let Some(partial) = &out.stuck_at {
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

impl SolveJob {
    /// The picture: the solution with the givens apart; for a puzzle that did not end
    /// `solved`, what applies with a caption saying why.
    fn svg(&self, p: &Parsed, out: &Outcome) -> String {
        use numpl_render::Picture;
        let g = p.grid();
        let mut base = Picture::new(g);
        if let Some(v) = p.variant() {
            base = base.with_variant(v);
        }
        if p.is_position() && out.solution.is_none() {
            // Nothing solved to show: the position's marks.
            base = base.with_candidates(&p.candidates());
        }
        let pic = match (out.status, &out.solution, &out.stuck_at, &out.report) {
            (Status::Solved, Some(s), _, _) => base.with_values(g, s),
            (Status::Multiple, Some(s), _, _) => base
                .with_values(g, s)
                .with_caption("multiple: more than one solution; one of them"),
            (Status::Stuck, _, Some(partial), Some(r)) => base
                .with_values(g, partial)
                .with_candidates(&r.candidates)
                .with_caption("stuck: the human solver got this far"),
            (Status::Unsolvable, ..) => base.with_caption("unsolvable: no solution"),
            (Status::Budget, ..) => {
                base.with_caption("budget: the search stopped at its node budget")
            }
            (s, ..) => base.with_caption(s.name()),
        };
        pic.to_svg(&self.output.pictures.svg)
    }
}

impl Job for SolveJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let p = match puzzle_or_invalid(item, &self.output, Some(self.algo), SOLVE_CSV) {
            Ok(p) => p,
            Err(invalid) => return invalid,
        };
        let p: &Parsed = &p;
        let format = self.output.format_for(p.format);
        // Only the JSON record shows the time, so only it reads the clock.
        let start = (format == Format::Json).then(Instant::now);
        // A position solves within its marks (no progress: the general engine, seeded
        // with masks); a puzzle reports its nodes as it goes.
        let out = puzzle::solve_counted(p, self.algo, &self.opts, &self.nodes);
        let micros = start.map_or(0, |s| s.elapsed().as_micros() as u64);
        let text = match format {
            Format::Json => self.json(item, p, &out, micros),
            Format::Csv => {
                let o: &Output = &self.output.for_puzzle(p);
                let row = format!(
                    "{},{},{}\n",
                    puzzle_csv_field(p, o),
                    out.solution
                        .as_ref()
                        .map(|s| o.csv_field(s))
                        .unwrap_or_default(),
                    out.status.name()
                );
                return Done::new(row, out.status.into()).with_header(Some(SOLVE_CSV));
            }
            Format::Svg => {
                let svg = self.svg(p, &out);
                return picture::one(&self.output.pictures, item.index, svg, out.status.into());
            }
            f => self.text(f, p, &out),
        };
        Done::new(text, out.status.into())
    }

    fn kinds(&self) -> &'static [Kind] {
        SOLVE_KINDS
    }

    fn note(&self) -> Option<String> {
        picture::note(&self.output.pictures)
    }

    fn nodes(&self) -> Option<Arc<AtomicU64>> {
        Some(self.nodes.clone())
    }
}
