"""80x24, the terminal's standard size, as a first-class size (issue 53): every dialog fits
with its buttons in view, the side panel leaves the board 15 columns or more, the footer
keeps the keys a newcomer looks for, and the view centres again after a resize and when a
game is opened."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button
from tui_fakes import browsed, choose_file

from tui.app import GomokuApp
from tui.game import GameSettings
from tui.screens.dialogs import ConfirmScreen, HelpScreen, NewGameScreen
from tui.screens.files import OpenGameScreen, SaveGameScreen
from tui.screens.opening import OpeningScreen

SIZE = (80, 24)
ROOT = Path(__file__).resolve().parents[2]
PUZZLE = ROOT / "data" / "positions" / "vcf-puzzle.json"


def wholly_in_view(widget: Widget) -> bool:
    """Whether all of ``widget`` is on the screen, none of it scrolled or cut off."""
    geometry = widget.screen.find_widget(widget)
    screen = Region(0, 0, *SIZE)
    return screen.contains_region(geometry.region) and geometry.clip.contains_region(geometry.region)


async def new_game(app: GomokuApp, pilot: Any) -> None:
    await pilot.press("n")


async def help_keys(app: GomokuApp, pilot: Any) -> None:
    await pilot.press("question_mark")


async def quit_mid_game(app: GomokuApp, pilot: Any) -> None:
    await pilot.press("enter", "right", "enter", "q")


async def delete_variation(app: GomokuApp, pilot: Any) -> None:
    # a move on an earlier position makes a branch; v shows the old line, D asks before deleting it
    await pilot.press("enter", "right", "enter", "less_than_sign", "down", "enter", "v", "D")


async def save(app: GomokuApp, pilot: Any) -> None:
    await pilot.press("enter", "s")
    await browsed(app, pilot)


async def open_file(app: GomokuApp, pilot: Any) -> None:
    await pilot.press("o")
    await browsed(app, pilot)


async def open_question(app: GomokuApp, pilot: Any) -> None:
    await pilot.press("o")
    await choose_file(app, pilot, PUZZLE)


DIALOGS: dict[str, tuple[Callable[[GomokuApp, Any], Awaitable[None]], type[ModalScreen[Any]]]] = {
    "new game": (new_game, NewGameScreen),
    "help": (help_keys, HelpScreen),
    "quit": (quit_mid_game, ConfirmScreen),
    "delete a variation": (delete_variation, ConfirmScreen),
    "save": (save, SaveGameScreen),
    "open": (open_file, OpenGameScreen),
    "the opened game's level and clock": (open_question, OpeningScreen),
}


@pytest.mark.parametrize("name", DIALOGS)
async def test_every_dialog_fits_with_its_buttons_in_view(make_app: Callable[..., GomokuApp], name: str) -> None:
    opens, kind = DIALOGS[name]
    app = make_app(settings=GameSettings(rules="cube3", mode="humans", level="perfect", clock=60))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await opens(app, pilot)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, kind)
        buttons = list(screen.query(Button))
        assert buttons and all(wholly_in_view(button) for button in buttons), [
            (button.label, screen.find_widget(button).region) for button in buttons
        ]
        dialog = screen.query(".dialog").first() if screen.query(".dialog") else screen.children[0]
        assert Region(0, 0, *SIZE).contains_region(dialog.region)


async def test_the_new_game_dialog_scrolls_to_the_field_in_focus(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        field = screen.query_one("#rules-text")
        assert not wholly_in_view(field)  # six fields do not fit 24 rows: the last is below
        for _ in range(5):
            await pilot.press("tab")
        await pilot.pause()
        assert app.focused is field and wholly_in_view(field)
        assert all(wholly_in_view(button) for button in screen.query(Button))
        await pilot.press("enter")  # Enter in the field starts the game
        assert not isinstance(app.screen, NewGameScreen)


async def test_the_help_scrolls_between_its_title_and_close(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        body = app.screen.query_one(".dialog-body")
        assert body.max_scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y  # the last keys can be read
        assert wholly_in_view(app.screen.query_one("#close"))
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


def visible_columns(app: GomokuApp) -> int:
    """The board columns whose cells are on screen, counted in the column ruler."""
    view = app.board_view
    ruler = view.render_line(view.ruler_line() or 0).text
    return len([label for label in ruler.split() if label.lstrip("-").isdigit()])


@pytest.mark.parametrize("width", [80, 90, 100, 120])
@pytest.mark.parametrize("keys", [("p",), ("enter", "right", "t")])
async def test_the_side_panel_leaves_the_board_15_columns(
    make_app: Callable[..., GomokuApp], width: int, keys: tuple[str, ...]
) -> None:
    app = make_app()
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        if width >= 100:  # shown there at first: p hides it, and shows it again
            await pilot.press("p")
        await pilot.press(*keys)
        await pilot.pause()
        side, view = app.query_one("#side"), app.board_view
        assert side.display and side.region.height > 0
        assert view.columns() >= 15 and visible_columns(app) >= 15
        assert not view.region.overlaps(side.region)  # nothing of the board hidden under the panel
        assert Region(0, 0, width, 24).contains_region(side.region)
        if "t" in keys:
            assert "Cell 1,0 · O to move" in str(app.query_one("#breakdown").render())


def centred(app: GomokuApp) -> bool:
    """Whether the cursor is in the middle of the board view (a cell either way)."""
    view = app.board_view
    u, v = view.cell_layout.to_plane(view.cursor)
    u0, v0 = view.origin
    return abs(u - (u0 + view.columns() // 2)) <= 1 and abs(v - (v0 + view.rows // 2)) <= 1


async def test_the_view_centres_again_after_a_resize(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(8):
            await pilot.press("up")  # the cursor near the top edge
        assert not centred(app)
        for size in ((140, 45), (80, 24), (100, 30)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert centred(app), size
        await pilot.press("p")  # the panel's coming and going resizes the board too
        await pilot.pause()
        assert centred(app)


async def test_the_view_centres_on_the_last_move_of_a_game_opened(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.board_view.centre_on((40, -30))  # far from the puzzle's stones
        assert app.files.open_file(PUZZLE)
        await pilot.pause()
        assert app.game.board.ply == 24
        assert app.board_view.cursor == app.game.board.last_move and centred(app)
