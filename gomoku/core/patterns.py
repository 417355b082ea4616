"""The pattern tables of the compiled search: what a stone makes on a line, and
what a cell is worth once its four lines are put together.

Four tables, all plain numpy arrays built once per rule (freestyle, exact
five, renju: black's side read as exact five, white's as freestyle; or caro,
five or more, or exactly five, not blocked at both ends) and shared by every
grid:

``line[s][key]`` (uint8, ``4 ** (2 * reach)`` entries per side)
    The pattern stone ``s`` (1: X, 2: O; row 0 is unused) makes on one line by
    playing an empty cell, from the line's *key*: the ``reach`` cells on each
    side of the cell, 2 bits each (0 empty, 1 X, 2 O, 3 wall), nearest-left
    cell in the lowest used digit pair of the left half (see ``key_digit``).
    ``reach`` is 4, or 5 under exact five, renju (an overline must be seen)
    and caro (the ends of a five must be seen). Codes, weakest first: DEAD,
    ONE, B2 (two), F2 (open two), B3 (three), F3 (open three), B4 (four), F4
    (open four), FIVE. Row 0 holds the rule's mark in ``line[0, 0]``:
    ``CARO_MARK`` under caro, else 0 (the kernels' one way to tell caro).

``codes[key]`` (uint8, ``4 ** (2 * reach)`` entries)
    Both sides' codes of a key in one byte, ``line[1][key] | line[2][key] << 4``:
    a move reads one table where the lines' codes change, not two.

``combo_class[c]`` and ``combo_order[c]`` (9 ** 4 entries), ``combo_eval[s, c]`` (3 x 9 ** 4)
    A cell's four line codes for one side, ``c = sum(code[d] * 9 ** d)``, read
    as one threat class (``C_FIVE`` ... ``C_NONE``) and scored: the ordering
    value of playing there and its share of side ``s``'s static evaluation (the
    fitted cell value of its sorted codes: ``cellvalues.CELL_VALUES``, or the
    rule's own, ``rulevalues``: renju's differ by colour; row 0 unused). This is where combinations
    count: a four with an open three on another line is a winning threat of its
    own (``C_B4F3``), two fours are as good as an open four, two open threes
    (``C_F3F3``) win unless the opponent has fours.

>>> t = tables(exact=False)
>>> key = line_key([1, 1, 1, 1, 0, 0, 0, 0])   # XXXX on the left, the cell, 4 empty
>>> PATTERN_NAMES[t.line[1][key]], PATTERN_NAMES[t.line[2][key]]
('five', 'one')
>>> int(t.codes[key]) == FIVE | ONE << 4
True
>>> c = combo_key([B4, F3, DEAD, DEAD])
>>> CLASS_NAMES[t.combo_class[c]]
'four-three'
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numba import njit

from gomoku.core.cellvalues import MULTISETS
from gomoku.core.rulevalues import rule_values

__all__ = [
    "DEAD",
    "ONE",
    "B2",
    "F2",
    "B3",
    "F3",
    "B4",
    "F4",
    "FIVE",
    "PATTERN_NAMES",
    "C_FIVE",
    "C_F4",
    "C_B4F3",
    "C_B4",
    "C_F3F3",
    "C_F3",
    "C_NONE",
    "CLASS_NAMES",
    "ORDER_VALUE",
    "CLASS_ORDER_BONUS",
    "multiset_index",
    "key_digit",
    "line_key",
    "combo_key",
    "CARO_MARK",
    "Tables",
    "tables",
]

# Pattern codes on one line, weakest first.
DEAD, ONE, B2, F2, B3, F3, B4, F4, FIVE = range(9)
PATTERN_NAMES = ("dead", "one", "two", "open two", "three", "open three", "four", "open four", "five")

# Threat classes of a cell for one side, strongest first.
C_FIVE, C_F4, C_B4F3, C_B4, C_F3F3, C_F3, C_NONE = range(7)
CLASS_NAMES = ("five", "open four", "four-three", "four", "double three", "open three", "none")

CARO_MARK = 1
"""``line[0, 0]`` of caro's tables (0 under the other rules)."""

ORDER_VALUE = np.array([0, 1, 6, 20, 25, 400, 500, 5000, 100000], dtype=np.int64)
"""Move-ordering value of a line pattern for the side that plays it."""
CLASS_ORDER_BONUS = np.array([0, 20000, 8000, 0, 3000, 0, 0], dtype=np.int64)
"""Ordering bonus of a combination (four-three, double three, double four)."""


@lru_cache(maxsize=1)
def multiset_index() -> np.ndarray:
    """For each combination key (``9 ** 4``), the place of its four codes, sorted,
    in ``cellvalues.MULTISETS``: the row of its cell value.

    >>> MULTISETS[multiset_index()[combo_key([F3, ONE, DEAD, B2])]]
    (0, 1, 2, 5)
    """
    place = {m: i for i, m in enumerate(MULTISETS)}
    out = np.zeros(9**4, dtype=np.int64)
    for c in range(9**4):
        out[c] = place[tuple(sorted((c // 9**d) % 9 for d in range(4)))]
    return out


def key_digit(offset: int, reach: int) -> int:
    """The digit of a line key that holds the cell ``offset`` away along the line.

    >>> [key_digit(o, 4) for o in (-4, -1, 1, 4)]
    [0, 3, 4, 7]
    """
    return reach + offset if offset < 0 else reach - 1 + offset


def line_key(cells: list[int]) -> int:
    """The key of a window given its ``2 * reach`` cells, left to right (0, 1, 2, 3)."""
    return sum(c << (2 * j) for j, c in enumerate(cells))


def combo_key(codes: list[int]) -> int:
    """The combination key of four line codes."""
    return sum(c * 9**d for d, c in enumerate(codes))


@njit(cache=True)
def _run(window: np.ndarray, centre: int) -> int:
    """Length of the run of own stones (1) through the centre."""
    n = 1
    i = centre - 1
    while i >= 0 and window[i] == 1:
        n += 1
        i -= 1
    i = centre + 1
    while i < window.size and window[i] == 1:
        n += 1
        i += 1
    return n


@njit(cache=True)
def _classify_all(reach: int, exact: bool, order: np.ndarray) -> np.ndarray:
    """The pattern of every window (ternary: 0 empty, 1 own, 2 blocked, for the
    ``2 * reach`` cells around an own centre), windows with more own stones first
    so that a window's one-stone-more children are known before it."""
    n = 2 * reach
    out = np.zeros(3**n, dtype=np.uint8)
    powers = np.ones(n, dtype=np.int64)
    for j in range(1, n):
        powers[j] = powers[j - 1] * 3
    window = np.zeros(n + 1, dtype=np.int64)
    for idx in order:
        rest = idx
        for j in range(n):
            d = rest % 3
            rest //= 3
            window[j if j < reach else j + 1] = d
        window[reach] = 1
        run = _run(window, reach)
        if (run == 5) if exact else (run >= 5):
            out[idx] = FIVE
            continue
        fives = 0
        best = DEAD
        for j in range(n):
            w = j if j < reach else j + 1
            if window[w] != 0:
                continue
            window[w] = 1
            run = _run(window, reach)
            window[w] = 0
            if (run == 5) if exact else (run >= 5):
                fives += 1
            child = out[idx + powers[j]]
            if child > best:
                best = child
        if fives >= 2:
            out[idx] = F4
        elif fives == 1:
            out[idx] = B4
        elif best >= B3:
            out[idx] = best - 2  # F4 -> F3, B4 -> B3, F3 -> F2, B3 -> B2
        else:
            # Room for a five through the centre: one stone with a future.
            code = DEAD
            for start in range(reach - 4, reach + 1):
                free = True
                for j in range(start, start + 5):
                    if window[j] == 2:
                        free = False
                if free:
                    code = ONE
            out[idx] = code
    return out


@njit(cache=True)
def _line_table(n: int, pattern: np.ndarray, pattern_o: np.ndarray) -> np.ndarray:
    """Every key (2 bits a cell, ``n`` cells) read for each side as a ternary
    window, and that window's pattern: ``line[s][key]`` (X's from ``pattern``,
    O's from ``pattern_o``)."""
    line = np.zeros((3, 4**n), dtype=np.uint8)
    for key in range(4**n):
        tx = 0
        to = 0
        power = 1
        for j in range(n):
            c = (key >> (2 * j)) & 3
            if c == 1:
                tx += power
                to += 2 * power
            elif c == 2:
                tx += 2 * power
                to += power
            elif c == 3:
                tx += 2 * power
                to += 2 * power
            power *= 3
        line[1, key] = pattern[tx]
        line[2, key] = pattern_o[to]
    return line


@njit(cache=True)
def _caro_five(window: np.ndarray, centre: int, exact: bool) -> bool:
    """Whether the run of own stones (1) through the centre is caro's five: five or
    more (exactly five with ``exact``), its two ends not both the opponent's (2; a
    wall, 3, blocks nothing). An end past the window counts as open."""
    lo = centre - 1
    while lo >= 0 and window[lo] == 1:
        lo -= 1
    hi = centre + 1
    while hi < window.size and window[hi] == 1:
        hi += 1
    run = hi - lo - 1
    if not ((run == 5) if exact else (run >= 5)):
        return False
    return not (lo >= 0 and hi < window.size and window[lo] == 2 and window[hi] == 2)


@njit(cache=True)
def _classify_caro(reach: int, exact: bool, order: np.ndarray) -> np.ndarray:
    """Caro's pattern of every window of 4-valued cells (0 empty, 1 own, 2 the
    opponent's, 3 wall: a key read from one side), in ``order`` (more own stones
    first, so a window's children are known before it). As ``_classify_all``,
    with caro's five, and an open four is a four whose fives no single stone of
    the opponent's takes away (a stone at the end of a run blocks it: with
    ``O`` beyond ``.XXXX.`` the block at the near end leaves the far one a
    five blocked at both ends)."""
    n = 2 * reach
    out = np.zeros(4**n, dtype=np.uint8)
    window = np.zeros(n + 1, dtype=np.int64)
    fives = np.zeros(n + 1, dtype=np.int64)
    for idx in order:
        rest = idx
        for j in range(n):
            window[j if j < reach else j + 1] = rest & 3
            rest >>= 2
        window[reach] = 1
        if _caro_five(window, reach, exact):
            out[idx] = FIVE
            continue
        nf = 0
        best = DEAD
        for j in range(n):
            w = j if j < reach else j + 1
            if window[w] != 0:
                continue
            window[w] = 1
            if _caro_five(window, reach, exact):
                fives[nf] = w
                nf += 1
            window[w] = 0
            child = out[idx + (1 << (2 * j))]
            if child > best:
                best = child
        if nf > 0:
            # Open unless one stone of the opponent's leaves no five.
            code = F4
            for e in range(n + 1):
                if window[e] != 0:
                    continue
                window[e] = 2
                left = False
                for t in range(nf):
                    f = fives[t]
                    if f == e:
                        continue
                    window[f] = 1
                    if _caro_five(window, reach, exact):
                        left = True
                    window[f] = 0
                    if left:
                        break
                window[e] = 0
                if not left:
                    code = B4
                    break
            out[idx] = code
        elif best >= B3:
            out[idx] = best - 2  # F4 -> F3, B4 -> B3, F3 -> F2, B3 -> B2
        else:
            # One stone with a future: five cells through the centre that, filled, make caro's five.
            code = DEAD
            for start in range(reach - 4, reach + 1):
                free = True
                for j in range(start, start + 5):
                    if window[j] >= 2:
                        free = False
                if not free:
                    continue
                for j in range(start, start + 5):
                    fives[j - start] = window[j]
                    window[j] = 1
                if _caro_five(window, reach, exact):
                    code = ONE
                for j in range(start, start + 5):
                    window[j] = fives[j - start]
                if code == ONE:
                    break
            out[idx] = code
    return out


@njit(cache=True)
def _caro_line_table(n: int, pattern: np.ndarray) -> np.ndarray:
    """``line[s][key]`` under caro: X reads the key as it is, O with X's and O's
    stones swapped; ``line[0, 0]`` is ``CARO_MARK``."""
    line = np.zeros((3, 4**n), dtype=np.uint8)
    for key in range(4**n):
        swapped = 0
        for j in range(n):
            c = (key >> (2 * j)) & 3
            if c == 1 or c == 2:
                c = 3 - c
            swapped |= c << (2 * j)
        line[1, key] = pattern[key]
        line[2, key] = pattern[swapped]
    line[0, 0] = 1  # CARO_MARK, written out: numba's cache does not see a change in a constant
    return line


class Tables(NamedTuple):
    """The tables of one rule (see the module docstring)."""

    reach: int
    exact: bool
    renju: bool
    line: np.ndarray
    combo_class: np.ndarray
    combo_order: np.ndarray
    combo_eval: np.ndarray
    codes: np.ndarray
    caro: bool = False


def _combo_tables(renju: bool = False, caro: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    codes = np.array(np.meshgrid(*[np.arange(9)] * 4, indexing="ij")).reshape(4, -1)
    # meshgrid with 'ij' makes the first axis vary slowest: combo key = sum(code[d] * 9**d)
    # needs d = 0 fastest, so read the axes in reverse.
    codes = codes[::-1]
    count = np.stack([(codes == c).sum(axis=0) for c in range(9)])
    fours = count[B4] + count[F4]
    cls = np.full(codes.shape[1], C_NONE, dtype=np.uint8)
    cls[count[F3] >= 1] = C_F3
    cls[count[F3] >= 2] = C_F3F3
    cls[fours >= 1] = C_B4
    cls[(count[B4] >= 1) & (count[F3] >= 1)] = C_B4F3
    cls[(count[F4] >= 1) | (fours >= 2)] = C_F4
    cls[count[FIVE] >= 1] = C_FIVE
    order = ORDER_VALUE[codes].sum(axis=0) + CLASS_ORDER_BONUS[cls]
    value = np.zeros((3, codes.shape[1]), dtype=np.int32)
    for s, values in enumerate(rule_values(renju, caro), start=1):
        value[s] = np.array(values, dtype=np.int32)[multiset_index()]
    return cls, order.astype(np.int32), value


@lru_cache(maxsize=6)
def tables(exact: bool, renju: bool = False, caro: bool = False) -> Tables:
    """The shared tables for freestyle (``exact=False``) or exact-five rules, or
    with ``renju`` for renju's: X (black) wins with exactly five, O (white) with
    five or more, both read 5 cells each side. (Black's forbidden points are
    the grid's to find: ``gomoku.core.renju``.) With ``caro`` (not with renju)
    caro's: a five (``exact``: exactly five) whose ends both hold the
    opponent's stones is no five, nor is a four that can only become one; 5
    cells each side, so that a five through the cell shows its ends (a longer
    run's end past the window counts as open; under caro a run of five or more
    beside an empty cell has already won, so it shows only in what a line
    would become).

    >>> t = tables(False, renju=True)
    >>> key = line_key([0, 0, 0, 1, 1, 1, 1, 1, 0, 0])   # a run of five beside the cell
    >>> PATTERN_NAMES[t.line[1][key]], PATTERN_NAMES[t.line[2][line_key([0, 0, 0, 2, 2, 2, 2, 2, 0, 0])]]
    ('one', 'five')
    >>> c = tables(False, caro=True)
    >>> [PATTERN_NAMES[c.line[1][line_key(w)]] for w in (
    ...     [2, 1, 1, 1, 1, 2, 0, 0, 0, 0],    # OXXXX, the cell, O: blocked at both ends
    ...     [2, 1, 1, 1, 1, 0, 0, 0, 0, 0],    # OXXXX, the cell, empty
    ...     [3, 1, 1, 1, 1, 2, 0, 0, 0, 0],    # the edge, XXXX, the cell, O: the edge blocks nothing
    ...     [0, 2, 1, 1, 1, 0, 2, 0, 0, 0],    # OXXX, the cell, empty, O: its only five is blocked
    ...     [0, 0, 1, 1, 1, 0, 2, 0, 0, 0])]   # .XXX, the cell, empty, O: a four, not an open one
    ['dead', 'five', 'five', 'dead', 'four']
    >>> PATTERN_NAMES[c.line[2][line_key([0, 0, 2, 2, 2, 0, 1, 0, 0, 0])]], int(c.line[0, 0]) == CARO_MARK
    ('four', True)
    >>> PATTERN_NAMES[tables(False).line[1][line_key([0, 1, 1, 1, 0, 2, 0, 0])]]   # freestyle: an open four
    'open four'
    """
    if caro and not renju:
        n = 10
        keys = np.arange(4**n)
        own = ((keys[None, :] >> (2 * np.arange(n))[:, None]) & 3) == 1
        order = np.argsort(-own.sum(axis=0), kind="stable")
        line = _caro_line_table(n, _classify_caro(5, exact, order))
        cls, order_value, eval_value = _combo_tables(caro=True)
        codes = (line[1] | line[2] << 4).astype(np.uint8)
        return Tables(5, exact, False, line, cls, order_value, eval_value, codes, True)
    exact = exact and not renju
    reach = 5 if exact or renju else 4
    n = 2 * reach
    idx = np.arange(3**n)
    digits = (idx[None, :] // (3 ** np.arange(n))[:, None]) % 3
    order = np.argsort(-(digits == 1).sum(axis=0), kind="stable")
    pattern = _classify_all(reach, exact or renju, order)
    pattern_o = _classify_all(reach, False, order) if renju else pattern
    line = _line_table(n, pattern, pattern_o)
    cls, order_value, eval_value = _combo_tables(renju=renju)
    codes = (line[1] | line[2] << 4).astype(np.uint8)
    return Tables(reach, exact, renju, line, cls, order_value, eval_value, codes)
