"""The evaluation bar: X's chance of winning, as a thin vertical bar beside the board.

X's share fills it from the bottom in X's colour, O's from the top in O's; the
letters at its ends say whose end is whose (``O`` on top, ``X`` at the bottom).
It always shows X's chance, whoever is to move, so that it does not flip at every
move; the chance comes from the last hint or the live analysis (a score of the
side to move, turned by ``gomoku.engine.chance``). With no evaluation of the
position on show, the bar is hidden.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from gomoku.engine.chance import percent

__all__ = ["EvalBar", "bar_cells", "X_COLOUR", "O_COLOUR"]

X_COLOUR = "#ffb454"
O_COLOUR = "#3f7fa3"
EIGHTHS = " ▁▂▃▄▅▆▇█"
"""A cell filled from the bottom by 0 to 8 eighths."""


def bar_cells(chance: float, rows: int) -> list[str]:
    """The bar's cells, top first: X's share (``chance``, 0..1) of ``rows`` cells filled
    from the bottom in eighths.

    >>> bar_cells(0.5, 4), bar_cells(0.3, 4), bar_cells(1.0, 2), bar_cells(0.0, 2)
    ([' ', ' ', '█', '█'], [' ', ' ', '▂', '█'], ['█', '█'], [' ', ' '])
    """
    eighths = round(max(0.0, min(1.0, chance)) * rows * 8)
    cells = []
    for row in range(rows):  # from the bottom
        cells.append(EIGHTHS[max(0, min(8, eighths - 8 * row))])
    return cells[::-1]


class EvalBar(Widget):
    """X's chance as a vertical bar, labelled ``O`` at the top and ``X`` at the bottom."""

    DEFAULT_CSS = """
    EvalBar {
        width: 1;
        height: 1fr;
        background: #1d1710;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chance: float | None = None
        """X's chance (0..1), or None when there is no evaluation to show."""
        self.source = ""
        self.display = False

    def show(self, chance: float | None, source: str = "") -> None:
        """Show X's ``chance`` (None hides the bar); ``source`` says where it comes from."""
        if chance == self.chance and source == self.source:
            return
        self.chance, self.source = chance, source
        self.display = chance is not None
        if chance is not None:
            self.tooltip = f"X's chance {percent(chance)}%" + (f" ({source})" if source else "")
        self.refresh()

    def render_line(self, y: int) -> Strip:
        height = self.size.height
        x_style = Style(color=X_COLOUR, bgcolor=O_COLOUR)
        if self.chance is None or height < 3:
            return Strip([Segment(" ", Style(bgcolor="#1d1710"))], 1)
        if y == 0:
            return Strip([Segment("O", Style(color="#ffffff", bgcolor=O_COLOUR, bold=True))], 1)
        if y == height - 1:
            return Strip([Segment("X", Style(color="#101010", bgcolor=X_COLOUR, bold=True))], 1)
        cells = bar_cells(self.chance, height - 2)
        return Strip([Segment(cells[y - 1], x_style)], 1)
