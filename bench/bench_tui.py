"""The app's redraw: a keypress with the weights overlay on, 200x60, 150 stones,
idle and while the live analysis (``A``) searches.

Figures (medians over many cursor keys; the goal is under 30 ms):

- ``tui.redraw_ms``: the cursor key's action plus a full render of the board
  widget, all 60 lines (what a keypress that scrolls the view costs; a key
  that does not scroll redraws only the rulers and two rows).
- ``tui.keypress_ms``: from the key event to the end of the screen update it
  causes, through Textual's message passing, the refresh timer (up to a
  60th of a second) and the compositor, as the user sees it.
- ``tui.compose_ms``: the compositor's own time to update the screen per key.
- ``tui.move_ms``: from Enter to the screen updated after placing a stone:
  the move, a new weight map for the overlay, the autosave and the redraw.
- ``tui.idle.keypress_ms`` and ``tui.analysing.keypress_ms`` (and their
  ``redraw_ms``, ``compose_ms``): the same keys on a middle game of a real game
  (the first of ``bench_engine``'s positions: 59 stones on the 20x20 board, the
  overlay on), first with nothing running, then while the live analysis searches
  it (the real engine, unbounded, its four candidates on the board, refreshed at
  each depth): what the search's threads cost the screen; with the depth it
  reached meanwhile.
- ``tui.analysis_stop_ms``: from ``A`` (stop) until the search's worker has let go
  of the engine (the next search may start).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from textual import events
from textual.geometry import Region

from bench.bench_engine import positions
from bench.positions import quiet_game
from gomoku.board import Board
from tui.app import GomokuApp
from tui.game import Game, GameSettings
from tui.services import Analyst


class _Timings:
    """The compositor's refreshes, timed (the screen's update after a key), and when
    the live analysis's reports came in (their redraws are not the key's)."""

    def __init__(self, app: GomokuApp) -> None:
        self.refreshes: list[tuple[float, float]] = []
        self.reports: list[float] = []
        screen = app.screen
        original = screen._compositor_refresh
        report = app.live_analysis.report

        def timed_refresh() -> None:
            start = time.perf_counter()
            original()
            self.refreshes.append((start, time.perf_counter()))

        def timed_report(job: int, info: Any) -> None:
            self.reports.append(time.perf_counter())
            report(job, info)

        screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]
        app.live_analysis.report = timed_report  # type: ignore[method-assign]


def _redraw(view: Any, region: Region, key: str) -> float:
    """Milliseconds of a cursor move by ``key`` and a full render of the board (every
    line, as when the view scrolls)."""
    start = time.perf_counter()
    view.action_move(1 if key == "right" else -1, 0)
    view.refresh()
    view.render_lines(region)
    return (time.perf_counter() - start) * 1000


async def _keys(
    app: GomokuApp, pilot: Any, timings: _Timings, presses: int
) -> tuple[list[float], list[float], list[float]]:
    """Cursor keys to and fro: each one's redraw (action and a full render), then its
    keypress as the user sees it."""
    view = app.board_view
    region = Region(0, 0, view.size.width, view.size.height)
    redraw, keypress, compose = [], [], []
    for i in range(presses):
        key = "right" if (i // 8) % 2 == 0 else "left"
        redraw.append(_redraw(view, region, key))
        await pilot.pause()
        timings.refreshes.clear()
        start = time.perf_counter()
        await pilot.press(key)
        if timings.refreshes:
            keypress.append((timings.refreshes[-1][1] - start) * 1000)
            compose.append(sum(end - begin for begin, end in timings.refreshes) * 1000)
    return redraw, keypress, compose


KEY_WINDOW = 0.25
"""Seconds a key is given to reach the screen (the measure sends keys as the terminal
does: Pilot's ``press`` waits for the process to go idle, which a search never lets it)."""


async def _sent_keys(
    app: GomokuApp, pilot: Any, timings: _Timings, presses: int
) -> tuple[list[float], list[float], list[float]]:
    """``_keys``, each key sent to the app's driver as a terminal's would be: its latency
    is up to the last screen update that follows it within ``KEY_WINDOW``, leaving out
    those after an analysis report came in (that redraw is the report's)."""
    view = app.board_view
    region = Region(0, 0, view.size.width, view.size.height)
    redraw, keypress, compose = [], [], []
    for i in range(presses):
        key = "right" if (i // 8) % 2 == 0 else "left"
        redraw.append(_redraw(view, region, key))
        await asyncio.sleep(KEY_WINDOW)
        timings.refreshes.clear()
        timings.reports.clear()
        event = events.Key(key, None)
        event.set_sender(app)
        start = time.perf_counter()
        app._driver.send_message(event)  # type: ignore[union-attr]
        await asyncio.sleep(KEY_WINDOW)
        cut = min(timings.reports, default=float("inf"))
        mine = [(begin, end) for begin, end in timings.refreshes if begin < cut]
        if mine:
            keypress.append((mine[-1][1] - start) * 1000)
            compose.append(sum(end - begin for begin, end in mine) * 1000)
    return redraw, keypress, compose


async def _measure(presses: int) -> dict[str, Any]:
    moves = list(quiet_game(150, seed=5).move_stack)
    with tempfile.TemporaryDirectory() as data:
        app = GomokuApp(
            analyst=Analyst.default(), settings=GameSettings(mode="humans"), data_dir=Path(data), offer_resume=False
        )
        async with app.run_test(size=(200, 60)) as pilot:
            game = Game(GameSettings(mode="humans"), Board(moves=moves))
            app.start_game(game)
            await pilot.press("w")
            await pilot.pause()
            view = app.board_view
            shown = sum(1 for p in game.board.stones if view.offset_of(p) is not None)
            timings = _Timings(app)
            redraw, keypress, compose = await _keys(app, pilot, timings, presses)
            moved = []
            candidates = game.board.candidates(1)
            for cell in candidates[: presses // 4]:
                view.move_cursor_to(cell)
                await pilot.pause()
                timings.refreshes.clear()
                start = time.perf_counter()
                await pilot.press("enter")
                if timings.refreshes and game.board.last_move == cell:
                    moved.append((timings.refreshes[-1][1] - start) * 1000)
                game.undo()
                app.showing.refresh_all()
            # A middle game: the same keys idle, then while the live analysis searches it.
            middle = Game(GameSettings(mode="humans"), positions(1)[0][0])
            app.analyst.engine.prepare(middle.rules)  # the search's kernels and tables, off the clock
            app.start_game(middle)
            await pilot.pause()
            idle_redraw, idle_keypress, idle_compose = await _sent_keys(app, pilot, timings, presses)
            await pilot.press("A")
            for _ in range(2000):  # its first depths, so that the candidates are on the board
                if app.state.analysis is not None and app.state.analysis.depth >= 4:
                    break
                await pilot.pause(0.005)
            busy_redraw, busy_keypress, busy_compose = await _sent_keys(app, pilot, timings, presses)
            info = app.state.analysis
            reports = {
                "depth": info.depth if info is not None else 0,
                "nodes": info.nodes if info is not None else 0,
                "seconds": round(info.time, 2) if info is not None else 0.0,
            }
            start = time.perf_counter()
            await pilot.press("A")
            await app.workers.wait_for_complete()
            stop_ms = (time.perf_counter() - start) * 1000
            return {
                "redraw": redraw,
                "keypress": keypress,
                "compose": compose,
                "moves": moved,
                "shown": shown,
                "idle_redraw": idle_redraw,
                "idle_keypress": idle_keypress,
                "idle_compose": idle_compose,
                "busy_redraw": busy_redraw,
                "busy_keypress": busy_keypress,
                "busy_compose": busy_compose,
                "analysis": reports,
                "stop_ms": stop_ms,
            }


def _figure(name: str, values: list[float], **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "value": round(statistics.median(values), 2),
        "unit": "ms",
        "max": round(max(values), 2),
        **extra,
    }


def run(quick: bool) -> Iterator[dict[str, object]]:
    """The redraw figures, in milliseconds."""
    m = asyncio.run(_measure(5 if quick else 60))
    yield _figure("tui.redraw_ms", m["redraw"], stones_on_screen=m["shown"], terminal="200x60", overlay=True)
    yield _figure("tui.keypress_ms", m["keypress"])
    yield _figure("tui.move_ms", m["moves"], note="Enter to screen updated: play, weight map, autosave, redraw")
    yield _figure("tui.compose_ms", m["compose"])
    yield _figure("tui.idle.redraw_ms", m["idle_redraw"], note="a middle game of 59 stones, 20x20, nothing running")
    yield _figure("tui.idle.keypress_ms", m["idle_keypress"])
    yield _figure("tui.idle.compose_ms", m["idle_compose"])
    yield _figure(
        "tui.analysing.redraw_ms",
        m["busy_redraw"],
        note="the same keys while the live analysis searches",
        **{f"analysis_{k}": v for k, v in m["analysis"].items()},
    )
    yield _figure("tui.analysing.keypress_ms", m["busy_keypress"])
    yield _figure("tui.analysing.compose_ms", m["busy_compose"])
    yield {
        "name": "tui.analysis_stop_ms",
        "value": round(m["stop_ms"], 1),
        "unit": "ms",
        "note": "A (stop) to the search's worker done",
    }
