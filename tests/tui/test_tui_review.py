"""The review screen (tui/screens/review.py): the review runs in a worker with a
progress bar, the move list fills, Enter dismisses with the move's ply, Escape
with None (stopping a review still running), and the screen fits 80x24.

The small games are judged by the perfect player (exact and instant); the endless
board by the fake engine of tui_fakes.py, with no threat solver: no test waits
on a search."""

from __future__ import annotations

import doctest
import importlib
import threading
from collections.abc import Callable
from typing import Any

import pytest
from textual.app import App
from textual.widgets import DataTable, ProgressBar, Static
from tui_fakes import FakeEngine
from waiting import wait_until_async

from gomoku.board import Rules
from tui.screens.review import ReviewScreen
from tui.widgets.evalgraph import EvalGraph

TICTACTOE = [(1, 1), (0, 1), (0, 0), (2, 2), (1, 0), (1, 2), (2, 0)]
"""O's edge reply (ply 1) loses to perfect play: a blunder."""
ENDLESS = [(0, 0), (1, 1), (1, 0), (2, 2), (-1, 0)]


class Host(App[None]):
    """An app that pushes one review screen, as the game's app does, and keeps what it is dismissed with."""

    def __init__(self, make: Callable[[], ReviewScreen]) -> None:
        super().__init__()
        self.make = make
        self.results: list[int | None] = []

    def on_mount(self) -> None:
        self.push_screen(self.make(), self.results.append)


async def reviewed(app: Host, pilot: Any) -> ReviewScreen:
    """Wait until the screen's review is in."""
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await wait_until_async(lambda: screen.review is not None or screen.error is not None)
    await pilot.pause()
    assert screen.review is not None, screen.error
    return screen


async def test_the_review_fills_the_list_and_enter_dismisses_with_the_ply() -> None:
    app = Host(lambda: ReviewScreen(TICTACTOE, Rules.preset("tictactoe")))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await reviewed(app, pilot)
        table = screen.query_one("#review-moves", DataTable)
        assert table.row_count == len(TICTACTOE)
        assert [str(table.get_row_at(i)[3]) for i in range(table.row_count)] == [
            "best",
            "blunder",
            "best",
            "best",
            "best",
            "best",
            "best",
        ]
        assert not screen.query_one("#review-progress", ProgressBar).display
        assert "O: best 2 good 0 inaccuracy 0 mistake 0 blunder 1" in str(
            screen.query_one("#review-summary", Static).render()
        )
        await pilot.press("down")
        assert screen.selected == 1
        detail = str(screen.query_one("#review-detail", Static).render())
        assert detail.startswith("2. O 0,1 blunder: ") and "better: " in detail
        assert screen.query_one(EvalGraph).cursor == 2
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [1]


async def test_escape_closes_with_none_and_stops_a_running_review() -> None:
    engine = FakeEngine()
    engine.gate = threading.Event()  # the engine "thinks" until the gate opens (or it is stopped)
    app = Host(lambda: ReviewScreen(ENDLESS, Rules(), engine=engine, threats=False, nodes=100))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await wait_until_async(lambda: engine.calls)
        assert engine.calls and screen.review is None  # the review is running
        await pilot.press("escape")
        await pilot.pause()
        assert screen.stop.is_set()
        await app.workers.wait_for_complete()
    assert app.results == [None]
    assert len(engine.calls) < len(ENDLESS) + 1  # stopped before every position was searched


async def test_the_fake_engine_review_shows_progress_and_the_graph() -> None:
    engine = FakeEngine()
    app = Host(lambda: ReviewScreen(ENDLESS, Rules(), engine=engine, threats=False, nodes=100))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewed(app, pilot)
        assert len(engine.calls) >= len(ENDLESS) + 1  # every position, the last included
        assert screen.query_one("#review-moves", DataTable).row_count == len(ENDLESS)
        graph = screen.query_one(EvalGraph)
        assert len(graph.points) == len(ENDLESS) + 1 and graph.cursor == 1
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


async def test_the_screen_fits_80x24() -> None:
    app = Host(lambda: ReviewScreen(TICTACTOE, Rules.preset("tictactoe")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewed(app, pilot)
        for selector in (
            "#review-title",
            "#review-graph",
            "#review-moves",
            "#review-detail",
            "#review-summary",
            "#review-keys",
        ):
            region = screen.query_one(selector).region
            assert region.height >= 1 and region.width >= 60, selector
            assert region.bottom <= 24 and region.right <= 80, selector
        assert screen.query_one("#review-moves").region.height >= 6  # room to walk the list
        assert screen.query_one("#review-graph").region.height >= 6


async def test_a_game_that_cannot_be_reviewed_says_why() -> None:
    app = Host(lambda: ReviewScreen([], Rules()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.error == "no moves to review: the game is empty"
        assert str(screen.query_one("#review-detail", Static).render()) == f"no review: {screen.error}"
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


def test_snapshot_review_at_80x24(snap_compare: Any) -> None:
    app = Host(lambda: ReviewScreen(TICTACTOE, Rules.preset("tictactoe")))

    async def setup(pilot: Any) -> None:
        await reviewed(app, pilot)
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)


@pytest.mark.parametrize("name", ["tui.screens.review", "tui.widgets.evalgraph"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0
