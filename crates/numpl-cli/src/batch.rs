//! The batch: take work items from a [`Source`] (puzzles read from files, or the indexes of
//! puzzles to generate), run a [`Job`] on each, write the records in input order.
//!
//! Three stages run at once: a reader thread cuts the source into chunks (of line and CSV
//! inputs: lines found, not parsed); the workers (the calling thread, or a rayon pool with
//! `--threads` above 1) take the items in input order, one at a time while items are slow
//! and in runs of up to 16 while they are quick, parse and work them, fetch the next chunk
//! themselves when one is fully taken, and send what they finish in small batches (256
//! records, or whatever is done after 20 ms) as one text buffer each; a writer thread puts
//! the records back in input order and writes each as soon as every earlier one is written,
//! flushing within 10 ms of catching up.
//! Memory stays flat: at most two chunks wait to be worked on, and the writer holds at most
//! one chunk's records. A closed stdout (`| head`) or a fatal record stops every stage
//! quietly. SIGINT or SIGTERM (see `interrupt`) stops the workers taking items: since they
//! take items in order and finish every item they took, what is finished is the input's
//! first records, all written, then
//! the summary, exit 130. Every command runs through here, so every command has the same
//! order, progress, summary and exit status.

use std::collections::VecDeque;
use std::io::{self, BufWriter, ErrorKind, IsTerminal, Write};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::cli::Progress as ProgressMode;
use crate::exit::Exit;
use crate::interrupt;
use crate::settings::RunSettings;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Puzzles per chunk in the parallel path, for sources of quick work.
pub(crate) const CHUNK: usize = 4096;
/// The first chunk's length: later ones double up to the source's chunk length.
const FIRST_CHUNK: usize = 64;

/// How one record ended, for the summary and the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Solved,
    Multiple,
    Unsolvable,
    Stuck,
    Budget,
    Invalid,
    /// `show`: read and printed.
    Shown,
    /// `hint`: a next step was found.
    Hinted,
    /// `generate`: a puzzle was made.
    Generated,
    /// `generate`: no puzzle could be made with the options (e.g. no grid reached the level).
    Failed,
    /// A record that could not be written (a picture file), or that breaks a usage rule
    /// only the input reveals (several pictures for stdout): the run exits 2.
    Error,
    /// `canon`: the puzzle's minlex form was written.
    Canonical,
    /// `--unique`: a puzzle equivalent to an earlier one, left out.
    Duplicate,
}

impl Kind {
    /// Every kind; the first six are the statuses of a solve ([`Kind::SOLVE`]).
    pub(crate) const ALL: [Kind; 13] = [
        Kind::Solved,
        Kind::Multiple,
        Kind::Unsolvable,
        Kind::Stuck,
        Kind::Budget,
        Kind::Invalid,
        Kind::Shown,
        Kind::Hinted,
        Kind::Generated,
        Kind::Failed,
        Kind::Error,
        Kind::Canonical,
        Kind::Duplicate,
    ];

    /// The statuses of a solve, in the order summaries list them.
    pub(crate) const SOLVE: &'static [Kind] = Kind::ALL.split_at(6).0;

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Kind::Solved => "solved",
            Kind::Multiple => "multiple",
            Kind::Unsolvable => "unsolvable",
            Kind::Stuck => "stuck",
            Kind::Budget => "budget",
            Kind::Invalid => "invalid",
            Kind::Shown => "shown",
            Kind::Hinted => "hinted",
            Kind::Generated => "generated",
            Kind::Failed => "failed",
            Kind::Error => "error",
            Kind::Canonical => "canonical",
            Kind::Duplicate => "duplicate",
        }
    }

    /// Whether this record lets the run exit 0.
    pub(crate) const fn ok(self) -> bool {
        matches!(
            self,
            Kind::Solved
                | Kind::Shown
                | Kind::Hinted
                | Kind::Generated
                | Kind::Canonical
                | Kind::Duplicate
        )
    }

    const fn slot(self) -> usize {
        self as usize
    }
}

/// One output record.
pub(crate) struct Done {
    pub(crate) text: String,
    pub(crate) kind: Kind,
    /// Why the record is not what was asked for (an invalid puzzle, a failed generation):
    /// logged as an error, in input order, by the writer.
    pub(crate) error: Option<String>,
    /// A header line the output needs once, before its first record (CSV).
    pub(crate) header: Option<&'static str>,
    /// An error every later record would repeat (a picture folder that cannot be
    /// written): the run stops after this record, which is counted, and exits 2.
    pub(crate) fatal: bool,
    /// The puzzle's class (a hash of its minlex form), for `--unique`: a record whose
    /// class was written before is left out.
    pub(crate) class: Option<u128>,
}

impl Done {
    pub(crate) fn new(text: String, kind: Kind) -> Done {
        Done {
            text,
            kind,
            error: None,
            header: None,
            fatal: false,
            class: None,
        }
    }

    /// The same record, of the class `class` ([`Done::class`]).
    pub(crate) fn of_class(self, class: Option<u128>) -> Done {
        Done { class, ..self }
    }

    /// The same record, for an output that starts with `header` (when there is one).
    pub(crate) fn with_header(self, header: Option<&'static str>) -> Done {
        Done { header, ..self }
    }
}

/// A unit of work: one puzzle read, or one puzzle to generate.
pub(crate) trait Work: Send + Sync {
    /// How far the run is once this item is written, in the source's unit (input bytes
    /// used, or puzzles).
    fn progress(&self) -> u64;
}

/// Where the work comes from.
pub(crate) trait Source: Iterator<Item: Work> + Send {
    /// The progress at the end, when known (input size in bytes, or puzzle count).
    fn total(&self) -> Option<u64>;
    /// Whether [`Work::progress`] counts bytes (else puzzles).
    fn counts_bytes(&self) -> bool;
    /// Whether records must be written as soon as each item is done (a person typing).
    fn interactive(&self) -> bool {
        false
    }
    /// Items per chunk in the parallel path.
    fn chunk(&self, _threads: usize) -> usize {
        CHUNK
    }
    /// After the run: (some input could not be read, inputs that held no puzzle).
    fn end(&self) -> (bool, usize) {
        (false, 0)
    }
}

/// What a command does with each work item.
pub(crate) trait Job: Sync {
    type Item;
    fn process(&self, item: &Self::Item) -> Done;
    /// The statuses the summary lists (all of them, even when zero).
    fn kinds(&self) -> &'static [Kind];
    /// More for the summary line (e.g. the generator's seed).
    fn note(&self) -> Option<String> {
        None
    }
    /// Whether records of a class already written are left out (`--unique`).
    fn unique(&self) -> bool {
        false
    }
    /// A counter of search nodes the job adds to as it works, for the progress bar to
    /// show while a long puzzle is being solved or made.
    fn nodes(&self) -> Option<Arc<AtomicU64>> {
        None
    }
}

/// How a batch ended.
pub(crate) struct Summary {
    counts: [u64; Kind::ALL.len()],
    total: u64,
    elapsed: Duration,
    /// A file could not be opened or read, or stdout failed (not by closing).
    io_error: bool,
    /// Inputs without any puzzle.
    empty_inputs: usize,
    /// stdout was closed by the reader (e.g. `| head`): the run stopped early.
    closed: bool,
    /// SIGINT or SIGTERM stopped the run: the records written are the first ones.
    interrupted: bool,
}

impl Summary {
    fn count(&mut self, kind: Kind) {
        self.total += 1;
        self.counts[kind.slot()] += 1;
    }

    fn of(&self, kind: Kind) -> u64 {
        self.counts[kind.slot()]
    }

    /// The summary line: counts per status, seconds, puzzles per second (zero, never NaN
    /// or inf, when nothing was done or no time passed).
    pub(crate) fn line(&self, kinds: &[Kind], note: Option<String>) -> String {
        let secs = self.elapsed.as_secs_f64();
        // Errors (a picture that could not be written) show only when there are some.
        let error = (self.of(Kind::Error) > 0).then_some(Kind::Error);
        let counts: Vec<String> = kinds
            .iter()
            .copied()
            .filter(|&k| k != Kind::Error)
            .chain(error)
            .map(|k| format!("{} {}", self.of(k), k.name()))
            .collect();
        format!(
            "numpl: {}: {}; {:.3} s, {} puzzles/s{}",
            plural(self.total, "puzzle", "puzzles"),
            counts.join(", "),
            secs,
            rate(self.total, secs),
            note.map(|n| format!("; {n}")).unwrap_or_default()
        )
    }

    /// The exit status: 2 for an I/O error, 1 when some record did not end well or an
    /// input held no puzzle, else 0. A closed stdout is not a failure.
    pub(crate) fn exit(&self) -> Exit {
        if self.interrupted {
            Exit::Interrupted
        } else if self.io_error || self.of(Kind::Error) > 0 {
            Exit::Error
        } else if self.closed {
            Exit::Ok
        } else if self.empty_inputs > 0 || Kind::ALL.iter().any(|&k| !k.ok() && self.of(k) > 0) {
            Exit::Failed
        } else {
            Exit::Ok
        }
    }
}

/// Whether to show progress: `never` never; `always` always; `auto` only on a terminal and
/// without `-q`.
fn wants_progress(mode: ProgressMode, quiet: bool, tty: bool) -> bool {
    match mode {
        ProgressMode::Never => false,
        ProgressMode::Auto => tty && !quiet,
        ProgressMode::Always => true,
    }
}

/// A count for a progress line: `950`, `12.3 thousand`, `4.56 million`, `1.20 billion`.
fn big_count(n: u64) -> String {
    let x = n as f64;
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1} thousand", x / 1e3),
        1_000_000..=999_999_999 => format!("{:.2} million", x / 1e6),
        _ => format!("{:.2} billion", x / 1e9),
    }
}

/// `1 puzzle`, `2 puzzles`.
pub(crate) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Items per second, never NaN or inf (0 when nothing was done or no time passed) and
/// never rounded down to 0 when something was done: whole numbers from 100 up, three
/// significant digits below (`42.7`, `0.0913`).
pub(crate) fn rate(count: u64, secs: f64) -> String {
    if count == 0 || !secs.is_finite() || secs <= 0.0 {
        return "0".to_string();
    }
    let r = count as f64 / secs;
    if r >= 100.0 {
        format!("{}", r.round() as u64)
    } else {
        let digits = (2 - r.log10().floor() as i32).max(0) as usize;
        format!("{r:.digits$}")
    }
}

/// Runs `job` over every item of `source`, writing records to stdout, then prints the
/// summary (unless quiet) and gives the exit status.
pub(crate) fn run<S, J>(job: &J, source: S, settings: &RunSettings) -> io::Result<Exit>
where
    S: Source + 'static,
    J: Job<Item = S::Item>,
{
    let summary = {
        let _cooperating = interrupt::Cooperating::start();
        process(job, source, settings)?
    };
    if !settings.quiet && !summary.closed {
        say!("{}", summary.line(job.kinds(), job.note()));
    }
    if summary.interrupted {
        say!(
            "numpl: interrupted: the first {} written in input order",
            plural(summary.total, "record was", "records were")
        );
    }
    Ok(summary.exit())
}

/// CPU time each stage of the batch used (Linux; zero elsewhere), logged with `-v`: the
/// reader and the writer are one thread each, so their share of the work bounds how far
/// more workers can speed a run up (`cargo xtask scaling` reads this line).
#[derive(Default)]
struct Stages {
    reader: AtomicU64,
    workers: AtomicU64,
    writer: AtomicU64,
}

impl Stages {
    fn log(&self, threads: usize, elapsed: Duration) {
        let secs = |a: &AtomicU64| a.load(Ordering::Relaxed) as f64 / 1e9;
        tracing::info!(
            "stages: reader {:.3} s, workers {:.3} s, writer {:.3} s of CPU; {} worker(s), {:.3} s",
            secs(&self.reader),
            secs(&self.workers),
            secs(&self.writer),
            threads,
            elapsed.as_secs_f64()
        );
    }
}

/// Adds the CPU time its thread used from its making to its drop to a stage's total.
struct StageClock<'a> {
    total: &'a AtomicU64,
    start: u64,
}

impl StageClock<'_> {
    fn start(total: &AtomicU64) -> StageClock<'_> {
        StageClock {
            total,
            start: StageClock::now(),
        }
    }

    /// This thread's CPU time so far in nanoseconds (0 where the system does not say).
    fn now() -> u64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|t| t.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }
}

impl Drop for StageClock<'_> {
    fn drop(&mut self) {
        let used = StageClock::now().saturating_sub(self.start);
        self.total.fetch_add(used, Ordering::Relaxed);
    }
}

/// Finished records, sent by a worker to the writer: their texts one after the other in
/// one buffer (so the writer frees one buffer a batch, not a string a record, and never
/// a string another thread allocated record by record), and for each its input position,
/// the end of its text in the buffer, the rest of its record (text taken out) and its
/// progress.
#[derive(Default)]
struct Batch {
    text: String,
    records: Vec<(u64, usize, Done, u64)>,
}

impl Batch {
    fn push(&mut self, at_index: u64, mut done: Done, progress: u64) {
        self.text.push_str(&done.text);
        done.text = String::new();
        self.records
            .push((at_index, self.text.len(), done, progress));
    }

    fn len(&self) -> usize {
        self.records.len()
    }

    fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// A worker sends what it has finished when it holds this many records, or when the
/// oldest has waited [`HOLD`]: quick records go in batches, slow ones one by one.
const BATCH: usize = 256;
const HOLD: Duration = Duration::from_millis(20);
/// At most this many items taken at once by a worker, and the time an item may take for
/// the worker to take more than one ([`Worker::work`]).
const RUN: usize = 16;
const QUICK: Duration = Duration::from_micros(50);
/// The writer flushes stdout when it has caught up, at most this often (a quick run
/// would otherwise make one small write per batch).
const FLUSH_EVERY: Duration = Duration::from_millis(10);

fn process<S, J>(job: &J, source: S, settings: &RunSettings) -> io::Result<Summary>
where
    S: Source + 'static,
    J: Job<Item = S::Item>,
{
    let start = Instant::now();
    let progress = Progress::new(settings, &source, job.nodes());
    let interactive = source.interactive();
    let threads = settings.threads.max(1);
    // A person typing: every puzzle is its own chunk and its record goes out at once.
    let chunk_len = if interactive {
        1
    } else {
        source.chunk(threads).max(1)
    };
    let pool = match threads {
        1 => None,
        n => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(io::Error::other)?,
        ),
    };
    // Set when the run must stop early: stdout closed, a fatal record written.
    let stop = Arc::new(AtomicBool::new(false));
    let stages = Arc::new(Stages::default());
    let (chunk_tx, chunk_rx) = sync_channel::<Vec<S::Item>>(2);
    // The reader is not scoped: an interrupted run does not wait for a read that may never
    // end (a terminal, a pipe that stays open).
    let reader = {
        let stop = Arc::clone(&stop);
        let mut source = source;
        let stages = Arc::clone(&stages);
        std::thread::spawn(move || {
            let _clock = StageClock::start(&stages.reader);
            // The first chunks are small, so the workers start while the rest is read;
            // each is twice the last, up to `chunk_len`.
            let mut len = chunk_len.min(FIRST_CHUNK);
            let mut chunk = Vec::with_capacity(len);
            for item in source.by_ref() {
                chunk.push(item);
                if chunk.len() == len {
                    len = (len * 2).min(chunk_len);
                    let full = std::mem::replace(&mut chunk, Vec::with_capacity(len));
                    if stop.load(Ordering::Relaxed)
                        || interrupt::interrupted()
                        || chunk_tx.send(full).is_err()
                    {
                        return source;
                    }
                }
            }
            if !chunk.is_empty() {
                let _ = chunk_tx.send(chunk);
            }
            source
        })
    };
    let (done_tx, done_rx) = sync_channel::<Batch>(4 * threads.max(4));
    let feed = Feed {
        chunks: std::sync::Mutex::new(FeedState {
            rx: chunk_rx,
            current: None,
            next: 0,
            ended: false,
        }),
        stop: &stop,
    };
    let writer = std::thread::scope(|s| {
        let writer = Writer::new(progress, job.unique());
        let writer_stop = Arc::clone(&stop);
        let writer_stages = Arc::clone(&stages);
        let writer_thread = s.spawn(move || {
            let _clock = StageClock::start(&writer_stages.writer);
            write_in_order(writer, done_rx, &writer_stop)
        });
        let worker = || {
            let _clock = StageClock::start(&stages.workers);
            Worker {
                job,
                out: done_tx.clone(),
                stop: &stop,
                interactive,
            }
            .work(&feed)
        };
        // Every worker runs to the end of the input: no worker waits for another between
        // chunks, so a slow puzzle holds up only its own worker.
        match &pool {
            None => worker(),
            Some(pool) => {
                pool.broadcast(|_| worker());
            }
        }
        drop(done_tx);
        writer_thread
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    });
    let read_all = feed.ended();
    drop(feed);
    let mut writer = writer;
    writer.flush();
    writer.progress.finish();
    let mut summary = writer.summary;
    summary.elapsed = start.elapsed();
    if read_all {
        // The reader has sent its last chunk: it ends at once.
        let source = reader
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        let (io_error, empty_inputs) = source.end();
        summary.io_error |= io_error;
        summary.empty_inputs = empty_inputs;
        stages.log(threads, summary.elapsed);
    } else {
        summary.interrupted = interrupt::interrupted() && !summary.closed;
    }
    Ok(summary)
}

/// A chunk of the input being worked on: workers take its items in input order, one at a
/// time, so that what is finished when the run stops is always the first items: an
/// interrupted run writes every record it finished without leaving a hole.
struct Chunk<I> {
    items: Vec<I>,
    /// The input position of the chunk's first item.
    first: u64,
    /// Items taken so far.
    claimed: AtomicUsize,
}

/// The chunks the reader sends, handed to the workers one after the other: a worker that
/// finds the current chunk fully taken fetches the next, while the others finish their
/// items of the last one.
struct Feed<'a, I> {
    chunks: std::sync::Mutex<FeedState<I>>,
    stop: &'a AtomicBool,
}

struct FeedState<I> {
    rx: Receiver<Vec<I>>,
    current: Option<Arc<Chunk<I>>>,
    /// The input position of the next chunk's first item.
    next: u64,
    /// The reader has sent its last chunk and every chunk was handed out.
    ended: bool,
}

impl<I> Feed<'_, I> {
    /// A chunk with items left to take, other than `done` (fully taken): the current one,
    /// or the next from the reader. `None` at the end of the input or when the run stops.
    fn next_chunk(&self, done: Option<&Arc<Chunk<I>>>) -> Option<Arc<Chunk<I>>> {
        let mut state = self.chunks.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = &state.current {
            let fresh = done.is_none_or(|d| !Arc::ptr_eq(c, d));
            if fresh && c.claimed.load(Ordering::Relaxed) < c.items.len() {
                return Some(Arc::clone(c));
            }
        }
        // The current chunk is fully taken: the next one (while the lock is held, the
        // other workers that run out wait for this one).
        state.current = None;
        loop {
            if state.ended || self.stop.load(Ordering::Relaxed) || interrupt::interrupted() {
                return None;
            }
            match state.rx.recv_timeout(Duration::from_millis(100)) {
                Ok(items) => {
                    let chunk = Arc::new(Chunk {
                        first: state.next,
                        claimed: AtomicUsize::new(0),
                        items,
                    });
                    state.next += chunk.items.len() as u64;
                    state.current = Some(Arc::clone(&chunk));
                    return Some(chunk);
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    state.ended = true;
                    return None;
                }
            }
        }
    }

    /// Whether the whole input was handed out.
    fn ended(&self) -> bool {
        self.chunks.lock().unwrap_or_else(|p| p.into_inner()).ended
    }
}

/// One worker's side of the run.
struct Worker<'a, J: Job> {
    job: &'a J,
    out: SyncSender<Batch>,
    stop: &'a AtomicBool,
    interactive: bool,
}

impl<J: Job> Worker<'_, J>
where
    J::Item: Work,
{
    /// Takes items until none is left or the run stops, and sends what it finishes in
    /// small batches.
    fn work(&self, feed: &Feed<'_, J::Item>) {
        let mut batch = Batch::default();
        let mut oldest = Instant::now();
        let mut chunk: Option<Arc<Chunk<J::Item>>> = None;
        // Items taken at once: one while items are slow, doubling up to RUN while they are
        // quick, so that many workers on quick puzzles do not all wait on the one counter.
        let mut run = 1;
        loop {
            if self.stop.load(Ordering::Relaxed) || interrupt::interrupted() {
                break;
            }
            let taken = chunk.as_ref().and_then(|c| {
                let i = c.claimed.fetch_add(run, Ordering::Relaxed);
                (i < c.items.len()).then(|| (i, (i + run).min(c.items.len())))
            });
            let Some((from, to)) = taken else {
                // Whatever is finished goes out before a wait for the next chunk.
                if !batch.is_empty() && self.out.send(std::mem::take(&mut batch)).is_err() {
                    return;
                }
                chunk = feed.next_chunk(chunk.as_ref());
                if chunk.is_none() {
                    break;
                }
                continue;
            };
            let Some(c) = chunk.as_ref() else { break };
            // Every item taken is finished, even after an interrupt (a run of quick items
            // takes well under a millisecond): the records written stay the input's first.
            let started = Instant::now();
            for i in from..to {
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
                let item = &c.items[i];
                if batch.is_empty() {
                    oldest = Instant::now();
                }
                let done = self.job.process(item);
                batch.push(c.first + i as u64, done, item.progress());
                // The clock is read at 1, 2, 4, ... records: each slow one, rarely for
                // quick ones.
                let n = batch.len();
                if self.interactive
                    || n >= BATCH
                    || (n.is_power_of_two() && oldest.elapsed() >= HOLD)
                {
                    let full = std::mem::take(&mut batch);
                    if self.out.send(full).is_err() {
                        return;
                    }
                }
            }
            let quick = started.elapsed() < QUICK * (to - from) as u32;
            run = if quick && !self.interactive {
                (run * 2).min(RUN)
            } else {
                1
            };
        }
        if !batch.is_empty() {
            let _ = self.out.send(batch);
        }
    }
}

/// The writer thread: puts the workers' records back in input order and writes each as
/// soon as every earlier one is written; flushes stdout whenever it has caught up.
fn write_in_order(mut writer: Writer, done: Receiver<Batch>, stop: &AtomicBool) -> Writer {
    // pending[k] is the record at input position next + k, once it is done: its batch's
    // text, where its own text is in it, the record and its progress.
    let mut pending: VecDeque<Option<Waiting>> = VecDeque::new();
    let mut next = 0u64;
    let mut writing = true;
    let mut flushed = Instant::now();
    loop {
        let batch = match done.try_recv() {
            Ok(batch) => batch,
            Err(TryRecvError::Empty) => {
                // Caught up: what is written goes out within FLUSH_EVERY.
                let wait = FLUSH_EVERY.saturating_sub(flushed.elapsed());
                let early = match done.recv_timeout(wait) {
                    Ok(batch) => Some(batch),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                };
                if let Some(batch) = early {
                    batch
                } else {
                    if writing && !writer.flush() {
                        writing = false;
                        stop.store(true, Ordering::Relaxed);
                    }
                    flushed = Instant::now();
                    match done.recv() {
                        Ok(batch) => batch,
                        Err(_) => break,
                    }
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        if !writing {
            // Stopped: take what the workers still send, so that none waits.
            continue;
        }
        let text: Rc<str> = Rc::from(batch.text);
        let mut start = 0;
        for (at_index, end, d, at) in batch.records {
            let range = start..end;
            start = end;
            let k = (at_index - next) as usize;
            if k == 0 && pending.is_empty() {
                // In order with nothing waiting: written at once, without the queue.
                next += 1;
                if !writer.write(&text[range], d, at) {
                    writing = false;
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                continue;
            }
            if pending.len() <= k {
                pending.resize_with(k + 1, || None);
            }
            pending[k] = Some(Waiting {
                text: Rc::clone(&text),
                range,
                done: d,
                at,
            });
        }
        if !writing {
            pending.clear();
            continue;
        }
        while let Some(Some(_)) = pending.front() {
            let Some(Some(w)) = pending.pop_front() else {
                break;
            };
            next += 1;
            if !writer.write(&w.text[w.range], w.done, w.at) {
                writing = false;
                stop.store(true, Ordering::Relaxed);
                pending.clear();
                break;
            }
        }
    }
    writer
}

/// A finished record waiting for the ones before it.
struct Waiting {
    /// The text of the batch it came in (shared by that batch's records).
    text: Rc<str>,
    range: std::ops::Range<usize>,
    done: Done,
    at: u64,
}

/// Writes records in order, counts them, logs their errors, moves the progress bar.
struct Writer {
    out: BufWriter<io::Stdout>,
    summary: Summary,
    progress: Progress,
    failed: bool,
    /// A fatal record was written: the run stops, what was written is still flushed.
    stopped: bool,
    /// Whether a header line was written.
    headed: bool,
    /// `--unique`: the classes written so far (128-bit hashes of minlex forms: 16 bytes a
    /// class, so a million distinct puzzles take about 32 MB).
    seen: Option<std::collections::HashSet<u128>>,
}

impl Writer {
    fn new(progress: Progress, unique: bool) -> Writer {
        Writer {
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            summary: Summary {
                counts: [0; Kind::ALL.len()],
                total: 0,
                elapsed: Duration::ZERO,
                io_error: false,
                empty_inputs: 0,
                closed: false,
                interrupted: false,
            },
            progress,
            failed: false,
            stopped: false,
            headed: false,
            seen: unique.then(std::collections::HashSet::new),
        }
    }

    /// Writes one record (`text`, the rest of it in `d`); false when stdout is gone and the
    /// run must stop.
    fn write(&mut self, text: &str, d: Done, at: u64) -> bool {
        if self.failed || self.stopped {
            return false;
        }
        if let (Some(seen), Some(class)) = (&mut self.seen, d.class) {
            if !seen.insert(class) {
                self.summary.count(Kind::Duplicate);
                self.progress.tick(self.summary.total, at);
                return true;
            }
        }
        if let Some(e) = &d.error {
            self.progress.suspend(|| tracing::error!("{e}"));
        }
        self.summary.count(d.kind);
        if d.fatal {
            self.stopped = true;
            return false;
        }
        if let (Some(header), false) = (d.header, self.headed) {
            self.headed = true;
            if let Err(e) = writeln!(self.out, "{header}") {
                return self.fail(e);
            }
        }
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            return self.fail(e);
        }
        self.progress.tick(self.summary.total, at);
        true
    }

    fn flush(&mut self) -> bool {
        if self.failed {
            return false;
        }
        match self.out.flush() {
            Ok(()) => true,
            Err(e) => self.fail(e),
        }
    }

    fn fail(&mut self, e: io::Error) -> bool {
        self.failed = true;
        if e.kind() == ErrorKind::BrokenPipe {
            self.summary.closed = true;
        } else {
            tracing::error!("cannot write to stdout: {e}");
            self.summary.io_error = true;
        }
        false
    }
}

/// The progress display: an indicatif bar, plain lines, or nothing. Its position is that
/// of the last record written, so it reaches 100% with the last record, not when the
/// input has merely been read.
struct Progress {
    bar: Option<ProgressBar>,
    /// `--progress always` without a terminal: a plain line every few seconds.
    plain: Option<Instant>,
    total: Option<u64>,
    bytes: bool,
    start: Instant,
    last: Instant,
}

impl Progress {
    fn new<S: Source>(
        settings: &RunSettings,
        source: &S,
        nodes: Option<Arc<AtomicU64>>,
    ) -> Progress {
        let tty = io::stderr().is_terminal();
        let want = wants_progress(settings.progress, settings.quiet, tty);
        let total = source.total();
        let bar = (want && tty).then(|| {
            let target = ProgressDrawTarget::stderr_with_hz(5);
            // While a long puzzle is searched, the nodes searched so far (read at each draw).
            let nodes_key = move |_: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                if let Some(n) = &nodes {
                    let n = n.load(Ordering::Relaxed);
                    if n > 0 {
                        let _ = write!(w, ", {} nodes searched", big_count(n));
                    }
                }
            };
            let bar = match total {
                Some(total) => ProgressBar::with_draw_target(Some(total), target).with_style(
                    ProgressStyle::with_template(
                        "{elapsed_precise} [{wide_bar}] {percent}% {msg}{nodes} ETA {eta}",
                    )
                    .expect("a valid template")
                    .with_key("nodes", nodes_key)
                    .progress_chars("=> "),
                ),
                None => ProgressBar::with_draw_target(None, target).with_style(
                    ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}{nodes}")
                        .expect("a valid template")
                        .with_key("nodes", nodes_key),
                ),
            };
            // Slow records (a big grid to generate) still show the time going on.
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        let now = Instant::now();
        Progress {
            bar,
            plain: (want && !tty).then_some(now),
            total,
            bytes: source.counts_bytes(),
            start: now,
            last: now,
        }
    }

    fn message(&self, done: u64) -> String {
        format!(
            "{}, {} puzzles/s",
            plural(done, "puzzle", "puzzles"),
            rate(done, self.start.elapsed().as_secs_f64())
        )
    }

    /// After `done` records, the last one at `at`.
    fn tick(&mut self, done: u64, at: u64) {
        if self.bar.is_none() && self.plain.is_none() {
            return;
        }
        // Reading the clock costs more than a quick record: look at it every 64 records
        // when records come fast (bytes), at each record when they are whole puzzles made.
        if self.bytes && !done.is_multiple_of(64) {
            return;
        }
        if let Some(bar) = &self.bar {
            if self.total.is_some() {
                bar.set_position(at);
            }
            bar.set_message(self.message(done));
        } else if self.last.elapsed() >= Duration::from_secs(2) {
            let pct = match self.total {
                Some(t) if t > 0 => {
                    let unit = if self.bytes { "of the input" } else { "done" };
                    format!(" ({:.0}% {unit})", at as f64 * 100.0 / t as f64)
                }
                _ => String::new(),
            };
            say!("numpl: {}{pct}", self.message(done));
            self.last = Instant::now();
        }
    }

    fn suspend(&self, f: impl FnOnce()) {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_never_rounded_to_zero_nor_nan() {
        assert_eq!(rate(0, 0.0), "0");
        assert_eq!(rate(5, 0.0), "0");
        assert_eq!(rate(5, f64::NAN), "0");
        assert_eq!(rate(1, 11.7), "0.0855");
        assert_eq!(rate(3, 2.0), "1.50");
        assert_eq!(rate(427, 10.0), "42.7");
        assert_eq!(rate(1000, 1.0), "1000");
        assert_eq!(rate(999, 10.0), "99.9");
    }

    #[test]
    fn progress_only_on_a_terminal_unless_asked_and_never_when_quiet() {
        assert!(wants_progress(ProgressMode::Auto, false, true));
        assert!(!wants_progress(ProgressMode::Auto, false, false));
        assert!(!wants_progress(ProgressMode::Auto, true, true));
        assert!(wants_progress(ProgressMode::Always, true, false));
        assert!(!wants_progress(ProgressMode::Never, false, true));
        assert_eq!(big_count(950), "950");
        assert_eq!(big_count(12_345), "12.3 thousand");
        assert_eq!(big_count(4_560_000), "4.56 million");
        assert_eq!(big_count(1_200_000_000), "1.20 billion");
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "puzzle", "puzzles"), "1 puzzle");
        assert_eq!(plural(0, "puzzle", "puzzles"), "0 puzzles");
        assert_eq!(plural(2, "try", "tries"), "2 tries");
    }

    #[test]
    fn kinds_have_their_own_slots() {
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(k.slot(), i);
        }
    }
}
