"""The match runner: two players, a set of openings, colours swapped, Elo at the end.

A player (``gomoku.match.contestants``) is any player of the registry (an engine
level or a classic player), played in this process, or any program that speaks
the pbrain protocol, given as a command line and started afresh for every game.
Each opening is played twice, once with each player on each side. An illegal move, a crash or a time-out loses
the game, and the result says which. Every game can be saved as PSQ and
native JSON.

>>> round(elo_from_score(0.75))
191
>>> low, high = score_interval(wins=19, losses=0, draws=1)
>>> 0.75 < low < 0.975 < high <= 1.0
True
"""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TextIO

from gomoku.board import Board, BoardError, Point, Rules, Stone, format_point
from gomoku.files import parse_json, read_file
from gomoku.match.contestants import (
    BrainPlayer,
    EnginePlayer,
    MatchError,
    Player,
    PlayerFailure,
    check_command,
    make_player,
    short_name,
    warm,
)
from gomoku.records import GameRecord, format_psq, save_game

__all__ = [
    "BrainPlayer", "EnginePlayer", "GameResult", "MatchConfig", "MatchError", "MatchResult", "Player",
    "PlayerFailure", "check_command", "default_openings_path", "elo_from_score", "format_elo", "format_table",
    "load_openings", "make_player", "play_game", "run_match", "save_game_files", "schedule", "score_interval",
    "short_name", "warm",
]

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "openings"


# -- openings --------------------------------------------------------------------------------------------
def default_openings_path(rules: Rules) -> Path | None:
    """The balanced 20x20 set for freestyle and large boards, the tournament set for 15x15."""
    if rules.dims != 2:
        return None
    if rules.bounds is not None:
        (lx, ly), (hx, hy) = rules.bounds
        if min(hx - lx, hy - ly) + 1 < 20:
            return DATA_DIR / "openings.jsonl"
    return DATA_DIR / "balanced20.json"


def load_openings(path: str | os.PathLike[str], rules: Rules) -> list[list[Point]]:
    """The openings of a file that can be played under ``rules``, in file order.

    A JSON list of openings (each a list of ``[x, y]`` in play order), or JSON
    Lines with a ``move_order`` each (the shared opening files). Openings that
    do not fit the board are left out; duplicates are played once.
    """
    name = os.fspath(path)
    try:
        data = read_file(path, what="an openings file", error=MatchError)
    except MatchError as exc:
        raise MatchError(f"openings {exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MatchError(f"openings {name}: expected UTF-8 text ({exc.reason} at byte {exc.start})") from None
    raw: list[tuple[str, Any]] = []
    stripped = text.lstrip()
    if stripped.startswith("["):
        data = parse_json(text, f"openings {name}", error=MatchError)
        raw = [(f"opening {i + 1}", item) for i, item in enumerate(data)]
    else:
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            item = parse_json(line, f"openings {name}", line=number, error=MatchError)
            moves = item.get("move_order") if isinstance(item, dict) else item
            raw.append((f"line {number}", moves))
    openings: list[list[Point]] = []
    seen: set[tuple[Point, ...]] = set()
    for where, moves in raw:
        if not isinstance(moves, list) or not all(
            isinstance(m, list) and len(m) == 2 and all(isinstance(c, int) and not isinstance(c, bool) for c in m)
            for m in moves
        ):
            raise MatchError(f"openings {name} {where}: expected a list of [x, y] points in play order")
        points = [(m[0], m[1]) for m in moves]
        board = Board(rules)
        try:
            for point in points:
                board.play(point)
        except BoardError:
            continue  # does not fit this board
        if board.is_over or tuple(points) in seen:
            continue
        seen.add(tuple(points))
        openings.append(points)
    return openings


# -- one game --------------------------------------------------------------------------------------------------
@dataclass
class GameResult:
    """How one game went. ``a_side`` is the side player A played."""

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

    @property
    def a_score(self) -> float:
        """1 if A won, 0 if A lost, 0.5 for a draw."""
        if self.result == "draw":
            return 0.5
        return 1.0 if self.result == self.a_side else 0.0


@dataclass
class MatchConfig:
    """Everything about a match but the players."""

    rules: Rules = field(default_factory=lambda: Rules.preset("gomocup20"))
    games: int = 2
    time_per_move_ms: int = 500
    grace_ms: int = 1000
    openings: list[list[Point]] = field(default_factory=list)
    max_moves: int | None = None
    threads: int = 1
    """Threads each player's search may use (``INFO thread_num`` for a brain)."""

    def move_limit(self) -> int | None:
        """Plies after which an endless game is a draw (a bounded board fills up)."""
        if self.max_moves is not None:
            return self.max_moves
        return None if self.rules.bounds is not None else 400


def play_game(index: int, x: Player, o: Player, config: MatchConfig, *, a_side: str = "X",
              opening: int | None = None) -> GameResult:
    """Play one game between ``x`` (first player) and ``o`` from an opening."""
    rules = config.rules
    board = Board(rules)
    opening_moves = config.openings[opening] if opening is not None else []
    for point in opening_moves:
        board.play(point)
    players = {Stone.X: x, Stone.O: o}
    times: list[int] = [0] * len(opening_moves)
    limit = config.move_limit()
    allowed = config.time_per_move_ms + config.grace_ms
    result, reason = "draw", ""
    try:
        for side, player in players.items():
            try:
                player.new_game(rules, config.time_per_move_ms)
            except PlayerFailure as exc:
                result, reason = side.other.name, f"{side.name} ({player.name}) lost: {exc.reason}"
                return _result(index, opening, x, o, a_side, result, reason, board, times, opening_moves)
        while not board.is_over:
            if limit is not None and len(board.move_stack) >= limit:
                reason = f"draw: the move limit ({limit}) was reached"
                break
            side = board.turn
            player = players[side]
            started = time.monotonic()
            try:
                point = player.move(board.copy())
                elapsed = round((time.monotonic() - started) * 1000)
                if elapsed > allowed:
                    raise PlayerFailure(f"time-out: {elapsed} ms for a move, {config.time_per_move_ms} ms allowed")
                try:
                    board.play(tuple(point))
                except BoardError as exc:
                    raise PlayerFailure(f"illegal move {format_point(tuple(point))}: {exc}") from None
            except PlayerFailure as exc:
                result, reason = side.other.name, f"{side.name} ({player.name}) lost: {exc.reason}"
                break
            except Exception as exc:  # a broken player loses its game, not the whole match
                result, reason = side.other.name, f"{side.name} ({player.name}) lost: crash: {type(exc).__name__}: {exc}"
                break
            times.append(elapsed)
        else:
            if board.winner is not None:
                result = board.winner.name
                reason = f"{result} ({players[board.winner].name}) made five"
            else:
                reason = "draw: the board is full"
        return _result(index, opening, x, o, a_side, result, reason, board, times, opening_moves)
    finally:
        for player in players.values():
            player.close()


def _result(index: int, opening: int | None, x: Player, o: Player, a_side: str, result: str, reason: str,
            board: Board, times: list[int], opening_moves: list[Point]) -> GameResult:
    return GameResult(index, opening, x.name, o.name, a_side, result, reason, list(board.move_stack),
                      times, len(opening_moves))


# -- a match ---------------------------------------------------------------------------------------------------------
def elo_from_score(score: float) -> float:
    """The Elo difference that makes ``score`` (0..1) the expected score; +-inf at 1 and 0."""
    if score >= 1:
        return math.inf
    if score <= 0:
        return -math.inf
    return -400 * math.log10(1 / score - 1)


def score_interval(wins: int, losses: int, draws: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (z = 1.96) Wilson interval of the match score, draws as half points.

    Unlike the plain normal interval it does not shrink to nothing at a
    score of 100% or 0%, so a clean sweep still gets a finite lower bound.
    """
    n = wins + losses + draws
    if n == 0:
        return 0.0, 1.0
    p = (wins + draws / 2) / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


FAILURES = ("time-out", "crash", "illegal move", "error")
"""How a player can lose other than to a five: the first words of its reason."""


@dataclass
class MatchResult:
    """The games of a match and its figures, from player A's side."""

    a: str
    b: str
    games: list[GameResult]
    config: MatchConfig

    @property
    def wins(self) -> int:
        return sum(1 for g in self.games if g.a_score == 1)

    @property
    def losses(self) -> int:
        return sum(1 for g in self.games if g.a_score == 0)

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.a_score == 0.5)

    @property
    def score(self) -> float:
        """A's score, 0..1 (NaN before any game)."""
        return sum(g.a_score for g in self.games) / len(self.games) if self.games else math.nan

    @property
    def elo(self) -> float:
        return elo_from_score(self.score) if self.games else math.nan

    @property
    def elo_interval(self) -> tuple[float, float]:
        low, high = score_interval(self.wins, self.losses, self.draws)
        return elo_from_score(low), elo_from_score(high)

    def reasons(self) -> Counter[str]:
        """How the games ended: five, time-out, crash, illegal move, error, draw."""
        counted: Counter[str] = Counter()
        for game in self.games:
            if game.result == "draw":
                counted["draw"] += 1
            elif "made five" in game.reason:
                counted["five"] += 1
            else:
                how = game.reason.split("lost: ", 1)[-1]
                kind = next((k for k in FAILURES if how.startswith(k)), "error")
                counted[kind] += 1
        return counted

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON data (infinite Elo as null)."""
        def finite(value: float) -> float | None:
            return round(value, 1) if math.isfinite(value) else None

        low, high = self.elo_interval
        return {
            "a": self.a, "b": self.b, "games": len(self.games), "wins": self.wins, "losses": self.losses,
            "draws": self.draws, "score": round(self.score, 4) if self.games else None,
            "elo": finite(self.elo), "elo_low": finite(low), "elo_high": finite(high),
            "reasons": dict(self.reasons()),
            "time_per_move_ms": self.config.time_per_move_ms, "rules": self.config.rules.name,
        }


def format_elo(value: float) -> str:
    """An Elo difference with its sign; an even match is ``+0``, never ``-0``.

    >>> format_elo(545.2), format_elo(-1e-13), format_elo(math.inf)
    ('+545', '+0', '+inf')
    """
    if math.isnan(value):
        return "-"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    text = f"{value:+.0f}"
    return "+0" if text == "-0" else text


def format_table(match: MatchResult) -> str:
    """The final table: wins, losses, draws and score of each player, and the Elo difference."""
    rows = [("player", "games", "wins", "losses", "draws", "score")]
    n = len(match.games)
    score = match.score if n else math.nan
    for name, w, l, s in ((match.a, match.wins, match.losses, score), (match.b, match.losses, match.wins, 1 - score)):
        rows.append((name, str(n), str(w), str(l), str(match.draws), "-" if math.isnan(s) else f"{100 * s:.1f}%"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
             for row in rows]
    low, high = match.elo_interval
    lines.append(f"Elo difference ({match.a} - {match.b}): {format_elo(match.elo)}"
                 f"  (95% interval {format_elo(low)} .. {format_elo(high)})")
    reasons = match.reasons()
    if reasons:
        lines.append("Games ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    for game in match.games:
        if "lost:" in game.reason:
            lines.append(f"  game {game.index + 1}: {game.reason}")
    return "\n".join(lines)


class Progress:
    """A progress bar on a terminal, or one line a game on anything else."""

    def __init__(self, stream: TextIO | None, total: int, a: str, b: str) -> None:
        self.stream = stream
        self.total = total
        self.a, self.b = a, b
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self.done = 0
        self.points = 0.0

    def update(self, game: GameResult) -> None:
        if self.stream is None:
            return
        self.done += 1
        self.points += game.a_score
        if self.tty:
            width = 30
            filled = round(width * self.done / max(self.total, 1))
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
                              f"  {self.a} {self.points:g} - {self.done - self.points:g} {self.b} ")
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(f"game {self.done}/{self.total} ({game.x} X, {game.o} O): "
                              f"{game.result}, {game.reason}\n")
        self.stream.flush()


PlayerFactory = Callable[..., Player]


def schedule(games: int, openings: int) -> list[tuple[int | None, str]]:
    """(opening, A's side) for each game: each opening twice, A as X then as O.

    >>> schedule(5, 2)
    [(0, 'X'), (0, 'O'), (1, 'X'), (1, 'O'), (0, 'X')]
    >>> schedule(2, 0)
    [(None, 'X'), (None, 'O')]
    """
    return [((i // 2) % openings if openings else None, "X" if i % 2 == 0 else "O") for i in range(games)]


def _run_one(args: tuple[int, str, str, MatchConfig, int | None, str, PlayerFactory]) -> GameResult:
    index, a_spec, b_spec, config, opening, a_side, factory = args
    a = factory(a_spec, seed=index, grace_ms=config.grace_ms)
    b = factory(b_spec, seed=index + 10_000, grace_ms=config.grace_ms)
    for player in (a, b):
        if hasattr(player, "threads"):
            player.threads = config.threads
    x, o = (a, b) if a_side == "X" else (b, a)
    return play_game(index, x, o, config, a_side=a_side, opening=opening)


def run_match(a_spec: str, b_spec: str, config: MatchConfig, *, jobs: int = 1, out_dir: str | os.PathLike[str] | None = None,
              progress: TextIO | None = None, player_factory: PlayerFactory = make_player) -> MatchResult:
    """Play ``config.games`` games between A and B and return the results.

    ``player_factory(spec, seed=..., grace_ms=...)`` makes a fresh player for
    each game (``make_player`` by default; with ``jobs`` > 1 it must be a
    module-level function, since games run in worker processes). ``out_dir``
    must be a new or empty folder (a match is not resumed): anything in it is
    refused before a game is played.
    """
    if jobs < 1:
        raise MatchError(f"--jobs must be at least 1, not {jobs}")
    if config.games < 1:
        raise MatchError(f"--games must be at least 1, not {config.games}")
    if config.time_per_move_ms < 1:
        raise MatchError(f"--time-per-move must be at least 1 ms, not {config.time_per_move_ms}")
    names = []
    for spec in (a_spec, b_spec):
        player = player_factory(spec, seed=0, grace_ms=config.grace_ms)
        names.append(player.name)
        if isinstance(player, EnginePlayer):
            player.check(config.rules)
        if isinstance(player, BrainPlayer) and (config.rules.bounds is None or config.rules.dims != 2):
            raise MatchError(f"player {spec!r} is a pbrain program: it needs a bounded board "
                             "(--rules gomocup20 or gomocup15)")
    directory = Path(out_dir) if out_dir is not None else None
    if directory is not None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise MatchError(f"--out {directory}: {exc.strerror or exc}") from None
        # Another match's games would be overwritten one by one, and a folder holding
        # games of two matches (or a match and anything else) reads as one: refuse it.
        # A match is not resumed, so no earlier output of its own is ever welcome.
        old = next(directory.glob("game-*"), None)
        if old is not None:
            raise MatchError(f"--out {directory}: it holds the games of another match ({old.name} ...); "
                             "give a new or empty folder")
        try:
            other = next(directory.iterdir(), None)
        except OSError as exc:
            raise MatchError(f"--out {directory}: {exc.strerror or exc}") from None
        if other is not None:
            raise MatchError(f"--out {directory}: the folder is not empty (it holds {other.name!r} ...); "
                             "give a new or empty folder")
    a_name, b_name = names if names[0] != names[1] else (f"{names[0]} (A)", f"{names[1]} (B)")
    bar = Progress(progress, config.games, a_name, b_name)
    tasks = [(i, a_spec, b_spec, config, opening, side, player_factory)
             for i, (opening, side) in enumerate(schedule(config.games, len(config.openings)))]
    results: list[GameResult] = []

    def finish(game: GameResult) -> None:
        results.append(game)
        if directory is not None:
            save_game_files(game, config, directory)
        bar.update(game)

    if jobs == 1:
        for task in tasks:
            finish(_run_one(task))
    else:
        # Worker processes, not threads: each game gets a core of its own.
        context = multiprocessing.get_context("spawn")
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context)
        try:
            futures = [pool.submit(_run_one, task) for task in tasks]
            for future in concurrent.futures.as_completed(futures):
                finish(future.result())
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    results.sort(key=lambda g: g.index)
    return MatchResult(a_name, b_name, results, config)


def save_game_files(game: GameResult, config: MatchConfig, directory: Path) -> list[Path]:
    """Write ``game-NNN.json`` (native) and, for a flat game without gravity,
    ``game-NNN.psq`` into ``directory`` (PSQ holds only those)."""
    metadata = {
        "x": game.x, "o": game.o, "reason": game.reason, "game": game.index + 1,
        "opening": None if game.opening is None else game.opening + 1, "opening_moves": game.opening_moves,
        "time_per_move_ms": config.time_per_move_ms, "times_ms": game.times_ms,
    }
    record = GameRecord(config.rules, list(game.moves), game.result, metadata)
    stem = directory / f"game-{game.index + 1:03d}"
    save_game(record, stem.with_suffix(".json"))
    if config.rules.dims != 2 or getattr(config.rules, "gravity", False):
        return [stem.with_suffix(".json")]
    psq = format_psq(record, game.times_ms).splitlines()
    # Piskvork's trailer after the moves: the two players' names, then a result code.
    psq[-1:-1] = [game.x, game.o, "-1"]
    paths = [stem.with_suffix(".json"), stem.with_suffix(".psq")]
    paths[1].write_text("\n".join(psq) + "\n", encoding="utf-8")
    return paths
