"""What a brain says while it searches, for Yixin-Board's analysis: ``YXSHOWINFO`` (the
GUI announces itself) and ``INFO show_detail`` (how much real-time information it wants),
as Rapfi (the engine most Yixin-Board users run) has them.

Every completed depth of a search is one ``MESSAGE depth .. | score .. | ...`` line
(``describe_info``); ``INFO show_detail`` adds, a depth at a time:

- bit 1 (real time): ``MESSAGE REALTIME REFRESH`` and ``MESSAGE REALTIME BEST x,y`` (the
  best move so far; ``LOST x,y`` when its score is a proven loss), from which the GUI
  marks the move on its board;
- bit 2 (detail): for each of the best moves (one, or YXNBEST's), Rapfi's ``INFO`` lines
  ``INFO PV i``, ``INFO NUMPV n``, ``INFO DEPTH``, ``INFO SELDEPTH``, ``INFO NODES``,
  ``INFO TOTALNODES``, ``INFO TOTALTIME`` (ms), ``INFO SPEED`` (nodes a second),
  ``INFO EVAL`` (the score), ``INFO WINRATE`` (the win chance, 0 to 1), ``INFO BESTLINE``
  (the line, ``x,y`` moves) and ``INFO PV DONE``, which Yixin-Board reads into its
  analysis table.

``ShowInfoCommands`` is a part of the brain (``gomoku.protocol.brain.Brain`` derives from
it). ``search_lines`` is the pure part.

>>> from types import SimpleNamespace
>>> info = SimpleNamespace(depth=3, score=-12.0, pv=((7, 7), (8, 8)), nodes=900, time=0.5, nps=1800.0,
...                        forced_win=False, candidates=())
>>> search_lines(info, REALTIME)[1:]
['MESSAGE REALTIME REFRESH', 'MESSAGE REALTIME BEST 7,7']
>>> search_lines(info, DETAIL)[1:4]
['INFO PV 0', 'INFO NUMPV 1', 'INFO DEPTH 3']
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, ClassVar

from gomoku import __version__
from gomoku.board import format_point
from gomoku.engine.chance import win_chance
from gomoku.protocol.engines import describe_info
from gomoku.search.types import WIN_THRESHOLD

__all__ = ["REALTIME", "DETAIL", "SHOW_DETAIL_MAX", "MAX_HASH_SIZE", "search_lines", "ShowInfoCommands"]

REALTIME = 1
"""``INFO show_detail``'s bit for the REALTIME lines."""

DETAIL = 2
"""``INFO show_detail``'s bit for the INFO detail lines."""

SHOW_DETAIL_MAX = REALTIME | DETAIL
"""The largest ``INFO show_detail`` (both); a larger value, or a negative one, is refused."""

MAX_HASH_SIZE = 30
"""What YXSHOWINFO says as ``INFO MAX_HASH_SIZE``: the top of Yixin-Board's hash-size
setting, the value Rapfi gives (this brain sizes its tables from ``max_memory``)."""


def _moves(pv: Any) -> str:
    return " ".join(format_point(tuple(p)) for p in pv)


def search_lines(info: Any, detail: int) -> list[str]:
    """The lines a completed depth ``info`` (a ``SearchInfo``) is said in under
    ``INFO show_detail`` ``detail``: the MESSAGE line, then the REALTIME and INFO lines asked for."""
    lines = [f"MESSAGE {describe_info(info)}"]
    pv = tuple(getattr(info, "pv", ()) or ())
    if detail & REALTIME and pv:
        score = float(getattr(info, "score", 0.0))
        lines.append("MESSAGE REALTIME REFRESH")
        lines.append(f"MESSAGE REALTIME {'LOST' if score < -WIN_THRESHOLD else 'BEST'} {format_point(tuple(pv[0]))}")
    if detail & DETAIL:
        candidates = tuple(getattr(info, "candidates", ()) or ())
        best = [(c.score, c.pv) for c in candidates] or [(getattr(info, "score", 0.0), pv)]
        nodes = int(getattr(info, "nodes", 0))
        depth = getattr(info, "depth", 0)
        for index, (score, line) in enumerate(best):
            lines += [
                f"INFO PV {index}",
                f"INFO NUMPV {len(best)}",
                f"INFO DEPTH {depth}",
                f"INFO SELDEPTH {depth}",
                f"INFO NODES {nodes}",
                f"INFO TOTALNODES {nodes}",
                f"INFO TOTALTIME {round(float(getattr(info, 'time', 0.0)) * 1000)}",
                f"INFO SPEED {round(float(getattr(info, 'nps', 0.0) or 0.0))}",
                f"INFO EVAL {float(score):+g}",
                f"INFO WINRATE {win_chance(float(score)):.4f}",
                f"INFO BESTLINE {_moves(line)}",
                "INFO PV DONE",
            ]
    return lines


class ShowInfoCommands:
    """YXSHOWINFO (``SHOW_COMMANDS``), the lines a search is said in, and what of the brain they use."""

    show_detail: int
    """``INFO show_detail``: 0 (the default) the MESSAGE lines only; bit 1 REALTIME, bit 2 the INFO lines."""

    def write(self, line: str) -> None:
        raise NotImplementedError  # the brain's

    def _reply(self, line: str) -> None:
        raise NotImplementedError  # the brain's

    def heard(self, info: Any) -> None:
        """A completed depth of the search: said in its lines (``search_lines``)."""
        for line in search_lines(info, self.show_detail):
            self.write(line)

    def _show_detail_info(self, number: int) -> str | None:
        """INFO show_detail N; a MESSAGE's text if refused (the value stays)."""
        if not 0 <= number <= SHOW_DETAIL_MAX:
            return f"INFO show_detail {number} ignored: expected 0 to {SHOW_DETAIL_MAX}; it stays {self.show_detail}"
        self.show_detail = number
        return None

    def _show_info(self, arg: str) -> None:
        """YXSHOWINFO: the GUI announces itself; the brain names itself and its limits, in
        MESSAGE lines as Rapfi does (no answer is waited for)."""
        self.write(f"MESSAGE gomoku {__version__}")
        self.write(f"MESSAGE INFO MAX_THREAD_NUM {os.cpu_count() or 1}")
        self._reply(f"MESSAGE INFO MAX_HASH_SIZE {MAX_HASH_SIZE}")

    SHOW_COMMANDS: ClassVar[dict[str, Callable[[ShowInfoCommands, str], None]]] = {"YXSHOWINFO": _show_info}
    """The commands of this part, by name, for the brain's table."""
