//! Puzzles per second for `canonical()` on one thread, over a file of one-line puzzles.
//!
//! `cargo run --release -p numpl-canon --example canon_speed -- FILE [--check]`
//!
//! Reads every line that is not empty and does not start with `#`, takes its first N*N
//! symbols (`.` or `0` blank), times `canonical()` over the whole file (best of three
//! passes) and prints puzzles/s, the number of distinct forms, and how many puzzles were
//! already in their form. `--check` also checks each result's transform and idempotence.

use std::collections::HashSet;
use std::time::Instant;

use numpl_canon::canonical;
use numpl_core::{parse_one, Grid, ParseOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: canon_speed FILE [--check]");
    let check = args.any(|a| a == "--check");
    let text = std::fs::read_to_string(&path).expect("read the file");
    let opts = ParseOptions::default();
    let puzzles: Vec<Grid> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let head: String = l.chars().take(81).collect();
            parse_one(&head, &opts).expect("a 9x9 puzzle")
        })
        .collect();
    let mut best = f64::INFINITY;
    let mut forms = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        forms = puzzles.iter().map(canonical).collect();
        best = best.min(start.elapsed().as_secs_f64());
    }
    let distinct: HashSet<&Grid> = forms.iter().map(|c| &c.form).collect();
    let fixed = puzzles
        .iter()
        .zip(&forms)
        .filter(|(p, c)| **p == c.form)
        .count();
    if check {
        for (p, c) in puzzles.iter().zip(&forms) {
            assert_eq!(c.transform.apply(p), c.form);
            assert_eq!(canonical(&c.form).form, c.form);
        }
    }
    println!(
        "{path}: {} puzzles in {:.3} s: {:.0} puzzles/s ({:.2} us each); {} distinct forms, {} already minlex{}",
        puzzles.len(),
        best,
        puzzles.len() as f64 / best,
        best * 1e6 / puzzles.len() as f64,
        distinct.len(),
        fixed,
        if check { "; checked" } else { "" }
    );
}
