"""The numbers the commands take, bounded by what the engine can honour.

A limit past its bound is refused while the command line is read (one line,
exit 2), never run: a search of ``--time 1e308`` would never end, and a node
count past 64 bits wraps round in the kernels. Threads are the exception:
more than the machine has are capped at its cores, as the pbrain protocol's
``INFO thread_num`` is, with a one-line note on stderr.

>>> seconds("2.5"), nodes("5000"), depth("64")
(2.5, 5000, 64)
>>> depth("65")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: at most 64 plies (the search's deepest), not '65'
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import TextIO

from gomoku.board import Rules
from gomoku.engine.engine import MAX_MULTIPV
from gomoku.match.sprt import MAX_ELO
from gomoku.records.game import clip
from gomoku.search.types import MAX_PLY

__all__ = [
    "POSITION_HELP",
    "RULES_HELP",
    "MAX_SECONDS",
    "MAX_NODES",
    "MAX_DEPTH",
    "MAX_GAMES",
    "MAX_MOVE_MS",
    "MAX_GAME_MS",
    "CORES",
    "seconds",
    "count",
    "nodes",
    "depth",
    "multipv",
    "elo",
    "error_rate",
    "cap",
]

POSITION_HELP = (
    "moves like '0,0 1,0 0,1' (X first; '' is the empty board), or a .json, .sgf or .psq file, or FILE.jsonl:N"
)
"""The help of every command's POSITION argument."""

RULES_HELP = (
    f"rules for a move string: a preset ({', '.join(Rules.PRESETS)}) or the general form "
    "size=AxB[xC],k=N[,gravity][,exact][,renju][,caro], endless in place of size=AxB "
    "(default freestyle, the endless board); files carry their own"
)
"""The help of every command's ``--rules`` (``connect4`` is Connect Four)."""

MAX_SECONDS = 86_400.0
"""The longest search time: a day."""

MAX_NODES = 10**12
"""The most nodes a search is given: days of search, and far inside the kernels' 64-bit counters."""

MAX_DEPTH = MAX_PLY
"""The deepest search: the search's own ply limit (``gomoku.core.scores.MAX_PLY``)."""

MAX_GAMES = 100_000
"""The most games of a match."""

MAX_MOVE_MS = 3_600_000
"""The longest time for a move of a match, and the longest grace: an hour, in milliseconds."""

MAX_GAME_MS = 86_400_000
"""The longest game clock of a match (``--time-per-game``): a day, in milliseconds."""

CORES = os.cpu_count() or 1
"""The machine's cores: the most threads a search, or games a match, may use at once."""


def seconds(text: str) -> float:
    """A search time: a number of seconds above 0 and at most ``MAX_SECONDS``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {clip(text)!r}") from None
    if not value > 0 or not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {clip(text)!r}")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"at most {MAX_SECONDS:.0f} seconds (a day), not {clip(text)!r}")
    return value


def count(text: str) -> int:
    """A whole number at least 1, with no upper bound (threads are capped later: ``cap``)."""
    try:
        value = int(text)
    except ValueError:  # not a number, or one longer than Python reads (4300 digits)
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, not {clip(text)!r}")
    return value


def nodes(text: str) -> int:
    """A node limit: 1 to ``MAX_NODES``."""
    value = count(text)
    if value > MAX_NODES:
        raise argparse.ArgumentTypeError(f"at most {MAX_NODES:,} nodes (10**12), not {clip(text)!r}")
    return value


def depth(text: str) -> int:
    """A depth limit: 1 to ``MAX_DEPTH`` plies."""
    value = count(text)
    if value > MAX_DEPTH:
        raise argparse.ArgumentTypeError(f"at most {MAX_DEPTH} plies (the search's deepest), not {clip(text)!r}")
    return value


def multipv(text: str) -> int:
    """A number of candidate moves: 1 to ``MAX_MULTIPV``.

    >>> multipv("3")
    3
    """
    value = count(text)
    if value > MAX_MULTIPV:
        raise argparse.ArgumentTypeError(f"at most {MAX_MULTIPV} candidates, not {clip(text)!r}")
    return value


def elo(text: str) -> float:
    """An Elo difference of a sequential test's hypothesis: -``MAX_ELO`` to ``MAX_ELO``.

    >>> elo("-5"), elo("2.5")
    (-5.0, 2.5)
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of Elo, not {clip(text)!r}") from None
    if not abs(value) <= MAX_ELO:  # NaN too
        raise argparse.ArgumentTypeError(f"expected -{MAX_ELO:g} to {MAX_ELO:g} Elo, not {clip(text)!r}")
    return value


def error_rate(text: str) -> float:
    """A sequential test's chance of error (``--alpha``, ``--beta``): above 0 and below 0.5."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"expected a probability above 0 and below 0.5, not {clip(text)!r}")
    return value


def cap(value: int, option: str, what: str, stream: TextIO | None = None) -> int:
    """``value`` capped at the machine's cores, saying so in one line on ``stream``
    (stderr) when it is.

    >>> import io
    >>> note = io.StringIO()
    >>> cap(CORES + 1, "--threads", "threads", note) == CORES and note.getvalue().count("\\n")
    1
    """
    if value <= CORES:
        return value
    cores = f"{CORES} core{'' if CORES == 1 else 's'}"
    print(
        f"gomoku: note: {option} {clip(str(value))}: this machine has {cores}; using {CORES} {what}",
        file=stream or sys.stderr,
        flush=True,
    )
    return CORES
