"""The endless board laid out for the compiled search: blocks of a dense grid.

The kernels (``gomoku.core.grid``) work on one flat array of cells. This module
decides which part of the endless board that array holds: one block for each
group of stones, grown by a margin, the blocks side by side with a ring of wall
cells around each. It keeps the mapping between cells and points in Python, so
coordinates of any size (10**15, negative, beyond 64 bits) never reach a kernel.

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)])
>>> grid = Grid(board)
>>> sorted(grid.point(i) for i in grid.fours[1])      # X makes a four here
[(-2, 0), (-1, 0), (3, 0), (4, 0)]
>>> sorted(grid.point(i) for i in grid.open_fours[1])  # ... and an open four here
[(-1, 0), (3, 0)]
>>> grid.hash == board.hash
True
"""

from __future__ import annotations

import bisect

import numpy as np
from numba import njit

from gomoku.board import MASK64, Board, Point, Rules, zobrist
from gomoku.core import grid as kgrid
from gomoku.core.grid import EMPTY, HEIGHT, NCAND, TURN, WALL, WINNER, GridState
from gomoku.core.patterns import B4, F3, F4, FIVE, tables
from gomoku.core.renju import judge_all
from gomoku.search.nets import Net, grid_arrays
from gomoku.search.params import GRID_CELLS, MARGIN, MIN_MARGIN, RING

__all__ = ["Grid"]

_SQUARE_LINES = {(1, 0), (0, 1), (1, 1), (1, -1)}
"""The lines the grid's steps follow (its only directions)."""


def _boxes(points: list[Point], margin: int, bounds: tuple[Point, Point] | None) -> list[tuple[list[int], list[int]]]:
    """The blocks of a grid: each point's square of ``margin`` cells around it,
    squares that overlap merged into their bounding box until no two boxes
    overlap, each clipped to ``bounds``; sorted.

    Only overlapping squares are merged, so stones spread along a diagonal (no
    gap in either projection) get small blocks of their own, not one box the
    size of their whole span.
    """
    boxes: list[list[int]] = []
    for x, y in sorted(points):
        box = [x - margin, y - margin, x + margin, y + margin]
        merged = True
        while merged:
            merged = False
            for n, other in enumerate(boxes):
                if box[0] <= other[2] and other[0] <= box[2] and box[1] <= other[3] and other[1] <= box[3]:
                    del boxes[n]
                    box = [min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3])]
                    merged = True
                    break
        boxes.append(box)
    out = []
    for x0, y0, x1, y1 in sorted(boxes):
        low, high = [x0, y0], [x1, y1]
        if bounds is not None:
            blow, bhigh = bounds
            low = [max(low[a], blow[a]) for a in (0, 1)]
            high = [min(high[a], bhigh[a]) for a in (0, 1)]
        out.append((low, high))
    return out


def _cells(boxes: list[tuple[list[int], list[int]]]) -> int:
    """Cells of a grid laid out from ``boxes`` (side by side, walls between)."""
    width = sum(high[0] - low[0] + 1 + RING for low, high in boxes) + RING
    height = max(high[1] - low[1] + 1 for low, high in boxes) + 2 * RING
    return width * height


def _mix(h: np.ndarray) -> np.ndarray:
    """splitmix64's finalising round on uint64 arrays (``board._mix``, vectorised)."""
    h = h + np.uint64(0x9E3779B97F4A7C15)
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    mixed: np.ndarray = h ^ (h >> np.uint64(31))
    return mixed


def _zobrist_block(xs: np.ndarray, ys: np.ndarray, stone: int) -> np.ndarray:
    """``board.zobrist((x, y), stone)`` for int64 coordinates, vectorised."""
    with np.errstate(over="ignore"):
        h = _mix(np.full(xs.shape, stone, dtype=np.uint64))
        h = _mix(h ^ xs.astype(np.int64).view(np.uint64))
        return _mix(h ^ ys.astype(np.int64).view(np.uint64))


@njit(cache=True, nogil=True)
def _digit_shift(offset: int, reach: int) -> int:
    """Bit shift of the key digit holding the cell ``offset`` away (``patterns.key_digit``)."""
    return 2 * (reach + offset if offset < 0 else reach - 1 + offset)


@njit(cache=True, nogil=True)
def _fill(g: GridState) -> None:
    """Fill keys, patterns and sums of an empty grid whose walls are set (a kernel:
    the walls of a large grid are many)."""
    reach = g.reach
    size = g.cells.size
    for i in range(size):
        if g.cells[i] != WALL:
            continue
        for d in range(4):
            for t in range(-reach, reach + 1):
                q = i + t * g.steps[d]
                if t != 0 and 0 <= q < size:
                    g.keys[4 * q + d] += 3 << _digit_shift(-t, reach)
    for i in range(size):
        if g.cells[i] != EMPTY:
            continue
        for s in (1, 2):
            c = 0
            for d in range(4):
                c += np.int32(g.line[s, g.keys[4 * i + d]]) * 9**d
            g.combo[s, i] = c
        for s in (1, 2):
            c = g.combo[s, i]
            k = g.combo_class[c]
            g.cls[s, i] = k
            g.order[s, i] = g.combo_order[c]
            g.count[s, k] += 1
            g.value[s] += g.combo_eval[s, c]


class _Index:
    """Point -> cell of a grid, computed from its blocks (no dict of every cell)."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid

    def get(self, point: Point, default: int | None = None) -> int | None:
        grid = self.grid
        if len(point) != 2:
            return default
        x, y = point
        for (low, high), left in zip(grid.boxes, grid.lefts):
            if low[0] <= x <= high[0] and low[1] <= y <= high[1]:
                return (y - low[1] + RING) * grid.width + left + x - low[0]
        return default

    def __getitem__(self, point: Point) -> int:
        i = self.get(point)
        if i is None:
            raise KeyError(point)
        return i

    def __contains__(self, point: Point) -> bool:
        return self.get(point) is not None


class Grid:
    """A position on a compiled grid (see the module docstring).

    ``state`` holds the kernels' arrays; ``point(i)`` is the board point of cell
    ``i`` and ``index[point]`` the reverse. ``fives[s]``, ``fours[s]``,
    ``open_fours[s]`` and ``threes[s]`` map cells to the number of lines on
    which stone ``s`` makes a five, a four (open or not), an open four or an
    open three by playing there (read from the kernels' arrays, for tools and
    tests). ``hash`` is the board's own zobrist hash.
    """

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Whether the grid can hold a game of these rules (two dimensions, five in a row,
        on the four lines of the square: rows, columns and both diagonals)."""
        if rules.dims != 2 or rules.k != 5 or getattr(rules, "gravity", False):
            return False
        lines = {d if d in _SQUARE_LINES else (-d[0], -d[1]) for d in rules.directions}
        return lines == _SQUARE_LINES and len(rules.directions) == 4

    @staticmethod
    def layout(board: Board, margin: int = MARGIN) -> list[tuple[list[int], list[int]]]:
        """The blocks a grid of ``board`` would have (nothing allocated): for each
        group of stones, the box of their squares of ``margin`` cells."""
        seeds = list(board.stones) or [board.rules.centre()]
        boxes = _boxes(seeds, margin, board.rules.bounds)
        if margin > MIN_MARGIN and _cells(boxes) > GRID_CELLS:
            # Stones strung out far and wide: a narrower margin keeps the grid
            # (its memory and the time to build it) to the stones' own size.
            boxes = _boxes(seeds, MIN_MARGIN, board.rules.bounds)
        return boxes

    @staticmethod
    def cells_for(board: Board) -> int:
        """How many cells a grid of ``board`` would take (its memory is ~60 bytes a cell)."""
        return _cells(Grid.layout(board))

    def __init__(self, board: Board, margin: int = MARGIN, net: Net | None = None) -> None:
        rules = board.rules
        if not self.supports(rules):
            raise ValueError(
                "the pattern grid plays five in a row on the rows, columns and diagonals"
                " of a two-dimensional board only"
            )
        self.rules = rules
        renju = bool(getattr(rules, "renju", False))
        t = tables(not rules.overline, renju=renju, caro=bool(getattr(rules, "caro", False)))
        boxes = self.layout(board, margin)
        self.boxes = boxes
        width = sum(high[0] - low[0] + 1 + RING for low, high in boxes) + RING
        height = max(high[1] - low[1] + 1 for low, high in boxes) + 2 * RING
        self.width = width
        self.size = size = width * height
        cells = np.full(size, WALL, dtype=np.int8)
        zob = np.zeros((3, size), dtype=np.uint64)
        view = cells.reshape(height, width)
        zview = zob.reshape(3, height, width)
        self.lefts: list[int] = []
        left = RING
        for low, high in boxes:
            self.lefts.append(left)
            w, h = high[0] - low[0] + 1, high[1] - low[1] + 1
            view[RING : RING + h, left : left + w] = EMPTY
            small = all(-(1 << 62) < c < (1 << 62) for c in (low[0], low[1], high[0], high[1]))
            for s in (1, 2):
                if small:
                    xs, ys = np.meshgrid(
                        np.arange(low[0], high[0] + 1, dtype=np.int64), np.arange(low[1], high[1] + 1, dtype=np.int64)
                    )
                    zview[s, RING : RING + h, left : left + w] = _zobrist_block(xs, ys, s)
                else:
                    for y in range(low[1], high[1] + 1):
                        for x in range(low[0], high[0] + 1):
                            zview[s, y - low[1] + RING, left + x - low[0]] = zobrist((x, y), s)
            left += w + RING
        self.index = _Index(self)
        steps = np.array([1, width, width + 1, 1 - width], dtype=np.int64)
        near_steps = np.array(
            [dx + dy * width for dy in range(-2, 3) for dx in range(-2, 3) if dx or dy], dtype=np.int64
        )
        self.state = GridState(
            cells=cells,
            keys=np.zeros(4 * size, dtype=np.int32),
            combo=np.zeros((3, size), dtype=np.int32),
            cls=np.zeros((3, size), dtype=np.uint8),
            order=np.zeros((3, size), dtype=np.int32),
            count=np.zeros((3, 7), dtype=np.int32),
            value=np.zeros(3, dtype=np.int64),
            near=np.zeros(size, dtype=np.int16),
            cand=np.zeros(size, dtype=np.int32),
            cand_pos=np.full(size, -1, dtype=np.int32),
            zob=zob,
            hash=np.zeros(1, dtype=np.uint64),
            stack=np.zeros(size, dtype=np.int32),
            undo=np.zeros((size, 16 * t.reach), dtype=np.int8),
            meta=np.zeros(4, dtype=np.int64),
            steps=steps,
            near_steps=near_steps,
            line=t.line,
            codes=t.codes,
            combo_class=t.combo_class,
            combo_order=t.combo_order,
            combo_eval=net.combo_values(t.combo_eval) if net is not None and t.reach == 4 else t.combo_eval,
            reach=t.reach,
            **grid_arrays(net, t.reach, size),
            forb=np.zeros(size if renju else 1, dtype=np.int8),
            forb_undo=np.zeros(size if renju else 1, dtype=np.int64),
            memo=np.zeros((2, 4096 if renju else 1), dtype=np.uint64),
        )
        _fill(self.state)
        # Set-up stones first (in no particular order), then the moves; none of
        # them is ever popped, so the stack starts empty above them.
        g = self.state
        setup = getattr(board, "setup", {})
        for p, stone in sorted(setup.items()):
            g.meta[TURN] = int(stone)
            kgrid.push(g, self.index[p])
        for p in board.move_stack:
            g.meta[TURN] = int(board.stones[p])
            kgrid.push(g, self.index[p])
        self.base = int(g.meta[HEIGHT])
        g.hash[0] = np.uint64(board.hash & MASK64)
        g.meta[TURN] = int(board.turn)
        g.meta[WINNER] = int(board.winner) if board.winner is not None else 0
        if renju:
            judge_all(g)  # the verdicts of the position itself exact (the moves' updates look near them only)

    # -- reading -----------------------------------------------------------
    @property
    def cells(self) -> np.ndarray:
        """The cell array: 0 empty, 1 X, 2 O, 3 wall."""
        cells: np.ndarray = self.state.cells
        return cells

    @property
    def hash(self) -> int:
        return int(self.state.hash[0])

    @property
    def turn(self) -> int:
        return int(self.state.meta[TURN])

    @turn.setter
    def turn(self, stone: int) -> None:
        self.state.meta[TURN] = stone

    @property
    def winner(self) -> int:
        return int(self.state.meta[WINNER])

    @property
    def stack(self) -> list[int]:
        """The cells pushed since the grid was made (the position's own moves not counted)."""
        return [int(i) for i in self.state.stack[self.base : self.state.meta[HEIGHT]]]

    def point(self, i: int) -> Point:
        """The board point of cell ``i``."""
        row, col = divmod(int(i), self.width)
        n = bisect.bisect_right(self.lefts, col) - 1
        if n < 0:
            raise ValueError(f"cell {i} is a wall, not a point of the board")
        low, high = self.boxes[n]
        x = low[0] + col - self.lefts[n]
        y = low[1] + row - RING
        if not (low[0] <= x <= high[0] and low[1] <= y <= high[1]):
            raise ValueError(f"cell {i} is a wall, not a point of the board")
        return (x, y)

    @property
    def value(self) -> list[int]:
        """Each side's evaluation sum (index 1: X, 2: O)."""
        return [0, int(self.state.value[1]), int(self.state.value[2])]

    @property
    def order(self) -> np.ndarray:
        """``order[s][i]``: the ordering value of cell ``i`` for side ``s``."""
        order: np.ndarray = self.state.order
        return order

    def patterns(self, i: int, stone: int) -> list[int]:
        """The pattern codes ``stone`` makes on the four lines by playing empty cell ``i``."""
        g = self.state
        return [int(g.line[stone, g.keys[4 * i + d]]) for d in range(4)]

    def _lines(self, stone: int, low: int, high: int) -> dict[int, int]:
        out = {}
        for i in self.state.cand[: self.state.meta[NCAND]]:
            n = sum(low <= c <= high for c in self.patterns(int(i), stone))
            if n:
                out[int(i)] = n
        return out

    @property
    def fives(self) -> list[dict[int, int]]:
        return [{}] + [self._lines(s, FIVE, FIVE) for s in (1, 2)]

    @property
    def fours(self) -> list[dict[int, int]]:
        return [{}] + [self._lines(s, B4, F4) for s in (1, 2)]

    @property
    def open_fours(self) -> list[dict[int, int]]:
        return [{}] + [self._lines(s, F4, F4) for s in (1, 2)]

    @property
    def threes(self) -> list[dict[int, int]]:
        return [{}] + [self._lines(s, F3, F3) for s in (1, 2)]

    def candidates(self) -> list[int]:
        """Empty cells within two cells of a stone (the centre on an empty grid)."""
        g = self.state
        found = sorted(int(i) for i in g.cand[: g.meta[NCAND]])
        if not found:
            centre = self.index.get(self.rules.centre())
            if centre is not None and g.cells[centre] == EMPTY:
                return [centre]
            return [int(i) for i in np.flatnonzero(g.cells == EMPTY)[:1]]
        return found

    def evaluate(self) -> int:
        """Static value for the side to move (its potential minus the opponent's)."""
        return int(kgrid.evaluate(self.state))

    # -- changing ----------------------------------------------------------
    def push(self, i: int) -> None:
        """Play the side to move's stone on empty cell ``i`` (no check)."""
        kgrid.push(self.state, int(i))

    def pop(self) -> int:
        """Take back the last move and return its cell."""
        return int(kgrid.pop(self.state))
