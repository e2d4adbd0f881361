"""Positions (puzzles with pencil marks) through the one-puzzle functions and the batches.

Expectations are worked out by hand from the seed's puzzle and the solution its program
printed: r1c1 may hold 1, 3, 4, 6 or 8 and holds 8 in the solution."""

from __future__ import annotations

import pytest

import numpl
from conftest import FIXTURES, SAMPLE, SAMPLE_SOLUTION, lines

POSITIONS = lines(FIXTURES / "positions" / "lines.txt")
# The seed's candidates; r1c1 cut to 8; 8 taken out of r1c1 (lines.txt, in that order).
SEED_POSITION, R1C1_IS_8, R1C1_NOT_8 = POSITIONS[:3]


def test_the_fixture_positions_are_what_they_say():
    assert len(SEED_POSITION) == 729
    assert SEED_POSITION[:9] == "1.34.6.8." and R1C1_IS_8[:9] == ".......8." and R1C1_NOT_8[:9] == "1.34.6..."
    assert SEED_POSITION[9:] == R1C1_IS_8[9:] == R1C1_NOT_8[9:]


@pytest.mark.parametrize("algo", ["fast", "full", "human"])
def test_solve_respects_the_marks(algo):
    r = numpl.solve(R1C1_IS_8, algo=algo)
    assert (r["status"], r["solution"], r["puzzle"]) == ("solved", SAMPLE_SOLUTION, R1C1_IS_8)
    bad = numpl.solve(R1C1_NOT_8, algo=algo)
    assert bad["status"] != "solved" and "solution" not in bad
    if algo != "human":
        assert bad["status"] == "unsolvable"
    # The bare puzzle still has its solution.
    assert numpl.solve(SAMPLE, algo=algo)["solution"] == SAMPLE_SOLUTION


def test_hint_starts_from_the_marks():
    # The bare puzzle's first naked single is r8c8 = 4 (row 8 has 5 8 3 9, column 8 has
    # 7 1 2 6, box 9 has 9 6); with r1c1 cut to 8, r1c1 = 8 comes first in reading order.
    assert numpl.hint(SAMPLE)["hint"] == "Naked Single: r8c8 = 4 (only candidate left)"
    assert numpl.hint(R1C1_IS_8)["hint"] == "Naked Single: r1c1 = 8 (only candidate left)"
    # No givens in a position line: the seed's givens are cells with one candidate.
    assert numpl.hint(SEED_POSITION)["hint"] == "Naked Single: r1c2 = 2 (only candidate left)"


def test_rate_explain_and_count_take_positions():
    r = numpl.rate(R1C1_IS_8)
    assert (r["status"], r["solution"]) == ("solved", SAMPLE_SOLUTION)
    e = numpl.explain(R1C1_IS_8)
    assert e["steps"][0] == "Naked Single: r1c1 = 8 (only candidate left)"
    assert numpl.count(R1C1_NOT_8)["count"] == 0
    # An empty 4x4 with every candidate: the 288 grids of the 4x4.
    assert numpl.count("1234" * 16, limit=1000)["count"] == 288


def test_the_pencil_mark_grid_is_read_too():
    grid = (FIXTURES / "positions" / "detail.txt").read_text()
    first = grid.split("# 2.")[0]
    assert numpl.solve(first)["solution"] == SAMPLE_SOLUTION
    assert numpl.hint(first)["hint"] == "Naked Single: r1c1 = 8 (only candidate left)"


def test_bad_positions_raise_with_the_cli_message():
    broken = R1C1_IS_8[:99] + "." * 9 + R1C1_IS_8[108:]
    with pytest.raises(ValueError, match=r"^line 1: r2c3 has no candidate"):
        numpl.solve(broken)
    misplaced = "123456789" * 81
    misplaced = misplaced[:12] + "5" + misplaced[13:]
    with pytest.raises(ValueError, match=r"r1c2: `5` at column 13 is in place 4"):
        numpl.hint(misplaced)


def test_batches_keep_order_with_positions():
    broken = R1C1_IS_8[:99] + "." * 9 + R1C1_IS_8[108:]
    out = numpl.solve_many([SAMPLE, R1C1_IS_8, broken, R1C1_NOT_8, SEED_POSITION], threads=2)
    assert [r["index"] for r in out] == [0, 1, 2, 3, 4]
    assert [r["status"] for r in out] == ["solved", "solved", "invalid", "unsolvable", "solved"]
    assert out[2]["error"].startswith("line 1: r2c3 has no candidate")
    rated = numpl.rate_many([R1C1_IS_8, R1C1_NOT_8])
    assert rated[0]["solution"] == SAMPLE_SOLUTION and rated[1]["status"] != "solved"
