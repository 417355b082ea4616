"""The clock of a move: how long to think under a manager's limits, and a reply that is never late.

``plan_time`` turns the protocol's limits (turn time, match time, time left)
into a ``Budget``: the engine's search limit, when to tell it to stop, and
when the reply goes out whatever it is doing. ``hint_by`` keeps that last
promise: the engine thinks in a thread of its own, and at the reply time the
caller gets the best move known so far. The pbrain brain and the match runner's
in-process levels share both.

>>> budget = plan_time(TimeControl(timeout_turn=200), 0)
>>> round(budget.search, 3), round(budget.deadline, 3), round(budget.reply, 3)
(0.14, 0.16, 0.174)
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from gomoku.board import Board, Point
from gomoku.engine import LEVELS

__all__ = [
    "UNLIMITED_MS",
    "DEFAULT_TIMEOUT_TURN_MS",
    "REPLY_MARGIN",
    "DEADLINE_SHARE",
    "STOP_MARGIN",
    "FAST_THRESHOLD",
    "MAX_TIMER",
    "HARD_SHARE",
    "HARD_MARGIN",
    "TimeControl",
    "Budget",
    "moves_to_go",
    "plan_time",
    "hint_by",
    "Thinking",
    "level_limits",
]

UNLIMITED_MS = 2147483647
"""What managers send as ``time_left`` when the match time is unlimited."""

DEFAULT_TIMEOUT_TURN_MS = 5000
"""The turn time assumed until the manager sends ``INFO timeout_turn``."""

# The reply margin: what a move costs besides the search (Python, the pipe,
# the manager), taken off every deadline.
REPLY_MARGIN = 0.03
# The deadline share of the turn time (less REPLY_MARGIN).
DEADLINE_SHARE = 0.95
# The search's limit ends this long before the deadline: the engine stops
# within a few milliseconds of its limit (the benchmarks' overshoot), and the
# deadline stops it anyway.
STOP_MARGIN = 0.02
# Below this much search time the brain plays the greedy level at once.
FAST_THRESHOLD = 0.03
# The longest the deadline timer waits (seconds): a day.
MAX_TIMER = 86400.0
# The reply goes out by this share of the turn time less HARD_MARGIN, searched or not.
HARD_SHARE = 0.97
HARD_MARGIN = 0.02


@dataclass
class TimeControl:
    """The limits the manager announced, in milliseconds as the protocol has them.

    ``timeout_turn`` 0 means "as fast as possible"; ``timeout_match`` 0 means no
    match limit; ``time_left`` is None until the manager sends it (or when it
    is ``UNLIMITED_MS``). ``used`` is the time the brain has spent on its own
    moves this game: without ``time_left``, the match time left is
    ``timeout_match`` less it.
    """

    timeout_turn: int = DEFAULT_TIMEOUT_TURN_MS
    timeout_match: int = 0
    time_left: int | None = None
    used: int = 0


@dataclass(frozen=True)
class Budget:
    """The time for one move, in seconds.

    ``search`` goes to the engine as its limit; ``deadline`` is when the brain
    tells the engine to stop regardless; ``reply`` is when the answer goes out
    whatever the engine is doing (the best move known by then). ``fast`` asks
    for the greedy level (no search): the time is too short for anything else.
    """

    search: float
    deadline: float
    fast: bool = False
    reply: float = MAX_TIMER


def moves_to_go(ply: int) -> int:
    """How many more moves of ours to spread the match time over.

    >>> moves_to_go(0), moves_to_go(60), moves_to_go(400)
    (30, 15, 10)
    """
    return max(10, 30 - ply // 4)


def plan_time(control: TimeControl, ply: int) -> Budget:
    """The budget for the move at ``ply`` (the number of stones on the board).

    The engine stops within a few milliseconds of its limit, and the brain
    stops it at the deadline anyway, so ``search + STOP_MARGIN <= deadline``;
    the deadline keeps ``REPLY_MARGIN`` and a twentieth of the turn time clear
    of the turn limit, and spends at most half of the match time left. The
    reply goes out by ``reply`` in any case: 97% of the turn time less 20 ms
    (at least half of it), and at most 60% of the match time left.

    >>> budget = plan_time(TimeControl(timeout_turn=1000), 0)
    >>> round(budget.search, 3), round(budget.deadline, 3), round(budget.reply, 3), budget.fast
    (0.9, 0.92, 0.95, False)
    >>> plan_time(TimeControl(timeout_turn=0), 0).fast
    True
    >>> plan_time(TimeControl(timeout_turn=10000, time_left=3000), 0).deadline < 1.5
    True
    """
    deadlines = []
    shares = []
    if control.timeout_turn <= 0:
        return Budget(0.0, REPLY_MARGIN, fast=True, reply=REPLY_MARGIN)
    turn = min(control.timeout_turn, UNLIMITED_MS) / 1000
    deadlines.append(turn * DEADLINE_SHARE - REPLY_MARGIN)
    replies = [max(turn * HARD_SHARE - HARD_MARGIN, turn * 0.5)]
    left = control.time_left
    if left is None and control.timeout_match > 0:
        left = control.timeout_match - control.used
    if left is not None and left < UNLIMITED_MS:
        seconds = max(left, 0) / 1000
        deadlines.append(seconds * 0.5 - REPLY_MARGIN)
        shares.append(seconds / moves_to_go(ply))
        replies.append(seconds * 0.6)
    deadline = min(deadlines)
    reply = max(min(replies), deadline, 0.0)
    search = deadline - STOP_MARGIN
    if shares:
        search = min(search, min(shares))
    if search < FAST_THRESHOLD:
        return Budget(0.0, max(deadline, 0.0), fast=True, reply=reply)
    return Budget(search, deadline, reply=reply)


def hint_by(engine: Any, board: Board, limits: dict[str, Any], stop: threading.Event, reply_by: float,
            on_info: Callable[[Any], None] | None = None) -> "Thinking":
    """Ask ``engine`` for a hint on ``board`` (``limits`` besides stop and
    on_info) in a thread of its own, and wait for it until ``reply_by``
    (``time.monotonic``) at the latest: a search that overstays its limit or a
    cold cache cannot make the reply late, as long as the engine's thread lets
    this one run (Python code does, every few milliseconds; compiled code must
    release the GIL). Past ``reply_by`` the returned turn is not ``done``:
    ``stop`` is set, ``best`` holds the first move of the deepest line
    reported (or None), and whatever the engine says later is dropped.
    """
    turn = Thinking()

    def heard(info: Any) -> None:
        pv = getattr(info, "pv", ())
        if pv:
            turn.best = tuple(pv[0])
        if on_info is not None and not turn.answered:
            on_info(info)

    limits = {**limits, "stop": stop, "on_info": heard}
    worker = threading.Thread(target=turn.run, args=(engine, board.copy(), limits), name="hint", daemon=True)
    turn.worker = worker
    worker.start()
    while not turn.done.wait(min(max(reply_by - time.monotonic(), 0.0), MAX_TIMER)):
        if time.monotonic() >= reply_by:
            stop.set()
            break
    turn.answered = True
    return turn


class Thinking:
    """One move's search, run in a worker thread: its answer, or its failure."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.move: Point | None = None
        self.best: Point | None = None  # the first move of the deepest line reported so far
        self.error: Exception | None = None
        self.answered = False  # the reply has gone out: the search's later news is dropped
        self.worker: threading.Thread | None = None
        """The thread the engine thinks in: a caller that ends the process joins it first
        (``gomoku.protocol.pbrain.serve`` at END)."""

    def run(self, engine: Any, board: Board, limits: dict[str, Any]) -> None:
        try:
            hint = engine.hint(board, **limits)
            self.move = tuple(hint.move)
        except Exception as exc:
            self.error = exc
        finally:
            self.done.set()


def level_limits(level: str, seconds: float) -> dict[str, Any]:
    """The engine limits for a move of ``level`` with ``seconds`` on the clock.

    The clock sets the time; the level keeps its own depth and node caps (so
    ``normal`` still searches 4 plies), but not its time, which is the hint's
    default and not a brain's.

    >>> level_limits("normal", 2.0)
    {'time': 2.0, 'depth': 4}
    >>> level_limits("strong", 2.0)
    {'time': 2.0}
    """
    limits: dict[str, Any] = {"time": seconds}
    base = LEVELS.get(level)
    if base is not None:
        if base.depth is not None:
            limits["depth"] = base.depth
        if base.nodes is not None:
            limits["nodes"] = base.nodes
    return limits
