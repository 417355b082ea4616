"""Take the README's screenshot: ``python -m tui.screenshot [docs/screenshot.svg]``.

The app runs headless (as in the tests) on a middle-game position, with the
weights overlay, a cell's breakdown and the engine's hint on show. The hint
comes from the real engine at a node limit, so the picture is repeatable.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from gomoku.board import Board
from tui.app import GomokuApp
from tui.game import Game, GameSettings
from tui.services import Analyst

__all__ = [
    "POSITION",
    "SIZE",
    "main",
]

POSITION = [
    (0, 0),
    (1, 1),
    (1, 0),
    (2, 0),
    (-1, 1),
    (0, 2),
    (2, -1),
    (-1, 0),
    (3, -2),
    (4, -3),
    (0, -1),
    (-1, -2),
    (1, -2),
    (0, 1),
    (-2, 2),
    (3, 1),
]
SIZE = (124, 38)


async def take(path: Path) -> Path:
    """Save the screenshot to ``path`` (SVG)."""
    settings = GameSettings(mode="human-x", level="normal")
    with tempfile.TemporaryDirectory() as data:
        app = GomokuApp(analyst=Analyst.default(nodes=3000), settings=settings, data_dir=Path(data), offer_resume=False)
        async with app.run_test(size=SIZE) as pilot:
            app.start_game(Game(settings, Board(moves=POSITION)))
            app.board_view.move_cursor_to((1, -1))
            await pilot.press("w", "t", "h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            app.clear_notifications()
            await pilot.pause()
            path.parent.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(filename=path.name, path=str(path.parent))
    return path


def main(argv: list[str] | None = None) -> int:
    """Write the screenshot to the path given (default docs/screenshot.svg)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0] if args else "docs/screenshot.svg")
    print(asyncio.run(take(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
