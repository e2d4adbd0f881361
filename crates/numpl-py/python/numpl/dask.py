"""numpl over a Dask cluster (``dask.distributed``).

The batch functions of :mod:`numpl` (:func:`numpl.rate_many`, :func:`numpl.solve_many`,
:func:`numpl.generate`) run here on partitions of the input, one Dask task per partition,
and the results come back **in input order** with the same ``index`` as a single-process
run would give. The same code runs on a ``LocalCluster`` on one machine and on a cluster of
many machines: pass a ``distributed.Client``, or a scheduler address (``scheduler=
"tcp://host:8786"``), or nothing (a ``LocalCluster`` with one single-threaded worker
process per core is started for the call and closed after it).

The client reads the input and sends each partition to the cluster with its task, so the
workers need ``numpl`` installed (the same version) but no access to the input file; the
client writes the output. At most ``max_pending`` partitions are in flight at once, so an
input of millions of puzzles streams through in bounded memory.

Inputs (:func:`read_puzzles`):

- a CSV file whose header names the puzzle column (``quizzes,solutions`` as the public ML
  collections ship them, or ``puzzle,solution``), 0 for a blank;
- a text file with one puzzle per line (blank lines and ``#`` comments skipped).

Outputs are JSON Lines: one record (dict) per input puzzle, in input order, as
``numpl rate --format json`` writes them (without ``file`` and ``line``).

Command line::

    python -m numpl.dask rate  puzzles.csv rated.jsonl  [--scheduler tcp://host:8786]
    python -m numpl.dask solve puzzles.txt solved.jsonl [--workers 4] [--partition 2000]
    python -m numpl.dask generate out.jsonl --count 1000 --seed 7 [--size 9 --level hard]
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import random
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence

import numpl

__all__ = [
    "cluster",
    "generate",
    "map_puzzles",
    "rate_file",
    "rate_many",
    "read_puzzles",
    "solve_file",
    "solve_many",
]

Record = Dict[str, Any]

#: Column names taken as the puzzle column of a CSV file, in order of preference.
PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "question")


def read_puzzles(path: str | os.PathLike[str], column: Optional[str] = None) -> Iterator[str]:
    """The puzzles of a file, one string each, in file order.

    A file whose first line holds a comma is CSV: the puzzle column is ``column``, else the
    first of :data:`PUZZLE_COLUMNS` in the header, else the first column. Anything else is
    text, one puzzle per line; blank lines and lines starting with ``#`` are skipped.
    """
    with open(path, newline="", encoding="utf-8-sig") as f:
        first = f.readline()
        f.seek(0)
        if "," in first:
            rows = csv.reader(f)
            header = [h.strip().lower() for h in next(rows, [])]
            if column is not None:
                if column.lower() not in header:
                    raise ValueError(f"{path}: no column {column!r} in {header}")
                at = header.index(column.lower())
            else:
                at = next((header.index(c) for c in PUZZLE_COLUMNS if c in header), 0)
            for row in rows:
                if row:
                    yield row[at].strip()
        else:
            for line in f:
                t = line.strip()
                if t and not t.startswith("#"):
                    yield t


@contextlib.contextmanager
def cluster(client: Any = None, scheduler: Optional[str] = None, workers: Optional[int] = None) -> Iterator[Any]:
    """A ``distributed.Client`` to work with: ``client`` itself when given; else one
    connected to ``scheduler`` (an address such as ``"tcp://10.0.0.5:8786"``); else one on
    a new ``LocalCluster`` of ``workers`` single-threaded worker processes (default: one per
    core), closed on exit. Only clients and clusters made here are closed."""
    if client is not None:
        yield client
        return
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as c:
            yield c
        return
    n = workers or os.cpu_count() or 1
    with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        with Client(lc) as c:
            yield c


def _part(kind: str, offset: int, puzzles: List[str], options: Dict[str, Any]) -> List[Record]:
    """One task: a partition through numpl, indexes made global."""
    if kind == "rate":
        recs = numpl.rate_many(puzzles, **options)
    elif kind == "solve":
        recs = numpl.solve_many(puzzles, **options)
    elif kind == "dataset":
        recs = numpl.dataset_many(puzzles, **options)
    elif kind == "canon":
        recs = numpl.canon_many(puzzles, **options)
    else:
        raise ValueError(f"unknown kind {kind!r}")
    for r in recs:
        r["index"] += offset
    return recs


def _is_puzzle(item: Any) -> bool:
    """Whether ``numpl.rate_many`` / ``solve_many`` make a record of ``item``: anything but a
    string whose every line is blank or a ``#`` comment (those they skip, as the CLI skips
    such lines of a file). Partitions hold only these, so the offsets count puzzles."""
    if not isinstance(item, str):
        return True
    return any(t and not t.startswith("#") for t in (line.strip() for line in item.splitlines()))


def _chunks(items: Iterable[Any], size: int) -> Iterator[List[Any]]:
    chunk: List[Any] = []
    for x in items:
        chunk.append(x)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _ordered(client: Any, tasks: Iterator[tuple], max_pending: int) -> Iterator[Any]:
    """Submits ``(function, *args)`` tasks, at most ``max_pending`` at once, and yields
    their results in submission order as they finish."""
    from dask.distributed import as_completed

    pending = as_completed()
    number = {}
    done: Dict[int, Any] = {}
    submitted = 0
    written = 0

    def submit() -> bool:
        nonlocal submitted
        task = next(tasks, None)
        if task is None:
            return False
        fut = client.submit(*task, pure=False)
        number[fut.key] = submitted
        submitted += 1
        pending.add(fut)
        return True

    while len(number) < max_pending and submit():
        pass
    for fut in pending:
        done[number.pop(fut.key)] = fut.result()
        fut.release()
        submit()
        while written in done:
            yield done.pop(written)
            written += 1


def map_puzzles(
    kind: str,
    puzzles: Iterable[str],
    *,
    client: Any = None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    partition: int = 1000,
    max_pending: Optional[int] = None,
    threads: int = 1,
    **options: Any,
) -> Iterator[Record]:
    """Runs ``numpl.rate_many`` (``kind="rate"``), ``numpl.solve_many``
    (``kind="solve"``, ``options`` such as ``algo="full"``), ``numpl.dataset_many``
    (``kind="dataset"``) or ``numpl.canon_many`` (``kind="canon"``) over the cluster, ``partition``
    puzzles a task, and yields one record per puzzle in input order, ``index`` counting the
    puzzles from 0 over the whole input (strings that are blank or ``#`` comments, such as an
    open file's lines, are skipped and not counted, as :func:`numpl.solve_many` does). ``threads`` is each task's worker threads: 1 lets Dask's workers
    be the parallelism (one task per worker thread)."""
    if kind not in ("rate", "solve", "dataset", "canon"):
        raise ValueError(f"kind must be 'rate', 'solve', 'dataset' or 'canon', not {kind!r}")
    if options.get("unique"):
        raise ValueError("unique is for a whole input: numpl.dataset.build(unique=True) keeps the first of each class")
    if partition < 1:
        raise ValueError("partition must be at least 1")
    opts = dict(options, threads=threads)
    with cluster(client, scheduler, workers) as c:
        if max_pending is None:
            max_pending = 2 * max(1, sum(c.nthreads().values()))
        offset = 0

        def tasks() -> Iterator[tuple]:
            nonlocal offset
            for chunk in _chunks((p for p in puzzles if _is_puzzle(p)), partition):
                yield (_part, kind, offset, chunk, opts)
                offset += len(chunk)

        for recs in _ordered(c, tasks(), max_pending):
            yield from recs


def rate_many(puzzles: Iterable[str], **kw: Any) -> List[Record]:
    """:func:`numpl.rate_many` over a Dask cluster (see :func:`map_puzzles` for ``kw``)."""
    return list(map_puzzles("rate", puzzles, **kw))


def solve_many(puzzles: Iterable[str], **kw: Any) -> List[Record]:
    """:func:`numpl.solve_many` over a Dask cluster (see :func:`map_puzzles` for ``kw``)."""
    return list(map_puzzles("solve", puzzles, **kw))


def _write(records: Iterable[Record], out: str | os.PathLike[str]) -> Dict[str, int]:
    counts: Dict[str, int] = {}
    with open(out, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, separators=(",", ":")))
            f.write("\n")
            s = r.get("status", "error" if "error" in r else "none")
            counts[s] = counts.get(s, 0) + 1
    return counts


def rate_file(
    path: str | os.PathLike[str], out: str | os.PathLike[str], *, column: Optional[str] = None, **kw: Any
) -> Dict[str, int]:
    """Rates every puzzle of ``path`` (CSV or text, see :func:`read_puzzles`) over the
    cluster and writes the records to ``out`` as JSON Lines, in input order. Returns how
    many records ended with each status."""
    return _write(map_puzzles("rate", read_puzzles(path, column), **kw), out)


def solve_file(
    path: str | os.PathLike[str], out: str | os.PathLike[str], *, column: Optional[str] = None, **kw: Any
) -> Dict[str, int]:
    """Solves every puzzle of ``path`` over the cluster (``algo=`` as in
    :func:`numpl.solve_many`) and writes JSON Lines to ``out``, in input order."""
    return _write(map_puzzles("solve", read_puzzles(path, column), **kw), out)


def _gen_part(start: int, count: int, options: Dict[str, Any]) -> List[Record]:
    return numpl.generate(count=count, start=start, **options)


def generate(
    count: int,
    out: str | os.PathLike[str] | None = None,
    *,
    seed: Optional[int] = None,
    client: Any = None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    partition: int = 50,
    max_pending: Optional[int] = None,
    threads: int = 1,
    **options: Any,
) -> List[Record] | Dict[str, int]:
    """:func:`numpl.generate` over a Dask cluster: puzzles ``0 .. count-1`` of the run
    ``seed`` (a random one when not given), ``partition`` puzzles a task. Puzzle ``i``
    depends only on the seed, the options (``size=``, ``level=``, ``symmetry=``, ...) and
    ``i``, so the result equals ``numpl.generate(count=count, seed=seed, ...)``. Returns the
    records, or writes them to ``out`` as JSON Lines and returns the counts per status."""
    if count < 0 or partition < 1:
        raise ValueError("count must be at least 0 and partition at least 1")
    if seed is None:
        seed = random.getrandbits(64)
    opts = dict(options, seed=seed, threads=threads)
    # Check the options once here rather than in every task.
    numpl.generate(count=0, **opts)

    def run() -> Iterator[Record]:
        with cluster(client, scheduler, workers) as c:
            pending = max_pending or 2 * max(1, sum(c.nthreads().values()))
            tasks = ((_gen_part, s, min(partition, count - s), opts) for s in range(0, count, partition))
            for recs in _ordered(c, tasks, pending):
                yield from recs

    if out is None:
        return list(run())
    return _write(run(), out)


def _main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m numpl.dask", description="numpl over a Dask cluster")
    p.add_argument("command", choices=["rate", "solve", "generate"])
    p.add_argument("paths", nargs="+", help="INPUT OUTPUT (rate, solve) or OUTPUT (generate)")
    p.add_argument("--scheduler", help="scheduler address, e.g. tcp://host:8786 (default: a LocalCluster)")
    p.add_argument("--workers", type=int, help="LocalCluster worker processes (default: one per core)")
    p.add_argument("--partition", type=int, help="puzzles per task")
    p.add_argument("--column", help="CSV: the puzzle column")
    p.add_argument("--algo", default="fast", help="solve: fast, full or human")
    p.add_argument("--count", type=int, default=1, help="generate: how many")
    p.add_argument("--seed", type=int, help="generate: the run's seed")
    p.add_argument("--size", default="9", help="generate: N or RxC")
    p.add_argument("--level", help="generate: easy, medium, hard, unfair, extreme")
    p.add_argument("--level-only", action="store_true", help="rate: stop once the level is certain (no score for a puzzle found extreme part way)")
    a = p.parse_args(argv)
    where = dict(scheduler=a.scheduler, workers=a.workers)
    if a.command == "generate":
        if len(a.paths) != 1:
            p.error("generate takes one path: OUTPUT")
        size: Any = int(a.size) if a.size.isdigit() else a.size
        counts = generate(a.count, a.paths[0], seed=a.seed, size=size, level=a.level, partition=a.partition or 50, **where)
    else:
        if len(a.paths) != 2:
            p.error(f"{a.command} takes two paths: INPUT OUTPUT")
        part = dict(partition=a.partition or 1000)
        if a.command == "rate":
            counts = rate_file(a.paths[0], a.paths[1], column=a.column, level_only=a.level_only, **part, **where)
        else:
            counts = solve_file(a.paths[0], a.paths[1], column=a.column, algo=a.algo, **part, **where)
    print(", ".join(f"{n} {s}" for s, n in sorted(counts.items())) or "0 puzzles")
    return 0 if set(counts) <= {"solved"} else 1


if __name__ == "__main__":
    raise SystemExit(_main())
