"""Threat-space search for callers: VCF (a win by continuous fours) and VCT
(fours and open threes), over the compiled kernels of ``gomoku.core.vcf``.

``VCFSearch`` and ``VCTSearch`` work on a grid the caller keeps (the tree
search uses them at the root; ``gomoku.engine.forced`` answers for a board). The
kernels run without the GIL; a deadline or a stop event is kept by a
``watchdog.Watch``.

>>> from gomoku.board import Board
>>> grid = Grid(Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)]))
>>> [grid.point(c) for c in VCFSearch(grid, node_limit=10_000).find(grid.turn, MAX_DEPTH)[:1]]
[(-1, 0)]
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from gomoku.core import prover as kproof
from gomoku.core import vcf as kthreats
from gomoku.core.context import ABORT, LINE_LEN, NODE_LIMIT, TNODES, VLINE_LEN, Context, new_context, with_proof_tree
from gomoku.search.layout import Grid
from gomoku.search.params import MAX_DEPTH
from gomoku.search.types import SearchAborted
from gomoku.search.watchdog import Watch

__all__ = ["VCFSearch", "VCTSearch"]


class VCFSearch:
    """A VCF solver over a grid (the compiled kernel of ``gomoku.core.vcf``), with
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
        return int(self.ctx.counters[TNODES])

    def run(self, kernel: Callable[..., Any], *args: int) -> int:
        """``kernel(grid, ctx, *args)`` within this solver's limits: the node limit
        set, the abort flag cleared, the deadline and stop event watched; what
        the kernel returned. ``self.ctx.counters[ABORT]`` says whether a limit came first."""
        ctx = self.ctx
        ctx.counters[ABORT] = 0
        ctx.options[NODE_LIMIT] = -1 if self.node_limit is None else self.node_limit
        with Watch(ctx.stop, deadline=self.deadline, stop=self.stop):
            return int(kernel(self.grid.state, ctx, *args))

    def find(self, attacker: int, max_depth: int = MAX_DEPTH, min_depth: int = 1) -> list[int] | None:
        """The shortest VCF line (cells, attacker first) within ``max_depth``
        attacking moves, or None. Raises SearchAborted at a limit."""
        self.searched_depth = max_depth
        found = self.run(kthreats.vcf, attacker, max_depth, min_depth)
        if self.ctx.counters[ABORT]:
            raise SearchAborted
        if found:
            return [int(i) for i in self.ctx.line[: self.ctx.counters[LINE_LEN]]]
        return None


class VCTSearch:
    """Threat-space search with threes too (VCT), on top of a VCFSearch (its
    grid, limits, node count and context are shared): the proof-number search
    of ``gomoku.core.prover``, however long the win.

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
        self.verdict = self.vcf.run(kproof.prove, attacker, self.tree_nodes, self.vcf_depth)
        if self.verdict == -1:
            raise SearchAborted
        if self.verdict == 1:
            return [int(i) for i in ctx.vline[: ctx.counters[VLINE_LEN]]]
        return None
