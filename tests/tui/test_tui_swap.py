"""The swap openings in the app (issue 54): swap2 and swap1 against the engine (the fake
one: its hint's score sets the chance its decisions read), a human's choice in the
dialog, bad input in a line, and the opening kept in a saved game."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tui_fakes import FakeEngine, settle

from gomoku.board import Stone
from gomoku.records import format_sgf, parse_sgf
from tui import storage
from tui.app import GomokuApp
from tui.game import Game, GameSettings, SettingsError
from tui.screens.dialogs import NewGameScreen
from tui.screens.swap import SwapChoiceScreen
from tui.swap import SwapError, SwapOpening

TAKES_BLACK = -300.0
"""A fake hint score that makes black's chance high (69%): the engine takes black."""
KEEPS_WHITE = 1000.0
"""White (to move after three or five stones) well ahead (87%): the engine keeps white and plays."""
TOO_CLOSE = 50.0
"""Black's chance 52%, within 4% of 50%: under swap2 the engine places two more."""


def swap_app(make_app: Callable[..., GomokuApp], mode: str, opening: str = "swap2") -> GomokuApp:
    return make_app(settings=GameSettings(mode=mode, level="greedy", opening=opening), offer_resume=False)


async def place(app: GomokuApp, pilot: object, *points: tuple[int, int]) -> None:
    for point in points:
        app.board_view.move_cursor_to(point)
        await pilot.press("enter")  # type: ignore[attr-defined]
        await settle(app, pilot)


def status(app: GomokuApp) -> str:
    return str(app.query_one("#status").render())


# -- the opening's rules, plain -----------------------------------------------------------


def test_swap2_phases_and_colours() -> None:
    opening = SwapOpening("swap2", "human-x")
    assert [opening.phase(ply) for ply in range(4)] == ["place"] * 3 + ["choose"]
    assert opening.actor(2) == "you" and opening.actor(3) == "engine"
    with pytest.raises(SwapError, match="cannot choose"):
        opening.choose("black", 2)  # stones are still to be placed
    opening.choose("more", 3)
    assert opening.phase(4) == "place" and opening.actor(4) == "engine" and opening.options(5) == ("black", "white")
    opening.choose("black", 5)  # the first player (you) takes black
    assert opening.done and opening.stones == 5 and opening.first_is_black()
    assert opening.chosen() == "the engine places two more stones, then you take black (X)"


def test_swap1_offers_no_more_stones_and_a_colour_taken_sets_the_players() -> None:
    opening = SwapOpening("swap1", "human-x")
    assert opening.options(3) == ("black", "white")
    with pytest.raises(SwapError):
        opening.choose("more", 3)
    opening.choose("black", 3)  # the engine (second) takes black: you play white
    settings = GameSettings(mode="human-x", opening="swap1")
    assert opening.settings_after(settings).mode == "human-o"
    assert opening.settings_before(opening.settings_after(settings)).mode == "human-x"


def test_the_opening_is_refused_for_rules_it_does_not_fit() -> None:
    with pytest.raises(SettingsError, match="five in a row on a flat board"):
        GameSettings(rules="connect4", opening="swap2")
    with pytest.raises(SettingsError, match="unknown opening"):
        GameSettings(opening="swap9")
    assert Game(GameSettings(opening="swap2")).in_opening
    assert SwapOpening.from_metadata({"rule": "swap2", "mode": "human-x", "choices": ["white", "x"]}, 3) is None


# -- against the engine ----------------------------------------------------------------------


async def test_you_place_three_and_the_engine_takes_black(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    fake_engine.hint_score = TAKES_BLACK
    app = swap_app(make_app, "human-x")
    async with app.run_test(size=(100, 30)) as pilot:
        assert "you place the three opening stones: stone 1 of 3 (X)" in status(app)
        await place(app, pilot, (0, 0), (1, 0))
        assert "stone 3 of 3 (X)" in status(app)
        await place(app, pilot, (0, 2))
        game = app.game
        assert game.board.move_stack == [(0, 0), (1, 0), (0, 2)]  # X, O, X in the order placed
        assert [game.board.stones[p] for p in game.board.move_stack] == [Stone.X, Stone.O, Stone.X]
        assert game.opening is not None and game.opening.choices == ["black"] and not game.in_opening
        assert game.settings.mode == "human-o"  # the engine is black: you play white, and move now
        assert game.board.turn is Stone.O and not game.engine_to_move()
        assert any("the engine takes black (X)" in text for _, text in app.notices)
        assert "Swap2: the engine takes black (X)." in status(app)
        await place(app, pilot, (1, 1))  # the game goes on: your white stone, the engine's reply
        assert len(game.board.move_stack) == 5 and game.board.turn is Stone.O


async def test_the_engine_places_three_and_you_take_white(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    app = swap_app(make_app, "human-o")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        game = app.game
        assert len(game.board.move_stack) == 3 and isinstance(app.screen, SwapChoiceScreen)
        assert [game.board.stones[p] for p in game.board.move_stack] == [Stone.X, Stone.O, Stone.X]
        await pilot.press("w")
        await settle(app, pilot)
        assert game.opening is not None and game.opening.choices == ["white"]
        assert game.settings.mode == "human-o" and game.board.turn is Stone.O  # your move, as white
        await place(app, pilot, (5, 5))
        assert len(game.board.move_stack) == 5  # the engine, black, replied


async def test_you_place_two_more_and_the_engine_chooses(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    app = swap_app(make_app, "human-o")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SwapChoiceScreen)
        await pilot.press("p")
        await settle(app, pilot)
        assert "you place two more stones: stone 1 of 2 (O)" in status(app)
        fake_engine.hint_score = TAKES_BLACK
        free = [p for p in [(4, 4), (-4, -4), (4, -4), (-4, 4)] if p not in app.game.board.stones]
        await place(app, pilot, free[0], free[1])
        game = app.game
        assert len(game.board.move_stack) == 5 and game.opening is not None
        assert game.opening.choices == ["more", "black"]  # the engine, first, took black
        assert game.settings.mode == "human-o" and game.board.turn is Stone.O and not game.engine_to_move()


async def test_the_engine_places_two_more_when_the_colours_are_too_close(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    fake_engine.hint_score = TOO_CLOSE
    app = swap_app(make_app, "human-x")
    async with app.run_test(size=(100, 30)) as pilot:
        await place(app, pilot, (0, 0), (1, 0), (0, 2))
        game = app.game
        assert len(game.board.move_stack) == 5 and isinstance(app.screen, SwapChoiceScreen)
        assert game.opening is not None and game.opening.choices == ["more"]
        await pilot.press("b")  # you, first, take black: the engine plays white's sixth stone
        await settle(app, pilot)
        assert game.settings.mode == "human-x" and len(game.board.move_stack) == 6


async def test_swap1_the_engine_keeps_white_and_plays(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    fake_engine.hint_score = KEEPS_WHITE
    app = swap_app(make_app, "human-x", opening="swap1")
    async with app.run_test(size=(100, 30)) as pilot:
        await place(app, pilot, (0, 0), (1, 0), (0, 2))
        game = app.game
        assert game.opening is not None and game.opening.choices == ["white"]
        assert len(game.board.move_stack) == 4 and game.board.turn is Stone.X  # its white stone, then you
        assert game.settings.mode == "human-x"
        assert any("Swap1: the engine takes white (O)" in text for _, text in app.notices)


# -- bad input, keys that wait, saving -------------------------------------------------------


async def test_an_occupied_cell_undo_and_hint_in_the_opening_are_one_line_each(
    make_app: Callable[..., GomokuApp],
) -> None:
    app = swap_app(make_app, "human-x")
    async with app.run_test(size=(100, 30)) as pilot:
        await place(app, pilot, (0, 0), (0, 0))
        assert app.game.board.move_stack == [(0, 0)]
        assert app.notices[-1][0] == "warning" and "\n" not in app.notices[-1][1]
        await pilot.press("u")
        assert app.game.board.move_stack == [(0, 0)] and "opening's stones stay" in app.notices[-1][1]
        await pilot.press("h")
        assert app.state.hint is None and app.notices[-1][1].startswith("Swap2: the opening first")
        assert app.is_running and len(app.screen_stack) == 1


async def test_escape_leaves_the_choice_for_later_and_enter_asks_again(
    make_app: Callable[..., GomokuApp],
) -> None:
    app = swap_app(make_app, "humans", opening="swap1")
    async with app.run_test(size=(80, 24)) as pilot:
        await place(app, pilot, (0, 0), (1, 0), (0, 2))
        assert isinstance(app.screen, SwapChoiceScreen)
        assert "Swap1, 3 stones placed: the second player's choice (Enter): b black · w white." in status(app)
        await pilot.press("escape", "p")  # swap1: no two more
        assert len(app.screen_stack) == 1 and app.game.in_opening
        await pilot.press("enter")
        assert isinstance(app.screen, SwapChoiceScreen)
        await pilot.press("b")
        assert not app.game.in_opening and app.game.board.turn is Stone.O


async def test_a_saved_game_keeps_the_opening_mid_way_and_after(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    fake_engine.hint_score = TAKES_BLACK
    app = swap_app(make_app, "human-x")
    async with app.run_test(size=(100, 30)) as pilot:
        await place(app, pilot, (0, 0), (1, 0))
        mid = storage.record_to_game(storage.game_to_record(app.game), GameSettings())
        assert mid.board.move_stack == [(0, 0), (1, 0)] and mid.in_opening and mid.settings.opening == "swap2"
        assert mid.opening is not None and mid.opening.actor(2) == "you"
        await place(app, pilot, (0, 2), (1, 1))
        record = storage.game_to_record(app.game)
        after = storage.record_to_game(record, GameSettings())
        assert after.opening is not None and after.opening.choices == ["black"] and not after.in_opening
        assert after.settings.mode == "human-o" and after.fixed_plies == 3
        sgf = parse_sgf(format_sgf(record))  # an SGF keeps the stones as moves (not as set-up stones)
        assert sgf.moves[:3] == [(0, 0), (1, 0), (0, 2)] and not sgf.setup


async def test_the_new_game_dialog_offers_the_openings(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#opening").value = "swap1"  # type: ignore[attr-defined]
        app.screen.query_one("#rules").value = "connect4"  # type: ignore[attr-defined]
        await pilot.pause()
        app.screen.start()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "five in a row on a flat board" in str(app.screen.query_one("#error").render())
        app.screen.query_one("#rules").value = "freestyle"  # type: ignore[attr-defined]
        await pilot.pause()
        app.screen.start()
        await settle(app, pilot)
        assert len(app.screen_stack) == 1 and app.game.in_opening and app.game.settings.opening == "swap1"
