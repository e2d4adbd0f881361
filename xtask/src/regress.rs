//! `cargo xtask regress [DIR] [--algo fast,full,human] [--bless]`: every fixture through
//! every applicable algorithm, in parallel; a table per file and algorithm; the first
//! mismatches in full; an error (exit status 1) on any mismatch. DIR defaults to
//! `fixtures/` in the workspace; `--algo` to every algorithm.
//!
//! Applicable: `fast` and `full` run every file unless its answers skip them (`# skip:`);
//! `human` runs the files marked `# human`, whose `NAME.human` holds the expected status and
//! technique counts; each of those puzzles is rated again with `level_only` (`rate
//! --level-only`), which must give the same status, solution and level. `--bless` rewrites
//! those `.human` files from this run (and creates them for marked files); it never touches
//! `.answers`, and a human solution that disagrees with the answers still fails.

use std::path::PathBuf;
use std::time::Instant;

use numpl_core::{format_line, ParseError, ParseOptions, PuzzleReader, Symbols};
use numpl_record::Record;
use numpl_solve::{puzzle, Algorithm, Level, Outcome, SolveOptions, Status};
use rayon::prelude::*;

use crate::fixture::{self, Expected, Fixture};

/// How many mismatches are shown in full.
const SHOW: usize = 10;

/// Options of a regression run.
pub(crate) struct Options {
    pub(crate) dir: PathBuf,
    pub(crate) algos: Vec<Algorithm>,
    pub(crate) bless: bool,
    /// Sudoku Explainer's ratings of the `# se` fixtures too (minutes: the nested forcing
    /// chains of the hardest take tens of seconds each).
    pub(crate) se: bool,
}

/// One row of the table.
#[derive(Debug)]
pub(crate) struct Row {
    pub(crate) file: String,
    pub(crate) algo: Algorithm,
    pub(crate) puzzles: usize,
    pub(crate) passed: usize,
    pub(crate) failed: usize,
    pub(crate) seconds: f64,
}

/// The result of a run.
#[derive(Debug)]
pub(crate) struct Report {
    pub(crate) rows: Vec<Row>,
    pub(crate) mismatches: Vec<String>,
    /// Sudoku Explainer's ratings against serate's (`# se` fixtures).
    pub(crate) se: Vec<SeRow>,
}

/// One `# se` fixture file's agreement with serate: puzzles whose ER, EP and ED all match,
/// how many match on each figure, and those that do not (failures).
#[derive(Debug, Default)]
pub(crate) struct SeRow {
    pub(crate) file: String,
    pub(crate) puzzles: usize,
    pub(crate) exact: usize,
    pub(crate) er: usize,
    pub(crate) ep: usize,
    pub(crate) ed: usize,
    pub(crate) failed: usize,
    pub(crate) seconds: f64,
}

/// The table of Sudoku Explainer's agreement.
pub(crate) fn se_table(rows: &[SeRow]) -> String {
    let w = rows.iter().map(|r| r.file.len()).max().unwrap_or(4).max(4);
    let mut s = format!(
        "{:<w$}  {:>7}  {:>6}  {:>5}  {:>5}  {:>5}  {:>6}  {:>8}\n",
        "file (se)", "puzzles", "exact", "ER", "EP", "ED", "failed", "seconds"
    );
    for r in rows {
        s.push_str(&format!(
            "{:<w$}  {:>7}  {:>6}  {:>5}  {:>5}  {:>5}  {:>6}  {:>8.3}\n",
            r.file, r.puzzles, r.exact, r.er, r.ep, r.ed, r.failed, r.seconds
        ));
    }
    s
}

/// Rates each puzzle of a `# se` fixture on Sudoku Explainer's scale and compares with
/// serate's `ER/EP/ED` in `NAME.se`.
fn check_se(f: &Loaded, mismatches: &mut Vec<String>) -> Result<SeRow, String> {
    let path = f.fx.answers_path.with_extension("se");
    let lines = fixture::load_human(&path)?.ok_or_else(|| {
        format!(
            "{}: marked `# se` but {} is missing",
            f.name,
            path.display()
        )
    })?;
    if lines.len() != f.puzzles.len() {
        mismatches.push(format!(
            "{}: {} puzzles but {} lines in {}",
            f.name,
            f.puzzles.len(),
            lines.len(),
            path.display()
        ));
    }
    let mut row = SeRow {
        file: f.name.clone(),
        ..SeRow::default()
    };
    let results: Vec<(usize, f64, Option<numpl_solve::puzzle::SeRated>)> = f
        .puzzles
        .par_iter()
        .enumerate()
        .take(lines.len())
        .map(|(i, p)| {
            let start = std::time::Instant::now();
            let rated = p
                .as_ref()
                .ok()
                .map(|p| numpl_solve::puzzle::rate_se(p, &SolveOptions::default()));
            (i, start.elapsed().as_secs_f64(), rated)
        })
        .collect();
    for (i, secs, rated) in results {
        row.puzzles += 1;
        row.seconds += secs;
        let want = lines[i].split_whitespace().next().unwrap_or("");
        let parts: Vec<&str> = want.split('/').collect();
        let got = match &rated {
            Some(r) => match (&r.rating, &r.stop) {
                (Some(x), _) => {
                    let fig = numpl_solve::se::format_tenths;
                    format!("{}/{}/{}", fig(x.er), fig(x.ep), fig(x.ed))
                }
                (None, Some(numpl_solve::se::SeStop::Stuck)) => "20.0".to_string(),
                _ => r.status.name().to_string(),
            },
            None => "invalid".to_string(),
        };
        let g: Vec<&str> = got.split('/').collect();
        // serate rates a puzzle with several or no solutions too (20.0 once its techniques
        // give up); numpl gives such a puzzle its status and no rating.
        let no_rating = matches!(got.as_str(), "multiple" | "unsolvable");
        if got == want || ((got == "20.0" || no_rating) && parts.first() == Some(&"20.0")) {
            row.exact += 1;
            row.er += 1;
            row.ep += 1;
            row.ed += 1;
            continue;
        }
        if g.len() == 3 && parts.len() == 3 {
            row.er += usize::from(g[0] == parts[0]);
            row.ep += usize::from(g[1] == parts[1]);
            row.ed += usize::from(g[2] == parts[2]);
        }
        row.failed += 1;
        let puzzle = match &f.puzzles[i] {
            Ok(p) => Record::of_parsed(p, &Symbols::standard())
                .puzzle
                .unwrap_or_default(),
            Err(_) => "(unreadable)".into(),
        };
        mismatches.push(format!(
            "MISMATCH {} (puzzle {i}) se: another rating than serate's\n  puzzle:   {puzzle}\n  expected: {want}\n  got:      {got}",
            f.name
        ));
    }
    Ok(row)
}

pub(crate) fn run(args: &crate::RegressArgs) -> Result<(), String> {
    let opts = Options {
        dir: args.dir.clone().unwrap_or_else(crate::workspace::fixtures),
        algos: args
            .algos
            .clone()
            .unwrap_or_else(|| Algorithm::ALL.to_vec()),
        bless: args.bless,
        se: true,
    };
    let report = regress(&opts)?;
    print!("{}", table(&report.rows));
    if !report.se.is_empty() {
        print!("{}", se_table(&report.se));
    }
    if report.mismatches.is_empty() {
        println!("regress: every fixture passed");
        return Ok(());
    }
    println!();
    for m in report.mismatches.iter().take(SHOW) {
        println!("{m}\n");
    }
    if report.mismatches.len() > SHOW {
        println!("... and {} more", report.mismatches.len() - SHOW);
    }
    Err(format!("regress: {} mismatches", report.mismatches.len()))
}

/// The table: one row per file and algorithm.
pub(crate) fn table(rows: &[Row]) -> String {
    let w = rows.iter().map(|r| r.file.len()).max().unwrap_or(4).max(4);
    let mut s = format!(
        "{:<w$}  {:<5}  {:>7}  {:>6}  {:>6}  {:>8}  {:>10}\n",
        "file", "algo", "puzzles", "passed", "failed", "seconds", "puzzles/s"
    );
    for r in rows {
        let rate = if r.puzzles > 0 && r.seconds > 0.0 {
            r.puzzles as f64 / r.seconds
        } else {
            0.0
        };
        s.push_str(&format!(
            "{:<w$}  {:<5}  {:>7}  {:>6}  {:>6}  {:>8.3}  {:>10.0}\n",
            r.file,
            r.algo.name(),
            r.puzzles,
            r.passed,
            r.failed,
            r.seconds,
            rate
        ));
    }
    s
}

struct Loaded {
    fx: Fixture,
    name: String,
    puzzles: Vec<Result<numpl_core::Parsed, ParseError>>,
    human: Option<Vec<String>>,
}

struct Verdict {
    file: usize,
    algo: Algorithm,
    ok: bool,
    detail: Option<String>,
    seconds: f64,
    human_line: Option<String>,
}

/// The human solver's line: status and technique counts.
pub(crate) fn human_line(out: &Outcome) -> String {
    let mut s = out.status.name().to_string();
    if let Some(r) = &out.report {
        for (t, n) in &r.counts {
            s.push_str(&format!(" {}={n}", t.name()));
        }
    }
    s
}

/// How the human solver's rating with `level_only` (`rate --level-only`) differs from the
/// whole one, `whole`: None when it has the same status, solution and level, and the same
/// technique counts or (stopped once the level was certain, at extreme) counts no larger.
fn level_only_differs(p: &numpl_core::Parsed, whole: &Outcome) -> Option<String> {
    let out = puzzle::solve(
        p,
        Algorithm::Human,
        &SolveOptions::default().level_only(true),
    );
    if (out.status, &out.solution) != (whole.status, &whole.solution) {
        return Some(format!("status {}", out.status.name()));
    }
    let (Some(a), Some(b)) = (&out.report, &whole.report) else {
        return (out.report.is_some() != whole.report.is_some()).then(|| "no report".into());
    };
    if a.level != b.level {
        return Some(format!("level {} (whole: {})", a.level, b.level));
    }
    if !a.whole() {
        let part = a
            .counts
            .iter()
            .all(|(t, &k)| b.counts.get(t).is_some_and(|&w| k <= w));
        (a.level != Level::Extreme || !part)
            .then(|| "stopped early below extreme, or with counts beyond the whole's".into())
    } else {
        (a.counts != b.counts || a.score != b.score).then(|| "other counts".into())
    }
}

/// Runs the regression and returns the table rows and mismatch descriptions.
pub(crate) fn regress(opts: &Options) -> Result<Report, String> {
    let paths = fixture::find(&opts.dir)?;
    if paths.is_empty() {
        return Err(format!(
            "regress: no *.answers file under {}",
            opts.dir.display()
        ));
    }
    let mut files = Vec::new();
    let mut mismatches = Vec::new();
    for p in &paths {
        let fx = fixture::load(p)?;
        let text =
            std::fs::read(&fx.puzzles).map_err(|e| format!("{}: {e}", fx.puzzles.display()))?;
        let parse = ParseOptions::new().shape(fx.shape);
        let puzzles: Vec<_> = PuzzleReader::new(&text[..], parse).collect();
        let name = fx.puzzles.display().to_string();
        if puzzles.len() != fx.answers.len() {
            mismatches.push(format!(
                "{name}: {} puzzles but {} answers in {}",
                puzzles.len(),
                fx.answers.len(),
                fx.answers_path.display()
            ));
        }
        let human = if fx.human {
            fixture::load_human(&fx.human_path)?
        } else {
            None
        };
        if fx.human && !opts.bless && opts.algos.contains(&Algorithm::Human) {
            match &human {
                None => mismatches.push(format!(
                    "{name}: marked `# human` but {} is missing (run with --bless)",
                    fx.human_path.display()
                )),
                Some(h) if h.len() != puzzles.len() => mismatches.push(format!(
                    "{name}: {} puzzles but {} lines in {}",
                    puzzles.len(),
                    h.len(),
                    fx.human_path.display()
                )),
                _ => {}
            }
        }
        files.push(Loaded {
            fx,
            name,
            puzzles,
            human,
        });
    }
    // Every (file, algorithm, puzzle) is one job.
    let mut jobs = Vec::new();
    for (fi, f) in files.iter().enumerate() {
        for &algo in &opts.algos {
            if f.fx.skip.contains(&algo) || (algo == Algorithm::Human && !f.fx.human) {
                continue;
            }
            for pi in 0..f.puzzles.len().min(f.fx.answers.len()) {
                jobs.push((fi, algo, pi));
            }
        }
    }
    let verdicts: Vec<Verdict> = jobs
        .par_iter()
        .map(|&(fi, algo, pi)| check(&files[fi], fi, algo, pi, opts.bless))
        .collect();
    let mut rows: Vec<Row> = Vec::new();
    for v in &verdicts {
        let name = &files[v.file].name;
        let row = match rows
            .iter_mut()
            .find(|r| &r.file == name && r.algo == v.algo)
        {
            Some(r) => r,
            None => {
                rows.push(Row {
                    file: name.clone(),
                    algo: v.algo,
                    puzzles: 0,
                    passed: 0,
                    failed: 0,
                    seconds: 0.0,
                });
                rows.last_mut().expect("just pushed")
            }
        };
        row.puzzles += 1;
        row.seconds += v.seconds;
        if v.ok {
            row.passed += 1;
        } else {
            row.failed += 1;
        }
        if let Some(d) = &v.detail {
            mismatches.push(d.clone());
        }
    }
    if opts.bless && opts.algos.contains(&Algorithm::Human) {
        for (fi, f) in files.iter().enumerate() {
            if !f.fx.human {
                continue;
            }
            let mut text = String::from(
                "# The human solver's status and technique counts, one line per puzzle.\n\
                 # Written by `cargo xtask regress --bless`; review the diff before committing.\n",
            );
            for v in verdicts
                .iter()
                .filter(|v| v.file == fi && v.algo == Algorithm::Human)
            {
                text.push_str(v.human_line.as_deref().unwrap_or("invalid"));
                text.push('\n');
            }
            std::fs::write(&f.fx.human_path, text)
                .map_err(|e| format!("{}: {e}", f.fx.human_path.display()))?;
            println!("blessed {}", f.fx.human_path.display());
        }
    }
    let mut se = Vec::new();
    for f in files.iter().filter(|f| f.fx.se && opts.se) {
        se.push(check_se(f, &mut mismatches)?);
    }
    Ok(Report {
        rows,
        mismatches,
        se,
    })
}

/// Runs one puzzle through one algorithm and compares with the expectations.
fn check(f: &Loaded, fi: usize, algo: Algorithm, pi: usize, bless: bool) -> Verdict {
    let expected = &f.fx.answers[pi];
    let mut v = Verdict {
        file: fi,
        algo,
        ok: true,
        detail: None,
        seconds: 0.0,
        human_line: None,
    };
    let mut fail = |why: String, got: String| {
        let line = match &f.puzzles[pi] {
            Ok(p) => p.line,
            Err(e) => e.line,
        };
        let puzzle = match &f.puzzles[pi] {
            Ok(p) => Record::of_parsed(p, &Symbols::standard())
                .puzzle
                .unwrap_or_default(),
            Err(_) => "(unreadable)".into(),
        };
        v.ok = false;
        v.detail = Some(format!(
            "MISMATCH {}:{line} (puzzle {pi}) algo {}: {why}\n  puzzle:   {puzzle}\n  expected: {expected}\n  got:      {got}",
            f.name,
            algo.name()
        ));
    };
    let p = match (&f.puzzles[pi], expected) {
        (Err(e), Expected::Invalid(m)) => {
            if &e.to_string() != m {
                fail("another parse error".into(), format!("invalid {e}"));
            }
            v.human_line = Some("invalid".into());
            return v;
        }
        (Err(e), _) => {
            fail("the puzzle did not parse".into(), format!("invalid {e}"));
            return v;
        }
        (Ok(_), Expected::Invalid(_)) => {
            fail("the puzzle parsed".into(), "a puzzle".into());
            return v;
        }
        (Ok(p), _) => p,
    };
    let start = Instant::now();
    let out = puzzle::solve(p, algo, &SolveOptions::default());
    v.seconds = start.elapsed().as_secs_f64();
    let sym = Symbols::standard();
    let got = match &out.solution {
        Some(s) => format!("{} {}", out.status.name(), format_line(s, &sym)),
        None => out.status.name().to_string(),
    };
    // Any solution reported must keep the givens, follow the rules and, for a position,
    // keep every cell within its marks.
    if let Some(s) = &out.solution {
        let in_marks = p
            .marks()
            .is_none_or(|marks| s.values().iter().zip(marks).all(|(&v, m)| m.contains(v)));
        if !s.is_solution_of(p.grid()) || !in_marks {
            fail(
                "the solution breaks the rules, the givens or the marks".into(),
                got,
            );
            return v;
        }
    }
    if algo == Algorithm::Human {
        let line = human_line(&out);
        v.human_line = Some(line.clone());
        // The human solver never guesses: when it solves, it must find the answer.
        let consistent = match (out.status, expected) {
            (Status::Solved, Expected::Solved(s)) => {
                out.solution.as_ref().map(|g| format_line(g, &sym)) == Some(s.clone())
            }
            (Status::Solved, _) => false,
            (Status::Unsolvable, Expected::Solved(_) | Expected::Multiple) => false,
            _ => true,
        };
        if !consistent {
            fail("the human solver contradicts the answer".into(), got);
            return v;
        }
        // `rate --level-only` gives the same status, solution and level, and the counts
        // of the whole solve or (stopped early) a part of them.
        if let Some(why) = level_only_differs(p, &out) {
            fail(format!("--level-only differs: {why}"), got);
            return v;
        }
        if !bless {
            let want = f.human.as_ref().and_then(|h| h.get(pi));
            if want != Some(&line) {
                let want = want.cloned().unwrap_or_else(|| "(none)".into());
                v.ok = false;
                v.detail = Some(format!(
                    "MISMATCH {}:{} (puzzle {pi}) algo human: techniques differ\n  expected: {want}\n  got:      {line}",
                    f.name, p.line
                ));
            }
        }
        return v;
    }
    let good = match expected {
        Expected::Solved(s) => {
            out.status == Status::Solved
                && out
                    .solution
                    .as_ref()
                    .map(|g| format_line(g, &sym))
                    .as_deref()
                    == Some(s)
        }
        Expected::Multiple => out.status == Status::Multiple,
        Expected::Unsolvable => out.status == Status::Unsolvable,
        Expected::Invalid(_) => false,
    };
    if !good {
        fail("wrong answer".into(), got);
    }
    v
}

/// The fixtures directory of this repository (for tests).
#[cfg(test)]
fn repo_fixtures() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn copy_seed(dir: &Path) {
        let src = repo_fixtures().join("seed");
        std::fs::create_dir_all(dir).unwrap();
        for f in ["sample.txt", "sample.answers"] {
            std::fs::copy(src.join(f), dir.join(f)).unwrap();
        }
    }

    fn opts(dir: &Path) -> Options {
        Options {
            dir: dir.to_path_buf(),
            algos: vec![Algorithm::Fast, Algorithm::Full],
            bless: false,
            se: false,
        }
    }

    /// A `# se` fixture whose serate rating is altered fails; the untouched one passes.
    #[test]
    fn regress_fails_when_a_sudoku_explainer_rating_differs() {
        let dir = std::env::temp_dir().join(format!("numpl-regress-se-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let src = repo_fixtures().join("se");
        for f in ["17-clue.txt", "17-clue.answers", "17-clue.se"] {
            std::fs::copy(src.join(f), dir.join(f)).unwrap();
        }
        let opts = Options {
            algos: vec![Algorithm::Fast],
            se: true,
            ..opts(&dir)
        };
        let ok = regress(&opts).unwrap();
        assert!(ok.mismatches.is_empty(), "{:?}", ok.mismatches);
        assert_eq!(ok.se[0].exact, 40);
        let se = dir.join("17-clue.se");
        let text = std::fs::read_to_string(&se).unwrap();
        let first = text
            .lines()
            .find(|l| !l.starts_with('#'))
            .unwrap()
            .to_string();
        std::fs::write(&se, text.replacen(&first, "9.9/9.9/9.9", 1)).unwrap();
        let bad = regress(&opts).unwrap();
        assert_eq!(bad.mismatches.len(), 1, "{:?}", bad.mismatches);
        assert!(bad.mismatches[0].contains("another rating than serate's"));
        assert_eq!((bad.se[0].exact, bad.se[0].failed), (39, 1));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn regress_fails_when_an_expected_solution_is_wrong() {
        let dir = std::env::temp_dir().join(format!("numpl-regress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_seed(&dir);
        // The untouched copy passes...
        let ok = regress(&opts(&dir)).unwrap();
        assert!(ok.mismatches.is_empty(), "{:?}", ok.mismatches);
        assert_eq!(ok.rows.iter().map(|r| r.passed).sum::<usize>(), 2);
        // ...and one altered digit in the expected solution fails for every algorithm.
        let answers = dir.join("sample.answers");
        let text = std::fs::read_to_string(&answers).unwrap();
        let altered = text.replacen("solved 8214", "solved 8215", 1);
        assert_ne!(altered, text, "the seed's answer starts 8214");
        std::fs::write(&answers, altered).unwrap();
        let bad = regress(&opts(&dir)).unwrap();
        assert_eq!(bad.mismatches.len(), 2, "{:?}", bad.mismatches);
        assert!(
            bad.mismatches[0].contains("wrong answer"),
            "{}",
            bad.mismatches[0]
        );
        assert!(bad.rows.iter().all(|r| r.failed == 1 && r.passed == 0));
        let args = crate::RegressArgs {
            dir: Some(dir.clone()),
            algos: Some(vec![Algorithm::Fast]),
            bless: false,
        };
        assert!(run(&args).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The fixtures themselves, through every algorithm: plain `cargo test` catches a
    /// regression too, not only `cargo xtask regress fixtures/`.
    #[test]
    fn every_fixture_passes() {
        let report = regress(&Options {
            dir: repo_fixtures(),
            algos: Algorithm::ALL.to_vec(),
            bless: false,
            // numpl-solve's tests/se.rs and `cargo xtask regress` check the ratings.
            se: false,
        })
        .unwrap();
        assert!(
            report.mismatches.is_empty(),
            "{} mismatches, the first: {}",
            report.mismatches.len(),
            report.mismatches[0]
        );
        let puzzles: usize = report.rows.iter().map(|r| r.passed).sum();
        assert!(
            puzzles > 100,
            "only {puzzles} puzzle runs: are the fixtures there?"
        );
    }

    #[test]
    fn table_never_divides_by_zero() {
        let t = table(&[Row {
            file: "x".into(),
            algo: Algorithm::Fast,
            puzzles: 0,
            passed: 0,
            failed: 0,
            seconds: 0.0,
        }]);
        assert!(!t.contains("NaN") && !t.contains("inf"), "{t}");
    }
}
