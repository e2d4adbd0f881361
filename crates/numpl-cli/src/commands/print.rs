//! `numpl print`: a print-ready PDF sheet of the input's puzzles. Every puzzle is solved
//! (a sheet needs puzzles with exactly one solution) and rated by the human solver (level
//! and score under the puzzle when it solves it). Any bad puzzle is reported with its
//! file and line and no PDF is written; a good PDF is written to a temporary file beside
//! the target and renamed over it, so an existing sheet is never left half-written.

use std::path::{Path, PathBuf};
use std::time::Instant;

use numpl_render::{sheet_pdf, SheetPuzzle};
use numpl_solve::{solve, Algorithm, SolveOptions, Status};
use rayon::prelude::*;

use crate::batch::{plural, Source};
use crate::input::{Inputs, Item};
use crate::settings::{PrintSettings, RunSettings};
use crate::Exit;

/// Runs `numpl print`. `Err` ends the run with exit 2 (the PDF could not be written).
pub(crate) fn print(
    p: PrintSettings,
    run: &RunSettings,
) -> Result<Exit, Box<dyn std::error::Error>> {
    let start = Instant::now();
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
    write_whole(&p.out, &pdf)?;
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
    let p = item.puzzle.as_ref().map_err(|m| m.clone())?;
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
    let out = solve(g, Algorithm::Fast, &SolveOptions::default());
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
    let rated = solve(g, Algorithm::Human, &SolveOptions::default());
    if let (Status::Solved, Some(r)) = (rated.status, &rated.report) {
        sp = sp.with_rating(r.level, r.score);
    }
    Ok(sp)
}

/// Writes `bytes` to a temporary file beside `path`, then renames it to `path`.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp: PathBuf = path.with_file_name(tmp_name);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}: {e}", path.display())
    })
}
