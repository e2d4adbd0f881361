//! Shared pieces of the fuzz targets: the puzzles of `fixtures/` (compiled in), the reader's
//! laws, and an independent check that a grid is a solution of a puzzle.

use std::io::BufReader;
use std::sync::OnceLock;

use numpl_core::{
    format_grid, format_line, InputFormat, ParseError, ParseOptions, Parsed, PuzzleReader, Shape,
    Symbols,
};

/// The fixture files with puzzles that read cleanly, and the box shape to read them with.
const FIXTURES: &[(&str, Option<(usize, usize)>)] = &[
    (include_str!("../../fixtures/sizes/4x4.txt"), None),
    (include_str!("../../fixtures/sizes/6x6.txt"), None),
    (
        include_str!("../../fixtures/sizes/6x6-tall.txt"),
        Some((3, 2)),
    ),
    (include_str!("../../fixtures/sizes/8x8.txt"), None),
    (include_str!("../../fixtures/sizes/12x12.txt"), None),
    (include_str!("../../fixtures/sizes/16x16.txt"), None),
    (include_str!("../../fixtures/sizes/25x25.txt"), None),
    (include_str!("../../fixtures/9x9/famous.txt"), None),
    (include_str!("../../fixtures/9x9/easy.txt"), None),
    (include_str!("../../fixtures/seed/sample.txt"), None),
    (include_str!("../../fixtures/special/multiple.txt"), None),
    (include_str!("../../fixtures/special/unsolvable.txt"), None),
];

/// Every puzzle of the fixtures that reads without error (read once).
pub fn fixture_puzzles() -> &'static [numpl_core::Grid] {
    static PUZZLES: OnceLock<Vec<numpl_core::Grid>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        let mut v = Vec::new();
        for &(text, shape) in FIXTURES {
            let opts = ParseOptions::new()
                .shape(shape.map(|(r, c)| Shape::new(r, c).expect("fixture shape")));
            v.extend(
                numpl_core::parse_all(text, &opts)
                    .into_iter()
                    .filter_map(Result::ok)
                    .map(Parsed::into_grid),
            );
        }
        assert!(v.len() > 50, "fixtures read: {}", v.len());
        v
    })
}

/// The input's lines as the reader sees them: split at `\n`, without the line end (every
/// trailing `\r`) and without a BOM at the start of line 1.
pub fn lines_of(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        lines.pop();
    }
    for (i, l) in lines.iter_mut().enumerate() {
        if i == 0 && l.starts_with(b"\xEF\xBB\xBF") {
            *l = &l[3..];
        }
        while let [rest @ .., b'\r'] = *l {
            *l = rest;
        }
    }
    lines
}

/// Reads `bytes` with `opts` and checks the reader's laws; returns what it read.
///
/// - every error names a line of the input (1..=lines, line 1 for an empty input);
/// - every puzzle names a line of the input, is in the format asked for unless `Auto`, and
///   its givens do not conflict; a position (pencil marks) has a mark set for every cell,
///   non-empty for an open cell, the value alone for a filled one;
/// - a puzzle (or position) in line format is also what its line alone reads as;
/// - every puzzle printed with `format_line` and with `format_grid` reads back as itself;
///   every position printed with `format_detail` reads back as itself, and with
///   `format_position_line` as the same marks without givens;
/// - reading through a tiny buffer, with `parse_all` (UTF-8 input) and with `parse_one`
///   gives the same results.
pub fn check_reader(bytes: &[u8], opts: &ParseOptions) -> Vec<Result<Parsed, ParseError>> {
    let results: Vec<_> = PuzzleReader::new(bytes, opts.clone()).collect();
    let lines = lines_of(bytes);
    let nlines = lines.len();
    for r in &results {
        match r {
            Err(e) => assert!(
                e.line >= 1 && e.line <= nlines.max(1),
                "error line {} outside 1..={nlines}: {e}",
                e.line
            ),
            Ok(p) => {
                assert!(
                    p.line >= 1 && p.line <= nlines,
                    "puzzle line {} outside 1..={nlines}",
                    p.line
                );
                assert_ne!(p.format, InputFormat::Auto);
                if opts.input != InputFormat::Auto {
                    assert_eq!(p.format, opts.input);
                }
                if let Some(s) = opts.shape {
                    assert_eq!(p.grid().shape(), s);
                }
                match p.variant() {
                    // A variant's houses are its own (a jigsaw's regions, not the boxes).
                    Some(v) => assert_eq!(v.givens_clash(p.grid()), None, "givens clash"),
                    None => assert!(p.grid().check().is_ok(), "a puzzle with conflicts was read"),
                }
                if p.format == InputFormat::Line {
                    let alone = opts.clone().input(InputFormat::Line);
                    let again: Vec<_> = PuzzleReader::new(lines[p.line - 1], alone).collect();
                    assert_eq!(again.len(), 1, "line {} alone: {again:?}", p.line);
                    let got = again[0].as_ref().expect("line alone reads");
                    assert_eq!(got.grid(), p.grid(), "line {} alone reads differently", p.line);
                    assert_eq!(got.marks(), p.marks(), "line {} alone: other marks", p.line);
                }
                match p.marks() {
                    None => check_round_trip(p.grid(), &opts.symbols),
                    Some(marks) => check_position_round_trip(p.grid(), marks, &opts.symbols),
                }
            }
        }
    }
    // The same through a tiny buffer (lines split across reads).
    for cap in [1, 7] {
        let small: Vec<_> =
            PuzzleReader::new(BufReader::with_capacity(cap, bytes), opts.clone()).collect();
        assert_eq!(
            small, results,
            "reading through a {cap}-byte buffer differs"
        );
    }
    // The same in blocks of lines parsed later (`next_block`, as the CLI's batch reads line
    // and CSV inputs), blocks of 1, 2 and 64 puzzles, through a tiny buffer too.
    for (cap, max) in [(4096, 1), (4096, 2), (7, 64)] {
        let mut reader = PuzzleReader::new(BufReader::with_capacity(cap, bytes), opts.clone());
        let mut blocks = Vec::new();
        loop {
            match reader.next_block(max) {
                Some(Ok(block)) => {
                    assert!(!block.is_empty() && block.len() <= max);
                    blocks.extend((0..block.len()).map(|k| block.parse(k)));
                }
                Some(Err(e)) => blocks.push(Err(e)),
                None => match reader.next() {
                    Some(r) => blocks.push(r),
                    None => break,
                },
            }
        }
        assert_eq!(blocks, results, "blocks of {max} ({cap}-byte buffer) differ");
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        assert_eq!(numpl_core::parse_all(text, opts), results);
        let one = numpl_core::parse_one(text, opts);
        match results.first() {
            Some(first) => assert_eq!(one, first.clone().map(Parsed::into_grid)),
            None => assert_eq!(one.map_err(|e| e.line), Err(1)),
        }
    }
    results
}

/// A grid printed with `format_line` and `format_grid` reads back as itself, with the
/// format given and with `Auto` (the shape given, as the printers do not say it).
pub fn check_round_trip(grid: &numpl_core::Grid, symbols: &Symbols) {
    let shape = grid.shape();
    let printed = [
        (format_line(grid, symbols), InputFormat::Line),
        (format_grid(grid, symbols), InputFormat::Grid),
    ];
    for (text, format) in printed {
        for input in [format, InputFormat::Auto] {
            let opts = ParseOptions::new()
                .input(input)
                .shape(Some(shape))
                .symbols(symbols.clone());
            let back = numpl_core::parse_all(&text, &opts);
            let expected = vec![Ok(Parsed::puzzle(grid.clone(), 1, format))];
            assert_eq!(
                back, expected,
                "{format:?} print read back as {input:?} differs:\n{text}"
            );
        }
    }
}

/// A position's marks are one per cell (an open cell's not empty, a filled cell's its value
/// alone); its pencil-mark grid (`format_detail`) reads back as itself, with its shape or
/// without (the layout draws the boxes), and its position line as the same marks with no
/// givens.
pub fn check_position_round_trip(
    grid: &numpl_core::Grid,
    marks: &[numpl_core::Mask],
    symbols: &Symbols,
) {
    let shape = grid.shape();
    assert_eq!(marks.len(), grid.values().len(), "one mark set per cell");
    for (&v, m) in grid.values().iter().zip(marks) {
        if v == 0 {
            assert!(!m.is_empty(), "an open cell without candidates was read");
        } else {
            assert_eq!(*m, numpl_core::Mask::single(v), "a value's marks");
        }
    }
    let detail = numpl_core::format_detail(grid, marks, symbols);
    for (input, boxed) in [
        (InputFormat::Detail, true),
        (InputFormat::Auto, true),
        (InputFormat::Auto, false),
    ] {
        let opts = ParseOptions::new()
            .input(input)
            .shape(boxed.then_some(shape))
            .symbols(symbols.clone());
        let back = numpl_core::parse_all(&detail, &opts);
        let expected = vec![Ok(
            Parsed::position(grid.clone(), marks.to_vec(), 1, InputFormat::Detail)
                .expect("one mark set per cell"),
        )];
        assert_eq!(
            back, expected,
            "detail read back as {input:?} differs:
{detail}"
        );
    }
    let line = numpl_core::format_position_line(grid, marks, symbols);
    let opts = ParseOptions::new()
        .input(InputFormat::Line)
        .shape(Some(shape))
        .symbols(symbols.clone());
    let back = numpl_core::parse_all(&line, &opts);
    let expected = vec![Ok(Parsed::position(
        numpl_core::Grid::empty(shape),
        marks.to_vec(),
        1,
        InputFormat::Line,
    )
    .expect("one mark set per cell"))];
    assert_eq!(
        back, expected,
        "position line read back differs:
{line}"
    );
}

/// Whether `sol` is a solution of `puzzle`, checked here without numpl's own code: the same
/// shape, every cell filled with 1..=N, the givens kept, no value twice in a row, column or
/// box.
pub fn is_solution(sol: &numpl_core::Grid, puzzle: &numpl_core::Grid) -> bool {
    let shape = puzzle.shape();
    if sol.shape() != shape {
        return false;
    }
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let v = sol.values();
    if v.len() != n * n || v.iter().any(|&x| x == 0 || x as usize > n) {
        return false;
    }
    if puzzle
        .values()
        .iter()
        .zip(v)
        .any(|(&g, &s)| g != 0 && g != s)
    {
        return false;
    }
    let distinct = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        for i in cells {
            let bit = 1u64 << (v[i] - 1);
            if seen & bit != 0 {
                return false;
            }
            seen |= bit;
        }
        true
    };
    (0..n).all(|k| {
        let (box_r, box_c) = ((k / br) * br, (k % br) * bc);
        distinct(&mut (0..n).map(|c| k * n + c))
            && distinct(&mut (0..n).map(|r| r * n + k))
            && distinct(&mut (0..n).map(|i| (box_r + i / bc) * n + box_c + i % bc))
    })
}
