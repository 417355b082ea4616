"""The app's redraw: a keypress with the weights overlay on, 200x60, 150 stones.

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
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Iterator

from textual.geometry import Region

from bench.positions import quiet_game
from gomoku.board import Board
from tui.app import GomokuApp
from tui.game import Game, GameSettings
from tui.services import Analyst


async def _measure(presses: int) -> tuple[list[float], list[float], list[float], list[float], int]:
    moves = list(quiet_game(150, seed=5).move_stack)
    with tempfile.TemporaryDirectory() as data:
        app = GomokuApp(analyst=Analyst.default(), settings=GameSettings(mode="humans"),
                        data_dir=Path(data), offer_resume=False)
        async with app.run_test(size=(200, 60)) as pilot:
            game = Game(GameSettings(mode="humans"), Board(moves=moves))
            app.start_game(game)
            await pilot.press("w")
            await pilot.pause()
            view = app.board_view
            region = Region(0, 0, view.size.width, view.size.height)
            shown = sum(1 for p in game.board.stones if view.offset_of(p) is not None)
            redraw, keypress, compose = [], [], []
            screen = app.screen
            refreshes: list[tuple[float, float]] = []
            original = screen._compositor_refresh

            def timed_refresh() -> None:
                start = time.perf_counter()
                original()
                refreshes.append((start, time.perf_counter()))

            screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]
            for i in range(presses):
                key = "right" if (i // 8) % 2 == 0 else "left"
                start = time.perf_counter()
                view.action_move(1 if key == "right" else -1, 0)
                view.refresh()  # every line, as when the view scrolls
                view.render_lines(region)
                redraw.append((time.perf_counter() - start) * 1000)
                await pilot.pause()
                refreshes.clear()
                start = time.perf_counter()
                await pilot.press(key)
                if refreshes:
                    keypress.append((refreshes[-1][1] - start) * 1000)
                    compose.append(sum(end - begin for begin, end in refreshes) * 1000)
            moves = []
            candidates = game.board.candidates(1)
            for cell in candidates[:presses // 4]:
                view.move_cursor_to(cell)
                await pilot.pause()
                refreshes.clear()
                start = time.perf_counter()
                await pilot.press("enter")
                if refreshes and game.board.last_move == cell:
                    moves.append((refreshes[-1][1] - start) * 1000)
                game.undo()
                app.refresh_all()
            return redraw, keypress, compose, moves, shown


def run(quick: bool) -> Iterator[dict[str, object]]:
    """The redraw figures, in milliseconds."""
    redraw, keypress, compose, moves, shown = asyncio.run(_measure(10 if quick else 60))
    yield {"name": "tui.redraw_ms", "value": round(statistics.median(redraw), 2), "unit": "ms",
           "max": round(max(redraw), 2), "stones_on_screen": shown, "terminal": "200x60", "overlay": True}
    yield {"name": "tui.keypress_ms", "value": round(statistics.median(keypress), 2), "unit": "ms",
           "max": round(max(keypress), 2)}
    yield {"name": "tui.move_ms", "value": round(statistics.median(moves), 2), "unit": "ms",
           "max": round(max(moves), 2), "note": "Enter to screen updated: play, weight map, autosave, redraw"}
    yield {"name": "tui.compose_ms", "value": round(statistics.median(compose), 2), "unit": "ms",
           "max": round(max(compose), 2)}
