//! Reading a line- or CSV-format input in blocks of lines that are parsed later, by
//! whoever takes them: a batch reads blocks on one thread and parses each puzzle on the
//! thread that solves it, so reading does not serialise a run on many cores.
//!
//! [`PuzzleReader::next_block`] cuts the input into [`LineBlock`]s once the format is
//! known to be `Line` or `Csv` (after the first puzzle under `Auto`); the reader only finds
//! line ends and leaves out blank, comment and separator lines, as the reader itself does.
//! [`LineBlock::parse`] then reads one of the block's puzzles exactly as
//! [`PuzzleReader`]'s iterator would have, with the same line number and the same errors.

use std::io::BufRead;

use super::{
    classify, read_csv_row, read_line_fast, read_line_puzzle, trim_ascii, InputFormat, LineKind,
    ParseOptions, Parsed, PuzzleReader,
};
use crate::error::{ParseError, ParseErrorKind};

/// One puzzle line of a block: where its text is and where it was read.
#[derive(Clone, Copy, Debug)]
struct RawLine {
    /// The text, without a line end (and, on line 1, without a byte order mark).
    start: u32,
    end: u32,
    /// Where the next line starts (after this line's end).
    next: u32,
    /// The 1-based input line.
    line: usize,
}

/// How a block's lines are read.
#[derive(Clone, Copy, Debug)]
enum BlockKind {
    Line,
    /// The puzzle column and the number of columns (from the header).
    Csv {
        column: usize,
        columns: usize,
    },
}

/// Puzzle lines read from the input but not parsed yet ([`PuzzleReader::next_block`]).
///
/// ```
/// use numpl_core::{InputFormat, ParseOptions, PuzzleReader};
///
/// let text = "# two puzzles\n1234341221434321\n\n12.4341221434321\n";
/// let opts = ParseOptions::default().input(InputFormat::Line);
/// let mut reader = PuzzleReader::new(text.as_bytes(), opts);
/// let block = reader.next_block(1000).unwrap().unwrap();
/// assert_eq!(block.len(), 2);
/// assert_eq!(block.line(1), 4);
/// let p = block.parse(1).unwrap();
/// assert_eq!((p.line, p.grid().filled()), (4, 15));
/// assert!(reader.next_block(1000).is_none());
/// ```
#[derive(Clone, Debug)]
pub struct LineBlock {
    text: Vec<u8>,
    lines: Vec<RawLine>,
    kind: BlockKind,
    opts: ParseOptions,
}

impl LineBlock {
    /// The number of puzzles in the block.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the block holds no puzzle (never, for a block the reader gave).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The 1-based input line of puzzle `k`.
    ///
    /// # Panics
    ///
    /// When `k` is not below [`LineBlock::len`].
    pub fn line(&self, k: usize) -> usize {
        self.lines[k].line
    }

    /// The format the block's puzzles are read in (`Line` or `Csv`).
    pub fn format(&self) -> InputFormat {
        match self.kind {
            BlockKind::Line => InputFormat::Line,
            BlockKind::Csv { .. } => InputFormat::Csv,
        }
    }

    /// Input bytes of the block up to the end of puzzle `k`'s line (its line end included).
    ///
    /// # Panics
    ///
    /// When `k` is not below [`LineBlock::len`].
    pub fn bytes_through(&self, k: usize) -> usize {
        self.lines[k].next as usize
    }

    /// Input bytes the block holds (its last line's end included).
    pub fn bytes(&self) -> usize {
        self.text.len()
    }

    /// Reads puzzle `k`: what [`PuzzleReader`]'s iterator gives for that line.
    ///
    /// # Errors
    ///
    /// The line's [`ParseError`], naming its input line.
    ///
    /// # Panics
    ///
    /// When `k` is not below [`LineBlock::len`].
    pub fn parse(&self, k: usize) -> Result<Parsed, ParseError> {
        let raw = self.lines[k];
        let bytes = &self.text[raw.start as usize..raw.end as usize];
        let opts = &self.opts;
        match self.kind {
            BlockKind::Line if bytes.is_ascii() => {
                // As the reader's line path: the fast reader, else the general one.
                let t = trim_ascii(bytes);
                match read_line_fast(opts, raw.line, t) {
                    Some(parsed) => parsed,
                    None => {
                        let t = std::str::from_utf8(t).expect("ASCII");
                        read_line_puzzle(opts, raw.line, t)
                    }
                }
            }
            BlockKind::Line => {
                let text = String::from_utf8_lossy(bytes);
                match classify(&text) {
                    LineKind::Content(t) => read_line_puzzle(opts, raw.line, t),
                    _ => unreachable!("the block keeps content lines only"),
                }
            }
            BlockKind::Csv { column, columns } => {
                let text = String::from_utf8_lossy(bytes);
                match classify(&text) {
                    LineKind::Content(t) => read_csv_row(opts, raw.line, t, column, columns),
                    _ => unreachable!("the block keeps content lines only"),
                }
            }
        }
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// The next lines of a line- or CSV-format input, up to `max_puzzles` puzzles, read but
    /// not parsed ([`LineBlock::parse`] reads each, the same as this iterator would).
    ///
    /// `None` when the reader cannot hand out lines now: the format is not known yet
    /// (under `Auto`, until the first puzzle has been read with [`Iterator::next`]), is
    /// not `Line` or `Csv`, a CSV header has not been read, lines were read ahead to
    /// decide the format, or the input has ended. The iterator then goes on where the
    /// blocks stopped (and gives the end of the input, or an I/O error that ended a block).
    ///
    /// # Errors
    ///
    /// An I/O error before any line of the block was read (the reader then stops).
    pub fn next_block(&mut self, max_puzzles: usize) -> Option<Result<LineBlock, ParseError>> {
        let kind = match (self.format, self.csv) {
            (Some(InputFormat::Line), _) => BlockKind::Line,
            (Some(InputFormat::Csv), Some((column, columns))) => BlockKind::Csv { column, columns },
            _ => return None,
        };
        if self.eof || !self.ahead.is_empty() || self.deferred.is_some() {
            return None;
        }
        let mut text = Vec::with_capacity(max_puzzles.min(1 << 16) * 84);
        let mut lines = Vec::with_capacity(max_puzzles.min(1 << 16));
        while lines.len() < max_puzzles.max(1) {
            let at = text.len();
            match self.input.read_until(b'\n', &mut text) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(_) => {}
                Err(e) => {
                    text.truncate(at);
                    self.eof = true;
                    let err = ParseError {
                        line: self.line_no + 1,
                        kind: ParseErrorKind::Io(e.to_string()),
                    };
                    if lines.is_empty() {
                        return Some(Err(err));
                    }
                    // The lines read so far go out; the iterator gives the error next.
                    self.deferred = Some(err);
                    break;
                }
            }
            self.line_no += 1;
            let mut start = at;
            if self.line_no == 1 && text[at..].starts_with(b"\xEF\xBB\xBF") {
                start += 3;
            }
            let mut end = text.len();
            while end > start && matches!(text[end - 1], b'\n' | b'\r') {
                end -= 1;
            }
            if !is_puzzle_line(&text[start..end]) {
                continue;
            }
            let (Ok(start), Ok(end), Ok(next)) = (
                u32::try_from(start),
                u32::try_from(end),
                u32::try_from(text.len()),
            ) else {
                // A block over 4 GiB: what is read goes out, the rest in the next block.
                // (Only a single line that long can get here; it is kept whole.)
                break;
            };
            lines.push(RawLine {
                start,
                end,
                next,
                line: self.line_no,
            });
        }
        if lines.is_empty() {
            return None;
        }
        Some(Ok(LineBlock {
            text,
            lines,
            kind,
            opts: self.opts.clone(),
        }))
    }
}

/// Whether a line of a line- or CSV-format input holds a puzzle: not blank, not a comment,
/// not a separator (what the reader's iterator skips).
fn is_puzzle_line(bytes: &[u8]) -> bool {
    if bytes.is_ascii() {
        let t = trim_ascii(bytes);
        !(t.is_empty()
            || t[0] == b'#'
            || t.iter()
                .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|') || super::is_space(b)))
    } else {
        matches!(
            classify(&String::from_utf8_lossy(bytes)),
            LineKind::Content(_)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use proptest::prelude::*;

    /// Every puzzle of `text` read one by one, and read in blocks of `n` after the first
    /// (the iterator decides the format): the same results, lines and errors.
    /// (`blocks` counts the puzzles that came in blocks.)
    fn both_ways(text: &[u8], opts: &ParseOptions, n: usize) -> (Vec<String>, Vec<String>) {
        both_ways_counted(text, opts, n).0
    }

    fn both_ways_counted(
        text: &[u8],
        opts: &ParseOptions,
        n: usize,
    ) -> ((Vec<String>, Vec<String>), usize) {
        let show = |r: Result<Parsed, ParseError>| match r {
            Ok(p) => format!("{} {:?} {:?}", p.line, p.format, p),
            Err(e) => format!("{} {}", e.line, e.kind),
        };
        let one_by_one: Vec<String> = PuzzleReader::new(text, opts.clone()).map(show).collect();
        let mut reader = PuzzleReader::new(text, opts.clone());
        let mut blocks = Vec::new();
        let mut in_blocks = 0;
        loop {
            match reader.next_block(n) {
                Some(Ok(block)) => {
                    assert!(!block.is_empty());
                    in_blocks += block.len();
                    for k in 0..block.len() {
                        let r = block.parse(k);
                        if let Ok(p) = &r {
                            assert_eq!(p.line, block.line(k));
                            assert_eq!(p.format, block.format());
                        }
                        blocks.push(show(r));
                    }
                }
                Some(Err(e)) => blocks.push(show(Err(e))),
                None => match reader.next() {
                    Some(r) => blocks.push(show(r)),
                    None => break,
                },
            }
        }
        ((one_by_one, blocks), in_blocks)
    }

    const NINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn blocks_read_what_the_iterator_reads() {
        let bad_len = "123";
        let clash = format!("11{}", &NINE[2..]);
        let cases: Vec<(String, InputFormat)> = vec![
            (
                format!("# head\n{NINE}\n\n  {NINE}  \r\n---+---\n{bad_len}\n{clash}\n# c\n{NINE}"),
                InputFormat::Auto,
            ),
            (format!("\u{feff}{NINE}\n{NINE}\n"), InputFormat::Line),
            (format!("\u{feff}{NINE}\n{NINE}\n"), InputFormat::Auto),
            // Unicode whitespace around a puzzle, a line of Unicode spaces, non-UTF-8.
            (
                format!("{NINE}\n\u{3000}{NINE}\u{3000}\n\u{2003}\u{2003}\n{NINE}é\n"),
                InputFormat::Auto,
            ),
            (
                "quizzes,solutions\n".to_string()
                    + &format!("{NINE},x\n{NINE}\n\n\"{NINE}\", y\n# no\n{bad_len},z\n"),
                InputFormat::Auto,
            ),
            // 16x16 puzzles, a 4x4 position, a comment only.
            (
                format!("{}\n{}\n", ".".repeat(256), "1234".repeat(16)),
                InputFormat::Auto,
            ),
            ("# nothing\n\n".to_string(), InputFormat::Line),
        ];
        for (text, input) in cases {
            let opts = ParseOptions::default().input(input);
            for n in [1, 2, 3, 100] {
                let ((a, b), in_blocks) = both_ways_counted(text.as_bytes(), &opts, n);
                assert_eq!(a, b, "{text:?} in blocks of {n}");
                // Only the first puzzle (or none) is read by the iterator.
                assert!(in_blocks + 1 >= a.len(), "{text:?}: {in_blocks} in blocks");
            }
        }
        // Not UTF-8 at all.
        let mut bytes = format!("{NINE}\n").into_bytes();
        bytes.extend_from_slice(b"\xff\xfe12\n");
        bytes.extend_from_slice(NINE.as_bytes());
        let (a, b) = both_ways(&bytes, &ParseOptions::default(), 2);
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
    }

    #[test]
    fn grid_inputs_give_no_blocks() {
        let grid = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        let mut r = PuzzleReader::new(grid.as_bytes(), ParseOptions::default());
        assert!(r.next_block(10).is_none());
        assert!(r.next().unwrap().is_ok());
        assert!(r.next_block(10).is_none());
        assert!(r.next().is_none());
    }

    #[test]
    fn progress_counts_the_block_bytes() {
        let text = format!("{NINE}\n# c\n{NINE}\r\n");
        let opts = ParseOptions::default().input(InputFormat::Line);
        let mut r = PuzzleReader::new(text.as_bytes(), opts.shape(Some(Shape::NINE)));
        let b = r.next_block(10).unwrap().unwrap();
        assert_eq!((b.bytes_through(0), b.bytes_through(1)), (82, 82 + 4 + 83));
        assert_eq!(b.bytes(), text.len());
    }

    /// An input that fails after some lines: the lines read go out in a block, then the
    /// iterator gives the error, then the end.
    #[test]
    fn an_io_error_ends_the_block_and_comes_next() {
        struct Failing(std::io::Cursor<Vec<u8>>);
        impl std::io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                match self.0.read(buf)? {
                    0 => Err(std::io::Error::other("disk on fire")),
                    n => Ok(n),
                }
            }
        }
        let text = format!("{NINE}\n{NINE}\n");
        let input =
            std::io::BufReader::with_capacity(16, Failing(std::io::Cursor::new(text.into())));
        let opts = ParseOptions::default().input(InputFormat::Line);
        let mut r = PuzzleReader::new(input, opts);
        let b = r.next_block(10).unwrap().unwrap();
        assert_eq!(b.len(), 2);
        assert!(r.next_block(10).is_none());
        let e = r.next().unwrap().unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Io(_)), "{e:?}");
        assert!(r.next().is_none());
    }

    proptest! {
        /// Random lines of puzzle symbols, blanks, comments, separators and junk: blocks of
        /// any size read what the iterator reads.
        #[test]
        fn blocks_agree_on_random_inputs(
            lines in proptest::collection::vec(
                prop_oneof![
                    Just(NINE.to_string()),
                    Just(String::new()),
                    Just("# x".to_string()),
                    Just("--+--".to_string()),
                    "[1-4.]{16}",
                    "[0-9.a-z ]{0,20}",
                    "[1-9.]{81}",
                ],
                1..12,
            ),
            n in 1usize..5,
            line_format in any::<bool>(),
        ) {
            let text = lines.join("\n");
            let input = if line_format { InputFormat::Line } else { InputFormat::Auto };
            let opts = ParseOptions::default().input(input);
            let (a, b) = both_ways(text.as_bytes(), &opts, n);
            prop_assert_eq!(a, b);
        }
    }
}
