//! `cargo xtask soundness`: every step of the human solver, with every technique it knows
//! turned on (those off by default too), checked against the truth on a sample of every
//! puzzle file in a data directory and on generated puzzles of six shapes.
//!
//! ```text
//! cargo run --release -p xtask -- soundness [--data DIR | --no-data] [--per-file N]
//!                                           [--generated N] [--seed S] [--max-failures K]
//! ```
//!
//! - Files: every file of `--data` (default `../shared/data` beside the workspace, read
//!   where it is, never copied), in name order. A file whose first puzzle line does not read as a puzzle (a
//!   README) is skipped with a message. From each, `--per-file` puzzles (default 300; 0:
//!   all) evenly spaced through the file, each named by its file and line.
//! - Generated: `--generated` puzzles (default 40) of each shape 4x4 (2x2), 6x6 (2x3),
//!   8x8 (2x4), 9x9, 12x12 (3x4), 16x16 (4x4), from the run's `--seed` (default 16): half
//!   dug with every technique allowed (logic finishes them), half for uniqueness alone
//!   (`--max-technique none`: the hardest, where brute force ends many).
//!
//! Each puzzle is counted by the fast solver first:
//!
//! - unique: the human solver (every technique enabled, uniqueness techniques on, brute
//!   force last) solves it, and every recorded step is checked against the solution: a
//!   placement must be the solution's value, an elimination must not remove it;
//! - several solutions (`serg-benchmark.txt`): the solver runs logic only, without the
//!   uniqueness techniques (unsound there), and every step is checked against all the
//!   solutions at once: an elimination `rXcY<>v` is unsound when the puzzle has a solution
//!   with `v` in `rXcY` (a search), a placement when one differs there;
//! - no solution: skipped (counted).
//!
//! A failure names the source (file and line, or shape, seed and index), the puzzle, the
//! step (its number, technique, sentence, and what it got wrong) and the position before
//! it as a pencil-mark line (`numpl hint` reads it back). A solver panic is a failure too.
//! The run prints, per technique, the steps checked and the puzzles that used it, and the
//! time; it exits non-zero when any step failed. Puzzles run in parallel (rayon).
//!
//! `.ci/run` runs a small sample (`--per-file 20 --generated 4`); a bounded version (a few
//! generated puzzles per shape and the famous fixtures) runs in `cargo test -p xtask`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use numpl_core::{format_line, format_position_line, parse_one, Grid, InputFormat, ParseOptions};
use numpl_core::{Shape, Symbols};
use numpl_gen::{GenOptions, Generator, MaxTechnique};
use numpl_solve::{
    count_solutions, solve, Algorithm, Board, Found, HumanSolver, HumanStatus, Searcher,
    SolveOptions, Status, Step, Technique,
};
use rayon::prelude::*;

/// One puzzle to check and where it came from.
#[derive(Clone, Debug)]
pub(crate) struct Sample {
    /// The file, or the generator's shape, seed and index.
    pub(crate) source: String,
    /// The file's line (1-based), 0 for a generated puzzle.
    pub(crate) line: usize,
    /// The puzzle.
    pub(crate) puzzle: Grid,
}

impl Sample {
    fn place(&self) -> String {
        if self.line > 0 {
            format!("{}:{}", self.source, self.line)
        } else {
            self.source.clone()
        }
    }
}

/// What checking one puzzle found.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    /// Puzzles checked against their one solution.
    pub(crate) unique: u64,
    /// Puzzles with several solutions, checked against all of them.
    pub(crate) multiple: u64,
    /// Puzzles without a solution (not checked).
    pub(crate) unsolvable: u64,
    /// Checked puzzles the solver finished (`solved`), with brute force among them.
    pub(crate) solved: u64,
    /// Solved puzzles that needed brute force.
    pub(crate) brute: u64,
    /// Per technique: steps checked and puzzles that used it.
    pub(crate) techniques: BTreeMap<Technique, (u64, u64)>,
    /// Every failure, in full.
    pub(crate) failures: Vec<String>,
}

impl Tally {
    fn add(mut self, other: Tally) -> Tally {
        self.unique += other.unique;
        self.multiple += other.multiple;
        self.unsolvable += other.unsolvable;
        self.solved += other.solved;
        self.brute += other.brute;
        for (t, (steps, puzzles)) in other.techniques {
            let e = self.techniques.entry(t).or_insert((0, 0));
            e.0 += steps;
            e.1 += puzzles;
        }
        self.failures.extend(other.failures);
        self
    }

    /// Steps checked in all.
    pub(crate) fn steps(&self) -> u64 {
        self.techniques.values().map(|&(s, _)| s).sum()
    }
}

/// The human solver with every technique it knows on an N x N grid turned on, those off
/// by default included.
pub(crate) fn every_technique(n: usize) -> HumanSolver {
    Technique::all_for(n)
        .into_iter()
        .fold(HumanSolver::new(), |s, t| s.enable(t, true))
}

/// The truth a step is checked against.
enum Truth<'a> {
    /// The puzzle's one solution.
    One(&'a Grid),
    /// The puzzle has several solutions: `first` is one of them.
    Several { puzzle: &'a Grid, first: &'a Grid },
}

impl Truth<'_> {
    /// What is wrong with `step`, if anything.
    fn wrong(&self, step: &Step, searcher: &mut Searcher) -> Vec<String> {
        let shape = step_shape(self);
        let name = |c: numpl_core::Cell, v: u8| {
            let (r, col) = (c.index() / shape.size(), c.index() % shape.size());
            format!("r{}c{}={v}", r + 1, col + 1)
        };
        let mut wrong = Vec::new();
        match *self {
            Truth::One(sol) => {
                for &(c, v) in &step.placements {
                    if sol.get(c.index()) != v {
                        wrong.push(format!(
                            "placed {} but the solution has {}",
                            name(c, v),
                            sol.get(c.index())
                        ));
                    }
                }
                for &(c, v) in &step.eliminations {
                    if sol.get(c.index()) == v {
                        wrong.push(format!("removed {}, the solution's value", name(c, v)));
                    }
                }
            }
            Truth::Several { puzzle, first } => {
                for &(c, v) in &step.placements {
                    let i = c.index();
                    if first.get(i) != v {
                        wrong.push(format!(
                            "placed {} but a solution has {}",
                            name(c, v),
                            first.get(i)
                        ));
                    } else if let Found::Solution(s) = searcher.differing(puzzle, first, [i]) {
                        wrong.push(format!(
                            "placed {} but a solution has {}",
                            name(c, v),
                            s.get(i)
                        ));
                    }
                }
                for &(c, v) in &step.eliminations {
                    let i = c.index();
                    let kept = first.get(i) == v || {
                        let mut g = puzzle.clone();
                        g.set(i, v);
                        g.get(i) == v && g.check().is_ok() && count_solutions(&g, 1) > 0
                    };
                    if kept {
                        wrong.push(format!("removed {}, a solution's value", name(c, v)));
                    }
                }
            }
        }
        wrong
    }
}

fn step_shape(t: &Truth<'_>) -> Shape {
    match *t {
        Truth::One(g) => g.shape(),
        Truth::Several { puzzle, .. } => puzzle.shape(),
    }
}

/// Checks `steps` (a solve of `puzzle`, in order) against `truth`: the first step that
/// gets something wrong, as a message with the position before it.
fn first_wrong(puzzle: &Grid, steps: &[Step], truth: &Truth<'_>) -> Option<String> {
    let shape = puzzle.shape();
    let mut searcher = Searcher::new(shape);
    let mut board = Board::new(puzzle);
    for (i, step) in steps.iter().enumerate() {
        let wrong = truth.wrong(step, &mut searcher);
        if !wrong.is_empty() {
            return Some(format!(
                "step {} ({}): {}\n  {}\n  position before it: {}",
                i + 1,
                step.technique,
                step.describe(shape),
                wrong.join("; "),
                format_position_line(&board.grid(), &board.candidates(), &Symbols::standard())
            ));
        }
        board.apply(step);
    }
    None
}

/// Solves one puzzle with every technique and checks every step.
pub(crate) fn check(sample: &Sample) -> Tally {
    let mut tally = Tally::default();
    let puzzle = &sample.puzzle;
    let n = puzzle.size();
    let out = solve(
        puzzle,
        Algorithm::Fast,
        &SolveOptions::new().budget(Some(u64::MAX)),
    );
    let (solver, first) = match (out.status, out.solution) {
        (Status::Solved, Some(sol)) => {
            tally.unique = 1;
            (every_technique(n).with_solution(sol.clone()), sol)
        }
        (Status::Multiple, Some(sol)) => {
            tally.multiple = 1;
            (every_technique(n).logic_only(), sol)
        }
        _ => {
            tally.unsolvable = 1;
            return tally;
        }
    };
    let fail = |what: String| {
        format!(
            "{}: {}\n  puzzle: {}",
            sample.place(),
            what,
            format_line(puzzle, &Symbols::standard())
        )
    };
    let report =
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solver.solve(puzzle))) {
            Ok(r) => r,
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                tally
                    .failures
                    .push(fail(format!("the solver panicked: {msg}")));
                return tally;
            }
        };
    let truth = if tally.unique == 1 {
        Truth::One(&first)
    } else {
        Truth::Several {
            puzzle,
            first: &first,
        }
    };
    if let Some(msg) = first_wrong(puzzle, &report.steps, &truth) {
        tally.failures.push(fail(msg));
        return tally;
    }
    if tally.unique == 1 && report.status == HumanStatus::Contradiction {
        tally
            .failures
            .push(fail("a unique puzzle ended in a contradiction".to_string()));
        return tally;
    }
    if report.status == HumanStatus::Solved {
        tally.solved = 1;
        if report.counts.contains_key(&Technique::BruteForce) {
            tally.brute = 1;
        }
    }
    let mut per: BTreeMap<Technique, u64> = BTreeMap::new();
    for s in &report.steps {
        *per.entry(s.technique).or_insert(0) += 1;
    }
    tally.techniques = per.into_iter().map(|(t, k)| (t, (k, 1))).collect();
    tally
}

/// Checks every sample in parallel.
pub(crate) fn check_all(samples: &[Sample]) -> Tally {
    samples
        .par_iter()
        .map(check)
        .reduce(Tally::default, Tally::add)
}

/// The puzzle lines of a file (1-based line numbers), or why it is not a puzzle file.
fn puzzle_lines(path: &Path) -> Result<Vec<(usize, String)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read it: {e}"))?;
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let Some((no, first)) = lines.first() else {
        return Err("no puzzle lines".to_string());
    };
    parse_one(first, &line_options()).map_err(|e| {
        let e = e.to_string();
        let e = e.strip_prefix("line 1: ").unwrap_or(&e).to_string();
        format!("line {no} is not a puzzle ({e})")
    })?;
    Ok(lines)
}

fn line_options() -> ParseOptions {
    ParseOptions::new().input(InputFormat::Line)
}

/// `per_file` puzzles (0: all) evenly spaced through a file's puzzle lines.
pub(crate) fn file_samples(path: &Path, per_file: usize) -> Result<Vec<Sample>, String> {
    let lines = puzzle_lines(path)?;
    let take = if per_file == 0 {
        lines.len()
    } else {
        per_file.min(lines.len())
    };
    let name = path.display().to_string();
    let mut out = Vec::with_capacity(take);
    for k in 0..take {
        let (no, text) = &lines[k * lines.len() / take];
        let puzzle = parse_one(text, &line_options())
            .map_err(|e| format!("{name}:{no}: not a puzzle ({e})"))?;
        out.push(Sample {
            source: name.clone(),
            line: *no,
            puzzle,
        });
    }
    Ok(out)
}

/// The six shapes generated puzzles come in.
pub(crate) fn shapes() -> Vec<Shape> {
    [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4)]
        .into_iter()
        .map(|(r, c)| Shape::new(r, c).expect("a valid box"))
        .collect()
}

/// `count` generated puzzles of `shape` from `seed`: the first half dug with every
/// technique allowed, the rest for uniqueness alone.
pub(crate) fn generated(shape: Shape, count: u64, seed: u64) -> Result<Vec<Sample>, String> {
    let logic = count.div_ceil(2);
    let runs = [
        (MaxTechnique::All, "all", 0..logic),
        (MaxTechnique::None, "none", 0..count - logic),
    ];
    let mut jobs = Vec::new();
    for (max, label, range) in runs {
        let gen = Generator::new(
            GenOptions::new(shape)
                .max_technique(max)
                .seed(seed)
                .rate(false),
        )
        .map_err(|e| format!("generator {shape}: {e}"))?;
        for i in range {
            jobs.push((gen.clone(), label, i));
        }
    }
    jobs.into_par_iter()
        .map(|(gen, label, i)| {
            let g = gen
                .generate(i)
                .map_err(|e| format!("generate {shape} #{i}: {e}"))?;
            Ok(Sample {
                source: format!("generated {shape} --max-technique {label} --seed {seed} #{i}"),
                line: 0,
                puzzle: g.puzzle,
            })
        })
        .collect()
}

/// The table of techniques: steps checked and puzzles that used each.
fn print_table(t: &Tally) {
    println!("{:<28} {:>10} {:>9}", "technique", "steps", "puzzles");
    for (tech, (steps, puzzles)) in &t.techniques {
        println!("{:<28} {:>10} {:>9}", tech.name(), steps, puzzles);
    }
    println!("{:<28} {:>10}", "all", t.steps());
}

pub(crate) fn run(a: &crate::SoundnessArgs) -> Result<(), String> {
    let per_file = a.per_file as usize;
    let max_failures = a.max_failures.max(1) as usize;
    let data = (!a.no_data).then(|| {
        a.data
            .clone()
            .unwrap_or_else(crate::workspace::default_data)
    });
    let start = Instant::now();
    let mut sets: Vec<(String, Vec<Sample>)> = Vec::new();
    if let Some(dir) = &data {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| {
                format!(
                    "soundness: cannot read --data {}: {e} (--no-data: generated puzzles only)",
                    dir.display()
                )
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for f in files {
            match file_samples(&f, per_file) {
                Ok(s) => sets.push((f.display().to_string(), s)),
                Err(why) => println!("skipping {}: {why}", f.display()),
            }
        }
    }
    for shape in shapes() {
        let t = Instant::now();
        let s = generated(shape, a.generated, a.seed)?;
        eprintln!(
            "generated {} {shape} puzzles in {:.1} s",
            s.len(),
            t.elapsed().as_secs_f64()
        );
        sets.push((format!("generated {shape}"), s));
    }
    let mut total = Tally::default();
    println!(
        "{:<44} {:>7} {:>7} {:>7} {:>7} {:>7} {:>9} {:>8}",
        "set", "unique", "multi", "unsolv", "solved", "brute", "steps", "seconds"
    );
    for (name, samples) in &sets {
        let t = Instant::now();
        let tally = check_all(samples);
        println!(
            "{:<44} {:>7} {:>7} {:>7} {:>7} {:>7} {:>9} {:>8.1}",
            name,
            tally.unique,
            tally.multiple,
            tally.unsolvable,
            tally.solved,
            tally.brute,
            tally.steps(),
            t.elapsed().as_secs_f64()
        );
        total = total.add(tally);
    }
    println!();
    print_table(&total);
    let puzzles = total.unique + total.multiple;
    println!(
        "\n{puzzles} puzzles checked ({} unique, {} with several solutions, {} without a \
         solution skipped), {} steps, {:.1} s on {} threads",
        total.unique,
        total.multiple,
        total.unsolvable,
        total.steps(),
        start.elapsed().as_secs_f64(),
        rayon::current_num_threads()
    );
    if total.failures.is_empty() {
        println!("every step agrees with the solutions");
        return Ok(());
    }
    for f in total.failures.iter().take(max_failures) {
        println!("\nUNSOUND {f}");
    }
    Err(format!(
        "soundness: {} puzzle(s) with an unsound step (first {} shown)",
        total.failures.len(),
        total.failures.len().min(max_failures)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use numpl_core::Cell;

    fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
    }

    /// The bounded sweep of the normal test suite: a few generated puzzles of each of the
    /// six shapes and the famous 9x9 fixtures, every step checked.
    #[test]
    fn a_small_sweep_finds_every_step_sound() {
        let mut samples = file_samples(&fixtures().join("9x9/famous.txt"), 0).unwrap();
        assert!(samples.len() >= 5);
        for shape in shapes() {
            let count = if shape.size() >= 12 { 2 } else { 4 };
            samples.extend(generated(shape, count, 7).unwrap());
        }
        let t = check_all(&samples);
        assert!(t.failures.is_empty(), "{}", t.failures.join("\n\n"));
        assert_eq!(t.unique as usize, samples.len());
        assert!(t.steps() > 1000, "{} steps", t.steps());
        // Past singles: the sweep does reach the advanced techniques.
        assert!(t.techniques.keys().any(|&k| k > Technique::XyWing));
    }

    #[test]
    fn a_wrong_elimination_or_placement_is_named() {
        let p = parse_one(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            &line_options(),
        )
        .unwrap();
        let sol = solve(&p, Algorithm::Fast, &SolveOptions::new())
            .solution
            .unwrap();
        // r1c2 is open; its solution value is removed by a made-up XY-Wing.
        let c = Cell::new(1);
        let v = sol.get(1);
        let steps = HumanSolver::new().solve(&p).steps;
        let blank = |t: Technique| {
            let mut step = steps[0].clone();
            step.technique = t;
            step.placements.clear();
            step.eliminations.clear();
            step
        };
        let mut bad = blank(Technique::XyWing);
        bad.eliminations = vec![(c, v)];
        let msg = first_wrong(&p, &[bad.clone()], &Truth::One(&sol)).unwrap();
        assert!(msg.starts_with("step 1 (xy_wing)"), "{msg}");
        assert!(
            msg.contains(&format!("removed r1c2={v}, the solution's value")),
            "{msg}"
        );
        // The position line is a 729-symbol pencil-mark line.
        let pos = msg.rsplit(": ").next().unwrap();
        assert_eq!(pos.len(), 729, "{pos}");
        // Checked against several solutions (a puzzle with a cell emptied): the same.
        let mut open = p.clone();
        let given = (0..81).find(|&i| p.get(i) != 0).unwrap();
        open.set(given, 0);
        let msg = first_wrong(
            &open,
            &[bad.clone()],
            &Truth::Several {
                puzzle: &open,
                first: &sol,
            },
        )
        .unwrap();
        assert!(msg.contains("a solution's value"), "{msg}");
        // A wrong placement, after a sound first step.
        let mut good = blank(Technique::NakedSingle);
        good.eliminations = vec![(c, if v == 1 { 2 } else { 1 })];
        let mut wrong = blank(Technique::NakedSingle);
        wrong.placements = vec![(c, good.eliminations[0].1)];
        let msg = first_wrong(&p, &[good.clone(), wrong], &Truth::One(&sol)).unwrap();
        assert!(msg.starts_with("step 2 (naked_single)"), "{msg}");
        assert!(msg.contains("placed r1c2="), "{msg}");
        assert!(first_wrong(&p, &[good], &Truth::One(&sol)).is_none());
    }

    #[test]
    fn a_file_that_is_not_puzzles_is_skipped() {
        let e = puzzle_lines(&fixtures().join("README.md")).unwrap_err();
        assert!(e.contains("is not a puzzle"), "{e}");
        let s = file_samples(&fixtures().join("9x9/easy.txt"), 3).unwrap();
        assert_eq!(s.len(), 3);
        assert!(s[0].place().ends_with(&format!("easy.txt:{}", s[0].line)));
    }
}
