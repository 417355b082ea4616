"""Pilot tests of the classic games in the app: 3-D boards drawn as layers, gravity, the
new-game dialog's presets and general form (fake engine: instant and deterministic)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select
from tui_fakes import FakeHint, settle, text_of
from waiting import wait_until_async

from gomoku.board import BoardError, Rules, Stone
from gomoku.engine import Engine
from gomoku.records import load_game
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.screens.dialogs import OTHER_RULES, NewGameScreen
from tui.widgets.board_view import BoardView

SIZE = (110, 32)


def humans(rules: str, mode: str = "humans") -> GameSettings:
    return GameSettings(rules=rules, mode=mode, level="easy")


def screen_lines(app: GomokuApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def cell_text(view: BoardView, point: tuple[int, ...]) -> str:
    """The three characters drawn for ``point`` (it must be on screen)."""
    offset = view.offset_of(point)
    assert offset is not None, point
    return view.render_line(offset.y).text[offset.x - 1 : offset.x + 2]


async def test_a_3d_board_shows_every_layer_labelled(make_app: Callable[..., GomokuApp]) -> None:
    for rules, layers in (("cube3", 3), ("qubic", 4)):
        app = make_app(settings=humans(rules))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            view = app.board_view
            lines = [view.render_line(y).text for y in range(view.size.height)]
            for z in range(layers):
                assert sum(line.count(f"z={z}") for line in lines) == 1
            for point in [(x, y, z) for x in (0, layers - 1) for y in (0, layers - 1) for z in range(layers)]:
                assert cell_text(view, point) == " · "  # every corner of every layer is on screen
            # Between two layers and off the board: no cell.
            assert view.cell_at(view.offset_of((layers - 1, 0, 0)) + (4, 0)) is None


async def test_layer_keys_move_the_cursor_and_show_in_the_footer(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("cube3"))
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        assert view.cursor == (1, 1, 1)
        await pilot.press("right_square_bracket")
        assert view.cursor == (1, 1, 2)
        await pilot.press("right_square_bracket")  # the top layer stops it
        assert view.cursor == (1, 1, 2)
        await pilot.press("left", "left", "left", "up")  # the arrows stay in the layer
        assert view.cursor == (0, 0, 2)
        await pilot.press("left_square_bracket", "left_square_bracket", "left_square_bracket")
        assert view.cursor == (0, 0, 0)
        assert "cursor 0,0,0" in text_of(app, "#info")
        footer = screen_lines(app)[-1]
        assert "[] Layer" in footer
        # On a flat board the layer keys are gone, from the footer too.
        app.start_game(app.game.__class__(humans("tictactoe")))
        await pilot.pause()
        assert "Layer" not in screen_lines(app)[-1]
        await pilot.press("right_square_bracket")
        assert view.cursor == (1, 1)


async def test_moves_on_a_3d_board_undo_and_a_win_across_layers(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("cube3"))
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        # X down the middle column through the layers, O along a row of the bottom layer.
        await pilot.press("left_square_bracket", "enter")  # X 1,1,0
        await pilot.press("up", "enter")  # O 1,0,0
        await pilot.press("down", "right_square_bracket", "enter")  # X 1,1,1
        await pilot.press("left_square_bracket", "up", "left", "enter")  # O 0,0,0
        board = app.game.board
        assert board.move_stack == [(1, 1, 0), (1, 0, 0), (1, 1, 1), (0, 0, 0)]
        assert cell_text(view, (1, 1, 0)) == " X " and cell_text(view, (1, 1, 1)) == " X "
        assert cell_text(view, (0, 0, 0)) == "[O]" and cell_text(view, (1, 1, 2)) == " · "
        await pilot.press("u")
        assert board.move_stack == [(1, 1, 0), (1, 0, 0), (1, 1, 1)]
        assert view.cursor == (1, 1, 1) and cell_text(view, (0, 0, 0)) == " · "
        await pilot.press("r")  # redo: the cursor on the move redone
        assert view.cursor == (0, 0, 0)
        await pilot.press("right_square_bracket", "right_square_bracket", "down", "right", "enter")
        assert board.winner is Stone.X
        assert board.winning_line == ((1, 1, 0), (1, 1, 1), (1, 1, 2))
        assert "X wins with three in a row!" in text_of(app, "#status")
        win = view.get_component_rich_style("board--win").bgcolor
        offset = view.offset_of((1, 1, 2))
        assert any(seg.style and seg.style.bgcolor == win and "X" in seg.text for seg in view.render_line(offset.y))


async def test_weights_breakdown_and_hint_on_every_layer(
    make_app: Callable[..., GomokuApp], fake_analyst: Any, fake_engine: Any
) -> None:
    app = make_app(settings=humans("qubic"))
    async with app.run_test(size=SIZE) as pilot:
        for move in [(1, 1, 0), (2, 2, 3), (1, 2, 1), (0, 3, 2)]:
            assert app.play(move)
        await pilot.press("w", "t")
        view = app.board_view
        weights = fake_analyst.weight_map(app.game.board)
        assert view.weights == weights
        for z in range(4):
            layer = [p for p in weights if p[2] == z]
            assert layer
            best = max(layer, key=lambda p: (weights[p], p))
            assert cell_text(view, best).strip() == f"{weights[best]:.1f}"
        for z in (3, 0):
            view.move_cursor_to((3, 0, z))
            await pilot.pause()
            assert f"Cell 3,0,{z} · X to move" in text_of(app, "#breakdown")
        await pilot.press("w")
        hint = (3, 3, 2)
        fake_engine.hint = lambda board, **kwargs: FakeHint(hint, 1.0, (hint, (0, 0, 3)), 2, 10, 0.01, False)
        await pilot.press("h")
        await settle(app, pilot)
        assert cell_text(view, hint) == " * " and cell_text(view, (0, 0, 3)) == " 2 "
        assert "Hint for X: 3,3,2" in text_of(app, "#hint")
        await pilot.press("d")
        assert app.game.board.last_move == hint


async def test_the_engine_plays_a_3d_game_to_its_end(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="cube3", mode="engines", level="minimax"))
    async with app.run_test(size=SIZE) as pilot:
        assert await wait_until_async(lambda: app.game.board.is_over)
        await settle(app, pilot)
        board = app.game.board
        assert board.is_over and all(len(move) == 3 for move in board.move_stack)
        assert app.board_view.cursor == board.last_move


async def test_a_gravity_board_takes_only_cells_that_rest(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=humans("size=7x6,k=4,gravity"))
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        assert view.cursor == (3, 0)  # where a stone may go: the bottom of the middle column
        board = app.game.board
        # The bottom row is at the bottom of the screen: up goes to y = 1; a stone
        # played anywhere in a column drops to its lowest empty cell.
        await pilot.press("up", "up", "up", "enter", "up", "up", "enter")
        assert board.move_stack == [(3, 0), (3, 1)]
        assert view.offset_of((3, 0)).y > view.offset_of((3, 1)).y
        with pytest.raises(BoardError, match="would float"):  # the board itself still refuses
            board.play((4, 3))
        # The cells where a stone would float are drawn apart from those where it may go.
        floating = view.get_component_rich_style("board--floating").color
        row = view.render_line(view.offset_of((3, 3)).y)
        assert any(seg.style and seg.style.color == floating for seg in row)
        row = view.render_line(view.offset_of((0, 0)).y)
        assert not any(seg.style and seg.style.color == floating for seg in row)
    cube = make_app(settings=humans("size=3x3x3,k=3,gravity"), offer_resume=False)
    async with cube.run_test(size=SIZE) as pilot:
        assert cube.board_view.cursor == (1, 1, 0)  # the bottom layer: z=0
        await pilot.press("right_square_bracket", "right_square_bracket", "enter")  # from the top, it drops
        await pilot.press("enter")
        assert cube.game.board.move_stack == [(1, 1, 0), (1, 1, 1)]


async def test_save_and_open_a_3d_game(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    app = make_app(settings=humans("qubic"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right_square_bracket", "right", "enter", "left_square_bracket", "up", "enter")
        moves = list(app.game.board.move_stack)
        assert moves == [(1, 1, 1), (2, 1, 2), (2, 0, 1)]
        for name in ("cube.sgf", "cube.psq"):
            await pilot.press("s")
            app.screen.query_one(Input).value = str(tmp_path / name)
            await pilot.press("enter")
            severity, message = app.notices[-1]
            assert severity == "error" and "3-D" in message and "\n" not in message
            assert not (tmp_path / name).exists()
        path = tmp_path / "cube.json"
        await pilot.press("s")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        assert load_game(path).rules == Rules.preset("qubic")
        await pilot.press("u", "u", "u")
        assert app.game.board.move_stack == []
        await pilot.press("o", "enter")
        assert app.game.board.move_stack == moves
        assert app.game.settings.rules == "qubic"
        assert app.board_view.cursor == moves[-1] and cell_text(app.board_view, moves[-1]) == "[X]"


async def open_dialog(app: GomokuApp, pilot: Any) -> NewGameScreen:
    await pilot.press("n")
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


async def test_the_dialog_offers_every_preset_and_the_levels_that_play_it(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(110, 40)) as pilot:
        screen = await open_dialog(app, pilot)
        for name in Rules.PRESETS:
            screen.query_one("#rules", Select).value = name
            await pilot.pause()
            levels = Engine.levels_for(Rules.preset(name))
            assert screen.offered == list(levels)
            level = "perfect" if "perfect" in levels else levels[-1]
            screen.query_one("#level", Select).value = level
            await pilot.pause()
            assert text_of(screen, "#level-note") != ""
            assert screen.settings() == GameSettings(rules=name, mode="humans", level=level)
        assert "perfect" in Engine.levels_for(Rules.preset("cube3"))
        for name in ("qubic", "4x4"):  # a 3-D game, then back to a flat one
            screen.query_one("#rules", Select).value = name
            await pilot.pause()
            await pilot.click("#start")
            await pilot.pause()
            assert app.game.rules == Rules.preset(name)
            assert app.board_view.cell_layout.layered == (name == "qubic")
            screen = await open_dialog(app, pilot)
        await pilot.press("escape")


async def test_the_dialog_takes_the_general_form(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(110, 40)) as pilot:
        screen = await open_dialog(app, pilot)
        await pilot.click("#rules-text")
        await pilot.press(*"size=3x3,k=4")
        assert screen.query_one("#rules", Select).value == OTHER_RULES  # typing chose the general form
        error = text_of(screen, "#error")
        assert "no line of 4 fits on a 3x3 board" in error and "\n" not in error
        await pilot.click("#start")
        assert app.screen is screen  # refused: nothing started
        screen.query_one("#rules-text", Input).value = "size=3x3x3x3"
        await pilot.pause()
        assert "a board of 4 axes" in text_of(screen, "#error")
        screen.query_one("#rules-text", Input).value = ""
        await pilot.pause()
        await pilot.click("#rules-text")
        await pilot.press("enter")  # Enter in the field starts, or says what is missing
        assert "give the general form" in text_of(screen, "#error")
        screen.query_one("#rules-text", Input).value = "size=7x6,k=4,gravity"
        await pilot.pause()
        assert text_of(screen, "#error") == ""
        assert screen.offered == list(Engine.levels_for(Rules.parse("size=7x6,k=4,gravity")))
        assert "greedy" not in screen.offered  # the greedy bot knows no gravity
        await pilot.click("#start")
        await pilot.pause()
        game = app.game
        assert game.rules == Rules.parse("size=7x6,k=4,gravity")
        assert game.settings.rules == "size=7x6,k=4,gravity"
        assert game.settings.level == "normal"  # greedy plays no gravity: the dialog offered normal
        # The dialog opens again on the general form; a preset empties the field.
        screen = await open_dialog(app, pilot)
        assert screen.query_one("#rules", Select).value == OTHER_RULES
        assert screen.query_one("#rules-text", Input).value == "size=7x6,k=4,gravity"
        screen.query_one("#rules", Select).value = "cube3"
        await pilot.pause()
        assert screen.query_one("#rules-text", Input).value == ""
        await pilot.press("escape")
    # The next start (with no settings given) offers the general form again.
    again = GomokuApp(analyst=app.analyst, data_dir=app.data_dir, offer_resume=False)
    assert again.game.settings.rules == "size=7x6,k=4,gravity"


async def test_the_layers_wrap_to_the_terminal_and_a_click_plays_on_any_layer(
    make_app: Callable[..., GomokuApp],
) -> None:
    app = make_app(settings=humans("qubic"))
    async with app.run_test(size=(130, 24)) as pilot:
        view = app.board_view
        assert view.cell_layout.per_row == 4  # side by side
        first, last = view.offset_of((0, 0, 0)), view.offset_of((0, 0, 3))
        assert first.y == last.y and first.x < last.x
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        assert view.cell_layout.per_row == 2  # a square of four layers
        for point in [(x, y, z) for x in (0, 3) for y in (0, 3) for z in range(4)]:
            assert view.offset_of(point) is not None, point
        assert view.offset_of((0, 0, 2)).y > view.offset_of((0, 3, 0)).y  # z=2 under z=0
        target = (2, 3, 3)
        await pilot.click(BoardView, offset=tuple(view.offset_of(target)))
        assert app.game.board.move_stack == [target] and view.cursor == target
        # A click between two layers, or on a layer's column ruler or label, plays nothing.
        gap = view.offset_of((3, 1, 0)) + (4, 0)
        ruler = view.offset_of((1, 0, 1)) - (0, 1)
        label = view.offset_of((1, 0, 1)) - (0, 2)
        for offset in (gap, ruler, label):
            assert view.cell_at(offset) is None
            await pilot.click(BoardView, offset=tuple(offset))
        assert app.game.board.move_stack == [target]


async def test_a_3d_game_is_autosaved_and_resumed(make_app: Callable[..., GomokuApp]) -> None:
    first = make_app(settings=humans("size=3x3x3,k=3,gravity"))
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("left_square_bracket", "enter", "right", "enter", "right_square_bracket", "enter")
        moves = list(first.game.board.move_stack)
        assert moves == [(1, 1, 0), (2, 1, 0), (2, 1, 1)]
    second = make_app(settings=humans("freestyle"))
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")  # resume
        assert second.game.board.move_stack == moves
        assert second.game.rules == Rules.parse("size=3x3x3,k=3,gravity")
        # The cursor is over the last move, where the next stone of its column would land.
        assert second.board_view.cell_layout.layered and second.board_view.cursor == (2, 1, 2)
        assert cell_text(second.board_view, (2, 1, 1)) == "[X]"
