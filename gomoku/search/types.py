"""What every search speaks: its limits, its per-depth report and its score scale
(``gomoku.core.scores``, the kernels' too).

The pattern search (``gomoku.search.searcher``) and the plain search for other
geometries (``gomoku.search.plain``) both take a ``Limit`` and yield ``SearchInfo``.

>>> Limit(time=1.0).depth is None
True
>>> WIN - WIN_THRESHOLD
10000
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gomoku.board import Point
from gomoku.core.scores import LIKELY, MAX_PLY, WIN, WIN_THRESHOLD

__all__ = ["LIKELY", "MAX_PLY", "WIN", "WIN_THRESHOLD", "Candidate", "Limit", "SearchAborted", "SearchInfo"]


class SearchAborted(Exception):
    """A node, time or stop limit was reached in the middle of a search."""


@dataclass(frozen=True)
class Limit:
    """How long a search may run: seconds, nodes, depth (plies), memory (MB).

    Any that is None is no limit; a search with no limit at all stops at
    ``MAX_PLY``. ``memory_mb`` bounds the transposition tables. ``plan`` (under
    ``time``) is the time a caller that paces the search means to give it (a
    game clock's target, ``gomoku.protocol.clock``): the root's threat checks
    take their shares of it, while ``time`` stays the most the search may run.
    """

    time: float | None = None
    nodes: int | None = None
    depth: int | None = None
    memory_mb: int | None = None
    plan: float | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class Candidate:
    """One of a search's best moves (MultiPV): the move, its score from the side
    to move's view, and its line (the move first).

    >>> Candidate((3, 4), 120.0, ((3, 4), (4, 4))).to_dict()
    {'move': [3, 4], 'score': 120.0, 'pv': [[3, 4], [4, 4]]}
    """

    move: Point
    score: float
    pv: tuple[Point, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"move": list(self.move), "score": self.score, "pv": [list(p) for p in self.pv]}


@dataclass(frozen=True)
class SearchInfo:
    """One completed depth of a search (the figures seeds 001 and 004 report).

    ``score`` is from the side to move's view (pattern units; beyond
    ``WIN_THRESHOLD`` a forced win, below ``-WIN_THRESHOLD`` a forced loss;
    ``LIKELY`` a likely win, not a proven one);
    ``pv`` the principal variation from the root; ``nodes`` and ``time`` the
    totals so far; ``cutoffs`` the beta cut-offs so far; ``ebf`` the effective
    branching factor (nodes of this depth / nodes of the previous one);
    ``forced_win`` whether the side to move has a proven win (a VCF or a
    five the search reached); ``candidates`` the best moves of a MultiPV
    search, best first, each searched to this depth (one, the line
    ``pv``, when the search looked for one).

    >>> info = SearchInfo(3, 50.0, ((0, 0), (1, 1)), 900, 0.1, 9000.0, 40, 3.0, False)
    >>> info.candidates
    (Candidate(move=(0, 0), score=50.0, pv=((0, 0), (1, 1))),)
    """

    depth: int
    score: float
    pv: tuple[Point, ...]
    nodes: int
    time: float
    nps: float
    cutoffs: int
    ebf: float
    forced_win: bool
    candidates: tuple[Candidate, ...] = ()

    def __post_init__(self) -> None:
        if not self.candidates and self.pv:
            object.__setattr__(self, "candidates", (Candidate(self.pv[0], self.score, self.pv),))

    def to_dict(self) -> dict[str, Any]:
        """Plain data, points as lists (for JSON)."""
        return {
            "depth": self.depth,
            "score": self.score,
            "pv": [list(p) for p in self.pv],
            "nodes": self.nodes,
            "time": round(self.time, 4),
            "nps": round(self.nps, 1),
            "cutoffs": self.cutoffs,
            "ebf": round(self.ebf, 2),
            "forced_win": self.forced_win,
            "candidates": [c.to_dict() for c in self.candidates],
        }
