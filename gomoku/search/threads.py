"""Helper threads of a search (lazy SMP): more cores for one search, through
one shared transposition table.

A helper searches the same root moves as the search it helps, on its own
copy of the grid and with its own working memory (move lists, killers,
history, threat tables, the prover's tree), one depth ahead of it. It starts
with the search, while the main thread still proves the root's threats, and
``reroot`` narrows its moves when those proofs narrow the root's. What it
finds reaches the main search through the transposition table, whose arrays
both contexts share, as entries that cut the main search's next depth short
and as better first moves; and its last completed depth (``result``) gives
the move when the main search's time runs out short of that depth. The
kernels run without the GIL, so two searches take two cores.

Two threads may write the same table slot at once; an entry is seven array
writes, so a slot can then mix two positions' fields. With millions of slots
and a write taking nanoseconds that is rare enough to ignore, as chess engines
of this design do; a table move is played only on an empty cell of the same
layout, so it is at worst a poor first move, never an illegal one.

>>> from gomoku.board import Board
>>> from gomoku.search.layout import Grid
>>> from gomoku.core import context as K
>>> grid = Grid(Board(moves=[(0, 0), (5, 5), (1, 0), (5, 6)]))
>>> ctx = K.new_context(grid.size, 1 << 12, 1 << 12)
>>> ctx.options[K.WIDTH], ctx.options[K.ROOT_WIDTH] = 10, 20
>>> helper = Helper(grid.state, ctx, [int(q) for q in grid.candidates()[:6]])
>>> helper.ctx.tt_key is ctx.tt_key, helper.grid.cells is grid.state.cells
(True, False)
>>> import time
>>> helper.start(); helper.ahead_of(1)
>>> for _ in range(3000):  # it searches in the background: wait for its third depth
...     if helper.result is not None and helper.result[0] >= 3:
...         break
...     time.sleep(0.01)
>>> helper.stop()
>>> helper.result[0] >= 3 and helper.result[2][0] in grid.candidates()[:6]
True
>>> int(grid.state.hash[0]) == int(helper.grid.hash[0])   # its moves all taken back
True
"""

from __future__ import annotations

import threading

from gomoku.core import context as K
from gomoku.core import tree
from gomoku.core.grid import GRID_FIELDS, GridState
from gomoku.core.scores import MAX_PLY, WIN
from gomoku.core.struct import int64
from gomoku.search.params import PROOF_ENTRIES, TABLE_ENTRIES

__all__ = ["SHARED", "READ_ONLY", "copy_grid", "Helper"]

SHARED = ("tt_key", "tt_move", "tt_score", "tt_depth", "tt_flag", "tt_age", "tt_layout")
"""The context's arrays a helper shares with the search it helps: the transposition table."""
READ_ONLY = (
    "zob",
    "steps",
    "near_steps",
    "line",
    "codes",
    "combo_class",
    "combo_order",
    "combo_eval",
    "reach",
    "nn_index",
    "nn_embed",
    "nn_w1",
    "nn_b1",
    "nn_w2",
    "nn_head",
    "nn_pol_own",
    "nn_pol_opp",
    "nn_cell",
    "tempo",
)
"""The grid's arrays no move changes: a helper's grid shares them."""


def copy_grid(g: GridState) -> GridState:
    """A grid of its own with the same stones (the tables no move changes shared)."""
    return GridState(
        **{name: getattr(g, name) if name in READ_ONLY else getattr(g, name).copy() for name in GRID_FIELDS}
    )


class Helper:
    """One helper thread of a search on grid ``g`` with context ``ctx`` whose
    root moves are ``moves``: ``start()``, ``ahead_of(depth)`` as the main
    search completes its depths, ``stop()`` (waits for the thread)."""

    def __init__(self, g: GridState, ctx: K.Context, moves: list[int]) -> None:
        self.grid = copy_grid(g)
        size = g.cells.size
        own = K.new_context(size, 1024, TABLE_ENTRIES, PROOF_ENTRIES)
        self.ctx = own._replace(**{name: getattr(ctx, name) for name in SHARED})
        self.ctx.options[:] = ctx.options  # its counters start at 0, as the search's do
        self.ctx.options[K.NODE_LIMIT] = -1
        self.n = len(moves)
        self.ctx.moves[0, : self.n] = moves
        self.depth = 2
        """The depth the helper searches next."""
        self.result: tuple[int, int, list[int]] | None = None
        """The deepest depth the helper completed: (depth, score, principal variation)."""
        self._moves: list[int] | None = None
        """Root moves for its next depth (``reroot``), if they changed."""
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @property
    def nodes(self) -> int:
        """Tree and threat nodes searched so far."""
        return int(self.ctx.counters[K.NODES] + self.ctx.counters[K.TNODES])

    def ahead_of(self, depth: int) -> None:
        """The main search has completed ``depth``: the helper's next depth is past it."""
        with self._lock:
            self.depth = max(self.depth, depth + 2)

    def reroot(self, moves: list[int]) -> None:
        """Search only ``moves`` at the root from the next depth on (the main
        search narrowed its root to them); its result so far is dropped."""
        with self._lock:
            self._moves = list(moves)
            self.result = None

    def _run(self) -> None:
        ctx = self.ctx
        while ctx.stop[0] == 0:
            with self._lock:
                depth = self.depth
                self.depth += 1
                if self._moves is not None:
                    self.n = len(self._moves)
                    ctx.moves[0, : self.n] = self._moves
                    self._moves = None
            if depth > MAX_PLY:
                break
            ctx.counters[K.ABORT] = 0
            window = int64(WIN + 1)
            score = tree.root(self.grid, ctx, int64(depth), int64(self.n), -window, window)
            if ctx.counters[K.ABORT] != 0:
                break
            line = [int(q) for q in ctx.pv[0, : ctx.pv_len[0]]]
            if line:
                with self._lock:
                    self.result = (depth, int(score), line)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="gomoku-helper", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.ctx.stop[0] = 1
        if self._thread is not None:
            self._thread.join()
            self._thread = None
