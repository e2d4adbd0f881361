//! numpl-core's integration tests: shapes, parsing, printing, round trips, bad input.

use numpl_core::*;
use proptest::prelude::*;

const SEED_LINE: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";

/// The seed's printed puzzle, exactly as the blog shows it (trailing spaces included).
const SEED_GRID: &str = "  /  2  /   /  /  /   /  7  / 
  9  /  /   1  /  2   /  /  8 
  /  /  /   /  8  /   /  /  / 

  /  5  /   /  /  /   /  1  / 
  /  /  7   /  9  /   5  /  / 
  /  6  /   /  /  /   /  2  / 

  /  /  /   /  4  /   /  /  / 
  5  /  /   8  /  3   /  /  9 
  /  1  /   /  /  /   /  6  / 
";

fn opts() -> ParseOptions {
    ParseOptions::default()
}

fn one(text: &str) -> Result<Grid, ParseError> {
    parse_one(text, &opts())
}

fn err(text: &str) -> String {
    let all = parse_all(text, &opts());
    match all.into_iter().next() {
        Some(Err(e)) => e.to_string(),
        Some(Ok(p)) => panic!("expected an error, got a puzzle at line {}", p.line),
        None => one(text).unwrap_err().to_string(),
    }
}

// ---------- shapes ----------

#[test]
fn most_square_box_shapes() {
    for (n, r, c) in [
        (4, 2, 2),
        (6, 2, 3),
        (8, 2, 4),
        (9, 3, 3),
        (10, 2, 5),
        (12, 3, 4),
        (15, 3, 5),
        (16, 4, 4),
        (20, 4, 5),
        (25, 5, 5),
        (36, 6, 6),
        (64, 8, 8),
    ] {
        let s = Shape::from_size(n).unwrap();
        assert_eq!((s.box_rows(), s.box_cols()), (r, c), "size {n}");
    }
}

#[test]
fn sizes_without_a_box_shape_are_errors_naming_the_size() {
    for n in [0, 1, 2, 3, 5, 7, 11, 13, 17] {
        let e = Shape::from_size(n).unwrap_err().to_string();
        assert!(e.contains(&format!("size {n}")), "{e}");
    }
    assert!(Shape::from_size(65).unwrap_err().to_string().contains("65"));
    assert_eq!("3x2".parse::<Shape>().unwrap().to_string(), "3x2");
    assert_eq!("12".parse::<Shape>().unwrap().to_string(), "3x4");
    assert!("1x9".parse::<Shape>().is_err());
    assert!("axb".parse::<Shape>().is_err());
}

#[test]
fn geometry_of_rectangular_boxes() {
    let s = Shape::new(2, 3).unwrap(); // 6x6, boxes 2 rows x 3 columns
    let g = s.geometry();
    assert_eq!(g.unit_count(), 18);
    // r2c4 (0-based row 1, col 3) is in box 2 (index 1): boxes are 2 tall, 3 wide.
    let cell = s.cell(1, 3);
    assert_eq!(s.box_of(cell), 1);
    assert_eq!(s.cell_name(cell), "r2c4");
    assert_eq!(g.unit(12 + 1), &[3, 4, 5, 9, 10, 11]);
    // 5 in the row, 5 in the column, 2 more in the box.
    assert_eq!(g.peers(cell.index()).len(), 12);
    for shape in ["2x2", "3x3", "3x4", "4x3", "5x5", "8x8"] {
        let s: Shape = shape.parse().unwrap();
        let g = s.geometry();
        for u in 0..g.unit_count() {
            let cells = g.unit(u);
            assert_eq!(cells.len(), s.size());
            for &c in cells {
                assert!(g.units_of(c as usize).contains(&(u as u16)));
            }
        }
        for c in 0..s.cells() {
            let peers = g.peers(c);
            assert!(!peers.contains(&(c as u16)));
            assert!(peers.windows(2).all(|w| w[0] < w[1]));
        }
    }
}

// ---------- parsing ----------

#[test]
fn seed_layout_reads_as_the_seed_puzzle() {
    let g = one(SEED_GRID).unwrap();
    assert_eq!(format_line(&g, &Symbols::standard()), SEED_LINE);
    let all = parse_all(SEED_GRID, &opts());
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].as_ref().unwrap().format, InputFormat::Grid);
}

#[test]
fn seed_layout_prints_byte_for_byte() {
    let g = one(SEED_LINE).unwrap();
    let printed = format_grid(&g, &Symbols::standard());
    // The seed's rows, then the empty line after the last band.
    assert_eq!(printed, format!("{SEED_GRID}\n"));
}

#[test]
fn windows_line_ends_bom_and_comments() {
    let text = format!(
        "\u{feff}# a comment\r\n{SEED_LINE}\r\n\r\n# another\r\n{}\r\n",
        SEED_LINE.replace('.', "0")
    );
    let all = parse_all(&text, &opts());
    assert_eq!(all.len(), 2);
    let a = all[0].as_ref().unwrap();
    let b = all[1].as_ref().unwrap();
    assert_eq!(a.line, 2);
    assert_eq!(b.line, 5);
    assert_eq!(a.grid(), b.grid());
    assert_eq!(a.format, InputFormat::Line);
    // The same as a grid with CRLF, separators and a BOM.
    let grid_text = "\u{feff}.2.|...|.7.\r\n9..|1.2|..8\r\n...|.8.|...\r\n---+---+---\r\n.5.|...|.1.\r\n..7|.9.|5..\r\n.6.|...|.2.\r\n---+---+---\r\n...|.4.|...\r\n5..|8.3|..9\r\n.1.|...|.6.\r\n";
    assert_eq!(one(grid_text).unwrap(), *a.grid());
}

#[test]
fn blank_symbols_and_lower_case_letters() {
    let four = "1_3/....0...4..1";
    let g = one(four).unwrap();
    assert_eq!(g.values()[..4], [1, 0, 3, 0]);
    // 16x16 with letters a-g, lower case accepted.
    let mut line = String::from("abcdefg");
    line.push_str(&".".repeat(249));
    let g = one(&line).unwrap();
    assert_eq!(g.size(), 16);
    assert_eq!(g.values()[..7], [10, 11, 12, 13, 14, 15, 16]);
}

#[test]
fn numeric_tokens_in_a_sixteen_grid() {
    // Row 1 holds 16 and 10 as decimal numbers; the rest is blank.
    let mut text = String::from("16 . . . 10 . . . . . . . . . . 1\n");
    for _ in 1..16 {
        text.push_str(&vec!["."; 16].join(" "));
        text.push('\n');
    }
    let g = one(&text).unwrap();
    assert_eq!(g.size(), 16);
    assert_eq!(g.get(0), 16);
    assert_eq!(g.get(4), 10);
    assert_eq!(g.get(15), 1);
}

#[test]
fn custom_symbols_hex_sixteen() {
    let symbols = Symbols::custom("0123456789ABCDEF").unwrap();
    let o = opts().symbols(symbols.clone());
    let mut line = String::from("0F");
    line.push_str(&".".repeat(254));
    let g = parse_one(&line, &o).unwrap();
    assert_eq!(g.values()[..3], [1, 16, 0]);
    assert_eq!(format_line(&g, &symbols), line);
    // The messages name no command-line option: a front end adds its own.
    let twice = Symbols::custom("0123456789ABCDE0").unwrap_err();
    assert_eq!(twice.to_string(), "symbols: `0` appears twice");
    assert_eq!(
        twice,
        numpl_core::ParseErrorKind::Symbols("`0` appears twice".into())
    );
    let blank = Symbols::custom("012.").unwrap_err().to_string();
    assert_eq!(
        blank,
        "symbols: `.` cannot be a symbol (it is a blank or a separator)"
    );
    let empty = Symbols::custom("").unwrap_err().to_string();
    assert_eq!(empty, "symbols: 1 to 64 characters needed, got 0");
    // The alphabet must fit the size.
    let e = parse_one(SEED_LINE, &o).unwrap_err().to_string();
    assert_eq!(
        e,
        "line 1: symbols: 16 characters but the grid has 9 values"
    );
}

#[test]
fn box_option_reads_tall_boxes() {
    let o = opts().shape(Some("3x2".parse().unwrap()));
    // A 6x6 with tall boxes: 1 at r1c1 and r3c2 are in the same 3x2 box.
    let text = "1.....\n......\n.1....\n......\n......\n......\n";
    let e = parse_one(text, &o).unwrap_err().to_string();
    assert_eq!(e, "line 1: conflicting givens: r1c1 and r3c2 both hold 1");
    // With the default 2x3 boxes they are in different boxes.
    assert!(one(text).is_ok());
}

#[test]
fn drawn_boxes_give_the_box_shape() {
    // r1c1 and r3c2 hold 1: a clash only in 3x2 boxes, so the shape read shows in the error.
    let tall = "line 1: conflicting givens: r1c1 and r3c2 both hold 1";
    let read = |text: &str| match one(text) {
        Ok(g) => g.shape().to_string(),
        Err(e) => e.to_string(),
    };
    // Bars between box columns.
    assert_eq!(read("1 . | . . | . .\n. . | . . | . .\n. 1 | . . | . .\n. . | . . | . .\n. . | . . | . .\n. . | . . | . .\n"), tall);
    assert_eq!(
        read("1.|..|..\n..|..|..\n.1|..|..\n..|..|..\n..|..|..\n..|..|..\n"),
        tall
    );
    // The seed's layout: a wider gap between boxes, a blank line between bands.
    let seed_layout = "  1  /   /  /   /  /\n  /  /   /  /   /  /\n  /  1   /  /   /  /\n\n  /  /   /  /   /  /\n  /  /   /  /   /  /\n  /  /   /  /   /  /\n";
    assert_eq!(read(seed_layout), tall);
    // Separator lines between bands alone.
    assert_eq!(
        read("1.....\n......\n.1....\n------\n......\n......\n......\n"),
        tall
    );
    // Nothing drawn, or a drawing that is not boxes of one size: the most square shape.
    assert_eq!(
        read("1.....\n......\n.1....\n......\n......\n......\n"),
        "2x3"
    );
    assert_eq!(
        read("1 . . | . . .\n. . . . . .\n. 1 . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"),
        "2x3"
    );
    assert_eq!(
        read("1 | . . . . .\n. . . . . .\n. 1 . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"),
        "2x3"
    );
    // --box wins over the drawing.
    let o = opts().shape(Some("2x3".parse().unwrap()));
    assert!(parse_one(seed_layout, &o).is_ok());
}

#[test]
fn csv_collections_read_their_puzzle_column() {
    let seed = ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
    let zeros = seed.replace('.', "0");
    let solution =
        "821459673936172458745386291254638917187294536369715824693541782572863149418927365";
    // The public collections' shape, found by auto detection; 0 is a blank.
    let text = format!("quizzes,solutions\n{zeros},{solution}\n\"{seed}\",\"{solution}\"\n");
    let got = parse_all(&text, &ParseOptions::default());
    assert_eq!(got.len(), 2);
    for (r, line) in got.iter().zip([2, 3]) {
        let p = r.as_ref().unwrap();
        assert_eq!((p.line, p.format), (line, InputFormat::Csv));
        assert_eq!(format_line(p.grid(), &Symbols::standard()), seed);
    }
    // Another column name with `puzzle` in it, not first; other columns ignored.
    let text = format!(
        "id,Puzzle,difficulty\n7,{seed},3.4\n8,{},1\n9,{seed}\n",
        &seed[..80]
    );
    let got = parse_all(&text, &ParseOptions::default());
    assert_eq!(got.len(), 3);
    assert!(got[0].is_ok());
    assert_eq!(
        got[1].as_ref().unwrap_err().to_string(),
        "line 3: a line puzzle has 80 cells; expected N*N cells for an allowed size (16, 36, 64, 81, ...), or N*N*N for a position with pencil marks (64, 216, 729, ...)"
    );
    assert_eq!(
        got[2].as_ref().unwrap_err().to_string(),
        "line 4: a CSV row has 2 fields; the header has 3"
    );
    // sudoku-extreme's layout: the puzzle is `question`, the second column.
    let text = format!("source,question,answer,rating\ntdoku,{seed},{solution},12\n");
    let got = parse_all(&text, &ParseOptions::default());
    let p = got[0].as_ref().unwrap();
    assert_eq!(p.format, InputFormat::Csv);
    assert_eq!(format_line(p.grid(), &Symbols::standard()), seed);
    // A one-column file with its header.
    let got = parse_all(&format!("Quizzes\n{zeros}\n"), &ParseOptions::default());
    assert_eq!(got[0].as_ref().unwrap().format, InputFormat::Csv);
    // Forced: with no puzzle-like name, the first column.
    let text = format!("a,b\n{seed},x\n");
    assert!(parse_all(&text, &ParseOptions::default())[0].is_err());
    let forced = ParseOptions::new().input(InputFormat::Csv);
    let p = parse_all(&text, &forced).remove(0).unwrap();
    assert_eq!(format_line(p.grid(), &Symbols::standard()), seed);
}

#[test]
fn auto_detection_of_ambiguous_lengths() {
    // 16 symbols: a 4x4 line puzzle, unless 16 such lines make a 16x16 grid.
    let four = "1...............\n..2.............\n";
    let all = parse_all(four, &opts());
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].as_ref().unwrap().grid().size(), 4);
    // A value above 4 means a grid row.
    let mut sixteen = String::from("G...............\n");
    for _ in 1..16 {
        sixteen.push_str("................\n");
    }
    let g = one(&sixteen).unwrap();
    assert_eq!(g.size(), 16);
    // Exactly 16 rows of 16 blanks up to the end: a grid.
    let blank16 = "................\n".repeat(16);
    assert_eq!(one(&blank16).unwrap().size(), 16);
    // Forcing line format reads them as 4x4s.
    let o = opts().input(InputFormat::Line);
    assert_eq!(parse_all(&blank16, &o).len(), 16);
}

#[test]
fn puzzles_follow_one_another_and_report_their_lines() {
    let text = format!("{SEED_GRID}\n\n{SEED_GRID}");
    let all = parse_all(&text, &opts());
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].as_ref().unwrap().line, 1);
    assert_eq!(all[1].as_ref().unwrap().line, 14);
}

#[test]
fn big_grid_line_form_uses_numbers() {
    let shape = Shape::from_size(36).unwrap();
    let mut g = Grid::empty(shape);
    g.set(0, 36);
    g.set(37, 12);
    let line = format_line(&g, &Symbols::standard());
    assert!(line.starts_with("36 . "));
    assert_eq!(one(&line).unwrap(), g);
}

// ---------- bad input: one test per kind, message checked ----------

#[test]
fn bad_input_wrong_length() {
    assert_eq!(
        err(&SEED_LINE[..80]),
        "line 1: a line puzzle has 80 cells; expected N*N cells for an allowed size (16, 36, 64, 81, ...), or N*N*N for a position with pencil marks (64, 216, 729, ...)"
    );
    let o = opts().shape(Some(Shape::NINE)).input(InputFormat::Line);
    let e = parse_one(&"1".repeat(16), &o).unwrap_err().to_string();
    assert_eq!(
        e,
        "line 1: a line puzzle has 16 cells; expected 81 for box 3x3"
    );
}

#[test]
fn bad_input_unknown_symbol() {
    let text = SEED_LINE.replacen('.', "?", 1);
    assert_eq!(err(&text), "line 1: unknown symbol `?` at r1c1");
    let mut g = SEED_GRID.to_string();
    g = g.replacen("  9  /", "  9  ?", 1);
    assert_eq!(err(&g), "line 2: unknown symbol `?` at r2c2");
    // Letters are values 10..35 in the standard alphabet: out of range for a 9x9.
    let g = SEED_GRID.replacen("  9  /", "  9  x", 1);
    assert_eq!(err(&g), "line 2: value x at r2c2 is out of range 1..9");
}

#[test]
fn bad_input_value_out_of_range() {
    let text = format!("A{}", &SEED_LINE[1..]);
    assert_eq!(err(&text), "line 1: value A at r1c1 is out of range 1..9");
    let g = SEED_GRID.replacen("  9  /", "  9 12", 1);
    assert_eq!(err(&g), "line 2: value 12 at r2c2 is out of range 1..9");
}

#[test]
fn bad_input_conflicting_givens() {
    let text = format!("5...5{}", &SEED_LINE[5..]).replace('2', ".");
    assert_eq!(
        err(&text),
        "line 1: conflicting givens: r1c1 and r1c5 both hold 5"
    );
    // Column and box conflicts name both cells too.
    let mut v = vec![b'.'; 81];
    v[3] = b'7';
    v[9 * 8 + 3] = b'7';
    let e = err(std::str::from_utf8(&v).unwrap());
    assert!(e.ends_with("r1c4 and r9c4 both hold 7"), "{e}");
}

#[test]
fn bad_input_size_without_box_shape() {
    // A 7-column grid row: 7 has no box shape. The message says what was read.
    let text = "1234567\n".repeat(7);
    assert_eq!(
        err(&text),
        "line 1: a grid row has 7 cells (`1234567`); expected N cells for an allowed size N (4, 6, 8, 9, 10, 12, 16, ..., 64)"
    );
    // With the shape given, the shape's own error stays.
    let opts = ParseOptions::new().shape(Some(Shape::new(2, 2).unwrap()));
    let e = parse_all("12345\n", &opts).remove(0).unwrap_err();
    assert_eq!(e.to_string(), "line 1: row 1 has 5 cells; expected 4");
    // 25 symbols on a line: a line puzzle of a length no allowed size has.
    assert_eq!(
        err(&".".repeat(25)),
        "line 1: a line puzzle has 25 cells; expected N*N cells for an allowed size \
         (16, 36, 64, 81, ...), or N*N*N for a position with pencil marks (64, 216, 729, ...)"
    );
}

#[test]
fn bad_line_length_names_the_stray_character() {
    // A carriage return inside a line puzzle (two lines joined by a bare CR, say).
    let line = format!("{}\r{}", ".".repeat(40), ".".repeat(41));
    let text = format!("{}\n{}\n{line}\n", ".".repeat(81), ".".repeat(81));
    let all = parse_all(&text, &opts());
    let e = all[2].as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3: unexpected `\\r` at column 41 in a line puzzle (82 characters long)"
    );
    assert!(matches!(
        e.kind,
        ParseErrorKind::Unexpected {
            symbol: '\r',
            col: 41,
            len: 82
        }
    ));
    // A tab, and a space, inside a line puzzle.
    let line = ParseOptions::new().input(InputFormat::Line);
    let err = |text: &str| parse_one(text, &line).unwrap_err().to_string();
    let e = err(&format!("{}\t{}", ".".repeat(10), ".".repeat(71)));
    assert!(e.contains("unexpected `\\t` at column 11"), "{e}");
    let e = err(&format!("{} {}", ".".repeat(80), "."));
    assert!(e.contains("unexpected ` ` at column 81"), "{e}");
    // Whitespace-separated numbers of a wrong count are still counted as cells.
    let e = err(&"1 ".repeat(80));
    assert!(e.contains("has 80 cells"), "{e}");
    // With --box, the same.
    let boxed = line.shape(Some(Shape::NINE));
    let e = parse_one(&format!("{}\t{}", ".".repeat(10), ".".repeat(71)), &boxed);
    assert!(matches!(
        e.unwrap_err().kind,
        ParseErrorKind::Unexpected { col: 11, .. }
    ));
}

#[test]
fn bad_input_empty_file() {
    assert_eq!(
        one("").unwrap_err().to_string(),
        "line 1: no puzzle in the input"
    );
    assert_eq!(
        one("# only a comment\n\n   \n").unwrap_err().to_string(),
        "line 1: no puzzle in the input"
    );
    assert!(parse_all("", &opts()).is_empty());
}

#[test]
fn bad_input_truncated_grid() {
    let cut: String = SEED_GRID
        .lines()
        .take(6)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(err(&cut), "line 1: truncated grid: 5 of 9 rows");
    // A truncated grid followed by another puzzle: one error, then the next puzzle intact.
    let text = format!("{cut}\n4...\n..2.\n.1..\n...3\n");
    let all = parse_all(&text, &opts());
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all[0].is_err());
    let four = all[1].as_ref().unwrap();
    assert_eq!(four.grid().size(), 4);
    assert_eq!(four.line, 8);
}

#[test]
fn bad_row_length_in_grid() {
    let g = SEED_GRID.replacen(
        "  9  /  /   1  /  2   /  /  8 ",
        "  9  /  /   1  /  2   /  / ",
        1,
    );
    assert_eq!(err(&g), "line 2: row 2 has 8 cells; expected 9");
}

#[test]
fn a_bad_puzzle_does_not_stop_the_stream() {
    let text = format!(
        "{SEED_LINE}\nnot a puzzle\n{}\n{SEED_LINE}\n",
        &SEED_LINE[..80]
    );
    let all = parse_all(&text, &opts());
    let lines: Vec<_> = all
        .iter()
        .map(|r| match r {
            Ok(p) => (p.line, true),
            Err(e) => (e.line, false),
        })
        .collect();
    assert_eq!(lines, [(1, true), (2, false), (3, false), (4, true)]);
}

#[test]
fn invalid_utf8_is_an_error_not_a_panic() {
    let bytes: &[u8] = b"\xff\xfe..\n";
    let all: Vec<_> = PuzzleReader::new(bytes, opts()).collect();
    assert_eq!(all.len(), 1);
    assert!(all[0].is_err());
}

// ---------- candidates and detail ----------

#[test]
fn candidates_and_detail_of_a_four() {
    let g = one("1...\n..2.\n.3..\n...4\n").unwrap();
    let c = g.candidates();
    assert_eq!(c[0], Mask::single(1));
    // r1c2: row has 1, column has 3, box has 1 -> {2,4}.
    assert_eq!(c[1].to_string(), "{2,4}");
    let d = format_detail(&g, &c, &Symbols::standard());
    // Candidates at fixed places (v at mini-row (v-1)/2, mini-column (v-1)%2), `.` for a
    // removed one; givens alone in their block. Checked by hand against the rules.
    let expected = [
        "      . 2 | . .  . .",
        "   1  . 4 | 3 4  3 .",
        "",
        " . .  . . |      1 .",
        " 3 4  . 4 |   2  3 .",
        "----------+----------",
        " . 2      | 1 .  1 2",
        " . 4    3 | . .  . .",
        "",
        " . 2  1 2 | 1 .",
        " . .  . . | 3 .    4",
    ]
    .map(|l| format!("{l}\n"))
    .concat();
    assert_eq!(d, expected, "\n{d}");
}

#[test]
fn grid_serde_round_trip() {
    let g = one(SEED_LINE).unwrap();
    let json = serde_json::to_string(&g).unwrap();
    assert!(json.starts_with("{\"box\":\"3x3\",\"cells\":[0,2,0"));
    let back: Grid = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    assert!(serde_json::from_str::<Grid>("{\"box\":\"2x2\",\"cells\":[9]}").is_err());
}

// ---------- property tests: print then parse gives the same grid ----------

fn shapes() -> impl Strategy<Value = Shape> {
    (2usize..=8, 2usize..=8)
        .prop_filter("N <= 64", |(r, c)| r * c <= 64)
        .prop_map(|(r, c)| Shape::new(r, c).unwrap())
}

/// A grid with random values and blanks (conflicts allowed: printing does not care).
fn grids() -> impl Strategy<Value = Grid> {
    shapes().prop_flat_map(|s| {
        let n = s.size() as u8;
        proptest::collection::vec(prop_oneof![Just(0u8), 1..=n], s.cells())
            .prop_map(move |v| Grid::from_values(s, v).unwrap())
    })
}

fn reparse(text: &str, shape: Shape, symbols: Symbols, input: InputFormat) -> Grid {
    let o = ParseOptions::new()
        .input(input)
        .shape(Some(shape))
        .symbols(symbols);
    match PuzzleReader::new(text.as_bytes(), o).next() {
        Some(Ok(p)) => p.into_grid(),
        Some(Err(e)) => panic!("{e}\n{text}"),
        None => panic!("no puzzle in\n{text}"),
    }
}

/// Blanks every conflicting cell so the grid is a valid puzzle.
fn without_conflicts(g: Grid) -> Grid {
    let mut g = g;
    let geo = g.shape().geometry();
    for i in 0..g.values().len() {
        let v = g.get(i);
        if v != 0 && geo.peers(i).iter().any(|&p| g.get(p as usize) == v) {
            g.set(i, 0);
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn line_round_trip(g in grids()) {
        let g = without_conflicts(g);
        let text = format_line(&g, &Symbols::standard());
        prop_assert_eq!(reparse(&text, g.shape(), Symbols::standard(), InputFormat::Line), g.clone());
        // Auto detection with the shape known gives the same.
        prop_assert_eq!(reparse(&text, g.shape(), Symbols::standard(), InputFormat::Auto), g);
    }

    #[test]
    fn grid_round_trip(g in grids()) {
        let g = without_conflicts(g);
        let text = format_grid(&g, &Symbols::standard());
        prop_assert_eq!(reparse(&text, g.shape(), Symbols::standard(), InputFormat::Grid), g.clone());
        prop_assert_eq!(reparse(&text, g.shape(), Symbols::standard(), InputFormat::Auto), g.clone());
        // Every shape round-trips with no --box at all: the layout draws its boxes.
        prop_assert_eq!(parse_one(&text, &ParseOptions::default()).unwrap(), g);
    }

    #[test]
    fn custom_symbol_round_trip(g in grids()) {
        let g = without_conflicts(g);
        let alphabet: String = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$%&"
            .chars().take(g.size()).collect();
        let symbols = Symbols::custom(&alphabet).unwrap();
        let line = format_line(&g, &symbols);
        prop_assert_eq!(reparse(&line, g.shape(), symbols.clone(), InputFormat::Line), g.clone());
        let grid = format_grid(&g, &symbols);
        prop_assert_eq!(reparse(&grid, g.shape(), symbols, InputFormat::Grid), g);
    }

    #[test]
    fn detail_has_one_block_per_cell(g in grids()) {
        let g = without_conflicts(g);
        let d = format_detail(&g, &g.candidates(), &Symbols::standard());
        let s = g.shape();
        // R text lines per cell row, an empty line or a rule between cell rows.
        prop_assert_eq!(d.lines().count(), s.size() * s.box_rows() + s.size() - 1);
    }

    #[test]
    fn json_round_trip(g in grids()) {
        let json = serde_json::to_string(&g).unwrap();
        let back: Grid = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, g);
    }
}

// ---------- the conflict check against a plain peer scan ----------

/// Whether two peers hold the same value, the slow way.
fn conflicts_naively(g: &Grid) -> bool {
    let geo = g.shape().geometry();
    (0..g.values().len()).any(|i| {
        let v = g.get(i);
        v != 0 && geo.peers(i).iter().any(|&p| g.get(p as usize) == v)
    })
}

/// 9x9 grids with few givens, so that some have conflicts and some do not.
fn sparse_nines() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(
        prop_oneof![8 => Just(0u8), 1 => 1u8..=9],
        Shape::NINE.cells(),
    )
    .prop_map(|v| Grid::from_values(Shape::NINE, v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn check_agrees_with_a_peer_scan_on_9x9(g in sparse_nines()) {
        prop_assert_eq!(g.check().is_err(), conflicts_naively(&g));
        prop_assert_eq!(g.first_conflict().is_some(), conflicts_naively(&g));
    }

    #[test]
    fn check_agrees_with_a_peer_scan(g in grids()) {
        prop_assert_eq!(g.check().is_err(), conflicts_naively(&g));
        let clean = without_conflicts(g);
        prop_assert!(clean.check().is_ok());
    }
}

// ---------- line files: the streaming path keeps lines, order and errors ----------

#[test]
fn line_files_keep_order_lines_and_errors() {
    let a = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let b = ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
    let bad_symbol = format!("{}x{}", &a[..40], &a[41..]);
    let conflict = format!("44{}", &a[2..]);
    let non_ascii = format!("{}é{}", &a[..10], &a[11..]);
    let text = format!(
        "\u{feff}# comment\r\n{a}\r\n\n  ---+---  \n\t{b} \x0b\n{bad_symbol}\n{conflict}\n{non_ascii}\n{}\n# end\n{a}",
        &a[..80]
    );
    let opts = ParseOptions::new().input(InputFormat::Line);
    let all = parse_all(&text, &opts);
    let lines: Vec<usize> = all
        .iter()
        .map(|r| match r {
            Ok(p) => p.line,
            Err(e) => e.line,
        })
        .collect();
    assert_eq!(lines, [2, 5, 6, 7, 8, 9, 11]);
    let fmt = |r: &Result<Parsed, ParseError>| match r {
        Ok(p) => format_line(p.grid(), &Symbols::standard()),
        Err(e) => e.to_string(),
    };
    assert_eq!(fmt(&all[0]), a);
    assert_eq!(fmt(&all[1]), b);
    assert!(fmt(&all[2]).contains("r5c5"), "{}", fmt(&all[2]));
    assert!(fmt(&all[3]).contains("r1c1") && fmt(&all[3]).contains("r1c2"));
    assert!(fmt(&all[4]).contains("r2c2"), "{}", fmt(&all[4]));
    assert!(fmt(&all[5]).contains("80"), "{}", fmt(&all[5]));
    assert_eq!(fmt(&all[6]), a);
    // Auto detection reads the same file the same way.
    let auto = parse_all(&text, &ParseOptions::default());
    assert_eq!(auto, all);
}

#[test]
fn line_blanks_digits_and_letters_read_alike_on_every_path() {
    let a = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let reference = one(a).unwrap();
    // Every blank symbol, in lines of the fast (digits) and the table path.
    for blank in ["0", "_", "/"] {
        let text = a.replacen('.', blank, 3);
        assert_eq!(one(&text).unwrap(), reference, "{text}");
    }
    // A 4x4 line with a 5 is out of range, and so is a 9x9 line with a letter.
    let line_opts = ParseOptions::new().input(InputFormat::Line);
    let four = parse_one("1235341221434321", &line_opts)
        .unwrap_err()
        .to_string();
    assert!(four.contains("out of range"), "{four}");
    let letter = format!("A{}", &a[1..]);
    assert!(err(&letter).contains("out of range"), "{}", err(&letter));
    // 16x16 with lower- and upper-case letters.
    let g16 = "1234567890abcdefABCDEFG..........................................................................................................................................................................................................................................................";
    let g16 = &g16[..256];
    let expected = g16.to_uppercase().replace('0', ".");
    let parsed = one(g16);
    match parsed {
        Ok(g) => assert_eq!(format_line(&g, &Symbols::standard()), expected),
        Err(e) => assert!(e.to_string().contains("both hold"), "{e}"),
    }
}

#[test]
fn values_a_caller_can_pass_do_not_panic() {
    // Masks: values outside 1..=64 are never in a set.
    for v in [0u8, 65, 128, 200, 255] {
        assert_eq!(Mask::single(v), Mask::EMPTY, "{v}");
        assert!(!Mask::all(64).contains(v), "{v}");
        let mut m = Mask::single(3);
        m.insert(v);
        m.remove(v);
        assert_eq!(m, Mask::single(3), "{v}");
    }
    assert_eq!(Mask::single(64).bits(), 1 << 63);
    assert_eq!(Mask::from_bits(0b101).iter().collect::<Vec<_>>(), [1, 3]);
    // Symbols, cells, grids.
    assert_eq!(Symbols::standard().write(0), None);
    assert_eq!(Shape::NINE.try_cell(8, 9), None);
    assert_eq!(Shape::NINE.try_cell(8, 8), Some(Cell::new(80)));
    let mut g = Grid::empty(Shape::NINE);
    assert_eq!(
        g.try_set(81, 1).unwrap_err().to_string(),
        "cell 81 is outside a 3x3 grid (81 cells)"
    );
    assert_eq!(
        g.try_set(4, 10).unwrap_err().to_string(),
        "value 10 at r1c5 is out of range 1..9"
    );
    assert_eq!(g, Grid::empty(Shape::NINE));
}

#[test]
fn grid_errors_are_typed_and_read_as_before() {
    let e = Grid::from_values(Shape::NINE, vec![0; 80]).unwrap_err();
    assert_eq!(
        e,
        GridError::Count {
            found: 80,
            shape: Shape::NINE,
            expected: 81
        }
    );
    assert_eq!(e.to_string(), "80 values given; a 3x3 grid has 81");
    // The serde form reports the same text.
    let json = format!("{{\"box\":\"3x3\",\"cells\":{:?}}}", vec![0u8; 80]);
    let e = serde_json::from_str::<Grid>(&json).unwrap_err().to_string();
    assert!(e.contains("80 values given; a 3x3 grid has 81"), "{e}");
}

// ---------- positions: pencil marks as input ----------

/// A position of `g`'s shape: `g`'s values without conflicts, and for every open cell a
/// non-empty set of marks drawn from `bits` (a mark a peer's value excludes may stay: the
/// reader keeps marks as written).
fn position_from(g: Grid, bits: &[u64]) -> (Grid, Vec<Mask>) {
    let g = without_conflicts(g);
    let n = g.size();
    let all = Mask::all(n).bits();
    let marks = g
        .values()
        .iter()
        .zip(bits)
        .map(|(&v, &b)| {
            if v != 0 {
                Mask::single(v)
            } else {
                let m = b & all;
                // Never empty: an open cell keeps at least one candidate.
                Mask::from_bits(if m == 0 { 1 << (b % n as u64) } else { m })
            }
        })
        .collect();
    (g, marks)
}

fn positions() -> impl Strategy<Value = (Grid, Vec<Mask>)> {
    grids().prop_flat_map(|g| {
        let cells = g.values().len();
        proptest::collection::vec(any::<u64>(), cells)
            .prop_map(move |b| position_from(g.clone(), &b))
    })
}

fn first_parsed(text: &str, o: &ParseOptions) -> Parsed {
    match PuzzleReader::new(text.as_bytes(), o.clone()).next() {
        Some(Ok(p)) => p,
        Some(Err(e)) => panic!("{e}\n{text}"),
        None => panic!("no puzzle in\n{text}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `--format detail` of a position reads back as the same position, for every shape,
    /// with the box shape found from the layout alone (no `--box`), and with `--box`.
    #[test]
    fn detail_round_trip((g, marks) in positions()) {
        let text = format_detail(&g, &marks, &Symbols::standard());
        let p = first_parsed(&text, &ParseOptions::default());
        prop_assert_eq!(p.format, InputFormat::Detail);
        prop_assert_eq!(p.grid(), &g);
        prop_assert_eq!(p.marks(), Some(&marks[..]));
        let boxed = ParseOptions::new().shape(Some(g.shape()));
        prop_assert_eq!(first_parsed(&text, &boxed), p);
    }

    /// The position line reads back with the same marks; it has no givens, so a value
    /// comes back as its cell's only candidate.
    #[test]
    fn position_line_round_trip((g, marks) in positions()) {
        let line = format_position_line(&g, &marks, &Symbols::standard());
        let n = g.size();
        let o = ParseOptions::new().shape(Some(g.shape()));
        let p = first_parsed(&line, &o);
        prop_assert_eq!(p.format, InputFormat::Line);
        prop_assert_eq!(p.grid().filled(), 0);
        prop_assert_eq!(p.grid().shape(), g.shape());
        prop_assert_eq!(p.marks(), Some(&marks[..]));
        // Forced line format reads it the same; so does auto detection of the default
        // shape when no --box is given.
        prop_assert_eq!(&first_parsed(&line, &o.clone().input(InputFormat::Line)), &p);
        if Shape::from_size(n).unwrap() == g.shape() {
            prop_assert_eq!(first_parsed(&line, &ParseOptions::default()), p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// With `--symbols`, both forms of a position read back the same, and the pencil-mark
    /// grid of big sizes keeps one character a mark.
    #[test]
    fn custom_symbol_position_round_trip((g, marks) in positions()) {
        let alphabet: String = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$%&"
            .chars().take(g.size()).collect();
        let symbols = Symbols::custom(&alphabet).unwrap();
        let o = ParseOptions::new().shape(Some(g.shape())).symbols(symbols.clone());
        let detail = format_detail(&g, &marks, &symbols);
        let p = first_parsed(&detail, &o);
        prop_assert_eq!(p.grid(), &g);
        prop_assert_eq!(p.marks(), Some(&marks[..]));
        let line = format_position_line(&g, &marks, &symbols);
        prop_assert_eq!(line.chars().count(), g.size().pow(3));
        let p = first_parsed(&line, &o);
        prop_assert_eq!(p.marks(), Some(&marks[..]));
    }
}

/// The seed's candidates as a 729-symbol line, by hand: r1c1's nine places.
#[test]
fn a_729_line_is_a_position_without_givens() {
    let seed = one(SEED_LINE).unwrap();
    let cands = seed.candidates();
    let line = format_position_line(&Grid::empty(Shape::NINE), &cands, &Symbols::standard());
    assert_eq!(line.len(), 729);
    // r1c1 of the seed may hold 1, 3, 4, 6, 8 (row 1 has 2 and 7, column 1 has 9, 5, box 1 has 2 and 9).
    assert_eq!(&line[..9], "1.34.6.8.");
    // r1c2 holds the given 2: one candidate, written in its place.
    assert_eq!(&line[9..18], ".2.......");
    let p = parse_first(&line, &opts()).unwrap();
    assert!(p.is_position());
    assert_eq!(
        *p.grid(),
        Grid::empty(Shape::NINE),
        "a cell with one candidate is no given"
    );
    assert_eq!(p.marks(), Some(&cands[..]));
    assert_eq!(p.candidates(), cands);
    // `0` is a blank too.
    let zeros = line.replace('.', "0");
    assert_eq!(parse_first(&zeros, &opts()).unwrap(), p);
    // In a file, between other puzzles, in line format and in CSV.
    let all = parse_all(&format!("{SEED_LINE}\n{line}\n{SEED_LINE}\n"), &opts());
    assert_eq!(all.len(), 3);
    assert!(all[1].as_ref().unwrap().is_position());
    assert!(!all[2].as_ref().unwrap().is_position());
    let csv = parse_all(&format!("quizzes,solutions\n{line},\n"), &opts());
    assert_eq!(csv[0].as_ref().unwrap().marks(), Some(&cands[..]));
}

#[test]
fn position_line_errors_name_the_cell_and_column() {
    let full = "123456789".repeat(81);
    let err = |text: &str| parse_one(text, &opts()).unwrap_err().to_string();
    // A 5 in place 4 of r1c2 (column 13 of the line).
    let mut bad = full.clone();
    bad.replace_range(12..13, "5");
    assert_eq!(
        err(&bad),
        "line 1: r1c2: `5` at column 13 is in place 4 of the cell, which holds `4` or a blank"
    );
    // r2c3 without any candidate: cell 11, columns 100-108.
    let mut empty = full.clone();
    empty.replace_range(99..108, ".........");
    assert_eq!(
        err(&empty),
        "line 1: r2c3 has no candidate (an open cell of a position needs at least one)"
    );
    // A letter (a value of big grids) and a symbol of no grid.
    let mut x = full.clone();
    x.replace_range(728..729, "x");
    assert_eq!(
        err(&x),
        "line 1: r9c9: `x` at column 729 is in place 9 of the cell, which holds `9` or a blank"
    );
    x.replace_range(728..729, "?");
    assert_eq!(err(&x), "line 1: unknown symbol `?` at r9c9");
    // One symbol too many: neither N*N nor N*N*N.
    assert_eq!(
        err(&format!("{full}1")),
        "line 1: a line puzzle has 730 cells; expected N*N cells for an allowed size \
         (16, 36, 64, 81, ...), or N*N*N for a position with pencil marks (64, 216, 729, ...)"
    );
    // A 6x6 position (216 symbols) is no square: its errors are a position's.
    let mut six = "123456".repeat(36);
    six.replace_range(0..6, "......");
    assert_eq!(
        err(&six),
        "line 1: r1c1 has no candidate (an open cell of a position needs at least one)"
    );
}

/// 64, 729 and 4096 symbols are also N*N for an allowed N: a line is a position when it
/// reads as one, else a puzzle when it reads as one.
#[test]
fn lengths_that_are_a_square_and_a_cube() {
    // 729 blanks: no position (no candidates anywhere), an empty 27x27 puzzle.
    let p = parse_first(&".".repeat(729), &opts()).unwrap();
    assert!(!p.is_position());
    assert_eq!(p.grid().size(), 27);
    // An 8x8 puzzle with one given: not a 4x4 position (cells without candidates).
    let p = parse_first(&format!("1{}", ".".repeat(63)), &opts()).unwrap();
    assert_eq!((p.grid().size(), p.is_position()), (8, false));
    // A 4x4 position with every candidate; --box says which one is meant.
    let four = "1234".repeat(16);
    let p = parse_first(&four, &opts()).unwrap();
    assert_eq!((p.grid().size(), p.is_position()), (4, true));
    let eight = ParseOptions::new().shape(Some(Shape::new(2, 4).unwrap()));
    let p = parse_first(&four, &eight).unwrap_err();
    assert!(p.to_string().contains("conflicting givens"), "{p}");
    // A broken 9x9 position is reported as one (as a 27x27 puzzle it would clash).
    let mut broken = "123456789".repeat(81);
    broken.replace_range(0..9, ".........");
    let e = parse_one(&broken, &opts()).unwrap_err().to_string();
    assert!(e.contains("r1c1 has no candidate"), "{e}");
    // A 27x27 puzzle with letters is a puzzle, whatever it looks like.
    let mut big = ".".repeat(729);
    big.replace_range(0..1, "R");
    assert_eq!(parse_one(&big, &opts()).unwrap().size(), 27);
}

#[test]
fn detail_grid_reads_back_the_printed_position() {
    let seed = one(SEED_LINE).unwrap();
    let mut cands = seed.candidates();
    // Remove 1 from r1c1 by hand, as a player would.
    cands[0].remove(1);
    let text = format_detail(&seed, &cands, &Symbols::standard());
    let p = parse_first(&text, &opts()).unwrap();
    assert_eq!(p.format, InputFormat::Detail);
    assert_eq!(
        *p.grid(),
        seed,
        "values drawn alone in their block are givens"
    );
    assert_eq!(p.marks(), Some(&cands[..]));
    // Two of them in one file, with comments and blank lines: both, on their lines.
    let two = format!("# two positions\n{text}\n\n{text}");
    let all = parse_all(&two, &opts());
    let lines: Vec<usize> = all.iter().map(|r| r.as_ref().unwrap().line).collect();
    assert_eq!(lines, [2, 2 + text.lines().count() + 2]);
    // `--input detail` forces it.
    let forced = ParseOptions::new().input(InputFormat::Detail);
    assert_eq!(parse_first(&text, &forced).unwrap(), p);
}

/// A solved grid's first row is drawn with only spaces and `|` on its top line: still
/// the start of a pencil-mark grid.
#[test]
fn detail_of_a_full_grid() {
    for (br, bc) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4)] {
        let shape = Shape::new(br, bc).unwrap();
        let n = shape.size();
        let values = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((bc * (r % br) + r / br + c) % n + 1) as u8
            })
            .collect();
        let g = Grid::from_values(shape, values).unwrap();
        assert!(g.check().is_ok());
        let text = format_detail(&g, &g.candidates(), &Symbols::standard());
        let p = first_parsed(&text, &ParseOptions::default());
        assert_eq!(*p.grid(), g, "{br}x{bc}");
    }
}

#[test]
fn detail_errors_name_line_and_cell() {
    let seed = one(SEED_LINE).unwrap();
    let text = format_detail(&seed, &seed.candidates(), &Symbols::standard());
    let err = |t: &str| parse_one(t, &opts()).unwrap_err().to_string();
    let lines: Vec<&str> = text.lines().collect();
    let with_line = |k: usize, new: &str| {
        let mut l = lines.clone();
        l[k] = new;
        l.join("\n")
    };
    // r1c1's first line is ` 1 . 3 ...`: a 2 in place 3 (column 6).
    assert!(lines[0].starts_with(" 1 . 3"), "{}", lines[0]);
    let misplaced = with_line(0, &lines[0].replacen(" 1 . 3", " 1 . 2", 1));
    assert_eq!(
        err(&misplaced),
        "line 1: r1c1: `2` at column 6 is in place 3 of the cell, which holds `3` or a blank"
    );
    // r1c1 with no candidate: all three of its lines dotted.
    let mut l = lines.clone();
    let dotted: Vec<String> = (0..3)
        .map(|k| format!(" . . .{}", &lines[k][6..]))
        .collect();
    for (k, d) in dotted.iter().enumerate() {
        l[k] = d;
    }
    assert_eq!(
        err(&l.join("\n")),
        "line 1: r1c1 has no candidate (an open cell of a position needs at least one)"
    );
    // r1c2 (the given 2) with a stray mark beside its value: neither a value nor marks.
    assert!(lines[1][7..].starts_with("   2"), "{}", lines[1]);
    let mixed = with_line(1, &format!("{}. 2{}", &lines[1][..8], &lines[1][11..]));
    assert_eq!(
        err(&mixed),
        "line 2: r1c2 is neither a value (alone in the middle of its block, blanks around it) \
         nor pencil marks (a mark or `.` in every place)"
    );
    // A line out of its columns inside the grid.
    let shifted = with_line(4, &format!(" {}", lines[4]));
    let e = err(&shifted);
    assert!(
        e.starts_with("line 5: not a line of a pencil-mark grid with 3x3 boxes"),
        "{e}"
    );
    // Cut short.
    let cut = lines[..20].join("\n");
    assert_eq!(err(&cut), "line 1: truncated grid: 5 of 9 rows");
}

/// A line out of the layout between pencil-mark grids names the shape of the grids read
/// (a 4x4 grid is 11 lines: 4 rows of 2, 2 blank lines and a rule).
#[test]
fn a_stray_line_in_a_detail_file_names_the_grids_shape() {
    let four = Grid::from_values(Shape::new(2, 2).unwrap(), vec![0; 16]).unwrap();
    let d = format_detail(&four, &four.candidates(), &Symbols::standard());
    let all = parse_all(&format!("{d}\nnot a grid\n\n{d}"), &opts());
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[2].is_ok());
    let e = all[1].as_ref().unwrap_err().to_string();
    assert!(
        e.starts_with("line 13: not a line of a pencil-mark grid with 2x2 boxes"),
        "{e}"
    );
}

#[test]
fn f_puzzles_json_and_links_read_as_variant_puzzles_among_other_lines() {
    use numpl_core::variant::{fpuzzles, Constraint, Variant};
    let shape = Shape::NINE;
    let mut givens = Grid::empty(shape);
    givens.set(0, 1);
    let cage = Constraint::Cage {
        sum: Some(7),
        cells: vec![1, 2],
    };
    let v = Variant::new(shape, true, vec![cage]).unwrap();
    let json = fpuzzles::to_json(&givens, &v).unwrap();
    let text = [
        SEED_LINE.to_string(),
        json,
        fpuzzles::link(&givens, &v).unwrap(),
        fpuzzles::sudokupad_link(&givens, &v).unwrap(),
        v.to_json(&givens),
        "https://www.f-puzzles.com/?load=N4Ig!".to_string(),
    ]
    .join("\n");
    let all = parse_all(&text, &opts());
    assert_eq!(all.len(), 6);
    assert!(all[0].as_ref().unwrap().variant().is_none());
    for p in &all[1..5] {
        let p = p.as_ref().unwrap();
        assert_eq!(p.variant(), Some(&v));
        assert_eq!(p.grid(), &givens);
    }
    let err = all[5].as_ref().unwrap_err();
    // A classic f-puzzles link (no rules beyond the boxes) is a classic puzzle.
    let classic = Variant::new(shape, true, Vec::new()).unwrap();
    let p = parse_first(&fpuzzles::link(&givens, &classic).unwrap(), &opts()).unwrap();
    assert!(p.variant().is_none());
    assert_eq!(p.grid(), &givens);
    assert_eq!(err.line, 6);
    assert!(
        err.to_string()
            .contains("f-puzzles: the link's puzzle is not LZ-string base64"),
        "{err}"
    );
}

/// Variant givens that repeat a value in a house of the rules (a column; a diagonal with
/// the boxes off) are refused by name; the same givens under a jigsaw whose regions allow
/// them, and boxes off, read (a box may then repeat a value).
#[test]
fn variant_givens_that_clash_in_a_house_are_refused() {
    let text = [
        r#"{"box":"2x2","givens":"1...1...........","constraints":[]}"#,
        r#"{"box":"2x2","boxes":false,"givens":"1....1..........","constraints":[{"type":"diagonal"}]}"#,
        r#"{"box":"2x2","boxes":false,"givens":"1....1..........","constraints":[{"type":"jigsaw","layout":"0001220123112333"}]}"#,
    ]
    .join("\n");
    let all = parse_all(&text, &opts());
    let err = |i: usize| all[i].as_ref().unwrap_err().to_string();
    assert!(
        err(0).ends_with("givens: r1c1 and r2c1 both hold 1"),
        "{}",
        err(0)
    );
    assert!(
        err(1).ends_with("givens: r1c1 and r2c2 both hold 1"),
        "{}",
        err(1)
    );
    assert!(all[2].is_ok(), "{:?}", all[2]);
}
