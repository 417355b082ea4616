"""Renju in the app: a black move on a forbidden cell is refused in one line (the
board's own reason, through the same ``Board.play``), and the game goes on unchanged."""

from __future__ import annotations

from collections.abc import Callable

from tui_fakes import cell, text_of

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


async def test_a_forbidden_cell_is_marked_weighs_nothing_and_its_breakdown_says_why(
    make_app: Callable[..., GomokuApp],
) -> None:
    app = make_app(settings=GameSettings(rules="renju", mode="humans", level="easy"))
    async with app.run_test(size=(120, 40)) as pilot:
        for point in CROSS:
            app.play(point)
        await pilot.pause()
        view = app.board_view
        assert view.forbidden == ((7, 7),)
        assert cell(view, (7, 7)).strip() == "×"
        await pilot.press("w")  # the weights overlay: black to move, the forbidden cell has none
        assert view.weights is not None and (7, 7) not in view.weights and view.weights
        view.move_cursor_to((7, 7))
        await pilot.press("t")
        await pilot.pause()
        said = text_of(app, "#breakdown")
        assert said.startswith("Forbidden for X (black): double three at 7,7")
        app.play((9, 9))  # X elsewhere: white to move, the cell is still black's forbidden one
        await pilot.pause()
        assert view.forbidden == ((7, 7),) and cell(view, (7, 7)).strip() == "×"
