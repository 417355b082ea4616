"""One game of a match, and a game as a task: what a worker (a local process or a
machine of a Dask cluster) is given and gives back.

A ``GameTask`` names the two players by their specs (a level, or a pbrain
command line), never by objects: the worker makes them afresh with the task's
factory, so the task is small and pickles by reference. ``run_task`` is what a
worker runs; ``prepare_process`` is the one-off work a worker does once, before
its first game (the kernels loaded, the greedy level's tables built).

>>> schedule(5, 2)
[(0, 'X'), (0, 'O'), (1, 'X'), (1, 'O'), (0, 'X')]
>>> schedule(2, 0)
[(None, 'X'), (None, 'O')]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from gomoku.board import Board, BoardError, Point, Rules, Stone, format_point
from gomoku.engine import Engine
from gomoku.engine.players import LEVELS
from gomoku.match.contestants import Player, PlayerFailure, warm
from gomoku.match.swaps import SwapFailure, play_swap

__all__ = [
    "GameResult",
    "MatchConfig",
    "MatchClocks",
    "GameTask",
    "PlayerFactory",
    "play_game",
    "schedule",
    "run_task",
    "prepare_process",
]


@dataclass
class GameResult:
    """How one game went. ``a_side`` is the side player A played.

    ``scores`` and ``best`` hold, for each move of ``moves``, the search's score
    (from the mover's view) and its best move, when the player that made it
    says so (``last_score`` and ``last_best``: the self-play players do); None
    for the opening's stones and for players that do not. ``left_ms`` is each
    side's game clock at the end (``{"X": ms, "O": ms}``, below 0 for a side
    that ran out), None when the match had no game clock.
    """

    index: int
    opening: int | None
    x: str
    o: str
    a_side: str
    result: str  # "X", "O" or "draw"
    reason: str
    moves: list[Point]
    times_ms: list[int]
    opening_moves: int = 0
    scores: list[float | None] = field(default_factory=list)
    best: list[Point | None] = field(default_factory=list)
    left_ms: dict[str, int] | None = None
    swap: list[str] = field(default_factory=list)
    """Under a swap opening, who chose what (``gomoku.match.swaps``), in order."""

    @property
    def a_score(self) -> float:
        """1 if A won, 0 if A lost, 0.5 for a draw."""
        if self.result == "draw":
            return 0.5
        return 1.0 if self.result == self.a_side else 0.0


@dataclass
class MatchConfig:
    """Everything about a match but the players.

    ``time_per_move_ms`` is the turn limit (``INFO timeout_turn``);
    ``time_per_game_ms``, when above 0, is each side's game clock (``INFO
    timeout_match``): the time of all its moves together, told to a brain as
    ``INFO time_left`` before each move. A move may run over either by
    ``grace_ms`` (the manager's tolerance: a pipe and a busy machine add a few
    milliseconds); past it, the side loses on time.
    """

    rules: Rules = field(default_factory=lambda: Rules.preset("gomocup20"))
    games: int = 2
    time_per_move_ms: int = 500
    grace_ms: int = 1000
    time_per_game_ms: int = 0
    openings: list[list[Point]] = field(default_factory=list)
    max_moves: int | None = None
    threads: int = 1
    """Threads each player's search may use (``INFO thread_num`` for a brain)."""
    opening_rule: str | None = None
    """``"swap2"`` or ``"swap1"``: the players decide the opening and the colours
    (``gomoku.match.swaps``; the scheduled first player places the three stones); None: black begins."""

    def move_limit(self) -> int | None:
        """Plies after which an endless game is a draw (a bounded board fills up)."""
        if self.max_moves is not None:
            return self.max_moves
        return None if self.rules.bounds is not None else 400


def play_game(
    index: int, x: Player, o: Player, config: MatchConfig, *, a_side: str = "X", opening: int | None = None
) -> GameResult:
    """Play one game between ``x`` (first player) and ``o`` from an opening."""
    rules = config.rules
    board = Board(rules)
    opening_moves = config.openings[opening] if opening is not None else []
    for point in opening_moves:
        board.play(point)
    players = {Stone.X: x, Stone.O: o}
    game = GameResult(
        index,
        opening,
        x.name,
        o.name,
        a_side,
        "draw",
        "",
        [],
        [0] * len(opening_moves),
        len(opening_moves),
        [None] * len(opening_moves),
        [None] * len(opening_moves),
    )
    limit = config.move_limit()
    clocks = MatchClocks(config)
    if clocks.game_ms:
        game.left_ms = clocks.left
    try:
        for side, player in players.items():
            try:
                clocks.tell_game(player)
                player.new_game(rules, config.time_per_move_ms)
            except PlayerFailure as exc:
                return _end(game, board, side.other.name, f"{side.name} ({player.name}) lost: {exc.reason}")
        if config.opening_rule is not None:
            try:
                chosen = play_swap(x, o, rules, config.opening_rule, config.time_per_move_ms, config.grace_ms)
            except SwapFailure as exc:
                side = Stone.X if exc.first else Stone.O  # the sides as scheduled: the first player's is X
                loser = players[side].name
                return _end(
                    game,
                    board,
                    side.other.name,
                    f"{side.name} ({loser}) lost in the {config.opening_rule} opening: {exc.reason}",
                )
            board, a_is_x = chosen.board, (a_side == "X")
            a_player = x if a_is_x else o
            players = {Stone.X: chosen.black, Stone.O: chosen.white}
            game.x, game.o = chosen.black.name, chosen.white.name
            game.a_side = "X" if chosen.black is a_player else "O"
            game.swap = [f"{note} ({ms} ms)" for note, ms in zip(chosen.notes, chosen.times_ms)]
            count = len(board.move_stack)
            game.opening_moves, game.times_ms = count, [0] * count
            game.scores, game.best = [None] * count, [None] * count
        while not board.is_over:
            if limit is not None and len(board.move_stack) >= limit:
                return _end(game, board, "draw", f"draw: the move limit ({limit}) was reached")
            side = board.turn
            player = players[side]
            clocks.tell_move(player, side)
            started = time.monotonic()
            try:
                try:
                    point = player.move(board.copy())
                finally:
                    elapsed = clocks.spend(side, started)
                clocks.check(side, elapsed)
                try:
                    board.play(tuple(point))
                except BoardError as exc:
                    raise PlayerFailure(f"illegal move {format_point(tuple(point))}: {exc}") from None
            except PlayerFailure as exc:
                return _end(game, board, side.other.name, f"{side.name} ({player.name}) lost: {exc.reason}")
            except Exception as exc:  # a broken player loses its game, not the whole match
                return _end(
                    game,
                    board,
                    side.other.name,
                    f"{side.name} ({player.name}) lost: crash: {type(exc).__name__}: {exc}",
                )
            game.times_ms.append(elapsed)
            score, best = getattr(player, "last_score", None), getattr(player, "last_best", None)
            game.scores.append(None if score is None else float(score))
            game.best.append(None if best is None else tuple(best))
        if board.winner is not None:
            return _end(game, board, board.winner.name, f"{board.winner.name} ({players[board.winner].name}) made five")
        return _end(game, board, "draw", "draw: the board is full")
    finally:
        for player in players.values():
            player.close()


class MatchClocks:
    """The manager's clocks of one game: the turn limit and, with
    ``time_per_game_ms``, each side's game clock (``left``, by side name)."""

    def __init__(self, config: MatchConfig) -> None:
        self.turn_ms = config.time_per_move_ms
        self.game_ms = max(config.time_per_game_ms, 0)
        self.grace_ms = config.grace_ms
        self.left = {"X": self.game_ms, "O": self.game_ms}

    def tell_game(self, player: Player) -> None:
        """Give a player that keeps a clock (``time_per_game_ms``) the game's time, before its game."""
        if hasattr(player, "time_per_game_ms"):
            player.time_per_game_ms = self.game_ms

    def tell_move(self, player: Player, side: Stone) -> None:
        """Give a player that keeps a clock (``time_left_ms``) its time left, before its move."""
        if self.game_ms and hasattr(player, "time_left_ms"):
            player.time_left_ms = self.left[side.name]

    def spend(self, side: Stone, started: float) -> int:
        """The milliseconds of a move begun at ``started`` (``time.monotonic``), taken off the side's clock."""
        elapsed = round((time.monotonic() - started) * 1000)
        if self.game_ms:
            self.left[side.name] -= elapsed
        return elapsed

    def check(self, side: Stone, elapsed: int) -> None:
        """A time-out (``PlayerFailure``) if the move overran the turn limit or the game clock by more than the grace.

        >>> clocks = MatchClocks(MatchConfig(time_per_move_ms=1000, time_per_game_ms=3000, grace_ms=100))
        >>> clocks.left["X"] = -150
        >>> clocks.check(Stone.X, 900)
        Traceback (most recent call last):
        ...
        gomoku.match.contestants.PlayerFailure: time-out: 900 ms for a move with 750 ms left on the game clock
        """
        if elapsed > self.turn_ms + self.grace_ms:
            raise PlayerFailure(f"time-out: {elapsed} ms for a move, {self.turn_ms} ms allowed")
        left = self.left[side.name]
        if self.game_ms and left < -self.grace_ms:
            raise PlayerFailure(f"time-out: {elapsed} ms for a move with {left + elapsed} ms left on the game clock")


def _end(game: GameResult, board: Board, result: str, reason: str) -> GameResult:
    game.result, game.reason = result, reason
    game.moves = list(board.move_stack)
    return game


def schedule(games: int, openings: int) -> list[tuple[int | None, str]]:
    """(opening, A's side) for each game: each opening twice, A as X then as O."""
    return [((i // 2) % openings if openings else None, "X" if i % 2 == 0 else "O") for i in range(games)]


PlayerFactory = Callable[..., Player]
"""``factory(spec, seed=..., grace_ms=...)``: a fresh player for one game."""


@dataclass(frozen=True)
class GameTask:
    """One game to play, as a worker gets it: the players by their specs, made
    there by ``factory`` (a module-level function, or a ``functools.partial`` of
    one, so that it pickles by reference)."""

    index: int
    a_spec: str
    b_spec: str
    config: MatchConfig
    opening: int | None
    a_side: str
    factory: PlayerFactory


def run_task(task: GameTask) -> GameResult:
    """Play one game of a match: what a worker runs. Players are seeded by the
    game's number, so the same game is played again the same way where the
    players allow it (a search limited by nodes, not by time)."""
    config = task.config
    a = task.factory(task.a_spec, seed=task.index, grace_ms=config.grace_ms)
    b = task.factory(task.b_spec, seed=task.index + 10_000, grace_ms=config.grace_ms)
    for player in (a, b):
        if hasattr(player, "threads"):
            player.threads = config.threads
    x, o = (a, b) if task.a_side == "X" else (b, a)
    return play_game(task.index, x, o, config, a_side=task.a_side, opening=task.opening)


def prepare_process(specs: tuple[str, ...], rules: Rules) -> None:
    """A worker's one-off work, once before its first game: the search's kernels
    loaded (compiled on a cold cache) and the greedy level's tables built, when
    an engine level plays. A process keeps them, so later games skip this."""
    if any(spec in LEVELS for spec in specs):
        warm(Engine("strong"), rules)
