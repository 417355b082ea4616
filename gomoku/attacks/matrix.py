"""The threat-space matrix of seed 000: the whole region at once, as linear algebra.

Every window of ``k`` cells on a line inside a region is a row of a sparse 0/1
matrix ``T`` (windows x cells). The stones form ``B`` (cells x 2: X, O), and
``A = T B`` counts each player's stones in each window:

- a row ``[k, 0]`` or ``[0, k]`` is a five;
- a row with both counts above 0 is dead: neither side can ever fill it;
- a row ``[n, 0]`` is a live window of X with n stones (``[0, n]`` for O).

``T``-transpose times a per-window score gives every cell of the region its
score in one product. Nothing here is specific to two dimensions or to k = 5:
the seed's own setting is 3-D tic-tac-toe.

>>> from gomoku.board import Board, Rules
>>> ts = threat_space(Board(Rules.preset("tictactoe"), moves=[(0, 0), (1, 1), (1, 0)]))
>>> ts.T.shape, ts.live_counts(Stone.X)
((8, 9), [2, 1, 1, 0])
>>> ts.five_cells(Stone.X)
[(2, 0)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import scipy.sparse as sparse

from gomoku.board import Board, Point, Rules, Stone, format_point

__all__ = ["ThreatSpace", "default_region", "threat_space", "window_matrix", "default_window_scores"]

Region = tuple[Point, Point]
"""The lowest and the highest cell of a box, both inclusive."""

MAX_REGION_CELLS = 1 << 20
"""The largest region the matrix is built for (a million cells)."""

DEFAULT_MARGIN = 4


def default_region(board: Board, margin: int = DEFAULT_MARGIN) -> Region:
    """The stones' bounding box grown by ``margin`` (the centre's, on an empty
    board), clipped to the board's bounds."""
    box = board.bounding_box()
    if box is None:
        centre = board.rules.centre()
        box = (centre, centre)
    low = tuple(c - margin for c in box[0])
    high = tuple(c + margin for c in box[1])
    return clip_region(board.rules, (low, high))


def clip_region(rules: Rules, region: Region) -> Region:
    """The part of ``region`` on the board; a ValueError when nothing is left."""
    low, high = (tuple(p) for p in region)
    if len(low) != rules.dims or len(high) != rules.dims:
        raise ValueError(f"a region needs {rules.dims} coordinates a corner")
    if rules.bounds is not None:
        low = tuple(max(a, b) for a, b in zip(low, rules.bounds[0]))
        high = tuple(min(a, b) for a, b in zip(high, rules.bounds[1]))
    if any(a > b for a, b in zip(low, high)):
        raise ValueError(f"region {format_point(low)} to {format_point(high)} holds no cell of the board")
    return low, high


@lru_cache(maxsize=32)
def window_matrix(
    shape: tuple[int, ...], k: int, directions: tuple[Point, ...]
) -> tuple[sparse.csr_matrix, np.ndarray, np.ndarray]:
    """The windows of a box of ``shape`` cells: ``T`` (windows x cells, 0/1, cells
    in C order), the flat index of each window's first cell, and its direction's index.

    A window runs from its first cell ``k - 1`` steps along its direction. The
    matrix depends only on the shape, so it is shared by every translation.

    >>> T, first, direction = window_matrix((3, 3), 3, ((1, 0), (0, 1), (1, 1), (1, -1)))
    >>> T.shape, T.sum(axis=1).ravel().tolist()
    ((8, 9), [[3, 3, 3, 3, 3, 3, 3, 3]])
    """
    cells = math.prod(shape)
    index = np.arange(cells, dtype=np.int64).reshape(shape)
    strides = [math.prod(shape[a + 1 :]) for a in range(len(shape))]
    firsts: list[np.ndarray] = []
    direction_ids: list[np.ndarray] = []
    columns: list[np.ndarray] = []
    for number, direction in enumerate(directions):
        box = tuple(
            slice(0, max(0, n - k + 1)) if d > 0 else slice(k - 1, n) if d < 0 else slice(0, n)
            for d, n in zip(direction, shape)
        )
        starts = index[box].ravel()
        if starts.size == 0:
            continue
        step = sum(d * s for d, s in zip(direction, strides))
        firsts.append(starts)
        direction_ids.append(np.full(starts.size, number, dtype=np.int64))
        columns.append(starts[:, None] + step * np.arange(k, dtype=np.int64)[None, :])
    if not firsts:
        empty = np.zeros(0, dtype=np.int64)
        return sparse.csr_matrix((0, cells), dtype=np.int32), empty, empty
    first = np.concatenate(firsts)
    cols = np.concatenate(columns).ravel()
    rows = np.repeat(np.arange(first.size, dtype=np.int64), k)
    T = sparse.csr_matrix((np.ones(cols.size, dtype=np.int32), (rows, cols)), shape=(first.size, cells))
    return T, first, np.concatenate(direction_ids)


def default_window_scores(k: int) -> np.ndarray:
    """Score of a live window by its stone count n = 0..k: 0 when empty or
    complete, 4^(n-1) while building, and 4^(k-1) for a window one stone short
    of five (a threat to finish)."""
    scores = np.zeros(k + 1)
    for n in range(1, k - 1):
        scores[n] = 4.0 ** (n - 1)
    if k >= 2:
        scores[k - 1] = 4.0 ** (k - 1)
    return scores


@dataclass(frozen=True, eq=False)
class ThreatSpace:
    """The matrices of one board over one region.

    ``T`` (windows x cells), ``B`` (cells x 2) and ``A = T @ B`` (windows x 2,
    dense: column 0 counts X, column 1 counts O); cells are numbered in C order
    of the region's box; ``first`` and ``direction`` name each window.
    """

    board: Board
    region: Region
    shape: tuple[int, ...]
    T: sparse.csr_matrix
    B: sparse.csr_matrix
    A: np.ndarray
    first: np.ndarray
    direction: np.ndarray

    # -- cells and windows ----------------------------------------------------
    @property
    def k(self) -> int:
        """The win length: the cells of a window."""
        return self.board.rules.k

    def point(self, cell: int) -> Point:
        """The board point of a cell number."""
        return tuple(int(i) + low for i, low in zip(np.unravel_index(cell, self.shape), self.region[0]))

    def cell(self, point: Point) -> int:
        """The cell number of a board point inside the region."""
        return int(np.ravel_multi_index(tuple(p - low for p, low in zip(point, self.region[0])), self.shape))

    def window(self, row: int) -> tuple[Point, ...]:
        """The k points of a window, from its first cell along its direction."""
        start = self.point(int(self.first[row]))
        step = self.board.rules.directions[int(self.direction[row])]
        return tuple(tuple(c + i * d for c, d in zip(start, step)) for i in range(self.k))

    def _column(self, stone: Stone) -> tuple[np.ndarray, np.ndarray]:
        own = 0 if stone == Stone.X else 1
        return self.A[:, own], self.A[:, 1 - own]

    # -- what A says ----------------------------------------------------------------
    def dead(self) -> np.ndarray:
        """Windows holding stones of both sides: no five can come of them."""
        return (self.A[:, 0] > 0) & (self.A[:, 1] > 0)

    def live(self, stone: Stone, count: int | None = None) -> np.ndarray:
        """Windows with no opponent stone and some (or exactly ``count``) of ``stone``'s."""
        own, other = self._column(stone)
        mask = other == 0
        return mask & (own > 0 if count is None else own == count)

    def live_counts(self, stone: Stone) -> list[int]:
        """How many windows have 0, 1, ..., k of ``stone``'s stones and none of the opponent's."""
        own, other = self._column(stone)
        return np.bincount(own[other == 0], minlength=self.k + 1).tolist()

    def fives(self) -> list[tuple[Stone, tuple[Point, ...]]]:
        """Every window filled by one side, in window order (an overline shows as
        several windows; under exact-k rules the windows of an overline are left out)."""
        found = []
        exact = not self.board.rules.overline
        for stone in (Stone.X, Stone.O):
            for row in np.flatnonzero(self.live(stone, self.k)).tolist():
                cells = self.window(row)
                if exact and self._overline(cells, stone):
                    continue
                found.append((stone, cells))
        return found

    def _overline(self, cells: tuple[Point, ...], stone: Stone) -> bool:
        step = tuple(b - a for a, b in zip(cells[0], cells[1])) if len(cells) > 1 else None
        if step is None:
            return False
        before = tuple(c - d for c, d in zip(cells[0], step))
        after = tuple(c + d for c, d in zip(cells[-1], step))
        stones = self.board.stones
        return stones.get(before) == stone or stones.get(after) == stone

    def winners(self) -> set[Stone]:
        """The sides with a five in the region."""
        return {stone for stone, _ in self.fives()}

    def five_cells(self, stone: Stone) -> list[Point]:
        """The empty cells that complete a live window of k - 1 of ``stone``'s stones:
        under freestyle rules, exactly the cells where ``stone`` makes five."""
        windows = self.live(stone, self.k - 1).astype(np.int32)
        hits = self.T.T @ windows
        empty = np.asarray(self.B.sum(axis=1)).ravel() == 0
        return [self.point(c) for c in np.flatnonzero((hits > 0) & empty).tolist()]

    # -- scores -----------------------------------------------------------------------
    def window_scores(self, stone: Stone, scores: Sequence[float] | None = None) -> np.ndarray:
        """Each window's score for ``stone``: ``scores[n]`` for a live window of n stones, 0 for a dead one."""
        table = default_window_scores(self.k) if scores is None else np.asarray(scores, dtype=float)
        if table.shape != (self.k + 1,):
            raise ValueError(f"window scores: expected {self.k + 1} numbers (for 0 to {self.k} stones)")
        own, other = self._column(stone)
        return np.where(other == 0, table[own], 0.0)

    def cell_scores(
        self, stones: Sequence[Stone] = (Stone.X, Stone.O), scores: Sequence[float] | None = None
    ) -> np.ndarray:
        """Every cell's score in one product, ``T.T @ w``, where ``w`` sums the window
        scores of ``stones`` (by default both: a cell is worth what it builds and what it blocks)."""
        total = np.zeros(self.T.shape[0])
        for stone in stones:
            total = total + self.window_scores(stone, scores)
        return np.asarray(self.T.T @ total).ravel()

    def score_map(
        self, stones: Sequence[Stone] = (Stone.X, Stone.O), scores: Sequence[float] | None = None
    ) -> dict[Point, float]:
        """The scores of the region's empty cells, by point (sorted)."""
        values = self.cell_scores(stones, scores)
        empty = np.asarray(self.B.sum(axis=1)).ravel() == 0
        cells = np.flatnonzero(empty)
        coords = [(axis + low).tolist() for axis, low in zip(np.unravel_index(cells, self.shape), self.region[0])]
        return dict(zip(zip(*coords), values[cells].tolist()))


def threat_space(board: Board, region: Region | None = None) -> ThreatSpace:
    """Build T, B and A for ``board`` over ``region`` (default: the stones'
    bounding box grown by 4), clipped to the board. Stones outside the region
    are left out; a region of over a million cells is a ValueError."""
    rules = board.rules
    region = default_region(board) if region is None else clip_region(rules, region)
    low, high = region
    shape = tuple(b - a + 1 for a, b in zip(low, high))
    cells = math.prod(shape)
    if cells > MAX_REGION_CELLS:
        raise ValueError(
            f"region {format_point(low)} to {format_point(high)} has {cells} cells; "
            f"give one of at most {MAX_REGION_CELLS}"
        )
    T, first, direction = window_matrix(shape, rules.k, tuple(rules.directions))
    inside = [(p, s) for p, s in board.stones.items() if all(a <= c <= b for a, c, b in zip(low, p, high))]
    if inside:
        flat = np.ravel_multi_index(
            tuple(np.array([p[a] - low[a] for p, _ in inside], dtype=np.int64) for a in range(rules.dims)), shape
        )
        column = np.array([0 if s == Stone.X else 1 for _, s in inside], dtype=np.int64)
    else:
        flat = column = np.zeros(0, dtype=np.int64)
    B = sparse.csr_matrix((np.ones(flat.size, dtype=np.int32), (flat, column)), shape=(cells, 2))
    A = np.asarray((T @ B).toarray(), dtype=np.int64)
    return ThreatSpace(board, region, shape, T, B, A, first, direction)
