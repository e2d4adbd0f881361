//! `cargo xtask selist`: a long puzzle list rated on Sudoku Explainer's scale a part at a
//! time, each run going on where the last one stopped, and what is rated so far summed up:
//!
//! ```text
//! cargo run --release -p xtask -- selist [--file PATH] [--out PATH] [--threads N]
//!                                        [--minutes M] [--report]
//! ```
//!
//! - the list: `--file` (default `forum-hardest-1905.txt` of `../shared/data`), one puzzle
//!   a line; about 8 CPU-hours for its 48,766 puzzles on the development machine (0.6 s a
//!   puzzle), longer than one session, hence the parts;
//! - the rows: `--out` (default `docs/se/forum-hardest-1905.csv` in the workspace), the
//!   header `line,status,er,ep,ed,ms` then one row a puzzle in line order: its line number
//!   in the list (from 1), the status ([`numpl_solve::puzzle::rate_se`]'s: `solved` with
//!   ER, EP and ED, else empty figures), and the CPU milliseconds its rating took on the
//!   thread that rated it (empty for rows from elsewhere, such as `numpl rate --scale se
//!   --format csv` output added by hand);
//! - a run reads the rows there, checks they are lines 1, 2, 3, ... of the list, and rates
//!   on from the next line on `--threads` threads (default every core), each taking the
//!   next line in turn, none past `--minutes` (default 60; those taken are finished);
//!   each row is appended and flushed as soon as the rows before it are, so a run
//!   stopped any other way loses only the puzzles being rated;
//! - `--report` rates nothing: how many rows of how many puzzles, the statuses, ER by
//!   tenth, how many at 11.0 or more, and the CPU time (the sum of `ms`, with how many rows
//!   have one).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use numpl_core::{parse_first, ParseOptions};
use numpl_solve::{puzzle::rate_se, SolveOptions};

use crate::timing::thread_cpu;

const HEADER: &str = "line,status,er,ep,ed,ms";

/// One row of the list's CSV.
#[derive(Debug)]
struct Row {
    line: usize,
    status: String,
    er: Option<u32>,
    ms: Option<f64>,
}

fn parse_row(text: &str, at: usize) -> Result<Row, String> {
    let f: Vec<&str> = text.split(',').collect();
    if f.len() != 6 {
        return Err(format!("row {at}: {} fields, not 6", f.len()));
    }
    let line = f[0]
        .parse()
        .map_err(|_| format!("row {at}: line {:?} is not a number", f[0]))?;
    let er = if f[2].is_empty() {
        None
    } else {
        let (whole, tenth) = f[2]
            .split_once('.')
            .ok_or_else(|| format!("row {at}: er {:?} is not like 11.3", f[2]))?;
        let t = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| format!("row {at}: er {:?} is not like 11.3", f[2]))
        };
        Some(t(whole)? * 10 + t(tenth)?)
    };
    let ms = if f[5].is_empty() {
        None
    } else {
        Some(
            f[5].parse()
                .map_err(|_| format!("row {at}: ms {:?} is not a number", f[5]))?,
        )
    };
    Ok(Row {
        line,
        status: f[1].to_string(),
        er,
        ms,
    })
}

fn read_rows(out: &PathBuf) -> Result<Vec<Row>, String> {
    let text = match std::fs::read_to_string(out) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", out.display())),
    };
    let mut lines = text.lines();
    match lines.next() {
        None => return Ok(Vec::new()),
        Some(h) if h == HEADER => {}
        Some(h) => return Err(format!("{}: header {h:?}, not {HEADER:?}", out.display())),
    }
    let mut rows = Vec::new();
    for (i, l) in lines.enumerate() {
        let row = parse_row(l, i + 2).map_err(|e| format!("{}: {e}", out.display()))?;
        if row.line != i + 1 {
            return Err(format!(
                "{}: row {} is line {}, not {} (rows go 1, 2, 3, ...)",
                out.display(),
                i + 2,
                row.line,
                i + 1
            ));
        }
        rows.push(row);
    }
    Ok(rows)
}

pub(crate) fn run(a: &crate::SelistArgs) -> Result<(), String> {
    let file = a
        .file
        .clone()
        .unwrap_or_else(|| crate::workspace::default_data().join("forum-hardest-1905.txt"));
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| crate::workspace::root().join("docs/se/forum-hardest-1905.csv"));
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let puzzles: Vec<&str> = text.lines().collect();
    let rows = read_rows(&out)?;
    if rows.len() > puzzles.len() {
        return Err(format!(
            "{}: {} rows, but {} has {} lines",
            out.display(),
            rows.len(),
            file.display(),
            puzzles.len()
        ));
    }
    if a.report {
        report(&rows, puzzles.len(), &out);
        return Ok(());
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut w = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    if rows.is_empty() {
        writeln!(w, "{HEADER}").map_err(|e| e.to_string())?;
    }
    let start = Instant::now();
    let limit = a.minutes * 60.0;
    let first = rows.len();
    let opts = SolveOptions::default();
    // Each worker takes the next line in turn (so the lines rated are always the next
    // ones, whatever each takes) and none is taken past the time limit; the rows come back
    // through a channel and are written in line order as soon as the one before is.
    let taken = AtomicUsize::new(first);
    let (tx, rx) = mpsc::channel::<(usize, String, Option<f64>)>();
    let mut next = first;
    let mut cpu = 0.0;
    let mut written: Result<(), String> = Ok(());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (taken, puzzles, opts) = (&taken, &puzzles, &opts);
            scope.spawn(move || loop {
                if start.elapsed().as_secs_f64() >= limit {
                    break;
                }
                let i = taken.fetch_add(1, Ordering::Relaxed);
                if i >= puzzles.len() {
                    break;
                }
                let before = thread_cpu();
                let row = rated_row(puzzles[i], opts);
                let ms = match (before, thread_cpu()) {
                    (Some(a), Some(b)) => Some((b - a) * 1e3),
                    _ => None,
                };
                if tx.send((i, row, ms)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut waiting: std::collections::BTreeMap<usize, (String, Option<f64>)> =
            Default::default();
        for (i, row, ms) in rx {
            waiting.insert(i, (row, ms));
            while let Some((row, ms)) = waiting.remove(&next) {
                let ms_text = ms.map_or(String::new(), |m| format!("{m:.1}"));
                cpu += ms.unwrap_or(0.0) / 1e3;
                if written.is_ok() {
                    written = writeln!(w, "{},{row},{ms_text}", next + 1)
                        .and_then(|()| w.flush())
                        .map_err(|e| format!("{}: {e}", out.display()));
                }
                next += 1;
            }
        }
    });
    written?;
    let done = next - first;
    if done == 0 {
        println!(
            "selist: nothing rated: {} of {} rated in {}",
            next,
            puzzles.len(),
            out.display()
        );
    } else {
        println!(
            "selist: {done} puzzles rated (lines {}..{} of {}), {:.0} s wall, {:.0} CPU s ({:.3} s a puzzle) on {threads} threads; {} of {} rated in {}",
            first + 1,
            next,
            file.display(),
            start.elapsed().as_secs_f64(),
            cpu,
            cpu / done as f64,
            next,
            puzzles.len(),
            out.display()
        );
    }
    Ok(())
}

/// The row of one puzzle, without its line and time: `status,er,ep,ed`.
fn rated_row(text: &str, opts: &SolveOptions) -> String {
    match parse_first(text, &ParseOptions::default()) {
        Ok(p) => {
            let r = rate_se(&p, opts);
            match r.rating {
                Some(s) => format!(
                    "{},{},{},{}",
                    r.status.name(),
                    numpl_solve::se::format_tenths(s.er),
                    numpl_solve::se::format_tenths(s.ep),
                    numpl_solve::se::format_tenths(s.ed)
                ),
                None => format!("{},,,", r.status.name()),
            }
        }
        Err(_) => "invalid,,,".to_string(),
    }
}

fn report(rows: &[Row], total: usize, out: &std::path::Path) {
    println!("{}: {} of {total} puzzles rated", out.display(), rows.len());
    let mut statuses: std::collections::BTreeMap<&str, usize> = Default::default();
    for r in rows {
        *statuses.entry(r.status.as_str()).or_default() += 1;
    }
    let s: Vec<String> = statuses.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("status: {}", s.join(", "));
    let mut by: std::collections::BTreeMap<u32, usize> = Default::default();
    for r in rows {
        if let Some(er) = r.er {
            *by.entry(er).or_default() += 1;
        }
    }
    let rated: usize = by.values().sum();
    let hard: usize = by.range(110..).map(|(_, n)| n).sum();
    let d: Vec<String> = by
        .iter()
        .map(|(er, n)| format!("{} {n}", numpl_solve::se::format_tenths(*er)))
        .collect();
    println!("ER: {}", d.join(", "));
    if rated > 0 {
        println!(
            "ER 11.0 or more: {hard} of {rated} ({:.1}%)",
            100.0 * hard as f64 / rated as f64
        );
    }
    let timed: Vec<f64> = rows.iter().filter_map(|r| r.ms).collect();
    if !timed.is_empty() {
        let sum: f64 = timed.iter().sum::<f64>() / 1e3;
        println!(
            "CPU: {sum:.0} s for the {} rows timed ({:.3} s a puzzle); {} rows without a time",
            timed.len(),
            sum / timed.len() as f64,
            rows.len() - timed.len()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_and_bad_ones_say_where() {
        let r = parse_row("12,solved,11.3,11.2,10.5,412.5", 3).unwrap();
        assert_eq!(
            (r.line, r.status.as_str(), r.er, r.ms),
            (12, "solved", Some(113), Some(412.5))
        );
        let r = parse_row("7,multiple,,,,", 3).unwrap();
        assert_eq!((r.er, r.ms), (None, None));
        let e = parse_row("7,solved,11,11.0,11.0,", 9).unwrap_err();
        assert!(e.starts_with("row 9: er \"11\""), "{e}");
        let e = parse_row("x,solved,11.0,11.0,11.0,", 4).unwrap_err();
        assert!(e.starts_with("row 4: line"), "{e}");
        assert!(parse_row("1,solved,11.0", 2)
            .unwrap_err()
            .contains("3 fields"));
    }

    #[test]
    fn a_gap_or_a_foreign_header_is_refused() {
        let dir = std::env::temp_dir().join(format!("selist-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("list.csv");
        std::fs::write(
            &out,
            format!("{HEADER}\n1,solved,11.0,11.0,11.0,\n3,solved,11.0,11.0,11.0,\n"),
        )
        .unwrap();
        let e = read_rows(&out).err().unwrap();
        assert!(e.contains("row 3 is line 3, not 2"), "{e}");
        std::fs::write(&out, "quizzes,solutions\n").unwrap();
        assert!(read_rows(&out).err().unwrap().contains("header"));
        std::fs::write(
            &out,
            format!("{HEADER}\n1,solved,11.0,11.0,11.0,\n2,solved,10.9,10.9,10.2,55.0\n"),
        )
        .unwrap();
        assert_eq!(read_rows(&out).unwrap().len(), 2);
        assert!(read_rows(&dir.join("none.csv")).unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
