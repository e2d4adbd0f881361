//! What every function shares: reading one puzzle string, the worker pool of a batch, and
//! the guard that turns a panic into an error instead of letting it cross into Python.

use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};

use numpl_core::{parse_all, InputFormat, ParseError, ParseErrorKind, Parsed, Shape};
use pyo3::{PyResult, Python};
use rayon::ThreadPool;

use crate::options;

/// At most this many worker threads per core, as in the CLI (`--threads`).
pub(crate) const THREADS_PER_CORE: usize = 4;

/// Reads the one puzzle (or position, with its pencil marks) of `text`. The error is numpl-core's message, as the CLI prints it
/// after the file name (`line 1: conflicting givens: r1c1 and r1c5 both hold 5`).
///
/// Text with one line of content (comments and blank lines aside) is a line puzzle: a grid
/// needs N rows. Otherwise the format is decided as the CLI decides it for a file, which
/// could take a lone 16-symbol line with a value above 4 for the first row of a 16x16.
pub(crate) fn parse(text: &str, shape: Option<Shape>) -> Result<Parsed, String> {
    let content = content_lines(text).take(2).count();
    let input = if content == 1 {
        InputFormat::Line
    } else {
        InputFormat::Auto
    };
    let mut all = parse_all(text, &options::parse(input, shape)).into_iter();
    let first = match all.next() {
        None => {
            return Err(ParseError {
                line: 1,
                kind: ParseErrorKind::Empty,
            }
            .to_string())
        }
        Some(r) => r.map_err(|e| e.to_string())?,
    };
    match all.next() {
        None => Ok(first),
        Some(Ok(p)) => Err(format!(
            "line {}: a second puzzle; give one puzzle per string",
            p.line
        )),
        Some(Err(e)) => Err(format!(
            "line {}: more after the puzzle that starts on line {}: {}",
            e.line, first.line, e.kind
        )),
    }
}

/// The lines of `text` that are neither blank nor a `#` comment (as the CLI reads a file).
fn content_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Whether `text` has a line that is neither blank nor a `#` comment: a batch leaves out
/// the strings that have none (a file's blank and comment lines).
pub(crate) fn has_content(text: &str) -> bool {
    content_lines(text).next().is_some()
}

/// Runs `f`, turning a panic (a bug in numpl) into an error message.
pub(crate) fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        format!("internal error (a bug in numpl): {what}")
    })
}

/// The worker threads of a batch: `None` runs on rayon's global pool (one thread per
/// core); `Some(n)` on a pool of `n` threads, capped at [`THREADS_PER_CORE`] per core.
pub(crate) enum Pool {
    Global,
    Own(ThreadPool),
}

impl Pool {
    pub(crate) fn new(threads: Option<usize>) -> Result<Pool, String> {
        let Some(n) = threads else {
            return Ok(Pool::Global);
        };
        if n == 0 {
            return Err("threads must be at least 1".to_string());
        }
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        let n = n.min(cores * THREADS_PER_CORE);
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("numpl-{i}"))
            .build()
            .map(Pool::Own)
            .map_err(|e| format!("cannot start {n} threads: {e}"))
    }

    /// How many threads the pool has.
    pub(crate) fn threads(&self) -> usize {
        match self {
            Pool::Global => rayon::current_num_threads(),
            Pool::Own(p) => p.current_num_threads(),
        }
    }

    /// Runs `f` in this pool (rayon's parallel iterators inside it use its threads).
    pub(crate) fn install<T: Send>(&self, f: impl FnOnce() -> T + Send) -> T {
        match self {
            Pool::Global => f(),
            Pool::Own(p) => p.install(f),
        }
    }
}

/// Runs `f` on `range` in stretches of `stretch` items, each with the interpreter released,
/// and concatenates what they return. Between two stretches pending signals are handled,
/// so Ctrl-C stops a long batch with `KeyboardInterrupt` (within one stretch).
pub(crate) fn in_stretches<T: Send>(
    py: Python<'_>,
    range: Range<usize>,
    stretch: usize,
    f: impl Fn(Range<usize>) -> Vec<T> + Sync,
) -> PyResult<Vec<T>> {
    let mut out = Vec::with_capacity(range.len());
    let mut at = range.start;
    while at < range.end {
        let end = at.saturating_add(stretch.max(1)).min(range.end);
        let part = py.detach(|| f(at..end));
        out.extend(part);
        py.check_signals()?;
        at = end;
    }
    Ok(out)
}
