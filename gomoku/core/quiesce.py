"""The tree's quiescence search (``options[QUIESCE]`` > 0): what a leaf is worth
once the side to move's fours have been played out.

A leaf's static evaluation cannot see a four: one that wins a tempo (its
forced block costs the opponent a move, and the stone stays) without winning
outright is invisible to it, and the leaf's short VCF asks only whether the
fours win. The quiescence returns a value instead (the idea of Rapfi's
``vcfsearch``, written anew here):

* the side to move may *stand pat* on the evaluation, or play one of its fours;
* the opponent's reply to a four is forced: the block of the five (or its own
  five, or a loss when two fives are open), searched without a choice, and a
  block that makes a four of its own is answered the same way;
* the value is the best of the stand pat and the fours' values, within
  (alpha, beta): a stand pat at or above beta cuts at once.

A four and its block are two plies, so the evaluation is read with the same
side to move as at the leaf: the quiescence adds no parity of its own. The
first level (the leaf) tries every four of the side to move; the deeper ones
only the fours on the lines through its last stone (the VCF's continuation),
``options[QUIESCE]`` fours at most along a line. Wins it finds are proven (every
reply was forced). Its nodes count as tree nodes (``NODES``) and in
``counters[QNODES]``.

>>> from gomoku.board import Board
>>> from gomoku.search.layout import Grid
>>> from gomoku.core.context import new_context
>>> from gomoku.core.scores import WIN_THRESHOLD
>>> grid = Grid(Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9), (3, 0), (9, 8)]))
>>> ctx = new_context(grid.size, 1 << 10, 1 << 10)
>>> bool(quiesce(grid.state, ctx, -10**6, 10**6, 1, 4, 1) > WIN_THRESHOLD)   # X makes five
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gomoku.core.caro import defences, is_caro
from gomoku.core.context import ABORT, NODES, QNODES, SELDEPTH, Context
from gomoku.core.grid import EMPTY, HEIGHT, NCAND, GridState, evaluate, first, five_near, pop, pop_bare, push, push_bare
from gomoku.core.patterns import C_B4, C_B4F3, C_F4, C_FIVE
from gomoku.core.renju import unblockable
from gomoku.core.scores import MAX_PLY, WIN
from gomoku.core.struct import int64
from gomoku.core.vcf import tick

__all__ = ["learned", "quiesce"]


@njit(cache=True, nogil=True)
def learned(g: GridState) -> bool:
    """Whether the grid has a learned value or move order whose sums its moves keep
    (``grid.push``); without one the moves are ``push_bare``'s, which cost less."""
    return g.nn_b1.size > 0 or g.nn_pol_own.size > 1


@njit(cache=True, nogil=True)
def _insert(moves: np.ndarray, n: int, q: int, rank: np.ndarray) -> int:
    """``q`` put among the ``n`` moves kept best first by ``rank`` (the higher first, the
    lower cell first on a tie); the new number."""
    v = rank[q]
    k = n
    while k > 0 and (rank[moves[k - 1]] < v or (rank[moves[k - 1]] == v and moves[k - 1] > q)):
        moves[k] = moves[k - 1]
        k -= 1
    moves[k] = q
    return n + 1


@njit(cache=True, nogil=True)
def _fours(g: GridState, ctx: Context, s: int, ply: int, near: bool) -> int:
    """The cells where ``s`` makes a four (not an open four: that wins at once),
    best first, into ``ctx.moves[ply]``; their number. ``near``: only those on
    the four lines through ``s``'s last stone (two plies back), within four cells."""
    moves = ctx.moves[ply]
    cls, order = g.cls, g.order
    n = 0
    if near:
        h = g.meta[HEIGHT]
        if h < 2:
            return 0
        i = g.stack[h - 2]
        cells, steps = g.cells, g.steps
        size = cells.size
        for d in range(4):
            step = steps[d]
            for t in range(-4, 5):
                q = i + t * step
                if t == 0 or q < 0 or q >= size or cells[q] != EMPTY:
                    continue
                c = cls[s, q]
                if c == C_B4F3 or c == C_B4:
                    n = _insert(moves, n, q, order[s])
        return n
    cand = g.cand
    for j in range(g.meta[NCAND]):
        q = cand[j]
        c = cls[s, q]
        if c == C_B4F3 or c == C_B4:
            n = _insert(moves, n, q, order[s])
    return n


@njit(cache=True, nogil=True)
def _line(ctx: Context, ply: int, q: int) -> None:
    """The line at ``ply``: ``q``, then the line found below it."""
    ctx.pv[ply, 0] = q
    m = ctx.pv_len[ply + 1]
    for t in range(m):
        ctx.pv[ply, t + 1] = ctx.pv[ply + 1, t]
    ctx.pv_len[ply] = m + 1


@njit(cache=True, nogil=True)
def quiesce(g: GridState, ctx: Context, alpha: int, beta: int, ply: int, left: int, top: int) -> int:
    """The value for the side to move within (alpha, beta), its fours played out
    (``left`` of them at most along a line); the line in ``ctx.pv[ply]``. ``top``
    1: the node is a leaf of the tree, counted there already, and every four is
    tried (recursive calls pass int64 arguments only: see ``gomoku.core.tree``)."""
    ctx.pv_len[ply] = 0
    if top == 0:
        if tick(ctx, NODES):
            return 0
        ctx.counters[QNODES] += 1
        if ply > ctx.counters[SELDEPTH]:
            ctx.counters[SELDEPTH] = ply
    s = g.meta[0]
    o = 3 - s
    if g.count[s, C_FIVE] > 0:
        ctx.pv[ply, 0] = first(g, s, C_FIVE)
        ctx.pv_len[ply] = 1
        return WIN - ply - 1
    fives = g.count[o, C_FIVE]
    if fives > 0 and is_caro(g):
        # Caro: every stone that stops the five (its cell, a block at the run's end) is tried.
        blocks = defences(g, o)
        if blocks.size == 0:
            ctx.pv[ply, 0] = first(g, o, C_FIVE)
            ctx.pv_len[ply] = 1
            return -(WIN - ply - 2)
        if ply >= MAX_PLY - 1:
            return evaluate(g)
        lrn = learned(g)
        best = -WIN - 1
        for t in range(blocks.size):
            b = blocks[t]
            if lrn:
                push(g, b)
            else:
                push_bare(g, b)
            score = -quiesce(g, ctx, int64(-beta), int64(-alpha), int64(ply + 1), int64(left), int64(0))
            if lrn:
                pop(g)
            else:
                pop_bare(g)
            if ctx.counters[ABORT] != 0:
                return 0
            if score > best:
                best = score
                _line(ctx, ply, b)
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best
    if fives > 1 or (fives == 1 and unblockable(g, s)):
        ctx.pv[ply, 0] = first(g, o, C_FIVE)
        ctx.pv_len[ply] = 1
        return -(WIN - ply - 2)
    if ply >= MAX_PLY - 1:
        return evaluate(g)
    lrn = learned(g)
    if fives == 1:
        # The block is forced: no stand pat, no choice.
        b = five_near(g, o)
        if lrn:
            push(g, b)
        else:
            push_bare(g, b)
        score = -quiesce(g, ctx, int64(-beta), int64(-alpha), int64(ply + 1), int64(left), int64(0))
        if lrn:
            pop(g)
        else:
            pop_bare(g)
        if ctx.counters[ABORT] != 0:
            return 0
        _line(ctx, ply, b)
        return score
    if g.count[s, C_F4] > 0:
        ctx.pv[ply, 0] = first(g, s, C_F4)
        ctx.pv_len[ply] = 1
        return WIN - ply - 3
    best = evaluate(g)
    if best >= beta or left <= 0 or g.count[s, C_B4F3] + g.count[s, C_B4] == 0:
        return best
    if best > alpha:
        alpha = best
    n = _fours(g, ctx, s, ply, top == 0)
    for t in range(n):
        q = ctx.moves[ply, t]
        if lrn:
            push(g, q)
        else:
            push_bare(g, q)
        score = -quiesce(g, ctx, int64(-beta), int64(-alpha), int64(ply + 1), int64(left - 1), int64(0))
        if lrn:
            pop(g)
        else:
            pop_bare(g)
        if ctx.counters[ABORT] != 0:
            return 0
        if score > best:
            best = score
            _line(ctx, ply, q)
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best
