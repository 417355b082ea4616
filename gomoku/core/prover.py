"""Proof-number search for long VCTs, compiled: does the attacker win by a
sequence of threats (fours and open threes), however long?

A depth-first VCT must fix its depth and pays for every
level it adds. Proof-number search grows one tree, best first: each node holds
how many leaves must still be proven (``pn``) or disproven (``dn``) to settle
it, and the next node to expand is the one that settles the root cheapest.
Narrow forcing lines, the shape of a long VCT, cost little however deep.

A table of settled positions (``proof_key``, ``proof_won``) outlives the
tree: a node settled once is settled for every later proof in the context (a
transposition, the next move's proof). A child found there is a leaf.

The tree lives in the context's ``proof_tree`` and ``proof_flags`` (at most
``cap`` nodes, 28 bytes each): ``move`` (the cell played to reach the node),
``parent``, ``child`` (first child) and ``sibling``, ``pn`` and ``dn`` (``INF``
for infinity), ``done`` (1 once expanded) and ``depth``. Even depths are
OR nodes (the attacker to move: one child must win), odd depths AND nodes
(the defender to move: every reply must lose).

* OR node: the attacker wins at once with a five, or with an open four when
  the defender has no five to make; a short VCF is tried; otherwise its
  children are its moves that make a four or an open three (when the
  defender has a four, only the block, and only if it is itself a threat).
* AND node: against a four, the block; against an open three, every cell
  where either side makes a four (the blocks, far ones too, and the
  defender's counter-fours). The reply set is complete: a proof is a win.

The proof's main line (attacker first, one reply at each step, ending in the
five or the VCF that finishes it) is left in ``ctx.vline``. The search counts
its nodes in ``counters[TNODES]`` and stops at ``counters[ABORT]`` (node limit or
stop flag) like every kernel.

>>> from gomoku.board import Board
>>> from gomoku.search.layout import Grid
>>> from gomoku.core.context import new_context, VLINE_LEN
>>> board = Board(moves=[(0, 2), (10, 10), (1, 2), (10, 12), (2, 0), (12, 10), (2, 1), (12, 12)])
>>> grid = Grid(board)                      # X to move: (2, 2) makes two open threes
>>> ctx = new_context(grid.size, 1024, 1 << 14, 100_000)
>>> int(prove(grid.state, ctx, 1, 100_000, 8))
1
>>> for i in ctx.vline[:ctx.counters[VLINE_LEN]]:  # the main line, replayed, is won
...     board.play(grid.point(i))
>>> board.winner
<Stone.X: 1>
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gomoku.core.caro import defences, is_caro
from gomoku.core.context import ABORT, LINE_LEN, NODE_LIMIT, NODES, TNODES, VLINE_LEN, Context
from gomoku.core.grid import GridState, first, five_near, move
from gomoku.core.patterns import C_B4, C_F3, C_F4, C_FIVE
from gomoku.core.renju import banned, unblockable
from gomoku.core.struct import int64
from gomoku.core.vcf import vcf

__all__ = [
    "INF",
    "SALT",
    "AND_SALT",
    "VCF_BUDGET",
    "MAX_TREE_DEPTH",
    "NODE_BYTES",
    "PROVEN",
    "DISPROVEN",
    "OPEN",
    "prove",
]

INF = 1 << 28
SALT = np.array([0, 0x1B873593A5B12C4F, 0x68E31DA4CC9E2D51], dtype=np.uint64)
"""Salts of the prover's table keys: by attacker, ..."""
AND_SALT = np.uint64(0x7FEB352D9E3779B9)
"""... and for a position with the defender to move."""
VCF_BUDGET = 30
"""Threat nodes the short VCF of an OR node may spend when it is expanded."""
MAX_TREE_DEPTH = 120
NODE_BYTES = 33
"""Bytes of the prover's memory per tree node: 28 for the node, half a table entry (9) besides."""
PROVEN, DISPROVEN, OPEN = 1, 0, -1


@njit(cache=True, nogil=True)
def _short_vcf(g: GridState, ctx: Context, a: int, depth: int, budget: int) -> bool:
    """A VCF of ``a`` within ``budget`` threat nodes (the line in ``ctx.line``);
    only the budget's own abort is forgiven."""
    counters, options = ctx.counters, ctx.options
    saved = options[NODE_LIMIT]
    total = counters[NODES] + counters[TNODES]
    options[NODE_LIMIT] = total + budget if saved < 0 else min(saved, total + budget)
    found = vcf(g, ctx, a, depth, int64(1))
    options[NODE_LIMIT] = saved
    if ctx.stop[0] == 0 and (saved < 0 or counters[NODES] + counters[TNODES] < saved):
        counters[ABORT] = 0
    return found


@njit(cache=True, nogil=True)
def _unstoppable(g: GridState, s: int, caro: bool) -> bool:
    """Whether ``s`` has fives that no one stone stops: two (under caro, any with no
    ``caro.defences``)."""
    if caro:
        return g.count[s, C_FIVE] > 1 and defences(g, s).size == 0  # a lone five's cell stops it
    return g.count[s, C_FIVE] >= 2


@njit(cache=True, nogil=True)
def _status(g: GridState, a: int, or_node: bool) -> int:
    """PROVEN, DISPROVEN or OPEN, from the threats on the board alone."""
    d = 3 - a
    caro = is_caro(g)
    if or_node:
        if g.count[a, C_FIVE] > 0:
            return PROVEN
        if _unstoppable(g, d, caro) or unblockable(g, a):
            return DISPROVEN
        if g.count[d, C_FIVE] == 0 and g.count[a, C_F4] > 0:
            return PROVEN
        return OPEN
    if g.count[d, C_FIVE] > 0:
        return DISPROVEN  # the defender makes five first
    if _unstoppable(g, a, caro) or unblockable(g, d):
        return PROVEN
    if g.count[a, C_FIVE] == 0 and g.count[a, C_F4] == 0:
        return DISPROVEN  # no threat pending: the attacker lost the initiative
    return OPEN


@njit(cache=True, nogil=True)
def _blocks(g: GridState, s: int, out: np.ndarray) -> int:
    """Caro: the stones that stop ``s``'s five (``caro.defences``) into ``out``; their number."""
    blocks = defences(g, s)
    for j in range(blocks.size):
        out[j] = blocks[j]
    return blocks.size


@njit(cache=True, nogil=True)
def _moves(g: GridState, a: int, or_node: bool, out: np.ndarray) -> int:
    """The children's cells of a node into ``out``; their number."""
    d = 3 - a
    cand, cls = g.cand, g.cls
    n = 0
    if or_node:
        if g.count[d, C_FIVE] > 0:
            if is_caro(g):
                return _blocks(g, d, out)
            out[0] = five_near(g, d)  # made by the stone just played
            return 0 if banned(g, a, out[0]) else 1
        for j in range(g.meta[2]):
            q = cand[j]
            if cls[a, q] <= C_F3:
                out[n] = q
                n += 1
        return n
    if g.count[a, C_FIVE] > 0:
        if is_caro(g):
            return _blocks(g, a, out)
        out[0] = five_near(g, a)  # made by the stone just played
        return 0 if banned(g, d, out[0]) else 1
    for j in range(g.meta[2]):
        q = cand[j]
        if (cls[a, q] <= C_B4 or cls[d, q] <= C_B4) and not banned(g, d, q):
            out[n] = q
            n += 1
    return n


@njit(cache=True, nogil=True)
def _rank(g: GridState, a: int, or_node: bool, out: np.ndarray, n: int) -> None:
    """Order the ``n`` children's cells in ``out``, strongest first: the
    attacker's threats by their ordering value, the defender's replies by what
    they make and break together (ties: the lower cell). The first child wins
    the ties of the proof numbers, so the order steers the search; and a
    fixed order makes it independent of the candidate list's order, which
    every move and take-back shuffles."""
    d = 3 - a
    order = g.order
    for i in range(1, n):
        q = out[i]
        v = order[a, q] if or_node else order[a, q] + order[d, q]
        j = i
        while j > 0:
            p = out[j - 1]
            w = order[a, p] if or_node else order[a, p] + order[d, p]
            if w > v or (w == v and p < q):
                break
            out[j] = p
            j -= 1
        out[j] = q


@njit(cache=True, nogil=True)
def _key(g: GridState, a: int, or_node: bool) -> np.uint64:
    """The table key of the position on the grid, ``a`` attacking, with the
    attacker (``or_node``) or the defender to move."""
    key = g.hash[0] ^ SALT[a]
    if not or_node:
        key ^= AND_SALT
    return key


@njit(cache=True, nogil=True)
def _known(ctx: Context, key: np.uint64) -> int:
    """PROVEN or DISPROVEN from the table, or OPEN."""
    slot = key & np.uint64(ctx.proof_key.size - 1)
    if ctx.proof_key[slot] == key:
        return PROVEN if ctx.proof_won[slot] else DISPROVEN
    return OPEN


@njit(cache=True, nogil=True)
def _remember(ctx: Context, key: np.uint64, won: bool) -> None:
    """Put a settled position in the table (its slot's old entry goes)."""
    slot = key & np.uint64(ctx.proof_key.size - 1)
    ctx.proof_key[slot] = key
    ctx.proof_won[slot] = 1 if won else 0


@njit(cache=True, nogil=True)
def _every_reply_loses(g: GridState, a: int, buf: np.ndarray) -> bool:
    """At an AND node: whether every reply leaves the attacker a five or an open
    four the defender cannot answer (a double three, a four-three): proven
    without a node of its own."""
    # A reply never gives the attacker a five or an open four to make: with no
    # open four to come after the block of a four, or with one cell of it
    # against a three (the reply takes it), a reply holds. No need to try them.
    if g.count[a, C_F4] < (1 if g.count[a, C_FIVE] > 0 else 2):
        return False
    n = _moves(g, a, False, buf)
    for j in range(n):
        move(g, int64(buf[j]), 1, False)
        st = _status(g, a, True)
        move(g, -1, -1, False)
        if st != PROVEN:
            return False
    return True


@njit(cache=True, nogil=True)
def _finish_line(g: GridState, ctx: Context, a: int, k: int) -> int:
    """Append to ``vline`` at ``k`` how a proven OR leaf wins; the new length."""
    d = 3 - a
    if g.count[a, C_FIVE] > 0:
        ctx.vline[k] = first(g, a, C_FIVE)
        return k + 1
    if g.count[d, C_FIVE] == 0 and g.count[a, C_F4] > 0:
        q = first(g, a, C_F4)
        move(g, q, 1, False)
        r = first(g, a, C_FIVE)
        move(g, r, 1, False)
        w = first(g, a, C_FIVE)
        move(g, -1, -1, False)
        move(g, -1, -1, False)
        ctx.vline[k] = q
        ctx.vline[k + 1] = r
        ctx.vline[k + 2] = w
        return k + 3
    if vcf(g, ctx, a, int64(40), int64(1)):
        for j in range(ctx.counters[LINE_LEN]):
            ctx.vline[k + j] = ctx.line[j]
        return k + ctx.counters[LINE_LEN]
    return k


@njit(cache=True, nogil=True)
def _table_line(
    g: GridState, ctx: Context, a: int, or_node: bool, k: int, buf: np.ndarray, buf2: np.ndarray
) -> tuple[int, int]:
    """Go on with the main line in ``vline`` at ``k`` from a proven node that
    was not expanded (settled on the spot or by the table): at an OR node a
    move whose position is proven (by the threats, or the table), at an AND
    node the first reply; then how the last OR node wins. The line's new
    length and the moves left on the grid for the caller to take back."""
    pushed = 0
    while k < ctx.vline.size - 64:
        if or_node:
            if _status(g, a, True) == PROVEN:
                break
            n = _moves(g, a, True, buf)
            found = -1
            for j in range(n):
                move(g, int64(buf[j]), 1, False)
                st = _status(g, a, False)
                if st == OPEN:
                    st = _known(ctx, _key(g, a, False))
                if st == OPEN and _every_reply_loses(g, a, buf2):
                    st = PROVEN
                move(g, -1, -1, False)
                if st == PROVEN:
                    found = buf[j]
                    break
            if found < 0:
                break  # proven by its VCF (or its entry was overwritten)
            ctx.vline[k] = found
        else:
            if _moves(g, a, False, buf) == 0:
                break
            found = buf[0]
            ctx.vline[k] = found
        k += 1
        move(g, int64(found), 1, False)
        pushed += 1
        or_node = not or_node
    if or_node:
        k = _finish_line(g, ctx, a, k)
    return k, pushed


@njit(cache=True, nogil=True)
def prove(g: GridState, ctx: Context, attacker: int, cap: int, vcf_depth: int) -> int:
    """1 if ``attacker`` (taken to be the side to move) has a VCT, 0 if it has
    none (the tree was exhausted), -1 if the search stopped first (node limit,
    tree capacity ``cap`` or the stop flag). The grid is left as it was."""
    counters, options = ctx.counters, ctx.options
    saved_turn = g.meta[0]
    g.meta[0] = attacker
    # The context's tree, reused: a node's fields are all set when it is made.
    tree, flags = ctx.proof_tree, ctx.proof_flags
    cap = min(cap, tree.shape[1])
    mv, parent, child, sibling, pn, dn = tree[0], tree[1], tree[2], tree[3], tree[4], tree[5]
    done, depth = flags[0], flags[1]
    buf = np.empty(g.cells.size, dtype=np.int32)
    buf2 = np.empty(g.cells.size, dtype=np.int32)
    mv[0] = -1
    parent[0] = -1
    child[0] = -1
    sibling[0] = -1
    pn[0] = 1
    dn[0] = 1
    done[0] = 0
    depth[0] = 0
    used = 1
    status = _status(g, attacker, True)
    if status == OPEN and _short_vcf(g, ctx, attacker, vcf_depth, int64(2000)):
        status = PROVEN
    if status != OPEN:
        pn[0] = 0 if status == PROVEN else INF
        dn[0] = INF if status == PROVEN else 0
    node = 0
    while pn[0] != 0 and dn[0] != 0 and counters[ABORT] == 0:
        # Down to the most proving node, from the node where the last backing
        # up stopped (the grid is there): above it nothing changed.
        while done[node]:
            best = -1
            c = child[node]
            or_node = depth[node] % 2 == 0
            while c >= 0:
                if best < 0 or (pn[c] < pn[best] if or_node else dn[c] < dn[best]):
                    best = c
                c = sibling[c]
            node = best
            move(g, int64(mv[node]), 1, False)
        # Expand it: an OR node first tries a short VCF; then every child,
        # each judged on the spot.
        or_node = depth[node] % 2 == 0
        if or_node and node > 0 and _short_vcf(g, ctx, attacker, vcf_depth, int64(VCF_BUDGET)):
            n = 0
            done[node] = 1
            pn[node], dn[node] = 0, INF
            child[node] = -2  # proven by its VCF: no children
        else:
            n = _moves(g, attacker, or_node, buf)
            _rank(g, attacker, or_node, buf, n)
        if used + n >= cap:
            counters[ABORT] = 1  # the tree is full: no verdict
            n = 0
        elif depth[node] >= MAX_TREE_DEPTH:
            n = 0
        last = -1
        for j in range(n):
            counters[TNODES] += 1
            limit = options[NODE_LIMIT]
            if ctx.stop[0] != 0 or (limit >= 0 and counters[NODES] + counters[TNODES] >= limit):
                counters[ABORT] = 1
                break
            q = int64(buf[j])
            move(g, q, 1, False)
            st = _status(g, attacker, not or_node)
            if st == OPEN:
                st = _known(ctx, _key(g, attacker, not or_node))
            if st == OPEN and or_node and _every_reply_loses(g, attacker, buf2):
                st = PROVEN
            # Numbers to start from, read off the threat counts: an AND node has
            # as many replies as cells where a four is made (one against a four);
            # an OR node as many tries as threats.
            cnt = g.count
            d = 3 - attacker
            if or_node:
                replies = (
                    1
                    if cnt[attacker, C_FIVE] > 0
                    else (cnt[attacker, 1] + cnt[attacker, 2] + cnt[attacker, 3] + cnt[d, 1] + cnt[d, 2] + cnt[d, 3])
                )
                start_pn, start_dn = max(1, replies), 1
            else:
                tries = cnt[attacker, 1] + cnt[attacker, 2] + cnt[attacker, 3] + cnt[attacker, 4] + cnt[attacker, 5]
                start_pn, start_dn = 1, max(1, tries)
            move(g, -1, -1, False)
            if or_node and st == DISPROVEN:
                continue  # not a threat, or one the defender answers with a five
            c = used
            used += 1
            mv[c] = q
            parent[c] = node
            depth[c] = depth[node] + 1
            child[c] = -1
            sibling[c] = -1
            done[c] = 0
            if last < 0:
                child[node] = c
            else:
                sibling[last] = c
            last = c
            if st == PROVEN:
                pn[c], dn[c] = 0, INF
            elif st == DISPROVEN:
                pn[c], dn[c] = INF, 0
            else:
                pn[c], dn[c] = start_pn, start_dn
        if counters[ABORT] != 0:
            # Cut short in the middle of an expansion: the node keeps no verdict
            # (no child, not expanded); back to the root and stop.
            child[node] = -1
            for _ in range(depth[node]):
                move(g, -1, -1, False)
            break
        done[node] = 1
        # Back up towards the root, the numbers of every node on the way, until
        # a node's numbers stay as they were: its ancestors' stay too, and the
        # next most proving node lies below it (Allis's current-node enhancement).
        # The node just expanded always passes its numbers up: they were set
        # before this loop (a VCF's proof), so "unchanged" says nothing there.
        expanded = node
        while True:
            old_pn, old_dn = pn[node], dn[node]
            c = child[node]
            or_node = depth[node] % 2 == 0
            if c == -2:
                pass  # proven by its own VCF
            elif c < 0:
                pn[node], dn[node] = (INF, 0) if or_node else (0, INF)
            elif or_node:
                p, s = INF, 0
                while c >= 0:
                    p = min(p, pn[c])
                    s = min(INF, s + dn[c])
                    c = sibling[c]
                pn[node], dn[node] = p, s
            else:
                s, p = 0, INF
                while c >= 0:
                    s = min(INF, s + pn[c])
                    p = min(p, dn[c])
                    c = sibling[c]
                pn[node], dn[node] = s, p
            if pn[node] == 0 or dn[node] == 0:
                _remember(ctx, _key(g, attacker, or_node), pn[node] == 0)
            if node == 0 or (node != expanded and pn[node] == old_pn and dn[node] == old_dn):
                break
            move(g, -1, -1, False)
            node = parent[node]
    result = -1
    if pn[0] == 0:
        result = 1
        # The main line: a proven child at OR nodes, the first reply at AND nodes.
        node = 0
        k = 0
        pushed = 0
        while done[node] and child[node] >= 0:
            c = child[node]
            if depth[node] % 2 == 0:
                while pn[c] != 0:
                    c = sibling[c]
            node = c
            ctx.vline[k] = mv[node]
            k += 1
            move(g, int64(mv[node]), 1, False)
            pushed += 1
        k, extra = _table_line(g, ctx, attacker, depth[node] % 2 == 0, k, buf, buf2)
        for _ in range(pushed + extra):
            move(g, -1, -1, False)
        counters[VLINE_LEN] = k
    elif dn[0] == 0:
        result = 0
    g.meta[0] = saved_turn
    return result
