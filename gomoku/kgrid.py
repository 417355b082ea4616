"""The compiled position: a dense grid with incremental patterns (numba kernels).

The search sees the endless board through ``gomoku.grid.Grid``, which lays the
stones' neighbourhoods out as blocks of one flat array and keeps the point <->
cell mapping in Python. Everything the kernels read and write is one
``GridState`` of numpy arrays (``size`` cells, ``s`` a side: 1 X, 2 O; row 0
of the per-side arrays is unused):

``cells`` int8[size]
    0 empty, 1 X, 2 O, 3 wall (the ring around each block, never played).
``keys`` int32[4 * size]
    ``keys[4 * i + d]``: the line key of cell ``i`` along direction ``d``
    (``steps[d]``): the ``reach`` cells each side, 2 bits each (see
    ``gomoku.patterns``). Kept for every cell, stones and walls included.
``combo`` int32[3, size]
    For an empty cell, ``sum(line code of s along d * 9 ** d)``: its four line
    patterns for side ``s`` in one number (stale while the cell is occupied).
``cls``, ``order`` uint8/int32[3, size]
    The threat class (``patterns.C_*``) and the ordering value of ``combo``.
``count`` int32[3, 7]
    How many empty cells side ``s`` has in each threat class: whether X has a
    five to make, or O an open four to make, is one look.
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
``steps`` int64[4], ``near_steps`` int64[24]
    Cell offsets of the four lines and of the 5x5 square.
``line``, ``combo_class``, ``combo_order``, ``combo_eval``
    The shared pattern tables (``gomoku.patterns.Tables``); ``reach`` the
    cells a key sees each side.

>>> from gomoku.board import Board
>>> from gomoku.grid import Grid
>>> g = Grid(Board(moves=[(0, 0), (0, 5), (1, 0), (3, 7), (2, 0), (6, 5)])).state
>>> int(g.count[1, C_F4]), int(g.count[2, C_F4])   # X makes an open four in two places
(2, 0)
>>> i = int(find(g, 1, C_F4)[0]); push(g, i); int(g.count[1, C_FIVE]); _ = pop(g)
2
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from gomoku.patterns import C_F4, C_FIVE

EMPTY, WALL = 0, 3
TURN, HEIGHT, NCAND, WINNER = range(4)


class GridState(NamedTuple):
    """The arrays of a compiled grid (see the module docstring)."""

    cells: np.ndarray
    keys: np.ndarray
    combo: np.ndarray
    cls: np.ndarray
    order: np.ndarray
    count: np.ndarray
    value: np.ndarray
    near: np.ndarray
    cand: np.ndarray
    cand_pos: np.ndarray
    zob: np.ndarray
    hash: np.ndarray
    stack: np.ndarray
    meta: np.ndarray
    steps: np.ndarray
    near_steps: np.ndarray
    line: np.ndarray
    combo_class: np.ndarray
    combo_order: np.ndarray
    combo_eval: np.ndarray
    reach: int


@njit(cache=True, nogil=True)
def _digit_shift(offset: int, reach: int) -> int:
    """Bit shift of the key digit holding the cell ``offset`` away (``patterns.key_digit``)."""
    return 2 * (reach + offset if offset < 0 else reach - 1 + offset)


@njit(cache=True, nogil=True)
def _leave(g: GridState, i: int) -> None:
    """Take empty cell ``i``'s contributions out of the sums (it is being played)."""
    for s in (1, 2):
        g.count[s, g.cls[s, i]] -= 1
        g.value[s] -= g.combo_eval[g.combo[s, i]]


@njit(cache=True, nogil=True)
def _enter(g: GridState, i: int) -> None:
    """Put empty cell ``i``'s contributions into the sums (from its ``combo``)."""
    for s in (1, 2):
        c = g.combo[s, i]
        k = g.combo_class[c]
        g.cls[s, i] = k
        g.order[s, i] = g.combo_order[c]
        g.count[s, k] += 1
        g.value[s] += g.combo_eval[c]


@njit(cache=True, nogil=True)
def _relines(g: GridState, i: int, stone: int, sign: int) -> None:
    """The keys and patterns of the cells on the four lines through ``i`` after
    ``stone`` was put there (sign 1) or taken away (sign -1)."""
    reach = g.reach
    for d in range(4):
        step = g.steps[d]
        power = 9**d
        for t in range(-reach, reach + 1):
            if t == 0:
                continue
            q = i + t * step
            if q < 0 or q >= g.cells.size:
                continue
            kq = 4 * q + d
            k0 = g.keys[kq]
            k1 = k0 + sign * (stone << _digit_shift(-t, reach))
            g.keys[kq] = k1
            if g.cells[q] != EMPTY:
                continue
            changed = False
            for s in (1, 2):
                a = g.line[s, k0]
                b = g.line[s, k1]
                if a != b:
                    if not changed:
                        _leave(g, q)
                        changed = True
                    g.combo[s, q] += (np.int32(b) - np.int32(a)) * power
            if changed:
                _enter(g, q)


@njit(cache=True, nogil=True)
def _cand_add(g: GridState, q: int) -> None:
    if g.cand_pos[q] < 0:
        n = g.meta[NCAND]
        g.cand[n] = q
        g.cand_pos[q] = n
        g.meta[NCAND] = n + 1


@njit(cache=True, nogil=True)
def _cand_remove(g: GridState, q: int) -> None:
    at = g.cand_pos[q]
    if at >= 0:
        n = g.meta[NCAND] - 1
        last = g.cand[n]
        g.cand[at] = last
        g.cand_pos[last] = at
        g.cand_pos[q] = -1
        g.meta[NCAND] = n


@njit(cache=True, nogil=True)
def push(g: GridState, i: int) -> None:
    """Play the side to move's stone on empty cell ``i`` (no check)."""
    s = g.meta[TURN]
    if g.cls[s, i] == C_FIVE and g.meta[WINNER] == 0:
        g.meta[WINNER] = s
    _leave(g, i)
    _cand_remove(g, i)
    g.cells[i] = s
    _relines(g, i, s, 1)
    for off in g.near_steps:
        q = i + off
        g.near[q] += 1
        if g.near[q] == 1 and g.cells[q] == EMPTY:
            _cand_add(g, q)
    g.hash[0] ^= g.zob[s, i]
    g.stack[g.meta[HEIGHT]] = i
    g.meta[HEIGHT] += 1
    g.meta[TURN] = 3 - s


@njit(cache=True, nogil=True)
def pop(g: GridState) -> int:
    """Take back the last move; its cell."""
    g.meta[HEIGHT] -= 1
    i = g.stack[g.meta[HEIGHT]]
    s = g.cells[i]
    g.meta[TURN] = s
    g.hash[0] ^= g.zob[s, i]
    for off in g.near_steps:
        q = i + off
        g.near[q] -= 1
        if g.near[q] == 0:
            _cand_remove(g, q)
    _relines(g, i, s, -1)
    g.cells[i] = EMPTY
    _enter(g, i)
    if g.near[i] > 0:
        _cand_add(g, i)
    if g.meta[WINNER] == s and g.cls[s, i] == C_FIVE:
        # The five came with this stone unless another five of s is on the board.
        g.meta[WINNER] = 0
    return i


@njit(cache=True, nogil=True)
def init(g: GridState) -> None:
    """Fill keys, patterns and sums of an empty grid whose walls are set."""
    reach = g.reach
    size = g.cells.size
    for i in range(size):
        if g.cells[i] != WALL:
            continue
        for d in range(4):
            for t in range(-reach, reach + 1):
                q = i + t * g.steps[d]
                if t != 0 and 0 <= q < size:
                    g.keys[4 * q + d] += 3 << _digit_shift(-t, reach)
    for i in range(size):
        if g.cells[i] != EMPTY:
            continue
        for s in (1, 2):
            c = 0
            for d in range(4):
                c += np.int32(g.line[s, g.keys[4 * i + d]]) * 9**d
            g.combo[s, i] = c
        _enter(g, i)


@njit(cache=True, nogil=True)
def find(g: GridState, s: int, strongest: int) -> np.ndarray:
    """The candidate cells where ``s`` has a threat class of ``strongest`` or
    stronger (``C_FIVE`` ... ``C_NONE``), in candidate-list order."""
    n = g.meta[NCAND]
    out = np.empty(n, dtype=np.int32)
    m = 0
    for j in range(n):
        q = g.cand[j]
        if g.cls[s, q] <= strongest:
            out[m] = q
            m += 1
    return out[:m]


@njit(cache=True, nogil=True)
def first(g: GridState, s: int, cls: int) -> int:
    """The lowest candidate cell of class exactly ``cls`` for ``s``, or -1."""
    best = -1
    for j in range(g.meta[NCAND]):
        q = g.cand[j]
        if g.cls[s, q] == cls and (best < 0 or q < best):
            best = q
    return best


@njit(cache=True, nogil=True)
def has_line(g: GridState, i: int, s: int, code: int) -> bool:
    """Whether ``s`` makes pattern ``code`` or better on some line by playing ``i``."""
    for d in range(4):
        if g.line[s, g.keys[4 * i + d]] >= code:
            return True
    return False


@njit(cache=True, nogil=True)
def evaluate(g: GridState) -> int:
    """Static value for the side to move (its potential minus the opponent's)."""
    s = g.meta[TURN]
    return (g.value[s] * 6) // 5 - g.value[3 - s]
