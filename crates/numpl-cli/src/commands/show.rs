//! `numpl show`: print each puzzle in another format.

use numpl_core::{format_detail, format_grid};

use crate::batch::{Done, Job, Kind};
use crate::cli::Format;
use crate::commands::{line_text, picture, puzzle_or_invalid, SHOW_CSV};
use crate::input::Item;
use crate::record::Record;
use crate::settings::Output;

pub(crate) struct ShowJob {
    pub(crate) output: Output,
}

impl Job for ShowJob {
    type Item = Item;

    fn process(&self, item: &Item) -> Done {
        let p = match puzzle_or_invalid(item, &self.output, None, SHOW_CSV) {
            Ok(p) => p,
            Err(invalid) => return invalid,
        };
        let g = &p.grid;
        let sym = &self.output.symbols;
        let text = match self.output.format_for(p.format) {
            Format::Line => line_text(g, sym),
            Format::Grid => format_grid(g, sym),
            Format::Detail => format_detail(g, &g.candidates(), sym) + "\n",
            Format::Json => Record::of_puzzle(item, g, sym).to_line(),
            Format::Csv => {
                let row = format!("{},\n", self.output.csv_field(g));
                return Done::new(row, Kind::Shown).with_header(Some(SHOW_CSV));
            }
            Format::Svg => {
                let pics = &self.output.pictures;
                let cands = pics.candidates.then(|| g.candidates());
                let svg = numpl_render::puzzle_svg(g, cands.as_deref(), &pics.svg);
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
