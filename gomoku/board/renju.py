"""Renju's forbidden points for black, exactly as the RIF rules define them.

Black (X, the first player) wins with exactly five in a row. A black move that
makes no five is forbidden when it makes

- an **overline**: six or more black stones in a row;
- a **double four**: two or more fours at once, two on one line included
  (``X.XXX.X`` with the middle filled in has two);
- a **double three**: two or more threes at once.

A *four* is a row of four black stones that one more stone turns into exactly
five; the stones of a *straight four* have two such cells (``.XXXX.``) and
count as one four. A *three* is a row of three that one more black stone, on a
cell that is not itself forbidden, turns into a straight four: whether that cell
is forbidden is judged the same way, recursively, with the move in question on
the board; a cell that would make a five (on any line) makes a five, not a
straight four, as the classic ForbiddenPointFinder and Rapfi judge it. The fours
and threes counted are those the move makes (the move's stone is one of theirs),
one three at most a line. A move that makes a five
wins, whatever else it makes. White has no forbidden point and wins with five
or more. ``docs/rules.md`` explains it with diagrams.

The verdict is ``forbidden(stones, point, rules)``: a ``Forbidden`` (its kind,
the shapes that make it and a one-line reason), or None for a move black may
make. ``forbidden_points`` lists every forbidden cell of a position. Stones are
any mapping of points to 1 (black) and 2 (white), as ``Board.stones`` is; the
board may be bounded (the edge ends a line, like a white stone) or endless.

>>> from gomoku.board.rules import Rules
>>> rules = Rules.preset("renju")
>>> stones = {(6, 7): 1, (8, 7): 1, (7, 6): 1, (7, 8): 1}    # a cross: two open twos through 7,7
>>> forbidden(stones, (7, 7), rules).reason()
'double three at 7,7 (lines 6,7-8,7 and 7,6-7,8)'
>>> forbidden(stones, (0, 0), rules) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gomoku.board.rules import Point, Rules

__all__ = ["BLACK", "KINDS", "Forbidden", "forbidden", "forbidden_points", "threatened_cells"]

BLACK = 1
"""Black's stone (``Stone.X``'s value): the side with forbidden points."""

KINDS = ("overline", "double four", "double three")
"""The kinds of forbidden point, in the order a move is judged."""

_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_EMPTY, _WALL = 0, 3


@dataclass(frozen=True)
class Forbidden:
    """Why black may not play ``point``: the ``kind`` (one of ``KINDS``) and the
    ``shapes`` that make it, each as its black stones in line order (for an
    overline: its run; a four: its four stones; a three: its three)."""

    kind: str
    point: Point
    shapes: tuple[tuple[Point, ...], ...]

    def reason(self) -> str:
        """The verdict in one line: ``double three at 7,7 (lines 6,7-8,7 and 7,6-7,8)``."""
        spans = [f"{_text(shape[0])}-{_text(shape[-1])}" for shape in self.shapes]
        word = "line" if len(spans) == 1 else "lines"
        listed = spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1]
        return f"{self.kind} at {_text(self.point)} ({word} {listed})"


def _text(point: Point) -> str:
    return ",".join(str(c) for c in point)


class _Position:
    """A mutable copy of the cells near the moves judged: black stones are put down
    and taken up again as the recursion looks ahead."""

    __slots__ = ("cells", "low", "high")

    def __init__(self, stones: Mapping[Point, int], rules: Rules) -> None:
        self.cells: dict[Point, int] = {p: int(s) for p, s in stones.items()}
        bounds = rules.bounds
        self.low: Point | None = bounds[0] if bounds is not None else None
        self.high: Point | None = bounds[1] if bounds is not None else None

    def at(self, x: int, y: int) -> int:
        """0 empty, 1 black, 2 white, 3 off the board."""
        low, high = self.low, self.high
        if low is not None and high is not None and not (low[0] <= x <= high[0] and low[1] <= y <= high[1]):
            return _WALL
        return self.cells.get((x, y), _EMPTY)

    def run(self, x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
        """How many black stones follow (x, y) backwards and forwards along (dx, dy)."""
        back = 0
        while self.at(x - (back + 1) * dx, y - (back + 1) * dy) == BLACK:
            back += 1
        forward = 0
        while self.at(x + (forward + 1) * dx, y + (forward + 1) * dy) == BLACK:
            forward += 1
        return back, forward

    def completions(self, x: int, y: int, dx: int, dy: int) -> list[tuple[Point, tuple[Point, ...]]]:
        """The cells that turn the black stone at (x, y) into exactly five along (dx, dy),
        each with the four stones it completes. Such a cell is the first empty one past
        the stone's run on either side: every cell between them is black."""
        back, forward = self.run(x, y, dx, dy)
        found: list[tuple[Point, tuple[Point, ...]]] = []
        for sign, steps in ((-1, back + 1), (1, forward + 1)):
            cx, cy = x + sign * steps * dx, y + sign * steps * dy
            if self.at(cx, cy) != _EMPTY:
                continue
            self.cells[(cx, cy)] = BLACK
            b, f = self.run(cx, cy, dx, dy)
            del self.cells[(cx, cy)]
            if b + f + 1 == 5:
                five = [(cx + i * dx, cy + i * dy) for i in range(-b, f + 1)]
                found.append(((cx, cy), tuple(p for p in five if p != (cx, cy))))
        return found

    def fours(self, x: int, y: int, dx: int, dy: int) -> list[tuple[Point, ...]]:
        """The fours the stone at (x, y) is part of along (dx, dy): two cells completing
        the same four stones are one (straight) four."""
        shapes: list[tuple[Point, ...]] = []
        for _, shape in self.completions(x, y, dx, dy):
            if shape not in shapes:
                shapes.append(shape)
        return shapes

    def straight_four(self, x: int, y: int, dx: int, dy: int) -> bool:
        """Whether the stone at (x, y) is part of a straight four along (dx, dy)."""
        found = self.completions(x, y, dx, dy)
        return len(found) == 2 and found[0][1] == found[1][1]

    def three_cells(self, x: int, y: int, dx: int, dy: int) -> list[Point]:
        """The cells that turn the black stone at (x, y) into a straight four along
        (dx, dy), forbidden or not: the first empty ones past its run."""
        back, forward = self.run(x, y, dx, dy)
        found: list[Point] = []
        for sign, steps in ((-1, back + 1), (1, forward + 1)):
            cx, cy = x + sign * steps * dx, y + sign * steps * dy
            if self.at(cx, cy) != _EMPTY:
                continue
            self.cells[(cx, cy)] = BLACK
            straight = self.straight_four(cx, cy, dx, dy)
            del self.cells[(cx, cy)]
            if straight:
                found.append((cx, cy))
        return found

    def near(self, x: int, y: int, dx: int, dy: int) -> int:
        """How many black stones lie within five cells of (x, y) along (dx, dy)."""
        get = self.cells.get
        return sum(1 for i in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5) if get((x + i * dx, y + i * dy)) == BLACK)

    def makes_five(self, x: int, y: int) -> bool:
        """Whether black at the empty cell (x, y) makes exactly five along some line."""
        self.cells[(x, y)] = BLACK
        try:
            return any(b + f + 1 == 5 for b, f in (self.run(x, y, dx, dy) for dx, dy in _DIRECTIONS))
        finally:
            del self.cells[(x, y)]

    def judge(self, x: int, y: int) -> Forbidden | None:
        """The verdict on black at the empty cell (x, y)."""
        # Every shape of a forbidden point has its stones within five cells of it: an
        # overline or two fours on one line at least four of them on that line, two
        # fours or threes on two lines at least two on each. Most cells have neither.
        near = [self.near(x, y, dx, dy) for dx, dy in _DIRECTIONS]
        if max(near) < 4 and sum(1 for n in near if n >= 2) < 2:
            return None
        self.cells[(x, y)] = BLACK
        try:
            return self._judge_placed(x, y, near)
        finally:
            del self.cells[(x, y)]

    def _judge_placed(self, x: int, y: int, near: list[int]) -> Forbidden | None:
        runs = [self.run(x, y, dx, dy) for dx, dy in _DIRECTIONS]
        if any(b + f + 1 == 5 for b, f in runs):
            return None  # a five wins, whatever else the move makes
        for (dx, dy), (b, f) in zip(_DIRECTIONS, runs):
            if b + f + 1 > 5:
                line = tuple((x + i * dx, y + i * dy) for i in range(-b, f + 1))
                return Forbidden("overline", (x, y), (line,))
        lines = [d for d, n in zip(_DIRECTIONS, near) if n >= 2]  # a four or a three needs two stones more
        fours = [shape for dx, dy in lines for shape in self.fours(x, y, dx, dy)]
        if len(fours) >= 2:
            return Forbidden("double four", (x, y), tuple(fours))
        # A three needs a cell that makes a straight four; only when two lines have one
        # is it worth asking (recursively) whether those cells are forbidden themselves.
        candidates = [(d, cells) for d in lines if (cells := self.three_cells(x, y, *d))]
        if len(candidates) < 2:
            return None
        threes = []
        for (dx, dy), cells in candidates:
            for cx, cy in cells:
                if not self.makes_five(cx, cy) and self.judge(cx, cy) is None:
                    self.cells[(cx, cy)] = BLACK
                    four = self.completions(cx, cy, dx, dy)[0][1]
                    del self.cells[(cx, cy)]
                    threes.append(tuple(p for p in four if p != (cx, cy)))
                    break
        if len(threes) >= 2:
            return Forbidden("double three", (x, y), tuple(threes))
        return None


def forbidden(stones: Mapping[Point, int], point: Point, rules: Rules) -> Forbidden | None:
    """Why black may not play the empty cell ``point``, or None if it may (a five,
    or nothing forbidden). ``stones`` maps points to 1 (black) and 2 (white);
    ``rules`` gives the board's bounds (the endless board has none). The cell must
    be empty and on the board (ValueError otherwise). Two-dimensional boards only.

    >>> from gomoku.board.rules import Rules
    >>> row = {(x, 7): 1 for x in (3, 5, 6, 7, 9)}                # X.XXX.X: two fours on one line
    >>> forbidden(row, (4, 7), Rules.preset("renju")) is None     # 3..7: exactly five
    True
    >>> forbidden({(x, 7): 1 for x in (2, 4, 5, 8)}, (6, 7), Rules.preset("renju")).reason()
    'double four at 6,7 (lines 2,7-6,7 and 4,7-8,7)'
    """
    if len(point) != 2:
        raise ValueError("renju's forbidden points are defined on two-dimensional boards")
    if point in stones:
        raise ValueError(f"cell {_text(point)} is not empty")
    if not rules.contains(point):
        raise ValueError(f"cell {_text(point)} is outside the board")
    return _Position(stones, rules).judge(point[0], point[1])


def threatened_cells(stones: Mapping[Point, int], rules: Rules) -> list[Point]:
    """The empty cells on the board within four cells along a line of a black stone,
    sorted: the only cells that can be forbidden (each shape of a forbidden point
    holds black stones within four cells of it)."""
    found: set[Point] = set()
    for (x, y), stone in stones.items():
        if stone != BLACK:
            continue
        for dx, dy in _DIRECTIONS:
            for i in (-4, -3, -2, -1, 1, 2, 3, 4):
                found.add((x + i * dx, y + i * dy))
    return sorted(p for p in found if p not in stones and rules.contains(p))


def forbidden_points(stones: Mapping[Point, int], rules: Rules, cells: Iterable[Point] | None = None) -> list[Point]:
    """The cells forbidden to black, sorted: of ``cells`` (empty cells of the board), or
    of every cell that can be (``threatened_cells``).

    >>> from gomoku.board.rules import Rules
    >>> forbidden_points({(6, 7): 1, (8, 7): 1, (7, 6): 1, (7, 8): 1}, Rules.preset("renju"))
    [(7, 7)]
    """
    position = _Position(stones, rules)
    todo = threatened_cells(stones, rules) if cells is None else sorted(cells)
    return [p for p in todo if position.judge(p[0], p[1]) is not None]
