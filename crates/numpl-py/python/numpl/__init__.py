"""numpl: Number Place (Sudoku) of every size from 4x4 to 64x64.

Solve, rate, hint, explain, count and generate puzzles with numpl's Rust solvers. Every
function returns plain dicts with the fields of the ``numpl`` command's JSON records
(``numpl solve --format json`` and so on), less ``file`` and ``line``.

One puzzle: :func:`solve`, :func:`rate`, :func:`hint`, :func:`explain`, :func:`count`
(a puzzle that cannot be read raises ``ValueError`` with the message the CLI prints).
Many: :func:`solve_many`, :func:`rate_many` (parallel, interpreter released, one dict per
input in input order, bad puzzles as ``status == "invalid"`` dicts), :func:`generate`,
:func:`solve_array` (NumPy). Over a Dask cluster: :mod:`numpl.dask`.

Data sets: :func:`canon` and :func:`canon_many` (minlex forms, classes of equivalent
puzzles), :func:`augment` (seeded equivalent copies), :func:`dataset_many` (rated rows),
and :mod:`numpl.dataset` (Parquet, CSV or JSON Lines, locally or on Dask).
"""

from ._numpl import (
    STATUSES,
    __version__,
    augment,
    canon,
    canon_many,
    count,
    dataset_many,
    explain,
    generate,
    hint,
    rate,
    rate_many,
    solve,
    solve_array,
    solve_many,
)

__all__ = [
    "STATUSES",
    "__version__",
    "augment",
    "canon",
    "canon_many",
    "count",
    "dataset_many",
    "explain",
    "generate",
    "hint",
    "rate",
    "rate_many",
    "solve",
    "solve_array",
    "solve_many",
]
