"""Nodes per second, ours beside Rapfi's (the Gomocup champion's classical build)
on the same middle games, and what a move and its take-back cost.

Every figure is per CPU second of the process that searched (``time.process_time``
for ours, ``/proc/PID/stat`` for Rapfi's; each engine's tables made before the clock),
not per wall second: on a shared
machine a process gets a fraction of each second, and the wall-clock rate says
more about the load than about the engine. The positions are
``bench.positions.SPEED_POSITIONS`` (20x20 freestyle, one thread each):

* ``speed.nps``: our ``strong`` level for 1 s a position (0.2 s with ``--quick``),
  nodes (tree and threat searches) per CPU second, the median of the positions;
* ``speed.nps_fixed``: the same under a node limit (300,000; 50,000 with
  ``--quick``), which searches the same nodes on every run, so that two versions
  of the engine are compared on the same work;
* ``speed.rapfi_nps``: Rapfi's own count (its last ``MESSAGE Speed`` line) per CPU
  second of its process, each position sent as a ``BOARD`` to a fresh process with
  the match's ``INFO`` lines; only when its binary is there (``GOMOKU_RAPFI``, a
  command line, or ``../baselines/rapfi/pbrain-rapfi --config ../baselines/rapfi/config.toml``
  beside the repository), and ``speed.rapfi_ratio``, its figure over ours;
* ``speed.move_pairs``: moves made and taken back per CPU second (the
  ``round3`` network's sums kept, and bare, as the threat searches move), every
  candidate cell of each position in turn.
"""

from __future__ import annotations

import os
import shlex
import statistics
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from numba import njit

from bench.positions import SPEED_POSITIONS, speed_board
from gomoku.core.grid import pop, pop_bare, push, push_bare
from gomoku.engine import Engine
from gomoku.search.layout import Grid
from gomoku.search.nets import load_net
from gomoku.search.types import Limit
from gomoku.search.warmup import ensure_loaded

BASELINES = Path(__file__).resolve().parents[2] / "baselines" / "rapfi"


def rapfi_command() -> list[str] | None:
    """Rapfi's command line, or None when it is not there."""
    given = os.environ.get("GOMOKU_RAPFI")
    if given:
        return shlex.split(given)
    binary = BASELINES / "pbrain-rapfi"
    if not binary.is_file():
        return None
    return [str(binary), "--config", str(BASELINES / "config.toml")]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rapfi_speed(command: list[str], moves: list[tuple[int, int]], seconds: float) -> tuple[int, float]:
    """Rapfi's nodes and CPU seconds on the position of ``moves`` (X first), one thread, ``seconds`` a move."""
    mover = len(moves) % 2  # the side to move's stones are 1 in a BOARD
    setup = [
        "START 20",
        f"INFO timeout_turn {int(seconds * 1000)}",
        "INFO timeout_match 0",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 0",
        "INFO thread_num 1",
    ]
    board = ["BOARD"] + [f"{x},{y},{1 if k % 2 == mover else 2}" for k, (x, y) in enumerate(moves)] + ["DONE"]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write("\n".join(setup) + "\n")
        proc.stdin.flush()
        while proc.stdout.readline().strip() != "OK":
            pass
        time.sleep(0.5)  # the INFO lines' table allocation, before the clock
        before = _cpu_seconds(proc.pid)
        proc.stdin.write("\n".join(board) + "\n")
        proc.stdin.flush()
        nodes = 0
        for line in proc.stdout:
            if line.startswith("MESSAGE Speed"):
                fields = dict(part.strip().split(" ", 1) for part in line[8:].split("|"))
                count = fields["Node"]
                nodes = int(float(count.rstrip("KM")) * {"K": 1000, "M": 1_000_000}.get(count[-1], 1))
            if line[:1].isdigit():
                break
        cpu = _cpu_seconds(proc.pid) - before
        proc.stdin.write("END\n")
        proc.stdin.flush()
        proc.wait(timeout=5)
    finally:
        if proc.poll() is None:
            proc.kill()
    return nodes, cpu


@njit(cache=True, nogil=True)
def _pairs(g, cells: np.ndarray, rounds: int, learned: bool) -> None:
    for _ in range(rounds):
        for q in cells:
            if learned:
                push(g, q)
                pop(g)
            else:
                push_bare(g, q)
                pop_bare(g)


def move_pairs(quick: bool) -> Iterator[dict]:
    """Moves made and taken back per CPU second, learned and bare (the best of three runs a position)."""
    rounds = 200 if quick else 2000
    net = load_net("round3")
    for learned in (True, False):
        rates = []
        for name in SPEED_POSITIONS:
            grid = Grid(speed_board(name), net=net)
            cells = np.array(grid.candidates(), dtype=np.int64)
            _pairs(grid.state, cells, 1, learned)
            best = float("inf")
            for _ in range(3):
                start = time.process_time()
                _pairs(grid.state, cells, rounds, learned)
                best = min(best, time.process_time() - start)
            rates.append(rounds * cells.size / max(best, 1e-9))
        kind = "round3's sums kept" if learned else "bare, as the threat searches move"
        yield {
            "name": f"speed.move_pairs.{'learned' if learned else 'bare'}",
            "value": round(statistics.median(rates)),
            "unit": f"moves and take-backs per CPU second ({kind}; median of {len(rates)} positions)",
        }


def ours(quick: bool) -> Iterator[dict]:
    """Our nodes per CPU second, at 1 s a position and under a node limit."""
    names = list(SPEED_POSITIONS)[:2] if quick else list(SPEED_POSITIONS)
    seconds = 0.2 if quick else 1.0
    nodes_limit = 50_000 if quick else 300_000
    timed, fixed = [], []
    for name in names:
        for limit, rates in ((Limit(time=seconds), timed), (Limit(nodes=nodes_limit), fixed)):
            engine = Engine("strong")
            engine.threads = 1
            list(engine.analyse(speed_board(name), Limit(nodes=1)))  # its tables made and touched first
            start = time.process_time()
            infos = list(engine.analyse(speed_board(name), limit))
            rates.append(infos[-1].nodes / max(time.process_time() - start, 1e-9))
    yield {
        "name": "speed.nps",
        "value": round(statistics.median(timed)),
        "unit": f"nodes per CPU second (strong, one thread, {seconds:g} s a position; median of {len(timed)})",
    }
    yield {
        "name": "speed.nps_fixed",
        "value": round(statistics.median(fixed)),
        "unit": f"nodes per CPU second (strong, one thread, {nodes_limit} nodes a position; median of {len(fixed)})",
    }


def run(quick: bool) -> Iterator[dict]:
    ensure_loaded()
    figures = list(ours(quick))
    yield from figures
    command = rapfi_command()
    if command is not None:
        seconds = 0.2 if quick else 1.0
        rates = []
        for name in list(SPEED_POSITIONS)[: 2 if quick else None]:
            moves = [tuple(int(v) for v in m.split(",")) for m in SPEED_POSITIONS[name].split()]
            nodes, cpu = rapfi_speed(command, moves, seconds)  # type: ignore[arg-type]
            rates.append(nodes / max(cpu, 1e-9))
        rapfi = statistics.median(rates)
        yield {
            "name": "speed.rapfi_nps",
            "value": round(rapfi),
            "unit": f"Rapfi's nodes per CPU second (classical, one thread, {seconds:g} s a position; median)",
        }
        yield {
            "name": "speed.rapfi_ratio",
            "value": round(rapfi / figures[0]["value"], 2),
            "unit": "Rapfi's nodes per CPU second over ours (speed.nps)",
        }
    yield from move_pairs(quick)
