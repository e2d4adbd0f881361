//! `solve_array`: a 2-D integer NumPy array, one puzzle a row (N*N values, 0 for a blank),
//! solved in parallel without a Python object per puzzle.

use numpl_core::{Grid, Shape};
use numpl_solve::{solve, Algorithm, Status};
use numpy::ndarray::Array2;
use numpy::{
    Element, IntoPyArray, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::options;
use crate::work::{guard, Pool};

/// The status codes of `solve_array`, in code order: `STATUSES[code]` is the status name.
pub(crate) const STATUSES: [&str; 6] = [
    "solved",
    "multiple",
    "unsolvable",
    "stuck",
    "budget",
    "invalid",
];

/// The code of `invalid` in [`STATUSES`].
const INVALID: u8 = 5;

/// Rows solved per stretch without the interpreter.
const STRETCH: usize = 8192;

fn code(s: Status) -> u8 {
    match s {
        Status::Solved => 0,
        Status::Multiple => 1,
        Status::Unsolvable => 2,
        Status::Stuck => 3,
        Status::Budget => 4,
        // A status newer than this module: counted as invalid, never as solved.
        _ => INVALID,
    }
}

/// An integer element type of NumPy arrays.
trait Int: Element + Copy {
    /// The value as a cell value, when it fits in a byte.
    fn cell(self) -> Option<u8>;
    /// A cell value in this type (values are at most 64, which every type holds).
    fn of(v: u8) -> Self;
}

macro_rules! int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            fn cell(self) -> Option<u8> {
                u8::try_from(self).ok()
            }
            fn of(v: u8) -> Self {
                // Lossless: v <= 64 fits in every integer type.
                v as $t
            }
        }
    )*};
}

int!(i8, i16, i32, i64, u8, u16, u32, u64);

/// What to solve with.
pub(crate) struct How {
    pub(crate) algo: Algorithm,
    pub(crate) first: bool,
    pub(crate) budget: Option<u64>,
    pub(crate) shape: Option<Shape>,
}

/// The shape of rows of `cols` cells: the one asked for (which must have that many cells),
/// else the most square one for N = sqrt(cols).
fn row_shape(cols: usize, asked: Option<Shape>) -> PyResult<Shape> {
    if let Some(s) = asked {
        return if s.cells() == cols {
            Ok(s)
        } else {
            Err(PyValueError::new_err(format!(
                "rows of {cols} cells do not fit box {s} ({} cells)",
                s.cells()
            )))
        };
    }
    let n = (cols as f64).sqrt().round() as usize;
    if n * n != cols || cols == 0 {
        return Err(PyValueError::new_err(format!(
            "rows of {cols} cells: expected N*N cells for an allowed size N (16, 36, 81, ...)"
        )));
    }
    Shape::from_size(n).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Solves every row of `a`; see `solve_array` in lib.rs for the contract.
pub(crate) fn solve_array<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    how: How,
    pool: Pool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    macro_rules! try_type {
        ($($t:ty),*) => {$(
            if let Ok(arr) = a.cast::<PyArray2<$t>>() {
                return typed::<$t>(py, arr, how, pool);
            }
        )*};
    }
    try_type!(i64, i32, u8, i8, i16, u16, u32, u64);
    let what = match a.cast::<PyUntypedArray>() {
        Ok(u) if u.ndim() != 2 => {
            return Err(PyValueError::new_err(format!(
                "solve_array needs a 2-D array of shape (n, N*N), got {} dimension(s)",
                u.ndim()
            )))
        }
        Ok(u) => format!("dtype {}", u.dtype()),
        Err(_) => format!("{}", a.get_type().name()?),
    };
    Err(PyTypeError::new_err(format!(
        "solve_array needs a 2-D NumPy array of integers, got {what}"
    )))
}

fn typed<'py, T: Int>(
    py: Python<'py>,
    arr: &Bound<'py, PyArray2<T>>,
    how: How,
    pool: Pool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let view = arr
        .try_readonly()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let view = view.as_array();
    let (rows, cols) = view.dim();
    let shape = row_shape(cols, how.shape)?;
    // One byte per cell, row-major; values that do not fit a byte mark their row invalid.
    let mut cells = vec![0u8; rows * cols];
    let mut bad = vec![false; rows];
    for ((r, c), &x) in view.indexed_iter() {
        match x.cell() {
            Some(v) => cells[r * cols + c] = v,
            None => bad[r] = true,
        }
    }
    let opts = options::solve(how.first, how.budget);
    let width = cols.max(1);
    let mut solutions = vec![0u8; rows * cols];
    let mut status = vec![INVALID; rows];
    // Stretches of rows with the interpreter released; between them Ctrl-C is noticed.
    let mut at = 0;
    while at < rows {
        let end = (at + STRETCH).min(rows);
        let sol = &mut solutions[at * cols..end * cols];
        let st = &mut status[at..end];
        let input = &cells[at * cols..end * cols];
        let bad = &bad[at..end];
        py.detach(|| {
            pool.install(|| {
                sol.par_chunks_mut(width)
                    .zip(st.par_iter_mut())
                    .zip(input.par_chunks(width).zip(bad.par_iter()))
                    .for_each(|((sol, st), (row, &bad))| {
                        if bad {
                            return;
                        }
                        let Ok(g) = Grid::from_values(shape, row.to_vec()) else {
                            return;
                        };
                        if g.check().is_err() {
                            return;
                        }
                        if let Ok(o) = guard(|| solve(&g, how.algo, &opts)) {
                            *st = code(o.status);
                            if let Some(s) = o.solution {
                                sol.copy_from_slice(s.values());
                            }
                        }
                    });
            })
        });
        py.check_signals()?;
        at = end;
    }
    let solutions: Vec<T> = solutions.into_iter().map(T::of).collect();
    let solutions = Array2::from_shape_vec((rows, cols), solutions)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok((
        solutions.into_pyarray(py).into_any(),
        status.into_pyarray(py).into_any(),
    ))
}
