"""solve_array: integer NumPy arrays in, solutions of the same dtype and status codes out."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

import numpl  # noqa: E402
from conftest import line_set, nine_by_nine  # noqa: E402


def to_row(line: str) -> list:
    return [0 if c in ".0" else int(c, 36) for c in line]


def to_line(row) -> str:
    return "".join(np.base_repr(int(v), 36) for v in row)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64])
def test_round_trip_for_every_integer_dtype(dtype):
    nine = nine_by_nine()
    a = np.array([to_row(p) for p, _, _ in nine], dtype=dtype)
    sol, status = numpl.solve_array(a)
    assert sol.dtype == a.dtype and sol.shape == a.shape
    assert status.dtype == np.uint8 and status.shape == (len(nine),)
    for row, code, (p, want, solution) in zip(sol, status, nine):
        assert numpl.STATUSES[code] == want
        if want == "solved":
            assert to_line(row) == solution
    # Same as solve_many.
    many = numpl.solve_many([p for p, _, _ in nine])
    assert [numpl.STATUSES[c] for c in status] == [r["status"] for r in many]


def test_statuses_and_bad_rows():
    sample = line_set("special/invalid")[0][0]
    rows = np.array(
        [
            to_row(sample),
            [5, 0, 0, 0, 5] + [0] * 76,  # clashing givens
            [10] + [0] * 80,  # out of range
            [-1] + [0] * 80,  # negative
            [0] * 81,  # multiple
        ],
        dtype=np.int32,
    )
    sol, status = numpl.solve_array(rows, threads=2)
    assert [numpl.STATUSES[c] for c in status] == ["solved", "invalid", "invalid", "invalid", "multiple"]
    assert (sol[1:4] == 0).all()
    assert (sol[4] > 0).all()  # one of the solutions
    _, status = numpl.solve_array(rows[4:], first=True)
    assert numpl.STATUSES[status[0]] == "solved"
    _, status = numpl.solve_array(rows[:1], algo="full", budget=1)
    assert numpl.STATUSES[status[0]] in ("budget", "solved")


def test_other_sizes_views_and_empty():
    four = line_set("sizes/4x4")
    a = np.array([to_row(p) for p, _, _ in four], dtype=np.int64)
    sol, status = numpl.solve_array(a[::2])  # a strided view
    assert [to_line(r) for r in sol] == [s for _, _, s in four[::2]]
    sol, status = numpl.solve_array(np.zeros((0, 81), dtype=np.int16))
    assert sol.shape == (0, 81) and status.shape == (0,)
    six = np.zeros((1, 36), dtype=np.int8)
    _, status = numpl.solve_array(six, box="3x2")
    assert numpl.STATUSES[status[0]] == "multiple"


def test_bad_arrays():
    with pytest.raises(TypeError, match="integers"):
        numpl.solve_array(np.zeros((1, 81), dtype=np.float64))
    with pytest.raises(ValueError, match="2-D"):
        numpl.solve_array(np.zeros(81, dtype=np.int64))
    with pytest.raises(ValueError, match="80 cells"):
        numpl.solve_array(np.zeros((1, 80), dtype=np.int64))
    with pytest.raises(ValueError, match="box 2x2"):
        numpl.solve_array(np.zeros((1, 81), dtype=np.int64), box="2x2")
    with pytest.raises(TypeError):
        numpl.solve_array([[0] * 81])
    with pytest.raises(ValueError):
        numpl.solve_array(np.zeros((1, 81), dtype=np.int64), algo="nope")
