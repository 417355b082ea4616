"""Pilot tests of saving and opening through the file browser, in the games folder
($GOMOKU_GAMES_DIR: tmp_path/games here, see conftest.py)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input
from textual_fspicker.parts import DirectoryNavigation
from tui_fakes import browsed, choose_file

from gomoku.records import load_game
from tui import storage
from tui.app import GomokuApp
from tui.screens.files import OpenGameScreen, SaveGameScreen

SIZE = (100, 30)


def listed(app: GomokuApp) -> list[str]:
    """The names the browser lists, in order."""
    navigation = app.screen.query_one(DirectoryNavigation)
    return [navigation.get_option_at_index(i).location.name for i in range(navigation.option_count)]


def highlighted(app: GomokuApp) -> str:
    navigation = app.screen.query_one(DirectoryNavigation)
    assert navigation.highlighted is not None
    return navigation.get_option_at_index(navigation.highlighted).location.name


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the app is started from: nothing may be saved there."""
    folder = tmp_path / "started-here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_the_games_folder_is_documented_and_overridable(tmp_path: Path) -> None:
    assert storage.games_dir(environ={"XDG_DATA_HOME": "/x"}) == Path("/x/gomoku/games")
    assert storage.games_dir(environ={}) == Path.home() / ".local/share/gomoku/games"  # no variable set
    assert storage.games_dir(environ={"GOMOKU_GAMES_DIR": str(tmp_path)}) == tmp_path
    assert storage.games_dir() == tmp_path / "games"  # the tests' own, from conftest.py


async def test_save_lands_in_the_games_folder(
    make_app: Callable[..., GomokuApp], games_dir: Path, elsewhere: Path
) -> None:
    app = make_app()
    assert not games_dir.exists()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        await pilot.press("s")
        await browsed(app, pilot)
        screen = app.screen
        assert isinstance(screen, SaveGameScreen)
        assert games_dir.is_dir()  # made on the first save
        assert screen.query_one(DirectoryNavigation).location == games_dir
        field = screen.query_one(Input)
        assert app.focused is field  # the name, ready to be typed over or taken with Enter
        assert re.fullmatch(r"game-\d{8}-\d{6}\.json", field.value)
        name = field.value
        await pilot.press("enter")
        assert not isinstance(app.screen, SaveGameScreen)
    saved = games_dir / name
    assert load_game(saved).moves == [(0, 0), (1, 0)]
    assert os.listdir(elsewhere) == []  # nothing in the folder the app was started from
    assert app.notices[-1] == ("information", f"Saved 2 moves to {saved}")


async def test_a_typed_name_saves_by_its_extension(make_app: Callable[..., GomokuApp], games_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "down", "enter")
        for typed, saved in (("mine", "mine.json"), ("mine.sgf", "mine.sgf"), ("mine.psq", "mine.psq")):
            await pilot.press("s")
            await browsed(app, pilot)
            app.screen.query_one(Input).value = typed
            await pilot.press("enter")
            assert load_game(games_dir / saved).moves == [(0, 0), (0, 1)], saved


async def test_open_lists_the_games_and_loads_one(make_app: Callable[..., GomokuApp], games_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter", "right", "enter")
        moves = list(app.game.board.move_stack)
        await pilot.press("s")
        await browsed(app, pilot)
        name = app.screen.query_one(Input).value
        await pilot.press("enter")
        (games_dir / "notes.txt").write_text("not a game")  # not listed: not a game file
        app.start_game(app.game.__class__(app.game.settings))
        await pilot.press("o")
        await browsed(app, pilot)
        screen = app.screen
        assert isinstance(screen, OpenGameScreen)
        navigation = screen.query_one(DirectoryNavigation)
        assert app.focused is navigation
        assert navigation.styles.border_left[0] == "tall"  # the focused list is marked
        assert listed(app) == ["..", name]
        assert highlighted(app) == name  # the newest game, ready for Enter
        assert screen.query_one(Input).value == name
        await pilot.press("enter")
        assert not isinstance(app.screen, OpenGameScreen)
        assert app.game.board.move_stack == moves
        assert app.notices[-1] == ("information", f"Opened {games_dir / name}: 3 moves")


async def test_the_browser_goes_up_and_into_folders(
    make_app: Callable[..., GomokuApp], games_dir: Path, tmp_path: Path
) -> None:
    games_dir.mkdir()
    (games_dir / "old").mkdir()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.press("o")
        await browsed(app, pilot)
        navigation = app.screen.query_one(DirectoryNavigation)
        await pilot.press("backspace")
        await browsed(app, pilot)
        assert navigation.location == tmp_path
        await pilot.press("escape")
        await pilot.press("s")  # a save starts in the games folder again, and can go into a folder
        await browsed(app, pilot)
        await pilot.press("shift+tab")
        assert app.focused is app.screen.query_one(DirectoryNavigation)
        await pilot.press("down", "enter")  # the list: "..", then "old"
        await browsed(app, pilot)
        assert app.screen.query_one(DirectoryNavigation).location == games_dir / "old"
        await pilot.press("tab", "enter")
        assert len(list((games_dir / "old").glob("game-*.json"))) == 1


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("broken.json", '{"format": "gomoku", "moves": [[0, 0], [0, 0]'),
        ("broken.sgf", "(;FF[4]GM[4]SZ[15];B[zz"),
        (
            "twice.json",
            (
                '{"format": "gomoku", "version": 1, "rules": {"dims": 2, "k": 5}, '
                '"moves": [[0, 0], [0, 0]], "result": null, "metadata": {}}'
            ),
        ),
    ],
)
async def test_a_broken_file_is_one_line_and_changes_nothing(
    make_app: Callable[..., GomokuApp], games_dir: Path, name: str, text: str
) -> None:
    games_dir.mkdir()
    path = games_dir / name
    path.write_text(text)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        game = app.game
        await pilot.press("o")
        await browsed(app, pilot)
        assert highlighted(app) == name
        await pilot.press("enter")
        severity, message = app.notices[-1]
        assert severity == "error" and message.startswith(f"cannot open {path}: ")
        assert "\n" not in message and "Traceback" not in message
        assert app.game is game and game.board.move_stack == [(0, 0), (1, 0)]
        assert app.focused is app.board_view
        await pilot.press("down", "enter")
        assert game.board.move_stack == [(0, 0), (1, 0), (1, 1)]


async def test_a_folder_that_cannot_be_made_is_one_line(
    make_app: Callable[..., GomokuApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("GOMOKU_GAMES_DIR", str(blocker / "games"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s")
        await browsed(app, pilot)
        assert isinstance(app.screen, SaveGameScreen)  # the browser opens where it can
        severity, message = app.notices[-1]
        assert severity == "warning" and message.startswith(f"cannot make the games folder {blocker / 'games'}")
        assert "\n" not in message


async def test_choosing_a_file_by_its_path(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    # A path typed whole goes where it says, whatever folder is shown.
    app = make_app()
    target = tmp_path / "elsewhere.sgf"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s")
        await choose_file(app, pilot, target)
        assert load_game(target).moves == [(0, 0)]
        await pilot.press("u", "o")
        await browsed(app, pilot)
        assert app.screen.query_one(DirectoryNavigation).location == tmp_path  # the folder used last
        assert highlighted(app) == "elsewhere.sgf"
        await pilot.press("enter")
        assert app.game.board.move_stack == [(0, 0)]


def test_the_newest_game_is_offered(tmp_path: Path) -> None:
    assert storage.newest_game(tmp_path / "none") is None
    for age, name in enumerate(("c.json", "a.sgf", "b.psq")):
        (tmp_path / name).write_text("")
        os.utime(tmp_path / name, (1000 + age, 1000 + age))
    (tmp_path / "z.txt").write_text("")
    assert storage.newest_game(tmp_path) == tmp_path / "b.psq"
