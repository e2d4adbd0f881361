"""Rated data sets of puzzles, as Parquet, CSV or JSON Lines, on one machine or a Dask cluster.

:func:`build` takes puzzles from a file (CSV as the public collections ship them, such as
``quizzes,solutions`` or ``puzzle,solution,clues,difficulty``, or one puzzle a line), from
any iterable of strings, or from numpl's generator (``generate={"easy": 200_000, "hard":
50_000}``: levels in the proportions asked for), and writes one row per puzzle, in input
order, with the columns of ``numpl dataset``:

=============  =======  ==============================================================
column         type     what
=============  =======  ==============================================================
index          int64    the puzzle's place in the input (generated: in the run), from 0
puzzle         string   the puzzle, ``0`` for a blank (as the public collections)
solution       string   its solution (one solution), ``0`` for a blank
status         string   ``solved``, ``multiple``, ``unsolvable``, ``budget``, ``invalid``
givens         int32    the number of givens
canon          string   the minlex form (equivalent puzzles share it), ``0`` for a blank
nodes          int64    the fast search's nodes (values placed), counting two solutions
guesses        int64    the fast search's guesses (branching decisions)
backtracks     int64    tdoku's backtrack count (sudoku-extreme's ``rating``), 9x9 only
level          string   HoDoKu's level (``easy`` .. ``extreme``), for one solution
score          int32    HoDoKu's score (null when none)
techniques     string   the rating's technique counts, ``hidden_single:23 x_wing:1``
er             string   Sudoku Explainer's ER, e.g. ``7.1`` (with ``se=True``; null when SE
                        gives none: several solutions, or serate's 20.0)
ep             string   SE's EP (with ``se=True``)
ed             string   SE's ED (with ``se=True``)
er_technique   string   the SE technique behind ER (with ``se=True``)
split          string   ``train`` or ``test`` (with ``test_fraction``: by class)
error          string   why a puzzle is invalid (else null)
=============  =======  ==============================================================

Rows stream: the input is read, worked and written a partition at a time, and Parquet is
written one row group at a time, so memory stays flat whatever the size (with ``unique``,
a 64-bit hash of each class written: 1e6 classes about 60 MB, a chance below 3e-8 that
two of them share one). ``unique=True`` keeps the first puzzle of each class.

On a cluster (``client=``, ``scheduler=`` or ``workers=``, see :mod:`numpl.dask`) each
partition is one task and the rows come back in order; without one, partitions run here
on every core (``threads``).

Command line::

    python -m numpl.dataset out.parquet --input puzzles.csv [--unique] [--test-fraction 0.1] [--se]
    python -m numpl.dataset out.parquet --generate easy=200000,hard=50000 --seed 7
"""

from __future__ import annotations

import csv
import json
import os
import time
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence

import numpl
from numpl import dask as _dask

__all__ = ["COLUMNS", "build", "generated_puzzles"]

Record = Dict[str, Any]

#: Sudoku Explainer's columns (only with ``se=True``).
SE_COLUMNS = ("er", "ep", "ed", "er_technique")

#: The columns, in order (``split`` only with a split, :data:`SE_COLUMNS` only with SE).
COLUMNS = (
    "index",
    "puzzle",
    "solution",
    "status",
    "givens",
    "canon",
    "nodes",
    "guesses",
    "backtracks",
    "level",
    "score",
    "techniques",
    *SE_COLUMNS,
    "split",
    "error",
)


def _columns(split: bool, se: bool) -> List[str]:
    return [
        c for c in COLUMNS if (split or c != "split") and (se or c not in SE_COLUMNS)
    ]


def _arrow_schema(split: bool, se: bool) -> Any:
    import pyarrow as pa

    types = {
        "index": pa.int64(),
        "givens": pa.int32(),
        "nodes": pa.int64(),
        "guesses": pa.int64(),
        "backtracks": pa.int64(),
        "score": pa.int32(),
    }
    return pa.schema([(c, types.get(c, pa.string())) for c in _columns(split, se)])


def _zero_blanks(s: Optional[str]) -> Optional[str]:
    return None if s is None else s.replace(".", "0")


def _row(r: Record, index: int) -> Record:
    """A record of ``numpl.dataset_many`` as a row of the data set."""
    t = r.get("techniques")
    return {
        "index": index,
        "puzzle": _zero_blanks(r.get("puzzle")),
        "solution": _zero_blanks(r.get("solution")) if r.get("status") == "solved" else None,
        "status": r.get("status"),
        "givens": r.get("givens"),
        "canon": _zero_blanks(r.get("canon")),
        "nodes": r.get("nodes"),
        "guesses": r.get("guesses"),
        "backtracks": r.get("backtracks"),
        "level": r.get("level"),
        "score": r.get("score"),
        "techniques": " ".join(f"{k}:{v}" for k, v in t.items()) if t else None,
        **{c: r.get(c) for c in SE_COLUMNS},
        "split": r.get("split"),
        "error": r.get("error"),
    }


def generated_puzzles(
    generate: Dict[Optional[str], int], *, size: Any = 9, seed: int = 0, batch: int = 1000, **options: Any
) -> Iterator[str]:
    """Puzzles from numpl's generator: ``generate`` maps a level (``"easy"`` .. ``"extreme"``,
    or ``None`` for any) to a count; each level is its own seeded run (seed ``seed + k`` for
    the k-th level), interleaved in proportion so any prefix of the stream has the mix."""
    runs = []
    for k, (level, count) in enumerate(generate.items()):
        if count < 0:
            raise ValueError(f"count for {level!r} must be at least 0, got {count}")
        runs.append({"level": level, "count": count, "seed": seed + k, "next": 0})
    total = sum(r["count"] for r in runs)
    made = 0
    while made < total:
        for r in runs:
            # Each run gets its share of the batch, at least one while it has puzzles left.
            share = max(1, round(batch * r["count"] / max(total, 1)))
            n = min(share, r["count"] - r["next"])
            if n <= 0:
                continue
            recs = numpl.generate(
                size=size, count=n, level=r["level"], seed=r["seed"], start=r["next"], **options
            )
            r["next"] += n
            made += n
            for rec in recs:
                if "puzzle" in rec:
                    yield rec["puzzle"]


class _Writer:
    """Rows to Parquet (one row group per ``flush``), CSV or JSON Lines, by extension."""

    def __init__(self, out: str | os.PathLike[str], split: bool, se: bool, row_group: int) -> None:
        self.path = os.fspath(out)
        self.columns = _columns(split, se)
        self.kind = (
            "parquet"
            if self.path.endswith(".parquet")
            else "csv"
            if self.path.endswith(".csv")
            else "jsonl"
        )
        self.rows: List[Record] = []
        self.row_group = row_group
        if self.kind == "parquet":
            import pyarrow.parquet as pq

            self.schema = _arrow_schema(split, se)
            self.pq = pq.ParquetWriter(self.path, self.schema, compression="zstd")
        else:
            self.f = open(self.path, "w", newline="", encoding="utf-8")
            if self.kind == "csv":
                self.csv = csv.DictWriter(self.f, fieldnames=self.columns, extrasaction="ignore")
                self.csv.writeheader()

    def add(self, row: Record) -> None:
        self.rows.append(row)
        if len(self.rows) >= self.row_group:
            self.flush()

    def flush(self) -> None:
        if not self.rows:
            return
        if self.kind == "parquet":
            import pyarrow as pa

            cols = {c: [r.get(c) for r in self.rows] for c in self.columns}
            self.pq.write_table(pa.Table.from_pydict(cols, schema=self.schema))
        elif self.kind == "csv":
            self.csv.writerows(self.rows)
        else:
            for r in self.rows:
                self.f.write(json.dumps({c: r.get(c) for c in self.columns}, separators=(",", ":")))
                self.f.write("\n")
        self.rows = []

    def close(self) -> None:
        self.flush()
        if self.kind == "parquet":
            self.pq.close()
        else:
            self.f.close()


def build(
    out: str | os.PathLike[str],
    source: Any = None,
    *,
    generate: Optional[Dict[Optional[str], int]] = None,
    size: Any = 9,
    seed: int = 0,
    unique: bool = False,
    test_fraction: Optional[float] = None,
    split_seed: int = 0,
    se: bool = False,
    column: Optional[str] = None,
    client: Any = None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    partition: int = 4096,
    row_group: int = 65536,
    threads: Optional[int] = None,
    **options: Any,
) -> Dict[str, Any]:
    """Builds a data set into ``out`` (``.parquet`` (needs pyarrow), ``.csv`` or ``.jsonl``).

    ``source``: a path (CSV or text, see :func:`numpl.dask.read_puzzles`, ``column`` picks
    the CSV column) or an iterable of puzzle strings; or ``generate`` (level -> count, with
    ``size`` and ``seed``, see :func:`generated_puzzles`). ``unique`` keeps the first
    puzzle of each class; ``test_fraction`` adds ``split`` by class (``split_seed``);
    ``se`` adds Sudoku Explainer's ``er``, ``ep``, ``ed`` and ``er_technique``.
    ``options``: ``enable``, ``disable``, ``budget`` as :func:`numpl.dataset_many` takes
    them. Returns the counts: ``rows`` written, ``duplicates`` left out, per ``status``,
    and ``seconds``.
    """
    if (source is None) == (generate is None):
        raise ValueError("give either source (a path or puzzles) or generate (level -> count)")
    if partition < 1 or row_group < 1:
        raise ValueError("partition and row_group must be at least 1")
    start = time.perf_counter()
    if generate is not None:
        puzzles: Iterable[str] = generated_puzzles(generate, size=size, seed=seed)
    elif isinstance(source, (str, os.PathLike)):
        puzzles = _dask.read_puzzles(source, column)
    else:
        puzzles = source
    opts = dict(options)
    if se:
        opts["se"] = True
    if test_fraction is not None:
        opts.update(test_fraction=test_fraction, seed=split_seed)
    on_cluster = client is not None or scheduler is not None or workers is not None
    if on_cluster:
        records: Iterable[Record] = _dask.map_puzzles(
            "dataset", puzzles, client=client, scheduler=scheduler, workers=workers,
            partition=partition, **opts,
        )
    else:
        def local() -> Iterator[Record]:
            offset = 0
            for chunk in _dask._chunks((p for p in puzzles if _dask._is_puzzle(p)), partition):
                for r in numpl.dataset_many(chunk, threads=threads, **opts):
                    r["index"] += offset
                    yield r
                offset += len(chunk)

        records = local()
    writer = _Writer(out, test_fraction is not None, se, row_group)
    seen: set = set()
    counts: Dict[str, Any] = {"rows": 0, "duplicates": 0}
    try:
        for r in records:
            canon = r.get("canon")
            if unique and canon is not None:
                h = hash(canon)
                if h in seen:
                    counts["duplicates"] += 1
                    continue
                seen.add(h)
            writer.add(_row(r, r["index"]))
            counts["rows"] += 1
            s = r.get("status", "invalid")
            counts[s] = counts.get(s, 0) + 1
    finally:
        writer.close()
    counts["seconds"] = round(time.perf_counter() - start, 3)
    return counts


def _main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m numpl.dataset", description="a rated data set of puzzles")
    p.add_argument("out", help="the data set: .parquet, .csv or .jsonl")
    p.add_argument("--input", help="puzzles: a CSV or text file")
    p.add_argument("--generate", help="level=count,... (any=count for any level), e.g. easy=1000,hard=200")
    p.add_argument("--size", default="9")
    p.add_argument("--seed", type=int, default=0, help="the generator's seed")
    p.add_argument("--unique", action="store_true", help="keep the first puzzle of each class")
    p.add_argument("--test-fraction", type=float)
    p.add_argument("--split-seed", type=int, default=0)
    p.add_argument("--se", action="store_true", help="add Sudoku Explainer's er, ep, ed columns")
    p.add_argument("--scheduler", help="a Dask scheduler address (default: this machine)")
    p.add_argument("--workers", type=int, help="a LocalCluster of this many worker processes")
    a = p.parse_args(argv)
    gen = None
    if a.generate:
        gen = {}
        for part in a.generate.split(","):
            level, _, n = part.partition("=")
            gen[None if level in ("any", "") else level] = int(n)
    counts = build(
        a.out, a.input, generate=gen, size=a.size, seed=a.seed, unique=a.unique,
        test_fraction=a.test_fraction, split_seed=a.split_seed, se=a.se, scheduler=a.scheduler,
        workers=a.workers,
    )
    print(json.dumps(counts))
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
