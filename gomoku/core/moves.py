"""The tree's move choice (``gomoku.core.tree``): a node's moves and their
ordering values, the pick of the best one left, the quiet moves that set up a
threat of a threat, the stoppers of a VCT, and the late move reductions.

Layout: a node at ``ply`` lists its moves in ``ctx.moves[ply]`` and their
ordering values in ``ctx.scores[ply]`` (``context.Context``); ``pick`` sorts
them lazily, one at a time. The values, highest first: the transposition
table's move (``1 << 29`` added), the two killers of the ply (``1 << 20``,
``1 << 19``), then ``grid.order_value`` (the threat classes and patterns a
move makes and blocks) plus an eighth of its history (``ctx.history[s, q]``:
raised by the depth squared for a move that cuts off, lowered as much for the
quiet moves tried before it, within ``HISTORY_MAX``) and the learned move order's, if any.

>>> from gomoku.board import Board
>>> from gomoku.search.layout import Grid
>>> from gomoku.core.context import new_context
>>> grid = Grid(Board(moves=[(0, 0), (5, 5), (1, 0), (5, 6), (2, 0)]))
>>> ctx = new_context(grid.size, 1 << 10, 1 << 10)
>>> n, forced = node_moves(grid.state, ctx, 0, -1)
>>> sorted(grid.point(pick(ctx, 0, j, n)) for j in range(2))  # O blocks X's open three first
[(-1, 0), (3, 0)]
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from gomoku.core.caro import defences, is_caro
from gomoku.core.context import Context
from gomoku.core.grid import GridState, first, learned_order, order_value, pop_bare, push_bare
from gomoku.core.patterns import C_B4, C_B4F3, C_F3, C_F3F3, C_F4, C_FIVE
from gomoku.core.renju import banned

__all__ = [
    "QUIET",
    "SETUP_PLY",
    "SETUP_BONUS",
    "SETUP_MIN",
    "HISTORY_MAX",
    "node_moves",
    "setups",
    "doubles",
    "pick",
    "credit",
    "reduction",
    "stoppers",
]

QUIET = 400
"""Below this ordering value (an open three) a move threatens nothing (a killer, a setup)."""
SETUP_PLY = 1
"""Down to this ply, a quiet move that gives the side to move a new cell of
double threat (a double three, a four-three or two fours to make) is ordered
next to the open threes: the threat of a threat, which no pattern value sees."""
SETUP_BONUS = 450
"""Its ordering bonus (an open three's value is 400 and up)."""
SETUP_MIN = 6
"""The least ordering value of such a move: it makes at least a two (``patterns.ORDER_VALUE``)."""
HISTORY_MAX = 1 << 22
"""The history stays within plus or minus this: an eighth of it (its share of a
move's ordering value) is at most the second killer's bonus (``1 << 19``), and an
analysis of hours never overflows its int32."""


@njit(cache=True, nogil=True)
def node_moves(g: GridState, ctx: Context, ply: int, tt_move: int) -> tuple[int, bool]:
    """The moves of a node into ``ctx.moves[ply]``, unordered, with their ordering
    values in ``ctx.scores[ply]`` (``pick`` takes them best first): their
    number and whether they answer a threat (the block of a five, or the blocks
    and counter-fours against an open three), so that none may be narrowed away.
    Under renju black's forbidden cells are left out (none at all when the block
    of a five is one); under caro a five's blocks are all its ``caro.defences``."""
    s = g.meta[0]
    o = 3 - s
    moves = ctx.moves[ply]
    scores = ctx.scores[ply]
    if g.count[o, C_FIVE] > 0:
        if is_caro(g):
            # Caro: the five's cell, or a stone that blocks the run's other end.
            blocks = defences(g, o)
            for j in range(blocks.size):
                moves[j] = blocks[j]
                scores[j] = 0
            return blocks.size, True
        q = first(g, o, C_FIVE)
        if banned(g, s, q):
            return 0, True
        moves[0] = q
        scores[0] = 0
        return 1, True
    forb = g.forb
    ban = s == 1 and forb.size > 1
    threat = g.count[o, C_F4] > 0
    n = 0
    k1 = ctx.killers[ply, 0]
    k2 = ctx.killers[ply, 1]
    learned = g.nn_pol_own.size > 1  # a learned move order (``grid.learned_order``)
    for j in range(g.meta[2]):
        q = g.cand[j]
        if threat and g.cls[s, q] > C_B4 and g.cls[o, q] > C_B4:
            continue
        if ban and forb[q] != 0:
            continue
        v = order_value(g, s, q) + ctx.history[s, q] // 8
        if learned:
            v += learned_order(g, s, q)
        if q == tt_move:
            v += 1 << 29
        elif q == k1:
            v += 1 << 20
        elif q == k2:
            v += 1 << 19
        moves[n] = q
        scores[n] = v
        n += 1
    if ply <= SETUP_PLY and not threat:
        # Cells are tried only now: a move and its take-back reorder ``g.cand``.
        base = doubles(g, s)
        for j in range(n):
            q = moves[j]
            if _sets_up(g, s, q, base):
                scores[j] += SETUP_BONUS
    return n, threat


@njit(cache=True, nogil=True)
def _sets_up(g: GridState, s: int, q: int, base: int) -> bool:
    """Whether ``q`` is a quiet move (no three for either side) that gives ``s``
    more cells of double threat than ``base`` (``doubles`` before): a threat
    of a threat. Only a move that makes at least a two may (``SETUP_MIN``)."""
    v = g.order[s, q]
    if v < SETUP_MIN or v >= QUIET or g.order[3 - s, q] >= QUIET:
        return False
    push_bare(g, q)  # a look one move ahead, taken back: the learned sums wait
    made = doubles(g, s) > base
    pop_bare(g)
    return made


@njit(cache=True, nogil=True)
def setups(g: GridState, s: int) -> np.ndarray:
    """The candidate cells where ``s`` sets up a threat of a threat
    (``_sets_up``), as ``grid.find`` gives cells.

    >>> from gomoku.board import Board
    >>> from gomoku.search.layout import Grid
    >>> board = Board(moves=[(0, 0), (10, 10), (2, 0), (10, 12), (1, 2), (10, 14)])
    >>> grid = Grid(board)        # X to move: (1, 0) would make an open three
    >>> (1, 3) in {grid.point(q) for q in setups(grid.state, 1)}
    True
    >>> (1, 3) in {grid.point(q) for q in setups(grid.state, 2)}
    False

    Then (1, 0) makes two open threes for X: a double three to come.
    """
    base = doubles(g, s)
    cells = g.cand[: g.meta[2]].copy()  # a move and its take-back reorder ``g.cand``
    out = np.empty(cells.size, dtype=np.int32)
    m = 0
    for q in cells:
        if _sets_up(g, s, q, base):
            out[m] = q
            m += 1
    return out[:m]


@njit(cache=True, nogil=True)
def doubles(g: GridState, s: int) -> int:
    """Cells where ``s`` would make a double threat (an open four, two fours, a
    four-three or a double three)."""
    return g.count[s, C_F4] + g.count[s, C_B4F3] + g.count[s, C_F3F3]


@njit(cache=True, nogil=True)
def pick(ctx: Context, ply: int, i: int, n: int) -> int:
    """Bring the best of moves ``i`` to ``n - 1`` to place ``i`` (ties: the lower
    cell) and return it. A node picks its moves one at a time: most nodes are
    cut off after their first move or two, and never sort the rest."""
    moves = ctx.moves[ply]
    scores = ctx.scores[ply]
    b = i
    for j in range(i + 1, n):
        if scores[j] > scores[b] or (scores[j] == scores[b] and moves[j] < moves[b]):
            b = j
    if b != i:
        moves[i], moves[b] = moves[b], moves[i]
        scores[i], scores[b] = scores[b], scores[i]
    return moves[i]


@njit(cache=True, nogil=True)
def credit(ctx: Context, s: int, q: int, amount: int) -> None:
    """Add ``amount`` (a malus if negative) to the history of ``s`` at ``q``,
    within ``HISTORY_MAX`` either way.

    >>> from gomoku.core.context import new_context
    >>> ctx = new_context(64, 1 << 10, 1 << 10)
    >>> ctx.history[1, 5] = HISTORY_MAX - 10
    >>> credit(ctx, 1, 5, 144); credit(ctx, 2, 5, -144); credit(ctx, 2, 5, -HISTORY_MAX)
    >>> int(ctx.history[1, 5]) == HISTORY_MAX, int(ctx.history[2, 5]) == -HISTORY_MAX
    (True, True)
    """
    h = ctx.history[s, q] + amount
    ctx.history[s, q] = min(max(h, -HISTORY_MAX), HISTORY_MAX)


@njit(cache=True, nogil=True)
def reduction(depth: int, j: int, lmr: int, history: int) -> int:
    """Plies the ``j``-th move (from 0) of a node ``depth`` plies from the
    leaves is first searched shallower (``lmr``: ``options[LMR]``, the divisor): more the later
    and the deeper, a ply less for a quiet move whose ``history`` is above zero
    (it tends to cut off), a ply more below zero (0 for a threat).

    >>> [reduction(8, j, 5, 0) for j in (2, 5, 10)]
    [3, 7, 10]
    >>> reduction(8, 5, 5, 64), reduction(8, 5, 5, -64), reduction(2, 2, 5, 64)
    (6, 8, 0)
    """
    r = int(0.6 + math.log(depth) * math.log(j) * 10 / lmr)
    if history > 0:
        r -= 1
    elif history < 0:
        r += 1
    return max(r, 0)


@njit(cache=True, nogil=True)
def stoppers(g: GridState, ctx: Context, ply: int, n: int, length: int) -> int:
    """Keep, of the ``n`` moves of ``ctx.moves[ply]``, those that may stop the
    opponent's VCT whose main line (``length`` cells) is in ``ctx.vline``: its
    cells, the cells where either side makes a four or an open three, and those
    where the side to move sets up a double threat. Their number."""
    s = g.meta[0]
    o = 3 - s
    moves = ctx.moves[ply]
    scores = ctx.scores[ply]
    kept = 0
    base = doubles(g, s)
    for j in range(n):
        q = moves[j]
        keep = g.cls[s, q] <= C_F3 or g.cls[o, q] <= C_F3 or _sets_up(g, s, q, base)
        if not keep:
            for t in range(length):
                if ctx.vline[t] == q:
                    keep = True
                    break
        if keep:
            moves[kept] = q
            scores[kept] = scores[j]
            kept += 1
    return kept
