"""Another program as the app's engine (``gomoku --engine PATH``, the new-game dialog's
field): a game against our own brain run as a user's program, its hints, a level for
each side when two engines play, and a broken program as one line with the game kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from brain_scripts import EXITS, GARBAGE, TALKER, our_brain, write_program
from textual.widgets import Input, OptionList, Select
from tui_fakes import FakeEngine, settle, text_of
from waiting import wait_until_async

from gomoku.board import Stone
from gomoku.cli import main as cli_main
from gomoku.match.external import EXTERNAL
from tui.app import GomokuApp
from tui.game import GameSettings, SettingsError
from tui.screens.dialogs import NewGameScreen
from tui.services import with_engine


async def test_a_game_against_our_own_brain_run_as_a_program_and_its_hints(
    make_app: Callable[..., GomokuApp], tmp_path: Path
) -> None:
    brain = our_brain(tmp_path)
    settings = GameSettings(rules="gomocup15", mode="human-x", level=EXTERNAL, engine=str(brain), time=0.2)
    app = make_app(settings=settings)
    async with app.run_test(size=(110, 40)) as pilot:
        assert "level engine: pbrain-ours" in text_of(app, "#info")
        await pilot.press("enter")  # X at the centre
        assert await wait_until_async(lambda: len(app.game.board.move_stack) == 2, timeout=30)
        reply = app.game.board.move_stack[1]
        assert app.game.board.stones[reply] is Stone.O and app.game.rules.contains(reply)
        await pilot.press("h")  # the hint is the program's too
        assert await wait_until_async(lambda: app.state.hint is not None, timeout=30)
        hint = app.state.hint
        assert hint is not None and hint.level == EXTERNAL and hint.move not in app.game.board.stones
        assert app.state.hint_note.startswith("engine: pbrain-ours")
        external = app.analyst._external
        assert external is not None and external._player is not None
        process = external._player.process
        assert process is not None and process.poll() is None
    assert process.wait(timeout=5) is not None  # the app's leaving ended the program


@pytest.mark.parametrize(
    ("text", "words"),
    [(EXITS, "crash: exit code 3 (no brain here)"), (GARBAGE, "error: answered 'hello, I am not a brain' to START")],
    ids=["exits", "garbage"],
)
async def test_a_broken_program_is_one_line_on_the_status_line_and_the_game_stays(
    make_app: Callable[..., GomokuApp], tmp_path: Path, text: str, words: str
) -> None:
    program = write_program(tmp_path, "broken", text)
    app = make_app(settings=GameSettings(rules="gomocup15", mode="human-x", level=EXTERNAL, engine=str(program)))
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("enter")
        assert await wait_until_async(lambda: bool(app.state.engine_failure), timeout=20)
        await settle(app, pilot)
        status = text_of(app, "#status")
        assert f"the engine failed: broken: {words}" in status and "\n" not in status
        assert len(app.game.board.move_stack) == 1 and app.state.thinking is None
        assert [severity for severity, _ in app.notices].count("error") == 1
        await pilot.press("u")  # the game goes on: the move taken back, the line gone
        await settle(app, pilot)
        assert app.game.board.move_stack == [] and "failed" not in text_of(app, "#status")


async def test_two_engines_at_levels_of_their_own(
    make_app: Callable[..., GomokuApp], tmp_path: Path, fake_engine: FakeEngine
) -> None:
    talker = write_program(tmp_path, "talker", TALKER)
    settings = GameSettings(
        rules="gomocup15", mode="engines", level=EXTERNAL, o_level="greedy", engine=str(talker), time=0.2
    )
    app = make_app(settings=settings)
    async with app.run_test(size=(110, 40)) as pilot:
        assert "X engine: talker · O greedy" in text_of(app, "#info")
        assert await wait_until_async(lambda: len(app.game.board.move_stack) >= 4 or app.game.is_over, timeout=30)
        moves = app.game.board.move_stack
        assert all(y == 0 for _, y in moves[0::2])  # the talker's: its top row, cell by cell
        assert fake_engine.calls and {call["level"] for call in fake_engine.calls} == {"greedy"}
        assert len(fake_engine.calls) >= len(moves[1::2])
        await pilot.press("h")  # a hint for the side to move is its level's
        await settle(app, pilot)


async def test_the_dialog_offers_the_program_as_a_level_for_either_side(
    make_app: Callable[..., GomokuApp], tmp_path: Path
) -> None:
    talker = write_program(tmp_path, "talker", TALKER)
    app = make_app(settings=GameSettings(level="greedy", engine=str(talker)))  # as gomoku --engine leaves them
    async with app.run_test(size=(110, 50)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.offered[-1] == EXTERNAL
        overlay = screen.query_one("#level", Select).query_one(OptionList)
        prompts = [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]
        assert prompts[-1] == "engine: talker"
        assert not screen.query_one("#o-level").display  # O's own level: two engines only
        screen.query_one("#mode", Select).value = "engines"
        await pilot.pause()
        assert screen.query_one("#o-level").display
        screen.query_one("#o-level", Select).value = EXTERNAL
        await pilot.pause()
        assert "external program" in text_of(screen, "#level-note")
        screen.query_one("#rules", Select).value = "connect4"  # not a brain's game: no longer offered
        await pilot.pause()
        assert EXTERNAL not in screen.offered
        screen.query_one("#rules", Select).value = "gomocup20"
        await pilot.pause()
        screen.query_one("#level", Select).value = "greedy"
        screen.query_one("#o-level", Select).value = EXTERNAL
        screen.query_one("#time", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        settings = app.game.settings
        assert (settings.level, settings.o_level, settings.engine) == ("greedy", EXTERNAL, str(talker))
        assert "X greedy · O engine: talker" in text_of(app, "#info")


async def test_the_dialog_says_in_one_line_when_the_program_is_not_there(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="gomocup15", level=EXTERNAL, engine="/no/such/brain"))
    async with app.run_test(size=(110, 50)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#level", Select).value == EXTERNAL
        screen.query_one("#time", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and "no such program" in text_of(screen, "#error")


def test_engine_settings_need_a_program_and_with_engine_makes_it_the_opponent() -> None:
    with pytest.raises(SettingsError, match="needs a program"):
        GameSettings(level=EXTERNAL)
    settings = with_engine(GameSettings(rules="tictactoe", mode="engines", o_level="easy"), "./pbrain-x")
    assert (settings.rules, settings.level, settings.o_level, settings.mode) == ("freestyle", EXTERNAL, "", "engines")
    kept = GameSettings.from_metadata(settings.to_metadata(), settings.parsed_rules, GameSettings())
    assert kept.engine == "./pbrain-x" and kept.level == EXTERNAL


def test_gomoku_engine_with_no_program_there_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["--engine", "/no/such/brain"]) == 2
    err = capsys.readouterr().err
    assert err == "gomoku: error: engine '/no/such/brain': no such program, or not one that can be run\n"


def test_gomoku_engine_runs_the_app_with_the_program_as_its_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    talker = write_program(tmp_path, "talker", TALKER)
    monkeypatch.setenv("GOMOKU_DATA_DIR", str(tmp_path / "data"))
    started: list[GomokuApp] = []
    monkeypatch.setattr(GomokuApp, "run", lambda self: started.append(self))  # no terminal in a test
    assert cli_main(["--engine", str(talker)]) == 0
    settings = started[0].game.settings
    assert (settings.level, settings.engine, settings.mode) == (EXTERNAL, str(talker), "human-x")
