"""The compiled position: a dense grid with incremental patterns (numba kernels).

The search sees the endless board through ``gomoku.search.layout.Grid``, which lays the
stones' neighbourhoods out as blocks of one flat array and keeps the point <->
cell mapping in Python. Everything the kernels read and write is one
``GridState`` of numpy arrays (``size`` cells, ``s`` a side: 1 X, 2 O; row 0
of the per-side arrays is unused):

``cells`` int8[size]
    0 empty, 1 X, 2 O, 3 wall (the ring around each block, never played).
``keys`` int32[4 * size]
    ``keys[4 * i + d]``: the line key of cell ``i`` along direction ``d``
    (``steps[d]``): the ``reach`` cells each side, 2 bits each (see
    ``gomoku.core.patterns``). Kept for every cell, stones and walls included.
``combo`` int32[3, size]
    For an empty cell, ``sum(line code of s along d * 9 ** d)``: its four line
    patterns for side ``s`` in one number (stale while the cell is occupied).
``cls``, ``order`` uint8/int32[3, size]
    The threat class (``patterns.C_*``) and the ordering value of ``combo``.
``count`` int32[3, 7]
    How many empty cells side ``s`` has in each threat class: whether X has a
    five to make, or O an open four to make, is one look.
    (``count[0, 0]``: under renju, how many cells are forbidden to black;
    ``count[0, 1]``: how many wait for a verdict within a move.)
``value`` int64[3]
    Each side's evaluation sum over the empty cells (``combo_eval``).
``near`` int16[size], ``cand`` int32[size], ``cand_pos`` int32[size]
    Stones within two cells (the 5x5 square); the empty cells with ``near > 0``
    as an unordered list (``cand[:meta[NCAND]]``) with each cell's place in it
    (-1: not there). Every five, four and open three lies within two cells of a
    stone, so the list holds every threat.
``zob`` uint64[3, size], ``hash`` uint64[1]
    The board's zobrist key of each stone on each cell, and the running hash
    (equal to ``Board.hash``: tables outlive a grid).
``stack`` int32[size], ``meta`` int64[4]
    The cells played (``meta[HEIGHT]`` of them) and ``meta[TURN]`` (1 or 2),
    ``meta[NCAND]``, ``meta[WINNER]`` (a side whose five is on the board, or 0).
``undo`` int8[size, 16 * reach]
    What the move at height ``h`` of ``stack`` changed, for its take-back: the
    change of the line code, X's then O's, of each empty cell on the four lines
    through it (``undo[h, 2 * j]`` and ``undo[h, 2 * j + 1]``: the ``j``-th cell
    of the lines in the order ``move`` visits them, line ``d`` by line, each
    from ``reach`` cells before the stone to ``reach`` after; 0: unchanged).
``steps`` int64[4], ``near_steps`` int64[24]
    Cell offsets of the four lines and of the 5x5 square.
``line``, ``codes``, ``combo_class``, ``combo_order``, ``combo_eval``
    The shared pattern tables (``gomoku.core.patterns.Tables``; ``combo_eval``
    int32[3, 9 ** 4], a row for each side's cell values); ``reach`` the cells a
    key sees each side.
``acc``, ``nn_index``, ``nn_embed``, ``nn_w1``, ``nn_b1``, ``nn_w2``, ``nn_head``
    The learned evaluation (``gomoku.core.network``: its sums ``acc`` and the
    network's arrays, ``index``, ``embed``, ...); with ``nn_b1`` empty there is
    none and ``evaluate`` is the hand-set one.
``pol_own``, ``pol_opp`` int32[3, size], ``nn_pol_own``, ``nn_pol_opp`` int32[F]
    The learned move order (``gomoku.core.network``): for an empty cell and a
    side's view, the sum of the tables over its four line windows; with the
    tables of one entry there is none.
``nn_cell`` int32[3, 9 ** 4]
    The cell features of the learned evaluation (``network.cell_table``): the
    feature rows of a cell's four line codes (``combo``) as its own side's
    (row 0) and the opponent's (row 1), and of the pair of its two sides'
    classes ``7 * own + opponent's`` (row 2); 0 (the zero row) for none.
    One column: the network has no cell features.
``acc_stack`` int32[size, 3, D]
    ``acc`` as it was before each move (``acc_stack[h]``: before the move at
    height ``h`` of ``stack``): taking a move back restores the sums instead of
    undoing every change the move made. ``[1, 3, 1]`` without a network.
``tempo`` int64[STATES]
    The table-form evaluation's tempo (``gomoku.core.tempo``): the value for the
    side to move of each threat state; with one entry there is none.
``forb`` int8[size]
    Under renju, 1 on the empty cells forbidden to black (``gomoku.core.renju``:
    kept by every move, which also takes them out of black's classes, counts,
    orders and values); with one entry, a rule without forbidden points.
``forb_undo`` int64[size]
    Under renju, the record of the move at height ``h`` for its take-back: which
    cells on its lines (and its own cell) were forbidden to black before it
    (``gomoku.core.renju.unjudge``); the take-back forbids them again instead of
    judging them again. One entry under every other rule.
``memo`` uint64[2, M]
    Under renju, the last verdicts of the forbidden-point detector by a cell's
    four line keys (``gomoku.core.renju._verdict``); ``[2, 1]`` otherwise.

>>> from gomoku.board import Board
>>> from gomoku.core.patterns import C_F4
>>> from gomoku.search.layout import Grid
>>> g = Grid(Board(moves=[(0, 0), (0, 5), (1, 0), (3, 7), (2, 0), (6, 5)])).state
>>> int(g.count[1, C_F4]), int(g.count[2, C_F4])   # X makes an open four in two places
(2, 0)
>>> i = int(find(g, 1, C_F4)[0]); push(g, i); int(g.count[1, C_FIVE]); _ = pop(g)
2
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.experimental import structref

from gomoku.core.network import net_value
from gomoku.core.patterns import C_FIVE
from gomoku.core.renju import rejudge, restore, unjudge, unmark
from gomoku.core.struct import Record, int64
from gomoku.core.tempo import threat_state

__all__ = [
    "EMPTY",
    "WALL",
    "TURN",
    "HEIGHT",
    "NCAND",
    "WINNER",
    "GRID_FIELDS",
    "GridStateType",
    "GridState",
    "move",
    "push",
    "pop",
    "push_bare",
    "pop_bare",
    "find",
    "order_value",
    "learned_order",
    "first",
    "five_near",
    "evaluate",
]

EMPTY, WALL = 0, 3
TURN, HEIGHT, NCAND, WINNER = range(4)


GRID_FIELDS = (
    "cells",
    "keys",
    "combo",
    "cls",
    "order",
    "count",
    "value",
    "near",
    "cand",
    "cand_pos",
    "zob",
    "hash",
    "stack",
    "undo",
    "meta",
    "steps",
    "near_steps",
    "line",
    "codes",
    "combo_class",
    "combo_order",
    "combo_eval",
    "reach",
    "acc",
    "nn_index",
    "nn_embed",
    "nn_w1",
    "nn_b1",
    "nn_w2",
    "nn_head",
    "pol_own",
    "pol_opp",
    "nn_pol_own",
    "nn_pol_opp",
    "nn_cell",
    "acc_stack",
    "tempo",
    "forb",
    "forb_undo",
    "memo",
)


@structref.register
class GridStateType(types.StructRef):
    """numba's type of a GridState: a reference to a record of the fields above
    (a kernel call passes one pointer, not the twenty arrays)."""

    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


class GridState(Record):
    """The arrays of a compiled grid (see the module docstring), by name."""

    FIELDS = GRID_FIELDS


structref.define_proxy(GridState, GridStateType, list(GRID_FIELDS))


@njit(cache=True)
def _make_grid(fields):
    """A GridState of the fields in order (a cached constructor: see ``struct.Record``)."""
    return GridState(*fields)


GridState.MAKE = staticmethod(_make_grid)


# push and pop are written out in full, every array of the state read into a
# local first: a helper call or a tuple attribute inside their loops costs
# numba reference-count updates that used to be most of their time.


@njit(cache=True, nogil=True)
def _take_out(g: GridState, i: int, cell_on: bool) -> None:
    """Take out of the learned sums empty cell ``i``'s own features (a stone
    goes there): its four windows and, with ``cell_on``, its cell rows
    (``network.cell_features``), both sides' views."""
    acc, nn_index, embed, keys = g.acc, g.nn_index, g.nn_embed, g.keys
    dim = embed.shape[1]
    for d in range(4):
        for t in range(1, 3):
            r = nn_index[t, keys[4 * i + d]]
            for j in range(dim):
                acc[t, j] -= embed[r, j]
    if cell_on:
        ctab, combo_class = g.nn_cell, g.combo_class
        c1 = g.combo[1, i]
        c2 = g.combo[2, i]
        e1, e2, e3 = ctab[0, c1], ctab[1, c2], ctab[2, 7 * combo_class[c1] + combo_class[c2]]
        f1, f2, f3 = ctab[0, c2], ctab[1, c1], ctab[2, 7 * combo_class[c2] + combo_class[c1]]
        for j in range(dim):
            acc[1, j] -= embed[e1, j] + embed[e2, j] + embed[e3, j]
            acc[2, j] -= embed[f1, j] + embed[f2, j] + embed[f3, j]


@njit(cache=True, nogil=True)
def _take_back(g: GridState, learned: bool) -> int:
    """``move`` with ``sign`` -1: take back the last move from its record, in the
    reverse order of its making. The cell taken back."""
    meta, cells, near, cand, cand_pos = g.meta, g.cells, g.near, g.cand, g.cand_pos
    count, cls, order, combo, value = g.count, g.cls, g.order, g.combo, g.value
    keys, steps, near_steps, undo = g.keys, g.steps, g.near_steps, g.undo
    combo_class, combo_order, combo_eval = g.combo_class, g.combo_order, g.combo_eval
    reach = g.reach
    size = cells.size
    nn_index, acc = g.nn_index, g.acc
    pol_own, pol_opp, tab_own, tab_opp = g.pol_own, g.pol_opp, g.nn_pol_own, g.nn_pol_opp
    pol_on = learned and tab_own.size > 1
    h = meta[HEIGHT] - 1
    meta[HEIGHT] = h
    i = g.stack[h]
    s = int64(cells[i])
    meta[TURN] = s
    g.hash[0] ^= g.zob[s, i]
    # The cells the move brought into the candidate list leave it (each swapped with the last: the
    # list's order is not restored, and the prover's main lines follow it, so a take-back keeps
    # reordering it as it always did, and a search gives the same nodes as before the records).
    for off in near_steps:
        q = i + off
        near[q] -= 1
        if near[q] == 0:
            at = cand_pos[q]
            if at >= 0:
                n = meta[NCAND] - 1
                last = cand[n]
                cand[at] = last
                cand_pos[last] = at
                cand_pos[q] = -1
                meta[NCAND] = n
    # The lines through i: the keys, and the line codes the record says changed.
    power = 1
    j = 0
    for d in range(4):
        step = steps[d]
        for t in range(-reach, reach + 1):
            if t == 0:
                continue
            q = i + t * step
            j += 2
            if q < 0 or q >= size:
                continue
            kq = 4 * q + d
            k0 = keys[kq]
            k1 = k0 - (s << (2 * (reach - t if t > 0 else reach - 1 - t)))
            keys[kq] = k1
            if cells[q] != EMPTY:
                continue
            if pol_on:
                r0 = nn_index[1, k0]
                r1 = nn_index[1, k1]
                u0 = nn_index[2, k0]
                u1 = nn_index[2, k1]
                pol_own[1, q] += tab_own[r1] - tab_own[r0]
                pol_own[2, q] += tab_own[u1] - tab_own[u0]
                pol_opp[1, q] += tab_opp[r1] - tab_opp[r0]
                pol_opp[2, q] += tab_opp[u1] - tab_opp[u0]
            e1 = undo[h, j - 2]
            e2 = undo[h, j - 1]
            if e1 != 0 or e2 != 0:
                c1 = combo[1, q]
                c2 = combo[2, q]
                n1 = c1 - e1 * power
                n2 = c2 - e2 * power
                combo[1, q] = n1
                combo[2, q] = n2
                k = combo_class[n1]
                count[1, cls[1, q]] -= 1
                count[1, k] += 1
                cls[1, q] = k
                order[1, q] = combo_order[n1]
                value[1] += combo_eval[1, n1] - combo_eval[1, c1]
                k = combo_class[n2]
                count[2, cls[2, q]] -= 1
                count[2, k] += 1
                cls[2, q] = k
                order[2, q] = combo_order[n2]
                value[2] += combo_eval[2, n2] - combo_eval[2, c2]
        power *= 9
    # The cell comes back: the learned sums saved when its move was made, its patterns (its combo,
    # class and order were kept while it was played), and into the candidate list, last.
    cells[i] = EMPTY
    if learned and g.nn_b1.size > 0:
        dim = acc.shape[1]
        for t in range(1, 3):
            for x in range(dim):
                acc[t, x] = g.acc_stack[h, t, x]
    for t in range(1, 3):
        count[t, cls[t, i]] += 1
        value[t] += combo_eval[t, combo[t, i]]
    if near[i] > 0:
        n = meta[NCAND]
        cand[n] = i
        cand_pos[i] = n
        meta[NCAND] = n + 1
    if meta[WINNER] == s and cls[s, i] == C_FIVE:
        # The five came with this stone unless another five of s is on the board.
        meta[WINNER] = 0
    return i


@njit(cache=True, nogil=True)
def move(g: GridState, i: int, sign: int, learned: bool) -> int:
    """With ``sign`` 1, play the side to move's stone on empty cell ``i``; with
    ``sign`` -1, take back the last move (``i`` is not read). The cell played or
    taken back. ``push`` and ``pop`` say the same; the search kernels call this
    one directly (one call a move, not two).

    A move leaves a record of what it changed (``undo``, and ``acc_stack``
    with the learned sums), and its take-back restores from it without
    looking a pattern up again: every array is as it was before the move, but
    for the candidate list's order (the same cells, reordered).

    ``learned`` False (a constant at the call: numba compiles a version without
    that code) leaves the learned sums alone: for the threat searches, which
    never evaluate and take back every move they make (the sums are as they
    were when they end), and for a grid without a network, whose moves then
    cost what they did before there were networks."""
    if g.forb.size > 1:
        return _move_renju(g, i, sign, learned)
    if sign < 0:
        return _take_back(g, learned)
    return _put(g, i, learned)


@njit(cache=True, nogil=True)
def _move_renju(g: GridState, i: int, sign: int, learned: bool) -> int:
    """``move`` under renju: black's forbidden cells on the lines through the
    move made black's again before it and judged again after it, and for a
    take-back made black's again before it and those forbidden before the move
    forbidden again after it, from the move's record (``gomoku.core.renju``;
    apart, so that the other rules' moves compile without it)."""
    h = g.meta[HEIGHT]
    if sign < 0:
        h -= 1
        i = int64(g.stack[h])
        unmark(g, i)
        _take_back(g, learned)
        restore(g, i, h)
        return i
    black = g.meta[TURN] == 1
    unjudge(g, i, h)
    _put(g, i, learned)
    rejudge(g, i, h, black)
    return i


@njit(cache=True, nogil=True)
def _put(g: GridState, i: int, learned: bool) -> int:
    """``move`` with ``sign`` 1 (under renju ``_move_renju`` judges the cells around it)."""
    meta, cells, near, cand, cand_pos = g.meta, g.cells, g.near, g.cand, g.cand_pos
    count, cls, order, combo, value = g.count, g.cls, g.order, g.combo, g.value
    keys, codes, steps, near_steps = g.keys, g.codes, g.steps, g.near_steps
    combo_class, combo_order, combo_eval = g.combo_class, g.combo_order, g.combo_eval
    undo = g.undo
    reach = g.reach
    size = cells.size
    acc, nn_index, embed = g.acc, g.nn_index, g.nn_embed
    value_on = g.nn_b1.size > 0
    dim = embed.shape[1] if value_on else 0
    pol_own, pol_opp, tab_own, tab_opp = g.pol_own, g.pol_opp, g.nn_pol_own, g.nn_pol_opp
    pol_on = learned and tab_own.size > 1
    ctab = g.nn_cell
    cell_on = value_on and ctab.shape[1] > 1
    # The learned sums change with a move put down (taken back, they are restored from acc_stack).
    sums = learned and value_on
    s = meta[TURN]
    h = meta[HEIGHT]
    if sums:
        for t in range(1, 3):
            for j in range(dim):
                g.acc_stack[h, t, j] = acc[t, j]
    if cls[s, i] == C_FIVE and meta[WINNER] == 0:
        meta[WINNER] = s
    g.hash[0] ^= g.zob[s, i]
    g.stack[h] = i
    meta[HEIGHT] = h + 1
    meta[TURN] = 3 - s
    # The cell leaves the sums and the candidate list (its place kept for the take-back).
    for t in range(1, 3):
        count[t, cls[t, i]] -= 1
        value[t] -= combo_eval[t, combo[t, i]]
    at = cand_pos[i]
    if at >= 0:
        n = meta[NCAND] - 1
        last = cand[n]
        cand[at] = last
        cand_pos[last] = at
        cand_pos[i] = -1
        meta[NCAND] = n
    if sums:
        _take_out(g, i, cell_on)
    cells[i] = s
    # The lines through i: every key that sees the cell, and the patterns of the empty cells, each
    # change of a line code recorded in ``undo[h]`` (slot ``j``: the cell ``t`` away along line ``d``).
    power = 1
    j = 0
    for d in range(4):
        step = steps[d]
        for t in range(-reach, reach + 1):
            if t == 0:
                continue
            q = i + t * step
            j += 2
            if q < 0 or q >= size:
                continue
            kq = 4 * q + d
            k0 = keys[kq]
            k1 = k0 + (s << (2 * (reach - t if t > 0 else reach - 1 - t)))
            keys[kq] = k1
            if cells[q] != EMPTY:
                continue
            if sums or pol_on:
                r0 = nn_index[1, k0]
                r1 = nn_index[1, k1]
                u0 = nn_index[2, k0]
                u1 = nn_index[2, k1]
                if sums:
                    for x in range(dim):
                        acc[1, x] += embed[r1, x] - embed[r0, x]
                        acc[2, x] += embed[u1, x] - embed[u0, x]
                if pol_on:
                    pol_own[1, q] += tab_own[r1] - tab_own[r0]
                    pol_own[2, q] += tab_own[u1] - tab_own[u0]
                    pol_opp[1, q] += tab_opp[r1] - tab_opp[r0]
                    pol_opp[2, q] += tab_opp[u1] - tab_opp[u0]
            p0 = np.int32(codes[k0])
            p1 = np.int32(codes[k1])
            e1 = (p1 & 15) - (p0 & 15)
            e2 = (p1 >> 4) - (p0 >> 4)
            undo[h, j - 2] = e1
            undo[h, j - 1] = e2
            if e1 != 0 or e2 != 0:
                c1 = combo[1, q]
                c2 = combo[2, q]
                n1 = c1 + e1 * power
                n2 = c2 + e2 * power
                if sums and cell_on:
                    # The cell's features from each side's view, the new ones in and the old ones out:
                    # side t's multiset is its own in t's view and the opponent's in the other's.
                    for t in range(1, 3):
                        old, new = (c1, n1) if t == 1 else (c2, n2)
                        u0, u1, v0, v1 = ctab[0, old], ctab[0, new], ctab[1, old], ctab[1, new]
                        if u0 != u1:
                            for x in range(dim):
                                acc[t, x] += embed[u1, x] - embed[u0, x]
                                acc[3 - t, x] += embed[v1, x] - embed[v0, x]
                    k1, k2 = combo_class[c1], combo_class[c2]
                    m1, m2 = combo_class[n1], combo_class[n2]
                    if k1 != m1 or k2 != m2:
                        x2, x5 = ctab[2, 7 * m1 + m2], ctab[2, 7 * k1 + k2]
                        y2, y5 = ctab[2, 7 * m2 + m1], ctab[2, 7 * k2 + k1]
                        for x in range(dim):
                            acc[1, x] += embed[x2, x] - embed[x5, x]
                            acc[2, x] += embed[y2, x] - embed[y5, x]
                combo[1, q] = n1
                combo[2, q] = n2
                k = combo_class[n1]
                count[1, cls[1, q]] -= 1
                count[1, k] += 1
                cls[1, q] = k
                order[1, q] = combo_order[n1]
                value[1] += combo_eval[1, n1] - combo_eval[1, c1]
                k = combo_class[n2]
                count[2, cls[2, q]] -= 1
                count[2, k] += 1
                cls[2, q] = k
                order[2, q] = combo_order[n2]
                value[2] += combo_eval[2, n2] - combo_eval[2, c2]
        power *= 9
    for off in near_steps:
        q = i + off
        near[q] += 1
        if near[q] == 1 and cells[q] == EMPTY and cand_pos[q] < 0:
            n = meta[NCAND]
            cand[n] = q
            cand_pos[q] = n
            meta[NCAND] = n + 1
    return i


@njit(cache=True, nogil=True)
def push(g: GridState, i: int) -> None:
    """Play the side to move's stone on empty cell ``i`` (no check)."""
    move(g, int64(i), 1, True)  # one compiled ``move``, whatever integer type ``i`` came as


@njit(cache=True, nogil=True)
def pop(g: GridState) -> int:
    """Take back the last move; its cell."""
    return move(g, -1, -1, True)


@njit(cache=True, nogil=True)
def push_bare(g: GridState, i: int) -> None:
    """``push`` with the patterns alone: the learned sums are left as they are (``move``'s ``learned`` False)."""
    move(g, int64(i), 1, False)


@njit(cache=True, nogil=True)
def pop_bare(g: GridState) -> int:
    """``pop`` with the patterns alone: the learned sums are left as they are (``move``'s ``learned`` False)."""
    return move(g, -1, -1, False)


@njit(cache=True, nogil=True)
def find(g: GridState, s: int, strongest: int) -> np.ndarray:
    """The candidate cells where ``s`` has a threat class of ``strongest`` or
    stronger (``C_FIVE`` ... ``C_NONE``), in candidate-list order."""
    n = g.meta[NCAND]
    cand, cls = g.cand, g.cls
    out = np.empty(n, dtype=np.int32)
    m = 0
    for j in range(n):
        q = cand[j]
        if cls[s, q] <= strongest:
            out[m] = q
            m += 1
    return out[:m]


@njit(cache=True, nogil=True, inline="always")
def order_value(g: GridState, s: int, q: int) -> int:
    """How promising cell ``q`` is for ``s`` to play: its ordering value for
    ``s``, a quarter more, plus its value for the opponent (a cell that blocks
    is worth playing too). The one move-ordering formula of the tree, the
    root's checks and the ``easy`` level; inlined into the tree's loop (numba's
    ``inline="always"``), so that the call costs a node nothing.

    >>> from gomoku.board import Board
    >>> from gomoku.search.layout import Grid
    >>> grid = Grid(Board(moves=[(0, 0), (5, 5), (1, 0), (5, 6), (2, 0)]))
    >>> q = grid.index[(3, 0)]
    >>> int(order_value(grid.state, 1, q)) == int(grid.order[1, q]) * 5 // 4 + int(grid.order[2, q])
    True
    """
    return g.order[s, q] * 5 // 4 + g.order[3 - s, q]


@njit(cache=True, nogil=True, inline="always")
def learned_order(g: GridState, s: int, q: int) -> int:
    """What the learned move order adds to ``order_value`` for ``s`` at ``q``:
    its tables' sums over the cell's windows, ``s``'s view and the
    opponent's. Only for a grid with a learned order (``nn_pol_own`` of more
    than one entry), outside the threat searches (which leave the sums as they were)."""
    return g.pol_own[s, q] + g.pol_opp[3 - s, q]


@njit(cache=True, nogil=True)
def first(g: GridState, s: int, cls: int) -> int:
    """The lowest candidate cell of class exactly ``cls`` for ``s``, or -1."""
    best = -1
    cand, classes = g.cand, g.cls
    for j in range(g.meta[NCAND]):
        q = cand[j]
        if classes[s, q] == cls and (best < 0 or q < best):
            best = q
    return best


@njit(cache=True, nogil=True)
def five_near(g: GridState, s: int) -> int:
    """A cell where ``s`` makes five: one on the lines through the last stone
    played (four cells each way), else ``first(g, s, C_FIVE)``. When ``s`` has
    exactly one such cell, the same as ``first``; the searches call it where
    the last stone made that cell (a four, or the threat a reply must block),
    which spares them a scan of the candidate list.

    >>> from gomoku.board import Board
    >>> from gomoku.search.layout import Grid
    >>> grid = Grid(Board(moves=[(0, 0), (-1, 0), (1, 0), (9, 9), (2, 0), (9, 8), (3, 0)]))
    >>> grid.point(five_near(grid.state, 1))
    (4, 0)
    """
    h = g.meta[HEIGHT]
    if h == 0:
        return first(g, s, C_FIVE)
    i = g.stack[h - 1]
    steps, cells, cls = g.steps, g.cells, g.cls
    size = cells.size
    for d in range(4):
        step = steps[d]
        for t in range(-4, 5):
            q = i + t * step
            if t != 0 and 0 <= q < size and cells[q] == EMPTY and cls[s, q] == C_FIVE:
                return q
    return first(g, s, C_FIVE)


@njit(cache=True, nogil=True)
def evaluate(g: GridState) -> int:
    """Static value for the side to move: the learned network's when the grid
    has one (``gomoku.core.network``); the table form's when it has a tempo table
    (its potential less the opponent's, both from the table's cell values, plus
    the tempo of the threat state: ``gomoku.core.tempo``); else twice its
    potential minus the opponent's (``cellvalues.TEMPO``, written out here since
    numba's cache does not see a change in an imported constant; a test checks
    the two agree)."""
    s = g.meta[TURN]
    if g.nn_b1.size > 0:
        return net_value(g.acc, s, g.value[s], g.value[3 - s], g.nn_w1, g.nn_b1, g.nn_w2, g.nn_head)
    if g.tempo.size > 1:
        return g.value[s] - g.value[3 - s] + g.tempo[threat_state(g.count, s)]
    return 2 * g.value[s] - g.value[3 - s]
