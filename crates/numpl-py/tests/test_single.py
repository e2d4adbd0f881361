"""One puzzle at a time: solve, rate, hint, explain, count, and their errors."""

from __future__ import annotations

import pytest

import numpl
from conftest import FIXTURES, SAMPLE, SAMPLE_SOLUTION, answers, line_set, lines


def test_solve_the_seed_sample():
    r = numpl.solve(SAMPLE)
    assert r["status"] == "solved"
    assert r["solution"] == SAMPLE_SOLUTION
    assert (r["size"], r["box"], r["puzzle"], r["algo"]) == (9, "3x3", SAMPLE, "fast")
    assert isinstance(r["guesses"], int) and isinstance(r["nodes"], int) and isinstance(r["micros"], int)
    assert not {"file", "line", "index", "techniques", "error"} & set(r)
    assert list(r) == ["size", "box", "puzzle", "status", "solution", "algo", "guesses", "nodes", "micros"]


def test_the_seeds_grid_layout_is_read_too():
    grid = (FIXTURES / "seed" / "sample.txt").read_text()
    assert numpl.solve(grid)["solution"] == SAMPLE_SOLUTION


@pytest.mark.parametrize("algo", ["fast", "full", "human"])
def test_every_algorithm_finds_the_fixture_answers(nine, algo):
    for puzzle, status, solution in nine:
        if algo == "full" and status != "solved":
            continue
        r = numpl.solve(puzzle, algo=algo)
        if algo == "human" and r["status"] == "stuck":
            assert r["grid"] and "solution" not in r
            continue
        assert r["status"] == status, puzzle
        if status == "solved":
            assert r["solution"] == solution
        assert r["algo"] == algo
        assert ("guesses" in r) == (algo != "human")
        assert ("techniques" in r) == (algo == "human")


@pytest.mark.parametrize("name", ["special/multiple", "special/unsolvable", "sizes/4x4", "sizes/6x6", "sizes/8x8"])
def test_other_sets(name):
    for puzzle, status, solution in line_set(name):
        r = numpl.solve(puzzle)
        assert r["status"] == status
        if status == "solved":
            assert r["solution"] == solution
        if status == "multiple":
            assert len(r["solution"]) == len(puzzle)


def test_first_and_budget():
    blank = "." * 81
    assert numpl.solve(blank)["status"] == "multiple"
    assert numpl.solve(blank, first=True)["status"] == "solved"
    hard = lines(FIXTURES / "9x9" / "famous.txt")[0]
    assert numpl.solve(hard, algo="full", budget=1)["status"] == "budget"


def test_box_fixes_the_shape():
    """A 6x6 with tall 3x2 boxes (fixtures/sizes/6x6-tall) is read with box="3x2"."""
    solution = answers(FIXTURES / "sizes" / "6x6-tall.answers")[0][1]
    assert solution is not None
    puzzle = "..." + solution[3:]
    r = numpl.solve(puzzle, box="3x2")
    assert r["box"] == "3x2" and r["status"] == "solved" and r["solution"] == solution
    # Read with the default 2x3 boxes, the same givens clash in a box.
    with pytest.raises(ValueError, match="conflicting givens"):
        numpl.solve(puzzle, box=6)


def test_rate_matches_the_fixture_ratings():
    ps = lines(FIXTURES / "9x9" / "easy.txt")
    human = lines(FIXTURES / "9x9" / "easy.human")
    for p, h in zip(ps, human):
        status, *counts = h.split()
        r = numpl.rate(p)
        assert r["status"] == status
        assert [f"{k}={v}" for k, v in r["techniques"].items()] == counts
        assert r["algo"] == "human" and r["level"] in ("easy", "medium", "hard", "unfair", "extreme")
        assert isinstance(r["score"], int)
        assert "guesses" not in r


def test_rate_level_only_gives_the_level_sooner():
    """level_only: the whole rating's status, solution and level; a puzzle found extreme
    part way (famous.txt holds several) has no score or techniques, others are rated whole."""
    ps = lines(FIXTURES / "9x9" / "famous.txt") + [SAMPLE]
    quick = numpl.rate_many(ps, level_only=True)
    stopped = 0
    same = lambda r: {k: v for k, v in r.items() if k not in ("index", "micros")}  # noqa: E731
    for p, q in zip(ps, quick):
        w = numpl.rate(p)
        assert same(q) == same(numpl.rate(p, level_only=True))
        for k in ("status", "solution", "level"):
            assert q.get(k) == w.get(k), (p, k)
        if "score" in q:
            assert (q["score"], q["techniques"]) == (w["score"], w["techniques"])
        else:
            stopped += 1
            assert q["level"] == "extreme" and "techniques" not in q
    assert 0 < stopped < len(ps)
    with pytest.raises(ValueError, match="level_only needs brute force"):
        numpl.rate(SAMPLE, disable="brute_force", level_only=True)


def test_hint():
    r = numpl.hint(SAMPLE)
    assert r["hint"] == "Naked Single: r8c8 = 4 (only candidate left)"
    assert "status" not in r and r["algo"] == "human"
    done = numpl.hint(SAMPLE_SOLUTION)
    assert done["status"] == "solved" and "hint" not in done


def test_explain():
    r = numpl.explain(SAMPLE)
    assert r["status"] == "solved" and r["solution"] == SAMPLE_SOLUTION
    assert len(r["steps"]) >= SAMPLE.count(".")
    assert r["steps"][0] == numpl.hint(SAMPLE)["hint"]
    assert r["techniques"] == numpl.rate(SAMPLE)["techniques"]


def test_count():
    r = numpl.count(SAMPLE)
    assert (r["count"], r["status"], r["puzzle"], r["algo"]) == (1, "solved", SAMPLE, "fast")
    assert numpl.count("." * 16, limit=1000)["count"] == 288  # every 4x4 grid
    r = numpl.count("." * 81, limit=7)
    assert (r["count"], r["status"]) == (7, "multiple")
    unsolvable = lines(FIXTURES / "special" / "unsolvable.txt")[0]
    assert numpl.count(unsolvable)["status"] == "unsolvable"
    assert numpl.count(unsolvable)["count"] == 0


def test_bad_puzzles_raise_the_clis_message():
    """special/invalid.txt: each bad line alone gives numpl-core's message for line 1."""
    ps = lines(FIXTURES / "special" / "invalid.txt")
    for p, (status, msg) in zip(ps, answers(FIXTURES / "special" / "invalid.answers")):
        if status == "solved":
            assert numpl.solve(p)["solution"] == msg
            continue
        expected = "line 1: " + msg.split(": ", 1)[1]
        for f in (numpl.solve, numpl.rate, numpl.hint, numpl.explain, numpl.count):
            with pytest.raises(ValueError) as e:
                f(p)
            assert str(e.value) == expected


def test_the_conflict_message_names_the_cells():
    with pytest.raises(ValueError, match=r"^line 1: conflicting givens: r1c1 and r1c5 both hold 5$"):
        numpl.solve("5...5" + "." * 76)


def test_text_that_is_not_one_puzzle():
    with pytest.raises(ValueError, match="no puzzle"):
        numpl.solve("")
    with pytest.raises(ValueError, match="line 2: a second puzzle"):
        numpl.solve(SAMPLE + "\n" + SAMPLE)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: numpl.solve(SAMPLE, algo="magic"), "unknown algorithm `magic`"),
        (lambda: numpl.solve(SAMPLE, box="1x7"), "box 1x7 is not allowed"),
        (lambda: numpl.solve(SAMPLE, box="nine"), "cannot read `nine`"),
        (lambda: numpl.solve(SAMPLE, box="2x2"), "expected 16 for box 2x2"),
        (lambda: numpl.solve(SAMPLE, budget=-1), "budget must be at least 0"),
        (lambda: numpl.count(SAMPLE, limit=0), "limit must be at least 1"),
        (lambda: numpl.solve_many([SAMPLE], threads=0), "threads must be at least 1"),
    ],
)
def test_bad_options_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_module_surface():
    assert numpl.STATUSES == ("solved", "multiple", "unsolvable", "stuck", "budget", "invalid")
    assert isinstance(numpl.__version__, str)
    for name in numpl.__all__:
        obj = getattr(numpl, name)
        if callable(obj):
            assert obj.__doc__, name


@pytest.mark.parametrize(
    "call",
    [
        lambda: numpl.solve(SAMPLE, box=2.5),
        lambda: numpl.rate(SAMPLE, box=None or [3, 3]),
        lambda: numpl.count(SAMPLE, box=object()),
        lambda: numpl.hint(SAMPLE, box=3.0),
        lambda: numpl.explain(SAMPLE, box=b"3x3"),
        lambda: numpl.solve_many([SAMPLE], box=(3, 3)),
        lambda: numpl.rate_many([SAMPLE], box=1.5),
    ],
)
def test_a_box_of_the_wrong_type_names_the_argument(call):
    with pytest.raises(TypeError) as e:
        call()
    msg = str(e.value)
    assert msg.startswith('box must be an int N (such as 9 or 16) or a string "N" or "RxC"'), msg
    assert "ShapeArg" not in msg


def test_box_none_is_the_default():
    assert numpl.solve(SAMPLE, box=None)["box"] == "3x3"
    assert numpl.solve(SAMPLE, box=9)["box"] == "3x3"
