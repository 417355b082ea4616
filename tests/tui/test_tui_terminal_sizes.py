"""The app on terminals of every size: the standard 80x24 and smaller keep the board
wide, the hint readable and the keys whole; wide ones show the side panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets._footer import FooterKey
from tui_fakes import FakeHint, settle, text_of

from tui.app import SIDE_PANEL_MIN_WIDTH, GomokuApp
from tui.game import GameSettings
from tui.widgets.footer import Entry, Fit, choose_fit, width_of

MOVES = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1)]
HINT = FakeHint((-3, -1), 12.5, ((-3, -1), (2, 2), (4, 4)), 6, 1234, 0.2, False)


def screen_lines(app: GomokuApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def show_hint(app: GomokuApp, pilot: Any, fake_engine: Any) -> None:
    fake_engine.hint = lambda board, **kwargs: HINT
    for move in MOVES:
        assert app.play(move)
    await pilot.press("h")
    await settle(app, pilot)


def visible_columns(app: GomokuApp) -> int:
    """The board columns whose cells are on screen, counted in the column ruler."""
    view = app.board_view
    ruler = view.render_line(view.ruler_line() or 0).text
    return len([label for label in ruler.split() if label.lstrip("-").isdigit()])


@pytest.mark.parametrize("width", [80, 79])
async def test_a_standard_terminal_keeps_the_board_wide_and_the_hint_in_view(
    make_app: Callable[..., GomokuApp], fake_engine: Any, width: int
) -> None:
    app = make_app()
    async with app.run_test(size=(width, 24)) as pilot:
        await show_hint(app, pilot, fake_engine)
        view = app.board_view
        assert view.columns() >= 15 and visible_columns(app) >= 15
        assert not app.query_one("#side").display and app.query_one("#summary").display
        lines = screen_lines(app)
        summary = next(line for line in lines if "Hint for O" in line)
        assert "-3,-1" in summary and "score +12.5" in summary and "depth 6" in summary
        assert "PV -3,-1 2,2 4,4" in summary
        # Every key shown in the footer is whole, on screen.
        footer = app.query_one("KeysFooter")
        keys = list(footer.query(FooterKey))
        assert keys and all(key.region.right <= width for key in keys)
        # A newcomer's keys (help, new, save, open) stay, and the play's (hint, engine, cell, quit, panel).
        assert all(f"{key} " in lines[-1] for key in "?nsohdtqp")


async def test_the_breakdown_opens_the_side_panel_on_a_narrow_terminal(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(79, 24)) as pilot:
        await pilot.press("enter", "right")
        assert not app.query_one("#side").display
        await pilot.press("t")
        assert app.query_one("#side").display and app.query_one("#breakdown-box").display
        assert any("Cell 1,0 · O to move" in line for line in screen_lines(app))
        await pilot.press("t")  # t closes what it opened
        assert not app.query_one("#side").display
        await pilot.press("p")  # p opens the panel for good
        assert app.query_one("#side").display and not app.query_one("#summary").display
        await pilot.press("t", "t")
        assert app.query_one("#side").display
        await pilot.press("p")
        assert not app.query_one("#side").display


async def test_a_wide_terminal_shows_the_side_panel_and_p_hides_it(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    app = make_app()
    async with app.run_test(size=(SIDE_PANEL_MIN_WIDTH, 30)) as pilot:
        await show_hint(app, pilot, fake_engine)
        assert app.query_one("#side").display and not app.query_one("#summary").display
        assert "Hint for O: -3,-1" in text_of(app, "#hint")
        narrow = app.board_view.columns()
        await pilot.press("p")
        await pilot.pause()
        assert not app.query_one("#side").display and app.query_one("#summary").display
        assert narrow >= 15 and app.board_view.columns() >= narrow + 8  # the panel was 34 columns
        assert "Hint for O: -3,-1 · score +12.5" in text_of(app, "#summary")
        await pilot.resize_terminal(160, 50)  # the player's choice holds at any width
        await pilot.pause()
        assert not app.query_one("#side").display
        await pilot.press("p")
        assert app.query_one("#side").display
        await pilot.resize_terminal(70, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#side").display
        keys = list(app.query_one("KeysFooter").query(FooterKey))  # fitted again to the new width
        assert keys and all(key.region.right <= 70 for key in keys)


async def test_the_summary_names_the_game_without_a_hint(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="connect4", mode="humans", level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#summary").startswith("Connect Four · Two players · level easy · cursor 3,0")


@pytest.mark.parametrize("rules", ["tictactoe", "cube3", "qubic", "connect4", "gomocup15", "size=9,k=4"])
async def test_small_boards_are_centred_with_their_rulers_next_to_them(
    make_app: Callable[..., GomokuApp], rules: str
) -> None:
    app = make_app(settings=GameSettings(rules=rules, mode="humans", level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.board_view
        layout = view.cell_layout
        low, high = app.game.rules.bounds
        corners = [view.offset_of(corner) for corner in (low, high)]
        assert None not in corners
        lines = [view.render_line(y).text for y in range(view.size.height)]
        top = min(corner.y for corner in corners)
        bottom = max(corner.y for corner in corners)
        left = min(corner.x for corner in corners) - 1
        right = max(corner.x for corner in corners) + 2
        # Centred: as much room on either side (give or take a line or a column).
        assert abs((view.size.width - right) - left) <= 5, (left, right)
        assert abs((view.size.height - 1 - bottom) - top) <= 3, (top, bottom)
        # The column ruler is the line above the first row of cells (of each row of layers).
        ruler = lines[top - 1]
        assert ruler[left : left + 3].strip() == "0"
        if layout.layered:
            assert lines[top - 2].strip().startswith("z=0")
        elif layout.dims == 2:
            # The row labels are just left of the first column.
            assert lines[top][left - 4 : left].strip() in ("0", str(high[1]))
        assert not lines[0].strip()  # nothing is left up on the first line


async def test_tic_tac_toe_is_drawn_on_a_grid(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="tictactoe", mode="humans", level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "left", "up", "enter")
        view = app.board_view
        rows = [view.render_line(view.offset_of((0, y)).y).text for y in range(3)]
        assert [row.strip() for row in rows] == ["0 [O]│   │", "1    │ X │", "2    │   │"]
        between = view.render_line(view.offset_of((0, 0)).y + 1).text
        assert between.strip() == "───┼───┼───"
        # A click on a line plays nothing; on a cell, it plays.
        line = view.offset_of((1, 1)) - (0, 1)
        assert view.cell_at(line) is None
        await pilot.click("BoardView", offset=tuple(view.offset_of((2, 2))))
        assert app.game.board.move_stack == [(1, 1), (0, 0), (2, 2)]


def test_the_footer_fits_its_keys_to_the_width() -> None:
    keys = [
        Entry("help", "?", "Keys"),
        Entry("new_game", "n", "New"),
        Entry("undo", "u", "Undo"),
        Entry("redo", "r", "Redo"),
        Entry("toggle_weights", "w", "Weights"),
        Entry("toggle_breakdown", "t", "Breakdown"),
        Entry("hint", "h", "Hint"),
        Entry("engine_move", "d", "Engine plays"),
        Entry("save", "s", "Save"),
        Entry("open", "o", "Open"),
        Entry("quit_game", "q", "Quit"),
        Entry("toggle_panel", "p", "Panel"),
    ]
    assert choose_fit(keys, 160) == Fit()
    for width in (100, 80, 79, 60, 40, 30):
        assert width_of(keys, choose_fit(keys, width)) <= width
    assert choose_fit(keys, 80).hidden == {"redo"}
    assert {"toggle_panel", "help", "hint", "quit_game"}.isdisjoint(choose_fit(keys, 60).hidden)
    assert choose_fit(keys, 20) == Fit(compact=True, palette=False, labels=False)  # every key, bare
    for width in (80, 60, 40, 30):  # help, new, save and open are never left out while labels show
        assert {"help", "new_game", "save", "open"}.isdisjoint(choose_fit(keys, width).hidden)
    # A key the list does not know (a later feature's) goes first: it is in the help.
    more = [*keys, Entry("analyse", "a", "Analyse"), Entry("paste", "v", "Paste")]
    assert choose_fit(more, 80).hidden == {"paste", "redo", "toggle_weights"}
    layers = [Entry("layer(-1)", "[", "", "Layer"), Entry("layer(1)", "]", "", "Layer")]
    assert choose_fit([*layers, *more], 80).hidden == {"paste", "redo", "toggle_weights", "analyse"}


async def test_the_help_fits_an_80_column_terminal_without_wrapping(make_app) -> None:
    from rich.text import Text

    from tui.screens.dialogs import HELP

    widest = max(len(line) for line in Text.from_markup(HELP).plain.splitlines())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        text = app.screen.query_one("#help-text")
        assert text.content_region.width >= widest, (text.content_region.width, widest)
