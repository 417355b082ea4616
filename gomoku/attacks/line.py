"""One line of the attack scanner, judged: the attacks on it, their weights,
its breakpoint and its five (seed 002's scanner; the scan step by step is in
``docs/attacks.md``, "The scan, step by step").

Both of ``gomoku.attacks``' implementations end here. The direct scan walks the
board and hands ``judge`` the runs it found; the fast map encodes a line's
neighbourhood as a base-3 pattern, and ``scan_pattern`` finds the runs in it
(an independent reading of the same spec) before handing them to ``judge``.
``LineCache`` remembers each pattern's answer.

>>> from gomoku.attacks.weights import default_table
>>> table = default_table()
>>> # k = 5, a line X [cell] . X: the central run of two (the X before the
>>> # scanned cell and the cell), and one X beyond an empty cell (divider 2)
>>> kept, dropped, breakpoint, five, weight = judge([(2, 2, 1, True, -1), (1, 2, 2, False, 2)], 5, False, table)
>>> [str(a) for a in kept], breakpoint, five
(['[2:2/1]', '[1:2/2]'], True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gomoku.attacks.weights import WeightTable

__all__ = [
    "EMPTY",
    "OWN",
    "BLOCKED",
    "Attack",
    "RawAttack",
    "judge",
    "DENSE_LIMIT",
    "scan_pattern",
    "LineCache",
]

# Cell states of a scan, from the scanning stone's point of view.
EMPTY, OWN, BLOCKED = 0, 1, 2


# -- the scan's results -------------------------------------------------------
@dataclass(frozen=True)
class Attack:
    """One attack on a line: a maximal run of one stone's stones.

    ``offset`` is where the run starts, in cells from the scanned cell along
    the line's direction (negative: before it). ``weight`` is the table weight
    divided by the divider.
    """

    power: int
    potential: int
    divider: int
    central: bool
    offset: int
    weight: float

    def __str__(self) -> str:
        return f"[{self.power}:{self.potential}/{self.divider}]"

    def to_dict(self) -> dict[str, Any]:
        """``{"power", "potential", "divider", "central", "weight"}``."""
        return {
            "power": self.power,
            "potential": self.potential,
            "divider": self.divider,
            "central": self.central,
            "weight": self.weight,
        }


# -- judging a line: shared by both implementations -----------------------------
RawAttack = tuple[int, int, int, bool, int]
"""(power, potential, divider, central, offset), in order along the line."""


def judge(
    raw: Sequence[RawAttack], k: int, exact: bool, table: WeightTable
) -> tuple[list[Attack], list[Attack], bool, bool, float]:
    """Filter the attacks of a line, weigh them and find its breakpoint and five."""
    kept: list[Attack] = []
    dropped: list[Attack] = []
    central: Attack | None = None
    total = 0.0
    for power, potential, divider, is_central, offset in raw:
        # Under exact-k rules a central run longer than k is an overline: no five, no threat.
        if (power >= k or potential >= 1) and not (exact and is_central and power > k):
            weight = table.attack_weight(power, potential, k) / divider
            attack = Attack(power, potential, divider, is_central, offset, weight)
            kept.append(attack)
            total += weight
            if is_central:
                central = attack
        else:
            dropped.append(Attack(power, potential, divider, is_central, offset, 0.0))
    breakpoint = False
    five = False
    if central is not None:
        five = central.power >= k
        if central.power >= k - 1 or (central.power >= k - 2 and central.potential == 2):
            breakpoint = True
        else:
            for side in kept:
                if side.divider == 2 and not side.central:
                    bonus = 1 if side.potential == 2 and central.potential == 2 else 0
                    if central.power + side.power + bonus >= k - 1:
                        breakpoint = True
                        break
    return kept, dropped, breakpoint, five, total


# -- the fast map's patterns --------------------------------------------------
# A line's neighbourhood, seen by one stone, is k + 1 cells each side of the
# scanned cell (the (k+1)th is the "look across the border" cell), each EMPTY,
# OWN or BLOCKED: a base-3 number, the cells before the scanned cell first
# (nearest first), then those after it.
DENSE_LIMIT = 3**12
"""Patterns of k <= 5 fit a dense lookup array; longer lines use a dictionary."""


def scan_pattern(code: int, k: int, exact: bool, table: WeightTable) -> tuple[float, bool, bool]:
    """Scan one encoded line pattern: (weight, breakpoint, five).

    An independent reading of the same spec as ``gomoku.attacks.scan_line``: it finds the
    maximal runs in the window instead of walking outward from the cell.
    """
    digits = []
    for _ in range(2 * k + 2):
        code, digit = divmod(code, 3)
        digits.append(digit)
    back, forward = digits[: k + 1], digits[k + 1 :]

    def reach(side: list[int]) -> int:
        for i in range(k):
            if side[i] == BLOCKED:
                return i
        return k

    reach_b, reach_f = reach(back), reach(forward)
    if 1 + reach_b + reach_f < k:
        return 0.0, False, False
    window = back[:reach_b][::-1] + [OWN] + forward[:reach_f]
    centre = reach_b
    open_before = reach_b == k and back[k] != BLOCKED
    open_after = reach_f == k and forward[k] != BLOCKED
    runs: list[tuple[int, int]] = []
    start = None
    for i, cell in enumerate(window + [EMPTY]):
        if cell == OWN and start is None:
            start = i
        elif cell != OWN and start is not None:
            runs.append((start, i - 1))
            start = None
    central = next(run for run in runs if run[0] <= centre <= run[1])
    raw: list[RawAttack] = []
    last = len(window) - 1
    for a, b in runs:
        potential = int(a > 0 or open_before) + int(b < last or open_after)
        if (a, b) == central:
            raw.append((b - a + 1, potential, 1, True, a - centre))
            continue
        between = window[b + 1 : central[0]] if b < centre else window[central[1] + 1 : a]
        raw.append((b - a + 1, potential, 1 + between.count(EMPTY), False, a - centre))
    _, _, breakpoint, five, weight = judge(raw, k, exact, table)
    return weight, breakpoint, five


class LineCache:
    """Pattern -> (weight, breakpoint, five) for one table, win length and overline rule.

    A memo of a pure function: it fills as patterns are met and never changes
    an answer.
    """

    def __init__(self, table: WeightTable, k: int, exact: bool) -> None:
        self.table, self.k, self.exact = table, k, exact
        self.size = 3 ** (2 * k + 2)
        self.dense = self.size <= DENSE_LIMIT
        if self.dense:
            self.weight = np.full(self.size, np.nan)
            self.breakpoint = np.zeros(self.size, dtype=bool)
            self.five = np.zeros(self.size, dtype=bool)
        self.memo: dict[int, tuple[float, bool, bool]] = {}

    def get(self, code: int) -> tuple[float, bool, bool]:
        found = self.memo.get(code)
        if found is None:
            found = self.memo[code] = scan_pattern(code, self.k, self.exact, self.table)
            if self.dense:
                # The weight last: a reader in another thread takes a non-NaN
                # weight to mean the whole entry is there.
                self.breakpoint[code] = found[1]
                self.five[code] = found[2]
                self.weight[code] = found[0]
        return found

    def lookup(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Vectorised ``get`` over an array of codes."""
        if self.dense:
            weights = self.weight[codes]
            missing = np.isnan(weights)
            if missing.any():
                for code in np.unique(codes[missing]).tolist():
                    self.get(code)
                weights = self.weight[codes]
            return weights, self.breakpoint[codes], self.five[codes]
        unique, inverse = np.unique(codes, return_inverse=True)
        found = [self.get(code) for code in unique.tolist()]
        w = np.array([f[0] for f in found], dtype=float)
        bp = np.array([f[1] for f in found], dtype=bool)
        fv = np.array([f[2] for f in found], dtype=bool)
        return w[inverse], bp[inverse], fv[inverse]
