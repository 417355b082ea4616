"""The engine facade shared by the CLI, the protocol and the app: levels, the
hint, and a streaming analysis that can be stopped.

Under renju the search knows black's forbidden points (``gomoku.core.renju``): it
never plays one for black, nor counts one as black's threat or defence. The hint
checks its move all the same, exactly (``Board.forbidden``): a forbidden choice
(a level without that search, the greedy ones) gives way to the best allowed
candidate, else to the allowed cell of greatest attack weight.

>>> from gomoku.board import Board
>>> engine = Engine("normal")
>>> hint = engine.hint(Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0)]), nodes=2000)
>>> hint.move in [(-1, 0), (4, 0)], hint.forced_win        # O cannot stop an open four
(True, False)
"""

from __future__ import annotations

import random
import threading
import time as _time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from gomoku.attacks import cell_weight, greedy_move
from gomoku.board import Board, GameOverError, Point, Rules, Stone
from gomoku.classic.perfect import solve_exactly
from gomoku.core.grid import order_value
from gomoku.engine.chance import outcome, win_chance
from gomoku.engine.players import (
    DEFAULT_LEVEL,
    LEVELS,
    PLAYERS,
    check_player,
    classic_choice,
    greedy_table,
    players_for,
    split_level,
)
from gomoku.search.layout import Grid
from gomoku.search.nets import DEFAULT_EVALUATION
from gomoku.search.params import THREADS, SearchOptions
from gomoku.search.plain import PlainSearch
from gomoku.search.searcher import Searcher
from gomoku.search.types import WIN, WIN_THRESHOLD, Candidate, Limit, SearchInfo
from gomoku.search.warmup import ensure_loaded, is_warm, warm

__all__ = [
    "LEVEL_OPTIONS",
    "EASY_MARGIN",
    "EASY_CANDIDATES",
    "SCORED",
    "MAX_MULTIPV",
    "check_level",
    "check_multipv",
    "candidate_dict",
    "Hint",
    "Engine",
]

LEVEL_OPTIONS = {
    "easy": SearchOptions(root_vct=False, vct_defence=False),
    "normal": SearchOptions(root_vct=False),
}
"""The search options of the levels that look for less at the root: ``easy``
neither its own VCT nor the opponent's to take away, ``normal`` not its own;
the others search with every check (``SearchOptions()``)."""

EASY_MARGIN = 120
"""``easy`` plays any of its candidate moves that scores within this of the best."""
EASY_CANDIDATES = 6
"""How many of its best-ordered moves ``easy`` weighs against each other."""


SCORED = frozenset(name for name in LEVELS if name != "greedy") | {"perfect"}
"""The players whose scores are the search's scale (a chance, or a proven result)."""

MAX_MULTIPV = 10
"""The most candidates a MultiPV search looks for."""


def check_multipv(n: int) -> int:
    """``n`` if it is a number of candidates a search may look for (1 to ``MAX_MULTIPV``), else a ValueError."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_MULTIPV:
        raise ValueError(f"multipv must be a whole number from 1 to {MAX_MULTIPV}, not {n!r}")
    return n


def candidate_dict(candidate: Candidate, scored: bool = True) -> dict[str, Any]:
    """A candidate as plain data with its win chance and proven result:
    ``{"move", "score", "win_chance", "outcome", "pv"}`` (``outcome`` "win in N",
    "loss in N" or None; both None when the score is not on the search's scale:
    not ``scored``).

    >>> from gomoku.search.types import WIN
    >>> candidate_dict(Candidate((1, 2), WIN - 5, ((1, 2),)))["outcome"]
    'win in 5'
    """
    return {
        "move": list(candidate.move),
        "score": candidate.score,
        "win_chance": round(win_chance(candidate.score), 4) if scored else None,
        "outcome": outcome(candidate.score) if scored else None,
        "pv": [list(p) for p in candidate.pv],
    }


def check_level(level: str) -> str:
    """``level`` if the players' registry (``gomoku.engine.players``) names it, else a
    ValueError naming them all: an engine level (``LEVELS``) or a classic player."""
    if level not in PLAYERS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(PLAYERS)}")
    return level


@dataclass(frozen=True)
class Hint:
    """The engine's advice: the move, its score and line, and what it cost;
    with MultiPV, its best moves (``candidates``, best first, the move's first)."""

    move: Point
    score: float
    pv: tuple[Point, ...]
    depth: int
    nodes: int
    time: float
    forced_win: bool
    level: str
    candidates: tuple[Candidate, ...] = ()

    def __post_init__(self) -> None:
        if not self.candidates:
            object.__setattr__(self, "candidates", (Candidate(self.move, self.score, self.pv or (self.move,)),))

    @property
    def win_chance(self) -> float | None:
        """The side to move's chance of winning after the move (``gomoku.engine.chance``);
        None for the players whose scores are on scales of their own (``greedy``'s
        attack weight, the classic players' but ``perfect``'s, which is exact)."""
        return win_chance(self.score) if self.level in SCORED else None

    def to_dict(self) -> dict[str, Any]:
        """``{"move": [x, y], "score", "win_chance", "outcome", "pv": [[x, y], ...], "depth", "nodes",
        "time", "forced_win", "candidates": [...]}`` (each candidate as ``candidate_dict``)."""
        return {
            "move": list(self.move),
            "score": self.score,
            "win_chance": None if self.win_chance is None else round(self.win_chance, 4),
            "outcome": outcome(self.score) if self.level in SCORED else None,
            "pv": [list(p) for p in self.pv],
            "depth": self.depth,
            "nodes": self.nodes,
            "time": round(self.time, 4),
            "forced_win": self.forced_win,
            "candidates": [candidate_dict(c, self.level in SCORED) for c in self.candidates],
        }


class Engine:
    """Levels and searches over one set of tables (keep one per game).

    ``memory_mb`` bounds the search's tables (the whole engine stays well under
    350 MB by default); ``seed`` makes the greedy level's tie-breaks random but
    repeatable (None: deterministic, lowest coordinates first). An engine of a
    greedy variant (``greedy:tuned``) weighs its greedy moves, also those asked
    for as ``level="greedy"`` (a brain's fast move), by its own table
    (``table``); every other engine by the default table.
    """

    def __init__(self, level: str = DEFAULT_LEVEL, *, memory_mb: int | None = None, seed: int | None = None) -> None:
        level = check_level(level)
        self.table = greedy_table(level)
        """The weight table of this engine's greedy moves (None: the default table)."""
        if PLAYERS[level].evaluation is not None:
            check_player(level)
        self.level, evaluation = split_level(level)
        self.evaluation = evaluation or DEFAULT_EVALUATION
        """The static evaluation of this engine's searches (a level ``strong:NET`` sets it)."""
        self.memory_mb = memory_mb
        self.rng = random.Random(seed) if seed is not None else None
        self._searcher: Searcher | None = None
        self._threads = THREADS
        self._lock = threading.Lock()
        self.failure: str | None = None
        """What went wrong in the last search that failed (the greedy move was played), if one did."""

    @staticmethod
    def levels_for(rules: Rules) -> tuple[str, ...]:
        """The players that play ``rules`` (``gomoku.engine.players.players_for``):
        the engine's levels, then the classic players.

        >>> Engine.levels_for(Rules.parse("size=7x6,k=4,gravity"))
        ('easy', 'normal', 'strong', 'max', 'minimax', 'alphabeta', 'random')
        """
        return players_for(rules)

    @property
    def searcher(self) -> Searcher:
        """The engine's search, made on first use (its tables are kept from move to move)."""
        if self._searcher is None:
            self._searcher = Searcher(self.memory_mb)
        return self._searcher

    @property
    def threads(self) -> int:
        """Threads a timed search uses (``search.THREADS`` unless set: at least 1)."""
        return self._threads

    @threads.setter
    def threads(self, n: int) -> None:
        self._threads = max(1, int(n))

    def options(self, level: str | None = None) -> SearchOptions:
        """The search options of ``level`` (the engine's own when None), with the engine's threads.

        >>> Engine("normal").options().root_vct, Engine().options("strong").root_vct
        (False, True)
        """
        return replace(
            LEVEL_OPTIONS.get(level or self.level, SearchOptions()), threads=self._threads, evaluation=self.evaluation
        )

    def prepare(self, rules: Rules) -> None:
        """Do now, off any clock, the one-off work of the first search under ``rules``.

        The search loads its compiled kernels (``gomoku.search.warmup``), fills its
        pattern tables and sizes its own tables on first use, which costs a
        second or more: a brain calls this at START so that its first move
        keeps a short turn time.
        """
        if not is_warm():
            warm(("freestyle" if rules.overline else "standard",))
        board = Board(rules)
        centre = rules.centre()
        if rules.dims < 2 or rules.gravity:
            return
        for offset in ((0, 0), (1, 0), (1, 1), (-1, 1), (0, -1)):
            point = (centre[0] + offset[0], centre[1] + offset[1]) + tuple(centre[2:])
            if rules.contains(point) and point not in board.stones and not board.is_over:
                board.push(point)
        if not board.is_over:
            self.hint(board, nodes=1, level="strong")

    def limit(
        self,
        level: str | None = None,
        *,
        time: float | None = None,
        nodes: int | None = None,
        depth: int | None = None,
    ) -> Limit:
        """The level's limit with any of ``time``, ``nodes``, ``depth`` put in its place.

        Given a node or depth limit of its own, a level keeps only those
        (``strong`` with ``nodes=5000`` searches 5000 nodes, with no clock);
        given only a time, ``easy`` and ``normal`` keep their depth, and their
        own time when it is shorter.

        >>> Engine().limit("strong", time=2.0)
        Limit(time=2.0, nodes=None, depth=None, memory_mb=None)
        >>> Engine().limit("normal", time=2.0)          # normal keeps its own caps
        Limit(time=0.3, nodes=None, depth=4, memory_mb=None)
        """
        base = LEVELS.get(check_level(level or self.level), Limit(depth=1))
        for name, value in (("time", time), ("nodes", nodes), ("depth", depth)):
            # ``not value > 0`` refuses NaN too: a NaN deadline is never reached.
            if value is not None and not value > 0:
                raise ValueError(f"{name} must be positive, not {value}")
        if time is None and nodes is None and depth is None:
            return Limit(base.time, base.nodes, base.depth, self.memory_mb)
        if time is not None and nodes is None and depth is None and base.depth is not None:
            # A weaker level keeps its depth, and its time when that is shorter.
            return Limit(min(time, base.time or time), None, base.depth, self.memory_mb)
        return Limit(time, nodes, depth, self.memory_mb)

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
        multipv: int = 1,
        plan: float | None = None,
    ) -> Hint:
        """The best move for the side to move, with its score and line.

        Never changes ``board``; always a legal move while the game is on
        (GameOverError otherwise). ``stop.set()`` from another thread ends the
        search promptly with the best move so far; ``on_info`` hears every
        completed depth. ``multipv`` > 1 looks for that many best moves, each
        searched to the same depth (``Hint.candidates``; the engine's levels on
        flat boards without gravity: others give one). ``plan`` (seconds, under
        ``time``) is what a caller that stops the search itself means to give it
        (``Limit.plan``). Under renju black's move is never a forbidden one (``_allowed``).
        """
        hint = self._hint(board, time, nodes, depth, level, on_info, stop, multipv, plan)
        if board.rules.renju and board.turn is Stone.X and board.forbidden(hint.move) is not None:
            return self._allowed(board, hint)
        return hint

    def _allowed(self, board: Board, hint: Hint) -> Hint:
        """``hint`` with its forbidden move for black replaced: by the best of its other
        candidates that is allowed, else by the allowed cell of greatest attack weight."""
        others = [c for c in hint.candidates if c.move != hint.move and board.forbidden(c.move) is None]
        if others:
            best = others[0]
            return replace(hint, move=best.move, score=best.score, pv=best.pv, candidates=tuple(others))
        allowed = board.legal_moves()  # under renju, black's leave the forbidden cells out
        if not allowed:
            return hint  # every cell forbidden: nothing better to give
        weights = {p: cell_weight(board, p, self.table) for p in allowed}
        move = max(allowed, key=lambda p: (weights[p], tuple(-c for c in p)))
        score = 0.0 if hint.level in SCORED else float(weights[move])  # no search judged it
        return replace(hint, move=move, score=score, pv=(move,), forced_win=False, candidates=())

    def _hint(
        self,
        board: Board,
        time: float | None,
        nodes: int | None,
        depth: int | None,
        level: str | None,
        on_info: Callable[[SearchInfo], None] | None,
        stop: threading.Event | None,
        multipv: int,
        plan: float | None,
    ) -> Hint:
        level = check_level(level or self.level)
        check_multipv(multipv)
        if board.is_over:
            raise GameOverError(f"the game is over ({board.result}); no move to hint")
        check_player(level, board.rules)
        level, evaluation = split_level(level)
        if level in LEVELS and level != "greedy" and not board.rules.gravity:
            ensure_loaded(board.rules.overline)  # before the clock starts
        start = _time.perf_counter()
        if level == "greedy":
            return self._greedy(board, start)
        if PLAYERS[level].weights is not None:
            return self._greedy(board, start, level)
        if level not in LEVELS:
            return self._classic(board, level, start)
        limit = self.limit(level, time=time, nodes=nodes, depth=depth)
        if plan is not None and limit.time is not None:
            limit = replace(limit, plan=min(plan, limit.time))
        last: SearchInfo | None = None
        with self._lock:
            try:
                options = replace(self.options(level), multipv=multipv, evaluation=evaluation or self.evaluation)
                for info in self._search(board.copy(), limit, stop, options):
                    last = info
                    if on_info is not None:
                        on_info(info)
            except Exception as exc:  # a kernel's failure must never lose the move
                self.failure = f"the search failed ({type(exc).__name__}: {exc}); the greedy move is played"
                hint = self._greedy(board, start)
                return Hint(hint.move, hint.score, hint.pv, hint.depth, hint.nodes, hint.time, False, level)
        assert last is not None and last.pv, "the search always yields a move"
        move, pv = last.pv[0], last.pv
        if level == "easy" and not last.forced_win and abs(last.score) < WIN_THRESHOLD:
            move = self._easy_choice(board, move)
            pv = pv if move == pv[0] else (move,)
        return Hint(
            move=move,
            score=last.score,
            pv=pv,
            depth=last.depth,
            nodes=last.nodes,
            time=_time.perf_counter() - start,
            forced_win=last.forced_win,
            level=level,
            candidates=last.candidates if move == last.pv[0] else (),
        )

    def _easy_choice(self, board: Board, best: Point) -> Point:
        """A move near the best for ``easy``: its best-ordered candidates, each
        answered by the opponent's best reply one ply deep, and one of those
        that score within ``EASY_MARGIN`` of the best chosen at random."""
        if not Grid.supports(board.rules):
            return best
        grid = Grid(board)
        s, o = grid.turn, 3 - grid.turn
        cells = sorted(grid.candidates(), key=lambda q: -int(order_value(grid.state, s, q)))
        scored = []
        for q in cells[:EASY_CANDIDATES]:
            grid.push(q)
            replies = sorted(grid.candidates(), key=lambda r: -int(order_value(grid.state, o, r)))
            worst = max((self._reply_value(grid, r) for r in replies[:12]), default=-grid.evaluate())
            grid.pop()
            scored.append((-worst, grid.point(q)))
        top = max(score for score, _ in scored)
        near = sorted(p for score, p in scored if score >= top - EASY_MARGIN)
        if best not in near:
            near.append(best)
        rng = self.rng or random.Random()
        return rng.choice(near)

    @staticmethod
    def _reply_value(grid: Grid, r: int) -> int:
        """The opponent's value after its reply ``r`` (from its own view)."""
        grid.push(r)
        value = -grid.evaluate() if not grid.winner else 10**6
        grid.pop()
        return value

    def _greedy(self, board: Board, start: float, variant: str | None = None) -> Hint:
        """The greedy move by the table of ``variant`` (a ``greedy:NAME``), else the engine's own."""
        table = greedy_table(variant) if variant is not None else self.table
        move = greedy_move(board, self.rng, table)
        weight = cell_weight(board, move, table)
        return Hint(
            move=move,
            score=float(weight),
            pv=(move,),
            depth=1,
            nodes=len(board.candidates()),
            time=_time.perf_counter() - start,
            forced_win=False,
            level=variant or ("greedy" if self.table is None else self.level),
        )

    def _classic(self, board: Board, level: str, start: float) -> Hint:
        choice = classic_choice(level, board, self.rng)
        score = choice.score
        if level == "perfect":
            # The solver's exact result, on the search's scale: a win or a loss
            # in so many plies (the five included), a draw 0. Its table holds the
            # position already: the choice searched it.
            solved = solve_exactly(board.rules, board)
            score = (
                0.0
                if solved.result == "draw"
                else float(WIN - solved.plies if solved.result == board.turn.name else -(WIN - solved.plies))
            )
        return Hint(
            move=choice.move,
            score=score,
            pv=(choice.move,),
            depth=1,
            nodes=0,
            time=_time.perf_counter() - start,
            forced_win=choice.forced_win,
            level=level,
        )

    def analyse(
        self, board: Board, limit: Limit | None = None, stop: threading.Event | None = None, multipv: int = 1
    ) -> Iterator[SearchInfo]:
        """Stream the search of ``board``: one SearchInfo per completed depth;
        with ``multipv`` > 1, its ``candidates`` are that many best moves (fewer
        when fewer are worth playing), each searched to that depth.

        With no limit it runs until ``stop`` is set (or the search is done);
        ``board`` is copied at the call, so the caller may go on using it, and
        a game that is over raises GameOverError at the call. The engine
        does one search at a time: finish or close the generator before asking
        this engine for a hint (a second Engine can think alongside).
        """
        if board.is_over:
            raise GameOverError(f"the game is over ({board.result}); nothing to analyse")
        check_multipv(multipv)
        # Copied now, not at the first ``next``: the caller may play on meanwhile
        # (or hand the generator to a worker thread while it goes on).
        return self._analyse(board.copy(), limit or Limit(memory_mb=self.memory_mb), stop, multipv)

    def _analyse(self, board: Board, limit: Limit, stop: threading.Event | None, multipv: int) -> Iterator[SearchInfo]:
        if not board.rules.gravity:
            ensure_loaded(board.rules.overline)
        with self._lock:
            yield from self._search(board, limit, stop, replace(self.options("strong"), multipv=multipv))

    def _search(
        self, board: Board, limit: Limit, stop: threading.Event | None, options: SearchOptions
    ) -> Iterator[SearchInfo]:
        """The searcher's search; a game with gravity goes to the plain search, which keeps to it."""
        if board.rules.gravity:
            return PlainSearch(board, limit, stop, _time.perf_counter()).run()
        return self.searcher.search(board, limit, stop, options)
