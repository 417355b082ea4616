"""Pilot tests of the keyboard's way through the app: the board keeps the keys, dialogs open
on their first field and Enter presses their default button, and a question answers only
to its own keys."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.widgets import Button, Input, Select
from tui_fakes import settle

from gomoku.board import Stone
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.screens.dialogs import ConfirmScreen, FieldSelect, NewGameScreen
from tui.widgets.board_view import BoardView

SIZE = (100, 30)


async def test_tab_leaves_the_keys_with_the_board(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        assert app.focused is view
        assert [widget for widget in app.screen.focus_chain] == [view]  # the only stop on the main screen
        await pilot.press("tab")
        assert app.focused is view
        await pilot.press("right", "down", "enter")
        assert view.cursor == (1, 1)
        assert app.game.board.move_stack == [(1, 1)]
        await pilot.press("shift+tab", "shift+tab", "left", "enter")
        assert app.focused is view
        assert app.game.board.move_stack == [(1, 1), (0, 1)]


async def test_a_click_on_the_side_panel_leaves_the_keys_with_the_board(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("enter")
        for selector in ("#info", "#status"):
            if app.query_one(selector).display:
                await pilot.click(selector)
            assert app.focused is app.board_view
        await pilot.click("#moves", offset=(1, 0))  # the move list's heading: the start of the game
        assert app.focused is app.board_view and app.game.walking and app.game.board.ply == 0
        await pilot.press("end")  # the keys went to the board, and back to the game
        await pilot.press("right", "enter")
        assert app.game.board.move_stack == [(0, 0), (1, 0)]


async def test_focus_comes_back_to_the_board_when_a_dialog_closes(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for keys in (("n", "escape"), ("question_mark", "escape"), ("s", "escape"), ("o", "escape")):
            await pilot.press(keys[0])
            await settle(app, pilot)
            assert app.screen is not app.screen_stack[0]
            await pilot.press(*keys[1:])
            assert app.focused is app.board_view, keys
        await pilot.press("right", "enter")
        assert app.game.board.move_stack == [(1, 0)]


async def test_the_new_game_dialog_opens_on_its_first_field(
    make_app: Callable[..., GomokuApp], fake_engine: object
) -> None:
    app = make_app(mode="human-x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        field = screen.query_one("#time", Input)
        assert app.focused is field  # the first field of the form
        await pilot.press(*"0.3")
        assert field.value == "0.3"  # what was there is replaced by what is typed
        await pilot.press("enter")  # Enter in a field presses Start
        assert not isinstance(app.screen, NewGameScreen)
        assert app.game.settings.time == 0.3
        assert app.focused is app.board_view
        await pilot.press("enter")
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 2
        assert fake_engine.calls[-1]["time"] == 0.3  # type: ignore[attr-defined]  # the fake engine's own record


async def test_enter_on_a_choice_starts_the_game_and_space_opens_it(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "tab", "tab")
        screen = app.screen
        players = screen.query_one("#mode", Select)
        assert app.focused is players and isinstance(players, FieldSelect)
        await pilot.press("space")  # space opens the list of choices...
        assert players.expanded
        await pilot.press("up", "enter")  # ...where Enter picks one (the one above "Two players")
        assert not players.expanded and isinstance(app.screen, NewGameScreen)
        assert players.value == "human-o"
        await pilot.press("enter")  # on the closed choice, Enter starts
        await settle(app, pilot)
        assert not isinstance(app.screen, NewGameScreen)
        assert app.game.settings.mode == "human-o"
        assert app.game.board.turn is Stone.O  # the engine opened


async def test_tab_goes_through_every_field_and_button_of_the_dialog(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        seen = []
        for _ in range(9):
            seen.append(app.focused.id if app.focused is not None else None)
            await pilot.press("tab")
        assert seen == ["time", "clock", "mode", "level", "rules", "rules-text", "opening", "start", "cancel"]
        assert app.focused is app.screen.query_one("#time")  # and round again


async def test_the_focused_field_is_marked(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        focused, other = screen.query_one("#time", Input), screen.query_one("#rules-text", Input)
        assert focused.has_pseudo_class("focus") and not other.has_pseudo_class("focus")
        assert focused.styles.border_top != other.styles.border_top  # drawn in another colour
        await pilot.press("tab")
        clock = screen.query_one("#clock", Select)
        assert clock.has_pseudo_class("focus")


async def test_n_does_not_decline_the_resume_question(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    first = make_app()
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        moves = list(first.game.board.move_stack)

    second = make_app()
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ConfirmScreen)
        labels = [str(button.label) for button in second.screen.query(Button)]
        assert labels == ["Resume (y)", "New game (Esc)"]  # its keys are on its buttons
        await pilot.press("n", "q", "u", "s")  # the game's keys: none of them answers
        assert isinstance(second.screen, ConfirmScreen)
        assert second.is_running
        assert app_focus_id(second) == "yes"
        await pilot.press("enter")  # Enter presses the focused button: Resume
        assert not isinstance(second.screen, ConfirmScreen)
        assert second.game.board.move_stack == moves


async def test_enter_on_the_no_button_says_no(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # not an answer
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("tab")
        assert app_focus_id(app) == "no"
        await pilot.press("enter")
        assert app.is_running and not isinstance(app.screen, ConfirmScreen)
        assert app.focused is app.board_view
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running


async def test_the_game_keys_sleep_under_a_dialog(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(mode="humans", level="greedy"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.press("escape", "escape")  # the second Escape finds the board: nothing happens
        assert app.is_running and app.focused is app.board_view
        assert isinstance(app.focused, BoardView)


def app_focus_id(app: GomokuApp) -> str | None:
    return app.focused.id if app.focused is not None else None


async def test_tab_and_enter_in_one_burst_start_the_game(make_app: Callable[..., GomokuApp]) -> None:
    """Issue 53: Enter closing the dialog before the app heard of Tab's focus move (keys
    typed in one burst) left the app reading the closed dialog's field, and it crashed."""
    app = make_app(mode="human-o")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        for key, char in (("tab", "\t"), ("enter", "\r")):  # as a terminal sends them: no pause between
            event = events.Key(key, char)
            event.set_sender(app)
            app._driver.send_message(event)  # type: ignore[union-attr]  # a running app has a driver
        await settle(app, pilot)
        assert app.is_running and not isinstance(app.screen, NewGameScreen)
        assert app.game.settings.mode == "human-o" and app.focused is app.board_view
