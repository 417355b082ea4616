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

import hashlib
import importlib
import json
import math
import os
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from gomoku.board import Board, BoardError, Point, Rules
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
from gomoku.match.folder import match_settings, prepare_folder, save_game_files
from gomoku.match.games import GameResult, GameTask, MatchConfig, PlayerFactory, play_game, schedule
from gomoku.match.pool import Games, Here, Processes
from gomoku.match.sprt import Sprt, SprtRun

__all__ = [
    "BrainPlayer",
    "ClockUse",
    "EnginePlayer",
    "GameResult",
    "GameTask",
    "LONG_GAME",
    "MatchConfig",
    "MatchError",
    "MatchResult",
    "Player",
    "clock_use",
    "PlayerFailure",
    "Progress",
    "Sprt",
    "SprtRun",
    "check_command",
    "default_openings_path",
    "elo_from_score",
    "format_elo",
    "format_table",
    "load_openings",
    "make_player",
    "match_settings",
    "open_games",
    "play_game",
    "run_match",
    "save_game_files",
    "schedule",
    "score_interval",
    "short_name",
    "warm",
]

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "openings"


# -- openings --------------------------------------------------------------------------------------------
def default_openings_path(rules: Rules) -> Path | None:
    """The balanced 20x20 set for freestyle and large boards, the tournament set for 15x15,
    and for renju on 15x15 the balanced renju set (``renju-balanced.json``: four-stone
    positions of the 26 renju openings near 50% for black)."""
    if rules.dims != 2:
        return None
    if rules.bounds is not None:
        (lx, ly), (hx, hy) = rules.bounds
        if rules.renju and (hx - lx, hy - ly) == (14, 14):
            return DATA_DIR / "renju-balanced.json"
        if min(hx - lx, hy - ly) + 1 < 20:
            return DATA_DIR / "openings.jsonl"
    return DATA_DIR / "balanced20.json"


def load_openings(path: str | os.PathLike[str], rules: Rules) -> list[list[Point]]:
    """The openings of a file that can be played under ``rules``, in file order.

    A JSON list of openings (each a list of ``[x, y]`` in play order, or an object
    with such a list as its ``move_order``: the renju sets), or JSON Lines with a
    ``move_order`` each (the shared opening files). Openings that do not fit the
    board are left out; duplicates are played once.
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
        raw = [
            (f"opening {i + 1}", item.get("move_order") if isinstance(item, dict) else item)
            for i, item in enumerate(data)
        ]
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
        points: list[Point] = [(m[0], m[1]) for m in moves]
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

LONG_GAME = 40
"""Games of this many moves or more (the opening's stones included) are the long
ones of a game clock's figures: those in which a side has moves enough to spend its clock."""


@dataclass(frozen=True)
class ClockUse:
    """How one player spent its game clock over a match: the mean share of the
    clock used, over all games and over the long ones (``LONG_GAME`` moves or
    more; NaN if none), the least time left at the end of a game (ms, below 0
    after a time-out), and the games it lost on time."""

    share: float
    long_share: float
    long_games: int
    least_left_ms: int
    timeouts: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "share": round(self.share, 4),
            "long_share": None if math.isnan(self.long_share) else round(self.long_share, 4),
            "long_games": self.long_games,
            "least_left_ms": self.least_left_ms,
            "timeouts": self.timeouts,
        }


def clock_use(games: list[GameResult], game_ms: int, a: bool) -> ClockUse | None:
    """Player A's (``a``) or B's use of a ``game_ms`` game clock over ``games``; None without one.

    A side's time is the game clock less what it had left at the end (``GameResult.left_ms``),
    or, for a game saved without it, the sum of its moves' times.

    >>> game = GameResult(0, None, "a", "b", "X", "X", "X (a) made five", [(0, 0)] * 40, [1000, 500] * 20)
    >>> use = clock_use([game], 60000, a=True)
    >>> round(use.share, 3), round(use.long_share, 3), use.least_left_ms, use.timeouts
    (0.333, 0.333, 40000, 0)
    """
    if game_ms <= 0 or not games:
        return None
    shares, long_shares, lefts, timeouts = [], [], [], 0
    for game in games:
        side = game.a_side if a else ("O" if game.a_side == "X" else "X")
        if game.left_ms is not None and side in game.left_ms:
            left = game.left_ms[side]
        else:
            first = 0 if side == "X" else 1
            left = game_ms - sum(game.times_ms[first::2])
        shares.append((game_ms - left) / game_ms)
        lefts.append(left)
        if len(game.moves) >= LONG_GAME:
            long_shares.append(shares[-1])
        if game.reason.startswith(f"{side} (") and "lost: time-out" in game.reason:
            timeouts += 1
    long_share = sum(long_shares) / len(long_shares) if long_shares else math.nan
    return ClockUse(sum(shares) / len(shares), long_share, len(long_shares), min(lefts), timeouts)


@dataclass
class MatchResult:
    """The games of a match and its figures, from player A's side."""

    a: str
    b: str
    games: list[GameResult]
    config: MatchConfig
    sprt: SprtRun | None = None
    """The sequential test the match ran (``--sprt``), its pentanomial and decision."""

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

    def clock(self, a: bool) -> ClockUse | None:
        """How player A (``a``) or B spent the game clock; None without one."""
        return clock_use(self.games, self.config.time_per_game_ms, a)

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON data (infinite Elo as null)."""

        def finite(value: float) -> float | None:
            return round(value, 1) if math.isfinite(value) else None

        low, high = self.elo_interval
        clock: dict[str, Any] = {}
        use_a, use_b = self.clock(True), self.clock(False)  # None without a game clock
        if use_a is not None and use_b is not None:
            clock = {
                "time_per_game_ms": self.config.time_per_game_ms,
                "clock": {"a": use_a.to_dict(), "b": use_b.to_dict()},
            }
        return {
            "a": self.a,
            "b": self.b,
            "games": len(self.games),
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": round(self.score, 4) if self.games else None,
            "elo": finite(self.elo),
            "elo_low": finite(low),
            "elo_high": finite(high),
            "reasons": dict(self.reasons()),
            "time_per_move_ms": self.config.time_per_move_ms,
            "rules": self.config.rules.name,
            **clock,
            **({"sprt": self.sprt.to_dict()} if self.sprt is not None else {}),
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
    for name, won, lost, s in (
        (match.a, match.wins, match.losses, score),
        (match.b, match.losses, match.wins, 1 - score),
    ):
        rows.append((name, str(n), str(won), str(lost), str(match.draws), "-" if math.isnan(s) else f"{100 * s:.1f}%"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
        for row in rows
    ]
    low, high = match.elo_interval
    lines.append(
        f"Elo difference ({match.a} - {match.b}): {format_elo(match.elo)}"
        f"  (95% interval {format_elo(low)} .. {format_elo(high)})"
    )
    if match.sprt is not None:
        lines.extend(match.sprt.summary(match.a, match.b, match.config.games))
    reasons = match.reasons()
    if reasons:
        lines.append("Games ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    for game in match.games:
        if "lost:" in game.reason:
            lines.append(f"  game {game.index + 1}: {game.reason}")
    game_ms = match.config.time_per_game_ms
    if game_ms > 0 and match.games:
        lines.append(
            f"Game clock {game_ms / 1000:g} s (share used on average, in games of {LONG_GAME}+ moves; "
            "least left; time-outs):"
        )
        for name, a in ((match.a, True), (match.b, False)):
            use = match.clock(a)
            assert use is not None
            long = "-" if math.isnan(use.long_share) else f"{100 * use.long_share:.0f}% of {use.long_games}"
            lines.append(f"  {name}: {100 * use.share:.0f}%, {long}; {use.least_left_ms / 1000:.1f} s; {use.timeouts}")
    return "\n".join(lines)


class Progress:
    """A progress bar on a terminal, or one line a game on anything else; with a
    sequential test (``sprt``, whose games the runner adds), its LLR and bounds too."""

    def __init__(self, stream: TextIO | None, total: int, a: str, b: str, sprt: SprtRun | None = None) -> None:
        self.stream = stream
        self.total = total
        self.a, self.b = a, b
        self.sprt = sprt
        self.tty = bool(stream is not None and getattr(stream, "isatty", lambda: False)())
        self.done = 0
        self.points = 0.0

    def resume(self, games: list[GameResult], where: Path | None) -> None:
        """Count the games a resumed match played before: the bar starts from them."""
        if not games:
            return
        self.done = len(games)
        self.points = sum(game.a_score for game in games)
        if self.stream is None:
            return
        if self.tty:
            self._draw()
        else:
            self.stream.write(
                f"resumed: {self.done} of {self.total} games were played before, in {where}/{self._llr(';')}\n"
            )
        self.stream.flush()

    def update(self, game: GameResult) -> None:
        if self.stream is None:
            return
        self.done += 1
        self.points += game.a_score
        if self.tty:
            self._draw()
        else:
            what = f"({game.x} X, {game.o} O): {game.result}, {game.reason}"
            self.stream.write(f"game {self.done}/{self.total} {what}{self._llr(';')}\n")
        self.stream.flush()

    def _draw(self) -> None:
        assert self.stream is not None
        width = 30
        filled = round(width * self.done / max(self.total, 1))
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f"  {self.a} {self.points:g} - {self.done - self.points:g} {self.b}{self._llr(' ')} "
        )
        if self.done == self.total or (self.sprt is not None and self.sprt.decision is not None):
            self.stream.write("\n")

    def _llr(self, separator: str) -> str:
        """The test's LLR and bounds after ``separator`` (``; LLR 1.23 (-2.94, 2.94)``); nothing without one."""
        return "" if self.sprt is None else f"{separator} {self.sprt.progress()}"


def open_games(jobs: int, cluster: str | None, specs: tuple[str, ...], rules: Rules, match: str) -> Games:
    """Where the games are played: on the Dask cluster at ``cluster`` when one is
    given, else in ``jobs`` local processes (or in this process for one job).
    Dask is imported only here, only for a cluster: a local match needs none."""
    if cluster is None:
        return Here() if jobs == 1 else Processes(jobs, specs, rules)
    try:
        module = importlib.import_module("gomoku.match.cluster")
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in ("dask", "distributed"):
            raise
        raise MatchError(
            "--cluster needs Dask, an optional extra: pip install 'endless-gomoku[cluster]'"
            f" (no module named {exc.name!r})"
        ) from None
    games: Games = module.Cluster(cluster, specs=specs, rules=rules, match=match)
    return games


def run_match(
    a_spec: str,
    b_spec: str,
    config: MatchConfig,
    *,
    jobs: int = 1,
    out_dir: str | os.PathLike[str] | None = None,
    progress: TextIO | None = None,
    player_factory: PlayerFactory = make_player,
    cluster: str | None = None,
    resume: bool = False,
    settings: Mapping[str, Any] | None = None,
    sprt: Sprt | None = None,
) -> MatchResult:
    """Play ``config.games`` games between A and B and return the results.

    ``player_factory(spec, seed=..., grace_ms=...)`` makes a fresh player for
    each game (``make_player`` by default; with ``jobs`` > 1 or a cluster it
    must be a module-level function, or a ``functools.partial`` of one, since
    games run in other processes). The games run here (one job), in ``jobs``
    local processes, or on the Dask cluster whose scheduler is at ``cluster``;
    whichever it is, each game's result comes back here and is written here,
    once, in ``out_dir`` (with the match's settings, and ``settings``, the
    caller's own).

    ``out_dir`` must be a new or empty folder, unless ``resume``: then the
    games it holds of this same match (the same settings) are read back and
    counted, and only the others are played.

    With ``sprt`` the match is a sequential test (``gomoku.match.sprt``) and
    ``config.games`` its most games: once a pair of games takes the LLR past a
    bound, no other game is begun, and the games being played are let go as an
    interrupt lets them go (the local workers ended, the cluster's tasks
    cancelled); a resumed match's test starts from the games in the folder.
    """
    if jobs < 1:
        raise MatchError(f"--jobs must be at least 1, not {jobs}")
    if cluster is not None and jobs != 1:
        raise MatchError(
            f"--jobs {jobs} and --cluster: a cluster plays as many games at once as its workers "
            "have threads; give one or the other"
        )
    if config.games < 1:
        raise MatchError(f"--games must be at least 1, not {config.games}")
    if config.time_per_move_ms < 1:
        raise MatchError(f"--time-per-move must be at least 1 ms, not {config.time_per_move_ms}")
    if resume and out_dir is None:
        raise MatchError("--resume needs --out: the folder of the match to finish")
    names = []
    for spec in (a_spec, b_spec):
        player = player_factory(spec, seed=0, grace_ms=config.grace_ms)
        names.append(player.name)
        if isinstance(player, EnginePlayer):
            player.check(config.rules)
        if isinstance(player, BrainPlayer) and (config.rules.bounds is None or config.rules.dims != 2):
            raise MatchError(
                f"player {spec!r} is a pbrain program: it needs a bounded board (--rules gomocup20 or gomocup15)"
            )
    fingerprint = match_settings(a_spec, b_spec, config, settings)
    directory = Path(out_dir) if out_dir is not None else None
    done = prepare_folder(directory, resume=resume, settings=fingerprint, games=config.games) if directory else []
    a_name, b_name = names if names[0] != names[1] else (f"{names[0]} (A)", f"{names[1]} (B)")
    test = SprtRun(sprt) if sprt is not None else None
    for game in done:
        if test is not None:
            test.add(game)
    bar = Progress(progress, config.games, a_name, b_name, test)
    bar.resume(done, directory)
    results = {game.index: game for game in done}
    tasks = [
        GameTask(i, a_spec, b_spec, config, opening, side, player_factory)
        for i, (opening, side) in enumerate(schedule(config.games, len(config.openings)))
        if i not in results
    ]
    if test is not None and test.decision is not None:
        tasks = []  # the folder's games decided the test already
    # The cluster's name for this run: its settings and folder, and a nonce, since a key that
    # an interrupted run cancelled can linger on the scheduler as cancelled for a while.
    where = json.dumps([fingerprint, str(directory.resolve()) if directory else ""])
    match = f"{hashlib.sha256(where.encode()).hexdigest()[:8]}-{os.urandom(3).hex()}"
    try:
        if tasks:
            with open_games(jobs, cluster, (a_spec, b_spec), config.rules, match) as games:
                played = games.play(tasks)
                for game in played:
                    if game.index in results:
                        continue  # a game counts once, however often a worker sends it
                    results[game.index] = game
                    if directory is not None:
                        save_game_files(game, config, directory, fingerprint)
                    if test is not None:
                        test.add(game)
                    bar.update(game)
                    if test is not None and test.decision is not None:
                        _let_go(played)
                        break
    except MatchError as exc:
        if directory is None or len(results) == len(done):
            raise
        raise MatchError(f"{exc}; {_saved(results, config, directory)}") from None
    except KeyboardInterrupt:
        if directory is not None and progress is not None:
            progress.write(f"\ngomoku: {_saved(results, config, directory)}\n")
            progress.flush()
        raise
    return MatchResult(a_name, b_name, [results[i] for i in sorted(results)], config, test)


def _let_go(played: Iterator[GameResult]) -> None:
    """Stop a ``Games.play`` before its end, at once: closed, the local pool's
    generator ends its workers (its games not begun go with them), and the
    cluster, on leaving, cancels the tasks it holds."""
    close = getattr(played, "close", None)
    if close is not None:
        close()


def _saved(results: Mapping[int, GameResult], config: MatchConfig, directory: Path) -> str:
    return (
        f"{len(results)} of {config.games} games are saved in {directory}/: "
        "the same command with --resume plays the rest"
    )
