"""The threat state of a position: what each side can make with one move, in a
few buckets, from the side to move's view (numba kernels).

A ply-stable evaluation (``grid.evaluate`` with a table-form evaluation) values
the two sides' potentials alike and carries the side to move's edge, the tempo,
in one bounded table indexed by this state: an open three of the side to move
is a threat it can carry out now; the opponent's is one it must answer first.

A side's state is read from its row of ``count`` (``grid.count[s]``: how many
empty cells make each threat class, ``patterns.C_*``):

``level``
    3 it can make an open four (``C_F4``), 2 a four-three (``C_B4F3``), 1 a
    double three (``C_F3F3``), 0 none of these;
``fours``
    cells where it makes a (closed) four (``C_B4``): 0, 1-2 or 3 and more;
``threes``
    cells where it makes an open three (``C_F3``): 0, 1-2, 3-5 or 6 and more.

``SIDE_STATES`` = 4 * 3 * 4 = 48 states a side; the position's state is
``mover * SIDE_STATES + opponent`` (``STATES`` = 2,304 in all).

>>> import numpy as np
>>> quiet = np.zeros(7, dtype=np.int32)
>>> side_state(quiet)
0
>>> three = quiet.copy(); three[C_F3] = 2          # an open two: two cells make an open three
>>> four_three = quiet.copy(); four_three[C_B4F3] = 1; four_three[C_B4] = 4
>>> side_state(three), side_state(four_three)
(1, 32)
>>> counts = np.zeros((3, 7), dtype=np.int32); counts[1] = three; counts[2] = four_three
>>> threat_state(counts, 1), threat_state(counts, 2) == 32 * SIDE_STATES + 1
(80, True)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gomoku.core.patterns import C_B4, C_B4F3, C_F3, C_F3F3, C_F4

__all__ = ["SIDE_STATES", "STATES", "side_state", "threat_state", "threat_states"]

SIDE_STATES = 48
"""States of one side: 4 levels x 3 buckets of fours x 4 buckets of threes."""
STATES = SIDE_STATES * SIDE_STATES
"""States of a position: the side to move's and the opponent's."""


@njit(cache=True, nogil=True)
def side_state(c: np.ndarray) -> int:
    """One side's state (0 .. ``SIDE_STATES`` - 1) from its row of class counts."""
    if c[C_F4] > 0:
        level = 3
    elif c[C_B4F3] > 0:
        level = 2
    elif c[C_F3F3] > 0:
        level = 1
    else:
        level = 0
    b4 = c[C_B4]
    fours = 0 if b4 == 0 else (1 if b4 <= 2 else 2)
    f3 = c[C_F3]
    threes = 0 if f3 == 0 else (1 if f3 <= 2 else (2 if f3 <= 5 else 3))
    return (level * 3 + fours) * 4 + threes


@njit(cache=True, nogil=True)
def threat_state(count: np.ndarray, s: int) -> int:
    """The position's state for side to move ``s`` from the grid's ``count`` (int32[3, 7])."""
    return side_state(count[s]) * SIDE_STATES + side_state(count[3 - s])


def threat_states(counts: np.ndarray) -> np.ndarray:
    """``threat_state`` for many positions at once: ``counts`` int[N, 2, 7] holds the
    side to move's row, then the opponent's (numpy, for the fit)."""
    out = np.empty(len(counts), dtype=np.int64)
    for i in range(len(counts)):
        out[i] = side_state(counts[i, 0]) * SIDE_STATES + side_state(counts[i, 1])
    return out
