"""Canonical forms, augmentation and rated data sets: numpl.canon, canon_many, augment,
dataset_many and numpl.dataset.build (Parquet, CSV, JSON Lines; here and on Dask), read
back with pandas and pyarrow. Equivalent puzzles are made here with the test's own
transforms; the CLI's records are the reference for the fields."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

import numpl
import numpl.dataset as nds
from conftest import SAMPLE, SAMPLE_SOLUTION, cli, nine_by_nine, without

CLI = cli()


def transform(p: str, rng: random.Random) -> str:
    """A random member of the 9x9 group applied to ``p`` (``.`` for a blank)."""

    def order() -> list:
        bands = rng.sample(range(3), 3)
        return [b * 3 + i for b in bands for i in rng.sample(range(3), 3)]

    rows, cols, digits = order(), order(), rng.sample("123456789", 9)
    flip = rng.random() < 0.5
    out = []
    for r in rows:
        for c in cols:
            v = p[c * 9 + r] if flip else p[r * 9 + c]
            out.append(digits[int(v) - 1] if v.isdigit() and v != "0" else ".")
    return "".join(out)


def apply(t: str, p: str) -> str:
    """numpl's transform text form (``3x3 [t] r=... c=... d=...``) applied to ``p``."""
    words = t.split()
    field = {w[:2]: w[2:] for w in words if "=" in w}
    rows, cols, digits = (list(map(int, field[k])) for k in ("r=", "c=", "d="))
    flip = "t" in words
    out = []
    for i in rows:
        for j in cols:
            v = p[j * 9 + i] if flip else p[i * 9 + j]
            out.append(str(digits[int(v) - 1]) if v not in ".0" else ".")
    return "".join(out)


def test_equivalent_puzzles_share_a_form_and_the_transform_makes_it():
    rng = random.Random(3)
    copies = [transform(SAMPLE, rng) for _ in range(30)]
    forms = {numpl.canon(c)["canon"] for c in copies}
    assert len(forms) == 1
    r = numpl.canon(SAMPLE)
    assert r["canon"] in forms
    assert apply(r["transform"], SAMPLE) == r["canon"]
    solution = numpl.canon(SAMPLE_SOLUTION)["canon"]
    assert solution.startswith("123456789")
    # The form keeps the givens' count.
    assert r["canon"].count(".") == SAMPLE.count(".")
    with pytest.raises(ValueError):
        numpl.canon("not a puzzle")


def test_canon_many_unique_and_split_by_class():
    rng = random.Random(5)
    puzzles = [p for p, status, _ in nine_by_nine() if status == "solved"][:40]
    mixed = []
    for p in puzzles:
        mixed += [p, transform(p, rng)]
    recs = numpl.canon_many(mixed, test_fraction=0.5, seed=9)
    assert [r["index"] for r in recs] == list(range(len(mixed)))
    for a, b in zip(recs[::2], recs[1::2]):
        assert a["canon"] == b["canon"] and a["split"] == b["split"]
    sides = {r["split"] for r in recs}
    assert sides == {"train", "test"}
    kept = numpl.canon_many(mixed, unique=True)
    assert len(kept) == len({r["canon"] for r in recs})
    assert [r["index"] for r in kept] == sorted(r["index"] for r in kept)
    assert all(r["index"] % 2 == 0 for r in kept)


def test_augmented_copies_are_equivalent_seeded_and_solved():
    copies = numpl.augment(SAMPLE, copies=5, seed=11, index=0)
    assert len(copies) == 5
    form = numpl.canon(SAMPLE)["canon"]
    for c in copies:
        assert numpl.canon(c["puzzle"])["canon"] == form
        assert numpl.solve(c["puzzle"])["solution"] == c["solution"]
        assert apply(c["transform"], SAMPLE) == c["puzzle"]
    assert copies == numpl.augment(SAMPLE, copies=5, seed=11, index=0)
    assert copies != numpl.augment(SAMPLE, copies=5, seed=11, index=1)
    assert numpl.augment("." * 16, copies=3)[0]["status"] == "multiple"


@pytest.mark.skipif(CLI is None, reason="no numpl binary built in this checkout")
def test_records_match_the_cli(tmp_path):
    puzzles = [SAMPLE, transform(SAMPLE, random.Random(1)), "." * 16, "bad"]
    path = tmp_path / "in.txt"
    path.write_text("\n".join(puzzles) + "\n")

    def run(*args: str) -> list:
        out = subprocess.run([str(CLI), "-qq", *args, str(path)], capture_output=True, text=True, check=False)
        assert out.returncode in (0, 1), out.stderr
        return [json.loads(line) for line in out.stdout.splitlines()]

    strip = lambda rs: [without(r, "file", "line", "micros", "error") for r in rs]  # noqa: E731
    assert strip(run("dataset", "-f", "json", "--test-fraction", "0.3", "--seed", "4")) == strip(
        numpl.dataset_many(puzzles, test_fraction=0.3, seed=4)
    )
    assert strip(run("canon", "-f", "json")) == strip(numpl.canon_many(puzzles))
    cli_copies = run("augment", "-f", "json", "--copies", "3", "--seed", "8")
    py = numpl.augment(puzzles[1], copies=3, seed=8, index=1)
    assert [without(r, "index", "file", "line") for r in cli_copies[3:6]] == py


def dataset_input() -> list:
    rng = random.Random(7)
    puzzles = [p for p, status, _ in nine_by_nine() if status == "solved"][:30]
    return puzzles + [transform(p, rng) for p in puzzles[:10]] + ["x" * 81, "." * 81]


@pytest.mark.parametrize("ext", ["parquet", "csv", "jsonl"])
def test_build_writes_every_row_in_order_and_reads_back(tmp_path, ext):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    puzzles = dataset_input()
    out = tmp_path / f"data.{ext}"
    counts = nds.build(out, puzzles, test_fraction=0.25, split_seed=2, row_group=8, partition=7)
    assert counts["rows"] == len(puzzles) and counts["duplicates"] == 0
    assert counts["solved"] == 40 and counts["invalid"] == 1 and counts["multiple"] == 1
    if ext == "parquet":
        import pyarrow.parquet as pq

        f = pq.ParquetFile(out)
        assert f.metadata.num_row_groups == (len(puzzles) + 7) // 8
        assert f.schema_arrow.field("score").type == "int32"
        df = pd.read_parquet(out)
    elif ext == "csv":
        df = pd.read_csv(out, dtype={"puzzle": str, "solution": str, "canon": str})
    else:
        df = pd.read_json(out, lines=True, dtype={"puzzle": str, "solution": str, "canon": str})
    assert list(df.columns) == [c for c in nds.COLUMNS if c not in nds.SE_COLUMNS]
    assert list(df["index"]) == list(range(len(puzzles)))
    assert df["puzzle"][0] == puzzles[0].replace(".", "0")
    want = numpl.dataset_many(puzzles, test_fraction=0.25, seed=2)
    solved = df[df["status"] == "solved"]
    assert list(solved["level"]) == [r["level"] for r in want if r.get("status") == "solved"]
    assert list(solved["givens"]) == [r["givens"] for r in want if r.get("status") == "solved"]
    assert list(df["backtracks"][:40]) == [r["backtracks"] for r in want[:40]]
    assert df["status"].iloc[-2] == "invalid" and "r1c1" in str(df["error"].iloc[-2])
    assert df["status"].iloc[-1] == "multiple" and df["level"].isna().iloc[-1]
    # Equivalent rows share the form and the side of the split.
    for k in range(10):
        a, b = df.iloc[k], df.iloc[30 + k]
        assert a["canon"] == b["canon"] and a["split"] == b["split"]


def test_build_unique_and_from_the_generator(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    puzzles = dataset_input()
    out = tmp_path / "u.parquet"
    counts = nds.build(out, puzzles, unique=True)
    assert counts["duplicates"] == 10
    df = pd.read_parquet(out)
    assert df["canon"].dropna().is_unique
    assert len(df) == len(puzzles) - 10
    gen = tmp_path / "g.csv"
    counts = nds.build(gen, generate={"easy": 6, None: 3}, size=4, seed=5)
    assert counts["rows"] == 9 and counts["solved"] == 9
    df = pd.read_csv(gen, dtype=str)
    assert all(len(p) == 16 for p in df["puzzle"])
    assert (df["level"] == "easy").sum() >= 6
    again = tmp_path / "g2.csv"
    nds.build(again, generate={"easy": 6, None: 3}, size=4, seed=5)
    assert gen.read_text() == again.read_text()
    with pytest.raises(ValueError):
        nds.build(tmp_path / "x.csv")


def test_build_with_sudoku_explainers_columns(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    # Rated 4.2/1.2/1.2 and 2.6/1.2/1.2 by serate 1.2.1.3 (fixtures/se/17-clue.se).
    puzzles = [
        "........1........2..3..4........3.5..6....7..12..8........2........6..7...49...3.",
        "................12....34........53....12...6...6.........1....7.8.......34...85..",
        "." * 81,
    ]
    out = tmp_path / "se.parquet"
    nds.build(out, puzzles, se=True)
    df = pd.read_parquet(out)
    assert list(df.columns) == [c for c in nds.COLUMNS if c != "split"]
    assert list(df["er"][:2]) == ["4.2", "2.6"] and list(df["ed"][:2]) == ["1.2", "1.2"]
    assert df["er_technique"][0] and df["er"].isna().iloc[2]
    recs = numpl.dataset_many(puzzles, se=True)
    assert [r.get("er") for r in recs] == ["4.2", "2.6", None]
    assert "er" not in numpl.dataset_many(puzzles[:1])[0]


def test_build_on_dask_equals_here(tmp_path):
    pytest.importorskip("dask.distributed")
    pytest.importorskip("pyarrow")
    from dask.distributed import Client, LocalCluster

    puzzles = dataset_input()
    here = tmp_path / "here.jsonl"
    there = tmp_path / "there.jsonl"
    nds.build(here, puzzles, unique=True, test_fraction=0.5)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        with Client(lc) as c:
            nds.build(there, puzzles, unique=True, test_fraction=0.5, client=c, partition=9)
    read = lambda p: [without(json.loads(l), "micros") for l in p.read_text().splitlines()]  # noqa: E731,E741
    assert read(here) == read(there)


def test_dataset_many_has_tdokus_backtrack_count():
    # top1465's first: tdoku's TdokuSolverDpllTriadSimd (limit 1) makes 29 guesses on it;
    # the sample takes none; a 4x4 has no count (tdoku's is of 9x9 puzzles).
    top = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    rows = numpl.dataset_many([top, SAMPLE, "." * 16])
    assert [r.get("backtracks") for r in rows] == [29, 0, None]
