"""Renju's forbidden points inside the search (numba kernels): black may not play
an overline, a double four or a double three (``gomoku.board.renju`` defines them
and stays the reference; ``docs/rules.md`` explains them).

Under renju a grid (``grid.GridState``) has a ``forb`` array of one byte a cell
(``forb[q]`` 1: black may not play the empty cell ``q``); under every other rule
it has one entry and nothing here runs. The grid keeps it with every move: a
stone at ``i`` can change the verdict of the empty cells on the four lines
through ``i`` within ``reach`` (5) cells: ``unjudge`` before the move makes the
forbidden ones black's again, and ``rejudge`` after it judges those again and
the cells whose line code for black the move changed. Its take-back judges
nothing: ``unmark`` makes the forbidden cells on the lines black's again, and
after it ``restore`` forbids again those the move's record (``forb_undo``) says
were forbidden before the move, so that a take-back leaves the verdicts exactly
as they were. A forbidden cell is no cell of black's at all:

* its class for black (``cls[1, q]``) is ``C_NONE`` and the threat counts
  (``count[1, ...]``) leave it out, so every search that reads black's threats
  from the classes (the tree's wins, the VCF's fours, the prover's threats, the
  quiescence's fours) never plays it as an attack;
* its ordering value for black is 0 (white gains nothing by blocking it) and
  its share of black's evaluation (``combo_eval``) is taken out of ``value[1]``;
* as a defence, black cannot play it: the searches ask ``banned`` where black
  must answer a threat of white's, and ``unblockable`` tells that black, to
  answer white's five, would have to play a forbidden cell: white wins.

A verdict is kept in a small memo (``memo``: 4,096 entries) under the cell's four
line keys, so that a cell judged again with the same stones near it on its lines
(a move taken back, the same move tried again) costs a look. A cell is judged
cheaply first: only a cell with a stone within two cells
(``near``) whose class for black is an open four (two fours or a straight
four), a four-three or a double three, or where black's stone makes a run of
six or more (read from the cell's line keys), can be forbidden (``_suspect``);
the exact detector (``forbidden_at``, the board
layer's ``renju_kernel`` on the grid's flat cells) settles those few. The
detector's look-ahead for a three's completing cell is recursive and may reach
past the lines through the move: such a cell's verdict is brought up to date
when a stone next falls on its own lines (the search's approximation; the move
the engine plays is judged exactly, by the board).

>>> from gomoku.board import Board, Rules
>>> from gomoku.search.layout import Grid
>>> moves = [(6, 7), (0, 0), (8, 7), (0, 14), (7, 6), (14, 0), (7, 8), (14, 14)]
>>> board = Board(rules=Rules.preset("renju"), moves=moves)
>>> grid = Grid(board)      # a cross of black twos through 7,7: a double three
>>> q = grid.index[(7, 7)]
>>> int(grid.state.forb[q]), int(forbidden_at(grid.state.cells, grid.state.steps, q))
(1, 3)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from gomoku.core.patterns import C_B4F3, C_F3F3, C_F4, C_FIVE, C_NONE
from gomoku.core.struct import int64

GridState = Any
"""A ``gomoku.core.grid.GridState`` (grid imports this module, so it cannot import grid)."""

__all__ = [
    "forbidden_at",
    "overline_at",
    "banned",
    "unblockable",
    "unjudge",
    "rejudge",
    "unmark",
    "restore",
    "judge_all",
]

_EMPTY, _BLACK, _WALL = 0, 1, 3
_NONE = -1


@njit(cache=True, nogil=True, inline="always")
def _at(cells: np.ndarray, q: int) -> int:
    if 0 <= q < cells.size:
        return int(cells[q])
    return _WALL


@njit(cache=True, nogil=True)
def _count(cells: np.ndarray, q: int, step: int) -> int:
    """Black stones in a row from ``q`` along ``step``, ``q`` itself not counted."""
    n = 0
    while _at(cells, q + (n + 1) * step) == _BLACK:
        n += 1
    return n


@njit(cache=True, nogil=True)
def _five_at(cells: np.ndarray, steps: np.ndarray, q: int) -> bool:
    """Whether black at the empty ``q`` makes exactly five on some line."""
    for d in range(4):
        st = steps[d]
        if _count(cells, q, -st) + _count(cells, q, st) == 4:
            return True
    return False


@njit(cache=True, nogil=True)
def _fours(cells: np.ndarray, q: int, st: int) -> int:
    """The fours the black stone at ``q`` is in along ``st``: the cells past its run
    that make exactly five, a straight four's two counting once."""
    back = _count(cells, q, -st)
    forward = _count(cells, q, st)
    run = back + forward + 1
    n = 0
    e = q - (back + 1) * st
    if _at(cells, e) == _EMPTY and run + 1 + _count(cells, e, -st) == 5:
        n += 1
    e = q + (forward + 1) * st
    if _at(cells, e) == _EMPTY and run + 1 + _count(cells, e, st) == 5:
        n += 1
    if n == 2 and run == 4:
        n = 1
    return n


@njit(cache=True, nogil=True)
def _straight_four(cells: np.ndarray, q: int, st: int) -> bool:
    """Whether the black stone at ``q`` is in a straight four along ``st``."""
    back = _count(cells, q, -st)
    forward = _count(cells, q, st)
    if back + forward + 1 != 4:
        return False
    if _at(cells, q - (back + 1) * st) != _EMPTY or _at(cells, q + (forward + 1) * st) != _EMPTY:
        return False
    return _at(cells, q - (back + 2) * st) != _BLACK and _at(cells, q + (forward + 2) * st) != _BLACK


@njit(cache=True, nogil=True)
def overline_at(cells: np.ndarray, steps: np.ndarray, q: int) -> bool:
    """Whether black at the empty ``q`` makes six or more in a row on some line."""
    for d in range(4):
        st = steps[d]
        if _at(cells, q + st) != _BLACK and _at(cells, q - st) != _BLACK:
            continue
        if _count(cells, q, -st) + _count(cells, q, st) >= 5:
            return True
    return False


def _runs() -> tuple[np.ndarray, np.ndarray]:
    """Black's run beside a cell in half a line key of reach 5 (five cells of 2 bits,
    the nearest last in the back half ``key & 1023``, first in the front half
    ``key >> 10``): the back half's and the front half's, by the half's value."""
    back = np.zeros(1024, dtype=np.int8)
    front = np.zeros(1024, dtype=np.int8)
    for half in range(1024):
        digits = [(half >> (2 * j)) & 3 for j in range(5)]
        n = 0
        while n < 5 and digits[4 - n] == _BLACK:
            n += 1
        back[half] = n
        n = 0
        while n < 5 and digits[n] == _BLACK:
            n += 1
        front[half] = n
    return back, front


_BACK, _FRONT = _runs()


@njit(cache=True, nogil=True, inline="always")
def _overline_keys(keys: np.ndarray, q: int) -> bool:
    """``overline_at`` from the cell's four line keys (reach 5, as renju's tables
    read: a run of six or more is seen from its every empty end), no cell read."""
    for d in range(4):
        k = keys[4 * q + d]
        if _BACK[k & 1023] + _FRONT[k >> 10] >= 5:
            return True
    return False


@njit(cache=True, nogil=True)
def _near(cells: np.ndarray, q: int, st: int) -> int:
    """Black stones within five cells of ``q`` along ``st``, both ways."""
    n = 0
    for i in range(1, 6):
        if _at(cells, q + i * st) == _BLACK:
            n += 1
        if _at(cells, q - i * st) == _BLACK:
            n += 1
    return n


@njit(cache=True, nogil=True)
def _three_cell(cells: np.ndarray, q: int, st: int, side: int) -> int:
    """The cell past the black stone at ``q``'s run along ``st`` (``side`` 0 back, 1
    forward) that would make the run a straight four, forbidden or not; else -1."""
    if side == 0:
        c = q - (_count(cells, q, -st) + 1) * st
    else:
        c = q + (_count(cells, q, st) + 1) * st
    if _at(cells, c) != _EMPTY:
        return _NONE
    cells[c] = _BLACK
    straight = _straight_four(cells, c, st)
    cells[c] = _EMPTY
    return c if straight else _NONE


@njit(cache=True, nogil=True)
def forbidden_at(cells: np.ndarray, steps: np.ndarray, q: int) -> int:
    """Black at the empty cell ``q`` of the flat ``cells`` (0 empty, 1 black, 2
    white, 3 wall; the four lines along ``steps``): 0 allowed, 1 overline, 2
    double four, 3 double three (``gomoku.board.renju.KINDS``' order). The same
    definitions as ``gomoku.board.renju_kernel.forbidden_code`` on the grid's
    layout; ``cells`` is written (a stone put down and taken up) and left as it
    was. Nothing is allocated: the four lines' counts are packed in one integer."""
    packed = 0  # line d's count of black stones near q in bits 8d..8d+7
    many = False
    pairs = 0
    for d in range(4):
        n = _near(cells, q, steps[d])
        packed |= n << (8 * d)
        if n >= 4:
            many = True
        if n >= 2:
            pairs += 1
    if not many and pairs < 2:
        return 0
    cells[q] = _BLACK
    code = 0
    five = False
    over = False
    for d in range(4):
        st = steps[d]
        run = _count(cells, q, -st) + _count(cells, q, st) + 1
        if run == 5:
            five = True
        elif run > 5:
            over = True
    if not five:
        if over:
            code = 1
        else:
            fours = 0
            for d in range(4):
                if (packed >> (8 * d)) & 255 >= 2:
                    fours += _fours(cells, q, steps[d])
            if fours >= 2:
                code = 2
            else:
                # The lines where one more stone makes a straight four; a three counts
                # when such a cell is allowed (judged recursively, in this one
                # function: numba's cache keeps no mutually recursive pair).
                lines = 0
                for d in range(4):
                    if (packed >> (8 * d)) & 255 >= 2:
                        st = steps[d]
                        if _three_cell(cells, q, st, 0) != _NONE or _three_cell(cells, q, st, 1) != _NONE:
                            lines += 1
                if lines >= 2:
                    threes = 0
                    for d in range(4):
                        if (packed >> (8 * d)) & 255 < 2:
                            continue
                        st = steps[d]
                        for side in range(2):
                            c = _three_cell(cells, q, st, side)
                            if c != _NONE and not _five_at(cells, steps, c) and forbidden_at(cells, steps, c) == 0:
                                threes += 1
                                break
                    if threes >= 2:
                        code = 3
    cells[q] = _EMPTY
    return code


@njit(cache=True, nogil=True, inline="always")
def banned(g: GridState, s: int, q: int) -> bool:
    """Whether side ``s`` may not play the empty cell ``q``: black, under renju, on a forbidden cell."""
    forb = g.forb
    return s == 1 and forb.size > 1 and forb[q] != 0


@njit(cache=True, nogil=True)
def unblockable(g: GridState, s: int) -> bool:
    """Whether side ``s``, to answer the opponent's five, would have to play a
    forbidden cell (black under renju): then the opponent's five comes, whatever
    black plays."""
    if s != 1 or g.forb.size <= 1 or g.count[2, C_FIVE] == 0:
        return False
    cand, cls, forb = g.cand, g.cls, g.forb
    for j in range(g.meta[2]):
        q = cand[j]
        if cls[2, q] == C_FIVE and forb[q] != 0:
            return True
    return False


@njit(cache=True, nogil=True)
def _clear(g: GridState, q: int) -> None:
    """Cell ``q``, forbidden, made black's again: its class, order and value back
    (``forb[q]`` is left to the caller)."""
    c = g.combo[1, q]
    k = g.combo_class[c]
    g.count[0, 0] -= 1
    g.count[1, g.cls[1, q]] -= 1
    g.count[1, k] += 1
    g.cls[1, q] = k
    g.order[1, q] = g.combo_order[c]
    g.value[1] += g.combo_eval[1, c]


@njit(cache=True, nogil=True)
def _verdict(g: GridState, q: int, memo: bool) -> int:
    """``forbidden_at`` of the empty cell ``q``, through the grid's memo (with ``memo``):
    the verdict of the last cell judged with the same four line keys (the stones
    within five cells along each line), which the detector reads but for the
    recursion's look at a three's completing cell."""
    keys, table = g.keys, g.memo
    k0, k1, k2, k3 = keys[4 * q], keys[4 * q + 1], keys[4 * q + 2], keys[4 * q + 3]
    first = np.uint64(k0) | (np.uint64(k1) << np.uint64(20)) | (np.uint64(k2) << np.uint64(40))
    mixed = (first * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(k3) * np.uint64(0xC2B2AE3D27D4EB4F))
    slot = (mixed >> np.uint64(40)) & np.uint64(table.shape[1] - 1)
    second = np.uint64(k3) << np.uint64(8)
    if memo and table[0, slot] == first and (table[1, slot] >> np.uint64(8)) == np.uint64(k3) and table[1, slot] != 0:
        return int(table[1, slot] & np.uint64(255)) - 1
    code = forbidden_at(g.cells, g.steps, int64(q))  # one compiled version (``struct.int64``)
    table[0, slot] = first
    table[1, slot] = second | np.uint64(code + 1)
    return code


@njit(cache=True, nogil=True)
def _suspect(near: np.ndarray, cls: np.ndarray, keys: np.ndarray, q: int, line: int) -> bool:
    """The cheap filter: whether the empty cell ``q`` can be forbidden to black, so
    that the exact detector must settle it. Every forbidden shape has a stone within
    two cells; a five wins, whatever else it makes; else black's class there must be
    an open four, a four-three or a double three, or black's stone there must make
    six or more in a row. ``line`` -1: the overline looked for on the cell's four
    lines (read from its line keys); else on line ``line`` only, for a cell that
    was allowed before a black stone fell on that line (an overline on another
    line would have been there before, and the cell allowed then only for a five,
    which the stone takes only by making six on ``line``). The arrays are the
    grid's, passed by the caller (a field read from the grid in a loop costs a
    reference count each time)."""
    if near[q] == 0:
        return False
    k = cls[1, q]
    if k == C_FIVE:
        return False
    if k == C_F4 or k == C_B4F3 or k == C_F3F3:
        return True
    if line >= 0:
        key = keys[4 * q + line]
        return _BACK[key & 1023] + _FRONT[key >> 10] >= 5
    return _overline_keys(keys, q)


@njit(cache=True, nogil=True)
def _judge(g: GridState, q: int, memo: bool) -> None:
    """Judge the empty cell ``q`` that passed the cheap filter (``_suspect``; ``forb[q]``
    0) and mark it if it is forbidden (``memo``: the verdict may come from the memo,
    ``_verdict``)."""
    if _verdict(g, q, memo) != 0:
        _mark(g, q)


@njit(cache=True, nogil=True)
def _mark(g: GridState, q: int) -> None:
    """The empty cell ``q``, black's, marked forbidden: out of black's classes, counts, order and value."""
    k = g.cls[1, q]
    g.forb[q] = 1
    g.count[0, 0] += 1
    g.count[1, k] -= 1
    g.count[1, C_NONE] += 1
    g.cls[1, q] = C_NONE
    g.order[1, q] = 0
    g.value[1] -= g.combo_eval[1, g.combo[1, q]]


_PENDING = -1
"""``forb`` of a cell made black's again by ``unjudge``, to be judged by ``rejudge``."""
_SELF = 40
"""The bit of a move's record (``forb_undo``) for the move's own cell (bits 0 to 39: the cells on its lines)."""


@njit(cache=True, nogil=True)
def unjudge(g: GridState, i: int, h: int) -> None:
    """Before the move at height ``h`` puts a stone at ``i``: the forbidden cells on
    its lines, ``i`` itself included, made black's again and marked to be judged
    after (the move's own updates of the classes and values then run as under any
    rule), and noted in the move's record (``forb_undo[h]``: bit ``j`` the ``j``-th
    cell of the lines in ``move``'s order, bit ``_SELF`` ``i``), for its take-back."""
    forb = g.forb
    if g.count[0, 0] == 0:
        g.forb_undo[h] = 0
        return  # no forbidden cell on the board
    size = forb.size
    reach = g.reach
    steps = g.steps
    was = np.int64(0)
    marked = 0
    if forb[i] > 0:
        _clear(g, i)
        forb[i] = _PENDING
        marked += 1
        was |= np.int64(1) << _SELF
    j = 0
    for d in range(4):
        st = steps[d]
        for t in range(-reach, reach + 1):
            if t == 0:
                continue
            q = i + t * st
            if 0 <= q < size and forb[q] > 0:
                _clear(g, q)
                forb[q] = _PENDING
                marked += 1
                was |= np.int64(1) << j
            j += 1
    if marked > 0:
        g.count[0, 1] += marked
    g.forb_undo[h] = was


@njit(cache=True, nogil=True)
def unmark(g: GridState, i: int) -> None:
    """Before the stone at ``i`` is taken back: the forbidden cells on its lines
    made black's again (``restore`` marks after the take-back those its move's
    record says were forbidden before it)."""
    forb = g.forb
    if g.count[0, 0] == 0:
        return
    size = forb.size
    reach = g.reach
    steps = g.steps
    for d in range(4):
        st = steps[d]
        for t in range(-reach, reach + 1):
            q = i + t * st
            if t != 0 and 0 <= q < size and forb[q] > 0:
                _clear(g, q)
                forb[q] = 0


@njit(cache=True, nogil=True)
def restore(g: GridState, i: int, h: int) -> None:
    """After the stone at ``i`` of the move at height ``h`` is taken back: the cells
    forbidden before the move (its record, ``forb_undo[h]``) forbidden again, as
    they were, without judging them again."""
    was = g.forb_undo[h]
    if was == 0:
        return
    if (was >> _SELF) & 1:
        _mark(g, i)
    reach = g.reach
    steps = g.steps
    j = 0
    for d in range(4):
        st = steps[d]
        for t in range(-reach, reach + 1):
            if t == 0:
                continue
            if (was >> j) & 1:
                _mark(g, i + t * st)
            j += 1


@njit(cache=True, nogil=True)
def rejudge(g: GridState, i: int, h: int, every: bool) -> None:
    """After the stone at ``i`` is put down by the move at height ``h`` of the
    stack: the empty cells on its lines judged again, those ``unjudge`` marked
    and, with ``every``, those whose line code for black the move changed (its
    record, ``undo[h]``). ``every`` is False for a
    white stone put down: it only takes shapes from black, so it makes a cell
    forbidden only through the recursion's completing cells, which the search
    leaves to the next move on the cell's lines."""
    forb = g.forb
    forb[i] = 0  # a stone's cell: no verdict
    if not every and g.count[0, 1] == 0:
        return  # nothing marked by ``unjudge``
    g.count[0, 1] = 0  # every cell marked is judged below (or is ``i``)
    cells, undo, near, cls, keys, steps = g.cells, g.undo, g.near, g.cls, g.keys, g.steps
    size = cells.size
    reach = g.reach
    j = 0
    for d in range(4):
        st = steps[d]
        for t in range(-reach, reach + 1):
            if t == 0:
                continue
            q = i + t * st
            j += 2
            if 0 <= q < size and cells[q] == _EMPTY:
                if forb[q] == _PENDING:
                    forb[q] = 0
                    if _suspect(near, cls, keys, q, -1):
                        _judge(g, q, True)
                elif every and undo[h, j - 2] != 0:
                    # ``_suspect(near, cls, keys, q, d)`` written out (no call for each of the
                    # some 18 cells a black stone changes; the same tests, the same verdicts).
                    k = cls[1, q]
                    if k == C_F4 or k == C_B4F3 or k == C_F3F3:
                        if near[q] != 0:
                            _judge(g, q, True)
                    elif k != C_FIVE:
                        key = keys[4 * q + d]
                        if _BACK[key & 1023] + _FRONT[key >> 10] >= 5 and near[q] != 0:
                            _judge(g, q, True)


@njit(cache=True, nogil=True)
def judge_all(g: GridState) -> None:
    """Every candidate cell judged afresh (a grid just set up: its verdicts exact,
    the recursion's far reach included)."""
    forb, cells = g.forb, g.cells
    for j in range(g.meta[2]):
        q = int64(g.cand[j])
        if forb[q] > 0:
            _clear(g, q)
            forb[q] = 0
    g.count[0, 0] = 0
    near, cls, keys = g.near, g.cls, g.keys
    for j in range(g.meta[2]):
        q = int64(g.cand[j])
        if cells[q] == _EMPTY and _suspect(near, cls, keys, q, -1):
            _judge(g, q, False)
