"""Where the board view draws each cell: board points to cells of a flat plane and back.

The board view draws a plane of cells ``(u, v)``: ``u`` counts columns to the
right, ``v`` rows downwards. A :class:`Layout` says which board point sits on
which plane cell, so that the view's scrolling, cursor and drawing need not
know how many axes the board has:

- a 2-D board is the plane itself (``u, v = x, y``), except under gravity,
  where the last axis points up the screen so that stones fall down it;
- a 1-D board is the plane's row ``v = 0``;
- a 3-D box is drawn as its layers ``z = 0 .. n-1`` side by side, one empty
  column between two layers, each under a row that holds its label
  (``z=0``). When they do not all fit across the screen, the layers wrap onto
  more rows of layers (``per_row`` of them a row), in reading order.

Plain Python, no Textual: the view uses it and the tests check it directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gomoku.board import Point, Rules
from tui.game import unplayable

LAYER_GAP = 1
"""Empty plane columns between two layers of a 3-D board."""


class LayoutError(ValueError):
    """A board the view cannot draw (four axes or more, an endless 3-D board)."""


def _clamp(value: int, low: int, high: int) -> int:
    return min(max(value, low), high)


@dataclass(frozen=True)
class Layer:
    """One layer of a 3-D board on the plane: its ``z``, its first and last plane
    columns, and the plane row of its label (its cells are the rows below)."""

    z: int
    first: int
    last: int
    label_row: int

    @property
    def label(self) -> str:
        return f"z={self.z}"


class Layout:
    """The map between a board's points and the plane cells the view draws.

    >>> flat = Layout(Rules())
    >>> flat.to_plane((3, -2)), flat.from_plane(3, -2)
    ((3, -2), (3, -2))
    >>> cube = Layout(Rules.preset("cube3"))
    >>> cube.to_plane((1, 2, 2)), cube.from_plane(9, 3), cube.from_plane(3, 1), cube.from_plane(1, 0)
    ((9, 3), (1, 2, 2), None, None)
    >>> [(layer.label, layer.first, layer.last) for layer in cube.layers]
    [('z=0', 0, 2), ('z=1', 4, 6), ('z=2', 8, 10)]
    >>> square = Layout(Rules.preset("qubic"), per_row=2)  # two rows of two layers
    >>> [(layer.z, layer.first, layer.label_row) for layer in square.layers]
    [(0, 0, 0), (1, 5, 0), (2, 0, 5), (3, 5, 5)]
    """

    def __init__(self, rules: Rules, per_row: int | None = None) -> None:
        reason = unplayable(rules)
        if reason:
            raise LayoutError(reason)
        self.rules = rules
        self.dims = rules.dims
        self.layered = rules.dims == 3
        self.flipped = rules.gravity and rules.dims == 2
        """The last axis points up the screen (a 2-D board under gravity: stones fall down)."""
        self.low: Point | None = rules.bounds[0] if rules.bounds else None
        self.high: Point | None = rules.bounds[1] if rules.bounds else None
        self.layers: tuple[Layer, ...] = ()
        self.per_row = 0
        self.width = self.height = 0
        if self.layered:
            assert self.low is not None and self.high is not None
            self.width = self.high[0] - self.low[0] + 1
            self.height = self.high[1] - self.low[1] + 1
            count = self.high[2] - self.low[2] + 1
            self.per_row = _clamp(per_row or count, 1, count)
            self.layers = tuple(
                Layer(self.low[2] + i, (i % self.per_row) * self.pitch,
                      (i % self.per_row) * self.pitch + self.width - 1, (i // self.per_row) * (self.height + 1))
                for i in range(count)
            )

    @property
    def pitch(self) -> int:
        """Plane columns from a layer to the next one on its right."""
        return self.width + LAYER_GAP

    @staticmethod
    def per_row_for(rules: Rules, columns: int) -> int | None:
        """How many layers of a 3-D board to put in a row on ``columns`` plane columns:
        as many as fit, with the rows of layers as even as they can be (None when flat).

        >>> Layout.per_row_for(Rules.preset("qubic"), 19), Layout.per_row_for(Rules.preset("qubic"), 16)
        (4, 2)
        """
        if rules.dims != 3 or rules.bounds is None:
            return None
        low, high = rules.bounds
        width, count = high[0] - low[0] + 1, high[2] - low[2] + 1
        fits = _clamp((columns + LAYER_GAP) // (width + LAYER_GAP), 1, count)
        return math.ceil(count / math.ceil(count / fits))

    # -- points and plane cells ------------------------------------------------
    def to_plane(self, point: Point) -> tuple[int, int]:
        """The plane cell where ``point`` is drawn."""
        if self.dims == 1:
            return (point[0], 0)
        if self.layered:
            assert self.low is not None
            layer = self.layers[_clamp(point[2] - self.low[2], 0, len(self.layers) - 1)]
            return (layer.first + point[0] - self.low[0], layer.label_row + 1 + point[1] - self.low[1])
        return (point[0], -point[1] if self.flipped else point[1])

    def _layer_at(self, u: int, v: int) -> tuple[Layer | None, int, int]:
        """The layer whose block holds plane cell ``(u, v)`` (or None), and the cell's
        column and row in it (row 0 is the label's)."""
        block_row, row = divmod(v, self.height + 1)
        block, column = divmod(u, self.pitch)
        index = block_row * self.per_row + block
        if not (0 <= block < self.per_row and 0 <= index < len(self.layers)):
            return None, column, row
        return self.layers[index], column, row

    def from_plane(self, u: int, v: int) -> Point | None:
        """The point drawn at plane cell ``(u, v)``, or None where no point is drawn
        (between and around the layers, off a 1-D board's row). A point off a
        bounded 2-D board is still returned: the view draws it as outside."""
        if self.dims == 1:
            return (u,) if v == 0 else None
        if self.layered:
            assert self.low is not None
            layer, column, row = self._layer_at(u, v)
            if layer is None or column >= self.width or row == 0:
                return None
            return (self.low[0] + column, self.low[1] + row - 1, layer.z)
        return (u, -v if self.flipped else v)

    def row_label_width(self, first: int, last: int) -> int:
        """The longest row label from plane row ``first`` to ``last``.

        >>> Layout(Rules()).row_label_width(-12, 5), Layout(Rules.parse("size=200x200")).row_label_width(-5, 130)
        (3, 3)
        """
        extent = self.extent()
        if extent is not None:
            (_, top), (_, bottom) = extent
            first, last = max(first, top), min(last, bottom)
            if first > last:
                return 0
        if self.layered:
            assert self.low is not None and self.high is not None
            return max(len(str(self.low[1])), len(str(self.high[1])))
        # The labels are numbers running up or down the rows: the longest is at an end.
        return max(len(self.row_label(first)), len(self.row_label(last)))

    def row_points(self, u: int, v: int, count: int) -> list[Point | None]:
        """The points drawn on plane row ``v`` from column ``u``, ``count`` of them.

        >>> Layout(Rules.preset("cube3")).row_points(1, 1, 4)
        [(1, 0, 0), (2, 0, 0), None, (0, 0, 1)]
        """
        if self.dims == 2 and not self.flipped:  # the common case, once per line drawn
            return [(c, v) for c in range(u, u + count)]
        return [self.from_plane(c, v) for c in range(u, u + count)]

    def labels_on(self, v: int) -> tuple[Layer, ...]:
        """The layers whose label is on plane row ``v`` (none on a flat board)."""
        return tuple(layer for layer in self.layers if layer.label_row == v)

    def nearest(self, u: int, v: int) -> Point:
        """The board's cell nearest to plane cell ``(u, v)`` (any cell on an endless board).

        >>> Layout(Rules.preset("cube3")).nearest(3, 7)
        (2, 2, 0)
        """
        if self.layered:
            assert self.low is not None and self.high is not None
            rows = math.ceil(len(self.layers) / self.per_row)
            block_row = _clamp(v // (self.height + 1), 0, rows - 1)
            block = _clamp(u // self.pitch, 0, self.per_row - 1)
            layer = self.layers[min(block_row * self.per_row + block, len(self.layers) - 1)]
            return self.clamp((self.low[0] + u - layer.first, self.low[1] + v - layer.label_row - 1, layer.z))
        if self.dims == 1:
            return self.clamp((u,))
        return self.clamp((u, -v if self.flipped else v))

    def clamp(self, point: Point) -> Point:
        """``point`` moved onto the board, axis by axis (unchanged on an endless board)."""
        if self.low is None or self.high is None:
            return point
        return tuple(_clamp(c, a, b) for c, a, b in zip(point, self.low, self.high))

    def step(self, point: Point, dx: int, dy: int) -> Point:
        """The cell ``dx`` columns right and ``dy`` rows down the screen from ``point``,
        kept on the board (and so, on a 3-D board, in its layer).

        >>> Layout(Rules.parse("size=7x6,k=4,gravity")).step((3, 0), 0, -1)  # up the screen
        (3, 1)
        """
        if self.dims == 1:
            return self.clamp((point[0] + dx,))
        moved = list(point)
        moved[0] += dx
        moved[1] += -dy if self.flipped else dy
        return self.clamp(tuple(moved))

    def change_layer(self, point: Point, dz: int) -> Point:
        """The cell ``dz`` layers up (or down) from ``point`` on a 3-D board, kept on the board.

        >>> Layout(Rules.preset("cube3")).change_layer((1, 2, 0), 1)
        (1, 2, 1)
        """
        if not self.layered:
            return point
        return self.clamp((point[0], point[1], point[2] + dz))

    def layer_of(self, point: Point) -> Layer | None:
        """``point``'s layer (None on a flat board)."""
        if not self.layered or self.low is None:
            return None
        return self.layers[_clamp(point[2] - self.low[2], 0, len(self.layers) - 1)]

    def extent(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The plane cells a bounded board takes (a 3-D board's labels too), as its
        top-left and bottom-right cells; None on an endless board."""
        if self.low is None or self.high is None:
            return None
        if self.layered:
            right = max(layer.last for layer in self.layers)
            return (0, 0), (right, self.layers[-1].label_row + self.height)
        if self.dims == 1:
            return (self.low[0], 0), (self.high[0], 0)
        corners = [self.to_plane(self.low), self.to_plane(self.high)]
        return ((min(c[0] for c in corners), min(c[1] for c in corners)),
                (max(c[0] for c in corners), max(c[1] for c in corners)))

    # -- labels ------------------------------------------------------------------
    def column_label(self, u: int) -> int | None:
        """The x coordinate over plane column ``u`` (None between layers and off a bounded board).

        >>> [Layout(Rules.preset("tictactoe")).column_label(u) for u in (-1, 0, 2, 3)]
        [None, 0, 2, None]
        """
        if self.layered:
            assert self.low is not None
            block, column = divmod(u, self.pitch)
            if not 0 <= block < self.per_row or column >= self.width:
                return None
            return self.low[0] + column
        if self.low is not None and self.high is not None and not self.low[0] <= u <= self.high[0]:
            return None
        return u

    def row_label(self, v: int) -> str:
        """The label of plane row ``v``: its y coordinate ("" off a bounded board, on a
        3-D board's label rows, and on a 1-D board, which has no y).

        >>> [Layout(Rules.parse("size=7x6,k=4,gravity")).row_label(v) for v in (-6, -5, 0, 1)]
        ['', '5', '0', '']
        >>> [Layout(Rules.preset("cube3")).row_label(v) for v in (0, 1, 3, 4)]
        ['', '0', '2', '']
        """
        if self.dims == 1:
            return ""
        if self.layered:
            assert self.low is not None
            layer, _, row = self._layer_at(0, v)
            return "" if layer is None or row == 0 else str(self.low[1] + row - 1)
        y = -v if self.flipped else v
        if self.low is not None and self.high is not None and not self.low[1] <= y <= self.high[1]:
            return ""
        return str(y)
