"""Caro in the compiled search: the answers to a five.

Under caro (Gomocup rule 8) a five whose two ends hold the opponent's stones
does not win. The pattern tables know it (``patterns.tables(exact, caro=True)``:
a cell where that five would be is no five, a four that can only become one is
no four). What the tables cannot say is how a five is stopped: under the other
rules the only answer to a five is the stone on its cell, and two fives are
lost; under caro a stone at the far end of the run the five would make stops
it too when the near end is the opponent's already (``OXXXX..``: O at either
empty cell), and one such stone may stop two fives (``.XXXX.O``: O at the left
end). ``defences`` finds every answer, and the searches (the tree's moves,
the quiescence, the VCF, the VCT prover, the root) take them under caro.

>>> from gomoku.board import Board, Rules
>>> from gomoku.search.layout import Grid
>>> moves = [(0, 0), (-1, 0), (1, 0), (9, 9), (2, 0), (9, 7), (3, 0)]   # OXXXX, O to move
>>> grid = Grid(Board(Rules.preset("caro"), moves=moves))
>>> is_caro(grid.state), sorted(grid.point(int(i)) for i in defences(grid.state, 1))
(True, [(4, 0), (5, 0)])
>>> grid = Grid(Board(Rules.preset("freestyle"), moves=moves))
>>> is_caro(grid.state), sorted(grid.point(int(i)) for i in defences(grid.state, 1))
(False, [(4, 0)])
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gomoku.core.grid import EMPTY, NCAND, TURN, GridState, move
from gomoku.core.patterns import C_FIVE

__all__ = ["is_caro", "defences"]


@njit(cache=True, nogil=True)
def is_caro(g: GridState) -> bool:
    """Whether the grid plays caro (its tables' mark, ``patterns.CARO_MARK``)."""
    return g.line[0, 0] == 1


@njit(cache=True, nogil=True)
def _add(cells: np.ndarray, m: int, q: int) -> int:
    for t in range(m):
        if cells[t] == q:
            return m
    cells[m] = q
    return m + 1


@njit(cache=True, nogil=True)
def defences(g: GridState, a: int) -> np.ndarray:
    """The empty cells where a stone of ``a``'s opponent leaves ``a`` no five: the
    cells of ``a``'s fives, and the empty ends of the runs of five or more they
    would make whose other end is the opponent's, each tried (a stone there, the
    threat counts read, the stone taken back; a lone five's own cell needs no
    try). Empty when ``a`` has no five to stop or two that no one stone stops.
    Any rule's grid; the searches call it under caro only."""
    cand, cls, cells, steps = g.cand, g.cls, g.cells, g.steps
    size = cells.size
    o = 3 - a
    fives = g.count[a, C_FIVE]
    tried = np.empty(9 * fives + 1, dtype=np.int64)
    m = 0
    for j in range(g.meta[NCAND]):
        f = cand[j]
        if cls[a, f] != C_FIVE:
            continue
        m = _add(tried, m, f)
        for d in range(4):
            step = steps[d]
            lo = f - step
            while 0 <= lo < size and cells[lo] == a:
                lo -= step
            hi = f + step
            while 0 <= hi < size and cells[hi] == a:
                hi += step
            if (hi - lo) // step - 1 < 5 or not (0 <= lo < size and 0 <= hi < size):
                continue
            if cells[lo] == EMPTY and cells[hi] == o:
                m = _add(tried, m, lo)
            elif cells[hi] == EMPTY and cells[lo] == o:
                m = _add(tried, m, hi)
    out = np.empty(m, dtype=np.int64)
    n = 0
    saved = g.meta[TURN]
    g.meta[TURN] = o
    for t in range(m):
        if fives == 1 and t == 0:
            stopped = True  # the lone five's own cell: an opponent's stone makes no five of a's
        else:
            move(g, tried[t], 1, False)
            stopped = g.count[a, C_FIVE] == 0
            move(g, -1, -1, False)
        if stopped:
            out[n] = tried[t]
            n += 1
    g.meta[TURN] = saved
    return out[:n]
