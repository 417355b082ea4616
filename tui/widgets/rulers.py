"""The board's lines that are not rows of cells: the column rulers, a 3-D board's
layer labels and the lines of a small board's grid (a mixin of the board view).
"""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from tui.view.frame import CELL_WIDTH, Frame
from tui.view.layout import Layer, Layout

__all__ = ["RulerLines"]

if TYPE_CHECKING:
    from gomoku.board import Point


class RulerLines:
    """The rulers, labels and grid lines of :class:`~tui.widgets.board_view.BoardView`."""

    if TYPE_CHECKING:  # what the view that mixes this in provides
        origin: tuple[int, int]
        cursor: Point
        cell_layout: Layout

    def _render_grid_line(self, frame: Frame, width: int) -> Strip:
        """A row of lines between two rows of a grid's cells: ``───┼───┼───``."""
        styles = frame.styles
        assert frame.extent is not None
        (first, _), (last, _) = frame.extent
        chars = []
        for u in range(self.origin[0], self.origin[0] + frame.columns):
            chars.append("" if not first <= u <= last else "───┼" if u < last else "─── ")
        cells = "".join(chars)
        start = frame.left + (max(first, self.origin[0]) - self.origin[0]) * CELL_WIDTH
        return self._paint(
            width,
            " " * start + cells,
            styles["outside"],
            [
                (frame.margin, frame.left, styles["ruler"]),
                (start, start + len(cells), styles["grid"]),
            ],
        )

    @staticmethod
    def _paint(width: int, text: str, default: Style, spans: list[tuple[int, int, Style]]) -> Strip:
        """``text`` cut or padded to ``width``, in ``default`` with the ``spans``
        (start, end, style) painted over it, later ones over earlier ones."""
        text = text[:width].ljust(width)
        painted = [default] * width
        for start, end, style in spans:
            for i in range(max(0, start), min(end, width)):
                painted[i] = style
        segments = []
        i = 0
        for style, run in groupby(painted):
            n = len(list(run))
            segments.append(Segment(text[i : i + n], style))
            i += n
        return Strip(segments, width)

    def _render_ruler(self, frame: Frame, width: int, layers: tuple[Layer, ...] | None = None) -> Strip:
        """The column ruler: every column's x over it (or every 2nd, 5th... when the
        labels do not fit), the cursor's column picked out. Over a row of layers
        (``layers``), only their columns are labelled."""
        x0 = self.origin[0]
        layout = self.cell_layout
        values = [layout.column_label(x0 + column) for column in range(frame.columns)]
        if layers is not None:
            values = [
                value if any(layer.first <= x0 + column <= layer.last for layer in layers) else None
                for column, value in enumerate(values)
            ]
        labels = ["" if value is None else str(value) for value in values]
        longest = max((len(label) for label in labels), default=1)
        # Label every column when the labels fit, else every 2nd, 5th, 10th...
        step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if s * CELL_WIDTH > longest or s == 100)
        left = frame.left
        chars = [" "] * (left + frame.columns * CELL_WIDTH + longest)
        for column, (value, label) in enumerate(zip(values, labels)):
            if value is None or value % step:
                continue
            centre = left + column * CELL_WIDTH + 1
            start = max(left, centre - (len(label) - 1) // 2)
            chars[start : start + len(label)] = label
        styles = frame.styles
        ruler = styles["ruler"]
        if frame.extent is None and layers is None:  # the endless board: a ruler from edge to edge
            spans = []
            default = ruler
        else:  # over the board's columns only
            default = styles["outside"]
            spans = [(frame.margin, left, ruler)]
            spans += [
                (left + column * CELL_WIDTH, left + (column + 1) * CELL_WIDTH, ruler)
                for column, value in enumerate(values)
                if value is not None
            ]
        # The cursor's column is picked out in the ruler, as its row is.
        column = layout.to_plane(self.cursor)[0] - x0
        start = left + column * CELL_WIDTH
        cursor_layer = layout.layer_of(self.cursor)
        if 0 <= column < frame.columns and (layers is None or cursor_layer in layers):
            if not "".join(chars[start : start + 3]).strip():
                chars[start : start + 3] = " ▼ "
            spans.append((start, start + 3, styles["ruler-cursor"]))
        return self._paint(width, "".join(chars), default, spans)

    def _render_labels(self, frame: Frame, width: int, layers: tuple[Layer, ...]) -> Strip:
        """A line of a 3-D board's layer labels (``z=0``), each centred over its layer,
        the cursor's picked out; around them, the outside."""
        x0 = self.origin[0]
        styles = frame.styles
        outside = styles["outside"]
        segments = [Segment(" " * frame.margin, outside), Segment(" " * frame.ruler_width, styles["ruler"])]
        used = frame.left
        cursor_layer = self.cell_layout.layer_of(self.cursor)
        for layer in layers:
            first = frame.left + (layer.first - x0) * CELL_WIDTH
            label = layer.label.center((layer.last - layer.first + 1) * CELL_WIDTH - 1) + " "
            start = max(first, used)
            label = label[start - first : width - first]
            if not label:
                continue
            if start > used:
                segments.append(Segment(" " * (start - used), outside))
            segments.append(Segment(label, styles["ruler-cursor"] if layer == cursor_layer else styles["ruler"]))
            used = start + len(label)
        if used < width:
            segments.append(Segment(" " * (width - used), outside))
        return Strip(segments, width).crop(0, width)
