"""Review: the streaming analysis takes the position as it is at the call."""

from __future__ import annotations

import pytest

from gomoku.board import Board, GameOverError
from gomoku.engine import Engine
from gomoku.search.searcher import Limit


def test_analyse_searches_the_position_it_was_given_even_if_the_board_moves_on() -> None:
    # O to move must block X's four at (4, 0); the caller then plays on before the
    # first info is asked for. The board used to be copied only at the first next().
    board = Board(moves=[(0, 0), (-1, 0), (1, 0), (0, 5), (2, 0), (9, 9), (3, 0)])
    analysis = Engine().analyse(board, Limit(depth=1))
    board.play((4, 0))
    board.play((9, 10))
    info = next(analysis)
    analysis.close()
    assert info.pv[0] == (4, 0)


def test_analyse_of_a_finished_game_raises_at_the_call() -> None:
    board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    with pytest.raises(GameOverError):
        Engine().analyse(board)


def test_an_analysis_closed_early_leaves_the_engine_free() -> None:
    engine = Engine()
    board = Board(moves=[(0, 0), (5, 5), (1, 0), (6, 6), (2, 0)])
    analysis = engine.analyse(board, Limit(nodes=50_000))
    next(analysis)
    analysis.close()
    assert engine.hint(board, nodes=300).move not in board.stones


def test_a_nan_time_is_refused_not_searched_forever() -> None:
    # A NaN deadline compares false with every clock reading: the search never stopped.
    with pytest.raises(ValueError):
        Engine().hint(Board(moves=[(0, 0)]), time=float("nan"))
