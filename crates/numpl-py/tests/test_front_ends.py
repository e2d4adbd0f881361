"""One record everywhere: the CLI (`--format json`), the web API (`numpl serve`) and Python give
the same record, field by field, for one puzzle of every status: solved, multiple, unsolvable,
stuck, budget, invalid, rated by level only, and a position.

Only what belongs to the front end itself is left out: where the puzzle came from (`index`,
`file`, `line`), the time taken (`micros`), and the web API's extras (`step`, `moves`). An
invalid puzzle's message names its place each front end's way (`<stdin>:1: ...` in the CLI,
`line 1: ...` elsewhere); the rest of it is the same.

Runs when a numpl binary of this checkout is built (target/debug or target/release, or
NUMPL_CLI=path); CI builds it before running pytest.
"""

from __future__ import annotations

import json
import re
import subprocess
import urllib.error
import urllib.request

import pytest

import numpl
from conftest import FIXTURES, cli, lines, without

CLI = cli()
pytestmark = pytest.mark.skipif(CLI is None, reason="no numpl binary built in this checkout")

SEED = ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6."
MULTIPLE = lines(FIXTURES / "special" / "multiple.txt")[0]
UNSOLVABLE = lines(FIXTURES / "special" / "unsolvable.txt")[0]
# The seed's candidates as a position (729 symbols), r1c1 cut to its solution's value.
POSITION = lines(FIXTURES / "positions" / "lines.txt")[1]
CLASH = "5...5..7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6."
EMPTY = "." * 81
# Without these, logic alone cannot finish the hardest puzzles of famous.txt.
LOGIC_ONLY = ["brute_force", "forcing_chain", "forcing_net", "kraken_fish"]
PROVENANCE = ("index", "file", "line", "micros")


def extreme() -> str:
    """A puzzle of famous.txt that the whole rating finds extreme."""
    for p in lines(FIXTURES / "9x9" / "famous.txt"):
        if numpl.rate(p).get("level") == "extreme":
            return p
    raise AssertionError("famous.txt has an extreme puzzle")


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen(
        [str(CLI), "serve", "--listen", "127.0.0.1:0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = proc.stderr.readline()
        m = re.match(r"listening on (http://\S+?)/?\s*$", first)
        assert m, f"numpl serve says where it listens: {first!r}"
        yield m.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def web(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        assert e.code == 422, f"{path} {body}: {e.code}"
        return json.loads(e.read())


def cli_record(puzzle: str, *args: str) -> dict:
    out = subprocess.run(
        [str(CLI), "-qq", *args, "--format", "json", "-"],
        input=puzzle + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode in (0, 1), out.stderr
    (line,) = out.stdout.splitlines()
    return json.loads(line)


def same(*records: dict) -> dict:
    """The records less their provenance, each one equal to the first (names, order, values)."""
    kept = [without(r, *PROVENANCE, "step", "moves", "mistake") for r in records]
    for r in kept[1:]:
        assert list(r) == list(kept[0]), "field names and order"
        assert r == kept[0]
    return kept[0]


CASES = [
    # (name, puzzle, CLI arguments, web path and body, the Python call)
    ("solved", SEED, ["solve"], ("/api/solve", {}), lambda p: numpl.solve(p)),
    ("solved human", SEED, ["solve", "--algo", "human"], ("/api/solve", {"algo": "human"}),
     lambda p: numpl.solve(p, algo="human")),
    ("rated", SEED, ["rate"], ("/api/rate", {}), lambda p: numpl.rate(p)),
    ("hint", SEED, ["hint"], ("/api/hint", {}), lambda p: numpl.hint(p)),
    ("explain", SEED, ["explain"], ("/api/explain", {}), lambda p: numpl.explain(p)),
    ("multiple", MULTIPLE, ["solve"], ("/api/solve", {}), lambda p: numpl.solve(p)),
    ("multiple rated", MULTIPLE, ["rate"], ("/api/rate", {}), lambda p: numpl.rate(p)),
    ("multiple hint", MULTIPLE, ["hint"], ("/api/hint", {}), lambda p: numpl.hint(p)),
    ("unsolvable", UNSOLVABLE, ["solve"], ("/api/solve", {}), lambda p: numpl.solve(p)),
    ("unsolvable rated", UNSOLVABLE, ["rate"], ("/api/rate", {}), lambda p: numpl.rate(p)),
    ("unsolvable hint", UNSOLVABLE, ["hint"], ("/api/hint", {}), lambda p: numpl.hint(p)),
    ("stuck", "EXTREME", ["rate", "--disable", ",".join(LOGIC_ONLY)],
     ("/api/rate", {"disable": LOGIC_ONLY}), lambda p: numpl.rate(p, disable=LOGIC_ONLY)),
    ("level only", "EXTREME", ["rate", "--level-only"], ("/api/rate", {"level_only": True}),
     lambda p: numpl.rate(p, level_only=True)),
    ("budget", EMPTY, ["solve", "--algo", "full", "--budget", "5"],
     ("/api/solve", {"algo": "full", "budget": 5}), lambda p: numpl.solve(p, algo="full", budget=5)),
    ("position", POSITION, ["solve"], ("/api/solve", {}), lambda p: numpl.solve(p)),
    ("position rated", POSITION, ["rate"], ("/api/rate", {}), lambda p: numpl.rate(p)),
    ("position hint", POSITION, ["hint"], ("/api/hint", {}), lambda p: numpl.hint(p)),
]

STATUS = {
    "solved": "solved", "solved human": "solved", "rated": "solved", "explain": "solved",
    "multiple": "multiple", "multiple rated": "multiple", "unsolvable": "unsolvable",
    "unsolvable rated": "unsolvable", "stuck": "stuck", "level only": "solved",
    "budget": "budget", "position": "solved", "position rated": "solved",
}


@pytest.mark.parametrize("name, puzzle, args, request_, call", CASES, ids=[c[0] for c in CASES])
def test_the_three_front_ends_give_one_record(server, name, puzzle, args, request_, call):
    if puzzle == "EXTREME":
        puzzle = extreme()
    path, body = request_
    rec = same(cli_record(puzzle, *args), web(server, path, {"puzzle": puzzle, **body}), call(puzzle))
    if name in STATUS:
        assert rec["status"] == STATUS[name]
    # The rating belongs to rated puzzles only.
    rated = rec.get("status") in ("solved", "stuck") and rec.get("algo") == "human"
    assert ("level" in rec) == rated, rec
    if name == "level only":
        assert rec["level"] == "extreme" and "score" not in rec and "techniques" not in rec
    if name == "stuck":
        assert "grid" in rec and "score" in rec
    if name == "budget":
        assert rec["error"].startswith("the search stopped at its node budget")
    if name == "multiple hint":
        assert "hint" in rec or rec["status"] == "multiple"


def test_an_invalid_puzzle_is_the_same_everywhere(server):
    def place_free(msg: str) -> str:
        return re.sub(r"^(line \d+|[^:]*:\d+): ", "", msg)

    cli_rec = cli_record(CLASH, "solve")
    py_rec = numpl.solve_many([CLASH])[0]
    web_rec = web(server, "/api/solve", {"puzzle": CLASH})
    with pytest.raises(ValueError) as raised:
        numpl.solve(CLASH)
    assert cli_rec["status"] == py_rec["status"] == web_rec["status"] == "invalid"
    messages = {place_free(m) for m in (cli_rec["error"], py_rec["error"], web_rec["error"], str(raised.value))}
    assert len(messages) == 1, messages
    assert "conflicting givens" in messages.pop()
    assert without(cli_rec, *PROVENANCE, "error") == without(py_rec, *PROVENANCE, "error")
