"""The clock of a move: how long to think under a manager's limits, and a reply that is never late.

``plan_time`` turns the protocol's limits (turn time, match time, time left)
into a ``Budget``: the engine's search limit, when to tell it to stop, and
when the reply goes out whatever it is doing. ``hint_by`` keeps that last
promise: the engine thinks in a thread of its own, and at the reply time the
caller gets the best move known so far. The pbrain brain and the match runner's
in-process levels share both.

>>> budget = plan_time(TimeControl(timeout_turn=200), 0)
>>> round(budget.search, 3), round(budget.deadline, 3), round(budget.reply, 3)
(0.11, 0.13, 0.174)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace  # noqa: F401 - the doctests' stand-in for a SearchInfo
from typing import Any

from gomoku.board import Board, Point
from gomoku.engine import LEVELS, split_level

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
    "MAX_STRETCH",
    "HARD_SHARE_OF_LEFT",
    "PACE_POLL",
    "STAND_IN_SHARE",
    "TimeControl",
    "Budget",
    "moves_to_go",
    "reserve",
    "plan_time",
    "Pacer",
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
# The deadline's share of the turn time (less REPLY_MARGIN): a margin under the turn limit
# for a machine that stalls the reply (9.45 s of 10 once came too close).
DEADLINE_SHARE = 0.8
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

# The game clock (``plan_time``, ``moves_to_go``, ``reserve``, ``Pacer``).
# Our moves the clock is spread over: 20 at the first move, one fewer every 5 plies, 8 from ply 60.
FIRST_MOVES_TO_GO = 20
MIN_MOVES_TO_GO = 8
PLIES_PER_MOVE_TO_GO = 5
# Never planned: 2% of the game time, at least 1 s, and at least MOVE_COST for each of our
# moves up to ply LAST_PLY (up to OVERHEAD_SHARE of the game time): what the moves cost
# besides their searches (Python, the pipe, a greedy move).
RESERVE_SHARE = 0.02
RESERVE_MIN = 1.0
MOVE_COST = 0.03
LAST_PLY = 240
OVERHEAD_SHARE = 0.1
# Kept besides, before ply EARLY_PLIES (our 30th move from an opening of up to 10 stones):
# this share of the game time, so that no move of the middle game starts on an empty clock.
EARLY_SHARE = 0.1
EARLY_PLIES = 70
# The most one move may take: this many times its target, and this share of the clock it may spend.
MAX_STRETCH = 2.0
HARD_SHARE_OF_LEFT = 0.25
# The pacer's factor: more time while the best move changes and the score falls, less on an obvious move.
CHANGE_GAIN = 0.5
CHANGE_DECAY = 0.7
DROP_GAIN = 0.6
DROP_SCALE = 400.0
STABLE_DEPTHS = 6
STABLE_FACTOR = 0.6
MIN_FACTOR = 0.5
# How often (seconds) a paced search is looked at.
PACE_POLL = 0.02
# The share of a move's search time it waits for an engine whose tables (a new max_memory)
# or rules are being made ready while the kernels are loaded; then a stand-in searches it.
STAND_IN_SHARE = 0.1


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
    soft: float | None = None


def moves_to_go(ply: int) -> int:
    """How many more moves of ours the game clock is spread over, at ``ply`` (stones on the board):
    fewer as the game goes on.

    Games between engines from a balanced opening are mostly decided in their
    first 30 to 60 plies, and often end in a forced line soon after, played in
    milliseconds: a twentieth of the clock at the first move (as Rapfi's 22nd),
    one move fewer every 5 plies, an eighth of it from ply 60 on (a long game's
    last moves are mostly forced, and cheap).

    >>> moves_to_go(0), moves_to_go(15), moves_to_go(30), moves_to_go(60), moves_to_go(400)
    (20, 17, 14, 8, 8)
    """
    return max(MIN_MOVES_TO_GO, FIRST_MOVES_TO_GO - ply // PLIES_PER_MOVE_TO_GO)


def reserve(control: TimeControl, ply: int = 0, left: float | None = None) -> float:
    """The seconds of the game clock never planned for at ``ply``: the moves' own
    cost (Python, the pipe, the manager, a loaded machine's stalls, the greedy
    moves of a clock run down), 2% of the game time, at least 1 s, and at least
    ``MOVE_COST`` for each of our moves up to ply ``LAST_PLY`` (at most
    ``OVERHEAD_SHARE`` of the game time); and before ply ``EARLY_PLIES`` a tenth of
    the game time besides, so that even a game whose every move ran to its hard
    cap reaches its 30th move with a tenth of its clock. The game time is
    ``timeout_match``, or without it the clock ``left`` (seconds). Below the
    reserve every move is the greedy one: a 60 s game whose brain kept 0.6 s
    ended 0.2 s past its clock after a reply stalled for 1 s.

    >>> round(reserve(TimeControl(timeout_match=60000)), 2), round(reserve(TimeControl(timeout_match=60000), 70), 2)
    (9.6, 2.55)
    >>> reserve(TimeControl(timeout_match=60000), 400), reserve(TimeControl(), 400)
    (1.2, 1.0)
    """
    game = control.timeout_match / 1000 if control.timeout_match > 0 else max(left or 0.0, 0.0)
    overhead = min(MOVE_COST * max(LAST_PLY - ply, 0) / 2, OVERHEAD_SHARE * game)
    early = EARLY_SHARE * game if ply < EARLY_PLIES else 0.0
    return max(RESERVE_SHARE * game, RESERVE_MIN, overhead) + early


def plan_time(control: TimeControl, ply: int) -> Budget:
    """The budget for the move at ``ply`` (the number of stones on the board).

    The engine stops within a few milliseconds of its limit, and the brain
    stops it at the deadline anyway, so ``search + STOP_MARGIN <= deadline``;
    the deadline is at most ``DEADLINE_SHARE`` (80%) of the turn time less
    ``REPLY_MARGIN``, and at most half of the match time left. The reply goes
    out by ``reply`` in any case: 97% of the turn time less 20 ms (at least
    half of it), and at most 60% of the match time left.

    Under a game clock (``timeout_match`` or ``time_left``) the move has an
    optimum time, ``soft``: the clock left less its ``reserve``, over
    ``moves_to_go``. A ``Pacer`` stops the search near it, later on a critical
    move, sooner on an obvious one; ``search`` is then the maximum time, the most
    the move may take: ``MAX_STRETCH`` times the optimum, at most
    ``HARD_SHARE_OF_LEFT`` of the clock it may spend, and inside the turn limit
    (the engine's own limit and the pacer hold it; the deadline is the turn's).

    >>> budget = plan_time(TimeControl(timeout_turn=1000), 0)
    >>> round(budget.search, 3), round(budget.deadline, 3), round(budget.reply, 3), budget.fast, budget.soft
    (0.75, 0.77, 0.95, False, None)
    >>> plan_time(TimeControl(timeout_turn=0), 0).fast
    True
    >>> plan_time(TimeControl(timeout_turn=10000, time_left=3000), 0).deadline < 1.5
    True
    >>> budget = plan_time(TimeControl(timeout_turn=10000, timeout_match=60000, time_left=60000), 6)
    >>> round(budget.soft, 2), round(budget.search, 2), round(budget.deadline, 2)
    (2.66, 5.31, 7.97)
    >>> budget = plan_time(TimeControl(timeout_turn=10000, timeout_match=60000, time_left=6000), 80)
    >>> round(budget.soft, 2), round(budget.search, 2)
    (0.45, 0.9)
    """
    deadlines = []
    if control.timeout_turn <= 0:
        return Budget(0.0, REPLY_MARGIN, fast=True, reply=REPLY_MARGIN)
    turn = min(control.timeout_turn, UNLIMITED_MS) / 1000
    deadlines.append(turn * DEADLINE_SHARE - REPLY_MARGIN)
    replies = [max(turn * HARD_SHARE - HARD_MARGIN, turn * 0.5)]
    left = control.time_left
    if left is None and control.timeout_match > 0:
        left = control.timeout_match - control.used
    soft = usable = None
    if left is not None and left < UNLIMITED_MS:
        seconds = max(left, 0) / 1000
        deadlines.append(seconds * 0.5 - REPLY_MARGIN)
        replies.append(seconds * 0.6)
        usable = max(seconds - reserve(control, ply, seconds), 0.0)
        soft = usable / moves_to_go(ply)
    deadline = min(deadlines)
    reply = max(min(replies), deadline, 0.0)
    search = deadline - STOP_MARGIN
    if soft is not None and usable is not None:
        search = min(search, soft * MAX_STRETCH, usable * HARD_SHARE_OF_LEFT)
        soft = min(soft, search)
    if search < FAST_THRESHOLD:
        return Budget(0.0, max(deadline, 0.0), fast=True, reply=reply)
    return Budget(search, deadline, reply=reply, soft=soft)


class Pacer:
    """When to stop a search under a game clock, as strong engines do: near
    the move's target (``Budget.soft``), times a factor that its depths set.

    The factor grows while the best move changes from depth to depth
    (``CHANGE_GAIN`` a change, the older ones worth less: ``CHANGE_DECAY`` a
    depth) and while the score falls from two depths before (``DROP_GAIN`` at
    a fall of ``DROP_SCALE`` or more); it shrinks to ``STABLE_FACTOR`` when the same move
    has led for ``STABLE_DEPTHS`` depths with a steady score (an obvious move).
    It stays within ``MIN_FACTOR`` and ``MAX_STRETCH``, and the search within
    ``Budget.search`` whatever it says. A forced move (one defence, a win or
    loss found) needs no pacing: the search ends by itself.

    ``heard`` takes each completed depth; ``limit`` is the time (seconds since
    ``started``) the move may run now; ``expired(now)`` whether it is past.

    >>> def depths(pacer, *lines):
    ...     for depth, (move, score) in enumerate(lines, 1):
    ...         pacer.heard(SimpleNamespace(depth=depth, pv=(move,), score=score))
    ...     return round(pacer.limit(), 2)
    >>> budget = Budget(9.0, 9.5, soft=3.0)
    >>> Pacer(budget, started=0.0).limit()
    3.0
    >>> depths(Pacer(budget, 0.0), ((0, 0), 100), ((1, 1), 100), ((0, 0), -300))   # unstable, falling
    6.0
    >>> depths(Pacer(budget, 0.0), ((0, 0), 100), ((1, 1), 100), ((1, 1), 100))    # one change, settling
    4.05
    >>> depths(Pacer(budget, 0.0), *[((0, 0), 100)] * 8)                            # an obvious move
    1.8
    >>> pacer = Pacer(budget, started=10.0)
    >>> pacer.expired(12.9), pacer.expired(13.0)
    (False, True)
    """

    def __init__(self, budget: Budget, started: float) -> None:
        self.soft = budget.soft if budget.soft is not None else budget.search
        self.hard = budget.search
        self.started = started
        self.factor = 1.0
        self.best: Any = None
        self.depths = 0  # depths completed
        self.steady = 0  # depths in a row with the same best move and no fall of the score
        self.changes = 0.0
        self.falling = 0.0
        self.scores: list[float] = []

    def heard(self, info: Any) -> None:
        """One completed depth of the search (a ``SearchInfo``): the factor anew."""
        pv = getattr(info, "pv", ())
        if not pv:
            return
        move = tuple(pv[0])
        score = float(getattr(info, "score", 0.0))
        self.depths += 1
        self.changes *= CHANGE_DECAY
        # Against the score two depths back: an odd depth ends on our move, an even one on
        # the opponent's, and the scores of the two kinds differ by more than a real fall.
        earlier = self.scores[-2] if len(self.scores) >= 2 else self.scores[-1] if self.scores else score
        fall = max(earlier - score, 0.0)
        self.falling = max(self.falling * CHANGE_DECAY, fall)
        if self.best is not None and move != self.best:
            self.changes += 1.0
            self.steady = 0
        elif fall < DROP_SCALE / 4:
            self.steady += 1
        else:
            self.steady = 0
        self.best = move
        self.scores.append(score)
        factor = (1.0 + CHANGE_GAIN * self.changes) * (1.0 + DROP_GAIN * min(self.falling / DROP_SCALE, 1.0))
        if self.steady >= STABLE_DEPTHS and self.changes < 0.5 and self.falling < DROP_SCALE / 4:
            factor *= STABLE_FACTOR
        self.factor = min(max(factor, MIN_FACTOR), MAX_STRETCH)

    def limit(self) -> float:
        """The seconds (since ``started``) the move may run, as things stand."""
        return min(self.soft * self.factor, self.hard)

    def expired(self, now: float) -> bool:
        """Whether the search should stop at ``now`` (``time.monotonic``)."""
        return now - self.started >= self.limit()


def hint_by(
    engine: Any,
    board: Board,
    limits: dict[str, Any],
    stop: threading.Event,
    reply_by: float,
    on_info: Callable[[Any], None] | None = None,
    pacer: Pacer | None = None,
) -> Thinking:
    """Ask ``engine`` for a hint on ``board`` (``limits`` besides stop and
    on_info) in a thread of its own, and wait for it until ``reply_by``
    (``time.monotonic``) at the latest: a search that overstays its limit or a
    cold cache cannot make the reply late, as long as the engine's thread lets
    this one run (Python code does, every few milliseconds; compiled code must
    release the GIL). Past ``reply_by`` the returned turn is not ``done``:
    ``stop`` is set, ``best`` holds the first move of the deepest line
    reported (or None), and whatever the engine says later is dropped.
    A ``pacer`` (under a game clock) hears every depth, and stops the search
    sooner when it says so (looked at every ``PACE_POLL`` seconds); the engine
    is then told its plan (``plan``, the pacer's target).
    """
    turn = Thinking()

    def heard(info: Any) -> None:
        pv = getattr(info, "pv", ())
        if pv:
            turn.best = tuple(pv[0])
        if pacer is not None and not turn.answered:
            pacer.heard(info)
        if on_info is not None and not turn.answered:
            on_info(info)

    limits = {**limits, "stop": stop, "on_info": heard}
    if pacer is not None:
        limits["plan"] = pacer.soft
    worker = threading.Thread(target=turn.run, args=(engine, board.copy(), limits), name="hint", daemon=True)
    turn.worker = worker
    worker.start()
    while not turn.done.wait(min(max(reply_by - time.monotonic(), 0.0), PACE_POLL if pacer else MAX_TIMER)):
        now = time.monotonic()
        if now >= reply_by:
            stop.set()
            break
        if pacer is not None and pacer.expired(now):
            stop.set()  # the search ends at its next check, with its best move: waited for until reply_by
    turn.answered = True
    return turn


class Thinking:
    """One move's search, run in a worker thread: its answer, or its failure."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.move: Point | None = None
        self.hint: Any = None  # the engine's whole answer (its MultiPV candidates, if any)
        self.best: Point | None = None  # the first move of the deepest line reported so far
        self.error: Exception | None = None
        self.answered = False  # the reply has gone out: the search's later news is dropped
        self.worker: threading.Thread | None = None
        """The thread the engine thinks in: a caller that ends the process joins it first
        (``gomoku.protocol.pbrain.serve`` at END)."""

    def run(self, engine: Any, board: Board, limits: dict[str, Any]) -> None:
        try:
            hint = engine.hint(board, **limits)
            self.hint = hint
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
    base = LEVELS.get(split_level(level)[0])
    if base is not None:
        if base.depth is not None:
            limits["depth"] = base.depth
        if base.nodes is not None:
            limits["nodes"] = base.nodes
    return limits
