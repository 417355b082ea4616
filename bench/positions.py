"""Positions the benchmarks share (not a benchmark itself: no ``bench_`` prefix)."""

from __future__ import annotations

import random

from gomoku.board import Board


def quiet_game(stones: int, seed: int = 2026) -> Board:
    """A compact random game of ``stones`` moves in which nobody has made five,
    so that every push runs the whole win check and every cell stays open."""
    rng = random.Random(seed)
    board = Board()
    while board.ply < stones:
        cells = board.candidates(1)
        rng.shuffle(cells)
        for cell in cells:
            board.push(cell)
            if board.winner is None:
                break
            board.pop()
    return board
