"""Win detection by the threat-space matrix, against the per-line loop
(``gomoku experiment windetect``; the ideas of seeds 000 and 001).

Seed 000 builds the matrix T (one row per win line, one column per cell, 1s
on the line's cells) and a position B (one column per player, 1s on their
cells): A = T B counts each player's stones on each line, and a count of k is
a win. Seed 001 found the matrix product "way too slow" and counted the lines
with loops instead. Both are here, with the same answers, to be timed.

>>> from gomoku.board import Board, Rules
>>> board = Board(Rules.preset("cube3"), moves=[(0, 0, 0), (0, 1, 0), (1, 1, 1), (0, 2, 0), (2, 2, 2)])
>>> threat_matrix(board.rules).shape
(49, 27)
>>> matrix_counts(board).max(axis=0).tolist(), matrix_winner(board), loop_winner(board)
([3, 2], 'X', 'X')
"""

from __future__ import annotations

import random
import time as _time
from functools import lru_cache

import numpy as np
from scipy import sparse

from gomoku.board import Board, Rules, Stone
from gomoku.board.geometry import Geometry
from gomoku.experiments.table import Progress, Table

__all__ = [
    "threat_matrix",
    "position_matrix",
    "matrix_counts",
    "matrix_winner",
    "loop_counts",
    "loop_winner",
    "sample_positions",
    "windetect_table",
]


@lru_cache(maxsize=8)
def threat_matrix(rules: Rules) -> sparse.csr_matrix:
    """T: lines x cells, 1 where the line holds the cell (scipy.sparse)."""
    geometry = Geometry.of(rules)
    rows = [i for i, line in enumerate(geometry.lines) for _ in line]
    cols = [c for line in geometry.lines for c in line]
    return sparse.csr_matrix(
        (np.ones(len(rows), dtype=np.int32), (rows, cols)), shape=(len(geometry.lines), geometry.size)
    )


def position_matrix(board: Board) -> np.ndarray:
    """B: cells x 2, column 0 for X's stones, column 1 for O's."""
    geometry = Geometry.of(board.rules)
    b = np.zeros((geometry.size, 2), dtype=np.int32)
    for point, stone in board.stones.items():
        b[geometry.index[point], 0 if stone is Stone.X else 1] = 1
    return b


def matrix_counts(board: Board) -> np.ndarray:
    """A = T B: each line's count of X's and of O's stones."""
    return threat_matrix(board.rules) @ position_matrix(board)


def _winner(counts: np.ndarray, k: int) -> str | None:
    if (counts[:, 0] == k).any():
        return "X"
    if (counts[:, 1] == k).any():
        return "O"
    return None


def matrix_winner(board: Board) -> str | None:
    """The winner by the threat space: a count of k in a column."""
    return _winner(matrix_counts(board), board.rules.k)


def loop_counts(board: Board) -> list[tuple[int, int]]:
    """Seed 001's way: loop over every line and its cells, counting each side's stones."""
    geometry = Geometry.of(board.rules)
    cells = [0] * geometry.size
    for point, stone in board.stones.items():
        cells[geometry.index[point]] = int(stone)
    counts = []
    for line in geometry.lines:
        x = o = 0
        for c in line:
            if cells[c] == 1:
                x += 1
            elif cells[c] == 2:
                o += 1
        counts.append((x, o))
    return counts


def loop_winner(board: Board) -> str | None:
    """The winner by the per-line loop."""
    k = board.rules.k
    counts = loop_counts(board)
    if any(x == k for x, _ in counts):
        return "X"
    if any(o == k for _, o in counts):
        return "O"
    return None


def sample_positions(rules: Rules, count: int, rng: random.Random) -> list[Board]:
    """``count`` positions of random stones, X and O alternately, any number of them
    (some hold a line; those where both sides hold one are left out)."""
    geometry = Geometry.of(rules)
    boards: list[Board] = []
    while len(boards) < count:
        order = list(range(geometry.size))
        rng.shuffle(order)
        stones = rng.randrange(geometry.size + 1)
        board = Board(rules)
        setup = {geometry.cells[c]: (Stone.X if i % 2 == 0 else Stone.O) for i, c in enumerate(order[:stones])}
        try:
            board.set_up(setup)
        except ValueError:
            continue  # both sides hold a line: no game reaches this
        boards.append(board)
    return boards


def windetect_table(positions: int = 2000, seed: int = 0, progress: Progress | None = None) -> Table:
    """Win detection on ``positions`` random positions of 3x3x3 and 4x4x4 by each
    method: whether they agree, and microseconds a position."""
    rows = []
    for step, name in enumerate(("cube3", "qubic"), 1):
        rules = Rules.preset(name)
        boards = sample_positions(rules, positions, random.Random(f"{seed}/{name}"))
        geometry = Geometry.of(rules)
        t = threat_matrix(rules)
        b_all = np.hstack([position_matrix(board) for board in boards])
        timings = {}
        start = _time.perf_counter()
        by_matrix = [matrix_winner(board) for board in boards]
        timings["matrix"] = _time.perf_counter() - start
        start = _time.perf_counter()
        by_loop = [loop_winner(board) for board in boards]
        timings["loop"] = _time.perf_counter() - start
        start = _time.perf_counter()
        a_all = t @ b_all
        by_batch = [_winner(a_all[:, 2 * i : 2 * i + 2], rules.k) for i in range(len(boards))]
        timings["batch"] = _time.perf_counter() - start
        start = _time.perf_counter()
        by_mask = []
        for board in boards:
            x = sum(1 << geometry.index[p] for p, s in board.stones.items() if s is Stone.X)
            o = sum(1 << geometry.index[p] for p, s in board.stones.items() if s is Stone.O)
            by_mask.append("X" if geometry.wins(x) else "O" if geometry.wins(o) else None)
        timings["mask"] = _time.perf_counter() - start
        same_counts = all(
            matrix_counts(board).tolist() == [list(c) for c in loop_counts(board)] for board in boards[:200]
        )
        agree = sum(1 for a, b, c, d in zip(by_matrix, by_loop, by_batch, by_mask) if a == b == c == d)
        wins = sum(1 for w in by_loop if w)
        rows.append(
            [
                name,
                len(geometry.lines),
                len(boards),
                wins,
                agree,
                "yes" if same_counts else "NO",
                *(round(1e6 * timings[m] / len(boards), 1) for m in ("matrix", "loop", "batch", "mask")),
            ]
        )
        if progress:
            progress(step, 2)
    return Table(
        "windetect",
        "Win detection: threat-space matrix A = T B (scipy.sparse) against the per-line loop, microseconds a position",
        [
            "game",
            "lines",
            "positions",
            "with a win",
            "all agree",
            "A = loop counts",
            "matrix",
            "loop",
            "matrix, all at once",
            "bit masks",
        ],
        rows,
        [
            "matrix: T @ B for each position; loop: the loops over lines and cells; all at once: one "
            "product T @ [B1 B2 ...] for every position; bit masks: our own check (a line's mask within a player's)."
        ],
    )
