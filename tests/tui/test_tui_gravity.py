"""Gravity played as people play it: a stone dropped anywhere in a column falls to its
lowest empty cell, the cursor stays on cells a stone may go to, and the overlay and
the hint's marks show no cell where a stone would float."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import Static
from tui_fakes import FakeHint, settle

from gomoku.board import Board, Point, Rules
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.services import Analyst
from tui.widgets.board_view import BoardView


def humans(rules: str) -> GameSettings:
    return GameSettings(rules=rules, mode="humans", level="easy")


def cell_text(view: BoardView, point: Point) -> str:
    offset = view.offset_of(point)
    assert offset is not None, point
    return view.render_line(offset.y).text[offset.x - 1 : offset.x + 2]


def every_cell(board: Board) -> dict[Point, float]:
    """A weight map that offers every empty cell, floating ones too (the app must drop those)."""
    low, high = board.rules.bounds
    return {
        (x, y): 1.0 + x
        for x in range(low[0], high[0] + 1)
        for y in range(low[1], high[1] + 1)
        if (x, y) not in board.stones
    }


async def test_enter_drops_the_stone_down_the_cursor_column(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("connect4"))
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.board_view
        board = app.game.board
        assert view.cursor == (3, 0)  # the cursor starts where a stone may go
        await pilot.press("enter")
        assert board.move_stack == [(3, 0)]
        assert view.cursor == (3, 1)  # and stays where the column's next stone would land
        await pilot.press("up", "up", "up", "left", "space")  # from high up the next column: it falls
        assert board.move_stack == [(3, 0), (2, 0)]
        assert view.cursor == (2, 1)
        await pilot.press("right", "up", "up", "up", "enter")
        assert board.move_stack == [(3, 0), (2, 0), (3, 1)]
        assert not any(severity == "warning" for severity, _ in app.notices)


async def test_a_click_anywhere_in_a_column_drops_the_stone(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("connect4"))
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.board_view
        for column in (5, 5, 0):
            await pilot.click(BoardView, offset=tuple(view.offset_of((column, 5))))  # the top row
        assert app.game.board.move_stack == [(5, 0), (5, 1), (0, 0)]
        assert cell_text(view, (0, 0)) == "[X]" and cell_text(view, (5, 1)) == " O "


async def test_a_full_column_says_so(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("connect4"))
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.board_view
        for _ in range(6):  # X, O, X, O, X, O: a full column and no four
            await pilot.click(BoardView, offset=tuple(view.offset_of((0, 3))))
        board = app.game.board
        assert board.move_stack == [(0, y) for y in range(6)]
        await pilot.click(BoardView, offset=tuple(view.offset_of((0, 3))))
        assert len(board.move_stack) == 6
        severity, message = app.notices[-1]
        assert severity == "warning" and message == "Column 0 is full."


async def test_the_drop_is_marked_under_a_floating_cursor(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("connect4"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "left", "left", "up", "up")
        view = app.board_view
        assert view.cursor == (1, 3)
        assert cell_text(view, (1, 0)).strip() == "↓"
        await pilot.press("down", "down", "down")  # on the landing cell itself: no mark
        assert cell_text(view, (1, 0)) == " · "


async def test_the_overlay_and_the_hint_show_only_cells_a_stone_may_go_to(
    make_app: Callable[..., GomokuApp], fake_analyst: Analyst, fake_engine: Any
) -> None:
    fake_analyst.weight_map = every_cell
    app = make_app(settings=humans("connect4"), analyst=fake_analyst)
    async with app.run_test(size=(80, 24)) as pilot:
        for move in [(3, 0), (3, 1), (2, 0)]:
            assert app.play(move)
        await pilot.press("w")
        view = app.board_view
        board = app.game.board
        assert view.weights is not None
        assert sorted(view.weights) == board.legal_moves()
        assert all(cell_text(view, (x, 5)) == " · " for x in range(7))  # no weight up in the air
        assert "best 6,0=7" in str(app.query_one("#legend", Static).render())
        await pilot.press("w")
        # A line whose third move would float there: marks stop where the line cannot be played.
        fake_engine.hint = lambda board, **kwargs: FakeHint(
            (4, 0), 1.0, ((4, 0), (4, 1), (0, 3), (5, 0)), 3, 10, 0.01, False
        )
        await pilot.press("h")
        await settle(app, pilot)
        assert cell_text(view, (4, 0)) == " * " and cell_text(view, (4, 1)) == " 2 "
        assert cell_text(view, (0, 3)) == " · " and cell_text(view, (5, 0)) == " · "
        # A hint on a floating cell is not marked at all (the summary still names it).
        fake_engine.hint = lambda board, **kwargs: FakeHint((6, 4), 1.0, ((6, 4),), 1, 1, 0.01, False)
        app.state.hint = None
        await pilot.press("h")
        await settle(app, pilot)
        assert cell_text(view, (6, 4)) == " · "
        assert "Hint for O: 6,4" in str(app.query_one("#summary", Static).render())


async def test_a_3d_board_drops_along_z(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("size=3x3x3,k=3,gravity"))
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.board_view
        assert view.cursor == (1, 1, 0)
        await pilot.press("right_square_bracket", "right_square_bracket", "right", "enter")
        assert app.game.board.move_stack == [(2, 1, 0)]
        assert view.cursor == (2, 1, 1)
        await pilot.press("right_square_bracket", "up", "enter")  # from 2,0,2: down to 2,0,0
        assert app.game.board.move_stack == [(2, 1, 0), (2, 0, 0)]
        assert view.cursor == (2, 0, 1)


async def test_undo_puts_the_cursor_where_the_stone_was(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("connect4"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "left", "enter", "u")
        assert app.game.board.move_stack == [(3, 0), (3, 1)]
        assert app.board_view.cursor == (3, 2)
        await pilot.press("c")
        assert app.board_view.cursor == (3, 2)


@pytest.mark.parametrize("rules", Rules.PRESETS)
async def test_the_title_names_the_game(make_app: Callable[..., GomokuApp], rules: str) -> None:
    app = make_app(settings=humans(rules))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.title == f"gomoku: {Rules.preset(rules).title()} · level {app.game.settings.level}"
        assert str(app.query_one("#info", Static).render()).startswith(Rules.preset(rules).title())


async def test_the_title_of_a_general_form_is_the_form(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("size=8x6,k=4,gravity"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.title.startswith("gomoku: size=8x6,k=4,gravity · level ")
        app.start_game(app.game.__class__(humans("size=7x6,k=4,gravity")))  # Connect Four by its form
        await pilot.pause()
        assert app.title.startswith("gomoku: Connect Four · level ")
