"""Threat-space search for callers: VCF (a win by continuous fours) and VCT
(fours and open threes), over the compiled kernels of ``gomoku.kthreats``.

``solve`` answers for a board; ``VCFSearch`` and ``VCTSearch`` work on a grid
the caller keeps (the tree search uses them at the root). The kernels run
without the GIL; a deadline or a stop event is kept by a ``watch.Watch``.

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
>>> solve(board, nodes=10_000).moves[:1]
((-1, 0),)
"""

from __future__ import annotations

import threading
import time as _time
from dataclasses import dataclass

from gomoku import kproof, kthreats
from gomoku.board import Board, Point
from gomoku.watch import Watch
from gomoku.grid import Grid
from gomoku.kcontext import ABORT, LINE_LEN, NODE_LIMIT, TNODES, VLINE_LEN, Context, new_context, with_proof_tree
from gomoku.searchtypes import SearchAborted

MAX_DEPTH = 40
"""Attacking moves in the longest VCF looked for (the final five included)."""

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
    """A VCF solver over a grid (the compiled kernel of ``gomoku.kthreats``), with
    limits, keeping its table between calls.

    ``deadline`` is a ``time.perf_counter()`` value; ``node_limit`` counts threat
    nodes over the solver's whole life. Either raises ``SearchAborted`` from
    ``find``, with the grid as it was.
    """

    def __init__(
        self,
        grid: Grid,
        *,
        node_limit: int | None = None,
        deadline: float | None = None,
        stop: threading.Event | None = None,
        table_size: int = 1 << 18,
        ctx: Context | None = None,
    ) -> None:
        self.grid = grid
        self.ctx = ctx if ctx is not None else new_context(grid.size, 1 << 10, table_size, 1 << 21)
        self.node_limit = node_limit
        self.deadline = deadline
        self.stop = stop
        self.searched_depth = 0

    @property
    def nodes(self) -> int:
        """Threat nodes searched so far."""
        return int(self.ctx.stats[TNODES])

    def _run(self, kernel, *args) -> bool:
        ctx = self.ctx
        ctx.stats[ABORT] = 0
        ctx.stats[NODE_LIMIT] = -1 if self.node_limit is None else self.node_limit
        with Watch(ctx.stop, deadline=self.deadline, stop=self.stop):
            found = kernel(self.grid.state, ctx, *args)
        if ctx.stats[ABORT]:
            raise SearchAborted
        return bool(found)

    def find(self, attacker: int, max_depth: int = MAX_DEPTH, min_depth: int = 1) -> list[int] | None:
        """The shortest VCF line (cells, attacker first) within ``max_depth``
        attacking moves, or None. Raises SearchAborted at a limit."""
        self.searched_depth = max_depth
        if self._run(kthreats.vcf, attacker, max_depth, min_depth):
            return [int(i) for i in self.ctx.line[: self.ctx.stats[LINE_LEN]]]
        return None


class VCTSearch:
    """Threat-space search with threes too (VCT), on top of a VCFSearch (its
    grid, limits, node count and context are shared): the proof-number search
    of ``gomoku.kproof``, however long the win.

    The attacker's moves are fours and open threes; the defender's replies to
    an open three are every cell where either side makes a four, so a win
    found is a real win. ``tree_nodes`` bounds the proof tree's memory
    (28 bytes a node); a context whose tree is smaller gets one that size.
    """

    def __init__(self, vcf: VCFSearch, *, vcf_depth: int = 10, tree_nodes: int = 1 << 20) -> None:
        if vcf.ctx.proof_tree.shape[1] < tree_nodes:
            vcf.ctx = with_proof_tree(vcf.ctx, tree_nodes)
        self.vcf = vcf
        self.vcf_depth = vcf_depth
        self.tree_nodes = tree_nodes
        self.verdict = -1
        """1 proven, 0 disproven (no VCT at all), -1 unknown (a limit came first)."""

    def find(self, attacker: int, max_depth: int | None = None) -> list[int] | None:
        """A winning line (attacker first, one defender reply at each step), or
        None when there is none. Raises SearchAborted when a limit or the tree's
        size came first, with the grid as it was. (``max_depth`` is accepted
        for the depth-first callers of old; the proof has no depth limit.)"""
        ctx = self.vcf.ctx
        ctx.stats[ABORT] = 0
        ctx.stats[NODE_LIMIT] = -1 if self.vcf.node_limit is None else self.vcf.node_limit
        with Watch(ctx.stop, deadline=self.vcf.deadline, stop=self.vcf.stop):
            self.verdict = int(kproof.prove(self.vcf.grid.state, ctx, attacker, self.tree_nodes, self.vcf_depth))
        if self.verdict == -1:
            raise SearchAborted
        if self.verdict == 1:
            return [int(i) for i in ctx.vline[: ctx.stats[VLINE_LEN]]]
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
    ``vct``, when there is no VCF, look for a VCT (proof-number search, any
    length) with what is left of the limits (``moves`` is then the proof's
    main line: one reply of the defender at each step).
    """
    if board.is_over:
        return VCFResult(None, 0, 0, 0.0, True)
    from gomoku.warmup import ensure_loaded

    ensure_loaded(board.rules.overline)  # before the clock starts
    start = _time.perf_counter()
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
            line = VCTSearch(search).find(grid.turn)
            complete = True
            depth = (len(line) + 1) // 2 if line is not None else 0
        except SearchAborted:
            complete = False
    moves = tuple(grid.point(i) for i in line) if line is not None else None
    return VCFResult(moves, search.nodes, depth, _time.perf_counter() - start, complete, kind)
