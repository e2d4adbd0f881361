//! Reading puzzles from files and stdin, as one stream with a global index.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use numpl_core::{InputFormat, ParseErrorKind, ParseOptions, Parsed, PuzzleReader};

/// The name used for standard input in messages and records.
pub(crate) const STDIN_NAME: &str = "<stdin>";

/// One puzzle of the input, read or not.
pub(crate) struct Item {
    /// 0-based, in input order across all files.
    pub(crate) index: u64,
    /// The file it came from (`<stdin>` for standard input).
    pub(crate) file: Arc<str>,
    /// The 1-based line it starts on (for a bad puzzle: the line that is wrong).
    pub(crate) line: usize,
    /// The format the puzzle was read in (for a bad one: the format chosen for its file).
    pub(crate) format: InputFormat,
    /// The puzzle, or the message saying why it could not be read (naming file and line).
    pub(crate) puzzle: Result<Parsed, String>,
}

/// Counts the bytes read through it, for the progress bar.
struct Counting {
    inner: Box<dyn Read + Send>,
    bytes: Arc<AtomicU64>,
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

struct Current {
    name: Arc<str>,
    reader: PuzzleReader<BufReader<Counting>>,
    puzzles: u64,
}

/// Every puzzle of a list of files, in order. Problems with whole files (cannot open,
/// cannot read, no puzzle at all) are logged and remembered, not yielded.
pub(crate) struct Inputs {
    files: Vec<String>,
    next_file: usize,
    current: Option<Current>,
    opts: ParseOptions,
    index: u64,
    /// Bytes read so far from all files.
    pub(crate) bytes: Arc<AtomicU64>,
    /// The total size of the files, when every one is a regular file.
    pub(crate) total_bytes: Option<u64>,
    /// Some file could not be opened or read.
    pub(crate) io_error: bool,
    /// Inputs that held no puzzle.
    pub(crate) empty_inputs: usize,
}

impl Inputs {
    /// The inputs named on the command line (none means stdin).
    pub(crate) fn new(mut files: Vec<String>, opts: ParseOptions) -> Inputs {
        if files.is_empty() {
            files.push("-".to_string());
        }
        let total_bytes = files
            .iter()
            .map(|f| {
                if f == "-" {
                    None
                } else {
                    std::fs::metadata(f)
                        .ok()
                        .filter(|m| m.is_file())
                        .map(|m| m.len())
                }
            })
            .sum::<Option<u64>>();
        Inputs {
            files,
            next_file: 0,
            current: None,
            opts,
            index: 0,
            bytes: Arc::new(AtomicU64::new(0)),
            total_bytes,
            io_error: false,
            empty_inputs: 0,
        }
    }

    /// Whether one of the inputs is an interactive terminal (then records are written as
    /// soon as each puzzle is read).
    pub(crate) fn interactive(&self) -> bool {
        self.files.iter().any(|f| f == "-") && io::stdin().is_terminal()
    }

    fn open_next(&mut self) -> bool {
        while self.next_file < self.files.len() {
            let path = self.files[self.next_file].clone();
            self.next_file += 1;
            let (name, inner): (Arc<str>, Box<dyn Read + Send>) = if path == "-" {
                (Arc::from(STDIN_NAME), Box::new(io::stdin()))
            } else {
                match File::open(&path) {
                    Ok(f) => (Arc::from(path.as_str()), Box::new(f)),
                    Err(e) => {
                        tracing::error!("{path}: cannot open: {e}");
                        self.io_error = true;
                        continue;
                    }
                }
            };
            tracing::debug!("{name}: reading");
            let counting = Counting {
                inner,
                bytes: Arc::clone(&self.bytes),
            };
            let reader = PuzzleReader::new(
                BufReader::with_capacity(1 << 16, counting),
                self.opts.clone(),
            );
            self.current = Some(Current {
                name,
                reader,
                puzzles: 0,
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
            let cur = self.current.as_mut().expect("opened above");
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
                    let format = cur.reader.format().unwrap_or(InputFormat::Line);
                    return Some(match r {
                        Ok(p) => Item {
                            index,
                            line: p.line,
                            format: p.format,
                            puzzle: Ok(p),
                            file,
                        },
                        Err(e) => Item {
                            index,
                            line: e.line,
                            format,
                            puzzle: Err(format!("{file}:{}: {}", e.line, e.kind)),
                            file,
                        },
                    });
                }
            }
        }
    }
}
