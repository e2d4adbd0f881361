"""solve_many and rate_many: input order, one dict per input, bad inputs as records."""

from __future__ import annotations

import threading

import pytest

import numpl
from conftest import SAMPLE, without


def test_solve_many_equals_solve_one_by_one(nine):
    puzzles = [p for p, _, _ in nine]
    got = numpl.solve_many(puzzles)
    assert len(got) == len(puzzles)
    for i, (r, (p, status, solution)) in enumerate(zip(got, nine)):
        assert r["index"] == i
        assert without(r, "index", "micros") == without(numpl.solve(p), "micros")
        assert r["status"] == status
        if status == "solved":
            assert r["solution"] == solution


def test_rate_many_equals_rate_one_by_one(nine):
    puzzles = [p for p, _, _ in nine][:40]
    got = numpl.rate_many(iter(puzzles), threads=2)
    assert [r["index"] for r in got] == list(range(len(puzzles)))
    assert [without(r, "index", "micros") for r in got] == [without(numpl.rate(p), "micros") for p in puzzles]


def test_any_iterable_and_any_thread_count(nine):
    puzzles = [p for p, _, _ in nine]
    one = numpl.solve_many(puzzles, threads=1)
    gen = numpl.solve_many((p for p in puzzles), threads=3)
    assert [without(r, "micros") for r in one] == [without(r, "micros") for r in gen]
    assert numpl.solve_many([]) == []
    assert numpl.rate_many(()) == []


def test_bad_inputs_are_records_not_exceptions():
    got = numpl.solve_many([SAMPLE, "5...5" + "." * 76, None, "?", 42, SAMPLE[:-1], SAMPLE], algo="full")
    assert [r["status"] for r in got] == ["solved", "invalid", "invalid", "invalid", "invalid", "invalid", "solved"]
    assert got[1] == {
        "index": 1,
        "status": "invalid",
        "algo": "full",
        "error": "line 1: conflicting givens: r1c1 and r1c5 both hold 5",
    }
    assert got[2]["error"] == "not a string: NoneType"
    assert got[3]["error"].startswith("line 1: ")
    assert got[4]["error"] == "not a string: int"
    assert got[5]["error"].startswith("line 1: a line puzzle has 80 cells")
    rated = numpl.rate_many(["x"])
    assert rated[0]["status"] == "invalid" and rated[0]["algo"] == "human"


def test_options_of_the_batch():
    blank = "." * 81
    assert numpl.solve_many([blank])[0]["status"] == "multiple"
    assert numpl.solve_many([blank], first=True)[0]["status"] == "solved"
    assert numpl.solve_many(["." * 36], box="3x2")[0]["box"] == "3x2"
    assert numpl.solve_many([SAMPLE], algo="human")[0]["level"] == "medium"
    with pytest.raises(ValueError):
        numpl.solve_many([SAMPLE], algo="slow")
    with pytest.raises(TypeError):
        numpl.solve_many(5)


def test_an_iterator_that_fails_raises():
    def broken():
        yield SAMPLE
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        numpl.solve_many(broken())


def test_the_interpreter_is_released_while_a_batch_runs(nine):
    """Another Python thread makes progress while solve_many works."""
    puzzles = [p for p, _, _ in nine] * 20
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    before = len(ticks)
    numpl.rate_many(puzzles, threads=1)
    during = len(ticks) - before
    stop.set()
    t.join()
    assert during > 0


def test_ctrl_c_stops_a_long_batch(nine):
    """A pending KeyboardInterrupt is raised between two stretches of a batch, not after
    the whole of it."""
    import _thread
    import math
    import signal
    import time

    base = [p for p, _, _ in nine]
    stretch_batch = (base * math.ceil(1024 / len(base)))[:1024]  # one stretch of 1024
    one = time.perf_counter()
    numpl.rate_many(stretch_batch, threads=1)
    stretch = time.perf_counter() - one
    # The batch is sized by this machine's speed (and numpl's): at least 20 stretches and
    # about 5 seconds of work, so the interrupt at 0.2 s lands in the middle of it.
    stretches = max(20, math.ceil(5.0 / stretch))
    puzzles = stretch_batch * stretches
    # Ctrl-C as at a terminal: a shell starts a background job (`cmd &`, as a CI script
    # may be run) with SIGINT ignored, and then Python installs no handler and
    # interrupt_main does nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    start = time.perf_counter()
    timer.start()
    raised = False
    try:
        numpl.rate_many(puzzles, threads=1)
    except KeyboardInterrupt:
        raised = True
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    elapsed = time.perf_counter() - start
    assert raised, f"not interrupted: {stretches} stretches ran {elapsed:.3f} s"
    # Stopped well before the end: within a few stretches of the interrupt.
    assert elapsed < 0.2 + 3 * stretch + 1.0
    assert elapsed < stretches * stretch / 2


def test_an_open_file_gives_one_record_per_puzzle(tmp_path):
    """Blank and comment lines (and blank / comment strings) are not puzzles: no record, not
    counted by index; trailing newlines are ignored. Real puzzles, bad ones included, are
    neither dropped nor reordered."""
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# a comment\n\n{SAMPLE}\n   \n  # indented comment\n?bad\n\n{SAMPLE}\n\n", encoding="utf-8")
    with open(path, encoding="utf-8") as f:
        got = numpl.solve_many(f, threads=2)
    assert [(r["index"], r["status"]) for r in got] == [(0, "solved"), (1, "invalid"), (2, "solved")]
    assert got[0]["puzzle"] == SAMPLE
    assert got[1]["error"].startswith("line 1: ")
    with open(path, encoding="utf-8") as f:
        rated = numpl.rate_many(f)
    assert [(r["index"], r["status"]) for r in rated] == [(0, "solved"), (1, "invalid"), (2, "solved")]
    # Lists too: "" and "# ..." are skipped, a non-string is still a record.
    got = numpl.solve_many(["", SAMPLE + "\n", "#x", None, "\n"])
    assert [(r["index"], r["status"]) for r in got] == [(0, "solved"), (1, "invalid")]


def test_thread_counts_below_one_give_one_message():
    for t in (0, -1, -100):
        with pytest.raises(ValueError, match=rf"^threads must be at least 1 \(or None for one per core\), got {t}$"):
            numpl.solve_many([SAMPLE], threads=t)
        with pytest.raises(ValueError, match=rf"^threads must be at least 1 \(or None for one per core\), got {t}$"):
            numpl.rate_many([SAMPLE], threads=t)
