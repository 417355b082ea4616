"""The geometry of a bounded board: its cells, its win lines, and positions as bit masks.

Every classic player and solver works on a ``Geometry``: the cells of the box
numbered 0..n-1 in sorted point order, each win line (k cells in a row along
one of the board's directions) as a tuple of cell numbers and as a bit mask,
and a position as two masks (X's cells, O's cells).

>>> [len(Geometry.of(Rules.preset(name)).lines) for name in ("tictactoe", "4x4", "cube3", "qubic")]
[8, 10, 49, 76]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from gomoku.board import Board, Point, Rules

__all__ = ["Geometry"]


@dataclass(frozen=True)
class Geometry:
    """Cells, lines and masks of one bounded set of rules (``Geometry.of(rules)``, cached)."""

    rules: Rules
    cells: tuple[Point, ...]
    index: dict[Point, int]
    lines: tuple[tuple[int, ...], ...]
    line_masks: tuple[int, ...]
    lines_through: tuple[tuple[int, ...], ...]
    """For each cell, the numbers of the lines through it."""
    below: tuple[int, ...]
    """For each cell, the cell under it along the last axis under gravity (-1: the bottom or no gravity)."""

    @staticmethod
    def of(rules: Rules) -> Geometry:
        """The geometry of bounded ``rules`` (ValueError on the endless board)."""
        if rules.bounds is None:
            raise ValueError("the classic players need a bounded board")
        return _geometry(rules)

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def full(self) -> int:
        return (1 << len(self.cells)) - 1

    def masks(self, board: Board) -> tuple[int, int]:
        """The board as (mask of the side to move's cells, mask of the other side's)."""
        me = them = 0
        for point, stone in board.stones.items():
            if stone is board.turn:
                me |= 1 << self.index[point]
            else:
                them |= 1 << self.index[point]
        return me, them

    def wins(self, mask: int) -> bool:
        """Whether the cells of ``mask`` hold a whole line."""
        return any(line & mask == line for line in self.line_masks)

    def legal(self, occupied: int) -> list[int]:
        """The empty cells a stone may go to (resting on the cell below under gravity)."""
        below = self.below
        return [
            c for c in range(len(self.cells)) if not occupied >> c & 1 and (below[c] < 0 or occupied >> below[c] & 1)
        ]


@lru_cache(maxsize=32)
def _geometry(rules: Rules) -> Geometry:
    assert rules.bounds is not None  # Geometry.of checked it
    low, high = rules.bounds
    cells = tuple(itertools.product(*[range(a, b + 1) for a, b in zip(low, high)]))
    index = {p: i for i, p in enumerate(cells)}
    lines = []
    for direction in rules.directions:
        for start in cells:
            run = [tuple(a + i * d for a, d in zip(start, direction)) for i in range(rules.k)]
            if all(p in index for p in run):
                lines.append(tuple(index[p] for p in run))
    lines = sorted(set(lines))
    through: list[list[int]] = [[] for _ in cells]
    for i, line in enumerate(lines):
        for c in line:
            through[c].append(i)
    below = tuple(index[p[:-1] + (p[-1] - 1,)] if rules.gravity and p[-1] > low[-1] else -1 for p in cells)
    return Geometry(
        rules=rules,
        cells=cells,
        index=index,
        lines=tuple(lines),
        line_masks=tuple(sum(1 << c for c in line) for line in lines),
        lines_through=tuple(tuple(t) for t in through),
        below=below,
    )
