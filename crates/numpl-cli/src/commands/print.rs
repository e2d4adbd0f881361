//! `numpl print`: a print-ready PDF sheet of the input's puzzles. Every puzzle is solved
//! (a sheet needs puzzles with exactly one solution) and rated by the human solver (level
//! and score under the puzzle when it solves it). Any bad puzzle is reported with its
//! file and line and no PDF is written; a good PDF is written to a temporary file beside
//! the target and renamed over it, so an existing sheet is never left half-written. Only a
//! regular file (or a name not yet taken) is replaced so: a device or a FIFO is written to
//! as it is, a symbolic link is followed (its target is replaced, the link stays), and
//! `--out -` writes to stdout. The temporary file never outlives the run: it is removed on
//! every error and when SIGINT or SIGTERM ends the run.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

use numpl_render::{sheet_pdf, SheetPuzzle};
use numpl_solve::{puzzle, solve, Algorithm, SolveOptions, Status};
use rayon::prelude::*;

use crate::batch::{plural, Source};
use crate::exit::Exit;
use crate::input::{Inputs, Item};
use crate::interrupt::TempFile;
use crate::settings::{PrintSettings, RunSettings};

/// Runs `numpl print`. `Err` ends the run with exit 2 (the PDF could not be written).
pub(crate) fn print(
    p: PrintSettings,
    run: &RunSettings,
) -> Result<Exit, Box<dyn std::error::Error>> {
    let start = Instant::now();
    let to_stdout = p.out.as_os_str() == "-";
    if to_stdout && std::io::stdout().is_terminal() {
        return Err(
            "--out -: stdout is a terminal; redirect it (> sheet.pdf) or name a file".into(),
        );
    }
    let mut inputs = Inputs::new(p.inputs);
    let items: Vec<Item> = inputs.by_ref().collect();
    let (io_error, empty_inputs) = inputs.end();
    if io_error {
        return Err(format!(
            "no PDF written to {}: an input could not be read",
            p.out.display()
        )
        .into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(run.threads)
        .build()?;
    let prepared: Vec<Result<SheetPuzzle, String>> =
        pool.install(|| items.par_iter().map(prepare).collect());
    let bad = prepared.iter().filter(|r| r.is_err()).count();
    for e in prepared.iter().filter_map(|r| r.as_ref().err()) {
        tracing::error!("{e}");
    }
    if bad > 0 || empty_inputs > 0 || prepared.is_empty() {
        let why = if bad > 0 {
            format!(
                "{} cannot be printed",
                plural(bad as u64, "puzzle", "puzzles")
            )
        } else {
            "an input held no puzzle".to_string()
        };
        tracing::error!("no PDF written to {}: {why}", p.out.display());
        return Ok(Exit::Failed);
    }
    let puzzles: Vec<SheetPuzzle> = prepared.into_iter().flatten().collect();
    let pdf = sheet_pdf(&puzzles, &p.sheet)?;
    if to_stdout {
        let mut out = std::io::stdout().lock();
        out.write_all(&pdf)
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write the PDF to stdout: {e}"))?;
    } else {
        write_pdf(&p.out, &pdf)?;
    }
    if !run.quiet {
        say!(
            "numpl: {} printed to {} ({} KB); {:.3} s",
            plural(puzzles.len() as u64, "puzzle", "puzzles"),
            p.out.display(),
            pdf.len().div_ceil(1024),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(Exit::Ok)
}

/// One puzzle for the sheet: solved (it must have exactly one solution) and rated.
fn prepare(item: &Item) -> Result<SheetPuzzle, String> {
    let p = item.puzzle().map_err(|m| m.into_owned())?;
    if p.is_position() {
        // A sheet is for solving on paper: it draws givens, never pencil marks.
        return Err(format!(
            "{}:{}: puzzle {} is a position with pencil marks: a sheet prints plain puzzles",
            numpl_core::escape_controls(&item.file),
            item.line,
            item.index + 1
        ));
    }
    let g = p.grid();
    // A variant puzzle is solved under its rules (the variant engine).
    let out = puzzle::solve(&p, Algorithm::Fast, &SolveOptions::default());
    let solution = match (out.status, out.solution) {
        (Status::Solved, Some(s)) => s,
        (s, _) => {
            return Err(format!(
                "{}:{}: puzzle {} is {}: a sheet needs puzzles with exactly one solution",
                numpl_core::escape_controls(&item.file),
                item.line,
                item.index + 1,
                s.name()
            ))
        }
    };
    let mut sp = SheetPuzzle::new(item.index + 1, g.clone()).with_solution(solution);
    if let Some(v) = p.variant() {
        // The sheet draws the constraints; the level and score are the variant
        // techniques' (none when they do not finish the puzzle).
        let rated = numpl_solve::variant::rate(g, v, &SolveOptions::default());
        if let (Some(level), Some(score)) = (rated.level, rated.score) {
            sp = sp.with_rating(level, score);
        }
        return Ok(sp.with_variant(v.clone()));
    }
    let rated = solve(g, Algorithm::Human, &SolveOptions::default());
    if let (Status::Solved, Some(r)) = (rated.status, &rated.report) {
        sp = sp.with_rating(r.level, r.score);
    }
    Ok(sp)
}

/// Writes the PDF to `path`: whole (a temporary file renamed over it) for a regular file
/// or a new name; straight into a device or FIFO; through a symbolic link to its target.
fn write_pdf(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    // What the name leads to, links followed.
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(format!("cannot write {}: it is a folder", path.display())),
        Ok(m) if m.is_file() => {
            // A link: its target is replaced, and the link keeps pointing at it.
            let target = if link {
                std::fs::canonicalize(path).map_err(cannot)?
            } else {
                path.to_path_buf()
            };
            write_whole(&target, bytes, Some(m.permissions())).map_err(cannot)
        }
        // A device, a FIFO, a socket: written to as it is, never replaced.
        Ok(_) => write_into(path, bytes).map_err(cannot),
        // A link to nothing yet: make its target through it.
        Err(_) if link => write_into(path, bytes).map_err(cannot),
        Err(_) => write_whole(path, bytes, None).map_err(cannot),
    }
}

/// Writes into what `path` names, as it is (truncating a regular file a link leads to).
fn write_into(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)?;
    f.write_all(bytes)?;
    f.flush()
}

/// Writes `bytes` to a temporary file beside `path` (with `permissions`, those of the
/// file it replaces), then renames it to `path`.
fn write_whole(
    path: &Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = TempFile::new(path.with_file_name(tmp_name));
    std::fs::write(tmp.path(), bytes)?;
    if let Some(p) = permissions {
        std::fs::set_permissions(tmp.path(), p)?;
    }
    std::fs::rename(tmp.path(), path)?;
    tmp.keep();
    Ok(())
}
