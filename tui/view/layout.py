"""Where the board view draws each cell: board points to cells of a flat plane and back.

The board view draws a plane of cells ``(u, v)``: ``u`` counts columns to the
right, ``v`` rows downwards. A :class:`Layout` says which board point sits on
which plane cell, so that the view's scrolling, cursor and drawing need not
know how many axes the board has:

- a 2-D board is the plane itself (``u, v = x, y``), except under gravity,
  where the last axis points up the screen so that stones fall down it;
- a 1-D board is the plane's row ``v = 0``;
- a small square board (tic-tac-toe, 4x4: ``GRID_SIDE`` cells a side or
  fewer) is drawn on a grid: a plane row of lines between two rows of cells
  (``u, v = x, 2y``), so that it looks like the game on paper;
- a 3-D box is drawn as its layers ``z = 0 .. n-1`` side by side, one empty
  column between two layers, each under two rows of its own: its label
  (``z=0``), then its column ruler. When they do not all fit across the
  screen, the layers wrap onto more rows of layers (``per_row`` of them a
  row), in reading order.

Under gravity a stone dropped anywhere in a column comes to rest on the
lowest empty cell of that column (``landing``); a column is every cell that
shares all but the last coordinate, since stones rest along the last axis.

Plain Python, no Textual: the view uses it and the tests check it directly.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from gomoku.board import Point, Rules
from tui.game import unplayable

__all__ = [
    "LAYER_GAP",
    "LAYER_HEAD",
    "GRID_SIDE",
    "LayoutError",
    "Layer",
    "Layout",
]

LAYER_GAP = 1
"""Empty plane columns between two layers of a 3-D board."""

LAYER_HEAD = 2
"""Plane rows over each layer of a 3-D board: its label, then its column ruler."""

GRID_SIDE = 4
"""A flat board of at most this many cells a side is drawn with lines between its cells."""


class LayoutError(ValueError):
    """A board the view cannot draw (four axes or more, an endless 3-D board)."""


def _clamp(value: int, low: int, high: int) -> int:
    return min(max(value, low), high)


@dataclass(frozen=True)
class Layer:
    """One layer of a 3-D board on the plane: its ``z``, its first and last plane
    columns, and the plane row of its label (its column ruler is the next row,
    its cells the rows below)."""

    z: int
    first: int
    last: int
    label_row: int

    @property
    def label(self) -> str:
        return f"z={self.z}"

    @property
    def ruler_row(self) -> int:
        """The plane row of the layer's column ruler, between its label and its cells."""
        return self.label_row + 1


class Layout:
    """The map between a board's points and the plane cells the view draws.

    >>> flat = Layout(Rules())
    >>> flat.to_plane((3, -2)), flat.from_plane(3, -2)
    ((3, -2), (3, -2))
    >>> cube = Layout(Rules.preset("cube3"))
    >>> cube.to_plane((1, 2, 2)), cube.from_plane(9, 4), cube.from_plane(3, 2), cube.from_plane(1, 1)
    ((9, 4), (1, 2, 2), None, None)
    >>> [(layer.label, layer.first, layer.last) for layer in cube.layers]
    [('z=0', 0, 2), ('z=1', 4, 6), ('z=2', 8, 10)]
    >>> square = Layout(Rules.preset("qubic"), per_row=2)  # two rows of two layers
    >>> [(layer.z, layer.first, layer.label_row) for layer in square.layers]
    [(0, 0, 0), (1, 5, 0), (2, 0, 6), (3, 5, 6)]
    >>> ttt = Layout(Rules.preset("tictactoe"))  # on a grid: a row of lines between two rows
    >>> ttt.grid, ttt.to_plane((2, 1)), ttt.from_plane(2, 2), ttt.from_plane(2, 1)
    (True, (2, 2), (2, 1), None)
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
        self.grid = (
            rules.dims == 2
            and self.low is not None
            and self.high is not None
            and all(b - a < GRID_SIDE for a, b in zip(self.low, self.high))
        )
        """A small square board, drawn with lines between its cells: its rows of cells
        are the even plane rows, the lines the odd ones."""
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
                Layer(
                    self.low[2] + i,
                    (i % self.per_row) * self.pitch,
                    (i % self.per_row) * self.pitch + self.width - 1,
                    (i // self.per_row) * self.block,
                )
                for i in range(count)
            )

    @property
    def pitch(self) -> int:
        """Plane columns from a layer to the next one on its right."""
        return self.width + LAYER_GAP

    @property
    def block(self) -> int:
        """Plane rows from a row of layers to the next one below (their heads and cells)."""
        return self.height + LAYER_HEAD

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
            return (layer.first + point[0] - self.low[0], layer.label_row + LAYER_HEAD + point[1] - self.low[1])
        v = -point[1] if self.flipped else point[1]
        return (point[0], 2 * v if self.grid else v)

    def _layer_at(self, u: int, v: int) -> tuple[Layer | None, int, int]:
        """The layer whose block holds plane cell ``(u, v)`` (or None), and the cell's
        column and row in it (row 0 is the label's, row 1 the column ruler's)."""
        block_row, row = divmod(v, self.block)
        block, column = divmod(u, self.pitch)
        index = block_row * self.per_row + block
        if not (0 <= block < self.per_row and 0 <= index < len(self.layers)):
            return None, column, row
        return self.layers[index], column, row

    def from_plane(self, u: int, v: int) -> Point | None:
        """The point drawn at plane cell ``(u, v)``, or None where no point is drawn
        (between and around the layers, off a 1-D board's row, on a grid's lines).
        A point off a bounded 2-D board is still returned: the view draws it as outside."""
        if self.dims == 1:
            return (u,) if v == 0 else None
        if self.layered:
            assert self.low is not None
            layer, column, row = self._layer_at(u, v)
            if layer is None or column >= self.width or row < LAYER_HEAD:
                return None
            return (self.low[0] + column, self.low[1] + row - LAYER_HEAD, layer.z)
        if self.grid:
            if v % 2:
                return None
            v //= 2
        return (u, -v if self.flipped else v)

    def row_label_width(self, first: int, last: int) -> int:
        """The longest row label from plane row ``first`` to ``last``; on a bounded
        board, of all its rows, on screen or not, so that the ruler keeps its width.

        >>> Layout(Rules()).row_label_width(-12, 5), Layout(Rules.parse("size=200x200")).row_label_width(-5, 8)
        (3, 3)
        """
        extent = self.extent()
        if extent is not None:
            (_, first), (_, last) = extent
        if self.layered:
            assert self.low is not None and self.high is not None
            return max(len(str(self.low[1])), len(str(self.high[1])))
        # The labels are numbers running up or down the rows: the longest is at an end.
        return max(len(self.row_label(first)), len(self.row_label(last)))

    def row_points(self, u: int, v: int, count: int) -> list[Point | None]:
        """The points drawn on plane row ``v`` from column ``u``, ``count`` of them.

        >>> Layout(Rules.preset("cube3")).row_points(1, 2, 4)
        [(1, 0, 0), (2, 0, 0), None, (0, 0, 1)]
        """
        if self.dims == 2 and not self.flipped and not self.grid:  # the common case, once per line drawn
            return [(c, v) for c in range(u, u + count)]
        return [self.from_plane(c, v) for c in range(u, u + count)]

    def labels_on(self, v: int) -> tuple[Layer, ...]:
        """The layers whose label is on plane row ``v`` (none on a flat board)."""
        return tuple(layer for layer in self.layers if layer.label_row == v)

    def rulers_on(self, v: int) -> tuple[Layer, ...]:
        """The layers whose column ruler is on plane row ``v`` (none on a flat board)."""
        return tuple(layer for layer in self.layers if layer.ruler_row == v)

    def is_grid_line(self, v: int) -> bool:
        """Whether plane row ``v`` is a row of lines between two rows of a grid's cells.

        >>> [Layout(Rules.preset("tictactoe")).is_grid_line(v) for v in (-1, 0, 1, 3, 4, 5)]
        [False, False, True, True, False, False]
        """
        extent = self.extent()
        return self.grid and extent is not None and v % 2 == 1 and extent[0][1] < v < extent[1][1]

    def nearest(self, u: int, v: int) -> Point:
        """The board's cell nearest to plane cell ``(u, v)`` (any cell on an endless board).

        >>> Layout(Rules.preset("cube3")).nearest(3, 7)
        (2, 2, 0)
        >>> Layout(Rules.preset("tictactoe")).nearest(1, 3)  # a line: the cell above it
        (1, 1)
        """
        if self.layered:
            assert self.low is not None and self.high is not None
            rows = math.ceil(len(self.layers) / self.per_row)
            block_row = _clamp(v // self.block, 0, rows - 1)
            block = _clamp(u // self.pitch, 0, self.per_row - 1)
            layer = self.layers[min(block_row * self.per_row + block, len(self.layers) - 1)]
            return self.clamp((self.low[0] + u - layer.first, self.low[1] + v - layer.ruler_row - 1, layer.z))
        if self.dims == 1:
            return self.clamp((u,))
        if self.grid:
            v //= 2
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

    # -- gravity ------------------------------------------------------------------
    def landing(self, point: Point, occupied: Mapping[Point, object]) -> Point | None:
        """Where a stone played at ``point`` goes: under gravity, the lowest empty cell
        of its column (None when the column is full); else ``point`` itself (the board
        says whether it may be played).

        >>> connect4 = Layout(Rules.preset("connect4"))
        >>> connect4.landing((3, 4), {}), connect4.landing((3, 0), {(3, 0): 1}), connect4.landing((9, 9), {})
        ((3, 0), (3, 1), (9, 9))
        >>> connect4.landing((0, 2), {(0, y): 1 for y in range(6)}) is None  # a full column
        True
        """
        rules = self.rules
        if not rules.gravity or rules.bounds is None or not rules.contains(point):
            return point
        low, high = rules.bounds
        base = point[:-1]
        return next((base + (z,) for z in range(low[-1], high[-1] + 1) if base + (z,) not in occupied), None)

    def playable(self, point: Point, occupied: Mapping[Point, object]) -> bool:
        """Whether a stone may go to ``point``: on the board, empty and, under gravity, resting.

        >>> connect4 = Layout(Rules.preset("connect4"))
        >>> connect4.playable((3, 0), {}), connect4.playable((3, 1), {}), connect4.playable((3, 1), {(3, 0): 1})
        (True, False, True)
        """
        rules = self.rules
        return point not in occupied and rules.contains(point) and rules.rests(point, occupied)

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
            return (0, 0), (right, self.layers[-1].label_row + LAYER_HEAD + self.height - 1)
        if self.dims == 1:
            return (self.low[0], 0), (self.high[0], 0)
        corners = [self.to_plane(self.low), self.to_plane(self.high)]
        return (
            (min(c[0] for c in corners), min(c[1] for c in corners)),
            (max(c[0] for c in corners), max(c[1] for c in corners)),
        )

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
        >>> [Layout(Rules.preset("cube3")).row_label(v) for v in (0, 1, 2, 4, 5)]
        ['', '', '0', '2', '']
        >>> [Layout(Rules.preset("tictactoe")).row_label(v) for v in (0, 1, 2, 4)]
        ['0', '', '1', '2']
        """
        if self.dims == 1:
            return ""
        if self.layered:
            assert self.low is not None
            layer, _, row = self._layer_at(0, v)
            return "" if layer is None or row < LAYER_HEAD else str(self.low[1] + row - LAYER_HEAD)
        if self.grid:
            if v % 2:
                return ""
            v //= 2
        y = -v if self.flipped else v
        if self.low is not None and self.high is not None and not self.low[1] <= y <= self.high[1]:
            return ""
        return str(y)
