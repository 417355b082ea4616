"""Renju in the app: a black move on a forbidden cell is refused in one line (the
board's own reason, through the same ``Board.play``), and the game goes on unchanged."""

from __future__ import annotations

from collections.abc import Callable

from gomoku.board import Stone
from tui.app import GomokuApp
from tui.game import GameSettings

CROSS = [(6, 7), (0, 0), (8, 7), (0, 2), (7, 6), (0, 4), (7, 8), (0, 6)]


async def test_a_forbidden_black_move_is_refused_with_its_reason(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="renju", mode="humans", level="easy"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.title.startswith("gomoku: Renju · level ")
        for point in CROSS:
            assert app.play(point) is not False
        before = dict(app.game.board.stones)
        assert app.play((7, 7)) is False
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert "forbidden for black: double three at 7,7 (lines 6,7-8,7 and 7,6-7,8)" in messages
        assert app.game.board.stones == before and app.game.board.turn is Stone.X
        app.play((9, 9))
        app.play((7, 7))  # white may
        assert app.game.board.stones[(7, 7)] is Stone.O
