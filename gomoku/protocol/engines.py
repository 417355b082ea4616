"""The engine side of the pbrain brain: what it needs of an engine, and the engines it plays with.

``HintEngine`` is what the brain asks of an engine (a ``hint`` with limits);
``default_engine_factory`` makes ``gomoku.engine.Engine`` for a memory budget,
keeping ``PROCESS_MB`` for the process itself. ``Preparation`` is an engine
being made ready in a thread of its own (its kernels, its tables), waited for by
the moves; until it is ready, the brain plays ``GreedyPlayer``, the attack
scanner's move, whose one-off work ``warm_greedy`` does at START. ``describe_info``
writes a search's progress as the text of one MESSAGE line.

>>> info = SimpleNamespace(depth=4, score=12.5, nodes=3000, nps=15000.4, time=0.2, pv=[(9, 9), (10, 10)])
>>> describe_info(info)
'depth 4 | score +12.5 | nodes 3000 | nps 15000 | time 0.20s | pv 9,9 10,10'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, Protocol

from gomoku.attacks import greedy_move
from gomoku.board import Board, Rules, format_point
from gomoku.engine import Engine
from gomoku.protocol.position import fallback_move

__all__ = [
    "HintEngine",
    "EngineFactory",
    "GreedyPlayer",
    "Preparation",
    "PROCESS_MB",
    "READY_POLL",
    "default_engine_factory",
    "describe_info",
    "warm_greedy",
]


class HintEngine(Protocol):
    """What the brain needs of an engine (``gomoku.engine.Engine`` has it)."""

    # ``*args: Any, **limits: Any``: any further parameters, keyword-only limits included.
    def hint(self, board: Board, *args: Any, **limits: Any) -> Any: ...


EngineFactory = Callable[[int | None], HintEngine]


def describe_info(info: Any) -> str:
    """A ``SearchInfo`` as the text of one MESSAGE line."""
    pv = " ".join(format_point(p) for p in getattr(info, "pv", ()))
    parts = [
        f"depth {getattr(info, 'depth', '?')}",
        f"score {getattr(info, 'score', 0):+g}",
        f"nodes {getattr(info, 'nodes', 0)}",
        f"nps {round(getattr(info, 'nps', 0) or 0)}",
        f"time {getattr(info, 'time', 0):.2f}s",
    ]
    if getattr(info, "forced_win", False):
        parts.append("forced win")
    parts.append(f"pv {pv}" if pv else "pv -")
    return " | ".join(parts)


class GreedyPlayer:
    """The attack scanner's greedy move as an engine: pure Python, no compiled kernel.
    The brain plays it while its engine is not ready (compiling, on a first run)."""

    def hint(self, board: Board, **limits: Any) -> Any:
        return SimpleNamespace(move=greedy_move(board))


class Preparation:
    """An engine being made ready for ``rules`` in a thread of its own: its one-off work
    (``prepare``: the kernels loaded, or compiled on a first run, and the tables built)."""

    def __init__(self, engine: HintEngine, rules: Rules, compiling: bool) -> None:
        self.engine: HintEngine | None = engine
        self.rules = rules
        self.compiling = compiling
        """Whether the kernels are being compiled (a cold cache: tens of seconds): START does not wait."""
        self.done = threading.Event()
        self.error: Exception | None = None
        self.told = False
        """Whether the brain has said (once) that it plays the greedy move meanwhile, or that this failed."""

    def start(self, lock: threading.Lock, current: Callable[[], Preparation | None], needed: bool = True) -> None:
        """Run it (``run``) in a thread of its own; done at once if there is nothing to do
        ahead (not ``needed``, or an engine without ``prepare``)."""
        if not needed or not callable(getattr(self.engine, "prepare", None)):
            self.done.set()  # nothing to do ahead
        else:
            threading.Thread(target=self.run, args=(lock, current), name="brain-prepare", daemon=True).start()

    def run(self, lock: threading.Lock, current: Callable[[], Preparation | None]) -> None:
        """The preparation's thread: one at a time (``lock``), skipped once a newer one is
        wanted (``current()`` is no longer this one)."""
        with lock:
            try:
                if current() is self:
                    self.engine.prepare(self.rules)  # type: ignore[union-attr]  # start() ran this for one with prepare
            except Exception as exc:  # told with the next move; the engine is used all the same
                self.error = exc
            finally:
                if current() is not self:
                    self.engine = None  # superseded: its tables go before the next one's are built
                self.done.set()

    def wait(self, seconds: float, stop: threading.Event) -> float:
        """Wait up to ``seconds`` for it to be done, less if ``stop`` is set meanwhile (STOP
        and END are heard while a move waits); the seconds waited."""
        start = time.monotonic()
        until = start + seconds
        while not self.done.wait(min(READY_POLL, max(until - time.monotonic(), 0.0))):
            if stop.is_set() or time.monotonic() >= until:
                break
        return time.monotonic() - start

    def news(self, done: bool) -> str | None:
        """What the brain says of it, once: that it failed (``done``), or (not ``done``) that
        the greedy move is played meanwhile; None if there is nothing (more) to say."""
        if self.told or (done and self.error is None):
            return None
        self.told = True
        if done:
            exc = self.error
            return f"warm-up failed ({type(exc).__name__}: {exc}); the engine does it on its moves"
        why = "still compiling (first run only)" if self.compiling else "still getting ready"
        return f"the engine is {why}: playing the greedy move"


READY_POLL = 0.02
"""How often a move waiting for the engine looks whether STOP or END came."""

# What the interpreter, numba's runtime and the compiled kernels take besides the tables (measured: about 110 MB).
PROCESS_MB = 120


def default_engine_factory(level: str = "strong") -> EngineFactory:
    """A maker of an ``Engine`` of ``level`` for a memory budget in MB.

    The engine's tables get the budget less what the process itself needs.
    """

    def make(memory_mb: int | None) -> HintEngine:
        tables = None if memory_mb is None else max(memory_mb - PROCESS_MB, 8)
        return Engine(level, memory_mb=tables)

    return make


def warm_greedy(rules: Rules, size: tuple[int, int]) -> str | None:
    """Do the greedy route's one-off work now, off the turn clock: its tables (0.2 s the
    first time, a millisecond after), and the fallback move's; what failed, if it did."""
    try:
        board = Board(rules)
        board.push(rules.centre())
        greedy_move(board)
        fallback_move(board, set(), size)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None
