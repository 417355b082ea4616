"""The game clock: both sides' time in the status line, the side to move's running, the
increment after a move, a loss on time, and the engine keeping to its own clock. A fake
time source (tui_fakes.FakeTime) makes every test but one independent of the real clock."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select, Static
from tui_fakes import FakeTime, settle
from waiting import wait_until_async

from gomoku.board import Stone
from tui import storage
from tui.app import GomokuApp
from tui.game import Game, GameClock, GameSettings
from tui.screens.dialogs import ConfirmScreen, NewGameScreen
from tui.services import engine_time

SIZE = (110, 30)


def status(app: GomokuApp) -> str:
    return str(app.query_one("#status", Static).render())


def timed(mode: str = "humans", clock: float = 300, increment: float = 3, time: float = 1.0) -> GameSettings:
    return GameSettings(mode=mode, level="greedy", clock=clock, increment=increment, time=time)


def test_the_clock_runs_for_the_side_to_move_only() -> None:
    now = FakeTime()
    clock = GameClock(60, 2, now=now)
    now.advance(30)  # before the first move nothing runs
    assert (clock.left(Stone.X), clock.left(Stone.O), clock.running) == (60, 60, None)
    clock.moved(Stone.X)
    now.advance(10)
    assert (clock.left(Stone.X), clock.left(Stone.O)) == (62, 50)
    clock.moved(Stone.O)
    now.advance(5)
    assert (clock.left(Stone.X), clock.left(Stone.O)) == (57, 52)
    now.advance(57)
    assert clock.out_of_time() is Stone.X
    clock.flag(Stone.X)
    assert (clock.left(Stone.X), clock.running) == (0, None)


def test_undo_and_redo_move_the_clock_without_an_increment() -> None:
    now = FakeTime()
    game = Game(timed(increment=5))
    assert game.clock is not None
    game.clock.now = now
    game.play((0, 0))
    now.advance(4)
    game.play((1, 0))  # O spent 4 s, got 5
    now.advance(3)
    assert game.undo() == (1, 0)  # X's 3 s are spent; O's time runs again
    assert game.clock.running is Stone.O
    now.advance(2)
    assert game.redo() == (1, 0)
    assert (round(game.clock.left(Stone.X)), round(game.clock.left(Stone.O))) == (302, 299)


def test_a_game_lost_on_time_keeps_its_result(tmp_path: Path) -> None:
    now = FakeTime()
    game = Game(timed(clock=10, increment=0))
    game.clock.now = now  # type: ignore[union-attr]
    game.play((0, 0))
    now.advance(11)
    assert game.check_time() is Stone.O
    assert game.is_over and game.winner is Stone.X and game.result == "X"
    assert not game.in_progress
    with pytest.raises(ValueError, match="ran out of time"):
        game.play((1, 1))
    storage.save(game, tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["result"] == "X" and data["metadata"]["lost_on_time"] == "O"
    back = storage.load(tmp_path / "g.json", GameSettings())
    assert back.lost_on_time is Stone.O and back.is_over
    assert back.settings.clock == 10


async def test_the_clock_shows_and_counts_down_for_the_side_to_move(make_app: Callable[..., GomokuApp]) -> None:
    now = FakeTime()
    app = make_app(settings=timed(), now=now)
    async with app.run_test(size=SIZE) as pilot:
        assert status(app).startswith("X 5:00 · O 5:00 │ Move 1: X to play")
        now.advance(20)  # the clock starts with the first move
        app.tick_clock()
        assert status(app).startswith("X 5:00 · O 5:00 │")
        await pilot.press("enter")
        assert status(app).startswith("X 5:03 · ▸O 5:00 │ Move 2: O to play")  # X's increment
        now.advance(12.5)
        app.tick_clock()
        assert status(app).startswith("X 5:03 · ▸O 4:47 │")  # only O's time runs
        await pilot.press("right", "enter")
        now.advance(1)
        app.tick_clock()
        assert status(app).startswith("▸X 5:02 · O 4:50 │")
        now.advance(2)  # the app's own tick (every 0.1 s) shows the time gone by
        assert await wait_until_async(lambda: status(app).startswith("▸X 5:00 · O 4:50 │"), timeout=5)


async def test_no_clock_no_clock_text(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert status(app).startswith("Move 2: O to play")
        assert app.game.clock_text() == ""


async def test_a_human_who_runs_out_of_time_loses(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    now = FakeTime()
    app = make_app(settings=timed(mode="human-x", clock=60, increment=0), now=now)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 2  # the engine replied: X's time runs
        assert app.game.clock is not None and app.game.clock.running is Stone.X
        now.advance(59.5)
        app.tick_clock()
        assert not app.game.is_over and "0:00.5" in status(app)
        now.advance(1)
        app.tick_clock()
        assert app.game.is_over and app.game.lost_on_time is Stone.X
        assert "X ran out of time: O wins" in status(app)
        assert app.query_one("#status").has_class("over")
        assert app.notices[-1][1].startswith("X ran out of time")
        await pilot.press("right", "enter", "u", "h", "d")  # the game is over: nothing moves
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 2
        assert app.state.thinking is None
    saved = json.loads((tmp_path / "data" / "autosave.json").read_text())
    assert saved["result"] == "O" and saved["metadata"]["lost_on_time"] == "X"
    again = make_app(settings=timed(mode="human-x"))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(again.screen, ConfirmScreen)  # a finished game is not offered back


async def test_a_tiny_real_clock_runs_out(make_app: Callable[..., GomokuApp]) -> None:
    # The real time source and the app's own tick, on a clock of half a second.
    app = make_app(settings=timed(clock=0.5, increment=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert len(app.game.board.move_stack) == 1 and app.game.clock is not None
        # O's half second runs from X's move; on a loaded machine it may be spent already.
        assert app.game.clock.running is Stone.O or app.game.lost_on_time is Stone.O
        assert await wait_until_async(lambda: app.game.is_over, timeout=5)
        assert app.game.lost_on_time is Stone.O
        assert "O ran out of time: X wins" in status(app)
        assert "O 0:00.0" in status(app)


async def test_the_engine_plans_its_move_from_its_clock(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    now = FakeTime()
    app = make_app(settings=timed(mode="human-x", clock=6, increment=0, time=5.0), now=now)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        first = fake_engine.calls[-1]
        assert first["time"] == pytest.approx(engine_time(5.0, 6.0, 0.0, 1))
        assert first["time"] <= 6.0 / 10  # a share of its 6 s, not the 5 s a move chosen
        now.advance(1)
        await pilot.press("right", "enter")
        await settle(app, pilot)
        assert fake_engine.calls[-1]["time"] <= first["time"]  # less time left, less time a move


async def test_the_engine_with_no_time_to_search_plays_at_once(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    now = FakeTime()
    app = make_app(settings=GameSettings(mode="human-x", level="strong", clock=60, increment=0), now=now)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        assert fake_engine.calls[-1]["level"] == "strong"
        app.game.clock._left[Stone.O] = 0.05  # what is left of O's minute
        await pilot.press("right", "enter")
        await settle(app, pilot)
        assert fake_engine.calls[-1]["level"] == "greedy"  # no search: the greedy move
        assert fake_engine.calls[-1]["time"] <= 0.05
        assert len(app.game.board.move_stack) == 4 and not app.game.is_over


async def test_an_engine_that_overstays_its_time_loses(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    now = FakeTime()
    fake_engine.gate = threading.Event()  # the engine thinks until the test lets it answer
    app = make_app(settings=timed(mode="human-x", clock=30, increment=0), now=now)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert await wait_until_async(lambda: app.state.thinking == "move")
        now.advance(31)
        app.tick_clock()
        assert app.game.lost_on_time is Stone.O and app.state.thinking is None
        fake_engine.gate.set()
        await settle(app, pilot)
        assert app.game.board.move_stack == [(0, 0)]  # its late answer is dropped
        assert "O ran out of time: X wins" in status(app)


async def test_the_new_game_dialog_sets_the_clock(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        choice = screen.query_one("#clock", Select)
        assert choice.value == "0+0"
        labels = [str(option[0]) for option in choice._options]
        assert "5 min + 3 s a move" in labels and "no clock" in labels
        choice.value = "300+3"
        await pilot.press("enter")
        assert app.game.settings.clock == 300 and app.game.settings.increment == 3
        assert status(app).startswith("X 5:00 · O 5:00 │")
        await pilot.press("n")  # the dialog offers the clock chosen last
        assert app.screen.query_one("#clock", Select).value == "300+3"


async def test_a_resumed_game_keeps_its_time_left(make_app: Callable[..., GomokuApp]) -> None:
    now = FakeTime()
    first = make_app(settings=timed(increment=0), now=now)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        now.advance(100)
        await pilot.press("right", "enter")  # O used 100 s
        now.advance(50)  # X thinks 50 s, then quits: the time is kept
        await pilot.press("q", "y")
        await pilot.pause()
    later = FakeTime(5000.0)
    second = make_app(settings=timed(increment=0), now=later)
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")
        clock = second.game.clock
        assert clock is not None and clock.running is Stone.X
        assert (round(clock.left(Stone.X)), round(clock.left(Stone.O))) == (250, 200)
        later.advance(10)
        assert round(clock.left(Stone.X)) == 240


async def test_the_pause_between_two_engines_is_not_on_their_clock(make_app: Callable[..., GomokuApp]) -> None:
    now = FakeTime()
    settings = GameSettings(rules="tictactoe", mode="engines", level="greedy", clock=60, increment=0)
    app = make_app(settings=settings, now=now, watch_delay=60)  # d steps through the pauses
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 1 and app.state.thinking == "wait"
        now.advance(30)  # people watching, the clock standing
        assert app.game.clock is not None and app.game.clock.left(Stone.O) == 60
        await pilot.press("d")
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 2
        await pilot.press("u")  # undo pauses the game, and its clock
        now.advance(100)
        app.tick_clock()
        assert not app.game.is_over and app.game.clock.left(Stone.O) == 60


async def test_looking_back_leaves_the_clock_running_and_a_flag_ends_the_game_where_it_stood(
    make_app: Callable[..., GomokuApp],
) -> None:
    now = FakeTime()
    app = make_app(settings=timed(clock=60, increment=0), now=now)
    async with app.run_test(size=SIZE) as pilot:
        for move in [(0, 0), (1, 0), (0, 1), (1, 1)]:
            app.play(move)
        game = app.game
        assert game.clock is not None and game.clock.running is Stone.X
        await pilot.press("less_than_sign", "less_than_sign", "less_than_sign")
        assert game.walking and game.board.ply == 1
        assert game.clock.running is Stone.X  # the game's side to move thinks on
        now.advance(61)
        app.tick_clock()
        await pilot.pause()
        # X ran out: the game ends at its last move, not at the position on show.
        assert game.lost_on_time is Stone.X and not game.walking
        assert game.board.move_stack == [(0, 0), (1, 0), (0, 1), (1, 1)]
        assert "X ran out of time" in status(app)
