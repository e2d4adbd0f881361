"""The dicts have the CLI's JSON records' fields and values (less file, line and the time).

Runs when a numpl binary of this checkout is built (target/debug or target/release, or
NUMPL_CLI=path); CI builds it before running pytest.
"""

from __future__ import annotations

import json
import subprocess

import pytest

import numpl
from conftest import FIXTURES, cli, lines, without

CLI = cli()
pytestmark = pytest.mark.skipif(CLI is None, reason="no numpl binary built in this checkout")

SETS = [
    FIXTURES / "9x9" / "famous.txt",
    FIXTURES / "9x9" / "medium.txt",
    FIXTURES / "special" / "multiple.txt",
    FIXTURES / "positions" / "lines.txt",
]


def run(*args: str) -> list:
    out = subprocess.run([str(CLI), "-qq", "--threads", "2", *args], capture_output=True, text=True, check=False)
    assert out.returncode in (0, 1), out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.parametrize("command", ["solve", "rate", "hint", "explain"])
@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_records_match_the_cli(command, path):
    want = [without(r, "file", "line", "micros") for r in run(command, "--format", "json", str(path))]
    puzzles = lines(path)
    one = {"solve": numpl.solve, "rate": numpl.rate, "hint": numpl.hint, "explain": numpl.explain}[command]
    got = [without(one(p), "micros") for p in puzzles]
    assert got == [without(r, "index") for r in want]
    if command in ("solve", "rate"):
        many = numpl.solve_many(puzzles) if command == "solve" else numpl.rate_many(puzzles)
        assert [without(r, "micros") for r in many] == want


def test_solve_with_other_algorithms_matches_the_cli():
    path = FIXTURES / "9x9" / "easy.txt"
    for algo in ("full", "human"):
        want = [without(r, "file", "line", "micros") for r in run("solve", "--algo", algo, "--format", "json", str(path))]
        got = [without(r, "micros") for r in numpl.solve_many(lines(path), algo=algo)]
        assert got == want


@pytest.mark.parametrize("args, kw", [
    (["--seed", "7", "--count", "4"], dict(seed=7, count=4)),
    (["--seed", "3", "--size", "2x3", "--symmetry", "vertical"], dict(seed=3, size="2x3", symmetry="vertical")),
    (["--seed", "4", "--count", "2", "--level", "hard"], dict(seed=4, count=2, level="hard")),
])
def test_generate_matches_the_cli(args, kw):
    want = [without(r, "micros") for r in run("generate", "--format", "json", *args)]
    got = [without(r, "micros") for r in numpl.generate(**kw)]
    assert got == want
