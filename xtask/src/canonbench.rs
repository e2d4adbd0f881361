//! `cargo xtask canonbench [--data DIR] [--brute N]`: how fast numpl-canon puts puzzles in
//! minlex form, one thread, on every `.txt` file of `--data` (default `../shared/data`),
//! and whether the forms are right.
//!
//! Run it as a release build for figures that mean something: `cargo run --release -p
//! xtask -- canonbench` (the dev profile builds numpl-canon optimised but without the
//! release profile's single codegen unit). For each file: puzzles, the best of three
//! passes of `canonical()` over all of them (puzzles/s), distinct classes, and how many
//! puzzles were already in their form. Checks, any failure an error:
//! - every form's transform maps the puzzle to it, and the form is its own form;
//! - `--brute N` (default 3) puzzles of each file, spread over it: the fast form equals
//!   the brute-force reference's (`canonical_brute`, the whole group enumerated; about 0.1
//!   to 1 s a puzzle).
//!
//! 17-clue.txt is published in a canonical form: the table says how many of its lines are
//! their own minlex form. The lines that are not follow another convention (the clue
//! pattern minimised first, then the values), which numpl does not use: its form is the
//! smallest string of the whole puzzle, blank below every value.

use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

use numpl_canon::{canonical, canonical_brute};
use numpl_core::{Grid, InputFormat, ParseOptions, PuzzleReader, Shape};

use crate::timing::per_sec;
use crate::workspace;

fn puzzles(path: &Path) -> Result<Vec<Grid>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let opts = ParseOptions::new()
        .input(InputFormat::Line)
        .shape(Some(Shape::NINE));
    // Lines longer than a puzzle (a rating after it) keep their first 81 symbols.
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.chars().take(81).collect())
        .collect();
    let joined = lines.join("\n");
    PuzzleReader::new(joined.as_bytes(), opts)
        .map(|r| {
            r.map(|p| p.into_grid())
                .map_err(|e| format!("{}: {e:?}", path.display()))
        })
        .collect()
}

pub(crate) fn run(a: &crate::CanonbenchArgs) -> Result<(), String> {
    let data = a.data.clone().unwrap_or_else(workspace::default_data);
    let mut files: Vec<_> = std::fs::read_dir(&data)
        .map_err(|e| format!("{}: {e}", data.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    if cfg!(debug_assertions) {
        println!("(xtask is a debug build: use `cargo run --release -p xtask -- canonbench`)");
    }
    println!(
        "{:<24} {:>8} {:>12} {:>9} {:>9} {:>6}",
        "file", "puzzles", "puzzles/s", "classes", "in form", "brute"
    );
    let mut bad = 0;
    for path in &files {
        let ps = puzzles(path)?;
        let mut best = f64::INFINITY;
        let mut forms = Vec::new();
        for _ in 0..3 {
            let start = Instant::now();
            forms = ps.iter().map(canonical).collect::<Vec<_>>();
            best = best.min(start.elapsed().as_secs_f64());
        }
        for (p, c) in ps.iter().zip(&forms) {
            if c.transform.apply(p) != c.form || canonical(&c.form).form != c.form {
                bad += 1;
            }
        }
        let classes: HashSet<&Grid> = forms.iter().map(|c| &c.form).collect();
        let in_form = ps.iter().zip(&forms).filter(|(p, c)| **p == c.form).count();
        let step = (ps.len() / a.brute.max(1)).max(1);
        let mut checked = 0;
        for (p, c) in ps.iter().zip(&forms).step_by(step).take(a.brute) {
            checked += 1;
            if canonical_brute(p) != c.form {
                bad += 1;
                println!("  brute force disagrees on {p:?}");
            }
        }
        let name = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into());
        println!(
            "{name:<24} {:>8} {:>12.0} {:>9} {:>9} {:>6}",
            ps.len(),
            per_sec(ps.len() as u64, best),
            classes.len(),
            in_form,
            format!("{checked} ok")
        );
    }
    if bad > 0 {
        return Err(format!("canonbench: {bad} wrong form(s)"));
    }
    Ok(())
}
