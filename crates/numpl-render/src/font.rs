//! The embedded font: Liberation Sans (SIL Open Font License 1.1, `fonts/OFL.txt`), metric
//! compatible with Arial. The PDF sheets embed it (subset), so they print the same on any
//! machine; SVG names it first in `font-family`, with Arial and Helvetica (same widths) after.

use std::sync::OnceLock;

use skrifa::instance::{LocationRef, Size};
use skrifa::raw::TableProvider;
use skrifa::{FontRef, MetadataProvider};

/// Liberation Sans Regular (TrueType), as embedded in PDF sheets.
pub const FONT_REGULAR: &[u8] = include_bytes!("../fonts/LiberationSans-Regular.ttf");
/// Liberation Sans Bold (TrueType), for givens and headings.
pub const FONT_BOLD: &[u8] = include_bytes!("../fonts/LiberationSans-Bold.ttf");
/// The licence of the embedded font (SIL Open Font License 1.1).
pub const FONT_LICENSE: &str = include_str!("../fonts/OFL.txt");

/// The `font-family` SVG pictures ask for.
pub(crate) const FAMILY: &str = "'Liberation Sans', Arial, Helvetica, sans-serif";

/// Advance widths of one face in em: printable ASCII from a table, other characters looked
/// up in the font.
pub(crate) struct Metrics {
    ascii: [f32; 95],
    font: Option<FontRef<'static>>,
    upem: f32,
}

impl Metrics {
    fn load(data: &'static [u8]) -> Metrics {
        let font = FontRef::new(data).ok();
        let upem = font
            .as_ref()
            .and_then(|f| f.head().ok())
            .map_or(2048.0, |h| h.units_per_em() as f32);
        let mut m = Metrics {
            ascii: [0.55; 95],
            font,
            upem,
        };
        for i in 0..95 {
            m.ascii[i] = m.lookup((b' ' + i as u8) as char);
        }
        m
    }

    fn lookup(&self, c: char) -> f32 {
        let Some(font) = &self.font else {
            return 0.6;
        };
        let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
        font.charmap()
            .map(c)
            .and_then(|g| metrics.advance_width(g))
            .map_or(0.6, |w| w / self.upem)
    }

    /// The width of `text` at `size`.
    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| {
                let i = c as usize;
                if (32..127).contains(&i) {
                    self.ascii[i - 32]
                } else {
                    self.lookup(c)
                }
            })
            .sum::<f32>()
            * size
    }
}

/// The regular face's metrics, read once.
pub(crate) fn regular() -> &'static Metrics {
    static M: OnceLock<Metrics> = OnceLock::new();
    M.get_or_init(|| Metrics::load(FONT_REGULAR))
}

/// The bold face's metrics, read once (PDF sheets' titles).
#[cfg(feature = "pdf")]
pub(crate) fn bold() -> &'static Metrics {
    static M: OnceLock<Metrics> = OnceLock::new();
    M.get_or_init(|| Metrics::load(FONT_BOLD))
}

/// Splits `text` into lines no wider than `max` at `size` (words longer than a line stay
/// whole).
pub(crate) fn wrap(text: &str, size: f32, max: f32, m: &Metrics) -> Vec<String> {
    // Words that must not start or end a line: `r3c1 <> 1` stays whole, and a chain's
    // `=` or `-` goes with the node after it.
    let mut words: Vec<String> = Vec::new();
    let mut glue_next = false;
    for w in text.split_whitespace() {
        match (w, words.last_mut()) {
            ("<>", Some(last)) => {
                last.push_str(" <>");
                glue_next = true;
            }
            (_, Some(last)) if glue_next => {
                last.push(' ');
                last.push_str(w);
                glue_next = false;
            }
            ("=" | "-", _) => {
                words.push(w.to_string());
                glue_next = true;
            }
            _ => words.push(w.to_string()),
        }
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in &words {
        if line.is_empty() {
            line.push_str(word);
            continue;
        }
        let candidate = format!("{line} {word}");
        if m.width(&candidate, size) <= max {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line.push_str(word);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_have_one_width_and_text_wraps() {
        let m = regular();
        let w1 = m.width("1", 10.0);
        assert!((w1 - m.width("8", 10.0)).abs() < 1e-3 && w1 > 4.0 && w1 < 7.0);
        let lines = wrap("aaa bbb ccc ddd", 10.0, m.width("aaa bbb", 10.0) + 0.1, m);
        assert_eq!(lines, vec!["aaa bbb", "ccc ddd"]);
        let lines = wrap("r1c1 <> 5 x = y", 10.0, 1.0, m);
        assert_eq!(lines, vec!["r1c1 <> 5", "x", "= y"]);
    }
}
