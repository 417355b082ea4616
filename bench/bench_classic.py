"""The classic games: perfect solves, the 4x4x4 searches' time per move, win detection by
the threat-space matrix against the loop, and the plain search's time limit in 6-D."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import numpy as np

from bench.bench_weights import seconds_per_call
from gomoku.board import Board, Rules
from gomoku.classic.minimax import Stats, choose
from gomoku.classic.perfect import Solver
from gomoku.classic.table import build_table
from gomoku.engine import Engine
from gomoku.experiments.windetect import loop_winner, matrix_winner, position_matrix, sample_positions, threat_matrix


def _solves() -> Iterator[dict]:
    for name in ("tictactoe", "4x4", "cube3", "size=3x3x3,k=3,gravity", "size=4x4,k=4,gravity"):
        solver = Solver(Rules.parse(name))
        start = time.perf_counter()
        score = solver.value(0, 0)
        seconds = time.perf_counter() - start
        yield {
            "name": f"classic.solve.{name}",
            "value": round(seconds, 4),
            "unit": f"s to solve from the empty board ({solver.nodes} nodes, score {score})",
        }
    start = time.perf_counter()
    build_table()
    yield {
        "name": "classic.table.build",
        "value": round(time.perf_counter() - start, 4),
        "unit": "s to generate the 3^9 move table from perfect play",
    }


def _qubic(quick: bool) -> Iterator[dict]:
    rules = Rules.preset("qubic")
    configs = [("minimax", 2), ("alphabeta", 2), ("alphabeta", 3), ("minimax", 3)]
    for algorithm, plies in configs[:3] if quick else configs:  # quick: not the 3-ply minimax (seconds a move)
        moves = 3 if quick else 64
        stats = Stats()
        board = Board(rules)
        rng = random.Random(1)
        while not board.is_over and stats.moves < moves:
            board.play(choose(board, plies, "e2", prune=algorithm == "alphabeta", rng=rng, stats=stats))
        yield {
            "name": f"classic.qubic.{algorithm}{plies}",
            "value": round(1000 * stats.seconds / stats.moves, 2),
            "unit": f"ms a move, 4x4x4 self-play, evaluation 2, {stats.moves} moves "
            f"({stats.states // stats.moves} nodes a move; the original: 3-ply alpha-beta 8 s a move)",
        }


def _windetect(quick: bool) -> Iterator[dict]:
    count = 50 if quick else 5000
    budget = 0.05 if quick else 2.0
    for name in ("cube3", "qubic"):
        rules = Rules.preset(name)
        boards = sample_positions(rules, count, random.Random(name))
        t = threat_matrix(rules)
        matrix = seconds_per_call(lambda boards=boards: [matrix_winner(b) for b in boards], budget) / count
        loop = seconds_per_call(lambda boards=boards: [loop_winner(b) for b in boards], budget) / count
        stacked = np.hstack([position_matrix(b) for b in boards])
        batch = seconds_per_call(lambda t=t, stacked=stacked: t @ stacked, budget) / count
        for method, value, what in (
            ("matrix", matrix, "A = T B (scipy.sparse), one position at a time"),
            ("loop", loop, "the per-line loop"),
            ("matrix_batch", batch, "one product T [B1 B2 ...] for all positions"),
        ):
            yield {
                "name": f"classic.windetect.{name}.{method}",
                "value": round(value * 1e6, 2),
                "unit": f"us a position: {what} ({count} positions)",
            }


def _plain_6d(quick: bool) -> Iterator[dict]:
    board = Board(Rules(dims=6, name="6d"), [(0,) * 6, (1,) * 6])
    engine = Engine()
    for limit in (0.01,) if quick else (0.01, 0.1, 1.0):
        times = []
        for _ in range(3):
            start = time.perf_counter()
            engine.hint(board, time=limit)
            times.append(time.perf_counter() - start)
        yield {
            "name": f"classic.plain6d.time{limit:g}",
            "value": round(max(times), 4),
            "unit": f"s for a hint of two 6-D stones at --time {limit:g} (worst of 3; was 3.6 s at 0.01)",
        }
    box = Board(Rules.parse("size=4x4x4x4x4x4,k=4"), [(1,) * 6])
    start = time.perf_counter()
    Engine().hint(box, time=0.05)
    yield {
        "name": "classic.plain6d.box4",
        "value": round(time.perf_counter() - start, 4),
        "unit": "s for a first hint on a 4x4x4x4x4x4 box (4096 cells, 364 lines a cell) at --time 0.05",
    }


def run(quick: bool) -> Iterator[dict]:
    yield from _solves()
    yield from _qubic(quick)
    yield from _windetect(quick)
    yield from _plain_6d(quick)
