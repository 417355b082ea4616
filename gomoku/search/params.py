"""Every tunable of the search's Python drivers, in one place, and the options a
search is run with.

The constants are the defaults; ``SearchOptions`` is what one search is given
(frozen: a caller that wants another setting makes another options object, and
nothing is set and restored on a ``Searcher``). The compiled kernels' own
constants (move-ordering bonuses, the VCT budgets of a node) are at the top of
their modules in ``gomoku.core``: numba compiles them in.

>>> SearchOptions().root_width == ROOT_WIDTH
True
>>> SearchOptions(root_vct=False).vct_defence
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass

__all__ = [
    "ROOT_WIDTH",
    "WIDTH",
    "VCF_NODES",
    "NODE_VCT_NODES",
    "THREAT_EXT",
    "PASS_CHECK",
    "LMR_DIVISOR",
    "NULL_MOVE",
    "QUIESCE",
    "FUTILITY",
    "UNITS_PER_LOGIT",
    "LEAF_VCF_NODES",
    "VCT_SHARE",
    "VCT_SHARE_WINNING",
    "VCT_SHARE_THREATENED",
    "DEFENCE_SHARE",
    "OTHERS_SHARE",
    "OTHERS_FLOOR",
    "OTHERS_UNTIL",
    "VERIFY_DEPTH",
    "VERIFY_SHARE",
    "FAVOURITE_SHARE",
    "FAVOURITE_UNTIL",
    "THREADS",
    "DEFAULT_MEMORY_MB",
    "SearchOptions",
    "TABLE_ENTRIES",
    "PROOF_ENTRIES",
    "MAX_DEPTH",
    "ALL_CELLS",
    "SMALL_BOX",
    "LINE_ORDER_WORK",
    "MARGIN",
    "MIN_MARGIN",
    "GRID_CELLS",
    "MAX_GRID_CELLS",
    "RING",
]

# -- the tree and the root's threat checks (``gomoku.search.searcher``) ----------
ROOT_WIDTH = 20
"""Candidate cells searched at the root (after forced replies and the TT move)."""
WIDTH = 10
"""Candidate cells searched at the other nodes."""
VCF_NODES = 400_000
"""Threat nodes a proof at the root may try when the search has no time or node limit;
one given less than a tenth of the budget gets that share of ten times this (the
quick checks of the defences: a few thousand nodes each, not this many)."""
NODE_VCT_NODES = 400
"""Threat nodes a tree node two or more plies from the leaves may spend proving a VCT."""
THREAT_EXT = 1
"""Plies past the tree's depth searched while the side to move must answer an open three."""
PASS_CHECK = 2
"""Down to this ply, a node whose opponent would have a VCT if it passed searches only the moves that may stop it."""
LMR_DIVISOR = 5
"""Late move reductions: the ``j``-th move of a node at ``depth`` (``j`` >= 2, counted
from 0, threats too) is searched ``0.6 + ln(depth) ln(j) * 10 / LMR_DIVISOR`` plies
shallower first, at most down to the leaves: at depth 8 the third move 3 plies
shallower, the sixth 7."""
NULL_MOVE = 0
"""Null move pruning, off by default: with ``SearchOptions(null_move=R)`` a node may
first let the opponent move twice, searched ``R + depth // 4`` plies shallower
than its moves would be (``gomoku.core.tree``). R 2 gained about 20 Elo at 30,000
nodes a move and nothing at 1 s (docs/log.md)."""
QUIESCE = 0
"""The quiescence (``gomoku.core.quiesce``), off by default: with ``SearchOptions(quiesce=N)``
a leaf where the side to move has a four to make is worth the best of its evaluation and
its fours played out (the blocks forced), N fours at most along a line; 0: the evaluation
alone (with the leaf's VCF). N 4 scored even with the engine without it at 200 ms a move
(docs/log.md): not accepted yet."""
FUTILITY = 0.0
"""Reverse futility pruning, off by default: with ``SearchOptions(futility=M)`` a
null-window node within ``tree.FUTILITY_DEPTH`` plies of the leaves is cut when its static
value less M logits of win chance a ply still holds beta (``gomoku.core.tree``). 0.3 on
top of the quiescence scored a little below it at 200 ms a move (docs/log.md)."""
UNITS_PER_LOGIT = 483
"""Evaluation units a logit of win chance is worth: 1 / a of the shipped chance curve
(``data/win-chance.json``, a = 0.00207); it turns margins in win chance into units."""
LEAF_VCF_NODES = 24
"""Threat nodes a leaf may spend looking for a VCF of the side to move."""
VCT_SHARE = 0.3
"""The share of the time the root's VCT of the side to move may take."""
VCT_SHARE_WINNING = 0.6
"""That share when the previous search of the game found a forced win."""
VCT_SHARE_THREATENED = 0.45
"""That share when the opponent threatens a VCF or a VCT (the tree will have few moves to search)."""
DEFENCE_SHARE = 0.8
"""The checks of the defences against such a threat stop by this share of the time (or nodes)."""
OTHERS_SHARE = 0.2
"""The share of the time (or nodes) the checks of the candidates off the threat may take in all."""
OTHERS_FLOOR = 0.0025
"""The least share one such check gets (fewer are checked, best first, when there are many)."""
OTHERS_UNTIL = 0.9
"""Those checks stop by this share of the time (or nodes), whatever the checks before them took."""
VERIFY_DEPTH = 2
"""From this depth on, the tree's favourite among unsettled defences gets a longer check."""
VERIFY_SHARE = 0.5
"""The share of the time left that check may take."""
FAVOURITE_SHARE = 0.1
"""The share of the time a check of any other favourite of the tree may take: does the
opponent have a VCF or a VCT after it (one too long for the tree's own node checks)?"""
FAVOURITE_UNTIL = 0.6
"""Favourites are checked until this share of the time is used."""
THREADS = max(1, min(4, os.cpu_count() or 1))
"""Threads a timed search uses by default: the machine's cores, four at most."""
DEFAULT_MEMORY_MB = 160
"""The tables' budget when none is given (the Gomocup allows 350 MB in all)."""


@dataclass(frozen=True)
class SearchOptions:
    """How one search runs: the tree's widths and extensions, the threat checks,
    the threads. The defaults are the engine's strongest settings; the levels
    below ``strong`` turn some checks off (``gomoku.engine.engine``).

    ``lmr_divisor`` 0 turns late move reductions off, ``leaf_vcf`` and
    ``node_vct`` 0 the threat searches of the leaves and of the tree's nodes,
    ``pass_check`` 0 the narrowing of a node whose opponent threatens a VCT,
    ``null_move`` 0 null move pruning, ``quiesce`` 0 the quiescence, ``futility``
    0 reverse futility pruning.
    """

    root_width: int = ROOT_WIDTH
    width: int = WIDTH
    lmr_divisor: int = LMR_DIVISOR
    leaf_vcf: int = LEAF_VCF_NODES
    node_vct: int = NODE_VCT_NODES
    threat_ext: int = THREAT_EXT
    pass_check: int = PASS_CHECK
    null_move: int = NULL_MOVE
    quiesce: int = QUIESCE
    futility: float = FUTILITY
    """Reverse futility's margin a ply, in logits of win chance (0: none)."""
    average: bool = True
    """A leaf worth the mean of its evaluation and its parent's (``context.AVERAGE``): the
    side to move's tempo counted once a ply; False: each leaf its own evaluation."""
    lmr_floor: bool = False
    """A reduced search keeps at least one ply (``context.LMR_FLOOR``)."""
    singular: float = 0.0
    """Singular extensions' margin a ply, in logits of win chance (0: none)."""
    root_vct: bool = True
    """Look for a VCT of the side to move at the root (after its VCF)."""
    vct_defence: bool = True
    """Take away the opponent's VCT at the root, as its VCF."""
    threads: int = THREADS
    """Threads of a timed search: the main one and ``threads - 1`` helpers."""
    multipv: int = 1
    """Best moves to find (MultiPV), each searched to the same depth: after the
    best, the root is searched again without it, and so on."""
    evaluation: str = "classic"
    """The static evaluation by name: ``classic`` (the hand-set cell values) or a
    learned network (``gomoku.search.nets``)."""


# -- helper threads (``gomoku.search.threads``) -------------------------------------
TABLE_ENTRIES = 1 << 16
"""Entries of a helper's own VCF table."""
PROOF_ENTRIES = 1 << 15
"""Nodes of a helper's own prover tree: enough for the tree's node VCTs."""

# -- threat searches for callers (``gomoku.search.threats``) ------------------------
MAX_DEPTH = 40
"""Attacking moves in the longest VCF looked for (the final five included)."""

# -- the plain search of other geometries (``gomoku.search.plain``) -----------------
ALL_CELLS = 4096
"""A bounded board of up to this many cells offers all its cells at the start of the game."""

SMALL_BOX = 125
"""A box of up to this many cells (5x5x5) searches every legal cell, not only those near the stones."""

LINE_ORDER_WORK = 20_000
"""Cells times line directions up to which a bounded board's lines are listed, for the move
order (3x3x3: 351, 15x15: 900); beyond it (a 6-D box: 364 directions) the list would cost
seconds before the first node, and the moves keep their point order."""

# -- the grid's layout (``gomoku.search.layout``) -----------------------------------
MARGIN = 16
"""Empty cells kept around each group of stones (the search's room to move)."""
MIN_MARGIN = 8
"""The narrowest margin (for stones spread far and wide): a candidate cell, two
from a stone, still sees its whole line windows inside the block."""
GRID_CELLS = 1 << 15
"""Cells a grid may hold at the full margin before it falls back to ``MIN_MARGIN``."""
MAX_GRID_CELLS = 1 << 20
"""The most cells a search lays out (about 60 MB); a board that needs more (thousands of
stones strung out along a diagonal) is searched by the plain search instead."""
RING = 5
"""Wall cells around each block: a line key reaches 4 cells each side (5 under exact five)."""
