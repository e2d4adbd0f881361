//! `numpl show`: print each puzzle in another format, or (`--export`) as f-puzzles JSON
//! or an f-puzzles or SudokuPad link.

use numpl_core::variant::{fpuzzles, Variant};
use numpl_core::{format_grid, Parsed};

use crate::batch::{Done, Job, Kind};
use crate::cli::{Export, Format};
use crate::commands::{
    invalid, picture, puzzle_csv_field, puzzle_detail, puzzle_line, puzzle_or_invalid, record_of,
    SHOW_CSV,
};
use crate::input::Item;
use crate::settings::Output;

pub(crate) struct ShowJob {
    pub(crate) output: Output,
    /// `--export`: f-puzzles JSON or a link, one a line.
    pub(crate) export: Option<Export>,
}

/// A puzzle (classic, or variant with its rules) in f-puzzles' form; a message where it
/// has none.
fn exported(p: &Parsed, export: Export) -> Result<String, String> {
    if p.is_position() {
        return Err("a position's pencil marks have no f-puzzles form: export its puzzle".into());
    }
    let g = p.grid();
    let classic;
    let v = match p.variant() {
        Some(v) => v,
        None => {
            classic = Variant::new(g.shape(), true, Vec::new()).map_err(|e| e.to_string())?;
            &classic
        }
    };
    match export {
        Export::Fpuzzles => fpuzzles::to_json(g, v),
        Export::FpuzzlesLink => fpuzzles::link(g, v),
        Export::SudokupadLink => fpuzzles::sudokupad_link(g, v),
    }
}

impl Job for ShowJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        if let Some(export) = self.export {
            // Lines whatever the input: `invalid` for what was not read or has no form.
            let text = item
                .puzzle()
                .map_err(|e| e.into_owned())
                .and_then(|p| exported(&p, export));
            return match text {
                Ok(text) => Done::new(text + "\n", Kind::Shown),
                Err(msg) => invalid(item, &msg, Format::Line, None, None),
            };
        }
        let p = match puzzle_or_invalid(item, &self.output, None, SHOW_CSV) {
            Ok(p) => p,
            Err(invalid) => return invalid,
        };
        let p: &Parsed = &p;
        let g = p.grid();
        let output = self.output.for_puzzle(p);
        let sym = &output.symbols;
        // A position's marks have no place in the seed's grid layout: it is shown with them.
        let text = match self.output.format_for(p.format) {
            Format::Line => puzzle_line(p, sym) + "\n",
            Format::Grid if !p.is_position() => format_grid(g, sym),
            Format::Grid | Format::Detail => puzzle_detail(p, sym) + "\n",
            Format::Json => record_of(item, p, sym).to_line(),
            Format::Csv => {
                let row = format!("{},\n", puzzle_csv_field(p, &output));
                return Done::new(row, Kind::Shown).with_header(Some(SHOW_CSV));
            }
            Format::Svg => {
                let pics = &self.output.pictures;
                // A position's picture shows its marks (those its values leave).
                let cands = (pics.candidates || p.is_position()).then(|| p.candidates());
                let mut pic = numpl_render::Picture::new(g);
                if let Some(c) = &cands {
                    pic = pic.with_candidates(c);
                }
                // A variant puzzle's picture draws its constraints.
                if let Some(v) = p.variant() {
                    pic = pic.with_variant(v);
                }
                let svg = pic.to_svg(&pics.svg);
                return picture::one(pics, item.index, svg, Kind::Shown);
            }
        };
        Done::new(text, Kind::Shown)
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Shown, Kind::Invalid]
    }

    fn note(&self) -> Option<String> {
        picture::note(&self.output.pictures)
    }
}
