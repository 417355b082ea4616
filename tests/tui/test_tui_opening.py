"""A game opened from a file keeps its own rules, and the app asks before it plays with a
level that does not play them or with the clock of the game on show (issue 53): from the
file browser, the autosave, and ``gomoku FILE``. The header names what plays."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select
from tui_fakes import FakeTime, choose_file, settle, text_of

from gomoku import cli
from tui import app as app_module
from tui import storage
from tui.app import GomokuApp
from tui.game import Game, GameSettings
from tui.opening import OpeningChoice, OpeningQuestion, apply_choice, opening_question
from tui.screens.opening import CLOCK_KEPT, OpeningScreen

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "data" / "positions" / "vcf-puzzle.json"
CUBE_PERFECT = GameSettings(rules="cube3", mode="humans", level="perfect", clock=60)
"""The game on show in the defect: 3x3x3 at level perfect with a 1-minute clock."""
LADDER = ("greedy", "easy", "normal", "strong", "max")


def header(app: GomokuApp) -> str:
    """The side panel's game lines, or the summary line that stands in for them at 80 columns."""
    return text_of(app, "#info") + "\n" + text_of(app, "#summary")


async def open_puzzle(app: GomokuApp, pilot: Any) -> None:
    """Play a move of the game on show, then open the puzzle with ``o``, as a player would."""
    await pilot.press("enter")
    assert app.game.board.ply == 1 and app.game.clock is not None and app.game.clock.running is not None
    await pilot.press("o")
    await choose_file(app, pilot, PUZZLE)
    await pilot.pause()


async def test_opening_a_puzzle_asks_before_the_level_and_the_clock_change(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    app = make_app(settings=CUBE_PERFECT)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_puzzle(app, pilot)
        screen = app.screen
        assert isinstance(screen, OpeningScreen)  # asked, not changed silently
        assert "Gomoku (freestyle): the perfect level does not play it. Play with strong?" in text_of(
            screen, "#level-question"
        )
        assert "turn the 1 min clock off" in text_of(screen, "#clock-question")
        assert screen.query_one("#level", Select).value == "strong"
        assert app.game.rules.name == "cube3"  # nothing changes before the answer
        await pilot.press("enter")
        assert not isinstance(app.screen, OpeningScreen)
        game = app.game
        assert game.rules.name == "freestyle" and game.board.ply == 24  # the file's rules and stones
        assert game.settings.level == "strong" and game.clock is None and game.settings.clock == 0
        assert "level strong" in header(app) and "perfect" not in header(app) and "clock" not in header(app)
        assert app.title == "gomoku: Gomoku (freestyle) · level strong"
        assert "│" not in text_of(app, "#status")  # no clock on the status line
        await pilot.press("h")
        await settle(app, pilot)
        assert fake_engine.calls[-1]["level"] == "strong"  # the level named is the one that plays


async def test_the_clock_can_be_kept_and_the_header_names_it(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=CUBE_PERFECT, now=FakeTime())
    async with app.run_test(size=(100, 30)) as pilot:
        await open_puzzle(app, pilot)
        screen = app.screen
        assert isinstance(screen, OpeningScreen)
        screen.query_one("#level", Select).value = "normal"
        screen.query_one("#clock", Select).value = CLOCK_KEPT
        screen.query_one("#open").focus()
        await pilot.press("enter")
        game = app.game
        assert game.settings.level == "normal" and game.clock is not None
        assert game.clock.times() == {"X": 60.0, "O": 60.0}  # each side's whole minute, none spent yet
        assert "level normal · 1 min clock" in text_of(app, "#info")
        assert app.title.endswith("· level normal · 1 min clock")


async def test_cancel_leaves_the_game_on_show(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=CUBE_PERFECT)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_puzzle(app, pilot)
        game = app.game
        await pilot.press("escape")
        assert app.game is game and game.rules.name == "cube3" and game.settings.level == "perfect"
        assert app.notices[-1] == ("information", "vcf-puzzle.json is not opened: the game on show stays.")


async def test_a_game_that_names_its_level_and_clock_opens_without_a_question(
    make_app: Callable[..., GomokuApp], tmp_path: Path
) -> None:
    path = tmp_path / "mine.json"
    saved = Game(GameSettings(mode="humans", level="easy", clock=180, increment=2))
    saved.play((0, 0))
    storage.save(saved, path)
    app = make_app(settings=CUBE_PERFECT)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.files.open_file(path)
        await pilot.pause()
        assert not isinstance(app.screen, OpeningScreen)
        settings = app.game.settings
        assert (settings.rules, settings.level, settings.clock, settings.increment) == ("freestyle", "easy", 180, 2)
        assert "level easy · 3 min + 2 s a move clock" in header(app)


async def test_a_resumed_game_whose_level_cannot_play_it_asks(
    make_app: Callable[..., GomokuApp], tmp_path: Path
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    unfinished = Game(GameSettings(mode="humans", level="perfect"))  # freestyle: perfect does not play it
    unfinished.play((0, 0))
    storage.save(unfinished, data / storage.AUTOSAVE_NAME)
    app = make_app(settings=CUBE_PERFECT, offer_resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")  # resume
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OpeningScreen)
        assert screen.question.name == "the unfinished game" and screen.question.clock is None
        await pilot.press("enter")
        assert app.game.board.move_stack == [(0, 0)] and app.game.settings.level == "strong"


def test_the_question_follows_what_the_file_names() -> None:
    puzzle = storage.read_game(PUZZLE, CUBE_PERFECT)
    assert puzzle[1] == frozenset()  # a position names no setting
    question = opening_question(*puzzle, LADDER, "vcf-puzzle.json", LADDER)
    assert question == OpeningQuestion("vcf-puzzle.json", "Gomoku (freestyle)", "perfect", LADDER, "strong", (60, 0))
    # Its level playing the rules and no clock carried over: nothing to ask.
    plain = storage.read_game(PUZZLE, GameSettings(level="normal"))
    assert opening_question(*plain, LADDER, "p", LADDER) is None
    # A clock the file names is its own: only the level is asked.
    named = frozenset(storage.SETTING_KEYS)
    assert opening_question(puzzle[0], named, LADDER, "p", LADDER) == OpeningQuestion(
        "p", "Gomoku (freestyle)", "perfect", LADDER, "strong", None
    )
    game = apply_choice(puzzle[0], OpeningChoice("strong", keep_clock=True))
    assert game.settings.level == "strong" and game.clock is not None and game.board is puzzle[0].board


# -- gomoku FILE ---------------------------------------------------------------------


def test_gomoku_file_runs_the_app_on_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str | None] = []
    monkeypatch.setattr(cli, "run_app", lambda path=None: started.append(path) or 0)
    assert cli.main([str(PUZZLE)]) == 0
    assert cli.main(["games/not-yet.sgf"]) == 0  # a game file's name: the app says if it is missing
    assert cli.main([]) == 0
    assert started == [str(PUZZLE), "games/not-yet.sgf", None]
    with pytest.raises(SystemExit) as raised:  # a mistyped command stays argparse's error
        cli.main(["reveiw"])
    assert raised.value.code == 2 and started == [str(PUZZLE), "games/not-yet.sgf", None]


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("missing.json", None, "no such file"),
        ("broken.json", '{"stones": ', "broken.json"),
        ("notes.txt", "hello", "unknown format '.txt'"),
    ],
)
def test_a_bad_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: str | None, said: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    assert app_module.main(str(path)) == 2  # before any screen: the app never starts
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"gomoku: error: cannot open {path}: ") and said in err
    assert "Traceback" not in err


def test_the_gomoku_command_on_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.sgf"
    path.write_text("(;GM[4]SZ[15];B[zz")
    done = subprocess.run(
        [sys.executable, "-m", "gomoku.cli", str(path)], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"gomoku: error: cannot open {path}: ") and done.stderr.count("\n") == 1


async def test_the_app_opens_the_file_it_is_given(
    make_app: Callable[..., GomokuApp], tmp_path: Path, fake_engine: Any
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    unfinished = Game(GameSettings(mode="humans"))
    unfinished.play((5, 5))
    storage.save(unfinished, data / storage.AUTOSAVE_NAME)
    app = make_app(settings=CUBE_PERFECT, offer_resume=True, open_path=PUZZLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OpeningScreen)  # the file's question, not the offer to resume
        await pilot.press("enter")
        assert app.game.board.ply == 24 and app.game.settings.level == "strong"
        assert app.files.game_path == PUZZLE.resolve()
        # The unfinished game is kept aside, not lost to the autosave of the opened one.
        assert storage.load(data / storage.PREVIOUS_NAME, GameSettings()).board.move_stack == [(5, 5)]
        assert app.board_view.cursor == app.game.board.last_move
