"""The value of an empty cell for the static evaluation, by its four line patterns.

Each empty cell has, for each side, a pattern code on each of its four lines
(``gomoku.core.patterns``: DEAD, ONE, B2, F2, B3, F3, B4, F4, FIVE, numbered 0-8).
The cell's value for that side depends on the four codes as a multiset (the
lines' order does not matter): ``CELL_VALUES[i]`` for the i-th of ``MULTISETS``,
the sorted code quadruples in ``itertools.combinations_with_replacement`` order.
A side's *potential* is the sum of its values over every empty cell, and the
evaluation is ``TEMPO`` times the side to move's potential less the opponent's
(``grid.evaluate``): a cell the side to move can play now is worth more than
one the opponent must first find time for.

The numbers are fitted, not chosen by hand: ``python -m bench.fit_eval`` fits
them by logistic regression so that the evaluation predicts the side to move's
chance of winning, over positions from our engine's match games labelled with a
strong engine's evaluation at 100 ms each. Cells with nothing better than lone
stones on their lines are fixed at 0. Fives to make never reach the fit (the
search wins or blocks them before it evaluates), so those entries keep the
hand-set values of the table before this one.

>>> len(MULTISETS), len(CELL_VALUES)
(495, 495)
>>> MULTISETS[0], MULTISETS[-1]
((0, 0, 0, 0), (8, 8, 8, 8))
>>> def value(*codes): return CELL_VALUES[MULTISETS.index(tuple(sorted(codes)))]
>>> value(1, 1, 1, 5) > value(1, 1, 1, 3) > value(1, 1, 1, 1) == 0   # open three > open two > nothing
True
>>> value(1, 1, 3, 5) > value(1, 1, 1, 5)                            # an open two beside it adds
True
"""

from __future__ import annotations

from itertools import combinations_with_replacement

__all__ = ["TEMPO", "MULTISETS", "CELL_VALUES"]

TEMPO = 2
"""How many times the side to move's potential counts: 1.5, 1.75, 2, 2.25 and 3 were
tried; 2 to 2.25 fit best (held-out cross-entropy within 0.0003 of each other), 1.2 far worse."""

MULTISETS = tuple(combinations_with_replacement(range(9), 4))
"""The 495 sorted quadruples of line codes, in the order of ``CELL_VALUES``."""

CELL_VALUES = (
    # fitted to 36512 positions, held-out cross-entropy 0.5024
    0, 0, -1, 3, 4, -4, 25, 883, 1500, 0, -4, -7, -19, 19, 12,
    876, 1500, -3, -11, -12, 40, 68, 894, 1504, 22, 1, 74, 138, 912, 1512,
    23, 61, 143, 915, 1512, 251, 458, 959, 1560, 740, 970, 1570, 1200, 1800, 3000,
    0, -4, 3, -10, 32, 49, 847, 1500, -22, 6, -7, 28, 72, 883, 1504,
    21, 29, 96, 162, 901, 1512, 52, 98, 134, 910, 1512, 264, 456, 959, 1560,
    738, 970, 1570, 1200, 1800, 3000, -25, 12, -12, 19, 108, 908, 1508, 26, 29,
    124, 167, 923, 1516, 64, 115, 169, 919, 1516, 277, 450, 965, 1564, 746, 974,
    1574, 1204, 1804, 3004, 53, 70, 128, 121, 923, 1524, 43, 135, 134, 927, 1524,
    286, 451, 974, 1572, 752, 982, 1582, 1212, 1812, 3012, 35, 110, 121, 926, 1524,
    281, 452, 974, 1572, 752, 982, 1582, 1212, 1812, 3012, 330, 490, 1020, 1620, 800,
    1030, 1630, 1260, 1860, 3060, 810, 1040, 1640, 1270, 1870, 3070, 1500, 2100, 3300, 4500,
    0, 0, 1, 10, 41, 63, 794, 1500, -9, 6, 9, 46, 111, 855, 1504,
    11, 27, 73, 189, 881, 1512, 27, 85, 211, 908, 1512, 190, 463, 955, 1560,
    740, 969, 1570, 1200, 1800, 3000, -15, 8, 19, 61, 142, 910, 1508, 18, 37,
    82, 198, 916, 1516, 61, 64, 179, 914, 1516, 223, 455, 964, 1564, 743, 974,
    1574, 1204, 1804, 3004, 16, 46, 96, 156, 926, 1524, 46, 86, 150, 928, 1524,
    242, 451, 972, 1572, 750, 980, 1582, 1212, 1812, 3012, 33, 80, 111, 924, 1524,
    251, 446, 974, 1572, 753, 982, 1582, 1212, 1812, 3012, 325, 490, 1020, 1620, 800,
    1030, 1630, 1260, 1860, 3060, 810, 1040, 1640, 1270, 1870, 3070, 1500, 2100, 3300, 4500,
    9, 18, 21, 57, 99, 915, 1512, 21, 69, 70, 118, 922, 1520, 56, 98,
    119, 922, 1520, 265, 440, 967, 1568, 748, 978, 1578, 1208, 1808, 3008, 13, 61,
    67, 129, 930, 1528, 60, 109, 120, 931, 1528, 279, 451, 977, 1576, 756, 986,
    1586, 1216, 1816, 3016, 56, 92, 111, 930, 1528, 265, 450, 976, 1576, 756, 986,
    1586, 1216, 1816, 3016, 334, 494, 1024, 1624, 804, 1034, 1634, 1264, 1864, 3064, 814,
    1044, 1644, 1274, 1874, 3074, 1504, 2104, 3304, 4504, 48, 34, 97, 112, 938, 1536,
    54, 108, 114, 938, 1536, 291, 457, 984, 1584, 764, 994, 1594, 1224, 1824, 3024,
    52, 98, 110, 936, 1536, 293, 454, 984, 1584, 764, 994, 1594, 1224, 1824, 3024,
    342, 502, 1032, 1632, 812, 1042, 1642, 1272, 1872, 3072, 822, 1052, 1652, 1282, 1882,
    3082, 1512, 2112, 3312, 4512, 50, 96, 107, 936, 1536, 295, 454, 984, 1584, 764,
    994, 1594, 1224, 1824, 3024, 342, 502, 1032, 1632, 812, 1042, 1642, 1272, 1872, 3072,
    822, 1052, 1652, 1282, 1882, 3082, 1512, 2112, 3312, 4512, 390, 550, 1080, 1680, 860,
    1090, 1690, 1320, 1920, 3120, 870, 1100, 1700, 1330, 1930, 3130, 1560, 2160, 3360, 4560,
    880, 1110, 1710, 1340, 1940, 3140, 1570, 2170, 3370, 4570, 1800, 2400, 3600, 4800, 6000,
)
