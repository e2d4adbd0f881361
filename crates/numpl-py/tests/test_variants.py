"""Variant puzzles from Python: numpl's variant record as a dict or as its JSON text, and
ISS's constraint strings, in the one-puzzle functions and the batches; the human-solver
functions refuse them as the CLI does."""

import json

import numpl

# A whisper-line puzzle from the Interactive Sudoku Solver's examples (German Whispers),
# with the solution ISS lists.
WHISPERS = (
    ".Whisper~R8C1~R7C1~R7C2~R8C3~R9C3~R9C2.Whisper~R9C6~R8C7~R7C7~R7C8~R6C9~R5C8"
    ".Whisper~R6C3~R5C2~R4C3~R3C4~R2C5~R1C6~R1C7~R2C8~R3C8~R4C7~R5C6~R6C6~R7C6~R8C5~R7C4"
    ".Whisper~R4C5~R4C6~R3C7.~R1C5_1~R2C2_5~R5C1_6~R5C9_9~R7C3_3~R8C8_3~R9C1_5~R9C5_3"
)
SOLUTION = "796413852352689417184275693247591386615348279839762541923857164478126935561934728"

# A 4x4 killer with no givens and one solution, 1234/3412/2143/4321.
CAGES = [
    (3, ["r1c1", "r1c2"]),
    (7, ["r1c3", "r1c4"]),
    (5, ["r2c1", "r3c1"]),
    (5, ["r2c2", "r2c3"]),
    (5, ["r2c4", "r3c4"]),
    (4, ["r3c2", "r4c2"]),
    (7, ["r3c3", "r4c3", "r4c4"]),
    (4, ["r4c1"]),
]
KILLER = {"box": "2x2", "constraints": [{"type": "cage", "sum": s, "cells": c} for s, c in CAGES]}


def test_an_iss_string_solves_to_iss_solution():
    rec = numpl.solve(WHISPERS)
    assert rec["status"] == "solved"
    assert rec["solution"] == SOLUTION
    assert [c["type"] for c in rec["variant"]["constraints"]] == ["whisper"] * 4


def test_a_dict_and_its_json_text_are_the_same_puzzle():
    a = numpl.solve(KILLER)
    b = numpl.solve(json.dumps(KILLER))
    a.pop("micros"), b.pop("micros")
    assert a == b
    assert (a["status"], a["solution"]) == ("solved", "1234341221434321")
    assert a["variant"]["constraints"][0] == {"type": "cage", "sum": 3, "cells": ["r1c1", "r1c2"]}
    assert numpl.count(KILLER, limit=5)["count"] == 1
    # No rules at all: every 4x4 grid.
    assert numpl.count({"box": "2x2", "constraints": []}, limit=300)["count"] == 288


def test_batches_keep_order_with_variants_and_classic_puzzles_mixed():
    classic = "1234341221434321"
    recs = numpl.solve_many([KILLER, classic, WHISPERS])
    assert [r["index"] for r in recs] == [0, 1, 2]
    assert [r["status"] for r in recs] == ["solved", "solved", "solved"]
    assert "variant" not in recs[1]


def test_variants_are_rated_hinted_and_explained_step_by_step():
    rated = numpl.rate(KILLER)
    assert (rated["status"], rated["solution"]) == ("solved", "1234341221434321")
    assert rated["level"] in ("easy", "medium", "hard") and rated["score"] > 0
    assert rated["techniques"]["cage_combination"] >= 1
    explained = numpl.explain(KILLER)
    assert len(explained["steps"]) == sum(rated["techniques"].values())
    assert explained["steps"][0].startswith("Cage Combination: cage r1c1 (3 in 2 cells) is 1+2")
    hint = numpl.hint(KILLER)
    assert hint["hint"] == explained["steps"][0]
    # Sudoku Explainer rates classic puzzles only, and says so.
    se = numpl.rate(KILLER, scale="se")
    assert se["status"] == "stuck" and "not variants" in se["error"]


def test_a_malformed_variant_names_the_constraint():
    bad = dict(KILLER, constraints=[{"type": "thermo", "cells": ["r1c1", "r3c1"]}])
    try:
        numpl.solve(bad)
    except ValueError as e:
        assert "constraint 1 (thermo r1c1): r1c1 and r3c1 are not neighbours" in str(e)
    else:
        raise AssertionError("a thermometer of cells apart was accepted")
    try:
        numpl.solve(3)
    except TypeError as e:
        assert "a puzzle is a string, or a dict" in str(e)
    else:
        raise AssertionError("a number was taken for a puzzle")


def test_generate_variant_puzzles_at_a_level():
    for kind in ("killer", "thermo"):
        recs = numpl.generate(count=2, seed=3, variant=kind, level="easy")
        for d in recs:
            assert d["level"] == "easy", d
            back = numpl.rate({"box": d["box"], "givens": d["puzzle"], **d["variant"]})
            assert (back["status"], back["level"]) == ("solved", "easy")


def test_killer_options():
    recs = numpl.generate(count=2, seed=3, variant="killer", cage_cells=(2, 3))
    for d in recs:
        assert all(len(c["cells"]) <= 3 for c in d["variant"]["constraints"]), d
        assert d["givens"] == 0
    [d] = numpl.generate(seed=3, variant="killer", cage_cells=(4, 5), killer_givens=True, level="easy")
    assert d["givens"] > 0 and d["level"] == "easy"
    for bad in ({"variant": "x", "killer_givens": True}, {"cage_cells": (2, 3)}, {"variant": "killer", "cage_cells": (3, 2)}):
        try:
            numpl.generate(**bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad} accepted")


def test_generate_variant_puzzles_solve_back_unique():
    for kind in ("killer", "jigsaw", "x", "windoku", "thermo"):
        recs = numpl.generate(count=3, seed=5, variant=kind, threads=2)
        assert [r["index"] for r in recs] == [0, 1, 2]
        again = numpl.generate(count=2, seed=5, variant=kind, start=1)
        assert [r["puzzle"] for r in again] == [r["puzzle"] for r in recs[1:]]
        for d in recs:
            assert "error" not in d, d
            back = numpl.solve({"box": d["box"], "givens": d["puzzle"], **d["variant"]})
            assert back["status"] == "solved" and back["solution"] == d["solution"], kind
        if kind == "killer":
            assert recs[0]["givens"] == 0
    for bad in (
        {"variant": "kakuro"},
        {"variant": "thermo", "level": "extreme"},
        {"variant": "thermo", "require": "x_wing"},
        {"variant": "x", "max_technique": "x_wing"},
        {"variant": "jigsaw", "disable": "x_wing"},
        {"variant": "windoku", "size": 4},
    ):
        try:
            numpl.generate(**bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad} accepted")


# The same 4x4 killer over values 0..3: every value one less, every cage's sum one less a
# cell (0123/2301/1032/3210).
ZERO_KILLER = {
    "box": "2x2",
    "values": "0-3",
    "constraints": [{"type": "cage", "sum": s - len(c), "cells": c} for s, c in CAGES],
}


def test_values_from_zero_solve_and_rate_in_their_own_values():
    rec = numpl.solve(ZERO_KILLER)
    assert rec["status"] == "solved"
    assert rec["solution"] == "0123230110323210"
    assert rec["variant"]["values"] == "0-3"
    assert numpl.count(ZERO_KILLER)["count"] == 1
    # The variant techniques rate it as its values-from-1 twin, in its own values.
    rated = numpl.rate(ZERO_KILLER)
    assert rated["status"] == "solved"
    assert rated["solution"] == "0123230110323210"
    assert rated["level"] == numpl.rate(KILLER)["level"]
    steps = numpl.explain(ZERO_KILLER)["steps"]
    assert any("(1 in 2 cells) is 0+1" in s for s in steps), steps
