"""Shared helpers: the repository's fixtures/ (puzzles with expected answers), read by path."""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"
SAMPLE = ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6."
SAMPLE_SOLUTION = "821459673936172458745386291254638917187294536369715824693541782572863149418927365"


def lines(path: Path) -> List[str]:
    """The puzzle lines of a line-format fixture (comments and blank lines skipped)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        t = line.strip()
        if t and not t.startswith("#"):
            out.append(t)
    return out


def answers(path: Path) -> List[Tuple[str, Optional[str]]]:
    """(status, solution or message) per puzzle of a `.answers` file."""
    out = []
    for t in lines(path):
        word, _, rest = t.partition(" ")
        out.append((word, rest or None))
    return out


def line_set(name: str) -> List[Tuple[str, str, Optional[str]]]:
    """(puzzle, status, solution) for a line-format fixture set such as "9x9/easy"."""
    ps = lines(FIXTURES / f"{name}.txt")
    ans = answers(FIXTURES / f"{name}.answers")
    assert len(ps) == len(ans), name
    return [(p, s, a) for p, (s, a) in zip(ps, ans)]


def nine_by_nine() -> List[Tuple[str, str, Optional[str]]]:
    """Every 9x9 fixture puzzle with its answer."""
    out = []
    for name in ("easy", "medium", "minimal", "famous"):
        out += line_set(f"9x9/{name}")
    return out


def without(rec: dict, *keys: str) -> dict:
    """The record less some fields (the time, which differs from run to run)."""
    return {k: v for k, v in rec.items() if k not in keys}


def cli() -> Optional[Path]:
    """The numpl binary of this checkout, when one has been built (for parity tests)."""
    env = os.environ.get("NUMPL_CLI")
    if env:
        return Path(env)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for profile in ("debug", "release"):
        p = target / profile / "numpl"
        if p.exists():
            return p
    return None


@pytest.fixture(scope="session")
def nine() -> List[Tuple[str, str, Optional[str]]]:
    return nine_by_nine()
