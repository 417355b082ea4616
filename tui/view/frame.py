"""What the board's drawing shares: the cell's width, the overlay's heat scale, and
the :class:`Frame` of one redraw (worked out once, read by every line).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.style import Style

from gomoku.board import Point

__all__ = ["CELL_WIDTH", "HEAT_COLOURS", "HEAT_TEXT", "Frame", "heat_index"]

CELL_WIDTH = 4
"""Characters per cell: three for the content (a stone, or a weight:
``gomoku.attacks.words.format_weight(weight, 3)``) and a gap."""

HEAT_COLOURS = (
    "#1b2a4a",
    "#1f3f6b",
    "#1f5a7a",
    "#1d7374",
    "#2f8a5b",
    "#6a9a3a",
    "#a99a2a",
    "#c97a1e",
    "#d4531c",
    "#c8262a",
)
"""The overlay's heat scale, coolest first."""

HEAT_TEXT = tuple("#101010" if i in (6, 7) else "#f2f2f2" for i in range(len(HEAT_COLOURS)))
"""A readable text colour on each heat colour (dark on the bright ones)."""


def heat_index(weight: float, top: float) -> int:
    """The heat bucket of ``weight`` on a log scale where ``top`` is the hottest.

    >>> heat_index(0.0, 100.0), heat_index(100.0, 100.0)
    (0, 9)
    """
    if top <= 0 or weight <= 0:
        return 0
    level = math.log1p(weight) / math.log1p(top)
    return max(0, min(len(HEAT_COLOURS) - 1, int(level * (len(HEAT_COLOURS) - 1) + 0.5)))


@dataclass
class Frame:
    """What one redraw needs, worked out once per redraw rather than per line."""

    margin: int
    """Blank characters left of the row labels (a narrow bounded board is centred)."""
    ruler_width: int
    columns: int
    styles: dict[str, Style]
    heat: list[Style]
    top: float
    extent: tuple[tuple[int, int], tuple[int, int]] | None
    ruler_line: int | None
    hint: Point | None
    """The hint's cell, when a stone may go there."""
    marks: dict[Point, tuple[str, Style]]
    """What empty cells show instead of their dot (``tui.view.marks``), text and style."""
    numbers: dict[Point, int]
    """The stones' move numbers, when they are shown instead of X and O."""
    drop: Point | None
    """Under gravity, where a stone played in the cursor's column would land, when that is not the cursor."""

    @property
    def left(self) -> int:
        """The widget column where the first column of cells starts."""
        return self.margin + self.ruler_width
