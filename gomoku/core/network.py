"""The learned evaluation: every line pattern around an empty cell indexes a
learned feature vector, the vectors are summed as stones go down and come
off, and a small network reads the sums.

A *feature* is one empty cell's window on one of its four lines: the four
cells on each side (the line key's inner eight digits, ``patterns``: 0 empty,
1 X, 2 O, 3 wall), seen from one side (its own stones as 1), a window and its
mirror image being one feature. Windows with no stone in them are no feature
(row 0 below, all zero): the endless board's empty space costs nothing.

A network may also read *cell features* (``CELL_ROWS`` more rows, after the
``FEATURES`` window rows): for each empty cell, its four line codes together,
which no window sees (a cell where two threes cross): the multiset of the
side's own codes, the opponent's, and the pair of the two sides' threat
classes (``cell_features``; cells of lone stones and empty space have none).

Arrays (``F`` feature rows: ``FEATURES``, or ``FEATURES + CELL_ROWS`` with
cell features; ``D`` = the accumulator's width, ``H`` hidden units):

``index`` int32[3, 4 ** (2 * reach)]
    ``index[s, key]``: the feature row of line key ``key`` seen from side
    ``s`` (row 0 of ``index`` is unused). Built once per reach (``feature_index``).
``embed`` int32[F, D]
    The feature vectors, in units of ``1 / QUANT`` (integers: a stone put down
    and taken back leaves the sums exactly as they were).
``acc`` int32[3, D]
    ``acc[s]``: the sum of ``embed[index[s, key]]`` over every empty cell's four
    line keys, and of its cell rows, if any: side ``s``'s view of the board.
    Kept by ``grid.move``.
``w1`` float32[H, 2 * D], ``b1`` float32[H], ``w2`` float32[H]
    The network: ``x = [acc[s], acc[3 - s]] / QUANT`` for the side to move ``s``,
    ``h = max(0, w1 @ x + b1)``.
``head`` float32[4]
    ``b2``, ``scale`` (score units per unit of logit), ``own`` and ``opp``:
    the value for the side to move is
    ``scale * (w2 @ h + b2 + own * V[s] / 1000 + opp * V[3 - s] / 1000)``,
    ``V`` the hand-set evaluation's potentials (``cellvalues``), so the network
    learns what the table misses. Its logit is the side to move's chance of
    winning: the scale makes it a score on the search's usual scale.

A grid without a network has ``H = 0`` (``b1`` empty): ``grid.move`` skips the
sums and ``grid.evaluate`` is the hand-set evaluation.

>>> idx = feature_index(4)
>>> key = 1 | 1 << 2   # X on the two cells left of the cell, nothing else
>>> mirror = 1 << 14 | 1 << 12
>>> int(idx[1, key]) == int(idx[1, mirror]) > 0, int(idx[1, 0]), int(idx[2, key]) == int(idx[1, 2 | 2 << 2])
(True, 0, True)
>>> FEATURES
32761
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from gomoku.core.cellvalues import MULTISETS
from gomoku.core.struct import int64

__all__ = [
    "QUANT",
    "FEATURES",
    "CELL_ROWS",
    "feature_index",
    "code_index",
    "cell_table",
    "features",
    "cell_features",
    "net_value",
]

QUANT = 4096
"""Integer units of a feature vector per unit of the network's input."""


def _canonical() -> tuple[np.ndarray, int]:
    """For each eight-digit window (``4 ** 8``) its feature row from X's view:
    the window and its mirror share a row, windows without stones get 0."""
    keys = np.arange(4**8, dtype=np.int64)
    digits = (keys[:, None] >> (2 * np.arange(8))) & 3
    mirror = (digits[:, ::-1] << (2 * np.arange(8))).sum(axis=1)
    canon = np.minimum(keys, mirror)
    stones = ((digits == 1) | (digits == 2)).any(axis=1)
    rows = np.zeros(4**8, dtype=np.int32)
    uniq = np.unique(canon[stones])
    rows[stones] = np.searchsorted(uniq, canon[stones]) + 1
    return rows, int(uniq.size) + 1


_ROWS, FEATURES = _canonical()
"""The eight-digit window's feature row, and how many rows there are (row 0 included)."""


CELL_ROWS = 2 * 490 + 49
"""The cell features' rows, after the ``FEATURES`` window rows: an empty cell's
four line codes for one side as a multiset (``cellvalues.MULTISETS``; the five
with nothing better than lone stones, which empty space makes, left out), its
own side's (490 rows) and the opponent's (490), and the pair of threat classes
the cell has for the two sides (own, opponent's: 7 x 7 rows, both ``C_NONE``
left out)."""


@lru_cache(maxsize=1)
def cell_table() -> np.ndarray:
    """Where the cell rows are, for the grid (its ``nn_cell``) and the trainer
    (``cell_features``): for the four line codes ``c = sum(code[d] * 9 ** d)``,
    the feature row of their multiset as its own side's (``out[0, c]``) and as
    the opponent's (``out[1, c]``), and for the pair of classes ``k``
    (``7 * own + opponent's``) its row (``out[2, k]``); 0 (the zero row) for none.

    >>> t = cell_table()
    >>> t.shape, int(t[0, 0]), int(t[2, 48]), int(t[2, 0]) == FEATURES + 980
    ((3, 6561), 0, 0, True)
    """
    kept = [m for m in MULTISETS if max(m) >= 2]  # some code above ONE
    where: dict[tuple[int, ...], int] = {m: i + 1 for i, m in enumerate(kept)}
    c = np.arange(9**4)
    digits = np.sort(np.stack([(c // 9**d) % 9 for d in range(4)], axis=1), axis=1)
    rows = np.array([where.get(tuple(int(x) for x in row), 0) for row in digits], dtype=np.int32)
    out = np.zeros((3, 9**4), dtype=np.int32)
    out[0] = np.where(rows > 0, FEATURES + rows - 1, 0)
    out[1] = np.where(rows > 0, FEATURES + 490 + rows - 1, 0)
    out[2, :48] = FEATURES + 980 + np.arange(48)
    return out


def _swap(keys: np.ndarray, n: int) -> np.ndarray:
    """The keys with X and O exchanged (digits 1 and 2)."""
    out = np.zeros_like(keys)
    for j in range(n):
        d = (keys >> (2 * j)) & 3
        d = np.where(d == 1, 2, np.where(d == 2, 1, d))
        out |= d << (2 * j)
    return out


@lru_cache(maxsize=2)
def feature_index(reach: int) -> np.ndarray:
    """``index[s, key]`` for the line keys of ``reach`` cells each side (4 or 5;
    under 5 the outermost cell each side is not seen)."""
    n = 2 * reach
    keys = np.arange(4**n, dtype=np.int64)
    inner = (keys >> (2 * (reach - 4))) & 0xFFFF
    out = np.zeros((3, 4**n), dtype=np.int32)
    out[1] = _ROWS[inner]
    out[2] = _ROWS[_swap(inner, 8)]
    return out


def code_index(line: np.ndarray) -> np.ndarray:
    """For the eight-digit keys (``line`` the reach-4 pattern table), the pair of
    line codes a feature row has, own and opponent's, as ``9 * own + opp``:
    ``out[row]``, the coarse feature that training shares between windows of
    the same pattern (row 0: 0)."""
    keys = np.arange(4**8)
    out = np.zeros(FEATURES, dtype=np.int32)
    out[_ROWS] = 9 * line[1, keys].astype(np.int32) + line[2, keys].astype(np.int32)
    out[0] = 0
    return out


@njit(cache=True, nogil=True)
def features(cells: np.ndarray, keys: np.ndarray, index: np.ndarray, s: int, out: np.ndarray) -> int:
    """Write the feature rows of side ``s``'s view (every empty cell's four line
    keys) into ``out``; their number (rows 0 left out)."""
    n = 0
    for q in range(cells.size):
        if cells[q] != 0:
            continue
        for d in range(4):
            r = index[s, keys[4 * q + d]]
            if r > 0:
                out[n] = r
                n += 1
    return n


@njit(cache=True, nogil=True)
def cell_features(
    cells: np.ndarray, combo: np.ndarray, cls: np.ndarray, table: np.ndarray, s: int, out: np.ndarray, n: int
) -> int:
    """Append to ``out[n:]`` the cell rows (``table``: ``cell_table()``) of side
    ``s``'s view: for each empty cell, its own multiset, the opponent's and the
    pair of classes, those it has; the new count."""
    o = 3 - s
    for q in range(cells.size):
        if cells[q] != 0:
            continue
        for r in (table[0, combo[s, q]], table[1, combo[o, q]], table[2, 7 * int64(cls[s, q]) + cls[o, q]]):
            if r > 0:
                out[n] = r
                n += 1
    return n


@njit(cache=True, nogil=True, fastmath=True)
def net_value(
    acc: np.ndarray, s: int, own: float, opp: float, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, head: np.ndarray
) -> int:
    """The network's value for side to move ``s`` (score units), from the sums
    ``acc`` and the hand-set potentials ``own`` and ``opp`` of the two sides."""
    h_n, width = w1.shape
    dim = width // 2
    o = 3 - s
    inv = np.float32(1.0 / QUANT)
    out = head[0] + head[2] * np.float32(own * 0.001) + head[3] * np.float32(opp * 0.001)
    for j in range(h_n):
        row = w1[j]
        t = np.float32(0.0)
        for k in range(dim):  # a sum numba may reorder (fastmath): the same value to a few units
            t += row[k] * np.float32(acc[s, k]) + row[dim + k] * np.float32(acc[o, k])
        t = t * inv + b1[j]
        if t > 0:
            out += w2[j] * t
    v = out * head[1]
    if v > 100000.0:
        return 100000
    if v < -100000.0:
        return -100000
    return int64(v)
