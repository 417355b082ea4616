"""Seed 003's approach 1: the move table.

The 3x3 board is a vector of nine squares (0 blank, 1 X, 2 O), read as a
ternary number: square 1 (top left) is the most significant digit, square 9
(bottom right) the least. The table has an entry for each of the 3^9 = 19683
numbers: the board after the move to play there (as its ternary number), or -1
where there is no move (a position no game reaches, or a game that is over).
The table is not typed in: ``build_table`` fills it from perfect play.

>>> table = move_table()
>>> len(table), int((table >= 0).sum())
(19683, 4520)
>>> to_vector(int(table[0]))      # the empty board: X takes a corner
(1, 0, 0, 0, 0, 0, 0, 0, 0)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from gomoku.board import Board, GameOverError, Point, Rules
from gomoku.classic.perfect import solver_for

__all__ = ["SQUARES", "to_index", "to_vector", "board_vector", "build_table", "move_table", "table_move"]

SQUARES = tuple((column, row) for row in range(3) for column in range(3))
"""The seed's squares 1..9 (``SQUARES[n - 1]``) as points (x, y): rows from the top."""


def to_index(vector: tuple[int, ...]) -> int:
    """The ternary number of a board vector (square 1 most significant).

    >>> to_index((0, 0, 0, 0, 0, 0, 0, 0, 1)), to_index((0, 0, 0, 0, 0, 0, 0, 1, 0))
    (1, 3)
    """
    index = 0
    for value in vector:
        index = index * 3 + value
    return index


def to_vector(index: int) -> tuple[int, ...]:
    """The board vector of a ternary number."""
    digits = []
    for _ in range(9):
        index, digit = divmod(index, 3)
        digits.append(digit)
    return tuple(reversed(digits))


def board_vector(board: Board) -> tuple[int, ...]:
    """The nine squares of a 3x3 board: 0 blank, 1 X, 2 O."""
    return tuple(0 if (stone := board[p]) is None else int(stone) for p in SQUARES)


def _rules() -> Rules:
    return Rules.preset("tictactoe")


def build_table() -> np.ndarray:
    """The move table, from perfect play (the first best move in square order)
    on every position some game reaches; -1 elsewhere."""
    solver = solver_for(_rules())
    table = np.full(3**9, -1, dtype=np.int32)
    seen = set()
    stack = [Board(_rules())]
    while stack:
        board = stack.pop()
        index = to_index(board_vector(board))
        if index in seen:
            continue
        seen.add(index)
        if board.is_over:
            continue
        moves, _ = solver.best_moves(board)
        best = min(moves, key=SQUARES.index)
        after = list(board_vector(board))
        after[SQUARES.index(best)] = int(board.turn)
        table[index] = to_index(tuple(after))
        for p in SQUARES:
            if board[p] is None:
                child = board.copy()
                child.push(p)
                stack.append(child)
    return table


@lru_cache(maxsize=1)
def move_table() -> np.ndarray:
    """The move table, built on first use (a fraction of a second)."""
    return build_table()


def table_move(board: Board) -> Point:
    """Approach 1's move: look the board up, and play the square the new board adds."""
    if not board.rules.same_game(_rules()):
        raise ValueError("the move table plays tic-tac-toe (3x3, three in a row) only")
    if board.is_over:
        raise GameOverError(f"the game is over ({board.result}); no move to choose")
    vector = board_vector(board)
    after = int(move_table()[to_index(vector)])
    if after < 0:
        raise ValueError("the move table has no entry for this position (no game of X and O reaches it)")
    new = to_vector(after)
    changed = [i for i in range(9) if new[i] != vector[i]]
    return SQUARES[changed[0]]
