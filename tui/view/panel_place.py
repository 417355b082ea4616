"""Where the side panel goes: beside the board while the board keeps 15 columns, else under it.

The panel is 40 columns wide; on a terminal too narrow for that and a board of
``BOARD_MIN_COLUMNS`` columns, it narrows (down to ``PANEL_MIN_WIDTH``), and below that
it goes under the board, its parts side by side in a strip of a few rows: at 80x24 the
board keeps its 19 columns and 13 of its rows (issue 53: beside it, the board had 8
columns). Plain Python, no Textual: the app applies it (``tui.showing``) and the tests
check it directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.view.frame import CELL_WIDTH

__all__ = [
    "BOARD_MIN_COLUMNS",
    "PANEL_WIDTH",
    "PANEL_MIN_WIDTH",
    "BOARD_ROOM",
    "PanelPlace",
    "panel_place",
]

BOARD_MIN_COLUMNS = 15
"""The fewest board columns the side panel leaves on screen."""

PANEL_WIDTH = 40
"""The side panel's width beside the board, when there is room."""

PANEL_MIN_WIDTH = 30
"""The narrowest panel beside the board: narrower, its lines would wrap past reading."""

BOARD_ROOM = 5 + BOARD_MIN_COLUMNS * CELL_WIDTH + 1
"""Columns the board needs for ``BOARD_MIN_COLUMNS`` columns: its row labels (up to
``-100``), its cells, and the evaluation bar beside it."""

STATUS_ROWS = 2
"""Rows under the main area: the status line and the keys."""


@dataclass(frozen=True)
class PanelPlace:
    """Beside the board ``size`` columns wide, or ``under`` it ``size`` rows high."""

    under: bool
    size: int


def panel_place(width: int, height: int) -> PanelPlace:
    """Where the panel goes on a terminal of ``width`` x ``height``.

    >>> panel_place(160, 50), panel_place(100, 30)
    (PanelPlace(under=False, size=40), PanelPlace(under=False, size=34))
    >>> panel_place(80, 24), panel_place(80, 50)
    (PanelPlace(under=True, size=8), PanelPlace(under=True, size=12))
    """
    room = width - BOARD_ROOM
    if room >= PANEL_MIN_WIDTH:
        return PanelPlace(False, min(PANEL_WIDTH, room))
    # Under the board: about a third of the rows, 6 to 12 (the board keeps the rest).
    return PanelPlace(True, max(6, min(12, (height - STATUS_ROWS) // 3 + 1)))
