"""Threat-space search, compiled: VCF (a win by continuous fours) on a
``grid.GridState`` with a ``context.Context``. (Wins that need open threes
too, VCTs, are proven by ``gomoku.core.prover``.)

In a VCF every attacking move makes a four, so the defender's reply is forced
and the tree branches on the attacker's side only. A table keeps the
positions disproven and to what depth; the search deepens iteratively (the
shortest win first), counts its nodes in ``counters[TNODES]`` and unwinds at
once when ``counters[ABORT]`` is set (a node limit or the stop flag). A win's
line (cells, attacker first, the defender's forced replies between) is left
in ``ctx.line``.

>>> from gomoku.board import Board
>>> from gomoku.search.layout import Grid
>>> from gomoku.core.context import new_context, LINE_LEN
>>> grid = Grid(Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)]))
>>> ctx = new_context(grid.size, 1024, 1 << 12)
>>> bool(vcf(grid.state, ctx, 1, 20, 1))
True
>>> [grid.point(i) for i in ctx.line[:ctx.counters[LINE_LEN]]][:1]
[(-1, 0)]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gomoku.core.caro import defences, is_caro
from gomoku.core.context import ABORT, COMPLETE, GREW, LINE_LEN, MAX_VCF, NODE_LIMIT, NODES, TNODES, Context
from gomoku.core.grid import GridState, first, five_near, pop_bare, push_bare
from gomoku.core.patterns import C_B4, C_B4F3, C_F4, C_FIVE
from gomoku.core.renju import banned
from gomoku.core.struct import int64

__all__ = ["SALT", "tick", "vcf"]

SALT = np.array([0, 0x5DEECE66D1234567, 0x2545F4914F6CDD1D], dtype=np.uint64)


@njit(cache=True, nogil=True)
def tick(ctx: Context, counter: int) -> bool:
    """Count a node in ``counters[counter]`` (``NODES`` for the tree, ``TNODES`` for
    the threat searches); True when the search must unwind (node limit, stop flag)."""
    ctx.counters[counter] += 1
    limit = ctx.options[NODE_LIMIT]
    if ctx.stop[0] != 0 or (limit >= 0 and ctx.counters[NODES] + ctx.counters[TNODES] >= limit):
        ctx.counters[ABORT] = 1
    return ctx.counters[ABORT] != 0


@njit(cache=True, nogil=True)
def _vcf_node(g: GridState, ctx: Context, s: int, depth: int, k: int) -> bool:
    # Recursive calls pass int64 arguments only (see ``_vct``).
    if g.count[s, C_FIVE] > 0:
        ctx.line[k] = first(g, s, C_FIVE)
        ctx.counters[LINE_LEN] = k + 1
        return True
    o = 3 - s
    level = min(k // 2, MAX_VCF)
    moves = ctx.threat_moves[level]
    caro = is_caro(g)
    if g.count[o, C_FIVE] > 0 and caro:
        # Caro: of the stones that stop the defender's five, those that make a four.
        n = 0
        blocks = defences(g, o)
        for t in range(blocks.size):
            if g.cls[s, blocks[t]] <= C_B4:
                moves[n] = blocks[t]
                n += 1
        if n == 0:
            return False
    elif g.count[o, C_FIVE] > 0:
        if g.count[o, C_FIVE] > 1:
            return False
        block = first(g, o, C_FIVE)
        if g.cls[s, block] > C_B4:
            return False  # the forced block makes no four: the VCF ends
        moves[0] = block
        n = 1
    else:
        if g.count[s, C_F4] + g.count[s, C_B4F3] + g.count[s, C_B4] == 0:
            return False
        # The fours, best first (insertion by ordering value; there are few).
        cand, cls, order = g.cand, g.cls, g.order
        n = 0
        for j in range(g.meta[2]):
            q = cand[j]
            if cls[s, q] <= C_B4:
                v = order[s, q]
                i = n
                while i > 0 and (order[s, moves[i - 1]] < v or (order[s, moves[i - 1]] == v and moves[i - 1] > q)):
                    moves[i] = moves[i - 1]
                    i -= 1
                moves[i] = q
                n += 1
    if depth <= 1:
        ctx.counters[GREW] = 1
        return False
    mask = ctx.vcf_key.size - 1
    key = g.hash[0] ^ SALT[s]
    slot = key & mask
    if ctx.vcf_key[slot] == key and ctx.vcf_depth[slot] >= depth:
        if ctx.vcf_depth[slot] < COMPLETE:
            ctx.counters[GREW] = 1
        return False
    outer = ctx.counters[GREW]
    ctx.counters[GREW] = 0
    for t in range(n):
        q = moves[t]
        if tick(ctx, TNODES):
            return False
        push_bare(g, q)
        n = g.count[s, C_FIVE]
        if caro and n > 0:
            # Caro: a four may have two answers (its cell, a block at the run's end); the
            # VCF needs a win after each. None: the four wins as two fives do.
            replies = defences(g, s)
            n = 1 if replies.size > 0 else 2
        if n != 1:
            # Two fives to block: the defender is lost (none: not a four).
            if n >= 2:
                r = first(g, s, C_FIVE)
                push_bare(g, r)
                win = first(g, s, C_FIVE)
                pop_bare(g)
                pop_bare(g)
                ctx.line[k] = q
                ctx.line[k + 1] = r
                ctx.line[k + 2] = win
                ctx.counters[LINE_LEN] = k + 3
                return True
            pop_bare(g)
            continue
        if caro and replies.size > 1:
            found = True
            for u in range(replies.size - 1, -1, -1):  # the five's own cell, found first, last
                r = replies[u]
                push_bare(g, r)
                found = _vcf_node(g, ctx, s, int64(depth - 1), int64(k + 2))
                pop_bare(g)
                if not found:
                    break
            pop_bare(g)
            if found:
                ctx.line[k] = q
                ctx.line[k + 1] = r
                ctx.counters[GREW] = 1
                return True
            if ctx.counters[ABORT] != 0:
                return False
            continue
        r = replies[0] if caro else five_near(g, s)
        if banned(g, o, r):
            # Renju: black's only block is forbidden, white's five comes (the line ends on the four).
            pop_bare(g)
            ctx.line[k] = q
            ctx.counters[LINE_LEN] = k + 1
            return True
        push_bare(g, r)
        found = _vcf_node(g, ctx, s, int64(depth - 1), int64(k + 2))
        pop_bare(g)
        pop_bare(g)
        if found:
            ctx.line[k] = q
            ctx.line[k + 1] = r
            ctx.counters[GREW] = 1
            return True
        if ctx.counters[ABORT] != 0:
            return False
    ctx.vcf_key[slot] = key
    ctx.vcf_depth[slot] = depth if ctx.counters[GREW] != 0 else COMPLETE
    if outer != 0:
        ctx.counters[GREW] = 1
    return False


@njit(cache=True, nogil=True)
def vcf(g: GridState, ctx: Context, attacker: int, max_depth: int, min_depth: int) -> bool:
    """Whether ``attacker`` (taken to be the side to move) has a VCF of at most
    ``max_depth`` attacking moves; the line in ``ctx.line``. The grid's turn is
    restored; on an abort the grid is as it was and the result is False."""
    saved = g.meta[0]
    g.meta[0] = attacker
    found = False
    depth = min_depth
    while True:
        ctx.counters[GREW] = 0
        found = _vcf_node(g, ctx, int64(attacker), int64(depth), int64(0))
        if found or ctx.counters[ABORT] != 0 or ctx.counters[GREW] == 0 or depth >= max_depth:
            break
        # Every depth while cheap, then growing by half (a short win still comes first).
        depth = depth + 1 if depth < 6 else min(max_depth, depth + depth // 2)
    g.meta[0] = saved
    return found and ctx.counters[ABORT] == 0
