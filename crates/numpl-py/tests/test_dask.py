"""numpl.dask on a LocalCluster of 2 worker processes: the same records, in input order,
as the single-process functions give."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("dask.distributed")

from dask.distributed import Client, LocalCluster  # noqa: E402

import numpl  # noqa: E402
import numpl.dask as nd  # noqa: E402
from conftest import nine_by_nine, without  # noqa: E402


def variants() -> list:
    """388 distinct puzzles (with their solutions) from the 9x9 fixtures: each as it is,
    with its digits relabelled, transposed, and both."""
    out = []
    for p, status, solution in nine_by_nine():
        if status != "solved":
            continue
        relabel = str.maketrans("123456789", "234567891")
        t = lambda s: "".join(s[c * 9 + r] for r in range(9) for c in range(9))  # noqa: E731
        r = p.translate(relabel), solution.translate(relabel)
        out += [(p, solution), r, (t(p), t(solution)), (t(r[0]), t(r[1]))]
    return out


PUZZLES = variants()


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        with Client(lc) as c:
            yield c


def test_enough_puzzles():
    assert len(PUZZLES) >= 300
    assert len({p for p, _ in PUZZLES}) == len(PUZZLES)


def test_rate_many_on_the_cluster_equals_one_process(client):
    puzzles = [p for p, _ in PUZZLES]
    got = nd.rate_many(puzzles, client=client, partition=40)
    want = numpl.rate_many(puzzles)
    assert len(got) == len(puzzles)
    assert [r["index"] for r in got] == list(range(len(puzzles)))
    assert [without(r, "micros") for r in got] == [without(r, "micros") for r in want]
    # Both workers took part.
    assert len(client.nthreads()) == 2


def test_files_csv_and_text(client, tmp_path):
    csv_in = tmp_path / "sudoku.csv"
    with open(csv_in, "w") as f:
        f.write("quizzes,solutions\n")
        for p, s in PUZZLES:
            f.write(f"{p.replace('.', '0')},{s}\n")
    out = tmp_path / "rated.jsonl"
    counts = nd.rate_file(csv_in, out, client=client, partition=64, max_pending=2)
    assert sum(counts.values()) == len(PUZZLES)
    rated = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["puzzle"] for r in rated] == [p for p, _ in PUZZLES]
    assert [r["index"] for r in rated] == list(range(len(PUZZLES)))

    solved = tmp_path / "solved.jsonl"
    counts = nd.solve_file(csv_in, solved, client=client, partition=100)
    assert counts == {"solved": len(PUZZLES)}
    recs = [json.loads(line) for line in solved.read_text().splitlines()]
    assert [r["solution"] for r in recs] == [s for _, s in PUZZLES]

    txt = tmp_path / "puzzles.txt"
    txt.write_text("# one a line\n" + "\n".join(p for p, _ in PUZZLES[:50]) + "\n\nnot a puzzle\n")
    got = nd.solve_many(nd.read_puzzles(txt), client=client, partition=7, algo="full")
    assert [r["status"] for r in got] == ["solved"] * 50 + ["invalid"]
    assert got[-1]["index"] == 50 and got[-1]["algo"] == "full"


def test_generate_on_the_cluster_equals_one_process(client):
    got = nd.generate(12, seed=99, client=client, partition=5)
    want = numpl.generate(count=12, seed=99)
    assert [without(r, "micros") for r in got] == [without(r, "micros") for r in want]
    with pytest.raises(ValueError, match="unknown level"):
        nd.generate(3, client=client, level="fiendish")


def test_command_line_against_a_scheduler_address(client, tmp_path):
    src = tmp_path / "in.txt"
    src.write_text("\n".join(p for p, _ in PUZZLES[:30]) + "\n")
    out = tmp_path / "out.jsonl"
    addr = client.scheduler.address
    run = subprocess.run(
        [sys.executable, "-m", "numpl.dask", "rate", str(src), str(out), "--scheduler", addr, "--partition", "8"],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "30 solved"
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert [without(r, "micros") for r in recs] == [without(r, "micros") for r in numpl.rate_many([p for p, _ in PUZZLES[:30]])]
    # --level-only: the records of rate_many(level_only=True), the same levels.
    run = subprocess.run(
        [sys.executable, "-m", "numpl.dask", "rate", str(src), str(out), "--scheduler", addr, "--level-only"],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    quick = [json.loads(line) for line in out.read_text().splitlines()]
    want = numpl.rate_many([p for p, _ in PUZZLES[:30]], level_only=True)
    assert [without(r, "micros") for r in quick] == [without(r, "micros") for r in want]
    assert [r["level"] for r in quick] == [r["level"] for r in recs]


def test_bad_arguments():
    with pytest.raises(ValueError):
        list(nd.map_puzzles("explain", ["x"]))
    with pytest.raises(ValueError):
        list(nd.map_puzzles("rate", ["x"], partition=0))


def test_an_open_file_through_the_cluster_counts_puzzles(client, tmp_path):
    """Comment and blank lines of an iterable given straight to numpl.dask are skipped
    before partitioning, so the indexes count puzzles as a single process does."""
    txt = tmp_path / "raw.txt"
    ps = [p for p, _ in PUZZLES[:20]]
    txt.write_text("# head\n" + "\n\n# mid\n".join(ps) + "\n\n", encoding="utf-8")
    with open(txt, encoding="utf-8") as f:
        got = nd.solve_many(f, client=client, partition=3)
    with open(txt, encoding="utf-8") as f:
        want = numpl.solve_many(f)
    assert [r["index"] for r in got] == list(range(20))
    assert [r["puzzle"] for r in got] == ps
    assert [without(r, "micros") for r in got] == [without(r, "micros") for r in want]
