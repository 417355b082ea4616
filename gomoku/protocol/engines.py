"""The engine side of the pbrain brain: what it needs of an engine, and the engines it plays with.

``HintEngine`` is what the brain asks of an engine (a ``hint`` with limits);
``default_engine_factory`` makes ``gomoku.engine.Engine`` for a memory budget,
its tables ``table_mb`` of it (``PROCESS_MB`` kept for the process itself, at most
``TABLES_CAP_MB``). ``Preparation`` is an engine being made ready in a thread of
its own (its kernels, its tables), waited for by the moves; until it is ready, an
engine of small tables searches (``small_engine``, when only the tables or the
rules are being made ready), else the brain plays ``GreedyPlayer``, the attack
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
from gomoku.search.params import DEFAULT_MEMORY_MB

__all__ = [
    "HintEngine",
    "EngineFactory",
    "GreedyPlayer",
    "Preparation",
    "PROCESS_MB",
    "READY_POLL",
    "TABLES_CAP_MB",
    "STAND_IN_MB",
    "default_engine_factory",
    "small_engine",
    "table_mb",
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

    def __init__(
        self,
        engine: HintEngine,
        rules: Rules,
        compiling: bool,
        stand_in: Callable[[], HintEngine] | None = None,
    ) -> None:
        self.engine: HintEngine | None = engine
        self.rules = rules
        self.compiling = compiling
        """Whether the kernels are being compiled (a cold cache: tens of seconds): START does not wait."""
        self._make_stand_in = stand_in
        self._stand_in: HintEngine | None = None
        self._making = threading.Lock()  # one stand-in, whichever thread makes it
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
        wanted (``current()`` is no longer this one). A stand-in is made ready first (its
        small tables), before the lock: a move may need it while an older one still runs."""
        self._ready_stand_in()
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
                self._stand_in = None  # its small tables go (a search still running keeps it till it ends)

    @property
    def has_stand_in(self) -> bool:
        """Whether an engine of small tables may search while this is not done."""
        return self._make_stand_in is not None

    def stand_in(self) -> HintEngine | None:
        """While this is not done, the engine to search with meanwhile, if there is one: an
        engine of small tables (``STAND_IN_MB``), made on first use, when the kernels are
        loaded and only the tables (a new ``max_memory``) or the rules are being made ready.
        None once done, or with no stand-in (the kernels still loading or compiling)."""
        if self.done.is_set() or self._make_stand_in is None:
            return None
        with self._making:
            if self._stand_in is None:
                self._stand_in = self._make_stand_in()
            return self._stand_in

    def _ready_stand_in(self) -> None:
        """Make the stand-in, if this has one, and do its one-off work (``prepare``: its small
        tables built), so that a move finds it ready; a move makes its own if this failed."""
        if self._make_stand_in is None:
            return
        with self._making:
            if self._stand_in is not None:
                return
            try:
                engine = self._make_stand_in()
            except Exception:
                return
            self._stand_in = engine
        prepare = getattr(engine, "prepare", None)
        if engine is not self.engine and callable(prepare):
            try:
                prepare(self.rules)
            except Exception:  # its first search does it instead
                pass

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
        if self._stand_in is not None:
            return "the engine's tables are being made ready: searching with small tables meanwhile"
        why = "still compiling (first run only)" if self.compiling else "still getting ready"
        return f"the engine is {why}: playing the greedy move"

    def tell_again(self) -> None:
        """Say it again (``news``) at the next move that finds this not done: once a game."""
        self.told = False


READY_POLL = 0.02
"""How often a move waiting for the engine looks whether STOP or END came."""

# What the interpreter, numba's runtime and the compiled kernels take besides the tables (measured: about 110 MB).
PROCESS_MB = 120

TABLES_CAP_MB = DEFAULT_MEMORY_MB
"""The most the engine's tables take, whatever ``max_memory`` allows: a search of a
tournament's turn (10 s, about a million nodes) fills a fraction of them, and every MB
is written once before the first search (6 ms a MB on a slow machine: 2 GB took 15 s)."""

STAND_IN_MB = 8
"""The tables of the engine that searches while the engine's own are being built."""


def table_mb(memory_mb: int | None) -> int:
    """The MB of tables an engine gets for a process budget of ``memory_mb`` (None: no limit):
    the budget less what the process itself needs (``PROCESS_MB``), at least ``STAND_IN_MB``,
    at most ``TABLES_CAP_MB``. A new ``max_memory`` that leaves it unchanged changes nothing.

    >>> table_mb(None), table_mb(2047), table_mb(350), table_mb(200), table_mb(50)
    (160, 160, 160, 80, 8)
    """
    if memory_mb is None:
        return TABLES_CAP_MB
    return min(max(memory_mb - PROCESS_MB, STAND_IN_MB), TABLES_CAP_MB)


def small_engine(factory: EngineFactory, threads: int) -> HintEngine:
    """An engine of small tables (``STAND_IN_MB``) from ``factory``, searching with ``threads``:
    the stand-in that plays while the engine's own tables are built."""
    engine = factory(PROCESS_MB + STAND_IN_MB)
    if hasattr(engine, "threads"):
        engine.threads = threads
    return engine


def default_engine_factory(level: str = "strong") -> EngineFactory:
    """A maker of an ``Engine`` of ``level`` for a memory budget in MB: its tables get
    ``table_mb`` of it."""

    def make(memory_mb: int | None) -> HintEngine:
        return Engine(level, memory_mb=table_mb(memory_mb))

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
