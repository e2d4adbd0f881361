//! Reading puzzles from files and stdin, as one stream with a global index.

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use numpl_core::{
    escape_controls, InputFormat, LineBlock, ParseError, ParseErrorKind, ParseOptions, Parsed,
    PuzzleReader,
};

use crate::batch::{Source, Work};
use crate::settings::InputSettings;

/// The name used for standard input in messages and records.
pub(crate) const STDIN_NAME: &str = "<stdin>";

/// One puzzle of the input, read or not.
pub(crate) struct Item {
    /// 0-based, in input order across all files.
    pub(crate) index: u64,
    /// The file it came from (`<stdin>` for standard input), as messages show it.
    pub(crate) file: Arc<str>,
    /// The 1-based line it starts on (for a bad puzzle: the line that is wrong).
    pub(crate) line: usize,
    /// The format the puzzle was read in (for a bad one: the format chosen for its file).
    pub(crate) format: InputFormat,
    /// The puzzle: read, or its line still to be read by the worker that takes the item.
    puzzle: Pending,
    /// Input bytes used up to the end of this puzzle, over all files (for progress).
    end: u64,
}

/// An item's puzzle as the reader leaves it.
enum Pending {
    /// Read by the reader (grids, pencil-mark grids, the first puzzle of a file): the
    /// puzzle, or the message saying why it could not be read (naming file and line).
    Read(Result<Parsed, String>),
    /// Puzzle `k` of a block of lines (line and CSV inputs), read when a worker asks:
    /// parsing runs on the workers, so the reader thread does not serialise a batch.
    InBlock(Arc<LineBlock>, usize),
}

impl Item {
    /// The puzzle, or the message saying why it could not be read (naming file and line).
    pub(crate) fn puzzle(&self) -> Result<Cow<'_, Parsed>, Cow<'_, str>> {
        match &self.puzzle {
            Pending::Read(Ok(p)) => Ok(Cow::Borrowed(p)),
            Pending::Read(Err(msg)) => Err(Cow::Borrowed(msg)),
            Pending::InBlock(block, k) => block
                .parse(*k)
                .map(Cow::Owned)
                .map_err(|e| Cow::Owned(message(&self.file, &e))),
        }
    }
}

/// The message of a puzzle that could not be read: `FILE:LINE: what is wrong`.
fn message(file: &str, e: &ParseError) -> String {
    // The file's name is quoted too: it may hold anything.
    format!("{}:{}: {}", escape_controls(file), e.line, e.kind)
}

impl Work for Item {
    fn progress(&self) -> u64 {
        self.end
    }
}

/// A buffered input that counts the bytes the parser has used (not merely read ahead), so
/// that progress follows the puzzles read.
struct Counting {
    inner: BufReader<Box<dyn Read + Send>>,
    used: Arc<AtomicU64>,
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.used.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl BufRead for Counting {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.inner.consume(amt);
        self.used.fetch_add(amt as u64, Ordering::Relaxed);
    }
}

struct Current {
    name: Arc<str>,
    reader: PuzzleReader<Counting>,
    puzzles: u64,
    /// The block being handed out, the next puzzle in it, and the input bytes used before
    /// the block.
    block: Option<(Arc<LineBlock>, usize, u64)>,
}

/// Puzzles per block of lines: as many as a chunk of the batch.
const BLOCK: usize = crate::batch::CHUNK;

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == OsStr::new("-")
}

/// Every puzzle of a list of files, in order. Problems with whole files (cannot open,
/// cannot read, no puzzle at all) are logged and remembered, not yielded.
pub(crate) struct Inputs {
    files: Vec<PathBuf>,
    next_file: usize,
    current: Option<Current>,
    opts: ParseOptions,
    index: u64,
    /// Bytes the parser has used so far, over all files.
    used: Arc<AtomicU64>,
    /// The total size of the files, when every one is a regular file.
    total_bytes: Option<u64>,
    /// Some file could not be opened or read.
    io_error: bool,
    /// Inputs that held no puzzle.
    empty_inputs: usize,
    /// Parse line and CSV puzzles here rather than in the workers
    /// ([`InputSettings::parse_in_reader`]).
    parse_in_reader: bool,
}

impl Inputs {
    /// The inputs named on the command line (none means stdin).
    pub(crate) fn new(settings: InputSettings) -> Inputs {
        let InputSettings {
            mut files,
            parse,
            parse_in_reader,
        } = settings;
        if files.is_empty() {
            files.push(PathBuf::from("-"));
        }
        let total_bytes = files
            .iter()
            .map(|f| {
                if is_stdin(f) {
                    None
                } else {
                    std::fs::metadata(f)
                        .ok()
                        .filter(|m| m.is_file())
                        .map(|m| m.len())
                }
            })
            .sum::<Option<u64>>();
        tracing::info!("{} input(s), input format {:?}", files.len(), parse.input);
        Inputs {
            files,
            next_file: 0,
            current: None,
            opts: parse,
            index: 0,
            used: Arc::new(AtomicU64::new(0)),
            total_bytes,
            io_error: false,
            empty_inputs: 0,
            parse_in_reader,
        }
    }

    fn open_next(&mut self) -> bool {
        while self.next_file < self.files.len() {
            let path = &self.files[self.next_file];
            self.next_file += 1;
            let (name, inner): (Arc<str>, Box<dyn Read + Send>) = if is_stdin(path) {
                (Arc::from(STDIN_NAME), Box::new(io::stdin()))
            } else {
                let name: Arc<str> = Arc::from(path.display().to_string());
                match File::open(path) {
                    Ok(f) => (name, Box::new(f)),
                    Err(e) => {
                        tracing::error!("{name}: cannot open: {e}");
                        self.io_error = true;
                        continue;
                    }
                }
            };
            tracing::debug!("{name}: reading");
            let counting = Counting {
                inner: BufReader::with_capacity(1 << 16, inner),
                used: Arc::clone(&self.used),
            };
            self.current = Some(Current {
                name,
                reader: PuzzleReader::new(counting, self.opts.clone()),
                puzzles: 0,
                block: None,
            });
            return true;
        }
        false
    }
}

impl Iterator for Inputs {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if self.current.is_none() && !self.open_next() {
                return None;
            }
            let cur = self.current.as_mut()?;
            if let Some((block, k, base)) = &mut cur.block {
                if *k < block.len() {
                    let item = Item {
                        index: self.index,
                        file: Arc::clone(&cur.name),
                        line: block.line(*k),
                        format: block.format(),
                        end: *base + block.bytes_through(*k) as u64,
                        puzzle: if self.parse_in_reader {
                            Pending::Read(block.parse(*k).map_err(|e| message(&cur.name, &e)))
                        } else {
                            Pending::InBlock(Arc::clone(block), *k)
                        },
                    };
                    *k += 1;
                    self.index += 1;
                    cur.puzzles += 1;
                    return Some(item);
                }
                cur.block = None;
            }
            let base = self.used.load(Ordering::Relaxed);
            match cur.reader.next_block(BLOCK) {
                Some(Ok(block)) => {
                    cur.block = Some((Arc::new(block), 0, base));
                    continue;
                }
                Some(Err(e)) => {
                    tracing::error!("{}:{}: {}", cur.name, e.line, e.kind);
                    self.io_error = true;
                    cur.puzzles += 1;
                    continue;
                }
                None => {}
            }
            match cur.reader.next() {
                None => {
                    tracing::debug!("{}: {} puzzle(s)", cur.name, cur.puzzles);
                    if cur.puzzles == 0 {
                        tracing::warn!("{}: no puzzle in the input", cur.name);
                        self.empty_inputs += 1;
                    }
                    self.current = None;
                }
                Some(Err(e)) if matches!(e.kind, ParseErrorKind::Io(_)) => {
                    tracing::error!("{}:{}: {}", cur.name, e.line, e.kind);
                    self.io_error = true;
                    // The reader stops after an I/O error; the file counts as read.
                    cur.puzzles += 1;
                }
                Some(r) => {
                    cur.puzzles += 1;
                    let index = self.index;
                    self.index += 1;
                    let file = Arc::clone(&cur.name);
                    let end = self.used.load(Ordering::Relaxed);
                    let format = cur.reader.format().unwrap_or(InputFormat::Line);
                    return Some(match r {
                        Ok(p) => Item {
                            index,
                            line: p.line,
                            format: p.format,
                            puzzle: Pending::Read(Ok(p)),
                            file,
                            end,
                        },
                        Err(e) => Item {
                            index,
                            line: e.line,
                            format,
                            puzzle: Pending::Read(Err(message(&file, &e))),
                            file,
                            end,
                        },
                    });
                }
            }
        }
    }
}

impl Source for Inputs {
    fn total(&self) -> Option<u64> {
        self.total_bytes
    }

    fn counts_bytes(&self) -> bool {
        true
    }

    fn interactive(&self) -> bool {
        self.files.iter().any(|f| is_stdin(f)) && io::stdin().is_terminal()
    }

    fn end(&self) -> (bool, usize) {
        (self.io_error, self.empty_inputs)
    }
}

/// Inputs with their first puzzles read ahead, so a run can know before writing anything
/// whether the input holds more than one puzzle (`--format svg` to stdout draws only one).
pub(crate) struct Peeked {
    head: std::collections::VecDeque<Item>,
    rest: Inputs,
}

impl Peeked {
    /// Reads up to `k` puzzles ahead.
    pub(crate) fn new(mut rest: Inputs, k: usize) -> Peeked {
        let head = rest.by_ref().take(k).collect();
        Peeked { head, rest }
    }

    /// How many puzzles were read ahead.
    pub(crate) fn len(&self) -> usize {
        self.head.len()
    }
}

impl Iterator for Peeked {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        self.head.pop_front().or_else(|| self.rest.next())
    }
}

impl Source for Peeked {
    fn total(&self) -> Option<u64> {
        self.rest.total()
    }

    fn counts_bytes(&self) -> bool {
        self.rest.counts_bytes()
    }

    fn interactive(&self) -> bool {
        self.rest.interactive()
    }

    fn end(&self) -> (bool, usize) {
        self.rest.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Progress follows the puzzles handed out, not the bytes read ahead into the buffer:
    /// each item's position is the end of its own last line.
    #[test]
    fn progress_is_the_end_of_each_puzzle() {
        let dir = std::env::temp_dir().join(format!("numpl-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // 82 bytes (a 16-symbol line would make the reader look ahead: it could be a row).
        let line = format!("{}\n", "1".repeat(81));
        let a = dir.join("a.txt");
        let b = dir.join("b.txt");
        std::fs::write(&a, format!("# head\n{}", line.repeat(3))).unwrap(); // 7 + 246 bytes
        std::fs::write(&b, line.repeat(2)).unwrap();
        let inputs = Inputs::new(InputSettings {
            files: vec![a, b],
            parse: ParseOptions::default(),
            parse_in_reader: false,
        });
        assert_eq!(inputs.total(), Some(253 + 164));
        let got: Vec<(u64, usize, u64)> = inputs.map(|i| (i.index, i.line, i.progress())).collect();
        assert_eq!(
            got,
            vec![
                (0, 2, 89),
                (1, 3, 171),
                (2, 4, 253),
                (3, 1, 335),
                (4, 2, 417)
            ]
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
