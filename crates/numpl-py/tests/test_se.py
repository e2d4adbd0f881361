"""Sudoku Explainer's scale from Python: `rate(p, scale="se")` and `rate_many(...,
scale="se")` give serate 1.2.1.3's ER/EP/ED, as the repository's fixtures hold them (made
by serate on this project's machine: fixtures/se/)."""

import re

import pytest

import numpl
from conftest import FIXTURES, lines

PUZZLES = lines(FIXTURES / "se" / "17-clue.txt")[:12]
SERATE = lines(FIXTURES / "se" / "17-clue.se")[:12]


def test_rate_on_se_scale_gives_serates_figures():
    rec = numpl.rate(PUZZLES[0], scale="se")
    er, ep, ed = SERATE[0].split("/")
    assert (rec["status"], rec["er"], rec["ep"], rec["ed"]) == ("solved", er, ep, ed)
    assert rec["er_technique"] and rec["ep_technique"] and rec["ed_technique"]
    assert "level" not in rec


def test_rate_many_on_se_scale_keeps_order_and_figures():
    recs = numpl.rate_many(PUZZLES, threads=2, scale="se")
    assert [r["index"] for r in recs] == list(range(len(PUZZLES)))
    assert ["/".join((r["er"], r["ep"], r["ed"])) for r in recs] == SERATE


def test_se_scale_refuses_hodokus_options_and_unknown_scales():
    with pytest.raises(ValueError, match="HoDoKu's options"):
        numpl.rate(PUZZLES[0], scale="se", level_only=True)
    with pytest.raises(ValueError, match="unknown scale"):
        numpl.rate(PUZZLES[0], scale="explainer")
    # Several solutions: the status, no figures.
    multiple = numpl.rate("." * 81, scale="se")
    assert multiple["status"] == "multiple" and "er" not in multiple


def test_explain_and_hint_on_se_scale():
    rec = numpl.explain(PUZZLES[0], scale="se")
    er, ep, ed = SERATE[0].split("/")
    assert (rec["status"], rec["er"], rec["ep"], rec["ed"]) == ("solved", er, ep, ed)
    # Each step carries its SE difficulty; ER is the hardest of them.
    diffs = [re.search(r"\((\d+\.\d)\)", s).group(1) for s in rec["steps"]]
    assert max(diffs, key=float) == er
    hint = numpl.hint(PUZZLES[0], scale="se")
    assert hint["hint"] == rec["steps"][0]
    assert numpl.hint("." * 81, scale="se")["status"] == "multiple"
    with pytest.raises(ValueError, match="HoDoKu's options"):
        numpl.explain(PUZZLES[0], scale="se", disable="x_wing")
