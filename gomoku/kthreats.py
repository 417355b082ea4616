"""Threat-space search, compiled: VCF (a win by continuous fours) and VCT (fours
and open threes) on a ``kgrid.GridState`` with a ``kcontext.Context``.

In a VCF every attacking move makes a four, so the defender's reply is forced
and the tree branches on the attacker's side only. In a VCT the attacker may
also make an open three; the defender then has every reply that can matter:
each cell where the attacker would make a four (the blocks, far ones too) and
each four of its own (a counter-attack the attacker must answer). That reply
set is complete, so a win found is a real win.

Both keep a table of the positions disproven and to what depth, deepen
iteratively (the shortest win first), count their nodes in
``stats[TNODES]`` and unwind at once when ``stats[ABORT]`` is set (a node
limit or the stop flag). A win's line (cells, attacker first, one defender
reply at each step) is left in ``ctx.line`` (VCF) or ``ctx.vline`` (VCT).

>>> from gomoku.board import Board
>>> from gomoku.grid import Grid
>>> from gomoku.kcontext import new_context, LINE_LEN
>>> grid = Grid(Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)]))
>>> ctx = new_context(grid.size, 1024, 1 << 12)
>>> bool(vcf(grid.state, ctx, 1, 20, 1))
True
>>> [grid.point(i) for i in ctx.line[:ctx.stats[LINE_LEN]]][:1]
[(-1, 0)]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gomoku.kcontext import (ABORT, COMPLETE, GREW, LINE_LEN, NODE_LIMIT, NODES, TNODES, VCF_DEPTH,
                             VLINE_LEN, Context)
from gomoku.kgrid import GridState, find, first, pop, push
from gomoku.patterns import C_B4, C_B4F3, C_F3, C_F4, C_FIVE

SALT = np.array([0, 0x5DEECE66D1234567, 0x2545F4914F6CDD1D], dtype=np.uint64)
VCT_SALT = np.uint64(0x7F4A7C15F39CC060)


@njit(cache=True, nogil=True)
def tick(ctx: Context) -> bool:
    """Count a threat node; True when the search must unwind."""
    ctx.stats[TNODES] += 1
    limit = ctx.stats[NODE_LIMIT]
    if ctx.stop[0] != 0 or (limit >= 0 and ctx.stats[NODES] + ctx.stats[TNODES] >= limit):
        ctx.stats[ABORT] = 1
    return ctx.stats[ABORT] != 0


@njit(cache=True, nogil=True)
def ordered(g: GridState, s: int, cells: np.ndarray) -> np.ndarray:
    """``cells`` by ``s``'s ordering value, best first (lower cell first on ties)."""
    keys = np.empty(cells.size, dtype=np.int64)
    for j in range(cells.size):
        keys[j] = -np.int64(g.order[s, cells[j]]) * (1 << 32) + cells[j]
    return cells[np.argsort(keys)]


@njit(cache=True, nogil=True)
def _vcf_node(g: GridState, ctx: Context, s: int, depth: int, k: int) -> bool:
    # Recursive calls pass int64 arguments only (see ``_vct``).
    if g.count[s, C_FIVE] > 0:
        ctx.line[k] = first(g, s, C_FIVE)
        ctx.stats[LINE_LEN] = k + 1
        return True
    o = 3 - s
    if g.count[o, C_FIVE] > 0:
        if g.count[o, C_FIVE] > 1:
            return False
        block = first(g, o, C_FIVE)
        if g.cls[s, block] > C_B4:
            return False  # the forced block makes no four: the VCF ends
        moves = np.empty(1, dtype=np.int32)
        moves[0] = block
    else:
        if g.count[s, C_F4] + g.count[s, C_B4F3] + g.count[s, C_B4] == 0:
            return False
        moves = ordered(g, s, find(g, s, C_B4))
    if depth <= 1:
        ctx.stats[GREW] = 1
        return False
    mask = ctx.vcf_key.size - 1
    key = g.hash[0] ^ SALT[s]
    slot = key & mask
    if ctx.vcf_key[slot] == key and ctx.vcf_depth[slot] >= depth:
        if ctx.vcf_depth[slot] < COMPLETE:
            ctx.stats[GREW] = 1
        return False
    outer = ctx.stats[GREW]
    ctx.stats[GREW] = 0
    for q in moves:
        if tick(ctx):
            return False
        push(g, q)
        n = g.count[s, C_FIVE]
        if n != 1:
            # Two fives to block: the defender is lost (none: not a four).
            if n >= 2:
                r = first(g, s, C_FIVE)
                push(g, r)
                win = first(g, s, C_FIVE)
                pop(g)
                pop(g)
                ctx.line[k] = q
                ctx.line[k + 1] = r
                ctx.line[k + 2] = win
                ctx.stats[LINE_LEN] = k + 3
                return True
            pop(g)
            continue
        r = first(g, s, C_FIVE)
        push(g, r)
        found = _vcf_node(g, ctx, s, np.int64(depth - 1), np.int64(k + 2))
        pop(g)
        pop(g)
        if found:
            ctx.line[k] = q
            ctx.line[k + 1] = r
            ctx.stats[GREW] = 1
            return True
        if ctx.stats[ABORT] != 0:
            return False
    ctx.vcf_key[slot] = key
    ctx.vcf_depth[slot] = depth if ctx.stats[GREW] != 0 else COMPLETE
    if outer != 0:
        ctx.stats[GREW] = 1
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
        ctx.stats[GREW] = 0
        found = _vcf_node(g, ctx, np.int64(attacker), np.int64(depth), np.int64(0))
        if found or ctx.stats[ABORT] != 0 or ctx.stats[GREW] == 0 or depth >= max_depth:
            break
        # Every depth while cheap, then growing by half (a short win still comes first).
        depth = depth + 1 if depth < 6 else min(max_depth, depth + depth // 2)
    g.meta[0] = saved
    return found and ctx.stats[ABORT] == 0


@njit(cache=True, nogil=True)
def _copy_vcf_line(ctx: Context, k: int) -> None:
    n = ctx.stats[LINE_LEN]
    for j in range(n):
        ctx.vline[k + j] = ctx.line[j]
    ctx.stats[VLINE_LEN] = k + n


@njit(cache=True, nogil=True)
def _defence_cells(g: GridState, a: int) -> np.ndarray:
    """The defender's replies to an open four threat of ``a``: the cells where
    either side makes a four, the defender's best first."""
    d = 3 - a
    mine = find(g, d, C_B4)
    theirs = find(g, a, C_B4)
    both = np.concatenate((mine, theirs))
    both = np.unique(both)
    return ordered(g, d, both)


@njit(cache=True, nogil=True)
def _vct(g: GridState, ctx: Context, a: int, depth: int, k: int, attacking: int) -> bool:
    # Every recursive call passes int64 arguments: a literal or another integer type
    # here breaks numba's cached code for recursion (numba issue 6713).
    d = 3 - a
    if attacking == 0:
        # The defender to move against a pending threat of a.
        if g.count[d, C_FIVE] > 0:
            return False
        n = g.count[a, C_FIVE]
        if n >= 2:
            r = first(g, a, C_FIVE)
            push(g, r)
            ctx.vline[k] = r
            ctx.vline[k + 1] = first(g, a, C_FIVE)
            ctx.stats[VLINE_LEN] = k + 2
            pop(g)
            return True
        if n == 1:
            replies = np.empty(1, dtype=np.int32)
            replies[0] = first(g, a, C_FIVE)
        elif g.count[a, C_F4] > 0:
            replies = _defence_cells(g, a)
        else:
            return False
        # Best replies first (the likeliest refutation); the first reply's line is
        # kept aside while the others are searched, and put back at the end.
        kept = np.empty(0, dtype=np.int32)
        for j in range(replies.size):
            r = replies[j]
            if tick(ctx):
                return False
            push(g, r)
            won = _vct(g, ctx, a, np.int64(depth), np.int64(k + 1), np.int64(1))
            pop(g)
            if not won:
                return False
            if j == 0:
                kept = ctx.vline[k + 1: ctx.stats[VLINE_LEN]].copy()
        ctx.vline[k] = replies[0]
        ctx.vline[k + 1: k + 1 + kept.size] = kept
        ctx.stats[VLINE_LEN] = k + 1 + kept.size
        return True
    if g.count[a, C_FIVE] > 0:
        ctx.vline[k] = first(g, a, C_FIVE)
        ctx.stats[VLINE_LEN] = k + 1
        return True
    if g.count[d, C_FIVE] > 0:
        if g.count[d, C_FIVE] > 1:
            return False
        block = first(g, d, C_FIVE)
        if tick(ctx):
            return False
        push(g, block)
        won = (g.count[a, C_FIVE] > 0 or g.count[a, C_F4] > 0) and _vct(g, ctx, a, np.int64(depth), np.int64(k + 1), np.int64(0))
        pop(g)
        if won:
            ctx.vline[k] = block
        return won
    if g.count[a, C_F4] > 0:
        q = first(g, a, C_F4)
        push(g, q)
        r = first(g, a, C_FIVE)
        push(g, r)
        win = first(g, a, C_FIVE)
        pop(g)
        pop(g)
        ctx.vline[k] = q
        ctx.vline[k + 1] = r
        ctx.vline[k + 2] = win
        ctx.stats[VLINE_LEN] = k + 3
        return True
    if vcf(g, ctx, a, ctx.stats[VCF_DEPTH], 1):
        _copy_vcf_line(ctx, k)
        return True
    if depth <= 0 or ctx.stats[ABORT] != 0:
        return False
    mask = ctx.vct_key.size - 1
    key = g.hash[0] ^ SALT[a] ^ VCT_SALT
    slot = key & mask
    if ctx.vct_key[slot] == key and ctx.vct_depth[slot] >= depth:
        return False
    moves = ordered(g, a, find(g, a, C_F3))
    for q in moves:
        if tick(ctx):
            return False
        push(g, q)
        won = (g.count[a, C_FIVE] > 0 or g.count[a, C_F4] > 0) and _vct(g, ctx, a, np.int64(depth - 1), np.int64(k + 1), np.int64(0))
        pop(g)
        if won:
            ctx.vline[k] = q
            return True
        if ctx.stats[ABORT] != 0:
            return False
    ctx.vct_key[slot] = key
    ctx.vct_depth[slot] = depth
    return False


@njit(cache=True, nogil=True)
def vct(g: GridState, ctx: Context, attacker: int, max_depth: int) -> bool:
    """Whether ``attacker`` (taken to be the side to move) has a VCT of at most
    ``max_depth`` threat moves (a VCF of ``stats[VCF_DEPTH]`` moves at every
    attacker node); the line in ``ctx.vline``. The grid's turn is restored."""
    saved = g.meta[0]
    g.meta[0] = attacker
    found = False
    for depth in range(1, max_depth + 1):
        found = _vct(g, ctx, np.int64(attacker), np.int64(depth), np.int64(0), np.int64(1))
        if found or ctx.stats[ABORT] != 0:
            break
    g.meta[0] = saved
    return found and ctx.stats[ABORT] == 0
