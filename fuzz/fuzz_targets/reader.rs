//! The reader: every input format numpl-core reads, from raw bytes and from real puzzles
//! edited and dressed up, checked against the reader's laws (`numpl_fuzz::check_reader`,
//! which also reads every input in blocks of lines, as the CLI's batch does, and wants the
//! same puzzles).
//!
//! The first byte chooses the mode:
//! - high bit clear: raw. Its low bits choose the options (format Auto/Line/Grid/Detail, a box
//!   shape or none, the standard alphabet or a custom one); the rest is the input. With
//!   the "custom from input" alphabet, the input's first line is the alphabet. With a box
//!   shape of side N <= 9 and only the digits 1..=N, blanks and separators in the input,
//!   the standard alphabet (with its fast paths) and those digits as a custom alphabet
//!   read the same.
//! - high bit set: structured. The rest drives `Case` below: fixture puzzles, edited, printed
//!   in one layout (a line, grids, or the pencil-mark grid of a position), with comments,
//!   blank lines, separators, CRLF, BOM and trailing whitespace, read with options that
//!   must give back exactly those puzzles (or the conflict an edit made) on the lines they
//!   were written at; then optional damage
//!   (truncation, inserted or deleted bytes) after which only the general laws hold.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use numpl_core::{
    format_detail, format_grid, format_line, Grid, InputFormat, Mask, ParseError, ParseErrorKind,
    ParseOptions, Parsed, Shape, Symbols,
};
use numpl_fuzz::{check_reader, fixture_puzzles};

/// Distinct characters that may be symbols, for custom alphabets.
const POOL: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$%&*=?@";
const POOL_UNICODE: &str = "αβγδεζηθικλμνξοπρστυφχψωАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ①②③④⑤⑥⑦⑧⑨⑩€";

fn alphabet(n: usize, rotate: usize, unicode: bool) -> Symbols {
    let pool: Vec<char> = if unicode { POOL_UNICODE } else { POOL }.chars().collect();
    let s: String = (0..n).map(|i| pool[(i + rotate) % pool.len()]).collect();
    Symbols::custom(&s).expect("pool characters are allowed")
}

fn raw(header: u8, data: &[u8]) {
    let input = match header & 3 {
        1 => InputFormat::Line,
        2 => InputFormat::Grid,
        3 => InputFormat::Detail,
        _ => InputFormat::Auto,
    };
    let shape = match (header >> 2) & 7 {
        2 => Some((2, 2)),
        3 => Some((2, 3)),
        4 => Some((3, 2)),
        5 => Some((3, 3)),
        6 => Some((2, 4)),
        7 => Some((4, 4)),
        _ => None,
    }
    .map(|(r, c)| Shape::new(r, c).unwrap());
    let (symbols, data) = match (header >> 5) & 3 {
        2 => {
            // The first line is the alphabet, when it is one.
            let end = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
            let alpha = std::str::from_utf8(&data[..end])
                .ok()
                .and_then(|s| Symbols::custom(s).ok());
            match alpha {
                Some(a) => (a, &data[(end + 1).min(data.len())..]),
                None => (Symbols::standard(), data),
            }
        }
        3 => (alphabet(shape.map_or(9, |s| s.size()), 0, false), data),
        _ => (Symbols::standard(), data),
    };
    let opts = ParseOptions::new()
        .input(input)
        .shape(shape)
        .symbols(symbols);
    let results = check_reader(data, &opts);

    // The standard alphabet's fast paths against the general one: with a box shape of side
    // N <= 9 and input made of the digits 1..=N, blanks and separators only, the alphabet
    // of those digits as a custom one (which never takes a fast path) reads the same.
    if let (Some(s), false) = (shape, opts.symbols.is_custom()) {
        let n = s.size() as u8;
        let plain = data
            .iter()
            .all(|&b| (b'1'..b'1' + n).contains(&b) || b"._/ \t\r\n#|+-=".contains(&b));
        if n <= 9 && plain {
            let digits: String = (1..=n).map(|d| char::from(b'0' + d)).collect();
            let custom = opts.clone().symbols(Symbols::custom(&digits).unwrap());
            let general = check_reader(data, &custom);
            assert_eq!(general, results, "standard and custom digits differ");
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Layout {
    /// `format_line`.
    Line,
    /// `format_grid` (the seed's layout).
    Seed,
    /// One row of symbols per line, no spaces.
    Compact,
    /// Symbols separated by spaces, `|` between boxes, a rule between bands.
    Boxed,
    /// `format_detail`: a position, every open cell's candidates as marks (all values for
    /// an open cell the givens leave none).
    Detail,
}

#[derive(Arbitrary, Debug)]
struct Edit {
    puzzle: u8,
    cell: u16,
    value: u8,
}

#[derive(Arbitrary, Debug)]
enum Damage {
    Truncate(u16),
    Insert(u16, u8),
    Delete(u16, u8),
    DuplicateLine(u16),
}

#[derive(Arbitrary, Debug)]
struct Case {
    picks: Vec<u16>,
    layout: Layout,
    /// Read with `Auto` instead of the layout's format.
    auto: bool,
    /// Give the box shape even when it is the default one for the size.
    give_shape: bool,
    /// A custom alphabet: (rotation in the pool, Unicode pool).
    custom: Option<(u8, bool)>,
    edits: Vec<Edit>,
    crlf: bool,
    bom: bool,
    trailing_ws: bool,
    /// Blank lines after each puzzle.
    blanks: u8,
    /// A comment before each puzzle (the text, without line ends).
    comment: Option<String>,
    /// A comment after this row of each grid.
    inner_comment: Option<u8>,
    damage: Vec<Damage>,
}

/// The text being written and its last line's number.
struct Out {
    text: String,
    line: usize,
    pad: &'static str,
    eol: &'static str,
}

impl Out {
    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.text.push_str(self.pad);
        self.text.push_str(self.eol);
        self.line += 1;
    }
}

fn structured(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(case) = Case::arbitrary(&mut u) else {
        return;
    };
    let all = fixture_puzzles();
    let picks: Vec<&Grid> = case
        .picks
        .iter()
        .take(3)
        .map(|&i| &all[i as usize % all.len()])
        .collect();
    let Some(first) = picks.first() else { return };
    // Every puzzle of one input has the first one's shape (the reader may fix it with --box).
    let shape = first.shape();
    let mut grids: Vec<Grid> = picks
        .iter()
        .filter(|g| g.shape() == shape)
        .map(|&g| g.clone())
        .collect();
    let n = shape.size();
    for e in case.edits.iter().take(8) {
        let g = e.puzzle as usize % grids.len();
        grids[g].set(e.cell as usize % shape.cells(), e.value % (n as u8 + 1));
    }
    let symbols = match case.custom {
        Some((rot, unicode)) => alphabet(n, rot as usize, unicode),
        None => Symbols::standard(),
    };
    let compact_ok = symbols.covers(n);
    let format = match case.layout {
        Layout::Line => InputFormat::Line,
        Layout::Detail => InputFormat::Detail,
        _ => InputFormat::Grid,
    };
    let default_shape = Shape::from_size(n).ok() == Some(shape);
    let give_shape = case.give_shape || !default_shape;
    let opts = ParseOptions::new()
        .input(if case.auto { InputFormat::Auto } else { format })
        .shape(give_shape.then_some(shape))
        .symbols(symbols.clone());
    // Without a shape, `Auto` tells a line puzzle from a grid row by looking ahead to the
    // next blank line, so puzzles are kept apart by one.
    let blanks = if case.auto && !give_shape {
        (case.blanks % 3).max(1)
    } else {
        case.blanks % 3
    };
    let eol = if case.crlf { "\r\n" } else { "\n" };
    let pad = if case.trailing_ws { " \t" } else { "" };
    let comment = case
        .comment
        .as_ref()
        .map(|c| format!("# {}", c.replace(['\n', '\r'], " ")));
    let cell = |v: u8| -> String {
        if v == 0 {
            ".".to_string()
        } else if compact_ok {
            symbols.write(v).unwrap().to_string()
        } else {
            v.to_string()
        }
    };
    let mut out = Out {
        text: String::new(),
        line: 0,
        pad,
        eol,
    };
    if case.bom {
        out.text.push('\u{FEFF}');
    }
    let mut expected = Vec::new();
    for g in &grids {
        if let Some(c) = &comment {
            out.push(c);
        }
        let start = out.line + 1;
        let marks: Option<Vec<Mask>> = matches!(case.layout, Layout::Detail).then(|| {
            g.candidates()
                .into_iter()
                .map(|m| if m.is_empty() { Mask::all(n) } else { m })
                .collect()
        });
        let rows: Vec<String> = match case.layout {
            Layout::Line => vec![format_line(g, &symbols)],
            Layout::Detail => format_detail(g, marks.as_deref().unwrap_or(&[]), &symbols)
                .lines()
                .map(str::to_string)
                .collect(),
            Layout::Seed => format_grid(g, &symbols)
                .lines()
                .map(str::to_string)
                .collect(),
            Layout::Compact | Layout::Boxed => {
                let mut rows = Vec::new();
                for r in 0..n {
                    let vals = &g.values()[r * n..(r + 1) * n];
                    let row = if matches!(case.layout, Layout::Compact) && compact_ok {
                        vals.iter().map(|&v| cell(v)).collect::<String>()
                    } else {
                        let mut s = String::new();
                        for (c, &v) in vals.iter().enumerate() {
                            if c > 0 {
                                s.push(' ');
                                if c % shape.box_cols() == 0 {
                                    s.push_str("| ");
                                }
                            }
                            s.push_str(&cell(v));
                        }
                        s
                    };
                    rows.push(row);
                    if matches!(case.layout, Layout::Boxed)
                        && (r + 1) % shape.box_rows() == 0
                        && r + 1 < n
                    {
                        rows.push("------+------".to_string());
                    }
                }
                rows
            }
        };
        // The seed's layout ends with an empty line: keep it out of the last row.
        let rows_len = rows
            .iter()
            .rposition(|r| !r.is_empty())
            .map_or(0, |i| i + 1);
        for (i, row) in rows[..rows_len].iter().enumerate() {
            out.push(row);
            if format == InputFormat::Grid && case.inner_comment == Some(i as u8) {
                out.push("# inside");
            }
        }
        for _ in 0..blanks {
            out.push("");
        }
        expected.push(match g.check() {
            Ok(()) => Ok(match marks {
                None => Parsed::puzzle(g.clone(), start, format),
                Some(m) => Parsed::position(g.clone(), m, start, format)
                    .expect("one mark set per cell"),
            }),
            Err(c) => Err(ParseError {
                line: start,
                kind: ParseErrorKind::Conflict(c),
            }),
        });
    }
    let text = out.text;
    let got = check_reader(text.as_bytes(), &opts);
    assert_eq!(got, expected, "input:\n{text}");

    if case.damage.is_empty() {
        return;
    }
    let mut bytes = text.into_bytes();
    for d in case.damage.iter().take(4) {
        let len = bytes.len();
        match *d {
            Damage::Truncate(at) => bytes.truncate(at as usize % (len + 1)),
            Damage::Insert(at, b) => bytes.insert(at as usize % (len + 1), b),
            Damage::Delete(at, k) => {
                let at = at as usize % (len + 1);
                let end = (at + k as usize % 16).min(len);
                bytes.drain(at..end);
            }
            Damage::DuplicateLine(k) => {
                let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
                if !lines.is_empty() {
                    let k = k as usize % lines.len();
                    let mut out = Vec::with_capacity(len * 2);
                    for (i, l) in lines.iter().enumerate() {
                        out.extend_from_slice(l);
                        if i == k {
                            out.extend_from_slice(l);
                        }
                    }
                    bytes = out;
                }
            }
        }
    }
    check_reader(&bytes, &opts);
}

fuzz_target!(|data: &[u8]| {
    let Some((&header, rest)) = data.split_first() else {
        return;
    };
    if header & 0x80 == 0 {
        raw(header, rest);
    } else {
        structured(rest);
    }
});
