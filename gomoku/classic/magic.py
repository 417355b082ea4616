"""Seed 003's approach 3: win and block detection by a magic square's sums.

The squares carry the numbers of the magic square (every row, column and
diagonal sums to 15); a player threatens to win when two of their squares and
a blank one sum to 15. On 3x3 the triples of 1..9 that sum to 15 are exactly
the eight lines, so the check is exact, and the player is the scripted
strategy with this check in place of PossWin's products.

For 3x3x3 the seed offers a magic cube (its rows, columns, pillars and four
space diagonals sum to 42), but a cube has 49 lines: ``cube_report`` lists
the lines the sums miss and the triples summing to 42 that are no line.

>>> from gomoku.classic.script import BLANK, X
>>> magic_poss_win([0, X, X] + [BLANK] * 7, X)    # X on 8 and 3: the square of 4 wins
3
>>> report = cube_report()
>>> len(report.lines), len(report.missed), len(report.false)
(49, 12, 48)
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from gomoku.board import Board, GameOverError, Point, Rules, Stone
from gomoku.board.geometry import Geometry
from gomoku.classic.script import BLANK, _move

__all__ = [
    "MAGIC_SQUARE",
    "SQUARE_NUMBER",
    "MAGIC_CUBE",
    "CUBE_SUM",
    "magic_poss_win",
    "cube_number",
    "CubeReport",
    "cube_report",
    "magic_move",
]

MAGIC_SQUARE = ((8, 3, 4), (1, 5, 9), (6, 7, 2))
"""The seed's magic square, rows from the top: ``MAGIC_SQUARE[y][x]``."""

SQUARE_NUMBER = [0] + [MAGIC_SQUARE[(n - 1) // 3][(n - 1) % 3] for n in range(1, 10)]
"""The magic number of each square 1..9 (index 0 unused)."""

MAGIC_CUBE = (
    ((8, 24, 10), (12, 7, 23), (22, 11, 9)),
    ((15, 1, 26), (25, 14, 3), (2, 27, 13)),
    ((19, 17, 6), (5, 21, 16), (18, 4, 20)),
)
"""The seed's magic cube, ``MAGIC_CUBE[z][y][x]``: layers z = 0..2, rows from the top."""

CUBE_SUM = 42
"""m(m^3 + 1)/2 for m = 3."""


def magic_poss_win(b: list[int], player: int) -> int:
    """PossWin by sums: for each pair of ``player``'s squares, D = 15 - their sum;
    if 1 <= D <= 9 and the square numbered D is blank, it wins. 0 if none."""
    numbers = [SQUARE_NUMBER[n] for n in range(1, 10) if b[n] == player]
    square_of = {SQUARE_NUMBER[n]: n for n in range(1, 10)}
    for a, c in itertools.combinations(numbers, 2):
        d = 15 - a - c
        if 1 <= d <= 9 and b[square_of[d]] == BLANK:
            return square_of[d]
    return 0


def cube_number(point: Point) -> int:
    """The magic cube's number at (x, y, z)."""
    x, y, z = point
    return MAGIC_CUBE[z][y][x]


@dataclass(frozen=True)
class CubeReport:
    lines: tuple[tuple[Point, ...], ...]
    """The 49 win lines of 3x3x3."""
    missed: tuple[tuple[Point, ...], ...]
    """The lines whose numbers do not sum to 42: the magic check cannot see them."""
    false: tuple[tuple[Point, ...], ...]
    """Triples of cells summing to 42 that are no line: the check sees wins that are not."""


def cube_report() -> CubeReport:
    """Which lines of 3x3x3 the magic cube's sums miss, and which non-lines they take for lines."""
    geometry = Geometry.of(Rules.preset("cube3"))
    lines = tuple(tuple(geometry.cells[c] for c in line) for line in geometry.lines)
    line_set = {frozenset(line) for line in lines}
    missed = tuple(line for line in lines if sum(cube_number(p) for p in line) != CUBE_SUM)
    false = tuple(
        triple
        for triple in itertools.combinations(geometry.cells, 3)
        if sum(cube_number(p) for p in triple) == CUBE_SUM and frozenset(triple) not in line_set
    )
    return CubeReport(lines, missed, false)


def _cube_poss_win(board: Board, stone: Stone) -> Point | None:
    """A blank cell whose number completes a sum of 42 with two of ``stone``'s cells."""
    number_at = {cube_number(p): p for p in Geometry.of(board.rules).cells}
    mine = sorted(cube_number(p) for p in board.stones_of(stone))
    for a, c in itertools.combinations(mine, 2):
        d = CUBE_SUM - a - c
        if 1 <= d <= 27 and board[number_at[d]] is None:
            return number_at[d]
    return None


def magic_move(board: Board, rng: random.Random | None = None) -> Point:
    """Approach 3's move: on 3x3 the script with the sums to 15; on 3x3x3 win or
    block by the sums to 42, else the centre, else the cell on most lines still
    open to the player (ties: ``rng``, else the first)."""
    if board.rules.same_game(Rules.preset("tictactoe")):
        return _move(board, magic_poss_win, rng)
    if not board.rules.same_game(Rules.preset("cube3")):
        raise ValueError("the magic player plays tic-tac-toe (3x3) and 3x3x3 only")
    if board.is_over:
        raise GameOverError(f"the game is over ({board.result}); no move to choose")
    for stone in (board.turn, board.turn.other):
        cell = _cube_poss_win(board, stone)
        if cell is not None:
            return cell
    centre = (1, 1, 1)
    if board[centre] is None:
        return centre
    geometry = Geometry.of(board.rules)
    open_lines = {
        p: sum(
            1
            for li in geometry.lines_through[geometry.index[p]]
            if all(board[geometry.cells[c]] in (None, board.turn) for c in geometry.lines[li])
        )
        for p in board.legal_moves()
    }
    best = max(open_lines.values())
    ties = [p for p in sorted(open_lines) if open_lines[p] == best]
    return rng.choice(ties) if rng is not None else ties[0]
