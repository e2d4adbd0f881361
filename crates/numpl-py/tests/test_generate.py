"""generate: the records of `numpl generate --format json`, reproducible for a seed."""

from __future__ import annotations

import pytest

import numpl
from conftest import without

FIELDS = [
    "index", "size", "box", "puzzle", "status", "solution", "micros", "techniques",
    "level", "score", "givens", "symmetry", "seed", "tries", "minimal",
]


def test_fields_and_soundness():
    got = numpl.generate(count=3, seed=11)
    assert [r["index"] for r in got] == [0, 1, 2]
    for r in got:
        assert list(r) == FIELDS
        assert (r["size"], r["box"], r["status"], r["symmetry"], r["seed"]) == (9, "3x3", "solved", "point", 11)
        assert r["givens"] == 81 - r["puzzle"].count(".")
        assert numpl.count(r["puzzle"])["count"] == 1
        assert numpl.solve(r["puzzle"])["solution"] == r["solution"]
        assert numpl.rate(r["puzzle"])["level"] == r["level"]


def test_the_same_seed_gives_the_same_puzzles():
    a = numpl.generate(count=4, seed=2024)
    b = numpl.generate(count=4, seed=2024, threads=1)
    assert [without(r, "micros") for r in a] == [without(r, "micros") for r in b]
    c = numpl.generate(count=4, seed=2025)
    assert [r["puzzle"] for r in a] != [r["puzzle"] for r in c]
    # Puzzle i depends on (seed, i) only: a later slice of the run is the same.
    tail = numpl.generate(count=2, seed=2024, start=2)
    assert [without(r, "micros") for r in tail] == [without(r, "micros") for r in a[2:]]


def test_random_seed_is_reported():
    r = numpl.generate()[0]
    again = numpl.generate(seed=r["seed"])[0]
    assert again["puzzle"] == r["puzzle"]


@pytest.mark.parametrize("size, box", [(4, "2x2"), ("2x3", "2x3"), ("6", "2x3"), ("3x2", "3x2"), (16, "4x4")])
def test_sizes(size, box):
    r = numpl.generate(size=size, seed=5, max_technique="none" if box == "4x4" else None, symmetry="none")[0]
    assert r["box"] == box and r["symmetry"] == "none"
    assert numpl.count(r["puzzle"], box=box)["count"] == 1


def test_level_and_techniques():
    r = numpl.generate(count=2, seed=9, level="easy")
    assert {x["level"] for x in r} == {"easy"}
    capped = numpl.generate(count=2, seed=9, max_technique="hidden_single")
    for x in capped:
        assert set(x["techniques"]) <= {"full_house", "naked_single", "hidden_single"}
    assert numpl.generate(count=0, seed=1) == []


def test_a_puzzle_that_cannot_be_made_is_a_record():
    r = numpl.generate(seed=1, level="extreme", max_tries=1, size=4)[0]
    assert r["error"].startswith("puzzle 0: no extreme puzzle in 1 try")
    assert "puzzle" not in r and r["seed"] == 1


@pytest.mark.parametrize(
    "kw, message",
    [
        (dict(size=7), "size 7 has no box shape"),
        (dict(size="1x4"), "box 1x4 is not allowed"),
        (dict(size=-9), "size -9 is not allowed"),
        (dict(symmetry="spiral"), "unknown symmetry `spiral`"),
        (dict(symmetry="rot90", size="2x3"), "needs square boxes"),
        (dict(level="fiendish"), "unknown level `fiendish`"),
        (dict(max_technique="magic"), "unknown technique `magic`"),
        (dict(require="magic"), "magic"),
        (dict(count=-1), "count must be at least 0"),
        (dict(max_tries=0), "max_tries must be at least 1"),
        (dict(seed=-1), "seed must be an integer"),
        (dict(threads=0), "threads must be at least 1"),
    ],
)
def test_bad_options(kw, message):
    with pytest.raises(ValueError, match=message):
        numpl.generate(**kw)


def test_big_seeds_round_trip():
    r = numpl.generate(seed=2**64 - 1)[0]
    assert r["seed"] == 2**64 - 1


@pytest.mark.parametrize("size", [None, 2.5, True, [9]])
def test_a_size_of_the_wrong_type_names_the_argument(size):
    with pytest.raises(TypeError) as e:
        numpl.generate(size=size)
    msg = str(e.value)
    assert msg.startswith('size must be an int N (such as 9 or 16) or a string "N" or "RxC"'), msg
    assert "ShapeArg" not in msg and "extract" not in msg
    assert msg.endswith(f"got {type(size).__name__}")


def test_a_huge_size_is_a_value_error():
    with pytest.raises(ValueError, match="cannot read `1000000000000000000000000000000` as a size"):
        numpl.generate(size=10**30)
