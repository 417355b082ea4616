"""What the app asks of the engine, behind one small injectable interface.

The app talks to the engine only through an :class:`Analyst`, which bundles
the three things it needs (an engine that gives hints, the weight map, a
cell's explanation). :meth:`Analyst.default` wires the real ``gomoku.engine``
and ``gomoku.attacks``; tests inject a deterministic fake with the same shape.
"""

from __future__ import annotations

import shlex
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from gomoku import attacks
from gomoku.board import Board, Point, Rules, Stone
from gomoku.classic.perfect import solve_exactly
from gomoku.engine import Engine, Hint
from gomoku.engine.forced import find_forced_win
from gomoku.engine.players import LEVELS, PLAYERS, players_for
from gomoku.match.contestants import short_name
from gomoku.match.external import EXTERNAL, EngineError, ExternalEngine, external_engine, unplayable_for_brain
from gomoku.protocol.clock import FAST_THRESHOLD, STOP_MARGIN, TimeControl, plan_time
from gomoku.search.types import Limit, SearchInfo
from gomoku.search.warmup import cache_is_cold, warm
from tui.game import GameSettings

__all__ = [
    "Analyst",
    "level_name",
    "players_text",
    "with_engine",
    "EngineLike",
    "ForcingLine",
    "INCREMENT_SHARE",
    "engine_time",
    "level_note",
    "solved_text",
]

INCREMENT_SHARE = 0.8
"""The share of the increment the engine spends on top of its planned share of its time left."""


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
        on_info: Callable[[SearchInfo], None] | None = None,
        stop: threading.Event | None = None,
    ) -> Hint:
        """The best move for the side to move; never changes ``board``; ``stop`` ends it early."""
        ...

    def analyse(
        self, board: Board, limit: Limit | None = None, stop: threading.Event | None = None, multipv: int = 1
    ) -> Iterator[SearchInfo]:
        """One ``SearchInfo`` per completed depth, its ``candidates`` the ``multipv`` best
        moves (best first); with no limit, until ``stop`` is set."""
        ...


@dataclass(frozen=True)
class ForcingLine:
    """A forced win to step through on the board: its ``moves`` (the attacker's first,
    the defender's replies between, ending with the five), who attacks, how (``"vcf"``,
    ``"vct"``, or ``"line"`` for a search's proven line), and whether it is the
    opponent's ``threat`` (a win it would have given a free move) rather than the side
    to move's own win."""

    moves: tuple[Point, ...]
    attacker: Stone
    kind: str = "vcf"
    threat: bool = False


def _real_engine_factory() -> EngineLike:
    return Engine()


def _real_weight_map(board: Board) -> dict[Point, float]:
    return attacks.weight_map(board)


def _real_explain(board: Board, point: Point) -> dict[str, Any]:
    return attacks.explain(board, point).to_dict()


def _real_forcing(
    board: Board, attacker: Stone | None, time: float | None, nodes: int | None, stop: threading.Event | None
) -> Any:
    return find_forced_win(board, time=time, nodes=nodes, stop=stop, vct=True, attacker=attacker)


def _real_levels() -> tuple[str, ...]:
    return tuple(LEVELS)


def solved_text(board: Board) -> str:
    """The position's value with perfect play, for games ``perfect`` solves ("" for others).

    >>> from gomoku.board import Rules
    >>> solved_text(Board(Rules.preset("tictactoe"), moves=[(1, 1)]))
    'solved: a draw, 8 plies to the end'
    >>> solved_text(Board(Rules.preset("cube3")))
    'solved: X wins in 7 plies'
    """
    if board.is_over or "perfect" not in players_for(board.rules):
        return ""
    result = solve_exactly(board.rules, board)
    if result.result == "draw":
        return f"solved: a draw, {result.plies} plies to the end"
    return f"solved: {result.result} wins in {result.plies} plies"


def _real_prepare(announce: Callable[[str], None]) -> None:
    """Load the engine's compiled kernels now (a second), or compile them (the
    first run after an install: tens of seconds), announced."""
    if cache_is_cold():
        announce("preparing the engine (first run only)...")
    warm()


def level_name(level: str, engine: str = "") -> str:
    """A level as the app shows it: the external program by its name.

    >>> level_name("strong"), level_name("engine", "/opt/brains/pbrain-rapfi --fast")
    ('strong', 'engine: pbrain-rapfi --fast')
    """
    if level != EXTERNAL:
        return level
    try:
        command = shlex.split(engine)
    except ValueError:
        command = engine.split()
    return f"engine: {short_name(command) if command else '?'}"


def players_text(settings: Any) -> str:
    """What plays, for the panel: the level, each side's when two engines play at levels
    of their own (``GameSettings``).

    >>> from tui.game import GameSettings
    >>> players_text(GameSettings(level="strong"))
    'level strong'
    >>> players_text(GameSettings(mode="engines", level="engine", o_level="easy", engine="./pbrain-x"))
    'X engine: pbrain-x · O easy'
    """
    x, o = (level_name(settings.level_for(stone), settings.engine) for stone in (Stone.X, Stone.O))
    if settings.mode == "engines" and x != o:
        return f"X {x} · O {o}"
    return f"level {x}"


def with_engine(settings: GameSettings, spec: str) -> GameSettings:
    """``settings`` with the external program ``spec`` as the engine (``gomoku --engine``):
    its level, against you if no engine played, on rules a pbrain program plays (else
    the endless board, which it gets as a window around the stones).

    >>> s = with_engine(GameSettings(rules="connect4", mode="humans"), "./pbrain-x")
    >>> s.level, s.mode, s.rules, s.engine
    ('engine', 'human-x', 'freestyle', './pbrain-x')
    """
    rules = settings.rules if not unplayable_for_brain(settings.parsed_rules) else "freestyle"
    mode = settings.mode if settings.mode != "humans" else "human-x"
    return replace(settings, rules=rules, mode=mode, level=EXTERNAL, o_level="", engine=spec)


def level_note(level: str) -> str:
    """What a player is, in a line, as the registry (``gomoku.engine.players``) says
    it; "" for a name it does not know (a fake's).

    >>> level_note("normal")
    'alpha-beta 4 plies deep, at most 0.3 s, with VCF and the defence against VCTs'
    >>> level_note("fake")
    ''
    """
    player = PLAYERS.get(level)
    return player.description if player is not None else ""


def engine_time(per_move: float, left: float | None, increment: float = 0.0, ply: int = 0) -> float:
    """The engine's search time for a move: ``per_move`` (the seconds a move chosen) with
    no clock. Under a clock, the target ``plan_time`` makes of its ``left`` seconds (a
    share of them: ``gomoku.protocol.clock``), plus most of the ``increment`` (which comes back after the move),
    within the same deadline: no more than ``per_move``, nor than half of ``left``.
    0 when there is too little time to search: play at once.

    >>> engine_time(1.0, None)
    1.0
    >>> round(engine_time(1.0, 300.0, 3.0), 3)
    0.75
    >>> round(engine_time(5.0, 6.0), 3)
    0.22
    >>> round(engine_time(5.0, 6.0, 2.0), 3)
    1.82
    >>> engine_time(5.0, 0.1)
    0.0
    """
    if left is None:
        return per_move
    budget = plan_time(
        TimeControl(timeout_turn=max(1, round(per_move * 1000)), time_left=max(0, round(left * 1000))), ply
    )
    if budget.fast:
        return 0.0
    # Under a game clock the plan's target (``soft``): its ``search`` is the most a move may
    # take, for a search that a pacer stops near the target (the brain's), which the app has not.
    base = budget.soft if budget.soft is not None else budget.search
    seconds = min(base + INCREMENT_SHARE * increment, budget.deadline - STOP_MARGIN)
    return seconds if seconds >= FAST_THRESHOLD else 0.0


def _real_depths() -> dict[str, int | None]:
    return {name: limit.depth for name, limit in LEVELS.items()}


@dataclass
class Analyst:
    """The engine-side services of the app.

    ``engine_factory`` makes the engine once, on first use (so a slow import
    never delays the first frame); ``weight_map`` and ``explain`` are pure
    functions of the board. ``levels_for`` names the players that play a set
    of rules (the registry's: the engine's levels, then the classic players
    such as ``perfect``; left out, every rule set gets ``levels``),
    ``level_note`` says in a line what a player is, and ``solved`` gives the solved value of a position the
    ``perfect`` player plays. ``limits`` are extra keyword arguments for every
    ``hint`` call (``nodes``/``depth``), which tests and benchmarks use to
    keep the engine tiny and deterministic.
    """

    engine_factory: Callable[[], EngineLike] = _real_engine_factory
    weight_map: Callable[[Board], dict[Point, float]] = _real_weight_map
    explain: Callable[[Board, Point], dict[str, Any]] = _real_explain
    levels: tuple[str, ...] = field(default_factory=_real_levels)
    depths: dict[str, int | None] = field(default_factory=_real_depths)
    limits: dict[str, Any] = field(default_factory=dict)
    levels_for: Callable[[Rules], tuple[str, ...]] | None = None
    level_note: Callable[[str], str] = level_note
    solved: Callable[[Board], str] = solved_text
    prepare: Callable[[Callable[[str], None]], None] | None = None
    """Loads (or, the first time, compiles) the engine's kernels; says so through
    its argument when that will take long. None: nothing to prepare (fakes)."""
    forcing: Callable[[Board, Stone | None, float | None, int | None, threading.Event | None], Any] = _real_forcing
    """A forced win by fours (VCF) or fours and threes (VCT) for ``attacker`` (None: the
    side to move) as if it were to move, within the time or nodes: ``find_forced_win``'s
    ``VCFResult`` (``moves`` the whole line, the attacker's first, or None)."""
    external_factory: Callable[[str], ExternalEngine] = external_engine
    """Makes the external program's engine from its command line (``EXTERNAL``, the level
    ``engine``): a one-line ValueError when it names no program that can be run."""
    _engine: EngineLike | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _external: ExternalEngine | None = field(default=None, init=False, repr=False)
    _external_spec: str = field(default="", init=False, repr=False)

    @classmethod
    def default(cls, **limits: Any) -> Analyst:
        """The real engine and attack modules, with optional extra hint limits."""
        return cls(limits=dict(limits), levels_for=players_for, prepare=_real_prepare)

    def levels_of(self, rules: Rules) -> tuple[str, ...]:
        """The levels that play ``rules``, in the order the new-game dialog offers them."""
        if self.levels_for is None:
            return self.levels
        return tuple(self.levels_for(rules))

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
        on_info: Callable[[SearchInfo], None] | None = None,
        stop: threading.Event | None = None,
    ) -> Hint:
        """The engine's move for ``board`` (which it must not change).

        The level sets the depth and ``time`` caps it: the engine takes a limit
        of its own in place of the level's, so both are passed. Extra
        ``limits`` (nodes or depth, for tests) replace the clock altogether.
        """
        if level == EXTERNAL:  # the external program, told the time (the limits are our search's)
            engine = self.external()
            return engine.hint(board, time=time if time else self.limits.get("time"), on_info=on_info, stop=stop)
        kwargs: dict[str, Any] = {"level": level, "on_info": on_info, "stop": stop}
        if self.limits:
            kwargs.update(self.limits)
        else:
            kwargs["time"] = time
            if self.depths.get(level) is not None:
                kwargs["depth"] = self.depths[level]
        return self.engine.hint(board, **kwargs)

    def use_engine(self, spec: str) -> None:
        """The external program is now ``spec``'s (a command line; "" none): a program of
        another command is ended; the new one starts with its first move."""
        spec = spec.strip()
        with self._lock:
            if spec == self._external_spec:
                return
            old, self._external, self._external_spec = self._external, None, spec
        if old is not None:
            old.close()

    def external(self) -> ExternalEngine:
        """The external program's engine (made on first use); EngineError when there is none."""
        with self._lock:
            if self._external is None:
                if not self._external_spec:
                    raise EngineError("no external program: start the app with gomoku --engine PATH")
                try:
                    self._external = self.external_factory(self._external_spec)
                except ValueError as exc:
                    raise EngineError(str(exc)) from None
            return self._external

    def close(self) -> None:
        """End the external program, if one runs (the app is leaving)."""
        with self._lock:
            engine, self._external = self._external, None
        if engine is not None:
            engine.close()

    def analyse(self, board: Board, *, multipv: int, stop: threading.Event) -> Iterator[SearchInfo]:
        """The live analysis of ``board``: the engine's search with no limit but ``stop``
        (the extra ``limits``' nodes or depth, for tests and benchmarks), one
        ``SearchInfo`` per completed depth with the ``multipv`` best moves."""
        bounds = {name: self.limits[name] for name in ("nodes", "depth") if name in self.limits}
        return self.engine.analyse(board, Limit(**bounds) if bounds else None, stop=stop, multipv=multipv)

    def forcing_line(
        self, board: Board, attacker: Stone | None, time: float, stop: threading.Event | None = None
    ) -> ForcingLine | None:
        """The forced win (VCF, else VCT) ``attacker`` has on ``board`` as if it were to
        move (None: the side to move), its whole line; None when none is found in
        ``time`` (or within the extra ``limits``' nodes)."""
        nodes = self.limits.get("nodes")
        result = self.forcing(board, attacker, None if nodes else time, nodes, stop)
        if result is None or not result.moves:
            return None
        side = attacker if attacker is not None else board.turn
        return ForcingLine(
            tuple(result.moves), side, str(getattr(result, "kind", "vcf")), threat=side is not board.turn
        )
