"""Benchmarks of the Python module (not a test: figures depend on the machine).

1. ``solve``: ``numpl.solve_many(puzzles, threads=T)`` on a file of puzzles (read in
   Python, one string a line) against the CLI on the same file,
   ``numpl solve --threads T -q FILE > /dev/null``; wall time, best of ``--repeat`` runs,
   the two sides taking turns. Ratio = Python time / CLI time (1.10 is "10 % slower").
2. ``rate``: ``numpl.dask.rate_many`` on a LocalCluster of ``--workers`` single-threaded
   worker processes against ``numpl.rate_many(puzzles, threads=1)`` in this process; the
   cluster is started before the clock. Speed-up = one-process time / cluster time. In the
   same rounds, as a machine check, the CLI's ``numpl rate --threads W`` against
   ``--threads 1`` on the same puzzles: on a machine whose cores are busy with other work
   neither side can show a speed-up, and this check tells that from slow code.

Usage (from the repository root, with the module installed in release mode, e.g.
``pip install ./crates/numpl-py``, and the CLI built with ``cargo build --profile dist``)::

    python crates/numpl-py/bench/bench.py ../shared/data/top1465.txt \
        --cli target/dist/numpl --threads 2 --workers 2 --repeat 5

The puzzle file is read where it is; it is never copied into the repository.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from typing import Callable, List


def read(path: str) -> List[str]:
    with open(path, encoding="utf-8") as f:
        return [t for t in (line.strip() for line in f) if t and not t.startswith("#")]


def clock(f: Callable[[], object]) -> float:
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def summary(name: str, times: List[float]) -> str:
    return f"{name}: best {min(times):.3f} s, median {statistics.median(times):.3f} s over {len(times)} runs"


def bench_solve(path: str, cli: str, threads: int, repeat: int) -> None:
    import numpl

    def python() -> None:
        recs = numpl.solve_many(read(path), threads=threads)
        assert all(r["status"] == "solved" for r in recs)

    def command() -> None:
        with open(os.devnull, "w") as null:
            subprocess.run([cli, "solve", "--threads", str(threads), "-q", path], stdout=null, check=True)

    py: List[float] = []
    sh: List[float] = []
    python()  # warm: page cache, pools
    for _ in range(repeat):
        py.append(clock(python))
        sh.append(clock(command))
    n = len(read(path))
    print(f"solve {n} puzzles of {path}, {threads} threads")
    print("  " + summary("numpl.solve_many", py))
    print("  " + summary(f"{cli} solve -q", sh))
    print(f"  ratio Python / CLI (best): {min(py) / min(sh):.3f}; (median): {statistics.median(py) / statistics.median(sh):.3f}")


def bench_rate(path: str, workers: int, repeat: int, limit: int, cli: str) -> None:
    import numpl
    import numpl.dask as nd
    from dask.distributed import Client, LocalCluster

    puzzles = read(path)[:limit] if limit else read(path)
    # The CLI reads a file: the same puzzles, in a temporary one (outside the repository).
    import tempfile

    fd, cli_path = tempfile.mkstemp(suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(puzzles) + "\n")

    def cli_rate(n: int) -> None:
        with open(os.devnull, "w") as null:
            subprocess.run([cli, "rate", "--threads", str(n), "-q", cli_path], stdout=null, check=False)

    has_cli = os.path.exists(cli)
    one: List[float] = []
    many: List[float] = []
    c1: List[float] = []
    c2: List[float] = []
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        with Client(lc) as client:
            part = max(1, len(puzzles) // (workers * 8))
            nd.rate_many(puzzles[: workers * 4], client=client, partition=2)  # warm the workers
            # The four measurements take turns, so each round sees the same machine.
            for _ in range(repeat):
                one.append(clock(lambda: numpl.rate_many(puzzles, threads=1)))
                many.append(clock(lambda: nd.rate_many(puzzles, client=client, partition=part)))
                if has_cli:
                    c1.append(clock(lambda: cli_rate(1)))
                    c2.append(clock(lambda: cli_rate(workers)))
    os.unlink(cli_path)
    print(f"rate {len(puzzles)} puzzles of {path}: 1 process vs {workers} Dask worker processes")
    print("  " + summary("numpl.rate_many(threads=1)", one))
    print("  " + summary(f"numpl.dask.rate_many ({workers} workers)", many))
    print(f"  speed-up (best): {min(one) / min(many):.2f}x; (median): {statistics.median(one) / statistics.median(many):.2f}x")
    if has_cli:
        # What the machine gives in the same rounds: a loaded machine shows no speed-up here.
        print(f"  machine check, {cli} rate --threads {workers} vs --threads 1 in the same rounds:")
        print(f"    speed-up (best): {min(c1) / min(c2):.2f}x; (median): {statistics.median(c1) / statistics.median(c2):.2f}x")


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.abspath(os.path.join(here, "..", "..", ".."))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file", nargs="?", default=os.path.join(root, "..", "shared", "data", "top1465.txt"))
    p.add_argument("--cli", default=os.path.join(root, "target", "dist", "numpl"))
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--rate-limit", type=int, default=0, help="rate only the first N puzzles (0: all)")
    p.add_argument("--only", choices=["solve", "rate"])
    a = p.parse_args()
    if a.only in (None, "solve"):
        bench_solve(a.file, a.cli, a.threads, a.repeat)
    if a.only in (None, "rate"):
        bench_rate(a.file, a.workers, a.repeat, a.rate_limit, a.cli)
    return 0


if __name__ == "__main__":
    sys.exit(main())
