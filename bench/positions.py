"""Positions the benchmarks share (not a benchmark itself: no ``bench_`` prefix)."""

from __future__ import annotations

import random

from gomoku.board import Board, Rules


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


SPEED_POSITIONS = {
    # Middle games of 20x20 freestyle (gomocup20), O to move, none decided: the positions on which
    # Rapfi's nodes per second were measured beside ours (bench_speed). x,y as the protocol has them.
    "P1": "5,12 10,15 5,11 6,11 13,12 6,12 6,13 5,13 7,15 7,14 6,10 5,10 7,11 7,12 8,13 8,12 10,12",
    "P2": "5,12 10,15 5,11 6,11 13,12 6,12 6,13 5,13 7,15 7,14 6,10 5,10 7,11 7,12 8,13 8,12 10,12 4,12 6,14 4,11 4,9",
    "P3": "4,10 4,7 5,6 1,6 3,8 5,9 2,9 4,8 4,5 3,9 3,4 6,7 5,7 5,8 3,6 4,9 3,7 3,5 2,3 1,2 7,6",
    "P4": "4,10 4,7 5,6 1,6 3,8 5,9 2,9 4,8 4,5 3,6 2,6 2,5 5,8 1,4 0,3 1,7 1,5",
    "P5": "4,10 4,7 5,6 1,6 3,8 5,9 2,9 4,8 4,5 3,7 2,6 6,10 7,11 6,7 2,7 2,8 3,6 5,4 1,8 0,9 4,11",
}
"""Five middle games from matches against the classical build of Rapfi and our own baseline."""


def speed_board(name: str, rules: str = "gomocup20") -> Board:
    """One of ``SPEED_POSITIONS`` as a board under ``rules`` (a preset's name)."""
    moves = [tuple(int(v) for v in move.split(",")) for move in SPEED_POSITIONS[name].split()]
    return Board(Rules.preset(rules), moves)
