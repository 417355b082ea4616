"""The engine under renju: its move for black is never a forbidden one, at every level (the
search knows the rule, ``tests/gomoku/core/test_renju_search.py``; the greedy levels do not),
and a forbidden choice gives way to the best allowed candidate."""

from __future__ import annotations

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.engine import Engine

BLACK = [(3, 7), (4, 7), (5, 7), (6, 4), (6, 5), (6, 6)]
WHITE = [(0, 14), (2, 14), (4, 14), (9, 14), (11, 14), (13, 14)]
DOUBLE_FOUR = (6, 7)
"""Black's three across and three down meet at 6,7: two fours, freestyle's winning move
and renju's forbidden one."""


def position(name: str) -> Board:
    board = Board(Rules.preset(name))
    for black, white in zip(BLACK, WHITE):
        board.play(black)
        board.play(white)
    return board


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_freestyle_plays_the_double_four_and_renju_never_does(level: str) -> None:
    free = Engine(level).hint(position("gomocup15"), nodes=300)
    assert free.move == DOUBLE_FOUR
    board = position("renju")
    assert board.forbidden(DOUBLE_FOUR) is not None
    hint = Engine(level).hint(board, nodes=300)
    assert hint.move != DOUBLE_FOUR and board.forbidden(hint.move) is None and hint.move not in board.stones
    assert hint.pv[0] == hint.move
    if level == "normal":
        # The renju search finds black's real win: 6,3 makes an open four down; after either
        # block, 6,7 (or 6,2) makes exactly five, which wins though 6,7 is also a double four.
        assert hint.forced_win
        line = position("renju")
        for move in hint.pv:
            line.play(move)  # every move of the line legal, black's never forbidden
        assert line.winner is Stone.X
    else:
        assert not hint.forced_win
    board.play(hint.move)  # the board takes it: it is legal


def test_multipv_gives_way_to_the_best_allowed_candidate() -> None:
    board = position("renju")
    hint = Engine("strong").hint(board, nodes=3000, multipv=3)
    assert hint.move != DOUBLE_FOUR and board.forbidden(hint.move) is None
    assert all(c.move != DOUBLE_FOUR for c in hint.candidates) and hint.candidates[0].move == hint.move


def test_white_may_play_what_is_forbidden_to_black() -> None:
    board = position("renju")
    board.play((10, 10))  # black elsewhere; white to move
    assert board.turn is Stone.O
    hint = Engine("greedy").hint(board)
    assert hint.move == DOUBLE_FOUR  # white must block the double four's cell, and may
