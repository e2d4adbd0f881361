//! The batch: read puzzles, run a [`Job`] on each, write the records in input order.
//!
//! With one thread it is a plain loop. With more, three stages run at once: a reader thread
//! cuts the input into chunks of [`CHUNK`] puzzles, the rayon pool processes one chunk at a
//! time in parallel, and a writer thread prints finished chunks in order. The channels
//! between the stages hold at most two chunks each, so memory stays flat whatever the input
//! size. A closed stdout (`| head`) stops every stage quietly.

use std::io::{self, BufWriter, ErrorKind, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::cli::Progress as ProgressMode;
use crate::input::{Inputs, Item};
use crate::jobs::{Done, Job, Kind};

/// Puzzles per chunk in the parallel path.
pub(crate) const CHUNK: usize = 4096;

/// How a batch ended.
pub(crate) struct Summary {
    pub(crate) counts: [u64; Kind::ALL.len()],
    pub(crate) total: u64,
    pub(crate) elapsed: Duration,
    /// A file could not be opened or read, or stdout failed (not by closing).
    pub(crate) io_error: bool,
    /// Inputs without any puzzle.
    pub(crate) empty_inputs: usize,
    /// stdout was closed by the reader (e.g. `| head`): the run stopped early.
    pub(crate) closed: bool,
}

impl Summary {
    fn count(&mut self, kind: Kind) {
        self.total += 1;
        let i = Kind::ALL.iter().position(|&k| k == kind).expect("listed");
        self.counts[i] += 1;
    }

    pub(crate) fn of(&self, kind: Kind) -> u64 {
        let i = Kind::ALL.iter().position(|&k| k == kind).expect("listed");
        self.counts[i]
    }

    /// Whether every record ended well.
    pub(crate) fn all_ok(&self) -> bool {
        Kind::ALL.iter().all(|&k| k.ok() || self.of(k) == 0)
    }

    /// The summary line: counts per status, seconds, puzzles per second (zero, never NaN
    /// or inf, when nothing was done or no time passed).
    pub(crate) fn line(&self, kinds: &[Kind]) -> String {
        let secs = self.elapsed.as_secs_f64();
        let counts: Vec<String> = kinds
            .iter()
            .map(|&k| format!("{} {}", self.of(k), k.name()))
            .collect();
        format!(
            "numpl: {} puzzles: {}; {:.3} s, {} puzzles/s",
            self.total,
            counts.join(", "),
            secs,
            rate(self.total, secs)
        )
    }
}

/// Puzzles per second, rounded; 0 when nothing was done or no time passed.
pub(crate) fn rate(count: u64, secs: f64) -> u64 {
    if count == 0 || secs.is_nan() || secs <= 0.0 || secs.is_infinite() {
        0
    } else {
        (count as f64 / secs).round() as u64
    }
}

/// The options of a batch.
pub(crate) struct Options {
    pub(crate) threads: usize,
    pub(crate) progress: ProgressMode,
}

/// Runs `job` over every puzzle of `inputs`, writing records to stdout.
pub(crate) fn run<J: Job>(job: &J, mut inputs: Inputs, opts: &Options) -> io::Result<Summary> {
    let start = Instant::now();
    let progress = Progress::new(opts.progress, &inputs);
    let interactive = inputs.interactive();
    let mut writer = Writer::new(progress);
    if opts.threads <= 1 || interactive {
        for item in inputs.by_ref() {
            let done = job.process(&item);
            if !writer.write(done) {
                break;
            }
            if interactive && !writer.flush() {
                break;
            }
        }
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(opts.threads)
            .build()
            .map_err(io::Error::other)?;
        let stop = AtomicBool::new(false);
        let (chunk_tx, chunk_rx) = sync_channel::<(Vec<Item>, u64)>(2);
        let (done_tx, done_rx) = sync_channel::<(Vec<Done>, u64)>(2);
        let (ins, w) = std::thread::scope(|s| {
            let stop = &stop;
            let reader = s.spawn(move || {
                // Each chunk goes with the input bytes read when it was complete, so the
                // progress bar shows how far the written records are, not the reader.
                let bytes = std::sync::Arc::clone(&inputs.bytes);
                let at = move || bytes.load(Ordering::Relaxed);
                let mut chunk = Vec::with_capacity(CHUNK);
                for item in inputs.by_ref() {
                    chunk.push(item);
                    if chunk.len() == CHUNK {
                        let full = std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK));
                        if stop.load(Ordering::Relaxed) || chunk_tx.send((full, at())).is_err() {
                            return inputs;
                        }
                    }
                }
                if !chunk.is_empty() {
                    let _ = chunk_tx.send((chunk, at()));
                }
                inputs
            });
            let writer_thread = s.spawn(move || {
                'all: for (dones, bytes) in done_rx {
                    writer.progress.read_to(bytes);
                    for d in dones {
                        if !writer.write(d) {
                            stop.store(true, Ordering::Relaxed);
                            break 'all;
                        }
                    }
                    if !writer.flush() {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
                writer
            });
            for (chunk, bytes) in chunk_rx {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let dones: Vec<Done> =
                    pool.install(|| chunk.par_iter().map(|it| job.process(it)).collect());
                if done_tx.send((dones, bytes)).is_err() {
                    break;
                }
            }
            drop(done_tx);
            let w = writer_thread
                .join()
                .expect("the writer thread does not panic");
            let ins = reader.join().expect("the reader thread does not panic");
            (ins, w)
        });
        inputs = ins;
        writer = w;
    }
    writer.flush();
    writer.progress.finish();
    let mut summary = writer.summary;
    summary.elapsed = start.elapsed();
    summary.io_error |= inputs.io_error;
    summary.empty_inputs = inputs.empty_inputs;
    Ok(summary)
}

/// Writes records in order, counts them, logs their warnings, moves the progress bar.
struct Writer {
    out: BufWriter<io::Stdout>,
    summary: Summary,
    progress: Progress,
    failed: bool,
}

impl Writer {
    fn new(progress: Progress) -> Writer {
        Writer {
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            summary: Summary {
                counts: [0; Kind::ALL.len()],
                total: 0,
                elapsed: Duration::ZERO,
                io_error: false,
                empty_inputs: 0,
                closed: false,
            },
            progress,
            failed: false,
        }
    }

    /// Writes one record; false when stdout is gone and the run must stop.
    fn write(&mut self, d: Done) -> bool {
        if self.failed {
            return false;
        }
        if let Some(w) = &d.warning {
            self.progress.suspend(|| tracing::warn!("{w}"));
        }
        self.summary.count(d.kind);
        if let Err(e) = self.out.write_all(d.text.as_bytes()) {
            return self.fail(e);
        }
        self.progress.tick(self.summary.total);
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

/// The progress display: an indicatif bar, plain lines, or nothing.
struct Progress {
    bar: Option<ProgressBar>,
    /// `--progress always` without a terminal: a plain line every few seconds.
    plain: Option<Instant>,
    bytes: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Input bytes behind the records written (parallel path; else `bytes` is close).
    read_to: Option<u64>,
    total_bytes: Option<u64>,
    start: Instant,
}

impl Progress {
    fn new(mode: ProgressMode, inputs: &Inputs) -> Progress {
        let tty = io::stderr().is_terminal();
        let want = match mode {
            ProgressMode::Never => false,
            ProgressMode::Auto => tty,
            ProgressMode::Always => true,
        };
        let bar = (want && tty).then(|| match inputs.total_bytes {
            Some(total) => {
                ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(5))
                    .with_style(
                        ProgressStyle::with_template(
                            "{elapsed_precise} [{wide_bar}] {percent}% {msg} ETA {eta}",
                        )
                        .expect("a valid template")
                        .progress_chars("=> "),
                    )
            }
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(5))
                .with_style(
                    ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                        .expect("a valid template"),
                ),
        });
        Progress {
            bar,
            plain: (want && !tty).then(Instant::now),
            bytes: std::sync::Arc::clone(&inputs.bytes),
            read_to: None,
            total_bytes: inputs.total_bytes,
            start: Instant::now(),
        }
    }

    fn read_to(&mut self, bytes: u64) {
        self.read_to = Some(bytes);
    }

    fn position(&self) -> u64 {
        self.read_to
            .unwrap_or_else(|| self.bytes.load(Ordering::Relaxed))
    }

    fn message(&self, done: u64) -> String {
        format!(
            "{done} puzzles, {} puzzles/s",
            rate(done, self.start.elapsed().as_secs_f64())
        )
    }

    fn tick(&mut self, done: u64) {
        if !done.is_multiple_of(256) {
            return;
        }
        if let Some(bar) = &self.bar {
            if self.total_bytes.is_some() {
                bar.set_position(self.position());
            } else {
                bar.tick();
            }
            bar.set_message(self.message(done));
        } else if let Some(last) = self.plain {
            if last.elapsed() >= Duration::from_secs(2) {
                let bytes = self.position();
                let pct = match self.total_bytes {
                    Some(t) if t > 0 => {
                        format!(" ({:.0}% of the input)", bytes as f64 * 100.0 / t as f64)
                    }
                    _ => String::new(),
                };
                eprintln!("numpl: {}{pct}", self.message(done));
                self.plain = Some(Instant::now());
            }
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
