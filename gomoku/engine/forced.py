"""Threat-space search for a board: does the side to move win by continuous fours
(a VCF), or by fours and open threes (a VCT)?

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
>>> find_forced_win(board, nodes=10_000).moves[:1]
((-1, 0),)
"""

from __future__ import annotations

import threading
import time as _time
from dataclasses import dataclass
from typing import Any

from gomoku.board import Board, Point, Stone
from gomoku.search.layout import Grid
from gomoku.search.params import MAX_DEPTH
from gomoku.search.threats import VCFSearch, VCTSearch
from gomoku.search.types import SearchAborted
from gomoku.search.warmup import ensure_loaded

__all__ = ["VCFResult", "find_forced_win"]


@dataclass(frozen=True)
class VCFResult:
    """What ``find_forced_win`` found: the winning line (attacker first), or None."""

    moves: tuple[Point, ...] | None
    nodes: int
    depth: int
    time: float
    complete: bool
    """True when the search finished: no VCF exists within ``depth`` attacking moves."""
    kind: str = "vcf"
    """``"vcf"``, or ``"vct"`` for a win that needed threes too (``find_forced_win(vct=True)``)."""

    @property
    def found(self) -> bool:
        """Whether a win was found."""
        return self.moves is not None

    def to_dict(self) -> dict[str, Any]:
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


def find_forced_win(
    board: Board,
    *,
    time: float | None = None,
    nodes: int | None = None,
    max_depth: int = MAX_DEPTH,
    stop: threading.Event | None = None,
    vct: bool = False,
    attacker: Stone | None = None,
) -> VCFResult:
    """Look for a VCF for the side to move on ``board`` (left unchanged).

    ``time`` in seconds and ``nodes`` bound the search; ``moves`` is the whole
    winning line, defender replies included, ending with the five. With
    ``vct``, when there is no VCF, look for a VCT (proof-number search, any
    length) with what is left of the limits (``moves`` is then the proof's
    main line: one reply of the defender at each step). ``attacker`` looks for
    the other side's win instead, as if it were to move (the threat a player
    faces: what the opponent would do given a free move).

    >>> no_win = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (0, 9)])
    >>> find_forced_win(no_win, attacker=Stone.O, nodes=10_000).found
    False
    >>> x_threat = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5), (9, 9)])
    >>> find_forced_win(x_threat, attacker=Stone.X, nodes=10_000).moves[0]
    (-1, 0)
    """
    if board.is_over:
        return VCFResult(None, 0, 0, 0.0, True)
    ensure_loaded(board.rules.overline)  # before the clock starts
    start = _time.perf_counter()
    grid = Grid(board)
    deadline = start + time if time is not None else None
    side = grid.turn if attacker is None else int(attacker)
    search = VCFSearch(grid, node_limit=nodes, deadline=deadline, stop=stop)
    complete = True
    line = None
    try:
        line = search.find(side, max_depth)
    except SearchAborted:
        complete = False
    depth = getattr(search, "searched_depth", 0)
    kind = "vcf"
    if line is None and vct and (nodes is None or search.nodes < nodes):
        kind = "vct"
        try:
            line = VCTSearch(search).find(side)
            complete = True
            depth = (len(line) + 1) // 2 if line is not None else 0
        except SearchAborted:
            complete = False
    moves = tuple(grid.point(i) for i in line) if line is not None else None
    return VCFResult(moves, search.nodes, depth, _time.perf_counter() - start, complete, kind)
