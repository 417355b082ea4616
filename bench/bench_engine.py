"""The compiled core's figures (issue 9), each beside its target: nodes per
second and depth reached in 1 s on middle games from real games, the time
limit's overshoot, the cold compile, the warm first hint, the stop latency and
the peak memory of a game.

The middle games are the blunder positions of ``../shared`` (moves from this
engine's lost games) when that folder is there, else positions of the
project's own VCT puzzle set (``data/puzzles/vct-selfplay.jsonl``, also taken
from real games). The machine may be loaded: the figures are noisy.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from gomoku.board import Board, Rules
from gomoku.engine import Engine
from gomoku.records import board_from_position
from gomoku.search.params import THREADS

ROOT = Path(__file__).resolve().parents[1]
BLUNDERS = ROOT.parent / "shared" / "data" / "puzzles" / "blunders.jsonl"
OWN = ROOT / "data" / "puzzles" / "vct-selfplay.jsonl"
OPENINGS = ROOT / "data" / "openings" / "balanced20.json"


def positions(count: int | None = None) -> tuple[list[Board], str]:
    """Middle games from real games (``count`` of them at most) and where they came from."""
    path = BLUNDERS if BLUNDERS.exists() else OWN
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if count is not None:
        lines = lines[:: max(1, len(lines) // count)][:count]
    rules = Rules.preset("gomocup20")
    return [board_from_position(p["stones"], p["to_move"], rules) for p in lines], path.name


def speed(quick: bool) -> Iterator[dict]:
    """Nodes per second and depth of a ``strong`` hint, and how far past its limit it ran."""
    seconds = 0.1 if quick else 1.0
    boards, source = positions(2 if quick else None)
    # The process's first search loads the kernels: done here, off the clock.
    start = time.perf_counter()
    Engine("strong").prepare(Rules.preset("gomocup20"))
    yield {
        "name": "engine.in_process_load",
        "value": round(time.perf_counter() - start, 2),
        "unit": "s (loading the cached kernels into this process)",
    }
    overshoot = []
    for threads in sorted({1, THREADS}):
        rates, depths = [], []
        for board in boards:
            engine = Engine("strong")
            engine.threads = threads
            start = time.perf_counter()
            hint = engine.hint(board, time=seconds)
            elapsed = time.perf_counter() - start
            overshoot.append(elapsed - seconds)
            rates.append(round(hint.nodes / elapsed))
            depths.append(hint.depth)
        where = f"{len(boards)} middle games of {source}, {seconds} s, {threads} thread{'s' if threads > 1 else ''}"
        suffix = "" if threads == 1 else f"_{threads}_threads"
        yield {
            "name": f"engine.nps{suffix}",
            "value": round(statistics.median(rates)),
            "unit": f"nodes/s (median; {where}; target >= 500000)",
        }
        yield {"name": f"engine.nps_list{suffix}", "value": rates, "unit": "nodes/s a position"}
        yield {
            "name": f"engine.depth{suffix}",
            "value": statistics.median(depths),
            "unit": f"plies (median; {where}; target >= 12)",
        }
        yield {"name": f"engine.depth_list{suffix}", "value": depths, "unit": "plies a position"}
    yield {
        "name": "engine.time_overshoot",
        "value": round(1000 * max(overshoot), 1),
        "unit": f"ms past a {seconds} s limit (worst of {len(boards)})",
    }


def _child(code: str, env: dict | None = None, timeout: float = 600) -> tuple[float, str]:
    """Run ``code`` in a fresh interpreter; the wall time from start to exit and its stdout."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "child failed")
    return elapsed, done.stdout


def cold_compile(quick: bool) -> Iterator[dict]:
    """``python -m gomoku.search.warmup`` with an empty numba cache (every kernel compiled)."""
    if quick:
        yield {"name": "engine.cold_compile", "value": None, "unit": "skipped in --quick (target < 60 s)"}
        return
    with tempfile.TemporaryDirectory(prefix="gomoku-numba-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        elapsed, _ = _child("import runpy; runpy.run_module('gomoku.search.warmup', run_name='__main__')", env)
    yield {
        "name": "engine.cold_compile",
        "value": round(elapsed, 1),
        "unit": "s (python -m gomoku.search.warmup, empty cache; target < 60 s)",
    }


FIRST_HINT = """
from gomoku.board import Board
from gomoku.engine import Engine
board = Board(moves=[(0, 0), (1, 1), (1, 0), (2, 2), (-1, 1)])
print(Engine('strong').hint(board, time=0.1).move, flush=True)
"""


def _answer_time(code: str) -> float:
    """Seconds from starting ``code`` in a fresh interpreter to its first line of output."""
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as child:
        line = child.stdout.readline()
        elapsed = time.perf_counter() - start
        _, err = child.communicate(timeout=600)
    if child.returncode != 0 or not line:
        raise RuntimeError(err.strip().splitlines()[-1] if err.strip() else "child failed")
    return elapsed


def first_hint(quick: bool) -> Iterator[dict]:
    """A fresh process: import the engine, one hint at 0.1 s; from its start to the answer."""
    runs = 1 if quick else 3
    times = [_answer_time(FIRST_HINT) for _ in range(runs)]
    yield {
        "name": "engine.warm_first_hint",
        "value": round(statistics.median(times), 3),
        "unit": f"s from process start to a 0.1 s hint (median of {runs}: {[round(t, 3) for t in times]};"
        " target < 1 s)",
    }


def _hint_into(answer: list, engine: Engine, board: Board, stop: threading.Event) -> None:
    """A 10 s hint, appended to ``answer`` (a worker thread's target)."""
    answer.append(engine.hint(board, time=10, stop=stop))


def stop_latency(quick: bool) -> Iterator[dict]:
    """A 10 s hint in a thread, stopped after 0.3 s: from ``set()`` to the hint's return."""
    boards, _ = positions(3)
    runs = 2 if quick else 5
    latencies = []
    for n in range(runs):
        stop = threading.Event()
        engine = Engine("strong")
        answer = []
        worker = threading.Thread(target=_hint_into, args=(answer, engine, boards[n % len(boards)], stop))
        worker.start()
        time.sleep(0.3)
        start = time.perf_counter()
        stop.set()
        worker.join()
        latencies.append(1000 * (time.perf_counter() - start))
        assert answer, "the stopped hint gave no move"
    yield {
        "name": "engine.stop_latency",
        "value": round(max(latencies), 1),
        "unit": f"ms from stop.set() to the hint (worst of {runs}: {[round(t, 1) for t in latencies]};"
        " target <= 20 ms)",
    }


GAME = """
import sys
from gomoku.board import Board, Rules
from gomoku.engine import Engine
moves, seconds, memory = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
engine = Engine('strong', memory_mb=None if memory == 'default' else int(memory))
board = Board(Rules.preset('gomocup20'), OPENING)
for _ in range(moves):
    if board.is_over:
        break
    board.play(engine.hint(board, time=seconds).move)
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent across fork and exec.
print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')))
"""


def memory(quick: bool) -> Iterator[dict]:
    """Peak RSS of a process that plays ten ``strong`` moves at 1 s, at the
    default table size and at memory_mb=50 (skipped with ``quick``: a process
    costs seconds to start)."""
    if quick or not Path("/proc/self/status").exists():
        why = "in --quick" if quick else "(no /proc: Linux only)"
        yield {"name": "engine.peak_rss.default", "value": None, "unit": f"skipped {why} (target < 350 MB)"}
        return
    moves, seconds = 10, 1.0
    # A balanced opening: the game lasts its ten moves (a sharp one is won in five).
    opening = [tuple(p) for p in json.loads(OPENINGS.read_text())[0]]
    code = f"OPENING = {opening!r}\n" + GAME
    for memory_mb in ("default", "50"):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", code, str(moves), str(seconds), memory_mb],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip().splitlines()[-1])
        peak = int(done.stdout.split()[-1]) / 1024  # VmHWM is in kB
        label = "default" if memory_mb == "default" else f"memory_mb_{memory_mb}"
        yield {
            "name": f"engine.peak_rss.{label}",
            "value": round(peak, 1),
            "unit": f"MB ({moves} moves of strong at {seconds} s, {time.perf_counter() - start:.0f} s;"
            " target < 350 MB)",
        }


def run(quick: bool) -> Iterator[dict]:
    """Every figure of the compiled core (fewer and shorter runs with ``quick``)."""
    yield from speed(quick)
    yield from stop_latency(quick)
    yield from first_hint(quick)
    yield from memory(quick)
    yield from cold_compile(quick)
