#!/usr/bin/env python3
"""Compare numpl's rating with HoDoKu's (run by hand, not in CI).

HoDoKu is the reference rater; the PyPI package `hodoku-py` is a port of its solver.

    pip install hodoku-py
    cargo build --release -p numpl-cli
    python3 xtask/scripts/hodoku_compare.py --per-level 200 \
        --pool ../shared/data/top1465.txt --generate 3000

The pool is every 81-symbol puzzle of the --pool files plus --generate puzzles made by
`numpl generate` (seeded, so the run repeats). Each is rated by HoDoKu; up to --per-level
puzzles of each HoDoKu level are kept, rated by `numpl rate --format json`, and the script
prints the confusion matrix (rows: HoDoKu, columns: numpl), the agreement per level and
overall, and how numpl's score compares with HoDoKu's.
"""

import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter, defaultdict

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def read_pool(paths):
    out = []
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if len(line) == 81 and not line.startswith("#"):
                    out.append(line.replace("0", "."))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--numpl", default="target/release/numpl", help="the numpl binary")
    ap.add_argument("--pool", nargs="*", default=[], help="files of 81-symbol puzzles")
    ap.add_argument("--generate", type=int, default=1000, help="puzzles to make with numpl generate")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--per-level", type=int, default=200)
    ap.add_argument("--max-seconds", type=float, default=0,
                    help="stop rating with HoDoKu after this long and compare what was chosen")
    ap.add_argument("--save", help="write the chosen puzzles with HoDoKu's level and score "
                    "(one `puzzle level score` a line) to this file")
    ap.add_argument("--load", help="compare on puzzles saved by --save (no HoDoKu run)")
    args = ap.parse_args()

    if args.load:
        with open(args.load) as f:
            puzzles = [(p, l, int(s)) for p, l, s in (line.split() for line in f if line.strip())]
        compare(args, puzzles)
        return

    try:
        from hodoku import Solver
    except ImportError:
        sys.exit("hodoku-py is not installed: pip install hodoku-py")

    pool = read_pool(args.pool)
    if args.generate:
        gen = subprocess.run(
            [args.numpl, "generate", "--count", str(args.generate), "--seed", str(args.seed),
             "--format", "line", "-q"],
            check=True, capture_output=True, text=True,
        )
        pool += [l.strip() for l in gen.stdout.splitlines() if len(l.strip()) == 81]
    random.Random(args.seed).shuffle(pool)
    print(f"pool: {len(pool)} puzzles", file=sys.stderr)

    hodoku = Solver()
    chosen = defaultdict(list)
    start = time.monotonic()
    for i, p in enumerate(pool):
        if all(len(chosen[l]) >= args.per_level for l in LEVELS):
            break
        if args.max_seconds and time.monotonic() - start > args.max_seconds:
            print(f"  time is up after {i} puzzles", file=sys.stderr)
            break
        r = hodoku.rate(p)
        level = r.level.name.lower()
        if level in LEVELS and len(chosen[level]) < args.per_level:
            chosen[level].append((p, r.score))
        if i % 20 == 0:
            print(f"  rated {i} with HoDoKu: " + " ".join(f"{l}={len(chosen[l])}" for l in LEVELS),
                  file=sys.stderr)

    puzzles = [(p, level, score) for level in LEVELS for (p, score) in chosen[level]]
    if args.save:
        with open(args.save, "w") as f:
            f.writelines(f"{p} {level} {score}\n" for p, level, score in puzzles)
    compare(args, puzzles)


def compare(args, puzzles):
    """Rates `puzzles` ((puzzle, HoDoKu level, HoDoKu score)) with numpl and prints the matrix."""
    rated = subprocess.run(
        [args.numpl, "rate", "--format", "json", "-q", "--threads", "1", "-"],
        input="".join(p + "\n" for p, _, _ in puzzles), capture_output=True, text=True,
    )
    records = [json.loads(l) for l in rated.stdout.splitlines() if l.strip()]
    if len(records) != len(puzzles):
        sys.exit(f"numpl rate gave {len(records)} records for {len(puzzles)} puzzles")

    matrix = Counter()
    ratios = []
    for (p, level, score), rec in zip(puzzles, records):
        ours = rec.get("level", rec.get("status", "?"))
        matrix[(level, ours)] += 1
        if rec.get("score") and score:
            ratios.append(rec["score"] / score)

    cols = LEVELS + sorted({o for (_, o) in matrix} - set(LEVELS))
    print("HoDoKu \\ numpl " + "".join(f"{c:>9}" for c in cols) + "   agree")
    total = same = 0
    for level in LEVELS:
        row = [matrix[(level, c)] for c in cols]
        n = sum(row)
        ok = matrix[(level, level)]
        total += n
        same += ok
        pct = f"{100 * ok / n:5.1f}%" if n else "    -"
        print(f"{level:>14} " + "".join(f"{x:>9}" for x in row) + f"   {pct}")
    overall = 100 * same / total if total else 0.0
    print(f"agreement: {same}/{total} = {overall:.1f}%")
    if ratios:
        ratios.sort()
        q = lambda f: ratios[min(len(ratios) - 1, int(f * len(ratios)))]
        print(f"score numpl/HoDoKu ({len(ratios)} puzzles): median {q(0.5):.2f}, "
              f"p10 {q(0.1):.2f}, p25 {q(0.25):.2f}, p75 {q(0.75):.2f}, p90 {q(0.9):.2f}, "
              f"within 10%: {sum(1 for r in ratios if 0.9 <= r <= 1.1) / len(ratios):.0%}")


if __name__ == "__main__":
    main()
