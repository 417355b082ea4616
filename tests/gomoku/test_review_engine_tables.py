"""Review: the search's tables kept from game to game, under other rules."""

from __future__ import annotations

from gomoku.board import Board, Rules
from gomoku.engine import Engine

# X to move. On the endless board X wins by threats that run off the left edge of a
# 15x15 board (a VCT through -1,2); on the 15x15 board there is no such win.
MOVES = [(3, 3), (2, 2), (2, 5), (0, 0), (2, 4), (1, 6), (2, 0), (3, 2), (0, 4), (1, 2), (0, 5), (2, 6)]


def test_a_win_found_under_other_rules_is_not_claimed() -> None:
    engine = Engine(memory_mb=8)
    endless = engine.hint(Board(Rules(), MOVES), nodes=20_000)
    bounded = Board(Rules.preset("gomocup15"), MOVES)
    hint = engine.hint(bounded, nodes=20_000)
    fresh = Engine(memory_mb=8).hint(bounded, nodes=20_000)
    assert not fresh.forced_win  # the 15x15 board holds no win found in these nodes
    assert endless.forced_win  # ... which the endless board has, and its search found
    assert hint.forced_win == fresh.forced_win
    assert hint.score == fresh.score


def test_the_tables_are_kept_from_move_to_move_under_the_same_rules() -> None:
    engine = Engine(memory_mb=8)
    board = Board(Rules.preset("gomocup15"), MOVES)
    engine.hint(board, nodes=2000)
    size_before = int((engine.searcher.ctx.tt_key != 0).sum())
    board.play(engine.hint(board, nodes=2000).move)
    engine.hint(board, nodes=500)
    assert int((engine.searcher.ctx.tt_key != 0).sum()) >= size_before
