//! The fixture format (documented in fixtures/README.md).
//!
//! - `NAME.txt`: puzzles, in any format numpl reads.
//! - `NAME.answers`: the expected answer of each puzzle, one line each, in input order:
//!   `solved <solution in line form>`, `multiple`, `unsolvable`, or `invalid <message>`
//!   (the message as numpl-core prints a parse error: `line N: ...`). Header lines:
//!   `# box: RxC` (read with that box shape), `# skip: ALGO ... (reason)` (algorithms that do
//!   not apply), `# human` (the file has human-solver expectations in `NAME.human`).
//!   Other lines starting with `#` and blank lines are comments.
//! - `NAME.se` (with the header `# se`): Sudoku Explainer's rating of each puzzle as
//!   serate 1.2.1.3 prints it, `ER/EP/ED` (`20.0/...` when SE finds no step).
//! - `NAME.human`: one line per puzzle: the human solver's status and its technique counts,
//!   `solved naked_single=40 hidden_single=12`; written by `cargo xtask regress --bless`.

use std::path::{Path, PathBuf};

use numpl_core::Shape;
use numpl_solve::Algorithm;

/// What one puzzle must give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Expected {
    Solved(String),
    Multiple,
    Unsolvable,
    Invalid(String),
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Solved(s) => write!(f, "solved {s}"),
            Expected::Multiple => f.write_str("multiple"),
            Expected::Unsolvable => f.write_str("unsolvable"),
            Expected::Invalid(m) => write!(f, "invalid {m}"),
        }
    }
}

/// One fixture file with its answers.
#[derive(Clone, Debug)]
pub(crate) struct Fixture {
    pub(crate) puzzles: PathBuf,
    pub(crate) answers_path: PathBuf,
    pub(crate) human_path: PathBuf,
    pub(crate) shape: Option<Shape>,
    pub(crate) skip: Vec<Algorithm>,
    pub(crate) human: bool,
    /// `# se`: serate's ratings in `NAME.se`.
    pub(crate) se: bool,
    pub(crate) answers: Vec<Expected>,
}

/// Reads `NAME.answers` (and names `NAME.txt`, `NAME.human` beside it).
pub(crate) fn load(answers_path: &Path) -> Result<Fixture, String> {
    let text = std::fs::read_to_string(answers_path)
        .map_err(|e| format!("{}: {e}", answers_path.display()))?;
    let mut fx = Fixture {
        puzzles: answers_path.with_extension("txt"),
        answers_path: answers_path.to_path_buf(),
        human_path: answers_path.with_extension("human"),
        shape: None,
        skip: Vec::new(),
        human: false,
        se: false,
        answers: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let where_ = || format!("{}:{}", answers_path.display(), i + 1);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix('#') {
            let rest = rest.trim();
            if let Some(b) = rest.strip_prefix("box:") {
                let s = b.trim().parse().map_err(|e| format!("{}: {e}", where_()))?;
                fx.shape = Some(s);
            } else if let Some(s) = rest.strip_prefix("skip:") {
                for word in s.split_whitespace().take_while(|w| !w.starts_with('(')) {
                    let a = word
                        .trim_end_matches(',')
                        .parse()
                        .map_err(|e| format!("{}: {e}", where_()))?;
                    fx.skip.push(a);
                }
            } else if rest == "human" {
                fx.human = true;
            } else if rest == "se" {
                fx.se = true;
            }
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let e = match word {
            "solved" if !rest.is_empty() => Expected::Solved(rest.trim().to_string()),
            "multiple" => Expected::Multiple,
            "unsolvable" => Expected::Unsolvable,
            "invalid" if !rest.is_empty() => Expected::Invalid(rest.trim().to_string()),
            _ => return Err(format!("{}: cannot read answer `{line}`", where_())),
        };
        fx.answers.push(e);
    }
    Ok(fx)
}

/// The human expectations of a fixture (one line per puzzle), if the file exists.
pub(crate) fn load_human(path: &Path) -> Result<Option<Vec<String>>, String> {
    match std::fs::read_to_string(path) {
        Ok(t) => Ok(Some(
            t.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect(),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Every `*.answers` file under `dir`, sorted.
pub(crate) fn find(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for e in entries {
            let p = e.map_err(|e| e.to_string())?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "answers") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}
