"""What the app asks of the engine, behind one small injectable interface.

The app never imports the engine modules at the top: it talks to an
:class:`Analyst`, which bundles the three things it needs (an engine that
gives hints, the weight map, a cell's explanation). :meth:`Analyst.default`
wires the real ``gomoku.engine`` and ``gomoku.attacks``; tests inject a
deterministic fake with the same shape.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from gomoku.board import Board, Point

DEFAULT_LEVELS = ("greedy", "easy", "normal", "strong")


class EngineUnavailableError(ValueError):
    """The engine modules could not be loaded; the message says which one and why."""


class HintLike(Protocol):
    """The part of ``gomoku.engine.Hint`` the app reads."""

    move: Point
    score: float
    pv: tuple[Point, ...]
    depth: int
    nodes: int
    time: float
    forced_win: bool


class InfoLike(Protocol):
    """The part of ``gomoku.search.SearchInfo`` the app reads while the engine thinks."""

    depth: int
    score: float
    pv: tuple[Point, ...]
    nodes: int
    time: float


class EngineLike(Protocol):
    """An engine as the contract of ``gomoku.engine.Engine`` describes it."""

    def hint(
        self,
        board: Board,
        *,
        time: float | None = None,
        nodes: int | None = None,
        depth: int | None = None,
        level: str | None = None,
        on_info: Callable[[Any], None] | None = None,
        stop: threading.Event | None = None,
    ) -> HintLike: ...


@dataclass(frozen=True)
class GreedyHint:
    """A hint from the greedy bot alone (the shape of ``gomoku.engine.Hint``)."""

    move: Point
    score: float
    pv: tuple[Point, ...]
    depth: int
    nodes: int
    time: float
    forced_win: bool
    level: str = "greedy"


class GreedyEngine:
    """The seed's one-move-ahead bot behind the engine interface.

    Used only when ``gomoku.engine`` cannot be imported, so that the app
    still plays; its hint is the candidate of greatest cell weight.
    """

    def hint(self, board: Board, *, time: float | None = None, nodes: int | None = None,
             depth: int | None = None, level: str | None = None,
             on_info: Callable[[Any], None] | None = None,
             stop: threading.Event | None = None) -> GreedyHint:
        from time import perf_counter

        from gomoku.attacks import greedy_move, weight_map
        from gomoku.board import GameOverError

        if board.is_over:
            raise GameOverError(f"the game is over ({board.result}); no more moves")
        start = perf_counter()
        move = greedy_move(board)
        weights = weight_map(board)
        return GreedyHint(move, float(weights.get(move, 0.0)), (move,), 1, len(weights),
                          perf_counter() - start, False)


def _real_engine_factory() -> EngineLike:
    try:
        from gomoku.engine import Engine
    except ImportError:
        return GreedyEngine()
    return Engine()


def _real_weight_map(board: Board) -> dict[Point, float]:
    try:
        from gomoku.attacks import weight_map
    except ImportError as exc:
        raise EngineUnavailableError(f"the weight map is not available ({exc})") from exc
    return weight_map(board)


def _real_explain(board: Board, point: Point) -> dict[str, Any]:
    try:
        from gomoku.attacks import explain
    except ImportError as exc:
        raise EngineUnavailableError(f"the cell breakdown is not available ({exc})") from exc
    return explain(board, point).to_dict()


def _real_levels() -> tuple[str, ...]:
    try:
        from gomoku.engine import LEVELS
    except ImportError:
        return DEFAULT_LEVELS
    return tuple(LEVELS)


def _real_depths() -> dict[str, int | None]:
    try:
        from gomoku.engine import LEVELS
    except ImportError:
        return {}
    return {name: limit.depth for name, limit in LEVELS.items()}


@dataclass
class Analyst:
    """The engine-side services of the app.

    ``engine_factory`` makes the engine once, on first use (so a slow import
    never delays the first frame); ``weight_map`` and ``explain`` are pure
    functions of the board. ``limits`` are extra keyword arguments for every
    ``hint`` call (``nodes``/``depth``), which tests and benchmarks use to
    keep the engine tiny and deterministic.
    """

    engine_factory: Callable[[], EngineLike] = _real_engine_factory
    weight_map: Callable[[Board], dict[Point, float]] = _real_weight_map
    explain: Callable[[Board, Point], dict[str, Any]] = _real_explain
    levels: tuple[str, ...] = field(default_factory=_real_levels)
    depths: dict[str, int | None] = field(default_factory=_real_depths)
    limits: dict[str, Any] = field(default_factory=dict)
    _engine: EngineLike | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    @classmethod
    def default(cls, **limits: Any) -> "Analyst":
        """The real engine and attack modules, with optional extra hint limits."""
        return cls(limits=dict(limits))

    @property
    def engine(self) -> EngineLike:
        """The engine, made on first use (from any thread)."""
        with self._lock:
            if self._engine is None:
                self._engine = self.engine_factory()
            return self._engine

    def hint(
        self,
        board: Board,
        *,
        level: str,
        time: float | None,
        on_info: Callable[[Any], None] | None = None,
        stop: threading.Event | None = None,
    ) -> HintLike:
        """The engine's move for ``board`` (which it must not change).

        The level sets the depth and ``time`` caps it: the engine takes a limit
        of its own in place of the level's, so both are passed. Extra
        ``limits`` (nodes or depth, for tests) replace the clock altogether.
        """
        kwargs: dict[str, Any] = {"level": level, "on_info": on_info, "stop": stop}
        if self.limits:
            kwargs.update(self.limits)
        else:
            kwargs["time"] = time
            if self.depths.get(level) is not None:
                kwargs["depth"] = self.depths[level]
        return self.engine.hint(board, **kwargs)
