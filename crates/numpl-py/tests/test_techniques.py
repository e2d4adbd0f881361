"""enable / disable: the human solver's techniques turned on or off, as the CLI's flags."""

from __future__ import annotations

import pytest

import numpl

# Its logical solution takes one XY-Wing (hard, 758); without it an XY-Chain (unfair, 858).
XY_WING = ".32.6..4...9..8....5..7....6...9...3...5.7...4...8...2....4..9....1..2...4..3.68."
MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


def test_disable_changes_the_rating():
    r = numpl.rate(XY_WING)
    assert (r["status"], r["level"], r["score"]) == ("solved", "hard", 758)
    assert r["techniques"]["xy_wing"] == 1
    for off in ("xy_wing", ["xy_wing"], "XY-Wing,x_chain"):
        r = numpl.rate(XY_WING, disable=off)
        assert (r["status"], r["level"], r["score"]) == ("solved", "unfair", 858), off
        assert "xy_wing" not in r["techniques"]
        assert r["techniques"]["xy_chain"] == 1
    # rate_many and explain follow it too.
    many = numpl.rate_many([XY_WING, XY_WING], disable="xy_wing")
    assert [m["score"] for m in many] == [858, 858]
    steps = numpl.explain(XY_WING)["steps"]
    assert any(s.startswith("XY-Wing") for s in steps)
    steps = numpl.explain(XY_WING, disable="xy_wing")["steps"]
    assert not any(s.startswith("XY-Wing") for s in steps)


def test_enable_undoes_nothing_it_does_not_name_and_logic_only():
    # Enabling a technique that is on anyway changes nothing.
    assert numpl.rate(XY_WING, enable="xy_wing")["score"] == 758
    r = numpl.rate(MONSTER, disable="brute_force")
    assert (r["status"], r["level"]) == ("stuck", "extreme")
    assert "brute_force" not in r["techniques"]


def test_hint_without_singles():
    assert numpl.hint(XY_WING)["hint"].startswith("Naked Single")
    h = numpl.hint(XY_WING, disable="full_house,naked_single,hidden_single")
    assert h["hint"].startswith("Locked Triple"), h


def test_generate_without_singles():
    # Forcing chains follow the singles' implications, so they finish whatever singles
    # would: the difference shows with them off (and under a technique limit).
    off = ["naked_single", "hidden_single"]
    logic = off + ["forcing_chain", "forcing_net", "brute_force"]
    made = numpl.generate(count=4, seed=3, max_technique="xy_wing", disable=off)
    for r in made:
        assert not set(r["techniques"]) & set(off), r
        rated = numpl.rate(r["puzzle"], disable=logic)
        assert rated["status"] == "solved", rated
    plain = numpl.generate(count=4, seed=3, max_technique="xy_wing")
    stuck = [numpl.rate(r["puzzle"], disable=logic)["status"] for r in plain]
    assert "stuck" in stuck


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(disable="magic"), "unknown technique `magic`"),
        (dict(enable="x_wing", disable=["x_wing"]), "enable x_wing and disable x_wing contradict"),
        (dict(disable=7), "disable must be a technique name"),
    ],
)
def test_bad_names_are_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        numpl.rate(XY_WING, **kwargs)
    with pytest.raises(ValueError, match=message):
        numpl.generate(seed=1, **kwargs)


def test_require_a_disabled_technique_is_refused():
    with pytest.raises(ValueError, match="require xy_wing contradicts disable xy_wing"):
        numpl.generate(seed=1, require="xy_wing", disable="xy_wing")
