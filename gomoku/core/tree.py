"""The compiled tree search: negamax principal-variation search on a
``grid.GridState`` with a ``context.Context`` (transposition table, killers,
history, the triangular PV table, the counters and the stop flag).

Move choice at a node, most forcing first:

* a five to make: the node is won;
* the opponent's five to block: the only move, searched without using up
  depth, since it is forced;
* an open four (or two fours) to make: won in three plies;
* near the root (plies 1 to 3, two plies or more from the leaves) a VCT of
  the side to move, proven within ``options[NODE_VCT]`` threat nodes (four times
  that at ply 1): the node is won;
* the opponent can make an open four next: only the cells where either side
  makes a four (the blocks and the counter-fours), none narrowed away;
* the threat of a threat (down to ply ``options[PASS_CHECK]``): if the opponent
  would have a VCT were the side to move to pass, only the moves that may stop
  it, none narrowed away: the cells of its main line, those where either side
  makes a four or an open three, and those where the side to move sets up a
  double threat (below). A quiet move that sets up such a VCT is
  then seen to win two plies later, not only when the VCT starts;
* otherwise the candidate cells (empty, within two of a stone), ordered by the
  table's move, the killers, then pattern value (the combinations of
  ``gomoku.core.patterns`` included) and history (raised for a move that cuts
  off, lowered for the quiet moves tried before it), narrowed to the best
  ``options[WIDTH]`` (``options[ROOT_WIDTH]`` at the root). Down to ply
  ``moves.SETUP_PLY``, a quiet move that sets up a double threat (a new cell where
  the side to move would make a double three, a four-three or two fours) is
  ordered next to the open threes. From the third move on, a move is first
  searched shallower, by more plies the later it comes and the deeper the
  node (late move reductions), threats too: the ordering puts the moves that
  matter first, and a move that beats alpha shallow is searched again in full.
  A quiet move is reduced a ply less when its history is above zero, a ply
  more when below.

Reverse futility pruning (with ``options[FUTILITY]`` > 0; off by default): a
node searched with a null window, ``FUTILITY_DEPTH`` plies or fewer from the
leaves and past the plies of the threat of a threat (``options[PASS_CHECK]``),
where the opponent has nothing forced to play (as for the null move, below),
is cut when its static value less ``options[FUTILITY]`` a ply still holds beta.

Null move pruning (with ``options[NULL_MOVE]`` > 0; off by default): a node
searched with a null window, ``NULL_DEPTH`` plies or more from the leaves,
where the opponent has no four to block, cannot make an open four or another
double threat next, and whose static value holds beta, first lets the opponent
move twice (``options[NULL_MOVE] + depth // 4`` plies shallower than its moves);
if the side to move still holds beta, the node is cut. Gomoku has no
zugzwang: a stone never hurts its owner, so a free move given away only costs.
The opponent's threats are what it misses, hence the conditions.

Three more options, off by default, screened for issue 52 (docs/log.md): with
``options[AVERAGE]`` a leaf is worth the mean of its evaluation and its
parent's (each node keeps its static value in ``ctx.statics``), so that the
side to move's tempo is counted once a ply rather than at every other depth;
with ``options[LMR_FLOOR]`` a reduced search keeps at least one ply; with
``options[SINGULAR]`` (a margin a ply) a node ``SINGULAR_DEPTH`` or more from
the leaves, within twice the root's depth, whose table move holds a lower
bound first searches its other moves half as deep against the table's score
less the margin (``ctx.excluded`` names the move left out; such a search
neither cuts on nor stores in the table): if all fail below, the table's move
is searched a ply deeper; if the bound holds beta anyway, the node is cut
(multi-cut).

A node past the tree's depth whose side to move must answer an open three is
not a leaf yet: its blocks and counter-fours are searched, ``options[THREAT_EXT]``
plies at most (a leaf's evaluation cannot tell whose tempo the three costs).
A node that narrowed its moves (the width, or only the stoppers of a VCT) and
found every move it searched lost reports a likely loss (``-LIKELY``), not a
proven one: a move it never searched may hold. Only proven scores stop the
search at the root.

At the leaves, a short VCF for the side to move (``options[LEAF_VCF]`` threat
nodes while the leaves' VCFs cost no more than the tree), then the static
evaluation; with ``options[QUIESCE]``, where the side to move has a four to
make, the quiescence's value instead (``gomoku.core.quiesce``: stand pat or
play the fours, the blocks forced). A node VCT that finds no proof is remembered in the VCF table
(salted apart, with its budget): the next depth, which meets the same nodes
near the root again, does not pay for it twice. Every recursive call passes
int64 arguments only (numba issue 6713: another integer type there breaks the
cached code).

>>> from gomoku.board import Board
>>> from gomoku.search.layout import Grid
>>> from gomoku.core.context import new_context, ROOT_WIDTH, WIDTH
>>> grid = Grid(Board(moves=[(0, 0), (-1, 0), (1, 0), (5, 6), (2, 0), (5, 7), (3, 0)]))
>>> ctx = new_context(grid.size, 1 << 12, 1 << 12)
>>> ctx.options[WIDTH], ctx.options[ROOT_WIDTH] = 14, 24
>>> n = root_moves(grid.state, ctx)
>>> score = root(grid.state, ctx, 2, n, -WIN - 1, WIN + 1)
>>> grid.point(ctx.pv[0, 0])              # O must block X's four
(4, 0)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gomoku.core.caro import defences, is_caro
from gomoku.core.context import (
    ABORT,
    AGE,
    AVERAGE,
    CUTOFFS,
    EXACT,
    FUTILITY,
    IN_NULL,
    LAYOUT,
    LEAF_TNODES,
    LEAF_VCF,
    LINE_LEN,
    LMR,
    LMR_FLOOR,
    LOWER,
    NODE_LIMIT,
    NODE_VCT,
    NODES,
    NULL_MOVE,
    PASS_CHECK,
    QUIESCE,
    ROOT_DEPTH,
    ROOT_WIDTH,
    SELDEPTH,
    SINGULAR,
    THREAT_EXT,
    TNODES,
    UPPER,
    VLINE_LEN,
    WIDTH,
    Context,
)
from gomoku.core.grid import GridState, evaluate, first, pop, pop_bare, push, push_bare
from gomoku.core.moves import QUIET, credit, doubles, node_moves, pick, reduction, stoppers
from gomoku.core.patterns import C_B4, C_B4F3, C_F3, C_F3F3, C_F4, C_FIVE
from gomoku.core.prover import prove
from gomoku.core.quiesce import learned as uses_learned
from gomoku.core.quiesce import quiesce
from gomoku.core.renju import unblockable
from gomoku.core.scores import LIKELY, MAX_PLY, WIN, WIN_THRESHOLD
from gomoku.core.struct import int64
from gomoku.core.vcf import tick, vcf

__all__ = [
    "PLY1_VCT",
    "FUTILITY_DEPTH",
    "NODE_VCT_SALT",
    "NULL_DEPTH",
    "SINGULAR_DEPTH",
    "NULL_SALT",
    "negamax",
    "root_moves",
    "root",
    "remember_root",
]

PLY1_VCT = 4
"""How many times the usual VCT budget the opponent's answer to a root move gets."""
NULL_DEPTH = 3
"""Null move pruning (``options[NULL_MOVE]``) from this depth on."""
SINGULAR_DEPTH = 6
"""Singular extensions (``options[SINGULAR]``) from this depth on, for a table move
stored at most 3 plies shallower."""
FUTILITY_DEPTH = 3
"""Reverse futility pruning (``options[FUTILITY]``) up to this depth."""
NULL_SALT = np.uint64(0x9E3779B97F4A7C15)
"""The hash's salt below a null move: the same stones with the other side to move."""
NODE_VCT_SALT = np.array([0, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1], dtype=np.uint64)
"""Salts of the VCF table's entries that say: a node VCT of this budget found no proof here."""


@njit(cache=True, nogil=True)
def _tt_probe(g: GridState, ctx: Context) -> int:
    """The slot of the position in the table, or -1."""
    key = g.hash[0]
    slot = key & (ctx.tt_key.size - 1)
    if ctx.tt_key[slot] == key:
        return slot
    return -1


@njit(cache=True, nogil=True)
def _tt_store(g: GridState, ctx: Context, depth: int, flag: int, score: int, move: int) -> None:
    key = g.hash[0]
    slot = key & (ctx.tt_key.size - 1)
    age = ctx.options[AGE] & 255
    if ctx.tt_key[slot] == key or ctx.tt_depth[slot] <= depth or ctx.tt_age[slot] != age:
        ctx.tt_key[slot] = key
        ctx.tt_depth[slot] = min(depth, 127)
        ctx.tt_flag[slot] = flag
        ctx.tt_score[slot] = score
        ctx.tt_move[slot] = move
        ctx.tt_age[slot] = age
        ctx.tt_layout[slot] = ctx.options[LAYOUT]


@njit(cache=True, nogil=True)
def _leaf(g: GridState, ctx: Context, ply: int, alpha: int, beta: int) -> int:
    """The value of a leaf: a short VCF of the side to move, else the evaluation,
    or with ``options[QUIESCE]`` the quiescence's value (its fours played out)."""
    s = g.meta[0]
    budget = ctx.options[LEAF_VCF]
    if (
        budget > 0
        and g.count[s, C_B4] + g.count[s, C_F4] + g.count[s, C_B4F3] > 0
        and ctx.counters[LEAF_TNODES] < ctx.counters[NODES]
    ):
        before = ctx.counters[TNODES]
        saved = ctx.options[NODE_LIMIT]
        total = ctx.counters[NODES] + before
        ctx.options[NODE_LIMIT] = total + budget if saved < 0 else min(saved, total + budget)
        found = vcf(g, ctx, s, int64(8), int64(2))
        spent = ctx.counters[TNODES] - before
        ctx.counters[LEAF_TNODES] += spent
        ctx.options[NODE_LIMIT] = saved
        if ctx.stop[0] == 0 and (saved < 0 or ctx.counters[NODES] + ctx.counters[TNODES] < saved):
            ctx.counters[ABORT] = 0  # only the leaf's own budget ran out
        if found:
            n = ctx.counters[LINE_LEN]
            ctx.pv[ply, 0] = ctx.line[0]
            ctx.pv_len[ply] = 1
            return WIN - ply - n
    if ctx.options[QUIESCE] > 0 and g.count[s, C_B4] + g.count[s, C_B4F3] > 0:
        return quiesce(g, ctx, int64(alpha), int64(beta), int64(ply), int64(ctx.options[QUIESCE]), int64(1))
    if ctx.options[AVERAGE] != 0 and ply > 0:
        return (evaluate(g) - ctx.statics[ply - 1]) // 2
    return evaluate(g)


@njit(cache=True, nogil=True)
def _threat_count(g: GridState, s: int) -> int:
    """Cells where ``s`` makes a four or an open three."""
    c = g.count
    return c[s, C_F4] + c[s, C_B4F3] + c[s, C_B4] + c[s, C_F3F3] + c[s, C_F3]


@njit(cache=True, nogil=True)
def _node_vct(g: GridState, ctx: Context, s: int, budget: int) -> int:
    """The length of a VCT of ``s`` proven within ``budget`` threat nodes (0:
    none proven); only that budget's own abort is forgiven."""
    counters, options = ctx.counters, ctx.options
    key = g.hash[0] ^ NODE_VCT_SALT[s]
    slot = key & (ctx.vcf_key.size - 1)
    if ctx.vcf_key[slot] == key and ctx.vcf_depth[slot] >= budget:
        return 0  # tried with this budget before (an earlier depth): no proof then
    saved = options[NODE_LIMIT]
    total = counters[NODES] + counters[TNODES]
    options[NODE_LIMIT] = total + budget if saved < 0 else min(saved, total + budget)
    verdict = prove(g, ctx, s, int64(8 * budget), int64(6))
    options[NODE_LIMIT] = saved
    if ctx.stop[0] == 0 and (saved < 0 or counters[NODES] + counters[TNODES] < saved):
        counters[ABORT] = 0
        if verdict != 1:
            ctx.vcf_key[slot] = key
            ctx.vcf_depth[slot] = budget
    return counters[VLINE_LEN] if verdict == 1 else 0


@njit(cache=True, nogil=True)
def negamax(g: GridState, ctx: Context, depth: int, alpha: int, beta: int, ply: int) -> int:
    """The value of the position for the side to move, within (alpha, beta)."""
    ctx.pv_len[ply] = 0
    if tick(ctx, NODES):
        return 0
    if ply > ctx.counters[SELDEPTH]:
        ctx.counters[SELDEPTH] = ply
    s = g.meta[0]
    o = 3 - s
    if g.count[s, C_FIVE] > 0:
        ctx.pv[ply, 0] = first(g, s, C_FIVE)
        ctx.pv_len[ply] = 1
        return WIN - ply - 1
    threats = g.count[o, C_FIVE]
    if threats > 1 and (not is_caro(g) or defences(g, o).size == 0):  # caro: one stone may stop two
        ctx.pv[ply, 0] = first(g, o, C_FIVE)
        ctx.pv_len[ply] = 1
        return -(WIN - ply - 2)
    if threats == 1 and unblockable(g, s):
        return -(WIN - ply - 2)  # renju: black's block is forbidden
    if threats == 0:
        if g.count[s, C_F4] > 0:
            ctx.pv[ply, 0] = first(g, s, C_F4)
            ctx.pv_len[ply] = 1
            return WIN - ply - 3
        if ply >= MAX_PLY or (depth <= 0 and (g.count[o, C_F4] == 0 or depth <= -ctx.options[THREAT_EXT])):
            # A leaf, unless the side to move must answer an open three: its
            # blocks and counter-fours are searched on (a few plies at most).
            return _leaf(g, ctx, ply, alpha, beta)
        if ply <= 3 and depth >= 2 and ctx.options[NODE_VCT] > 0 and _threat_count(g, s) > 0:
            # A VCT of the side to move settles the node (the opponent's quiet move
            # before it let it happen): a small proof budget, where it pays.
            # The opponent's answer to a root move gets the most: few nodes, and
            # the question that matters (does our move let a VCT through?).
            n = _node_vct(g, ctx, s, ctx.options[NODE_VCT] * (PLY1_VCT if ply == 1 else 1))
            if n > 0:
                ctx.pv[ply, 0] = ctx.vline[0]
                ctx.pv_len[ply] = 1
                return WIN - ply - n
            if ctx.counters[ABORT] != 0:
                return 0
    elif ply >= MAX_PLY:
        return evaluate(g)
    tt_move = -1
    excluded = ctx.excluded[ply]
    slot = _tt_probe(g, ctx)
    if slot >= 0:
        if ctx.tt_layout[slot] == ctx.options[LAYOUT]:
            m = ctx.tt_move[slot]
            if m >= 0 and g.cells[m] == 0:
                tt_move = m
        if ctx.tt_depth[slot] >= depth and excluded < 0:
            score = int64(ctx.tt_score[slot])
            if score > WIN_THRESHOLD:
                score -= ply
            elif score < -WIN_THRESHOLD:
                score += ply
            flag = ctx.tt_flag[slot]
            if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                if tt_move >= 0:
                    ctx.pv[ply, 0] = tt_move
                    ctx.pv_len[ply] = 1
                return score
    if ctx.options[AVERAGE] != 0:
        # Before any child, the null move's included: its leaves average with this value.
        ctx.statics[ply] = evaluate(g)
    if (
        ctx.options[FUTILITY] > 0
        and 0 < depth <= FUTILITY_DEPTH
        and ply > ctx.options[PASS_CHECK]
        and beta - alpha == 1
        and threats == 0
        and g.count[o, C_F4] == 0
        and -WIN_THRESHOLD < beta < WIN_THRESHOLD
        and doubles(g, o) == 0
        and evaluate(g) - ctx.options[FUTILITY] * depth >= beta
    ):
        # Reverse futility: near the leaves, a null-window node whose static value
        # holds beta by a margin a ply is cut, unless the opponent has something
        # forced to play (a four to block, an open four or another double threat);
        # never where the threat of a threat is asked (the plies near the root).
        return beta
    if (
        ctx.options[NULL_MOVE] > 0
        and depth >= NULL_DEPTH
        and beta - alpha == 1
        and ctx.counters[IN_NULL] == 0
        and threats == 0
        and g.count[o, C_F4] == 0
        and doubles(g, o) == 0
        and -WIN_THRESHOLD < beta < WIN_THRESHOLD
        and evaluate(g) >= beta
    ):
        # The null move: the opponent moves twice (a pass, salted apart in the
        # tables), searched shallower; if the side to move still holds beta, the
        # node is cut. Never nested, never in a window that may become the line.
        g.meta[0] = o
        g.hash[0] ^= NULL_SALT
        ctx.counters[IN_NULL] = 1
        r = ctx.options[NULL_MOVE] + depth // 4
        score = -negamax(g, ctx, int64(depth - 1 - r), int64(-beta), int64(-beta + 1), int64(ply + 1))
        ctx.counters[IN_NULL] = 0
        g.meta[0] = s
        g.hash[0] ^= NULL_SALT
        ctx.pv_len[ply] = 0
        if ctx.counters[ABORT] != 0:
            return 0
        if score >= beta:
            return beta
    # The threat of a threat: would the opponent have a VCT if we passed? Then a
    # move that does not touch it loses: only the cells of its main line, the
    # cells where either side makes a four or an open three are searched, all of
    # them (a quiet move that lets such a VCT in is found out two plies later).
    passed = 0
    if (
        ply <= ctx.options[PASS_CHECK]
        and depth >= 2
        and threats == 0
        and g.count[o, C_F4] == 0
        and _threat_count(g, o) > 0
    ):
        passed = _node_vct(g, ctx, o, ctx.options[NODE_VCT] * PLY1_VCT)
        if ctx.counters[ABORT] != 0:
            return 0
    # Singular extension: is the table's move the only good one? The node is
    # searched again, shallower, without it, against a bound a margin below its
    # score: if every other move fails below, the move is searched a ply deeper;
    # if the bound still holds beta, the node is cut (multi-cut).
    extend = -1
    if (
        ctx.options[SINGULAR] > 0
        and excluded < 0
        and depth >= SINGULAR_DEPTH
        and tt_move >= 0
        and ply > 0
        and ply < 2 * ctx.counters[ROOT_DEPTH]
        and ctx.tt_depth[slot] >= depth - 3
        and ctx.tt_flag[slot] != UPPER
        and -WIN_THRESHOLD < ctx.tt_score[slot] < WIN_THRESHOLD
        and threats == 0
    ):
        sbeta = int64(ctx.tt_score[slot]) - ctx.options[SINGULAR] * depth
        ctx.excluded[ply] = tt_move
        value = negamax(g, ctx, int64((depth - 1) // 2), int64(sbeta - 1), int64(sbeta), int64(ply))
        ctx.excluded[ply] = -1
        ctx.pv_len[ply] = 0
        if ctx.counters[ABORT] != 0:
            return 0
        if value < sbeta:
            extend = tt_move
        elif sbeta >= beta:
            return sbeta
    # Fewer moves the nearer the leaves (move-count pruning): the last plies
    # only refine the best few.
    n, threat = node_moves(g, ctx, ply, tt_move)
    narrowed = False
    if passed > 0:
        # Never none: the VCT's first cell makes a four or an open three.
        kept = stoppers(g, ctx, ply, n, passed)
        narrowed = kept < n
        n = kept
        threat = True
    if n == 0:
        return evaluate(g)
    forced = n == 1 and g.count[o, C_FIVE] > 0  # the block of a five: no depth used
    total = n
    if not threat:
        n = min(n, ctx.options[WIDTH], 3 + 2 * depth)
        narrowed = n < total
    next_depth = depth if forced else depth - 1
    best = -WIN - 1
    best_move = -1
    original_alpha = alpha
    reduce = ctx.options[LMR] != 0 and not forced and depth >= 2
    learned = uses_learned(g)
    for j in range(n):
        q = pick(ctx, ply, j, total)
        if q == excluded:
            continue
        quiet = g.order[s, q] < QUIET  # read before the move: its history counts in its reduction
        if learned:
            push(g, q)
        else:
            push_bare(g, q)
        if q == extend:
            score = -negamax(g, ctx, int64(next_depth + 1), int64(-beta), int64(-alpha), int64(ply + 1))
        elif j == 0 or (j == 1 and excluded >= 0 and ctx.moves[ply, 0] == excluded):
            score = -negamax(g, ctx, int64(next_depth), int64(-beta), int64(-alpha), int64(ply + 1))
        else:
            score = alpha + 1
            if reduce and j >= 2:
                # Late moves are searched shallower first, the more so the later and
                # the deeper: threats too (the ordering put them first; a move that
                # beats alpha shallow is searched again in full).
                r = min(
                    reduction(depth, j, ctx.options[LMR], ctx.history[s, q] if quiet else 0),
                    next_depth - ctx.options[LMR_FLOOR],
                )
                if r > 0:
                    score = -negamax(g, ctx, int64(next_depth - r), int64(-alpha - 1), int64(-alpha), int64(ply + 1))
            if score > alpha:
                score = -negamax(g, ctx, int64(next_depth), int64(-alpha - 1), int64(-alpha), int64(ply + 1))
                if alpha < score < beta:
                    score = -negamax(g, ctx, int64(next_depth), int64(-beta), int64(-alpha), int64(ply + 1))
        if learned:
            pop(g)
        else:
            pop_bare(g)
        if ctx.counters[ABORT] != 0:
            return 0
        if score > best:
            best = score
            best_move = q
            ctx.pv[ply, 0] = q
            m = ctx.pv_len[ply + 1]
            for t in range(m):
                ctx.pv[ply, t + 1] = ctx.pv[ply + 1, t]
            ctx.pv_len[ply] = m + 1
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    ctx.counters[CUTOFFS] += 1
                    if quiet and q != ctx.killers[ply, 0]:
                        ctx.killers[ply, 1] = ctx.killers[ply, 0]
                        ctx.killers[ply, 0] = q
                    credit(ctx, s, q, depth * depth)
                    for t in range(j):  # the quiet moves tried before it did not cut off
                        m = ctx.moves[ply, t]
                        if g.order[s, m] < QUIET:
                            credit(ctx, s, m, -depth * depth)
                    break
    if narrowed and best < -WIN_THRESHOLD:
        # Every move searched loses, but some were never searched: a likely loss,
        # not a proven one (a proven score stops the search at the root).
        best = -LIKELY
    flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
    stored = best + ply if best > WIN_THRESHOLD else best - ply if best < -WIN_THRESHOLD else best
    if excluded < 0:
        _tt_store(g, ctx, depth, flag, stored, best_move)
    return best


@njit(cache=True, nogil=True)
def root_moves(g: GridState, ctx: Context) -> int:
    """The root's moves into ``ctx.moves[0]`` (the table's move first); their number."""
    tt_move = -1
    slot = _tt_probe(g, ctx)
    if slot >= 0 and ctx.tt_layout[slot] == ctx.options[LAYOUT]:
        m = ctx.tt_move[slot]
        if m >= 0 and g.cells[m] == 0:
            tt_move = m
    n, threat = node_moves(g, ctx, int64(0), tt_move)
    total = n
    if not threat:
        n = min(n, ctx.options[ROOT_WIDTH])
    for j in range(n):
        pick(ctx, 0, j, total)
    return n


@njit(cache=True, nogil=True)
def root(g: GridState, ctx: Context, depth: int, n: int, alpha: int, beta: int) -> int:
    """Search the ``n`` moves of ``ctx.moves[0]`` to ``depth`` within (alpha, beta);
    the best line in ``ctx.pv[0]``. On an abort the line holds the best move
    searched in full so far (``pv_len[0]`` is 0 if none was). The best move is
    put first for the next depth."""
    best = -WIN - 1
    ctx.pv_len[0] = 0
    best_j = 0
    learned = uses_learned(g)
    ctx.counters[ROOT_DEPTH] = depth
    if ctx.options[AVERAGE] != 0:
        ctx.statics[0] = evaluate(g)
    for j in range(n):
        q = ctx.moves[0, j]
        if tick(ctx, NODES):
            break
        if learned:
            push(g, q)
        else:
            push_bare(g, q)
        if j == 0:
            score = -negamax(g, ctx, int64(depth - 1), int64(-beta), int64(-alpha), int64(1))
        else:
            score = -negamax(g, ctx, int64(depth - 1), int64(-alpha - 1), int64(-alpha), int64(1))
            if alpha < score < beta:
                score = -negamax(g, ctx, int64(depth - 1), int64(-beta), int64(-alpha), int64(1))
        if learned:
            pop(g)
        else:
            pop_bare(g)
        if ctx.counters[ABORT] != 0:
            break
        if score > best:
            best = score
            best_j = j
            ctx.pv[0, 0] = q
            m = ctx.pv_len[1]
            for t in range(m):
                ctx.pv[0, t + 1] = ctx.pv[1, t]
            ctx.pv_len[0] = m + 1
            if score > alpha:
                alpha = score
            if alpha >= beta:
                break
    if best_j > 0:
        q = ctx.moves[0, best_j]
        v = ctx.scores[0, best_j]
        for t in range(best_j, 0, -1):
            ctx.moves[0, t] = ctx.moves[0, t - 1]
            ctx.scores[0, t] = ctx.scores[0, t - 1]
        ctx.moves[0, 0] = q
        ctx.scores[0, 0] = v
    if ctx.counters[ABORT] == 0 and ctx.pv_len[0] > 0:
        _tt_store(g, ctx, depth, EXACT, best, ctx.pv[0, 0])
    return best


@njit(cache=True, nogil=True)
def remember_root(g: GridState, ctx: Context, depth: int, score: int, move: int) -> None:
    """Store the root's result of ``depth`` in the table again: a MultiPV search
    searches the root again without its best move, and each of those searches
    stores its own best (``root``); the position's value is the best one's."""
    _tt_store(g, ctx, depth, EXACT, score, move)
