"""Renju's forbidden points as a numba kernel, for callers that judge many cells (a
search's move generation): the same definitions as ``gomoku.board.renju``, which stays
the reference (and gives the shapes and the reason); the tests compare the two.

The kernel works on a grid of int8 cells (0 empty, 1 black, 2 white), indexed
``[y, x]``; ``wall`` is what lies outside it: 3 for a bounded board's edge, 0 for the
endless board, whose grid is a window round the stones (``grid_of``). Importing this
module imports numba: the board layer's other modules never do.

>>> from gomoku.board.rules import Rules
>>> stones = {(6, 7): 1, (8, 7): 1, (7, 6): 1, (7, 8): 1}
>>> forbidden_kind(stones, (7, 7), Rules.preset("renju")), forbidden_kind(stones, (7, 7), Rules.parse("endless,renju"))
('double three', 'double three')
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numba import njit

from gomoku.board.renju import KINDS
from gomoku.board.rules import Point, Rules

__all__ = ["MARGIN", "grid_of", "forbidden_code", "forbidden_kind"]

MARGIN = 16
"""The endless board's window reaches this far past the stones and the cell judged:
the recursion places its stones within three cells of a stone, level by level."""

_DX = np.array([1, 0, 1, 1], dtype=np.int64)
_DY = np.array([0, 1, 1, -1], dtype=np.int64)
_NONE = -(1 << 40)


@njit(cache=True)
def _at(grid: np.ndarray, x: int, y: int, wall: int) -> int:
    if 0 <= y < grid.shape[0] and 0 <= x < grid.shape[1]:
        return int(grid[y, x])
    return wall


@njit(cache=True)
def _count(grid: np.ndarray, x: int, y: int, dx: int, dy: int, wall: int) -> int:
    """Black stones in a row from (x, y) along (dx, dy), (x, y) itself not counted."""
    n = 0
    while _at(grid, x + (n + 1) * dx, y + (n + 1) * dy, wall) == 1:
        n += 1
    return n


@njit(cache=True)
def _five_at(grid: np.ndarray, x: int, y: int, wall: int) -> bool:
    """Whether black at the empty (x, y) makes exactly five on some line."""
    for d in range(4):
        dx, dy = _DX[d], _DY[d]
        if _count(grid, x, y, -dx, -dy, wall) + _count(grid, x, y, dx, dy, wall) == 4:
            return True
    return False


@njit(cache=True)
def _fours(grid: np.ndarray, x: int, y: int, dx: int, dy: int, wall: int) -> int:
    """The fours the black stone at (x, y) is in along (dx, dy): the cells past its run
    that make exactly five, a straight four's two counting once."""
    back = _count(grid, x, y, -dx, -dy, wall)
    forward = _count(grid, x, y, dx, dy, wall)
    run = back + forward + 1
    n = 0
    ex, ey = x - (back + 1) * dx, y - (back + 1) * dy
    if _at(grid, ex, ey, wall) == 0 and run + 1 + _count(grid, ex, ey, -dx, -dy, wall) == 5:
        n += 1
    ex, ey = x + (forward + 1) * dx, y + (forward + 1) * dy
    if _at(grid, ex, ey, wall) == 0 and run + 1 + _count(grid, ex, ey, dx, dy, wall) == 5:
        n += 1
    if n == 2 and run == 4:
        n = 1
    return n


@njit(cache=True)
def _straight_four(grid: np.ndarray, x: int, y: int, dx: int, dy: int, wall: int) -> bool:
    """Whether the black stone at (x, y) is in a straight four along (dx, dy)."""
    back = _count(grid, x, y, -dx, -dy, wall)
    forward = _count(grid, x, y, dx, dy, wall)
    if back + forward + 1 != 4:
        return False
    if _at(grid, x - (back + 1) * dx, y - (back + 1) * dy, wall) != 0:
        return False
    if _at(grid, x + (forward + 1) * dx, y + (forward + 1) * dy, wall) != 0:
        return False
    beyond_back = _at(grid, x - (back + 2) * dx, y - (back + 2) * dy, wall)
    return beyond_back != 1 and _at(grid, x + (forward + 2) * dx, y + (forward + 2) * dy, wall) != 1


@njit(cache=True)
def forbidden_code(grid: np.ndarray, x: int, y: int, wall: int) -> int:
    """Black at the empty cell (x, y) of ``grid``: 0 allowed, 1 overline, 2 double four,
    3 double three (``KINDS``' order). A cell outside the grid is judged allowed."""
    if not (0 <= y < grid.shape[0] and 0 <= x < grid.shape[1]):
        return 0
    near = np.zeros(4, dtype=np.int64)
    many = False
    pairs = 0
    for d in range(4):
        dx, dy = _DX[d], _DY[d]
        for i in range(1, 6):
            if _at(grid, x + i * dx, y + i * dy, wall) == 1:
                near[d] += 1
            if _at(grid, x - i * dx, y - i * dy, wall) == 1:
                near[d] += 1
        if near[d] >= 4:
            many = True
        if near[d] >= 2:
            pairs += 1
    if not many and pairs < 2:
        return 0
    grid[y, x] = 1
    cells = np.empty((4, 2, 2), dtype=np.int64)
    code = 0
    five = False
    over = False
    for d in range(4):
        dx, dy = _DX[d], _DY[d]
        run = _count(grid, x, y, -dx, -dy, wall) + _count(grid, x, y, dx, dy, wall) + 1
        if run == 5:
            five = True
        elif run > 5:
            over = True
    if not five:
        if over:
            code = 1
        else:
            fours = 0
            for d in range(4):
                if near[d] >= 2:
                    fours += _fours(grid, x, y, _DX[d], _DY[d], wall)
            if fours >= 2:
                code = 2
            elif _three_lines(grid, x, y, wall, near, cells) >= 2:
                # The recursion stays in this one function: numba's cache keeps no
                # mutually recursive pair. A three counts when its cell is allowed.
                threes = 0
                for d in range(4):
                    for side in range(2):
                        cx, cy = cells[d, side, 0], cells[d, side, 1]
                        if cx == _NONE:
                            continue
                        if not _five_at(grid, cx, cy, wall) and forbidden_code(grid, cx, cy, wall) == 0:
                            threes += 1
                            break
                if threes >= 2:
                    code = 3
    grid[y, x] = 0
    return code


@njit(cache=True)
def _three_lines(grid: np.ndarray, x: int, y: int, wall: int, near: np.ndarray, cells: np.ndarray) -> int:
    """The lines on which the black stone at (x, y) would be in a straight four by one
    more stone, forbidden or not; those cells go into ``cells[d, side]`` (else ``_NONE``)."""
    cells[:] = _NONE
    lines = 0
    for d in range(4):
        if near[d] < 2:
            continue
        dx, dy = _DX[d], _DY[d]
        back = _count(grid, x, y, -dx, -dy, wall)
        forward = _count(grid, x, y, dx, dy, wall)
        found = False
        for side in range(2):
            steps = back + 1 if side == 0 else forward + 1
            sign = -1 if side == 0 else 1
            cx, cy = x + sign * steps * dx, y + sign * steps * dy
            if _at(grid, cx, cy, wall) != 0 or not (0 <= cy < grid.shape[0] and 0 <= cx < grid.shape[1]):
                continue
            grid[cy, cx] = 1
            straight = _straight_four(grid, cx, cy, dx, dy, wall)
            grid[cy, cx] = 0
            if straight:
                cells[d, side, 0] = cx
                cells[d, side, 1] = cy
                found = True
        if found:
            lines += 1
    return lines


def grid_of(stones: Mapping[Point, int], rules: Rules, point: Point) -> tuple[np.ndarray, int, int, int]:
    """The kernel's grid of a position, with ``point``'s place in it and the wall:
    the bounded board whole, the endless one as a window round the stones and ``point``."""
    if rules.bounds is not None:
        (low_x, low_y), (high_x, high_y) = rules.bounds
        wall = 3
    else:
        xs = [p[0] for p in stones] + [point[0]]
        ys = [p[1] for p in stones] + [point[1]]
        low_x, low_y, high_x, high_y = min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN
        wall = 0
    grid = np.zeros((high_y - low_y + 1, high_x - low_x + 1), dtype=np.int8)
    for (x, y), stone in stones.items():
        grid[y - low_y, x - low_x] = int(stone)
    return grid, point[0] - low_x, point[1] - low_y, wall


def forbidden_kind(stones: Mapping[Point, int], point: Point, rules: Rules) -> str | None:
    """The kind of forbidden point black's move at the empty ``point`` would be, or None
    (``gomoku.board.renju.forbidden``'s verdict, from the kernel)."""
    grid, x, y, wall = grid_of(stones, rules, point)
    code = forbidden_code(grid, x, y, wall)
    return None if code == 0 else KINDS[code - 1]
