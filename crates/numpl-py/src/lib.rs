//! numpl-py: the Python module `numpl`, a thin layer over numpl-core, numpl-solve and
//! numpl-gen built with PyO3 (as one abi3 wheel for CPython 3.9 and later, by maturin).
//!
//! What Python sees (documented for users in `README.md` and in the type stubs
//! `python/numpl/_numpl.pyi`):
//! - one puzzle: `solve`, `rate`, `hint`, `explain`, `count`, each returning a dict with the
//!   fields of the CLI's JSON record for that command (no `file`, no `line`); a puzzle that
//!   cannot be read raises `ValueError` with numpl-core's message, the one the CLI prints
//!   after the file name (`line 1: conflicting givens: r1c1 and r1c5 both hold 5`);
//! - batches: `solve_many`, `rate_many` over any iterable of strings, one dict per input in
//!   input order (with `index`), a bad puzzle giving a dict with status `invalid` and
//!   `error`; the interpreter is released while rayon works on them;
//! - `generate`: a list of dicts, the same for the same seed and options;
//! - `solve_array`: a 2-D integer NumPy array in, solutions and status codes out.
//!
//! The Python-side package (`python/numpl/`) re-exports this module and adds `numpl.dask`.
//!
//! Layout: `records` builds the records in plain Rust (so batches build them in parallel
//! without the interpreter), `work` reads puzzle strings, runs pools and stops panics at the
//! boundary (every library call runs under `catch_unwind`: a panic becomes a `RuntimeError`,
//! or an `invalid` record in a batch), `array` is the NumPy path, and `options` is the only
//! place that builds the libraries' option structs.
//!
//! No `unsafe` here: `#![forbid(unsafe_code)]`. PyO3's macros (`#[pyfunction]`,
//! `#[pymodule]`) expand to `unsafe` FFI glue inside this crate, but the lint leaves code
//! made by another crate's macros alone, so only this crate's own code is held to it.

#![forbid(unsafe_code)]

mod array;
mod options;
mod records;
mod work;

use numpl_core::Shape;
use numpl_gen::{Generator, Level, MaxTechnique, Symmetry, Technique};
use numpl_solve::{Algorithm, SolveOptions};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};
use rayon::prelude::*;

use numpl_record::{Record, Value};
use work::{guard, in_stretches, parse, Pool};

fn value_error(msg: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(msg.to_string())
}

/// A size or box shape as Python gives it: an int N (the most square boxes) or a string
/// `"N"` or `"RxC"`. Read by [`size_arg`] and [`box_arg`] (`from_py_with`), so that a value
/// of another type is a `TypeError` naming the argument and what it takes.
enum ShapeArg {
    Int(i64),
    Text(String),
}

/// `obj` as a [`ShapeArg`]; a `TypeError` naming the argument `name` for anything but an
/// int or a string.
fn shape_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<ShapeArg> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(ShapeArg::Text(s.to_cow()?.into_owned()));
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        // An int too large for i64 is read as text, to be refused as a size.
        return Ok(match obj.extract::<i64>() {
            Ok(n) => ShapeArg::Int(n),
            Err(_) => ShapeArg::Text(obj.to_string()),
        });
    }
    let ty = obj
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    Err(PyTypeError::new_err(format!(
        "{name} must be an int N (such as 9 or 16) or a string \"N\" or \"RxC\" (such as \
         \"2x3\"), got {ty}"
    )))
}

/// `generate`'s `size`.
fn size_arg(obj: &Bound<'_, PyAny>) -> PyResult<ShapeArg> {
    shape_arg(obj, "size")
}

/// A `box` argument: `None` (the most square boxes of the puzzle's size) or a shape.
/// A puzzle argument: its text, or a variant puzzle as a dict (numpl's variant record,
/// docs/FORMATS.md "Variant puzzles"), read as that record's JSON.
fn puzzle_arg(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if obj.cast::<PyDict>().is_ok() {
        let json = obj.py().import("json")?;
        return json.call_method1("dumps", (obj,))?.extract();
    }
    Err(PyTypeError::new_err(format!(
        "a puzzle is a string, or a dict for a variant puzzle, not {}",
        obj.get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string())
    )))
}

fn box_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<ShapeArg>> {
    if obj.is_none() {
        Ok(None)
    } else {
        shape_arg(obj, "box").map(Some)
    }
}

impl ShapeArg {
    fn shape(&self) -> PyResult<Shape> {
        match self {
            ShapeArg::Int(n) => {
                let n = usize::try_from(*n)
                    .map_err(|_| value_error(format!("size {n} is not allowed")))?;
                Shape::from_size(n).map_err(|e| value_error(e.to_string()))
            }
            ShapeArg::Text(s) => s
                .parse()
                .map_err(|e: numpl_core::ShapeError| value_error(e.to_string())),
        }
    }
}

fn shape_opt(a: Option<ShapeArg>) -> PyResult<Option<Shape>> {
    a.map(|a| a.shape()).transpose()
}

/// A non-negative integer option: negative numbers are a `ValueError`.
fn natural(v: i64, name: &str) -> PyResult<u64> {
    u64::try_from(v).map_err(|_| value_error(format!("{name} must be at least 0, got {v}")))
}

fn to_usize(v: u64) -> PyResult<usize> {
    usize::try_from(v).map_err(|_| value_error(format!("{v} is too large")))
}

/// The pool of `threads` worker threads: `None` is one per core; 0 and negative numbers
/// are a `ValueError` (as the CLI's `--threads 0`), one message for both.
fn threads(t: Option<i64>) -> PyResult<Pool> {
    let t = match t {
        None => None,
        Some(t) if t < 1 => {
            return Err(value_error(format!(
                "threads must be at least 1 (or None for one per core), got {t}"
            )))
        }
        Some(t) => Some(usize::try_from(t).unwrap_or(usize::MAX)),
    };
    Pool::new(t).map_err(value_error)
}

fn algo(name: &str) -> PyResult<Algorithm> {
    name.parse().map_err(value_error)
}

/// Records as a list of dicts, in order.
fn to_list<'py>(py: Python<'py>, recs: &[Record]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for r in recs {
        list.append(to_dict(py, r)?)?;
    }
    Ok(list)
}

/// The record as a dict, fields in the record's order.
fn to_dict<'py>(py: Python<'py>, rec: &Record) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in rec.fields() {
        match v {
            Value::Int(n) => d.set_item(k, n)?,
            Value::Str(s) => d.set_item(k, s)?,
            Value::Bool(b) => d.set_item(k, b)?,
            Value::Counts(c) => {
                let t = PyDict::new(py);
                for (name, n) in &c.0 {
                    t.set_item(name.as_ref(), *n)?;
                }
                d.set_item(k, t)?;
            }
            Value::List(l) => d.set_item(k, PyList::new(py, l)?)?,
            Value::Json(j) => {
                let json = py.import("json")?;
                d.set_item(k, json.call_method1("loads", (j.to_string(),))?)?
            }
            // A kind of value newer than this module: its JSON text.
            _ => d.set_item(k, format!("{v:?}"))?,
        }
    }
    Ok(d)
}

/// `rate`'s options: the techniques turned on or off, and `level_only`, which needs brute
/// force (as `numpl rate --level-only`).
/// `scale`: `"hodoku"` (the default) or `"se"` (Sudoku Explainer), whether it is SE's;
/// HoDoKu's options with SE's scale are a `ValueError`, as on the command line.
fn se_scale(
    scale: &str,
    (enable, disable, level_only): (Option<&Bound<'_, PyAny>>, Option<&Bound<'_, PyAny>>, bool),
) -> PyResult<bool> {
    match scale {
        "hodoku" => Ok(false),
        "se" if enable.is_some() || disable.is_some() || level_only => Err(value_error(
            "enable, disable and level_only are HoDoKu's options: not with scale=\"se\"",
        )),
        "se" => Ok(true),
        other => Err(value_error(format!(
            "unknown scale {other:?}: \"hodoku\" or \"se\""
        ))),
    }
}

fn rating(
    enable: Option<&Bound<'_, PyAny>>,
    disable: Option<&Bound<'_, PyAny>>,
    level_only: bool,
) -> PyResult<SolveOptions> {
    let techniques = techniques(enable, disable)?;
    if level_only && techniques.contains(&(Technique::BruteForce, false)) {
        return Err(value_error(
            "level_only needs brute force as the last resort: with logic only, whether a \
             puzzle ends solved or stuck needs the whole solve",
        ));
    }
    Ok(options::rating(&techniques, level_only))
}

/// `enable` and `disable`: technique names (as `max_technique` takes them), a list of
/// strings or one comma-separated string, as (technique, on) pairs; a technique in both is
/// an error, as on the command line.
fn techniques(
    enable: Option<&Bound<'_, PyAny>>,
    disable: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(Technique, bool)>> {
    let names = |arg: Option<&Bound<'_, PyAny>>, what: &str| -> PyResult<Vec<Technique>> {
        let Some(arg) = arg else {
            return Ok(Vec::new());
        };
        let list: Vec<String> = match arg.extract::<String>() {
            Ok(s) => s.split(',').map(str::to_string).collect(),
            Err(_) => arg.extract::<Vec<String>>().map_err(|_| {
                value_error(format!(
                    "{what} must be a technique name, a comma-separated string of them or a \
                     list of them, got {arg}"
                ))
            })?,
        };
        list.iter()
            .map(|n| n.parse::<Technique>().map_err(value_error))
            .collect()
    };
    let on = names(enable, "enable")?;
    let off = names(disable, "disable")?;
    if let Some(t) = on.iter().find(|t| off.contains(t)) {
        return Err(value_error(format!(
            "enable {t} and disable {t} contradict: give the technique to one of them"
        )));
    }
    Ok(on
        .into_iter()
        .map(|t| (t, true))
        .chain(off.into_iter().map(|t| (t, false)))
        .collect())
}

/// Reads one puzzle and runs `f` on it with the interpreter released: the dict, a
/// `ValueError` for a puzzle that cannot be read, a `RuntimeError` for a bug.
fn one<'py>(
    py: Python<'py>,
    puzzle: &str,
    shape: Option<Shape>,
    f: impl FnOnce(&numpl_core::Parsed) -> Record + Send,
) -> PyResult<Bound<'py, PyDict>> {
    let g = parse(puzzle, shape).map_err(value_error)?;
    let rec = py
        .detach(|| guard(|| f(&g)))
        .map_err(PyRuntimeError::new_err)?;
    to_dict(py, &rec)
}

/// Solve one puzzle.
///
/// `puzzle` is one puzzle as text: a line of N*N symbols (`1`-`9`, `A`-`Z`; `.` or `0` for a
/// blank) or a grid, one row a line; or a position with pencil marks: a line of N*N*N
/// symbols (each cell's N places) or the pencil-mark grid `numpl show --format detail`
/// prints. A position is solved within its marks, and hints and ratings start from it.
/// A variant puzzle (killer, jigsaw, thermo, ...) is numpl's variant record, as a dict or
/// its JSON text, or an ISS constraint string (docs/FORMATS.md, "Variant puzzles"); its
/// record carries the rules as `variant`; `rate`, `hint` and `explain` take it with
/// numpl's variant techniques. `algo` is `"fast"` (bitmask search), `"full"` (the
/// plain backtracking search, bounded) or `"human"` (techniques only). `first` stops at the
/// first solution without checking uniqueness; `budget` stops `fast` and `full` after that
/// many search nodes (status `budget`); `box` fixes the box shape (`"2x3"`).
///
/// Returns the CLI's JSON record as a dict: `size`, `box`, `puzzle`, `status` (`solved`,
/// `multiple`, `unsolvable`, `stuck`, `budget`), `solution` (solved; one of them when
/// multiple), `grid` (stuck), `algo`, `guesses` and `nodes` (searches), `micros`, and for
/// `human` `techniques`, `level`, `score`. Raises `ValueError` when the puzzle cannot be
/// read, with the message the CLI prints.
#[pyfunction]
#[pyo3(signature = (puzzle, algo = "fast", first = false, r#box = None, *, budget = None))]
fn solve<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = puzzle_arg)] puzzle: String,
    algo: &str,
    first: bool,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    budget: Option<i64>,
) -> PyResult<Bound<'py, PyDict>> {
    let a = self::algo(algo)?;
    let budget = budget.map(|b| natural(b, "budget")).transpose()?;
    one(py, &puzzle, shape_opt(r#box)?, |g| {
        records::solved(g, a, first, budget)
    })
}

/// Rate one puzzle with the human solver: `status`, `techniques` (how often each was used,
/// in order of difficulty), `level` and `score` (HoDoKu's scale), and `solution` or `grid`.
/// `enable` / `disable`: techniques turned on or off (names as `max_technique` takes
/// them, a list or a comma-separated string; `disable="brute_force"`: logic only).
/// `level_only=True` (as `numpl rate --level-only`) stops as soon as the level is certain:
/// the same level, but a puzzle found extreme part way has no `score` or `techniques`;
/// it needs brute force (not with `disable="brute_force"`).
/// `scale="se"` (as `numpl rate --scale se`) rates on Sudoku Explainer's scale instead:
/// `er`, `ep`, `ed` (strings such as `"7.5"`, as serate prints them) and the technique
/// behind each (`er_technique`, ...); 9x9 only; not with `enable`, `disable` or
/// `level_only`, which are HoDoKu's.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, *, enable = None, disable = None, level_only = false, scale = "hodoku"))]
fn rate<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = puzzle_arg)] puzzle: String,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    enable: Option<&Bound<'py, PyAny>>,
    disable: Option<&Bound<'py, PyAny>>,
    level_only: bool,
    scale: &str,
) -> PyResult<Bound<'py, PyDict>> {
    if se_scale(scale, (enable, disable, level_only))? {
        return one(py, &puzzle, shape_opt(r#box)?, records::rated_se);
    }
    let opts = rating(enable, disable, level_only)?;
    one(py, &puzzle, shape_opt(r#box)?, |g| records::rated(g, &opts))
}

/// The next logical step of one puzzle: `hint` describes it
/// (`"Hidden Single: r8c3 = 1 (only place for 1 in column 3)"`). When there is none,
/// `hint` is absent and `status` says why, as `rate` would end: `solved` (the grid is full),
/// `multiple` or `stuck` (no technique applies), `unsolvable` or `budget`.
/// `enable` / `disable` as for `rate`. `scale="se"`: the step Sudoku Explainer (serate
/// 1.2.1.3) takes first, with its SE difficulty (`"Pointing (2.6) => r7c6 <> 5"`); a
/// puzzle with one solution, 9x9; not with `enable` or `disable`.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, *, enable = None, disable = None, scale = "hodoku"))]
fn hint<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = puzzle_arg)] puzzle: String,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    enable: Option<&Bound<'py, PyAny>>,
    disable: Option<&Bound<'py, PyAny>>,
    scale: &str,
) -> PyResult<Bound<'py, PyDict>> {
    if se_scale(scale, (enable, disable, false))? {
        return one(py, &puzzle, shape_opt(r#box)?, records::hinted_se);
    }
    human_one(py, (&puzzle, r#box), (enable, disable), records::hinted)
}

/// Every step of a logical solution of one puzzle: the fields of `rate` and `steps`, a list
/// of step descriptions in order. `enable` / `disable` as for `rate`. `scale="se"`: Sudoku
/// Explainer's path, each step with its SE difficulty, and the fields of
/// `rate(scale="se")`; not with `enable` or `disable`.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, *, enable = None, disable = None, scale = "hodoku"))]
fn explain<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = puzzle_arg)] puzzle: String,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    enable: Option<&Bound<'py, PyAny>>,
    disable: Option<&Bound<'py, PyAny>>,
    scale: &str,
) -> PyResult<Bound<'py, PyDict>> {
    if se_scale(scale, (enable, disable, false))? {
        return one(py, &puzzle, shape_opt(r#box)?, records::explained_se);
    }
    human_one(py, (&puzzle, r#box), (enable, disable), records::explained)
}

/// A human-solver function of one puzzle (`hint`, `explain`): its techniques turned on and
/// off, then `f`'s record of the puzzle.
fn human_one<'py>(
    py: Python<'py>,
    (puzzle, r#box): (&str, Option<ShapeArg>),
    (enable, disable): (Option<&Bound<'py, PyAny>>, Option<&Bound<'py, PyAny>>),
    f: fn(&numpl_core::Parsed, &SolveOptions) -> Record,
) -> PyResult<Bound<'py, PyDict>> {
    let opts = options::human(&techniques(enable, disable)?);
    one(py, puzzle, shape_opt(r#box)?, |g| f(g, &opts))
}

/// Count the solutions of one puzzle, stopping at `limit`: `count` (at most `limit`) and
/// `status` (`unsolvable` for 0, `solved` for 1, `multiple` for more).
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 2, r#box = None))]
fn count<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = puzzle_arg)] puzzle: String,
    limit: i64,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
) -> PyResult<Bound<'py, PyDict>> {
    if limit < 1 {
        return Err(value_error(format!(
            "limit must be at least 1, got {limit}"
        )));
    }
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    one(py, &puzzle, shape_opt(r#box)?, |g| {
        records::counted(g, limit)
    })
}

/// The batch input: each puzzle's text, or why an item is not a puzzle string. A string
/// with no content (every line of it blank or a `#` comment, as the CLI skips such lines
/// of a file) is no puzzle and is left out: `solve_many(open(path))` gives one record per
/// puzzle of the file, and `index` counts the puzzles.
fn texts(puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<Result<String, String>>> {
    let mut out = Vec::new();
    for item in puzzles.try_iter()? {
        let item = item?;
        out.push(match item.cast::<PyString>() {
            Ok(s) => match s.to_cow() {
                Ok(text) if !work::has_content(&text) => continue,
                Ok(text) => Ok(text.into_owned()),
                Err(e) => Err(e.to_string()),
            },
            Err(_) if item.cast::<PyDict>().is_ok() => puzzle_arg(&item).map_err(|e| e.to_string()),
            Err(_) => Err(format!(
                "not a string: {}",
                item.get_type()
                    .name()
                    .map_or_else(|_| "?".to_string(), |n| n.to_string())
            )),
        });
    }
    Ok(out)
}

/// Runs `f` on every input in parallel with the interpreter released; one dict per input,
/// in input order, with `index`.
fn many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    pool: Pool,
    shape: Option<Shape>,
    algo: Option<Algorithm>,
    stretch: usize,
    f: impl Fn(&numpl_core::Parsed) -> Record + Sync + Send,
) -> PyResult<Bound<'py, PyList>> {
    let recs = many_records(py, puzzles, pool, shape, algo, stretch, f)?;
    to_list(py, &recs)
}

/// [`many`]'s records, before they become dicts.
fn many_records<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    pool: Pool,
    shape: Option<Shape>,
    algo: Option<Algorithm>,
    stretch: usize,
    f: impl Fn(&numpl_core::Parsed) -> Record + Sync + Send,
) -> PyResult<Vec<Record>> {
    let items = texts(puzzles)?;
    let recs: Vec<Record> = in_stretches(py, 0..items.len(), stretch, |range| {
        pool.install(|| {
            items[range.clone()]
                .par_iter()
                .zip(range)
                .map(|(item, i)| {
                    let rec = match item {
                        Ok(text) => match parse(text, shape) {
                            Ok(g) => guard(|| f(&g)).unwrap_or_else(|e| records::invalid(&e, algo)),
                            Err(e) => records::invalid(&e, algo),
                        },
                        Err(e) => records::invalid(e, algo),
                    };
                    rec.at(i as u64)
                })
                .collect()
        })
    })?;
    Ok(recs)
}

/// With `unique`: the records whose `canon` was not seen in an earlier one (records
/// without `canon`, invalid ones, are all kept).
fn first_of_each_class(recs: Vec<Record>, unique: bool) -> Vec<Record> {
    if !unique {
        return recs;
    }
    let mut seen = std::collections::HashSet::new();
    recs.into_iter()
        .filter(|r| {
            let canon = r.fields().into_iter().find_map(|(k, v)| match (k, v) {
                ("canon", Value::Str(s)) => Some(s.to_string()),
                _ => None,
            });
            canon.is_none_or(|c| seen.insert(c))
        })
        .collect()
}

/// `test_fraction` and `seed` as a split, checked.
fn split_arg(test_fraction: Option<f64>, seed: u64) -> PyResult<Option<(u64, f64)>> {
    match test_fraction {
        None => Ok(None),
        Some(f) if (0.0..=1.0).contains(&f) => Ok(Some((seed, f))),
        Some(f) => Err(value_error(format!(
            "test_fraction must be from 0 to 1, got {f}"
        ))),
    }
}

/// The minlex (canonical) form of one puzzle under the whole symmetry group (bands, rows
/// in bands, stacks, columns in stacks, transposition for square boxes, relabelling), as
/// `numpl canon --format json`: `size`, `box`, `puzzle`, `canon` (the form, in line form)
/// and `transform` (maps the puzzle to its form: `"3x3 t r=... c=... d=..."`). Equivalent
/// puzzles have the same `canon`. Raises `ValueError` for a puzzle that cannot be read.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None))]
fn canon<'py>(
    py: Python<'py>,
    puzzle: &str,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
) -> PyResult<Bound<'py, PyDict>> {
    one(py, puzzle, shape_opt(r#box)?, |g| {
        records::canonical(g, None)
    })
}

/// Canonical forms of many puzzles in parallel, in input order, each dict with `index` and
/// the fields of `canon` (or status `"invalid"` and `error`). `unique=True` keeps only the
/// first puzzle of each class; `test_fraction` (0 to 1) adds `split` (`"train"` or
/// `"test"`), a seeded side per class (`seed`), as `numpl canon --test-fraction`.
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None, *, r#box = None, unique = false, test_fraction = None, seed = 0))]
#[allow(clippy::too_many_arguments)]
fn canon_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<i64>,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    unique: bool,
    test_fraction: Option<f64>,
    seed: u64,
) -> PyResult<Bound<'py, PyList>> {
    let split = split_arg(test_fraction, seed)?;
    let pool = self::threads(threads)?;
    let recs = many_records(py, puzzles, pool, shape_opt(r#box)?, None, 8192, |g| {
        records::canonical(g, split)
    })?;
    to_list(py, &first_of_each_class(recs, unique))
}

/// Data-set rows of many puzzles in parallel, in input order, as `numpl dataset --format
/// json`: `index`, `puzzle`, `status`, `solution`, `nodes` and `guesses` (the fast search,
/// up to two solutions), `backtracks` (9x9: tdoku's backtrack count), `techniques`, `level`, `score` (the human solver's rating, for a
/// puzzle with one solution), `givens`, `canon`, `transform`, `micros`, and with
/// `test_fraction` `split`. `unique=True` keeps the first puzzle of each class.
/// `enable` / `disable` as for `rate`; `budget` limits the search's nodes. `se=True` adds
/// Sudoku Explainer's `er`, `ep`, `ed` and their techniques (slow on hard puzzles).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None, *, r#box = None, unique = false, test_fraction = None, seed = 0, enable = None, disable = None, budget = None, se = false))]
#[allow(clippy::too_many_arguments)]
fn dataset_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<i64>,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    unique: bool,
    test_fraction: Option<f64>,
    seed: u64,
    enable: Option<&Bound<'py, PyAny>>,
    disable: Option<&Bound<'py, PyAny>>,
    budget: Option<i64>,
    se: bool,
) -> PyResult<Bound<'py, PyList>> {
    let split = split_arg(test_fraction, seed)?;
    let budget = budget.map(|b| natural(b, "budget")).transpose()?;
    let opts = rating(enable, disable, false)?.budget(budget);
    let extras = numpl_record::dataset::Extras::default().se(se);
    let pool = self::threads(threads)?;
    let recs = many_records(py, puzzles, pool, shape_opt(r#box)?, None, 1024, |g| {
        records::dataset_row(g, &opts, extras, split)
    })?;
    to_list(py, &first_of_each_class(recs, unique))
}

/// `copies` random equivalent copies of one puzzle, each with its solution transformed
/// alike (data-set augmentation), as `numpl augment --format json`: dicts with `puzzle`,
/// `status` (`solved`), `solution` and `transform` (from the puzzle to the copy). Copy k
/// depends only on `seed`, `index` (the puzzle's number in its data set) and k, so the
/// CLI's `numpl augment --seed S` makes the same copies of its puzzle `index`. A puzzle
/// without exactly one solution gives one dict with its status.
#[pyfunction]
#[pyo3(signature = (puzzle, copies = 1, seed = 0, index = 0, r#box = None))]
fn augment<'py>(
    py: Python<'py>,
    puzzle: &str,
    copies: i64,
    seed: u64,
    index: u64,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
) -> PyResult<Bound<'py, PyList>> {
    let copies = to_usize(natural(copies, "copies")?)?;
    let g = parse(puzzle, shape_opt(r#box)?).map_err(value_error)?;
    let recs = py
        .detach(|| guard(|| records::augmented(&g, copies, seed, index)))
        .map_err(PyRuntimeError::new_err)?;
    to_list(py, &recs)
}

/// Solve many puzzles in parallel: `puzzles` is any iterable of puzzle strings (an open
/// file too: trailing newlines are ignored, and strings that are blank or `#` comments are
/// skipped, as the CLI skips such lines); the result is one dict per puzzle, in input
/// order, each with `index` (the puzzle's place among the puzzles, from 0: skipped strings
/// are not counted) and the fields of `solve`. A puzzle that cannot be read gives `status`
/// `"invalid"` and `error` (never an exception), and so does an item that is not a string.
/// `threads`: worker threads, at least 1 (default `None`: one per core; at most 4 per
/// core).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None, algo = "fast", *, first = false, r#box = None, budget = None))]
fn solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<i64>,
    algo: &str,
    first: bool,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    budget: Option<i64>,
) -> PyResult<Bound<'py, PyList>> {
    let a = self::algo(algo)?;
    let budget = budget.map(|b| natural(b, "budget")).transpose()?;
    let pool = self::threads(threads)?;
    many(py, puzzles, pool, shape_opt(r#box)?, Some(a), 8192, |g| {
        records::solved(g, a, first, budget)
    })
}

/// Rate many puzzles in parallel: one dict per puzzle, in input order, each with `index` and
/// the fields of `rate` (or status `"invalid"` and `error`); blank and `#` comment strings
/// are skipped and `index` counts the puzzles, as for `solve_many`. `enable` / `disable`
/// `level_only` and `scale` as for `rate`.
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None, *, r#box = None, enable = None, disable = None, level_only = false, scale = "hodoku"))]
#[allow(clippy::too_many_arguments)]
fn rate_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<i64>,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    enable: Option<&Bound<'py, PyAny>>,
    disable: Option<&Bound<'py, PyAny>>,
    level_only: bool,
    scale: &str,
) -> PyResult<Bound<'py, PyList>> {
    let pool = self::threads(threads)?;
    if se_scale(scale, (enable, disable, level_only))? {
        return many(
            py,
            puzzles,
            pool,
            shape_opt(r#box)?,
            Some(Algorithm::Human),
            64,
            records::rated_se,
        );
    }
    let opts = rating(enable, disable, level_only)?;
    many(
        py,
        puzzles,
        pool,
        shape_opt(r#box)?,
        Some(Algorithm::Human),
        1024,
        |g| records::rated(g, &opts),
    )
}

/// Generate puzzles with one solution each.
///
/// `size`: 9, 16, 25, ... (the most square boxes) or `"RxC"` (`"2x3"`). `level`: `easy`,
/// `medium`, `hard`, `unfair` or `extreme`. `symmetry`: `none`, `point`, `horizontal`,
/// `vertical`, `diagonal`, `antidiagonal`, `rot90`, `dihedral`. `max_technique`: the hardest
/// technique a puzzle may need (`"hidden_single"`, `"x_wing"`, ...), `"all"` (the default)
/// or `"none"` (uniqueness only). `require`: a technique the puzzle must need. `max_tries`:
/// with a level or technique, grids dug per puzzle before giving up. `seed`: the same seed
/// and options give the same puzzles (default: a random seed, reported in every dict).
/// `enable` / `disable`: techniques turned on or off for the judge and the rating (as for
/// `rate`): no puzzle made needs a technique that is off.
/// `start`: the index of the first puzzle: puzzle `i` depends only on the seed, the options
/// and `i`, so `generate(count=5, seed=s, start=5)` is the second half of
/// `generate(count=10, seed=s)` (how `numpl.dask` splits a run).
///
/// Returns a list of `count` dicts, the records of `numpl generate --format json`: `index`,
/// `size`, `box`, `puzzle`, `status` (`solved`), `solution`, `micros`, `techniques`,
/// `level`, `score`, `givens`, `symmetry`, `seed`, `tries`, `minimal`. A puzzle that could
/// not be made within `max_tries` has `error` instead of `puzzle` .. `score`.
///
/// `variant`: `"killer"`, `"jigsaw"`, `"x"`, `"windoku"` or `"thermo"` makes variant puzzles
/// instead, as `numpl generate --variant` (unique, seeded; `level` easy, medium or hard on
/// numpl's variant scale, judged by the variant techniques; not with `require`,
/// `max_technique`, `enable` or `disable`): dicts with `puzzle` (the givens), `variant`
/// (the rules), `solution`, `level` (when the variant techniques finish it), `givens`,
/// `symmetry`, `seed`; the puzzle as numpl's variant record (what `solve`, `rate`, `hint`
/// and `explain` take) is `{"box": d["box"], "givens": d["puzzle"], **d["variant"]}`.
/// Killers: `cage_cells=(min, max)` the cells a cage is grown to (default 2 to 5, merged
/// up to 6), `killer_givens=True` givens dug over the cages (default: cages only).
#[pyfunction]
#[pyo3(signature = (
    size = ShapeArg::Int(9), count = 1, level = None, symmetry = "point", seed = None,
    max_technique = None, *, require = None, max_tries = 2000, threads = None, start = 0,
    enable = None, disable = None, variant = None, cage_cells = None, killer_givens = false
))]
#[pyo3(
    text_signature = "(size=9, count=1, level=None, symmetry='point', seed=None, max_technique=None, *, require=None, max_tries=2000, threads=None, start=0, enable=None, disable=None, variant=None, cage_cells=None, killer_givens=False)"
)]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = size_arg)] size: ShapeArg,
    count: i64,
    level: Option<&str>,
    symmetry: &str,
    seed: Option<&Bound<'py, PyAny>>,
    max_technique: Option<&str>,
    require: Option<&str>,
    max_tries: i64,
    threads: Option<i64>,
    start: i64,
    enable: Option<&Bound<'py, PyAny>>,
    disable: Option<&Bound<'py, PyAny>>,
    variant: Option<&str>,
    cage_cells: Option<(i64, i64)>,
    killer_givens: bool,
) -> PyResult<Bound<'py, PyList>> {
    let count = natural(count, "count")?;
    let start = natural(start, "start")?;
    let end = start
        .checked_add(count)
        .ok_or_else(|| value_error("start + count is too large"))?;
    if max_tries < 1 {
        return Err(value_error("max_tries must be at least 1"));
    }
    let seed = match seed {
        None => numpl_gen::random_seed(),
        Some(s) => s
            .extract::<u64>()
            .map_err(|_| value_error(format!("seed must be an integer 0 .. 2**64-1, got {s}")))?,
    };
    let gen = options::Gen {
        shape: size.shape()?,
        symmetry: symmetry
            .parse::<Symmetry>()
            .map_err(|e| value_error(e.to_string()))?,
        max_technique: max_technique
            .unwrap_or("all")
            .parse::<MaxTechnique>()
            .map_err(|e| value_error(e.to_string()))?,
        level: level
            .map(str::parse::<Level>)
            .transpose()
            .map_err(value_error)?,
        require: require
            .map(str::parse::<Technique>)
            .transpose()
            .map_err(|e| value_error(e.to_string()))?,
        max_tries: u32::try_from(max_tries).unwrap_or(u32::MAX),
        seed,
        techniques: techniques(enable, disable)?,
    };
    let spec = variant
        .map(str::parse::<numpl_gen::VariantKind>)
        .transpose()
        .map_err(value_error)?
        .map(numpl_gen::VariantSpec::new);
    if spec.is_none() && (cage_cells.is_some() || killer_givens) {
        return Err(value_error(
            "cage_cells and killer_givens go with variant=\"killer\"",
        ));
    }
    let cage_cells = match cage_cells {
        None => None,
        Some((a, b)) => Some((
            to_usize(natural(a, "cage_cells")?)?,
            to_usize(natural(b, "cage_cells")?)?,
        )),
    };
    let spec = spec.map(|s| s.cage_cells(cage_cells).givens(killer_givens));
    if let Some(spec) = spec {
        let kind = spec.kind;
        if gen.require.is_some() || max_technique.is_some() || enable.is_some() || disable.is_some()
        {
            return Err(value_error(format!(
                "{kind} puzzles are judged by the variant techniques (level), not by classic \
                 ones: not with require, max_technique, enable or disable"
            )));
        }
        if let Some(l) = gen.level.filter(|&l| l > numpl_solve::Level::Hard) {
            return Err(value_error(format!(
                "{kind} puzzles have the levels easy, medium and hard (numpl's variant scale), \
                 not {l}"
            )));
        }
        numpl_gen::check_spec(spec, gen.shape, gen.symmetry)
            .map_err(|e| value_error(e.to_string()))?;
    }
    let generator =
        Generator::new(options::generate(gen)).map_err(|e| value_error(e.to_string()))?;
    let pool = self::threads(threads)?;
    // 9x9 puzzles take about a millisecond each, big ones up to seconds: stretches of a few
    // puzzles a thread keep Ctrl-C responsive there.
    let stretch = if generator.options().shape.size() <= 9 {
        256
    } else {
        4 * pool.threads()
    };
    let (start, end) = (to_usize(start)?, to_usize(end)?);
    let recs: Vec<Record> = in_stretches(py, start..end, stretch, |range| {
        pool.install(|| {
            range
                .into_par_iter()
                .map(|i| {
                    let i = i as u64;
                    guard(|| match spec {
                        Some(spec) => Record::variant_generated(generator.options(), spec, i),
                        None => records::generated(&generator, i),
                    })
                    .unwrap_or_else(|e| records::invalid(&e, None).at(i))
                })
                .collect()
        })
    })?;
    to_list(py, &recs)
}

/// Solve every row of a 2-D integer NumPy array of shape (n, N*N), 0 for a blank, any
/// integer dtype. Returns `(solutions, status)`: `solutions` has the shape and dtype of `a`
/// (a row of zeros where there is no solution; for `multiple`, one of the solutions), and
/// `status` is a uint8 array of n codes, `numpl.STATUSES[code]` being the status name:
/// 0 solved, 1 multiple, 2 unsolvable, 3 stuck, 4 budget, 5 invalid (a value outside
/// 0..N or two clashing givens).
#[pyfunction]
#[pyo3(signature = (a, algo = "fast", threads = None, *, first = false, r#box = None, budget = None))]
#[allow(clippy::too_many_arguments)]
fn solve_array<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    algo: &str,
    threads: Option<i64>,
    first: bool,
    #[pyo3(from_py_with = box_arg)] r#box: Option<ShapeArg>,
    budget: Option<i64>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let how = array::How {
        algo: self::algo(algo)?,
        first,
        budget: budget.map(|b| natural(b, "budget")).transpose()?,
        shape: shape_opt(r#box)?,
    };
    let pool = self::threads(threads)?;
    array::solve_array(py, a, how, pool)
}

/// The Python module `numpl._numpl`, re-exported by the package `numpl`.
#[pymodule]
#[pyo3(name = "_numpl")]
fn numpl_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(canon_many, m)?)?;
    m.add_function(wrap_pyfunction!(dataset_many, m)?)?;
    m.add_function(wrap_pyfunction!(augment, m)?)?;
    m.add_function(wrap_pyfunction!(solve_array, m)?)?;
    m.add(
        "STATUSES",
        pyo3::types::PyTuple::new(m.py(), array::STATUSES)?,
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
