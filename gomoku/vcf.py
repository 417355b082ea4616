"""Threat-space search: VCF, a win by continuous fours.

In a VCF every attacking move makes a four, so the defender's reply is forced
(block the five, or lose). The tree therefore branches only on the attacker's
side, over the cells where it makes a four, and that is what makes a deep
search affordable in Python:

* the fours and fives come ready from the incremental grid (``gomoku._eval``),
  so a node costs one push and one pop for each side, no scan;
* a transposition table remembers the positions already disproven, and to
  what depth (the same fours in another order meet again and again);
* iterative deepening on the number of attacking moves finds the shortest
  win first.

If the defender has a four of its own when the attacker is to move, the
attacker must block it, and the VCF goes on only if the block is itself a four.

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
>>> solve(board, nodes=10_000).moves[:1]
((-1, 0),)
"""

from __future__ import annotations

import threading
import time as _time
from dataclasses import dataclass

from gomoku.board import Board, Point
from gomoku._eval import Grid
from gomoku.searchtypes import SearchAborted

MAX_DEPTH = 40
"""Attacking moves in the longest VCF looked for (the final five included)."""
CHECK_EVERY = 32
"""Nodes between two looks at the clock and the stop event."""
VCT_DEPTH = 3
"""Threat moves (fours and open threes) in the longest VCT ``solve`` looks for."""

_COMPLETE = 1 << 30
"""Table depth of a position disproven with no depth cut: no VCF at any depth."""

_SALT = (0, 0x5DEECE66D1234567, 0x2545F4914F6CDD1D)


def _schedule(low: int, high: int) -> list[int]:
    """The depths of the iterative deepening: every one while they are cheap,
    then growing by half (a short win is still found first, near enough)."""
    depths = []
    depth = low
    while depth < high:
        depths.append(depth)
        depth = depth + 1 if depth < 6 else depth + depth // 2
    depths.append(high)
    return depths


@dataclass(frozen=True)
class VCFResult:
    """What ``solve`` found: the winning line (attacker first), or None."""

    moves: tuple[Point, ...] | None
    nodes: int
    depth: int
    time: float
    complete: bool
    """True when the search finished: no VCF exists within ``depth`` attacking moves."""
    kind: str = "vcf"
    """``"vcf"``, or ``"vct"`` for a win that needed threes too (``solve(vct=True)``)."""

    @property
    def found(self) -> bool:
        """Whether a win was found."""
        return self.moves is not None

    def to_dict(self) -> dict:
        """Plain data, points as lists (for JSON)."""
        return {
            "found": self.found,
            "moves": [list(p) for p in self.moves] if self.moves else [],
            "depth": self.depth,
            "nodes": self.nodes,
            "time": round(self.time, 4),
            "complete": self.complete,
            "kind": self.kind if self.found else None,
        }


class VCFSearch:
    """A VCF solver over a grid, with limits, sharing its table between calls.

    ``deadline`` is a ``time.perf_counter()`` value; ``node_limit`` counts pushes
    of attacking moves over the solver's whole life. Either raises
    ``SearchAborted`` from ``find``.
    """

    def __init__(
        self,
        grid: Grid,
        *,
        node_limit: int | None = None,
        deadline: float | None = None,
        stop: threading.Event | None = None,
        table_size: int = 1 << 18,
    ) -> None:
        self.grid = grid
        self.nodes = 0
        self.node_limit = node_limit
        self.deadline = deadline
        self.stop = stop
        self.table: dict[int, int] = {}
        self.table_size = table_size
        self._next_check = CHECK_EVERY

    def _check(self) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchAborted
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + CHECK_EVERY
            if self.deadline is not None and _time.perf_counter() >= self.deadline:
                raise SearchAborted
            if self.stop is not None and self.stop.is_set():
                raise SearchAborted

    def find(self, attacker: int, max_depth: int = MAX_DEPTH, min_depth: int = 1) -> list[int] | None:
        """The shortest VCF line (cells, attacker first) within ``max_depth``, or None.

        The attacker is taken to be the side to move (the grid's ``turn`` is set
        for the search and restored). Raises SearchAborted at a limit.
        """
        grid = self.grid
        saved = grid.turn
        height = len(grid.stack)
        grid.turn = attacker
        try:
            for depth in _schedule(min_depth, max_depth):
                self.searched_depth = depth
                line = self._search(attacker, depth)
                if line is not None:
                    return line
                if not self._grew:
                    break  # no branch reached the depth limit: no VCF at any depth
            return None
        except SearchAborted:
            while len(grid.stack) > height:  # unwind the line being searched
                grid.pop()
            raise
        finally:
            grid.turn = saved

    def _search(self, s: int, depth: int) -> list[int] | None:
        self._grew = False
        return self._node(s, depth)

    def _node(self, s: int, depth: int) -> list[int] | None:
        grid = self.grid
        fives = grid.fives[s]
        if fives:
            return [min(fives)]
        o = 3 - s
        threats = grid.fives[o]
        if threats:
            if len(threats) > 1:
                return None
            block = next(iter(threats))
            if block not in grid.fours[s]:
                return None
            moves = [block]
        else:
            fours = grid.fours[s]
            if not fours:
                return None
            order = grid.order[s]
            moves = sorted(fours, key=lambda q: (-order[q], q))
        if depth <= 1:
            self._grew = True
            return None
        key = grid.hash ^ _SALT[s]
        proven = self.table.get(key)
        if proven is not None and proven >= depth:
            if proven < _COMPLETE:
                self._grew = True
            return None
        outer = self._grew
        self._grew = False
        for q in moves:
            self.nodes += 1
            self._check()
            grid.push(q)
            replies = grid.fives[s]
            if len(replies) != 1:
                # Two or more fives to block: the defender is lost (none: not a four).
                if replies:
                    r = min(replies)
                    grid.push(r)
                    win = min(grid.fives[s])
                    grid.pop()
                    grid.pop()
                    return [q, r, win]
                grid.pop()
                continue
            r = next(iter(replies))
            grid.push(r)
            line = self._node(s, depth - 1)
            grid.pop()
            grid.pop()
            if line is not None:
                self._grew = True
                return [q, r] + line
        if len(self.table) >= self.table_size:
            self.table.clear()
        self.table[key] = depth if self._grew else _COMPLETE
        self._grew = self._grew or outer
        return None


def solve(
    board: Board,
    *,
    time: float | None = None,
    nodes: int | None = None,
    max_depth: int = MAX_DEPTH,
    stop: threading.Event | None = None,
    vct: bool = False,
) -> VCFResult:
    """Look for a VCF for the side to move on ``board`` (left unchanged).

    ``time`` in seconds and ``nodes`` bound the search; ``moves`` is the whole
    winning line, defender replies included, ending with the five. With
    ``vct``, when there is no VCF, look for a VCT of up to ``VCT_DEPTH`` threats
    with what is left of the limits (``moves`` then follows one reply of the
    defender at each step).
    """
    start = _time.perf_counter()
    if board.is_over:
        return VCFResult(None, 0, 0, 0.0, True)
    grid = Grid(board)
    deadline = start + time if time is not None else None
    search = VCFSearch(grid, node_limit=nodes, deadline=deadline, stop=stop)
    complete = True
    line = None
    try:
        line = search.find(grid.turn, max_depth)
    except SearchAborted:
        complete = False
    depth = getattr(search, "searched_depth", 0)
    kind = "vcf"
    if line is None and vct and (nodes is None or search.nodes < nodes):
        kind = "vct"
        try:
            line = VCTSearch(search).find(grid.turn, VCT_DEPTH)
            depth = VCT_DEPTH
        except SearchAborted:
            complete = False
    moves = tuple(grid.point(i) for i in line) if line is not None else None
    return VCFResult(moves, search.nodes, depth, _time.perf_counter() - start, complete, kind)


class VCTSearch:
    """Threat-space search with threes too (VCT), on top of a VCFSearch.

    The attacker's moves are fours and open threes; the defender's replies to a
    four are forced, and to an open three they are every cell where the attacker
    would make a four (the blocks, far ones included) and every four of the
    defender's own (counter-attacks, which the attacker must then block). That
    reply set is complete, so a win found is a real win. ``depth`` counts the
    attacker's threat moves; at every attacker node a short VCF is tried first.
    The VCFSearch's node count, limits and table are shared.
    """

    def __init__(self, vcf: VCFSearch, *, vcf_depth: int = 10, table_size: int = 1 << 17) -> None:
        self.vcf = vcf
        self.grid = vcf.grid
        self.vcf_depth = vcf_depth
        self.table: dict[int, int] = {}
        self.table_size = table_size

    def find(self, attacker: int, max_depth: int = 3) -> list[int] | None:
        """A winning line (attacker first, one defender reply at each step), or None.

        The attacker is taken to be the side to move. Raises SearchAborted at a
        limit of the VCFSearch, with the grid as it was.
        """
        grid = self.grid
        saved = grid.turn
        height = len(grid.stack)
        grid.turn = attacker
        try:
            for depth in range(1, max_depth + 1):
                line = self._attack(attacker, depth)
                if line is not None:
                    return line
            return None
        except SearchAborted:
            while len(grid.stack) > height:
                grid.pop()
            raise
        finally:
            grid.turn = saved

    def _count(self) -> None:
        vcf = self.vcf
        vcf.nodes += 1
        vcf._check()

    def _attack(self, a: int, depth: int) -> list[int] | None:
        grid = self.grid
        d = 3 - a
        if grid.fives[a]:
            return [min(grid.fives[a])]
        threats = grid.fives[d]
        if threats:
            if len(threats) > 1:
                return None
            block = min(threats)
            self._count()
            grid.push(block)
            try:
                pending = grid.fives[a] or grid.open_fours[a]
                sub = self._defend(a, depth) if pending else None
            finally:
                grid.pop()
            return [block] + sub if sub is not None else None
        if grid.open_fours[a]:
            q = min(grid.open_fours[a])
            grid.push(q)
            r = min(grid.fives[a])
            grid.push(r)
            win = min(grid.fives[a])
            grid.pop()
            grid.pop()
            return [q, r, win]
        line = self.vcf.find(a, max_depth=self.vcf_depth)
        if line is not None:
            return line
        if depth <= 0:
            return None
        key = grid.hash ^ _SALT[a] ^ 0x7F4A7C15F39CC060
        known = self.table.get(key)
        if known is not None and known >= depth:
            return None
        order = grid.order[a]
        moves = sorted(set(grid.threes[a]) | set(grid.fours[a]), key=lambda q: (-order[q], q))
        for q in moves:
            self._count()
            grid.push(q)
            try:
                sub = self._defend(a, depth - 1) if grid.fives[a] or grid.open_fours[a] else None
            finally:
                grid.pop()
            if sub is not None:
                return [q] + sub
        if len(self.table) >= self.table_size:
            self.table.clear()
        self.table[key] = depth
        return None

    def _defend(self, a: int, depth: int) -> list[int] | None:
        """The defender to move against a pending threat: the attacker's line
        if every reply loses, else None."""
        grid = self.grid
        d = 3 - a
        if grid.fives[d]:
            return None
        fives = grid.fives[a]
        if len(fives) >= 2:
            r = min(fives)
            grid.push(r)
            win = min(grid.fives[a])
            grid.pop()
            return [r, win]
        if fives:
            replies = sorted(fives)
        elif grid.open_fours[a]:
            mine = grid.order[d]
            replies = sorted(set(grid.fours[a]) | set(grid.fours[d]), key=lambda q: (-mine[q], q))
        else:
            return None
        first: list[int] | None = None
        for r in replies:
            self._count()
            grid.push(r)
            try:
                sub = self._attack(a, depth)
            finally:
                grid.pop()
            if sub is None:
                return None
            if first is None:
                first = [r] + sub
        return first
