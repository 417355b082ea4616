"""The seed-002 attack scanner: attacks, breakpoints and cell weights.

Every empty cell gets a weight: what a stone there would build for X plus what
it would build for O (so a cell is worth both its attack and its defence).
The reading of the seed followed here is in ``docs/attacks.md`` (the scan,
step by step); the words are the seed's:

- an **attack** is a maximal run of one stone on a line through the scanned
  cell, with its **power** (length), **potential** (open ends, 0-2) and
  **divider** (1 for the central attack, 1 + the empty cells between it and
  the central attack for a side attack);
- **attackplace** is the room on the line (blocked by the opponent or an edge);
- a **breakpoint** is a line where one careless reply loses.

>>> board = Board()
>>> board.set_up({(2, 0): Stone.X, (3, 0): Stone.X, (6, 0): Stone.X, (0, 5): Stone.O, (1, 5): Stone.O, (9, 9): Stone.O})
>>> line = explain(board, (4, 0)).stones[Stone.X].lines[0]
>>> line.attackplace, [f"{a}={a.weight}" for a in line.attacks], line.breakpoint
(11, ['[3:2/1]=7.0', '[1:2/2]=0.125'], True)
>>> cell_weight(board, (4, 0))
8.625

Two implementations compute the same numbers: the direct scan of the spec
(``scan_line``, ``explain``, ``weight_map_direct``), which walks the board
cell by cell and is the reference; and the fast map (``weight_map``,
``cell_weight``), which encodes each line's neighbourhood as a base-3 pattern,
scans each pattern once (the table remembers it) and vectorises the rest with
numpy. The two agree exactly, float for float: both sum the attacks of a line
from the line's negative end, the lines in the rules' order, then the bonuses.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gomoku.attacks.line import BLOCKED, EMPTY, OWN, Attack, LineCache, RawAttack, judge
from gomoku.attacks.weights import (  # noqa: F401 - the table is part of the scanner's API
    DEFAULT_ATTACKS,
    DEFAULT_WEIGHTS_PATH,
    WeightTable,
    WeightTableError,
    default_table,
    load_weights,
)
from gomoku.board import (
    Board,
    GameOverError,
    OccupiedError,
    OutOfBoundsError,
    Point,
    Rules,
    Stone,
    format_point,
)

__all__ = [
    "Attack",
    "CellExplanation",
    "LineScan",
    "StoneWeight",
    "WeightTable",
    "WeightTableError",
    "cell_weight",
    "default_table",
    "explain",
    "greedy_move",
    "load_weights",
    "scan_line",
    "scan_stone",
    "weight_map",
    "weight_map_direct",
    "DEFAULT_WEIGHTS_PATH",
]


# -- the scan's results (``Attack``, one run on a line: ``gomoku.attacks.line``) --
@dataclass(frozen=True)
class LineScan:
    """One line through a cell, for one stone: the kept attacks and the verdict.

    ``dropped`` are the attacks the filter removed (no room, or no open end),
    kept for the explanation. ``five``: the stone would make five here.
    """

    direction: Point
    stone: Stone
    attackplace: int
    attacks: tuple[Attack, ...]
    dropped: tuple[Attack, ...]
    breakpoint: bool
    five: bool
    weight: float

    def to_dict(self) -> dict[str, Any]:
        """``{"direction", "attackplace", "breakpoint", "five", "attacks": [...]}`` (kept attacks)."""
        return {
            "direction": list(self.direction),
            "attackplace": self.attackplace,
            "breakpoint": self.breakpoint,
            "five": self.five,
            "attacks": [a.to_dict() for a in self.attacks],
        }


@dataclass(frozen=True)
class StoneWeight:
    """A cell's weight for one stone: its lines, the bonuses and the sum."""

    stone: Stone
    lines: tuple[LineScan, ...]
    fork_bonus: float
    finish_bonus: float
    weight: float

    @property
    def breakpoints(self) -> int:
        """How many lines hold a breakpoint (two or more: a fork)."""
        return sum(1 for line in self.lines if line.breakpoint)

    def to_dict(self) -> dict[str, Any]:
        """``{"weight", "fork_bonus", "finish_bonus", "lines": [...]}``."""
        return {
            "weight": self.weight,
            "fork_bonus": self.fork_bonus,
            "finish_bonus": self.finish_bonus,
            "lines": [line.to_dict() for line in self.lines],
        }


@dataclass(frozen=True)
class CellExplanation:
    """Why a cell weighs what it does: the stone weights of X and O and their sum."""

    point: Point
    to_move: Stone
    stones: dict[Stone, StoneWeight]
    weight: float

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON, the CLI and the app (see the module's contract)."""
        return {
            "point": list(self.point),
            "to_move": self.to_move.name,
            "weight": self.weight,
            "stones": {stone.name: self.stones[stone].to_dict() for stone in (Stone.X, Stone.O)},
        }


# -- the direct scan (the spec, cell by cell) -----------------------------------
def _walk(board: Board, point: Point, stone: Stone, step: Point, k: int) -> tuple[int, int, bool, list[list[int]]]:
    """Walk one side of a line from the scanned cell, as the seed does.

    Returns the reach, how far the central attack extends, whether its end on
    this side is open, and the side attacks as [power, potential, divider,
    near distance, far distance], outward.
    """
    stones = board.stones
    contains = board.rules.contains

    def state(distance: int) -> int:
        q = tuple(c + distance * s for c, s in zip(point, step))
        if not contains(q):
            return BLOCKED
        found = stones.get(q)
        return EMPTY if found is None else OWN if found == stone else BLOCKED

    reach = 0
    extension = 0
    central_open = False
    in_central = True
    gaps = 0
    current: list[int] | None = None  # the side attack being walked
    sides: list[list[int]] = []
    for distance in range(1, k + 1):
        here = state(distance)
        if here == BLOCKED:
            break
        reach += 1
        if here == OWN:
            if in_central:
                extension += 1
            else:
                if current is None:
                    # Its near end is open: an empty cell comes before it.
                    current = [0, 1, 1 + gaps, distance, distance]
                current[0] += 1
                current[4] = distance
            if distance == k:
                # The run touches the window's edge: look across it.
                open_beyond = state(k + 1) != BLOCKED
                if in_central:
                    central_open = open_beyond
                elif current is not None:
                    current[1] += open_beyond
                    sides.append(current)
                    current = None
        else:
            if in_central:
                central_open = True
                in_central = False
            elif current is not None:
                current[1] += 1
                sides.append(current)
                current = None
            gaps += 1
    if current is not None:  # stopped by a block: the far end is closed
        sides.append(current)
    return reach, extension, central_open, sides


def scan_line(board: Board, point: Point, stone: Stone, direction: Point, table: WeightTable | None = None) -> LineScan:
    """Scan one line through the empty cell ``point`` for ``stone`` (the spec's steps 1-6).

    The board does not change. On a bounded board an edge closes an attack
    as an opponent stone does.

    >>> board = Board()
    >>> board.set_up({(1, 0): Stone.O, (2, 0): Stone.X, (3, 0): Stone.X, (6, 0): Stone.X, (9, 9): Stone.O})
    >>> scan = scan_line(board, (4, 0), Stone.X, (1, 0))
    >>> scan.attackplace, [str(a) for a in scan.attacks], scan.breakpoint
    (8, ['[3:1/1]', '[1:2/2]'], True)
    """
    table = table or default_table()
    rules = board.rules
    k = rules.k
    back = tuple(-c for c in direction)
    reach_b, ext_b, open_b, sides_b = _walk(board, point, stone, back, k)
    reach_f, ext_f, open_f, sides_f = _walk(board, point, stone, direction, k)
    attackplace = 1 + reach_b + reach_f
    if attackplace < k:
        return LineScan(tuple(direction), stone, attackplace, (), (), False, False, 0.0)
    raw: list[RawAttack] = []
    for power, potential, divider, _near, far in reversed(sides_b):
        raw.append((power, potential, divider, False, -far))
    raw.append((1 + ext_b + ext_f, int(open_b) + int(open_f), 1, True, -ext_b))
    for power, potential, divider, near, _far in sides_f:
        raw.append((power, potential, divider, False, near))
    kept, dropped, breakpoint, five, weight = judge(raw, k, not rules.overline, table)
    return LineScan(tuple(direction), stone, attackplace, tuple(kept), tuple(dropped), breakpoint, five, weight)


def _check_empty(board: Board, point: Point) -> Point:
    point = board.check_point(point)
    if point in board.stones:
        raise OccupiedError(f"cell {format_point(point)} is taken: only an empty cell has a weight")
    if not board.rules.contains(point):
        raise OutOfBoundsError(f"cell {format_point(point)} is outside the board")
    return point


def scan_stone(board: Board, point: Point, stone: Stone, table: WeightTable | None = None) -> StoneWeight:
    """The stone weight of an empty cell for ``stone``, with every line (direct scan)."""
    table = table or default_table()
    point = _check_empty(board, point)
    lines = tuple(scan_line(board, point, stone, d, table) for d in board.rules.directions)
    breakpoints = sum(1 for line in lines if line.breakpoint)
    fives = sum(1 for line in lines if line.five)
    fork = table.fork_bonus if breakpoints >= 2 else 0.0
    finish = float(fives) * table.finish_bonus if stone == board.turn else 0.0
    total = 0.0
    for line in lines:
        total += line.weight
    total += fork
    total += finish
    return StoneWeight(stone, lines, fork, finish, total)


def explain(board: Board, point: Point, table: WeightTable | None = None) -> CellExplanation:
    """The full breakdown of an empty cell's weight (direct scan), for the side to move.

    Raises OccupiedError or OutOfBoundsError (ValueErrors) for a cell that has
    no weight.
    """
    table = table or default_table()
    point = _check_empty(board, point)
    x = scan_stone(board, point, Stone.X, table)
    o = scan_stone(board, point, Stone.O, table)
    return CellExplanation(point, board.turn, {Stone.X: x, Stone.O: o}, x.weight + o.weight)


def weight_map_direct(board: Board, table: WeightTable | None = None) -> dict[Point, float]:
    """``weight_map`` by the direct scan of every candidate: the slow reference."""
    table = table or default_table()
    return {p: explain(board, p, table).weight for p in board.candidates(2)}


# Board cell values in the fast map: 0 empty, 1 X, 2 O, 3 off the board; and
# their scan states for X and for O.
_STATES = {
    Stone.X: np.array([EMPTY, OWN, BLOCKED, BLOCKED], dtype=np.int64),
    Stone.O: np.array([EMPTY, BLOCKED, OWN, BLOCKED], dtype=np.int64),
}
_STATE_LISTS = {stone: states.tolist() for stone, states in _STATES.items()}


def _offsets(k: int) -> list[int]:
    """Signed distances of a pattern's cells, in digit order."""
    return [-i for i in range(1, k + 2)] + list(range(1, k + 2))


def _sum_weights(
    turn: Stone,
    table: WeightTable,
    lines: Mapping[Stone, Sequence[tuple[Any, Any, Any]]],
    zero: Any,
) -> Any:
    """Stone weights summed in the direct scan's order, for scalars or arrays."""
    total_cell = None
    for stone in (Stone.X, Stone.O):
        total = zero
        breakpoints = zero * 0
        fives = zero * 0
        for weight, breakpoint, five in lines[stone]:
            total = total + weight
            breakpoints = breakpoints + breakpoint
            fives = fives + five
        if isinstance(breakpoints, np.ndarray):
            total = total + np.where(breakpoints >= 2, table.fork_bonus, 0.0)
            total = total + (fives.astype(float) * table.finish_bonus if stone == turn else 0.0)
        else:
            total = total + (table.fork_bonus if breakpoints >= 2 else 0.0)
            total = total + (float(fives) * table.finish_bonus if stone == turn else 0.0)
        total_cell = total if total_cell is None else total_cell + total
    return total_cell


def _line_cache(table: WeightTable, rules: Rules) -> LineCache:
    """The table's pattern cache for the rules' win length and overline rule."""
    exact = not rules.overline
    return table.cached((rules.k, exact), lambda: LineCache(table, rules.k, exact))


def _pattern_weight(board: Board, point: Point, table: WeightTable) -> float:
    """One cell's weight through the pattern cache (no numpy: for single cells and sparse boards)."""
    rules = board.rules
    k = rules.k
    cache = _line_cache(table, rules)
    stones = board.stones
    bounded = rules.bounded
    contains = rules.contains
    offsets = _offsets(k)
    lines: dict[Stone, list[tuple[float, bool, bool]]] = {Stone.X: [], Stone.O: []}
    for direction in rules.directions:
        values = []
        for distance in offsets:
            q = tuple(c + distance * d for c, d in zip(point, direction))
            if bounded and not contains(q):
                values.append(3)
            else:
                found = stones.get(q)
                values.append(0 if found is None else int(found))
        for stone in (Stone.X, Stone.O):
            states = _STATE_LISTS[stone]
            code = 0
            for value in reversed(values):
                code = code * 3 + states[value]
            lines[stone].append(cache.get(code))
    return float(_sum_weights(board.turn, table, lines, 0.0))


def cell_weight(board: Board, point: Point, table: WeightTable | None = None) -> float:
    """The weight of one empty cell for the side to move (equal to ``explain(...).weight``).

    >>> cell_weight(Board(), (0, 0))
    2.0
    """
    table = table or default_table()
    point = _check_empty(board, point)
    return _pattern_weight(board, point, table)


GRID_CELLS_LIMIT = 1 << 18
"""Largest dense grid the fast map builds; stones spread wider use the sparse path."""


def _grid_weights(board: Board, table: WeightTable) -> dict[Point, float] | None:
    """The weight map on a dense numpy grid around the stones, or None when too sparse."""
    from scipy import ndimage

    rules = board.rules
    dims, k = rules.dims, rules.k
    points = list(board.stones)
    pad = 2 + k + 1  # candidates lie within 2 of a stone, patterns reach k + 1 beyond
    low = [min(p[a] for p in points) - pad for a in range(dims)]
    shape = [max(p[a] for p in points) + pad - low[a] + 1 for a in range(dims)]
    size = math.prod(shape)
    if size > GRID_CELLS_LIMIT or size > 4096 + 400 * len(points):
        return None
    grid = np.zeros(shape, dtype=np.int8)
    if rules.bounds is not None:
        grid.fill(3)
        inside = tuple(
            slice(max(0, lo - low[a]), max(0, min(shape[a], hi - low[a] + 1)))
            for a, (lo, hi) in enumerate(zip(*rules.bounds))
        )
        grid[inside] = 0
    index = tuple(np.array([p[a] - low[a] for p in points], dtype=np.int64) for a in range(dims))
    grid[index] = np.array([int(s) for s in board.stones.values()], dtype=np.int8)
    occupied = (grid == 1) | (grid == 2)
    near = ndimage.binary_dilation(occupied, structure=np.ones((5,) * dims, dtype=bool))
    cells = np.nonzero(near & (grid == 0))  # C order: sorted like the points
    flat = np.ravel_multi_index(cells, shape)
    values = grid.ravel()
    strides = [math.prod(shape[a + 1 :]) for a in range(dims)]
    offsets = _offsets(k)
    cache = _line_cache(table, rules)
    codes: dict[Stone, list[np.ndarray]] = {stone: [] for stone in (Stone.X, Stone.O)}
    for direction in rules.directions:
        step = sum(d * s for d, s in zip(direction, strides))
        seen = [values[flat + distance * step] for distance in offsets]
        for stone in (Stone.X, Stone.O):
            states = _STATES[stone]
            code = np.zeros(len(flat), dtype=np.int64)
            for value in reversed(seen):
                code = code * 3 + states[value]
            codes[stone].append(code)
    lines = {stone: [cache.lookup(code) for code in codes[stone]] for stone in (Stone.X, Stone.O)}
    weights = _sum_weights(board.turn, table, lines, np.zeros(len(flat)))
    coords = [(axis + low[a]).tolist() for a, axis in enumerate(cells)]
    return dict(zip(zip(*coords), np.asarray(weights).tolist()))


def weight_map(board: Board, table: WeightTable | None = None) -> dict[Point, float]:
    """Every candidate cell (empty, within distance 2 of a stone) and its weight, for the side to move.

    Ordered by point. Equal, float for float, to ``weight_map_direct``; fast:
    a numpy grid around the stones, or a pattern scan per cell when the stones
    are spread too far apart for a grid. On an empty board: the centre. Under
    gravity only the cells a stone can be played on (``Board.candidates``).

    >>> weight_map(Board())
    {(0, 0): 2.0}
    """
    table = table or default_table()
    if board.stones:
        fast = _grid_weights(board, table)
        if fast is not None:
            if board.rules.gravity:  # the grid weighs every empty cell near a stone, floating or not
                return {p: fast[p] for p in board.candidates(2)}
            return fast
    return {p: _pattern_weight(board, p, table) for p in board.candidates(2)}


# -- the greedy bot -------------------------------------------------------------------
def greedy_move(board: Board, rng: random.Random | None = None, table: WeightTable | None = None) -> Point:
    """Seed 002's bot: the candidate of greatest cell weight.

    Ties go to the smallest point, or to a choice of ``rng`` among them when
    one is given (for variety, reproducible with a seed). Raises GameOverError
    when the game is over.

    >>> greedy_move(Board())
    (0, 0)
    """
    if board.is_over:
        raise GameOverError(f"the game is over ({board.result}); no move to choose")
    weights = weight_map(board, table)
    best = max(weights.values())
    ties = sorted(p for p, w in weights.items() if w == best)
    if rng is not None and len(ties) > 1:
        return rng.choice(ties)
    return ties[0]
