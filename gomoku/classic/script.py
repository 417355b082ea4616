"""Seed 003's approach 2: the scripted strategy (Make_2, PossWin, Go).

The board is nine squares B[1..9] holding 2 (blank), 3 (X) or 5 (O); ``turn``
is the number of the move to make, 1 to 9. ``PossWin(P)`` finds a line whose
product is 18 (3 * 3 * 2: X has two and the third is blank) or 50 (5 * 5 * 2)
and returns its blank square; ``Make_2`` takes the centre, else a blank side
square (2, 4, 6, 8). The moves follow the seed's complete algorithm, move by
move. The seed assumes the computer played the earlier moves of its script: on
a position that did not come about that way a square it names may be taken, and
the script then goes anywhere (the first blank square, or ``rng``'s choice).

>>> from gomoku.board import Board, Rules
>>> script_move(Board(Rules.preset("tictactoe")))            # move 1: Go(5)
(1, 1)
>>> script_move(Board(Rules.preset("tictactoe"), moves=[(1, 1), (0, 0), (2, 2), (2, 0)]))   # move 5: block square 2
(1, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gomoku.board import Board, GameOverError, Point, Rules, Stone
from gomoku.classic.table import SQUARES

__all__ = ["BLANK", "X", "O", "LINES", "squares", "poss_win", "make_2", "scripted_square", "script_move"]

BLANK, X, O = 2, 3, 5  # noqa: E741 - the seed's names for the marks
LINES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))
"""The eight lines as square numbers."""


def squares(board: Board) -> list[int]:
    """The board as B[0..9] (B[0] unused): 2 blank, 3 X, 5 O."""
    values = {None: BLANK, Stone.X: X, Stone.O: O}
    return [0] + [values[board[p]] for p in SQUARES]


def poss_win(b: list[int], player: int) -> int:
    """The square that wins for ``player`` (3 or 5) at once, or 0: the blank
    square of the first line whose product is player * player * 2."""
    target = player * player * BLANK
    for line in LINES:
        if b[line[0]] * b[line[1]] * b[line[2]] == target:
            return next(n for n in line if b[n] == BLANK)
    return 0


def make_2(b: list[int]) -> int:
    """The centre if blank, else the first blank side square (2, 4, 6, 8), else 0."""
    if b[5] == BLANK:
        return 5
    return next((n for n in (2, 4, 6, 8) if b[n] == BLANK), 0)


def scripted_square(
    b: list[int],
    turn: int,
    possible: Callable[[list[int], int], int] = poss_win,
    anywhere: Callable[[list[int]], int] | None = None,
) -> int:
    """The seed's complete algorithm: the square (1..9) to play on move ``turn``.

    ``possible`` finds a winning square (``poss_win``; the magic square's sums in
    approach 3); ``anywhere`` picks a blank square when the script says Go(Anywhere)
    or names a square that is taken.
    """

    def blank(n: int) -> bool:
        return n > 0 and b[n] == BLANK

    def first_blank(values: list[int]) -> int:
        return next(n for n in range(1, 10) if values[n] == BLANK)

    anywhere = anywhere or first_blank

    def win_or_block(me: int, them: int, otherwise: Callable[[], int]) -> int:
        square = possible(b, me)
        if blank(square):
            return square
        square = possible(b, them)
        if blank(square):
            return square
        return otherwise()

    if turn == 1:
        choice = 5
    elif turn == 2:
        choice = 5 if blank(5) else 1
    elif turn == 3:
        choice = 9 if blank(9) else 3
    elif turn == 4:
        threat = possible(b, X)
        choice = threat if blank(threat) else make_2(b)
    elif turn == 5:
        choice = win_or_block(X, O, lambda: 7 if blank(7) else 3)
    elif turn == 6:
        choice = win_or_block(O, X, lambda: make_2(b))
    elif turn in (7, 9):
        choice = win_or_block(X, O, lambda: anywhere(b))
    else:
        choice = win_or_block(O, X, lambda: anywhere(b))
    return choice if blank(choice) else anywhere(b)


def script_move(board: Board, rng: random.Random | None = None) -> Point:
    """Approach 2's move on a tic-tac-toe board."""
    return _move(board, poss_win, rng)


def _move(board: Board, possible: Callable[[list[int], int], int], rng: random.Random | None) -> Point:
    if not board.rules.same_game(Rules.preset("tictactoe")):
        raise ValueError("the seed's scripted strategies play tic-tac-toe (3x3, three in a row) only")
    if board.is_over:
        raise GameOverError(f"the game is over ({board.result}); no move to choose")
    b = squares(board)

    def anywhere(values: list[int]) -> int:
        blanks = [n for n in range(1, 10) if values[n] == BLANK]
        return rng.choice(blanks) if rng is not None else blanks[0]

    return SQUARES[scripted_square(b, len(board.stones) + 1, possible, anywhere) - 1]
